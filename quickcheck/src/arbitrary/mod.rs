//! Default generators per type: the [`Arbitrary`] trait.
//!
//! [`Arbitrary`] gives a type the generator a property uses when none is
//! named: `#[property] fn f(list: Vec<i32>)` draws `list` from
//! `<Vec<i32> as Arbitrary>::arbitrary()`. It is implemented for the
//! standard types a test takes (numbers and their `NonZero`, `Wrapping`
//! and `Saturating` forms, `bool`, `char`, strings, tuples, arrays, the
//! collections (hashed ones with any default-constructible hasher), `Option`,
//! `Result`, the smart pointers and cells, `Box<str>` and `Arc<[T]>`,
//! `Reverse`, `Ordering`, `PhantomData`, paths, `OsString`, IP addresses
//! and `Duration`), for the types of the optional features (`chrono`'s
//! dates, times, `Weekday` and `Month`, `uuid`'s `Uuid`, `rust_decimal`'s
//! `Decimal`, `half`'s `f16`), and `#[derive(Arbitrary)]` writes it for
//! structs and enums.
//!
//! Every implementation names a concrete generator type, so a property's
//! generator stays one monomorphised value with no dynamic calls.

mod numbers;
mod standard;
mod time;

use crate::generate::Generator;

/// A type with a default generator.
///
/// ```
/// use quickcheck::{Arbitrary, Generator, Options, Property};
///
/// Property::for_all(<(u8, Vec<bool>)>::arbitrary(), |(byte, flags)| {
///     byte.count_ones() <= 8 && flags.len() <= 64
/// })
/// .assert(Options::default());
/// ```
///
/// Implement it by hand to give your own type a conventional home for its
/// generator. The generator's type is written out, so a conversion is
/// named by a type too: [`From`] with [`map_into`](Generator::map_into), as
/// here, or a [`Mapping`](crate::generate::Mapping) of your own.
///
/// ```
/// use quickcheck::{Arbitrary, Generator, generate};
///
/// #[derive(Debug)]
/// struct Cents(u32);
///
/// impl From<u32> for Cents {
///     fn from(cents: u32) -> Cents {
///         Cents(cents)
///     }
/// }
///
/// impl Arbitrary for Cents {
///     type Generator = generate::MapInto<generate::Integer<u32>, Cents>;
///
///     fn arbitrary() -> Self::Generator {
///         generate::between(0, 1_000_000).map_into()
///     }
/// }
///
/// assert!(Cents::arbitrary().sample(10, 1).iter().all(|cents| cents.0 <= 1_000_000));
/// ```
///
/// A generator whose type is awkward to write out (built with closures,
/// `flat_map` or several combinators) can be named as a
/// [`BoxedGenerator`](crate::BoxedGenerator), at the cost of a dynamic call
/// per draw:
///
/// ```
/// use quickcheck::{Arbitrary, BoxedGenerator, Generator, generate};
///
/// #[derive(Debug)]
/// struct Interval { start: u32, end: u32 }
///
/// impl Arbitrary for Interval {
///     type Generator = BoxedGenerator<'static, Interval>;
///
///     fn arbitrary() -> Self::Generator {
///         generate::integer::<u32>()
///             .flat_map(|start| generate::between(start, u32::MAX).map(move |end| Interval { start, end }))
///             .boxed()
///     }
/// }
///
/// assert!(Interval::arbitrary().sample(10, 1).iter().all(|interval| interval.start <= interval.end));
/// ```
///
/// A type of another crate that has no implementation here cannot be given
/// one in yours (Rust's orphan rule). Name its generator where it is used
/// instead: `#[generator(...)]` on the parameter or field, and for an enum
/// without data, [`elements`](crate::generate::elements) of its variants,
/// which shrinks towards the first one listed.
///
/// ```
/// use quickcheck::{generate, property};
/// use std::net::Shutdown;
///
/// #[property]
/// fn a_shutdown_prints_as_a_variant(
///     #[generator(generate::elements([Shutdown::Read, Shutdown::Write, Shutdown::Both]))] how: Shutdown,
/// ) -> bool {
///     ["Read", "Write", "Both"].contains(&format!("{how:?}").as_str())
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no default generator: it does not implement `Arbitrary`",
    label = "no `Arbitrary` implementation for `{Self}`",
    note = "add `#[derive(Arbitrary)]` to `{Self}` or implement `quickcheck::Arbitrary` for it; \
            or pick another generator for this parameter or field with `#[generator(...)]`"
)]
pub trait Arbitrary: Sized {
    /// The type of the default generator.
    type Generator: Generator<Value = Self>;

    /// The default generator of this type.
    fn arbitrary() -> Self::Generator;
}

/// The default generator of `T`: `<T as Arbitrary>::arbitrary()`, written
/// shorter.
///
/// ```
/// use quickcheck::{Generator, arbitrary};
/// let pairs = arbitrary::<(bool, char)>().sample(5, 1);
/// assert_eq!(pairs.len(), 5);
/// ```
pub fn arbitrary<T: Arbitrary>() -> T::Generator {
    T::arbitrary()
}
