use quickcheck::Arbitrary;

#[derive(Arbitrary, Debug)]
struct TwoGenerators {
    #[generator(quickcheck::generate::between(0, 9))]
    #[generator(quickcheck::generate::between(10, 19))]
    digit: u8,
}

#[derive(Arbitrary, Debug)]
struct NotAnExpression {
    #[generator(1 +)]
    digit: u8,
}

#[derive(Arbitrary, Debug)]
#[generator(quickcheck::generate::constant(OnTheType))]
struct OnTheType;

fn main() {}
