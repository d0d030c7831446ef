//! What the test's process and its child say to each other: a request is a
//! choice sequence, a reply is how the case ended with what its body
//! recorded. Both are little-endian words and length-prefixed strings, the
//! same on every machine; the two processes run one binary, so nothing
//! needs a version.
//!
//! Replies travel on the child's standard output, which the test harness
//! also writes to ("running 1 test"), so each is framed: a marker no text
//! contains, its length, then its bytes. Requests have the child's
//! standard input to themselves.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Read, Write};

use crate::engine::run::Case;
use crate::engine::unwind::{CallSite, Location, Panic, Rejection, Stop};
use crate::property::{Failure, FailureKind};
use crate::stats::ExampleRecord;

/// Opens every frame: bytes that text written to standard output does not
/// hold (a NUL, then a name, then another control byte).
const MARKER: &[u8; 8] = b"\0qc-rpl\x02";

/// The first frame a child sends, once it has found the check it serves.
pub(crate) const READY: &[u8] = b"ready";

/// The most bytes one frame may hold: far beyond any real reply (whose
/// messages are capped), and a bound on what a corrupted length asks to
/// allocate.
const MAX_FRAME: usize = 1 << 28;

/// Writes one frame holding `payload`, in a single write so that nothing
/// else the process writes lands inside it.
pub(crate) fn write_frame(out: &mut impl Write, payload: &[u8]) -> io::Result<()> {
    let mut frame = Vec::with_capacity(MARKER.len() + 4 + payload.len());
    frame.extend_from_slice(MARKER);
    frame.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    frame.extend_from_slice(payload);
    out.write_all(&frame)?;
    out.flush()
}

/// Reads the frames of a stream, skipping whatever lies between them.
pub(crate) struct Frames<R> {
    input: R,
    buffer: Vec<u8>,
}

impl<R: Read> Frames<R> {
    pub(crate) fn new(input: R) -> Frames<R> {
        Frames { input, buffer: Vec::new() }
    }

    /// The next frame's payload; `None` once the stream ends (or breaks)
    /// before a whole frame.
    pub(crate) fn next_frame(&mut self) -> Option<Vec<u8>> {
        loop {
            if let Some(start) = self.buffer.windows(MARKER.len()).position(|window| window == MARKER) {
                let header_end = start + MARKER.len() + 4;
                if self.buffer.len() >= header_end {
                    let length_bytes = self.buffer[start + MARKER.len()..header_end].try_into().ok()?;
                    let length = u32::from_le_bytes(length_bytes) as usize;
                    if length > MAX_FRAME {
                        return None;
                    }
                    if self.buffer.len() >= header_end + length {
                        let payload = self.buffer[header_end..header_end + length].to_vec();
                        self.buffer.drain(..header_end + length);
                        return Some(payload);
                    }
                }
            } else {
                // Keep only what could be the start of a marker.
                let keep = self.buffer.len().min(MARKER.len() - 1);
                self.buffer.drain(..self.buffer.len() - keep);
            }
            let mut chunk = [0u8; 8192];
            match self.input.read(&mut chunk) {
                Ok(0) | Err(_) => return None,
                Ok(read) => self.buffer.extend_from_slice(&chunk[..read]),
            }
        }
    }
}

/// What the test's process asks a child to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Request<'a> {
    /// The example these choices make.
    Example(&'a [u64]),
    /// Pinned example number `n`, counting from 1, which the child builds
    /// from the same expression.
    Pinned(usize),
}

/// The count that marks a request for a pinned example: more choices than
/// any example may make.
const PINNED: u32 = u32::MAX;

/// Writes a request: a count of choices and the choices, or [`PINNED`] and
/// the pinned example's number.
pub(crate) fn write_request(out: &mut impl Write, request: Request<'_>) -> io::Result<()> {
    let mut bytes = Vec::new();
    match request {
        Request::Example(choices) => {
            bytes.extend_from_slice(&(choices.len() as u32).to_le_bytes());
            for &choice in choices {
                bytes.extend_from_slice(&choice.to_le_bytes());
            }
        }
        Request::Pinned(number) => {
            bytes.extend_from_slice(&PINNED.to_le_bytes());
            bytes.extend_from_slice(&(number as u32).to_le_bytes());
        }
    }
    out.write_all(&bytes)?;
    out.flush()
}

/// A request as read: the choices of an example, or a pinned example's
/// number.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum ReadRequest {
    Example(Vec<u64>),
    Pinned(usize),
}

/// Reads a request; `None` once the test's process has closed the stream
/// (it has no more cases), or it breaks.
pub(crate) fn read_request(input: &mut impl Read) -> Option<ReadRequest> {
    let mut word = [0u8; 4];
    input.read_exact(&mut word).ok()?;
    let count = u32::from_le_bytes(word);
    if count == PINNED {
        input.read_exact(&mut word).ok()?;
        return Some(ReadRequest::Pinned(u32::from_le_bytes(word) as usize));
    }
    let mut bytes = vec![0u8; (count as usize).checked_mul(8)?];
    input.read_exact(&mut bytes).ok()?;
    let choices = bytes.chunks_exact(8).map(|word| u64::from_le_bytes(word.try_into().expect("eight bytes")));
    Some(ReadRequest::Example(choices.collect()))
}

/// The reply to a request: how the case ended, and what it recorded.
pub(crate) fn encode_reply(case: &Case, record: &ExampleRecord) -> Vec<u8> {
    let mut out = Encoder(Vec::new());
    match case {
        Case::Pass => out.byte(0),
        Case::Discard(stop) => {
            out.byte(1);
            out.stop(*stop);
        }
        Case::Fail(failure) => {
            out.byte(2);
            out.byte(kind_code(failure.kind()));
            out.text(failure.message());
            out.location(failure.location());
        }
        Case::GeneratorPanic(panic) => {
            out.byte(3);
            out.text(&panic.message);
            out.location(panic.location.as_ref());
        }
    }
    out.strings(&record.labels);
    out.strings(&record.missed);
    out.count(record.collected.len());
    for (table, values) in &record.collected {
        out.text(table);
        out.strings(values);
    }
    out.count(record.requirements.len());
    for (label, minimum, at) in &record.requirements {
        out.text(label);
        out.number(*minimum);
        out.call_site(*at);
    }
    out.pairs(&record.notes);
    out.pairs(&record.failure_places);
    out.count(record.targets.len());
    for (label, score) in &record.targets {
        out.text(label);
        out.number(*score);
    }
    out.0
}

/// Reads a reply: `None` if its bytes are not one.
pub(crate) fn decode_reply(bytes: &[u8]) -> Option<(Case, ExampleRecord)> {
    let mut input = Decoder(bytes);
    let case = match input.byte()? {
        0 => Case::Pass,
        1 => Case::Discard(input.stop()?),
        2 => {
            let kind = kind_of(input.byte()?)?;
            let message = input.text()?;
            let location = input.location()?;
            Case::Fail(Failure::from_parts(kind, message, location))
        }
        3 => {
            let message = input.text()?;
            let location = input.location()?;
            Case::GeneratorPanic(Box::new(Panic { message, location }))
        }
        _ => return None,
    };
    let mut record = ExampleRecord { labels: input.strings()?, missed: input.strings()?, ..ExampleRecord::default() };
    for _ in 0..input.count()? {
        let table = input.text()?;
        record.collected.insert(table, input.strings()?);
    }
    for _ in 0..input.count()? {
        let label = input.text()?;
        let minimum = input.number()?;
        record.requirements.push((label, minimum, input.call_site()?));
    }
    record.notes = input.pairs()?;
    record.failure_places = input.pairs()?;
    let mut targets = BTreeMap::new();
    for _ in 0..input.count()? {
        let label = input.text()?;
        targets.insert(label, input.number()?);
    }
    record.targets = targets;
    input.0.is_empty().then_some((case, record))
}

/// A failure kind's code in a reply.
fn kind_code(kind: FailureKind) -> u8 {
    match kind {
        FailureKind::Panicked => 0,
        FailureKind::ReturnedFalse => 1,
        FailureKind::ReturnedError => 2,
        FailureKind::DeadlineExceeded => 3,
        FailureKind::NeverFinishes => 4,
        FailureKind::Crashed => 5,
    }
}

/// The failure kind of a code in a reply.
fn kind_of(code: u8) -> Option<FailureKind> {
    Some(match code {
        0 => FailureKind::Panicked,
        1 => FailureKind::ReturnedFalse,
        2 => FailureKind::ReturnedError,
        3 => FailureKind::DeadlineExceeded,
        4 => FailureKind::NeverFinishes,
        5 => FailureKind::Crashed,
        _ => return None,
    })
}

/// Writes a reply's parts.
struct Encoder(Vec<u8>);

impl Encoder {
    fn byte(&mut self, byte: u8) {
        self.0.push(byte);
    }

    fn count(&mut self, count: usize) {
        self.0.extend_from_slice(&(count as u32).to_le_bytes());
    }

    fn word(&mut self, word: u64) {
        self.0.extend_from_slice(&word.to_le_bytes());
    }

    fn number(&mut self, number: f64) {
        self.word(number.to_bits());
    }

    fn text(&mut self, text: &str) {
        self.count(text.len());
        self.0.extend_from_slice(text.as_bytes());
    }

    fn strings<'s>(&mut self, strings: impl IntoIterator<Item = &'s String, IntoIter: ExactSizeIterator>) {
        let strings = strings.into_iter();
        self.count(strings.len());
        strings.for_each(|text| self.text(text));
    }

    fn pairs(&mut self, pairs: &[(String, String)]) {
        self.count(pairs.len());
        for (label, value) in pairs {
            self.text(label);
            self.text(value);
        }
    }

    fn call_site(&mut self, at: CallSite) {
        self.text(at.file());
        self.count(at.line() as usize);
    }

    fn location(&mut self, location: Option<&Location>) {
        match location {
            None => self.byte(0),
            Some(location) => {
                self.byte(1);
                self.text(&location.file);
                self.count(location.line as usize);
                self.count(location.column as usize);
            }
        }
    }

    fn stop(&mut self, stop: Stop) {
        match stop {
            Stop::Overrun => self.byte(0),
            Stop::Discard(Rejection::Filter) => self.byte(1),
            Stop::Discard(Rejection::Assumption(at)) => {
                self.byte(2);
                self.call_site(at);
            }
            Stop::Discard(Rejection::Precondition) => self.byte(3),
            Stop::Discard(Rejection::DistinctMinimum) => self.byte(4),
        }
    }
}

/// Reads a reply's parts; each `None` when the bytes run out or make no
/// sense.
struct Decoder<'a>(&'a [u8]);

impl Decoder<'_> {
    fn take(&mut self, count: usize) -> Option<&[u8]> {
        let (taken, rest) = self.0.split_at_checked(count)?;
        self.0 = rest;
        Some(taken)
    }

    fn byte(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn count(&mut self) -> Option<usize> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?) as usize)
    }

    fn number(&mut self) -> Option<f64> {
        Some(f64::from_bits(u64::from_le_bytes(self.take(8)?.try_into().ok()?)))
    }

    fn text(&mut self) -> Option<String> {
        let length = self.count()?;
        String::from_utf8(self.take(length)?.to_vec()).ok()
    }

    fn strings(&mut self) -> Option<BTreeSet<String>> {
        (0..self.count()?).map(|_| self.text()).collect()
    }

    fn pairs(&mut self) -> Option<Vec<(String, String)>> {
        (0..self.count()?).map(|_| Some((self.text()?, self.text()?))).collect()
    }

    fn line(&mut self) -> Option<u32> {
        u32::try_from(self.count()?).ok()
    }

    fn call_site(&mut self) -> Option<CallSite> {
        let file = self.text()?;
        Some(CallSite::in_child(file, self.line()?))
    }

    /// A location, or none: `Some(None)` for "no location".
    fn location(&mut self) -> Option<Option<Location>> {
        Some(match self.byte()? {
            0 => None,
            1 => Some(Location { file: self.text()?, line: self.line()?, column: self.line()? }),
            _ => return None,
        })
    }

    fn stop(&mut self) -> Option<Stop> {
        Some(match self.byte()? {
            0 => Stop::Overrun,
            1 => Stop::Discard(Rejection::Filter),
            2 => Stop::Discard(Rejection::Assumption(self.call_site()?)),
            3 => Stop::Discard(Rejection::Precondition),
            4 => Stop::Discard(Rejection::DistinctMinimum),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(case: Case, record: &ExampleRecord) -> (Case, ExampleRecord) {
        decode_reply(&encode_reply(&case, record)).expect("a reply reads back")
    }

    #[test]
    fn a_reply_reads_back_as_written() {
        let mut record = ExampleRecord::default();
        record.labels.insert("empty".to_owned());
        record.missed.insert("long".to_owned());
        record.collected.insert("length".to_owned(), BTreeSet::from(["0".to_owned(), "3".to_owned()]));
        record.requirements.push(("empty".to_owned(), 12.5, CallSite::in_child("src/lib.rs".to_owned(), 9)));
        record.notes.push(("doubled".to_owned(), "[1, 1]\nand more".to_owned()));
        record.failure_places.push(("failed at".to_owned(), "step 2 of 3".to_owned()));
        record.targets.insert("size".to_owned(), -0.25);
        let location = Location { file: "tests/a.rs".to_owned(), line: 4, column: 17 };
        let failure = Failure::from_parts(FailureKind::Panicked, "boom ✓".to_owned(), Some(location));
        let (case, read) = round_trip(Case::Fail(failure.clone()), &record);
        assert_eq!(read, record);
        assert!(matches!(case, Case::Fail(read) if read == failure));
        let assumption = Stop::Discard(Rejection::Assumption(CallSite::in_child("tests/b.rs".to_owned(), 30)));
        assert!(matches!(round_trip(Case::Discard(assumption), &record).0, Case::Discard(stop) if stop == assumption));
        assert!(matches!(round_trip(Case::Pass, &ExampleRecord::default()).0, Case::Pass));
        let panic = Panic { message: "in the generator".to_owned(), location: None };
        assert!(matches!(round_trip(Case::GeneratorPanic(Box::new(panic.clone())), &record).0,
            Case::GeneratorPanic(read) if *read == panic));
    }

    #[test]
    fn a_reply_cut_short_or_padded_is_refused() {
        let bytes = encode_reply(&Case::Pass, &ExampleRecord::default());
        assert!(decode_reply(&bytes[..bytes.len() - 1]).is_none());
        assert!(decode_reply(&[bytes.as_slice(), &[0]].concat()).is_none());
        assert!(decode_reply(&[9]).is_none());
    }

    #[test]
    fn frames_are_found_among_other_output() {
        let mut stream = b"running 1 test\n".to_vec();
        write_frame(&mut stream, READY).unwrap();
        stream.extend_from_slice(b"some text the body printed\0q");
        write_frame(&mut stream, b"second").unwrap();
        // Read a byte at a time: a frame may arrive in pieces.
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
                let Some((&first, rest)) = self.0.split_first() else { return Ok(0) };
                buffer[0] = first;
                self.0 = rest;
                Ok(1)
            }
        }
        let mut frames = Frames::new(Trickle(&stream));
        assert_eq!(frames.next_frame().as_deref(), Some(READY));
        assert_eq!(frames.next_frame().as_deref(), Some(&b"second"[..]));
        assert_eq!(frames.next_frame(), None);
    }

    #[test]
    fn a_request_reads_back_and_the_end_of_requests_is_none() {
        let mut stream = Vec::new();
        write_request(&mut stream, Request::Example(&[0, u64::MAX, 7])).unwrap();
        write_request(&mut stream, Request::Pinned(3)).unwrap();
        write_request(&mut stream, Request::Example(&[])).unwrap();
        let mut input = stream.as_slice();
        assert_eq!(read_request(&mut input), Some(ReadRequest::Example(vec![0, u64::MAX, 7])));
        assert_eq!(read_request(&mut input), Some(ReadRequest::Pinned(3)));
        assert_eq!(read_request(&mut input), Some(ReadRequest::Example(vec![])));
        assert_eq!(read_request(&mut input), None);
    }
}
