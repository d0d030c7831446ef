//! The oracles as a user writes them: each passes on a correct pair of
//! functions and, on a seeded bug, fails with a report that shows the
//! minimal input and both sides of the mismatch.

use quickcheck::oracles::{self, Mismatch};
use quickcheck::{Generator, Options, Property, arbitrary, generate, property};

mod support;
use support::report_of;

fn notes(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|&(label, value)| (label.to_owned(), value.to_owned())).collect()
}

// Differential testing: a sort against the standard library's.

fn std_sort(list: &[u8]) -> Vec<u8> {
    let mut sorted = list.to_vec();
    sorted.sort();
    sorted
}

fn insertion_sort(list: &[u8]) -> Vec<u8> {
    let mut sorted: Vec<u8> = Vec::with_capacity(list.len());
    for &item in list {
        let at = sorted.partition_point(|&existing| existing <= item);
        sorted.insert(at, item);
    }
    sorted
}

/// The seeded bug: it sorts into a set, which drops duplicates.
fn set_sort(list: &[u8]) -> Vec<u8> {
    list.iter().copied().collect::<std::collections::BTreeSet<u8>>().into_iter().collect()
}

#[test]
fn equivalent_passes_on_two_correct_sorts() {
    Property::for_all(arbitrary::<Vec<u8>>(), oracles::equivalent(std_sort, insertion_sort)).assert(Options::default());
}

#[test]
fn equivalent_finds_a_sort_that_drops_duplicates() {
    let result = Property::for_all(arbitrary::<Vec<u8>>(), oracles::equivalent(std_sort, set_sort))
        .check(Options::default().seed(1));
    // Two equal elements are the least a set loses something on.
    assert_eq!(result.minimal().unwrap().value(), &vec![0, 0], "{result}");
    assert_eq!(result.notes(), notes(&[("input", "[0, 0]"), ("reference", "[0, 0]"), ("candidate", "[0]")]));
    let report = result.to_string();
    assert!(
        report.contains(
            "Failure: the property returned Err(equivalent: the candidate returned [0], the reference [0, 0])"
        ),
        "{report}"
    );
}

// Round trips: an encoder that writes bytes as a C string would.

/// Length-prefixed: every byte survives.
fn encode_with_length(bytes: &[u8]) -> Vec<u8> {
    let mut encoded = (bytes.len() as u32).to_le_bytes().to_vec();
    encoded.extend(bytes);
    encoded
}

fn decode_with_length(encoded: &[u8]) -> Vec<u8> {
    encoded[4..].to_vec()
}

/// The seeded bug: trailing zeros are taken for padding and dropped.
fn encode_trimmed(bytes: &[u8]) -> Vec<u8> {
    let end = bytes.iter().rposition(|&byte| byte != 0).map_or(0, |last| last + 1);
    bytes[..end].to_vec()
}

fn decode_trimmed(encoded: &[u8]) -> Vec<u8> {
    encoded.to_vec()
}

#[test]
fn round_trip_passes_on_a_length_prefixed_encoding() {
    Property::for_all(arbitrary::<Vec<u8>>(), oracles::round_trip(encode_with_length, decode_with_length))
        .assert(Options::default());
}

#[test]
fn round_trip_finds_an_encoder_that_loses_a_trailing_zero() {
    let result = Property::for_all(arbitrary::<Vec<u8>>(), oracles::round_trip(encode_trimmed, decode_trimmed))
        .check(Options::default().seed(1));
    // A single zero is the smallest input with a trailing zero to lose.
    assert_eq!(result.minimal().unwrap().value(), &vec![0], "{result}");
    assert_eq!(result.notes(), notes(&[("input", "[0]"), ("encoded", "[]"), ("decoded", "[]")]));
    assert!(result.to_string().contains("round_trip: [0] was encoded as [] and decoded as []"), "{result}");
}

// Fallible round trips: numbers through text.

fn to_hex(n: &u32) -> Result<String, std::fmt::Error> {
    Ok(format!("{n:x}"))
}

fn from_hex(text: &str) -> Result<u32, std::num::ParseIntError> {
    u32::from_str_radix(text, 16)
}

/// The seeded bug: it reads hexadecimal digits as decimal ones.
fn from_decimal(text: &str) -> Result<u32, std::num::ParseIntError> {
    text.parse()
}

#[test]
fn round_trip_fallible_passes_on_hexadecimal() {
    Property::for_all(arbitrary::<u32>(), oracles::round_trip_fallible(to_hex, from_hex)).assert(Options::default());
}

#[test]
fn round_trip_fallible_reports_a_decoding_error_as_the_failure() {
    let result = Property::for_all(arbitrary::<u32>(), oracles::round_trip_fallible(to_hex, from_decimal))
        .check(Options::default().seed(1));
    // 10 is the smallest number whose hexadecimal form ("a") is not a
    // decimal one; below it the two agree.
    assert_eq!(result.minimal().unwrap().value(), &10, "{result}");
    assert_eq!(
        result.notes(),
        notes(&[("input", "10"), ("encoded", "\"a\""), ("decoding error", "ParseIntError { kind: InvalidDigit }")])
    );
    let failure = result.failure().unwrap();
    assert_eq!(failure.kind(), quickcheck::FailureKind::ReturnedError);
    assert_eq!(failure.message(), "round_trip: decoding \"a\" failed: ParseIntError { kind: InvalidDigit }");
}

// Idempotence: normalising whitespace.

fn spaces_and_letters() -> impl Generator<Value = String> {
    generate::string_of(generate::elements([' ', 'a']))
}

fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The seeded bug: one pass of replacing double spaces leaves some behind.
fn replace_double_spaces(text: &str) -> String {
    text.replace("  ", " ")
}

#[test]
fn idempotent_passes_on_a_normaliser() {
    Property::for_all(spaces_and_letters(), oracles::idempotent(collapse_whitespace)).assert(Options::default());
}

#[test]
fn idempotent_finds_a_normaliser_that_needs_a_second_pass() {
    let result = Property::for_all(spaces_and_letters(), oracles::idempotent(replace_double_spaces))
        .check(Options::default().seed(1));
    // Three spaces are the shortest text one pass leaves a double space in.
    assert_eq!(result.minimal().unwrap().value(), "   ", "{result}");
    assert_eq!(result.notes(), notes(&[("input", "\"   \""), ("once", "\"  \""), ("twice", "\" \"")]));
}

// Metamorphic relations: the largest element of a list.

fn largest(list: &[u8]) -> Option<u8> {
    list.iter().copied().max()
}

#[test]
fn metamorphic_passes_when_the_relation_holds() {
    // Appending a zero never changes a largest element that exists.
    Property::for_all(
        arbitrary::<Vec<u8>>(),
        oracles::metamorphic(
            largest,
            |list: &[u8]| [list, &[0]].concat(),
            |before, after| before.is_none() || before == after,
        ),
    )
    .assert(Options::default());
}

#[test]
fn metamorphic_finds_where_the_relation_fails() {
    // The seeded bug is in the relation: an empty list has no largest element.
    let result = Property::for_all(
        arbitrary::<Vec<u8>>(),
        oracles::metamorphic(largest, |list: &[u8]| [list, &[0]].concat(), |before, after| before == after),
    )
    .check(Options::default().seed(1));
    assert_eq!(result.minimal().unwrap().value(), &Vec::<u8>::new(), "{result}");
    assert_eq!(
        result.notes(),
        notes(&[("input", "[]"), ("transformed", "[0]"), ("output", "None"), ("transformed output", "Some(0)")])
    );
}

// Inside `#[property]` functions: the check_ forms, returned or unwrapped.

#[property]
fn insertion_sort_agrees_with_std(list: Vec<u8>) -> Result<(), Mismatch> {
    oracles::check_equivalent(&list, std_sort, insertion_sort)
}

#[property]
fn a_body_can_check_several_oracles(list: Vec<u8>) {
    oracles::check_idempotent(&list, insertion_sort).unwrap();
    oracles::check_round_trip(&list, encode_with_length, decode_with_length).unwrap();
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn set_sort_agrees_with_std(list: Vec<u8>) -> Result<(), Mismatch> {
    oracles::check_equivalent(&list, std_sort, set_sort)
}

#[test]
fn a_property_function_reports_the_mismatch_and_its_notes() {
    let report = report_of(set_sort_agrees_with_std);
    assert!(report.contains("    list = [0, 0]\n"), "{report}");
    assert!(report.contains("the property returned Err(equivalent: the candidate returned [0], the reference [0, 0])"));
    assert!(report.contains("  Notes:\n    input: [0, 0]\n    reference: [0, 0]\n    candidate: [0]"), "{report}");
    assert!(report.contains("#[example(vec![0, 0])]"), "{report}");
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn trimmed_bytes_round_trip(bytes: Vec<u8>) {
    oracles::check_round_trip(&bytes, encode_trimmed, decode_trimmed).unwrap();
}

#[test]
fn an_unwrapped_mismatch_panics_with_its_sentence() {
    let report = report_of(trimmed_bytes_round_trip);
    assert!(report.contains("    bytes = [0]\n"), "{report}");
    assert!(report.contains("round_trip: [0] was encoded as [] and decoded as []"), "{report}");
    assert!(report.contains("    encoded: []"), "{report}");
}

#[test]
fn a_mismatch_names_its_oracle() {
    let mismatch = oracles::check_idempotent(&"   ".to_owned(), replace_double_spaces).unwrap_err();
    assert_eq!(mismatch.oracle(), "idempotent");
    assert_eq!(mismatch.message(), "applied once it gave \"  \", applied twice \" \"");
    assert_eq!(mismatch.to_string(), format!("idempotent: {}", mismatch.message()));
    assert_eq!(format!("{mismatch:?}"), mismatch.to_string());
}

/// An output whose `Debug` panics, to show that a mismatch message never
/// runs user formatting unguarded (comparing values unequal to themselves
/// does, and a panic there fails the example as the code under test's).
#[derive(PartialEq)]
struct Opaque(u8);

impl std::fmt::Debug for Opaque {
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        panic!("no Debug for Opaque")
    }
}

#[test]
fn a_mismatch_survives_a_panicking_debug_of_the_outputs() {
    let mismatch = oracles::check_equivalent(&3u8, |n: &u8| Opaque(*n), |n: &u8| Opaque(n + 1)).unwrap_err();
    let message = mismatch.to_string();
    assert!(message.contains("the candidate returned <Debug panicked: no Debug for Opaque>"), "{message}");
}

/// Reads a number back with every zero positive, as a decoder that
/// normalises zeros does: a negative zero the encoding holds is lost.
fn decode_zeros_as_positive(text: &str) -> f64 {
    let x = text.parse::<f64>().unwrap_or(f64::NAN);
    if x == 0.0 { 0.0 } else { x }
}

#[test]
fn a_round_trip_that_loses_the_sign_of_zero_is_found() {
    let encode = |x: &f64| format!("{x:?}");
    let result = Property::for_all(generate::float::<f64>(), oracles::round_trip(encode, decode_zeros_as_positive))
        .check(Options::default().seed(3));
    assert!(result.is_falsified(), "{result}");
    let minimal = *result.minimal().unwrap().value();
    assert!(minimal == 0.0 && minimal.is_sign_negative(), "{result}");
    assert!(result.to_string().contains("-0.0 was encoded as \"-0.0\" and decoded as 0.0"), "{result}");
}

/// A value with a cached float that the encoding skips and `==` ignores:
/// decoded, the cache is back to its default, whatever the sign of the
/// zero it held. That is no lost sign: the value encodes as the input did.
#[derive(Clone, Debug)]
struct Reading {
    value: i32,
    #[expect(dead_code, reason = "only its Debug form reads it")]
    cached_ratio: f64,
}

impl PartialEq for Reading {
    fn eq(&self, other: &Reading) -> bool {
        self.value == other.value
    }
}

#[test]
fn a_zero_in_a_part_the_encoding_skips_keeps_no_sign_to_lose() {
    let readings = (generate::integer::<i32>(), generate::float::<f64>())
        .map(|(value, cached_ratio)| Reading { value, cached_ratio });
    let encode = |reading: &Reading| reading.value.to_string();
    let decode = |text: &String| Reading { value: text.parse().unwrap_or(i32::MIN), cached_ratio: 0.0 };
    let result = Property::for_all(readings, oracles::round_trip(encode, decode)).check(Options::default().seed(3));
    assert!(result.is_passed(), "{result}");
}
