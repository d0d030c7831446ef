//! The generator of one value: a `#[property]` parameter or a derived
//! type's field.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Attribute, Expr, Type};

use crate::crate_path::CratePath;

/// The generator of a value of type `ty`: the expression of its
/// `#[generator(...)]` attribute, checked to generate `ty`, or else `ty`'s
/// `Arbitrary` generator.
pub(crate) fn generator_of(ty: &Type, attribute: Option<&Attribute>, krate: &CratePath) -> syn::Result<TokenStream> {
    let Some(attribute) = attribute else {
        return Ok(quote_spanned! {ty.span()=> <#ty as #krate::Arbitrary>::arbitrary() });
    };
    let expression: Expr = attribute.parse_args().map_err(|error| {
        syn::Error::new(
            error.span(),
            "#[generator(...)] takes one expression that makes a generator, such as \
             #[generator(generate::between(1, 6))]",
        )
    })?;
    Ok(quote! { #krate::__private::generator_for::<#ty, _>(#expression) })
}
