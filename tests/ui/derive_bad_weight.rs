use quickcheck::Arbitrary;

#[derive(Arbitrary, Debug)]
enum Coin {
    #[weight("heavy")]
    Heads,
    Tails,
}

#[derive(Arbitrary, Debug)]
enum NeverDrawn {
    #[weight(0)]
    Heads,
    #[weight(0)]
    Tails,
}

#[derive(Arbitrary, Debug)]
enum NeverEnds {
    #[weight(0)]
    Leaf,
    Node(Box<NeverEnds>),
}

#[derive(Arbitrary, Debug)]
enum NeverEmptied {
    #[weight(0)]
    Many(Vec<NeverEmptied>),
    Pair(Box<NeverEmptied>, Box<NeverEmptied>),
}

fn main() {}
