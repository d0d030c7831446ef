use quickcheck::property;

#[property(iterations = 500)]
fn bytes_are_small(byte: u8) -> bool {
    byte <= 255
}

#[property(run = 500)]
fn a_typo_is_pointed_to_its_option(byte: u8) -> bool {
    byte <= 255
}

#[property(timeout = 500)]
fn another_librarys_name_is_pointed_to_its_option(byte: u8) -> bool {
    byte <= 255
}

fn main() {}
