//! The shrink passes. Each proposes one family of edits of the best sequence.
//!
//! Loops walk the best by position and re-read it after every attempt,
//! because a successful edit replaces it (often with a shorter sequence).
//! Positions past its new end are skipped rather than restarted, so a pass
//! never does much more work on success than on failure; the outer loop runs
//! it again.

use std::ops::Range;

use super::{Execute, Shrinker};
use crate::engine::order::shortlex;
use crate::engine::source::{Fill, Variation};
use crate::engine::spans::ELEMENT;

/// The longest run of choices `delete_blocks` removes at once.
const MAX_BLOCK: usize = 8;

/// How many later same-label spans `move_spans` tries as destinations.
const MOVE_DESTINATIONS: usize = 4;

/// The longest sequence the quadratic `delete_with_lowered_pair` runs on.
const SMALL_SEQUENCE: usize = 64;

/// How far apart two choices may be for `redistribute_pairs`.
const PAIR_DISTANCE: usize = 4;

/// The largest value `minimize_choices` first checks against the two just
/// below it before searching: small values such as indices are often as low
/// as they go, large random ones seldom.
const PROBED_UP_TO: u64 = 16;

/// How many times `minimize_choices` halves a choice after its binary search.
const HALVINGS: u32 = 2;

/// How many later spans `minimize_choices` tries to delete together with
/// lowering a choice.
const DEPENDENT_SPANS: usize = 16;

/// How many of the earliest alternatives `switch_alternatives` tries in
/// place of a later one: an enum of many variants would otherwise cost a
/// few replays a variant.
const SWITCHED_ALTERNATIVES: u64 = 8;

/// How many ways `switch_alternatives` hands the old alternative's choices
/// to the new one besides none at all: all of them, all but the first, all
/// but the first two.
const SKIPPED_CHOICES: usize = 3;

impl<E: Execute> Shrinker<'_, E> {
    /// Whether the choice at `position` can hold more than two values: a
    /// number worth moving value into or out of, rather than a yes/no choice
    /// such as a collection's "go on".
    fn is_number(&self, position: usize) -> bool {
        self.best.maxima.get(position).is_some_and(|&max| max > 1)
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

    /// Deletes every rejected filter attempt and skipped duplicate at once.
    pub(super) async fn remove_discarded(&mut self) {
        let mut discarded: Vec<Range<usize>> = Vec::new();
        for span in 0..self.best.spans.len() {
            let range = self.best.spans.range(span);
            let inside_previous = discarded.last().is_some_and(|previous| range.start < previous.end);
            if self.best.spans.is_discarded(span) && !range.is_empty() && !inside_previous {
                discarded.push(range);
            }
        }
        if discarded.is_empty() {
            return;
        }
        self.try_edit(|best, candidate| {
            let mut from = 0;
            for range in &discarded {
                candidate.extend_from_slice(&best[from..range.start]);
                from = range.end;
            }
            candidate.extend_from_slice(&best[from..]);
        })
        .await;
    }

    /// Deletes whole spans, last first: list elements, optional parts,
    /// entire arguments. The value of a collection element is not deleted
    /// without the element's "go on": the next choice would be read as the
    /// value in its place, and deleting the whole element is tried anyway.
    /// Once a deletion works, the siblings right before the span go too, as
    /// many as still fail, found by [`find_integer`](Self::find_integer): the
    /// end of a long list goes in a few replays rather than one per item.
    pub(super) async fn delete_spans(&mut self) {
        let mut span = self.best.spans.len();
        while span > 0 {
            span -= 1;
            if span >= self.best.spans.len() {
                continue;
            }
            let range = self.best.spans.range(span);
            if !range.is_empty() && !self.is_element_value(span) {
                let starts = self.sibling_starts_before(span);
                let base = self.best.choices.clone();
                if self.try_delete(range.clone()).await && starts.len() > 1 {
                    // Deletes the span and `count` siblings before it.
                    let deletes = |count: usize| {
                        let (base, start, end) = (&base, starts[count], range.end);
                        move |_: &[u64], candidate: &mut Vec<u64>| {
                            candidate.extend_from_slice(&base[..start]);
                            candidate.extend_from_slice(&base[end..]);
                        }
                    };
                    self.find_integer(async |shrinker: &mut Self, count| {
                        count < starts.len() && shrinker.try_edit(deletes(count)).await
                    })
                    .await;
                }
            }
        }
    }

    /// Where span `span` starts, then where each of the siblings right
    /// before it starts, for as long as they follow on without a gap.
    fn sibling_starts_before(&self, span: usize) -> Vec<usize> {
        let parent = self.best.spans.parent(span);
        let mut starts = vec![self.best.spans.range(span).start];
        for other in (0..span).rev() {
            let range = self.best.spans.range(other);
            if self.best.spans.parent(other) != parent {
                continue;
            }
            if Some(&range.end) != starts.last() || range.is_empty() {
                break;
            }
            starts.push(range.start);
        }
        starts
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

    /// Merges each collection with the next one: deletes its "stop" and
    /// the outer "go on" right after it, so the second collection's items
    /// continue the first. Properties about how many items there are in all
    /// end with as few collections as the maximum length allows.
    pub(super) async fn merge_collections(&mut self) {
        let mut flags = self.collection_flags();
        let mut span = self.best.spans.len();
        while span > 0 {
            span -= 1;
            if span >= self.best.spans.len() || !self.is_stop(span) {
                continue;
            }
            let stop = self.best.spans.range(span);
            // The outer collection's flag, saying "go on", right after the stop.
            let goes_on = flags.get(stop.end) == Some(&true) && self.best.choices.get(stop.end) == Some(&1);
            if goes_on && self.try_delete(stop.start..stop.end + 1).await {
                flags = self.collection_flags();
            }
        }
    }

    /// Deletes runs of 1 to 8 consecutive choices, wherever they are. This
    /// reaches edits spans do not line up with, such as merging two adjacent
    /// collections by deleting the first one's "stop" choice and the outer
    /// "go on" choice between them. A failed deletion is retried with the
    /// choice before it lowered by one, for a length drawn before its items;
    /// not when that choice is a yes/no one, which lowered only cuts a
    /// collection short.
    pub(super) async fn delete_blocks(&mut self) {
        for size in (1..=MAX_BLOCK).rev() {
            let mut start = self.best.choices.len().saturating_sub(size);
            loop {
                if start + size <= self.best.choices.len() && !self.try_delete(start..start + size).await && start > 0 {
                    let before = start - 1;
                    if self.best.choices[before] > 0 && self.is_number(before) {
                        let lowered = self.best.choices[before] - 1;
                        self.try_edit(|best, candidate| {
                            candidate.extend_from_slice(&best[..before]);
                            candidate.push(lowered);
                            candidate.extend_from_slice(&best[start + size..]);
                        })
                        .await;
                    }
                }
                if start == 0 {
                    break;
                }
                start -= 1;
            }
        }
    }

    /// Replaces each span by its simplest form: every choice 0, except the
    /// "go on" choices of the collections in it, so that the collections
    /// keep their items (cutting a collection short is the deletion passes'
    /// work). A span with a single number to zero is left to
    /// `minimize_choices`, which tries exactly that earlier in each sweep.
    /// When zeroing works, the siblings right after the span are simplified
    /// with it, as many as still fail, found by
    /// [`find_integer`](Self::find_integer), so the items of a long list
    /// become simplest in a few replays.
    pub(super) async fn zero_spans(&mut self) {
        let mut flags = self.collection_flags();
        let mut span = 0;
        while span < self.best.spans.len() {
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
    pub(super) async fn replace_with_descendants(&mut self) {
        let mut span = 0;
        while span < self.best.spans.len() {
            let outer = self.best.spans.range(span);
            let label = self.best.spans.label(span);
            let inner: Vec<Range<usize>> = self
                .best
                .spans
                .descendants(span)
                .filter(|&descendant| self.best.spans.label(descendant) == label)
                .map(|descendant| self.best.spans.range(descendant))
                .filter(|range| range.len() < outer.len())
                .collect();
            for range in inner {
                let replacement = self.best.choices[range].to_vec();
                if self.try_replace(outer.clone(), &replacement).await {
                    break;
                }
            }
            span += 1;
        }
    }

    /// Lowers each choice as far as it goes: straight to 0, else by binary
    /// search. A choice that goes to 0 takes the numbers right after it
    /// along (all of them, else as many as also go, found by
    /// [`find_integer`](Self::find_integer)): the items of a list of numbers
    /// become 0 in a few replays. A small choice whose two lower neighbours
    /// both pass is left as it is, without a search; see
    /// [`passes_just_below`](Self::passes_just_below). Binary search assumes
    /// every value above a failing one fails, which is false for values in
    /// separate blocks (capitals and lower-case letters in the character
    /// order), so after it the choice is also halved a few times, each
    /// success searching on from the new value. A choice that does not reach
    /// 0 on its own is then tried one lower together with deleting a later
    /// span, for sizes drawn before the items they count: lowering such a
    /// size alone keeps the leading items, which are seldom the ones that
    /// matter.
    pub(super) async fn minimize_choices(&mut self) {
        let mut flags = self.collection_flags();
        let mut position = 0;
        while position < self.best.choices.len() {
            let original = self.best.choices[position];
            // Lowering a "go on" cuts the collection short there, which the
            // deletion passes try more cheaply.
            let flag = flags.get(position).copied().unwrap_or(false);
            if original > 0 && !flag {
                let shrinks = self.shrinks;
                self.minimize_choice(position, original).await;
                // A shrink may have changed which choices are "go on"s.
                if self.shrinks != shrinks {
                    flags = self.collection_flags();
                }
            }
            position += 1;
        }
    }

    /// Lowers the choice at `position`, which holds `original` (not 0), as
    /// far as it goes.
    async fn minimize_choice(&mut self, position: usize, original: u64) {
        if self.try_set(position, 0).await {
            self.zero_numbers_after(position).await;
            return;
        }
        if !self.passes_just_below(position, original).await {
            let mut works = self.best.choices.get(position).copied().unwrap_or(original);
            loop {
                works = self.binary_search_down(position, works).await;
                if works <= 1 || !self.try_halvings(position, works).await {
                    break;
                }
                // Only a generator that draws differently on a replay can
                // leave the new best shorter; the choice is then gone.
                let Some(&now) = self.best.choices.get(position) else { break };
                works = now;
            }
        }
        self.keep_low_bits(position).await;
        if self.best.choices.get(position).is_some_and(|&value| value > 0) {
            self.lower_with_deletion(position).await;
        }
    }

    /// Tries the two values just below `original` at `position` and says
    /// whether the test ran on both and passed. The choice is then most
    /// likely as low as it goes (a value that is part of a pattern, such as
    /// an index another item points back to), and a search for a lower one
    /// would only confirm it, at about two replays per bit. Two values, not
    /// one, because one below a signed integer's index is its negation; and
    /// a filter rejecting a value says nothing either way.
    async fn passes_just_below(&mut self, position: usize, original: u64) -> bool {
        if !(4..=PROBED_UP_TO).contains(&original) {
            // Below 4 the search costs no more than this check; above the
            // limit a value is seldom as low as it goes already.
            return false;
        }
        for below in [original - 1, original - 2] {
            if self.try_set(position, below).await || !self.last_passed {
                return false;
            }
        }
        true
    }

    /// Sets the numbers right after `position` (0 already) to 0 too, up to
    /// the first choice that is neither a number nor a collection's "go on",
    /// as many as still fail.
    async fn zero_numbers_after(&mut self, position: usize) {
        let base = self.best.choices.clone();
        // As in `minimize_choice`: a best shorter than the position came
        // from a generator that draws differently on a replay.
        if position >= base.len() {
            return;
        }
        let flags = self.collection_flags();
        // The numbers after the position that are not yet 0; a list's "go
        // on" choices between its items are passed over and kept.
        let targets: Vec<usize> = (position + 1..base.len())
            .filter(|&at| !flags[at])
            .take_while(|&at| self.is_number(at))
            .filter(|&at| base[at] != 0)
            .collect();
        let zeroes = |count: usize| {
            let (base, targets) = (&base, &targets[..count]);
            move |_: &[u64], candidate: &mut Vec<u64>| {
                candidate.extend_from_slice(base);
                candidate[position] = 0;
                for &at in targets {
                    candidate[at] = 0;
                }
            }
        };
        // All of them first: once one item is down to 0, the rest of the
        // list often goes with it.
        if targets.len() > 1 && self.try_edit(zeroes(targets.len())).await {
            return;
        }
        self.find_integer(async |shrinker: &mut Self, count| {
            count <= targets.len() && shrinker.try_edit(zeroes(count)).await
        })
        .await;
    }

    /// Finds the lowest value of the choice at `position`, above 0 (known to
    /// fail) and at most `works` (known to work), by bisection.
    async fn binary_search_down(&mut self, position: usize, works: u64) -> u64 {
        // A success may shorten the sequence below the position; the rest
        // of the search then tries nothing.
        self.bisect(works, 0, async |shrinker: &mut Self, middle| {
            position < shrinker.best.choices.len() && shrinker.try_set(position, middle).await
        })
        .await
    }

    /// Keeps only the low 8, 4, 3 and then 2 bits of the choice at
    /// `position`, where they make a smaller value. The binary search assumes
    /// that larger values fail; a value that fails for what its low bits say
    /// (a residue, a parity, a flag) and not for its size stops it above the
    /// smallest such value, which masking often reaches in one step.
    async fn keep_low_bits(&mut self, position: usize) {
        for bits in [8, 4, 3, 2] {
            let Some(&value) = self.best.choices.get(position) else { return };
            let masked = value & ((1 << bits) - 1);
            if masked > 0 && masked < value {
                self.try_set(position, masked).await;
            }
        }
    }

    async fn try_halvings(&mut self, position: usize, value: u64) -> bool {
        for shift in 1..=HALVINGS {
            let lowered = value >> shift;
            if lowered == 0 || position >= self.best.choices.len() {
                return false;
            }
            if self.try_set(position, lowered).await {
                return true;
            }
        }
        false
    }

    /// Whether zeroing `range` would change only one choice, a number:
    /// `minimize_choices` already tries that.
    fn one_number_to_zero(&self, flags: &[bool], range: Range<usize>) -> bool {
        let mut changed = range.filter(|&at| !flags[at] && self.best.choices[at] != 0);
        changed.next().is_some_and(|at| self.is_number(at)) && changed.next().is_none()
    }

    /// Which choices are a collection's "go on or stop" choice: the first
    /// choice of each element span marked as starting with one.
    fn collection_flags(&self) -> Vec<bool> {
        let mut flags = vec![false; self.best.choices.len()];
        for span in 0..self.best.spans.len() {
            let range = self.best.spans.range(span);
            if self.best.spans.goes_on_first(span)
                && !range.is_empty()
                && let Some(flag) = flags.get_mut(range.start)
            {
                *flag = true;
            }
        }
        flags
    }

    /// Lowers the choice at `position` by one while deleting one of the
    /// spans after it, for a size drawn before the items it counts. Once a
    /// span's deletion works, its next siblings go too, the choice lowered by
    /// one more for each, as many as still fail, found by
    /// [`find_integer`](Self::find_integer): removing the leading items of a
    /// long list then costs a few replays rather than one sweep per item.
    async fn lower_with_deletion(&mut self, position: usize) {
        let value = self.best.choices[position];
        let later: Vec<usize> = (0..self.best.spans.len())
            .filter(|&span| {
                let range = self.best.spans.range(span);
                // An element's value alone is not deleted, as in `delete_spans`.
                range.start > position && !range.is_empty() && !self.is_element_value(span)
            })
            .take(DEPENDENT_SPANS)
            .collect();
        let base = self.best.choices.clone();
        for span in later {
            let start = self.best.spans.range(span).start;
            let ends = self.sibling_ends(span);
            // Deletes the span and `count` siblings after it.
            let deletes = |count: usize| {
                let (base, end) = (&base, ends[count]);
                move |_: &[u64], candidate: &mut Vec<u64>| {
                    candidate.extend_from_slice(&base[..start]);
                    candidate[position] = value - 1 - count as u64;
                    candidate.extend_from_slice(&base[end..]);
                }
            };
            if self.try_edit(deletes(0)).await {
                let most = ends.len().min(usize::try_from(value).unwrap_or(usize::MAX));
                self.find_integer(async |shrinker: &mut Self, count| {
                    count < most && shrinker.try_edit(deletes(count)).await
                })
                .await;
                return;
            }
        }
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

    /// Lowers equal choices of one kind together, for values that must stay
    /// equal (the same key in several commands). Choices count as one kind
    /// when they have the same range, which keeps a key from being grouped
    /// with an unrelated count that happens to be equal.
    pub(super) async fn lower_duplicates(&mut self) {
        let mut by_value: Vec<(u64, u64, usize)> = self
            .best
            .choices
            .iter()
            .enumerate()
            .filter(|&(at, &choice)| choice > 0 && self.is_number(at))
            .map(|(at, &choice)| (self.best.maxima[at], choice, at))
            .collect();
        by_value.sort_unstable();
        let groups: Vec<(u64, Vec<usize>)> = by_value
            .chunk_by(|a, b| (a.0, a.1) == (b.0, b.1))
            .filter(|group| group.len() > 1)
            .map(|group| (group[0].1, group.iter().map(|&(_, _, at)| at).collect()))
            .collect();
        for (value, positions) in groups {
            if !all_hold(&self.best.choices, &positions, value) {
                continue;
            }
            let set_all = |target: u64| {
                let positions = &positions;
                move |best: &[u64], candidate: &mut Vec<u64>| {
                    candidate.extend_from_slice(best);
                    for &at in positions {
                        candidate[at] = target;
                    }
                }
            };
            if self.try_edit(set_all(0)).await {
                continue;
            }
            let (mut fails, mut works) = (0, value);
            // After each success the group holds `works`; if an edit elsewhere
            // in the sequence moved it, the search stops.
            while fails + 1 < works && all_hold(&self.best.choices, &positions, works) {
                let middle = fails + (works - fails) / 2;
                if self.try_edit(set_all(middle)).await {
                    works = middle;
                } else {
                    fails = middle;
                }
            }
        }
    }

    /// Moves value from one choice to a later one nearby, for properties that
    /// need a total: `a + b > 1000` ends on `(0, 1001)` rather than at some
    /// split of it. Tried both as plain indices and as zig-zag magnitudes, so
    /// signed integers keep their signs.
    pub(super) async fn redistribute_pairs(&mut self) {
        for first in 0..self.best.choices.len() {
            for second in first + 1..=first + PAIR_DISTANCE {
                if second >= self.best.choices.len() || self.best.choices[first] == 0 || !self.is_number(first) {
                    break;
                }
                // The receiving choice may be a flag: value moved into it
                // can stand for a swap or a branch taken.
                if self.best.maxima[second] == 0 {
                    continue;
                }
                for moves in [Move::Plain, Move::ZigZag] {
                    self.redistribute(first, second, moves).await;
                }
            }
        }
    }

    /// Lowers two nearby numbers by one amount, for values that must keep
    /// their difference, or as zig-zag magnitudes their sum: a list whose
    /// total is pinned by a filter shrinks two large opposite values together
    /// in a few bisection steps, where lowering either alone fails and
    /// moving value between them only creeps.
    pub(super) async fn lower_pairs_together(&mut self) {
        for first in 0..self.best.choices.len() {
            for second in first + 1..=first + PAIR_DISTANCE {
                if second >= self.best.choices.len() || self.best.choices[first] == 0 || !self.is_number(first) {
                    break;
                }
                if self.best.choices[second] == 0 || !self.is_number(second) {
                    continue;
                }
                for moves in [Move::Plain, Move::ZigZag] {
                    self.lower_together(first, second, moves).await;
                }
            }
        }
    }

    async fn lower_together(&mut self, first: usize, second: usize, moves: Move) {
        if second >= self.best.choices.len() {
            return;
        }
        let (a, b) = (self.best.choices[first], self.best.choices[second]);
        let most = moves.capacity(a).min(moves.capacity(b));
        self.change_pair_by(first, second, most, |amount| Some((moves.lower(a, amount)?, moves.lower(b, amount)?)))
            .await;
    }

    async fn redistribute(&mut self, first: usize, second: usize, moves: Move) {
        if second >= self.best.choices.len() {
            return;
        }
        let (from, to) = (self.best.choices[first], self.best.choices[second]);
        let to_max = self.best.maxima[second];
        self.change_pair_by(first, second, moves.capacity(from), |amount| moves.apply(from, to, amount, to_max)).await;
    }

    /// Tries the choices `pair_after(amount)` gives for positions `first`
    /// and `second`, for the largest amount up to `most` that still fails:
    /// one step first, since most pairs are unrelated and this rejects them
    /// in one replay, then the most, then bisection between them.
    async fn change_pair_by(
        &mut self,
        first: usize,
        second: usize,
        most: u64,
        pair_after: impl Fn(u64) -> Option<(u64, u64)>,
    ) {
        let length = self.best.choices.len();
        let attempt = async |shrinker: &mut Self, amount: u64| {
            // A success may have changed the sequence's shape under the pair.
            if shrinker.best.choices.len() != length {
                return false;
            }
            let Some((at_first, at_second)) = pair_after(amount) else { return false };
            shrinker
                .try_edit(|best, candidate| {
                    candidate.extend_from_slice(best);
                    candidate[first] = at_first;
                    candidate[second] = at_second;
                })
                .await
        };
        if most == 0 || !attempt(self, 1).await || attempt(self, most).await {
            return;
        }
        self.bisect(1, most, attempt).await;
    }

    /// Moves a span to just before a later span with the same label: an
    /// element from one list to the next, so that lists can then be sorted
    /// and merged where none could be deleted outright.
    pub(super) async fn move_spans(&mut self) {
        let mut span = 0;
        while span < self.best.spans.len() {
            let moved = self.best.spans.range(span);
            let label = self.best.spans.label(span);
            let destinations: Vec<usize> = (span + 1..self.best.spans.len())
                .filter(|&other| self.best.spans.label(other) == label)
                .map(|other| self.best.spans.range(other).start)
                .filter(|&start| start > moved.end)
                .take(MOVE_DESTINATIONS)
                .collect();
            for destination in destinations {
                let improved = self
                    .try_edit(|best, candidate| {
                        candidate.extend_from_slice(&best[..moved.start]);
                        candidate.extend_from_slice(&best[moved.end..destination]);
                        candidate.extend_from_slice(&best[moved.clone()]);
                        candidate.extend_from_slice(&best[destination..]);
                    })
                    .await;
                if improved {
                    break;
                }
            }
            span += 1;
        }
    }

    /// Deletes a span while lowering one later choice, or a nearby pair of
    /// them, by one: for values that count or index what comes before them.
    /// A command that refers to the second of two open handles can only lose
    /// the first `Open` if its reference moves down with it, and a list whose
    /// elements point at each other (`[0, 0, 7, 6]`, with 7 and 6 a cycle) can
    /// only lose a leading element if both pointers do. Once that works, the
    /// span's next siblings go too, the choices lowered by one more for each:
    /// first as many as the lowered choices allow, else as many as still
    /// fail, found by [`find_integer`](Self::find_integer).
    /// Quadratic, so it runs only on short sequences.
    pub(super) async fn delete_with_lowered(&mut self) {
        if self.best.choices.len() > SMALL_SEQUENCE {
            return;
        }
        let mut span = 0;
        while span < self.best.spans.len() {
            let deleted = self.best.spans.range(span);
            let ends = self.sibling_ends(span);
            // An element's value alone is not deleted, as in `delete_spans`.
            let misaligned = self.is_element_value(span);
            span += 1;
            if deleted.is_empty() || misaligned {
                continue;
            }
            let lowerable: Vec<usize> = (deleted.end..self.best.choices.len())
                .filter(|&at| self.is_number(at) && self.best.choices[at] > 0)
                .collect();
            let singles = lowerable.iter().map(|&at| [at, at]);
            let pairs = lowerable.iter().enumerate().flat_map(|(index, &first)| {
                lowerable[index + 1..]
                    .iter()
                    .take_while(move |&&second| second - first <= PAIR_DISTANCE)
                    .map(move |&second| [first, second])
            });
            let attempts: Vec<[usize; 2]> = singles.chain(pairs).collect();
            let base = self.best.choices.clone();
            for lowered in attempts {
                // Deletes the span and `count` siblings after it, and lowers
                // the choices by one for each span deleted; `None` when that
                // reaches a lowered choice or takes it below 0.
                let deletes = |count: usize| {
                    let end = *ends.get(count)?;
                    let by = count as u64 + 1;
                    let fits = lowered.iter().all(|&at| at >= end && base[at] >= by);
                    let base = &base;
                    fits.then_some(move |_: &[u64], candidate: &mut Vec<u64>| {
                        candidate.extend_from_slice(&base[..deleted.start]);
                        candidate.extend_from_slice(&base[end..]);
                        let shift = end - deleted.start;
                        candidate[lowered[0] - shift] -= by;
                        if lowered[1] != lowered[0] {
                            candidate[lowered[1] - shift] -= by;
                        }
                    })
                };
                let Some(first) = deletes(0) else { continue };
                if self.try_edit(first).await {
                    // As many as the lowered choices allow first: the items
                    // before a pair of pointers usually all go.
                    let most = (1..ends.len()).map_while(&deletes).last();
                    if let Some(edit) = most
                        && self.try_edit(edit).await
                    {
                        break;
                    }
                    self.find_integer(async |shrinker: &mut Self, count| match deletes(count) {
                        Some(edit) => shrinker.try_edit(edit).await,
                        None => false,
                    })
                    .await;
                    break;
                }
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
    pub(super) async fn switch_alternatives(&mut self) {
        let mut span = 0;
        while span < self.best.spans.len() {
            if self.best.spans.chooses_alternative_first(span) {
                self.switch_alternative(span).await;
            }
            span += 1;
        }
    }

    /// Tries the alternatives before the one span `span` chose, the first
    /// first, until one works.
    async fn switch_alternative(&mut self, span: usize) {
        let original = self.best.spans.range(span);
        let Some(&chosen) = self.best.choices.get(original.start) else { return };
        // What the old alternative drew, after the choice of it.
        let drawn = original.len() - 1;
        let skips = std::iter::once(drawn).chain((0..drawn).take(SKIPPED_CHOICES));
        for alternative in 0..chosen.min(SWITCHED_ALTERNATIVES) {
            for skipped in skips.clone() {
                if self.exhausted() {
                    return;
                }
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
                let considered = self.consider_varied(&choices, variation).await;
                self.candidate = choices;
                match considered {
                    Some(true) => return,
                    // An alternative that read nothing after its choice (a
                    // `None`, a unit variant) reads the same whatever was
                    // skipped.
                    Some(false) if self.read_nothing_after_its_first_choice(span) => break,
                    Some(false) | None => {}
                }
            }
        }
    }

    /// Whether span `span` of the replay that just ran, closed, covers its
    /// first choice alone.
    fn read_nothing_after_its_first_choice(&self, span: usize) -> bool {
        let spans = &self.executor.recorded().spans;
        span < spans.len() && spans.range(span).len() == 1
    }

    /// Sorts runs of sibling spans drawn by the same kind of generator (list
    /// elements, tuple fields), or failing that swaps neighbours that are out
    /// of order, so equal structures end in a canonical order.
    pub(super) async fn sort_siblings(&mut self) {
        let mut parent = 0;
        while parent < self.best.spans.len() {
            for run in self.sibling_runs(parent) {
                self.sort_run(&run).await;
            }
            parent += 1;
        }
    }

    /// Maximal runs of adjacent children of `parent` with one label. A
    /// collection's closing "stop" is left out: it is the smallest element
    /// span, and sorted to the front it would empty the collection, so the
    /// whole sort would fail.
    fn sibling_runs(&self, parent: usize) -> Vec<Vec<Range<usize>>> {
        let mut runs: Vec<Vec<Range<usize>>> = Vec::new();
        let mut previous: Option<(usize, &'static str)> = None;
        for child in self.best.spans.children(parent) {
            let range = self.best.spans.range(child);
            let label = self.best.spans.label(child);
            if self.is_stop(child) {
                break;
            }
            match (previous, runs.last_mut()) {
                (Some((end, last_label)), Some(run)) if end == range.start && last_label == label => {
                    run.push(range.clone())
                }
                _ => runs.push(vec![range.clone()]),
            }
            previous = Some((range.end, label));
        }
        runs.retain(|run| run.len() > 1 && run.last().is_some_and(|last| last.end <= self.best.choices.len()));
        runs
    }

    async fn sort_run(&mut self, run: &[Range<usize>]) {
        let whole = run[0].start..run[run.len() - 1].end;
        if whole.end > self.best.choices.len() {
            return;
        }
        let mut sorted: Vec<Range<usize>> = run.to_vec();
        sorted.sort_by(|a, b| shortlex(&self.best.choices[a.clone()], &self.best.choices[b.clone()]));
        if sorted != run {
            let replacement: Vec<u64> =
                sorted.iter().flat_map(|range| self.best.choices[range.clone()].iter().copied()).collect();
            if self.try_replace(whole.clone(), &replacement).await {
                return;
            }
        }
        for pair in run.windows(2) {
            let (left, right) = (pair[0].clone(), pair[1].clone());
            if right.end > self.best.choices.len()
                || shortlex(&self.best.choices[right.clone()], &self.best.choices[left.clone()]).is_ge()
            {
                continue;
            }
            let mut replacement = self.best.choices[right.clone()].to_vec();
            replacement.extend_from_slice(&self.best.choices[left.clone()]);
            if self.try_replace(left.start..right.end, &replacement).await {
                return;
            }
        }
    }
}

/// Whether every choice of `choices` in `range` is 0 or a collection's "go
/// on" (`flags`).
fn is_simplest(choices: &[u64], flags: &[bool], range: Range<usize>) -> bool {
    choices[range.clone()].iter().zip(&flags[range]).all(|(&choice, &flag)| choice == 0 || flag)
}

/// Whether every one of `positions` holds `value`.
fn all_hold(best: &[u64], positions: &[usize], value: u64) -> bool {
    positions.iter().all(|&at| best.get(at) == Some(&value))
}

/// How `redistribute_pairs` reads two choices.
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

    /// The pair after moving `amount`. The receiving choice saturates at its
    /// largest value, which at the end of a signed range is the extreme the
    /// zig-zag order reaches last (`-32768` for `i16`).
    fn apply(self, from: u64, to: u64, amount: u64, to_max: u64) -> Option<(u64, u64)> {
        let (lowered, raised) = match self {
            Move::Plain => (from.checked_sub(amount)?, to.saturating_add(amount)),
            Move::ZigZag => {
                let (to_magnitude, to_positive) = (to.div_ceil(2), to % 2 == 1 || to == 0);
                let lowered = self.lower(from, amount)?;
                let raised = zig_zag(to_magnitude.saturating_add(amount), to_positive).unwrap_or(u64::MAX);
                (lowered, raised)
            }
        };
        Some((lowered, raised.min(to_max)))
    }
}

fn zig_zag(magnitude: u64, positive: bool) -> Option<u64> {
    match (magnitude, positive) {
        (0, _) => Some(0),
        (_, true) => magnitude.checked_mul(2)?.checked_sub(1),
        (_, false) => magnitude.checked_mul(2),
    }
}
