//! Which part a check with isolation plays in this process: the test's
//! own, which runs the check with its bodies in a child; the child serving
//! it; or neither. A child finds its check again by where it runs (the
//! test's name, or the registered property) and by its kind and place among
//! the isolated checks there.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

/// The environment variable that makes a test binary's process a child
/// serving a check: its value names the check (see [`role`]).
pub(crate) const WORKER_VARIABLE: &str = "QUICKCHECK_WORKER";

/// The environment variable that names, to a child, the registered
/// property whose check it serves, when [`registry`](crate::registry)
/// checked it: `run_all` then checks that property alone.
pub(crate) const PROPERTY_VARIABLE: &str = "QUICKCHECK_WORKER_PROPERTY";

/// How often a child looks whether the test's process is still there.
#[cfg(unix)]
const PARENT_POLL: Duration = Duration::from_millis(100);

/// What a check with isolation is in this process.
pub(crate) enum Role {
    /// The test's own process: it runs the check, with each body in a
    /// child that finds this check by `place` and `check`, the check's
    /// name among the isolated checks there; `earlier` isolated checks came
    /// before it there.
    Parent { place: Place, check: String, earlier: u32 },
    /// A child serving this check.
    Worker,
    /// A child serving another isolated check of the same test, which this
    /// check comes before: it passes at once, so the test goes on to the
    /// one served.
    OtherCheck,
    /// A check that runs in this process after all: one inside the body
    /// of the check a child serves, which is isolated already, or one that
    /// only `QUICKCHECK_ISOLATE` asked to isolate where no test's thread
    /// names it (a doctest, a target without the test harness).
    InProcess,
}

/// Where a check runs, for a child to reach it again: the test, as the
/// test harness names it, and the registered property, when
/// [`registry`](crate::registry) checks one (outside the test harness,
/// where no thread names a test). At least one of them.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    pub(super) test: Option<String>,
    pub(super) property: Option<String>,
}

impl Place {
    /// The place's name, for counting its checks and for messages.
    pub(super) fn name(&self) -> &str {
        self.test.as_deref().or(self.property.as_deref()).unwrap_or_default()
    }
}

thread_local! {
    /// The registered property [`registry`](crate::registry) is checking
    /// on this thread, if it is.
    static REGISTERED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `check` as the check of the registered property `path`, so that an
/// isolated check in it has a place to be found again.
pub(crate) fn checking_registered<R>(path: String, check: impl FnOnce() -> R) -> R {
    let outer = REGISTERED.with(|registered| registered.replace(Some(path)));
    // Put back whether the check returns or unwinds.
    struct PutBack(Option<String>);
    impl Drop for PutBack {
        fn drop(&mut self) {
            REGISTERED.with(|registered| *registered.borrow_mut() = self.0.take());
        }
    }
    let _put_back = PutBack(outer);
    check()
}

/// The registered property a child serves, if it serves one: what
/// [`registry::run_all`](crate::registry::run_all) checks alone there.
pub(crate) fn served_property() -> Option<String> {
    std::env::var(PROPERTY_VARIABLE).ok()
}

/// Whether this process is a child that has begun serving its check.
static SERVING: AtomicBool = AtomicBool::new(false);

/// Notes that this process, a child, serves its check from now on: a check
/// inside its body runs here, caught panics are echoed to standard error
/// (the quote of a crash then holds the panic a double panic began with),
/// and the process ends if the test's process does, which a body stuck in
/// a loop would otherwise outlive.
pub(crate) fn begin_serving() {
    SERVING.store(true, Ordering::Relaxed);
    crate::engine::unwind::echo_caught_panics();
    #[cfg(unix)]
    {
        let parent = std::os::unix::process::parent_id();
        let _ = thread::Builder::new().name("quickcheck isolation parent".to_owned()).stack_size(64 << 10).spawn(
            move || {
                while std::os::unix::process::parent_id() == parent {
                    thread::sleep(PARENT_POLL);
                }
                std::process::exit(1);
            },
        );
    }
}

/// The isolated checks one test has begun on a thread: how many in all,
/// and how many of each kind (by the hash of its generator's and body's
/// types).
#[derive(Default)]
struct BegunChecks {
    test: String,
    all: u32,
    of_kind: Vec<(u64, u32)>,
}

thread_local! {
    static BEGUN: RefCell<BegunChecks> = RefCell::new(BegunChecks::default());
}

/// What an isolated check that begins now is; an error, saying why, when
/// isolation cannot work here. `kind` tells the check's kind apart (its
/// generator's and body's type names: a closure's names the function it is
/// written in), so that a child serves the check of the kind the test's
/// process runs, and of that kind the same one in order, whatever other
/// checks the test makes on the way.
///
/// `asked_by_environment` says that `QUICKCHECK_ISOLATE` asked for
/// isolation and the options did not: a setting for a whole run, which
/// checks that cannot be isolated run without.
pub(crate) fn role(kind: &str, asked_by_environment: bool) -> Result<Role, String> {
    if SERVING.load(Ordering::Relaxed) {
        return Ok(Role::InProcess);
    }
    let current = thread::current();
    let test = current.name().filter(|&name| name != "main").map(str::to_owned);
    let property = REGISTERED.with(|registered| registered.borrow().clone());
    let place = match (test, property) {
        (None, None) if asked_by_environment => return Ok(Role::InProcess),
        (None, None) => {
            return Err("isolation runs each example in a child process that runs this test again, found by its \
                        name, which the test harness gives the thread each test runs on; this check runs on a \
                        thread with no test's name (in `main`, a target with `harness = false`, or a thread of \
                        its own). Run it from a #[test] or #[property] function, on the test's own thread (or, \
                        without the test harness, check #[property] functions with registry::run_all), or \
                        leave isolation off"
                .to_owned());
        }
        (test, property) => Place { test, property },
    };
    let test = place.name().to_owned();
    let kind = fnv1a(kind);
    let (earlier, ordinal) = BEGUN.with(|begun| {
        let mut begun = begun.borrow_mut();
        if begun.test != test {
            *begun = BegunChecks { test: test.clone(), ..BegunChecks::default() };
        }
        let earlier = begun.all;
        begun.all += 1;
        let ordinal = match begun.of_kind.iter_mut().find(|(known, _)| *known == kind) {
            Some((_, count)) => {
                *count += 1;
                *count - 1
            }
            None => {
                begun.of_kind.push((kind, 1));
                0
            }
        };
        (earlier, ordinal)
    });
    let check = format!("{kind:016x}.{ordinal}");
    match std::env::var_os(WORKER_VARIABLE) {
        None => Ok(Role::Parent { place, check, earlier }),
        Some(served) if served == check.as_str() => Ok(Role::Worker),
        Some(_) => Ok(Role::OtherCheck),
    }
}

/// The 64-bit FNV-1a hash of `text`: the same in every process, unlike
/// the standard library's seeded hashers.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}
