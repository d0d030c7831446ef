use quickcheck::property;

#[property(seed = 1, seed = 2)]
fn one_seed(byte: u8) -> bool {
    byte <= 255
}

#[property(runs = 10, cases = 20)]
fn one_run_count(byte: u8) -> bool {
    byte <= 255
}

#[property(runs = 10, runs = 20)]
fn one_run_count_by_one_name(byte: u8) -> bool {
    byte <= 255
}

#[property]
#[property(runs = 5)]
fn property_twice(byte: u8) -> bool {
    byte <= 255
}

fn main() {}
