//! What a check found.

use std::fmt;
use std::time::Duration;

use crate::engine::explain::Together;
use crate::engine::run::FoundBy;
use crate::engine::shrink::ShrinkLimit;
use crate::engine::unwind::{Caught, Location, Panic, Rejections};
use crate::property::{HealthWarning, Replay};
use crate::stats::Statistics;

/// How a check ended.
///
/// ```
/// use quickcheck::{Options, Outcome, Property, assume, generate};
///
/// let halving = Property::for_all(generate::integer::<u8>(), |n| n / 2 <= n).check(Options::default());
/// assert_eq!(halving.outcome(), Outcome::Passed);
/// // Nearly every example is discarded, so the property was hardly tested.
/// let rare = Property::for_all(generate::integer::<u32>(), |n| assume(n == 12_345)).check(Options::default().seed(1));
/// assert_eq!(rare.outcome(), Outcome::Exhausted);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// Every example passed.
    Passed,
    /// An example failed; see the minimal counterexample.
    Falsified,
    /// Too many examples were discarded (by filters or
    /// [`assume`](crate::assume)) to call the property tested, or every
    /// command a command sequence drew was rejected by its precondition, or
    /// none was offered (every sequence was empty), so no test ran a
    /// command.
    Exhausted,
    /// A generator panicked: a bug in the generator, not an input the
    /// property failed on. The input it panicked on is shrunk like a
    /// counterexample, to the smallest on which it panics at the same
    /// place, by replays that draw without running the body.
    GenerationFailed,
    /// The check was cancelled through its [`Cancellation`](crate::Cancellation).
    Cancelled,
    /// An example failed, but its minimal counterexample did not fail the
    /// same way every time it was run again (up to twice): the property depends on something
    /// besides its input (the time, unseeded randomness, state kept between
    /// calls, other threads, a generator that draws by a `HashSet`'s
    /// iteration order), so its failures cannot be trusted to shrink or
    /// reproduce.
    Flaky,
    /// The options could not be used: a malformed replay token or
    /// environment variable, a replay token that does not fit the
    /// property's generators or whose example passes now (a replay left in
    /// place would test nothing else), or a replay combined with pinned
    /// examples.
    Misconfigured,
    /// Under a coverage confidence, a [`cover`](crate::stats::cover)
    /// requirement is known to be missed, or could not be decided.
    InsufficientCoverage,
}

/// How the body (or generator) failed. More kinds may be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FailureKind {
    /// It panicked, for example in an `assert!`.
    Panicked,
    /// It returned `false`.
    ReturnedFalse,
    /// It returned an `Err`.
    ReturnedError,
    /// It ran longer than the [deadline](crate::Options::deadline).
    DeadlineExceeded,
    /// An asynchronous body waited with nothing left to wake it, so it
    /// could never finish: it awaited a future that never completes (such
    /// as `std::future::pending()`), or one that returned `Pending` without
    /// keeping its waker.
    NeverFinishes,
    /// Run in a child process (see [`Options::isolate`](crate::Options::isolate)),
    /// it ended that process without a verdict: an abort, a stack
    /// overflow, a crash, or a call of `std::process::exit`.
    Crashed,
}

/// The outcome in words, as a sentence would put it: `passed`,
/// `falsified`, `generation failed`, …
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Passed => "passed",
            Outcome::Falsified => "falsified",
            Outcome::Exhausted => "exhausted",
            Outcome::GenerationFailed => "generation failed",
            Outcome::Cancelled => "cancelled",
            Outcome::Flaky => "flaky",
            Outcome::Misconfigured => "misconfigured",
            Outcome::InsufficientCoverage => "insufficient coverage",
        })
    }
}

/// The kind in words: `panicked`, `returned false`, …
impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FailureKind::Panicked => "panicked",
            FailureKind::ReturnedFalse => "returned false",
            FailureKind::ReturnedError => "returned an error",
            FailureKind::DeadlineExceeded => "exceeded its deadline",
            FailureKind::NeverFinishes => "can never finish",
            FailureKind::Crashed => "crashed",
        })
    }
}

/// One failure of the property body.
///
/// Two failures have the same *origin* when they are of the same kind and,
/// for panics, at the same location. The shrinker only keeps candidates that
/// fail with the original's origin, so the minimal counterexample is one for
/// the bug that was found first, not for some other bug it slipped into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    // Boxed so that a test case's outcome, which the engine moves around for
    // every example, stays two words for the common case that passes.
    details: Box<FailureDetails>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct FailureDetails {
    kind: FailureKind,
    message: String,
    location: Option<Location>,
}

impl Failure {
    pub(crate) fn new(kind: FailureKind, message: String) -> Failure {
        Failure { details: Box::new(FailureDetails { kind, message, location: None }) }
    }

    /// A body that took `took`, past `deadline`.
    pub(crate) fn deadline_exceeded(took: Duration, deadline: Duration) -> Failure {
        Failure::new(
            FailureKind::DeadlineExceeded,
            format!("took {took:.1?}, longer than the deadline of {deadline:?}"),
        )
    }

    /// An asynchronous body that waits with nothing left to wake it; with
    /// how dropping its future, given up on, ended if not quietly.
    pub(crate) fn never_finishes(dropped: Option<Caught>) -> Failure {
        let message = "its future waits, and nothing holds its waker to wake it: it awaits a future that never \
                       completes (such as `std::future::pending()`), or one that returned `Pending` without \
                       keeping its waker"
            .to_owned();
        Failure::new(FailureKind::NeverFinishes, with_drop_panic(message, dropped))
    }

    /// An asynchronous body still waiting when its time under `deadline`
    /// was up, given up on after `took`; with how dropping its future
    /// ended if not quietly.
    pub(crate) fn given_up_at_deadline(took: Duration, deadline: Duration, dropped: Option<Caught>) -> Failure {
        let message =
            format!("was still waiting after {took:.1?}, longer than the deadline of {deadline:?}: given up on");
        Failure::new(FailureKind::DeadlineExceeded, with_drop_panic(message, dropped))
    }

    /// A failure of `kind` as another process described it (see
    /// [`isolation`](crate::engine::isolation)).
    pub(crate) fn from_parts(kind: FailureKind, message: String, location: Option<Location>) -> Failure {
        Failure { details: Box::new(FailureDetails { kind, message, location }) }
    }

    /// A body run in a child process (see
    /// [`Options::isolate`](crate::Options::isolate)) still running after
    /// `took`, past `deadline`, and stopped.
    pub(crate) fn stopped_at_deadline(took: Duration, deadline: Duration) -> Failure {
        let message = format!(
            "was still running after {took:.1?}, longer than the deadline of {deadline:?}: its child process was stopped"
        );
        Failure::new(FailureKind::DeadlineExceeded, message)
    }

    pub(crate) fn from_panic(panic: Panic) -> Failure {
        let Panic { message, location } = panic;
        let message = crate::property::format::capped(message);
        Failure { details: Box::new(FailureDetails { kind: FailureKind::Panicked, message, location }) }
    }

    /// How it failed.
    pub fn kind(&self) -> FailureKind {
        self.details.kind
    }

    /// The panic message, or the `Debug` form of the returned error, cut
    /// after 10,000 bytes as the report's values are.
    pub fn message(&self) -> &str {
        &self.details.message
    }

    /// Where it panicked, for panics.
    pub fn location(&self) -> Option<&Location> {
        self.details.location.as_ref()
    }

    /// Whether `other` is the same bug: same kind, same panic location.
    pub(crate) fn same_origin(&self, other: &Failure) -> bool {
        self.kind() == other.kind() && self.location() == other.location()
    }
}

/// A value the property failed on, with its report form.
///
/// ```
/// use quickcheck::{Options, Property, generate};
///
/// let result = Property::for_all(generate::vec(generate::integer::<u8>()), |bytes| bytes.len() < 3)
///     .check(Options::default().seed(1));
/// let minimal = result.minimal().unwrap();
/// assert_eq!(minimal.value(), &vec![0, 0, 0]);
/// assert_eq!(minimal.rendered(), "[0, 0, 0]");
/// assert!(!minimal.is_explicit());
/// ```
#[derive(Clone, Debug)]
pub struct Counterexample<T> {
    pub(crate) value: T,
    pub(crate) rendered: String,
    pub(crate) fields: Vec<String>,
    /// The `fields` written as expressions that make the value again, the
    /// arguments of an `#[example(...)]` that pins it; `None` when they
    /// would not.
    pub(crate) pin_arguments: Option<Vec<String>>,
    pub(crate) explicit: bool,
}

impl<T> Counterexample<T> {
    /// The value itself.
    pub fn value(&self) -> &T {
        &self.value
    }

    /// Takes the value out.
    pub fn into_value(self) -> T {
        self.value
    }

    /// The value's `Debug` form, as the report prints it.
    pub fn rendered(&self) -> &str {
        &self.rendered
    }

    /// Each parameter's `Debug` form, in order, when the property named its
    /// parameters with [`Property::parameters`](crate::Property::parameters);
    /// empty otherwise.
    pub fn fields(&self) -> &[String] {
        &self.fields
    }

    /// Whether this was a pinned example rather than a generated one.
    pub fn is_explicit(&self) -> bool {
        self.explicit
    }
}

/// One shrink pass's part in shrinking a failure, from
/// [`FailureReport::shrink_passes`]: how many candidates it replayed (each
/// a run of the generators, and of the property too unless the pass only
/// needed to see what the generators draw, or they stopped short) and how
/// many of them were kept as smaller failures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShrinkPass {
    pub(crate) name: &'static str,
    pub(crate) candidates: u64,
    pub(crate) shrinks: u64,
}

impl ShrinkPass {
    /// The pass's name, such as `delete_spans` or `minimize_choices`: what
    /// kind of edit it tries. For reading, not matching on: the passes and
    /// their names change as the shrinker does.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// How many candidates the pass replayed.
    pub fn candidates(&self) -> u64 {
        self.candidates
    }

    /// How many of them were smaller failures, kept.
    pub fn shrinks(&self) -> u64 {
        self.shrinks
    }
}

/// One distinct failure a check found: its minimal and original
/// counterexamples, how it failed, and what the report says about it.
///
/// A check tells failures apart by their origin (see [`Failure`]) and
/// shrinks each on its own; [`PropertyResult::failures`] lists them.
///
/// ```
/// use quickcheck::{Options, Property, generate};
///
/// // Two assertions, two origins: each failure is shrunk to its own bound.
/// let result = Property::for_all(generate::integer::<i32>(), |n| {
///     assert!(n >= -100, "too small");
///     assert!(n <= 100, "too large");
/// })
/// .check(Options::default().seed(1));
/// let found: Vec<_> =
///     result.failures().iter().map(|f| (*f.minimal().unwrap().value(), f.failure().message())).collect();
/// assert_eq!(found, [(101, "too large"), (-101, "too small")]);
/// ```
#[derive(Clone, Debug)]
pub struct FailureReport<T> {
    pub(crate) minimal: Option<Counterexample<T>>,
    pub(crate) original: Option<Counterexample<T>>,
    pub(crate) failure: Failure,
    pub(crate) notes: Vec<(String, String)>,
    pub(crate) replay: Option<Replay>,
    pub(crate) found_by: FoundBy,
    pub(crate) shrinks: u64,
    /// What each shrink pass that ran spent and achieved.
    pub(crate) shrink_passes: Vec<ShrinkPass>,
    /// The limit shrinking stopped at, if it did not reach a minimum.
    pub(crate) stopped_at: Option<ShrinkLimit>,
    /// Whether the minimal counterexample failed the same way when run once
    /// more for the report.
    pub(crate) reproduced: bool,
    /// Per named parameter: whether every value tried for it failed too.
    pub(crate) free: Vec<bool>,
    /// What varying the parameters marked free all at once showed.
    pub(crate) free_together: Together,
    /// The command arguments of a command sequence that can take any
    /// value.
    pub(crate) free_commands: Vec<CommandArgumentPosition>,
    /// What varying the free command arguments all at once showed.
    pub(crate) free_commands_together: Together,
    /// Whether the explain phase ran out of calls or time before it judged
    /// every argument, so an unmarked one is not known to matter.
    pub(crate) explain_cut_short: bool,
}

impl<T> FailureReport<T> {
    /// The smallest failing value found for this failure.
    pub fn minimal(&self) -> Option<&Counterexample<T>> {
        self.minimal.as_ref()
    }

    /// The failing value as first found, before shrinking.
    pub fn original(&self) -> Option<&Counterexample<T>> {
        self.original.as_ref()
    }

    /// How the minimal counterexample failed.
    pub fn failure(&self) -> &Failure {
        &self.failure
    }

    /// What the minimal counterexample recorded with
    /// [`note`](crate::stats::note).
    pub fn notes(&self) -> &[(String, String)] {
        &self.notes
    }

    /// The token that reruns this failure and its shrink.
    pub fn replay(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }

    /// Whether it was a saved example from the example database.
    pub fn is_from_database(&self) -> bool {
        self.found_by == FoundBy::Database
    }

    /// How many times the shrinker found a smaller example of it.
    pub fn shrinks(&self) -> u64 {
        self.shrinks
    }

    /// What each shrink pass spent on this failure and what it achieved,
    /// for the passes that tried at least one candidate, in the order the
    /// shrinker first runs them: where a slow shrink spends its time. Empty
    /// when the shrink phase was off or the failure was not shrunk.
    ///
    /// ```
    /// use quickcheck::{Options, Property, generate};
    ///
    /// let result = Property::for_all(generate::vec(generate::integer::<u32>()), |list| {
    ///     list.iter().all(|&n| n < 1000)
    /// })
    /// .check(Options::default().seed(1));
    /// let failure = &result.failures()[0];
    /// let passes = failure.shrink_passes();
    /// // Every shrink came from some pass.
    /// assert_eq!(passes.iter().map(|pass| pass.shrinks()).sum::<u64>(), failure.shrinks());
    /// for pass in passes {
    ///     println!("{}: {} of {} candidates kept", pass.name(), pass.shrinks(), pass.candidates());
    /// }
    /// ```
    pub fn shrink_passes(&self) -> &[ShrinkPass] {
        &self.shrink_passes
    }

    /// Whether shrinking ran until no edit it tries makes the
    /// counterexample smaller, rather than stopping at a limit
    /// ([`max_shrinks`](crate::Options::max_shrinks),
    /// [`max_shrink_time`](crate::Options::max_shrink_time)); false when
    /// the shrink phase was off ([`Options::phases`](crate::Options::phases)).
    pub fn is_fully_shrunk(&self) -> bool {
        self.stopped_at.is_none()
    }

    /// Whether the minimal counterexample failed the same way each time it
    /// was run again for the report (twice, unless a run did not). False
    /// means the property is flaky: it depends on something besides its
    /// input.
    pub fn is_reproduced(&self) -> bool {
        self.reproduced
    }

    /// Whether the named parameter at `index` can take any value without
    /// changing the outcome: the explain phase varied it on the minimal
    /// counterexample and every variation failed the same way. The report
    /// marks such parameters `// any value tried fails`. A variation that a
    /// filter or [`assume`](crate::assume) rejected is no value tried: the
    /// mark speaks of the values they let through.
    pub fn any_value_fails(&self, index: usize) -> bool {
        self.free.get(index).copied().unwrap_or(false)
    }

    /// Whether the parameters that [`any_value_fails`](Self::any_value_fails)
    /// marks still fail when varied all at once. `Some(false)` when each can
    /// take any value alone but not together: for `a != 0 && b != 0`, the
    /// minimal `(0, 0)` fails for any `a` and for any `b`, yet not for any
    /// pair. `None` when the explain phase's budget (1000 calls of the
    /// property, or a thirtieth of
    /// [`max_shrink_time`](crate::Options::max_shrink_time)) ran out before
    /// it varied them all at once. `Some(true)` also when fewer than two are
    /// marked.
    pub fn any_values_fail_together(&self) -> Option<bool> {
        self.free_together.known()
    }

    /// For a [command sequence](crate::stateful): the command arguments
    /// that can take any value without changing the outcome, as the explain
    /// phase found. The report lists them under the minimal counterexample.
    /// An argument is numbered by the field of its command's `Debug` form
    /// that it sets, seen by drawing it afresh, so the order a generator
    /// draws the arguments in does not matter; one whose field could not be
    /// seen (a `Debug` impl that leaves it out) is not listed.
    pub fn free_command_arguments(&self) -> &[CommandArgumentPosition] {
        &self.free_commands
    }

    /// Whether the [free command arguments](Self::free_command_arguments)
    /// still fail when varied all at once, as
    /// [`any_values_fail_together`](Self::any_values_fail_together) says of
    /// parameters.
    pub fn command_values_fail_together(&self) -> Option<bool> {
        self.free_commands_together.known()
    }
}

/// Where an argument of a command sits in a failing input: its command
/// sequence (an input may hold several), its step in that sequence, and its
/// place among the command's arguments, each counted from 1.
///
/// ```
/// use quickcheck::CommandArgumentPosition;
/// let position = CommandArgumentPosition { sequence: 1, step: 3, argument: 2 };
/// assert_eq!(position.to_string(), "argument 2 of step 3");
/// assert_eq!(format!("{position:#}"), "argument 2 of step 3 of sequence 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CommandArgumentPosition {
    /// Which command sequence of the input, from 1, in the order drawn.
    pub sequence: usize,
    /// Which step of that sequence, from 1.
    pub step: usize,
    /// Which argument of the step's command, from 1: its field in the
    /// command's `Debug` form.
    pub argument: usize,
}

/// The result of [`Property::check`](crate::Property::check): the outcome,
/// the counts, and for a failure the minimal and original counterexamples.
///
/// Its `Display` form is the report that
/// [`Property::assert`](crate::Property::assert) panics with.
///
/// ```
/// use quickcheck::{Options, Property, generate};
///
/// let result = Property::for_all(generate::vec(generate::between(0, 9)), |digits| digits.iter().sum::<i32>() < 10)
///     .check(Options::default().seed(1));
/// assert!(result.is_falsified());
/// assert_eq!(result.minimal().unwrap().value(), &vec![1, 9]);
/// assert!(result.to_string().starts_with("Falsified after"));
/// ```
#[derive(Clone, Debug)]
#[must_use = "a check's result is all that says whether the property held: call `.assert_passed()` on it, or \
              check with `Property::assert`"]
pub struct PropertyResult<T> {
    pub(crate) outcome: Outcome,
    pub(crate) tests_run: u64,
    pub(crate) first_failure_at: Option<u64>,
    pub(crate) discards: u64,
    /// What discarded those examples.
    pub(crate) rejections: Rejections,
    pub(crate) shrink_calls: u64,
    pub(crate) seed: Option<u64>,
    pub(crate) failures: Vec<FailureReport<T>>,
    /// How a generator panicked, and the token that reruns it.
    pub(crate) generation_failure: Option<(Failure, Replay)>,
    /// The token of the smallest failure a cancelled check had found and
    /// not reported.
    pub(crate) unreported_failure: Option<Replay>,
    /// What generators noted as that panic unwound through them, replayed
    /// on its shrunk input: the commands a sequence had drawn.
    pub(crate) generation_notes: Vec<(String, String)>,
    /// False when the generator's panic did not happen again on a replay
    /// of what it drew: its replay token would not reproduce it.
    pub(crate) generation_replays: bool,
    pub(crate) skipped_examples: usize,
    /// How many pinned examples ran and passed.
    pub(crate) pinned_passed: usize,
    /// Whether the generate phase ran: false for a replay, and when the
    /// phases leave it out.
    pub(crate) generated: bool,
    pub(crate) problem: Option<String>,
    pub(crate) parameter_names: &'static [&'static str],
    pub(crate) statistics: Statistics,
    pub(crate) space_exhausted: bool,
    /// Whether the example came from a replay token that the generators
    /// now read otherwise than it was written.
    pub(crate) replay_read_otherwise: bool,
    /// Whether the check was exhausted because preconditions rejected every
    /// command that command sequences drew.
    pub(crate) every_command_rejected: bool,
    /// Whether the check was exhausted because every command sequence was
    /// empty, with no command rejected: none was offered.
    pub(crate) no_command_offered: bool,
    pub(crate) warnings: Vec<HealthWarning>,
    pub(crate) advice: Advice,
    /// Whether the property has pinned examples, which a replay excludes:
    /// the report's replay line then says to take them out.
    pub(crate) has_pins: bool,
    /// Which pinned example failed, counting from 1, of how many: the
    /// headline names it where there are several.
    pub(crate) failed_pin: Option<(usize, usize)>,
    /// How a replay that found no failure ended (the outcome is then
    /// `Misconfigured`); `None` for every other check.
    pub(crate) replay_end: Option<ReplayEnd>,
    /// Whether a coverage confidence decided the requirements: a rate short
    /// of its minimum in a passing report was then accepted within the
    /// tolerance, and is no warning.
    pub(crate) coverage_confidence: bool,
}

/// The name of the test running on this thread: the test harness runs
/// each test on a thread named after it. `None` on the main thread of a
/// program, and on threads whose names hold a space or a dash, which no
/// test function's path does (a runtime's workers, `tokio-runtime-worker`;
/// a doctest, `src/lib.rs - f (line 3)`, whose name would say little). A
/// check on a thread the user named otherwise reports that name.
fn running_test() -> Option<String> {
    let thread = std::thread::current();
    let name = thread.name()?;
    (name != "main" && !name.contains([' ', '-'])).then(|| name.to_owned())
}

/// How a replay ended that found no failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReplayEnd {
    /// The token names no example of this property.
    Misfit,
    /// The token's example passes.
    Passed,
}

/// How a report words what to do next: as [`Options`](crate::Options)
/// calls, or, for a check that `#[property]` wrote, as options of the
/// attribute, which is where its user changes them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Advice {
    #[default]
    Options,
    Attribute,
}

impl Advice {
    /// Of a setting's two spellings, the one this advice writes.
    pub(crate) fn spell<'a>(self, options: &'a str, attribute: &'a str) -> &'a str {
        match self {
            Advice::Options => options,
            Advice::Attribute => attribute,
        }
    }
}

impl<T> PropertyResult<T> {
    pub(crate) fn new(outcome: Outcome, seed: Option<u64>) -> PropertyResult<T> {
        PropertyResult {
            outcome,
            tests_run: 0,
            first_failure_at: None,
            discards: 0,
            rejections: Rejections::default(),
            shrink_calls: 0,
            seed,
            failures: Vec::new(),
            generation_failure: None,
            unreported_failure: None,
            generation_notes: Vec::new(),
            generation_replays: true,
            skipped_examples: 0,
            pinned_passed: 0,
            generated: false,
            problem: None,
            parameter_names: &[],
            statistics: Statistics::default(),
            space_exhausted: false,
            replay_read_otherwise: false,
            every_command_rejected: false,
            no_command_offered: false,
            warnings: Vec::new(),
            advice: Advice::Options,
            has_pins: false,
            failed_pin: None,
            replay_end: None,
            coverage_confidence: false,
        }
    }

    /// [`assert_passed`](PropertyResult::assert_passed) for a result the
    /// crate's own assertions own: dropped before the panic, quietly.
    #[track_caller]
    pub(crate) fn assert_passed_and_drop(self) {
        if !self.is_passed() {
            let report = self.to_string();
            self.drop_quietly();
            panic!("{report}");
        }
        self.assert_passed();
    }

    /// Drops the result, each of its values with a panic in its `Drop`
    /// caught: the values are the user's, whose `Drop` may panic (the very
    /// bug the check found), and a second such panic while the first or a
    /// report's panic unwinds would abort the process, losing every other
    /// test's result. (A `Drop` impl here would do it for every result,
    /// but would make a result holding borrowed values outlive what they
    /// borrow.)
    pub(crate) fn drop_quietly(self) {
        for failure in self.failures {
            for counterexample in [failure.minimal, failure.original].into_iter().flatten() {
                crate::engine::unwind::drop_quietly(counterexample.value);
            }
        }
    }

    /// Panics with the report unless the check passed; what
    /// [`Property::assert`](crate::Property::assert) does with its result.
    ///
    /// A passing check that recorded [statistics](crate::stats) prints its
    /// report to standard output, which `cargo test` shows with
    /// `-- --nocapture`. With the environment variable
    /// `QUICKCHECK_STATISTICS=always`, or when a [`cover`](crate::stats::cover)
    /// requirement fell short, the report goes straight to standard error
    /// instead, past the test harness's capture, so it always shows; under
    /// `always` so does the report of a check that recorded none, which
    /// says how many examples passed and from which seed.
    /// [Health warnings](crate::HealthCheck) of a passing check always go
    /// straight to standard error, as does a line for pinned examples that
    /// [`assume`](crate::assume) discarded, which never ran. All of these
    /// name the test they come from (the name of the thread the harness
    /// runs it on).
    ///
    /// # Panics
    ///
    /// On any outcome but [`Outcome::Passed`], with the report as message.
    #[track_caller]
    pub fn assert_passed(&self) {
        use std::io::Write;
        if !self.is_passed() {
            panic!("{self}");
        }
        // A value that does not parse made the check misconfigured.
        let always = crate::property::options::statistics_always().unwrap_or(false);
        if !self.has_statistics_or_warnings() && self.skipped_examples == 0 && !always {
            return;
        }
        // Tests run side by side and their output mixes: what shows past
        // the capture says which test it is from.
        let test = running_test();
        let place = test.as_ref().map_or_else(String::new, |name| format!(" in {name}"));
        for warning in &self.warnings {
            // Written to the stream itself: the harness captures only the
            // print macros, and a warning nobody sees helps nobody.
            let _ = writeln!(std::io::stderr(), "quickcheck{place}: {}", warning.advised(self.advice));
        }
        // A pinned example is one its author meant to run: one that never
        // reached the body is worth a line as much as a warning is.
        if self.skipped_examples > 0 {
            let skipped = if self.skipped_examples == 1 {
                "a pinned example was skipped: assume discarded it, so it never ran".to_owned()
            } else {
                format!(
                    "{} pinned examples were skipped: assume discarded them, so they never ran",
                    self.skipped_examples
                )
            };
            let _ = writeln!(std::io::stderr(), "quickcheck{place}: {skipped}");
        }
        if self.statistics.is_empty() && !always {
            return;
        }
        let heading = test.map_or_else(String::new, |name| format!("quickcheck in {name}:\n"));
        // A missed `cover` requirement is a warning too, so it shows the
        // same way.
        if always || (!self.coverage_confidence && !self.statistics.shortfalls().is_empty()) {
            let _ = writeln!(std::io::stderr(), "{heading}{self}");
        } else {
            println!("{heading}{self}");
        }
    }

    /// Whether the check recorded statistics or raised health warnings:
    /// what a passing check prints, where a bare pass prints nothing.
    pub(crate) fn has_statistics_or_warnings(&self) -> bool {
        !self.statistics.is_empty() || !self.warnings.is_empty()
    }

    /// How the check ended.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Whether every example passed.
    pub fn is_passed(&self) -> bool {
        self.outcome == Outcome::Passed
    }

    /// Whether an example failed and its failure reproduced
    /// ([`Outcome::Falsified`]); see also [`is_flaky`](Self::is_flaky).
    pub fn is_falsified(&self) -> bool {
        self.outcome == Outcome::Falsified
    }

    /// Whether an example failed but its minimal counterexample did not
    /// fail the same way each time it was run again ([`Outcome::Flaky`]).
    pub fn is_flaky(&self) -> bool {
        self.outcome == Outcome::Flaky
    }

    /// How many generated examples were run to completion, failing ones
    /// included; pinned examples are not counted. A failing check counts
    /// the examples it ran after its first failure too, while it looked for
    /// failures of other origins: the report's headline ("after 13 tests")
    /// is [`tests_until_failure`](Self::tests_until_failure).
    pub fn tests_run(&self) -> u64 {
        self.tests_run
    }

    /// How many generated examples had run when the first one failed,
    /// counting that one; `None` if no generated example failed (a passing
    /// check, or a failure replayed from the example database).
    ///
    /// After a first failure a check goes on generating by default, looking
    /// for failures of other origins, so [`tests_run`](Self::tests_run) is
    /// usually larger. The report's headline gives this number.
    ///
    /// ```
    /// use quickcheck::{Options, Property, generate};
    ///
    /// let result = Property::for_all(generate::integer::<u32>(), |n: u32| n < 1000)
    ///     .check(Options::default().seed(3));
    /// let first = result.tests_until_failure().expect("it fails");
    /// assert!(first <= result.tests_run());
    /// assert!(result.to_string().starts_with(&format!("Falsified after {first} tests")));
    /// ```
    pub fn tests_until_failure(&self) -> Option<u64> {
        self.first_failure_at
    }

    /// How many generated examples were discarded.
    pub fn discards(&self) -> u64 {
        self.discards
    }

    /// How many times the shrinker found a smaller failing example, over
    /// all the failures.
    pub fn shrinks(&self) -> u64 {
        self.failures.iter().map(FailureReport::shrinks).sum()
    }

    /// How many times the property body ran while shrinking, for
    /// candidates that were kept and candidates that were not.
    pub fn shrink_calls(&self) -> u64 {
        self.shrink_calls
    }

    /// The run's root seed; absent when the options were unusable, and for
    /// a replay, which draws from no seed.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Every distinct failure found: those that reproduced first, each group
    /// smallest minimal counterexample first. Empty unless the check was
    /// falsified or flaky.
    pub fn failures(&self) -> &[FailureReport<T>] {
        &self.failures
    }

    /// The token that reruns the (first) failing example and its shrink, or
    /// the example a generator panicked on; absent for passes, for
    /// failures of pinned examples, and for a generator's panic that a
    /// replay does not repeat (see
    /// [`generator_panic`](PropertyResult::generator_panic)). A check
    /// [cancelled](crate::Options::cancellation) after it found a failure
    /// gives the smallest failing example it had reached, whose replay
    /// finishes the shrink.
    pub fn replay(&self) -> Option<&Replay> {
        match self.failures.first() {
            Some(first) => first.replay(),
            None => self.generator_panic().map_or(self.unreported_failure.as_ref(), |(_, replay)| replay),
        }
    }

    /// The smallest failing value found (of the first failure).
    pub fn minimal(&self) -> Option<&Counterexample<T>> {
        self.failures.first()?.minimal()
    }

    /// The failing value as first generated, before shrinking (of the first
    /// failure).
    pub fn original(&self) -> Option<&Counterexample<T>> {
        self.failures.first()?.original()
    }

    /// How the minimal counterexample (of the first failure) failed, or how
    /// the generator panicked.
    pub fn failure(&self) -> Option<&Failure> {
        match self.failures.first() {
            Some(first) => Some(first.failure()),
            None => self.generation_failure.as_ref().map(|(failure, _)| failure),
        }
    }

    /// How the generator panicked, and the token that reruns the input it
    /// panicked on: the cause of a [`GenerationFailed`](Outcome::GenerationFailed)
    /// check, or, beside the failures of a falsified (or flaky) one, a panic
    /// of the generator on another input (a saved example, one generated
    /// while looking for failures of other origins, or a shrink candidate),
    /// which the report names too, and which is saved for the next run.
    /// Either way the input is shrunk to the smallest the generator panics
    /// on at the same place. The token is `None` when a replay of what the
    /// generator drew does not panic again (it reads a counter or a clock,
    /// say), and the report then says why it has none.
    ///
    /// ```
    /// use quickcheck::{Generator, Options, Property, generate};
    ///
    /// // A generator with a bug just above 1000, which random draws rarely
    /// // reach, and shrinking the failure towards 1000 does.
    /// let values = generate::integer::<u64>().map(|n| {
    ///     assert!(!(1000..1004).contains(&n), "{n} is not handled");
    ///     n
    /// });
    /// let result = Property::for_all(values, |n| n < 1000).check(Options::default().seed(1));
    /// assert_eq!(result.minimal().unwrap().value(), &1004, "{result}");
    /// let (panic, _replay) = result.generator_panic().expect("the generator's panic is kept");
    /// assert_eq!(panic.message(), "1000 is not handled", "{result}");
    /// ```
    pub fn generator_panic(&self) -> Option<(&Failure, Option<&Replay>)> {
        let (failure, replay) = self.generation_failure.as_ref()?;
        Some((failure, self.generation_replays.then_some(replay)))
    }

    /// The names of the property's parameters, from
    /// [`Property::parameters`](crate::Property::parameters); empty when it
    /// named none.
    pub fn parameter_names(&self) -> &'static [&'static str] {
        self.parameter_names
    }

    /// What the passing generated examples recorded with the functions of
    /// [`stats`](crate::stats).
    pub fn statistics(&self) -> &Statistics {
        &self.statistics
    }

    /// Whether the (first) failure was a saved example from the example
    /// database that failed again, rather than a newly generated one.
    pub fn is_from_database(&self) -> bool {
        self.failures.first().is_some_and(FailureReport::is_from_database)
    }

    /// What the minimal counterexample (of the first failure) recorded with
    /// [`note`](crate::stats::note): `(label, value)` pairs in order.
    pub fn notes(&self) -> &[(String, String)] {
        self.failures.first().map_or(&[], |first| first.notes())
    }

    /// How many pinned examples were skipped because `assume` discarded them.
    pub fn skipped_examples(&self) -> usize {
        self.skipped_examples
    }

    /// How many pinned examples ran and passed: all of them, in a check
    /// that went on past them; those before it, in one that failed on a
    /// pinned example.
    pub fn pinned_examples_passed(&self) -> usize {
        self.pinned_passed
    }

    /// Whether generation stopped early because every example the
    /// generators can produce had been run before the runs asked for had
    /// passed: a property over `bool` passes after 2 examples, and one over
    /// `u8` after 256 if more than 256 runs were asked for.
    pub fn is_space_exhausted(&self) -> bool {
        self.space_exhausted
    }

    /// The [health checks](crate::HealthCheck) that fired.
    pub fn health_warnings(&self) -> &[HealthWarning] {
        &self.warnings
    }
}

/// `message`, with what dropping a future given up on raised, if it
/// panicked: a discard or an overrun raised there means nothing, and a
/// panic is the user's to see.
fn with_drop_panic(mut message: String, dropped: Option<Caught>) -> String {
    if let Some(Caught::Panic(panic)) = dropped {
        let at = panic.location.map(|location| format!(" at {location}")).unwrap_or_default();
        message.push_str(&format!(". Dropping the future then panicked{at}: {}", panic.message));
    }
    message
}
