//! `#[derive(Arbitrary)]` on structs, enums and a recursive expression tree:
//! the values they generate, and shrinking of each to its true minimum.

use std::collections::BTreeSet;

use quickcheck::{Arbitrary, Generator, HealthCheck, Options, Outcome, Property, generate, property};

#[derive(Arbitrary, Clone, Debug, PartialEq)]
struct Order {
    #[generator(generate::between(1, 99))]
    quantity: u32,
    item: String,
    express: bool,
}

#[derive(Arbitrary, Clone, Debug, PartialEq)]
struct Point(i16, i16);

#[derive(Arbitrary, Clone, Debug, PartialEq)]
struct Marker;

#[derive(Arbitrary, Clone, Debug, PartialEq)]
struct Pair<T> {
    left: T,
    right: T,
}

#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Shape {
    Dot,
    Circle { radius: u16 },
    Rectangle(u16, u16),
}

#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Expression {
    Add(Box<Expression>, Box<Expression>),
    Literal(#[generator(generate::between(-100, 100))] i64),
    Negate(Box<Expression>),
}

impl Expression {
    fn evaluate(&self) -> i64 {
        match self {
            Expression::Literal(value) => *value,
            Expression::Add(left, right) => left.evaluate() + right.evaluate(),
            Expression::Negate(inner) => -inner.evaluate(),
        }
    }

    fn depth(&self) -> u32 {
        match self {
            Expression::Literal(_) => 0,
            Expression::Add(left, right) => 1 + left.depth().max(right.depth()),
            Expression::Negate(inner) => 1 + inner.depth(),
        }
    }

    fn contains_negation(&self) -> bool {
        match self {
            Expression::Literal(_) => false,
            Expression::Add(left, right) => left.contains_negation() || right.contains_negation(),
            Expression::Negate(_) => true,
        }
    }
}

fn seeded(seed: u64) -> Options {
    Options::default().seed(seed).runs(2_000)
}

#[test]
fn a_struct_draws_every_field_and_honours_field_generators() {
    let orders = Order::arbitrary().sample(200, 1);
    assert!(orders.iter().all(|order| (1..=99).contains(&order.quantity)));
    assert!(orders.iter().any(|order| order.express) && orders.iter().any(|order| !order.item.is_empty()));
    assert_eq!(Marker::arbitrary().sample(3, 1), vec![Marker, Marker, Marker]);
}

/// A derived generator holds nothing: it calls the type's drawing code by
/// name, not through a function pointer it would have to store and call
/// for every value (every element of a list of the type).
#[test]
fn a_derived_generator_is_zero_sized() {
    assert_eq!(std::mem::size_of::<<Order as Arbitrary>::Generator>(), 0);
    assert_eq!(std::mem::size_of::<<Expression as Arbitrary>::Generator>(), 0);
    assert_eq!(std::mem::size_of::<<Pair<u8> as Arbitrary>::Generator>(), 0);
}

#[test]
fn a_struct_shrinks_to_its_minimum() {
    let result = Property::for_all(Order::arbitrary(), |order| order.quantity < 50 || !order.express).check(seeded(4));
    assert_eq!(
        result.minimal().unwrap().value(),
        &Order { quantity: 50, item: String::new(), express: true },
        "{result}"
    );
}

#[test]
fn a_tuple_struct_and_a_generic_struct_shrink_to_their_minimum() {
    let result = Property::for_all(Point::arbitrary(), |Point(x, y)| x < 10 || y < 5).check(seeded(2));
    assert_eq!(result.minimal().unwrap().value(), &Point(10, 5), "{result}");
    let result =
        Property::for_all(Pair::<u8>::arbitrary(), |pair| pair.left.wrapping_add(pair.right) < 200).check(seeded(3));
    let minimal = result.minimal().unwrap().value();
    assert_eq!(u16::from(minimal.left) + u16::from(minimal.right), 200, "{result}");
    assert_eq!(minimal.left, 0, "{result}");
}

#[test]
fn an_enum_draws_every_variant_and_shrinks_to_the_first() {
    let shapes: BTreeSet<String> =
        Shape::arbitrary().sample(200, 1).iter().map(|shape| format!("{shape:?}")[..3].to_owned()).collect();
    assert_eq!(shapes.len(), 3, "{shapes:?}");
    let result = Property::for_all(Shape::arbitrary(), |shape| match shape {
        Shape::Dot => true,
        Shape::Circle { radius } => radius < 10,
        Shape::Rectangle(width, height) => width < 10 || height < 10,
    })
    .check(seeded(5));
    assert_eq!(result.minimal().unwrap().value(), &Shape::Circle { radius: 10 }, "{result}");
}

#[test]
fn a_recursive_enum_terminates_within_its_depth_bound() {
    let expressions = Expression::arbitrary().sample(500, 1);
    assert!(expressions.iter().all(|expression| expression.depth() <= 7));
    assert!(expressions.iter().any(|expression| expression.depth() >= 2));
    assert!(expressions.iter().any(|expression| matches!(expression, Expression::Literal(_))));
}

#[test]
fn a_recursive_enum_shrinks_to_its_true_minimum() {
    let result =
        Property::for_all(Expression::arbitrary(), |expression| !expression.contains_negation()).check(seeded(6));
    assert_eq!(result.minimal().unwrap().value(), &Expression::Negate(Box::new(Expression::Literal(0))), "{result}");
    // About a third of the seeds end instead on a negated sum such as
    // `Negate(Add(Literal(-50), Literal(-100)))`: leaving it takes removing
    // the negation and flipping both signs at once, which no single edit
    // of the shrinker does.
    let result = Property::for_all(Expression::arbitrary(), |expression| expression.evaluate() < 150).check(seeded(8));
    let minimal = result.minimal().unwrap().value();
    assert_eq!(minimal.evaluate(), 150, "{result}");
    assert!(matches!(minimal, Expression::Add(..)), "{result}");
}

#[test]
fn a_recursive_enum_shrinks_towards_its_base_case() {
    let result = Property::for_all(Expression::arbitrary(), |expression| expression.evaluate() != 7).check(seeded(8));
    assert_eq!(result.minimal().unwrap().value(), &Expression::Literal(7), "{result}");
}

/// A calculator whose division by an expression that sums to zero escapes a
/// check that only looks for a literal zero divisor.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Calculation {
    Int(#[generator(generate::between(-10, 10))] i32),
    Add(Box<Calculation>, Box<Calculation>),
    Div(Box<Calculation>, Box<Calculation>),
}

impl Calculation {
    fn evaluate(&self) -> Option<i32> {
        match self {
            Calculation::Int(value) => Some(*value),
            Calculation::Add(left, right) => Some(left.evaluate()?.wrapping_add(right.evaluate()?)),
            Calculation::Div(left, right) => {
                let (left, right) = (left.evaluate()?, right.evaluate()?);
                (right != 0).then(|| left.wrapping_div(right))
            }
        }
    }

    fn divides_by_literal_zero(&self) -> bool {
        match self {
            Calculation::Int(_) => false,
            Calculation::Add(left, right) => left.divides_by_literal_zero() || right.divides_by_literal_zero(),
            Calculation::Div(left, right) => {
                **right == Calculation::Int(0) || left.divides_by_literal_zero() || right.divides_by_literal_zero()
            }
        }
    }
}

#[test]
fn a_division_by_a_sum_of_zero_shrinks_to_the_smallest_such_expression() {
    use Calculation::{Add, Div, Int};
    let ideal = Div(Box::new(Int(0)), Box::new(Add(Box::new(Int(0)), Box::new(Int(0)))));
    for seed in 0..5 {
        let result = Property::for_all(Calculation::arbitrary(), |calculation| {
            quickcheck::assume(!calculation.divides_by_literal_zero());
            calculation.evaluate().is_some()
        })
        .check(seeded(seed));
        assert_eq!(result.minimal().unwrap().value(), &ideal, "seed {seed}: {result}");
    }
}

#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Tree<T> {
    Leaf,
    Node(Box<Tree<T>>, T, Box<Tree<T>>),
}

impl<T: PartialEq> Tree<T> {
    fn holds(&self, wanted: &T) -> bool {
        match self {
            Tree::Leaf => false,
            Tree::Node(left, value, right) => value == wanted || left.holds(wanted) || right.holds(wanted),
        }
    }
}

#[test]
fn a_generic_recursive_enum_shrinks_to_its_true_minimum() {
    let result = Property::for_all(Tree::<u8>::arbitrary(), |tree| !tree.holds(&5)).check(seeded(9));
    assert_eq!(
        result.minimal().unwrap().value(),
        &Tree::Node(Box::new(Tree::Leaf), 5, Box::new(Tree::Leaf)),
        "{result}"
    );
}

/// A linked list: each recursive variant holds one list at most, so the
/// variant choice alone ends a value; it is not cut off at the depth limit
/// of branching types, nor are its later elements drawn ever smaller.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum List {
    Nil,
    Cons(i32, Box<List>),
}

impl List {
    fn to_vec(&self) -> Vec<i32> {
        let (mut values, mut rest) = (Vec::new(), self);
        while let List::Cons(value, next) = rest {
            values.push(*value);
            rest = next;
        }
        values
    }
}

#[test]
fn a_linked_list_grows_past_the_depth_limit_of_trees_at_full_size() {
    let lists: Vec<Vec<i32>> = List::arbitrary().sample(5000, 1).iter().map(List::to_vec).collect();
    let longest = lists.iter().map(Vec::len).max().unwrap();
    assert!(longest >= 9, "the longest list has {longest} elements");
    let wide_late = lists.iter().filter(|list| list.get(4).is_some_and(|value| value.unsigned_abs() > 1 << 20)).count();
    assert!(wide_late > 0, "no fifth element past 2^20");
    let result = Property::for_all(List::arbitrary(), |list| list.to_vec().len() < 7).check(seeded(1).runs(2000));
    assert_eq!(result.minimal().unwrap().value().to_vec(), [0; 7], "{result}");
}

/// A type with no generator, to tag values with.
#[derive(Debug)]
struct Meters;

/// A type parameter only named in a `PhantomData` marks the type; no value
/// of it is drawn, so it needs no generator.
#[derive(Arbitrary, Debug)]
struct Tagged<Unit> {
    value: u32,
    unit: std::marker::PhantomData<Unit>,
}

#[test]
fn a_marker_type_parameter_needs_no_generator() {
    let tagged = Tagged::<Meters>::arbitrary().sample(50, 1);
    assert!(tagged.iter().any(|tagged| tagged.value > 0), "{tagged:?}");
}

/// Fields drawn from a parameter's associated types: the items need
/// generators, the iterator type that names them does not.
#[derive(Arbitrary, Debug)]
struct Batch<Source: IntoIterator> {
    items: Vec<Source::Item>,
    first: Option<<Source as IntoIterator>::Item>,
}

#[test]
fn an_associated_type_of_a_parameter_needs_the_generator_not_the_parameter() {
    // `std::vec::IntoIter<u8>` has no generator; `u8` has.
    let batches = Batch::<std::vec::IntoIter<u8>>::arbitrary().sample(50, 1);
    assert!(batches.iter().any(|batch| !batch.items.is_empty() && batch.first.is_some()), "{batches:?}");
}

#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Weighted {
    #[weight(0)]
    Never,
    #[weight(9)]
    Mostly(u8),
    Rarely,
}

#[test]
fn weights_set_how_often_a_variant_is_drawn() {
    let values = Weighted::arbitrary().sample(1_000, 1);
    assert!(!values.contains(&Weighted::Never));
    let rarely = values.iter().filter(|value| **value == Weighted::Rarely).count();
    assert!((30..200).contains(&rarely), "{rarely} of 1000");
}

// The first example of a run is the simplest, which ignores the weights:
// it must still not be the variant of weight 0.
#[property(runs = 50)]
fn a_variant_of_weight_zero_is_never_a_parameter(value: Weighted) {
    assert_ne!(value, Weighted::Never);
}

/// Named like a type one of its variants holds: `std::time::Duration` is
/// another type, so no variant is recursive.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Duration {
    Standard(std::time::Duration),
    Ticks(u16),
}

#[test]
fn a_path_to_another_type_of_the_same_name_is_not_recursion() {
    let values = Duration::arbitrary().sample(200, 1);
    assert!(values.iter().any(|value| matches!(value, Duration::Standard(_))));
    assert!(values.iter().any(|value| matches!(value, Duration::Ticks(_))));
}

/// User functions named like the generated code's locals.
fn level() -> generate::Integer<u8> {
    generate::between(0, 3)
}

fn position() -> generate::Integer<u8> {
    generate::between(4, 7)
}

/// A recursive enum whose field generators call those functions: the
/// generated code's own names do not shadow them.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Nested {
    Leaf(#[generator(level())] u8, #[generator(position())] u8),
    Node(Box<Nested>),
}

#[test]
fn field_generators_see_the_users_names() {
    fn leaf(nested: &Nested) -> (u8, u8) {
        match nested {
            Nested::Leaf(level, position) => (*level, *position),
            Nested::Node(inner) => leaf(inner),
        }
    }
    for value in Nested::arbitrary().sample(100, 1) {
        let (level, position) = leaf(&value);
        assert!(level <= 3 && (4..=7).contains(&position), "{value:?}");
    }
}

#[property(seed = 10)]
fn derived_types_are_property_parameters(order: Order, shape: Shape, expression: Expression) {
    assert!(order.quantity >= 1);
    let _ = (shape, expression.evaluate());
}

/// A struct that holds itself in a list: each level down is drawn at half
/// the size, and the level at the depth limit has no children, so every
/// value ends and few examples are discarded.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
struct Rose {
    value: u8,
    children: Vec<Rose>,
}

impl Rose {
    fn depth(&self) -> usize {
        1 + self.children.iter().map(Rose::depth).max().unwrap_or(0)
    }

    fn values(&self) -> Vec<u8> {
        std::iter::once(self.value).chain(self.children.iter().flat_map(Rose::values)).collect()
    }
}

#[test]
fn a_struct_that_contains_itself_ends_and_varies() {
    let trees = Rose::arbitrary().sample(300, 1);
    assert!(trees.iter().all(|tree| tree.depth() <= 7), "a tree went past the depth limit");
    assert!(trees.iter().any(|tree| tree.depth() >= 3), "no tree nested deeply");
    assert!(trees.iter().any(|tree| tree.children.is_empty()), "no leaf");
    let result = Property::for_all(Rose::arbitrary(), |tree| tree.values().len() < 10_000).check(seeded(1).runs(300));
    assert!(result.is_passed(), "{result}");
    assert_eq!(result.discards(), 0, "{result}");
    assert!(result.health_warnings().is_empty(), "{result}");
}

/// An enum whose every variant holds itself, but only in collections and
/// options: those are left empty at the depth limit, as a struct's are.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Outline {
    Section(u8, Vec<Outline>),
    Pair(Box<Outline>, Box<Outline>),
    Note(Option<Box<Outline>>),
}

impl Outline {
    fn depth(&self) -> usize {
        1 + match self {
            Outline::Section(_, children) => children.iter().map(Outline::depth).max().unwrap_or(0),
            Outline::Pair(left, right) => left.depth().max(right.depth()),
            Outline::Note(note) => note.as_deref().map_or(0, Outline::depth),
        }
    }
}

#[test]
fn an_enum_that_holds_itself_only_in_collections_ends_shrinks_and_varies() {
    let outlines = Outline::arbitrary().sample(300, 1);
    assert!(outlines.iter().all(|outline| outline.depth() <= 8), "an outline went past the depth limit");
    assert!(outlines.iter().any(|outline| outline.depth() >= 3), "no outline nested deeply");
    assert!(outlines.iter().any(|outline| matches!(outline, Outline::Pair(..))), "no pair");
    let result = Property::for_all(Outline::arbitrary(), |outline| outline.depth() < 10_000).check(seeded(1).runs(300));
    assert!(result.is_passed() && result.health_warnings().is_empty(), "{result}");
    // Values shrink to the variant left empty with the fewest choices: a
    // `Note` draws its variant and `None`, a `Section` its number too.
    let result = Property::for_all(Outline::arbitrary(), |_| false).check(seeded(2));
    assert_eq!(result.minimal().unwrap().value(), &Outline::Note(None), "{result}");
    let result = Property::for_all(Outline::arbitrary(), |outline| outline.depth() < 3).check(seeded(3));
    let note = |inner: Option<Outline>| Outline::Note(inner.map(Box::new));
    let three_deep = note(Some(note(Some(note(None)))));
    assert_eq!(result.minimal().unwrap().value(), &three_deep, "{result}");
}

/// The usual binary tree, children behind `Option<Box<_>>`: an option
/// nested inside the tree is drawn at the nested size, so trees stay a few
/// nodes deep and every small shape comes up, where random draws of a fixed
/// nine in ten `Some` would fill nearly every branch to the depth limit.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
struct BinaryTree {
    value: i32,
    left: Option<Box<BinaryTree>>,
    right: Option<Box<BinaryTree>>,
}

impl BinaryTree {
    fn size(&self) -> usize {
        let child = |child: &Option<Box<BinaryTree>>| child.as_deref().map_or(0, BinaryTree::size);
        1 + child(&self.left) + child(&self.right)
    }
}

#[test]
fn a_tree_of_optional_children_is_mostly_small_and_every_small_shape_shows() {
    let mut sizes: Vec<usize> = BinaryTree::arbitrary().sample(1000, 1).iter().map(BinaryTree::size).collect();
    sizes.sort_unstable();
    assert!(sizes[500] <= 8, "median size {}", sizes[500]);
    assert!(sizes[990] >= 10, "the 99th percentile is only {}", sizes[990]);
    // A root with a left leaf and nothing on the right.
    let lopsided = |tree: &BinaryTree| {
        tree.right.is_none() && tree.left.as_deref().is_some_and(|left| left.left.is_none() && left.right.is_none())
    };
    let found = (0..20)
        .filter(|&seed| {
            Property::for_all(BinaryTree::arbitrary(), |tree| !lopsided(&tree)).check(seeded(seed)).is_falsified()
        })
        .count();
    assert!(found >= 19, "found on {found} of 20 seeds");
    let result = Property::for_all(BinaryTree::arbitrary(), |tree| !lopsided(&tree)).check(seeded(1));
    let leaf = BinaryTree { value: 0, left: None, right: None };
    assert_eq!(
        result.minimal().unwrap().value(),
        &BinaryTree { left: Some(Box::new(leaf.clone())), ..leaf },
        "{result}"
    );
}

/// The same with a `LinkedList` of itself, which has a generator of its own.
#[derive(Arbitrary, Debug)]
struct Chain {
    links: std::collections::LinkedList<Chain>,
}

#[test]
fn a_struct_that_holds_itself_in_a_linked_list_ends() {
    fn links(chain: &Chain) -> usize {
        chain.links.iter().map(|link| 1 + links(link)).sum()
    }
    let chains = Chain::arbitrary().sample(200, 2);
    assert!(chains.iter().any(|chain| links(chain) >= 3), "no chain had links");
    let result = Property::for_all(Chain::arbitrary(), |chain| links(&chain) < 2).check(seeded(2));
    let minimal = result.minimal().expect("a chain with two links");
    assert_eq!(links(minimal.value()), 2, "{result}");
}

#[test]
fn a_struct_that_contains_itself_shrinks_to_its_true_minimum() {
    let leaf = |value| Rose { value, children: vec![] };
    let result =
        Property::for_all(Rose::arbitrary(), |tree| tree.values().iter().all(|&value| value < 10)).check(seeded(2));
    assert_eq!(result.minimal().unwrap().value(), &leaf(10), "{result}");
    let result = Property::for_all(Rose::arbitrary(), |tree| tree.depth() < 3).check(seeded(3));
    let nested = Rose { value: 0, children: vec![Rose { value: 0, children: vec![leaf(0)] }] };
    assert_eq!(result.minimal().unwrap().value(), &nested, "{result}");
}

/// Two types that contain each other, neither naming itself: a branch
/// holds a list of triples of branches. Every level past the first
/// repeated one is drawn at half the size, and the depth limit draws only
/// leaves, so values end, and few are too large.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Branch {
    Leaf(u8),
    Many(Vec<Triple>),
}

#[derive(Arbitrary, Clone, Debug, PartialEq)]
struct Triple {
    first: Branch,
    second: Branch,
    third: Branch,
}

impl Branch {
    fn leaves(&self) -> usize {
        match self {
            Branch::Leaf(_) => 1,
            Branch::Many(triples) => triples
                .iter()
                .map(|triple| triple.first.leaves() + triple.second.leaves() + triple.third.leaves())
                .sum(),
        }
    }

    fn depth(&self) -> usize {
        match self {
            Branch::Leaf(_) => 1,
            Branch::Many(triples) => {
                let deepest =
                    |triple: &Triple| triple.first.depth().max(triple.second.depth()).max(triple.third.depth());
                1 + triples.iter().map(deepest).max().unwrap_or(0)
            }
        }
    }
}

#[test]
fn types_that_contain_each_other_end_and_vary() {
    let branches = Branch::arbitrary().sample(300, 1);
    assert!(branches.iter().all(|branch| branch.depth() <= 8), "a branch went past the depth limit");
    assert!(branches.iter().any(|branch| branch.depth() >= 3), "no branch nested deeply");
    let largest = branches.iter().map(Branch::leaves).max().unwrap_or(0);
    assert!(largest < 2_000, "a branch held {largest} leaves");
    // Few examples run past the choice limit and are thrown away.
    let result = Property::for_all(Branch::arbitrary(), |branch| branch.depth() > 0).check(seeded(1).runs(300));
    assert!(result.is_passed(), "{result}");
    assert!(result.health_warnings().is_empty(), "{result}");
}

#[test]
fn types_that_contain_each_other_shrink_to_their_true_minimum() {
    for seed in 0..5 {
        let result = Property::for_all(Branch::arbitrary(), |branch| branch.depth() < 3).check(seeded(seed));
        let leaf = || Branch::Leaf(0);
        let inner = Branch::Many(vec![Triple { first: leaf(), second: leaf(), third: leaf() }]);
        // Nested in the last field: the first two then take the simplest
        // choices, which comes first in the order of choice sequences.
        let minimal = Branch::Many(vec![Triple { first: leaf(), second: leaf(), third: inner }]);
        assert_eq!(result.minimal().unwrap().value(), &minimal, "seed {seed}: {result}");
    }
}

/// Types that contain each other with no value that ends: every draw
/// nests deeper, until the case stops as too large, rather than
/// overflowing the stack and aborting the test binary.
#[derive(Arbitrary, Debug)]
#[expect(dead_code, reason = "no value is ever drawn")]
struct Ping {
    pong: Box<Pong>,
}

#[derive(Arbitrary, Debug)]
#[expect(dead_code, reason = "no value is ever drawn")]
struct Pong {
    ping: Box<Ping>,
}

#[test]
fn types_that_never_end_stop_each_case_instead_of_overflowing_the_stack() {
    let result = Property::for_all(Ping::arbitrary(), |_| true).check(seeded(1).runs(10));
    assert_eq!(result.outcome(), Outcome::Exhausted, "{result}");
    let warnings = result.health_warnings();
    assert!(warnings.iter().any(|warning| warning.check() == HealthCheck::LargeBaseExample), "{result}");
}

/// A small syntax tree whose three types contain each other (an
/// expression holds a block, which holds statements, which hold
/// expressions), besides an expression holding itself.
#[derive(Arbitrary, Clone, Debug)]
enum Syntax {
    Literal(i64),
    Variable(String),
    Call(String, Vec<Syntax>),
    Scope(Box<Block>),
}

#[derive(Arbitrary, Clone, Debug)]
enum Statement {
    Evaluate(Syntax),
    Let(String, Syntax),
    If(Syntax, Block, Option<Block>),
}

#[derive(Arbitrary, Clone, Debug)]
struct Block {
    statements: Vec<Statement>,
}

impl Syntax {
    /// The nodes and characters of the tree.
    fn size(&self) -> usize {
        match self {
            Syntax::Literal(value) => 1 + usize::from(*value < 0),
            Syntax::Variable(name) => 1 + name.len(),
            Syntax::Call(name, arguments) => 1 + name.len() + arguments.iter().map(Syntax::size).sum::<usize>(),
            Syntax::Scope(block) => 1 + block.size(),
        }
    }
}

impl Statement {
    fn size(&self) -> usize {
        match self {
            Statement::Evaluate(syntax) => 1 + syntax.size(),
            Statement::Let(name, syntax) => 1 + name.len() + syntax.size(),
            Statement::If(condition, then, otherwise) => {
                1 + condition.size() + then.size() + otherwise.as_ref().map_or(0, Block::size)
            }
        }
    }
}

impl Block {
    fn size(&self) -> usize {
        1 + self.statements.iter().map(Statement::size).sum::<usize>()
    }
}

#[test]
fn a_syntax_tree_of_types_that_contain_each_other_is_rarely_too_large() {
    let blocks = Block::arbitrary().sample(300, 1);
    let largest = blocks.iter().map(Block::size).max().unwrap_or(0);
    assert!(largest < 20_000, "a block had size {largest}");
    let result = Property::for_all(Block::arbitrary(), |block| block.size() > 0).check(seeded(1).runs(300));
    assert!(result.is_passed(), "{result}");
    assert!(result.discards() < 15, "{result}");
    assert!(result.health_warnings().is_empty(), "{result}");
}

/// An enum that contains itself through a struct, its variant of more than
/// plain data first: a recorded choice means the same variant at every
/// depth, so shrinking moves a value between levels and reaches the same
/// minimum on every seed.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Node {
    Group(Members),
    Text(String),
}

#[derive(Arbitrary, Clone, Debug, PartialEq)]
struct Members {
    items: Vec<Node>,
}

impl Node {
    fn groups_deep(&self) -> usize {
        match self {
            Node::Group(members) => 1 + members.items.iter().map(Node::groups_deep).max().unwrap_or(0),
            Node::Text(_) => 0,
        }
    }
}

#[test]
fn an_enum_nested_through_a_struct_shrinks_to_the_same_minimum_on_every_seed() {
    let empty = || Node::Group(Members { items: vec![] });
    for seed in 0..5 {
        let result = Property::for_all(Node::arbitrary(), |node| node.groups_deep() < 2).check(seeded(seed));
        let minimal = Node::Group(Members { items: vec![empty()] });
        assert_eq!(result.minimal().unwrap().value(), &minimal, "seed {seed}: {result}");
    }
}

/// A generic enum, nested in itself only through its instantiations.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Maybe<T> {
    Nothing,
    Just(T),
}

/// Each instantiation of a generic type is a type of its own, not the
/// type nested in itself: seven levels of `Maybe` are drawn at full size
/// and without a depth limit, so the innermost `bool` is reached.
#[test]
fn instantiations_of_a_generic_type_are_not_recursion() {
    type Deep = Maybe<Maybe<Maybe<Maybe<Maybe<Maybe<Maybe<bool>>>>>>>;
    let result = Property::for_all(Deep::arbitrary(), |deep| !format!("{deep:?}").contains("true"))
        .check(seeded(1).runs(10_000));
    use Maybe::Just;
    let innermost: Deep = Just(Just(Just(Just(Just(Just(Just(true)))))));
    assert_eq!(result.minimal().unwrap().value(), &innermost, "{result}");
}

/// Two types that contain each other, the enum's variant that recurses
/// declared first: its variant of plain data, drawn at the depth limit,
/// still ends every value.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Negated {
    Negate(Box<Negation>),
    Literal(i64),
}

#[derive(Arbitrary, Clone, Debug, PartialEq)]
struct Negation {
    operand: Negated,
}

impl Negated {
    fn depth(&self) -> usize {
        match self {
            Negated::Negate(negation) => 1 + negation.operand.depth(),
            Negated::Literal(_) => 1,
        }
    }
}

#[test]
fn types_that_contain_each_other_end_whichever_variant_comes_first() {
    let result = Property::for_all(Negated::arbitrary(), |value| value.depth() <= 7).check(seeded(1).runs(500));
    assert!(result.is_passed(), "{result}");
    assert_eq!(result.discards(), 0, "{result}");
    assert!(result.health_warnings().is_empty(), "{result}");
    let values = Negated::arbitrary().sample(300, 1);
    assert!(values.iter().any(|value| value.depth() >= 4), "no value nested deeply");
    let result = Property::for_all(Negated::arbitrary(), |value| value.depth() < 3).check(seeded(2));
    let minimal = Negated::Negate(Box::new(Negation {
        operand: Negated::Negate(Box::new(Negation { operand: Negated::Literal(0) })),
    }));
    assert_eq!(result.minimal().unwrap().value(), &minimal, "{result}");
}

/// A struct of plain data, in an enum that is no recursive type.
#[derive(Arbitrary, Clone, Debug, PartialEq)]
struct Corner {
    x: u16,
    y: u16,
}

#[derive(Arbitrary, Clone, Debug, PartialEq)]
enum Figure {
    Custom(Corner),
    Circle(u16, u16),
}

/// An enum whose first variant holds a derived type shrinks towards that
/// variant, as declared, like any other enum.
#[test]
fn an_enum_with_a_derived_field_shrinks_towards_its_first_variant() {
    let result = Property::for_all(Figure::arbitrary(), |_| false).check(seeded(1));
    assert_eq!(result.minimal().unwrap().value(), &Figure::Custom(Corner { x: 0, y: 0 }), "{result}");
}
