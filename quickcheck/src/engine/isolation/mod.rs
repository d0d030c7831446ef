//! Running the body in a child process, so that a crash fails an example
//! instead of ending the test (see [`Options::isolate`](crate::Options::isolate)).
//!
//! An abort, a stack overflow or a segmentation fault ends the process it
//! happens in, which no `catch_unwind` survives, and a body stuck in a loop
//! never returns. So with isolation the test's process draws each example
//! as usual, and sends its choice sequence to a child: the test binary run
//! again for the one test, with [`WORKER_VARIABLE`] set, whose check
//! replays the choices through the same generators and runs the body. The
//! child replies with the verdict and what the body recorded; if it dies
//! instead, or outlives the deadline and is stopped, that is the example's
//! failure, and the next example starts a new child. Everything else
//! (the generation tree, the shrinker, the database, the report) runs in
//! the test's process and does not know the difference, so a crash shrinks
//! like any other failure.
//!
//! The child finds its check by the test's name, which the test harness
//! gives the thread each test runs on, and by the check's place among the
//! isolated checks of that test ([`role`]).

pub(crate) mod wire;

use std::cell::RefCell;
use std::io::Read;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::engine::run::Case;
use crate::stats::ExampleRecord;

/// The environment variable that makes a test binary's process a child
/// serving a check: its value names the check (see [`role`]).
pub(crate) const WORKER_VARIABLE: &str = "QUICKCHECK_WORKER";

/// How long a child may take to start and reach its check: the test's
/// code before the check runs again there.
const START_TIME: Duration = Duration::from_secs(120);

/// How much of what a child writes to standard error a crash's message
/// quotes, at most: the end of it, where the cause is.
const QUOTED_ERROR_BYTES: usize = 2000;

/// What a check with isolation is in this process.
pub(crate) enum Role {
    /// The test's own process: it runs the check, with each body in a
    /// child that finds this check by the test's name and `check`, the
    /// check's name among the test's isolated checks; `earlier` isolated
    /// checks of the test came before it.
    Parent { test: String, check: String, earlier: u32 },
    /// A child serving this check.
    Worker,
    /// A child serving another isolated check of the same test, which this
    /// check comes before: it passes at once, so the test goes on to the
    /// one served.
    OtherCheck,
}

/// The isolated checks one test has begun on a thread: how many in all,
/// and how many of each kind (by the hash of its generator's and body's
/// types).
#[derive(Default)]
struct BegunChecks {
    test: String,
    all: u32,
    of_kind: Vec<(u64, u32)>,
}

thread_local! {
    static BEGUN: RefCell<BegunChecks> = RefCell::new(BegunChecks::default());
}

/// What an isolated check that begins now is; an error, saying why, when
/// isolation cannot work here. `kind` tells the check's kind apart (its
/// generator's and body's type names: a closure's names the function it is
/// written in), so that a child serves the check of the kind the test's
/// process runs, and of that kind the same one in order, whatever other
/// checks the test makes on the way.
pub(crate) fn role(kind: &str) -> Result<Role, String> {
    let current = thread::current();
    let test = match current.name() {
        Some(name) if name != "main" => name.to_owned(),
        _ => {
            return Err("isolation runs each example in a child process that runs this test again, found by its \
                        name, which the test harness gives the thread each test runs on; this check runs on a \
                        thread with no test's name (in `main`, a target with `harness = false`, or a thread of \
                        its own). Run it from a #[test] or #[property] function, on the test's own thread, or \
                        leave isolation off"
                .to_owned());
        }
    };
    let kind = fnv1a(kind);
    let (earlier, ordinal) = BEGUN.with(|begun| {
        let mut begun = begun.borrow_mut();
        if begun.test != test {
            *begun = BegunChecks { test: test.clone(), ..BegunChecks::default() };
        }
        let earlier = begun.all;
        begun.all += 1;
        let ordinal = match begun.of_kind.iter_mut().find(|(known, _)| *known == kind) {
            Some((_, count)) => {
                *count += 1;
                *count - 1
            }
            None => {
                begun.of_kind.push((kind, 1));
                0
            }
        };
        (earlier, ordinal)
    });
    let check = format!("{kind:016x}.{ordinal}");
    match std::env::var_os(WORKER_VARIABLE) {
        None => Ok(Role::Parent { test, check, earlier }),
        Some(served) if served == check.as_str() => Ok(Role::Worker),
        Some(_) => Ok(Role::OtherCheck),
    }
}

/// The 64-bit FNV-1a hash of `text`: the same in every process, unlike
/// the standard library's seeded hashers.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// How a case sent to a child ended.
pub(crate) enum Ran {
    /// The child replied: the case, and what it recorded.
    Replied(Case, ExampleRecord),
    /// The child ended without a reply, as the message says.
    Crashed(String),
    /// The child ran past the time allowed, and was stopped after this long.
    Stopped(Duration),
}

/// The test's side of isolation: the child serving its check, started
/// when the first example needs one and again after each crash.
pub(crate) struct Isolation {
    test: String,
    /// The check's name among the test's isolated checks.
    check: String,
    /// How many isolated checks of the test came before this one.
    earlier: u32,
    child: Option<Worker>,
}

/// A running child.
struct Worker {
    process: Child,
    requests: ChildStdin,
    replies: Receiver<Vec<u8>>,
    /// What it wrote to standard error since the current request.
    errors: Arc<Mutex<Vec<u8>>>,
    errors_reader: Option<JoinHandle<()>>,
}

impl Isolation {
    /// Isolation for the check `check` of `test`, after `earlier` others,
    /// with its first child started, so that a child that cannot be
    /// started is a clear error before any example runs.
    pub(crate) fn start(test: String, check: String, earlier: u32) -> Result<Isolation, String> {
        let mut isolation = Isolation { test, check, earlier, child: None };
        isolation.child = Some(isolation.spawn()?);
        Ok(isolation)
    }

    /// Runs the case of `choices` in the child, allowing it `allowed` if
    /// given.
    pub(crate) fn run(&mut self, choices: &[u64], allowed: Option<Duration>) -> Ran {
        let started = Instant::now();
        let mut child = match self.child.take() {
            Some(child) => child,
            None => match self.spawn() {
                Ok(child) => child,
                Err(problem) => return Ran::Crashed(problem),
            },
        };
        child.errors.lock().unwrap_or_else(PoisonError::into_inner).clear();
        // A child that died writing is found below, as it sends no reply.
        let _ = wire::write_request(&mut child.requests, choices);
        let reply = match allowed {
            None => child.replies.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(allowed) => child.replies.recv_timeout(allowed),
        };
        match reply {
            Ok(bytes) => match wire::decode_reply(&bytes) {
                Some((case, record)) => {
                    self.child = Some(child);
                    Ran::Replied(case, record)
                }
                None => {
                    child.stop();
                    Ran::Crashed("its child process sent a reply that could not be read".to_owned())
                }
            },
            Err(RecvTimeoutError::Timeout) => {
                child.stop();
                Ran::Stopped(started.elapsed())
            }
            Err(RecvTimeoutError::Disconnected) => Ran::Crashed(child.ended(true)),
        }
    }

    /// Starts a child serving this check, and waits until it is ready.
    fn spawn(&self) -> Result<Worker, String> {
        let program = std::env::current_exe()
            .map_err(|error| format!("isolation could not find the test binary to run again: {error}"))?;
        let mut process = Command::new(&program)
            .args([self.test.as_str(), "--exact", "--include-ignored", "--test-threads=1", "--quiet"])
            .env(WORKER_VARIABLE, &self.check)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| format!("isolation could not start {} again: {error}", program.display()))?;
        let (Some(requests), Some(output), Some(mut error_output)) =
            (process.stdin.take(), process.stdout.take(), process.stderr.take())
        else {
            unreachable!("the three streams were asked to be piped")
        };
        let (sender, replies) = mpsc::channel();
        thread::Builder::new()
            .name("quickcheck isolation replies".to_owned())
            .spawn(move || {
                let mut frames = wire::Frames::new(output);
                while let Some(frame) = frames.next_frame() {
                    if sender.send(frame).is_err() {
                        break;
                    }
                }
            })
            .map_err(|error| format!("isolation could not start a thread to read its child's replies: {error}"))?;
        let errors = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&errors);
        let errors_reader = thread::Builder::new()
            .name("quickcheck isolation errors".to_owned())
            .spawn(move || {
                let mut chunk = [0u8; 4096];
                while let Ok(read @ 1..) = error_output.read(&mut chunk) {
                    let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
                    kept.extend_from_slice(&chunk[..read]);
                    let excess = kept.len().saturating_sub(QUOTED_ERROR_BYTES);
                    kept.drain(..excess);
                }
            })
            .ok();
        let worker = Worker { process, requests, replies, errors, errors_reader };
        match worker.replies.recv_timeout(START_TIME) {
            Ok(frame) if frame == wire::READY => Ok(worker),
            Ok(_) => {
                worker.stop();
                Err("isolation's child process began with something other than its greeting".to_owned())
            }
            Err(RecvTimeoutError::Timeout) => {
                worker.stop();
                Err(format!(
                    "isolation's child process, the test binary running `{}` again, did not reach this check \
                     within {START_TIME:?}",
                    self.test
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                // In the child, the isolated checks before this one pass at
                // once, running nothing: code that reads their results
                // does not read what the test's process found.
                let earlier = match self.earlier {
                    0 => "",
                    _ => {
                        " In the child, the isolated checks this test makes before this one pass without \
                          running anything, so a test that looks at their results (a counterexample, say) \
                          fails there: give each isolated check a test of its own."
                    }
                };
                Err(format!(
                    "isolation runs each example in a child process, the test binary running `{} --exact` \
                     again, and the test ended there before reaching this check: {}.{earlier} The test must \
                     reach the check the same way each time it runs, and a test binary run by a harness other \
                     than Rust's own must accept a test's name and `--exact` as libtest does",
                    self.test,
                    worker.ended(false)
                ))
            }
        }
    }
}

impl Drop for Isolation {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // Closing its requests ends the child's loop; it exits itself.
            drop(child.requests);
            let _ = child.process.wait();
        }
    }
}

impl Worker {
    /// Stops the child at once, and waits for it to end.
    fn stop(mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }

    /// How the child ended, once it has stopped replying: its exit status,
    /// and the end of what it wrote to standard error. `serving` says
    /// whether it had reached its check, so that an exit is the body's.
    fn ended(mut self, serving: bool) -> String {
        let status = self.process.wait();
        // The error stream ends with the process; read all of it first.
        if let Some(reader) = self.errors_reader.take() {
            let _ = reader.join();
        }
        let errors = self.errors.lock().unwrap_or_else(PoisonError::into_inner);
        let errors = String::from_utf8_lossy(&errors);
        let errors = errors.trim();
        let described = match status {
            Ok(status) => describe(status),
            Err(error) => format!("ended in a way that could not be read ({error})"),
        };
        let exited = described.starts_with("exited");
        let described = match serving {
            true if exited => format!(
                "its child process {described} before the body returned (a call of `std::process::exit`, \
                 or a failure it cannot unwind from)"
            ),
            _ => format!("its child process {described}"),
        };
        if errors.is_empty() { described } else { format!("{described}; its standard error ended with:\n{errors}") }
    }
}

/// How a child process ended, in words, after "its child process":
/// "was killed by signal 6 (SIGABRT, …)", "exited with status 3".
fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL, an illegal instruction)",
                6 => " (SIGABRT, an abort: `std::process::abort`, a stack overflow, or a panic while panicking)",
                7 => " (SIGBUS, a bus error)",
                8 => " (SIGFPE, an arithmetic error)",
                9 => " (SIGKILL, killed from outside, perhaps for using too much memory)",
                11 => " (SIGSEGV, a segmentation fault: an invalid memory access or a stack overflow)",
                _ => "",
            };
            return format!("was killed by signal {signal}{name}");
        }
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("ended ({status})"),
    }
}
