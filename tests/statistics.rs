//! Statistics and coverage: classify, label, collect, cover, and coverage
//! confidence.

use quickcheck::stats::{Confidence, classify, collect, cover, label};
use quickcheck::{Generator, Options, Outcome, Property, assume, generate};

#[test]
fn the_passing_report_prints_labels_and_tables() {
    let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
        classify(list.is_empty(), "empty");
        cover(list.len() >= 5, 20.0, "five or more");
        collect("sign of first", list.first().map_or("none".to_owned(), |first| first.signum().to_string()));
        let mut twice = list.clone();
        twice.reverse();
        twice.reverse();
        assert_eq!(twice, list);
    })
    .check(Options::default().seed(1));
    let statistics = result.statistics();
    assert_eq!(statistics.examples(), 100);
    let report = result.to_string();
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], "Passed 100 tests (seed 1).");
    let five = format!("  {:.0}% five or more (required 20%)", statistics.percent("five or more"));
    let empty = format!("  {:.0}% empty", statistics.percent("empty"));
    assert!(lines.contains(&five.as_str()), "{report}");
    assert!(lines.contains(&empty.as_str()), "{report}");
    let table = lines.iter().position(|line| *line == "  sign of first:").expect("the table");
    let rows = &lines[table + 1..];
    assert_eq!(rows.len(), statistics.table("sign of first").unwrap().len(), "{report}");
    assert!(rows.iter().all(|row| row.starts_with("    ") && row.contains("% ")), "{report}");
    let total: u64 = statistics.table("sign of first").unwrap().values().sum();
    assert_eq!(total, 100);
}

/// A label asked about in every example and hit in none shows at 0%: what
/// was never exercised is what a label is there to show.
/// A passing report shows how high each target's score went, the target
/// phase's climb included: how close the search came to a failure.
#[test]
fn the_passing_report_shows_the_highest_target_score() {
    let mut highest = 0;
    let result = Property::for_all(generate::vec(generate::integer::<u8>()), |list| {
        quickcheck::target(list.len() as f64, "length");
        highest = highest.max(list.len());
        list.len() <= 64
    })
    .check(Options::default().seed(1));
    assert!(result.is_passed(), "{result}");
    assert!(highest > 30, "the climb reached {highest}");
    assert_eq!(result.statistics().highest_target_score("length"), Some(highest as f64));
    assert_eq!(result.statistics().highest_target_score("width"), None);
    assert!(
        result.to_string().contains(&format!(
            "\n  target length: highest score {highest}, of the generated and targeted examples that passed"
        )),
        "{result}"
    );
}

#[test]
fn a_label_never_hit_is_listed_at_zero() {
    let result = Property::for_all(generate::integer::<u16>(), |value: u16| {
        classify(value < 5, "small");
        classify(false, "never");
        cover(value == 65_534, 0.0, "one below the top");
    })
    .check(Options::default().seed(1));
    let report = result.to_string();
    assert!(report.lines().any(|line| line == "  0% never"), "{report}");
    assert!(report.lines().any(|line| line == "  0% one below the top (required 0%)"), "{report}");
    assert_eq!(result.statistics().count("never"), 0);
    // Listed last: by frequency, then by name.
    assert!(report.trim_end().ends_with("  0% one below the top (required 0%)"), "{report}");
}

/// A collected value whose `Display` fails is counted under a placeholder:
/// statistics never fail the property they describe.
#[test]
fn a_collected_value_whose_display_fails_is_counted_as_such() {
    struct Refuses;
    impl std::fmt::Display for Refuses {
        fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            Err(std::fmt::Error)
        }
    }
    let result = Property::for_all(generate::integer::<u8>(), |_| collect("shown as", Refuses))
        .check(Options::default().seed(1).runs(10));
    assert!(result.is_passed(), "{result}");
    let table = result.statistics().table("shown as").expect("the table");
    assert_eq!(table.get("<Display returned an error>"), Some(&10), "{result}");
}

/// The tables say how often the generators make each kind of input: an
/// input drawn again is counted again, though a property that records
/// nothing would skip it.
#[test]
fn statistics_count_repeated_examples_as_often_as_they_are_drawn() {
    let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
        classify(list.is_empty(), "empty");
    })
    .check(Options::default().seed(3).runs(1000));
    assert_eq!(result.tests_run(), 1000);
    let empty = result.statistics().percent("empty");
    assert!((8.0..=25.0).contains(&empty), "{empty}% of the lists were empty: {result}");
}

/// Three inputs exist, `None`, `Some(false)` and `Some(true)`, but `Some` is
/// drawn far more often than two times in three: the requirement holds for
/// the generator, whatever the count of distinct inputs says.
#[test]
fn coverage_of_a_small_space_is_judged_by_how_often_inputs_are_drawn() {
    let result = Property::for_all(generate::option(generate::boolean()), |option| {
        cover(option.is_some(), 75.0, "some");
    })
    .check(Options::default().seed(4).coverage_confidence(Confidence::default()));
    assert_eq!(result.outcome(), Outcome::Passed, "{result}");
    assert!(!result.is_space_exhausted(), "{result}");
    assert!(result.tests_run() >= 100, "{result}");
}

/// A body that records no statistics skips repeats, so a small space still
/// ends as soon as every input has run; notes for a failure's report are
/// no statistics.
#[test]
fn a_small_space_without_statistics_still_stops_once_exhausted() {
    let result = Property::for_all(generate::option(generate::boolean()), |option| {
        quickcheck::stats::note("option", option);
    })
    .check(Options::default().seed(4));
    assert_eq!(result.tests_run(), 3, "{result}");
    assert!(result.is_space_exhausted(), "{result}");
}

#[test]
fn each_example_counts_once_per_label_and_pinned_or_discarded_ones_not_at_all() {
    let result = Property::for_all(generate::between(0, 9999), |n| {
        assume(n % 3 != 0);
        label("seen");
        label("seen");
        classify(n > 10_000, "impossible");
    })
    .example(500)
    .check(Options::default().seed(2));
    let statistics = result.statistics();
    assert_eq!(statistics.examples(), 100);
    assert_eq!(statistics.count("seen"), 100);
    assert_eq!(statistics.count("impossible"), 0, "the pinned 500 was counted");
    assert!(result.discards() > 0);
}

#[test]
fn a_shortfall_is_a_warning_under_the_passing_headline() {
    // A band away from the range's ends, which draws favour: about 2% of
    // the draws land in it.
    let result =
        Property::for_all(generate::between(0, 99_999), |n| cover((50_000..53_000).contains(&n), 20.0, "tiny"))
            .check(Options::default().seed(3).runs(1000));
    assert!(result.is_passed());
    let report = result.to_string();
    let warning = report.lines().nth(1).unwrap();
    assert!(warning.starts_with("  Only "), "{report}");
    assert!(warning.contains(" of 1000 examples ("), "{report}");
    assert!(warning.contains("%) tiny, but required 20% (the true rate is likely "), "{report}");
}

#[test]
fn a_met_requirement_passes_under_confidence() {
    let result = Property::for_all(generate::between(0, 99_999), |n| cover(n < 30_000, 20.0, "below 30"))
        .check(Options::default().seed(4).coverage_confidence(Confidence::default()));
    assert_eq!(result.outcome(), Outcome::Passed, "{result}");
    assert!(result.tests_run() >= 100);
}

/// A rate just short of its minimum, accepted within the confidence's
/// tolerance, reads as accepted in the passing report, not as a warning;
/// a missed one is stated once, by the report's problem.
#[test]
fn a_shortfall_within_the_tolerance_reads_as_accepted() {
    // About half the draws are even: short of 52%, within 90% of it.
    let result = Property::for_all(generate::between(0u32, 1_000_000), |n| cover(n % 2 == 0, 52.0, "even"))
        .check(Options::default().seed(1).coverage_confidence(Confidence::default()));
    assert_eq!(result.outcome(), Outcome::Passed, "{result}");
    let report = result.to_string();
    assert!(result.statistics().percent("even") < 52.0, "{report}");
    assert!(report.contains("even, below the required 52% but within the tolerance"), "{report}");
    assert!(!report.contains("Only "), "{report}");
    let missed =
        Property::for_all(generate::between(0, 99_999), |n| cover((50_000..60_000).contains(&n), 20.0, "band"))
            .check(Options::default().seed(5).coverage_confidence(Confidence::default()));
    assert_eq!(missed.to_string().matches("band").count(), 2, "{missed}");
}

#[test]
fn a_missed_requirement_fails_with_insufficient_coverage_early() {
    // About 7% of the draws land in the band.
    let result =
        Property::for_all(generate::between(0, 99_999), |n| cover((50_000..60_000).contains(&n), 20.0, "band"))
            .check(Options::default().seed(5).coverage_confidence(Confidence::default()));
    assert_eq!(result.outcome(), Outcome::InsufficientCoverage, "{result}");
    assert!(result.tests_run() < 100_000, "{}", result.tests_run());
    let report = result.to_string();
    assert!(report.starts_with("Insufficient coverage after"), "{report}");
    assert!(report.contains("\"band\" (at least 20% of examples) is known to be missed"), "{report}");
}

/// `runs` is the fewest examples that must pass, not the first look: a
/// requirement known to be missed fails at an earlier look (100, 200, …),
/// and one known to be met still runs all of `runs`.
#[test]
fn coverage_is_looked_at_before_runs_is_reached() {
    let options = Options::default().runs(20_000).coverage_confidence(Confidence::default());
    let missed = Property::for_all(generate::between(0, 99_999), |n| cover(n < 10_000, 50.0, "below 10"))
        .check(options.clone().seed(5));
    assert_eq!(missed.outcome(), Outcome::InsufficientCoverage, "{missed}");
    let looks = [100, 200, 400, 800, 1_600, 3_200, 6_400, 12_800];
    assert!(looks.contains(&missed.tests_run()), "decided after {} examples", missed.tests_run());
    let met =
        Property::for_all(generate::between(0, 99_999), |n| cover(n < 90_000, 20.0, "below 90")).check(options.seed(5));
    assert_eq!(met.outcome(), Outcome::Passed, "{met}");
    assert_eq!(met.tests_run(), 20_000);
}

#[test]
fn a_rate_at_its_minimum_decides_after_about_6400_examples() {
    let result = Property::for_all(generate::integer::<u64>(), |n| cover(n % 2 == 0, 50.0, "heads"))
        .check(Options::default().seed(6).coverage_confidence(Confidence::default()));
    assert_eq!(result.outcome(), Outcome::Passed, "{result}");
    assert!((3_200..=12_800).contains(&result.tests_run()), "{}", result.tests_run());
}

/// The certainty and the tolerance decide how many examples a coverage
/// check runs and what it accepts: a coin's heads at a minimum of 50% take
/// fewer examples to accept with a looser tolerance or a lower certainty,
/// and more with a higher one; a tolerance close to 1 misses a rate just
/// short of its minimum that the default tolerance accepts.
#[test]
fn the_certainty_and_the_tolerance_decide_coverage() {
    let heads = |confidence: Confidence| {
        let result = Property::for_all(generate::integer::<u64>(), |n| cover(n % 2 == 0, 50.0, "heads"))
            .check(Options::default().seed(6).coverage_confidence(confidence));
        assert_eq!(result.outcome(), Outcome::Passed, "{result}");
        result.tests_run()
    };
    let default = heads(Confidence::default());
    assert!(heads(Confidence::default().tolerance(0.5)) < default);
    assert!(heads(Confidence::default().certainty(100.0)) < default);
    assert!(heads(Confidence::default().certainty(1e15)) > default);
    // About 51% of the draws are even: short of 53%, within 90% of it
    // but not within 99%.
    let even = |confidence: Confidence| {
        Property::for_all(generate::integer::<u64>(), |n| cover(n % 2 == 0, 53.0, "even"))
            .check(Options::default().seed(1).coverage_confidence(confidence))
            .outcome()
    };
    assert_eq!(even(Confidence::default()), Outcome::Passed);
    assert_eq!(even(Confidence::default().tolerance(0.99)), Outcome::InsufficientCoverage);
}

/// A confidence may run far more examples than the runs asked for; the
/// discards it may meet grow with them, so an ordinary filter rate does not
/// end such a check as exhausted.
#[test]
fn discards_are_counted_against_the_examples_a_confidence_runs() {
    let result = Property::for_all(generate::integer::<u64>(), |n| {
        assume(n % 3 != 0);
        cover(n % 2 == 0, 50.0, "even");
    })
    .check(Options::default().seed(6).coverage_confidence(Confidence::default()));
    assert_eq!(result.outcome(), Outcome::Passed, "{result}");
    assert!(result.discards() > 1_000, "{} discards in {} examples", result.discards(), result.tests_run());
}

#[test]
fn statistics_work_inside_async_bodies() {
    let mut property = Property::for_all(generate::between(0, 999), async |n: i32| {
        std::future::ready(()).await;
        classify(n < 500, "low");
    });
    let result = block_on(property.check_async(Options::default().seed(7)));
    assert!(result.statistics().count("low") > 20, "{result}");
}

/// Polls a future that never waits.
fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    match future.as_mut().poll(&mut std::task::Context::from_waker(std::task::Waker::noop())) {
        std::task::Poll::Ready(output) => output,
        std::task::Poll::Pending => panic!("the future waited"),
    }
}

#[test]
fn parallel_checks_keep_their_own_counts() {
    let handles: Vec<_> = (0..4)
        .map(|thread| {
            std::thread::spawn(move || {
                let result = Property::for_all(generate::integer::<u64>(), |_| label("mine"))
                    .check(Options::default().seed(thread).runs(500 + thread * 100));
                (thread, result.statistics().count("mine"))
            })
        })
        .collect();
    for handle in handles {
        let (thread, count) = handle.join().unwrap();
        assert_eq!(count, 500 + thread * 100);
    }
}

#[test]
fn statistics_work_inside_stateful_runs() {
    use quickcheck::stateful::{self, Command, ModelCommand};

    #[derive(Debug)]
    struct Step(u8);
    impl ModelCommand<u32> for Step {
        fn update(&self, total: &mut u32) {
            *total += u32::from(self.0);
        }
    }
    impl Command<u32, ()> for Step {
        fn run(&self, _: &u32, _: &mut ()) {
            classify(self.0 == 0, "a zero step");
        }
    }
    let sequences = stateful::commands(|| 0u32, |_: &u32| Some(generate::between(0u8, 3).map(Step))).max_length(20);
    let result = Property::for_all(sequences, |sequence| {
        sequence.run(&mut ());
    })
    .check(Options::default().seed(8));
    assert!(result.statistics().percent("a zero step") > 50.0, "{result}");
}

#[quickcheck::property(seed = 9, coverage_confidence = Confidence::default())]
fn coverage_confidence_is_an_option_of_the_attribute(n: u8) {
    cover(n < 200, 50.0, "below 200");
}

#[test]
fn a_cover_minimum_outside_0_to_100_is_a_misconfiguration_with_its_reason() {
    let line = line!() + 2;
    let result =
        Property::for_all(generate::between(0, 9), |n| cover(n < 5, 150.0, "low")).check(Options::default().seed(1));
    assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
    assert_eq!(
        result.to_string(),
        format!(
            "Misconfigured: cover(\"low\") at tests/statistics.rs:{line}: the minimum is a percentage from 0 to 100, \
             not 150"
        )
    );
    let not_a_number =
        Property::for_all(generate::between(0, 9), |n| cover(n < 5, f64::NAN, "low")).check(Options::default().seed(1));
    assert_eq!(not_a_number.outcome(), Outcome::Misconfigured, "{not_a_number}");
}

#[test]
fn one_label_required_at_two_minimums_is_a_misconfiguration() {
    // In different examples, and in one.
    let apart = Property::for_all(generate::between(0, 9), |n| {
        if n % 2 == 0 { cover(n < 5, 20.0, "low") } else { cover(n < 5, 30.0, "low") }
    })
    .check(Options::default().seed(1));
    assert_eq!(apart.outcome(), Outcome::Misconfigured, "{apart}");
    assert!(apart.to_string().contains("cover(\"low\") asks for at least"), "{apart}");
    let first = line!() + 2;
    let together = Property::for_all(generate::between(0, 9), |n| {
        cover(n < 5, 20.0, "low");
        cover(n < 5, 30.0, "low");
    })
    .check(Options::default().seed(1));
    // Each minimum with the place that asked for it.
    assert_eq!(
        together.to_string(),
        format!(
            "Misconfigured: cover(\"low\") asks for at least 20% at tests/statistics.rs:{first} and 30% at \
             tests/statistics.rs:{}: give a label one minimum, or name the two requirements apart",
            first + 1
        )
    );
    // One call whose minimum varies asks for each in a different example.
    let line = line!() + 2;
    let computed = Property::for_all(generate::between(0, 9), |n| {
        cover(n < 5, if n % 2 == 0 { 20.0 } else { 30.0 }, "low");
    })
    .check(Options::default().seed(1));
    let at = format!("at tests/statistics.rs:{line}, in different examples");
    assert!(computed.to_string().contains(&format!("asks for at least 20% and 30% {at}")), "{computed}");
    // The same minimum asked for twice is one requirement.
    let twice = Property::for_all(generate::between(0, 9), |n| {
        cover(n < 5, 20.0, "low");
        cover(n < 5, 20.0, "low");
    })
    .check(Options::default().seed(1));
    assert!(twice.is_passed(), "{twice}");
    // So is a minimum of zero, whatever its sign: nor is it shown as "-0%".
    let zeros = Property::for_all(generate::between(0, 9), |n| {
        cover(n < 5, 0.0, "low");
        cover(n < 5, -0.0, "low");
    })
    .check(Options::default().seed(1));
    assert!(zeros.is_passed(), "{zeros}");
    let shown =
        Property::for_all(generate::between(0, 9), |n| cover(n < 5, -0.0, "low")).check(Options::default().seed(1));
    assert!(shown.to_string().contains("low (required 0%)"), "{shown}");
}

/// Examples the target phase ran are counted as tests but not in the
/// statistics, and pinned ones neither: the report says what its rates are
/// of, and says nothing when they are of every test.
#[test]
fn rates_of_fewer_examples_than_the_tests_say_which() {
    let result = Property::for_all(generate::integer::<u8>(), |n| {
        quickcheck::stats::classify(n % 2 == 0, "even");
        quickcheck::target(f64::from(n), "n");
    })
    .example(7)
    .check(Options::default().seed(1));
    assert!(result.is_passed(), "{result}");
    let counted = result.statistics().examples();
    assert!(counted < result.tests_run(), "{result}");
    let line = format!(
        "\n  Statistics of {counted} examples generated at random (their rates leave out pinned, saved and \
         targeted examples):\n"
    );
    assert!(result.to_string().contains(&line), "{result}");
    let plain = Property::for_all(generate::integer::<u8>(), |n| quickcheck::stats::classify(n % 2 == 0, "even"))
        .check(Options::default().seed(1));
    assert!(!plain.to_string().contains("Statistics of"), "{plain}");
}

/// What a generator records while it draws counts for the example it made,
/// as the body's own records do: a `classify` in a `map` says how the
/// generator's values are spread. What a filter rejected records nothing,
/// the filter's own records included: only the value it let through counts.
#[test]
fn generators_record_into_the_example_they_draw() {
    let generator = generate::integer::<u8>()
        .map(|n| {
            classify(n < 10, "small (in the generator)");
            collect("parity", n % 2);
            n
        })
        .filter(|n| {
            label("filtered");
            n % 2 == 0
        });
    let mut small = 0;
    let result = Property::for_all(generator, |n| {
        small += u64::from(n < 10);
        classify(n > 100, "big (in the body)");
    })
    .check(Options::default().seed(1));
    let statistics = result.statistics();
    assert!(result.is_passed(), "{result}");
    assert_eq!(statistics.count("small (in the generator)"), small, "{result}");
    assert!(small > 0, "{result}");
    assert_eq!(statistics.count("filtered"), statistics.examples(), "{result}");
    assert_eq!(statistics.table("parity").unwrap().len(), 1, "only even values are let through: {result}");
    assert!(statistics.count("big (in the body)") > 0, "{result}");
    // A filter drawn after something the example recorded keeps that, and
    // drops only what its rejected draws added.
    let recorded_first = generate::integer::<u8>().map(|n| {
        label("first");
        n
    });
    let even = generate::integer::<u8>()
        .map(|n| {
            collect("parity", n % 2);
            n
        })
        .filter(|n| n % 2 == 0);
    let result = Property::for_all((recorded_first, even), |_| ()).check(Options::default().seed(1));
    let statistics = result.statistics();
    assert_eq!(statistics.count("first"), statistics.examples(), "{result}");
    assert_eq!(statistics.table("parity").unwrap().len(), 1, "only even values are let through: {result}");
}
