//! Passes that replace a span with something simpler of the same length
//! or less: all zeros, one of its own descendants, a copy of its smallest
//! sibling, or another alternative of a `one_of` or enum (an earlier one,
//! or a later one that takes fewer choices) with its contents drawn afresh.

use std::ops::Range;

use super::reordering::Sibling;
use super::{Execute, Shrinker, is_positive, zig_zag};
use crate::engine::order::shortlex;
use crate::engine::source::{Fill, Variation};

/// How many siblings `copy_smallest_siblings` replaces one at a time in a
/// run, where replacing all at once did not work.
const COPIED_ONE_AT_A_TIME: usize = 8;

/// How many numbers of a descendant `replace_with_flipped_descendants`
/// flips the sign of, one at a time.
const SIGNS_FLIPPED: usize = 4;

/// How many of the earliest alternatives `switch_alternatives` tries in
/// place of a later one: an enum of many variants would otherwise cost a
/// few replays a variant.
const SWITCHED_ALTERNATIVES: u64 = 8;

/// How many of the old alternative's subtrees `switch_alternatives` hands
/// a later, shorter alternative, each on its own.
const SUBTREE_SKIPS: usize = 4;

/// How many ways `switch_alternatives` hands the old alternative's choices
/// to the new one besides none at all: all of them, all but the first, all
/// but the first two.
const SKIPPED_CHOICES: usize = 3;

impl<E: Execute> Shrinker<'_, E> {
    /// Replaces each span by its simplest form: every choice 0, except the
    /// "go on" choices of the collections in it, so that the collections
    /// keep their items (cutting a collection short is the deletion passes'
    /// work). A span with a single number to zero is left to
    /// `minimize_choices`, which tries exactly that earlier in each sweep.
    /// When zeroing works, the siblings right after the span are simplified
    /// with it, as many as still fail, found by
    /// [`find_integer`](Self::find_integer), so the items of a long list
    /// become simplest in a few replays.
    pub(crate) async fn zero_spans(&mut self) {
        let mut flags = self.collection_flags();
        let mut span = 0;
        while span < self.best.spans.len() {
            if self.exhausted() {
                return;
            }
            let range = self.best.spans.range(span);
            if range.end <= self.best.choices.len()
                && !is_simplest(&self.best.choices, &flags, range.clone())
                && !self.one_number_to_zero(&flags, range.clone())
            {
                let base = self.best.choices.clone();
                // Where each later sibling that is not yet simplest ends.
                let mut ends = self.sibling_ends(span);
                ends.dedup_by(|end, previous| is_simplest(&base, &flags, *previous..*end));
                let zeroes = |count: usize| {
                    let (base, flags, end) = (&base, &flags, ends[count]);
                    move |_: &[u64], candidate: &mut Vec<u64>| {
                        candidate.extend_from_slice(base);
                        for at in range.start..end {
                            if !flags[at] {
                                candidate[at] = 0;
                            }
                        }
                    }
                };
                if self.try_edit(zeroes(0)).await {
                    self.find_integer(async |shrinker: &mut Self, count| {
                        count < ends.len() && shrinker.try_edit(zeroes(count)).await
                    })
                    .await;
                    flags = self.collection_flags();
                }
            }
            span += 1;
        }
    }

    /// Replaces a span by a smaller descendant drawn by the same kind of
    /// generator: a tree by one of its subtrees, an expression by an operand.
    pub(crate) async fn replace_with_descendants(&mut self) {
        let mut span = 0;
        while span < self.best.spans.len() {
            if self.exhausted() {
                return;
            }
            let outer = self.best.spans.range(span);
            let inner = self.smaller_descendants_of_its_kind(span);
            for range in inner {
                let replacement = self.best.choices[range].to_vec();
                if self.try_replace(outer.clone(), &replacement).await {
                    break;
                }
            }
            span += 1;
        }
    }

    /// The ranges of span `span`'s descendants drawn by the same kind of
    /// generator that hold fewer choices than it, outermost first.
    fn smaller_descendants_of_its_kind(&self, span: usize) -> Vec<Range<usize>> {
        let spans = &self.best.spans;
        let (outer, label) = (spans.range(span), spans.label(span));
        spans
            .descendants(span)
            .filter(|&descendant| spans.label(descendant) == label)
            .map(|descendant| spans.range(descendant))
            .filter(|range| range.len() < outer.len())
            .collect()
    }

    /// Replaces a span by a smaller descendant of its kind, as
    /// [`replace_with_descendants`](Self::replace_with_descendants) does,
    /// with the sign of one number in the descendant flipped (up to
    /// [`SIGNS_FLIPPED`] of them, each on its own, then all together): a
    /// node that negates its operand, `Negate(-10)`, is replaced by `10`,
    /// which the plain replacement, `-10`, cannot stand in for, and
    /// `Negate(Add(73, 127))` by `Add(-73, -127)`. In the zig-zag order of a
    /// signed value a flip is a step of one (a plain number steps by one
    /// too, which is another small edit worth its replay). Runs when the
    /// shrink stalls.
    pub(crate) async fn replace_with_flipped_descendants(&mut self) {
        // A choice between alternatives (an operator, a variant) is no
        // signed number: the flips go to the operands' values. Worked out
        // again only when the best changes, as it walks every span.
        let mut alternatives = self.alternative_choices();
        let mut span = 0;
        while span < self.best.spans.len() {
            if self.exhausted() {
                return;
            }
            let outer = self.best.spans.range(span);
            let inner = self.smaller_descendants_of_its_kind(span);
            'descendants: for range in inner {
                let numbers: Vec<usize> = range
                    .clone()
                    .filter(|&at| self.is_number(at) && !alternatives[at] && self.best.choices[at] > 0)
                    .take(SIGNS_FLIPPED)
                    .collect();
                // Each number alone, then all of them at once.
                let flips = numbers.iter().map(std::slice::from_ref).chain((numbers.len() > 1).then_some(&numbers[..]));
                for flipped in flips {
                    let mut replacement = self.best.choices[range.clone()].to_vec();
                    for &at in flipped {
                        let value = &mut replacement[at - range.start];
                        *value = zig_zag(value.div_ceil(2), !is_positive(*value)).unwrap_or(*value);
                    }
                    if self.try_replace(outer.clone(), &replacement).await {
                        alternatives = self.alternative_choices();
                        break 'descendants;
                    }
                }
            }
            span += 1;
        }
    }

    /// Replaces siblings drawn by the same kind of generator (list
    /// elements, tuple fields) with copies of the smallest of them: all at
    /// once, or failing that one at a time (up to
    /// [`COPIED_ONE_AT_A_TIME`] in a run). A list that fails for its length
    /// alone otherwise ends on whichever mix of alternatives its shrink
    /// happened to reach (`[Put(0, 0), Get(0), Get(0)]` on one seed,
    /// `[Put(0, 0), Put(0, 0), Get(0)]` on another): turning an element into
    /// a shorter alternative that comes later (`Get` after `Put`) raises
    /// its choice while it removes others, which no lowering pass tries.
    /// Copies make the elements alike, the smallest everywhere. Runs when
    /// the shrink stalls.
    pub(crate) async fn copy_smallest_siblings(&mut self) {
        let mut parent = 0;
        while parent < self.best.spans.len() {
            if self.exhausted() {
                return;
            }
            // The last run first: a copy shortens its run, which moves the
            // runs after it and none before.
            for run in self.sibling_runs(parent).into_iter().rev() {
                self.copy_smallest_sibling(&run).await;
            }
            parent += 1;
        }
    }

    async fn copy_smallest_sibling(&mut self, run: &[Sibling]) {
        let whole = run[0].range.start..run[run.len() - 1].range.end;
        if whole.end > self.best.choices.len() {
            return;
        }
        let choices = &self.best.choices;
        let smallest = run
            .iter()
            .map(Sibling::value)
            .min_by(|a, b| shortlex(&choices[a.clone()], &choices[b.clone()]))
            .expect("a run has siblings");
        let larger: Vec<usize> =
            (0..run.len()).filter(|&index| choices[run[index].value()] != choices[smallest.clone()]).collect();
        if larger.is_empty() {
            return;
        }
        if larger.len() > 1 {
            let all = self.with_values(run, &vec![smallest.clone(); run.len()]);
            if self.try_replace(whole, &all).await {
                return;
            }
        }
        // One at a time, the last first: a replacement moves the siblings
        // after it, and none before it.
        for &index in larger.iter().rev().take(COPIED_ONE_AT_A_TIME) {
            let sibling = &run[index];
            let copy = self.with_values(std::slice::from_ref(sibling), std::slice::from_ref(&smallest));
            // A replacement before the smallest has moved it.
            if self.try_replace(sibling.range.clone(), &copy).await && smallest.start > sibling.range.start {
                return;
            }
        }
    }

    /// Switches each choice between alternatives (a `one_of` branch, an
    /// enum variant, `Err` to `Ok`) to an earlier alternative, with what
    /// the alternative draws redrawn and the rest of the case replayed after
    /// it. The new alternative reads its simplest value first, then the old
    /// one's choices, from the first and then from a few choices further on
    /// (so `Right(false, 255)` can become `Left(255, false)`), with 0 for
    /// whatever it reads past them. Lowering the choice alone, as
    /// `minimize_choices` does, replays the old alternative's choices into
    /// the new one and then into whatever follows, which rarely fits: a
    /// variant with other fields needs all of them at once.
    ///
    /// Where no earlier alternative works, a later one is tried if that
    /// makes the case shorter: fewer choices is simpler first, so
    /// `one_of((between(100, 200), constant(50)))` failing on every value
    /// ends on `50`.
    pub(crate) async fn switch_alternatives(&mut self) {
        let mut span = 0;
        while span < self.best.spans.len() {
            if self.exhausted() {
                return;
            }
            if self.best.spans.chooses_alternative_first(span) && !self.switch_alternative(span).await {
                self.switch_to_shorter_alternative(span).await;
            }
            span += 1;
        }
    }

    /// Tries the alternatives before the one span `span` chose, the first
    /// first, until one works; whether one did.
    async fn switch_alternative(&mut self, span: usize) -> bool {
        let original = self.best.spans.range(span);
        let Some(&chosen) = self.best.choices.get(original.start) else { return false };
        // What the old alternative drew, after the choice of it.
        let drawn = original.len() - 1;
        let skips = std::iter::once(drawn).chain((0..drawn).take(SKIPPED_CHOICES));
        for alternative in 0..chosen.min(SWITCHED_ALTERNATIVES) {
            for skipped in skips.clone() {
                if self.exhausted() {
                    return false;
                }
                let (choices, variation) = self.switched(span, alternative, skipped);
                let considered = self.consider_varied(&choices, variation).await;
                self.candidate = choices;
                // The alternative at its simplest passed: at its largest it
                // may fail, as the old one did.
                if considered == Some(false) && skipped == drawn && self.last_passed && self.try_largest(span).await {
                    return true;
                }
                match considered {
                    Some(true) => return true,
                    // An alternative that read nothing after its choice (a
                    // `None`, a unit variant) reads the same whatever was
                    // skipped.
                    Some(false) if self.read_nothing_after_its_first_choice(span) => break,
                    Some(false) | None => {}
                }
            }
        }
        false
    }

    /// Tries the alternatives after the one span `span` chose (up to
    /// [`SWITCHED_ALTERNATIVES`] of them), each reading the old
    /// alternative's choices (`Big(11, 0, 0)` becomes `Small(11)`) and then
    /// at its simplest, and, where that passed, at its largest (`A(45,
    /// 255)` becomes `B(65535)`, which then shrinks to `B(300)`). Such a
    /// case is smaller only if it is shorter, since its choice of
    /// alternative is larger: each is drawn first, without the body, and
    /// the body runs only on one that is.
    async fn switch_to_shorter_alternative(&mut self, span: usize) -> bool {
        let original = self.best.spans.range(span);
        let (Some(&chosen), Some(&last)) =
            (self.best.choices.get(original.start), self.best.maxima.get(original.start))
        else {
            return false;
        };
        // The old choices the new alternative reads: all, none, or those
        // from one of the old one's subtrees on (`Add(0, x)` becomes
        // `Negate(x)`).
        let skips: Vec<usize> = [0, original.len() - 1].into_iter().chain(self.subtree_skips(span)).collect();
        for alternative in chosen + 1..=last.min(chosen + SWITCHED_ALTERNATIVES) {
            for &skipped in &skips {
                let (choices, variation) = self.switched(span, alternative, skipped);
                let drawn = self.draw_varied(&choices, variation).await;
                self.candidate = choices;
                if drawn && self.consider(&self.executor.recorded().choices.clone()).await {
                    return true;
                }
                let simplest = skipped == original.len() - 1;
                if drawn && simplest && self.last_passed && self.try_largest(span).await {
                    return true;
                }
            }
        }
        false
    }

    /// Where the subtrees of the alternative span `span` chose begin, as
    /// counts of its choices after the first: its draws of the same kind as
    /// the draw it is part of (the operands of an expression node), up to
    /// [`SUBTREE_SKIPS`] of them.
    fn subtree_skips(&self, span: usize) -> Vec<usize> {
        let spans = &self.best.spans;
        let Some(parent) = spans.parent(span) else { return Vec::new() };
        let (kind, after_choice) = (spans.label(parent), spans.range(span).start + 1);
        let mut skips: Vec<usize> = spans
            .descendants(span)
            .filter(|&descendant| spans.label(descendant) == kind)
            .map(|descendant| spans.range(descendant).start - after_choice)
            .filter(|&skipped| skipped > 0)
            .collect();
        skips.dedup();
        skips.truncate(SUBTREE_SKIPS);
        skips
    }

    /// The best with span `span` switched to `alternative`, which reads the
    /// old alternative's choices after its first `skipped`, and the
    /// variation that replays it. The choices are in the candidate buffer,
    /// which the caller puts back.
    fn switched(&mut self, span: usize, alternative: u64, skipped: usize) -> (Vec<u64>, Variation) {
        let original = self.best.spans.range(span);
        let mut choices = std::mem::take(&mut self.candidate);
        choices.clear();
        choices.extend_from_slice(&self.best.choices[..original.start]);
        choices.push(alternative);
        choices.extend_from_slice(&self.best.choices[original.start + 1 + skipped..]);
        let variation = Variation {
            span,
            // The alternative's choice and the old choices it reads.
            kept: original.len() - skipped,
            // Where the old span ended, in the candidate.
            resume_at: original.end - skipped,
            fill: Fill::Simplest,
            max_choices: self.best.choices.len(),
        };
        (choices, variation)
    }

    /// The replay that just ran, with every choice span `span` drew after
    /// its first at its largest: an earlier alternative whose values fail
    /// only near its top (`one_of((between(10, 20), between(100, 200)))`
    /// failing from 15 up ends on 100 otherwise, its simplest earlier
    /// value, 10, passing). The lowering passes then bring the values down.
    async fn try_largest(&mut self, span: usize) -> bool {
        let recorded = self.executor.recorded();
        if span >= recorded.spans.len() || recorded.maxima.len() != recorded.choices.len() {
            return false;
        }
        let range = recorded.spans.range(span);
        let mut raised = recorded.choices.clone();
        raised[range.start + 1..range.end].copy_from_slice(&recorded.maxima[range.start + 1..range.end]);
        raised != recorded.choices && self.consider(&raised).await
    }

    /// Whether span `span` of the replay that just ran, closed, covers its
    /// first choice alone.
    fn read_nothing_after_its_first_choice(&self, span: usize) -> bool {
        let spans = &self.executor.recorded().spans;
        span < spans.len() && spans.range(span).len() == 1
    }

    /// Whether zeroing `range` would change only one choice, a number:
    /// `minimize_choices` already tries that.
    fn one_number_to_zero(&self, flags: &[bool], range: Range<usize>) -> bool {
        let mut changed = range.filter(|&at| !flags[at] && self.best.choices[at] != 0);
        changed.next().is_some_and(|at| self.is_number(at)) && changed.next().is_none()
    }
}

/// Whether every choice of `choices` in `range` is 0 or a collection's "go
/// on" (`flags`).
fn is_simplest(choices: &[u64], flags: &[bool], range: Range<usize>) -> bool {
    choices[range.clone()].iter().zip(&flags[range]).all(|(&choice, &flag)| choice == 0 || flag)
}
