//! `chrono` dates, times, offsets and deltas, with the `chrono` feature.
#![cfg(feature = "chrono")]

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, Timelike, Utc};
use quickcheck::{Generator, Options, Property, generate};

const DRAWS: usize = 20_000;

fn share<T>(values: &[T], predicate: impl Fn(&T) -> bool) -> f64 {
    values.iter().filter(|value| predicate(value)).count() as f64 / values.len() as f64
}

fn within(actual: f64, expected: f64, tolerance: f64, what: &str) {
    assert!((actual - expected).abs() <= tolerance, "{what}: {actual:.4}, expected {expected} ± {tolerance}");
}

fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).unwrap()
}

fn moment(year: i32, month: u32, day: u32, hour: u32, minute: u32, second: u32) -> NaiveDateTime {
    date(year, month, day).and_hms_opt(hour, minute, second).unwrap()
}

fn minimal<G: Generator>(generator: G, seed: u64, body: impl Fn(&G::Value) -> bool) -> G::Value
where
    G::Value: Clone + std::fmt::Debug + 'static,
{
    let result =
        Property::for_all(generator, |value: G::Value| body(&value)).check(Options::default().seed(seed).runs(2_000));
    assert!(result.is_falsified(), "seed {seed}: {result}");
    result.minimal().unwrap().value().clone()
}

#[test]
fn years_are_mostly_modern_and_times_mostly_round() {
    let moments = generate::naive_date_time().sample(DRAWS, 1);
    // Three in four of the unforced draws whose year did not snap to 1 or
    // 9999, and a sliver of the rest.
    let modern = 15.0 / 16.0 * 15.0 / 16.0 * (0.75 + 0.25 * 201.0 / 9999.0);
    within(share(&moments, |m| (1900..=2100).contains(&m.year())), modern, 0.02, "modern years");
    // Five in six unforced times are round; the forced lower bound is midnight.
    let round = |m: &NaiveDateTime| m.nanosecond().is_multiple_of(1_000_000);
    within(share(&moments, round), 5.0 / 6.0 * 15.0 / 16.0 + 1.0 / 32.0, 0.03, "round date-times");
    within(share(&moments, |m| m.time() == NaiveTime::MIN), 1.0 / 6.0 * 15.0 / 16.0 + 1.0 / 32.0, 0.03, "midnights");
    let low = moment(1, 1, 1, 0, 0, 0);
    within(share(&moments, |m| *m == low), 1.0 / 32.0, 0.01, "the lower bound");
    let high = date(9999, 12, 31).and_hms_nano_opt(23, 59, 59, 999_999_999).unwrap();
    within(share(&moments, |m| *m == high), 1.0 / 32.0, 0.01, "the upper bound");
    let times = generate::naive_time().sample(DRAWS, 2);
    within(
        share(&times, |t| t.nanosecond().is_multiple_of(1_000_000)),
        0.8 * 15.0 / 16.0 + 1.0 / 32.0,
        0.03,
        "round times",
    );
}

#[test]
fn dates_are_uniform_over_the_range_and_force_its_bounds() {
    let (low, high) = (moment(2024, 1, 1, 0, 0, 0), moment(2025, 1, 1, 0, 0, 0));
    let moments = generate::naive_date_time_between(low, high).sample(DRAWS, 3);
    assert!(moments.iter().all(|m| (low..=high).contains(m)));
    // Forced one draw in 32, and the year snaps to 2025 (whose only day in
    // range is the bound) one unforced draw in 32: about one in 16.
    let snapped_or_uniform = 1.0 / 32.0 + 15.0 / 16.0 / 367.0;
    within(share(&moments, |m| *m == high), 1.0 / 32.0 + 15.0 / 16.0 * snapped_or_uniform, 0.01, "the upper bound");
    // Each month gets its share of the days, and the 29th of February no
    // more than any other day: nothing is forced for breaking code.
    let unforced: Vec<_> = moments.iter().filter(|m| **m != low && **m != high).collect();
    let leap_day = |m: &&NaiveDateTime| m.date() == date(2024, 2, 29);
    within(share(&unforced, leap_day), 1.0 / 366.0, 0.002, "the 29th of February");
    within(share(&unforced, |m| m.month() == 2), 29.0 / 366.0, 0.01, "February");
    within(share(&unforced, |m| m.month() == 7), 31.0 / 366.0, 0.01, "July");
    let dates = generate::naive_date_between(date(1990, 5, 17), date(1990, 5, 19)).sample(3_000, 4);
    for day in 17..=19 {
        assert!(dates.contains(&date(1990, 5, day)));
    }
}

/// Code that adds a year to a date breaks on the 29th of February, which
/// the generators do not force: a property that must meet it adds it, as
/// the spec's edge-values rule has it, and then fails in nearly every run.
#[test]
fn a_leap_day_added_with_frequency_is_met_in_nearly_every_run() {
    let with_leap_days = runs_meeting_a_leap_day(|| {
        generate::frequency(((15, generate::naive_date()), (1, generate::constant(date(2024, 2, 29)))))
    });
    assert!(with_leap_days >= 36, "a leap day met in {with_leap_days} runs of 40");
    // Uniform over the days, a leap day is met in about one run of 15.
    let plain = runs_meeting_a_leap_day(generate::naive_date);
    assert!(plain <= 12, "a leap day met in {plain} runs of 40");
}

/// Of 40 runs of a property that adds a year to a date, how many fail.
fn runs_meeting_a_leap_day<G: Generator<Value = NaiveDate>>(dates: impl Fn() -> G) -> usize {
    let adds_a_year = |day: NaiveDate| day.year() == 9999 || day.with_year(day.year() + 1).is_some();
    (0..40)
        .filter(|&seed| Property::for_all(dates(), adds_a_year).check(Options::default().seed(seed)).is_falsified())
        .count()
}

#[test]
fn offsets_are_whole_minutes_and_mostly_whole_hours() {
    let moments = generate::date_time_offset().sample(DRAWS, 5);
    let minutes: Vec<i32> = moments.iter().map(|m| m.offset().local_minus_utc() / 60).collect();
    assert!(moments.iter().all(|m| m.offset().local_minus_utc() % 60 == 0));
    assert!(minutes.iter().all(|m| (-840..=840).contains(m)));
    assert!(minutes.contains(&-840) && minutes.contains(&840));
    within(share(&minutes, |m| m % 60 == 0), 0.75 + 0.25 / 60.0 + 1.0 / 16.0 * 0.25, 0.03, "whole hours");
    assert!(moments.iter().all(|m| (1..=9999).contains(&m.naive_local().year())));
}

#[test]
fn offset_bounds_are_forced_verbatim() {
    let low = DateTime::parse_from_rfc3339("2024-01-01T00:00:00+05:30").unwrap();
    let high = DateTime::parse_from_rfc3339("2024-06-01T00:00:00-03:00").unwrap();
    let moments = generate::date_time_offset_between(low, high).sample(DRAWS, 6);
    assert!(moments.iter().all(|m| (low..=high).contains(m)));
    for bound in [low, high] {
        let verbatim = moments.iter().filter(|m| **m == bound && m.offset() == bound.offset()).count();
        assert!(verbatim > DRAWS / 40, "{bound} appeared verbatim {verbatim} times");
    }
}

#[test]
fn a_fixed_offset_trims_the_range() {
    let india = FixedOffset::east_opt(5 * 3600 + 1800).unwrap();
    let moments = generate::date_time_offset().with_offset(india).sample(DRAWS, 7);
    assert!(moments.iter().all(|m| m.offset() == &india));
    let latest = moments.iter().max().unwrap();
    assert_eq!(latest.naive_local(), date(9999, 12, 31).and_hms_nano_opt(23, 59, 59, 999_999_999).unwrap());
    let west = FixedOffset::west_opt(8 * 3600).unwrap();
    let earliest = *generate::date_time_offset().with_offset(west).sample(DRAWS, 8).iter().min().unwrap();
    assert_eq!(earliest.naive_local(), moment(1, 1, 1, 0, 0, 0));
}

#[test]
#[should_panic(expected = "no instant of")]
fn a_fixed_offset_that_leaves_nothing_panics_at_the_call() {
    let utc = FixedOffset::east_opt(0).unwrap();
    let low = moment(9999, 12, 31, 20, 0, 0).and_utc().with_timezone(&utc);
    let high = moment(9999, 12, 31, 21, 0, 0).and_utc().with_timezone(&utc);
    let _ = generate::date_time_offset_between(low, high).with_offset(FixedOffset::east_opt(5 * 3600).unwrap());
}

#[test]
#[should_panic(expected = "has a local clock time in the years 1 to 9999 at an offset within 14 hours")]
fn a_range_past_the_year_9999_panics_at_the_call() {
    let utc = FixedOffset::east_opt(0).unwrap();
    let low = moment(10000, 1, 2, 0, 0, 0).and_utc().with_timezone(&utc);
    let high = moment(10001, 1, 1, 0, 0, 0).and_utc().with_timezone(&utc);
    let _ = generate::date_time_offset_between(low, high);
}

#[test]
#[should_panic(expected = "the lower bound is after the upper bound")]
fn reversed_date_bounds_panic_at_the_call() {
    let _ = generate::naive_date_between(date(2001, 1, 1), date(2000, 1, 1));
}

/// Date-times in a zone are UTC instants shown there: they shrink to the
/// instant 2000-01-01T00:00:00Z, which in a zone east of UTC is the
/// morning of that day, and they shrink as instants, component by
/// component in UTC.
#[test]
fn date_times_in_a_zone_are_utc_instants_shown_there() {
    let tokyo = FixedOffset::east_opt(9 * 3600).unwrap();
    for seed in 0..5 {
        let simplest = minimal(generate::date_time_utc().in_zone(tokyo), seed, |_| false);
        assert_eq!(simplest.to_rfc3339(), "2000-01-01T09:00:00+09:00", "seed {seed}");
        // A year of 2010 or later in Tokyo: shrunk in UTC components, to
        // the first instant of 2010 in UTC (9:00 in Tokyo), or to the
        // first of 2010 in Tokyo, which is 2009 in UTC and simpler by its
        // year, but takes lowering the year and raising the rest at once.
        let late = minimal(generate::date_time_utc().in_zone(tokyo), seed, |moment| moment.year() < 2010);
        let minima = ["2010-01-01T09:00:00+09:00", "2010-01-01T00:00:00+09:00"];
        assert!(minima.contains(&late.to_rfc3339().as_str()), "seed {seed}: {late}");
    }
}

#[test]
fn date_times_shrink_component_by_component() {
    for seed in 0..10 {
        assert_eq!(minimal(generate::naive_date_time(), seed, |_| false), moment(2000, 1, 1, 0, 0, 0), "seed {seed}");
        assert_eq!(minimal(generate::naive_date(), seed, |_| false), date(2000, 1, 1), "seed {seed}");
        assert_eq!(minimal(generate::naive_time(), seed, |_| false), NaiveTime::MIN, "seed {seed}");
        assert_eq!(
            minimal(generate::date_time_utc(), seed, |_| false),
            moment(2000, 1, 1, 0, 0, 0).and_utc(),
            "seed {seed}"
        );
        let offset = minimal(generate::date_time_offset(), seed, |_| false);
        assert_eq!(offset.to_rfc3339(), "2000-01-01T00:00:00+00:00", "seed {seed}");
        let late = minimal(generate::naive_date_time(), seed, |m| m.year() < 2010);
        assert_eq!(late, moment(2010, 1, 1, 0, 0, 0), "seed {seed}");
        let early = minimal(generate::naive_date_time(), seed, |m| m.year() > 1990);
        assert_eq!(early, moment(1990, 1, 1, 0, 0, 0), "seed {seed}");
        let afternoon = minimal(generate::naive_date_time(), seed, |m| m.hour() < 12 || m.minute() < 30);
        assert_eq!(afternoon, moment(2000, 1, 1, 12, 30, 0), "seed {seed}");
        let (low, high) = (moment(2024, 3, 10, 15, 0, 0), moment(2024, 8, 1, 0, 0, 0));
        assert_eq!(minimal(generate::naive_date_time_between(low, high), seed, |_| false), low, "seed {seed}");
    }
}

#[test]
fn reports_print_iso_form_to_the_nanosecond() {
    // A millisecond is simpler than a nanosecond: less detail.
    let result =
        Property::for_all(generate::naive_date_time(), |m| m.nanosecond() == 0).check(Options::default().seed(1));
    assert_eq!(*result.minimal().unwrap().value(), date(2000, 1, 1).and_hms_milli_opt(0, 0, 0, 1).unwrap());
    assert!(result.to_string().contains("Minimal counterexample: 2000-01-01T00:00:00.001"), "{result}");
    let result = Property::for_all(generate::naive_date_time(), |m| m.nanosecond().is_multiple_of(1_000_000))
        .check(Options::default().seed(1));
    assert_eq!(*result.minimal().unwrap().value(), date(2000, 1, 1).and_hms_nano_opt(0, 0, 0, 1).unwrap());
    assert!(result.to_string().contains("Minimal counterexample: 2000-01-01T00:00:00.000000001"), "{result}");
}

#[test]
fn time_deltas_shrink_to_round_spans() {
    let deltas = generate::time_delta().sample(DRAWS, 9);
    for forced in [TimeDelta::zero(), TimeDelta::MIN, TimeDelta::MAX] {
        assert!(deltas.iter().filter(|delta| **delta == forced).count() > 200, "{forced:?}");
    }
    within(share(&deltas, |delta| *delta < TimeDelta::zero()), 0.5, 0.03, "negative deltas");
    for seed in 0..10 {
        assert_eq!(minimal(generate::time_delta(), seed, |_| false), TimeDelta::zero(), "seed {seed}");
        let hour = minimal(generate::time_delta(), seed, |delta| *delta < TimeDelta::hours(1));
        assert_eq!(hour, TimeDelta::hours(1), "seed {seed}");
        let negative = minimal(generate::time_delta(), seed, |delta| *delta > TimeDelta::seconds(-60));
        assert_eq!(negative, TimeDelta::minutes(-1), "seed {seed}");
    }
}

/// Every unit appears, small counts of it most often, and a magnitude of
/// any size now and then.
#[test]
fn time_deltas_come_in_every_unit_mostly_small() {
    let deltas = generate::time_delta().sample(DRAWS, 11);
    let count = |predicate: &dyn Fn(TimeDelta) -> bool| deltas.iter().filter(|delta| predicate(**delta)).count();
    let whole_days =
        count(&|delta| delta != TimeDelta::zero() && (delta.num_seconds() % 86_400 == 0) && delta.subsec_nanos() == 0);
    assert!(whole_days > DRAWS / 10, "{whole_days} whole days");
    let sub_millisecond = count(&|delta| delta.subsec_nanos() % 1_000_000 != 0);
    assert!(sub_millisecond > DRAWS / 10, "{sub_millisecond} with nanoseconds");
    let short = count(&|delta| delta.abs() <= TimeDelta::seconds(100));
    assert!(short > DRAWS / 3, "{short} within 100 s");
    assert!(
        count(&|delta| delta.abs() > TimeDelta::days(1 << 20) && delta.abs() < TimeDelta::MAX) > 0,
        "no huge delta"
    );
}

/// The whole range's dates: two in three within 1900..=2100, the rest
/// spread over the other years, and both ends of the range forced.
#[test]
fn dates_of_the_whole_range_favour_modern_years() {
    let dates = generate::naive_date().sample(DRAWS, 12);
    let modern = share(&dates, |day| (1900..=2100).contains(&day.year()));
    within(modern, 2.0 / 3.0, 0.03, "dates in 1900..=2100");
    assert!(dates.iter().any(|day| day.year() < 1000) && dates.iter().any(|day| day.year() > 5000));
    for end in [date(1, 1, 1), date(9999, 12, 31)] {
        assert!(dates.contains(&end), "{end} not forced");
    }
}

#[test]
fn utc_ranges_stay_inside() {
    let (low, high) = (moment(2020, 2, 29, 12, 0, 0).and_utc(), moment(2020, 3, 1, 12, 0, 0).and_utc());
    let moments: Vec<DateTime<Utc>> = generate::date_time_utc_between(low, high).sample(2_000, 10);
    assert!(moments.iter().all(|m| (low..=high).contains(m)));
    assert!(moments.contains(&low) && moments.contains(&high));
}

/// A bound whose own offset lies beyond the 14 hours offsets are drawn
/// from: forcing it must not step outside what the generator can draw.
#[test]
fn a_bound_with_an_offset_beyond_fourteen_hours_is_still_in_range() {
    let far_west = FixedOffset::west_opt(20 * 3600).unwrap();
    let low = DateTime::parse_from_rfc3339("2024-03-09T19:00:00-20:00").unwrap().with_timezone(&far_west);
    let high = low + TimeDelta::days(30);
    let moments = generate::date_time_offset_between(low, high).sample(300, 1);
    assert!(moments.iter().all(|moment| (low..=high).contains(moment)));
    assert!(moments.contains(&low), "the low bound is forced");
}

/// A range much narrower than the 28 hours offsets span: random draws land
/// inside it at every offset rather than mostly on its bounds.
#[test]
fn a_narrow_offset_range_is_drawn_inside_rather_than_at_its_bounds() {
    let low = DateTime::parse_from_rfc3339("2024-05-01T12:00:00+02:00").unwrap();
    let high = low + TimeDelta::hours(1);
    let moments = generate::date_time_offset_between(low, high).sample(DRAWS, 9);
    assert!(moments.iter().all(|m| (low..=high).contains(m)));
    let inside = share(&moments, |m| low < *m && *m < high);
    assert!(inside > 0.8, "only {inside:.2} of the draws lay strictly inside the range");
    let offsets: std::collections::HashSet<i32> = moments.iter().map(|m| m.offset().local_minus_utc()).collect();
    assert!(offsets.len() > 20, "only {} offsets", offsets.len());
}

/// A range inside one day is drawn across, not clamped onto its bounds,
/// and round times stay round.
#[test]
fn a_range_within_a_day_is_drawn_across() {
    let low = moment(2024, 5, 1, 12, 0, 0);
    let high = moment(2024, 5, 1, 13, 0, 0);
    let moments = generate::naive_date_time_between(low, high).sample(DRAWS, 10);
    assert!(moments.iter().all(|m| (low..=high).contains(m)));
    let inside = share(&moments, |m| low < *m && *m < high);
    assert!(inside > 0.8, "only {inside:.2} of the draws lay strictly inside the range");
    let whole_minutes = share(&moments, |m| low < *m && m.second() == 0 && m.nanosecond() == 0);
    assert!(whole_minutes > 0.1, "only {whole_minutes:.2} were whole minutes inside the range");
}

/// `Weekday` and `Month` have default generators that draw every value and
/// shrink towards Monday and January.
#[test]
fn weekdays_and_months_are_all_drawn_and_shrink_towards_the_first() {
    use chrono::{Month, Weekday};
    use quickcheck::Arbitrary;
    let days = Weekday::arbitrary().sample(200, 1);
    let numbered = days.iter().map(|day| day.num_days_from_monday()).collect::<std::collections::BTreeSet<_>>();
    assert_eq!(numbered.len(), 7, "{days:?}");
    let months = Month::arbitrary().sample(300, 1);
    assert_eq!(
        months.iter().map(|month| month.number_from_month()).collect::<std::collections::BTreeSet<_>>().len(),
        12
    );
    let result = Property::for_all(<(Weekday, Month)>::arbitrary(), |(day, month)| {
        day != Weekday::Wed || month.number_from_month() < 3
    })
    .check(Options::default().seed(1));
    assert_eq!(result.minimal().unwrap().value(), &(Weekday::Wed, Month::March), "{result}");
}

/// A bound inside a leap second is a bound like any other: every value
/// stays within the range, the draws that would roll past it included.
#[test]
fn a_bound_inside_a_leap_second_keeps_every_value_in_range() {
    let low = date(2016, 12, 31).and_hms_opt(23, 59, 59).unwrap();
    for high in [
        date(2016, 12, 31).and_hms_milli_opt(23, 59, 59, 1_500).unwrap(),
        date(2016, 12, 31).and_hms_nano_opt(23, 59, 59, 1_999_999_999).unwrap(),
    ] {
        for seed in 0..5 {
            let result = Property::for_all(generate::naive_date_time_between(low, high), |moment| {
                (low..=high).contains(&moment)
            })
            .check(Options::default().seed(seed));
            assert!(result.is_passed(), "{result}");
            let (low, high) = (low.and_utc(), high.and_utc());
            let result =
                Property::for_all(generate::date_time_utc_between(low, high), |moment| (low..=high).contains(&moment))
                    .check(Options::default().seed(seed));
            assert!(result.is_passed(), "{result}");
        }
    }
}
