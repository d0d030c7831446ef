use quickcheck::property;

#[property]
fn clones_are_equal<T: Clone + PartialEq>(value: T) -> bool {
    value.clone() == value
}

#[property]
fn bounded_by_a_where_clause_alone(value: u8) -> bool
where
    u8: Clone,
{
    value.clone() == value
}

fn main() {}
