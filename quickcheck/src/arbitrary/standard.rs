//! `Arbitrary` for the standard library's types.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::Hash;
use std::rc::Rc;
use std::sync::Arc;

use crate::arbitrary::Arbitrary;
use crate::generate::Generator;
use crate::generate::{
    self, Array, Boolean, Character, Collection, Constant, Distinct, DistinctMap, Integer, MapInto, OptionOf, ResultOf,
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

impl<T: Arbitrary + Eq + Hash> Arbitrary for HashSet<T> {
    type Generator = Distinct<T::Generator, HashSet<T>>;

    fn arbitrary() -> Self::Generator {
        generate::hash_set(T::arbitrary())
    }
}

impl<T: Arbitrary + Ord> Arbitrary for BTreeSet<T> {
    type Generator = Distinct<T::Generator, BTreeSet<T>>;

    fn arbitrary() -> Self::Generator {
        generate::btree_set(T::arbitrary())
    }
}

impl<K: Arbitrary + Eq + Hash, V: Arbitrary> Arbitrary for HashMap<K, V> {
    type Generator = DistinctMap<K::Generator, V::Generator, HashMap<K, V>>;

    fn arbitrary() -> Self::Generator {
        generate::hash_map(K::arbitrary(), V::arbitrary())
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
        impl<T: Arbitrary> Arbitrary for $pointer<T> {
            type Generator = MapInto<T::Generator, $pointer<T>>;

            fn arbitrary() -> Self::Generator {
                T::arbitrary().map_into()
            }
        }
    )*};
}

pointers!(Box, Rc, Arc);

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
}
