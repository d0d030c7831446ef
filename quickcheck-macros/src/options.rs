//! The options of `#[property(...)]`, turned into `Options` builder calls.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Expr, ExprLit, Lit, LitStr, Meta, MetaNameValue, Token};

use crate::crate_path::CratePath;

/// The kind of value an option takes.
#[derive(Clone, Copy)]
enum Kind {
    WholeNumber,
    Text,
    /// Any expression of the option's type, such as `Confidence::default()`.
    Value,
    /// `[a, b]`: the method is called once per element.
    List,
    /// `true` or `false`.
    Boolean,
}

/// One option of the attribute.
struct OptionSpec {
    /// Its name in the attribute.
    name: &'static str,
    /// The `Options` method it calls.
    method: &'static str,
    kind: Kind,
    /// How it is written, for the errors that show a correct use.
    example: &'static str,
}

/// Every option. `cases` is another name for `runs`.
const OPTIONS: &[OptionSpec] = &[
    OptionSpec { name: "runs", method: "runs", kind: Kind::WholeNumber, example: "runs = 500" },
    OptionSpec { name: "cases", method: "runs", kind: Kind::WholeNumber, example: "cases = 500" },
    OptionSpec { name: "seed", method: "seed", kind: Kind::WholeNumber, example: "seed = 42" },
    OptionSpec { name: "max_shrinks", method: "max_shrinks", kind: Kind::WholeNumber, example: "max_shrinks = 1000" },
    OptionSpec {
        name: "max_discard_ratio",
        method: "max_discard_ratio",
        kind: Kind::WholeNumber,
        example: "max_discard_ratio = 10",
    },
    OptionSpec { name: "replay", method: "replay", kind: Kind::Text, example: "replay = \"v1.AAE\"" },
    OptionSpec { name: "name", method: "name", kind: Kind::Text, example: "name = \"parser round trip\"" },
    OptionSpec { name: "database", method: "database", kind: Kind::Text, example: "database = \"off\"" },
    OptionSpec {
        name: "coverage_confidence",
        method: "coverage_confidence",
        kind: Kind::Value,
        example: "coverage_confidence = quickcheck::stats::Confidence::default()",
    },
    OptionSpec {
        name: "phases",
        method: "phases",
        kind: Kind::Value,
        example: "phases = quickcheck::Phases::all().without(quickcheck::Phase::Shrink)",
    },
    OptionSpec {
        name: "target_steps",
        method: "target_steps",
        kind: Kind::WholeNumber,
        example: "target_steps = 1000",
    },
    OptionSpec {
        name: "run_for",
        method: "run_for",
        kind: Kind::Value,
        example: "run_for = std::time::Duration::from_secs(10)",
    },
    OptionSpec {
        name: "max_shrink_time",
        method: "max_shrink_time",
        kind: Kind::Value,
        example: "max_shrink_time = std::time::Duration::from_secs(600)",
    },
    OptionSpec {
        name: "deadline",
        method: "deadline",
        kind: Kind::Value,
        example: "deadline = std::time::Duration::from_millis(200)",
    },
    OptionSpec {
        name: "suppress",
        method: "suppress",
        kind: Kind::List,
        example: "suppress = [quickcheck::HealthCheck::TooSlow]",
    },
    OptionSpec {
        name: "multiple_failures",
        method: "multiple_failures",
        kind: Kind::Boolean,
        example: "multiple_failures = false",
    },
    OptionSpec { name: "isolate", method: "isolate", kind: Kind::Boolean, example: "isolate = true" },
];

fn option_names() -> String {
    let names: Vec<String> = OPTIONS.iter().map(|option| format!("`{}`", option.name)).collect();
    format!("{}, `crate`", names.join(", "))
}

/// The error for an option no entry of [`OPTIONS`] is named, pointing to
/// the option a typo away, if one is.
fn unknown_option(name: &str) -> String {
    let unknown = format!("unknown #[property] option `{name}`");
    if let Some(&(_, ours)) = OTHER_LIBRARIES_NAMES.iter().find(|(theirs, _)| *theirs == name) {
        let written = OPTIONS.iter().find(|option| option.name == ours).map_or(ours, |option| option.example);
        return format!(
            "{unknown}: the option for that here is `{ours}`, written `{written}`. The options are {}",
            option_names()
        );
    }
    match nearest_option(name) {
        Some(near) => format!("{unknown}: did you mean `{near}`? The options are {}", option_names()),
        None => format!("{unknown}; expected one of {}", option_names()),
    }
}

/// Settings of proptest, quickcheck 1.x and Hypothesis that a ported test
/// may write, with the option that does their job here (the README's
/// porting table says more of some).
const OTHER_LIBRARIES_NAMES: &[(&str, &str)] = &[
    ("tests", "runs"),
    ("max_examples", "runs"),
    ("max_tests", "max_discard_ratio"),
    ("min_tests_passed", "max_discard_ratio"),
    ("max_global_rejects", "max_discard_ratio"),
    ("max_local_rejects", "max_discard_ratio"),
    ("max_shrink_iters", "max_shrinks"),
    ("timeout", "deadline"),
    ("fork", "isolate"),
    ("failure_persistence", "database"),
    ("rng_seed", "seed"),
    ("suppress_health_check", "suppress"),
];

/// The option name a typo or two away from `name` (`run` for `runs`), if
/// one is: the nearest by edits, the first listed on a tie.
fn nearest_option(name: &str) -> Option<&'static str> {
    let names = OPTIONS.iter().map(|option| option.name).chain(["crate"]);
    let (distance, nearest) =
        names.map(|option| (edit_distance(name, option), option)).min_by_key(|&(distance, _)| distance)?;
    // Two edits of a short name reach every other short name.
    let allowed = if name.chars().count() <= 4 { 1 } else { 2 };
    (distance <= allowed).then_some(nearest)
}

/// How many characters must be inserted, deleted or replaced, or pairs of
/// neighbours swapped, to turn `from` into `to` (the optimal string
/// alignment distance: `nmae` is one edit from `name`).
fn edit_distance(from: &str, to: &str) -> usize {
    let (from, to): (Vec<char>, Vec<char>) = (from.chars().collect(), to.chars().collect());
    // `distance[i][j]`: from the first `i` characters of `from` to the
    // first `j` of `to`.
    let mut distance = vec![vec![0; to.len() + 1]; from.len() + 1];
    for (i, row) in distance.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in distance[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=from.len() {
        for j in 1..=to.len() {
            let replaced = distance[i - 1][j - 1] + usize::from(from[i - 1] != to[j - 1]);
            let mut best = replaced.min(distance[i - 1][j] + 1).min(distance[i][j - 1] + 1);
            if i > 1 && j > 1 && from[i - 1] == to[j - 2] && from[i - 2] == to[j - 1] {
                best = best.min(distance[i - 2][j - 2] + 1);
            }
            distance[i][j] = best;
        }
    }
    distance[from.len()][to.len()]
}

/// What the attribute's arguments say.
pub(crate) struct Parsed {
    /// The `Options` expression the check runs with.
    pub(crate) options: TokenStream,
    /// The path of the runtime crate.
    pub(crate) krate: CratePath,
    /// The `replay = ...` option, if one is given.
    pub(crate) replay: Option<ReplayOption>,
}

/// A `replay = ...` option.
pub(crate) struct ReplayOption {
    /// Where the option is.
    pub(crate) span: Span,
    /// Its token, if written as a literal, which can then be checked as
    /// the test compiles.
    pub(crate) literal: Option<LitStr>,
}

/// Parses the attribute's arguments into an `Options` expression, which
/// names the property by `name` (the arguments of
/// `__private::attribute_options`) unless a `name = ...` option says otherwise,
/// and the path of the runtime crate (`crate = "..."`, `::quickcheck` by
/// default) that the expression and the rest of the generated code use.
pub(crate) fn parse(attribute: TokenStream, name: TokenStream) -> syn::Result<Parsed> {
    let metas: Punctuated<Meta, Token![,]> =
        syn::parse::Parser::parse2(Punctuated::parse_terminated, attribute).map_err(|error| {
            syn::Error::new(
                error.span(),
                format!("expected options written `name = value`, separated by commas, such as `#[property(runs = 500, seed = 7)]`: {error}"),
            )
        })?;
    let arguments = metas.into_iter().map(name_and_value).collect::<syn::Result<Vec<_>>>()?;
    let mut calls = Vec::new();
    let mut seen: Vec<&OptionSpec> = Vec::new();
    let mut krate = None;
    let mut replay = None;
    for argument in arguments {
        if argument.path.is_ident("crate") {
            let Expr::Lit(ExprLit { lit: Lit::Str(literal), .. }) = &argument.value else {
                return Err(syn::Error::new(argument.value.span(), "`crate` takes a string, such as `crate = \"qc\"`"));
            };
            if krate.is_some() {
                return Err(syn::Error::new(argument.path.span(), "the option `crate` is set twice; keep one"));
            }
            krate = Some(CratePath::parse(literal)?);
            continue;
        }
        let Some(name) = argument.path.get_ident().map(ToString::to_string) else {
            return Err(syn::Error::new(
                argument.path.span(),
                format!("unknown #[property] option; expected one of {}", option_names()),
            ));
        };
        let Some(option) = OPTIONS.iter().find(|option| option.name == name) else {
            return Err(syn::Error::new(argument.path.span(), unknown_option(&name)));
        };
        if let Some(earlier) = seen.iter().find(|earlier| earlier.method == option.method) {
            let message = if earlier.name == option.name {
                format!("the option `{name}` is set twice; keep one")
            } else {
                format!("`{name}` is another name for `{}`, set before it; keep one", earlier.name)
            };
            return Err(syn::Error::new(argument.path.span(), message));
        }
        seen.push(option);
        if option.method == "replay" {
            // Trimmed as a token is at run time, where `str::trim`, which
            // the check's `const fn` cannot call, takes Unicode whitespace.
            let literal =
                string_literal(&argument.value).map(|literal| LitStr::new(literal.value().trim(), literal.span()));
            replay = Some(ReplayOption { span: argument.path.span(), literal });
        }
        check_kind(option, &argument.value)?;
        if option.name == "name"
            && let Expr::Lit(ExprLit { lit: Lit::Str(text), .. }) = &argument.value
            && text.value().trim().is_empty()
        {
            // Blank as well as empty: the runtime refuses a name of white
            // space alone, which is better said here, at the attribute.
            return Err(syn::Error::new(
                text.span(),
                "a property's name cannot be empty or blank: give it one, or leave `name` out to name the property \
                 after its module and function",
            ));
        }
        let kind = option.kind;
        let method = syn::Ident::new(option.method, argument.path.span());
        let value = &argument.value;
        match (kind, value) {
            (Kind::List, Expr::Array(array)) => {
                calls.extend(array.elems.iter().map(|element| quote_spanned! {element.span()=> .#method(#element) }));
            }
            (Kind::List, _) => calls.push(quote_spanned! {value.span()=> .#method(#value) }),
            _ => calls.push(quote_spanned! {value.span()=> .#method(#value) }),
        }
    }
    let krate = krate.unwrap_or_default();
    Ok(Parsed { options: quote! { #krate::__private::attribute_options(#name) #(#calls)* }, krate, replay })
}

/// The string literal `expression` is, seen through parentheses and the
/// invisible group a `macro_rules` fragment arrives in.
pub(crate) fn string_literal(expression: &Expr) -> Option<&LitStr> {
    match expression {
        Expr::Paren(syn::ExprParen { expr, .. }) | Expr::Group(syn::ExprGroup { expr, .. }) => string_literal(expr),
        Expr::Lit(ExprLit { lit: Lit::Str(literal), .. }) => Some(literal),
        _ => None,
    }
}

/// An option as `name = value`; an option written without its value
/// (`runs`, `runs(500)`) is refused where it is, showing it written right.
fn name_and_value(meta: Meta) -> syn::Result<MetaNameValue> {
    let path = match meta {
        Meta::NameValue(argument) => return Ok(argument),
        Meta::Path(path) => path,
        Meta::List(list) => list.path,
    };
    let name = path.get_ident().map(ToString::to_string).unwrap_or_default();
    let message = match OPTIONS.iter().find(|option| option.name == name) {
        Some(option) => format!("the option `{name}` needs a value after `=`, such as `{}`", option.example),
        None if name == "crate" => "the option `crate` needs a value after `=`, such as `crate = \"qc\"`".to_owned(),
        None if name.is_empty() => format!("unknown #[property] option; expected one of {}", option_names()),
        None => unknown_option(&name),
    };
    Err(syn::Error::new(path.span(), message))
}

/// Rejects a literal of the wrong kind here, showing the option written
/// correctly; any other expression is left to the compiler, so constants
/// work, except a string option's unquoted word (see [`unquoted_word`]).
fn check_kind(option: &OptionSpec, value: &Expr) -> syn::Result<()> {
    let OptionSpec { name, kind, example, .. } = option;
    let Expr::Lit(ExprLit { lit, .. }) = value else {
        return match kind {
            Kind::Text => match unquoted_word(value) {
                Some(word) => Err(syn::Error::new(
                    value.span(),
                    format!(
                        "`{name}` takes a string, and `{word}` without quotes is not one: write `{name} = \"{word}\"`"
                    ),
                )),
                None => Ok(()),
            },
            _ => Ok(()),
        };
    };
    let expected = match (kind, lit) {
        (Kind::Boolean, Lit::Bool(_)) | (Kind::Text, Lit::Str(_)) => return Ok(()),
        (Kind::WholeNumber, Lit::Int(integer)) => {
            return integer.base10_parse::<u64>().map(|_| ()).map_err(|_| {
                syn::Error::new(lit.span(), format!("`{name}` must be a whole number from 0 to {}", u64::MAX))
            });
        }
        (Kind::Boolean, _) => "`true` or `false`",
        (Kind::WholeNumber, _) => "a whole number",
        (Kind::Text, _) => "a string",
        (Kind::List, _) => "a list, not a literal",
        (Kind::Value, _) => "a value of its type, not a literal",
    };
    Err(syn::Error::new(lit.span(), format!("`{name}` takes {expected}, such as `{example}`")))
}

/// The word of a string option written without quotes, such as `off` in
/// `database = off`: a lone identifier with a lower-case letter, which
/// rustc would otherwise report as a value it cannot find. An upper-case
/// one is left alone, as the name of a constant holding the string.
fn unquoted_word(value: &Expr) -> Option<String> {
    let Expr::Path(path) = value else { return None };
    let word = path.path.get_ident()?.to_string();
    let word = word.strip_prefix("r#").unwrap_or(&word).to_owned();
    (path.qself.is_none() && word.chars().any(|character| character.is_lowercase())).then_some(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_insertions_deletions_replacements_and_swaps() {
        assert_eq!(edit_distance("run", "runs"), 1);
        assert_eq!(edit_distance("seeds", "seed"), 1);
        assert_eq!(edit_distance("deadlien", "deadline"), 1);
        assert_eq!(edit_distance("dedline", "deadline"), 1);
        assert_eq!(edit_distance("", "name"), 4);
        assert_eq!(edit_distance("name", "name"), 0);
        assert_eq!(edit_distance("nmae", "name"), 1);
        assert_eq!(edit_distance("sede", "seed"), 1);
    }

    #[test]
    fn a_typo_of_an_option_names_the_option() {
        assert_eq!(nearest_option("run"), Some("runs"));
        assert_eq!(nearest_option("max_shrink"), Some("max_shrinks"));
        assert_eq!(nearest_option("dedline"), Some("deadline"));
        assert_eq!(nearest_option("crates"), Some("crate"));
        assert_eq!(nearest_option("nmae"), Some("name"));
        assert_eq!(nearest_option("iterations"), None);
        // A short word is not taken for another short option two edits away.
        assert_eq!(nearest_option("same"), Some("name"));
        assert_eq!(nearest_option("sex"), None);
    }
}
