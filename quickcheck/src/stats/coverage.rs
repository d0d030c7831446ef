//! Deciding coverage requirements with a known error rate.
//!
//! With a confidence set, each requirement "at least `m`% of examples hit
//! `label`" is tested at a series of looks: after the run's minimum number of
//! examples and after 100, 200, 400, …, in order (a requirement known missed
//! ends the check at any look, one known met only from the minimum on). The
//! test at each look uses Chernoff
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
#[must_use = "a confidence does nothing until options take it: pass it to `Options::coverage_confidence`"]
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
    ///
    /// # Panics
    ///
    /// At the call, unless `certainty` is a finite number above 1: one
    /// wrong decision in 1 check or fewer decides nothing, and in infinitely
    /// many would need infinitely many examples.
    #[track_caller]
    pub fn certainty(mut self, certainty: f64) -> Confidence {
        assert!(
            certainty.is_finite() && certainty > 1.0,
            "Confidence::certainty: expected a finite number above 1, such as 1e9 (one wrong decision in a \
             billion checks), not {certainty}"
        );
        self.certainty = certainty;
        self
    }

    /// Sets the tolerance (default 0.9): a true rate between `tolerance ×`
    /// the minimum and the minimum may be accepted or rejected.
    ///
    /// # Panics
    ///
    /// At the call, unless `tolerance` lies strictly between 0 and 1: the
    /// band between `tolerance ×` the minimum and the minimum is what lets
    /// a check stop when the true rate is right at the minimum.
    #[track_caller]
    pub fn tolerance(mut self, tolerance: f64) -> Confidence {
        assert!(
            tolerance > 0.0 && tolerance < 1.0,
            "Confidence::tolerance: expected a number strictly between 0 and 1, such as 0.9, not {tolerance}"
        );
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
    /// More examples are needed to decide this requirement (the first of
    /// those still open). `short` when fewer examples hit it than a true
    /// rate of `tolerance ×` the minimum would give: the count leans to a
    /// miss that the examples run are still too few to make sure of.
    Undecided { label: String, minimum: f64, short: bool },
}

/// Decides the requirements at look number `look` (0 for the first).
pub(crate) fn decide(statistics: &Statistics, confidence: &Confidence, look: u32) -> Decision {
    // Half the remaining budget at each look, split between the two tails.
    let budget = 1.0 / confidence.certainty / 2f64.powi(look as i32 + 1) / 2.0;
    let trials = statistics.examples();
    let mut open = None;
    // A minimum of 0 is met by any count, and needs no bound.
    for (label, minimum) in statistics.requirements().filter(|&(_, minimum)| minimum > 0.0) {
        let rate = minimum / 100.0;
        let count = statistics.count(label);
        if lower_tail_bound(count, trials, rate) <= budget {
            return Decision::Missed { label: label.to_owned(), minimum };
        }
        if open.is_none() && upper_tail_bound(count, trials, confidence.tolerance * rate) > budget {
            let short = (count as f64) < confidence.tolerance * rate * trials as f64;
            open = Some((label, minimum, short));
        }
    }
    match open {
        None => Decision::Met,
        Some((label, minimum, short)) => Decision::Undecided { label: label.to_owned(), minimum, short },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::record::ExampleRecord;

    /// Statistics of `examples` examples under two requirements: "always"
    /// (hit by every example, at least 10%) and "half" (hit by every other
    /// one, at least `half_minimum`%).
    fn statistics(examples: u32, half_minimum: f64) -> Statistics {
        let mut statistics = Statistics::default();
        for example in 0..examples {
            let mut labels = std::collections::BTreeSet::from(["always".to_owned()]);
            if example % 2 == 0 {
                labels.insert("half".to_owned());
            }
            let here = crate::engine::unwind::CallSite::caller();
            let requirements = vec![("always".to_owned(), 10.0, here), ("half".to_owned(), half_minimum, here)];
            let record = ExampleRecord { labels, requirements, ..ExampleRecord::default() };
            statistics.add(&record);
        }
        statistics
    }

    #[test]
    fn an_undecided_check_names_the_requirement_still_open() {
        // "always" is known met after 400 examples; "half", at a true rate
        // right at its minimum, is not.
        let decision = decide(&statistics(400, 50.0), &Confidence::default(), 2);
        assert_eq!(decision, Decision::Undecided { label: "half".to_owned(), minimum: 50.0, short: false });
    }

    #[test]
    fn an_undecided_requirement_hit_too_rarely_to_tell_is_short() {
        // 400 examples expect 0.4 hits at a minimum of 0.1%: none is no
        // proof of a miss, but leans that way.
        let mut statistics = Statistics::default();
        for _ in 0..400 {
            let requirements = vec![("rare".to_owned(), 0.1, crate::engine::unwind::CallSite::caller())];
            statistics.add(&ExampleRecord { requirements, ..ExampleRecord::default() });
        }
        let decision = decide(&statistics, &Confidence::default(), 2);
        assert_eq!(decision, Decision::Undecided { label: "rare".to_owned(), minimum: 0.1, short: true });
    }

    #[test]
    fn a_minimum_of_zero_is_met_whatever_the_count() {
        let decision = decide(&statistics(400, 0.0), &Confidence::default(), 2);
        assert_eq!(decision, Decision::Met);
    }

    #[test]
    fn a_clear_shortfall_is_known_missed() {
        let decision = decide(&statistics(400, 90.0), &Confidence::default(), 2);
        assert_eq!(decision, Decision::Missed { label: "half".to_owned(), minimum: 90.0 });
    }

    #[test]
    #[should_panic(expected = "expected a finite number above 1")]
    fn a_certainty_of_zero_is_refused() {
        let _ = Confidence::default().certainty(0.0);
    }

    #[test]
    #[should_panic(expected = "strictly between 0 and 1")]
    fn a_tolerance_of_one_is_refused() {
        let _ = Confidence::default().tolerance(1.0);
    }
}
