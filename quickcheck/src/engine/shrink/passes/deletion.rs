//! Passes that make the sequence shorter: deleting spans, blocks of
//! choices and the discarded parts of a draw, merging adjacent collections,
//! deleting a part of two equal structures from both, and deleting a span
//! while lowering the choice that counted it.

use std::ops::Range;

use super::{Execute, Shrinker};

use super::PAIR_DISTANCE;

/// The longest run of choices `delete_blocks` removes at once.
const MAX_BLOCK: usize = 8;

/// The longest sequence the quadratic `delete_with_lowered_pair` runs on.
const SMALL_SEQUENCE: usize = 64;

/// The longest sequence `delete_equal_pairs` runs on: it compares every
/// span with the later ones, though it replays only a span's nearest equal
/// one.
const MID_SEQUENCE: usize = 256;

impl<E: Execute> Shrinker<'_, E> {
    /// Deletes every rejected filter attempt and skipped duplicate at once.
    pub(crate) async fn remove_discarded(&mut self) {
        let mut discarded: Vec<Range<usize>> = Vec::new();
        for span in 0..self.best.spans.len() {
            if self.exhausted() {
                return;
            }
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
    pub(crate) async fn delete_spans(&mut self) {
        let mut span = self.best.spans.len();
        while span > 0 {
            if self.exhausted() {
                return;
            }
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

    /// Merges each collection with the next one: deletes its "stop" and
    /// the outer "go on" right after it, so the second collection's items
    /// continue the first. Properties about how many items there are in all
    /// end with as few collections as the maximum length allows.
    pub(crate) async fn merge_collections(&mut self) {
        let mut flags = self.collection_flags();
        let mut span = self.best.spans.len();
        while span > 0 {
            if self.exhausted() {
                return;
            }
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
    pub(crate) async fn delete_blocks(&mut self) {
        for size in (1..=MAX_BLOCK).rev() {
            if self.exhausted() {
                return;
            }
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

    /// Deletes a part of two equal structures at once: the same child of a
    /// span and of the nearest later span of its kind (one label) that drew
    /// the same choices. Two lists that must stay equal lose an item only
    /// if both lose it; deleting it from either alone passes. Runs when the
    /// shrink stalls, only on sequences of at most [`MID_SEQUENCE`]
    /// choices, and stops at its first success, as the spans it paired
    /// have moved.
    pub(crate) async fn delete_equal_pairs(&mut self) {
        if self.best.choices.len() > MID_SEQUENCE {
            return;
        }
        let spans = self.best.spans.clone();
        for structure in 0..spans.len() {
            if self.exhausted() {
                return;
            }
            let whole = spans.range(structure);
            if whole.is_empty() {
                continue;
            }
            // The nearest twin alone: a minimal example is often made of
            // many equal parts, and every pair of them would cost a replay
            // a child.
            let twin = (structure + 1..spans.len()).find(|&other| {
                let range = spans.range(other);
                range.start >= whole.end
                    && spans.has_label(other, spans.label(structure))
                    && self.best.choices[range] == self.best.choices[whole.clone()]
            });
            if let Some(twin) = twin {
                for (ours, theirs) in spans.children(structure).zip(spans.children(twin)) {
                    let (first, second) = (spans.range(ours), spans.range(theirs));
                    let whole_part = |part: usize| !self.is_element_value(part) && !self.is_stop(part);
                    if first.is_empty() || !whole_part(ours) || !whole_part(theirs) {
                        continue;
                    }
                    let deleted = self
                        .try_edit(|best, candidate| {
                            candidate.extend_from_slice(&best[..first.start]);
                            candidate.extend_from_slice(&best[first.end..second.start]);
                            candidate.extend_from_slice(&best[second.end..]);
                        })
                        .await;
                    if deleted {
                        return;
                    }
                }
            }
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
    pub(crate) async fn delete_with_lowered(&mut self) {
        if self.best.choices.len() > SMALL_SEQUENCE {
            return;
        }
        let mut span = 0;
        while span < self.best.spans.len() {
            if self.exhausted() {
                return;
            }
            let deleted = self.best.spans.range(span);
            // An element's value alone is not deleted, as in `delete_spans`.
            let misaligned = self.is_element_value(span);
            span += 1;
            if deleted.is_empty() || misaligned {
                continue;
            }
            let ends = self.sibling_ends(span - 1);
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
}
