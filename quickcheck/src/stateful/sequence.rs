//! Generating command sequences, and running them.

use std::fmt;
use std::rc::Rc;

use crate::engine::random::Chance;
use crate::engine::source::ChoiceSource;
use crate::engine::unwind::{self, Rejection, Stop, catch};
use crate::generate::Generator;
use crate::generate::collection::Lengths;
use crate::property::format::render;
use crate::stateful::{AsyncCommand, Command, ModelCommand};
use crate::stats;

/// The default longest sequence.
const DEFAULT_MAX_LENGTH: usize = 50;

/// How many times a command whose precondition fails is drawn again before
/// the example is discarded.
const PRECONDITION_ATTEMPTS: u32 = 10;

/// The chance of one more command: so close to 1 that a sequence nearly
/// always has its maximum length, and the shrinker, not the length draw,
/// finds the shortest failing prefix.
const CONTINUE: Chance = Chance::new(1.0 - 1.0 / 65536.0);

/// The most commands a sequence reserves room for before drawing.
const RESERVED_COMMANDS: usize = 64;

/// The label of the span around one attempt at a command; an attempt whose
/// precondition failed is marked discarded, so the shrinker drops it.
pub(crate) const ATTEMPT: &str = "command attempt";

/// The label of a command sequence's span.
pub(crate) const SEQUENCE: &str = "commands";

/// The generator returned by [`commands`].
#[must_use = "a generator does nothing until something draws from it"]
pub struct Commands<Model, Next> {
    initial: Rc<dyn Fn() -> Model>,
    next: Next,
    lengths: Lengths,
}

/// Sequences of commands, generated against a model.
///
/// `initial` makes the model's starting state; it must return an equal model
/// on every call, because every run (and every replay while shrinking) starts
/// from a fresh one. (Where a model that differs makes the commands draw
/// differently, the check warns: health check `nondeterministic_generation`.) `next` gives, for a state of the model, the generator of
/// the next command — or `None` to end the sequence in a terminal state.
///
/// For each step the model's current state goes to `next`, a command is
/// drawn and drawn again (up to ten times) while its precondition rejects
/// it, and the model is updated; the system is never run while generating.
/// Ten rejections discard the example, so a state that offers no valid
/// command shows up as discards rather than as short sequences; a check in
/// which the preconditions reject every command drawn ends
/// [`Exhausted`](crate::Outcome::Exhausted), saying so, rather than passing
/// on empty sequences. Sequences nearly always reach their maximum length
/// (50 by default).
///
/// Give `next` the same generator shape in every state: the shrinker deletes
/// a step by removing its choices and the later steps are drawn again from
/// the choices they had. Where a command has no valid argument in some state,
/// keep it and let its precondition reject it. Choices between generators
/// shrink towards the first, unless a later one takes fewer choices (a
/// command without arguments before one with them): list first the command
/// that always applies, and give it the fewest arguments.
pub fn commands<Model, Next, G>(initial: impl Fn() -> Model + 'static, next: Next) -> Commands<Model, Next>
where
    Next: Fn(&Model) -> Option<G>,
    G: Generator,
    G::Value: ModelCommand<Model>,
{
    Commands { initial: Rc::new(initial), next, lengths: Lengths::default().with_max(DEFAULT_MAX_LENGTH) }
}

// By hand: the model need not be `Clone` for its factory to be shared.
impl<Model, Next: Clone> Clone for Commands<Model, Next> {
    fn clone(&self) -> Self {
        Commands { initial: Rc::clone(&self.initial), next: self.next.clone(), lengths: self.lengths }
    }
}

// The factories are closures, which have no `Debug` form.
impl<Model, Next> fmt::Debug for Commands<Model, Next> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Commands").field("lengths", &self.lengths).finish_non_exhaustive()
    }
}

impl<Model, Next> Commands<Model, Next> {
    /// Sets the longest sequence (default 50), and the shortest to none.
    /// As sequences nearly always reach it, keep it within the limit of
    /// choices that [`length`](Commands::length) describes: a few thousand
    /// commands.
    pub fn max_length(mut self, max_length: usize) -> Self {
        self.lengths = Lengths::default().with_max(max_length);
        self
    }

    /// Sets the fewest and the most commands from a range such as `5..=20`
    /// or `10..` (a range without an end allows up to 64 more than its
    /// start, and as a sequence nearly always reaches its most, `10..`
    /// makes 74 commands). Below the fewest a sequence goes on without
    /// drawing whether to, so `length(50..=50)` makes exactly 50 commands,
    /// unless `next` ends the sequence first in a terminal state; shrinking
    /// keeps at least the fewest. That makes shrinking slower: no command
    /// below the fewest can be deleted, so each is simplified in place,
    /// and a fixed length of a few hundred commands may reach the shrink
    /// limits before the minimal sequence. A small minimum shrinks best.
    ///
    /// A test case makes at most 8192 choices, and a command usually takes
    /// two or more (whether to go on, which command, its arguments), so a
    /// sequence of more than a few thousand commands cannot be drawn: a
    /// check whose sequences need more ends
    /// [`Exhausted`](crate::Outcome::Exhausted) with health check
    /// `data_too_large`. For a long run, test many shorter sequences.
    ///
    /// ```
    /// use quickcheck::stateful::{self, ModelCommand};
    /// use quickcheck::{Generator, generate};
    ///
    /// #[derive(Clone, Debug)]
    /// struct Push(u8);
    /// impl ModelCommand<Vec<u8>> for Push {
    ///     fn update(&self, model: &mut Vec<u8>) {
    ///         model.push(self.0);
    ///     }
    /// }
    ///
    /// let sequences = stateful::commands(Vec::new, |_: &Vec<u8>| Some(generate::integer::<u8>().map(Push)));
    /// let lengths: Vec<usize> = sequences.length(3..=5).sample(50, 1).iter().map(|sequence| sequence.len()).collect();
    /// assert!(lengths.iter().all(|length| (3..=5).contains(length)), "{lengths:?}");
    /// ```
    ///
    /// # Panics
    ///
    /// At the call, if the range is empty.
    #[track_caller]
    pub fn length(mut self, range: impl std::ops::RangeBounds<usize>) -> Self {
        self.lengths = Lengths::within(range, "command sequence");
        self
    }
}

impl<Model, Next, G> Generator for Commands<Model, Next>
where
    Next: Fn(&Model) -> Option<G>,
    G: Generator,
    G::Value: ModelCommand<Model>,
{
    type Value = CommandSequence<Model, G::Value>;

    fn generate(&self, source: &mut ChoiceSource) -> Self::Value {
        let lengths = self.lengths;
        lengths.overrun_if_out_of_reach();
        let mut model = (self.initial)();
        // Sequences nearly always reach their maximum length: reserve it,
        // within reason, rather than growing the vector step by step.
        let commands = Vec::with_capacity(lengths.max.min(RESERVED_COMMANDS));
        let mut drawing = Drawing { commands, initial: &self.initial };
        // Where this sequence's commands' forms go, when the explain phase
        // keeps them.
        let forms_slot = source.command_forms().map(|forms| {
            forms.push(Vec::new());
            forms.len() - 1
        });
        loop {
            let Some(generator) = (self.next)(&model) else { break };
            if drawing.commands.is_empty() && lengths.max > 0 {
                source.command_tally().offered = true;
            }
            if !lengths.next_element(source, drawing.commands.len(), CONTINUE) {
                break;
            }
            let command = draw_valid(source, &generator, &model, drawing.commands.len());
            // Pushed before its update, so that the notes of an update that
            // panics show the command.
            let step = drawing.commands.len();
            drawing.commands.push(command);
            drawing.commands[step].update(&mut model);
            source.close_span();
            if let Some(slot) = forms_slot
                && let Some(forms) = source.command_forms()
            {
                forms[slot].push(render(&drawing.commands[step]));
            }
        }
        let commands = std::mem::take(&mut drawing.commands);
        let tally = source.command_tally();
        tally.accepted |= !commands.is_empty();
        tally.generated = true;
        CommandSequence { commands, initial: Rc::clone(&self.initial) }
    }

    fn label(&self) -> &'static str {
        SEQUENCE
    }
}

/// The label of the note a command sequence leaves on a generator's panic
/// during its draw: the report of the panic reads it to tell a model's
/// panic from any other generator's.
pub(crate) const COMMANDS_DRAWN_NOTE: &str = "commands drawn before the panic";

/// The commands of a sequence being drawn. When a panic of the model
/// (`next`, a precondition, an update) or of a command's generator unwinds
/// through it, and the runner replays that panic's shrunk input for its
/// report, it notes the commands drawn before the panic: the steps that led
/// to the model state the panic came in. On the passing path its drop costs
/// one test of `std::thread::panicking`, and nothing else is kept per step.
struct Drawing<'a, Model, C: ModelCommand<Model>> {
    commands: Vec<C>,
    initial: &'a Rc<dyn Fn() -> Model>,
}

impl<Model, C: ModelCommand<Model>> Drop for Drawing<'_, Model, C> {
    fn drop(&mut self) {
        if unwind::panic_notes_wanted() {
            self.note_panic();
        }
    }
}

impl<Model, C: ModelCommand<Model>> Drawing<'_, Model, C> {
    #[cold]
    #[inline(never)]
    fn note_panic(&self) {
        // Each command on its own, through `render`: a `Debug` that panics
        // (this runs as a panic unwinds) prints a placeholder for that
        // command alone.
        let drawn: Vec<String> = self.commands.iter().map(|command| render(command)).collect();
        let drawn = if drawn.is_empty() { "none".to_owned() } else { drawn.join("\n") };
        unwind::note_panic(COMMANDS_DRAWN_NOTE, drawn);
        // Whether the panic came in the last command's update is found by
        // running the updates again, here, rather than by marking every
        // step of every sequence: a model is a function of its commands.
        let steps = self.commands.len();
        let replayed = catch(|| {
            let mut model = (self.initial)();
            self.commands.iter().for_each(|command| command.update(&mut model));
        });
        let place = if steps > 0 && replayed.is_err() {
            format!("the model update of step {steps}, the last command drawn")
        } else {
            format!("drawing step {} (in `next`, a command's generator or its precondition)", steps + 1)
        };
        unwind::note_panic("panicked in", place);
    }
}

/// Draws a command whose precondition holds in `model`, or discards the
/// example after [`PRECONDITION_ATTEMPTS`] rejections; `drawn` commands
/// came before it in the sequence.
fn draw_valid<Model, G>(source: &mut ChoiceSource, generator: &G, model: &Model, drawn: usize) -> G::Value
where
    G: Generator,
    G::Value: ModelCommand<Model>,
{
    for _ in 0..PRECONDITION_ATTEMPTS {
        let attempt = source.open_span(ATTEMPT);
        let command = source.draw(generator);
        source.close_span();
        if command.precondition(model) {
            return command;
        }
        source.discard_span(attempt);
    }
    rejected(source, drawn)
}

/// Discards an example whose preconditions rejected a command, noting it
/// for the runner: a check whose every command was rejected ran only empty
/// sequences, which must not pass it.
#[cold]
fn rejected(source: &mut ChoiceSource, drawn: usize) -> ! {
    let tally = source.command_tally();
    tally.rejected = true;
    tally.accepted |= drawn > 0;
    Stop::Discard(Rejection::Precondition).raise()
}

/// A sequence of commands, generated by [`commands`] or built from a list
/// with [`new`](CommandSequence::new) to pin a counterexample.
///
/// Run it with [`run`](CommandSequence::run) or
/// [`run_with_invariant`](CommandSequence::run_with_invariant), or iterate
/// [`commands`](CommandSequence::commands) to drive the system yourself (for
/// example to schedule operations across replicas); every command satisfied
/// its precondition when the sequence was generated or built.
///
/// Its `Debug` form lists the commands one per line, numbered from 1, with
/// a run of three or more equal commands on one line (`41 to 500. Pop`; a
/// report shows the first lines of a long original counterexample only);
/// `{:#?}` writes every command, as a list. A command whose `Debug` panics is written as a placeholder,
/// `<Debug panicked: ...>`, and the others as usual.
pub struct CommandSequence<Model, C> {
    commands: Vec<C>,
    initial: Rc<dyn Fn() -> Model>,
}

/// By hand: the model is made afresh by `initial`, so only the commands
/// need to be `Clone`, not the model.
impl<Model, C: Clone> Clone for CommandSequence<Model, C> {
    fn clone(&self) -> Self {
        CommandSequence { commands: self.commands.clone(), initial: Rc::clone(&self.initial) }
    }
}

/// One command a line, numbered from 1 as a failure's step is, and a run of
/// three or more equal commands on one line, numbered by its
/// first and last steps (`{:#?}` writes a list of them all instead): the
/// minimal counterexample of a long sequence is mostly the simplest command
/// over and over, after the step that failed. Each command is written on
/// its own, so that one whose `Debug` panics is a placeholder alone
/// (`<Debug panicked: ...>`) rather than taking the whole sequence's form
/// with it.
impl<Model, C: fmt::Debug> fmt::Debug for CommandSequence<Model, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.debug_list().entries(self.commands.iter().map(Guarded)).finish();
        }
        if self.commands.is_empty() {
            return f.write_str("(no commands)");
        }
        let forms: Vec<String> = self.commands.iter().map(render).collect();
        // Each line's first and last steps, from 0.
        let mut lines: Vec<(usize, usize)> = Vec::new();
        let mut start = 0;
        while start < forms.len() {
            let end = (start..forms.len()).find(|&at| forms[at] != forms[start]).unwrap_or(forms.len());
            let last = if end - start >= SHORTENED_RUN { end - 1 } else { start };
            lines.push((start, last));
            start = last + 1;
        }
        // Numbered from 1, as a failure names its step, and aligned where
        // there are several lines.
        let width = if lines.len() > 1 { forms.len().to_string().len() } else { 0 };
        for (index, &(first, last)) in lines.iter().enumerate() {
            if index > 0 {
                f.write_str("\n")?;
            }
            if first == last {
                write!(f, "{:>width$}. {}", first + 1, forms[first])?;
            } else {
                write!(f, "{:>width$} to {:>width$}. {}", first + 1, last + 1, forms[first])?;
            }
        }
        Ok(())
    }
}

/// How many equal commands in a row a sequence's `Debug` form writes on one
/// line.
const SHORTENED_RUN: usize = 3;

/// A command's `Debug` form as reports write it (see
/// [`render`](crate::property::format::render)), or a placeholder if its
/// `Debug` panics: compact in the alternate form of a sequence too, so that
/// a command of one line stays one item of the list.
struct Guarded<'a, C>(&'a C);

impl<C: fmt::Debug> fmt::Debug for Guarded<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&render(self.0))
    }
}

impl<Model, C: ModelCommand<Model>> CommandSequence<Model, C> {
    /// The sequence of `commands`, run from the model `initial` makes (the
    /// function given to [`commands`]): how to pin a counterexample a check
    /// found, with [`Property::example`](crate::Property::example) or
    /// `#[example(...)]`, so that it stays checked whatever the generators
    /// draw.
    ///
    /// Each command's precondition is checked on the model the commands
    /// before it leave, as generation checks it, so the sequence is one that
    /// generation could have made, and runs as a generated one does.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use quickcheck::stateful::{self, Command, CommandSequence, ModelCommand};
    /// use quickcheck::{Generator, Options, Property, generate};
    ///
    /// #[derive(Clone, Debug)]
    /// enum Operation { Put(u8, u8), Get(u8) }
    ///
    /// /// A store with a bug: it ignores overwrites.
    /// #[derive(Default)]
    /// struct Store(BTreeMap<u8, u8>);
    ///
    /// impl ModelCommand<BTreeMap<u8, u8>> for Operation {
    ///     fn update(&self, model: &mut BTreeMap<u8, u8>) {
    ///         if let Operation::Put(key, value) = *self {
    ///             model.insert(key, value);
    ///         }
    ///     }
    /// }
    ///
    /// impl Command<BTreeMap<u8, u8>, Store> for Operation {
    ///     fn run(&self, model: &BTreeMap<u8, u8>, store: &mut Store) {
    ///         match *self {
    ///             Operation::Put(key, value) => {
    ///                 store.0.entry(key).or_insert(value);
    ///             }
    ///             Operation::Get(key) => assert_eq!(store.0.get(&key), model.get(&key)),
    ///         }
    ///     }
    /// }
    ///
    /// let operations = stateful::commands(BTreeMap::new, |_: &BTreeMap<u8, u8>| {
    ///     let key = generate::between(0u8, 3);
    ///     Some(generate::one_of((
    ///         (key, generate::integer::<u8>()).map(|(k, v)| Operation::Put(k, v)),
    ///         key.map(Operation::Get),
    ///     )))
    /// });
    /// // The minimal counterexample an earlier check reported, pinned: it
    /// // is checked before any generated sequence, on every run.
    /// let found = CommandSequence::new(
    ///     BTreeMap::new,
    ///     [Operation::Put(0, 0), Operation::Put(0, 1), Operation::Get(0)],
    /// );
    /// let result = Property::for_all(operations, |sequence| {
    ///     sequence.run(&mut Store::default());
    /// })
    /// .example(found)
    /// .check(Options::default());
    /// assert!(result.minimal().unwrap().is_explicit(), "{result}");
    /// ```
    ///
    /// # Panics
    ///
    /// At the call, if a command's precondition rejects the model the
    /// commands before it leave: no generated sequence holds such a step.
    /// An update that panics panics here too.
    #[track_caller]
    pub fn new(initial: impl Fn() -> Model + 'static, commands: impl IntoIterator<Item = C>) -> Self {
        let commands: Vec<C> = commands.into_iter().collect();
        let mut model = initial();
        for (step, command) in (1..).zip(&commands) {
            if !command.precondition(&model) {
                let before = match step {
                    1 => "the initial model".to_owned(),
                    2 => "the model that step 1 leaves".to_owned(),
                    3 => "the model that steps 1 and 2 leave".to_owned(),
                    _ => format!("the model that steps 1 to {} leave", step - 1),
                };
                panic!(
                    "the precondition of step {step} of {}, {}, rejects {before}: no generated sequence holds \
                     such a step, and running it would test a state the model rules out. Remove or reorder \
                     commands so that each one's precondition holds after the ones before it",
                    commands.len(),
                    render(command),
                );
            }
            command.update(&mut model);
        }
        CommandSequence { commands, initial: Rc::new(initial) }
    }
}

impl<Model, C> CommandSequence<Model, C> {
    /// The commands, in order.
    pub fn commands(&self) -> &[C] {
        &self.commands
    }

    /// How many commands there are.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// A fresh model in its starting state.
    pub fn initial_model(&self) -> Model {
        (self.initial)()
    }
}

/// Where a run of a sequence has got: when a panic unwinds out of it, or
/// its future is dropped once given up on at the deadline, the failure's
/// notes say at which step (the report shows the whole sequence, and the
/// steps after the failing one never ran). Kept in a local, so a
/// step costs two writes; only the unwinding reads it.
struct Progress {
    length: usize,
    /// The command running, counted from 1; 0 before the first.
    step: usize,
    /// Whether the invariant after `step` (or before the first) is running.
    in_invariant: bool,
}

impl Drop for Progress {
    fn drop(&mut self) {
        // Also true while a discard unwinds, which no report shows, or a
        // panic the body catches itself, whose note the report leaves out.
        if !stats::failure_in_flight() {
            return;
        }
        let Progress { length, step, in_invariant } = *self;
        let note = |place| stats::note_failure_place("failed at", place);
        match (step, in_invariant) {
            (0, _) => note(format_args!("the invariant, before the first command")),
            (step, false) if step < length => {
                note(format_args!("step {step} of {length} (the commands after it did not run)"))
            }
            (step, false) => note(format_args!("step {step} of {length}, the last")),
            (step, true) => note(format_args!("the invariant after step {step} of {length}")),
        }
    }
}

impl<Model, C> CommandSequence<Model, C> {
    /// Runs the commands in order against a fresh model and `system`: for
    /// each, `run` against the model before it, then `update`. Returns the
    /// final model. A panic out of a step is noted in the failure's report
    /// (`failed at: step 4 of 10 (the commands after it did not run)`).
    pub fn run<System>(&self, system: &mut System) -> Model
    where
        C: Command<Model, System>,
    {
        self.run_with_invariant(system, |_, _| {})
    }

    /// Like [`run`](CommandSequence::run), checking `invariant` before the
    /// first command and after each one.
    pub fn run_with_invariant<System>(&self, system: &mut System, mut invariant: impl FnMut(&Model, &System)) -> Model
    where
        C: Command<Model, System>,
    {
        let mut model = self.initial_model();
        let mut progress = Progress { length: self.commands.len(), step: 0, in_invariant: true };
        invariant(&model, system);
        for (step, command) in (1..).zip(&self.commands) {
            (progress.step, progress.in_invariant) = (step, false);
            command.run(&model, system);
            command.update(&mut model);
            progress.in_invariant = true;
            invariant(&model, system);
        }
        model
    }

    /// Runs the commands of an asynchronous system in order, awaiting each
    /// before the next begins. Returns the final model. As with
    /// [`run`](CommandSequence::run), a panic out of a step is noted in the
    /// failure's report.
    pub async fn run_async<System>(&self, system: &mut System) -> Model
    where
        C: AsyncCommand<Model, System>,
    {
        self.run_async_with_invariant(system, async |_: &Model, _: &System| {}).await
    }

    /// Like [`run_async`](CommandSequence::run_async), checking a
    /// synchronous `invariant` before the first command and after each one.
    pub async fn run_async_with_sync_invariant<System>(
        &self,
        system: &mut System,
        mut invariant: impl FnMut(&Model, &System),
    ) -> Model
    where
        C: AsyncCommand<Model, System>,
    {
        self.run_async_with_invariant(system, async |model: &Model, system: &System| invariant(model, system)).await
    }

    /// Like [`run_async`](CommandSequence::run_async), awaiting an
    /// asynchronous `invariant` before the first command and after each one.
    pub async fn run_async_with_invariant<System>(
        &self,
        system: &mut System,
        mut invariant: impl AsyncFnMut(&Model, &System),
    ) -> Model
    where
        C: AsyncCommand<Model, System>,
    {
        let mut model = self.initial_model();
        // Dropped while a panic unwinds out of a poll of this future, as the
        // record for notes is installed around every poll.
        let mut progress = Progress { length: self.commands.len(), step: 0, in_invariant: true };
        invariant(&model, system).await;
        for (step, command) in (1..).zip(&self.commands) {
            (progress.step, progress.in_invariant) = (step, false);
            command.run(&model, system).await;
            command.update(&mut model);
            progress.in_invariant = true;
            invariant(&model, system).await;
        }
        model
    }
}
