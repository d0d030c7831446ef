use quickcheck::Arbitrary;

/// A list with a head and a tail of itself in a type with no empty value.
#[derive(Arbitrary, Debug)]
struct Endless {
    head: u8,
    tail: Box<Endless>,
}

fn main() {}
