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
//! Most properties are functions under the [`property`](macro@property)
//! attribute, which draws each parameter from its type's
//! [`Arbitrary`](trait@Arbitrary) generator and makes the function a test:
//!
//! ```
//! use quickcheck::property;
//!
//! #[property]
//! fn reversing_twice_gives_the_list_back(list: Vec<i32>) {
//!     let mut reversed = list.clone();
//!     reversed.reverse();
//!     reversed.reverse();
//!     assert_eq!(reversed, list);
//! }
//! # fn main() {}
//! ```
//!
//! The same check without the attribute names its generator and its options
//! in code, which suits a property built at run time or checked from a
//! helper:
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
//! # When a property fails
//!
//! A failing property reports the smallest input it could find, how it got
//! there, and how to rerun it:
//!
//! ```
//! use quickcheck::{Options, Property, generate};
//!
//! let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
//!     !list.contains(&42)
//! })
//! .check(Options::default().seed(7).runs(5_000));
//! assert_eq!(result.minimal().unwrap().value(), &vec![42]);
//! println!("{result}");
//! // Falsified after 66 tests and 7 shrinks (seed 7).
//! //   Minimal counterexample: [42]
//! //   Original counterexample: [17020693, 426, 59, -52, -59755977, 42, 224, -100, 2147483647]
//! //   Failure: the property returned false
//! //   Replay with: Options::default().replay("v1.AancnRAB0wYBdQFoAZK3_jgBUwG_AwHIAQH9____DwA")
//! ```
//!
//! Three ways keep a failure checked until it is fixed. The example
//! database saves it (in Cargo's target directory) and replays it first on
//! the next run of a named property, which every `#[property]` is. The
//! replay token reruns exactly that example while the generators stay as
//! they are. And pinning its value, with `#[example(...)]` or
//! [`Property::example`], checks it for good, whatever the generators
//! become.
//!
//! # Generators
//!
//! A parameter's type picks its generator through [`Arbitrary`](trait@Arbitrary);
//! `#[generator(...)]` on the parameter picks another. The functions of
//! [`generate`] make the generators, and [`Generator`]'s methods combine them:
//! [`map`](Generator::map) a value into another,
//! [`filter`](Generator::filter) out the values that do not fit (sparingly:
//! a rejected value costs a draw), and [`flat_map`](Generator::flat_map) to
//! draw from a generator chosen by an earlier value. [`generate::from_fn`]
//! writes a generator as code that draws its parts one after another.
//! `#[derive(Arbitrary)]` gives a struct or an enum a generator of its
//! fields, recursive types included:
//!
//! ```
//! use quickcheck::{Arbitrary, Generator, generate, property};
//!
//! #[derive(Arbitrary, Clone, Debug)]
//! enum Shape {
//!     Circle { radius: u16 },
//!     Rectangle(#[generator(generate::between(1, 100))] u8, u8),
//! }
//!
//! /// A non-empty list and an index into it: the index's range depends on
//! /// the list drawn first.
//! fn list_and_index() -> impl Generator<Value = (Vec<i32>, usize)> {
//!     generate::vec(generate::integer::<i32>()).min_length(1).flat_map(|list| {
//!         let last = list.len() - 1;
//!         (generate::constant(list), generate::between(0, last))
//!     })
//! }
//!
//! #[property]
//! fn an_index_drawn_with_its_list_is_in_bounds(
//!     #[generator(list_and_index())] pair: (Vec<i32>, usize),
//!     shape: Shape,
//! ) {
//!     let (list, index) = pair;
//!     assert!(index < list.len());
//!     let _ = shape;
//! }
//! # fn main() {}
//! ```
//!
//! Every generator shrinks without help: the shrinker works on what it
//! drew, so a mapped, filtered or derived value shrinks towards the
//! simplest one its generator can make (a number towards 0, a list towards
//! the empty list, an enum towards its first variant, or a later one that
//! takes fewer choices: a variant without fields before one with them).
//!
//! # Statistics and coverage
//!
//! A property that passes may still have tested little. [`stats::classify`],
//! [`stats::collect`] and [`stats::cover`], called in the body, record what
//! each example hit; the report shows the distribution, and `cover` warns
//! when a label is met less often than it asks (or, with
//! [`Options::coverage_confidence`], fails the check):
//!
//! ```
//! use quickcheck::stats::{classify, cover};
//! use quickcheck::{Options, Property, generate};
//!
//! let result = Property::for_all(generate::vec(generate::integer::<u8>()), |list| {
//!     classify(list.is_empty(), "empty");
//!     cover(list.windows(2).any(|pair| pair[0] == pair[1]), 5.0, "a repeated neighbour");
//!     let mut sorted = list.clone();
//!     sorted.sort();
//!     sorted.len() == list.len()
//! })
//! .check(Options::default());
//! assert!(result.is_passed());
//! println!("{result}"); // the share of examples under each label
//! ```
//!
//! # Stateful testing
//!
//! [`stateful`] tests a system with state against a model of it: a property
//! over sequences of commands, drawn by advancing the model, each checked
//! against the system as it runs. A failing sequence shrinks to the fewest
//! commands, with the simplest arguments, that still fail; the module's
//! documentation walks through a key-value store.
//!
//! # Asynchronous properties
//!
//! An `async fn` under `#[property]` runs on a small executor of this
//! crate's, or on the runtime of a test attribute written after it (such as
//! `#[tokio::test]`); [`Property::check_async`] awaits a property under any
//! executor. Examples run one at a time, so shrinking stays deterministic,
//! and [`Options::deadline`] gives up on a body that takes too long.
//!
//! # Coming from proptest or quickcheck 1.x
//!
//! `proptest! { fn f(x in strategy) }` and `#[quickcheck] fn f(x: T)` become
//! `#[property] fn f(#[generator(strategy)] x: T)` and `#[property] fn f(x: T)`;
//! a strategy's `prop_map`, `prop_filter` and `prop_flat_map` are
//! [`map`](Generator::map), [`filter`](Generator::filter) and
//! [`flat_map`](Generator::flat_map); `any::<T>()` is
//! [`arbitrary::<T>()`](arbitrary()); a hand-written `Arbitrary` with its
//! own `shrink` becomes [`generate::from_fn`] or `#[derive(Arbitrary)]`, with
//! no shrinking to write. The repository's README has the whole table.
//!
//! # Environment variables and features
//!
//! `QUICKCHECK_RUNS`, `QUICKCHECK_SEED`, `QUICKCHECK_MAX_SHRINKS`,
//! `QUICKCHECK_DATABASE` and `QUICKCHECK_RUN_FOR` (a time to search each
//! property for, such as `10m`) override the options of every check, and
//! `QUICKCHECK_STATISTICS=always` shows the reports of passing checks
//! that `assert` or `#[property]` runs, and `QUICKCHECK_ISOLATE=on` runs
//! every body in a child process, where an abort or a stack overflow fails
//! only its example ([`Options::isolate`]);
//! [`Options`] has the details. Cargo features add generators for other
//! crates' types: `half`, `decimal` (`rust_decimal`), `chrono` and `uuid`;
//! `regex` adds `generate::string_matching`, the strings a regular
//! expression matches; `serde` adds a serde round-trip law to
//! [`oracles::laws`].
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
//! generator could have produced. This is the design of Python's
//! Hypothesis; the [`engine`] module gives an overview of its parts.
//!
//! # Where to look
//!
//! - [`property`](macro@property): the attribute that makes a function with
//!   typed parameters a property test, with pinned `#[example(...)]`s and
//!   per-parameter `#[generator(...)]`s.
//! - [`Arbitrary`](trait@Arbitrary): each type's default generator, for the
//!   standard types and, with `#[derive(Arbitrary)]`, your own.
//! - [`registry`]: every `#[property]` of a binary, to list and run outside
//!   libtest.
//! - [`generate`]: the generators and their combinators.
//! - [`Property`]: `for_all`, pinned examples, `check` and `assert`, sync
//!   and async.
//! - [`Options`]: runs, seeds, replay tokens, budgets, time limits
//!   (`run_for`, `deadline`), isolation in a child process, cancellation,
//!   and the environment variables that override them.
//! - [`PropertyResult`]: what a check found; its `Display` is the report,
//!   with one [`FailureReport`] per distinct failure.
//! - [`Phases`]: the phases of a check (pinned examples, the example
//!   database, generation, [`target`]ed search, shrinking, explaining) and
//!   how to turn each off; [`HealthCheck`]s that warn about a property that
//!   tests less than it seems to.
//! - [`stats`], [`stateful`], [`oracles`]: statistics and coverage, model
//!   testing of command sequences, and ready-made properties and laws.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod arbitrary;
pub mod engine;
pub mod generate;
pub mod oracles;
mod property;
pub mod registry;
pub mod stateful;
pub mod stats;
mod warning;

// The macros' generated code calls into this module.
#[doc(hidden)]
pub mod __private;

pub use arbitrary::{Arbitrary, arbitrary};

/// Turns a function with typed parameters into a property test.
///
/// ```
/// use quickcheck::property;
///
/// #[property]
/// fn reversing_twice_gives_the_list_back(list: Vec<i32>) {
///     let mut twice = list.clone();
///     twice.reverse();
///     twice.reverse();
///     assert_eq!(twice, list);
/// }
/// # fn main() {}
/// ```
///
/// The function, a free function (not a method in an `impl` block, where
/// a `#[test]` cannot be), becomes a `#[test]` whose body checks the
/// property: each
/// parameter is drawn from its type's [`Arbitrary`] generator, or from the
/// expression of a `#[generator(...)]` on the parameter, and the function's
/// body runs for every drawn set of values. It may return `()`, `bool` or
/// a `Result` whose `Err` fails the example, as a [`Property`] body does,
/// so `assert!` and `?` work.
///
/// ```
/// use quickcheck::{generate, property};
///
/// // A fixed seed checks the same examples on every run; leave it out to
/// // search new ones each time. A pinned example need not lie within the
/// // generators' ranges: (0, 1) is checked as written.
/// #[property(runs = 500, seed = 7)]
/// #[example(0, 1)]
/// #[example(6, 6)]
/// fn dice_sum_to_at_most_twelve(
///     #[generator(generate::between(1, 6))] first: u8,
///     #[generator(generate::between(1, 6))] second: u8,
/// ) -> bool {
///     first + second <= 12
/// }
/// # fn main() {}
/// ```
///
/// # Options
///
/// `#[property(...)]` takes the [`Options`] a check runs with, as
/// `name = value` pairs: `runs` (also written `cases`), `seed`,
/// `max_shrinks`, `max_discard_ratio` and `target_steps` take whole
/// numbers (or constants: `runs = CASES` with a `const CASES: u64` shared by
/// a file's properties), `replay`, `name` and `database` strings, `phases`,
/// `coverage_confidence`, `run_for`, `max_shrink_time` and `deadline` a
/// value of their type
/// (`phases = quickcheck::Phases::all().without(quickcheck::Phase::Shrink)`,
/// `deadline = std::time::Duration::from_millis(200)`),
/// `suppress` a list of [`HealthCheck`]s, `multiple_failures = false`
/// stops at the first failure, and `isolate = true` runs each body in a
/// child process ([`Options::isolate`]). A `replay` token written as a literal is
/// read as the test compiles: one pasted short, or printed by another
/// version of quickcheck, is a compile error at the literal. A relative
/// `database` is taken from the directory of the package under test, in
/// its source tree (see [`Options::database`], which suggests one under
/// `target/` instead).
/// The environment variables documented on
/// [`Options`] override them, as they override every check. One more,
/// `crate = "path"`, is not an option of the check: the generated code
/// reaches this crate through `path`, for a crate that depends on it under
/// another name (`crate = "qc"` with `qc = { package = "quickcheck", .. }`).
///
/// # Examples
///
/// Each `#[example(...)]` pins one case, with one expression per parameter
/// in order, checked before the generated ones (see
/// [`Property::example`]). Written below `#[property]`, it is read by that
/// attribute and needs no import; written above it, it is an attribute of
/// its own, and needs `use quickcheck::example`. Each expression has its
/// parameter's type, which it may be inferred from (`Default::default()`,
/// `(0..3).collect()`), and a `String` or `Cow<str>` parameter also takes a
/// string literal, so an example line from a report pastes back as it is.
/// A `replay` option and examples exclude each other (a replay checks only
/// the example its token names, which would leave the pins unchecked): take
/// the examples out while replaying, as the report's "Replay with" line
/// says when the property has any.
///
/// # Reports
///
/// A failure names each parameter and ends with an `#[example(...)]` line
/// that pins the minimal counterexample. For `fn lists_never_contain_42(list:
/// Vec<i32>) -> bool { !list.contains(&42) }` under `#[property(seed = 7,
/// runs = 5000)]`, on its first run (later runs start from the failure saved
/// in the example database, and say so), the test panics with this report:
///
/// ```text
/// Falsified after 62 tests and 7 shrinks (seed 7).
///   Minimal counterexample:
///     list = [42]
///   Original counterexample:
///     list = [17020693, 426, 59, -52, -59755977, 42, 224, -100, 2147483647]
///   Failure: the property returned false
///   Replay with: #[property(replay = "v1.AancnRAB0wYBdQFoAZK3_jgBUwG_AwHIAQH9____DwA")]
///   Pin it with: #[example(vec![42])]
/// ```
///
/// The `Pin it with` line writes each value as its `Debug` form, with a
/// `Vec`'s list as `vec![...]`, an enum's variant after its type's path
/// and a `String` inside a value as `"...".to_owned()`. Where that would
/// not compile back into the value, the line is left out: maps and sets,
/// boxed and shared values, command sequences, text that is no Rust
/// expression (a `Duration`'s `1.5s`), a variant inside a value, a derived
/// type whose fields the test's module cannot see, or one whose `Debug`
/// is written by hand.
///
/// # Asynchronous properties
///
/// An `async fn` property runs on the runtime of a test attribute written
/// below `#[property]`, such as `#[tokio::test]`, or with none, on a minimal
/// executor of this crate that parks the thread while the body waits. Any
/// test attribute (an attribute whose path ends in `test`) also replaces
/// the `#[test]` that `#[property]` adds. Write such an attribute below
/// `#[property]`: above it, it sees the function before `#[property]` does,
/// parameters and all. `#[tokio::test]` there makes the function
/// synchronous, its body building a runtime and blocking on it, which
/// then happens once for every example and shrink attempt.
///
/// A body's panics are caught and shown in the report alone. A task the
/// body spawns runs outside the check, so the panic hook sees its panics.
/// On a current-thread runtime (`#[tokio::test]`'s default) such a task
/// runs on the check's thread, and there the hook is called for a panic
/// from one place once a check, rather than once for every example and
/// shrink attempt that spawns the task; a multi-thread runtime's workers
/// are other threads, whose panics all reach the hook.
///
/// ```
/// use quickcheck::property;
///
/// #[property]
/// async fn strings_survive_an_await(text: String) {
///     let copy = async { text.clone() }.await;
///     assert_eq!(copy, text);
/// }
/// # fn main() {}
/// ```
///
/// # Expected failures
///
/// Under `#[should_panic]` (or a `#[cfg_attr]` that adds it), the test
/// passes only if the property fails: an example fails, or a generator
/// panics. A check that could not test the property (misconfigured
/// options, a filter that rejects everything, coverage not met) does not
/// count as that failure: it fails the test, with its report in the test's
/// output.
///
/// ```
/// use quickcheck::property;
///
/// #[property]
/// #[should_panic(expected = "Falsified")]
/// fn wrapping_addition_is_not_checked_addition(a: u8, b: u8) -> bool {
///     a.checked_add(b) == Some(a.wrapping_add(b))
/// }
/// # fn main() {}
/// ```
///
/// # Registry
///
/// Each property that `#[property]` runs itself (with its own `#[test]`, or
/// its own executor for an `async fn`) is also registered, with its name,
/// module, file, line and options, so that [`registry::run_all`] can check
/// every one outside libtest. The check is compiled with the function, so a
/// property kept out of normal builds belongs in a `#[cfg(test)]` module,
/// as any test does.
pub use quickcheck_macros::property;

/// Pins one case of a [`property`]: one expression per parameter, in order.
/// Repeat it for several cases. See [`property`].
pub use quickcheck_macros::example;

pub use engine::source::ChoiceSource;
pub use generate::{BoxedGenerator, Generator};
pub use property::{
    Cancellation, CommandArgumentPosition, Counterexample, Failure, FailureKind, FailureReport, HealthCheck,
    HealthWarning, IntoVerdict, Location, Options, Outcome, ParameterValues, Phase, Phases, Property, PropertyResult,
    Replay, ReplayParseError, ShrinkPass, assume,
};
/// Derives [`Arbitrary`](trait@Arbitrary) for a struct or an enum.
///
/// A struct draws each field from its type's generator in order. An enum
/// draws a variant, then its fields. Type parameters whose values are
/// drawn must be `Arbitrary` themselves (see below).
///
/// ```
/// use quickcheck::{Arbitrary, Generator, generate};
///
/// #[derive(Arbitrary, Debug)]
/// struct Order {
///     #[generator(generate::between(1, 99))]
///     quantity: u32,
///     note: Option<String>,
/// }
///
/// #[derive(Arbitrary, Debug)]
/// enum Shape {
///     Point,
///     #[weight(3)]
///     Circle { radius: u16 },
///     Rectangle(u16, u16),
/// }
///
/// assert!(Order::arbitrary().sample(20, 1).iter().all(|order| (1..=99).contains(&order.quantity)));
/// assert_eq!(Shape::arbitrary().sample(20, 1).len(), 20);
/// ```
///
/// - `#[generator(expr)]` on a field draws it from `expr` instead; the
///   expression is built afresh for each value.
/// - A generic type's parameters must be `Arbitrary` where a field's value
///   of them is drawn; one named only inside `PhantomData`, or only in
///   fields with their own `#[generator(...)]`, gets no such bound, so a
///   marker type needs no generator. A field of an associated type
///   (`Vec<I::Item>`) bounds that type (`I::Item: Arbitrary`), not `I`.
/// - `#[weight(n)]` on a variant makes it `n` times as likely as a variant of
///   weight 1, the default; a variant of weight 0 is never drawn.
/// - An enum shrinks as every value does, towards fewer choices first: a
///   variant drawn with fewer choices (a unit variant, or one with fewer or
///   simpler fields) is simpler than an earlier variant with more. Among
///   variants as simple, it shrinks towards the earlier; first of all
///   comes its first variant of positive weight that does not contain the
///   enum itself, whatever the other weights. Such a variant ends the
///   recursion of a recursive enum, which nests at most six levels deep
///   before only its non-recursive variants are drawn. Where every variant
///   contains the enum, those that hold it only in standard collections
///   and `Option`s (`Node(u8, Vec<Self>)`) end it instead: at the depth
///   limit only they are drawn, with those fields left empty, as a
///   struct's are. A variant contains
///   the enum when a field's type names it as `Self`, by its bare name or
///   by a path from this crate. An enum whose recursive variants each hold
///   one value of it at most (`Cons(i32, Box<List>)`, or an
///   `Option<Box<Self>>`) is a chain: the variant choice alone ends it, so
///   it may nest 64 levels deep, and the fields that hold it are drawn at
///   full size. Its length follows the variant weights: with `Nil` and
///   `Cons` equally likely, a list is about one long and seldom ten; give
///   `Cons` a `#[weight(9)]` for lists about nine long.
/// - A struct that contains itself (`children: Vec<Tree>`) nests at most
///   six levels deep too: there its fields that contain it are left empty,
///   so they must be a standard collection or an `Option`.
/// - Otherwise, each level down draws the fields that contain the type at
///   half the size of the level above, so collections of them get shorter
///   with depth and a value stays small however many children a level
///   may have.
/// - Types that contain each other (an `Expression` holding a `Block` of
///   `Statement`s that hold `Expression`s), which no field shows, are found
///   as they are drawn: once a value is drawn inside another of its type,
///   its fields that are more than plain data (primitives, `String`, and
///   tuples and arrays of them) are drawn at half the size, and six levels
///   deep an enum draws only its variants of plain data, if it has any:
///   those it starts with, or all of them if it starts with none, so that
///   even its simplest value ends.
///   Types that could never end stop each example as too large, with a
///   health warning, rather than overflowing the stack.
/// - `#[arbitrary(crate = "path")]` on the type makes the generated code
///   reach this crate through `path`, for a crate that depends on it under
///   another name.
///
/// ```
/// use quickcheck::{Arbitrary, Generator};
///
/// #[derive(Arbitrary, Debug)]
/// enum Expression {
///     Literal(i64),
///     Add(Box<Expression>, Box<Expression>),
///     Negate(Box<Expression>),
/// }
///
/// assert_eq!(Expression::arbitrary().sample(50, 1).len(), 50);
/// ```
pub use quickcheck_macros::Arbitrary;
pub use stats::target;
