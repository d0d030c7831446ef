//! The macros of the `quickcheck` crate: `#[property]`, `#[example]` and
//! `#[derive(Arbitrary)]`. Use them through `quickcheck`, which re-exports
//! them and documents them.
//!
//! The macros only write plain calls to the runtime crate (`Property`,
//! `Options`, `Arbitrary`, `generate`); everything about generating,
//! checking and shrinking lives there.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod crate_path;
mod derive;
mod generator;
mod options;
mod pin_line;
mod property;

use proc_macro::TokenStream;

/// Turns a function with typed parameters into a property test. See the
/// `quickcheck` crate's documentation of `property`.
#[proc_macro_attribute]
pub fn property(attribute: TokenStream, item: TokenStream) -> TokenStream {
    property::expand(attribute.into(), item.into()).unwrap_or_else(syn::Error::into_compile_error).into()
}

/// Pins one example of a `#[property]`. Written below `#[property]` it is
/// read by that attribute; written above, this moves it below.
#[proc_macro_attribute]
pub fn example(attribute: TokenStream, item: TokenStream) -> TokenStream {
    property::reorder_example(attribute.into(), item.into()).unwrap_or_else(syn::Error::into_compile_error).into()
}

/// Derives `Arbitrary` for a struct or an enum. See the `quickcheck`
/// crate's documentation of `Arbitrary`.
#[proc_macro_derive(Arbitrary, attributes(generator, weight, arbitrary))]
pub fn derive_arbitrary(item: TokenStream) -> TokenStream {
    derive::expand(item.into()).unwrap_or_else(syn::Error::into_compile_error).into()
}
