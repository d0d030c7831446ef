//! A panic in a task that a property's body spawned on a current-thread
//! runtime happens outside the check's catch, where the hook prints it:
//! once per place in a check, not once per example that spawns it.
//!
//! This file holds a single test because it installs a process-wide panic
//! hook, which other tests in the same binary would disturb.

use std::panic;
use std::sync::atomic::Ordering;

use quickcheck::{Options, Property, generate};

mod support;

#[test]
fn a_spawned_tasks_panic_is_printed_once_a_check() {
    let printed = support::counting_panic_hook();
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let result = runtime.block_on(
        Property::for_all(generate::between(0u32, 1000), async |n: u32| {
            tokio::spawn(async move { assert!(n < 10, "spawned: {n} too big") }).await.unwrap();
        })
        .check_async(Options::default().seed(1)),
    );
    assert_eq!(result.minimal().unwrap().value(), &10, "{result}");
    assert!(result.shrink_calls() > 3, "{result}");
    assert_eq!(printed.load(Ordering::SeqCst), 1, "the spawned task's panic was printed more than once");

    // After the check, the previous hook sees every panic again.
    for _ in 0..2 {
        assert!(panic::catch_unwind(|| panic!("outside")).is_err());
    }
    assert_eq!(printed.load(Ordering::SeqCst), 3);
    let _ = panic::take_hook();
}
