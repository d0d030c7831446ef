//! Floats: distributions measured over many draws, forced values, bounds,
//! and exact shrink results.

use quickcheck::{Generator, Options, Property, generate};

const DRAWS: usize = 20_000;

fn share(values: &[f64], predicate: impl Fn(f64) -> bool) -> f64 {
    values.iter().filter(|&&x| predicate(x)).count() as f64 / values.len() as f64
}

fn within(actual: f64, expected: f64, tolerance: f64, what: &str) {
    assert!((actual - expected).abs() <= tolerance, "{what}: {actual:.4}, expected {expected} ± {tolerance}");
}

#[test]
fn the_full_range_has_the_specified_proportions() {
    for seed in [1, 2] {
        let values = generate::float::<f64>().sample(DRAWS, seed);
        within(share(&values, |x| x.is_finite() && x.fract() == 0.0), 0.60, 0.04, "integers");
        let near_one = |x: f64| x != 0.0 && x.is_finite() && (-7..=7).contains(&(x.abs().log2().floor() as i32));
        within(share(&values, near_one), 0.33, 0.04, "exponent within ±7");
        within(share(&values, |x| x.is_finite() && x.abs() > 1e100), 0.072, 0.01, "finite above 1e100");
        within(share(&values, |x| x.is_subnormal()), 0.0156, 0.004, "subnormal");
        within(share(&values, |x| x.is_nan()), 0.039, 0.007, "NaN");
        within(share(&values, |x| x.is_infinite()), 0.016, 0.005, "infinite");
    }
}

#[test]
fn the_full_range_forces_its_specials_one_draw_in_sixteen() {
    let values = generate::float::<f64>().sample(DRAWS, 3);
    let specials = [f64::INFINITY, f64::NEG_INFINITY, f64::MIN, f64::MAX, 5e-324, -5e-324, -0.0];
    let is_special = |x: f64| specials.iter().any(|s| s.to_bits() == x.to_bits());
    // Seven of the eight values forced 1/16 of the time; they appear a
    // little more often by chance (a drawn -0.0, mostly).
    within(share(&values, is_special), 7.0 / 128.0, 0.015, "specials");
    // NaN, the eighth, also comes one draw in 32 on its own.
    within(share(&values, |x| x.is_nan()), 1.0 / 128.0 + 1.0 / 32.0, 0.007, "NaN");
    for special in specials {
        let count = values.iter().filter(|x| x.to_bits() == special.to_bits()).count();
        assert!(count > 80, "{special:?} appeared {count} times");
    }
    assert!(values.iter().filter(|x| x.is_nan()).count() > 80);
}

#[test]
fn a_property_broken_only_by_nan_fails_in_nearly_every_run() {
    let failed = (0..40)
        .filter(|&seed| {
            let result =
                Property::for_all(generate::float::<f64>(), |x: f64| x == x).check(Options::default().seed(seed));
            result.is_falsified()
        })
        .count();
    assert!(failed >= 36, "NaN found in {failed} runs of 40");
}

#[test]
fn f32_draws_cover_the_type() {
    let values = generate::float::<f32>().sample(DRAWS, 4);
    let integers = values.iter().filter(|x| x.is_finite() && x.fract() == 0.0).count() as f64 / DRAWS as f64;
    within(integers, 0.60, 0.05, "f32 integers");
    assert!(values.iter().any(|x| x.is_subnormal()));
    assert!(values.iter().any(|x| x.abs() > 1e30));
    for special in [f32::MIN, f32::MAX, f32::INFINITY, f32::NEG_INFINITY, f32::from_bits(1)] {
        assert!(values.contains(&special), "{special:?}");
    }
}

#[test]
fn a_bounded_range_stays_inside_and_forces_its_bounds() {
    for (low, high) in [(0.0, 1.0), (0.3, 0.9), (-1e6, 17.25), (1e300, f64::MAX), (-5.0, -0.0), (2.5, 2.5)] {
        let values = generate::float_between(low, high).sample(DRAWS, 5);
        assert!(values.iter().all(|x| (low..=high).contains(x)), "{low}..={high}");
        for bound in [low, high] {
            let count = values.iter().filter(|x| x.to_bits() == bound.to_bits()).count();
            assert!(count > DRAWS / 160, "{bound:?} of {low}..={high} appeared {count} times");
        }
        // Neither rounds to a few values nor is stuck on the forced ones.
        if low < high {
            let mut distinct: Vec<u64> = values.iter().map(|x| x.to_bits()).collect();
            distinct.sort_unstable();
            distinct.dedup();
            assert!(distinct.len() > DRAWS / 4, "{low}..={high}: {} distinct", distinct.len());
        }
    }
}

#[test]
fn a_bounded_range_draws_mostly_between_its_bounds() {
    // Each bound is forced one draw in 32; draws that overshot a range
    // ending inside a binade were clamped onto a bound.
    // And -5.0..=0.0, whose positive side is +0.0 alone, drew it on half
    // of its draws, as the other side of a coin.
    for (low, high, most) in [(1.0, 3.0, 4_000 / 4), (1e16, 1.5e16, 4_000 / 10), (-5.0, 0.0, 4_000 / 4)] {
        let values = generate::float_between(low, high).sample(4_000, 1);
        let on_a_bound = values.iter().filter(|value| **value == low || **value == high).count();
        assert!(on_a_bound < most, "{low}..={high}: {on_a_bound} of 4000 on a bound");
    }
}

#[test]
fn a_bounded_range_forces_the_specials_it_holds_and_never_nan() {
    let values = generate::float_between(f64::NEG_INFINITY, f64::INFINITY).sample(DRAWS, 6);
    assert!(values.iter().all(|x| !x.is_nan()));
    for special in [f64::INFINITY, f64::NEG_INFINITY, f64::MIN, f64::MAX, 5e-324, -5e-324] {
        assert!(values.contains(&special), "{special:?}");
    }
    let finite = generate::float_between(f64::MIN, f64::MAX).sample(DRAWS, 7);
    assert!(finite.iter().all(|x| x.is_finite()));
    assert!(finite.contains(&f64::MIN) && finite.contains(&f64::MAX));
    let small = generate::float_between(-1.0f64, 1.0).sample(DRAWS, 8);
    assert!(small.contains(&5e-324) && small.contains(&-5e-324));
    assert!(small.iter().any(|x| x.to_bits() == (-0.0f64).to_bits()));
}

#[test]
fn bounds_are_sign_aware_for_zero() {
    let positive = generate::float_between(0.0f64, 10.0).sample(DRAWS, 9);
    assert!(positive.iter().all(|x| x.is_sign_positive()));
    let with_negative_zero = generate::float_between(-0.0f64, 10.0).sample(DRAWS, 9);
    let negative_zeros = share(&with_negative_zero, |x| x.to_bits() == (-0.0f64).to_bits());
    // Its negative side holds only -0.0: one sign draw in sixteen, and it
    // is forced as a bound besides.
    within(negative_zeros, 0.075, 0.03, "-0.0 in -0.0..=10.0");
    let only_negative = generate::float_between(-10.0f64, -0.0).sample(DRAWS, 9);
    assert!(only_negative.iter().all(|x| x.is_sign_negative()));
}

#[test]
#[should_panic(expected = "the lower bound is greater than the upper bound")]
fn reversed_bounds_panic_at_the_call() {
    let _ = generate::float_between(1.0, 0.5);
}

#[test]
#[should_panic(expected = "the lower bound is greater than the upper bound")]
fn zero_above_negative_zero_panics() {
    let _ = generate::float_between(0.0, -0.0);
}

#[test]
#[should_panic(expected = "a bound is NaN")]
fn a_nan_bound_panics_at_the_call() {
    let _ = generate::float_between(f64::NAN, 1.0);
}

fn minimal<G: Generator>(generator: G, seed: u64, body: impl Fn(&G::Value) -> bool) -> G::Value
where
    G::Value: Clone + std::fmt::Debug + 'static,
{
    minimal_with(generator, seed, 100, body)
}

/// For failures that need more than the default 100 runs to find.
fn minimal_of<G: Generator>(generator: G, seed: u64, body: impl Fn(&G::Value) -> bool) -> G::Value
where
    G::Value: Clone + std::fmt::Debug + 'static,
{
    minimal_with(generator, seed, 5_000, body)
}

fn minimal_with<G: Generator>(generator: G, seed: u64, runs: u64, body: impl Fn(&G::Value) -> bool) -> G::Value
where
    G::Value: Clone + std::fmt::Debug + 'static,
{
    let options = Options::default().seed(seed).runs(runs);
    let result = Property::for_all(generator, |value: G::Value| body(&value)).check(options);
    assert!(result.is_falsified(), "seed {seed}: {result}");
    result.minimal().unwrap().value().clone()
}

#[test]
fn the_full_range_shrinks_to_zero() {
    for seed in 0..10 {
        let value = minimal(generate::float::<f64>(), seed, |_| false);
        assert_eq!(value.to_bits(), 0.0f64.to_bits(), "seed {seed}: {value:?}");
        let value = minimal(generate::float::<f32>(), seed, |_| false);
        assert_eq!(value.to_bits(), 0.0f32.to_bits(), "seed {seed}: {value:?}");
    }
}

#[test]
fn a_range_without_zero_shrinks_to_its_simplest_fraction() {
    for seed in 0..10 {
        assert_eq!(minimal(generate::float_between(0.3, 0.9), seed, |_| false), 0.5, "seed {seed}");
        assert_eq!(minimal(generate::float_between(-0.9, -0.3), seed, |_| false), -0.5, "seed {seed}");
        assert_eq!(minimal(generate::float_between(2.5, 1e9), seed, |_| false), 3.0, "seed {seed}");
        let zero = minimal(generate::float_between(-1e6f64, 17.25), seed, |_| false);
        assert_eq!(zero.to_bits(), 0.0f64.to_bits(), "seed {seed}");
        let past = minimal(generate::float_between(-1e6, 1e6), seed, |x: &f64| *x >= -10.0);
        assert!(past == -11.0 || past == -16.0, "seed {seed}: {past}");
    }
}

#[test]
fn a_threshold_shrinks_to_the_integer_just_past_it() {
    for seed in 0..50 {
        let value = minimal(generate::float::<f64>(), seed, |x: &f64| *x <= 100.0 || x.is_nan());
        assert_eq!(value, 101.0, "seed {seed}");
        let value = minimal(generate::float::<f32>(), seed, |x: &f32| *x <= 100.0 || x.is_nan());
        assert_eq!(value, 101.0, "f32, seed {seed}");
    }
}

#[test]
fn a_threshold_between_large_floats_shrinks_to_the_first_float_past_it() {
    // Just past 2^31 the next float up is 256 (f32) or 2048 (f64) higher:
    // reaching it from 2^32 lowers the exponent and raises the significand
    // at once.
    for seed in 0..20 {
        let value = minimal_of(generate::float::<f32>(), seed, |x: &f32| !x.is_finite() || *x <= 2_147_483_648.0);
        assert_eq!(value, 2_147_483_904.0, "f32, seed {seed}");
        let value =
            minimal_of(generate::float::<f64>(), seed, |x: &f64| !x.is_finite() || *x <= 9_223_372_036_854_775_808.0);
        assert_eq!(value, 9_223_372_036_854_777_856.0, "f64, seed {seed}");
    }
}

#[test]
fn a_failure_on_non_integers_shrinks_to_one_half() {
    for seed in 0..10 {
        let value = minimal(generate::float::<f64>(), seed, |x: &f64| !x.is_finite() || x.fract() == 0.0);
        assert_eq!(value, 0.5, "seed {seed}");
    }
}

#[test]
fn a_failure_on_huge_values_shrinks_past_infinity_to_a_finite_value() {
    // Infinity fails too, and the values just below it in the shrink order
    // used to be subnormals, which pass: some seeds ended on `inf`.
    let past = f64::from_bits(1e300f64.to_bits() + 1);
    for seed in 0..20 {
        let value = minimal_of(generate::float::<f64>(), seed, |x: &f64| x.is_nan() || x.abs() <= 1e300);
        assert_eq!(value, past, "seed {seed}");
        let value = minimal_of(generate::float::<f64>(), seed, |x: &f64| x.is_nan() || *x <= 1e300);
        assert_eq!(value, past, "seed {seed}");
    }
}

#[test]
fn a_failure_on_infinity_stays_on_it() {
    for seed in 0..5 {
        let value = minimal_of(generate::float::<f64>(), seed, |x: &f64| *x != f64::INFINITY);
        assert_eq!(value, f64::INFINITY, "seed {seed}");
        let value = minimal_of(generate::float::<f64>(), seed, |x: &f64| !x.is_nan());
        assert!(value.is_nan(), "seed {seed}");
    }
}

#[test]
fn reports_print_the_shortest_round_trip_form() {
    for (value, printed) in
        [(0.1, "0.1"), (5e-324, "5e-324"), (-0.0, "-0.0"), (f64::NAN, "NaN"), (f64::INFINITY, "inf")]
    {
        let result = Property::for_all(generate::constant(value), |_| false).check(Options::default().seed(1));
        let report = result.to_string();
        assert!(report.contains(&format!("Minimal counterexample: {printed}")), "{report}");
    }
}

/// A range of one value draws nothing, so a run of it ends after one
/// example, as an integer range of one value does; −0.0 to 0.0 holds two.
#[test]
fn a_range_of_one_value_is_exhausted_after_one_example() {
    let finite = generate::float::<f64>().filter(|x| !x.is_nan());
    Property::for_all(finite, |x: f64| {
        let mut seen = Vec::new();
        let run = Property::for_all(generate::float_between(x, x), |y: f64| {
            seen.push(y);
            true
        })
        .check(Options::default().seed(1).runs(100));
        run.is_passed()
            && run.is_space_exhausted()
            && run.tests_run() == 1
            && seen == [x]
            && seen[0].is_sign_negative() == x.is_sign_negative()
    })
    .assert(Options::default().runs(200));
    let zeros = Property::for_all(generate::float_between(-0.0, 0.0), |_: f64| true)
        .check(Options::default().seed(1).runs(100));
    assert!(zeros.tests_run() > 1, "{zeros}");
}
