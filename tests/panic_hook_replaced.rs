//! A panic hook that other code sets after ours (a test's own, or a
//! logging library's) replaces ours for the whole process. The first panic
//! a check catches then puts ours back in front of it: the candidates of a
//! shrink stay silent and keep their locations, so the failure shrinks as
//! one origin.
//!
//! This file holds a single test because it sets process-wide panic hooks,
//! which other tests in the same binary would disturb.

use std::panic;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use quickcheck::{Options, Property, generate};

#[test]
fn a_hook_set_after_ours_is_wrapped_again() {
    // A first check installs our hook.
    let first = Property::for_all(generate::integer::<u8>(), |n| assert!(n < 10)).check(Options::default().seed(1));
    assert!(first.is_falsified(), "{first}");

    // Then other code sets its own hook, which counts the panics it sees.
    let seen = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&seen);
    panic::set_hook(Box::new(move |_| {
        counter.fetch_add(1, Ordering::SeqCst);
    }));

    let lists = generate::vec(generate::integer::<i64>()).min_length(40);
    let result = Property::for_all(lists, |list| {
        assert!(list.iter().filter(|&&x| x > 100).count() < 3, "three large values");
    })
    .check(Options::default().seed(11));
    // One failure, with its location, shrunk to the minimum.
    assert_eq!(result.failures().len(), 1, "{result}");
    let location = result.failure().and_then(|failure| failure.location()).expect("a location");
    assert!(location.file.ends_with("panic_hook_replaced.rs"), "{location}");
    let mut expected = vec![0; 37];
    expected.extend([101, 101, 101]);
    assert_eq!(result.minimal().unwrap().value(), &expected, "{result}");
    // The other hook saw the one panic that showed it had replaced ours,
    // and none of the shrink's.
    assert_eq!(seen.load(Ordering::SeqCst), 1, "{result}");

    // Outside a check, panics still reach the other hook.
    assert!(panic::catch_unwind(|| panic!("outside")).is_err());
    assert_eq!(seen.load(Ordering::SeqCst), 2);
    let _ = panic::take_hook();
}
