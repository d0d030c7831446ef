//! Targeted search: generation remembers the best-scoring example of each
//! target label, and the target phase hill-climbs from each of them.

use crate::engine::random::{self, Draws};
use crate::engine::source::{Fill, MAX_CHOICES, Variation};
use crate::generate::Generator;
use rand_xoshiro::rand_core::Rng;

use super::{Body, Case, End, Found, FoundBy, Runner, Summary, offer};

/// The fewest steps the climb of one label takes while the phase has steps
/// left: sharing [`Options::target_steps`](crate::Options::target_steps)
/// evenly among hundreds of labels would leave each none, and a climb of a
/// step or two finds nothing.
const MIN_STEPS_PER_LABEL: u64 = 25;

/// The best-scoring example of one target label (the runner keeps them by
/// label).
pub(super) struct TargetBest {
    score: f64,
    choices: Vec<u64>,
    maxima: Vec<u64>,
    /// How many times generation found a better example than the one
    /// before: a score that never rose gives a climb little to follow.
    improvements: u32,
}

impl<G: Generator, B: Body<G::Value>> Runner<'_, G, B> {
    /// Keeps the current example as the best of each target label it beat.
    #[inline]
    pub(super) fn remember_targets(&mut self) {
        if !self.record.targets.is_empty() {
            self.remember_scores();
        }
    }

    fn remember_scores(&mut self) {
        if !self.beats_a_target() {
            return;
        }
        let recording = self.source.recording();
        if recording.maxima.len() != recording.choices.len() {
            // Drawn without its maxima, which the target phase moves
            // choices within: the generators alone are replayed for them.
            let choices = recording.choices.clone();
            self.replay_generators(&choices);
        }
        for (label, score) in &self.record.targets {
            let recording = self.source.recording();
            match self.targets.get_mut(label) {
                Some(best) if *score <= best.score => {}
                Some(best) => {
                    best.score = *score;
                    best.choices.clone_from(&recording.choices);
                    best.maxima.clone_from(&recording.maxima);
                    best.improvements += 1;
                }
                None => {
                    let best = TargetBest {
                        score: *score,
                        choices: recording.choices.clone(),
                        maxima: recording.maxima.clone(),
                        improvements: 0,
                    };
                    self.targets.insert(label.clone(), best);
                }
            }
        }
    }

    /// The span of `choices`, by id, that starts at `position` with a choice
    /// between alternatives (a `one_of` branch, an enum variant), and where
    /// it ends; `None` if the choice there is no such choice. Moving it
    /// switches what the rest of the span draws, which replaying the old
    /// choices into would misalign everything after it.
    fn alternative_at(&mut self, choices: &[u64], position: usize) -> Option<(usize, usize)> {
        if !self.replay_generators(choices) {
            return None;
        }
        let spans = &self.source.recording().spans;
        (0..spans.len())
            .rfind(|&span| spans.chooses_alternative_first(span) && spans.range(span).start == position)
            .map(|span| (span, spans.range(span).end))
    }

    /// Whether the current example scored above the best of some target
    /// label, or under a label not seen before.
    fn beats_a_target(&self) -> bool {
        self.record.targets.iter().any(|(label, score)| self.targets.get(label).is_none_or(|best| *score > best.score))
    }

    /// The target phase: hill-climbs from the best example of each label,
    /// sharing [`target_steps`](crate::Options::target_steps) among them:
    /// first among the labels whose scores rose during generation, most
    /// often first, then among the rest with what those left (each takes at
    /// least [`MIN_STEPS_PER_LABEL`] while any are left). A step picks a
    /// choice and moves it up or down by 1, 2, 4, … for as long as the score
    /// keeps rising (or, after the first round over the choices, stays
    /// level, the example not growing), the rest of the example replayed
    /// (and drawn at random past its end, when the example grew; a moved
    /// choice between alternatives draws what its new alternative needs
    /// afresh). After a move that raised the score by making the example
    /// grow, the next step moves the choice as far past it as the example
    /// grew. Stops at the first failure, which the shrinker then takes. A
    /// climb whose round ran only examples run before ends: the next would
    /// run them again.
    pub(super) async fn target(&mut self, summary: &mut Summary, found: &mut Vec<Found>) {
        let mut bests: Vec<(String, TargetBest)> = std::mem::take(&mut self.targets).into_iter().collect();
        // Stable: labels that rose as often keep their order by name.
        bests.sort_by_key(|(_, best)| std::cmp::Reverse(best.improvements));
        let mut budget = self.settings.target_steps;
        let labels = bests.len() as u64;
        let rising = bests.iter().filter(|(_, best)| best.improvements > 0).count() as u64;
        for (index, (label, mut best)) in (0..labels).zip(bests) {
            // The steps are shared among the labels whose scores rose; the
            // others climb with what those leave.
            let sharing = if index < rising { rising - index } else { labels - index };
            let share = (budget / sharing).max(MIN_STEPS_PER_LABEL).min(budget);
            let mut steps_left = share;
            // A step picks among the choices that can move: one whose
            // largest value is 0 cannot, and an example of such choices
            // alone has no step to take.
            let movable = |best: &TargetBest| -> Vec<usize> {
                (0..best.maxima.len()).filter(|&at| best.maxima[at] > 0).collect()
            };
            let mut positions = movable(&best);
            // Positions are picked at random without repeats until each has
            // been tried, then afresh: picked with repeats, a climb spent
            // most of its steps on positions it had tried already.
            let mut untried: Vec<usize> = Vec::new();
            // The first round takes only moves that raise the score; later
            // ones cross plateaus too. A plateau move on a choice the score
            // does not depend on is always open, and a run of them to the
            // end of the choice's range cost a round most of its steps.
            let mut rounds = 0;
            // Whether this round has run an example not run before.
            let mut round_ran_new = false;
            // Where the next step goes, after a move that raised the score
            // by making the example grow: the choice as far past the moved
            // one as the example grew, which is the same choice of the next
            // part when the parts repeat (a list's "go on" after the element
            // it added). A list then grows by an element a step, where a
            // random pick of the next choice found its new end about once a
            // round.
            let mut follow: Option<usize> = None;
            while steps_left > 0 && !positions.is_empty() {
                if self.cancelled() {
                    summary.end = End::CANCELLED;
                    return;
                }
                if untried.is_empty() {
                    // A round that tried only examples run before cannot
                    // go anywhere the next would not: the climb is stuck
                    // (or every example there is has run).
                    if rounds > 1 && !round_ran_new {
                        break;
                    }
                    untried.clone_from(&positions);
                    rounds += 1;
                    round_ran_new = false;
                }
                let crosses_plateaus = rounds > 1;
                let position = match follow.take().filter(|&next| positions.contains(&next)) {
                    Some(next) => {
                        untried.retain(|&other| other != next);
                        next
                    }
                    None => untried.swap_remove(self.steering.up_to(untried.len() as u64 - 1) as usize),
                };
                // Found again only when a move is taken and the example changes.
                let mut alternative = self.alternative_at(&best.choices, position);
                // Steps of 1 first, then of 2: an integer's choice is a
                // zig-zag index, in which a step of 1 crosses to the other
                // side of its target and only a step of 2 moves a value
                // further out on its own side.
                for (upward, stride) in [(true, 1), (false, 1), (true, 2), (false, 2)] {
                    let mut distance: u64 = stride;
                    while steps_left > 0 && position < best.choices.len() {
                        let current = best.choices[position];
                        let moved = if upward {
                            current.saturating_add(distance).min(best.maxima[position])
                        } else {
                            current.saturating_sub(distance)
                        };
                        // A step of 2 clamped to a bound is a step of 1,
                        // which was tried already.
                        if moved == current || (stride == 2 && distance == 2 && moved.abs_diff(current) < 2) {
                            break;
                        }
                        steps_left -= 1;
                        let (case, ran_new) = match alternative {
                            Some((span, end)) => {
                                // Another alternative draws its own parts:
                                // they are drawn afresh, and the example
                                // goes on as before after them.
                                self.prefix.clear();
                                self.prefix.extend_from_slice(&best.choices[..position]);
                                self.prefix.push(moved);
                                self.prefix.extend_from_slice(&best.choices[end..]);
                                let random = random::for_example(self.steering.next_u64(), 0);
                                let fill = Fill::Random { random, scale: 1.0 };
                                let variation = Variation {
                                    span,
                                    kept: 1,
                                    resume_at: position + 1,
                                    fill,
                                    max_choices: MAX_CHOICES,
                                };
                                self.source.start_varying(&self.prefix, variation);
                                self.run_noted_case().await
                            }
                            None => {
                                self.prefix.clone_from(&best.choices);
                                self.prefix[position] = moved;
                                self.source.start_extending(&self.prefix, 1.0);
                                self.run_noted_case().await
                            }
                        };
                        round_ran_new |= ran_new;
                        match case {
                            Case::Pass => {
                                summary.passed += 1;
                                summary.statistics.add_target_scores(&self.record);
                                let recording = self.source.recording();
                                // A move to an equal score is taken too, as
                                // long as the example did not grow, so that
                                // the climb crosses a plateau of a score that
                                // rises in steps.
                                let sideways = |score: f64| {
                                    crosses_plateaus
                                        && score == best.score
                                        && recording.choices.len() <= best.choices.len()
                                };
                                let Some(score) =
                                    self.record.score(&label).filter(|&score| score > best.score || sideways(score))
                                else {
                                    break;
                                };
                                // The choices after the moved one shift
                                // by as many as the example grew: so do
                                // the positions this round has yet to try.
                                let (old, new) = (best.choices.len(), recording.choices.len());
                                for other in untried.iter_mut().filter(|other| **other > position) {
                                    *other = (*other + new).saturating_sub(old);
                                }
                                if new > old && score > best.score {
                                    follow = Some(position + (new - old));
                                }
                                best.score = score;
                                best.choices.clone_from(&recording.choices);
                                best.maxima.clone_from(&recording.maxima);
                                positions = movable(&best);
                                untried.retain(|&other| other < best.maxima.len() && best.maxima[other] > 0);
                                alternative = self.alternative_at(&best.choices, position);
                                distance = distance.saturating_mul(2);
                            }
                            Case::Fail(_) if self.cancelled() => {
                                summary.end = End::CANCELLED;
                                return;
                            }
                            Case::Fail(failure) => {
                                summary.count_failure();
                                offer(found, self.source.recording().choices.clone(), failure, FoundBy::Generating);
                                return;
                            }
                            Case::Discard(stop) => {
                                summary.discards += 1;
                                summary.rejections.count(stop);
                                break;
                            }
                            Case::GeneratorPanic(panic) => {
                                let choices = self.source.recording().choices.clone();
                                summary.end = End::GenerationFailed { choices, panic: *panic, from_database: false };
                                return;
                            }
                        }
                    }
                }
            }
            budget -= share - steps_left;
        }
    }
}
