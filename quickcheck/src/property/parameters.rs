//! Values reported one parameter at a time, for properties whose input is a
//! tuple of named parameters (what `#[property]` builds).

use std::borrow::Cow;
use std::fmt::Debug;

use crate::__private::{Place, TypeNames};
use crate::property::format::{is_whole, outside_literals, render};

/// A tuple whose fields the report prints one by one, each under its
/// parameter's name. Implemented for tuples of one to twelve `Debug` values.
#[diagnostic::on_unimplemented(
    message = "the values of a property's parameters, `{Self}`, cannot be printed one by one",
    note = "the generated value must be a tuple with one field per parameter name: a single parameter is a \
            one-field tuple, `Property::for_all((generator,), |(value,)| ...)`",
    note = "every parameter's type must implement `Debug`, so that a failure report can show its value; \
            a property takes at most twelve parameters"
)]
pub trait ParameterValues {
    /// How many fields the tuple has.
    const COUNT: usize;

    /// Each field's `Debug` form, in order.
    fn render_each(&self) -> Vec<String>;

    /// Each field's type, as [`std::any::type_name`] names it: what tells
    /// an enum's variant from a struct in the pin line. Empty by default,
    /// which leaves every `Debug` form as it is; implement it for the pin
    /// line to write values with their type paths.
    fn type_names() -> Vec<&'static str> {
        Vec::new()
    }
}

macro_rules! parameter_tuples {
    ($count:literal; $($name:ident $index:tt),+) => {
        impl<$($name: Debug),+> ParameterValues for ($($name,)+) {
            const COUNT: usize = $count;

            fn render_each(&self) -> Vec<String> {
                vec![$(render(&self.$index)),+]
            }

            fn type_names() -> Vec<&'static str> {
                vec![$(std::any::type_name::<$name>()),+]
            }
        }
    };
}

parameter_tuples!(1; A 0);
parameter_tuples!(2; A 0, B 1);
parameter_tuples!(3; A 0, B 1, C 2);
parameter_tuples!(4; A 0, B 1, C 2, D 3);
parameter_tuples!(5; A 0, B 1, C 2, D 3, E 4);
parameter_tuples!(6; A 0, B 1, C 2, D 3, E 4, F 5);
parameter_tuples!(7; A 0, B 1, C 2, D 3, E 4, F 5, G 6);
parameter_tuples!(8; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
parameter_tuples!(9; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
parameter_tuples!(10; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
parameter_tuples!(11; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
parameter_tuples!(12; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);

/// The names of a property's parameters and how to render its input one
/// parameter at a time.
pub(crate) struct Parameters<T> {
    pub(crate) names: &'static [&'static str],
    pub(crate) render_each: fn(&T) -> Vec<String>,
    /// Whether the values' `Debug` forms are expressions of their types.
    pub(crate) pastes_back: bool,
    /// Each parameter's type path as written, without generic arguments
    /// (empty for a type that is no path, or when unknown): what an enum's
    /// variant is written after in the pin line.
    pub(crate) type_paths: &'static [&'static str],
    /// Each parameter's type as the compiler names it (see
    /// [`ParameterValues::type_names`]).
    pub(crate) type_names: fn() -> Vec<&'static str>,
    /// Adds to the [`TypeNames`] of the parameter of an index the types
    /// inside its type that derives tell of (see
    /// [`DerivedPinLine`](crate::__private::DerivedPinLine)); nothing by
    /// default.
    pub(crate) add_types_within: fn(usize, &mut TypeNames),
    /// Where the property is written (its module empty when unknown): a
    /// derived type with private fields pastes back only where they are
    /// visible.
    pub(crate) place: Place,
}

impl<T> Clone for Parameters<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Parameters<T> {}

/// The `#[example(...)]` arguments that make `fields` again, one per
/// parameter, or `None` when some field's `Debug` form is no expression to
/// paste: one that spans lines (a command sequence, a pretty-printed
/// struct), holds a float no literal writes, a string inside it that would
/// paste as a `&str` (where not every string of the value is a `String`,
/// whose literals the line writes with `.to_owned()`), a map's or set's
/// braces, text no Rust expression holds (a hand-written `Debug`'s `#3` or
/// `1.50 EUR`, a duration's `1.5s`, an address's `127.0.0.1`, a type with
/// no derive that its form does not name), an enum variant inside the
/// value, or a struct inside it that is not known to be in scope where
/// the property is (`place`; one in scope is written by its name, or
/// through `super::` from a module inside its own), was cut short or
/// replaced by a placeholder, holds both arrays and `Vec`s (whose `[...]`
/// look alike; the line writes a `Vec`'s as `vec![...]` and an array's as
/// it is), or is a tuple or unit struct behind a type alias. The macro
/// leaves out the types it can see are no expressions; these checks also
/// see through a type alias.
pub(crate) fn pin_arguments(
    fields: &[String],
    type_paths: &[&str],
    type_names: &[&str],
    held: &[TypeNames],
    place: &Place,
    strings: TopLevelStrings,
) -> Option<Vec<String>> {
    if !held.iter().all(|held| held.all.iter().all(|name| type_pastes_back(name))) {
        return None;
    }
    // A float parameter that no literal writes is written by its constant.
    let fields: Vec<Cow<'_, str>> = fields
        .iter()
        .enumerate()
        .map(|(index, field)| match type_names.get(index) {
            Some(&float @ ("f32" | "f64")) => special_float(float, field),
            _ => Cow::Borrowed(field.as_str()),
        })
        .collect();
    // A string literal inside a value is a `&str` pasted back: it is
    // written as an owned string where the value's strings are all `String`.
    let pastes = |(index, field): (usize, &Cow<'_, str>)| {
        let printed_as_derived = match (held.get(index), type_names.get(index)) {
            (Some(held), Some(name)) => held.printed_as_derived(name, field),
            _ => true,
        };
        printed_as_derived
            && !field.contains('\n')
            && !has_non_literal_float(field)
            && (!has_nested_string(field) || held.get(index).is_some_and(holds_only_owned_strings))
            && !has_braced_collection(field)
            && is_made_of_rust_tokens(field)
            && is_whole(field)
    };
    if !fields.iter().enumerate().all(pastes) {
        return None;
    }
    let expression = |(index, field): (usize, &Cow<'_, str>)| {
        let form = match type_names.get(index) {
            Some(name) => {
                let is_enum = held.get(index).is_some_and(|held| held.is_enum(name));
                with_type_path(field, type_paths.get(index).copied().unwrap_or_default(), name, is_enum)?
            }
            None => Cow::Borrowed(field.as_ref()),
        };
        let no_names = TypeNames::default();
        let held = held.get(index).unwrap_or(&no_names);
        if !names_its_own_types(&form, held) {
            return None;
        }
        let form = with_nested_struct_paths(&form, held, place)?;
        let expression = with_raw_keywords(&as_expression(&form, lists_held(&held.all)?));
        Some(match type_names.get(index) {
            Some(&"alloc::string::String") if strings == TopLevelStrings::Owned => format!("{expression}.to_owned()"),
            // Newer compilers (1.95) name it with its elided lifetime, older ones (1.88) without.
            Some(&("alloc::borrow::Cow<'_, str>" | "alloc::borrow::Cow<str>")) if strings == TopLevelStrings::Owned => {
                format!("{expression}.into()")
            }
            _ if has_nested_string(&expression) => with_owned_strings(&expression),
            _ => expression,
        })
    };
    fields.iter().enumerate().map(expression).collect()
}

/// How the pin line writes a parameter that is a `String` or a `Cow<str>`:
/// as its literal, which `#[example(...)]` turns into the parameter's type,
/// or, in the arguments of `Property::example`, which takes the values
/// themselves, converted (`"a".to_owned()`, `"a".into()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TopLevelStrings {
    Literal,
    Owned,
}

/// Standard and supported types whose `Debug` form is no expression of
/// their type: maps and sets print braces, smart pointers their contents,
/// numbers of other types look like `f64` or integer literals, and the rest
/// print text (`1.5s`, `127.0.0.1`, a date, a UUID that reads as a
/// subtraction). Looked for among the words of the compiler's name of each
/// type a value holds, so that a type alias, a type inside a derived
/// type's field and a generic argument are all seen.
const NOT_EXPRESSIONS: &[&str] = &[
    "HashMap",
    "HashSet",
    "BTreeMap",
    "BTreeSet",
    "VecDeque",
    "BinaryHeap",
    "LinkedList",
    "Box",
    "Rc",
    "Arc",
    "Cell",
    "RefCell",
    "Mutex",
    "RwLock",
    "CString",
    "Wrapping",
    "Saturating",
    "Duration",
    "SystemTime",
    "PathBuf",
    "OsString",
    "IpAddr",
    "Ipv4Addr",
    "Ipv6Addr",
    "SocketAddr",
    "SocketAddrV4",
    "SocketAddrV6",
    "CommandSequence",
    "NaiveDate",
    "NaiveTime",
    "NaiveDateTime",
    "DateTime",
    "TimeDelta",
    "FixedOffset",
    "Uuid",
    "Decimal",
    "f16",
    "bf16",
];

/// Whether values of the type the compiler names `name` (with
/// [`std::any::type_name`]) may print as expressions of their type: no
/// word of the name is one of [`NOT_EXPRESSIONS`] or names a `NonZero`
/// type.
fn type_pastes_back(name: &str) -> bool {
    !name
        .split(|character: char| !(character.is_alphanumeric() || character == '_'))
        .any(|word| NOT_EXPRESSIONS.contains(&word) || word.starts_with("NonZero"))
}

/// A float parameter's `Debug` form that no literal writes, `NaN`, `inf`
/// or `-inf`, as the constant of `float` (`f32` or `f64`) it is; any other
/// as it is.
fn special_float<'a>(float: &str, rendered: &'a str) -> Cow<'a, str> {
    let constant = match rendered {
        "NaN" => "NAN",
        "inf" => "INFINITY",
        "-inf" => "NEG_INFINITY",
        _ => return Cow::Borrowed(rendered),
    };
    Cow::Owned(format!("{float}::{constant}"))
}

/// Whether every string literal inside a value of these types stands for
/// a `String`: each type it holds is a `String`, a list, option or result,
/// a number, `bool` or `char`, or a derived type (whose fields' types are
/// among them). Any other type may print a literal for something else (a
/// `&str`, a path, an `Arc<String>`), or hide fields that do.
fn holds_only_owned_strings(held: &TypeNames) -> bool {
    const PLAIN: [&str; 20] = [
        "alloc::string::String",
        "alloc::vec::Vec",
        "core::option::Option",
        "core::result::Result",
        "u8",
        "u16",
        "u32",
        "u64",
        "u128",
        "usize",
        "i8",
        "i16",
        "i32",
        "i64",
        "i128",
        "isize",
        "f32",
        "f64",
        "bool",
        "char",
    ];
    let is_derived = |path: &str| held.derived_at(path).is_some();
    // An array's length is the one number in a type's name.
    let is_length = |path: &str| path.bytes().all(|byte| byte.is_ascii_digit());
    held.all
        .iter()
        .flat_map(|name| paths_in(name))
        .all(|path| PLAIN.contains(&path) || is_length(path) || is_derived(path))
}

/// A piece of a `Debug` form: a name (or number) outside its literals, or
/// any other character, those of literals included.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Name(String),
    Other(char),
}

/// The pieces of a `Debug` form, in order: what the passes over its names
/// read and write back.
fn tokens(rendered: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut name = String::new();
    for (character, in_literal) in outside_literals(rendered) {
        if !in_literal && (character.is_alphanumeric() || character == '_') {
            name.push(character);
            continue;
        }
        if !name.is_empty() {
            tokens.push(Token::Name(std::mem::take(&mut name)));
        }
        tokens.push(Token::Other(character));
    }
    if !name.is_empty() {
        tokens.push(Token::Name(name));
    }
    tokens
}

/// `expression` with each Rust keyword outside its literals written as a
/// raw identifier: a derived `Debug` prints the field `r#type` as `type`.
/// (`true` and `false` are values; `crate`, `self`, `super` and `Self`
/// begin paths and have no raw form.)
fn with_raw_keywords(expression: &str) -> String {
    const KEYWORDS: [&str; 46] = [
        "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "do", "dyn", "else", "enum",
        "extern", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro", "match", "mod", "move",
        "mut", "override", "priv", "pub", "ref", "return", "static", "struct", "trait", "try", "type", "typeof",
        "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
    ];
    let mut written = String::with_capacity(expression.len() + 8);
    for token in tokens(expression) {
        match token {
            Token::Name(name) => {
                if KEYWORDS.contains(&name.as_str()) && !written.ends_with('#') {
                    written.push_str("r#");
                }
                written.push_str(&name);
            }
            Token::Other(character) => written.push(character),
        }
    }
    written
}

/// `expression` with each string literal inside it followed by
/// `.to_owned()`, making it a `String`: `vec!["a", "b"]` becomes
/// `vec!["a".to_owned(), "b".to_owned()]`. A literal that is all of it is
/// left alone, as `#[example]` takes one for a `String` parameter.
fn with_owned_strings(expression: &str) -> String {
    let characters: Vec<(char, bool)> = outside_literals(expression).collect();
    let mut written = String::with_capacity(expression.len() + 32);
    let mut opening = None;
    for (index, &(character, in_literal)) in characters.iter().enumerate() {
        written.push(character);
        if !in_literal {
            continue;
        }
        let opened = *opening.get_or_insert(character);
        let ends = characters.get(index + 1).is_none_or(|&(_, next_in_literal)| !next_in_literal);
        if ends {
            opening = None;
            let is_all_of_it = index + 1 == characters.len() && characters[0].0 == '"';
            if opened == '"' && !is_all_of_it {
                written.push_str(".to_owned()");
            }
        }
    }
    written
}

/// A `Debug` form, its own type's path already in front, with each struct
/// inside the value named as it is written at `place`, where the property
/// is (see [`struct_name_at`]); `None` if it holds a name that cannot be
/// so written: an enum variant inside a value (`List::Cons(0, Nil)`,
/// `Some(Red)`, `[Circle { r: 0 }]`), which pastes only where its enum's
/// variants are imported, and whose `Box` around it, if any, the form does
/// not show, or a struct not known to be reachable from `place`. A name
/// with braces is a struct's only if it is one of the types the value
/// holds (`held`), since a variant with fields prints just as a struct
/// does; a tuple or unit struct prints as a variant without fields does,
/// and is one only where a derive says so. A name a derived enum the value
/// holds prints is its variant's, even where a struct shares it; the
/// prelude's variants are otherwise no such names.
fn with_nested_struct_paths(rendered: &str, held: &TypeNames, place: &Place) -> Option<String> {
    let tokens = tokens(rendered);
    let mut written = String::with_capacity(rendered.len());
    for (index, token) in tokens.iter().enumerate() {
        let name = match token {
            Token::Name(name) => name,
            Token::Other(character) => {
                written.push(*character);
                continue;
            }
        };
        let next = |offset: usize| tokens.get(index + offset);
        // A path's segment, or a field's name.
        let by_a_colon = written.ends_with(':') || next(1) == Some(&Token::Other(':'));
        // The name at the start is the parameter's own, written with its path.
        if written.is_empty() || by_a_colon || !name.starts_with(char::is_uppercase) {
            written.push_str(name);
            continue;
        }
        // A name a derived enum prints is its variant's (even where a
        // struct shares it: `Circle(Circle { r: 0 })`), or the enum's own.
        let names_a_variant = held.derived.iter().filter(|derived| derived.is_enum).any(|enumeration| {
            names_in(enumeration.name).next() == Some(name)
                || enumeration.printed_forms.iter().any(|form| {
                    form.strip_suffix(" {").or_else(|| form.strip_suffix('(')).unwrap_or(form) == name.as_str()
                })
        });
        if names_a_variant {
            return None;
        }
        if matches!(name.as_str(), "Some" | "None" | "Ok" | "Err") {
            written.push_str(name);
            continue;
        }
        // A tuple or unit struct prints as a variant does; a derive says
        // which its type is.
        let has_braces = next(1) == Some(&Token::Other(' ')) && next(2) == Some(&Token::Other('{'));
        let names_a_derived_type =
            held.derived.iter().any(|derived| names_in(derived.name).next() == Some(name.as_str()));
        if !(has_braces || names_a_derived_type) {
            return None;
        }
        written.push_str(&struct_name_at(name, held, place)?);
    }
    Some(written)
}

/// Whether `form` names each type it holds that is neither the standard
/// library's nor derived: such a type (with a hand-written `Arbitrary`)
/// is written only by its own name, so a form without it, such as the
/// `5` of a hand-written `Debug` (alone, or as `Some(5)`), is no
/// expression of it. (An empty `Vec` of such a type loses its line too.)
fn names_its_own_types(form: &str, held: &TypeNames) -> bool {
    let tokens = tokens(form);
    let named = |own: &str| tokens.iter().any(|token| matches!(token, Token::Name(name) if name == own));
    held.all.iter().flat_map(|name| paths_in(name)).all(|path| {
        let is_standard = ["core::", "alloc::", "std::"].iter().any(|standard| path.starts_with(standard));
        match path.rsplit_once("::") {
            Some((_, own)) if !is_standard && held.derived_at(path).is_none() => named(own),
            _ => true,
        }
    })
}

/// How the struct `name`, one of the types `held`, is written at `place`:
/// as the property's signature writes it, if it does; by its name where it
/// is defined in `place`'s module, through `super::` from a module inside
/// the one that defines it (whose items are all visible there); `None`
/// from anywhere else, where it may not be in scope, and for a name two of
/// the types share. Where `place` is unknown
/// (a property built with [`Property::parameters`](crate::Property::parameters)
/// rather than `#[property]`), by its name: the struct is taken to be in
/// scope where the property's code names its generators.
fn struct_name_at(name: &str, held: &TypeNames, place: &Place) -> Option<String> {
    if place.module.is_empty() {
        return Some(name.to_owned());
    }
    let mut defining = held
        .all
        .iter()
        .flat_map(|type_name| paths_in(type_name))
        .filter_map(|path| path.rsplit_once("::").filter(|(_, own)| *own == name));
    let (module, _) = defining.next()?;
    if defining.any(|(other, _)| other != module) {
        return None;
    }
    // Named by the property's signature, it is in scope as written there.
    if let Some(written) = place.in_scope.iter().find(|path| path.rsplit("::").next() == Some(name)) {
        return Some((*written).to_owned());
    }
    let path = format!("{module}::{name}");
    // A derive tells which crate its type is in; any other type is taken
    // to be in the crate its path begins with.
    let defined = match held.derived_at(&path) {
        Some(derived) => derived.place,
        None => Place { module, ..*place },
    };
    if !place.same_crate(&defined) {
        return None;
    }
    let levels = place.levels_below(module)?;
    Some(format!("{}{name}", "super::".repeat(levels)))
}

/// `rendered`, the `Debug` form of a value of the type `type_name` (the
/// compiler's name of the type the user wrote as `type_path`), with the
/// type as written in front, so that it pastes where the property is
/// written: a derived `Debug` prints an enum's variant by its name alone
/// (`Push(3)` becomes `ops::Op::Push(3)`), and a struct by its own name
/// (`Frame { depth: 3 }` becomes `stack::Frame { depth: 3 }`, or through an
/// alias `Top { depth: 3 }`); the value of an enum (`is_enum`) is a
/// variant, even one named like the enum. `None` for a tuple or unit
/// struct behind an alias, which cannot be built through it. Primitives,
/// the prelude's `Option` and `Result`, and a type whose path as written
/// is unknown (`type_path` empty) are left alone.
fn with_type_path<'a>(rendered: &'a str, type_path: &str, type_name: &str, is_enum: bool) -> Option<Cow<'a, str>> {
    let type_name = type_name.split('<').next().unwrap_or(type_name);
    let Some((module, own_name)) = type_name.rsplit_once("::") else { return Some(Cow::Borrowed(rendered)) };
    let in_prelude = matches!((module, own_name), ("core::option", "Option") | ("core::result", "Result"));
    let leading = rendered.find(|character: char| !(character.is_alphanumeric() || character == '_'));
    let (name, rest) = rendered.split_at(leading.unwrap_or(rendered.len()));
    let is_name = name.starts_with(|character: char| character.is_alphabetic() || character == '_');
    if type_path.is_empty() || in_prelude || !is_name {
        return Some(Cow::Borrowed(rendered));
    }
    if name != own_name || is_enum {
        return Some(Cow::Owned(format!("{type_path}::{rendered}")));
    }
    let written_name = type_path.rsplit("::").next().unwrap_or(type_path);
    let through_alias = written_name != own_name;
    if through_alias && !rest.starts_with(" {") {
        return None;
    }
    Some(Cow::Owned(format!("{type_path}{rest}")))
}

/// What the `[...]` in a value's `Debug` form are.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Lists {
    /// `Vec`s, the commonest list (or no lists at all).
    Vecs,
    /// Arrays, whose literal is their `Debug` form.
    Arrays,
}

/// Types whose `Debug` form is no expression of them (their contents, or a
/// list that is no `Vec`): `#[property]` leaves out the line for them by
/// the name written, and this list catches them behind a type alias.
const PRINTED_AS_OTHERS: [&str; 9] = [
    "alloc::boxed::Box",
    "alloc::rc::Rc",
    "alloc::sync::Arc",
    "alloc::collections::vec_deque::VecDeque",
    "alloc::collections::binary_heap::BinaryHeap",
    "alloc::collections::linked_list::LinkedList",
    "core::cell::Cell",
    "core::cell::RefCell",
    "core::num::nonzero::NonZero",
];

/// What the lists of a value are, from the names of the types it `held`;
/// `None` if it holds both arrays and `Vec`s, which print alike, a slice
/// (in a `Box<[T]>`, say), or a type printed as something else.
fn lists_held(held: &[&str]) -> Option<Lists> {
    let paths = || held.iter().flat_map(|name| paths_in(name));
    if paths().any(|path| PRINTED_AS_OTHERS.contains(&path)) || held.iter().any(|name| names_a_slice(name)) {
        return None;
    }
    let holds_arrays = held.iter().any(|name| name.contains('['));
    let holds_vecs = paths().any(|path| path == "alloc::vec::Vec");
    match (holds_arrays, holds_vecs) {
        (true, true) => None,
        (true, false) => Some(Lists::Arrays),
        (false, _) => Some(Lists::Vecs),
    }
}

/// Whether a type's name holds a slice, `[T]`: brackets without the `;`
/// of an array's length at their own depth.
fn names_a_slice(type_name: &str) -> bool {
    // Whether each bracket still open has met its length.
    let mut open: Vec<bool> = Vec::new();
    type_name.chars().any(|character| {
        match character {
            '[' => open.push(false),
            ';' => {
                if let Some(has_length) = open.last_mut() {
                    *has_length = true;
                }
            }
            ']' => return open.pop() == Some(false),
            _ => {}
        }
        false
    })
}

/// A `Debug` form written as a Rust expression for an `#[example(...)]`
/// line: where the lists are `Vec`s, a list's `[...]` becomes `vec![...]`.
/// Brackets inside string and character literals are left alone.
fn as_expression(rendered: &str, lists: Lists) -> String {
    if lists == Lists::Arrays {
        return rendered.to_owned();
    }
    let mut expression = String::with_capacity(rendered.len());
    for (character, in_literal) in outside_literals(rendered) {
        if !in_literal && character == '[' {
            expression.push_str("vec!");
        }
        expression.push(character);
    }
    expression
}

/// Whether a `Debug` form holds a float that no Rust literal writes (`NaN`,
/// `inf`), outside string and character literals.
fn has_non_literal_float(rendered: &str) -> bool {
    tokens(rendered).iter().any(|token| matches!(token, Token::Name(name) if name == "NaN" || name == "inf"))
}

/// Whether `rendered` holds a string literal that is not all of it, such as
/// the `String` field of a derived `Debug` (`User { name: "", age: 0 }`):
/// pasted back, the literal is a `&str` where the type wants a `String`.
fn has_nested_string(rendered: &str) -> bool {
    let mut was_in_literal = false;
    outside_literals(rendered).enumerate().any(|(index, (character, in_literal))| {
        let opens_a_string = in_literal && !was_in_literal && character == '"';
        was_in_literal = in_literal;
        opens_a_string && index > 0
    })
}

/// Whether a `Debug` form, outside its string and character literals, is
/// made only of what a Rust expression of literals, paths, lists, ranges
/// and structs is made of: names and numbers that are Rust literals (`1.5s`
/// and `127.0.0.1` are not), never two in a row (`1.50 EUR`), between
/// brackets, commas, colons, minus signs and range dots.
fn is_made_of_rust_tokens(rendered: &str) -> bool {
    let characters: Vec<(char, bool)> = outside_literals(rendered).collect();
    let is_word_character = |character: char| character.is_alphanumeric() || character == '_';
    let mut position = 0;
    // Whether a name or number ended with nothing but spaces since.
    let mut after_a_word = false;
    while position < characters.len() {
        let (character, in_literal) = characters[position];
        let next = characters.get(position + 1).map(|&(next, _)| next);
        if in_literal {
            after_a_word = false;
            position += 1;
        } else if is_word_character(character) {
            if after_a_word {
                return false;
            }
            let start = position;
            let is_number = character.is_ascii_digit();
            while let Some(&(character, false)) = characters.get(position) {
                let next = characters.get(position + 1).map(|&(next, _)| next);
                // A number's `.` is its own before a digit or at its end
                // (`1.`), not before another `.` (`3..7`); a `-` right
                // after its exponent's `e` is its own too.
                let joins = is_word_character(character)
                    || (is_number && character == '.' && next != Some('.'))
                    || (is_number && character == '-' && matches!(characters[position - 1].0, 'e' | 'E'));
                if !joins {
                    break;
                }
                position += 1;
            }
            let token: String = characters[start..position].iter().map(|&(character, _)| character).collect();
            if !is_rust_token(&token) {
                return false;
            }
            after_a_word = true;
        } else if character == '.' && next == Some('.') {
            // A range: `..` or `..=`.
            position += if characters.get(position + 2).is_some_and(|&(after, _)| after == '=') { 3 } else { 2 };
            after_a_word = false;
        } else if matches!(character, '(' | ')' | '[' | ']' | '{' | '}' | ',' | ':' | '-') {
            after_a_word = false;
            position += 1;
        } else if character == ' ' {
            position += 1;
        } else {
            return false;
        }
    }
    true
}

/// The paths in a type's name as the compiler writes it: the type's and
/// each generic argument's (`alloc::vec::Vec<app::Shape>` holds
/// `alloc::vec::Vec` and `app::Shape`); a reference or array leaves its
/// element's path (`str`, `u8`) and, for an array, its length.
fn paths_in(type_name: &str) -> impl Iterator<Item = &str> {
    type_name.split(['<', '>', ',', ' ', '(', ')', '&', '[', ']', ';']).filter(|path| !path.is_empty())
}

/// The names of the types in a type's name as the compiler writes it: the
/// last segment of each of its paths (`Vec` and `Shape` for
/// `alloc::vec::Vec<app::Shape>`).
fn names_in(type_name: &str) -> impl Iterator<Item = &str> {
    paths_in(type_name).filter_map(|path| path.rsplit("::").next())
}

/// Whether `token`, a run of letters, digits and `_` (in a number also `.`
/// and an exponent's `-`), is a name or a Rust number literal, such as `x`,
/// `3`, `2.5`, `1e-7`, `255u8` or `0x1f`.
fn is_rust_token(token: &str) -> bool {
    if !token.starts_with(|first: char| first.is_ascii_digit()) {
        return true;
    }
    const SUFFIXES: [&str; 14] =
        ["u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32", "f64"];
    let number = SUFFIXES.iter().find_map(|suffix| token.strip_suffix(suffix)).unwrap_or(token);
    let digits_of = |text: &str, radix: u32| {
        !text.is_empty() && text.chars().all(|character| character.is_digit(radix) || character == '_')
    };
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(digits) = number.strip_prefix(prefix) {
            return digits_of(digits, radix);
        }
    }
    let (mantissa, exponent) = match number.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent.strip_prefix('-').unwrap_or(exponent))),
        None => (number, None),
    };
    let mantissa_is_a_number = match mantissa.split_once('.') {
        Some((whole, fraction)) => digits_of(whole, 10) && (fraction.is_empty() || digits_of(fraction, 10)),
        None => digits_of(mantissa, 10),
    };
    mantissa_is_a_number && exponent.is_none_or(|exponent| digits_of(exponent, 10))
}

/// Whether a `Debug` form holds braces that open no struct: a map's
/// `{1: 0}` or a set's `{1, 2}`, which are no expressions. A struct's
/// braces follow its name.
fn has_braced_collection(rendered: &str) -> bool {
    let mut before = ' ';
    let mut previous = ' ';
    outside_literals(rendered).any(|(character, in_literal)| {
        let opens_a_collection =
            !in_literal && character == '{' && !(previous == ' ' && (before.is_alphanumeric() || before == '_'));
        if !character.is_whitespace() || in_literal {
            before = character;
        }
        previous = character;
        opens_a_collection
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::{Derived, Reach};

    /// The pin arguments for `#[example(...)]`.
    fn pin(fields: &[String], type_paths: &[&str], type_names: &[&str], held: &[TypeNames]) -> Option<Vec<String>> {
        pin_arguments(
            fields,
            type_paths,
            type_names,
            held,
            &Place { module: "app", ..Place::default() },
            TopLevelStrings::Literal,
        )
    }

    /// The type names of parameters, one each, as a property without
    /// derives knows them.
    fn held(names: &[&'static str]) -> Vec<TypeNames> {
        names
            .iter()
            .map(|&name| {
                let mut held = TypeNames::default();
                held.add(name);
                held
            })
            .collect()
    }

    #[test]
    fn strings_inside_a_value_of_strings_are_written_owned() {
        let fields = |forms: &[&str]| forms.iter().map(|form| (*form).to_owned()).collect::<Vec<_>>();
        let owned = ["alloc::vec::Vec<alloc::string::String>", "(u8, alloc::string::String)", "alloc::string::String"];
        let pinned = pin(&fields(&[r#"["a", "b\"c"]"#, r#"(1, "")"#, r#""x""#]), &[], &owned, &held(&owned));
        let expected = [r#"vec!["a".to_owned(), "b\"c".to_owned()]"#, r#"(1, "".to_owned())"#, r#""x""#];
        assert_eq!(pinned, Some(fields(&expected)));
        // A character is no string; a `&str` or `Cow<str>` among the types
        // leaves the line out.
        let chars = ["alloc::vec::Vec<(char, alloc::string::String)>"];
        let pinned = pin(&fields(&[r#"[('"', "q")]"#]), &[], &chars, &held(&chars));
        assert_eq!(pinned, Some(fields(&[r#"vec![('"', "q".to_owned())]"#])));
        // A derived type's fields are known; another type's may hide a
        // `&'static str`, and a path or an `Arc<String>` prints as a literal.
        let mut account = TypeNames::default();
        let place = Place { module: "app", ..Place::default() };
        assert!(account.add_derived(Derived {
            name: "app::Account",
            place,
            reach: Reach::Anywhere,
            printed_forms: &["Account {"],
            is_enum: false,
        }));
        account.add("alloc::string::String");
        let pinned = pin(&fields(&[r#"Account { owner: "" }"#]), &[], &["app::Account"], &[account]);
        assert_eq!(pinned, Some(fields(&[r#"Account { owner: "".to_owned() }"#])));
        let opaque = pin(&fields(&[r#"Secret { code: "" }"#]), &[], &["app::Secret"], &held(&["app::Secret"]));
        assert_eq!(opaque, None);
        for borrowed in [
            "alloc::vec::Vec<&str>",
            "(alloc::string::String, alloc::borrow::Cow<'_, str>)",
            "alloc::vec::Vec<std::path::PathBuf>",
            "alloc::vec::Vec<alloc::sync::Arc<alloc::string::String>>",
        ] {
            assert_eq!(pin(&fields(&[r#"["a"]"#]), &[], &[borrowed], &held(&[borrowed])), None, "{borrowed}");
        }
    }

    #[test]
    fn types_that_print_no_expression_of_themselves_are_told_by_name() {
        for name in [
            "u8",
            "alloc::string::String",
            "alloc::vec::Vec<(u8, bool)>",
            "core::option::Option<app::Point>",
            "app::Boxes",
            "app::duration::Span",
        ] {
            assert!(type_pastes_back(name), "{name}");
        }
        for name in [
            "alloc::boxed::Box<u8>",
            "alloc::collections::btree::set::BTreeSet<u8>",
            "quickcheck::stateful::sequence::CommandSequence<u8, app::Step>",
            "core::num::nonzero::NonZero<u8>",
            "alloc::vec::Vec<core::time::Duration>",
            "std::sync::poison::mutex::Mutex<u8>",
            "alloc::ffi::c_str::CString",
            "core::num::wrapping::Wrapping<u8>",
            "uuid::Uuid",
            "(u8, rust_decimal::decimal::Decimal)",
            "half::binary16::f16",
            "chrono::datetime::DateTime<chrono::offset::utc::Utc>",
        ] {
            assert!(!type_pastes_back(name), "{name}");
        }
        let names = ["u8", "alloc::boxed::Box<u8>"];
        assert_eq!(pin(&["1".to_owned(), "2".to_owned()], &[], &names, &held(&names)), None);
    }

    #[test]
    fn a_string_inside_a_value_is_told_from_a_whole_string() {
        assert!(has_nested_string(r#"User { name: "ann", age: 3 }"#));
        assert!(has_nested_string(r#"("a", 1)"#));
        assert!(!has_nested_string(r#""a \"quoted\" word""#));
        assert!(!has_nested_string(r#"Point { x: 1, y: 2 }"#));
        assert!(!has_nested_string(r#"Tag('"')"#));
    }

    #[test]
    fn text_no_expression_holds_is_told_apart() {
        for pastes in [
            "3",
            "-2.5",
            "-0.0",
            "1e-7",
            "2.0E10",
            "1.7976931348623157e308",
            "255u8",
            "1_000",
            "0x1f",
            "0b101",
            "Point { x: 1, y: -2 }",
            "Some([1, 2])",
            "Op::Push(3)",
            "\"#3 and 1.5s\"",
            "('#', 2)",
            "(1.5, 0.)",
            "()",
            "3..7",
            "-2..=5",
            "Span { range: 0..10 }",
        ] {
            assert!(is_made_of_rust_tokens(pastes), "{pastes}");
        }
        for does_not in [
            "#3",
            "1.5s",
            "127.0.0.1",
            "Id(#3)",
            "1.50 EUR",
            "Money(1.50 EUR)",
            "a => b",
            "<Debug panicked>",
            "x = 1",
            "3.x",
            "0xfg",
            "1...2",
        ] {
            assert!(!is_made_of_rust_tokens(does_not), "{does_not}");
        }
    }

    #[test]
    fn lists_become_vec_macros_outside_literals() {
        let vecs = |rendered| as_expression(rendered, Lists::Vecs);
        assert_eq!(vecs("[1, [2]]"), "vec![1, vec![2]]");
        assert_eq!(vecs("\"[\\\"]\""), "\"[\\\"]\"");
        assert_eq!(vecs("('[', 3)"), "('[', 3)");
        assert_eq!(vecs("Some(\"x\")"), "Some(\"x\")");
        assert_eq!(as_expression("[1, [2]]", Lists::Arrays), "[1, [2]]");
    }

    #[test]
    fn arrays_are_told_from_vecs_by_the_types_held() {
        assert_eq!(lists_held(&["[u8; 4]"]), Some(Lists::Arrays));
        assert_eq!(lists_held(&["core::option::Option<[[i8; 2]; 3]>"]), Some(Lists::Arrays));
        assert_eq!(lists_held(&["app::Key", "[u8; 32]"]), Some(Lists::Arrays));
        assert_eq!(lists_held(&["alloc::vec::Vec<u8>"]), Some(Lists::Vecs));
        assert_eq!(lists_held(&["(u8, bool)"]), Some(Lists::Vecs));
        assert_eq!(lists_held(&["alloc::vec::Vec<[u8; 2]>"]), None);
        assert_eq!(lists_held(&["app::Block", "[u8; 2]", "alloc::vec::Vec<u8>"]), None);
        // A slice, and types that print as their contents or as lists.
        assert_eq!(lists_held(&["alloc::boxed::Box<[u8]>"]), None);
        assert_eq!(lists_held(&["alloc::sync::Arc<[[u8; 2]]>"]), None);
        assert_eq!(lists_held(&["alloc::rc::Rc<u8>"]), None);
        assert_eq!(lists_held(&["alloc::collections::vec_deque::VecDeque<u8>"]), None);
        assert_eq!(
            lists_held(&["[[u8; 2]; 3]", "core::option::Option<[alloc::string::String; 1]>"]),
            Some(Lists::Arrays)
        );
    }

    #[test]
    fn array_parameters_are_pinned_as_arrays() {
        let fields = |forms: &[&str]| forms.iter().map(|form| (*form).to_owned()).collect::<Vec<_>>();
        let names = ["[u8; 3]", "alloc::vec::Vec<u8>"];
        let pinned = pin(&fields(&["[5, 0, 0]", "[1]"]), &["", "Vec"], &names, &held(&names));
        assert_eq!(pinned, Some(fields(&["[5, 0, 0]", "vec![1]"])));
        let strings = ["[alloc::string::String; 2]"];
        let pinned = pin(&fields(&[r#"["a", ""]"#]), &[""], &strings, &held(&strings));
        assert_eq!(pinned, Some(fields(&[r#"["a".to_owned(), "".to_owned()]"#])));
        let mixed = ["alloc::vec::Vec<[u8; 2]>"];
        assert_eq!(pin(&fields(&["[[1, 2]]"]), &["Vec"], &mixed, &held(&mixed)), None);
    }

    #[test]
    fn values_get_their_type_path_as_written() {
        let with = |rendered, path, name| with_type_path(rendered, path, name, false).map(|form| form.into_owned());
        // Variants, named like the prelude's or not.
        assert_eq!(with("Push(3)", "ops::Op", "app::ops::Op").as_deref(), Some("ops::Op::Push(3)"));
        assert_eq!(with("Leaf", "Tree", "app::Tree<u8>").as_deref(), Some("Tree::Leaf"));
        assert_eq!(with("_Hidden { a: 1 }", "Op", "app::Op").as_deref(), Some("Op::_Hidden { a: 1 }"));
        assert_eq!(with("None", "Mode", "app::Mode").as_deref(), Some("Mode::None"));
        // Structs, by their path as written, or through an alias where a
        // struct expression can go through one.
        let point = "Point { x: 1 }";
        assert_eq!(with(point, "Point", "app::geometry::Point").as_deref(), Some(point));
        assert_eq!(with(point, "geometry::Point", "app::geometry::Point").as_deref(), Some("geometry::Point { x: 1 }"));
        assert_eq!(with(point, "P", "app::geometry::Point").as_deref(), Some("P { x: 1 }"));
        assert_eq!(with("Meters(3)", "units::Meters", "app::units::Meters").as_deref(), Some("units::Meters(3)"));
        assert_eq!(with("Meters(3)", "Length", "app::units::Meters"), None);
        assert_eq!(with("Marker", "Alias", "app::Marker"), None);
        // The prelude's variants, literals and numbers need no path; nor
        // does a type that is no path.
        for (rendered, path, name) in [
            ("Some(Push(3))", "Option", "core::option::Option<app::Op>"),
            ("None", "Option", "core::option::Option<u8>"),
            ("Err(1)", "Result", "core::result::Result<u8, u8>"),
            ("true", "bool", "bool"),
            ("-3", "i8", "i8"),
            ("Push(3)", "", "app::Op"),
        ] {
            assert_eq!(with(rendered, path, name).as_deref(), Some(rendered));
        }
    }

    #[test]
    fn pin_arguments_are_left_out_when_any_field_would_not_paste() {
        let fields = |forms: &[&str]| forms.iter().map(|form| (*form).to_owned()).collect::<Vec<_>>();
        let names = ["app::Op", "alloc::vec::Vec<i32>"];
        let pinned = Some(fields(&["Op::Pop", "vec![1]"]));
        assert_eq!(pin(&fields(&["Pop", "[1]"]), &["Op", "Vec"], &names, &held(&names)), pinned);
        // Without the path as written, a variant of a type with no derive
        // does not name its type.
        assert_eq!(pin(&fields(&["Pop", "[1]"]), &[], &names, &held(&names)), None);
        let float = ["app::Op", "f64"];
        // A float parameter no literal writes is written by its constant;
        // a float inside a value that no literal writes leaves the line out.
        let pinned = Some(fields(&["Op::Pop", "f64::NAN"]));
        assert_eq!(pin(&fields(&["Pop", "NaN"]), &["Op", "f64"], &float, &held(&float)), pinned);
        let floats = ["f32", "f64", "f64"];
        let pinned = pin(&fields(&["-inf", "inf", "1.5"]), &[], &floats, &held(&floats));
        assert_eq!(pinned, Some(fields(&["f32::NEG_INFINITY", "f64::INFINITY", "1.5"])));
        let list = ["alloc::vec::Vec<f64>"];
        assert_eq!(pin(&fields(&["[NaN]"]), &[], &list, &held(&list)), None);
        assert_eq!(pin(&fields(&["Pop", "a\nb"]), &["Op", "Lines"], &names, &held(&names)), None);
        // A map or set behind an alias, which the macro cannot see.
        let map = ["app::Op", "std::collections::hash::map::HashMap<u8, u8>"];
        assert_eq!(pin(&fields(&["Pop", "{1: 0, 0: 0}"]), &["Op", "Map"], &map, &held(&map)), None);
        assert_eq!(pin(&fields(&["Pop", "[{1}]"]), &["Op", "Sets"], &names, &held(&names)), None);
        // A struct's braces follow its name.
        let frame = ["app::Op", "app::Frame"];
        let pinned = Some(fields(&["Op::Pop", "Frame { depth: 0 }"]));
        assert_eq!(pin(&fields(&["Pop", "Frame { depth: 0 }"]), &["Op", "Frame"], &frame, &held(&frame)), pinned);
    }

    #[test]
    fn variants_inside_a_value_are_found_outside_literals() {
        // The compiler's names of the types the values hold.
        let known = held(&["app::List", "app::Frame", "alloc::vec::Vec<app::Shape>", "app::Top"]).into_iter().fold(
            TypeNames::default(),
            |mut all, names| {
                all.add(names.all[0]);
                all
            },
        );
        let app = Place { module: "app", ..Place::default() };
        for rendered in [
            "List::Cons(0, Cons(1, Nil))",
            "Some(Red)",
            "vec![Red, Green]",
            "Pair(Left, 3)",
            // A variant with fields prints as a struct does.
            "vec![Circle { r: 0 }]",
            "Frame { shape: Circle { r: 0 } }",
        ] {
            assert_eq!(with_nested_struct_paths(rendered, &known, &app), None, "{rendered}");
        }
        for rendered in [
            "List::Nil",
            "Op::Peek { depth: 0 }",
            "Frame { inner: Frame { depth: 0 }, label: Some(3), done: Ok(None) }",
            "vec![app::Op::Pop, Err(1)]",
            "\"Red Cons\"",
            "Top { depth: 3 }",
            "vec![Shape { sides: 3 }]",
        ] {
            assert_eq!(with_nested_struct_paths(rendered, &known, &app).as_deref(), Some(rendered));
        }
        // From a module inside the one that defines them, structs are
        // reached through `super`; from any other module, not at all.
        let tests = Place { module: "app::tests::nested", ..Place::default() };
        let frame = "Frame { inner: Top { depth: 0 } }";
        let written = with_nested_struct_paths(frame, &known, &tests);
        assert_eq!(written.as_deref(), Some("Frame { inner: super::super::Top { depth: 0 } }"));
        for elsewhere in ["other", "application", "other::app"] {
            let place = Place { module: elsewhere, ..Place::default() };
            assert_eq!(with_nested_struct_paths(frame, &known, &place), None, "{elsewhere}");
        }
        // As the property's signature writes them, where it does.
        let signature = Place { module: "other", in_scope: &["app::Top", "Vec"], ..Place::default() };
        let written = with_nested_struct_paths(frame, &known, &signature);
        assert_eq!(written.as_deref(), Some("Frame { inner: app::Top { depth: 0 } }"));
        // Where the property's module is unknown, by their names.
        let unknown = Place::default();
        assert_eq!(with_nested_struct_paths(frame, &known, &unknown).as_deref(), Some(frame));
        // A name a derived enum prints is a variant's, even where a struct
        // shares it.
        let mut shapes = TypeNames::default();
        let derived =
            |name, printed_forms, is_enum| Derived { name, place: app, reach: Reach::Anywhere, printed_forms, is_enum };
        assert!(shapes.add_derived(derived("app::Shape", &["Circle(", "Square("], true)));
        assert!(shapes.add_derived(derived("app::Circle", &["Circle {"], false)));
        assert_eq!(with_nested_struct_paths("vec![Circle(Circle { r: 0 })]", &shapes, &app), None);
        assert_eq!(with_nested_struct_paths("Holder { c: Circle { r: 0 } }", &shapes, &app), None);
        let names = ["app::List"];
        let nested = ["Cons(0, Cons(0, Nil))".to_owned()];
        assert_eq!(pin(&nested, &["List"], &names, &held(&names)), None);
        let leaf = ["Nil".to_owned()];
        assert_eq!(pin(&leaf, &["List"], &names, &held(&names)), Some(vec!["List::Nil".to_owned()]));
    }

    #[test]
    fn prelude_names_printed_by_a_derived_type_are_variants() {
        let mut maybe = TypeNames::default();
        let place = Place { module: "app", ..Place::default() };
        let derived = Derived {
            name: "app::Maybe",
            place,
            reach: Reach::Anywhere,
            printed_forms: &["None", "Some("],
            is_enum: true,
        };
        assert!(maybe.add_derived(derived));
        maybe.add("alloc::vec::Vec<app::Maybe>");
        assert_eq!(with_nested_struct_paths("vec![Some(0), None]", &maybe, &place), None);
        let plain = held(&["alloc::vec::Vec<core::option::Option<u8>>"]).remove(0);
        assert_eq!(
            with_nested_struct_paths("vec![Some(0), None]", &plain, &place).as_deref(),
            Some("vec![Some(0), None]")
        );
    }

    #[test]
    fn keywords_are_written_as_raw_identifiers() {
        assert_eq!(with_raw_keywords("Raw { type: 0, match: true }"), "Raw { r#type: 0, r#match: true }");
        assert_eq!(with_raw_keywords("ops::Op::r#loop"), "ops::Op::r#loop");
        assert_eq!(with_raw_keywords("vec![\"type\", 'a']"), "vec![\"type\", 'a']");
        assert_eq!(with_raw_keywords("super::Typed { typed: false }"), "super::Typed { typed: false }");
    }

    #[test]
    fn a_type_with_no_derive_that_its_form_does_not_name_gets_no_pin_line() {
        let fields = |forms: &[&str]| forms.iter().map(|form| (*form).to_owned()).collect::<Vec<_>>();
        let pins = |form: &str, path: &str, name: &'static str| {
            pin(&fields(&[form]), &[path], &[name], &held(&[name])).map(|mut pinned| pinned.remove(0))
        };
        assert_eq!(pins("5", "Id", "app::Id"), None);
        assert_eq!(pins("\"x\"", "", "app::Id"), None);
        assert_eq!(pins("Some(5)", "Option", "core::option::Option<app::Id>"), None);
        assert_eq!(pins("[Id { n: 5 }]", "Vec", "alloc::vec::Vec<app::Id>").as_deref(), Some("vec![Id { n: 5 }]"));
        assert_eq!(pins("Red", "Color", "app::Color").as_deref(), Some("Color::Red"));
        assert_eq!(pins("-1.5", "f64", "f64").as_deref(), Some("-1.5"));
        assert_eq!(pins("0..3", "Range", "core::ops::range::Range<u8>").as_deref(), Some("0..3"));
        assert_eq!(pins("(1, 2)", "", "(u8, u8)").as_deref(), Some("(1, 2)"));
    }

    #[test]
    fn floats_that_are_no_literals_are_found_outside_literals() {
        assert!(has_non_literal_float("NaN"));
        assert!(has_non_literal_float("[1.0, -inf]"));
        assert!(!has_non_literal_float("[1.0, 1e100, -0.0]"));
        assert!(!has_non_literal_float("\"NaN\""));
        assert!(!has_non_literal_float("Info { infinite: true }"));
    }
}
