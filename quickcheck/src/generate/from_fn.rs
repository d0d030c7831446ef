//! Generators written as a function of the choice source.

use crate::engine::source::ChoiceSource;
use crate::generate::Generator;

/// The generator returned by [`from_fn`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct FromFn<F> {
    function: F,
}

/// A generator that runs `function` with the [`ChoiceSource`], for values
/// whose later parts depend on earlier ones. Draw every part with
/// [`ChoiceSource::draw`]; shrinking then works on those draws, with no
/// knowledge of the type built from them.
///
/// Draw a collection with a collection generator rather than a length
/// followed by that many elements: the shrinker removes an element of a
/// [`vec`](crate::generate::vec) in one step, while a drawn length must be
/// lowered together with the element it counts (and with any index drawn
/// from it), which it finds less often. For a list with an index into it,
/// `vec(..).min_length(1).flat_map(|list| ...)` shrinks better than drawing
/// the length first.
///
/// Each [`ChoiceSource::draw`] marks the choices its generator made as one
/// part, which the shrinker can delete, move or swap with another part of
/// its kind; the draws of plain code between them are not parts. So a
/// recursive function draws each subtree with `source.draw(&from_fn(..))`
/// (or through [`recursive`](crate::generate::recursive)) rather than by
/// calling itself on the source: then a subtree's choices are one part, and
/// a heap whose bug needs its larger subtree on the right can shrink from
/// one with it on the left.
///
/// ```
/// use quickcheck::{Generator, generate};
///
/// #[derive(Debug)]
/// struct Money { cents: u64, currency: &'static str }
///
/// let money = generate::from_fn(|source| {
///     let currency = source.draw(&generate::elements(["GBP", "JPY"]));
///     let unit = if currency == "JPY" { 1 } else { 100 };
///     Money { cents: unit * source.draw(&generate::between(0u64, 10_000)), currency }
/// });
/// assert!(money.sample(20, 1).iter().all(|m| m.currency != "GBP" || m.cents % 100 == 0));
/// ```
pub fn from_fn<T, F: Fn(&mut ChoiceSource) -> T>(function: F) -> FromFn<F> {
    FromFn { function }
}

impl<T, F: Fn(&mut ChoiceSource) -> T> Generator for FromFn<F> {
    type Value = T;

    fn generate(&self, source: &mut ChoiceSource) -> T {
        (self.function)(source)
    }
}
