//! Integers of every width.

use std::fmt::Debug;
use std::hint::select_unpredictable;
use std::marker::PhantomData;

use rand_xoshiro::rand_core::Rng;

use crate::engine::order::ZigZag;
use crate::engine::random::Random;
use crate::engine::source::{ChoiceSource, SCALE_ONE, Sample};
use crate::engine::word::Word;
use crate::generate::Generator;

mod sealed {
    pub trait Sealed {}
}

/// The integer types: `i8` to `i128`, `u8` to `u128`, `isize` and `usize`.
///
/// Values are placed on an order-preserving unsigned scale, 64 bits wide for
/// every type but the 128-bit ones, so one generator serves every width.
/// `isize` and `usize` are drawn as their 64-bit counterparts on every
/// platform, so a seed gives the same choices everywhere; on a 32-bit target
/// a drawn value outside the type's range saturates to its bound.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer type",
    label = "an integer is wanted here",
    note = "for a range, `generate::between` takes its two bounds as two arguments: `generate::between(1, 6)`, \
            not `generate::between(1..=6)`; for floats, see `generate::float_between`"
)]
pub trait IntegerValue: Copy + Ord + Debug + 'static + sealed::Sealed {
    /// Zero, the shrink target.
    const ZERO: Self;
    /// The unsigned word of the type's scale.
    #[doc(hidden)]
    type Key: Word;
    /// The keys of the smallest and largest values the whole-range
    /// generator draws.
    #[doc(hidden)]
    const WHOLE: (Self::Key, Self::Key);
    /// The value's position on the order-preserving scale.
    #[doc(hidden)]
    fn to_key(self) -> Self::Key;
    /// The value at a position of the scale, saturating at the type's
    /// bounds.
    #[doc(hidden)]
    fn from_key(key: Self::Key) -> Self;
}

macro_rules! unsigned {
    ($($t:ty => $key:ty, $drawn:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl IntegerValue for $t {
            const ZERO: Self = 0;
            type Key = $key;
            const WHOLE: ($key, $key) = (0, <$drawn>::MAX as $key);
            #[inline]
            fn to_key(self) -> $key {
                self as $key
            }
            #[inline]
            fn from_key(key: $key) -> Self {
                // Only a type narrower than its draws (usize on a 32-bit
                // target) can meet a key beyond its range.
                if <$t>::BITS >= <$drawn>::BITS {
                    key as $t
                } else {
                    <$t>::try_from(key).unwrap_or(<$t>::MAX)
                }
            }
        }
    )*};
}

macro_rules! signed {
    ($($t:ty => $key:ty, $signed_key:ty, $drawn:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl IntegerValue for $t {
            const ZERO: Self = 0;
            type Key = $key;
            const WHOLE: ($key, $key) = (
                (<$drawn>::MIN as $signed_key as $key) ^ (1 << (<$key>::BITS - 1)),
                (<$drawn>::MAX as $signed_key as $key) ^ (1 << (<$key>::BITS - 1)),
            );
            #[inline]
            fn to_key(self) -> $key {
                (self as $signed_key as $key) ^ (1 << (<$key>::BITS - 1))
            }
            #[inline]
            fn from_key(key: $key) -> Self {
                let value = (key ^ (1 << (<$key>::BITS - 1))) as $signed_key;
                // As for the unsigned types: only isize on a 32-bit target
                // can be drawn beyond its range.
                if <$t>::BITS >= <$drawn>::BITS {
                    value as $t
                } else {
                    <$t>::try_from(value).unwrap_or(if value < 0 { <$t>::MIN } else { <$t>::MAX })
                }
            }
        }
    )*};
}

// Every type of up to 64 bits, isize and usize included on every platform,
// is drawn on the 64-bit scale; only the 128-bit types need the wide one.
unsigned!(u8 => u64, u8, u16 => u64, u16, u32 => u64, u32, u64 => u64, u64, usize => u64, u64, u128 => u128, u128);
signed!(i8 => u64, i64, i8, i16 => u64, i64, i16, i32 => u64, i64, i32, i64 => u64, i64, i64, isize => u64, i64, i64,
    i128 => u128, i128, i128);

/// How draws spread over the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spread {
    /// The whole type: magnitudes log-uniform, so small values are common
    /// and every width of value appears.
    Magnitude,
    /// A range the user chose: mostly uniform over it.
    Uniform,
}

impl Spread {
    /// Of 64 rolls, those below this number draw near the target (the first
    /// four of them force an edge or a value beside a bound instead).
    fn near_target_rolls(self) -> u64 {
        match self {
            Spread::Magnitude => 31,
            Spread::Uniform => 16,
        }
    }
}

/// A generator of integers, from [`integer`] or [`between`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Integer<T: IntegerValue> {
    low: T::Key,
    order: ZigZag<T::Key>,
    spread: Spread,
    /// The bit width of the largest offset, for draws of a random width.
    width: u32,
    /// 1 if the range reaches both above and below the target, else 0: an
    /// index that alternates between the sides needs one more bit than the
    /// distance it stands for. Kept rather than derived from `order` per draw.
    direction_bit: u32,
    _type: PhantomData<fn() -> T>,
}

/// Any value of an integer type, biased towards small values and the
/// extremes. Shrinks towards 0, trying small positive values before small
/// negative ones.
///
/// Forces `MIN`, `MAX` and 0 about one draw in twenty between them, and a
/// value one or two inside `MIN` or `MAX` one draw in 64, where off-by-one
/// bugs sit; nothing else: no value is forced for being known to break
/// code, so what matters to your domain is yours to add with
/// [`frequency`](crate::generate::frequency) and
/// [`constant`](crate::generate::constant). About half the draws of a
/// 64-bit type lie within 256 of 0 (six in ten of an `i32`, more of a
/// narrower type), and the rest have a uniformly drawn bit width. Early
/// examples of a run are kept small.
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
/// Draws are uniform over the range, except that the bounds and the shrink
/// target are forced about one draw in twenty between them, a value one
/// or two inside a bound one draw in 64 (nothing else is forced), and a
/// fifth of the draws stay near the shrink target.
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
    fn from_keys(low: T::Key, high: T::Key, spread: Spread) -> Integer<T> {
        let target = T::ZERO.to_key().clamp(low, high);
        let size = high - low;
        Integer {
            low,
            order: ZigZag::new(size, target - low),
            spread,
            width: T::Key::BITS - size.leading_zeros(),
            direction_bit: u32::from(low < target && target < high),
            _type: PhantomData,
        }
    }

    /// Draws the zig-zag index of a value, as described on [`integer`] and
    /// [`between`]. One random word decides the kind of draw and the bit
    /// width (its low 24 bits) and, for ranges of up to 40 bits, the index
    /// too; a wider range draws a second word for it.
    ///
    /// The index is drawn rather than a distance and a direction: where the
    /// range reaches both ways its lowest bit is the direction, so one more
    /// random bit gives the same spread, and a fresh draw and a replay decode
    /// the value the same way.
    ///
    /// The whole type's draw is inlined into the caller (a list's loop); the
    /// forced edges and a chosen range's draw are out of line. Kept apart,
    /// the chosen range's branch on the roll cannot be merged into the whole
    /// type's code, where the compiler would otherwise branch on the coin
    /// flip between a near and a wide draw, mispredicted half the time (a
    /// list of 50 `i32` ran 25% slower that way).
    #[inline(always)]
    fn sample(&self, random: &mut Random, scale: u64) -> T::Key {
        let word = random.next_u64();
        let roll = word & 63;
        if roll < 4 {
            return self.edge(word, roll);
        }
        match self.spread {
            Spread::Magnitude => self.near_or_wide(random, word, scale, roll < Spread::Magnitude.near_target_rolls()),
            Spread::Uniform => {
                // Through a copy: a batch of draws keeps its random state in
                // registers only while no call takes that state's address.
                let mut copy = random.clone();
                let index = self.sample_range(&mut copy, word, scale);
                *random = copy;
                index
            }
        }
    }

    /// One of the forced values, as `word` says: for `roll` (its low six
    /// bits) below 3 an edge, the bounds or the target, picked by bits 8 to
    /// 23; for `roll` 3 a value one or two inside a bound (bits 8 and 9),
    /// where off-by-one bugs sit (`x + 2` overflows at `MAX - 1`). Only
    /// values derived from the range are forced, so the generators' docs
    /// can name them all.
    #[cold]
    #[inline(never)]
    fn edge(&self, word: u64, roll: u64) -> T::Key {
        let order = &self.order;
        let size = order.max_index();
        if roll == 3 {
            let inwards = T::Key::from_u64(1 + ((word >> 9) & 1)).min(size);
            return order.index(if word & (1 << 8) == 0 { inwards } else { size - inwards });
        }
        let edges = [T::Key::ZERO, size, order.target()];
        order.index(edges[((((word >> 8) & 0xFFFF) * edges.len() as u64) >> 16) as usize])
    }

    /// The draw of a chosen range ([`between`]): uniform over it, but for
    /// the fifth of the draws that stay near the target. A near draw has
    /// as many bits as the range needs, so it can pass the range's largest
    /// index (by up to the range's size): it is folded back onto the start
    /// of the range, near the target, as near draws are meant to be. Left
    /// to the choice source's clamp, the excess piled on the largest value,
    /// which `0..=9` then drew twice as often as any other. (The whole
    /// type's range is a power of two in size, which no draw passes.)
    #[inline(never)]
    fn sample_range(&self, random: &mut Random, word: u64, scale: u64) -> T::Key {
        let max = self.order.max_index();
        if word & 63 >= Spread::Uniform.near_target_rolls() {
            // Uniform over the indices is uniform over the values.
            return T::Key::up_to(random, max);
        }
        let index = self.near_or_wide(random, word, scale, true);
        if index > max { index.wrapping_sub(max).wrapping_sub(T::Key::ONE) } else { index }
    }

    /// A near draw (few bits) or one of a random bit width up to the
    /// range's, as `near_target` says. Both widths are worked out and one
    /// is selected, rather than branching on a coin flip the processor
    /// cannot predict; scaling 16 random bits by the count avoids a
    /// division. The index's random bits: for a narrow range (under 40
    /// bits), the top bits of the first word, which chose nothing yet,
    /// shifted down (in two steps, so that 0 bits is a shift of 63, not 64);
    /// a wider range draws a second word. A chosen range's caller folds an
    /// index beyond the range back into it (see
    /// [`sample_range`](Integer::sample_range)); the whole type's range is a
    /// power of two in size, which no draw passes.
    #[inline(always)]
    fn near_or_wide(&self, random: &mut Random, word: u64, scale: u64, near_target: bool) -> T::Key {
        let (near_bits, limit) = self.widths(scale);
        let random_width = ((((word >> 8) & 0xFFFF) * u64::from(limit + 1)) >> 16) as u32;
        let bits = (select_unpredictable(near_target, near_bits, random_width) + self.direction_bit).min(self.width);
        if self.width < 40 {
            return T::Key::from_u64((word >> 1) >> (63 - bits));
        }
        let index_bits = random.next_u64();
        T::Key::random_bits(random, index_bits, bits)
    }

    /// How many random bits a near draw has (8 at full size, so it lies
    /// at most 256 from the target; fewer early in a run), and the widest bit
    /// width a draw of random width may have (every order of magnitude shows
    /// up, the widest ones once a run is past its first examples).
    #[inline]
    fn widths(&self, scale: u64) -> (u32, u32) {
        if scale == SCALE_ONE {
            return (8, self.width);
        }
        let reach = ((256 * scale) / SCALE_ONE).max(4);
        let scaled = (u64::from(self.width.saturating_sub(8)) * scale + SCALE_ONE / 2) / SCALE_ONE;
        (reach.ilog2(), (8 + scaled as u32).min(self.width))
    }
}

/// One draw of an [`Integer`] at a size, handed to the choice source: a
/// [`Sample`] that is always inlined, where a closure this large would not
/// be.
#[derive(Clone, Copy)]
struct Draw<'a, T: IntegerValue> {
    integer: &'a Integer<T>,
    scale: u64,
}

impl<T: IntegerValue> Integer<T> {
    /// One draw of an index at the source's size.
    #[inline(always)]
    fn draw_at(&self, source: &ChoiceSource) -> Draw<'_, T> {
        Draw { integer: self, scale: source.scale_fixed() }
    }

    /// The value that index `index` of the range stands for.
    #[inline(always)]
    fn value_of(&self, index: T::Key) -> T {
        T::from_key(self.low + self.order.offset(index))
    }
}

impl<T: IntegerValue> Sample<T::Key> for Draw<'_, T> {
    #[inline(always)]
    fn sample(self, random: &mut Random) -> T::Key {
        self.integer.sample(random, self.scale)
    }
}

impl<T: IntegerValue> Generator for Integer<T> {
    type Value = T;

    #[inline(always)]
    fn generate(&self, source: &mut ChoiceSource) -> T {
        let index = T::Key::choose(source, self.order.max_index(), self.draw_at(source));
        self.value_of(index)
    }

    #[inline(always)]
    fn generate_many(&self, source: &mut ChoiceSource, count: usize, mut push: impl FnMut(T)) {
        let draw = self.draw_at(source);
        T::Key::choose_many(source, self.order.max_index(), count, draw, |index| push(self.value_of(index)));
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
        assert_eq!(u8::WHOLE, (0, 255));
        assert_eq!(i8::WHOLE, (i8::MIN.to_key(), i8::MAX.to_key()));
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
