//! Throughput of passing properties: this crate's `quickcheck` against
//! proptest 1.x, quickcheck 1.x and hegeltest, in one process.
//!
//! Every library runs the same five passing properties, each twice: once with
//! the library's own default distribution ("default") and once with one shape
//! for all ("same shape": lists of exactly 50 elements, strings of exactly 20
//! characters, 50 inner lists of exactly 5 bytes). Each library's body counts
//! its own invocations, so a cell's nanoseconds per case divide by the cases
//! that really ran, not by the number asked for: a library that stops early,
//! discards or overruns cannot look faster than it is.
//!
//! The `(i64, i64)` property runs once more as a test suite runs it: as
//! separate checks of 100 cases each ("100/check"), each from a seed of its
//! own, so the set-up and tear-down of every check counts, which the long
//! runs of the other rows spread too thinly to see.
//!
//! The last row is a stateful test of [`STEPS`] steps: a stack checked
//! against a model. Ours runs it with `quickcheck::stateful` (a generated
//! `CommandSequence`, run against the system); the peers generate a `Vec`
//! of [`STEPS`] command values with their own generators and apply them to
//! the system and the model in the body, which is the same work without a
//! stateful runner.
//!
//! Every cell is measured once per round, in [`ROUNDS`] rounds over the
//! whole table, and reports its fastest round: on a shared machine other
//! work slows whole stretches of a run, and only ever adds time.
//!
//! Run it optimised, on an otherwise idle machine:
//!
//! ```text
//! cargo run --release --manifest-path benchmarks/Cargo.toml --bin throughput
//! ```
//!
//! An argument keeps only the rows whose property contains it, for a quick
//! look at one while working on it (`... --bin throughput -- stack`).

use std::cell::Cell;
use std::fmt::Debug;
use std::hint::black_box;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use hegel::generators::{self as gs, Generator as _};
use proptest::prelude::{Strategy, any};
use proptest::test_runner::{Config as ProptestConfig, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use quickcheck::stateful::{self, Command, CommandSequence, ModelCommand};
use quickcheck::{Generator, Options, Property, generate};
use quickcheck_benchmarks::chacha_key;
use quickcheck1::{Arbitrary, Gen, QuickCheck};

/// Elements in every list of a "same shape" row.
const LIST_LENGTH: usize = 50;
/// Characters in every string of a "same shape" row.
const STRING_LENGTH: usize = 20;
/// Bytes in every inner list of the nested "same shape" row (the outer list
/// has [`LIST_LENGTH`] of them).
const INNER_LENGTH: usize = 5;
/// Commands in every sequence of the stateful row.
const STEPS: usize = 50;

/// Calibration stops growing a run once one takes this long: long enough
/// that the clock's resolution and a run's fixed start-up cost are noise.
const CALIBRATION_TIME: Duration = Duration::from_millis(20);
/// The time each measured sample aims at. Five samples a cell, 48 cells,
/// three rounds: about 0.5 s a cell a round, and the whole program takes
/// about a minute and a half on two cores.
const SAMPLE_TIME: Duration = Duration::from_millis(100);
/// Samples a cell; the median is reported, so one or two disturbed samples
/// (another process, an allocator growing its heap) do not move the result.
const SAMPLES: usize = 5;
/// Rounds over the whole table; each cell reports its fastest round. On a
/// shared machine other work slows whole stretches of a run, which a
/// cell's own samples, taken one after another, cannot see past; noise
/// only ever adds time, so the fastest round is the best estimate.
const ROUNDS: usize = 3;

// ---------------------------------------------------------------------------
// The properties, shared by every library.
// ---------------------------------------------------------------------------

/// The value of the struct property: three fields of different kinds, so its
/// generator composes an integer, a string and a boolean.
#[derive(Clone, Debug)]
struct Record {
    /// An identifier over the whole `u32` range.
    id: u32,
    /// A name, the costly field.
    name: String,
    /// A flag, the cheapest draw there is.
    active: bool,
}

/// A generated value that a property checks, and a measure of its size for
/// the table of mean sizes (which is what makes the "default" rows
/// interpretable: the libraries' defaults make values of different sizes).
trait Case {
    /// Whether the property holds for this value. Every property here holds,
    /// so `false` is a bug in a library or in this benchmark.
    fn holds(self) -> bool;

    /// The size of the value: elements, characters or total bytes.
    fn size(&self) -> usize;
}

/// Reversing a list twice gives the list back.
impl Case for Vec<i32> {
    fn holds(self) -> bool {
        let mut twice = self.clone();
        twice.reverse();
        twice.reverse();
        twice == self
    }

    fn size(&self) -> usize {
        self.len()
    }
}

/// Wrapping addition commutes.
impl Case for (i64, i64) {
    fn holds(self) -> bool {
        let (a, b) = self;
        a.wrapping_add(b) == b.wrapping_add(a)
    }

    fn size(&self) -> usize {
        2
    }
}

/// A string survives a round trip through its UTF-8 bytes.
impl Case for String {
    fn holds(self) -> bool {
        String::from_utf8(self.clone().into_bytes()).as_ref() == Ok(&self)
    }

    fn size(&self) -> usize {
        self.chars().count()
    }
}

/// Concatenating the inner lists gives as many bytes as their lengths add up
/// to.
impl Case for Vec<Vec<u8>> {
    fn holds(self) -> bool {
        self.concat().len() == self.iter().map(Vec::len).sum::<usize>()
    }

    fn size(&self) -> usize {
        self.iter().map(Vec::len).sum()
    }
}

/// A record's name has no more characters than bytes, and its id plus its
/// flag fits in 33 bits: trivial, but it reads every field.
impl Case for Record {
    fn holds(self) -> bool {
        self.name.chars().count() <= self.name.len() && u64::from(self.id) + u64::from(self.active) <= 1 << 32
    }

    fn size(&self) -> usize {
        self.name.chars().count()
    }
}

/// The system of the stateful row: a stack, its length kept apart from its
/// items (so that checking `len` is not just reading the model's field).
#[derive(Debug, Default)]
struct Stack {
    /// The items, last pushed last.
    items: Vec<i32>,
    /// How many items there are.
    length: usize,
}

impl Stack {
    fn push(&mut self, value: i32) {
        self.items.push(value);
        self.length += 1;
    }

    fn pop(&mut self) -> Option<i32> {
        let value = self.items.pop()?;
        self.length -= 1;
        Some(value)
    }

    fn len(&self) -> usize {
        self.length
    }
}

/// A command of the stateful row. Its model is a `Vec<i32>`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum StackCommand {
    /// Push a value; the model pushes it too.
    Push(i32),
    /// Pop; the system must return the model's last value.
    Pop,
    /// The system's length must be the model's.
    Len,
}

impl ModelCommand<Vec<i32>> for StackCommand {
    fn update(&self, model: &mut Vec<i32>) {
        match *self {
            StackCommand::Push(value) => model.push(value),
            StackCommand::Pop => {
                model.pop();
            }
            StackCommand::Len => {}
        }
    }
}

impl Command<Vec<i32>, Stack> for StackCommand {
    fn run(&self, model: &Vec<i32>, stack: &mut Stack) {
        match *self {
            StackCommand::Push(value) => stack.push(value),
            StackCommand::Pop => assert_eq!(stack.pop(), model.last().copied(), "pop disagrees with the model"),
            StackCommand::Len => assert_eq!(stack.len(), model.len(), "len disagrees with the model"),
        }
    }
}

/// Our stateful run: the sequence checks every command against the model
/// (a failed check panics, which fails the property).
impl Case for CommandSequence<Vec<i32>, StackCommand> {
    fn holds(self) -> bool {
        self.run(&mut Stack::default());
        true
    }

    fn size(&self) -> usize {
        self.len()
    }
}

/// The peers' stateful run: the same commands, applied to a fresh system and
/// model in the body, each checked as [`Command::run`] checks it.
impl Case for Vec<StackCommand> {
    fn holds(self) -> bool {
        let mut stack = Stack::default();
        let mut model = Vec::new();
        for command in &self {
            let agrees = match *command {
                StackCommand::Push(value) => {
                    stack.push(value);
                    true
                }
                StackCommand::Pop => stack.pop() == model.last().copied(),
                StackCommand::Len => stack.len() == model.len(),
            };
            if !agrees {
                return false;
            }
            command.update(&mut model);
        }
        true
    }

    fn size(&self) -> usize {
        self.len()
    }
}

// ---------------------------------------------------------------------------
// One adapter per library: run a property for about `cases` cases, count
// what ran.
// ---------------------------------------------------------------------------

/// What one run of a property did: the body invocations that really ran and
/// the summed size of the values they checked.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// Body invocations.
    cases: u64,
    /// The sum of [`Case::size`] over those invocations.
    size: u64,
}

impl Tally {
    /// Counts one body invocation on `value`. Called before the property, so
    /// the size is measured on the value the library produced.
    fn record<T: Case>(&mut self, value: &T) {
        self.cases += 1;
        self.size += value.size() as u64;
    }

    /// Adds what another run did.
    fn add(&mut self, other: Tally) {
        self.cases += other.cases;
        self.size += other.size;
    }
}

/// Runs a property with this crate from seed `seed`, asking for `cases`
/// passing runs.
fn ours<G>(seed: u64, generator: G, cases: u64) -> Tally
where
    G: Generator,
    G::Value: Case + Debug,
{
    let mut tally = Tally::default();
    let result = Property::for_all(generator, |value: G::Value| {
        tally.record(&value);
        black_box(value).holds()
    })
    .check(Options::default().seed(seed).runs(cases));
    assert!(result.is_passed(), "quickcheck (ours) did not pass:\n{result}");
    tally
}

/// Runs a property with proptest, with its RNG keyed by `seed` (or its
/// deterministic RNG) and no failure persistence (nothing to persist for a
/// passing property, and no file I/O in the timing).
fn proptest<S>(seed: Option<u64>, strategy: S, cases: u64) -> Tally
where
    S: Strategy,
    S::Value: Case,
{
    let tally = Cell::new(Tally::default());
    let config = ProptestConfig {
        cases: u32::try_from(cases).unwrap_or(u32::MAX),
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let rng = match seed {
        Some(seed) => TestRng::from_seed(RngAlgorithm::ChaCha, &chacha_key(seed)),
        None => TestRng::deterministic_rng(config.rng_algorithm),
    };
    let mut runner = TestRunner::new_with_rng(config, rng);
    // `run` takes an `Fn`, so the tally lives in a `Cell`.
    let outcome = runner.run(&strategy, |value| {
        let mut counted = tally.get();
        counted.record(&value);
        tally.set(counted);
        if black_box(value).holds() { Ok(()) } else { Err(TestCaseError::fail("the property returned false")) }
    });
    if let Err(error) = outcome {
        panic!("proptest did not pass: {error}");
    }
    tally.get()
}

thread_local! {
    /// The tally of the quickcheck 1.x body. quickcheck 1.x only runs plain
    /// `fn` pointers, which cannot capture a counter, so the counter is
    /// thread-local (cheaper than an atomic, and uncontended).
    static QUICKCHECK1_TALLY: Cell<Tally> = const { Cell::new(Tally { cases: 0, size: 0 }) };
}

/// The quickcheck 1.x body for inputs of type `A`: a generic function, so
/// that each input type gets its own capture-free `fn` pointer.
fn quickcheck1_body<A: Case>(value: A) -> bool {
    QUICKCHECK1_TALLY.with(|tally| {
        let mut counted = tally.get();
        counted.record(&value);
        tally.set(counted);
    });
    black_box(value).holds()
}

/// Runs a property with quickcheck 1.x, asking for `cases` passing tests.
/// quickcheck 1.x cannot be seeded, so its values differ from run to run;
/// the median of several samples absorbs that.
fn quickcheck1<A>(cases: u64) -> Tally
where
    A: Arbitrary + Case + Debug,
{
    QUICKCHECK1_TALLY.with(|tally| tally.set(Tally::default()));
    let outcome = QuickCheck::new().tests(cases).max_tests(cases).quicktest(quickcheck1_body::<A> as fn(A) -> bool);
    if let Err(failure) = outcome {
        panic!("quickcheck 1.x did not pass: {failure:?}");
    }
    QUICKCHECK1_TALLY.with(Cell::get)
}

/// Runs a property with hegeltest from seed `seed`: `draw` builds the value from the test
/// case, as a hegel test body does, and the case is counted once it has
/// drawn (a case the engine abandons mid-draw does not reach the property).
fn hegel<T, D>(seed: u64, draw: D, cases: u64) -> Tally
where
    T: Case,
    D: Fn(&hegel::TestCase) -> T,
{
    let mut tally = Tally::default();
    let settings = hegel::Settings::new()
        .test_cases(cases)
        .seed(Some(seed))
        .database(hegel::Database::Disabled)
        .verbosity(hegel::Verbosity::Quiet)
        // The too-slow check judges wall time, which another process on a
        // two-core machine can push over its limit; a benchmark must not stop
        // on that.
        .suppress_health_check([hegel::HealthCheck::TooSlow]);
    hegel::Hegel::new(|test_case: hegel::TestCase| {
        let value = draw(&test_case);
        tally.record(&value);
        assert!(black_box(value).holds(), "the property returned false");
    })
    .settings(settings)
    .run();
    tally
}

// ---------------------------------------------------------------------------
// quickcheck 1.x's inputs: its distribution is a type's `Arbitrary` impl, so
// the record and every "same shape" input need a type of their own.
// ---------------------------------------------------------------------------

/// Each field from its type's own default `Arbitrary`.
impl Arbitrary for Record {
    fn arbitrary(g: &mut Gen) -> Record {
        Record { id: u32::arbitrary(g), name: String::arbitrary(g), active: bool::arbitrary(g) }
    }
}

/// Draws exactly `length` values of `T` from quickcheck 1.x's generator.
fn exactly<T: Arbitrary, C: FromIterator<T>>(g: &mut Gen, length: usize) -> C {
    (0..length).map(|_| T::arbitrary(g)).collect()
}

/// Declares a quickcheck 1.x input: a newtype over a [`Case`] whose
/// `Arbitrary` builds the fixed shape, and whose property is the inner one.
macro_rules! quickcheck1_shape {
    ($(#[$doc:meta])* $name:ident($inner:ty) = |$g:ident| $build:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        struct $name($inner);

        /// Builds the fixed shape from quickcheck 1.x's own element
        /// distributions.
        impl Arbitrary for $name {
            fn arbitrary($g: &mut Gen) -> $name {
                $name($build)
            }
        }

        /// The property of the wrapped value.
        impl Case for $name {
            fn holds(self) -> bool {
                self.0.holds()
            }

            fn size(&self) -> usize {
                self.0.size()
            }
        }
    };
}

quickcheck1_shape!(
    /// A list of exactly [`LIST_LENGTH`] integers.
    FixedList(Vec<i32>) = |g| exactly(g, LIST_LENGTH)
);
quickcheck1_shape!(
    /// A string of exactly [`STRING_LENGTH`] characters.
    FixedString(String) = |g| exactly::<char, _>(g, STRING_LENGTH)
);
quickcheck1_shape!(
    /// [`LIST_LENGTH`] lists of exactly [`INNER_LENGTH`] bytes.
    FixedNested(Vec<Vec<u8>>) = |g| (0..LIST_LENGTH).map(|_| exactly(g, INNER_LENGTH)).collect()
);
/// A command from quickcheck 1.x's generator: the kind uniformly, a pushed
/// value from `i32`'s own `Arbitrary`.
impl Arbitrary for StackCommand {
    fn arbitrary(g: &mut Gen) -> StackCommand {
        match g.choose(&[0, 1, 2]) {
            Some(0) => StackCommand::Push(i32::arbitrary(g)),
            Some(1) => StackCommand::Pop,
            _ => StackCommand::Len,
        }
    }
}

quickcheck1_shape!(
    /// Exactly [`STEPS`] stack commands.
    FixedCommands(Vec<StackCommand>) = |g| exactly(g, STEPS)
);
quickcheck1_shape!(
    /// A record whose name has exactly [`STRING_LENGTH`] characters.
    FixedRecord(Record) = |g| Record { id: u32::arbitrary(g), name: exactly::<char, _>(g, STRING_LENGTH), active: bool::arbitrary(g) }
);

// ---------------------------------------------------------------------------
// The rows of the table.
// ---------------------------------------------------------------------------

/// A run of one library on one row: asks for that many cases, returns what
/// ran.
type Run = fn(u64) -> Tally;

/// One row of the benchmark: a property with one distribution, in every
/// library.
struct Row {
    /// The property, as the table names it.
    property: &'static str,
    /// "default", "same shape" or "100/check".
    shape: &'static str,
    /// The runs, in the order of [`LIBRARIES`].
    runs: [Run; 4],
}

/// The libraries, in the order of [`Row::runs`]; ours first, as the base of
/// every ratio.
const LIBRARIES: [&str; 4] = ["quickcheck (ours)", "proptest 1.x", "quickcheck 1.x", "hegeltest"];

/// The "default" label: each library's own default distribution.
const DEFAULT: &str = "default";
/// The "same shape" label: fixed lengths for every library.
const SAME_SHAPE: &str = "same shape";

/// The "100/check" label: a run of `n` cases is `n / 100` separate checks
/// of 100 cases each, as a test suite runs a property.
const CHECKS_OF_100: &str = "100/check";

/// Runs `n` cases (at least 100) as checks of 100 cases each with `check`,
/// given the cases and the check's own seed, and adds up what ran. Each
/// check has a seed of its own, as each test of a suite does (by default a
/// fresh one): checks from one seed would all draw the same hundred values
/// and take the same path through each library, which no suite does.
fn in_checks_of_100(n: u64, check: impl Fn(u64, u64) -> Tally) -> Tally {
    let mut total = Tally::default();
    for seed in 0..n.div_ceil(100).max(1) {
        total.add(check(100, seed));
    }
    total
}

/// The twelve rows: five properties, each with every library's default
/// distribution and then with the same shape for all, the `(i64, i64)`
/// property in checks of 100 cases, and the stateful row.
fn rows() -> Vec<Row> {
    vec![
        Row {
            property: "reverse twice Vec<i32>",
            shape: DEFAULT,
            runs: [
                |n| ours(1, generate::vec(generate::integer::<i32>()), n),
                |n| proptest(None, any::<Vec<i32>>(), n),
                quickcheck1::<Vec<i32>>,
                |n| hegel(1, |tc| tc.draw(gs::vecs(gs::integers::<i32>())), n),
            ],
        },
        Row {
            property: "reverse twice Vec<i32>",
            shape: SAME_SHAPE,
            runs: [
                |n| ours(1, generate::vec(generate::integer::<i32>()).length(LIST_LENGTH..=LIST_LENGTH), n),
                |n| proptest(None, proptest::collection::vec(any::<i32>(), LIST_LENGTH), n),
                quickcheck1::<FixedList>,
                |n| {
                    hegel(
                        1,
                        |tc| tc.draw(gs::vecs(gs::integers::<i32>()).min_size(LIST_LENGTH).max_size(LIST_LENGTH)),
                        n,
                    )
                },
            ],
        },
        // No list in this property: its "same shape" row repeats the default
        // one, which shows how much two identical rows differ by noise.
        Row {
            property: "wrapping add (i64, i64)",
            shape: DEFAULT,
            runs: [
                |n| ours(1, (generate::integer::<i64>(), generate::integer::<i64>()), n),
                |n| proptest(None, any::<(i64, i64)>(), n),
                quickcheck1::<(i64, i64)>,
                |n| hegel(1, |tc| (tc.draw(gs::integers::<i64>()), tc.draw(gs::integers::<i64>())), n),
            ],
        },
        Row {
            property: "wrapping add (i64, i64)",
            shape: SAME_SHAPE,
            runs: [
                |n| ours(1, (generate::integer::<i64>(), generate::integer::<i64>()), n),
                |n| proptest(None, any::<(i64, i64)>(), n),
                quickcheck1::<(i64, i64)>,
                |n| hegel(1, |tc| (tc.draw(gs::integers::<i64>()), tc.draw(gs::integers::<i64>())), n),
            ],
        },
        // The same property as a test suite runs it: many checks of 100
        // cases each, so every check's own set-up and tear-down counts.
        Row {
            property: "wrapping add (i64, i64)",
            shape: CHECKS_OF_100,
            runs: [
                |n| {
                    in_checks_of_100(n, |cases, seed| {
                        ours(seed, (generate::integer::<i64>(), generate::integer::<i64>()), cases)
                    })
                },
                |n| in_checks_of_100(n, |cases, seed| proptest(Some(seed), any::<(i64, i64)>(), cases)),
                // Unseeded: quickcheck 1.x draws from fresh randomness.
                |n| in_checks_of_100(n, |cases, _| quickcheck1::<(i64, i64)>(cases)),
                |n| {
                    in_checks_of_100(n, |cases, seed| {
                        hegel(seed, |tc| (tc.draw(gs::integers::<i64>()), tc.draw(gs::integers::<i64>())), cases)
                    })
                },
            ],
        },
        Row {
            property: "String UTF-8 round trip",
            shape: DEFAULT,
            runs: [
                |n| ours(1, generate::string(), n),
                |n| proptest(None, any::<String>(), n),
                quickcheck1::<String>,
                |n| hegel(1, |tc| tc.draw(gs::text()), n),
            ],
        },
        Row {
            property: "String UTF-8 round trip",
            shape: SAME_SHAPE,
            runs: [
                |n| ours(1, generate::string().length(STRING_LENGTH..=STRING_LENGTH), n),
                |n| proptest(None, fixed_proptest_string(), n),
                quickcheck1::<FixedString>,
                |n| hegel(1, |tc| tc.draw(gs::text().min_size(STRING_LENGTH).max_size(STRING_LENGTH)), n),
            ],
        },
        Row {
            property: "nested Vec<Vec<u8>> lengths",
            shape: DEFAULT,
            runs: [
                |n| ours(1, generate::vec(generate::vec(generate::integer::<u8>())), n),
                |n| proptest(None, any::<Vec<Vec<u8>>>(), n),
                quickcheck1::<Vec<Vec<u8>>>,
                |n| hegel(1, |tc| tc.draw(gs::vecs(gs::vecs(gs::integers::<u8>()))), n),
            ],
        },
        Row {
            property: "nested Vec<Vec<u8>> lengths",
            shape: SAME_SHAPE,
            runs: [
                |n| {
                    let inner = generate::vec(generate::integer::<u8>()).length(INNER_LENGTH..=INNER_LENGTH);
                    ours(1, generate::vec(inner).length(LIST_LENGTH..=LIST_LENGTH), n)
                },
                |n| {
                    let inner = proptest::collection::vec(any::<u8>(), INNER_LENGTH);
                    proptest(None, proptest::collection::vec(inner, LIST_LENGTH), n)
                },
                quickcheck1::<FixedNested>,
                |n| {
                    hegel(
                        1,
                        |tc| {
                            let inner = gs::vecs(gs::integers::<u8>()).min_size(INNER_LENGTH).max_size(INNER_LENGTH);
                            tc.draw(gs::vecs(inner).min_size(LIST_LENGTH).max_size(LIST_LENGTH))
                        },
                        n,
                    )
                },
            ],
        },
        Row {
            property: "struct (u32, String, bool)",
            shape: DEFAULT,
            runs: [
                |n| ours(1, ours_record(generate::string()), n),
                |n| proptest(None, proptest_record(any::<String>()), n),
                quickcheck1::<Record>,
                |n| hegel(1, |tc| hegel_record(tc, gs::text()), n),
            ],
        },
        Row {
            property: "struct (u32, String, bool)",
            shape: SAME_SHAPE,
            runs: [
                |n| ours(1, ours_record(generate::string().length(STRING_LENGTH..=STRING_LENGTH)), n),
                |n| proptest(None, proptest_record(fixed_proptest_string()), n),
                quickcheck1::<FixedRecord>,
                |n| hegel(1, |tc| hegel_record(tc, gs::text().min_size(STRING_LENGTH).max_size(STRING_LENGTH)), n),
            ],
        },
        // A stateful test: ours through `quickcheck::stateful`, the peers
        // with a `Vec` of the same commands applied in the body.
        Row {
            property: "stack, 50 commands",
            shape: SAME_SHAPE,
            runs: [
                |n| ours(1, ours_stack_commands(), n),
                |n| {
                    let command = proptest::prop_oneof![
                        any::<i32>().prop_map(StackCommand::Push),
                        proptest::strategy::Just(StackCommand::Pop),
                        proptest::strategy::Just(StackCommand::Len),
                    ];
                    proptest(None, proptest::collection::vec(command, STEPS), n)
                },
                quickcheck1::<FixedCommands>,
                |n| {
                    hegel(
                        1,
                        |tc| {
                            let command = gs::one_of(vec![
                                gs::integers::<i32>().map(StackCommand::Push).boxed(),
                                gs::just(StackCommand::Pop).boxed(),
                                gs::just(StackCommand::Len).boxed(),
                            ]);
                            tc.draw(gs::vecs(command).min_size(STEPS).max_size(STEPS))
                        },
                        n,
                    )
                },
            ],
        },
    ]
}

/// Our stack command sequences, of exactly [`STEPS`] commands, the shape the
/// peers' `Vec`s have. Every command applies in every state,
/// so `next` gives the same generator always: the kind uniformly, a pushed
/// value from `generate::integer`.
fn ours_stack_commands() -> impl Generator<Value = CommandSequence<Vec<i32>, StackCommand>> {
    stateful::commands(Vec::new, |_: &Vec<i32>| {
        Some(generate::one_of((
            generate::integer::<i32>().map(StackCommand::Push),
            generate::constant(StackCommand::Pop),
            generate::constant(StackCommand::Len),
        )))
    })
    .length(STEPS..=STEPS)
}

/// proptest's strings of exactly [`STRING_LENGTH`] characters: its default
/// `String` strategy is the regex `\PC*`, so the same regex with a fixed
/// count keeps its character distribution and fixes only the length.
fn fixed_proptest_string() -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("\\PC{{{STRING_LENGTH}}}")).expect("a valid regex")
}

/// Our record generator, with `names` for the name.
fn ours_record(names: impl Generator<Value = String>) -> impl Generator<Value = Record> {
    generate::build((generate::integer::<u32>(), names, generate::boolean()), |id, name, active| Record {
        id,
        name,
        active,
    })
}

/// proptest's record strategy, with `names` for the name.
fn proptest_record(names: impl Strategy<Value = String>) -> impl Strategy<Value = Record> {
    (any::<u32>(), names, any::<bool>()).prop_map(|(id, name, active)| Record { id, name, active })
}

/// Draws a record in a hegel test case, with `names` for the name: hegel
/// composes by drawing in the body, field by field.
fn hegel_record(test_case: &hegel::TestCase, names: gs::TextGenerator) -> Record {
    Record {
        id: test_case.draw(gs::integers::<u32>()),
        name: test_case.draw(names),
        active: test_case.draw(gs::booleans()),
    }
}

// ---------------------------------------------------------------------------
// Measurement and the table.
// ---------------------------------------------------------------------------

/// The result of one cell: one library on one row.
#[derive(Clone, Copy, Debug)]
struct Measurement {
    /// The median over the samples of nanoseconds per case.
    nanos_per_case: f64,
    /// The spread of the samples, (max - min) / median, as a fraction.
    spread: f64,
    /// Cases executed in one sample (the median sample's count).
    cases: u64,
    /// The mean [`Case::size`] of the values checked, over every sample.
    mean_size: f64,
}

/// Times one run that asks for `cases` cases.
fn time(run: Run, cases: u64) -> (Tally, Duration) {
    let start = Instant::now();
    let tally = black_box(run(black_box(cases)));
    (tally, start.elapsed())
}

/// Measures one cell: grows a run until it takes [`CALIBRATION_TIME`] (which
/// also warms caches and the allocator), sizes the samples from that rate,
/// and takes [`SAMPLES`] of them.
fn measure(run: Run) -> Measurement {
    let mut asked = 16;
    let (mut tally, mut elapsed) = time(run, asked);
    while elapsed < CALIBRATION_TIME && asked < 1 << 40 {
        asked *= 4;
        (tally, elapsed) = time(run, asked);
    }
    let per_case = elapsed.as_secs_f64() / tally.cases.max(1) as f64;
    // Cases executed may differ from cases asked (discards, early stops), so
    // scale the request by how many ran for each one asked.
    let ran_per_asked = tally.cases.max(1) as f64 / asked as f64;
    let asked = ((SAMPLE_TIME.as_secs_f64() / per_case / ran_per_asked) as u64).max(1);

    let mut samples = Vec::with_capacity(SAMPLES);
    let mut total = Tally::default();
    for _ in 0..SAMPLES {
        let (tally, elapsed) = time(run, asked);
        assert!(tally.cases > 0, "no case ran");
        samples.push((elapsed.as_nanos() as f64 / tally.cases as f64, tally.cases));
        total.add(tally);
    }
    samples.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (median, cases) = samples[SAMPLES / 2];
    let spread = (samples[SAMPLES - 1].0 - samples[0].0) / median;
    Measurement { nanos_per_case: median, spread, cases, mean_size: total.size as f64 / total.cases as f64 }
}

/// Measures a cell, turning a panic (a library that cannot run here, or a
/// property that failed) into the reason the cell is unavailable.
fn measure_or_reason(run: Run) -> Result<Measurement, String> {
    catch_unwind(AssertUnwindSafe(|| measure(run))).map_err(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|text| (*text).to_owned()))
            .unwrap_or_else(|| "a panic without a message".to_owned());
        message.lines().next().unwrap_or_default().to_owned()
    })
}

/// Measures every cell, row by row, and prints the table as it goes.
fn main() {
    println!(
        "Throughput of passing properties: nanoseconds per executed test case (median of {SAMPLES} samples, \
         fastest of {ROUNDS} rounds over the table)."
    );
    println!("\"vs ours\" is the peer's time per case divided by ours: above 1.00x the peer is slower.");
    println!("\"default\": each library's own default distribution, so value sizes differ (see \"mean size\").");
    println!(
        "\"same shape\": lists of exactly {LIST_LENGTH} elements, strings of exactly {STRING_LENGTH} chars, \
         {LIST_LENGTH} inner lists of exactly {INNER_LENGTH} bytes."
    );
    println!(
        "\"100/check\": separate checks of 100 cases each, each from a seed of its own, as a test suite runs a \
         property, so each check's set-up counts."
    );
    println!(
        "\"stack, {STEPS} commands\": ours runs quickcheck::stateful (commands(..).length({STEPS}..={STEPS}), \
         CommandSequence::run);"
    );
    println!(
        "  the peers are not given a stateful runner here (quickcheck 1.x has none; proptest's is a separate crate; \
         hegel's #[state_machine] is not used),"
    );
    println!(
        "  so each generates a Vec of exactly {STEPS} commands and applies it to the stack and the model in the body."
    );
    println!("hegeltest engine {} (static-engine, in process).", hegel::engine_version());
    println!();
    let header = format!(
        "{:<28} {:<10} {:<17} {:>11} {:>10} {:>7} {:>8} {:>9}",
        "property", "shape", "library", "cases/run", "ns/case", "spread", "vs ours", "mean size"
    );
    println!("{header}");
    println!("{}", "-".repeat(header.len()));
    let started = Instant::now();
    // Rows whose property contains the first argument, if one is given.
    let only = std::env::args().nth(1);
    let rows: Vec<Row> = rows()
        .into_iter()
        .filter(|row| only.as_ref().is_none_or(|only| row.property.contains(only.as_str())))
        .collect();
    assert!(!rows.is_empty(), "no row's property contains {only:?}");
    // Each cell's fastest round so far, or why it could not run.
    let mut best: Vec<Vec<Result<Measurement, String>>> =
        rows.iter().map(|_| vec![Err("not measured".to_owned()); LIBRARIES.len()]).collect();
    for round in 1..=ROUNDS {
        eprintln!("round {round} of {ROUNDS}");
        for (row, cells) in rows.iter().zip(&mut best) {
            for (run, cell) in row.runs.iter().zip(cells.iter_mut()) {
                let measured = measure_or_reason(*run);
                let faster = match (&measured, &*cell) {
                    (Ok(new), Ok(old)) => new.nanos_per_case < old.nanos_per_case,
                    (Ok(_), Err(_)) => true,
                    (Err(_), _) => false,
                };
                if faster || round == 1 {
                    *cell = measured;
                }
            }
        }
    }
    for (row, cells) in rows.iter().zip(&best) {
        // The base of the ratios; none when our own cell failed.
        let ours_nanos = cells[0].as_ref().ok().map(|measured| measured.nanos_per_case);
        for (library, cell) in LIBRARIES.iter().zip(cells) {
            let prefix = format!("{:<28} {:<10} {:<17}", row.property, row.shape, library);
            match cell {
                Ok(measured) => {
                    let ratio = ours_nanos
                        .map_or_else(|| "-".to_owned(), |base| format!("{:.2}x", measured.nanos_per_case / base));
                    println!(
                        "{prefix} {:>11} {:>10.1} {:>6.0}% {:>8} {:>9.1}",
                        measured.cases,
                        measured.nanos_per_case,
                        measured.spread * 100.0,
                        ratio,
                        measured.mean_size
                    );
                }
                Err(reason) => println!("{prefix} unavailable: {reason}"),
            }
        }
        println!();
    }
    println!("Total time: {:.1} s", started.elapsed().as_secs_f64());
}
