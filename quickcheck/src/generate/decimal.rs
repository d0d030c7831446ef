//! `rust_decimal::Decimal`, with the `decimal` feature.
//!
//! A decimal is an integer mantissa below 2^96 times a power of ten, 10^-scale
//! for a scale in 0..=28. It is recorded as a sign (when the range has both),
//! a scale, and the mantissa's offset from the least one the range allows at
//! that scale, so the shrinker lowers the scale before the mantissa and ends
//! on integers and short fractions.

use rand_xoshiro::rand_core::Rng;
use rust_decimal::Decimal;

use crate::engine::random::{Draws, Random};
use crate::engine::source::ChoiceSource;
use crate::generate::Generator;

/// The largest mantissa, 2^96 − 1.
const MAX_MANTISSA: u128 = (1 << 96) - 1;

/// The largest scale.
const MAX_SCALE: u32 = 28;

/// mantissa · 10^shift, rounded up or down to an integer; `u128::MAX` when
/// that is too large to be a mantissa.
fn scaled(mantissa: u128, shift: i32, round_up: bool) -> u128 {
    if shift >= 0 {
        10u128.checked_pow(shift as u32).and_then(|power| mantissa.checked_mul(power)).unwrap_or(u128::MAX)
    } else {
        let power = 10u128.pow(shift.unsigned_abs());
        let quotient = mantissa / power;
        if round_up && quotient * power != mantissa { quotient + 1 } else { quotient }
    }
}

/// The magnitudes of one sign, `low..=high`, as (mantissa, scale).
#[derive(Clone, Debug)]
struct Side {
    low: (u128, u32),
    high: (u128, u32),
    /// The scales with a mantissa in range, smallest first.
    scales: Vec<u32>,
    /// The index of the first scale with at least [`ROOMY`] mantissas in
    /// range (the first scale if none has): draws favour it and the few
    /// after it.
    roomy: u64,
}

/// How many mantissas a scale holds at least for draws to favour it. At a
/// scale with only a handful, most draws would be the range's bounds: 1..=3
/// holds 1, 2 and 3 at scale 0, and drawn there as often as a wide range's
/// integers are, half of all its values were 1 or 3.
const ROOMY: u128 = 16;

impl crate::generate::SignedSide for Side {
    fn holds_only_zero(&self) -> bool {
        self.high.0 == 0
    }
}

impl Side {
    fn new(low: Decimal, high: Decimal) -> Side {
        let parts = |value: Decimal| (value.mantissa().unsigned_abs(), value.scale());
        let (low, high) = (parts(low), parts(high));
        let mut side = Side { low, high, scales: Vec::new(), roomy: 0 };
        side.scales = (0..=MAX_SCALE)
            .filter(|&scale| {
                let (least, most) = side.mantissas(scale);
                least <= most
            })
            .collect();
        let holds_enough = |&scale: &u32| {
            let (least, most) = side.mantissas(scale);
            most - least + 1 >= ROOMY
        };
        // With no roomy scale (a side of a few values, or of zero alone),
        // the smallest scale, which writes its values shortest.
        let roomy = side.scales.iter().position(holds_enough).unwrap_or(0);
        side.roomy = roomy as u64;
        side
    }

    /// The mantissas in range at `scale`; `least > most` if there are none.
    fn mantissas(&self, scale: u32) -> (u128, u128) {
        let least = scaled(self.low.0, scale as i32 - self.low.1 as i32, true);
        let most = scaled(self.high.0, scale as i32 - self.high.1 as i32, false).min(MAX_MANTISSA);
        (least, most)
    }

    /// The index of `scale` among the valid ones, for a value in range.
    fn scale_index(&self, scale: u32) -> u64 {
        self.scales.iter().position(|&valid| valid == scale).unwrap_or(0) as u64
    }

    fn sample(&self, random: &mut Random) -> (u32, u128) {
        let roll = random.up_to(99);
        let last = self.scales.len() as u64 - 1;
        // Small scales most often: the smallest roomy one, or one of the
        // next four, and otherwise any.
        let roomy = self.roomy;
        let index = match roll {
            0..40 => roomy,
            40..80 => roomy + random.up_to((last - roomy).min(4)),
            _ => random.up_to(last),
        };
        let scale = self.scales[index as usize];
        let (least, most) = self.mantissas(scale);
        let size = most - least;
        let offset = match random.next_u64() % 5 {
            // A small number of whole units of some power of ten, so a
            // value appears at several scales: 1, 1.0, 1.00.
            0 => {
                let zeros = random.up_to(u64::from(scale)) as u32;
                u128::from(random.up_to(10)) * 10u128.pow(zeros)
            }
            1 => u128::from(random.up_to(100)),
            // Uniform over the mantissas of the scale.
            2 => random.up_to_wide(size),
            // A uniformly drawn bit width, so every magnitude appears.
            _ => {
                let bits = random.up_to(u64::from(128 - size.leading_zeros())) as u32;
                if bits == 0 { 0 } else { random.up_to_wide(u128::MAX >> (128 - bits)) }
            }
        };
        // An offset past the range is drawn again, uniformly: clamped, it
        // would land on the upper bound, which on a narrow range made half
        // of all draws a bound.
        let offset = if offset > size { random.up_to_wide(size) } else { offset };
        (scale, least + offset)
    }
}

/// A generator of decimals, from [`decimal`] or [`decimal_between`].
#[derive(Clone, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct DecimalOf {
    positive: Option<Side>,
    negative: Option<Side>,
    forced: Vec<Decimal>,
}

/// Any `Decimal`, at any scale: the scale is drawn too, so equal values of
/// different scales such as 1.0 and 1.00 both appear, and reports print the
/// scale. Mostly small scales and short mantissas. Shrinks towards 0, the
/// scale before the mantissa, so a shrunk value is an integer or a short
/// fraction.
///
/// Forces `Decimal::MIN`, `Decimal::MAX`, 0 and ±1e-28 (the smallest
/// non-zero magnitude) one draw in sixteen between them.
///
/// ```
/// use quickcheck::{Generator, generate};
/// use rust_decimal::Decimal;
/// let values = generate::decimal().sample(500, 1);
/// assert!(values.contains(&Decimal::MAX) && values.contains(&Decimal::MIN));
/// assert!(values.iter().any(|value| value.scale() > 0 && value.fract().is_zero() && !value.is_zero()));
/// ```
pub fn decimal() -> DecimalOf {
    decimal_between(Decimal::MIN, Decimal::MAX)
}

/// Any `Decimal` in `low..=high`, inclusive, at any scale that can hold a
/// value of the range. Shrinks towards 0 if the range holds it, otherwise to
/// the value of the smallest scale nearest 0 (0.3 for `0.3..=0.9`).
///
/// Forces both bounds and whichever of 0 and ±1e-28 the range holds, one draw
/// in sixteen between them.
///
/// Equal values of different scales are different values here: a range of
/// one value, such as `1.5..=1.5`, still draws 1.5, 1.50, 1.500 and so on,
/// so a run over it does not end early as having tried everything, as one
/// over a single integer does.
///
/// # Panics
///
/// At the call, if `low > high`.
///
/// ```
/// use quickcheck::{Generator, generate};
/// use rust_decimal::Decimal;
/// let (low, high) = (Decimal::new(1, 2), Decimal::new(1000, 0));
/// let prices = generate::decimal_between(low, high).sample(200, 2);
/// assert!(prices.iter().all(|price| (low..=high).contains(price)));
/// assert!(prices.contains(&low) && prices.contains(&high));
/// ```
#[track_caller]
pub fn decimal_between(low: Decimal, high: Decimal) -> DecimalOf {
    crate::generate::assert_increasing("decimal_between", &low, &high, "greater than");
    let zero = Decimal::ZERO;
    let positive = (high >= zero).then(|| Side::new(low.max(zero), high));
    let negative = (low < zero).then(|| Side::new(if high < zero { -high } else { zero }, -low));
    let tiny = Decimal::new(1, MAX_SCALE);
    let mut forced = vec![low];
    for value in [high, zero, tiny, -tiny] {
        if (low..=high).contains(&value) && !forced.contains(&value) {
            forced.push(value);
        }
    }
    DecimalOf { positive, negative, forced }
}

impl DecimalOf {
    fn side(&self, negative: bool) -> &Side {
        let side = if negative { &self.negative } else { &self.positive };
        side.as_ref().expect("a side is chosen only if the range has it")
    }

    /// A whole draw as (negative, scale, mantissa); `negative` fixes the
    /// sign when it was already chosen.
    fn sample(&self, negative: Option<bool>, random: &mut Random) -> (bool, u32, u128) {
        let word = random.next_u64();
        // Zero belongs to the positive side.
        let fits = |value: &Decimal| negative.is_none_or(|negative| (*value < Decimal::ZERO) == negative);
        if word & 15 == 0
            && let Some(value) = crate::generate::pick_forced(&self.forced, fits, random)
        {
            // Forced verbatim, at its own scale, which holds it by definition.
            return (value < Decimal::ZERO, value.scale(), value.mantissa().unsigned_abs());
        }
        let negative = negative.unwrap_or_else(|| {
            crate::generate::takes_negative_side(word & 16 != 0, &self.positive, &self.negative, random)
        });
        let (scale, mantissa) = self.side(negative).sample(random);
        (negative, scale, mantissa)
    }
}

impl Generator for DecimalOf {
    type Value = Decimal;

    fn generate(&self, source: &mut ChoiceSource) -> Decimal {
        let mut planned = None;
        let negative = match (&self.positive, &self.negative) {
            (Some(_), Some(_)) => {
                source.choose(1, |random| {
                    let plan = self.sample(None, random);
                    planned = Some(plan);
                    u64::from(plan.0)
                }) == 1
            }
            (positive, _) => positive.is_none(),
        };
        let side = self.side(negative);
        let mut fresh = None;
        let scale_index = source.choose(side.scales.len() as u64 - 1, |random| {
            let (_, scale, mantissa) = planned.unwrap_or_else(|| self.sample(Some(negative), random));
            fresh = Some(mantissa);
            side.scale_index(scale)
        });
        let scale = side.scales[scale_index as usize];
        let (least, most) = side.mantissas(scale);
        // The offset means the same under every scale, clamped to what the
        // scale allows, so lowering the scale keeps the digits where it can.
        let offset = source.choose_wide(MAX_MANTISSA, |random| match fresh {
            Some(mantissa) => mantissa - least,
            None => side.sample(random).1.min(most).saturating_sub(least),
        });
        let mantissa = least.saturating_add(offset).min(most);
        let negative = negative && mantissa != 0;
        Decimal::from_parts(mantissa as u32, (mantissa >> 32) as u32, (mantissa >> 64) as u32, negative, scale)
    }

    fn label(&self) -> &'static str {
        "decimal"
    }
}
