//! Stateful testing: command sequences against a model and a system.

use std::cell::Cell;
use std::collections::BTreeMap;

use quickcheck::stateful::{self, AsyncCommand, Command, CommandSequence, DynAsyncCommand, ModelCommand};
use quickcheck::{CommandArgumentPosition, Generator, Options, Outcome, Property, generate};

mod support;
use support::report_of;

type Model = BTreeMap<u8, u8>;

/// A key-value store with the bug "a write to a key that already holds a
/// value is ignored".
#[derive(Default)]
struct Store {
    entries: BTreeMap<u8, u8>,
}

impl Store {
    fn put(&mut self, key: u8, value: u8) {
        self.entries.entry(key).or_insert(value);
    }
    fn get(&self, key: u8) -> Option<u8> {
        self.entries.get(&key).copied()
    }
    fn delete(&mut self, key: u8) {
        self.entries.remove(&key);
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Operation {
    Put(u8, u8),
    Get(u8),
    Delete(u8),
}

impl ModelCommand<Model> for Operation {
    fn precondition(&self, model: &Model) -> bool {
        match self {
            Operation::Delete(key) => model.contains_key(key),
            _ => true,
        }
    }

    fn update(&self, model: &mut Model) {
        match *self {
            Operation::Put(key, value) => {
                model.insert(key, value);
            }
            Operation::Get(_) => {}
            Operation::Delete(key) => {
                model.remove(&key);
            }
        }
    }
}

impl Command<Model, Store> for Operation {
    fn run(&self, model: &Model, store: &mut Store) {
        match *self {
            Operation::Put(key, value) => store.put(key, value),
            Operation::Get(key) => assert_eq!(store.get(key), model.get(&key).copied(), "get({key})"),
            Operation::Delete(key) => store.delete(key),
        }
    }
}

fn operations() -> impl Generator<Value = CommandSequence<Model, Operation>> {
    stateful::commands(Model::new, |_: &Model| {
        let key = generate::between(0u8, 3);
        Some(generate::frequency((
            (3, (key, generate::between(0u8, 100)).map(|(key, value)| Operation::Put(key, value)).boxed()),
            (2, key.map(Operation::Get).boxed()),
            (1, key.map(Operation::Delete).boxed()),
        )))
    })
}

const MINIMAL: [Operation; 3] = [Operation::Put(0, 0), Operation::Put(0, 1), Operation::Get(0)];

/// A sequence with a fewest length keeps it through shrinking: a property
/// that fails on every sequence shrinks to that many of the simplest
/// command, and `length(n..=n)` makes exactly `n` commands.
#[test]
fn a_sequence_keeps_its_fewest_commands_through_shrinking() {
    let result = Property::for_all(operations_with_lengths(3..=6), |sequence| sequence.len() > 100)
        .check(Options::default().seed(2));
    let minimal = result.minimal().unwrap().value();
    let simplest = [Operation::Put(0, 0), Operation::Put(0, 0), Operation::Put(0, 0)];
    assert_eq!(minimal.commands(), simplest, "{result}");
    let exact = operations_with_lengths(7..=7).sample(30, 1);
    assert!(exact.iter().all(|sequence| sequence.len() == 7));
}

fn operations_with_lengths(
    lengths: std::ops::RangeInclusive<usize>,
) -> impl Generator<Value = CommandSequence<Model, Operation>> {
    stateful::commands(Model::new, |_: &Model| {
        Some((generate::between(0u8, 3), generate::between(0u8, 100)).map(|(key, value)| Operation::Put(key, value)))
    })
    .length(lengths)
}

#[test]
fn the_store_bug_shrinks_to_three_commands_on_every_seed() {
    for seed in 0..20 {
        let result = Property::for_all(operations(), |sequence| {
            sequence.run_with_invariant(&mut Store::default(), |model, store| {
                assert_eq!(model.len(), store.entries.len());
            });
        })
        .check(Options::default().seed(seed));
        assert!(result.is_falsified(), "seed {seed}: {result}");
        let minimal = result.minimal().unwrap().value();
        assert_eq!(minimal.commands(), MINIMAL, "seed {seed}: {result}");
        assert!(result.original().unwrap().value().len() > 3, "seed {seed}");
    }
}

#[test]
fn the_report_lists_the_minimal_sequence_one_command_per_line() {
    let result = Property::for_all(operations(), |sequence| {
        sequence.run(&mut Store::default());
    })
    .check(Options::default().seed(2024).multiple_failures(false));
    let report = result.to_string();
    assert!(
        report.contains("  Minimal counterexample:\n    1. Put(0, 0)\n    2. Put(0, 1)\n    3. Get(0)\n"),
        "{report}"
    );
    // The original is cut to its first ten lines; the minimal never is.
    assert!(report.contains("\n    … (40 more lines)\n"), "{report}");
    assert!(report.contains("get(0)"), "{report}");
    assert!(report.contains("  Notes:\n    failed at: step 3 of 3, the last\n"), "{report}");
}

/// A sequence inside a tuple (drawn beside a starting state, say) is
/// written as a list within the tuple, not as numbered lines run into its
/// parentheses.
#[test]
fn a_sequence_inside_a_tuple_is_listed_within_it() {
    let result = Property::for_all((generate::between(0u8, 9), operations()), |(start, sequence)| {
        let mut store = Store::default();
        store.put(9, start);
        sequence.run(&mut store);
    })
    .check(Options::default().seed(2024).multiple_failures(false));
    let minimal = result.minimal().unwrap();
    assert_eq!(
        minimal.rendered(),
        "(\n    0,\n    [\n        Put(0, 0),\n        Put(0, 1),\n        Get(0),\n    ],\n)",
        "{result}"
    );
}

/// The report notes the step a run failed at, or the invariant check, and
/// that the steps after it never ran.
#[test]
fn the_report_says_which_step_failed() {
    let key = generate::between(0u8, 3);
    let six = stateful::commands(Model::new, move |_: &Model| {
        Some(generate::frequency((
            (3, (key, generate::between(0u8, 100)).map(|(key, value)| Operation::Put(key, value)).boxed()),
            (2, key.map(Operation::Get).boxed()),
        )))
    })
    .length(6..=6);
    let result = Property::for_all(&six, |sequence| {
        sequence.run(&mut Store::default());
    })
    .check(Options::default().seed(1).multiple_failures(false));
    let report = result.to_string();
    assert!(report.contains("failed at: step 3 of 6 (the commands after it did not run)"), "{report}");
    let result = Property::for_all(&six, |sequence| {
        sequence.run_with_invariant(&mut Store::default(), |model, _| assert!(model.len() < 2, "two keys"));
    })
    .check(Options::default().seed(1).multiple_failures(false));
    let report = result.to_string();
    // Fixed-length sequences keep their length, so the step depends on
    // how far the shrink reorders the writes.
    let noted = report.split("failed at: the invariant after step ").nth(1).unwrap_or_default();
    assert!(noted.split('\n').next().is_some_and(|rest| rest.ends_with(" of 6")), "{report}");
}

/// A panic the body catches itself is not its failure: the step it came
/// at is left out of the report of the failure after it, whether that
/// failure panics or returns.
#[test]
fn a_panic_the_body_catches_leaves_no_step_in_the_report() {
    let ran = |sequence: &CommandSequence<Model, Operation>| {
        let run = std::panic::AssertUnwindSafe(|| sequence.run(&mut Store::default()));
        std::panic::catch_unwind(run).is_ok()
    };
    let asserted = Property::for_all(operations(), |sequence| assert!(ran(&sequence), "the run panicked"))
        .check(Options::default().seed(2024).multiple_failures(false));
    let returned = Property::for_all(operations(), |sequence| ran(&sequence))
        .check(Options::default().seed(2024).multiple_failures(false));
    for result in [asserted, returned] {
        assert_eq!(result.minimal().unwrap().value().commands(), MINIMAL, "{result}");
        assert!(!result.to_string().contains("failed at"), "{result}");
    }
}

// A named parameter whose value spans several lines gets lines of its own
// under its name, as the unnamed sequence above does under its heading.
#[quickcheck::property(seed = 2024)]
#[should_panic]
fn a_store_that_ignores_overwrites(#[generator(operations())] sequence: CommandSequence<Model, Operation>) {
    sequence.run(&mut Store::default());
}

#[test]
fn a_named_sequence_is_listed_under_its_name() {
    let report = report_of(a_store_that_ignores_overwrites);
    assert!(
        report.contains(
            "  Minimal counterexample:\n    sequence =\n      1. Put(0, 0)\n      2. Put(0, 1)\n      3. Get(0)\n"
        ),
        "{report}"
    );
    // A sequence is no expression to paste into #[example(...)].
    assert!(!report.contains("Pin it with"), "{report}");
}

/// A counter that overflows at twelve: the minimal sequence needs twelve
/// increments, more than a report shows of an original counterexample.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Increment;

impl ModelCommand<u32> for Increment {
    fn update(&self, count: &mut u32) {
        *count += 1;
    }
}

impl Command<u32, u8> for Increment {
    fn run(&self, count: &u32, counter: &mut u8) {
        *counter = if *counter == 11 { 0 } else { *counter + 1 };
        assert_eq!(u32::from(*counter), count + 1, "the counter wrapped");
    }
}

/// Commands that draw no choices, as `constant` makes them, under a
/// minimum length no example can hold: the check ends, exhausted and told
/// why, rather than drawing commands for ever.
#[test]
fn a_minimum_no_example_can_hold_ends_even_when_commands_draw_nothing() {
    let endless = stateful::commands(|| 0u32, |_: &u32| Some(generate::constant(Increment))).length(usize::MAX..);
    let result = Property::for_all(endless, |_| true).check(Options::default().seed(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    assert!(result.to_string().contains("give collections smaller minimum lengths"), "{result}");
}

/// Twelve equal commands, all needed: reported whole, as one line.
#[test]
fn a_long_minimal_sequence_is_reported_whole_with_a_run_on_one_line() {
    let increments = stateful::commands(|| 0u32, |_: &u32| Some(generate::constant(Increment)));
    let result = Property::for_all(increments, |sequence| {
        sequence.run(&mut 0u8);
    })
    .check(Options::default().seed(1));
    assert_eq!(result.minimal().unwrap().value().len(), 12, "{result}");
    let report = result.to_string();
    let minimal = report.split("  Original counterexample:").next().unwrap();
    assert!(minimal.contains("Minimal counterexample: 1 to 12. Increment\n"), "{report}");
    assert!(!minimal.contains("more lines"), "{report}");
    // Every command, one by one, in the alternate form.
    let listed = format!("{:#?}", result.minimal().unwrap().value());
    assert_eq!(listed.matches("Increment").count(), 12, "{listed}");
}

/// A store that loses every write to key 3: which value is written does not
/// matter, which key does.
#[derive(Default)]
struct LossyStore {
    entries: BTreeMap<u8, u8>,
}

impl Command<Model, LossyStore> for Operation {
    fn run(&self, model: &Model, store: &mut LossyStore) {
        match *self {
            Operation::Put(3, _) => {}
            Operation::Put(key, value) => {
                store.entries.insert(key, value);
            }
            Operation::Get(key) => {
                assert_eq!(store.entries.get(&key).copied(), model.get(&key).copied(), "get({key})");
            }
            Operation::Delete(key) => {
                store.entries.remove(&key);
            }
        }
    }
}

/// The checks of `sequences` run against a [`LossyStore`] on seeds 0 to 4,
/// each with its seed.
fn against_a_lossy_store<C>(
    sequences: &impl Generator<Value = CommandSequence<Model, C>>,
) -> Vec<(u64, quickcheck::PropertyResult<CommandSequence<Model, C>>)>
where
    C: Command<Model, LossyStore> + Clone + std::fmt::Debug + 'static,
{
    let check = |seed| {
        Property::for_all(sequences, |sequence: CommandSequence<Model, C>| {
            sequence.run(&mut LossyStore::default());
        })
        .check(Options::default().seed(seed))
    };
    (0..5).map(|seed| (seed, check(seed))).collect()
}

#[test]
fn explain_marks_the_command_arguments_that_do_not_matter() {
    for (seed, result) in against_a_lossy_store(&operations()) {
        let minimal = result.minimal().unwrap().value();
        assert_eq!(minimal.commands(), [Operation::Put(3, 0), Operation::Get(3)], "seed {seed}: {result}");
        // The value written is free; both keys matter.
        let free = [CommandArgumentPosition { sequence: 1, step: 1, argument: 2 }];
        assert_eq!(result.failures()[0].free_command_arguments(), free, "seed {seed}: {result}");
        let report = result.to_string();
        assert!(report.contains("Get(3)\n  Any value tried fails for: argument 2 of step 1\n"), "{report}");
    }
}

/// A command whose generator draws its arguments in another order than
/// its fields (the value before the key): the free argument is named by
/// its field in the command as printed, not by the order it was drawn in.
#[test]
fn free_command_arguments_are_numbered_by_field_not_by_draw_order() {
    let value_first = stateful::commands(Model::new, |_: &Model| {
        let key = generate::between(0u8, 3);
        Some(generate::one_of((
            (generate::between(0u8, 100), key).map(|(value, key)| Operation::Put(key, value)),
            key.map(Operation::Get),
        )))
    });
    for (seed, result) in against_a_lossy_store(&value_first) {
        let minimal = result.minimal().unwrap().value();
        assert_eq!(minimal.commands(), [Operation::Put(3, 0), Operation::Get(3)], "seed {seed}: {result}");
        let free = [CommandArgumentPosition { sequence: 1, step: 1, argument: 2 }];
        assert_eq!(result.failures()[0].free_command_arguments(), free, "seed {seed}: {result}");
    }
}

/// A write whose key and value are one field, and a read.
#[derive(Clone, Debug, PartialEq)]
enum Entered {
    Put(Entry),
    Get(u8),
}

#[derive(Clone, Debug, PartialEq)]
struct Entry {
    key: u8,
    value: u8,
}

impl ModelCommand<Model> for Entered {
    fn update(&self, model: &mut Model) {
        if let Entered::Put(entry) = self {
            model.insert(entry.key, entry.value);
        }
    }
}

impl Command<Model, LossyStore> for Entered {
    fn run(&self, model: &Model, store: &mut LossyStore) {
        match self {
            Entered::Put(entry) => Command::run(&Operation::Put(entry.key, entry.value), model, store),
            Entered::Get(key) => Command::run(&Operation::Get(*key), model, store),
        }
    }
}

/// The value drawn for a write is free and its key is not, but both sit in
/// the command's one field: no field is named free, as the field's key
/// matters.
#[test]
fn a_free_draw_that_shares_its_field_with_one_that_matters_is_not_listed() {
    let entries = stateful::commands(Model::new, |_: &Model| {
        let key = generate::between(0u8, 3);
        Some(generate::one_of((
            (key, generate::between(0u8, 100)).map(|(key, value)| Entered::Put(Entry { key, value })),
            key.map(Entered::Get),
        )))
    });
    for (seed, result) in against_a_lossy_store(&entries) {
        let minimal = result.minimal().unwrap().value();
        assert_eq!(minimal.commands()[0], Entered::Put(Entry { key: 3, value: 0 }), "seed {seed}: {result}");
        assert_eq!(result.failures()[0].free_command_arguments(), [], "seed {seed}: {result}");
        assert!(!result.to_string().contains("Any value tried fails for"), "seed {seed}: {result}");
    }
}

/// With two command sequences in one input, a free argument is placed in
/// its own sequence, and the report says which.
#[test]
fn free_command_arguments_name_their_sequence() {
    let result = Property::for_all((operations(), operations()), |(_unused, sequence)| {
        sequence.run(&mut LossyStore::default());
    })
    .check(Options::default().seed(1));
    let free = [CommandArgumentPosition { sequence: 2, step: 1, argument: 2 }];
    assert_eq!(result.failures()[0].free_command_arguments(), free, "{result}");
    assert!(result.to_string().contains("Any value tried fails for: argument 2 of step 1 of sequence 2\n"), "{result}");
}

/// A store whose reads all come back empty once it holds two keys and one
/// of them holds 0: either written value may be the 0, so each is free
/// alone, but not both at once.
#[derive(Default)]
struct CorruptingStore {
    entries: BTreeMap<u8, u8>,
}

impl Command<Model, CorruptingStore> for Operation {
    fn run(&self, model: &Model, store: &mut CorruptingStore) {
        match *self {
            Operation::Put(key, value) => {
                store.entries.insert(key, value);
            }
            Operation::Get(key) => {
                let corrupted = store.entries.len() >= 2 && store.entries.values().any(|&value| value == 0);
                let read = if corrupted { None } else { store.entries.get(&key).copied() };
                assert_eq!(read, model.get(&key).copied(), "get({key})");
            }
            Operation::Delete(key) => {
                store.entries.remove(&key);
            }
        }
    }
}

#[test]
fn explain_says_when_free_command_arguments_are_not_free_together() {
    for seed in 0..3 {
        let result = Property::for_all(operations(), |sequence| {
            sequence.run(&mut CorruptingStore::default());
        })
        .check(Options::default().seed(seed));
        let minimal = result.minimal().unwrap().value();
        let expected = [Operation::Put(0, 0), Operation::Put(1, 0), Operation::Get(0)];
        assert_eq!(minimal.commands(), expected, "seed {seed}: {result}");
        let failure = &result.failures()[0];
        let free: Vec<(usize, usize, usize)> = failure
            .free_command_arguments()
            .iter()
            .map(|position| (position.sequence, position.step, position.argument))
            .collect();
        assert_eq!(free, [(1, 1, 2), (1, 2, 2)], "seed {seed}: {result}");
        assert_eq!(failure.command_values_fail_together(), Some(false), "seed {seed}: {result}");
        let report = result.to_string();
        assert!(report.contains("(each fails alone, but varied all at once they can pass)"), "{report}");
    }
}

/// One struct per operation, as boxed trait objects.
#[derive(Debug)]
struct Put {
    key: u8,
    value: u8,
}

#[derive(Debug)]
struct Get {
    key: u8,
}

impl ModelCommand<Model> for Put {
    fn update(&self, model: &mut Model) {
        model.insert(self.key, self.value);
    }
}

impl Command<Model, Store> for Put {
    fn run(&self, _: &Model, store: &mut Store) {
        store.put(self.key, self.value);
    }
}

impl ModelCommand<Model> for Get {
    fn update(&self, _: &mut Model) {}
}

impl Command<Model, Store> for Get {
    fn run(&self, model: &Model, store: &mut Store) {
        assert_eq!(store.get(self.key), model.get(&self.key).copied());
    }
}

type Boxed = Box<dyn Command<Model, Store>>;

#[test]
fn boxed_commands_shrink_the_same_way() {
    let sequences = stateful::commands(Model::new, |_: &Model| {
        let key = generate::between(0u8, 3);
        Some(generate::one_of((
            (key, generate::between(0u8, 100)).map(|(key, value)| Box::new(Put { key, value }) as Boxed).boxed(),
            key.map(|key| Box::new(Get { key }) as Boxed).boxed(),
        )))
    });
    for seed in 0..5 {
        let result = Property::for_all(&sequences, |sequence| {
            sequence.run(&mut Store::default());
        })
        .check(Options::default().seed(seed));
        let rendered = result.minimal().unwrap().rendered();
        assert_eq!(rendered, "1. Put { key: 0, value: 0 }\n2. Put { key: 0, value: 1 }\n3. Get { key: 0 }", "{result}");
    }
}

/// The store again, with every operation awaited.
#[derive(Default)]
struct AsyncStore {
    inner: Store,
}

impl AsyncCommand<Model, AsyncStore> for Operation {
    async fn run(&self, model: &Model, store: &mut AsyncStore) {
        tokio::task::yield_now().await;
        Command::run(self, model, &mut store.inner);
    }
}

#[tokio::test]
async fn a_synchronous_invariant_checks_an_async_run() {
    let result = Property::for_all(operations(), async |sequence: CommandSequence<Model, Operation>| {
        let mut store = AsyncStore::default();
        sequence
            .run_async_with_sync_invariant(&mut store, |model, store| {
                assert_eq!(model.len(), store.inner.entries.len());
            })
            .await;
    })
    .check_async(Options::default().seed(1))
    .await;
    assert_eq!(result.minimal().unwrap().value().commands(), MINIMAL, "{result}");
}

#[tokio::test]
async fn the_report_of_an_async_run_says_which_step_failed() {
    let result = Property::for_all(operations(), async |sequence: CommandSequence<Model, Operation>| {
        sequence.run_async(&mut AsyncStore::default()).await;
    })
    .check_async(Options::default().seed(2024).multiple_failures(false))
    .await;
    let report = result.to_string();
    assert!(report.contains("  Notes:\n    failed at: step 3 of 3, the last\n"), "{report}");
    let result = Property::for_all(operations(), async |sequence: CommandSequence<Model, Operation>| {
        let mut store = AsyncStore::default();
        sequence
            .run_async_with_invariant(&mut store, async |model: &Model, _: &AsyncStore| {
                tokio::task::yield_now().await;
                assert!(model.len() < 2, "two keys");
            })
            .await;
    })
    .check_async(Options::default().seed(2024).multiple_failures(false))
    .await;
    let report = result.to_string();
    assert!(report.contains("  Notes:\n    failed at: the invariant after step 2 of 2\n"), "{report}");
}

/// The store again, where reading a key whose write was ignored waits for
/// ever instead of answering wrongly: a deadlock.
#[derive(Default)]
struct DeadlockedStore {
    inner: Store,
    /// Waits for ever at a deadlock when set, rather than for nothing that
    /// can wake it.
    sleeps: bool,
}

impl AsyncCommand<Model, DeadlockedStore> for Operation {
    async fn run(&self, model: &Model, store: &mut DeadlockedStore) {
        if let Operation::Get(key) = *self
            && store.inner.get(key) != model.get(&key).copied()
        {
            if store.sleeps {
                tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
            }
            std::future::pending::<()>().await;
        }
        Command::run(self, model, &mut store.inner);
    }
}

/// A sequence whose future is given up on, at its deadline or because
/// nothing can wake it, is noted with the step it was waiting in.
#[tokio::test]
async fn the_report_of_an_async_run_given_up_on_says_which_step_waited() {
    let result = Property::for_all(operations(), async |sequence: CommandSequence<Model, Operation>| {
        sequence.run_async(&mut DeadlockedStore::default()).await;
    })
    .check_async(Options::default().seed(2024).multiple_failures(false))
    .await;
    assert_eq!(result.failure().unwrap().kind(), quickcheck::FailureKind::NeverFinishes, "{result}");
    assert!(result.to_string().contains("  Notes:\n    failed at: step 3 of 3, the last\n"), "{result}");
    // At the deadline: a pinned example, so that no shrink waits for it.
    let pinned = CommandSequence::new(Model::new, MINIMAL.iter().cloned().chain([Operation::Delete(0)]));
    let result = Property::for_all(operations(), async |sequence: CommandSequence<Model, Operation>| {
        sequence.run_async(&mut DeadlockedStore { sleeps: true, ..DeadlockedStore::default() }).await;
    })
    .example(pinned)
    .check_async(Options::default().seed(2024).deadline(std::time::Duration::from_millis(50)))
    .await;
    assert_eq!(result.failure().unwrap().kind(), quickcheck::FailureKind::DeadlineExceeded, "{result}");
    let report = result.to_string();
    assert!(report.ends_with("  Notes:\n    failed at: step 3 of 4 (the commands after it did not run)"), "{report}");
}

#[tokio::test]
async fn the_async_store_bug_shrinks_to_three_commands_on_every_seed() {
    for seed in 0..20 {
        let result = Property::for_all(operations(), async |sequence: CommandSequence<Model, Operation>| {
            let mut store = AsyncStore::default();
            sequence
                .run_async_with_invariant(&mut store, async |model: &Model, store: &AsyncStore| {
                    assert_eq!(model.len(), store.inner.entries.len());
                })
                .await;
        })
        .check_async(Options::default().seed(seed))
        .await;
        assert_eq!(result.minimal().unwrap().value().commands(), MINIMAL, "seed {seed}: {result}");
    }
}

/// A bank account whose withdrawals must not exceed the balance: the
/// precondition. The system counts runs that break it.
#[derive(Debug)]
enum Bank {
    Deposit(u32),
    Withdraw(u32),
}

struct Account {
    balance: u32,
    violations: usize,
}

impl ModelCommand<u32> for Bank {
    fn precondition(&self, balance: &u32) -> bool {
        match self {
            Bank::Deposit(_) => true,
            Bank::Withdraw(amount) => amount <= balance,
        }
    }

    fn update(&self, balance: &mut u32) {
        match self {
            Bank::Deposit(amount) => *balance += amount,
            Bank::Withdraw(amount) => *balance -= amount,
        }
    }
}

impl Command<u32, Account> for Bank {
    fn run(&self, _: &u32, account: &mut Account) {
        match self {
            Bank::Deposit(amount) => account.balance += amount,
            Bank::Withdraw(amount) if *amount > account.balance => account.violations += 1,
            Bank::Withdraw(amount) => account.balance -= amount,
        }
    }
}

#[test]
fn preconditions_hold_in_every_shrunk_candidate() {
    let violations = Cell::new(0);
    let runs = Cell::new(0);
    let sequences = stateful::commands(
        || 0u32,
        |_: &u32| {
            let amount = generate::between(0u32, 100);
            Some(generate::one_of((amount.map(Bank::Deposit), amount.map(Bank::Withdraw))))
        },
    );
    let result = Property::for_all(sequences, |sequence| {
        let mut account = Account { balance: 0, violations: 0 };
        sequence.run(&mut account);
        runs.set(runs.get() + 1);
        violations.set(violations.get() + account.violations);
        // Fails once the account has seen a large balance.
        assert!(account.balance < 500, "balance {}", account.balance);
    })
    .check(Options::default().seed(8));
    assert!(result.is_falsified(), "{result}");
    assert!(result.shrinks() > 0);
    assert!(runs.get() > 100);
    assert_eq!(violations.get(), 0);
    let minimal = result.minimal().unwrap().value();
    let total: u32 = minimal
        .commands()
        .iter()
        .map(|command| match command {
            Bank::Deposit(amount) => *amount as i64,
            Bank::Withdraw(amount) => -(*amount as i64),
        })
        .sum::<i64>() as u32;
    assert_eq!(total, 500, "{result}");
}

#[test]
fn a_state_with_no_valid_command_discards() {
    // Once the balance is 0 only withdrawals are offered, and none is valid.
    let sequences = stateful::commands(|| 0u32, |_: &u32| Some(generate::between(1u32, 10).map(Bank::Withdraw)));
    let result = Property::for_all(sequences, |_| true).check(Options::default().seed(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
}

#[test]
fn none_ends_a_sequence_in_a_terminal_state() {
    // The sequence stops once the balance reaches 30.
    let sequences = stateful::commands(
        || 0u32,
        |balance: &u32| (*balance < 30).then(|| generate::between(1u32, 10).map(Bank::Deposit)),
    );
    for sequence in sequences.sample(50, 1) {
        let balance = sequence.run(&mut Account { balance: 0, violations: 0 });
        assert!((30..40).contains(&balance), "{balance}");
    }
}

#[test]
fn sequences_nearly_always_have_the_maximum_length() {
    let sequences =
        stateful::commands(|| 0u32, |_: &u32| Some(generate::between(0u32, 9).map(Bank::Deposit))).max_length(30);
    let lengths: Vec<usize> = sequences.sample(100, 4).iter().map(CommandSequence::len).collect();
    assert!(lengths.iter().all(|&length| length == 30), "{lengths:?}");
}

/// Handles: the model hands out sequential ids, the system maps them to the
/// real handles it opened.
#[derive(Debug)]
enum FileCommand {
    Open,
    Write(usize),
}

#[derive(Default)]
struct Handles {
    next: usize,
    open: Vec<usize>,
}

#[derive(Default)]
struct Files {
    by_model_id: BTreeMap<usize, u64>,
    writes: BTreeMap<u64, usize>,
    next_handle: u64,
}

impl ModelCommand<Handles> for FileCommand {
    fn precondition(&self, model: &Handles) -> bool {
        match self {
            FileCommand::Open => true,
            FileCommand::Write(id) => model.open.contains(id),
        }
    }

    fn update(&self, model: &mut Handles) {
        if let FileCommand::Open = self {
            model.open.push(model.next);
            model.next += 1;
        }
    }
}

impl Command<Handles, Files> for FileCommand {
    fn run(&self, model: &Handles, files: &mut Files) {
        match self {
            FileCommand::Open => {
                files.next_handle += 7;
                files.by_model_id.insert(model.next, files.next_handle);
            }
            FileCommand::Write(id) => {
                let handle = files.by_model_id[id];
                let writes = files.writes.entry(handle).or_default();
                *writes += 1;
                // The bug: a handle breaks on its third write.
                assert!(*writes < 3, "third write to handle {handle}");
            }
        }
    }
}

/// Which open handles a write may pick, in the order the generator lists
/// them: the oldest first, as a model's list of them naturally is, or the
/// newest first.
fn file_commands(newest_first: bool) -> impl Generator<Value = CommandSequence<Handles, FileCommand>> {
    stateful::commands(Handles::default, move |model: &Handles| {
        let mut ids = model.open.clone();
        if newest_first {
            ids.reverse();
        }
        ids.push(usize::MAX);
        Some(generate::frequency((
            (1, generate::constant(()).map(|()| FileCommand::Open).boxed()),
            (3, generate::elements(ids).map(FileCommand::Write).boxed()),
        )))
    })
}

#[test]
fn handles_shrink_so_that_only_the_needed_opens_remain() {
    // Either order ends on the first handle: shrinking the write's pick
    // towards the first listed id, and deleting the opens it no longer
    // needs, must meet in the one sequence.
    for newest_first in [false, true] {
        let sequences = file_commands(newest_first);
        for seed in 0..10 {
            let result = Property::for_all(&sequences, |sequence| {
                sequence.run(&mut Files::default());
            })
            .check(Options::default().seed(seed));
            assert_eq!(
                result.minimal().unwrap().rendered(),
                "1. Open\n2 to 4. Write(0)",
                "newest first: {newest_first}, seed {seed}: {result}"
            );
        }
    }
}

/// The operations as structs again, run asynchronously as boxed
/// `DynAsyncCommand` objects.
impl AsyncCommand<Model, AsyncStore> for Put {
    async fn run(&self, model: &Model, store: &mut AsyncStore) {
        tokio::task::yield_now().await;
        Command::run(self, model, &mut store.inner);
    }
}

impl AsyncCommand<Model, AsyncStore> for Get {
    async fn run(&self, model: &Model, store: &mut AsyncStore) {
        tokio::task::yield_now().await;
        Command::run(self, model, &mut store.inner);
    }
}

type BoxedAsync = Box<dyn DynAsyncCommand<Model, AsyncStore>>;

#[tokio::test]
async fn boxed_async_commands_shrink_the_same_way() {
    let sequences = stateful::commands(Model::new, |_: &Model| {
        let key = generate::between(0u8, 3);
        Some(generate::one_of((
            (key, generate::between(0u8, 100)).map(|(key, value)| Box::new(Put { key, value }) as BoxedAsync).boxed(),
            key.map(|key| Box::new(Get { key }) as BoxedAsync).boxed(),
        )))
    });
    for seed in 0..5 {
        let result = Property::for_all(&sequences, async |sequence: CommandSequence<Model, BoxedAsync>| {
            sequence.run_async(&mut AsyncStore::default()).await;
        })
        .check_async(Options::default().seed(seed))
        .await;
        let rendered = result.minimal().unwrap().rendered();
        assert_eq!(rendered, "1. Put { key: 0, value: 0 }\n2. Put { key: 0, value: 1 }\n3. Get { key: 0 }", "{result}");
    }
}

/// A model that is not `Clone` still makes sequences that are: the model is
/// made afresh from its initial function, not copied.
#[test]
fn a_sequence_clones_without_a_clonable_model() {
    struct Counter(u32);
    #[derive(Clone, Debug)]
    struct Increment;
    impl ModelCommand<Counter> for Increment {
        fn update(&self, model: &mut Counter) {
            model.0 += 1;
        }
    }
    let sequences = stateful::commands(|| Counter(0), |_: &Counter| Some(generate::constant(Increment))).max_length(5);
    let sequence = sequences.sample(1, 1).remove(0);
    let copy = sequence.clone();
    assert_eq!(copy.len(), sequence.len());
    assert_eq!(copy.initial_model().0, 0);
}

/// A command whose model update panics: the model is part of generation
/// (preconditions and the next commands read it), so the check ends as a
/// generator's panic, shrunk to the shortest sequence that makes it.
#[test]
fn a_panicking_model_update_is_shrunk_to_the_shortest_sequence() {
    #[derive(Clone, Debug)]
    struct Add(u8);
    impl ModelCommand<u32> for Add {
        fn update(&self, total: &mut u32) {
            *total += u32::from(self.0);
            assert!(*total <= 300, "the total reached {total}");
        }
    }
    let additions = stateful::commands(|| 0u32, |_: &u32| Some(generate::integer::<u8>().map(Add)));
    let result = Property::for_all(additions, |_| true).check(Options::default().seed(3));
    assert_eq!(result.outcome(), Outcome::GenerationFailed, "{result}");
    // Two additions are the fewest that pass 300, and 301 the least total.
    assert_eq!(result.failure().unwrap().message(), "the total reached 301", "{result}");
    assert!(result.failure().unwrap().location().unwrap().file.ends_with("stateful.rs"), "{result}");
    let report = result.to_string();
    assert!(report.contains("a panic in the model shows here too"), "{report}");
    // The report lists the shrunk sequence that led to the panic, and says
    // the panic came in the last command's update.
    let notes = [
        "  Notes:",
        "    commands drawn before the panic:",
        "      Add(46)",
        "      Add(255)",
        "    panicked in: the model update of step 2, the last command drawn",
        "  A generator must return a value",
    ];
    assert!(report.contains(&notes.join("\n")), "{report}");
}

/// A command whose `Debug` panics on one value, and whose precondition
/// panics once the total reaches 300.
#[derive(Clone)]
struct Touchy(u8);

impl std::fmt::Debug for Touchy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        assert!(self.0 != 255, "no Debug for 255");
        write!(f, "Touchy({})", self.0)
    }
}

impl ModelCommand<u32> for Touchy {
    fn precondition(&self, total: &u32) -> bool {
        assert!(*total < 300, "a precondition met a total of {total}");
        true
    }

    fn update(&self, total: &mut u32) {
        *total += u32::from(self.0);
    }
}

/// A panic in `next` or a precondition lists the commands drawn before it
/// too, and a command whose `Debug` panics, as that list is written while
/// the panic unwinds, is a placeholder alone.
#[test]
fn a_panic_while_drawing_a_command_lists_the_commands_before_it() {
    let sequences = stateful::commands(|| 0u32, |_: &u32| Some(generate::integer::<u8>().map(Touchy)));
    let result = Property::for_all(sequences, |_| true).check(Options::default().seed(3));
    assert_eq!(result.outcome(), Outcome::GenerationFailed, "{result}");
    assert_eq!(result.failure().unwrap().message(), "a precondition met a total of 300", "{result}");
    assert!(result.failure().unwrap().location().unwrap().file.ends_with("stateful.rs"), "{result}");
    let notes = [
        "  Notes:",
        "    commands drawn before the panic:",
        "      Touchy(45)",
        "      <Debug panicked: no Debug for 255>",
        "    panicked in: drawing step 3 (in `next`, a command's generator or its precondition)",
    ];
    let report = result.to_string();
    assert!(report.contains(&notes.join("\n")), "{report}");
    // A panic in `next` before the first command has none to list.
    let sequences = stateful::commands(
        || 0u32,
        |_: &u32| -> Option<generate::Constant<Touchy>> { panic!("no commands for this model") },
    );
    let result = Property::for_all(sequences, |_| true).check(Options::default().seed(3));
    let notes = [
        "  Notes:",
        "    commands drawn before the panic: none",
        "    panicked in: drawing step 1 (in `next`, a command's generator or its precondition)",
    ];
    let report = result.to_string();
    assert!(report.contains(&notes.join("\n")), "{report}");
}

/// A bounded queue that stops taking items at 30 without a word: only a
/// sequence of 31 pushes before a `Len` shows it, which random sequences of
/// three kinds of command almost never are.
#[derive(Clone, Copy, Debug)]
enum Bounded {
    Push(u8),
    Pop,
    Len,
}

impl ModelCommand<Vec<u8>> for Bounded {
    fn update(&self, model: &mut Vec<u8>) {
        match *self {
            Bounded::Push(item) => model.push(item),
            Bounded::Pop => {
                model.pop();
            }
            Bounded::Len => {}
        }
    }
}

impl Command<Vec<u8>, Vec<u8>> for Bounded {
    fn run(&self, model: &Vec<u8>, queue: &mut Vec<u8>) {
        match *self {
            Bounded::Push(item) if queue.len() < 30 => queue.push(item),
            Bounded::Push(_) => {}
            Bounded::Pop => assert_eq!(queue.pop(), model.last().copied()),
            Bounded::Len => assert_eq!(queue.len(), model.len(), "len"),
        }
    }
}

/// Targeting the model's length climbs to the bug: switching a `Pop` to a
/// `Push` draws the push's item afresh, and the commands after it stay as
/// they were.
#[test]
fn targeting_a_model_finds_a_bug_that_random_sequences_miss() {
    let sequences = stateful::commands(Vec::new, |_: &Vec<u8>| {
        Some(generate::one_of((
            generate::integer::<u8>().map(Bounded::Push).boxed(),
            generate::constant(Bounded::Pop).boxed(),
            generate::constant(Bounded::Len).boxed(),
        )))
    });
    let (mut targeted, mut random) = (0, 0);
    for seed in 0..10 {
        let check = |aim: bool| {
            Property::for_all(&sequences, |sequence| {
                let model = sequence.run(&mut Vec::new());
                if aim {
                    quickcheck::target(model.len() as f64, "length");
                }
            })
            .check(Options::default().seed(seed).multiple_failures(false))
        };
        targeted += usize::from(check(true).is_falsified());
        random += usize::from(check(false).is_falsified());
    }
    assert!(targeted >= 8 && random <= 2, "found by targeting {targeted} times in 10, at random {random}");
}

/// A sequence of exactly 200 commands whose stack may hold at most 19
/// items: the commands after the failing step never ran, and shrinking
/// makes each of them the shortest command (`Pop`) and moves the twenty
/// pushes to the front, in a few thousand replays. (Moved one step a
/// replay, the commands took more shrinks than the limit allows, and the
/// pops ahead of the pushes stayed there.)
#[test]
fn a_long_fixed_length_sequence_shrinks_to_its_pushes_then_pops() {
    let sequences = stateful::commands(Vec::new, |_: &Vec<u8>| {
        Some(generate::one_of((generate::integer::<u8>().map(Bounded::Push), generate::constant(Bounded::Pop))))
    })
    .length(200..=200);
    for seed in 0..3 {
        let result = Property::for_all(&sequences, |sequence| {
            sequence.run_with_invariant(&mut Vec::new(), |_, stack: &Vec<u8>| assert!(stack.len() < 20, "too deep"));
        })
        .check(Options::default().seed(seed));
        let commands: String = result
            .minimal()
            .unwrap()
            .value()
            .commands()
            .iter()
            .map(|command| match command {
                Bounded::Push(0) => '0',
                Bounded::Push(_) => 'P',
                Bounded::Pop => '.',
                Bounded::Len => 'L',
            })
            .collect();
        assert_eq!(commands, format!("{}{}", "0".repeat(20), ".".repeat(180)), "seed {seed}: {result}");
        assert!(result.failures()[0].is_fully_shrunk(), "seed {seed}: {result}");
    }
}

/// Three or more equal commands in a row are one line, numbered by their
/// first and last steps, aligned with the lines around them.
#[test]
fn runs_of_equal_commands_are_written_on_one_line() {
    let commands = [vec![Bounded::Push(0); 10], vec![Bounded::Pop; 2], vec![Bounded::Len; 3]].concat();
    let sequence = CommandSequence::new(Vec::new, commands);
    assert_eq!(format!("{sequence:?}"), " 1 to 10. Push(0)\n11. Pop\n12. Pop\n13 to 15. Len");
    let two = CommandSequence::new(Vec::new, [Bounded::Pop, Bounded::Pop]);
    assert_eq!(format!("{two:?}"), "1. Pop\n2. Pop");
}

/// A command whose precondition never holds: no sequence can hold it.
#[derive(Clone, Debug)]
struct Never;

impl ModelCommand<()> for Never {
    fn precondition(&self, _: &()) -> bool {
        false
    }

    fn update(&self, _: &mut ()) {}
}

/// The same, with an argument: a command generator of many values.
#[derive(Clone, Debug)]
struct NeverWith(#[expect(dead_code, reason = "only its Debug form reads it")] u32);

impl ModelCommand<()> for NeverWith {
    fn precondition(&self, _: &()) -> bool {
        false
    }

    fn update(&self, _: &mut ()) {}
}

impl Command<(), ()> for Never {
    fn run(&self, _: &(), _: &mut ()) {}
}

impl Command<(), ()> for NeverWith {
    fn run(&self, _: &(), _: &mut ()) {}
}

/// Preconditions that reject every command leave only the empty sequence to
/// test: the check must not pass on it, whether the command generator has
/// one value (so the space of sequences runs out after two examples) or
/// many (so the discards reach their limit), and both say why.
#[test]
fn preconditions_that_reject_every_command_end_the_check_exhausted() {
    let one_valued = stateful::commands(|| (), |_: &()| Some(generate::constant(Never)));
    let result = Property::for_all(one_valued, |sequence| {
        sequence.run(&mut ());
    })
    .check(Options::default().seed(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    let many_valued = stateful::commands(|| (), |_: &()| Some(generate::integer::<u32>().map(NeverWith)));
    let other = Property::for_all(many_valued, |sequence| {
        sequence.run(&mut ());
    })
    .check(Options::default().seed(1));
    assert_eq!(other.outcome(), Outcome::Exhausted, "{other}");
    let advice = "  Check each precondition against the model's initial state and the commands that `next` offers in \
                  it: at least one of them must apply there.";
    let first_line = |count: &str| {
        format!(
            "Exhausted after 1 test (seed 1): the preconditions rejected every command drawn, so no generated \
             test ran a command (only empty sequences did; {count} discarded)."
        )
    };
    let lines: Vec<String> = result.to_string().lines().map(str::to_owned).collect();
    assert_eq!(lines, [first_line("1 example was"), advice.to_owned()], "{result}");
    let lines: Vec<String> = other.to_string().lines().map(str::to_owned).collect();
    assert_eq!(lines, [first_line("1000 examples were"), advice.to_owned()], "{other}");
}

/// A command whose precondition holds for one argument in twenty.
#[derive(Clone, Debug)]
struct Rarely(u32);

impl ModelCommand<()> for Rarely {
    fn precondition(&self, _: &()) -> bool {
        self.0.is_multiple_of(20)
    }

    fn update(&self, _: &mut ()) {}
}

impl Command<(), ()> for Rarely {
    fn run(&self, _: &(), _: &mut ()) {}
}

/// Preconditions that reject most commands discard most sequences; the
/// advice is about commands and states, not about filtering inputs.
#[test]
fn preconditions_that_reject_most_commands_get_advice_about_commands() {
    let rarely = stateful::commands(|| (), |_: &()| Some(generate::integer::<u32>().map(Rarely)));
    let result = Property::for_all(rarely, |sequence| sequence.run(&mut ())).check(Options::default().seed(1));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    let advice = "Make a valid command likelier in every state the model reaches: have `next` offer one that always \
                  applies, or draw arguments that fit the model more often (keys from a small range, say). A step \
                  draws its command up to ten times before it discards the example.";
    let report = result.to_string();
    assert!(report.contains(&format!("Rejected by: a command's precondition (1000 examples). {advice}")), "{report}");
    let warning = result.health_warnings().first().expect("a warning about the discards").problem();
    assert!(
        warning.ends_with(&format!(
            "(by a command's precondition (50 examples)), which makes the check slow and its inputs skewed. {}",
            advice.trim_end_matches('.')
        )),
        "{warning}"
    );
}

/// Sequences that are always empty, because `next` offers no command in
/// the initial state or their length is 0, test nothing either, though no
/// precondition rejected anything.
#[test]
fn sequences_that_are_always_empty_end_the_check_exhausted() {
    let offered_none = stateful::commands(|| (), |_: &()| None::<generate::Constant<Never>>);
    let fixed_empty = stateful::commands(|| (), |_: &()| Some(generate::constant(Never))).max_length(0);
    for result in [
        Property::for_all(offered_none, |sequence| sequence.run(&mut ())).check(Options::default().seed(1)),
        Property::for_all(fixed_empty, |sequence| sequence.run(&mut ())).check(Options::default().seed(1)),
    ] {
        assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
        assert!(
            result.to_string().starts_with(
                "Exhausted after 1 test (seed 1): every command sequence was empty, so no test ran a command."
            ),
            "{result}"
        );
    }
    // A check of one example draws the empty sequence, as every check's
    // first example is the simplest: a command could still have been drawn.
    let offered = stateful::commands(|| (), |_: &()| Some(generate::constant(Never)));
    let result = Property::for_all(offered, |sequence| sequence.run(&mut ())).check(Options::default().seed(1).runs(1));
    assert_eq!(result.outcome(), Outcome::Passed, "{result}");
}

/// A generator's panic met beside a failure of the body lists the commands
/// drawn before it as well.
#[test]
fn a_generator_panic_beside_a_failure_lists_the_commands_before_it() {
    #[derive(Clone, Debug)]
    struct Seven(u8);
    impl ModelCommand<u32> for Seven {
        fn update(&self, _: &mut u32) {
            assert!(self.0 != 7, "seven");
        }
    }
    let sequences = stateful::commands(|| 0u32, |_: &u32| Some(generate::integer::<u8>().map(Seven)));
    let result = Property::for_all(sequences, |sequence| sequence.len() < 3).check(Options::default().seed(18));
    assert!(result.is_falsified() && result.generator_panic().is_some(), "{result}");
    let lines = [
        "  Notes:",
        "    commands drawn before the panic: Seven(7)",
        "    panicked in: the model update of step 1, the last command drawn",
        "  Replay the generator's panic with: ",
    ];
    let report = result.to_string();
    let generator_section = report.split("  Generator failure: ").nth(1).unwrap_or_default();
    assert!(generator_section.contains(&lines.join("\n")), "{report}");
}

/// A found counterexample, pinned: built from its commands, it is checked
/// before any generated sequence, and runs as a generated one does.
#[test]
fn a_built_sequence_pins_a_counterexample() {
    let found = CommandSequence::new(Model::new, MINIMAL);
    assert_eq!(found.commands(), MINIMAL);
    assert_eq!(found.initial_model(), Model::new());
    let result = Property::for_all(operations(), |sequence| {
        sequence.run(&mut Store::default());
    })
    .example(found)
    .check(Options::default().seed(1));
    let minimal = result.minimal().unwrap();
    assert!(minimal.is_explicit(), "{result}");
    assert_eq!(minimal.value().commands(), MINIMAL, "{result}");
    let report = result.to_string();
    assert!(report.starts_with("Falsified on a pinned example.\n  Counterexample:\n    1. Put(0, 0)\n"), "{report}");
    assert!(report.ends_with("  Notes:\n    failed at: step 3 of 3, the last"), "{report}");
}

// The same pin, as the attribute writes it.
#[quickcheck::property(seed = 1, database = "off")]
#[example(CommandSequence::new(Model::new, MINIMAL))]
#[should_panic]
fn a_store_with_its_counterexample_pinned(#[generator(operations())] sequence: CommandSequence<Model, Operation>) {
    sequence.run(&mut Store::default());
}

#[test]
fn an_example_attribute_pins_a_built_sequence() {
    let report = report_of(a_store_with_its_counterexample_pinned);
    let expected = "Falsified on a pinned example.\n  Counterexample:\n    sequence =\n      1. Put(0, 0)\n      2. Put(0, 1)\n      3. Get(0)\n";
    assert!(report.starts_with(expected), "{report}");
}

/// A pinned sequence holds only steps a generated one could: a step whose
/// precondition fails is named when the sequence is built, not skipped or
/// run against a state the model rules out.
#[test]
fn a_built_sequence_whose_precondition_fails_says_which_step() {
    let built = std::panic::catch_unwind(|| {
        CommandSequence::new(Model::new, [Operation::Put(1, 5), Operation::Get(1), Operation::Delete(2)])
    });
    let message = *built.expect_err("Delete(2) has no key 2 to delete").downcast::<String>().unwrap();
    assert_eq!(
        message,
        "the precondition of step 3 of 3, Delete(2), rejects the model that steps 1 and 2 leave: no generated \
         sequence holds such a step, and running it would test a state the model rules out. Remove or reorder \
         commands so that each one's precondition holds after the ones before it"
    );
    // Pinned with `example_with`, as `#[example]` pins, the check says the
    // pin is at fault, not the property.
    let result = Property::for_all(operations(), |sequence| {
        sequence.run(&mut Store::default());
    })
    .example_with(|| CommandSequence::new(Model::new, [Operation::Delete(0)]))
    .check(Options::default().seed(1));
    assert_eq!(result.outcome(), Outcome::Misconfigured, "{result}");
    let report = result.to_string();
    // The panic's place is the pin's own line: `CommandSequence::new` is
    // `#[track_caller]`.
    let built = "Misconfigured: pinned example 1 could not be built: its expression panicked at tests/stateful.rs:";
    assert!(report.starts_with(built), "{report}");
    assert!(report.contains(": the precondition of step 1 of 1, Delete(0), rejects the initial model: "), "{report}");
}

/// A command whose `Debug` panics is a placeholder alone in the sequence's
/// `Debug` form and in a report: the other commands still show.
#[test]
fn a_command_whose_debug_panics_is_replaced_alone() {
    let sequence = CommandSequence::new(|| 0u32, [Touchy(1), Touchy(255), Touchy(2)]);
    assert_eq!(format!("{sequence:?}"), "1. Touchy(1)\n2. <Debug panicked: no Debug for 255>\n3. Touchy(2)");
    assert_eq!(
        format!("{sequence:#?}"),
        "[\n    Touchy(1),\n    <Debug panicked: no Debug for 255>,\n    Touchy(2),\n]"
    );
    let sequences = stateful::commands(|| 0u32, |_: &u32| Some(generate::integer::<u8>().map(Touchy)));
    let result = Property::for_all(sequences, |_| false).example(sequence).check(Options::default());
    let report = result.to_string();
    let expected = "  Counterexample:\n    1. Touchy(1)\n    2. <Debug panicked: no Debug for 255>\n    3. Touchy(2)\n";
    assert!(report.contains(expected), "{report}");
}

/// A command of a counter that must count past 1000, for a bug that needs
/// many commands.
#[derive(Clone, Debug, PartialEq)]
enum Count {
    Add(u32),
    Read,
}

impl ModelCommand<u32> for Count {
    fn update(&self, total: &mut u32) {
        if let Count::Add(amount) = self {
            *total += amount;
        }
    }
}

/// A counter that wraps at 1000: the bug.
struct WrappingCounter(u32);

impl Command<u32, WrappingCounter> for Count {
    fn run(&self, total: &u32, counter: &mut WrappingCounter) {
        match *self {
            Count::Add(amount) => counter.0 = (counter.0 + amount) % 1000,
            Count::Read => assert_eq!(counter.0, *total),
        }
    }
}

/// A failure that needs its commands' arguments to add up shrinks to the
/// fewest, largest ones without trying every smaller value of each (ten
/// equal arguments are scanned once) or a deletion per later command for
/// an argument no count of commands reaches; moving value from one
/// argument to another fills the receiver in one step. It took 3100 to
/// 4000 calls on these seeds before.
#[test]
fn a_total_spread_over_many_commands_shrinks_in_few_calls() {
    let counts = stateful::commands(
        || 0u32,
        |_: &u32| {
            Some(generate::one_of((generate::between(0u32, 100).map(Count::Add), generate::constant(Count::Read))))
        },
    )
    .length(0..=200);
    let mut minimal = vec![Count::Add(100); 10];
    minimal.push(Count::Read);
    for seed in 0..3 {
        let result = Property::for_all(&counts, |sequence| {
            sequence.run(&mut WrappingCounter(0));
        })
        .check(Options::default().seed(seed).multiple_failures(false));
        assert_eq!(result.minimal().unwrap().value().commands(), minimal, "seed {seed}: {result}");
        assert!(result.shrink_calls() <= 3000, "seed {seed}: {} calls", result.shrink_calls());
    }
}

/// A queue that holds three values and drops a fourth push unsaid.
#[derive(Default)]
struct ShortQueue(Vec<u8>);

#[derive(Clone, Debug, PartialEq)]
enum QueueCommand {
    Push(u8),
    Pop,
    Len,
}

impl ModelCommand<Vec<u8>> for QueueCommand {
    fn precondition(&self, model: &Vec<u8>) -> bool {
        *self != QueueCommand::Pop || !model.is_empty()
    }

    fn update(&self, model: &mut Vec<u8>) {
        match self {
            QueueCommand::Push(value) => model.push(*value),
            QueueCommand::Pop => drop(model.remove(0)),
            QueueCommand::Len => {}
        }
    }
}

impl Command<Vec<u8>, ShortQueue> for QueueCommand {
    fn run(&self, model: &Vec<u8>, queue: &mut ShortQueue) {
        match self {
            QueueCommand::Push(value) if queue.0.len() < 3 => queue.0.push(*value),
            QueueCommand::Push(_) => {}
            QueueCommand::Pop => assert_eq!(queue.0.remove(0), model[0], "popped another value"),
            QueueCommand::Len => assert_eq!(queue.0.len(), model.len()),
        }
    }
}

/// The one pushed value that differs may be pushed at either of two steps
/// of the shortest failing sequences: the shrink moves it to the later, as
/// exchanging the two pushed values makes the sequence smaller.
#[test]
fn a_distinct_value_ends_as_late_as_it_can() {
    use QueueCommand::{Len, Pop, Push};
    let commands = || {
        stateful::commands(Vec::new, |_: &Vec<u8>| {
            Some(generate::one_of((
                generate::integer::<u8>().map(Push),
                generate::constant(Pop),
                generate::constant(Len),
            )))
        })
    };
    let expected = [Push(0), Push(0), Push(0), Push(0), Pop, Push(1), Pop, Pop, Pop];
    let mut wrong = Vec::new();
    let mut found = 0;
    for seed in 1..=40 {
        let result = Property::for_all(commands(), |sequence| {
            sequence.run(&mut ShortQueue::default());
        })
        .check(Options::default().seed(seed).database("off"));
        // Popping the empty queue, and a wrong length, are failures of
        // their own, which a run may find instead.
        let popped_another = result.failures().iter().find(|failure| failure.failure().message().contains("another"));
        let Some(minimal) = popped_another.and_then(|failure| failure.minimal()) else { continue };
        found += 1;
        if minimal.value().commands() != expected {
            wrong.push((seed, minimal.value().commands().to_vec()));
        }
    }
    assert!(wrong.is_empty() && found > 10, "found {found}: {wrong:?}");
}

/// With no `max_length`, a sequence has at most 50 commands, and nearly
/// always all 50.
#[test]
fn sequences_have_fifty_commands_by_default() {
    let sequences = stateful::commands(|| 0u32, |_: &u32| Some(generate::between(0u32, 9).map(Bank::Deposit)));
    let lengths: Vec<usize> = sequences.sample(100, 4).iter().map(CommandSequence::len).collect();
    assert!(lengths.iter().all(|&length| length <= 50), "{lengths:?}");
    assert!(lengths.iter().filter(|&&length| length == 50).count() >= 95, "{lengths:?}");
}

/// An invariant that the initial model already breaks fails before any
/// command runs: the empty sequence, noted as such.
#[test]
fn an_invariant_broken_by_the_initial_model_fails_before_the_first_command() {
    let result = Property::for_all(operations(), |sequence| {
        sequence.run_with_invariant(&mut Store::default(), |model, _| assert!(!model.is_empty(), "nothing stored"));
    })
    .check(Options::default().seed(1));
    assert!(result.minimal().unwrap().value().is_empty(), "{result}");
    let report = result.to_string();
    assert!(report.contains("  Notes:\n    failed at: the invariant, before the first command"), "{report}");
}

thread_local! {
    /// The precondition's rejections since it last accepted a command.
    static REJECTED_IN_A_ROW: Cell<u32> = const { Cell::new(0) };
    /// Which attempt in a row the precondition accepts.
    static ACCEPTED_ATTEMPT: Cell<u32> = const { Cell::new(0) };
}

/// A command whose precondition accepts only the `ACCEPTED_ATTEMPT`th
/// attempt in a row, whatever it is.
#[derive(Debug)]
struct Stubborn(#[expect(dead_code, reason = "only its Debug form reads it")] u8);

impl ModelCommand<()> for Stubborn {
    fn precondition(&self, _: &()) -> bool {
        let rejected = REJECTED_IN_A_ROW.get() + 1;
        let accepted = rejected == ACCEPTED_ATTEMPT.get();
        REJECTED_IN_A_ROW.set(if accepted { 0 } else { rejected });
        accepted
    }

    fn update(&self, _: &mut ()) {}
}

impl Command<(), ()> for Stubborn {
    fn run(&self, _: &(), _: &mut ()) {}
}

/// A command is drawn ten times while its precondition rejects it: a
/// precondition that accepts the tenth attempt makes commands, and one
/// that would accept the eleventh leaves every example discarded.
#[test]
fn a_rejected_command_is_drawn_ten_times_before_the_example_is_discarded() {
    let longest = Cell::new(0);
    let check = |accepted_attempt| {
        ACCEPTED_ATTEMPT.set(accepted_attempt);
        let stubborn =
            stateful::commands(|| REJECTED_IN_A_ROW.set(0), |_: &()| Some(generate::integer::<u8>().map(Stubborn)));
        Property::for_all(stubborn, |sequence| {
            sequence.run(&mut ());
            longest.set(longest.get().max(sequence.len()));
        })
        .check(Options::default().seed(1).runs(20))
    };
    let tenth = check(10);
    assert!(tenth.is_passed(), "{tenth}");
    assert_eq!(tenth.discards(), 0, "{tenth}");
    assert_eq!(longest.get(), 50, "{tenth}");
    let eleventh = check(11);
    assert_eq!(eleventh.outcome(), Outcome::Exhausted, "{eleventh}");
    assert!(eleventh.to_string().contains("the preconditions rejected every command drawn"), "{eleventh}");
}

/// A starting model drawn and `flat_map`ped into the sequence, as the
/// README suggests, shows in the report when the body notes it.
#[test]
fn a_drawn_starting_model_noted_in_the_body_shows_in_the_report() {
    let sequences = generate::between(1u32, 50).flat_map(|start| {
        stateful::commands(move || start, |_: &u32| Some(generate::between(0u32, 9).map(Bank::Deposit)))
    });
    let result = Property::for_all(sequences, |sequence| {
        quickcheck::stats::note("initial model", sequence.initial_model());
        assert!(sequence.initial_model() < 30, "too much to start with");
    })
    .check(Options::default().seed(1));
    let report = result.to_string();
    assert!(report.contains("  Notes:\n    initial model: 30\n"), "{report}");
}
