//! The choice source: where every decision of a generator comes from.
//!
//! A generator never touches a random number generator. It asks the
//! [`ChoiceSource`] for a bounded integer choice, and the source either reads
//! the next value of a given sequence (a replay) or draws a fresh one (random
//! generation), recording it either way. Choice `0` is always the simplest
//! option, so a test case is fully described by its choice sequence and a
//! smaller sequence describes a simpler value.
//!
//! A replay can also *vary* one draw: the explain phase replays the minimal
//! counterexample with one argument's span drawn afresh at random and
//! everything around it replayed, to see whether that argument matters; the
//! shrinker replays a switched alternative with its new contents drawn as the
//! simplest ones. The source switches between replaying and drawing where the
//! span opens and closes, which it only watches in detailed mode, so plain
//! generation pays nothing for it.

use crate::engine::random::{Chance, Draws, Random};
use crate::engine::spans::{SpanId, Spans};
use crate::engine::unwind::Stop;
use crate::generate::Generator;

/// The most choices one test case may make. A case that needs more is
/// discarded as an overrun, so a runaway generator can neither hang nor
/// exhaust memory.
pub(crate) const MAX_CHOICES: usize = 8 * 1024;

/// How deep draws through [`deferred`](crate::generate::deferred)
/// generators and of derived types may nest, together, before the case
/// stops as an overrun. A recursive generator whose base case is too rare
/// can nest without bound, even without drawing a choice, and would
/// overflow the stack (which aborts the whole test binary) long before
/// reaching the choice limit; a hundred levels of several frames each fit
/// a test thread's stack.
pub(crate) const MAX_NESTING: u32 = 100;

/// How many bytes of stack the draws of one test case may take below where
/// the case began, before the case stops as an overrun, unless
/// `RUST_MIN_STACK` asks for test threads with more stack (see
/// [`stack_for_draws`]). A generator that recurses through plain function
/// calls (a helper that calls itself, or `generate::from_fn` over a function
/// that draws itself), whose simplest choices all say "go on", nests once
/// per choice up to the choice limit: thousands of frames, which overflow a
/// test thread's stack (2 MiB) and abort the whole test binary. Half of
/// that is room for the deepest values a generator is meant to make, and
/// leaves the rest for the frames above the case and for unwinding.
const STACK_FOR_DRAWS: usize = 1 << 20;

/// A draw this far or further past the limit is on another stack (one
/// that `stacker` or a coroutine switched to), whose depth says nothing of
/// this one's, and is not judged: a recursion crosses the limit by one
/// level's frames, never by half a megabyte. (A draw on another thread is
/// told apart exactly, by [`thread_marker`].)
const ANOTHER_STACK: usize = 512 << 10;

/// An address that tells the calling thread from every other: a
/// thread-local's. Cheaper to take than the thread's id.
#[inline(always)]
fn thread_marker() -> usize {
    thread_local! {
        static MARKER: u8 = const { 0 };
    }
    MARKER.with(|marker| std::ptr::from_ref(marker) as usize)
}

/// The stack a case's draws may take: [`STACK_FOR_DRAWS`], or half of the
/// stack `RUST_MIN_STACK` gives the threads the test harness spawns, if
/// that is more (whoever raises it for deep values gets the room).
fn stack_for_draws() -> usize {
    static STACK: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *STACK.get_or_init(|| {
        let asked = std::env::var("RUST_MIN_STACK").ok().and_then(|bytes| bytes.trim().parse::<usize>().ok());
        asked.map_or(STACK_FOR_DRAWS, |bytes| (bytes / 2).max(STACK_FOR_DRAWS))
    })
}

/// The address of a local of the calling frame: where the stack has grown
/// to, for [`ChoiceSource::is_too_deep`]. Creating the address needs no
/// unsafe code; it is only ever compared.
#[inline(always)]
fn stack_position() -> usize {
    let here = 0u8;
    std::ptr::from_ref(&here) as usize
}

/// The random state of a batch of draws (see
/// [`ChoiceSource::choose_many`]), held in a local, and put back where it
/// belongs when the batch ends, whether it finishes or unwinds.
struct Batch<'a> {
    random: Random,
    home: &'a mut Random,
}

impl Drop for Batch<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        self.home.clone_from(&self.random);
    }
}

/// The bytes a [`Tail::Bytes`] source reads its choices from, and how many
/// it has read: a `Cell`, so that reading a choice takes no `&mut`, and the
/// replay path inlined into every draw stays `&self` (see
/// [`ChoiceSource::tail_choice`]).
#[derive(Debug)]
struct ByteInput {
    bytes: Vec<u8>,
    read: std::cell::Cell<usize>,
}

/// What the source does once the prefix it replays has run out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tail {
    /// Draw fresh random choices (generation).
    Random,
    /// Answer every choice with `0` (the simplest test case).
    Simplest,
    /// Stop the test case (shrinking never invents new choices).
    Overrun,
    /// Read each choice from the source's bytes, then answer `0` once they
    /// run out (a fuzzer's input; see [`ChoiceSource::start_bytes`]).
    Bytes,
}

/// How far a varying replay (see [`ChoiceSource::start_varying`]) has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Varying {
    /// Not a varying replay, or one whose varied span has been drawn.
    No,
    /// Replaying, until the span with id `span` opens; its first `kept`
    /// choices are replayed too, and the rest is drawn from `tail`.
    Before { span: SpanId, kept: usize, tail: Tail },
    /// Drawing the varied span afresh; `depth` spans opened inside it are
    /// still open, so the close that ends it can be told apart from theirs.
    Inside { depth: u32 },
}

/// A replay that draws one span afresh ([`ChoiceSource::start_varying`]):
/// how the explain phase varies an argument, and how the shrinker switches
/// an alternative and redraws what depends on it.
#[derive(Clone, Debug)]
pub(crate) struct Variation {
    /// The span, by id, as recorded when the choices were replayed in
    /// detail.
    pub(crate) span: usize,
    /// How many choices the span replays before the rest of it is drawn
    /// from `fill`, the one that opens it included.
    pub(crate) kept: usize,
    /// Where in the replayed choices the span's old choices end: once the
    /// span closes, the replay goes on from there.
    pub(crate) resume_at: usize,
    /// How the rest of the span is drawn.
    pub(crate) fill: Fill,
    /// The most choices the whole replay may make; past them it overruns.
    /// The shrinker gives its best's length, since nothing longer can
    /// replace the best, so a span filled with zeros that never ends
    /// stops there.
    pub(crate) max_choices: usize,
}

/// Where a [`Variation`] draws its span's choices from.
#[derive(Clone, Debug)]
pub(crate) enum Fill {
    /// At random, from this stream, at this size (`0.0..=1.0`, as the
    /// examples of a run grow).
    Random { random: Random, scale: f64 },
    /// The simplest choices: every one 0. Such a replay is deterministic.
    Simplest,
}

impl Variation {
    /// Span `span`, whose choices end at `resume_at`, drawn afresh as
    /// `fill` says, up to the choice limit.
    pub(crate) fn whole(span: usize, resume_at: usize, fill: Fill) -> Variation {
        Variation { span, kept: 0, resume_at, fill, max_choices: MAX_CHOICES }
    }

    /// [`whole`](Variation::whole), drawn from `random` at full size.
    #[cfg(test)]
    pub(crate) fn random(span: usize, resume_at: usize, random: Random) -> Variation {
        Variation::whole(span, resume_at, Fill::Random { random, scale: 1.0 })
    }
}

/// How one choice is drawn in random generation, handed to
/// [`ChoiceSource::choose_by`]. Any closure over the random stream is one; a
/// generator whose draw is large implements it on a small struct with an
/// `#[inline(always)]` method, since the compiler does not always inline a
/// large closure, and a draw that is not inlined into a collection's loop
/// costs a call per element.
#[doc(hidden)]
pub trait Sample<W> {
    /// Draws the choice from `random`; the source clamps it to the maximum.
    fn sample(self, random: &mut Random) -> W;
}

impl<W, F: FnOnce(&mut Random) -> W> Sample<W> for F {
    #[inline(always)]
    fn sample(self, random: &mut Random) -> W {
        self(random)
    }
}

/// What one test case drew: its choices, the largest value each choice could
/// have taken, and the spans of its draws.
#[derive(Clone, Debug, Default)]
pub(crate) struct Recording {
    pub(crate) choices: Vec<u64>,
    /// One per choice, unless the case omitted them (see
    /// [`ChoiceSource::omit_maxima`]): then none.
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
/// User code meets it in [`generate::from_fn`](crate::generate::from_fn), to draw
/// values that depend on earlier ones, and in hand-written [`Generator`]
/// implementations. Draw from it only through [`ChoiceSource::draw`], so each
/// draw is recorded as a span the shrinker can work with.
///
/// ```
/// use quickcheck::generate;
///
/// // A vector together with an index that is valid for it.
/// let with_index = generate::from_fn(|source| {
///     let items = source.draw(&generate::vec(generate::integer::<u8>()).min_length(1));
///     let index = source.draw(&generate::between(0, items.len() - 1));
///     (items, index)
/// });
/// for (items, index) in quickcheck::Generator::sample(&with_index, 20, 1) {
///     assert!(index < items.len());
/// }
/// ```
// quickcheck 1.x's `Gen` is what a hand-written generator draws from there.
#[doc(alias = "Gen")]
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
    /// Whether to record spans as well as choices and maxima. Only the
    /// shrinker needs them, so generation leaves them out and a failing case
    /// is replayed in detail once it is found.
    detailed: bool,
    /// Where a varying replay is; [`Varying::No`] for every other case.
    varying: Varying,
    /// What a varying replay replays once its varied span has closed.
    resume: Vec<u64>,
    /// Whether the maxima of the choices are recorded; see
    /// [`omit_maxima`](ChoiceSource::omit_maxima).
    keeps_maxima: bool,
    /// The positions at which a choice is drawn at random: past the prefix,
    /// within the limit, with a random tail. Kept apart from the three so
    /// that a fresh draw, nearly every draw of generation, checks one range.
    fresh: FreshWindow,
    /// How many draws through `deferred` generators and of derived types
    /// are open.
    nesting: u32,
    /// The deepest the stack may reach in the case's draws: where it was
    /// when the case's first draw began, less [`stack_for_draws`] (0, no
    /// limit, before a case's draw has begun).
    stack_limit: usize,
    /// The [`thread_marker`] of the thread the case's draw began on: a draw
    /// on another thread is on another stack.
    thread: usize,
    /// [`stack_for_draws`], read once.
    stack_for_draws: usize,
    /// The names of the derived types whose draws are open, innermost
    /// last (see [`enter_derived`](ChoiceSource::enter_derived)).
    derived: Vec<&'static str>,
    /// What the command sequences drawn from this source met, over every
    /// case it served.
    commands: CommandTally,
    /// The `Debug` forms of the commands drawn, a list per command sequence
    /// in the order the sequences were drawn, while the explain phase keeps
    /// them (see [`keep_command_forms`](ChoiceSource::keep_command_forms)).
    command_forms: Option<Vec<Vec<String>>>,
    /// What a [`Tail::Bytes`] source reads its choices from. Boxed: every
    /// other source carries only its pointer, which keeps the fields that
    /// every draw reads as close together as before.
    bytes: Option<Box<ByteInput>>,
}

/// Whether the command sequences drawn from one source ever held a command,
/// and whether preconditions ever discarded one: a check that saw the
/// second and never the first tested only empty sequences, and must not
/// pass on them. Kept over every case the source serves, as the runner
/// keeps one source for a whole check.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CommandTally {
    /// A sequence held a command whose precondition held.
    pub(crate) accepted: bool,
    /// A sequence was discarded because preconditions rejected a command.
    pub(crate) rejected: bool,
    /// A sequence was drawn to its end.
    pub(crate) generated: bool,
    /// A sequence could have held a command: its commands' generator
    /// offered one in the initial state, and its length may be above 0.
    pub(crate) offered: bool,
}

impl CommandTally {
    /// Whether preconditions rejected every command drawn, and so no
    /// command ever ran.
    pub(crate) fn rejected_every_command(self) -> bool {
        self.rejected && !self.accepted
    }

    /// Whether sequences were drawn that could never hold a command: the
    /// commands' generator offered none in the initial state, or the
    /// sequences' length is 0. (An empty sequence by itself says nothing:
    /// the first example of every check is one.)
    pub(crate) fn offered_no_command(self) -> bool {
        self.generated && !self.offered
    }
}

/// The choice positions `start..start + count` that are drawn at random.
#[derive(Clone, Copy, Debug)]
struct FreshWindow {
    start: usize,
    count: usize,
}

impl FreshWindow {
    const EMPTY: FreshWindow = FreshWindow { start: 0, count: 0 };
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
            varying: Varying::No,
            resume: Vec::new(),
            keeps_maxima: true,
            fresh: FreshWindow::EMPTY,
            nesting: 0,
            stack_limit: 0,
            thread: 0,
            stack_for_draws: stack_for_draws(),
            derived: Vec::new(),
            commands: CommandTally::default(),
            command_forms: None,
            bytes: None,
        }
    }

    /// Draws one value from `generator`, recording its choices as a span.
    #[inline(always)]
    pub fn draw<G: Generator + ?Sized>(&mut self, generator: &G) -> G::Value {
        // Every generator that recurses through code of its own draws
        // through here at each level, so this is where the depth is
        // measured: one comparison, where one per choice would be paid by
        // every element of every list.
        if self.is_too_deep() {
            Stop::Overrun.raise();
        }
        self.open_span(generator.label());
        let value = generator.generate(self);
        self.close_span();
        value
    }

    /// Draws the value of a whole test case from `generator`: a
    /// [`draw`](ChoiceSource::draw) that notes where the stack begins,
    /// which the draws inside it may grow at most [`stack_for_draws`]
    /// below.
    pub(crate) fn draw_example<G: Generator + ?Sized>(&mut self, generator: &G) -> G::Value {
        self.stack_limit = stack_position().saturating_sub(self.stack_for_draws);
        self.thread = thread_marker();
        self.draw(generator)
    }

    /// Draws one value from `generator` at half the current size: how a
    /// derived recursive type draws the parts that contain itself, so that
    /// each level down makes shorter collections and the value as a whole
    /// stays finite however many parts a level has. The size only shapes
    /// random draws, so a replay reads the same choices the same way.
    pub(crate) fn draw_smaller<G: Generator + ?Sized>(&mut self, generator: &G) -> G::Value {
        let scale = self.scale;
        self.set_scale(scale / 2.0);
        let value = self.draw(generator);
        // Not restored when the draw unwinds: that ends the test case, and
        // the next one sets its own size.
        self.set_scale(scale);
        value
    }

    /// Runs `draw` one level of recursion deeper, stopping the case as an
    /// overrun past [`MAX_NESTING`] levels.
    pub(crate) fn nested<T>(&mut self, draw: impl FnOnce(&mut ChoiceSource) -> T) -> T {
        if self.nesting >= MAX_NESTING {
            Stop::Overrun.raise();
        }
        self.nesting += 1;
        let value = draw(self);
        // Not restored when the draw unwinds: that ends the test case, and
        // the next one starts from 0.
        self.nesting -= 1;
        value
    }

    /// Opens the draw of a value of the derived type named `type_name` (by
    /// [`std::any::type_name`], which tells apart a generic type's
    /// instantiations, as it does nearly any two types), one level deeper
    /// (stopping the case as an overrun past
    /// [`MAX_NESTING`] levels, as [`nested`](ChoiceSource::nested) does), and
    /// returns how many draws of the same type are open around it: more
    /// than none means the type contains itself, directly or through other
    /// types. Close it with [`leave_derived`](ChoiceSource::leave_derived).
    pub(crate) fn enter_derived(&mut self, type_name: &'static str) -> u32 {
        if self.nesting >= MAX_NESTING {
            Stop::Overrun.raise();
        }
        self.nesting += 1;
        // At most MAX_NESTING entries: a handful for most types, one per
        // element for a derived linked list (a chain of at most 64).
        let open = self.derived.iter().filter(|&&open| open == type_name).count() as u32;
        self.derived.push(type_name);
        open
    }

    /// Closes the innermost draw opened by
    /// [`enter_derived`](ChoiceSource::enter_derived). Not called when the
    /// draw unwinds: that ends the test case, and the next one starts with
    /// none open.
    pub(crate) fn leave_derived(&mut self) {
        self.nesting -= 1;
        self.derived.pop();
    }

    /// Sets the random stream that random test cases draw from.
    pub(crate) fn reseed(&mut self, random: Random) {
        self.random = random;
    }

    /// Prepares a random test case, drawn from the source's stream where the
    /// last random case left it: one stream per run, seeded once, rather
    /// than a generator seeded per example. `scale` in `0.0..=1.0` limits
    /// how large the early examples of a run are.
    pub(crate) fn start_random(&mut self, scale: f64) {
        self.reset(Tail::Random, MAX_CHOICES);
        self.detailed = false;
        self.set_scale(scale);
    }

    /// Records spans for the case just prepared with
    /// [`start_random`](ChoiceSource::start_random), so that the next cases
    /// can be mutations of it.
    pub(crate) fn record_spans(&mut self) {
        self.detailed = true;
    }

    /// Leaves the maxima out of the recording of the case just prepared.
    /// Of a generated case only the generation tree reads them, and once the
    /// tree has stepped aside nothing does (a new best example of a target
    /// is replayed for them), so a long run's cases skip writing one word
    /// per choice: 5% of the instructions of a list of 50 integers.
    pub(crate) fn omit_maxima(&mut self) {
        self.keeps_maxima = false;
    }

    /// Prepares a random test case that starts with the choices of `prefix`
    /// and draws the rest from the stream, at size `scale`: how the
    /// generation tree steers a case into unexplored space and how mutations
    /// and targeting vary earlier cases.
    pub(crate) fn start_extending(&mut self, prefix: &[u64], scale: f64) {
        self.start_random(scale);
        self.prefix.extend_from_slice(prefix);
        self.refresh_window();
    }

    /// Prepares the simplest test case: every choice is `0`.
    pub(crate) fn start_simplest(&mut self) {
        self.reset(Tail::Simplest, MAX_CHOICES);
        self.detailed = false;
        self.set_scale(0.0);
    }

    /// Prepares a test case whose choices are read from `bytes` (see
    /// [`Generator::draw_from_bytes`](crate::Generator::draw_from_bytes)):
    /// each takes as many bytes as its largest value needs, little-endian,
    /// wrapped into its range; once they run out, every choice is `0`. All
    /// zero bytes, or none, make the simplest value. (The bytes stay until
    /// the next call; no other tail reads them.)
    pub(crate) fn start_bytes(&mut self, bytes: &[u8]) {
        self.reset(Tail::Bytes, MAX_CHOICES);
        self.detailed = false;
        self.set_scale(1.0);
        self.bytes = Some(Box::new(ByteInput { bytes: bytes.to_vec(), read: std::cell::Cell::new(0) }));
    }

    /// The next choice in `0..=max` read from the bytes (see
    /// [`start_bytes`](ChoiceSource::start_bytes)).
    fn choice_from_bytes(&self, max: u64) -> u64 {
        let input = self.bytes.as_ref().expect("a byte source was started with its bytes");
        let width = max.checked_ilog2().map_or(0, |bits| bits as usize / 8 + 1);
        let read = input.read.get();
        let available = &input.bytes[read.min(input.bytes.len())..];
        let taken = &available[..width.min(available.len())];
        input.read.set(read + width);
        let mut word = [0u8; 8];
        word[..taken.len()].copy_from_slice(taken);
        let raw = u64::from_le_bytes(word);
        // Wrapped, so that every value of the range has bytes that make it.
        max.checked_add(1).map_or(raw, |count| raw % count)
    }

    /// Prepares an exact replay of `prefix`, recorded in detail: drawing past
    /// its end stops the case as an overrun, so replays are deterministic.
    pub(crate) fn start_replay(&mut self, prefix: &[u64]) {
        self.reset(Tail::Overrun, prefix.len());
        self.detailed = true;
        self.prefix.extend_from_slice(prefix);
        self.refresh_window();
        self.set_scale(1.0);
    }

    /// Prepares a detailed replay of `choices` in which one span is drawn
    /// afresh, as `variation` says, and everything after it is replayed from
    /// `variation.resume_at`; drawing past the end, or past
    /// `variation.max_choices`, is an overrun.
    ///
    /// Generators are deterministic and the choices before the span are
    /// replayed unchanged, so the span opened with the same pre-order id is
    /// the same draw, the same argument, as before. The varied span may make
    /// more or fewer choices than it did, which is why the rest is replayed
    /// from where the old span ended rather than from where the new one
    /// does.
    /// If the span never opens, the case is an exact replay of `choices`.
    pub(crate) fn start_varying(&mut self, choices: &[u64], variation: Variation) {
        let Variation { span, kept, resume_at, fill, max_choices } = variation;
        self.start_replay(choices);
        // The varied draw may be longer than the original one.
        self.max_choices = max_choices.min(MAX_CHOICES);
        self.refresh_window();
        let tail = match fill {
            Fill::Random { random, scale } => {
                self.random = random;
                // Only the fill draws at random: the replayed choices read
                // the same at any size.
                self.set_scale(scale);
                Tail::Random
            }
            Fill::Simplest => Tail::Simplest,
        };
        self.resume.extend_from_slice(&choices[resume_at.min(choices.len())..]);
        // An id beyond the table's range is one that never opens.
        self.varying = SpanId::try_from(span).map_or(Varying::No, |span| Varying::Before { span, kept, tail });
    }

    fn reset(&mut self, tail: Tail, max_choices: usize) {
        self.prefix.clear();
        self.tail = tail;
        self.max_choices = max_choices;
        self.recording.clear();
        self.varying = Varying::No;
        self.resume.clear();
        self.keeps_maxima = true;
        self.nesting = 0;
        self.stack_limit = 0;
        self.derived.clear();
        self.refresh_window();
    }

    /// Makes one choice in `0..=max`. `sample` draws it during random
    /// generation; a replayed value above `max` (the sequence was edited and no
    /// longer lines up with the generators) is replaced by the simplest, `0`.
    #[inline]
    pub(crate) fn choose(&mut self, max: u64, sample: impl FnOnce(&mut Random) -> u64) -> u64 {
        self.choose_by(max, sample)
    }

    /// [`choose`](ChoiceSource::choose) with any [`Sample`], always inlined:
    /// it is the body of every integer draw.
    #[inline(always)]
    pub(crate) fn choose_by(&mut self, max: u64, sample: impl Sample<u64>) -> u64 {
        let position = self.recording.choices.len();
        // One comparison for the common case: a fresh random draw inside
        // the choice limit. Everything else is a replay or a tail's answer.
        let value = if position.wrapping_sub(self.fresh.start) < self.fresh.count {
            sample.sample(&mut self.random).min(max)
        } else {
            self.replayed_choice(position, max)
        };
        self.recording.choices.push(value);
        if self.keeps_maxima {
            self.recording.maxima.push(max);
        }
        value
    }

    /// Makes `count` choices in `0..=max` in a row, as that many calls of
    /// [`choose_by`](ChoiceSource::choose_by) would, handing each to `each`
    /// as it is made: those the prefix holds (a mutation's, a steered
    /// example's) copied from it in one pass, and then, when all the rest
    /// are fresh random draws, those drawn with the random state in a
    /// local rather than read from memory at every choice. Before each call
    /// of `each`, which runs the user's code (a `map`), the recording is
    /// that of one call at a time, and the random state is put back if it
    /// unwinds (a panic, an `assume`), so the source is left as one call at
    /// a time would leave it.
    #[inline(always)]
    pub(crate) fn choose_many<S: Sample<u64> + Copy>(
        &mut self,
        max: u64,
        count: usize,
        sample: S,
        mut each: impl FnMut(u64),
    ) {
        let position = self.recording.choices.len();
        // A position the prefix holds is never in the fresh window, which
        // starts where the prefix ends.
        let replayed = self.prefix.len().min(self.max_choices).saturating_sub(position).min(count);
        let from = position.min(self.prefix.len());
        for &choice in &self.prefix[from..from + replayed] {
            let value = if choice <= max { choice } else { 0 };
            self.recording.choices.push(value);
            if self.keeps_maxima {
                self.recording.maxima.push(max);
            }
            each(value);
        }
        let count = count - replayed;
        let offset = self.recording.choices.len().wrapping_sub(self.fresh.start);
        if offset >= self.fresh.count || self.fresh.count - offset < count {
            for _ in 0..count {
                each(self.choose_by(max, sample));
            }
            return;
        }
        // Reserved only now that all of them fit the window: a count past
        // the choice limit (from a generator's own call) overruns above,
        // as one call at a time does, rather than reserve what it asks.
        self.recording.choices.reserve(count);
        let mut batch = Batch { random: self.random.clone(), home: &mut self.random };
        for _ in 0..count {
            let value = sample.sample(&mut batch.random).min(max);
            self.recording.choices.push(value);
            if self.keeps_maxima {
                self.recording.maxima.push(max);
            }
            each(value);
        }
    }

    /// A choice outside the fresh window: the prefix's value at `position`,
    /// the simplest tail's `0`, or an overrun.
    #[inline(always)]
    fn replayed_choice(&self, position: usize, max: u64) -> u64 {
        if position >= self.max_choices {
            Stop::Overrun.raise();
        }
        match self.prefix.get(position) {
            Some(&replayed) if replayed <= max => replayed,
            Some(_) => 0,
            None => self.tail_choice(max),
        }
    }

    /// A choice past the prefix and outside the fresh window, as the tail
    /// answers it. Out of line: inlined into every draw, the call to read
    /// a byte cost a list of 50 integers 2% more instructions.
    #[cold]
    #[inline(never)]
    fn tail_choice(&self, max: u64) -> u64 {
        match self.tail {
            Tail::Simplest => 0,
            // A random tail draws inside the fresh window; past it is
            // past the choice limit.
            Tail::Random | Tail::Overrun => Stop::Overrun.raise(),
            Tail::Bytes => self.choice_from_bytes(max),
        }
    }

    /// Works out the fresh window from the tail, the prefix and the limit:
    /// called whenever one of them changes.
    fn refresh_window(&mut self) {
        self.fresh = match self.tail {
            Tail::Random => {
                let start = self.prefix.len();
                FreshWindow { start, count: self.max_choices.saturating_sub(start) }
            }
            Tail::Simplest | Tail::Overrun | Tail::Bytes => FreshWindow::EMPTY,
        };
    }

    /// Whether the draws of this case have taken more stack than
    /// [`stack_for_draws`] allows, on the stack the case began on. (A stack
    /// that grows upwards, which no common target has, is never found too
    /// deep.)
    #[inline(always)]
    fn is_too_deep(&self) -> bool {
        let here = stack_position();
        here < self.stack_limit && self.stack_limit - here < ANOTHER_STACK && thread_marker() == self.thread
    }

    /// Closes the spans a draw left open when its generator panicked, so
    /// that a detailed recording of a generator's panic can be shrunk.
    pub(crate) fn close_open_spans(&mut self) {
        let at = self.recording.choices.len();
        self.recording.spans.close_all(at);
    }

    /// Chooses which of `last + 1` alternatives the rest of the current draw
    /// makes (a `one_of` branch, an enum variant), as
    /// [`choose`](ChoiceSource::choose) does. When it is the draw's first
    /// choice, its span is marked for it, so the shrinker can switch to an
    /// earlier alternative and redraw what follows (see
    /// [`Variation`]).
    #[inline]
    pub(crate) fn choose_alternative(&mut self, last: u64, sample: impl FnOnce(&mut Random) -> u64) -> u64 {
        if self.detailed {
            self.recording.spans.mark_alternative_first(self.recording.choices.len());
        }
        self.choose(last, sample)
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

    /// A choice that is `true` with the given chance during generation;
    /// `false` is the simpler value.
    #[inline]
    pub(crate) fn boolean(&mut self, chance: Chance) -> bool {
        self.choose(1, |random| u64::from(random.chance(chance))) == 1
    }

    /// How large this example may be, from `0.0` (the simplest) to `1.0`.
    pub(crate) fn scale(&self) -> f64 {
        self.scale
    }

    /// [`scale`](ChoiceSource::scale) in 1/65536ths: [`SCALE_ONE`] is full size.
    pub(crate) fn scale_fixed(&self) -> u64 {
        self.scale_fixed
    }

    #[inline]
    fn set_scale(&mut self, scale: f64) {
        // Nearly every case of a run has the size of the case before: it
        // skips the conversion, which costs a small property noticeably.
        if scale != self.scale {
            self.scale = scale;
            self.scale_fixed = (scale * SCALE_ONE as f64) as u64;
        }
    }

    /// Whether this case records spans (the shrinker's replays and the
    /// cases mutations start from do; plain generation does not). While it
    /// does not, [`draw`](ChoiceSource::draw) is exactly the generator's
    /// `generate`, which a loop may call directly.
    #[inline]
    pub(crate) fn records_spans(&self) -> bool {
        self.detailed
    }

    /// Opens a span at the current choice, nested in the innermost open one.
    /// Returns its id, or a placeholder when spans are not recorded.
    #[inline]
    pub(crate) fn open_span(&mut self, label: &'static str) -> SpanId {
        if self.detailed { self.open_recorded_span(label) } else { UNRECORDED }
    }

    /// Closes the innermost open span at the current choice.
    #[inline]
    pub(crate) fn close_span(&mut self) {
        if self.detailed {
            self.close_recorded_span();
        }
    }

    // Separate from the flag check, so that a caller may inline the check
    // alone: generation records no spans.
    #[inline]
    fn open_recorded_span(&mut self, label: &'static str) -> SpanId {
        let id = self.recording.spans.open(label, self.recording.choices.len());
        if self.varying != Varying::No {
            self.vary_on_open(id);
        }
        id
    }

    #[inline]
    fn close_recorded_span(&mut self) {
        self.recording.spans.close(self.recording.choices.len());
        if self.varying != Varying::No {
            self.vary_on_close();
        }
    }

    /// Switches a varying replay to its fill when its varied span opens,
    /// once the span's kept choices are replayed.
    #[cold]
    fn vary_on_open(&mut self, id: SpanId) {
        match self.varying {
            Varying::Before { span, kept, tail } if span == id => {
                // Nothing of the prefix beyond the kept choices is the
                // varied span's to replay: the rest comes from the fill
                // (random draws at full size, or zeros).
                self.prefix.truncate(self.recording.choices.len() + kept);
                self.tail = tail;
                self.refresh_window();
                self.varying = Varying::Inside { depth: 0 };
            }
            Varying::Inside { depth } => self.varying = Varying::Inside { depth: depth + 1 },
            Varying::Before { .. } | Varying::No => {}
        }
    }

    /// Switches a varying replay back to replaying when its varied span
    /// closes: what was drawn so far, then the choices that followed the
    /// original span, and an overrun after them.
    #[cold]
    fn vary_on_close(&mut self) {
        match self.varying {
            Varying::Inside { depth: 0 } => {
                self.prefix.clear();
                self.prefix.extend_from_slice(&self.recording.choices);
                self.prefix.append(&mut self.resume);
                self.tail = Tail::Overrun;
                self.refresh_window();
                self.varying = Varying::No;
            }
            Varying::Inside { depth } => self.varying = Varying::Inside { depth: depth - 1 },
            Varying::Before { .. } | Varying::No => {}
        }
    }

    /// Marks element span `span` as starting with its collection's "go on
    /// or stop" choice, which the shrinker then knows for a flag.
    pub(crate) fn mark_goes_on_first(&mut self, span: SpanId) {
        if span != UNRECORDED {
            self.recording.spans.mark_goes_on_first(span);
        }
    }

    /// Marks span `span` as a rejected attempt, so the shrinker can drop it.
    pub(crate) fn discard_span(&mut self, span: SpanId) {
        if span != UNRECORDED {
            self.recording.spans.discard(span);
        }
    }

    /// What the current test case has drawn so far.
    pub(crate) fn recording(&self) -> &Recording {
        &self.recording
    }

    /// Trades the recording of the case just run for `other`, whose
    /// buffers the next case reuses: a caller that keeps a case for later
    /// takes it without copying.
    pub(crate) fn swap_recording(&mut self, other: &mut Recording) {
        std::mem::swap(&mut self.recording, other);
    }

    /// What the command sequences drawn from this source met so far.
    pub(crate) fn command_tally(&mut self) -> &mut CommandTally {
        &mut self.commands
    }

    /// Keeps the `Debug` form of each command that the command sequences
    /// drawn from now on hold, until
    /// [`take_command_forms`](ChoiceSource::take_command_forms): how the
    /// explain phase sees which field of a command an argument's draw sets.
    pub(crate) fn keep_command_forms(&mut self) {
        self.command_forms = Some(Vec::new());
    }

    /// The forms kept since [`keep_command_forms`](ChoiceSource::keep_command_forms),
    /// a list per sequence in the order drawn; keeps no more.
    pub(crate) fn take_command_forms(&mut self) -> Vec<Vec<String>> {
        self.command_forms.take().unwrap_or_default()
    }

    /// Where a command sequence being drawn puts its commands' forms, when
    /// they are kept.
    pub(crate) fn command_forms(&mut self) -> Option<&mut Vec<Vec<String>>> {
        self.command_forms.as_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::for_example;
    use crate::engine::unwind::{Caught, catch};
    use crate::generate::{self, Generator};

    /// A list of bytes and a byte: `([5, 7], 3)` is the choices
    /// `[1, 5, 1, 7, 0, 3]` ("go on", element, "go on", element, "stop", byte).
    fn pair() -> impl Generator<Value = (Vec<u8>, u8)> {
        (generate::vec(generate::integer::<u8>()), generate::integer::<u8>())
    }

    const CHOICES: [u64; 6] = [1, 5, 1, 7, 0, 3];

    /// Replays `CHOICES` in detail and returns the recording the explain
    /// phase would start from.
    fn recorded_pair(source: &mut ChoiceSource) -> Recording {
        source.start_replay(&CHOICES);
        assert_eq!(source.draw(&pair()), (vec![5, 7], 3));
        source.recording().clone()
    }

    /// Draws the pair with span `span` varied by the stream `seed`.
    fn varied(
        source: &mut ChoiceSource,
        recording: &Recording,
        span: usize,
        seed: u64,
    ) -> Result<(Vec<u8>, u8), Caught> {
        source.start_varying(
            &recording.choices,
            Variation::random(span, recording.spans.range(span).end, for_example(seed, 0)),
        );
        catch(|| source.draw(&pair()))
    }

    #[test]
    fn a_varied_first_argument_changes_and_the_second_is_kept() {
        let mut source = ChoiceSource::new();
        let recording = recorded_pair(&mut source);
        let arguments: Vec<usize> = recording.spans.children(0).collect();
        assert_eq!(recording.spans.range(arguments[0]), 0..5);
        let mut lists = Vec::new();
        for seed in 0..50 {
            let (list, byte) = varied(&mut source, &recording, arguments[0], seed).expect("no overrun");
            assert_eq!(byte, 3, "seed {seed}");
            // The rest of the case is replayed right after the new list.
            assert_eq!(source.recording().choices.last(), Some(&3));
            // Spans are still recorded, with the list where it was drawn.
            assert_eq!(source.recording().spans.range(arguments[0]).start, 0);
            lists.push(list);
        }
        assert!(lists.iter().any(|list| list != &[5, 7]), "{lists:?}");
        assert!(lists.iter().any(|list| list.len() != 2), "{lists:?}");
        assert!(lists.iter().any(|list| list.len() > 2), "{lists:?}");
    }

    #[test]
    fn a_varied_second_argument_changes_and_the_first_is_kept() {
        let mut source = ChoiceSource::new();
        let recording = recorded_pair(&mut source);
        let second = recording.spans.children(0).nth(1).expect("two arguments");
        assert_eq!(recording.spans.range(second), 5..6);
        let mut bytes = Vec::new();
        for seed in 0..50 {
            let (list, byte) = varied(&mut source, &recording, second, seed).expect("no overrun");
            assert_eq!(list, vec![5, 7], "seed {seed}");
            bytes.push(byte);
        }
        assert!(bytes.iter().any(|&byte| byte != 3), "{bytes:?}");
    }

    #[test]
    fn a_simplest_variation_keeps_its_first_choices_then_answers_zero() {
        let mut source = ChoiceSource::new();
        let recording = recorded_pair(&mut source);
        let list = recording.spans.children(0).next().expect("two arguments");
        // Keep "go on" and 5; the list's next "go on" is then the simplest
        // answer, "stop", and the byte is replayed from after the old list.
        let variation = Variation { span: list, kept: 2, resume_at: 5, fill: Fill::Simplest, max_choices: MAX_CHOICES };
        source.start_varying(&CHOICES, variation);
        assert_eq!(catch(|| source.draw(&pair())).expect("no overrun"), (vec![5], 3));
        assert_eq!(source.recording().choices, [1, 5, 0, 3]);
    }

    #[test]
    fn the_same_stream_varies_the_same_way() {
        let mut source = ChoiceSource::new();
        let recording = recorded_pair(&mut source);
        let first = varied(&mut source, &recording, 1, 9).expect("no overrun");
        let choices = source.recording().choices.clone();
        assert_eq!(varied(&mut source, &recording, 1, 9).expect("no overrun"), first);
        assert_eq!(source.recording().choices, choices);
    }

    #[test]
    fn drawing_past_the_replayed_rest_is_an_overrun() {
        let mut source = ChoiceSource::new();
        let recording = recorded_pair(&mut source);
        // The list is varied, but the byte after it is missing.
        let short = &recording.choices[..5];
        source.start_varying(short, Variation::random(1, 5, for_example(1, 0)));
        assert_eq!(catch(|| source.draw(&pair())).err(), Some(Caught::Stop(Stop::Overrun)));
    }

    #[test]
    fn an_extended_case_replays_its_prefix_then_draws_until_the_limit() {
        let byte = generate::integer::<u8>();
        let mut source = ChoiceSource::new();
        source.reseed(for_example(3, 0));
        // A replayed choice above the draw's maximum becomes the simplest.
        source.start_extending(&[7, 300], 1.0);
        assert_eq!(source.draw(&byte), 7);
        assert_eq!(source.draw(&byte), 0);
        let drawn: Vec<u8> = (0..20).map(|_| source.draw(&byte)).collect();
        assert!(drawn.iter().any(|&value| value != 0), "past the prefix the draws are random: {drawn:?}");
        assert_eq!(source.recording().choices.len(), 22);

        let endless = generate::from_fn(|source| {
            loop {
                source.draw(&generate::integer::<u8>());
            }
        });
        source.start_extending(&[1, 2, 3], 1.0);
        assert_eq!(catch(|| source.draw(&endless)).err(), Some(Caught::Stop(Stop::Overrun)));
        assert_eq!(source.recording().choices.len(), MAX_CHOICES);
        assert_eq!(source.recording().choices[..3], [1, 2, 3]);
    }

    #[test]
    fn the_simplest_tail_answers_zero_and_a_replay_ends_with_its_prefix() {
        let mut source = ChoiceSource::new();
        source.start_simplest();
        assert_eq!(source.draw(&generate::vec(generate::integer::<u8>())), Vec::<u8>::new());
        source.start_replay(&[1, 9, 0]);
        assert_eq!(source.draw(&generate::vec(generate::integer::<u8>())), vec![9]);
        source.start_replay(&[1, 9]);
        assert_eq!(
            catch(|| source.draw(&generate::vec(generate::integer::<u8>()))).err(),
            Some(Caught::Stop(Stop::Overrun))
        );
    }

    #[test]
    fn a_span_that_never_opens_gives_an_exact_replay() {
        let mut source = ChoiceSource::new();
        let recording = recorded_pair(&mut source);
        source.start_varying(&recording.choices, Variation::random(recording.spans.len() + 3, 6, for_example(1, 0)));
        assert_eq!(catch(|| source.draw(&pair())).ok(), Some((vec![5, 7], 3)));
        assert_eq!(source.recording().choices, CHOICES);
    }

    #[test]
    fn a_later_replay_is_not_varied() {
        let mut source = ChoiceSource::new();
        let recording = recorded_pair(&mut source);
        source.start_varying(&recording.choices, Variation::random(1, 5, for_example(1, 0)));
        source.start_replay(&CHOICES);
        assert_eq!(source.draw(&pair()), (vec![5, 7], 3));
        assert_eq!(source.recording().choices, CHOICES);
    }

    /// `choose_many` against `count` calls of `choose_by`, over random
    /// set-ups: every way a source starts (simplest, random, extending a
    /// prefix whose choices may pass the maximum, an exact replay, a varied
    /// span with a small choice limit), maxima kept or not, choices made
    /// before the batch, and an element that unwinds part-way. After each,
    /// the recording, how the draws ended and the random state (the next
    /// random word) must be the same.
    #[test]
    fn a_batch_of_choices_is_one_call_at_a_time() {
        let mut setups = for_example(11, 0);
        let (mut batched, mut single) = (ChoiceSource::new(), ChoiceSource::new());
        for case in 0..20_000 {
            let start = setups.up_to(4);
            let prefix: Vec<u64> = (0..setups.up_to(40)).map(|_| setups.up_to(12)).collect();
            let limit = setups.up_to(80) as usize;
            let keeps_maxima = setups.chance(Chance::new(0.5));
            let before = setups.up_to(30) as usize;
            let count = setups.up_to(40) as usize;
            let max = setups.up_to(10);
            let unwinds_at = setups.up_to(60) as usize;
            let seed = setups.up_to(u64::MAX);
            for source in [&mut batched, &mut single] {
                source.reseed(for_example(seed, 0));
                match start {
                    0 => source.start_simplest(),
                    1 => source.start_random(1.0),
                    2 => source.start_extending(&prefix, 1.0),
                    3 => source.start_replay(&prefix),
                    _ => {
                        let fill = Fill::Random { random: for_example(seed, 1), scale: 1.0 };
                        let variation = Variation { span: 0, kept: 0, resume_at: 0, fill, max_choices: limit };
                        source.start_varying(&prefix, variation);
                    }
                }
                if !keeps_maxima {
                    source.omit_maxima();
                }
            }
            let sample = |random: &mut Random| random.up_to(12);
            let draw = |source: &mut ChoiceSource, batch: bool| {
                let ended = catch(|| {
                    // The varied span, in a varied replay: its fill is random,
                    // up to the limit.
                    source.open_span("batch");
                    for _ in 0..before {
                        source.choose_by(20, sample);
                    }
                    let mut seen = 0;
                    let mut each = |value: u64| {
                        assert!(value <= max);
                        seen += 1;
                        if seen == unwinds_at {
                            Stop::Overrun.raise();
                        }
                    };
                    if batch {
                        source.choose_many(max, count, sample, &mut each);
                    } else {
                        for _ in 0..count {
                            each(source.choose_by(max, sample));
                        }
                    }
                });
                (
                    ended,
                    source.recording().choices.clone(),
                    source.recording().maxima.clone(),
                    source.random.up_to(u64::MAX),
                )
            };
            assert_eq!(draw(&mut batched, true), draw(&mut single, false), "case {case}");
        }
    }
}
