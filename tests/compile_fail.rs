//! Mistakes in using `#[property]` and `#[derive(Arbitrary)]` are compile
//! errors at the right place, with a message that says how to fix them.

#[test]
fn mistakes_are_compile_errors() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
