//! The test cases that ran to the end while shrinking, so that a candidate
//! that would only repeat one of them is not run.
//!
//! A replay reads its choices one by one and stops when the test case ends.
//! If a case ran to the end on choices `R`, any candidate that starts with
//! `R` replays exactly the same draws, takes the same values (they were
//! valid once, so none is replaced) and ends at the same place, never
//! reading the rest: its outcome is already known. Deleting or lowering the
//! end of a sequence often produces such a candidate, for instance a list's
//! "stop" followed by choices nothing reads.

use std::collections::HashSet;

use crate::engine::source::{Fill, Variation};

/// The choice sequences of the test cases that ran to the end, by
/// [`fingerprint`].
#[derive(Default)]
pub(super) struct Completed {
    runs: HashSet<u128>,
    /// Which lengths some run has, indexed by length.
    lengths: Vec<bool>,
}

impl Completed {
    /// Remembers that a test case ran to the end on `choices`.
    pub(super) fn insert(&mut self, choices: &[u64]) {
        if self.lengths.len() <= choices.len() {
            self.lengths.resize(choices.len() + 1, false);
        }
        self.lengths[choices.len()] = true;
        self.runs.insert(fingerprint(choices));
    }

    /// The [`fingerprint`] of `candidate`, or `None` when some run that
    /// ran to the end is a prefix of it (or all of it), so that replaying
    /// it would repeat that run: one pass over the choices does both.
    pub(super) fn fingerprint_unless_covered(&self, candidate: &[u64]) -> Option<u128> {
        let mut print = EMPTY;
        for length in 0..=candidate.len() {
            if self.lengths.get(length).copied().unwrap_or(false) && self.runs.contains(&print) {
                return None;
            }
            if let Some(&choice) = candidate.get(length) {
                print = extend(print, choice);
            }
        }
        Some(print)
    }
}

/// The fingerprint of the empty sequence.
const EMPTY: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834;

/// An odd 128-bit multiplier whose bits look random.
const MULTIPLIER: u128 = 0x2360_ed05_1fc6_5da4_4385_df64_9fcc_f645;

/// A 128-bit fingerprint of a choice sequence: what the shrinker keeps of
/// the sequences it has run, 16 bytes each however long they are (a few
/// thousand candidates of a few thousand choices would otherwise hold
/// gigabytes). Two of the at most 200 000 sequences of one shrink share a
/// fingerprint by a chance of about one in 10^28; if they did, one
/// candidate would be skipped as already run, which costs at most a
/// missed step, never a wrong result.
pub(super) fn fingerprint(choices: &[u64]) -> u128 {
    choices.iter().fold(EMPTY, |print, &choice| extend(print, choice))
}

/// The fingerprint of a varied replay of `choices`: the choices, then which
/// span the variation redraws and how. Only a replay whose fill is the
/// simplest is the same every time it runs.
pub(super) fn variation_fingerprint(choices: &[u64], variation: &Variation) -> u128 {
    debug_assert!(matches!(variation.fill, Fill::Simplest), "a random fill differs from run to run");
    let Variation { span, kept, resume_at, .. } = *variation;
    // Begun from a seed of its own, so that no exact sequence, not even one
    // ending in these three numbers, shares a varied replay's fingerprint.
    let print = choices.iter().fold(VARIED_EMPTY, |print, &choice| extend(print, choice));
    [span, kept, resume_at].into_iter().fold(print, |print, number| extend(print, number as u64))
}

/// Where a varied replay's fingerprint begins: not [`EMPTY`].
const VARIED_EMPTY: u128 = 0x3c6e_f372_fe94_f82b_a54f_f53a_5f1d_36f1;

/// The fingerprint of a sequence extended by `choice`: a multiply and a
/// fold of the high half into the low, so every bit of the choice reaches
/// every bit of the result within a step or two.
fn extend(print: u128, choice: u64) -> u128 {
    let mixed = (print ^ u128::from(choice)).wrapping_mul(MULTIPLIER);
    mixed ^ (mixed >> 64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_covers_the_candidates_it_is_a_prefix_of_and_no_others() {
        let mut completed = Completed::default();
        completed.insert(&[1, 0]);
        let covers =
            |completed: &Completed, candidate: &[u64]| completed.fingerprint_unless_covered(candidate).is_none();
        assert!(covers(&completed, &[1, 0]));
        assert!(covers(&completed, &[1, 0, 7, 7]));
        assert!(!covers(&completed, &[1]));
        assert!(!covers(&completed, &[1, 1, 0]));
        assert!(!covers(&completed, &[0, 1, 0]));
        assert_eq!(completed.fingerprint_unless_covered(&[2, 3]), Some(fingerprint(&[2, 3])));
        completed.insert(&[]);
        assert!(covers(&completed, &[5]), "the empty run is a prefix of everything");
    }

    #[test]
    fn fingerprints_tell_apart_sequences_that_differ_in_zeros_or_order() {
        let sequences: [&[u64]; 6] = [&[], &[0], &[0, 0], &[1, 0], &[0, 1], &[u64::MAX]];
        let prints: HashSet<u128> = sequences.iter().map(|sequence| fingerprint(sequence)).collect();
        assert_eq!(prints.len(), sequences.len());
    }
}
