//! What a run does with the failures it found: shrink each distinct one,
//! run its minimal counterexample again to confirm it and for its notes,
//! and explain which of its arguments matter.

use std::collections::BTreeSet;

use crate::engine::explain::{self, Argument, Budget, CommandArgument, Freedom, Together};
use crate::engine::order::shortlex;
use crate::engine::shrink::{ShrinkLimit, Shrinker};
use crate::engine::source::{ChoiceSource, Recording};
use crate::engine::unwind::Panic;
use crate::generate::Generator;
use crate::property::{CommandArgumentPosition, Failure, Phase, ShrinkPass};

use super::{Body, Case, End, Found, FoundBy, GeneratorPanic, Runner, SHRINK_TIME_SHARE, Summary, offer};

/// How many times a minimal counterexample is run again before it is
/// reported. Once would confirm a failure that comes every other call (a
/// counter in the body) half the time; twice catches such a body always,
/// for one more run of a failing property.
const CONFIRMATIONS: u32 = 2;

/// The most distinct failures one run shrinks and reports.
const MAX_DISTINCT_FAILURES: usize = 16;

/// How many times each free command argument is drawn afresh to see which
/// field of its command it sets.
const FIELD_LOOKS: u64 = 8;

/// Salts the seed of those draws apart from the explain phase's own.
const FIELD_SALT: u64 = 0x6669_656c_6473_2121;

/// One failure shrunk and ready to report.
#[derive(Debug)]
pub(crate) struct Shrunk {
    pub(crate) original: Vec<u64>,
    pub(crate) minimal: Vec<u64>,
    pub(crate) failure: Failure,
    /// What the minimal counterexample recorded with `note`.
    pub(crate) notes: Vec<(String, String)>,
    /// Where the failing sequence it was shrunk from came from.
    pub(crate) found_by: FoundBy,
    pub(crate) shrinks: u64,
    /// What each shrink pass that ran spent and achieved.
    pub(crate) shrink_passes: Vec<ShrinkPass>,
    /// The limit shrinking stopped at, if it did not reach a minimum.
    pub(crate) stopped_at: Option<ShrinkLimit>,
    /// Whether the minimal counterexample failed the same way each time it
    /// was run again for the report ([`CONFIRMATIONS`] times); false for a
    /// flaky property.
    pub(crate) reproduced: bool,
    pub(crate) explanation: Explanation,
}

/// What the explain phase found of one minimal counterexample.
#[derive(Debug)]
pub(crate) struct Explanation {
    /// Per named argument, whether it matters to the failure.
    pub(crate) freedoms: Vec<Freedom>,
    /// What varying the free arguments all together showed.
    pub(crate) free_together: Together,
    /// The command arguments that can take any value.
    pub(crate) free_commands: Vec<CommandArgumentPosition>,
    /// As `free_together`, for the free command arguments.
    pub(crate) free_commands_together: Together,
    /// Whether the budget ran out before every argument was judged.
    pub(crate) cut_short: bool,
}

impl Explanation {
    /// Nothing explained: no argument is known to be free.
    pub(crate) fn none() -> Explanation {
        Explanation {
            freedoms: Vec::new(),
            free_together: Together::Fail,
            free_commands: Vec::new(),
            free_commands_together: Together::Fail,
            cut_short: false,
        }
    }
}

/// What shrinking one failure came to.
struct Shrinking {
    minimal: Vec<u64>,
    failure: Failure,
    shrinks: u64,
    shrink_passes: Vec<ShrinkPass>,
    stopped_at: Option<ShrinkLimit>,
    /// The smallest input met on the way on which the generator panicked.
    generator_panic: Option<GeneratorPanic>,
}

impl Shrinking {
    /// A failure left as it was found.
    fn unshrunk(choices: &[u64], failure: Failure) -> Shrinking {
        Shrinking {
            minimal: choices.to_vec(),
            failure,
            shrinks: 0,
            shrink_passes: Vec::new(),
            stopped_at: None,
            generator_panic: None,
        }
    }
}

impl<G: Generator, B: Body<G::Value>> Runner<'_, G, B> {
    /// The shrink and explain phases: shrinks each distinct failure on its
    /// own, smallest first. Failures of new origins that shrinking runs into
    /// join the queue; each origin is shrunk once. Cancelled part-way, it
    /// gives the check's end instead, with what it had found kept.
    pub(super) async fn shrink_all(
        &mut self,
        mut queue: Vec<Found>,
        summary: &mut Summary,
    ) -> Result<Vec<Shrunk>, End> {
        let mut done: Vec<Shrunk> = Vec::new();
        while !queue.is_empty() && done.len() < MAX_DISTINCT_FAILURES {
            let smallest = (0..queue.len())
                .min_by(|&a, &b| shortlex(&queue[a].choices, &queue[b].choices))
                .expect("the queue is not empty");
            let Found { choices, failure, found_by } = queue.swap_remove(smallest);
            if done.iter().any(|shrunk| shrunk.failure.same_origin(&failure)) {
                continue;
            }
            let calls_before = self.body_calls;
            let Shrinking { minimal, failure, shrinks, shrink_passes, stopped_at, generator_panic } =
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
                let all = || shrunk.clone().chain([minimal.as_slice(), choices.as_slice()]).chain(found.clone());
                let saved = runner.keep_for_next_run(all());
                End::cancelled_with(all(), saved)
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
            // A shrink cut short at a limit is no minimal example to
            // explain; with the shrink phase off, the example found is.
            let explained = stopped_at.is_none_or(|limit| limit == ShrinkLimit::Off);
            let explanation = if reproduced && explained { self.explain(&failure).await } else { Explanation::none() };
            if self.cancelled() {
                return Err(keep_all(self, &queue, &done));
            }
            self.keep_for_next_run([minimal.as_slice(), choices.as_slice()]);
            done.push(Shrunk {
                original: choices,
                minimal,
                failure,
                notes,
                found_by,
                shrinks,
                shrink_passes,
                stopped_at,
                reproduced,
                explanation,
            });
            if !self.settings.multiple_failures {
                break;
            }
        }
        // Failures that reproduced come first: the one a caller reads first
        // is one to trust. Then those the run met by themselves, before
        // those met while shrinking them: a replay token's failure is first.
        let met_by_shrinking = |shrunk: &Shrunk| shrunk.found_by == FoundBy::Shrinking;
        done.sort_by(|a, b| {
            b.reproduced
                .cmp(&a.reproduced)
                .then_with(|| met_by_shrinking(a).cmp(&met_by_shrinking(b)))
                .then_with(|| shortlex(&a.minimal, &b.minimal))
        });
        Ok(done)
    }

    /// Shrinks one failure (unless the shrink phase is off), queueing the
    /// failures of other origins it meets.
    async fn shrink_one(&mut self, choices: &[u64], failure: Failure, queue: &mut Vec<Found>) -> Shrinking {
        if !self.settings.phases.contains(Phase::Shrink) {
            return Shrinking { stopped_at: Some(ShrinkLimit::Off), ..Shrinking::unshrunk(choices, failure) };
        }
        // The generators alone are replayed, in detail, for the spans: they
        // are deterministic, so they draw exactly what the failing case drew.
        let replayed = self.replay_generators(choices);
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
        let multiple_failures = self.settings.multiple_failures;
        let mut shrinker = self.shrinker(original, failure);
        if multiple_failures {
            shrinker = shrinker.collecting_others();
        }
        shrinker.shrink().await;
        let others = shrinker.take_others();
        let generator_panic = shrinker.take_generator_panic();
        let (shrinks, shrink_passes, stopped_at) = (shrinker.shrinks(), shrinker.passes(), shrinker.stopped_at());
        let (minimal, failure) = shrinker.into_best();
        for (choices, failure) in others {
            offer(queue, choices, failure, FoundBy::Shrinking);
        }
        Shrinking { minimal, failure, shrinks, shrink_passes, stopped_at, generator_panic }
    }

    /// A shrinker of `original`, which failed with `failure`, within the
    /// limits the settings give.
    fn shrinker(&mut self, original: Recording, failure: Failure) -> Shrinker<'_, Self> {
        let settings = &self.settings;
        let (max_shrinks, set_by, time_limit) =
            (settings.max_shrinks, settings.max_shrinks_set_by, settings.max_shrink_time);
        Shrinker::new(self, original, failure, max_shrinks).with_max_shrinks_set_by(set_by).with_time_limit(time_limit)
    }

    /// Shrinks an input the generator panicked on to the smallest on which
    /// it panics at the same place (unless the shrink phase is off): the
    /// replays only draw, as the body never sees such an input.
    pub(super) async fn shrink_generator_panic(&mut self, found: GeneratorPanic) -> GeneratorPanic {
        if !self.settings.phases.contains(Phase::Shrink) || self.cancelled() {
            return found;
        }
        self.source.start_replay(&found.choices);
        let again = self.draw_and_drop();
        let original = self.source.recording().clone();
        // A generator that does not panic at the same place again depends
        // on more than its choices: what it drew describes no input to edit.
        let location = found.panic.location.as_ref();
        if !matches!(&again, Err(Case::GeneratorPanic(panic)) if panic.location.as_ref() == location) {
            return found;
        }
        self.drawing_only = true;
        let mut shrinker = self.shrinker(original, Failure::from_panic(found.panic)).of_generator_panic();
        shrinker.shrink().await;
        let (choices, panic) = shrinker.into_best();
        self.drawing_only = false;
        GeneratorPanic {
            choices,
            panic: Panic { message: panic.message().to_owned(), location: panic.location().cloned() },
        }
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
        let mut budget = Budget::new(self.settings.max_shrink_time / SHRINK_TIME_SHARE);
        if let Some(count) = self.settings.explain_arguments
            && recording.spans.len() > 0
        {
            let arguments: Vec<usize> = recording.spans.children(0).collect();
            if arguments.len() == count {
                let freedoms = explain::explain(self, &mut budget, &recording, failure, &arguments, seed).await;
                let free: Vec<Argument> =
                    (0..count).filter(|&index| freedoms[index] == Freedom::Free).map(Argument::Parameter).collect();
                if free.len() >= 2 {
                    explanation.free_together =
                        explain::free_together(self, &mut budget, &recording, failure, &free, seed).await;
                }
                explanation.cut_short |= freedoms.contains(&Freedom::Unjudged);
                explanation.freedoms = freedoms;
            }
        }
        let commands = explain::command_arguments(&recording.spans);
        let spans: Vec<usize> = commands.iter().map(|command| command.span).collect();
        let command_freedoms = explain::explain(self, &mut budget, &recording, failure, &spans, seed).await;
        explanation.cut_short |= command_freedoms.contains(&Freedom::Unjudged);
        let free: Vec<CommandArgument> = commands
            .iter()
            .zip(command_freedoms)
            .filter(|(_, freedom)| *freedom == Freedom::Free)
            .map(|(command, _)| *command)
            .collect();
        // Numbered by field first: those left out are left out of the joint
        // variation too, which the report says of the ones it lists.
        let numbered = self.numbered_by_field(&budget, &recording, &commands, &free, seed);
        if numbered.len() >= 2 {
            // By their positions as drawn, which find their spans again.
            let together: Vec<Argument> = numbered.iter().map(|(drawn, _)| Argument::Command(drawn.position)).collect();
            explanation.free_commands_together =
                explain::free_together(self, &mut budget, &recording, failure, &together, seed).await;
        }
        explanation.free_commands = numbered.into_iter().map(|(_, by_field)| by_field).collect();
        explanation
    }

    /// The command arguments `free` (of `all` that `minimal` drew), each
    /// with its position numbered by the field of its command's `Debug`
    /// form that its draw sets. The order a command's generator draws its
    /// arguments in need not be its fields' order (`(value, key).map(|(value,
    /// key)| Put(key, value))` draws the value first), and the report names
    /// fields. Each draw of a command that holds a free one is drawn afresh
    /// a few times without running the body, and the command's form
    /// compared with the minimal's, field by field. A free argument is
    /// numbered by the one field it changed, if no other draw of its command
    /// changed that field; otherwise it is left out, as a claim about the
    /// wrong field would mislead. So is every argument when the minimal's
    /// forms cannot be drawn again, or `budget`'s time runs out or the check
    /// is cancelled.
    fn numbered_by_field(
        &mut self,
        budget: &Budget,
        minimal: &Recording,
        all: &[CommandArgument],
        free: &[CommandArgument],
        seed: u64,
    ) -> Vec<(CommandArgument, CommandArgumentPosition)> {
        let step = |argument: &CommandArgument| (argument.position.sequence, argument.position.step);
        let Some(minimal_forms) = self.command_forms(|source| source.start_replay(&minimal.choices)) else {
            return Vec::new();
        };
        // The fields each draw of those commands changed; `None` for one
        // whose forms could not be compared, which might be any field.
        let mut changed: Vec<(CommandArgument, Option<BTreeSet<usize>>)> = Vec::new();
        for (index, argument) in all.iter().enumerate() {
            if !free.iter().any(|free| step(free) == step(argument)) {
                continue;
            }
            if !budget.allows(self) {
                return Vec::new();
            }
            let fields = self.fields_changed(
                minimal,
                &minimal_forms,
                argument,
                explain::argument_stream(seed, FIELD_SALT, index),
            );
            changed.push((*argument, fields));
        }
        let field_of = |argument: &CommandArgument| {
            let (_, fields) = changed.iter().find(|(other, _)| other == argument)?;
            let mut own = fields.as_ref()?.iter();
            let (Some(&field), None) = (own.next(), own.next()) else { return None };
            let shared = changed.iter().any(|(other, fields)| {
                other != argument
                    && step(other) == step(argument)
                    && fields.as_ref().is_none_or(|fields| fields.contains(&field))
            });
            (!shared).then_some(field)
        };
        free.iter()
            .filter_map(|argument| {
                let field = field_of(argument)?;
                Some((*argument, CommandArgumentPosition { argument: field + 1, ..argument.position }))
            })
            .collect()
    }

    /// The fields of its command's form that `argument` changed in
    /// [`FIELD_LOOKS`] draws from stream `stream`, compared with
    /// `minimal_forms`; `None` where a form could not be split into fields
    /// to compare.
    fn fields_changed(
        &mut self,
        minimal: &Recording,
        minimal_forms: &[Vec<String>],
        argument: &CommandArgument,
        stream: u64,
    ) -> Option<BTreeSet<usize>> {
        let sequence = explain::sequence_drawn(&minimal.spans, argument.span)?;
        let form_in = |forms: &[Vec<String>]| forms.get(sequence)?.get(argument.position.step - 1).cloned();
        let minimal_form = form_in(minimal_forms)?;
        let mut changed = BTreeSet::new();
        for attempt in 1..=FIELD_LOOKS {
            let variation = explain::variation(minimal, argument.span, stream, attempt);
            let varied = self.command_forms(|source| source.start_varying(&minimal.choices, variation));
            if let Some(form) = varied.as_deref().and_then(form_in) {
                changed.extend(explain::changed_fields(&minimal_form, &form)?);
            }
        }
        Some(changed)
    }

    /// The `Debug` forms of the commands of each sequence drawn by the
    /// replay `start` prepares, drawn without running the body; `None` if
    /// the draw stopped short.
    fn command_forms(&mut self, start: impl FnOnce(&mut ChoiceSource)) -> Option<Vec<Vec<String>>> {
        self.source.keep_command_forms();
        start(&mut self.source);
        let drawn = self.draw_and_drop().is_ok();
        let forms = self.source.take_command_forms();
        drawn.then_some(forms)
    }

    /// Runs the minimal counterexample again, [`CONFIRMATIONS`] times, for
    /// what it notes: notes are for the report of the failure, not for the
    /// candidates on the way. Also says whether it failed the same way as
    /// `failure` each time (a property that depends on more than its input
    /// may not; it stops at the first run that does not). The last run's
    /// recording is the one the explain phase starts from, so the minimal
    /// is not run again for it.
    async fn notes_of(&mut self, minimal: &[u64], failure: &Failure) -> (Vec<(String, String)>, bool) {
        let mut notes = Vec::new();
        for _ in 0..CONFIRMATIONS {
            self.source.start_replay(minimal);
            self.exact_deadline = true;
            let case = self.run_case().await;
            self.exact_deadline = false;
            match case {
                Case::Fail(again) if again.same_origin(failure) => notes = self.record.take_notes(&again),
                Case::Fail(_) | Case::Pass | Case::Discard(_) | Case::GeneratorPanic(_) => {
                    return (std::mem::take(&mut self.record.notes), false);
                }
            }
        }
        (notes, true)
    }
}
