//! Passes over two nearby choices at once: moving value from one to the
//! other, or lowering both together, which finds minima that lowering one
//! choice at a time cannot reach (a sum that must stay large).

use super::{Execute, Shrinker};

use super::{Move, PAIR_DISTANCE};

impl<E: Execute> Shrinker<'_, E> {
    /// Moves value from one choice to a later one nearby, for properties that
    /// need a total: `a + b > 1000` ends on `(0, 1001)` rather than at some
    /// split of it. Tried both as plain indices and as zig-zag magnitudes, so
    /// signed integers keep their signs.
    pub(crate) async fn redistribute_pairs(&mut self) {
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
    pub(crate) async fn lower_pairs_together(&mut self) {
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
}
