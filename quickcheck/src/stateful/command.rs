//! The command traits.

use std::fmt::Debug;
use std::pin::Pin;

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
///
/// Implement it for an enum of your operations, or for one struct per
/// operation and use `Box<dyn DynAsyncCommand<Model, System>>` (an
/// `AsyncCommand` itself cannot be a trait object, as its run returns an
/// `impl Future`).
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

/// An [`AsyncCommand`] as a trait object: `Box<dyn DynAsyncCommand<Model,
/// System>>` is an `AsyncCommand` whose run boxes the future of the command
/// inside, so one sequence can hold commands of several types.
///
/// Implemented for every `AsyncCommand`, and sealed: there is nothing to
/// implement.
/// The boxed future is not `Send`: such sequences run on the task that
/// checks the property, as every command sequence does.
///
/// ```
/// use quickcheck::stateful::{AsyncCommand, DynAsyncCommand, ModelCommand};
///
/// #[derive(Debug)]
/// struct Push(i32);
/// #[derive(Debug)]
/// struct Pop;
///
/// impl ModelCommand<Vec<i32>> for Push {
///     fn update(&self, model: &mut Vec<i32>) {
///         model.push(self.0);
///     }
/// }
/// impl AsyncCommand<Vec<i32>, Vec<i32>> for Push {
///     async fn run(&self, _: &Vec<i32>, stack: &mut Vec<i32>) {
///         stack.push(self.0);
///     }
/// }
/// impl ModelCommand<Vec<i32>> for Pop {
///     fn update(&self, model: &mut Vec<i32>) {
///         model.pop();
///     }
/// }
/// impl AsyncCommand<Vec<i32>, Vec<i32>> for Pop {
///     async fn run(&self, model: &Vec<i32>, stack: &mut Vec<i32>) {
///         assert_eq!(stack.pop(), model.last().copied());
///     }
/// }
///
/// let commands: Vec<Box<dyn DynAsyncCommand<Vec<i32>, Vec<i32>>>> = vec![Box::new(Push(1)), Box::new(Pop)];
/// # let _ = commands;
/// ```
pub trait DynAsyncCommand<Model, System>: ModelCommand<Model> + sealed::Sealed<Model, System> {
    /// Runs the command, with its future boxed.
    fn run_boxed<'a>(&'a self, model: &'a Model, system: &'a mut System) -> Pin<Box<dyn Future<Output = ()> + 'a>>;
}

mod sealed {
    pub trait Sealed<Model, System> {}
    impl<Model, System, C: super::AsyncCommand<Model, System>> Sealed<Model, System> for C {}
}

impl<Model, System, C: AsyncCommand<Model, System>> DynAsyncCommand<Model, System> for C {
    fn run_boxed<'a>(&'a self, model: &'a Model, system: &'a mut System) -> Pin<Box<dyn Future<Output = ()> + 'a>> {
        Box::pin(self.run(model, system))
    }
}

impl<Model, System> AsyncCommand<Model, System> for Box<dyn DynAsyncCommand<Model, System>> {
    async fn run(&self, model: &Model, system: &mut System) {
        (**self).run_boxed(model, system).await;
    }
}
