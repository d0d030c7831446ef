use quickcheck::property;

// The `Options` method's name, not the attribute's option.
#[property(first_failure_only = true)]
fn bytes_are_small(byte: u8) -> bool {
    byte <= 255
}

fn main() {}
