use quickcheck::generate::{self, constant};

fn main() {
    // Thirteen alternatives: one more than a tuple may hold.
    let _ = generate::one_of((
        constant(1),
        constant(2),
        constant(3),
        constant(4),
        constant(5),
        constant(6),
        constant(7),
        constant(8),
        constant(9),
        constant(10),
        constant(11),
        constant(12),
        constant(13),
    ));
    // Generators without their weights.
    let _ = generate::frequency(vec![constant(1), constant(2)]);
}
