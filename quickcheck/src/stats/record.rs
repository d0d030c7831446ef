//! Recording what the current example exercised.
//!
//! The runner hands each generated example a fresh [`ExampleRecord`] and
//! installs it in a thread-local slot for exactly the time the example is
//! drawn and its body runs (for an async body, for each poll), so the
//! recording functions need no handle and parallel checks on other threads
//! keep their own counts.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{Debug, Display};

use crate::engine::unwind::CallSite;
use crate::property::format::render;
use crate::property::{Failure, FailureKind};

/// What one example recorded.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct ExampleRecord {
    /// Labels hit, each once. Sets rather than lists, so that a body that
    /// records thousands of distinct labels or values in one example does
    /// not pay a scan of all before it for each.
    pub(crate) labels: BTreeSet<String>,
    /// Labels [`classify`] or [`cover`] was asked about and not hit, each
    /// once: the report lists a label that no example hit at 0%.
    pub(crate) missed: BTreeSet<String>,
    /// The values [`collect`] counted, each once, by table.
    pub(crate) collected: BTreeMap<String, BTreeSet<String>>,
    /// `(label, minimum percent, where cover asked for it)` from [`cover`].
    pub(crate) requirements: Vec<(String, f64, CallSite)>,
    /// `(label, value)` from [`note`], for the report of a failure.
    pub(crate) notes: Vec<(String, String)>,
    /// `(label, value)` from [`note_failure_place`]: where the failure in
    /// flight happened (the step of a command sequence). They belong to that
    /// failure alone, and the report shows them only if the example ends
    /// with it (see [`ExampleRecord::take_notes`]).
    pub(crate) failure_places: Vec<(String, String)>,
    /// `label → score` from [`target`], the last score of each label. A
    /// map, so a body that scores thousands of labels pays a lookup per
    /// call rather than a search.
    pub(crate) targets: BTreeMap<String, f64>,
}

impl ExampleRecord {
    /// A record of nothing.
    pub(crate) const EMPTY: ExampleRecord = ExampleRecord {
        labels: BTreeSet::new(),
        missed: BTreeSet::new(),
        collected: BTreeMap::new(),
        requirements: Vec::new(),
        notes: Vec::new(),
        failure_places: Vec::new(),
        targets: BTreeMap::new(),
    };

    /// Forgets everything recorded, keeping the lists' buffers (the sets
    /// of labels and values, and the target scores' map, free theirs).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.labels.clear();
        self.missed.clear();
        self.collected.clear();
        self.requirements.clear();
        self.notes.clear();
        self.failure_places.clear();
        self.targets.clear();
    }

    /// Whether nothing was recorded.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.labels.is_empty()
            && self.missed.is_empty()
            && self.collected.is_empty()
            && self.requirements.is_empty()
            && self.notes.is_empty()
            && self.failure_places.is_empty()
            && self.targets.is_empty()
    }

    /// Whether this example recorded statistics: labels, collected values
    /// or coverage requirements (notes and target scores are not).
    #[inline]
    pub(crate) fn records_statistics(&self) -> bool {
        !(self.labels.is_empty() && self.missed.is_empty() && self.collected.is_empty() && self.requirements.is_empty())
    }

    /// The notes for the report of `failure`, the way this example ended:
    /// what the body noted, then where the failure happened if it was a
    /// panic. A failure place noted during an earlier panic, one the body
    /// caught itself, says nothing of a failure that came after it by
    /// returning (a later panic has already forgotten it, see
    /// [`forget_failure_places`]).
    pub(crate) fn take_notes(&mut self, failure: &Failure) -> Vec<(String, String)> {
        let mut notes = std::mem::take(&mut self.notes);
        if failure.kind() == FailureKind::Panicked {
            notes.append(&mut self.failure_places);
        }
        notes
    }

    /// The score this example reported under `label`, if it did.
    pub(crate) fn score(&self, label: &str) -> Option<f64> {
        self.targets.get(label).copied()
    }

    fn hit(&mut self, label: &str) {
        if !self.labels.contains(label) {
            self.labels.insert(label.to_owned());
        }
    }

    fn miss(&mut self, label: &str) {
        if !self.missed.contains(label) {
            self.missed.insert(label.to_owned());
        }
    }
}

/// Whether an example is being drawn or run on this thread, and whether it
/// has recorded anything yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// No example is being drawn or run: recording does nothing.
    Idle,
    /// An example is being drawn or run, and the thread's record is still
    /// empty.
    Running,
    /// An example is being drawn or run, and has recorded into the
    /// thread's record.
    Recorded,
}

thread_local! {
    static STATE: Cell<State> = const { Cell::new(State::Idle) };
    /// Whether a body's future, given up on, is being dropped: a failure
    /// in flight that unwinds nothing.
    static ABANDONING: Cell<bool> = const { Cell::new(false) };
    // Const-initialized, so that each access skips the lazy-init check.
    static CURRENT: RefCell<ExampleRecord> = const { RefCell::new(ExampleRecord::EMPTY) };
}

/// Runs `f` with `record` as the current example's record: what `f`
/// records is added to `record`.
///
/// Most bodies record nothing, so the record is handed over lazily: `f`
/// records into the thread's own record, which is swapped with `record`
/// only if it was written to. A `record` that already holds something (an
/// async body between polls) is installed before `f` runs. A check nested
/// in a body puts the outer body's record aside and back, so each swap is
/// undone in order.
#[inline]
pub(crate) fn recording<R>(record: &mut ExampleRecord, f: impl FnOnce() -> R) -> R {
    // Hand the record back even if `f` unwinds: a panicking body is a
    // failure the check reports, and its labels must not leak into the next
    // example.
    struct Restore<'a> {
        record: &'a mut ExampleRecord,
        outer: State,
    }
    impl Drop for Restore<'_> {
        #[inline]
        fn drop(&mut self) {
            if STATE.get() == State::Recorded {
                CURRENT.with(|current| std::mem::swap(&mut *current.borrow_mut(), self.record));
            }
            STATE.set(self.outer);
        }
    }
    if STATE.get() == State::Recorded {
        return with_outer_record_aside(|| recording(record, f));
    }
    let outer = STATE.replace(State::Running);
    if !record.is_empty() {
        CURRENT.with(|current| std::mem::swap(&mut *current.borrow_mut(), record));
        STATE.set(State::Recorded);
    }
    let _restore = Restore { record, outer };
    f()
}

/// Runs `attempt`, one draw of a filter, and keeps what it recorded only if
/// it returns `Some`: a value the filter rejects is no part of the example,
/// and a `classify` in the `map` before the filter must not count it.
/// Where the example had recorded something before, that record is copied
/// first and put back on a rejection; a filter in an example that records
/// nothing pays one thread-local read.
#[inline]
pub(crate) fn attempting<T>(attempt: impl FnOnce() -> Option<T>) -> Option<T> {
    let before = STATE.get();
    if before == State::Idle {
        return attempt();
    }
    let copy = (before == State::Recorded).then(|| CURRENT.with(|current| current.borrow().clone()));
    let result = attempt();
    if result.is_none() && STATE.get() == State::Recorded {
        match copy {
            Some(copy) => CURRENT.with(|current| *current.borrow_mut() = copy),
            None => {
                CURRENT.with(|current| current.borrow_mut().clear());
                STATE.set(State::Running);
            }
        }
    }
    result
}

/// Runs `f`, a nested [`recording`], with the outer body's record put aside
/// and back afterwards.
#[cold]
fn with_outer_record_aside<R>(f: impl FnOnce() -> R) -> R {
    struct PutBack(ExampleRecord);
    impl Drop for PutBack {
        fn drop(&mut self) {
            CURRENT.with(|current| *current.borrow_mut() = std::mem::take(&mut self.0));
            STATE.set(State::Recorded);
        }
    }
    let _put_back = PutBack(CURRENT.with(RefCell::take));
    STATE.set(State::Running);
    f()
}

/// Whether a failure is in flight through the caller's drop guards: a
/// panic unwinding, or a body's future being dropped after it was given up
/// on (see [`abandoning`]). A drop guard checks this before it pays for
/// [`note_failure_place`].
pub(crate) fn failure_in_flight() -> bool {
    std::thread::panicking() || ABANDONING.get()
}

/// Notes where the failure in flight happened, for its report (the
/// library's own drop guards call this; the body's notes go through
/// [`note`]).
pub(crate) fn note_failure_place(label: &str, place: std::fmt::Arguments<'_>) {
    with_current(|record| record.failure_places.push((label.to_owned(), place.to_string())));
}

/// Forgets the failure places noted so far: a panic is starting, so any
/// noted before it were for an earlier one, which the body caught. Called
/// from the panic hook, which may run while the record is borrowed (a
/// `Debug` that panics inside [`note`]): then there is nothing to forget.
pub(crate) fn forget_failure_places() {
    with_recorded(|record| record.failure_places.clear());
}

/// Runs `f`, which drops a body's future given up on, as a failure in
/// flight: drop guards in the future note where it was waiting, and those
/// notes go to the report with the failure, whatever panics the body caught
/// before.
pub(crate) fn abandoning<R>(f: impl FnOnce() -> R) -> R {
    struct Done;
    impl Drop for Done {
        fn drop(&mut self) {
            ABANDONING.set(false);
            with_recorded(|record| {
                let places = std::mem::take(&mut record.failure_places);
                record.notes.extend(places);
            });
        }
    }
    forget_failure_places();
    ABANDONING.set(true);
    let _done = Done;
    f()
}

/// Runs `f` on the thread's record if the running body has recorded
/// anything and the record is not borrowed already.
fn with_recorded(f: impl FnOnce(&mut ExampleRecord)) {
    if STATE.get() == State::Recorded {
        CURRENT.with(|current| {
            if let Ok(mut record) = current.try_borrow_mut() {
                f(&mut record);
            }
        });
    }
}

/// Puts `record` in place of what the current example recorded: what the
/// example recorded in a child process (see
/// [`isolation`](crate::engine::isolation)), where its draw and its body
/// ran again.
pub(crate) fn replace_current(record: ExampleRecord) {
    with_current(|current| *current = record);
}

fn with_current(f: impl FnOnce(&mut ExampleRecord)) {
    if STATE.get() != State::Idle {
        STATE.set(State::Recorded);
        CURRENT.with(|current| f(&mut current.borrow_mut()));
    }
}

/// Counts the current example under `label` when `condition` holds.
///
/// A label asked about in some example but never hit is listed at 0%, so
/// the report shows what was never exercised. Outside a check (or in a
/// pinned example) it does nothing.
///
/// ```
/// use quickcheck::stats::classify;
/// use quickcheck::{Options, Property, generate};
///
/// let result = Property::for_all(generate::integer::<i32>(), |n| {
///     classify(n < 0, "negative");
///     classify(n == 12_345, "exactly 12345");
///     n.saturating_abs() >= 0
/// })
/// .check(Options::default().seed(1));
/// assert!(result.statistics().count("negative") > 0);
/// assert!(result.to_string().contains("0% exactly 12345"), "{result}");
/// ```
pub fn classify(condition: bool, label: &str) {
    with_current(|record| if condition { record.hit(label) } else { record.miss(label) });
}

/// Counts the current example under `label`.
///
/// The report lists the 20 most frequent labels that no
/// [`cover`] requires, and sums up the rest (a label made from a value,
/// such as `label(&n.to_string())`, is better [`collect`]ed);
/// [`Statistics::count`](crate::stats::Statistics::count) has them all.
///
/// ```
/// use quickcheck::stats::label;
/// use quickcheck::{Options, Property, generate};
///
/// let result = Property::for_all(generate::vec(generate::boolean()), |flags| {
///     label(if flags.is_empty() { "empty" } else { "non-empty" });
/// })
/// .check(Options::default().seed(1));
/// let statistics = result.statistics();
/// assert_eq!(statistics.count("empty") + statistics.count("non-empty"), statistics.examples());
/// ```
pub fn label(label: &str) {
    classify(true, label);
}

/// Counts the current example under `value` in the table `name`. The value
/// is printed with `Display` (a `Display` impl that panics or returns an
/// error is counted under a placeholder that says so, and does not fail the
/// example).
///
/// An example counts once under each value of a table: collecting the
/// kind of every command of a sequence counts the example once under each
/// kind it ran, so each row says how many examples ran that kind at all
/// (nearly 100% for every kind of a long sequence), not how many commands
/// were of it. To count what matters per example, collect one value that
/// sums it up, such as the number of commands of a kind. The report gives
/// each value's share of all examples, so the rows of a table collected
/// several times in an example may add up to more than 100%, and those of
/// one collected in only some examples to less. The report lists the 20
/// most frequent values (ties in natural order, `9` before `10`) and sums
/// up the rest; [`Statistics::table`](crate::stats::Statistics::table)
/// has them all.
///
/// ```
/// use quickcheck::stats::collect;
/// use quickcheck::{Options, Property, generate};
///
/// let result = Property::for_all(generate::vec(generate::between(0, 2)).min_length(20), |list| {
///     for value in &list {
///         collect("values seen", value);
///     }
/// })
/// .check(Options::default().seed(1));
/// // Lists of twenty or more values of 0..=2 nearly always hold all three.
/// let seen = result.statistics().table("values seen").unwrap();
/// assert!(seen.values().all(|&examples| examples > 90));
/// ```
pub fn collect(name: &str, value: impl Display) {
    let value = crate::property::format::render_display(&value);
    with_current(|record| match record.collected.get_mut(name) {
        Some(values) => {
            values.insert(value);
        }
        None => {
            record.collected.insert(name.to_owned(), BTreeSet::from([value]));
        }
    });
}

/// Records `value` under `label` for the report of the failing example: a
/// failure report lists the notes its minimal counterexample recorded.
/// Passing examples, and the candidates tried while shrinking, print nothing.
///
/// ```
/// use quickcheck::stats::note;
/// use quickcheck::{Options, Property, generate};
///
/// let result = Property::for_all(generate::vec(generate::between(0, 9)), |list| {
///     let total: i32 = list.iter().sum();
///     note("total", total);
///     total < 20
/// })
/// .check(Options::default().seed(1));
/// assert_eq!(result.notes(), [("total".to_owned(), "20".to_owned())]);
/// ```
pub fn note(label: &str, value: impl Debug) {
    // Rendered before the record is borrowed: a `Debug` impl may note too.
    if STATE.get() != State::Idle {
        let rendered = render(&value);
        with_current(|record| record.notes.push((label.to_owned(), rendered)));
    }
}

/// Reports how close the current example came to something interesting,
/// for targeted search: after generating, the check hill-climbs from the
/// best-scoring example of each `label`, varying its choices and keeping a
/// variation when the score rises, for
/// [`Options::target_steps`](crate::Options::target_steps) more examples
/// in all. The labels whose scores rose during generation share those
/// steps first; a label whose score never changed climbs only with what
/// they leave.
///
/// Report a score that grows as the input nears a suspected bug: a sum near
/// an overflow, a queue near its capacity, a run that took many steps. Higher
/// is better; a NaN is ignored, and a later score of the same label in one
/// example replaces an earlier one. Nothing beats `f64::INFINITY`: a label
/// that scores it has no climb left to make.
///
/// Scores are recorded on the thread that runs the property's body: a
/// thread the body spawns records nothing, so report its result on the
/// body's thread. The same holds for every function of
/// [`stats`](crate::stats).
///
/// ```
/// use quickcheck::{Options, Property, generate, target};
///
/// // Random lists of 0..=1000 almost never sum past 15,000; climbing on the sum does.
/// let result = Property::for_all(generate::vec(generate::between(0u32, 1000)).max_length(20), |list| {
///     let sum: u32 = list.iter().sum();
///     target(f64::from(sum), "sum");
///     sum <= 15_000
/// })
/// .check(Options::default().seed(3));
/// assert!(result.is_falsified());
/// ```
pub fn target(score: f64, label: &str) {
    if score.is_nan() {
        return;
    }
    with_current(|record| match record.targets.get_mut(label) {
        Some(existing) => *existing = score,
        None => {
            record.targets.insert(label.to_owned(), score);
        }
    });
}

/// Counts like [`classify`], and requires that at least `minimum_percent`
/// of the examples hit `label`: a percentage, `50.0` for half of them
/// (`0.5` is half of one percent). A shortfall is a warning on the passing
/// report, or a failure under
/// [`Options::coverage_confidence`](crate::Options::coverage_confidence).
///
/// Call it on every example, with what to count as `condition`: a
/// requirement is known once a call makes it, so a `cover` inside a branch
/// that never runs requires nothing, and nothing is reported of it.
///
/// A minimum that is not a number from 0 to 100, or a label required at
/// two different minimums, ends the check as
/// [`Misconfigured`](crate::Outcome::Misconfigured), naming the mistake.
///
/// ```
/// use quickcheck::stats::cover;
/// use quickcheck::{Options, Property, generate};
///
/// let result = Property::for_all(generate::integer::<i32>(), |n| {
///     cover(n < 0, 30.0, "negative");
///     cover(n == 7, 10.0, "seven");
///     n.wrapping_neg().wrapping_neg() == n
/// })
/// .check(Options::default().seed(1));
/// // A shortfall warns without failing: only "seven" fell short.
/// assert!(result.is_passed());
/// let shortfalls = result.statistics().shortfalls();
/// assert!(shortfalls.len() == 1 && shortfalls[0].contains("seven"), "{shortfalls:?}");
/// ```
#[track_caller]
pub fn cover(condition: bool, minimum_percent: f64, label: &str) {
    // Adding zero turns -0.0 into 0.0, which would otherwise print as
    // "-0%" and count as a second minimum beside 0.0.
    let minimum_percent = minimum_percent + 0.0;
    // Where it was asked, for the message of a mistake in it.
    let at = CallSite::caller();
    with_current(|record| {
        // Each minimum asked for once; two for one label are a mistake
        // the run reports.
        let asked = |(existing, minimum, _): &(String, f64, _)| {
            existing == label && minimum.total_cmp(&minimum_percent).is_eq()
        };
        if !record.requirements.iter().any(asked) {
            record.requirements.push((label.to_owned(), minimum_percent, at));
        }
        if condition { record.hit(label) } else { record.miss(label) }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set's strings, in order.
    fn names(set: &BTreeSet<String>) -> Vec<&str> {
        set.iter().map(String::as_str).collect()
    }

    #[test]
    fn records_go_to_the_installed_record_only() {
        classify(true, "outside");
        let mut record = ExampleRecord::default();
        recording(&mut record, || {
            label("a");
            label("a");
            classify(false, "b");
            cover(true, 20.0, "c");
            collect("sign", "+");
            collect("sign", "-");
            collect("sign", "+");
        });
        assert_eq!(names(&record.labels), ["a", "c"]);
        assert_eq!(record.collected.keys().collect::<Vec<_>>(), ["sign"]);
        assert_eq!(names(&record.collected["sign"]), ["+", "-"]);
        let requirements: Vec<(&str, f64)> =
            record.requirements.iter().map(|(label, minimum, _)| (label.as_str(), *minimum)).collect();
        assert_eq!(requirements, [("c", 20.0)]);
    }

    #[test]
    fn an_installed_record_keeps_what_it_had() {
        let mut record = ExampleRecord::default();
        recording(&mut record, || label("first poll"));
        recording(&mut record, || {});
        recording(&mut record, || label("third poll"));
        assert_eq!(names(&record.labels), ["first poll", "third poll"]);
    }

    #[test]
    fn a_nested_record_is_kept_apart_from_the_outer_one() {
        let (mut outer, mut inner) = (ExampleRecord::default(), ExampleRecord::default());
        recording(&mut outer, || {
            label("outer before");
            recording(&mut inner, || label("inner"));
            label("outer after");
        });
        assert_eq!(names(&outer.labels), ["outer after", "outer before"]);
        assert_eq!(names(&inner.labels), ["inner"]);
        let mut untouched = ExampleRecord::default();
        recording(&mut outer, || recording(&mut untouched, || {}));
        assert!(untouched.is_empty());
    }

    #[test]
    fn a_panic_still_returns_the_record() {
        let mut record = ExampleRecord::default();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            recording(&mut record, || {
                label("before the panic");
                panic!("boom");
            })
        }));
        assert!(result.is_err());
        assert_eq!(names(&record.labels), ["before the panic"]);
        let mut next = ExampleRecord::default();
        recording(&mut next, || {});
        assert_eq!(next, ExampleRecord::default());
    }
}
