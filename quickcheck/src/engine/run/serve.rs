//! The child's side of isolation (see [`isolation`](crate::engine::isolation)):
//! replay each choice sequence the test's process sends, run the body on
//! its value, and reply with the case and what it recorded.

use std::io::{self, Write};

use crate::engine::isolation::wire::{self, ReadRequest};
use crate::engine::shrink::Execute;
use crate::engine::unwind::Caught;
use crate::generate::Generator;
use crate::property::{Failure, FailureKind};

use super::case::case_of;
use super::{Body, Case, Runner, call};

impl<G: Generator, B: Body<G::Value>> Runner<'_, G, B> {
    /// Serves the test's process until it closes the requests (or either
    /// stream breaks): each example's choices are replayed, and each pinned
    /// example is built again by `pinned` (from its number, counting from
    /// 1; `None` if there is no such example), and its body run. Replies go
    /// straight to the process's standard output, past the test harness's
    /// capture of what the body prints.
    pub(crate) async fn serve(&mut self, pinned: &dyn Fn(usize) -> Option<Result<G::Value, Caught>>) {
        crate::engine::unwind::begin_check();
        let mut replies = io::stdout();
        if wire::write_frame(&mut replies, wire::READY).is_err() {
            return;
        }
        let mut requests = io::stdin().lock();
        while let Some(request) = wire::read_request(&mut requests) {
            let case = match request {
                ReadRequest::Example(choices) => self.execute(&choices).await,
                ReadRequest::Pinned(number) => self.run_pinned(number, pinned).await,
            };
            let reply = wire::encode_reply(&case, &self.record);
            if wire::write_frame(&mut replies, &reply).is_err() {
                break;
            }
        }
        let _ = replies.flush();
    }

    /// Runs the body on pinned example `number`, built again here.
    async fn run_pinned(&mut self, number: usize, pinned: &dyn Fn(usize) -> Option<Result<G::Value, Caught>>) -> Case {
        self.record.clear();
        match pinned(number) {
            Some(Ok(value)) => case_of(call(&mut *self.body, value, &mut self.record, None).await),
            _ => Case::Fail(Failure::new(
                FailureKind::Panicked,
                format!(
                    "pinned example {number}, built in the test's own process, could not be built again in the \
                     child process: its expression reads something besides the test's code"
                ),
            )),
        }
    }
}
