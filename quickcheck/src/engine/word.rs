//! The unsigned words that ranges of choices are computed in.
//!
//! Every integer type up to 64 bits is drawn on a `u64` scale, and only the
//! 128-bit types on a `u128` one, so the common case never pays for 128-bit
//! arithmetic. The zig-zag order and the integer generator are written once,
//! generic over [`Word`], and monomorphise to the narrow word where they can.

use std::fmt::Debug;
use std::ops::{Add, BitAnd, Div, Rem, Shr, Sub};

use rand_xoshiro::rand_core::Rng;

use crate::engine::random::{Draws, Random};
use crate::engine::source::{ChoiceSource, Sample};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// `u64` or `u128`: a word that integer ranges are drawn in.
///
/// An implementation detail of [`IntegerValue`](crate::generate::IntegerValue),
/// sealed and hidden.
#[doc(hidden)]
pub trait Word:
    Copy
    + Ord
    + Debug
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Div<Output = Self>
    + Rem<Output = Self>
    + Shr<u32, Output = Self>
    + BitAnd<Output = Self>
    + sealed::Sealed
{
    /// The word's width in bits.
    const BITS: u32;
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;

    /// A word holding `value`.
    fn from_u64(value: u64) -> Self;

    /// Leading zero bits.
    fn leading_zeros(self) -> u32;

    /// `self + other`, wrapping around.
    fn wrapping_add(self, other: Self) -> Self;

    /// `self - other`, wrapping around.
    fn wrapping_sub(self, other: Self) -> Self;

    /// A uniform value of `bits` bits (0 to [`BITS`](Word::BITS)), taking the
    /// first 64 of them from `random_word` and any more from `random`.
    fn random_bits(random: &mut Random, random_word: u64, bits: u32) -> Self;

    /// A uniform value in `0..=max`.
    fn up_to(random: &mut Random, max: Self) -> Self;

    /// Makes one choice in `0..=max` from `source`: one recorded choice for
    /// a `u64`, two for a `u128` wider than 64 bits.
    fn choose(source: &mut ChoiceSource, max: Self, sample: impl Sample<Self>) -> Self;

    /// Makes `count` such choices in a row, handing each to `each`.
    fn choose_many<S: Sample<Self> + Copy>(
        source: &mut ChoiceSource,
        max: Self,
        count: usize,
        sample: S,
        mut each: impl FnMut(Self),
    ) {
        for _ in 0..count {
            each(Self::choose(source, max, sample));
        }
    }
}

/// The constants and methods that are the primitive type's own.
macro_rules! forward_to_the_primitive {
    ($word:ty) => {
        const BITS: u32 = <$word>::BITS;
        const ZERO: $word = 0;
        const ONE: $word = 1;

        #[inline]
        fn leading_zeros(self) -> u32 {
            <$word>::leading_zeros(self)
        }

        #[inline]
        fn wrapping_add(self, other: $word) -> $word {
            <$word>::wrapping_add(self, other)
        }

        #[inline]
        fn wrapping_sub(self, other: $word) -> $word {
            <$word>::wrapping_sub(self, other)
        }
    };
}

impl Word for u64 {
    forward_to_the_primitive!(u64);

    #[inline]
    fn from_u64(value: u64) -> u64 {
        value
    }

    #[inline]
    fn random_bits(_: &mut Random, random_word: u64, bits: u32) -> u64 {
        random_word & u64::MAX.checked_shr(64 - bits).unwrap_or(0)
    }

    #[inline]
    fn up_to(random: &mut Random, max: u64) -> u64 {
        random.up_to(max)
    }

    #[inline(always)]
    fn choose(source: &mut ChoiceSource, max: u64, sample: impl Sample<u64>) -> u64 {
        source.choose_by(max, sample)
    }

    #[inline(always)]
    fn choose_many<S: Sample<u64> + Copy>(
        source: &mut ChoiceSource,
        max: u64,
        count: usize,
        sample: S,
        each: impl FnMut(u64),
    ) {
        source.choose_many(max, count, sample, each);
    }
}

impl Word for u128 {
    forward_to_the_primitive!(u128);

    #[inline]
    fn from_u64(value: u64) -> u128 {
        u128::from(value)
    }

    fn random_bits(random: &mut Random, random_word: u64, bits: u32) -> u128 {
        if bits <= 64 {
            return u128::from(u64::random_bits(random, random_word, bits));
        }
        let high_word = random.next_u64();
        let high = u64::random_bits(random, high_word, bits - 64);
        (u128::from(high) << 64) | u128::from(random_word)
    }

    #[inline]
    fn up_to(random: &mut Random, max: u128) -> u128 {
        random.up_to_wide(max)
    }

    #[inline]
    fn choose(source: &mut ChoiceSource, max: u128, sample: impl Sample<u128>) -> u128 {
        source.choose_wide(max, |random: &mut Random| sample.sample(random))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::for_example;

    #[test]
    fn random_bits_stay_within_their_width() {
        let mut random = for_example(3, 0);
        for bits in [0, 1, 7, 63, 64] {
            for _ in 0..100 {
                let word = random.next_u64();
                assert!(u64::random_bits(&mut random, word, bits).leading_zeros() >= 64 - bits);
            }
        }
        for bits in [0, 65, 100, 128] {
            for _ in 0..100 {
                let word = random.next_u64();
                assert!(u128::random_bits(&mut random, word, bits).leading_zeros() >= 128 - bits);
            }
        }
    }

    #[test]
    fn wide_random_bits_reach_the_high_word() {
        let mut random = for_example(4, 0);
        let high = (0..100).any(|_| u128::random_bits(&mut random, 0, 128) >> 120 != 0);
        assert!(high);
    }
}
