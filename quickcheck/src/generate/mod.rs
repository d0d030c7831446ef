//! Generators: descriptions of how to build values from choices.
//!
//! A [`Generator`] turns choices drawn from a [`ChoiceSource`] into a value.
//! Generators are plain values with concrete types, composed with methods in
//! the style of [`Iterator`] ([`map`](Generator::map),
//! [`filter`](Generator::filter), [`flat_map`](Generator::flat_map)), so a
//! property's whole generator is one monomorphised type and drawing a value
//! makes no dynamic calls. [`BoxedGenerator`] erases the type where that is
//! needed: recursion, or a collection of differently-built generators.
//!
//! The functions of this module build the generators:
//!
//! | function | produces |
//! | --- | --- |
//! | [`integer`], [`between`] | any integer type, whole range or inclusive range |
//! | [`boolean`], [`character`], [`char_between`], [`string`], [`string_of`] | booleans, `char`s and `String`s |
//! | `string_matching` (feature `regex`) | the `String`s a regular expression matches |
//! | [`constant`], [`elements`], [`one_of`], [`frequency`] | fixed values and choices between generators |
//! | tuples, [`zip`], [`build`], [`sequence`], [`array()`] | several values at once |
//! | [`vec()`], [`vec_deque`], [`hash_set`], [`btree_set`], [`hash_map`], [`btree_map`], [`unique_vec`] | collections |
//! | [`shuffle`], [`subsequence`] | orderings and in-order selections of a list |
//! | `arbitrary::<`[`Index`]`>()` | a position in a collection the test builds itself |
//! | [`option`], [`result`] | `Option` and `Result` |
//! | [`from_fn`], [`deferred`], [`recursive`] | dependent draws and recursive types |
//!
//! Floats, durations and, behind cargo features, other crates' number, time
//! and identifier types:
//!
//! | function | feature | forces, 1 draw in 16 | shrinks to |
//! | --- | --- | --- | --- |
//! | [`float`] (`f32`, `f64`; `half::f16` with `half`) | | NaN (and 1 draw in 32 on its own), ±inf, `MIN`, `MAX`, ±smallest subnormal, ±0.0 | 0.0, via integers and short binary fractions |
//! | [`float_between`] | | its bounds, and those of the above it holds (never NaN) | the range's simplest value (0.5 for 0.3..=0.9) |
//! | [`duration`] | | `Duration::ZERO`, `Duration::MAX` | `ZERO`, via a small count of a round unit |
//! | `decimal`, `decimal_between` | `decimal` | the bounds, 0, ±1e-28 | 0, the scale before the mantissa |
//! | `naive_date`, `naive_date_between` | `chrono` | the bounds | 2000-01-01, or the year of the range nearest 2000 |
//! | `naive_time` | `chrono` | 00:00:00, 23:59:59.999999999 | midnight, detail dropped first |
//! | `naive_date_time`, `naive_date_time_between`, `date_time_utc`, `date_time_utc_between` (`.in_zone(zone)` for any time zone) | `chrono` | the bounds | 2000-01-01T00:00:00, component by component |
//! | `date_time_offset`, `date_time_offset_between` | `chrono` | the bounds, verbatim at offsets of whole minutes within 14 hours | 2000-01-01T00:00:00+00:00 |
//! | `time_delta` | `chrono` | zero, `TimeDelta::MIN`, `TimeDelta::MAX` | zero, via a small count of a round unit |
//! | `uuid` | `uuid` | the nil and max UUIDs | the nil UUID |
//!
//! Every generator shrinks for free: the shrinker edits the recorded choices
//! and draws again, so a shrunk value is always one the generator could have
//! produced, through every `map`, `filter` and `flat_map`.
//!
//! Each function returns a generator type of its own, named after what it
//! draws ([`Integer`], [`Character`], [`Collection`]), with `Of` added where
//! the plain name is the drawn type's own ([`OptionOf`], [`DurationOf`]),
//! so that importing both never clashes. The standard types' default
//! generators convert with the zero-sized [`conversions`], so that their
//! types can be written out.

mod boxed;
pub(crate) mod choice;
#[cfg(feature = "chrono")]
mod chrono;
pub(crate) mod collection;
mod combinator;
pub mod conversions;
#[cfg(feature = "decimal")]
mod decimal;
pub(crate) mod distinct;
mod duration;
mod float;
mod from_fn;
mod index;
mod integer;
mod option;
mod recursive;
#[cfg(feature = "regex")]
mod regex;
mod shuffle;
mod subsequence;
mod text;
mod tuple;
#[cfg(feature = "uuid")]
mod uuid;

#[cfg(feature = "chrono")]
pub use self::chrono::{
    DateTimeIn, DateTimeOffsetOf, DateTimeUtcOf, NaiveDateOf, NaiveDateTimeOf, NaiveTimeOf, TimeDeltaOf,
    date_time_offset, date_time_offset_between, date_time_utc, date_time_utc_between, naive_date, naive_date_between,
    naive_date_time, naive_date_time_between, naive_time, time_delta,
};
#[cfg(feature = "uuid")]
pub use self::uuid::{UuidOf, uuid};
pub use boxed::BoxedGenerator;
pub use choice::{
    Alternatives, Constant, Elements, Frequency, OneOf, WeightedAlternatives, constant, elements, frequency, one_of,
};
pub use collection::{Collection, GrowableCollection, vec, vec_deque};
pub use combinator::{Filter, FilterMap, FlatMap, Map, MapInto, Mapping};
#[cfg(feature = "decimal")]
pub use decimal::{DecimalOf, decimal, decimal_between};
pub use distinct::{
    Distinct, DistinctCollection, DistinctMap, DistinctMapCollection, btree_map, btree_set, hash_map, hash_set,
    unique_vec,
};
pub use duration::{DurationOf, duration};
pub use float::{Float, FloatValue, float, float_between};
pub use from_fn::{FromFn, from_fn};
pub use index::{Index, Indexes};
pub use integer::{Integer, IntegerValue, between, integer};
pub use option::{OptionOf, ResultOf, option, result};
pub use recursive::{Deferred, deferred, recursive};
#[cfg(feature = "regex")]
pub use regex::{PatternError, StringMatching, string_matching};
pub use shuffle::{Shuffle, shuffle};
pub use subsequence::{Subsequence, subsequence};
pub use text::{Boolean, CharBetween, Character, boolean, char_between, character, string, string_of};
pub use tuple::{Array, Build, BuildFunction, Sequence, array, build, sequence, zip};

use crate::engine::source::ChoiceSource;

/// A description of how to build a value of type [`Generator::Value`] from
/// the choices of a [`ChoiceSource`].
///
/// Implement it for your own generator types by drawing from the other
/// generators with [`ChoiceSource::draw`]; most of the time
/// [`from_fn`] or [`map`](Generator::map) over existing generators is shorter.
///
/// ```
/// use quickcheck::{ChoiceSource, Generator, generate};
///
/// /// Points with both coordinates in 0..=100.
/// struct Points;
///
/// impl Generator for Points {
///     type Value = (u8, u8);
///
///     fn generate(&self, source: &mut ChoiceSource) -> (u8, u8) {
///         let coordinate = generate::between(0u8, 100);
///         (source.draw(&coordinate), source.draw(&coordinate))
///     }
/// }
///
/// assert!(Points.sample(50, 3).iter().all(|&(x, y)| x <= 100 && y <= 100));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a generator",
    label = "a `Generator` is wanted here, not `{Self}`",
    note = "generators come from `quickcheck::generate`: `generate::between(low, high)` for a range of \
            numbers, both bounds included (`0..10` is `between(0, 9)`), `generate::constant(value)` for one value, \
            `quickcheck::arbitrary::<T>()` for a type's default; a string is no pattern to draw from either: \
            `generate::string_matching(\"[a-z]+\")` (feature `regex`) for the strings a regular expression \
            matches, `generate::string_of(generate::char_between('a', 'z'))` for an alphabet"
)]
pub trait Generator {
    /// The type of the values this generator produces.
    type Value;

    /// Builds one value from choices drawn from `source`.
    ///
    /// Call it through [`ChoiceSource::draw`], which records the draw as a
    /// span, rather than directly.
    fn generate(&self, source: &mut ChoiceSource) -> Self::Value;

    /// Builds `count` values in a row, handing each to `push` as it is
    /// made: the elements of a collection below its minimum length, which
    /// have no choice of their own between them. The values and choices
    /// must be exactly those of `count` calls of
    /// [`generate`](Generator::generate): a generator overrides it only to
    /// make them faster (the integers do, keeping the random state in
    /// registers for the batch, and [`map`](Generator::map) passes it on).
    /// Replays, which record spans for the shrinker, draw one value at a
    /// time, so an override that made other values would make failures
    /// that cannot be replayed.
    #[inline]
    fn generate_many(&self, source: &mut ChoiceSource, count: usize, mut push: impl FnMut(Self::Value))
    where
        Self: Sized,
    {
        for _ in 0..count {
            push(self.generate(source));
        }
    }

    /// The label of this generator's spans (a span is the stretch of the
    /// choice sequence that one draw made). Spans with equal labels were
    /// drawn by the same kind of generator, which tells the shrinker which
    /// parts of a test case it may swap or substitute for one another.
    fn label(&self) -> &'static str {
        std::any::type_name::<Self>()
    }

    /// Transforms every value with `function`.
    ///
    /// ```
    /// use quickcheck::{Generator, generate};
    /// let evens = generate::between(0, 50).map(|n| n * 2);
    /// assert!(evens.sample(20, 1).iter().all(|n| n % 2 == 0));
    /// ```
    fn map<U, F: Fn(Self::Value) -> U>(self, function: F) -> Map<Self, F>
    where
        Self: Sized,
    {
        Map::new(self, function)
    }

    /// Converts every value with [`Into`], for example into a `Box`, an `Rc`,
    /// an `Arc` or a wider integer.
    ///
    /// ```
    /// use std::rc::Rc;
    /// use quickcheck::{Generator, generate};
    /// let shared = generate::string().map_into::<Rc<str>>();
    /// assert_eq!(shared.sample(5, 1).len(), 5);
    /// ```
    fn map_into<U>(self) -> MapInto<Self, U>
    where
        Self: Sized,
        Self::Value: Into<U>,
    {
        MapInto::new(self)
    }

    /// Keeps only the values for which `predicate` holds.
    ///
    /// A rejected value is drawn again, up to 10 draws in all; after that the whole
    /// example is discarded. Prefer a generator that only produces valid
    /// values: a filter that rejects most values makes a property
    /// [`Exhausted`](crate::Outcome::Exhausted).
    ///
    /// ```
    /// use quickcheck::{Generator, generate};
    /// let odd = generate::integer::<i32>().filter(|n| n % 2 != 0);
    /// assert!(odd.sample(20, 1).iter().all(|n| n % 2 != 0));
    /// ```
    fn filter<F: Fn(&Self::Value) -> bool>(self, predicate: F) -> Filter<Self, F>
    where
        Self: Sized,
    {
        Filter::new(self, predicate)
    }

    /// Transforms every value with `function`, keeping only the values it
    /// turns into `Some`: a [`filter`](Generator::filter) and a
    /// [`map`](Generator::map) in one step, for a conversion that can fail.
    /// A `None` is drawn again, and discards the example after as many
    /// attempts as a filter makes.
    ///
    /// ```
    /// use quickcheck::{Generator, generate};
    /// // Only the code points that are `char`s (not surrogates).
    /// let characters = generate::between(0u32, 0x10FFFF).filter_map(char::from_u32);
    /// assert_eq!(characters.sample(20, 1).len(), 20);
    /// ```
    fn filter_map<U, F: Fn(Self::Value) -> Option<U>>(self, function: F) -> FilterMap<Self, F>
    where
        Self: Sized,
    {
        FilterMap::new(self, function)
    }

    /// Draws a value, builds a second generator from it and draws from that:
    /// dependent generation.
    ///
    /// ```
    /// use quickcheck::{Generator, generate};
    /// // A length, then a vector of exactly that length.
    /// let lists = generate::between(1usize, 5)
    ///     .flat_map(|length| generate::vec(generate::boolean()).length(length..=length));
    /// assert!(lists.sample(20, 1).iter().all(|list| (1..=5).contains(&list.len())));
    /// ```
    fn flat_map<H: Generator, F: Fn(Self::Value) -> H>(self, function: F) -> FlatMap<Self, F>
    where
        Self: Sized,
    {
        FlatMap::new(self, function)
    }

    /// Erases this generator's type, for recursion or for storing generators
    /// of different types together.
    fn boxed<'a>(self) -> BoxedGenerator<'a, Self::Value>
    where
        Self: Sized + 'a,
    {
        BoxedGenerator::new(self)
    }

    /// Draws `count` values with the root seed `seed`, to look at what a
    /// generator produces. The same seed gives the same values on every
    /// machine.
    ///
    /// # Panics
    ///
    /// If the generator panics, or discards every attempt at some value (a
    /// filter that rejects everything).
    ///
    /// ```
    /// use quickcheck::{Generator, generate};
    /// let values = generate::between(1, 6).sample(10, 42);
    /// assert_eq!(values, generate::between(1, 6).sample(10, 42));
    /// assert!(values.iter().all(|v| (1..=6).contains(v)));
    /// ```
    #[track_caller]
    fn sample(&self, count: usize, seed: u64) -> Vec<Self::Value>
    where
        Self: Sized,
    {
        crate::engine::sample(self, count, seed)
    }

    /// Draws one value whose choices are read from `bytes` instead of a
    /// random source: how a coverage-guided fuzzer (`cargo fuzz`,
    /// libFuzzer, AFL) drives the same generators the properties use. Each
    /// choice takes as many bytes as its largest value needs (a `bool` or
    /// a `u8` one, a `u64` eight), little-endian, wrapped into its range,
    /// so every value has bytes that make it; once the bytes run out every
    /// choice is the simplest. No bytes, or zeros, make the simplest value.
    /// The same bytes make the same value on every machine.
    ///
    /// `None` when the value is discarded (a filter or
    /// [`assume`](crate::assume) rejects it) or would need more choices
    /// than an example may make.
    ///
    /// # Panics
    ///
    /// If the generator panics: a bug in it, which the fuzzer reports.
    ///
    /// ```
    /// use quickcheck::{Generator, generate};
    ///
    /// let lists = generate::vec(generate::between(0u8, 9));
    /// // In a fuzz target: `fuzz_target!(|data: &[u8]| { ... })`.
    /// let data: &[u8] = &[1, 7, 1, 3, 0];
    /// // Go on (1), 7; go on (1), 3; stop (0).
    /// assert_eq!(lists.draw_from_bytes(data), Some(vec![7, 3]));
    /// assert_eq!(lists.draw_from_bytes(&[]), Some(vec![]));
    /// // A filter that rejects the value leaves nothing to test.
    /// let odd = generate::between(0u8, 9).filter(|n| n % 2 == 1);
    /// assert_eq!(odd.draw_from_bytes(&[2]), None);
    /// ```
    #[track_caller]
    fn draw_from_bytes(&self, bytes: &[u8]) -> Option<Self::Value>
    where
        Self: Sized,
    {
        crate::engine::draw_from_bytes(self, bytes)
    }
}

/// Panics at the caller's call unless `low <= high`: the one check behind
/// every `..._between` constructor. `beyond` says how the lower bound
/// passes the upper ("greater than" for numbers, "after" for moments).
#[track_caller]
pub(crate) fn assert_increasing<T: PartialOrd + std::fmt::Debug>(generator: &str, low: &T, high: &T, beyond: &str) {
    assert!(
        low <= high,
        "generate::{generator}({low:?}, {high:?}): the lower bound is {beyond} the upper bound; \
         pass the bounds in increasing order"
    );
}

/// One of the `forced` values (a float's or a decimal's) that `fits`, each
/// as likely as the others, or `None` when none fits: a random number is
/// drawn only when one does.
pub(crate) fn pick_forced<T: Copy>(
    forced: &[T],
    fits: impl Fn(&T) -> bool,
    random: &mut crate::engine::random::Random,
) -> Option<T> {
    use crate::engine::random::Draws;
    let candidates = forced.iter().filter(|value| fits(value)).count() as u64;
    let pick = random.up_to(candidates.checked_sub(1)?) as usize;
    forced.iter().copied().filter(|value| fits(value)).nth(pick)
}

/// One sign's side of a signed range (floats, decimals), as
/// [`takes_negative_side`] weighs it.
pub(crate) trait SignedSide {
    /// Whether zero is this side's one value.
    fn holds_only_zero(&self) -> bool;
}

/// Whether a draw of a signed range (floats, decimals) takes the negative
/// side, of the range's `positive` and `negative` sides (`None` where it
/// has none). With both, each is taken as `coin` says, half the time,
/// unless one holds only zero (the `+0.0` of `-5.0..=0.0`, the positive
/// side of decimals `-5..=0`): that side then gets one draw in sixteen, as
/// a forced value does; with half of them, `-5.0..=0.0` drew 0.0 on 55% of
/// its draws.
pub(crate) fn takes_negative_side<S: SignedSide>(
    coin: bool,
    positive: &Option<S>,
    negative: &Option<S>,
    random: &mut crate::engine::random::Random,
) -> bool {
    use crate::engine::random::Draws;
    let only_zero = |side: &Option<S>| side.as_ref().map(S::holds_only_zero);
    match (only_zero(positive), only_zero(negative)) {
        (Some(true), Some(false)) => random.up_to(15) != 0,
        (Some(false), Some(true)) => random.up_to(15) == 0,
        (Some(_), Some(_)) => coin,
        (positive, _) => positive.is_none(),
    }
}

/// Generators behind references and smart pointers are generators too.
macro_rules! forward_generator {
    ($($pointer:ty),*) => {$(
        impl<G: Generator + ?Sized> Generator for $pointer {
            type Value = G::Value;

            fn generate(&self, source: &mut ChoiceSource) -> G::Value {
                (**self).generate(source)
            }

            fn label(&self) -> &'static str {
                (**self).label()
            }
        }
    )*};
}

forward_generator!(&G, Box<G>, std::rc::Rc<G>, std::sync::Arc<G>);
