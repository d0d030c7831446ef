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
fn returns_a_quickcheck_1_test_result(n: u8) -> quickcheck::TestResult {
    n < 200
}

type TestResult = Result<(), String>;

// An alias of the user's own with the trait's name is a type like any other.
#[property]
fn returns_an_alias_named_test_result(n: u8) -> TestResult {
    if n < 200 { Ok(()) } else { Err(format!("{n}")) }
}

#[property]
fn returns_an_opaque_type(n: u8) -> impl std::fmt::Debug {
    n < 200
}

#[property]
fn returns_an_opaque_error(n: u8) -> Result<(), impl std::fmt::Debug> {
    if n < 200 { Ok(()) } else { Err(n) }
}

#[property]
fn never_returns(n: u8) -> ! {
    panic!("{n}")
}

fn main() {}
