//! Simplicity orders: which choice sequence, and which value, is simpler.
//!
//! Sequences are compared shortlex: a shorter sequence is simpler, and among
//! sequences of one length the first differing choice decides. Integers map
//! onto choice indices zig-zag around their shrink target, so index 0 is the
//! target and small indices are values near it on either side.

use std::cmp::Ordering;

/// Compares two choice sequences: shorter first, then choice by choice.
pub(crate) fn shortlex(a: &[u64], b: &[u64]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// The zig-zag map between the values of an inclusive range and their
/// simplicity indices.
///
/// Values are offsets from the range's lower bound. Index 0 is the target,
/// then target+1, target−1, target+2, target−2, …; once one side of the range
/// is used up the order continues along the other side. For the range −2..=8
/// with target 0 the values in index order are 0, 1, −1, 2, −2, 3, 4, 5, ….
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ZigZag {
    /// The largest offset (upper bound minus lower bound).
    size: u128,
    /// The target's offset.
    target: u128,
}

impl ZigZag {
    pub(crate) fn new(size: u128, target: u128) -> ZigZag {
        debug_assert!(target <= size);
        ZigZag { size, target }
    }

    /// The largest index, which is also the largest offset.
    pub(crate) fn max_index(&self) -> u128 {
        self.size
    }

    /// The target's offset: the value at index 0.
    pub(crate) fn target(&self) -> u128 {
        self.target
    }

    fn below(&self) -> u128 {
        self.target
    }

    fn above(&self) -> u128 {
        self.size - self.target
    }

    pub(crate) fn offset(&self, index: u128) -> u128 {
        let both_sides = self.below().min(self.above());
        if index == 0 {
            self.target
        } else if index <= 2 * both_sides {
            let distance = index.div_ceil(2);
            if index % 2 == 1 { self.target + distance } else { self.target - distance }
        } else {
            let beyond = index - 2 * both_sides;
            if self.above() > self.below() {
                self.target + both_sides + beyond
            } else {
                self.target - both_sides - beyond
            }
        }
    }

    pub(crate) fn index(&self, offset: u128) -> u128 {
        let both_sides = self.below().min(self.above());
        let (distance, upwards) =
            if offset >= self.target { (offset - self.target, true) } else { (self.target - offset, false) };
        if distance == 0 {
            0
        } else if distance <= both_sides {
            if upwards { 2 * distance - 1 } else { 2 * distance }
        } else {
            2 * both_sides + (distance - both_sides)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zig_zag_order_matches_the_documented_example() {
        // The range -2..=8 has offsets 0..=10; the target 0 is offset 2.
        let order = ZigZag::new(10, 2);
        let values: Vec<i64> = (0..=10).map(|index| order.offset(index) as i64 - 2).collect();
        assert_eq!(values, vec![0, 1, -1, 2, -2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn index_inverts_offset() {
        for (size, target) in [(10, 2), (10, 8), (0, 0), (7, 0), (7, 7), (1000, 500)] {
            let order = ZigZag::new(size, target);
            for index in 0..=size {
                assert_eq!(order.index(order.offset(index)), index, "size {size} target {target}");
            }
        }
        let full = ZigZag::new(u128::MAX, 1 << 127);
        for index in [0, 1, 2, 3, u128::MAX - 1, u128::MAX] {
            assert_eq!(full.index(full.offset(index)), index);
        }
    }

    #[test]
    fn shortlex_prefers_short_then_small() {
        assert_eq!(shortlex(&[5], &[0, 0]), Ordering::Less);
        assert_eq!(shortlex(&[0, 3], &[1, 0]), Ordering::Less);
        assert_eq!(shortlex(&[1, 2], &[1, 2]), Ordering::Equal);
    }
}
