//! The example database across processes: what one test process saves, the
//! next replays first, and processes writing one property's entries at the
//! same time (as nextest runs tests) lose none of them.
//!
//! The checks rerun this test binary on `child_process`, which does one job
//! named by environment variables and prints what it found.

use std::path::Path;
use std::process::{Command, Output};

use quickcheck::{Options, Phase, Phases, Property, generate};

mod support;

use support::Scratch;

const MODE: &str = "QUICKCHECK_TEST_CHILD_MODE";
const DIRECTORY: &str = "QUICKCHECK_TEST_CHILD_DIRECTORY";
const WRITER: &str = "QUICKCHECK_TEST_CHILD_WRITER";

/// How many failures each writer saves.
const FAILURES_PER_WRITER: u64 = 25;

/// The failure writer `writer` saves `index`-th: its minimal counterexample.
fn threshold(writer: u64, index: u64) -> u64 {
    10_000 + writer * 1_000 + index * 7
}

fn options(directory: &str, name: &str) -> Options {
    Options::default().name(name).database(directory)
}

/// One job of a child process; in an ordinary test run (no mode set) there
/// is nothing to do.
#[test]
fn child_process() {
    let Ok(mode) = std::env::var(MODE) else { return };
    let directory = std::env::var(DIRECTORY).expect("the parent names the directory");
    match mode.as_str() {
        // "find" generates until it finds the bug; "buggy" and "fixed" get
        // one run, which only a saved example can fail.
        "find" | "buggy" | "fixed" => {
            let buggy = mode != "fixed";
            let runs = if mode == "find" { 100 } else { 1 };
            let result = Property::for_all(generate::integer::<u64>(), |n| !buggy || n < 1000)
                .check(options(&directory, "processes::threshold").runs(runs));
            let minimal = result.minimal().map(|minimal| *minimal.value());
            println!("outcome={:?} saved={} minimal={minimal:?}", result.outcome(), result.is_from_database());
        }
        "writer" => {
            let writer: u64 = std::env::var(WRITER).expect("a writer number").parse().expect("a number");
            for index in 0..FAILURES_PER_WRITER {
                let limit = threshold(writer, index);
                // No reuse: replaying the other writer's entries would delete
                // those that pass here, which is not what this test is about.
                let phases = Phases::only(&[Phase::Generate, Phase::Shrink]);
                let result = Property::for_all(generate::integer::<u64>(), |n| n < limit).check(
                    options(&directory, "processes::shared").seed(index).phases(phases).multiple_failures(false),
                );
                assert_eq!(result.minimal().map(|minimal| *minimal.value()), Some(limit), "{result}");
            }
            println!("wrote {FAILURES_PER_WRITER}");
        }
        other => panic!("unknown child mode {other:?}"),
    }
}

fn spawn(mode: &str, directory: &Path, writer: u64) -> std::process::Child {
    Command::new(std::env::current_exe().expect("the test binary"))
        .args(["child_process", "--exact", "--nocapture", "--test-threads=1"])
        .env(MODE, mode)
        .env(DIRECTORY, directory)
        .env(WRITER, writer.to_string())
        .env_remove("QUICKCHECK_DATABASE")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the test binary starts")
}

fn finished(child: std::process::Child) -> String {
    let output: Output = child.wait_with_output().expect("the child finishes");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_failure_is_replayed_first_by_the_next_process_and_removed_once_fixed() {
    let directory = Scratch::new("processes-replay");
    let first = finished(spawn("find", &directory, 0));
    assert!(first.contains("outcome=Falsified saved=false minimal=Some(1000)"), "{first}");

    // One run is all the next process gets: the saved example comes first.
    let second = finished(spawn("buggy", &directory, 0));
    assert!(second.contains("outcome=Falsified saved=true minimal=Some(1000)"), "{second}");

    let fixed = finished(spawn("fixed", &directory, 0));
    assert!(fixed.contains("outcome=Passed"), "{fixed}");
    let again = finished(spawn("buggy", &directory, 0));
    assert!(again.contains("outcome=Passed"), "the fixed example was not removed: {again}");
}

#[test]
fn two_processes_writing_one_property_lose_nothing() {
    let directory = Scratch::new("processes-concurrent");
    let writers = [spawn("writer", &directory, 0), spawn("writer", &directory, 1)];
    for writer in writers {
        let output = finished(writer);
        assert!(output.contains(&format!("wrote {FAILURES_PER_WRITER}")), "{output}");
    }
    // Replay everything saved, and nothing else.
    let mut seen = Vec::new();
    let result = Property::for_all(generate::integer::<u64>(), |n| {
        seen.push(n);
        true
    })
    .check(options(directory.to_str().unwrap(), "processes::shared").phases(Phases::only(&[Phase::Reuse])));
    assert!(result.is_passed(), "{result}");
    for writer in 0..2 {
        for index in 0..FAILURES_PER_WRITER {
            let limit = threshold(writer, index);
            assert!(seen.contains(&limit), "writer {writer}'s failure {limit} was lost; saw {seen:?}");
        }
    }
}
