//! A position in a collection whose length is not known when it is drawn.

use rand_xoshiro::rand_core::Rng;

use crate::Arbitrary;
use crate::engine::source::ChoiceSource;
use crate::generate::Generator;

/// A position in a collection whose length is known only later: drawn
/// beside other values, and turned into a position once the collection
/// exists, with [`index`](Index::index) or [`get`](Index::get). Where the
/// collection is drawn too, draw the position with it instead (see
/// [`from_fn`](crate::generate::from_fn)); an `Index` is for a collection
/// the test builds itself.
///
/// Positions are spread evenly over the collection, with the first and the
/// last now and then forced; an index shrinks towards the first position.
///
/// ```
/// use std::collections::BTreeSet;
///
/// use quickcheck::generate::Index;
/// use quickcheck::{Options, Property, arbitrary};
///
/// // The set is built by the test, and its size is known only then.
/// Property::for_all((arbitrary::<Vec<u8>>(), arbitrary::<Index>()), |(inserted, index)| {
///     let set: BTreeSet<u8> = inserted.iter().copied().collect();
///     let members: Vec<&u8> = set.iter().collect();
///     if !members.is_empty() {
///         let picked: &u8 = *index.get(&members);
///         assert!(inserted.contains(picked));
///     }
/// })
/// .assert(Options::default());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Index(u64);

impl Index {
    /// The position this index picks among `length` positions, from 0 to
    /// `length - 1`: the same fraction of the way along for every length,
    /// so one index picks the same position of equal collections.
    ///
    /// # Panics
    ///
    /// If `length` is 0: an empty collection has no position to pick.
    #[track_caller]
    pub fn index(self, length: usize) -> usize {
        assert!(
            length > 0,
            "Index::index: the length is 0, and an empty collection has no position to pick; check that the \
             collection is not empty first"
        );
        // The high word of the 128-bit product: `self.0 / 2^64` of the way.
        ((u128::from(self.0) * length as u128) >> 64) as usize
    }

    /// The element this index picks in `slice`.
    ///
    /// # Panics
    ///
    /// If `slice` is empty.
    #[track_caller]
    pub fn get<T>(self, slice: &[T]) -> &T {
        assert!(
            !slice.is_empty(),
            "Index::get: the slice is empty, and has no element to pick; check that it is not empty first"
        );
        &slice[self.index(slice.len())]
    }
}

/// The generator of [`Index`]es, which `arbitrary::<Index>()` gives.
#[derive(Clone, Copy, Debug, Default)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Indexes;

impl Generator for Indexes {
    type Value = Index;

    #[inline]
    fn generate(&self, source: &mut ChoiceSource) -> Index {
        Index(source.choose(u64::MAX, |random| match random.next_u64() & 31 {
            // The first and the last position, one draw in 32 each: an
            // off-by-one at either end needs them, and chance alone would
            // seldom pick them in a long collection.
            0 => 0,
            1 => u64::MAX,
            _ => random.next_u64(),
        }))
    }
}

/// Positions spread evenly, the first and the last forced now and then;
/// an index shrinks towards the first position.
impl Arbitrary for Index {
    type Generator = Indexes;

    fn arbitrary() -> Indexes {
        Indexes
    }
}
