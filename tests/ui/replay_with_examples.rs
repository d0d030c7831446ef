use quickcheck::property;

#[property(replay = "v1.AAE")]
#[example(3)]
fn small_numbers_stay_small(n: u8) -> bool {
    n < 200
}

fn main() {}
