//! The public types carry the traits a Rust user reaches for: `Display`
//! for outcomes and kinds, `Error` for a failure, `Debug` and `Clone` on
//! generators built from closures.

use quickcheck::stateful::{Command, ModelCommand, commands};
use quickcheck::{FailureKind, Generator, HealthCheck, Options, Outcome, Property, PropertyResult, generate};

#[test]
fn outcomes_kinds_and_health_checks_display_in_words() {
    assert_eq!(Outcome::GenerationFailed.to_string(), "generation failed");
    assert_eq!(Outcome::InsufficientCoverage.to_string(), "insufficient coverage");
    assert_eq!(FailureKind::ReturnedFalse.to_string(), "returned false");
    assert_eq!(FailureKind::DeadlineExceeded.to_string(), "exceeded its deadline");
    assert_eq!(HealthCheck::FilterTooMuch.to_string(), "filter_too_much");
}

/// Code that runs a property by hand passes its failure on with `?`.
#[test]
fn a_failure_is_an_error() {
    fn first_failure(result: &PropertyResult<u8>) -> Result<(), Box<dyn std::error::Error + '_>> {
        match result.failure() {
            Some(failure) => Err(Box::new(failure.clone())),
            None => Ok(()),
        }
    }
    let result = Property::for_all(generate::integer::<u8>(), |byte| byte < 10).check(Options::default().seed(1));
    let error = first_failure(&result).unwrap_err();
    assert_eq!(error.to_string(), "the property returned false");
}

#[derive(Clone, Debug)]
struct Increment;

impl ModelCommand<u32> for Increment {
    fn update(&self, model: &mut u32) {
        *model += 1;
    }
}

impl Command<u32, u32> for Increment {
    fn run(&self, _: &u32, counter: &mut u32) {
        *counter += 1;
    }
}

/// Generators built from closures are `Debug` (showing what is not a
/// closure) and `Clone`, as every other generator is.
#[test]
fn closure_generators_are_debug_and_clone() {
    let sequences = commands(|| 0u32, |_: &u32| Some(generate::constant(Increment))).max_length(3);
    let copy = sequences.clone();
    assert_eq!(copy.sample(20, 1).iter().map(|sequence| sequence.commands().len()).max(), Some(3));
    assert!(format!("{sequences:?}").starts_with("Commands { lengths: "), "{sequences:?}");

    let deferred = generate::deferred(|| generate::between(1u8, 3));
    assert_eq!(format!("{deferred:?}"), "Deferred { built: false, .. }");
    let values = deferred.sample(5, 1);
    assert_eq!(format!("{deferred:?}"), "Deferred { built: true, .. }");
    // A clone builds its own generator, and draws the same values.
    assert_eq!(deferred.clone().sample(5, 1), values);

    let property = Property::for_all(generate::integer::<u8>(), |_| true).example(3);
    assert_eq!(format!("{property:?}"), "Property { pinned_examples: 1, parameters: None, .. }");
}
