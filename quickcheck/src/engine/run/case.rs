//! One test case: draw a value from the prepared choice source, call the
//! body on it, and say what came of it (a [`Case`]). Every phase runs its
//! cases through here, and so does the shrinker, through [`Execute`].

use std::future::Future;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use crate::engine::alarm::{self, Alarm};
use crate::engine::isolation::{Isolation, Ran, Request};
use crate::engine::shrink::Execute;
use crate::engine::source::{Recording, Variation};
use crate::engine::tree::Tree;
use crate::engine::unwind::{self, Caught, Panic, Stop, catch};
use crate::generate::Generator;
use crate::property::{Cancellation, Failure, FailureKind};
use crate::stats::{self, ExampleRecord};

use super::watchdog::Watchdog;
use super::{Runner, Settings};

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
/// raises, with `record` installed for what the body notes; an
/// asynchronous body still waiting at the end of `time` is given up on.
pub(crate) async fn call<T, B: Body<T>>(
    body: &mut B,
    value: T,
    record: &mut ExampleRecord,
    time: Option<TimeAllowed>,
) -> BodyResult {
    match catch(|| stats::recording(record, || body.start(value))) {
        Ok(Started::Finished(verdict)) => Ok(verdict),
        Ok(Started::Running(future)) => await_recorded(future, record, time).await,
        Err(caught) => Err(caught),
    }
}

/// How long a body may run under a deadline.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TimeAllowed {
    /// When the body started.
    pub(crate) started: Instant,
    /// How long it may take: the deadline, with slack while searching.
    pub(crate) allowed: Duration,
    /// The deadline the options set, for the failure's message.
    pub(crate) deadline: Duration,
}

/// Awaits an asynchronous body's verdict, with `record` installed around
/// each poll of its future. With `time`, an alarm wakes the task when the
/// time is up, and a future still waiting then is dropped (catching what
/// its drop raises) and fails for the deadline.
async fn await_recorded<F: Future<Output = BodyResult>>(
    future: F,
    record: &mut ExampleRecord,
    time: Option<TimeAllowed>,
) -> BodyResult {
    let give_up_at = time.and_then(|time| time.started.checked_add(time.allowed));
    let mut slot = std::pin::pin!(Some(future));
    let mut alarm: Option<Alarm> = None;
    std::future::poll_fn(|context| {
        let Some(future) = slot.as_mut().as_pin_mut() else { unreachable!("a future given up on is not polled again") };
        if let Poll::Ready(verdict) = stats::recording(record, || future.poll(context)) {
            return Poll::Ready(verdict);
        }
        let (Some(time), Some(give_up_at)) = (time, give_up_at) else { return Poll::Pending };
        if Instant::now() >= give_up_at {
            // Dropped with the record installed, as a future that finishes
            // drops its locals.
            let dropped = stats::recording(record, || stats::abandoning(|| catch(|| slot.as_mut().set(None))));
            let failure = Failure::given_up_at_deadline(time.started.elapsed(), time.deadline, dropped.err());
            return Poll::Ready(Ok(Err(failure)));
        }
        if !alarm.as_ref().is_some_and(|alarm| alarm.wakes(context.waker())) {
            alarm = Some(alarm::wake_at(give_up_at, context.waker()));
        }
        Poll::Pending
    })
    .await
}

/// What the runner asks of the generation tree for a case it draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Novelty {
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
pub(super) enum Drawn<F> {
    /// Its choices ran before ([`Novelty::Required`] only): the body did not
    /// run.
    Duplicate,
    /// The case ended: the generator stopped, or the body ran to its verdict.
    Ended(Case),
    /// An asynchronous body's future, to await.
    Running(F),
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

/// How much longer than its deadline a body may run while the check
/// searches and shrinks, so that a body near the limit does not fail by
/// chance on one run and pass on the next: a quarter more, as a divisor so
/// that the sum saturates rather than overflows for a huge deadline.
const DEADLINE_SLACK_DIVISOR: u32 = 4;

impl<G: Generator, B: Body<G::Value>> Runner<'_, G, B> {
    /// `failure`, the case just run, with its panic's location: when the
    /// panic found our hook replaced by another (and put it back), it
    /// left no location, and the case runs again for one. A location tells
    /// failures of different origins apart, so one missing would split a
    /// failure from its own shrink candidates.
    pub(super) async fn with_location(&mut self, failure: Failure) -> Failure {
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
    pub(super) fn draw(&mut self) -> Result<G::Value, Case> {
        let (generator, source) = (self.generator, &mut self.source);
        catch(|| source.draw_example(generator)).map_err(|caught| self.generator_ended(caught))
    }

    /// Draws a value from the prepared source and drops it, inside the one
    /// catch: a replay that wants only the generators' choices or how they
    /// ended. A value's `Drop` is the user's code too: a panic in it must
    /// not escape the check, and does not undo the draw that made the
    /// value (the body, which owns the values it is given, meets it).
    pub(super) fn draw_and_drop(&mut self) -> Result<(), Case> {
        let (generator, source) = (self.generator, &mut self.source);
        let mut drawn = false;
        let dropped = catch(|| {
            let value = source.draw_example(generator);
            drawn = true;
            drop(value);
        });
        match dropped {
            // A stop the generator caught itself still ends the case.
            Err(caught @ Caught::Stop(_)) => Err(self.generator_ended(caught)),
            Err(caught) if !drawn => Err(self.generator_ended(caught)),
            _ => Ok(()),
        }
    }

    /// How a case ends whose generator stopped. A panic's recording gets
    /// its open spans closed where the generator stopped, so that the
    /// shrinker can edit a sequence the generator panics on.
    #[cold]
    fn generator_ended(&mut self, caught: Caught) -> Case {
        if matches!(caught, Caught::Panic(_)) {
            self.source.close_open_spans();
        }
        Case::of_generator(caught)
    }

    /// Replays the prepared source for the shrinker or the explain phase:
    /// runs the case, or only draws its value while a generator's panic is
    /// shrunk, which the body has nothing to say about.
    async fn replay_case(&mut self) -> Case {
        if self.drawing_only {
            return self.draw_and_drop().map_or_else(|case| case, |()| Case::Pass);
        }
        self.run_case().await
    }

    /// Draws a value from the prepared source and runs the body on it.
    pub(super) async fn run_case(&mut self) -> Case {
        self.run_case_as(Novelty::Replay).await
    }

    /// [`run_case`](Runner::run_case) for an example outside generation
    /// (the target phase's), noted in the generation tree; with whether it
    /// is new: not run before, or not known to have been.
    pub(super) async fn run_noted_case(&mut self) -> (Case, bool) {
        let repeats = self.tree.repeats();
        let case = self.run_case_as(Novelty::Noted).await;
        (case, self.tree.repeats() == repeats)
    }

    /// Runs the prepared case whatever `novelty` finds: a replay, or one
    /// noted in the tree, neither of which is ever declined.
    async fn run_case_as(&mut self, novelty: Novelty) -> Case {
        match self.draw_and_start(novelty, false) {
            Drawn::Ended(case) => case,
            Drawn::Running(future) => self.await_verdict(future).await,
            Drawn::Duplicate => unreachable!("only a generated case can be declined as a duplicate"),
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
    pub(super) fn draw_and_start(&mut self, novelty: Novelty, timed: bool) -> Drawn<B::Running> {
        if !self.record.is_empty() {
            self.record.clear();
        }
        let calls_before = self.body_calls;
        // A `move` closure over one reference to the runner: the closure
        // then hands `catch` a few words, not a reference per field.
        let runner = &mut *self;
        let started = catch(move || {
            let Runner {
                source,
                generator,
                tree,
                body,
                record,
                body_calls,
                settings,
                drawn_at,
                body_started_at,
                watchdog,
                isolation,
                exact_deadline,
                ..
            } = runner;
            // The record is installed for the draw too: what a generator
            // records (a `classify` in a `map`, a `label` in a command's
            // `next`) counts for the example it made.
            stats::recording(record, || {
                let value = source.draw_example(*generator);
                if timed {
                    *drawn_at = Some(Instant::now());
                }
                if !is_novel(novelty, tree, source.recording(), true) {
                    return None;
                }
                *body_calls += 1;
                if settings.deadline.is_some() {
                    *body_started_at = Some(watch_body(watchdog.as_ref(), source.recording()));
                }
                match isolation {
                    None => Some(body.start(value)),
                    Some(isolation) => {
                        let choices = &source.recording().choices;
                        Some(Started::Finished(run_isolated(isolation, value, choices, settings, *exact_deadline)))
                    }
                }
            })
        });
        // The body started exactly when it was counted.
        let judging = self.body_calls != calls_before;
        match started {
            Ok(None) => Drawn::Duplicate,
            Ok(Some(Started::Finished(verdict))) => {
                self.body_ended();
                Drawn::Ended(self.in_time(case_of(Ok(verdict))))
            }
            Ok(Some(Started::Running(future))) => Drawn::Running(future),
            Err(caught) if judging => {
                self.body_ended();
                Drawn::Ended(case_of(Err(caught)))
            }
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
        Drawn::Ended(self.generator_ended(caught))
    }

    /// Awaits an asynchronous body's verdict, with the record installed
    /// around each poll of its future. Under a deadline, a body still
    /// waiting once its time is up is given up on.
    pub(super) async fn await_verdict(&mut self, future: B::Running) -> Case {
        let time = self.settings.deadline.zip(self.body_started_at).map(|(deadline, started)| TimeAllowed {
            started,
            allowed: self.allowed_time(deadline),
            deadline,
        });
        let case = case_of(await_recorded(future, &mut self.record, time).await);
        self.body_ended();
        self.in_time(case)
    }

    /// Tells the watch, if there is one, that the body has returned.
    #[inline]
    fn body_ended(&self) {
        if let Some(watchdog) = &self.watchdog {
            watchdog.body_ended();
        }
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
        if took > self.allowed_time(deadline) { Case::Fail(Failure::deadline_exceeded(took, deadline)) } else { case }
    }

    /// How long a body may take under `deadline`: with slack while
    /// searching and shrinking, exactly the deadline for the final replay.
    fn allowed_time(&self, deadline: Duration) -> Duration {
        allowed_time(deadline, self.exact_deadline)
    }

    /// What generators noted while their panic on `choices` unwound (the
    /// commands a sequence had drawn), for the report of that panic: one
    /// more replay of the input, once it is shrunk. `None` if the replay
    /// did not panic: the panic depends on more than the choices (the
    /// generator reads a clock or a counter, or a generator panicked while
    /// planning a random draw, which a replay does not do), and has no
    /// input to replay.
    pub(crate) fn panic_notes(&mut self, choices: &[u64]) -> Option<Vec<(String, String)>> {
        self.source.start_replay(choices);
        let (drawn, notes) = unwind::noting_panic(|| self.draw_and_drop().err());
        matches!(drawn, Some(Case::GeneratorPanic(_))).then_some(notes)
    }

    /// Rebuilds the value a choice sequence describes, for the report.
    pub(crate) fn regenerate(&mut self, choices: &[u64]) -> Option<G::Value> {
        self.source.start_replay(choices);
        self.draw().ok()
    }

    /// Replays the generators alone on `choices`, for what they record;
    /// false if they stopped short.
    pub(super) fn replay_generators(&mut self, choices: &[u64]) -> bool {
        self.source.start_replay(choices);
        self.draw_and_drop().is_ok()
    }
}

/// Notes that a body starts under a deadline, on the example `recording`
/// holds: tells the watch over bodies that run far past it, if there is
/// one, and returns when, for the deadline.
// Out of line: only a check with a deadline calls it.
#[inline(never)]
fn watch_body(watchdog: Option<&Watchdog>, recording: &Recording) -> Instant {
    // One reading of the clock serves the deadline and the watch.
    let started = Instant::now();
    if let Some(watchdog) = watchdog {
        watchdog.body_started(started, &recording.choices);
    }
    started
}

/// How long a body may take under `deadline`: exactly the deadline when
/// `exact`, else with the search's slack.
fn allowed_time(deadline: Duration, exact: bool) -> Duration {
    if exact { deadline } else { deadline.saturating_add(deadline / DEADLINE_SLACK_DIVISOR) }
}

/// Runs the case of `choices` in the child process of `isolation`, which
/// replays it and runs the body there, under the settings' deadline
/// (`exact`, or with the search's slack); `value`, drawn here, is only
/// dropped. In this process, what the body recorded there becomes the
/// example's record, a discard unwinds as the body's would, and a crash or
/// a body stopped at the deadline is the verdict.
#[cold]
#[inline(never)]
fn run_isolated<T>(
    isolation: &mut Isolation,
    value: T,
    choices: &[u64],
    settings: &Settings,
    exact: bool,
) -> Result<(), Failure> {
    drop(value);
    let deadline = settings.deadline.map(|deadline| (allowed_time(deadline, exact), deadline));
    let cancelled = || settings.cancellation.as_ref().is_some_and(Cancellation::is_cancelled);
    let ran = isolation.run(Request::Example(choices), deadline.map(|(allowed, _)| allowed), cancelled);
    let (verdict, record) = isolated_verdict(ran, deadline.map(|(_, deadline)| deadline));
    stats::replace_current(record);
    match verdict {
        Ok(verdict) => verdict,
        Err(Caught::Stop(stop)) => stop.raise(),
        Err(Caught::Panic(panic)) => Err(Failure::from_panic(*panic)),
    }
}

/// What a case run in a child process came to, as the body's call would
/// have said it, with what the body recorded there: `deadline` names the
/// deadline a body stopped for ran past.
pub(crate) fn isolated_verdict(ran: Ran, deadline: Option<Duration>) -> (BodyResult, ExampleRecord) {
    match ran {
        Ran::Replied(case, record) => {
            let verdict = match case {
                Case::Pass => Ok(Ok(())),
                Case::Fail(failure) => Ok(Err(failure)),
                Case::Discard(stop) => Err(Caught::Stop(stop)),
                // This process drew the example; the child's generators
                // could not, or read it otherwise: they read something
                // besides their choices.
                Case::GeneratorPanic(panic) => Ok(Err(Failure::from_panic(Panic {
                    message: format!(
                        "the generators are not deterministic: the child process replaying this example, which \
                         they drew in the test's own process, {}",
                        panic.what_happened()
                    ),
                    location: panic.location,
                }))),
            };
            (verdict, record)
        }
        Ran::Crashed(how) => (Ok(Err(Failure::new(FailureKind::Crashed, how))), ExampleRecord::default()),
        Ran::Stopped(took) => {
            (Ok(Err(Failure::stopped_at_deadline(took, deadline.unwrap_or(took)))), ExampleRecord::default())
        }
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
pub(super) fn case_of(verdict: BodyResult) -> Case {
    match verdict {
        Ok(Ok(())) => Case::Pass,
        Ok(Err(failure)) => Case::Fail(failure),
        Err(Caught::Stop(stop)) => Case::Discard(stop),
        Err(Caught::Panic(panic)) => Case::Fail(Failure::from_panic(*panic)),
    }
}

impl<G: Generator, B: Body<G::Value>> Execute for Runner<'_, G, B> {
    async fn execute(&mut self, choices: &[u64]) -> Case {
        self.source.start_replay(choices);
        self.replay_case().await
    }

    async fn execute_varied(&mut self, choices: &[u64], variation: Variation) -> Case {
        self.source.start_varying(choices, variation);
        self.replay_case().await
    }

    async fn draw_varied(&mut self, choices: &[u64], variation: Variation) -> bool {
        self.source.start_varying(choices, variation);
        self.draw_and_drop().is_ok()
    }

    fn recorded(&self) -> &Recording {
        self.source.recording()
    }

    fn cancelled(&self) -> bool {
        Runner::cancelled(self)
    }
}
