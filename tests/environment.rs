//! Environment variables override the options. One test per variable would
//! race on the process environment, so this file has a single test that sets
//! and clears them in turn.

use quickcheck::{Cancellation, Options, Outcome, Property, generate};

mod support;

use support::Scratch;

fn set(name: &str, value: &str) {
    // SAFETY: this binary's only test runs on one thread and no other thread
    // reads the environment while it changes.
    unsafe { std::env::set_var(name, value) }
}

fn clear(name: &str) {
    // SAFETY: as in `set`.
    unsafe { std::env::remove_var(name) }
}

#[test]
fn environment_variables_override_options_and_bad_values_are_clear_errors() {
    set("QUICKCHECK_SEED", "31");
    let result = Property::for_all(generate::boolean(), |_| true).check(Options::default().seed(5));
    assert_eq!(result.seed(), Some(31));
    clear("QUICKCHECK_SEED");
    let result = Property::for_all(generate::boolean(), |_| true).check(Options::default().seed(5));
    assert_eq!(result.seed(), Some(5));

    set("QUICKCHECK_RUNS", "17");
    let result = Property::for_all(generate::integer::<u64>(), |_| true).check(Options::default().runs(500));
    assert_eq!(result.tests_run(), 17);
    clear("QUICKCHECK_RUNS");

    set("QUICKCHECK_MAX_SHRINKS", "1");
    let result = Property::for_all(generate::vec(generate::integer::<i32>()).min_length(10), |list| {
        list.iter().all(|&x| x < 100)
    })
    .check(Options::default().seed(3));
    assert_eq!(result.shrinks(), 1);
    // The report names the variable that set the limit, not the option.
    let stopped = "Shrinking stopped at its limit of 1 shrink (QUICKCHECK_MAX_SHRINKS), so";
    assert!(result.to_string().contains(stopped), "{result}");
    clear("QUICKCHECK_MAX_SHRINKS");

    set("QUICKCHECK_RUNS", "many");
    let result = Property::for_all(generate::boolean(), |_| true).check(Options::default());
    assert_eq!(result.outcome(), Outcome::Misconfigured);
    let report = result.to_string();
    assert!(report.contains("QUICKCHECK_RUNS is \"many\", which is not a whole number"), "{report}");
    // A number out of range is named with the range.
    set("QUICKCHECK_RUNS", "-1");
    let report = Property::for_all(generate::boolean(), |_| true).check(Options::default()).to_string();
    assert!(report.contains("is \"-1\", which is not a whole number from 0 to 18446744073709551615"), "{report}");
    clear("QUICKCHECK_RUNS");

    // A duration extends the run past its runs; a malformed one is named.
    set("QUICKCHECK_RUN_FOR", "40ms");
    let result = Property::for_all(generate::integer::<u64>(), |_| true).check(Options::default().runs(5));
    assert!(result.is_passed() && result.tests_run() > 5, "{result}");
    // A zero duration from the variable cannot stand in for the runs, and
    // the message names where it came from.
    set("QUICKCHECK_RUN_FOR", "0s");
    let result = Property::for_all(generate::boolean(), |_| true).check(Options::default().runs(0));
    assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
    assert!(result.to_string().contains("runs is 0 (and a QUICKCHECK_RUN_FOR of 0 stops at once)"), "{result}");
    set("QUICKCHECK_RUN_FOR", "10 minutes");
    let result = Property::for_all(generate::boolean(), |_| true).check(Options::default());
    assert_eq!(result.outcome(), Outcome::Misconfigured);
    let report = result.to_string();
    assert!(report.contains("QUICKCHECK_RUN_FOR is \"10 minutes\", which is not a duration"), "{report}");
    // Too long to hold is as good as for ever, not a malformed duration (a
    // cancelled check shows it is accepted without running for ever).
    set("QUICKCHECK_RUN_FOR", "99999999999h");
    let cancelled = Cancellation::new();
    cancelled.cancel();
    let result = Property::for_all(generate::boolean(), |_| true).check(Options::default().cancellation(cancelled));
    assert_eq!(result.outcome(), Outcome::Cancelled, "{result}");
    // So is a number of hours too large for any integer.
    set("QUICKCHECK_RUN_FOR", "99999999999999999999999h");
    let cancelled = Cancellation::new();
    cancelled.cancel();
    let result = Property::for_all(generate::boolean(), |_| true).check(Options::default().cancellation(cancelled));
    assert_eq!(result.outcome(), Outcome::Cancelled, "{result}");
    clear("QUICKCHECK_RUN_FOR");

    // A database location that is empty, or reads as "off" without being
    // it, is an error rather than a directory of that name; `off` works in
    // any case.
    let named = |options: Options| {
        Property::for_all(generate::integer::<u8>(), |n| n < 200).check(options.seed(1).name("environment::database"))
    };
    for (value, expected) in [
        ("", "QUICKCHECK_DATABASE is empty"),
        ("none", "write off to turn the example database off"),
        ("target/qc-examples\n", "with white space around the directory"),
    ] {
        set("QUICKCHECK_DATABASE", value);
        let result = named(Options::default());
        assert_eq!(result.outcome(), Outcome::Misconfigured, "{value:?}: {result}");
        assert!(result.to_string().contains(expected), "{result}");
    }
    set("QUICKCHECK_DATABASE", "OFF");
    let result = named(Options::default());
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    assert!(!std::path::Path::new("OFF").exists(), "a directory named OFF was made");
    // A directory named by the variable holds the failures, in place of
    // the one the options name, and the next run replays them from it.
    let directory = Scratch::new("environment-database");
    let ignored = Scratch::new("environment-database-ignored");
    set("QUICKCHECK_DATABASE", directory.to_str().expect("a UTF-8 temporary directory"));
    let first = named(Options::default().database(&*ignored));
    assert!(!first.is_from_database(), "{first}");
    assert!(std::fs::read_dir(&*directory).is_ok_and(|mut entries| entries.next().is_some()), "nothing saved");
    assert!(!ignored.exists(), "the directory of the options was used");
    let second = named(Options::default().database(&*ignored));
    assert!(second.is_from_database(), "{second}");
    clear("QUICKCHECK_DATABASE");
    let result = named(Options::default().database(" "));
    let empty = "Options::database is empty; give it a directory for the example database, or \"off\" to turn";
    assert!(result.to_string().contains(empty), "{result}");

    // So is a statistics setting that is neither `always` nor `auto`.
    set("QUICKCHECK_STATISTICS", "alway");
    let result = Property::for_all(generate::boolean(), |_| true).check(Options::default());
    assert_eq!(result.outcome(), Outcome::Misconfigured);
    assert!(result.to_string().contains("QUICKCHECK_STATISTICS is \"alway\", which is not always or auto"), "{result}");
    set("QUICKCHECK_STATISTICS", "Auto");
    assert!(Property::for_all(generate::boolean(), |_| true).check(Options::default()).is_passed());
    clear("QUICKCHECK_STATISTICS");

    // No runs and nothing else to stop on is refused, naming where the 0
    // came from; a replay, which generates nothing anyway, is not.
    set("QUICKCHECK_RUNS", "0");
    let result = Property::for_all(generate::boolean(), |_| true).check(Options::default());
    assert!(result.to_string().contains("QUICKCHECK_RUNS is 0, so the check would generate nothing"), "{result}");
    let replayed = Property::for_all(generate::boolean(), |flag| !flag).check(Options::default().replay("v1.AQ"));
    assert_eq!(replayed.outcome(), Outcome::Falsified, "{replayed}");
    clear("QUICKCHECK_RUNS");

    // Without a seed anywhere, each run picks a fresh one and reports it.
    let first = Property::for_all(generate::boolean(), |_| true).check(Options::default());
    let second = Property::for_all(generate::boolean(), |_| true).check(Options::default());
    assert!(first.to_string().contains(&format!("(seed {})", first.seed().unwrap())));
    assert_ne!(first.seed(), second.seed());
}
