//! Generators written as a function of the choice source.

use crate::engine::source::ChoiceSource;
use crate::generate::Generator;

/// The generator returned by [`from`].
#[derive(Clone, Copy, Debug)]
pub struct FromFn<F> {
    function: F,
}

/// A generator that runs `function` with the [`ChoiceSource`], for values
/// whose later parts depend on earlier ones. Draw every part with
/// [`ChoiceSource::draw`]; shrinking then works on those draws, with no
/// knowledge of the type built from them.
///
/// ```
/// use quickcheck::{Generator, generate};
///
/// #[derive(Debug)]
/// struct Money { cents: u64, currency: &'static str }
///
/// let money = generate::from(|source| {
///     let currency = source.draw(&generate::elements(["GBP", "JPY"]));
///     let unit = if currency == "JPY" { 1 } else { 100 };
///     Money { cents: unit * source.draw(&generate::between(0u64, 10_000)), currency }
/// });
/// assert!(money.sample(20, 1).iter().all(|m| m.currency != "GBP" || m.cents % 100 == 0));
/// ```
pub fn from<T, F: Fn(&mut ChoiceSource) -> T>(function: F) -> FromFn<F> {
    FromFn { function }
}

impl<T, F: Fn(&mut ChoiceSource) -> T> Generator for FromFn<F> {
    type Value = T;

    fn generate(&self, source: &mut ChoiceSource) -> T {
        (self.function)(source)
    }
}
