//! The shrinker against hand-written test functions over raw choices.

use super::*;
use crate::engine::unwind::{Location, Panic};
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
/// each item, a 0 flag at the end. A run records only the choices it read,
/// and one that runs out of choices overruns.
struct List<F> {
    failing: F,
    recorded: Recording,
    /// The choices each run that reached the test read.
    read: Vec<Vec<u64>>,
}

impl<F: Fn(&[u64]) -> bool> Execute for List<F> {
    async fn execute(&mut self, choices: &[u64]) -> Case {
        let (mut items, mut at) = (Vec::new(), 0);
        self.recorded = Recording::default();
        loop {
            let Some(&flag) = choices.get(at) else { return Case::Discard };
            let flag = flag.min(1);
            self.recorded.choices.push(flag);
            self.recorded.maxima.push(1);
            at += 1;
            if flag == 0 {
                break;
            }
            let Some(&item) = choices.get(at) else { return Case::Discard };
            self.recorded.choices.push(item);
            self.recorded.maxima.push(u64::MAX);
            items.push(item);
            at += 1;
        }
        self.read.push(self.recorded.choices.clone());
        if (self.failing)(&items) { Case::Fail(failure()) } else { Case::Pass }
    }

    fn recorded(&self) -> &Recording {
        &self.recorded
    }

    fn cancelled(&self) -> bool {
        false
    }
}

#[test]
fn choices_after_the_end_of_a_case_do_not_make_it_new() {
    let start = [1, 5, 1, 7, 1, 2, 0];
    let mut executor = List {
        failing: |items: &[u64]| items.iter().sum::<u64>() >= 3,
        recorded: Recording::default(),
        read: Vec::new(),
    };
    let best = Recording {
        choices: start.to_vec(),
        maxima: vec![1, u64::MAX, 1, u64::MAX, 1, u64::MAX, 1],
        ..Recording::default()
    };
    let mut shrinker = Shrinker::new(&mut executor, best, failure(), 10_000);
    complete_now(shrinker.shrink());
    let (best, _) = shrinker.into_best();
    assert_eq!(best, vec![1, 3, 0]);
    let mut read = executor.read.clone();
    read.sort();
    read.dedup();
    assert_eq!(read.len(), executor.read.len(), "a case ran twice: {:?}", executor.read);
}
