#![deny(unused_must_use)]

use quickcheck::{Options, Phase, Phases, generate};

// Builders return the changed value: one dropped changed nothing.
fn main() {
    let lists = generate::vec(generate::integer::<u8>());
    lists.min_length(1);
    let phases = Phases::all();
    phases.without(Phase::Shrink);
    Options::default().seed(1);
    quickcheck::stats::Confidence::default().certainty(1e6);
}
