//! A pool of integers that often reveal bugs, which integer draws pick from
//! now and then.
//!
//! Random bits almost never land exactly on a type's boundary or on a round
//! number, yet those are where overflow, off-by-one and conversion bugs
//! live: `i32::MAX as i64 + 1`, `u16::MAX`, a buffer of 4096 bytes, a
//! timeout of 1000. The pool holds the powers of two, the powers of ten, the
//! factorials and the primorials from 256 up, each also one below and one
//! above (so 255 is the smallest), and each of either sign. An integer
//! generator forces one of them (one that its range holds) about one draw
//! in thirty; see [`integer`](crate::generate::integer).
//!
//! The pool is built and sorted at compile time, and a pick is a
//! multiplication and two reads: it costs nothing on the draws that do not
//! use it, and little on those that do.

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

/// Magnitudes below this are left out of the pool: draws near zero already
/// land on every value under 256 often.
const SMALLEST_BASE: u128 = 256;

/// How many of the tables' values the pool is built from: the powers of
/// two from 2^8, of ten from 10^3, the factorials from 6! and the
/// primorials from 2310.
const BASES: usize = (127 - 7) + (POWERS_OF_TEN.len() - 3) + (FACTORIALS.len() - 5) + (PRIMORIALS.len() - 4);

/// Each base appears four times: one below, itself twice, one above.
const POOL_SIZE: usize = 4 * BASES;

/// Every magnitude of the pool, ascending, so that those within a bit width
/// are a prefix: a pick is one multiplication and one read, with no branch
/// on which family or member to take (a forced constant is rare, and
/// mispredicted branches made it the dearest draw of a list).
static POOL: [u128; POOL_SIZE] = {
    let mut pool = [0; POOL_SIZE];
    let mut size = 0;
    let mut exponent = 8;
    while exponent < 128 {
        size = push_with_neighbours(&mut pool, size, 1 << exponent);
        exponent += 1;
    }
    let tables: [&[u128]; 3] = [&POWERS_OF_TEN, &FACTORIALS, &PRIMORIALS];
    let mut table = 0;
    while table < tables.len() {
        let mut index = 0;
        while index < tables[table].len() {
            if tables[table][index] >= SMALLEST_BASE {
                size = push_with_neighbours(&mut pool, size, tables[table][index]);
            }
            index += 1;
        }
        table += 1;
    }
    assert!(size == POOL_SIZE, "BASES counts every base");
    // Insertion sort: a few hundred entries, once, at compile time.
    let mut sorted = 1;
    while sorted < POOL_SIZE {
        let mut at = sorted;
        while at > 0 && pool[at - 1] > pool[at] {
            let swapped = pool[at - 1];
            pool[at - 1] = pool[at];
            pool[at] = swapped;
            at -= 1;
        }
        sorted += 1;
    }
    pool
};

/// Writes `base` and its neighbours into `pool` from `size` on, the base
/// twice so that it is picked as often as both neighbours together.
const fn push_with_neighbours(pool: &mut [u128; POOL_SIZE], size: usize, base: u128) -> usize {
    pool[size] = base - 1;
    pool[size + 1] = base;
    pool[size + 2] = base;
    pool[size + 3] = base + 1;
    size + 4
}

/// `WITHIN[bits]`: how many of the pool's magnitudes need at most `bits`
/// bits, for `bits` from 0 to 128.
static WITHIN: [u16; 129] = {
    let mut within = [0; 129];
    let mut bits = 0;
    let mut count = 0;
    while bits < within.len() {
        while count < POOL_SIZE && bit_length(POOL[count]) <= bits as u32 {
            count += 1;
        }
        within[bits] = count as u16;
        bits += 1;
    }
    within
};

/// A constant of the pool, as a sign and a magnitude, picked by the bits of
/// `word` among those that need at most `max_bits + 1` bits, one more than
/// the range's largest magnitude: some picks lie beyond the range, and the
/// caller's range check drops them (its draw then goes on as if there were
/// no pool). `None` where no magnitude of the pool fits.
///
/// About half the picks are powers of two or their neighbours, the
/// boundaries of every narrower integer type; the rest are powers of ten,
/// factorials and primorials.
#[inline]
pub(crate) fn pick(word: u64, max_bits: u32) -> Option<(bool, u128)> {
    let count = u64::from(WITHIN[max_bits.saturating_add(1).min(u128::BITS) as usize]);
    if count == 0 {
        return None;
    }
    let index = ((word & 0xFFFF) * count) >> 16;
    Some(((word >> 16) & 1 == 1, POOL[index as usize]))
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
                    assert!(magnitude >= SMALLEST_BASE - 1, "{magnitude} is too small to be worth forcing");
                    seen.insert(magnitude);
                }
            }
            assert_eq!(pick(word, 6), None);
        }
        for expected in [255, 256, 257, 65_535, 1 << 31, (1 << 63) - 1, 1000, 999, 1001, 3_628_800, 30_030] {
            assert!(seen.contains(&expected), "{expected} never picked");
        }
        assert!(seen.contains(&(u128::MAX >> 1)), "2^127 - 1 never picked");
    }
}
