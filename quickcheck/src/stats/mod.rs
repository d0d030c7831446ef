//! Statistics: what the examples of a check exercised, and coverage
//! requirements on it.
//!
//! A property can pass while exercising almost nothing. Inside a body, a
//! command's run, or a generator drawing the example (a closure given to
//! `map` or `filter`, a command sequence's `next`), [`classify`],
//! [`label`], [`collect`] and [`cover`] record what the current example
//! hit; the passing report prints the distribution. What a filter rejects
//! records nothing: a `classify` in the `map` before it counts only the
//! value it let through.
//! Each example counts once per label, pinned examples contribute nothing and
//! discarded examples are not counted. Examples found by
//! [`target`]'s hill climbing are not counted either: they are chosen for
//! their score, not drawn, so they would skew the distribution.
//!
//! Recording is per thread: these functions record into the example being
//! drawn or run on the calling thread, and do nothing anywhere else (a
//! value drawn outside a check, with `sample`, records nothing). A thread
//! the body spawns (a scoped thread, a rayon task, a `tokio::spawn`ed task
//! on another worker) records nothing; hand what it found back to the
//! body's thread and record it there. An async body's own polls count,
//! wherever the executor polls it.
//!
//! The distribution is the generators': an input drawn twice counts twice.
//! A check whose body records nothing skips an input it has run before and
//! stops once every input has run (a property over `bool` runs twice), but
//! once an example records statistics, repeats run and count like any other
//! example, so a common input such as the empty list shows at its real
//! rate, and the examples are independent draws, as the sequential test of
//! a coverage confidence assumes.
//!
//! [`cover`] also states a requirement: at least some percentage of examples
//! should hit the label. A shortfall is a warning, with the range the true
//! rate plausibly lies in (the 95% Jeffreys interval). With
//! [`Options::coverage_confidence`](crate::Options::coverage_confidence) the
//! requirements become assertions decided by a sequential test, as in
//! Haskell QuickCheck's `checkCoverage`.
//!
//! ```
//! use quickcheck::stats::{classify, collect, cover};
//! use quickcheck::{Options, Property, generate};
//!
//! let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
//!     classify(list.is_empty(), "empty");
//!     cover(list.len() >= 5, 20.0, "five or more");
//!     collect("sign of first", list.first().map_or("none", |x| if *x < 0 { "-" } else { "+" }));
//! })
//! .check(Options::default().seed(1));
//! assert!(result.statistics().count("empty") > 0);
//! println!("{result}");
//! ```

mod coverage;
mod numerics;
mod record;
mod summary;

pub use coverage::Confidence;
pub(crate) use coverage::{Decision, decide};
pub(crate) use record::{
    ExampleRecord, abandoning, attempting, failure_in_flight, forget_failure_places, note_failure_place, recording,
    replace_current,
};
pub use record::{classify, collect, cover, label, note, target};
pub use summary::Statistics;
pub(crate) use summary::{Shortfalls, show_percent_below};
