use quickcheck::{Arbitrary, property};

#[property(crate = 5)]
fn not_a_string(byte: u8) -> bool {
    byte <= 255
}

#[property(crate = "not a path")]
fn not_a_path(byte: u8) -> bool {
    byte <= 255
}

#[derive(Arbitrary, Debug)]
#[arbitrary(bound = "T: Clone")]
struct UnknownOption {
    byte: u8,
}

fn main() {}
