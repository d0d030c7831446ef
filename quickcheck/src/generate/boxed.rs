//! Type-erased generators.

use std::fmt;
use std::rc::Rc;

use crate::engine::source::ChoiceSource;
use crate::generate::Generator;

/// A generator whose concrete type is erased, from [`Generator::boxed`].
///
/// Drawing through it costs one dynamic call, so keep it for where erasure
/// is needed: a recursive generator that refers to itself, or generators of
/// different types held in one place. Cloning shares the generator, which
/// keeps it on one thread (it is neither `Send` nor `Sync`): a property is
/// checked on the thread that checks it.
#[must_use = "a generator does nothing until something draws from it"]
pub struct BoxedGenerator<'a, T> {
    inner: Rc<dyn Generator<Value = T> + 'a>,
}

impl<'a, T> BoxedGenerator<'a, T> {
    pub(crate) fn new(generator: impl Generator<Value = T> + 'a) -> BoxedGenerator<'a, T> {
        BoxedGenerator { inner: Rc::new(generator) }
    }
}

impl<T> Clone for BoxedGenerator<'_, T> {
    fn clone(&self) -> Self {
        BoxedGenerator { inner: Rc::clone(&self.inner) }
    }
}

impl<T> fmt::Debug for BoxedGenerator<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("BoxedGenerator").field(&self.inner.label()).finish()
    }
}

impl<T> Generator for BoxedGenerator<'_, T> {
    type Value = T;

    fn generate(&self, source: &mut ChoiceSource) -> T {
        self.inner.generate(source)
    }

    fn label(&self) -> &'static str {
        self.inner.label()
    }
}
