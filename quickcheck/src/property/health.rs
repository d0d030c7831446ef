//! Health checks: warnings about a property that tests less than it seems to.
//!
//! They watch the start of generation only, until ten examples have passed,
//! so a healthy property pays for them with a few counters; only examples
//! too large to generate are also counted over the whole run. Each warning
//! names its check, and [`Options::suppress`](crate::Options::suppress)
//! silences a check by that name.

use std::fmt;
use std::time::Duration;

use crate::engine::unwind::{Rejection, Rejections, Stop};
use crate::property::result::Advice;

/// How many passing examples the checks watch.
const WATCHED_PASSES: u64 = 10;

/// Discards before the watched passes that make a filter suspicious.
const TOO_MANY_DISCARDS: u64 = 50;

/// Examples that ran out of choices before the watched passes that make
/// the generator's data suspiciously large.
const TOO_MANY_OVERRUNS: u64 = 20;

/// Over a whole run, examples that ran out of choices and the share of the
/// examples generated (one in this many) that make the data too large,
/// however late they came: values that large are never tested.
const OVERRUNS_IN_A_RUN: (u64, u64) = (10, 20);

/// Generation time for the watched examples that is too slow, unless a
/// deadline allows more (see [`Health::new`]).
const TOO_SLOW: Duration = Duration::from_secs(1);

/// How many deadlines of generation time the watched examples may take.
/// The deadline bounds the body alone, but whoever gives a property a long
/// one has said that its check may take that long an example: generation
/// worth a few examples' time is then no news, and the warning would only
/// be suppressed.
const TOO_SLOW_DEADLINES: u32 = 5;

/// Choices in the simplest example that make it "very large".
const LARGE_BASE_CHOICES: usize = crate::engine::source::MAX_CHOICES / 2;

/// A health check, named for the problem it finds.
///
/// ```
/// use quickcheck::{HealthCheck, Options, Property, assume, generate};
///
/// // One number in sixteen passes the assumption: enough to pass, but slowly.
/// let result = Property::for_all(generate::integer::<u32>(), |n| assume(n % 16 == 0))
///     .check(Options::default().seed(1).max_discard_ratio(100));
/// assert!(result.is_passed());
/// let warning = &result.health_warnings()[0];
/// assert_eq!(warning.check(), HealthCheck::FilterTooMuch);
/// assert_eq!(warning.check().name(), "filter_too_much");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HealthCheck {
    /// Filters or `assume` discard most generated examples.
    FilterTooMuch,
    /// Generating the examples takes long: a check of 100 examples would
    /// take many seconds. Warned when generating the first ten that pass
    /// takes over a second, or over five times the
    /// [`deadline`](crate::Options::deadline) if that is longer.
    TooSlow,
    /// Even the simplest example the generator can produce is very large,
    /// so every example is, and shrinking cannot get below it.
    LargeBaseExample,
    /// Many examples need more choices than an example may make (8192), and
    /// are thrown away unfinished: the generated data is too large, and
    /// values that large are never tested. Watched over the whole run, as
    /// the first examples are drawn small.
    DataTooLarge,
    /// The generators drew differently from the same choices: they read
    /// something besides them (a clock, a counter, a random source of their
    /// own, a `HashMap`'s order, a stateful model's `initial` that is not
    /// the same every time), so a failure's replay and shrink cannot be
    /// trusted. Seen where the generation tree records examples: where every
    /// choice has at most 131,072 values (bytes, `u16`s, booleans, small
    /// ranges, a choice between commands), until it holds that many
    /// choices; a space with a wider choice is only hashed, and not
    /// checked.
    NondeterministicGeneration,
}

impl HealthCheck {
    /// The check's name, as warnings print it.
    pub fn name(self) -> &'static str {
        match self {
            HealthCheck::FilterTooMuch => "filter_too_much",
            HealthCheck::TooSlow => "too_slow",
            HealthCheck::LargeBaseExample => "large_base_example",
            HealthCheck::DataTooLarge => "data_too_large",
            HealthCheck::NondeterministicGeneration => "nondeterministic_generation",
        }
    }

    fn variant(self) -> &'static str {
        match self {
            HealthCheck::FilterTooMuch => "FilterTooMuch",
            HealthCheck::TooSlow => "TooSlow",
            HealthCheck::LargeBaseExample => "LargeBaseExample",
            HealthCheck::DataTooLarge => "DataTooLarge",
            HealthCheck::NondeterministicGeneration => "NondeterministicGeneration",
        }
    }
}

/// A health check that fired, with what it saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HealthWarning {
    check: HealthCheck,
    problem: String,
}

impl HealthWarning {
    /// Which check fired.
    pub fn check(&self) -> HealthCheck {
        self.check
    }

    /// What it saw and what to do about it.
    pub fn problem(&self) -> &str {
        &self.problem
    }

    /// The warning with its advice worded as `advice` says.
    pub(crate) fn advised(&self, advice: Advice) -> impl fmt::Display + '_ {
        struct Advised<'a>(&'a HealthWarning, Advice);
        impl fmt::Display for Advised<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let Advised(warning, advice) = self;
                let (check, variant) = (warning.check.name(), warning.check.variant());
                write!(f, "health check {check}: {}", warning.problem)?;
                match advice {
                    Advice::Options => write!(f, " (silence it with Options::suppress(HealthCheck::{variant}))"),
                    Advice::Attribute => {
                        write!(f, " (silence it with #[property(suppress = [quickcheck::HealthCheck::{variant}])])")
                    }
                }
            }
        }
        Advised(self, advice)
    }
}

/// The check's [`name`](HealthCheck::name).
impl fmt::Display for HealthCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for HealthWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.advised(Advice::Options))
    }
}

/// How a watched example ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Watched {
    Passed,
    /// A filter, `assume` or precondition rejected it.
    Discarded(Rejection),
    /// It overran: it needed more choices than an example may make, or
    /// nested recursive draws too deep.
    Overran,
    /// It failed (or its generator panicked).
    Failed,
}

/// The checks' counters, fed by the generation loop. Made by
/// [`Health::new`] only: a threshold of zero would warn on every check.
#[derive(Debug)]
pub(crate) struct Health {
    suppressed: Vec<HealthCheck>,
    /// Generation time for the watched examples that is too slow.
    too_slow: Duration,
    passes: u64,
    discards: u64,
    rejections: Rejections,
    overruns: u64,
    generating: Duration,
    warnings: Vec<HealthWarning>,
    /// Whether a warning said the simplest example overruns: its advice
    /// (smaller minimum lengths, a likelier base case) is what overruns
    /// call for, and the data_too_large warnings would only repeat it.
    simplest_overran: bool,
}

impl Health {
    /// The checks, but those `suppressed`, of a property whose examples
    /// have `deadline` each to run.
    pub(crate) fn new(suppressed: Vec<HealthCheck>, deadline: Option<Duration>) -> Health {
        let too_slow = deadline.map_or(TOO_SLOW, |deadline| TOO_SLOW.max(deadline.saturating_mul(TOO_SLOW_DEADLINES)));
        Health {
            suppressed,
            too_slow,
            passes: 0,
            discards: 0,
            rejections: Rejections::default(),
            overruns: 0,
            generating: Duration::ZERO,
            warnings: Vec::new(),
            simplest_overran: false,
        }
    }

    /// Whether the checks still watch: only the start of generation.
    pub(crate) fn watching(&self) -> bool {
        self.passes < WATCHED_PASSES
    }

    /// The simplest example drew `choices` choices, or ran out of them.
    pub(crate) fn simplest_example(&mut self, choices: usize, overran: bool) {
        let limit = crate::engine::source::MAX_CHOICES;
        let problem = if overran {
            format!(
                "overruns: it makes more than the {limit} choices an example may make, or nests recursive draws \
                 too deep; give collections smaller minimum lengths, or recursion a smaller depth or a likelier \
                 base case"
            )
        } else if choices > LARGE_BASE_CHOICES {
            format!(
                "makes {choices} choices of the {limit} an example may make; give collections smaller minimum \
                 lengths, or recursion a smaller depth"
            )
        } else {
            return;
        };
        self.warn(HealthCheck::LargeBaseExample, format!("the simplest example the generator can produce {problem}"));
        self.simplest_overran = overran && self.warned(HealthCheck::LargeBaseExample);
    }

    /// One watched example: how long generating it took, and how it ended.
    pub(crate) fn example(&mut self, generating: Duration, ended: Watched) {
        self.generating += generating;
        match ended {
            Watched::Passed => self.passes += 1,
            Watched::Overran => {
                self.overruns += 1;
                if self.overruns == TOO_MANY_OVERRUNS && !self.simplest_overran {
                    self.warn(
                        HealthCheck::DataTooLarge,
                        format!(
                            "{TOO_MANY_OVERRUNS} examples needed more than the {} choices an example may make, \
                             or nested recursive draws too deep, before {} passed, and were thrown away \
                             unfinished; give collections smaller maximum lengths, or recursion a smaller depth",
                            crate::engine::source::MAX_CHOICES,
                            self.passes
                        ),
                    );
                }
            }
            Watched::Discarded(rejection) => {
                self.discards += 1;
                self.rejections.count(Stop::Discard(rejection));
                if self.discards == TOO_MANY_DISCARDS {
                    self.warn(
                        HealthCheck::FilterTooMuch,
                        format!(
                            "{TOO_MANY_DISCARDS} examples were discarded before {} passed: most inputs are rejected \
                             (by {}), which makes the check slow and its inputs skewed. {}",
                            self.passes,
                            self.rejections.describe(),
                            // As every warning's problem, without a last
                            // period: the advice to silence it follows.
                            self.rejections.advice().trim_end_matches('.')
                        ),
                    );
                }
            }
            Watched::Failed => {}
        }
        if self.generating > self.too_slow && self.generating - generating <= self.too_slow {
            // Mostly thrown-away examples take their time for nothing: what
            // threw them away (a filter, an overrun), not the size of the
            // values that passed, is what to change.
            let remedy = if self.discards + self.overruns > self.passes {
                let thrown_away = self.rejections.with_overruns(self.overruns);
                format!(
                    "most of them were thrown away, by {}. {}",
                    thrown_away.describe(),
                    thrown_away.advice().trim_end_matches('.')
                )
            } else {
                "smaller collections or simpler generators keep a check fast".to_owned()
            };
            self.warn(
                HealthCheck::TooSlow,
                format!(
                    "generating the first {} examples took {:.1?}; {remedy}",
                    self.passes + self.discards + self.overruns,
                    self.generating
                ),
            );
        }
    }

    /// The whole run's count: `overruns` of the `generated` examples ran out
    /// of choices. The watched start sees few of them when a generator's
    /// large values come only at full size, which the first examples are
    /// not drawn at.
    pub(crate) fn whole_run(&mut self, overruns: u64, generated: u64) {
        let (least, one_in) = OVERRUNS_IN_A_RUN;
        // Said already, or said with the advice overruns call for.
        let warned = self.warned(HealthCheck::DataTooLarge) || self.simplest_overran;
        if warned || overruns < least || overruns.saturating_mul(one_in) < generated {
            return;
        }
        self.warn(
            HealthCheck::DataTooLarge,
            format!(
                "{overruns} of the {generated} examples generated needed more than the {} choices an example \
                 may make, or nested recursive draws too deep, and were thrown away unfinished: values that \
                 large are never tested; give collections smaller maximum lengths (a list of bytes longer than \
                 about 4,000 to 8,000, fewer the more of its length is left to chance, cannot be drawn), or \
                 recursion a smaller depth",
                crate::engine::source::MAX_CHOICES,
            ),
        );
    }

    /// The whole run's count of examples whose choices the generators had
    /// read otherwise before.
    pub(crate) fn contradictions(&mut self, contradictions: u64) {
        if contradictions > 0 {
            self.warn(
                HealthCheck::NondeterministicGeneration,
                format!(
                    "{contradictions} generated {} made different draws from choices that had been read before: \
                     a generator reads something besides its choices (a clock, a counter, a random source of its \
                     own, a HashMap's order, a model's initial state that differs between calls), so a failure \
                     may not replay or shrink; draw every such value from the choice source",
                    if contradictions == 1 { "example" } else { "examples" }
                ),
            );
        }
    }

    /// Whether `check` has warned already.
    fn warned(&self, check: HealthCheck) -> bool {
        self.warnings.iter().any(|warning| warning.check == check)
    }

    fn warn(&mut self, check: HealthCheck, problem: String) {
        if !self.suppressed.contains(&check) {
            self.warnings.push(HealthWarning { check, problem });
        }
    }

    pub(crate) fn into_warnings(self) -> Vec<HealthWarning> {
        self.warnings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_is_worded_for_options_or_for_the_attribute() {
        let warning =
            HealthWarning { check: HealthCheck::FilterTooMuch, problem: "most inputs are rejected".to_owned() };
        assert_eq!(
            warning.to_string(),
            "health check filter_too_much: most inputs are rejected \
             (silence it with Options::suppress(HealthCheck::FilterTooMuch))"
        );
        assert_eq!(
            warning.advised(Advice::Attribute).to_string(),
            "health check filter_too_much: most inputs are rejected \
             (silence it with #[property(suppress = [quickcheck::HealthCheck::FilterTooMuch])])"
        );
    }
}
