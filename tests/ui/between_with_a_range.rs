use quickcheck::generate;

fn main() {
    let _dice = generate::between(1..=6);
}
