use quickcheck::{Failure, IntoVerdict};

struct Checked(bool);

// A body's verdict is `()`, `bool` or a `Result`; the trait is sealed.
impl IntoVerdict for Checked {
    fn into_verdict(self) -> Result<(), Failure> {
        self.0.into_verdict()
    }
}

fn main() {}
