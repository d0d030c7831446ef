//! The adapters behind [`Generator`]'s methods.

use std::marker::PhantomData;

use crate::engine::source::ChoiceSource;
use crate::engine::unwind::{Rejection, Stop};
use crate::generate::Generator;

/// How many times a filter draws before it discards the example.
const FILTER_ATTEMPTS: u32 = 10;

/// The generator returned by [`Generator::map`], or made by [`Map::new`]
/// with a [`Mapping`] named by its type.
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Map<G, F> {
    inner: G,
    mapping: F,
}

impl<G, F> Map<G, F> {
    /// Turns every value `inner` draws with `mapping`: a mapping whose
    /// type can be written out, in an [`Arbitrary`](crate::Arbitrary)
    /// implementation's `Generator` type (see [`Mapping`]). For a closure,
    /// use [`Generator::map`], which also tells the compiler the type of
    /// the closure's argument (here it cannot be inferred).
    pub fn new(inner: G, mapping: F) -> Map<G, F> {
        Map { inner, mapping }
    }
}

impl<G: Generator, F: Mapping<G::Value>> Generator for Map<G, F> {
    type Value = F::Output;

    #[inline]
    fn generate(&self, source: &mut ChoiceSource) -> F::Output {
        self.mapping.call(self.inner.generate(source))
    }

    #[inline]
    fn generate_many(&self, source: &mut ChoiceSource, count: usize, mut push: impl FnMut(F::Output)) {
        self.inner.generate_many(source, count, |value| push(self.mapping.call(value)));
    }

    fn label(&self) -> &'static str {
        self.inner.label()
    }
}

/// How a [`Map`] turns each value: every `Fn(In) -> Output` closure or
/// function is a mapping, and so is a type that implements this trait.
///
/// The second kind is for a generator type that must be written out, such
/// as an [`Arbitrary`](crate::Arbitrary) implementation's `Generator`: a
/// closure's type has no name, and a `fn` pointer costs an indirect call per
/// value, while a zero-sized type is called directly. (Where the value
/// converts with [`From`], [`Generator::map_into`] needs no new type at
/// all.)
///
/// ```
/// use quickcheck::{Arbitrary, Generator, generate};
///
/// #[derive(Debug)]
/// struct Even(u32);
///
/// /// Doubles a number into an even one.
/// struct Doubled;
///
/// impl generate::Mapping<u32> for Doubled {
///     type Output = Even;
///
///     fn call(&self, half: u32) -> Even {
///         Even(half.wrapping_mul(2))
///     }
/// }
///
/// impl Arbitrary for Even {
///     type Generator = generate::Map<generate::Integer<u32>, Doubled>;
///
///     fn arbitrary() -> Self::Generator {
///         generate::Map::new(generate::integer(), Doubled)
///     }
/// }
///
/// assert!(Even::arbitrary().sample(20, 1).iter().all(|even| even.0 % 2 == 0));
/// ```
pub trait Mapping<In> {
    /// What a value becomes.
    type Output;

    /// Turns one value.
    fn call(&self, value: In) -> Self::Output;
}

impl<In, Output, F: Fn(In) -> Output> Mapping<In> for F {
    type Output = Output;

    #[inline(always)]
    fn call(&self, value: In) -> Output {
        self(value)
    }
}

/// The generator returned by [`Generator::map_into`].
#[derive(Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct MapInto<G, U> {
    inner: G,
    _into: PhantomData<fn() -> U>,
}

impl<G: Clone, U> Clone for MapInto<G, U> {
    fn clone(&self) -> Self {
        MapInto { inner: self.inner.clone(), _into: PhantomData }
    }
}

impl<G, U> MapInto<G, U> {
    pub(crate) fn new(inner: G) -> MapInto<G, U> {
        MapInto { inner, _into: PhantomData }
    }
}

impl<G: Generator, U> Generator for MapInto<G, U>
where
    G::Value: Into<U>,
{
    type Value = U;

    #[inline]
    fn generate(&self, source: &mut ChoiceSource) -> U {
        self.inner.generate(source).into()
    }

    fn label(&self) -> &'static str {
        self.inner.label()
    }
}

/// The generator returned by [`Generator::filter`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Filter<G, F> {
    inner: G,
    predicate: F,
}

impl<G, F> Filter<G, F> {
    pub(crate) fn new(inner: G, predicate: F) -> Filter<G, F> {
        Filter { inner, predicate }
    }
}

impl<G: Generator, F: Fn(&G::Value) -> bool> Generator for Filter<G, F> {
    type Value = G::Value;

    fn generate(&self, source: &mut ChoiceSource) -> G::Value {
        draw_until(&self.inner, source, |value| (self.predicate)(&value).then_some(value))
    }

    fn label(&self) -> &'static str {
        "filter"
    }
}

/// The generator returned by [`Generator::filter_map`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct FilterMap<G, F> {
    inner: G,
    function: F,
}

impl<G, F> FilterMap<G, F> {
    pub(crate) fn new(inner: G, function: F) -> FilterMap<G, F> {
        FilterMap { inner, function }
    }
}

impl<G: Generator, U, F: Fn(G::Value) -> Option<U>> Generator for FilterMap<G, F> {
    type Value = U;

    fn generate(&self, source: &mut ChoiceSource) -> U {
        draw_until(&self.inner, source, &self.function)
    }

    // A filter's label: its spans are alike, an accepted draw wrapped in
    // rejected ones, for the shrinker to treat alike.
    fn label(&self) -> &'static str {
        "filter"
    }
}

/// Draws from `inner` until `accept` turns a value into `Some`, up to
/// [`FILTER_ATTEMPTS`] times, then discards the example: the one loop
/// behind [`Filter`] and [`FilterMap`].
fn draw_until<G: Generator, U>(inner: &G, source: &mut ChoiceSource, accept: impl Fn(G::Value) -> Option<U>) -> U {
    for _ in 0..FILTER_ATTEMPTS {
        let attempt = source.open_span(inner.label());
        let accepted = crate::stats::attempting(|| {
            let value = inner.generate(source);
            source.close_span();
            accept(value)
        });
        if let Some(accepted) = accepted {
            return accepted;
        }
        // The rejected draw's choices stay in the sequence, so the test
        // case still replays; the mark lets the shrinker drop them.
        source.discard_span(attempt);
    }
    Stop::Discard(Rejection::Filter).raise()
}

/// The generator returned by [`Generator::flat_map`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct FlatMap<G, F> {
    inner: G,
    function: F,
}

impl<G, F> FlatMap<G, F> {
    pub(crate) fn new(inner: G, function: F) -> FlatMap<G, F> {
        FlatMap { inner, function }
    }
}

impl<G: Generator, H: Generator, F: Fn(G::Value) -> H> Generator for FlatMap<G, F> {
    type Value = H::Value;

    fn generate(&self, source: &mut ChoiceSource) -> H::Value {
        let first = source.draw(&self.inner);
        source.draw(&(self.function)(first))
    }

    fn label(&self) -> &'static str {
        "flat_map"
    }
}
