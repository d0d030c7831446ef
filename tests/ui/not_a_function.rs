use quickcheck::{example, property};

#[property]
struct Settings {
    runs: u32,
}

#[property(runs = 10)]
const LIMIT: u8 = 3;

#[example(1)]
static COUNT: u8 = 0;

fn main() {}
