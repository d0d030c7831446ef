//! A body that runs far past its deadline is named while it runs: a
//! synchronous body cannot be stopped, and one that never returns would
//! otherwise hang its test without a word, since the test harness shows a
//! test's output only once the test ends.
//!
//! The check reruns this test binary on `child_process`, with the
//! harness capturing its output as usual, and reads what reached the
//! process's standard error meanwhile.

use std::io::Write;
use std::process::Command;
use std::time::Duration;

use quickcheck::{Options, Phase, Phases, Property, generate};

const MODE: &str = "QUICKCHECK_TEST_CHILD_MODE";

/// The child's check: a body that, on every value but the simplest, runs
/// for over a second against a deadline of 50 ms. (It returns in the
/// end, so that the test ends; one that never did would be named the same
/// way.)
#[test]
fn child_process() {
    if std::env::var(MODE).as_deref() != Ok("stuck") {
        return;
    }
    let options = Options::default()
        .seed(3)
        .deadline(Duration::from_millis(50))
        .phases(Phases::only(&[Phase::Generate]))
        .multiple_failures(false)
        .database("off");
    let result = Property::for_all(generate::between(0u8, 9), |n| {
        if n > 0 {
            std::thread::sleep(Duration::from_millis(1600));
        }
    })
    .check(options);
    // Past the harness's capture, as the watch writes: the parent reads it.
    let line = format!("replay of the failure: {}\n", result.replay().expect("the slow body fails its deadline"));
    std::io::stdout().write_all(line.as_bytes()).unwrap();
}

#[test]
fn a_body_far_past_its_deadline_is_named_with_its_replay_token_while_it_runs() {
    let output = Command::new(std::env::current_exe().expect("the test binary"))
        .args(["child_process", "--exact", "--test-threads=1"])
        .env(MODE, "stuck")
        .output()
        .expect("the child runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{stdout}\n{stderr}");
    let token = stdout
        .lines()
        .find_map(|line| line.split("replay of the failure: ").nth(1))
        .unwrap_or_else(|| panic!("the child names its failure:\n{stdout}"));
    let spoken: Vec<&str> = stderr.lines().filter(|line| line.starts_with("quickcheck: a property body")).collect();
    assert_eq!(spoken.len(), 1, "{stderr}");
    assert!(spoken[0].contains("far past its deadline of 50ms"), "{}", spoken[0]);
    assert!(spoken[0].contains(&format!("`Options::default().replay(\"{token}\")`")), "{}", spoken[0]);
}
