use quickcheck::{Options, Property, generate};

fn main() {
    // One name for a value that is no tuple: it must be `(generator,)`.
    Property::for_all(generate::integer::<u8>(), |n| n < 200).parameters(&["n"]).assert(Options::default());
}
