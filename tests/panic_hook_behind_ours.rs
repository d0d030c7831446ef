//! A test that saves the installed hook, sets its own while a check runs,
//! and restores the saved one, restores a hook of ours that the check
//! does not know for its own; a later check puts a new one in front of
//! it, so two hooks of ours are in the chain. The inner one must pass
//! panics on: were it to handle them too, it would find each place already
//! printed by the outer one and print nothing.
//!
//! This file holds a single test because it sets process-wide panic hooks,
//! which other tests in the same binary would disturb.

use std::panic;
use std::sync::atomic::{AtomicUsize, Ordering};

use quickcheck::{Options, Property, generate};

mod support;

#[test]
fn a_hook_of_ours_behind_another_passes_panics_on() {
    let printed = support::counting_panic_hook();
    // A check puts ours in front of the counting hook.
    let first = Property::for_all(generate::integer::<u8>(), |n| assert!(n < 10)).check(Options::default().seed(1));
    assert!(first.is_falsified(), "{first}");

    // A test saves ours, sets a silent hook, which a check puts a second
    // hook of ours in front of, and restores the saved one.
    let saved = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let second = Property::for_all(generate::integer::<u8>(), |n| assert!(n < 10)).check(Options::default().seed(2));
    assert!(second.is_falsified(), "{second}");
    panic::set_hook(saved);
    let printed_before = printed.load(Ordering::SeqCst);

    // A check whose first example re-raises a joined thread's panic looks
    // at the hook and puts a third in front of the saved one. Its spawned
    // tasks then panic outside its catch, where the hook prints them once
    // a place.
    let calls = AtomicUsize::new(0);
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let _ = runtime.block_on(
        Property::for_all(generate::between(0u32, 1000), async |n: u32| {
            if calls.fetch_add(1, Ordering::SeqCst) == 0 {
                panic::resume_unwind(Box::new("from a thread".to_owned()));
            }
            tokio::spawn(async move { assert!(n < 10, "spawned: {n} too big") }).await.unwrap();
        })
        .check_async(Options::default().seed(1)),
    );
    assert_eq!(printed.load(Ordering::SeqCst) - printed_before, 1, "the spawned task's panic, printed once");
    let _ = panic::take_hook();
}
