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

/// Spreads a choice's bits before it enters the rolling hash, so that
/// sequences of small numbers do not collide in the low bits.
const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// The choice sequences of the test cases that ran to the end.
#[derive(Default)]
pub(super) struct Completed {
    runs: HashSet<Vec<u64>>,
    /// Which lengths some run has, indexed by length.
    lengths: Vec<bool>,
    /// The rolling hash of each run, a cheap first test of each prefix of a
    /// candidate before its choices are compared.
    hashes: HashSet<u64>,
}

impl Completed {
    /// Remembers that a test case ran to the end on `choices`.
    pub(super) fn insert(&mut self, choices: &[u64]) {
        if self.runs.contains(choices) {
            return;
        }
        if self.lengths.len() <= choices.len() {
            self.lengths.resize(choices.len() + 1, false);
        }
        self.lengths[choices.len()] = true;
        self.hashes.insert(choices.iter().fold(0, |hash, &choice| roll(hash, choice)));
        self.runs.insert(choices.to_vec());
    }

    /// Whether some run that ran to the end is a prefix of `candidate` (or
    /// all of it), so that replaying `candidate` would repeat it.
    pub(super) fn covers(&self, candidate: &[u64]) -> bool {
        let Some(longest) = self.lengths.len().checked_sub(1) else { return false };
        let mut hash = 0;
        for length in 0..=candidate.len().min(longest) {
            if self.lengths[length] && self.hashes.contains(&hash) && self.runs.contains(&candidate[..length]) {
                return true;
            }
            if let Some(&choice) = candidate.get(length) {
                hash = roll(hash, choice);
            }
        }
        false
    }
}

/// The rolling hash of a sequence extended by `choice`.
fn roll(hash: u64, choice: u64) -> u64 {
    (hash ^ choice.wrapping_mul(MIX)).rotate_left(23).wrapping_mul(MIX)
}
