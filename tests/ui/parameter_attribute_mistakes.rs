use quickcheck::property;

// A lint about the parameter goes on the function.
#[property]
fn ignores_its_input(#[allow(unused_variables)] n: u8) {}

#[property]
fn configured_away(#[cfg(test)] n: u8) -> bool {
    n < 10
}

#[property]
fn drawn_twice(
    #[generator(quickcheck::generate::between(0, 9))]
    #[generator(quickcheck::generate::between(1, 6))]
    n: u8,
) -> bool {
    n < 10
}

fn main() {}
