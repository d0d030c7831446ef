//! How a check runs: options, environment variables, replay tokens and
//! cancellation.

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::engine::database::Database;
use crate::engine::random;
use crate::engine::run::Settings;
use crate::property::result::Advice;
use crate::property::{HealthCheck, Phases, Replay};
use crate::stats::Confidence;

/// Options for [`Property::check`](crate::Property::check) and friends.
/// Set only what you need; everything has a default.
///
/// Environment variables override the options, so a whole test suite can be
/// rerun differently without editing it:
///
/// | variable | overrides | default |
/// | --- | --- | --- |
/// | `QUICKCHECK_RUNS` | [`runs`](Options::runs) | 100 |
/// | `QUICKCHECK_SEED` | [`seed`](Options::seed) | random, printed in the report of every generated run |
/// | `QUICKCHECK_RUN_FOR` | [`run_for`](Options::run_for) (such as `30s`, `5m`) | none |
/// | `QUICKCHECK_MAX_SHRINKS` | [`max_shrinks`](Options::max_shrinks) | 10 000 |
/// | `QUICKCHECK_DATABASE` | [`database`](Options::database) (a directory, or `off`; a relative one is taken from each package's directory, see there) | `quickcheck/examples` in Cargo's target directory |
/// | `QUICKCHECK_ISOLATE` | [`isolate`](Options::isolate) (`on`, except where `isolate(false)` is set, or `off`) | off |
///
/// and `QUICKCHECK_STATISTICS=always` has `assert` and `#[property]`
/// write the reports of passing checks, with their statistics, to
/// standard error (`check` writes nothing), where the test
/// harness does not capture them (see
/// [`PropertyResult::assert_passed`](crate::PropertyResult::assert_passed));
/// `auto`, the default, leaves them to the harness. A value these do not
/// accept makes every check that reads it end as
/// [`Misconfigured`](crate::Outcome::Misconfigured), naming the variable:
/// `QUICKCHECK_DATABASE` refuses an empty value, and words such as `none`
/// or `0` that read as `off` without being it. Any other `QUICKCHECK_`
/// variable (a misspelling, or quickcheck 1.x's `QUICKCHECK_TESTS`), and
/// proptest's `PROPTEST_CASES` and `PROPTEST_MAX_SHRINK_ITERS`, are named
/// in a warning on standard error, once a process, with what to set
/// instead.
///
/// ```
/// use quickcheck::{Options, Property, generate};
///
/// let options = Options::default().runs(500).seed(42);
/// Property::for_all(generate::integer::<u8>(), |n| n.count_ones() <= 8).assert(options);
/// ```
#[derive(Clone, Debug, Default)]
#[must_use = "options do nothing until a check takes them"]
pub struct Options {
    runs: Option<u64>,
    seed: Option<u64>,
    max_shrinks: Option<u64>,
    max_discard_ratio: Option<u64>,
    replay: Option<String>,
    cancellation: Option<Cancellation>,
    confidence: Option<Confidence>,
    name: Option<String>,
    database: Option<OsString>,
    phases: Phases,
    target_steps: Option<u64>,
    /// `None` looks for them, the default.
    multiple_failures: Option<bool>,
    suppressed: Vec<HealthCheck>,
    deadline: Option<Duration>,
    run_for: Option<Duration>,
    max_shrink_time: Option<Duration>,
    isolate: Option<bool>,
    /// How the report words its advice; `#[property]` sets it to the
    /// attribute's options.
    pub(crate) advice: Advice,
}

const DEFAULT_RUNS: u64 = 100;
const DEFAULT_TARGET_STEPS: u64 = 500;
const DEFAULT_MAX_SHRINKS: u64 = 10_000;
const DEFAULT_MAX_DISCARD_RATIO: u64 = 10;
const DEFAULT_MAX_SHRINK_TIME: Duration = Duration::from_secs(300);

impl Options {
    /// How many generated examples must pass (default 100). Pinned examples
    /// are checked on top of these. 0 is allowed only with a nonzero
    /// [`run_for`](Options::run_for) or a
    /// [`coverage_confidence`](Options::coverage_confidence), which decide
    /// when to stop, or without the generate [phase](crate::Phase) when
    /// something else runs examples (pinned examples, or saved failures of
    /// a named property with a database); otherwise the check ends as
    /// [`Misconfigured`](crate::Outcome::Misconfigured) rather than pass
    /// having tested nothing.
    pub fn runs(mut self, runs: u64) -> Options {
        self.runs = Some(runs);
        self
    }

    /// The root seed (random by default). The same seed gives the same
    /// examples, and the same report, on every machine.
    pub fn seed(mut self, seed: u64) -> Options {
        self.seed = Some(seed);
        self
    }

    /// The most successful shrink steps before shrinking stops with the
    /// smallest counterexample found so far (default 10 000). Whatever it
    /// says, one shrink also stops after 200 000 replays of candidates.
    pub fn max_shrinks(mut self, max_shrinks: u64) -> Options {
        self.max_shrinks = Some(max_shrinks);
        self
    }

    /// How many discarded examples per required run end the check as
    /// [`Exhausted`](crate::Outcome::Exhausted) (default 10). Under a
    /// [`coverage_confidence`](Options::coverage_confidence), which may run
    /// more examples than required, the count grows with the examples
    /// passed. With 0, the first discard ends the check.
    pub fn max_discard_ratio(mut self, ratio: u64) -> Options {
        self.max_discard_ratio = Some(ratio);
        self
    }

    /// Reruns the one example a failure report names, and its shrink, from a
    /// replay token such as `"v1.AAE"`. Nothing else is generated and the
    /// example database is left alone.
    ///
    /// A token is good only while every generator of the property draws the
    /// same choices in the same order; to keep checking a failure, pin its
    /// value with [`Property::example`](crate::Property::example) instead. A
    /// malformed token, one written by another version of quickcheck, or one
    /// whose choices no longer make an example of the property, makes the
    /// check end as
    /// [`Misconfigured`](crate::Outcome::Misconfigured); so does a token
    /// whose example passes now, since a replay left in place after the fix
    /// would keep the property from testing anything else. A token that the
    /// generators read otherwise (choices left over, a value beyond a
    /// narrowed range) but that still fails is reported as the example
    /// they made of it, and the report says it may not be the one named.
    pub fn replay(mut self, token: impl Into<String>) -> Options {
        self.replay = Some(token.into());
        self
    }

    /// Stops the check when `cancellation` is cancelled, between examples and
    /// between shrink attempts, with the outcome
    /// [`Cancelled`](crate::Outcome::Cancelled) and no result: a failure
    /// found but not yet shrunk is not reported, but saved to the example
    /// database (as far as it was shrunk), so the next run starts from it,
    /// and the result's [`replay`](crate::PropertyResult::replay) token
    /// names the smallest one reached, which a check without a database
    /// can replay to finish the shrink.
    /// A body already running finishes first; one that fails once the
    /// check is cancelled is taken to have failed because of it, and
    /// recorded as no counterexample.
    pub fn cancellation(mut self, cancellation: Cancellation) -> Options {
        self.cancellation = Some(cancellation);
        self
    }

    /// Turns [`cover`](crate::stats::cover) requirements into assertions
    /// decided with the given confidence, as Haskell QuickCheck's
    /// `checkCoverage` does.
    ///
    /// [`runs`](Options::runs) is then the fewest examples that must pass:
    /// the check looks at the coverage after them and after 100, 200, 400, …
    /// passes, until every requirement is known met (and `runs` have passed)
    /// or one is known missed, which ends it, before `runs` if known that
    /// early, as [`InsufficientCoverage`](crate::Outcome::InsufficientCoverage). A true
    /// rate near the minimum takes longest to decide (a 50% rate at a 50%
    /// minimum about 6,400 examples); after 13 million examples a check
    /// whose coverage is still undecided stops, also as
    /// `InsufficientCoverage`. That bounds the deciding, not `runs`: a
    /// check whose coverage is known met still runs all of `runs`, and,
    /// as a check that records statistics runs repeated inputs, a small
    /// space of inputs does not end it early either.
    ///
    /// ```
    /// use quickcheck::stats::{Confidence, cover};
    /// use quickcheck::{Options, Outcome, Property, generate};
    ///
    /// let result = Property::for_all(generate::between(0, 9), |n| cover(n < 3, 20.0, "small"))
    ///     .check(Options::default().seed(1).coverage_confidence(Confidence::default()));
    /// assert_eq!(result.outcome(), Outcome::Passed);
    /// ```
    pub fn coverage_confidence(mut self, confidence: Confidence) -> Options {
        self.confidence = Some(confidence);
        self
    }

    /// Names the property, which gives it a place in the example database:
    /// failures are saved under the name and replayed first on the next
    /// run. `#[property]` names its properties after their module path and
    /// function (within its package, so that two packages of a workspace
    /// with a test file of the same name keep their examples apart); a
    /// `Property::for_all` check uses the database only when named. An
    /// empty (or blank) name makes the check
    /// [`Misconfigured`](crate::Outcome::Misconfigured).
    pub fn name(mut self, name: impl Into<String>) -> Options {
        self.name = Some(name.into());
        self
    }

    /// Where the example database lives: a directory (a `&str`, a `Path`,
    /// an `OsStr` or their owned forms; it need not be Unicode), or
    /// `"off"` for none.
    ///
    /// By default it is `quickcheck/examples` inside Cargo's target
    /// directory, which version control ignores in every Cargo project (and
    /// `cargo clean` empties); a binary run from outside any target
    /// directory uses `.quickcheck/examples` in the working directory, and
    /// writes a `.gitignore` there that keeps it out of git. The environment variable `QUICKCHECK_DATABASE`
    /// overrides this option the same way. Several processes may share one
    /// directory: writes are atomic, and an unreadable or unwritable
    /// directory only prints a warning.
    ///
    /// A relative location, here, in `QUICKCHECK_DATABASE` or in
    /// `#[property(database = "...")]`, is taken from the current
    /// directory, which `cargo test` sets to the directory of the package
    /// under test (the one holding its `Cargo.toml`) whichever directory
    /// Cargo was run from. So `"examples"` saves into the source tree, where
    /// version control sees the files, and a relative `QUICKCHECK_DATABASE`
    /// gives each package of a workspace a directory of its own. To keep
    /// the examples out of the source tree, as the default does, give a
    /// directory under the target directory: `target/quickcheck/nightly` in
    /// a project of one package; in a workspace, whose target directory is
    /// at its root, an absolute path, such as
    /// `QUICKCHECK_DATABASE=$PWD/target/quickcheck/nightly cargo test` run
    /// from the root.
    pub fn database(mut self, location: impl Into<OsString>) -> Options {
        self.database = Some(location.into());
        self
    }

    /// Which phases the check runs: all of them by default. Turning one off
    /// skips it, for example `Phases::all().without(Phase::Shrink)` reports
    /// failures as generated, and `Phases::only(&[Phase::Reuse])` only
    /// replays the saved failures (a named check with a database and none
    /// saved passes). A check that could run no example is
    /// [`Misconfigured`](crate::Outcome::Misconfigured) rather than
    /// passing: without the generate phase, it needs the explicit phase
    /// with pinned examples, the reuse phase with a database and a name to
    /// keep examples under, or a replay token.
    ///
    /// ```
    /// use quickcheck::{Options, Phase, Phases, Property, generate};
    ///
    /// let result = Property::for_all(generate::integer::<u32>(), |n| n < 1000)
    ///     .check(Options::default().seed(7).phases(Phases::all().without(Phase::Shrink)));
    /// assert!(result.is_falsified());
    /// assert_eq!(result.shrinks(), 0);
    /// ```
    pub fn phases(mut self, phases: Phases) -> Options {
        self.phases = phases;
        self
    }

    /// How many examples targeted search may run, in all, after generation
    /// (default 500), shared among the labels (see
    /// [`target`](crate::target)). A property that reports no score spends
    /// none of them, and a climb that only meets examples it ran before
    /// ends without spending the rest.
    pub fn target_steps(mut self, steps: u64) -> Options {
        self.target_steps = Some(steps);
        self
    }

    /// Whether to look for failures of other origins once one is found
    /// (the default), or stop at the first (`false`). Looking, a check that
    /// finds a failure generates a little longer (at least ten examples in
    /// all, and as many more as it took to find the latest failure, at most
    /// 1000 past the first), and notes the failures with other origins
    /// (another panic location, or another kind of failure) that it or
    /// shrinking runs into; each is shrunk on its own and all are reported
    /// together.
    pub fn multiple_failures(mut self, look_for_others: bool) -> Options {
        self.multiple_failures = Some(look_for_others);
        self
    }

    /// The longest the shrinking of one failure may take (default 5
    /// minutes). A shrink that reaches it, or
    /// [`max_shrinks`](Options::max_shrinks), stops with the smallest
    /// failure it has, and the report says the counterexample may not be
    /// minimal; the failure is saved, and the next run shrinks it further.
    ///
    /// A thirtieth of it (ten seconds by default) also bounds how long
    /// generation goes on after the first failure, looking for failures of
    /// other origins, before shrinking starts; and how long the
    /// [explain](crate::Phase::Explain) phase of each failure may take.
    /// That phase also stops after 1000 calls of the body, and claims
    /// nothing of the arguments it had not finished judging.
    pub fn max_shrink_time(mut self, limit: Duration) -> Options {
        self.max_shrink_time = Some(limit);
        self
    }

    /// Keeps generating examples until `duration` has passed, however many
    /// that is: [`runs`](Options::runs) becomes the fewest examples (and
    /// at least one runs, however short the time). For a long search now
    /// and then (a nightly job, say) without editing the tests:
    /// `QUICKCHECK_RUN_FOR=10m cargo test`. The examples are those
    /// of the seed, in order, so a longer run sees the same ones first and
    /// more after them. Under a [coverage
    /// confidence](Options::coverage_confidence), the confidence decides
    /// when to stop instead.
    ///
    /// ```
    /// use std::time::Duration;
    /// use quickcheck::{Options, Property, generate};
    ///
    /// let result = Property::for_all(generate::integer::<u64>(), |n| n.count_ones() <= 64)
    ///     .check(Options::default().runs(10).run_for(Duration::from_millis(50)));
    /// assert!(result.tests_run() > 10);
    /// ```
    pub fn run_for(mut self, duration: Duration) -> Options {
        self.run_for = Some(duration);
        self
    }

    /// Fails an example whose body runs longer than `deadline` (the
    /// generators' time does not count). None by default. A synchronous
    /// body is not interrupted: its time is judged once it returns, so one
    /// that never returns still hangs the test; once it has run ten
    /// deadlines (and at least a second, and twice the longest body that
    /// returned), its example's replay token is written to the process's
    /// standard error, which the test harness does not capture, so the
    /// example it hangs on can be replayed alone. An asynchronous body still
    /// waiting when its time is up (with the slack below while searching
    /// and shrinking) is given up on then, under any executor: its future
    /// is dropped, and the example fails for the deadline.
    ///
    /// A deadline also lets generation take longer before the
    /// [`too_slow`](crate::HealthCheck::TooSlow) health check warns: up to
    /// five deadlines for the first ten examples.
    ///
    /// While searching and shrinking, an example fails only past 1.25 times
    /// the deadline, so that one near the limit does not fail by chance.
    /// So the minimal counterexample is the smallest input slower than
    /// that: with a deadline of 30 ms and a body that sleeps `n` ms, it is
    /// about `n = 38`, not 31. It is then run again against the deadline
    /// itself (twice, if it fails the first time), and one that finishes in
    /// time is reported as
    /// [flaky](crate::Outcome::Flaky): its run time is not a matter of its
    /// input alone. A body that fails some other way reports that failure.
    ///
    /// ```
    /// use std::time::Duration;
    /// use quickcheck::{FailureKind, Options, Property, generate};
    ///
    /// // Slow for large inputs: the minimal slow input is 100.
    /// let result = Property::for_all(generate::between(0u32, 1000), |n| {
    ///     if n >= 100 {
    ///         std::thread::sleep(Duration::from_millis(40));
    ///     }
    /// })
    /// .check(Options::default().seed(1).multiple_failures(false).deadline(Duration::from_millis(15)));
    /// assert_eq!(result.minimal().unwrap().value(), &100);
    /// assert_eq!(result.failure().unwrap().kind(), FailureKind::DeadlineExceeded);
    /// ```
    pub fn deadline(mut self, deadline: Duration) -> Options {
        self.deadline = Some(deadline);
        self
    }

    /// Runs the body of each example in a child process (off by default),
    /// so that a crash fails the example instead of ending the test: an
    /// abort, a stack overflow, a segmentation fault, a call of
    /// `std::process::exit`, and under a [deadline](Options::deadline) a
    /// body that runs past it, which is stopped. The failure is shrunk like
    /// any other, to the smallest example that crashes the same way, and
    /// reported with how the process ended and the end of its standard
    /// error (where "stack overflow" is written, say).
    ///
    /// The child is the test binary run again for this one test (by its
    /// name, as the test harness names the thread it runs on, with
    /// `--exact`): it runs the test's code up to the check, then replays
    /// the examples this process sends it through the same generators, and
    /// runs the body on each, replying with the verdict and what the body
    /// recorded ([`note`](crate::stats::note), [`classify`](crate::stats::classify),
    /// [`target`](crate::target), …). One child serves until it crashes or
    /// is stopped, then another starts, running the test's code up to the
    /// check again. Generation, shrinking, the example database and the
    /// report stay in the test's process, so a check isolated runs the same
    /// examples in the same order as one that is not. Each example costs a
    /// round trip between the processes (tens of microseconds) and each
    /// crash a new process, so leave isolation for the properties that need
    /// it.
    ///
    /// What to expect:
    ///
    /// - Without a deadline, a body that never returns hangs the check, as
    ///   it would in the test's process; a [`Cancellation`] stops it.
    /// - An example that crashed recorded nothing: its notes died with the
    ///   process. Its standard error is quoted; what the body wrote to
    ///   standard output is not shown.
    /// - In the child, the test's other isolated checks pass at once
    ///   without running, so give each isolated check a test of its own; a
    ///   check inside an isolated body runs in the child, not isolated again.
    /// - Pinned examples run in the child too, built again there from the
    ///   same expressions.
    /// - The generators must draw the same values from the same choices in
    ///   both processes, as everywhere in this crate (no `HashMap` order, no
    ///   clock).
    /// - The check must run on the test's own thread, in a test binary
    ///   built with the test harness, or be a `#[property]` that
    ///   [`registry::run_all`](crate::registry::run_all) checks (in a
    ///   target with `harness = false`); elsewhere (a doctest, a thread of
    ///   its own) it ends [misconfigured](crate::Outcome::Misconfigured),
    ///   saying so.
    ///
    /// The environment variable `QUICKCHECK_ISOLATE` sets it for a whole
    /// run: `off` turns isolation off everywhere (to run a crash under a
    /// debugger, say), and `on` isolates every check that does not call
    /// `isolate(false)`. A check that only the variable isolates, and that
    /// cannot be (in a doctest, or a test whose child cannot reach it),
    /// runs in its own process instead, with a warning.
    ///
    /// ```no_run
    /// use std::hint::black_box;
    /// use std::time::Duration;
    /// use quickcheck::{FailureKind, Options, Property, generate};
    ///
    /// fn depth(n: u32) -> u32 {
    ///     // Overflows the stack for large n.
    ///     if n == 0 { 0 } else { 1 + black_box(depth(n - 1)) }
    /// }
    ///
    /// # fn the_test() {
    /// // In a #[test] function:
    /// let result = Property::for_all(generate::integer::<u32>(), |n| depth(n) == n)
    ///     .check(Options::default().isolate(true).deadline(Duration::from_secs(5)));
    /// assert_eq!(result.failure().unwrap().kind(), FailureKind::Crashed);
    /// # }
    /// ```
    pub fn isolate(mut self, isolate: bool) -> Options {
        self.isolate = Some(isolate);
        self
    }

    /// Silences one [health check](HealthCheck); call once per check.
    ///
    /// ```
    /// use quickcheck::{HealthCheck, Options, Property, assume, generate};
    ///
    /// let result = Property::for_all(generate::integer::<u32>(), |n| assume(n % 16 == 0))
    ///     .check(Options::default().seed(1).max_discard_ratio(100).suppress(HealthCheck::FilterTooMuch));
    /// assert!(result.health_warnings().is_empty());
    /// ```
    pub fn suppress(mut self, check: HealthCheck) -> Options {
        self.suppressed.push(check);
        self
    }

    /// Whether the property has a name, which saved examples are kept by.
    pub(crate) fn has_name(&self) -> bool {
        self.name.is_some()
    }

    /// Whether the pinned examples are checked.
    pub(crate) fn checks_pinned(&self) -> bool {
        self.phases.contains(crate::Phase::Explicit)
    }

    /// Whether a replay token is set.
    pub(crate) fn replays(&self) -> bool {
        self.replay.is_some()
    }

    /// The settings of one run: options, overridden by the environment.
    pub(crate) fn resolve(&self) -> Result<Settings, String> {
        warn_of_unread_variables();
        let (runs, runs_set_by) = whole_number_setting("QUICKCHECK_RUNS", "runs", self.runs, DEFAULT_RUNS)?;
        let (max_shrinks, max_shrinks_set_by) =
            whole_number_setting("QUICKCHECK_MAX_SHRINKS", "max_shrinks", self.max_shrinks, DEFAULT_MAX_SHRINKS)?;
        let replay = self.replay.as_deref().map(str::parse::<Replay>).transpose().map_err(|error| error.to_string())?;
        let seed = environment("QUICKCHECK_SEED")?.or(self.seed).unwrap_or_else(random::fresh_seed);
        // Read when a passing report prints; checked here, so that a typo
        // is an error rather than a setting silently ignored.
        statistics_always()?;
        let isolate_from_environment = isolate_from_environment()?;
        // `off` wins (to debug a crash in the test's process); `on` isolates
        // the checks that do not say, as a setting for a whole run, and a
        // check that asks not to be isolated (one whose test reads another
        // isolated check's result, say) is not.
        let isolate = match (isolate_from_environment, self.isolate) {
            (Some(false), _) | (Some(true), Some(false)) => false,
            (Some(true), _) => true,
            (None, option) => option.unwrap_or(false),
        };
        let run_for_from_environment = environment_duration("QUICKCHECK_RUN_FOR")?;
        let run_for_set_by = if run_for_from_environment.is_some() { "QUICKCHECK_RUN_FOR" } else { "run_for" };
        let run_for = run_for_from_environment.or(self.run_for);
        let runs_examples = [crate::Phase::Explicit, crate::Phase::Reuse, crate::Phase::Generate];
        if replay.is_none() && !runs_examples.iter().any(|&phase| self.phases.contains(phase)) {
            let on = match self.phases.to_string() {
                on if on.is_empty() => "no phase at all".to_owned(),
                on => format!("only the phases {on}"),
            };
            return Err(format!(
                "the check runs {on}: none that runs an example (explicit, reuse or generate), so it would pass \
                 having tested nothing; turn one of those on"
            ));
        }
        // A replay generates nothing whatever the runs; anything else with
        // no runs and nothing else to stop on would pass untested.
        let generates = replay.is_none() && self.phases.contains(crate::Phase::Generate);
        // A zero `run_for` stops at once: it is no time to run for.
        let runs_for_a_time = run_for.is_some_and(|duration| !duration.is_zero());
        if runs == 0 && !runs_for_a_time && self.confidence.is_none() && generates {
            // A zero `run_for` was meant to decide when to stop; say why it
            // cannot.
            let zero_run_for =
                if run_for.is_some() { format!(" (and a {run_for_set_by} of 0 stops at once)") } else { String::new() };
            // The attribute takes `cases` for `runs` too: the message names
            // both there, not knowing which was written.
            let runs_set_by =
                if runs_set_by == "runs" { self.advice.spell("runs", "runs (or cases)") } else { runs_set_by };
            let generation_off = self.advice.spell(
                "Options::phases(Phases::all().without(Phase::Generate))",
                "#[property(phases = quickcheck::Phases::all().without(quickcheck::Phase::Generate))]",
            );
            return Err(format!(
                "{runs_set_by} is 0{zero_run_for}, so the check would generate nothing and pass having tested nothing; \
                 ask for at least one run, or to check only the pinned examples turn generation off with {generation_off}"
            ));
        }
        if self.name.as_deref().is_some_and(|name| name.trim().is_empty()) {
            return Err(
                "the property's name is empty or blank, and every property named so would share one place in the \
                        example database, each replaying the others' failures; give it a name of its own, or leave \
                        it unnamed (a Property::for_all check then keeps no examples)"
                    .to_owned(),
            );
        }
        if self.deadline.is_some_and(|deadline| deadline.is_zero()) {
            return Err("the deadline is 0, which every example takes longer than, however fast; give the most \
                        time an example may take, such as 200ms"
                .to_owned());
        }
        Ok(Settings {
            runs,
            seed,
            max_shrinks,
            max_shrinks_set_by,
            max_discard_ratio: self.max_discard_ratio.unwrap_or(DEFAULT_MAX_DISCARD_RATIO),
            database: self.resolve_database(replay.is_some())?,
            replay: replay.map(|replay| replay.choices().to_vec()),
            cancellation: self.cancellation.clone(),
            confidence: self.confidence,
            phases: self.phases,
            target_steps: self.target_steps.unwrap_or(DEFAULT_TARGET_STEPS),
            multiple_failures: self.multiple_failures.unwrap_or(true),
            suppressed: self.suppressed.clone(),
            deadline: self.deadline,
            run_for,
            max_shrink_time: self.max_shrink_time.unwrap_or(DEFAULT_MAX_SHRINK_TIME),
            explain_arguments: None,
            isolate,
            isolate_asked_by_environment: isolate_from_environment == Some(true) && self.isolate.is_none(),
        })
    }
}

impl Options {
    /// The database and the key to use, if any: none for an unnamed
    /// property or a replay, which checks one named example only.
    fn resolve_database(&self, replaying: bool) -> Result<Option<(Database, String)>, String> {
        if replaying {
            return Ok(None);
        }
        let Some(key) = self.name.clone() else {
            if let Some(location) = self.database.as_ref().filter(|location| !location.eq_ignore_ascii_case("off")) {
                // Set for nothing: a typo-like silence the user would not see.
                crate::warning::once(&format!(
                    "Options::database is set to {:?}, but a property without a name saves nothing, as saved \
                     examples are kept by name; give the property one with Options::name",
                    location.to_string_lossy()
                ));
            }
            return Ok(None);
        };
        let database = match std::env::var_os("QUICKCHECK_DATABASE") {
            Some(location) => read_location(location, "the environment variable QUICKCHECK_DATABASE", "off")?,
            None => match &self.database {
                Some(location) => {
                    let source = self.advice.spell("Options::database", "#[property(database = ...)]");
                    read_location(location.clone(), source, "\"off\"")?
                }
                None => Some(Database::default_location()),
            },
        };
        Ok(database.map(|database| (database, key)))
    }
}

/// The database at a location given by `source`: `None` for `off`, in any
/// case. An empty location, or a word that reads as "off" without being it,
/// is an error rather than a directory of that name in the working
/// directory. A path need not be Unicode. `off` is how the source spells
/// the word in its messages (quoted where it is a string in code).
fn read_location(location: OsString, source: &str, off: &str) -> Result<Option<Database>, String> {
    let text = location.to_string_lossy();
    let word = text.trim();
    if word.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    if word.is_empty() {
        return Err(format!(
            "{source} is empty; give it a directory for the example database, or {off} to turn the database off"
        ));
    }
    if word.len() != text.len() {
        // Most likely a line break from a CI file: a directory whose name
        // holds it is one no other run or tool would look in.
        return Err(format!(
            "{source} is {text:?}, with white space around the directory; remove it, as it would be part of \
             the directory's name"
        ));
    }
    if ["none", "no", "0", "false", "disabled", "disable"].iter().any(|off| word.eq_ignore_ascii_case(off)) {
        return Err(format!(
            "{source} is {text:?}, which would be taken as a directory of that name; write {off} to turn the \
             example database off, or ./{word} if you mean a directory"
        ));
    }
    Ok(Some(Database::at(PathBuf::from(location))))
}

/// Whether `QUICKCHECK_STATISTICS` asks for the statistics of every passing
/// check on standard error: `always`, or `auto` (the default) for the
/// harness's captured output, in any case.
pub(crate) fn statistics_always() -> Result<bool, String> {
    let always = environment_text("QUICKCHECK_STATISTICS", "always or auto", "always", |text| {
        match text.to_ascii_lowercase().as_str() {
            "always" => Some(true),
            "auto" => Some(false),
            _ => None,
        }
    })?;
    Ok(always.unwrap_or(false))
}

/// Whether `QUICKCHECK_ISOLATE` turns isolation on or off, if set.
fn isolate_from_environment() -> Result<Option<bool>, String> {
    environment_text("QUICKCHECK_ISOLATE", "on or off", "on", |text| match text.to_ascii_lowercase().as_str() {
        "on" | "1" | "true" | "yes" => Some(true),
        "off" | "0" | "false" | "no" => Some(false),
        _ => None,
    })
}

/// A whole number from the environment.
fn environment(name: &str) -> Result<Option<u64>, String> {
    // Written out only for an error: every check reads these variables.
    environment_text(name, format_args!("a whole number from 0 to {}", u64::MAX), "100", |text| text.parse().ok())
}

/// A whole-number setting and the name of what set it, for messages:
/// environment variable `variable` if set, else the option `option` as
/// given, else `default` (named as the option).
fn whole_number_setting(
    variable: &'static str,
    option: &'static str,
    given: Option<u64>,
    default: u64,
) -> Result<(u64, &'static str), String> {
    Ok(match environment(variable)? {
        Some(value) => (value, variable),
        None => (given.unwrap_or(default), option),
    })
}

/// A duration from the environment: a whole number and a unit, `ms`, `s`,
/// `m` or `h`, such as `30s`.
fn environment_duration(name: &str) -> Result<Option<Duration>, String> {
    environment_text(name, "a duration, a whole number and a unit (ms, s, m or h)", "30s", |text| {
        let digits = text.find(|character: char| !character.is_ascii_digit()).unwrap_or(text.len());
        let milliseconds_per_unit: u64 = match &text[digits..] {
            "ms" => 1,
            "s" => 1000,
            "m" => 60 * 1000,
            "h" => 60 * 60 * 1000,
            _ => return None,
        };
        // A duration longer than a u64 of milliseconds (half a billion
        // years) is as good as for ever, and so is a number too large to
        // read as one.
        if digits == 0 {
            return None;
        }
        let count: u64 = text[..digits].parse().unwrap_or(u64::MAX);
        Some(Duration::from_millis(count.saturating_mul(milliseconds_per_unit)))
    })
}

/// The environment variables this crate reads.
const VARIABLES: [&str; 9] = [
    "QUICKCHECK_RUNS",
    "QUICKCHECK_SEED",
    "QUICKCHECK_RUN_FOR",
    "QUICKCHECK_MAX_SHRINKS",
    "QUICKCHECK_DATABASE",
    "QUICKCHECK_STATISTICS",
    "QUICKCHECK_ISOLATE",
    // Set by isolation for the child processes it starts.
    crate::engine::isolation::WORKER_VARIABLE,
    crate::engine::isolation::PROPERTY_VARIABLE,
];

/// The environment variables of quickcheck 1.x and proptest, which a
/// project moving from them may still set, whose they are, and what to do
/// for this crate's checks instead.
const OTHER_LIBRARIES_VARIABLES: [(&str, &str, &str); 6] = [
    ("QUICKCHECK_TESTS", "quickcheck 1.x", "set QUICKCHECK_RUNS"),
    ("QUICKCHECK_MAX_TESTS", "quickcheck 1.x", "set QUICKCHECK_RUNS, with Options::max_discard_ratio for discards"),
    ("QUICKCHECK_MIN_TESTS_PASSED", "quickcheck 1.x", "set QUICKCHECK_RUNS"),
    (
        "QUICKCHECK_GENERATOR_SIZE",
        "quickcheck 1.x",
        "there is no size to set: a collection or string is about 5 long by default and at most 64 above its \
         minimum, so give a generator that needs longer values .min_length(n) or .length(a..=b)",
    ),
    ("PROPTEST_CASES", "proptest", "set QUICKCHECK_RUNS"),
    ("PROPTEST_MAX_SHRINK_ITERS", "proptest", "set QUICKCHECK_MAX_SHRINKS (successful shrinks, not attempts)"),
];

/// Variables a user may well guess this crate reads, and what to do
/// instead.
const GUESSED_VARIABLES: [(&str, &str); 1] = [(
    "QUICKCHECK_REPLAY",
    "a replay token is given in code, with Options::replay or #[property(replay = \"...\")], so that it \
     replays the one property it came from",
)];

/// Warns, once a process, of each `QUICKCHECK_` variable this crate does
/// not read, and of proptest's that say what this crate's do: a misspelt
/// or carried-over setting would otherwise be ignored without a word. A
/// warning rather than an error, as quickcheck 1.x and proptest read them
/// and may share the environment while a project moves.
fn warn_of_unread_variables() {
    static LOOKED: std::sync::Once = std::sync::Once::new();
    LOOKED.call_once(|| {
        for name in std::env::vars_os().filter_map(|(name, _)| name.into_string().ok()) {
            let other = OTHER_LIBRARIES_VARIABLES.iter().find(|(other, _, _)| *other == name);
            if !(name.starts_with("QUICKCHECK_") || other.is_some()) || VARIABLES.contains(&name.as_str()) {
                continue;
            }
            let guessed = GUESSED_VARIABLES.iter().find(|(guessed, _)| *guessed == name);
            let warning = match (other, guessed) {
                (_, Some((_, instead))) => format!("the environment variable {name} is set but not read: {instead}"),
                (Some((_, library, instead)), None) => format!(
                    "the environment variable {name} is {library}'s, which this crate does not read: for this \
                     crate's checks, {instead}"
                ),
                (None, None) => format!(
                    "the environment variable {name} is set but not read: is it misspelt? The variables read are {}",
                    VARIABLES.join(", ")
                ),
            };
            crate::warning::once(&warning);
        }
    });
}

/// Environment variable `name`, read with `parse` (given it trimmed):
/// `None` when unset, an error naming `what` it should be, with `example`,
/// when it does not parse.
fn environment_text<T>(
    name: &str,
    what: impl std::fmt::Display,
    example: &str,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<Option<T>, String> {
    match std::env::var(name) {
        Ok(text) => parse(text.trim()).map(Some).ok_or_else(|| {
            format!("the environment variable {name} is {text:?}, which is not {what}; set it to one, such as {name}={example}, or unset it")
        }),
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => {
            Err(format!("the environment variable {name} is not valid Unicode; set it to {what} or unset it"))
        }
    }
}

/// A handle that stops a running check, from another thread or task.
///
/// ```
/// use quickcheck::{Cancellation, Options, Outcome, Property, generate};
///
/// let cancellation = Cancellation::new();
/// cancellation.cancel();
/// let result = Property::for_all(generate::boolean(), |_| true)
///     .check(Options::default().cancellation(cancellation));
/// assert_eq!(result.outcome(), Outcome::Cancelled);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancellation {
    cancelled: Arc<AtomicBool>,
}

impl Cancellation {
    /// A handle that is not cancelled yet.
    pub fn new() -> Cancellation {
        Cancellation::default()
    }

    /// Asks every check holding a clone of this handle to stop.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](Cancellation::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}
