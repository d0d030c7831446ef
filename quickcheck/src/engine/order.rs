//! Simplicity orders: which choice sequence, and which value, is simpler.
//!
//! Sequences are compared shortlex: a shorter sequence is simpler, and among
//! sequences of one length the first differing choice decides. Integers map
//! onto choice indices zig-zag around their shrink target, so index 0 is the
//! target and small indices are values near it on either side.

use std::cmp::Ordering;

use crate::engine::word::Word;

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
///
/// Generators draw the index itself and decode the value with
/// [`offset`](ZigZag::offset), the same way a replay does; where the range
/// reaches both ways the index's lowest bit is the side of the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ZigZag<W> {
    /// The largest offset (upper bound minus lower bound).
    size: W,
    /// The target's offset.
    target: W,
    /// How far the range reaches on both sides of the target: the indices
    /// up to twice this alternate between the sides. Kept rather than
    /// recomputed, since every draw needs it.
    both_sides: W,
}

impl<W: Word> ZigZag<W> {
    pub(crate) fn new(size: W, target: W) -> ZigZag<W> {
        debug_assert!(target <= size);
        ZigZag { size, target, both_sides: target.min(size - target) }
    }

    /// The largest index, which is also the largest offset.
    pub(crate) fn max_index(&self) -> W {
        self.size
    }

    /// The target's offset: the value at index 0.
    pub(crate) fn target(&self) -> W {
        self.target
    }

    /// Where the order goes on below the target alone, once the values
    /// above it have run out: the index of the first value of that one-sided
    /// run. `None` when the run past the alternation, if any, is above the
    /// target.
    pub(crate) fn below_alone_from(&self) -> Option<W> {
        (self.room_below() > self.room_above()).then(|| self.both_sides + self.both_sides + W::ONE)
    }

    /// How far the range reaches below the target.
    fn room_below(&self) -> W {
        self.target
    }

    /// How far the range reaches above the target.
    fn room_above(&self) -> W {
        self.size - self.target
    }

    /// The offset of the value at `index`: the decode of every integer draw.
    #[inline]
    pub(crate) fn offset(&self, index: W) -> W {
        let both_sides = self.both_sides;
        if index <= both_sides + both_sides {
            let two = W::ONE + W::ONE;
            let distance = index / two + index % two;
            self.offset_at(distance, index % two == W::ONE)
        } else {
            self.offset_at(index - both_sides, self.room_above() > self.room_below())
        }
    }

    /// The index of the value at `offset`.
    pub(crate) fn index(&self, offset: W) -> W {
        if offset >= self.target {
            self.index_at(offset - self.target, true)
        } else {
            self.index_at(self.target - offset, false)
        }
    }

    /// The offset of the value `distance` above (`upwards`) or below the
    /// target; the range must reach that far.
    #[inline]
    fn offset_at(&self, distance: W, upwards: bool) -> W {
        // Both sums, then a select: the direction of a random draw is a
        // coin flip, which a branch would mispredict half the time. The sum
        // not taken may wrap; it is thrown away.
        let above = self.target.wrapping_add(distance);
        let below = self.target.wrapping_sub(distance);
        std::hint::select_unpredictable(upwards, above, below)
    }

    /// The index of the value `distance` above (`upwards`) or below the
    /// target; the range must reach that far.
    #[inline]
    fn index_at(&self, distance: W, upwards: bool) -> W {
        let both_sides = self.both_sides;
        if distance > both_sides {
            both_sides + distance
        } else {
            // Above the target comes first: 2d - 1 above, 2d below (and 0
            // for the target itself).
            let first = W::from_u64(u64::from(upwards & (distance != W::ZERO)));
            distance + distance - first
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zig_zag_order_matches_the_documented_example() {
        // The range -2..=8 has offsets 0..=10; the target 0 is offset 2.
        let order = ZigZag::new(10u64, 2);
        let values: Vec<i64> = (0..=10).map(|index| order.offset(index) as i64 - 2).collect();
        assert_eq!(values, vec![0, 1, -1, 2, -2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn the_run_below_alone_starts_after_the_alternation() {
        // -5..=2 around 0: 0, 1, -1, 2, -2, then -3 (index 5) on below alone.
        let order = ZigZag::new(7u64, 5);
        assert_eq!(order.below_alone_from(), Some(5));
        assert_eq!(order.offset(5) as i64 - 5, -3);
        // -2..=8 goes on above alone, and 0..=0 not at all.
        assert_eq!(ZigZag::new(10u64, 2).below_alone_from(), None);
        assert_eq!(ZigZag::new(0u64, 0).below_alone_from(), None);
    }

    #[test]
    fn index_inverts_offset() {
        for (size, target) in [(10u64, 2), (10, 8), (0, 0), (7, 0), (7, 7), (1000, 500)] {
            let order = ZigZag::new(size, target);
            for index in 0..=size {
                assert_eq!(order.index(order.offset(index)), index, "size {size} target {target}");
            }
        }
        let full = ZigZag::new(u128::MAX, 1u128 << 127);
        for index in [0, 1, 2, 3, u128::MAX - 1, u128::MAX] {
            assert_eq!(full.index(full.offset(index)), index);
        }
    }

    #[test]
    fn distances_name_the_same_values_as_offsets() {
        for (size, target) in [(10u64, 2), (10, 8), (0, 0), (7, 0), (7, 7), (9, 4)] {
            let order = ZigZag::new(size, target);
            for offset in 0..=size {
                let (distance, upwards) =
                    if offset >= target { (offset - target, true) } else { (target - offset, false) };
                assert_eq!(order.offset_at(distance, upwards), offset);
                assert_eq!(order.offset(order.index_at(distance, upwards)), offset, "size {size} target {target}");
            }
        }
    }

    #[test]
    fn shortlex_prefers_short_then_small() {
        assert_eq!(shortlex(&[5], &[0, 0]), Ordering::Less);
        assert_eq!(shortlex(&[0, 3], &[1, 0]), Ordering::Less);
        assert_eq!(shortlex(&[1, 2], &[1, 2]), Ordering::Equal);
    }
}
