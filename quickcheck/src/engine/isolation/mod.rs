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
//! gives the thread each test runs on (or, outside the test harness, by
//! the registered property [`registry::run_all`](crate::registry::run_all)
//! checks), and by the check's place among the isolated checks there
//! ([`role`]).

mod role;
pub(crate) mod wire;

pub(crate) use role::{
    PROPERTY_VARIABLE, Place, Role, WORKER_VARIABLE, begin_serving, checking_registered, role, served_property,
};
pub(crate) use wire::Request;

use std::fmt;
use std::io::Read;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::engine::run::Case;
use crate::stats::ExampleRecord;

/// How long a child may take to start and reach its check: the test's
/// code before the check runs again there.
const START_TIME: Duration = Duration::from_secs(120);

/// How much of what a child writes to standard error a crash's message
/// quotes, at most: the end of it, where the cause is.
const QUOTED_ERROR_BYTES: usize = 2000;

/// How often a wait for a reply looks at whether the child has exited,
/// the time is up or the check is cancelled.
const POLL: Duration = Duration::from_millis(20);

/// How long a body without a deadline runs before the test's process says
/// which example it is stuck on.
const STUCK_HINT: Duration = Duration::from_secs(60);

/// How long a crashed child's last words on standard error are waited for.
const LAST_ERRORS_TIME: Duration = Duration::from_millis(200);

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
    place: Place,
    /// The check's name among the test's isolated checks.
    check: String,
    /// How many isolated checks of the test came before this one.
    earlier: u32,
    /// The child that serves the next example, or why none could start.
    child: Option<Result<Worker, String>>,
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
    /// Isolation for the check `check` at `place`, after `earlier` others,
    /// with its first child started, so that a child that cannot be
    /// started is a clear error before any example runs.
    pub(crate) fn start(place: Place, check: String, earlier: u32) -> Result<Isolation, String> {
        let mut isolation = Isolation { place, check, earlier, child: None };
        isolation.child = Some(Ok(isolation.spawn()?));
        Ok(isolation)
    }

    /// Runs the case `request` asks for in the child, allowing it `allowed` if
    /// given, and stopping it if `cancelled` comes to say so. After a
    /// crash or a stop the next child starts at once, so that its start
    /// (the test's code up to the check, run again) is not counted in the
    /// next body's time.
    pub(crate) fn run(&mut self, request: Request<'_>, allowed: Option<Duration>, cancelled: impl Fn() -> bool) -> Ran {
        let started = Instant::now();
        let mut child = match self.child.take() {
            Some(Ok(child)) => child,
            Some(Err(problem)) => return Ran::Crashed(problem),
            None => match self.spawn() {
                Ok(child) => child,
                Err(problem) => return Ran::Crashed(problem),
            },
        };
        child.errors.lock().unwrap_or_else(PoisonError::into_inner).clear();
        // A child that died before reading it is found below.
        let _ = wire::write_request(&mut child.requests, request);
        let mut hinted = false;
        let ran = loop {
            let waited = started.elapsed();
            if allowed.is_none() && waited >= STUCK_HINT && !hinted {
                hinted = true;
                stuck_hint(waited, child.process.id(), request);
            }
            let wait = allowed.map_or(POLL, |allowed| allowed.saturating_sub(waited).min(POLL));
            match child.replies.recv_timeout(wait) {
                Ok(bytes) => match wire::decode_reply(&bytes) {
                    Some((case, record)) => {
                        self.child = Some(Ok(child));
                        return Ran::Replied(case, record);
                    }
                    None => {
                        child.stop();
                        break Ran::Crashed("its child process sent a reply that could not be read".to_owned());
                    }
                },
                // The replies end with the child's standard output: it
                // exited, or closed it, or wrote what is no frame.
                Err(RecvTimeoutError::Disconnected) => break Ran::Crashed(child.ended(true).to_string()),
                Err(RecvTimeoutError::Timeout) => {
                    // A process the body started may hold the output open
                    // after the child died: its exit is what counts.
                    if matches!(child.process.try_wait(), Ok(Some(_))) {
                        break Ran::Crashed(child.ended(true).to_string());
                    }
                    if allowed.is_some_and(|allowed| started.elapsed() >= allowed) || cancelled() {
                        child.stop();
                        break Ran::Stopped(started.elapsed());
                    }
                }
            }
        };
        self.child = Some(self.spawn());
        ran
    }

    /// Starts a child serving this check, and waits until it is ready.
    fn spawn(&self) -> Result<Worker, String> {
        let program = std::env::current_exe()
            .map_err(|error| format!("isolation could not find the test binary to run again: {error}"))?;
        let mut command = Command::new(&program);
        if let Some(test) = &self.place.test {
            // Uncaptured, so that what the body and the test write to
            // standard error reaches the message of a crash.
            command.args([test.as_str(), "--exact", "--include-ignored", "--test-threads=1", "--quiet", "--nocapture"]);
        }
        if let Some(property) = &self.place.property {
            command.env(PROPERTY_VARIABLE, property);
        }
        let mut process = command
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
                    "isolation's child process, the test binary run again for `{}`, did not reach this check \
                     within {START_TIME:?}",
                    self.place.name()
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let ended = worker.ended(false);
                let Some(test) = &self.place.test else {
                    let message = format!(
                        "isolation runs each example in a child process, this binary run again to check the \
                         registered property `{}` alone, and it ended before reaching the check: {}. Without \
                         the test harness, the binary's `main` must check its properties with \
                         registry::run_all, which in the child checks that one alone, each time it runs",
                        self.place.name(),
                        ended.how
                    );
                    return Err(Ending { how: message, ..ended }.to_string());
                };
                // A test binary that ran no test exits with status 0.
                if ended.exit_code == Some(0) {
                    return Err(format!(
                        "isolation runs each example in a child process, the test binary running the test named \
                         `{test}` again, and the binary has no test of that name: it ran none. Isolation finds \
                         the test by the name the test harness gives the thread each test runs on, and this \
                         check runs on a thread named `{test}` (one the test spawned, or an executor's). Run the \
                         check on the test's own thread, or leave isolation off"
                    ));
                }
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
                let message = format!(
                    "isolation runs each example in a child process, the test binary running `{test} --exact` \
                     again, and the test ended there before reaching this check: {}.{earlier} The test must \
                     reach the check the same way each time it runs, and a test binary run by a harness other \
                     than Rust's own must accept a test's name and `--exact` as libtest does",
                    ended.how
                );
                Err(Ending { how: message, ..ended }.to_string())
            }
        }
    }
}

impl Drop for Isolation {
    fn drop(&mut self) {
        if let Some(Ok(mut child)) = self.child.take() {
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
    fn ended(mut self, serving: bool) -> Ending {
        // Its output ends as it exits; one that has not exited a moment
        // later closed its output or wrote what is no frame, and waits on:
        // it is stopped.
        let mut status = self.process.try_wait();
        briefly(|| {
            status = self.process.try_wait();
            !matches!(status, Ok(None))
        });
        let status = match status {
            Ok(Some(status)) => status,
            Ok(None) => {
                let _ = self.process.kill();
                let _ = self.process.wait();
                let how = "its child process stopped replying: it closed its standard output, or wrote to it \
                           what isolation could not read, and was stopped";
                return Ending { how: how.to_owned(), errors: String::new(), exit_code: None };
            }
            Err(error) => {
                let how = format!("its child process ended in a way that could not be read ({error})");
                return Ending { how, errors: String::new(), exit_code: None };
            }
        };
        // The error stream ends with the process, unless a process the body
        // started holds it open: its reader gets a moment to finish.
        if let Some(reader) = self.errors_reader.take() {
            briefly(|| reader.is_finished());
        }
        let errors = self.errors.lock().unwrap_or_else(PoisonError::into_inner);
        let errors = String::from_utf8_lossy(&errors).trim().to_owned();
        let exit_code = status.code();
        let described = describe(status);
        let how = if serving && exit_code.is_some() {
            format!(
                "its child process {described} before the body returned (a call of `std::process::exit`, or a \
                 failure it cannot unwind from)"
            )
        } else {
            format!("its child process {described}")
        };
        Ending { how, errors, exit_code }
    }
}

/// Waits until `done` says so, for [`LAST_ERRORS_TIME`] at most: what a
/// child that has stopped replying is given to finish ending.
fn briefly(mut done: impl FnMut() -> bool) {
    let since = Instant::now();
    while !done() && since.elapsed() < LAST_ERRORS_TIME {
        thread::sleep(Duration::from_millis(1));
    }
}

/// How a child ended: in words, the end of its standard error, and its
/// exit code if it exited (rather than was killed).
struct Ending {
    how: String,
    errors: String,
    exit_code: Option<i32>,
}

/// The words, then the standard error quoted, if it said anything.
impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.how)?;
        if !self.errors.is_empty() {
            write!(f, "; its standard error ended with:\n{}", self.errors)?;
        }
        Ok(())
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

/// Says, on the process's standard error (past the test harness's
/// capture), which example a body without a deadline has run on for
/// `running`, in the child `pid`: a body that never returns hangs the
/// check, and this is how to replay it and bound it.
#[cold]
fn stuck_hint(running: Duration, pid: u32, request: Request<'_>) {
    let example = match request {
        Request::Example(choices) => {
            let token = crate::property::Replay::new(choices.to_vec());
            format!("replay it alone with `Options::default().replay(\"{token}\")`")
        }
        Request::Pinned(number) => format!("it is pinned example {number}"),
    };
    let message = format!(
        "quickcheck: an isolated property body has been running for {running:.0?} in its child process (pid \
         {pid}), and the check has no deadline to stop it. If it never returns, this is the example it hangs on: \
         {example}; give the check a deadline (`Options::deadline`) to have such a body stopped.\n"
    );
    let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), message.as_bytes());
}
