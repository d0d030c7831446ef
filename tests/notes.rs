//! Notes: values recorded for the report of the failing example only.

use quickcheck::stats::note;
use quickcheck::{Options, Property, generate};

#[test]
fn a_failure_reports_the_notes_of_its_minimal_counterexample() {
    let result = Property::for_all(generate::vec(generate::between(0, 100)), |list| {
        let total: i32 = list.iter().sum();
        note("total", total);
        note("length", list.len());
        assert!(total < 150, "too much");
    })
    .check(Options::default().seed(3));
    assert_eq!(result.minimal().unwrap().value(), &vec![50, 100], "{result}");
    assert_eq!(result.notes(), [("total".to_owned(), "150".to_owned()), ("length".to_owned(), "2".to_owned())]);
    assert!(result.to_string().contains("\n  Notes:\n    total: 150\n    length: 2"), "{result}");
}

#[test]
fn a_pass_reports_no_notes() {
    let result = Property::for_all(generate::between(0, 9), |n| note("n", n)).check(Options::default().seed(1));
    assert!(result.is_passed());
    assert!(result.notes().is_empty());
    assert!(!result.to_string().contains("Notes"));
}

/// A value whose `Debug` form takes two lines.
struct Square(i32);

impl std::fmt::Debug for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "n: {}\nsquare: {}", self.0, self.0 * self.0)
    }
}

#[test]
fn a_note_of_several_lines_is_a_block_under_its_label() {
    let result = Property::for_all(generate::between(0, 9), |n| {
        note("table", Square(n));
        assert!(n < 3);
    })
    .check(Options::default().seed(1));
    assert!(result.to_string().contains("\n  Notes:\n    table:\n      n: 3\n      square: 9\n"), "{result}");
}

/// A pinned example that fails reports what it noted, as a generated
/// failure does; a pinned example that passes leaves nothing behind.
#[test]
fn a_failing_pinned_example_reports_its_notes() {
    let result = Property::for_all(generate::between(0, 9), |n| {
        note("double", n * 2);
        assert!(n != 7);
    })
    .example(1)
    .example(7)
    .check(Options::default().seed(1));
    assert!(result.is_falsified(), "{result}");
    assert_eq!(result.notes(), [("double".to_owned(), "14".to_owned())]);
    assert!(result.to_string().contains("\n  Notes:\n    double: 14"), "{result}");
}

/// A note made in a loop is printed once with its count, not once per turn;
/// the notes themselves are all kept.
#[test]
fn a_note_repeated_in_a_row_is_printed_once_with_its_count() {
    let result = Property::for_all(generate::between(0, 9), |n| {
        for _ in 0..50 {
            note("checked", "the same thing");
        }
        note("n", n);
        assert!(n < 3);
    })
    .check(Options::default().seed(1));
    assert_eq!(result.notes().len(), 51, "{result}");
    let report = result.to_string();
    let expected = "\n  Notes:\n    checked: \"the same thing\"\n    (noted 50 times in a row)\n    n: 3";
    assert!(report.contains(expected), "{report}");
}

/// A value whose `Debug` notes something itself (a wrapper that notes its
/// inner state when printed).
struct NotesWhenPrinted(i32);

impl std::fmt::Debug for NotesWhenPrinted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        note("inner", self.0 * 2);
        write!(f, "NotesWhenPrinted({})", self.0)
    }
}

#[test]
fn a_debug_impl_that_notes_too_keeps_both_notes() {
    let result = Property::for_all(generate::between(0, 9), |n| {
        note("outer", NotesWhenPrinted(n));
        assert!(n < 5);
    })
    .check(Options::default().seed(1));
    assert_eq!(
        result.notes(),
        [("inner".to_owned(), "10".to_owned()), ("outer".to_owned(), "NotesWhenPrinted(5)".to_owned())],
        "{result}"
    );
}
