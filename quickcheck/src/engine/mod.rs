//! The engine: choice sequences, generation and shrinking.
//!
//! A test case *is* its choice sequence. Generators draw bounded integer
//! choices from a [`ChoiceSource`], which records them with spans. The
//! runner replays the failures saved in the example database, generates
//! test cases (going on a little after a failure, to find failures of other
//! origins), and hill-climbs towards targets; the shrinker then edits each
//! distinct failing sequence and replays the generators on each edit,
//! keeping edits that still fail the same way, and the explain phase finds
//! which arguments of the minimal counterexample matter. Every value the
//! shrinker reports is therefore one the generators could have produced.
//!
//! | module | owns |
//! | --- | --- |
//! | `source` | the choice source: drawing, recording, replaying |
//! | `spans` | which choices each draw made |
//! | `order` | shortlex order and the zig-zag integer order |
//! | `word` | the `u64` and `u128` words integer ranges are computed in |
//! | `random` | seeded, platform-independent randomness |
//! | `unwind` | discards, overruns and silent panic capture |
//! | `alarm` | waking an asynchronous body at its deadline, under any executor |
//! | `run` | the run: its phases, from the saved failures to the explanation |
//! | `database` | the failures saved between runs, replayed first |
//! | `shrink` | the shrinker and its passes |
//! | `tree` | every case run so far: no duplicates, knowing when a space is exhausted |
//! | `explain` | which arguments of the minimal counterexample matter |
//! | `isolation` | running the body in a child process, where a crash fails only the example |

pub(crate) mod alarm;
pub(crate) mod database;
pub(crate) mod explain;
pub(crate) mod isolation;
pub(crate) mod order;
pub(crate) mod random;
pub(crate) mod run;
pub(crate) mod shrink;
pub(crate) mod source;
pub(crate) mod spans;
#[cfg(test)]
pub(crate) mod stand_in;
pub(crate) mod tree;
pub(crate) mod unwind;
pub(crate) mod word;

use crate::generate::Generator;
use source::ChoiceSource;
use unwind::{Caught, Panic, Rejections, catch};

/// How many discarded attempts in a row make [`sample`] give up.
const SAMPLE_ATTEMPTS: u32 = 1000;

/// The most values [`sample`] reserves room for before it draws.
const SAMPLE_RESERVED: usize = 4096;

/// Draws one value whose choices are read from `bytes`; see
/// [`Generator::draw_from_bytes`].
#[track_caller]
pub(crate) fn draw_from_bytes<G: Generator>(generator: &G, bytes: &[u8]) -> Option<G::Value> {
    let mut source = ChoiceSource::new();
    source.start_bytes(bytes);
    match catch(|| source.draw_example(generator)) {
        Ok(value) => Some(value),
        // Discarded, or too large for one example: no value to test.
        Err(Caught::Stop(_)) => None,
        // A fuzzer reports this panic as the crash it is.
        Err(Caught::Panic(panic)) => generator_panicked("Generator::draw_from_bytes", &panic),
    }
}

/// Panics again for a generator's `panic` met by `method`: at the
/// caller's line, as the panic of a method called there, and naming the
/// generator's own place, which is where the bug is.
#[track_caller]
fn generator_panicked(method: &str, panic: &Panic) -> ! {
    panic!("{method}: the generator {}", panic.what_happened())
}

/// Draws `count` values with full-size random choices; see
/// [`Generator::sample`].
#[track_caller]
pub(crate) fn sample<G: Generator>(generator: &G, count: usize, seed: u64) -> Vec<G::Value> {
    let mut source = ChoiceSource::new();
    source.reseed(random::for_example(seed, 0));
    // Reserved up to a modest size only: a huge count runs out of memory
    // while the values are drawn, not all at once at the call.
    let mut values = Vec::with_capacity(count.min(SAMPLE_RESERVED));
    while values.len() < count {
        let mut attempts = 0;
        let mut rejections = Rejections::default();
        let value = loop {
            source.start_random(1.0);
            match catch(|| source.draw_example(generator)) {
                Ok(value) => break value,
                Err(Caught::Stop(stop)) => {
                    attempts += 1;
                    rejections.count(stop);
                    assert!(
                        attempts < SAMPLE_ATTEMPTS,
                        "Generator::sample: {SAMPLE_ATTEMPTS} attempts in a row were discarded, by {}. {}",
                        rejections.describe(),
                        rejections.advice()
                    );
                }
                Err(Caught::Panic(panic)) => generator_panicked("Generator::sample", &panic),
            }
        };
        values.push(value);
    }
    values
}
