//! How a check runs: options, environment variables, replay tokens and
//! cancellation.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::database::Database;
use crate::engine::random;
use crate::engine::run::Settings;
use crate::stats::Confidence;

/// Options for [`Property::check`](crate::Property::check) and friends.
/// Set only what you need; everything has a default.
///
/// Environment variables override the options, so a whole test suite can be
/// rerun differently without editing it:
///
/// | variable | overrides | default |
/// | --- | --- | --- |
/// | `QUICKCHECK_RUNS` | [`runs`](Options::runs) | 100 |
/// | `QUICKCHECK_SEED` | [`seed`](Options::seed) | random, printed in every report |
/// | `QUICKCHECK_MAX_SHRINKS` | [`max_shrinks`](Options::max_shrinks) | 10 000 |
///
/// ```
/// use quickcheck::{Options, Property, generate};
///
/// let options = Options::default().runs(500).seed(42);
/// Property::for_all(generate::integer::<u8>(), |n| n.count_ones() <= 8).assert(options);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Options {
    runs: Option<u64>,
    seed: Option<u64>,
    max_shrinks: Option<u64>,
    max_discard_ratio: Option<u64>,
    replay: Option<String>,
    cancellation: Option<Cancellation>,
    confidence: Option<Confidence>,
    name: Option<String>,
    database: Option<String>,
}

const DEFAULT_RUNS: u64 = 100;
const DEFAULT_MAX_SHRINKS: u64 = 10_000;
const DEFAULT_MAX_DISCARD_RATIO: u64 = 10;

impl Options {
    /// How many generated examples must pass (default 100). Pinned examples
    /// are checked on top of these.
    pub fn runs(mut self, runs: u64) -> Options {
        self.runs = Some(runs);
        self
    }

    /// The root seed (random by default). The same seed gives the same
    /// examples, and the same report, on every machine.
    pub fn seed(mut self, seed: u64) -> Options {
        self.seed = Some(seed);
        self
    }

    /// The most successful shrink steps before shrinking stops with the
    /// smallest counterexample found so far (default 10 000).
    pub fn max_shrinks(mut self, max_shrinks: u64) -> Options {
        self.max_shrinks = Some(max_shrinks);
        self
    }

    /// How many discarded examples per required run end the check as
    /// [`Exhausted`](crate::Outcome::Exhausted) (default 10).
    pub fn max_discard_ratio(mut self, ratio: u64) -> Options {
        self.max_discard_ratio = Some(ratio);
        self
    }

    /// Reruns the one example a failure report names, and its shrink, from a
    /// replay token such as `"3468194371:11"`.
    ///
    /// A token is good only while every generator of the property draws the
    /// same choices in the same order; to keep checking a failure, pin its
    /// value with [`Property::example`](crate::Property::example) instead. A
    /// malformed token makes the check end as
    /// [`Misconfigured`](crate::Outcome::Misconfigured).
    pub fn replay(mut self, token: impl Into<String>) -> Options {
        self.replay = Some(token.into());
        self
    }

    /// Stops the check when `cancellation` is cancelled, between examples and
    /// between shrink attempts. A body already running finishes first.
    pub fn cancellation(mut self, cancellation: Cancellation) -> Options {
        self.cancellation = Some(cancellation);
        self
    }

    /// Turns [`cover`](crate::stats::cover) requirements into assertions
    /// decided with the given confidence, as Haskell QuickCheck's
    /// `checkCoverage` does.
    ///
    /// [`runs`](Options::runs) is then the fewest examples: the check looks
    /// at the coverage after them and after 100, 200, 400, … passes, until
    /// every requirement is known met or one is known missed, which ends it as
    /// [`InsufficientCoverage`](crate::Outcome::InsufficientCoverage). A true
    /// rate near the minimum takes longest to decide (a 50% rate at a 50%
    /// minimum about 6,400 examples); after 13 million examples the check
    /// stops undecided, also as `InsufficientCoverage`.
    ///
    /// ```
    /// use quickcheck::stats::{Confidence, cover};
    /// use quickcheck::{Options, Outcome, Property, generate};
    ///
    /// let result = Property::for_all(generate::between(0, 9), |n| cover(n < 3, 20.0, "small"))
    ///     .check(Options::default().seed(1).coverage_confidence(Confidence::default()));
    /// assert_eq!(result.outcome(), Outcome::Passed);
    /// ```
    pub fn coverage_confidence(mut self, confidence: Confidence) -> Options {
        self.confidence = Some(confidence);
        self
    }

    /// Names the property, which gives it a place in the example database:
    /// failures are saved under the name and replayed first on the next
    /// run. `#[property]` names its properties after their module path and
    /// function; a `Property::for_all` check uses the database only when
    /// named.
    pub fn name(mut self, name: impl Into<String>) -> Options {
        self.name = Some(name.into());
        self
    }

    /// [`name`](Options::name), unless a name is set already: how
    /// `#[property]` names its properties while letting `name = ...` win.
    #[doc(hidden)]
    pub fn default_name(mut self, name: impl Into<String>) -> Options {
        self.name.get_or_insert_with(|| name.into());
        self
    }

    /// Where the example database lives: a directory, or `"off"` for none.
    ///
    /// By default it is `quickcheck/examples` inside Cargo's target
    /// directory, which version control ignores in every Cargo project (and
    /// `cargo clean` empties). The environment variable `QUICKCHECK_DATABASE`
    /// overrides this option the same way. Several processes may share one
    /// directory: writes are atomic, and an unreadable or unwritable
    /// directory only prints a warning.
    pub fn database(mut self, location: impl Into<String>) -> Options {
        self.database = Some(location.into());
        self
    }

    /// Whether a replay token is set.
    pub(crate) fn replays(&self) -> bool {
        self.replay.is_some()
    }

    /// The settings of one run: options, overridden by the environment.
    pub(crate) fn resolve(&self) -> Result<Settings, String> {
        let runs = environment("QUICKCHECK_RUNS")?.or(self.runs).unwrap_or(DEFAULT_RUNS);
        let max_shrinks = environment("QUICKCHECK_MAX_SHRINKS")?.or(self.max_shrinks).unwrap_or(DEFAULT_MAX_SHRINKS);
        let replay = self.replay.as_deref().map(str::parse::<Replay>).transpose().map_err(|error| error.to_string())?;
        let seed = match replay {
            Some(replay) => replay.seed,
            None => environment("QUICKCHECK_SEED")?.or(self.seed).unwrap_or_else(random::fresh_seed),
        };
        Ok(Settings {
            runs,
            seed,
            max_shrinks,
            max_discard_ratio: self.max_discard_ratio.unwrap_or(DEFAULT_MAX_DISCARD_RATIO),
            replay_index: replay.map(|replay| replay.index),
            cancellation: self.cancellation.clone(),
            confidence: self.confidence,
            database: self.resolve_database(replay.is_some()),
        })
    }
}

impl Options {
    /// The database and the key to use, if any: none for an unnamed
    /// property or a replay, which checks one named example only.
    fn resolve_database(&self, replaying: bool) -> Option<(Database, String)> {
        let key = self.name.clone().filter(|_| !replaying)?;
        let location = std::env::var("QUICKCHECK_DATABASE").ok().or_else(|| self.database.clone());
        let database = match location.as_deref() {
            Some("off") => return None,
            Some(directory) => Database::at(directory),
            None => Database::default_location(),
        };
        Some((database, key))
    }
}

fn environment(name: &str) -> Result<Option<u64>, String> {
    match std::env::var(name) {
        Ok(text) => text.trim().parse().map(Some).map_err(|_| {
            format!("the environment variable {name} is {text:?}, which is not a whole number; set it to one, such as {name}=100, or unset it")
        }),
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => {
            Err(format!("the environment variable {name} is not valid Unicode; set it to a whole number or unset it"))
        }
    }
}

/// A replay token: the root seed of a run and the index of one example in
/// it, written `seed:index`. Every failure report prints one.
///
/// ```
/// use quickcheck::Replay;
/// let token: Replay = "3468194371:11".parse().unwrap();
/// assert_eq!((token.seed(), token.index()), (3468194371, 11));
/// assert_eq!(token.to_string(), "3468194371:11");
/// assert!("3468194371".parse::<Replay>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Replay {
    seed: u64,
    index: u64,
}

impl Replay {
    pub(crate) fn new(seed: u64, index: u64) -> Replay {
        Replay { seed, index }
    }

    /// The run's root seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The example's index within the run.
    pub fn index(&self) -> u64 {
        self.index
    }
}

impl fmt::Display for Replay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.seed, self.index)
    }
}

/// Why a replay token could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayParseError {
    token: String,
}

impl fmt::Display for ReplayParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "malformed replay token {:?}: expected SEED:INDEX, two whole numbers separated by a colon \
             (such as \"3468194371:11\"), as printed on the \"Replay with\" line of a failure report",
            self.token
        )
    }
}

impl std::error::Error for ReplayParseError {}

impl FromStr for Replay {
    type Err = ReplayParseError;

    fn from_str(token: &str) -> Result<Replay, ReplayParseError> {
        let error = || ReplayParseError { token: token.to_owned() };
        let (seed, index) = token.trim().split_once(':').ok_or_else(error)?;
        let number = |text: &str| text.parse::<u64>().map_err(|_| error());
        Ok(Replay { seed: number(seed)?, index: number(index)? })
    }
}

/// A handle that stops a running check, from another thread or task.
///
/// ```
/// use quickcheck::{Cancellation, Options, Outcome, Property, generate};
///
/// let cancellation = Cancellation::new();
/// cancellation.cancel();
/// let result = Property::for_all(generate::boolean(), |_| true)
///     .check(Options::default().cancellation(cancellation));
/// assert_eq!(result.outcome(), Outcome::Cancelled);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancellation {
    cancelled: Arc<AtomicBool>,
}

impl Cancellation {
    /// A handle that is not cancelled yet.
    pub fn new() -> Cancellation {
        Cancellation::default()
    }

    /// Asks every check holding a clone of this handle to stop.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](Cancellation::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}
