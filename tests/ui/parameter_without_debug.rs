use quickcheck::{Arbitrary, Generator, generate, property};

struct Secret(u8);

impl Arbitrary for Secret {
    type Generator = generate::Map<generate::Integer<u8>, fn(u8) -> Secret>;

    fn arbitrary() -> Self::Generator {
        generate::integer().map(Secret as fn(u8) -> Secret)
    }
}

#[property]
fn secrets_are_bytes(secret: Secret) -> bool {
    u16::from(secret.0) < 256
}

fn main() {}
