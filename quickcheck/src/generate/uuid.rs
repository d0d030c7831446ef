//! `uuid::Uuid`, with the `uuid` feature.

use rand_xoshiro::rand_core::Rng;
use uuid::Uuid;

use crate::engine::random::Draws;
use crate::engine::source::ChoiceSource;
use crate::generate::Generator;

/// A generator of UUIDs, from [`uuid`](fn@uuid).
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct UuidOf;

/// Any UUID, all 128 bits drawn uniformly, so every version and variant
/// appears. Shrinks towards the nil UUID, the high bits first.
///
/// Forces the nil UUID and the max UUID (all ones) one draw in sixteen
/// between them.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let ids = generate::uuid().sample(200, 1);
/// assert!(ids.contains(&uuid::Uuid::nil()));
/// assert!(ids.iter().filter(|id| !id.is_nil()).count() > 150);
/// ```
pub fn uuid() -> UuidOf {
    UuidOf
}

impl Generator for UuidOf {
    type Value = Uuid;

    fn generate(&self, source: &mut ChoiceSource) -> Uuid {
        let bits = source.choose_wide(u128::MAX, |random| {
            let word = random.next_u64();
            if word & 15 == 0 { if word & 16 == 0 { 0 } else { u128::MAX } } else { random.up_to_wide(u128::MAX) }
        });
        Uuid::from_u128(bits)
    }

    fn label(&self) -> &'static str {
        "uuid"
    }
}
