//! The generation tree: every choice sequence run so far, so none runs twice.
//!
//! Generators are deterministic, so the choice sequences of all test cases
//! form a tree: a shared prefix leads to the same next choice point with the
//! same maximum, and each value of that choice is a child. Recording every
//! finished case in this tree tells the runner when a case is a duplicate and,
//! once every value of every choice point has been explored, that the whole
//! space is exhausted (a property over `bool` stops after two cases). Drawing
//! the next case's prefix from the tree's unexplored values keeps generation
//! from repeating itself.
//!
//! The tree is compressed: a node holds a run of choices that no recorded path
//! branches inside, stored in one arena shared by all nodes, and then either
//! the end of a path or a branch over the next choice's values. Most new paths
//! share a prefix and then diverge, so recording one is a walk along the
//! shared prefix, at most one split, and one append to the arena. In a space
//! that can never be exhausted, new paths are only logged and hashed, and
//! built into the tree only when it must steer (see [`deferred`]), which
//! spares short runs most of that.

mod children;
mod deferred;

use crate::engine::random::{Draws, Random};
use children::Children;
use deferred::{Deferred, Logged, PathHash};

/// Once this many choices (arena entries plus nodes, each of which stands for
/// the branch value that leads to it) are recorded, the tree steps aside. A
/// space that has not run out by then is not going to, repeats in it are
/// rare, and a long run (a benchmark's hundreds of thousands of examples)
/// then pays nothing more for the tree, in time or memory. Room for a
/// `u16`'s 65,536 values and the nodes they lead to, so that a run over one
/// can be exhausted (a few megabytes at most).
const RECORDING_LIMIT: usize = 1 << 17;

/// The cap in a space that can never be exhausted, whose paths are only
/// logged (see [`deferred`]): lower, as such a log serves only to tell
/// repeats, which are rare past its first tens of thousands of examples,
/// and hashing each path costs every one of them.
const LOGGING_LIMIT: usize = 1 << 16;

/// How many paths the tree reserves room for when it starts recording (or
/// logging): the whole of a run of the default size, so that its arenas do
/// not grow step by step.
const RESERVED_PATHS: usize = 128;

/// The choices [`RESERVED_PATHS`] paths of `length` choices hold, within
/// the cap.
fn reserved_choices(length: usize) -> usize {
    (RESERVED_PATHS * length.max(1)).min(RECORDING_LIMIT)
}

/// The fewest uniform draws at a branch that may land on exhausted values
/// before [`Tree::novel_prefix`] picks among the remaining values by
/// enumeration (see [`Tree::random_tries`]).
const RANDOM_TRIES: u32 = 8;

/// The index of a node in [`Tree::nodes`].
type NodeId = u32;

/// The index of a branch in [`Tree::branches`].
type BranchId = u32;

/// A run of recorded choices followed by a transition.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Where the run starts in the arena.
    start: u32,
    /// How many choices the run holds.
    length: u32,
    /// How many choices of the run have a maximum above 0. While there is
    /// one, the node has unexplored values and cannot be exhausted.
    unforced: u32,
    /// Whether every path through this node has been recorded.
    exhausted: bool,
    /// What follows the run.
    transition: Transition,
}

/// What follows a node's run of choices.
#[derive(Clone, Copy, Debug)]
enum Transition {
    /// A recorded path ends here.
    Conclusion,
    /// The next choice has taken more than one value.
    Branch(BranchId),
}

/// A choice point at which recorded paths diverge.
#[derive(Clone, Debug)]
struct Branch {
    /// The choice's maximum: its values are `0..=maximum`.
    maximum: u64,
    /// The recorded values with the node each leads to, in value order.
    children: Children,
    /// How many children are exhausted; the branch is exhausted once this
    /// exceeds `maximum`, as every value is then recorded and explored.
    exhausted_children: u64,
}

impl Branch {
    /// Whether every value of the choice leads to an exhausted node.
    fn is_exhausted(&self) -> bool {
        self.exhausted_children > self.maximum
    }

    /// The node that `value` leads to, if it has been recorded.
    fn child(&self, value: u64) -> Option<NodeId> {
        self.children.get(value)
    }
}

/// Where a recorded path and a new one part ways.
enum Divergence {
    /// Inside `node`'s run, at the run's choice `offset`, which is the
    /// path's choice `position`.
    InRun { node: NodeId, offset: usize, position: usize },
    /// At `node`'s branch, the path's choice `position`, with a value the
    /// branch has not seen.
    AtBranch { branch: BranchId, position: usize },
}

/// A tree of every choice sequence recorded so far; see the module docs.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    /// The choice values of every node's run, end to end.
    values: Vec<u64>,
    /// The maximum of each choice in `values`.
    maxima: Vec<u64>,
    /// Every node, addressed by [`NodeId`].
    nodes: Vec<Node>,
    /// Every branch, addressed by [`BranchId`]; kept apart from the nodes so
    /// that the many nodes that end a path stay small.
    branches: Vec<Branch>,
    /// The node the first choice belongs to, once a path is recorded.
    root: Option<NodeId>,
    /// The nodes the current insertion walked through, root first, kept
    /// between calls so that walking allocates nothing.
    visited: Vec<NodeId>,
    /// Whether the tree reached its cap and stepped aside.
    full: bool,
    /// Paths given to the tree and not yet built into it.
    deferred: Deferred,
    /// How many paths it was given that it had recorded before.
    repeats: u64,
    /// How many paths it was given contradicted it: only a generator that
    /// reads something besides its choices makes one.
    contradictions: u64,
}

impl Tree {
    /// An empty tree: nothing recorded, nothing exhausted.
    pub(crate) fn new() -> Tree {
        Tree::default()
    }

    /// Records the path of one finished test case: its choices and each
    /// choice's maximum (same length). The case may have ended early (a
    /// filter discarded it), so a path is complete where it ends. Returns
    /// false when exactly this path was already recorded (a duplicate), true
    /// when it is new.
    ///
    /// A path that contradicts the tree (a different maximum at a known choice
    /// point, a value above its maximum, choices past a recorded end, or an
    /// end where a recorded path went on) can only come from a
    /// nondeterministic generator; it counts as new and is not recorded, so
    /// the tree stays consistent. Once the tree holds more than
    /// `RECORDING_LIMIT` (2^17) choices it steps aside: every path counts as
    /// new, nothing is walked or recorded, and the tree can no longer become
    /// exhausted.
    ///
    /// In a space that can never be exhausted, a path is only logged, and
    /// told from the paths before it by its hash and one comparison; the
    /// tree is built from the log when it must steer (see [`deferred`]).
    #[inline(always)]
    pub(crate) fn insert(&mut self, choices: &[u64], maxima: &[u64]) -> bool {
        // Checked where the engine calls, as it is all a long run does once
        // the tree is full.
        self.full || self.insert_path(choices, maxima)
    }

    /// [`insert`](Tree::insert) while the tree still records paths.
    fn insert_path(&mut self, choices: &[u64], maxima: &[u64]) -> bool {
        debug_assert_eq!(choices.len(), maxima.len(), "a path needs one maximum per choice");
        if choices.len() == maxima.len() && self.defers(maxima) {
            let duplicate = match self.deferred.log(choices, maxima) {
                Logged::New => {
                    // Built, the log would take the tree to the log's cap, where
                    // it steps aside (as the log counts: the tree would
                    // share the paths' common prefixes, so this is early
                    // if anything): it does so now, and builds nothing.
                    if self.values.len() + self.nodes.len() + self.deferred.len() > LOGGING_LIMIT {
                        self.full = true;
                        self.deferred.discard();
                    }
                    return true;
                }
                Logged::SeenInLog(ordinal) => self.deferred.logged(ordinal) == (choices, maxima),
                Logged::SeenInTree => {
                    self.root.is_some_and(|root| matches!(self.walk(root, choices, maxima), Walk::Duplicate))
                }
            };
            if duplicate {
                self.repeats += 1;
                return false;
            }
            // Another path has the same hash: the built tree tells them apart.
        }
        self.build_deferred();
        let new = self.record(choices, maxima);
        self.repeats += u64::from(!new);
        new
    }

    /// Whether a path given to the tree had a choice too wide to ever
    /// explore fully. In such a space a fresh random draw is usually new
    /// (unless the wide choice is seldom reached), so a duplicate is
    /// better redrawn than steered around, which needs the deferred paths
    /// built.
    #[inline]
    pub(crate) fn is_wide(&self) -> bool {
        self.deferred.is_deferring()
    }

    /// How many of the paths given to [`insert`](Tree::insert) had been
    /// recorded before (none are told apart once the tree steps aside).
    pub(crate) fn repeats(&self) -> u64 {
        self.repeats
    }

    /// How many of the paths given to [`insert`](Tree::insert) contradicted
    /// the tree (see there): the generators are not deterministic.
    pub(crate) fn contradictions(&self) -> u64 {
        self.contradictions
    }

    /// Whether paths are deferred, beginning to defer if this path is the
    /// first with a wide choice.
    #[inline]
    fn defers(&mut self, maxima: &[u64]) -> bool {
        if self.deferred.is_deferring() {
            return true;
        }
        if !self.deferred.may_begin(maxima) {
            return false;
        }
        let recorded = self.recorded_path_hashes();
        self.deferred.begin(recorded, maxima.len());
        true
    }

    /// The hash of every path recorded in the tree, by a walk over all of
    /// it: done once, when deferring begins, while the tree is still small.
    fn recorded_path_hashes(&self) -> Vec<u64> {
        let mut hashes = Vec::new();
        let Some(root) = self.root else {
            return hashes;
        };
        // Each entry: a node, and the hash and length of the path before it.
        let mut pending = vec![(root, PathHash::new(), 0)];
        while let Some((node, mut hash, mut length)) = pending.pop() {
            let node = &self.nodes[node as usize];
            let (values, _) = self.run(node);
            hash = values.iter().fold(hash, |hash, &value| hash.push(value));
            length += values.len();
            match node.transition {
                Transition::Conclusion => hashes.push(hash.finish(length)),
                Transition::Branch(branch) => {
                    for (value, child) in self.branches[branch as usize].children.iter() {
                        pending.push((child, hash.push(value), length + 1));
                    }
                }
            }
        }
        hashes
    }

    /// Builds the deferred paths into the tree, in the order they came.
    #[inline]
    fn build_deferred(&mut self) {
        if self.deferred.is_pending() {
            self.build_pending();
        }
    }

    /// [`build_deferred`](Tree::build_deferred) when there is something to
    /// build.
    fn build_pending(&mut self) {
        let mut deferred = std::mem::take(&mut self.deferred);
        deferred.drain(|choices, maxima| {
            self.record(choices, maxima);
        });
        self.deferred = deferred;
    }

    /// [`insert`](Tree::insert), into the tree itself.
    fn record(&mut self, choices: &[u64], maxima: &[u64]) -> bool {
        if self.full || choices.len() != maxima.len() {
            return true;
        }
        if self.values.len() + self.nodes.len() > RECORDING_LIMIT {
            self.full = true;
            return true;
        }
        let Some(root) = self.root else {
            if self.can_record(choices) && is_valid(choices, maxima) {
                self.reserve_for(choices.len());
                let root = self.push_leaf(choices, maxima);
                self.root = Some(root);
            }
            return true;
        };
        let divergence = match self.walk(root, choices, maxima) {
            Walk::Duplicate => return false,
            Walk::Contradiction => {
                self.contradictions += 1;
                return true;
            }
            Walk::Diverges(divergence) => divergence,
        };
        if !self.can_record(choices) {
            return true;
        }
        match divergence {
            Divergence::InRun { node, offset, position } => {
                self.split_and_insert(node, offset, position, choices, maxima)
            }
            Divergence::AtBranch { branch, position } => {
                let tail = position + 1;
                if !is_valid(&choices[tail..], &maxima[tail..]) {
                    return true;
                }
                let leaf = self.push_leaf(&choices[tail..], &maxima[tail..]);
                let branch = &mut self.branches[branch as usize];
                branch.children.insert(choices[position], leaf);
                if self.nodes[leaf as usize].exhausted {
                    branch.exhausted_children += 1;
                    self.propagate(self.visited.len() - 1);
                }
            }
        }
        true
    }

    /// Whether the tree still records paths (and so reads their maxima): false
    /// once it has stepped aside.
    pub(crate) fn records_paths(&self) -> bool {
        !self.full
    }

    /// Whether every possible path has been recorded: nothing new can be
    /// generated.
    pub(crate) fn is_exhausted(&self) -> bool {
        // A deferred path is only ever from a space that cannot be exhausted.
        !self.deferred.is_deferring() && self.root.is_some_and(|root| self.nodes[root as usize].exhausted)
    }

    /// Writes into `prefix` (cleared first) a choice prefix that no recorded
    /// path starts with, drawn at random from `random`, and returns true; or
    /// returns false, leaving `prefix` empty, when the tree is exhausted.
    ///
    /// The walk starts at the root and draws each recorded choice uniformly:
    /// a value never recorded there ends the prefix, a recorded value whose
    /// subtree has unexplored paths descends, and a value whose subtree is
    /// exhausted is drawn again. A few random tries are followed by a uniform
    /// pick among the remaining values, so a nearly exhausted branch costs
    /// one pass over its children rather than an unbounded number of draws.
    pub(crate) fn novel_prefix(&mut self, random: &mut Random, prefix: &mut Vec<u64>) -> bool {
        self.build_deferred();
        prefix.clear();
        let Some(mut node) = self.root else {
            return true;
        };
        if self.nodes[node as usize].exhausted {
            return false;
        }
        // Invariant: `node` is not exhausted, so some path below it is new.
        loop {
            let current = &self.nodes[node as usize];
            let (values, maxima) = self.run(current);
            let transition_exhausted = self.transition_exhausted(current.transition);
            // When everything after the run is explored, the new path must
            // leave the run at its last unforced choice at the latest.
            let must_leave_at =
                if transition_exhausted { maxima.iter().rposition(|&maximum| maximum > 0) } else { None };
            for (offset, (&recorded, &maximum)) in values.iter().zip(maxima).enumerate() {
                let value = if maximum == 0 {
                    recorded
                } else if must_leave_at == Some(offset) {
                    // Uniform over every value but the recorded one.
                    let drawn = random.up_to(maximum - 1);
                    if drawn >= recorded { drawn + 1 } else { drawn }
                } else {
                    random.up_to(maximum)
                };
                prefix.push(value);
                if value != recorded {
                    return true;
                }
            }
            let Transition::Branch(branch) = current.transition else {
                unreachable!("a node that is not exhausted and ends a path has an unforced choice to leave at");
            };
            let branch = &self.branches[branch as usize];
            let value = self.draw_unexhausted(branch, random);
            prefix.push(value);
            match branch.child(value) {
                None => return true,
                Some(child) => node = child,
            }
        }
    }

    /// Draws a value at a branch that is not exhausted, uniformly among the
    /// values whose subtree still has new paths (an unrecorded value counts).
    fn draw_unexhausted(&self, branch: &Branch, random: &mut Random) -> u64 {
        for _ in 0..self.random_tries(branch) {
            let value = random.up_to(branch.maximum);
            match branch.child(value) {
                Some(child) if self.nodes[child as usize].exhausted => {}
                _ => return value,
            }
        }
        // The branch is not exhausted, so fewer than maximum + 1 children are.
        self.unexhausted_value(branch, random.up_to(branch.maximum - branch.exhausted_children))
    }

    /// How many uniform draws [`draw_unexhausted`](Tree::draw_unexhausted)
    /// tries before it counts through the children: enough to hit an open
    /// value about 49 times in 50 (four times the expected number), as
    /// long as that costs less than counting does. A draw is a lookup among
    /// the children, about as dear as four steps of the count. A fixed
    /// handful of tries made a run that nearly exhausts a `u16` count
    /// through all 65,536 children for every other example.
    fn random_tries(&self, branch: &Branch) -> u64 {
        let values = u128::from(branch.maximum) + 1;
        let open = values - u128::from(branch.exhausted_children);
        let expected_cost = (4 * values / open).min(u128::from(u64::MAX)) as u64;
        expected_cost.min(branch.children.len() as u64 / 4).max(u64::from(RANDOM_TRIES))
    }

    /// The `rank`-th smallest value at a branch whose subtree is not
    /// exhausted: start from `rank` and step over each exhausted child at or
    /// below the candidate, in ascending order. This costs one pass over the
    /// children however large the maximum is.
    fn unexhausted_value(&self, branch: &Branch, rank: u64) -> u64 {
        let mut value = rank;
        for (child_value, child) in branch.children.iter() {
            if child_value > value {
                break;
            }
            if self.nodes[child as usize].exhausted {
                value += 1;
            }
        }
        value
    }

    /// Follows `choices` from `root` to where they leave the recorded tree,
    /// pushing every node passed onto `visited`.
    fn walk(&mut self, root: NodeId, choices: &[u64], maxima: &[u64]) -> Walk {
        self.visited.clear();
        let mut node = root;
        let mut position = 0;
        loop {
            self.visited.push(node);
            let current = &self.nodes[node as usize];
            let (run_values, run_maxima) = self.run(current);
            let rest = choices.len() - position;
            let common = run_values.len().min(rest);
            let path_values = &choices[position..position + common];
            let path_maxima = &maxima[position..position + common];
            // Most of a walk is along runs that match; compare them whole
            // first and look for the exact mismatch only when there is one.
            if run_values[..common] != *path_values || run_maxima[..common] != *path_maxima {
                let mismatch = (0..common).find(|&offset| {
                    run_values[offset] != path_values[offset] || run_maxima[offset] != path_maxima[offset]
                });
                if let Some(offset) = mismatch {
                    if run_maxima[offset] != path_maxima[offset] || path_values[offset] > path_maxima[offset] {
                        return Walk::Contradiction;
                    }
                    return Walk::Diverges(Divergence::InRun { node, offset, position: position + offset });
                }
            }
            if rest < run_values.len() {
                // The path ends inside a run that a recorded path went on with.
                return Walk::Contradiction;
            }
            position += run_values.len();
            match current.transition {
                Transition::Conclusion => {
                    return if position == choices.len() { Walk::Duplicate } else { Walk::Contradiction };
                }
                Transition::Branch(branch_id) => {
                    let branch = &self.branches[branch_id as usize];
                    if position == choices.len()
                        || maxima[position] != branch.maximum
                        || choices[position] > branch.maximum
                    {
                        return Walk::Contradiction;
                    }
                    match branch.children.get(choices[position]) {
                        Some(child) => {
                            node = child;
                            position += 1;
                        }
                        None => return Walk::Diverges(Divergence::AtBranch { branch: branch_id, position }),
                    }
                }
            }
        }
    }

    /// Splits `node`'s run at `offset`, where a new path takes a different
    /// value, into a branch with the rest of the old run and the new path's
    /// rest as its two children. `node` keeps its id (its parent needs no
    /// update) and becomes the upper part; the old run's rest and transition
    /// move to a new node, so the old children need no update either.
    fn split_and_insert(&mut self, node: NodeId, offset: usize, position: usize, choices: &[u64], maxima: &[u64]) {
        let tail = position + 1;
        if !is_valid(&choices[tail..], &maxima[tail..]) {
            return;
        }
        let old = self.nodes[node as usize];
        let start = old.start as usize;
        let upper_unforced = count_unforced(&self.maxima[start..start + offset]);
        let branch_maximum = self.maxima[start + offset];
        let branch_value = self.values[start + offset];
        // The branch choice differs between two valid paths, so it is unforced.
        debug_assert!(branch_maximum > 0);
        let lower_unforced = old.unforced - upper_unforced - 1;
        let lower_exhausted = lower_unforced == 0 && self.transition_exhausted(old.transition);
        let lower = self.push_node(Node {
            start: old.start + offset as u32 + 1,
            length: old.length - offset as u32 - 1,
            unforced: lower_unforced,
            exhausted: lower_exhausted,
            transition: old.transition,
        });
        let leaf = self.push_leaf(&choices[tail..], &maxima[tail..]);
        let leaf_exhausted = self.nodes[leaf as usize].exhausted;
        let children = Children::two((branch_value, lower), (choices[position], leaf));
        let branch_id = self.branches.len() as BranchId;
        self.branches.push(Branch {
            maximum: branch_maximum,
            children,
            exhausted_children: u64::from(lower_exhausted) + u64::from(leaf_exhausted),
        });
        let upper = &mut self.nodes[node as usize];
        upper.length = offset as u32;
        upper.unforced = upper_unforced;
        upper.transition = Transition::Branch(branch_id);
        // Both children might be exhausted without the branch being so (its
        // maximum may be above 1), so this checks rather than assumes.
        self.propagate(self.visited.len() - 1);
    }

    /// Recomputes whether `visited[index]` is exhausted after its branch
    /// changed and, while nodes become exhausted, counts each as an exhausted
    /// child of the node before it on the walk. Only nodes on the walk can
    /// change, and the walk back stops at the first one that stays open.
    fn propagate(&mut self, mut index: usize) {
        loop {
            let id = self.visited[index] as usize;
            let node = &self.nodes[id];
            if node.exhausted || node.unforced > 0 || !self.transition_exhausted(node.transition) {
                return;
            }
            self.nodes[id].exhausted = true;
            let Some(parent) = index.checked_sub(1) else {
                return;
            };
            index = parent;
            let Transition::Branch(branch) = self.nodes[self.visited[index] as usize].transition else {
                unreachable!("a node on the walk with a node after it ends in a branch");
            };
            self.branches[branch as usize].exhausted_children += 1;
        }
    }

    /// Whether everything after a node's run has been explored.
    fn transition_exhausted(&self, transition: Transition) -> bool {
        match transition {
            Transition::Conclusion => true,
            Transition::Branch(branch) => self.branches[branch as usize].is_exhausted(),
        }
    }

    /// Appends a node whose run is a path's rest and which ends that path.
    fn push_leaf(&mut self, choices: &[u64], maxima: &[u64]) -> NodeId {
        let start = self.values.len() as u32;
        self.values.extend_from_slice(choices);
        self.maxima.extend_from_slice(maxima);
        let unforced = count_unforced(maxima);
        self.push_node(Node {
            start,
            length: choices.len() as u32,
            unforced,
            exhausted: unforced == 0,
            transition: Transition::Conclusion,
        })
    }

    /// Reserves room for [`RESERVED_PATHS`] paths of `length` choices.
    fn reserve_for(&mut self, length: usize) {
        let choices = reserved_choices(length);
        self.values.reserve(choices);
        self.maxima.reserve(choices);
        self.nodes.reserve(2 * RESERVED_PATHS);
        self.branches.reserve(RESERVED_PATHS);
        self.visited.reserve(16);
    }

    /// Adds a node and returns its id.
    fn push_node(&mut self, node: Node) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(node);
        id
    }

    /// A node's run: its values and their maxima.
    fn run(&self, node: &Node) -> (&[u64], &[u64]) {
        let range = node.start as usize..(node.start + node.length) as usize;
        (&self.values[range.clone()], &self.maxima[range])
    }

    /// Whether a path of this length may still be recorded: the tree is under
    /// its cap, and the path is short enough that arena offsets fit in `u32`.
    fn can_record(&self, choices: &[u64]) -> bool {
        self.values.len() + self.nodes.len() <= RECORDING_LIMIT && choices.len() <= RECORDING_LIMIT
    }
}

/// Where a walk along a path ended.
enum Walk {
    /// The path is recorded already.
    Duplicate,
    /// The path disagrees with the tree about its own shape.
    Contradiction,
    /// The path is new from this point on.
    Diverges(Divergence),
}

/// Whether every value lies within its maximum.
fn is_valid(choices: &[u64], maxima: &[u64]) -> bool {
    choices.iter().zip(maxima).all(|(value, maximum)| value <= maximum)
}

/// How many of these choices could have taken more than one value.
fn count_unforced(maxima: &[u64]) -> u32 {
    maxima.iter().filter(|&&maximum| maximum > 0).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::{Chance, for_example};
    use std::collections::HashSet;

    /// A stand-in for the choice source: replays a prefix, then draws at
    /// random (or, without a random source, answers 0), recording the path.
    struct FakeSource<'a> {
        prefix: &'a [u64],
        random: Option<&'a mut Random>,
        choices: Vec<u64>,
        maxima: Vec<u64>,
    }

    impl<'a> FakeSource<'a> {
        fn new(prefix: &'a [u64], random: Option<&'a mut Random>) -> FakeSource<'a> {
            FakeSource { prefix, random, choices: Vec::new(), maxima: Vec::new() }
        }

        fn choose(&mut self, maximum: u64) -> u64 {
            let value = match (self.prefix.get(self.choices.len()), self.random.as_mut()) {
                (Some(&value), _) => value.min(maximum),
                (None, Some(random)) => random.up_to(maximum),
                (None, None) => 0,
            };
            self.choices.push(value);
            self.maxima.push(maximum);
            value
        }
    }

    /// Runs `generator` on `prefix` and returns the path it took.
    fn run_generator(
        generator: fn(&mut FakeSource),
        prefix: &[u64],
        random: Option<&mut Random>,
    ) -> (Vec<u64>, Vec<u64>) {
        let mut source = FakeSource::new(prefix, random);
        generator(&mut source);
        (source.choices, source.maxima)
    }

    /// Generates from novel prefixes until the tree is exhausted, checking
    /// that every case is new; returns the paths in the order they ran.
    fn explore(generator: fn(&mut FakeSource), seed: u64, limit: usize) -> Vec<Vec<u64>> {
        let mut tree = Tree::new();
        let mut random = for_example(seed, 0);
        let mut prefix = Vec::new();
        let mut seen = Vec::new();
        while tree.novel_prefix(&mut random, &mut prefix) {
            assert!(seen.len() < limit, "not exhausted after {limit} cases: {seen:?}");
            let (choices, maxima) = run_generator(generator, &prefix, None);
            assert!(choices.starts_with(&prefix), "the generator follows the prefix");
            assert!(tree.insert(&choices, &maxima), "novel prefix led to a duplicate: {choices:?}");
            seen.push(choices);
        }
        assert!(tree.is_exhausted());
        assert!(prefix.is_empty());
        seen
    }

    #[test]
    fn empty_tree_is_not_exhausted_and_anything_is_novel() {
        let mut tree = Tree::new();
        assert!(!tree.is_exhausted());
        let mut prefix = vec![7];
        assert!(tree.novel_prefix(&mut for_example(1, 0), &mut prefix));
        assert!(prefix.is_empty());
    }

    #[test]
    fn a_bool_is_exhausted_by_both_values() {
        let mut tree = Tree::new();
        assert!(tree.insert(&[0], &[1]));
        assert!(!tree.is_exhausted());
        assert!(tree.insert(&[1], &[1]));
        assert!(tree.is_exhausted());
        assert!(!tree.insert(&[0], &[1]));
        assert!(!tree.insert(&[1], &[1]));
        assert!(!tree.novel_prefix(&mut for_example(1, 0), &mut Vec::new()));
    }

    #[test]
    fn a_byte_is_exhausted_by_its_last_value_only() {
        let mut tree = Tree::new();
        for value in 0..=255 {
            assert!(!tree.is_exhausted(), "exhausted before inserting {value}");
            assert!(tree.insert(&[value], &[255]));
        }
        assert!(tree.is_exhausted());
        assert!(!tree.insert(&[17], &[255]));
    }

    #[test]
    fn novel_prefixes_enumerate_a_byte_in_256_steps() {
        for seed in 0..4 {
            let mut tree = Tree::new();
            let mut random = for_example(seed, 0);
            let mut prefix = Vec::new();
            let mut seen = HashSet::new();
            while tree.novel_prefix(&mut random, &mut prefix) {
                if prefix.is_empty() {
                    // The empty tree knows nothing: a random byte is new.
                    prefix.push(random.up_to(255));
                }
                assert_eq!(prefix.len(), 1);
                assert!(seen.insert(prefix[0]), "{} was drawn twice", prefix[0]);
                assert!(tree.insert(&prefix, &[255]));
            }
            assert_eq!(seen.len(), 256);
            assert!(tree.is_exhausted());
        }
    }

    /// A choice of a thousand values followed by a flag: a branch too wide
    /// for a sorted vector of children, so it changes representation on the
    /// way, and whose children are exhausted one by one.
    fn thousand_then_flag(source: &mut FakeSource) {
        source.choose(999);
        source.choose(1);
    }

    #[test]
    fn a_wide_branch_is_enumerated_once_each_then_exhausted() {
        let seen = explore(thousand_then_flag, 5, 2001);
        assert_eq!(seen.len(), 2000);
        let distinct: HashSet<&Vec<u64>> = seen.iter().collect();
        assert_eq!(distinct.len(), 2000);
    }

    #[test]
    fn deferred_paths_give_the_answers_a_built_tree_gives() {
        // Wide choices, so the tree defers; a small value set, so paths
        // repeat and some of them share prefixes.
        let maxima = [u64::MAX, 3, u64::MAX];
        for seed in 0..20 {
            let mut random = for_example(seed, 2);
            let mut tree = Tree::new();
            let mut model: HashSet<Vec<u64>> = HashSet::new();
            for step in 0..300 {
                // As a deterministic generator would: the first choice
                // decides how many follow.
                let first = random.up_to(3);
                let length = 1 + (first % 3) as usize;
                let path: Vec<u64> = std::iter::once(first).chain((1..length).map(|_| random.up_to(3))).collect();
                let new = model.insert(path.clone());
                assert_eq!(tree.insert(&path, &maxima[..length]), new, "seed {seed} step {step}: {path:?}");
                assert!(!tree.is_exhausted(), "a space with a wide choice is never exhausted");
                if step % 50 == 49 {
                    // Steering builds the tree: its prefix starts no path seen.
                    let mut prefix = Vec::new();
                    assert!(tree.novel_prefix(&mut random, &mut prefix));
                    assert!(!model.iter().any(|seen| seen.starts_with(&prefix)), "seed {seed}: {prefix:?}");
                }
            }
        }
    }

    #[test]
    fn a_bounded_space_is_recorded_at_once_and_still_exhausts() {
        // No choice is wide, so nothing is deferred: exhaustion shows at
        // the moment the last path is recorded.
        let mut tree = Tree::new();
        assert!(tree.insert(&[1, 0], &[1, 1 << 17]));
        assert!(tree.insert(&[0], &[1]));
        assert!(!tree.is_exhausted());
        assert!(!tree.deferred.is_pending());
        // A wide choice after a bounded start: the space can no longer be
        // exhausted, and new paths are deferred.
        assert!(tree.insert(&[1, 5, 7], &[1, 1 << 17, u64::MAX]));
        assert!(tree.insert(&[1, 6, 7], &[1, 1 << 17, u64::MAX]));
        assert!(tree.deferred.is_pending());
        // A duplicate of a path recorded before deferring is still caught,
        // and so is one of a logged path, with nothing built.
        assert!(!tree.insert(&[0], &[1]));
        assert!(!tree.insert(&[1, 6, 7], &[1, 1 << 17, u64::MAX]));
        assert!(tree.deferred.is_pending());
        assert_eq!(tree.repeats(), 2);
        // Steering builds the log into the tree; deferring carries on.
        let mut prefix = Vec::new();
        assert!(tree.novel_prefix(&mut for_example(1, 0), &mut prefix));
        assert!(!tree.deferred.is_pending());
        assert!(!tree.insert(&[1, 5, 7], &[1, 1 << 17, u64::MAX]));
        assert!(tree.insert(&[1, 8, 7], &[1, 1 << 17, u64::MAX]));
        assert!(tree.deferred.is_pending());
        assert!(!tree.is_exhausted());
    }

    /// A flag, and if it is set a choice among three: four paths.
    fn flag_then_three(source: &mut FakeSource) {
        if source.choose(1) == 1 {
            source.choose(2);
        }
    }

    #[test]
    fn a_two_level_space_is_visited_once_each_then_exhausted() {
        for seed in 0..8 {
            let mut seen = explore(flag_then_three, seed, 10);
            seen.sort();
            assert_eq!(seen, vec![vec![0], vec![1, 0], vec![1, 1], vec![1, 2]], "seed {seed}");
        }
    }

    #[test]
    fn an_exhausted_subtree_is_never_drawn_again() {
        let mut tree = Tree::new();
        tree.insert(&[0], &[1]);
        let mut prefix = Vec::new();
        for seed in 0..50 {
            assert!(tree.novel_prefix(&mut for_example(seed, 0), &mut prefix));
            assert_eq!(prefix, vec![1]);
        }
        // Once 0, 1 and 2 of a four-way choice are explored, only 3 is left,
        // which the random tries miss often enough to need the enumeration.
        let mut tree = Tree::new();
        for value in 0..3 {
            tree.insert(&[value], &[3]);
        }
        for seed in 0..50 {
            assert!(tree.novel_prefix(&mut for_example(seed, 0), &mut prefix));
            assert_eq!(prefix, vec![3]);
        }
        // A wide choice with a few exhausted values, and one explored but not
        // exhausted: the last is descended into, never drawn as novel.
        let mut tree = Tree::new();
        for value in [0, 5, u64::MAX] {
            tree.insert(&[value], &[u64::MAX]);
        }
        tree.insert(&[7, 0], &[u64::MAX, 1]);
        for seed in 0..50 {
            assert!(tree.novel_prefix(&mut for_example(seed, 0), &mut prefix));
            assert!(![0, 5, u64::MAX].contains(&prefix[0]), "{prefix:?}");
            if prefix[0] == 7 {
                assert_eq!(prefix, vec![7, 1]);
            }
        }
    }

    #[test]
    fn enumeration_picks_every_remaining_value() {
        // Exhaust all but 2 and 6 of 0..=7; the fallback must find both.
        let mut tree = Tree::new();
        for value in [0, 1, 3, 4, 5, 7] {
            tree.insert(&[value], &[7]);
        }
        let root = tree.root.unwrap();
        let Transition::Branch(branch) = tree.nodes[root as usize].transition else { panic!("the root branches") };
        let branch = &tree.branches[branch as usize];
        assert_eq!(branch.maximum - branch.exhausted_children, 1, "two values are left");
        assert_eq!(tree.unexhausted_value(branch, 0), 2);
        assert_eq!(tree.unexhausted_value(branch, 1), 6);
        // A child that is explored but not exhausted counts as a candidate.
        tree.insert(&[2, 0], &[7, 1]);
        tree.insert(&[6, 1], &[7, 1]);
        let root = tree.root.unwrap();
        let Transition::Branch(branch) = tree.nodes[root as usize].transition else { panic!("the root branches") };
        let branch = &tree.branches[branch as usize];
        assert_eq!(tree.unexhausted_value(branch, 0), 2);
        assert_eq!(tree.unexhausted_value(branch, 1), 6);
        let mut prefix = Vec::new();
        let mut drawn = HashSet::new();
        for seed in 0..200 {
            assert!(tree.novel_prefix(&mut for_example(seed, 0), &mut prefix));
            drawn.insert(prefix[0]);
        }
        assert_eq!(drawn, HashSet::from([2, 6]));
    }

    #[test]
    fn a_run_splits_in_the_middle() {
        let mut tree = Tree::new();
        let maxima = [1; 6];
        assert!(tree.insert(&[0, 0, 0, 0, 0, 0], &maxima));
        assert!(tree.insert(&[0, 0, 0, 1, 0, 0], &maxima));
        assert!(!tree.insert(&[0, 0, 0, 0, 0, 0], &maxima));
        assert!(!tree.insert(&[0, 0, 0, 1, 0, 0], &maxima));
        // Splitting each half again, above and below the first split.
        assert!(tree.insert(&[0, 0, 0, 0, 1, 0], &maxima));
        assert!(tree.insert(&[0, 1, 0, 0, 0, 0], &maxima));
        assert!(tree.insert(&[0, 0, 0, 1, 0, 1], &maxima));
        for path in [[0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 1, 0], [0, 1, 0, 0, 0, 0], [0, 0, 0, 1, 0, 1]]
        {
            assert!(!tree.insert(&path, &maxima), "{path:?} is recorded");
        }
        assert!(tree.insert(&[0, 0, 0, 0, 0, 1], &maxima));
        assert!(!tree.is_exhausted());
        // Every novel prefix leaves all five recorded paths.
        let mut prefix = Vec::new();
        for seed in 0..100 {
            assert!(tree.novel_prefix(&mut for_example(seed, 0), &mut prefix));
            let mut path = prefix.clone();
            path.resize(6, 0);
            assert!(tree.clone().insert(&path, &maxima), "{prefix:?} is not novel");
        }
        // Fill in the whole space of six flags; exhausted at the last one.
        let mut count = 6;
        for bits in 0..64u64 {
            let path: Vec<u64> = (0..6).map(|bit| (bits >> (5 - bit)) & 1).collect();
            assert!(!tree.is_exhausted());
            if tree.insert(&path, &maxima) {
                count += 1;
            }
        }
        assert_eq!(count, 64);
        assert!(tree.is_exhausted());
    }

    #[test]
    fn long_paths_are_recognised_as_duplicates() {
        let mut random = for_example(9, 0);
        let maxima: Vec<u64> = (0..2000).map(|index| if index % 7 == 0 { 0 } else { 1000 + index }).collect();
        let choices: Vec<u64> = maxima.iter().map(|&maximum| random.up_to(maximum)).collect();
        let mut tree = Tree::new();
        assert!(tree.insert(&choices, &maxima));
        assert!(!tree.insert(&choices, &maxima));
        let mut last_differs = choices.clone();
        last_differs[1999] = (choices[1999] + 1) % (maxima[1999] + 1);
        assert!(tree.insert(&last_differs, &maxima));
        let mut middle_differs = choices.clone();
        middle_differs[1000] = (choices[1000] + 1) % (maxima[1000] + 1);
        assert!(tree.insert(&middle_differs, &maxima));
        for path in [&choices, &last_differs, &middle_differs] {
            assert!(!tree.insert(path, &maxima));
        }
        assert!(!tree.is_exhausted());
    }

    /// A flag that, when 0, discards the case at once; otherwise one more flag.
    fn discard_or_flag(source: &mut FakeSource) {
        if source.choose(1) == 1 {
            source.choose(1);
        }
    }

    #[test]
    fn paths_that_end_early_count_as_complete() {
        let mut tree = Tree::new();
        assert!(tree.insert(&[1, 0], &[1, 1]));
        assert!(tree.insert(&[0], &[1]));
        assert!(!tree.insert(&[0], &[1]));
        assert!(!tree.is_exhausted());
        assert!(tree.insert(&[1, 1], &[1, 1]));
        assert!(tree.is_exhausted());
        for seed in 0..8 {
            assert_eq!(explore(discard_or_flag, seed, 10).len(), 3);
        }
    }

    #[test]
    fn forced_choices_have_one_value() {
        let mut tree = Tree::new();
        assert!(tree.insert(&[0, 0, 0], &[0, 0, 0]));
        assert!(tree.is_exhausted());
        assert!(!tree.insert(&[0, 0, 0], &[0, 0, 0]));
        // A flag between forced choices: two paths.
        let mut tree = Tree::new();
        assert!(tree.insert(&[0, 1, 0], &[0, 1, 0]));
        assert!(!tree.is_exhausted());
        let mut prefix = Vec::new();
        assert!(tree.novel_prefix(&mut for_example(1, 0), &mut prefix));
        assert_eq!(prefix, vec![0, 0]);
        assert!(tree.insert(&[0, 0, 0], &[0, 1, 0]));
        assert!(tree.is_exhausted());
        // A generator that makes no choice at all has a single case.
        let mut tree = Tree::new();
        assert!(tree.insert(&[], &[]));
        assert!(tree.is_exhausted());
        assert!(!tree.insert(&[], &[]));
    }

    #[test]
    fn contradictions_count_as_new_and_change_nothing() {
        let mut tree = Tree::new();
        assert!(tree.insert(&[1, 2, 3], &[5, 5, 5]));
        assert!(tree.insert(&[1, 4], &[5, 5]));
        // A different maximum in a run and at a branch.
        assert!(tree.insert(&[1, 2, 3], &[5, 6, 5]));
        assert!(tree.insert(&[1, 4], &[5, 4]));
        // Going on past a recorded end, in a leaf and after a branch.
        assert!(tree.insert(&[1, 2, 3, 0], &[5, 5, 5, 1]));
        assert!(tree.insert(&[1, 4, 0], &[5, 5, 1]));
        // Stopping inside a run, and right at a branch.
        assert!(tree.insert(&[1, 2], &[5, 5]));
        assert!(tree.insert(&[1], &[5]));
        // A value above its maximum, at a branch, at a split and in a new tail.
        assert!(tree.insert(&[1, 7, 3], &[5, 5, 5]));
        assert!(tree.insert(&[1, 2, 6], &[5, 5, 5]));
        assert!(tree.insert(&[1, 3, 9], &[5, 5, 5]));
        // None of them were recorded: inserting them again is still "new".
        assert!(tree.insert(&[1, 2, 3, 0], &[5, 5, 5, 1]));
        assert!(tree.insert(&[1, 3, 9], &[5, 5, 5]));
        assert!(tree.insert(&[1, 2], &[5, 5]));
        assert!(!tree.insert(&[1, 2, 3], &[5, 5, 5]));
        assert!(!tree.insert(&[1, 4], &[5, 5]));
        assert_eq!(tree.nodes.len(), 3, "the root and its branch's two children, nothing else");
        let mut empty = Tree::new();
        assert!(empty.insert(&[3], &[2]));
        assert!(empty.root.is_none());
        // A value above its maximum after the point where a run would split.
        let mut tree = Tree::new();
        assert!(tree.insert(&[0, 0, 0], &[5, 5, 5]));
        assert!(tree.insert(&[0, 1, 9], &[5, 5, 5]));
        assert!(tree.insert(&[0, 1, 9], &[5, 5, 5]));
        // A different maximum inside a run, with the same value or another.
        assert!(tree.insert(&[0, 0, 0], &[5, 7, 5]));
        assert!(tree.insert(&[0, 1, 0], &[5, 7, 5]));
        assert!(!tree.insert(&[0, 0, 0], &[5, 5, 5]));
        assert_eq!(tree.nodes.len(), 1, "the run was not split");
    }

    #[test]
    fn recording_stops_at_the_limit() {
        for (maximum, limit) in [(u64::MAX, LOGGING_LIMIT), (1 << 16, RECORDING_LIMIT)] {
            // Wide choices are logged, narrow ones recorded: the log has
            // the lower cap.
            let mut tree = Tree::new();
            let maxima = vec![maximum; 1000];
            let mut path = vec![0; 1000];
            let mut first = 0;
            while tree.records_paths() {
                path[0] = first;
                assert!(tree.insert(&path, &maxima));
                first += 1;
                assert!(first < 200, "the tree went on past its cap");
            }
            assert!((limit / 1000..limit / 1000 + 3).contains(&(first as usize)), "{first}");
            // The tree steps aside: even a recorded path counts as new, and
            // nothing more is recorded.
            path[0] = 0;
            let size = (tree.values.len(), tree.deferred.len());
            assert!(tree.insert(&path, &maxima));
            path[0] = first;
            assert!(tree.insert(&path, &maxima));
            assert!(tree.insert(&path, &maxima));
            assert_eq!((tree.values.len(), tree.deferred.len()), size);
            assert!(!tree.is_exhausted());
        }
    }

    /// A small space with discards and forced choices: a length of up to 3,
    /// then per element a choice among three where 2 adds a forced choice,
    /// and a discard as soon as the elements sum above 3.
    fn small_space(source: &mut FakeSource) {
        let length = source.choose(3);
        let mut sum = 0;
        for _ in 0..length {
            let element = source.choose(2);
            if element == 2 {
                source.choose(0);
            }
            sum += element;
            if sum > 3 {
                return;
            }
        }
    }

    /// Every path of `generator`, by running it on every sequence of values
    /// in 0..=3 that is long enough (`FakeSource` clamps to each maximum).
    fn all_paths(generator: fn(&mut FakeSource), length: u32) -> HashSet<Vec<u64>> {
        (0..4u64.pow(length))
            .map(|code| {
                let sequence: Vec<u64> = (0..length).map(|digit| (code >> (2 * digit)) & 3).collect();
                run_generator(generator, &sequence, None).0
            })
            .collect()
    }

    #[test]
    fn agrees_with_a_brute_force_model() {
        let all = all_paths(small_space, 8);
        assert!(all.len() > 20, "the space is big enough to be interesting: {}", all.len());
        for seed in 0..20 {
            let mut tree = Tree::new();
            let mut model: HashSet<Vec<u64>> = HashSet::new();
            let mut random = for_example(seed, 1);
            let mut prefix = Vec::new();
            let mut steps = 0;
            while model.len() < all.len() {
                steps += 1;
                assert!(steps < 10_000, "seed {seed}: not done after {steps} steps");
                let (choices, maxima) = if random.chance(Chance::new(0.5)) {
                    // A purely random case, which may well be a duplicate.
                    run_generator(small_space, &[], Some(&mut random))
                } else {
                    assert!(tree.novel_prefix(&mut random, &mut prefix), "seed {seed}: exhausted too early");
                    assert!(
                        !model.iter().any(|path| path.starts_with(&prefix)),
                        "seed {seed}: {prefix:?} starts a recorded path"
                    );
                    let prefix = prefix.clone();
                    let path = run_generator(small_space, &prefix, Some(&mut random));
                    assert!(!model.contains(&path.0), "seed {seed}: novel prefix {prefix:?} led to a duplicate");
                    path
                };
                assert!(all.contains(&choices));
                assert_eq!(tree.insert(&choices, &maxima), model.insert(choices.clone()), "seed {seed}: {choices:?}");
                assert_eq!(tree.is_exhausted(), model.len() == all.len(), "seed {seed} after {choices:?}");
            }
            assert!(tree.is_exhausted());
            assert!(!tree.novel_prefix(&mut random, &mut prefix));
        }
    }

    #[test]
    fn exploring_the_small_space_visits_each_path_once() {
        let all = all_paths(small_space, 8);
        for seed in 0..5 {
            let seen = explore(small_space, seed, all.len() + 1);
            assert_eq!(seen.len(), all.len());
            assert_eq!(seen.into_iter().collect::<HashSet<_>>(), all);
        }
    }
}
