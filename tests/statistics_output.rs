//! Where a passing property's statistics show: captured like any test
//! output unless `--nocapture`, and always with `QUICKCHECK_STATISTICS=always`.
//! The checks rerun this test binary on its own property test and read what
//! it printed.

use std::process::{Command, Output};

use quickcheck::property;
use quickcheck::stats::classify;

#[property(seed = 1)]
fn labels_small_numbers(n: u8) {
    classify(n < 10, "single digit");
}

fn rerun(arguments: &[&str], always: bool) -> Output {
    let mut command = Command::new(std::env::current_exe().expect("the test binary"));
    command.args(["labels_small_numbers", "--exact", "--test-threads=1"]).args(arguments);
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
