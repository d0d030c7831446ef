//! `std::time::Duration`, drawn as a unit and a count of it.

use std::time::Duration;

use rand_xoshiro::rand_core::Rng;

use crate::engine::random::{Draws, Random};
use crate::engine::source::ChoiceSource;
use crate::generate::Generator;

/// The units, simplest first, in nanoseconds. A unit index past the last is
/// `Duration::MAX`, which no whole count of a unit reaches.
pub(super) const UNITS: [u128; 6] =
    [1, 1_000_000, 1_000_000_000, 60_000_000_000, 3_600_000_000_000, 86_400_000_000_000];

/// `Duration::MAX` in nanoseconds.
const MAX_NANOS: u128 = u64::MAX as u128 * 1_000_000_000 + 999_999_999;

/// The largest count of a unit, within both `Duration` and a `u64`.
fn max_count(unit: u128) -> u64 {
    u64::try_from(MAX_NANOS / unit).unwrap_or(u64::MAX)
}

/// A generator of durations, from [`duration`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct DurationOf;

/// Any `Duration`: a unit (nanoseconds, milliseconds, seconds, minutes,
/// hours or days) and then a whole number of it, small counts most often, so
/// spans of every scale appear and print round. Shrinks towards
/// `Duration::ZERO`, and to a small count of a round unit: the unit is
/// lowered first, then the count, so a failure from one hour up ends on
/// exactly one hour.
///
/// Forces `Duration::ZERO` and `Duration::MAX` one draw in sixteen between
/// them.
///
/// ```
/// use std::time::Duration;
/// use quickcheck::{Generator, generate};
/// let spans = generate::duration().sample(300, 1);
/// assert!(spans.contains(&Duration::ZERO) && spans.contains(&Duration::MAX));
/// assert!(spans.iter().any(|span| span.as_secs() > 0 && span.subsec_nanos() == 0));
/// ```
pub fn duration() -> DurationOf {
    DurationOf
}

fn sample(random: &mut Random) -> (u64, u64) {
    let word = random.next_u64();
    if word & 15 == 0 {
        return if word & 16 == 0 { (0, 0) } else { (UNITS.len() as u64, 0) };
    }
    let unit = random.up_to(UNITS.len() as u64 - 1);
    (unit, sample_count(unit, random))
}

fn sample_count(unit: u64, random: &mut Random) -> u64 {
    count_up_to(UNITS.get(unit as usize).map_or(0, |&unit| max_count(unit)), random)
}

/// A count in `0..=most`, small most often: 0 to 100 half the time, and
/// otherwise of a uniformly drawn bit width, so every scale shows up.
pub(super) fn count_up_to(most: u64, random: &mut Random) -> u64 {
    if random.next_u64() & 1 == 0 {
        random.up_to(most.min(100))
    } else {
        let bits = random.up_to(u64::from(64 - most.leading_zeros())) as u32;
        if bits == 0 { 0 } else { random.up_to(most.min(u64::MAX >> (64 - bits))) }
    }
}

impl Generator for DurationOf {
    type Value = Duration;

    fn generate(&self, source: &mut ChoiceSource) -> Duration {
        let mut planned = None;
        let unit = source.choose(UNITS.len() as u64, |random| {
            let (unit, count) = sample(random);
            planned = Some(count);
            unit
        });
        // The count's index means the same number under every unit, clamped
        // to what the unit allows, so lowering the unit keeps the count.
        let count = source.choose(u64::MAX, |random| planned.unwrap_or_else(|| sample_count(unit, random)));
        match UNITS.get(unit as usize) {
            Some(&nanos) => {
                let total = u128::from(count.min(max_count(nanos))) * nanos;
                Duration::new((total / 1_000_000_000) as u64, (total % 1_000_000_000) as u32)
            }
            None => Duration::MAX,
        }
    }

    fn label(&self) -> &'static str {
        "duration"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_simplest_duration_is_zero() {
        let mut source = ChoiceSource::new();
        source.start_simplest();
        assert_eq!(source.draw(&duration()), Duration::ZERO);
    }

    #[test]
    fn the_largest_counts_fit_a_duration() {
        for unit in UNITS {
            let total = u128::from(max_count(unit)) * unit;
            assert!(total <= MAX_NANOS);
        }
    }
}
