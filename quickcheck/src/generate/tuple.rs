//! Several values at once: tuples, built values, sequences and arrays.

use crate::engine::source::ChoiceSource;
use crate::generate::Generator;

macro_rules! tuples {
    ($($name:ident $index:tt),+) => {
        /// A tuple of generators draws one value from each, in order.
        impl<$($name: Generator),+> Generator for ($($name,)+) {
            type Value = ($($name::Value,)+);

            #[inline]
            fn generate(&self, source: &mut ChoiceSource) -> Self::Value {
                ($(source.draw(&self.$index),)+)
            }

            fn label(&self) -> &'static str {
                "tuple"
            }
        }

        impl<Function, Output, $($name),+> BuildFunction<($($name,)+)> for Function
        where
            Function: Fn($($name),+) -> Output,
        {
            type Output = Output;

            #[allow(non_snake_case)]
            fn call(&self, ($($name,)+): ($($name,)+)) -> Output {
                self($($name),+)
            }
        }
    };
}

/// A function taking the values of a tuple as separate arguments; what
/// [`build`] calls. Implemented for every `Fn` of one to twelve arguments.
pub trait BuildFunction<Arguments> {
    /// What the function returns.
    type Output;
    /// Calls the function with the tuple's values.
    fn call(&self, arguments: Arguments) -> Self::Output;
}

tuples!(A 0);
tuples!(A 0, B 1);
tuples!(A 0, B 1, C 2);
tuples!(A 0, B 1, C 2, D 3);
tuples!(A 0, B 1, C 2, D 3, E 4);
tuples!(A 0, B 1, C 2, D 3, E 4, F 5);
tuples!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuples!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
tuples!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
tuples!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
tuples!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
tuples!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);

/// Two generators drawn together as a pair; the same as the tuple
/// `(first, second)`, which works for up to twelve.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let pairs = generate::zip(generate::between(0, 9), generate::constant('x')).sample(10, 1);
/// assert!(pairs.iter().all(|&(digit, letter)| (0..=9).contains(&digit) && letter == 'x'));
/// ```
pub fn zip<A: Generator, B: Generator>(first: A, second: B) -> (A, B) {
    (first, second)
}

/// The generator returned by [`build`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Build<G, F> {
    parts: G,
    function: F,
}

/// Draws one value from each generator of the tuple `parts`, in order, and
/// passes them to `function` as separate arguments.
///
/// ```
/// use quickcheck::{Generator, generate};
///
/// #[derive(Debug)]
/// struct Money { amount: i64, currency: &'static str }
///
/// let money = generate::build(
///     (generate::between(0i64, 1_000_000), generate::elements(["GBP", "USD"])),
///     |amount, currency| Money { amount, currency },
/// );
/// assert!(money.sample(10, 1).iter().all(|m| m.amount >= 0));
/// ```
pub fn build<G: Generator, F: BuildFunction<G::Value>>(parts: G, function: F) -> Build<G, F> {
    Build { parts, function }
}

impl<G: Generator, F: BuildFunction<G::Value>> Generator for Build<G, F> {
    type Value = F::Output;

    fn generate(&self, source: &mut ChoiceSource) -> F::Output {
        self.function.call(self.parts.generate(source))
    }

    fn label(&self) -> &'static str {
        self.parts.label()
    }
}

/// The generator returned by [`sequence`].
#[derive(Clone, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Sequence<G> {
    generators: Vec<G>,
}

/// One value from each of `generators`, in order, as a `Vec`: any number of
/// generators of one type. Their choices together must fit an example's
/// limit of 8192 choices: a sequence of more than that many generators
/// cannot be drawn.
///
/// ```
/// use quickcheck::{Generator, generate};
/// // A number of one, two and three digits, in the order of the generators.
/// let widths = generate::sequence([generate::between(0, 9), generate::between(10, 99), generate::between(100, 999)]);
/// assert!(widths.sample(20, 1).iter().all(|v| v.len() == 3 && v[0] < v[1] && v[1] < v[2]));
/// ```
pub fn sequence<G: Generator>(generators: impl IntoIterator<Item = G>) -> Sequence<G> {
    Sequence { generators: generators.into_iter().collect() }
}

impl<G: Generator> Generator for Sequence<G> {
    type Value = Vec<G::Value>;

    fn generate(&self, source: &mut ChoiceSource) -> Vec<G::Value> {
        self.generators.iter().map(|generator| source.draw(generator)).collect()
    }

    fn label(&self) -> &'static str {
        "sequence"
    }
}

/// The generator returned by [`array()`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Array<G, const N: usize> {
    element: G,
}

/// An array of `N` values from `element`. Its elements' choices together
/// must fit an example's limit of 8192 choices: an array of more than that
/// many elements cannot be drawn.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let rolls = generate::array::<_, 3>(generate::between(1u8, 6)).sample(50, 1);
/// assert!(rolls.iter().flatten().all(|die| (1..=6).contains(die)));
/// // Each element is drawn on its own: the three dice differ now and then.
/// assert!(rolls.iter().any(|[a, b, c]| a != b || b != c));
/// ```
pub fn array<G: Generator, const N: usize>(element: G) -> Array<G, N> {
    Array { element }
}

impl<G: Generator, const N: usize> Generator for Array<G, N> {
    type Value = [G::Value; N];

    fn generate(&self, source: &mut ChoiceSource) -> [G::Value; N] {
        std::array::from_fn(|_| source.draw(&self.element))
    }

    fn label(&self) -> &'static str {
        "array"
    }
}
