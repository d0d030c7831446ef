use quickcheck::property;

// A range, as proptest takes it, is no generator here.
#[property]
fn dice_are_small(#[generator(1..7)] die: u8) -> bool {
    die <= 6
}

fn main() {}
