//! Strings that match a regular expression, with the `regex` feature.
//!
//! The pattern is parsed once, by `regex-syntax` (the parser of the `regex`
//! crate, so the syntax is the one Rust developers already write), into a
//! small tree that draws a string part by part: a literal as it is, a
//! class as one choice, an alternation as a choice of branch and a
//! repetition as a collection of its part. The shrinker then works on
//! those choices as on any others: repetitions lose parts, branches move
//! to the first, and characters move to the simplest of their class.

use std::fmt;

use rand_xoshiro::rand_core::Rng;
use regex_syntax::hir::{self, Class, Hir, HirKind, Look};

use crate::engine::random::Draws;
use crate::engine::source::{ChoiceSource, MAX_CHOICES};
use crate::generate::Generator;
use crate::generate::collection::Lengths;
use crate::generate::text::{SCALARS, char_at, char_index, forcing_ends, from_ordinal, ordinal, sample_character};

/// The most characters a pattern's shortest match may have: every example
/// builds a string at least this long, a megabyte or more of it.
const MAX_SHORTEST_MATCH: u64 = 1 << 20;

/// The generator returned by [`string_matching`], or by
/// [`StringMatching::new`] for a pattern that may not parse.
#[derive(Clone, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct StringMatching {
    root: Part,
}

/// A `String` that the regular expression `pattern` matches as a whole, as
/// if it were written `^(?:pattern)$`. Requires the `regex` feature.
///
/// The syntax is the [`regex`](https://docs.rs/regex) crate's, flags
/// included (`(?i)` for case-insensitive letters, `(?s)` for a `.` that
/// draws line ends). Each part of the pattern draws as the matching
/// generator would:
///
/// - a class (`[a-z]`, `\d`, `.`) draws one of its characters. A class of
///   ASCII characters draws each about evenly. A wider one first draws as
///   [`character`](crate::generate::character) does, and keeps that
///   character if the class holds it; otherwise it draws one of its own,
///   about half the time one of its ASCII characters (if it has any) and
///   else any of them, evenly. So `.` leans to printable ASCII as
///   `character` does, and `\d` (which holds the digits of every script)
///   draws `0` to `9` only about half the time: write `[0-9]` for ASCII
///   digits. A class's first and last characters (in the shrink order
///   below) are forced about one draw in sixteen.
/// - an alternation (`cat|dog`) draws each branch about evenly. The parser
///   makes alternatives of single characters (`a|b`) a class.
/// - a repetition draws its length as a collection does: `x*` is 0 to 64
///   long, about 5 on average, `x+` and `x{n,}` as a collection with that
///   minimum length (`vec(..).min_length(n)`), and `x{n,m}` is within its
///   bounds.
///
/// It shrinks as every value does, towards fewer choices and then smaller
/// ones: repetitions lose parts, alternations move to their first branch
/// (or to a later one that takes fewer choices), and a class's character
/// moves to the simplest it holds, digits and capitals first, then
/// punctuation and space, then everything after `Z` in order (`[a-z]`
/// shrinks to `a`, `.` and `\w` to `0`, `\s` to a space).
///
/// # Panics
///
/// At the call, if the pattern does not parse, matches no string at all,
/// holds an assertion the generator cannot honour (a word boundary, or a
/// `^` or `$` away from the pattern's start or end), or has a shortest
/// match that needs more than the 8192 choices an example may make, or is
/// more than a megabyte long. [`StringMatching::new`] returns these as a
/// [`PatternError`] instead.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let emails = generate::string_matching(r"[a-z]{1,8}@[a-z]{1,8}\.(com|org)");
/// for email in emails.sample(50, 1) {
///     let (user, domain) = email.split_once('@').unwrap();
///     assert!(!user.is_empty() && (domain.ends_with(".com") || domain.ends_with(".org")));
/// }
/// ```
#[track_caller]
pub fn string_matching(pattern: &str) -> StringMatching {
    match StringMatching::new(pattern) {
        Ok(generator) => generator,
        Err(error) => panic!("generate::string_matching: {error}"),
    }
}

impl StringMatching {
    /// The generator of strings that `pattern` matches as a whole, as
    /// [`string_matching`] describes, or why there is none. For a pattern
    /// that is not written into the test, such as one read from a file.
    ///
    /// ```
    /// use quickcheck::generate::StringMatching;
    /// assert!(StringMatching::new("[0-9]+").is_ok());
    /// let error = StringMatching::new("[0-9").unwrap_err();
    /// assert!(error.to_string().contains("does not parse"));
    /// ```
    pub fn new(pattern: &str) -> Result<StringMatching, PatternError> {
        let error = |problem| PatternError { pattern: pattern.to_string(), problem };
        let hir =
            regex_syntax::Parser::new().parse(pattern).map_err(|syntax| error(Problem::Syntax(Box::new(syntax))))?;
        let Some(root) = Part::from_hir(&hir, Edges { start: true, end: true }).map_err(error)? else {
            return Err(error(Problem::MatchesNothing));
        };
        let least = root.least_cost();
        if least.choices > MAX_CHOICES as u64 {
            return Err(error(Problem::TooManyChoices(least.choices)));
        }
        if least.characters > MAX_SHORTEST_MATCH {
            return Err(error(Problem::TooLong(least.characters)));
        }
        Ok(StringMatching { root })
    }
}

impl Generator for StringMatching {
    type Value = String;

    fn generate(&self, source: &mut ChoiceSource) -> String {
        let mut text = String::new();
        self.root.write(source, &mut text);
        text
    }

    fn label(&self) -> &'static str {
        "string_matching"
    }
}

/// Why a pattern gives no [`StringMatching`] generator, from
/// [`StringMatching::new`]. Its message names the pattern, what is wrong
/// with it and what to write instead.
#[derive(Debug)]
pub struct PatternError {
    pattern: String,
    problem: Problem,
}

#[derive(Debug)]
enum Problem {
    /// `regex-syntax` could not parse the pattern.
    Syntax(Box<regex_syntax::Error>),
    /// Every way through the pattern meets an empty class.
    MatchesNothing,
    /// An assertion the generator cannot honour.
    Assertion(Look),
    /// A shortest match that takes more choices than an example may make.
    TooManyChoices(u64),
    /// A shortest match longer than [`MAX_SHORTEST_MATCH`].
    TooLong(u64),
}

impl fmt::Display for PatternError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pattern = &self.pattern;
        match &self.problem {
            Problem::Syntax(syntax) => write!(
                formatter,
                "the pattern `{pattern}` does not parse as a regular expression (the `regex` crate's syntax):\n{syntax}"
            ),
            Problem::MatchesNothing => write!(
                formatter,
                "the pattern `{pattern}` matches no string at all (it holds a class with no characters, such as \
                 `[^\\s\\S]`, on every way through it), so there is nothing to draw; give the class a character"
            ),
            Problem::Assertion(look) => write!(
                formatter,
                "the pattern `{pattern}` holds {}, an assertion this generator cannot honour: it draws the parts \
                 in turn without looking at what surrounds them, and matches each drawn string whole, so only `^` \
                 or `\\A` at the pattern's start and `$` or `\\z` at its end are accepted; remove it, or draw the \
                 parts on either side of it separately and join them",
                assertion_name(*look)
            ),
            Problem::TooManyChoices(choices) => write!(
                formatter,
                "the pattern `{pattern}` takes at least {choices} choices to draw even its shortest match (each \
                 character of a class, branch of an alternation and length of a repetition is one), more than \
                 the {MAX_CHOICES} an example may make; lower its repetitions' minimums"
            ),
            Problem::TooLong(characters) => write!(
                formatter,
                "the pattern `{pattern}` has no match shorter than {characters} characters, so every example \
                 would build a string that long, past the {MAX_SHORTEST_MATCH} a pattern may ask for; lower its \
                 repetitions' minimums"
            ),
        }
    }
}

impl std::error::Error for PatternError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            Problem::Syntax(syntax) => Some(&**syntax),
            _ => None,
        }
    }
}

/// How an assertion is written, for an error that names it.
fn assertion_name(look: Look) -> &'static str {
    match look {
        Look::Start => "`\\A` or `^` away from the pattern's start",
        Look::End => "`\\z` or `$` away from the pattern's end",
        Look::StartLF | Look::StartCRLF => "a line start `(?m)^` away from the pattern's start",
        Look::EndLF | Look::EndCRLF => "a line end `(?m)$` away from the pattern's end",
        Look::WordAscii | Look::WordUnicode => "a word boundary `\\b`",
        Look::WordAsciiNegate | Look::WordUnicodeNegate => "a non-boundary `\\B`",
        _ => "a word-boundary assertion (`\\<`, `\\>` or `\\b{..}`)",
    }
}

/// Whether the part being translated sits at the start or the end of the
/// whole pattern, where a `^` or a `$` always holds.
#[derive(Clone, Copy)]
struct Edges {
    start: bool,
    end: bool,
}

/// One part of a pattern, as it draws.
#[derive(Clone, Debug)]
enum Part {
    /// Fixed text, drawn without a choice (also the empty string).
    Literal(Box<str>),
    /// One character of a class.
    Class(CharacterClass),
    /// Parts one after another.
    Sequence(Box<[Part]>),
    /// One of several parts, picked by a choice.
    Alternation(Box<[Part]>),
    /// A part repeated, as many times as a collection's length.
    Repetition { part: Box<Part>, lengths: Lengths },
}

impl Part {
    /// The part `hir` draws, or `None` where it matches no string.
    fn from_hir(hir: &Hir, edges: Edges) -> Result<Option<Part>, Problem> {
        Ok(Some(match hir.kind() {
            HirKind::Empty => Part::Literal("".into()),
            HirKind::Literal(hir::Literal(bytes)) => {
                // The parser refuses what could match invalid UTF-8.
                Part::Literal(std::str::from_utf8(bytes).expect("regex-syntax checks literals are UTF-8").into())
            }
            HirKind::Class(class) => match CharacterClass::new(class) {
                Some(class) => Part::Class(class),
                None => return Ok(None),
            },
            HirKind::Look(look) => {
                if !(is_start(*look) && edges.start || is_end(*look) && edges.end) {
                    return Err(Problem::Assertion(*look));
                }
                Part::Literal("".into())
            }
            HirKind::Capture(capture) => return Part::from_hir(&capture.sub, edges),
            HirKind::Concat(parts) => {
                let mut sequence = Vec::with_capacity(parts.len());
                for (index, part) in parts.iter().enumerate() {
                    // A part is at an edge when only anchors lie between it
                    // and that edge, as in `^^a` or `a$$`.
                    let edges = Edges {
                        start: edges.start && parts[..index].iter().all(is_anchor),
                        end: edges.end && parts[index + 1..].iter().all(is_anchor),
                    };
                    match Part::from_hir(part, edges)? {
                        Some(part) => sequence.push(part),
                        None => return Ok(None),
                    }
                }
                sequence.retain(|part| !matches!(part, Part::Literal(text) if text.is_empty()));
                match sequence.len() {
                    0 => Part::Literal("".into()),
                    1 => sequence.pop().expect("one part"),
                    _ => Part::Sequence(sequence.into()),
                }
            }
            HirKind::Alternation(branches) => {
                let mut drawable = Vec::with_capacity(branches.len());
                for branch in branches {
                    drawable.extend(Part::from_hir(branch, edges)?);
                }
                match drawable.len() {
                    0 => return Ok(None),
                    1 => drawable.pop().expect("one branch"),
                    _ => Part::Alternation(drawable.into()),
                }
            }
            HirKind::Repetition(repetition) => {
                let minimum = repetition.min;
                // An anchor inside holds on one pass at most: on the only
                // one of an optional part (`(^a)?`) at an edge.
                let once = repetition.max.is_some_and(|maximum| maximum <= 1);
                let edges = Edges { start: edges.start && once, end: edges.end && once };
                match Part::from_hir(&repetition.sub, edges)? {
                    // No repetition of a part that matches nothing but none.
                    None => return Ok((minimum == 0).then(|| Part::Literal("".into()))),
                    // However often it is repeated, nothing is nothing.
                    Some(Part::Literal(text)) if text.is_empty() => Part::Literal(text),
                    Some(part) => {
                        let lengths = match repetition.max {
                            Some(maximum) => Lengths::within(minimum as usize..=maximum as usize, "repetition"),
                            None => Lengths::within(minimum as usize.., "repetition"),
                        };
                        Part::Repetition { part: Box::new(part), lengths }
                    }
                }
            }
        }))
    }

    /// Draws this part's text onto the end of `text`.
    fn write(&self, source: &mut ChoiceSource, text: &mut String) {
        match self {
            Part::Literal(literal) => text.push_str(literal),
            Part::Class(class) => text.push(class.draw(source)),
            Part::Sequence(parts) => {
                for part in parts {
                    part.write(source, text);
                }
            }
            Part::Alternation(branches) => {
                // A span of its own, so that the shrinker can move to an
                // earlier branch and draw that branch afresh.
                source.open_span("alternation");
                let last = branches.len() as u64 - 1;
                let branch = source.choose_alternative(last, |random| random.up_to(last));
                branches[branch as usize].write(source, text);
                source.close_span();
            }
            Part::Repetition { part, lengths } => lengths.draw_each(source, |source, _| part.write(source, text)),
        }
    }

    /// The least a draw of this part takes: the choices and characters of
    /// its shortest match, or less (an alternation counts its fewest
    /// choices and its fewest characters, which two branches may have).
    fn least_cost(&self) -> Cost {
        match self {
            Part::Literal(literal) => Cost { choices: 0, characters: literal.chars().count() as u64 },
            Part::Class(class) => Cost { choices: u64::from(class.count > 1), characters: 1 },
            Part::Sequence(parts) => parts.iter().map(Part::least_cost).fold(Cost::NOTHING, |total, part| Cost {
                choices: total.choices.saturating_add(part.choices),
                characters: total.characters.saturating_add(part.characters),
            }),
            Part::Alternation(branches) => {
                let costs = || branches.iter().map(Part::least_cost);
                Cost {
                    choices: 1 + costs().map(|cost| cost.choices).min().unwrap_or(0),
                    characters: costs().map(|cost| cost.characters).min().unwrap_or(0),
                }
            }
            Part::Repetition { part, lengths } => {
                let (part, minimum) = (part.least_cost(), lengths.min as u64);
                // Past the minimum, one more choice ends the repetition.
                Cost {
                    choices: minimum.saturating_mul(part.choices).saturating_add(1),
                    characters: minimum.saturating_mul(part.characters),
                }
            }
        }
    }
}

/// What a draw takes: choices, and characters of text.
#[derive(Clone, Copy, Debug)]
struct Cost {
    choices: u64,
    characters: u64,
}

impl Cost {
    const NOTHING: Cost = Cost { choices: 0, characters: 0 };
}

/// Whether `hir` is anchors alone (in groups, or none), which may stand at
/// an edge of the pattern before the part that is at it: `^`, `(^)`,
/// `(?:^$)`, `()`.
fn is_anchor(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Empty => true,
        HirKind::Capture(capture) => is_anchor(&capture.sub),
        HirKind::Concat(parts) => parts.iter().all(is_anchor),
        HirKind::Look(look) => is_start(*look) || is_end(*look),
        _ => false,
    }
}

/// Whether `look` holds at the start of the text: `^`, `\A`, `(?m)^`.
fn is_start(look: Look) -> bool {
    matches!(look, Look::Start | Look::StartLF | Look::StartCRLF)
}

/// Whether `look` holds at the end of the text: `$`, `\z`, `(?m)$`.
fn is_end(look: Look) -> bool {
    matches!(look, Look::End | Look::EndLF | Look::EndCRLF)
}

/// The characters of a class, numbered in the shrink order of characters
/// (see [`char_index`]), so that a choice of 0 is its simplest character.
#[derive(Clone, Debug)]
struct CharacterClass {
    /// Disjoint runs of consecutive character indexes, in increasing order.
    runs: Box<[Run]>,
    /// How many characters the class holds.
    count: u32,
    /// How many of them are ASCII: the first ones, as ASCII characters
    /// are the first 128 of the shrink order.
    ascii: u32,
}

/// Consecutive character indexes `first..=last`, preceded in the class by
/// `before` characters.
#[derive(Clone, Copy, Debug)]
struct Run {
    first: u32,
    last: u32,
    before: u32,
}

impl CharacterClass {
    /// The class's characters, or `None` if it has none.
    fn new(class: &Class) -> Option<CharacterClass> {
        let ranges: Vec<(u32, u32)> = match class {
            Class::Unicode(unicode) => {
                unicode.ranges().iter().map(|range| (ordinal(range.start()), ordinal(range.end()))).collect()
            }
            // Without Unicode, the parser allows only ASCII classes
            // (anything wider could match invalid UTF-8).
            Class::Bytes(bytes) => {
                bytes.ranges().iter().map(|range| (u32::from(range.start()), u32::from(range.end()))).collect()
            }
        };
        // The order of characters runs '0'..='Z' up, then '/' down to NUL,
        // then '[' up: each range of ordinals is cut at those seams, and
        // each piece is a run of indexes.
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for (low, high) in ranges {
            let mut piece = |from: u32, to: u32| {
                let (from, to) = (low.max(from), high.min(to));
                if from <= to {
                    let (a, b) = (char_index(from_ordinal(from)), char_index(from_ordinal(to)));
                    runs.push((a.min(b), a.max(b)));
                }
            };
            piece(48, 90);
            piece(0, 47);
            piece(91, SCALARS - 1);
        }
        runs.sort_unstable();
        let mut merged: Vec<Run> = Vec::with_capacity(runs.len());
        let mut count = 0;
        for (first, last) in runs {
            match merged.last_mut() {
                Some(previous) if first <= previous.last + 1 => {
                    count += last.saturating_sub(previous.last);
                    previous.last = previous.last.max(last);
                }
                _ => {
                    merged.push(Run { first, last, before: count });
                    count += last - first + 1;
                }
            }
        }
        let ascii = merged.iter().map(|run| (run.last.min(127) + 1).saturating_sub(run.first)).sum();
        (count > 0).then(|| CharacterClass { runs: merged.into(), count, ascii })
    }

    /// The position in the class of the character at `index` of the
    /// shrink order, if the class holds it.
    fn position(&self, index: u32) -> Option<u32> {
        let after = self.runs.partition_point(|run| run.first <= index);
        let run = self.runs[..after].last()?;
        (index <= run.last).then(|| run.before + (index - run.first))
    }

    /// The character at `position` in the class.
    fn character(&self, position: u32) -> char {
        let after = self.runs.partition_point(|run| run.before <= position);
        let run = self.runs[after - 1];
        char_at(run.first + (position - run.before))
    }

    /// Draws one character, as [`string_matching`] describes. A class of
    /// one character draws it without a choice.
    fn draw(&self, source: &mut ChoiceSource) -> char {
        if self.count == 1 {
            return self.character(0);
        }
        let last = u64::from(self.count - 1);
        let position = source.choose(last, |random| {
            forcing_ends(random, last, |random| {
                if self.ascii == self.count {
                    return random.up_to(last);
                }
                match self.position(char_index(sample_character(random))) {
                    Some(position) => u64::from(position),
                    None if self.ascii > 0 && random.next_u64() & 1 == 0 => random.up_to(u64::from(self.ascii - 1)),
                    None => random.up_to(last),
                }
            })
        });
        self.character(position as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(pattern: &str) -> CharacterClass {
        match regex_syntax::Parser::new().parse(pattern).unwrap().kind() {
            HirKind::Class(class) => CharacterClass::new(class).unwrap(),
            other => panic!("{pattern} is no class: {other:?}"),
        }
    }

    #[test]
    fn a_class_numbers_its_characters_in_the_shrink_order() {
        let letters = class("[a-z]");
        assert_eq!(letters.count, 26);
        assert_eq!((letters.character(0), letters.character(25)), ('a', 'z'));
        // Cut at every seam of the order: digits and capitals, then the
        // characters below '0' downwards, then the rest upwards.
        let printable = class("[ -~]");
        assert_eq!(printable.count, 95);
        let order: String = (0..95).map(|position| printable.character(position)).collect();
        assert!(order.starts_with("0123456789:;<=>?@ABC"), "{order}");
        assert!(order.contains("Z/.-,+*)('&%$#\"! [\\]^_`abc"), "{order}");
        assert!(order.ends_with("xyz{|}~"), "{order}");
        for position in 0..95 {
            assert_eq!(printable.position(char_index(printable.character(position))), Some(position));
        }
        assert_eq!(printable.position(char_index('é')), None);
        assert_eq!(printable.ascii, 95);
        assert_eq!(class(r"\d").ascii, 10);
        assert_eq!(class("[α-ω]").ascii, 0);
        let everything = class("(?s).");
        assert_eq!(everything.count, SCALARS);
        assert_eq!(everything.character(0), '0');
        assert_eq!(everything.character(SCALARS - 1), '\u{10FFFF}');
    }

    #[test]
    fn overlapping_ranges_count_once() {
        // regex-syntax merges a class's own ranges; the seams of the order
        // can still make adjacent runs, which merge here.
        let around_the_seam = class("[.-Z]");
        assert_eq!(around_the_seam.count, u32::from(b'Z' - b'.') + 1);
        assert_eq!(around_the_seam.runs.len(), 1);
    }
}
