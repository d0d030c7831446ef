//! Passes that keep the choices but change their order: moving a span
//! to a later place of the same label, sorting runs of siblings so the
//! smaller come first, and exchanging two values wherever they occur or
//! at two places.

use std::ops::Range;

use super::{Execute, Shrinker};
use crate::engine::order::shortlex;

/// How many later same-label spans `move_spans` tries as destinations.
const MOVE_DESTINATIONS: usize = 4;

/// The most distinct values of one kind `exchange_values` pairs up: it
/// tries every pair, and a failure that rests on which values are equal
/// rarely needs more.
const MOST_EXCHANGED_VALUES: usize = 8;

/// The most pairs of places of one kind `exchange_pairs` tries: every pair
/// could be a quadratic number of replays in a long sequence.
const MOST_EXCHANGED_PAIRS: usize = 32;

/// How many later places of its kind `exchange_pairs` looks through for a
/// place to pair one with.
const EXCHANGE_REACH: usize = 16;

impl<E: Execute> Shrinker<'_, E> {
    /// Exchanges two values wherever numbers of one kind (one largest
    /// value) hold them, the larger first met becoming the smaller: a
    /// failure that needs equal and unequal values in a pattern, such as an
    /// adjacent-only `dedup` that misses `[1, 0, 1]`, ends on the pattern
    /// with the smallest values first (`[0, 1, 0]`), which no edit of fewer
    /// choices reaches once both values are as low as they go. Runs when
    /// the shrink stalls.
    pub(crate) async fn exchange_values(&mut self) {
        let mut kinds: Vec<(u64, usize)> =
            self.plain_numbers().into_iter().map(|at| (self.best.maxima[at], at)).collect();
        kinds.sort_unstable();
        let kinds: Vec<Vec<usize>> =
            kinds.chunk_by(|a, b| a.0 == b.0).map(|kind| kind.iter().map(|&(_, at)| at).collect()).collect();
        for positions in kinds {
            if self.exhausted() {
                return;
            }
            // Each value of the kind once, in the order first met.
            let mut values = Vec::new();
            for &at in &positions {
                let value = self.best.choices[at];
                if !values.contains(&value) {
                    values.push(value);
                }
            }
            if values.len() < 2 || values.len() > MOST_EXCHANGED_VALUES {
                continue;
            }
            for (index, &earlier) in values.iter().enumerate() {
                for &later in values[index + 1..].iter().filter(|&&later| later < earlier) {
                    // An earlier success may have changed the sequence.
                    if positions.iter().any(|&at| at >= self.best.choices.len()) {
                        return;
                    }
                    self.try_edit(|best, candidate| {
                        candidate.extend_from_slice(best);
                        for &at in &positions {
                            if best[at] == earlier {
                                candidate[at] = later;
                            } else if best[at] == later {
                                candidate[at] = earlier;
                            }
                        }
                    })
                    .await;
                }
            }
            self.exchange_pairs(&positions).await;
        }
    }

    /// Exchanges the values of two places of one kind, the earlier holding
    /// the larger: a failure that needs one value apart from the rest, which
    /// may stand at either of two places, ends with it at the later, as a
    /// queue's one distinct push does in its shortest failing sequences.
    /// Exchanging the two values everywhere would move the others too. Each
    /// place is paired with the nearest later place of its kind that holds
    /// a smaller value, looked for among the next [`EXCHANGE_REACH`] places,
    /// and at most [`MOST_EXCHANGED_PAIRS`] pairs are tried: a long run of
    /// one kind then costs a bounded scan and few replays. Called for the
    /// kinds [`exchange_values`](Self::exchange_values) takes, those of 2 to
    /// [`MOST_EXCHANGED_VALUES`] distinct values.
    async fn exchange_pairs(&mut self, positions: &[usize]) {
        let mut tried = 0;
        for (index, &first) in positions.iter().enumerate() {
            // An earlier success may have changed the sequence.
            let Some(&value) = self.best.choices.get(first) else { return };
            let reach = &positions[index + 1..positions.len().min(index + 1 + EXCHANGE_REACH)];
            let Some(&second) =
                reach.iter().find(|&&later| self.best.choices.get(later).is_some_and(|&other| other < value))
            else {
                continue;
            };
            if tried == MOST_EXCHANGED_PAIRS {
                return;
            }
            tried += 1;
            self.try_edit(|best, candidate| {
                candidate.extend_from_slice(best);
                candidate.swap(first, second);
            })
            .await;
        }
    }

    /// Moves a span to just before a later span with the same label: an
    /// element from one list to the next, so that lists can then be sorted
    /// and merged where none could be deleted outright. The nearest few
    /// such spans are tried in turn, then the farthest; once one takes the
    /// span, it is moved on past as many more as still works, found by
    /// [`find_integer`](Self::find_integer), so a command that can go to the
    /// end of a long sequence gets there in a few replays rather than one
    /// step a replay.
    pub(crate) async fn move_spans(&mut self) {
        let mut span = 0;
        while span < self.best.spans.len() {
            if self.exhausted() {
                return;
            }
            let moved = self.best.spans.range(span);
            let label = self.best.spans.label(span);
            let Some(content) = self.best.choices.get(moved.clone()).filter(|content| !content.is_empty()) else {
                span += 1;
                continue;
            };
            // Where the copies of the span that follow it end: moving it
            // among them changes nothing, so the destinations start past.
            let mut copies_end = moved.end;
            while self.best.choices.get(copies_end..copies_end + content.len()) == Some(content) {
                copies_end += content.len();
            }
            let destinations: Vec<usize> = (span + 1..self.best.spans.len())
                .filter(|&other| self.best.spans.label(other) == label)
                .map(|other| self.best.spans.range(other).start)
                .filter(|&start| start > copies_end)
                .collect();
            if destinations.is_empty() {
                span += 1;
                continue;
            }
            let base = self.best.choices.clone();
            let move_before = |index: usize| {
                let (base, moved, destination) = (&base, moved.clone(), destinations[index]);
                move |_: &[u64], candidate: &mut Vec<u64>| {
                    candidate.extend_from_slice(&base[..moved.start]);
                    candidate.extend_from_slice(&base[moved.end..destination]);
                    candidate.extend_from_slice(&base[moved]);
                    candidate.extend_from_slice(&base[destination..]);
                }
            };
            // The nearest few, and the farthest (before the last span of
            // the kind, which may be in another collection): a command that
            // changes nothing once the failure is past goes to the end of a
            // sequence, beyond a block it cannot stand inside.
            let nearest = 0..destinations.len().min(MOVE_DESTINATIONS);
            let farthest = destinations.len().checked_sub(1).filter(|&last| last >= MOVE_DESTINATIONS);
            for first in nearest.chain(farthest) {
                if self.try_edit(move_before(first)).await {
                    self.find_integer(async |shrinker: &mut Self, further| {
                        first + further < destinations.len() && shrinker.try_edit(move_before(first + further)).await
                    })
                    .await;
                    break;
                }
            }
            span += 1;
        }
    }

    /// Sorts runs of sibling spans drawn by the same kind of generator (list
    /// elements, tuple fields), or failing that swaps neighbours that are out
    /// of order, so equal structures end in a canonical order. A list
    /// element's "go on" choice stays where it is and only the values move:
    /// the elements past a list's minimum length hold one and the others do
    /// not, and sorted whole they would keep that split.
    pub(crate) async fn sort_siblings(&mut self) {
        let mut parent = 0;
        while parent < self.best.spans.len() {
            if self.exhausted() {
                return;
            }
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
    pub(super) fn sibling_runs(&self, parent: usize) -> Vec<Vec<Sibling>> {
        let mut runs: Vec<Vec<Sibling>> = Vec::new();
        let mut previous: Option<(usize, &'static str)> = None;
        for child in self.best.spans.children(parent) {
            let range = self.best.spans.range(child);
            let label = self.best.spans.label(child);
            if self.is_stop(child) {
                break;
            }
            let kept = usize::from(self.best.spans.goes_on_first(child)).min(range.len());
            let sibling = Sibling { range: range.clone(), kept };
            match (previous, runs.last_mut()) {
                (Some((end, last_label)), Some(run)) if end == range.start && last_label == label => run.push(sibling),
                _ => runs.push(vec![sibling]),
            }
            previous = Some((range.end, label));
        }
        runs.retain(|run| run.len() > 1 && run.last().is_some_and(|last| last.range.end <= self.best.choices.len()));
        runs
    }

    async fn sort_run(&mut self, run: &[Sibling]) {
        let whole = run[0].range.start..run[run.len() - 1].range.end;
        if whole.end > self.best.choices.len() {
            return;
        }
        let values: Vec<Range<usize>> = run.iter().map(Sibling::value).collect();
        let mut sorted = values.clone();
        sorted.sort_by(|a, b| shortlex(&self.best.choices[a.clone()], &self.best.choices[b.clone()]));
        if sorted != values {
            let replacement = self.with_values(run, &sorted);
            if self.try_replace(whole.clone(), &replacement).await {
                return;
            }
        }
        for (index, pair) in run.windows(2).enumerate() {
            let (left, right) = (pair[0].value(), pair[1].value());
            if right.end > self.best.choices.len()
                || shortlex(&self.best.choices[right.clone()], &self.best.choices[left.clone()]).is_ge()
            {
                continue;
            }
            let replacement = self.with_values(&run[index..index + 2], &[right, left]);
            if self.try_replace(pair[0].range.start..pair[1].range.end, &replacement).await {
                return;
            }
        }
    }

    /// The choices of `run` with its values replaced, in order, by those of
    /// `values`: each sibling keeps its own leading choices.
    pub(super) fn with_values(&self, run: &[Sibling], values: &[Range<usize>]) -> Vec<u64> {
        let choices = &self.best.choices;
        run.iter()
            .zip(values)
            .flat_map(|(sibling, value)| {
                let kept = sibling.range.start..sibling.range.start + sibling.kept;
                choices[kept].iter().chain(&choices[value.clone()]).copied()
            })
            .collect()
    }
}

/// A span in a run of siblings to sort: its choices, and how many of its
/// first choices stay in place (a list element's "go on").
#[derive(Clone, Debug)]
pub(super) struct Sibling {
    pub(super) range: Range<usize>,
    kept: usize,
}

impl Sibling {
    /// The choices that move when the run is sorted.
    pub(super) fn value(&self) -> Range<usize> {
        self.range.start + self.kept..self.range.end
    }
}
