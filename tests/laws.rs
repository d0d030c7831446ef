//! The law checks as a user calls them: they pass on the standard types and
//! catch hand-written trait implementations that break their laws, naming
//! the law and the values that break it.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU32, Ordering as AtomicOrdering};

use quickcheck::oracles::laws;
use quickcheck::{Arbitrary, Generator, Options, Outcome, generate};

// The standard types keep every law.

#[test]
fn i32_keeps_the_laws() {
    laws::check_eq::<i32>(Options::default()).unwrap();
    laws::check_ord::<i32>(Options::default()).unwrap();
    laws::check_hash::<i32>(Options::default()).unwrap();
    laws::check_clone::<i32>(Options::default()).unwrap();
    laws::check_default::<i32>().unwrap();
}

#[test]
fn strings_keep_the_laws() {
    laws::check_eq::<String>(Options::default()).unwrap();
    laws::check_ord::<String>(Options::default()).unwrap();
    laws::check_hash::<String>(Options::default()).unwrap();
    laws::check_clone::<String>(Options::default()).unwrap();
    laws::check_default::<String>().unwrap();
}

#[test]
fn byte_vectors_keep_the_laws() {
    laws::check_eq::<Vec<u8>>(Options::default()).unwrap();
    laws::check_ord::<Vec<u8>>(Options::default()).unwrap();
    laws::check_hash::<Vec<u8>>(Options::default()).unwrap();
    laws::check_clone::<Vec<u8>>(Options::default()).unwrap();
    laws::check_default::<Vec<u8>>().unwrap();
}

#[test]
fn floats_keep_the_partial_order_laws_nan_included() {
    laws::check_partial_ord::<f64>(Options::default()).unwrap();
}

/// NaN is not equal to itself, so a copy of it is told from a changed value
/// by how it prints: a float's clone and a NaN default keep their laws.
#[test]
fn copies_of_nan_keep_the_clone_and_default_laws() {
    laws::check_clone::<f64>(Options::default().seed(1).runs(500)).unwrap();
    laws::check_clone::<Vec<f32>>(Options::default().seed(2)).unwrap();

    #[derive(Clone, Debug, PartialEq)]
    struct Reading(f64);
    impl Default for Reading {
        fn default() -> Reading {
            Reading(f64::NAN)
        }
    }
    laws::check_default::<Reading>().unwrap();
    let bits = |x: &f64| x.to_bits();
    quickcheck::oracles::check_round_trip(&f64::NAN, bits, |bits: &u64| f64::from_bits(*bits)).unwrap();
}

/// A default that panics breaks its law; the panic does not escape.
#[test]
fn a_panicking_default_is_a_broken_law() {
    #[derive(Clone, Debug, PartialEq)]
    struct Unready;
    impl Default for Unready {
        fn default() -> Unready {
            panic!("not ready")
        }
    }
    let violation = laws::check_default::<Unready>().unwrap_err();
    assert_eq!(violation.law(), "Default panics");
    assert!(violation.is_broken(), "{violation}");
    assert!(violation.failure().unwrap().contains("not ready"), "{violation}");
}

/// A check that cannot run decides nothing, and says so rather than name a
/// broken law.
#[test]
fn a_check_that_could_not_run_is_no_broken_law() {
    let violation = laws::check_eq::<i32>(Options::default().runs(0)).unwrap_err();
    assert_eq!(violation.outcome(), Outcome::Misconfigured);
    assert!(!violation.is_broken(), "{violation}");
    let message = violation.to_string();
    assert!(message.starts_with("Could not check the laws: the options were refused.\n"), "{message}");
    assert!(message.contains("runs is 0"), "{message}");
    assert!(!message.contains("reflexive"), "{message}");
}

/// A default whose clone panics decides nothing about the default: the
/// law is not called broken.
#[test]
fn a_panicking_clone_of_the_default_is_no_broken_law() {
    #[derive(Debug, Default, PartialEq)]
    struct Handle(u8);
    impl Clone for Handle {
        fn clone(&self) -> Handle {
            panic!("handles are not to be cloned")
        }
    }
    let violation = laws::check_default::<Handle>().unwrap_err();
    assert!(!violation.is_broken(), "{violation}");
    assert!(violation.to_string().starts_with("Could not rule out that "), "{violation}");
    assert!(violation.failure().unwrap().contains("handles are not to be cloned"), "{violation}");
    // What could not be ruled out is not then stated as found.
    assert!(violation.failure().unwrap().starts_with("cloning or comparing the defaults panicked"), "{violation}");
    assert!(!violation.report().contains("Failure: Default is not deterministic"), "{violation}");
}

/// Values unequal to themselves (holding a NaN) are told apart by their
/// `Debug` forms; a `Debug` that panics decides nothing, and no law is
/// called broken.
#[test]
fn a_panicking_debug_of_a_value_holding_a_nan_is_no_broken_law() {
    #[derive(Clone, PartialEq)]
    struct Unprintable(f64);
    impl Default for Unprintable {
        fn default() -> Unprintable {
            Unprintable(f64::NAN)
        }
    }
    impl std::fmt::Debug for Unprintable {
        fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            panic!("not printable")
        }
    }
    let violation = laws::check_default::<Unprintable>().unwrap_err();
    assert!(!violation.is_broken(), "{violation}");
    assert!(violation.failure().unwrap().contains("not printable"), "{violation}");
    let nan = generate::constant(f64::NAN).map(Unprintable);
    let violation = laws::check_clone_with(nan, Options::default().seed(1)).unwrap_err();
    assert!(!violation.is_broken(), "{violation}");
    assert!(
        violation.to_string().starts_with("Could not rule out that Clone is not equal to the original"),
        "{violation}"
    );
}

/// Code under test that panics on a value shows no law broken: the check
/// says it could not decide, with the panic in its report.
#[test]
fn a_panicking_comparison_is_no_broken_law() {
    #[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
    struct Reading(i8);
    impl PartialOrd for Reading {
        fn partial_cmp(&self, other: &Reading) -> Option<Ordering> {
            Some(self.cmp(other))
        }
    }
    impl Ord for Reading {
        fn cmp(&self, other: &Reading) -> Ordering {
            // Overflows for far-apart readings, as a hasty `cmp` does.
            let difference = self.0.checked_sub(other.0).expect("the readings are too far apart");
            difference.cmp(&0)
        }
    }
    let violation = laws::check_ord::<Reading>(Options::default().seed(1)).unwrap_err();
    assert!(!violation.is_broken(), "{violation}");
    assert!(violation.to_string().starts_with("Could not rule out that "), "{violation}");
    assert!(violation.report().contains("the readings are too far apart"), "{violation}");
}

/// `==` is right and `!=` is not: the law of `!=` is the one reported.
#[test]
fn a_broken_not_equal_is_blamed_on_its_own_law() {
    #[derive(Clone, Debug, Arbitrary)]
    struct Contrary(u8);
    impl PartialEq for Contrary {
        fn eq(&self, other: &Contrary) -> bool {
            self.0 == other.0
        }
        #[allow(clippy::partialeq_ne_impl)]
        fn ne(&self, _: &Contrary) -> bool {
            true
        }
    }
    impl Eq for Contrary {}
    let violation = laws::check_eq::<Contrary>(Options::default().seed(1)).unwrap_err();
    assert_eq!(violation.law(), "`!=` is not the negation of `==`", "{violation}");
}

// An order that is a cycle: each residue modulo 3 beats the next, as rock,
// paper and scissors do.

#[derive(Clone, Debug, Arbitrary)]
struct Hand(u8);

impl PartialEq for Hand {
    fn eq(&self, other: &Hand) -> bool {
        self.0 % 3 == other.0 % 3
    }
}

impl Eq for Hand {}

impl Ord for Hand {
    fn cmp(&self, other: &Hand) -> Ordering {
        match (other.0 % 3 + 3 - self.0 % 3) % 3 {
            0 => Ordering::Equal,
            1 => Ordering::Less,
            _ => Ordering::Greater,
        }
    }
}

impl PartialOrd for Hand {
    fn partial_cmp(&self, other: &Hand) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[test]
fn a_cyclic_order_is_caught_as_not_transitive() {
    let violation = laws::check_ord::<Hand>(Options::default().seed(1)).unwrap_err();
    assert_eq!(violation.law(), "Ord is not transitive");
    assert_eq!(violation.outcome(), Outcome::Falsified);
    // A cycle needs one value of each residue; the smallest are 0, 1 and 2.
    assert_eq!(violation.counterexample(), Some("[Hand(0), Hand(1), Hand(2)]"), "{violation}");
    assert_eq!(
        violation.failure(),
        Some("Ord is not transitive: x < y and y < z but x > z, with x = Hand(0), y = Hand(1), z = Hand(2)")
    );
    let named: Vec<(&str, &str)> = violation.notes().iter().map(|(label, value)| (&**label, &**value)).collect();
    assert_eq!(named, [("x", "Hand(0)"), ("y", "Hand(1)"), ("z", "Hand(2)")]);
    let report = violation.to_string();
    assert!(report.starts_with("Ord is not transitive.\nFalsified after "), "{report}");
    assert!(report.contains("  Minimal counterexample: [Hand(0), Hand(1), Hand(2)]\n"), "{report}");
}

/// Ordered by the sign of a wrapping difference: wrong only for pairs
/// more than `i32::MAX` apart, where `x < y` and `y < x` both hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Version(i32);

impl Ord for Version {
    fn cmp(&self, other: &Version) -> Ordering {
        self.0.wrapping_sub(other.0).cmp(&0)
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i32> for Version {
    fn from(number: i32) -> Version {
        Version(number)
    }
}

impl quickcheck::Arbitrary for Version {
    type Generator = quickcheck::generate::MapInto<quickcheck::generate::Integer<i32>, Version>;

    fn arbitrary() -> Self::Generator {
        quickcheck::Generator::map_into(quickcheck::generate::integer::<i32>())
    }
}

/// Whichever law reports it, a pair ordered both ways is never shown as a
/// triple `x < y < x` under the name of transitivity.
#[test]
fn an_order_that_is_not_antisymmetric_is_not_reported_as_not_transitive() {
    let mut caught = 0;
    for seed in 0..20 {
        let Err(violation) = laws::check_ord::<Version>(Options::default().seed(seed)) else { continue };
        caught += 1;
        let failure = violation.failure().unwrap_or_default().to_owned();
        assert!(
            violation.law() != "Ord is not transitive" || !failure.contains("but x == z"),
            "seed {seed}: {violation}"
        );
    }
    assert!(caught >= 18, "caught on {caught} of 20 seeds");
}

#[test]
fn the_same_cycle_breaks_the_partial_order_laws() {
    let violation = laws::check_partial_ord::<Hand>(Options::default().seed(1)).unwrap_err();
    assert_eq!(violation.law(), "PartialOrd is not transitive", "{violation}");
}

// A hash that sees what equality ignores: a count of cache hits that is not
// part of the value.

#[derive(Clone, Debug, Arbitrary)]
struct Cached {
    value: u8,
    hits: u8,
}

impl Hash for Cached {
    /// The seeded bug: it hashes the hit count, which equality ignores.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state);
        self.hits.hash(state);
    }
}

impl PartialEq for Cached {
    fn eq(&self, other: &Cached) -> bool {
        self.value == other.value
    }
}

impl Eq for Cached {}

#[test]
fn a_hash_that_disagrees_with_eq_is_caught() {
    let violation = laws::check_hash::<Cached>(Options::default().seed(1)).unwrap_err();
    assert_eq!(violation.law(), "Hash is not consistent with Eq");
    // Two equal values that differ only in what the hash should not see.
    assert_eq!(
        violation.counterexample(),
        Some("[Cached { value: 0, hits: 0 }, Cached { value: 0, hits: 1 }]"),
        "{violation}"
    );
    let failure = violation.failure().unwrap();
    assert!(failure.starts_with("Hash is not consistent with Eq: x == y but hash(x) = "), "{failure}");
    assert!(
        failure.ends_with(", with x = Cached { value: 0, hits: 0 }, y = Cached { value: 0, hits: 1 }"),
        "{failure}"
    );
    // Its equality alone is lawful.
    laws::check_eq::<Cached>(Options::default()).unwrap();
}

// Equality that is not transitive, found on a generator of a few values.

#[derive(Clone, Debug)]
struct Near(u8);

impl PartialEq for Near {
    fn eq(&self, other: &Near) -> bool {
        self.0.abs_diff(other.0) <= 1
    }
}

impl Eq for Near {}

#[test]
fn equality_within_a_tolerance_is_not_transitive() {
    let violation = laws::check_eq_with(generate::between(0u8, 9).map(Near), Options::default().seed(1)).unwrap_err();
    assert_eq!(violation.law(), "PartialEq is not transitive");
    let failure = violation.failure().unwrap();
    assert!(
        failure.starts_with("PartialEq is not transitive: x == y and y == z but x != z, with x = Near("),
        "{failure}"
    );
}

/// The replay token of a law's report reproduces the violation through the
/// same check, though the laws before it draw other shapes: they are passed
/// over. A token that fits none of the laws is refused.
#[test]
fn a_laws_replay_token_reproduces_it_through_the_whole_check() {
    let near = || generate::between(0u8, 9).map(Near);
    let violation = laws::check_eq_with(near(), Options::default().seed(1)).unwrap_err();
    let report = violation.report();
    let token = report.split("replay(\"").nth(1).and_then(|rest| rest.split('"').next()).expect("a replay line");
    let replayed = laws::check_eq_with(near(), Options::default().replay(token)).unwrap_err();
    assert_eq!(replayed.law(), "PartialEq is not transitive", "{replayed}");
    assert!(replayed.is_broken(), "{replayed}");
    assert_eq!(replayed.counterexample(), violation.counterexample());

    // A token of another property, which no law's values can be made of.
    let other = quickcheck::Property::for_all(generate::integer::<u8>(), |n| n < 200).check(Options::default().seed(1));
    let stale = other.replay().expect("a failure has a token").to_string();
    let refused = laws::check_eq_with(near(), Options::default().replay(stale)).unwrap_err();
    assert_eq!(refused.outcome(), Outcome::Misconfigured, "{refused}");
    assert!(
        refused.to_string().starts_with("Could not replay: the replay token names an example of none"),
        "{refused}"
    );
    assert!(refused.report().contains("the replay token does not name an example"), "{refused}");

    // The same token against an equality that holds: it fits, and no law
    // fails on it, which a replay left in place must not hide as a pass.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Exact(u8);
    let exact = generate::between(0u8, 9).map(Exact);
    let fixed = laws::check_eq_with(exact, Options::default().replay(token)).unwrap_err();
    assert_eq!(fixed.outcome(), Outcome::Misconfigured, "{fixed}");
    assert!(
        fixed.to_string().starts_with("Could not replay: the replay token's example breaks none of the laws it fits"),
        "{fixed}"
    );
    assert!(fixed.report().contains("passes now"), "{fixed}");
}

// An order by one field with equality on both: `cmp` says equal where `==`
// does not.

#[derive(Clone, Debug, PartialEq, Eq, Arbitrary)]
struct Employee {
    age: u8,
    badge: u8,
}

impl Ord for Employee {
    fn cmp(&self, other: &Employee) -> Ordering {
        self.age.cmp(&other.age)
    }
}

impl PartialOrd for Employee {
    fn partial_cmp(&self, other: &Employee) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[test]
fn an_order_on_part_of_the_value_is_not_consistent_with_eq() {
    let violation = laws::check_ord::<Employee>(Options::default().seed(1)).unwrap_err();
    assert_eq!(violation.law(), "Ord is not consistent with Eq");
    assert_eq!(
        violation.failure(),
        Some(
            "Ord is not consistent with Eq: x.cmp(y) is Equal but x == y is false, with x = Employee { age: 0, badge: 0 }, \
             y = Employee { age: 0, badge: 1 }"
        ),
        "{violation}"
    );
}

// Clone and Default that break their laws.

#[derive(Debug, PartialEq, Arbitrary)]
struct Versioned {
    id: u8,
    version: u8,
}

impl Clone for Versioned {
    /// The seeded bug: a clone counts as a new version.
    fn clone(&self) -> Versioned {
        Versioned { id: self.id, version: self.version.wrapping_add(1) }
    }
}

#[test]
fn a_clone_that_differs_from_the_original_is_caught() {
    let violation = laws::check_clone::<Versioned>(Options::default().seed(1)).unwrap_err();
    assert_eq!(violation.law(), "Clone is not equal to the original");
    assert_eq!(violation.counterexample(), Some("Versioned { id: 0, version: 0 }"), "{violation}");
}

static NEXT_TICKET: AtomicU32 = AtomicU32::new(0);

#[derive(Clone, Debug, PartialEq)]
struct Ticket(u32);

impl Default for Ticket {
    fn default() -> Ticket {
        Ticket(NEXT_TICKET.fetch_add(1, AtomicOrdering::SeqCst))
    }
}

#[test]
fn a_default_that_changes_from_call_to_call_is_caught() {
    let violation = laws::check_default::<Ticket>().unwrap_err();
    assert_eq!(violation.law(), "Default is not deterministic");
    assert!(violation.to_string().starts_with("Default is not deterministic.\nFalsified by the default value."));
}

// Serde round trips through JSON.

#[cfg(feature = "serde")]
mod serde_laws {
    use quickcheck::oracles::laws;
    use quickcheck::{Arbitrary, Options};
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize, Arbitrary)]
    struct Settings {
        name: String,
        retries: u8,
        limit: Option<i64>,
        tags: Vec<String>,
    }

    #[test]
    fn a_derived_serde_implementation_round_trips_through_json() {
        laws::check_serde(
            serde_json::to_string,
            |text: &str| serde_json::from_str::<Settings>(text),
            Options::default(),
        )
        .unwrap();
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize, Arbitrary)]
    struct Tally {
        total: u32,
        // The seeded bug: a field that is part of the value is not written.
        #[serde(skip)]
        pending: u32,
    }

    #[test]
    fn a_skipped_field_fails_the_round_trip() {
        let violation = laws::check_serde(
            serde_json::to_string,
            |text: &str| serde_json::from_str::<Tally>(text),
            Options::default().seed(1),
        )
        .unwrap_err();
        assert_eq!(violation.law(), "Serialize and Deserialize do not round trip");
        assert_eq!(violation.counterexample(), Some("Tally { total: 0, pending: 1 }"), "{violation}");
        assert_eq!(
            violation.failure(),
            Some(
                "Serialize and Deserialize do not round trip: Tally { total: 0, pending: 1 } was encoded as \
                 \"{\\\"total\\\":0}\" and decoded as Tally { total: 0, pending: 0 }"
            )
        );
    }

    #[test]
    fn a_decoding_error_is_the_failure() {
        // JSON has no NaN: serde_json writes it as null and cannot read it back.
        let violation = laws::check_serde_with(
            quickcheck::generate::constant(f64::NAN),
            serde_json::to_string,
            |text: &str| serde_json::from_str::<f64>(text),
            Options::default().runs(1),
        )
        .unwrap_err();
        let failure = violation.failure().unwrap();
        assert!(failure.contains("decoding \"null\" failed: Error(\"invalid type: null, expected f64\""), "{failure}");
        let labels: Vec<&str> = violation.notes().iter().map(|(label, _)| &**label).collect();
        assert_eq!(labels, ["input", "encoded", "decoding error"]);
    }
}
