//! Stateful testing of a small LRU cache with a seeded bug: `get` forgets to
//! mark the entry as recently used, so the wrong entry is evicted later.
//!
//! Run it with `cargo run --example lru_cache`. The property fails, and the
//! report shows the few commands that expose the bug.

use quickcheck::stateful::{self, Command, ModelCommand};
use quickcheck::{Generator, Options, Property, generate};

const CAPACITY: usize = 2;

/// The system under test.
struct LruCache {
    /// Least recently used first.
    entries: Vec<(u8, u8)>,
}

impl LruCache {
    fn new() -> LruCache {
        LruCache { entries: Vec::new() }
    }

    fn put(&mut self, key: u8, value: u8) {
        self.entries.retain(|&(existing, _)| existing != key);
        if self.entries.len() == CAPACITY {
            self.entries.remove(0);
        }
        self.entries.push((key, value));
    }

    fn get(&mut self, key: u8) -> Option<u8> {
        // The bug: a hit should move the entry to the most recent end.
        self.entries.iter().find(|&&(existing, _)| existing == key).map(|&(_, value)| value)
    }
}

/// The model: the same list, kept correctly.
type Model = Vec<(u8, u8)>;

#[derive(Clone, Debug)]
enum Operation {
    Put(u8, u8),
    Get(u8),
}

impl ModelCommand<Model> for Operation {
    fn update(&self, model: &mut Model) {
        match *self {
            Operation::Put(key, value) => {
                model.retain(|&(existing, _)| existing != key);
                if model.len() == CAPACITY {
                    model.remove(0);
                }
                model.push((key, value));
            }
            Operation::Get(key) => {
                if let Some(position) = model.iter().position(|&(existing, _)| existing == key) {
                    let entry = model.remove(position);
                    model.push(entry);
                }
            }
        }
    }
}

impl Command<Model, LruCache> for Operation {
    fn run(&self, model: &Model, cache: &mut LruCache) {
        match *self {
            Operation::Put(key, value) => cache.put(key, value),
            Operation::Get(key) => {
                let expected = model.iter().find(|&&(existing, _)| existing == key).map(|&(_, value)| value);
                assert_eq!(cache.get(key), expected, "get({key})");
            }
        }
    }
}

fn main() {
    let operations = stateful::commands(Model::new, |_: &Model| {
        let key = generate::between(0u8, 3);
        Some(generate::one_of((
            (key, generate::integer::<u8>()).map(|(key, value)| Operation::Put(key, value)),
            key.map(Operation::Get),
        )))
    });
    let result = Property::for_all(operations, |sequence| {
        sequence.run(&mut LruCache::new());
    })
    .check(Options::default().seed(7));
    println!("{result}");
}
