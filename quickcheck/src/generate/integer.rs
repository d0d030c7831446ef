//! Integers of every width.

use std::fmt::Debug;
use std::marker::PhantomData;

use crate::engine::order::ZigZag;
use rand_xoshiro::rand_core::Rng;

use crate::engine::random::{Draws, Random};
use crate::engine::source::{ChoiceSource, SCALE_ONE};
use crate::generate::Generator;

mod sealed {
    pub trait Sealed {}
}

/// The integer types: `i8` to `i128`, `u8` to `u128`, `isize` and `usize`.
///
/// Values are placed on one order-preserving 128-bit scale, so one generator
/// serves every width. `isize` and `usize` are drawn as their 64-bit
/// counterparts on every platform, so a seed gives the same choices
/// everywhere; on a 32-bit target a drawn value outside the type's range
/// saturates to its bound.
pub trait IntegerValue: Copy + Ord + Debug + 'static + sealed::Sealed {
    /// Zero, the shrink target.
    const ZERO: Self;
    /// The keys of the smallest and largest values the whole-range
    /// generator draws.
    #[doc(hidden)]
    const WHOLE: (u128, u128);
    /// The value's position on the order-preserving 128-bit scale.
    #[doc(hidden)]
    fn to_key(self) -> u128;
    /// The value at a position of the 128-bit scale, saturating at the
    /// type's bounds.
    #[doc(hidden)]
    fn from_key(key: u128) -> Self;
}

const SIGN: u128 = 1 << 127;

macro_rules! unsigned {
    ($($t:ty => $drawn:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl IntegerValue for $t {
            const ZERO: Self = 0;
            const WHOLE: (u128, u128) = (0, <$drawn>::MAX as u128);
            fn to_key(self) -> u128 {
                self as u128
            }
            fn from_key(key: u128) -> Self {
                <$t>::try_from(key).unwrap_or(<$t>::MAX)
            }
        }
    )*};
}

macro_rules! signed {
    ($($t:ty => $drawn:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl IntegerValue for $t {
            const ZERO: Self = 0;
            const WHOLE: (u128, u128) = ((<$drawn>::MIN as i128 as u128) ^ SIGN, (<$drawn>::MAX as i128 as u128) ^ SIGN);
            fn to_key(self) -> u128 {
                (self as i128 as u128) ^ SIGN
            }
            fn from_key(key: u128) -> Self {
                let value = (key ^ SIGN) as i128;
                <$t>::try_from(value).unwrap_or(if value < 0 { <$t>::MIN } else { <$t>::MAX })
            }
        }
    )*};
}

// isize and usize are drawn on the 64-bit scale on every platform.
unsigned!(u8 => u8, u16 => u16, u32 => u32, u64 => u64, u128 => u128, usize => u64);
signed!(i8 => i8, i16 => i16, i32 => i32, i64 => i64, i128 => i128, isize => i64);

/// How draws spread over the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spread {
    /// The whole type: magnitudes log-uniform, so small values are common
    /// and every width of value appears.
    Magnitude,
    /// A range the user chose: mostly uniform over it.
    Uniform,
}

/// A generator of integers, from [`integer`] or [`between`].
#[derive(Clone, Copy, Debug)]
pub struct Integer<T> {
    low: u128,
    order: ZigZag,
    spread: Spread,
    _type: PhantomData<fn() -> T>,
}

/// Any value of an integer type, biased towards small values and the
/// extremes. Shrinks towards 0, trying small positive values before small
/// negative ones.
///
/// Forces `MIN`, `MAX`, `MIN + 1`, `MAX - 1` and 0 about one draw in twenty
/// between them; close to half the draws lie within 256 of 0, and the rest
/// have a uniformly drawn bit width. Early examples of a run are kept small.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let values = generate::integer::<i64>().sample(200, 1);
/// assert!(values.iter().any(|v| v.abs() < 1000));
/// ```
pub fn integer<T: IntegerValue>() -> Integer<T> {
    Integer::from_keys(T::WHOLE.0, T::WHOLE.1, Spread::Magnitude)
}

/// Any integer in `low..=high`, inclusive. Shrinks towards 0 if the range
/// holds it, otherwise towards the bound nearer to 0.
///
/// Draws are uniform over the range, except that the bounds, their
/// neighbours and the shrink target are forced about one draw in twenty, and a
/// quarter of the draws stay near the shrink target.
///
/// # Panics
///
/// At the call, if `low > high`.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let dice = generate::between(1, 6).sample(100, 7);
/// assert!(dice.iter().all(|d| (1..=6).contains(d)));
/// assert!(dice.contains(&1) && dice.contains(&6));
/// ```
#[track_caller]
pub fn between<T: IntegerValue>(low: T, high: T) -> Integer<T> {
    crate::generate::assert_increasing("between", &low, &high, "greater than");
    Integer::from_keys(low.to_key(), high.to_key(), Spread::Uniform)
}

impl<T: IntegerValue> Integer<T> {
    fn from_keys(low: u128, high: u128, spread: Spread) -> Integer<T> {
        let target = T::ZERO.to_key().clamp(low, high);
        Integer { low, order: ZigZag::new(high - low, target - low), spread, _type: PhantomData }
    }

    /// Draws an offset from the range's lower bound, as described on
    /// [`integer`] and [`between`]. One random word decides the kind of draw,
    /// the direction and the bit width; a second, where needed, the value.
    fn sample_offset(&self, random: &mut Random, scale: u64) -> u128 {
        let size = self.order.max_index();
        let target = self.order.target();
        let word = random.next_u64();
        let roll = word & 63;
        if roll < 3 {
            let edges = [0, size, target, 1.min(size), size.saturating_sub(1)];
            return edges[((((word >> 8) & 0xFFFF) * edges.len() as u64) >> 16) as usize];
        }
        let near_target = match self.spread {
            Spread::Magnitude => roll < 31,
            Spread::Uniform => roll < 16,
        };
        if self.spread == Spread::Uniform && !near_target {
            return random.up_to_wide(size);
        }
        // Both candidate magnitudes come from one word and one is selected,
        // rather than branching on a coin flip the processor cannot predict.
        let second = random.next_u64();
        // Within 256 of the target (less early in a run), where the
        // interesting small values are.
        let reach = ((256 * scale) / SCALE_ONE).max(4);
        let near = ((u128::from(second) * u128::from(reach + 1)) >> 64) as u64;
        let magnitude = if near_target || self.spread == Spread::Uniform {
            u128::from(near)
        } else {
            // A uniformly drawn bit width, so every order of magnitude shows up.
            let full = 128 - size.leading_zeros();
            let scaled = (u64::from(full.saturating_sub(8)) * scale + SCALE_ONE / 2) / SCALE_ONE;
            let limit = (8 + scaled as u32).min(full);
            // Scaling 16 random bits by the count avoids a division.
            let bits = ((((word >> 8) & 0xFFFF) * u64::from(limit + 1)) >> 16) as u32;
            if bits <= 64 {
                u128::from(second & u64::MAX.checked_shr(64 - bits).unwrap_or(0))
            } else {
                random.up_to_wide(u128::MAX >> (128 - bits))
            }
        };
        let (room_below, room_above) = (target, size - target);
        let upwards = match (room_below, room_above) {
            (0, _) => true,
            (_, 0) => false,
            _ => word & (1 << 32) != 0,
        };
        let (above, below) = (target + magnitude.min(room_above), target - magnitude.min(room_below));
        if upwards { above } else { below }
    }
}

impl<T: IntegerValue> Generator for Integer<T> {
    type Value = T;

    #[inline]
    fn generate(&self, source: &mut ChoiceSource) -> T {
        let scale = source.scale_fixed();
        // A freshly drawn offset is kept, so generation skips decoding the
        // index it was recorded as; replays decode it.
        let mut drawn = None;
        let index = source.choose_wide(self.order.max_index(), |random| {
            let offset = self.sample_offset(random, scale);
            drawn = Some(offset);
            self.order.index(offset)
        });
        let offset = drawn.unwrap_or_else(|| self.order.offset(index));
        T::from_key(self.low + offset)
    }

    fn label(&self) -> &'static str {
        "integer"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_preserve_order_and_round_trip() {
        let values = [i64::MIN, -5, -1, 0, 1, 7, i64::MAX];
        for pair in values.windows(2) {
            assert!(pair[0].to_key() < pair[1].to_key());
        }
        for value in values {
            assert_eq!(i64::from_key(value.to_key()), value);
        }
        assert_eq!(u128::from_key(u128::MAX.to_key()), u128::MAX);
        assert_eq!(i128::from_key(i128::MIN.to_key()), i128::MIN);
    }

    #[test]
    fn the_simplest_value_is_the_target() {
        let mut source = ChoiceSource::new();
        source.start_simplest();
        assert_eq!(source.draw(&integer::<i32>()), 0);
        assert_eq!(source.draw(&integer::<u8>()), 0);
        assert_eq!(source.draw(&between(5, 9)), 5);
        assert_eq!(source.draw(&between(-9, -5)), -5);
        assert_eq!(source.draw(&between(-3, 3)), 0);
        assert_eq!(source.draw(&integer::<i128>()), 0);
    }
}
