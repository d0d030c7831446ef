//! The example database: failures are saved, replayed first on the next
//! run, and removed once they pass.

use std::cell::RefCell;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use quickcheck::{Generator, Options, Outcome, Phase, Phases, Property, generate, property, registry};

mod support;

use support::Scratch;

fn saved_files(directory: &Path) -> usize {
    walk(directory).into_iter().filter(|path| path.extension().is_some_and(|extension| extension == "choices")).count()
}

fn walk(directory: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(directory) else { return Vec::new() };
    entries
        .flatten()
        .flat_map(|entry| if entry.path().is_dir() { walk(&entry.path()) } else { vec![entry.path()] })
        .collect()
}

/// A saved example whose generators have since changed to read fewer
/// choices fails as what they read: the choices left over in its file are
/// no part of the failure, its replay token or its shrink.
#[test]
fn a_saved_example_with_choices_left_over_fails_as_what_is_read() {
    let directory = Scratch::new("left-over");
    let options = |seed| Options::default().seed(seed).name("database::left-over").database(&directory);
    let lists = generate::vec(generate::integer::<u8>()).length(30..=30);
    let first = Property::for_all(lists, |list: Vec<u8>| list[0] < 100).check(options(1));
    assert_eq!(first.minimal().unwrap().value()[0], 100, "{first}");
    let saved = saved_files(&directory);

    // The property now takes one byte: the saved file holds 29 more.
    let second = Property::for_all(generate::integer::<u8>(), |n| n < 100).check(options(2).runs(1));
    assert!(second.is_from_database(), "{second}");
    assert_eq!(second.minimal().unwrap().value(), &100, "{second}");
    let token = second.failures()[0].replay().expect("a replay token");
    assert_eq!(token.choices(), [100], "{second}");
    // A file is kept as read, in place of what was saved, not beside it.
    assert!(saved_files(&directory) <= saved, "{} files, {saved} before", saved_files(&directory));
}

#[test]
fn a_failure_is_replayed_first_next_time_and_removed_once_fixed() {
    let directory = Scratch::new("replay");
    let options = |seed| Options::default().seed(seed).name("database::threshold").database(&directory);
    let buggy = |n: u64| n < 1000;

    let first = Property::for_all(generate::integer::<u64>(), buggy).check(options(1));
    assert_eq!(first.minimal().unwrap().value(), &1000);
    assert!(!first.is_from_database());
    assert!(saved_files(&directory) >= 1);

    // One run is enough: the saved example comes before any generated one.
    let second = Property::for_all(generate::integer::<u64>(), buggy).check(options(2).runs(1));
    assert!(second.is_from_database(), "{second}");
    assert_eq!(second.minimal().unwrap().value(), &1000);
    assert!(
        second.to_string().starts_with("Falsified: failed again on a saved example, after 0 shrinks.\n"),
        "{second}"
    );
    // The token of a saved failure replays it like any other.
    let token = second.replay().expect("a saved failure has a replay token").to_string();
    let replayed = Property::for_all(generate::integer::<u64>(), buggy).check(Options::default().replay(&token));
    assert_eq!(replayed.minimal().unwrap().value(), &1000, "{replayed}");

    let fixed = Property::for_all(generate::integer::<u64>(), |_| true).check(options(3).runs(1));
    assert!(fixed.is_passed());
    assert_eq!(saved_files(&directory), 0, "a fixed example stays saved");
    // Nor is the property's emptied directory left behind.
    let directories: Vec<PathBuf> = std::fs::read_dir(&directory)
        .map(|entries| entries.flatten().map(|entry| entry.path()).filter(|path| path.is_dir()).collect())
        .unwrap_or_default();
    assert!(directories.is_empty(), "left behind: {directories:?}");

    let again = Property::for_all(generate::integer::<u64>(), buggy).check(options(4).runs(1));
    assert_eq!(again.outcome(), Outcome::Passed, "the deleted example came back: {again}");
}

#[test]
fn a_saved_example_the_generator_panics_on_is_reported_and_kept() {
    let directory = Scratch::new("generator-panic");
    let options = |seed| Options::default().seed(seed).name("database::generator").database(&directory);
    let first = Property::for_all(generate::integer::<u8>(), |n| n < 10).check(options(1));
    assert_eq!(first.minimal().unwrap().value(), &10);
    // The minimal example, and the original one if it was another.
    let saved = saved_files(&directory);
    assert!(saved >= 1, "nothing was saved");
    // The generator changed since, and now panics on every saved example.
    let panicking = generate::integer::<u8>().map(|n| if n >= 10 { panic!("no tens here") } else { n });
    for seed in [2, 3] {
        let result = Property::for_all(&panicking, |n| n < 10).check(options(seed));
        assert_eq!(result.outcome(), Outcome::GenerationFailed, "seed {seed}: {result}");
        assert!(result.to_string().contains("no tens here"), "{result}");
        assert!(result.to_string().contains("The example was saved in the example database"), "{result}");
        assert_eq!(saved_files(&directory), saved, "the example was deleted");
    }
}

/// Two saved examples: the minimal failure, then a larger original on
/// which the generator now panics. The failure is reported as before, the
/// panic beside it, and both stay saved.
#[test]
fn a_generator_panic_on_a_saved_example_after_a_saved_failure_is_reported_beside_it() {
    let directory = Scratch::new("generator-panic-after-failure");
    let options = |seed| Options::default().seed(seed).name("database::panic-after").database(&directory);
    let first = Property::for_all(generate::integer::<u8>(), |n| n < 10).check(options(1));
    assert_eq!(first.minimal().unwrap().value(), &10);
    let original = *first.original().unwrap().value();
    assert!(original > 10 && saved_files(&directory) == 2, "seed 1 no longer saves a larger original: {first}");
    let panicking = generate::integer::<u8>().map(|n| {
        assert!(n <= 10, "{n} is too large for the generator now");
        n
    });
    let result = Property::for_all(&panicking, |n| n < 10).check(options(2));
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    assert_eq!(result.minimal().unwrap().value(), &10, "{result}");
    let (panic, _) = result.generator_panic().expect("the generator's panic was lost");
    assert_eq!(panic.message(), format!("{original} is too large for the generator now"), "{result}");
    assert!(result.to_string().contains("The generator also panicked"), "{result}");
    assert_eq!(saved_files(&directory), 2, "a saved example was deleted");
}

/// A generator's panic met while shrinking is saved with the failure, so
/// the next run, which replays the failure instead of generating, reports
/// it again.
#[test]
fn a_generator_panic_met_while_shrinking_is_saved_for_the_next_run() {
    let directory = Scratch::new("generator-panic-shrinking");
    let options = |seed| Options::default().seed(seed).name("database::panic-shrinking").database(&directory);
    let values = generate::integer::<u64>().map(|n| {
        assert!(!(1000..1004).contains(&n), "{n} is not handled");
        n
    });
    // The second run does not shrink, so only a saved panic can be met.
    let second = Phases::all().without(Phase::Shrink);
    for (seed, phases) in [(1, Phases::all()), (2, second)] {
        let result = Property::for_all(&values, |n| n < 1000).check(options(seed).phases(phases));
        assert_eq!(result.minimal().unwrap().value(), &1004, "seed {seed}: {result}");
        let (panic, _) = result.generator_panic().expect("the generator's panic was lost");
        assert_eq!(panic.message(), "1000 is not handled", "seed {seed}: {result}");
        assert_eq!(result.is_from_database(), seed == 2, "seed {seed}: {result}");
    }
}

/// A generator's panic found while generating is saved like a failure, so
/// the next run meets it first whatever its seed.
#[test]
fn a_generator_panic_found_while_generating_is_saved_for_the_next_run() {
    let directory = Scratch::new("generator-panic-found");
    let options = |seed| Options::default().seed(seed).name("database::panic-found").database(&directory);
    let panicking = generate::integer::<u8>().map(|n| if n == 200 { panic!("not 200") } else { n });
    let first = Property::for_all(&panicking, |_| true).check(options(1).runs(10_000));
    assert_eq!(first.outcome(), Outcome::GenerationFailed, "{first}");
    assert_eq!(saved_files(&directory), 1);
    let second = Property::for_all(&panicking, |_| true).check(options(2).runs(1));
    assert_eq!(second.outcome(), Outcome::GenerationFailed, "{second}");
    assert!(second.to_string().contains("The example was saved in the example database"), "{second}");
}

/// Shrinking a saved failure can meet a failure of another origin; with no
/// example generated, the headline says where both came from rather than
/// "after 0 tests".
#[test]
fn a_new_failure_met_while_shrinking_a_saved_one_is_reported_as_such() {
    let directory = Scratch::new("shrinking-saved");
    let options = |seed| Options::default().seed(seed).name("database::shrinking-saved").database(&directory);
    let first =
        Property::for_all(generate::integer::<u64>(), |n: u64| assert!(n < 1000, "too large")).check(options(1));
    assert_eq!(first.minimal().unwrap().value(), &1000);
    // Since then, zero has broken too; shrinking the saved 1000 meets it.
    let second = Property::for_all(generate::integer::<u64>(), |n: u64| {
        assert!(n < 1000, "too large");
        assert!(n != 0, "zero");
    })
    .check(options(2));
    assert_eq!(second.failures().len(), 2, "{second}");
    let report = second.to_string();
    assert!(
        report.starts_with("Falsified: found 2 distinct failures replaying and shrinking saved examples"),
        "{report}"
    );
    assert!(report.contains(", found while shrinking a saved example) ---"), "{report}");
}

#[test]
fn two_saved_failures_replayed_are_reported_as_such() {
    let directory = Scratch::new("two-failures");
    let options = |seed| Options::default().seed(seed).name("database::two").database(&directory);
    let pair = (generate::between(0u32, 1000), generate::between(0u32, 1000));
    let two_bugs = |(a, b): (u32, u32)| {
        assert!(a <= 500, "a is large");
        assert!(b == 0, "b is positive");
    };
    let first = Property::for_all(&pair, two_bugs).check(options(3));
    assert_eq!(first.failures().len(), 2, "{first}");
    let again = Property::for_all(&pair, two_bugs).check(options(4));
    assert_eq!(again.failures().len(), 2, "{again}");
    assert!(again.to_string().starts_with("Falsified: 2 distinct failures failed again on saved examples."), "{again}");
}

#[test]
fn an_unnamed_property_saves_nothing() {
    let directory = Scratch::new("unnamed");
    let result = Property::for_all(generate::integer::<u64>(), |n| n < 1000)
        .check(Options::default().seed(1).database(&directory));
    assert!(result.is_falsified());
    assert_eq!(saved_files(&directory), 0);
}

#[test]
fn an_unwritable_database_never_fails_a_test() {
    let file = Scratch::new("not-a-directory");
    std::fs::write(&file, "in the way").unwrap();
    let location = file.join("examples");
    let result = Property::for_all(generate::between(0, 10), |n| n < 5)
        .check(Options::default().seed(1).name("database::unwritable").database(location.to_str().unwrap()));
    assert_eq!(result.minimal().unwrap().value(), &5);
    let passing = Property::for_all(generate::between(0, 10), |_| true)
        .check(Options::default().seed(1).name("database::unwritable").database(location.to_str().unwrap()));
    assert!(passing.is_passed());
}

#[test]
fn concurrent_runs_of_one_property_share_the_database() {
    let directory = Scratch::new("concurrent");
    let location = directory.to_str().unwrap().to_owned();
    let threads: Vec<_> = (0..4u64)
        .map(|thread| {
            let location = location.clone();
            std::thread::spawn(move || {
                (0..5)
                    .map(|run| {
                        let options = Options::default().seed(thread * 10 + run).name("database::shared");
                        let result = Property::for_all(generate::vec(generate::integer::<u64>()), |list| {
                            list.iter().all(|&n| n < 1000)
                        })
                        .check(options.database(location.as_str()));
                        result.minimal().map(|minimal| minimal.value().clone())
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for thread in threads {
        for minimal in thread.join().unwrap() {
            assert_eq!(minimal, Some(vec![1000]));
        }
    }
    let files = walk(&directory);
    assert!(saved_files(&directory) >= 1, "{files:?}");
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.starts_with("quickcheck choices 1\n") && text.ends_with('\n'), "{path:?}: {text:?}");
    }
}

/// A failure is saved as soon as shrinking starts, not only once it ends,
/// so a run killed while shrinking (a timeout, a crash) loses nothing.
#[test]
fn a_failure_is_saved_before_it_is_shrunk() {
    let directory = Scratch::new("before-shrinking");
    let options = Options::default().seed(1).name("database::before_shrinking").database(&directory);
    let (mut failed, mut saved_while_shrinking) = (false, None);
    let result = Property::for_all(generate::integer::<u64>(), |n| {
        if failed && saved_while_shrinking.is_none() {
            saved_while_shrinking = Some(saved_files(&directory));
        }
        failed |= n >= 1000;
        n < 1000
    })
    .check(options.multiple_failures(false));
    assert_eq!(result.minimal().unwrap().value(), &1000, "{result}");
    assert_eq!(saved_while_shrinking, Some(1), "nothing was saved when shrinking began");
}

/// Where `a_file_for_a_database_is_named_in_the_warning` asks its child
/// process to put the database. Not a `QUICKCHECK_` name, which would be
/// warned of as a variable this crate does not read.
const FILE_LOCATION: &str = "DATABASE_TEST_FILE_LOCATION";

/// The child of `a_file_for_a_database_is_named_in_the_warning`: a failing
/// check, which both loads from the database and saves to it. In an
/// ordinary test run (no location set) there is nothing to do.
#[test]
fn child_with_a_file_for_a_database() {
    let Some(location) = std::env::var_os(FILE_LOCATION) else { return };
    let result = Property::for_all(generate::between(0, 10), |n| n < 5)
        .check(Options::default().seed(1).name("database::file").database(location));
    assert_eq!(result.minimal().unwrap().value(), &5, "{result}");
}

/// A location that is a file gets a warning that says so, rather than the
/// operating system's "not a directory" and advice to make it readable;
/// warnings go past the harness's capture, so the check reruns this binary.
#[test]
fn a_file_for_a_database_is_named_in_the_warning() {
    let file = Scratch::new("a-file");
    std::fs::write(&file, "in the way").unwrap();
    let stderr =
        support::stderr_of_child_test("child_with_a_file_for_a_database", &[(FILE_LOCATION, file.as_os_str())]);
    let warning = format!(
        "quickcheck: warning: the example database location {} is a file, not a directory, so no saved examples \
         are replayed and failures are not saved (the test results are unaffected). Point the database at a \
         directory (Options::database, #[property(database = \"...\")] or QUICKCHECK_DATABASE)\n",
        file.display()
    );
    // Once, though the check both loads and saves.
    assert_eq!(stderr.matches(&warning).count(), 1, "{stderr}");
    assert_eq!(stderr.matches("quickcheck: warning:").count(), 1, "{stderr}");
}

/// What `Options::database` documents: a relative location is taken from
/// the package's directory, where `cargo test` runs a test, so the
/// suggested `target/quickcheck/...` lands in the package's `target`.
#[test]
fn a_relative_location_is_taken_from_the_package_directory() {
    let package = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let relative = format!("target/quickcheck/relative-location-{}", std::process::id());
    // With CARGO_TARGET_DIR elsewhere, the package has no `target` of its
    // own, and this test makes one: to be removed again.
    let made: Vec<_> = ["target/quickcheck", "target"]
        .into_iter()
        .map(|part| package.join(part))
        .filter(|part| !part.exists())
        .collect();
    let result = Property::for_all(generate::integer::<u64>(), |n| n < 1000)
        .check(Options::default().seed(1).name("database::relative").database(relative.as_str()));
    assert!(result.is_falsified(), "{result}");
    let directory = package.join(&relative);
    let saved = saved_files(&directory);
    let _ = std::fs::remove_dir_all(&directory);
    for part in made {
        let _ = std::fs::remove_dir(part);
    }
    assert!(saved >= 1, "nothing was saved in {}", directory.display());
}

/// With the reuse phase off, a saved failure is neither replayed nor
/// removed: the next run with the phase on still meets it.
#[test]
fn without_the_reuse_phase_saved_failures_are_left_alone() {
    let directory = Scratch::new("reuse-off");
    let options = |seed| Options::default().seed(seed).name("database::reuse-off").database(&directory);
    let buggy = |n: u64| n < 1000;
    let first = Property::for_all(generate::integer::<u64>(), buggy).check(options(1));
    assert!(first.is_falsified(), "{first}");
    let saved = saved_files(&directory);
    assert!(saved >= 1);

    let without = Phases::all().without(Phase::Reuse);
    let second = Property::for_all(generate::integer::<u64>(), buggy).check(options(2).runs(1).phases(without));
    assert!(second.is_passed(), "the saved failure was replayed: {second}");
    assert_eq!(saved_files(&directory), saved);

    let third = Property::for_all(generate::integer::<u64>(), buggy).check(options(3).runs(1));
    assert!(third.is_from_database(), "{third}");
}

thread_local! {
    /// Where the two properties below save their failures: only on the
    /// thread of the test that checks them through the registry, where they
    /// fail. Their own tests run on other threads, without a database, and
    /// pass.
    static ATTRIBUTE_DATABASE: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
}

fn attribute_database() -> OsString {
    ATTRIBUTE_DATABASE.with_borrow(|directory| directory.as_ref().map_or_else(|| "off".into(), |path| path.into()))
}

fn failing_on_this_thread(n: u32) -> bool {
    ATTRIBUTE_DATABASE.with_borrow(Option::is_some) && n >= 1000
}

#[property(database = attribute_database())]
fn saved_under_its_package_and_path(n: u32) -> bool {
    !failing_on_this_thread(n)
}

#[property(name = "a name of its own", database = attribute_database())]
fn saved_under_the_name_it_is_given(n: u32) -> bool {
    !failing_on_this_thread(n)
}

/// A `#[property]` saves its failures under its package and path, or under
/// its `name` option: a property of that name meets them on its next run.
#[test]
fn a_property_attribute_saves_its_failures_under_its_name() {
    /// Turns the database off again however the test ends.
    struct Off;
    impl Drop for Off {
        fn drop(&mut self) {
            ATTRIBUTE_DATABASE.set(None);
        }
    }
    let directory = Scratch::new("attribute-names");
    ATTRIBUTE_DATABASE.set(Some(directory.to_path_buf()));
    let _off = Off;
    let path_name = format!("{}/{}::saved_under_its_package_and_path", env!("CARGO_PKG_NAME"), module_path!());
    for (function, name) in [
        ("saved_under_its_package_and_path", path_name.as_str()),
        ("saved_under_the_name_it_is_given", "a name of its own"),
    ] {
        let property = registry::properties().into_iter().find(|property| property.name() == function).unwrap();
        let checked = property.check();
        assert_eq!(checked.outcome(), Outcome::Falsified, "{}", checked.report());
        let options = Options::default().name(name).database(&directory).runs(1);
        let replayed = Property::for_all(generate::integer::<u32>(), |n| n < 1000).check(options);
        assert!(replayed.is_from_database(), "nothing saved under {name:?}: {replayed}");
    }
}

/// A saved failure is shrunk again on the next run, from its minimal
/// counterexample: a pass over it, which costs fewer calls than the first
/// shrink, and ends on the same counterexample.
#[test]
fn a_saved_failure_shrinks_again_in_fewer_calls() {
    let directory = Scratch::new("reshrink");
    let options = || Options::default().seed(7).name("database::reshrink").database(&directory);
    let check = || {
        Property::for_all(generate::vec(generate::integer::<i32>()), |list: Vec<i32>| {
            list.iter().map(|&n| i64::from(n)).sum::<i64>() < 1000
        })
        .check(options())
    };
    let first = check();
    let second = check();
    assert!(!first.is_from_database() && second.is_from_database(), "{second}");
    assert_eq!(second.minimal().unwrap().value(), first.minimal().unwrap().value(), "{second}");
    assert_eq!(first.minimal().unwrap().value(), &vec![1000], "{first}");
    assert!(
        second.shrink_calls() < first.shrink_calls(),
        "{} calls again, {} the first time",
        second.shrink_calls(),
        first.shrink_calls()
    );
}
