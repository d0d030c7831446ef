use quickcheck::property;
use quickcheck::stateful::{Command, ModelCommand};

#[derive(Clone, Debug)]
struct Increment;

impl ModelCommand<u32> for Increment {
    fn update(&self, count: &mut u32) {
        *count += 1;
    }
}

impl Command<u32, u32> for Increment {
    fn run(&self, _: &u32, count: &mut u32) {
        *count += 1;
    }
}

#[property]
fn counts_up(steps: quickcheck::stateful::CommandSequence<u32, Increment>) {
    steps.run(&mut 0);
}

fn main() {}
