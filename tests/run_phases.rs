//! The phases of a run: generation that never repeats itself and knows when
//! it is done, mutation, targeted search, distinct failures, explain, health
//! checks, and the option that turns each phase off.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::time::Duration;

use quickcheck::{Generator, HealthCheck, Options, Outcome, Phase, Phases, Property, assume, generate, target};

fn seeded(seed: u64) -> Options {
    Options::default().seed(seed)
}

// Generation tree

#[test]
fn a_property_over_bool_passes_after_two_tests() {
    let result = Property::for_all(generate::boolean(), |_| true).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Passed);
    assert_eq!(result.tests_run(), 2, "{result}");
    assert!(result.is_space_exhausted());
    assert!(result.to_string().contains("Every example the generators can produce was tested."), "{result}");
}

#[test]
fn a_property_over_u8_passes_after_256_tests_each_value_once() {
    for runs in [256, 1000] {
        let seen = RefCell::new(Vec::new());
        let result = Property::for_all(generate::integer::<u8>(), |byte| seen.borrow_mut().push(byte))
            .check(seeded(7).runs(runs));
        assert!(result.is_passed(), "{result}");
        assert_eq!(result.tests_run(), 256, "{result}");
        let mut seen = seen.into_inner();
        seen.sort_unstable();
        assert_eq!(seen, (0..=255).collect::<Vec<u8>>());
    }
}

/// A `u16` has 65,536 values: a run asked for more tries each once and
/// says so.
#[test]
fn a_run_over_a_u16_exhausts_it() {
    let seen = RefCell::new(HashSet::new());
    let result = Property::for_all(generate::integer::<u16>(), |value| {
        assert!(seen.borrow_mut().insert(value), "{value} ran twice");
    })
    .check(seeded(1).runs(70_000));
    assert!(result.is_passed(), "{result}");
    assert!(result.is_space_exhausted(), "{result}");
    assert_eq!(result.tests_run(), 65_536, "{result}");
}

#[test]
fn fewer_runs_than_the_space_do_not_exhaust_it() {
    let result = Property::for_all(generate::integer::<u8>(), |_| true).check(seeded(7).runs(100));
    assert_eq!(result.tests_run(), 100);
    assert!(!result.is_space_exhausted());
}

#[test]
fn no_example_runs_twice_in_10_000_over_a_small_space() {
    // 65,536 pairs: independent random draws would repeat about 700 times.
    let seen = RefCell::new(HashSet::new());
    let pairs = (generate::integer::<u8>(), generate::integer::<u8>());
    let result = Property::for_all(pairs, |pair| {
        assert!(seen.borrow_mut().insert(pair), "{pair:?} ran twice");
    })
    .check(seeded(3).runs(10_000));
    assert!(result.is_passed(), "{result}");
    assert_eq!(seen.borrow().len(), 10_000);
}

#[test]
fn no_example_runs_twice_in_a_space_too_wide_to_exhaust() {
    // Integers cluster near zero and at the edges, so their pairs repeat
    // hundreds of times in 20,000 draws; and a branch without choices of
    // its own comes up half the time, so every redraw of it repeats too
    // and the tree must steer.
    let pairs = (generate::integer::<i64>(), generate::between(0u8, 3));
    let mostly_none = generate::one_of((generate::constant(None), generate::integer::<u64>().map(Some)));
    for seed in 0..3 {
        let seen = RefCell::new(HashSet::new());
        let result = Property::for_all(pairs, |pair| {
            assert!(seen.borrow_mut().insert(pair), "{pair:?} ran twice");
        })
        .check(seeded(seed).runs(20_000));
        assert!(result.is_passed(), "{result}");
        let seen = RefCell::new(HashSet::new());
        let result = Property::for_all(mostly_none.clone(), |value| {
            assert!(seen.borrow_mut().insert(value), "{value:?} ran twice");
        })
        .check(seeded(seed).runs(2_000));
        assert!(result.is_passed(), "{result}");
        assert_eq!(seen.borrow().len(), 2_000);
    }
}

#[test]
fn discarded_examples_count_as_explored() {
    let result = Property::for_all(generate::between(0u8, 7), |n| assume(n % 2 == 0)).check(seeded(2));
    assert!(result.is_passed(), "{result}");
    assert_eq!((result.tests_run(), result.discards()), (4, 4), "{result}");
    assert!(result.is_space_exhausted());
}

// Mutation

/// On how many of 20 seeds generation alone (no search for other failures)
/// falsifies the property that `property` builds.
fn seeds_falsifying<G: Generator, B>(property: impl Fn() -> Property<'static, G, B>) -> usize
where
    G::Value: std::fmt::Debug + 'static,
    B: FnMut(G::Value) -> bool,
{
    (0..20).filter(|&seed| property().check(seeded(seed).multiple_failures(false)).is_falsified()).count()
}

/// Two independent draws of this are equal, or one apart, with probability
/// about 1e-12.
fn forty_bits() -> impl Generator<Value = u64> {
    generate::between(0u64, 1 << 40)
}

#[test]
fn mutating_earlier_examples_finds_bugs_that_need_two_equal_values() {
    // Copying one argument over the other makes them equal at once.
    let found = seeds_falsifying(|| {
        Property::for_all((forty_bits(), forty_bits()), |(a, b)| a != b || a < 1000 || a == 1 << 40)
    });
    assert!(found >= 18, "found on {found} of 20 seeds");
}

#[test]
fn mutating_earlier_examples_finds_bugs_that_need_two_neighbouring_values() {
    // A copy of one argument nudged by one step makes them one apart.
    let found = seeds_falsifying(|| Property::for_all((forty_bits(), forty_bits()), |(a, b)| b != a + 1 || a < 1000));
    assert!(found >= 14, "found on {found} of 20 seeds");
}

#[test]
fn mutating_earlier_examples_finds_a_value_held_three_times() {
    // Removing one occurrence leaves another only where the list held the
    // argument twice: one copy over two list elements makes three equal
    // values at once.
    let found = seeds_falsifying(|| {
        Property::for_all((forty_bits(), generate::vec(forty_bits())), |(x, mut list)| {
            if let Some(index) = list.iter().position(|&element| element == x) {
                list.remove(index);
            }
            !list.contains(&x) || x < 1000
        })
    });
    assert!(found >= 14, "found on {found} of 20 seeds");
}

#[test]
fn mutating_earlier_examples_finds_runs_of_consecutive_values() {
    // Copies over neighbouring elements, each nudged one step further than
    // the one before, make a run k+1, k+2, k+3 at once.
    let found = seeds_falsifying(|| {
        Property::for_all(generate::vec(forty_bits()), |list: Vec<u64>| {
            !list.windows(3).any(|run| run[0] >= 1000 && run[1] == run[0] + 1 && run[2] == run[1] + 1)
        })
    });
    assert!(found >= 4, "found on {found} of 20 seeds");
}

/// Runs a passing property long enough for many mutations, over a few
/// seeds: generation must end cleanly whatever the generator's shape.
fn generates_cleanly<G>(shape: &str, generator: G)
where
    G: Generator + Clone,
    G::Value: std::fmt::Debug + 'static,
{
    for seed in 0..5 {
        let result = Property::for_all(generator.clone(), |_| true).check(seeded(seed).runs(500));
        assert!(result.is_passed(), "{shape}, seed {seed}: {result}");
    }
}

#[test]
fn mutations_handle_every_shape_of_example() {
    // A constant's span is empty: as a mutation's destination it once sat
    // at the start of its neighbour's span and broke the splice.
    generates_cleanly(
        "a list of constants",
        (generate::integer::<u64>(), generate::vec(generate::constant(0u8)).length(2..=6)),
    );
    generates_cleanly(
        "constants beside numbers",
        ((generate::constant(1), generate::constant(2)), (generate::integer::<u8>(), generate::integer::<u8>())),
    );
    generates_cleanly(
        "nested short lists of constants",
        generate::vec(generate::vec(generate::constant(3u8)).max_length(3)),
    );
    generates_cleanly("options", generate::vec(generate::option(generate::integer::<i8>())));
    generates_cleanly("strings of every length", (generate::string(), generate::string().max_length(2)));
    generates_cleanly(
        "alternatives that draw nothing",
        generate::vec(generate::one_of(vec![generate::constant(1u8).boxed(), generate::integer::<u8>().boxed()])),
    );
    generates_cleanly("filtered elements", generate::vec(generate::integer::<u32>().filter(|x| x % 3 == 0)));
    generates_cleanly(
        "a length drawn first",
        generate::between(0usize, 5).flat_map(|n| generate::vec(generate::constant(n)).length(n..=n)),
    );
    generates_cleanly("floats", generate::vec(generate::float::<f64>()));
}

// Targeted search

/// A list whose sum random generation almost never pushes past the limit.
fn sum_stays_below(limit: u32) -> impl FnMut(Vec<u32>) -> bool {
    move |list| {
        let sum: u32 = list.iter().sum();
        target(f64::from(sum), "sum");
        sum <= limit
    }
}

#[test]
fn targeting_finds_a_bug_random_generation_almost_never_finds() {
    let lists = || generate::vec(generate::between(0u32, 1000)).max_length(20);
    let quick = Phases::all().without(Phase::Shrink).without(Phase::Explain);
    let found_by = |phases: Phases| {
        (0..100)
            .filter(|&seed| {
                Property::for_all(lists(), sum_stays_below(15_000))
                    .check(seeded(seed).phases(phases).multiple_failures(false))
                    .is_falsified()
            })
            .count()
    };
    let plain = found_by(quick.without(Phase::Target));
    let targeted = found_by(quick);
    assert!(plain < 5, "plain generation found it on {plain} of 100 seeds");
    assert!(targeted >= 95, "targeting found it on {targeted} of 100 seeds");
}

/// A list scored by its length grows by an element a step: after a move
/// that made the example grow, the climb moves the choice as far past as
/// it grew, the new "go on". A list of 60 (of at most 64) is found on every
/// seed, and never without targeting.
#[test]
fn targeting_grows_a_list_scored_by_its_length() {
    let quick = Phases::all().without(Phase::Shrink).without(Phase::Explain);
    let found_by = |phases: Phases| {
        (0..20)
            .filter(|&seed| {
                Property::for_all(generate::vec(generate::integer::<u8>()), |list| {
                    target(list.len() as f64, "length");
                    list.len() < 60
                })
                .check(seeded(seed).phases(phases).multiple_failures(false))
                .is_falsified()
            })
            .count()
    };
    assert_eq!(found_by(quick.without(Phase::Target)), 0);
    assert_eq!(found_by(quick), 20);
}

/// A score that rises in steps has plateaus the climb must cross: a move
/// to an equal score is taken as long as the example does not grow. Here
/// the score is how many steps of 2^16 a number is from a point no random
/// draw comes near, and the bug is the last step.
#[test]
fn targeting_crosses_plateaus_of_equal_score() {
    const POINT: u64 = (1 << 40) + 12_345;
    assert_targeting_reaches(generate::integer::<u64>(), |n| n.abs_diff(POINT));
}

/// A signed integer's choice alternates sides of 0, so the climb must step
/// by two to move a value further out on its own side: here towards a
/// point far below 0.
#[test]
fn targeting_climbs_away_from_zero_on_either_side() {
    const POINT: i64 = -(1 << 40) - 12_345;
    assert_targeting_reaches(generate::integer::<i64>(), |n| n.abs_diff(POINT));
}

/// Asserts that targeting finds, on at least 19 of 20 seeds, a value of
/// `generator` whose `distance` from a point is below 2^16, which plain
/// generation finds on at most 5: the score is minus the number of steps of
/// 2^16 between them, so it rises in steps, with plateaus to cross.
fn assert_targeting_reaches<G>(generator: G, distance: impl Fn(G::Value) -> u64)
where
    G: Generator,
    G::Value: std::fmt::Debug,
{
    let quick = Phases::all().without(Phase::Shrink).without(Phase::Explain);
    let found_by = |phases: Phases| {
        (0..20)
            .filter(|&seed| {
                Property::for_all(&generator, |value| {
                    let steps_away = distance(value) >> 16;
                    target(-(steps_away as f64), "closeness");
                    steps_away > 0
                })
                .check(seeded(seed).phases(phases).multiple_failures(false))
                .is_falsified()
            })
            .count()
    };
    let plain = found_by(quick.without(Phase::Target));
    let targeted = found_by(quick);
    assert!(plain <= 5, "plain generation found it on {plain} of 20 seeds");
    assert!(targeted >= 19, "targeting found it on {targeted} of 20 seeds");
}

#[test]
fn a_targeted_failure_shrinks_like_any_other() {
    let lists = generate::vec(generate::between(0u32, 1000)).max_length(20);
    let result = Property::for_all(lists, sum_stays_below(15_000)).check(seeded(11));
    assert!(result.is_falsified(), "{result}");
    let minimal = result.minimal().unwrap().value();
    assert_eq!(minimal.iter().sum::<u32>(), 15_001, "{result}");
    assert_eq!(minimal.len(), 16, "{result}");
}

#[test]
fn target_steps_bound_the_search() {
    let calls = RefCell::new(0u64);
    let result = Property::for_all(generate::integer::<u32>(), |n| {
        *calls.borrow_mut() += 1;
        target(f64::from(n), "n");
    })
    .check(seeded(1).runs(10).target_steps(25));
    assert!(result.is_passed(), "{result}");
    assert!(*calls.borrow() <= 10 + 25, "{} calls", calls.borrow());
    assert!(*calls.borrow() > 10, "no targeting at all");
}

/// Hundreds of labels whose scores never change must not take the steps
/// of the one that leads to the bug: an even share of 500 steps among 601
/// labels was none each.
#[test]
fn many_flat_labels_leave_the_climb_of_a_rising_one_its_steps() {
    let lists = || generate::vec(generate::between(0u32, 1000)).max_length(20);
    let quick = Phases::all().without(Phase::Shrink).without(Phase::Explain);
    let labels: Vec<String> = (0..600).map(|index| format!("queue {index}")).collect();
    let found = (0..20)
        .filter(|&seed| {
            Property::for_all(lists(), |list: Vec<u32>| {
                for label in &labels {
                    target(0.0, label);
                }
                sum_stays_below(15_000)(list)
            })
            .check(seeded(seed).phases(quick).multiple_failures(false))
            .is_falsified()
        })
        .count();
    assert!(found >= 19, "targeting found it on {found} of 20 seeds");
}

/// A climb that can only go back to examples it ran ends, whatever steps
/// it has left: one at the best score there is, and one that crosses a
/// plateau back and forth.
#[test]
fn a_climb_that_only_repeats_itself_ends() {
    for score in [|n: u8| f64::from(n % 7), |_: u8| 0.0] {
        let calls = Cell::new(0u64);
        let result = Property::for_all(generate::integer::<u8>(), |n| {
            calls.set(calls.get() + 1);
            target(score(n), "score");
        })
        .check(seeded(1).target_steps(1_000_000));
        assert!(result.is_passed(), "{result}");
        assert!(calls.get() < 1_000, "{} calls for 256 possible values", calls.get());
    }
}

#[test]
fn targeting_climbs_from_an_example_drawn_after_the_generation_tree_filled() {
    // The score counts calls, so every example beats the one before and the
    // example the target phase climbs from is the last of a long run: drawn
    // after the generation tree stepped aside, when examples skip recording
    // their choices' maxima, which the climb moves choices within.
    let calls = Cell::new(0u64);
    let lists = generate::vec(generate::between(0u32, 1000)).max_length(20);
    let result = Property::for_all(lists, |list: Vec<u32>| {
        calls.set(calls.get() + 1);
        target(calls.get() as f64, "calls");
        list.len() <= 20
    })
    .check(seeded(2).runs(20_000).target_steps(100));
    assert!(result.is_passed(), "{result}");
    assert_eq!(calls.get(), 20_000 + 100, "every target step runs the body once");
}

// Distinct failures

fn pair() -> impl Generator<Value = (u32, u32)> {
    (generate::between(0u32, 1000), generate::between(0u32, 1000))
}

fn two_bugs((a, b): (u32, u32)) {
    assert!(a <= 500, "a is large");
    assert!(b == 0, "b is positive");
}

#[test]
fn two_distinct_bugs_are_both_reported_each_with_its_own_minimal_example() {
    for seed in 0..10 {
        let result = Property::for_all(pair(), two_bugs).check(seeded(seed));
        let failures = result.failures();
        assert_eq!(failures.len(), 2, "seed {seed}: {result}");
        assert_eq!(failures[0].minimal().unwrap().value(), &(0, 1), "seed {seed}: {result}");
        assert_eq!(failures[0].failure().message(), "b is positive");
        assert_eq!(failures[1].minimal().unwrap().value(), &(501, 0), "seed {seed}: {result}");
        assert_eq!(failures[1].failure().message(), "a is large");
        let report = result.to_string();
        assert!(report.contains("found 2 distinct failures"), "{report}");
        assert!(report.contains("--- Failure 1 of 2"), "{report}");
        assert!(report.contains("--- Failure 2 of 2"), "{report}");
    }
}

/// Returning `false` and returning an `Err` are different failures, even
/// from the same body: each is reported and shrunk on its own.
#[test]
fn a_false_and_an_error_from_one_body_are_two_distinct_failures() {
    fn false_or_error((a, b): (u32, u32)) -> Result<bool, String> {
        if a > 500 { Err(format!("{a} is large")) } else { Ok(b == 0) }
    }
    for seed in 0..5 {
        let result = Property::for_all(pair(), false_or_error).check(seeded(seed));
        let mut failures: Vec<_> = result
            .failures()
            .iter()
            .map(|failure| (failure.failure().kind(), *failure.minimal().unwrap().value()))
            .collect();
        failures.sort_by_key(|&(kind, _)| kind != quickcheck::FailureKind::ReturnedFalse);
        let expected =
            [(quickcheck::FailureKind::ReturnedFalse, (0, 1)), (quickcheck::FailureKind::ReturnedError, (501, 0))];
        assert_eq!(failures, expected, "seed {seed}: {result}");
        assert!(result.to_string().contains("found 2 distinct failures"), "seed {seed}: {result}");
    }
}

/// A failure met only while shrinking another comes after the failures the
/// run met by itself, though its example may be smaller, and says how it
/// was met; a failure's replay token reports that failure first, whatever
/// its shrink meets on the way.
#[test]
fn a_failure_met_while_shrinking_another_is_listed_after_it() {
    fn two_zeros_or_a_large_sum(list: Vec<u8>) {
        assert!(list.iter().filter(|&&x| x == 0).count() < 2, "two zeros");
        assert!(list.iter().map(|&x| u32::from(x)).sum::<u32>() < 400, "a large sum");
    }
    let check = |options: Options| {
        Property::for_all(generate::vec(generate::integer::<u8>()), two_zeros_or_a_large_sum)
            .check(options.database("off"))
    };
    let mut met_while_shrinking = 0;
    for seed in 0..30 {
        let result = check(seeded(seed));
        let report = result.to_string();
        let headers: Vec<&str> = report.lines().filter(|line| line.contains("--- Failure ")).collect();
        if let Some(at) = headers.iter().position(|header| header.contains(", found while shrinking another failure")) {
            met_while_shrinking += 1;
            assert!(at > 0, "seed {seed}: {report}");
            assert!(
                headers[at..].iter().all(|header| header.contains("found while shrinking")),
                "seed {seed}: {report}"
            );
        }
        // A failure the run met by itself, before shrinking, is not said to
        // be met while shrinking, though shrinking met a smaller example.
        let unshrunk = check(seeded(seed).phases(Phases::all().without(Phase::Shrink)));
        for failure in unshrunk.failures() {
            let header = headers
                .iter()
                .zip(result.failures())
                .find(|(_, shrunk)| shrunk.failure().message() == failure.failure().message());
            assert!(
                header.is_none_or(|(header, _)| !header.contains("found while shrinking")),
                "seed {seed}: {report}"
            );
        }
        let first = result.failures()[0].failure().message().to_owned();
        let token = result.failures()[0].replay().unwrap().to_string();
        let replayed = check(Options::default().replay(&token));
        assert_eq!(replayed.failures()[0].failure().message(), first, "seed {seed}: {replayed}");
    }
    assert!(met_while_shrinking >= 3, "{met_while_shrinking} of 30 seeds met a failure while shrinking another");
}

#[test]
fn the_headline_counts_the_tests_up_to_the_first_failure() {
    // Every example but the simplest fails: the second test is the first
    // failure, and the search for failures of other origins runs on, for
    // at least ten tests, and for as many again as it took to find the
    // latest smaller failure: a failure found this soon is not searched
    // past for the whole run.
    let result = Property::for_all(generate::integer::<u32>(), |n| n == 0).check(seeded(4));
    assert_eq!(result.tests_until_failure(), Some(2), "{result}");
    assert!((10..100).contains(&result.tests_run()), "{} tests ran: {result}", result.tests_run());
    assert!(result.to_string().starts_with("Falsified after 2 tests and "), "{result}");

    let result = Property::for_all(pair(), two_bugs).check(seeded(3));
    let (first, all) = (result.tests_until_failure().unwrap(), result.tests_run());
    assert!(first < all, "{result}");
    let headline = format!("Falsified after {first} tests (seed 3): found 2 distinct failures in {all} tests.");
    assert!(result.to_string().starts_with(&headline), "{result}");

    let passed = Property::for_all(generate::integer::<u32>(), |_| true).check(seeded(4));
    assert_eq!(passed.tests_until_failure(), None);
}

/// A slow body that fails from its 61st call on: counted in examples, the
/// search for failures of other origins would go on to at least twice the
/// call of the latest failure (122), but it stops after a thirtieth of the
/// shrink time (10 ms here), ten examples past the first failure, and
/// shrinking starts.
#[test]
fn the_search_for_other_failures_is_bounded_in_time() {
    let mut calls = 0;
    let slow = |_: u32| {
        std::thread::sleep(std::time::Duration::from_millis(1));
        calls += 1;
        calls <= 60
    };
    let options = seeded(4).max_shrink_time(std::time::Duration::from_millis(300));
    let result = Property::for_all(generate::integer::<u32>(), slow).check(options);
    assert_eq!(result.tests_until_failure(), Some(61), "{result}");
    assert!((71..100).contains(&result.tests_run()), "{} tests ran: {result}", result.tests_run());
}

#[test]
fn without_multiple_failures_one_is_reported() {
    let result = Property::for_all(pair(), two_bugs).check(seeded(1).multiple_failures(false));
    assert_eq!(result.failures().len(), 1, "{result}");
    assert!(!result.to_string().contains("distinct"), "{result}");
}

// Explain

#[test]
fn explain_marks_the_argument_that_does_not_matter() {
    let triple = (generate::integer::<u16>(), generate::integer::<u16>(), generate::integer::<u16>());
    let result =
        Property::for_all(triple, |(a, _b, c)| a <= 10 || c <= 10).parameters(&["a", "b", "c"]).check(seeded(5));
    let report = result.to_string();
    assert!(report.contains("    a = 11\n    b = 0  // any value tried fails\n    c = 11\n"), "{report}");
    let failure = &result.failures()[0];
    assert_eq!([0, 1, 2].map(|index| failure.any_value_fails(index)), [false, true, false]);
}

/// An argument that must equal another large one fails for nearly any
/// value alone, but not for the other's value, which the explain phase
/// tries too: it is not marked.
#[test]
fn explain_tries_the_value_of_an_argument_of_the_same_kind() {
    let pair = (generate::integer::<u32>(), generate::integer::<u32>());
    let result = Property::for_all(pair, |(a, b)| a < 1_000_000 || a == b).parameters(&["a", "b"]).check(seeded(1));
    let report = result.to_string();
    assert!(report.contains("    a = 1000000\n    b = 0\n"), "{report}");
    let failure = &result.failures()[0];
    assert_eq!([0, 1].map(|index| failure.any_value_fails(index)), [false, false], "{report}");
}

/// Arguments that each fail for any value alone, but not all at once, are
/// marked, and the report says they cannot all vary together; arguments
/// that can are marked without the caveat.
#[test]
fn explain_says_when_free_arguments_are_not_free_together() {
    let pair = (generate::integer::<i32>(), generate::integer::<i32>());
    let either = Property::for_all(pair, |(a, b)| a != 0 && b != 0).parameters(&["a", "b"]).check(seeded(2));
    let report = either.to_string();
    assert!(report.contains("    a = 0  // any value tried fails\n    b = 0  // any value tried fails\n"), "{report}");
    assert!(report.contains("\n  (each marked value fails alone, but varied all at once they can pass)"), "{report}");
    assert_eq!(either.failures()[0].any_values_fail_together(), Some(false));

    let triple = (generate::integer::<i32>(), generate::integer::<i32>(), generate::integer::<i32>());
    let both = Property::for_all(triple, |(_a, _b, c)| c < 5).parameters(&["a", "b", "c"]).check(seeded(2));
    let report = both.to_string();
    assert!(
        report.contains("    a = 0  // any value tried fails\n    b = 0  // any value tried fails\n    c = 5\n"),
        "{report}"
    );
    assert!(!report.contains("varied all at once"), "{report}");
    assert_eq!(both.failures()[0].any_values_fail_together(), Some(true));
}

/// Seven parameters, six of which the failure ignores, are all judged
/// within the explain phase's budget, the six varied together included:
/// a joint variation costs one call of the property, not one a parameter.
#[test]
fn explain_marks_every_free_argument_of_many() {
    let byte = generate::integer::<u8>;
    let seven = (byte(), byte(), byte(), byte(), byte(), byte(), byte());
    let result =
        Property::for_all(seven, |(a, ..)| a < 5).parameters(&["a", "b", "c", "d", "e", "f", "g"]).check(seeded(1));
    let failure = &result.failures()[0];
    let marks = [0, 1, 2, 3, 4, 5, 6].map(|index| failure.any_value_fails(index));
    assert_eq!(marks, [false, true, true, true, true, true, true], "{result}");
    assert_eq!(failure.any_values_fail_together(), Some(true), "{result}");
    assert!(result.to_string().contains("    a = 5\n    b = 0  // any value tried fails\n"), "{result}");
}

/// Eleven free parameters take more than the explain phase's 1000 calls
/// of the property alone (a hundred variations each): those judged keep
/// their marks, and the report says that the others were not judged and
/// the marked ones not varied together.
#[test]
fn explain_out_of_calls_says_what_it_did_not_judge() {
    let byte = generate::integer::<u8>;
    let twelve = (byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte());
    const NAMES: [&str; 12] = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"];
    let result = Property::for_all(twelve, |(a, ..)| a < 5).parameters(&NAMES).check(seeded(1));
    let failure = &result.failures()[0];
    let marked = (0..12).filter(|&index| failure.any_value_fails(index)).count();
    assert!((2..11).contains(&marked), "{marked} marked: {result}");
    assert_eq!(failure.any_values_fail_together(), None, "{result}");
    let report = result.to_string();
    let caveat = "\n  (the explain phase ran out of calls or time before it judged every argument: one not said to \
                  fail for any value may still do so, and those that are were not varied all at once)\n";
    assert!(report.contains(caveat), "{report}");
    assert_eq!(report.matches("ran out of calls or time").count(), 1, "{report}");
}

/// A slow body spends the explain phase's time on the first argument: the
/// report marks none, and says that it did not judge the others, rather
/// than let them read as arguments that matter.
#[test]
fn explain_out_of_time_says_it_did_not_judge_every_argument() {
    let triple = (generate::integer::<u8>(), generate::integer::<u8>(), generate::integer::<u8>());
    let result = Property::for_all(triple, |(a, ..)| {
        std::thread::sleep(Duration::from_millis(2));
        a < 5
    })
    .parameters(&["a", "b", "c"])
    .check(seeded(1).max_shrink_time(Duration::from_millis(300)));
    let report = result.to_string();
    assert!(!report.contains("any value tried fails"), "{report}");
    let caveat = "\n  (the explain phase ran out of calls or time before it judged every argument: one not said to \
                  fail for any value may still do so)";
    assert!(report.contains(caveat), "{report}");
}

#[test]
fn explain_can_be_turned_off() {
    let triple = (generate::integer::<u16>(), generate::integer::<u16>(), generate::integer::<u16>());
    let result = Property::for_all(triple, |(a, _b, c)| a <= 10 || c <= 10)
        .parameters(&["a", "b", "c"])
        .check(seeded(5).phases(Phases::all().without(Phase::Explain)));
    assert!(!result.to_string().contains("any value tried fails"), "{result}");
}

// Phases

#[test]
fn without_shrinking_the_failure_is_reported_as_found() {
    let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| list.len() < 5)
        .check(seeded(4).phases(Phases::all().without(Phase::Shrink)));
    assert!(result.is_falsified());
    assert_eq!(result.shrinks(), 0);
    assert_eq!(result.minimal().unwrap().value(), result.original().unwrap().value());
    assert!(!result.failures()[0].is_fully_shrunk());
    let report = result.to_string();
    assert!(report.contains("\n  Counterexample: ["), "{report}");
    assert!(!report.contains("Minimal"), "{report}");
    assert!(report.contains("\n  The shrink phase is off (phases): this is the counterexample as found."), "{report}");
}

#[test]
fn without_generation_only_pinned_examples_run() {
    let calls = RefCell::new(0);
    let result = Property::for_all(generate::integer::<i32>(), |_| *calls.borrow_mut() += 1)
        .example(5)
        .check(seeded(1).phases(Phases::all().without(Phase::Generate)));
    assert!(result.is_passed(), "{result}");
    assert_eq!((result.tests_run(), *calls.borrow()), (0, 1));
}

#[test]
fn without_the_explicit_phase_pinned_examples_are_skipped() {
    let result = Property::for_all(generate::between(0, 9), |n: i32| n != 42)
        .example(42)
        .check(seeded(1).phases(Phases::all().without(Phase::Explicit)));
    assert!(result.is_passed(), "{result}");
}

// Health checks

/// Lengths drawn uniformly up to 12,000: about a third of the lists are
/// too long to draw (an example makes at most 8192 choices), which only
/// shows once the run is past its small first examples. A property that fails
/// only for those passes, so the check must say they were never tested.
#[test]
fn examples_too_large_to_draw_late_in_a_run_are_warned_about() {
    let buffers =
        || generate::between(0usize, 12_000).flat_map(|n| generate::vec(generate::integer::<u8>()).length(n..=n));
    for seed in 0..3 {
        let result = Property::for_all(buffers(), |buffer: Vec<u8>| buffer.len() < 9_000).check(seeded(seed));
        assert!(result.is_passed(), "{result}");
        let warning = result.health_warnings().iter().find(|warning| warning.check() == HealthCheck::DataTooLarge);
        let warning = warning.unwrap_or_else(|| panic!("seed {seed}: no warning\n{result}"));
        assert!(warning.problem().contains("values that large are never tested"), "{warning}");
    }
    // Lists up to the limit, which always fit, are no such problem.
    let fitting = generate::between(0usize, 8000).flat_map(|n| generate::vec(generate::integer::<u8>()).length(n..=n));
    let fitting = Property::for_all(fitting, |_| true).check(seeded(1).runs(300));
    assert!(fitting.health_warnings().is_empty(), "{fitting}");
}

#[test]
fn a_filter_that_rejects_most_inputs_is_warned_about_and_can_be_silenced() {
    let rare = || generate::integer::<u32>().filter(|n| n % 4096 == 1234);
    let result = Property::for_all(rare(), |_| true).check(seeded(1).runs(12).max_discard_ratio(1000));
    let checks: Vec<HealthCheck> = result.health_warnings().iter().map(|warning| warning.check()).collect();
    assert_eq!(checks, [HealthCheck::FilterTooMuch], "{result}");
    let report = result.to_string();
    assert!(report.contains("Warning: health check filter_too_much: 50 examples were discarded"), "{report}");
    assert!(report.contains("Options::suppress(HealthCheck::FilterTooMuch)"), "{report}");

    let silenced = Property::for_all(rare(), |_| true)
        .check(seeded(1).runs(12).max_discard_ratio(1000).suppress(HealthCheck::FilterTooMuch));
    assert!(silenced.health_warnings().is_empty(), "{silenced}");
}

/// A check that ends for its discards says what rejected its inputs once:
/// its report leaves out the filter warning that says it again.
#[test]
fn an_exhausted_check_names_what_rejects_inputs_once() {
    let never = generate::integer::<u32>().filter(|&n| n == 7_777_777);
    let result = Property::for_all(never, |_| true).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    let checks: Vec<HealthCheck> = result.health_warnings().iter().map(|warning| warning.check()).collect();
    assert_eq!(checks, [HealthCheck::FilterTooMuch], "{result}");
    let report = result.to_string();
    assert_eq!(report.matches("a generator's filter (1000 examples)").count(), 1, "{report}");
    assert!(!report.contains("filter_too_much"), "{report}");
}

#[test]
fn assume_that_rejects_most_inputs_is_warned_about() {
    let result =
        Property::for_all(generate::integer::<u32>(), |n| assume(n % 64 == 0)).check(seeded(2).max_discard_ratio(1000));
    assert_eq!(result.health_warnings().len(), 1, "{result}");
}

#[test]
fn a_very_large_simplest_example_is_warned_about() {
    let huge = generate::vec(generate::integer::<u8>()).min_length(5000).max_length(5000);
    let result = Property::for_all(huge, |_| true).check(seeded(1).runs(2));
    let checks: Vec<HealthCheck> = result.health_warnings().iter().map(|warning| warning.check()).collect();
    assert_eq!(checks, [HealthCheck::LargeBaseExample], "{result}");
}

/// A minimum length that can never be drawn makes every example overrun:
/// one warning says so, and names the minimum (a second, about too much
/// data, named the maximum lengths, which are not the cause).
#[test]
fn a_simplest_example_that_overruns_is_warned_about_once() {
    let impossible = generate::vec(generate::integer::<u8>()).min_length(10_000);
    let result = Property::for_all(impossible, |_| true).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    let checks: Vec<HealthCheck> = result.health_warnings().iter().map(|warning| warning.check()).collect();
    assert_eq!(checks, [HealthCheck::LargeBaseExample], "{result}");
    assert!(result.to_string().contains("give collections smaller minimum lengths"), "{result}");
}

/// Elements that draw no choices are not stopped by the choice limit, so
/// a minimum length beyond it overruns by its length alone: the check
/// ends as above, rather than filling the list until memory runs out.
#[test]
fn a_minimum_length_beyond_the_limit_overruns_when_elements_draw_nothing() {
    let units = generate::vec(generate::constant(())).min_length(usize::MAX);
    let bytes = generate::vec(generate::constant(0u8)).length(10_000..=10_000);
    let set = generate::hash_set(generate::integer::<u64>()).min_length(10_000);
    let reports = [
        Property::for_all(units, |_| true).check(seeded(1)).to_string(),
        Property::for_all(bytes, |_| true).check(seeded(1)).to_string(),
        Property::for_all(set, |_| true).check(seeded(1)).to_string(),
    ];
    for report in reports {
        assert!(report.starts_with("Exhausted"), "{report}");
        assert!(report.contains("give collections smaller minimum lengths"), "{report}");
    }
    // Up to the limit, a list of elements that draw nothing is drawn.
    // (A minimum past it is no error at the call, as a length drawn by
    // `flat_map` may pass it only now and then: the examples that do
    // overrun, and a health check says so.)
    let most = generate::vec(generate::constant(0u8)).length(8192..=8192);
    Property::for_all(most, |list| list.len() == 8192).assert(seeded(1).runs(1));
}

/// Examples that keep needing more choices than an example may make are
/// warned about as data too large, not as a filter rejecting them.
#[test]
fn data_that_keeps_running_out_of_choices_is_warned_about() {
    // At least 6000 choices, and most examples over the 8192 allowed.
    let huge = generate::vec(generate::integer::<u8>()).length(6000..=20_000);
    let options = seeded(1).runs(12).max_discard_ratio(1000).suppress(HealthCheck::LargeBaseExample);
    let result = Property::for_all(huge, |_| true).check(options);
    let checks: Vec<HealthCheck> = result.health_warnings().iter().map(|warning| warning.check()).collect();
    assert_eq!(checks, [HealthCheck::DataTooLarge], "{result}");
    assert!(result.to_string().contains("health check data_too_large: 20 examples needed more than the 8192 choices"));
}

/// A recursion that keeps nesting too deep overruns like data that needs
/// too many choices, and is warned about as such, not as a filter.
#[test]
fn recursion_that_keeps_nesting_too_deep_is_warned_about_as_data_too_large() {
    fn trees() -> quickcheck::BoxedGenerator<'static, u32> {
        generate::frequency((
            (1, generate::constant(0u32).boxed()),
            (2, generate::deferred(|| (trees(), trees()).map(|(left, right)| left + right + 1)).boxed()),
        ))
        .boxed()
    }
    let result = Property::for_all(trees(), |_| true).check(seeded(1).runs(50).max_discard_ratio(1000));
    let checks: Vec<HealthCheck> = result.health_warnings().iter().map(|warning| warning.check()).collect();
    assert!(checks.contains(&HealthCheck::DataTooLarge), "{result}");
    assert!(!checks.contains(&HealthCheck::FilterTooMuch), "{result}");
}

/// A generator that reads a counter of its own draws differently from the
/// same choices: the check warns that its failures may not replay.
#[test]
fn a_generator_that_is_not_deterministic_is_warned_about() {
    let calls = std::sync::atomic::AtomicU64::new(0);
    let counting = generate::from_fn(|source| {
        let call = calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        source.draw(&generate::between(0u64, 3 + call % 2))
    });
    let result = Property::for_all(counting, |_| true).check(seeded(1).runs(20));
    let checks: Vec<HealthCheck> = result.health_warnings().iter().map(|warning| warning.check()).collect();
    assert_eq!(checks, [HealthCheck::NondeterministicGeneration], "{result}");
    let report = result.to_string();
    assert!(report.contains("health check nondeterministic_generation: "), "{report}");
    assert!(report.contains("made different draws from choices that had been read before"), "{report}");
    // Its few values look exhausted to the record of what ran, which it
    // cannot be trusted for: the run goes on to its count, claiming nothing.
    assert_eq!(result.tests_run(), 20, "{report}");
    assert!(!report.contains("Every example"), "{report}");
    // A deterministic generator of the same values is not.
    let result = Property::for_all(generate::between(0u64, 4), |_| true).check(seeded(1).runs(20));
    assert!(result.health_warnings().is_empty(), "{result}");
}

/// A stateful model whose `initial` differs between calls is caught the same
/// way: its commands are drawn from a model that is not the same each time.
#[test]
fn a_model_whose_initial_state_differs_between_calls_is_warned_about() {
    use quickcheck::stateful::{Command, ModelCommand, commands};
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    #[derive(Clone, Debug)]
    struct Take(u64);
    impl ModelCommand<u64> for Take {
        fn precondition(&self, model: &u64) -> bool {
            self.0 <= *model
        }
        fn update(&self, _: &mut u64) {}
    }
    impl Command<u64, ()> for Take {
        fn run(&self, _: &u64, _: &mut ()) {}
    }
    let initial = || CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 3 + 1;
    let sequences = commands(initial, |model: &u64| Some(generate::between(0, *model).map(Take))).length(1..=3);
    let result = Property::for_all(sequences, |sequence| {
        sequence.run(&mut ());
    })
    .check(seeded(1).runs(50));
    let checks: Vec<HealthCheck> = result.health_warnings().iter().map(|warning| warning.check()).collect();
    assert!(checks.contains(&HealthCheck::NondeterministicGeneration), "{result}");
}

#[test]
fn slow_generation_is_warned_about() {
    let slow = generate::from_fn(|source| {
        std::thread::sleep(Duration::from_millis(120));
        source.draw(&generate::integer::<u8>())
    });
    let result = Property::for_all(&slow, |_| true).check(seeded(1).runs(10));
    let checks: Vec<HealthCheck> = result.health_warnings().iter().map(|warning| warning.check()).collect();
    assert_eq!(checks, [HealthCheck::TooSlow], "{result}");
    assert!(result.to_string().contains("smaller collections or simpler generators keep a check fast"), "{result}");

    // Slow because most examples are thrown away: the filter is what to
    // change, not the size of the values.
    let mostly_rejected = generate::from_fn(|source| {
        std::thread::sleep(Duration::from_millis(120));
        let n = source.draw(&generate::integer::<u8>());
        assume(n % 4 == 0);
        n
    });
    let options = seeded(1).runs(4).suppress(HealthCheck::FilterTooMuch);
    let result = Property::for_all(mostly_rejected, |_| true).check(options);
    assert!(result.discards() > result.tests_run(), "{result}");
    let report = result.to_string();
    assert!(report.contains("most of them were thrown away, by an `assume` that did not hold at "), "{report}");
    assert!(report.contains("Generate valid inputs directly"), "{report}");

    // Slow because most examples overran: no filter to blame, the values
    // are too large.
    let mostly_overrunning = generate::from_fn(|source| {
        std::thread::sleep(Duration::from_millis(120));
        let n = source.draw(&generate::integer::<u8>());
        if n % 4 != 0 {
            source.draw(&generate::vec(generate::boolean()).length(9000..=9000));
        }
        n
    });
    let result = Property::for_all(mostly_overrunning, |_| true).check(seeded(1).runs(4));
    let report = result.to_string();
    assert!(
        report.contains("most of them were thrown away, by a draw of too many choices or too deep a recursion"),
        "{report}"
    );
    assert!(report.contains("Make the values smaller"), "{report}");
    assert!(!report.contains("filter"), "{report}");
}

/// A deadline says the examples are slow: generation may take up to five
/// of them for the first ten examples before it is too slow.
#[test]
fn slow_generation_is_measured_against_a_long_deadline() {
    let slow = generate::from_fn(|source| {
        std::thread::sleep(Duration::from_millis(120));
        source.draw(&generate::integer::<u8>())
    });
    // Well over a second of generation, but under five deadlines of a second.
    let result = Property::for_all(&slow, |_| true).check(seeded(1).runs(10).deadline(Duration::from_secs(1)));
    assert!(result.health_warnings().is_empty(), "{result}");
    // A short deadline leaves the second.
    let result = Property::for_all(&slow, |_| true).check(seeded(1).runs(10).deadline(Duration::from_millis(100)));
    let checks: Vec<HealthCheck> = result.health_warnings().iter().map(|warning| warning.check()).collect();
    assert_eq!(checks, [HealthCheck::TooSlow], "{result}");
}

#[test]
fn a_healthy_property_has_no_warnings() {
    let result = Property::for_all(generate::vec(generate::integer::<i64>()), |_| true).check(seeded(1));
    assert!(result.health_warnings().is_empty(), "{result}");
}

/// An example whose every choice is forced has nothing for the target
/// phase to move; the check ends rather than search forever.
#[test]
fn targeting_with_nothing_to_move_ends() {
    let result = Property::for_all(generate::between(7u8, 7), |x| target(f64::from(x), "x")).check(seeded(1));
    assert!(result.is_passed(), "{result}");
    let result = Property::for_all((generate::between(7u8, 7), generate::between(0u8, 3)), |(x, y)| {
        target(f64::from(x) - f64::from(y), "x");
    })
    .check(seeded(1).runs(2));
    assert!(result.is_passed(), "{result}");
}

/// A small space whose every example is rejected is exhausted, not
/// passed: the property was never tested.
#[test]
fn a_space_whose_every_example_is_rejected_is_exhausted() {
    let (result, line) = (Property::for_all(generate::between(0u8, 7), |n| assume(n > 100)).check(seeded(2)), line!());
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    assert_eq!((result.tests_run(), result.discards()), (0, 8), "{result}");
    assert!(result.is_space_exhausted());
    // The report names the `assume` that rejected them.
    assert_eq!(
        result.to_string(),
        format!(
            "Exhausted after 0 tests (seed 2): every example the generators can produce (8) was tried and \
             rejected, so no generated example was tested. Rejected by: an `assume` that did not hold at \
             tests/run_phases.rs:{line} (8 examples). Check the condition against the generators' ranges, or generate valid inputs directly."
        )
    );
}

/// `run_for` keeps generating past `runs` until its time has passed: the
/// same examples of the seed first, then more.
#[test]
fn run_for_generates_past_runs_until_its_time_has_passed() {
    let seen = RefCell::new(Vec::new());
    let result = Property::for_all(generate::integer::<u64>(), |n| seen.borrow_mut().push(n))
        .check(seeded(4).runs(10).run_for(Duration::from_millis(30)));
    assert!(result.is_passed(), "{result}");
    assert!(result.tests_run() > 10, "{result}");
    let long_run = seen.take();
    let short = Property::for_all(generate::integer::<u64>(), |n| seen.borrow_mut().push(n)).check(seeded(4).runs(10));
    assert!(short.is_passed(), "{short}");
    assert_eq!(&long_run[..10], &seen.borrow()[..], "the longer run starts with the same examples");
}

/// Phases that cannot run an example are refused rather than pass having
/// tested nothing; replaying only the saved failures is allowed, and passes
/// with none saved.
#[test]
fn phases_that_can_run_no_example_are_refused() {
    for (phases, on) in
        [(Phases::only(&[]), "no phase at all"), (Phases::only(&[Phase::Shrink]), "only the phases shrink")]
    {
        let result = Property::for_all(generate::boolean(), |_| true).check(seeded(1).phases(phases));
        assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
        let report = result.to_string();
        assert!(report.contains(&format!("the check runs {on}: none that runs an example")), "{report}");
    }
    let saved_only = seeded(1).phases(Phases::only(&[Phase::Reuse])).name("run_phases::nothing_saved");
    let result = Property::for_all(generate::boolean(), |_| true).check(saved_only);
    assert!(result.is_passed(), "{result}");
}

/// Phases that could run examples, but have none to run, are refused too:
/// replaying saved examples with no database to read, or checking pinned
/// examples with none pinned.
#[test]
fn phases_with_no_example_to_run_are_refused() {
    let reuse_only = || seeded(1).phases(Phases::only(&[Phase::Reuse]));
    let pins_only = || seeded(1).phases(Phases::only(&[Phase::Explicit]));
    let generate = "turn on the generate phase (Phase::Generate in Options::phases)";
    let cases = [
        (
            reuse_only(),
            format!(
                "it does not generate, it pins no example and it has no name to keep saved examples under. To test \
                 something, {generate}, pin one (Property::example), or name it (Options::name)"
            ),
        ),
        (
            reuse_only().name("run_phases::no_database").database("off"),
            "and its example database is off. To test something, turn on the generate phase".to_owned(),
        ),
        (
            pins_only(),
            format!(
                "it pins no example and the reuse phase, which replays saved examples, is off. To test something, \
                 {generate}, or pin one (Property::example)"
            ),
        ),
    ];
    for (options, why) in cases {
        let result = Property::for_all(generate::boolean(), |_| true).check(options);
        assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
        let report = result.to_string();
        assert!(report.contains("the check would pass having tested nothing: it does not generate"), "{report}");
        assert!(report.contains(&why), "{report}");
    }
    // Pinned examples skipped with the explicit phase are no test either.
    let skipped = Property::for_all(generate::boolean(), |_| true).example(true).check(reuse_only());
    let report = skipped.to_string();
    assert!(report.contains("its pinned examples are skipped, as the explicit phase is off"), "{report}");
    assert!(report.contains("turn on the explicit phase, or name it (Options::name)"), "{report}");
    let pinned = Property::for_all(generate::boolean(), |_| true).example(true).check(pins_only());
    assert!(pinned.is_passed(), "{pinned}");
}

/// A check that only runs pinned examples says so, and names no seed, as
/// nothing was generated; a check that fails on a pinned example counts
/// those that passed before it.
#[test]
fn a_check_of_pinned_examples_alone_reports_them() {
    let result = Property::for_all(generate::integer::<u32>(), |n| n % 7 != 3 || n > 0)
        .example(5)
        .example(6)
        .check(seeded(1).phases(Phases::only(&[Phase::Explicit, Phase::Shrink])));
    assert!(result.is_passed(), "{result}");
    assert_eq!((result.tests_run(), result.pinned_examples_passed()), (0, 2));
    assert_eq!(result.to_string(), "Passed 2 pinned examples; the generate phase is off, so no example was generated.");
    // With generation, the pinned examples are counted apart from the tests.
    let result = Property::for_all(generate::integer::<u32>(), |n| n % 7 != 3 || n > 0).example(5).check(seeded(1));
    assert_eq!((result.tests_run(), result.pinned_examples_passed()), (100, 1));
    assert!(result.to_string().starts_with("Passed 100 tests (seed 1)."), "{result}");
    let result = Property::for_all(generate::integer::<u32>(), |n| n != 7).example(5).example(7).check(seeded(1));
    assert!(result.is_falsified(), "{result}");
    assert_eq!(result.pinned_examples_passed(), 1);
}

/// A coverage confidence cannot decide anything without generated
/// examples: a check that asks for one with generation off is refused,
/// not passed with its requirements undecided.
#[test]
fn a_coverage_confidence_without_generation_is_refused() {
    let result = Property::for_all(generate::integer::<u8>(), |n| quickcheck::stats::cover(n < 128, 10.0, "low"))
        .example(5)
        .check(
            seeded(1)
                .phases(Phases::all().without(Phase::Generate))
                .coverage_confidence(quickcheck::stats::Confidence::default()),
        );
    assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
    assert!(
        result.to_string().contains("a coverage confidence decides its requirements on generated examples"),
        "{result}"
    );
}
