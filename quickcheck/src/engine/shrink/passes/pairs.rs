//! Passes over two or more nearby choices at once: moving value from one
//! to another, lowering them together, lowering one while raising
//! another, or dividing them by a common factor, which finds minima that
//! lowering one choice at a time cannot reach (a sum or a product that must
//! stay large, values that must keep their differences or their ratio).

use super::{Execute, Shrinker};

use super::{Move, PAIR_DISTANCE};

/// The most choices [`lower_groups_together`](Shrinker::lower_groups_together)
/// lowers at once.
const MOST_IN_A_GROUP: usize = 5;

/// How many numbers, the first in the sequence,
/// [`pair_far_numbers`](Shrinker::pair_far_numbers) pairs up, each with
/// the next of its kind.
const FAR_NUMBERS: usize = 16;

impl<E: Execute> Shrinker<'_, E> {
    /// Moves value from one choice to a later one nearby, for properties that
    /// need a total: `a + b > 1000` ends on `(0, 1001)` rather than at some
    /// split of it. Tried both as plain indices and as zig-zag magnitudes, so
    /// signed integers keep their signs.
    pub(crate) async fn redistribute_pairs(&mut self) {
        for first in 0..self.best.choices.len() {
            if self.exhausted() {
                return;
            }
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
            if self.exhausted() {
                return;
            }
            for second in first + 1..=first + PAIR_DISTANCE {
                if second >= self.best.choices.len() || self.best.choices[first] == 0 || !self.is_number(first) {
                    break;
                }
                if self.best.choices[second] == 0 || !self.is_number(second) {
                    continue;
                }
                for moves in [Move::Plain, Move::ZigZag] {
                    self.lower_together(&[first, second], moves).await;
                }
            }
        }
    }

    /// Lowers three or more numbers by one amount, each within
    /// [`PAIR_DISTANCE`] of the one before: values that must keep their
    /// differences, such as a run `(a, a + 1, a + 2)`, which lowering pairs
    /// breaks. Runs when the shrink stalls, as few sequences need it.
    pub(crate) async fn lower_groups_together(&mut self) {
        for first in 0..self.best.choices.len() {
            if self.exhausted() {
                return;
            }
            // The best may have shrunk under the loop.
            if self.best.choices.get(first).is_none_or(|&value| value == 0) || !self.is_number(first) {
                continue;
            }
            let mut group = [0; MOST_IN_A_GROUP];
            let mut size = 0;
            let mut next = Some(first);
            while let Some(member) = next
                && size < MOST_IN_A_GROUP
            {
                group[size] = member;
                size += 1;
                if size >= 3 {
                    for moves in [Move::Plain, Move::ZigZag] {
                        self.lower_together(&group[..size], moves).await;
                    }
                }
                // The next nonzero number nearby, in the best as it is now.
                next = (member + 1..=member + PAIR_DISTANCE)
                    .take_while(|&position| position < self.best.choices.len())
                    .find(|&position| self.best.choices[position] != 0 && self.is_number(position));
            }
        }
    }

    /// Moves value between two numbers of one kind (one largest value),
    /// further apart than [`PAIR_DISTANCE`] with no number of their kind
    /// between them, and lowers them together, as
    /// [`redistribute_pairs`](Self::redistribute_pairs) and
    /// [`lower_pairs_together`](Self::lower_pairs_together) do for nearby
    /// ones: two numbers of a token list that must add up (`[Num(a), Plus,
    /// Num(b)]` with `a + b >= 300`) stand five choices apart, past a
    /// variant and a "go on" each. Among the first [`FAR_NUMBERS`] numbers
    /// that are no choice between alternatives; a zero costs no replay.
    /// Runs when the shrink stalls, and stops at its first success, as the
    /// positions it paired may have moved.
    pub(crate) async fn pair_far_numbers(&mut self) {
        let numbers: Vec<usize> = self.plain_numbers().into_iter().take(FAR_NUMBERS).collect();
        let shrinks = self.shrinks;
        for (index, &first) in numbers.iter().enumerate() {
            if self.exhausted() {
                return;
            }
            let largest = self.best.maxima[first];
            let Some(&second) = numbers[index + 1..].iter().find(|&&next| self.best.maxima[next] == largest) else {
                continue;
            };
            if second - first <= PAIR_DISTANCE {
                continue;
            }
            for moves in [Move::Plain, Move::ZigZag] {
                self.redistribute(first, second, moves).await;
                self.lower_together(&[first, second], moves).await;
            }
            if self.shrinks != shrinks {
                return;
            }
        }
    }

    /// Divides two nearby numbers by their greatest common divisor, for
    /// values that must keep their ratio: "an item followed by twice it"
    /// ends on `[1, 2]` rather than on whichever multiple the lowering
    /// passes stopped at, since lowering either alone, or both by one
    /// amount, breaks the ratio. Read as plain numbers and as zig-zag
    /// magnitudes (keeping signs). Runs when the shrink stalls.
    pub(crate) async fn divide_pairs_by_common_factor(&mut self) {
        for first in 0..self.best.choices.len() {
            if self.exhausted() {
                return;
            }
            for second in first + 1..=first + PAIR_DISTANCE {
                if second >= self.best.choices.len() || !self.is_number(first) {
                    break;
                }
                if !self.is_number(second) {
                    continue;
                }
                for moves in [Move::Plain, Move::ZigZag] {
                    let Some((&a, &b)) = self.best.choices.get(first).zip(self.best.choices.get(second)) else {
                        return;
                    };
                    let (magnitude_a, magnitude_b) = (moves.capacity(a), moves.capacity(b));
                    // A zero divides nothing: the other would only become 1,
                    // which lowering it alone tries.
                    let divisor = greatest_common_divisor(magnitude_a, magnitude_b);
                    if magnitude_a == 0 || magnitude_b == 0 || divisor <= 1 {
                        continue;
                    }
                    let lowered_a = moves.lower(a, magnitude_a - magnitude_a / divisor);
                    let lowered_b = moves.lower(b, magnitude_b - magnitude_b / divisor);
                    let Some((lowered_a, lowered_b)) = lowered_a.zip(lowered_b) else { continue };
                    self.try_edit(|best, candidate| {
                        candidate.extend_from_slice(best);
                        candidate[first] = lowered_a;
                        candidate[second] = lowered_b;
                    })
                    .await;
                }
            }
        }
    }

    /// Lowers a number by one and raises the number right after it to its
    /// largest value, as counting down carries from 100 to 099: the edit for
    /// values written in two parts, where the first part cannot go down
    /// without the second making up for it. A float's exponent, one lower,
    /// needs a larger significand to stay above a bound (`x >= 2^31 + 256`
    /// ends there, not at `2^32`); the raised choice then shrinks on its
    /// own. Tried as a plain index and as a zig-zag magnitude, so a signed
    /// value one step nearer zero keeps its sign, and with the next raised
    /// only as far as its lowest bit allows, for the low word of a signed
    /// 128-bit value. A next number already at its largest is lowered by
    /// one or two instead: a signed range keeps its other extreme there
    /// (`i32::MAX` two below `i32::MIN`), so an overflow at `(-1,
    /// i32::MIN)` ends on `(1, i32::MAX)`. Runs when the shrink stalls.
    pub(crate) async fn borrow_from_next(&mut self) {
        for first in 0..self.best.choices.len().saturating_sub(1) {
            if self.exhausted() {
                return;
            }
            let next = first + 1;
            // The best may have shrunk under the loop.
            let Some(&value) = self.best.choices.get(first) else { break };
            if value == 0 || !self.is_number(first) || !self.is_number(next) {
                continue;
            }
            let largest = self.best.maxima[next];
            let plain = value - 1;
            let moves = if self.best.choices[next] == largest {
                // Already at its largest, the next can go no higher; for a
                // signed range, one or two below is its other extreme (two
                // for a whole type, one for a range as wide on both sides).
                let other_extreme = |below| largest.checked_sub(below).map(|raised| (plain, raised));
                [other_extreme(1), other_extreme(2), None]
            } else {
                // The next raised as far as it goes with its lowest bit
                // kept: the low word of a negative 128-bit value, whose
                // lowest bit is the value's sign, raised to its largest
                // would turn it positive.
                let parity_kept = (largest - largest % 2 + self.best.choices[next] % 2).min(largest);
                let same_sign = (parity_kept != largest).then_some((plain, parity_kept));
                let nearer_zero = Move::ZigZag.lower(value, 1).filter(|&lowered| lowered != plain);
                [Some((plain, largest)), nearer_zero.map(|lowered| (lowered, largest)), same_sign]
            };
            for (lowered, raised) in moves.into_iter().flatten() {
                let improved = self
                    .try_edit(|best, candidate| {
                        candidate.extend_from_slice(best);
                        candidate[first] = lowered;
                        candidate[next] = raised;
                    })
                    .await;
                // The best changed under the loop: its next choice is raised
                // now, and nothing more is borrowed here.
                if improved || self.best.choices.len() <= next {
                    break;
                }
            }
        }
    }

    /// Lowers a number as far as it still fails with a later number nearby
    /// raised to its largest: for values whose product, or another
    /// combination that must stay large, lets one go down only if another
    /// goes up. The raised number then shrinks on its own, so a product of
    /// three bytes above 1,000,000 ends on `[16, 246, 255]`. Runs when the
    /// shrink stalls. (Its first edit for the next number is also
    /// [`borrow_from_next`](Self::borrow_from_next)'s; a candidate tried
    /// before costs no replay.)
    pub(crate) async fn lower_with_later_raised(&mut self) {
        for first in 0..self.best.choices.len() {
            if self.exhausted() {
                return;
            }
            for second in first + 1..=first + PAIR_DISTANCE {
                if second >= self.best.choices.len() || self.best.choices[first] == 0 || !self.is_number(first) {
                    break;
                }
                let largest = self.best.maxima[second];
                if !self.is_number(second) || self.best.choices[second] == largest {
                    continue;
                }
                let value = self.best.choices[first];
                self.change_by(&[first, second], value, None, |index, amount| {
                    if index == 0 { value.checked_sub(amount) } else { Some(largest) }
                })
                .await;
            }
        }
    }

    /// Lowers the numbers at `positions` by one amount, as far as they all
    /// still fail.
    pub(super) async fn lower_together(&mut self, positions: &[usize], moves: Move) {
        if positions.iter().any(|&position| position >= self.best.choices.len()) {
            return;
        }
        let mut values = [0; MOST_IN_A_GROUP];
        for (value, &position) in values.iter_mut().zip(positions) {
            *value = self.best.choices[position];
        }
        let most = values[..positions.len()].iter().map(|&value| moves.capacity(value)).min().unwrap_or(0);
        self.change_by(positions, most, None, |index, amount| moves.lower(values[index], amount)).await;
    }

    async fn redistribute(&mut self, first: usize, second: usize, moves: Move) {
        if second >= self.best.choices.len() {
            return;
        }
        let (from, to) = (self.best.choices[first], self.best.choices[second]);
        let to_max = self.best.maxima[second];
        let pair_after = |amount| moves.apply(from, to, amount, to_max);
        // Filling the receiver exactly is the likeliest largest move that
        // still fails, where the two must keep their total.
        let fill = Some(moves.room(to, to_max));
        self.change_by(&[first, second], moves.capacity(from), fill, |index, amount| {
            pair_after(amount).map(|(lowered, raised)| if index == 0 { lowered } else { raised })
        })
        .await;
    }

    /// Tries, for the choices at `positions`, the values `value_after`
    /// gives each (by its index in `positions`) for the largest amount up to
    /// `most` that still fails: one step first, since most groups are
    /// unrelated and this rejects them in one replay, then the most, then
    /// `guess` and the amount after it (where a guess is right, two replays
    /// end the search), then bisection.
    async fn change_by(
        &mut self,
        positions: &[usize],
        most: u64,
        guess: Option<u64>,
        value_after: impl Fn(usize, u64) -> Option<u64>,
    ) {
        debug_assert!(positions.len() <= MOST_IN_A_GROUP, "a group of at most {MOST_IN_A_GROUP} choices");
        let length = self.best.choices.len();
        let attempt = async |shrinker: &mut Self, amount: u64| {
            // A success may have changed the sequence's shape under the
            // choices, and an amount may be more than one of them holds.
            if shrinker.best.choices.len() != length {
                return false;
            }
            let mut values = [0; MOST_IN_A_GROUP];
            for (index, value) in values.iter_mut().enumerate().take(positions.len()) {
                let Some(after) = value_after(index, amount) else { return false };
                *value = after;
            }
            shrinker
                .try_edit(|best, candidate| {
                    candidate.extend_from_slice(best);
                    for (&position, &value) in positions.iter().zip(&values) {
                        candidate[position] = value;
                    }
                })
                .await
        };
        if most == 0 || !attempt(self, 1).await || attempt(self, most).await {
            return;
        }
        let (mut works, mut fails) = (1, most);
        if let Some(guess) = guess.filter(|&guess| 1 < guess && guess < most) {
            if attempt(self, guess).await {
                works = guess;
                if guess + 1 < most {
                    if attempt(self, guess + 1).await {
                        works = guess + 1;
                    } else {
                        fails = guess + 1;
                    }
                }
            } else {
                fails = guess;
            }
        }
        self.bisect(works, fails, attempt).await;
    }
}

/// The greatest common divisor of `a` and `b` (Euclid's algorithm); 0 when
/// both are 0.
fn greatest_common_divisor(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
