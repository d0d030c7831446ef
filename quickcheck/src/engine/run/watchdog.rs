//! A watch over bodies that run far past their deadline.
//!
//! A deadline judges a body once it returns; a synchronous body cannot be
//! stopped from outside, and one that never returns hangs its test without
//! a word, since the test harness shows a test's output only once the test
//! ends. Under a deadline, a thread of the check's own watches the body
//! running, and once it has run for [`STUCK_AFTER_DEADLINES`] deadlines
//! (at least [`STUCK_AFTER_AT_LEAST`], and twice the longest body that
//! returned) it names the example with its replay token, on the process's
//! standard error, which libtest's harness does not capture (cargo-nextest
//! shows it with the test's output). Whoever is left waiting can then
//! replay that example alone.
//!
//! The watch is a thread per check rather than an alarm of the shared
//! thread that rings for asynchronous bodies (see
//! [`alarm`](crate::engine::alarm)): setting an alarm wakes that thread,
//! which every body would pay for, while a body here costs the watch a
//! lock and a copy of its choices, and its thread wakes only to look.

use std::io::Write;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::property::Replay;

/// How many deadlines a body runs before the watch speaks.
const STUCK_AFTER_DEADLINES: u32 = 10;

/// The least a body runs before the watch speaks, however short its
/// deadline: a body that takes a second is slow, not yet stuck.
const STUCK_AFTER_AT_LEAST: Duration = Duration::from_secs(1);

/// The watch thread's stack: it waits, and formats one line.
const WATCH_STACK: usize = 64 << 10;

/// The watch of one check: its thread, and what it watches.
pub(crate) struct Watchdog {
    shared: Arc<Shared>,
}

struct Shared {
    state: Mutex<State>,
    /// Wakes the thread when the check ends.
    ended: Condvar,
    /// How long a body runs before the watch speaks.
    stuck_after: Duration,
    deadline: Duration,
}

#[derive(Default)]
struct State {
    /// When the running body started, if one runs.
    started: Option<Instant>,
    /// The running body's example, in a buffer kept between bodies.
    choices: Vec<u64>,
    /// Whether the watch has seen the running body run long enough to be
    /// called stuck.
    seen_stuck: bool,
    /// The longest any body of the check ran and returned: a body is
    /// called stuck only past twice that too, so bodies that are slow but
    /// return (a slow failure shrinking, run after run) are named once, not
    /// every time.
    longest_returned: Duration,
    check_ended: bool,
}

impl Watchdog {
    /// A watch over the bodies of a check whose deadline is `deadline`;
    /// `None` if no thread could be started for it (the check then runs
    /// unwatched, as it would without a deadline).
    pub(crate) fn start(deadline: Duration) -> Option<Watchdog> {
        let stuck_after = deadline.saturating_mul(STUCK_AFTER_DEADLINES).max(STUCK_AFTER_AT_LEAST);
        let shared = Arc::new(Shared { state: Mutex::default(), ended: Condvar::new(), stuck_after, deadline });
        let watched = Arc::clone(&shared);
        // A small stack of its own: it would otherwise take the size that
        // `RUST_MIN_STACK` asks of test threads for deep values.
        // Detached: the check's end wakes it, and it ends by itself.
        thread::Builder::new()
            .name("quickcheck deadline watch".to_owned())
            .stack_size(WATCH_STACK)
            .spawn(move || watch(&watched))
            .ok()?;
        Some(Watchdog { shared })
    }

    /// A body starts, at `started`, on the example of `choices`.
    pub(crate) fn body_started(&self, started: Instant, choices: &[u64]) {
        let mut state = self.shared.lock();
        state.choices.clear();
        state.choices.extend_from_slice(choices);
        state.started = Some(started);
        state.seen_stuck = false;
    }

    /// The running body has returned (or was given up on).
    pub(crate) fn body_ended(&self) {
        let mut state = self.shared.lock();
        if let Some(started) = state.started.take() {
            state.longest_returned = state.longest_returned.max(started.elapsed());
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.shared.lock().check_ended = true;
        // Not joined: a thread blocked writing to a standard error no one
        // reads must not hold up the check's end. It ends once it wakes.
        self.shared.ended.notify_one();
    }
}

impl Shared {
    /// The state, even if a panic elsewhere poisoned its lock: it holds
    /// plain values, none left half-changed.
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The watch's thread: sleeps until the running body has run long enough
/// to be called stuck, speaks once of it, and ends with the check.
fn watch(shared: &Shared) {
    let mut state = shared.lock();
    while !state.check_ended {
        let stuck_after = shared.stuck_after.max(state.longest_returned.saturating_mul(2));
        let wait = match state.started {
            Some(started) if !state.seen_stuck => {
                let running = started.elapsed();
                if running >= stuck_after {
                    state.seen_stuck = true;
                    let choices = state.choices.clone();
                    // Written with the lock released: the check's thread
                    // takes it at every body, and a standard error that
                    // blocks must not stop the check.
                    drop(state);
                    speak(running, shared.deadline, &choices);
                    state = shared.lock();
                    continue;
                }
                stuck_after - running
            }
            // Nothing to watch yet: a body that starts meanwhile is looked
            // at within `stuck_after` of its start, which is soon enough.
            _ => shared.stuck_after,
        };
        state = shared.ended.wait_timeout(state, wait).unwrap_or_else(PoisonError::into_inner).0;
    }
}

/// Names the stuck example on the process's standard error, past the test
/// harness's capture of the test's own output.
fn speak(running: Duration, deadline: Duration, choices: &[u64]) {
    let token = Replay::new(choices.to_vec());
    let message = format!(
        "quickcheck: a property body has been running for {running:.1?}, far past its deadline of {deadline:?}, and has not \
         returned; a body cannot be stopped from outside. If it never returns, this is the example it hangs on: \
         replay it alone with `Options::default().replay(\"{token}\")` or `#[property(replay = \"{token}\")]`.\n"
    );
    // Nothing to do if standard error is closed: the check goes on.
    let _ = std::io::stderr().lock().write_all(message.as_bytes());
}
