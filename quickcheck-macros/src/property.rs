//! `#[property]`: a function with typed parameters becomes a test that
//! checks it for generated values of those parameters.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Attribute, Expr, FnArg, ItemFn, Pat, ReturnType, Token, Type};

use crate::crate_path::CratePath;
use crate::generator::generator_of;
use crate::options;
use crate::pin_line;

/// The most parameters a property takes: the largest tuple the runtime
/// crate's generators and reports handle.
const MAX_PARAMETERS: usize = 12;

/// One parameter: its name, its type and the expression of its generator.
struct Parameter {
    pattern: Pat,
    name: String,
    ty: Type,
    generator: TokenStream,
}

pub(crate) fn expand(attribute: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let mut function = free_function(item, "#[property] makes a test of a function")?;
    // syn keeps the body's inner attributes (`#![allow(..)]`, `//!`) with
    // the function's own; the body moves into a closure, so they are
    // written out as outer attributes of the functions generated.
    for attribute in &mut function.attrs {
        attribute.style = syn::AttrStyle::Outer;
    }
    // Named after its package and path, so that its failures have a place
    // in the example database; a `name = ...` option wins.
    let identifier = &function.sig.ident;
    // `option_env!`, not `env!`: a build outside Cargo has no package name.
    let name = quote! {
        ::core::option_env!("CARGO_PKG_NAME"),
        ::core::concat!(::core::module_path!(), "::", ::core::stringify!(#identifier))
    };
    // The outer attribute expands first and sees the inner one, which would
    // otherwise meet a function whose parameters the outer one took.
    if let Some(again) = function
        .attrs
        .iter()
        .find(|attribute| attribute.path().segments.last().is_some_and(|segment| segment.ident == "property"))
    {
        return Err(syn::Error::new_spanned(again, "#[property] is written twice on this function; keep one"));
    }
    let options::Parsed { options, krate, replay } = options::parse(attribute, name)?;
    if !function.sig.generics.params.is_empty() || function.sig.generics.where_clause.is_some() {
        let generics = &function.sig.generics;
        // `<...>` if there is one, else the `where` clause alone.
        let span = match (&generics.lt_token, &generics.where_clause) {
            (None, Some(where_clause)) => where_clause.span(),
            _ => generics.span(),
        };
        let only_lifetimes = generics.where_clause.is_none()
            && generics.params.iter().all(|parameter| matches!(parameter, syn::GenericParam::Lifetime(_)));
        let message = if only_lifetimes {
            "a #[property] function cannot declare lifetimes: its values are generated, not borrowed from a \
             caller; take owned values (`String` for `&str`, `Vec<T>` for `&[T]`) and borrow them in the body"
        } else if generics.params.is_empty() {
            // Bounds on concrete types alone: nothing is generic, and the
            // clause says nothing the types do not.
            "a #[property] function cannot have a `where` clause: its parameters' concrete types pick their \
             generators, and bounds on them say nothing more; remove the clause"
        } else {
            "a #[property] function cannot be generic: its parameters' types pick their generators; \
             write one property per concrete type"
        };
        return Err(syn::Error::new(span, message));
    }
    // On the function, `#[generator]` would reach the compiler as an
    // unknown attribute, and only in test builds: say where it belongs.
    if let Some(misplaced) = function.attrs.iter().find(|attribute| attribute.path().is_ident("generator")) {
        return Err(syn::Error::new_spanned(
            misplaced,
            "#[generator(...)] goes on the parameter it draws, not on the function: write \
             `fn name(#[generator(generate::between(0, 9))] digit: u8)`",
        ));
    }
    refuse_qualifiers(&function.sig)?;
    refuse_unusable_return_type(&function.sig.output)?;
    let parameters = parameters(&mut function, &krate)?;
    let examples = examples(&mut function.attrs, &parameters, &krate)?;
    if let Some(replay) = &replay
        && !examples.is_empty()
    {
        return Err(syn::Error::new(
            replay.span,
            "a replay checks only the example its token names, which would leave this property's \
             #[example] cases unchecked; while replaying, take out the #[example] attributes, or the replay",
        ));
    }
    let has_plain_test_attribute = function.attrs.iter().any(|attribute| attribute.path().is_ident("test"));
    let has_other_test_attribute =
        function.attrs.iter().any(|attribute| is_test_attribute(attribute) && !attribute.path().is_ident("test"));

    let patterns = parameters.iter().map(|parameter| &parameter.pattern);
    let types: Vec<&Type> = parameters.iter().map(|parameter| &parameter.ty).collect();
    let indices = (0..types.len()).map(syn::Index::from);
    let generators = parameters.iter().map(|parameter| &parameter.generator);
    let names = parameters.iter().map(|parameter| &parameter.name);
    let without_pin_line = (!types.iter().all(|ty| pin_line::pastes_back(ty))).then(|| quote! { .without_pin_line() });
    let type_paths = types.iter().map(|ty| pin_line::type_path(ty));
    // Each parameter's type and the types inside it, whose derives tell
    // what their values print.
    let types_within: Vec<Vec<&Type>> = types.iter().map(|ty| pin_line::types_within(ty)).collect();
    let output = match &function.sig.output {
        ReturnType::Default => quote! { () },
        ReturnType::Type(_, ty) => quote! { #ty },
    };
    let body = &function.block;
    let is_async = function.sig.asyncness.is_some();
    let asyncness = is_async.then(|| quote! { async });
    // A return type that is no test result is named at the type, with the
    // trait's own message: a synchronous body's result goes through
    // `judged`, named with the type, whose own result then satisfies the
    // check (one more error follows, with the same message, at the
    // attribute); an async body's future is awaited as it is, and the type
    // is named for it alone.
    let (judged, returns_a_verdict) = match (&function.sig.output, is_async) {
        (ReturnType::Type(_, ty), false) => (Some(quote! { #krate::__private::judged::<_, #ty> }), None),
        (ReturnType::Default, false) => (Some(quote! { #krate::__private::judged }), None),
        (ReturnType::Type(_, ty), true) => {
            (None, Some(quote_spanned! {ty.span()=> #krate::__private::returns_a_verdict::<#ty>(); }))
        }
        (ReturnType::Default, true) => (None, None),
    };
    // A parameter's type without `Debug` is named at the parameter: the
    // errors of the code that prints it come at the attribute.
    let printable =
        types.iter().map(|ty| quote_spanned! {ty.span()=> #krate::__private::printed_in_reports::<#ty>(); });
    // A token written out is read as the test compiles, so that one
    // pasted short is an error at the literal, not a failing test.
    let token_check = replay.and_then(|replay| replay.literal).map(|literal| {
        let krate = krate.at(literal.span());
        quote_spanned! {literal.span()=> const _: () = #krate::__private::check_replay_token(#literal); }
    });
    // A derived type whose fields print as no expression of their types
    // (an array, a `Box`, a `Duration`) says so through its derive, which
    // only the compiler can look up; so does one that holds structs, which
    // its `Debug` form may print by name.
    let checked = binding("property");
    // The paths the parameters' types write are in scope where the
    // property is: the pin line may write a struct inside a value by them.
    let mut written_paths: Vec<String> = Vec::new();
    for path in types_within.iter().flatten().map(|ty| pin_line::type_path(ty)) {
        if !path.is_empty() && !written_paths.contains(&path) {
            written_paths.push(path);
        }
    }
    let place = pin_line::place(&krate, &written_paths);
    let property = quote! {
        ({
            #returns_a_verdict
            #(#printable)*
            #token_check
            let #checked = #krate::Property::for_all(
                (#(#generators,)*),
                #judged(#asyncness |(#(#patterns,)*): (#(#types,)*)| -> #output #body),
            )
            .parameters(&[#(#names),*])
            .parameter_types(&[#(#type_paths),*])
            #without_pin_line;
            let #checked = {
                use #krate::__private::{PinLineOfAnyType as _, PinLineOfDerive as _};
                let #checked = #krate::__private::with_types_within(#checked, #place, |index, names| match index {
                    #(#indices => { #((&#krate::__private::PinLineProbe::<#types_within>::new()).add_type_names(names);)* })*
                    _ => {}
                });
                if true #(#(&& (&#krate::__private::PinLineProbe::<#types_within>::new()).pastes_back())*)* {
                    #checked
                } else {
                    #checked.without_pin_line()
                }
            };
            #checked #(#examples)*
        })
    };

    let attributes = &function.attrs;
    let visibility = &function.vis;
    let name = &function.sig.ident;
    // The check function's result holds the parameters' values. It is not
    // named: a type such as `Cow<str>` leaves out a lifetime that a
    // function without parameters could not fill in.
    let result_types = quote! { impl ::core::marker::Sized };
    // A test expected to panic does so only for a failure of the property,
    // where `#[cfg_attr]` adds the expectation as well.
    let expects_a_failure = function.attrs.iter().any(|attribute| attribute.path().is_ident("should_panic"));
    let expected_where: Vec<TokenStream> = function.attrs.iter().filter_map(expects_a_failure_when).collect();
    let assertion = |checked: TokenStream| {
        if expects_a_failure {
            quote! { #krate::__private::assert_fails(#checked); }
        } else if expected_where.is_empty() {
            quote! { #krate::__private::assert_passed(#checked); }
        } else {
            quote! {
                if false #(|| ::core::cfg!(#expected_where))* {
                    #krate::__private::assert_fails(#checked);
                } else {
                    #krate::__private::assert_passed(#checked);
                }
            }
        }
    };
    let expanded = if has_other_test_attribute {
        // Another test attribute, such as #[tokio::test], runs the function
        // and may provide the runtime of an async one: the check stays in
        // the function, which is not registered.
        if is_async {
            // Not `assert_async`: a panic from inside an async function
            // names the library's line, not this one.
            let assertion = assertion(check_expression(&krate, &property, &options, true));
            quote! {
                #(#attributes)*
                #visibility async fn #name() {
                    #assertion
                }
            }
        } else {
            let assertion = assertion(check_expression(&krate, &property, &options, false));
            quote! {
                #(#attributes)*
                #visibility fn #name() {
                    #assertion
                }
            }
        }
    } else {
        // The check is a function of its own, compiled in every build, so
        // that the registry can run it without libtest (from an example or
        // a test target without the harness) as well as the test can.
        // `#[cfg]` applies to all three items. Lint levels apply to both
        // functions (the wrapper carries the name a naming lint sees, the
        // check the body), but an `#[expect]` only to the body, where it is
        // met.
        let cfg_attributes: Vec<&Attribute> =
            function.attrs.iter().filter(|attribute| attribute.path().is_ident("cfg")).collect();
        let lint_attributes: Vec<&Attribute> =
            function.attrs.iter().filter(|attribute| is_lint_attribute(attribute)).collect();
        let attributes: Vec<&Attribute> =
            function.attrs.iter().filter(|attribute| !attribute.path().is_ident("expect")).collect();
        let check = format_ident!("__quickcheck_check_{}", name);
        let test_attribute = (!has_plain_test_attribute).then(|| quote! { #[test] });
        let (check_function, checked) = if is_async {
            let checked = check_expression(&krate, &property, &options, true);
            (
                quote! {
                    #(#cfg_attributes)*
                    #(#lint_attributes)*
                    async fn #check() -> #krate::PropertyResult<#result_types> {
                        #checked
                    }
                },
                quote! { #krate::__private::block_on(#check()) },
            )
        } else {
            let checked = check_expression(&krate, &property, &options, false);
            (
                quote! {
                    #(#cfg_attributes)*
                    #(#lint_attributes)*
                    fn #check() -> #krate::PropertyResult<#result_types> {
                        #checked
                    }
                },
                quote! { #check() },
            )
        };
        let expected_to_fail_or_skipped =
            expects_a_failure || function.attrs.iter().any(|attribute| attribute.path().is_ident("ignore"));
        // `#[cfg_attr(predicate, ignore)]` skips the test only where the
        // predicate holds, and only there is it left out of the registry.
        let conditionally_skipped: Vec<TokenStream> = function
            .attrs
            .iter()
            .filter_map(skipped_when)
            .map(|predicate| quote! { #[cfg(not(#predicate))] })
            .collect();
        let registration = (!expected_to_fail_or_skipped).then(|| {
            let name_text = name.to_string();
            quote! {
                #(#cfg_attributes)*
                #(#conditionally_skipped)*
                #krate::__private::inventory::submit! {
                    #krate::__private::register(
                        #name_text,
                        ::core::module_path!(),
                        ::core::file!(),
                        ::core::line!(),
                        || #options,
                        || ::core::convert::From::from(#checked),
                    )
                }
            }
        });
        let assertion = assertion(checked.clone());
        quote! {
            #check_function

            #test_attribute
            #(#attributes)*
            #visibility fn #name() {
                #assertion
            }

            #registration
        }
    };
    Ok(expanded)
}

/// A name for a binding of the generated code, prefixed so that no user
/// item takes it: a `const` or `static` of the name in scope would make the
/// binding a pattern that matches the item, whatever the identifier's span.
fn binding(name: &str) -> Ident {
    Ident::new(&format!("__quickcheck_{name}"), Span::mixed_site())
}

/// The check of a property: the property and its options built through
/// `build_property`, so that a panic while building them (an impossible
/// range in a generator) is a misconfigured check, not a failure of the
/// property; then `check` (or `check_async(..).await`) on them.
fn check_expression(krate: &CratePath, property: &TokenStream, options: &TokenStream, is_async: bool) -> TokenStream {
    let (built, built_options, misconfigured) = (binding("property"), binding("options"), binding("misconfigured"));
    let check = if is_async {
        quote! { #built.check_async(#built_options).await }
    } else {
        quote! { #built.check(#built_options) }
    };
    quote! {
        match #krate::__private::build_property(|| (#property, #options)) {
            ::core::result::Result::Ok((mut #built, #built_options)) => #check,
            ::core::result::Result::Err(#misconfigured) => *#misconfigured,
        }
    }
}

/// The predicate of a `#[cfg_attr(predicate, ...)]` that adds `ignore` or
/// `should_panic`: where it holds, the test is skipped or expected to fail.
fn skipped_when(attribute: &Attribute) -> Option<TokenStream> {
    cfg_attr_adding(attribute, |added| added.path().is_ident("ignore") || added.path().is_ident("should_panic"))
}

/// The predicate of a `#[cfg_attr(predicate, ...)]` that adds
/// `should_panic`: where it holds, the test expects the property to fail.
fn expects_a_failure_when(attribute: &Attribute) -> Option<TokenStream> {
    cfg_attr_adding(attribute, |added| added.path().is_ident("should_panic"))
}

/// The predicate of a `#[cfg_attr(predicate, ...)]` that adds an attribute
/// `wanted` picks.
fn cfg_attr_adding(attribute: &Attribute, wanted: impl Fn(&syn::Meta) -> bool) -> Option<TokenStream> {
    if !attribute.path().is_ident("cfg_attr") {
        return None;
    }
    let arguments = attribute.parse_args_with(Punctuated::<syn::Meta, Token![,]>::parse_terminated).ok()?;
    let mut arguments = arguments.into_iter();
    let predicate = arguments.next()?;
    arguments.any(|added| wanted(&added)).then(|| quote! { #predicate })
}

/// Whether `attribute` sets a lint level: `allow`, `expect`, `warn`, `deny`
/// or `forbid`.
fn is_lint_attribute(attribute: &Attribute) -> bool {
    ["allow", "expect", "warn", "deny", "forbid"].iter().any(|lint| attribute.path().is_ident(lint))
}

/// Whether `attribute` makes its function a test: `#[test]`,
/// `#[tokio::test]` and every other attribute whose path ends in `test`.
fn is_test_attribute(attribute: &Attribute) -> bool {
    attribute.path().segments.last().is_some_and(|segment| segment.ident == "test")
}

/// Refuses what a `#[property]` function's signature cannot keep: its body
/// becomes a closure called by a plain test function, which is neither
/// `unsafe`, `const` nor of another ABI.
fn refuse_qualifiers(signature: &syn::Signature) -> syn::Result<()> {
    if let Some(unsafety) = &signature.unsafety {
        return Err(syn::Error::new(
            unsafety.span(),
            "a #[property] function cannot be `unsafe`: it runs as a test; put the unsafe calls in an `unsafe` \
             block in its body",
        ));
    }
    if let Some(constness) = &signature.constness {
        return Err(syn::Error::new(constness.span(), "a #[property] function cannot be `const`: it runs as a test"));
    }
    if let Some(abi) = &signature.abi {
        return Err(syn::Error::new(
            abi.span(),
            "a #[property] function cannot have an ABI such as `extern \"C\"`: it runs as a Rust test",
        ));
    }
    Ok(())
}

/// The first `impl Trait` in `ty`, which names no type a generator could
/// be picked for.
fn impl_trait_in(ty: &Type) -> Option<&syn::TypeImplTrait> {
    struct Finder<'ast>(Option<&'ast syn::TypeImplTrait>);
    impl<'ast> Visit<'ast> for Finder<'ast> {
        fn visit_type_impl_trait(&mut self, found: &'ast syn::TypeImplTrait) {
            self.0.get_or_insert(found);
        }
    }
    let mut finder = Finder(None);
    finder.visit_type(ty);
    finder.0
}

/// The first of `parameters` that `expression` reads as a value (a plain
/// name, not a function's or a method's), unless the expression binds that
/// name itself, in a closure's parameters or a `let`.
fn parameter_used_in<'a>(expression: &'a Expr, parameters: &[String]) -> Option<&'a Ident> {
    #[derive(Default)]
    struct Names<'ast> {
        read: Vec<&'ast Ident>,
        bound: Vec<String>,
    }
    impl<'ast> Visit<'ast> for Names<'ast> {
        fn visit_expr_path(&mut self, path: &'ast syn::ExprPath) {
            if path.qself.is_none()
                && path.path.leading_colon.is_none()
                && let Some(name) = path.path.get_ident()
            {
                self.read.push(name);
            }
            syn::visit::visit_expr_path(self, path);
        }
        fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
            // A function called by its name is no value read.
            if !matches!(&*call.func, Expr::Path(_)) {
                self.visit_expr(&call.func);
            }
            for argument in &call.args {
                self.visit_expr(argument);
            }
        }
        fn visit_pat_ident(&mut self, pattern: &'ast syn::PatIdent) {
            // Every name a pattern binds, in a closure's parameters, a
            // `let` or a `match` arm.
            self.bound.push(pattern.ident.to_string());
            syn::visit::visit_pat_ident(self, pattern);
        }
    }
    let mut names = Names::default();
    names.visit_expr(expression);
    names.read.into_iter().find(|name| {
        let name = name.to_string();
        parameters.contains(&name) && !names.bound.contains(&name)
    })
}

/// Reads the parameters, taking their `#[generator(...)]` attributes, and
/// leaves the function without any.
fn parameters(function: &mut ItemFn, krate: &CratePath) -> syn::Result<Vec<Parameter>> {
    let inputs = std::mem::take(&mut function.sig.inputs);
    if inputs.is_empty() {
        return Err(syn::Error::new(
            function.sig.paren_token.span.join(),
            "a #[property] function needs at least one parameter to generate, such as `list: Vec<i32>`; \
             a function without parameters is a plain #[test]",
        ));
    }
    if inputs.len() > MAX_PARAMETERS {
        return Err(syn::Error::new(
            inputs.span(),
            format!(
                "a #[property] function takes at most {MAX_PARAMETERS} parameters; group some into a tuple or a struct"
            ),
        ));
    }
    // The names a generator might reach for, to explain why it cannot.
    let names: Vec<String> = inputs
        .iter()
        .filter_map(|input| match input {
            FnArg::Typed(typed) => match &*typed.pat {
                Pat::Ident(identifier) => Some(identifier.ident.to_string()),
                _ => None,
            },
            FnArg::Receiver(_) => None,
        })
        .collect();
    let mut parameters = Vec::new();
    for input in inputs {
        let typed = match input {
            FnArg::Receiver(receiver) => {
                return Err(syn::Error::new(
                    receiver.span(),
                    "a #[property] function cannot take `self`: it becomes a free-standing test function",
                ));
            }
            FnArg::Typed(typed) => typed,
        };
        let name = match &*typed.pat {
            Pat::Ident(identifier) if identifier.by_ref.is_none() && identifier.subpat.is_none() => {
                identifier.ident.to_string()
            }
            Pat::Wild(wild) => {
                return Err(syn::Error::new(
                    wild.span(),
                    "a #[property] parameter needs a name, so the report can name its value: for one the body \
                     does not use, write a name that starts with `_`, such as `_unused: u8`",
                ));
            }
            pattern => {
                return Err(syn::Error::new(
                    pattern.span(),
                    "a #[property] parameter must be a plain name, such as `pair: (u8, u8)`, so the report can \
                     name it; destructure it in the body",
                ));
            }
        };
        if let Some(impl_trait) = impl_trait_in(&typed.ty) {
            return Err(syn::Error::new(
                impl_trait.span(),
                "a #[property] parameter cannot have an `impl Trait` type: name a concrete type, whose generator \
                 comes from its Arbitrary impl or a #[generator(...)]",
            ));
        }
        let mut generator = None;
        for attribute in typed.attrs {
            if !attribute.path().is_ident("generator") {
                let is_lint =
                    ["allow", "expect", "warn", "deny", "forbid"].iter().any(|lint| attribute.path().is_ident(lint));
                // The function's attributes reach the body, and so the
                // parameters, which the body's closure binds.
                let instead =
                    if is_lint { "; a lint attribute goes on the function, where it covers the body" } else { "" };
                return Err(syn::Error::new_spanned(
                    &attribute,
                    format!("the only attribute a #[property] parameter takes is #[generator(...)]{instead}"),
                ));
            }
            if generator.is_some() {
                return Err(syn::Error::new_spanned(&attribute, "a parameter takes one #[generator(...)]"));
            }
            if let Ok(expression) = attribute.parse_args::<Expr>()
                && let Some(parameter) = parameter_used_in(&expression, &names)
            {
                return Err(syn::Error::new(
                    parameter.span(),
                    format!(
                        "`{parameter}` is a parameter, and a #[generator(...)] cannot use another parameter's value: \
                         every generator is made before any value is drawn. Draw values that depend on each other \
                         as one parameter, such as `#[generator(generate::between(1u8, 10).flat_map(|n| \
                         (generate::constant(n), generate::between(0, n))))] pair: (u8, u8)`"
                    ),
                ));
            }
            generator = Some(attribute);
        }
        let ty = *typed.ty;
        if let (Type::Reference(reference), None) = (&ty, &generator) {
            return Err(syn::Error::new_spanned(
                reference,
                "a #[property] parameter that is a reference has no generator: its values are generated, not \
                 borrowed; take an owned value (`String` for `&str`, `Vec<T>` for `&[T]`, `T` for `&T`) and borrow \
                 it in the body, or give a #[generator(...)] of `'static` references",
            ));
        }
        let generator = generator_of(&ty, generator.as_ref(), krate)?;
        parameters.push(Parameter { pattern: *typed.pat, name, ty, generator });
    }
    Ok(parameters)
}

/// Refuses `-> quickcheck::TestResult`, the return type of a quickcheck 1.x
/// property, which this crate does not have: rustc alone would only say
/// that no such type exists. A bare `TestResult` may be an alias of the
/// user's own (`type TestResult = Result<(), Box<dyn Error>>`), so only the
/// crate's path is refused.
///
/// Also refuses the return types that cannot be a verdict whatever they
/// stand for, which rustc would report in terms of the closure the body
/// moves into: `impl Trait` (the verdict's type must be named) and `!`.
fn refuse_unusable_return_type(output: &ReturnType) -> syn::Result<()> {
    let ReturnType::Type(_, ty) = output else { return Ok(()) };
    if let Some(opaque) = impl_trait_in(ty) {
        return Err(syn::Error::new_spanned(
            opaque,
            "a #[property] function's return type is named, not `impl Trait`: write `bool`, `()` (and assert) or \
             a `Result` whose `Err` is `Debug`",
        ));
    }
    if let Type::Never(_) = &**ty {
        return Err(syn::Error::new_spanned(
            ty,
            "a #[property] function returns a verdict, and `!` never does: return `()` and let the body panic where \
             the property fails",
        ));
    }
    let Type::Path(path) = &**ty else { return Ok(()) };
    let segments: Vec<String> = path.path.segments.iter().map(|segment| segment.ident.to_string()).collect();
    let is_ours = segments == ["quickcheck", "TestResult"] && path.path.segments[1].arguments.is_empty();
    if path.qself.is_none() && is_ours {
        return Err(syn::Error::new_spanned(
            ty,
            "`TestResult` is quickcheck 1.x's, and has no counterpart here: return `bool`, `()` (and assert) or a \
             `Result`, and discard an input with `quickcheck::assume(condition)` where quickcheck 1.x returned \
             `TestResult::discard()`",
        ));
    }
    Ok(())
}

/// Takes the `#[example(...)]` attributes off the function and turns each
/// into a call of `Property::example_with`.
fn examples(
    attributes: &mut Vec<Attribute>,
    parameters: &[Parameter],
    krate: &CratePath,
) -> syn::Result<Vec<TokenStream>> {
    let mut examples = Vec::new();
    let mut kept = Vec::new();
    for attribute in std::mem::take(attributes) {
        if !is_example_attribute(&attribute) {
            kept.push(attribute);
            continue;
        }
        let values = attribute.parse_args_with(Punctuated::<Expr, Token![,]>::parse_terminated)?;
        refuse_named_values(&values, parameters)?;
        if values.len() != parameters.len() {
            let span = match &attribute.meta {
                syn::Meta::List(list) => list.delimiter.span().join(),
                _ => attribute.span(),
            };
            return Err(syn::Error::new(
                span,
                format!(
                    "this #[example] gives {} value{} but the property has {} parameter{} ({}); give one value per parameter, in order",
                    values.len(),
                    if values.len() == 1 { "" } else { "s" },
                    parameters.len(),
                    if parameters.len() == 1 { "" } else { "s" },
                    parameters.iter().map(|parameter| parameter.name.as_str()).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
        let values = values.iter().zip(parameters).map(|(value, parameter)| example_value(value, &parameter.ty, krate));
        // Built afresh each time it is needed, so the values need not be
        // `Clone`.
        examples.push(quote! { .example_with(|| (#(#values,)*)) });
    }
    *attributes = kept;
    Ok(examples)
}

/// Refuses `#[example(x = 3)]`: an example's values are positional, and a
/// name before one would read as an assignment to an unknown variable.
fn refuse_named_values(values: &Punctuated<Expr, Token![,]>, parameters: &[Parameter]) -> syn::Result<()> {
    for value in values {
        let Expr::Assign(assignment) = value else { continue };
        let Expr::Path(name) = &*assignment.left else { continue };
        let Some(name) = name.path.get_ident() else { continue };
        let names: Vec<&str> = parameters.iter().map(|parameter| parameter.name.as_str()).collect();
        return Err(syn::Error::new(
            assignment.span(),
            format!(
                "#[example] takes its values by position, not by name: drop `{name} =` and give one value per \
                 parameter, in the order {}",
                names.join(", ")
            ),
        ));
    }
    Ok(())
}

/// One value of an `#[example(...)]`, as the parameter of type `ty`. A
/// string literal goes through `ExampleValue`, so that it serves a `String`
/// or `Cow<str>` parameter as well as a `&str` one; any other expression is
/// bound to the parameter's type, which it may then be inferred from
/// (`Default::default()`, `(0..3).collect()`, `"a".into()`), and a value of
/// another type is a plain type mismatch at the expression (a `&str` const
/// or `concat!` for a `String` parameter among them: add `.to_owned()`).
fn example_value(value: &Expr, ty: &Type, krate: &CratePath) -> TokenStream {
    if options::string_literal(value).is_some() {
        quote_spanned! {value.span()=>
            #krate::__private::ExampleValue::<#ty>::into_parameter(#value)
        }
    } else {
        quote_spanned! {value.span()=>
            { let value: #ty = #value; value }
        }
    }
}

/// The path `#[example(...)]` takes once it has moved below `#[property]`
/// (see [`reorder_example`]): marked, so that the next one to move goes
/// after it.
const MOVED_EXAMPLE: &str = "quickcheck_moved_example";

fn is_example_attribute(attribute: &Attribute) -> bool {
    attribute.path().segments.last().is_some_and(|segment| segment.ident == "example")
        || attribute.path().is_ident(MOVED_EXAMPLE)
}

fn is_property_attribute(attribute: &Attribute) -> bool {
    attribute.path().segments.last().is_some_and(|segment| segment.ident == "property")
}

/// `#[example(...)]` written above `#[property]` runs first: it puts itself
/// back below `#[property]`, which reads it there, after the examples that
/// were written above it and moved before it, and before those written
/// below `#[property]`, so that examples run in the order written.
pub(crate) fn reorder_example(attribute: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let mut function = free_function(item, "#[example(...)] pins a case of a #[property] function")?;
    let Some(position) = function.attrs.iter().position(is_property_attribute) else {
        return Err(syn::Error::new(
            Span::call_site(),
            "#[example(...)] pins a case of a #[property] function; add #[property] to this function",
        ));
    };
    let moved = syn::Ident::new(MOVED_EXAMPLE, Span::call_site());
    let example: Attribute = Attribute::parse_outer.parse2(quote! { #[#moved(#attribute)] })?.remove(0);
    let after_moved =
        function.attrs[position + 1..].iter().take_while(|attribute| attribute.path().is_ident(MOVED_EXAMPLE)).count();
    function.attrs.insert(position + 1 + after_moved, example);
    Ok(quote! { #function })
}

/// The function an attribute of `what` is written on, or an error that
/// names what it was written on instead.
fn free_function(item: TokenStream, what: &str) -> syn::Result<ItemFn> {
    let item = match syn::parse2(item)? {
        syn::Item::Fn(function) => return Ok(function),
        item => item,
    };
    let found = match &item {
        syn::Item::Struct(_) => "a struct",
        syn::Item::Enum(_) => "an enum",
        syn::Item::Union(_) => "a union",
        syn::Item::Const(_) => "a constant",
        syn::Item::Static(_) => "a static",
        syn::Item::Impl(_) => "an impl block (put it on a free function, not a method)",
        syn::Item::Trait(_) => "a trait",
        syn::Item::Mod(_) => "a module",
        syn::Item::Type(_) => "a type alias",
        syn::Item::Use(_) => "a use declaration",
        _ => "something else",
    };
    Err(syn::Error::new_spanned(
        item,
        format!("{what}, such as `fn holds(list: Vec<i32>) -> bool`, but this is {found}"),
    ))
}
