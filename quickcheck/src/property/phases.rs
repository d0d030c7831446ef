//! The phases of a check, and the set of them a check runs.

use std::fmt;

/// One phase of a check. They run in this order, each only if the ones
/// before it found no failure (shrink and explain only if one did).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Phase {
    /// Check the pinned examples ([`Property::example`](crate::Property::example), `#[example]`).
    Explicit,
    /// Replay the failures saved in the example database.
    Reuse,
    /// Generate new examples: the simplest first, then random ones, steered
    /// away from those already run, some of them mutations of earlier ones.
    Generate,
    /// Hill-climb on the scores reported with [`target`](crate::target).
    Target,
    /// Shrink each distinct failure to a minimal counterexample.
    Shrink,
    /// Find which arguments of a minimal counterexample can vary without
    /// changing the outcome, and mark them in the report. It is bounded
    /// per failure by 1000 body calls and by a thirtieth of
    /// [`max_shrink_time`](crate::Options::max_shrink_time).
    Explain,
}

impl Phase {
    /// Every phase, in the order a check runs them.
    pub const ALL: &'static [Phase] =
        &[Phase::Explicit, Phase::Reuse, Phase::Generate, Phase::Target, Phase::Shrink, Phase::Explain];

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The phases a check runs (all by default); see [`Options::phases`](crate::Options::phases).
///
/// ```
/// use quickcheck::{Phase, Phases};
///
/// let quick = Phases::all().without(Phase::Shrink).without(Phase::Explain);
/// assert!(quick.contains(Phase::Generate));
/// assert!(!quick.contains(Phase::Shrink));
/// assert_eq!(Phases::only(&[Phase::Reuse]).to_string(), "reuse");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[must_use = "phases do nothing until options take them: pass them to `Options::phases`"]
pub struct Phases {
    bits: u8,
}

impl Phases {
    /// Every phase.
    pub fn all() -> Phases {
        Phases::only(Phase::ALL)
    }

    /// Exactly the phases listed.
    pub fn only(phases: &[Phase]) -> Phases {
        Phases { bits: phases.iter().fold(0, |bits, phase| bits | phase.bit()) }
    }

    /// These phases and `phase`.
    pub fn with(self, phase: Phase) -> Phases {
        Phases { bits: self.bits | phase.bit() }
    }

    /// These phases but `phase`.
    pub fn without(self, phase: Phase) -> Phases {
        Phases { bits: self.bits & !phase.bit() }
    }

    /// Whether `phase` runs.
    pub fn contains(self, phase: Phase) -> bool {
        self.bits & phase.bit() != 0
    }
}

impl Default for Phases {
    fn default() -> Phases {
        Phases::all()
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Explicit => "explicit",
            Phase::Reuse => "reuse",
            Phase::Generate => "generate",
            Phase::Target => "target",
            Phase::Shrink => "shrink",
            Phase::Explain => "explain",
        })
    }
}

/// The phases' names in order, separated by commas.
impl fmt::Display for Phases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> =
            Phase::ALL.iter().filter(|phase| self.contains(**phase)).map(ToString::to_string).collect();
        f.write_str(&names.join(", "))
    }
}

impl fmt::Debug for Phases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Phases({self})")
    }
}
