//! The command traits.

use std::fmt::Debug;

/// What a command does to the model, and when it may run: the half of a
/// command that generation needs, shared by [`Command`] and [`AsyncCommand`].
pub trait ModelCommand<Model>: Debug {
    /// Whether the command may follow a state of the model (default: always).
    /// A generated command whose precondition fails is drawn again.
    fn precondition(&self, model: &Model) -> bool {
        let _ = model;
        true
    }

    /// Changes the model as the command changes the system.
    fn update(&self, model: &mut Model);
}

/// A command that runs synchronously against a system.
///
/// Implement it for an enum of your operations, or for one struct per
/// operation and use `Box<dyn Command<Model, System>>`.
pub trait Command<Model, System>: ModelCommand<Model> {
    /// Runs the command against the system and asserts what it observes,
    /// given the model *before* the command.
    fn run(&self, model: &Model, system: &mut System);
}

/// A command whose run is awaited: the same precondition and update, with an
/// `async` run.
pub trait AsyncCommand<Model, System>: ModelCommand<Model> {
    /// Runs the command against the system and asserts what it observes,
    /// given the model *before* the command.
    fn run(&self, model: &Model, system: &mut System) -> impl Future<Output = ()>;
}

impl<Model, C: ModelCommand<Model> + ?Sized> ModelCommand<Model> for Box<C> {
    fn precondition(&self, model: &Model) -> bool {
        (**self).precondition(model)
    }

    fn update(&self, model: &mut Model) {
        (**self).update(model);
    }
}

impl<Model, System, C: Command<Model, System> + ?Sized> Command<Model, System> for Box<C> {
    fn run(&self, model: &Model, system: &mut System) {
        (**self).run(model, system);
    }
}
