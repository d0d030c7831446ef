//! Other code that sets a panic hook, or takes ours, drops ours. Checks
//! after that must notice and put ours back, even partway through a check
//! that already looked at the hook, and must not take another hook for
//! ours because the allocator placed it where ours was: either way, every
//! later panic would go to the other hook and fail without a location.
//!
//! This file holds a single test because it sets process-wide panic hooks,
//! which other tests in the same binary would disturb.

use std::panic;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use quickcheck::{Options, Property, generate};

/// A hook that counts, and prints, the panics it sees, of the size ours
/// has, so that the allocator is apt to place it where ours was.
fn counting_hook(seen: &Arc<AtomicUsize>) -> Box<dyn Fn(&panic::PanicHookInfo<'_>) + Sync + Send> {
    let counter = Arc::clone(seen);
    let padding = [0usize; 2];
    Box::new(move |info| {
        counter.fetch_add(1 + padding[0], Ordering::SeqCst);
        eprintln!("{info}");
    })
}

#[test]
fn a_dropped_hook_of_ours_is_put_back() {
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
        assert!(location.is_some_and(|location| location.file.ends_with("panic_hook_dropped.rs")), "{result}");
    }
    // At most the one panic that showed ours was gone reached the other
    // hook; the shrinks' panics did not.
    assert!(replaced_it.load(Ordering::SeqCst) <= 1, "{} panics", replaced_it.load(Ordering::SeqCst));

    // A check looks at the hook when its first panic without a record (one
    // re-raised from a joined thread) is caught; other code then takes our
    // hook partway through. Its later failures must still keep their
    // location, or they would merge with the one that has none.
    let calls = AtomicUsize::new(0);
    let lists = generate::vec(generate::integer::<i64>()).min_length(40);
    let result = Property::for_all(lists, |list| {
        match calls.fetch_add(1, Ordering::SeqCst) {
            0 => panic::resume_unwind(Box::new("from a thread".to_owned())),
            1 => drop(panic::take_hook()),
            _ => {}
        }
        assert!(list.iter().filter(|&&x| x > 100).count() < 3, "three large values");
    })
    .check(Options::default().seed(11));
    assert_eq!(result.failures().len(), 2, "{result}");
    let located = result.failures().iter().filter_map(|failure| failure.failure().location()).count();
    assert_eq!(located, 1, "{result}");
    let _ = panic::take_hook();
}
