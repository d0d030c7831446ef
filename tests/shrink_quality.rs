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

/// The difference problems of the shrinking challenge: two positive
/// integers, and a property that fails only from 10 up and only for some
/// differences. Shrinking either number alone soon stops failing: the two
/// must come down together, keeping their difference.
mod difference {
    use quickcheck::{Options, Property, generate};

    /// The minimal counterexample of `holds` over two positive integers.
    fn minimal(seed: u64, holds: fn(u32, u32) -> bool) -> (u32, u32) {
        let positive = || generate::between(1u32, u32::MAX);
        let result = Property::for_all((positive(), positive()), |(x, y): (u32, u32)| holds(x, y))
            .check(Options::default().seed(seed).database("off"));
        *result.minimal().unwrap_or_else(|| panic!("not falsified with seed {seed}")).value()
    }

    #[test]
    fn a_difference_that_must_not_be_zero_shrinks_to_ten_ten() {
        for seed in super::SEEDS {
            assert_eq!(minimal(seed, |x, y| x < 10 || x != y), (10, 10), "seed {seed}");
        }
    }

    #[test]
    fn a_difference_that_must_not_be_small_shrinks_to_ten_six() {
        for seed in super::SEEDS {
            assert_eq!(minimal(seed, |x, y| x < 10 || !(1..=4).contains(&x.abs_diff(y))), (10, 6), "seed {seed}");
        }
    }

    #[test]
    fn a_difference_that_must_not_be_one_shrinks_to_ten_nine() {
        for seed in super::SEEDS {
            assert_eq!(minimal(seed, |x, y| x < 10 || x.abs_diff(y) != 1), (10, 9), "seed {seed}");
        }
    }
}

/// The deletion problem of the shrinking challenge: removing the first
/// occurrence of a list's element leaves none of it, which fails for a
/// duplicate. The element is drawn from the list, so the duplicates and the
/// element must shrink together.
mod deletion {
    use quickcheck::{Generator, Options, Property, generate};

    #[test]
    fn removing_one_of_a_duplicate_shrinks_to_two_zeros() {
        let lists_and_an_element = generate::vec(generate::integer::<i32>()).min_length(1).flat_map(|list| {
            let last = list.len() - 1;
            generate::between(0, last).map(move |index| (list.clone(), list[index]))
        });
        for seed in super::SEEDS {
            let result = Property::for_all(&lists_and_an_element, |(mut list, element): (Vec<i32>, i32)| {
                if let Some(first) = list.iter().position(|&value| value == element) {
                    list.remove(first);
                }
                !list.contains(&element)
            })
            .check(Options::default().seed(seed).database("off"));
            let minimal = result.minimal().unwrap_or_else(|| panic!("not falsified with seed {seed}"));
            assert_eq!(minimal.value(), &(vec![0, 0], 0), "seed {seed}");
        }
    }
}

/// The binary heap of the shrinking challenge: a wrong conversion of a heap
/// to a sorted list, which merges the subheaps and then lists the merge
/// without sorting it. The smallest failing heap has four nodes; valid
/// heaps are sparse among random trees, so a run takes 1000 examples to
/// find one, and most runs (not all: the shrinker can settle on another
/// four-node heap) end on the challenge's ideal,
/// `Node(0, Empty, Node(0, Node(0, Empty, Empty), Node(1, Empty, Empty)))`.
mod binary_heap {
    use quickcheck::{Generator, Options, Property, generate};

    #[derive(Clone, Debug, PartialEq)]
    enum Heap {
        Empty,
        Node(i32, Box<Heap>, Box<Heap>),
    }

    impl Heap {
        /// Whether no node holds less than its parent.
        fn is_valid(&self) -> bool {
            match self {
                Heap::Empty => true,
                Heap::Node(value, left, right) => [left, right]
                    .into_iter()
                    .all(|child| child.is_valid() && !matches!(**child, Heap::Node(below, ..) if below < *value)),
            }
        }

        fn merge(self, other: Heap) -> Heap {
            match (self, other) {
                (Heap::Empty, heap) | (heap, Heap::Empty) => heap,
                (Heap::Node(x, left, right), Heap::Node(y, other_left, other_right)) => {
                    if x <= y {
                        Heap::Node(x, Box::new(right.merge(Heap::Node(y, other_left, other_right))), left)
                    } else {
                        Heap::Node(y, Box::new(other_right.merge(Heap::Node(x, left, right))), other_left)
                    }
                }
            }
        }

        /// The values in depth-first order: not sorted.
        fn values(&self) -> Vec<i32> {
            let (mut values, mut pending) = (Vec::new(), vec![self]);
            while let Some(heap) = pending.pop() {
                if let Heap::Node(value, left, right) = heap {
                    values.push(*value);
                    pending.extend([&**left, &**right]);
                }
            }
            values
        }

        /// The wrong conversion: the root, then the merged subheaps listed
        /// in depth-first order rather than popped in order.
        fn wrongly_sorted(self) -> Vec<i32> {
            match self {
                Heap::Empty => Vec::new(),
                Heap::Node(value, left, right) => [vec![value], left.merge(*right).values()].concat(),
            }
        }
    }

    #[test]
    fn a_wrongly_sorted_heap_shrinks_to_four_nodes_of_small_values() {
        let heaps = generate::recursive(generate::constant(Heap::Empty), 5, |subheaps| {
            (generate::integer::<i32>(), subheaps.clone(), subheaps)
                .map(|(value, left, right)| Heap::Node(value, Box::new(left), Box::new(right)))
        })
        .filter(Heap::is_valid);
        let mut ideal = 0;
        for seed in super::SEEDS {
            let result = Property::for_all(&heaps, |heap: Heap| heap.wrongly_sorted().is_sorted())
                .check(Options::default().seed(seed).runs(1000).database("off"));
            let minimal = result.minimal().unwrap_or_else(|| panic!("not falsified with seed {seed}")).value();
            let values = minimal.values();
            assert_eq!(values.len(), 4, "seed {seed}: {minimal:?}");
            // The other four-node heaps it settles on hold a value or two
            // below 0 (such as `-1, 0, -1, 1`), never more.
            assert!(values.iter().all(|value| (-2..=1).contains(value)), "seed {seed}: {minimal:?}");
            let leaf = |value| Box::new(Heap::Node(value, Box::new(Heap::Empty), Box::new(Heap::Empty)));
            ideal += usize::from(
                *minimal == Heap::Node(0, Box::new(Heap::Empty), Box::new(Heap::Node(0, leaf(0), leaf(1)))),
            );
        }
        assert!(ideal * 2 > super::SEEDS.count(), "only {ideal} of the seeds ended on the ideal heap");
    }
}
