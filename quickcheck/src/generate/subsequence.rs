//! Selections of a list's items that keep their order.

use std::ops::{Bound, RangeBounds};

use crate::engine::random::Draws;
use crate::engine::source::{ChoiceSource, MAX_CHOICES};
use crate::generate::Generator;
use crate::generate::collection::Lengths;

/// The generator returned by [`subsequence`].
#[derive(Clone, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Subsequence<T> {
    items: Vec<T>,
    min: usize,
    max: usize,
}

/// Some of `items`, in their original order. The length is uniform within
/// the bounds (by default from none to all of the items), and every
/// selection of one length equally likely. Shrinks by dropping items, to
/// just those the failure needs; the simplest selection is the first
/// items, as many as the shortest length allows.
///
/// Each item is one choice, so a list longer than an example's limit of
/// 8192 choices cannot be drawn from.
///
/// # Panics
///
/// At the call, if there are more than 8192 items.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let toppings = ["cheese", "ham", "olives", "basil"];
/// for pick in generate::subsequence(toppings).length(1..=2).sample(20, 1) {
///     assert!((1..=2).contains(&pick.len()));
///     // In the list's order: "ham" never before "cheese", and so on.
///     let places: Vec<usize> = pick.iter().map(|t| toppings.iter().position(|u| u == t).unwrap()).collect();
///     assert!(places.windows(2).all(|pair| pair[0] < pair[1]));
/// }
/// ```
#[track_caller]
pub fn subsequence<T: Clone>(items: impl IntoIterator<Item = T>) -> Subsequence<T> {
    let items: Vec<T> = items.into_iter().collect();
    assert!(
        items.len() <= MAX_CHOICES,
        "generate::subsequence: {} items, but a subsequence draws one choice an item and an example makes at most \
         {MAX_CHOICES}; pick from fewer items",
        items.len()
    );
    let max = items.len();
    Subsequence { items, min: 0, max }
}

impl<T> Subsequence<T> {
    /// Bounds how many items are picked, such as `1..=3` or `2..`. An end
    /// above the number of items is lowered to it: a subsequence cannot be
    /// longer than its list.
    ///
    /// # Panics
    ///
    /// At the call, if the range is empty or starts above the number of
    /// items: no selection has such a length.
    #[track_caller]
    pub fn length(mut self, range: impl RangeBounds<usize>) -> Self {
        let lengths = Lengths::within((range.start_bound().cloned(), range.end_bound().cloned()), "subsequence");
        let count = self.items.len();
        assert!(
            lengths.min <= count,
            "subsequence length range starts at {}, but there are only {count} items to pick from; lower the \
             range's start or pass more items",
            lengths.min
        );
        self.min = lengths.min;
        // An open end means "up to all of them", not a collection's default.
        self.max = match range.end_bound() {
            Bound::Unbounded => count,
            _ => lengths.max.min(count),
        };
        self
    }
}

impl<T: Clone> Generator for Subsequence<T> {
    type Value = Vec<T>;

    fn generate(&self, source: &mut ChoiceSource) -> Vec<T> {
        let (min, max) = (self.min as u64, self.max as u64);
        // What is picked is one choice per item, 1 to take it, so that the
        // shrinker drops an item by lowering its choice, and a shrunk
        // selection holds just the items the failure needs. A length to aim
        // for, uniform in the bounds, steers the random draws only: drawn
        // with the first of them and recorded nowhere, so that it neither
        // multiplies the examples of a short list nor costs a replay. (In
        // `u64`, so a seed picks the same on every platform.)
        let mut aim = None;
        let mut picked = Vec::new();
        // From the last item to the first, so that the items a minimum
        // length forces, and those left when the shrinker has lowered the
        // other choices, are the first ones.
        for (position, item) in self.items.iter().enumerate().rev() {
            let left = position as u64 + 1;
            let count = picked.len() as u64;
            // Forced choices are recorded too (as 0), so every selection
            // draws one choice per item and a shrink that changes one
            // leaves the others where they were. Each is a span of its own,
            // so that the shrinker may sort them, which moves the picks to
            // the first items.
            source.open_span("subsequence item");
            let take = if min.saturating_sub(count) == left {
                source.choose(0, |_| 0);
                true
            } else if count == max {
                source.choose(0, |_| 0);
                false
            } else {
                // Taken with chance wanted / left, which makes every
                // selection of the aimed-for length equally likely.
                source.choose(1, |random| {
                    let aim = *aim.get_or_insert_with(|| min + random.up_to(max - min));
                    u64::from(random.up_to(left - 1) < aim.saturating_sub(count))
                }) == 1
            };
            source.close_span();
            if take {
                picked.push(item.clone());
            }
        }
        picked.reverse();
        picked
    }

    fn label(&self) -> &'static str {
        "subsequence"
    }
}
