//! Isolation without the test harness: `main` checks the properties with
//! `registry::run_all`, and each isolated one runs its bodies in a child,
//! this binary run again, where `run_all` checks that property alone.

use std::process::ExitCode;

use quickcheck::{FailureKind, Outcome, property, registry};

#[property(isolate = true, seed = 3, multiple_failures = false, database = "off")]
fn aborts_from_300_on(n: u16) {
    if n >= 300 {
        std::process::abort();
    }
}

#[property(isolate = true, runs = 10)]
fn runs_in_a_child(n: u8) {
    assert!(std::env::var_os("QUICKCHECK_WORKER").is_some(), "{n} ran in the test's own process");
}

#[property(runs = 10)]
fn runs_here(n: u8) {
    assert!(std::env::var_os("QUICKCHECK_WORKER").is_none(), "{n} ran in a child");
}

fn main() -> ExitCode {
    // cargo-nextest first lists a binary's tests (`--list --format terse`),
    // then runs each by name: this binary is one test, whatever it is asked.
    let arguments: Vec<String> = std::env::args().collect();
    if arguments.iter().any(|argument| argument == "--list") {
        if !arguments.iter().any(|argument| argument == "--ignored") {
            println!("registry_isolation: test");
        }
        return ExitCode::SUCCESS;
    }
    let summary = registry::run_all("");
    let outcome = |name: &str| {
        let checked = summary.checked().iter().find(|checked| checked.property().is_some_and(|p| p.name() == name));
        checked.map(|checked| (checked.outcome(), checked.report().to_owned()))
    };
    let mut failures = Vec::new();
    match outcome("aborts_from_300_on") {
        Some((Outcome::Falsified, report))
            if report.contains("n = 300") && report.contains(&format!("{}", FailureKind::Crashed)) => {}
        other => failures.push(format!("aborts_from_300_on: {other:?}")),
    }
    for name in ["runs_in_a_child", "runs_here"] {
        match outcome(name) {
            Some((Outcome::Passed, _)) => {}
            other => failures.push(format!("{name}: {other:?}")),
        }
    }
    if failures.is_empty() {
        println!("isolation through the registry: as expected\n{summary}");
        ExitCode::SUCCESS
    } else {
        eprintln!("isolation through the registry did not go as expected:\n{}", failures.join("\n"));
        ExitCode::FAILURE
    }
}
