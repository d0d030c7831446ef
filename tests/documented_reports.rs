//! The sample reports in the documentation are the real output of their
//! properties: a change to generation or shrinking that moves one fails here
//! rather than leaving the docs stale.

use quickcheck::{Options, Property, generate, property};

mod support;
use support::report_of;

/// The lines of a `text` or comment block that follow `marker` in `source`,
/// with `prefix` stripped, up to the first line without it.
fn documented_lines(source: &str, marker: &str, prefix: &str) -> Vec<String> {
    let start = source.find(marker).unwrap_or_else(|| panic!("{marker:?} is not in the documentation"));
    source[start + marker.len()..]
        .lines()
        .skip(1)
        .map_while(|line| line.strip_prefix(prefix))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_crate_docs_sample_report_is_current() {
    let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| !list.contains(&42))
        .check(Options::default().seed(7).runs(5_000));
    let documented =
        documented_lines(include_str!("../quickcheck/src/lib.rs"), "//! println!(\"{result}\");", "//! // ");
    let report: Vec<String> = result.to_string().lines().map(str::to_owned).collect();
    assert_eq!(documented, report);
}

#[test]
fn the_readmes_sample_report_is_current() {
    let triple = (generate::integer::<u16>(), generate::integer::<u16>(), generate::integer::<u16>());
    let result = Property::for_all(triple, |(a, _b, c)| a <= 10 || c <= 10)
        .parameters(&["a", "b", "c"])
        .check(Options::default().seed(5));
    let documented = documented_lines(include_str!("../README.md"), "`a > 10 && c > 10` fails:\n\n```text", "");
    let documented: Vec<String> = documented.into_iter().take_while(|line| line != "```").collect();
    let report: Vec<String> = result.to_string().lines().map(str::to_owned).collect();
    assert_eq!(documented, report);
}

// The property of the `#[property]` attribute's sample report.
#[property(seed = 7, runs = 5000, database = "off")]
#[should_panic]
fn lists_never_contain_42(list: Vec<i32>) -> bool {
    !list.contains(&42)
}

#[test]
fn the_property_attributes_sample_report_is_current() {
    let report = report_of(lists_never_contain_42);
    let documented = documented_lines(
        include_str!("../quickcheck/src/lib.rs"),
        "the test panics with this report:\n///\n/// ```text",
        "/// ",
    );
    let documented: Vec<String> = documented.into_iter().take_while(|line| line != "```").collect();
    let report: Vec<String> = report.lines().map(str::to_owned).collect();
    assert_eq!(documented, report);
}
