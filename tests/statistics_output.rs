//! Where a passing property's statistics show: captured like any test
//! output unless `--nocapture`, and always with `QUICKCHECK_STATISTICS=always`.
//! The checks rerun this test binary on its own property test and read what
//! it printed.

use std::process::{Command, Output};

use quickcheck::stats::{classify, cover};
use quickcheck::{Generator, assume, generate, property};

#[property(seed = 1)]
fn labels_small_numbers(n: u8) {
    classify(n < 10, "single digit");
}

/// Asks for far more single digits than a `u8` draw gives.
#[property(seed = 1)]
fn covers_too_few_small_numbers(n: u8) {
    cover(n < 10, 60.0, "single digit");
}

/// Passes, past a filter that rejects most inputs: a health warning.
#[property(seed = 1, runs = 12, max_discard_ratio = 1000, database = "off")]
fn filters_out_most_numbers(#[generator(generate::integer::<u32>().filter(|n| n % 4096 == 1234))] n: u32) {
    assert_eq!(n % 4096, 1234);
}

fn rerun(arguments: &[&str], always: bool) -> Output {
    rerun_test("labels_small_numbers", arguments, always)
}

fn rerun_test(test: &str, arguments: &[&str], always: bool) -> Output {
    let mut command = Command::new(std::env::current_exe().expect("the test binary"));
    command.args([test, "--exact", "--test-threads=1"]).args(arguments);
    command.env_remove("QUICKCHECK_STATISTICS");
    if always {
        command.env("QUICKCHECK_STATISTICS", "always");
    }
    let output = command.output().expect("the test binary runs");
    assert!(output.status.success(), "{output:?}");
    output
}

fn shows_table(text: &[u8]) -> bool {
    let text = String::from_utf8_lossy(text);
    text.contains("Passed 100 tests (seed 1).") && text.contains("% single digit")
}

#[test]
fn statistics_are_captured_unless_asked_for() {
    let quiet = rerun(&[], false);
    assert!(!shows_table(&quiet.stdout) && !shows_table(&quiet.stderr), "{quiet:?}");

    let nocapture = rerun(&["--nocapture"], false);
    assert!(shows_table(&nocapture.stdout), "{nocapture:?}");

    let always = rerun(&[], true);
    assert!(shows_table(&always.stderr), "{always:?}");
}

#[property(seed = 1)]
fn records_nothing(n: u8) -> bool {
    n.checked_add(0) == Some(n)
}

/// Under `always`, a check that recorded no statistics still says how many
/// examples passed: the setting is seen to work, and a run cut short by an
/// exhausted space shows.
#[test]
fn a_check_without_statistics_reports_its_count_when_asked() {
    let always = rerun_test("records_nothing", &[], true);
    let stderr = String::from_utf8_lossy(&always.stderr);
    assert!(stderr.contains("quickcheck in records_nothing:\nPassed 100 tests (seed 1)."), "{always:?}");
    let quiet = rerun_test("records_nothing", &["--nocapture"], false);
    assert!(!String::from_utf8_lossy(&quiet.stdout).contains("Passed"), "{quiet:?}");
    assert!(!String::from_utf8_lossy(&quiet.stderr).contains("Passed"), "{quiet:?}");
}

/// A missed `cover` requirement is a warning, and shows under a plain test
/// run, past the capture.
#[test]
fn a_coverage_shortfall_always_shows() {
    let quiet = rerun_test("covers_too_few_small_numbers", &[], false);
    let stderr = String::from_utf8_lossy(&quiet.stderr);
    let report = "quickcheck in covers_too_few_small_numbers:\nPassed 100 tests (seed 1).\n  Only ";
    assert!(stderr.contains(report), "{quiet:?}");
    assert!(stderr.contains("%) single digit, but required 60%"), "{quiet:?}");
}

/// A health warning of a passing test shows past the capture, and says
/// which test it is from: tests run side by side.
#[test]
fn a_health_warning_names_its_test() {
    let quiet = rerun_test("filters_out_most_numbers", &[], false);
    let stderr = String::from_utf8_lossy(&quiet.stderr);
    assert!(stderr.contains("quickcheck in filters_out_most_numbers: health check filter_too_much: "), "{quiet:?}");
}

/// A pinned example that `assume` discards never runs.
#[property(seed = 1, runs = 5)]
#[example(7)]
fn pins_an_example_its_assumption_rejects(n: u8) {
    assume(n % 2 == 0);
}

/// A passing check whose pinned example never ran says so past the
/// capture: its author meant it to run.
#[test]
fn a_skipped_pinned_example_always_shows() {
    let quiet = rerun_test("pins_an_example_its_assumption_rejects", &[], false);
    let stderr = String::from_utf8_lossy(&quiet.stderr);
    let line = "quickcheck in pins_an_example_its_assumption_rejects: a pinned example was skipped: assume discarded \
                it, so it never ran";
    assert!(stderr.contains(line), "{quiet:?}");
}
