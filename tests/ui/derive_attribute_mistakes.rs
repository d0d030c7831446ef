use quickcheck::Arbitrary;

#[derive(Arbitrary, Debug)]
enum TwiceWeighted {
    #[weight(2)]
    #[weight(3)]
    Heads,
    Tails,
}

#[derive(Arbitrary, Debug)]
#[weight(2)]
enum WeightedWhole {
    Heads,
    Tails,
}

#[derive(Arbitrary, Debug)]
struct Borrowing<'a> {
    text: std::borrow::Cow<'a, str>,
}

#[derive(Arbitrary, Debug)]
struct OptionsOnAField {
    #[arbitrary(crate = "quickcheck")]
    count: u8,
}

#[derive(Arbitrary, Debug)]
enum OptionsOnAVariant {
    #[arbitrary(crate = "quickcheck")]
    Only,
}

#[derive(Arbitrary, Debug)]
#[arbitrary(crate = "quickcheck", crate = "quickcheck")]
struct CrateTwice(u8);

fn main() {}
