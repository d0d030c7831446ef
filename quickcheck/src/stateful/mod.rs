//! Stateful testing: sequences of commands run against a model and a system.
//!
//! A property over one value says little about a system with state. Here
//! the property ranges over a *sequence of operations*: each command knows
//! when it may run (its precondition on the model), how it changes the model,
//! and how to run against the real system and check what the system answers.
//! The model is a simplification that is enough to say what the system should
//! do — a `BTreeMap` is a fine model of a key-value store.
//!
//! [`commands`] generates sequences by advancing the model alone; the system
//! is never touched while generating. [`CommandSequence::run`] then runs the
//! commands against a fresh model and the system, each command checking what
//! the system answers ([`CommandSequence::run_with_invariant`] also checks an
//! invariant before the first and after each). When a sequence fails, the
//! shrinker deletes the commands the failure does not need and simplifies
//! the arguments of the rest; every candidate is generated afresh against
//! the model, so a shrunk sequence still respects every precondition. The
//! report lists the commands one a line, numbered from 1 (a run of three
//! or more equal commands on one line: `41 to 500. Pop`), and notes the
//! step the run failed at (`failed at: step 3 of 3, the last`), or the
//! invariant check; the steps after it never ran. A synchronous and an
//! async run note it alike, and an async run given up on (at its
//! [deadline](crate::Options::deadline), or because nothing can wake it)
//! notes the step it was waiting in. A panic the body catches itself is
//! not noted.
//! A panic in the model while generating (in `next`, a precondition or an
//! update) is a generator's panic: the check ends
//! [`GenerationFailed`](crate::Outcome::GenerationFailed), shrunk to the
//! fewest commands that make it, and the report lists the commands drawn
//! before it. [`CommandSequence::new`] builds a sequence from a list of
//! commands, to pin a minimal counterexample with `Property::example` or
//! `#[example(...)]`.
//!
//! Each assertion a failing command makes is an origin of its own, so one
//! bug that breaks a `get` and a `remove` may be reported as two distinct
//! failures, each shrunk; `Options::multiple_failures(false)` (or
//! `#[property(multiple_failures = false)]`) reports the first alone, and
//! stops sooner.
//!
//! ```
//! use std::collections::BTreeMap;
//! use quickcheck::stateful::{self, Command, ModelCommand};
//! use quickcheck::{Generator, Options, Property, generate};
//!
//! /// The system under test: a store with a bug, it ignores overwrites.
//! #[derive(Default)]
//! struct Store(BTreeMap<u8, u8>);
//!
//! impl Store {
//!     fn put(&mut self, key: u8, value: u8) {
//!         self.0.entry(key).or_insert(value);
//!     }
//! }
//!
//! #[derive(Clone, Debug, PartialEq)]
//! enum Operation { Put(u8, u8), Get(u8) }
//!
//! impl ModelCommand<BTreeMap<u8, u8>> for Operation {
//!     fn update(&self, model: &mut BTreeMap<u8, u8>) {
//!         if let Operation::Put(key, value) = *self {
//!             model.insert(key, value);
//!         }
//!     }
//! }
//!
//! impl Command<BTreeMap<u8, u8>, Store> for Operation {
//!     fn run(&self, model: &BTreeMap<u8, u8>, store: &mut Store) {
//!         match *self {
//!             Operation::Put(key, value) => store.put(key, value),
//!             Operation::Get(key) => assert_eq!(store.0.get(&key), model.get(&key)),
//!         }
//!     }
//! }
//!
//! let operations = stateful::commands(BTreeMap::new, |_: &BTreeMap<u8, u8>| {
//!     let key = generate::between(0u8, 3);
//!     Some(generate::one_of((
//!         (key, generate::integer::<u8>()).map(|(k, v)| Operation::Put(k, v)),
//!         key.map(Operation::Get),
//!     )))
//! });
//! let result = Property::for_all(operations, |sequence| {
//!     sequence.run(&mut Store::default());
//! })
//! .check(Options::default().seed(3));
//! let minimal = result.minimal().unwrap().value();
//! assert_eq!(minimal.commands(), [Operation::Put(0, 0), Operation::Put(0, 1), Operation::Get(0)]);
//! ```
//!
//! Under `#[property]`, the sequence is a parameter of type
//! [`CommandSequence`], drawn by a `#[generator(...)]`:
//!
//! ```
//! use quickcheck::stateful::{self, Command, CommandSequence, ModelCommand};
//! use quickcheck::{Generator, generate, property};
//!
//! #[derive(Clone, Debug)]
//! enum Step { Add(u8), Read }
//!
//! impl ModelCommand<u32> for Step {
//!     fn update(&self, total: &mut u32) {
//!         if let Step::Add(amount) = *self {
//!             *total += u32::from(amount);
//!         }
//!     }
//! }
//!
//! impl Command<u32, Vec<u8>> for Step {
//!     fn run(&self, total: &u32, added: &mut Vec<u8>) {
//!         match *self {
//!             Step::Add(amount) => added.push(amount),
//!             Step::Read => assert_eq!(added.iter().map(|&a| u32::from(a)).sum::<u32>(), *total),
//!         }
//!     }
//! }
//!
//! fn steps() -> impl Generator<Value = CommandSequence<u32, Step>> {
//!     stateful::commands(|| 0, |_: &u32| {
//!         Some(generate::one_of((generate::integer::<u8>().map(Step::Add), generate::constant(Step::Read))))
//!     })
//! }
//!
//! #[property]
//! fn a_log_of_additions_sums_to_the_total(#[generator(steps())] steps: CommandSequence<u32, Step>) {
//!     steps.run(&mut Vec::new());
//! }
//! # fn main() {}
//! ```
//!
//! A command that only makes sense in some states says so with its
//! [`precondition`](ModelCommand::precondition): a drawn command whose
//! precondition fails is drawn again, and the shrinker keeps to sequences
//! where every precondition holds. `next` sees the model too, so it can
//! offer commands that fit it. [`CommandSequence::run_with_invariant`]
//! checks what must hold between any two commands:
//!
//! ```
//! use quickcheck::stateful::{self, Command, ModelCommand};
//! use quickcheck::{Generator, Options, Property, generate};
//!
//! /// The system: an account whose balance must never go below zero.
//! #[derive(Default)]
//! struct Account {
//!     cents: u64,
//! }
//!
//! #[derive(Clone, Copy, Debug)]
//! enum Teller {
//!     Deposit(u32),
//!     Withdraw(u32),
//! }
//!
//! impl ModelCommand<u64> for Teller {
//!     // A teller refuses an overdraft: such a withdrawal never reaches the
//!     // account, so no sequence holds one.
//!     fn precondition(&self, balance: &u64) -> bool {
//!         match *self {
//!             Teller::Deposit(_) => true,
//!             Teller::Withdraw(cents) => u64::from(cents) <= *balance,
//!         }
//!     }
//!
//!     fn update(&self, balance: &mut u64) {
//!         match *self {
//!             Teller::Deposit(cents) => *balance += u64::from(cents),
//!             Teller::Withdraw(cents) => *balance -= u64::from(cents),
//!         }
//!     }
//! }
//!
//! impl Command<u64, Account> for Teller {
//!     fn run(&self, _: &u64, account: &mut Account) {
//!         match *self {
//!             Teller::Deposit(cents) => account.cents += u64::from(cents),
//!             Teller::Withdraw(cents) => account.cents -= u64::from(cents),
//!         }
//!     }
//! }
//!
//! // Withdrawals of up to the whole balance, so that most of them apply.
//! let sessions = stateful::commands(
//!     || 0u64,
//!     |balance: &u64| {
//!         let most = u32::try_from(*balance).unwrap_or(u32::MAX);
//!         Some(generate::one_of((
//!             generate::between(1u32, 10_000).map(Teller::Deposit),
//!             generate::between(0, most).map(Teller::Withdraw),
//!         )))
//!     },
//! );
//! let result = Property::for_all(sessions, |session| {
//!     session.run_with_invariant(&mut Account::default(), |balance, account| {
//!         assert_eq!(account.cents, *balance, "the account and the ledger disagree");
//!     });
//! })
//! .check(Options::default());
//! assert!(result.is_passed(), "{result}");
//! ```

mod command;
pub(crate) mod sequence;

pub use command::{AsyncCommand, Command, DynAsyncCommand, ModelCommand};
pub use sequence::{CommandSequence, Commands, commands};
