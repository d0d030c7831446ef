//! `#[derive(Arbitrary)]`: a generator that draws a struct's fields, or an
//! enum's variant and then its fields.
//!
//! The derive writes how the type draws itself (the runtime's
//! `DrawnByDerive`), and its generator is the runtime's zero-sized
//! `DerivedGenerator`, which calls that by name: the generator type is
//! named without a type of its own, each value costs a call the compiler
//! can inline (no function pointer), and a recursive type's generator is
//! built lazily, one draw at a time. A type whose
//! fields hold more than plain data tracks at run time how deep it is
//! nested in values of its own type. One that names itself in a field
//! then, at the depth limit, draws only the variants that end the
//! recursion (an enum) or leaves those fields empty (a struct), and draws
//! those fields at half the size of the level above. One that contains
//! itself only through other types, which the derive cannot see, draws
//! all its fields of more than plain data at half the size once it is
//! nested, and only its variants of plain data at the depth limit.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{
    Attribute, Data, DataEnum, DeriveInput, Field, Fields, GenericArgument, LitInt, PathArguments, Type, TypePath,
    Variant, Visibility, parse_quote,
};

use crate::crate_path::CratePath;
use crate::generator::generator_of;
use crate::pin_line;

/// A name of the generated code's own: spanned so that neither the user's
/// `#[generator(...)]` expressions nor their names can see or shadow it.
fn local(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

pub(crate) fn expand(item: TokenStream) -> syn::Result<TokenStream> {
    let input: DeriveInput = syn::parse2(item)?;
    let krate = crate_path(&input.attrs)?;
    let name = &input.ident;
    if let Some(lifetime) = input.generics.lifetimes().next() {
        return Err(syn::Error::new_spanned(
            lifetime,
            "Arbitrary cannot be derived for a type with a lifetime parameter: generated values own their data, \
             borrowed from nothing; hold owned fields (`String` for `&str`, `Cow<'static, str>`), or implement \
             Arbitrary by hand for the type with `'static`",
        ));
    }
    let mut generics = input.generics.clone();
    let drawn = types_drawn(&input);
    for parameter in generics.type_params_mut().filter(|parameter| drawn.parameters.contains(&parameter.ident)) {
        parameter.bounds.push(parse_quote!(#krate::Arbitrary));
    }
    if !drawn.projections.is_empty() {
        let predicates = &mut generics.make_where_clause().predicates;
        for projection in &drawn.projections {
            predicates.push(parse_quote!(#projection: #krate::Arbitrary));
        }
    }
    let (impl_generics, type_generics, where_clause) = generics.split_for_impl();
    refuse_attribute(&input.attrs, "generator", "#[generator(...)] picks the generator of a field, not of a type")?;
    let body = match &input.data {
        Data::Struct(data) => {
            refuse_attribute(&input.attrs, "weight", "#[weight(...)] weights an enum variant; a struct has none")?;
            struct_body(name, &data.fields, &krate)?
        }
        Data::Enum(data) => {
            refuse_attribute(&input.attrs, "weight", "#[weight(...)] weights one variant; put it on the variant")?;
            enum_body(name, data, &krate)?
        }
        Data::Union(data) => {
            return Err(syn::Error::new(
                data.union_token.span(),
                "Arbitrary cannot be derived for a union: which field is set cannot be known; implement \
                 Arbitrary by hand",
            ));
        }
    };
    let source = local("source");
    let pin_line = pin_line_impl(&input, &krate);
    Ok(quote! {
        #pin_line

        impl #impl_generics #krate::__private::DrawnByDerive for #name #type_generics #where_clause {
            fn draw(#source: &mut #krate::ChoiceSource) -> Self {
                #body
            }
        }

        impl #impl_generics #krate::Arbitrary for #name #type_generics #where_clause {
            type Generator = #krate::__private::DerivedGenerator<Self>;

            fn arbitrary() -> Self::Generator {
                #krate::__private::DerivedGenerator::new()
            }
        }
    })
}

/// The type's answer to whether its derived `Debug` form pastes back into
/// a pin line: no if a field's type prints as no expression of itself (by
/// its name, as for a parameter), and otherwise what the fields' own types
/// answer (yes for any type without a derive). And the names of the types
/// it holds, which its `Debug` form may print structs by.
fn pin_line_impl(input: &DeriveInput, krate: &CratePath) -> TokenStream {
    let name = &input.ident;
    let (impl_generics, type_generics, where_clause) = input.generics.split_for_impl();
    let field_types: Vec<&Type> = match &input.data {
        Data::Struct(data) => data.fields.iter().map(|field| &field.ty).collect(),
        Data::Enum(data) => data.variants.iter().flat_map(|variant| &variant.fields).map(|field| &field.ty).collect(),
        Data::Union(_) => Vec::new(),
    };
    let by_names = field_types.iter().all(|ty| pin_line::pastes_back(ty));
    // The types inside the fields' types too, whose derives name what their
    // values print (`pastes_back` asks only the fields' own types: asking
    // a recursive type's `Box<Self>` for `Self` would never end).
    let types_within: Vec<&Type> = field_types.iter().flat_map(|ty| pin_line::types_within(ty)).collect();
    // How a derived `Debug` begins a value: the struct's name, or its
    // variant's (raw identifiers print without their `r#`), and what
    // follows for fields.
    let printed_form = |name: &Ident, fields: &Fields| {
        let name = name.unraw().to_string();
        match fields {
            Fields::Named(named) if !named.named.is_empty() => format!("{name} {{"),
            Fields::Unnamed(unnamed) if !unnamed.unnamed.is_empty() => format!("{name}("),
            _ => name,
        }
    };
    let printed_forms: Vec<String> = match &input.data {
        Data::Enum(data) => data.variants.iter().map(|variant| printed_form(&variant.ident, &variant.fields)).collect(),
        Data::Struct(data) => vec![printed_form(name, &data.fields)],
        Data::Union(_) => Vec::new(),
    };
    let place = crate::pin_line::place(krate, &[]);
    let is_enum = matches!(input.data, Data::Enum(_));
    let reach = match reach(input) {
        Reach::Anywhere => quote! { Anywhere },
        Reach::Crate => quote! { Crate },
        Reach::Module => quote! { Module },
    };
    quote! {
        impl #impl_generics #krate::__private::DerivedPinLine for #name #type_generics #where_clause {
            fn pastes_back() -> bool {
                use #krate::__private::{PinLineOfAnyType as _, PinLineOfDerive as _};
                #by_names #(&& (&#krate::__private::PinLineProbe::<#field_types>::new()).pastes_back())*
            }

            fn add_type_names(names: &mut #krate::__private::TypeNames) {
                use #krate::__private::{PinLineOfAnyType as _, PinLineOfDerive as _};
                let derived = #krate::__private::Derived {
                    name: ::core::any::type_name::<Self>(),
                    place: #place,
                    reach: #krate::__private::Reach::#reach,
                    printed_forms: &[#(#printed_forms),*],
                    is_enum: #is_enum,
                };
                if names.add_derived(derived) {
                    #((&#krate::__private::PinLineProbe::<#types_within>::new()).add_type_names(names);)*
                }
            }
        }
    }
}

/// Where a value of the type can be written as an expression; the
/// narrowest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Reach {
    Module,
    Crate,
    Anywhere,
}

/// Where a value of the derived type can be written as a struct or
/// variant expression: a private field (or one visible in some modules
/// only, counted the same) keeps it to the defining module and those
/// inside it, a `pub(crate)` field or `#[non_exhaustive]` (on a struct or a
/// variant; on an enum it does not stop its variants being written) to the
/// crate.
fn reach(input: &DeriveInput) -> Reach {
    let non_exhaustive = |attributes: &[Attribute]| {
        if attributes.iter().any(|attribute| attribute.path().is_ident("non_exhaustive")) {
            Reach::Crate
        } else {
            Reach::Anywhere
        }
    };
    let of_fields = |fields: &Fields| {
        fields
            .iter()
            .map(|field| match &field.vis {
                Visibility::Public(_) => Reach::Anywhere,
                Visibility::Restricted(restricted)
                    if restricted.in_token.is_none() && restricted.path.is_ident("crate") =>
                {
                    Reach::Crate
                }
                _ => Reach::Module,
            })
            .min()
            .unwrap_or(Reach::Anywhere)
    };
    match &input.data {
        Data::Struct(data) => of_fields(&data.fields).min(non_exhaustive(&input.attrs)),
        Data::Enum(data) => {
            data.variants.iter().map(|variant| non_exhaustive(&variant.attrs)).min().unwrap_or(Reach::Anywhere)
        }
        Data::Union(_) => Reach::Anywhere,
    }
}

/// The runtime crate's path: `::quickcheck`, or what a container attribute
/// `#[arbitrary(crate = "...")]` names.
fn crate_path(attributes: &[Attribute]) -> syn::Result<CratePath> {
    let mut krate = None;
    for attribute in attributes.iter().filter(|attribute| attribute.path().is_ident("arbitrary")) {
        attribute.parse_nested_meta(|meta| {
            if !meta.path.is_ident("crate") {
                return Err(meta.error("the only option of #[arbitrary(...)] is `crate = \"path\"`"));
            }
            if krate.is_some() {
                return Err(meta.error("the option `crate` is set twice; keep one"));
            }
            krate = Some(CratePath::parse(&meta.value()?.parse()?)?);
            Ok(())
        })?;
    }
    Ok(krate.unwrap_or_default())
}

/// The one attribute `name` among `attributes`, if any; a second is an
/// error, `message`, at it.
fn at_most_one<'a>(attributes: &'a [Attribute], name: &str, message: &str) -> syn::Result<Option<&'a Attribute>> {
    let mut found = attributes.iter().filter(|attribute| attribute.path().is_ident(name));
    let first = found.next();
    match found.next() {
        Some(second) => Err(syn::Error::new(second.meta.span(), message)),
        None => Ok(first),
    }
}

/// The container attribute `#[arbitrary(...)]` placed on a field or
/// variant, where it would be ignored.
const ARBITRARY_ON_A_PART: &str = "#[arbitrary(...)] sets options of the whole type; put it on the type";

fn refuse_attribute(attributes: &[Attribute], name: &str, message: &str) -> syn::Result<()> {
    match attributes.iter().find(|attribute| attribute.path().is_ident(name)) {
        Some(attribute) => Err(syn::Error::new(attribute.meta.span(), message)),
        None => Ok(()),
    }
}

/// How the fields of a type are drawn, by how the type may contain itself.
#[derive(Clone, Copy)]
enum Recursion<'a> {
    /// Plainly: every field is plain data (see [`is_plain`]), so no value
    /// of the type can contain another.
    Plain,
    /// No field names the type, but some hold more than plain data, so the
    /// type may contain itself through other types. Those fields are drawn
    /// at half the size of the level above once the draw held in `level`
    /// finds itself inside another of its type.
    Through { level: &'a Ident },
    /// Fields that contain the type at half the size of the level above
    /// (an enum's recursive variant, whose choice ends the recursion at the
    /// depth limit); other fields as in `Through`. In a `chain`, where each
    /// recursive variant holds at most one value of the type (a linked
    /// list), the variant choice alone keeps values finite: those fields
    /// are drawn at full size, and the depth limit is a chain's, far
    /// deeper.
    Nested { name: &'a Ident, level: &'a Ident, chain: bool },
    /// Fields that contain the type at half the size, and empty once the
    /// level held in `level` is the deepest (a struct, which has no variant
    /// that ends it); other fields as in `Through`.
    Ended { name: &'a Ident, level: &'a Ident },
}

impl Recursion<'_> {
    /// The level the type's draw holds, if it enters one.
    fn level(&self) -> Option<&Ident> {
        match *self {
            Recursion::Plain => None,
            Recursion::Through { level } | Recursion::Nested { level, .. } | Recursion::Ended { level, .. } => {
                Some(level)
            }
        }
    }
}

/// Wraps a type's `body` in the draw of one level of it, held in `level`:
/// nested draws of the type see it, and a runaway nesting stops the case
/// as an overrun instead of overflowing the stack.
fn within_level(body: TokenStream, level: &Ident, krate: &CratePath) -> TokenStream {
    let (source, value) = (local("source"), local("value"));
    quote! {
        let #level = #krate::__private::DerivedLevel::enter(#source, ::core::any::type_name::<Self>());
        let #value = { #body };
        #level.leave(#source);
        #value
    }
}

/// A struct's fields drawn in order. A struct whose fields hold more than
/// plain data draws them within a level of recursion; its fields that name
/// the struct are left empty at the depth limit.
fn struct_body(name: &Ident, fields: &Fields, krate: &CratePath) -> syn::Result<TokenStream> {
    if fields.iter().all(|field| is_plain(&field.ty)) {
        return construct(quote! { Self }, fields, krate, Recursion::Plain);
    }
    let level = local("level");
    let recursion = if fields.iter().any(|field| mentions(&field.ty, name)) {
        Recursion::Ended { name, level: &level }
    } else {
        Recursion::Through { level: &level }
    };
    let construction = construct(quote! { Self }, fields, krate, recursion)?;
    Ok(within_level(construction, &level, krate))
}

/// An expression building `path` from fields drawn in order.
fn construct(path: TokenStream, fields: &Fields, krate: &CratePath, recursion: Recursion) -> syn::Result<TokenStream> {
    let mut draws = Vec::new();
    for field in fields {
        refuse_attribute(&field.attrs, "weight", "#[weight(...)] weights an enum variant, not a field")?;
        refuse_attribute(&field.attrs, "arbitrary", ARBITRARY_ON_A_PART)?;
        let ty = &field.ty;
        let generator = at_most_one(&field.attrs, "generator", "a field takes one #[generator(...)]")?;
        let generator = generator_of(ty, generator, krate)?;
        let source = local("source");
        let nested = quote! { #krate::__private::draw_nested(#source, &#generator) };
        let draw = match recursion {
            Recursion::Nested { name, chain: true, .. } if mentions(ty, name) => quote! { #source.draw(&#generator) },
            Recursion::Nested { name, .. } if mentions(ty, name) => nested,
            Recursion::Ended { name, level } if mentions(ty, name) => {
                let ended = quote_spanned! {ty.span()=> <#ty as #krate::__private::EndsRecursion>::ended() };
                quote! { if #level.is_deepest() { #ended } else { #nested } }
            }
            // A field that may hold the type through other types.
            _ => match recursion.level() {
                Some(level) if !is_plain(ty) => {
                    quote! { if #level.is_nested() { #nested } else { #source.draw(&#generator) } }
                }
                _ => quote! { #source.draw(&#generator) },
            },
        };
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

/// Whether `ty` is plain data, which cannot contain a derived type: a
/// primitive, `String`, a standard container of them (`Vec<u8>`,
/// `Option<String>`), or a tuple or array of them. Anything else might, as
/// far as the derive can tell.
fn is_plain(ty: &Type) -> bool {
    const PLAIN: [&str; 17] = [
        "bool", "char", "f32", "f64", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128",
        "usize", "String",
    ];
    // Standard containers of plain data are plain data too.
    const CONTAINERS: [&str; 13] = [
        "Vec",
        "VecDeque",
        "LinkedList",
        "Option",
        "Result",
        "Box",
        "Rc",
        "Arc",
        "BTreeSet",
        "BTreeMap",
        "HashSet",
        "HashMap",
        "BinaryHeap",
    ];
    match ty {
        Type::Path(path) if path.qself.is_none() && path.path.segments.len() == 1 => {
            let segment = &path.path.segments[0];
            match &segment.arguments {
                PathArguments::None => PLAIN.iter().any(|plain| segment.ident == plain),
                PathArguments::AngleBracketed(arguments) => {
                    CONTAINERS.iter().any(|container| segment.ident == container)
                        && arguments.args.iter().all(|argument| match argument {
                            GenericArgument::Type(ty) => is_plain(ty),
                            _ => false,
                        })
                }
                PathArguments::Parenthesized(_) => false,
            }
        }
        Type::Tuple(tuple) => tuple.elems.iter().all(is_plain),
        Type::Array(array) => is_plain(&array.elem),
        Type::Paren(inner) => is_plain(&inner.elem),
        Type::Group(inner) => is_plain(&inner.elem),
        _ => false,
    }
}

/// Whether a variant's fields that name the enum are all standard
/// collections or `Option`s, which can be left empty, and there is at
/// least one.
fn holds_itself_only_in_what_can_be_empty(variant: &Variant, name: &Ident) -> bool {
    // The types `quickcheck::__private::EndsRecursion` is implemented for.
    const EMPTIABLE: [&str; 9] =
        ["Vec", "VecDeque", "LinkedList", "BinaryHeap", "BTreeSet", "BTreeMap", "HashSet", "HashMap", "Option"];
    let mut holding = variant.fields.iter().filter(|field| mentions(&field.ty, name)).peekable();
    holding.peek().is_some()
        && holding.all(|field| match &field.ty {
            Type::Path(path) if path.qself.is_none() => {
                path.path.segments.last().is_some_and(|last| EMPTIABLE.iter().any(|kind| last.ident == kind))
            }
            _ => false,
        })
}

/// Whether a variant's fields name the enum; see [`mentions`].
fn is_recursive(variant: &Variant, name: &Ident) -> bool {
    variant.fields.iter().any(|field| mentions(&field.ty, name))
}

/// The types of the type's own parameters whose values the derived
/// generator draws, which must then be `Arbitrary`: see [`types_drawn`].
struct Drawn {
    /// Parameters drawn as themselves: `T` in `Vec<T>`.
    parameters: Vec<Ident>,
    /// Types reached from a parameter, drawn in its place: `T::Item` in
    /// `Vec<T::Item>`, which needs the bound where `T` does not.
    projections: Vec<TypePath>,
}

/// What the derived generator draws of the type's parameters: those named
/// in a field's type, other than inside a `PhantomData` (which holds no
/// value, and has a generator for any type) or in a field drawn from its
/// own `#[generator(...)]`, and the associated types reached from them
/// (`T::Item`, `<T as IntoIterator>::Item`). A marker type parameter so
/// needs no generator of its own, nor does an iterator type whose items
/// are what is drawn.
fn types_drawn(input: &DeriveInput) -> Drawn {
    struct Visitor<'a> {
        parameters: Vec<&'a Ident>,
        drawn: Drawn,
    }
    impl<'ast> Visit<'ast> for Visitor<'_> {
        fn visit_type_path(&mut self, path: &'ast TypePath) {
            let segments = &path.path.segments;
            let is_parameter = |ty: &Type| {
                matches!(ty, Type::Path(inner) if inner.qself.is_none() && inner.path.segments.len() == 1
                    && self.parameters.iter().any(|parameter| *parameter == &inner.path.segments[0].ident))
            };
            let from_a_parameter = match &path.qself {
                Some(qself) => is_parameter(&qself.ty),
                None => segments.len() > 1 && self.parameters.iter().any(|parameter| *parameter == &segments[0].ident),
            };
            if from_a_parameter {
                let written = quote!(#path).to_string();
                if !self.drawn.projections.iter().any(|known| quote!(#known).to_string() == written) {
                    self.drawn.projections.push(path.clone());
                }
                return;
            }
            let first = &segments[0].ident;
            if path.qself.is_none()
                && let Some(parameter) = self.parameters.iter().find(|parameter| *parameter == &first)
                && !self.drawn.parameters.contains(parameter)
            {
                self.drawn.parameters.push((*parameter).clone());
            }
            if segments.last().is_some_and(|segment| segment.ident == "PhantomData") {
                return;
            }
            visit::visit_type_path(self, path);
        }
    }
    let mut visitor = Visitor {
        parameters: input.generics.type_params().map(|parameter| &parameter.ident).collect(),
        drawn: Drawn { parameters: Vec::new(), projections: Vec::new() },
    };
    let fields: Vec<&Field> = match &input.data {
        Data::Struct(data) => data.fields.iter().collect(),
        Data::Enum(data) => data.variants.iter().flat_map(|variant| &variant.fields).collect(),
        Data::Union(data) => data.fields.named.iter().collect(),
    };
    for field in
        fields.into_iter().filter(|field| !field.attrs.iter().any(|attribute| attribute.path().is_ident("generator")))
    {
        visitor.visit_type(&field.ty);
    }
    visitor.drawn
}

/// Whether `ty` holds at most one value of the type `name` being derived:
/// the type itself, or it in a `Box`, `Rc`, `Arc` or `Option` (not in a
/// collection, which may hold many).
fn holds_at_most_one(ty: &Type, name: &Ident) -> bool {
    let Type::Path(path) = ty else { return false };
    let segments = &path.path.segments;
    let last = &segments[segments.len() - 1];
    if path.qself.is_some() {
        return false;
    }
    if ["Box", "Rc", "Arc", "Option"].iter().any(|wrapper| last.ident == wrapper) {
        return match &last.arguments {
            PathArguments::AngleBracketed(arguments) if arguments.args.len() == 1 => match &arguments.args[0] {
                GenericArgument::Type(inner) => holds_at_most_one(inner, name),
                _ => false,
            },
            _ => false,
        };
    }
    // The type itself (as `mentions` names it), with no argument that
    // could hold it again.
    let arguments_mention = match &last.arguments {
        PathArguments::AngleBracketed(arguments) => arguments
            .args
            .iter()
            .any(|argument| matches!(argument, GenericArgument::Type(inner) if mentions(inner, name))),
        _ => false,
    };
    mentions(ty, name) && !arguments_mention
}

/// Whether `ty` names the type `name` being derived: as `Self`, by its bare
/// name (`Box<Tree>`), or by a path from this crate (`crate::ast::Tree`). A
/// path from elsewhere with the same last name (`std::io::Error` in an enum
/// `Error`) is another type. Recursion through an alias or another type is
/// not seen here; it is found as values are drawn (see
/// [`Recursion::Through`]).
fn mentions(ty: &Type, name: &Ident) -> bool {
    struct Mentions<'a> {
        name: &'a Ident,
        found: bool,
    }
    impl<'ast> Visit<'ast> for Mentions<'_> {
        fn visit_type_path(&mut self, path: &'ast TypePath) {
            let segments = &path.path.segments;
            let first = &segments[0].ident;
            let last = &segments[segments.len() - 1].ident;
            let local = segments.len() == 1 || ["crate", "self", "super"].iter().any(|root| first == root);
            if path.qself.is_none() && (first == "Self" || (local && last == self.name)) {
                self.found = true;
            }
            visit::visit_type_path(self, path);
        }
    }
    let mut mentions = Mentions { name, found: false };
    mentions.visit_type(ty);
    mentions.found
}

fn weight(variant: &Variant) -> syn::Result<u32> {
    refuse_attribute(&variant.attrs, "generator", "#[generator(...)] picks the generator of a field, not a variant")?;
    refuse_attribute(&variant.attrs, "arbitrary", ARBITRARY_ON_A_PART)?;
    match at_most_one(&variant.attrs, "weight", "a variant takes one #[weight(...)]")? {
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
/// Variants are numbered for the choice with those that do not name the
/// enum first, in declaration order, so the simplest choice, 0, is the
/// first variant of positive weight that ends the recursion, and shrinking
/// goes towards it. An enum that may contain itself only through other
/// types (no variant names it, but some hold more than plain data) draws,
/// at the depth limit, only the variants of plain data it starts with, if
/// any has a positive weight: a choice then means the same variant at
/// every depth, as a replay that moves a value to another level needs.
/// One that starts with none draws all its variants of plain data there,
/// wherever they are declared, so that its values still end.
fn enum_body(name: &Ident, data: &DataEnum, krate: &CratePath) -> syn::Result<TokenStream> {
    if data.variants.is_empty() {
        return Err(syn::Error::new(
            name.span(),
            "Arbitrary cannot be derived for an enum without variants: it has no values",
        ));
    }
    let (mut recursive, mut ending): (Vec<&Variant>, Vec<&Variant>) =
        data.variants.iter().partition(|variant| is_recursive(variant, name));
    // With no variant free of the enum, those that hold it only in
    // collections and options (`Node(u8, Vec<Rose>)`) end it as a struct
    // does: left empty at the depth limit.
    let ends_by_emptying = ending.is_empty();
    if ends_by_emptying {
        (ending, recursive) =
            recursive.into_iter().partition(|variant| holds_itself_only_in_what_can_be_empty(variant, name));
    }
    if ending.is_empty() {
        return Err(syn::Error::new(
            name.span(),
            format!(
                "every variant of `{name}` contains `{name}` outside a collection or an `Option`, so a value \
                 could never end; add a variant that does not, such as a leaf, which also becomes what values \
                 shrink towards"
            ),
        ));
    }
    let is_plain_variant = |variant: &Variant| variant.fields.iter().all(|field| is_plain(&field.ty));
    let level = local("level");
    let recursion = if !recursive.is_empty() || ends_by_emptying {
        // Emptied variants end at the depth limit of a tree, not a chain's.
        let chain = !ends_by_emptying
            && recursive.iter().all(|variant| {
                let mut holding = variant.fields.iter().filter(|field| mentions(&field.ty, name));
                holding.next().is_some_and(|field| holds_at_most_one(&field.ty, name)) && holding.next().is_none()
            });
        Recursion::Nested { name, level: &level, chain }
    } else if data.variants.iter().all(is_plain_variant) {
        Recursion::Plain
    } else {
        Recursion::Through { level: &level }
    };
    let ordered: Vec<&Variant> = ending.iter().chain(&recursive).copied().collect();
    let mut arms = Vec::new();
    let mut weights = Vec::new();
    for (position, variant) in ordered.iter().enumerate() {
        let variant_name = &variant.ident;
        let recursion = match recursion {
            // The ending variants come first.
            Recursion::Nested { name, level, .. } if ends_by_emptying && position < ending.len() => {
                Recursion::Ended { name, level }
            }
            _ => recursion,
        };
        let construction = construct(quote! { Self::#variant_name }, &variant.fields, krate, recursion)?;
        arms.push(quote! { #position => #construction, });
        weights.push(weight(variant)?);
    }
    if weights[..ending.len()].iter().all(|&weight| weight == 0) {
        let message = if recursive.is_empty() {
            format!("every variant of `{name}` has weight 0, so no value could be drawn; give one a positive weight")
        } else if ends_by_emptying {
            format!(
                "every variant of `{name}` that holds `{name}` only in collections or options has weight 0, so no \
                 value could end; give one of them a positive weight"
            )
        } else {
            format!(
                "every variant of `{name}` that does not contain `{name}` has weight 0, so no value could end; \
                 give one of them a positive weight"
            )
        };
        return Err(syn::Error::new(name.span(), message));
    }
    let source = local("source");
    let choose = |weights: &[u32]| quote! { #krate::__private::choose_variant(#source, &[#(#weights),*]) };
    // The weights at the depth limit: those of the first variants, which
    // end the recursion, the others' set to 0; where only the draws show
    // recursion and no variant of plain data comes first, those of every
    // variant of plain data.
    let ending_first = match recursion {
        Recursion::Nested { .. } => ending.len(),
        _ => ordered.iter().take_while(|variant| is_plain_variant(variant)).count(),
    };
    let ends_at_the_limit = |position: usize| match recursion {
        Recursion::Through { .. } if ending_first == 0 => is_plain_variant(ordered[position]),
        _ => position < ending_first,
    };
    let deepest: Vec<u32> = weights
        .iter()
        .enumerate()
        .map(|(position, &weight)| if ends_at_the_limit(position) { weight } else { 0 })
        .collect();
    let choice = if matches!(recursion, Recursion::Plain) || deepest.iter().all(|&weight| weight == 0) {
        choose(&weights)
    } else {
        let (deepest, all) = (choose(&deepest), choose(&weights));
        let is_deepest = match recursion {
            Recursion::Nested { chain: true, .. } => quote! { is_deepest_of_a_chain },
            _ => quote! { is_deepest },
        };
        quote! { if #level.#is_deepest() { #deepest } else { #all } }
    };
    let body = quote! {
        match #choice {
            #(#arms)*
            _ => ::core::unreachable!("choose_variant draws a position below the number of variants"),
        }
    };
    Ok(match recursion {
        Recursion::Plain => body,
        _ => within_level(body, &level, krate),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reach_of(item: &str) -> Reach {
        reach(&syn::parse_str(item).unwrap())
    }

    #[test]
    fn private_fields_and_non_exhaustive_narrow_where_a_value_is_written() {
        assert!(reach_of("pub struct A { pub x: u8, pub y: u8 }") == Reach::Anywhere);
        assert!(reach_of("pub struct Unit;") == Reach::Anywhere);
        assert!(reach_of("pub struct A { pub x: u8, pub(crate) y: u8 }") == Reach::Crate);
        assert!(reach_of("pub struct A { pub x: u8, y: u8 }") == Reach::Module);
        assert!(reach_of("pub struct A(pub u8, pub(super) u8);") == Reach::Module);
        assert!(reach_of("#[non_exhaustive] pub struct A { pub x: u8 }") == Reach::Crate);
        assert!(reach_of("#[non_exhaustive] pub struct A { x: u8 }") == Reach::Module);
        // An enum's variants are written wherever the enum is named, but for
        // a variant that is itself non-exhaustive.
        assert!(reach_of("#[non_exhaustive] pub enum E { A(u8), B }") == Reach::Anywhere);
        assert!(reach_of("pub enum E { A(u8), #[non_exhaustive] B { x: u8 } }") == Reach::Crate);
    }
}
