//! Passes that keep the choices but change their order: moving a span
//! to a later place of the same label, and sorting runs of siblings so the
//! smaller come first.

use std::ops::Range;

use super::{Execute, Shrinker};
use crate::engine::order::shortlex;

/// How many later same-label spans `move_spans` tries as destinations.
const MOVE_DESTINATIONS: usize = 4;

impl<E: Execute> Shrinker<'_, E> {
    /// Moves a span to just before a later span with the same label: an
    /// element from one list to the next, so that lists can then be sorted
    /// and merged where none could be deleted outright.
    pub(crate) async fn move_spans(&mut self) {
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

    /// Sorts runs of sibling spans drawn by the same kind of generator (list
    /// elements, tuple fields), or failing that swaps neighbours that are out
    /// of order, so equal structures end in a canonical order.
    pub(crate) async fn sort_siblings(&mut self) {
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
