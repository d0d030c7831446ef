//! What a property body may return.

use std::fmt::Debug;

use crate::property::{Failure, FailureKind};

/// A value a property body can return to say whether it held: `()` (a
/// panic fails), `bool`, or a `Result` whose `Err` fails.
///
/// Coming from quickcheck 1.x, whose `TestResult` was a type to return
/// (this crate has none of that name): return one of these instead, and
/// discard an input with [`assume`](crate::assume) where it returned
/// `TestResult::discard()`.
///
/// The trait is sealed: a body that has its own notion of failure returns
/// it as a `Result`'s `Err`, whose `Debug` form the report shows.
#[diagnostic::on_unimplemented(
    message = "a property body cannot return `{Self}`",
    label = "a property returns `()`, `bool` or a `Result` whose `Err` fails",
    note = "return `()` and assert, `bool`, or a `Result<(), E>` (with `?` inside); for \
            a value to check, compare it in the body",
    note = "if the body is `async`, it returns a future: run it with `check_async` or `assert_async`, and await what they \
            return"
)]
pub trait IntoVerdict: sealed::Sealed {
    /// `Ok` if the property held for this example.
    fn into_verdict(self) -> Result<(), Failure>;
}

pub(crate) mod sealed {
    #[diagnostic::on_unimplemented(
        message = "`IntoVerdict` is sealed: a property body returns `()`, `bool` or a `Result` whose `Err` is `Debug`",
        label = "not one of the verdicts a body may return",
        note = "for a verdict of your own, return it as a `Result`'s `Err`: its `Debug` form is the failure's message"
    )]
    pub trait Sealed {}
    impl Sealed for () {}
    impl Sealed for bool {}
    impl<T, E> Sealed for Result<T, E> {}
}

impl IntoVerdict for () {
    #[inline]
    fn into_verdict(self) -> Result<(), Failure> {
        Ok(())
    }
}

impl IntoVerdict for bool {
    // Inlined into the engine's call of the body, where it is a test of
    // the returned flag; the failure is built out of line.
    #[inline]
    fn into_verdict(self) -> Result<(), Failure> {
        if self { Ok(()) } else { Err(returned_false()) }
    }
}

/// The failure of a body that returned `false`.
#[cold]
fn returned_false() -> Failure {
    Failure::new(FailureKind::ReturnedFalse, "returned false".to_owned())
}

impl<T: IntoVerdict, E: Debug> IntoVerdict for Result<T, E> {
    #[inline]
    fn into_verdict(self) -> Result<(), Failure> {
        match self {
            Ok(inner) => inner.into_verdict(),
            Err(error) => Err(Failure::new(FailureKind::ReturnedError, crate::property::format::render_error(&error))),
        }
    }
}
