//! A regression guard for the shrink-quality suite: the problems of
//! `cargo run --release --example shrink_quality`, on a handful of seeds,
//! must shrink to exactly their ideal counterexample.

// The suite program reads the timing fields; these tests do not.
#[allow(dead_code)]
#[path = "../examples/shrink_quality/problems.rs"]
mod problems;

const SEEDS: std::ops::Range<u64> = 0..8;

#[test]
fn every_problem_is_found_and_shrinks_to_its_ideal() {
    for problem in problems::PROBLEMS {
        for seed in SEEDS {
            let trial = (problem.run)(seed);
            assert!(trial.found, "{} was not falsified with seed {seed}", problem.name);
            assert!(
                trial.ideal,
                "{} with seed {seed} shrank to {}, not to the ideal {}",
                problem.name, trial.minimal, problem.ideal
            );
        }
    }
}
