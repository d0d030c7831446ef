//! Other code that sets a panic hook drops ours, and the allocator may put
//! the next hook where ours was. Told apart from ours by its address
//! alone, that hook would pass for ours, and ours would never be put back:
//! every later check would hand its silenced panics to the other hook and
//! report failures without a location.
//!
//! This file holds a single test because it sets process-wide panic hooks,
//! which other tests in the same binary would disturb.

use std::panic;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use quickcheck::{Options, Property, generate};

/// A hook that counts the panics it sees, of the size ours has, so that
/// the allocator is apt to place it where ours was.
fn counting_hook(seen: &Arc<AtomicUsize>) -> Box<dyn Fn(&panic::PanicHookInfo<'_>) + Sync + Send> {
    let counter = Arc::clone(seen);
    let padding = [0usize; 2];
    Box::new(move |_| {
        counter.fetch_add(1 + padding[0], Ordering::SeqCst);
    })
}

#[test]
fn a_hook_placed_where_ours_was_is_not_taken_for_ours() {
    // A first check installs our hook.
    let first = Property::for_all(generate::integer::<u8>(), |n| assert!(n < 10)).check(Options::default().seed(1));
    assert!(first.is_falsified(), "{first}");

    // Other code sets a hook, which drops ours, and then another, which
    // the allocator may place where ours was.
    let (dropped_ours, replaced_it) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    panic::set_hook(counting_hook(&dropped_ours));
    panic::set_hook(counting_hook(&replaced_it));

    for seed in 0..3 {
        let result = Property::for_all(generate::integer::<u32>(), |x| assert!(x < 1000, "big"))
            .check(Options::default().seed(seed));
        let location = result.failure().and_then(|failure| failure.location());
        assert!(location.is_some_and(|location| location.file.ends_with("reused_address.rs")), "{result}");
    }
    // At most the one panic that showed ours was gone reached the other
    // hook; the shrinks' panics did not.
    assert!(replaced_it.load(Ordering::SeqCst) <= 1, "{} panics", replaced_it.load(Ordering::SeqCst));
    let _ = panic::take_hook();
}
