use quickcheck::property;

struct Counter;

impl Counter {
    #[property]
    fn counts(&self, step: u8) -> bool {
        step < 255 || step == 255
    }
}

fn main() {}
