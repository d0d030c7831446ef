use quickcheck::{Generator, generate, property};

#[property]
fn below_its_bound(bound: u8, #[generator(generate::between(0, bound))] value: u8) -> bool {
    value <= bound
}

// A closure's own `bound`, and a function named like a parameter, are no
// parameter's value: these compile.
fn small() -> quickcheck::generate::Integer<u8> {
    generate::between(0, 9)
}

#[property]
fn halves_are_smaller(
    bound: u8,
    #[generator(generate::integer::<u8>().map(|bound| bound / 2))] half: u8,
    #[generator(small())] small: u8,
) -> bool {
    half <= 127 && small <= 9 && bound == bound
}

fn main() {}
