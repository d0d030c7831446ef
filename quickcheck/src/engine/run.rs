//! A run: generate test cases until one fails or enough pass, then shrink.

use std::cmp::Ordering;
use std::future::Future;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use crate::engine::database::Database;
use crate::engine::explain::{self, Argument, Freedom};
use crate::engine::order::shortlex;
use crate::engine::random::{self, Draws, Random};
use crate::engine::shrink::{Execute, ShrinkLimit, Shrinker};
use crate::engine::source::{ChoiceSource, Recording, Variation};
use crate::engine::tree::Tree;
use crate::engine::unwind::{self, Caught, Panic, Stop, catch};
use crate::generate::Generator;
use crate::property::health::{Health, Watched};
use crate::property::{Cancellation, CommandArgumentPosition, Failure, HealthCheck, HealthWarning, Phase, Phases};
use crate::stats::{self, Confidence, Decision, ExampleRecord, Statistics};

/// Examples up to this index grow from the simplest to full size.
const RAMP: u64 = 10;

/// After the ramp, every this many examples one mutates the example before
/// (more often costs throughput: the example before a mutation records its
/// spans, as generation otherwise does not).
const MUTATE_EVERY: u64 = 8;

/// How many span pairs a mutation tries before giving up.
const MUTATION_TRIES: u32 = 8;

/// How many examples past the first failure generation may run to look for
/// failures of other origins. It also stops once it has run as many
/// examples since the latest news (a new origin, or a smaller failure of a
/// known one) as before it: failures that took n examples to find are
/// unlikely to be joined by another in the next n.
const LOOK_FOR_OTHERS: u64 = 1000;

/// How long past the first failure generation may go on looking for
/// failures of other origins, as a share of the time shrinking may take
/// (ten seconds of the default five minutes): a slow body that fails
/// nearly every time would otherwise spend all of [`LOOK_FOR_OTHERS`]
/// examples before shrinking began.
const LOOK_FOR_OTHERS_SHARE: u32 = 30;

/// How many examples a run that has failed makes at least, to look for
/// failures of other origins, however soon the first failure came; and
/// how many past it the time share cannot cut short.
const LOOK_FOR_OTHERS_AT_LEAST: u64 = 10;

/// The most distinct failures one run shrinks and reports.
const MAX_DISTINCT_FAILURES: usize = 16;

/// Salts the seed of the stream that steers generation (redirections,
/// mutations, targeting), so that it is unrelated to the examples' stream.
const STEERING_STREAM: u64 = 0x7374_6565_7269_6e67;

/// The most examples a coverage check runs before it gives up deciding.
const MAX_COVERAGE_EXAMPLES: u64 = 100 << 17;

/// How a property body judged one value: `Ok(Ok(()))` passed, `Ok(Err(_))`
/// failed by returning, `Err(_)` discarded or panicked.
pub(crate) type BodyResult = Result<Result<(), Failure>, Caught>;

/// How a body's call came out, when it did not unwind.
pub(crate) enum Started<F> {
    /// A synchronous body ran to its verdict.
    Finished(Result<(), Failure>),
    /// An asynchronous body returned its future, each poll of which
    /// catches what it raises.
    Running(F),
}

/// A property body as the engine calls it: one value in, a verdict out.
pub(crate) trait Body<T> {
    /// An asynchronous body's future; a synchronous body's is [`Never`].
    type Running: Future<Output = BodyResult>;

    /// Calls the body on `value`. The caller calls it inside [`catch`],
    /// which takes whatever the call raises: all of a synchronous body's
    /// run, or an asynchronous body's call up to its future.
    fn start(&mut self, value: T) -> Started<Self::Running>;
}

/// The future of a body that has none: a synchronous body runs to its
/// verdict in its call. Uninhabited, so the code that would await it is
/// dropped where the body is synchronous.
pub(crate) enum Never {}

impl Future for Never {
    type Output = BodyResult;

    fn poll(self: std::pin::Pin<&mut Self>, _: &mut Context<'_>) -> Poll<BodyResult> {
        match *self {}
    }
}

/// Calls `body` on `value` and awaits its verdict, catching whatever it
/// raises, with `record` installed for what the body notes.
pub(crate) async fn call<T, B: Body<T>>(body: &mut B, value: T, record: &mut ExampleRecord) -> BodyResult {
    match catch(|| stats::recording(record, || body.start(value))) {
        Ok(Started::Finished(verdict)) => Ok(verdict),
        Ok(Started::Running(future)) => await_recorded(future, record).await,
        Err(caught) => Err(caught),
    }
}

/// Awaits an asynchronous body's verdict, with `record` installed around
/// each poll of its future.
async fn await_recorded<F: Future<Output = BodyResult>>(future: F, record: &mut ExampleRecord) -> BodyResult {
    let mut future = std::pin::pin!(future);
    std::future::poll_fn(|context| stats::recording(record, || future.as_mut().poll(context))).await
}

/// What the runner asks of the generation tree for a case it draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Novelty {
    /// A replay: the tree is not told.
    Replay,
    /// A generated case: noted in the tree, and not run if it ran before.
    Required,
    /// A case noted in the tree and run whether or not it ran before: one
    /// the tree steered into unexplored choices, or any generated case once
    /// repeats run.
    Noted,
}

/// What drawing a case and starting the body on it came to.
enum Drawn<F> {
    /// Its choices ran before ([`Novelty::Required`] only): the body did not
    /// run.
    Duplicate,
    /// The case ended: the generator stopped, or the body ran to its verdict.
    Ended(Case),
    /// An asynchronous body's future, to await.
    Running(F),
}

/// A shrink phase cut short by cancellation; `saved` says whether what it
/// had found was written for the next run to start from.
struct CancelledWhileShrinking {
    saved: bool,
}

/// What running one test case came to.
#[derive(Debug)]
pub(crate) enum Case {
    Pass,
    /// It stopped early: a filter or `assume` rejected it
    /// ([`Stop::Discard`]), or it overran ([`Stop::Overrun`]: more choices
    /// than an example may make, or recursion nested too deep).
    Discard(Stop),
    Fail(Failure),
    /// The generator panicked: a bug in the generator, not a counterexample.
    GeneratorPanic(Box<Panic>),
}

impl Case {
    /// How a case ends whose generator stopped before the body ran.
    pub(crate) fn of_generator(caught: Caught) -> Case {
        match caught {
            Caught::Stop(stop) => Case::Discard(stop),
            Caught::Panic(panic) => Case::GeneratorPanic(panic),
        }
    }
}

/// The settings a run needs, resolved from the options and the environment.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    pub(crate) runs: u64,
    pub(crate) seed: u64,
    pub(crate) max_shrinks: u64,
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
}

/// One failure shrunk and ready to report.
#[derive(Debug)]
pub(crate) struct Shrunk {
    pub(crate) original: Vec<u64>,
    pub(crate) minimal: Vec<u64>,
    pub(crate) failure: Failure,
    /// What the minimal counterexample recorded with `note`.
    pub(crate) notes: Vec<(String, String)>,
    /// Whether it was a saved example from the database.
    pub(crate) from_database: bool,
    pub(crate) shrinks: u64,
    /// The limit shrinking stopped at, if it did not reach a minimum.
    pub(crate) stopped_at: Option<ShrinkLimit>,
    /// Whether the minimal counterexample failed the same way again when
    /// run once more for the report; false for a flaky property.
    pub(crate) reproduced: bool,
    pub(crate) explanation: Explanation,
}

/// What the explain phase found of one minimal counterexample.
#[derive(Debug)]
pub(crate) struct Explanation {
    /// Per named argument, whether it matters to the failure.
    pub(crate) freedoms: Vec<Freedom>,
    /// False when the arguments free one at a time can make the failure go
    /// away when varied all together.
    pub(crate) free_together: bool,
    /// The command arguments that can take any value.
    pub(crate) free_commands: Vec<CommandArgumentPosition>,
    /// As `free_together`, for the free command arguments.
    pub(crate) free_commands_together: bool,
}

impl Explanation {
    /// Nothing explained: no argument is known to be free.
    pub(crate) fn none() -> Explanation {
        Explanation {
            freedoms: Vec::new(),
            free_together: true,
            free_commands: Vec::new(),
            free_commands_together: true,
        }
    }
}

/// What shrinking one failure came to.
struct Shrinking {
    minimal: Vec<u64>,
    failure: Failure,
    shrinks: u64,
    stopped_at: Option<ShrinkLimit>,
    /// The smallest input met on the way on which the generator panicked.
    generator_panic: Option<GeneratorPanic>,
}

impl Shrinking {
    /// A failure left as it was found.
    fn unshrunk(choices: &[u64], failure: Failure) -> Shrinking {
        Shrinking { minimal: choices.to_vec(), failure, shrinks: 0, stopped_at: None, generator_panic: None }
    }
}

/// An input on which the generator panicked, in a run that also has a
/// failure of the body (met on a saved example, while looking for failures
/// of other origins, or while shrinking): no failure to shrink, but a bug
/// in the generator that the report must not lose.
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
    /// The replay token's choices ran out before the generators finished,
    /// or decoded to an input a filter or `assume` rejects: the token is not
    /// one of this property's examples (most often, the generators changed
    /// since it was printed).
    ReplayDoesNotFit,
    GenerationFailed {
        /// The choices drawn until the generator panicked.
        choices: Vec<u64>,
        panic: Panic,
        /// Whether the choices were an example saved by an earlier run.
        from_database: bool,
    },
    /// Cancelled; with `unreported_failure`, after finding a failure it
    /// neither finished shrinking nor reported, which was saved when
    /// `saved`.
    Cancelled {
        unreported_failure: bool,
        saved: bool,
    },
    /// A coverage requirement is known to be missed, or (when `decided` is
    /// false) could not be decided within the most examples a check runs.
    InsufficientCoverage {
        label: String,
        minimum: f64,
        decided: bool,
    },
}

impl End {
    /// Cancelled, with no failure found that goes unreported.
    const CANCELLED: End = End::Cancelled { unreported_failure: false, saved: false };
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
    from_database: bool,
}

/// Keeps `choices` as the failure of its origin if that origin is new, or
/// if it is smaller than the one known; true when it was kept.
fn offer(found: &mut Vec<Found>, choices: Vec<u64>, failure: Failure, from_database: bool) -> bool {
    match found.iter_mut().find(|known| known.failure.same_origin(&failure)) {
        Some(known) if shortlex(&choices, &known.choices) == Ordering::Less => {
            *known = Found { choices, failure, from_database };
            true
        }
        Some(_) => false,
        None => {
            found.push(Found { choices, failure, from_database });
            true
        }
    }
}

/// The best-scoring example of one target label.
struct TargetBest {
    label: String,
    score: f64,
    choices: Vec<u64>,
    maxima: Vec<u64>,
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
    targets: Vec<TargetBest>,
    /// When the last timed draw finished (see [`Runner::draw_and_start`]).
    drawn_at: Option<Instant>,
    /// When the body of the current case started, under a deadline.
    body_started_at: Option<Instant>,
    /// Whether the deadline holds as given (the final replay of a minimal
    /// counterexample) rather than with the search's slack.
    exact_deadline: bool,
    /// When the generate phase began, under a `run_for` duration.
    generating_since: Option<Instant>,
    /// Whether a generated example that ran before runs again. Skipping
    /// repeats spends the runs on new inputs, but once the body records
    /// statistics, every drawn example counts: the tables say how often the
    /// generators make each kind of input, which a count of distinct inputs
    /// would understate for the common ones (an empty list is one sequence,
    /// drawn one time in six).
    runs_repeats: bool,
}

/// How much longer than its deadline a body may run while the check
/// searches and shrinks, so that a body near the limit does not fail by
/// chance on one run and pass on the next: a quarter more, as a divisor so
/// that the sum saturates rather than overflows for a huge deadline.
const DEADLINE_SLACK_DIVISOR: u32 = 4;

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
            targets: Vec::new(),
            drawn_at: None,
            body_started_at: None,
            exact_deadline: false,
            generating_since: None,
            runs_repeats: false,
        }
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
            shrink_calls: 0,
            statistics: Statistics::default(),
            space_exhausted: false,
            warnings: Vec::new(),
            generator_panic: None,
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
                Case::Pass if fits => summary.passed += 1,
                Case::Pass => summary.end = End::ReplayDoesNotFit,
                Case::Fail(failure) => {
                    summary.count_failure();
                    offer(&mut found, choices.clone(), failure, false);
                }
                Case::Discard(_) => summary.end = End::ReplayDoesNotFit,
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
        if let End::GenerationFailed { choices, from_database: false, .. } = &summary.end {
            // A generator's panic is a failure like any other: the next run
            // meets it first, whatever its seed (a replay is deterministic).
            self.keep_for_next_run([choices.as_slice()]);
        }
        if found.is_empty() || matches!(summary.end, End::GenerationFailed { .. }) {
            return summary;
        }
        self.keep_generator_panic(&summary);
        if self.cancelled() {
            let saved = self.keep_for_next_run(found.iter().map(|found| found.choices.as_slice()));
            summary.end = End::Cancelled { unreported_failure: true, saved };
            return summary;
        }
        // Saved before shrinking, which may take long and may not finish (a
        // killed process, a crash in a candidate): the next run starts from
        // them either way.
        self.keep_for_next_run(found.iter().filter(|found| !found.from_database).map(|found| found.choices.as_slice()));
        summary.end = match self.shrink_all(found, &mut summary).await {
            Ok(shrunk) => End::Falsified(shrunk),
            Err(CancelledWhileShrinking { saved }) => End::Cancelled { unreported_failure: true, saved },
        };
        // Shrinking may have met a smaller one.
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
    /// [`first_failure_only`](crate::Options::first_failure_only) the phase
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
                    let failure = self.with_location(failure).await;
                    offer(found, saved, failure, true);
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

    /// The generate phase: examples until `runs` pass (and `run_for` has
    /// passed, if set), one fails, too many
    /// are discarded, the space is exhausted, or the run is cancelled. After
    /// a first failure it goes on to look for failures of other origins, as
    /// [`LOOK_FOR_OTHERS`] and [`LOOK_FOR_OTHERS_SHARE`] bound it.
    async fn generate(&mut self, summary: &mut Summary, found: &mut Vec<Found>) {
        let mut health = Health::new(self.settings.suppressed.clone());
        // Calls are counted from here: the reuse phase's replays are no part
        // of how long generation took to find something.
        let calls_before = self.body_calls;
        let mut first_failure_call = 0;
        let mut latest_news_call = 0;
        let mut first_failure_at = None;
        self.generating_since = self.settings.run_for.map(|_| Instant::now());
        for index in 0.. {
            let calls = self.body_calls - calls_before;
            if self.cancelled() {
                summary.end = End::CANCELLED;
                break;
            }
            if found.is_empty() {
                if self.settings.confidence.is_none() && self.enough_passed(summary.passed) {
                    break;
                }
            } else if !self.settings.multiple_failures
                || (calls >= LOOK_FOR_OTHERS_AT_LEAST
                    && calls >= (first_failure_call + LOOK_FOR_OTHERS).min(2 * latest_news_call))
                || (calls >= first_failure_call + LOOK_FOR_OTHERS_AT_LEAST
                    && first_failure_at.is_some_and(|at: Instant| {
                        at.elapsed() > self.settings.max_shrink_time / LOOK_FOR_OTHERS_SHARE
                    }))
            {
                break;
            }
            let watching = health.watching() && found.is_empty();
            let Some((case, generating)) = self.generate_case(index, watching).await else {
                summary.space_exhausted = true;
                // Repeats run once statistics are recorded, so a space runs
                // out only for a body that records none: no requirement is
                // left to judge.
                if found.is_empty() && summary.passed == 0 && summary.discards > 0 {
                    // Every example there is was rejected: nothing was tested.
                    summary.end = End::Exhausted;
                }
                break;
            };
            if index == 0 {
                let overran = matches!(case, Case::Discard(Stop::Overrun));
                health.simplest_example(self.source.recording().choices.len(), overran);
            }
            if watching {
                health.example(
                    generating,
                    match case {
                        Case::Pass => Watched::Passed,
                        Case::Discard(Stop::Overrun) => Watched::Overran,
                        Case::Discard(Stop::Discard) => Watched::Discarded,
                        Case::Fail(_) | Case::GeneratorPanic(_) => Watched::Failed,
                    },
                );
            }
            match case {
                Case::Pass => {
                    summary.passed += 1;
                    summary.statistics.add(&self.record);
                    self.runs_repeats |= self.record.records_statistics();
                    self.remember_targets();
                    if found.is_empty()
                        && let Some(end) = self.stopping_point(summary.passed, &summary.statistics)
                    {
                        summary.end = end;
                        break;
                    }
                }
                Case::Discard(_) => {
                    summary.discards += 1;
                    if summary.discards >= self.discard_limit(summary.passed) {
                        if found.is_empty() {
                            summary.end = End::Exhausted;
                        }
                        break;
                    }
                }
                // Met while looking for other failures, a generator's panic
                // ends the search: the failure in hand is what to report,
                // and the panic is reported beside it.
                Case::GeneratorPanic(panic) if !found.is_empty() => {
                    GeneratorPanic::keep_smaller(
                        &mut summary.generator_panic,
                        &self.source.recording().choices,
                        *panic,
                    );
                    break;
                }
                Case::GeneratorPanic(panic) => {
                    let choices = self.source.recording().choices.clone();
                    summary.end = End::GenerationFailed { choices, panic: *panic, from_database: false };
                    break;
                }
                // A body that fails once the check is cancelled may fail
                // because of it: the check ends, and records no failure.
                Case::Fail(_) if self.cancelled() => {
                    summary.end = End::CANCELLED;
                    break;
                }
                Case::Fail(failure) => {
                    let failure = self.with_location(failure).await;
                    summary.count_failure();
                    if found.is_empty() {
                        first_failure_call = self.body_calls - calls_before;
                        first_failure_at = Some(Instant::now());
                    }
                    if offer(found, self.source.recording().choices.clone(), failure, false) {
                        latest_news_call = self.body_calls - calls_before;
                    }
                }
            }
        }
        summary.warnings = health.into_warnings();
    }

    /// How many discards end a run that has passed `passed` examples: the
    /// ratio times the runs asked for, or times the examples passed once a
    /// coverage confidence has run more of them than that.
    fn discard_limit(&self, passed: u64) -> u64 {
        self.settings.max_discard_ratio.saturating_mul(self.settings.runs.max(passed).max(1))
    }

    /// Generates example `index`, steered away from every sequence run
    /// before (unless repeats run, see [`Runner::runs_repeats`]), and runs
    /// it. `None` when the space of examples is exhausted. With `timed`,
    /// also measures how long generating took.
    async fn generate_case(&mut self, index: u64, timed: bool) -> Option<(Case, Duration)> {
        if self.tree.is_exhausted() && !self.runs_repeats {
            return None;
        }
        let started = timed.then(Instant::now);
        self.start_example(index);
        let novelty = if self.runs_repeats { Novelty::Noted } else { Novelty::Required };
        let mut drawn = self.draw_and_start(novelty, timed);
        if let Drawn::Duplicate = drawn {
            if !self.tree.novel_prefix(&mut self.steering, &mut self.prefix) {
                return None;
            }
            self.source.start_extending(&self.prefix, ramp(index));
            drawn = self.draw_and_start(Novelty::Noted, timed);
        }
        let generating = match (started, self.drawn_at) {
            (Some(started), Some(drawn_at)) => drawn_at - started,
            _ => Duration::ZERO,
        };
        let case = match drawn {
            Drawn::Ended(case) => case,
            Drawn::Running(future) => self.await_verdict(future).await,
            Drawn::Duplicate => unreachable!("a steered case is never declined"),
        };
        Some((case, generating))
    }

    /// Prepares example `index` of the run: the first is the simplest test
    /// case, the next few grow to full size; after that some are mutations
    /// of the example before, which records its spans for them. Once the
    /// tree has stepped aside, nothing reads an example's maxima.
    fn start_example(&mut self, index: u64) {
        if index == 0 {
            self.source.start_simplest();
        } else if index > RAMP && index.is_multiple_of(MUTATE_EVERY) && self.start_mutation() {
        } else {
            self.source.start_random(ramp(index));
            if index >= RAMP && (index + 1).is_multiple_of(MUTATE_EVERY) {
                self.source.record_spans();
            }
        }
        if !self.tree.records_paths() {
            self.source.omit_maxima();
        }
    }

    /// Prepares a mutation of the example just run: the choices of one of
    /// its spans copied over another span with the same label (a list
    /// element over another, one argument over another of the same kind),
    /// the rest random. This is what finds bugs that need two equal parts,
    /// which independent random draws almost never produce. False when the
    /// example has no two such spans, or recorded none (it was redirected
    /// by the tree, or its draw stopped part-way).
    // Out of line: it runs for one example in eight, and inlined into the
    // loop it would cost every example a larger stack frame.
    #[inline(never)]
    fn start_mutation(&mut self) -> bool {
        let recording = self.source.recording();
        let (spans, base) = (&recording.spans, &recording.choices);
        if !spans.is_complete() {
            return false;
        }
        let random = &mut self.steering;
        for _ in 0..MUTATION_TRIES {
            if spans.len() < 3 {
                return false;
            }
            let from = 1 + random.up_to(spans.len() as u64 - 2) as usize;
            let (label, copied) = (spans.label(from), spans.range(from));
            // The first span with the same label from a random place on,
            // wrapping around: usually a few steps, never more than one pass.
            let start = 1 + random.up_to(spans.len() as u64 - 2) as usize;
            let destination = (start..spans.len()).chain(1..start).find(|&to| {
                let range = spans.range(to);
                spans.has_label(to, label) && (range.end <= copied.start || copied.end <= range.start)
            });
            let Some(to) = destination.map(|to| spans.range(to)) else { continue };
            if base[copied.clone()] == base[to.clone()] {
                continue;
            }
            self.prefix.clear();
            self.prefix.extend_from_slice(&base[..to.start]);
            self.prefix.extend_from_slice(&base[copied]);
            self.prefix.extend_from_slice(&base[to.end..]);
            self.source.start_extending(&self.prefix, 1.0);
            return true;
        }
        false
    }

    /// Keeps the current example as the best of each target label it beat.
    #[inline]
    fn remember_targets(&mut self) {
        if !self.record.targets.is_empty() {
            self.remember_scores();
        }
    }

    fn remember_scores(&mut self) {
        if !self.beats_a_target() {
            return;
        }
        let recording = self.source.recording();
        if recording.maxima.len() != recording.choices.len() {
            // Drawn without its maxima, which the target phase moves
            // choices within: the generators alone are replayed for them.
            let choices = recording.choices.clone();
            self.regenerate(&choices);
        }
        for (label, score) in &self.record.targets {
            let recording = self.source.recording();
            match self.targets.iter_mut().find(|best| &best.label == label) {
                Some(best) if *score <= best.score => {}
                Some(best) => {
                    best.score = *score;
                    best.choices.clone_from(&recording.choices);
                    best.maxima.clone_from(&recording.maxima);
                }
                None => self.targets.push(TargetBest {
                    label: label.clone(),
                    score: *score,
                    choices: recording.choices.clone(),
                    maxima: recording.maxima.clone(),
                }),
            }
        }
    }

    /// Whether the current example scored above the best of some target
    /// label, or under a label not seen before.
    fn beats_a_target(&self) -> bool {
        self.record.targets.iter().any(|(label, score)| {
            self.targets.iter().find(|best| &best.label == label).is_none_or(|best| *score > best.score)
        })
    }

    /// The target phase: hill-climbs from the best example of each label.
    /// A step picks a choice and moves it up or down by 1, 2, 4, … for as
    /// long as the score keeps rising (or stays level, the example not
    /// growing), the rest of the example replayed (and
    /// drawn at random past its end, when the example grew). Stops at the
    /// first failure, which the shrinker then takes.
    async fn target(&mut self, summary: &mut Summary, found: &mut Vec<Found>) {
        let bests = std::mem::take(&mut self.targets);
        if bests.is_empty() {
            return;
        }
        let steps_per_label = self.settings.target_steps / bests.len() as u64;
        for mut best in bests {
            let mut steps_left = steps_per_label;
            // A step picks among the choices that can move: one whose
            // largest value is 0 cannot, and an example of such choices
            // alone has no step to take.
            let movable = |best: &TargetBest| -> Vec<usize> {
                (0..best.maxima.len()).filter(|&at| best.maxima[at] > 0).collect()
            };
            let mut positions = movable(&best);
            while steps_left > 0 && !positions.is_empty() {
                if self.cancelled() {
                    summary.end = End::CANCELLED;
                    return;
                }
                let position = positions[self.steering.up_to(positions.len() as u64 - 1) as usize];
                // Steps of 1 first, then of 2: an integer's choice is a
                // zig-zag index, in which a step of 1 crosses to the other
                // side of its target and only a step of 2 moves a value
                // further out on its own side.
                for (upward, stride) in [(true, 1), (false, 1), (true, 2), (false, 2)] {
                    let mut distance: u64 = stride;
                    while steps_left > 0 && position < best.choices.len() {
                        let current = best.choices[position];
                        let moved = if upward {
                            current.saturating_add(distance).min(best.maxima[position])
                        } else {
                            current.saturating_sub(distance)
                        };
                        // A step of 2 clamped to a bound is a step of 1,
                        // which was tried already.
                        if moved == current || (stride == 2 && distance == 2 && moved.abs_diff(current) < 2) {
                            break;
                        }
                        steps_left -= 1;
                        self.prefix.clone_from(&best.choices);
                        self.prefix[position] = moved;
                        self.source.start_extending(&self.prefix, 1.0);
                        match self.run_case().await {
                            Case::Pass => {
                                summary.passed += 1;
                                let recording = self.source.recording();
                                // A move to an equal score is taken too, as
                                // long as the example did not grow, so that
                                // the climb crosses a plateau of a score that
                                // rises in steps.
                                let sideways =
                                    |score: f64| score == best.score && recording.choices.len() <= best.choices.len();
                                let Some(score) = self
                                    .record
                                    .score(&best.label)
                                    .filter(|&score| score > best.score || sideways(score))
                                else {
                                    break;
                                };
                                best.score = score;
                                best.choices.clone_from(&recording.choices);
                                best.maxima.clone_from(&recording.maxima);
                                positions = movable(&best);
                                distance = distance.saturating_mul(2);
                            }
                            Case::Fail(_) if self.cancelled() => {
                                summary.end = End::CANCELLED;
                                return;
                            }
                            Case::Fail(failure) => {
                                summary.count_failure();
                                offer(found, self.source.recording().choices.clone(), failure, false);
                                return;
                            }
                            Case::Discard(_) => {
                                summary.discards += 1;
                                break;
                            }
                            Case::GeneratorPanic(panic) => {
                                let choices = self.source.recording().choices.clone();
                                summary.end = End::GenerationFailed { choices, panic: *panic, from_database: false };
                                return;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The shrink and explain phases: shrinks each distinct failure on its
    /// own, smallest first. Failures of new origins that shrinking runs into
    /// join the queue; each origin is shrunk once.
    async fn shrink_all(
        &mut self,
        mut queue: Vec<Found>,
        summary: &mut Summary,
    ) -> Result<Vec<Shrunk>, CancelledWhileShrinking> {
        let mut done: Vec<Shrunk> = Vec::new();
        while !queue.is_empty() && done.len() < MAX_DISTINCT_FAILURES {
            let smallest = (0..queue.len())
                .min_by(|&a, &b| shortlex(&queue[a].choices, &queue[b].choices))
                .expect("the queue is not empty");
            let Found { choices, failure, from_database } = queue.swap_remove(smallest);
            if done.iter().any(|shrunk| shrunk.failure.same_origin(&failure)) {
                continue;
            }
            let calls_before = self.body_calls;
            let Shrinking { minimal, failure, shrinks, stopped_at, generator_panic } =
                self.shrink_one(&choices, failure, &mut queue).await;
            if let Some(GeneratorPanic { choices, panic }) = generator_panic {
                GeneratorPanic::keep_smaller(&mut summary.generator_panic, &choices, panic);
            }
            summary.shrink_calls += self.body_calls - calls_before;
            // Cancelled part-way (checked again after each replay below, as
            // a body may fail or pass because of it): nothing is reported,
            // and what was found is kept, shrunk as far as it got.
            let keep_all = |runner: &Self, queue: &[Found], done: &[Shrunk]| {
                let shrunk = done.iter().map(|shrunk| shrunk.minimal.as_slice());
                let found = queue.iter().map(|found| found.choices.as_slice());
                let saved =
                    runner.keep_for_next_run(shrunk.chain([minimal.as_slice(), choices.as_slice()]).chain(found));
                CancelledWhileShrinking { saved }
            };
            if self.cancelled() {
                return Err(keep_all(self, &queue, &done));
            }
            let (mut notes, reproduced) = self.notes_of(&minimal, &failure).await;
            if !reproduced {
                // Noted by a run that did not fail this way: not this
                // failure's notes.
                notes.clear();
            }
            // A shrink cut short is no minimal example to explain.
            let explanation =
                if reproduced && stopped_at.is_none() { self.explain(&failure).await } else { Explanation::none() };
            if self.cancelled() {
                return Err(keep_all(self, &queue, &done));
            }
            self.keep_for_next_run([minimal.as_slice(), choices.as_slice()]);
            done.push(Shrunk {
                original: choices,
                minimal,
                failure,
                notes,
                from_database,
                shrinks,
                stopped_at,
                reproduced,
                explanation,
            });
            if !self.settings.multiple_failures {
                break;
            }
        }
        // Failures that reproduced come first: the one a caller reads first
        // is one to trust.
        done.sort_by(|a, b| b.reproduced.cmp(&a.reproduced).then_with(|| shortlex(&a.minimal, &b.minimal)));
        Ok(done)
    }

    /// Shrinks one failure (unless the shrink phase is off), queueing the
    /// failures of other origins it meets.
    async fn shrink_one(&mut self, choices: &[u64], failure: Failure, queue: &mut Vec<Found>) -> Shrinking {
        if !self.settings.phases.contains(Phase::Shrink) {
            return Shrinking::unshrunk(choices, failure);
        }
        // The generators alone are replayed, in detail, for the spans: they
        // are deterministic, so they draw exactly what the failing case drew.
        self.source.start_replay(choices);
        let replayed = self.draw().is_ok();
        let original = self.source.recording().clone();
        if !replayed || !original.spans.is_complete() {
            // The generators stopped short this time: they depend on more
            // than their choices (a counter, a clock, hidden randomness).
            // The spans describe no case to edit, so the failure stays as
            // found, and the replay for its report says it is flaky. (A
            // saved example that no longer fits the generators replays
            // whole, and is shrunk from what the replay drew.)
            return Shrinking::unshrunk(choices, failure);
        }
        let (max_shrinks, multiple_failures) = (self.settings.max_shrinks, self.settings.multiple_failures);
        let time_limit = self.settings.max_shrink_time;
        let mut shrinker = Shrinker::new(self, original, failure, max_shrinks).with_time_limit(time_limit);
        if multiple_failures {
            shrinker = shrinker.collecting_others();
        }
        shrinker.shrink().await;
        let others = shrinker.take_others();
        let generator_panic = shrinker.take_generator_panic();
        let (shrinks, stopped_at) = (shrinker.shrinks(), shrinker.stopped_at());
        let (minimal, failure) = shrinker.into_best();
        for (choices, failure) in others {
            offer(queue, choices, failure, false);
        }
        Shrinking { minimal, failure, shrinks, stopped_at, generator_panic }
    }

    /// The explain phase for one minimal counterexample, just replayed (and
    /// failed) by [`notes_of`](Self::notes_of): which named arguments, and
    /// which arguments of the commands of a command sequence, can vary
    /// without changing the outcome.
    async fn explain(&mut self, failure: &Failure) -> Explanation {
        let mut explanation = Explanation::none();
        if !self.settings.phases.contains(Phase::Explain) {
            return explanation;
        }
        let recording = self.source.recording().clone();
        let seed = self.settings.seed;
        if let Some(count) = self.settings.explain_arguments
            && recording.spans.len() > 0
        {
            let arguments: Vec<usize> = recording.spans.children(0).collect();
            if arguments.len() == count {
                let freedoms = explain::explain(self, &recording, failure, &arguments, seed).await;
                let free: Vec<Argument> =
                    (0..count).filter(|&index| freedoms[index] == Freedom::Free).map(Argument::Parameter).collect();
                if free.len() >= 2 {
                    explanation.free_together = explain::free_together(self, &recording, failure, &free, seed).await;
                }
                explanation.freedoms = freedoms;
            }
        }
        let commands = explain::command_arguments(&recording.spans);
        let spans: Vec<usize> = commands.iter().map(|command| command.span).collect();
        let command_freedoms = explain::explain(self, &recording, failure, &spans, seed).await;
        explanation.free_commands = commands
            .iter()
            .zip(command_freedoms)
            .filter(|(_, freedom)| *freedom == Freedom::Free)
            .map(|(command, _)| command.position)
            .collect();
        if explanation.free_commands.len() >= 2 {
            let free: Vec<Argument> =
                explanation.free_commands.iter().map(|&position| Argument::Command(position)).collect();
            explanation.free_commands_together = explain::free_together(self, &recording, failure, &free, seed).await;
        }
        explanation
    }

    /// Whether enough examples have passed: `runs` of them or, with a
    /// coverage confidence, enough to decide every requirement and at
    /// least `runs`. A coverage check looks after `runs` examples and after
    /// 100, 200, 400, …; a requirement known to be missed ends it at any look.
    #[inline]
    fn stopping_point(&self, passed: u64, statistics: &Statistics) -> Option<End> {
        match &self.settings.confidence {
            // Not `then_some`: it would build and drop an `End` for every case.
            None if self.enough_passed(passed) => Some(End::Passed),
            None => None,
            Some(confidence) => self.coverage_decision(passed, statistics, confidence),
        }
    }

    /// Whether `passed` examples are enough without a coverage confidence:
    /// `runs` of them, and the time [`run_for`](crate::Options::run_for)
    /// asks for has passed.
    #[inline]
    fn enough_passed(&self, passed: u64) -> bool {
        passed >= self.settings.runs
            && match (self.generating_since, self.settings.run_for) {
                (Some(since), Some(duration)) => since.elapsed() >= duration,
                _ => true,
            }
    }

    /// Whether a coverage check can stop after `passed` examples.
    fn coverage_decision(&self, passed: u64, statistics: &Statistics, confidence: &Confidence) -> Option<End> {
        let runs = self.settings.runs;
        let look = look_number(passed, runs)?;
        match stats::decide(statistics, confidence, look) {
            // `runs` examples must pass, however early coverage is known.
            Decision::Met if passed < runs => None,
            Decision::Met => Some(End::Passed),
            Decision::Missed { label, minimum } => Some(End::InsufficientCoverage { label, minimum, decided: true }),
            Decision::Undecided { label, minimum } if passed >= MAX_COVERAGE_EXAMPLES => {
                Some(End::InsufficientCoverage { label, minimum, decided: false })
            }
            Decision::Undecided { .. } => None,
        }
    }

    /// `failure`, the case just run, with its panic's location: when the
    /// panic found our hook replaced by another (and put it back), it
    /// left no location, and the case runs again for one. A location tells
    /// failures of different origins apart, so one missing would split a
    /// failure from its own shrink candidates.
    async fn with_location(&mut self, failure: Failure) -> Failure {
        if !unwind::take_hook_restored() || failure.location().is_some() {
            return failure;
        }
        let choices = self.source.recording().choices.clone();
        match self.execute(&choices).await {
            Case::Fail(again) if again.kind() == failure.kind() => again,
            _ => failure,
        }
    }

    /// Draws a value from the prepared source; a discard or a generator
    /// panic is the case's end.
    fn draw(&mut self) -> Result<G::Value, Case> {
        let (generator, source) = (self.generator, &mut self.source);
        catch(|| source.draw(generator)).map_err(Case::of_generator)
    }

    /// Draws a value from the prepared source and runs the body on it.
    async fn run_case(&mut self) -> Case {
        match self.draw_and_start(Novelty::Replay, false) {
            Drawn::Ended(case) => case,
            Drawn::Running(future) => self.await_verdict(future).await,
            Drawn::Duplicate => unreachable!("a replay is never declined"),
        }
    }

    /// Draws a value from the prepared source and, unless `novelty` finds
    /// that its choices ran before, starts the body on it with this case's
    /// record installed. The draw and the body's call run inside one
    /// [`catch`]: the value goes from the generator to the body without
    /// being moved through a caught result, and a small property pays for
    /// one catch, not two. A panic is the generator's or the body's by
    /// whether the body had started. With `timed`, notes in `drawn_at` when
    /// the draw (and the tree's check) finished.
    ///
    /// Synchronous, and so inlined into the loops that call it: an async
    /// function's arguments and result would pass through its future.
    #[inline]
    fn draw_and_start(&mut self, novelty: Novelty, timed: bool) -> Drawn<B::Running> {
        if !self.record.is_empty() {
            self.record.clear();
        }
        let calls_before = self.body_calls;
        // A `move` closure over one reference to the runner: the closure
        // then hands `catch` a few words, not a reference per field.
        let runner = &mut *self;
        let started = catch(move || {
            let value = runner.source.draw(runner.generator);
            if timed {
                runner.drawn_at = Some(Instant::now());
            }
            if !is_novel(novelty, &mut runner.tree, runner.source.recording(), true) {
                return None;
            }
            runner.body_calls += 1;
            if runner.settings.deadline.is_some() {
                runner.body_started_at = Some(Instant::now());
            }
            let Runner { body, record, .. } = runner;
            Some(stats::recording(record, || body.start(value)))
        });
        // The body started exactly when it was counted.
        let judging = self.body_calls != calls_before;
        match started {
            Ok(None) => Drawn::Duplicate,
            Ok(Some(Started::Finished(verdict))) => Drawn::Ended(self.in_time(case_of(Ok(verdict)))),
            Ok(Some(Started::Running(future))) => Drawn::Running(future),
            Err(caught) if judging => Drawn::Ended(case_of(Err(caught))),
            Err(caught) => self.generator_stopped(novelty, timed, caught),
        }
    }

    /// The end of a case whose generator stopped: its choices so far are
    /// still a path the tree must know of.
    #[cold]
    fn generator_stopped(&mut self, novelty: Novelty, timed: bool, caught: Caught) -> Drawn<B::Running> {
        if timed {
            self.drawn_at = Some(Instant::now());
        }
        let complete = !matches!(caught, Caught::Stop(Stop::Overrun));
        if !is_novel(novelty, &mut self.tree, self.source.recording(), complete) {
            return Drawn::Duplicate;
        }
        Drawn::Ended(Case::of_generator(caught))
    }

    /// Awaits an asynchronous body's verdict, with the record installed
    /// around each poll of its future.
    async fn await_verdict(&mut self, future: B::Running) -> Case {
        let case = case_of(await_recorded(future, &mut self.record).await);
        self.in_time(case)
    }

    /// A passing case whose body ran past the deadline fails for it. The
    /// body's start is noted only under a deadline, so without one this is
    /// a single test.
    #[inline]
    fn in_time(&self, case: Case) -> Case {
        match self.body_started_at {
            Some(started) if matches!(case, Case::Pass) => self.judge_time(started, case),
            _ => case,
        }
    }

    #[cold]
    fn judge_time(&self, started: Instant, case: Case) -> Case {
        let Some(deadline) = self.settings.deadline else { return case };
        let took = started.elapsed();
        let allowed =
            if self.exact_deadline { deadline } else { deadline.saturating_add(deadline / DEADLINE_SLACK_DIVISOR) };
        if took > allowed { Case::Fail(Failure::deadline_exceeded(took, deadline)) } else { case }
    }

    /// Runs the minimal counterexample once more for what it notes: notes
    /// are for the report of the failure, not for the candidates on the way.
    /// Also says whether it failed the same way as `failure` (a property
    /// that depends on more than its input may not); its recording is then
    /// the one the explain phase starts from, so the minimal runs once, not
    /// twice.
    async fn notes_of(&mut self, minimal: &[u64], failure: &Failure) -> (Vec<(String, String)>, bool) {
        self.source.start_replay(minimal);
        self.exact_deadline = true;
        let case = self.run_case().await;
        self.exact_deadline = false;
        let reproduced = match case {
            Case::Fail(again) => again.same_origin(failure),
            Case::Pass | Case::Discard(_) | Case::GeneratorPanic(_) => false,
        };
        (std::mem::take(&mut self.record.notes), reproduced)
    }

    /// Rebuilds the value a choice sequence describes, for the report.
    pub(crate) fn regenerate(&mut self, choices: &[u64]) -> Option<G::Value> {
        self.source.start_replay(choices);
        self.draw().ok()
    }

    fn cancelled(&self) -> bool {
        self.settings.cancellation.as_ref().is_some_and(Cancellation::is_cancelled)
    }
}

/// Notes a drawn sequence in the tree as `novelty` asks; false when it
/// must not run because it ran before. A sequence cut off by an overrun
/// (`complete` false) is no whole path, and is not noted.
#[inline]
fn is_novel(novelty: Novelty, tree: &mut Tree, recording: &Recording, complete: bool) -> bool {
    let noted = novelty == Novelty::Replay || !complete || tree.insert(&recording.choices, &recording.maxima);
    noted || novelty == Novelty::Noted
}

/// What a body's verdict makes of its case.
#[inline(always)]
fn case_of(verdict: BodyResult) -> Case {
    match verdict {
        Ok(Ok(())) => Case::Pass,
        Ok(Err(failure)) => Case::Fail(failure),
        Err(Caught::Stop(stop)) => Case::Discard(stop),
        Err(Caught::Panic(panic)) => Case::Fail(Failure::from_panic(*panic)),
    }
}

/// How large example `index` may be: the first few grow from the simplest
/// to full size.
fn ramp(index: u64) -> f64 {
    if index >= RAMP { 1.0 } else { index as f64 / RAMP as f64 }
}

/// Which look of a coverage check `passed` examples are, if any, counting
/// from 0: the looks are at `runs` and at each of 100, 200, 400, …, in
/// order, whether before `runs` or beyond it.
fn look_number(passed: u64, runs: u64) -> Option<u32> {
    let is_doubling = |count: u64| count.is_multiple_of(100) && (count / 100).is_power_of_two();
    if passed != runs && !is_doubling(passed) {
        return None;
    }
    // 100 << 57 is the last doubling a u64 holds.
    let doublings_before = (0..58).take_while(|&power| 100u64 << power < passed).count() as u32;
    // `runs(0)` asks for no look of its own.
    let runs_before = u32::from(0 < runs && runs < passed && !is_doubling(runs));
    Some(doublings_before + runs_before)
}

impl<G: Generator, B: Body<G::Value>> Execute for Runner<'_, G, B> {
    async fn execute(&mut self, choices: &[u64]) -> Case {
        self.source.start_replay(choices);
        self.run_case().await
    }

    async fn execute_varied(&mut self, choices: &[u64], variation: Variation) -> Case {
        self.source.start_varying(choices, variation);
        self.run_case().await
    }

    fn recorded(&self) -> &Recording {
        self.source.recording()
    }

    fn cancelled(&self) -> bool {
        Runner::cancelled(self)
    }
}
