//! Booleans, characters and strings.

use crate::engine::random::{Chance, Draws, Random};
use crate::engine::source::ChoiceSource;
use crate::generate::Generator;
use crate::generate::collection::{Collection, Lengths};
use rand_xoshiro::rand_core::Rng;

/// A generator of booleans, from [`boolean`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Boolean;

/// `true` or `false`, each half the time. Shrinks to `false`.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let coins = generate::boolean().sample(100, 1);
/// let heads = coins.iter().filter(|&&coin| coin).count();
/// assert!((30..=70).contains(&heads));
/// ```
pub fn boolean() -> Boolean {
    Boolean
}

impl Generator for Boolean {
    type Value = bool;

    fn generate(&self, source: &mut ChoiceSource) -> bool {
        source.boolean(Chance::new(0.5))
    }

    fn label(&self) -> &'static str {
        "boolean"
    }
}

/// The number of Unicode scalar values: every code point but the surrogates.
pub(crate) const SCALARS: u32 = 0x11_0000 - 0x800;

/// A code point's position when surrogates are skipped.
pub(crate) fn ordinal(c: char) -> u32 {
    let code = u32::from(c);
    if code < 0xD800 { code } else { code - 0x800 }
}

pub(crate) fn from_ordinal(ordinal: u32) -> char {
    let code = if ordinal < 0xD800 { ordinal } else { ordinal + 0x800 };
    char::from_u32(code).expect("ordinals below SCALARS are scalar values")
}

/// The shrink order of characters: digits and capitals first ('0' to 'Z'),
/// then the characters below '0' downwards (punctuation, space, controls),
/// then everything above 'Z' upwards, so a letter shrinks to a capital or a
/// digit and a string to something like "000".
pub(crate) fn char_index(c: char) -> u32 {
    let ordinal = ordinal(c);
    match ordinal {
        48..=90 => ordinal - 48,
        0..=47 => 43 + (47 - ordinal),
        _ => ordinal,
    }
}

pub(crate) fn char_at(index: u32) -> char {
    from_ordinal(match index {
        0..=42 => index + 48,
        43..=90 => 47 - (index - 43),
        _ => index,
    })
}

/// A generator of characters, from [`character`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct Character;

/// Any Unicode scalar value, biased towards printable ASCII. Of sixteen
/// draws, twelve are printable ASCII; one is an ASCII control character
/// (line ends, tab and NUL among them, each as likely as the others); two
/// are anywhere in the Basic Multilingual Plane and one is anywhere at
/// all. Nothing is forced for being known to break text handling: a
/// property that must meet a line end adds it, with
/// [`frequency`](crate::generate::frequency) over
/// [`char_between`](crate::generate::char_between) or
/// [`elements`](crate::generate::elements). Shrinks towards '0'.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let characters = generate::character().sample(1000, 1);
/// assert!(characters.iter().any(|c| c.is_ascii_control()));
/// assert!(characters.iter().any(|c| c.len_utf8() == 4));
/// ```
pub fn character() -> Character {
    Character
}

impl Generator for Character {
    type Value = char;

    fn generate(&self, source: &mut ChoiceSource) -> char {
        let index = source.choose(u64::from(SCALARS - 1), |random| u64::from(char_index(sample_character(random))));
        char_at(index as u32)
    }

    fn label(&self) -> &'static str {
        "character"
    }
}

/// A character drawn as [`character`] describes: the draw that the
/// classes of `string_matching` (feature `regex`) start from too.
#[inline]
pub(crate) fn sample_character(random: &mut Random) -> char {
    // One word picks the kind of character by its top four bits and, for
    // the common kinds, the character by its low 32: a string's draw of
    // printable ASCII takes one word a character.
    let word = random.next_u64();
    let low = word & u64::from(u32::MAX);
    let ordinal = match word >> 60 {
        0..=11 => 32 + ((low * 95) >> 32) as u32,
        // 0 to 31 and 127, DEL.
        12 => match ((low * 33) >> 32) as u32 {
            32 => 127,
            control => control,
        },
        13 | 14 => random.up_to(u64::from(ordinal('\u{FFFF}'))) as u32,
        _ => random.up_to(u64::from(SCALARS - 1)) as u32,
    };
    from_ordinal(ordinal)
}

/// A draw in `0..=last` of a run of characters: one of its ends about one
/// draw in sixteen (each equally likely), and `otherwise`'s the rest of
/// the time.
#[inline]
pub(crate) fn forcing_ends(random: &mut Random, last: u64, otherwise: impl FnOnce(&mut Random) -> u64) -> u64 {
    match random.up_to(31) {
        0 => 0,
        1 => last,
        _ => otherwise(random),
    }
}

/// A generator of characters in a range, from [`char_between`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a generator does nothing until something draws from it"]
pub struct CharBetween {
    low: u32,
    size: u32,
}

/// Any character in `low..=high` (surrogates are not characters and are
/// skipped), uniformly, with the bounds forced about one draw in sixteen.
/// Shrinks towards `low`.
///
/// # Panics
///
/// At the call, if `low > high`.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let word = generate::string_of(generate::char_between('a', 'z')).length(3..=8);
/// assert!(word.sample(20, 1).iter().all(|w| w.chars().all(|c| c.is_ascii_lowercase())));
/// ```
#[track_caller]
pub fn char_between(low: char, high: char) -> CharBetween {
    crate::generate::assert_increasing("char_between", &low, &high, "greater than");
    CharBetween { low: ordinal(low), size: ordinal(high) - ordinal(low) }
}

impl Generator for CharBetween {
    type Value = char;

    fn generate(&self, source: &mut ChoiceSource) -> char {
        let size = u64::from(self.size);
        let offset = source.choose(size, |random| forcing_ends(random, size, |random| random.up_to(size)));
        from_ordinal(self.low + offset as u32)
    }

    fn label(&self) -> &'static str {
        "character"
    }
}

/// Any `String` of [`character`]s, 0 to 64 long by default; see
/// [`Collection`] for lengths. Shrinks towards `""`.
///
/// Its characters are mostly printable ASCII, each as likely as the next,
/// so a space comes about once in a hundred characters. For code that
/// splits on spaces or other separators, draw from the alphabet that
/// matters with [`string_of`]:
///
/// ```
/// use quickcheck::{Generator, generate};
/// let letters_or_spaces = generate::frequency(((4, generate::char_between('a', 'c')), (1, generate::constant(' '))));
/// let texts = generate::string_of(letters_or_spaces).sample(200, 1);
/// assert!(texts.iter().any(|text| text.contains("  ")));
/// ```
///
/// A string's length counts `char`s, not bytes: about three characters in
/// sixteen lie outside ASCII, so `string().max_length(8)` can make a
/// string of 8 characters and up to 32 bytes. Bound `s.len()` with
/// [`string_of`] an ASCII alphabet, or with a filter, where bytes matter.
///
/// ```
/// use quickcheck::{Generator, generate};
/// let strings = generate::string().max_length(8).sample(200, 1);
/// assert!(strings.iter().all(|s| s.chars().count() <= 8));
/// assert!(strings.iter().any(|s| s.len() > 8));
/// ```
pub fn string() -> Collection<Character, String> {
    string_of(character())
}

/// A `String` of characters drawn from `characters`, such as an alphabet
/// from [`char_between`] or [`elements`](crate::generate::elements). Its
/// length counts characters, as for [`string`].
///
/// ```
/// use quickcheck::{Generator, generate};
/// let hex = generate::string_of(generate::elements("0123456789abcdef".chars())).length(1..=8);
/// assert!(hex.sample(20, 1).iter().all(|s| (1..=8).contains(&s.len()) && s.chars().all(|c| c.is_ascii_hexdigit())));
/// ```
pub fn string_of<G: Generator<Value = char>>(characters: G) -> Collection<G, String> {
    Collection::new(characters, Lengths::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn char_order_round_trips_and_starts_with_digits() {
        for c in ['0', '9', 'A', 'Z', '/', ' ', '\0', 'a', '\u{D7FF}', '\u{E000}', '\u{10FFFF}'] {
            assert_eq!(char_at(char_index(c)), c);
        }
        assert_eq!(char_at(0), '0');
        assert_eq!(char_at(43), '/');
        assert_eq!(char_index('\u{10FFFF}'), SCALARS - 1);
    }
}
