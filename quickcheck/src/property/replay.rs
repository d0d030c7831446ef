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

/// The tag in front of every token; bumped if the encoding ever changes.
const VERSION: &str = "v1.";

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
        f.write_str(VERSION)?;
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

/// Why a replay token could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayParseError {
    token: String,
    /// The version a token of another version's format names, such as 2
    /// for `"v2.AAE"`.
    other_version: Option<u64>,
}

impl fmt::Display for ReplayParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = &self.token;
        let Some(theirs) = self.other_version else {
            return write!(
                f,
                "malformed replay token {token:?}: expected \"{VERSION}\" followed by base64 letters (such as \
                 \"{VERSION}AAE\"), exactly as printed on the \"Replay with\" line of a failure report"
            );
        };
        let ours = VERSION.trim_end_matches('.');
        // A lower version than ours was never released, but may come from
        // a build of quickcheck other than a release.
        let (which, or) = if theirs > version_number(VERSION).unwrap_or(0) {
            ("a newer", "upgrade quickcheck to the version that printed this one")
        } else {
            ("another", "replay it with the version of quickcheck that printed it")
        };
        write!(
            f,
            "the replay token {token:?} is in the v{theirs} format of {which} version of quickcheck; this version \
             reads only {ours} tokens. Rerun the failing test with this version (without the token) for a token it \
             reads, or {or}"
        )
    }
}

/// The number of a version tag such as `"v2."`, if it is one.
fn version_number(tag: &str) -> Option<u64> {
    let digits = tag.strip_prefix('v')?.strip_suffix('.')?;
    // `parse` alone would take a sign or leading zeros, which no tag has.
    let canonical = digits == "0" || !digits.starts_with('0');
    (canonical && digits.bytes().all(|byte| byte.is_ascii_digit())).then(|| digits.parse().ok()).flatten()
}

impl std::error::Error for ReplayParseError {}

impl FromStr for Replay {
    type Err = ReplayParseError;

    fn from_str(token: &str) -> Result<Replay, ReplayParseError> {
        let error = || ReplayParseError { token: token.to_owned(), other_version: None };
        let Some(text) = token.trim().strip_prefix(VERSION) else {
            // Another version's tag says more than "malformed": the token
            // may be whole, only not this version's to read.
            let tag = token.trim().split_inclusive('.').next().unwrap_or_default();
            let other_version = version_number(tag).filter(|&theirs| Some(theirs) != version_number(VERSION));
            return Err(ReplayParseError { token: token.to_owned(), other_version });
        };
        // One character alone cannot hold a byte.
        if text.len() % 4 == 1 {
            return Err(error());
        }
        let mut bytes = Vec::with_capacity(text.len() * 3 / 4);
        for chunk in text.as_bytes().chunks(4) {
            let mut word = 0u32;
            for (at, &letter) in chunk.iter().enumerate() {
                let digit = ALPHABET.iter().position(|&known| known == letter).ok_or_else(error)?;
                word |= (digit as u32) << (18 - 6 * at);
            }
            let whole_bytes = chunk.len() - 1;
            // The bits below the last whole byte are padding, which the
            // printer leaves 0: a token is read only as it was written.
            if word & ((1 << (24 - 8 * whole_bytes)) - 1) != 0 {
                return Err(error());
            }
            bytes.extend((0..whole_bytes).map(|at| (word >> (16 - 8 * at)) as u8));
        }
        let mut choices = Vec::new();
        let (mut value, mut shift) = (0u64, 0u32);
        for byte in bytes {
            let bits = u64::from(byte & 0x7f);
            if shift >= 64 || (shift == 63 && bits > 1) {
                return Err(error());
            }
            // A last byte of 0 after others adds nothing: no printer
            // writes one.
            if byte == 0 && shift > 0 {
                return Err(error());
            }
            value |= bits << shift;
            if byte & 0x80 == 0 {
                choices.push(value);
                (value, shift) = (0, 0);
            } else {
                shift += 7;
            }
        }
        if shift != 0 {
            return Err(error());
        }
        Ok(Replay { choices })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        }
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
