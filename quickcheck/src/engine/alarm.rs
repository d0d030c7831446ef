//! Wakes a task at a given instant, from one thread that every check in
//! the process shares: how an asynchronous body still waiting at its
//! deadline gets polled once more, to be given up on, under any executor
//! (a runtime's timer belongs to that runtime, and the minimal executor of
//! this crate has none).
//!
//! The thread starts with the first alarm set, and sleeps until the
//! earliest alarm is due or a new one comes. An alarm that is dropped
//! before it rings is forgotten, so a run of bodies that finish in time
//! leaves nothing behind.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::task::Waker;
use std::time::Instant;

/// A request to wake `waker` at `at`, unless cancelled first.
struct Request {
    at: Instant,
    waker: Waker,
    cancelled: Arc<AtomicBool>,
}

/// An alarm set with [`wake_at`]: dropping it cancels it.
pub(crate) struct Alarm {
    cancelled: Arc<AtomicBool>,
    waker: Waker,
}

impl Alarm {
    /// Whether this alarm would wake the task `waker` wakes.
    pub(crate) fn wakes(&self, waker: &Waker) -> bool {
        self.waker.will_wake(waker)
    }
}

impl Drop for Alarm {
    fn drop(&mut self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }
}

/// The shared thread's inbox; `None` if the thread could not be started,
/// and then no alarm rings (a waiting body waits, as without a deadline).
static ALARMS: OnceLock<Option<Sender<Request>>> = OnceLock::new();

/// Wakes `waker` at `at`, unless the returned alarm is dropped first.
pub(crate) fn wake_at(at: Instant, waker: &Waker) -> Alarm {
    let cancelled = Arc::new(AtomicBool::new(false));
    let inbox = ALARMS.get_or_init(|| {
        let (sender, receiver) = mpsc::channel();
        let started = std::thread::Builder::new().name("quickcheck deadlines".to_owned()).spawn(move || ring(receiver));
        started.ok().map(|_| sender)
    });
    if let Some(inbox) = inbox {
        // The thread never ends while the process holds the sender.
        let _ = inbox.send(Request { at, waker: waker.clone(), cancelled: Arc::clone(&cancelled) });
    }
    Alarm { cancelled, waker: waker.clone() }
}

/// The shared thread: wakes each request when it is due, forgetting those
/// cancelled meanwhile.
fn ring(inbox: Receiver<Request>) {
    let mut pending: Vec<Request> = Vec::new();
    loop {
        let now = Instant::now();
        pending.retain(|request| {
            let due = request.at <= now;
            if due && !request.cancelled.load(Ordering::Relaxed) {
                request.waker.wake_by_ref();
            }
            !due && !request.cancelled.load(Ordering::Relaxed)
        });
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
    use std::sync::atomic::AtomicU32;
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
        let cancelled = wake_at(Instant::now() + Duration::from_millis(5), &waker);
        drop(cancelled);
        let set_at = Instant::now();
        let _kept = wake_at(set_at + Duration::from_millis(20), &waker);
        while counted.wakes.load(Ordering::SeqCst) == 0 {
            std::thread::park_timeout(Duration::from_millis(100));
        }
        assert!(set_at.elapsed() >= Duration::from_millis(20));
        // Well past the cancelled alarm's time: it never rang.
        std::thread::sleep(Duration::from_millis(10));
        assert_eq!(counted.wakes.load(Ordering::SeqCst), 1);
    }
}
