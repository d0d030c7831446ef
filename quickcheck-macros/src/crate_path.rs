//! Where the generated code finds the runtime crate: `::quickcheck`, or the
//! path a `crate = "..."` option names, for a crate that depends on it
//! under another name or reaches it through a re-export.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::{LitStr, Path};

/// The runtime crate's path, as the generated code writes it.
pub(crate) struct CratePath(TokenStream);

impl Default for CratePath {
    fn default() -> CratePath {
        CratePath(quote! { ::quickcheck })
    }
}

impl CratePath {
    /// The path a `crate = "..."` option gives.
    pub(crate) fn parse(literal: &LitStr) -> syn::Result<CratePath> {
        let path: Path = literal.parse().map_err(|_| {
            syn::Error::new(
                literal.span(),
                "`crate` takes the path of the quickcheck crate as a string, such as `crate = \"qc\"` for a \
                 dependency renamed to qc",
            )
        })?;
        Ok(CratePath(path.into_token_stream()))
    }

    /// The path with every token placed at `span`, for code whose errors
    /// belong there: an expression spans from its first token to its
    /// last, and one opened by the path at the attribute would point there.
    pub(crate) fn at(&self, span: Span) -> TokenStream {
        self.0
            .clone()
            .into_iter()
            .map(|mut token| {
                token.set_span(span);
                token
            })
            .collect()
    }
}

impl ToTokens for CratePath {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.0.to_tokens(tokens);
    }
}

#[cfg(test)]
mod tests {
    use quote::quote;

    /// Whether the expansion names the runtime crate by its own name.
    fn names_quickcheck(expansion: &proc_macro2::TokenStream) -> bool {
        expansion.to_string().contains(":: quickcheck ::")
    }

    #[test]
    fn a_property_reaches_the_runtime_only_through_the_path_given() {
        let function = quote! {
            #[example(3, 4)]
            fn doubles(n: u8, #[generator(generate::between(0, 9))] m: u8) -> bool { n == n && m == m }
        };
        let default = crate::property::expand(quote! {}, function.clone()).unwrap();
        assert!(names_quickcheck(&default));
        let renamed = crate::property::expand(quote! { crate = "qc", runs = 5 }, function).unwrap();
        assert!(!names_quickcheck(&renamed), "{renamed}");
        assert!(renamed.to_string().contains("qc :: Property :: for_all"), "{renamed}");
    }

    #[test]
    fn a_derive_reaches_the_runtime_only_through_the_path_given() {
        let tree = quote! {
            #[arbitrary(crate = "qc")]
            enum Tree<T> { Leaf(T), Node(Box<Tree<T>>, #[generator(generate::between(0, 9))] u8) }
        };
        let renamed = crate::derive::expand(tree).unwrap();
        assert!(!names_quickcheck(&renamed), "{renamed}");
        assert!(renamed.to_string().contains("qc :: Arbitrary"), "{renamed}");
    }
}
