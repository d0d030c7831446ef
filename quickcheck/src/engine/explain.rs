//! The explain phase: which arguments of the minimal counterexample matter.
//!
//! A minimal counterexample says *a* simplest failing input, not which parts
//! of it the failure depends on. `(a, b, c) = (11, 0, 11)` may fail for any
//! `b`; the report is clearer if it says so. After shrinking, each argument's
//! span is drawn afresh at random while everything else is replayed exactly
//! (see [`ChoiceSource::start_varying`](crate::engine::source::ChoiceSource::start_varying)):
//!
//! - a variation that passes, or fails some other way, shows the argument
//!   [`Matters`](Freedom::Matters), and the argument is done;
//! - if every variation that ran failed the same way, the argument is
//!   [`Free`](Freedom::Free): the report can say "any value tried fails";
//! - an argument whose choices are all forced, or that never produced a
//!   valid variation, is [`Fixed`](Freedom::Fixed): nothing is known.
//!
//! Before the random variations, an argument is given the value of each
//! other argument of the same kind, which catches failures that depend on
//! two arguments differing. And when two or more arguments come out free,
//! they are varied all at once ([`free_together`]): each may fail for any
//! value alone while not all of them together.
//!
//! The first variation of an argument is its simplest value; the random
//! ones after it grow from small to full size over the first
//! [`GROWING`] of them, as a run's examples do. Random draws at full size
//! alone would almost never make a short list or an empty command
//! sequence, and "any value tried fails" must hold for those too.
//!
//! The phase has a [`Budget`] per failure: a run of
//! [`MAX_CALLS`] body calls, or a thirtieth of the shrink time limit
//! (the runner's `SHRINK_TIME_SHARE`). An
//! argument it did not finish judging when that ran out is
//! [`Unjudged`](Freedom::Unjudged): the report claims nothing of it, and
//! says that the phase stopped short. If it runs
//! out while the free arguments are varied together, that is
//! [`Unknown`](Together::Unknown), and the report says they were not
//! varied all at once. (A command sequence has an argument per command
//! argument; with a slow system, a hundred variations of each could take
//! longer than the shrink did.)
//!
//! A variation only counts when it drew something new and ran to the body:
//! a draw that repeats the minimal's choices, a filter's discard or an
//! overrun says nothing about the argument. Each argument's randomness comes
//! from the run's seed and the argument's index alone, so a seed explains a
//! failure the same way every time.

use std::time::{Duration, Instant};

use rand_xoshiro::rand_core::Rng;

use crate::engine::random;
use crate::engine::run::Case;
use crate::engine::shrink::Execute;
use crate::engine::source::{Fill, Recording, Variation};
use crate::engine::spans::{ELEMENT, Spans};
use crate::property::format::{is_whole, top_level_fields};
use crate::property::{CommandArgumentPosition, Failure};
use crate::stateful::sequence::{ATTEMPT, SEQUENCE};

/// The most variations tried per argument.
const MAX_VARIATIONS: u64 = 100;

/// After this many variations, an argument whose variations mostly do not
/// count (a filtered generator, a near-forced draw) is given up on.
const EARLY_LOOK: u64 = 20;

/// An argument is given up on at the early look when fewer than one
/// variation in this many counted.
const MIN_COUNTED_ONE_IN: u64 = 5;

/// Over this many variations, the random ones grow to full size.
const GROWING: u64 = 10;

/// The most body calls the explain phase makes for one failure: enough
/// for a hundred variations of each of several arguments, and for their
/// joint variations.
pub(crate) const MAX_CALLS: u64 = 1000;

/// What the explain phase of one failure may still spend: body calls and
/// time. Every variation takes one call from it first; once it is spent,
/// or the check is cancelled, nothing more is judged.
pub(crate) struct Budget {
    calls_left: u64,
    until: Option<Instant>,
}

impl Budget {
    /// A budget of [`MAX_CALLS`] calls and `time`.
    pub(crate) fn new(time: Duration) -> Budget {
        Budget { calls_left: MAX_CALLS, until: Instant::now().checked_add(time) }
    }

    /// Takes one call; false when the budget is spent or `runner`'s check
    /// was cancelled.
    fn take<V: Execute>(&mut self, runner: &V) -> bool {
        if !self.allows(runner) {
            return false;
        }
        self.calls_left -= 1;
        true
    }

    /// Whether a call may still be taken: calls and time are left, and
    /// `runner`'s check was not cancelled.
    pub(crate) fn allows<V: Execute>(&self, runner: &V) -> bool {
        let in_time = self.until.is_none_or(|until| Instant::now() < until);
        !runner.cancelled() && self.calls_left > 0 && in_time
    }
}

/// Salts the seed, so the explain phase's random streams are unrelated to
/// those that generated the run's examples.
const EXPLAIN_SALT: u64 = 0x6578_706c_6169_6e21;

/// Salts the streams of [`free_together`] apart from the single ones.
const TOGETHER_SALT: u64 = 0x746f_6765_7468_6572;

/// Per argument: whether it can vary without changing the outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Freedom {
    /// Some variation passed or failed differently.
    Matters,
    /// Every valid variation failed the same way.
    Free,
    /// It could not be varied (all its choices forced, or no valid variation).
    Fixed,
    /// The budget ran out before it was judged: nothing is known.
    Unjudged,
}

/// Judges each argument of the minimal counterexample: `arguments` are span
/// ids in `minimal` (for a tuple of named parameters, the root's children),
/// `failure` is how `minimal` failed and `seed` fixes the randomness.
pub(crate) async fn explain<V: Execute>(
    runner: &mut V,
    budget: &mut Budget,
    minimal: &Recording,
    failure: &Failure,
    arguments: &[usize],
    seed: u64,
) -> Vec<Freedom> {
    let mut freedoms = vec![Freedom::Fixed; arguments.len()];
    for (index, &span) in arguments.iter().enumerate() {
        if borrowing_matters(runner, budget, minimal, failure, arguments, span).await {
            freedoms[index] = Freedom::Matters;
            continue;
        }
        let stream = argument_stream(seed, EXPLAIN_SALT, index);
        freedoms[index] = explain_argument(runner, budget, minimal, failure, span, stream).await;
    }
    freedoms
}

/// Whether giving the argument at `span` the value of another argument of
/// the same kind (the same generator label) makes the failure go away or
/// change. Random values rarely hit the one that matters when it is
/// another argument's: a failure of `a != b` at `(0, 1)` fails for nearly
/// any `a`, but not for `a = 1`.
async fn borrowing_matters<V: Execute>(
    runner: &mut V,
    budget: &mut Budget,
    minimal: &Recording,
    failure: &Failure,
    arguments: &[usize],
    span: usize,
) -> bool {
    let (spans, choices) = (&minimal.spans, &minimal.choices);
    let own = spans.range(span);
    for &other in arguments.iter().filter(|&&other| other != span && spans.label(other) == spans.label(span)) {
        let lent = spans.range(other);
        if choices[own.clone()] == choices[lent.clone()] {
            continue;
        }
        if !budget.take(runner) {
            return false;
        }
        let borrowed: Vec<u64> =
            choices[..own.start].iter().chain(&choices[lent]).chain(&choices[own.end..]).copied().collect();
        match runner.execute(&borrowed).await {
            Case::Pass => return true,
            Case::Fail(other) if !failure.same_origin(&other) => return true,
            Case::Fail(_) | Case::Discard(_) | Case::GeneratorPanic(_) => {}
        }
    }
    false
}

/// An argument of the minimal counterexample, by where it is rather than
/// by span id: varying an argument before it may move its span, so it is
/// found afresh in each recording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Argument {
    /// A named parameter: an index among the root span's children.
    Parameter(usize),
    /// An argument of a command of a command sequence.
    Command(CommandArgumentPosition),
}

impl Argument {
    /// The argument's span in `spans`, if it is there.
    fn span_in(self, spans: &Spans) -> Option<usize> {
        match self {
            Argument::Parameter(index) => spans.children(0).nth(index),
            Argument::Command(position) => {
                command_arguments(spans).into_iter().find(|found| found.position == position).map(|found| found.span)
            }
        }
    }
}

/// What varying the free arguments all at once showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Together {
    /// Every joint variation that ran failed the same way; also the answer
    /// when fewer than two arguments are free, with nothing to vary together.
    Fail,
    /// A joint variation passed, or failed another way.
    CanPass,
    /// The budget ran out before the joint variations all ran, none of
    /// them passing: nothing is known of the arguments together.
    Unknown,
}

impl Together {
    /// As the public API says it: whether they fail together, if known.
    pub(crate) fn known(self) -> Option<bool> {
        match self {
            Together::Fail => Some(true),
            Together::CanPass => Some(false),
            Together::Unknown => None,
        }
    }
}

/// Whether the arguments `free` (each found [`Free`](Freedom::Free) alone)
/// still fail the same way when all of them vary at once. `(a, b) = (0, 0)`
/// failing `a != 0 && b != 0` fails for any `a` and for any `b`, but not
/// for any of both: a report that marked both without saying so would
/// mislead. [`CanPass`](Together::CanPass) as soon as one joint variation
/// passes or fails another way.
///
/// A joint variation varies the arguments in turn, each over the draw
/// before (an argument's span is found afresh, as the one before may have
/// changed size); all but the last only draw, so a variation costs one
/// body call however many arguments it varies.
pub(crate) async fn free_together<V: Execute>(
    runner: &mut V,
    budget: &mut Budget,
    minimal: &Recording,
    failure: &Failure,
    free: &[Argument],
    seed: u64,
) -> Together {
    let Some((last, before)) = free.split_last() else { return Together::Fail };
    let mut current = minimal.clone();
    'attempts: for attempt in 1..=MAX_VARIATIONS {
        if !budget.allows(runner) {
            return Together::Unknown;
        }
        let stream = random::for_example(seed ^ EXPLAIN_SALT ^ TOGETHER_SALT, attempt).next_u64();
        let variation = |turn: usize, spans: &Spans, argument: &Argument| {
            let span = argument.span_in(spans)?;
            let fill = fill(attempt, random::for_example(stream, turn as u64));
            Some(Variation::whole(span, spans.range(span).end, fill))
        };
        current.clone_from(minimal);
        for (turn, argument) in before.iter().enumerate() {
            // A draw that stopped short (a filter's discard, an overrun)
            // says nothing of the arguments.
            let Some(variation) = variation(turn, &current.spans, argument) else { continue 'attempts };
            if !runner.draw_varied(&current.choices, variation).await {
                continue 'attempts;
            }
            current.clone_from(runner.recorded());
        }
        let Some(variation) = variation(before.len(), &current.spans, last) else { continue };
        if !budget.take(runner) {
            return Together::Unknown;
        }
        match runner.execute_varied(&current.choices, variation).await {
            Case::Pass => return Together::CanPass,
            Case::Fail(other) if !failure.same_origin(&other) => return Together::CanPass,
            _ => {}
        }
    }
    Together::Fail
}

/// One argument of one command of a command sequence, found by
/// [`command_arguments`]: where it sits, and its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CommandArgument {
    pub(crate) position: CommandArgumentPosition,
    pub(crate) span: usize,
}

/// The arguments of every command in every command sequence the recording
/// drew ([`stateful::commands`](crate::stateful::commands)).
///
/// A step is an element of the sequence; its command is the draw inside
/// the attempt that was not rejected. The command's arguments are found by
/// shape: past draws that only wrap one other draw (a `map`, the variant
/// `one_of` chose), the children of the first draw with several are the
/// arguments (`(key, value).map(Put)` has two); a draw with none, or a
/// collection (whose children are its elements), is the one argument itself
/// (`key.map(Get)`, `generate::string().map(Append)`).
pub(crate) fn command_arguments(spans: &Spans) -> Vec<CommandArgument> {
    let mut found = Vec::new();
    // A sequence a filter rejected (or one inside a rejected draw) is no
    // part of the input.
    let kept = |span: usize| {
        std::iter::successors(Some(span), |&span| spans.parent(span)).all(|span| !spans.is_discarded(span))
    };
    let sequences = (0..spans.len()).filter(|&span| spans.label(span) == SEQUENCE && kept(span));
    for (sequence_number, sequence) in sequences.enumerate() {
        let steps = spans.children(sequence).filter(|&step| spans.label(step) == ELEMENT);
        for (step, element) in steps.enumerate() {
            let at =
                |argument: usize| CommandArgumentPosition { sequence: sequence_number + 1, step: step + 1, argument };
            let accepted = spans
                .children(element)
                .find(|&attempt| spans.label(attempt) == ATTEMPT && !spans.is_discarded(attempt));
            let Some(mut command) = accepted.and_then(|attempt| spans.children(attempt).next()) else { continue };
            loop {
                let mut children = spans.children(command);
                match (children.next(), children.next()) {
                    (Some(first), _) if spans.label(first) == ELEMENT => {
                        found.push(CommandArgument { position: at(1), span: command });
                        break;
                    }
                    (Some(only), None) => command = only,
                    (Some(_), Some(_)) => {
                        let arguments = spans.children(command).enumerate();
                        found.extend(
                            arguments.map(|(argument, span)| CommandArgument { position: at(argument + 1), span }),
                        );
                        break;
                    }
                    (None, _) => {
                        found.push(CommandArgument { position: at(1), span: command });
                        break;
                    }
                }
            }
        }
    }
    found
}

/// Which of the command sequences drawn, counted from 0 in the order drawn
/// (rejected ones included), holds the span `span`: where the source keeps
/// its commands' forms (see
/// [`keep_command_forms`](crate::engine::source::ChoiceSource::keep_command_forms)).
pub(crate) fn sequence_drawn(spans: &Spans, span: usize) -> Option<usize> {
    // From the argument's parent: an argument may be a sequence itself.
    let sequence = std::iter::successors(spans.parent(span), |&span| spans.parent(span))
        .find(|&span| spans.label(span) == SEQUENCE)?;
    // Spans are numbered in the order they open, as sequences are drawn.
    Some((0..sequence).filter(|&span| spans.label(span) == SEQUENCE).count())
}

/// The fields of a command's `Debug` form that differ between the forms
/// `minimal` and `varied`; `None` where they cannot be compared field by
/// field: either is cut short or a placeholder, has no fields to tell
/// apart, or they have different numbers of fields.
pub(crate) fn changed_fields(minimal: &str, varied: &str) -> Option<Vec<usize>> {
    let (minimal, varied) = (command_fields(minimal)?, command_fields(varied)?);
    (minimal.len() == varied.len())
        .then(|| (0..minimal.len()).filter(|&field| minimal[field] != varied[field]).collect())
}

/// The fields of a command's `Debug` form, if it is whole (not cut short,
/// not a placeholder) and has fields to tell apart.
pub(crate) fn command_fields(form: &str) -> Option<Vec<&str>> {
    top_level_fields(form).filter(|_| is_whole(form))
}

/// Variation `attempt` (from 1) of the argument at span `span` of
/// `minimal`: the span drawn afresh as [`fill`] says, from stream `stream`.
pub(crate) fn variation(minimal: &Recording, span: usize, stream: u64, attempt: u64) -> Variation {
    Variation::whole(span, minimal.spans.range(span).end, fill(attempt, random::for_example(stream, attempt)))
}

/// The random stream of argument `index` of the explain phase's kind
/// `salt`, from the run's seed alone.
pub(crate) fn argument_stream(seed: u64, salt: u64, index: usize) -> u64 {
    random::for_example(seed ^ salt, index as u64).next_u64()
}

/// How variation `attempt` (from 1) draws its span: the simplest value
/// first, then at random from `random`, small at first.
fn fill(attempt: u64, random: random::Random) -> Fill {
    if attempt == 1 {
        return Fill::Simplest;
    }
    Fill::Random { random, scale: ((attempt - 1) as f64 / GROWING as f64).min(1.0) }
}

/// Varies one argument until it is seen to matter, the budget is spent or
/// too few variations count; variation `n` draws from stream `stream`'s
/// `n`th generator.
async fn explain_argument<V: Execute>(
    runner: &mut V,
    budget: &mut Budget,
    minimal: &Recording,
    failure: &Failure,
    span: usize,
    stream: u64,
) -> Freedom {
    let original = minimal.spans.range(span);
    if minimal.maxima[original.clone()].iter().all(|&max| max == 0) {
        return Freedom::Fixed;
    }
    let mut counted = 0;
    for attempt in 1..=MAX_VARIATIONS {
        // Cut short (a cancelled check stops between examples here as
        // everywhere), the phase claims nothing of the argument.
        if !budget.take(runner) {
            return Freedom::Unjudged;
        }
        let case = runner.execute_varied(&minimal.choices, variation(minimal, span, stream, attempt)).await;
        let drew_something_new = runner.recorded().choices != minimal.choices;
        match case {
            // A generator panic made no test case, so it judges nothing.
            Case::Discard(_) | Case::GeneratorPanic(_) => {}
            _ if !drew_something_new => {}
            Case::Pass => return Freedom::Matters,
            Case::Fail(other) if !failure.same_origin(&other) => return Freedom::Matters,
            Case::Fail(_) => counted += 1,
        }
        // Too few variations count to judge: a handful that failed the
        // same way would be no evidence that any value tried fails.
        if attempt >= EARLY_LOOK && counted * MIN_COUNTED_ONE_IN < attempt {
            return Freedom::Fixed;
        }
    }
    Freedom::Free
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shrink::Shrinker;
    use crate::engine::stand_in::Property;
    use crate::engine::unwind::{Rejection, Stop};
    use crate::generate::{self, Generator};
    use crate::property::complete_now;

    impl<G: Generator, F: Fn(G::Value) -> Option<u32>> Property<G, F> {
        fn explain(&mut self, minimal: &Recording, failure: &Failure) -> Vec<Freedom> {
            let arguments: Vec<usize> = minimal.spans.children(0).collect();
            complete_now(explain(self, &mut unbounded(), minimal, failure, &arguments, 7))
        }
    }

    #[test]
    fn changed_fields_compare_the_commands_field_by_field() {
        assert_eq!(changed_fields("Put(3, 0)", "Put(3, 17)"), Some(vec![1]));
        assert_eq!(changed_fields("Put(3, 0)", "Put(3, 0)"), Some(vec![]));
        assert_eq!(changed_fields("Put(3, [0, 1])", "Put(2, [1])"), Some(vec![0, 1]));
        assert_eq!(changed_fields("Get(3)", "Put(3, 0)"), None);
        assert_eq!(changed_fields("Put(3, 0)", "<Debug panicked: oops>"), None);
        assert_eq!(changed_fields("Get", "Get"), None);
    }

    /// A budget that never runs out within a test.
    fn unbounded() -> Budget {
        Budget { calls_left: u64::MAX, until: None }
    }

    fn bytes() -> generate::Integer<u8> {
        generate::integer::<u8>()
    }

    /// A write of a value to a key, as a command whose model is the last
    /// value written.
    #[derive(Clone, Debug)]
    struct Write(u8, u8);

    impl crate::stateful::ModelCommand<u8> for Write {
        fn update(&self, last: &mut u8) {
            *last = self.1;
        }
    }

    /// A sequence that a filter rejected is no part of the input: the
    /// arguments found are the kept sequence's, numbered as the first.
    #[test]
    fn a_sequence_a_filter_rejected_is_not_counted() {
        let writes = (bytes(), bytes()).map(|(key, value)| Write(key, value));
        let sequences = crate::stateful::commands(|| 0, move |_: &u8| Some(writes))
            .max_length(2)
            .filter(|sequence| sequence.commands().first().is_some_and(|write| write.0 % 2 == 0));
        let mut source = crate::engine::source::ChoiceSource::new();
        let found = (0..100).find_map(|seed| {
            source.reseed(crate::engine::random::for_example(seed, 0));
            source.start_random(1.0);
            source.record_spans();
            crate::engine::unwind::catch(|| source.draw_example(&sequences)).ok()?;
            let spans = &source.recording().spans;
            let rejected = (0..spans.len()).any(|span| spans.label(span) == SEQUENCE && spans.is_discarded(span));
            rejected.then(|| command_arguments(spans))
        });
        let arguments = found.expect("no seed drew a rejected sequence first");
        assert!(!arguments.is_empty());
        assert!(arguments.iter().all(|found| found.position.sequence == 1), "{arguments:?}");
        let spans = &source.recording().spans;
        let rejected: Vec<_> = (0..spans.len()).filter(|&span| spans.is_discarded(span)).collect();
        let inside = |span: usize, outer: usize| spans.range(outer).contains(&spans.range(span).start);
        let in_rejected = |span| rejected.iter().any(|&outer| inside(span, outer));
        assert!(arguments.iter().all(|found| !in_rejected(found.span)), "{arguments:?}");
    }

    #[test]
    fn a_cancelled_check_stops_varying_at_once() {
        let mut property = Property::new((bytes(), bytes()), |(a, _): (u8, u8)| (a > 10).then_some(1));
        let (minimal, failure) = property.replayed(&[11, 0]);
        property.cancelled_after = Some(property.runs + 3);
        property.explain(&minimal, &failure);
        assert_eq!(property.runs, 1 + 3, "it ran on after the cancellation");
    }

    /// Eight arguments that any value fails for take a hundred variations
    /// each; a budget of 250 calls judges two of them and claims nothing
    /// of the rest, and a budget out of time runs nothing.
    #[test]
    fn the_budget_bounds_the_calls_and_leaves_the_rest_unjudged() {
        let bytes8 = (bytes(), bytes(), bytes(), bytes(), bytes(), bytes(), bytes(), bytes());
        let mut property = Property::new(bytes8, |_| Some(1));
        let (minimal, failure) = property.replayed(&[0; 8]);
        let arguments: Vec<usize> = minimal.spans.children(0).collect();
        let runs = property.runs;
        let mut budget = Budget { calls_left: 250, until: None };
        let freedoms = complete_now(explain(&mut property, &mut budget, &minimal, &failure, &arguments, 7));
        use Freedom::{Free, Unjudged};
        assert_eq!(freedoms, [Free, Free, Unjudged, Unjudged, Unjudged, Unjudged, Unjudged, Unjudged]);
        assert_eq!(property.runs - runs, 250);
        let both = [Argument::Parameter(0), Argument::Parameter(1)];
        let together = complete_now(free_together(&mut property, &mut budget, &minimal, &failure, &both, 7));
        assert_eq!(together, Together::Unknown);
        assert_eq!(property.runs - runs, 250, "a spent budget runs nothing more");

        let mut out_of_time = Budget { calls_left: MAX_CALLS, until: Some(Instant::now()) };
        let freedoms = complete_now(explain(&mut property, &mut out_of_time, &minimal, &failure, &arguments, 7));
        assert_eq!(freedoms, [Unjudged; 8]);
        assert_eq!(property.runs - runs, 250);
    }

    #[test]
    fn an_argument_the_failure_ignores_is_free() {
        let mut property =
            Property::new((bytes(), bytes(), bytes()), |(a, _, c): (u8, u8, u8)| (a > 10 && c > 10).then_some(1));
        let (minimal, failure) = property.replayed(&[11, 0, 11]);
        use Freedom::{Free, Matters};
        assert_eq!(property.explain(&minimal, &failure), vec![Matters, Free, Matters]);
    }

    /// `a != b` fails at `(0, 123457)` for every `a` a random draw is
    /// likely to make: only lending `a` the value of `b` shows that it
    /// matters.
    #[test]
    fn an_argument_that_must_differ_from_another_matters() {
        let words = || generate::integer::<u32>();
        let mut property = Property::new((words(), words()), |(a, b): (u32, u32)| (a != b).then_some(1));
        let (minimal, failure) = property.replayed(&[0, 123_457]);
        assert_eq!(property.explain(&minimal, &failure), vec![Freedom::Matters, Freedom::Matters]);
    }

    #[test]
    fn explaining_a_shrunk_failure_finds_what_it_depends_on() {
        let mut property = Property::new(
            (generate::vec(bytes()), bytes(), generate::boolean()),
            |(list, byte, _): (Vec<u8>, u8, bool)| (list.len() >= 2 && byte > 100).then_some(1),
        );
        let (start, failure) = property.replayed(&[1, 9, 1, 9, 1, 9, 0, 200, 1]);
        let mut shrinker = Shrinker::new(&mut property, start, failure, 1000);
        complete_now(shrinker.shrink());
        let (minimal, failure) = shrinker.into_best();
        let (minimal, _) = property.replayed(&minimal);
        // `([0, 0], 101, false)` today; the explanation does not depend on
        // the shrinker reaching exactly that.
        assert!(minimal.choices.len() < 9, "{:?}", minimal.choices);
        use Freedom::{Free, Matters};
        assert_eq!(property.explain(&minimal, &failure), vec![Matters, Matters, Free]);
    }

    /// A list that fails unless it is empty: the first variation of each
    /// argument is its simplest value, which settles both at once.
    #[test]
    fn an_argument_whose_simplest_value_passes_matters() {
        let mut property =
            Property::new((bytes(), generate::vec(bytes()).min_length(0)), |(a, list): (u8, Vec<u8>)| {
                (a > 10 && !list.is_empty()).then_some(1)
            });
        let (minimal, failure) = property.replayed(&[11, 1, 0, 0]);
        property.varied.clear();
        assert_eq!(property.explain(&minimal, &failure), vec![Freedom::Matters, Freedom::Matters]);
        // One variation each settled it: the simplest byte, then the empty
        // list, which a random list is only one time in six.
        assert_eq!(property.varied, [vec![0, 1, 0, 0], vec![11, 0]]);
    }

    /// The random variations start small, as a run's examples do, and
    /// grow to full size.
    #[test]
    fn random_variations_grow_from_small_to_full_size() {
        let sizes = std::cell::RefCell::new(Vec::new());
        let sized = generate::from_fn(|source| (source.draw(&bytes()), source.scale()));
        let mut property = Property::new(sized, |(_, size): (u8, f64)| {
            sizes.borrow_mut().push(size);
            Some(1)
        });
        let (minimal, failure) = property.replayed(&[7]);
        sizes.borrow_mut().clear();
        // The root span, the whole value, is the one argument.
        assert_eq!(
            complete_now(explain(&mut property, &mut unbounded(), &minimal, &failure, &[0], 7)),
            vec![Freedom::Free]
        );
        let sizes = sizes.take();
        assert_eq!(sizes.len() as u64, MAX_VARIATIONS);
        // The first variation, the simplest value, draws nothing at random.
        assert_eq!(sizes[1..4], [0.1, 0.2, 0.3]);
        assert!(sizes[1..].windows(2).all(|pair| pair[0] <= pair[1]), "{sizes:?}");
        assert_eq!(sizes[GROWING as usize..], [1.0; (MAX_VARIATIONS - GROWING) as usize]);
    }

    #[test]
    fn a_failure_elsewhere_counts_as_mattering() {
        // Any `b` fails, but a large one fails at another line: another bug.
        let mut property =
            Property::new((bytes(), bytes()), |(a, b): (u8, u8)| (a > 10).then_some(if b > 200 { 2 } else { 1 }));
        let (minimal, failure) = property.replayed(&[11, 0]);
        assert_eq!(property.explain(&minimal, &failure)[1], Freedom::Matters);
    }

    #[test]
    fn an_argument_with_only_forced_choices_is_fixed_without_running() {
        // A one-value range still records its choice, forced to 0.
        let mut property =
            Property::new((bytes(), generate::between(5u8, 5)), |(a, _): (u8, u8)| (a > 10).then_some(1));
        let (minimal, failure) = property.replayed(&[11, 0]);
        let arguments: Vec<usize> = minimal.spans.children(0).collect();
        property.runs = 0;
        let freedoms = complete_now(explain(&mut property, &mut unbounded(), &minimal, &failure, &arguments[1..], 7));
        assert_eq!(freedoms, vec![Freedom::Fixed]);
        assert_eq!(property.runs, 0);
    }

    #[test]
    fn an_argument_that_rarely_varies_is_given_up_on_early() {
        // The second argument rejects every byte but the one it already
        // has: each variation is discarded or repeats the minimal, so none
        // counts and the budget is not spent on it.
        let rare = generate::from_fn(|source| {
            let byte = source.draw(&bytes());
            if byte != 0 {
                Stop::Discard(Rejection::Filter).raise();
            }
            byte
        });
        let mut property = Property::new((bytes(), rare), |(a, _): (u8, u8)| (a > 10).then_some(1));
        let (minimal, failure) = property.replayed(&[11, 0]);
        let arguments: Vec<usize> = minimal.spans.children(0).collect();
        property.runs = 0;
        let freedoms = complete_now(explain(&mut property, &mut unbounded(), &minimal, &failure, &arguments[1..], 7));
        assert_eq!(freedoms, vec![Freedom::Fixed]);
        assert_eq!(property.runs, EARLY_LOOK);
    }

    #[test]
    fn an_argument_given_up_on_is_never_called_free() {
        // One variation of `b` in sixteen passes the filter, and half of
        // those pass the property: `b` matters. When the early look comes
        // before a variation has shown that, the few that failed the same
        // way are no evidence that any `b` fails.
        let sparse = generate::from_fn(|source| {
            let byte = source.draw(&bytes());
            if byte % 16 != 0 {
                Stop::Discard(Rejection::Filter).raise();
            }
            byte
        });
        let mut property = Property::new((bytes(), sparse), |(a, b): (u8, u8)| (a > 10 && b < 128).then_some(1));
        let (minimal, failure) = property.replayed(&[11, 0]);
        let arguments: Vec<usize> = minimal.spans.children(0).collect();
        for seed in 0..40 {
            let freedoms =
                complete_now(explain(&mut property, &mut unbounded(), &minimal, &failure, &arguments[1..], seed));
            assert_ne!(freedoms, vec![Freedom::Free], "seed {seed}");
        }
    }

    #[test]
    fn the_same_seed_explains_the_same_way() {
        let mut property = Property::new((bytes(), bytes()), |(a, b): (u8, u8)| (a > 10 && b < 250).then_some(1));
        let (minimal, failure) = property.replayed(&[11, 0]);
        let arguments: Vec<usize> = minimal.spans.children(0).collect();
        let mut runs_of = |seed| {
            property.runs = 0;
            let freedoms = complete_now(explain(&mut property, &mut unbounded(), &minimal, &failure, &arguments, seed));
            (freedoms, property.runs)
        };
        assert_eq!(runs_of(3), runs_of(3));
    }
}
