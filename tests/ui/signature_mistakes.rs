use quickcheck::property;

#[property]
fn borrows<'a>(text: &'a str) -> bool {
    text.len() < 10
}

#[property]
fn borrows_without_a_lifetime(text: &str, bytes: &[u8]) -> bool {
    text.len() < bytes.len()
}

#[property]
unsafe fn unsafe_property(n: u8) -> bool {
    n < 200
}

#[property]
const fn const_property(n: u8) -> bool {
    n < 200
}

#[property]
extern "C" fn foreign_property(n: u8) -> bool {
    n < 200
}

#[property]
fn opaque_parameter(f: impl Fn(u8) -> u8) -> bool {
    f(1) == 1
}

fn main() {}
