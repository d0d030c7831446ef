//! Paths the tree has been given but not yet built into itself.
//!
//! Recording a path in the tree costs a walk, a search among a branch's
//! children and an insert; a run of a hundred examples spends more on that
//! than on generating them. Yet the tree is only consulted when a case turns
//! out to be a duplicate (to steer the next one elsewhere) or to tell that
//! the space is exhausted, and in many spaces neither happens in a short
//! run: a space with a choice of more than 2^17 values can never be
//! exhausted under the tree's cap, and duplicates in it are rare.
//!
//! So once a path with such a wide choice comes, the tree hashes the paths
//! it has recorded, and from then on only logs each new path and remembers
//! its hash. A path whose hash has been seen may be a duplicate: then, or
//! when the log is full, the logged paths are built into the tree in the
//! order they came, and the tree carries on recording as before. The tree
//! ends up as it would have been, so every answer it gives is the one it
//! would have given.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::{RECORDING_LIMIT, RESERVED_PATHS, reserved_choices};

/// A choice of more values than this can never have all of them explored
/// under the tree's cap, so a space holding one is never exhausted.
const WIDE: u64 = 2 * RECORDING_LIMIT as u64;

/// How many paths without a wide choice the tree looks at before it stops
/// looking for one and records every path as it comes. Deferring is only
/// ever an optimisation, and a space with wide choices shows one within
/// its first few cases; a space without one is then spared the search.
const NARROW_PATHS_CHECKED: u32 = 8;

/// Whether a path has a choice too wide to ever explore fully.
#[inline]
fn has_wide_choice(maxima: &[u64]) -> bool {
    // A fold without an early exit, which the compiler vectorises: most
    // paths that reach here have no wide choice and are read to the end.
    maxima.iter().fold(false, |wide, &maximum| wide | (maximum > WIDE))
}

/// Where a tree stands with deferring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Looking for a path with a wide choice, after this many without one.
    Looking { narrow_paths: u32 },
    /// A path had a wide choice: new paths are logged, not recorded.
    Deferring,
    /// The logged paths have been built into the tree, which records every
    /// path from now on; the space still cannot be exhausted.
    Built,
    /// The first paths had no wide choice: every path is recorded as it
    /// comes.
    Never,
}

impl Default for Stage {
    fn default() -> Stage {
        Stage::Looking { narrow_paths: 0 }
    }
}

/// The paths given to the tree and not yet built into it; see the module
/// docs.
#[derive(Clone, Debug, Default)]
pub(super) struct Deferred {
    stage: Stage,
    /// The hash of every path recorded or logged since deferring began.
    hashes: HashSet<u64, BuildHasherDefault<Prehashed>>,
    /// The logged paths' choices, end to end.
    choices: Vec<u64>,
    /// Their maxima, end to end.
    maxima: Vec<u64>,
    /// Where each logged path ends in `choices` and `maxima`.
    ends: Vec<usize>,
}

impl Deferred {
    /// Whether the tree can never be exhausted, because a path it was given
    /// had a choice too wide to explore fully.
    #[inline]
    pub(super) fn unbounded(&self) -> bool {
        matches!(self.stage, Stage::Deferring | Stage::Built)
    }

    /// Whether new paths are being deferred.
    #[inline]
    pub(super) fn is_deferring(&self) -> bool {
        self.stage == Stage::Deferring
    }

    /// Whether deferring may begin with a path of these maxima: the tree is
    /// still looking, and this path has a wide choice.
    #[inline]
    pub(super) fn may_begin(&mut self, maxima: &[u64]) -> bool {
        let Stage::Looking { narrow_paths } = self.stage else {
            return false;
        };
        let wide = has_wide_choice(maxima);
        if !wide {
            self.stage = if narrow_paths + 1 >= NARROW_PATHS_CHECKED {
                Stage::Never
            } else {
                Stage::Looking { narrow_paths: narrow_paths + 1 }
            };
        }
        wide
    }

    /// Begins deferring, given the hashes of the paths already recorded (so
    /// that a duplicate of one of them is caught) and the length of the path
    /// that begins it. Room is reserved for a run of the default size, so
    /// that logging does not grow the log step by step.
    pub(super) fn begin(&mut self, recorded: Vec<u64>, length: usize) {
        self.stage = Stage::Deferring;
        self.hashes.reserve(RESERVED_PATHS + recorded.len());
        self.hashes.extend(recorded);
        let choices = reserved_choices(length);
        self.choices.reserve(choices);
        self.maxima.reserve(choices);
        self.ends.reserve(RESERVED_PATHS);
    }

    /// While deferring, logs a path instead of recording it if it is
    /// certainly new (its hash has not been seen) and the log has room;
    /// returns whether it did. When it returns false the caller builds the
    /// logged paths (with [`take`](Deferred::take)) and records this one.
    pub(super) fn log(&mut self, choices: &[u64], maxima: &[u64]) -> bool {
        debug_assert!(self.is_deferring());
        let new = self.hashes.insert(PathHash::of(choices));
        if !new || self.choices.len() + choices.len() > RECORDING_LIMIT {
            return false;
        }
        self.choices.extend_from_slice(choices);
        self.maxima.extend_from_slice(maxima);
        self.ends.push(self.choices.len());
        true
    }

    /// Whether there is anything to build.
    #[inline]
    pub(super) fn is_pending(&self) -> bool {
        !self.ends.is_empty()
    }

    /// Ends deferring for good and returns the logged paths' choices, maxima
    /// and ends, in the order they came.
    pub(super) fn take(&mut self) -> (Vec<u64>, Vec<u64>, Vec<usize>) {
        self.stage = Stage::Built;
        self.hashes = HashSet::default();
        (std::mem::take(&mut self.choices), std::mem::take(&mut self.maxima), std::mem::take(&mut self.ends))
    }
}

/// A hash of a path's choices, built one choice at a time (so a walk over
/// the tree can hash every recorded path as it goes), the same on every
/// machine. Paths with the same hash are only possibly the same: the tree
/// then decides.
#[derive(Clone, Copy, Debug)]
pub(super) struct PathHash(u64);

impl PathHash {
    const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

    /// The hash of the empty prefix.
    pub(super) fn new() -> PathHash {
        PathHash(0x243f_6a88_85a3_08d3)
    }

    /// The hash of this prefix followed by `choice`.
    pub(super) fn push(self, choice: u64) -> PathHash {
        PathHash((self.0.rotate_left(23) ^ choice).wrapping_mul(PathHash::MULTIPLIER))
    }

    /// The hash of a whole path of `length` choices ending here.
    pub(super) fn finish(self, length: usize) -> u64 {
        let hash = (self.0 ^ length as u64).wrapping_mul(PathHash::MULTIPLIER);
        hash ^ (hash >> 29)
    }

    /// The hash of a whole path.
    fn of(choices: &[u64]) -> u64 {
        choices.iter().fold(PathHash::new(), |hash, &choice| hash.push(choice)).finish(choices.len())
    }
}

/// The hasher of a set of hashes: the value already is the hash.
#[derive(Clone, Copy, Debug, Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u64` keys are hashed; fold anything else in, for safety.
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}
