//! The registry: every `#[property]` of this test binary listed with where
//! it is written, and run outside libtest with one summary.

use std::cell::Cell;

use quickcheck::{Outcome, property, registry};

thread_local! {
    // Set only on the thread of the test that runs the registry, so the
    // property's own test, on another thread, keeps passing.
    static BROKEN: Cell<bool> = const { Cell::new(false) };
}

#[property(seed = 4, runs = 1000)]
fn lists_are_short_unless_broken(list: Vec<u8>) -> bool {
    !BROKEN.get() || list.len() < 3
}

#[property(cases = 20)]
fn booleans_survive_printing(flag: bool) -> bool {
    flag.to_string().parse::<bool>() == Ok(flag)
}

#[property(runs = 10)]
async fn async_properties_are_registered(n: u16) {
    assert_eq!(async { n }.await, n);
}

#[property]
#[should_panic]
fn expected_failures_are_not_registered(n: u8) {
    assert!(n < 10);
}

// Ignored where the predicate holds (`all()` always does), and only there
// left out of the registry.
#[property]
#[cfg_attr(all(), ignore)]
fn conditionally_ignored_properties_are_not_registered_where_ignored(n: u8) {
    assert!(n < 10);
}

// `any()` never holds: this one is registered.
#[property(runs = 5)]
#[cfg_attr(any(), ignore)]
fn conditionally_ignored_properties_are_registered_elsewhere(n: u8) -> bool {
    n.count_ones() <= 8
}

#[property]
#[tokio::test]
async fn properties_of_another_runtime_are_not_registered(n: u8) {
    tokio::task::yield_now().await;
    assert!(u16::from(n) < 256);
}

/// The number of runs, which cannot be worked out on the registry's thread
/// while it is broken.
fn runs_unless_broken() -> u64 {
    assert!(!BROKEN.get(), "no runs while broken");
    10
}

#[property(runs = runs_unless_broken())]
fn options_that_panic_do_not_end_the_registry_run(n: u8) -> bool {
    n.checked_add(0) == Some(n)
}

#[property(seed = 3, runs = 20)]
fn statistics_of_a_passing_property_are_shown(n: u8) {
    quickcheck::stats::classify(n < 128, "below 128");
}

#[test]
fn every_property_run_by_property_itself_is_listed_with_its_place() {
    let properties = registry::properties();
    let names: Vec<&str> = properties.iter().map(|property| property.name()).collect();
    assert_eq!(
        names,
        [
            "lists_are_short_unless_broken",
            "booleans_survive_printing",
            "async_properties_are_registered",
            "conditionally_ignored_properties_are_registered_elsewhere",
            "options_that_panic_do_not_end_the_registry_run",
            "statistics_of_a_passing_property_are_shown",
        ]
    );
    let first = properties[0];
    assert_eq!(first.module_path(), "property_registry");
    assert_eq!(first.path(), "property_registry::lists_are_short_unless_broken");
    assert_eq!(first.file(), "tests/property_registry.rs");
    assert_eq!(first.line(), 14);
    let options = format!("{:?}", first.options());
    assert!(options.contains("runs: Some(1000)") && options.contains("seed: Some(4)"), "{options}");
    // Its Debug form says which property it is, not where its functions are.
    assert_eq!(
        format!("{first:?}"),
        "RegisteredProperty { path: \"property_registry::lists_are_short_unless_broken\", \
         file: \"tests/property_registry.rs\", line: 14, .. }"
    );
}

#[test]
fn the_registry_runs_every_property_and_summarises_their_outcomes() {
    let summary = registry::run_all("");
    assert!(summary.all_passed(), "{summary}");
    let text = summary.to_string();
    assert!(text.ends_with("\n6 passed, 0 failed"), "{summary}");
    // A passing report with more to say than "passed" is shown under it.
    let shown = "\npassed property_registry::statistics_of_a_passing_property_are_shown (tests/property_registry.rs:";
    assert!(text.contains(shown), "{text}");
    assert!(text.contains(")\n  Passed 20 tests (seed 3).\n"), "{text}");
    assert!(text.contains("% below 128\n"), "{text}");
    // One that has none is its status line alone (unless every passing
    // report is asked for).
    let lines: Vec<&str> = text.lines().collect();
    let booleans = lines.iter().position(|line| line.contains("::booleans_survive_printing (")).unwrap();
    if std::env::var_os("QUICKCHECK_STATISTICS").is_none() {
        assert!(!lines[booleans + 1].starts_with("  "), "{text}");
    }
    // A filter that matches nothing says so, rather than pass on nothing.
    let summary = registry::run_all("property_registry::lists_are_long");
    assert!(!summary.all_passed());
    assert_eq!(
        summary.to_string(),
        "no property's path contains \"property_registry::lists_are_long\" (6 properties registered in this \
         binary): run_all checks those whose path, such as my_crate::tests::reverse, contains the filter; pass \"\" \
         for all of them\n0 passed, 0 failed"
    );

    BROKEN.set(true);
    let summary = registry::run_all("short");
    BROKEN.set(false);
    assert_eq!((summary.passed(), summary.failed()), (0, 1));
    let checked = &summary.checked()[0];
    assert_eq!(checked.outcome(), Outcome::Falsified);
    assert!(checked.report().contains("    list = [0, 0, 0]"), "{}", checked.report());
    let text = summary.to_string();
    assert!(
        text.starts_with(
            "FALSIFIED property_registry::lists_are_short_unless_broken (tests/property_registry.rs:14)\n  \
             Falsified after "
        ),
        "{text}"
    );
    assert!(text.contains("\n      list = [0, 0, 0]\n"), "{text}");
    assert!(text.ends_with("\n0 passed, 1 failed"), "{text}");

    // Options that panic make a misconfigured check, and the others still run.
    BROKEN.set(true);
    let summary = registry::run_all("");
    BROKEN.set(false);
    assert_eq!((summary.passed(), summary.failed()), (4, 2), "{summary}");
    let broken = summary.checked().iter().find(|checked| checked.outcome() == Outcome::Misconfigured).unwrap();
    assert_eq!(broken.property().unwrap().name(), "options_that_panic_do_not_end_the_registry_run");
    assert!(broken.report().contains("no runs while broken"), "{}", broken.report());
    // Said as a mistake in building the property, not in checking it.
    assert!(
        broken.report().starts_with("Misconfigured: building the property panicked at tests/property_registry.rs:"),
        "{}",
        broken.report()
    );
    assert!(
        broken.report().contains("a parameter's generator, a pinned example or an option of the attribute"),
        "{}",
        broken.report()
    );
    // The statuses make one column, as wide as the widest of them.
    let text = summary.to_string();
    assert!(
        text.contains("\nMISCONFIGURED property_registry::options_that_panic_do_not_end_the_registry_run ("),
        "{text}"
    );
    assert!(text.contains("\npassed        property_registry::booleans_survive_printing ("), "{text}");
}
