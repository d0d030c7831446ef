//! Property-based testing with integrated shrinking.
//!
//! A property says that something holds *for all* inputs: reversing a list
//! twice gives the list back, a parser accepts what the printer prints, a
//! cache agrees with the map it caches. This crate checks a property by
//! generating many inputs, and when one fails, by *shrinking* it to a
//! minimal counterexample before reporting it.
//!
//! # A first property
//!
//! ```
//! use quickcheck::{Options, Property, generate};
//!
//! Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
//!     let mut reversed = list.clone();
//!     reversed.reverse();
//!     reversed.reverse();
//!     assert_eq!(reversed, list);
//! })
//! .assert(Options::default());
//! ```
//!
//! A failing property reports the smallest input it could find, how it got
//! there, and how to rerun it:
//!
//! ```
//! use quickcheck::{Options, Property, generate};
//!
//! let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
//!     !list.contains(&100)
//! })
//! .check(Options::default().seed(7).runs(5_000));
//! assert_eq!(result.minimal().unwrap().value(), &vec![100]);
//! println!("{result}");
//! // Falsified after 412 tests and 9 shrinks (seed 7).
//! //   Minimal counterexample: [100]
//! //   Original counterexample: [-23, 100, 7]
//! //   Failure: the property returned false
//! //   Replay with: Options::default().replay("7:411")
//! ```
//!
//! # How it works
//!
//! Every decision a generator makes is recorded as an integer choice, with
//! 0 always the simplest option, so a test case *is* its sequence of choices.
//! The shrinker edits that sequence — deleting runs of it, zeroing parts,
//! lowering single choices, moving value between two — and replays the
//! generators on each edit, keeping edits that still fail the same way. As a
//! result no generator needs a shrinker of its own, shrinking works through
//! [`map`](Generator::map), [`filter`](Generator::filter) and
//! [`flat_map`](Generator::flat_map), and a shrunk value is always one the
//! generator could have produced. This is the design of Hypothesis; the
//! [`engine`] module documents it.
//!
//! # Where to look
//!
//! - [`generate`]: the generators and their combinators.
//! - [`Property`]: `for_all`, pinned examples, `check` and `assert`, sync
//!   and async.
//! - [`Options`]: runs, seeds, replay tokens, budgets, cancellation, and the
//!   environment variables that override them.
//! - [`PropertyResult`]: what a check found; its `Display` is the report.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod engine;
pub mod generate;
mod property;
pub mod stateful;

pub use engine::source::ChoiceSource;
pub use generate::{BoxedGenerator, Generator};
pub use property::{
    Cancellation, Counterexample, Failure, FailureKind, Location, Options, Outcome, Property, PropertyResult, Replay,
    ReplayParseError, TestResult, assume,
};
