//! Passes that make single choices smaller: each choice searched down to
//! the lowest value that still fails (deleting what depended on it where
//! that helps), and equal choices lowered together.

use std::collections::HashSet;

use super::{Execute, Move, NumberKind, PAIR_DISTANCE, Shrinker};

/// The largest value `minimize_choices` first checks against the two just
/// below it before searching: small values such as indices are often as low
/// as they go, large random ones seldom.
const PROBED_UP_TO: u64 = 16;

/// The largest value `try_smaller_values` tries every value below.
const SCANNED_UP_TO: u64 = 128;

/// How many times `minimize_choices` halves a choice after its binary search.
const HALVINGS: u32 = 2;

/// How many later spans `minimize_choices` tries to delete together with
/// lowering a choice.
const DEPENDENT_SPANS: usize = 16;

/// How many values from a rejected midpoint on `binary_search_down` tries
/// before it reads the midpoint as passing.
const PROBED_PAST_REJECTION: u64 = 16;

/// The smallest number whose bits `minimize_choices` clears one at a time.
const BITS_CLEARED_FROM: u64 = 1 << 16;

/// How many of the numbers a run of `minimize_choices` lowered last (not
/// to 0) it then tries lowering in pairs by one amount.
const LOWERED_TOGETHER: usize = 8;

impl<E: Execute> Shrinker<'_, E> {
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
    /// success searching on from the new value. Where a search met values a
    /// filter or `assume` rejected, round values are tried too (see
    /// [`try_round_values`](Self::try_round_values)). A choice that does not reach
    /// 0 on its own is then tried one lower together with deleting a later
    /// span, for sizes drawn before the items they count: lowering such a
    /// size alone keeps the leading items, which are seldom the ones that
    /// matter. Last, the numbers it lowered but not to 0 are lowered in
    /// pairs by one amount (see
    /// [`lower_far_pairs_together`](Self::lower_far_pairs_together)).
    pub(crate) async fn minimize_choices(&mut self) {
        let mut flags = self.collection_flags();
        let mut places = self.places();
        let mut stuck = HashSet::new();
        let mut lowered = Vec::new();
        let mut position = 0;
        while position < self.best.choices.len() {
            if self.exhausted() {
                return;
            }
            let original = self.best.choices[position];
            // Lowering a "go on" cuts the collection short there, which the
            // deletion passes try more cheaply.
            let flag = flags.get(position).copied().unwrap_or(false);
            if original > 0 && !flag {
                let shrinks = self.shrinks;
                let kind = self.kind_of(&places, position);
                self.minimize_choice(position, kind).await;
                match self.best.choices.get(position) {
                    Some(&now) if now == original => {
                        stuck.insert(kind);
                    }
                    Some(&now) if now > 0 => lowered.push(position),
                    _ => {}
                }
                // A shrink may have changed which choices are "go on"s, and
                // where they stand.
                if self.shrinks != shrinks {
                    flags = self.collection_flags();
                    places = self.places();
                }
            }
            position += 1;
        }
        self.stuck = stuck;
        self.lower_far_pairs_together(&lowered[lowered.len().saturating_sub(LOWERED_TOGETHER)..]).await;
    }

    /// Lowers pairs of the numbers at `positions`, ones `minimize_choices`
    /// just lowered but not to 0, by one amount, where the two are further
    /// apart than the pair passes look. Two numbers that must stay close
    /// (`|m - n| <= 1 && m > 1000`), each lowered alone, take turns going
    /// one below the other, two steps a sweep from thousands down;
    /// lowered together they reach the bound in a few bisection steps.
    /// Pairs nearer than [`PAIR_DISTANCE`] are left to
    /// [`lower_pairs_together`](Self::lower_pairs_together), which the
    /// sweep runs later. (A success may have moved later choices; a
    /// position that no longer holds a number costs nothing, and one that
    /// holds another costs a replay.)
    async fn lower_far_pairs_together(&mut self, positions: &[usize]) {
        // A choice between alternatives is no number to lower with another.
        let alternatives = self.alternative_choices();
        for (index, &first) in positions.iter().enumerate() {
            for &second in &positions[index + 1..] {
                let far = second - first > PAIR_DISTANCE;
                let numbers = self.is_number(first) && self.is_number(second);
                let plain =
                    !alternatives.get(first).is_some_and(|&is| is) && !alternatives.get(second).is_some_and(|&is| is);
                if !far || !numbers || !plain {
                    continue;
                }
                for moves in [Move::Plain, Move::ZigZag] {
                    self.lower_together(&[first, second], moves).await;
                }
            }
        }
    }

    /// Lowers the choice at `position`, a number of `kind` (not 0), as far
    /// as it goes.
    async fn minimize_choice(&mut self, position: usize, kind: NumberKind) {
        let original = kind.value;
        if self.try_set(position, 0).await {
            self.zero_numbers_after(position).await;
            return;
        }
        let discarded = self.discarded;
        let was_stuck = self.stuck.contains(&kind);
        let as_low_as_it_goes = self.passes_just_below(position, original, was_stuck).await;
        if !as_low_as_it_goes {
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
        // A search that met rejected values may have stopped short of
        // values a filter or `assume` keeps, such as round ones.
        let rejected = self.discarded > discarded;
        if rejected && self.best.choices.get(position).is_some_and(|&value| value >= 10) {
            self.try_round_values(position).await;
        }
        // A value that stays as low as it went last time had its bits tried
        // then, in vain.
        if !(was_stuck && as_low_as_it_goes) {
            self.keep_low_bits(position).await;
            self.clear_bits(position).await;
        }
        if self.best.choices.get(position).is_some_and(|&value| value > 0) {
            self.lower_with_deletion(position).await;
        }
    }

    /// Tries the choice at `position` with its lowest decimal digits
    /// cleared and divided by powers of ten, smallest first, read both as a
    /// plain number and as a signed value's zig-zag magnitude (keeping its
    /// sign), until none of them fails. A filter or `assume` that keeps only
    /// multiples of 100 rejects nearly every value a binary search tries;
    /// round values are the ones it keeps.
    async fn try_round_values(&mut self, position: usize) {
        for moves in [Move::Plain, Move::ZigZag] {
            'rounder: while let Some(&value) = self.best.choices.get(position) {
                let magnitude = moves.capacity(value);
                for round in round_below(magnitude) {
                    let Some(candidate) = moves.lower(value, magnitude - round) else { continue };
                    if self.try_set(position, candidate).await {
                        continue 'rounder;
                    }
                }
                break;
            }
        }
    }

    /// Tries the two values just below `original` at `position` and says
    /// whether the test ran on both and passed. The choice is then most
    /// likely as low as it goes (a value that is part of a pattern, such as
    /// an index another item points back to), and a search for a lower one
    /// would only confirm it, at about two replays per bit. Two values, not
    /// one, because one below a signed integer's index is its negation; and
    /// a filter rejecting a value says nothing either way. A value the last
    /// run of `minimize_choices` could not lower is checked at any size: on
    /// the sweeps after the first, most numbers are as low as they go.
    async fn passes_just_below(&mut self, position: usize, original: u64, was_stuck: bool) -> bool {
        if original < 4 || (original > PROBED_UP_TO && !was_stuck) {
            // Below 4 the search costs no more than this check; above the
            // limit a value is seldom as low as it goes already, unless it
            // was last time.
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
    /// pass) and at most `works` (known to fail), by bisection. A midpoint a
    /// filter or `assume` rejects says nothing either way, so the values
    /// just above it are tried, up to [`PROBED_PAST_REJECTION`] of them,
    /// until one runs: a filter that keeps one value in seven (`x % 7 ==
    /// 3`), or primes, would otherwise reject nearly every midpoint and end
    /// the search far above the smallest value it keeps. Rejected values
    /// cost a draw, not a call of the property.
    async fn binary_search_down(&mut self, position: usize, works: u64) -> u64 {
        let (mut fails, mut passes) = (works, 0);
        while fails - passes > 1 {
            let middle = passes + (fails - passes) / 2;
            let mut tried = middle;
            loop {
                // A success may shorten the sequence below the position;
                // the search then ends.
                if position >= self.best.choices.len() {
                    return fails;
                }
                let unjudged = self.unjudged;
                if self.try_set(position, tried).await {
                    fails = tried;
                    break;
                }
                let rejected = self.unjudged > unjudged;
                if !rejected || tried + 1 >= fails || tried - middle + 1 >= PROBED_PAST_REJECTION {
                    // Read as passing: a rejected run as it always was.
                    passes = if rejected { middle } else { tried };
                    break;
                }
                tried += 1;
            }
        }
        fails
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

    /// Clears the set bits of the choice at `position` one at a time,
    /// highest first, while it is at least [`BITS_CLEARED_FROM`], keeping
    /// every clearing that still fails. A number that fails for a field of
    /// bits in its middle (a UUID's version, a flag in a word, the low bits
    /// an `f64` cannot hold above 2^53) stops the binary search wherever a
    /// midpoint changes the field, far above the smallest such number, and
    /// each search after it gains a step or two; clearing the bits around
    /// the field leaves the field alone. Smaller numbers are left to the
    /// other edits, which cost fewer replays than a replay a bit.
    async fn clear_bits(&mut self, position: usize) {
        for bit in (0..u64::BITS).rev() {
            let Some(&value) = self.best.choices.get(position) else { return };
            if value < BITS_CLEARED_FROM {
                return;
            }
            let cleared = value & !(1 << bit);
            if cleared != value {
                self.try_set(position, cleared).await;
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

    /// Lowers the choice at `position` by one while deleting one of the
    /// spans after it, for a size drawn before the items it counts. Once a
    /// span's deletion works, its next siblings go too, the choice lowered by
    /// one more for each, as many as still fail, found by
    /// [`find_integer`](Self::find_integer): removing the leading items of a
    /// long list then costs a few replays rather than one sweep per item.
    /// A value above the number of spans in the whole test case counts no
    /// items in it, and is left alone: a command's argument of 100 in a
    /// sequence of ten commands would otherwise cost a replay per span
    /// tried.
    async fn lower_with_deletion(&mut self, position: usize) {
        let value = self.best.choices[position];
        if u64::try_from(self.best.spans.len()).is_ok_and(|spans| value > spans) {
            return;
        }
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

    /// Lowers each number in steps that keep its lowest bits or digits: by
    /// as many multiples as still fail of the largest power of two that
    /// divides it, then of the largest power of ten (2 and 10 for a number
    /// they do not divide, which keeps its last bit or digit), read both as
    /// a plain number and as a signed value's zig-zag magnitude. A value
    /// that fails for its residue as well as its size (an even or odd
    /// number above 1000, a multiple of ten that a filter keeps, a number
    /// ending in 7) stops a binary search wherever a midpoint has the wrong
    /// residue, far above the smallest such value; steps of the stride keep
    /// the residue all the way down. A number as low as it goes costs a
    /// replay per stride.
    pub(crate) async fn lower_keeping_residue(&mut self) {
        let mut position = 0;
        while position < self.best.choices.len() {
            if self.exhausted() {
                return;
            }
            if self.is_number(position) {
                for moves in [Move::Plain, Move::ZigZag] {
                    let magnitude = self.best.choices.get(position).map_or(0, |&value| moves.capacity(value));
                    for stride in residue_strides(magnitude) {
                        self.lower_by_strides(position, moves, stride).await;
                    }
                }
            }
            position += 1;
        }
    }

    /// Tries every value below each small number (up to
    /// [`SCANNED_UP_TO`]), smallest first, and keeps the first that still
    /// fails. Where failing values lie in separate runs, a binary search
    /// stops at the bottom of the run it started in: a character that fails
    /// for being whitespace stops at `'\r'`, whose neighbours in the
    /// character order are no whitespace, above `' '`. Below a small number
    /// every value is cheap to try. Equal values of one range in elements
    /// of one collection are scanned once: they nearly always fail or pass
    /// alike, and the arguments of ten `Add(100)` commands of a stateful
    /// test scanned one by one cost a thousand runs of the system to learn
    /// nothing. (The fields of a tuple, which may mean different things,
    /// are each scanned.)
    pub(crate) async fn try_smaller_values(&mut self) {
        let mut places = self.places();
        let mut not_lowered = HashSet::new();
        for position in self.plain_numbers() {
            if self.exhausted() {
                return;
            }
            // A success may have shortened the best under the loop.
            let Some(&value) = self.best.choices.get(position) else { return };
            let kind = self.kind_of(&places, position);
            if !(2..=SCANNED_UP_TO).contains(&value) || not_lowered.contains(&kind) {
                continue;
            }
            // 0 and the values just below were tried by `minimize_choice`.
            let mut lowered = false;
            for candidate in 1..value {
                if self.best.choices.get(position) != Some(&value) {
                    break;
                }
                if self.try_set(position, candidate).await {
                    lowered = true;
                    break;
                }
            }
            if lowered {
                // A shrink may have moved the elements.
                places = self.places();
            } else {
                not_lowered.insert(kind);
            }
        }
    }

    /// Lowers the number at `position`, read as `moves` says, by as many
    /// multiples of `stride` as still fail.
    async fn lower_by_strides(&mut self, position: usize, moves: Move, stride: u64) {
        let Some(&value) = self.best.choices.get(position) else { return };
        // Counts are doubled as a `usize` while searching, which must not
        // overflow on a 32-bit target.
        let most = (moves.capacity(value) / stride).min(u64::from(u32::MAX) / 4);
        self.find_integer(async |shrinker: &mut Self, count| {
            let Some(lowered) = (count as u64).checked_mul(stride).and_then(|amount| moves.lower(value, amount)) else {
                return false;
            };
            count as u64 <= most && position < shrinker.best.choices.len() && shrinker.try_set(position, lowered).await
        })
        .await;
    }

    /// Lowers equal choices of one kind together, for values that must stay
    /// equal (the same key in several commands). Choices count as one kind
    /// when they have the same range, which keeps a key from being grouped
    /// with an unrelated count that happens to be equal; a choice between
    /// alternatives is of no kind a value is (a command's kind, numbered
    /// like the handle it takes, would turn into another command).
    pub(crate) async fn lower_duplicates(&mut self) {
        let mut by_value: Vec<(u64, u64, usize)> = self
            .plain_numbers()
            .into_iter()
            .filter(|&at| self.best.choices[at] > 0)
            .map(|at| (self.best.maxima[at], self.best.choices[at], at))
            .collect();
        by_value.sort_unstable();
        let groups: Vec<(u64, Vec<usize>)> = by_value
            .chunk_by(|a, b| (a.0, a.1) == (b.0, b.1))
            .filter(|group| group.len() > 1)
            .map(|group| (group[0].1, group.iter().map(|&(_, _, at)| at).collect()))
            .collect();
        for (value, positions) in groups {
            if self.exhausted() {
                return;
            }
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
}

/// Whether every one of `positions` holds `value`.
fn all_hold(best: &[u64], positions: &[usize], value: u64) -> bool {
    positions.iter().all(|&at| best.get(at) == Some(&value))
}

/// The strides that keep the residue of `magnitude` while lowering it:
/// the largest power of two and the largest power of ten that divide it,
/// or 2 and 10 where none above 1 does (each only if below the magnitude
/// itself, whose only multiple below it is 0, tried elsewhere).
fn residue_strides(magnitude: u64) -> Vec<u64> {
    if magnitude == 0 {
        return Vec::new();
    }
    // A number that neither divides keeps its last bit or digit: an odd
    // number steps by 2, one that ends in 7 by 10.
    let binary = (1u64 << magnitude.trailing_zeros()).max(2);
    let decimal = powers_of_ten().take_while(|&power| magnitude.is_multiple_of(power)).last().unwrap_or(10);
    let mut strides: Vec<u64> =
        [binary, decimal].into_iter().filter(|&stride| 1 < stride && stride < magnitude).collect();
    strides.dedup();
    strides
}

/// The round numbers below `value`, smallest first: `value` divided by
/// each power of ten, then with its lowest digits cleared (0 is tried
/// before this, and left out).
fn round_below(value: u64) -> Vec<u64> {
    let powers = powers_of_ten().take_while(|&power| power <= value);
    let mut rounds: Vec<u64> = powers
        .flat_map(|power| [value / power, value - value % power])
        .filter(|&round| 0 < round && round < value)
        .collect();
    rounds.sort_unstable();
    rounds.dedup();
    rounds
}

/// 10, 100, 1000, … up to the largest a `u64` holds.
fn powers_of_ten() -> impl Iterator<Item = u64> {
    std::iter::successors(Some(10u64), |power| power.checked_mul(10))
}
