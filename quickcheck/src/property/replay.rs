//! Replay tokens: a failing test case written as text.
//!
//! A test case *is* its choice sequence, so a token carries the sequence
//! itself rather than where in a run it came from: whatever found the case —
//! random generation, a mutation of an earlier case, targeted search, the
//! example database — the token replays it alone. The sequence is written as
//! LEB128 bytes (small choices, the usual ones, take one byte) in unpadded
//! URL-safe base64 behind a version tag, so it pastes into a string literal
//! as it is.

use std::fmt;
use std::str::FromStr;

/// The version of the tokens this version of quickcheck writes and reads;
/// bumped if the encoding ever changes. Macros, so that the messages below,
/// which a `const` may panic with, can name it as a literal.
macro_rules! version_name {
    () => {
        "v1"
    };
}

/// The tag in front of every token: the version and a dot.
macro_rules! tag {
    () => {
        concat!(version_name!(), ".")
    };
}

/// The tag in front of every token.
const TAG: &str = tag!();

/// The number in [`TAG`].
const VERSION: u64 = match split_tag(TAG.as_bytes()) {
    Some((version, _)) => version,
    None => panic!("the tag is malformed"),
};

/// What a token should look like, for the messages about one that does
/// not. A macro, so that the message at compile time can contain it.
macro_rules! well_formed {
    () => {
        concat!(
            "expected \"",
            tag!(),
            "\" followed by base64 letters (such as \"",
            tag!(),
            "AAE\"), exactly as printed on the \"Replay with\" line of a failure report"
        )
    };
}

/// What a token of base64 letters that do not read as choices gets told.
macro_rules! cut_short {
    () => {
        concat!(
            "its letters do not read as a whole sequence of choices, so it was cut short or changed; copy it \
             again, whole, from the \"Replay with\" line of the failure report"
        )
    };
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A replay token: the choice sequence of one failing example. Every
/// failure report prints one; [`Options::replay`](crate::Options::replay)
/// reruns exactly that example, and its shrink.
///
/// ```
/// use quickcheck::Replay;
///
/// let token: Replay = "v1.AAE".parse().unwrap();
/// assert_eq!(token.choices(), [0, 1]);
/// assert_eq!(token.to_string(), "v1.AAE");
/// assert!("3468194371:11".parse::<Replay>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Replay {
    choices: Vec<u64>,
}

impl Replay {
    pub(crate) fn new(choices: Vec<u64>) -> Replay {
        Replay { choices }
    }

    /// The example's choice sequence, as the generators drew it.
    pub fn choices(&self) -> &[u64] {
        &self.choices
    }
}

impl fmt::Display for Replay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut bytes = Vec::with_capacity(self.choices.len());
        for &choice in &self.choices {
            let mut rest = choice;
            while rest >= 0x80 {
                bytes.push((rest & 0x7f) as u8 | 0x80);
                rest >>= 7;
            }
            bytes.push(rest as u8);
        }
        f.write_str(TAG)?;
        let mut text = String::with_capacity(bytes.len() * 4 / 3 + 1);
        for chunk in bytes.chunks(3) {
            let word = chunk.iter().enumerate().fold(0u32, |word, (at, &byte)| word | u32::from(byte) << (16 - 8 * at));
            // Three bytes make four characters; a short last chunk fewer.
            for at in 0..=chunk.len() {
                text.push(ALPHABET[(word >> (18 - 6 * at) & 0x3f) as usize] as char);
            }
        }
        f.write_str(&text)
    }
}

/// What follows "a token of another version" in the messages about one.
macro_rules! reads_only {
    () => {
        concat!(
            "this version reads only ",
            version_name!(),
            " tokens. Rerun the failing test with this version (without the token) for a token it reads, or "
        )
    };
}
/// How to go on with a token of a newer version.
macro_rules! newer_advice {
    () => {
        "upgrade quickcheck to the version that printed this one"
    };
}
/// How to go on with a token of an older version, or of a build other
/// than a release.
macro_rules! older_advice {
    () => {
        "replay it with the version of quickcheck that printed it"
    };
}

/// Why a replay token could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayParseError {
    token: String,
    /// The version a token of another version's format names, such as 2
    /// for `"v2.AAE"`.
    other_version: Option<u64>,
    /// Whether the token is this version's tag and base64 letters that do
    /// not read as choices: cut short or changed, rather than no token.
    cut_short: bool,
}

/// How many characters of a token an error quotes: enough to tell which
/// token it was, where a token pasted by mistake may be megabytes long.
const QUOTED_CHARACTERS: usize = 100;

impl fmt::Display for ReplayParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let characters = self.token.chars().count();
        let token = if characters > QUOTED_CHARACTERS {
            let start: String = self.token.chars().take(QUOTED_CHARACTERS).collect();
            format!("{start:?}… ({characters} characters)")
        } else {
            format!("{:?}", self.token)
        };
        let Some(theirs) = self.other_version else {
            if self.cut_short {
                return write!(f, concat!("malformed replay token {}: ", cut_short!()), token);
            }
            return write!(f, concat!("malformed replay token {}: ", well_formed!()), token);
        };
        // A lower version than ours was never released, but may come from
        // a build of quickcheck other than a release.
        let (which, or) = if theirs > VERSION { ("a newer", newer_advice!()) } else { ("another", older_advice!()) };
        write!(
            f,
            concat!(
                "the replay token {token} is in the v{theirs} format of {which} version of quickcheck; ",
                reads_only!(),
                "{or}"
            ),
            token = token,
            theirs = theirs,
            which = which,
            or = or,
        )
    }
}

impl std::error::Error for ReplayParseError {}

impl FromStr for Replay {
    type Err = ReplayParseError;

    fn from_str(token: &str) -> Result<Replay, ReplayParseError> {
        let error = |other_version, cut_short| ReplayParseError { token: token.to_owned(), other_version, cut_short };
        let text = match split_tag(token.trim().as_bytes()) {
            Some((VERSION, text)) => text,
            // Another version's tag says more than "malformed": the token
            // may be whole, only not this version's to read.
            Some((theirs, _)) => return Err(error(Some(theirs), false)),
            None => return Err(error(None, false)),
        };
        let mut reader = Reader::new(text);
        let mut choices = Vec::with_capacity(text.len() * 3 / 4);
        loop {
            match reader.next_choice() {
                Ok(Some(choice)) => choices.push(choice),
                Ok(None) => return Ok(Replay { choices }),
                Err(Malformed::NotALetter) => return Err(error(None, false)),
                Err(Malformed::CutShort) => return Err(error(None, true)),
            }
        }
    }
}

/// Checks that `token` is a replay token this version reads, with the
/// reading [`Replay::from_str`] does, in a `const fn`:
/// `#[property(replay = "...")]` given a literal evaluates it in a
/// `const`, so that a token pasted short, or printed by another version,
/// is an error at the literal as the test compiles. The macro trims the
/// literal first, as `from_str` trims a token: `str::trim` is no `const fn`.
///
/// # Panics
///
/// Saying what is wrong, if the token cannot be read.
pub(crate) const fn check_token(token: &str) {
    let text = match split_tag(token.as_bytes()) {
        Some((VERSION, text)) => text,
        Some((theirs, _)) if theirs > VERSION => panic!(concat!(
            "this replay token is in the format of a newer version of quickcheck; ",
            reads_only!(),
            newer_advice!()
        )),
        Some(_) => panic!(concat!(
            "this replay token is in the format of another version of quickcheck; ",
            reads_only!(),
            older_advice!()
        )),
        None => panic!(concat!("malformed replay token: ", well_formed!())),
    };
    let mut reader = Reader::new(text);
    loop {
        match reader.next_choice() {
            Ok(Some(_)) => {}
            Ok(None) => return,
            Err(Malformed::NotALetter) => panic!(concat!("malformed replay token: ", well_formed!())),
            Err(Malformed::CutShort) => panic!(concat!("malformed replay token: ", cut_short!())),
        }
    }
}

/// The version number a token's tag names, and the text after the tag:
/// `"v2.AAE"` is version 2 followed by `"AAE"`. `None` when the token does
/// not open with a tag: `v`, a number written without a sign or leading
/// zeros, and a dot.
const fn split_tag(token: &[u8]) -> Option<(u64, &[u8])> {
    let [b'v', rest @ ..] = token else {
        return None;
    };
    let (mut version, mut digits) = (0u64, 0);
    while digits < rest.len() && rest[digits].is_ascii_digit() {
        let Some(tens) = version.checked_mul(10) else {
            return None;
        };
        let Some(next) = tens.checked_add((rest[digits] - b'0') as u64) else {
            return None;
        };
        version = next;
        digits += 1;
    }
    let leading_zero = digits > 1 && rest[0] == b'0';
    match rest.split_at(digits) {
        (_, [b'.', text @ ..]) if digits > 0 && !leading_zero => Some((version, text)),
        _ => None,
    }
}

/// How a token's text (what follows its tag) is malformed.
enum Malformed {
    /// It holds a character that is no letter of [`ALPHABET`].
    NotALetter,
    /// Its letters do not read as whole choices: a number or a byte is cut
    /// off, or bits are set that no printer writes.
    CutShort,
}

/// Reads a token's text one choice at a time: base64 letters into bytes,
/// bytes into LEB128 numbers. Made of `const fn`s, so that
/// [`check_token`] can read a token while the code compiles.
struct Reader<'a> {
    text: &'a [u8],
    /// How many letters of `text` have been read.
    read: usize,
    /// Bits read and not yet made into a byte: the low `pending` bits.
    bits: u32,
    pending: u32,
}

impl Reader<'_> {
    const fn new(text: &[u8]) -> Reader<'_> {
        Reader { text, read: 0, bits: 0, pending: 0 }
    }

    /// The next choice; `None` after the last.
    const fn next_choice(&mut self) -> Result<Option<u64>, Malformed> {
        let (mut value, mut shift) = (0u64, 0u32);
        loop {
            let byte = match self.next_byte() {
                Ok(Some(byte)) => byte,
                Ok(None) if shift == 0 => return Ok(None),
                // The text ended inside a number.
                Ok(None) => return Err(Malformed::CutShort),
                Err(malformed) => return Err(malformed),
            };
            let bits = (byte & 0x7f) as u64;
            // Past 64 bits; or a last byte of 0 after others, which adds
            // nothing, and which no printer writes.
            if shift >= 64 || (shift == 63 && bits > 1) || (byte == 0 && shift > 0) {
                return Err(Malformed::CutShort);
            }
            value |= bits << shift;
            if byte & 0x80 == 0 {
                return Ok(Some(value));
            }
            shift += 7;
        }
    }

    /// The next byte; `None` after the last.
    const fn next_byte(&mut self) -> Result<Option<u8>, Malformed> {
        while self.pending < 8 {
            if self.read == self.text.len() {
                // Four letters make three bytes, and a short last group
                // one byte fewer than its letters: a letter alone (6 bits
                // left over) holds no byte. The bits left over are
                // padding, which the printer leaves 0: a token is read
                // only as it was written.
                let padding = self.bits & ((1 << self.pending) - 1);
                return if self.pending < 6 && padding == 0 { Ok(None) } else { Err(Malformed::CutShort) };
            }
            let Some(digit) = digit_of(self.text[self.read]) else {
                return Err(Malformed::NotALetter);
            };
            self.read += 1;
            // At most 7 bits were pending: 13 bits hold them all.
            self.bits = ((self.bits << 6) | digit) & 0x1fff;
            self.pending += 6;
        }
        self.pending -= 8;
        Ok(Some((self.bits >> self.pending) as u8))
    }
}

/// The value of each letter of [`ALPHABET`], by the letter's byte; `NONE`
/// for a byte that is no letter. A table, since a `const` reading a long
/// token looks up every letter: a search of the alphabet for each took a
/// token of the longest examples past the compiler's limit on `const`
/// evaluation.
const DIGITS: [u8; 256] = {
    let mut digits = [NONE; 256];
    let mut digit = 0;
    while digit < ALPHABET.len() {
        digits[ALPHABET[digit] as usize] = digit as u8;
        digit += 1;
    }
    digits
};

/// No letter's value in [`DIGITS`].
const NONE: u8 = u8::MAX;

/// The value of a letter of [`ALPHABET`].
const fn digit_of(letter: u8) -> Option<u32> {
    match DIGITS[letter as usize] {
        NONE => None,
        digit => Some(digit as u32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{self, Generator};
    use crate::{Options, Property};

    /// Whether [`check_token`] accepts `token`, run here as a function.
    fn checked_at_compile_time(token: &str) -> bool {
        std::panic::catch_unwind(|| check_token(token)).is_ok()
    }

    #[test]
    fn the_compile_time_check_accepts_what_parsing_does() {
        // Letters of tokens, of other versions' tags, of neither, and
        // whitespace, which both trim (the attribute trims the literal).
        let letters = generate::elements("v0129.AEQgrw_-*: \t\n\u{b}\u{a0}".chars().collect::<Vec<_>>());
        let texts = generate::string_of(letters).length(0..=12);
        let written = generate::vec(generate::integer::<u64>()).map(|choices| Replay::new(choices).to_string());
        let tokens = generate::one_of((texts, written));
        Property::for_all(tokens, |token: String| {
            checked_at_compile_time(token.trim()) == token.parse::<Replay>().is_ok()
        })
        .assert(Options::default().runs(2000));
    }

    #[test]
    fn every_sequence_reads_back_from_its_token() {
        Property::for_all(generate::vec(generate::integer::<u64>()), |choices: Vec<u64>| {
            let token = Replay::new(choices.clone()).to_string();
            token.parse::<Replay>().is_ok_and(|read| read.choices() == choices) && checked_at_compile_time(&token)
        })
        .assert(Options::default());
    }

    /// A token as long as the longest examples make: 8192 choices of three
    /// bytes each, `2^21 - 1` written `__9_`, letters from the end of the
    /// alphabet. It is checked in a `const` as the attribute checks it: the
    /// compiler stops a `const` that evaluates too long, so a slow reader
    /// fails this build.
    const _: () = {
        let mut token = [b'_'; 3 + 4 * 8192];
        (token[0], token[1], token[2]) = (b'v', b'1', b'.');
        let mut group = 0;
        while group < 8192 {
            token[3 + 4 * group + 2] = b'9';
            group += 1;
        }
        match std::str::from_utf8(&token) {
            Ok(token) => check_token(token),
            Err(_) => panic!("the token is ASCII"),
        }
    };

    #[test]
    fn tokens_read_back_as_the_same_choices() {
        let cases: [&[u64]; 6] = [&[], &[0], &[0, 1], &[127, 128, 300], &[u64::MAX, 0, u64::MAX - 1], &[5; 7]];
        for choices in cases {
            let token = Replay::new(choices.to_vec()).to_string();
            assert_eq!(token.parse::<Replay>().unwrap().choices(), choices, "{token}");
        }
    }

    #[test]
    fn damaged_tokens_are_refused() {
        for token in
            ["", "AAE", "v1.A", "v1.A*E", "v1.gA", "v1._____________w", "v01.AAE", "v02.AAE", "v.AAE", "v+2.AAE"]
                .into_iter()
                // Another way of writing [0] and [0, 1]: padding bits set,
                // and a number with a last byte of 0.
                .chain(["v1.AB", "v1.AAF", "v1.gAA"])
        {
            let error = token.parse::<Replay>().expect_err(&format!("{token:?} was accepted"));
            assert!(error.to_string().starts_with("malformed replay token"), "{token:?}: {error}");
            // Whole base64 letters after the tag, which read as no whole
            // choices, were cut short or changed; anything else is not
            // written as a token at all.
            let cut_short = token.starts_with("v1.") && token[3..].bytes().all(|byte| digit_of(byte).is_some());
            assert_eq!(error.to_string().contains("so it was cut short or changed"), cut_short, "{token:?}: {error}");
        }
    }

    #[test]
    fn a_long_damaged_token_is_quoted_in_part() {
        let token = format!("v1.{}*", "A".repeat(5_000_000));
        let error = token.parse::<Replay>().unwrap_err().to_string();
        let quoted = format!("malformed replay token \"v1.{}\"… (5000004 characters): ", "A".repeat(97));
        assert!(error.starts_with(&quoted), "{}", &error[..200]);
        assert!(error.len() < 1000, "{} bytes", error.len());
        let short = "v1.A*".parse::<Replay>().unwrap_err().to_string();
        assert!(short.starts_with("malformed replay token \"v1.A*\": "), "{short}");
    }

    #[test]
    fn another_versions_token_is_named_as_such() {
        let error = "v2.AA".parse::<Replay>().unwrap_err().to_string();
        assert_eq!(
            error,
            "the replay token \"v2.AA\" is in the v2 format of a newer version of quickcheck; this version reads \
             only v1 tokens. Rerun the failing test with this version (without the token) for a token it reads, or \
             upgrade quickcheck to the version that printed this one"
        );
        let error = "v0.AAE".parse::<Replay>().unwrap_err().to_string();
        assert!(error.starts_with("the replay token \"v0.AAE\" is in the v0 format of another version"), "{error}");
        assert!(error.ends_with("or replay it with the version of quickcheck that printed it"), "{error}");
    }
}
