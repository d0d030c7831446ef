//! Dates, times, date-times, offsets and time deltas of `chrono`, with the
//! `chrono` feature.
//!
//! Values are drawn component by component, and recorded that way, so they
//! shrink the way one reads them: the year towards 2000, the month and day
//! towards 1, and a time drops its detail first. A time records its
//! *precision* (midnight, whole hour, minute, second, millisecond, or
//! nanosecond) before its components, so lowering that one choice drops the
//! nanoseconds, then the milliseconds, seconds and minutes, before the
//! components themselves are lowered. Each component's index is decoded
//! clamped to what the range allows given the components before it, so every
//! edit of the choices still gives a value of the range.

use chrono::{
    DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, TimeZone, Timelike, Utc,
};
use rand_xoshiro::rand_core::Rng;

use crate::engine::order::ZigZag;
use crate::engine::random::{Draws, Random};
use crate::engine::source::ChoiceSource;
use crate::generate::Generator;
use crate::generate::duration::{UNITS, count_up_to};

/// The year a date shrinks towards.
const YEAR_TARGET: i32 = 2000;

/// The earliest and latest local date-times of the full-range generators:
/// years 1 to 9999.
fn first_moment() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(1, 1, 1).expect("a valid date").and_time(NaiveTime::MIN)
}

fn last_moment() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(9999, 12, 31)
        .expect("a valid date")
        .and_hms_nano_opt(23, 59, 59, 999_999_999)
        .expect("a valid time")
}

fn is_leap(year: i32) -> bool {
    year.rem_euclid(4) == 0 && (year.rem_euclid(100) != 0 || year.rem_euclid(400) == 0)
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The dates `low..=high`, recorded as year, month and day.
#[derive(Clone, Copy, Debug)]
struct Dates {
    low: NaiveDate,
    high: NaiveDate,
    /// Years in zig-zag order around 2000, or the year of the range nearest it.
    years: ZigZag<u64>,
}

impl Dates {
    fn new(low: NaiveDate, high: NaiveDate) -> Dates {
        let target = YEAR_TARGET.clamp(low.year(), high.year());
        let years = ZigZag::new((high.year() - low.year()) as u64, (target - low.year()) as u64);
        Dates { low, high, years }
    }

    fn months(&self, year: i32) -> (u32, u32) {
        let first = if year == self.low.year() { self.low.month() } else { 1 };
        let last = if year == self.high.year() { self.high.month() } else { 12 };
        (first, last)
    }

    fn days(&self, year: i32, month: u32) -> (u32, u32) {
        let first = if (year, month) == (self.low.year(), self.low.month()) { self.low.day() } else { 1 };
        let last = if (year, month) == (self.high.year(), self.high.month()) {
            self.high.day()
        } else {
            days_in_month(year, month)
        };
        (first, last)
    }

    /// A date uniform over the range's days: within 1900..=2100 three draws
    /// in four, where the range reaches those years, else anywhere in it.
    /// One draw in sixteen the year snaps to an end of its range instead, the
    /// first or the last year, and the date is uniform over that year's days
    /// in range: the component's own edges, as often as a whole date is
    /// forced to a bound.
    fn sample(&self, random: &mut Random) -> NaiveDate {
        let (mut low, mut high) = (self.low, self.high);
        let word = random.next_u64();
        if word & 15 == 0 {
            let year = if word & 16 == 0 { low.year() } else { high.year() };
            let first = NaiveDate::from_ymd_opt(year, 1, 1).expect("a valid date");
            let last = NaiveDate::from_ymd_opt(year, 12, 31).expect("a valid date");
            (low, high) = (low.max(first), high.min(last));
        } else if (word >> 5) & 3 != 0 {
            let window_low = NaiveDate::from_ymd_opt(1900, 1, 1).expect("a valid date");
            let window_high = NaiveDate::from_ymd_opt(2100, 12, 31).expect("a valid date");
            if low <= window_high && high >= window_low {
                (low, high) = (low.max(window_low), high.min(window_high));
            }
        }
        let first = low.num_days_from_ce();
        let day = first + random.up_to((high.num_days_from_ce() - first) as u64) as i32;
        NaiveDate::from_num_days_from_ce_opt(day).expect("a day between two dates is a date")
    }

    /// Draws a date. `sample` plans the whole value at its first choice; it
    /// runs only when that choice is drawn fresh, and its date is recorded.
    fn draw(&self, source: &mut ChoiceSource, sample: impl FnOnce(&mut Random) -> NaiveDate) -> NaiveDate {
        let low_year = self.low.year();
        let mut plan = None;
        let year_index = source.choose(self.years.max_index(), |random| {
            let date = sample(random);
            plan = Some(date);
            self.years.index((date.year() - low_year) as u64)
        });
        let year = low_year + self.years.offset(year_index) as i32;
        let (first, last) = self.months(year);
        let month_index = source.choose(11, |random| match plan {
            Some(date) => u64::from(date.month() - first),
            None => random.up_to(u64::from(last - first)),
        });
        let month = (first + month_index as u32).min(last);
        let (first, last) = self.days(year, month);
        let day_index = source.choose(30, |random| match plan {
            Some(date) => u64::from(date.day() - first),
            None => random.up_to(u64::from(last - first)),
        });
        let day = (first + day_index as u32).min(last);
        NaiveDate::from_ymd_opt(year, month, day).expect("components are clamped to a real date")
    }
}

/// The largest value of each time component, in the order they are drawn:
/// hour, minute, second, millisecond, and the nanoseconds within it.
const TIME_PARTS: [u64; 5] = [23, 59, 59, 999, 999_999];

/// The length of one step of each precision from whole hours to
/// nanoseconds, in nanoseconds.
const STEP_NANOS: [i64; 5] = [3_600_000_000_000, 60_000_000_000, 1_000_000_000, 1_000_000, 1];

/// The most detailed precision: all five components.
const NANOSECONDS: u64 = 5;

/// The fewest components that give `time` exactly: 0 for midnight, 1 for a
/// whole hour, up to 5 for a time with nanoseconds.
fn precision(parts: [u64; 5]) -> u64 {
    parts.iter().rposition(|&part| part != 0).map_or(0, |last| last as u64 + 1)
}

fn parts(time: NaiveTime) -> [u64; 5] {
    let nanos = u64::from(time.nanosecond().min(999_999_999));
    [u64::from(time.hour()), u64::from(time.minute()), u64::from(time.second()), nanos / 1_000_000, nanos % 1_000_000]
}

/// A time of day: of each precision from midnight to milliseconds equally
/// often, and to the nanosecond one draw in `precise_in`.
fn sample_time(random: &mut Random, precise_in: u64) -> NaiveTime {
    let precision = if random.up_to(precise_in - 1) == 0 { NANOSECONDS } else { random.up_to(NANOSECONDS - 1) };
    let mut drawn = [0; 5];
    for (part, most) in drawn.iter_mut().zip(TIME_PARTS).take(precision as usize) {
        *part = random.up_to(most);
    }
    time_of(drawn)
}

fn time_of(parts: [u64; 5]) -> NaiveTime {
    let nanos = parts[3] * 1_000_000 + parts[4];
    NaiveTime::from_hms_nano_opt(parts[0] as u32, parts[1] as u32, parts[2] as u32, nanos as u32)
        .expect("components are within their ranges")
}

/// Draws a time of day: its precision, then every component, those beyond
/// the precision ignored (and recorded as 0 when drawn fresh). `plan` is the
/// planned time, if the draw's first choice was fresh; otherwise `sample`
/// plans it, if this is the first fresh choice.
fn draw_time(
    source: &mut ChoiceSource,
    plan: Option<NaiveTime>,
    sample: impl FnOnce(&mut Random) -> NaiveTime,
) -> NaiveTime {
    let mut planned = plan.map(parts);
    let precision = source.choose(NANOSECONDS, |random| {
        let parts = planned.unwrap_or_else(|| self::parts(sample(random)));
        planned = Some(parts);
        precision(parts)
    });
    let mut drawn = [0; 5];
    for (at, most) in TIME_PARTS.into_iter().enumerate() {
        let value = source.choose(most, |random| match planned {
            Some(parts) => parts[at],
            None if (at as u64) < precision => random.up_to(most),
            None => 0,
        });
        if (at as u64) < precision {
            drawn[at] = value;
        }
    }
    time_of(drawn)
}

/// Times in date-times are to the nanosecond one draw in six.
const DATE_TIME_PRECISE_IN: u64 = 6;
/// Times of day alone are to the nanosecond one draw in five.
const TIME_PRECISE_IN: u64 = 5;

/// A generator of dates, from [`naive_date`] or [`naive_date_between`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct NaiveDateOf {
    dates: Dates,
}

/// Any `NaiveDate` of the years 1 to 9999: in 1900..=2100 about two draws
/// in three, uniform over the days. Shrinks the year towards 2000, then the month
/// and day towards 1, so the minimal date is 2000-01-01.
///
/// Forces 0001-01-01 and 9999-12-31 one draw in sixteen between them, and
/// snaps the year to 1 or 9999 as often again. Nothing else is forced: a
/// 29th of February comes as often as any other day, and a property that
/// must meet it adds it with [`frequency`](crate::generate::frequency).
///
/// ```
/// use chrono::Datelike;
/// use quickcheck::{Generator, generate};
/// let dates = generate::naive_date().sample(200, 1);
/// assert!(dates.iter().filter(|date| (1900..=2100).contains(&date.year())).count() > 120);
/// ```
pub fn naive_date() -> NaiveDateOf {
    naive_date_between(first_moment().date(), last_moment().date())
}

/// Any `NaiveDate` in `low..=high`, uniform over its days (within
/// 1900..=2100 about two draws in three, where the range reaches those
/// years).
/// Shrinks the year towards 2000 (or the range's year nearest it), then the
/// month and day towards their least in range.
///
/// Forces `low` and `high` one draw in sixteen between them, and snaps the
/// year to the range's first or last year as often again (the date then
/// uniform over that year's days in range), so a bound alone in its year
/// comes up about one draw in sixteen. Nothing else is forced.
///
/// # Panics
///
/// At the call, if `low > high`.
///
/// ```
/// use chrono::NaiveDate;
/// use quickcheck::{Generator, generate};
/// let (low, high) = (NaiveDate::from_ymd_opt(2024, 2, 10).unwrap(), NaiveDate::from_ymd_opt(2024, 3, 5).unwrap());
/// let dates = generate::naive_date_between(low, high).sample(100, 2);
/// assert!(dates.iter().all(|date| (low..=high).contains(date)));
/// ```
#[track_caller]
pub fn naive_date_between(low: NaiveDate, high: NaiveDate) -> NaiveDateOf {
    crate::generate::assert_increasing("naive_date_between", &low, &high, "after");
    NaiveDateOf { dates: Dates::new(low, high) }
}

impl Generator for NaiveDateOf {
    type Value = NaiveDate;

    fn generate(&self, source: &mut ChoiceSource) -> NaiveDate {
        let dates = self.dates;
        dates.draw(source, |random| forced_or(random, dates.low, dates.high, |random| dates.sample(random)))
    }

    fn label(&self) -> &'static str {
        "naive_date"
    }
}

/// A generator of times of day, from [`naive_time`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct NaiveTimeOf;

/// Any `NaiveTime` (leap seconds aside): midnight or a whole hour, minute,
/// second or millisecond four draws in five, equally often, and to the
/// nanosecond otherwise. Shrinks by dropping detail first (nanoseconds, then
/// milliseconds, seconds and minutes), then the components towards 0, so
/// the minimal time is midnight.
///
/// Forces 00:00:00 and 23:59:59.999999999 one draw in sixteen between them.
///
/// ```
/// use chrono::Timelike;
/// use quickcheck::{Generator, generate};
/// let times = generate::naive_time().sample(200, 1);
/// assert!(times.iter().filter(|time| time.nanosecond() % 1_000_000 == 0).count() > 120);
/// ```
pub fn naive_time() -> NaiveTimeOf {
    NaiveTimeOf
}

impl Generator for NaiveTimeOf {
    type Value = NaiveTime;

    fn generate(&self, source: &mut ChoiceSource) -> NaiveTime {
        draw_time(source, None, |random| {
            forced_or(random, NaiveTime::MIN, last_moment().time(), |random| sample_time(random, TIME_PRECISE_IN))
        })
    }

    fn label(&self) -> &'static str {
        "naive_time"
    }
}

/// A generator of date-times, from [`naive_date_time`] or
/// [`naive_date_time_between`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct NaiveDateTimeOf {
    dates: Dates,
    low: NaiveDateTime,
    high: NaiveDateTime,
}

/// Any `NaiveDateTime` of the years 1 to 9999, drawn as a date (year in
/// 1900..=2100 about two draws in three, uniform over the days) and a time of day
/// (midnight or a whole hour, minute, second or millisecond five draws in
/// six). Shrinks the year towards 2000, the other components towards their
/// minimum, dropping the time's detail first: the minimal value is
/// 2000-01-01T00:00:00.
///
/// Forces 0001-01-01T00:00:00 and 9999-12-31T23:59:59.999999999 one draw in
/// sixteen between them, and snaps the year to 1 or 9999 as often again.
/// Reports print ISO form to the nanosecond.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let moments = generate::naive_date_time().sample(100, 1);
/// assert!(moments.iter().any(|moment| moment.and_utc().timestamp_subsec_nanos() == 0));
/// ```
pub fn naive_date_time() -> NaiveDateTimeOf {
    naive_date_time_between(first_moment(), last_moment())
}

/// Any `NaiveDateTime` in `low..=high`: a date uniform over the range's
/// days and a time as for [`naive_date_time`]; on a bound's own day, a time
/// past the bound is drawn again inside the part of the day the range
/// covers, so a range of an hour is drawn across that hour. Shrinks as
/// [`naive_date_time`] does, within the range (a shrunk value past a bound
/// becomes the bound).
///
/// Forces `low` and `high` one draw in sixteen between them, and snaps the
/// year to the range's first or last as often again, as
/// [`naive_date_between`] does.
///
/// # Panics
///
/// At the call, if `low > high`.
///
/// ```
/// use chrono::NaiveDate;
/// use quickcheck::{Generator, generate};
/// let low = NaiveDate::from_ymd_opt(2024, 1, 1).unwrap().and_hms_opt(12, 0, 0).unwrap();
/// let high = NaiveDate::from_ymd_opt(2024, 1, 3).unwrap().and_hms_opt(6, 30, 0).unwrap();
/// let moments = generate::naive_date_time_between(low, high).sample(100, 3);
/// assert!(moments.iter().all(|moment| (low..=high).contains(moment)));
/// assert!(moments.contains(&low) && moments.contains(&high));
/// ```
#[track_caller]
pub fn naive_date_time_between(low: NaiveDateTime, high: NaiveDateTime) -> NaiveDateTimeOf {
    crate::generate::assert_increasing("naive_date_time_between", &low, &high, "after");
    NaiveDateTimeOf { dates: Dates::new(low.date(), high.date()), low, high }
}

impl NaiveDateTimeOf {
    fn sample(&self, random: &mut Random) -> NaiveDateTime {
        forced_or(random, self.low, self.high, |random| self.sample_unforced(random))
    }

    /// Draws a date-time; `sample` plans the whole draw at its first choice.
    fn draw(&self, source: &mut ChoiceSource, sample: impl FnOnce(&mut Random) -> NaiveDateTime) -> NaiveDateTime {
        let mut plan = None;
        let date = self.dates.draw(source, |random| {
            let moment = sample(random);
            plan = Some(moment);
            moment.date()
        });
        let time =
            draw_time(source, plan.map(|moment| moment.time()), |random| sample_time(random, DATE_TIME_PRECISE_IN));
        NaiveDateTime::new(date, time).clamp(self.low, self.high)
    }
}

impl Generator for NaiveDateTimeOf {
    type Value = NaiveDateTime;

    fn generate(&self, source: &mut ChoiceSource) -> NaiveDateTime {
        self.draw(source, |random| self.sample(random))
    }

    fn label(&self) -> &'static str {
        "naive_date_time"
    }
}

/// A generator of UTC date-times, from [`date_time_utc`] or
/// [`date_time_utc_between`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct DateTimeUtcOf {
    naive: NaiveDateTimeOf,
}

/// Any `DateTime<Utc>` of the years 1 to 9999, drawn, forced and shrunk as
/// [`naive_date_time`]: the minimal value is 2000-01-01T00:00:00Z.
///
/// ```
/// use quickcheck::{Generator, generate};
/// assert_eq!(generate::date_time_utc().sample(50, 1).len(), 50);
/// ```
pub fn date_time_utc() -> DateTimeUtcOf {
    DateTimeUtcOf { naive: naive_date_time() }
}

/// Any `DateTime<Utc>` in `low..=high`, as [`naive_date_time_between`].
///
/// # Panics
///
/// At the call, if `low > high`.
///
/// ```
/// use chrono::{TimeZone, Utc};
/// use quickcheck::{Generator, generate};
/// let (low, high) = (Utc.with_ymd_and_hms(2020, 1, 1, 0, 0, 0).unwrap(), Utc.with_ymd_and_hms(2021, 1, 1, 0, 0, 0).unwrap());
/// assert!(generate::date_time_utc_between(low, high).sample(50, 1).iter().all(|moment| (low..=high).contains(moment)));
/// ```
#[track_caller]
pub fn date_time_utc_between(low: DateTime<Utc>, high: DateTime<Utc>) -> DateTimeUtcOf {
    crate::generate::assert_increasing("date_time_utc_between", &low, &high, "after");
    DateTimeUtcOf { naive: naive_date_time_between(low.naive_utc(), high.naive_utc()) }
}

impl DateTimeUtcOf {
    /// The same instants, each shown in `zone`: `DateTime<Local>` with
    /// `chrono::Local` (chrono's `clock` feature), or any other
    /// [`TimeZone`] (a `chrono-tz` zone, a [`FixedOffset`]). The instants are drawn, forced and shrunk in UTC as
    /// before, so a seed gives the same instants on every machine, whatever
    /// zone it runs in; only how they print depends on the zone.
    ///
    /// The instants keep their range, so near its ends their local times
    /// can leave it: the forced last instant of [`date_time_utc`] is in the
    /// year 10000 east of UTC, and its first in the year 0 west of it, which
    /// formats such as RFC 3339 cannot write. Code that must take them is
    /// tested on them; for local times in years 1 to 9999 only, draw the
    /// instants with [`date_time_utc_between`] a day inside the range.
    ///
    /// ```
    /// use chrono::{FixedOffset, Utc};
    /// use quickcheck::{Generator, generate};
    /// let tokyo = FixedOffset::east_opt(9 * 3600).unwrap();
    /// let moments = generate::date_time_utc().in_zone(tokyo).sample(20, 1);
    /// let instants = generate::date_time_utc().sample(20, 1);
    /// assert!(moments.iter().all(|moment| moment.offset() == &tokyo));
    /// assert!(moments.iter().zip(&instants).all(|(moment, instant)| moment.with_timezone(&Utc) == *instant));
    /// ```
    pub fn in_zone<Tz: TimeZone>(self, zone: Tz) -> DateTimeIn<Tz> {
        DateTimeIn { instants: self, zone }
    }
}

impl Generator for DateTimeUtcOf {
    type Value = DateTime<Utc>;

    fn generate(&self, source: &mut ChoiceSource) -> DateTime<Utc> {
        self.naive.generate(source).and_utc()
    }

    fn label(&self) -> &'static str {
        "date_time_utc"
    }
}

/// A generator of date-times in one time zone, from
/// [`DateTimeUtcOf::in_zone`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct DateTimeIn<Tz> {
    instants: DateTimeUtcOf,
    zone: Tz,
}

impl<Tz: TimeZone> Generator for DateTimeIn<Tz> {
    type Value = DateTime<Tz>;

    fn generate(&self, source: &mut ChoiceSource) -> DateTime<Tz> {
        self.instants.generate(source).with_timezone(&self.zone)
    }

    fn label(&self) -> &'static str {
        "date_time_in"
    }
}

/// The widest offset either way, in minutes: 14:00.
const MAX_OFFSET_MINUTES: i32 = 14 * 60;

/// A generator of date-times with an offset, from [`date_time_offset`] or
/// [`date_time_offset_between`], optionally with a fixed offset
/// ([`DateTimeOffsetOf::with_offset`]).
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct DateTimeOffsetOf {
    /// The local clock times the choice is made over.
    local: NaiveDateTimeOf,
    /// The range's instants, as UTC clock times: a random draw picks one and
    /// shows it at its offset. A local time drawn by itself would miss a
    /// range narrower than the offsets' 28 hours for most offsets.
    instants: NaiveDateTimeOf,
    low: DateTime<FixedOffset>,
    high: DateTime<FixedOffset>,
    fixed: Option<FixedOffset>,
    /// Offsets in minutes, zig-zag around +00:00.
    offsets: ZigZag<u64>,
}

/// Any `DateTime<FixedOffset>` whose instant and local clock time both lie in
/// the years 1 to 9999: an instant drawn as [`naive_date_time`] draws a
/// date-time, shown at an offset of whole minutes in −14:00..=+14:00, whole
/// hours three draws in four. Shrinks the local time
/// as [`naive_date_time`] does and the offset towards +00:00, so the minimal
/// value is 2000-01-01T00:00:00+00:00.
///
/// Forces the bounds 0001-01-01T00:00:00+00:00 and
/// 9999-12-31T23:59:59.999999999+00:00 one draw in sixteen between them.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let moments = generate::date_time_offset().sample(200, 1);
/// assert!(moments.iter().any(|moment| moment.offset().local_minus_utc() % 3600 != 0));
/// ```
pub fn date_time_offset() -> DateTimeOffsetOf {
    let utc = FixedOffset::east_opt(0).expect("a valid offset");
    date_time_offset_between(first_moment().and_utc().with_timezone(&utc), last_moment().and_utc().with_timezone(&utc))
}

/// Any `DateTime<FixedOffset>` whose instant lies in `low..=high` (compared
/// as instants) and whose local clock time lies in the years 1 to 9999: an
/// instant of the range, as [`naive_date_time_between`] draws it, shown at
/// an offset drawn as for [`date_time_offset`]. Shrinks as
/// [`date_time_offset`] does; a shrunk local time and offset whose instant
/// falls outside the range give the bound instead.
///
/// Forces `low` and `high` one draw in sixteen between them, each verbatim
/// at its own offset when that offset is a whole number of minutes within
/// 14 hours (the offsets drawn). A bound at another offset is forced at its
/// local time with the offset cut to whole minutes within 14 hours, a
/// moment near the bound; where that moment falls outside the range, the
/// bound itself is given, at its own offset.
///
/// # Panics
///
/// At the call, if `low > high` as instants, or if no instant of the range
/// has a local clock time in the years 1 to 9999 at an offset within 14
/// hours.
///
/// ```
/// use chrono::{DateTime, FixedOffset};
/// use quickcheck::{Generator, generate};
/// let low = DateTime::parse_from_rfc3339("2024-01-01T00:00:00+05:30").unwrap();
/// let high = DateTime::parse_from_rfc3339("2024-06-01T00:00:00-03:00").unwrap();
/// let moments = generate::date_time_offset_between(low, high).sample(200, 1);
/// assert!(moments.iter().all(|moment| (low..=high).contains(moment)));
/// assert!(moments.iter().any(|moment| moment.offset() == low.offset() && *moment == low));
/// ```
#[track_caller]
pub fn date_time_offset_between(low: DateTime<FixedOffset>, high: DateTime<FixedOffset>) -> DateTimeOffsetOf {
    crate::generate::assert_increasing("date_time_offset_between", &low, &high, "after");
    let reach = TimeDelta::minutes(MAX_OFFSET_MINUTES.into());
    let local_low = low.naive_utc().checked_sub_signed(reach).unwrap_or(low.naive_utc()).max(first_moment());
    let local_high = high.naive_utc().checked_add_signed(reach).unwrap_or(high.naive_utc()).min(last_moment());
    assert!(
        local_low <= local_high,
        "date_time_offset_between: no instant of {low}..={high} has a local clock time in the years 1 to 9999 at an \
         offset within 14 hours; keep the range inside those years"
    );
    let offsets = ZigZag::new(2 * MAX_OFFSET_MINUTES as u64, MAX_OFFSET_MINUTES as u64);
    DateTimeOffsetOf {
        local: naive_date_time_between(local_low, local_high),
        instants: naive_date_time_between(low.naive_utc(), high.naive_utc()),
        low,
        high,
        fixed: None,
        offsets,
    }
}

impl DateTimeOffsetOf {
    /// The same range, every value at `offset`: the range is trimmed to the
    /// instants whose local clock time at `offset` lies in the years 1 to
    /// 9999, so a positive offset stops early by the offset, and a negative
    /// one starts late. The bounds are forced converted to `offset`.
    ///
    /// # Panics
    ///
    /// At the call, if no instant of the range is left.
    ///
    /// ```
    /// use chrono::FixedOffset;
    /// use quickcheck::{Generator, generate};
    /// let india = FixedOffset::east_opt(5 * 3600 + 1800).unwrap();
    /// let moments = generate::date_time_offset().with_offset(india).sample(100, 1);
    /// assert!(moments.iter().all(|moment| moment.offset() == &india));
    /// ```
    #[track_caller]
    pub fn with_offset(self, offset: FixedOffset) -> DateTimeOffsetOf {
        let shift = TimeDelta::seconds(offset.local_minus_utc().into());
        // The instants whose local time is inside the years 1 to 9999.
        let earliest = first_moment() - shift;
        let latest = last_moment() - shift;
        let low = self.low.naive_utc().max(earliest);
        let high = self.high.naive_utc().min(latest);
        assert!(
            low <= high,
            "DateTimeOffsetOf::with_offset({offset}): no instant of {}..={} has a local time in the years 1 to 9999 \
             at that offset; move the range away from the ends of those years, or use an offset nearer to UTC",
            self.low,
            self.high
        );
        let (low, high) = (low.and_utc().with_timezone(&offset), high.and_utc().with_timezone(&offset));
        DateTimeOffsetOf {
            local: naive_date_time_between(low.naive_local(), high.naive_local()),
            instants: naive_date_time_between(low.naive_utc(), high.naive_utc()),
            low,
            high,
            fixed: Some(offset),
            offsets: self.offsets,
        }
    }

    fn sample_offset(random: &mut Random) -> i32 {
        if random.up_to(3) != 0 {
            (random.up_to(28) as i32 - 14) * 60
        } else {
            random.up_to(2 * MAX_OFFSET_MINUTES as u64) as i32 - MAX_OFFSET_MINUTES
        }
    }
}

impl Generator for DateTimeOffsetOf {
    type Value = DateTime<FixedOffset>;

    fn generate(&self, source: &mut ChoiceSource) -> DateTime<FixedOffset> {
        let mut plan = None;
        let local = self.local.draw(source, |random| {
            let word = random.next_u64();
            let (local, minutes) = if word & 15 != 0 {
                let minutes =
                    self.fixed.map_or_else(|| Self::sample_offset(random), |fixed| fixed.local_minus_utc() / 60);
                let instant = self.instants.sample_unforced(random);
                let shown = instant.checked_add_signed(TimeDelta::minutes(minutes.into())).unwrap_or(instant);
                (shown.clamp(self.local.low, self.local.high), minutes)
            } else {
                // A bound's own offset may lie beyond the 14 hours offsets
                // are drawn from (chrono allows up to a day), so its local
                // time may lie outside the drawn window: both are kept to
                // what can be drawn, and an instant that then misses the
                // range gives the bound itself below.
                let bound = if word & 16 == 0 { self.low } else { self.high };
                let local = bound.naive_local().clamp(self.local.low, self.local.high);
                (local, (bound.offset().local_minus_utc() / 60).clamp(-MAX_OFFSET_MINUTES, MAX_OFFSET_MINUTES))
            };
            plan = Some(minutes);
            local
        });
        let offset = match self.fixed {
            Some(fixed) => fixed,
            None => {
                let index = source.choose(self.offsets.max_index(), |random| {
                    let minutes = plan.unwrap_or_else(|| Self::sample_offset(random));
                    self.offsets.index((minutes + MAX_OFFSET_MINUTES) as u64)
                });
                let minutes = self.offsets.offset(index) as i32 - MAX_OFFSET_MINUTES;
                FixedOffset::east_opt(minutes * 60).expect("offsets within 14 hours are valid")
            }
        };
        match local.checked_sub_offset(offset) {
            Some(instant) => {
                let moment = DateTime::<FixedOffset>::from_naive_utc_and_offset(instant, offset);
                if moment < self.low {
                    self.low
                } else if moment > self.high {
                    self.high
                } else {
                    moment
                }
            }
            None => self.low,
        }
    }

    fn label(&self) -> &'static str {
        "date_time_offset"
    }
}

impl NaiveDateTimeOf {
    fn sample_unforced(&self, random: &mut Random) -> NaiveDateTime {
        let date = self.dates.sample(random);
        let moment = NaiveDateTime::new(date, sample_time(random, DATE_TIME_PRECISE_IN));
        if (self.low..=self.high).contains(&moment) {
            return moment;
        }
        // On a bound's own day, past the bound: drawn again inside the part
        // of the day the range covers, rather than clamped to the bound, so
        // a range narrower than a day is drawn across and not mostly at its
        // bounds. In steps from the part's start as long as the time's
        // precision, or as long as leaves the part at least two values:
        // whole minutes from its start across an hour, say.
        let midnight = date.and_time(NaiveTime::MIN);
        let start = self.low.max(midnight);
        let end = midnight.checked_add_signed(TimeDelta::days(1)).map_or(self.high, |next| next.min(self.high));
        let covered = (end - start).num_nanoseconds().unwrap_or(0);
        if covered <= 0 {
            return start;
        }
        let drawn_precision = precision(parts(moment.time())).max(1) as usize;
        let step = STEP_NANOS[drawn_precision - 1..].iter().copied().find(|&step| covered / step >= 2).unwrap_or(1);
        let steps = random.up_to(((covered - 1) / step) as u64) as i64;
        // A bound inside a leap second (23:59:60.5) is past every time that
        // adding to the start can reach on its day: the sum rolls over into
        // the next day instead, and is brought back to the bound.
        (start + TimeDelta::nanoseconds(steps * step)).min(self.high)
    }
}

/// `TimeDelta::MAX` in nanoseconds.
const MAX_DELTA_NANOS: u128 = i64::MAX as u128 * 1_000_000;

/// A generator of time deltas, from [`time_delta`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct TimeDeltaOf;

/// Any `TimeDelta`: a sign, a unit (nanoseconds, milliseconds, seconds,
/// minutes, hours or days) and a whole number of it, small counts most
/// often, so spans of every scale appear. Shrinks towards
/// `TimeDelta::zero()`, positive before negative, lowering the unit before
/// the count, so a shrunk delta is a round one.
///
/// Forces zero, `TimeDelta::MIN` and `TimeDelta::MAX` one draw in sixteen
/// between them.
///
/// ```
/// use chrono::TimeDelta;
/// use quickcheck::{Generator, generate};
/// let deltas = generate::time_delta().sample(300, 1);
/// assert!(deltas.contains(&TimeDelta::MAX) && deltas.iter().any(|delta| *delta < TimeDelta::zero()));
/// ```
pub fn time_delta() -> TimeDeltaOf {
    TimeDeltaOf
}

fn delta_count(unit: u64, random: &mut Random) -> u64 {
    let most = UNITS.get(unit as usize).map_or(0, |&unit| u64::try_from(MAX_DELTA_NANOS / unit).unwrap_or(u64::MAX));
    count_up_to(most, random)
}

impl Generator for TimeDeltaOf {
    type Value = TimeDelta;

    fn generate(&self, source: &mut ChoiceSource) -> TimeDelta {
        let mut plan = None;
        let negative = source.choose(1, |random| {
            let word = random.next_u64();
            let (negative, unit, count) = match word & 15 {
                0 => match (word >> 4) % 3 {
                    0 => (false, 0, 0),
                    // An extreme: the unit past the last.
                    1 => (false, UNITS.len() as u64, 0),
                    _ => (true, UNITS.len() as u64, 0),
                },
                _ => {
                    let unit = random.up_to(UNITS.len() as u64 - 1);
                    (word & 16 != 0, unit, delta_count(unit, random))
                }
            };
            plan = Some((unit, count));
            u64::from(negative)
        }) == 1;
        let unit = source.choose(UNITS.len() as u64, |random| {
            let unit = plan.map_or_else(|| random.up_to(UNITS.len() as u64 - 1), |(unit, _)| unit);
            plan = Some((unit, plan.map_or_else(|| delta_count(unit, random), |(_, count)| count)));
            unit
        });
        // The count means the same under every unit, clamped to the unit's
        // largest, so lowering the unit keeps it.
        let count =
            source.choose(u64::MAX, |random| plan.map_or_else(|| delta_count(unit, random), |(_, count)| count));
        let magnitude = match UNITS.get(unit as usize) {
            Some(&nanos) => (u128::from(count) * nanos).min(MAX_DELTA_NANOS),
            None => MAX_DELTA_NANOS,
        };
        let nanos = if negative { -(magnitude as i128) } else { magnitude as i128 };
        let seconds = nanos.div_euclid(1_000_000_000) as i64;
        TimeDelta::new(seconds, nanos.rem_euclid(1_000_000_000) as u32)
            .expect("magnitudes are clamped to TimeDelta::MAX")
    }

    fn label(&self) -> &'static str {
        "time_delta"
    }
}
/// One draw in sixteen a bound (`low` or `high`, evenly), otherwise
/// `unforced`: how every generator here makes its bounds come up.
fn forced_or<T>(random: &mut Random, low: T, high: T, unforced: impl FnOnce(&mut Random) -> T) -> T {
    let word = random.next_u64();
    if word & 15 != 0 {
        unforced(random)
    } else if word & 16 == 0 {
        low
    } else {
        high
    }
}
