//! The shrink passes. Each proposes one family of edits of the best sequence.
//!
//! Loops walk the best by position and re-read it after every attempt,
//! because a successful edit replaces it (often with a shorter sequence).
//! Positions past its new end are skipped rather than restarted, so a pass
//! never does much more work on success than on failure; the outer loop runs
//! it again.
//!
//! The passes come in families, a file each: [`deletion`] makes the
//! sequence shorter, [`replacement`] puts something simpler in a span's
//! place, [`lowering`] makes single choices smaller, [`pairs`] moves value
//! between two choices, lowers two or more together, divides two by a
//! common factor, or lowers one and raises the next, and [`reordering`]
//! changes the order of spans. This file holds what several families ask
//! of the best sequence.

mod deletion;
mod lowering;
mod pairs;
mod reordering;
mod replacement;

use super::{Execute, Shrinker};
use crate::engine::spans::{ELEMENT, Spans};

/// Where a number stands, to tell numbers of one kind apart: in an element
/// of a collection (by the collection's span), among whose elements equal
/// numbers nearly always fail or pass alike (the arguments of one command
/// sequence's commands, the items of one list); or alone (by its position),
/// such as a tuple's field, which may mean anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Place {
    InCollection(usize),
    Alone(usize),
}

/// A number as a pass remembers it: where it stands, its largest value and
/// its value. Equal kinds are numbers a pass may treat alike, such as
/// skipping one that could not be lowered where another could not be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct NumberKind {
    place: Place,
    largest: u64,
    value: u64,
}

/// How far apart two choices may be for the passes over nearby numbers
/// (moving value between them, lowering them together or one while
/// raising another, dividing them by a common factor).
const PAIR_DISTANCE: usize = 4;

impl<E: Execute> Shrinker<'_, E> {
    /// Whether the choice at `position` can hold more than two values: a
    /// number worth moving value into or out of, rather than a yes/no choice
    /// such as a collection's "go on".
    fn is_number(&self, position: usize) -> bool {
        self.best.maxima.get(position).is_some_and(|&max| max > 1)
    }

    /// The positions of the numbers that are no choice between
    /// alternatives: values to compare and move between choices of one
    /// kind (one largest value).
    fn plain_numbers(&self) -> Vec<usize> {
        let alternatives = self.alternative_choices();
        (0..self.best.choices.len()).filter(|&at| self.is_number(at) && !alternatives[at]).collect()
    }

    /// Whether span `span` is a collection's closing "stop": an element span
    /// holding only its "go on" choice, which says no.
    fn is_stop(&self, span: usize) -> bool {
        let range = self.best.spans.range(span);
        self.best.spans.label(span) == ELEMENT
            && range.len() == 1
            && self.best.choices.get(range.start) == Some(&0)
            && self.best.spans.goes_on_first(span)
    }

    /// Whether span `span` is all of a collection element but its "go on".
    fn is_element_value(&self, span: usize) -> bool {
        let range = self.best.spans.range(span);
        self.best.spans.parent(span).is_some_and(|parent| {
            let element = self.best.spans.range(parent);
            let value_start = element.start + usize::from(self.best.spans.goes_on_first(parent));
            self.best.spans.label(parent) == ELEMENT && value_start == range.start && element.end == range.end
        })
    }

    /// Which choices are a collection's "go on or stop" choice: the first
    /// choice of each element span marked as starting with one.
    fn collection_flags(&self) -> Vec<bool> {
        self.first_choices_of(|spans, span| spans.goes_on_first(span))
    }

    /// Which choices are a choice between alternatives (a `one_of` branch,
    /// an enum variant): the first choice of each span marked so.
    fn alternative_choices(&self) -> Vec<bool> {
        self.first_choices_of(|spans, span| spans.chooses_alternative_first(span))
    }

    /// Marks, per choice, the first choice of each span that `marked` picks.
    fn first_choices_of(&self, marked: impl Fn(&Spans, usize) -> bool) -> Vec<bool> {
        let spans = &self.best.spans;
        let mut flags = vec![false; self.best.choices.len()];
        for span in 0..spans.len() {
            let range = spans.range(span);
            if marked(spans, span)
                && !range.is_empty()
                && let Some(flag) = flags.get_mut(range.start)
            {
                *flag = true;
            }
        }
        flags
    }

    /// Where each choice stands (see [`Place`]): in the innermost element
    /// around it, by the collection's span, or alone, by its position.
    fn places(&self) -> Vec<Place> {
        let spans = &self.best.spans;
        let mut places: Vec<Place> = (0..self.best.choices.len()).map(Place::Alone).collect();
        // Spans come parents first, so an inner element overwrites an outer.
        for span in 0..spans.len() {
            let Some(collection) = spans.parent(span).filter(|_| spans.label(span) == ELEMENT) else { continue };
            let range = spans.range(span);
            let end = range.end.min(places.len());
            for place in &mut places[range.start.min(end)..end] {
                *place = Place::InCollection(collection);
            }
        }
        places
    }

    /// The number at `position` as passes remember it from one attempt to
    /// the next; `places` is [`places`](Self::places) of the best as it is.
    fn kind_of(&self, places: &[Place], position: usize) -> NumberKind {
        NumberKind { place: places[position], largest: self.best.maxima[position], value: self.best.choices[position] }
    }

    /// Where span `span` ends, then where each of the siblings right after
    /// it ends, for as long as they follow on without a gap.
    fn sibling_ends(&self, span: usize) -> Vec<usize> {
        let parent = self.best.spans.parent(span);
        let mut ends = vec![self.best.spans.range(span).end];
        for other in span + 1..self.best.spans.len() {
            let range = self.best.spans.range(other);
            if self.best.spans.parent(other) != parent {
                continue;
            }
            if Some(&range.start) != ends.last() {
                break;
            }
            ends.push(range.end);
        }
        ends
    }

    /// The largest `n` for which `works(n)` holds, given that `works(0)`
    /// does and that `works` fails at some point: doubling from 1, then
    /// bisection, so an answer `n` costs about `2 log2(n)` tries.
    async fn find_integer(&mut self, mut works: impl AsyncFnMut(&mut Self, usize) -> bool) -> usize {
        if !works(self, 1).await {
            return 0;
        }
        let (mut low, mut high) = (1, 2);
        while works(self, high).await {
            (low, high) = (high, high * 2);
        }
        let boundary = self
            .bisect(low as u64, high as u64, async |shrinker: &mut Self, count| works(shrinker, count as usize).await);
        boundary.await as usize
    }

    /// Bisects between `good`, a value known to work, and `bad`, one known
    /// not to (above or below it), and returns the working value next to
    /// where `works` changes.
    async fn bisect(&mut self, mut good: u64, mut bad: u64, mut works: impl AsyncFnMut(&mut Self, u64) -> bool) -> u64 {
        while good.abs_diff(bad) > 1 {
            let middle = good.min(bad) + good.abs_diff(bad) / 2;
            if works(self, middle).await {
                good = middle;
            } else {
                bad = middle;
            }
        }
        good
    }
}

/// How a pass reads a choice that is a number: as a plain one, or as the
/// zig-zag index of a signed value.
#[derive(Clone, Copy, Debug)]
enum Move {
    /// As plain numbers: move `amount` from one to the other.
    Plain,
    /// As zig-zag indices of signed values (0, 1, −1, 2, −2, …): move
    /// `amount` of magnitude, keeping each sign.
    ZigZag,
}

impl Move {
    /// The most that can be moved out of a choice.
    fn capacity(self, from: u64) -> u64 {
        match self {
            Move::Plain => from,
            Move::ZigZag => from.div_ceil(2),
        }
    }

    /// The choice after taking `amount` out of it, if it holds that much.
    fn lower(self, value: u64, amount: u64) -> Option<u64> {
        match self {
            Move::Plain => value.checked_sub(amount),
            Move::ZigZag => zig_zag(value.div_ceil(2).checked_sub(amount)?, value % 2 == 1),
        }
    }

    /// How much `to` can take before it reaches its largest value of its
    /// sign, below `to_max`: moving more loses the excess.
    fn room(self, to: u64, to_max: u64) -> u64 {
        match self {
            Move::Plain => to_max.saturating_sub(to),
            Move::ZigZag => {
                // The largest index of the same sign.
                let largest = if is_positive(to) == is_positive(to_max) { to_max } else { to_max.saturating_sub(1) };
                largest.div_ceil(2).saturating_sub(to.div_ceil(2))
            }
        }
    }

    /// The pair after moving `amount`. The receiving choice saturates at its
    /// largest value, which at the end of a signed range is the extreme the
    /// zig-zag order reaches last (`-32768` for `i16`).
    fn apply(self, from: u64, to: u64, amount: u64, to_max: u64) -> Option<(u64, u64)> {
        let (lowered, raised) = match self {
            Move::Plain => (from.checked_sub(amount)?, to.saturating_add(amount)),
            Move::ZigZag => {
                let (to_magnitude, to_positive) = (to.div_ceil(2), is_positive(to));
                let lowered = self.lower(from, amount)?;
                let raised = zig_zag(to_magnitude.saturating_add(amount), to_positive).unwrap_or(u64::MAX);
                (lowered, raised)
            }
        };
        Some((lowered, raised.min(to_max)))
    }
}

/// Whether zig-zag index `index` stands for a value of at least 0: odd
/// indices are positive, even ones negative, and 0 is 0.
fn is_positive(index: u64) -> bool {
    index % 2 == 1 || index == 0
}

fn zig_zag(magnitude: u64, positive: bool) -> Option<u64> {
    match (magnitude, positive) {
        (0, _) => Some(0),
        (_, true) => magnitude.checked_mul(2)?.checked_sub(1),
        (_, false) => magnitude.checked_mul(2),
    }
}
