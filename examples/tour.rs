//! A short tour: properties that pass (with the statistics of what they
//! exercised), failures shrinking to their minimal counterexamples, a
//! stateful test, and `#[property]` functions run through the registry.
//!
//! Run it with `cargo run --example tour`.

use std::collections::BTreeMap;

use quickcheck::stateful::{self, Command, ModelCommand};
use quickcheck::stats::{classify, collect, cover};
use quickcheck::{Generator, Options, Property, generate, property, registry};

fn main() {
    println!("== A property that holds, with the statistics of what it exercised\n");
    let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
        classify(list.is_empty(), "empty");
        cover(list.len() >= 5, 20.0, "five or more");
        collect(
            "sign of first",
            list.first().map_or("none", |first| if *first < 0 { "negative" } else { "not negative" }),
        );
        let mut twice = list.clone();
        twice.reverse();
        twice.reverse();
        twice == list
    })
    .check(Options::default().seed(2024));
    println!("{result}\n");

    println!("== A property that does not hold: no list contains 100\n");
    let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
        assert!(!list.contains(&100), "found 100 at index {:?}", list.iter().position(|&x| x == 100));
    })
    .check(Options::default().seed(2024).runs(10_000));
    println!("{result}\n");

    println!("== A length drawn first, then that many numbers: max < 900\n");
    let lengths_then_lists = generate::between(1usize, 100)
        .flat_map(|length| generate::vec(generate::between(0, 1000)).length(length..=length));
    let result = Property::for_all(lengths_then_lists, |list| list.iter().all(|&x| x < 900))
        .check(Options::default().seed(2024));
    println!("{result}\n");

    println!("== A key-value store that ignores overwrites, against a model\n");
    let result = Property::for_all(store_operations(), |sequence| {
        sequence.run(&mut Store::default());
    })
    .check(Options::default().seed(2024));
    println!("{result}\n");

    println!("== The #[property] functions of this file, run through the registry\n");
    println!("{}\n", registry::run_all("tour"));

    println!("== What generators produce (seed 1)\n");
    let words = generate::string_of(generate::char_between('a', 'z')).length(1..=8);
    println!("  words:    {:?}", words.sample(6, 1));
    println!("  integers: {:?}", generate::integer::<i64>().sample(6, 1));
    println!("  floats:   {:?}", generate::float::<f64>().sample(6, 1));
    println!("  options:  {:?}", generate::option(generate::between(1, 6)).sample(6, 1));
}

#[property]
fn addition_commutes(a: i64, b: i64) -> bool {
    a.wrapping_add(b) == b.wrapping_add(a)
}

#[property(seed = 7)]
fn sorted_lists_have_no_inversions(mut list: Vec<u16>) {
    list.sort();
    assert!(list.windows(2).all(|pair| pair[0] <= pair[1]));
}

// The database is off so that every run of the tour shows a fresh shrink;
// with it on, the next run would replay the saved failure instead.
#[property(seed = 7, database = "off")]
fn halving_then_doubling_gives_the_number_back(n: u32) {
    // Wrong for odd numbers. The smallest, 1, is reported: here generation
    // meets it early (it tries small values first), and otherwise the
    // shrinker would lower a larger odd number to it.
    assert_eq!(n / 2 * 2, n);
}

/// A store with a bug: a write to a key that already holds a value is ignored.
#[derive(Default)]
struct Store(BTreeMap<u8, u8>);

#[derive(Clone, Debug)]
enum Operation {
    Put(u8, u8),
    Get(u8),
}

impl ModelCommand<BTreeMap<u8, u8>> for Operation {
    fn update(&self, model: &mut BTreeMap<u8, u8>) {
        if let Operation::Put(key, value) = *self {
            model.insert(key, value);
        }
    }
}

impl Command<BTreeMap<u8, u8>, Store> for Operation {
    fn run(&self, model: &BTreeMap<u8, u8>, store: &mut Store) {
        match *self {
            Operation::Put(key, value) => {
                store.0.entry(key).or_insert(value);
            }
            Operation::Get(key) => assert_eq!(store.0.get(&key), model.get(&key), "get({key})"),
        }
    }
}

fn store_operations() -> impl Generator<Value = stateful::CommandSequence<BTreeMap<u8, u8>, Operation>> {
    stateful::commands(BTreeMap::new, |_: &BTreeMap<u8, u8>| {
        let key = generate::between(0u8, 3);
        Some(generate::one_of((
            (key, generate::integer::<u8>()).map(|(key, value)| Operation::Put(key, value)),
            key.map(Operation::Get),
        )))
    })
}
