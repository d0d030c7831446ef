//! The generators, tested through the public API only, as a user's crate
//! would: what they produce, what they shrink to, and how they fail when
//! misused. Every check uses a fixed seed, so the suite is deterministic.
//!
//! Where a property is natural, the engine tests itself: a generator's range
//! is checked by a `Property` over that generator.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::panic::{UnwindSafe, catch_unwind};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use quickcheck::{BoxedGenerator, ChoiceSource, Generator, IntoVerdict, Options, Outcome, Property, generate};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Options with a fixed seed.
fn seeded(seed: u64) -> Options {
    Options::default().seed(seed)
}

/// Checks a property that must fail, and returns its minimal counterexample.
fn minimal<G, F, R>(generator: G, body: F, seed: u64) -> G::Value
where
    G: Generator,
    G::Value: Debug + Clone,
    F: FnMut(G::Value) -> R,
    R: IntoVerdict,
{
    let result = Property::for_all(generator, body).check(seeded(seed));
    assert!(result.is_falsified(), "expected the property to fail, but: {result}");
    result.minimal().expect("a falsified result has a minimal counterexample").value().clone()
}

/// Runs `f`, which must panic, and returns its panic message.
fn panic_message(f: impl FnOnce() + UnwindSafe) -> String {
    let payload = catch_unwind(f).expect_err("expected a panic");
    if let Some(message) = payload.downcast_ref::<String>() {
        message.clone()
    } else if let Some(message) = payload.downcast_ref::<&str>() {
        (*message).to_owned()
    } else {
        panic!("the panic payload is neither a String nor a &str")
    }
}

/// The fraction of `values` for which `predicate` holds.
fn fraction<T>(values: &[T], predicate: impl Fn(&T) -> bool) -> f64 {
    values.iter().filter(|value| predicate(value)).count() as f64 / values.len() as f64
}

// ---------------------------------------------------------------------------
// between
// ---------------------------------------------------------------------------

#[test]
fn between_stays_in_its_range() {
    Property::for_all(generate::between(-5, 17), |n| (-5..=17).contains(&n)).assert(seeded(1));
    Property::for_all(generate::between(0u8, 3), |n| n <= 3).assert(seeded(2));
    Property::for_all(generate::between(-1_000_000i64, -999_990), |n| (-1_000_000..=-999_990).contains(&n))
        .assert(seeded(3));
}

#[test]
fn between_stays_in_range_at_the_extremes_of_every_width() {
    Property::for_all(generate::between(u8::MIN, u8::MAX), |_| true).assert(seeded(1));
    Property::for_all(generate::between(250u8, u8::MAX), |n| n >= 250).assert(seeded(2));
    Property::for_all(generate::between(i64::MIN, i64::MIN + 5), |n| n <= i64::MIN + 5).assert(seeded(3));
    Property::for_all(generate::between(i64::MAX - 5, i64::MAX), |n| n >= i64::MAX - 5).assert(seeded(4));
    Property::for_all(generate::between(i128::MIN, i128::MIN + 100), |n| n <= i128::MIN + 100).assert(seeded(5));
    Property::for_all(generate::between(i128::MAX - 100, i128::MAX), |n| n >= i128::MAX - 100).assert(seeded(6));
    Property::for_all(generate::between(u128::MAX - 100, u128::MAX), |n| n >= u128::MAX - 100).assert(seeded(7));
    // A range wider than 64 bits is drawn as two choices.
    let wide_low = u128::from(u64::MAX) - 3;
    let wide_high = u128::from(u64::MAX) * 4;
    Property::for_all(generate::between(wide_low, wide_high), |n| (wide_low..=wide_high).contains(&n))
        .assert(seeded(8));
}

/// The bounds are forced now and then, so even a huge range shows its ends.
#[test]
fn between_produces_both_bounds_within_a_thousand_draws() {
    fn both_bounds<T: quickcheck::generate::IntegerValue>(low: T, high: T) {
        let values = generate::between(low, high).sample(1000, 11);
        assert!(values.contains(&low), "between({low:?}, {high:?}) never produced {low:?}");
        assert!(values.contains(&high), "between({low:?}, {high:?}) never produced {high:?}");
    }
    both_bounds(-5, 17);
    both_bounds(u8::MIN, u8::MAX);
    both_bounds(i64::MIN, i64::MAX);
    both_bounds(0u64, u64::MAX);
    both_bounds(i128::MIN, i128::MAX);
    both_bounds(u128::MIN, u128::MAX);
    both_bounds(i128::MIN + 1, -1);
}

/// Off-by-one bugs sit beside the ends of a range, which uniform or
/// magnitude draws over a wide one all but never reach: values one and two
/// inside each bound are forced now and then.
#[test]
fn integers_reach_the_values_beside_their_bounds() {
    let values: BTreeSet<i64> = generate::integer::<i64>().sample(2_000, 3).into_iter().collect();
    for beside in [i64::MIN + 1, i64::MIN + 2, i64::MAX - 2, i64::MAX - 1] {
        assert!(values.contains(&beside), "{beside} never drawn");
    }
    let values: BTreeSet<u32> = generate::between(10u32, 1_000_000).sample(2_000, 3).into_iter().collect();
    for beside in [11, 12, 999_998, 999_999] {
        assert!(values.contains(&beside), "{beside} never drawn");
    }
    // As a property sees it: `x + 2` overflows at `MAX - 1` too.
    for seed in 0..5 {
        let result =
            Property::for_all(generate::integer::<u64>(), |x: u64| x.checked_add(2).is_some() || x == u64::MAX)
                .check(seeded(seed).runs(1000));
        assert_eq!(result.minimal().map(|minimal| *minimal.value()), Some(u64::MAX - 1), "seed {seed}: {result}");
    }
}

/// Apart from the shrink target, which forced edges and near draws favour,
/// no value of a small range comes up much more often than its share: the
/// upper bound used to collect every near draw past the range's end.
#[test]
fn between_spreads_a_small_range_without_piling_on_its_upper_bound() {
    fn shares<T: quickcheck::generate::IntegerValue + Ord>(generator: generate::Integer<T>, count: usize) -> Vec<f64> {
        let values = generator.sample(40_000, 5);
        let mut counts = BTreeMap::new();
        for value in values {
            *counts.entry(value).or_insert(0usize) += 1;
        }
        assert_eq!(counts.len(), count, "not every value was drawn");
        counts.values().map(|&hits| hits as f64 / 40_000.0).collect()
    }
    for (shares, count) in
        [(shares(generate::between(0u8, 9), 10), 10.0), (shares(generate::between(0u32, 99), 100), 100.0)]
    {
        let fair = 1.0 / count;
        // A value one or two inside a bound is forced one draw in 256.
        let inside = shares[1..shares.len() - 1].iter().copied().fold(0.0, f64::max);
        assert!(inside < 1.35 * fair + 1.0 / 256.0, "a value inside drawn {inside:.3} of the time: {shares:?}");
        // One forced edge in 64 draws is the upper bound.
        let upper = shares[shares.len() - 1];
        assert!(upper < 1.35 * fair + 1.0 / 64.0, "the upper bound drawn {upper:.3} of the time: {shares:?}");
    }
}

#[test]
fn between_a_single_value_always_gives_it() {
    assert_eq!(generate::between(42u16, 42).sample(20, 1), vec![42; 20]);
    assert_eq!(generate::between(i128::MIN, i128::MIN).sample(5, 1), vec![i128::MIN; 5]);
}

#[test]
fn between_with_bounds_out_of_order_panics_naming_them() {
    let message = panic_message(|| {
        let _ = generate::between(9, 3);
    });
    assert!(message.contains("between(9, 3)"), "the message does not name the bounds: {message}");
    assert!(message.contains("lower bound is greater"), "the message does not say what is wrong: {message}");
}

#[test]
#[should_panic(expected = "generate::between(-1, -2)")]
fn between_with_negative_bounds_out_of_order_panics_at_the_call() {
    let _ = generate::between(-1i64, -2);
}

// ---------------------------------------------------------------------------
// integer
// ---------------------------------------------------------------------------

/// The whole-range generator must not be uniform: uniform `i64`s would
/// almost never be small.
#[test]
fn integer_produces_small_values_often() {
    // As the docs say: about half for 64 bits, six in ten for an i32.
    let values = generate::integer::<i64>().sample(5000, 1);
    let small = fraction(&values, |v| v.unsigned_abs() <= 256);
    assert!((0.45..0.58).contains(&small), "{small:.2} of the i64s were within 256 of 0");
    let values = generate::integer::<u64>().sample(5000, 2);
    let small = fraction(&values, |&v| v <= 256);
    assert!((0.45..0.58).contains(&small), "{small:.2} of the u64s were at most 256");
    let values = generate::integer::<i32>().sample(5000, 3);
    let small = fraction(&values, |v| v.unsigned_abs() <= 256);
    assert!((0.55..0.66).contains(&small), "{small:.2} of the i32s were within 256 of 0");
}

#[test]
fn integer_produces_the_extremes_of_its_type() {
    fn extremes<T: quickcheck::generate::IntegerValue>(min: T, max: T) {
        let values = generate::integer::<T>().sample(3000, 5);
        assert!(values.contains(&min), "integer::<{}>() never produced MIN", std::any::type_name::<T>());
        assert!(values.contains(&max), "integer::<{}>() never produced MAX", std::any::type_name::<T>());
    }
    extremes(i8::MIN, i8::MAX);
    extremes(u16::MIN, u16::MAX);
    extremes(i32::MIN, i32::MAX);
    extremes(i64::MIN, i64::MAX);
    extremes(u64::MIN, u64::MAX);
    extremes(i128::MIN, i128::MAX);
}

/// The two ends of a signed type turn up about equally often, and not much
/// more often than their forced share: a draw that overshoots the range must
/// not pile up on an end (near draws of 8 bits once did, on `i8`).
#[test]
fn integer_favours_neither_end_of_a_signed_type() {
    fn ends<T: quickcheck::generate::IntegerValue>(min: T, max: T) {
        let values = generate::integer::<T>().sample(40_000, 8);
        let (lows, highs) =
            (values.iter().filter(|&&v| v == min).count(), values.iter().filter(|&&v| v == max).count());
        let name = std::any::type_name::<T>();
        assert!(lows > 200 && highs > 200, "integer::<{name}>(): MIN {lows} times, MAX {highs} times");
        assert!(lows.abs_diff(highs) * 4 < lows.max(highs), "integer::<{name}>(): MIN {lows} times, MAX {highs} times");
        assert!(lows.max(highs) < values.len() / 40, "integer::<{name}>(): MIN {lows} times, MAX {highs} times");
    }
    ends(i8::MIN, i8::MAX);
    ends(i32::MIN, i32::MAX);
    ends(i64::MIN, i64::MAX);
}

/// A log-uniform bit width shows every order of magnitude, not just the
/// small values and the forced extremes.
#[test]
fn integer_produces_every_order_of_magnitude() {
    let values = generate::integer::<u64>().sample(3000, 3);
    for bits in [8, 16, 24, 32, 40, 48, 56] {
        let (low, high) = (1u64 << (bits - 8), 1u64 << bits);
        assert!(values.iter().any(|v| (low..high).contains(v)), "no u64 in {low}..{high}");
    }
}

// ---------------------------------------------------------------------------
// Integer shrink targets
// ---------------------------------------------------------------------------

#[test]
fn integer_shrinks_a_lower_bound_failure_to_exactly_the_bound() {
    assert_eq!(minimal(generate::integer::<i32>(), |n| n < 1000, 1), 1000);
}

#[test]
fn integer_shrinks_to_zero_when_everything_fails() {
    assert_eq!(minimal(generate::integer::<i32>(), |_| false, 1), 0);
    assert_eq!(minimal(generate::integer::<u64>(), |_| false, 1), 0);
    assert_eq!(minimal(generate::integer::<i128>(), |_| false, 1), 0);
}

/// The zig-zag order is 0, 1, -1, 2, -2, 3, -3, ...: of 3 and -3, which
/// both fail, the positive one comes first.
#[test]
fn integer_shrinks_to_the_positive_value_before_the_negative_one() {
    assert_eq!(minimal(generate::integer::<i32>(), |n| n.abs() < 3, 1), 3);
    assert_eq!(minimal(generate::integer::<i64>(), |n| n.unsigned_abs() < 1_000_000, 2), 1_000_000);
}

#[test]
fn integer_shrinks_a_negative_only_failure_to_the_negative_value_nearest_zero() {
    assert_eq!(minimal(generate::integer::<i32>(), |n| n > -50, 3), -50);
}

/// The shrink target is 0 if the range holds it, otherwise the bound nearer
/// to 0.
#[test]
fn between_shrinks_towards_zero_or_the_bound_nearer_zero() {
    assert_eq!(minimal(generate::between(-100, 100), |_| false, 1), 0);
    assert_eq!(minimal(generate::between(5, 50), |_| false, 1), 5);
    assert_eq!(minimal(generate::between(-50, -10), |_| false, 1), -10);
    assert_eq!(minimal(generate::between(i64::MIN, -7), |_| false, 1), -7);
    assert_eq!(minimal(generate::between(200u8, 255), |_| false, 1), 200);
}

/// In `between(5, 50)` the target is 5 and the next simplest value is 6.
#[test]
fn between_shrinks_to_the_value_next_to_the_target() {
    assert_eq!(minimal(generate::between(5, 50), |n| n == 5, 1), 6);
}

/// In a negative-only range the order runs from the upper bound downwards.
#[test]
fn between_in_a_negative_range_shrinks_upwards_to_the_boundary_of_failure() {
    assert_eq!(minimal(generate::between(-50, -10), |n| n > -20, 1), -20);
}

#[test]
fn between_across_zero_shrinks_to_the_smallest_failing_magnitude() {
    assert_eq!(minimal(generate::between(-100, 100), |n: i32| n.abs() < 37, 1), 37);
    // With the range lopsided, the order continues along the longer side
    // once the shorter is used up: -3..=100 runs 0, 1, -1, 2, -2, 3, -3, 4, 5, ...
    assert_eq!(minimal(generate::between(-3, 100), |n: i32| n.abs() < 10, 1), 10);
}

// ---------------------------------------------------------------------------
// boolean, characters and strings
// ---------------------------------------------------------------------------

#[test]
fn boolean_is_true_about_half_the_time_and_shrinks_to_false() {
    let values = generate::boolean().sample(2000, 1);
    let trues = fraction(&values, |&b| b);
    assert!((0.4..0.6).contains(&trues), "{trues:.2} of the booleans were true");
    assert!(!minimal(generate::boolean(), |_| false, 1));
    assert!(minimal(generate::boolean(), |b| !b, 1));
}

#[test]
fn character_is_mostly_printable_ascii() {
    let values = generate::character().sample(2000, 1);
    let printable = fraction(&values, |c| (' '..='~').contains(c));
    assert!(printable > 0.6, "only {printable:.2} of the characters were printable ASCII");
}

/// Line ends, tab and NUL are drawn as often as the other ASCII controls:
/// nothing is forced for being known to break text handling.
#[test]
fn line_ends_are_as_common_as_other_controls() {
    let values = generate::character().sample(40_000, 1);
    let controls: Vec<char> = values.into_iter().filter(char::is_ascii_control).collect();
    // One draw in sixteen is a control, each of the 33 alike.
    assert!((2000..3000).contains(&controls.len()), "{} controls", controls.len());
    for control in ['\n', '\r', '\t', '\0', '\u{7}'] {
        let share = fraction(&controls, |&c| c == control);
        assert!((0.5 / 33.0..2.0 / 33.0).contains(&share), "{control:?}: {share:.3} of the controls");
    }
}

/// Printable ASCII is only a bias: the rest of Unicode, beyond the Basic
/// Multilingual Plane too, must show up.
#[test]
fn character_also_produces_characters_far_outside_ascii() {
    let values = generate::character().sample(2000, 2);
    let non_ascii = fraction(&values, |c| !c.is_ascii());
    assert!(non_ascii > 0.1, "only {non_ascii:.2} of the characters were outside ASCII");
    assert!(values.iter().any(|&c| u32::from(c) > 0xFFFF), "no character beyond the BMP");
}

#[test]
fn character_shrinks_to_the_digit_zero() {
    assert_eq!(minimal(generate::character(), |_| false, 1), '0');
    // The order starts with '0' to 'Z' by code point, so right after the
    // digits comes ':'.
    assert_eq!(minimal(generate::character(), |c| c.is_ascii_digit(), 1), ':');
}

/// The character order puts '0'..='Z' first so that "a letter shrinks to a
/// capital or a digit" (the design note on the order): of all letters, 'A'
/// is the simplest, so a property failing on every letter must end there,
/// whatever the seed.
#[test]
fn character_shrinks_any_letter_to_a_capital() {
    let minimals: Vec<char> =
        (0..10).map(|seed| minimal(generate::character(), |c| !c.is_alphabetic(), seed)).collect();
    assert_eq!(minimals, vec!['A'; 10], "minimal letters for seeds 0..10");
}

#[test]
fn char_between_stays_in_its_range() {
    Property::for_all(generate::char_between('a', 'f'), |c| ('a'..='f').contains(&c)).assert(seeded(1));
    let values = generate::char_between('a', 'f').sample(300, 2);
    for c in 'a'..='f' {
        assert!(values.contains(&c), "char_between('a', 'f') never produced {c:?}");
    }
}

/// The surrogates 0xD800..=0xDFFF are not characters: a range around them
/// holds exactly the four characters at its ends.
#[test]
fn char_between_skips_the_surrogates() {
    let values: BTreeSet<char> = generate::char_between('\u{D7FE}', '\u{E001}').sample(400, 1).into_iter().collect();
    assert_eq!(values, BTreeSet::from(['\u{D7FE}', '\u{D7FF}', '\u{E000}', '\u{E001}']));
}

#[test]
fn char_between_shrinks_to_its_lower_bound() {
    assert_eq!(minimal(generate::char_between('k', 'z'), |_| false, 1), 'k');
    assert_eq!(minimal(generate::char_between('k', 'z'), |c| c < 'q', 1), 'q');
}

#[test]
#[should_panic(expected = "generate::char_between('z', 'a')")]
fn char_between_with_bounds_out_of_order_panics_naming_them() {
    let _ = generate::char_between('z', 'a');
}

#[test]
fn string_shrinks_to_the_shortest_failing_string_of_zeros() {
    assert_eq!(minimal(generate::string(), |s: String| s.chars().count() < 3, 1), "000");
    assert_eq!(minimal(generate::string(), |_| false, 1), "");
}

#[test]
fn string_of_uses_only_the_given_characters_and_lengths() {
    let words = generate::string_of(generate::char_between('a', 'z')).length(3..=8);
    Property::for_all(words, |w: String| (3..=8).contains(&w.len()) && w.chars().all(|c| c.is_ascii_lowercase()))
        .assert(seeded(1));
    let binary = generate::string_of(generate::elements(['0', '1'])).min_length(1);
    Property::for_all(binary, |s: String| !s.is_empty() && s.chars().all(|c| c == '0' || c == '1')).assert(seeded(2));
}

// ---------------------------------------------------------------------------
// vec and vec_deque
// ---------------------------------------------------------------------------

#[test]
fn vec_lengths_default_to_at_most_64() {
    Property::for_all(generate::vec(generate::boolean()), |v| v.len() <= 64).assert(seeded(1).runs(2000));
}

#[test]
fn vec_has_a_mean_length_of_about_five() {
    let lengths: Vec<usize> = generate::vec(generate::boolean()).sample(2000, 1).iter().map(Vec::len).collect();
    let mean = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    assert!((3.0..8.0).contains(&mean), "mean length {mean:.2}");
    assert!(lengths.contains(&0), "no empty vec in 2000");
    assert!(lengths.iter().any(|&n| n >= 20), "no vec of 20 or more in 2000");
}

#[test]
fn vec_with_a_fixed_length_always_has_it() {
    Property::for_all(generate::vec(generate::integer::<u8>()).length(3..=3), |v| v.len() == 3).assert(seeded(1));
    Property::for_all(generate::vec(generate::boolean()).length(0..1), |v| v.is_empty()).assert(seeded(2));
}

#[test]
fn vec_respects_its_length_bounds() {
    Property::for_all(generate::vec(generate::boolean()).min_length(10), |v| v.len() >= 10).assert(seeded(1));
    Property::for_all(generate::vec(generate::boolean()).max_length(2), |v| v.len() <= 2).assert(seeded(2));
    Property::for_all(generate::vec(generate::boolean()).length(2..5), |v| (2..5).contains(&v.len())).assert(seeded(3));
    // An open range allows up to 64 elements above its start, and uses
    // that room.
    let lengths: Vec<usize> =
        generate::vec(generate::boolean()).length(70..).sample(200, 4).iter().map(Vec::len).collect();
    assert!(lengths.iter().all(|length| (70..=134).contains(length)), "{lengths:?}");
    assert!(lengths.iter().any(|&length| length > 70), "{lengths:?}");
}

/// `min_length` without a maximum keeps the default room above the
/// minimum, exactly as the open range `n..` does.
#[test]
fn vec_min_length_without_a_maximum_allows_what_an_open_range_allows() {
    let lengths = |generator: generate::Collection<generate::Boolean, Vec<bool>>| -> Vec<usize> {
        generator.sample(100, 1).iter().map(Vec::len).collect()
    };
    let by_minimum = lengths(generate::vec(generate::boolean()).min_length(100));
    assert!(by_minimum.iter().all(|length| (100..=164).contains(length)), "{by_minimum:?}");
    assert!(by_minimum.iter().any(|&length| length > 100), "{by_minimum:?}");
    assert_eq!(by_minimum, lengths(generate::vec(generate::boolean()).length(100..)));
    let fixed = lengths(generate::vec(generate::boolean()).max_length(20).min_length(20));
    assert!(fixed.iter().all(|&length| length == 20), "{fixed:?}");
}

/// Above its minimum a length averages five more elements, or as many
/// more as the minimum where that is more, but at most half the room to
/// the longest: `min_length(20)` about 40, `min_length(100)` about 132.
#[test]
fn a_length_above_its_minimum_averages_the_larger_of_five_and_the_minimum_more_up_to_half_the_room() {
    let mean = |minimum: usize| {
        let lists = generate::vec(generate::boolean()).min_length(minimum).sample(2_000, 1);
        lists.iter().map(Vec::len).sum::<usize>() as f64 / lists.len() as f64
    };
    for (minimum, expected) in [(0, 5.0), (2, 7.0), (20, 40.0), (100, 132.0)] {
        let mean = mean(minimum);
        assert!((mean - expected).abs() < expected * 0.1, "min_length({minimum}): mean {mean}");
    }
}

/// Bounds that contradict each other are a mistake, whichever comes first.
#[test]
fn contradicting_length_bounds_panic_at_the_call() {
    let message = panic_message(|| {
        let _ = generate::vec(generate::boolean()).max_length(10).min_length(20);
    });
    assert!(message.contains("min_length(20) is greater than the maximum length 10 set before it"), "{message}");
    let message = panic_message(|| {
        let _ = generate::string().min_length(10).max_length(5);
    });
    assert!(message.contains("max_length(5) is less than the minimum length 10 set before it"), "{message}");
    let message = panic_message(|| {
        let _ = generate::vec(generate::boolean()).length(1..=3).min_length(5);
    });
    assert!(message.contains("min_length(5) is greater than the maximum length 3"), "{message}");
}

/// With a minimum the mean aims at twice the minimum, so the lengths spread
/// out above it rather than sitting on it.
#[test]
fn vec_with_a_minimum_length_is_often_longer() {
    let values = generate::vec(generate::boolean()).min_length(10).sample(500, 1);
    let longer = fraction(&values, |v| v.len() > 10);
    assert!(longer > 0.5, "only {longer:.2} were longer than the minimum");
}

#[test]
#[allow(clippy::reversed_empty_ranges)]
fn vec_with_an_empty_length_range_panics_at_the_call() {
    let message = panic_message(|| {
        let _ = generate::vec(generate::boolean()).length(5..=2);
    });
    assert!(message.contains("5..=2"), "the message does not name the range: {message}");
    let message = panic_message(|| {
        let _ = generate::vec(generate::boolean()).length(5..5);
    });
    assert!(message.contains("collection length range 5..5 is empty"), "{message}");
    // No length lies above usize::MAX: a range starting after it is empty.
    let after_the_last = (std::ops::Bound::Excluded(usize::MAX), std::ops::Bound::Included(usize::MAX));
    let message = panic_message(|| {
        let _ = generate::vec(generate::boolean()).length(after_the_last);
    });
    assert!(message.contains("(Excluded(18446744073709551615), Included(18446744073709551615)) is empty"), "{message}");
}

#[test]
fn vec_shrinks_to_the_one_element_that_fails() {
    let result =
        Property::for_all(generate::vec(generate::integer::<i32>()), |v| !v.contains(&100)).check(seeded(7).runs(5000));
    assert_eq!(result.minimal().map(|m| m.value().clone()), Some(vec![100]), "{result}");
}

#[test]
fn vec_shrinks_to_the_shortest_list_of_simplest_elements() {
    assert_eq!(minimal(generate::vec(generate::integer::<i32>()), |v| v.len() < 4, 1), vec![0, 0, 0, 0]);
    assert_eq!(minimal(generate::vec(generate::between(3, 9)).min_length(2), |_| false, 1), vec![3, 3]);
}

#[test]
fn vec_deque_respects_its_length_bounds() {
    Property::for_all(generate::vec_deque(generate::between(0, 9)).length(1..=4), |d: VecDeque<i32>| {
        (1..=4).contains(&d.len()) && d.iter().all(|n| (0..=9).contains(n))
    })
    .assert(seeded(1));
}

// ---------------------------------------------------------------------------
// Sets, maps and unique vectors
// ---------------------------------------------------------------------------

/// The length counts distinct elements, so a set asked for exactly five
/// holds five.
#[test]
fn sets_count_distinct_elements_towards_their_length() {
    Property::for_all(generate::hash_set(generate::between(0, 1000)).length(5..=5), |s: HashSet<i32>| s.len() == 5)
        .assert(seeded(1));
    Property::for_all(generate::btree_set(generate::between(0, 1000)).length(5..=5), |s: BTreeSet<i32>| s.len() == 5)
        .assert(seeded(2));
}

#[test]
fn sets_respect_their_length_bounds_and_element_range() {
    Property::for_all(generate::hash_set(generate::between(0, 50)).length(2..=6), |s: HashSet<i32>| {
        (2..=6).contains(&s.len()) && s.iter().all(|n| (0..=50).contains(n))
    })
    .assert(seeded(1));
    Property::for_all(generate::btree_set(generate::integer::<u8>()).max_length(3), |s: BTreeSet<u8>| s.len() <= 3)
        .assert(seeded(2));
}

/// A domain of two values caps the size at two instead of failing.
#[test]
fn btree_set_of_booleans_stops_at_two_elements_without_failing() {
    let sets = generate::btree_set(generate::boolean()).sample(200, 1);
    assert!(sets.iter().all(|s| s.len() <= 2));
    assert!(sets.iter().any(|s| s.len() == 2), "no set held both booleans");
}

/// A minimum that fills the whole domain is met exactly.
#[test]
fn btree_set_can_fill_a_small_domain() {
    let sets = generate::btree_set(generate::between(0, 4)).min_length(5).sample(50, 1);
    assert!(sets.iter().all(|s| *s == BTreeSet::from([0, 1, 2, 3, 4])));
}

/// A minimum near the size of the domain meets long runs of duplicates
/// before its last elements: it is still met.
#[test]
fn btree_set_reaches_a_minimum_near_the_size_of_its_domain() {
    for (minimum, seed) in [(200, 9), (250, 3)] {
        let sets = generate::btree_set(generate::integer::<u8>()).min_length(minimum).sample(50, seed);
        assert!(sets.iter().all(|set| set.len() >= minimum), "a set below {minimum}");
    }
}

/// Three values cannot make a set of five: every example is discarded, and
/// the check gives up once the discard budget (ten per run) is spent.
#[test]
fn btree_set_with_an_unreachable_minimum_is_exhausted_quickly() {
    let started = Instant::now();
    let result =
        Property::for_all(generate::btree_set(generate::between(0, 2)).min_length(5), |_| true).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    assert_eq!(result.tests_run(), 0);
    assert_eq!(result.discards(), 1000);
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
}

/// A minimum no example can reach (each element takes a choice, and an
/// example makes at most 8192) ends the check as exhausted, without first
/// reserving room for the whole minimum.
#[test]
fn a_list_minimum_beyond_the_choice_limit_is_exhausted_not_an_abort() {
    let huge = generate::vec(generate::integer::<u8>()).min_length(1 << 40);
    let result = Property::for_all(huge, |_| true).check(seeded(1).max_discard_ratio(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
}

#[test]
fn hash_set_draws_the_same_set_for_the_same_seed() {
    let set = generate::hash_set(generate::integer::<i64>());
    assert_eq!(set.sample(30, 9), set.sample(30, 9));
}

#[test]
fn sets_shrink_to_the_smallest_failing_set() {
    let smallest = minimal(generate::btree_set(generate::between(0, 100)), |s: BTreeSet<i32>| s.len() < 3, 1);
    assert_eq!(smallest, BTreeSet::from([0, 1, 2]));
}

#[test]
fn unique_vec_elements_are_distinct() {
    Property::for_all(generate::unique_vec(generate::between(0, 20)), |v: Vec<i32>| {
        let mut sorted = v.clone();
        sorted.sort_unstable();
        sorted.dedup();
        sorted.len() == v.len()
    })
    .assert(seeded(1).runs(500));
}

#[test]
fn unique_vec_of_a_small_domain_is_capped_by_the_domain() {
    let vecs = generate::unique_vec(generate::between(0, 2)).sample(200, 1);
    assert!(vecs.iter().all(|v| v.len() <= 3));
    assert!(vecs.iter().any(|v| v.len() == 3), "no unique vec held all three values");
}

#[test]
fn maps_respect_their_length_bounds_and_key_domain() {
    Property::for_all(generate::btree_map(generate::between(0, 3), generate::boolean()), |m: BTreeMap<i32, bool>| {
        m.len() <= 4 && m.keys().all(|k| (0..=3).contains(k))
    })
    .assert(seeded(1));
    Property::for_all(
        generate::hash_map(generate::integer::<u32>(), generate::string()).length(3..=6),
        |m: HashMap<u32, String>| (3..=6).contains(&m.len()),
    )
    .assert(seeded(2));
}

/// The length counts distinct keys: a duplicate key is skipped, not
/// counted and overwritten.
#[test]
fn maps_count_distinct_keys_towards_their_length() {
    let maps = generate::btree_map(generate::between(0, 4), generate::integer::<i8>()).min_length(5).sample(50, 1);
    assert!(maps.iter().all(|m| m.keys().copied().eq(0..=4)));
    Property::for_all(
        generate::hash_map(generate::between(0u8, 200), generate::boolean()).length(4..=4),
        |m: HashMap<u8, bool>| m.len() == 4,
    )
    .assert(seeded(2));
}

#[test]
fn maps_shrink_to_the_simplest_failing_map() {
    let smallest = minimal(
        generate::btree_map(generate::between(0, 9), generate::between(0, 100)),
        |m: BTreeMap<i32, i32>| m.values().all(|&v| v < 10),
        1,
    );
    assert_eq!(smallest, BTreeMap::from([(0, 10)]));
}

// ---------------------------------------------------------------------------
// shuffle
// ---------------------------------------------------------------------------

#[test]
fn shuffle_is_a_permutation() {
    Property::for_all(generate::shuffle(vec![1, 2, 3, 4, 5]), |mut v: Vec<i32>| {
        v.sort_unstable();
        v == [1, 2, 3, 4, 5]
    })
    .assert(seeded(1));
}

#[test]
fn shuffle_produces_every_permutation() {
    let orders: BTreeSet<Vec<char>> = generate::shuffle(['a', 'b', 'c']).sample(600, 1).into_iter().collect();
    assert_eq!(orders.len(), 6, "{orders:?}");
}

#[test]
fn shuffle_shrinks_to_the_identity() {
    assert_eq!(minimal(generate::shuffle(vec![1, 2, 3, 4]), |_| false, 1), vec![1, 2, 3, 4]);
}

/// The simplest non-identity choice sequence is "swap the first item with
/// the next one, then leave everything": `[2, 1, 3, 4]`.
#[test]
fn shuffle_shrinks_to_the_smallest_swap_that_fails() {
    assert_eq!(minimal(generate::shuffle(vec![1, 2, 3, 4]), |v: Vec<i32>| v[0] == 1, 1), vec![2, 1, 3, 4]);
    // Only the last swap moves the last item: leave the first two in place.
    assert_eq!(minimal(generate::shuffle(vec![1, 2, 3, 4]), |v: Vec<i32>| v[3] == 4, 1), vec![1, 2, 4, 3]);
}

#[test]
fn shuffle_of_nothing_or_one_item_is_itself() {
    assert_eq!(generate::shuffle(Vec::<u8>::new()).sample(3, 1), vec![Vec::<u8>::new(); 3]);
    assert_eq!(generate::shuffle(vec![7]).sample(3, 1), vec![vec![7]; 3]);
}

// ---------------------------------------------------------------------------
// subsequence
// ---------------------------------------------------------------------------

#[test]
fn subsequence_keeps_the_order_and_the_length_bounds() {
    let items: Vec<u32> = (0..12).collect();
    Property::for_all(generate::subsequence(items).length(3..=7), |pick: Vec<u32>| {
        (3..=7).contains(&pick.len()) && pick.windows(2).all(|pair| pair[0] < pair[1])
    })
    .assert(seeded(3));
}

#[test]
fn subsequence_draws_each_selection_of_a_length_alike() {
    // Two of four items: six selections, each about a sixth of the draws.
    let mut counts: BTreeMap<Vec<u8>, u32> = BTreeMap::new();
    for pick in generate::subsequence([0, 1, 2, 3]).length(2..=2).sample(6000, 5) {
        *counts.entry(pick).or_default() += 1;
    }
    assert_eq!(counts.len(), 6, "{counts:?}");
    assert!(counts.values().all(|&count| (850..1150).contains(&count)), "{counts:?}");
}

#[test]
fn subsequence_lengths_reach_both_bounds_and_stop_at_the_item_count() {
    let lengths: BTreeSet<usize> =
        generate::subsequence(['a', 'b', 'c']).length(1..=10).sample(300, 2).iter().map(Vec::len).collect();
    assert_eq!(lengths, BTreeSet::from([1, 2, 3]));
    let lengths: BTreeSet<usize> = generate::subsequence([1, 2]).sample(300, 2).iter().map(Vec::len).collect();
    assert_eq!(lengths, BTreeSet::from([0, 1, 2]));
}

#[test]
fn subsequence_shrinks_to_the_fewest_and_earliest_items() {
    let items: Vec<u32> = (0..10).collect();
    assert_eq!(minimal(generate::subsequence(items.clone()).length(2..), |_| false, 1), vec![0, 1]);
    for seed in 1..=20 {
        // Holding both 3 and 7 needs exactly those two.
        let failing = |pick: Vec<u32>| !(pick.contains(&3) && pick.contains(&7));
        assert_eq!(minimal(generate::subsequence(items.clone()), failing, seed), vec![3, 7]);
        // Any three items fail: the first three are the simplest.
        let failing = |pick: Vec<u32>| pick.len() < 3;
        assert_eq!(minimal(generate::subsequence(items.clone()), failing, seed), vec![0, 1, 2]);
    }
}

#[test]
fn subsequence_of_three_items_is_exhausted_after_its_eight_selections() {
    let result = Property::for_all(generate::subsequence([1, 2, 3]), |_| true).check(seeded(1));
    assert!(result.is_space_exhausted(), "{result}");
    assert_eq!(result.tests_run(), 8, "{result}");
}

#[test]
fn subsequence_refuses_more_items_than_choices() {
    let message = panic_message(|| {
        let _ = generate::subsequence(0..10_000);
    });
    assert!(message.contains("generate::subsequence: 10000 items, but a subsequence draws one choice an item"));
}

#[test]
fn subsequence_refuses_a_length_above_the_items() {
    let message = panic_message(|| {
        let _ = generate::subsequence([1, 2, 3]).length(4..);
    });
    assert!(
        message.contains("subsequence length range starts at 4, but there are only 3 items to pick from"),
        "{message}"
    );
}

// ---------------------------------------------------------------------------
// option and result
// ---------------------------------------------------------------------------

#[test]
fn option_is_none_about_one_time_in_ten() {
    let values = generate::option(generate::boolean()).sample(2000, 1);
    let nones = fraction(&values, Option::is_none);
    assert!((0.05..0.2).contains(&nones), "{nones:.3} were None");
}

#[test]
fn option_shrinks_to_none() {
    assert_eq!(minimal(generate::option(generate::integer::<i32>()), |_| false, 1), None);
}

/// A property that only fails on `Some` shrinks the inner value.
#[test]
fn option_shrinks_inside_some() {
    assert_eq!(minimal(generate::option(generate::integer::<u8>()), |o| o.is_none_or(|n| n < 10), 1), Some(10));
}

#[test]
fn result_is_ok_about_three_times_in_four() {
    let values = generate::result(generate::boolean(), generate::boolean()).sample(2000, 1);
    let oks = fraction(&values, Result::is_ok);
    assert!((0.65..0.85).contains(&oks), "{oks:.3} were Ok");
}

#[test]
fn result_shrinks_towards_ok() {
    // Of two variants that draw as many choices, `Ok` is the simpler.
    let generator = generate::result(generate::between(1, 9), generate::between(1, 9));
    assert_eq!(minimal(generator, |_| false, 1), Ok(1));
    let generator = generate::result(generate::between(1, 9), generate::constant("error"));
    assert_eq!(minimal(generator, |r: Result<i32, &str>| r.is_ok(), 1), Err("error"));
}

// ---------------------------------------------------------------------------
// constant, elements, one_of, frequency
// ---------------------------------------------------------------------------

#[test]
fn constant_always_gives_its_value() {
    assert_eq!(generate::constant("same").sample(10, 1), vec!["same"; 10]);
    assert_eq!(minimal(generate::constant(vec![1, 2]), |_| false, 1), vec![1, 2]);
}

#[test]
fn elements_gives_only_and_every_one_of_its_items() {
    let values: BTreeSet<&str> = generate::elements(["red", "green", "blue"]).sample(200, 1).into_iter().collect();
    assert_eq!(values, BTreeSet::from(["red", "green", "blue"]));
}

#[test]
fn elements_shrinks_to_the_first_item() {
    assert_eq!(minimal(generate::elements(["red", "green", "blue"]), |_| false, 1), "red");
    assert_eq!(minimal(generate::elements(["red", "green", "blue"]), |c| c != "blue", 1), "blue");
}

#[test]
#[should_panic(expected = "generate::elements: no items")]
fn elements_of_nothing_panics_at_the_call() {
    let _ = generate::elements(Vec::<u8>::new());
}

#[test]
fn one_of_draws_from_every_alternative() {
    let generator = generate::one_of((generate::between(0, 9), generate::between(100, 109), generate::constant(-1)));
    let values = generator.sample(300, 1);
    assert!(values.iter().all(|n| (0..=9).contains(n) || (100..=109).contains(n) || *n == -1));
    assert!(values.iter().any(|n| (0..=9).contains(n)));
    assert!(values.iter().any(|n| (100..=109).contains(n)));
    assert!(values.contains(&-1));
}

#[test]
fn one_of_shrinks_to_the_first_alternative() {
    let generator = generate::one_of((generate::between(100, 109), generate::between(0, 9)));
    assert_eq!(minimal(generator, |_| false, 1), 100);
    // When the first cannot fail, the next alternative's simplest value.
    let generator = generate::one_of((generate::constant("a"), generate::constant("b"), generate::constant("c")));
    assert_eq!(minimal(generator, |s| s == "a", 1), "b");
}

#[test]
fn one_of_and_frequency_take_up_to_twelve_alternatives_of_any_types() {
    use generate::constant as c;
    // Twelve generators of different types that make one value type, unboxed.
    let twelve = generate::one_of((
        c(0),
        generate::between(1, 1),
        c(2).map(|n| n),
        c(3),
        c(4),
        c(5),
        c(6),
        c(7),
        c(8),
        c(9),
        c(10),
        generate::between(11, 11).filter(|_| true),
    ));
    let values = twelve.sample(600, 1);
    assert!((0..12).all(|n| values.contains(&n)), "{values:?}");
    assert_eq!(minimal(&twelve, |n| n < 11, 1), 11);
    // Only the last has weight: each weight is read from its own pair.
    let weighted = generate::frequency((
        (0, c(0)),
        (0, c(1)),
        (0, c(2)),
        (0, c(3)),
        (0, c(4)),
        (0, c(5)),
        (0, c(6)),
        (0, c(7)),
        (0, c(8)),
        (0, c(9)),
        (0, c(10)),
        (1, generate::between(11, 11)),
    ));
    assert!(weighted.sample(100, 2).iter().all(|&n| n == 11));
}

#[test]
fn one_of_accepts_a_vec_of_boxed_generators() {
    let alternatives: Vec<BoxedGenerator<'static, i32>> =
        vec![generate::constant(1).boxed(), generate::between(10, 12).boxed(), generate::integer::<i32>().boxed()];
    let generator = generate::one_of(alternatives);
    assert_eq!(minimal(&generator, |_| false, 1), 1);
    assert!(generator.sample(100, 1).iter().any(|n| (10..=12).contains(n)));
}

#[test]
#[should_panic(expected = "generate::one_of: no generators")]
fn one_of_nothing_panics_at_the_call() {
    let _ = generate::one_of(Vec::<generate::Constant<u8>>::new());
}

#[test]
fn frequency_respects_its_weights() {
    let generator = generate::frequency(((1, generate::constant(0)), (3, generate::constant(1))));
    let values = generator.sample(4000, 1);
    let ones = fraction(&values, |&n| n == 1);
    assert!((0.7..0.8).contains(&ones), "{ones:.3} were from the alternative of weight 3 in 4");
}

#[test]
fn frequency_never_draws_an_alternative_of_weight_zero() {
    let generator = generate::frequency(vec![(0, generate::constant('x')), (5, generate::constant('y'))]);
    assert!(generator.sample(500, 1).iter().all(|&c| c == 'y'));
}

/// Neither the run's first, simplest example nor shrinking, which both
/// ignore the weights, reaches an alternative of weight 0.
#[test]
fn an_alternative_of_weight_zero_is_not_reached_by_shrinking_either() {
    let generator = generate::frequency((
        (0, generate::constant(0)),
        (1, generate::between(1, 100)),
        (0, generate::constant(1000)),
    ));
    let result = Property::for_all(generator, |n| n != 0 && n != 1000 && n < 50).check(Options::default().seed(3));
    assert_eq!(result.minimal().map(|minimal| *minimal.value()), Some(50), "{result}");
}

#[test]
#[should_panic(expected = "no generators to choose from")]
fn frequency_without_alternatives_panics_at_the_call() {
    let _ = generate::frequency(Vec::<(u32, generate::Constant<u8>)>::new());
}

/// Shrinking goes to the first alternative, however rarely it is drawn.
#[test]
fn frequency_shrinks_to_the_first_alternative_whatever_the_weights() {
    let generator = generate::frequency(((1, generate::constant('a')), (99, generate::constant('b'))));
    assert_eq!(minimal(generator, |_| false, 1), 'a');
}

#[test]
#[should_panic(expected = "every weight is 0")]
fn frequency_with_only_zero_weights_panics_at_the_call() {
    let _ = generate::frequency(((0, generate::boolean()), (0, generate::boolean())));
}

// ---------------------------------------------------------------------------
// Tuples, zip, build, sequence, array
// ---------------------------------------------------------------------------

#[test]
fn tuples_draw_one_value_from_each_generator_in_order() {
    let pair = (generate::between(0, 9), generate::between(100, 109));
    Property::for_all(pair, |(a, b)| (0..=9).contains(&a) && (100..=109).contains(&b)).assert(seeded(1));
    let eight = (
        generate::boolean(),
        generate::between(1u8, 1),
        generate::between(2u16, 2),
        generate::between(3u32, 3),
        generate::between(4u64, 4),
        generate::constant("five"),
        generate::char_between('6', '6'),
        generate::vec(generate::boolean()).length(7..=7),
    );
    Property::for_all(eight, |(_, one, two, three, four, five, six, seven)| {
        (one, two, three, four, five, six, seven.len()) == (1, 2, 3, 4, "five", '6', 7)
    })
    .assert(seeded(2));
}

#[test]
fn tuples_of_twelve_generate() {
    let b = generate::between::<i32>;
    let twelve = (
        b(0, 0),
        b(1, 1),
        b(2, 2),
        b(3, 3),
        b(4, 4),
        b(5, 5),
        b(6, 6),
        b(7, 7),
        b(8, 8),
        b(9, 9),
        b(10, 10),
        b(11, 11),
    );
    assert_eq!(twelve.sample(1, 1), vec![(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)]);
}

#[test]
fn tuples_shrink_each_field_independently() {
    let pair = (generate::integer::<i32>(), generate::integer::<i32>());
    assert_eq!(minimal(pair, |(a, b)| a < 10 || b < 20, 1), (10, 20));
}

/// The shrinker moves value between fields, so a sum ends on one field.
#[test]
fn tuples_shrink_a_sum_onto_the_last_field() {
    let pair = (generate::between(0i64, 10_000), generate::between(0i64, 10_000));
    assert_eq!(minimal(pair, |(a, b)| a + b <= 1000, 1), (0, 1001));
}

#[test]
fn zip_is_a_pair() {
    let zipped = generate::zip(generate::between(0, 3), generate::constant('z'));
    Property::for_all(zipped, |(n, c)| (0..=3).contains(&n) && c == 'z').assert(seeded(1));
}

#[test]
fn build_passes_the_values_in_order() {
    let built = generate::build(
        (generate::between(0, 9), generate::between(100, 109), generate::between(1000, 1009)),
        |a, b, c| [a, b, c],
    );
    Property::for_all(built, |[a, b, c]| {
        (0..=9).contains(&a) && (100..=109).contains(&b) && (1000..=1009).contains(&c)
    })
    .assert(seeded(1));
}

#[test]
fn build_shrinks_through_the_function() {
    #[derive(Clone, Debug, PartialEq)]
    struct Money {
        amount: i64,
        currency: &'static str,
    }
    let money = generate::build(
        (generate::between(0i64, 1_000_000), generate::elements(["GBP", "USD"])),
        |amount, currency| Money { amount, currency },
    );
    assert_eq!(minimal(money, |m: Money| m.amount < 500, 1), Money { amount: 500, currency: "GBP" });
}

#[test]
fn sequence_draws_one_value_from_each_generator_in_order() {
    let generators = [generate::between(0, 0), generate::between(10, 19), generate::between(20, 29)];
    Property::for_all(generate::sequence(generators), |v: Vec<i32>| {
        v.len() == 3 && v[0] == 0 && (10..=19).contains(&v[1]) && (20..=29).contains(&v[2])
    })
    .assert(seeded(1));
    assert_eq!(generate::sequence(Vec::<generate::Boolean>::new()).sample(2, 1), vec![Vec::<bool>::new(); 2]);
}

#[test]
fn array_has_exactly_its_length() {
    Property::for_all(generate::array::<_, 5>(generate::between(0, 3)), |a: [i32; 5]| {
        a.iter().all(|n| (0..=3).contains(n))
    })
    .assert(seeded(1));
    assert_eq!(
        minimal(generate::array::<_, 5>(generate::between(0, 3)), |a| a.iter().sum::<i32>() < 3, 1),
        [0, 0, 0, 0, 3]
    );
}

// ---------------------------------------------------------------------------
// from: dependent draws
// ---------------------------------------------------------------------------

fn items_with_an_index() -> impl Generator<Value = (Vec<i32>, usize)> {
    generate::from_fn(|source| {
        let items = source.draw(&generate::vec(generate::between(0, 1000)).min_length(1));
        let index = source.draw(&generate::between(0, items.len() - 1));
        (items, index)
    })
}

#[test]
fn from_draws_values_that_depend_on_earlier_draws() {
    Property::for_all(items_with_an_index(), |(items, index)| index < items.len()).assert(seeded(1).runs(500));
}

/// Shrinking works on the draws inside `from_fn`, deleting the other items
/// and lowering the index with them.
#[test]
fn from_shrinks_through_dependent_draws() {
    assert_eq!(minimal(items_with_an_index(), |(items, index)| items[index] < 100, 1), (vec![100], 0));
}

// ---------------------------------------------------------------------------
// map, map_into, filter, flat_map
// ---------------------------------------------------------------------------

#[test]
fn map_transforms_every_value_and_shrinks_through_it() {
    Property::for_all(generate::between(0, 50).map(|n| n * 2), |n| n % 2 == 0 && n <= 100).assert(seeded(1));
    assert_eq!(minimal(generate::between(0, 1000).map(|n| n * 3), |n| n < 100, 1), 102);
}

#[test]
fn map_into_converts_into_smart_pointers() {
    let boxed: Vec<Box<u8>> = generate::between(1u8, 9).map_into::<Box<u8>>().sample(10, 1);
    assert!(boxed.iter().all(|b| (1..=9).contains(&**b)));
    let shared: Vec<Rc<str>> =
        generate::string_of(generate::char_between('a', 'c')).map_into::<Rc<str>>().sample(10, 2);
    assert!(shared.iter().all(|s| s.chars().all(|c| ('a'..='c').contains(&c))));
    let atomic: Vec<Arc<[bool]>> =
        generate::vec(generate::boolean()).length(2..=2).map_into::<Arc<[bool]>>().sample(10, 3);
    assert!(atomic.iter().all(|a| a.len() == 2));
    let wide: Vec<i64> = generate::integer::<i8>().map_into::<i64>().sample(100, 4);
    assert!(wide.iter().all(|&n| (-128..=127).contains(&n)));
    assert_eq!(*minimal(generate::between(1u8, 9).map_into::<Box<u8>>(), |b| *b < 4, 1), 4);
}

#[test]
fn filter_keeps_only_values_that_satisfy_the_predicate() {
    let odd = generate::integer::<i32>().filter(|n| n % 2 != 0);
    Property::for_all(odd, |n| n % 2 != 0).assert(seeded(1));
    assert!(generate::between(0, 100).filter(|n| n % 10 == 3).sample(100, 2).iter().all(|n| n % 10 == 3));
}

#[test]
fn filter_that_rejects_everything_is_exhausted() {
    let result = Property::for_all(generate::integer::<i32>().filter(|_| false), |_| true).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    assert_eq!(result.tests_run(), 0);
}

#[test]
#[should_panic(expected = "attempts in a row were discarded, by a generator's filter (1000 examples)")]
fn sample_of_a_filter_that_rejects_everything_panics() {
    generate::boolean().filter(|_| false).sample(1, 1);
}

#[test]
#[should_panic(expected = "discarded, by a distinct collection short of its minimum length (1000 examples)")]
fn sample_of_a_set_larger_than_its_domain_names_the_set() {
    generate::btree_set(generate::boolean()).min_length(3).sample(1, 1);
}

#[test]
fn filter_shrinks_to_a_value_that_passes_the_filter() {
    let even = generate::between(0, 10_000).filter(|n| n % 2 == 0);
    assert_eq!(minimal(even, |n| n < 501, 1), 502);
}

#[test]
fn filter_map_keeps_and_converts_the_values_it_turns_into_some() {
    let halves = generate::between(0u32, 1000).filter_map(|n| (n % 2 == 0).then_some(n / 2));
    Property::for_all(halves, |half: u32| half <= 500).assert(seeded(1));
    let characters = generate::between(0xD000u32, 0xE000).filter_map(char::from_u32).sample(200, 2);
    assert!(characters.iter().all(|c| !(0xD800..0xE000).contains(&u32::from(*c))));
}

#[test]
fn filter_map_that_rejects_everything_is_exhausted() {
    let none = generate::integer::<u8>().filter_map(|_| None::<u8>);
    let result = Property::for_all(none, |_| true).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    assert!(result.to_string().contains("Rejected by: a generator's filter"), "{result}");
}

#[test]
fn filter_map_shrinks_to_a_value_it_accepts() {
    let even_halves = generate::between(0, 10_000).filter_map(|n| (n % 2 == 0).then_some(n / 2));
    assert_eq!(minimal(even_halves, |half| half < 251, 1), 251);
}

#[test]
fn flat_map_draws_a_dependent_generator() {
    let lists = generate::between(1usize, 10)
        .flat_map(|length| generate::vec(generate::between(0, 100)).length(length..=length));
    Property::for_all(lists, |v: Vec<i32>| (1..=10).contains(&v.len())).assert(seeded(1));
    let lengths: BTreeSet<usize> = generate::between(1usize, 4)
        .flat_map(|n| generate::vec(generate::boolean()).length(n..=n))
        .sample(200, 2)
        .iter()
        .map(Vec::len)
        .collect();
    assert_eq!(lengths, BTreeSet::from([1, 2, 3, 4]));
}

/// A length drawn first, then that many items: shrinking lowers the length
/// and drops the items it no longer needs.
#[test]
fn flat_map_shrinks_the_length_and_the_list() {
    let lists = generate::between(1usize, 10)
        .flat_map(|length| generate::vec(generate::between(0, 100)).length(length..=length));
    assert_eq!(minimal(lists, |v: Vec<i32>| v.len() < 3, 1), vec![0, 0, 0]);
    let lists = generate::between(1usize, 10)
        .flat_map(|length| generate::vec(generate::between(0, 100)).length(length..=length));
    assert_eq!(minimal(lists, |v: Vec<i32>| v.iter().sum::<i32>() < 50, 1), vec![50]);
}

// ---------------------------------------------------------------------------
// recursive and deferred
// ---------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Tree {
    Leaf(u8),
    Node(Box<Tree>, Box<Tree>),
}

fn depth(tree: &Tree) -> u32 {
    match tree {
        Tree::Leaf(_) => 0,
        Tree::Node(left, right) => 1 + depth(left).max(depth(right)),
    }
}

fn trees(max_depth: u32) -> BoxedGenerator<'static, Tree> {
    generate::recursive(generate::integer::<u8>().map(Tree::Leaf), max_depth, |subtrees| {
        (subtrees.clone(), subtrees).map(|(left, right)| Tree::Node(Box::new(left), Box::new(right)))
    })
}

#[test]
fn recursive_respects_its_depth_bound() {
    Property::for_all(trees(4), |tree| depth(&tree) <= 4).assert(seeded(1).runs(500));
    let depths: BTreeSet<u32> = trees(4).sample(300, 2).iter().map(depth).collect();
    assert_eq!(depths, BTreeSet::from([0, 1, 2, 3, 4]), "not every depth up to the bound was produced");
}

/// A tree whose nodes hold a `vec` of subtrees is typically a few dozen
/// nodes, and rarely a few hundred: each level down draws at half the size,
/// so its lists get shorter. Drawn at full size every level, such trees
/// reached 265 nodes at the 90th percentile and over a thousand at most.
#[test]
fn recursive_trees_of_lists_stay_small() {
    #[derive(Clone, Debug)]
    struct Branches(Vec<Branches>);
    fn nodes(tree: &Branches) -> usize {
        1 + tree.0.iter().map(nodes).sum::<usize>()
    }
    for max_depth in [4, 8] {
        let trees = generate::recursive(generate::constant(Branches(Vec::new())), max_depth, |below| {
            generate::vec(below).map(Branches)
        });
        let mut sizes: Vec<usize> = trees.sample(1000, 1).iter().map(nodes).collect();
        sizes.sort_unstable();
        assert!(sizes[900] <= 60 && sizes[999] <= 300, "90th percentile {}, largest {}", sizes[900], sizes[999]);
        assert!(sizes[999] >= 20, "largest {}", sizes[999]);
    }
}

#[test]
fn recursive_with_depth_zero_is_the_base_case() {
    assert!(trees(0).sample(50, 1).iter().all(|tree| matches!(tree, Tree::Leaf(_))));
}

#[test]
fn recursive_shrinks_to_the_base_case() {
    assert_eq!(minimal(trees(4), |_| false, 1), Tree::Leaf(0));
    // The smallest tree of depth 2 is a node over a leaf and a node.
    let smallest = minimal(trees(4), |tree| depth(&tree) < 2, 1);
    let leaf = || Box::new(Tree::Leaf(0));
    assert_eq!(smallest, Tree::Node(leaf(), Box::new(Tree::Node(leaf(), leaf()))));
}

#[derive(Debug)]
enum Expression {
    Literal(i32),
    Add(Box<Expression>, Box<Expression>),
}

fn size(expression: &Expression) -> usize {
    match expression {
        Expression::Literal(_) => 1,
        Expression::Add(left, right) => 1 + size(left) + size(right),
    }
}

fn expressions() -> BoxedGenerator<'static, Expression> {
    generate::frequency((
        (3, generate::integer::<i32>().map(Expression::Literal).boxed()),
        (
            1,
            generate::deferred(|| {
                (expressions(), expressions()).map(|(left, right)| Expression::Add(Box::new(left), Box::new(right)))
            })
            .boxed(),
        ),
    ))
    .boxed()
}

/// A self-referring generator built with `deferred` must not recurse while
/// it is built, and must end when drawn.
#[test]
fn deferred_expression_generator_terminates() {
    let values = expressions().sample(50, 1);
    assert_eq!(values.len(), 50);
    assert!(values.iter().any(|e| matches!(e, Expression::Add(..))), "no expression had an addition");
    assert!(values.iter().any(|e| size(e) >= 5), "no expression had two additions");
    assert!(values.iter().any(|e| matches!(e, Expression::Literal(n) if *n != 0)), "every literal was 0");
}

/// A collection generator is `Clone` and `Copy` when its element generator
/// is, whatever the elements are.
#[test]
fn collection_generators_copy_without_asking_the_elements_to() {
    #[derive(Debug, PartialEq)]
    struct Token(u8);
    let tokens = generate::vec(generate::integer::<u8>().map(Token as fn(u8) -> Token));
    let (first, second) = (tokens, tokens);
    assert_eq!(first.sample(5, 1), second.clone().sample(5, 1));
    let sets = generate::btree_set(generate::integer::<u8>());
    let maps = generate::btree_map(generate::integer::<u8>(), generate::boolean());
    assert_eq!((sets, sets).0.sample(5, 1), sets.sample(5, 1));
    assert_eq!((maps, maps).0.sample(5, 1), maps.sample(5, 1));
}

/// A recursion whose base case never comes nests without drawing a choice:
/// it is stopped at a fixed depth and discarded, not left to overflow the
/// stack, which would abort the whole test binary.
#[test]
fn a_recursion_without_a_reachable_base_case_is_discarded_not_a_stack_overflow() {
    fn forever() -> BoxedGenerator<'static, u32> {
        generate::deferred(|| forever().map(|depth| depth + 1)).boxed()
    }
    let result = Property::for_all(forever(), |_| true).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
}

/// A recursion through plain function calls, whose simplest choice says
/// "go on", nests once per choice: thousands of frames deep in the
/// simplest example, where the stack overflowed (aborting the whole test
/// binary) long before the choice limit. The case now stops as an overrun
/// once its draws have taken a megabyte of stack; the property is checked
/// on the examples that end, and its failure shrinks as usual.
#[test]
fn a_recursion_through_function_calls_stops_before_the_stack_overflows() {
    // Each level keeps a few kilobytes on the stack, as a level of an
    // unoptimised build of a larger generator does, so that the choice
    // limit alone would be far too deep for any test thread.
    fn go_on(source: &mut ChoiceSource) -> bool {
        source.draw(&generate::frequency(((99, generate::constant(true)), (1, generate::constant(false)))))
    }
    fn through_from(source: &mut ChoiceSource) -> u64 {
        let level = std::hint::black_box([1u8; 4096]);
        if go_on(source) { u64::from(level[0]) + source.draw(&generate::from_fn(through_from)) } else { 0 }
    }
    fn plain(source: &mut ChoiceSource) -> u64 {
        let level = std::hint::black_box([1u8; 4096]);
        if go_on(source) { u64::from(level[0]) + plain(source) } else { 0 }
    }
    let recursions: [fn(&mut ChoiceSource) -> u64; 2] = [through_from, plain];
    for depth in recursions.map(generate::from_fn) {
        // On a thread with a test thread's default stack.
        let check = move || Property::for_all(depth, |depth| depth < 50).check(seeded(1));
        let result = std::thread::Builder::new().stack_size(2 << 20).spawn(check).unwrap().join().unwrap();
        assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
        assert_eq!(result.minimal().unwrap().value(), &50, "{result}");
        let report = result.to_string();
        assert!(
            report.contains("large_base_example: the simplest example the generator can produce overruns"),
            "{report}"
        );
    }
}

/// Draws made on another stack (here a scoped thread's, as `stacker` or a
/// coroutine would switch to) are not measured against the stack the case
/// began on, which says nothing of theirs.
#[test]
fn draws_on_another_stack_are_not_taken_for_deep_ones() {
    let elsewhere = generate::from_fn(|source| {
        std::thread::scope(|scope| scope.spawn(|| source.draw(&generate::integer::<u8>())).join().unwrap())
    });
    let result = Property::for_all(elsewhere, |n| u16::from(n) < 256).check(seeded(1));
    assert_eq!(result.outcome(), Outcome::Passed, "{result}");
    assert_eq!(result.discards(), 0, "{result}");
}

// ---------------------------------------------------------------------------
// sample
// ---------------------------------------------------------------------------

#[test]
fn sample_is_deterministic_per_seed() {
    let generator = generate::vec(generate::integer::<i64>());
    assert_eq!(generator.sample(50, 123), generator.sample(50, 123));
    assert_eq!(generate::string().sample(20, 5), generate::string().sample(20, 5));
}

#[test]
fn sample_differs_between_seeds() {
    let generator = generate::vec(generate::integer::<i64>());
    assert_ne!(generator.sample(50, 1), generator.sample(50, 2));
    assert_ne!(generate::integer::<u64>().sample(10, 1), generate::integer::<u64>().sample(10, 2));
}

/// A longer sample extends a shorter one with the same seed.
#[test]
fn sample_of_more_values_starts_with_the_shorter_sample() {
    let generator = generate::between(0, 1_000_000);
    assert_eq!(generator.sample(10, 3), generator.sample(30, 3)[..10]);
}

#[test]
fn sample_of_zero_values_is_empty() {
    assert!(generate::integer::<i32>().sample(0, 1).is_empty());
}

#[test]
fn generators_behind_references_and_pointers_are_generators() {
    /// Draws through the `Generator` impl of `G` itself, not of what it points to.
    fn draw<G: Generator>(generator: G) -> Vec<G::Value> {
        generator.sample(10, 1)
    }
    let generator = generate::between(0, 9);
    let expected = generator.sample(10, 1);
    assert_eq!(draw(&generator), expected);
    assert_eq!(draw(Box::new(generator)), expected);
    assert_eq!(draw(Rc::new(generator)), expected);
    assert_eq!(draw(Arc::new(generator)), expected);
    assert_eq!(draw(generator.boxed()), expected);
}

/// Zero, the shrink target, comes up at least as often as its negative,
/// which is forced as an edge.
#[test]
fn float_draws_both_zeros_and_positive_zero_no_less_often() {
    let values = generate::float::<f64>().sample(10_000, 5);
    let positive = values.iter().filter(|x| **x == 0.0 && x.is_sign_positive()).count();
    let negative = values.iter().filter(|x| **x == 0.0 && x.is_sign_negative()).count();
    assert!(negative >= 30 && positive >= negative, "0.0 {positive} times, -0.0 {negative} times");
}

/// An index picks a position by how far along it is, the same fraction of
/// every length: from the first position to the last, evenly.
#[test]
fn an_index_spreads_over_every_length_and_shrinks_to_the_first_position() {
    let indexes = quickcheck::arbitrary::<generate::Index>().sample(2000, 1);
    for length in [1, 2, 7, 50] {
        let mut seen = vec![0u32; length];
        for index in &indexes {
            seen[index.index(length)] += 1;
        }
        assert!(seen.iter().all(|&count| count > 0), "{length}: {seen:?}");
    }
    let list = [10, 20, 30];
    assert!(indexes.iter().any(|index| *index.get(&list) == 30));

    // Shrunk, the list is as short as the bug allows and the index picks
    // its first element.
    let result = Property::for_all(
        (generate::vec(generate::between(0u8, 9)).min_length(1), quickcheck::arbitrary::<generate::Index>()),
        |(list, index)| *index.get(&list) != 7,
    )
    .check(Options::default().seed(3));
    let (list, index) = result.minimal().unwrap().value();
    assert_eq!((list.as_slice(), index.index(list.len())), ([7].as_slice(), 0), "{result}");
}

/// An index into nothing panics, naming the method and the fix, at the
/// line that asked: the report points at the test, not into the library.
#[test]
fn an_index_into_nothing_is_a_clear_panic_at_the_callers_line() {
    let nothing: Vec<u8> = Vec::new();
    let result = Property::for_all(quickcheck::arbitrary::<generate::Index>(), |index| *index.get(&nothing) > 0)
        .check(Options::default().seed(1));
    let failure = result.failure().expect("an empty slice has no element");
    assert!(failure.message().starts_with("Index::get: the slice is empty"), "{result}");
    assert!(failure.message().ends_with("check that it is not empty first"), "{result}");
    assert!(failure.location().is_some_and(|location| location.file.ends_with("generators.rs")), "{result}");
    let result = Property::for_all(quickcheck::arbitrary::<generate::Index>(), |index| index.index(0) > 0)
        .check(Options::default());
    let failure = result.failure().expect("no position among none");
    assert!(failure.message().starts_with("Index::index: the length is 0"), "{result}");
    assert!(failure.location().is_some_and(|location| location.file.ends_with("generators.rs")), "{result}");
}

/// A generator of one's own that asks `generate_many` for more values
/// than an example may draw overruns, as drawing them one at a time does,
/// rather than reserve room for them all (which aborted on a count of
/// 2^40, and panicked on `usize::MAX`).
#[test]
fn asking_generate_many_for_too_many_values_overruns() {
    let greedy = generate::from_fn(|source| {
        let mut drawn = 0u64;
        generate::integer::<u8>().generate_many(source, usize::MAX, |_| drawn += 1);
        drawn
    });
    let result = Property::for_all(greedy, |_| true).check(Options::default().seed(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    assert!(result.to_string().contains("a draw of too many choices or too deep a recursion"), "{result}");
}

/// A shuffle draws a choice for every item but the last, so one of more
/// items than an example has choices for could never be drawn: it is
/// refused at the call, as a subsequence of too many items is.
#[test]
fn a_shuffle_of_too_many_items_is_refused_at_the_call() {
    let panic = std::panic::catch_unwind(|| _ = generate::shuffle(0..10_000)).expect_err("refused at the call");
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.starts_with("generate::shuffle: 10000 items, but a shuffle draws one choice an item"), "{message}");
    assert!(message.ends_with("shuffle fewer items"), "{message}");
    // As many as there are choices for is no error.
    let order = generate::shuffle(0..8193).sample(1, 1);
    assert_eq!(order[0].len(), 8193);
}

/// The choices of `Generator::draw_from_bytes` come from the bytes, as a
/// fuzzer's input: the same bytes make the same value, none or zeros the
/// simplest, and any bytes a value within the generator's range.
#[test]
fn values_from_bytes_are_the_generators_values() {
    let digits = || generate::between(3u8, 9);
    Property::for_all(generate::vec(generate::integer::<u8>()), |bytes: Vec<u8>| {
        let value = digits().draw_from_bytes(&bytes).expect("no filter, and small");
        (3..=9).contains(&value) && digits().draw_from_bytes(&bytes) == Some(value)
    })
    .assert(Options::default().seed(1));

    // The simplest value, as the first example of a check is.
    let record = || (generate::integer::<i64>(), generate::boolean(), generate::string());
    let mut first = None;
    Property::for_all(record(), |value| {
        first.get_or_insert(value);
    })
    .assert(Options::default().seed(1).runs(1));
    assert_eq!(record().draw_from_bytes(&[]), first);
    assert_eq!(record().draw_from_bytes(&[0; 64]), first);

    // One byte for a byte's choice: each of the 256 makes another value.
    let bytes: std::collections::BTreeSet<u8> =
        (0..=255u8).map(|byte| generate::integer::<u8>().draw_from_bytes(&[byte]).unwrap()).collect();
    assert_eq!(bytes.len(), 256);
}

/// Where no value comes of the bytes, `draw_from_bytes` says so rather than
/// panic; a generator that panics is a bug, which it reports as one.
#[test]
fn bytes_that_make_no_value_are_none_and_a_generators_panic_is_reported() {
    let even = generate::integer::<u8>().filter(|n| n % 2 == 0);
    assert_eq!(even.draw_from_bytes(&[3, 5]), Some(0), "zeros after the bytes run out make an even value");
    let never = generate::integer::<u8>().filter(|_| false);
    assert_eq!(never.draw_from_bytes(&[1, 2, 3]), None);
    let too_long = generate::vec(generate::integer::<u8>()).length(9000..=9000);
    assert_eq!(too_long.draw_from_bytes(&[]), None);

    let broken = generate::integer::<u8>().map(|n| if n == 7 { panic!("seven is unlucky") } else { n });
    assert_eq!(broken.draw_from_bytes(&[6]), Some(6));
    let panic = std::panic::catch_unwind(|| broken.draw_from_bytes(&[7])).expect_err("the generator panics on 7");
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        message.starts_with("Generator::draw_from_bytes: the generator panicked at tests/generators.rs:"),
        "{message}"
    );
    assert!(message.ends_with(": seven is unlucky"), "{message}");
}

/// As a fuzzer drives it: inputs of random bytes, each made into a value,
/// find a list of digits holding two sevens in a row (each element takes
/// a byte for "go on" and one for the digit).
#[test]
fn random_bytes_drive_a_generator_to_a_bug() {
    let lists = generate::vec(generate::between(0u32, 9));
    let inputs = generate::vec(generate::integer::<u8>()).length(0..=64).sample(5000, 1);
    let two_sevens = |list: &Vec<u32>| list.windows(2).any(|pair| pair == [7, 7]);
    let found = inputs.iter().filter_map(|bytes| lists.draw_from_bytes(bytes)).find(two_sevens);
    assert!(found.is_some(), "no input of 5000 made a list with two sevens in a row");
}
