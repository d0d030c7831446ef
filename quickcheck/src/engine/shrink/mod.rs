//! The shrinker: from a failing choice sequence to a minimal one.
//!
//! The shrinker knows nothing of values. It holds the smallest failing
//! sequence found so far (the *best*) with its spans, proposes edits of it —
//! delete a span, zero a span, lower a choice, swap two siblings, switch a
//! `one_of` or enum to an earlier alternative (or a later, shorter one)
//! and draw its new contents as the simplest ones — and asks the runner to replay each edit through the
//! real generators and body. An
//! edit is kept when it fails *the same way* (same origin: the same panic
//! location, or the same kind of returned failure) and is shortlex-smaller,
//! so the best only ever moves down a well-founded order and shrinking always
//! ends. The passes run in a loop until a full sweep improves nothing, or the
//! budget runs out.
//!
//! Nothing is run twice: every sequence tried is remembered, and so is every
//! test case that ran to the end, whose choices followed by anything replay
//! the same; an edit that is not smaller than the best is rejected before it
//! runs. A switched alternative is the exception to the last rule: it is a
//! replay with one span redrawn, whose length is known only once it has
//! run, so it is remembered by the edit that made it and judged after.

mod completed;
mod passes;

use std::cmp::Ordering;
use std::collections::HashSet;
use std::time::{Duration, Instant};

use self::completed::{Completed, fingerprint, variation_fingerprint};
use crate::engine::order::shortlex;
use crate::engine::run::{Case, GeneratorPanic};
use crate::engine::source::{Recording, Variation};
use crate::engine::unwind::Stop;
use crate::property::{Failure, ShrinkPass};

/// The most replays one shrink may spend, whatever `max_shrinks` says; a
/// shrink that reaches it stops with the best found so far.
const MAX_ATTEMPTS: u64 = 200_000;

/// The shrink passes, each a family of edits of the best sequence; see the
/// method of the same name for what each tries.
#[derive(Clone, Copy, Debug)]
enum Pass {
    RemoveDiscarded,
    DeleteSpans,
    MergeCollections,
    DeleteBlocks,
    ZeroSpans,
    ReplaceWithDescendants,
    ReplaceWithFlippedDescendants,
    MinimizeChoices,
    LowerDuplicates,
    RedistributePairs,
    LowerPairsTogether,
    LowerGroupsTogether,
    BorrowFromNext,
    LowerWithLaterRaised,
    PairFarNumbers,
    DividePairs,
    ExchangeValues,
    LowerKeepingResidue,
    TrySmallerValues,
    SortSiblings,
    MoveSpans,
    DeleteWithLowered,
    DeleteEqualPairs,
    SwitchAlternatives,
    CopySmallestSiblings,
}

impl Pass {
    /// The pass's name in reports: its method's name.
    fn name(self) -> &'static str {
        match self {
            Pass::RemoveDiscarded => "remove_discarded",
            Pass::DeleteSpans => "delete_spans",
            Pass::MergeCollections => "merge_collections",
            Pass::DeleteBlocks => "delete_blocks",
            Pass::ZeroSpans => "zero_spans",
            Pass::ReplaceWithDescendants => "replace_with_descendants",
            Pass::ReplaceWithFlippedDescendants => "replace_with_flipped_descendants",
            Pass::MinimizeChoices => "minimize_choices",
            Pass::LowerDuplicates => "lower_duplicates",
            Pass::RedistributePairs => "redistribute_pairs",
            Pass::LowerPairsTogether => "lower_pairs_together",
            Pass::LowerGroupsTogether => "lower_groups_together",
            Pass::BorrowFromNext => "borrow_from_next",
            Pass::LowerWithLaterRaised => "lower_with_later_raised",
            Pass::PairFarNumbers => "pair_far_numbers",
            Pass::DividePairs => "divide_pairs_by_common_factor",
            Pass::ExchangeValues => "exchange_values",
            Pass::LowerKeepingResidue => "lower_keeping_residue",
            Pass::TrySmallerValues => "try_smaller_values",
            Pass::SortSiblings => "sort_siblings",
            Pass::MoveSpans => "move_spans",
            Pass::DeleteWithLowered => "delete_with_lowered",
            Pass::DeleteEqualPairs => "delete_equal_pairs",
            Pass::SwitchAlternatives => "switch_alternatives",
            Pass::CopySmallestSiblings => "copy_smallest_siblings",
        }
    }
}

/// Every pass, each once: those of a sweep, then those for a stall.
const PASSES: usize = EVERY_SWEEP.len() + WHEN_STALLED.len();

// Every pass's place is in the tally: the last variant's is the highest.
const _: () = assert!((Pass::CopySmallestSiblings as usize) < PASSES);

/// The passes a sweep runs, in order: deletions first, since a shorter
/// sequence makes every later pass cheaper, then lowering choices, which
/// leaves the zeroing of spans little to do.
const EVERY_SWEEP: [Pass; 10] = [
    Pass::RemoveDiscarded,
    Pass::DeleteSpans,
    Pass::MergeCollections,
    Pass::MinimizeChoices,
    Pass::ZeroSpans,
    Pass::ReplaceWithDescendants,
    Pass::LowerDuplicates,
    Pass::RedistributePairs,
    Pass::LowerPairsTogether,
    Pass::SortSiblings,
];

/// The passes that run only when a sweep of [`EVERY_SWEEP`] stalls, in
/// their first order: they try many edits per choice (every earlier
/// alternative of a choice between them and the later ones that are
/// shorter, siblings made copies of the smallest, a span replaced by a
/// descendant with its numbers' signs flipped, a span moved before a later
/// one of its kind, every pair of a span and a later choice, a part of two
/// equal structures deleted from both, every short run of choices, nearby
/// numbers lowered in groups, a number lowered with the next one raised, a
/// number lowered as far as it goes with a later one raised to its
/// largest, two numbers of a kind further apart moved value between or
/// lowered together, two nearby numbers divided by a common factor, two
/// values exchanged (everywhere, or at two places), a number lowered in
/// steps that keep its last bits or digits, every value below a small
/// number) and rarely succeed. Switching alternatives goes first, as only
/// choices between alternatives have edits to try there; a pass that
/// succeeds moves to the front.
const WHEN_STALLED: [Pass; 15] = [
    Pass::SwitchAlternatives,
    Pass::CopySmallestSiblings,
    Pass::ReplaceWithFlippedDescendants,
    Pass::MoveSpans,
    Pass::DeleteWithLowered,
    Pass::DeleteEqualPairs,
    Pass::DeleteBlocks,
    Pass::LowerGroupsTogether,
    Pass::BorrowFromNext,
    Pass::LowerWithLaterRaised,
    Pass::PairFarNumbers,
    Pass::DividePairs,
    Pass::ExchangeValues,
    Pass::LowerKeepingResidue,
    Pass::TrySmallerValues,
];

/// What the shrinker and the explain phase need from the runner: replay a
/// sequence, exactly or with one span drawn afresh, and show what the replay
/// recorded.
pub(crate) trait Execute {
    /// Replays `choices` exactly (drawing past the end is an overrun).
    async fn execute(&mut self, choices: &[u64]) -> Case;
    /// Replays `choices` with one span drawn afresh, as `variation` says
    /// (see [`ChoiceSource::start_varying`](crate::engine::source::ChoiceSource::start_varying)).
    async fn execute_varied(&mut self, choices: &[u64], variation: Variation) -> Case;
    /// Replays `choices` with one span drawn afresh, as
    /// [`execute_varied`](Execute::execute_varied) does, but only draws:
    /// the body does not run. False if the draw stopped short (a filter's
    /// discard, an overrun, a generator's panic).
    async fn draw_varied(&mut self, choices: &[u64], variation: Variation) -> bool {
        !matches!(self.execute_varied(choices, variation).await, Case::Discard(_) | Case::GeneratorPanic(_))
    }
    /// What the last replay recorded.
    fn recorded(&self) -> &Recording;
    /// Whether the user asked the run to stop.
    fn cancelled(&self) -> bool;
    /// Whether a test case that reached its end read nothing past what the
    /// replay recorded, so that those choices followed by any others replay
    /// the same. True of every test built from generators, which stop
    /// reading where their values say; a stand-in that judges whatever
    /// choices it is given says no.
    fn stops_on_its_own(&self) -> bool {
        true
    }
}

pub(crate) struct Shrinker<'r, E> {
    executor: &'r mut E,
    best: Recording,
    failure: Failure,
    /// The [`fingerprint`]s of the candidates run so far, and of what each
    /// varied replay recorded.
    tried: HashSet<u128>,
    completed: Completed,
    /// The buffer candidates are built in, reused across attempts.
    candidate: Vec<u64>,
    /// The numbers the last run of `minimize_choices` could not lower: a
    /// number of such a kind, met again (deletions move them), is first
    /// tried just below, as it is most likely still as low as it goes.
    stuck: HashSet<passes::NumberKind>,
    shrinks: u64,
    attempts: u64,
    /// Per pass (by its place in `Pass`), the attempts it made and the
    /// shrinks it found.
    tally: [(u64, u64); PASSES],
    /// Whether the last candidate considered ran, now, and passed.
    last_passed: bool,
    /// How many candidates run so far a filter or `assume` rejected.
    discarded: u64,
    /// How many candidates run so far ended before the body judged them:
    /// the rejected ones, and those that ran out of choices (a filter
    /// whose value was rejected draws again, past the candidate's end).
    unjudged: u64,
    max_shrinks: u64,
    /// The setting `max_shrinks` came from, for the report of a shrink that
    /// stops there.
    max_shrinks_set_by: &'static str,
    /// When shrinking must stop, if it has a time limit.
    stop_by: Option<(Instant, Duration)>,
    /// Failures of other origins met on the way, the smallest of each, when
    /// the run reports distinct failures; `None` when it stops at the first.
    others: Option<Vec<(Vec<u64>, Failure)>>,
    /// The smallest candidate on which the generator panicked: shrinking
    /// steps around it, and the report names it.
    generator_panic: Option<GeneratorPanic>,
    /// Whether the sequence being shrunk is one on which the generator
    /// panicked, rather than one the body failed on: then a candidate is
    /// kept when the generator panics at the same place.
    of_generator_panic: bool,
}

/// The limit a shrink stopped at before it reached a local minimum: its
/// counterexample may not be minimal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShrinkLimit {
    /// The shrink phase was off: the counterexample is as found.
    Off,
    /// `limit` successful shrinks, as the setting `set_by` asked
    /// (`max_shrinks` or the variable `QUICKCHECK_MAX_SHRINKS`).
    Shrinks { limit: u64, set_by: &'static str },
    /// [`MAX_ATTEMPTS`] replays.
    Attempts(u64),
    /// The shrink's time limit.
    Time(Duration),
}

impl<'r, E: Execute> Shrinker<'r, E> {
    pub(crate) fn new(executor: &'r mut E, best: Recording, failure: Failure, max_shrinks: u64) -> Self {
        let mut tried = HashSet::new();
        tried.insert(fingerprint(&best.choices));
        let mut completed = Completed::default();
        completed.insert(&best.choices);
        Shrinker {
            executor,
            best,
            failure,
            tried,
            completed,
            candidate: Vec::new(),
            stuck: HashSet::new(),
            shrinks: 0,
            attempts: 0,
            tally: [(0, 0); PASSES],
            last_passed: false,
            discarded: 0,
            unjudged: 0,
            max_shrinks,
            max_shrinks_set_by: "max_shrinks",
            stop_by: None,
            others: None,
            generator_panic: None,
            of_generator_panic: false,
        }
    }

    /// Shrinks a sequence on which the generator panicked (`failure` is
    /// that panic, as [`Failure::from_panic`] makes it): a candidate is
    /// kept when the generator panics at the same place, and what the body
    /// does is no concern. The best's spans end where the generator
    /// stopped.
    pub(crate) fn of_generator_panic(mut self) -> Self {
        self.of_generator_panic = true;
        self
    }

    /// Names the setting that gave `max_shrinks`, for the report: the
    /// environment variable when it overrode the option.
    pub(crate) fn with_max_shrinks_set_by(mut self, setting: &'static str) -> Self {
        self.max_shrinks_set_by = setting;
        self
    }

    /// Stops shrinking once `limit` has passed (checked between attempts).
    pub(crate) fn with_time_limit(mut self, limit: Duration) -> Self {
        self.stop_by = Some((Instant::now(), limit));
        self
    }

    /// The limit this shrink stopped at, if it stopped at one rather than at
    /// a local minimum (or a cancellation).
    pub(crate) fn stopped_at(&self) -> Option<ShrinkLimit> {
        if self.shrinks >= self.max_shrinks {
            Some(ShrinkLimit::Shrinks { limit: self.max_shrinks, set_by: self.max_shrinks_set_by })
        } else if self.attempts >= MAX_ATTEMPTS {
            Some(ShrinkLimit::Attempts(MAX_ATTEMPTS))
        } else {
            self.stop_by
                .filter(|(started, limit)| started.elapsed() >= *limit)
                .map(|(_, limit)| ShrinkLimit::Time(limit))
        }
    }

    /// Keeps the failures of other origins that candidates run into, so the
    /// run can shrink and report each of them too.
    pub(crate) fn collecting_others(mut self) -> Self {
        self.others = Some(Vec::new());
        self
    }

    /// Runs every pass until none improves the best, or the budget is spent.
    ///
    /// The passes of [`EVERY_SWEEP`] run in turn, but one that improved
    /// nothing sits out the sweeps after it until a sweep stalls: most
    /// progress comes from a few passes, and running the others on every
    /// small change costs replays for nothing. A stalled sweep brings every
    /// pass back; when a full sweep stalls, the costlier passes of
    /// [`WHEN_STALLED`] run, only until one of them makes progress. The one
    /// that did goes first next time, since what unblocked the shrink once
    /// tends to unblock it again. The shrink ends when a full sweep and every
    /// stalled pass improve nothing, so the result is a local minimum of all
    /// of them.
    ///
    /// Unlike Hypothesis, the order is fixed (no random order of steps when
    /// stalled) and there is no cap on replays without progress: the same
    /// failure always shrinks the same way, and every pass's walk is bounded
    /// by the size of the best, so only `max_shrinks`, the shrink time and
    /// [`MAX_ATTEMPTS`] bound the whole.
    pub(crate) async fn shrink(&mut self) {
        let mut when_stalled = WHEN_STALLED;
        let mut idle = [false; EVERY_SWEEP.len()];
        while !self.exhausted() {
            let before = self.shrinks;
            let full = !idle.contains(&true);
            for (&pass, idle) in EVERY_SWEEP.iter().zip(&mut idle) {
                if self.exhausted() {
                    return;
                }
                if !*idle {
                    let shrinks = self.shrinks;
                    self.run(pass).await;
                    *idle = self.shrinks == shrinks;
                }
            }
            if self.shrinks > before {
                continue;
            }
            idle = [false; EVERY_SWEEP.len()];
            if !full {
                continue;
            }
            let Some(index) = self.first_to_progress(&when_stalled).await else { return };
            when_stalled[..=index].rotate_right(1);
        }
    }

    /// Runs `passes` in order until one improves the best, and says which.
    async fn first_to_progress(&mut self, passes: &[Pass]) -> Option<usize> {
        let before = self.shrinks;
        for (index, &pass) in passes.iter().enumerate() {
            if self.exhausted() {
                return None;
            }
            self.run(pass).await;
            if self.shrinks > before {
                return Some(index);
            }
        }
        None
    }

    /// Runs one pass over the best, tallying what it spent and found.
    async fn run(&mut self, pass: Pass) {
        let (attempts, shrinks) = (self.attempts, self.shrinks);
        self.run_pass(pass).await;
        let tally = &mut self.tally[pass as usize];
        tally.0 += self.attempts - attempts;
        tally.1 += self.shrinks - shrinks;
    }

    /// The pass's own method: what [`run`](Self::run) tallies.
    async fn run_pass(&mut self, pass: Pass) {
        match pass {
            Pass::RemoveDiscarded => self.remove_discarded().await,
            Pass::DeleteSpans => self.delete_spans().await,
            Pass::MergeCollections => self.merge_collections().await,
            Pass::DeleteBlocks => self.delete_blocks().await,
            Pass::DeleteEqualPairs => self.delete_equal_pairs().await,
            Pass::ZeroSpans => self.zero_spans().await,
            Pass::ReplaceWithDescendants => self.replace_with_descendants().await,
            Pass::ReplaceWithFlippedDescendants => self.replace_with_flipped_descendants().await,
            Pass::MinimizeChoices => self.minimize_choices().await,
            Pass::LowerDuplicates => self.lower_duplicates().await,
            Pass::RedistributePairs => self.redistribute_pairs().await,
            Pass::LowerPairsTogether => self.lower_pairs_together().await,
            Pass::LowerGroupsTogether => self.lower_groups_together().await,
            Pass::BorrowFromNext => self.borrow_from_next().await,
            Pass::LowerWithLaterRaised => self.lower_with_later_raised().await,
            Pass::PairFarNumbers => self.pair_far_numbers().await,
            Pass::DividePairs => self.divide_pairs_by_common_factor().await,
            Pass::ExchangeValues => self.exchange_values().await,
            Pass::LowerKeepingResidue => self.lower_keeping_residue().await,
            Pass::TrySmallerValues => self.try_smaller_values().await,
            Pass::SortSiblings => self.sort_siblings().await,
            Pass::MoveSpans => self.move_spans().await,
            Pass::DeleteWithLowered => self.delete_with_lowered().await,
            Pass::SwitchAlternatives => self.switch_alternatives().await,
            Pass::CopySmallestSiblings => self.copy_smallest_siblings().await,
        }
    }

    pub(crate) fn shrinks(&self) -> u64 {
        self.shrinks
    }

    /// What each pass that made an attempt spent and found, in the order
    /// the shrinker first runs them.
    pub(crate) fn passes(&self) -> Vec<ShrinkPass> {
        EVERY_SWEEP
            .iter()
            .chain(&WHEN_STALLED)
            .map(|&pass| (pass, self.tally[pass as usize]))
            .filter(|&(_, (attempts, _))| attempts > 0)
            .map(|(pass, (candidates, shrinks))| ShrinkPass { name: pass.name(), candidates, shrinks })
            .collect()
    }

    pub(crate) fn into_best(self) -> (Vec<u64>, Failure) {
        (self.best.choices, self.failure)
    }

    /// The failures of other origins met while shrinking, the smallest
    /// sequence of each origin.
    pub(crate) fn take_others(&mut self) -> Vec<(Vec<u64>, Failure)> {
        self.others.take().unwrap_or_default()
    }

    /// The smallest candidate on which the generator panicked, if any did.
    pub(crate) fn take_generator_panic(&mut self) -> Option<GeneratorPanic> {
        self.generator_panic.take()
    }

    /// Whether the shrink must stop: its budget of shrinks or attempts is
    /// spent, its time is up, or the check was cancelled. Every pass looks
    /// at each step of its walk over the spans or the choices, not only
    /// before a replay: a value of many parts that take no choice (a long
    /// list of constants) has far more spans than choices, and the walk
    /// alone would otherwise run on for minutes past the limit.
    fn exhausted(&self) -> bool {
        self.shrinks >= self.max_shrinks
            || self.attempts >= MAX_ATTEMPTS
            || self.executor.cancelled()
            || self.stop_by.is_some_and(|(started, limit)| started.elapsed() >= limit)
    }

    /// Builds a candidate with `edit` (given the best and an empty buffer)
    /// and tries it. Returns whether the best improved.
    async fn try_edit(&mut self, edit: impl FnOnce(&[u64], &mut Vec<u64>)) -> bool {
        // Checked before the candidate is built: once the budget, the time
        // limit or a cancellation has stopped the shrink, the passes still
        // walk their positions, and building each edit of a long sequence
        // would cost them real time.
        if self.exhausted() {
            self.last_passed = false;
            return false;
        }
        let mut candidate = std::mem::take(&mut self.candidate);
        candidate.clear();
        edit(&self.best.choices, &mut candidate);
        let improved = self.consider(&candidate).await;
        self.candidate = candidate;
        improved
    }

    /// Tries the best with `range` replaced by `replacement`.
    async fn try_replace(&mut self, range: std::ops::Range<usize>, replacement: &[u64]) -> bool {
        self.try_edit(|best, candidate| {
            candidate.extend_from_slice(&best[..range.start]);
            candidate.extend_from_slice(replacement);
            candidate.extend_from_slice(&best[range.end..]);
        })
        .await
    }

    /// Tries the best with the choices in `range` deleted.
    async fn try_delete(&mut self, range: std::ops::Range<usize>) -> bool {
        self.try_replace(range, &[]).await
    }

    /// Tries the best with choice `position` set to `value`.
    async fn try_set(&mut self, position: usize, value: u64) -> bool {
        self.try_edit(|best, candidate| {
            candidate.extend_from_slice(best);
            candidate[position] = value;
        })
        .await
    }

    /// Runs `candidate` unless it cannot win, and adopts it if it fails the
    /// same way and is smaller.
    async fn consider(&mut self, candidate: &[u64]) -> bool {
        self.last_passed = false;
        if self.exhausted() || shortlex(candidate, &self.best.choices) != Ordering::Less {
            return false;
        }
        let Some(print) = self.completed.fingerprint_unless_covered(candidate) else { return false };
        if !self.tried.insert(print) {
            return false;
        }
        self.attempts += 1;
        let case = self.executor.execute(candidate).await;
        self.adopt_if_smaller(case)
    }

    /// Runs `choices` with one span drawn as `variation` says (always with
    /// [`Fill::Simplest`](crate::engine::source::Fill::Simplest), so the replay is deterministic), and adopts what
    /// the replay recorded if it fails the same way and is smaller. What it
    /// will record is not known before it runs, so only the same variation
    /// of the same choices is ruled out beforehand. `None` when it did not
    /// run; otherwise whether it was adopted.
    async fn consider_varied(&mut self, choices: &[u64], variation: Variation) -> Option<bool> {
        self.last_passed = false;
        if self.exhausted() || !self.tried.insert(variation_fingerprint(choices, &variation)) {
            return None;
        }
        self.attempts += 1;
        let case = self.executor.execute_varied(choices, variation).await;
        self.tried.insert(fingerprint(&self.executor.recorded().choices));
        Some(self.adopt_if_smaller(case))
    }

    /// Draws `choices` with one span varied as `variation` says, without
    /// running the body, for a pass that looks at what a variation records
    /// before it runs it; false when it did not draw (the same variation
    /// was tried before, or the budget is spent) or the draw stopped short.
    async fn draw_varied(&mut self, choices: &[u64], variation: Variation) -> bool {
        if self.exhausted() || !self.tried.insert(variation_fingerprint(choices, &variation)) {
            return false;
        }
        self.attempts += 1;
        self.executor.draw_varied(choices, variation).await
    }

    /// Judges the replay that just ran and ended as `case`: adopts its
    /// recording as the best if it failed the same way and is smaller, and
    /// keeps a failure of another origin for the report.
    fn adopt_if_smaller(&mut self, case: Case) -> bool {
        self.last_passed = matches!(case, Case::Pass);
        self.discarded += u64::from(matches!(case, Case::Discard(Stop::Discard(_))));
        self.unjudged += u64::from(matches!(case, Case::Discard(_)));
        // A generator that panicked read nothing after its panic either.
        if matches!(case, Case::Pass | Case::Fail(_) | Case::GeneratorPanic(_)) && self.executor.stops_on_its_own() {
            self.completed.insert(&self.executor.recorded().choices);
        }
        let failure = match case {
            Case::Fail(failure) if !self.of_generator_panic => failure,
            Case::GeneratorPanic(panic) if self.of_generator_panic => Failure::from_panic(*panic),
            Case::GeneratorPanic(panic) => {
                GeneratorPanic::keep_smaller(&mut self.generator_panic, &self.executor.recorded().choices, *panic);
                return false;
            }
            // The body's failures met while shrinking a generator's panic
            // are left to the run that gets past the panic.
            Case::Fail(_) | Case::Pass | Case::Discard(_) => return false,
        };
        if !failure.same_origin(&self.failure) {
            if let Some(others) = &mut self.others {
                let recorded = &self.executor.recorded().choices;
                match others.iter_mut().find(|(_, other)| other.same_origin(&failure)) {
                    Some(known) if shortlex(recorded, &known.0) == Ordering::Less => {
                        *known = (recorded.clone(), failure)
                    }
                    Some(_) => {}
                    None => others.push((recorded.clone(), failure)),
                }
            }
            return false;
        }
        // The replay may have consumed less than the candidate, or replaced
        // misaligned choices: what it recorded is the real test case.
        let recorded = self.executor.recorded();
        if shortlex(&recorded.choices, &self.best.choices) != Ordering::Less {
            return false;
        }
        self.best.copy_from(recorded);
        self.failure = failure;
        self.shrinks += 1;
        true
    }
}

#[cfg(test)]
mod tests;
