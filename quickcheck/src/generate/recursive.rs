//! Recursive generators.

use std::cell::OnceCell;

use crate::engine::source::{ChoiceSource, MAX_NESTING};
use crate::generate::choice::FREQUENCY;
use crate::generate::{BoxedGenerator, Generator, frequency};

/// The generator returned by [`deferred`].
#[must_use = "a generator does nothing until something draws from it"]
pub struct Deferred<G, F> {
    factory: F,
    generator: OnceCell<G>,
}

/// A generator built by `factory` on its first draw, so a function that
/// returns a generator can refer to itself without recursing for ever while
/// the generator is being built.
///
/// Weight the base case (with [`frequency`]) so that generation ends; a
/// value that still nests more than a hundred `deferred` draws deep, or
/// needs more choices than a test case may make, is discarded (rather than
/// overflowing the stack). [`recursive`] bounds the depth instead.
///
/// ```
/// use quickcheck::{BoxedGenerator, Generator, generate};
///
/// #[derive(Debug)]
/// enum Expression { Literal(i32), Add(Box<Expression>, Box<Expression>) }
///
/// fn expressions() -> BoxedGenerator<'static, Expression> {
///     generate::frequency((
///         (3, generate::integer::<i32>().map(Expression::Literal).boxed()),
///         (1, generate::deferred(|| {
///             (expressions(), expressions())
///                 .map(|(left, right)| Expression::Add(Box::new(left), Box::new(right)))
///         }).boxed()),
///     ))
///     .boxed()
/// }
/// assert_eq!(expressions().sample(20, 1).len(), 20);
/// ```
pub fn deferred<G: Generator, F: Fn() -> G>(factory: F) -> Deferred<G, F> {
    Deferred { factory, generator: OnceCell::new() }
}

/// A clone builds its own generator on its first draw.
impl<G, F: Clone> Clone for Deferred<G, F> {
    fn clone(&self) -> Self {
        Deferred { factory: self.factory.clone(), generator: OnceCell::new() }
    }
}

// The factory is a closure, which has no `Debug` form.
impl<G, F> std::fmt::Debug for Deferred<G, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Deferred").field("built", &self.generator.get().is_some()).finish_non_exhaustive()
    }
}

impl<G: Generator, F: Fn() -> G> Generator for Deferred<G, F> {
    type Value = G::Value;

    fn generate(&self, source: &mut ChoiceSource) -> G::Value {
        let generator = self.generator.get_or_init(&self.factory);
        source.nested(|source| generator.generate(source))
    }

    fn label(&self) -> &'static str {
        "deferred"
    }
}

/// A recursive generator at most `max_depth` levels deep.
///
/// At each level the value is a base case from `base` or, with equal chance,
/// `extend` applied to the generator of the level below; the deepest level is
/// `base` alone. Each level below draws at half the size of the one above,
/// as a derived recursive type does, so collections of subtrees get shorter
/// on the way down. Where a node holds a whole `vec` of subtrees, about half
/// the trees are a bare base case, nine in ten have at most a few dozen
/// nodes, and a few in a thousand have more than ninety. Shrinks towards
/// the base case, and a tree towards its subtrees.
///
/// # Panics
///
/// At the call, if `max_depth` is more than 100: a draw nests that many
/// generators inside one another, and a value that deep (and its drop)
/// would overflow the stack.
///
/// ```
/// use quickcheck::{Generator, generate};
///
/// #[derive(Debug)]
/// enum Tree { Leaf(u8), Node(Box<Tree>, Box<Tree>) }
///
/// fn depth(tree: &Tree) -> u32 {
///     match tree { Tree::Leaf(_) => 0, Tree::Node(l, r) => 1 + depth(l).max(depth(r)) }
/// }
///
/// let trees = generate::recursive(generate::integer::<u8>().map(Tree::Leaf), 4, |subtrees| {
///     (subtrees.clone(), subtrees).map(|(l, r)| Tree::Node(Box::new(l), Box::new(r)))
/// });
/// assert!(trees.sample(50, 1).iter().all(|tree| depth(tree) <= 4));
/// ```
#[track_caller]
pub fn recursive<'a, T: 'a, B, E, F>(base: B, max_depth: u32, extend: F) -> BoxedGenerator<'a, T>
where
    B: Generator<Value = T> + 'a,
    E: Generator<Value = T> + 'a,
    F: Fn(BoxedGenerator<'a, T>) -> E,
{
    // Each level is a generator holding the one below: building, drawing
    // and dropping them all recurse once a level.
    assert!(
        max_depth <= MAX_NESTING,
        "generate::recursive: a max_depth of {max_depth} is more than {MAX_NESTING}: each level is a generator \
         inside the one above, and building, drawing or dropping that many could overflow the stack; ask for \
         at most {MAX_NESTING}"
    );
    let base = base.boxed();
    let mut level = Deepest(base.clone()).boxed();
    for _ in 0..max_depth {
        let below = Smaller(level).boxed();
        level = frequency(((1, base.clone()), (1, extend(below)))).boxed();
    }
    level
}

/// The deepest level of [`recursive`]: the base case, after a choice that
/// can only be 0 where each level above chooses between the base case (0)
/// and going deeper. A subtree's choices then read the same at every depth,
/// so the shrinker can put a subtree in the place of a node above it; were
/// the deepest level the base case alone, a subtree whose leaves are at
/// the bottom would be misread anywhere higher (`Add(0, Add(0, Mul(5, 10)))`
/// could not become `Mul(5, 10)`).
struct Deepest<B>(B);

impl<B: Generator> Generator for Deepest<B> {
    type Value = B::Value;

    fn generate(&self, source: &mut ChoiceSource) -> B::Value {
        source.choose(0, |_| 0);
        source.draw(&self.0)
    }

    fn label(&self) -> &'static str {
        // The kind of the levels above: a node of any level is one kind of
        // draw for the shrinker, which replaces a node by a descendant.
        FREQUENCY
    }
}

/// A level of [`recursive`] as the level above draws it: at half the size.
struct Smaller<G>(G);

impl<G: Generator> Generator for Smaller<G> {
    type Value = G::Value;

    fn generate(&self, source: &mut ChoiceSource) -> G::Value {
        source.draw_smaller(&self.0)
    }

    fn label(&self) -> &'static str {
        self.0.label()
    }
}
