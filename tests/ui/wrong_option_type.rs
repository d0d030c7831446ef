use quickcheck::property;

#[property(runs = "many")]
fn bytes_are_small(byte: u8) -> bool {
    byte <= 255
}

#[property(replay = 17)]
fn bytes_are_still_small(byte: u8) -> bool {
    byte <= 255
}

fn main() {}
