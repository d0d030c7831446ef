//! Seeded randomness that is the same on every machine.
//!
//! Every example gets its own generator, seeded from the run's root seed and
//! the example's index, so one example can be replayed without replaying the
//! ones before it. All arithmetic is on fixed-width integers: nothing here
//! depends on `usize` or on hash order.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// The random number generator behind generation.
pub(crate) type Random = Xoshiro256PlusPlus;

/// The generator for example `index` of a run with root seed `seed`.
pub(crate) fn for_example(seed: u64, index: u64) -> Random {
    // Mix before seeding so that neighbouring (seed, index) pairs give
    // unrelated streams; seed_from_u64 then expands the word with SplitMix64.
    Random::seed_from_u64(mix(seed ^ mix(index.wrapping_add(0x9e37_79b9_7f4a_7c15))))
}

/// A fresh root seed for a run that was not given one.
pub(crate) fn fresh_seed() -> u64 {
    rand::random()
}

/// SplitMix64's finaliser: a bijection that scatters nearby inputs.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A probability in 64-bit fixed point: a draw is one integer comparison,
/// with no conversion to floating point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chance(u64);

impl Chance {
    /// The chance `p`, from 0.0 (never) to 1.0 (all but certain: one draw
    /// in 2^64 misses). The cast saturates, so values outside clamp.
    pub(crate) const fn new(p: f64) -> Chance {
        Chance((p * 18_446_744_073_709_551_616.0) as u64)
    }

    /// This chance at a size given in [`SCALE_ONE`](crate::engine::source::SCALE_ONE)ths
    /// (at most one): in proportion, so that at size 0 it never comes.
    #[inline]
    pub(crate) fn scaled(self, scale: u64) -> Chance {
        Chance(((u128::from(self.0) * u128::from(scale)) >> 16) as u64)
    }
}

/// Uniform draws built on `next_u64`, written out so their results are fixed
/// by this crate rather than by a dependency's sampling algorithm.
pub(crate) trait Draws {
    /// A uniform value in `0..=max`.
    fn up_to(&mut self, max: u64) -> u64;
    /// A uniform value in `0..=max` for 128-bit ranges.
    fn up_to_wide(&mut self, max: u128) -> u128;
    /// True with the given chance.
    fn chance(&mut self, chance: Chance) -> bool;
}

impl Draws for Random {
    #[inline]
    fn up_to(&mut self, max: u64) -> u64 {
        if max == u64::MAX {
            return self.next_u64();
        }
        // Lemire's multiply-and-reject: unbiased, one multiplication per
        // draw, and the division for the rejection threshold only in the rare
        // case that the low word is small enough to need it.
        let range = max + 1;
        let product = u128::from(self.next_u64()) * u128::from(range);
        if (product as u64) < range {
            return reject_below_threshold(self, product, range);
        }
        (product >> 64) as u64
    }

    fn up_to_wide(&mut self, max: u128) -> u128 {
        if max <= u128::from(u64::MAX) {
            return u128::from(self.up_to(max as u64));
        }
        // Rejection on the smallest covering power of two.
        let mask = u128::MAX >> max.leading_zeros();
        loop {
            let candidate = ((u128::from(self.next_u64()) << 64) | u128::from(self.next_u64())) & mask;
            if candidate <= max {
                return candidate;
            }
        }
    }

    #[inline]
    fn chance(&mut self, chance: Chance) -> bool {
        self.next_u64() < chance.0
    }
}

/// The rare end of [`Draws::up_to`]: a product whose low word is below the
/// rejection threshold is drawn again. Out of line, so the common draw is
/// small enough to inline.
#[cold]
#[inline(never)]
fn reject_below_threshold(random: &mut Random, mut product: u128, range: u64) -> u64 {
    let threshold = range.wrapping_neg() % range;
    while (product as u64) < threshold {
        product = u128::from(random.next_u64()) * u128::from(range);
    }
    (product >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_fixed_by_seed_and_index() {
        let first: Vec<u64> = (0..4).map(|i| for_example(7, i).up_to(1000)).collect();
        let again: Vec<u64> = (0..4).map(|i| for_example(7, i).up_to(1000)).collect();
        assert_eq!(first, again);
        assert_ne!(for_example(7, 0).next_u64(), for_example(7, 1).next_u64());
        assert_ne!(for_example(7, 0).next_u64(), for_example(8, 0).next_u64());
    }

    #[test]
    fn chances_hold_about_as_often_as_they_say() {
        let mut random = for_example(5, 0);
        let hits = |random: &mut Random, chance: Chance| (0..10_000).filter(|_| random.chance(chance)).count();
        assert_eq!(hits(&mut random, Chance::new(0.0)), 0);
        assert_eq!(hits(&mut random, Chance::new(1.0)), 10_000);
        let half = hits(&mut random, Chance::new(0.5));
        assert!((4_700..=5_300).contains(&half), "{half} of 10000");
        let tenth = hits(&mut random, Chance::new(0.1));
        assert!((800..=1_200).contains(&tenth), "{tenth} of 10000");
    }

    #[test]
    fn draws_stay_in_range() {
        let mut random = for_example(1, 1);
        for max in [0, 1, 2, 9, 1000, u64::MAX - 1] {
            for _ in 0..200 {
                assert!(random.up_to(max) <= max);
            }
        }
        for max in [u128::from(u64::MAX) + 5, u128::MAX / 3] {
            for _ in 0..200 {
                assert!(random.up_to_wide(max) <= max);
            }
        }
    }
}
