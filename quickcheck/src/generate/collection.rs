//! Collections with a length drawn element by element.
//!
//! A collection decides after each element whether to go on, with one
//! boolean choice, so its length is geometric: short collections are common
//! and long ones rarer, and deleting an element's choices from a test case
//! deletes exactly that element. Each element is a span of its own (the
//! "go on" choice and the element's choices), which is what lets the shrinker
//! delete, sort and merge elements.

use std::collections::VecDeque;
use std::marker::PhantomData;
use std::ops::{Bound, RangeBounds};

use crate::engine::random::Chance;
use crate::engine::source::{ChoiceSource, MAX_CHOICES, SCALE_ONE};
use crate::engine::unwind::Stop;
use crate::generate::Generator;

pub(crate) use crate::engine::spans::ELEMENT;

/// The default longest collection.
const DEFAULT_MAX: usize = 64;

/// The length bounds of a collection, and the draw of "one more element?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lengths {
    pub(crate) min: usize,
    pub(crate) max: usize,
    /// Whether the minimum was given (by `min_length` or a range's start),
    /// so that a later maximum below it is a mistake to report rather than
    /// a bound to lower.
    min_given: bool,
    /// Whether the maximum was given (by `max_length` or a range's end):
    /// one that was not keeps its default room above the minimum, so that
    /// `min_length(n)` and `length(n..)` allow the same lengths.
    max_given: bool,
    /// The chance of one more element at full size, worked out once: most
    /// examples of a run are drawn at full size.
    full_size: Chance,
}

impl Default for Lengths {
    fn default() -> Lengths {
        Lengths::new(0, DEFAULT_MAX, false)
    }
}

impl Lengths {
    fn new(min: usize, max: usize, max_given: bool) -> Lengths {
        let mut lengths = Lengths { min, max, min_given: false, max_given, full_size: Chance::new(0.0) };
        lengths.full_size = Chance::new(lengths.continue_probability(1.0));
        lengths
    }

    #[track_caller]
    pub(crate) fn with_min(self, min: usize) -> Lengths {
        let lengths = if self.max_given {
            assert!(
                min <= self.max,
                "min_length({min}) is greater than the maximum length {} set before it: lower one of them, or set \
                 both at once with length(min..=max)",
                self.max
            );
            Lengths::new(min, self.max, true)
        } else {
            Lengths::new(min, min.saturating_add(DEFAULT_MAX), false)
        };
        Lengths { min_given: true, ..lengths }
    }

    #[track_caller]
    pub(crate) fn with_max(self, max: usize) -> Lengths {
        assert!(
            !self.min_given || self.min <= max,
            "max_length({max}) is less than the minimum length {} set before it: raise one of them, or set both at \
             once with length(min..=max)",
            self.min
        );
        // An unset minimum is 0, which no maximum is below.
        Lengths { min_given: self.min_given, ..Lengths::new(self.min, max, true) }
    }

    /// The lengths of `range`, for the lengths of `what` (a collection, a
    /// command sequence), which a panic over an empty range names.
    #[track_caller]
    pub(crate) fn within(range: impl RangeBounds<usize>, what: &str) -> Lengths {
        let min = match range.start_bound() {
            Bound::Included(&n) => Some(n),
            Bound::Excluded(&n) => n.checked_add(1),
            Bound::Unbounded => Some(0),
        };
        let max = match range.end_bound() {
            Bound::Included(&n) => Some(n),
            Bound::Excluded(&n) => n.checked_sub(1),
            Bound::Unbounded => Some(usize::MAX),
        };
        // Panics here, not in a helper closure, so that the location
        // reported is the caller's.
        let Some((min, max)) = min.zip(max).filter(|(min, max)| min <= max) else {
            panic!(
                "{what} length range {} is empty: no length lies in it; give a range whose start is at most its \
                 end, such as 1..=10",
                written(&range)
            )
        };
        if let Bound::Unbounded = range.end_bound() {
            return Lengths::default().with_min(min);
        }
        Lengths { min_given: true, ..Lengths::new(min, max, true) }
    }

    /// The chance of one more element once the minimum is reached. The mean
    /// length aims at `min + 5` (or `2 * min` when larger), never above the
    /// middle of the range; early examples of a run aim lower.
    pub(crate) fn continue_probability(&self, scale: f64) -> f64 {
        let middle = self.max.saturating_sub(self.min) as f64 / 2.0;
        let extra = (self.min.max(5) as f64).min(middle) * scale;
        extra / (extra + 1.0)
    }

    /// [`continue_probability`](Lengths::continue_probability) at the
    /// source's size, as a chance to draw with.
    #[inline]
    pub(crate) fn continue_chance(&self, source: &ChoiceSource) -> Chance {
        if source.scale_fixed() == SCALE_ONE {
            self.full_size
        } else {
            Chance::new(self.continue_probability(source.scale()))
        }
    }

    /// Opens the span of the next element and decides whether it exists.
    /// Returns `false`, with the span closed, when the collection ends.
    ///
    /// At the maximum length the "stop" choice is still recorded, forced to
    /// 0, so every collection above its minimum ends in one: merging two
    /// adjacent collections is then always the deletion of the first one's
    /// stop and the "go on" before the second.
    #[inline(always)]
    pub(crate) fn next_element(&self, source: &mut ChoiceSource, length: usize, chance: Chance) -> bool {
        let element = source.open_span(ELEMENT);
        // Below the minimum length there is no choice to make.
        if length >= self.min {
            source.mark_goes_on_first(element);
        }
        let more = self.one_more(source, length, chance);
        if !more {
            source.close_span();
        }
        more
    }

    /// Whether the collection goes on after `length` elements: the choice
    /// of [`next_element`](Lengths::next_element), without its span.
    #[inline(always)]
    fn one_more(&self, source: &mut ChoiceSource, length: usize, chance: Chance) -> bool {
        if length >= self.max {
            source.choose(0, |_| 0);
            false
        } else {
            length < self.min || source.boolean(chance)
        }
    }

    /// Draws the elements of one collection with `element` until the
    /// collection ends, each in a span of its own where the source records
    /// spans. `element` is told whether it does: without spans (most of
    /// generation) an element is its choices alone, and may skip the
    /// source's span bookkeeping by calling its generator's `generate`
    /// rather than `ChoiceSource::draw`. (Only `string_matching`'s
    /// repetitions use it: `Collection::generate` writes its loops out.)
    #[cfg(feature = "regex")]
    #[inline(always)]
    pub(crate) fn draw_each(&self, source: &mut ChoiceSource, mut element: impl FnMut(&mut ChoiceSource, bool)) {
        let chance = self.continue_chance(source);
        let mut length = 0;
        if source.records_spans() {
            while self.next_element(source, length, chance) {
                element(source, true);
                source.close_span();
                length += 1;
            }
        } else {
            while self.one_more(source, length, chance) {
                element(source, false);
                length += 1;
            }
        }
    }

    /// Ends the example as an overrun, before its first element, if the
    /// minimum length is more elements than an example may make choices.
    /// Elements that draw choices would run out of them before the
    /// minimum; elements that draw none (`constant`) would never meet the
    /// limit, as no choice is drawn below the minimum, and be added however
    /// many the minimum asks for. Checked once a collection, not once an
    /// element, which would cost every list its share.
    #[inline(always)]
    pub(crate) fn overrun_if_out_of_reach(&self) {
        if self.min > MAX_CHOICES {
            Stop::Overrun.raise();
        }
    }
}

/// Builder methods for the length bounds, shared by every collection type.
macro_rules! length_builders {
    () => {
        /// Sets the shortest length (default 0). Without a
        /// [`max_length`](Self::max_length), the longest becomes 64 above
        /// it, as with `length(min..)`. Above the minimum a length averages
        /// five more elements, or as many more as the minimum where that is
        /// more than five, but at most half the room up to the longest (32
        /// more, with the default room of 64): `min_length(20)` averages
        /// about 40, and `min_length(100)` about 132.
        ///
        /// # Panics
        ///
        /// At the call, if a maximum set before it is smaller.
        #[track_caller]
        pub fn min_length(mut self, min: usize) -> Self {
            self.lengths = self.lengths.with_min(min);
            self
        }

        /// Sets the longest length (default 64 above the shortest).
        ///
        /// # Panics
        ///
        /// At the call, if a minimum set before it is larger.
        #[track_caller]
        pub fn max_length(mut self, max: usize) -> Self {
            self.lengths = self.lengths.with_max(max);
            self
        }

        /// Sets both bounds from a range such as `1..=10` or `3..`. A range
        /// without an end allows up to 64 elements more than its start, so
        /// `100..` still varies the length.
        ///
        /// # Panics
        ///
        /// At the call, if the range is empty.
        #[track_caller]
        pub fn length(mut self, range: impl std::ops::RangeBounds<usize>) -> Self {
            self.lengths = crate::generate::collection::Lengths::within(range, "collection");
            self
        }
    };
}
pub(crate) use length_builders;

/// A generator of a collection of values from one element generator: a
/// `Vec`, a `VecDeque` or a `String`, from [`vec()`], [`vec_deque`] or
/// [`string_of`](crate::generate::string_of).
///
/// Lengths default to 0 to 64 with a mean of about 5 (see
/// [`length`](Collection::length)); shrinking removes elements and shrinks
/// the rest, towards the shortest collection of the simplest elements.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let at_least_two = generate::vec(generate::boolean()).min_length(2).sample(20, 1);
/// assert!(at_least_two.iter().all(|list| (2..=66).contains(&list.len())));
/// let at_most_three = generate::string().max_length(3).sample(20, 1);
/// assert!(at_most_three.iter().all(|text| text.chars().count() <= 3));
/// ```
#[must_use = "a generator does nothing until something draws from it"]
pub struct Collection<G, C> {
    element: G,
    lengths: Lengths,
    _collection: PhantomData<fn() -> C>,
}

/// `Clone`, `Copy` and `Debug` for a generator of collections of one
/// element generator (fields `element`, `lengths`, `_collection`), by hand:
/// a derive would ask the collection type `C` for what only the element
/// generator needs, so a generator of `Vec<T>` would be `Clone` only for a
/// `T: Clone`.
macro_rules! element_generator_traits {
    ($generator:ident) => {
        impl<G: Clone, C> Clone for $generator<G, C> {
            fn clone(&self) -> Self {
                $generator { element: self.element.clone(), lengths: self.lengths, _collection: PhantomData }
            }
        }

        impl<G: Copy, C> Copy for $generator<G, C> {}

        impl<G: std::fmt::Debug, C> std::fmt::Debug for $generator<G, C> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($generator))
                    .field("element", &self.element)
                    .field("lengths", &self.lengths)
                    .finish()
            }
        }
    };
}

pub(crate) use element_generator_traits;

element_generator_traits!(Collection);

impl<G, C> Collection<G, C> {
    pub(crate) fn new(element: G, lengths: Lengths) -> Collection<G, C> {
        Collection { element, lengths, _collection: PhantomData }
    }

    length_builders!();
}

impl<G: Generator, C: GrowableCollection<Element = G::Value>> Generator for Collection<G, C> {
    type Value = C;

    // A plain loop in this function, which holds the source and the element
    // generator as its own parameters, so the compiler knows that a draw
    // changes nothing but the source. Collected from an iterator that held
    // them instead, a list of 50 integers took 5% more instructions, and 50
    // lists of 5 bytes 6% more time.
    fn generate(&self, source: &mut ChoiceSource) -> C {
        // A minimum past the choice limit ends the example here, so the
        // reservation below is never a huge one that would abort instead.
        self.lengths.overrun_if_out_of_reach();
        let chance = self.lengths.continue_chance(source);
        let mut collection = C::with_capacity(self.lengths.min);
        let mut length = 0;
        // The loops of `Lengths::draw_each`, written out: through its
        // closure, a list of 50 `i32` took 20% longer.
        if source.records_spans() {
            while self.lengths.next_element(source, length, chance) {
                collection.push(source.draw(&self.element));
                source.close_span();
                length += 1;
            }
        } else {
            // Without spans (most of generation) an element is its choices
            // alone: the source's span bookkeeping is skipped.
            // Below the minimum an element decides nothing: the first
            // `min` are drawn as one batch.
            let min = self.lengths.min;
            if min > 0 {
                self.element.generate_many(source, min, |element| collection.push(element));
                length = min;
            }
            while self.lengths.one_more(source, length, chance) {
                collection.push(self.element.generate(source));
                length += 1;
            }
        }
        collection
    }

    fn label(&self) -> &'static str {
        "collection"
    }
}

/// A collection that [`Collection`] builds one element at a time, in the
/// order drawn: `Vec`, `VecDeque` and `String`. Sealed: these are the
/// collections the constructors ([`vec()`], [`vec_deque`],
/// [`string_of`](crate::generate::string_of)) build.
pub trait GrowableCollection: sealed::Sealed {
    /// The element type.
    type Element;
    /// An empty collection with room for `capacity` elements.
    fn with_capacity(capacity: usize) -> Self;
    /// Adds `element` at the end.
    fn push(&mut self, element: Self::Element);
}

mod sealed {
    pub trait Sealed {}
    impl<T> Sealed for Vec<T> {}
    impl<T> Sealed for std::collections::VecDeque<T> {}
    impl Sealed for String {}
}

impl<T> GrowableCollection for Vec<T> {
    type Element = T;
    #[inline]
    fn with_capacity(capacity: usize) -> Vec<T> {
        Vec::with_capacity(capacity)
    }
    #[inline]
    fn push(&mut self, element: T) {
        Vec::push(self, element);
    }
}

impl<T> GrowableCollection for VecDeque<T> {
    type Element = T;
    #[inline]
    fn with_capacity(capacity: usize) -> VecDeque<T> {
        VecDeque::with_capacity(capacity)
    }
    #[inline]
    fn push(&mut self, element: T) {
        self.push_back(element);
    }
}

impl GrowableCollection for String {
    type Element = char;
    #[inline]
    fn with_capacity(capacity: usize) -> String {
        // At least a byte a character.
        String::with_capacity(capacity)
    }
    #[inline]
    fn push(&mut self, element: char) {
        String::push(self, element);
    }
}

/// A `Vec` of values from `element`.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let lists = generate::vec(generate::between(0, 9)).length(1..=3);
/// assert!(lists.sample(20, 1).iter().all(|list| (1..=3).contains(&list.len())));
/// ```
pub fn vec<G: Generator>(element: G) -> Collection<G, Vec<G::Value>> {
    Collection::new(element, Lengths::default())
}

/// A length range as it was written, such as `5..5` or `3..=2`; one with an
/// excluded start, which has no range syntax, as its pair of bounds.
fn written(range: &impl RangeBounds<usize>) -> String {
    let start = match range.start_bound() {
        Bound::Included(n) => n.to_string(),
        Bound::Unbounded => String::new(),
        Bound::Excluded(_) => return format!("({:?}, {:?})", range.start_bound(), range.end_bound()),
    };
    match range.end_bound() {
        Bound::Included(n) => format!("{start}..={n}"),
        Bound::Excluded(n) => format!("{start}..{n}"),
        Bound::Unbounded => format!("{start}.."),
    }
}

/// A `VecDeque` of values from `element`, front to back in the order drawn.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let queues = generate::vec_deque(generate::between(0, 9)).length(2..=4).sample(20, 1);
/// assert!(queues.iter().all(|queue| (2..=4).contains(&queue.len()) && queue.iter().all(|n| *n <= 9)));
/// ```
pub fn vec_deque<G: Generator>(element: G) -> Collection<G, VecDeque<G::Value>> {
    Collection::new(element, Lengths::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_length_follows_the_rule() {
        let default = Lengths::default();
        let p = default.continue_probability(1.0);
        assert!((p / (1.0 - p) - 5.0).abs() < 1e-9);
        let long = Lengths::new(20, 64, true);
        let p = long.continue_probability(1.0);
        assert!((p / (1.0 - p) - 20.0).abs() < 1e-9);
        let narrow = Lengths::new(0, 4, true);
        let p = narrow.continue_probability(1.0);
        assert!((p / (1.0 - p) - 2.0).abs() < 1e-9);
    }

    #[test]
    fn the_full_size_chance_is_the_one_worked_out_at_full_size() {
        let mut source = ChoiceSource::new();
        for lengths in [
            Lengths::default(),
            Lengths::new(20, 64, true),
            Lengths::new(3, 3, true),
            Lengths::within(..=1000, "collection"),
        ] {
            source.start_random(1.0);
            assert_eq!(lengths.continue_chance(&source), Chance::new(lengths.continue_probability(1.0)));
            source.start_random(0.5);
            assert_eq!(lengths.continue_chance(&source), Chance::new(lengths.continue_probability(0.5)));
        }
    }

    #[test]
    fn elements_drawn_without_spans_replay_the_same_with_them() {
        // Generation skips the span bookkeeping; the shrinker's detailed
        // replay of the same choices must build the same value.
        let nested = vec(vec(crate::generate::integer::<i16>()).max_length(4)).length(2..=9);
        let mut source = ChoiceSource::new();
        for seed in 0..50 {
            source.reseed(crate::engine::random::for_example(seed, 0));
            source.start_random(1.0);
            assert!(!source.records_spans());
            let drawn = source.draw(&nested);
            let choices = source.recording().choices.clone();
            source.start_replay(&choices);
            assert!(source.records_spans());
            assert_eq!(source.draw(&nested), drawn, "seed {seed}");
            assert_eq!(source.recording().choices, choices, "seed {seed}");
            // A span per list, per element, per integer, and per list's
            // closing "stop" choice.
            let inner: usize = drawn.iter().map(|inner| 3 + 2 * inner.len()).sum();
            assert_eq!(source.recording().spans.len(), 2 + inner, "seed {seed}");
        }
    }

    /// `element`, drawing one value at a time: the default
    /// [`Generator::generate_many`], which the batched draws must match.
    struct OneAtATime<G>(G);

    impl<G: Generator> Generator for OneAtATime<G> {
        type Value = G::Value;

        fn generate(&self, source: &mut ChoiceSource) -> G::Value {
            self.0.generate(source)
        }

        fn label(&self) -> &'static str {
            self.0.label()
        }
    }

    /// A value, the integer drawn after it, and the recording's choices
    /// and maxima.
    type Drawn<T> = (T, i64, Vec<u64>, Vec<u64>);

    /// Draws `generator` and then one more integer, for the random state
    /// the draw left behind; with the recording, or how the draw stopped.
    fn drawn_with<G: Generator>(
        source: &mut ChoiceSource,
        generator: &G,
    ) -> Result<Drawn<G::Value>, crate::engine::unwind::Caught> {
        let after = crate::generate::integer::<i64>();
        crate::engine::unwind::catch(|| {
            let value = source.draw(generator);
            let next = source.draw(&after);
            let recording = source.recording();
            (value, next, recording.choices.clone(), recording.maxima.clone())
        })
    }

    #[test]
    fn elements_below_the_minimum_drawn_in_a_batch_are_those_drawn_one_at_a_time() {
        use crate::engine::random::for_example;
        use crate::generate::integer;
        let (mut batched, mut single) = (ChoiceSource::new(), ChoiceSource::new());
        // Each case prepared the same way in both sources: at random; with
        // a prefix that ends inside the batch; and at random with a minimum
        // that passes the example's limit of choices. (Replays record spans,
        // and draw one element at a time; the source's own test covers
        // every mode of `choose_many`.)
        let prepare = |sources: [&mut ChoiceSource; 2], seed: u64, start: usize| {
            let prefix: Vec<u64> = (0..seed % 9).map(|i| i * 3).collect();
            for source in sources {
                source.reseed(for_example(seed, 0));
                match start {
                    1 => source.start_extending(&prefix, 1.0),
                    _ => source.start_random(1.0),
                }
            }
        };
        for seed in 0..40 {
            for start in 0..3 {
                prepare([&mut batched, &mut single], seed, start);
                // A list before the one measured, so that its batch starts
                // part-way into the example.
                let (before, min) =
                    if start == 2 { (200, MAX_CHOICES - 100) } else { (seed as usize % 3, (seed as usize * 7) % 60) };
                let lengths = (before..=before, min..=min + 3);
                let batch = drawn_with(
                    &mut batched,
                    &(vec(integer::<i32>()).length(lengths.0.clone()), vec(integer::<i32>()).length(lengths.1.clone())),
                );
                let one_at_a_time = || vec(OneAtATime(integer::<i32>()));
                let one_by_one =
                    drawn_with(&mut single, &(one_at_a_time().length(lengths.0), one_at_a_time().length(lengths.1)));
                let case = format!("seed {seed}, start {start}");
                match (batch, one_by_one) {
                    (Ok(batch), Ok(one_by_one)) => assert_eq!(batch, one_by_one, "{case}"),
                    (Err(batch), Err(one_by_one)) => {
                        assert_eq!(format!("{batch:?}"), format!("{one_by_one:?}"), "{case}");
                        assert_eq!(batched.recording().choices, single.recording().choices, "{case}");
                    }
                    (batch, one_by_one) => panic!("{case}: {batch:?} against {one_by_one:?}"),
                }
            }
        }
        // Mapped integers of a chosen range (drawn otherwise than a whole
        // type's) and wide ones (a `u128` is two choices, drawn one at a
        // time) batch the same way.
        for seed in 0..20 {
            // A prefix whose choices pass a small range's largest (read as
            // 0, as one choice at a time reads them).
            prepare([&mut batched, &mut single], seed, 1);
            let small = || crate::generate::between(0u8, 5);
            let small_single = vec(OneAtATime(small())).length(12..=12);
            assert_eq!(
                drawn_with(&mut batched, &vec(small()).length(12..=12)).ok(),
                drawn_with(&mut single, &small_single).ok(),
            );
            prepare([&mut batched, &mut single], seed, 0);
            let range = || crate::generate::between(3u8, 200);
            let mapped = vec(range().map(u32::from)).length(30..=40);
            let mapped_single = vec(OneAtATime(range()).map(u32::from)).length(30..=40);
            assert_eq!(drawn_with(&mut batched, &mapped).ok(), drawn_with(&mut single, &mapped_single).ok());
            // A mapping that rejects some values unwinds out of the batch:
            // the source must be left as one draw at a time leaves it,
            // random state and all, for the draws that follow.
            let picky = |value: i32| {
                crate::assume(value % 4 != 0);
                value
            };
            let rejecting = vec(integer::<i32>().map(picky)).length(30..=30);
            let rejecting_single = vec(OneAtATime(integer::<i32>()).map(picky)).length(30..=30);
            let stopped = drawn_with(&mut batched, &rejecting).map_err(|stop| format!("{stop:?}"));
            assert_eq!(stopped, drawn_with(&mut single, &rejecting_single).map_err(|stop| format!("{stop:?}")));
            assert_eq!(batched.recording().choices, single.recording().choices, "seed {seed}");
            assert_eq!(
                drawn_with(&mut batched, &integer::<u64>()).ok(),
                drawn_with(&mut single, &integer::<u64>()).ok()
            );
            let wide = vec(integer::<u128>()).length(10..=10);
            let wide_single = vec(OneAtATime(integer::<u128>())).length(10..=10);
            assert_eq!(drawn_with(&mut batched, &wide).ok(), drawn_with(&mut single, &wide_single).ok());
        }
    }
}
