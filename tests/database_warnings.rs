//! Database settings that would silently keep nothing are named in a
//! warning, past the test harness's capture: a database set on a property
//! without a name, and two properties of different generators sharing a
//! name (each would delete the other's saved examples). The check reruns
//! this test binary on its own checks and reads their standard error.

use quickcheck::{Options, Property, generate};

mod support;

use support::Scratch;

/// Run by the test below in a child process, never on its own: the
/// variable it reads names the directory.
#[test]
fn child_checks() {
    let Some(directory) = std::env::var_os("DATABASE_WARNINGS_DIRECTORY") else { return };
    let unnamed = Options::default().seed(1).database(&directory);
    let _ = Property::for_all(generate::integer::<u8>(), |n| n < 200).check(unnamed);
    let shared = || Options::default().seed(1).database(&directory).name("shared");
    let _ = Property::for_all(generate::integer::<u8>(), |n| n < 200).check(shared());
    let _ = Property::for_all(generate::vec(generate::integer::<u64>()), |list| list.len() < 3).check(shared());
    // The same generator under the same name is the same property, as
    // when a fixed body is checked again.
    let _ = Property::for_all(generate::integer::<u8>(), |n| n < 250).check(shared());
}

#[test]
fn settings_that_keep_nothing_are_named() {
    let directory = Scratch::new("database-warnings");
    let stderr =
        support::stderr_of_child_test("child_checks", &[("DATABASE_WARNINGS_DIRECTORY", directory.as_os_str())]);
    let unnamed = format!(
        "Options::database is set to {:?}, but a property without a name saves nothing",
        directory.to_string_lossy()
    );
    assert_eq!(stderr.matches(&unnamed).count(), 1, "{stderr}");
    let shared = "two properties keep their examples under the name \"shared\"";
    assert_eq!(stderr.matches(shared).count(), 1, "{stderr}");
}
