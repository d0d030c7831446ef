//! Ready-made oracles: property bodies that need no expected result.
//!
//! Writing down the expected output of a function is often as hard as
//! writing the function. These oracles check a relation instead:
//!
//! | oracle | checks |
//! | --- | --- |
//! | [`equivalent`] | differential testing: a reference and a candidate give equal results |
//! | [`metamorphic`] | `relation(f(x), f(transform(x)))` |
//! | [`round_trip`], [`round_trip_fallible`] | `decode(encode(x)) == x` |
//! | [`idempotent`] | `f(f(x)) == f(x)` |
//!
//! The functions take their input by reference, in any borrowed form of it:
//! for a `Vec<u8>` input, a `fn(&[u8])` does as well as a `fn(&Vec<u8>)`,
//! and for a `String` a `fn(&str)`. A closure needs its parameter's type
//! written, since the form is the closure's choice.
//!
//! Results are compared with `==`, except that a value not equal to itself
//! (a NaN, or a struct holding one) matches another such value that prints
//! the same:
//! a float function that returns NaN for both sides agrees with itself. The
//! [law checks](laws) compare copies the same way. Printing is all that can
//! tell such values apart, so it decides as far as it can: a `Debug` that
//! leaves out what differs calls them the same, one that prints a hash
//! collection's elements in another order calls them different, and one
//! that panics decides nothing, its panic failing the example. Compare
//! such results in a body of your own where that matters.
//!
//! A round trip must also keep the sign of every zero, which `==` does not
//! see (`-0.0 == 0.0`): a value that prints as the input does but for a
//! `-0.0` where the input has `0.0` (or the other way round), and that
//! encodes otherwise than the input did, did not come back. One that
//! encodes the same lost nothing the encoding holds: its zero is in a part
//! the encoding leaves out, such as a field serde skips and `==` ignores,
//! or one the encoder wrote without its sign, which only a look at the
//! encoded form can tell.
//!
//! Each comes in two forms. The function named after the oracle returns a
//! closure to pass to [`Property::for_all`](crate::Property::for_all) as the
//! whole body; the `check_` form takes the input and checks it at once, for
//! use inside a longer body or a `#[property]` function. Both return
//! `Result<(), Mismatch>`, which a property body may return as it is.
//!
//! ```
//! use quickcheck::{Options, Property, arbitrary, oracles};
//!
//! fn insertion_sort(list: &[i32]) -> Vec<i32> {
//!     let mut sorted: Vec<i32> = Vec::new();
//!     for &item in list {
//!         let at = sorted.partition_point(|&existing| existing <= item);
//!         sorted.insert(at, item);
//!     }
//!     sorted
//! }
//!
//! fn std_sort(list: &[i32]) -> Vec<i32> {
//!     let mut sorted = list.to_vec();
//!     sorted.sort();
//!     sorted
//! }
//!
//! Property::for_all(arbitrary::<Vec<i32>>(), oracles::equivalent(std_sort, insertion_sort))
//!     .assert(Options::default());
//! ```
//!
//! A mismatch records both sides with [`note`](crate::stats::note()) (the
//! input, each output, and for a round trip the encoded form), so the report
//! of the minimal counterexample shows them, and fails the example with a
//! [`Mismatch`] that names the oracle.
//!
//! In a `#[property]` function, return the check's result, or `unwrap` it
//! when the body goes on:
//!
//! ```
//! use quickcheck::{oracles, property};
//!
//! #[property]
//! fn trimming_is_idempotent(text: String) -> Result<(), oracles::Mismatch> {
//!     oracles::check_idempotent(&text, |text: &String| text.trim().to_owned())
//! }
//! # fn main() {}
//! ```
//!
//! The [`laws`] module checks the laws of a type's standard traits.

pub mod laws;

use std::borrow::Borrow;
use std::error::Error;
use std::fmt::{self, Debug, Display, Formatter};

use crate::engine::unwind::catch;
use crate::property::format::{outside_literals, render};
use crate::stats::note;

/// Why an oracle failed: which oracle, and what differed. The compared
/// values themselves are in the report's notes.
///
/// Its `Debug` form is its `Display` form, the oracle's name and then its
/// [`message`](Mismatch::message) (`round_trip: 0.0 was encoded as …`),
/// so a report that prints a returned `Err` with `Debug`, and an `unwrap`,
/// read as a sentence.
#[derive(Clone, PartialEq, Eq)]
pub struct Mismatch {
    oracle: &'static str,
    message: String,
}

impl Mismatch {
    /// A mismatch of the oracle named `oracle`, described by `message`;
    /// for oracles of your own that should read like these.
    pub fn new(oracle: &'static str, message: impl Into<String>) -> Mismatch {
        Mismatch { oracle, message: message.into() }
    }

    /// The oracle that failed: `"equivalent"`, `"metamorphic"`,
    /// `"round_trip"` or `"idempotent"` for the oracles of this module.
    pub fn oracle(&self) -> &'static str {
        self.oracle
    }

    /// What differed, in words.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl Display for Mismatch {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.oracle, self.message)
    }
}

// Debug prints the sentence: a report shows a returned error through Debug.
impl Debug for Mismatch {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

impl Error for Mismatch {}

/// Checks that `reference` and `candidate` give equal results on `input`.
///
/// On a difference it notes `input`, `reference` and `candidate` (each
/// output) and returns a [`Mismatch`]. Functions that return a `Result`
/// compare their results whole: an error on one side only is a mismatch.
///
/// ```
/// use quickcheck::oracles::check_equivalent;
///
/// let doubled = |n: &u32| n * 2;
/// let shifted = |n: &u32| n << 1;
/// assert!(check_equivalent(&21, doubled, shifted).is_ok());
/// assert!(check_equivalent(&21, doubled, |n: &u32| n + 2).is_err());
/// ```
///
/// # Errors
///
/// A [`Mismatch`] when `reference` and `candidate` return different results.
pub fn check_equivalent<T, A, B, R, F, G>(input: &T, reference: F, candidate: G) -> Result<(), Mismatch>
where
    T: Borrow<A> + Borrow<B> + Debug + ?Sized,
    A: ?Sized,
    B: ?Sized,
    R: PartialEq + Debug,
    F: Fn(&A) -> R,
    G: Fn(&B) -> R,
{
    let expected = reference(input.borrow());
    let actual = candidate(input.borrow());
    if same(&expected, &actual) {
        return Ok(());
    }
    note("input", input);
    note("reference", &expected);
    note("candidate", &actual);
    Err(Mismatch::new(
        "equivalent",
        format!("the candidate returned {}, the reference {}", render(&actual), render(&expected)),
    ))
}

/// A property body for differential testing: [`check_equivalent`] on every
/// input.
///
/// ```
/// use quickcheck::{Options, Property, generate, oracles};
///
/// let result = Property::for_all(
///     generate::integer::<u8>(),
///     oracles::equivalent(|n: &u8| n.count_ones(), |n: &u8| u32::from(*n % 2)),
/// )
/// .check(Options::default().seed(1));
/// assert_eq!(result.minimal().unwrap().value(), &2);
/// ```
pub fn equivalent<T, A, B, R, F, G>(reference: F, candidate: G) -> impl Fn(T) -> Result<(), Mismatch>
where
    T: Borrow<A> + Borrow<B> + Debug,
    A: ?Sized,
    B: ?Sized,
    R: PartialEq + Debug,
    F: Fn(&A) -> R,
    G: Fn(&B) -> R,
{
    move |input| check_equivalent(&input, &reference, &candidate)
}

/// Checks `relation(function(input), function(transform(input)))`: how the
/// output must change when the input changes in a known way, where the
/// output itself is unknown.
///
/// On failure it notes `input`, `transformed` (the transformed input), and
/// `output` and `transformed output`.
///
/// ```
/// use quickcheck::oracles::check_metamorphic;
///
/// // Appending an element never makes the sum smaller, whatever the sum is.
/// let sum = |list: &Vec<u32>| list.iter().map(|&n| u64::from(n)).sum::<u64>();
/// let append = |list: &Vec<u32>| [list.as_slice(), &[7]].concat();
/// assert!(check_metamorphic(&vec![1, 2], sum, append, |before, after| after >= before).is_ok());
/// ```
///
/// # Errors
///
/// A [`Mismatch`] when `relation` returns `false` for the two outputs.
pub fn check_metamorphic<T, A, B, R, F, X, Q>(input: &T, function: F, transform: X, relation: Q) -> Result<(), Mismatch>
where
    T: Borrow<A> + Borrow<B> + Debug,
    A: ?Sized,
    B: ?Sized,
    R: Debug,
    F: Fn(&A) -> R,
    X: Fn(&B) -> T,
    Q: Fn(&R, &R) -> bool,
{
    let transformed = transform(input.borrow());
    let output = function(input.borrow());
    let transformed_output = function(transformed.borrow());
    if relation(&output, &transformed_output) {
        return Ok(());
    }
    note("input", input);
    note("transformed", &transformed);
    note("output", &output);
    note("transformed output", &transformed_output);
    Err(Mismatch::new(
        "metamorphic",
        format!("the relation does not hold between {} and {}", render(&output), render(&transformed_output)),
    ))
}

/// A property body for a metamorphic relation: [`check_metamorphic`] on
/// every input.
///
/// ```
/// use quickcheck::{Options, Property, arbitrary, oracles};
///
/// // Reversing a list does not change its length.
/// Property::for_all(
///     arbitrary::<Vec<u8>>(),
///     oracles::metamorphic(
///         |list: &Vec<u8>| list.len(),
///         |list: &Vec<u8>| list.iter().rev().copied().collect(),
///         |before, after| before == after,
///     ),
/// )
/// .assert(Options::default());
/// ```
pub fn metamorphic<T, A, B, R, F, X, Q>(function: F, transform: X, relation: Q) -> impl Fn(T) -> Result<(), Mismatch>
where
    T: Borrow<A> + Borrow<B> + Debug,
    A: ?Sized,
    B: ?Sized,
    R: Debug,
    F: Fn(&A) -> R,
    X: Fn(&B) -> T,
    Q: Fn(&R, &R) -> bool,
{
    move |input| check_metamorphic(&input, &function, &transform, &relation)
}

/// Checks that `decode(encode(input)) == input`.
///
/// On failure it notes `input`, `encoded` and `decoded`.
///
/// ```
/// use quickcheck::oracles::check_round_trip;
///
/// let encode = |n: &i64| n.to_string();
/// let decode = |text: &String| text.parse::<i64>().unwrap_or_default();
/// assert!(check_round_trip(&-42, encode, decode).is_ok());
/// ```
///
/// # Errors
///
/// A [`Mismatch`] when the decoded value is not the input: unequal to it,
/// or equal but with a zero of the other sign that its encoding shows. (An
/// encoder that writes `-0.0` as it writes `0.0` loses the sign before the
/// encoded form, where no comparison of values can see it: compare the
/// encoded forms in a body of your own to catch that.)
pub fn check_round_trip<T, A, E, B, F, D>(input: &T, encode: F, decode: D) -> Result<(), Mismatch>
where
    T: Borrow<A> + PartialEq + Debug,
    A: ?Sized,
    E: Borrow<B> + Debug,
    B: ?Sized,
    F: Fn(&A) -> E,
    D: Fn(&B) -> T,
{
    let encoded = encode(input.borrow());
    let decoded = decode(encoded.borrow());
    if restored(&decoded, input, || printed_alike(&encode(decoded.borrow()), &encoded)) {
        return Ok(());
    }
    note("input", input);
    note("encoded", &encoded);
    note("decoded", &decoded);
    Err(Mismatch::new(
        "round_trip",
        format!("{} was encoded as {} and decoded as {}", render(&input), render(&encoded), render(&decoded)),
    ))
}

/// A property body for an encoder and its decoder: [`check_round_trip`] on
/// every input.
///
/// ```
/// use quickcheck::{Options, Property, arbitrary, oracles};
///
/// Property::for_all(
///     arbitrary::<Vec<u8>>(),
///     oracles::round_trip(
///         |bytes: &[u8]| bytes.iter().rev().copied().collect::<Vec<u8>>(),
///         |reversed: &[u8]| reversed.iter().rev().copied().collect(),
///     ),
/// )
/// .assert(Options::default());
/// ```
pub fn round_trip<T, A, E, B, F, D>(encode: F, decode: D) -> impl Fn(T) -> Result<(), Mismatch>
where
    T: Borrow<A> + PartialEq + Debug,
    A: ?Sized,
    E: Borrow<B> + Debug,
    B: ?Sized,
    F: Fn(&A) -> E,
    D: Fn(&B) -> T,
{
    move |input| check_round_trip(&input, &encode, &decode)
}

/// Whether `a` and `b` are the same value, for an oracle or law that
/// compares a value with a copy of it: equal, or both not equal to
/// themselves (a NaN, or a struct holding one) and printed the same, in
/// full. `PartialEq` alone would call every copy of a NaN different; the
/// report's `Debug` form, cut at 10,000 bytes, would call values the same
/// that differ past the cut. A `Debug` that panics decides nothing, and
/// its panic goes on as one of the code under test: a law check then says
/// it could not decide, rather than that the law is broken.
pub(crate) fn same<T: PartialEq + Debug + ?Sized>(a: &T, b: &T) -> bool {
    if a == b {
        return true;
    }
    unequal_to_itself(a) && unequal_to_itself(b) && format!("{a:?}") == format!("{b:?}")
}

/// The whole `Debug` form of `value`, not cut short; `None` if its `Debug`
/// panics.
fn whole_debug<T: Debug + ?Sized>(value: &T) -> Option<String> {
    catch(|| format!("{value:?}")).ok()
}

/// Whether a round trip gave back `input` as `decoded`: the [`same`]
/// value, with every zero of the sign it had. Equal values whose `Debug`
/// forms differ only where one prints `-0.0` and the other `0.0` lost a
/// sign, unless `encodes_alike` finds that `decoded` encodes as `input`
/// did (the zero is in a part the encoding leaves out, or writes without
/// its sign); equal values whose forms differ otherwise (a hash set's
/// order) count as restored, as do equal values whose `Debug` panics.
fn restored<T: PartialEq + Debug + ?Sized>(decoded: &T, input: &T, encodes_alike: impl FnOnce() -> bool) -> bool {
    if !same(decoded, input) {
        return false;
    }
    let (Some(decoded), Some(input)) = (whole_debug(decoded), whole_debug(input)) else { return true };
    decoded == input || without_zero_signs(&decoded) != without_zero_signs(&input) || encodes_alike()
}

/// Whether two encoded forms print the same, in full: what tells a
/// decoded value that encodes as the input did. A `Debug` that panics
/// tells nothing, and the forms count as different.
fn printed_alike<E: Debug + ?Sized>(a: &E, b: &E) -> bool {
    matches!((whole_debug(a), whole_debug(b)), (Some(a), Some(b)) if a == b)
}

/// A `Debug` form with each negative zero, `-0.0` outside string and
/// character literals (and not the start of `-0.05`), written `0.0`.
fn without_zero_signs(rendered: &str) -> String {
    let characters: Vec<(char, bool)> = outside_literals(rendered).collect();
    let mut unsigned = String::with_capacity(rendered.len());
    let mut at = 0;
    while at < characters.len() {
        let is_zero = |offset: usize, expected: char| characters.get(at + offset) == Some(&(expected, false));
        let ends_there =
            characters.get(at + 4).is_none_or(|&(next, _)| !(next.is_ascii_digit() || next == 'e' || next == 'E'));
        if is_zero(0, '-') && is_zero(1, '0') && is_zero(2, '.') && is_zero(3, '0') && ends_there {
            // The sign is dropped; the zero is copied on.
            at += 1;
            continue;
        }
        unsigned.push(characters[at].0);
        at += 1;
    }
    unsigned
}

/// Whether `x == x` fails, as for a NaN: the reflexivity law of
/// `PartialEq`, broken. Asked of `eq`, not `ne`, whose own law is checked
/// apart.
pub(crate) fn unequal_to_itself<T: PartialEq + ?Sized>(x: &T) -> bool {
    !x.eq(x)
}

/// Checks that `decode(encode(input)) == input` for an encoder and a decoder
/// that can fail, such as a serialization format's.
///
/// An error from either side is the failure, reported with its `Debug`
/// form and noted as `encoding error` or `decoding error`; the encoded form
/// is noted as `encoded` whenever there is one.
///
/// ```
/// use quickcheck::oracles::check_round_trip_fallible;
///
/// let encode = |n: &u8| -> Result<String, std::fmt::Error> { Ok(format!("{n:x}")) };
/// let decode = |text: &String| u8::from_str_radix(text, 16);
/// assert!(check_round_trip_fallible(&200, encode, decode).is_ok());
///
/// let decimal = |text: &String| text.parse::<u8>();
/// let failure = check_round_trip_fallible(&200, encode, decimal).unwrap_err();
/// assert!(failure.message().starts_with("decoding \"c8\" failed"), "{failure}");
/// ```
///
/// # Errors
///
/// A [`Mismatch`] when `encode` or `decode` returns an error, or when the
/// decoded value is not the input, as for [`check_round_trip`].
pub fn check_round_trip_fallible<T, A, E, B, EE, DE, F, D>(input: &T, encode: F, decode: D) -> Result<(), Mismatch>
where
    T: Borrow<A> + PartialEq + Debug,
    A: ?Sized,
    E: Borrow<B> + Debug,
    B: ?Sized,
    EE: Debug,
    DE: Debug,
    F: Fn(&A) -> Result<E, EE>,
    D: Fn(&B) -> Result<T, DE>,
{
    let encoded = match encode(input.borrow()) {
        Ok(encoded) => encoded,
        Err(error) => {
            note("input", input);
            note("encoding error", &error);
            return Err(Mismatch::new("round_trip", format!("encoding {} failed: {}", render(&input), render(&error))));
        }
    };
    match decode(encoded.borrow()) {
        Ok(decoded)
            if restored(&decoded, input, || {
                encode(decoded.borrow()).is_ok_and(|again| printed_alike(&again, &encoded))
            }) =>
        {
            Ok(())
        }
        Ok(decoded) => {
            note("input", input);
            note("encoded", &encoded);
            note("decoded", &decoded);
            Err(Mismatch::new(
                "round_trip",
                format!("{} was encoded as {} and decoded as {}", render(&input), render(&encoded), render(&decoded)),
            ))
        }
        Err(error) => {
            note("input", input);
            note("encoded", &encoded);
            note("decoding error", &error);
            Err(Mismatch::new("round_trip", format!("decoding {} failed: {}", render(&encoded), render(&error))))
        }
    }
}

/// A property body for a fallible encoder and decoder:
/// [`check_round_trip_fallible`] on every input.
///
/// ```
/// use quickcheck::{Options, Property, arbitrary, oracles};
///
/// Property::for_all(
///     arbitrary::<u32>(),
///     oracles::round_trip_fallible(
///         |n: &u32| -> Result<String, std::convert::Infallible> { Ok(n.to_string()) },
///         |text: &String| text.parse::<u32>(),
///     ),
/// )
/// .assert(Options::default());
/// ```
pub fn round_trip_fallible<T, A, E, B, EE, DE, F, D>(encode: F, decode: D) -> impl Fn(T) -> Result<(), Mismatch>
where
    T: Borrow<A> + PartialEq + Debug,
    A: ?Sized,
    E: Borrow<B> + Debug,
    B: ?Sized,
    EE: Debug,
    DE: Debug,
    F: Fn(&A) -> Result<E, EE>,
    D: Fn(&B) -> Result<T, DE>,
{
    move |input| check_round_trip_fallible(&input, &encode, &decode)
}

/// Checks that `function(function(input)) == function(input)`: applying it
/// a second time changes nothing, as a normaliser, a formatter or a
/// deduplication should.
///
/// On failure it notes `input`, `once` and `twice`.
///
/// ```
/// use quickcheck::oracles::check_idempotent;
///
/// let lowercase = |text: &String| text.to_lowercase();
/// assert!(check_idempotent(&"MiXeD".to_owned(), lowercase).is_ok());
/// ```
///
/// # Errors
///
/// A [`Mismatch`] when applying `function` to its own result changes it.
pub fn check_idempotent<T, A, F>(input: &T, function: F) -> Result<(), Mismatch>
where
    T: Borrow<A> + PartialEq + Debug,
    A: ?Sized,
    F: Fn(&A) -> T,
{
    let once = function(input.borrow());
    let twice = function(once.borrow());
    if same(&once, &twice) {
        return Ok(());
    }
    note("input", input);
    note("once", &once);
    note("twice", &twice);
    Err(Mismatch::new(
        "idempotent",
        format!("applied once it gave {}, applied twice {}", render(&once), render(&twice)),
    ))
}

/// A property body for an operation that must be idempotent:
/// [`check_idempotent`] on every input.
///
/// ```
/// use quickcheck::{Options, Property, arbitrary, oracles};
///
/// Property::for_all(arbitrary::<Vec<u8>>(), oracles::idempotent(|list: &Vec<u8>| {
///     let mut sorted = list.clone();
///     sorted.sort();
///     sorted.dedup();
///     sorted
/// }))
/// .assert(Options::default());
/// ```
pub fn idempotent<T, A, F>(function: F) -> impl Fn(T) -> Result<(), Mismatch>
where
    T: Borrow<A> + PartialEq + Debug,
    A: ?Sized,
    F: Fn(&A) -> T,
{
    move |input| check_idempotent(&input, &function)
}

#[cfg(test)]
mod tests {
    use super::{check_round_trip, restored, same, without_zero_signs};

    #[test]
    fn a_round_trip_that_loses_the_sign_of_a_zero_did_not_restore_the_value() {
        let encodes_otherwise = || false;
        assert!(restored(&0.0, &0.0, encodes_otherwise) && restored(&-0.0, &-0.0, encodes_otherwise));
        assert!(restored(&vec![-0.05, 1.0], &vec![-0.05, 1.0], encodes_otherwise));
        assert!(!restored(&0.0, &-0.0, encodes_otherwise));
        assert!(!restored(&vec![1.5, -0.0], &vec![1.5, 0.0], encodes_otherwise));
        assert!(!restored(&(Some(-0.0f32), 3), &(Some(0.0f32), 3), encodes_otherwise));
        // Encoded alike, the sign was never in the encoding.
        assert!(restored(&0.0, &-0.0, || true));
        assert_eq!(without_zero_signs("[-0.0, -0.05, -0.0e1, -0.0]"), "[0.0, -0.05, -0.0e1, 0.0]");
        // Text is no number: equal sets of strings printed in another
        // order are still restored.
        assert_eq!(without_zero_signs(r#"{"-0.0", '-', "a\"-0.0"}"#), r#"{"-0.0", '-', "a\"-0.0"}"#);
        // A collection equal in any order, as a hash set is.
        #[derive(Debug)]
        struct Unordered(Vec<&'static str>);
        impl PartialEq for Unordered {
            fn eq(&self, other: &Unordered) -> bool {
                let sorted = |items: &[&'static str]| {
                    let mut items = items.to_vec();
                    items.sort_unstable();
                    items
                };
                sorted(&self.0) == sorted(&other.0)
            }
        }
        assert!(restored(&Unordered(vec!["-0.0", "0.0"]), &Unordered(vec!["0.0", "-0.0"]), encodes_otherwise));
        // A decoder that drops the sign the encoding holds.
        let encode = |x: &f64| format!("{x:?}");
        assert!(check_round_trip(&-0.0, encode, |text: &String| text.parse::<f64>().unwrap().abs()).is_err());
        assert!(check_round_trip(&-0.0, encode, |text: &String| text.parse::<f64>().unwrap()).is_ok());
        // An encoded form whose Debug panics cannot show that it encodes
        // alike: the sign counts as lost.
        struct Unprintable(String);
        impl std::fmt::Debug for Unprintable {
            fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                panic!("not printable")
            }
        }
        let hidden = |x: &f64| Unprintable(format!("{x:?}"));
        assert!(check_round_trip(&-0.0, hidden, |text: &Unprintable| text.0.parse::<f64>().unwrap().abs()).is_err());
        // An encoder that writes no sign: the encoded form holds none to lose.
        let unsigned = |x: &f64| format!("{}", *x as i64);
        let parse = |text: &String| text.parse::<f64>().unwrap_or(f64::NAN);
        assert!(check_round_trip(&-0.0, unsigned, parse).is_ok());
        assert!(check_round_trip(&0.0, unsigned, parse).is_ok());
    }

    #[test]
    fn copies_holding_a_nan_are_the_same_and_values_differing_past_the_cut_are_not() {
        let mut long = vec![f64::NAN];
        long.extend((0..3000).map(f64::from));
        assert!(same(&long, &long.clone()));
        let mut other = long.clone();
        *other.last_mut().unwrap() = -1.0;
        // Both print the same first 10,000 bytes, then the cut.
        assert!(!same(&long, &other));
        assert!(!same(&f64::NAN, &1.0));
    }
}
