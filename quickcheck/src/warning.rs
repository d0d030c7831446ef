//! Warnings that must reach the user of a passing test.

use std::collections::BTreeSet;
use std::io::Write;
use std::sync::{Mutex, PoisonError};

/// Writes a warning to the stream itself, not through `eprintln!`: the
/// test harness captures the print macros and shows them only for a
/// failing test, and what this warns of (a database that cannot keep
/// failures, a setting that is ignored) is what a passing test must not
/// hide. Each warning is written once a process: a check saves several
/// times (the failure as found, then shrunk), and a broken directory, like
/// a misspelt variable, would say the same thing each time.
pub(crate) fn once(message: &str) {
    if first_time(message) {
        let _ = writeln!(std::io::stderr(), "quickcheck: warning: {message}");
    }
}

/// Whether this process has not warned `message` before.
fn first_time(message: &str) -> bool {
    static WARNED: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    WARNED.lock().unwrap_or_else(PoisonError::into_inner).insert(message.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_warning_is_written_once_a_process() {
        let message = format!("a warning of process {} written by a test", std::process::id());
        assert!(first_time(&message));
        assert!(!first_time(&message), "the same warning was written twice");
        assert!(first_time(&format!("{message}, and another")));
    }
}
