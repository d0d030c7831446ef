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
}

impl fmt::Display for ReplayParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "malformed replay token {:?}: expected \"{VERSION}\" followed by base64 letters (such as \"{VERSION}AAE\"), \
             exactly as printed on the \"Replay with\" line of a failure report",
            self.token
        )
    }
}

impl std::error::Error for ReplayParseError {}

impl FromStr for Replay {
    type Err = ReplayParseError;

    fn from_str(token: &str) -> Result<Replay, ReplayParseError> {
        let error = || ReplayParseError { token: token.to_owned() };
        let text = token.trim().strip_prefix(VERSION).ok_or_else(error)?;
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
            bytes.extend((0..chunk.len() - 1).map(|at| (word >> (16 - 8 * at)) as u8));
        }
        let mut choices = Vec::new();
        let (mut value, mut shift) = (0u64, 0u32);
        for byte in bytes {
            let bits = u64::from(byte & 0x7f);
            if shift >= 64 || (shift == 63 && bits > 1) {
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
        for token in ["", "AAE", "v1.A", "v1.A*E", "v2.AAE", "v1.gA", "v1._____________w"] {
            assert!(token.parse::<Replay>().is_err(), "{token:?} was accepted");
        }
    }
}
