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

/// The calculator of the shrinking challenge: an expression that divides
/// by no literal zero must evaluate, which fails where a divisor sums to
/// zero. Its ideal is a division by the smallest such sum, reached through
/// a derived recursive type with no shrinker of its own.
mod calculator {
    use quickcheck::{Arbitrary, Options, Property, generate};

    #[derive(Arbitrary, Clone, Debug, PartialEq)]
    enum Expression {
        Literal(#[generator(generate::between(-10, 10))] i32),
        Add(Box<Expression>, Box<Expression>),
        Divide(Box<Expression>, Box<Expression>),
    }

    /// Whether no division is by a literal zero.
    fn divides_by_no_literal_zero(expression: &Expression) -> bool {
        match expression {
            Expression::Literal(_) => true,
            Expression::Add(left, right) => divides_by_no_literal_zero(left) && divides_by_no_literal_zero(right),
            Expression::Divide(left, right) => {
                **right != Expression::Literal(0)
                    && divides_by_no_literal_zero(left)
                    && divides_by_no_literal_zero(right)
            }
        }
    }

    /// The value, or `None` on a division by zero (or an overflow).
    fn evaluate(expression: &Expression) -> Option<i64> {
        match expression {
            Expression::Literal(value) => Some(i64::from(*value)),
            Expression::Add(left, right) => evaluate(left)?.checked_add(evaluate(right)?),
            Expression::Divide(left, right) => evaluate(left)?.checked_div(evaluate(right)?),
        }
    }

    #[test]
    fn a_division_by_a_sum_of_zero_shrinks_to_its_ideal() {
        for seed in super::SEEDS {
            let result = Property::for_all(Expression::arbitrary(), |expression: Expression| {
                !divides_by_no_literal_zero(&expression) || evaluate(&expression).is_some()
            })
            .check(Options::default().seed(seed).database("off"));
            let minimal = result.minimal().unwrap_or_else(|| panic!("not falsified with seed {seed}"));
            assert_eq!(
                format!("{:?}", minimal.value()),
                "Divide(Literal(0), Add(Literal(0), Literal(0)))",
                "seed {seed}: {result}"
            );
        }
    }
}
