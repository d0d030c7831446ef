//! The generator of one value: a `#[property]` parameter or a derived
//! type's field.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Attribute, Expr, PathArguments, Type};

use crate::crate_path::CratePath;

/// The generator of a value of type `ty`: the expression of its
/// `#[generator(...)]` attribute, checked to generate `ty`, or else `ty`'s
/// `Arbitrary` generator.
pub(crate) fn generator_of(ty: &Type, attribute: Option<&Attribute>, krate: &CratePath) -> syn::Result<TokenStream> {
    let Some(attribute) = attribute else {
        if is_command_sequence(ty) {
            // Said here, at the type: the trait error would suggest deriving
            // `Arbitrary` for the crate's own type.
            return Err(syn::Error::new_spanned(
                ty,
                "a `CommandSequence` has no default generator, as its commands come from a model: draw it with \
                 #[generator(stateful::commands(initial, next))], where `initial` makes the model and `next` the \
                 generator of a command for a state of it",
            ));
        }
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

/// Whether `ty` names the crate's stateful `CommandSequence`: by its last
/// path segment and its two type arguments, as a macro sees no types (a
/// type of the user's own with the name and no arguments is left alone).
fn is_command_sequence(ty: &Type) -> bool {
    match ty {
        Type::Path(path) => {
            path.qself.is_none() && path.path.segments.last().is_some_and(|last| {
                last.ident == "CommandSequence"
                    && matches!(&last.arguments, PathArguments::AngleBracketed(arguments) if arguments.args.len() == 2)
            })
        }
        Type::Paren(inner) => is_command_sequence(&inner.elem),
        Type::Group(inner) => is_command_sequence(&inner.elem),
        _ => false,
    }
}
