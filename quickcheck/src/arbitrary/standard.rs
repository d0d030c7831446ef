//! `Arbitrary` for the standard library's types.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use std::ffi::{CString, OsString};
use std::hash::{BuildHasher, Hash};
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{NonZero, Saturating, Wrapping};
use std::ops::{Range, RangeInclusive};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{Arc, Mutex, RwLock};

use crate::arbitrary::Arbitrary;
use crate::generate::Generator;
use crate::generate::conversions::{
    MakeLinkedList, MakeNonZero, MakeRange, MakeRangeInclusive, MakeReverse, MakeSaturating, MakeSocketAddr,
    MakeWrapping,
};
use crate::generate::distinct::{distinct, distinct_map};
use crate::generate::{
    self, Array, Boolean, Character, Collection, Constant, Distinct, DistinctMap, Elements, Integer, Map, MapInto,
    OneOf, OptionOf, ResultOf,
};

macro_rules! integers {
    ($($t:ty),*) => {$(
        /// Any value of the type, as [`generate::integer`] draws it.
        impl Arbitrary for $t {
            type Generator = Integer<$t>;

            fn arbitrary() -> Integer<$t> {
                generate::integer()
            }
        }
    )*};
}

integers!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

impl Arbitrary for bool {
    type Generator = Boolean;

    fn arbitrary() -> Boolean {
        generate::boolean()
    }
}

impl Arbitrary for char {
    type Generator = Character;

    fn arbitrary() -> Character {
        generate::character()
    }
}

impl Arbitrary for String {
    type Generator = Collection<Character, String>;

    fn arbitrary() -> Self::Generator {
        generate::string()
    }
}

impl Arbitrary for () {
    type Generator = Constant<()>;

    fn arbitrary() -> Constant<()> {
        generate::constant(())
    }
}

macro_rules! tuples {
    ($($name:ident),+) => {
        impl<$($name: Arbitrary),+> Arbitrary for ($($name,)+) {
            type Generator = ($($name::Generator,)+);

            fn arbitrary() -> Self::Generator {
                ($($name::arbitrary(),)+)
            }
        }
    };
}

tuples!(A);
tuples!(A, B);
tuples!(A, B, C);
tuples!(A, B, C, D);
tuples!(A, B, C, D, E);
tuples!(A, B, C, D, E, F);
tuples!(A, B, C, D, E, F, G);
tuples!(A, B, C, D, E, F, G, H);
tuples!(A, B, C, D, E, F, G, H, I);
tuples!(A, B, C, D, E, F, G, H, I, J);
tuples!(A, B, C, D, E, F, G, H, I, J, K);
tuples!(A, B, C, D, E, F, G, H, I, J, K, L);

impl<T: Arbitrary, const N: usize> Arbitrary for [T; N] {
    type Generator = Array<T::Generator, N>;

    fn arbitrary() -> Self::Generator {
        generate::array(T::arbitrary())
    }
}

impl<T: Arbitrary> Arbitrary for Vec<T> {
    type Generator = Collection<T::Generator, Vec<T>>;

    fn arbitrary() -> Self::Generator {
        generate::vec(T::arbitrary())
    }
}

impl<T: Arbitrary> Arbitrary for VecDeque<T> {
    type Generator = Collection<T::Generator, VecDeque<T>>;

    fn arbitrary() -> Self::Generator {
        generate::vec_deque(T::arbitrary())
    }
}

/// Any hasher that can be made with `Default`; the set's contents never
/// depend on it, only its iteration order does.
impl<T: Arbitrary + Eq + Hash, S: BuildHasher + Default> Arbitrary for HashSet<T, S> {
    type Generator = Distinct<T::Generator, HashSet<T, S>>;

    fn arbitrary() -> Self::Generator {
        distinct(T::arbitrary())
    }
}

impl<T: Arbitrary + Ord> Arbitrary for BTreeSet<T> {
    type Generator = Distinct<T::Generator, BTreeSet<T>>;

    fn arbitrary() -> Self::Generator {
        generate::btree_set(T::arbitrary())
    }
}

/// Any hasher that can be made with `Default`, as for [`HashSet`].
impl<K: Arbitrary + Eq + Hash, V: Arbitrary, S: BuildHasher + Default> Arbitrary for HashMap<K, V, S> {
    type Generator = DistinctMap<K::Generator, V::Generator, HashMap<K, V, S>>;

    fn arbitrary() -> Self::Generator {
        distinct_map(K::arbitrary(), V::arbitrary())
    }
}

impl<K: Arbitrary + Ord, V: Arbitrary> Arbitrary for BTreeMap<K, V> {
    type Generator = DistinctMap<K::Generator, V::Generator, BTreeMap<K, V>>;

    fn arbitrary() -> Self::Generator {
        generate::btree_map(K::arbitrary(), V::arbitrary())
    }
}

impl<T: Arbitrary> Arbitrary for Option<T> {
    type Generator = OptionOf<T::Generator>;

    fn arbitrary() -> Self::Generator {
        generate::option(T::arbitrary())
    }
}

impl<T: Arbitrary, E: Arbitrary> Arbitrary for Result<T, E> {
    type Generator = ResultOf<T::Generator, E::Generator>;

    fn arbitrary() -> Self::Generator {
        generate::result(T::arbitrary(), E::arbitrary())
    }
}

macro_rules! pointers {
    ($($pointer:ident),*) => {$(
        /// The contained type's values, shrinking as it does.
        impl<T: Arbitrary> Arbitrary for $pointer<T> {
            type Generator = MapInto<T::Generator, $pointer<T>>;

            fn arbitrary() -> Self::Generator {
                T::arbitrary().map_into()
            }
        }
    )*};
}

pointers!(Box, Rc, Arc, Cell, RefCell, Mutex, RwLock);

macro_rules! shared_slices {
    ($($pointer:ident),*) => {$(
        /// Any slice, as [`Vec`]'s generator draws it.
        impl<T: Arbitrary> Arbitrary for $pointer<[T]> {
            type Generator = MapInto<Collection<T::Generator, Vec<T>>, $pointer<[T]>>;

            fn arbitrary() -> Self::Generator {
                generate::vec(T::arbitrary()).map_into()
            }
        }
    )*};
}

shared_slices!(Box, Rc, Arc);

macro_rules! wrappers {
    ($($wrapper:ident => $mapping:ident),*) => {$(
        /// The wrapped type's values, shrinking as it does.
        impl<T: Arbitrary> Arbitrary for $wrapper<T> {
            type Generator = Map<T::Generator, $mapping>;

            fn arbitrary() -> Self::Generator {
                Map::new(T::arbitrary(), $mapping)
            }
        }
    )*};
}

wrappers!(Wrapping => MakeWrapping, Saturating => MakeSaturating, Reverse => MakeReverse);

macro_rules! non_zero {
    ($($t:ty),*) => {$(
        /// Any non-zero value, drawn as [`generate::integer`] draws the
        /// type with 0 made 1: small values stay common, and shrinking
        /// goes towards 1.
        impl Arbitrary for NonZero<$t> {
            type Generator = Map<Integer<$t>, MakeNonZero>;

            fn arbitrary() -> Self::Generator {
                Map::new(generate::integer(), MakeNonZero)
            }
        }
    )*};
}

non_zero!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

/// The only value.
impl<T: ?Sized> Arbitrary for PhantomData<T> {
    type Generator = Constant<PhantomData<T>>;

    fn arbitrary() -> Self::Generator {
        generate::constant(PhantomData)
    }
}

/// `Less`, `Equal` or `Greater`, equally often. Shrinks towards `Equal`,
/// the result of comparing a value with itself.
impl Arbitrary for Ordering {
    type Generator = Elements<Ordering>;

    fn arbitrary() -> Self::Generator {
        generate::elements([Ordering::Equal, Ordering::Less, Ordering::Greater])
    }
}

/// A heap of any elements, as [`Vec`]'s generator draws them.
impl<T: Arbitrary + Ord> Arbitrary for BinaryHeap<T> {
    type Generator = MapInto<Collection<T::Generator, Vec<T>>, BinaryHeap<T>>;

    fn arbitrary() -> Self::Generator {
        generate::vec(T::arbitrary()).map_into()
    }
}

/// A linked list of any elements, as [`Vec`]'s generator draws them.
impl<T: Arbitrary> Arbitrary for LinkedList<T> {
    type Generator = Map<Collection<T::Generator, Vec<T>>, MakeLinkedList>;

    fn arbitrary() -> Self::Generator {
        Map::new(generate::vec(T::arbitrary()), MakeLinkedList)
    }
}

macro_rules! from_strings {
    ($($target:ty),*) => {$(
        /// Made from any string, as [`String`]'s generator draws it.
        impl Arbitrary for $target {
            type Generator = MapInto<Collection<Character, String>, $target>;

            fn arbitrary() -> Self::Generator {
                generate::string().map_into()
            }
        }
    )*};
}

from_strings!(Box<str>, Rc<str>, Arc<str>, PathBuf, OsString, Cow<'static, str>);

/// Any address, shrinking towards `0.0.0.0`.
impl Arbitrary for Ipv4Addr {
    type Generator = MapInto<Integer<u32>, Ipv4Addr>;

    fn arbitrary() -> Self::Generator {
        generate::integer::<u32>().map_into()
    }
}

/// Any address, shrinking towards `::`.
impl Arbitrary for Ipv6Addr {
    type Generator = MapInto<Integer<u128>, Ipv6Addr>;

    fn arbitrary() -> Self::Generator {
        generate::integer::<u128>().map_into()
    }
}

/// Either kind of address, as often; shrinks towards `0.0.0.0`.
impl Arbitrary for IpAddr {
    type Generator =
        OneOf<(MapInto<MapInto<Integer<u32>, Ipv4Addr>, IpAddr>, MapInto<MapInto<Integer<u128>, Ipv6Addr>, IpAddr>)>;

    fn arbitrary() -> Self::Generator {
        generate::one_of((Ipv4Addr::arbitrary().map_into(), Ipv6Addr::arbitrary().map_into()))
    }
}

/// Any two values as the bounds, in either order: a range whose start
/// passes its end is empty, and code that takes ranges meets those too.
/// Shrinks towards the empty range at the simplest value (`0..0` for a
/// number).
impl<T: Arbitrary> Arbitrary for Range<T> {
    type Generator = Map<(T::Generator, T::Generator), MakeRange>;

    fn arbitrary() -> Self::Generator {
        Map::new((T::arbitrary(), T::arbitrary()), MakeRange)
    }
}

/// Any two values as the bounds, in either order, as for [`Range`].
/// Shrinks towards the range of the simplest value alone (`0..=0` for a
/// number).
impl<T: Arbitrary> Arbitrary for RangeInclusive<T> {
    type Generator = Map<(T::Generator, T::Generator), MakeRangeInclusive>;

    fn arbitrary() -> Self::Generator {
        Map::new((T::arbitrary(), T::arbitrary()), MakeRangeInclusive)
    }
}

/// Any string of bytes without a NUL, which a C string cannot hold:
/// drawn as a vector of the other 255 bytes. Shrinks towards the empty
/// string.
impl Arbitrary for CString {
    type Generator = MapInto<Collection<Map<Integer<u8>, MakeNonZero>, Vec<NonZero<u8>>>, CString>;

    fn arbitrary() -> Self::Generator {
        generate::vec(Map::new(generate::between(1u8, u8::MAX), MakeNonZero)).map_into()
    }
}

/// Any address and port; shrinks towards `0.0.0.0:0`.
impl Arbitrary for SocketAddrV4 {
    type Generator = Map<(MapInto<Integer<u32>, Ipv4Addr>, Integer<u16>), MakeSocketAddr>;

    fn arbitrary() -> Self::Generator {
        Map::new((Ipv4Addr::arbitrary(), u16::arbitrary()), MakeSocketAddr)
    }
}

/// Any address, port, flow information and scope; shrinks towards
/// `[::]:0`.
impl Arbitrary for SocketAddrV6 {
    type Generator = Map<(MapInto<Integer<u128>, Ipv6Addr>, Integer<u16>, Integer<u32>, Integer<u32>), MakeSocketAddr>;

    fn arbitrary() -> Self::Generator {
        Map::new((Ipv6Addr::arbitrary(), u16::arbitrary(), u32::arbitrary(), u32::arbitrary()), MakeSocketAddr)
    }
}

/// Either kind of socket address, as often; shrinks towards `0.0.0.0:0`.
impl Arbitrary for SocketAddr {
    type Generator = OneOf<(
        MapInto<<SocketAddrV4 as Arbitrary>::Generator, SocketAddr>,
        MapInto<<SocketAddrV6 as Arbitrary>::Generator, SocketAddr>,
    )>;

    fn arbitrary() -> Self::Generator {
        generate::one_of((SocketAddrV4::arbitrary().map_into(), SocketAddrV6::arbitrary().map_into()))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::engine::source::ChoiceSource;

    fn simplest<T: Arbitrary>() -> T {
        let mut source = ChoiceSource::new();
        source.start_simplest();
        source.draw(&T::arbitrary())
    }

    #[test]
    fn the_simplest_values_are_the_zeros_and_empties() {
        assert_eq!(simplest::<(u8, i64, bool, ())>(), (0, 0, false, ()));
        assert_eq!(simplest::<Vec<String>>(), Vec::<String>::new());
        assert_eq!(simplest::<Option<u8>>(), None);
        assert_eq!(simplest::<Result<u8, bool>>(), Ok(0));
        assert_eq!(simplest::<[u16; 3]>(), [0, 0, 0]);
        assert_eq!(simplest::<Box<u8>>(), Box::new(0));
        assert_eq!(simplest::<Duration>(), Duration::ZERO);
        assert!(simplest::<BTreeMap<u8, u8>>().is_empty());
    }

    #[test]
    fn the_simplest_values_of_wrapped_and_converted_types() {
        assert_eq!(simplest::<NonZero<u8>>().get(), 1);
        assert_eq!(simplest::<NonZero<i64>>().get(), 1);
        assert_eq!(simplest::<Box<str>>(), "".into());
        assert_eq!(&*simplest::<Arc<[u8]>>(), &[] as &[u8]);
        assert_eq!(simplest::<Wrapping<u8>>(), Wrapping(0));
        assert_eq!(simplest::<Reverse<i8>>(), Reverse(0));
        assert_eq!(simplest::<RefCell<u8>>().into_inner(), 0);
        assert_eq!(simplest::<IpAddr>(), IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        assert_eq!(simplest::<Ipv6Addr>(), Ipv6Addr::UNSPECIFIED);
        assert_eq!(simplest::<PathBuf>(), PathBuf::new());
        assert!(simplest::<BinaryHeap<u8>>().is_empty());
        assert!(simplest::<LinkedList<u8>>().is_empty());
        let _: PhantomData<dyn Fn()> = simplest();
        let with_its_own_hasher: HashMap<u8, u8, std::hash::BuildHasherDefault<std::hash::DefaultHasher>> = simplest();
        assert!(with_its_own_hasher.is_empty());
        assert_eq!(simplest::<Mutex<u8>>().into_inner().unwrap(), 0);
        assert_eq!(simplest::<RwLock<u8>>().into_inner().unwrap(), 0);
        assert_eq!(simplest::<Range<i32>>(), 0..0);
        assert_eq!(simplest::<RangeInclusive<u8>>(), 0..=0);
        assert_eq!(simplest::<CString>(), CString::default());
        assert_eq!(simplest::<SocketAddr>(), SocketAddr::from(([0, 0, 0, 0], 0)));
        assert_eq!(simplest::<SocketAddrV6>(), SocketAddrV6::new(Ipv6Addr::UNSPECIFIED, 0, 0, 0));
    }

    #[test]
    fn ranges_come_in_both_orders_and_c_strings_hold_no_nul() {
        let ranges = Range::<i8>::arbitrary().sample(200, 1);
        assert!(ranges.iter().any(|range| range.start < range.end));
        assert!(ranges.iter().any(|range| range.start > range.end));
        let strings = CString::arbitrary().sample(200, 1);
        assert!(strings.iter().any(|string| string.as_bytes().len() > 3));
        let addresses = SocketAddr::arbitrary().sample(100, 1);
        assert!(addresses.iter().any(SocketAddr::is_ipv4) && addresses.iter().any(SocketAddr::is_ipv6));
    }
}
