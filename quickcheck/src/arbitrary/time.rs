//! Durations, and with the `chrono` feature, dates and times.

use std::time::Duration;

use crate::arbitrary::Arbitrary;
use crate::generate::{self, DurationOf};

/// Any `Duration`, as [`generate::duration`] draws it: shrinks towards
/// `Duration::ZERO`.
impl Arbitrary for Duration {
    type Generator = DurationOf;

    fn arbitrary() -> DurationOf {
        generate::duration()
    }
}

/// Implements `Arbitrary` for a chrono type with the generator that draws
/// the type's whole range.
#[cfg(feature = "chrono")]
macro_rules! chrono_types {
    ($($type:ty => $generator:ident from $function:ident),* $(,)?) => {$(
        #[doc = concat!("Any `", stringify!($type), "`, as [`generate::", stringify!($function), "`] draws it.")]
        impl Arbitrary for $type {
            type Generator = generate::$generator;

            fn arbitrary() -> generate::$generator {
                generate::$function()
            }
        }
    )*};
}

#[cfg(feature = "chrono")]
chrono_types!(
    chrono::NaiveDate => NaiveDateOf from naive_date,
    chrono::NaiveTime => NaiveTimeOf from naive_time,
    chrono::NaiveDateTime => NaiveDateTimeOf from naive_date_time,
    chrono::DateTime<chrono::Utc> => DateTimeUtcOf from date_time_utc,
    chrono::DateTime<chrono::FixedOffset> => DateTimeOffsetOf from date_time_offset,
    chrono::TimeDelta => TimeDeltaOf from time_delta,
);

/// Any day of the week, equally often. Shrinks towards Monday, the first
/// day of the ISO week.
#[cfg(feature = "chrono")]
impl Arbitrary for chrono::Weekday {
    type Generator = generate::Elements<chrono::Weekday>;

    fn arbitrary() -> Self::Generator {
        use chrono::Weekday::{Fri, Mon, Sat, Sun, Thu, Tue, Wed};
        generate::elements([Mon, Tue, Wed, Thu, Fri, Sat, Sun])
    }
}

/// Any month, equally often. Shrinks towards January.
#[cfg(feature = "chrono")]
impl Arbitrary for chrono::Month {
    type Generator = generate::Elements<chrono::Month>;

    fn arbitrary() -> Self::Generator {
        use chrono::Month::{
            April, August, December, February, January, July, June, March, May, November, October, September,
        };
        generate::elements([
            January, February, March, April, May, June, July, August, September, October, November, December,
        ])
    }
}
