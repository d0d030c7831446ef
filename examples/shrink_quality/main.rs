//! The shrink-quality suite: every problem over 100 seeds, reporting how
//! often the bug was found, how often the shrunk result was exactly the ideal
//! one, and the median shrink calls and time.
//!
//! Run it with `cargo run --release --example shrink_quality`; pass a number
//! to use that many seeds instead of 100.

mod problems;

use std::time::Duration;

fn median<T: Ord + Copy>(values: &mut [T]) -> Option<T> {
    values.sort_unstable();
    values.get(values.len() / 2).copied()
}

fn main() {
    let seeds: u64 = std::env::args().nth(1).map_or(100, |text| text.parse().expect("the number of seeds"));
    println!(
        "{:<18} {:>7} {:>7} {:>13} {:>12}   a non-ideal result",
        "problem", "found", "ideal", "median calls", "median time"
    );
    for problem in problems::PROBLEMS {
        let trials: Vec<problems::Trial> = (0..seeds).map(problem.run).collect();
        let found = trials.iter().filter(|trial| trial.found).count();
        let ideal = trials.iter().filter(|trial| trial.ideal).count();
        let mut calls: Vec<u64> = trials.iter().filter(|trial| trial.found).map(|trial| trial.shrink_calls).collect();
        let mut times: Vec<Duration> = trials.iter().filter(|trial| trial.found).map(|trial| trial.time).collect();
        let miss = trials
            .iter()
            .find(|trial| trial.found && !trial.ideal)
            .map_or_else(String::new, |trial| format!("{} (ideal: {})", trial.minimal, problem.ideal));
        println!(
            "{:<18} {:>3}/{:<3} {:>3}/{:<3} {:>13} {:>12}   {}",
            problem.name,
            found,
            seeds,
            ideal,
            seeds,
            median(&mut calls).map_or("-".into(), |calls| calls.to_string()),
            median(&mut times).map_or("-".into(), |time| format!("{:.2?}", time)),
            miss,
        );
    }
}
