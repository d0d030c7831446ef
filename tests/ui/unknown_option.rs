use quickcheck::property;

#[property(iterations = 500)]
fn bytes_are_small(byte: u8) -> bool {
    byte <= 255
}

fn main() {}
