//! Every `#[property]` of a test binary, to list and run outside libtest.
//!
//! Each [`property`](crate::property) test registers itself, in every build
//! of the crate that defines it, with its name, where it is written and its
//! options. [`properties`] lists them, and [`run_all`] checks each one and
//! returns a [`Summary`] whose `Display` is one line per property and the
//! report of each that did not pass, or that passed with more to say
//! (statistics, warnings; every passing report under
//! `QUICKCHECK_STATISTICS=always`, as `#[property]` tests print them). Here
//! are the properties of the crate's `tour` example, run with the example
//! database off:
//!
//! ```text
//! passed    tour::addition_commutes (examples/tour.rs:62)
//! passed    tour::sorted_lists_have_no_inversions (examples/tour.rs:67)
//! FALSIFIED tour::halving_then_doubling_gives_the_number_back (examples/tour.rs:75)
//!   Falsified after 2 tests and 0 shrinks (seed 7).
//!     Minimal counterexample:
//!       n = 1
//!   ...
//! 2 passed, 1 failed
//! ```
//!
//! A test target with `harness = false` runs its properties this way: its
//! `main` replaces libtest's, and its exit code is what `cargo test` reads.
//! For `tests/properties.rs`, with `[[test]]`, `name = "properties"` and
//! `harness = false` in `Cargo.toml`:
//!
//! ```standalone_crate
//! use std::process::ExitCode;
//!
//! use quickcheck::{property, registry};
//!
//! #[property]
//! fn sorting_keeps_the_length(mut list: Vec<u8>) {
//!     let length = list.len();
//!     list.sort();
//!     assert_eq!(list.len(), length);
//! }
//!
//! fn main() -> ExitCode {
//!     let summary = registry::run_all("");
//!     println!("{summary}");
//!     if summary.all_passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
//! }
//! ```
//!
//! A property test expected to panic (`should_panic`) or marked to be
//! skipped (`ignore`) is not registered, as its failure is expected or it is
//! not meant to run (with `#[cfg_attr(predicate, ignore)]`, only where the
//! predicate holds); nor is a property run by another test attribute such
//! as `#[tokio::test]`: that attribute runs the function, and may provide a
//! runtime that only it can set up.

use std::fmt::{self, Display, Formatter};

use crate::engine::isolation;
use crate::engine::unwind::catch;
use crate::property::{Options, Outcome, PropertyResult};

/// One registered property.
pub struct RegisteredProperty {
    name: &'static str,
    module_path: &'static str,
    file: &'static str,
    line: u32,
    options: fn() -> Options,
    check: fn() -> Checked,
}

inventory::collect!(RegisteredProperty);

/// The property's path and where it is written. Its options and its check
/// are functions, whose addresses would say nothing, and calling them here
/// could panic (an option's expression runs when they are built).
impl fmt::Debug for RegisteredProperty {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.debug_struct("RegisteredProperty")
            .field("path", &self.path())
            .field("file", &self.file)
            .field("line", &self.line)
            .finish_non_exhaustive()
    }
}

impl RegisteredProperty {
    /// What `#[property]` registers, through
    /// [`__private::register`](crate::__private::register).
    pub(crate) const fn new(
        name: &'static str,
        module_path: &'static str,
        file: &'static str,
        line: u32,
        options: fn() -> Options,
        check: fn() -> Checked,
    ) -> RegisteredProperty {
        RegisteredProperty { name, module_path, file, line, options, check }
    }

    /// The test function's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The module path of the test function, such as `my_crate::tests`.
    pub fn module_path(&self) -> &'static str {
        self.module_path
    }

    /// The file the property is written in.
    pub fn file(&self) -> &'static str {
        self.file
    }

    /// The line of its `#[property]` attribute.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// The options of its `#[property(...)]` attribute.
    pub fn options(&self) -> Options {
        (self.options)()
    }

    /// The module path and name, such as `my_crate::tests::reverse_twice`.
    pub fn path(&self) -> String {
        format!("{}::{}", self.module_path, self.name)
    }

    /// Checks the property, as its test does, without panicking: a panic
    /// outside its body and generators (in an option's expression, say) is
    /// a [`Misconfigured`](Outcome::Misconfigured) check, so that one such
    /// property does not end a [`run_all`] and lose every other result.
    pub fn check(&'static self) -> Checked {
        // Named, so that an isolated check can be found again in a child.
        let caught = isolation::checking_registered(self.path(), || catch(self.check));
        let mut checked = caught.unwrap_or_else(|caught| Checked {
            property: None,
            outcome: Outcome::Misconfigured,
            report: format!(
                "Misconfigured: checking the property {}\n  It happened outside its examples: in the Drop of a \
                 value the check kept, as the report was made, say.",
                caught.what_happened()
            ),
            has_more_to_say: false,
        });
        checked.property = Some(self);
        checked
    }
}

/// What checking one registered property found.
#[derive(Clone, Debug)]
pub struct Checked {
    property: Option<&'static RegisteredProperty>,
    outcome: Outcome,
    report: String,
    /// Whether the check recorded statistics or raised health warnings,
    /// which a passing `#[property]` test prints: its summary shows them.
    has_more_to_say: bool,
}

impl<T> From<PropertyResult<T>> for Checked {
    fn from(result: PropertyResult<T>) -> Checked {
        let has_more_to_say = result.has_statistics_or_warnings();
        let checked =
            Checked { property: None, outcome: result.outcome(), report: result.to_string(), has_more_to_say };
        // The values' `Drop` is the user's and may panic, twice: the second
        // panic, while the first unwinds, would abort the whole run.
        result.drop_quietly();
        checked
    }
}

impl Checked {
    /// The property checked; absent only for a `Checked` made directly from a
    /// [`PropertyResult`].
    pub fn property(&self) -> Option<&'static RegisteredProperty> {
        self.property
    }

    /// How the check ended.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The check's report, as its test would panic with.
    pub fn report(&self) -> &str {
        &self.report
    }
}

/// Every property registered in this binary, ordered by file and line.
pub fn properties() -> Vec<&'static RegisteredProperty> {
    let mut properties: Vec<&'static RegisteredProperty> = inventory::iter::<RegisteredProperty>().collect();
    properties.sort_by_key(|property| (property.file, property.line, property.name));
    properties
}

/// Checks every registered property whose path contains `filter` (all of
/// them for `""`), one after another.
///
/// A property isolated with `isolate = true` (see
/// [`Options::isolate`](crate::Options::isolate)) runs its bodies in child
/// processes, which run this binary again: there, `run_all` checks that
/// property alone, whatever the filter, so `main` must call it the same
/// way each time it runs.
pub fn run_all(filter: &str) -> Summary {
    let registered = properties();
    let served = isolation::served_property();
    let checked: Vec<Checked> = registered
        .iter()
        .filter(|property| match &served {
            Some(served) => property.path() == *served,
            None => property.path().contains(filter),
        })
        .map(|property| property.check())
        .collect();
    let unmatched = checked.is_empty().then(|| Unmatched { filter: filter.to_owned(), registered: registered.len() });
    Summary { checked, unmatched }
}

/// The outcome of every property [`run_all`] checked.
#[derive(Clone, Debug)]
#[must_use = "the summary is all that says whether the properties held: check `all_passed()`"]
pub struct Summary {
    checked: Vec<Checked>,
    /// Set when the filter matched no property, which the summary says
    /// rather than report nothing checked as nothing failing.
    unmatched: Option<Unmatched>,
}

/// A filter that matched no registered property.
#[derive(Clone, Debug)]
struct Unmatched {
    filter: String,
    registered: usize,
}

impl Summary {
    /// Each property's check, in the order of [`properties`].
    pub fn checked(&self) -> &[Checked] {
        &self.checked
    }

    /// How many properties passed.
    pub fn passed(&self) -> usize {
        self.checked.iter().filter(|checked| checked.outcome == Outcome::Passed).count()
    }

    /// How many properties did not pass.
    pub fn failed(&self) -> usize {
        self.checked.len() - self.passed()
    }

    /// Whether every property checked passed, and there was one to check:
    /// a filter that matched none (a typo) is not a pass.
    pub fn all_passed(&self) -> bool {
        self.unmatched.is_none() && self.failed() == 0
    }
}

/// How a summary line names an outcome: in capitals unless it passed, so
/// the eye finds what did not.
fn status(outcome: Outcome) -> String {
    match outcome {
        Outcome::Passed => outcome.to_string(),
        _ => outcome.to_string().to_uppercase(),
    }
}

impl Display for Summary {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        // One column for the statuses, as wide as the widest of them here.
        let width = self.checked.iter().map(|checked| status(checked.outcome).len()).max().unwrap_or(0);
        // A value the variable cannot take made every check misconfigured,
        // which shows each report anyway.
        let statistics_always = crate::property::statistics_always().unwrap_or(false);
        for checked in &self.checked {
            let status = status(checked.outcome);
            match checked.property {
                Some(property) => {
                    writeln!(f, "{status:<width$} {} ({}:{})", property.path(), property.file, property.line)?
                }
                None => writeln!(f, "{status:<width$} <unregistered property>")?,
            }
            // As a passing `#[property]` test prints its report.
            let shown = checked.outcome != Outcome::Passed || checked.has_more_to_say || statistics_always;
            if shown {
                writeln!(f, "  {}", checked.report.replace('\n', "\n  "))?;
            }
        }
        if let Some(Unmatched { registered: 0, .. }) = &self.unmatched {
            writeln!(
                f,
                "no property is registered in this binary: each #[property] function compiled into it registers \
                 itself"
            )?;
        } else if let Some(Unmatched { filter, registered }) = &self.unmatched {
            let properties = if *registered == 1 { "property" } else { "properties" };
            writeln!(
                f,
                "no property's path contains {filter:?} ({registered} {properties} registered in this binary): \
                 run_all checks those whose path, such as my_crate::tests::reverse, contains the filter; \
                 pass \"\" for all of them"
            )?;
        }
        write!(f, "{} passed, {} failed", self.passed(), self.failed())
    }
}
