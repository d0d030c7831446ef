use quickcheck::Arbitrary;

#[derive(Arbitrary, Debug)]
enum Endless {
    Wrap(Box<Endless>),
    Pair(Box<Endless>, Box<Self>),
}

fn main() {}
