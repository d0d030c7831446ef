//! A short tour: a property that passes, one that fails and shrinks to its
//! minimal counterexample, and a look at what generators produce.
//!
//! Run it with `cargo run --example tour`.

use quickcheck::{Generator, Options, Property, generate};

fn main() {
    println!("== A property that holds: reversing twice gives the list back\n");
    let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
        let mut twice = list.clone();
        twice.reverse();
        twice.reverse();
        twice == list
    })
    .check(Options::default().seed(2024));
    println!("{result}\n");

    println!("== A property that does not: no list contains 100\n");
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

    println!("== A sum that must stay small: a + b <= 1000\n");
    let pair = (generate::between(0i64, 10_000), generate::between(0i64, 10_000));
    let result = Property::for_all(pair, |(a, b)| a + b <= 1000).check(Options::default().seed(2024));
    println!("{result}\n");

    println!("== What generators produce (seed 1)\n");
    let words = generate::string_of(generate::char_between('a', 'z')).length(1..=8);
    println!("  words:    {:?}", words.sample(6, 1));
    println!("  integers: {:?}", generate::integer::<i64>().sample(6, 1));
    println!("  options:  {:?}", generate::option(generate::between(1, 6)).sample(6, 1));
    println!("  sets:     {:?}", generate::btree_set(generate::between(0, 9)).sample(3, 1));
}
