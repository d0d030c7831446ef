//! The generate phase: random examples, growing from the simplest, steered
//! away from every sequence run before, some of them mutations of an
//! earlier one; until enough pass, one fails (and a few more look for failures
//! of other origins), too many are discarded, or the space runs out.

use std::ops::Range;
use std::time::{Duration, Instant};

use crate::engine::random::{Draws, Random};
use crate::engine::unwind::Stop;
use crate::generate::Generator;
use crate::property::health::{Health, Watched};
use crate::stats::{self, Confidence, Decision, Statistics};

use super::case::{Drawn, Novelty};
use super::{Body, Case, CoverageEnd, End, Found, FoundBy, GeneratorPanic, Runner, SHRINK_TIME_SHARE, Summary, offer};

/// Examples up to this index grow from the simplest to full size.
const RAMP: u64 = 10;

/// After the ramp, every this many examples one records its spans, and the
/// next [`MUTANTS`] are mutations of it (recording spans more often costs
/// throughput, as generation otherwise records none).
const MUTATE_EVERY: u64 = 8;

/// How many mutations are made of each example that records its spans.
const MUTANTS: u64 = 3;

/// How many spans a mutation tries to copy before giving up.
const MUTATION_TRIES: u32 = 8;

/// The most spans one mutation copies its span over: a value that must be
/// present three times (an argument deleted once from a list that still
/// holds it) takes two copies.
const MUTATION_COPIES: usize = 3;

/// How many times a duplicate in a space too wide to exhaust is drawn
/// afresh before the tree steers it. A fresh draw there is all but
/// certainly new, and far cheaper than steering, which builds the paths the
/// tree has only logged (see the tree's `deferred` module); a few tries
/// bound what a wide space whose draws still repeat costs.
const FRESH_REDRAWS: u32 = 8;

/// How many examples past the first failure generation may run to look for
/// failures of other origins. It also stops once it has run as many
/// examples since the latest news (a new origin, or a smaller failure of a
/// known one) as before it: failures that took n examples to find are
/// unlikely to be joined by another in the next n.
const LOOK_FOR_OTHERS: u64 = 1000;

/// How many examples a run that has failed makes at least, to look for
/// failures of other origins, however soon the first failure came; and
/// how many past it the time share cannot cut short.
const LOOK_FOR_OTHERS_AT_LEAST: u64 = 10;

/// The most examples a coverage check runs before it gives up deciding.
const MAX_COVERAGE_EXAMPLES: u64 = 100 << 17;

impl<G: Generator, B: Body<G::Value>> Runner<'_, G, B> {
    /// The generate phase: examples until `runs` pass (and `run_for` has
    /// passed, if set), one fails, too many
    /// are discarded, the space is exhausted, or the run is cancelled. After
    /// a first failure it goes on to look for failures of other origins, as
    /// [`LOOK_FOR_OTHERS`] and [`SHRINK_TIME_SHARE`] bound it: a slow body
    /// that fails nearly every time would otherwise spend all of
    /// [`LOOK_FOR_OTHERS`] examples before shrinking began.
    pub(super) async fn generate(&mut self, summary: &mut Summary, found: &mut Vec<Found>) {
        let mut health = Health::new(self.settings.suppressed.clone(), self.settings.deadline);
        // Calls are counted from here: the reuse phase's replays are no part
        // of how long generation took to find something.
        let calls_before = self.body_calls;
        let mut first_failure_call = 0;
        let mut latest_news_call = 0;
        let mut first_failure_at = None;
        let mut overruns = 0;
        self.generating_since = self.settings.run_for.map(|_| Instant::now());
        for index in 0.. {
            let calls = self.body_calls - calls_before;
            if self.cancelled() {
                summary.end = End::CANCELLED;
                break;
            }
            if found.is_empty() {
                if self.settings.confidence.is_none() && self.enough_passed(summary.passed) {
                    break;
                }
            } else if !self.settings.multiple_failures
                || (calls >= LOOK_FOR_OTHERS_AT_LEAST
                    && calls >= (first_failure_call + LOOK_FOR_OTHERS).min(2 * latest_news_call))
                || (calls >= first_failure_call + LOOK_FOR_OTHERS_AT_LEAST
                    && first_failure_at
                        .is_some_and(|at: Instant| at.elapsed() > self.settings.max_shrink_time / SHRINK_TIME_SHARE))
            {
                break;
            }
            let watching = health.watching() && found.is_empty();
            let Some((case, generating)) = self.generate_case(index, watching).await else {
                summary.space_exhausted = true;
                // Repeats run once statistics are recorded, so a space runs
                // out only for a body that records none: no requirement is
                // left to judge.
                if found.is_empty() && summary.passed == 0 && summary.discards > 0 {
                    // Every example there is was rejected: nothing was tested.
                    summary.end = End::Exhausted;
                }
                break;
            };
            if index == 0 {
                let overran = matches!(case, Case::Discard(Stop::Overrun));
                health.simplest_example(self.source.recording().choices.len(), overran);
            }
            if watching {
                health.example(
                    generating,
                    match case {
                        Case::Pass => Watched::Passed,
                        Case::Discard(Stop::Overrun) => Watched::Overran,
                        Case::Discard(Stop::Discard(rejection)) => Watched::Discarded(rejection),
                        Case::Fail(_) | Case::GeneratorPanic(_) => Watched::Failed,
                    },
                );
            }
            match case {
                Case::Pass => {
                    summary.passed += 1;
                    summary.statistics.add(&self.record);
                    self.runs_repeats |= self.record.records_statistics();
                    self.remember_targets();
                    if found.is_empty()
                        && let Some(end) = self.stopping_point(summary.passed, &summary.statistics)
                    {
                        summary.end = end;
                        break;
                    }
                }
                Case::Discard(stop) => {
                    overruns += u64::from(stop == Stop::Overrun);
                    summary.discards += 1;
                    summary.rejections.count(stop);
                    if summary.discards >= self.discard_limit(summary.passed) {
                        if found.is_empty() {
                            summary.end = End::Exhausted;
                        }
                        break;
                    }
                }
                // Met while looking for other failures, a generator's panic
                // ends the search: the failure in hand is what to report,
                // and the panic is reported beside it.
                Case::GeneratorPanic(panic) if !found.is_empty() => {
                    GeneratorPanic::keep_smaller(
                        &mut summary.generator_panic,
                        &self.source.recording().choices,
                        *panic,
                    );
                    break;
                }
                Case::GeneratorPanic(panic) => {
                    let choices = self.source.recording().choices.clone();
                    summary.end = End::GenerationFailed { choices, panic: *panic, from_database: false };
                    break;
                }
                // A body that fails once the check is cancelled may fail
                // because of it: the check ends, and records no failure.
                Case::Fail(_) if self.cancelled() => {
                    summary.end = End::CANCELLED;
                    break;
                }
                Case::Fail(failure) => {
                    let failure = self.with_location(failure).await;
                    summary.count_failure();
                    if found.is_empty() {
                        first_failure_call = self.body_calls - calls_before;
                        first_failure_at = Some(Instant::now());
                    }
                    if offer(found, self.source.recording().choices.clone(), failure, FoundBy::Generating) {
                        latest_news_call = self.body_calls - calls_before;
                    }
                }
            }
        }
        // Passing on empty sequences alone, because preconditions rejected
        // every command or none was offered, tests nothing: it ends so
        // whether the discards reached their limit or a small space of
        // commands ran out first.
        let ended_clean = matches!(summary.end, End::Passed | End::Exhausted);
        let tally = *self.source.command_tally();
        if found.is_empty() && ended_clean && tally.rejected_every_command() {
            summary.end = End::EveryCommandRejected;
        } else if found.is_empty() && ended_clean && tally.offered_no_command() {
            summary.end = End::NoCommandOffered;
        }
        health.whole_run(overruns, summary.passed + summary.discards + summary.failed);
        health.contradictions(self.tree.contradictions());
        summary.warnings = health.into_warnings();
    }

    /// How many discards end a run that has passed `passed` examples: the
    /// ratio times the runs asked for, or times the examples passed once a
    /// coverage confidence has run more of them than that.
    fn discard_limit(&self, passed: u64) -> u64 {
        self.settings.max_discard_ratio.saturating_mul(self.settings.runs.max(passed).max(1))
    }

    /// Generates example `index`, steered away from every sequence run
    /// before (unless repeats run, see [`Runner::runs_repeats`]): a
    /// duplicate is drawn afresh if the space is too wide to exhaust (up to
    /// [`FRESH_REDRAWS`] times), and otherwise steered by the tree into
    /// choices not yet explored. Then it runs it. `None` when
    /// the space of examples is exhausted. With `timed`, also measures how
    /// long generating took.
    async fn generate_case(&mut self, index: u64, timed: bool) -> Option<(Case, Duration)> {
        // A generator that drew differently from choices read before has
        // made the tree's record unreliable: what it holds as explored may
        // not be, so the run goes on to its count, repeats and all, rather
        // than end early as having tried everything.
        self.runs_repeats |= self.tree.contradictions() > 0;
        if self.tree.is_exhausted() && !self.runs_repeats {
            return None;
        }
        let started = timed.then(Instant::now);
        self.start_example(index, false);
        let novelty = if self.runs_repeats { Novelty::Noted } else { Novelty::Required };
        let mut drawn = self.draw_and_start(novelty, timed);
        let mut redraws = 0;
        while matches!(drawn, Drawn::Duplicate) && self.tree.is_wide() && redraws < FRESH_REDRAWS {
            self.start_example(index, true);
            drawn = self.draw_and_start(novelty, timed);
            redraws += 1;
        }
        if let Drawn::Duplicate = drawn {
            if !self.tree.novel_prefix(&mut self.steering, &mut self.prefix) {
                return None;
            }
            self.source.start_extending(&self.prefix, ramp(index));
            drawn = self.draw_and_start(Novelty::Noted, timed);
        }
        let generating = match (started, self.drawn_at) {
            (Some(started), Some(drawn_at)) => drawn_at - started,
            _ => Duration::ZERO,
        };
        let case = match drawn {
            Drawn::Ended(case) => case,
            Drawn::Running(future) => self.await_verdict(future).await,
            Drawn::Duplicate => unreachable!("a steered case is never declined"),
        };
        Some((case, generating))
    }

    /// Prepares example `index` of the run: the first is the simplest test
    /// case, the next few grow to full size; after that some are mutations
    /// of an example before, which records its spans for them. A redraw
    /// of a duplicate is random: the simplest case or a mutation would
    /// likely repeat. Once the tree has stepped aside, nothing reads an
    /// example's maxima.
    fn start_example(&mut self, index: u64, redraw: bool) {
        if index == 0 && !redraw {
            self.source.start_simplest();
        } else if !redraw
            && index > RAMP
            && index % MUTATE_EVERY < MUTANTS
            && self.start_mutation(index.is_multiple_of(MUTATE_EVERY))
        {
        } else {
            self.source.start_random(ramp(index));
            if index >= RAMP && (index + 1).is_multiple_of(MUTATE_EVERY) {
                self.source.record_spans();
            }
        }
        if !self.tree.records_paths() {
            self.source.omit_maxima();
        }
    }

    /// Prepares a mutation of the latest example that recorded its spans
    /// (the example just run when `new_base` is set, kept for the next
    /// mutations): the choices of one of its spans copied over one to
    /// [`MUTATION_COPIES`] other spans with the same label (a list element
    /// over others, one argument over another of the same kind), now and
    /// then nudged, each copy a step further than the one before it, the
    /// rest random. This is what finds bugs that need equal or related
    /// parts, which independent random draws almost never produce: two
    /// equal arguments, a value that is in a list twice and is also the
    /// argument, and with the nudge, two numbers one apart or a run of
    /// consecutive values. False when the example has no two such spans,
    /// recorded none (it was redirected by the tree, or its draw stopped
    /// part-way), or no try would change it.
    // Out of line: it runs for three examples in eight, and inlined into the
    // loop it would cost every example a larger stack frame.
    #[inline(never)]
    fn start_mutation(&mut self, new_base: bool) -> bool {
        if new_base {
            self.source.swap_recording(&mut self.mutation_base);
        }
        let (spans, base) = (&self.mutation_base.spans, &self.mutation_base.choices);
        if !spans.is_complete() || spans.len() < 3 {
            return false;
        }
        let random = &mut self.steering;
        // Span 0 is the whole example, never copied nor overwritten.
        let any_span = |random: &mut Random| 1 + random.up_to(spans.len() as u64 - 2) as usize;
        for _ in 0..MUTATION_TRIES {
            let from = any_span(random);
            let (label, copied) = (spans.label(from), spans.range(from));
            // One draw decides how many copies (one half the time, two or
            // three a quarter of the time each) and the nudge (none two
            // times in three).
            let decision = random.up_to(4 * 12 - 1);
            let wanted = 1 + (decision % 4).saturating_sub(1) as usize;
            let nudge = match decision / 4 {
                0 => -1,
                1 => 1,
                2 => -2,
                3 => 2,
                _ => 0,
            };
            let overlaps =
                |range: &Range<usize>, other: &Range<usize>| range.start < other.end && other.start < range.end;
            let mut destinations = [const { 0..0 }; MUTATION_COPIES];
            let mut count = 0;
            // The first free spans with the label from a random place on,
            // wrapping around: usually a few steps, never more than one pass.
            let start = any_span(random);
            for to in (start..spans.len()).chain(1..start) {
                let range = spans.range(to);
                // An empty span is no destination: it would sit at the
                // start of another one, which the splice below cannot order.
                if !range.is_empty()
                    && spans.has_label(to, label)
                    && !overlaps(&range, &copied)
                    && !destinations[..count].iter().any(|taken| overlaps(&range, taken))
                {
                    destinations[count] = range;
                    count += 1;
                    if count == wanted {
                        break;
                    }
                }
            }
            let destinations = &mut destinations[..count];
            destinations.sort_unstable_by_key(|range| range.start);
            // The copies in order are nudged once, twice, three times: a
            // run of values a step apart (k+1, k+2, k+3) when they are
            // neighbours, and one value a step from the original alone.
            let copy = |rank: usize| Nudged { choices: &base[copied.clone()], nudge: nudge * (rank as i64 + 1) };
            // Also true where no span was free: nothing would change.
            if destinations.iter().enumerate().all(|(rank, to)| copy(rank).equals(&base[to.clone()])) {
                continue;
            }
            self.prefix.clear();
            let mut kept_from = 0;
            for (rank, to) in destinations.iter().enumerate() {
                self.prefix.extend_from_slice(&base[kept_from..to.start]);
                copy(rank).append_to(&mut self.prefix);
                kept_from = to.end;
            }
            self.prefix.extend_from_slice(&base[kept_from..]);
            self.source.start_extending(&self.prefix, 1.0);
            return true;
        }
        false
    }

    /// Whether enough examples have passed: `runs` of them or, with a
    /// coverage confidence, enough to decide every requirement and at
    /// least `runs`. A coverage check looks after `runs` examples and after
    /// 100, 200, 400, …; a requirement known to be missed ends it at any look.
    #[inline]
    fn stopping_point(&self, passed: u64, statistics: &Statistics) -> Option<End> {
        if let Some(mistake) = statistics.mistake() {
            return Some(End::MistakenRequirement(mistake.to_owned()));
        }
        match &self.settings.confidence {
            // Not `then_some`: it would build and drop an `End` for every case.
            None if self.enough_passed(passed) => Some(End::Passed),
            None => None,
            Some(confidence) => self.coverage_decision(passed, statistics, confidence),
        }
    }

    /// Whether `passed` examples are enough without a coverage confidence:
    /// `runs` of them, and the time [`run_for`](crate::Options::run_for)
    /// asks for has passed, with at least one example however short that
    /// time (`runs(0)` leaves the time alone to decide).
    #[inline]
    fn enough_passed(&self, passed: u64) -> bool {
        passed >= self.settings.runs
            && match (self.generating_since, self.settings.run_for) {
                (Some(since), Some(duration)) => passed > 0 && since.elapsed() >= duration,
                _ => true,
            }
    }

    /// Whether a coverage check can stop after `passed` examples.
    fn coverage_decision(&self, passed: u64, statistics: &Statistics, confidence: &Confidence) -> Option<End> {
        let runs = self.settings.runs;
        let look = look_number(passed, runs)?;
        match stats::decide(statistics, confidence, look) {
            // `runs` examples must pass, however early coverage is known.
            Decision::Met if passed < runs => None,
            Decision::Met => Some(End::Passed),
            Decision::Missed { label, minimum } => {
                Some(End::InsufficientCoverage { label, minimum, why: CoverageEnd::Missed })
            }
            Decision::Undecided { label, minimum, short } if passed >= MAX_COVERAGE_EXAMPLES => {
                let why = if short { CoverageEnd::TooRare } else { CoverageEnd::TooClose };
                Some(End::InsufficientCoverage { label, minimum, why })
            }
            Decision::Undecided { .. } => None,
        }
    }
}

/// How large example `index` may be: the first few grow from the simplest
/// to full size.
fn ramp(index: u64) -> f64 {
    if index >= RAMP { 1.0 } else { index as f64 / RAMP as f64 }
}

/// Which look of a coverage check `passed` examples are, if any, counting
/// from 0: the looks are at `runs` and at each of 100, 200, 400, …, in
/// order, whether before `runs` or beyond it.
fn look_number(passed: u64, runs: u64) -> Option<u32> {
    let is_doubling = |count: u64| count.is_multiple_of(100) && (count / 100).is_power_of_two();
    if passed != runs && !is_doubling(passed) {
        return None;
    }
    // 100 << 57 is the last doubling a u64 holds.
    let doublings_before = (0..58).take_while(|&power| 100u64 << power < passed).count() as u32;
    // `runs(0)` asks for no look of its own.
    let runs_before = u32::from(0 < runs && runs < passed && !is_doubling(runs));
    Some(doublings_before + runs_before)
}

/// The choices of a span a mutation copies, with its last choice moved
/// `nudge` steps (saturating at 0). For an integer the last choice is its
/// index, so a nudge of one or two steps (two where the range reaches both
/// sides of its target, as indices alternate between them) makes a copy one
/// apart from the original: what a bug on neighbouring values needs.
struct Nudged<'a> {
    choices: &'a [u64],
    nudge: i64,
}

impl Nudged<'_> {
    /// The last choice, nudged.
    fn last(&self) -> Option<u64> {
        self.choices.last().map(|&last| last.saturating_add_signed(self.nudge))
    }

    /// Whether these choices are exactly `other`.
    fn equals(&self, other: &[u64]) -> bool {
        match self.choices.split_last() {
            None => other.is_empty(),
            Some((_, init)) => {
                other.len() == self.choices.len()
                    && other[..init.len()] == *init
                    && other.last().copied() == self.last()
            }
        }
    }

    /// Appends these choices to `sequence`.
    fn append_to(&self, sequence: &mut Vec<u64>) {
        if let Some((_, init)) = self.choices.split_last() {
            sequence.extend_from_slice(init);
            sequence.extend(self.last());
        }
    }
}
