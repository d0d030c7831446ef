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
#[example("200")]
fn example_of_a_string_for_a_number(n: u8) -> bool {
    n < 200
}

#[property]
fn returns_a_quickcheck_1_test_result(n: u8) -> TestResult {
    n < 200
}

fn main() {}
