use quickcheck::Arbitrary;

#[derive(Arbitrary, Debug)]
enum Coin {
    #[weight("heavy")]
    Heads,
    Tails,
}

fn main() {}
