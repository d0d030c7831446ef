//! Permutations.

use crate::engine::random::Draws;
use crate::engine::source::{ChoiceSource, MAX_CHOICES};
use crate::generate::Generator;

/// The generator returned by [`shuffle`].
#[derive(Clone, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Shuffle<T> {
    items: Vec<T>,
}

/// Any permutation of `items`, drawn by a Fisher–Yates shuffle whose every
/// swap is a choice. Shrinks towards the original order. Every item but
/// the last takes one choice, and an example makes at most 8192, so at
/// most 8193 items can be shuffled.
///
/// # Panics
///
/// At the call, if there are more than 8193 items.
///
/// ```
/// use quickcheck::{Generator, generate};
/// for mut order in generate::shuffle(vec![1, 2, 3, 4]).sample(20, 1) {
///     order.sort();
///     assert_eq!(order, vec![1, 2, 3, 4]);
/// }
/// ```
#[track_caller]
pub fn shuffle<T: Clone>(items: impl IntoIterator<Item = T>) -> Shuffle<T> {
    let items: Vec<T> = items.into_iter().collect();
    // Every item but the last takes a choice.
    assert!(
        items.len() <= MAX_CHOICES + 1,
        "generate::shuffle: {} items, but a shuffle draws one choice an item (but the last) and an example makes at \
         most {MAX_CHOICES}; shuffle fewer items",
        items.len()
    );
    Shuffle { items }
}

impl<T: Clone> Generator for Shuffle<T> {
    type Value = Vec<T>;

    fn generate(&self, source: &mut ChoiceSource) -> Vec<T> {
        let mut items = self.items.clone();
        let length = items.len() as u64;
        for position in 0..length.saturating_sub(1) {
            // Choice 0 leaves the item in place, so the simplest permutation
            // is the identity.
            let remaining = length - 1 - position;
            let offset = source.choose(remaining, |random| random.up_to(remaining));
            items.swap(position as usize, (position + offset) as usize);
        }
        items
    }

    fn label(&self) -> &'static str {
        "shuffle"
    }
}
