//! `Option` and `Result`.

use crate::engine::random::{Chance, Draws};
use crate::engine::source::{ChoiceSource, SCALE_ONE};
use crate::generate::Generator;

/// How often an option is `Some`.
const SOME: Chance = Chance::new(0.9);

/// The generator returned by [`option`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct OptionOf<G> {
    inner: G,
}

/// `None` about one draw in ten, otherwise `Some` of a value from `inner`.
/// Shrinks to `None`.
///
/// That is at full size; smaller draws are `Some` less often, by the
/// square root of their size (at a quarter of full size, half as often):
/// the first examples of a run, and the parts of a derived recursive type
/// nested inside itself, which each level down draws at half the size. So
/// a tree whose children are `Option<Box<Node>>` comes in every small
/// shape and now and then a larger one, rather than filling every branch
/// to the depth limit.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let rolls = generate::option(generate::between(1, 6)).sample(100, 1);
/// assert!(rolls.contains(&None));
/// assert!(rolls.iter().flatten().all(|d| (1..=6).contains(d)));
/// ```
pub fn option<G: Generator>(inner: G) -> OptionOf<G> {
    OptionOf { inner }
}

impl<G: Generator> Generator for OptionOf<G> {
    type Value = Option<G::Value>;

    fn generate(&self, source: &mut ChoiceSource) -> Option<G::Value> {
        // `None` is the earlier alternative: the shrinker may switch to it.
        let scale = source.scale_fixed();
        let is_some = source.choose_alternative(1, |random| {
            // Worked out only for a random draw; at full size, as it is.
            // The square root in fixed point is 2^16 at full size, as the
            // scale is.
            let chance = if scale == SCALE_ONE { SOME } else { SOME.scaled((scale << 16).isqrt()) };
            u64::from(random.chance(chance))
        }) == 1;
        is_some.then(|| source.draw(&self.inner))
    }

    fn label(&self) -> &'static str {
        "option"
    }
}

/// The generator returned by [`result`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct ResultOf<G, H> {
    ok: G,
    err: H,
}

/// `Ok` from `ok` three draws in four, otherwise `Err` from `err`. Shrinks
/// towards `Ok`, unless the `Err` takes fewer choices to draw (fewer choices
/// are simpler still).
///
/// ```
/// use quickcheck::{Generator, Options, Property, generate};
/// let digits = generate::result(generate::between(0, 9), generate::constant("not a digit"));
/// assert!(digits.sample(100, 1).iter().all(|r| matches!(r, Ok(0..=9) | Err("not a digit"))));
/// // The constant `Err` takes no choices, so it is simpler than any `Ok`.
/// let result = Property::for_all(digits, |_| false).check(Options::default().seed(1));
/// assert_eq!(result.minimal().unwrap().value(), &Err("not a digit"));
/// ```
pub fn result<G: Generator, H: Generator>(ok: G, err: H) -> ResultOf<G, H> {
    ResultOf { ok, err }
}

impl<G: Generator, H: Generator> Generator for ResultOf<G, H> {
    type Value = Result<G::Value, H::Value>;

    fn generate(&self, source: &mut ChoiceSource) -> Self::Value {
        let is_err = source.choose_alternative(1, |random| u64::from(random.up_to(3) == 0)) == 1;
        if is_err { Err(source.draw(&self.err)) } else { Ok(source.draw(&self.ok)) }
    }

    fn label(&self) -> &'static str {
        "result"
    }
}
