//! Printing values for reports: through `Debug`, safely and in bounded size.

use std::fmt::{self, Debug, Display, Write};

use crate::engine::unwind::{Caught, catch};

/// Reports cut a value's `Debug` output after this many bytes.
pub(crate) const MAX_RENDERED: usize = 10_000;

/// What ends a `Debug` form cut at [`MAX_RENDERED`] bytes.
const CUT: &str = " … (cut: longer than 10000 bytes)";

/// How the placeholders for a `Debug` impl that failed begin.
const PLACEHOLDER: &str = "<Debug ";

/// Formats `value` with `Debug`. A `Debug` impl that panics prints a
/// placeholder naming the panic instead of ending the report, and output
/// beyond [`MAX_RENDERED`] bytes is cut with a marker.
///
/// A compact form with a line break inside brackets, from a `Debug`
/// written by hand nested in a tuple or a struct (a command sequence's
/// numbered steps in a pair), would run its lines into the brackets around
/// it: such a value is written in the alternate form instead, where each
/// part has lines of its own, unless that form is cut or fails where the
/// compact one did not. Lines at the top level (an error's chain of
/// causes, a sequence's steps) are meant to be read as they are.
pub(crate) fn render<T: Debug + ?Sized>(value: &T) -> String {
    let compact = render_as(value, false);
    if !compact.contains('\n') || !breaks_inside_brackets(&compact) {
        return compact;
    }
    let pretty = render_as(value, true);
    if is_whole(&pretty) || !is_whole(&compact) { pretty } else { compact }
}

/// Formats a body's error as [`render`] does, except that an error whose
/// `Debug` form is a string literal with line breaks in it (a `String`, a
/// `&str`, a `Box<dyn Error>` made from one) is written as its text, as a
/// panic's message is: escaped, its lines would run together into one. (A
/// form cut at [`MAX_RENDERED`] bytes is no whole literal, and stays as it
/// is.)
pub(crate) fn render_error<T: Debug + ?Sized>(error: &T) -> String {
    let form = render(error);
    match string_literal_text(&form) {
        Some(text) if text.contains('\n') => text,
        _ => form,
    }
}

/// The text of `form` if it is one string literal as `str`'s `Debug` writes
/// it, escapes and all.
fn string_literal_text(form: &str) -> Option<String> {
    let inner = form.strip_prefix('"')?.strip_suffix('"')?;
    let mut text = String::with_capacity(inner.len());
    let mut characters = inner.chars();
    while let Some(character) = characters.next() {
        match character {
            // An unescaped quote ends the literal before the end: `"a" "b"`.
            '"' => return None,
            '\\' => text.push(match characters.next()? {
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                '0' => '\0',
                escaped @ ('\\' | '"' | '\'') => escaped,
                'u' => {
                    let digits = characters.as_str().strip_prefix('{')?.split_once('}')?.0;
                    let decoded = char::from_u32(u32::from_str_radix(digits, 16).ok()?)?;
                    characters = characters.as_str()[digits.len() + 2..].chars();
                    decoded
                }
                _ => return None,
            }),
            _ => text.push(character),
        }
    }
    Some(text)
}

/// Whether a line break of `form` lies inside brackets (outside string and
/// character literals).
fn breaks_inside_brackets(form: &str) -> bool {
    let mut depth = 0usize;
    for (character, in_literal) in outside_literals(form) {
        match character {
            _ if in_literal => {}
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            '\n' if depth > 0 => return true,
            _ => {}
        }
    }
    false
}

/// [`render`], in the alternate form (`{:#?}`) when `pretty`.
fn render_as<T: Debug + ?Sized>(value: &T, pretty: bool) -> String {
    rendered("Debug", |out| if pretty { write!(out, "{value:#?}") } else { write!(out, "{value:?}") })
}

/// [`render`] through `Display`: a collected statistics value. An impl
/// that returns an error or panics prints a placeholder, as for `Debug`.
pub(crate) fn render_display<T: Display + ?Sized>(value: &T) -> String {
    rendered("Display", |out| write!(out, "{value}"))
}

/// What `write` writes, cut at [`MAX_RENDERED`] bytes, or a placeholder
/// naming how the impl of `trait_name` failed.
fn rendered(trait_name: &str, write: impl FnOnce(&mut Capped) -> fmt::Result) -> String {
    let mut out = Capped { text: String::new(), full: false };
    let written = catch(|| write(&mut out));
    match written {
        // A full buffer refused a write: an impl that ignores the error
        // (`let _ = write!(..)`) still returns `Ok`, and one that unwraps it
        // panics; either is cut all the same.
        Ok(_) | Err(Caught::Panic(_)) if out.full => {
            out.text.push_str(CUT);
            out.text
        }
        Ok(Ok(())) => out.text,
        Ok(Err(fmt::Error)) => format!("<{trait_name} returned an error>"),
        Err(Caught::Panic(panic)) => format!("<{trait_name} panicked: {}>", capped(panic.message)),
        Err(Caught::Stop(_)) => format!("<{trait_name} stopped the test case>"),
    }
}

/// `text` (a panic message) cut at [`MAX_RENDERED`] bytes as a `Debug` form
/// is: an `assert_eq!` on two large values panics with both in full.
pub(crate) fn capped(text: String) -> String {
    if text.len() <= MAX_RENDERED {
        return text;
    }
    rendered("Display", |out| out.write_str(&text))
}

/// Whether `rendered`, from [`render`], may be a whole `Debug` form rather
/// than a cut one or a placeholder: only a whole form is code to paste. (A
/// `Debug` form that happens to look like a placeholder is taken for one,
/// which only costs its report the line that pins it.)
pub(crate) fn is_whole(rendered: &str) -> bool {
    let placeholder = rendered.starts_with(PLACEHOLDER) && rendered.ends_with('>');
    !(rendered.ends_with(CUT) || placeholder)
}

struct Capped {
    text: String,
    full: bool,
}

impl Write for Capped {
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        // Once cut, nothing more: an impl that ignores the error goes on
        // writing, and a short piece could fit where a long one was cut.
        if self.full {
            return Err(fmt::Error);
        }
        let room = MAX_RENDERED - self.text.len();
        if piece.len() <= room {
            self.text.push_str(piece);
            return Ok(());
        }
        let mut cut = room;
        while !piece.is_char_boundary(cut) {
            cut -= 1;
        }
        self.text.push_str(&piece[..cut]);
        self.full = true;
        Err(fmt::Error)
    }
}

/// `items` as a sentence lists them: `a, b and c` with `conjunction`
/// "and".
pub(crate) fn listed(items: &[String], conjunction: &str) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {conjunction} {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

/// Each character of a `Debug` form, with whether it lies inside a string
/// or character literal (its quotes included).
pub(crate) fn outside_literals(rendered: &str) -> impl Iterator<Item = (char, bool)> + '_ {
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

/// The fields of a `Debug` form at its top level: what lies between the
/// first opening bracket and its closing one, split at the commas that are
/// neither nested deeper (in brackets, or in the angle brackets of a type
/// inside them) nor inside a literal: `Put(1, "a,b")` has the fields `1`
/// and `"a,b"`, `Put { key: 1, value: [2, 3] }` has `key: 1` and
/// `value: [2, 3]`. `None` for a form with no such brackets, or whose
/// brackets do not close (a form cut short).
pub(crate) fn top_level_fields(form: &str) -> Option<Vec<&str>> {
    let mut fields = Vec::new();
    let mut depth = 0usize;
    let mut start = None;
    let positions = form.char_indices().map(|(at, _)| at);
    for (at, (character, in_literal)) in positions.zip(outside_literals(form)) {
        match character {
            _ if in_literal => {}
            '(' | '[' | '{' => {
                depth += 1;
                if depth == 1 && start.is_none() {
                    start = Some(at + 1);
                }
            }
            // Angle brackets only nest inside the outer brackets: a
            // placeholder such as `<Debug panicked: ..>` opens with one.
            '<' if depth >= 1 => depth += 1,
            '>' if depth >= 2 => depth -= 1,
            ')' | ']' | '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    fields.push(form[start?..at].trim());
                    return Some(fields.into_iter().filter(|field| !field.is_empty()).collect());
                }
            }
            ',' if depth == 1 => {
                if let Some(from) = start {
                    fields.push(form[from..at].trim());
                    start = Some(at + 1);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{self, Generator};
    use crate::{Options, Property};

    #[test]
    fn an_error_of_several_lines_is_written_as_its_text() {
        // Lines of any characters, escapes and quotes among them.
        let lines = generate::vec(generate::string()).map(|lines| lines.join("\n"));
        Property::for_all(lines, |text: String| {
            let expected = if text.contains('\n') { text.clone() } else { format!("{text:?}") };
            render_error(&text) == expected && render_error(text.as_str()) == expected
        })
        .assert(Options::default().runs(500));
        let escaped = "\u{301}\0\t\r\"\\'\n\u{7f}";
        assert!(format!("{escaped:?}").contains("\\u{301}"));
        assert_eq!(render_error(escaped), escaped);
        // Only a string literal, whole, is taken for text.
        assert_eq!(render_error(&("a\nb", 1)), r#"("a\nb", 1)"#);
        assert_eq!(render_error(&vec!["a\nb"]), r#"["a\nb"]"#);
    }

    struct Explodes;

    impl Debug for Explodes {
        fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
            panic!("no formatting today")
        }
    }

    #[test]
    fn a_panicking_debug_prints_a_placeholder() {
        assert_eq!(render(&Explodes), "<Debug panicked: no formatting today>");
        assert_eq!(render(&vec![1, 2]), "[1, 2]");
        assert_eq!(render_as(&Explodes, true), "<Debug panicked: no formatting today>");
        assert_eq!(render_as(&vec![1], true), "[\n    1,\n]");
    }

    /// A matrix printed a row a line, whatever the form asked.
    struct Rows;

    impl Debug for Rows {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("1 0\n0 1")
        }
    }

    #[test]
    fn a_form_of_several_lines_inside_another_is_written_pretty() {
        assert_eq!(render(&(7, Rows)), "(\n    7,\n    1 0\n    0 1,\n)");
        // Lines at the top level are meant as they are: a matrix, an
        // error's chain of causes, a command sequence's steps.
        assert_eq!(render(&Rows), "1 0\n0 1");
        assert_eq!(render(&Chain), "context\n\nCaused by:\n    boom (os error 2)");
    }

    /// An error whose compact form is its chain of causes, and whose
    /// alternate form is its structure.
    struct Chain;

    impl Debug for Chain {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            if f.alternate() {
                f.write_str("Error { context: \"context\", source: \"boom\" }")
            } else {
                f.write_str("context\n\nCaused by:\n    boom (os error 2)")
            }
        }
    }

    /// Lines inside brackets in the compact form; a panic in the other.
    struct PrettyPanics;

    impl Debug for PrettyPanics {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            if f.alternate() { panic!("no pretty form") } else { f.write_str("(1\n2)") }
        }
    }

    #[test]
    fn the_alternate_form_is_taken_only_if_it_is_whole() {
        assert_eq!(render(&PrettyPanics), "(1\n2)");
        // Whole compact, cut pretty: the compact form stays.
        let near_the_cut = (Rows, vec![0u8; 3000]);
        let compact = render(&near_the_cut);
        assert!(is_whole(&compact) && compact.starts_with("(1 0\n0 1, [0, 0"), "{compact}");
    }

    #[test]
    fn huge_values_are_cut() {
        let text = render(&vec![0u8; 100_000]);
        assert!(text.len() < MAX_RENDERED + 100);
        assert!(text.ends_with("(cut: longer than 10000 bytes)"));
    }

    #[test]
    fn a_debug_that_ignores_the_cut_is_cut_all_the_same() {
        // Writes `é` (two bytes) and a digit (one) as pieces of their own,
        // ignoring every error: a cut inside an `é` leaves room that the
        // digit after it would fit.
        struct Careless(usize);
        impl Debug for Careless {
            fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                for index in 0..self.0 {
                    let _ = formatter.write_str("é");
                    let _ = write!(formatter, "{}", index % 10);
                }
                Ok(())
            }
        }
        let text = render(&Careless(6000));
        assert!(text.ends_with(CUT), "{}", &text[text.len() - 60..]);
        assert!(!is_whole(&text));
        assert!(text.len() <= MAX_RENDERED + CUT.len());
        // Nothing was written after the cut: the pieces still alternate.
        let kept: Vec<char> = text[..text.len() - CUT.len()].chars().collect();
        assert!(kept.chunks(2).all(|unit| unit[0] == 'é' && unit.get(1).is_none_or(char::is_ascii_digit)));
        let short = render(&Careless(10));
        assert!(is_whole(&short) && short.len() == 30, "{short}");
        // One that unwraps every write panics at the cut: cut all the same.
        struct Strict(usize);
        impl Debug for Strict {
            fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                for index in 0..self.0 {
                    write!(formatter, "{}", index % 10).unwrap();
                }
                Ok(())
            }
        }
        let strict = render(&Strict(20_000));
        assert!(strict.ends_with(CUT) && strict.len() == MAX_RENDERED + CUT.len(), "{}", &strict[..100]);
    }

    #[test]
    fn top_level_fields_split_at_the_outer_commas_only() {
        let fields = |form| top_level_fields(form).unwrap();
        assert_eq!(fields("Put(1, 2)"), ["1", "2"]);
        assert_eq!(fields("Put(1, \"a,(b\", ',')"), ["1", "\"a,(b\"", "','"]);
        assert_eq!(fields("Put { key: 1, value: [2, 3] }"), ["key: 1", "value: [2, 3]"]);
        assert_eq!(fields("Put((1, 2), [3])"), ["(1, 2)", "[3]"]);
        assert_eq!(fields("Put(PhantomData<HashMap<u8, u8>>, 3)"), ["PhantomData<HashMap<u8, u8>>", "3"]);
        assert_eq!(fields("Get()"), Vec::<&str>::new());
        // No brackets to split, or brackets cut short: no fields to tell.
        assert_eq!(top_level_fields("Get"), None);
        assert_eq!(top_level_fields("5"), None);
        assert_eq!(top_level_fields("<Debug panicked: no, not now>"), None);
        assert_eq!(top_level_fields("Put(1, [2, 3 … (cut: longer than 10000 bytes)"), None);
    }
}
