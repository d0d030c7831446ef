//! Running properties: outcomes, reports, seeds, replays, pinned examples,
//! preconditions and cancellation.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use quickcheck::{Cancellation, FailureKind, Generator, Options, Outcome, Property, assume, generate};

mod support;

use support::Scratch;

fn seeded(seed: u64) -> Options {
    Options::default().seed(seed)
}

fn no_hundred(list: Vec<i32>) -> bool {
    !list.contains(&100)
}

#[test]
fn the_report_names_the_counts_the_values_the_failure_and_the_replay() {
    let result =
        Property::for_all(generate::vec(generate::integer::<i32>()), no_hundred).check(seeded(2024).runs(20_000));
    let report = result.to_string();
    let token = result.replay().unwrap();
    let expected_headline = format!(
        "Falsified after {} tests and {} shrinks (seed 2024).",
        result.tests_until_failure().unwrap(),
        result.shrinks()
    );
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], expected_headline, "{report}");
    assert_eq!(lines[1], "  Minimal counterexample: [100]");
    assert_eq!(lines[2], format!("  Original counterexample: {}", result.original().unwrap().rendered()));
    assert_eq!(lines[3], "  Failure: the property returned false");
    assert_eq!(lines[4], format!("  Replay with: Options::default().replay(\"{token}\")"));
    assert!(token.to_string().starts_with("v1."), "{token}");
}

#[test]
fn the_same_seed_gives_the_same_examples_and_the_same_report() {
    let seen = |seed| {
        let mut values = Vec::new();
        let result = Property::for_all(generate::vec(generate::integer::<i16>()), |list| {
            values.push(list.clone());
            list.len() < 6
        })
        .check(seeded(seed));
        (values, result.to_string())
    };
    let (first_values, first_report) = seen(77);
    let (second_values, second_report) = seen(77);
    assert_eq!(first_values, second_values);
    assert_eq!(first_report, second_report);
    let (other_values, _) = seen(78);
    assert_ne!(first_values, other_values);
}

#[test]
fn a_replay_token_reproduces_the_reported_counterexample() {
    let failing = |list: Vec<u8>| list.iter().map(|&x| u32::from(x)).sum::<u32>() < 300;
    let first = Property::for_all(generate::vec(generate::integer::<u8>()), failing).check(seeded(9));
    let token = first.replay().unwrap().to_string();
    let replayed =
        Property::for_all(generate::vec(generate::integer::<u8>()), failing).check(Options::default().replay(&token));
    assert!(replayed.is_falsified(), "{replayed}");
    assert_eq!(replayed.original().unwrap().value(), first.original().unwrap().value());
    assert_eq!(replayed.minimal().unwrap().value(), first.minimal().unwrap().value());
    assert_eq!(replayed.tests_run(), 1);
    assert_eq!(replayed.replay(), first.replay());
    // A replay draws from no seed, and its report names none.
    assert_eq!(replayed.seed(), None);
    assert!(!replayed.to_string().contains("seed"), "{replayed}");
}

/// A replay checks one example only: once that example passes (the bug is
/// fixed, or the token is stale), a replay left in place would test nothing
/// else, so the check says so instead of passing.
#[test]
fn a_replay_whose_example_passes_now_is_not_a_pass() {
    let first = Property::for_all(generate::integer::<u8>(), |n| n < 200).check(seeded(1));
    let token = first.replay().unwrap().to_string();
    let fixed = Property::for_all(generate::integer::<u8>(), |_| true).check(Options::default().replay(&token));
    assert_eq!(fixed.outcome(), Outcome::Misconfigured, "{fixed}");
    let report = fixed.to_string();
    assert!(report.contains("the example the replay token names passes now"), "{report}");
    assert!(report.contains("remove the replay token"), "{report}");
    assert!(!report.contains("seed"), "{report}");
}

#[test]
fn a_malformed_replay_token_is_a_clear_error() {
    // No token at all, or letters that are none: what a token looks like.
    for token in ["", "12", "12:4", "v1.A*E"] {
        let result = Property::for_all(generate::boolean(), |_| true).check(Options::default().replay(token));
        assert_eq!(result.outcome(), Outcome::Misconfigured, "{token:?}");
        let report = result.to_string();
        assert!(report.contains("malformed replay token"), "{report}");
        assert!(report.contains("expected \"v1.\" followed by base64 letters"), "{report}");
    }
    // A token's letters that read as no whole choices: it was cut short.
    for token in ["v1.A", "v1.gA"] {
        let result = Property::for_all(generate::boolean(), |_| true).check(Options::default().replay(token));
        assert_eq!(result.outcome(), Outcome::Misconfigured, "{token:?}");
        let report = result.to_string();
        assert!(report.contains("malformed replay token"), "{report}");
        assert!(report.contains("so it was cut short or changed; copy it again, whole"), "{report}");
    }
}

/// A whole token of a later format is not damaged: the report says whose it
/// is and how to get one this version reads.
#[test]
fn a_newer_versions_replay_token_says_so() {
    let result = Property::for_all(generate::boolean(), |_| true).check(Options::default().replay("v2.AAE"));
    assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
    let report = result.to_string();
    assert!(!report.contains("malformed"), "{report}");
    assert!(
        report.contains("the replay token \"v2.AAE\" is in the v2 format of a newer version of quickcheck"),
        "{report}"
    );
    assert!(report.contains("Rerun the failing test with this version"), "{report}");
}

/// A token from other generators runs out of choices, or decodes to an
/// input the filter now rejects: either way the report says the token is
/// stale rather than blaming the filter.
#[test]
fn a_replay_token_that_no_longer_fits_is_a_clear_error() {
    let two_lists = (generate::vec(generate::integer::<u8>()), generate::vec(generate::integer::<u8>()));
    let token = Property::for_all(generate::vec(generate::integer::<u8>()), |list| list.len() < 2)
        .check(Options::default().seed(1))
        .replay()
        .unwrap()
        .to_string();
    let even = generate::integer::<u8>().filter(|n| n % 2 == 0);
    let short = Property::for_all(two_lists, |_| true).check(Options::default().replay(&token));
    let filtered = Property::for_all(even, |_| true).check(Options::default().replay("v1.AQ"));
    // The list's elements lie beyond a range narrowed since, or its choices
    // are more than one byte reads: replayed, they would make another value.
    let below_ten = |list: Vec<u8>| list.iter().all(|&x| x < 10);
    let ten = Property::for_all(generate::vec(generate::integer::<u8>()), below_ten).check(Options::default().seed(1));
    assert_eq!(ten.minimal().unwrap().value(), &vec![10]);
    let narrowed = Property::for_all(generate::vec(generate::between(0u8, 1)), below_ten)
        .check(Options::default().replay(ten.replay().unwrap().to_string()));
    let left_over = Property::for_all(generate::integer::<u8>(), |_| true).check(Options::default().replay(&token));
    // [1, 2, 5]: the filter rejects 1 and takes 2, and the last byte has
    // no choice left: it ran out, after a rejection that did not end it.
    let even_then_two = (even, generate::integer::<u8>(), generate::integer::<u8>());
    let filtered_then_short = Property::for_all(even_then_two, |_| true).check(Options::default().replay("v1.AQIF"));
    // [3, 7]: 3 is beyond a list's "go on" choice, read as 0, a stop, which
    // leaves 7 over; the value beyond is the cause.
    let stopped = Property::for_all(generate::vec(generate::integer::<u8>()), |_| true)
        .check(Options::default().replay("v1.Awc"));
    let outcomes = [
        short.outcome(),
        filtered.outcome(),
        narrowed.outcome(),
        left_over.outcome(),
        filtered_then_short.outcome(),
        stopped.outcome(),
    ];
    assert_eq!(outcomes, [Outcome::Misconfigured; 6]);
    let [short, filtered, narrowed, left_over, filtered_then_short, stopped] = [
        short.to_string(),
        filtered.to_string(),
        narrowed.to_string(),
        left_over.to_string(),
        filtered_then_short.to_string(),
        stopped.to_string(),
    ];
    // Each says which way the token did not fit.
    for (result, replayed) in [
        (short, "its choices ran out before the generators finished."),
        (filtered, "it made an input rejected by a generator's filter."),
        (narrowed, "some of its choices lay beyond what the generators draw there now."),
        (left_over, "the generators finished with some of its choices left over."),
        (filtered_then_short, "its choices ran out before the generators finished."),
        (stopped, "some of its choices lay beyond what the generators draw there now."),
    ] {
        let said = format!("the replay token does not name an example of this property: replayed, {replayed}");
        assert!(result.contains(&said), "{result}");
        assert!(!result.contains("Exhausted"), "{result}");
    }
}

/// A token whose input an `assume` rejects now names the `assume`'s place.
#[test]
fn a_replay_token_an_assumption_rejects_names_the_assumption() {
    let result =
        Property::for_all(generate::integer::<u8>(), |n| assume(n % 2 == 0)).check(Options::default().replay("v1.AQ"));
    assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
    let said = "replayed, it made an input rejected by an `assume` that did not hold at tests/properties.rs:";
    assert!(result.to_string().contains(said), "{result}");
}

/// A token that fails with choices left over fails as the example the
/// generators read; its report replays that example, not the token's
/// leftovers.
#[test]
fn a_failing_replay_with_choices_left_over_reports_the_example_read() {
    let token: quickcheck::Replay = "v1.lgG_hD0".parse().unwrap();
    assert_eq!(token.choices(), [150, 999_999]);
    let result = Property::for_all(generate::integer::<u8>(), |n| n < 100).check(seeded(1).replay(token.to_string()));
    assert_eq!(result.failures()[0].original().map(|original| *original.value()), Some(150), "{result}");
    assert_eq!(result.minimal().unwrap().value(), &100, "{result}");
    let original = result.failures()[0].replay().unwrap();
    assert_eq!(original.choices(), [150], "{result}");
    // The report says the token was not read as written, so the example
    // may not be the one it named.
    assert!(result.to_string().contains("\n\n  The replay token does not fit the generators as they are now"));
    let fitting = result.failures()[0].replay().unwrap().to_string();
    let result = Property::for_all(generate::integer::<u8>(), |n| n < 100).check(seeded(1).replay(fitting));
    assert!(result.is_falsified() && !result.to_string().contains("does not fit"), "{result}");
}

#[test]
fn zero_runs_with_nothing_else_to_stop_on_is_refused() {
    let result = Property::for_all(generate::integer::<u8>(), |_| true).check(Options::default().runs(0));
    assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
    assert!(result.to_string().contains("runs is 0, so the check would generate nothing"), "{result}");
    // Only the pinned examples, with generation turned off as the message says.
    let pinned_only = Options::default().runs(0).phases(quickcheck::Phases::all().without(quickcheck::Phase::Generate));
    let result = Property::for_all(generate::integer::<u8>(), |n| n != 7).example(7).check(pinned_only);
    assert!(result.is_falsified(), "{result}");
    // A time to run for decides when to stop instead; a time of zero does
    // not, as it would stop at once.
    let timed = Options::default().seed(1).runs(0).run_for(std::time::Duration::from_millis(5));
    assert!(Property::for_all(generate::integer::<u8>(), |_| true).check(timed).is_passed());
    // However short the time, at least one example runs: a check that
    // passed having tested nothing would say nothing.
    let instant = Options::default().seed(1).runs(0).run_for(std::time::Duration::from_nanos(1));
    let result = Property::for_all(generate::integer::<u8>(), |_| true).check(instant);
    assert!(result.is_passed() && result.tests_run() >= 1, "{result}");
    let no_time = Options::default().runs(0).run_for(std::time::Duration::ZERO);
    let result = Property::for_all(generate::integer::<u8>(), |_| true).check(no_time);
    assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
    assert!(result.to_string().contains("runs is 0 (and a run_for of 0 stops at once), so"), "{result}");
}

#[test]
fn a_replay_with_pinned_examples_is_refused() {
    let result =
        Property::for_all(generate::between(0, 9), |_| true).example(3).check(Options::default().replay("v1.AQ"));
    assert_eq!(result.outcome(), Outcome::Misconfigured);
    assert!(result.to_string().contains("pinned examples"), "{result}");
}

/// An example whose expression panics is the pin's fault: the check says
/// which pin, and no panic leaves it.
#[test]
fn a_pinned_example_that_panics_while_built_is_a_misconfiguration() {
    let result = Property::for_all(generate::between(0u8, 9), |_| true)
        .example(1)
        .example_with(|| "x".parse::<u8>().expect("a pin that does not parse"))
        .check(Options::default());
    assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
    let report = result.to_string();
    assert!(report.contains("pinned example 2 could not be built"), "{report}");
    assert!(report.contains("a pin that does not parse"), "{report}");
}

#[test]
fn a_discard_ratio_of_zero_ends_the_check_at_the_first_discard() {
    let tolerant = Property::for_all(generate::boolean(), |_| true).check(Options::default().max_discard_ratio(0));
    assert_eq!(tolerant.outcome(), Outcome::Passed, "{tolerant}");
    let strict =
        Property::for_all(generate::between(0, 9), |n| assume(n != 4)).check(Options::default().max_discard_ratio(0));
    assert_eq!(strict.outcome(), Outcome::Exhausted, "{strict}");
    assert_eq!(strict.discards(), 1);
}

#[test]
fn a_filter_that_rejects_everything_is_exhausted_quickly() {
    let calls = AtomicU64::new(0);
    let never = generate::integer::<i32>().filter(|_| false);
    let result = Property::for_all(never, |_| {
        calls.fetch_add(1, Ordering::Relaxed);
        true
    })
    .check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    assert_eq!(calls.load(Ordering::Relaxed), 0);
    assert_eq!(result.discards(), 1000);
    let report = result.to_string();
    assert!(report.starts_with("Exhausted after 0 tests (seed 1): 1000 examples were discarded"), "{report}");
    assert!(report.contains("so the property was not tested at all."), "{report}");
    assert!(report.contains("estimated 100.0%"), "{report}");
    assert!(report.contains("Rejected by: a generator's filter (1000 examples)."), "{report}");
    assert!(report.contains("or loosen what rejects them."), "{report}");
}

#[test]
fn assume_discards_and_too_many_discards_is_exhausted_not_a_pass() {
    let result = Property::for_all(generate::integer::<u32>(), |n| {
        assume(n % 1000 == 7);
        true
    })
    .check(seeded(4));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    assert!(result.tests_run() < 100);
    assert!(result.tests_run() > 0 && result.to_string().contains("so the property was barely tested."), "{result}");

    let result = Property::for_all(generate::between(0, 9), |n| {
        assume(n != 3);
        n != 3
    })
    .check(seeded(4));
    assert!(result.is_passed(), "{result}");
    assert!(result.discards() > 0);
}

#[test]
fn a_panicking_generator_ends_the_check_as_generation_failed() {
    let broken = generate::between(0, 10).map(|n| if n > 5 { panic!("cannot build {n}") } else { n });
    let result = Property::for_all(broken, |_| true).check(seeded(3));
    assert_eq!(result.outcome(), Outcome::GenerationFailed, "{result}");
    let failure = result.failure().unwrap();
    // Shrunk like a failure: the smallest input the generator panics on.
    assert_eq!(failure.message(), "cannot build 6");
    assert!(failure.location().unwrap().file.ends_with("properties.rs"));
    let report = result.to_string();
    assert!(report.contains("the generator panicked"), "{report}");
    assert!(report.contains("Replay with"), "{report}");
    // Command sequences, whose models run while they are drawn, are no
    // part of this property: the report does not bring them up.
    assert!(!report.contains("command sequence"), "{report}");
}

/// A generator's panic is shrunk to the smallest input it panics on, with
/// replays that only draw (the body never sees such an input), and its
/// replay token makes that smallest panic again.
#[test]
fn a_generator_panic_is_shrunk_to_the_smallest_input_it_panics_on() {
    let body_calls = std::cell::Cell::new(0);
    let pairs = (generate::vec(generate::integer::<u8>()), generate::integer::<u32>()).map(|(list, n)| {
        assert!(n <= 100 || list.len() > 3, "cannot build {n} with {} elements", list.len());
        (list, n)
    });
    let result = Property::for_all(&pairs, |_| body_calls.set(body_calls.get() + 1)).check(seeded(2));
    assert_eq!(result.outcome(), Outcome::GenerationFailed, "{result}");
    assert_eq!(result.failure().unwrap().message(), "cannot build 101 with 0 elements", "{result}");
    let calls_before_shrinking = body_calls.get();
    let token = result.replay().unwrap().to_string();
    let replayed =
        Property::for_all(&pairs, |_| body_calls.set(body_calls.get() + 1)).check(Options::default().replay(&token));
    assert_eq!(replayed.failure().unwrap().message(), "cannot build 101 with 0 elements", "{replayed}");
    assert_eq!(body_calls.get(), calls_before_shrinking, "a replay while shrinking a generator's panic ran the body");
}

#[test]
fn bodies_may_return_unit_bool_or_result() {
    let unit = Property::for_all(generate::between(0, 100), |n| assert!(n < 50, "too big")).check(seeded(1));
    assert_eq!(unit.failure().unwrap().kind(), FailureKind::Panicked);
    assert_eq!(unit.minimal().unwrap().value(), &50);
    assert_eq!(unit.failure().unwrap().message(), "too big");

    let boolean = Property::for_all(generate::between(0, 100), |n| n < 50).check(seeded(1));
    assert_eq!(boolean.failure().unwrap().kind(), FailureKind::ReturnedFalse);

    let result =
        Property::for_all(generate::between(0, 100), |n| if n < 50 { Ok(()) } else { Err(format!("{n} is too big")) })
            .check(seeded(1));
    assert_eq!(result.failure().unwrap().kind(), FailureKind::ReturnedError);
    assert_eq!(result.minimal().unwrap().value(), &50);
    assert!(result.to_string().contains("the property returned Err(\"50 is too big\")"), "{result}");

    // A message of several lines is written as its text, each line on a
    // line of its own, as a panic's is.
    let lines = Property::for_all(generate::between(0, 100), |n| {
        if n < 50 { Ok(()) } else { Err(format!("{n} is too big:\n\"{n}\" > 49")) }
    })
    .check(seeded(1));
    let report = lines.to_string();
    assert!(report.contains("the property returned Err(50 is too big:\n    \"50\" > 49)"), "{report}");
}

#[test]
fn question_mark_works_in_a_body() {
    let result = Property::for_all(generate::string_of(generate::char_between('0', '9')).length(1..=3), |text| {
        let number: u32 = text.parse()?;
        assert!(number < 500);
        Ok::<(), std::num::ParseIntError>(())
    })
    .check(seeded(1));
    assert_eq!(result.minimal().unwrap().value(), "500", "{result}");
}

#[test]
fn pinned_examples_run_first_and_fail_unshrunk() {
    let mut order = Vec::new();
    let result = Property::for_all(generate::between(0, 10), |n| {
        order.push(n);
        n != 1000
    })
    .example(5)
    .example(1000)
    .example(7)
    .check(seeded(1));
    assert_eq!(order, vec![5, 1000]);
    assert!(result.is_falsified());
    let minimal = result.minimal().unwrap();
    assert!(minimal.is_explicit());
    assert_eq!(minimal.value(), &1000);
    assert_eq!(result.tests_run(), 0);
    assert_eq!(result.replay(), None);
    // The second of three: among several, the headline says which.
    assert!(result.to_string().starts_with("Falsified on pinned example 2 of 3.\n  Counterexample: 1000"), "{result}");
}

#[test]
fn pinned_examples_are_checked_on_top_of_the_runs_and_skipped_when_assumed_away() {
    let mut calls = 0;
    let result = Property::for_all(generate::between(0, 10_000), |n| {
        calls += 1;
        assume(n != -1);
    })
    .example(-1)
    .example(3)
    .check(seeded(1));
    assert!(result.is_passed(), "{result}");
    assert_eq!(result.tests_run(), 100);
    assert_eq!(calls, 102);
    assert_eq!(result.skipped_examples(), 1);
    assert!(result.to_string().contains("1 pinned example was skipped"), "{result}");
}

#[test]
fn a_cancelled_check_stops_between_examples() {
    let cancellation = Cancellation::new();
    let stop = cancellation.clone();
    let mut calls = 0;
    let result = Property::for_all(generate::integer::<u8>(), |_| {
        calls += 1;
        if calls == 10 {
            stop.cancel();
        }
    })
    .check(seeded(1).runs(1000).cancellation(cancellation));
    assert_eq!(result.outcome(), Outcome::Cancelled);
    assert_eq!(calls, 10);
    assert_eq!(result.to_string(), "Cancelled after 10 tests (seed 1).");
}

/// Lists of at least 20 numbers, one of them above 10, fail.
fn has_a_large_number(list: &[i64]) -> bool {
    list.iter().any(|&x| x > 10)
}

/// Checks [`has_a_large_number`] with `options`, cancelling the check at
/// the third failing call, which is during shrinking; returns the result
/// and the failing calls.
fn cancelled_at_the_third_failure(options: Options) -> (quickcheck::PropertyResult<Vec<i64>>, u32) {
    let cancellation = Cancellation::new();
    let stop = cancellation.clone();
    let mut failures = 0;
    let result = Property::for_all(generate::vec(generate::integer::<i64>()).min_length(20), |list| {
        if has_a_large_number(&list) {
            failures += 1;
            if failures == 3 {
                stop.cancel();
            }
        }
        !has_a_large_number(&list)
    })
    .check(options.cancellation(cancellation));
    (result, failures)
}

/// Cancelled while shrinking, the check reports no result, but keeps the
/// failure, as far as it was shrunk, for the next run to start from.
#[test]
fn a_cancelled_shrink_reports_nothing_and_keeps_the_failure() {
    let directory = Scratch::new("cancelled");
    let options = || seeded(1).name("properties::cancelled_shrink").database(directory.to_str().unwrap());
    let (result, failures) = cancelled_at_the_third_failure(options().multiple_failures(false));
    assert_eq!(result.outcome(), Outcome::Cancelled, "{result}");
    assert!(result.minimal().is_none());
    assert_eq!(failures, 3);
    let report = result.to_string();
    assert!(report.starts_with("Cancelled after 2 tests (seed 1).\n"), "{report}");
    assert!(report.contains("the failure was saved, and the next run starts from it.\n  Replay with: "), "{report}");

    let next =
        Property::for_all(generate::vec(generate::integer::<i64>()).min_length(20), |list| !has_a_large_number(&list))
            .check(options().runs(1));
    assert!(next.is_from_database(), "{next}");
    let minimal = next.minimal().expect("the kept failure fails again").value();
    assert_eq!(minimal.iter().filter(|&&x| x > 10).count(), 1, "{next}");

    // A database that cannot be written to keeps nothing, and the report
    // does not claim otherwise.
    let file = Scratch::new("cancelled-file");
    std::fs::write(&file, "a file, not a directory").unwrap();
    let unwritable = seeded(1).name("properties::unsaved").database(file.join("examples").to_str().unwrap());
    let (result, _) = cancelled_at_the_third_failure(unwritable);
    assert_eq!(result.outcome(), Outcome::Cancelled, "{result}");
    assert!(result.to_string().contains("which is not saved for the next run"), "{result}");
}

/// Without a database to keep it (the property has no name), a failure
/// whose shrink was cancelled is offered as a replay token, and replaying
/// it finishes the shrink.
#[test]
fn a_cancelled_shrink_without_a_database_offers_its_failure_to_replay() {
    let (result, _) = cancelled_at_the_third_failure(seeded(1).multiple_failures(false));
    assert_eq!(result.outcome(), Outcome::Cancelled, "{result}");
    let token = result.replay().expect("the unreported failure is offered").to_string();
    let report = result.to_string();
    assert!(report.contains("which is not saved for the next run"), "{report}");
    assert!(report.ends_with(&format!("Replay with: Options::default().replay(\"{token}\")")), "{report}");

    let replayed =
        Property::for_all(generate::vec(generate::integer::<i64>()).min_length(20), |list| !has_a_large_number(&list))
            .check(seeded(1).replay(token));
    let mut minimal = vec![0; 19];
    minimal.push(11);
    assert_eq!(replayed.minimal().expect("the replay fails").value(), &minimal, "{replayed}");
}

/// A body that fails once the check is cancelled failed because of the
/// cancellation, as far as the check can tell: no counterexample.
#[test]
fn a_failure_after_cancellation_is_no_counterexample() {
    let cancellation = Cancellation::new();
    let stop = cancellation.clone();
    let mut calls = 0;
    let result = Property::for_all(generate::integer::<u8>(), |_| {
        calls += 1;
        if calls == 5 {
            stop.cancel();
            panic!("operation cancelled");
        }
    })
    .check(seeded(1).cancellation(cancellation.clone()));
    assert_eq!(result.outcome(), Outcome::Cancelled, "{result}");
    assert_eq!(result.tests_run(), 4, "{result}");

    // A pinned example likewise; and a check cancelled before it starts
    // runs no example at all.
    let cancellation = Cancellation::new();
    let stop = cancellation.clone();
    let pinned = Property::for_all(generate::integer::<u8>(), |n| {
        stop.cancel();
        assert!(n < 200, "operation cancelled");
    })
    .example(250)
    .check(seeded(1).cancellation(cancellation.clone()));
    assert_eq!(pinned.outcome(), Outcome::Cancelled, "{pinned}");
    let untouched = Property::for_all(generate::integer::<u8>(), |n| assert!(n > 100, "ran"))
        .example(1)
        .check(seeded(1).cancellation(cancellation));
    assert_eq!(untouched.outcome(), Outcome::Cancelled, "{untouched}");
}

struct Explodes;

impl fmt::Debug for Explodes {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        panic!("Debug is broken")
    }
}

#[test]
fn a_panicking_debug_prints_a_placeholder_in_the_report() {
    let result = Property::for_all(generate::constant(()).map(|()| Explodes), |_| false).check(seeded(1));
    assert!(result.to_string().contains("Minimal counterexample: <Debug panicked: Debug is broken>"), "{result}");
}

#[test]
fn huge_values_are_cut_in_the_report() {
    let huge = generate::vec(generate::constant(u64::MAX)).length(5000..=5000);
    let result = Property::for_all(huge, |_| false).check(seeded(1));
    let report = result.to_string();
    assert!(report.len() < 25_000, "{} bytes", report.len());
    assert!(report.contains("(cut: longer than 10000 bytes)"));
}

#[test]
fn the_first_example_is_the_simplest() {
    let mut first = None;
    Property::for_all(
        (generate::vec(generate::integer::<i32>()), generate::string(), generate::between(3, 9)),
        |value| {
            first.get_or_insert(value);
        },
    )
    .assert(seeded(8));
    assert_eq!(first, Some((vec![], String::new(), 3)));
}

#[test]
fn early_examples_are_small_and_later_ones_grow() {
    let mut lengths = Vec::new();
    Property::for_all(generate::vec(generate::integer::<u64>()), |list| lengths.push(list.len()))
        .assert(seeded(5).runs(400));
    let early = lengths[..5].iter().sum::<usize>() as f64 / 5.0;
    let late = lengths[200..].iter().sum::<usize>() as f64 / 200.0;
    assert_eq!(lengths[0], 0);
    assert!(early < late, "early {:?}, later ones {late} on average", &lengths[..5]);
    assert!((3.0..8.0).contains(&late), "{late}");
}

#[test]
#[should_panic(expected = "Falsified after")]
fn assert_panics_with_the_report() {
    Property::for_all(generate::between(0, 10), |n| n < 5).assert(seeded(1));
}

#[test]
fn a_runaway_generator_is_discarded_not_hung() {
    // A list of lists of lists of strings can ask for more choices than a
    // test case may make; such a case is discarded as an overrun.
    let strings = generate::vec(generate::string()).length(64..=64);
    let deep = generate::vec(generate::vec(strings).length(64..=64)).length(64..=64);
    let result = Property::for_all(deep, |_| true).check(seeded(1).runs(3));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
}

#[test]
fn sampling_shows_what_a_generator_produces() {
    let dice = generate::between(1, 6).sample(60, 3);
    assert_eq!(dice.len(), 60);
    assert!((1..=6).all(|face| dice.contains(&face)));
    assert_eq!(dice, generate::between(1, 6).sample(60, 3));
}

/// After the first failure, generation goes on to look for failures of
/// other origins; a generator's panic met then ends that search instead of
/// taking the place of the failure already found, and is reported beside
/// it.
#[test]
fn a_generator_panic_after_a_failure_leaves_the_failure_reported() {
    let panics_above_40 = generate::between(0u32, 50).map(|n| {
        assert!(n <= 40, "the generator cannot make {n}");
        n
    });
    let result = Property::for_all(panics_above_40, |n| n == 0).check(Options::default().seed(4));
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    assert_eq!(result.minimal().map(|minimal| *minimal.value()), Some(1), "{result}");
    // The panic is reported beside the failure, with its own replay.
    let (panic, replay) = result.generator_panic().expect("the generator's panic was lost");
    let replay = replay.expect("a panic the replay repeats has a token");
    assert_eq!(panic.message(), "the generator cannot make 41", "{result}");
    let replayed = Property::for_all(panics_above_40, |n| n == 0).check(Options::default().replay(replay.to_string()));
    assert_eq!(replayed.outcome(), Outcome::GenerationFailed, "{replayed}");
}

/// A generator that panics on an input only shrinking reaches: the
/// shrinker steps around it, and the report names the panic and how to
/// replay it, rather than losing a bug of the generator.
#[test]
fn a_generator_panic_met_while_shrinking_is_reported_beside_the_failure() {
    let values = generate::integer::<u64>().map(|n| {
        assert!(!(1000..1004).contains(&n), "{n} is not handled");
        n
    });
    let result = Property::for_all(values, |n| n < 1000).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    assert_eq!(result.minimal().map(|minimal| *minimal.value()), Some(1004), "{result}");
    let report = result.to_string();
    let token = result.generator_panic().expect("the generator's panic was lost").1.expect("a token").to_string();
    let section = "\n\n  The generator also panicked, on another input (a generator must return a value or \
                   discard the example; any other panic is a bug in it):\n  Generator failure: panicked at ";
    assert!(report.contains(section), "{report}");
    assert!(report.contains(": 1000 is not handled\n"), "{report}");
    let replay_line = format!("  Replay the generator's panic with: Options::default().replay(\"{token}\")");
    assert!(report.ends_with(&replay_line), "{report}");
    // The failure's own lines come first, unchanged.
    assert!(report.contains("  Minimal counterexample: 1004\n"), "{report}");
}

/// A generator that panics on something besides its choices (here a count
/// of its draws) panics no more when what it drew is replayed: the report
/// says so, in place of a replay token that would not repeat the panic.
#[test]
fn a_generator_panic_that_a_replay_does_not_repeat_has_no_replay_line() {
    let draws = AtomicU64::new(0);
    let tenth_draw_panics = generate::integer::<u8>().map(|n| {
        assert!(draws.fetch_add(1, Ordering::Relaxed) != 9, "the tenth draw");
        n
    });
    let result = Property::for_all(tenth_draw_panics, |_| true).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::GenerationFailed, "{result}");
    assert!(result.replay().is_none(), "{result}");
    assert!(result.generator_panic().is_some_and(|(_, replay)| replay.is_none()), "{result}");
    let report = result.to_string();
    assert!(!report.contains("Replay with"), "{report}");
    assert!(
        report
            .contains("Replaying what the generator drew did not panic again, so no replay token repeats this panic."),
        "{report}"
    );
    assert!(report.ends_with("a bug of the crate's that the seed above shows again."), "{report}");
}

/// A body that fails on every other call, for large inputs: run again
/// once, its minimal counterexample failed half the time, and the failure
/// was reported as a counterexample to trust. Run again twice, it passes
/// once, always.
#[test]
fn a_failure_that_comes_every_other_call_is_flaky() {
    for seed in 0..20 {
        let mut calls = 0u64;
        let result = Property::for_all(generate::integer::<u8>(), |n| {
            calls += 1;
            !(n > 100 && calls.is_multiple_of(2))
        })
        .check(seeded(seed));
        assert_eq!(result.outcome(), Outcome::Flaky, "seed {seed}: {result}");
    }
}

/// A failure that does not happen again when its minimal counterexample
/// is run again is reported as flaky, not as a counterexample to trust.
#[test]
fn a_failure_that_does_not_happen_again_is_flaky() {
    let mut calls = 0;
    let result = Property::for_all(generate::integer::<u8>(), |_| {
        calls += 1;
        calls != 5
    })
    .check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Flaky, "{result}");
    assert!(!result.failures()[0].is_reproduced());
    let report = result.to_string();
    assert!(report.starts_with("Flaky after 5 tests and 0 shrinks (seed 1)."), "{report}");
    // What it found is not called minimal: the failure did not hold.
    assert!(report.contains("\n  Counterexample: ") && !report.contains("Minimal"), "{report}");
    assert!(report.contains("\n  Flaky: run again, this counterexample did not fail this way every time."), "{report}");
    // The causes it names include the one no body shows: a generator whose
    // draws follow a randomly keyed hash set's order.
    assert!(report.contains("a generator that draws by a HashSet's or HashMap's iteration order"), "{report}");

    let steady = Property::for_all(generate::integer::<u8>(), |n| n < 100).check(seeded(1));
    assert_eq!(steady.outcome(), Outcome::Falsified, "{steady}");
    assert!(steady.failures()[0].is_reproduced());
    assert!(!steady.to_string().contains("Flaky"), "{steady}");

    // A flaky value is no test case to pin; a steady one is.
    let mut calls = 0;
    let named = Property::for_all((generate::integer::<u8>(),), |(n,)| {
        calls += 1;
        calls != 5 && n < 250
    })
    .parameters(&["n"])
    .check(seeded(1));
    assert!(named.is_flaky(), "{named}");
    assert!(!named.to_string().contains("Pin it with"), "{named}");
}

/// Parameter names are one per field, each its own: a report could not
/// tell two fields of one name apart.
#[test]
fn parameter_names_are_one_per_field_and_distinct() {
    let pair = || (generate::integer::<u8>(), generate::boolean());
    let refusal = |names: &'static [&'static str]| {
        let Err(payload) = std::panic::catch_unwind(|| Property::for_all(pair(), |_| true).parameters(names)) else {
            panic!("the names {names:?} were taken");
        };
        *payload.downcast::<String>().unwrap()
    };
    let message = refusal(&["a", "a"]);
    assert!(message.contains("the name \"a\" is given twice (the second time as name 2)"), "{message}");
    let message = refusal(&["a"]);
    // A plain sentence, not an `assert_eq!`'s left and right.
    assert_eq!(message, "Property::parameters: 1 name for a tuple of 2 values; name every field once");
}

/// A struct with no derive, whose `Debug` form is its struct expression.
#[derive(Clone, Debug)]
struct Point {
    x: u8,
}

/// The pin line of a failure writes its values as `Property::example`
/// takes them, or is left out where they would not compile back.
#[test]
fn the_pin_line_writes_the_values_as_example_takes_them() {
    let pinnable = Property::for_all((generate::integer::<u8>(),), |(n,)| n < 100).parameters(&["n"]).check(seeded(1));
    assert!(pinnable.to_string().contains("Pin it with: .example((100,))"), "{pinnable}");
    assert_eq!(pinnable.example_attribute().as_deref(), Some("#[example(100)]"));

    // Leaving the line out needs the names that make it: a clear panic
    // when called before them.
    let too_early = std::panic::catch_unwind(|| {
        let _ = Property::for_all((generate::integer::<u8>(),), |(n,)| n < 100).without_pin_line();
    });
    let payload = too_early.unwrap_err();
    let message = payload.downcast_ref::<&str>().map(|text| (*text).to_owned()).unwrap_or_default();
    assert!(message.contains("call it after Property::parameters"), "{message}");

    // `NaN` is no float literal: a float parameter is pinned by its
    // constant, and a value holding one gets no example line.
    let not_a_number =
        Property::for_all((generate::float::<f64>(),), |(x,)| !x.is_nan()).parameters(&["x"]).check(seeded(1));
    assert!(not_a_number.to_string().contains("    x = NaN"), "{not_a_number}");
    assert!(not_a_number.to_string().contains("Pin it with: .example((f64::NAN,))"), "{not_a_number}");
    let holding_one =
        Property::for_all((generate::vec(generate::float::<f64>()),), |(list,)| !list.iter().any(|x| x.is_nan()))
            .parameters(&["list"])
            .check(seeded(1));
    assert!(holding_one.to_string().contains("    list = [NaN]"), "{holding_one}");
    assert!(!holding_one.to_string().contains("Pin it with"), "{holding_one}");

    // `.example(...)` takes the values themselves: a `String` is written
    // owned, where `#[example(...)]` turns its literal into one.
    let with_text = (generate::integer::<u8>(), generate::string(), generate::float::<f64>());
    let text = Property::for_all(with_text, |(n, _, _)| n < 5).parameters(&["n", "text", "x"]).check(seeded(1));
    assert!(text.to_string().contains(r#"Pin it with: .example((5, "".to_owned(), 0.0))"#), "{text}");
    // A `Cow<str>` is written converted, as `.example` needs it.
    let labelled = || (generate::integer::<u8>(), quickcheck::arbitrary::<std::borrow::Cow<'static, str>>());
    let label = Property::for_all(labelled(), |(n, _)| n < 5).parameters(&["n", "label"]).check(seeded(1));
    assert!(label.to_string().contains(r#"Pin it with: .example((5, "".into()))"#), "{label}");
    let pasted = Property::for_all(labelled(), |(n, _)| n < 5).example((5, "".into())).check(seeded(1));
    assert!(pasted.to_string().contains("on a pinned example"), "{pasted}");
    // Built without `#[property]`, the property's module is unknown: a
    // struct inside a value is written by its name, which the property's
    // own code names to build its generator.
    let points = generate::vec(generate::integer::<u8>().map(|x| Point { x })).min_length(1);
    let nested = Property::for_all((points,), |(points,)| points[0].x < 3).parameters(&["points"]).check(seeded(1));
    assert!(nested.to_string().contains("Pin it with: .example((vec![Point { x: 3 }],))"), "{nested}");
    // A type whose `Debug` form is no expression of it gets no line, even
    // where the form reads as one: `Wrapping(0)` prints as `0`.
    let wrapped = (generate::integer::<u8>(), generate::integer::<u8>().map(std::num::Wrapping));
    let wrapped = Property::for_all(wrapped, |(n, _)| n < 5).parameters(&["n", "w"]).check(seeded(1));
    assert!(wrapped.to_string().contains("    w = 0"), "{wrapped}");
    assert!(!wrapped.to_string().contains("Pin it with"), "{wrapped}");
}

/// A check cancelled during the last replay of its minimal counterexample
/// (the body passing because of it) is cancelled, not flaky.
#[test]
fn a_cancellation_during_the_final_replay_is_no_flaky_failure() {
    let body_calls = |cancel_at: Option<u32>| {
        let cancellation = Cancellation::new();
        let stop = cancellation.clone();
        let mut calls = 0;
        let result = Property::for_all(generate::integer::<u32>(), |n| {
            calls += 1;
            if Some(calls) == cancel_at {
                stop.cancel();
                return true;
            }
            n < 1000
        })
        .check(seeded(3).cancellation(cancellation));
        (result, calls)
    };
    let (steady, calls) = body_calls(None);
    assert!(steady.is_falsified(), "{steady}");
    // The final replay is the last call a plain property's check makes.
    let (cancelled, _) = body_calls(Some(calls));
    assert_eq!(cancelled.outcome(), Outcome::Cancelled, "{cancelled}");
}

/// A saved failure that passes while the check is being cancelled stays
/// saved: it may have passed only because of the cancellation.
#[test]
fn a_saved_failure_is_kept_when_the_check_is_cancelled_while_it_runs() {
    let directory = Scratch::new("cancelled-reuse");
    let options = || seeded(4).name("properties::cancelled_reuse").database(directory.to_str().unwrap());
    let first = Property::for_all(generate::integer::<u32>(), |n| n < 1000).check(options());
    assert!(first.is_falsified(), "{first}");

    let cancellation = Cancellation::new();
    let stop = cancellation.clone();
    let cancelled = Property::for_all(generate::integer::<u32>(), |_| {
        stop.cancel();
        true
    })
    .check(options().cancellation(cancellation));
    assert_eq!(cancelled.outcome(), Outcome::Cancelled, "{cancelled}");

    let again = Property::for_all(generate::integer::<u32>(), |n| n < 1000).check(options().runs(1));
    assert!(again.is_from_database(), "the saved failure was deleted: {again}");
}

/// Of a flaky failure and a steady one, the steady one is reported first
/// and decides the outcome; the flaky one is marked, and shows no notes
/// (its replay's notes are not its own).
#[test]
fn a_steady_failure_comes_before_a_flaky_one() {
    let mut calls = 0;
    let result = Property::for_all(generate::integer::<u16>(), |n| {
        calls += 1;
        quickcheck::stats::note("call", calls);
        assert!(calls != 2, "only the second call fails here");
        assert!(n < 1000, "too large");
    })
    .check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    let failures = result.failures();
    assert_eq!(failures.len(), 2, "{result}");
    assert!(failures[0].is_reproduced() && !failures[1].is_reproduced(), "{result}");
    assert!(failures[0].failure().message().contains("too large"), "{result}");
    assert!(failures[1].notes().is_empty(), "{result}");
    let report = result.to_string();
    assert_eq!(report.matches("Flaky: run again").count(), 1, "{report}");
}

/// A body slower than the deadline fails, and shrinks to the smallest slow
/// input; the generators' time does not count, and a failure of another
/// kind is reported as that failure.
#[test]
fn a_deadline_fails_slow_examples_and_shrinks_them() {
    use std::time::Duration;
    let slow = |n: u32| {
        if n >= 100 {
            std::thread::sleep(Duration::from_millis(40));
        }
    };
    let deadline = Duration::from_millis(15);
    let result = Property::for_all(generate::between(0u32, 1000), slow)
        .check(seeded(1).deadline(deadline).multiple_failures(false));
    assert!(result.is_falsified(), "{result}");
    assert_eq!(result.minimal().unwrap().value(), &100, "{result}");
    let failure = result.failure().unwrap();
    assert_eq!(failure.kind(), FailureKind::DeadlineExceeded);
    assert!(result.to_string().contains("Failure: the property took "), "{result}");
    assert!(failure.message().ends_with(", longer than the deadline of 15ms"), "{result}");

    // A slow generator is not the body's time.
    let slow_generator = generate::between(0u32, 10).map(|n| {
        std::thread::sleep(Duration::from_millis(30));
        n
    });
    let passed = Property::for_all(slow_generator, |_| ())
        .check(seeded(1).runs(5).deadline(deadline).suppress(quickcheck::HealthCheck::TooSlow));
    assert!(passed.is_passed(), "{passed}");

    // A pinned example is held to the deadline too.
    let pinned = Property::for_all(generate::between(0u32, 10), slow).example(500).check(seeded(1).deadline(deadline));
    assert_eq!(pinned.failure().unwrap().kind(), FailureKind::DeadlineExceeded, "{pinned}");
}

/// While searching, a body may run a quarter past its deadline: one that
/// takes a little longer passes, so that a body near its limit does not
/// fail by chance. (Sleeping 410 ms against a 400 ms deadline leaves 90 ms
/// of the slack for a busy machine's oversleeping.)
#[test]
fn a_body_within_the_slack_of_its_deadline_passes() {
    use std::time::Duration;
    let result = Property::for_all(generate::boolean(), |_| std::thread::sleep(Duration::from_millis(410)))
        .check(seeded(1).runs(2).deadline(Duration::from_millis(400)));
    assert!(result.is_passed(), "{result}");
}

/// A deadline too long to ever pass, `Duration::MAX` included, is no
/// deadline in practice: the slack added while searching saturates.
#[test]
fn the_longest_deadline_passes_every_example() {
    let result =
        Property::for_all(generate::integer::<u8>(), |_| ()).check(seeded(1).deadline(std::time::Duration::MAX));
    assert!(result.is_passed(), "{result}");
}

/// A deadline of 0 fails every example, however fast: it is refused.
#[test]
fn a_deadline_of_zero_is_refused() {
    let result = Property::for_all(generate::integer::<u8>(), |_| ()).check(seeded(1).deadline(Duration::ZERO));
    assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
    assert!(result.to_string().contains("the deadline is 0"), "{result}");
}

/// An empty name would put the property's saved failures where every
/// other empty-named property's are: it is refused.
#[test]
fn an_empty_name_is_refused() {
    for name in ["", "  "] {
        let result = Property::for_all(generate::integer::<u8>(), |_| ()).check(seeded(1).name(name));
        assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
        assert!(result.to_string().contains("the property's name is empty or blank"), "{result}");
    }
}

/// A body slow only sometimes is slow on its first runs and fast on its
/// final replay: the deadline failure is flaky, and the report says why.
#[test]
fn a_deadline_missed_by_chance_is_flaky() {
    use std::time::Duration;
    let mut calls = 0;
    let result = Property::for_all(generate::between(0u32, 1000), |_| {
        calls += 1;
        if calls == 3 {
            std::thread::sleep(Duration::from_millis(40));
        }
    })
    .check(seeded(1).deadline(Duration::from_millis(15)));
    assert!(result.is_flaky(), "{result}");
    assert!(result.to_string().contains("Flaky: run again, this counterexample finished within the deadline."));
}

/// A value that must be taken apart before it goes (a drop bomb): its
/// `Drop` panics unless [`defuse`](Bomb::defuse) ran.
#[derive(Debug)]
struct Bomb(u32, bool);

impl Bomb {
    fn defuse(mut self) -> u32 {
        self.1 = true;
        self.0
    }
}

impl Drop for Bomb {
    fn drop(&mut self) {
        if !self.1 && !std::thread::panicking() {
            panic!("a bomb of {} went off", self.0);
        }
    }
}

#[test]
fn values_the_engine_drops_itself_may_panic_in_drop() {
    // Shrinking and the target phase replay the generators alone and drop
    // what they drew: the body, which defuses each value it gets, never
    // sees those.
    let bombs = generate::between(0u32, 5000).map(|n| Bomb(n, false));
    let result = Property::for_all(bombs, |bomb| bomb.defuse() < 1000).check(seeded(3));
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    assert_eq!(result.minimal().unwrap().value().0, 1000, "{result}");
    // The report's values are the caller's, and these cannot be defused
    // through it.
    std::mem::forget(result);
    // The target phase moves choices between alternatives.
    let either = generate::one_of((generate::between(0u32, 50), generate::between(100u32, 150)));
    let result = Property::for_all(either.map(|n| Bomb(n, false)), |bomb| {
        quickcheck::stats::target(f64::from(bomb.defuse()), "size");
    })
    .check(seeded(3));
    assert_eq!(result.outcome(), Outcome::Passed, "{result}");
}

#[test]
fn a_panic_with_a_payload_that_is_no_text_says_so() {
    let result =
        Property::for_all(generate::integer::<u8>(), |_| -> bool { std::panic::panic_any(42u32) }).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    assert!(result.to_string().contains("a panic whose payload is no text"), "{result}");
}

/// `sample` reserves room for a modest number of values up front, so a
/// count too large to hold fails where the values run out, not at the
/// call (here a generator that panics on its third value ends it).
#[test]
fn a_sample_of_more_values_than_memory_holds_starts_drawing() {
    let drawn = AtomicU64::new(0);
    let counting = generate::from_fn(|source| {
        assert!(drawn.fetch_add(1, Ordering::Relaxed) < 2, "the third value");
        source.draw(&generate::integer::<u8>())
    });
    let sampled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| counting.sample(usize::MAX, 1)));
    let message = sampled.expect_err("the generator panics").downcast::<String>().expect("a message");
    assert!(message.contains("the third value"), "{message}");
}

/// An original counterexample that shrinking left as it was is not printed
/// twice.
#[test]
fn an_original_that_is_already_minimal_is_not_repeated() {
    let result = Property::for_all(generate::between(0u32, 10), |n| n != 0).check(seeded(1));
    let report = result.to_string();
    assert!(report.contains("Minimal counterexample: 0"), "{report}");
    assert!(!report.contains("Original counterexample"), "{report}");
    let result = Property::for_all(generate::between(0u32, 1000), |n| n < 500).check(seeded(1));
    let report = result.to_string();
    assert!(report.contains("Original counterexample"), "{report}");
}

/// A panic's payload whose own `Drop` panics: the check drops the payload
/// once it has read it, and that second panic must not escape.
#[test]
fn a_panic_payload_that_panics_when_dropped_is_contained() {
    struct Grenade;
    impl Drop for Grenade {
        fn drop(&mut self) {
            panic!("the payload went off");
        }
    }
    let result = Property::for_all(generate::integer::<u8>(), |n| -> bool {
        if n > 100 { std::panic::panic_any(Grenade) } else { true }
    })
    .check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    assert_eq!(result.minimal().unwrap().value(), &101, "{result}");
}

/// A value whose `Drop` panics for large values: the very bug a check may
/// find.
#[derive(Clone)]
struct ExplodesWhenDropped(u8);

impl Drop for ExplodesWhenDropped {
    fn drop(&mut self) {
        if self.0 > 100 {
            panic!("dropped {}", self.0);
        }
    }
}

impl fmt::Debug for ExplodesWhenDropped {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "ExplodesWhenDropped({})", self.0)
    }
}

/// The check reports the drop's panic, and where the crate itself drops
/// the result, its values drop without it: while a failed check's report
/// unwinds (as `assert` and `#[property]` panic), or as the first such
/// panic unwinds, a second one would abort the whole test binary.
#[test]
fn values_whose_drop_panics_are_reported_and_dropped_quietly() {
    let generator = generate::integer::<u8>().map(ExplodesWhenDropped);
    let result = Property::for_all(generator, |value| value.0 < 200).check(seeded(1));
    assert_eq!(result.minimal().expect("falsified").value().0, 101, "{result}");
    assert!(result.to_string().contains("panicked at") && result.to_string().contains("dropped 101"), "{result}");
    // As `registry::run_all` keeps each property's report.
    let checked = quickcheck::registry::Checked::from(result);
    assert_eq!(checked.outcome(), Outcome::Falsified);
    let report = std::panic::catch_unwind(|| Property::for_all(generator, |value| value.0 < 200).assert(seeded(1)));
    let message = *report.expect_err("the check fails").downcast::<String>().expect("a report");
    assert!(message.contains("ExplodesWhenDropped(101)"), "{message}");
}

/// A result of borrowed values need not outlive what they borrow once it
/// is no longer used (which a `Drop` impl on it would demand).
#[test]
fn a_result_of_borrowed_values_may_outlive_its_use_only() {
    let words = vec!["apple".to_owned(), "pear".to_owned()];
    let result =
        Property::for_all(generate::elements(words.iter().collect::<Vec<_>>()), |word: &String| !word.is_empty())
            .check(seeded(1));
    let report = result.to_string();
    drop(words);
    assert!(report.starts_with("Passed"), "{report}");
}

/// `assume` ends an example by unwinding; code that catches that unwind
/// does not undo the discard.
#[test]
fn a_caught_assume_still_discards_the_example() {
    let result = Property::for_all(generate::integer::<u8>(), |n: u8| {
        let _ = std::panic::catch_unwind(|| assume(n > 5));
        n > 5
    })
    .check(seeded(1));
    assert!(result.is_passed(), "{result}");
    assert!(result.discards() > 0, "{result}");
    // Nor does a panic after it, over what `catch_unwind` returned, make
    // the discarded example a failure.
    let result = Property::for_all(generate::integer::<u8>(), |n: u8| {
        let caught = std::panic::catch_unwind(|| assume(n > 5));
        assert!(caught.is_ok(), "assume stopped");
    })
    .check(seeded(1));
    assert!(result.is_passed(), "{result}");
    assert!(result.discards() > 0, "{result}");
}

/// A generator that catches a filter's discard has its example discarded,
/// rather than run (and shrunk) with what it made instead.
#[test]
fn a_generator_that_catches_a_filter_s_discard_has_its_example_discarded() {
    let caught = generate::from_fn(|source| {
        let large = generate::integer::<u8>().filter(|&n| n > 250);
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| source.draw(&large))).unwrap_or(0)
    });
    let result = Property::for_all(caught, |n: u8| assert_ne!(n, 0)).check(seeded(1));
    assert!(result.is_passed(), "{result}");
    assert!(result.discards() > 0, "{result}");
}

/// A value whose `Drop` calls `assume`, dropped quietly by the crate: the
/// stop it raises there ends nothing, and the next check is untouched.
#[test]
fn a_stop_raised_while_a_value_drops_quietly_does_not_linger() {
    struct AssumesWhenDropped(u8);
    impl Drop for AssumesWhenDropped {
        fn drop(&mut self) {
            assume(self.0 < 100);
        }
    }
    impl fmt::Debug for AssumesWhenDropped {
        fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(formatter, "AssumesWhenDropped({})", self.0)
        }
    }
    let values = generate::integer::<u8>().map(AssumesWhenDropped);
    // The body forgets its values, so the result holds ones that stop.
    let result = Property::for_all(values, |value: AssumesWhenDropped| {
        let holds = value.0 < 150;
        std::mem::forget(value);
        holds
    })
    .check(seeded(1));
    assert!(result.minimal().expect("falsified").value().0 >= 150, "{result}");
    let _ = quickcheck::registry::Checked::from(result);
    let result = Property::for_all(generate::integer::<u8>(), |_| true).check(seeded(1));
    assert_eq!(result.discards(), 0, "{result}");
}

/// A long panic message (an `assert_eq!` on two large values) is cut in
/// the report, as a long value is.
#[test]
fn a_long_panic_message_is_cut_in_the_report() {
    let result = Property::for_all(generate::integer::<u8>(), |n: u8| {
        assert!(n < 100, "{}", "long message ".repeat(100_000));
    })
    .check(seeded(1));
    let failure = result.failures()[0].failure();
    assert!(failure.message().len() < 10_100, "{} bytes", failure.message().len());
    assert!(failure.message().ends_with("(cut: longer than 10000 bytes)"));
    let report = result.to_string();
    assert!(report.len() < 20_000, "a report of {} bytes", report.len());
}

/// This binary registers no property (a `#[property]` added to it would
/// change what this test sees): `run_all` says so rather than pass on
/// nothing.
#[test]
fn run_all_without_a_registered_property_says_so() {
    let summary = quickcheck::registry::run_all("");
    assert!(!summary.all_passed());
    assert_eq!(
        summary.to_string(),
        "no property is registered in this binary: each #[property] function compiled into it registers itself\n\
         0 passed, 0 failed"
    );
}
