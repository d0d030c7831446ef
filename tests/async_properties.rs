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
