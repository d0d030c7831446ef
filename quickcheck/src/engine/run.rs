//! A run: generate test cases until one fails or enough pass, then shrink.

use std::future::Future;

use crate::engine::database::Database;
use crate::engine::random;
use crate::engine::shrink::{Execute, Shrinker};
use crate::engine::source::{ChoiceSource, Recording};
use crate::engine::unwind::{Caught, Panic, Stop, catch};
use crate::generate::Generator;
use crate::property::{Cancellation, Failure};
use crate::stats::{self, Confidence, Decision, ExampleRecord, Statistics};

/// Examples up to this index grow from the simplest to full size.
const RAMP: u64 = 10;

/// The most examples a coverage check runs before it gives up deciding.
const MAX_COVERAGE_EXAMPLES: u64 = 100 << 17;

/// How a property body judged one value: `Ok(Ok(()))` passed, `Ok(Err(_))`
/// failed by returning, `Err(_)` discarded or panicked.
pub(crate) type BodyResult = Result<Result<(), Failure>, Caught>;

/// A property body as the engine calls it: one value in, one awaited
/// verdict out. Synchronous bodies return a ready future.
pub(crate) trait Body<T> {
    /// Whether the body runs to completion inside `call` (a synchronous
    /// body), so that nothing of it runs while its future is polled.
    const RUNS_IN_CALL: bool;

    fn call(&mut self, value: T) -> impl Future<Output = BodyResult>;
}

/// What running one test case came to.
#[derive(Debug)]
pub(crate) enum Case {
    Pass,
    /// A filter or `assume` rejected it, or it needed too many choices.
    Discard,
    Fail(Failure),
    /// The generator panicked: a bug in the generator, not a counterexample.
    GeneratorPanic(Panic),
}

/// The settings a run needs, resolved from the options and the environment.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    pub(crate) runs: u64,
    pub(crate) seed: u64,
    pub(crate) max_shrinks: u64,
    pub(crate) max_discard_ratio: u64,
    /// Run only this example index (a replay token's second half).
    pub(crate) replay_index: Option<u64>,
    pub(crate) cancellation: Option<Cancellation>,
    /// Turns coverage requirements into assertions.
    pub(crate) confidence: Option<Confidence>,
    /// Where this property's failures are saved, and under which key.
    pub(crate) database: Option<(Database, String)>,
}

/// How a run ended.
#[derive(Debug)]
pub(crate) enum End {
    Passed,
    Falsified {
        /// The example's index in the run, or `None` for a saved example.
        index: Option<u64>,
        original: Vec<u64>,
        minimal: Vec<u64>,
        failure: Failure,
        /// What the minimal counterexample recorded with `note`.
        notes: Vec<(String, String)>,
    },
    Exhausted,
    GenerationFailed {
        index: u64,
        panic: Panic,
    },
    Cancelled,
    /// A coverage requirement is known to be missed, or (when `decided` is
    /// false) could not be decided within the most examples a check runs.
    InsufficientCoverage {
        label: String,
        minimum: f64,
        decided: bool,
    },
}

/// A finished run with its counts.
#[derive(Debug)]
pub(crate) struct Summary {
    pub(crate) end: End,
    pub(crate) passed: u64,
    pub(crate) discards: u64,
    pub(crate) shrinks: u64,
    /// How many times the body ran while shrinking (replays that stopped
    /// in the generator do not count).
    pub(crate) shrink_calls: u64,
    /// What the passing generated examples recorded.
    pub(crate) statistics: Statistics,
}

/// Runs the generator and the body; owns the reusable choice source.
pub(crate) struct Runner<'a, G, B> {
    generator: &'a G,
    body: &'a mut B,
    settings: &'a Settings,
    source: ChoiceSource,
    body_calls: u64,
    /// What the current example records, handed to the body while it runs.
    record: ExampleRecord,
}

impl<'a, G: Generator, B: Body<G::Value>> Runner<'a, G, B> {
    pub(crate) fn new(generator: &'a G, body: &'a mut B, settings: &'a Settings) -> Self {
        Runner {
            generator,
            body,
            settings,
            source: ChoiceSource::new(),
            body_calls: 0,
            record: ExampleRecord::default(),
        }
    }

    /// Generates until `runs` examples pass, one fails, too many are
    /// discarded, or the run is cancelled; shrinks a failure.
    pub(crate) async fn run(&mut self) -> Summary {
        let mut summary = Summary {
            end: End::Passed,
            passed: 0,
            discards: 0,
            shrinks: 0,
            shrink_calls: 0,
            statistics: Statistics::default(),
        };
        let (first, last) = match self.settings.replay_index {
            Some(index) => (index, index),
            None => (0, u64::MAX),
        };
        if self.reuse_saved(&mut summary).await {
            return summary;
        }
        let discard_limit = self.settings.max_discard_ratio.saturating_mul(self.settings.runs.max(1));
        for index in first..=last {
            if self.cancelled() {
                summary.end = End::Cancelled;
                return summary;
            }
            if self.settings.confidence.is_none() && summary.passed >= self.settings.runs {
                break;
            }
            if summary.discards >= discard_limit {
                summary.end = End::Exhausted;
                return summary;
            }
            self.start_example(index);
            match self.run_case().await {
                Case::Pass => {
                    summary.passed += 1;
                    summary.statistics.add(&self.record);
                    if let Some(end) = self.stopping_point(summary.passed, &summary.statistics) {
                        summary.end = end;
                        return summary;
                    }
                }
                Case::Discard => summary.discards += 1,
                Case::GeneratorPanic(panic) => {
                    summary.end = End::GenerationFailed { index, panic };
                    return summary;
                }
                Case::Fail(failure) => {
                    let original = self.record_in_detail();
                    self.shrink_failure(original, failure, Some(index), &mut summary).await;
                    return summary;
                }
            }
        }
        if self.settings.replay_index.is_some() && summary.passed == 0 {
            summary.end = End::Exhausted;
        }
        summary
    }

    /// The reuse phase: replays this property's saved failures, simplest
    /// first. One that still fails is shrunk and ends the run; one that
    /// passes (or no longer fits the generators) is deleted.
    async fn reuse_saved(&mut self, summary: &mut Summary) -> bool {
        let Some((database, key)) = self.settings.database.clone() else { return false };
        for saved in database.load(&key) {
            match self.execute(&saved).await {
                Case::Fail(failure) => {
                    let original = self.source.recording().clone();
                    self.shrink_failure(original, failure, None, summary).await;
                    return true;
                }
                Case::Pass | Case::Discard | Case::GeneratorPanic(_) => database.delete(&key, &saved),
            }
        }
        false
    }

    /// Shrinks a failure found at example `index` (`None` for a saved one),
    /// saves the result and ends the run as falsified.
    async fn shrink_failure(
        &mut self,
        original: Recording,
        failure: Failure,
        index: Option<u64>,
        summary: &mut Summary,
    ) {
        let calls_before = self.body_calls;
        let mut shrinker = Shrinker::new(self, original.clone(), failure, self.settings.max_shrinks);
        shrinker.shrink().await;
        summary.shrinks = shrinker.shrinks();
        let (minimal, failure) = shrinker.into_best();
        summary.shrink_calls = self.body_calls - calls_before;
        let notes = self.notes_of(&minimal).await;
        if let Some((database, key)) = &self.settings.database {
            database.save(key, &minimal);
            database.save(key, &original.choices);
        }
        summary.end = End::Falsified { index, original: original.choices, minimal, failure, notes };
    }

    /// Whether enough examples have passed: `runs` of them or, with a
    /// coverage confidence, enough to decide every requirement. A coverage
    /// check looks after `runs` examples, then after 100, 200, 400, … beyond.
    fn stopping_point(&self, passed: u64, statistics: &Statistics) -> Option<End> {
        let runs = self.settings.runs;
        let Some(confidence) = &self.settings.confidence else {
            return (passed >= runs).then_some(End::Passed);
        };
        let look = look_number(passed, runs)?;
        match stats::decide(statistics, confidence, look) {
            Decision::Met => Some(End::Passed),
            Decision::Missed { label, minimum } => Some(End::InsufficientCoverage { label, minimum, decided: true }),
            Decision::Undecided if passed >= MAX_COVERAGE_EXAMPLES => {
                let (label, minimum) = statistics
                    .requirements()
                    .map(|(label, minimum)| (label.to_owned(), minimum))
                    .next()
                    .unwrap_or_default();
                Some(End::InsufficientCoverage { label, minimum, decided: false })
            }
            Decision::Undecided => None,
        }
    }

    /// Prepares example `index` of the run: the first is the simplest test
    /// case, the next few grow to full size.
    fn start_example(&mut self, index: u64) {
        if index == 0 {
            self.source.start_simplest();
        } else {
            let scale = (index as f64 / RAMP as f64).min(1.0);
            self.source.start_random(random::for_example(self.settings.seed, index), scale);
        }
    }

    /// Draws a value and runs the body on it.
    async fn run_case(&mut self) -> Case {
        let (generator, source) = (self.generator, &mut self.source);
        let value = match catch(|| source.draw(generator)) {
            Ok(value) => value,
            Err(Caught::Stop(_)) => return Case::Discard,
            Err(Caught::Panic(panic)) => return Case::GeneratorPanic(panic),
        };
        self.body_calls += 1;
        // The record is installed while the body runs: around the call, for
        // a synchronous body, and around each poll, for an async one.
        self.record.clear();
        let (body, record) = (&mut *self.body, &mut self.record);
        let verdict = if B::RUNS_IN_CALL {
            stats::recording(record, || body.call(value)).await
        } else {
            let mut future = std::pin::pin!(stats::recording(record, || body.call(value)));
            std::future::poll_fn(|cx| stats::recording(record, || future.as_mut().poll(cx))).await
        };
        match verdict {
            Ok(Ok(())) => Case::Pass,
            Ok(Err(failure)) => Case::Fail(failure),
            Err(Caught::Stop(Stop::Discard | Stop::Overrun)) => Case::Discard,
            Err(Caught::Panic(panic)) => Case::Fail(Failure::from_panic(panic)),
        }
    }

    /// Replays the generators (not the body) on the case just run, recording
    /// its spans for the shrinker. Generators are deterministic, so the
    /// replay draws exactly what the case drew.
    fn record_in_detail(&mut self) -> Recording {
        let choices = self.source.recording().choices.clone();
        self.source.start_replay(&choices);
        let (generator, source) = (self.generator, &mut self.source);
        let _ = catch(|| source.draw(generator));
        self.source.recording().clone()
    }

    /// Runs the minimal counterexample once more for what it notes: notes
    /// are for the report of the failure, not for the candidates on the way.
    async fn notes_of(&mut self, minimal: &[u64]) -> Vec<(String, String)> {
        self.source.start_replay(minimal);
        self.run_case().await;
        std::mem::take(&mut self.record.notes)
    }

    /// Rebuilds the value a choice sequence describes, for the report.
    pub(crate) fn regenerate(&mut self, choices: &[u64]) -> Option<G::Value> {
        self.source.start_replay(choices);
        let (generator, source) = (self.generator, &mut self.source);
        catch(|| source.draw(generator)).ok()
    }

    fn cancelled(&self) -> bool {
        self.settings.cancellation.as_ref().is_some_and(Cancellation::is_cancelled)
    }
}

/// Which look of a coverage check `passed` examples are, if any: 0 at
/// `runs`, then 1, 2, … at each of 100, 200, 400, … that lies beyond `runs`.
fn look_number(passed: u64, runs: u64) -> Option<u32> {
    if passed == runs {
        return Some(0);
    }
    if passed < runs || passed % 100 != 0 || !(passed / 100).is_power_of_two() {
        return None;
    }
    let skipped = (0..64).take_while(|&power| 100u64 << power <= runs).count() as u32;
    Some((passed / 100).trailing_zeros() + 1 - skipped)
}

impl<G: Generator, B: Body<G::Value>> Execute for Runner<'_, G, B> {
    async fn execute(&mut self, choices: &[u64]) -> Case {
        self.source.start_replay(choices);
        self.run_case().await
    }

    fn recorded(&self) -> &Recording {
        self.source.recording()
    }

    fn cancelled(&self) -> bool {
        Runner::cancelled(self)
    }
}
