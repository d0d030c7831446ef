//! The choice source: where every decision of a generator comes from.
//!
//! A generator never touches a random number generator. It asks the
//! [`ChoiceSource`] for a bounded integer choice, and the source either reads
//! the next value of a given sequence (a replay) or draws a fresh one (random
//! generation), recording it either way. Choice `0` is always the simplest
//! option, so a test case is fully described by its choice sequence and a
//! smaller sequence describes a simpler value.

use crate::engine::random::{Draws, Random};
use crate::engine::spans::{SpanId, Spans};
use crate::engine::unwind::Stop;
use crate::generate::Generator;

/// The most choices one test case may make. A case that needs more is
/// discarded as an overrun, so a runaway generator can neither hang nor
/// exhaust memory.
pub(crate) const MAX_CHOICES: usize = 8 * 1024;

/// What the source does once the prefix it replays has run out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tail {
    /// Draw fresh random choices (generation).
    Random,
    /// Answer every choice with `0` (the simplest test case).
    Simplest,
    /// Stop the test case (shrinking never invents new choices).
    Overrun,
}

/// What one test case drew: its choices, the largest value each choice could
/// have taken, and the spans of its draws.
#[derive(Clone, Debug, Default)]
pub(crate) struct Recording {
    pub(crate) choices: Vec<u64>,
    pub(crate) maxima: Vec<u64>,
    pub(crate) spans: Spans,
}

impl Recording {
    fn clear(&mut self) {
        self.choices.clear();
        self.maxima.clear();
        self.spans.clear();
    }

    /// Copies another recording into this one, reusing this one's buffers.
    pub(crate) fn copy_from(&mut self, other: &Recording) {
        self.choices.clone_from(&other.choices);
        self.maxima.clone_from(&other.maxima);
        self.spans.copy_from(&other.spans);
    }
}

/// The source of every choice a generator makes.
///
/// User code meets it in [`generate::from`](crate::generate::from), to draw
/// values that depend on earlier ones, and in hand-written [`Generator`]
/// implementations. Draw from it only through [`ChoiceSource::draw`], so each
/// draw is recorded as a span the shrinker can work with.
///
/// ```
/// use quickcheck::generate;
///
/// // A vector together with an index that is valid for it.
/// let with_index = generate::from(|source| {
///     let items = source.draw(&generate::vec(generate::integer::<u8>()).min_length(1));
///     let index = source.draw(&generate::between(0, items.len() - 1));
///     (items, index)
/// });
/// for (items, index) in quickcheck::Generator::sample(&with_index, 20, 1) {
///     assert!(index < items.len());
/// }
/// ```
#[derive(Debug)]
pub struct ChoiceSource {
    recording: Recording,
    prefix: Vec<u64>,
    tail: Tail,
    random: Random,
    max_choices: usize,
    scale: f64,
    /// `scale` in 1/65536ths, for integer arithmetic on the hot path.
    scale_fixed: u64,
    /// Whether to record spans and maxima as well as choices. Only the
    /// shrinker needs them, so generation leaves them out and a failing case
    /// is replayed in detail once it is found.
    detailed: bool,
}

/// Full size in [`ChoiceSource::scale_fixed`]'s fixed point.
pub(crate) const SCALE_ONE: u64 = 1 << 16;

/// The span id handed out while spans are not recorded.
const UNRECORDED: SpanId = SpanId::MAX;

impl ChoiceSource {
    pub(crate) fn new() -> ChoiceSource {
        ChoiceSource {
            recording: Recording::default(),
            prefix: Vec::with_capacity(256),
            tail: Tail::Simplest,
            random: crate::engine::random::for_example(0, 0),
            max_choices: MAX_CHOICES,
            scale: 1.0,
            scale_fixed: SCALE_ONE,
            detailed: true,
        }
    }

    /// Draws one value from `generator`, recording its choices as a span.
    pub fn draw<G: Generator + ?Sized>(&mut self, generator: &G) -> G::Value {
        self.open_span(generator.label());
        let value = generator.generate(self);
        self.close_span();
        value
    }

    /// Prepares a random test case. `scale` in `0.0..=1.0` limits how large
    /// the early examples of a run are.
    pub(crate) fn start_random(&mut self, random: Random, scale: f64) {
        self.reset(Tail::Random, MAX_CHOICES);
        self.detailed = false;
        self.random = random;
        self.set_scale(scale);
    }

    /// Prepares the simplest test case: every choice is `0`.
    pub(crate) fn start_simplest(&mut self) {
        self.reset(Tail::Simplest, MAX_CHOICES);
        self.detailed = false;
        self.set_scale(0.0);
    }

    /// Prepares an exact replay of `prefix`, recorded in detail: drawing past
    /// its end stops the case as an overrun, so replays are deterministic.
    pub(crate) fn start_replay(&mut self, prefix: &[u64]) {
        self.detailed = true;
        self.prefix.clear();
        self.prefix.extend_from_slice(prefix);
        self.tail = Tail::Overrun;
        self.max_choices = prefix.len();
        self.recording.clear();
        self.set_scale(1.0);
    }

    fn reset(&mut self, tail: Tail, max_choices: usize) {
        self.prefix.clear();
        self.tail = tail;
        self.max_choices = max_choices;
        self.recording.clear();
    }

    /// Makes one choice in `0..=max`. `sample` draws it during random
    /// generation; a replayed value above `max` (the sequence was edited and no
    /// longer lines up with the generators) is replaced by the simplest, `0`.
    #[inline]
    pub(crate) fn choose(&mut self, max: u64, sample: impl FnOnce(&mut Random) -> u64) -> u64 {
        let position = self.recording.choices.len();
        if position >= self.max_choices {
            Stop::Overrun.raise();
        }
        let value = if let Some(&replayed) = self.prefix.get(position) {
            if replayed <= max { replayed } else { 0 }
        } else {
            match self.tail {
                Tail::Random => sample(&mut self.random).min(max),
                Tail::Simplest => 0,
                Tail::Overrun => Stop::Overrun.raise(),
            }
        };
        self.recording.choices.push(value);
        if self.detailed {
            self.recording.maxima.push(max);
        }
        value
    }

    /// Makes one choice in `0..=max` for ranges wider than 64 bits, as two
    /// recorded choices: the high word, then the low word.
    pub(crate) fn choose_wide(&mut self, max: u128, sample: impl FnOnce(&mut Random) -> u128) -> u128 {
        if max <= u128::from(u64::MAX) {
            return u128::from(self.choose(max as u64, |random| sample(random) as u64));
        }
        let high_max = (max >> 64) as u64;
        let mut sampled_low = None;
        let high = self.choose(high_max, |random| {
            let value = sample(random);
            sampled_low = Some(value as u64);
            (value >> 64) as u64
        });
        let low_max = if high == high_max { max as u64 } else { u64::MAX };
        let low = self.choose(low_max, |random| sampled_low.unwrap_or_else(|| random.up_to(low_max)));
        (u128::from(high) << 64) | u128::from(low)
    }

    /// A choice that is `true` with probability `p` during generation;
    /// `false` is the simpler value.
    #[inline]
    pub(crate) fn boolean(&mut self, p: f64) -> bool {
        self.choose(1, |random| u64::from(random.chance(p))) == 1
    }

    /// How large this example may be, from `0.0` (the simplest) to `1.0`.
    pub(crate) fn scale(&self) -> f64 {
        self.scale
    }

    /// [`scale`](ChoiceSource::scale) in 1/65536ths: [`SCALE_ONE`] is full size.
    pub(crate) fn scale_fixed(&self) -> u64 {
        self.scale_fixed
    }

    fn set_scale(&mut self, scale: f64) {
        self.scale = scale;
        self.scale_fixed = (scale * SCALE_ONE as f64) as u64;
    }

    #[inline]
    pub(crate) fn open_span(&mut self, label: &'static str) -> SpanId {
        if !self.detailed {
            return UNRECORDED;
        }
        self.recording.spans.open(label, self.recording.choices.len())
    }

    #[inline]
    pub(crate) fn close_span(&mut self) {
        if self.detailed {
            self.recording.spans.close(self.recording.choices.len());
        }
    }

    pub(crate) fn discard_span(&mut self, span: SpanId) {
        if span != UNRECORDED {
            self.recording.spans.discard(span);
        }
    }

    /// What the current test case has drawn so far.
    pub(crate) fn recording(&self) -> &Recording {
        &self.recording
    }
}
