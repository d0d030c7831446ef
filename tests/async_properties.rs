//! Asynchronous bodies: awaited one at a time, under tokio and under a
//! minimal executor of our own, with the same shrinking as synchronous ones.

use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, Wake, Waker};
use std::time::Duration;

use quickcheck::{Options, Outcome, Property, generate};

async fn round_trip(text: String) -> String {
    tokio::time::sleep(Duration::from_micros(1)).await;
    text
}

#[tokio::test]
async fn an_async_body_passes_under_tokio() {
    Property::for_all(generate::string(), async |text: String| {
        assert_eq!(round_trip(text.clone()).await, text);
    })
    .assert_async(Options::default().seed(1).runs(50))
    .await;
}

#[tokio::test]
async fn an_async_failure_shrinks_to_the_minimal_counterexample() {
    let result = Property::for_all(generate::vec(generate::integer::<i32>()), async |list: Vec<i32>| {
        tokio::task::yield_now().await;
        !list.contains(&100)
    })
    .check_async(Options::default().seed(3).runs(20_000))
    .await;
    assert_eq!(result.outcome(), Outcome::Falsified);
    assert_eq!(result.minimal().unwrap().value(), &vec![100], "{result}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_async_panic_is_caught_on_a_multi_threaded_runtime() {
    let result = Property::for_all(generate::between(0u32, 1000), async |n: u32| {
        tokio::task::yield_now().await;
        assert!(n < 300, "{n} is too large");
    })
    .check_async(Options::default().seed(5))
    .await;
    assert_eq!(result.minimal().unwrap().value(), &300, "{result}");
    assert_eq!(result.failure().unwrap().message(), "300 is too large");
}

/// The smallest possible executor: polls on one thread, parking between
/// wake-ups. Nothing of tokio's is involved.
fn block_on<F: Future>(future: F) -> F::Output {
    struct Flag(AtomicBool, std::thread::Thread);
    impl Wake for Flag {
        fn wake(self: Arc<Self>) {
            self.0.store(true, Ordering::Release);
            self.1.unpark();
        }
    }
    let flag = Arc::new(Flag(AtomicBool::new(false), std::thread::current()));
    let waker = Waker::from(Arc::clone(&flag));
    let mut future = pin!(future);
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut Context::from_waker(&waker)) {
            return output;
        }
        while !flag.0.swap(false, Ordering::Acquire) {
            std::thread::park();
        }
    }
}

/// A future that is pending once before it completes, to make the executor
/// actually wait.
struct YieldOnce(bool);

impl Future for YieldOnce {
    type Output = ();
    fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            Poll::Ready(())
        } else {
            self.0 = true;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    }
}

#[test]
fn an_async_property_runs_under_any_executor() {
    let result = block_on(
        Property::for_all((generate::integer::<i64>(), generate::integer::<i64>()), async |(a, b): (i64, i64)| {
            YieldOnce(false).await;
            a.checked_add(b).is_none_or(|sum| sum <= 1000)
        })
        .check_async(Options::default().seed(2)),
    );
    assert_eq!(result.minimal().unwrap().value(), &(0, 1001), "{result}");
}

/// A future that is pending once and forgets its waker: nothing can ever
/// wake it.
struct ForgetsItsWaker;

impl Future for ForgetsItsWaker {
    type Output = ();
    fn poll(self: std::pin::Pin<&mut Self>, _: &mut Context<'_>) -> Poll<()> {
        Poll::Pending
    }
}

/// An async body that catches `assume`'s stop and goes on to wait is
/// discarded there and then; the locals it holds are dropped inside the
/// check, where a panic in their `Drop` cannot escape it.
#[test]
fn an_async_body_that_catches_a_discard_and_waits_is_discarded() {
    struct Armed;
    impl Drop for Armed {
        fn drop(&mut self) {
            panic!("dropped before the body finished");
        }
    }
    let result = block_on(
        Property::for_all(generate::integer::<u8>(), async |n: u8| {
            let armed = Armed;
            let _ = std::panic::catch_unwind(|| quickcheck::assume(n > 5));
            YieldOnce(false).await;
            std::mem::forget(armed);
            assert!(n > 5);
        })
        .check_async(Options::default().seed(1)),
    );
    assert!(result.is_passed(), "{result}");
    assert!(result.discards() > 0, "{result}");
}

/// Tokio's timers used with no Tokio runtime running fail every example;
/// the report says what is missing.
#[test]
fn tokio_used_outside_a_runtime_is_explained() {
    let result = block_on(
        Property::for_all(generate::integer::<u8>(), async |n: u8| {
            if n > 10 {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        })
        .check_async(Options::default().seed(1)),
    );
    assert_eq!(result.minimal().expect("falsified").value(), &11, "{result}");
    assert!(result.to_string().contains("\n  Hint: no Tokio runtime was running where the body ran."), "{result}");
}

/// Whether a body that waits on `wait` for large values fails, shrunk to
/// the first large value, for waiting with nothing to wake it.
fn assert_stuck_above_200(result: quickcheck::PropertyResult<u8>) {
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    assert_eq!(result.minimal().unwrap().value(), &201, "{result}");
    let failure = result.failure().unwrap();
    assert_eq!(failure.kind(), quickcheck::FailureKind::NeverFinishes, "{result}");
    assert!(result.to_string().contains("can never finish"), "{result}");
}

/// An async body still waiting at its deadline is given up on there, under
/// tokio as under the minimal executor, however long it would have waited.
/// (The deadline leaves a body that does not wait ample time on a loaded
/// machine.)
#[tokio::test]
async fn an_async_body_waiting_past_its_deadline_is_given_up_on_under_tokio() {
    let result = Property::for_all(generate::between(0u8, 100), async |n: u8| {
        if n > 5 {
            tokio::time::sleep(Duration::from_secs(3600)).await;
        }
    })
    .check_async(Options::default().seed(1).multiple_failures(false).deadline(Duration::from_millis(100)))
    .await;
    assert_given_up_above_5(result);
}

/// A future that keeps its waker and never wakes it: no executor can tell
/// that it never finishes.
struct HoldsItsWakerForEver;

impl Future for HoldsItsWakerForEver {
    type Output = ();
    fn poll(self: std::pin::Pin<&mut Self>, context: &mut Context<'_>) -> Poll<()> {
        std::mem::forget(context.waker().clone());
        Poll::Pending
    }
}

#[test]
fn an_async_body_waiting_past_its_deadline_is_given_up_on_under_the_minimal_executor() {
    let result = block_on(
        Property::for_all(generate::between(0u8, 100), async |n: u8| {
            if n > 5 {
                HoldsItsWakerForEver.await;
            }
        })
        .check_async(Options::default().seed(1).multiple_failures(false).deadline(Duration::from_millis(100))),
    );
    assert_given_up_above_5(result);
    // A pinned example is held to the deadline the same way.
    let pinned = block_on(
        Property::for_all(generate::between(0u8, 100), async |n: u8| {
            if n > 5 {
                HoldsItsWakerForEver.await;
            }
        })
        .example(50)
        .check_async(Options::default().seed(1).deadline(Duration::from_millis(100))),
    );
    assert_eq!(pinned.minimal().unwrap().value(), &50, "{pinned}");
    assert!(pinned.failure().unwrap().message().ends_with("deadline of 100ms: given up on"), "{pinned}");
}

fn assert_given_up_above_5(result: quickcheck::PropertyResult<u8>) {
    assert_eq!(result.minimal().unwrap().value(), &6, "{result}");
    let failure = result.failure().unwrap();
    assert_eq!(failure.kind(), quickcheck::FailureKind::DeadlineExceeded, "{result}");
    assert!(failure.message().ends_with("longer than the deadline of 100ms: given up on"), "{result}");
}

/// A guard that panics when dropped outside a panic: one that refuses to
/// be given up on unfinished.
struct PanicsWhenDropped(u8);

impl Drop for PanicsWhenDropped {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            panic!("dropped the guard of {}", self.0);
        }
    }
}

/// A stuck body's future is dropped when the check gives up on it; a panic
/// in that drop is part of the failure's report, not a panic out of the
/// check.
#[test]
fn a_panic_while_dropping_a_stuck_body_is_reported() {
    let result = block_on(
        Property::for_all(generate::integer::<u8>(), async |byte: u8| {
            let guard = PanicsWhenDropped(byte);
            if byte > 200 {
                std::future::pending::<()>().await;
            }
            std::mem::forget(guard);
        })
        .check_async(Options::default().seed(4).runs(1000)),
    );
    assert_stuck_above_200(result.clone());
    let message = result.failure().unwrap().message();
    assert!(message.contains(". Dropping the future then panicked at tests/async_properties.rs:"), "{result}");
    assert!(message.ends_with(": dropped the guard of 201"), "{result}");
}

#[test]
fn a_body_that_nothing_can_wake_fails_rather_than_hangs() {
    let pending_for_ever = block_on(
        Property::for_all(generate::integer::<u8>(), async |byte: u8| {
            if byte > 200 {
                std::future::pending::<()>().await;
            }
        })
        .check_async(Options::default().seed(4).runs(1000)),
    );
    assert_stuck_above_200(pending_for_ever);
    let forgotten = block_on(
        Property::for_all(generate::integer::<u8>(), async |byte: u8| {
            if byte > 200 {
                ForgetsItsWaker.await;
            }
        })
        .check_async(Options::default().seed(4).runs(1000)),
    );
    assert_stuck_above_200(forgotten);
    // A thread's wake is no hang either, under this executor.
    block_on(
        Property::for_all(generate::integer::<u8>(), async |_: u8| WokenByAThread::default().await)
            .assert_async(Options::default().seed(4).runs(50)),
    );
}

/// A future that a thread of its own wakes, a little later, through a
/// clone of its waker.
#[derive(Default)]
struct WokenByAThread {
    done: Arc<AtomicBool>,
    started: bool,
}

impl Future for WokenByAThread {
    type Output = ();
    fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.done.load(Ordering::Acquire) {
            return Poll::Ready(());
        }
        if !self.started {
            self.started = true;
            let (done, waker) = (Arc::clone(&self.done), cx.waker().clone());
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_micros(50));
                done.store(true, Ordering::Release);
                waker.wake();
            });
        }
        Poll::Pending
    }
}

#[tokio::test]
async fn a_body_stuck_under_tokio_fails_too_and_waiting_ones_do_not() {
    let stuck = Property::for_all(generate::integer::<u8>(), async |byte: u8| {
        tokio::task::yield_now().await;
        if byte > 200 {
            std::future::pending::<()>().await;
        }
    })
    .check_async(Options::default().seed(4).runs(1000))
    .await;
    assert_stuck_above_200(stuck);
    // Woken from another thread, by a timer, by the runtime: waiting, not
    // stuck.
    Property::for_all(generate::integer::<u8>(), async |_: u8| {
        WokenByAThread::default().await;
        tokio::time::sleep(Duration::from_micros(1)).await;
        tokio::task::yield_now().await;
        YieldOnce(false).await;
    })
    .assert_async(Options::default().seed(4).runs(200))
    .await;
}

/// A cancellation stops an asynchronous check between examples, as it
/// stops a synchronous one; during shrinking it reports no result, only
/// the failure's replay token.
#[tokio::test]
async fn a_cancelled_async_check_stops_between_examples() {
    let cancellation = quickcheck::Cancellation::new();
    let stop = cancellation.clone();
    let calls = std::cell::Cell::new(0);
    let result = Property::for_all(generate::integer::<u8>(), async |_| {
        tokio::task::yield_now().await;
        calls.set(calls.get() + 1);
        if calls.get() == 10 {
            stop.cancel();
        }
    })
    .check_async(Options::default().seed(1).runs(1000).cancellation(cancellation))
    .await;
    assert_eq!(result.outcome(), Outcome::Cancelled, "{result}");
    assert_eq!(calls.get(), 10);

    let cancellation = quickcheck::Cancellation::new();
    let stop = cancellation.clone();
    let failures = std::cell::Cell::new(0);
    let result = Property::for_all(generate::vec(generate::integer::<i64>()).min_length(20), async |list: Vec<i64>| {
        tokio::task::yield_now().await;
        let large = list.iter().any(|&x| x > 10);
        if large {
            failures.set(failures.get() + 1);
            if failures.get() == 3 {
                stop.cancel();
            }
        }
        !large
    })
    // The first failure alone, so the next two come from the shrinker.
    .check_async(Options::default().seed(1).multiple_failures(false).cancellation(cancellation).database("off"))
    .await;
    assert_eq!(result.outcome(), Outcome::Cancelled, "{result}");
    assert_eq!(failures.get(), 3, "{result}");
    assert!(result.minimal().is_none(), "{result}");
    let report = result.to_string();
    assert!(report.starts_with("Cancelled after 2 tests (seed 1).\n"), "{report}");
    assert!(report.contains("Replay with: "), "{report}");
}
