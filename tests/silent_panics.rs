//! Panics inside a property print nothing while it runs; panics elsewhere
//! still reach the hook that was installed before.
//!
//! This file holds a single test because it installs a process-wide panic
//! hook, which other tests in the same binary would disturb.

use std::panic;
use std::sync::atomic::Ordering;

use quickcheck::{Options, Property, generate};

mod support;

#[test]
fn panic_output_is_silent_during_a_failing_run_with_many_shrinks() {
    let printed = support::counting_panic_hook();

    let lists = generate::vec(generate::integer::<i64>()).min_length(40);
    let result = Property::for_all(lists, |list| {
        assert!(list.iter().filter(|&&x| x > 100).count() < 3, "three large values");
    })
    .check(Options::default().seed(11));
    assert!(result.is_falsified(), "{result}");
    assert!(result.shrinks() > 20, "only {} shrinks", result.shrinks());
    let mut expected = vec![0; 37];
    expected.extend([101, 101, 101]);
    assert_eq!(result.minimal().unwrap().value(), &expected);
    assert_eq!(printed.load(Ordering::SeqCst), 0, "panics leaked out of the check");

    // Outside a check the previous hook still sees panics.
    let outside = panic::catch_unwind(|| panic!("outside"));
    assert!(outside.is_err());
    assert_eq!(printed.load(Ordering::SeqCst), 1);
    let _ = panic::take_hook();
}
