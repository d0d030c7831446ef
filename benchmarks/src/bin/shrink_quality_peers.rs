//! The shrink-quality suite of `examples/shrink_quality`, run with the peer
//! libraries as well: proptest 1.x, quickcheck 1.x and hegeltest.
//!
//! The seven problems are built with each library's own generators (and,
//! for quickcheck 1.x, its own `Arbitrary` shrinkers), at the sizes the
//! problems state, and each runs over 100 seeds. For every library and
//! problem the program reports how often the bug was found, how often the
//! shrunk counterexample was exactly the ideal one, the median property calls
//! spent shrinking and the median wall time of the whole check.
//!
//! Our own library has three rows. "ours" is
//! `examples/shrink_quality/problems.rs` itself, compiled into this program
//! unchanged: the same code, seeds and numbers as
//! `cargo run --release --example shrink_quality`, whose calls are the
//! library's own `shrink_calls`. "ours counted" runs the same problems with
//! the calls counted in the property, as every peer's are: all calls after
//! the first failing one, which by default includes the further examples
//! ours generates to look for failures of other origins (as many as it took
//! to find the latest failure, at most 1000). "ours 1st
//! only" is the same with `Options::multiple_failures(false)`, which, like the
//! peers' defaults, shrinks the first failure at once.
//!
//! ```text
//! cargo run --release --manifest-path benchmarks/Cargo.toml --bin shrink_quality_peers [seeds] [hegel seeds]
//! ```

// The example's problems, compiled here unchanged. This program reads only
// some of what the module offers (the regression tests read the rest), so an
// item it does not use is no warning.
#[allow(dead_code)]
#[path = "../../../examples/shrink_quality/problems.rs"]
mod problems;

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use hegel::generators::{self as gs, Generator as _};
use proptest::collection::{SizeRange, vec as proptest_vec};
use proptest::prelude::{Strategy, any};
use proptest::test_runner::{Config as ProptestConfig, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};
use quickcheck::{Generator, Options, Property, generate};
use quickcheck_benchmarks::chacha_key;
use quickcheck1::{Arbitrary, Gen, QuickCheck, TestResult, Testable};

/// quickcheck 1.x's default `Gen` size (its `QUICKCHECK_GENERATOR_SIZE`):
/// the largest length of a default `Vec`.
const QUICKCHECK1_SIZE: usize = 100;

// ---------------------------------------------------------------------------
// The problems, over plain Rust values, shared by every peer.
// ---------------------------------------------------------------------------

/// A problem's property and its test of an ideal counterexample, over the
/// value every peer's generator produces (quickcheck 1.x's newtypes unwrap to
/// it before the property runs).
struct Spec<T> {
    /// Whether the property holds.
    holds: fn(&T) -> bool,
    /// Whether a counterexample is the ideal one.
    ideal: fn(&T) -> bool,
}

impl<T> Clone for Spec<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Spec<T> {}

/// The distinct values of some integers.
fn distinct_values<'a, I: Ord + Copy + 'a>(values: impl IntoIterator<Item = &'a I>) -> BTreeSet<I> {
    values.into_iter().copied().collect()
}

/// The wrapping sum of some `i16`s.
fn wrapping_sum<'a>(values: impl IntoIterator<Item = &'a i16>) -> i16 {
    values.into_iter().fold(0, |sum, &x| sum.wrapping_add(x))
}

/// The bound5 filter: a list whose wrapping sum is below 256.
fn small_sum(list: &[i16]) -> bool {
    wrapping_sum(list) < 256
}

/// The coupling filter: every value is a valid index of the list.
fn valid_indices(list: &[u8]) -> bool {
    list.iter().all(|&v| usize::from(v) < list.len())
}

type Five = (Vec<i16>, Vec<i16>, Vec<i16>, Vec<i16>, Vec<i16>);

const REVERSE: Spec<Vec<i32>> = Spec { holds: |list| list.iter().rev().eq(list.iter()), ideal: |list| list == &[0, 1] };

const LENGTHLIST: Spec<Vec<i32>> =
    Spec { holds: |list| list.iter().max().is_none_or(|&max| max < 900), ideal: |list| list == &[900] };

const LARGE_UNION_LIST: Spec<Vec<Vec<i32>>> = Spec {
    holds: |lists| distinct_values(lists.iter().flatten()).len() <= 4,
    ideal: |lists| {
        lists.len() == 1 && lists[0].len() == 5 && distinct_values(&lists[0]) == BTreeSet::from([-2, -1, 0, 1, 2])
    },
};

const DISTINCT: Spec<Vec<i32>> =
    Spec { holds: |list| distinct_values(list).len() < 3, ideal: |list| list == &[0, 1, -1] || list == &[0, 1, 2] };

const NESTEDLISTS: Spec<Vec<Vec<i32>>> = Spec {
    holds: |lists| lists.iter().map(Vec::len).sum::<usize>() <= 10,
    ideal: |lists| {
        lists.len() == 4 && lists.iter().flatten().all(|&x| x == 0) && lists.iter().map(Vec::len).sum::<usize>() == 11
    },
};

const BOUND5: Spec<Five> = Spec {
    holds: |(a, b, c, d, e)| wrapping_sum([a, b, c, d, e].into_iter().flatten()) < 1280,
    ideal: |(a, b, c, d, e)| {
        let lists = [a, b, c, d, e];
        let mut values: Vec<i16> = lists.iter().flat_map(|list| list.iter().copied()).collect();
        values.sort_unstable();
        values == [-32768, -1] && lists.iter().all(|list| list.len() <= 1)
    },
};

const COUPLING: Spec<Vec<u8>> = Spec {
    holds: |list| (0..list.len()).all(|i| usize::from(list[i]) == i || usize::from(list[usize::from(list[i])]) != i),
    ideal: |list| list == &[1, 0],
};

// ---------------------------------------------------------------------------
// Counting property calls: every peer's property goes through `observe`.
// ---------------------------------------------------------------------------

/// What the property saw during one check.
#[derive(Default)]
struct Record {
    /// Property calls so far.
    calls: u64,
    /// The number of the call that first failed.
    first_failure: Option<u64>,
    /// The last failing value: whether it is ideal, and its `Debug` form.
    /// Each peer's last failing call is its minimal counterexample (proptest
    /// and quickcheck 1.x stop on it; hegel replays it last).
    last_failure: Option<(bool, String)>,
}

thread_local! {
    /// The record of the check in progress. quickcheck 1.x runs only plain
    /// `fn` pointers, which cannot capture a counter, so it is thread-local
    /// for every peer.
    static RECORD: RefCell<Record> = RefCell::new(Record::default());
}

/// Evaluates the property on a value the library produced, counting the
/// call and remembering a failure.
fn observe<T: Debug>(value: &T, spec: Spec<T>) -> bool {
    let holds = (spec.holds)(value);
    RECORD.with(|record| {
        let mut record = record.borrow_mut();
        record.calls += 1;
        if !holds {
            if record.first_failure.is_none() {
                record.first_failure = Some(record.calls);
            }
            record.last_failure = Some(((spec.ideal)(value), format!("{value:?}")));
        }
    });
    holds
}

/// What one check of one problem came to.
struct Trial {
    /// Whether the property was falsified.
    found: bool,
    /// Whether the minimal counterexample is the ideal one.
    ideal: bool,
    /// Property calls after the first failing one.
    shrink_calls: u64,
    /// Wall time of the whole check.
    time: Duration,
    /// The minimal counterexample, or why there is none.
    minimal: String,
}

/// Starts a check: clears the record and the clock.
fn start() -> Instant {
    RECORD.with(|record| *record.borrow_mut() = Record::default());
    Instant::now()
}

/// Ends a check started at `started`; `error` is the library's reason for
/// stopping without a counterexample, if it gave one.
fn finish(started: Instant, error: Option<String>) -> Trial {
    let time = started.elapsed();
    let record = RECORD.with(|record| std::mem::take(&mut *record.borrow_mut()));
    match (record.first_failure, record.last_failure) {
        (Some(first), Some((ideal, minimal))) => {
            Trial { found: true, ideal, shrink_calls: record.calls - first, time, minimal }
        }
        _ => Trial {
            found: false,
            ideal: false,
            shrink_calls: 0,
            time,
            minimal: error.unwrap_or_else(|| "passed".to_owned()),
        },
    }
}

// ---------------------------------------------------------------------------
// Our library: the example's own problems, unchanged.
// ---------------------------------------------------------------------------

/// Runs problem `PROBLEM` of the example's suite.
fn ours<const PROBLEM: usize>(seed: u64) -> Trial {
    let trial = (problems::PROBLEMS[PROBLEM].run)(seed);
    Trial {
        found: trial.found,
        ideal: trial.ideal,
        shrink_calls: trial.shrink_calls,
        time: trial.time,
        minimal: trial.minimal,
    }
}

// ---------------------------------------------------------------------------
// Our library again, with the property counting its calls as the peers'
// do: every call after the first failing one, whatever the phase. By
// default ours goes on generating after a first failure (as many calls as
// the latest failure took, at most 1000) to look for failures of other
// origins, and its own `shrink_calls` counts only the calls from shrinking
// on, so the two counts differ. The generators are the example's.
// ---------------------------------------------------------------------------

/// Checks `spec` with our library over `generator`, counting calls in the
/// property.
fn ours_counted<G>(generator: G, spec: Spec<G::Value>, options: Options) -> Trial
where
    G: Generator,
    G::Value: Debug,
{
    let started = start();
    let result = Property::for_all(generator, |value: G::Value| observe(&value, spec)).check(options);
    let mut trial = finish(started, None);
    // The last failing call is not always the minimal counterexample here:
    // the explain phase runs variations of it after shrinking.
    if let Some(minimal) = result.minimal() {
        trial.ideal = (spec.ideal)(minimal.value());
        trial.minimal = minimal.rendered().to_owned();
    }
    trial
}

/// Problem `index` of the suite with our generators and `options`.
fn ours_problem(index: usize, options: Options) -> Trial {
    match index {
        0 => ours_counted(generate::vec(generate::integer::<i32>()), REVERSE, options),
        1 => {
            let lists = generate::between(1usize, 100)
                .flat_map(|length| generate::vec(generate::between(0, 1000)).length(length..=length));
            ours_counted(lists, LENGTHLIST, options)
        }
        2 => ours_counted(generate::vec(generate::vec(generate::integer::<i32>())), LARGE_UNION_LIST, options),
        3 => ours_counted(generate::vec(generate::integer::<i32>()), DISTINCT, options),
        4 => ours_counted(generate::vec(generate::vec(generate::integer::<i32>()).max_length(3)), NESTEDLISTS, options),
        5 => {
            let list = generate::vec(generate::integer::<i16>()).max_length(10).filter(|list| small_sum(list));
            ours_counted((&list, &list, &list, &list, &list), BOUND5, options)
        }
        _ => {
            let lists = generate::vec(generate::between(0u8, 10)).filter(|list| valid_indices(list));
            ours_counted(lists, COUPLING, options)
        }
    }
}

/// Problem `PROBLEM` with our default options, counted.
fn ours_default<const PROBLEM: usize>(seed: u64) -> Trial {
    ours_problem(PROBLEM, Options::default().seed(seed))
}

/// Problem `PROBLEM` stopping at the first failure, as the peers do by
/// default, counted.
fn ours_first_failure<const PROBLEM: usize>(seed: u64) -> Trial {
    ours_problem(PROBLEM, Options::default().seed(seed).multiple_failures(false))
}

/// The runs of all seven problems with one of the functions above, which
/// take the problem as a constant so that each is a plain `fn(u64)`.
macro_rules! every_problem {
    ($run:ident) => {
        [$run::<0>, $run::<1>, $run::<2>, $run::<3>, $run::<4>, $run::<5>, $run::<6>]
    };
}

// ---------------------------------------------------------------------------
// proptest 1.x: a `TestRunner` with a ChaCha RNG seeded from the seed, its
// default config otherwise (256 cases), no failure persistence.
// ---------------------------------------------------------------------------

/// Checks `spec` with proptest over `strategy`.
fn proptest<S>(strategy: S, spec: Spec<S::Value>, seed: u64) -> Trial
where
    S: Strategy,
    S::Value: Debug,
{
    let config = ProptestConfig { failure_persistence: None, ..ProptestConfig::default() };
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &chacha_key(seed));
    let mut runner = TestRunner::new_with_rng(config, rng);
    let started = start();
    let outcome = runner.run(&strategy, |value| {
        if observe(&value, spec) { Ok(()) } else { Err(TestCaseError::fail("the property is false")) }
    });
    let error = match outcome {
        Err(TestError::Abort(reason)) => Some(format!("aborted: {reason}")),
        // The minimal counterexample proptest reports: after a shrink that
        // stopped at its iteration limit it steps back to the last failing
        // value without calling the property, so take its word for it.
        Err(TestError::Fail(_, minimal)) => {
            RECORD.with(|record| {
                record.borrow_mut().last_failure = Some(((spec.ideal)(&minimal), format!("{minimal:?}")));
            });
            None
        }
        Ok(()) => None,
    };
    finish(started, error)
}

fn proptest_reverse(seed: u64) -> Trial {
    proptest(any::<Vec<i32>>(), REVERSE, seed)
}

fn proptest_lengthlist(seed: u64) -> Trial {
    proptest((1usize..=100).prop_flat_map(|length| proptest_vec(0..=1000i32, length)), LENGTHLIST, seed)
}

fn proptest_large_union_list(seed: u64) -> Trial {
    proptest(any::<Vec<Vec<i32>>>(), LARGE_UNION_LIST, seed)
}

fn proptest_distinct(seed: u64) -> Trial {
    proptest(any::<Vec<i32>>(), DISTINCT, seed)
}

fn proptest_nestedlists(seed: u64) -> Trial {
    // The outer length is proptest's default size range (0..100), as for
    // `any::<Vec<_>>()`.
    proptest(proptest_vec(proptest_vec(any::<i32>(), 0..=3), SizeRange::default()), NESTEDLISTS, seed)
}

fn proptest_bound5(seed: u64) -> Trial {
    let list = proptest_vec(any::<i16>(), 0..=10).prop_filter("wrapping sum below 256", |list| small_sum(list));
    proptest((list.clone(), list.clone(), list.clone(), list.clone(), list), BOUND5, seed)
}

fn proptest_coupling(seed: u64) -> Trial {
    let lists =
        proptest_vec(0..=10u8, SizeRange::default()).prop_filter("values are indices", |list| valid_indices(list));
    proptest(lists, COUPLING, seed)
}

// ---------------------------------------------------------------------------
// quickcheck 1.x: `QuickCheck::new().rng(Gen::from_size_and_seed(100, seed))`
// (quickcheck 1.1 has a seeded `Gen`), its defaults otherwise (100 passing
// tests, at most 10000). It has no generator combinators: a shape is a
// newtype whose `Arbitrary` builds it and whose `shrink` is the inner type's
// own shrinker; a filter is `TestResult::discard`.
// ---------------------------------------------------------------------------

/// Checks a quickcheck 1.x property (a `fn` pointer that calls `observe`).
fn quickcheck1(property: impl Testable, seed: u64) -> Trial {
    let started = start();
    let outcome = QuickCheck::new().rng(Gen::from_size_and_seed(QUICKCHECK1_SIZE, seed)).quicktest(property);
    let error = match outcome {
        Ok(passed) if passed < 100 => Some(format!("gave up after {passed} passing tests")),
        _ => None,
    };
    finish(started, error)
}

/// `N` consecutive integers from `first`, for a uniform `Gen::choose`
/// (quickcheck 1.x has no public range draw).
const fn range<const N: usize>(first: i32) -> [i32; N] {
    let mut values = [0; N];
    let mut index = 0;
    while index < N {
        values[index] = first + index as i32;
        index += 1;
    }
    values
}

/// Lengths 1..=100 of lengthlist.
const LENGTHS_1_TO_100: [i32; 100] = range(1);
/// Values 0..=1000 of lengthlist.
const VALUES_0_TO_1000: [i32; 1001] = range(0);
/// Lengths 0..=10, and values 0..=10 of coupling.
const ZERO_TO_10: [i32; 11] = range(0);

/// A uniform draw from `values`.
fn choose<T: TryFrom<i32>>(g: &mut Gen, values: &[i32]) -> T
where
    T::Error: Debug,
{
    T::try_from(*g.choose(values).expect("a nonempty range")).expect("in range")
}

/// lengthlist: a length 1..=100, then that many integers 0..=1000. Shrinks
/// as a `Vec<i32>` (elements towards 0, which stays in range), never empty.
#[derive(Clone, Debug)]
struct LengthList(Vec<i32>);

impl Arbitrary for LengthList {
    fn arbitrary(g: &mut Gen) -> Self {
        let length: usize = choose(g, &LENGTHS_1_TO_100);
        LengthList((0..length).map(|_| choose(g, &VALUES_0_TO_1000)).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().filter(|list| !list.is_empty()).map(LengthList))
    }
}

/// nestedlists' inner list: at most 3 default `i32`s. Shrinks as a
/// `Vec<i32>`, which never grows.
#[derive(Clone, Debug)]
struct Short(Vec<i32>);

impl Arbitrary for Short {
    fn arbitrary(g: &mut Gen) -> Self {
        let length: usize = choose(g, &ZERO_TO_10[..4]);
        Short((0..length).map(|_| i32::arbitrary(g)).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(Short))
    }
}

/// bound5's list: at most 10 default `i16`s. Shrinks as a `Vec<i16>`.
#[derive(Clone, Debug)]
struct Upto10(Vec<i16>);

impl Arbitrary for Upto10 {
    fn arbitrary(g: &mut Gen) -> Self {
        let length: usize = choose(g, &ZERO_TO_10);
        Upto10((0..length).map(|_| i16::arbitrary(g)).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(Upto10))
    }
}

/// coupling's list: a default-length list of values 0..=10. Shrinks as a
/// `Vec<u8>` (values towards 0, which stays in range).
#[derive(Clone, Debug)]
struct SmallValues(Vec<u8>);

impl Arbitrary for SmallValues {
    fn arbitrary(g: &mut Gen) -> Self {
        let length = Vec::<()>::arbitrary(g).len();
        SmallValues((0..length).map(|_| choose(g, &ZERO_TO_10)).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(SmallValues))
    }
}

fn qc1_reverse_property(list: Vec<i32>) -> bool {
    observe(&list, REVERSE)
}

fn qc1_lengthlist_property(list: LengthList) -> bool {
    observe(&list.0, LENGTHLIST)
}

fn qc1_large_union_list_property(lists: Vec<Vec<i32>>) -> bool {
    observe(&lists, LARGE_UNION_LIST)
}

fn qc1_distinct_property(list: Vec<i32>) -> bool {
    observe(&list, DISTINCT)
}

fn qc1_nestedlists_property(lists: Vec<Short>) -> bool {
    observe(&lists.into_iter().map(|short| short.0).collect(), NESTEDLISTS)
}

fn qc1_bound5_property(a: Upto10, b: Upto10, c: Upto10, d: Upto10, e: Upto10) -> TestResult {
    let five = (a.0, b.0, c.0, d.0, e.0);
    if ![&five.0, &five.1, &five.2, &five.3, &five.4].into_iter().all(|list| small_sum(list)) {
        return TestResult::discard();
    }
    TestResult::from_bool(observe(&five, BOUND5))
}

fn qc1_coupling_property(list: SmallValues) -> TestResult {
    if !valid_indices(&list.0) {
        return TestResult::discard();
    }
    TestResult::from_bool(observe(&list.0, COUPLING))
}

fn quickcheck1_reverse(seed: u64) -> Trial {
    quickcheck1(qc1_reverse_property as fn(Vec<i32>) -> bool, seed)
}

fn quickcheck1_lengthlist(seed: u64) -> Trial {
    quickcheck1(qc1_lengthlist_property as fn(LengthList) -> bool, seed)
}

fn quickcheck1_large_union_list(seed: u64) -> Trial {
    quickcheck1(qc1_large_union_list_property as fn(Vec<Vec<i32>>) -> bool, seed)
}

fn quickcheck1_distinct(seed: u64) -> Trial {
    quickcheck1(qc1_distinct_property as fn(Vec<i32>) -> bool, seed)
}

fn quickcheck1_nestedlists(seed: u64) -> Trial {
    quickcheck1(qc1_nestedlists_property as fn(Vec<Short>) -> bool, seed)
}

fn quickcheck1_bound5(seed: u64) -> Trial {
    quickcheck1(qc1_bound5_property as fn(Upto10, Upto10, Upto10, Upto10, Upto10) -> TestResult, seed)
}

fn quickcheck1_coupling(seed: u64) -> Trial {
    quickcheck1(qc1_coupling_property as fn(SmallValues) -> TestResult, seed)
}

// ---------------------------------------------------------------------------
// hegeltest: `Settings::seed(Some(seed))`, its defaults otherwise (100 test
// cases), with the database off, quiet, and the wall-clock too-slow health
// check suppressed (another process on two cores can trip it).
// ---------------------------------------------------------------------------

/// Checks `spec` with hegel, drawing the value with `draw`.
fn hegel<T: Debug>(draw: impl Fn(&hegel::TestCase) -> T, spec: Spec<T>, seed: u64) -> Trial {
    let settings = hegel::Settings::new()
        .seed(Some(seed))
        .database(hegel::Database::Disabled)
        .verbosity(hegel::Verbosity::Quiet)
        .print_blob(false)
        .suppress_health_check([hegel::HealthCheck::TooSlow]);
    let started = start();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        hegel::Hegel::new(|test_case: hegel::TestCase| {
            let value = draw(&test_case);
            assert!(observe(&value, spec), "the property is false");
        })
        .settings(settings)
        .run();
    }));
    let error = outcome.err().map(|payload| {
        payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|text| (*text).to_owned()))
            .unwrap_or_else(|| "a panic without a message".to_owned())
    });
    finish(started, error.map(|message| message.lines().next().unwrap_or_default().to_owned()))
}

fn hegel_reverse(seed: u64) -> Trial {
    hegel(|tc| tc.draw(gs::vecs(gs::integers::<i32>())), REVERSE, seed)
}

fn hegel_lengthlist(seed: u64) -> Trial {
    let lists = gs::integers::<usize>().min_value(1).max_value(100).flat_map(|length| {
        gs::vecs(gs::integers::<i32>().min_value(0).max_value(1000)).min_size(length).max_size(length)
    });
    hegel(|tc| tc.draw(&lists), LENGTHLIST, seed)
}

fn hegel_large_union_list(seed: u64) -> Trial {
    hegel(|tc| tc.draw(gs::vecs(gs::vecs(gs::integers::<i32>()))), LARGE_UNION_LIST, seed)
}

fn hegel_distinct(seed: u64) -> Trial {
    hegel(|tc| tc.draw(gs::vecs(gs::integers::<i32>())), DISTINCT, seed)
}

fn hegel_nestedlists(seed: u64) -> Trial {
    hegel(|tc| tc.draw(gs::vecs(gs::vecs(gs::integers::<i32>()).max_size(3))), NESTEDLISTS, seed)
}

fn hegel_bound5(seed: u64) -> Trial {
    let draw = |tc: &hegel::TestCase| {
        let list = || gs::vecs(gs::integers::<i16>()).max_size(10).filter(|list: &Vec<i16>| small_sum(list));
        (tc.draw(list()), tc.draw(list()), tc.draw(list()), tc.draw(list()), tc.draw(list()))
    };
    hegel(draw, BOUND5, seed)
}

fn hegel_coupling(seed: u64) -> Trial {
    let lists = gs::vecs(gs::integers::<u8>().min_value(0).max_value(10)).filter(|list: &Vec<u8>| valid_indices(list));
    hegel(|tc| tc.draw(&lists), COUPLING, seed)
}

// ---------------------------------------------------------------------------
// The tables.
// ---------------------------------------------------------------------------

/// One library's runs of the seven problems, in the order of
/// `problems::PROBLEMS`.
struct Library {
    /// The name in the tables.
    name: &'static str,
    /// The name in the side-by-side table.
    short: &'static str,
    /// How it is seeded and driven.
    how: &'static str,
    /// A run of each problem with one seed.
    runs: [fn(u64) -> Trial; 7],
    /// The library's default limit on shrink calls, if it has one that a
    /// run can reach (proptest's `max_shrink_iters`: each iteration is one
    /// property call).
    shrink_limit: Option<u64>,
}

fn libraries() -> [Library; 6] {
    [
        Library {
            name: "quickcheck (ours)",
            short: "ours",
            how: "examples/shrink_quality/problems.rs, Options::default().seed(seed)",
            runs: every_problem!(ours),
            shrink_limit: None,
        },
        Library {
            name: "quickcheck (ours), counted",
            short: "ours counted",
            how: "the same problems written here, Options::default().seed(seed), calls counted in the property",
            runs: every_problem!(ours_default),
            shrink_limit: None,
        },
        Library {
            name: "quickcheck (ours), first failure only",
            short: "ours 1st only",
            how: "as \"counted\", with Options::multiple_failures(false) (the peers' default: no search for other failures)",
            runs: every_problem!(ours_first_failure),
            shrink_limit: None,
        },
        Library {
            name: "proptest 1.x",
            short: "proptest",
            how: "TestRunner, ChaCha RNG keyed by the seed, default config (256 cases), no persistence",
            runs: [
                proptest_reverse,
                proptest_lengthlist,
                proptest_large_union_list,
                proptest_distinct,
                proptest_nestedlists,
                proptest_bound5,
                proptest_coupling,
            ],
            // `max_shrink_iters` is unset by default, which means four times
            // the number of cases.
            shrink_limit: Some(4 * u64::from(ProptestConfig::default().cases)),
        },
        Library {
            name: "quickcheck 1.x",
            short: "quickcheck 1.x",
            how: "QuickCheck::new().rng(Gen::from_size_and_seed(100, seed)), 100 tests (max 10000)",
            runs: [
                quickcheck1_reverse,
                quickcheck1_lengthlist,
                quickcheck1_large_union_list,
                quickcheck1_distinct,
                quickcheck1_nestedlists,
                quickcheck1_bound5,
                quickcheck1_coupling,
            ],
            shrink_limit: None,
        },
        Library {
            name: "hegeltest",
            short: "hegeltest",
            how: "Settings::seed(Some(seed)), 100 test cases, database off, too_slow suppressed",
            runs: [
                hegel_reverse,
                hegel_lengthlist,
                hegel_large_union_list,
                hegel_distinct,
                hegel_nestedlists,
                hegel_bound5,
                hegel_coupling,
            ],
            shrink_limit: None,
        },
    ]
}

/// The median of some values, `None` for none.
fn median<T: Ord + Copy>(values: &mut [T]) -> Option<T> {
    values.sort_unstable();
    values.get(values.len() / 2).copied()
}

/// One library's results on one problem.
struct Summary {
    /// Seeds run.
    seeds: u64,
    /// Seeds that found the bug.
    found: usize,
    /// Seeds whose minimal counterexample was ideal.
    ideal: usize,
    /// Median shrink calls over the seeds that found the bug.
    calls: Option<u64>,
    /// Median time over the seeds that found the bug.
    time: Option<Duration>,
    /// A non-ideal minimal counterexample, or why nothing was found.
    miss: String,
    /// Seeds whose shrinking reached the library's limit.
    capped: usize,
}

fn summarise(run: fn(u64) -> Trial, seeds: u64, shrink_limit: Option<u64>) -> Summary {
    let trials: Vec<Trial> = (0..seeds).map(run).collect();
    let found: Vec<&Trial> = trials.iter().filter(|trial| trial.found).collect();
    let mut calls: Vec<u64> = found.iter().map(|trial| trial.shrink_calls).collect();
    let mut times: Vec<Duration> = found.iter().map(|trial| trial.time).collect();
    let miss = trials
        .iter()
        .find(|trial| trial.found && !trial.ideal)
        .or_else(|| trials.iter().find(|trial| !trial.found))
        .map_or_else(String::new, |trial| {
            if trial.found { trial.minimal.clone() } else { format!("not found: {}", trial.minimal) }
        });
    Summary {
        seeds,
        found: found.len(),
        ideal: trials.iter().filter(|trial| trial.ideal).count(),
        calls: median(&mut calls),
        time: median(&mut times),
        miss,
        capped: shrink_limit.map_or(0, |limit| found.iter().filter(|trial| trial.shrink_calls >= limit).count()),
    }
}

/// Cuts a long counterexample for the table.
fn cut(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        text.to_owned()
    } else {
        format!("{}…", text.chars().take(limit).collect::<String>())
    }
}

fn main() {
    let mut args = std::env::args().skip(1).map(|text| text.parse::<u64>().expect("a number of seeds"));
    let seeds = args.next().unwrap_or(100);
    let hegel_seeds = args.next().unwrap_or(seeds);
    let libraries = libraries();

    println!("Shrink quality, {seeds} seeds a problem ({hegel_seeds} for hegeltest).");
    println!("found/ideal: seeds that falsified the property / whose minimal counterexample is the ideal one.");
    println!("median calls: property calls after the first failing call, over the seeds that found the bug;");
    println!("median time: wall time of the whole check (generation and shrinking), same seeds.");
    println!("hegeltest engine {} (static-engine, in process).", hegel::engine_version());
    println!("The ideal counterexamples:");
    for problem in problems::PROBLEMS {
        println!("  {:<18} {}", problem.name, problem.ideal);
    }
    println!();

    let started = Instant::now();
    // results[library][problem]
    let mut results: Vec<Vec<Summary>> = Vec::new();
    for library in &libraries {
        println!("{}: {}", library.name, library.how);
        println!(
            "{:<18} {:>7} {:>7} {:>13} {:>12}   a non-ideal result",
            "problem", "found", "ideal", "median calls", "median time"
        );
        let seeds = if library.name == "hegeltest" { hegel_seeds } else { seeds };
        let mut row = Vec::new();
        for (problem, run) in problems::PROBLEMS.iter().zip(library.runs) {
            let summary = summarise(run, seeds, library.shrink_limit);
            println!(
                "{:<18} {:>3}/{:<3} {:>3}/{:<3} {:>13} {:>12}   {}",
                problem.name,
                summary.found,
                summary.seeds,
                summary.ideal,
                summary.seeds,
                summary.calls.map_or("-".into(), |calls| calls.to_string()),
                summary.time.map_or("-".into(), |time| format!("{time:.2?}")),
                cut(&summary.miss, 70),
            );
            row.push(summary);
        }
        if let Some(limit) = library.shrink_limit {
            let capped: Vec<String> = problems::PROBLEMS
                .iter()
                .zip(&row)
                .filter(|(_, summary)| summary.capped > 0)
                .map(|(problem, summary)| format!("{} {}", problem.name, summary.capped))
                .collect();
            println!(
                "seeds whose shrinking stopped at {}'s default limit of {limit} shrink iterations: {}",
                library.name,
                if capped.is_empty() { "none".to_owned() } else { capped.join(", ") }
            );
        }
        println!();
        results.push(row);
    }

    println!("Side by side: ideal counterexamples / seeds, and median shrink calls");
    print!("{:<18}", "problem");
    for library in &libraries {
        print!(" | {:^15}", library.short);
    }
    println!();
    println!("{}", "-".repeat(18 + 18 * libraries.len()));
    for (index, problem) in problems::PROBLEMS.iter().enumerate() {
        print!("{:<18}", problem.name);
        for row in &results {
            let summary = &row[index];
            let ideal = format!("{}/{}", summary.ideal, summary.seeds);
            let calls = summary.calls.map_or("-".into(), |calls| calls.to_string());
            print!(" | {ideal:>7} {calls:>7}");
        }
        println!();
    }
    println!();
    println!("Total time: {:.1} s", started.elapsed().as_secs_f64());
}
