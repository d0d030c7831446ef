//! Isolation: each body runs in a child process (this test binary run
//! again for the one test), so an abort, a stack overflow, an exit or a
//! hang fails the example, and the failure shrinks like any other.

use std::hint::black_box;
use std::time::Duration;

use quickcheck::stats::{classify, note};
use quickcheck::{FailureKind, Generator, Options, Outcome, Property, assume, generate, property};

mod support;

use support::Scratch;

/// Whether this process is a child that isolation started.
fn in_a_child() -> bool {
    std::env::var_os("QUICKCHECK_WORKER").is_some()
}

/// Options for a check that finds the one crash and shrinks it.
fn isolated() -> Options {
    Options::default().seed(7).isolate(true).multiple_failures(false).database("off")
}

/// Recurses until the stack overflows (no stack holds `u64::MAX` levels),
/// each level holding a kilobyte of it.
fn overflow(depth: u64) -> u64 {
    if depth == u64::MAX {
        return 0;
    }
    let frame = black_box([depth as u8; 1024]);
    overflow(depth + 1) + u64::from(frame[0])
}

#[test]
fn an_abort_fails_its_example_which_shrinks_to_the_smallest() {
    let result = Property::for_all(generate::between(0u32, 100_000), |n| {
        if n >= 1234 {
            std::process::abort();
        }
    })
    .check(isolated());
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    assert_eq!(result.minimal().unwrap().value(), &1234);
    let failure = result.failure().unwrap();
    assert_eq!(failure.kind(), FailureKind::Crashed);
    if cfg!(unix) {
        assert!(failure.message().contains("SIGABRT"), "{}", failure.message());
    }
    let report = result.to_string();
    assert!(report.contains("the property crashed: its child process was killed by signal"), "{report}");
}

#[test]
fn a_stack_overflow_is_reported_with_what_the_child_wrote() {
    let result = Property::for_all(generate::between(0u64, 1_000_000), |n| {
        if n >= 500 {
            black_box(overflow(n));
        }
    })
    .check(isolated());
    assert_eq!(result.minimal().unwrap().value(), &500, "{result}");
    let failure = result.failure().unwrap();
    assert_eq!(failure.kind(), FailureKind::Crashed);
    assert!(failure.message().contains("overflowed its stack"), "{}", failure.message());
}

#[test]
fn an_exit_is_a_crash_naming_its_status() {
    let result = Property::for_all(generate::vec(generate::integer::<u8>()), |bytes| {
        if bytes.len() >= 3 {
            std::process::exit(3);
        }
    })
    .check(isolated());
    assert_eq!(result.minimal().unwrap().value(), &vec![0, 0, 0], "{result}");
    let message = result.failure().unwrap().message().to_owned();
    assert!(message.contains("exited with status 3"), "{message}");
}

#[test]
fn a_body_that_hangs_is_stopped_at_the_deadline() {
    let result = Property::for_all(generate::between(0u32, 100), |n| {
        if n >= 40 {
            loop {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    })
    .check(isolated().deadline(Duration::from_millis(100)));
    assert_eq!(result.minimal().unwrap().value(), &40, "{result}");
    let failure = result.failure().unwrap();
    assert_eq!(failure.kind(), FailureKind::DeadlineExceeded);
    assert!(failure.message().contains("its child process was stopped"), "{}", failure.message());
}

#[test]
fn failures_and_notes_come_back_from_the_child() {
    let result = Property::for_all(generate::vec(generate::integer::<i32>()), |list| {
        assert!(in_a_child(), "ran in the test's own process");
        note("length", list.len());
        assert!(list.len() < 2, "too long");
    })
    .check(isolated());
    assert_eq!(result.minimal().unwrap().value(), &vec![0, 0], "{result}");
    let failure = result.failure().unwrap();
    assert_eq!(failure.kind(), FailureKind::Panicked);
    assert_eq!(failure.message(), "too long");
    assert_eq!(failure.location().unwrap().file, file!());
    assert_eq!(result.notes(), [("length".to_owned(), "2".to_owned())]);
}

#[test]
fn statistics_and_discards_come_back_from_the_child() {
    let passing = Property::for_all(generate::integer::<u8>(), |n| {
        assert!(in_a_child(), "ran in the test's own process");
        classify(n % 2 == 0, "even");
        assume(n != 7);
    })
    .check(Options::default().seed(3).isolate(true).runs(300));
    assert!(passing.is_passed(), "{passing}");
    let even = passing.statistics().percent("even");
    assert!((35.0..65.0).contains(&even), "{even}");
    assert!(passing.discards() > 0, "the assume discarded the example 7");
}

#[test]
fn isolated_and_not_the_same_seed_runs_the_same_examples() {
    let body = |list: Vec<u16>| list.iter().map(|&n| u32::from(n)).sum::<u32>() < 100_000;
    let generator = || generate::vec(generate::integer::<u16>());
    let alone = Property::for_all(generator(), body).check(isolated());
    let here = Property::for_all(generator(), body).check(isolated().isolate(false));
    assert_eq!(alone.minimal().unwrap().value(), here.minimal().unwrap().value());
    assert_eq!(alone.tests_run(), here.tests_run());
    assert_eq!(alone.shrinks(), here.shrinks());
}

#[test]
fn two_isolated_checks_in_one_test_each_find_their_own_child() {
    Property::for_all(generate::integer::<u8>(), |n| u16::from(n) < 256).assert(isolated());
    let result = Property::for_all(generate::between(0u32, 1000), |n| {
        if n >= 10 {
            std::process::abort();
        }
    })
    .check(isolated());
    assert_eq!(result.minimal().unwrap().value(), &10, "{result}");
}

#[test]
fn a_test_that_reads_an_earlier_isolated_checks_result_is_told_why_it_cannot() {
    let first = Property::for_all(generate::integer::<u8>(), |n| n < 100).check(isolated());
    assert_eq!(first.outcome(), Outcome::Falsified);
    // In the child serving the second check, the first passed at once, so
    // the assertion above failed there, before the second check.
    let second = Property::for_all(generate::integer::<u8>(), |_| true).check(isolated());
    assert_eq!(second.outcome(), Outcome::Misconfigured);
    let report = second.to_string();
    assert!(report.contains("the test ended there before reaching this check"), "{report}");
    assert!(report.contains("the isolated checks this test makes before this one pass"), "{report}");
}

#[test]
fn a_check_off_the_test_thread_is_refused_saying_why() {
    let result = std::thread::spawn(|| {
        Property::for_all(generate::integer::<u8>(), |_| true).check(Options::default().isolate(true))
    })
    .join()
    .unwrap();
    assert_eq!(result.outcome(), Outcome::Misconfigured);
    let report = result.to_string();
    assert!(report.contains("thread with no test's name"), "{report}");
}

/// The attribute takes the option too: every body runs in a child
/// process, which isolation marks with its variable.
#[property(isolate = true, runs = 20)]
fn the_attribute_runs_its_bodies_in_a_child(n: u8) {
    assert!(in_a_child(), "{n} ran in the test's own process");
}

#[tokio::test]
async fn an_asynchronous_body_is_isolated_too() {
    let result = Property::for_all(generate::between(0u32, 10_000), async |n| {
        tokio::task::yield_now().await;
        if n >= 321 {
            std::process::abort();
        }
    })
    .check_async(isolated())
    .await;
    assert_eq!(result.minimal().unwrap().value(), &321, "{result}");
    assert_eq!(result.failure().unwrap().kind(), FailureKind::Crashed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_asynchronous_body_that_blocks_is_stopped_at_the_deadline() {
    let result = Property::for_all(generate::between(0u32, 100), async |n| {
        // Blocked, not waiting: nothing in the body's own process could
        // stop it.
        if n >= 30 {
            loop {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        tokio::task::yield_now().await;
    })
    .check_async(isolated().deadline(Duration::from_millis(100)))
    .await;
    assert_eq!(result.minimal().unwrap().value(), &30, "{result}");
    assert_eq!(result.failure().unwrap().kind(), FailureKind::DeadlineExceeded);
}

/// Set for a run of this binary's probe test alone, to what it expects.
const PROBE: &str = "QUICKCHECK_TEST_ISOLATION_PROBE";

/// Checks where bodies run, or that the check is refused, as `PROBE`
/// says; nothing in an ordinary run.
#[test]
fn probe_isolation_from_the_environment() {
    let Ok(expected) = std::env::var(PROBE) else { return };
    let check = |options: Options| Property::for_all(generate::integer::<u8>(), |_| in_a_child()).check(options);
    match expected.as_str() {
        "in a child" => {
            let result = check(Options::default().runs(5));
            assert!(result.is_passed(), "{result}");
            // Off the test's thread, the variable alone leaves the check
            // in its own process.
            let elsewhere = std::thread::spawn(move || {
                Property::for_all(generate::integer::<u8>(), |_| !in_a_child()).check(Options::default().runs(5))
            });
            let result = elsewhere.join().unwrap();
            assert!(result.is_passed(), "{result}");
        }
        "in the test's process" => {
            let result = check(Options::default().runs(5).isolate(true));
            assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
        }
        "on, but not where the check says no" => {
            let result = check(Options::default().runs(5).isolate(false));
            assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
            // The test reads the first check's result, which in the child
            // serving the second passed without running: that child never
            // reaches the second, which then runs here, with a warning.
            let first = Property::for_all(generate::integer::<u8>(), |n| n < 200).check(Options::default());
            assert_eq!(first.outcome(), Outcome::Falsified, "{first}");
            let second = Property::for_all(generate::integer::<u8>(), |_| !in_a_child()).check(Options::default());
            assert!(second.is_passed(), "{second}");
        }
        _ => {
            let result = check(Options::default().runs(5));
            assert_eq!(result.outcome(), Outcome::Misconfigured);
            let report = result.to_string();
            assert!(report.contains("QUICKCHECK_ISOLATE is \"sometimes\""), "{report}");
        }
    }
}

#[test]
fn the_environment_variable_turns_isolation_on_or_off_and_a_bad_value_is_named() {
    let cases = [
        ("on", "in a child"),
        ("off", "in the test's process"),
        ("on", "on, but not where the check says no"),
        ("sometimes", "refused"),
    ];
    for (value, expected) in cases {
        let output = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["probe_isolation_from_the_environment", "--exact", "--test-threads=1"])
            .env("QUICKCHECK_ISOLATE", value)
            .env(PROBE, expected)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "QUICKCHECK_ISOLATE={value}, {expected}:\n{stdout}\n{stderr}");
        assert!(stdout.contains("1 passed"), "the probe did not run:\n{stdout}");
        if expected.starts_with("on, but") {
            let warning = "quickcheck: warning: QUICKCHECK_ISOLATE=on could not isolate a check";
            assert!(stderr.contains(warning), "{stderr}");
        }
    }
}

#[test]
fn a_panic_that_aborts_while_another_unwinds_is_quoted_with_the_first() {
    struct Loud(u32);
    impl Drop for Loud {
        fn drop(&mut self) {
            if std::thread::panicking() {
                panic!("dropped {} while unwinding", self.0);
            }
        }
    }
    let result = Property::for_all(generate::between(0u32, 100), |n| {
        let _guard = Loud(n);
        assert!(n < 13, "unlucky {n}");
    })
    .check(isolated());
    assert_eq!(result.minimal().unwrap().value(), &13, "{result}");
    let failure = result.failure().unwrap();
    assert_eq!(failure.kind(), FailureKind::Crashed);
    assert!(failure.message().contains("unlucky 13"), "{}", failure.message());
}

/// Set for a run of this binary's orphan probe alone: the file its
/// isolated body writes its process's id to.
const ORPHAN_PROBE: &str = "QUICKCHECK_TEST_ISOLATION_ORPHAN";

/// An isolated body that writes where it runs and never returns; nothing
/// in an ordinary run.
#[test]
fn probe_a_body_that_never_returns() {
    let Ok(file) = std::env::var(ORPHAN_PROBE) else { return };
    let _ = Property::for_all(generate::integer::<u8>(), |_| -> () {
        std::fs::write(&file, std::process::id().to_string()).unwrap();
        loop {
            std::thread::sleep(Duration::from_millis(10));
        }
    })
    .check(Options::default().isolate(true).database("off"));
}

#[cfg(unix)]
#[test]
fn a_child_ends_when_the_test_process_is_killed() {
    let directory = Scratch::new("orphan");
    std::fs::create_dir_all(&directory).unwrap();
    let file = directory.join("pid");
    let mut probe = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["probe_a_body_that_never_returns", "--exact", "--test-threads=1"])
        .env(ORPHAN_PROBE, &file)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let alive = |pid: &str| std::process::Command::new("kill").args(["-0", pid]).status().unwrap().success();
    // Waits for the body to start, then kills the test's process as a CI
    // timeout would, leaving the child no parent to answer.
    let pid = (0..3000)
        .find_map(|_| {
            std::thread::sleep(Duration::from_millis(10));
            std::fs::read_to_string(&file).ok().filter(|pid| !pid.is_empty())
        })
        .expect("the isolated body started");
    probe.kill().unwrap();
    probe.wait().unwrap();
    let gone = (0..1000).any(|_| {
        std::thread::sleep(Duration::from_millis(10));
        !alive(&pid)
    });
    assert!(gone, "the child {pid} outlived the test's process");
}

#[test]
fn a_slow_start_of_the_next_child_does_not_count_against_the_deadline() {
    // Each child runs the test up to the check again: this pause, twice
    // the deadline, comes before every example that follows a crash.
    std::thread::sleep(Duration::from_millis(120));
    let result = Property::for_all(generate::between(0u32, 100), |n| {
        if n >= 50 {
            std::process::abort();
        }
    })
    .check(Options::default().seed(5).isolate(true).database("off").deadline(Duration::from_millis(60)));
    assert_eq!(result.failures().len(), 1, "{result}");
    assert_eq!(result.failure().unwrap().kind(), FailureKind::Crashed);
    assert_eq!(result.minimal().unwrap().value(), &50);
}

#[test]
fn what_the_body_wrote_to_standard_error_is_quoted() {
    let result = Property::for_all(generate::between(0u32, 1000), |n| {
        if n >= 7 {
            eprintln!("about to abort on {n}");
            std::process::abort();
        }
    })
    .check(isolated());
    let message = result.failure().unwrap().message().to_owned();
    assert!(message.contains("its standard error ended with:\nabout to abort on 7"), "{message}");
}

#[cfg(unix)]
#[test]
fn a_crash_is_seen_when_the_child_exits_though_a_process_it_started_holds_its_output() {
    let result = Property::for_all(generate::between(0u32, 1000), |n| {
        if n >= 3 {
            // Inherits the child's standard output and error, and outlives
            // the deadline: waiting for them to close would time out.
            let _ = std::process::Command::new("sleep").arg("5").spawn();
            std::process::abort();
        }
    })
    .check(isolated().max_shrinks(2).deadline(Duration::from_secs(2)));
    assert_eq!(result.failure().unwrap().kind(), FailureKind::Crashed, "{result}");
}

#[test]
fn an_assume_in_the_child_is_named_by_its_place() {
    let result = Property::for_all(generate::integer::<u8>(), |_| assume(false)).check(isolated());
    assert_eq!(result.outcome(), Outcome::Exhausted);
    let report = result.to_string();
    let line = line!() - 3;
    assert!(report.contains(&format!("an `assume` that did not hold at {}:{line}", file!())), "{report}");
}

#[test]
fn generators_that_draw_otherwise_in_the_child_are_reported_as_not_deterministic() {
    let reads_the_process = generate::integer::<u8>().map(|n| {
        assert!(!in_a_child(), "drawn in the child");
        n
    });
    let result = Property::for_all(reads_the_process, |_| true).check(isolated());
    let message = result.failure().unwrap().message().to_owned();
    assert!(message.starts_with("the generators are not deterministic: the child process replaying"), "{message}");
    assert!(message.contains("drawn in the child"), "{message}");
}

#[test]
fn a_check_inside_an_isolated_body_runs_in_the_child() {
    let result = Property::for_all(generate::integer::<u8>(), |_| {
        let inner = Property::for_all(generate::integer::<u8>(), |m| m < 10).check(isolated());
        assert!(in_a_child());
        assert_eq!(inner.minimal().map(|minimal| *minimal.value()), Some(10));
    })
    .check(isolated().runs(3));
    assert!(result.is_passed(), "{result}");
}

#[test]
fn a_check_on_a_thread_named_otherwise_is_told_there_is_no_such_test() {
    let result = std::thread::Builder::new()
        .name("worker".to_owned())
        .spawn(|| Property::for_all(generate::integer::<u8>(), |_| true).check(Options::default().isolate(true)))
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(result.outcome(), Outcome::Misconfigured);
    let report = result.to_string();
    assert!(report.contains("the binary has no test of that name"), "{report}");
}

#[test]
fn a_crash_is_saved_and_replayed_first_next_time() {
    let directory = Scratch::new("isolated-crash");
    let options = |seed| {
        Options::default()
            .seed(seed)
            .isolate(true)
            .multiple_failures(false)
            .name("isolation::crash")
            .database(&directory)
    };
    let crashes = |n: u32| {
        if n >= 77 {
            std::process::abort();
        }
    };
    // In the child serving the second check, the first passed without
    // running: what it found is looked at in the test's process alone.
    let first = Property::for_all(generate::between(0u32, 1000), crashes).check(options(1));
    if !in_a_child() {
        assert_eq!(first.minimal().unwrap().value(), &77, "{first}");
        assert!(!first.is_from_database());
    }
    let second = Property::for_all(generate::between(0u32, 1000), crashes).check(options(2).runs(1));
    assert!(second.is_from_database(), "{second}");
    assert_eq!(second.minimal().unwrap().value(), &77);
    assert_eq!(second.failure().unwrap().kind(), FailureKind::Crashed);
}

#[test]
fn a_replay_token_replays_its_example_isolated() {
    // Found in this process by a body that panics where the other aborts,
    // so that the child, running this again, reads the same token.
    let found = Property::for_all(generate::between(0u32, 1000), |n| assert!(n < 77))
        .check(Options::default().seed(1).database("off"));
    let token = found.replay().expect("a replay token").to_string();
    let replayed = Property::for_all(generate::between(0u32, 1000), |n| {
        if n >= 77 {
            std::process::abort();
        }
    })
    .check(Options::default().isolate(true).replay(&token));
    assert_eq!(replayed.minimal().unwrap().value(), &77, "{replayed}");
    assert_eq!(replayed.failure().unwrap().kind(), FailureKind::Crashed);
}

#[test]
fn a_pinned_example_runs_in_the_child_too() {
    let body = |n: u32| {
        assert!(in_a_child(), "{n} ran in the test's own process");
        if n == 13 {
            std::process::abort();
        }
    };
    let result = Property::for_all(generate::between(0u32, 10), body).example(2).example(13).check(isolated());
    assert_eq!(result.outcome(), Outcome::Falsified, "{result}");
    assert_eq!(result.minimal().unwrap().value(), &13);
    assert_eq!(result.failure().unwrap().kind(), FailureKind::Crashed);
    assert!(result.to_string().contains("Falsified on pinned example 2 of 2."), "{result}");
}
