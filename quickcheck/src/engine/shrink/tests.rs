//! The shrinker against hand-written test functions over raw choices.

use super::*;
use crate::engine::spans::ELEMENT;
use crate::engine::stand_in::Property;
use crate::engine::unwind::{Location, Panic, Rejection, Stop};
use crate::generate::{self, Generator};
use crate::property::complete_now;

/// Runs a predicate over the raw choices; a choice sequence "fails" when the
/// predicate says so.
struct Predicate<F> {
    failing: F,
    recorded: Recording,
    runs: u64,
}

impl<F: Fn(&[u64]) -> bool> Execute for Predicate<F> {
    async fn execute(&mut self, choices: &[u64]) -> Case {
        self.runs += 1;
        self.recorded.choices = choices.to_vec();
        self.recorded.maxima = vec![u64::MAX; choices.len()];
        if (self.failing)(choices) { Case::Fail(failure()) } else { Case::Pass }
    }

    async fn execute_varied(&mut self, _: &[u64], _: Variation) -> Case {
        no_alternatives_to_vary()
    }

    fn recorded(&self) -> &Recording {
        &self.recorded
    }

    fn cancelled(&self) -> bool {
        false
    }

    fn stops_on_its_own(&self) -> bool {
        false
    }
}

/// The answer of a stand-in that marks no alternatives to a varied replay,
/// which the shrinker must then never ask for.
fn no_alternatives_to_vary() -> ! {
    panic!("this stand-in marks no span as a choice between alternatives, so none may be varied")
}

fn failure() -> Failure {
    Failure::from_panic(Panic {
        message: "failed".into(),
        location: Some(Location { file: "test.rs".into(), line: 1, column: 1 }),
    })
}

fn shrink(start: &[u64], failing: impl Fn(&[u64]) -> bool) -> (Vec<u64>, u64) {
    let mut executor = Predicate { failing, recorded: Recording::default(), runs: 0 };
    let start = Recording { choices: start.to_vec(), maxima: vec![u64::MAX; start.len()], ..Recording::default() };
    let mut shrinker = Shrinker::new(&mut executor, start, failure(), 10_000);
    complete_now(shrinker.shrink());
    let (best, _) = shrinker.into_best();
    (best, executor.runs)
}

/// The two lists name every pass once, so each has a place in the tally.
#[test]
fn every_pass_is_in_one_list_once() {
    let mut places: Vec<usize> = EVERY_SWEEP.iter().chain(&WHEN_STALLED).map(|&pass| pass as usize).collect();
    places.sort_unstable();
    assert_eq!(places, (0..PASSES).collect::<Vec<_>>());
    // The last variant, too: a pass added to neither list would be past it.
    assert_eq!(Pass::CopySmallestSiblings as usize, PASSES - 1);
}

/// The tally of the passes accounts for every replay and every shrink.
#[test]
fn the_passes_account_for_every_replay_and_shrink() {
    let mut executor = Predicate {
        failing: |choices: &[u64]| choices.iter().sum::<u64>() > 100,
        recorded: Recording::default(),
        runs: 0,
    };
    let start = [50, 60, 7];
    let start = Recording { choices: start.to_vec(), maxima: vec![u64::MAX; start.len()], ..Recording::default() };
    let mut shrinker = Shrinker::new(&mut executor, start, failure(), 10_000);
    complete_now(shrinker.shrink());
    let passes = shrinker.passes();
    let shrinks = shrinker.shrinks();
    let names: Vec<&str> = passes.iter().map(ShrinkPass::name).collect();
    // No spans here, so no deletion of one: lowering the choices comes first.
    assert_eq!(names[0], "minimize_choices", "{passes:?}");
    assert!(names.iter().enumerate().all(|(index, name)| !names[..index].contains(name)), "{passes:?}");
    assert_eq!(passes.iter().map(ShrinkPass::shrinks).sum::<u64>(), shrinks, "{passes:?}");
    drop(shrinker);
    assert_eq!(passes.iter().map(ShrinkPass::candidates).sum::<u64>(), executor.runs, "{passes:?}");
}

#[test]
fn a_total_moves_into_one_choice_and_the_rest_is_deleted() {
    let (best, _) = shrink(&[50, 60, 7], |choices| choices.iter().sum::<u64>() > 100);
    assert_eq!(best, vec![101]);
}

#[test]
fn a_threshold_is_found_by_binary_search() {
    let (best, runs) = shrink(&[u64::MAX - 3], |choices| choices.first().is_some_and(|&c| c >= 123_456_789));
    assert_eq!(best, vec![123_456_789]);
    assert!(runs < 200, "{runs} replays");
}

#[test]
fn equal_choices_are_lowered_together() {
    let (best, _) = shrink(&[9, 40, 3, 40], |choices| choices.len() == 4 && choices[1] == choices[3] && choices[1] > 5);
    assert_eq!(best, vec![0, 6, 0, 6]);
}

#[test]
fn nothing_is_replayed_twice() {
    use std::cell::RefCell;
    let seen = RefCell::new(HashSet::new());
    let repeated = RefCell::new(0);
    shrink(&[30, 1, 90, 4, 4], |choices| {
        if !seen.borrow_mut().insert(choices.to_vec()) {
            *repeated.borrow_mut() += 1;
        }
        choices.iter().filter(|&&c| c > 3).count() >= 2
    });
    assert_eq!(*repeated.borrow(), 0);
}

/// Reads a list the way a collection generator does: a "go on" flag before
/// each item, a 0 flag at the end, each in an element span. A run records
/// only the choices it read, and one that runs out of choices overruns.
struct List<F> {
    failing: F,
    recorded: Recording,
    /// The choices each run that reached the test read.
    read: Vec<Vec<u64>>,
}

impl<F: Fn(&[u64]) -> bool> List<F> {
    fn new(failing: F) -> Self {
        List { failing, recorded: Recording::default(), read: Vec::new() }
    }

    /// Reads one choice in `0..=max`, or overruns.
    fn draw(&mut self, choices: &[u64], max: u64) -> Option<u64> {
        let value = (*choices.get(self.recorded.choices.len())?).min(max);
        self.recorded.choices.push(value);
        self.recorded.maxima.push(max);
        Some(value)
    }

    fn read_items(&mut self, choices: &[u64]) -> Option<Vec<u64>> {
        let mut items = Vec::new();
        self.recorded.spans.open("list", 0);
        loop {
            let element = self.recorded.spans.open(ELEMENT, self.recorded.choices.len());
            self.recorded.spans.mark_goes_on_first(element);
            if self.draw(choices, 1)? == 0 {
                self.recorded.spans.close(self.recorded.choices.len());
                break;
            }
            items.push(self.draw(choices, u64::MAX)?);
            self.recorded.spans.close(self.recorded.choices.len());
        }
        self.recorded.spans.close(self.recorded.choices.len());
        Some(items)
    }
}

impl<F: Fn(&[u64]) -> bool> Execute for List<F> {
    async fn execute(&mut self, choices: &[u64]) -> Case {
        self.recorded = Recording::default();
        let Some(items) = self.read_items(choices) else { return Case::Discard(Stop::Discard(Rejection::Filter)) };
        self.read.push(self.recorded.choices.clone());
        if (self.failing)(&items) { Case::Fail(failure()) } else { Case::Pass }
    }

    async fn execute_varied(&mut self, _: &[u64], _: Variation) -> Case {
        no_alternatives_to_vary()
    }

    fn recorded(&self) -> &Recording {
        &self.recorded
    }

    fn cancelled(&self) -> bool {
        false
    }
}

/// Shrinks the list `items` with `failing`, and returns the minimal choices
/// and every choice sequence the test read.
fn shrink_list(items: &[u64], failing: impl Fn(&[u64]) -> bool) -> (Vec<u64>, Vec<Vec<u64>>) {
    let mut executor = List::new(failing);
    let start: Vec<u64> = items.iter().flat_map(|&item| [1, item]).chain([0]).collect();
    complete_now(executor.execute(&start));
    let best = executor.recorded.clone();
    executor.read.clear();
    let mut shrinker = Shrinker::new(&mut executor, best, failure(), 10_000);
    complete_now(shrinker.shrink());
    let (best, _) = shrinker.into_best();
    (best, executor.read)
}

#[test]
fn choices_after_the_end_of_a_case_do_not_make_it_new() {
    let (best, read) = shrink_list(&[5, 7, 2], |items| items.iter().sum::<u64>() >= 3);
    assert_eq!(best, vec![1, 3, 0]);
    let mut distinct = read.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), read.len(), "a case ran twice: {read:?}");
}

#[test]
fn the_end_of_a_long_list_goes_in_a_few_replays() {
    let mut items = vec![3];
    items.extend([0; 30]);
    let (best, read) = shrink_list(&items, |items| items.first().is_some_and(|&first| first >= 3));
    assert_eq!(best, vec![1, 3, 0]);
    // One item at a time, it took 34.
    assert!(read.len() <= 20, "{} replays", read.len());
}

#[test]
fn the_items_after_one_that_goes_to_zero_go_with_it() {
    let (best, read) = shrink_list(&[5, 8, 2, 9, 4, 7, 1, 6, 3, 5, 8, 2], |items| items.len() >= 12);
    let zeros: Vec<u64> = [1, 0].repeat(12).into_iter().chain([0]).collect();
    assert_eq!(best, zeros);
    // One item at a time, it took 47.
    assert!(read.len() <= 40, "{} replays", read.len());
}

#[test]
fn a_small_choice_whose_neighbours_below_pass_is_not_searched() {
    let (best, runs) = shrink(&[7], |choices| choices == [7]);
    assert_eq!(best, vec![7]);
    // 0, then 6 and 5, then its low bits (3), then deleting it: no binary
    // search. Once the shrink stalls, the values below it not tried yet
    // (1, 2 and 4).
    assert_eq!(runs, 8);
}

impl<G: Generator, F: Fn(G::Value) -> Option<u32>> Property<G, F> {
    /// Shrinks from `start` and returns the minimal value.
    fn shrink(&mut self, start: &[u64]) -> G::Value {
        let (best, failure) = self.replayed(start);
        let mut shrinker = Shrinker::new(&mut *self, best, failure, 10_000);
        complete_now(shrinker.shrink());
        let (best, _) = shrinker.into_best();
        self.value_of(&best)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Either {
    Left(u8, bool),
    Right(bool, u8),
}

fn eithers() -> impl Generator<Value = Vec<Either>> {
    generate::vec(generate::one_of((
        (generate::integer::<u8>(), generate::boolean()).map(|(size, flag)| Either::Left(size, flag)),
        (generate::boolean(), generate::integer::<u8>()).map(|(flag, size)| Either::Right(flag, size)),
    )))
}

fn size(either: &Either) -> u32 {
    match either {
        Either::Left(size, _) | Either::Right(_, size) => u32::from(*size),
    }
}

#[test]
fn later_alternatives_switch_to_the_first_reading_the_old_choices_further_on() {
    let mut generated =
        Property::new(eithers(), |list: Vec<Either>| (list.iter().map(size).sum::<u32>() >= 300).then_some(1));
    // Right(true, 200), Right(false, 150): each element "go on", the
    // alternative, a flag and a size.
    let minimal = generated.shrink(&[1, 1, 1, 200, 1, 1, 0, 150, 0]);
    assert_eq!(minimal, vec![Either::Left(45, false), Either::Left(255, false)]);
}

#[test]
fn an_alternative_that_reads_nothing_is_tried_once() {
    let options = generate::vec(generate::option(generate::integer::<u8>()));
    let mut generated =
        Property::new(options, |list: Vec<Option<u8>>| list.iter().flatten().any(|&x| x >= 10).then_some(1));
    // [Some(10), Some(3)]: neither can become None and still fail, though
    // the second can go.
    let minimal = generated.shrink(&[1, 1, 10, 1, 1, 3, 0]);
    assert_eq!(minimal, vec![Some(10)]);
    let mut distinct = generated.varied.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), generated.varied.len(), "a varied replay ran twice: {:?}", generated.varied);
    assert!(!generated.varied.is_empty(), "the switch to None was tried");
}
