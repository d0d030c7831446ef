//! A run: generate test cases until one fails or enough pass, then shrink.
//!
//! [`Runner::run`] is the whole of a check, phase by phase: replay the
//! saved failures (here), generate ([`generate`]), search towards targets
//! ([`target`]), then shrink, replay and explain each failure
//! ([`failures`]). Every phase runs its cases through the few methods of
//! [`case`], which draw a value, call the body and say what came of it.

mod case;
mod failures;
mod generate;
mod serve;
mod target;
mod watchdog;

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use crate::engine::database::Database;
use crate::engine::isolation::Isolation;
use crate::engine::order::shortlex;
use crate::engine::random::{self, Random};
use crate::engine::shrink::Execute;
use crate::engine::source::{ChoiceSource, Recording};
use crate::engine::tree::Tree;
use crate::engine::unwind::{self, Panic, Rejection, Rejections, Stop};
use crate::generate::Generator;
use crate::property::{Cancellation, Failure, HealthCheck, HealthWarning, Phase, Phases};
use crate::stats::{Confidence, ExampleRecord, Statistics};

use target::TargetBest;

pub(crate) use case::{Body, BodyResult, Case, Never, Started, TimeAllowed, call, isolated_verdict};
pub(crate) use failures::{Explanation, Shrunk};

/// Salts the seed of the stream that steers generation (redirections,
/// mutations, targeting), so that it is unrelated to the examples' stream.
const STEERING_STREAM: u64 = 0x7374_6565_7269_6e67;

/// The settings a run needs, resolved from the options and the environment.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    pub(crate) runs: u64,
    pub(crate) seed: u64,
    pub(crate) max_shrinks: u64,
    /// Where `max_shrinks` came from: `max_shrinks`, or
    /// `QUICKCHECK_MAX_SHRINKS` when that variable overrode it.
    pub(crate) max_shrinks_set_by: &'static str,
    pub(crate) max_discard_ratio: u64,
    /// Run only this choice sequence (a replay token), and shrink it.
    pub(crate) replay: Option<Vec<u64>>,
    pub(crate) cancellation: Option<Cancellation>,
    /// Turns coverage requirements into assertions.
    pub(crate) confidence: Option<Confidence>,
    /// Where this property's failures are saved, and under which key.
    pub(crate) database: Option<(Database, String)>,
    pub(crate) phases: Phases,
    /// Examples the targeted search may run, for all labels together.
    pub(crate) target_steps: u64,
    /// Whether failures of other origins are looked for and reported.
    pub(crate) multiple_failures: bool,
    pub(crate) suppressed: Vec<HealthCheck>,
    /// The longest a body may run; see [`Options::deadline`](crate::Options::deadline).
    pub(crate) deadline: Option<Duration>,
    /// The longest one failure's shrink may take.
    pub(crate) max_shrink_time: Duration,
    /// How long to go on generating past `runs`; see
    /// [`Options::run_for`](crate::Options::run_for).
    pub(crate) run_for: Option<Duration>,
    /// How many named arguments the generated value is a tuple of: the
    /// explain phase varies each of them. `None` leaves nothing to explain.
    pub(crate) explain_arguments: Option<usize>,
    /// Whether each body runs in a child process; see
    /// [`Options::isolate`](crate::Options::isolate).
    pub(crate) isolate: bool,
    /// Whether only `QUICKCHECK_ISOLATE` asked for isolation, which a check
    /// that cannot be isolated then runs without.
    pub(crate) isolate_asked_by_environment: bool,
}

/// An input on which the generator panicked: a bug in the generator, which
/// ends a check that found nothing else, and which a check that found
/// failures of the body (on a saved example, while looking for failures of
/// other origins, or while shrinking) reports beside them. Either way it
/// is shrunk, to the smallest input the generator panics on.
#[derive(Debug)]
pub(crate) struct GeneratorPanic {
    pub(crate) choices: Vec<u64>,
    pub(crate) panic: Panic,
}

impl GeneratorPanic {
    /// Keeps in `slot` the smaller of what it holds and the panic on
    /// `choices`.
    pub(crate) fn keep_smaller(slot: &mut Option<GeneratorPanic>, choices: &[u64], panic: Panic) {
        if slot.as_ref().is_none_or(|known| shortlex(choices, &known.choices) == Ordering::Less) {
            *slot = Some(GeneratorPanic { choices: choices.to_vec(), panic });
        }
    }
}

/// How a run ended.
#[derive(Debug)]
pub(crate) enum End {
    Passed,
    /// One entry per distinct failure, smallest minimal counterexample first.
    Falsified(Vec<Shrunk>),
    Exhausted,
    /// Preconditions rejected every command that command sequences drew,
    /// so the only examples that ran held none: nothing stateful was
    /// tested, however many of them passed.
    EveryCommandRejected,
    /// Every command sequence was empty, none rejected: no command was ever
    /// offered, so nothing stateful was tested.
    NoCommandOffered,
    /// The replay token's example, replayed, did not fit the generators as
    /// they are now, in the way given: the token is not one of this
    /// property's examples (most often, the generators changed since it
    /// was printed).
    ReplayDoesNotFit(Misfit),
    /// The replay token's example ran, and passed: whatever failed on it
    /// fails no more, and a check of that one example tests nothing else.
    ReplayPassed,
    /// A coverage requirement was asked for with a minimum that is no
    /// percentage, or with two minimums for one label: what it says.
    MistakenRequirement(String),
    GenerationFailed {
        /// The choices drawn until the generator panicked.
        choices: Vec<u64>,
        panic: Panic,
        /// Whether the choices were an example saved by an earlier run.
        from_database: bool,
    },
    /// Cancelled; with `unreported_failure`, after finding failures it
    /// neither finished shrinking nor reported: the choices of the smallest
    /// so far. They were all saved when `saved`.
    Cancelled {
        unreported_failure: Option<Vec<u64>>,
        saved: bool,
    },
    /// A coverage requirement is known to be missed, or could not be
    /// decided within the most examples a check runs, as `why` says.
    InsufficientCoverage {
        label: String,
        minimum: f64,
        why: CoverageEnd,
    },
}

/// How a coverage requirement ended a check, for the report to say why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CoverageEnd {
    /// Known to be missed.
    Missed,
    /// Undecided: its rate is too close to the minimum to tell.
    TooClose,
    /// Undecided: it was hit less often than the tolerance allows, but so
    /// small a minimum expects too few hits, even in the most examples a
    /// check runs, to make a miss sure at the confidence's certainty.
    TooRare,
}

/// How a replay token's example did not fit the generators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Misfit {
    /// Its choices ran out before the generators finished.
    RanOut,
    /// The generators finished with some of its choices left over.
    LeftOver,
    /// Some of its choices lay beyond what the generators draw there now,
    /// so it replayed as another example.
    Beyond,
    /// It made an input that was rejected (by a filter, `assume`, a
    /// precondition or a distinct collection's minimum length).
    Rejected(Stop),
}

/// The share of [`max_shrink_time`](crate::Options::max_shrink_time)
/// that each phase around shrinking may take: the search for failures of
/// other origins after the first, and the explain phase of each failure
/// (ten seconds of the default five minutes).
pub(crate) const SHRINK_TIME_SHARE: u32 = 30;

impl End {
    /// Cancelled, with no failure found that goes unreported.
    const CANCELLED: End = End::Cancelled { unreported_failure: None, saved: false };

    /// Cancelled with `failures` found but not reported, the smallest of
    /// which the result offers to replay.
    fn cancelled_with<'c>(failures: impl IntoIterator<Item = &'c [u64]>, saved: bool) -> End {
        let smallest = failures.into_iter().min_by(|a, b| shortlex(a, b)).map(<[u64]>::to_vec);
        End::Cancelled { unreported_failure: smallest, saved }
    }
}

/// A finished run with its counts.
#[derive(Debug)]
pub(crate) struct Summary {
    pub(crate) end: End,
    pub(crate) passed: u64,
    /// Generated examples that failed (the first, and any found while
    /// looking for failures of other origins).
    pub(crate) failed: u64,
    /// How many examples had run, passed and failed, when the first one
    /// failed (that one included); `None` if none failed.
    pub(crate) first_failure_at: Option<u64>,
    pub(crate) discards: u64,
    /// What discarded those examples.
    pub(crate) rejections: Rejections,
    /// How many times the body ran while shrinking (replays that stopped
    /// in the generator do not count).
    pub(crate) shrink_calls: u64,
    /// What the passing generated examples recorded.
    pub(crate) statistics: Statistics,
    /// Whether generation stopped because every possible example had run.
    pub(crate) space_exhausted: bool,
    pub(crate) warnings: Vec<HealthWarning>,
    /// The smallest input the generator panicked on in a run that also has
    /// a failure of the body; without one, a panic ends the run as
    /// `GenerationFailed`.
    pub(crate) generator_panic: Option<GeneratorPanic>,
    /// Whether the replay token failed but was read otherwise than written
    /// (choices left over, or beyond a range): the generators changed since
    /// it was made, and what failed is what they make of it now.
    pub(crate) replay_read_otherwise: bool,
}

impl Summary {
    /// Counts a generated example that failed, and notes where the first
    /// one came.
    fn count_failure(&mut self) {
        self.failed += 1;
        self.first_failure_at.get_or_insert(self.passed + self.failed);
    }
}

/// A failing sequence waiting to be shrunk.
struct Found {
    choices: Vec<u64>,
    failure: Failure,
    found_by: FoundBy,
}

/// Where a failing sequence came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FoundBy {
    /// A generated example failed (or the example of a replay token).
    Generating,
    /// An example saved by an earlier run failed again.
    Database,
    /// A candidate tried while shrinking a failure of another origin
    /// failed this way.
    Shrinking,
}

/// Keeps `choices` as the failure of its origin if that origin is new, or
/// if it is smaller than the one known; true when it was kept. An origin
/// the run met by itself stays so when shrinking another meets a smaller
/// example of it.
fn offer(found: &mut Vec<Found>, choices: Vec<u64>, failure: Failure, found_by: FoundBy) -> bool {
    match found.iter_mut().find(|known| known.failure.same_origin(&failure)) {
        Some(known) if shortlex(&choices, &known.choices) == Ordering::Less => {
            let found_by = if known.found_by == FoundBy::Shrinking { found_by } else { known.found_by };
            *known = Found { choices, failure, found_by };
            true
        }
        Some(_) => false,
        None => {
            found.push(Found { choices, failure, found_by });
            true
        }
    }
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
    /// Every generated sequence so far, so none runs twice.
    tree: Tree,
    /// Where redirections, mutations and targeting make their random
    /// decisions; the examples draw from the source's own stream.
    steering: Random,
    /// A scratch buffer for building prefixes, reused between examples.
    prefix: Vec<u64>,
    /// The example the generate phase's mutations copy from, with its spans.
    mutation_base: Recording,
    /// The best example so far of each target label, by label.
    targets: BTreeMap<String, TargetBest>,
    /// When the last timed draw finished (see [`Runner::draw_and_start`]).
    drawn_at: Option<Instant>,
    /// When the body of the current case started, under a deadline.
    body_started_at: Option<Instant>,
    /// Whether the deadline holds as given (the final replay of a minimal
    /// counterexample) rather than with the search's slack.
    exact_deadline: bool,
    /// Under a deadline, the watch that names a body's example once the
    /// body has run far past it (`None` also if its thread could not be
    /// started).
    watchdog: Option<watchdog::Watchdog>,
    /// When the generate phase began, under a `run_for` duration.
    generating_since: Option<Instant>,
    /// Whether a generated example that ran before runs again. Skipping
    /// repeats spends the runs on new inputs, but once the body records
    /// statistics, every drawn example counts: the tables say how often the
    /// generators make each kind of input, which a count of distinct inputs
    /// would understate for the common ones (an empty list is one sequence,
    /// drawn one time in six). Repeats also run once generation is seen
    /// not to be deterministic.
    runs_repeats: bool,
    /// Whether replays only draw the value and leave the body out: while
    /// a generator's panic is shrunk.
    drawing_only: bool,
    /// The child process the body runs in, under isolation (see
    /// [`isolation`](crate::engine::isolation)).
    isolation: Option<Isolation>,
}

impl<'a, G: Generator, B: Body<G::Value>> Runner<'a, G, B> {
    pub(crate) fn new(generator: &'a G, body: &'a mut B, settings: &'a Settings) -> Self {
        let mut source = ChoiceSource::new();
        source.reseed(random::for_example(settings.seed, 0));
        Runner {
            generator,
            body,
            settings,
            source,
            steering: random::for_example(settings.seed ^ STEERING_STREAM, 0),
            body_calls: 0,
            record: ExampleRecord::default(),
            tree: Tree::new(),
            prefix: Vec::new(),
            mutation_base: Recording::default(),
            targets: BTreeMap::new(),
            drawn_at: None,
            body_started_at: None,
            exact_deadline: false,
            watchdog: settings.deadline.and_then(watchdog::Watchdog::start),
            generating_since: None,
            runs_repeats: false,
            drawing_only: false,
            isolation: None,
        }
    }

    /// Runs every body in the child process of `isolation` rather than in
    /// this one.
    pub(crate) fn isolate(&mut self, isolation: Isolation) {
        self.isolation = Some(isolation);
    }

    /// Runs the phases: reuse saved failures, generate, target, then shrink
    /// and explain whatever failed.
    pub(crate) async fn run(&mut self) -> Summary {
        unwind::begin_check();
        let mut summary = Summary {
            end: End::Passed,
            passed: 0,
            failed: 0,
            first_failure_at: None,
            discards: 0,
            rejections: Rejections::default(),
            shrink_calls: 0,
            statistics: Statistics::default(),
            space_exhausted: false,
            warnings: Vec::new(),
            generator_panic: None,
            replay_read_otherwise: false,
        };
        let mut found = Vec::new();
        if let Some(choices) = &self.settings.replay {
            let case = self.execute(choices).await;
            // A token that still fits reads exactly its own choices; one the
            // generators now read otherwise (a value beyond a narrowed
            // range, choices left over) made some other example, whose
            // passing says nothing of the one the token named.
            let fits = self.source.recording().choices == *choices;
            match case {
                Case::Pass if fits => {
                    summary.passed += 1;
                    summary.end = End::ReplayPassed;
                }
                Case::Pass => {
                    // A value beyond a range is read as another (0), which
                    // may also end the draw early: that is the cause then.
                    let read = &self.source.recording().choices;
                    let misfit = if choices.starts_with(read) { Misfit::LeftOver } else { Misfit::Beyond };
                    summary.end = End::ReplayDoesNotFit(misfit);
                }
                // What the generators read is the example that failed: a
                // token with choices left over, or beyond a range, is
                // reported (and replayed next time) as that example.
                Case::Fail(failure) => {
                    summary.count_failure();
                    summary.replay_read_otherwise = !fits;
                    offer(&mut found, self.source.recording().choices.clone(), failure, FoundBy::Generating);
                }
                // A filter that rejected the value it replayed draws again,
                // past the token's end: the rejection, the last thing drawn,
                // is what to report.
                Case::Discard(Stop::Overrun) => {
                    let recording = self.source.recording();
                    let spans = &recording.spans;
                    let end = recording.choices.len();
                    let filtered =
                        (0..spans.len()).any(|span| spans.is_discarded(span) && spans.range(span).end == end);
                    let misfit =
                        if filtered { Misfit::Rejected(Stop::Discard(Rejection::Filter)) } else { Misfit::RanOut };
                    summary.end = End::ReplayDoesNotFit(misfit);
                }
                Case::Discard(stop) => summary.end = End::ReplayDoesNotFit(Misfit::Rejected(stop)),
                Case::GeneratorPanic(panic) => {
                    summary.end =
                        End::GenerationFailed { choices: choices.clone(), panic: *panic, from_database: false };
                }
            }
        } else {
            let phases = self.settings.phases;
            if phases.contains(Phase::Reuse) {
                self.reuse_saved(&mut summary, &mut found).await;
            }
            let going_on = found.is_empty() && matches!(summary.end, End::Passed);
            if going_on && phases.contains(Phase::Generate) {
                self.generate(&mut summary, &mut found).await;
            }
            // Nothing is left to search for once every example has run.
            let searchable = !summary.space_exhausted && matches!(summary.end, End::Passed);
            if found.is_empty() && searchable && phases.contains(Phase::Target) {
                self.target(&mut summary, &mut found).await;
            }
        }
        if let End::GenerationFailed { choices, panic, from_database } = &mut summary.end {
            // A generator's panic is a failure like any other: the next run
            // meets it first, whatever its seed (a replay is deterministic),
            // and it is saved before it is shrunk, and once shrunk.
            if !*from_database {
                self.keep_for_next_run([choices.as_slice()]);
            }
            let found = GeneratorPanic { choices: std::mem::take(choices), panic: panic.clone() };
            let smallest = self.shrink_generator_panic(found).await;
            self.keep_for_next_run([smallest.choices.as_slice()]);
            (*choices, *panic) = (smallest.choices, smallest.panic);
            return summary;
        }
        if found.is_empty() {
            return summary;
        }
        self.keep_generator_panic(&summary);
        if self.cancelled() {
            let saved = self.keep_for_next_run(found.iter().map(|found| found.choices.as_slice()));
            summary.end = End::cancelled_with(found.iter().map(|found| found.choices.as_slice()), saved);
            return summary;
        }
        // Saved before shrinking, which may take long and may not finish (a
        // killed process, a crash in a candidate): the next run starts from
        // them either way.
        self.keep_for_next_run(
            found.iter().filter(|found| found.found_by != FoundBy::Database).map(|found| found.choices.as_slice()),
        );
        summary.end = match self.shrink_all(found, &mut summary).await {
            Ok(shrunk) => End::Falsified(shrunk),
            // Cancelled part-way: nothing is reported.
            Err(cancelled) => cancelled,
        };
        // Shrinking may have met a smaller one, and it shrinks further.
        if let Some(panic) = summary.generator_panic.take() {
            summary.generator_panic = Some(self.shrink_generator_panic(panic).await);
        }
        self.keep_generator_panic(&summary);
        summary
    }

    /// Saves the generator's panic met beside the failures, so that the
    /// next run, which replays the failures, reports it again beside them.
    fn keep_generator_panic(&self, summary: &Summary) {
        if let Some(GeneratorPanic { choices, .. }) = &summary.generator_panic {
            self.keep_for_next_run([choices.as_slice()]);
        }
    }

    /// Saves failures to the database, so that the next run's reuse phase
    /// starts from them even if this one never reports them. True when
    /// every one was written and the next run will replay them.
    fn keep_for_next_run<'c>(&self, failures: impl IntoIterator<Item = &'c [u64]>) -> bool {
        let Some((database, key)) = &self.settings.database else { return false };
        // Every failure is saved, whether or not one before it could be.
        let unsaved = failures.into_iter().filter(|choices| !database.save(key, choices)).count();
        unsaved == 0 && self.settings.phases.contains(Phase::Reuse)
    }

    /// The reuse phase: replays this property's saved failures, simplest
    /// first. One that still fails is kept for shrinking; one that passes
    /// (or no longer fits the generators) is deleted, unless the check was
    /// cancelled while it ran, which may be why it passed. One on which the
    /// generator panics stays saved: it shows a bug in the generator, which
    /// the next run should meet again. With a saved failure it is reported
    /// beside it; without one, it ends the check. With
    /// [`multiple_failures(false)`](crate::Options::multiple_failures) the phase
    /// stops at the first saved failure, and a panic saved after it waits
    /// for a run that gets there.
    async fn reuse_saved(&mut self, summary: &mut Summary, found: &mut Vec<Found>) {
        let Some((database, key)) = self.settings.database.clone() else { return };
        for saved in database.load(&key) {
            if self.cancelled() {
                summary.end = End::CANCELLED;
                return;
            }
            let case = self.execute(&saved).await;
            if self.cancelled() && !matches!(case, Case::Fail(_)) {
                summary.end = End::CANCELLED;
                return;
            }
            match case {
                Case::Fail(failure) => {
                    // What the generators read: choices left over in the
                    // file (from generators since changed, or a file
                    // written by hand) are no part of the example.
                    let read = self.source.recording().choices.clone();
                    if read != saved && database.save(&key, &read) {
                        // Kept as read, so the stale file is not replayed
                        // (and failed again) beside it on every run.
                        database.delete(&key, &saved);
                    }
                    let failure = self.with_location(failure).await;
                    offer(found, read, failure, FoundBy::Database);
                    if !self.settings.multiple_failures {
                        break;
                    }
                }
                Case::GeneratorPanic(panic) => {
                    GeneratorPanic::keep_smaller(&mut summary.generator_panic, &saved, *panic);
                }
                Case::Pass | Case::Discard(_) => database.delete(&key, &saved),
            }
        }
        // Beside a saved failure, a panic is reported as one met while
        // generating would be; without one, it ends the check.
        if found.is_empty()
            && let Some(GeneratorPanic { choices, panic }) = summary.generator_panic.take()
        {
            summary.end = End::GenerationFailed { choices, panic, from_database: true };
        }
    }

    fn cancelled(&self) -> bool {
        self.settings.cancellation.as_ref().is_some_and(Cancellation::is_cancelled)
    }
}
