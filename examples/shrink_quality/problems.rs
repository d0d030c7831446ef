//! The shrink-quality problems: each a generator, a property that some
//! inputs falsify, and a test of whether a minimal counterexample is the
//! ideal one. Shared by the suite program and by the regression tests.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use quickcheck::{Generator, Options, Outcome, Property, PropertyResult, generate};

/// What one run of a problem came to.
#[derive(Debug)]
pub struct Trial {
    /// Whether the property was falsified at all.
    pub found: bool,
    /// Whether the minimal counterexample is the ideal one.
    pub ideal: bool,
    /// Property calls spent shrinking.
    pub shrink_calls: u64,
    /// Wall time of the whole check.
    pub time: Duration,
    /// The minimal counterexample as the report prints it.
    pub minimal: String,
}

/// A shrinking problem.
pub struct Problem {
    /// A short name, as the literature calls it.
    pub name: &'static str,
    /// What the ideal counterexample is.
    pub ideal: &'static str,
    /// Runs the problem with one seed.
    pub run: fn(u64) -> Trial,
}

/// Every problem of the suite.
pub const PROBLEMS: &[Problem] = &[
    Problem { name: "reverse", ideal: "[0, 1]", run: reverse },
    Problem { name: "lengthlist", ideal: "[900]", run: lengthlist },
    Problem { name: "large_union_list", ideal: "[[0, 1, -1, 2, -2]] in any order", run: large_union_list },
    Problem { name: "distinct", ideal: "[0, 1, -1] or [0, 1, 2]", run: distinct },
    Problem { name: "nestedlists", ideal: "four lists holding 11 zeros", run: nestedlists },
    Problem { name: "bound5", ideal: "([-32768], [-1], [], [], []) in any arrangement", run: bound5 },
    Problem { name: "coupling", ideal: "[1, 0]", run: coupling },
];

/// Checks a property with default settings and the given seed, and judges
/// its minimal counterexample with `is_ideal`.
fn trial<T: std::fmt::Debug>(
    check: impl FnOnce(Options) -> PropertyResult<T>,
    seed: u64,
    is_ideal: impl Fn(&T) -> bool,
) -> Trial {
    let start = Instant::now();
    let result = check(Options::default().seed(seed));
    let time = start.elapsed();
    let minimal = result.minimal();
    Trial {
        found: result.outcome() == Outcome::Falsified,
        ideal: minimal.is_some_and(|minimal| is_ideal(minimal.value())),
        shrink_calls: result.shrink_calls(),
        time,
        minimal: minimal.map_or_else(|| result.to_string(), |minimal| minimal.rendered().to_owned()),
    }
}

fn reverse(seed: u64) -> Trial {
    let lists = generate::vec(generate::integer::<i32>());
    let property = |list: Vec<i32>| {
        let mut reversed = list.clone();
        reversed.reverse();
        reversed == list
    };
    trial(|options| Property::for_all(lists, property).check(options), seed, |minimal| minimal == &[0, 1])
}

fn lengthlist(seed: u64) -> Trial {
    let lists = generate::between(1usize, 100)
        .flat_map(|length| generate::vec(generate::between(0, 1000)).length(length..=length));
    let property = |list: Vec<i32>| list.iter().max().is_none_or(|&max| max < 900);
    trial(|options| Property::for_all(lists, property).check(options), seed, |minimal| minimal == &[900])
}

fn distinct_values<'a>(values: impl IntoIterator<Item = &'a i32>) -> BTreeSet<i32> {
    values.into_iter().copied().collect()
}

fn large_union_list(seed: u64) -> Trial {
    let lists = generate::vec(generate::vec(generate::integer::<i32>()));
    let property = |lists: Vec<Vec<i32>>| distinct_values(lists.iter().flatten()).len() <= 4;
    trial(
        |options| Property::for_all(lists, property).check(options),
        seed,
        |minimal| {
            minimal.len() == 1
                && minimal[0].len() == 5
                && distinct_values(&minimal[0]) == BTreeSet::from([-2, -1, 0, 1, 2])
        },
    )
}

fn distinct(seed: u64) -> Trial {
    let lists = generate::vec(generate::integer::<i32>());
    let property = |list: Vec<i32>| distinct_values(&list).len() < 3;
    trial(
        |options| Property::for_all(lists, property).check(options),
        seed,
        |minimal| minimal == &[0, 1, -1] || minimal == &[0, 1, 2],
    )
}

fn nestedlists(seed: u64) -> Trial {
    let lists = generate::vec(generate::vec(generate::integer::<i32>()).max_length(3));
    let property = |lists: Vec<Vec<i32>>| lists.iter().map(Vec::len).sum::<usize>() <= 10;
    trial(
        |options| Property::for_all(lists, property).check(options),
        seed,
        |minimal| {
            minimal.len() == 4
                && minimal.iter().flatten().all(|&x| x == 0)
                && minimal.iter().map(Vec::len).sum::<usize>() == 11
        },
    )
}

fn wrapping_sum<'a>(values: impl IntoIterator<Item = &'a i16>) -> i16 {
    values.into_iter().fold(0, |sum, &x| sum.wrapping_add(x))
}

type Five = (Vec<i16>, Vec<i16>, Vec<i16>, Vec<i16>, Vec<i16>);

fn bound5(seed: u64) -> Trial {
    let list = generate::vec(generate::integer::<i16>()).max_length(10).filter(|list| wrapping_sum(list) < 256);
    let five = (&list, &list, &list, &list, &list);
    let property = |(a, b, c, d, e): Five| wrapping_sum([&a, &b, &c, &d, &e].into_iter().flatten()) < 1280;
    trial(
        |options| Property::for_all(five, property).check(options),
        seed,
        |(a, b, c, d, e): &Five| {
            let lists = [a, b, c, d, e];
            let mut values: Vec<i16> = lists.iter().flat_map(|list| list.iter().copied()).collect();
            values.sort_unstable();
            values == [-32768, -1] && lists.iter().all(|list| list.len() <= 1)
        },
    )
}

fn coupling(seed: u64) -> Trial {
    let lists = generate::vec(generate::between(0usize, 10)).filter(|list| list.iter().all(|&v| v < list.len()));
    let property = |list: Vec<usize>| (0..list.len()).all(|i| list[i] == i || list[list[i]] != i);
    trial(|options| Property::for_all(lists, property).check(options), seed, |minimal| minimal == &[1, 0])
}
