//! `generate::string_matching`: strings a regular expression matches, with
//! the `regex` feature. The `regex` crate is the oracle: every drawn string
//! must be one it matches whole.
#![cfg(feature = "regex")]

use std::collections::BTreeMap;

use quickcheck::generate::StringMatching;
use quickcheck::{Generator, Options, Property, generate};
use regex::Regex;

/// Patterns of every kind of part: literals, classes (Unicode, negated,
/// case-insensitive, without Unicode), alternations, repetitions of every
/// form, groups, anchors at the edges and flags.
const PATTERNS: &[&str] = &[
    "",
    "abc",
    "[a-z]",
    "[a-z0-9_]{3,12}",
    r"\d{3}-\d{4}",
    r"\w+@\w+\.(com|org|net)",
    ".*",
    "(?s).{2,5}",
    "[^a-z]+",
    r"(?i)hello",
    r"(?-u:\w)+",
    r"\s*x\s*",
    "(ab|cd)*e?f+",
    "(a|b(c|d{2}))+",
    "^[0-9]+$",
    r"(?m)^\A^abc$\z$",
    "x{0}y{1}z{2,}",
    "[α-ω]{1,3}",
    r"\p{Greek}\P{L}",
    "a|[^\\s\\S]",
];

/// Each pattern, anchored at both ends, as the oracle checks it.
fn whole(pattern: &str) -> Regex {
    Regex::new(&format!("^(?:{pattern})$")).unwrap()
}

#[test]
fn every_drawn_string_matches_its_pattern_whole() {
    for pattern in PATTERNS {
        let oracle = whole(pattern);
        let result = Property::for_all(generate::string_matching(pattern), move |text| oracle.is_match(&text))
            .check(Options::default().seed(3).runs(300));
        assert!(result.is_passed(), "{pattern:?}: {result}");
    }
}

/// The engine checks the generator over patterns it draws itself: a
/// sequence of classes, literals and alternations, each repeated.
#[test]
fn drawn_patterns_draw_strings_they_match() {
    let piece = generate::elements(["[a-c]", "x", "(y|zz)", r"\d", "[^a]", "(?i:q)"]);
    let repeat = generate::elements(["", "?", "*", "+", "{2}", "{1,3}"]);
    let pattern = generate::vec((piece, repeat))
        .max_length(6)
        .map(|parts| parts.into_iter().map(|(piece, repeat)| format!("{piece}{repeat}")).collect::<String>());
    let drawn =
        pattern.flat_map(|pattern| generate::string_matching(&pattern).map(move |text| (pattern.clone(), text)));
    let result = Property::for_all(drawn, |(pattern, text)| whole(&pattern).is_match(&text))
        .check(Options::default().seed(5).runs(500));
    assert!(result.is_passed(), "{result}");
}

/// The minimal failing string of `pattern` for `property`, on a few seeds:
/// every seed must find a failure and shrink it to the same string.
fn minimal(pattern: &str, property: impl Fn(&str) -> bool + Clone + Send + Sync + 'static) -> String {
    let mut minimal = None;
    for seed in 0..5 {
        let property = property.clone();
        let result = Property::for_all(generate::string_matching(pattern), move |text| property(&text))
            .check(Options::default().seed(seed));
        let found = result.minimal().unwrap_or_else(|| panic!("{pattern:?}, seed {seed}: {result}")).value().clone();
        match &minimal {
            None => minimal = Some(found),
            Some(earlier) => assert_eq!(&found, earlier, "{pattern:?}, seed {seed}"),
        }
    }
    minimal.unwrap()
}

#[test]
fn repetitions_shrink_to_their_fewest_parts_of_the_simplest_characters() {
    assert_eq!(minimal("[a-z]+", |text| text.len() < 5), "aaaaa");
    assert_eq!(minimal("[a-z]*", |text| !text.contains('q')), "q");
    assert_eq!(minimal(r"[0-9]{3}-[0-9]{4}", |text| !text.starts_with('7')), "700-0000");
    assert_eq!(minimal(".+", |text| !text.chars().any(char::is_lowercase)), "a");
    // Twelve characters either way; ending the first repetition at once
    // is the simpler choice, so the domain takes the letters.
    assert_eq!(minimal(r"[a-z]{1,8}@[a-z]{1,8}\.(com|org)", |text| text.len() < 12), "a@aaaaaa.com");
}

#[test]
fn alternations_shrink_to_their_first_branch_that_still_fails() {
    assert_eq!(minimal("(cat|dog|bird)", |_| false), "cat");
    assert_eq!(minimal("(foo|bar)+", |text| !text.contains("bar")), "bar");
    assert_eq!(minimal("(x|y[0-9])+", |text| !text.contains('5')), "y5");
}

#[test]
fn classes_shrink_to_their_simplest_character() {
    // Digits and capitals come first in the order of characters, then the
    // characters below '0' downwards, then the rest upwards.
    assert_eq!(minimal(".", |_| false), "0");
    assert_eq!(minimal(r"\s", |_| false), " ");
    assert_eq!(minimal("[a-z!]", |_| false), "!");
    assert_eq!(minimal("[^0-9A-Z]", |_| false), ":");
    assert_eq!(minimal("[^0-Z]", |_| false), "/");
    assert_eq!(minimal("(?i)[x-z]", |_| false), "X");
}

/// How often each string of `pattern` is drawn, in 4000 draws.
fn counts(pattern: &str) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for text in generate::string_matching(pattern).sample(4000, 11) {
        *counts.entry(text).or_insert(0) += 1;
    }
    counts
}

#[test]
fn a_small_class_draws_every_character_about_evenly() {
    let letters = counts("[a-z]");
    assert_eq!(letters.len(), 26);
    // Evenly is about 154 each; the first and last are forced as well.
    assert!(letters.values().all(|&count| (90..=300).contains(&count)), "{letters:?}");
}

#[test]
fn a_large_class_leans_to_printable_ascii_and_reaches_beyond() {
    let characters = generate::string_matching(".").sample(4000, 12);
    let printable = characters.iter().filter(|text| text.chars().all(|c| c.is_ascii_graphic() || c == ' ')).count();
    let beyond_the_first_plane = characters.iter().filter(|text| text.chars().any(|c| c > '\u{FFFF}')).count();
    assert!((2_200..3_200).contains(&printable), "{printable} printable");
    assert!(beyond_the_first_plane > 100, "{beyond_the_first_plane} beyond the first plane");
    assert!(characters.iter().all(|text| text != "\n"), "`.` drew a line end without (?s)");
}

#[test]
fn a_class_beyond_ascii_draws_its_ascii_characters_about_half_the_time() {
    let digits = generate::string_matching(r"\d").sample(4000, 14);
    let ascii = digits.iter().filter(|digit| digit.is_ascii()).count();
    assert!((1_900..2_700).contains(&ascii), "{ascii} ASCII digits");
    let greek = generate::string_matching(r"\p{Greek}").sample(500, 15);
    assert!(greek.iter().all(|letter| !letter.is_ascii()));
}

#[test]
fn alternations_draw_each_branch_about_evenly() {
    let branches = counts("cat|dog|bird");
    assert_eq!(branches.keys().collect::<Vec<_>>(), ["bird", "cat", "dog"]);
    assert!(branches.values().all(|&count| (1_150..1_550).contains(&count)), "{branches:?}");
}

#[test]
fn repetitions_take_a_collection_s_lengths() {
    let lengths = |pattern: &str| -> Vec<usize> {
        generate::string_matching(pattern).sample(2000, 13).iter().map(|text| text.len()).collect()
    };
    let star = lengths("x*");
    assert!(star.iter().all(|&length| length <= 64));
    let mean = star.iter().sum::<usize>() as f64 / star.len() as f64;
    assert!((3.0..7.0).contains(&mean), "mean {mean}");
    assert!(lengths("x+").iter().all(|&length| (1..=65).contains(&length)));
    let bounded = lengths("x{2,4}");
    assert!(bounded.iter().all(|&length| (2..=4).contains(&length)));
    assert!((2..=4).all(|length| bounded.contains(&length)));
}

#[test]
fn a_branch_that_matches_nothing_is_never_drawn() {
    let texts = generate::string_matching(r"a|[^\s\S]|b").sample(200, 1);
    assert!(texts.iter().all(|text| text == "a" || text == "b"), "{texts:?}");
    assert_eq!(generate::string_matching(r"([^\s\S])*c").sample(20, 1), vec!["c"; 20]);
}

fn error(pattern: &str) -> String {
    StringMatching::new(pattern).unwrap_err().to_string()
}

#[test]
fn a_pattern_that_does_not_parse_is_an_error_that_shows_where() {
    let message = error("[a-z");
    assert!(message.starts_with("the pattern `[a-z` does not parse as a regular expression"), "{message}");
    assert!(message.contains("unclosed character class"), "{message}");
    let message = error("a{3,1}");
    assert!(message.contains("does not parse"), "{message}");
}

#[test]
fn assertions_other_than_edge_anchors_are_errors_that_say_what_to_do() {
    let message = error(r"\bword\b");
    assert!(message.contains("holds a word boundary `\\b`"), "{message}");
    assert!(message.contains("only `^` or `\\A` at the pattern's start and `$` or `\\z` at its end"), "{message}");
    assert!(error("a^b").contains("`\\A` or `^` away from the pattern's start"));
    assert!(error("a$b").contains("`\\z` or `$` away from the pattern's end"));
    assert!(error("(?m)a^b").contains("a line start `(?m)^`"));
    assert!(error("(^a)+").contains("away from the pattern's start"));
    // At the edges, anchors hold whatever is drawn: in groups, in an
    // optional part and beside empty groups too.
    for pattern in ["^a$", "^^a$$", r"\Aa\z", "(^a|b$)", "(?m)^a$", "(^a)?b", "(^)(^)a", "(a$)()"] {
        assert!(StringMatching::new(pattern).is_ok(), "{pattern}");
    }
}

#[test]
fn a_pattern_that_matches_nothing_is_an_error() {
    let message = error(r"[^\s\S]");
    assert!(message.contains("matches no string at all"), "{message}");
    assert!(error(r"a[^\s\S]").contains("matches no string at all"));
    assert!(error(r"([^\s\S])+").contains("matches no string at all"));
}

#[test]
fn a_shortest_match_past_the_choice_limit_is_an_error() {
    // 8192 characters and the choice that ends the repetition.
    let message = error("[a-z]{8192}");
    assert!(message.contains("takes at least 8193 choices to draw even its shortest match"), "{message}");
    assert!(message.contains("lower its repetitions' minimums"), "{message}");
    assert!(error("(.{100}){100}").contains("at least 10101 choices"));
    assert!(error("[ab]{5000}[ab]{5000}").contains("at least 10002 choices"));
    // A literal takes no choice, however often it is repeated; an
    // optional part may be left out.
    assert_eq!(generate::string_matching("a{9000}").sample(1, 1)[0].len(), 9000);
    let optional = generate::string_matching("(a{9000})?|b").sample(20, 1);
    assert!(optional.iter().any(|text| text.len() == 9000) && optional.iter().any(|text| text == "b"));
}

#[test]
fn a_shortest_match_past_a_megabyte_is_an_error() {
    let message = error("(a{8000}){8000}");
    assert!(message.contains("has no match shorter than 64000000 characters"), "{message}");
    // Nothing repeated is nothing, however often.
    assert_eq!(generate::string_matching("(a{0}){4000000000}b").sample(3, 1), ["b"; 3]);
}

#[test]
#[should_panic(expected = "generate::string_matching: the pattern `(` does not parse")]
fn string_matching_panics_with_the_error_at_the_call() {
    let _ = generate::string_matching("(");
}

/// The generator in a `#[generator]` attribute, as a user writes it.
#[quickcheck::property(runs = 100)]
fn a_drawn_string_can_be_given_to_the_macro(
    #[generator(generate::string_matching("[a-z_][a-z0-9_]{0,15}"))] name: String,
) {
    assert!(name.chars().next().is_some_and(|c| c == '_' || c.is_ascii_lowercase()));
    assert!(name.len() <= 16);
}
