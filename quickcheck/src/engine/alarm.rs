//! Wakes a task at a given instant, from one thread that every check in
//! the process shares: how an asynchronous body still waiting at its
//! deadline gets polled once more, to be given up on, under any executor
//! (a runtime's timer belongs to that runtime, and the minimal executor of
//! this crate has none).
//!
//! The thread starts with the first alarm set, and sleeps until the
//! earliest alarm is due or a new one comes. An alarm dropped before it
//! rings drops its waker there and then, so it keeps no task alive; the
//! thread forgets it by its next wake-up.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::task::Waker;
use std::time::Instant;

/// The waker an alarm will wake: `None` once it rang or was cancelled.
type Slot = Arc<Mutex<Option<Waker>>>;

/// A request to wake the waker in `slot` at `at`.
struct Request {
    at: Instant,
    slot: Slot,
}

/// An alarm set with [`wake_at`]: dropping it cancels it.
pub(crate) struct Alarm {
    slot: Slot,
}

impl Alarm {
    /// Whether this alarm, not yet rung, would wake the task `waker` wakes.
    pub(crate) fn wakes(&self, waker: &Waker) -> bool {
        lock(&self.slot).as_ref().is_some_and(|set| set.will_wake(waker))
    }
}

impl Drop for Alarm {
    fn drop(&mut self) {
        // Taken out under the lock, dropped after it: a waker's drop is
        // the executor's code.
        let waker = lock(&self.slot).take();
        drop(waker);
    }
}

fn lock(slot: &Slot) -> std::sync::MutexGuard<'_, Option<Waker>> {
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The shared thread's inbox; `None` if the thread could not be started,
/// and then no alarm rings (a waiting body waits, as without a deadline).
static ALARMS: OnceLock<Option<Sender<Request>>> = OnceLock::new();

/// Wakes `waker` at `at`, unless the returned alarm is dropped first.
pub(crate) fn wake_at(at: Instant, waker: &Waker) -> Alarm {
    let slot = Arc::new(Mutex::new(Some(waker.clone())));
    let inbox = ALARMS.get_or_init(|| {
        let (sender, receiver) = mpsc::channel();
        let started = std::thread::Builder::new().name("quickcheck deadlines".to_owned()).spawn(move || ring(receiver));
        started.ok().map(|_| sender)
    });
    if let Some(inbox) = inbox {
        // The thread ends only when the sender is gone, which it never is:
        // a panic in an executor's wake is caught there.
        let _ = inbox.send(Request { at, slot: Arc::clone(&slot) });
    }
    Alarm { slot }
}

/// The shared thread: wakes each request when it is due, and forgets those
/// rung or cancelled.
fn ring(inbox: Receiver<Request>) {
    let mut pending: Vec<Request> = Vec::new();
    loop {
        let now = Instant::now();
        let mut due = Vec::new();
        pending.retain(|request| {
            if request.at <= now {
                due.extend(lock(&request.slot).take());
            }
            request.at > now && lock(&request.slot).is_some()
        });
        for waker in due {
            // An executor's wake that panics must not end the thread that
            // every later deadline needs.
            let _ = catch_unwind(AssertUnwindSafe(|| waker.wake()));
        }
        let received = match pending.iter().map(|request| request.at).min() {
            Some(next) => inbox.recv_timeout(next.saturating_duration_since(now)),
            None => inbox.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match received {
            Ok(request) => pending.push(request),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::task::Wake;
    use std::time::Duration;

    /// Counts its wakes, and unparks the thread waiting for them.
    struct Counted {
        wakes: AtomicU32,
        waiting: std::thread::Thread,
    }

    impl Wake for Counted {
        fn wake(self: Arc<Self>) {
            self.wake_by_ref();
        }

        fn wake_by_ref(self: &Arc<Self>) {
            self.wakes.fetch_add(1, Ordering::SeqCst);
            self.waiting.unpark();
        }
    }

    #[test]
    fn an_alarm_rings_when_due_and_a_dropped_one_never() {
        let counted = Arc::new(Counted { wakes: AtomicU32::new(0), waiting: std::thread::current() });
        let waker = Waker::from(Arc::clone(&counted));
        let set_at = Instant::now();
        drop(wake_at(set_at + Duration::from_millis(10), &waker));
        // The dropped alarm let go of its clone of the waker at once: the
        // test's two are all there are.
        assert_eq!(Arc::strong_count(&counted), 2);
        let _kept = wake_at(set_at + Duration::from_millis(40), &waker);
        // Bounded, so that an alarm that never rings fails the test.
        while counted.wakes.load(Ordering::SeqCst) == 0 && set_at.elapsed() < Duration::from_secs(10) {
            std::thread::park_timeout(Duration::from_millis(100));
        }
        assert_eq!(counted.wakes.load(Ordering::SeqCst), 1, "the kept alarm rang once, the dropped one never");
        assert!(set_at.elapsed() >= Duration::from_millis(40));
    }
}
