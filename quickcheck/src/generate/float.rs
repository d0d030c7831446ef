//! Floating-point numbers: `f32`, `f64` and, with the `half` feature,
//! `half::f16`.
//!
//! A value is drawn as an integer significand times a power of two, and
//! recorded as three choices: the sign (when the range has both), the
//! exponent, and the significand. The exponent's index is zig-zag around 0
//! (0, 1, −1, 2, −2, …, then infinity, the exponents below the largest
//! one's negation, and NaN), so the shrinker lowers the
//! exponent before the significand and ends on integers and short binary
//! fractions. A significand index counts up from the smallest significand the
//! range allows at that exponent, and decodes clamped into the range, so
//! every edit of the choices still gives a value of the range. Exponents
//! above 0 hold only normalised significands (values too large for exponent
//! 0), so each such value has one representation and lowering its exponent
//! keeps it large: `x <= 100.0` shrinks to 101.0 rather than stopping at
//! 51 · 2^1 = 102.0.

use std::fmt::Debug;
use std::marker::PhantomData;

use rand_xoshiro::rand_core::Rng;

use crate::engine::order::ZigZag;
use crate::engine::random::{Draws, Random};
use crate::engine::source::ChoiceSource;
use crate::generate::Generator;

mod sealed {
    pub trait Sealed {}
}

/// The binary floating-point types: `f32`, `f64` and, with the `half`
/// feature, `half::f16`.
///
/// The generators work on the raw IEEE 754 bits, so one implementation
/// serves every width.
pub trait FloatValue: Copy + Debug + PartialOrd + 'static + sealed::Sealed {
    /// The number of stored significand bits (52 for `f64`).
    #[doc(hidden)]
    const MANTISSA: u32;
    /// The number of exponent bits (11 for `f64`).
    #[doc(hidden)]
    const EXPONENT: u32;
    /// The value's bits, in the low bits of a `u64`.
    #[doc(hidden)]
    fn to_raw(self) -> u64;
    /// The value with these bits.
    #[doc(hidden)]
    fn from_raw(bits: u64) -> Self;
}

macro_rules! native {
    ($($t:ty => $bits:ty, $mantissa:expr, $exponent:expr);*) => {$(
        impl sealed::Sealed for $t {}
        impl FloatValue for $t {
            const MANTISSA: u32 = $mantissa;
            const EXPONENT: u32 = $exponent;
            fn to_raw(self) -> u64 {
                u64::from(self.to_bits())
            }
            fn from_raw(bits: u64) -> Self {
                <$t>::from_bits(bits as $bits)
            }
        }
    )*};
}

native!(f32 => u32, 23, 8; f64 => u64, 52, 11);

#[cfg(feature = "half")]
native!(half::f16 => u16, 10, 5);

/// The layout of a float type, derived from its bit widths.
#[derive(Clone, Copy, Debug)]
struct Format {
    mantissa: u32,
    sign: u64,
    fraction: u64,
    /// The largest biased exponent, that of infinity and NaN.
    top: u64,
    /// The exponent of the smallest subnormal: value = m · 2^min_exponent.
    min_exponent: i32,
    max_exponent: i32,
    /// The largest significand, 2^(mantissa+1) − 1.
    max_significand: u64,
}

impl Format {
    fn of<T: FloatValue>() -> Format {
        let top = (1u64 << T::EXPONENT) - 1;
        let bias = (1i32 << (T::EXPONENT - 1)) - 1;
        let min_exponent = 1 - bias - T::MANTISSA as i32;
        Format {
            mantissa: T::MANTISSA,
            sign: 1 << (T::MANTISSA + T::EXPONENT),
            fraction: (1 << T::MANTISSA) - 1,
            top,
            min_exponent,
            max_exponent: min_exponent + top as i32 - 2,
            max_significand: (1 << (T::MANTISSA + 1)) - 1,
        }
    }

    fn infinity(&self) -> u64 {
        self.top << self.mantissa
    }

    fn nan(&self) -> u64 {
        self.infinity() | (1 << (self.mantissa - 1))
    }

    fn max(&self) -> u64 {
        ((self.top - 1) << self.mantissa) | self.fraction
    }

    /// The bits of the values forced as edges, besides NaN and a range's
    /// bounds: the infinities, `MIN` and `MAX`, the smallest subnormal of
    /// either sign, and both zeros.
    fn edges(&self) -> [u64; 8] {
        let sign = self.sign;
        [self.infinity(), sign | self.infinity(), sign | self.max(), self.max(), 1, sign | 1, sign, 0]
    }

    fn is_nan(&self, bits: u64) -> bool {
        bits & !self.sign > self.infinity()
    }

    /// A position on one scale that orders every non-NaN value, with −0.0
    /// below 0.0.
    fn key(&self, bits: u64) -> u64 {
        if bits & self.sign != 0 { !bits & (self.sign | (self.sign - 1)) } else { bits | self.sign }
    }

    /// A finite magnitude as (significand, exponent).
    fn split(&self, magnitude: u64) -> (u64, i32) {
        let biased = magnitude >> self.mantissa;
        let fraction = magnitude & self.fraction;
        if biased == 0 {
            (fraction, self.min_exponent)
        } else {
            (fraction | (self.fraction + 1), self.min_exponent + biased as i32 - 1)
        }
    }

    /// The bits of significand · 2^exponent, which must be representable.
    fn join(&self, significand: u64, exponent: i32) -> u64 {
        if significand == 0 {
            return 0;
        }
        let shift = self.mantissa + 1 - bit_length(significand);
        let (normalised, exponent) = (significand << shift, exponent - shift as i32);
        if exponent >= self.min_exponent {
            ((exponent - self.min_exponent + 1) as u64) << self.mantissa | (normalised & self.fraction)
        } else {
            normalised >> (self.min_exponent - exponent)
        }
    }
}

fn bit_length(value: u64) -> u32 {
    64 - value.leading_zeros()
}

/// significand · 2^shift, rounded up or down to an integer; `u64::MAX` when
/// that is too large to matter.
fn scaled(significand: u64, shift: i32, round_up: bool) -> u64 {
    if significand == 0 {
        0
    } else if shift >= 0 {
        if shift >= 64 || significand.leading_zeros() < shift as u32 { u64::MAX } else { significand << shift }
    } else if shift <= -64 {
        u64::from(round_up)
    } else {
        let quotient = significand >> -shift;
        if round_up && quotient << -shift != significand { quotient + 1 } else { quotient }
    }
}

/// The significands m with m · 2^exponent in `low..=high`; `least > most`
/// if there are none. Above exponent 0 a significand is normalised (its top
/// bit set), so a value has a positive exponent only if it is too large for
/// exponent 0: then lowering the exponent keeps a large value, and a value
/// past a threshold shrinks to the integer just past it rather than getting
/// stuck on a small significand with a positive exponent.
fn significand_bounds(format: &Format, low: (u64, i32), high: (u64, i32), exponent: i32) -> (u64, u64) {
    let least = scaled(low.0, low.1 - exponent, true);
    let least = if exponent > 0 { least.max(format.fraction + 1) } else { least };
    let most = scaled(high.0, high.1 - exponent, false).min(format.max_significand);
    (least, most)
}

/// A value in `0..=size` of a uniformly drawn bit width in
/// `min_bits..=max_bits`, uniform within that width, so short values are as
/// common as long ones.
fn short(random: &mut Random, size: u64, min_bits: u32, max_bits: u32) -> u64 {
    let most = bit_length(size).min(max_bits);
    let least = min_bits.min(most);
    let bits = least + random.up_to(u64::from(most - least)) as u32;
    if bits == 0 {
        return 0;
    }
    let lowest = 1 << (bits - 1);
    lowest + random.up_to(size.min(u64::MAX >> (64 - bits)) - lowest)
}

/// Percentiles of the kinds of unforced draw over a range up to the type's
/// largest value, set for the proportions documented on [`float`]: integers
/// below `INTEGERS`, fractions near 1 below `FRACTIONS`, any exponent above.
const INTEGERS: u64 = 54;
const FRACTIONS: u64 = 81;

/// What one draw decided, before it is recorded as choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    Finite { significand: u64, exponent: i32 },
    Infinity,
    Nan,
}

/// The finite magnitudes of one sign, `low..=high`.
#[derive(Clone, Copy, Debug)]
struct Finite {
    low: (u64, i32),
    high: (u64, i32),
    min_exponent: i32,
    /// Exponents in zig-zag order around the one nearest 0.
    order: ZigZag<u64>,
    /// Whether the range reaches the type's largest value, so magnitudes are
    /// spread over the exponents rather than over the range.
    unbounded: bool,
    /// The bit length of the range's width: high − low < 2^width.
    width: i32,
}

impl Finite {
    fn new(format: &Format, low: u64, high: u64) -> Finite {
        let (low, high) = (format.split(low), format.split(high));
        let mut valid = (format.min_exponent..=format.max_exponent).filter(|&exponent| {
            let (least, most) = significand_bounds(format, low, high, exponent);
            least <= most
        });
        // The valid exponents are contiguous. Up to 0, m · 2^(e+1) in range
        // means 2m · 2^e is too, while 2m still fits; above 0 each exponent
        // covers one binade, and a range reaching two binades covers those
        // between.
        let min_exponent = valid.next().expect("a non-empty range has a valid exponent");
        let max_exponent = valid.next_back().unwrap_or(min_exponent);
        let target = 0.clamp(min_exponent, max_exponent);
        let width = {
            let base = low.1.min(high.1);
            if high.1 - base > 64 || low.1 - base > 64 {
                high.1 + bit_length(high.0) as i32
            } else {
                let span = (u128::from(high.0) << (high.1 - base)) - (u128::from(low.0) << (low.1 - base));
                base + (128 - span.leading_zeros()) as i32
            }
        };
        Finite {
            low,
            high,
            min_exponent,
            order: ZigZag::new((max_exponent - min_exponent) as u64, (target - min_exponent) as u64),
            unbounded: format.split(format.max()) == high,
            width,
        }
    }

    fn max_exponent(&self) -> i32 {
        self.min_exponent + self.order.max_index() as i32
    }

    fn target(&self) -> i32 {
        self.min_exponent + self.order.target() as i32
    }

    /// What significand index 0 stands for at `exponent`, before clamping
    /// into the range: the least significand, not normalised. Above exponent
    /// 0 the index is then the significand itself (for ranges from 0), and
    /// lowering the exponent keeps it large.
    fn base(&self, exponent: i32) -> u64 {
        scaled(self.low.0, self.low.1 - exponent, true)
    }

    /// The significands the range allows at `exponent`.
    fn significands(&self, format: &Format, exponent: i32) -> (u64, u64) {
        let (least, most) = significand_bounds(format, self.low, self.high, exponent);
        (least, most.max(least))
    }

    /// The simplest representation of a magnitude in range: the exponent
    /// nearest the target among those that represent it exactly.
    fn plan_of(&self, format: &Format, magnitude: u64) -> Plan {
        let (significand, exponent) = format.split(magnitude);
        if significand == 0 {
            return Plan::Finite { significand: 0, exponent: self.target() };
        }
        // A value with a positive exponent has only its normalised form;
        // others may not use a positive exponent.
        let highest = if exponent > 0 { exponent } else { (exponent + significand.trailing_zeros() as i32).min(0) };
        let lowest = (exponent - (format.mantissa + 1 - bit_length(significand)) as i32).max(format.min_exponent);
        let chosen = self.target().clamp(lowest, highest);
        let significand =
            if chosen >= exponent { significand >> (chosen - exponent) } else { significand << (exponent - chosen) };
        Plan::Finite { significand, exponent: chosen }
    }

    fn sample(&self, format: &Format, random: &mut Random) -> Plan {
        let (low, high) = (self.min_exponent, self.max_exponent());
        let target = self.target();
        let roll = random.up_to(99);
        // The exponent, and the least and most significand bits (None for
        // uniform significands).
        let mut fraction = false;
        let (exponent, bits) = if self.unbounded {
            match roll {
                // Integers, of every bit width.
                0..INTEGERS => (target, Some((0, 64))),
                // Short binary fractions near 1: 0.375, 1.5, 96.25.
                INTEGERS..FRACTIONS => {
                    let below = random.up_to(6) as i32 + 1;
                    fraction = true;
                    ((target - below).clamp(low, high), Some((1, 8 + below as u32)))
                }
                // Every exponent, so huge and subnormal values appear.
                _ => (low + random.up_to((high - low) as u64) as i32, Some((1, 64))),
            }
        } else {
            match roll {
                0..20 => (target, Some((0, 64))),
                20..40 => {
                    let below = random.up_to(6) as i32 + 1;
                    fraction = true;
                    ((target - below).clamp(low, high), Some((1, 8 + below as u32)))
                }
                40..50 => (low + random.up_to((high - low) as u64) as i32, Some((1, 64))),
                // A grid of 2^k points over the range, k uniform: from its
                // round values to uniform over it.
                _ => {
                    let k = random.up_to(u64::from(format.mantissa + 1)) as i32;
                    ((self.width - k).clamp(low, high), None)
                }
            }
        };
        let (least, most) = self.significands(format, exponent);
        let short_significand = match bits {
            // A normalised significand: a short one shifted up to the top
            // bit, so its low bits are zero. One outside the range is drawn
            // again, uniformly: clamped, it would land on a bound, which in
            // 1e16..=1.5e16 (a part of one binade) made nearly every such
            // draw a bound.
            Some((min_bits, max_bits)) if exponent > 0 => {
                let drawn = short(random, format.max_significand, min_bits.max(1), max_bits);
                let normalised = drawn << (format.mantissa + 1 - bit_length(drawn));
                (least..=most).contains(&normalised).then_some(normalised)
            }
            Some((min_bits, max_bits)) => Some(least + short(random, most - least, min_bits, max_bits)),
            None => None,
        };
        let mut significand = short_significand.unwrap_or_else(|| least + random.up_to(most - least));
        // An odd significand makes a fraction of exactly that exponent,
        // rather than an integer in disguise.
        if fraction && significand % 2 == 0 {
            // At the top of the range (in 1.0..=3.0 the widest short
            // significand is the largest one, 3.0) the fraction is just
            // below it.
            if significand < most {
                significand += 1;
            } else if significand > least {
                significand -= 1;
            }
        }
        Plan::Finite { significand, exponent }
    }
}

/// The magnitudes of one sign.
#[derive(Clone, Copy, Debug)]
struct Side {
    finite: Option<Finite>,
    infinity: bool,
    nan: bool,
}

impl crate::generate::SignedSide for Side {
    fn holds_only_zero(&self) -> bool {
        !self.infinity && !self.nan && self.finite.is_some_and(|finite| finite.high.0 == 0)
    }
}

impl Side {
    /// Magnitudes `low..=high`, non-negative bits with `low <= high`.
    fn new(format: &Format, low: u64, high: u64, nan: bool) -> Side {
        let infinity = high == format.infinity();
        let finite = (low != format.infinity()).then(|| Finite::new(format, low, high.min(format.max())));
        Side { finite, infinity, nan }
    }

    fn finite_indices(&self) -> u64 {
        self.finite.map_or(0, |finite| finite.order.max_index() + 1)
    }

    fn max_exponent_index(&self) -> u64 {
        (self.finite_indices() + u64::from(self.infinity) + u64::from(self.nan)).saturating_sub(1)
    }

    /// Where infinity sits among the exponent indices: right after the
    /// largest finite exponent. Where the exponents below 0 outnumber those
    /// above (every range down to the subnormals), the smallest go on alone
    /// after the largest, and infinity comes before them: lowered a step or
    /// two, infinity then becomes the largest finite magnitudes rather than
    /// subnormals, so a failure on large values shrinks past it.
    fn infinity_index(&self) -> u64 {
        self.finite.and_then(|finite| finite.order.below_alone_from()).unwrap_or(self.finite_indices())
    }

    fn exponent_index(&self, plan: Plan) -> u64 {
        match plan {
            Plan::Finite { exponent, .. } => {
                let finite = self.finite.expect("finite plans come from a side with finite values");
                let index = finite.order.index((exponent - finite.min_exponent) as u64);
                index + u64::from(self.infinity && index >= self.infinity_index())
            }
            Plan::Infinity => self.infinity_index(),
            Plan::Nan => self.finite_indices() + u64::from(self.infinity),
        }
    }

    /// What an exponent index stands for: an exponent, or a special value.
    fn decode_exponent(&self, index: u64) -> Plan {
        let infinity = self.infinity.then(|| self.infinity_index());
        if infinity == Some(index) {
            return Plan::Infinity;
        }
        let finite_index = match infinity {
            Some(at) if index > at => index - 1,
            _ => index,
        };
        match self.finite {
            Some(finite) if finite_index < self.finite_indices() => Plan::Finite {
                significand: 0,
                exponent: finite.min_exponent + finite.order.offset(finite_index) as i32,
            },
            _ => Plan::Nan,
        }
    }
}

/// One draw in this many is one of a generator's forced values.
const FORCED_EVERY: u64 = 16;

/// One draw of [`float`] in this many is NaN, besides NaN's share of the
/// forced draws: NaN breaks more float code than any other value, and at
/// 4% of the draws a run of 100 examples nearly always meets it (as one
/// forced value of eight, 1/128 of the draws, only half the runs did). It
/// reads the word's bits above those that pick a forced value and a sign,
/// so that neither is skewed.
const NAN_EVERY: u64 = 32;

/// A generator of floats, from [`float`] or [`float_between`].
#[derive(Clone, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Float<T> {
    format: Format,
    positive: Option<Side>,
    negative: Option<Side>,
    /// Raw bits of the values forced one draw in [`FORCED_EVERY`].
    forced: Vec<u64>,
    /// The raw bits of the range's one value, if it holds just one: it is
    /// given without a choice, so a run sees the space exhausted after one
    /// example, as it does for an integer range of one value.
    only: Option<u64>,
    _type: PhantomData<fn() -> T>,
}

/// Any value of a float type, NaN and the infinities included. Shrinks
/// towards 0.0, through integers and short binary fractions: the exponent
/// goes down before the significand, so `x <= 100.0` fails at 101.0.
///
/// Forces NaN in about 4% of the draws, so that a run of 100 examples
/// nearly always meets it, and the infinities, `MIN`, `MAX`, the smallest
/// subnormal of either sign, −0.0 and 0.0 one draw in sixteen between them
/// (with NaN again). Of all the values, about 60% are integers, about a third
/// have an exponent within ±7 (values like 0.375, 1.5 and 96), about 7% are
/// finite and above 1e100 in magnitude (`MIN` and `MAX` among them), about
/// 1.5% are subnormal and about 5% are not finite (NaN nearly 4%).
///
/// ```
/// use quickcheck::{Generator, generate};
/// let values = generate::float::<f64>().sample(500, 1);
/// assert!(values.iter().any(|x| x.is_nan()));
/// assert!(values.iter().any(|x| x.fract() == 0.0 && x.abs() < 1000.0));
/// ```
pub fn float<T: FloatValue>() -> Float<T> {
    let format = Format::of::<T>();
    let positive = Side::new(&format, 0, format.infinity(), true);
    let negative = Side::new(&format, 0, format.infinity(), false);
    let forced = std::iter::once(format.nan()).chain(format.edges()).collect();
    Float { format, positive: Some(positive), negative: Some(negative), forced, only: None, _type: PhantomData }
}

/// Any float in `low..=high`, inclusive, never NaN. Bounds are sign-aware for
/// zero: `float_between(0.0, 10.0)` never yields −0.0, while
/// `float_between(-0.0, 10.0)` yields it about one draw in fourteen. The
/// sign is drawn uniformly whenever the range reaches both ways, except
/// that a side holding only zero (−0.0 here, +0.0 in `-5.0..=0.0`) takes
/// one sign draw in sixteen. Yields an infinity only
/// when it is a bound. Shrinks to the simplest value of the range, by
/// exponent and then significand: 0.0 if the range holds it, otherwise an
/// integer or a short fraction, such as 0.5 for `float_between(0.3, 0.9)`.
///
/// Forces both bounds and whichever of `MIN`, `MAX`, the infinities, the
/// smallest subnormal of either sign, −0.0 and 0.0 the range holds, one
/// draw in sixteen between them. Otherwise draws mix round values near 1, every
/// exponent of the range, and grids from coarse to uniform over the range.
/// A range of one value (both bounds equal, and of the same sign if zero)
/// gives it without drawing anything, so a run ends after one example.
///
/// # Panics
///
/// At the call, if either bound is NaN or `low > high` (with −0.0 below 0.0).
///
/// ```
/// use quickcheck::{Generator, generate};
/// let probabilities = generate::float_between(0.0f64, 1.0).sample(200, 3);
/// assert!(probabilities.iter().all(|p| (0.0..=1.0).contains(p) && p.is_sign_positive()));
/// assert!(probabilities.contains(&0.0) && probabilities.contains(&1.0));
/// ```
#[track_caller]
pub fn float_between<T: FloatValue>(low: T, high: T) -> Float<T> {
    let format = Format::of::<T>();
    let (low_bits, high_bits) = (low.to_raw(), high.to_raw());
    assert!(
        !format.is_nan(low_bits) && !format.is_nan(high_bits),
        "generate::float_between({low:?}, {high:?}): a bound is NaN; pass two numbers"
    );
    assert!(
        format.key(low_bits) <= format.key(high_bits),
        "generate::float_between({low:?}, {high:?}): the lower bound is greater than the upper bound \
         (-0.0 counts as below 0.0); pass the bounds in increasing order"
    );
    let sign = format.sign;
    let negative_low = low_bits & sign != 0;
    let positive_high = high_bits & sign == 0;
    let positive = positive_high.then(|| Side::new(&format, if negative_low { 0 } else { low_bits }, high_bits, false));
    let negative = negative_low
        .then(|| Side::new(&format, if positive_high { 0 } else { high_bits & !sign }, low_bits & !sign, false));
    let (low_key, high_key) = (format.key(low_bits), format.key(high_bits));
    let mut forced = vec![low_bits];
    for bits in std::iter::once(high_bits).chain(format.edges()) {
        if (low_key..=high_key).contains(&format.key(bits)) && !forced.contains(&bits) {
            forced.push(bits);
        }
    }
    let only = (low_key == high_key).then_some(low_bits);
    Float { format, positive, negative, forced, only, _type: PhantomData }
}

impl<T: FloatValue> Float<T> {
    fn side(&self, negative: bool) -> &Side {
        let side = if negative { &self.negative } else { &self.positive };
        side.as_ref().expect("a side is chosen only if the range has it")
    }

    fn plan_of(&self, bits: u64) -> (bool, Plan) {
        let negative = bits & self.format.sign != 0;
        let magnitude = bits & !self.format.sign;
        let plan = if magnitude == self.format.infinity() {
            Plan::Infinity
        } else if magnitude > self.format.infinity() {
            Plan::Nan
        } else {
            let finite = self.side(negative).finite.expect("a finite forced value lies in a side with finite values");
            finite.plan_of(&self.format, magnitude)
        };
        (negative, plan)
    }

    /// Whether NaN may be drawn ([`float`]'s, not [`float_between`]'s).
    fn draws_nan(&self) -> bool {
        self.positive.as_ref().is_some_and(|side| side.nan)
    }

    /// Draws a whole value: NaN one draw in [`NAN_EVERY`] if it may be
    /// drawn, a forced value one draw in [`FORCED_EVERY`], or a sign and
    /// then a magnitude of that sign. `negative` fixes the sign, when it was
    /// already chosen.
    fn sample(&self, negative: Option<bool>, random: &mut Random) -> (bool, Plan) {
        let word = random.next_u64();
        let sign = self.format.sign;
        let fits = |bits: &u64| negative.is_none_or(|negative| (*bits & sign != 0) == negative);
        let nan = self.format.nan();
        if (word >> 5).is_multiple_of(NAN_EVERY) && self.draws_nan() && fits(&nan) {
            return self.plan_of(nan);
        }
        if word.is_multiple_of(FORCED_EVERY)
            && let Some(bits) = crate::generate::pick_forced(&self.forced, fits, random)
        {
            return self.plan_of(bits);
        }
        let negative = negative.unwrap_or_else(|| {
            crate::generate::takes_negative_side(word & 16 != 0, &self.positive, &self.negative, random)
        });
        let side = self.side(negative);
        let plan = match side.finite {
            Some(finite) => finite.sample(&self.format, random),
            None => Plan::Infinity,
        };
        (negative, plan)
    }
}

impl<T: FloatValue> Generator for Float<T> {
    type Value = T;

    fn generate(&self, source: &mut ChoiceSource) -> T {
        if let Some(bits) = self.only {
            return T::from_raw(bits);
        }
        let format = self.format;
        // A fresh draw is planned whole, at its first choice, and the later
        // choices record the plan; a replay decodes them instead.
        let mut planned = None;
        let negative = match (&self.positive, &self.negative) {
            (Some(_), Some(_)) => {
                source.choose(1, |random| {
                    let (negative, plan) = self.sample(None, random);
                    planned = Some(plan);
                    u64::from(negative)
                }) == 1
            }
            (positive, _) => positive.is_none(),
        };
        let side = *self.side(negative);
        let mut fresh = None;
        let index = source.choose(side.max_exponent_index(), |random| {
            let plan = planned.unwrap_or_else(|| self.sample(Some(negative), random).1);
            fresh = Some(plan);
            side.exponent_index(plan)
        });
        let decoded = side.decode_exponent(index);
        let finite = side.finite;
        let significand_index = source.choose(format.max_significand, |random| match (fresh, finite) {
            (Some(Plan::Finite { significand, exponent }), Some(finite)) => significand - finite.base(exponent),
            // A special value keeps the largest index, so an edit that makes
            // it finite starts from the range's largest significand.
            (Some(_), _) => format.max_significand,
            (None, Some(finite)) => match decoded {
                Plan::Finite { exponent, .. } => {
                    let (least, most) = finite.significands(&format, exponent);
                    least + short(random, most - least, 0, 64) - finite.base(exponent)
                }
                _ => format.max_significand,
            },
            (None, None) => format.max_significand,
        });
        let magnitude = match (decoded, finite) {
            (Plan::Finite { exponent, .. }, Some(finite)) => {
                let (least, most) = finite.significands(&format, exponent);
                format.join(finite.base(exponent).saturating_add(significand_index).clamp(least, most), exponent)
            }
            (Plan::Infinity, _) => format.infinity(),
            _ => format.nan(),
        };
        T::from_raw(if negative { magnitude | format.sign } else { magnitude })
    }

    fn label(&self) -> &'static str {
        "float"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_and_join_round_trip() {
        let format = Format::of::<f64>();
        for value in [0.0f64, 1.0, 0.375, 96.0, 1e300, 5e-324, 2.2250738585072014e-308, f64::MAX, 0.1] {
            let (significand, exponent) = format.split(value.to_bits());
            assert_eq!(format.join(significand, exponent), value.to_bits(), "{value}");
            let zeros = significand.trailing_zeros().min(63);
            assert_eq!(format.join(significand >> zeros, exponent + zeros as i32), value.to_bits(), "{value}");
        }
    }

    #[test]
    fn the_simplest_values() {
        let mut source = ChoiceSource::new();
        source.start_simplest();
        assert_eq!(source.draw(&float::<f64>()).to_bits(), 0.0f64.to_bits());
        assert_eq!(source.draw(&float_between(0.3, 0.9)), 0.5);
        assert_eq!(source.draw(&float_between(1.0f32, 2.0)), 1.0);
        assert_eq!(source.draw(&float_between(-10.0, -3.0)), -3.0);
        assert_eq!(source.draw(&float_between(-10.0f64, -0.0)).to_bits(), (-0.0f64).to_bits());
        assert_eq!(source.draw(&float_between(1e300, f64::INFINITY)), 1e300);
        assert_eq!(source.draw(&float_between(f64::INFINITY, f64::INFINITY)), f64::INFINITY);
    }

    #[test]
    fn every_exponent_of_a_range_has_significands_in_it() {
        let ranges = [(0.0, f64::MAX), (0.3, 0.9), (2.5, 1e9), (1e15, 1e17), (9007199254740990.0, 9007199254740994.0)];
        let format = Format::of::<f64>();
        for (low, high) in ranges.into_iter().chain([(5e-324, 1e-300), (1e300, f64::MAX), (100.0, 100.0)]) {
            let finite = Finite::new(&format, f64::to_bits(low), f64::to_bits(high));
            for exponent in finite.min_exponent..=finite.max_exponent() {
                let (least, most) = significand_bounds(&format, finite.low, finite.high, exponent);
                assert!(least <= most, "{low}..={high} at 2^{exponent}");
                for significand in [least, most] {
                    let value = f64::from_bits(format.join(significand, exponent));
                    assert!((low..=high).contains(&value), "{low}..={high}: {value}");
                }
            }
        }
    }

    #[test]
    fn the_float_key_orders_values() {
        let format = Format::of::<f64>();
        let values = [f64::NEG_INFINITY, -1.0, -5e-324, -0.0, 0.0, 5e-324, 1.0, f64::INFINITY];
        for pair in values.windows(2) {
            assert!(format.key(pair[0].to_bits()) < format.key(pair[1].to_bits()), "{pair:?}");
        }
    }
}
