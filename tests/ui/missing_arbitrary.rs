use quickcheck::property;

#[derive(Debug)]
struct Account {
    balance: i64,
}

#[property]
fn balances_are_whole(account: Account) -> bool {
    account.balance == account.balance
}

fn main() {}
