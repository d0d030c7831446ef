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
//! it has recorded, and from then on only logs each new path under its
//! hash. A path whose hash has been seen is compared with the one logged
//! (or recorded) under it: the same choices are a duplicate, told without
//! building anything. The logged paths are built into the tree, in the
//! order they came, only when it is asked to steer (see
//! [`Tree::novel_prefix`](super::Tree::novel_prefix)) or when two paths
//! share a hash; logging then carries on. The tree tells new paths from
//! duplicates as one that recorded each path at once would (but that a
//! path of a nondeterministic generator, which contradicts the tree, counts
//! as a duplicate when it comes twice). A log that would take the tree to
//! its cap is not built at all: the tree steps aside, a little earlier
//! than a tree that shares the paths' prefixes would.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

use super::{LOGGING_LIMIT, RECORDING_LIMIT, RESERVED_PATHS, reserved_choices};

/// A choice of more values than this can never have all of them explored
/// under the tree's cap (each value explored is a node), so a space
/// holding one is never exhausted.
const WIDE: u64 = RECORDING_LIMIT as u64;

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
    /// A path had a wide choice: new paths are logged, not recorded, and
    /// the space can never be exhausted.
    Deferring,
    /// The first paths had no wide choice: every path is recorded as it
    /// comes.
    Never,
}

impl Default for Stage {
    fn default() -> Stage {
        Stage::Looking { narrow_paths: 0 }
    }
}

/// Where the path under a hash is: the ordinal of a logged path (counted
/// from the first ever logged, built ones included), or [`IN_TREE`] for one
/// recorded before deferring began.
pub(super) type PathOrdinal = u32;

/// The ordinal of every path recorded before deferring began.
const IN_TREE: PathOrdinal = PathOrdinal::MAX;

/// What became of a path offered to the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Logged {
    /// Its hash was new, so the path is: it is logged.
    New,
    /// A path with the same hash is in the tree.
    SeenInTree,
    /// A path with the same hash is in the log, under this ordinal.
    SeenInLog(PathOrdinal),
}

/// The paths given to the tree and not yet built into it; see the module
/// docs.
#[derive(Clone, Debug, Default)]
pub(super) struct Deferred {
    stage: Stage,
    /// The hash of every path recorded or logged since deferring began,
    /// with where that path is.
    paths: HashMap<u64, PathOrdinal, BuildHasherDefault<Prehashed>>,
    /// The ordinal of the first path in the log: every path before it has
    /// been built into the tree.
    first_logged: PathOrdinal,
    /// The logged paths' choices, end to end.
    choices: Vec<u64>,
    /// Their maxima, end to end.
    maxima: Vec<u64>,
    /// Where each logged path ends in `choices` and `maxima`.
    ends: Vec<usize>,
}

impl Deferred {
    /// Whether new paths are being deferred, which they are once a path
    /// had a choice too wide to explore fully: the tree can then never be
    /// exhausted.
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
        self.paths.reserve(RESERVED_PATHS + recorded.len());
        self.paths.extend(recorded.into_iter().map(|hash| (hash, IN_TREE)));
        let choices = reserved_choices(length).min(LOGGING_LIMIT);
        self.choices.reserve(choices);
        self.maxima.reserve(choices);
        self.ends.reserve(RESERVED_PATHS);
    }

    /// While deferring, logs a path if its hash is new; see [`Logged`] for
    /// what else can come of it. The tree keeps the log within its cap.
    #[inline]
    pub(super) fn log(&mut self, choices: &[u64], maxima: &[u64]) -> Logged {
        debug_assert!(self.is_deferring());
        let ordinal = self.first_logged + self.ends.len() as PathOrdinal;
        match self.paths.entry(PathHash::of(choices)) {
            Entry::Occupied(seen) if *seen.get() == IN_TREE || *seen.get() < self.first_logged => {
                return Logged::SeenInTree;
            }
            Entry::Occupied(seen) => return Logged::SeenInLog(*seen.get()),
            Entry::Vacant(vacant) => {
                vacant.insert(ordinal);
            }
        }
        self.choices.extend_from_slice(choices);
        self.maxima.extend_from_slice(maxima);
        self.ends.push(self.choices.len());
        Logged::New
    }

    /// How many choices the log holds.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.choices.len()
    }

    /// The choices and maxima of the logged path with this ordinal, which
    /// is not built.
    pub(super) fn logged(&self, ordinal: PathOrdinal) -> (&[u64], &[u64]) {
        let index = (ordinal - self.first_logged) as usize;
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        let end = self.ends[index];
        (&self.choices[start..end], &self.maxima[start..end])
    }

    /// Whether there is anything to build.
    #[inline]
    pub(super) fn is_pending(&self) -> bool {
        !self.ends.is_empty()
    }

    /// Empties the log into `build`, which is given each logged path's
    /// choices and maxima in the order they came. Deferring goes on.
    pub(super) fn drain(&mut self, mut build: impl FnMut(&[u64], &[u64])) {
        let mut start = 0;
        for &end in &self.ends {
            build(&self.choices[start..end], &self.maxima[start..end]);
            start = end;
        }
        self.first_logged += self.ends.len() as PathOrdinal;
        self.choices.clear();
        self.maxima.clear();
        self.ends.clear();
    }

    /// Gives up the log and the hashes, for a tree that steps aside.
    pub(super) fn discard(&mut self) {
        *self = Deferred { stage: self.stage, ..Deferred::default() };
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
