//! Helpers shared by the test files that include this module.

use std::panic::{UnwindSafe, catch_unwind};

/// Runs a property test that must fail and returns the report it panicked
/// with.
pub fn report_of(property_test: impl FnOnce() + UnwindSafe) -> String {
    let payload = catch_unwind(property_test).expect_err("the property should have failed");
    match payload.downcast::<String>() {
        Ok(report) => *report,
        Err(payload) => payload.downcast_ref::<&str>().map(|text| text.to_string()).unwrap_or_default(),
    }
}
