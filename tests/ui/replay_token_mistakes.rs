use quickcheck::property;

// Cut short when pasted ("v1.rAI" is the choice 300): its number ends
// with a byte that says another follows.
#[property(replay = "v1.rA")]
fn cut_short(n: u8) -> bool {
    n < 200
}

// Printed by another version of quickcheck.
#[property(replay = "v2.AAE")]
fn from_another_version(n: u8) -> bool {
    n < 200
}

// The seed of another library, not a token at all.
#[property(replay = "3468194371:11")]
fn not_a_token(n: u8) -> bool {
    n < 200
}

// In parentheses, still read.
#[property(replay = ("v1.rA"))]
fn in_parentheses(n: u8) -> bool {
    n < 200
}

// Whole, with whitespace around it (a no-break space from a web page):
// accepted, as it is at run time.
#[property(replay = " v1.AAE\u{a0}")]
fn whole(n: u8) -> bool {
    n < 200
}

fn main() {}
