//! Law checks: the laws of a type's standard traits, checked against a
//! generator of the type.
//!
//! A hand-written `PartialEq`, `Ord` or `Hash` that breaks its trait's laws
//! makes sorting, maps and sets misbehave far from the bug. One call per
//! trait family checks each law as its own property:
//!
//! | call | laws |
//! | --- | --- |
//! | [`check_eq`] | `==` is reflexive, symmetric and transitive; `!=` is its negation |
//! | [`check_ord`] | `cmp` is consistent with `==`, total (exactly one of `<`, `==`, `>`), antisymmetric and transitive; `partial_cmp` and the operators agree with `cmp` |
//! | [`check_partial_ord`] | the same for a `PartialOrd` that may leave pairs unordered |
//! | [`check_hash`] | equal values hash equally |
//! | [`check_clone`] | a clone, and `clone_from`, equal the original |
//! | [`check_default`] | `default()` equals itself and its clone |
//! | `check_serde` (feature `serde`) | decoding the encoded value gives the value back, through the format you name |
//!
//! Each takes its values from the type's [`Arbitrary`] generator; the
//! `_with` forms take any generator, such as one of a few small values
//! where violations need values that collide. A check returns the first
//! law that fails as a [`LawViolation`], which names the law and carries the
//! report of the minimal counterexample.
//!
//! The laws run one after another with the options given. Leave the
//! options unnamed: a name set with [`Options::name`] would give every law
//! the same entry in the example database, where one law's saved failure
//! could be dropped as fixed when another law passes. A violation's report
//! ends with a replay token; given to the same check with
//! [`Options::replay`], it reproduces the violation, passing over the laws
//! whose values the token cannot make.
//!
//! ```
//! use quickcheck::Options;
//! use quickcheck::oracles::laws;
//!
//! laws::check_eq::<String>(Options::default()).unwrap();
//! laws::check_ord::<Vec<u8>>(Options::default()).unwrap();
//! laws::check_hash::<(i32, char)>(Options::default()).unwrap();
//! ```
//!
//! # Finding violations
//!
//! A law over two or three values only fails on values that relate the
//! right way: a non-transitive order needs three values in a cycle, which
//! random triples of a large type rarely form. So each example is a *pool*
//! of up to eight values, and the law is checked on every pair or triple
//! drawn from it, repeats included: eight values make 512 triples, and a
//! pair `(x, x)` checks the value against itself. The shrinker then drops
//! the values a violation does not need, so the minimal counterexample is
//! the pool of the values that break the law, and the failure names which
//! of them play `x`, `y` and `z`.

#[cfg(feature = "serde")]
use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt::{self, Debug, Display, Formatter};
use std::hash::{DefaultHasher, Hash, Hasher};

use super::{same, unequal_to_itself};
use crate::engine::unwind::{Caught, catch};
use crate::generate::{self, Generator};
use crate::property::format::render;
use crate::property::result::ReplayEnd;
use crate::stats::note;
use crate::{Arbitrary, FailureKind, FailureReport, Options, Outcome, Property, PropertyResult};

/// What a [`LawViolation`] names as its law when a replay token fits none of
/// the check's laws.
const NO_LAW_FITS: &str = "the replay token names an example of none of these laws";

/// What a [`LawViolation`] names as its law when a replay token's example
/// fits some of the check's laws and breaks none of them.
const REPLAY_PASSES: &str = "the replay token's example breaks none of the laws it fits";

/// The most values of one example: enough for every triple of them to be
/// cheap (512) while many relations between them get tried.
const POOL: usize = 8;

/// A law that does not hold: which one, and the report of the check that
/// found it.
///
/// Its `Debug` form is its `Display` form, the law and the report, so that
/// `unwrap` and a test returning `Result` print them readably.
#[derive(Clone, PartialEq, Eq)]
pub struct LawViolation {
    law: &'static str,
    outcome: Outcome,
    /// Whether a value was shown to break the law, rather than the check
    /// ending another way.
    broken: bool,
    failure: Option<String>,
    counterexample: Option<String>,
    notes: Vec<(String, String)>,
    report: String,
}

impl LawViolation {
    /// The law that failed, as a sentence such as `"Ord is not transitive"`;
    /// unless [`is_broken`](LawViolation::is_broken), the law whose check
    /// could not decide (under options that were refused, the first law,
    /// which no example was run for), or, under a replay that no law
    /// failed on, a sentence saying why: the token fits none of the laws,
    /// or its example breaks none of those it fits.
    pub fn law(&self) -> &'static str {
        self.law
    }

    /// How the law's check ended: [`Outcome::Falsified`] when a value broke
    /// the law (or the code under test panicked on one), or the outcome that
    /// kept it from deciding (for example a generator that panicked).
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Whether a value was shown to break the law. False when the check
    /// could not decide: a generator, or the code under test (an `eq`, a
    /// `cmp`, a `clone`), panicked, a deadline passed, or the options were
    /// refused; the report says which.
    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// What broke the law on the minimal counterexample: the law, how, and
    /// which values played which part, such as
    /// `"Ord is not transitive: x < y and y < z but x > z, with x = 0, y = 1, z = 2"`.
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// The `Debug` form of the minimal counterexample: the pool of values,
    /// or for a round trip the value.
    pub fn counterexample(&self) -> Option<&str> {
        self.counterexample.as_deref()
    }

    /// The notes of the minimal counterexample, `(label, value)` pairs: the
    /// values named `x`, `y` and `z`, and what the law computed from them.
    pub fn notes(&self) -> &[(String, String)] {
        &self.notes
    }

    /// The report of the law's check, as
    /// [`PropertyResult`] displays it.
    pub fn report(&self) -> &str {
        &self.report
    }
}

impl Display for LawViolation {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.broken {
            write!(f, "{}.\n{}", self.law, self.report)
        } else if self.law == NO_LAW_FITS || self.law == REPLAY_PASSES {
            write!(f, "Could not replay: {}.\n{}", self.law, self.report)
        } else if self.outcome == Outcome::Misconfigured {
            // No law was looked at: the options stopped the first check.
            write!(f, "Could not check the laws: the options were refused.\n{}", self.report)
        } else if matches!(self.outcome, Outcome::Falsified | Outcome::Flaky) {
            // A value failed the check some other way than by breaking the
            // law: the code under test panicked on it, or ran too long.
            write!(f, "Could not rule out that {} (the code under test failed on a value).\n{}", self.law, self.report)
        } else {
            // The check ended without a value that breaks the law: its
            // report says why (a generator's panic, say).
            write!(f, "Could not rule out that {} (the check's outcome: {}).\n{}", self.law, self.outcome, self.report)
        }
    }
}

// Debug prints the report: `unwrap` and failing tests show errors with Debug.
impl Debug for LawViolation {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

impl std::error::Error for LawViolation {}

/// The error a law's property body returns: the law and how it broke.
struct Broken {
    law: &'static str,
    detail: String,
}

// A report prints a returned error with Debug; this reads as a sentence.
impl Debug for Broken {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.law, self.detail)
    }
}

/// The laws of one check, run one after another, each as its own property
/// so that it is shrunk and reported on its own.
///
/// A replay token names an example of one law's property; the other laws
/// of the check draw other shapes, or may read the same choices as some
/// other example. Under a replay, a law the token does not fit, or whose
/// example passes, is passed over; a token no law fails on makes the check
/// misconfigured, as a passing replay of one property does.
struct Laws {
    options: Options,
    /// The first law's report of a token whose example it passed.
    passed: Option<LawViolation>,
    /// The first law's report of a token that did not fit it.
    misfit: Option<LawViolation>,
}

impl Laws {
    fn new(options: Options) -> Laws {
        Laws { options, passed: None, misfit: None }
    }

    /// Runs one law; `Err` when it does not hold, or could not be decided.
    fn check<G, F>(&mut self, law: &'static str, generator: G, body: F) -> Result<(), LawViolation>
    where
        G: Generator,
        G::Value: Debug,
        F: Fn(&G::Value) -> Result<(), String>,
    {
        let result =
            Property::for_all(generator, |value: G::Value| body(&value).map_err(|detail| Broken { law, detail }))
                .check(self.options.clone());
        let passed_over = match result.replay_end {
            Some(ReplayEnd::Misfit) => &mut self.misfit,
            Some(ReplayEnd::Passed) => &mut self.passed,
            None => return if result.is_passed() { Ok(()) } else { Err(violation(law, &result)) },
        };
        passed_over.get_or_insert_with(|| violation(law, &result));
        Ok(())
    }

    /// The end of the check: under a replay that no law failed on, `Err`
    /// naming why, rather than the first law's problem.
    fn finish(self) -> Result<(), LawViolation> {
        match (self.passed, self.misfit) {
            (Some(passed), _) => Err(LawViolation { law: REPLAY_PASSES, ..passed }),
            (None, Some(misfit)) => Err(LawViolation { law: NO_LAW_FITS, ..misfit }),
            (None, None) => Ok(()),
        }
    }
}

/// The violation a law's failed check shows.
fn violation<T>(law: &'static str, result: &PropertyResult<T>) -> LawViolation {
    // Only the law's own verdict, a returned `Broken`, shows it broken, in
    // any of the failures found (a panic may come first, being smaller);
    // that failure is the one the violation names.
    let failures = result.failures();
    let breaking = failures.iter().find(|failure| failure.failure().kind() == FailureKind::ReturnedError);
    let broken = matches!(result.outcome(), Outcome::Falsified | Outcome::Flaky) && breaking.is_some();
    let named = breaking.or(failures.first());
    LawViolation {
        law,
        outcome: result.outcome(),
        broken,
        // With no failure found (a generator's panic), the check's own.
        failure: named.map(FailureReport::failure).or(result.failure()).map(|failure| failure.message().to_owned()),
        counterexample: named.and_then(|failure| failure.minimal()).map(|minimal| minimal.rendered().to_owned()),
        notes: named.map_or_else(Vec::new, |failure| failure.notes().to_vec()),
        report: result.to_string(),
    }
}

/// Pools of one to [`POOL`] values of `generator`.
fn pools<G: Generator>(generator: G) -> generate::Collection<G, Vec<G::Value>> {
    generate::vec(generator).length(1..=POOL)
}

/// Checks `broken` on every pair of the pool, repeats included; the first
/// pair it describes a violation of is noted as `x` and `y`.
fn each_pair<T: Debug>(pool: &[T], broken: impl Fn(&T, &T) -> Option<String>) -> Result<(), String> {
    for x in pool {
        for y in pool {
            if let Some(how) = broken(x, y) {
                note("x", x);
                note("y", y);
                return Err(format!("{how}, with x = {}, y = {}", render(x), render(y)));
            }
        }
    }
    Ok(())
}

/// Checks `broken` on every triple of the pool, repeats included; the first
/// triple it describes a violation of is noted as `x`, `y` and `z`.
fn each_triple<T: Debug>(pool: &[T], broken: impl Fn(&T, &T, &T) -> Option<String>) -> Result<(), String> {
    for x in pool {
        for y in pool {
            for z in pool {
                if let Some(how) = broken(x, y, z) {
                    note("x", x);
                    note("y", y);
                    note("z", z);
                    return Err(format!("{how}, with x = {}, y = {}, z = {}", render(x), render(y), render(z)));
                }
            }
        }
    }
    Ok(())
}

/// Whether `<=` and `>=` are `<` or `==`, and `>` or `==`: a hand-written
/// `PartialOrd` may define each operator on its own.
// The lint would simplify the law away, assuming the operators agree.
#[allow(clippy::double_comparisons)]
fn non_strict_operators_agree<T: PartialOrd + ?Sized>(x: &T, y: &T) -> bool {
    (x <= y) == (x < y || x == y) && (x >= y) == (x > y || x == y)
}

/// Checks the laws of `PartialEq` and `Eq` on values of `T`'s [`Arbitrary`]
/// generator: `x == x`; `x == y` exactly when `y == x`; `x == y` and
/// `y == z` give `x == z`; and `x != y` exactly when not `x == y`.
///
/// ```
/// use quickcheck::Options;
/// use quickcheck::oracles::laws;
///
/// /// Equal when within one of each other: not transitive.
/// #[derive(Debug, quickcheck::Arbitrary)]
/// struct Near(#[generator(quickcheck::generate::between(0u8, 3))] u8);
///
/// impl PartialEq for Near {
///     fn eq(&self, other: &Near) -> bool {
///         self.0.abs_diff(other.0) <= 1
///     }
/// }
/// impl Eq for Near {}
///
/// let violation = laws::check_eq::<Near>(Options::default().seed(1)).unwrap_err();
/// assert_eq!(violation.law(), "PartialEq is not transitive");
/// ```
///
/// # Errors
///
/// The first law that fails, with its minimal counterexample.
pub fn check_eq<T: Arbitrary + Eq + Debug>(options: Options) -> Result<(), LawViolation> {
    check_eq_with(T::arbitrary(), options)
}

/// [`check_eq`] on the values of `generator`.
///
/// ```
/// use quickcheck::oracles::laws;
/// use quickcheck::{Generator, Options, generate};
///
/// /// A hand-written `ne` that forgets one direction.
/// #[derive(Debug)]
/// struct Id(u8);
/// impl PartialEq for Id {
///     fn eq(&self, other: &Id) -> bool { self.0 == other.0 }
///     fn ne(&self, other: &Id) -> bool { self.0 < other.0 }
/// }
/// impl Eq for Id {}
///
/// let violation = laws::check_eq_with(generate::between(0u8, 3).map(Id), Options::default().seed(1)).unwrap_err();
/// assert_eq!(violation.law(), "`!=` is not the negation of `==`");
/// ```
///
/// # Errors
///
/// The first law that fails, with its minimal counterexample.
pub fn check_eq_with<G>(generator: G, options: Options) -> Result<(), LawViolation>
where
    G: Generator,
    G::Value: Eq + Debug,
{
    let mut laws = Laws::new(options);
    laws.check("PartialEq is not reflexive", &generator, |x| {
        if unequal_to_itself(x) { Err(format!("x != x, with x = {}", render(x))) } else { Ok(()) }
    })?;
    laws.check("PartialEq is not symmetric", pools(&generator), |pool| {
        // `!y.eq(x)` rather than `y != x`: a broken `!=` is the last law's
        // to report, not this one's.
        each_pair(pool, |x, y| (x == y && !y.eq(x)).then(|| "x == y but y != x".to_owned()))
    })?;
    laws.check("PartialEq is not transitive", pools(&generator), |pool| {
        each_triple(pool, |x, y, z| (x == y && y == z && !x.eq(z)).then(|| "x == y and y == z but x != z".to_owned()))
    })?;
    laws.check("`!=` is not the negation of `==`", pools(&generator), |pool| {
        each_pair(pool, |x, y| ((x != y) == (x == y)).then(|| format!("x == y is {} and x != y is {}", x == y, x != y)))
    })?;
    laws.finish()
}

/// How an ordering reads between two values.
fn symbol(ordering: Option<Ordering>) -> &'static str {
    match ordering {
        Some(Ordering::Less) => "<",
        Some(Ordering::Equal) => "==",
        Some(Ordering::Greater) => ">",
        None => "is unordered with",
    }
}

/// What `x ? z` must be given `x ? y` and `y ? z`, when the two decide it.
fn implied(first: Option<Ordering>, second: Option<Ordering>) -> Option<Ordering> {
    match (first?, second?) {
        (Ordering::Equal, other) | (other, Ordering::Equal) => Some(other),
        (a, b) if a == b => Some(a),
        _ => None,
    }
}

/// Checks that `compare` is antisymmetric and transitive on pools of
/// `generator`, under the two law names given: the part of the order laws
/// that `Ord` and `PartialOrd` share, with `compare` being `cmp` or
/// `partial_cmp`.
fn check_order<G, C>(laws: &mut Laws, generator: &G, names: [&'static str; 2], compare: C) -> Result<(), LawViolation>
where
    G: Generator,
    G::Value: Debug,
    C: Fn(&G::Value, &G::Value) -> Option<Ordering>,
{
    let [antisymmetric, transitive] = names;
    let reversible = |x: &G::Value, y: &G::Value| compare(x, y) == compare(y, x).map(Ordering::reverse);
    laws.check(antisymmetric, pools(generator), |pool| {
        each_pair(pool, |x, y| {
            let (forward, backward) = (compare(x, y), compare(y, x));
            (forward != backward.map(Ordering::reverse))
                .then(|| format!("x {} y but y {} x", symbol(forward), symbol(backward)))
        })
    })?;
    laws.check(transitive, pools(generator), |pool| {
        each_triple(pool, |x, y, z| {
            // A triple with a pair that breaks antisymmetry is that law's
            // counterexample, not this one's: shrunk to `x == z`, it would
            // read as `x < y < x` under the name of transitivity.
            if !(reversible(x, y) && reversible(y, z) && reversible(x, z)) {
                return None;
            }
            let (first, second) = (compare(x, y), compare(y, z));
            let expected = implied(first, second)?;
            let actual = compare(x, z);
            (actual != Some(expected))
                .then(|| format!("x {} y and y {} z but x {} z", symbol(first), symbol(second), symbol(actual)))
        })
    })
}

/// Checks the laws of `PartialOrd` on values of `T`'s [`Arbitrary`]
/// generator, for a type that may leave some pairs unordered (as `f64`
/// leaves NaN): `partial_cmp` gives `Equal` exactly when `==` holds; `<`,
/// `<=`, `>` and `>=` agree with it; `x < y` exactly when `y > x`; and
/// orderings chain transitively (`x < y`, `y <= z` give `x < z`).
///
/// ```
/// use quickcheck::Options;
/// use quickcheck::oracles::laws;
///
/// laws::check_partial_ord::<f64>(Options::default()).unwrap();
/// ```
///
/// # Errors
///
/// The first law that fails, with its minimal counterexample.
pub fn check_partial_ord<T: Arbitrary + PartialOrd + Debug>(options: Options) -> Result<(), LawViolation> {
    check_partial_ord_with(T::arbitrary(), options)
}

/// [`check_partial_ord`] on the values of `generator`.
///
/// ```
/// use quickcheck::oracles::laws;
/// use quickcheck::{Options, generate};
///
/// // The floats whose comparisons are easy to get wrong, each drawn often.
/// let awkward = generate::elements([f64::NAN, f64::NEG_INFINITY, -0.0, 0.0, 1.0]);
/// laws::check_partial_ord_with(awkward, Options::default()).unwrap();
/// ```
///
/// # Errors
///
/// The first law that fails, with its minimal counterexample.
pub fn check_partial_ord_with<G>(generator: G, options: Options) -> Result<(), LawViolation>
where
    G: Generator,
    G::Value: PartialOrd + Debug,
{
    let mut laws = Laws::new(options);
    laws.check("PartialOrd is not consistent with PartialEq", pools(&generator), |pool| {
        each_pair(pool, |x, y| {
            let ordering = x.partial_cmp(y);
            ((ordering == Some(Ordering::Equal)) != (x == y))
                .then(|| format!("x.partial_cmp(y) is {ordering:?} but x == y is {}", x == y))
        })
    })?;
    laws.check("the comparison operators do not agree with partial_cmp", pools(&generator), |pool| {
        each_pair(pool, |x, y| {
            let ordering = x.partial_cmp(y);
            let expected = [
                ordering == Some(Ordering::Less),
                matches!(ordering, Some(Ordering::Less | Ordering::Equal)),
                ordering == Some(Ordering::Greater),
                matches!(ordering, Some(Ordering::Greater | Ordering::Equal)),
            ];
            let actual = [x < y, x <= y, x > y, x >= y];
            (actual != expected).then(|| {
                format!(
                    "x.partial_cmp(y) is {ordering:?} but x < y is {}, x <= y is {}, x > y is {}, x >= y is {}",
                    actual[0], actual[1], actual[2], actual[3]
                )
            })
        })
    })?;
    let names = ["PartialOrd is not antisymmetric", "PartialOrd is not transitive"];
    check_order(&mut laws, &generator, names, |x: &G::Value, y: &G::Value| x.partial_cmp(y))?;
    laws.finish()
}

/// Checks the laws of `Ord` on values of `T`'s [`Arbitrary`] generator:
/// `cmp` gives `Equal` exactly when `==` holds; it is total, exactly one of
/// `x < y`, `x == y` and `x > y` holding, with `partial_cmp` and the
/// operators agreeing with it; it is antisymmetric (`x < y` exactly when
/// `y > x`); and it is transitive (`x < y` and `y <= z` give `x < z`).
///
/// ```
/// use std::cmp::Ordering;
/// use quickcheck::Options;
/// use quickcheck::oracles::laws;
///
/// /// Rock, paper, scissors: each beats the next, so the order is a cycle.
/// #[derive(Debug, PartialEq, Eq, quickcheck::Arbitrary)]
/// enum Hand { Rock, Paper, Scissors }
///
/// impl Ord for Hand {
///     fn cmp(&self, other: &Hand) -> Ordering {
///         use Hand::*;
///         match (self, other) {
///             (Rock, Paper) | (Paper, Scissors) | (Scissors, Rock) => Ordering::Less,
///             _ if self == other => Ordering::Equal,
///             _ => Ordering::Greater,
///         }
///     }
/// }
/// impl PartialOrd for Hand {
///     fn partial_cmp(&self, other: &Hand) -> Option<Ordering> {
///         Some(self.cmp(other))
///     }
/// }
///
/// let violation = laws::check_ord::<Hand>(Options::default().seed(1)).unwrap_err();
/// assert_eq!(violation.law(), "Ord is not transitive");
/// ```
///
/// # Errors
///
/// The first law that fails, with its minimal counterexample.
pub fn check_ord<T: Arbitrary + Ord + Debug>(options: Options) -> Result<(), LawViolation> {
    check_ord_with(T::arbitrary(), options)
}

/// [`check_ord`] on the values of `generator`.
///
/// ```
/// use std::cmp::Ordering;
/// use quickcheck::oracles::laws;
/// use quickcheck::{Options, generate};
///
/// /// Ordered by priority alone, but equal only when the names match too.
/// #[derive(Debug, PartialEq, Eq)]
/// struct Task { priority: u8, name: char }
/// impl Ord for Task { fn cmp(&self, other: &Task) -> Ordering { self.priority.cmp(&other.priority) } }
/// impl PartialOrd for Task { fn partial_cmp(&self, other: &Task) -> Option<Ordering> { Some(self.cmp(other)) } }
///
/// let parts = (generate::between(0u8, 2), generate::elements(['a', 'b']));
/// let tasks = generate::build(parts, |priority, name| Task { priority, name });
/// let violation = laws::check_ord_with(tasks, Options::default().seed(1)).unwrap_err();
/// assert_eq!(violation.law(), "Ord is not consistent with Eq");
/// ```
///
/// # Errors
///
/// The first law that fails, with its minimal counterexample.
pub fn check_ord_with<G>(generator: G, options: Options) -> Result<(), LawViolation>
where
    G: Generator,
    G::Value: Ord + Debug,
{
    let mut laws = Laws::new(options);
    laws.check("Ord is not consistent with Eq", pools(&generator), |pool| {
        each_pair(pool, |x, y| {
            let ordering = x.cmp(y);
            ((ordering == Ordering::Equal) != (x == y))
                .then(|| format!("x.cmp(y) is {ordering:?} but x == y is {}", x == y))
        })
    })?;
    laws.check("partial_cmp does not agree with cmp", pools(&generator), |pool| {
        each_pair(pool, |x, y| {
            let (total, partial) = (x.cmp(y), x.partial_cmp(y));
            (partial != Some(total)).then(|| format!("x.cmp(y) is {total:?} but x.partial_cmp(y) is {partial:?}"))
        })
    })?;
    laws.check("the comparison operators do not agree with cmp", pools(&generator), |pool| {
        // The operators of PartialOrd may be written by hand; exactly one of
        // the three relations must hold, as `cmp` says.
        each_pair(pool, |x, y| {
            let holding = [x < y, x == y, x > y];
            let expected = [Ordering::Less, Ordering::Equal, Ordering::Greater].map(|ordering| x.cmp(y) == ordering);
            (holding != expected || !non_strict_operators_agree(x, y)).then(|| {
                format!(
                    "x.cmp(y) is {:?} but x < y is {}, x == y is {}, x > y is {}, x <= y is {}, x >= y is {}",
                    x.cmp(y),
                    holding[0],
                    holding[1],
                    holding[2],
                    x <= y,
                    x >= y
                )
            })
        })
    })?;
    let names = ["Ord is not antisymmetric", "Ord is not transitive"];
    check_order(&mut laws, &generator, names, |x: &G::Value, y: &G::Value| Some(x.cmp(y)))?;
    laws.finish()
}

/// The hash of `value` under the standard library's hasher. Its keys are
/// fixed, so equal inputs hash equally within the process, which is all a
/// law needs.
fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// Checks that `Hash` agrees with `Eq` on values of `T`'s [`Arbitrary`]
/// generator: `x == y` gives `hash(x) == hash(y)`, under the standard
/// library's `DefaultHasher`.
///
/// ```
/// use quickcheck::Options;
/// use quickcheck::oracles::laws;
///
/// laws::check_hash::<Vec<String>>(Options::default()).unwrap();
/// ```
///
/// The law can only fail on two values that are equal without being the
/// same, and a type whose `Eq` is looser than its fields' (case-insensitive
/// names, a set kept as an unsorted list) rarely gets such pairs from
/// random generation. Give [`check_hash_with`] a generator that makes them
/// often, from a small alphabet of the variations `Eq` ignores:
///
/// ```
/// use std::hash::{Hash, Hasher};
/// use quickcheck::oracles::laws;
/// use quickcheck::{Generator, Options, generate};
///
/// /// Compared without case, but hashed with it: a broken pair.
/// #[derive(Debug)]
/// struct Name(String);
///
/// impl PartialEq for Name {
///     fn eq(&self, other: &Name) -> bool {
///         self.0.eq_ignore_ascii_case(&other.0)
///     }
/// }
/// impl Eq for Name {}
/// impl Hash for Name {
///     fn hash<H: Hasher>(&self, state: &mut H) {
///         self.0.hash(state);
///     }
/// }
///
/// // Names of a few letters in both cases: equal pairs differ in case.
/// let letters = generate::elements(['a', 'A', 'b', 'B']);
/// let names = generate::vec(letters).max_length(3).map(|name| Name(name.into_iter().collect()));
/// let violation = laws::check_hash_with(names, Options::default().seed(1)).unwrap_err();
/// assert_eq!(violation.law(), "Hash is not consistent with Eq");
/// ```
///
/// # Errors
///
/// The first law that fails, with its minimal counterexample.
pub fn check_hash<T: Arbitrary + Hash + Eq + Debug>(options: Options) -> Result<(), LawViolation> {
    check_hash_with(T::arbitrary(), options)
}

/// [`check_hash`] on the values of `generator`.
///
/// ```
/// use quickcheck::oracles::laws;
/// use quickcheck::{Options, generate};
///
/// // Short words of two letters, so that many pairs are equal.
/// let words = generate::string_of(generate::elements(['a', 'b'])).max_length(2);
/// laws::check_hash_with(words, Options::default()).unwrap();
/// ```
///
/// # Errors
///
/// The first law that fails, with its minimal counterexample.
pub fn check_hash_with<G>(generator: G, options: Options) -> Result<(), LawViolation>
where
    G: Generator,
    G::Value: Hash + Eq + Debug,
{
    let mut laws = Laws::new(options);
    laws.check("Hash is not consistent with Eq", pools(&generator), |pool| {
        each_pair(pool, |x, y| {
            let (first, second) = (hash_of(x), hash_of(y));
            (x == y && first != second).then(|| format!("x == y but hash(x) = {first} and hash(y) = {second}"))
        })
    })?;
    laws.finish()
}

/// Checks `Clone` on values of `T`'s [`Arbitrary`] generator: `x.clone()`
/// equals `x`, and so does `y` after `y.clone_from(&x)`.
///
/// ```
/// use quickcheck::Options;
/// use quickcheck::oracles::laws;
///
/// laws::check_clone::<Option<Vec<char>>>(Options::default()).unwrap();
/// ```
///
/// # Errors
///
/// The first law that fails, with its minimal counterexample.
pub fn check_clone<T: Arbitrary + Clone + PartialEq + Debug>(options: Options) -> Result<(), LawViolation> {
    check_clone_with(T::arbitrary(), options)
}

/// [`check_clone`] on the values of `generator`.
///
/// ```
/// use quickcheck::oracles::laws;
/// use quickcheck::{Generator, Options, generate};
///
/// #[derive(Debug, PartialEq)]
/// struct Buffer(Vec<u8>);
/// impl Clone for Buffer {
///     fn clone(&self) -> Buffer { Buffer(self.0.clone()) }
///     // Reuses the allocation, but forgets to clear it first.
///     fn clone_from(&mut self, source: &Buffer) { self.0.extend_from_slice(&source.0) }
/// }
///
/// let buffers = generate::vec(generate::between(0u8, 9)).max_length(3).map(Buffer);
/// let violation = laws::check_clone_with(buffers, Options::default().seed(1)).unwrap_err();
/// assert_eq!(violation.law(), "clone_from is not equal to the source");
/// ```
///
/// # Errors
///
/// The first law that fails, with its minimal counterexample.
pub fn check_clone_with<G>(generator: G, options: Options) -> Result<(), LawViolation>
where
    G: Generator,
    G::Value: Clone + PartialEq + Debug,
{
    let mut laws = Laws::new(options);
    laws.check("Clone is not equal to the original", &generator, |x| {
        let clone = x.clone();
        if same(&clone, x) {
            return Ok(());
        }
        note("clone", &clone);
        Err(format!("x.clone() != x, with x = {} and x.clone() = {}", render(x), render(&clone)))
    })?;
    laws.check("clone_from is not equal to the source", pools(&generator), |pool| {
        each_pair(pool, |x, y| {
            let mut target = y.clone();
            target.clone_from(x);
            (!same(&target, x)).then(|| format!("after y.clone_from(&x), y is {}", render(&target)))
        })
    })?;
    laws.finish()
}

/// Checks `Default`: `T::default()` equals another `T::default()`, and its
/// clone. A default needs no generator, so this is a single check rather
/// than a property.
///
/// ```
/// use quickcheck::oracles::laws;
///
/// laws::check_default::<Vec<u8>>().unwrap();
/// ```
///
/// # Errors
///
/// The first law that fails, with the default value as counterexample.
pub fn check_default<T: Default + Clone + PartialEq + Debug>() -> Result<(), LawViolation> {
    // Run as a property body is: a panic is reported, not the caller's.
    // One of `T::default()` itself breaks the law that it may not; one of
    // the `clone` or `==` the laws call decides nothing.
    let message = |caught| match caught {
        Caught::Panic(panic) => panic.message,
        Caught::Stop(_) => "it discarded the example".to_owned(),
    };
    let (first, second) = match catch(|| (T::default(), T::default())) {
        Ok(defaults) => defaults,
        Err(caught) => {
            let detail = format!("T::default() panicked: {}", message(caught));
            return Err(default_violation("Default panics", detail, "(none: it panicked)".to_owned(), true));
        }
    };
    let rendered = render(&first);
    match catch(|| default_law_broken(&first, &second)) {
        Ok(None) => Ok(()),
        Ok(Some((law, detail))) => Err(default_violation(law, detail, rendered, true)),
        Err(caught) => {
            let detail = format!("cloning or comparing the defaults panicked: {}", message(caught));
            Err(default_violation("Default is not deterministic", detail, rendered, false))
        }
    }
}

/// The violation `check_default` reports: `broken` when the default broke
/// `law`, not when the check could not decide it.
fn default_violation(law: &'static str, detail: String, rendered: String, broken: bool) -> LawViolation {
    let headline = if broken { "Falsified by the default value." } else { "Could not decide on the default value." };
    // Undecided, the law is what could not be ruled out, not a finding.
    let failure = if broken { format!("{law}: {detail}") } else { detail };
    LawViolation {
        law,
        outcome: Outcome::Falsified,
        broken,
        report: format!("{headline}\n  Counterexample: {rendered}\n  Failure: {failure}"),
        failure: Some(failure),
        counterexample: Some(rendered.clone()),
        notes: Vec::new(),
    }
}

/// The law two defaults break, and how, if any.
fn default_law_broken<T: Clone + PartialEq + Debug>(first: &T, second: &T) -> Option<(&'static str, String)> {
    if !same(first, second) {
        Some((
            "Default is not deterministic",
            format!("T::default() != T::default(): {} and {}", render(first), render(second)),
        ))
    } else if !same(&first.clone(), first) {
        Some((
            "Default does not survive a clone",
            format!("T::default().clone() != T::default(), for {}", render(first)),
        ))
    } else {
        None
    }
}

/// Checks that values of `T`'s [`Arbitrary`] generator survive a serde
/// round trip through the format of `encode` and `decode`: decoding the
/// encoding gives the value back. An error from either side fails the law
/// with the error.
///
/// The format is yours to name, as its two functions: for JSON, `encode`
/// is `serde_json::to_string` and `decode` is
/// `|text: &str| serde_json::from_str::<T>(text)`, whose turbofish names
/// the type to check (the decoder may take any borrowed form of what the
/// encoder returns). The serde bounds say what is being checked, the type's
/// `Serialize` and `Deserialize`; that the two functions are a serde format's
/// is up to the caller, as nothing in their types can tell.
///
/// # Errors
///
/// The failing round trip, with its minimal counterexample.
#[cfg(feature = "serde")]
pub fn check_serde<T, E, B, EE, DE, F, D>(encode: F, decode: D, options: Options) -> Result<(), LawViolation>
where
    T: Arbitrary + serde::Serialize + serde::de::DeserializeOwned + PartialEq + Debug,
    E: Borrow<B> + Debug,
    B: ?Sized,
    EE: Debug,
    DE: Debug,
    F: Fn(&T) -> Result<E, EE>,
    D: Fn(&B) -> Result<T, DE>,
{
    check_serde_with(T::arbitrary(), encode, decode, options)
}

/// [`check_serde`] on the values of `generator`.
///
/// # Errors
///
/// The failing round trip, with its minimal counterexample.
#[cfg(feature = "serde")]
pub fn check_serde_with<G, E, B, EE, DE, F, D>(
    generator: G,
    encode: F,
    decode: D,
    options: Options,
) -> Result<(), LawViolation>
where
    G: Generator,
    G::Value: serde::Serialize + serde::de::DeserializeOwned + PartialEq + Debug,
    E: Borrow<B> + Debug,
    B: ?Sized,
    EE: Debug,
    DE: Debug,
    F: Fn(&G::Value) -> Result<E, EE>,
    D: Fn(&B) -> Result<G::Value, DE>,
{
    let mut laws = Laws::new(options);
    laws.check("Serialize and Deserialize do not round trip", generator, |value| {
        super::check_round_trip_fallible(value, &encode, &decode).map_err(|mismatch| mismatch.message().to_owned())
    })?;
    laws.finish()
}
