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

#[property(phases = 3)]
fn phases_take_a_value(byte: u8) -> bool {
    byte <= 255
}

#[property(database = 5)]
fn the_database_takes_a_string(byte: u8) -> bool {
    byte <= 255
}

fn main() {}
