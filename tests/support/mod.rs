//! Helpers shared by the test files that include this module.

// Each test file uses some of them.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::ops::Deref;
use std::panic::{UnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs a property test that must fail and returns the report it panicked
/// with.
pub fn report_of(property_test: impl FnOnce() + UnwindSafe) -> String {
    let payload = catch_unwind(property_test).expect_err("the property should have failed");
    match payload.downcast::<String>() {
        Ok(report) => *report,
        Err(payload) => payload.downcast_ref::<&str>().map(|text| text.to_string()).unwrap_or_default(),
    }
}

/// Runs the test `test` of this test binary in a child process, with
/// `variables` set and `QUICKCHECK_DATABASE` unset, and returns what it
/// wrote to standard error: how a test reads the warnings that a check
/// writes past the harness's capture. The child test must pass.
pub fn stderr_of_child_test(test: &str, variables: &[(&str, &OsStr)]) -> String {
    let output = Command::new(std::env::current_exe().expect("the test binary"))
        .args([test, "--exact", "--test-threads=1"])
        .envs(variables.iter().copied())
        .env_remove("QUICKCHECK_DATABASE")
        .output()
        .expect("the test binary runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Installs a panic hook that stands in for the default one: it counts,
/// and prints, each panic it sees. Returns the count.
pub fn counting_panic_hook() -> Arc<AtomicUsize> {
    let printed = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&printed);
    std::panic::set_hook(Box::new(move |info| {
        counter.fetch_add(1, Ordering::SeqCst);
        eprintln!("{info}");
    }));
    printed
}

/// A path of one test under the system's temporary directory, for a
/// database directory or a file in its way. Whatever is there is removed
/// first, and again when the guard drops, so a test leaves nothing behind
/// whether it passes or fails.
pub struct Scratch(PathBuf);

impl Scratch {
    /// The path named `name`, unique to this test process.
    pub fn new(name: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("quickcheck-tests-{name}-{}", std::process::id()));
        remove(&path);
        Scratch(path)
    }
}

impl Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<OsStr> for Scratch {
    fn as_ref(&self) -> &OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        remove(&self.0);
    }
}

/// Removes a directory with all it holds, or a file; nothing there is fine.
fn remove(path: &Path) {
    let _ = if path.is_dir() { std::fs::remove_dir_all(path) } else { std::fs::remove_file(path) };
}
