use quickcheck::{Options, Property, generate};

fn main() {
    Property::for_all(generate::integer::<u8>(), async |n: u8| n < 200).check(Options::default());
}
