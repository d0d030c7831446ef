//! Collections of distinct elements: sets, maps and unique vectors.
//!
//! The length counts distinct elements (or keys). Each new element draws
//! candidates until one is new, skipping duplicates; a skipped candidate's
//! span is marked discarded so the shrinker can drop it in one step. Once
//! the collection holds its minimum, ten skips in a row end it, so a small
//! domain caps the size instead of failing (`hash_set(boolean())` stops at
//! two elements). Before the minimum, a hundred skips in a row discard the
//! example: a minimum near the size of the domain (200 distinct bytes)
//! meets long runs of duplicates on its way, which ten skips would end
//! nearly every time.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::{self, Debug, Formatter};
use std::hash::{BuildHasher, Hash};
use std::marker::PhantomData;

use crate::engine::source::ChoiceSource;
use crate::engine::unwind::{Rejection, Stop};
use crate::generate::Generator;
use crate::generate::collection::{Lengths, element_generator_traits, length_builders};

/// How many duplicates in a row end a collection that holds its minimum.
const SKIPS: u32 = 10;

/// How many duplicates in a row discard an example whose collection is
/// still short of its minimum: enough that the last elements of a minimum
/// near the size of the domain, most of whose draws are duplicates, are
/// seldom cut short.
const SKIPS_BELOW_MINIMUM: u32 = 100;

/// The label of a span around one candidate element.
const CANDIDATE: &str = "distinct candidate";

/// Fills a distinct collection. `add` draws one candidate and reports whether
/// it was new.
fn fill(source: &mut ChoiceSource, lengths: &Lengths, mut add: impl FnMut(&mut ChoiceSource) -> bool) {
    lengths.overrun_if_out_of_reach();
    let chance = lengths.continue_chance(source);
    let mut length = 0;
    'elements: while lengths.next_element(source, length, chance) {
        let mut skips = 0;
        loop {
            let candidate = source.open_span(CANDIDATE);
            let added = add(source);
            source.close_span();
            if added {
                break;
            }
            source.discard_span(candidate);
            skips += 1;
            let reached_minimum = length >= lengths.min;
            if skips == if reached_minimum { SKIPS } else { SKIPS_BELOW_MINIMUM } {
                source.close_span();
                if reached_minimum {
                    break 'elements;
                }
                Stop::Discard(Rejection::DistinctMinimum).raise();
            }
        }
        source.close_span();
        length += 1;
    }
}

/// A collection that can tell a new element from one it holds: a set, or
/// a `Vec` of distinct elements. Sealed: these are the collections the
/// constructors ([`hash_set`], [`btree_set`], [`unique_vec`]) build.
pub trait DistinctCollection: Default + sealed::Sealed {
    /// The element type.
    type Element;
    /// Adds `element` unless an equal one is present; returns whether it was
    /// added.
    fn insert_new(&mut self, element: Self::Element) -> bool;
}

mod sealed {
    use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

    pub trait Sealed {}
    impl<T, S> Sealed for HashSet<T, S> {}
    impl<T> Sealed for BTreeSet<T> {}
    impl<T> Sealed for Vec<T> {}
    impl<K, V, S> Sealed for HashMap<K, V, S> {}
    impl<K, V> Sealed for BTreeMap<K, V> {}
}

impl<T: Eq + Hash, S: BuildHasher + Default> DistinctCollection for HashSet<T, S> {
    type Element = T;
    fn insert_new(&mut self, element: T) -> bool {
        self.insert(element)
    }
}

impl<T: Ord> DistinctCollection for BTreeSet<T> {
    type Element = T;
    fn insert_new(&mut self, element: T) -> bool {
        self.insert(element)
    }
}

impl<T: PartialEq> DistinctCollection for Vec<T> {
    type Element = T;
    fn insert_new(&mut self, element: T) -> bool {
        // A linear scan keeps the draw free of hashing; unique vectors are short.
        if self.contains(&element) {
            return false;
        }
        self.push(element);
        true
    }
}

/// A generator of sets and unique vectors, from [`hash_set`], [`btree_set`]
/// or [`unique_vec`]. Lengths work as for [`Collection`](crate::generate::Collection).
///
/// An element drawn again is skipped, not added. Once the collection holds
/// its minimum length, 10 skips in a row end it there, so a small domain
/// caps the length rather than failing; short of the minimum, 100 skips in
/// a row discard the example (a minimum the domain cannot fill discards
/// every example, and the check ends
/// [`Exhausted`](crate::Outcome::Exhausted)). Maps skip duplicate keys the
/// same way.
#[must_use = "a generator does nothing until something draws from it"]
pub struct Distinct<G, C> {
    element: G,
    lengths: Lengths,
    _collection: PhantomData<fn() -> C>,
}

element_generator_traits!(Distinct);

impl<G, C> Distinct<G, C> {
    length_builders!();
}

impl<G: Generator, C: DistinctCollection<Element = G::Value>> Generator for Distinct<G, C> {
    type Value = C;

    fn generate(&self, source: &mut ChoiceSource) -> C {
        let mut collection = C::default();
        fill(source, &self.lengths, |source| collection.insert_new(source.draw(&self.element)));
        collection
    }

    fn label(&self) -> &'static str {
        "distinct collection"
    }
}

pub(crate) fn distinct<G, C>(element: G) -> Distinct<G, C> {
    Distinct { element, lengths: Lengths::default(), _collection: PhantomData }
}

/// A `HashSet` of values from `element`. The draw never depends on hash
/// order, so a seed gives the same set everywhere; but its iteration order
/// (and `Debug` order) comes from the standard library's randomly keyed
/// hasher, so it differs between runs and between the replays of one
/// shrink. For a property that depends on the order, use [`btree_set`], or
/// a set with a fixed hasher such as
/// `HashSet<T, BuildHasherDefault<DefaultHasher>>` through its
/// [`Arbitrary`](crate::Arbitrary) generator.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let sets = generate::hash_set(generate::between(0u8, 9)).min_length(3);
/// assert!(sets.sample(20, 1).iter().all(|set| set.len() >= 3 && set.iter().all(|n| *n <= 9)));
/// ```
pub fn hash_set<G: Generator>(element: G) -> Distinct<G, HashSet<G::Value>>
where
    G::Value: Eq + Hash,
{
    distinct(element)
}

/// A `BTreeSet` of values from `element`.
///
/// ```
/// use quickcheck::{Generator, generate};
/// // A domain of two values caps the size rather than failing (but a
/// // minimum length above two can never be met: every example is discarded).
/// let sets = generate::btree_set(generate::boolean());
/// assert!(sets.sample(50, 1).iter().all(|set| set.len() <= 2));
/// ```
pub fn btree_set<G: Generator>(element: G) -> Distinct<G, BTreeSet<G::Value>>
where
    G::Value: Ord,
{
    distinct(element)
}

/// A `Vec` of pairwise distinct values from `element`, in the order drawn.
///
/// ```
/// use quickcheck::{Generator, generate};
/// for ids in generate::unique_vec(generate::between(0, 20)).sample(20, 1) {
///     let mut sorted = ids.clone();
///     sorted.sort();
///     sorted.dedup();
///     assert_eq!(sorted.len(), ids.len());
/// }
/// ```
pub fn unique_vec<G: Generator>(element: G) -> Distinct<G, Vec<G::Value>>
where
    G::Value: PartialEq,
{
    distinct(element)
}

/// A map that can tell a new key from one it holds. Sealed: these are the
/// maps the constructors ([`hash_map`], [`btree_map`]) build.
pub trait DistinctMapCollection: Default + sealed::Sealed {
    /// The key type.
    type Key;
    /// The value type.
    type Value;
    /// Whether `key` is present.
    fn holds(&self, key: &Self::Key) -> bool;
    /// Inserts an entry whose key is not present.
    fn insert_entry(&mut self, key: Self::Key, value: Self::Value);
}

impl<K: Eq + Hash, V, S: BuildHasher + Default> DistinctMapCollection for HashMap<K, V, S> {
    type Key = K;
    type Value = V;
    fn holds(&self, key: &K) -> bool {
        self.contains_key(key)
    }
    fn insert_entry(&mut self, key: K, value: V) {
        self.insert(key, value);
    }
}

impl<K: Ord, V> DistinctMapCollection for BTreeMap<K, V> {
    type Key = K;
    type Value = V;
    fn holds(&self, key: &K) -> bool {
        self.contains_key(key)
    }
    fn insert_entry(&mut self, key: K, value: V) {
        self.insert(key, value);
    }
}

/// A generator of maps with distinct keys, from [`hash_map`] or
/// [`btree_map`]. A duplicate key is skipped before its value is drawn.
#[must_use = "a generator does nothing until something draws from it"]
pub struct DistinctMap<K, V, C> {
    keys: K,
    values: V,
    lengths: Lengths,
    _collection: PhantomData<fn() -> C>,
}

impl<K: Clone, V: Clone, C> Clone for DistinctMap<K, V, C> {
    fn clone(&self) -> Self {
        DistinctMap {
            keys: self.keys.clone(),
            values: self.values.clone(),
            lengths: self.lengths,
            _collection: PhantomData,
        }
    }
}

impl<K: Copy, V: Copy, C> Copy for DistinctMap<K, V, C> {}

impl<K: Debug, V: Debug, C> Debug for DistinctMap<K, V, C> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.debug_struct("DistinctMap")
            .field("keys", &self.keys)
            .field("values", &self.values)
            .field("lengths", &self.lengths)
            .finish()
    }
}

impl<K, V, C> DistinctMap<K, V, C> {
    length_builders!();
}

impl<K, V, C> Generator for DistinctMap<K, V, C>
where
    K: Generator,
    V: Generator,
    C: DistinctMapCollection<Key = K::Value, Value = V::Value>,
{
    type Value = C;

    fn generate(&self, source: &mut ChoiceSource) -> C {
        let mut map = C::default();
        fill(source, &self.lengths, |source| {
            let key = source.draw(&self.keys);
            if map.holds(&key) {
                return false;
            }
            let value = source.draw(&self.values);
            map.insert_entry(key, value);
            true
        });
        map
    }

    fn label(&self) -> &'static str {
        "distinct map"
    }
}

pub(crate) fn distinct_map<K, V, C>(keys: K, values: V) -> DistinctMap<K, V, C> {
    DistinctMap { keys, values, lengths: Lengths::default(), _collection: PhantomData }
}

/// A `HashMap` with keys from `keys` and values from `values`. As for
/// [`hash_set`], its iteration order differs between runs; use
/// [`btree_map`] for a property that depends on it.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let scores = generate::hash_map(generate::elements(["alice", "bob"]), generate::between(0u8, 100));
/// // Two possible keys, so at most two entries.
/// assert!(scores.sample(50, 1).iter().all(|map| map.len() <= 2 && map.values().all(|s| *s <= 100)));
/// ```
pub fn hash_map<K: Generator, V: Generator>(keys: K, values: V) -> DistinctMap<K, V, HashMap<K::Value, V::Value>>
where
    K::Value: Eq + Hash,
{
    distinct_map(keys, values)
}

/// A `BTreeMap` with keys from `keys` and values from `values`.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let maps = generate::btree_map(generate::between(0, 3), generate::boolean());
/// assert!(maps.sample(50, 1).iter().all(|map| map.len() <= 4));
/// ```
pub fn btree_map<K: Generator, V: Generator>(keys: K, values: V) -> DistinctMap<K, V, BTreeMap<K::Value, V::Value>>
where
    K::Value: Ord,
{
    distinct_map(keys, values)
}
