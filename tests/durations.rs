//! `std::time::Duration`: units and counts, forced values, shrinking.

use std::time::Duration;

use quickcheck::{Generator, Options, Property, generate};

#[test]
fn every_unit_appears_and_small_counts_are_common() {
    let spans = generate::duration().sample(20_000, 1);
    let forced = spans.iter().filter(|&&span| span == Duration::ZERO || span == Duration::MAX).count();
    assert!((900..1_700).contains(&forced), "{forced} forced");
    let whole_days =
        spans.iter().filter(|span| span.as_secs().is_multiple_of(86_400) && span.subsec_nanos() == 0).count();
    assert!(whole_days > 20_000 / 6, "{whole_days} whole days");
    let sub_millisecond = spans.iter().filter(|span| !span.subsec_nanos().is_multiple_of(1_000_000)).count();
    assert!(sub_millisecond > 20_000 / 10, "{sub_millisecond} with nanoseconds");
    let short = spans.iter().filter(|span| *span <= &Duration::from_secs(100)).count();
    assert!(short > 20_000 / 3, "{short} up to 100 s");
    assert!(spans.iter().any(|span| span.as_secs() > 1 << 40));
}

fn minimal(seed: u64, body: impl Fn(Duration) -> bool) -> Duration {
    let result = Property::for_all(generate::duration(), body).check(Options::default().seed(seed).runs(1_000));
    assert!(result.is_falsified(), "seed {seed}: {result}");
    *result.minimal().unwrap().value()
}

#[test]
fn durations_shrink_to_zero_and_to_round_spans() {
    for seed in 0..10 {
        assert_eq!(minimal(seed, |_| false), Duration::ZERO, "seed {seed}");
        assert_eq!(minimal(seed, |span| span < Duration::from_secs(3_600)), Duration::from_secs(3_600), "seed {seed}");
        assert_eq!(minimal(seed, |span| span.is_zero()), Duration::from_nanos(1), "seed {seed}");
        let past_a_second = minimal(seed, |span| span <= Duration::from_secs(1));
        assert!(
            [Duration::from_secs(2), Duration::from_millis(1_001), Duration::from_nanos(1_000_000_001)]
                .contains(&past_a_second),
            "seed {seed}: {past_a_second:?}"
        );
    }
}
