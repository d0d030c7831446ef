//! Properties: a generator, a body, and the check that runs them.

pub(crate) mod format;
pub(crate) mod health;
mod options;
pub(crate) mod outcome;
mod parameters;
mod phases;
mod replay;
mod report;
pub(crate) mod result;
mod stuck;

use std::fmt::Debug;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

pub use crate::engine::unwind::Location;
pub use health::{HealthCheck, HealthWarning};
pub(crate) use options::statistics_always;
pub use options::{Cancellation, Options};
pub use outcome::IntoVerdict;
pub use parameters::ParameterValues;
pub use phases::{Phase, Phases};
pub(crate) use replay::check_token as check_replay_token;
pub use replay::{Replay, ReplayParseError};
pub use result::{
    CommandArgumentPosition, Counterexample, Failure, FailureKind, FailureReport, Outcome, PropertyResult, ShrinkPass,
};

use crate::__private::TypeNames;
use crate::engine::explain::{Freedom, Together};
use crate::engine::isolation::{self, Isolation, Request, Role};
use crate::engine::run::{
    Body, BodyResult, CoverageEnd, End, Explanation, FoundBy, GeneratorPanic, Misfit, Never, Runner, Settings, Shrunk,
    Started, Summary, TimeAllowed, call, isolated_verdict,
};
use crate::engine::unwind::{self, CallSite, CatchUnwind, Caught, Rejection, Stop, catch};
use crate::generate::Generator;
use crate::property::result::Advice;
use crate::stats::{ExampleRecord, Statistics};
use format::render;
use parameters::{Parameters, TopLevelStrings, pin_arguments};
use result::ReplayEnd;
use stuck::BodyWaker;

/// Discards the current example unless `condition` holds: a precondition.
///
/// Works in a property body and in a generator. A discarded example counts
/// neither as a pass nor a failure; a property that discards too much ends
/// as [`Exhausted`](Outcome::Exhausted) rather than passing on a handful of
/// examples. Prefer a generator that only produces valid inputs.
///
/// It ends the example by unwinding, as a panic does, so nothing after it
/// runs; a `catch_unwind` around it (or around a draw from a filtered
/// generator) does not undo the discard, and the example is dropped once
/// the code that caught it returns.
///
/// ```
/// use quickcheck::{Options, Property, assume, generate};
///
/// Property::for_all((generate::integer::<i32>(), generate::integer::<i32>()), |(a, b)| {
///     assume(b != 0);
///     a.wrapping_rem(b).unsigned_abs() < b.unsigned_abs()
/// })
/// .assert(Options::default());
/// ```
///
/// # Panics
///
/// Outside a property check, when `condition` is false: there is no
/// example to discard.
#[track_caller]
pub fn assume(condition: bool) {
    if !condition {
        Stop::Discard(Rejection::Assumption(CallSite::caller())).raise();
    }
}

/// A pinned example: a function that produces the value afresh for each check.
type Pinned<'a, T> = Box<dyn Fn() -> T + 'a>;

/// A property: for all values of a generator, a body holds.
///
/// Build one with [`Property::for_all`], then run it with
/// [`check`](Property::check), which returns a [`PropertyResult`], or
/// [`assert`](Property::assert), which panics with the report so that
/// `cargo test` shows it. Bodies that return a future run with
/// [`check_async`](Property::check_async) and
/// [`assert_async`](Property::assert_async).
///
/// ```
/// use quickcheck::{Options, Property, generate};
///
/// Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
///     let mut twice = list.clone();
///     twice.reverse();
///     twice.reverse();
///     twice == list
/// })
/// .assert(Options::default());
/// ```
#[must_use = "a property tests nothing until it is checked: call `.assert(..)` or `.check(..)` on it"]
pub struct Property<'a, G: Generator, F> {
    generator: G,
    body: F,
    examples: Vec<Pinned<'a, G::Value>>,
    /// Set by [`parameters`](Property::parameters), and for the pin line
    /// by `#[property]` (see `__private::with_types_within`).
    pub(crate) parameters: Option<Parameters<G::Value>>,
}

// The body is a closure, and generators need not be `Debug`: the form
// says what a property holds that can be shown.
impl<G: Generator, F> Debug for Property<'_, G, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Property")
            .field("pinned_examples", &self.examples.len())
            .field("parameters", &self.parameters.as_ref().map(|parameters| &parameters.names))
            .finish_non_exhaustive()
    }
}

impl<'a, G: Generator, F> Property<'a, G, F> {
    /// A property of `body` over the values of `generator`. For several
    /// inputs, pass a tuple of generators and take a tuple in the body.
    ///
    /// The body returns `()` (and fails by panicking, as with `assert!`),
    /// `bool`, or a `Result` whose `Err` fails; see [`IntoVerdict`].
    pub fn for_all<R>(generator: G, body: F) -> Property<'a, G, F>
    where
        F: FnMut(G::Value) -> R,
    {
        Property { generator, body, examples: Vec::new(), parameters: None }
    }

    /// Pins `value`: it is checked before any generated example, in the
    /// order pinned, on top of the generated runs.
    ///
    /// A failing pinned example is reported as given, unshrunk and without a
    /// replay token. It is never checked against the generator, so it may lie
    /// outside the generator's range. This is how to keep a found bug
    /// checked: unlike a replay token it does not depend on how the
    /// generators draw. A pinned example that [`assume`](crate::assume)
    /// discards is skipped, and counted
    /// ([`skipped_examples`](PropertyResult::skipped_examples)); a passing
    /// check's `assert` says so on standard error.
    ///
    /// ```
    /// use quickcheck::{Options, Property, generate};
    ///
    /// let result = Property::for_all(generate::between(1, 100), |n: i32| n != 0)
    ///     .example(0)
    ///     .check(Options::default());
    /// assert!(result.is_falsified());
    /// assert!(result.minimal().unwrap().is_explicit());
    /// ```
    pub fn example(mut self, value: G::Value) -> Self
    where
        G::Value: Clone + 'a,
    {
        self.examples.push(Box::new(move || value.clone()));
        self
    }

    /// Pins the value `make` builds, as [`example`](Property::example)
    /// pins a value: for an input that is not `Clone`, built afresh each
    /// time the check needs it. `#[example(...)]` pins this way, so its
    /// parameters need not be `Clone`.
    ///
    /// ```
    /// use quickcheck::{Generator, Options, Property, generate};
    ///
    /// #[derive(Debug)]
    /// struct Ticket(u32);
    ///
    /// let tickets = generate::between(1u32, 100).map(Ticket);
    /// let result = Property::for_all(tickets, |ticket: Ticket| ticket.0 != 0)
    ///     .example_with(|| Ticket(0))
    ///     .check(Options::default());
    /// assert!(result.minimal().unwrap().is_explicit());
    /// ```
    pub fn example_with(mut self, make: impl Fn() -> G::Value + 'a) -> Self {
        self.examples.push(Box::new(make));
        self
    }

    /// Names the fields of the tuple the property takes, one name per field:
    /// the report then prints each field on its own line under its name,
    /// and a failure ends with a line that pins it: `.example((...))`, or
    /// under `#[property]`, which calls this with the function's parameter
    /// names, `#[example(...)]`.
    ///
    /// # Panics
    ///
    /// At the call, if there are more or fewer names than tuple fields, or
    /// a name is given twice (the report could not tell the two apart).
    ///
    /// ```
    /// use quickcheck::{Options, Property, generate};
    ///
    /// let result = Property::for_all((generate::integer::<i32>(), generate::boolean()), |(n, flag)| !flag || n < 10)
    ///     .parameters(&["n", "flag"])
    ///     .check(Options::default().seed(1));
    /// let report = result.to_string();
    /// assert!(report.contains("    n = 10\n    flag = true"), "{report}");
    /// assert!(report.contains("Pin it with: .example((10, true))"), "{report}");
    /// ```
    #[track_caller]
    pub fn parameters(mut self, names: &'static [&'static str]) -> Self
    where
        G::Value: ParameterValues,
    {
        let count = <G::Value as ParameterValues>::COUNT;
        if names.len() != count {
            panic!(
                "Property::parameters: {} for a tuple of {}; name every field once",
                report::plural(names.len() as u64, "name", "names"),
                report::plural(count as u64, "value", "values")
            );
        }
        if let Some((position, name)) =
            names.iter().enumerate().find(|&(position, name)| names[..position].contains(name))
        {
            panic!(
                "Property::parameters: the name {name:?} is given twice (the second time as name {}); give each \
                 field a name of its own",
                position + 1
            );
        }
        self.parameters = Some(Parameters {
            names,
            render_each: <G::Value as ParameterValues>::render_each,
            pastes_back: true,
            type_paths: &[],
            type_names: <G::Value as ParameterValues>::type_names,
            add_types_within: |_, _| {},
            place: crate::__private::Place::default(),
        });
        self
    }

    /// Leaves the `Pin it with: #[example(...)]` line out of a failure
    /// report, for parameters whose `Debug` form is no expression of their
    /// type (a map, a boxed value, a command sequence). `#[property]` calls
    /// this when a parameter's type is one of those.
    ///
    /// ```
    /// use std::collections::BTreeSet;
    /// use quickcheck::{Options, Property, generate};
    ///
    /// let sets = generate::btree_set(generate::integer::<u8>());
    /// let result = Property::for_all((sets,), |(set,): (BTreeSet<u8>,)| set.len() < 2)
    ///     .parameters(&["set"])
    ///     .without_pin_line()
    ///     .check(Options::default().seed(1));
    /// assert!(result.is_falsified() && result.example_attribute().is_none());
    /// ```
    ///
    /// # Panics
    ///
    /// At the call, if [`parameters`](Property::parameters) was not called
    /// before it: without names there is no such line to leave out.
    #[track_caller]
    pub fn without_pin_line(mut self) -> Self {
        let Some(parameters) = &mut self.parameters else {
            panic!(
                "Property::without_pin_line: call it after Property::parameters, which names the values the \
                 line would pin"
            )
        };
        parameters.pastes_back = false;
        self
    }

    /// Names each parameter's type as written, without generic arguments
    /// (`"Op"`, `"shapes::Shape"`; `""` for one that is no path), so that
    /// the pin line writes an enum's variant with its path in front:
    /// `Op::Push(3)` where `Debug` prints `Push(3)`, which pastes back only
    /// where the variants are imported. `#[property]` calls this.
    ///
    /// ```
    /// use quickcheck::{Generator, Options, Property, generate};
    ///
    /// #[derive(Clone, Debug, PartialEq)]
    /// enum Op {
    ///     Push(u8),
    ///     Pop,
    /// }
    ///
    /// let ops = generate::one_of((generate::integer::<u8>().map(Op::Push), generate::constant(Op::Pop)));
    /// let result = Property::for_all((ops,), |(op,): (Op,)| op == Op::Pop)
    ///     .parameters(&["op"])
    ///     .parameter_types(&["Op"])
    ///     .check(Options::default().seed(1));
    /// assert_eq!(result.example_attribute().as_deref(), Some("#[example(Op::Push(0))]"));
    /// ```
    ///
    /// # Panics
    ///
    /// At the call, if [`parameters`](Property::parameters) was not called
    /// before it, or `paths` does not name one type per parameter.
    #[track_caller]
    pub fn parameter_types(mut self, paths: &'static [&'static str]) -> Self {
        let Some(parameters) = &mut self.parameters else {
            panic!("Property::parameter_types: call it after Property::parameters, which names the parameters")
        };
        if paths.len() != parameters.names.len() {
            panic!(
                "Property::parameter_types: {} for {}; name one type per parameter",
                report::plural(paths.len() as u64, "type", "types"),
                report::plural(parameters.names.len() as u64, "parameter", "parameters")
            );
        }
        parameters.type_paths = paths;
        self
    }
}

// The body's bounds are on the methods, not on the block: a body whose
// result is no `IntoVerdict` (an async one, say) then gets that trait's
// message, rather than a note that the method's bounds were not met.
impl<G, F> Property<'_, G, F>
where
    G: Generator,
    G::Value: Debug,
{
    /// Runs the property and returns what it found, without panicking.
    pub fn check<R>(&mut self, options: Options) -> PropertyResult<G::Value>
    where
        F: FnMut(G::Value) -> R,
        R: IntoVerdict,
    {
        let mut body = SyncBody(&mut self.body);
        complete_now(check(&self.generator, &mut body, &self.examples, self.parameters, &options))
    }

    /// Runs the property and panics with the report unless it passed.
    ///
    /// # Panics
    ///
    /// On any outcome but [`Outcome::Passed`], with the report as message.
    #[track_caller]
    pub fn assert<R>(&mut self, options: Options)
    where
        F: FnMut(G::Value) -> R,
        R: IntoVerdict,
    {
        self.check(options).assert_passed_and_drop();
    }
}

impl<G, F, Fut> Property<'_, G, F>
where
    G: Generator,
    G::Value: Debug,
    F: FnMut(G::Value) -> Fut,
    Fut: Future,
    Fut::Output: IntoVerdict,
{
    /// Runs a property whose body returns a future. Examples are awaited one
    /// at a time, so shrinking stays deterministic; works under any executor.
    ///
    /// The future it returns is not `Send`: await it on the test's own task
    /// (as `#[tokio::test]` does), not in a spawned one. The body's futures
    /// may spawn tasks of their own.
    ///
    /// ```
    /// use quickcheck::{Options, Property, generate};
    ///
    /// # async fn round_trip(text: String) -> String { text }
    /// # async fn test() {
    /// Property::for_all(generate::string(), async |text: String| {
    ///     assert_eq!(round_trip(text.clone()).await, text);
    /// })
    /// .assert_async(Options::default())
    /// .await;
    /// # }
    /// ```
    pub async fn check_async(&mut self, options: Options) -> PropertyResult<G::Value> {
        let mut body = AsyncBody(&mut self.body);
        check(&self.generator, &mut body, &self.examples, self.parameters, &options).await
    }

    /// [`check_async`](Property::check_async), panicking with the report
    /// unless the property passed.
    ///
    /// The panic names a line of this crate: an `async fn` cannot pass on
    /// its caller's location, as [`assert`](Property::assert) does. For a
    /// panic at your own line, write
    /// `.check_async(options).await.assert_passed()`.
    ///
    /// # Panics
    ///
    /// On any outcome but [`Outcome::Passed`], with the report as message.
    pub async fn assert_async(&mut self, options: Options) {
        self.check_async(options).await.assert_passed_and_drop();
    }
}

/// A synchronous body: it runs to its verdict in the runner's catch.
struct SyncBody<'b, F>(&'b mut F);

impl<T, F: FnMut(T) -> R, R: IntoVerdict> Body<T> for SyncBody<'_, F> {
    type Running = Never;

    #[inline]
    fn start(&mut self, value: T) -> Started<Never> {
        Started::Finished((self.0)(value).into_verdict())
    }
}

/// An asynchronous body: its call runs in the runner's catch, each poll of
/// its future in one of its own.
struct AsyncBody<'b, F>(&'b mut F);

impl<T, F: FnMut(T) -> Fut, Fut: Future<Output: IntoVerdict>> Body<T> for AsyncBody<'_, F> {
    type Running = Verdict<Fut>;

    fn start(&mut self, value: T) -> Started<Verdict<Fut>> {
        Started::Running(Verdict::new((self.0)(value)))
    }
}

/// An asynchronous body's future, each poll caught, its output made a
/// verdict; polled with a waker of its own, which tells when it can never
/// finish (see [`stuck`]).
struct Verdict<Fut> {
    future: CatchUnwind<Fut>,
    waker: Option<BodyWaker>,
}

impl<Fut> Verdict<Fut> {
    fn new(future: Fut) -> Verdict<Fut> {
        Verdict { future: CatchUnwind::new(future), waker: None }
    }
}

impl<Fut: Future<Output: IntoVerdict>> Future for Verdict<Fut> {
    type Output = BodyResult;

    fn poll(self: std::pin::Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<BodyResult> {
        let Verdict { future, waker } = self.get_mut();
        let waker = waker.get_or_insert_with(|| BodyWaker::new(cx.waker()));
        waker.prepare(cx.waker());
        match std::pin::Pin::new(&mut *future).poll(&mut waker.context()) {
            Poll::Ready(caught) => Poll::Ready(caught.map(IntoVerdict::into_verdict)),
            Poll::Pending if waker.is_stuck() => {
                let dropped = crate::stats::abandoning(|| future.drop_caught());
                Poll::Ready(Ok(Err(Failure::never_finishes(dropped.err()))))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

/// Completes a future that never waits, as the check of a synchronous body
/// is: its only await points are that body's ready results.
pub(crate) fn complete_now<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    match future.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(output) => output,
        Poll::Pending => unreachable!("a synchronous property check never waits"),
    }
}

/// The one check behind `check` and `check_async`: pinned examples, then the
/// engine's run, then the result with its values rebuilt for the report,
/// which words its advice as the options say.
async fn check<G, B>(
    generator: &G,
    body: &mut B,
    examples: &[Pinned<'_, G::Value>],
    parameters: Option<Parameters<G::Value>>,
    options: &Options,
) -> PropertyResult<G::Value>
where
    G: Generator,
    G::Value: Debug,
    B: Body<G::Value>,
{
    let _checking = unwind::checking_on_this_thread();
    // The result's advice is set once, whichever way the check ended.
    let mut result = async {
        if options.replays() && !examples.is_empty() {
            return misconfigured(
                "a replay token and pinned examples were both given; a replay checks only the example its token \
                 names, which would leave the pins unchecked. Remove the replay, or the examples while replaying",
            );
        }
        let mut settings = match options.resolve() {
            Ok(settings) => settings,
            Err(problem) => return misconfigured(&problem),
        };
        settings.explain_arguments = parameters.map(|parameters| parameters.names.len());
        let mut isolation = match isolation_of(generator, body, examples, &mut settings).await {
            Ok(isolation) => isolation,
            Err(ended_here) => return ended_here,
        };
        let pinned = if options.checks_pinned() { examples } else { &[] };
        if let Some(problem) = tests_nothing(&settings, options, examples.len()) {
            return misconfigured(&problem);
        }
        if let Some((database, key)) = &settings.database {
            database.claim(key, std::any::type_name::<G>());
        }
        let (mut skipped, mut pinned_passed) = (0, 0);
        let mut record = ExampleRecord::default();
        let cancelled = || settings.cancellation.as_ref().is_some_and(Cancellation::is_cancelled);
        // An example's expression may panic; that is the pin's fault, not a
        // failure of the property, and no panic leaves the check.
        let build = |position: usize, example: &Pinned<'_, G::Value>| {
            catch(example).map_err(|caught| {
                let cause = match caught {
                    Caught::Panic(panic) => panic.what_happened(),
                    Caught::Stop(_) => "discarded itself (an assume or a filter in it)".to_owned(),
                };
                format!(
                    "pinned example {position} could not be built: its expression {cause}. Fix the example, or \
                         remove it"
                )
            })
        };
        for (position, example) in (1..).zip(pinned) {
            if cancelled() {
                return PropertyResult::new(Outcome::Cancelled, Some(settings.seed));
            }
            let value = match build(position, example) {
                Ok(value) => value,
                Err(problem) => return misconfigured(&problem),
            };
            let rendered = Rendered::of(&value, parameters, options.advice);
            record.clear();
            let started = std::time::Instant::now();
            // A pinned example is held to the deadline itself.
            let time = settings.deadline.map(|deadline| TimeAllowed { started, allowed: deadline, deadline });
            let verdict = match &mut isolation {
                None => call(body, value, &mut record, time).await,
                // Built again in the child, from the same expression, and
                // held to the deadline itself there too.
                Some(isolation) => {
                    drop(value);
                    let ran = isolation.run(Request::Pinned(position), settings.deadline, cancelled);
                    let verdict;
                    (verdict, record) = isolated_verdict(ran, settings.deadline);
                    verdict
                }
            };
            let took = started.elapsed();
            let failure = match verdict {
                Ok(Ok(())) => match settings.deadline.filter(|&deadline| took > deadline) {
                    Some(deadline) => Failure::deadline_exceeded(took, deadline),
                    None => {
                        pinned_passed += 1;
                        continue;
                    }
                },
                Err(Caught::Stop(_)) => {
                    skipped += 1;
                    continue;
                }
                // Failing once cancelled, it may fail because of it.
                Ok(Err(_)) | Err(Caught::Panic(_)) if cancelled() => {
                    return PropertyResult::new(Outcome::Cancelled, Some(settings.seed));
                }
                Ok(Err(failure)) => failure,
                Err(Caught::Panic(panic)) => Failure::from_panic(*panic),
            };
            let notes = record.take_notes(&failure);
            let mut result = PropertyResult::new(Outcome::Falsified, Some(settings.seed));
            result.parameter_names = parameters.map_or(&[], |parameters| parameters.names);
            let minimal = Counterexample {
                value: match build(position, example) {
                    Ok(value) => value,
                    Err(problem) => return misconfigured(&problem),
                },
                rendered: rendered.whole,
                fields: rendered.fields,
                pin_arguments: None,
                explicit: true,
            };
            result.failures.push(FailureReport {
                minimal: Some(minimal),
                original: None,
                failure,
                notes,
                replay: None,
                found_by: FoundBy::Generating,
                shrinks: 0,
                shrink_passes: Vec::new(),
                stopped_at: None,
                reproduced: true,
                free: Vec::new(),
                free_together: Together::Fail,
                free_commands: Vec::new(),
                free_commands_together: Together::Fail,
                explain_cut_short: false,
            });
            result.skipped_examples = skipped;
            result.pinned_passed = pinned_passed;
            result.failed_pin = Some((position, pinned.len()));
            return result;
        }
        let mut runner = Runner::new(generator, body, &settings);
        if let Some(isolation) = isolation {
            runner.isolate(isolation);
        }
        let summary = runner.run().await;
        // A replay draws from no seed: the report names none.
        let seed = settings.replay.is_none().then_some(settings.seed);
        let mut result = summarize(summary, seed, parameters, options.advice, &mut runner);
        result.skipped_examples = skipped;
        result.pinned_passed = pinned_passed;
        result.generated = settings.replay.is_none() && settings.phases.contains(Phase::Generate);
        result.coverage_confidence = settings.confidence.is_some();
        result
    }
    .await;
    result.advice = options.advice;
    result.has_pins = !examples.is_empty();
    result
}

/// The child process a check's bodies run in, under isolation (see
/// [`Options::isolate`]); `None` where they run in this process. `Err` with
/// the check's result when it ends here: refused, or a check that a child
/// serving another passes by. In a child serving this check, it serves the
/// test's process, and then ends this one.
async fn isolation_of<G, B>(
    generator: &G,
    body: &mut B,
    examples: &[Pinned<'_, G::Value>],
    settings: &mut Settings,
) -> Result<Option<Isolation>, PropertyResult<G::Value>>
where
    G: Generator,
    B: Body<G::Value>,
{
    if !settings.isolate {
        return Ok(None);
    }
    let kind = format!("{} {}", std::any::type_name::<G>(), std::any::type_name::<B>());
    match isolation::role(&kind, settings.isolate_asked_by_environment) {
        Err(problem) => Err(misconfigured(&problem)),
        Ok(Role::Parent { place, check, earlier }) => match Isolation::start(place, check, earlier) {
            Ok(isolation) => Ok(Some(isolation)),
            // A whole run's setting does not fail a check it cannot
            // isolate: it runs as it would without.
            Err(problem) if settings.isolate_asked_by_environment => {
                crate::warning::once(&format!(
                    "QUICKCHECK_ISOLATE=on could not isolate a check, which runs in the test's own process \
                     instead: {problem}"
                ));
                Ok(None)
            }
            Err(problem) => Err(misconfigured(&problem)),
        },
        // This process is a child serving this check: it runs the examples
        // it is sent, and nothing else of the test.
        Ok(Role::Worker) => {
            isolation::begin_serving();
            // The test's process judges the time a body takes.
            settings.deadline = None;
            let pinned = |number: usize| examples.get(number.checked_sub(1)?).map(catch);
            Runner::new(generator, body, settings).serve(&pinned).await;
            std::process::exit(0);
        }
        Ok(Role::OtherCheck) => Err(PropertyResult::new(Outcome::Passed, Some(settings.seed))),
        Ok(Role::InProcess) => Ok(None),
    }
}

/// Why a check with these settings would pass having tested nothing, if
/// it would: it generates nothing, checks no pinned example, and has no
/// database to reuse saved examples from (so `runs = 0` is not the only
/// way there), or it generates nothing for a coverage confidence to
/// judge; with what would change that. `pins` counts the pinned examples,
/// checked or not.
fn tests_nothing(settings: &Settings, options: &Options, pins: usize) -> Option<String> {
    let runs = |phase| settings.phases.contains(phase);
    if settings.confidence.is_some() && !runs(Phase::Generate) && settings.replay.is_none() {
        return Some(format!(
            "a coverage confidence decides its requirements on generated examples, and the generate phase is off, \
             so they would never be decided. Turn the generate phase on ({}), or leave the confidence out",
            options.advice.spell("Phase::Generate in Options::phases", "its phases option")
        ));
    }
    let checks_pins = runs(Phase::Explicit) && pins > 0;
    if settings.replay.is_some() || runs(Phase::Generate) || checks_pins {
        return None;
    }
    if runs(Phase::Reuse) && settings.database.is_some() {
        return None;
    }
    let pick = |options_form, attribute_form| options.advice.spell(options_form, attribute_form);
    let mut missing = vec!["it does not generate"];
    let mut remedies = vec![format!(
        "turn on the generate phase ({})",
        pick("Phase::Generate in Options::phases", "its phases option")
    )];
    if pins > 0 {
        missing.push("its pinned examples are skipped, as the explicit phase is off");
        remedies.push("turn on the explicit phase".to_owned());
    } else {
        missing.push("it pins no example");
        remedies.push(format!("pin one ({})", pick("Property::example", "#[example(...)]")));
    }
    if !runs(Phase::Reuse) {
        missing.push("the reuse phase, which replays saved examples, is off");
    } else if !options.has_name() {
        missing.push("it has no name to keep saved examples under");
        remedies.push(format!("name it ({})", pick("Options::name", "#[property(name = ...)]")));
    } else {
        missing.push("its example database is off");
        remedies.push(format!("turn the database on ({})", pick("Options::database", "#[property(database = ...)]")));
    }
    let last = remedies.pop().unwrap_or_default();
    let last_missing = missing.pop().unwrap_or_default();
    Some(format!(
        "the check would pass having tested nothing: {} and {last_missing}. To test something, {}{} {last}",
        missing.join(", "),
        remedies.join(", "),
        if remedies.is_empty() { "" } else { ", or" },
    ))
}

pub(crate) fn misconfigured<T>(problem: &str) -> PropertyResult<T> {
    let mut result = PropertyResult::new(Outcome::Misconfigured, None);
    result.problem = Some(problem.to_owned());
    result
}

fn summarize<G, B>(
    summary: Summary,
    seed: Option<u64>,
    parameters: Option<Parameters<G::Value>>,
    advice: Advice,
    runner: &mut Runner<'_, G, B>,
) -> PropertyResult<G::Value>
where
    G: Generator,
    G::Value: Debug,
    B: Body<G::Value>,
{
    let outcome = match summary.end {
        End::Passed => Outcome::Passed,
        End::Falsified(_) => Outcome::Falsified,
        End::Exhausted | End::EveryCommandRejected | End::NoCommandOffered => Outcome::Exhausted,
        End::ReplayDoesNotFit(_) | End::ReplayPassed | End::MistakenRequirement(_) => Outcome::Misconfigured,
        End::GenerationFailed { .. } => Outcome::GenerationFailed,
        End::Cancelled { .. } => Outcome::Cancelled,
        End::InsufficientCoverage { .. } => Outcome::InsufficientCoverage,
    };
    let mut result = PropertyResult::new(outcome, seed);
    result.parameter_names = parameters.map_or(&[], |parameters| parameters.names);
    result.tests_run = summary.passed + summary.failed;
    result.first_failure_at = summary.first_failure_at;
    result.discards = summary.discards;
    result.rejections = summary.rejections;
    result.shrink_calls = summary.shrink_calls;
    result.statistics = summary.statistics;
    result.space_exhausted = summary.space_exhausted;
    result.replay_read_otherwise = summary.replay_read_otherwise;
    result.every_command_rejected = matches!(summary.end, End::EveryCommandRejected);
    result.no_command_offered = matches!(summary.end, End::NoCommandOffered);
    result.warnings = summary.warnings;
    // The report of a generator's panic shows what generators noted as it
    // unwound, on one more replay of its shrunk input.
    let panicked_on = match &summary.end {
        End::GenerationFailed { choices, .. } => Some(choices),
        End::Falsified(_) => summary.generator_panic.as_ref().map(|panic| &panic.choices),
        _ => None,
    };
    let replayed = panicked_on.map(|choices| runner.panic_notes(choices));
    result.generation_replays = !matches!(replayed, Some(None));
    result.generation_notes = replayed.flatten().unwrap_or_default();
    let mut counterexample = |choices: &[u64]| {
        runner.regenerate(choices).map(|value| {
            let Rendered { whole, fields, pin_arguments } = Rendered::of(&value, parameters, advice);
            Counterexample { rendered: whole, fields, pin_arguments, value, explicit: false }
        })
    };
    match summary.end {
        End::Falsified(shrunk) => {
            if shrunk.iter().all(|shrunk| !shrunk.reproduced) {
                result.outcome = Outcome::Flaky;
            }
            result.generation_failure = summary
                .generator_panic
                .map(|GeneratorPanic { choices, panic }| (Failure::from_panic(panic), Replay::new(choices)));
            for Shrunk {
                original,
                minimal,
                failure,
                notes,
                found_by,
                shrinks,
                shrink_passes,
                stopped_at,
                reproduced,
                explanation: Explanation { freedoms, free_together, free_commands, free_commands_together, cut_short },
            } in shrunk
            {
                result.failures.push(FailureReport {
                    minimal: counterexample(&minimal),
                    original: counterexample(&original),
                    failure,
                    notes,
                    replay: Some(Replay::new(original)),
                    found_by,
                    shrinks,
                    shrink_passes,
                    stopped_at,
                    reproduced,
                    free: freedoms.iter().map(|freedom| *freedom == Freedom::Free).collect(),
                    free_together,
                    free_commands,
                    free_commands_together,
                    explain_cut_short: cut_short,
                });
            }
        }
        End::GenerationFailed { choices, panic, from_database } => {
            result.generation_failure = Some((Failure::from_panic(panic), Replay::new(choices)));
            if from_database {
                result.problem = Some(
                    "The example was saved in the example database by an earlier run, and stays saved: the next \
                     run meets this panic first, until the generator draws it without panicking."
                        .to_owned(),
                );
            }
        }
        End::InsufficientCoverage { label, minimum, why } => {
            result.problem = Some(coverage_problem(&label, minimum, why, &result.statistics));
        }
        End::ReplayDoesNotFit(misfit) => {
            result.replay_end = Some(ReplayEnd::Misfit);
            let replayed = match misfit {
                Misfit::RanOut => "its choices ran out before the generators finished".to_owned(),
                Misfit::LeftOver => "the generators finished with some of its choices left over".to_owned(),
                Misfit::Beyond => "some of its choices lay beyond what the generators draw there now".to_owned(),
                Misfit::Rejected(stop) => format!("it made an input rejected by {}", stop.cause_and_place()),
            };
            result.problem = Some(format!(
                "the replay token does not name an example of this property: replayed, {replayed}. A token names \
                 an example by its choices, so it goes stale when the generators change. Run without the replay \
                 to search afresh, and pin a failing value you need to keep with an example rather than a token"
            ));
        }
        End::MistakenRequirement(mistake) => result.problem = Some(mistake),
        End::ReplayPassed => {
            result.replay_end = Some(ReplayEnd::Passed);
            result.problem = Some(
                "the example the replay token names passes now. A replay checks that one example and nothing \
                 else, so a replay left in place would stop the property from testing anything: remove the \
                 replay token to check the property on generated examples again, and pin the input with an \
                 example if it must stay checked"
                    .to_owned(),
            );
        }
        End::Cancelled { unreported_failure: Some(choices), saved } => {
            result.problem = Some(
                if saved {
                    "It had found a failure, which it did not finish shrinking or report; the failure was saved, \
                     and the next run starts from it."
                } else {
                    "It had found a failure, which it did not finish shrinking or report, and which is not saved \
                     for the next run (there is no failure database, or writing to it failed): replay it to \
                     finish its shrink."
                }
                .to_owned(),
            );
            result.unreported_failure = Some(Replay::new(choices));
        }
        End::Passed
        | End::Exhausted
        | End::EveryCommandRejected
        | End::NoCommandOffered
        | End::Cancelled { unreported_failure: None, .. } => {}
    }
    result
}

/// A value's report forms: whole, and field by field when its parameters
/// are named.
struct Rendered {
    whole: String,
    fields: Vec<String>,
    /// The arguments of an `#[example(...)]` that pins the value, if its
    /// fields paste back.
    pin_arguments: Option<Vec<String>>,
}

impl Rendered {
    fn of<T: Debug>(value: &T, parameters: Option<Parameters<T>>, advice: Advice) -> Rendered {
        let fields = parameters.map_or_else(Vec::new, |parameters| (parameters.render_each)(value));
        let pin_arguments = parameters.filter(|parameters| parameters.pastes_back).and_then(|parameters| {
            let type_names = (parameters.type_names)();
            let held: Vec<TypeNames> = (0..fields.len())
                .map(|index| {
                    let mut names = TypeNames::default();
                    (parameters.add_types_within)(index, &mut names);
                    if let Some(&name) = type_names.get(index) {
                        names.add(name);
                    }
                    names
                })
                .collect();
            // A derived type with private fields is written only where
            // they can be seen.
            if !held.iter().all(|names| names.reachable_from(&parameters.place)) {
                return None;
            }
            let strings = match advice {
                Advice::Attribute => TopLevelStrings::Literal,
                Advice::Options => TopLevelStrings::Owned,
            };
            pin_arguments(&fields, parameters.type_paths, &type_names, &held, &parameters.place, strings)
        });
        Rendered { whole: render(value), fields, pin_arguments }
    }
}

/// What a report says of the coverage requirement `label` that ended a
/// check: missed, or why it could not be decided, with what to change.
fn coverage_problem(label: &str, minimum: f64, why: CoverageEnd, statistics: &Statistics) -> String {
    let observed = crate::stats::show_percent_below(statistics.percent(label));
    let examples = statistics.examples();
    let requirement = format!("The requirement \"{label}\" (at least {minimum}% of examples)");
    match why {
        CoverageEnd::Missed => format!(
            "{requirement} is known to be missed: {observed} of {examples} examples hit it. Make the generator \
             produce such inputs more often, or lower the requirement."
        ),
        CoverageEnd::TooClose => format!(
            "{requirement} could not be decided within {examples} examples: {observed} of them hit it, too close \
             to the minimum to tell. State the minimum you need with some margin, or widen the tolerance \
             (Confidence::tolerance)."
        ),
        CoverageEnd::TooRare => format!(
            "{requirement} could not be decided within {examples} examples: {observed} of them hit it, short of \
             the minimum, but a minimum this small expects too few hits in that many examples to be sure of a \
             miss. Raise the minimum, or lower the certainty (Confidence::certainty)."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An undecided requirement is blamed on what kept it open: a rate near
    /// the minimum, or a minimum too small to prove a miss of.
    #[test]
    fn an_undecided_requirement_says_what_kept_it_open() {
        let mut statistics = Statistics::default();
        for _ in 0..1000 {
            statistics.add(&ExampleRecord {
                requirements: vec![("rare".to_owned(), 0.0001, CallSite::caller())],
                ..ExampleRecord::EMPTY
            });
        }
        let too_rare = coverage_problem("rare", 0.0001, CoverageEnd::TooRare, &statistics);
        assert!(too_rare.contains("0% of them hit it, short of the minimum"), "{too_rare}");
        assert!(too_rare.ends_with("lower the certainty (Confidence::certainty)."), "{too_rare}");
        assert!(!too_rare.contains("too close"), "{too_rare}");
        let too_close = coverage_problem("rare", 0.0001, CoverageEnd::TooClose, &statistics);
        assert!(too_close.contains("too close to the minimum to tell"), "{too_close}");
    }
}
