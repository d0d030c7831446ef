//! A `QUICKCHECK_` variable this crate does not read is named in a warning
//! (once a process), past the test harness's capture: a misspelt setting
//! would otherwise be ignored without a word. The check reruns this test
//! binary on its own property test with such variables set.

use std::process::Command;

use quickcheck::property;

#[property(seed = 1, database = "off")]
fn any_byte_is_a_byte(n: u8) -> bool {
    u16::from(n) < 256
}

#[property(seed = 1, database = "off")]
fn small_numbers_add_without_overflow(a: u8, b: u8) -> bool {
    u16::from(a) + u16::from(b) <= 510
}

#[test]
fn a_variable_that_is_not_read_is_named_once() {
    let output = Command::new(std::env::current_exe().expect("the test binary"))
        // Two checks in one process: the warning comes with the first only.
        .args(["any_byte_is_a_byte", "small_numbers_add_without_overflow", "--exact", "--test-threads=1"])
        .env("QUICKCHECK_RUN", "5")
        .env("QUICKCHECK_TESTS", "5")
        .env("PROPTEST_CASES", "5")
        .env("PROPTEST_MAX_SHRINK_ITERS", "50")
        .env("QUICKCHECK_GENERATOR_SIZE", "100")
        .env("QUICKCHECK_REPLAY", "v1.AA")
        .output()
        .expect("the test binary runs");
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let misspelt = "the environment variable QUICKCHECK_RUN is set but not read: is it misspelt? The variables read \
                    are QUICKCHECK_RUNS, QUICKCHECK_SEED";
    assert_eq!(stderr.matches(misspelt).count(), 1, "{stderr}");
    let older = "the environment variable QUICKCHECK_TESTS is quickcheck 1.x's, which this crate does not read: for \
                 this crate's checks, set QUICKCHECK_RUNS";
    assert_eq!(stderr.matches(older).count(), 1, "{stderr}");
    let proptest = "the environment variable PROPTEST_CASES is proptest's, which this crate does not read: for this \
                    crate's checks, set QUICKCHECK_RUNS";
    assert_eq!(stderr.matches(proptest).count(), 1, "{stderr}");
    let shrink_iterations = "the environment variable PROPTEST_MAX_SHRINK_ITERS is proptest's, which this crate does \
                             not read: for this crate's checks, set QUICKCHECK_MAX_SHRINKS (successful shrinks, not \
                             attempts)";
    assert_eq!(stderr.matches(shrink_iterations).count(), 1, "{stderr}");
    let size = "the environment variable QUICKCHECK_GENERATOR_SIZE is quickcheck 1.x's, which this crate does not \
                read: for this crate's checks, there is no size to set: a collection or string is about 5 long by \
                default and at most 64 above its minimum, so give a generator that needs longer values \
                .min_length(n) or .length(a..=b)";
    assert_eq!(stderr.matches(size).count(), 1, "{stderr}");
    // A variable one might guess exists says where its setting goes.
    let replay = "the environment variable QUICKCHECK_REPLAY is set but not read: a replay token is given in code, \
                  with Options::replay or #[property(replay = \"...\")], so that it replays the one property it \
                  came from";
    assert_eq!(stderr.matches(replay).count(), 1, "{stderr}");
}
