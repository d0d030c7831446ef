//! The options of `#[property(...)]`, turned into `Options` builder calls.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Expr, ExprLit, Lit, MetaNameValue, Token};

/// The kind of value an option takes.
#[derive(Clone, Copy)]
enum Kind {
    WholeNumber,
    Text,
    /// Any expression of the option's type, such as `Confidence::default()`.
    Value,
    /// `[a, b]`: the method is called once per element.
    List,
    /// `false` calls the method (which takes no argument); `true` is the default.
    Flag,
}

/// Every option: its name in the attribute, the `Options` method it calls,
/// and the kind of its value. `cases` is an alias of `runs`.
const OPTIONS: &[(&str, &str, Kind)] = &[
    ("runs", "runs", Kind::WholeNumber),
    ("cases", "runs", Kind::WholeNumber),
    ("seed", "seed", Kind::WholeNumber),
    ("max_shrinks", "max_shrinks", Kind::WholeNumber),
    ("max_discard_ratio", "max_discard_ratio", Kind::WholeNumber),
    ("replay", "replay", Kind::Text),
    ("name", "name", Kind::Text),
    ("database", "database", Kind::Text),
    ("coverage_confidence", "coverage_confidence", Kind::Value),
    ("phases", "phases", Kind::Value),
    ("target_steps", "target_steps", Kind::WholeNumber),
    ("suppress", "suppress", Kind::List),
    ("multiple_failures", "first_failure_only", Kind::Flag),
];

fn option_names() -> String {
    OPTIONS.iter().map(|(name, ..)| format!("`{name}`")).collect::<Vec<_>>().join(", ")
}

/// Parses the attribute's arguments into an `Options` expression.
pub(crate) fn parse(attribute: TokenStream) -> syn::Result<TokenStream> {
    let arguments: Punctuated<MetaNameValue, Token![,]> =
        syn::parse::Parser::parse2(Punctuated::parse_terminated, attribute).map_err(|error| {
            syn::Error::new(
                error.span(),
                format!("expected options written `name = value`, separated by commas, such as `#[property(runs = 500, seed = 7)]`: {error}"),
            )
        })?;
    let mut calls = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for argument in arguments {
        let Some(name) = argument.path.get_ident().map(ToString::to_string) else {
            return Err(syn::Error::new(
                argument.path.span(),
                format!("unknown #[property] option; expected one of {}", option_names()),
            ));
        };
        let Some(&(_, method, kind)) = OPTIONS.iter().find(|(option, ..)| *option == name) else {
            return Err(syn::Error::new(
                argument.path.span(),
                format!("unknown #[property] option `{name}`; expected one of {}", option_names()),
            ));
        };
        if seen.contains(&method) {
            return Err(syn::Error::new(
                argument.path.span(),
                format!("the option `{name}` is set twice (`cases` is another name for `runs`); keep one"),
            ));
        }
        seen.push(method);
        check_kind(&name, kind, &argument.value)?;
        let method = syn::Ident::new(method, argument.path.span());
        let value = &argument.value;
        match (kind, value) {
            (Kind::List, Expr::Array(array)) => {
                calls.extend(array.elems.iter().map(|element| quote_spanned! {element.span()=> .#method(#element) }));
            }
            (Kind::List, _) => calls.push(quote_spanned! {value.span()=> .#method(#value) }),
            (Kind::Flag, Expr::Lit(ExprLit { lit: Lit::Bool(flag), .. })) => {
                if !flag.value {
                    calls.push(quote_spanned! {value.span()=> .#method() });
                }
            }
            (Kind::Flag, _) => unreachable!("check_kind accepts only literal booleans for flags"),
            _ => calls.push(quote_spanned! {value.span()=> .#method(#value) }),
        }
    }
    Ok(quote! { ::quickcheck::Options::default() #(#calls)* })
}

/// Rejects a literal of the wrong kind here; any other expression is left to
/// the compiler, so constants work.
fn check_kind(name: &str, kind: Kind, value: &Expr) -> syn::Result<()> {
    let Expr::Lit(ExprLit { lit, .. }) = value else {
        return match kind {
            Kind::Flag => Err(syn::Error::new(
                value.span(),
                format!("`{name}` takes `true` or `false`, such as `{name} = false`"),
            )),
            _ => Ok(()),
        };
    };
    match (kind, lit) {
        (Kind::Flag, Lit::Bool(_)) => Ok(()),
        (Kind::Flag, _) => {
            Err(syn::Error::new(lit.span(), format!("`{name}` takes `true` or `false`, such as `{name} = false`")))
        }
        (Kind::List, _) => Err(syn::Error::new(
            lit.span(),
            format!("`{name}` takes a list such as `{name} = [quickcheck::HealthCheck::TooSlow]`, not a literal"),
        )),
        (Kind::WholeNumber, Lit::Int(integer)) => integer.base10_parse::<u64>().map(|_| ()).map_err(|_| {
            syn::Error::new(lit.span(), format!("`{name}` must be a whole number from 0 to {}", u64::MAX))
        }),
        (Kind::Text, Lit::Str(_)) => Ok(()),
        (Kind::Value, _) => Err(syn::Error::new(
            lit.span(),
            format!(
                "`{name}` takes a value such as `{name} = quickcheck::stats::Confidence::default()`, not a literal"
            ),
        )),
        (Kind::WholeNumber, _) => {
            Err(syn::Error::new(lit.span(), format!("`{name}` takes a whole number, such as `{name} = 500`")))
        }
        (Kind::Text, _) => {
            Err(syn::Error::new(lit.span(), format!("`{name}` takes a string, such as `{name} = \"v1.AAE\"`")))
        }
    }
}
