use quickcheck::Arbitrary;

#[derive(Debug)]
struct Account {
    balance: i64,
}

#[derive(Arbitrary, Debug)]
struct Customer {
    name: String,
    account: Account,
}

fn main() {}
