//! `uuid::Uuid`, with the `uuid` feature.
#![cfg(feature = "uuid")]

use quickcheck::{Generator, Options, Property, generate};
use uuid::Uuid;

#[test]
fn uuids_are_uniform_apart_from_the_forced_ones() {
    let ids = generate::uuid().sample(20_000, 1);
    let forced = ids.iter().filter(|id| id.is_nil() || id.as_u128() == u128::MAX).count();
    assert!((900..1_700).contains(&forced), "{forced} forced");
    let high_bit = ids.iter().filter(|id| id.as_u128() >> 127 == 1).count();
    assert!((9_300..10_700).contains(&high_bit), "{high_bit} with the top bit set");
}

#[test]
fn uuids_shrink_to_nil() {
    for seed in 0..10 {
        let result = Property::for_all(generate::uuid(), |_| false).check(Options::default().seed(seed));
        assert_eq!(*result.minimal().unwrap().value(), Uuid::nil(), "seed {seed}");
        let result =
            Property::for_all(generate::uuid(), |id| id.as_u128() & 0xff < 0x80).check(Options::default().seed(seed));
        assert_eq!(result.minimal().unwrap().value().as_u128(), 0x80, "seed {seed}");
    }
}

/// A UUID prints as `00000000-0000-...`, which reads as a subtraction of
/// integers: no pin line is offered for it.
#[test]
fn a_uuid_parameter_gets_no_pin_line() {
    let result = Property::for_all((generate::integer::<u8>(), generate::uuid()), |(n, _)| n < 5)
        .parameters(&["n", "id"])
        .check(Options::default().seed(1));
    assert!(result.is_falsified(), "{result}");
    assert!(!result.to_string().contains("Pin it with"), "{result}");
}

#[test]
fn a_property_of_the_version_shrinks_to_the_version_alone() {
    // The version is four bits in the middle of the UUID.
    for seed in 0..10 {
        let result =
            Property::for_all(generate::uuid(), |id| id.get_version_num() != 4).check(Options::default().seed(seed));
        let minimal = *result.minimal().unwrap().value();
        assert_eq!(minimal.to_string(), "00000000-0000-4000-0000-000000000000", "seed {seed}");
    }
}
