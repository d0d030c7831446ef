//! `rust_decimal::Decimal`, with the `decimal` feature.
#![cfg(feature = "decimal")]

use quickcheck::{Generator, Options, Property, generate};
use rust_decimal::Decimal;

#[test]
fn scales_are_drawn_so_cohort_members_appear() {
    let values = generate::decimal().sample(20_000, 1);
    let one_at = |scale: u32| values.iter().any(|value| *value == Decimal::ONE && value.scale() == scale);
    assert!(one_at(0) && one_at(1) && one_at(2), "1, 1.0 and 1.00");
    let integers = values.iter().filter(|value| value.scale() == 0).count();
    assert!((6_000..11_000).contains(&integers), "{integers} at scale 0");
    assert!(values.iter().any(|value| value.scale() == 28));
    assert!(values.iter().any(|value| value.abs() > Decimal::from(u64::MAX)));
    let forced = [Decimal::MIN, Decimal::MAX, Decimal::ZERO, Decimal::new(1, 28), Decimal::new(-1, 28)];
    for value in forced {
        let count = values.iter().filter(|drawn| **drawn == value).count();
        assert!(count > 100, "{value} appeared {count} times");
    }
}

#[test]
fn a_range_stays_inside_and_forces_its_bounds() {
    for (low, high) in [(Decimal::new(1, 2), Decimal::new(1000, 0)), (Decimal::new(-35, 1), Decimal::new(-1, 3))] {
        let values = generate::decimal_between(low, high).sample(5_000, 2);
        assert!(values.iter().all(|value| (low..=high).contains(value)), "{low}..={high}");
        assert!(values.contains(&low) && values.contains(&high), "{low}..={high}");
        let mut distinct = values.clone();
        distinct.sort();
        distinct.dedup();
        assert!(distinct.len() > 1_000, "{low}..={high}: {} distinct {:?}", distinct.len(), &values[..40]);
    }
}

#[test]
fn a_narrow_range_draws_mostly_between_its_bounds() {
    // The bounds are forced one draw in sixteen, and each scale holds them;
    // 1..=3 once drew one of them on half its draws.
    // -5..=0 has a side of zero alone, which once took half the draws.
    let ranges = [(1, 3), (0, 10), (-5, 5), (100, 200), (-5, 0), (-100, 0)];
    for (low, high) in ranges.map(|(low, high)| (Decimal::from(low), Decimal::from(high))) {
        let values = generate::decimal_between(low, high).sample(4_000, 1);
        let on_a_bound = values.iter().filter(|value| **value == low || **value == high).count();
        assert!(on_a_bound < 4_000 / 4, "{low}..={high}: {on_a_bound} of 4000 on a bound");
    }
}

#[test]
fn a_one_value_range_draws_its_shortest_form_most() {
    let one_and_a_half = Decimal::new(15, 1);
    let values = generate::decimal_between(one_and_a_half, one_and_a_half).sample(1_000, 1);
    let shortest = values.iter().filter(|value| value.scale() == 1).count();
    assert!(shortest > 300, "1.5 written as 1.5 on {shortest} of 1000 draws");
}

#[test]
#[should_panic(expected = "the lower bound is greater than the upper bound")]
fn reversed_bounds_panic_at_the_call() {
    let _ = generate::decimal_between(Decimal::ONE, Decimal::ZERO);
}

fn minimal(generator: impl Generator<Value = Decimal>, seed: u64, body: impl Fn(Decimal) -> bool) -> Decimal {
    let result = Property::for_all(generator, body).check(Options::default().seed(seed).runs(1_000));
    assert!(result.is_falsified(), "seed {seed}: {result}");
    *result.minimal().unwrap().value()
}

#[test]
fn decimals_shrink_towards_zero_keeping_the_scale_in_reports() {
    for seed in 0..10 {
        let zero = minimal(generate::decimal(), seed, |_| false);
        assert!(zero.is_zero() && zero.scale() == 0, "seed {seed}: {zero:?}");
        let past = minimal(generate::decimal(), seed, |value| value <= Decimal::from(100));
        assert_eq!(past, Decimal::from(101), "seed {seed}");
        let fraction = minimal(generate::decimal(), seed, |value| value.fract().is_zero());
        assert_eq!(format!("{fraction:?}"), "0.1", "seed {seed}");
        let bounded = minimal(generate::decimal_between(Decimal::new(3, 1), Decimal::new(9, 1)), seed, |_| false);
        assert_eq!(format!("{bounded:?}"), "0.3", "seed {seed}");
    }
    let result = Property::for_all(generate::constant(Decimal::new(100, 2)), |_| false).check(Options::default());
    assert!(result.to_string().contains("Minimal counterexample: 1.00"), "{result}");
}
