//! `std::time::Duration`.

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
