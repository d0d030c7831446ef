//! Fixed values, and choices between values or generators.
//!
//! Every choice here shrinks towards its first option, so list the simplest
//! value or the base case first.

use crate::engine::random::Draws;
use crate::engine::source::ChoiceSource;
use crate::generate::Generator;

/// The generator returned by [`constant`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Constant<T> {
    value: T,
}

/// Always `value`. Makes no choices.
///
/// ```
/// use quickcheck::{Generator, generate};
/// assert_eq!(generate::constant("fixed").sample(3, 1), ["fixed"; 3]);
/// // With `one_of`, it adds a value that the range never gives.
/// let with_zero = generate::one_of((generate::constant(0), generate::between(1000, 2000)));
/// assert!(with_zero.sample(50, 1).contains(&0));
/// ```
pub fn constant<T: Clone>(value: T) -> Constant<T> {
    Constant { value }
}

impl<T: Clone> Generator for Constant<T> {
    type Value = T;

    fn generate(&self, _: &mut ChoiceSource) -> T {
        self.value.clone()
    }

    fn label(&self) -> &'static str {
        "constant"
    }
}

/// The generator returned by [`elements`].
#[derive(Clone, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Elements<T> {
    items: Vec<T>,
}

/// One of `items`, uniformly. Shrinks towards the first.
///
/// The values are the items themselves: pass an array or a `Vec` by value
/// for values of its element type (a slice `&[T]` gives `&T`s, and
/// `.iter().copied()` or `.cloned()` turns those back into `T`s).
///
/// # Panics
///
/// At the call, if `items` is empty.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let colours = generate::elements(["red", "green", "blue"]);
/// assert!(colours.sample(10, 1).iter().all(|c| ["red", "green", "blue"].contains(c)));
/// ```
#[track_caller]
pub fn elements<T: Clone>(items: impl IntoIterator<Item = T>) -> Elements<T> {
    let items: Vec<T> = items.into_iter().collect();
    assert!(!items.is_empty(), "generate::elements: no items to choose from; pass at least one");
    Elements { items }
}

impl<T: Clone> Generator for Elements<T> {
    type Value = T;

    fn generate(&self, source: &mut ChoiceSource) -> T {
        let last = self.items.len() as u64 - 1;
        self.items[source.choose(last, |random| random.up_to(last)) as usize].clone()
    }

    fn label(&self) -> &'static str {
        "elements"
    }
}

/// Several generators of one value type to choose between: a tuple of up to
/// twelve generators (of any types that make that value type), or a `Vec` of
/// them (of one type: make each a `BoxedGenerator` with `.boxed()` if theirs
/// differ). The argument of [`one_of`].
///
/// ```
/// use quickcheck::{Generator, generate};
/// let alternatives = vec![generate::between(0, 9).boxed(), generate::constant(100).boxed()];
/// let values = generate::one_of(alternatives).sample(50, 1);
/// assert!(values.iter().all(|&n| n <= 9 || n == 100));
/// ```
#[diagnostic::on_unimplemented(
    message = "`one_of` cannot choose between the generators of `{Self}`",
    label = "not a tuple of up to twelve generators of one value type, nor a `Vec` of generators",
    note = "for more than twelve alternatives, pass a `vec![...]` of them, each turned into a \
            `BoxedGenerator` with `.boxed()` where their types differ; alternatives that make different \
            value types need `.map(..)` into one type (an enum) first"
)]
pub trait Alternatives {
    /// The value type every alternative produces.
    type Value;
    /// How many alternatives there are.
    fn count(&self) -> usize;
    /// Draws from alternative `index`.
    fn draw_alternative(&self, index: usize, source: &mut ChoiceSource) -> Self::Value;
}

/// Generators paired with weights: a tuple of up to twelve `(weight,
/// generator)` pairs, or a `Vec` of them (of one generator type: make each a
/// `BoxedGenerator` with `.boxed()` if theirs differ). The argument of
/// [`frequency`].
///
/// ```
/// use quickcheck::{Generator, generate};
/// let mostly_low = generate::frequency(vec![(3, generate::between(0, 9)), (1, generate::between(90, 99))]);
/// let values = mostly_low.sample(200, 1);
/// assert!(values.iter().filter(|&&n| n >= 90).count() < values.len() / 2);
/// ```
#[diagnostic::on_unimplemented(
    message = "`frequency` cannot choose between the weighted generators of `{Self}`",
    label = "not a tuple of up to twelve `(weight, generator)` pairs of one value type, nor a `Vec` of them",
    note = "weights are `u32`; for more than twelve alternatives, pass a `vec![(weight, generator), ...]`, \
            each generator turned into a `BoxedGenerator` with `.boxed()` where their types differ"
)]
pub trait WeightedAlternatives {
    /// The value type every alternative produces.
    type Value;
    /// How many alternatives there are.
    fn count(&self) -> usize;
    /// The weight of alternative `index`.
    fn weight(&self, index: usize) -> u32;
    /// Draws from alternative `index`.
    fn draw_alternative(&self, index: usize, source: &mut ChoiceSource) -> Self::Value;
}

impl<G: Generator> Alternatives for Vec<G> {
    type Value = G::Value;
    fn count(&self) -> usize {
        self.len()
    }
    fn draw_alternative(&self, index: usize, source: &mut ChoiceSource) -> G::Value {
        source.draw(&self[index])
    }
}

impl<G: Generator> WeightedAlternatives for Vec<(u32, G)> {
    type Value = G::Value;
    fn count(&self) -> usize {
        self.len()
    }
    fn weight(&self, index: usize) -> u32 {
        self[index].0
    }
    fn draw_alternative(&self, index: usize, source: &mut ChoiceSource) -> G::Value {
        source.draw(&self[index].1)
    }
}

macro_rules! alternatives {
    ($count:literal; $first:ident $($rest:ident)*; $($index:tt)*) => {
        impl<$first: Generator, $($rest: Generator<Value = $first::Value>),*> Alternatives for ($first, $($rest,)*) {
            type Value = $first::Value;
            fn count(&self) -> usize {
                $count
            }
            #[inline(always)]
            fn draw_alternative(&self, index: usize, source: &mut ChoiceSource) -> Self::Value {
                match index {
                    $($index => source.draw(&self.$index),)*
                    _ => unreachable!("alternative {index} of {}", $count),
                }
            }
        }

        impl<$first: Generator, $($rest: Generator<Value = $first::Value>),*> WeightedAlternatives
            for ((u32, $first), $((u32, $rest),)*)
        {
            type Value = $first::Value;
            fn count(&self) -> usize {
                $count
            }
            fn weight(&self, index: usize) -> u32 {
                match index {
                    $($index => self.$index.0,)*
                    _ => unreachable!("alternative {index} of {}", $count),
                }
            }
            #[inline(always)]
            fn draw_alternative(&self, index: usize, source: &mut ChoiceSource) -> Self::Value {
                match index {
                    $($index => source.draw(&self.$index.1),)*
                    _ => unreachable!("alternative {index} of {}", $count),
                }
            }
        }
    };
}

alternatives!(1; A; 0);
alternatives!(2; A B; 0 1);
alternatives!(3; A B C; 0 1 2);
alternatives!(4; A B C D; 0 1 2 3);
alternatives!(5; A B C D E; 0 1 2 3 4);
alternatives!(6; A B C D E F; 0 1 2 3 4 5);
alternatives!(7; A B C D E F G; 0 1 2 3 4 5 6);
alternatives!(8; A B C D E F G H; 0 1 2 3 4 5 6 7);
alternatives!(9; A B C D E F G H I; 0 1 2 3 4 5 6 7 8);
alternatives!(10; A B C D E F G H I J; 0 1 2 3 4 5 6 7 8 9);
alternatives!(11; A B C D E F G H I J K; 0 1 2 3 4 5 6 7 8 9 10);
alternatives!(12; A B C D E F G H I J K L; 0 1 2 3 4 5 6 7 8 9 10 11);

/// The generator returned by [`one_of`].
#[derive(Clone, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct OneOf<A> {
    alternatives: A,
}

/// Draws from one of several generators, picked uniformly. Shrinks towards
/// the first, unless a later one's value takes fewer choices: fewer
/// choices is simpler first, so `one_of((between(100, 200), constant(50)))`
/// shrinks to `50`, which takes no choice of its own.
///
/// # Panics
///
/// At the call, if given an empty `Vec`.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let small_or_large = generate::one_of((generate::between(0, 9), generate::between(1000, 1009)));
/// assert!(small_or_large.sample(20, 1).iter().all(|n| *n < 10 || *n >= 1000));
/// ```
#[track_caller]
pub fn one_of<A: Alternatives>(alternatives: A) -> OneOf<A> {
    assert!(alternatives.count() > 0, "generate::one_of: no generators to choose from; pass at least one");
    OneOf { alternatives }
}

impl<A: Alternatives> Generator for OneOf<A> {
    type Value = A::Value;

    // Always inlined, with the tuples' `draw_alternative`: a call per
    // draw cost a 50-step command sequence 8% of its instructions in
    // saving and restoring registers.
    #[inline(always)]
    fn generate(&self, source: &mut ChoiceSource) -> A::Value {
        let last = self.alternatives.count() as u64 - 1;
        let index = source.choose_alternative(last, |random| random.up_to(last));
        self.alternatives.draw_alternative(index as usize, source)
    }

    fn label(&self) -> &'static str {
        "one_of"
    }
}

/// The label of a [`Frequency`]'s draws, which the deepest level of
/// [`recursive`](crate::generate::recursive) shares.
pub(crate) const FREQUENCY: &str = "frequency";

/// The generator returned by [`frequency`].
#[derive(Clone, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Frequency<A> {
    alternatives: A,
    /// How many alternatives have a positive weight.
    drawable: u64,
    total: u64,
}

/// Draws from one of several generators, each picked in proportion to its
/// weight. An alternative of weight 0 is never drawn, not even while
/// shrinking, which moves towards the first alternative of positive weight,
/// unless a later one's value takes fewer choices (as with [`one_of`]).
///
/// # Panics
///
/// At the call, if there are no alternatives or every weight is 0.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let mostly_small = generate::frequency(((9, generate::between(0, 9)), (1, generate::constant(1000))));
/// let values = mostly_small.sample(200, 1);
/// assert!(values.iter().filter(|&&n| n == 1000).count() < 60);
/// ```
#[track_caller]
pub fn frequency<A: WeightedAlternatives>(alternatives: A) -> Frequency<A> {
    assert!(alternatives.count() > 0, "generate::frequency: no generators to choose from; pass at least one");
    let weights = (0..alternatives.count()).map(|index| u64::from(alternatives.weight(index)));
    let (drawable, total) =
        weights.fold((0, 0), |(drawable, total), weight| (drawable + u64::from(weight > 0), total + weight));
    assert!(
        total > 0,
        "generate::frequency: every weight is 0, so nothing can be drawn; give one alternative a positive weight"
    );
    Frequency { alternatives, drawable, total }
}

/// Draws the position of one of `count` alternatives, each in proportion to
/// its weight (`drawable` of them have a positive one; the weights sum to
/// `total`, which is positive).
///
/// The choice recorded is the alternative's rank among those of positive
/// weight, not its position: a replayed or shrunk choice, which ignores the
/// weights, then still lands on an alternative that may be drawn, and 0 is
/// the first of them.
pub(crate) fn choose_by_weight(
    source: &mut ChoiceSource,
    weight: impl Fn(usize) -> u32,
    count: usize,
    drawable: u64,
    total: u64,
) -> usize {
    let rank = source.choose_alternative(drawable - 1, |random| {
        let mut ticket = random.up_to(total - 1);
        let mut rank = 0;
        for index in 0.. {
            let weight = u64::from(weight(index));
            if ticket < weight {
                break;
            }
            ticket -= weight;
            rank += u64::from(weight > 0);
        }
        rank
    });
    if drawable == count as u64 {
        // Every weight is positive: the rank is the position.
        return rank as usize;
    }
    (0..).filter(|&index| weight(index) > 0).nth(rank as usize).expect("a rank is below the number of positive weights")
}

impl<A: WeightedAlternatives> Generator for Frequency<A> {
    type Value = A::Value;

    #[inline]
    fn generate(&self, source: &mut ChoiceSource) -> A::Value {
        let alternatives = &self.alternatives;
        let count = alternatives.count();
        let index = choose_by_weight(source, |index| alternatives.weight(index), count, self.drawable, self.total);
        alternatives.draw_alternative(index, source)
    }

    fn label(&self) -> &'static str {
        FREQUENCY
    }
}
