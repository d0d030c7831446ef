use quickcheck::property;

#[property]
fn returns_an_option(n: u8) -> Option<()> {
    (n < 200).then_some(())
}

#[property]
#[example(1u16)]
fn example_of_another_type(n: u8) -> bool {
    n < 200
}

#[property]
#[example(Default::default())]
fn example_of_an_inferred_type(list: Vec<u8>) -> bool {
    list.len() < 10
}

fn main() {}
