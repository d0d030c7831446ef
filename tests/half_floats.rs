//! `half::f16`, through the same generators as `f32` and `f64`.
#![cfg(feature = "half")]

use half::f16;
use quickcheck::{Generator, Options, Property, generate};

#[test]
fn f16_draws_cover_the_type_and_force_its_specials() {
    let values = generate::float::<f16>().sample(20_000, 1);
    let integers = values.iter().filter(|x| x.is_finite() && f32::from(**x).fract() == 0.0).count();
    assert!((10_000..14_000).contains(&integers), "{integers} integers");
    for special in [f16::MIN, f16::MAX, f16::INFINITY, f16::NEG_INFINITY, f16::from_bits(1), f16::NEG_ZERO] {
        assert!(values.iter().any(|x| x.to_bits() == special.to_bits()), "{special:?}");
    }
    assert!(values.iter().any(|x| x.is_nan()));
    assert!(values.iter().any(|x| x.is_finite() && !x.is_normal() && x.to_bits() & 0x7fff != 0));
}

#[test]
fn a_bounded_f16_range_stays_inside() {
    let (low, high) = (f16::from_f32(-2.5), f16::from_f32(300.0));
    let values = generate::float_between(low, high).sample(5_000, 2);
    assert!(values.iter().all(|x| (low..=high).contains(x)));
    assert!(values.contains(&low) && values.contains(&high));
}

#[test]
fn f16_shrinks_like_the_other_widths() {
    for seed in 0..10 {
        let result = Property::for_all(generate::float::<f16>(), |_| false).check(Options::default().seed(seed));
        assert_eq!(result.minimal().unwrap().value().to_bits(), 0, "seed {seed}");
        let result = Property::for_all(generate::float_between(f16::from_f32(0.3), f16::from_f32(0.9)), |_| false)
            .check(Options::default().seed(seed));
        assert_eq!(*result.minimal().unwrap().value(), f16::from_f32(0.5), "seed {seed}");
        let result = Property::for_all(generate::float::<f16>(), |x| x.is_nan() || x <= f16::from_f32(100.0))
            .check(Options::default().seed(seed));
        let value = f32::from(*result.minimal().unwrap().value());
        assert!(value == 101.0 || value == 128.0, "seed {seed}: {value}");
    }
}
