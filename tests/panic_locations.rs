//! Misused constructors and calls panic at the user's line, not somewhere
//! inside the library, and say what was wrong.
//!
//! Its own test binary: it installs a panic hook to read each panic's
//! location, and the hook is the whole process's (the test reruns itself
//! alone in a child process for it).

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe, catch_unwind};

use quickcheck::{BoxedGenerator, Generator, assume, generate};

thread_local! {
    /// The location and message of this thread's last panic: per thread,
    /// as the harness runs this binary's other test beside it.
    static LAST_PANIC: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

/// Runs `misuse`, which must panic, and returns the file its panic names
/// and its message.
fn panic_of(misuse: impl FnOnce()) -> (String, String) {
    LAST_PANIC.with(|last| last.borrow_mut().take());
    catch_unwind(AssertUnwindSafe(misuse)).expect_err("expected a panic");
    LAST_PANIC.with(|last| last.borrow_mut().take()).expect("the hook saw the panic")
}

/// A command that changes nothing, for misused command sequences.
#[derive(Clone, Debug)]
struct Nothing;

impl quickcheck::stateful::ModelCommand<()> for Nothing {
    fn update(&self, _: &mut ()) {}
}

/// Levels counted up from 0, at most `max_depth` of them.
fn levels(max_depth: u32) -> BoxedGenerator<'static, u32> {
    generate::recursive(generate::constant(0), max_depth, |below| below.map(|level| level + 1))
}

/// An async property under another runtime's test attribute, which fails:
/// its report must name this file, not a line of the library. Run on its
/// own by the harness too, where it is expected to panic.
#[quickcheck::property(seed = 1, database = "off")]
#[tokio::test]
#[should_panic]
async fn an_async_property_under_tokio_that_fails(n: u8) -> bool {
    n < 100
}

/// A misuse: what it is, the call, and what its message must say.
type Misuse = (&'static str, Box<dyn FnOnce()>, &'static str);

/// Set in the child process that the misuse test reruns itself in (not
/// `QUICKCHECK_`: the crate warns of variables of its own it does not read).
const ALONE: &str = "PANIC_LOCATIONS_TEST_ALONE";

#[test]
// The empty ranges are the point.
#[allow(clippy::reversed_empty_ranges)]
fn misuse_panics_at_the_callers_line_with_what_to_do() {
    // The panic hook is the whole process's, and a check run beside this
    // test (the async property above, run on its own by the harness) puts
    // back the hook it found when it started, which may be the one before
    // this test's. So the test runs alone, in a child process.
    if std::env::var_os(ALONE).is_none() {
        let output = std::process::Command::new(std::env::current_exe().expect("the test binary"))
            .args(["misuse_panics_at_the_callers_line_with_what_to_do", "--exact", "--test-threads=1"])
            .env(ALONE, "1")
            .output()
            .expect("the test binary runs");
        let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        // A renamed test would match nothing, and pass.
        assert!(output.status.success() && stdout.contains("1 passed"), "{stdout}\n{stderr}");
        return;
    }
    panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| info.payload().downcast_ref::<&str>().map(|text| (*text).to_owned()))
            .unwrap_or_default();
        let file = info.location().map(|location| location.file().to_owned()).unwrap_or_default();
        LAST_PANIC.with(|last| *last.borrow_mut() = Some((file, message)));
    }));
    let this_file = file!();
    let cases: Vec<Misuse> = vec![
        (
            "between",
            Box::new(|| {
                let _ = generate::between(10, 1);
            }),
            "pass the bounds in increasing order",
        ),
        (
            "an empty inclusive length range",
            Box::new(|| {
                let _ = generate::vec(generate::integer::<u8>()).length(5..=2);
            }),
            "collection length range 5..=2 is empty",
        ),
        (
            "an empty exclusive length range",
            Box::new(|| {
                let _ = generate::vec(generate::integer::<u8>()).length(3..3);
            }),
            "collection length range 3..3 is empty",
        ),
        (
            "an empty command sequence length range",
            Box::new(|| {
                let _ = quickcheck::stateful::commands(|| (), |_: &()| Some(generate::constant(Nothing))).length(5..5);
            }),
            "command sequence length range 5..5 is empty",
        ),
        (
            "a range that ends below 0",
            Box::new(|| {
                let _ = generate::vec(generate::integer::<u8>()).length(..0);
            }),
            "is empty",
        ),
        ("a recursion too deep", Box::new(|| drop(levels(101))), "ask for at most 100"),
        (
            "sampling a generator that rejects everything",
            Box::new(|| {
                let _ = generate::integer::<u8>().filter(|_| false).sample(1, 1);
            }),
            "attempts in a row were discarded",
        ),
        ("assume outside a check", Box::new(|| assume(false)), "outside a property check"),
        ("an async property that fails under tokio", Box::new(an_async_property_under_tokio_that_fails), "Falsified"),
    ];
    let seen: Vec<_> = cases.into_iter().map(|(misuse, call, advice)| (misuse, panic_of(call), advice)).collect();
    // The default hook back first, so that a failed assertion says why.
    let _ = panic::take_hook();
    for (misuse, (file, message), advice) in seen {
        assert_eq!(file, this_file, "{misuse} panicked inside the library: {message}");
        assert!(message.contains(advice), "{misuse}: {message:?} does not say {advice:?}");
    }
    // The deepest recursion allowed builds, draws and drops.
    assert_eq!(levels(100).sample(20, 1).len(), 20);
}
