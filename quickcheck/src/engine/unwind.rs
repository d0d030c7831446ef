//! Ending a test case early, and catching panics without printing them.
//!
//! A test case ends early in three ways: a filter or `assume` discards it, it
//! needs more choices than it may make (an overrun), or code panics. The first
//! two unwind with a private marker through [`std::panic::resume_unwind`],
//! which skips the panic hook, so generators can return plain values instead
//! of threading a `Result` through every combinator.
//!
//! Real panics are expected by the hundred while shrinking, so their output is
//! silenced. The hook is installed once for the process and is scoped per
//! thread: it stays quiet only on a thread that is inside [`catch`] at the
//! time, and hands every other panic to the hook that was there before, so
//! tests running in parallel are not disturbed. Code that sets a hook of its
//! own later, or takes ours, drops ours; the first caught panic that finds
//! no record of itself (in a check, or at all once ours is dropped) puts
//! ours back in front of whatever hook is there. A hook that calls the one
//! it replaced keeps ours running behind it, and sees the silenced panics
//! too until ours is put back in front of it. Looking at the installed
//! hook means taking it out and setting it back, a moment in which another
//! thread's panic meets the default hook, so it is done only then.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};

use crate::property::format::listed;

/// Why a test case stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// Something rejected the example.
    Discard(Rejection),
    /// The case needed more choices than it may make.
    Overrun,
}

/// What rejected an example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rejection {
    /// A generator's `filter`.
    Filter,
    /// `assume(false)` in the body or a generator, called here.
    Assumption(CallSite),
    /// A command's precondition.
    Precondition,
    /// A distinct collection that ran out of new elements short of its
    /// minimum length.
    DistinctMinimum,
}

/// How many examples each cause stopped early, so that a message about
/// many discarded examples can say what discarded them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rejections {
    /// By [`Rejection`] in declaration order, then overruns.
    counts: [u64; 5],
    /// Where `assume` rejected examples, while that was one place: a
    /// message names it, as a body may assume several things.
    assumed_at: Option<CallSite>,
    /// Whether `assume` rejected examples at more than one place.
    assumed_at_several: bool,
}

/// A way of stopping an example early, as messages about discards speak
/// of it.
struct Cause {
    /// What it is called.
    name: &'static str,
    /// What to do when it discards too many examples.
    advice: &'static str,
}

/// Where in the user's code a call was (an `assume`, a `cover`), as
/// messages about a call that was not a panic name it: `src/lib.rs:12`,
/// the file and line (a panic's place also has its column, as the
/// standard library prints it). One word and a tag, as every discard
/// carries one: a call in this process is the caller's
/// [`Location`](panic::Location), and one made in a child process (see
/// [`isolation`](crate::engine::isolation)) is kept once for the rest of
/// the process, as the few places a check's calls come from recur.
#[derive(Clone, Copy, Debug)]
pub(crate) enum CallSite {
    Here(&'static panic::Location<'static>),
    InChild(&'static (String, u32)),
}

impl CallSite {
    /// The place of the caller's caller, through `#[track_caller]`.
    #[track_caller]
    #[inline]
    pub(crate) fn caller() -> CallSite {
        CallSite::Here(panic::Location::caller())
    }

    /// The place a child process named.
    pub(crate) fn in_child(file: String, line: u32) -> CallSite {
        static PLACES: Mutex<Vec<&'static (String, u32)>> = Mutex::new(Vec::new());
        let mut places = PLACES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let known = places.iter().find(|place| place.0 == file && place.1 == line).copied();
        CallSite::InChild(known.unwrap_or_else(|| {
            let place: &'static (String, u32) = Box::leak(Box::new((file, line)));
            places.push(place);
            place
        }))
    }

    /// The source file.
    pub(crate) fn file(self) -> &'static str {
        match self {
            CallSite::Here(at) => at.file(),
            CallSite::InChild(place) => &place.0,
        }
    }

    /// The line, from 1.
    pub(crate) fn line(self) -> u32 {
        match self {
            CallSite::Here(at) => at.line(),
            CallSite::InChild(place) => place.1,
        }
    }
}

/// The same place, wherever the call was made.
impl PartialEq for CallSite {
    fn eq(&self, other: &CallSite) -> bool {
        self.line() == other.line() && self.file() == other.file()
    }
}

impl Eq for CallSite {}

impl fmt::Display for CallSite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file(), self.line())
    }
}

/// The advice for filters and `assume`.
const GENERATE_DIRECTLY: &str =
    "Generate valid inputs directly (with generate::between or generate::from_fn, say), or loosen what rejects them.";

/// The place of `assume` in [`CAUSES`].
const ASSUMPTION: usize = 1;

/// Every way of stopping early, in the order of [`Stop::index`].
const CAUSES: [Cause; 5] = [
    Cause { name: "a generator's filter", advice: GENERATE_DIRECTLY },
    Cause { name: "an `assume` that did not hold", advice: GENERATE_DIRECTLY },
    Cause {
        name: "a command's precondition",
        advice: "Make a valid command likelier in every state the model reaches: have `next` offer one that \
                 always applies, or draw arguments that fit the model more often (keys from a small range, say). \
                 A step draws its command up to ten times before it discards the example.",
    },
    Cause {
        name: "a distinct collection short of its minimum length",
        advice: "Lower the collection's minimum length, or widen the range of its elements: it needs that many \
                 different values.",
    },
    Cause {
        name: "a draw of too many choices or too deep a recursion for one example",
        advice: "Make the values smaller: shorter collections, or recursion that ends sooner.",
    },
];

impl Rejections {
    /// These counts with `overruns` more examples that overran.
    pub(crate) fn with_overruns(mut self, overruns: u64) -> Rejections {
        self.counts[Stop::Overrun.index()] += overruns;
        self
    }

    /// Counts one example that `stop` ended.
    pub(crate) fn count(&mut self, stop: Stop) {
        self.counts[stop.index()] += 1;
        if let Stop::Discard(Rejection::Assumption(at)) = stop {
            match self.assumed_at {
                None => self.assumed_at = Some(at),
                Some(seen) => self.assumed_at_several |= seen != at,
            }
        }
    }

    /// The causes that stopped examples, most often first, with how many
    /// each stopped, as in "a generator's filter (998 examples) and an
    /// `assume` that did not hold (2 examples)".
    /// Every cause there is, when none was counted.
    pub(crate) fn describe(&self) -> String {
        let mut counted: Vec<(u64, usize)> = self
            .counts
            .iter()
            .enumerate()
            .filter(|&(_, &count)| count > 0)
            .map(|(index, &count)| (count, index))
            .collect();
        if counted.is_empty() {
            return listed(&CAUSES.map(|cause| cause.name.to_owned()), "or");
        }
        // Stable: causes counted as often keep their order.
        counted.sort_by_key(|&(count, _)| std::cmp::Reverse(count));
        let parts: Vec<String> = counted
            .iter()
            .map(|&(count, index)| {
                let place = match self.assumed_at {
                    Some(at) if index == ASSUMPTION && !self.assumed_at_several => format!(" at {at}"),
                    _ => String::new(),
                };
                format!("{}{place} ({count} example{})", CAUSES[index].name, if count == 1 { "" } else { "s" })
            })
            .collect();
        listed(&parts, "and")
    }

    /// What to do about the discards, for the cause that stopped the most
    /// examples (filters' advice when none was counted).
    pub(crate) fn advice(&self) -> &'static str {
        let most = (0..CAUSES.len()).rev().max_by_key(|&index| self.counts[index]).unwrap_or(0);
        CAUSES[most].advice
    }
}

impl Stop {
    /// What stopped the example, as messages about discards name it: "a
    /// generator's filter".
    pub(crate) fn cause(self) -> &'static str {
        CAUSES[self.index()].name
    }

    /// [`cause`](Stop::cause), with the place of an `assume`: "an `assume`
    /// that did not hold at src/lib.rs:12".
    pub(crate) fn cause_and_place(self) -> String {
        match self {
            Stop::Discard(Rejection::Assumption(at)) => format!("{} at {at}", self.cause()),
            _ => self.cause().to_owned(),
        }
    }

    /// Its place in [`CAUSES`] and in the counts of [`Rejections`].
    fn index(self) -> usize {
        match self {
            Stop::Discard(Rejection::Filter) => 0,
            Stop::Discard(Rejection::Assumption(_)) => ASSUMPTION,
            Stop::Discard(Rejection::Precondition) => 2,
            Stop::Discard(Rejection::DistinctMinimum) => 3,
            Stop::Overrun => 4,
        }
    }

    /// Ends the current test case. Outside a check there is none: the
    /// marker would unwind past the test harness, which prints nothing for
    /// a payload that is not a message, so it panics with one instead.
    #[track_caller]
    pub(crate) fn raise(self) -> ! {
        if SILENCED.with(Cell::get) == 0 {
            let what = match self {
                Stop::Discard(_) => format!("{} discarded an example", self.cause()),
                Stop::Overrun => "a generator drew more choices than an example may make".to_owned(),
            };
            panic!(
                "{what} outside a property check, where there is no example to end: call assume, filters and \
                 preconditions only in a property body or in a generator a check or `sample` draws from"
            );
        }
        STOP_IN_FLIGHT.with(|stop| stop.set(Some(self)));
        panic::resume_unwind(Box::new(self))
    }
}

/// Where a panic happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Location {
    /// The source file, as the compiler names it.
    pub file: String,
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1.
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// A panic caught while running generators or a property body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Panic {
    pub(crate) message: String,
    pub(crate) location: Option<Location>,
}

/// How a caught piece of code ended, when it did not return.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Caught {
    Stop(Stop),
    /// Boxed: caught panics are rare, and every case's result carries room
    /// for one.
    Panic(Box<Panic>),
}

impl Panic {
    /// The panic, as a message says it after a subject: "panicked at
    /// src/lib.rs:4:9: the message".
    pub(crate) fn what_happened(&self) -> String {
        match &self.location {
            Some(location) => format!("panicked at {location}: {}", self.message),
            None => format!("panicked: {}", self.message),
        }
    }
}

impl Caught {
    /// What happened, as a report says it after a subject: "panicked at
    /// src/lib.rs:4:9: the message".
    pub(crate) fn what_happened(&self) -> String {
        match self {
            Caught::Panic(panic) => panic.what_happened(),
            Caught::Stop(_) => "was discarded outside any example".to_owned(),
        }
    }
}

thread_local! {
    static SILENCED: Cell<u32> = const { Cell::new(0) };
    /// Whether this thread is running our hook, so that a hook of ours that
    /// the outer one reaches through another hook passes the panic on.
    static IN_OUR_HOOK: Cell<bool> = const { Cell::new(false) };
    /// The stop last raised on this thread, until a [`catch`] of this
    /// module catches it: one still here when the code a `catch` ran
    /// returns was caught by that code (a `catch_unwind` around `assume`
    /// or a filtered draw), and still ends the test case.
    static STOP_IN_FLIGHT: Cell<Option<Stop>> = const { Cell::new(None) };
    static LAST_PANIC: RefCell<Option<Panic>> = const { RefCell::new(None) };
    /// Set when this thread found our hook replaced and put it back: the
    /// panic that showed it has no location, and running its case again
    /// gives it one.
    static HOOK_RESTORED: Cell<bool> = const { Cell::new(false) };
    /// Whether this thread has looked at the installed hook since the
    /// current check began: once is enough to put ours back, and each look
    /// swaps the hook out and in, a moment in which another thread's panic
    /// would meet no hook of ours.
    static HOOK_LOOKED_AT: Cell<bool> = const { Cell::new(false) };
    /// Whether the runner is replaying the input a generator panicked on,
    /// to note for its report what generators had drawn (see
    /// [`noting_panic`]).
    static NOTING_PANIC: Cell<bool> = const { Cell::new(false) };
    /// The notes generators left as that panic unwound through them.
    static PANIC_NOTES: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

/// Runs `draw`, a replay of an input a generator panics on, which catches
/// what it raises, and returns with its result the notes generators left
/// with [`note_panic`] as the panic unwound through them.
pub(crate) fn noting_panic<R>(draw: impl FnOnce() -> R) -> (R, Vec<(String, String)>) {
    let outer = NOTING_PANIC.with(|noting| noting.replace(true));
    let outer_notes = PANIC_NOTES.with(|notes| notes.take());
    let result = draw();
    NOTING_PANIC.with(|noting| noting.set(outer));
    let notes = PANIC_NOTES.with(|notes| notes.replace(outer_notes));
    (result, notes)
}

/// Whether a panic is unwinding that the report of a generator's panic
/// reads notes about: true only within [`noting_panic`]. A generator checks
/// it from a drop guard, and only then pays for what it notes.
#[inline]
pub(crate) fn panic_notes_wanted() -> bool {
    std::thread::panicking() && NOTING_PANIC.with(Cell::get)
}

/// Leaves a note for the report of the generator's panic unwinding now;
/// nothing happens outside [`noting_panic`].
pub(crate) fn note_panic(label: &str, value: String) {
    if NOTING_PANIC.with(Cell::get) {
        PANIC_NOTES.with(|notes| notes.borrow_mut().push((label.to_owned(), value)));
    }
}

/// A check begins on this thread: a caught panic without a record may look
/// at the installed hook again.
pub(crate) fn begin_check() {
    HOOK_LOOKED_AT.with(|looked| looked.set(false));
}

/// A place in the source a panic came from: file, line and column.
type Place = (String, u32, u32);

/// A check running on a thread, with the places of the panics printed
/// there meanwhile outside any catch.
struct RunningCheck {
    id: u64,
    thread: std::thread::ThreadId,
    printed: Vec<Place>,
}

/// The checks running, in the order they started. A current-thread
/// runtime polls the tasks a body spawned between polls of the check, on
/// the check's thread but outside its catch, so a task's panic would be
/// printed once for every example and shrink attempt that spawns it: it
/// is printed once per place in a check instead. (A multi-thread
/// runtime's workers are other threads, whose panics all print.)
static CHECKING: Mutex<Vec<RunningCheck>> = Mutex::new(Vec::new());

/// Numbers the checks, so that each guard removes its own entry.
static CHECK_IDS: AtomicU64 = AtomicU64::new(0);

/// A check running on this thread, until dropped: see [`CHECKING`].
pub(crate) struct Checking {
    id: u64,
}

/// Marks this thread as running a check until the returned guard is
/// dropped (which removes this check's entry, even if its future has
/// moved to another thread since).
pub(crate) fn checking_on_this_thread() -> Checking {
    let id = CHECK_IDS.fetch_add(1, Ordering::Relaxed);
    let thread = std::thread::current().id();
    running_checks().push(RunningCheck { id, thread, printed: Vec::new() });
    Checking { id }
}

impl Drop for Checking {
    fn drop(&mut self) {
        let mut running = running_checks();
        if let Some(at) = running.iter().position(|check| check.id == self.id) {
            running.remove(at);
        }
    }
}

fn running_checks() -> std::sync::MutexGuard<'static, Vec<RunningCheck>> {
    CHECKING.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether a panic outside any catch at `location` was printed before on
/// this thread during the innermost check running there; notes it as
/// printed if not.
fn printed_during_check(location: Option<&panic::Location<'_>>) -> bool {
    let Some(location) = location else { return false };
    let thread = std::thread::current().id();
    let mut running = running_checks();
    let Some(check) = running.iter_mut().rev().find(|check| check.thread == thread) else { return false };
    let place = (location.file().to_owned(), location.line(), location.column());
    if check.printed.contains(&place) {
        return true;
    }
    check.printed.push(place);
    false
}

static INSTALL: Once = Once::new();

/// The address of the hook this module installed last, to tell it from a
/// hook that other code set after it; 0 once that hook is dropped.
static OUR_HOOK: AtomicUsize = AtomicUsize::new(0);

/// Held by each hook this module installs. Other code that sets a hook of
/// its own drops ours, and the allocator may then place that hook, or a
/// later one, where ours was: the address would pass for ours, and ours
/// would never be put back. Dropped with our hook, this forgets the
/// address, if it is still the one stored (not a newer hook's).
struct Installed {
    /// The hook's address, known once it is boxed.
    address: Arc<AtomicUsize>,
}

impl Drop for Installed {
    fn drop(&mut self) {
        let address = self.address.load(Ordering::SeqCst);
        let _ = OUR_HOOK.compare_exchange(address, 0, Ordering::SeqCst, Ordering::SeqCst);
    }
}

/// Serialises re-installing, so two threads cannot wrap each other's hook.
static REINSTALL: Mutex<()> = Mutex::new(());

type Hook = Box<dyn Fn(&panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

#[inline]
fn install_hook() {
    INSTALL.call_once(|| wrap(panic::take_hook()));
}

/// Installs our hook around `previous`, which it hands every panic of a
/// thread that is not inside [`catch`].
fn wrap(previous: Hook) {
    let own_address = Arc::new(AtomicUsize::new(0));
    let installed = Installed { address: Arc::clone(&own_address) };
    let hook: Hook = Box::new(move |info| {
        // Moves `installed` into the hook, to be dropped with it.
        let _owned = &installed;
        // A hook of ours behind another of ours (put back in front of a
        // hook that calls ours) leaves the panic to the outer one: it would
        // find the panic's place already printed, and print nothing.
        if IN_OUR_HOOK.with(|inside| inside.replace(true)) {
            return previous(info);
        }
        let _leaving = Leaving;
        if SILENCED.with(Cell::get) == 0 {
            if printed_during_check(info.location()) {
                return;
            }
            return previous(info);
        }
        // Where an earlier panic failed was noted for it alone: the body
        // caught that one.
        crate::stats::forget_failure_places();
        if ECHO_CAUGHT_PANICS.load(Ordering::Relaxed) {
            echo(info);
        }
        let record = Panic {
            message: payload_message(info.payload()),
            location: info.location().map(|location| Location {
                file: location.file().to_owned(),
                line: location.line(),
                column: location.column(),
            }),
        };
        LAST_PANIC.with(|last| *last.borrow_mut() = Some(record));
    });
    let at = address(&hook);
    own_address.store(at, Ordering::SeqCst);
    OUR_HOOK.store(at, Ordering::SeqCst);
    panic::set_hook(hook);
}

/// Whether caught panics are also written to standard error: in a child
/// process of [isolation](crate::engine::isolation), where a panic that
/// aborts the process (one in a `Drop` while another unwinds) leaves only
/// what was written before it, which the test's process quotes.
static ECHO_CAUGHT_PANICS: AtomicBool = AtomicBool::new(false);

/// Writes caught panics to standard error from now on; see
/// [`ECHO_CAUGHT_PANICS`].
pub(crate) fn echo_caught_panics() {
    ECHO_CAUGHT_PANICS.store(true, Ordering::Relaxed);
}

/// Writes a caught panic to standard error, as the standard hook would.
#[cold]
fn echo(info: &panic::PanicHookInfo<'_>) {
    let message = payload_message(info.payload());
    let thread = std::thread::current();
    let name = thread.name().unwrap_or("<unnamed>");
    let _ = match info.location() {
        Some(at) => writeln!(std::io::stderr(), "thread '{name}' panicked at {at}:\n{message}"),
        None => writeln!(std::io::stderr(), "thread '{name}' panicked:\n{message}"),
    };
}

/// Leaves our hook, on this thread, when dropped: see [`IN_OUR_HOOK`].
struct Leaving;

impl Drop for Leaving {
    fn drop(&mut self) {
        IN_OUR_HOOK.with(|inside| inside.set(false));
    }
}

/// Where a hook lives: ours captures the hook before it, so it is never
/// zero-sized and its address is its own.
fn address(hook: &Hook) -> usize {
    std::ptr::from_ref(&**hook).cast::<()>() as usize
}

/// Puts our hook back in front if other code has set its own since (a
/// test that sets a hook while checks run): called when a caught panic
/// left no record (the first in a check, or any once ours was dropped),
/// which is also what a panic raised with `resume_unwind` does, so it
/// leaves our hook alone when it is there.
#[cold]
fn reinstall_if_replaced() {
    if std::thread::panicking() {
        return;
    }
    #[cfg(test)]
    tests::LOOKS.with(|looks| looks.set(looks.get() + 1));
    let _serialised = REINSTALL.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let current = panic::take_hook();
    if address(&current) == OUR_HOOK.load(Ordering::SeqCst) {
        panic::set_hook(current);
    } else {
        wrap(current);
        HOOK_RESTORED.with(|restored| restored.set(true));
    }
}

/// Whether this thread put our hook back since the last call: the panic
/// just caught then lost its location to the other hook.
pub(crate) fn take_hook_restored() -> bool {
    HOOK_RESTORED.with(|restored| restored.replace(false))
}

/// Runs `f`, turning a discard, an overrun or a panic into a [`Caught`]
/// without printing anything.
///
/// A stop that the code caught itself still ends the test case: the value
/// it went on to make is dropped, and the stop returned. Otherwise the
/// discard of an `assume` or a filter inside the user's `catch_unwind`
/// would run the example anyway, and a draw it cut short would leave its
/// recording half made.
pub(crate) fn catch<R>(f: impl FnOnce() -> R) -> Result<R, Caught> {
    install_hook();
    // Each catch sees only the stops raised inside it: an outer one's
    // swallowed stop waits for the outer catch.
    let outer = STOP_IN_FLIGHT.with(Cell::take);
    let result = silently_catch_unwind(f);
    let swallowed = STOP_IN_FLIGHT.with(|stop| stop.replace(outer));
    match (result, swallowed) {
        (Ok(value), None) => Ok(value),
        (Ok(value), Some(stop)) => {
            drop_quietly(value);
            Err(Caught::Stop(stop))
        }
        // The code caught the stop and then panicked (an `assert!` on what
        // `catch_unwind` returned, say): the example was discarded all the
        // same, and the panic is no failure of the property.
        (Err(payload), Some(stop)) if !payload.is::<Stop>() => {
            LAST_PANIC.with(|last| last.borrow_mut().take());
            drop_quietly(payload);
            Err(Caught::Stop(stop))
        }
        (Err(payload), _) => Err(classify(payload)),
    }
}

/// `catch_unwind` with this thread's panics kept quiet meanwhile.
fn silently_catch_unwind<R>(f: impl FnOnce() -> R) -> Result<R, Box<dyn Any + Send>> {
    SILENCED.with(|silenced| silenced.set(silenced.get() + 1));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    SILENCED.with(|silenced| silenced.set(silenced.get() - 1));
    result
}

fn classify(payload: Box<dyn Any + Send>) -> Caught {
    if let Some(stop) = payload.downcast_ref::<Stop>() {
        return Caught::Stop(*stop);
    }
    let message = payload_message(payload.as_ref());
    // The hook's record is this panic's only if it says the same: a panic
    // the code caught itself leaves its record behind, and one raised with
    // resume_unwind (as a joined thread's is) never reaches the hook.
    let recorded = LAST_PANIC.with(|last| last.borrow_mut().take()).filter(|record| record.message == message);
    // A panic re-raised with `resume_unwind` (a joined thread's) leaves no
    // record either, so the hook is looked at once a check, not per panic;
    // and again whenever ours has been dropped since (other code took it,
    // or set its own), which a look earlier in the check did not see.
    if recorded.is_none() {
        let looked = HOOK_LOOKED_AT.with(|looked| looked.replace(true));
        if !looked || OUR_HOOK.load(Ordering::SeqCst) == 0 {
            reinstall_if_replaced();
        }
    }
    drop_quietly(payload);
    Caught::Panic(Box::new(recorded.unwrap_or(Panic { message, location: None })))
}

/// Drops `value`, whose `Drop` is user code (a caught panic's payload,
/// given to `panic_any`, is too), without letting a panic there escape:
/// such a panic while another unwinds (a failed check's report) would
/// abort the process. The caught panic's own payload is leaked, as its
/// drop might panic again.
pub(crate) fn drop_quietly<T>(value: T) {
    install_hook();
    // A stop raised in the drop (an `assume` there) ends nothing: it must
    // not linger for the next catch, nor take an outer catch's.
    let outer = STOP_IN_FLIGHT.with(Cell::take);
    if let Err(again) = silently_catch_unwind(move || drop(value)) {
        std::mem::forget(again);
    }
    STOP_IN_FLIGHT.with(|stop| stop.set(outer));
}

fn payload_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        // `panic_any` with a value of another type, which cannot be shown.
        "a panic whose payload is no text (it was raised with `std::panic::panic_any` and a value of another \
         type than `&str` or `String`)"
            .to_owned()
    }
}

/// Wraps a future so that each poll runs inside [`catch`]. Silencing is set
/// per poll, so it follows the task across threads on any executor. The
/// future is boxed so that pinning needs no unsafe code.
pub(crate) struct CatchUnwind<F> {
    /// `None` once [`drop_caught`](CatchUnwind::drop_caught) dropped it.
    inner: Option<std::pin::Pin<Box<F>>>,
}

impl<F> CatchUnwind<F> {
    pub(crate) fn new(inner: F) -> CatchUnwind<F> {
        CatchUnwind { inner: Some(Box::pin(inner)) }
    }

    /// Drops the future before it finished, catching what its drop raises:
    /// a future given up while it waits still holds its locals, whose
    /// `Drop` is the user's code and may panic (a guard that refuses to be
    /// dropped unfinished). It must not be polled again.
    pub(crate) fn drop_caught(&mut self) -> Result<(), Caught> {
        let inner = self.inner.take();
        catch(move || drop(inner))
    }
}

impl<F: Future> Future for CatchUnwind<F> {
    type Output = Result<F::Output, Caught>;

    fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Self::Output> {
        let inner = self.inner.as_mut().expect("a dropped future is not polled").as_mut();
        match catch(|| inner.poll(cx)) {
            Ok(std::task::Poll::Pending) => std::task::Poll::Pending,
            Ok(std::task::Poll::Ready(value)) => std::task::Poll::Ready(Ok(value)),
            Err(caught) => {
                // The future may be unfinished (it caught a stop and went
                // on to wait) and hold the user's locals: they are dropped
                // here, inside a catch, not later outside any.
                let _ = self.drop_caught();
                std::task::Poll::Ready(Err(caught))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// How often this thread looked at the installed hook.
        pub(super) static LOOKS: Cell<u32> = const { Cell::new(0) };
    }

    /// Panics re-raised with `resume_unwind` leave no record, as a panic
    /// under a foreign hook does; the hook is looked at once per check, not
    /// once per such panic.
    #[test]
    fn the_hook_is_looked_at_once_a_check() {
        begin_check();
        let looks_before = LOOKS.with(Cell::get);
        for _ in 0..3 {
            let caught = catch(|| std::panic::resume_unwind(Box::new("re-raised".to_owned())));
            assert!(matches!(caught, Err(Caught::Panic(_))));
        }
        assert_eq!(LOOKS.with(Cell::get), looks_before + 1);
        begin_check();
        let _ = catch(|| std::panic::resume_unwind(Box::new("again".to_owned())));
        assert_eq!(LOOKS.with(Cell::get), looks_before + 2);
    }

    #[test]
    fn panics_are_caught_with_their_location() {
        let caught = catch(|| panic!("boom {}", 7)).unwrap_err();
        let Caught::Panic(record) = caught else { panic!("expected a panic, got {caught:?}") };
        assert_eq!(record.message, "boom 7");
        let location = record.location.expect("a location");
        assert!(location.file.ends_with("unwind.rs"), "{location}");
    }

    #[test]
    fn a_panic_caught_by_the_code_itself_lends_its_record_to_no_later_one() {
        let caught = catch(|| {
            let _ = std::panic::catch_unwind(|| panic!("handled inside"));
            std::panic::resume_unwind(Box::new("raised again elsewhere".to_owned()));
        })
        .unwrap_err();
        let Caught::Panic(record) = caught else { panic!("expected a panic, got {caught:?}") };
        assert_eq!(record.message, "raised again elsewhere");
        assert_eq!(record.location, None);
    }

    #[test]
    fn stops_are_told_apart_from_panics() {
        let discard = Stop::Discard(Rejection::Assumption(CallSite::caller()));
        assert_eq!(catch(|| discard.raise()), Err(Caught::Stop(discard)));
    }

    #[test]
    fn rejections_name_their_causes_most_often_first() {
        let mut rejections = Rejections::default();
        assert!(
            rejections
                .describe()
                .starts_with("a generator's filter, an `assume` that did not hold, a command's precondition")
        );
        let here = CallSite::caller();
        rejections.count(Stop::Discard(Rejection::Assumption(here)));
        assert_eq!(
            rejections.describe(),
            format!("an `assume` that did not hold at {}:{} (1 example)", here.file(), here.line())
        );
        for _ in 0..3 {
            rejections.count(Stop::Discard(Rejection::Filter));
        }
        rejections.count(Stop::Overrun);
        // A second place of `assume` makes the place ambiguous: none is named.
        rejections.count(Stop::Discard(Rejection::Assumption(CallSite::caller())));
        assert_eq!(
            rejections.describe(),
            "a generator's filter (3 examples), an `assume` that did not hold (2 examples) and a draw of too many choices or \
             too deep a recursion for one example (1 example)"
        );
        assert_eq!(catch(|| Stop::Overrun.raise()), Err(Caught::Stop(Stop::Overrun)));
        assert_eq!(catch(|| 5), Ok(5));
    }
}
