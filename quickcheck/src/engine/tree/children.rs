//! The children of a branch: each recorded value of a choice with the node
//! it leads to, in value order.
//!
//! Most branches have a handful of children, and a run of a hundred examples
//! gives even its widest branch (the first choice of a case) only about a
//! hundred. Those live in a sorted vector: a binary search finds a value, and
//! inserting one shifts a few entries. A branch of a long run can collect
//! tens of thousands of values, one per example, and there a vector's
//! inserts would cost time proportional to its length; past
//! [`SORTED_LIMIT`] children the branch moves them into a B-tree, which
//! inserts in logarithmic time.

use std::collections::BTreeMap;
use std::collections::btree_map;

use super::NodeId;

/// The most children kept in a sorted vector. An insert into a full one
/// shifts at most 4 KiB, about as long as a B-tree insert takes.
const SORTED_LIMIT: usize = 256;

/// A branch's children; see the module docs.
#[derive(Clone, Debug)]
pub(super) enum Children {
    /// Up to [`SORTED_LIMIT`] children, sorted by value.
    Sorted(Vec<(u64, NodeId)>),
    /// More children than that.
    Many(BTreeMap<u64, NodeId>),
}

impl Children {
    /// The two children a branch starts with, when a recorded run splits
    /// where a new path takes another value. The values differ.
    pub(super) fn two(first: (u64, NodeId), second: (u64, NodeId)) -> Children {
        debug_assert_ne!(first.0, second.0);
        let (low, high) = if first.0 < second.0 { (first, second) } else { (second, first) };
        let mut sorted = Vec::with_capacity(4);
        sorted.extend([low, high]);
        Children::Sorted(sorted)
    }

    /// The node that `value` leads to, if it has been recorded.
    #[inline]
    pub(super) fn get(&self, value: u64) -> Option<NodeId> {
        match self {
            Children::Sorted(sorted) => {
                sorted.binary_search_by_key(&value, |&(child_value, _)| child_value).ok().map(|at| sorted[at].1)
            }
            Children::Many(many) => many.get(&value).copied(),
        }
    }

    /// Records that `value`, which has no child yet, leads to `node`.
    pub(super) fn insert(&mut self, value: u64, node: NodeId) {
        match self {
            Children::Sorted(sorted) if sorted.len() < SORTED_LIMIT => {
                let at = sorted.binary_search_by_key(&value, |&(child_value, _)| child_value);
                debug_assert!(at.is_err(), "value {value} already has a child");
                sorted.insert(at.unwrap_or_else(|at| at), (value, node));
            }
            Children::Sorted(sorted) => {
                let mut many: BTreeMap<u64, NodeId> = sorted.drain(..).collect();
                many.insert(value, node);
                *self = Children::Many(many);
            }
            Children::Many(many) => {
                many.insert(value, node);
            }
        }
    }

    /// How many values have been recorded.
    pub(super) fn len(&self) -> usize {
        match self {
            Children::Sorted(sorted) => sorted.len(),
            Children::Many(many) => many.len(),
        }
    }

    /// Every recorded value with its node, in ascending order of value.
    pub(super) fn iter(&self) -> Iter<'_> {
        match self {
            Children::Sorted(sorted) => Iter::Sorted(sorted.iter()),
            Children::Many(many) => Iter::Many(many.iter()),
        }
    }
}

/// The iterator of [`Children::iter`].
pub(super) enum Iter<'a> {
    Sorted(std::slice::Iter<'a, (u64, NodeId)>),
    Many(btree_map::Iter<'a, u64, NodeId>),
}

impl Iterator for Iter<'_> {
    type Item = (u64, NodeId);

    fn next(&mut self) -> Option<(u64, NodeId)> {
        match self {
            Iter::Sorted(sorted) => sorted.next().copied(),
            Iter::Many(many) => many.next().map(|(&value, &node)| (value, node)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::{Draws, for_example};

    #[test]
    fn children_stay_sorted_and_found_across_the_change_of_representation() {
        let mut random = for_example(11, 0);
        let mut children = Children::two((500, 0), (7, 1));
        let mut expected = BTreeMap::from([(500, 0), (7, 1)]);
        let mut node = 2;
        while expected.len() < 3 * SORTED_LIMIT {
            let value = random.up_to(10_000);
            if expected.contains_key(&value) {
                assert_eq!(children.get(value), expected.get(&value).copied());
                continue;
            }
            assert_eq!(children.get(value), None);
            children.insert(value, node);
            expected.insert(value, node);
            node += 1;
            if expected.len() == SORTED_LIMIT || expected.len() == SORTED_LIMIT + 1 {
                let listed: Vec<(u64, NodeId)> = children.iter().collect();
                assert_eq!(listed, expected.iter().map(|(&v, &n)| (v, n)).collect::<Vec<_>>());
            }
        }
        assert!(matches!(children, Children::Many(_)));
        assert_eq!(children.len(), expected.len());
        let listed: Vec<(u64, NodeId)> = children.iter().collect();
        assert_eq!(listed, expected.into_iter().collect::<Vec<_>>());
    }

    #[test]
    fn a_few_children_stay_in_the_sorted_vector() {
        let mut children = Children::two((3, 0), (1, 1));
        children.insert(2, 2);
        assert!(matches!(&children, Children::Sorted(sorted) if sorted.len() == 3));
        assert_eq!(children.iter().map(|(value, _)| value).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(children.get(2), Some(2));
        assert_eq!(children.get(4), None);
    }
}
