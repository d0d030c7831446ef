//! The child's side of isolation (see [`isolation`](crate::engine::isolation)):
//! replay each choice sequence the test's process sends, run the body on
//! its value, and reply with the case and what it recorded.

use std::io::{self, Write};

use crate::engine::isolation::wire;
use crate::engine::shrink::Execute;
use crate::generate::Generator;

use super::{Body, Runner};

impl<G: Generator, B: Body<G::Value>> Runner<'_, G, B> {
    /// Serves the test's process until it closes the requests (or either
    /// stream breaks). Replies go straight to the process's standard
    /// output, past the test harness's capture of what the body prints.
    pub(crate) async fn serve(&mut self) {
        crate::engine::unwind::begin_check();
        let mut replies = io::stdout();
        if wire::write_frame(&mut replies, wire::READY).is_err() {
            return;
        }
        let mut requests = io::stdin().lock();
        while let Some(choices) = wire::read_request(&mut requests) {
            let case = self.execute(&choices).await;
            let reply = wire::encode_reply(&case, &self.record);
            if wire::write_frame(&mut replies, &reply).is_err() {
                break;
            }
        }
        let _ = replies.flush();
    }
}
