//! A property as the runner runs it, small enough to read, for the unit
//! tests of the shrinker and the explain phase: real generators and a real
//! choice source, and a body that says which failure, if any, a value has.

use crate::engine::run::Case;
use crate::engine::shrink::Execute;
use crate::engine::source::{ChoiceSource, Recording, Variation};
use crate::engine::unwind::{Location, Panic, catch};
use crate::generate::Generator;
use crate::property::{Failure, complete_now};

/// The stand-in: `body` returns the line of the property that failed, or
/// `None` when the value passes.
pub(crate) struct Property<G, F> {
    generator: G,
    body: F,
    pub(crate) source: ChoiceSource,
    /// How many cases ran.
    pub(crate) runs: u64,
    /// The run after which the check counts as cancelled, if any.
    pub(crate) cancelled_after: Option<u64>,
    /// What each varied replay recorded.
    pub(crate) varied: Vec<Vec<u64>>,
}

impl<G: Generator, F: Fn(G::Value) -> Option<u32>> Property<G, F> {
    pub(crate) fn new(generator: G, body: F) -> Self {
        Property { generator, body, source: ChoiceSource::new(), runs: 0, cancelled_after: None, varied: Vec::new() }
    }

    /// Draws a value from the prepared source and runs the body on it,
    /// as the runner's `run_case` does.
    fn run_case(&mut self) -> Case {
        self.runs += 1;
        let (generator, source) = (&self.generator, &mut self.source);
        match catch(|| source.draw(generator)) {
            Ok(value) => (self.body)(value).map_or(Case::Pass, |line| Case::Fail(failure_at(line))),
            Err(caught) => Case::of_generator(caught),
        }
    }

    /// The recording of an exact replay of `choices`, and how it failed.
    pub(crate) fn replayed(&mut self, choices: &[u64]) -> (Recording, Failure) {
        let Case::Fail(failure) = complete_now(self.execute(choices)) else { panic!("{choices:?} must fail") };
        (self.source.recording().clone(), failure)
    }

    /// The value `choices` make.
    pub(crate) fn value_of(&mut self, choices: &[u64]) -> G::Value {
        self.source.start_replay(choices);
        self.source.draw(&self.generator)
    }
}

impl<G: Generator, F: Fn(G::Value) -> Option<u32>> Execute for Property<G, F> {
    async fn execute(&mut self, choices: &[u64]) -> Case {
        self.source.start_replay(choices);
        self.run_case()
    }

    async fn execute_varied(&mut self, choices: &[u64], variation: Variation) -> Case {
        self.source.start_varying(choices, variation);
        let case = self.run_case();
        self.varied.push(self.source.recording().choices.clone());
        case
    }

    async fn draw_varied(&mut self, choices: &[u64], variation: Variation) -> bool {
        self.source.start_varying(choices, variation);
        let (generator, source) = (&self.generator, &mut self.source);
        catch(|| drop(source.draw(generator))).is_ok()
    }

    fn recorded(&self) -> &Recording {
        self.source.recording()
    }

    fn cancelled(&self) -> bool {
        self.cancelled_after.is_some_and(|after| self.runs >= after)
    }
}

/// A panic at line `line` of the property: different lines are different
/// bugs.
pub(crate) fn failure_at(line: u32) -> Failure {
    Failure::from_panic(Panic {
        message: "failed".into(),
        location: Some(Location { file: "property.rs".into(), line, column: 1 }),
    })
}
