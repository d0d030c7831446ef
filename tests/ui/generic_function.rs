use quickcheck::property;

#[property]
fn clones_are_equal<T: Clone + PartialEq>(value: T) -> bool {
    value.clone() == value
}

fn main() {}
