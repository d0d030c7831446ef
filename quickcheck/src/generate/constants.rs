//! A pool of integers that often reveal bugs, which integer draws pick from
//! now and then.
//!
//! Random bits almost never land exactly on a type's boundary or on a round
//! number, yet those are where overflow, off-by-one and conversion bugs
//! live: `i32::MAX as i64 + 1`, `u16::MAX`, a buffer of 4096 bytes, a
//! timeout of 1000. The pool holds the powers of two, the powers of ten, the
//! factorials and the primorials above 255, each also one below and one
//! above, and each of either sign. An integer generator forces one of them (one that
//! its range holds) about one draw in twenty; see
//! [`integer`](crate::generate::integer).
//!
//! The tables are built at compile time, and a pick is a few shifts and one
//! short binary search: the pool costs nothing on the draws that do not use
//! it.

/// The powers of ten that fit in 128 bits: 10^0 to 10^38.
const POWERS_OF_TEN: [u128; 39] = {
    let mut table = [1; 39];
    let mut index = 1;
    while index < table.len() {
        table[index] = table[index - 1] * 10;
        index += 1;
    }
    table
};

/// The factorials that fit in 128 bits: 1! to 34!.
const FACTORIALS: [u128; 34] = {
    let mut table = [1; 34];
    let mut index = 1;
    while index < table.len() {
        table[index] = table[index - 1] * (index as u128 + 1);
        index += 1;
    }
    table
};

/// The primorials (products of the first primes) that fit in 128 bits: 2,
/// 6, 30, 210, 2310, and so on, 26 of them.
const PRIMORIALS: [u128; 26] = {
    let mut table = [0; 26];
    let mut product: u128 = 1;
    let mut candidate: u128 = 2;
    let mut index = 0;
    while index < table.len() {
        let mut divisor = 2;
        let mut prime = true;
        while divisor * divisor <= candidate {
            if candidate.is_multiple_of(divisor) {
                prime = false;
            }
            divisor += 1;
        }
        if prime {
            product *= candidate;
            table[index] = product;
            index += 1;
        }
        candidate += 1;
    }
    table
};

/// The number of bits `value` needs.
const fn bit_length(value: u128) -> u32 {
    u128::BITS - value.leading_zeros()
}

/// The smallest magnitude in the pool, 2^8 - 1: below it, draws near zero
/// already land on every value often.
const SMALLEST: u128 = 255;

/// A constant of the pool, as a sign and a magnitude, picked by the bits of
/// `word` among those that need at most `max_bits + 1` bits (one more than
/// the range's largest magnitude, so that `2^k - 1` at the top of a type is
/// in the pool, and a caller's range check drops what is too large). `None`
/// when the family the word picks has no such member, as for a range that
/// holds no magnitude above [`SMALLEST`].
///
/// Half the picks are powers of two, whose neighbours are the boundaries of
/// every narrower integer type; the other half are split between the powers
/// of ten, the factorials and the primorials.
pub(crate) fn pick(word: u64, max_bits: u32) -> Option<(bool, u128)> {
    let limit = max_bits.saturating_add(1).min(u128::BITS);
    if limit <= bit_length(SMALLEST) {
        return None;
    }
    // The word's bits, from the low end: 2 for the family, 16 for the
    // member, 2 for the step to a neighbour, 1 for the sign.
    let scaled = |count: u64| (((word >> 2) & 0xFFFF) * count) >> 16;
    let magnitude = match word & 3 {
        0 | 1 => {
            // 2^8 to 2^(limit - 1), all of which need at most `limit` bits.
            let lowest = bit_length(SMALLEST);
            1u128 << (lowest + scaled(u64::from(limit - lowest)) as u32)
        }
        family => {
            let table: &[u128] = match family {
                2 => &POWERS_OF_TEN[1..],
                _ if (word >> 21) & 1 == 0 => &FACTORIALS[2..],
                _ => &PRIMORIALS,
            };
            let (first, end) = (
                table.partition_point(|&value| value < SMALLEST),
                table.partition_point(|&value| bit_length(value) <= limit),
            );
            if first >= end {
                return None;
            }
            table[first + scaled((end - first) as u64) as usize]
        }
    };
    // One below, the constant itself (twice as often), or one above.
    let magnitude = match (word >> 18) & 3 {
        0 => magnitude - 1,
        3 => magnitude.checked_add(1)?,
        _ => magnitude,
    };
    Some(((word >> 20) & 1 == 1, magnitude))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_hold_what_they_say() {
        assert_eq!(POWERS_OF_TEN[38], 10u128.pow(38));
        assert_eq!(FACTORIALS[..5], [1, 2, 6, 24, 120]);
        assert_eq!(FACTORIALS[33], (1..=34u128).product());
        assert_eq!(PRIMORIALS[..5], [2, 6, 30, 210, 2310]);
        // The next primorial, times the 27th prime (103), would not fit.
        assert!(PRIMORIALS[25].checked_mul(103).is_none());
    }

    #[test]
    fn picks_stay_within_the_bits_asked_for_and_reach_every_family() {
        let mut seen = std::collections::BTreeSet::new();
        for word in (0..1u64 << 22).step_by(97) {
            for max_bits in [1, 7, 8, 16, 31, 63, 64, 127, 128] {
                if let Some((_, magnitude)) = pick(word, max_bits) {
                    assert!(bit_length(magnitude) <= max_bits + 1, "{magnitude} for {max_bits} bits");
                    assert!(magnitude >= SMALLEST - 1, "{magnitude} is too small to be worth forcing");
                    seen.insert(magnitude);
                }
            }
            assert_eq!(pick(word, 7), None);
        }
        for expected in [255, 256, 257, 65_535, 1 << 31, (1 << 63) - 1, 1000, 999, 1001, 3_628_800, 30_030] {
            assert!(seen.contains(&expected), "{expected} never picked");
        }
        assert!(seen.contains(&(u128::MAX >> 1)), "2^127 - 1 never picked");
    }
}
