//! Deciding coverage requirements with a known error rate.
//!
//! With a confidence set, each requirement "at least `m`% of examples hit
//! `label`" is tested at a series of looks: after the run's minimum number of
//! examples, then after 100, 200, 400, … The test at each look uses Chernoff
//! bounds on the binomial tails, which hold for any sample size and any rate,
//! however rare. The requirement is *known missed* if a count this low would
//! be implausible at a true rate of `m`%, and *known met* if a count this
//! high would be implausible at a true rate of `tolerance × m`%. Each look
//! spends half of the error budget the looks before it left, split between
//! the two tails, so over every look of a check the chance of a wrong
//! decision is at most `1 / certainty` per requirement.

use crate::stats::Statistics;
use crate::stats::numerics::{lower_tail_bound, upper_tail_bound};

/// How sure a coverage decision must be, for
/// [`Options::coverage_confidence`](crate::Options::coverage_confidence).
///
/// ```
/// use quickcheck::stats::Confidence;
/// let strict = Confidence::default().certainty(1e12).tolerance(0.95);
/// assert_eq!(Confidence::default().certainty_value(), 1e9);
/// # let _ = strict;
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Confidence {
    certainty: f64,
    tolerance: f64,
}

impl Default for Confidence {
    /// One wrong decision in a billion checks, with a tolerance of 0.9.
    fn default() -> Confidence {
        Confidence { certainty: 1e9, tolerance: 0.9 }
    }
}

impl Confidence {
    /// Sets how rare a wrong decision must be: one in `certainty` checks
    /// (default 10⁹). Haskell QuickCheck's rule of thumb: 100 × the number of
    /// `cover` calls in the suite × how often the suite runs.
    pub fn certainty(mut self, certainty: f64) -> Confidence {
        self.certainty = certainty;
        self
    }

    /// Sets the tolerance (default 0.9): a true rate between `tolerance ×`
    /// the minimum and the minimum may be accepted or rejected.
    pub fn tolerance(mut self, tolerance: f64) -> Confidence {
        self.tolerance = tolerance;
        self
    }

    /// The certainty.
    pub fn certainty_value(&self) -> f64 {
        self.certainty
    }

    /// The tolerance.
    pub fn tolerance_value(&self) -> f64 {
        self.tolerance
    }
}

/// The state of the requirements at one look.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Decision {
    /// Every requirement is known met.
    Met,
    /// This requirement is known missed.
    Missed { label: String, minimum: f64 },
    /// More examples are needed.
    Undecided,
}

/// Decides the requirements at look number `look` (0 for the first).
pub(crate) fn decide(statistics: &Statistics, confidence: &Confidence, look: u32) -> Decision {
    // Half the remaining budget at each look, split between the two tails.
    let budget = 1.0 / confidence.certainty / 2f64.powi(look as i32 + 1) / 2.0;
    let trials = statistics.examples();
    let mut all_met = true;
    for (label, minimum) in statistics.requirements() {
        let rate = minimum / 100.0;
        let count = statistics.count(label);
        if lower_tail_bound(count, trials, rate) <= budget {
            return Decision::Missed { label: label.to_owned(), minimum };
        }
        if upper_tail_bound(count, trials, confidence.tolerance * rate) > budget {
            all_met = false;
        }
    }
    if all_met { Decision::Met } else { Decision::Undecided }
}
