//! The report: what `assert` panics with and `PropertyResult` displays.

use std::fmt::{self, Display, Formatter};

use crate::property::parameters::as_expression;
use crate::property::{Counterexample, Failure, FailureKind, Outcome, PropertyResult};

fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// Writes a possibly multi-line text, indenting continuation lines to line
/// up under the report's two-space margin.
fn indented(text: &str) -> String {
    text.replace('\n', "\n    ")
}

impl Display for Failure {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match (self.kind(), self.location()) {
            (FailureKind::Panicked, Some(location)) => {
                write!(f, "panicked at {location}: {}", indented(self.message()))
            }
            (FailureKind::Panicked, None) => write!(f, "panicked: {}", indented(self.message())),
            (FailureKind::ReturnedFalse, _) => write!(f, "the property returned false"),
            (FailureKind::ReturnedError, _) => write!(f, "the property returned Err({})", indented(self.message())),
        }
    }
}

impl<T> PropertyResult<T> {
    /// The `#[example(...)]` attribute that pins the minimal counterexample
    /// of a property with named parameters: each value's `Debug` form, with
    /// lists written as `vec![...]`. Absent when the property passed, named
    /// no parameters, or failed on a pinned example.
    pub fn example_attribute(&self) -> Option<String> {
        let minimal = self.minimal.as_ref().filter(|minimal| !minimal.explicit && !minimal.fields.is_empty())?;
        let values: Vec<String> = minimal.fields.iter().map(|field| as_expression(field)).collect();
        Some(format!("#[example({})]", values.join(", ")))
    }

    /// Writes a counterexample after its heading: on the heading's line, or
    /// one named parameter a line.
    fn write_counterexample(
        &self,
        f: &mut Formatter<'_>,
        heading: &str,
        value: Option<&Counterexample<T>>,
    ) -> fmt::Result {
        match value {
            Some(value) if !value.fields.is_empty() => {
                write!(f, "\n  {heading}:")?;
                for (name, field) in self.parameter_names.iter().zip(&value.fields) {
                    write!(f, "\n    {name} = {}", indented(field))?;
                }
                Ok(())
            }
            Some(value) => write!(f, "\n  {heading}: {}", value.rendered),
            None => write!(f, "\n  {heading}: <could not be generated again>"),
        }
    }

    fn seed_text(&self) -> String {
        self.seed.map_or_else(String::new, |seed| format!(" (seed {seed})"))
    }

    fn write_replay(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.replay {
            Some(token) => write!(f, "\n  Replay with: Options::default().replay(\"{token}\")"),
            None => Ok(()),
        }
    }

    fn write_failure(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if let Some(failure) = &self.failure {
            write!(f, "\n  Failure: {failure}")?;
        }
        if !self.notes.is_empty() {
            write!(f, "\n  Notes:")?;
            for (label, value) in &self.notes {
                write!(f, "\n    {label}: {}", indented(value))?;
            }
        }
        Ok(())
    }
}

impl<T> Display for PropertyResult<T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let seed = self.seed_text();
        match self.outcome {
            Outcome::Passed => {
                write!(f, "Passed {}{seed}.", plural(self.tests_run, "test", "tests"))?;
                if self.discards > 0 {
                    write!(f, "\n  {} discarded.", plural(self.discards, "example was", "examples were"))?;
                }
                self.statistics.write_report(f)?;
            }
            Outcome::Falsified => match (&self.minimal, &self.original) {
                (Some(minimal), _) if minimal.explicit => {
                    write!(f, "Falsified on a pinned example.")?;
                    self.write_counterexample(f, "Counterexample", Some(minimal))?;
                    self.write_failure(f)?;
                }
                (minimal, original) => {
                    if self.from_database {
                        write!(
                            f,
                            "Falsified: failed again on a saved example, after {}{seed}.",
                            plural(self.shrinks, "shrink", "shrinks")
                        )?;
                    } else {
                        write!(
                            f,
                            "Falsified after {} and {}{seed}.",
                            plural(self.tests_run, "test", "tests"),
                            plural(self.shrinks, "shrink", "shrinks")
                        )?;
                    }
                    self.write_counterexample(f, "Minimal counterexample", minimal.as_ref())?;
                    self.write_counterexample(f, "Original counterexample", original.as_ref())?;
                    self.write_failure(f)?;
                    self.write_replay(f)?;
                    if let Some(example) = self.example_attribute() {
                        write!(f, "\n  Pin it with: {example}")?;
                    }
                }
            },
            Outcome::Exhausted => {
                let generated = self.discards + self.tests_run;
                let rate = if generated == 0 { 0.0 } else { 100.0 * self.discards as f64 / generated as f64 };
                write!(
                    f,
                    "Exhausted after {}{seed}: {} discarded, an estimated {rate:.1}% of the examples generated.\n  \
                     A filter or assume rejects almost every input, so the property was barely tested. \
                     Generate valid inputs directly (with generate::between or generate::from, say), or loosen the filter.",
                    plural(self.tests_run, "test", "tests"),
                    plural(self.discards, "example was", "examples were"),
                )?;
            }
            Outcome::GenerationFailed => {
                write!(
                    f,
                    "Generation failed after {}{seed}: the generator panicked.",
                    plural(self.tests_run, "test", "tests")
                )?;
                self.write_failure(f)?;
                write!(
                    f,
                    "\n  A generator must return a value or discard the example (with filter or assume); \
                     any other panic is a bug in the generator."
                )?;
                self.write_replay(f)?;
            }
            Outcome::Cancelled => write!(f, "Cancelled after {}{seed}.", plural(self.tests_run, "test", "tests"))?,
            Outcome::InsufficientCoverage => {
                write!(f, "Insufficient coverage after {}{seed}.", plural(self.tests_run, "test", "tests"))?;
                if let Some(problem) = &self.problem {
                    write!(f, "\n  {problem}")?;
                }
                self.statistics.write_report(f)?;
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
        Ok(())
    }
}
