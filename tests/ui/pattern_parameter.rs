use quickcheck::property;

#[property]
fn pairs_are_ordered((low, high): (u8, u8)) -> bool {
    low <= high || high < low
}

fn main() {}
