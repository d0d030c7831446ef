//! Telling an asynchronous body that can never finish from one that waits.
//!
//! A future that returns `Pending` is polled again only once something
//! wakes it, through a clone of the waker it was polled with. A body that
//! awaits `std::future::pending()`, or a hand-written future that returns
//! `Pending` without keeping its waker, leaves no clone behind: nothing
//! can wake it, and the check would wait for ever. The body is polled with
//! a waker of its own, one per example, which passes each wake on to the
//! executor's and counts who holds it: after a `Pending` with no wake and
//! no holder but the body's wrapper, the body is stuck, and its example
//! fails for it. This works under any executor; a body that waits on
//! something that holds its waker but never fires (a timer set for a year)
//! is waiting, not stuck, and only a deadline
//! ([`Options::deadline`](crate::Options::deadline)) ends it.

use std::sync::atomic::{AtomicBool, Ordering, fence};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Wake, Waker};

/// The waker an asynchronous body's future is polled with, for one example.
pub(super) struct BodyWaker {
    state: Arc<Relay>,
    /// A waker of `state`: one of the two references the wrapper holds.
    waker: Waker,
}

/// What the body's waker shares with its clones: whether one woke it since
/// the last poll, and the executor's waker to pass the wake to.
struct Relay {
    woken: AtomicBool,
    executor: Mutex<Waker>,
}

impl Wake for Relay {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.woken.store(true, Ordering::SeqCst);
        // Woken outside the lock: an executor that polls at once on a wake
        // would otherwise meet it again in `prepare`.
        let executor = self.executor.lock().unwrap_or_else(PoisonError::into_inner).clone();
        executor.wake();
    }
}

impl BodyWaker {
    /// A waker that passes wakes on to `executor`.
    pub(super) fn new(executor: &Waker) -> BodyWaker {
        let state = Arc::new(Relay { woken: AtomicBool::new(false), executor: Mutex::new(executor.clone()) });
        let waker = Waker::from(Arc::clone(&state));
        BodyWaker { state, waker }
    }

    /// Readies the waker for a poll: wakes go to `executor` from now on,
    /// and none has come since.
    pub(super) fn prepare(&self, executor: &Waker) {
        let mut current = self.state.executor.lock().unwrap_or_else(PoisonError::into_inner);
        if !current.will_wake(executor) {
            current.clone_from(executor);
        }
        self.state.woken.store(false, Ordering::SeqCst);
    }

    /// The context to poll the body's future in.
    pub(super) fn context(&self) -> Context<'_> {
        Context::from_waker(&self.waker)
    }

    /// Whether a future that has just returned `Pending` can never be woken:
    /// nothing woke it during the poll, and no clone of its waker is left
    /// anywhere (only the wrapper's own two references remain).
    pub(super) fn is_stuck(&self) -> bool {
        let holders = Arc::strong_count(&self.state);
        // A clone dropped on another thread after waking: its wake is seen.
        fence(Ordering::Acquire);
        holders == 2 && !self.state.woken.load(Ordering::SeqCst)
    }
}
