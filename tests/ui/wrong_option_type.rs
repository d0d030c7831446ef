use quickcheck::property;

#[property(runs = "many")]
fn bytes_are_small(byte: u8) -> bool {
    byte <= 255
}

#[property(replay = 17)]
fn bytes_are_still_small(byte: u8) -> bool {
    byte <= 255
}


#[property(multiple_failures = "no")]
fn flags_take_booleans(byte: u8) -> bool {
    byte <= 255
}

#[property(suppress = 3)]
fn suppress_takes_a_list(byte: u8) -> bool {
    byte <= 255
}

fn main() {}
