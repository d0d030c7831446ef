//! Whether a parameter's `Debug` form pastes back into `#[example(...)]`.
//!
//! A failure report ends with a `Pin it with: #[example(...)]` line built
//! from each parameter's `Debug` form, with a `Vec`'s list written as
//! `vec![...]` (an array's prints as its literal already). That is an
//! expression of the parameter's type for numbers, `bool`, `char`, a
//! `String` (whose literal `#[example]` accepts), and `Vec`s, arrays,
//! options, results and tuples of those, and usually for the user's own
//! types. For others it is not (maps, smart pointers, durations, dates,
//! UUIDs), and the line is left out rather than suggest code that does not
//! compile: the macro refuses the shapes of type that print no expression
//! (references, slices, pointers), and the report the named types that do
//! not, by the names the compiler gives them, which see through aliases. A
//! type with `#[derive(Arbitrary)]` answers for its fields' types the same
//! way (the derive implements a hidden trait that the property's code asks
//! through a probe, so a type without the derive needs nothing). What only
//! the value shows is checked when the report is written: a string literal
//! inside a value (in a list, or a `String` field of a derived `Debug`)
//! would paste as a `&str`, so the line writes it with `.to_owned()` where
//! every string the value holds is a `String`, and is left out otherwise.
//! An enum's variants print without the enum's
//! name, so the macro also passes each parameter's [`type_path`], which
//! the line writes in front of a parameter's variant; a variant inside a
//! value (in a list, an option or another variant) has no path to write,
//! so the line is left out when the report finds one. A variant with
//! fields prints as a struct does (`Circle { r: 1 }`): a name with braces
//! counts as a struct's only if it names one of the types the parameter
//! holds, which the compiler names for the report (the parameter's type
//! with its generic arguments, and what the derives of the types inside it
//! tell through the same probe, each type written inside it asked in
//! turn), and is written as it is reached from the property's module (as
//! the property's signature writes it, if it does; by its name where it is
//! defined there, through `super::` from a module inside that one;
//! otherwise the line is left out). A derived type with a private or
//! `pub(crate)` field, or `#[non_exhaustive]`, pastes back only where its
//! struct expression compiles: its derive tells its module and how far the
//! fields are visible, and the report compares that with the module of the
//! property.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{GenericArgument, PathArguments, Type};

use crate::crate_path::CratePath;

/// Whether the `Debug` form of a parameter of type `ty` may be an
/// expression of that type, as far as its shape tells: paths, tuples and
/// arrays may; references, slices, pointers, functions and trait objects
/// may not. Which named types print as no expression of themselves (maps,
/// smart pointers, durations, UUIDs) the report tells by the compiler's
/// names of the types, which see through aliases.
pub(crate) fn pastes_back(ty: &Type) -> bool {
    match ty {
        Type::Paren(inner) => pastes_back(&inner.elem),
        Type::Group(inner) => pastes_back(&inner.elem),
        Type::Tuple(tuple) => tuple.elems.iter().all(pastes_back),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else { return false };
            match &last.arguments {
                PathArguments::AngleBracketed(arguments) => arguments.args.iter().all(|argument| match argument {
                    GenericArgument::Type(inner) => pastes_back(inner),
                    _ => true,
                }),
                PathArguments::None => true,
                PathArguments::Parenthesized(_) => false,
            }
        }
        // An array prints as its literal (the report tells its `[...]`
        // from a `Vec`'s by the compiler's type names); references,
        // slices, pointers and the rest have no literal form.
        Type::Array(array) => pastes_back(&array.elem),
        _ => false,
    }
}

/// `ty` and every type written inside it: generic arguments, tuples' and
/// arrays' elements, through parentheses, but not behind a reference or a
/// pointer (a parameter or field of which gets no pin line). The pin line
/// asks each of them what its derive knows: a `Vec<Shape>`'s `Debug` form
/// prints `Shape`'s variants, which only `Shape`'s derive can name.
pub(crate) fn types_within(ty: &Type) -> Vec<&Type> {
    let mut within = vec![ty];
    let mut next = 0;
    while let Some(&ty) = within.get(next) {
        next += 1;
        match ty {
            Type::Paren(inner) => within.push(&inner.elem),
            Type::Group(inner) => within.push(&inner.elem),
            Type::Tuple(tuple) => within.extend(tuple.elems.iter()),
            Type::Array(array) => within.push(&array.elem),
            Type::Path(path) => {
                for segment in &path.path.segments {
                    if let PathArguments::AngleBracketed(arguments) = &segment.arguments {
                        within.extend(arguments.args.iter().filter_map(|argument| match argument {
                            GenericArgument::Type(inner) => Some(inner),
                            _ => None,
                        }));
                    }
                }
            }
            _ => {}
        }
    }
    within
}

/// An expression of the `Place` where the generated code is: its module,
/// what tells its crate from another of the same name, and the paths
/// `in_scope` there, as written.
pub(crate) fn place(krate: &CratePath, in_scope: &[String]) -> TokenStream {
    quote! {
        #krate::__private::Place {
            module: ::core::module_path!(),
            test: ::core::cfg!(test),
            binary: ::core::option_env!("CARGO_BIN_NAME"),
            integration: ::core::option_env!("CARGO_TARGET_TMPDIR").is_some(),
            in_scope: &[#(#in_scope),*],
        }
    }
}

/// The path of `ty` as written, without generic arguments (`Op`,
/// `crate::shapes::Shape`), for a type that is a path; empty otherwise. The
/// pin line writes an enum's variants after it.
pub(crate) fn type_path(ty: &Type) -> String {
    match ty {
        Type::Paren(inner) => type_path(&inner.elem),
        Type::Group(inner) => type_path(&inner.elem),
        Type::Path(path) if path.qself.is_none() => {
            let segments = path.path.segments.iter().map(|segment| segment.ident.to_string());
            let leading = if path.path.leading_colon.is_some() { "::" } else { "" };
            format!("{leading}{}", segments.collect::<Vec<_>>().join("::"))
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pastes(ty: &str) -> bool {
        pastes_back(&syn::parse_str(ty).unwrap())
    }

    #[test]
    fn plain_values_lists_and_user_types_paste_back() {
        for ty in ["u8", "i64", "bool", "char", "f64", "String", "Vec<i32>", "Option<Vec<u8>>", "(u8, bool)", "Point"] {
            assert!(pastes(ty), "{ty}");
        }
        // Their strings' literals are written owned by the report.
        for ty in ["Vec<String>", "Option<String>", "(String, u8)", "[u8; 4]", "[[char; 2]; 3]"] {
            assert!(pastes(ty), "{ty}");
        }
    }

    #[test]
    fn types_within_are_every_type_written_inside() {
        let within = |ty: &str| {
            let ty: Type = syn::parse_str(ty).unwrap();
            types_within(&ty).iter().map(|ty| quote!(#ty).to_string().replace(' ', "")).collect::<Vec<_>>()
        };
        assert_eq!(within("Vec<Option<Shape>>"), ["Vec<Option<Shape>>", "Option<Shape>", "Shape"]);
        assert_eq!(within("(u8, [Op; 2])"), ["(u8,[Op;2])", "u8", "[Op;2]", "Op"]);
        assert_eq!(within("Result<a::B, c::D<E>>"), ["Result<a::B,c::D<E>>", "a::B", "c::D<E>", "E"]);
        assert_eq!(within("&Shape"), ["&Shape"]);
    }

    #[test]
    fn type_paths_leave_out_generic_arguments() {
        let path = |ty: &str| type_path(&syn::parse_str(ty).unwrap());
        assert_eq!(path("Op"), "Op");
        assert_eq!(path("crate::shapes::Shape<u8>"), "crate::shapes::Shape");
        assert_eq!(path("::std::option::Option<Op>"), "::std::option::Option");
        assert_eq!(path("(u8, bool)"), "");
        assert_eq!(path("[u8; 4]"), "");
    }

    #[test]
    fn slices_pointers_functions_and_borrowed_strings_do_not() {
        for ty in ["[&u8; 4]", "[u8]", "&str", "Vec<&str>", "*const u8", "fn(u8) -> u8", "Box<dyn Fn()>"] {
            assert!(!pastes(ty), "{ty}");
        }
    }
}
