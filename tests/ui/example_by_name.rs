use quickcheck::property;

#[property]
#[example(a = 1, b = 2)]
fn addition_commutes(a: u32, b: u32) -> bool {
    a.wrapping_add(b) == b.wrapping_add(a)
}

fn main() {}
