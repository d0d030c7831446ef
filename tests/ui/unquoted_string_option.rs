use quickcheck::property;

#[property(database = off)]
fn the_database_is_a_string(byte: u8) -> bool {
    byte <= 255
}

#[property(name = parser_round_trip)]
fn the_name_is_a_string(byte: u8) -> bool {
    byte <= 255
}

// A constant holding the string is no mistake.
const DATABASE: &str = "off";

#[property(database = DATABASE)]
fn a_constant_is_taken(byte: u8) -> bool {
    byte <= 255
}

fn main() {}
