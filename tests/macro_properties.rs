//! Properties written with `#[property]`, as a user writes them: passing
//! ones, failing ones whose report is captured from the panic, generator
//! overrides, pinned examples and asynchronous bodies.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use quickcheck::{Generator, example, generate, property};

mod support;
use support::report_of;

// Passing properties.

#[property]
fn reversing_twice_gives_the_list_back(list: Vec<i32>) {
    let mut twice = list.clone();
    twice.reverse();
    twice.reverse();
    assert_eq!(twice, list);
}

#[property(runs = 300, seed = 11)]
fn addition_commutes(a: u32, b: u32) -> bool {
    a.wrapping_add(b) == b.wrapping_add(a)
}

#[property(cases = 50)]
fn maps_hold_what_was_inserted(mut map: BTreeMap<u8, String>, key: u8, value: String) -> Result<(), String> {
    map.insert(key, value.clone());
    let found = map.get(&key).ok_or("the key is missing")?;
    if *found == value { Ok(()) } else { Err(format!("found {found:?}")) }
}

#[property]
fn durations_add_up(first: Duration, second: Duration) {
    if let Some(total) = first.checked_add(second) {
        assert!(total >= first && total >= second);
    }
}

#[property(max_shrinks = 100, max_discard_ratio = 20)]
fn nested_types_have_arbitrary_values(value: (Option<Vec<char>>, Result<bool, i8>, [u16; 3], Box<String>)) {
    let (characters, _, array, _) = value;
    assert!(characters.is_none_or(|characters| characters.len() <= 64));
    assert_eq!(array.len(), 3);
}

#[property]
fn a_generator_overrides_the_type_default(#[generator(generate::between(1, 6))] die: u8) {
    assert!((1..=6).contains(&die));
}

fn small_lists() -> impl Generator<Value = Vec<u8>> {
    generate::vec(generate::between(0, 9)).max_length(3)
}

#[property]
fn a_generator_may_be_a_function_call(#[generator(small_lists())] list: Vec<u8>, other: bool) {
    assert!(list.len() <= 3 && list.iter().all(|&n| n <= 9));
    let _ = other;
}

/// Shared by the properties of a file, as proptest's block-wide config is.
const CASES: u64 = 7;

thread_local! {
    static CONSTANT_RUNS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

#[property(runs = CASES)]
fn the_run_count_may_be_a_constant(value: u64) {
    let _ = value;
    CONSTANT_RUNS.with(|runs| runs.set(runs.get() + 1));
}

#[test]
fn an_option_may_be_a_constant() {
    // Counted on this thread alone: the property also runs as a test of
    // its own, on another.
    let before = CONSTANT_RUNS.with(std::cell::Cell::get);
    the_run_count_may_be_a_constant();
    assert_eq!(CONSTANT_RUNS.with(std::cell::Cell::get) - before, CASES);
}

static PINNED_CHECKS: AtomicU32 = AtomicU32::new(0);

#[property(runs = 1)]
#[example(1000, "pinned")]
#[example(2000, String::from("also pinned"))]
fn several_examples_are_checked_first(#[generator(generate::between(0, 9))] number: u32, text: String) {
    // The pins lie outside the generator's range: only they can reach 1000.
    if number >= 1000 {
        PINNED_CHECKS.fetch_add(1, Ordering::SeqCst);
        assert!(text.contains("pinned"));
    }
}

#[test]
fn the_examples_of_a_property_run_every_time_it_runs() {
    let before = PINNED_CHECKS.load(Ordering::SeqCst);
    several_examples_are_checked_first();
    assert!(PINNED_CHECKS.load(Ordering::SeqCst) >= before + 2);
}

static INFERRED_CHECKS: AtomicU32 = AtomicU32::new(0);

// Each value takes its type from its parameter, as a `let` with the
// parameter's type would give it.
#[property(runs = 1)]
#[example(Default::default(), (0..3).collect(), "x".into(), None)]
fn an_example_value_is_inferred_from_its_parameter(
    empty: Vec<u8>,
    counted: Vec<u64>,
    name: String,
    #[generator(generate::constant(Some(9)))] missing: Option<i16>,
) {
    if missing.is_none() {
        INFERRED_CHECKS.fetch_add(1, Ordering::SeqCst);
        assert_eq!((empty, counted, name.as_str()), (vec![], vec![0, 1, 2], "x"));
    }
}

#[test]
fn inferred_example_values_are_checked() {
    let before = INFERRED_CHECKS.load(Ordering::SeqCst);
    an_example_value_is_inferred_from_its_parameter();
    assert!(INFERRED_CHECKS.load(Ordering::SeqCst) > before);
}

#[example(3)]
#[property]
fn an_example_may_be_written_above_the_property(#[generator(generate::between(0, 3))] n: u8) {
    assert!(n <= 3);
}

/// The runtime crate reached through a re-export, as a crate that depends
/// on it under another name would reach it.
mod renamed {
    pub use quickcheck::*;
}

/// A type of the user's own named like the crate's stateful sequence, with
/// an `Arbitrary` impl: a parameter of it takes that impl, as any type does.
mod own_command_sequence {
    #[derive(quickcheck::Arbitrary, Debug)]
    pub struct CommandSequence {
        pub steps: Vec<u8>,
    }

    #[quickcheck::property(runs = 20)]
    fn a_type_named_command_sequence_takes_its_arbitrary_impl(sequence: CommandSequence) -> bool {
        sequence.steps.len() <= 64
    }
}

// `crate = "..."` makes the generated code use that path for the runtime.
#[property(crate = "crate::renamed", runs = 20)]
#[example(7)]
fn a_property_through_another_path(byte: u8) -> bool {
    byte.count_ones() <= 8
}

#[derive(quickcheck::Arbitrary, Debug)]
#[arbitrary(crate = "crate::renamed")]
struct Reached {
    #[generator(renamed::generate::between(1, 3))]
    small: u8,
}

#[property(crate = "crate::renamed")]
fn a_derived_type_through_another_path(reached: Reached) {
    assert!((1..=3).contains(&reached.small));
}

/// A ticket that cannot be cloned: pinned examples of it are built afresh.
#[derive(quickcheck::Arbitrary, Debug)]
struct Ticket {
    #[generator(generate::between(1, 100))]
    number: u32,
}

#[property(runs = 5)]
#[example(Ticket { number: 0 })]
#[should_panic(expected = "Falsified on a pinned example.")]
fn examples_of_a_type_that_is_not_clone(ticket: Ticket) -> bool {
    ticket.number != 0
}

thread_local! {
    static EXAMPLES_SEEN: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

#[example(1)]
#[example(2)]
#[property(runs = 1)]
#[example(3)]
fn examples_run_in_the_order_written(#[generator(generate::between(10, 20))] n: u8) {
    EXAMPLES_SEEN.with(|seen| seen.borrow_mut().push(n));
}

#[test]
fn examples_above_and_below_the_attribute_keep_their_order() {
    EXAMPLES_SEEN.with(|seen| seen.borrow_mut().clear());
    examples_run_in_the_order_written();
    let seen = EXAMPLES_SEEN.with(|seen| seen.borrow().clone());
    assert_eq!(seen[..3], [1, 2, 3], "{seen:?}");
}

#[property(runs = 10)]
#[test]
fn a_test_attribute_already_present_is_kept_once(byte: u8) -> bool {
    byte.count_ones() <= 8
}

// `#[cfg]` below `#[property]` applies to the whole property: this body
// names nothing that exists, so it compiles only if it is left out.
#[property]
#[cfg(any())]
fn a_property_configured_away(byte: u8) {
    no_such_function(byte);
}

// A lint level reaches the body, where the lint fires: with `expect` on the
// test alone, the unused variable would warn and the expectation would be
// unfulfilled (CI denies warnings).
#[property]
#[expect(unused_variables)]
fn a_lint_level_applies_to_the_body(byte: u8) {
    let unused = byte;
}

// Other lint levels apply to the test function too, which carries the
// name a naming lint sees (CI denies warnings).
#[property(runs = 10)]
#[allow(non_snake_case)]
fn A_Property_Named_Against_The_Convention(byte: u8) -> bool {
    byte.count_ones() <= 8
}

// A parameter of a reference type, drawn from a generator of `&'static str`.
#[property]
fn reference_parameters_work(#[generator(generate::elements(["GET", "POST", "PUT"]))] method: &str) {
    assert!(method.len() <= 4);
}

// A parameter type that leaves a lifetime out, as `Cow<str>` does.
#[property]
fn parameters_with_elided_lifetimes_work(text: std::borrow::Cow<str>) {
    assert!(text.trim().len() <= text.len());
}

// The body's inner attributes apply to it: the unused variable would warn
// (an error under CI's `-D warnings`) if the `allow` did not reach it. The
// attribute's `max_shrink_time` option is taken too.
#[property(max_shrink_time = std::time::Duration::from_secs(600))]
fn inner_attributes_of_the_body_apply_to_it(n: u32) {
    #![allow(unused_variables)]
    let unused = n;
    assert_eq!(n.to_string().parse::<u32>().ok(), Some(n));
}

// A lint level set through `cfg_attr` reaches the body too (rustc expands
// the `cfg_attr` before the attribute macro sees it): without it, the
// unused variable would warn, an error under CI's `-D warnings`.
#[property]
#[cfg_attr(test, allow(unused_variables))]
fn lint_levels_through_cfg_attr_apply_to_the_body(n: u8) {
    let unused = n;
}

// Failing properties, each a test that must panic, and a test reading the
// report it panics with.

#[property(seed = 7, runs = 5000, database = "off")]
#[should_panic]
fn lists_never_contain_100(list: Vec<i32>) -> bool {
    !list.contains(&100)
}

#[test]
fn the_report_names_the_parameter_and_prints_an_example_line() {
    let report = report_of(lists_never_contain_100);
    let lines: Vec<&str> = report.lines().collect();
    assert!(lines[0].starts_with("Falsified after "), "{report}");
    assert_eq!(lines[1], "  Minimal counterexample:", "{report}");
    assert_eq!(lines[2], "    list = [100]", "{report}");
    assert_eq!(lines[3], "  Original counterexample:", "{report}");
    assert!(lines[4].starts_with("    list = ["), "{report}");
    assert_eq!(lines[5], "  Failure: the property returned false", "{report}");
    // Advice for a #[property] is written as options of the attribute.
    assert!(lines[6].starts_with("  Replay with: #[property(replay = \"v1."), "{report}");
    assert_eq!(lines[7], "  Pin it with: #[example(vec![100])]", "{report}");
}

// The replay line of that report, pasted into the attribute: it reruns
// the same failure.
#[property(replay = "v1.AYTcpiMBlPbrBgHHAQHW_6kBAT8BwAIA", database = "off")]
#[should_panic(expected = "Minimal counterexample:\n    list = [100]\n")]
fn a_pasted_replay_line_reruns_the_failure(list: Vec<i32>) -> bool {
    !list.contains(&100)
}

// A database setting that reads as "off" without being it is refused in
// the attribute's own words.
#[property(database = "none")]
#[ignore = "misconfigured: run by a_database_of_none_is_refused_in_the_attribute_s_words"]
fn a_database_of_none(n: u8) -> bool {
    u16::from(n) < 256
}

#[test]
fn a_database_of_none_is_refused_in_the_attribute_s_words() {
    let report = report_of(a_database_of_none);
    let refusal = "#[property(database = ...)] is \"none\", which would be taken as a directory";
    assert!(report.starts_with("Misconfigured") && report.contains(refusal), "{report}");
}

// The same line pasted above pinned examples is refused at compile time
// (tests/ui/replay_with_examples.rs), as the report that offers it says: a
// replay would leave the pins unchecked.

#[property(seed = 7, runs = 5000, database = "off")]
#[example(vec![7])]
#[should_panic]
fn lists_with_a_pin_never_contain_100(list: Vec<i32>) -> bool {
    !list.contains(&100)
}

#[test]
fn the_replay_line_of_a_property_with_pins_says_to_take_them_out() {
    let report = report_of(lists_with_a_pin_never_contain_100);
    assert!(
        report.contains("(take the #[example]s out while it is set: a replay checks only its own example)"),
        "{report}"
    );
}

#[property(seed = 3)]
#[should_panic]
fn sums_stay_small(a: u16, b: u16, label: String) {
    assert!(u32::from(a) + u32::from(b) < 1000, "{label}: {a} + {b} is too large");
}

#[test]
fn every_parameter_is_named_and_shrunk() {
    let report = report_of(sums_stay_small);
    // The explain phase marks what does not matter: any `a` and any label
    // fail once `b` is 1000.
    assert!(
        report.contains(
            "  Minimal counterexample:\n    a = 0  // any value tried fails\n    b = 1000\n    label = \"\"  // any value tried fails\n"
        ),
        "{report}"
    );
    assert!(report.contains("  Pin it with: #[example(0, 1000, \"\")]"), "{report}");
    assert!(report.contains(": 0 + 1000 is too large"), "{report}");
}

// The example line of the report above, pasted back: the case stays checked.
#[property(runs = 1)]
#[example(0, 1000, "")]
#[should_panic(expected = "0 + 1000 is too large")]
fn a_pasted_example_line_pins_the_failure(#[generator(generate::between(0, 1))] a: u16, b: u16, label: String) {
    assert!(u32::from(a) + u32::from(b) < 1000, "{label}: {a} + {b} is too large");
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn sets_stay_small(set: std::collections::BTreeSet<u8>) -> bool {
    set.len() < 2
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn names_stay_few(names: Vec<String>) -> bool {
    names.len() < 2
}

#[test]
fn no_example_line_is_offered_where_the_values_would_not_compile_back() {
    // `{0, 1}` is no expression of a set.
    let report = report_of(sets_stay_small);
    assert!(report.starts_with("Falsified after "), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn labels_stay_empty(label: std::borrow::Cow<'static, str>) -> bool {
    label.is_empty()
}

#[test]
fn a_borrowed_or_owned_string_is_pinned_as_a_literal() {
    let report = report_of(labels_stay_empty);
    assert!(report.contains(r#"  Pin it with: #[example("0")]"#), "{report}");
}

// The line above, pasted back.
#[property(runs = 1)]
#[example("0")]
#[should_panic(expected = "on a pinned example")]
fn a_pasted_borrowed_string_pins_the_failure(
    #[generator(generate::constant(std::borrow::Cow::Borrowed("")))] label: std::borrow::Cow<'static, str>,
) -> bool {
    label.is_empty()
}

#[test]
fn strings_inside_a_value_are_pinned_as_owned_strings() {
    // `vec!["", ""]` would make a `Vec<&str>`, not a `Vec<String>`.
    let report = report_of(names_stay_few);
    assert!(report.contains(r#"  Pin it with: #[example(vec!["".to_owned(), "".to_owned()])]"#), "{report}");
    let report = report_of(balances_stay_small);
    let pin = r#"  Pin it with: #[example(Account { owner: "".to_owned(), balance: 10 })]"#;
    assert!(report.contains(pin), "{report}");
}

#[property(seed = 1, database = "off")]
#[should_panic]
#[allow(clippy::eq_op)]
fn floats_equal_themselves(x: f64) -> bool {
    x == x
}

#[test]
fn a_float_no_literal_writes_is_pinned_by_its_constant() {
    let report = report_of(floats_equal_themselves);
    assert!(report.contains("  Pin it with: #[example(f64::NAN)]"), "{report}");
}

#[property(runs = 1)]
#[example(f64::NAN)]
#[should_panic(expected = "on a pinned example")]
#[allow(clippy::eq_op)]
fn a_pasted_float_constant_pins_the_failure(#[generator(generate::constant(0.0))] x: f64) -> bool {
    x == x
}

// The lines above, pasted back.
#[property(runs = 1)]
#[example(vec!["".to_owned(), "".to_owned()])]
#[should_panic(expected = "on a pinned example")]
fn a_pasted_list_of_strings_pins_the_failure(#[generator(generate::constant(Vec::new()))] names: Vec<String>) -> bool {
    names.len() < 2
}

#[property(runs = 1)]
#[example(Account { owner: "".to_owned(), balance: 10 })]
#[should_panic(expected = "on a pinned example")]
fn a_pasted_struct_with_a_string_pins_the_failure(
    #[generator(generate::constant(Account { owner: String::new(), balance: 0 }))] account: Account,
) {
    assert!(account.balance < 10, "{} has too much", account.owner);
}

/// An enum whose variants are not imported where the properties below use
/// it: a pin line that printed `Push(3)` alone would not compile there.
mod stack {
    use quickcheck::Arbitrary;

    #[derive(Arbitrary, Clone, Debug, PartialEq)]
    pub enum Op {
        Pop,
        Push(u8),
        Peek { depth: u8 },
    }

    #[derive(Arbitrary, Clone, Debug, PartialEq)]
    pub struct Frame {
        pub depth: u8,
    }
}

/// A struct behind an alias prints its own name, which need not be in
/// scope: the pin line writes the alias instead.
type Top = stack::Frame;

#[property(seed = 2, database = "off")]
#[should_panic]
fn frames_stay_shallow(frame: Top) -> bool {
    frame.depth < 3
}

#[property(seed = 2, database = "off")]
#[should_panic]
fn pushes_stay_small(op: stack::Op) -> bool {
    !matches!(op, stack::Op::Push(value) if value >= 3)
}

#[property(seed = 2, database = "off")]
#[should_panic]
fn peeks_miss_the_hint(op: stack::Op, hint: Option<u8>) -> bool {
    !matches!(op, stack::Op::Peek { depth } if Some(depth) == hint)
}

/// A map behind an alias, which the macro cannot see through: its `Debug`
/// form is no expression of its type.
type Counts = std::collections::BTreeMap<u8, u8>;
/// An array behind an alias: its `Debug` form is its literal, which the
/// report tells from a `Vec`'s by the type's name.
type Triple = [u8; 3];

#[property(seed = 2, database = "off")]
#[should_panic]
fn counts_stay_few(counts: Counts) -> bool {
    counts.len() < 2
}

#[property(seed = 2, database = "off")]
#[should_panic]
fn triples_start_small(triple: Triple) -> bool {
    triple[0] < 5
}

#[test]
fn a_map_behind_an_alias_gets_no_pin_line() {
    let report = report_of(counts_stay_few);
    assert!(report.contains("Minimal counterexample"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

/// A derived struct holding an array, and a list of arrays, whose `[...]`
/// print alike.
#[derive(quickcheck::Arbitrary, Clone, Debug)]
struct Key {
    bytes: [u8; 2],
    tag: char,
}

#[property(seed = 2, database = "off")]
#[should_panic]
fn keys_start_small(key: Key) {
    assert!(key.bytes[0] < 5, "key {} starts too high", key.tag);
}

#[property(seed = 2, database = "off")]
#[should_panic]
fn arrays_of_strings_stay_empty(names: [String; 2]) -> bool {
    names[1].is_empty()
}

#[property(seed = 2, database = "off")]
#[should_panic]
fn pairs_stay_few(pairs: Vec<[u8; 2]>) -> bool {
    pairs.is_empty()
}

#[test]
fn arrays_are_pinned_as_array_literals() {
    let report = report_of(triples_start_small);
    assert!(report.contains("  Pin it with: #[example([5, 0, 0])]"), "{report}");
    let report = report_of(keys_start_small);
    assert!(report.contains("  Pin it with: #[example(Key { bytes: [5, 0], tag: '0' })]"), "{report}");
    let report = report_of(arrays_of_strings_stay_empty);
    assert!(report.contains(r#"  Pin it with: #[example(["".to_owned(), "0".to_owned()])]"#), "{report}");
    // A list of arrays would need `vec![[0, 0]]`: the line is left out.
    let report = report_of(pairs_stay_few);
    assert!(report.contains("[[0, 0]]"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

/// A struct with a private field, which a struct expression can set only
/// in its module and the modules inside it.
mod money {
    use quickcheck::{Arbitrary, generate, property};

    #[derive(Arbitrary, Clone, Debug)]
    pub struct Money {
        cents: u16,
    }

    impl Money {
        pub fn cents(&self) -> u16 {
            self.cents
        }
    }

    pub mod tests {
        use super::Money;
        use quickcheck::property;

        #[property(seed = 2, database = "off")]
        #[should_panic]
        pub fn sums_stay_small_inside(money: Money) -> bool {
            money.cents < 10
        }
    }

    // Its pin line, pasted back where the field is visible.
    #[property(runs = 1)]
    #[example(Money { cents: 10 })]
    #[should_panic(expected = "on a pinned example")]
    fn a_pasted_struct_with_a_private_field_pins_the_failure(
        #[generator(generate::constant(Money { cents: 0 }))] money: Money,
    ) -> bool {
        money.cents < 10
    }
}

#[property(seed = 2, database = "off")]
#[should_panic]
fn sums_stay_small_outside(money: money::Money) -> bool {
    money.cents() < 10
}

/// A derived type whose `Debug` is written by hand, as a tuple: no
/// expression of the type.
#[derive(quickcheck::Arbitrary)]
struct Spot {
    x: u8,
    y: u8,
}

impl std::fmt::Debug for Spot {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "({}, {})", self.x, self.y)
    }
}

#[property(seed = 2, database = "off")]
#[should_panic]
fn spots_stay_left(spot: Spot) -> bool {
    spot.x < 10 || spot.y > 200
}

/// A struct with named fields whose `Debug` prints it as a tuple struct.
#[derive(quickcheck::Arbitrary)]
struct Label {
    width: u8,
}

impl std::fmt::Debug for Label {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "Label({})", self.width)
    }
}

#[property(seed = 2, database = "off")]
#[should_panic]
fn labels_stay_narrow(label: Label) -> bool {
    label.width < 10
}

#[test]
fn a_derived_type_printed_by_a_hand_written_debug_gets_no_pin_line() {
    let report = report_of(spots_stay_left);
    assert!(report.contains("    spot = (10, 0)"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
    let report = report_of(labels_stay_narrow);
    assert!(report.contains("    label = Label(10)"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

/// A boxed slice behind an alias prints as a list, which pastes as neither
/// a `Vec` nor an array of its type.
type Bytes = Box<[u8]>;

#[property(seed = 2, database = "off")]
#[should_panic]
fn boxed_bytes_stay_short(bytes: Bytes) -> bool {
    bytes.len() < 2
}

#[test]
fn a_boxed_slice_behind_an_alias_gets_no_pin_line() {
    let report = report_of(boxed_bytes_stay_short);
    assert!(report.contains("    bytes = [0, 0]"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

#[test]
fn a_struct_with_private_fields_is_pinned_only_where_they_are_visible() {
    let report = report_of(money::tests::sums_stay_small_inside);
    assert!(report.contains("  Pin it with: #[example(Money { cents: 10 })]"), "{report}");
    let report = report_of(sums_stay_small_outside);
    assert!(report.contains("    money = Money { cents: 10 }"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

// The lines above, pasted back.
#[property(runs = 1)]
#[example([5, 0, 0])]
#[should_panic(expected = "on a pinned example")]
fn a_pasted_array_pins_the_failure(#[generator(generate::constant([0; 3]))] triple: Triple) -> bool {
    triple[0] < 5
}

#[property(runs = 1)]
#[example(Key { bytes: [5, 0], tag: '0' })]
#[should_panic(expected = "on a pinned example")]
fn a_pasted_struct_with_an_array_pins_the_failure(
    #[generator(generate::constant(Key { bytes: [0; 2], tag: 'a' }))] key: Key,
) {
    assert!(key.bytes[0] < 5, "key {} starts too high", key.tag);
}

/// A list that holds itself in a `Box`: its `Debug` form shows neither the
/// inner variants' path nor the `Box`.
#[derive(quickcheck::Arbitrary, Debug)]
enum Chain {
    End,
    Link(u8, Box<Chain>),
}

impl Chain {
    fn sum(&self) -> u32 {
        match self {
            Chain::End => 0,
            Chain::Link(value, rest) => 1 + u32::from(*value) + rest.sum(),
        }
    }
}

#[property(seed = 3, database = "off")]
#[should_panic]
fn chains_stay_short(chain: Chain) -> bool {
    chain.sum() < 2
}

#[property(seed = 3, database = "off")]
#[should_panic]
fn some_chain_is_never_drawn(chain: Option<Chain>) -> bool {
    chain.is_none()
}

#[test]
fn a_variant_inside_a_value_gets_no_pin_line() {
    for report in [report_of(chains_stay_short), report_of(some_chain_is_never_drawn)] {
        assert!(report.contains("Minimal counterexample"), "{report}");
        assert!(!report.contains("Pin it with"), "{report}");
    }
}

/// A variant with fields prints as a struct does, by its name alone: inside
/// a value it pastes back only where the variants are imported.
#[derive(quickcheck::Arbitrary, Clone, Debug)]
enum Shape {
    Circle { radius: u8 },
}

/// A struct holding another derived struct, which its `Debug` form prints
/// by name, and one holding shapes.
#[derive(quickcheck::Arbitrary, Clone, Debug)]
struct Drawing {
    frame: stack::Frame,
    shapes: Vec<Shape>,
}

#[property(seed = 3, database = "off")]
#[should_panic]
fn shape_lists_stay_empty(shapes: Vec<Shape>) -> bool {
    shapes.iter().all(|Shape::Circle { radius }| *radius > 200)
}

#[property(seed = 3, database = "off")]
#[should_panic]
fn shapes_are_never_drawn(pair: (Option<Shape>, u8)) -> bool {
    pair.0.is_none()
}

#[property(seed = 3, database = "off")]
#[should_panic]
fn drawings_have_no_shapes(drawing: Drawing) -> bool {
    drawing.shapes.is_empty()
}

#[property(seed = 3, database = "off")]
#[should_panic]
fn drawings_stay_shallow(drawing: Drawing) -> bool {
    drawing.frame.depth < 3
}

#[test]
fn a_variant_with_fields_inside_a_value_gets_no_pin_line() {
    for report in
        [report_of(shape_lists_stay_empty), report_of(shapes_are_never_drawn), report_of(drawings_have_no_shapes)]
    {
        assert!(report.contains("Circle { radius: 0 }"), "{report}");
        assert!(!report.contains("Pin it with"), "{report}");
    }
    // A struct the derived one holds, printed by its name alone, is
    // defined in another module (`stack`): the name is not in scope here.
    let report = report_of(drawings_stay_shallow);
    assert!(report.contains("Drawing { frame: Frame { depth: 3 }, shapes: [] }"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

/// A struct defined where the properties below are, or around them.
#[derive(quickcheck::Arbitrary, Clone, Debug)]
pub struct Corner {
    pub x: u8,
}

#[derive(quickcheck::Arbitrary, Clone, Debug)]
pub struct Sketch {
    pub corner: Corner,
}

#[property(seed = 3, database = "off")]
#[should_panic]
fn sketch_corners_stay_left(sketch: Sketch) -> bool {
    sketch.corner.x < 3
}

/// A tuple struct and a unit struct, which print as variants do: their
/// derives say they are structs.
#[derive(quickcheck::Arbitrary, Clone, Debug)]
pub struct Dot(pub u8);

#[derive(quickcheck::Arbitrary, Clone, Debug)]
pub struct Blank;

#[derive(quickcheck::Arbitrary, Clone, Debug)]
pub struct Canvas {
    pub dot: Dot,
    pub blanks: Vec<Blank>,
}

#[property(seed = 3, database = "off")]
#[should_panic]
fn canvases_stay_dark(canvas: Canvas) -> bool {
    canvas.dot.0 < 3
}

#[property(seed = 3, database = "off")]
#[should_panic]
fn blanks_stay_few(blanks: Vec<Blank>) -> bool {
    blanks.len() < 2
}

// Their lines, pasted back.
#[property(runs = 1)]
#[example(Canvas { dot: Dot(3), blanks: vec![] }, vec![Blank, Blank])]
#[should_panic(expected = "on a pinned example")]
fn pasted_tuple_and_unit_structs_pin_the_failure(
    #[generator(generate::constant(Canvas { dot: Dot(0), blanks: vec![] }))] canvas: Canvas,
    #[generator(generate::constant(vec![]))] blanks: Vec<Blank>,
) -> bool {
    canvas.dot.0 < 3 || blanks.len() < 2
}

#[test]
fn tuple_and_unit_structs_inside_a_value_are_pinned_by_name() {
    let report = report_of(canvases_stay_dark);
    assert!(report.contains("  Pin it with: #[example(Canvas { dot: Dot(3), blanks: vec![] })]"), "{report}");
    let report = report_of(blanks_stay_few);
    assert!(report.contains("  Pin it with: #[example(vec![Blank, Blank])]"), "{report}");
}

/// Properties in a module inside the one that defines their types.
mod sketches {
    use super::*;

    #[property(seed = 3, database = "off")]
    #[should_panic]
    pub fn corners_stay_left(sketch: Sketch) -> bool {
        sketch.corner.x < 3
    }

    // Its line, pasted back: the inner struct is reached through `super`.
    #[property(runs = 1)]
    #[example(Sketch { corner: super::Corner { x: 3 } })]
    #[should_panic(expected = "on a pinned example")]
    fn a_pasted_line_reaches_the_struct_through_super(
        #[generator(generate::constant(Sketch { corner: Corner { x: 0 } }))] sketch: Sketch,
    ) -> bool {
        sketch.corner.x < 3
    }
}

/// A struct of another module inside a list: the signature names it, so
/// the line writes it as the signature does.
#[property(seed = 3, database = "off")]
#[should_panic]
fn listed_frames_stay_shallow(frames: Vec<stack::Frame>) -> bool {
    frames.iter().all(|frame| frame.depth < 3)
}

// Its line, pasted back.
#[property(runs = 1)]
#[example(vec![stack::Frame { depth: 3 }])]
#[should_panic(expected = "on a pinned example")]
fn a_pasted_line_writes_a_listed_struct_as_the_signature_does(
    #[generator(generate::constant(vec![]))] frames: Vec<stack::Frame>,
) -> bool {
    frames.iter().all(|frame| frame.depth < 3)
}

#[test]
fn a_struct_inside_a_value_is_written_as_it_is_reached_from_the_property() {
    let report = report_of(listed_frames_stay_shallow);
    assert!(report.contains("  Pin it with: #[example(vec![stack::Frame { depth: 3 }])]"), "{report}");
    let report = report_of(sketch_corners_stay_left);
    assert!(report.contains("  Pin it with: #[example(Sketch { corner: Corner { x: 3 } })]"), "{report}");
    let report = report_of(sketches::corners_stay_left);
    assert!(report.contains("  Pin it with: #[example(Sketch { corner: super::Corner { x: 3 } })]"), "{report}");
}

/// An enum with variants named like the prelude's, which a value prints
/// just as it prints an `Option`'s.
#[derive(quickcheck::Arbitrary, Clone, Debug, PartialEq)]
pub enum Maybe {
    None,
    Some(u8),
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn maybes_stay_few(maybes: Vec<Maybe>) -> bool {
    maybes.len() < 2
}

#[derive(quickcheck::Arbitrary, Clone, Debug, PartialEq)]
pub enum Outcome {
    Ok(u8),
    Err(u8),
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn outcomes_are_never_drawn(outcome: Option<Outcome>) -> bool {
    outcome.is_none()
}

/// A struct that holds one, as a field.
#[derive(quickcheck::Arbitrary, Clone, Debug, PartialEq)]
pub struct Holder {
    pub maybe: Maybe,
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn holders_hold_nothing(holder: Holder) -> bool {
    holder.maybe == Maybe::None
}

#[test]
fn a_variant_named_like_the_prelude_s_inside_a_value_gets_no_pin_line() {
    let report = report_of(maybes_stay_few);
    assert!(report.contains("[None, None]"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
    let report = report_of(outcomes_are_never_drawn);
    assert!(report.contains("outcome = Some(Ok(0))"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
    let report = report_of(holders_hold_nothing);
    assert!(report.contains("holder = Holder { maybe: Some(0) }"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

/// Fields named by raw identifiers, which a derived `Debug` prints without
/// their `r#`.
#[derive(quickcheck::Arbitrary, Clone, Debug)]
pub struct Keyed {
    pub r#type: u8,
    pub r#match: bool,
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn keyed_values_never_match(keyed: Keyed) -> bool {
    !keyed.r#match
}

// Its line, pasted back.
#[property(runs = 1)]
#[example(Keyed { r#type: 0, r#match: true })]
#[should_panic(expected = "on a pinned example")]
fn a_pasted_line_names_raw_fields_raw(
    #[generator(generate::constant(Keyed { r#type: 0, r#match: false }))] keyed: Keyed,
) -> bool {
    !keyed.r#match
}

#[test]
fn fields_named_by_keywords_are_pinned_as_raw_identifiers() {
    let report = report_of(keyed_values_never_match);
    assert!(report.contains("keyed = Keyed { type: 0, match: true }"), "{report}");
    assert!(report.contains("  Pin it with: #[example(Keyed { r#type: 0, r#match: true })]"), "{report}");
}

/// An identifier whose hand-written `Debug` prints its number alone.
#[derive(Clone)]
pub struct Serial(u32);

impl std::fmt::Debug for Serial {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{}", self.0)
    }
}

impl quickcheck::Arbitrary for Serial {
    type Generator = quickcheck::generate::Map<quickcheck::generate::Integer<u32>, fn(u32) -> Serial>;
    fn arbitrary() -> Self::Generator {
        generate::integer::<u32>().map(Serial)
    }
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn serials_stay_low(serial: Serial) -> bool {
    serial.0 < 5
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn optional_serials_stay_low(serial: Option<Serial>) -> bool {
    serial.is_none_or(|serial| serial.0 < 5)
}

#[test]
fn a_type_that_prints_a_bare_number_gets_no_pin_line() {
    let report = report_of(serials_stay_low);
    assert!(report.contains("serial = 5\n"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
    // Inside an `Option` too.
    let report = report_of(optional_serials_stay_low);
    assert!(report.contains("serial = Some(5)\n"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

/// A variant named like the struct it wraps, a common pattern: inside a
/// value, `Circle(Circle { .. })` names no struct to build.
#[derive(quickcheck::Arbitrary, Clone, Debug)]
pub struct Ring {
    pub r: u8,
}

#[derive(quickcheck::Arbitrary, Clone, Debug)]
pub enum Figure {
    Ring(Ring),
    Square(u8),
}

#[property(seed = 3, database = "off")]
#[should_panic]
fn figures_have_no_rings(figures: Vec<Figure>) -> bool {
    !figures.iter().any(|figure| matches!(figure, Figure::Ring(_)))
}

#[test]
fn a_variant_named_like_the_struct_it_wraps_gets_no_pin_line() {
    let report = report_of(figures_have_no_rings);
    assert!(report.contains("[Ring(Ring { r: 0 })]"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

/// An enum with a variant named like itself.
#[derive(quickcheck::Arbitrary, Clone, Debug)]
enum Signal {
    Signal(u8),
    Quiet,
}

#[property(seed = 2, database = "off")]
#[should_panic]
fn signals_stay_quiet(signal: Signal) -> bool {
    !matches!(signal, Signal::Signal(level) if level >= 3)
}

// Its line, pasted back.
#[property(runs = 1)]
#[example(Signal::Signal(3))]
#[should_panic(expected = "on a pinned example")]
fn a_pasted_variant_named_like_its_enum_pins_the_failure(
    #[generator(generate::constant(Signal::Quiet))] signal: Signal,
) -> bool {
    !matches!(signal, Signal::Signal(level) if level >= 3)
}

#[test]
fn an_enum_parameter_pins_with_its_path() {
    let report = report_of(signals_stay_quiet);
    assert!(report.contains("  Pin it with: #[example(Signal::Signal(3))]"), "{report}");
    let report = report_of(pushes_stay_small);
    assert!(report.contains("    op = Push(3)\n"), "{report}");
    assert!(report.contains("  Pin it with: #[example(stack::Op::Push(3))]"), "{report}");
    // A struct-like variant too; a prelude variant keeps its short name.
    let report = report_of(peeks_miss_the_hint);
    assert!(report.contains("  Pin it with: #[example(stack::Op::Peek { depth: 0 }, Some(0))]"), "{report}");
    let report = report_of(frames_stay_shallow);
    assert!(report.contains("  Pin it with: #[example(Top { depth: 3 })]"), "{report}");
}

// The struct's line, pasted back through the alias.
#[property(runs = 1)]
#[example(Top { depth: 3 })]
#[should_panic(expected = "on a pinned example")]
fn a_pasted_struct_line_pins_the_failure(#[generator(generate::constant(Top { depth: 0 }))] frame: Top) -> bool {
    frame.depth < 3
}

// The line above, pasted back: it compiles where the variants are not in
// scope, and keeps the failure checked.
#[property(runs = 1)]
#[example(stack::Op::Push(3))]
#[should_panic(expected = "on a pinned example")]
fn a_pasted_enum_line_pins_the_failure(#[generator(generate::constant(stack::Op::Pop))] op: stack::Op) -> bool {
    !matches!(op, stack::Op::Push(value) if value >= 3)
}

#[property]
#[example(42)]
#[should_panic]
fn a_pinned_failure(#[generator(generate::between(0, 9))] n: i64) -> Result<(), String> {
    if n == 42 { Err("the answer".to_owned()) } else { Ok(()) }
}

#[test]
fn a_pinned_failure_names_its_parameters_without_an_example_line() {
    let report = report_of(a_pinned_failure);
    assert!(report.starts_with("Falsified on a pinned example.\n  Counterexample:\n    n = 42\n"), "{report}");
    assert!(report.contains("Failure: the property returned Err(\"the answer\")"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

// A derived Debug prints a String field as a literal, which pasted back
// would be a `&str`: the example line writes it as an owned string.
#[derive(quickcheck::Arbitrary, Clone, Debug)]
struct Account {
    owner: String,
    balance: u8,
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn balances_stay_small(account: Account) {
    assert!(account.balance < 10, "{} has too much", account.owner);
}

// Values whose `Debug` form is no Rust expression: a hand-written one
// (`#3`), and a derived one around a duration (`1s`).
#[derive(quickcheck::Arbitrary)]
struct Badge(u16);

impl std::fmt::Debug for Badge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[derive(quickcheck::Arbitrary, Debug)]
struct Timeout {
    after: std::time::Duration,
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn badges_stay_low(badge: Badge) {
    assert!(badge.0 < 3);
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn timeouts_stay_short(timeout: Timeout) {
    assert!(timeout.after.as_secs() < 1);
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn ranges_are_short(range: std::ops::Range<u8>) {
    assert!(range.len() < 2);
}

#[test]
fn a_range_pastes_back_as_an_example() {
    let report = report_of(ranges_are_short);
    assert!(report.contains("  Pin it with: #[example(0..2)]"), "{report}");
}

#[test]
fn a_value_printed_as_no_rust_expression_gets_no_example_line() {
    let report = report_of(badges_stay_low);
    assert!(report.contains("    badge = #3\n"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
    let report = report_of(timeouts_stay_short);
    assert!(report.contains("    timeout = Timeout { after: 1s }\n"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}

// Derived types with fields that print as no expression of their types:
// a deque prints as a list (which the line writes as a `vec!`), a box as
// its content. An array prints as its literal, so a type holding one,
// directly or inside another, gets its line.
#[derive(quickcheck::Arbitrary, Debug)]
struct Pixel {
    channels: [u8; 2],
}

#[derive(quickcheck::Arbitrary, Debug)]
struct Queue {
    waiting: std::collections::VecDeque<u8>,
    head: Box<u8>,
}

#[derive(quickcheck::Arbitrary, Debug)]
enum Layer {
    Flat(u8),
    Image { pixel: Pixel },
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn pixels_are_dark(pixel: Pixel) {
    assert!(pixel.channels[0] < 3);
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn queues_stay_short(queue: Queue) {
    assert!(queue.waiting.len() < 2 || *queue.head > 0);
}

#[property(seed = 1, database = "off")]
#[should_panic]
fn layers_are_flat(layer: Layer) {
    match layer {
        Layer::Flat(level) => assert!(level < 255),
        Layer::Image { pixel } => assert!(pixel.channels.len() != 2, "an image layer"),
    }
}

#[test]
fn a_derived_value_with_a_field_printed_as_no_expression_gets_no_example_line() {
    let report = report_of(queues_stay_short);
    assert!(report.contains("    queue = Queue { waiting: [0, 0], head: 0 }\n"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
    // Arrays inside derived values paste back.
    let report = report_of(pixels_are_dark);
    assert!(report.contains("  Pin it with: #[example(Pixel { channels: [3, 0] })]"), "{report}");
    let report = report_of(layers_are_flat);
    let pin = "  Pin it with: #[example(Layer::Image { pixel: Pixel { channels: [0, 0] } })]";
    assert!(report.contains(pin), "{report}");
}

// A minimal counterexample too long to print whole: its report cuts it,
// and a cut value is no example to paste.
#[property(database = "off")]
#[should_panic]
fn long_lists_are_rare(#[generator(generate::vec(generate::constant(u64::MAX)).min_length(2000))] list: Vec<u64>) {
    assert!(list.len() < 2000);
}

#[test]
fn a_value_cut_short_in_the_report_gets_no_example_line() {
    let report = report_of(long_lists_are_rare);
    assert!(report.contains("(cut: longer than 10000 bytes)"), "{report}");
    assert!(!report.contains("Pin it with"), "{report}");
}
#[property(seed = 5)]
#[should_panic]
fn question_marks_fail_the_property(text: String) -> Result<(), std::num::ParseIntError> {
    text.parse::<u8>()?;
    Ok(())
}

#[test]
fn an_error_returned_with_a_question_mark_is_the_failure() {
    let report = report_of(question_marks_fail_the_property);
    assert!(report.contains("\n    text = \"\""), "{report}");
    assert!(report.contains("Failure: the property returned Err(ParseIntError { kind: Empty })"), "{report}");
}

// Asynchronous properties.

#[property(runs = 50)]
#[tokio::test]
async fn an_async_property_runs_under_tokio(text: String) {
    tokio::time::sleep(Duration::from_micros(1)).await;
    assert_eq!(text.clone(), text);
}

#[property(seed = 9, runs = 20_000)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic]
async fn an_async_failure_under_tokio(list: Vec<u8>) -> bool {
    tokio::task::yield_now().await;
    !list.contains(&7)
}

#[test]
fn an_async_failure_is_shrunk_and_reported_by_name() {
    let report = report_of(an_async_failure_under_tokio);
    assert!(report.contains("    list = [7]\n"), "{report}");
    assert!(report.contains("#[example(vec![7])]"), "{report}");
}

/// A future that is pending once before it completes, so the executor must
/// be woken.
async fn pending_once() {
    let mut polled = false;
    std::future::poll_fn(|context| {
        if polled {
            std::task::Poll::Ready(())
        } else {
            polled = true;
            context.waker().wake_by_ref();
            std::task::Poll::Pending
        }
    })
    .await;
}

#[property(runs = 50)]
async fn an_async_property_runs_with_no_runtime_at_all(n: u64) {
    pending_once().await;
    assert_eq!(n.wrapping_mul(1), n);
}

#[property(seed = 1)]
#[should_panic]
async fn an_async_failure_with_no_runtime(#[generator(generate::between(0, 1000))] n: u32) {
    pending_once().await;
    assert!(n < 500, "{n} is too large");
}

#[test]
fn an_async_failure_with_no_runtime_is_shrunk() {
    let report = report_of(an_async_failure_with_no_runtime);
    assert!(report.contains("    n = 500\n"), "{report}");
    assert!(report.contains("500 is too large"), "{report}");
}

// The options of the run phases, written in the attribute.

#[property(
    seed = 3,
    database = "off",
    phases = quickcheck::Phases::all().without(quickcheck::Phase::Shrink),
    multiple_failures = false,
    suppress = [quickcheck::HealthCheck::FilterTooMuch, quickcheck::HealthCheck::TooSlow],
)]
#[should_panic]
fn an_unshrunk_failure(pair: (u32, u32)) {
    assert!(pair.0 < 1000, "first is large");
    assert!(pair.1 < 1000, "second is large");
}

#[test]
fn phases_and_failure_options_reach_the_check() {
    let report = report_of(an_unshrunk_failure);
    assert!(report.contains(" and 0 shrinks (seed 3)."), "{report}");
    assert!(!report.contains("distinct failures"), "{report}");
}

#[property(seed = 1, database = "off", target_steps = 300)]
#[should_panic(expected = "the sum passed 15000")]
fn a_targeted_property(#[generator(generate::vec(generate::between(0u32, 1000)).max_length(20))] list: Vec<u32>) {
    let sum: u32 = list.iter().sum();
    quickcheck::target(f64::from(sum), "sum");
    assert!(sum <= 15_000, "the sum passed 15000");
}

// The deadline option: a body that sleeps past it fails for that.
#[property(seed = 3, multiple_failures = false, database = "off", deadline = Duration::from_millis(15))]
#[should_panic]
fn slow_for_large_numbers(#[generator(generate::between(0u32, 1000))] n: u32) {
    if n >= 200 {
        std::thread::sleep(Duration::from_millis(40));
    }
}

#[test]
fn the_deadline_option_fails_slow_examples() {
    let report = report_of(slow_for_large_numbers);
    assert!(report.contains("    n = 200\n"), "{report}");
    assert!(report.contains("  Failure: the property took "), "{report}");
}

// The run_for option: runs past its runs for the time it names.
static TIMED_CALLS: AtomicU32 = AtomicU32::new(0);

#[property(runs = 5, run_for = Duration::from_millis(20))]
fn runs_for_a_while(n: u64) {
    TIMED_CALLS.fetch_add(1, Ordering::Relaxed);
    let _ = n;
}

#[test]
fn the_run_for_option_runs_past_runs() {
    runs_for_a_while();
    assert!(TIMED_CALLS.load(Ordering::Relaxed) > 5);
}

#[property(runs = 0)]
#[ignore = "misconfigured: run by no_runs_is_refused_with_the_attribute_option_that_checks_only_pins"]
fn no_runs_at_all(byte: u8) {
    let _ = byte;
}

/// The advice of a property's report is written as the attribute's options.
#[test]
fn no_runs_is_refused_with_the_attribute_option_that_checks_only_pins() {
    let report = report_of(no_runs_at_all);
    let advice = "#[property(phases = quickcheck::Phases::all().without(quickcheck::Phase::Generate))]";
    assert!(report.contains("runs (or cases) is 0") && report.contains(advice), "{report}");
}

static MACRO_PINS: AtomicU32 = AtomicU32::new(0);

/// A property written by a `macro_rules` macro, whose string literal for
/// a `String` parameter arrives wrapped in an invisible group.
macro_rules! property_pinned_with {
    ($text:expr) => {
        #[property(runs = 1)]
        #[example($text)]
        fn a_pin_through_a_macro(text: String) {
            if text == "from a macro" {
                MACRO_PINS.fetch_add(1, Ordering::SeqCst);
            }
        }
    };
}

property_pinned_with!("from a macro");

#[test]
fn a_string_literal_pins_a_string_through_a_macro() {
    let before = MACRO_PINS.load(Ordering::SeqCst);
    a_pin_through_a_macro();
    assert!(MACRO_PINS.load(Ordering::SeqCst) > before);
}

// `#[should_panic]` expects the property to fail: only a failure panics.
// These two could not test anything, so their tests fail; they are run in
// a child process by the test after them.
#[property(runs = 0)]
#[should_panic]
#[ignore = "fails on purpose: run by a_check_that_cannot_test_fails_a_should_panic_test"]
fn should_panic_but_misconfigured(byte: u8) {
    let _ = byte;
}

#[property]
#[cfg_attr(all(), should_panic)]
#[ignore = "fails on purpose: run by a_check_that_cannot_test_fails_a_should_panic_test"]
fn should_panic_but_exhausted(#[generator(generate::integer::<u8>().filter(|_| false))] byte: u8) {
    let _ = byte;
}

#[property(runs = 0)]
#[tokio::test]
#[should_panic]
#[ignore = "fails on purpose: run by a_check_that_cannot_test_fails_a_should_panic_test"]
async fn should_panic_under_tokio_but_misconfigured(byte: u8) {
    let _ = byte;
}

#[property]
#[should_panic]
#[ignore = "fails on purpose: run by a_check_that_cannot_test_fails_a_should_panic_test"]
fn should_panic_but_its_generator_cannot_be_built(#[generator(generate::between(9u8, 3))] byte: u8) {
    let _ = byte;
}

#[property]
#[tokio::test]
#[should_panic]
#[ignore = "fails on purpose: run by a_check_that_cannot_test_fails_a_should_panic_test"]
async fn should_panic_under_tokio_but_its_generator_cannot_be_built(
    #[generator(generate::elements(Vec::<u8>::new()))] byte: u8,
) {
    let _ = byte;
}

/// Runs the ignored test `test` of this binary alone in a child process,
/// and returns whether it passed and what it wrote.
fn run_ignored_test(test: &str) -> (bool, String) {
    let output = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args([test, "--exact", "--ignored", "--test-threads=1"])
        .env_remove("QUICKCHECK_DATABASE")
        .output()
        .expect("the test binary runs");
    let printed = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), printed)
}

#[test]
fn a_check_that_cannot_test_fails_a_should_panic_test() {
    for (test, outcome) in [
        ("should_panic_but_misconfigured", "Misconfigured"),
        ("should_panic_but_exhausted", "Exhausted"),
        ("should_panic_under_tokio_but_misconfigured", "Misconfigured"),
        // A generator that panics as it is built is no failure of the
        // property either: the test used to pass on that panic.
        ("should_panic_but_its_generator_cannot_be_built", "Misconfigured: building the property panicked at"),
        ("should_panic_under_tokio_but_its_generator_cannot_be_built", "generate::elements: no items"),
    ] {
        let (passed, printed) = run_ignored_test(test);
        assert!(!passed, "{printed}");
        assert!(printed.contains("did not panic as expected"), "{printed}");
        assert!(printed.contains(outcome) && printed.contains("only a failing property panics"), "{printed}");
    }
}

// A failure satisfies `#[should_panic]` added by `#[cfg_attr]` too.
#[property(database = "off")]
#[cfg_attr(all(), should_panic(expected = "Falsified"))]
fn should_panic_where_a_predicate_holds(byte: u8) -> bool {
    byte < 200
}

// The dependent draw that the error for a generator using another
// parameter suggests, as written there.
#[property(runs = 50)]
fn a_value_drawn_below_its_bound_stays_below_it(
    #[generator(generate::between(1u8, 10).flat_map(|n| (generate::constant(n), generate::between(0, n))))] pair: (
        u8,
        u8,
    ),
) -> bool {
    pair.1 <= pair.0
}

/// The names the attribute's code binds are its own: a user's `static` or
/// `const` of the same name in scope, which a match arm's binding cannot
/// shadow, compiles.
mod names_the_macro_binds {
    #![allow(non_upper_case_globals)]

    use quickcheck::property;

    static options: u8 = 1;
    const property: u8 = 2;
    const misconfigured: u8 = 3;

    #[property]
    fn are_left_to_the_user(n: u8) {
        assert_eq!(u16::from(options) + u16::from(property) + u16::from(misconfigured), 6);
        let _ = n;
    }

    #[property]
    async fn are_left_to_the_user_in_an_async_property(n: u8) {
        assert_eq!(options + property + misconfigured, 6);
        let _ = n;
    }
}
