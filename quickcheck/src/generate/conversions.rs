//! The [`Mapping`]s the standard types' [`Arbitrary`](crate::Arbitrary)
//! implementations convert with.
//!
//! Each is a zero-sized type, so a generator such as
//! `<Wrapping<i32> as Arbitrary>::Generator` can be written out
//! (`Map<Integer<i32>, MakeWrapping>`) and converts every value with a direct
//! call, where a `fn` pointer would cost an indirect one.

use std::cmp::Reverse;
use std::collections::LinkedList;
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddrV4, SocketAddrV6};
use std::num::{NonZero, Saturating, Wrapping};
use std::ops::{Range, RangeInclusive};

use crate::generate::Mapping;

macro_rules! wrapper {
    ($($(#[$doc:meta])* $name:ident => $wrapper:ident),*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl<T> Mapping<T> for $name {
            type Output = $wrapper<T>;

            #[inline(always)]
            fn call(&self, value: T) -> $wrapper<T> {
                $wrapper(value)
            }
        }
    )*};
}

wrapper!(
    /// Wraps a value in [`Wrapping`].
    MakeWrapping => Wrapping,
    /// Wraps a value in [`Saturating`].
    MakeSaturating => Saturating,
    /// Wraps a value in [`Reverse`].
    MakeReverse => Reverse
);

/// Makes an integer [`NonZero`], turning 0 into 1: the simplest non-zero
/// value, so that shrinking towards 0 ends on 1.
#[derive(Clone, Copy, Debug, Default)]
pub struct MakeNonZero;

macro_rules! non_zero {
    ($($t:ty),*) => {$(
        impl Mapping<$t> for MakeNonZero {
            type Output = NonZero<$t>;

            #[inline(always)]
            fn call(&self, value: $t) -> NonZero<$t> {
                NonZero::new(value).unwrap_or(NonZero::<$t>::new(1).expect("1 is not 0"))
            }
        }
    )*};
}

non_zero!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

/// Moves a vector's elements into a [`LinkedList`], in order.
#[derive(Clone, Copy, Debug, Default)]
pub struct MakeLinkedList;

impl<T> Mapping<Vec<T>> for MakeLinkedList {
    type Output = LinkedList<T>;

    fn call(&self, elements: Vec<T>) -> LinkedList<T> {
        elements.into_iter().collect()
    }
}

/// Makes a pair into the [`Range`] `start..end`.
#[derive(Clone, Copy, Debug, Default)]
pub struct MakeRange;

impl<T> Mapping<(T, T)> for MakeRange {
    type Output = Range<T>;

    #[inline(always)]
    fn call(&self, (start, end): (T, T)) -> Range<T> {
        start..end
    }
}

/// Makes a pair into the [`RangeInclusive`] `start..=end`.
#[derive(Clone, Copy, Debug, Default)]
pub struct MakeRangeInclusive;

impl<T> Mapping<(T, T)> for MakeRangeInclusive {
    type Output = RangeInclusive<T>;

    #[inline(always)]
    fn call(&self, (start, end): (T, T)) -> RangeInclusive<T> {
        start..=end
    }
}

/// Makes an address and a port into a [`SocketAddrV4`], or an address, a
/// port, flow information and a scope into a [`SocketAddrV6`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MakeSocketAddr;

impl Mapping<(Ipv4Addr, u16)> for MakeSocketAddr {
    type Output = SocketAddrV4;

    #[inline(always)]
    fn call(&self, (address, port): (Ipv4Addr, u16)) -> SocketAddrV4 {
        SocketAddrV4::new(address, port)
    }
}

impl Mapping<(Ipv6Addr, u16, u32, u32)> for MakeSocketAddr {
    type Output = SocketAddrV6;

    #[inline(always)]
    fn call(&self, (address, port, flow, scope): (Ipv6Addr, u16, u32, u32)) -> SocketAddrV6 {
        SocketAddrV6::new(address, port, flow, scope)
    }
}
