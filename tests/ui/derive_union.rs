use quickcheck::Arbitrary;

#[derive(Arbitrary)]
union Bits {
    whole: u32,
    halves: [u16; 2],
}

fn main() {}
