use quickcheck::{generate, property};

#[property]
fn dice_are_small(#[generator(generate::string())] die: u8) -> bool {
    die <= 6
}

fn main() {}
