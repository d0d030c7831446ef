//! `#[derive(Arbitrary)]`: a generator that draws a struct's fields, or an
//! enum's variant and then its fields.
//!
//! The generator is `generate::from` over a function pointer, so the
//! generator type can be named without a type of its own, and a recursive
//! type's generator is built lazily, one draw at a time.

use proc_macro2::{Ident, TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Attribute, Data, DataEnum, DeriveInput, Expr, Fields, LitInt, Variant, parse_quote};

pub(crate) fn expand(item: TokenStream) -> syn::Result<TokenStream> {
    let input: DeriveInput = syn::parse2(item)?;
    let name = &input.ident;
    let mut generics = input.generics.clone();
    for parameter in generics.type_params_mut() {
        parameter.bounds.push(parse_quote!(::quickcheck::Arbitrary));
    }
    let (impl_generics, type_generics, where_clause) = generics.split_for_impl();
    let body = match &input.data {
        Data::Struct(data) => {
            refuse_attribute(&input.attrs, "weight", "#[weight(...)] weights an enum variant; a struct has none")?;
            construct(quote! { Self }, &data.fields)?
        }
        Data::Enum(data) => enum_body(name, data)?,
        Data::Union(data) => {
            return Err(syn::Error::new(
                data.union_token.span(),
                "Arbitrary cannot be derived for a union: which field is set cannot be known; implement \
                 Arbitrary by hand",
            ));
        }
    };
    Ok(quote! {
        impl #impl_generics ::quickcheck::Arbitrary for #name #type_generics #where_clause {
            type Generator = ::quickcheck::generate::FromFn<fn(&mut ::quickcheck::ChoiceSource) -> Self>;

            fn arbitrary() -> Self::Generator {
                ::quickcheck::generate::from(
                    (|source: &mut ::quickcheck::ChoiceSource| -> Self { #body })
                        as fn(&mut ::quickcheck::ChoiceSource) -> Self,
                )
            }
        }
    })
}

fn refuse_attribute(attributes: &[Attribute], name: &str, message: &str) -> syn::Result<()> {
    match attributes.iter().find(|attribute| attribute.path().is_ident(name)) {
        Some(attribute) => Err(syn::Error::new(attribute.span(), message)),
        None => Ok(()),
    }
}

/// An expression building `path` from fields drawn in order.
fn construct(path: TokenStream, fields: &Fields) -> syn::Result<TokenStream> {
    let mut draws = Vec::new();
    for field in fields {
        refuse_attribute(&field.attrs, "weight", "#[weight(...)] weights an enum variant, not a field")?;
        let ty = &field.ty;
        let generator = match field.attrs.iter().find(|attribute| attribute.path().is_ident("generator")) {
            Some(attribute) => {
                let expression: Expr = attribute.parse_args()?;
                quote! { ::quickcheck::__private::generator_for::<#ty, _>(#expression) }
            }
            None => quote_spanned! {ty.span()=> <#ty as ::quickcheck::Arbitrary>::arbitrary() },
        };
        let draw = quote! { source.draw(&#generator) };
        draws.push(match &field.ident {
            Some(name) => quote! { #name: #draw },
            None => draw,
        });
    }
    Ok(match fields {
        Fields::Named(_) => quote! { #path { #(#draws),* } },
        Fields::Unnamed(_) => quote! { #path ( #(#draws),* ) },
        Fields::Unit => path,
    })
}

/// Whether `tokens` mention the enum: its name or `Self`.
fn mentions(tokens: TokenStream, name: &Ident) -> bool {
    tokens.into_iter().any(|token| match token {
        TokenTree::Ident(identifier) => identifier == *name || identifier == "Self",
        TokenTree::Group(group) => mentions(group.stream(), name),
        TokenTree::Punct(_) | TokenTree::Literal(_) => false,
    })
}

fn is_recursive(variant: &Variant, name: &Ident) -> bool {
    variant.fields.iter().any(|field| {
        let ty = &field.ty;
        mentions(quote! { #ty }, name)
    })
}

fn weight(variant: &Variant) -> syn::Result<u32> {
    refuse_attribute(&variant.attrs, "generator", "#[generator(...)] picks the generator of a field, not a variant")?;
    match variant.attrs.iter().find(|attribute| attribute.path().is_ident("weight")) {
        Some(attribute) => {
            let weight: LitInt = attribute.parse_args().map_err(|error| {
                syn::Error::new(error.span(), "#[weight(...)] takes a whole number, such as #[weight(3)]")
            })?;
            weight.base10_parse().map_err(|_| {
                syn::Error::new(weight.span(), format!("a weight is a whole number from 0 to {}", u32::MAX))
            })
        }
        None => Ok(1),
    }
}

/// Draws a variant, then its fields.
///
/// Variants are numbered for the choice with the non-recursive ones first,
/// in declaration order, so the simplest choice, 0, is the first variant
/// that ends the recursion, and shrinking goes towards it.
fn enum_body(name: &Ident, data: &DataEnum) -> syn::Result<TokenStream> {
    if data.variants.is_empty() {
        return Err(syn::Error::new(
            name.span(),
            "Arbitrary cannot be derived for an enum without variants: it has no values",
        ));
    }
    let (recursive, plain): (Vec<&Variant>, Vec<&Variant>) =
        data.variants.iter().partition(|variant| is_recursive(variant, name));
    if plain.is_empty() {
        return Err(syn::Error::new(
            name.span(),
            format!(
                "every variant of `{name}` contains `{name}`, so a value could never end; add a variant that \
                 does not, such as a leaf, which also becomes what values shrink towards"
            ),
        ));
    }
    let ordered: Vec<&Variant> = plain.iter().chain(&recursive).copied().collect();
    let mut arms = Vec::new();
    let mut weights = Vec::new();
    for (position, variant) in ordered.iter().enumerate() {
        let variant_name = &variant.ident;
        let construction = construct(quote! { Self::#variant_name }, &variant.fields)?;
        arms.push(quote! { #position => #construction, });
        weights.push(weight(variant)?);
    }
    let unreachable = quote! {
        _ => ::core::unreachable!("choose_variant draws a position below the number of variants"),
    };
    if recursive.is_empty() {
        return Ok(quote! {
            match ::quickcheck::__private::choose_variant(source, &[#(#weights),*]) {
                #(#arms)*
                #unreachable
            }
        });
    }
    let plain_weights = &weights[..plain.len()];
    Ok(quote! {
        // Held while the fields are drawn, so nested values are one level deeper.
        let level = ::quickcheck::__private::RecursionLevel::enter();
        let position = if level.is_deepest() {
            ::quickcheck::__private::choose_variant(source, &[#(#plain_weights),*])
        } else {
            ::quickcheck::__private::choose_variant(source, &[#(#weights),*])
        };
        match position {
            #(#arms)*
            #unreachable
        }
    })
}
