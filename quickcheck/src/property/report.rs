//! The report: what `assert` panics with and `PropertyResult` displays.

use std::borrow::Cow;
use std::fmt::{self, Display, Formatter};

use crate::engine::explain::Together;
use crate::engine::run::FoundBy;
use crate::engine::shrink::ShrinkLimit;
use crate::property::format::listed;
use crate::property::result::Advice;
use crate::property::{
    CommandArgumentPosition, Counterexample, Failure, FailureKind, FailureReport, HealthCheck, HealthWarning, Outcome,
    PropertyResult, Replay,
};
use crate::stats::Shortfalls;

/// `count` and the noun for it, `one` or `many`: "1 shrink", "3 shrinks".
pub(crate) fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// Writes a possibly multi-line message, indenting continuation lines to
/// line up under the report's two-space margin. Control characters other
/// than the line breaks and tabs are written as escapes (`\u{80}`): a
/// panic message that quotes the value it failed on (the standard
/// library's "byte index 1 is not a char boundary; it is inside '\u{80}'")
/// would otherwise show it as nothing, or move the terminal's cursor.
fn indented(text: &str) -> String {
    let mut written = String::with_capacity(text.len());
    // A Windows line break is a line break, not a control character.
    for character in text.replace("\r\n", "\n").chars() {
        match character {
            '\n' => written.push_str("\n    "),
            '\t' => written.push('\t'),
            control if control.is_control() => written.push_str(&control.escape_unicode().to_string()),
            other => written.push(other),
        }
    }
    written
}

/// How many lines of an original counterexample a report shows: it is
/// there to show where shrinking started, and a long one would bury the
/// minimal counterexample above it.
const ORIGINAL_LINES: usize = 10;

/// `text` cut after `max_lines` lines, saying how many were left out.
fn first_lines(text: &str, max_lines: Option<usize>) -> Cow<'_, str> {
    let Some(max_lines) = max_lines else { return Cow::Borrowed(text) };
    let total = text.lines().count();
    if total <= max_lines {
        return Cow::Borrowed(text);
    }
    let shown: Vec<&str> = text.lines().take(max_lines).collect();
    let left_out = plural((total - max_lines) as u64, "more line", "more lines");
    Cow::Owned(format!("{}\n… ({left_out})", shown.join("\n")))
}

/// Writes a value after the label that ends with `=` or `:` on a line
/// indented by `margin` spaces: on the label's line when it is one line,
/// otherwise on lines of its own, two spaces further in, so that a value
/// listing one item a line (a command sequence, a pretty-printed struct)
/// reads as a block rather than starting on the label's line.
fn write_value(f: &mut Formatter<'_>, margin: usize, text: &str) -> fmt::Result {
    if !text.contains('\n') {
        return write!(f, " {text}");
    }
    let inner = " ".repeat(margin + 2);
    for line in text.lines() {
        write!(f, "\n{inner}{line}")?;
    }
    Ok(())
}

/// A failure is an error, so that code running a property by hand can
/// pass it on with `?`.
impl std::error::Error for Failure {}

impl Display for Failure {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match (self.kind(), self.location()) {
            (FailureKind::Panicked, Some(location)) => {
                write!(f, "panicked at {location}: {}", indented(self.message()))
            }
            (FailureKind::Panicked, None) => write!(f, "panicked: {}", indented(self.message())),
            (FailureKind::ReturnedFalse, _) => write!(f, "the property returned false"),
            (FailureKind::ReturnedError, _) => write!(f, "the property returned Err({})", indented(self.message())),
            // Indented: a panic in dropping a body given up on may end
            // either message with lines of its own.
            (FailureKind::DeadlineExceeded, _) => write!(f, "the property {}", indented(self.message())),
            (FailureKind::NeverFinishes, _) => {
                write!(f, "the property can never finish: {}", indented(self.message()))
            }
            (FailureKind::Crashed, _) => write!(f, "the property crashed: {}", indented(self.message())),
        }
    }
}

impl<T> FailureReport<T> {
    /// The `#[example(...)]` attribute that pins this minimal counterexample.
    fn example_attribute(&self) -> Option<String> {
        Some(format!("#[example({})]", self.pin_arguments()?.join(", ")))
    }

    /// How the report says to pin this minimal counterexample, as `advice`
    /// says: an `#[example(...)]` attribute, or a call of
    /// [`Property::example`](crate::Property::example) with the tuple of
    /// the named parameters.
    fn pin_line(&self, advice: Advice) -> Option<String> {
        let arguments = self.pin_arguments()?;
        match (advice, arguments) {
            (Advice::Attribute, _) => self.example_attribute(),
            (Advice::Options, [one]) => Some(format!(".example(({one},))")),
            (Advice::Options, several) => Some(format!(".example(({}))", several.join(", "))),
        }
    }

    /// The minimal counterexample's parameters as expressions, if they
    /// paste back into code.
    fn pin_arguments(&self) -> Option<&[String]> {
        // A flaky failure's value is no test case to keep: it did not fail
        // again.
        let minimal = self.minimal.as_ref().filter(|minimal| self.reproduced && !minimal.explicit)?;
        minimal.pin_arguments.as_deref().filter(|arguments| !arguments.is_empty())
    }

    /// Writes the sections of one failure: its counterexamples, how it
    /// failed, its notes, and how to rerun or pin it.
    fn write_sections(&self, f: &mut Formatter<'_>, names: &[&str], advice: Advice, has_pins: bool) -> fmt::Result {
        let marks: Vec<bool> = (0..names.len()).map(|index| self.any_value_fails(index)).collect();
        if self.minimal.as_ref().is_some_and(|minimal| minimal.explicit) {
            write_counterexample(f, "Counterexample", self.minimal.as_ref(), names, &[], None)?;
        } else {
            // A shrink that ran to its end on a failure that held is a
            // minimum. One that was off, or stopped at a limit before its
            // first step (`max_shrinks(0)`), left the counterexample as
            // found; one stopped later, or following a flaky failure that
            // came and went, found a smaller one that may not be minimal.
            let minimal = self.stopped_at.is_none() && self.reproduced;
            let title = match (minimal, self.shrinks) {
                (true, _) => "Minimal counterexample",
                (false, 0) => "Counterexample",
                (false, _) => "Smallest counterexample found",
            };
            // Cut short, the phase says so once, after the marks: that it
            // did not vary the marked values together is part of it.
            let cut_short = self.explain_cut_short;
            let together =
                |together: Together| if cut_short && together == Together::Unknown { Together::Fail } else { together };
            write_counterexample(f, title, self.minimal.as_ref(), names, &marks, None)?;
            write_together(f, "each marked value fails alone", together(self.free_together))?;
            if !self.free_commands.is_empty() {
                write!(f, "\n  Any value tried fails for: {}", free_arguments(&self.free_commands))?;
                write_together(f, "each fails alone", together(self.free_commands_together))?;
            }
            if cut_short {
                let unknown = [self.free_together, self.free_commands_together].contains(&Together::Unknown);
                write!(
                    f,
                    "\n  (the explain phase ran out of calls or time before it judged every argument: one not said \
                     to fail for any value may still do so{})",
                    if unknown { ", and those that are were not varied all at once" } else { "" }
                )?;
            }
            // An original that shrinking did not change (a saved example
            // replayed, or a first failure that was minimal) is not repeated.
            let original = self.original.as_ref();
            let same = original.zip(self.minimal.as_ref()).is_some_and(|(original, minimal)| {
                original.rendered == minimal.rendered && original.fields == minimal.fields
            });
            if !same {
                write_counterexample(f, "Original counterexample", original, names, &[], Some(ORIGINAL_LINES))?;
            }
        }
        write_failure(f, Some(&self.failure), &self.notes)?;
        match self.stopped_at {
            Some(ShrinkLimit::Off) => {
                write!(f, "\n  The shrink phase is off (phases): this is the counterexample as found.")?
            }
            Some(ShrinkLimit::Shrinks { limit, set_by }) => write!(
                f,
                "\n  Shrinking stopped at its limit of {} ({set_by}), so the counterexample may not be minimal.",
                plural(limit, "shrink", "shrinks")
            )?,
            Some(ShrinkLimit::Attempts(limit)) => write!(
                f,
                "\n  Shrinking stopped at its limit of {limit} replays, so the counterexample may not be minimal."
            )?,
            Some(ShrinkLimit::Time(limit)) => write!(
                f,
                "\n  Shrinking stopped at its time limit of {limit:?} (max_shrink_time), so the counterexample may \
                 not be minimal."
            )?,
            None => {}
        }
        if !self.reproduced && self.failure.kind() == FailureKind::DeadlineExceeded {
            write!(
                f,
                "\n  Flaky: run again, this counterexample finished within the deadline. Its run time \
                 is not a matter of its input alone (a loaded machine, a cold cache, other threads); raise the \
                 deadline, or make the slow path depend on the input."
            )?;
        } else if !self.reproduced {
            write!(
                f,
                "\n  Flaky: run again, this counterexample did not fail this way every time. The property depends \
                 on something besides its input (the time, unseeded randomness, state kept between calls, other \
                 threads, or a generator that draws by a HashSet's or HashMap's iteration order, which differs \
                 from one set to the next), which shrinking cannot control; make it depend on its input alone."
            )?;
        }
        write_replay(f, self.replay.as_ref(), advice, has_pins)?;
        if let Some(example) = self.pin_line(advice) {
            write!(f, "\n  Pin it with: {example}")?;
        }
        Ok(())
    }
}

/// Writes a counterexample after its heading: on the heading's line, or one
/// named parameter a line, marking those that `marks` says any value of
/// which fails; each value cut after `max_lines` lines, if given.
fn write_counterexample<T>(
    f: &mut Formatter<'_>,
    heading: &str,
    value: Option<&Counterexample<T>>,
    names: &[&str],
    marks: &[bool],
    max_lines: Option<usize>,
) -> fmt::Result {
    match value {
        Some(value) if !value.fields.is_empty() => {
            write!(f, "\n  {heading}:")?;
            for (index, (name, field)) in names.iter().zip(&value.fields).enumerate() {
                write!(f, "\n    {name} =")?;
                write_value(f, 4, &first_lines(field, max_lines))?;
                if marks.get(index).copied().unwrap_or(false) {
                    write!(f, "  // any value tried fails")?;
                }
            }
            Ok(())
        }
        Some(value) => {
            write!(f, "\n  {heading}:")?;
            write_value(f, 2, &first_lines(&value.rendered, max_lines))
        }
        None => write!(f, "\n  {heading}: <could not be generated again>"),
    }
}

/// The replay line of a generator's panic, titled `title`, or, where
/// [`PropertyResult::generator_panic`] has no token (a replay of what the
/// generator drew does not panic again), why there is none.
fn write_generator_replay(
    f: &mut Formatter<'_>,
    title: &str,
    replay: Option<&Replay>,
    advice: Advice,
    has_pins: bool,
) -> fmt::Result {
    if replay.is_some() {
        return write_replay_as(f, title, replay, advice, has_pins);
    }
    write!(
        f,
        "\n  Replaying what the generator drew did not panic again, so no replay token repeats this panic. Either \
         the generator reads something besides what it draws (a clock, a counter, a random number generator of \
         its own: draw such values through a generator instead), or one of this crate's generators panicked while \
         planning a random draw, a bug of the crate's that the seed above shows again."
    )
}

/// The replay line. A property with pinned examples is told to take them
/// out while replaying: a check refuses a replay together with pins, which
/// it would leave unchecked.
fn write_replay(f: &mut Formatter<'_>, replay: Option<&Replay>, advice: Advice, has_pins: bool) -> fmt::Result {
    write_replay_as(f, "Replay with", replay, advice, has_pins)
}

/// [`write_replay`] with the line's own `title`.
fn write_replay_as(
    f: &mut Formatter<'_>,
    title: &str,
    replay: Option<&Replay>,
    advice: Advice,
    has_pins: bool,
) -> fmt::Result {
    let Some(token) = replay else { return Ok(()) };
    let (line, pins) = match advice {
        Advice::Options => (format!("Options::default().replay(\"{token}\")"), "without the pinned examples"),
        Advice::Attribute => (format!("#[property(replay = \"{token}\")]"), "take the #[example]s out"),
    };
    write!(f, "\n  {title}: {line}")?;
    if has_pins {
        write!(f, " ({pins} while it is set: a replay checks only its own example)")?;
    }
    Ok(())
}

fn write_failure(f: &mut Formatter<'_>, failure: Option<&Failure>, notes: &[(String, String)]) -> fmt::Result {
    if let Some(failure) = failure {
        write!(f, "\n  Failure: {failure}")?;
        // Tokio's own words when its timers, I/O or `spawn` are used
        // outside a runtime.
        if failure.message().contains("must be called from the context of a Tokio") {
            write!(
                f,
                "\n  Hint: no Tokio runtime was running where the body ran. An async #[property] runs on this \
                 crate's own executor unless a runtime's test attribute, such as #[tokio::test], is written below \
                 #[property]; Property::check_async runs on whatever awaits it; a synchronous body must start a \
                 runtime itself."
            )?;
        }
    }
    write_notes(f, notes)
}

fn write_notes(f: &mut Formatter<'_>, notes: &[(String, String)]) -> fmt::Result {
    if !notes.is_empty() {
        write!(f, "\n  Notes:")?;
        // A note made in a loop would fill the report with copies.
        for repeated in notes.chunk_by(|one, next| one == next) {
            let (label, value) = &repeated[0];
            write!(f, "\n    {label}:")?;
            write_value(f, 4, value)?;
            if repeated.len() > 1 {
                write!(f, "\n    (noted {} times in a row)", repeated.len())?;
            }
        }
    }
    Ok(())
}

impl<T> PropertyResult<T> {
    /// The `#[example(...)]` attribute that pins the minimal counterexample
    /// of a property with named parameters: each value's `Debug` form, with
    /// lists written as `vec![...]`. Absent when the property passed, named
    /// no parameters, failed on a pinned example, has a value whose `Debug`
    /// form spans several lines, holds a `NaN` or an infinity inside another
    /// value (a float parameter itself is written `f64::NAN`,
    /// `f64::INFINITY` and so on), or holds text no Rust expression does (a hand-written `Debug`'s `#3`), or its parameters
    /// were marked [`without_pin_line`](crate::Property::without_pin_line)
    /// (as `#[property]` does for maps, boxes, command sequences and other
    /// types whose `Debug` form is no expression of the type, and for
    /// derived types with a field of one).
    pub fn example_attribute(&self) -> Option<String> {
        self.failures.first()?.example_attribute()
    }

    fn seed_text(&self) -> String {
        self.seed.map_or_else(String::new, |seed| format!(" (seed {seed})"))
    }

    fn write_falsified(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.write_failures(f)?;
        if self.replay_read_otherwise {
            write!(
                f,
                "\n\n  The replay token does not fit the generators as they are now: they read it otherwise than \
                 it was written (choices left over, or values beyond a range), so the generators or their order \
                 changed since it was made. The example above is what they make of it, not necessarily the one it \
                 named; its own token is above."
            )?;
        }
        let Some((panic, replay)) = self.generator_panic() else { return Ok(()) };
        write!(
            f,
            "\n\n  The generator also panicked, on another input (a generator must return a value or discard \
             the example; any other panic is a bug in it):"
        )?;
        write!(f, "\n  Generator failure: {panic}")?;
        write_notes(f, &self.generation_notes)?;
        write_generator_replay(f, "Replay the generator's panic with", replay, self.advice, self.has_pins)
    }

    /// The failures of a falsified check: the headline, and each failure's
    /// sections.
    fn write_failures(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let seed = self.seed_text();
        let Some(first) = self.failures.first() else { return write!(f, "Falsified{seed}.") };
        if first.minimal.as_ref().is_some_and(|minimal| minimal.explicit) {
            // Among several, the number tells which failed, in the order
            // they are written, where its value alone may not (a `Debug`
            // that panics, two examples that print alike).
            match self.failed_pin {
                Some((position, count)) if count > 1 => {
                    write!(f, "Falsified on pinned example {position} of {count}.")?
                }
                _ => write!(f, "Falsified on a pinned example.")?,
            }
            return first.write_sections(f, self.parameter_names, self.advice, self.has_pins);
        }
        // The headline counts up to the first failure: the examples run
        // after it, looking for failures of other origins, found nothing of
        // its own.
        let tests = plural(self.first_failure_at.unwrap_or(self.tests_run), "test", "tests");
        let headline = if self.outcome == Outcome::Flaky { "Flaky" } else { "Falsified" };
        if let [only] = self.failures.as_slice() {
            let shrinks = plural(only.shrinks, "shrink", "shrinks");
            // A saved example is no draw from the seed: its replay token,
            // not the seed, reproduces it.
            if only.found_by == FoundBy::Database {
                write!(f, "{headline}: failed again on a saved example, after {shrinks}.")?;
            } else {
                write!(f, "{headline} after {tests} and {shrinks}{seed}.")?;
            }
            return only.write_sections(f, self.parameter_names, self.advice, self.has_pins);
        }
        let count = self.failures.len();
        // With no test generated, a failure not from the database was met
        // while shrinking one that was.
        let generated_none = self.tests_run == 0;
        if self.failures.iter().all(|failure| failure.found_by == FoundBy::Database) {
            // Nothing was generated: the saved examples were all it took.
            write!(f, "{headline}: {count} distinct failures failed again on saved examples.")?;
        } else if generated_none {
            write!(f, "{headline}: found {count} distinct failures replaying and shrinking saved examples.")?;
        } else {
            let all_tests = plural(self.tests_run, "test", "tests");
            write!(f, "{headline} after {tests}{seed}: found {count} distinct failures in {all_tests}.")?;
        }
        for (number, failure) in self.failures.iter().enumerate() {
            let shrinks = plural(failure.shrinks, "shrink", "shrinks");
            let found = match (failure.found_by, generated_none) {
                (FoundBy::Database, _) => ", failed again on a saved example",
                (_, true) => ", found while shrinking a saved example",
                (FoundBy::Shrinking, false) => ", found while shrinking another failure",
                (FoundBy::Generating, false) => "",
            };
            write!(f, "\n\n  --- Failure {} of {count} ({shrinks}{found}) ---", number + 1)?;
            failure.write_sections(f, self.parameter_names, self.advice, self.has_pins)?;
        }
        Ok(())
    }
}

/// Says, after the marks of free values (`each alone` says what the marks
/// mean), what varying them all at once showed, unless they failed then
/// too.
fn write_together(f: &mut Formatter<'_>, each_alone: &str, together: Together) -> fmt::Result {
    match together {
        Together::Fail => Ok(()),
        Together::CanPass => write!(f, "\n  ({each_alone}, but varied all at once they can pass)"),
        Together::Unknown => {
            write!(f, "\n  ({each_alone}; the explain phase ran out of calls or time before varying them all at once)")
        }
    }
}

/// The free arguments of commands, one entry per argument of a sequence
/// with the steps it is free at: `argument 2 of steps 1 to 17, 20 and 22`.
/// With several sequences, each entry names its own.
fn free_arguments(positions: &[CommandArgumentPosition]) -> String {
    let several = positions.iter().any(|position| position.sequence > 1);
    // (sequence, argument) in the order first met, with their steps.
    let mut groups: Vec<((usize, usize), Vec<usize>)> = Vec::new();
    for position in positions {
        let key = (position.sequence, position.argument);
        match groups.iter_mut().find(|(group, _)| *group == key) {
            Some((_, steps)) => steps.push(position.step),
            None => groups.push((key, vec![position.step])),
        }
    }
    let entries: Vec<String> = groups
        .into_iter()
        .map(|((sequence, argument), mut steps)| {
            steps.sort_unstable();
            steps.dedup();
            let step_word = if steps.len() == 1 { "step" } else { "steps" };
            let sequence = if several { format!(" of sequence {sequence}") } else { String::new() };
            format!("argument {argument} of {step_word} {}{sequence}", step_ranges(&steps))
        })
        .collect();
    entries.join("; ")
}

/// Sorted step numbers with each run of consecutive ones as a range: `1 to
/// 17, 20 and 22`.
fn step_ranges(steps: &[usize]) -> String {
    let mut ranges: Vec<String> = Vec::new();
    let mut start = 0;
    while start < steps.len() {
        let mut end = start;
        while end + 1 < steps.len() && steps[end + 1] == steps[end] + 1 {
            end += 1;
        }
        if end - start >= 2 {
            ranges.push(format!("{} to {}", steps[start], steps[end]));
        } else {
            ranges.extend(steps[start..=end].iter().map(usize::to_string));
        }
        start = end + 1;
    }
    listed(&ranges, "and")
}

/// "argument 2 of step 3", with "of sequence 2" when it is not the first
/// sequence; the alternate form (`{:#}`) names the sequence always.
impl Display for CommandArgumentPosition {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "argument {} of step {}", self.argument, self.step)?;
        if self.sequence > 1 || f.alternate() {
            write!(f, " of sequence {}", self.sequence)?;
        }
        Ok(())
    }
}

impl<T> Display for PropertyResult<T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let seed = self.seed_text();
        match self.outcome {
            // Only pinned examples ran: say so, rather than "0 tests", and
            // name no seed, which drew nothing.
            Outcome::Passed if !self.generated && self.pinned_passed > 0 => {
                let pinned = plural(self.pinned_passed as u64, "pinned example", "pinned examples");
                write!(f, "Passed {pinned}; the generate phase is off, so no example was generated.")?;
                self.statistics.write_report(f, Shortfalls::Warnings)?;
            }
            Outcome::Passed => {
                write!(f, "Passed {}{seed}.", plural(self.tests_run, "test", "tests"))?;
                if self.space_exhausted {
                    write!(f, "\n  Every example the generators can produce was tested.")?;
                }
                if self.discards > 0 {
                    write!(f, "\n  {} discarded.", plural(self.discards, "example was", "examples were"))?;
                }
                let counted = self.statistics.examples();
                if !self.statistics.is_empty() && counted < self.tests_run {
                    // The rates below are of fewer examples than the count
                    // above; say which, or they read as wrong.
                    write!(
                        f,
                        "\n  Statistics of {} generated at random (their rates leave out pinned, saved and \
                         targeted examples):",
                        plural(counted, "example", "examples")
                    )?;
                }
                let shortfalls =
                    if self.coverage_confidence { Shortfalls::WithinTolerance } else { Shortfalls::Warnings };
                self.statistics.write_report(f, shortfalls)?;
            }
            Outcome::Falsified | Outcome::Flaky => self.write_falsified(f)?,
            Outcome::Exhausted if self.every_command_rejected => write!(
                f,
                "Exhausted after {}{seed}: the preconditions rejected every command drawn, so no generated \
                 test ran a command (only empty sequences did; {} discarded).\n  Check each precondition against the \
                 model's initial state and the commands that `next` offers in it: at least one of them must \
                 apply there.",
                plural(self.tests_run, "test", "tests"),
                plural(self.discards, "example was", "examples were"),
            )?,
            Outcome::Exhausted if self.no_command_offered => write!(
                f,
                "Exhausted after {}{seed}: every command sequence was empty, so no test ran a command.\n  The \
                 sequences' generator offered no command in the model's initial state, or their length is 0: \
                 offer at least one command there, and allow sequences of one command or more.",
                plural(self.tests_run, "test", "tests"),
            )?,
            Outcome::Exhausted if self.space_exhausted => write!(
                f,
                "Exhausted after {}{seed}: every example the generators can produce ({}) was tried and \
                 rejected, so no generated example was tested. Rejected by: {}. Check the condition against the \
                 generators' ranges, or generate valid inputs directly.",
                plural(self.tests_run, "test", "tests"),
                self.discards,
                self.rejections.describe(),
            )?,
            Outcome::Exhausted => {
                let generated = self.discards + self.tests_run;
                let rate = if generated == 0 { 0.0 } else { 100.0 * self.discards as f64 / generated as f64 };
                write!(
                    f,
                    "Exhausted after {}{seed}: {} discarded, an estimated {rate:.1}% of the examples generated.\n  \
                     The check stopped at its limit of discards (max_discard_ratio times the runs), so the \
                     property was {}. Rejected by: {}. {}",
                    plural(self.tests_run, "test", "tests"),
                    plural(self.discards, "example was", "examples were"),
                    if self.tests_run == 0 { "not tested at all" } else { "barely tested" },
                    self.rejections.describe(),
                    self.rejections.advice(),
                )?;
            }
            Outcome::GenerationFailed => {
                write!(
                    f,
                    "Generation failed after {}{seed}: the generator panicked.",
                    plural(self.tests_run, "test", "tests")
                )?;
                write_failure(f, self.failure(), &self.generation_notes)?;
                write!(
                    f,
                    "\n  A generator must return a value or discard the example (with filter or assume); \
                     any other panic is a bug in the generator."
                )?;
                let in_command_sequence = self
                    .generation_notes
                    .iter()
                    .any(|(label, _)| label == crate::stateful::sequence::COMMANDS_DRAWN_NOTE);
                if in_command_sequence {
                    write!(
                        f,
                        " A command sequence's generator runs its model (update, precondition and the next \
                         commands), so a panic in the model shows here too."
                    )?;
                }
                if let Some(problem) = &self.problem {
                    write!(f, "\n  {problem}")?;
                }
                let replay = self.generator_panic().and_then(|(_, replay)| replay);
                write_generator_replay(f, "Replay with", replay, self.advice, self.has_pins)?;
            }
            Outcome::Cancelled => {
                write!(f, "Cancelled after {}{seed}.", plural(self.tests_run, "test", "tests"))?;
                if let Some(problem) = &self.problem {
                    write!(f, "\n  {problem}")?;
                }
                write_replay(f, self.unreported_failure.as_ref(), self.advice, self.has_pins)?;
            }
            Outcome::InsufficientCoverage => {
                write!(f, "Insufficient coverage after {}{seed}.", plural(self.tests_run, "test", "tests"))?;
                if let Some(problem) = &self.problem {
                    write!(f, "\n  {problem}")?;
                }
                // The problem states the shortfall; the table shows the rates.
                self.statistics.write_report(f, Shortfalls::Omitted)?;
            }
            Outcome::Misconfigured => {
                write!(f, "Misconfigured: {}", self.problem.as_deref().unwrap_or("the options could not be used"))?;
            }
        }
        if self.skipped_examples > 0 {
            write!(
                f,
                "\n  {} skipped: assume discarded {}.",
                plural(self.skipped_examples as u64, "pinned example was", "pinned examples were"),
                if self.skipped_examples == 1 { "it" } else { "them" }
            )?;
        }
        // An exhausted check's paragraph already says what rejects inputs.
        let said = |warning: &&HealthWarning| {
            self.outcome == Outcome::Exhausted && warning.check() == HealthCheck::FilterTooMuch
        };
        for warning in self.warnings.iter().filter(|warning| !said(warning)) {
            write!(f, "\n  Warning: {}", warning.advised(self.advice))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(sequence: usize, step: usize, argument: usize) -> CommandArgumentPosition {
        CommandArgumentPosition { sequence, step, argument }
    }

    #[test]
    fn messages_keep_their_lines_and_escape_other_control_characters() {
        assert_eq!(indented("inside '\u{80}'\n\tnext\r"), "inside '\\u{80}'\n    \tnext\\u{d}");
        assert_eq!(indented("plain é text\r\nend"), "plain é text\n    end");
    }

    #[test]
    fn long_values_are_cut_to_their_first_lines_with_a_count_of_the_rest() {
        assert_eq!(first_lines("a\nb\nc", Some(2)), "a\nb\n… (1 more line)");
        assert_eq!(first_lines("a\nb\nc\nd", Some(2)), "a\nb\n… (2 more lines)");
        assert_eq!(first_lines("a\nb", Some(2)), "a\nb");
        assert_eq!(first_lines("a\nb\nc", None), "a\nb\nc");
    }

    #[test]
    fn free_arguments_list_each_argument_once_with_its_steps_as_ranges() {
        let positions: Vec<_> = (1..=17).chain([20, 21, 23]).map(|step| at(1, step, 2)).collect();
        assert_eq!(free_arguments(&positions), "argument 2 of steps 1 to 17, 20, 21 and 23");
        assert_eq!(
            free_arguments(&[at(1, 3, 1), at(1, 1, 2), at(1, 4, 1)]),
            "argument 1 of steps 3 and 4; argument 2 of step 1"
        );
        assert_eq!(free_arguments(&[at(2, 1, 2)]), "argument 2 of step 1 of sequence 2");
    }
}
