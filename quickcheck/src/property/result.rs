//! What a check found.

use crate::engine::unwind::{Location, Panic};
use crate::property::Replay;
use crate::stats::Statistics;

/// How a check ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// Every example passed.
    Passed,
    /// An example failed; see the minimal counterexample.
    Falsified,
    /// Too many examples were discarded (by filters or
    /// [`assume`](crate::assume)) to call the property tested.
    Exhausted,
    /// A generator panicked: a bug in the generator, not an input the
    /// property failed on.
    GenerationFailed,
    /// The check was cancelled through its [`Cancellation`](crate::Cancellation).
    Cancelled,
    /// The options could not be used: a malformed replay token or
    /// environment variable, or a replay combined with pinned examples.
    Misconfigured,
    /// Under a coverage confidence, a [`cover`](crate::stats::cover)
    /// requirement is known to be missed, or could not be decided.
    InsufficientCoverage,
}

/// How the body (or generator) failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// It panicked, for example in an `assert!`.
    Panicked,
    /// It returned `false`.
    ReturnedFalse,
    /// It returned an `Err`.
    ReturnedError,
}

/// One failure of the property body.
///
/// Two failures have the same *origin* when they are of the same kind and,
/// for panics, at the same location. The shrinker only keeps candidates that
/// fail with the original's origin, so the minimal counterexample is one for
/// the bug that was found first, not for some other bug it slipped into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    kind: FailureKind,
    message: String,
    location: Option<Location>,
}

impl Failure {
    pub(crate) fn new(kind: FailureKind, message: String) -> Failure {
        Failure { kind, message, location: None }
    }

    pub(crate) fn from_panic(panic: Panic) -> Failure {
        Failure { kind: FailureKind::Panicked, message: panic.message, location: panic.location }
    }

    /// How it failed.
    pub fn kind(&self) -> FailureKind {
        self.kind
    }

    /// The panic message, or the `Debug` form of the returned error.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Where it panicked, for panics.
    pub fn location(&self) -> Option<&Location> {
        self.location.as_ref()
    }

    /// Whether `other` is the same bug: same kind, same panic location.
    pub(crate) fn same_origin(&self, other: &Failure) -> bool {
        self.kind == other.kind && self.location == other.location
    }
}

/// A value the property failed on, with its report form.
#[derive(Clone, Debug)]
pub struct Counterexample<T> {
    pub(crate) value: T,
    pub(crate) rendered: String,
    pub(crate) fields: Vec<String>,
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

/// The result of [`Property::check`](crate::Property::check): the outcome,
/// the counts, and for a failure the minimal and original counterexamples.
///
/// Its `Display` form is the report that
/// [`Property::assert`](crate::Property::assert) panics with.
#[derive(Clone, Debug)]
pub struct PropertyResult<T> {
    pub(crate) outcome: Outcome,
    pub(crate) tests_run: u64,
    pub(crate) discards: u64,
    pub(crate) shrinks: u64,
    pub(crate) shrink_calls: u64,
    pub(crate) seed: Option<u64>,
    pub(crate) replay: Option<Replay>,
    pub(crate) minimal: Option<Counterexample<T>>,
    pub(crate) original: Option<Counterexample<T>>,
    pub(crate) failure: Option<Failure>,
    pub(crate) skipped_examples: usize,
    pub(crate) problem: Option<String>,
    pub(crate) parameter_names: &'static [&'static str],
    pub(crate) statistics: Statistics,
    pub(crate) notes: Vec<(String, String)>,
    pub(crate) from_database: bool,
}

impl<T> PropertyResult<T> {
    pub(crate) fn new(outcome: Outcome, seed: Option<u64>) -> PropertyResult<T> {
        PropertyResult {
            outcome,
            tests_run: 0,
            discards: 0,
            shrinks: 0,
            shrink_calls: 0,
            seed,
            replay: None,
            minimal: None,
            original: None,
            failure: None,
            skipped_examples: 0,
            problem: None,
            parameter_names: &[],
            statistics: Statistics::default(),
            notes: Vec::new(),
            from_database: false,
        }
    }

    /// Panics with the report unless the check passed; what
    /// [`Property::assert`](crate::Property::assert) does with its result.
    ///
    /// A passing check that recorded [statistics](crate::stats) prints its
    /// report to standard output, which `cargo test` shows with
    /// `-- --nocapture`. With the environment variable
    /// `QUICKCHECK_STATISTICS=always` the report goes straight to standard
    /// error instead, past the test harness's capture, so it always shows.
    ///
    /// # Panics
    ///
    /// On any outcome but [`Outcome::Passed`], with the report as message.
    #[track_caller]
    pub fn assert_passed(&self) {
        if !self.is_passed() {
            panic!("{self}");
        }
        if self.statistics.is_empty() {
            return;
        }
        if std::env::var("QUICKCHECK_STATISTICS").is_ok_and(|value| value == "always") {
            use std::io::Write;
            // Written to the stream itself: the harness captures only the
            // print macros.
            let _ = writeln!(std::io::stderr(), "{self}");
        } else {
            println!("{self}");
        }
    }

    /// How the check ended.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Whether every example passed.
    pub fn is_passed(&self) -> bool {
        self.outcome == Outcome::Passed
    }

    /// Whether an example failed.
    pub fn is_falsified(&self) -> bool {
        self.outcome == Outcome::Falsified
    }

    /// How many generated examples were run to completion, the failing one
    /// included; pinned examples are not counted.
    pub fn tests_run(&self) -> u64 {
        self.tests_run
    }

    /// How many generated examples were discarded.
    pub fn discards(&self) -> u64 {
        self.discards
    }

    /// How many times the shrinker found a smaller failing example.
    pub fn shrinks(&self) -> u64 {
        self.shrinks
    }

    /// How many times the property body ran while shrinking, for
    /// candidates that were kept and candidates that were not.
    pub fn shrink_calls(&self) -> u64 {
        self.shrink_calls
    }

    /// The run's root seed (absent when the options were unusable).
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The token that reruns the failing example and its shrink; absent for
    /// passes and for failures of pinned examples.
    pub fn replay(&self) -> Option<Replay> {
        self.replay
    }

    /// The smallest failing value found.
    pub fn minimal(&self) -> Option<&Counterexample<T>> {
        self.minimal.as_ref()
    }

    /// The failing value as first generated, before shrinking.
    pub fn original(&self) -> Option<&Counterexample<T>> {
        self.original.as_ref()
    }

    /// How the minimal counterexample failed, or how the generator panicked.
    pub fn failure(&self) -> Option<&Failure> {
        self.failure.as_ref()
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

    /// Whether the failure was a saved example from the example database
    /// that failed again, rather than a newly generated one.
    pub fn is_from_database(&self) -> bool {
        self.from_database
    }

    /// What the minimal counterexample recorded with
    /// [`note`](crate::stats::note): `(label, value)` pairs in order.
    pub fn notes(&self) -> &[(String, String)] {
        &self.notes
    }

    /// How many pinned examples were skipped because `assume` discarded them.
    pub fn skipped_examples(&self) -> usize {
        self.skipped_examples
    }
}
