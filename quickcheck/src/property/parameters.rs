//! Values reported one parameter at a time, for properties whose input is a
//! tuple of named parameters (what `#[property]` builds).

use std::fmt::Debug;

use std::borrow::Cow;

use crate::property::format::{is_whole, render};

/// A tuple whose fields the report prints one by one, each under its
/// parameter's name. Implemented for tuples of one to twelve `Debug` values.
#[diagnostic::on_unimplemented(
    message = "the values of a property's parameters, `{Self}`, cannot be printed one by one",
    note = "every parameter's type must implement `Debug`, so that a failure report can show its value; \
            a property takes at most twelve parameters"
)]
pub trait ParameterValues {
    /// How many fields the tuple has.
    const COUNT: usize;

    /// Each field's `Debug` form, in order.
    fn render_each(&self) -> Vec<String>;
}

macro_rules! parameter_tuples {
    ($count:literal; $($name:ident $index:tt),+) => {
        impl<$($name: Debug),+> ParameterValues for ($($name,)+) {
            const COUNT: usize = $count;

            fn render_each(&self) -> Vec<String> {
                vec![$(render(&self.$index)),+]
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
}

impl<T> Clone for Parameters<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Parameters<T> {}

/// The names a `Debug` form may begin with that need no path in front:
/// the prelude's variants and the boolean literals.
const IN_SCOPE_EVERYWHERE: &[&str] = &["Some", "None", "Ok", "Err", "true", "false"];

/// The `#[example(...)]` arguments that make `fields` again, one per
/// parameter, or `None` when some field's `Debug` form is no expression to
/// paste: one that spans lines (a command sequence, a pretty-printed
/// struct), holds a float no literal writes or a string that would paste as
/// a `&str`, or was cut short or replaced by a placeholder.
pub(crate) fn pin_arguments(fields: &[String], type_paths: &[&str]) -> Option<Vec<String>> {
    let pastes = |field: &String| {
        !field.contains('\n') && !has_non_literal_float(field) && !has_nested_string(field) && is_whole(field)
    };
    if !fields.iter().all(pastes) {
        return None;
    }
    let path_of = |index: usize| type_paths.get(index).copied().unwrap_or("");
    Some(
        fields
            .iter()
            .enumerate()
            .map(|(index, field)| as_expression(&with_variant_path(field, path_of(index))))
            .collect(),
    )
}

/// `rendered` with `type_path::` in front when it is an enum variant of
/// that type: a derived `Debug` prints a variant by its name alone
/// (`Push(3)`), which pastes only where the variants are imported, while a
/// struct prints its own type's name first. A form that begins with another
/// name than the type's own is taken for a variant; so is a struct's behind
/// a type alias, whose line then names the alias.
fn with_variant_path<'a>(rendered: &'a str, type_path: &str) -> Cow<'a, str> {
    let leading = rendered.find(|character: char| !(character.is_alphanumeric() || character == '_'));
    let name = &rendered[..leading.unwrap_or(rendered.len())];
    let type_name = type_path.rsplit("::").next().unwrap_or("");
    let is_name = name.starts_with(|character: char| character.is_alphabetic() || character == '_');
    if type_path.is_empty() || !is_name || name == type_name || IN_SCOPE_EVERYWHERE.contains(&name) {
        return Cow::Borrowed(rendered);
    }
    Cow::Owned(format!("{type_path}::{rendered}"))
}

/// A `Debug` form written as a Rust expression for an `#[example(...)]`
/// line: a list's `[...]` becomes `vec![...]`, the form of the commonest list
/// parameter. Brackets inside string and character literals are left alone.
fn as_expression(rendered: &str) -> String {
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
    let mut word = String::new();
    for (character, in_literal) in outside_literals(rendered).chain([(' ', false)]) {
        if !in_literal && character.is_alphanumeric() {
            word.push(character);
            continue;
        }
        if word == "NaN" || word == "inf" {
            return true;
        }
        word.clear();
    }
    false
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

/// Each character of a `Debug` form, with whether it lies inside a string
/// or character literal (its quotes included).
fn outside_literals(rendered: &str) -> impl Iterator<Item = (char, bool)> + '_ {
    let mut quote = None;
    let mut escaped = false;
    rendered.chars().map(move |character| {
        let in_literal = match quote {
            Some(open) => {
                if escaped {
                    escaped = false;
                } else if character == '\\' {
                    escaped = true;
                } else if character == open {
                    quote = None;
                }
                true
            }
            None if character == '"' || character == '\'' => {
                quote = Some(character);
                true
            }
            None => false,
        };
        (character, in_literal)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_inside_a_value_is_told_from_a_whole_string() {
        assert!(has_nested_string(r#"User { name: "ann", age: 3 }"#));
        assert!(has_nested_string(r#"("a", 1)"#));
        assert!(!has_nested_string(r#""a \"quoted\" word""#));
        assert!(!has_nested_string(r#"Point { x: 1, y: 2 }"#));
        assert!(!has_nested_string(r#"Tag('"')"#));
    }

    #[test]
    fn lists_become_vec_macros_outside_literals() {
        assert_eq!(as_expression("[1, [2]]"), "vec![1, vec![2]]");
        assert_eq!(as_expression("\"[\\\"]\""), "\"[\\\"]\"");
        assert_eq!(as_expression("('[', 3)"), "('[', 3)");
        assert_eq!(as_expression("Some(\"x\")"), "Some(\"x\")");
    }

    #[test]
    fn variants_get_their_enum_path_and_nothing_else_does() {
        assert_eq!(with_variant_path("Push(3)", "ops::Op"), "ops::Op::Push(3)");
        assert_eq!(with_variant_path("Leaf", "Tree"), "Tree::Leaf");
        assert_eq!(with_variant_path("_Hidden { a: 1 }", "Op"), "Op::_Hidden { a: 1 }");
        // A struct prints its own name; the prelude's variants, literals
        // and numbers need no path; nor does a type that is no path.
        assert_eq!(with_variant_path("Point { x: 1 }", "geometry::Point"), "Point { x: 1 }");
        for (rendered, path) in [("Some(Push(3))", "Option"), ("None", "Option"), ("true", "bool"), ("-3", "i8")] {
            assert_eq!(with_variant_path(rendered, path), rendered);
        }
        assert_eq!(with_variant_path("Push(3)", ""), "Push(3)");
    }

    #[test]
    fn pin_arguments_are_left_out_when_any_field_would_not_paste() {
        let fields = |forms: &[&str]| forms.iter().map(|form| (*form).to_owned()).collect::<Vec<_>>();
        assert_eq!(pin_arguments(&fields(&["Pop", "[1]"]), &["Op", "Vec"]), Some(fields(&["Op::Pop", "vec![1]"])));
        assert_eq!(pin_arguments(&fields(&["Pop", "[1]"]), &[]), Some(fields(&["Pop", "vec![1]"])));
        assert_eq!(pin_arguments(&fields(&["Pop", "NaN"]), &["Op", "f64"]), None);
        assert_eq!(pin_arguments(&fields(&["Pop", "a\nb"]), &["Op", "Lines"]), None);
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
