//! The statistics of a run, and how the report prints them.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

use crate::engine::unwind::CallSite;
use crate::stats::ExampleRecord;
use crate::stats::numerics::jeffreys_interval;

/// What the examples of a check recorded with [`classify`](crate::stats::classify),
/// [`label`](crate::stats::label), [`collect`](crate::stats::collect) and
/// [`cover`](crate::stats::cover).
///
/// Only generated examples that passed are counted: pinned examples and
/// discarded ones contribute nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Statistics {
    examples: u64,
    labels: BTreeMap<String, u64>,
    tables: BTreeMap<String, Table>,
    /// Each required label's minimum, with where it was first asked for.
    requirements: BTreeMap<String, (f64, CallSite)>,
    /// The first mistake in a requirement: a minimum that is no
    /// percentage, or two minimums for one label.
    mistake: Option<String>,
    /// The highest score of each [`target`](crate::target) label, over
    /// the examples that passed, the target phase's included.
    targets: BTreeMap<String, f64>,
}

impl Statistics {
    /// Counts one example.
    #[inline]
    pub(crate) fn add(&mut self, record: &ExampleRecord) {
        self.examples += 1;
        // Most examples record nothing; they cost only the count.
        if !record.is_empty() {
            self.add_recorded(record);
        }
    }

    fn add_recorded(&mut self, record: &ExampleRecord) {
        for label in &record.labels {
            *self.labels.entry(label.clone()).or_default() += 1;
        }
        for label in &record.missed {
            if !self.labels.contains_key(label) {
                self.labels.insert(label.clone(), 0);
            }
        }
        for (name, values) in &record.collected {
            let table = self.tables.entry(name.clone()).or_default();
            table.several_per_example |= values.len() > 1;
            for value in values {
                *table.counts.entry(value.clone()).or_default() += 1;
            }
        }
        self.add_target_scores(record);
        for &(ref label, minimum, at) in &record.requirements {
            let mistake = match self.requirements.get(label) {
                _ if !(0.0..=100.0).contains(&minimum) => {
                    Some(format!("cover({label:?}) at {at}: the minimum is a percentage from 0 to 100, not {minimum}"))
                }
                Some(&(existing, first_at)) if existing != minimum => {
                    // One call whose minimum is computed asks for each in
                    // a different example.
                    let places = if first_at == at {
                        format!("{existing}% and {minimum}% at {at}, in different examples")
                    } else {
                        format!("{existing}% at {first_at} and {minimum}% at {at}")
                    };
                    Some(format!(
                        "cover({label:?}) asks for at least {places}: give a label one minimum, or name the two \
                         requirements apart"
                    ))
                }
                Some(_) => None,
                None => {
                    self.requirements.insert(label.clone(), (minimum, at));
                    None
                }
            };
            if self.mistake.is_none() {
                self.mistake = mistake;
            }
        }
    }

    /// Keeps the scores `record` reported with [`target`](crate::target)
    /// where they are the highest of their labels. The target phase's
    /// examples are searched for, not drawn, so only their scores count.
    pub(crate) fn add_target_scores(&mut self, record: &ExampleRecord) {
        for (label, score) in &record.targets {
            match self.targets.get_mut(label) {
                Some(highest) => *highest = highest.max(*score),
                None => {
                    self.targets.insert(label.clone(), *score);
                }
            }
        }
    }

    /// The highest score reported under `label` with
    /// [`target`](crate::target) by an example that passed.
    pub fn highest_target_score(&self, label: &str) -> Option<f64> {
        self.targets.get(label).copied()
    }

    /// The first mistake in a coverage requirement, which makes the check
    /// misconfigured.
    pub(crate) fn mistake(&self) -> Option<&str> {
        self.mistake.as_deref()
    }

    /// How many examples were counted.
    pub fn examples(&self) -> u64 {
        self.examples
    }

    /// How many examples hit `label`.
    pub fn count(&self, label: &str) -> u64 {
        self.labels.get(label).copied().unwrap_or(0)
    }

    /// The percentage of examples that hit `label`.
    pub fn percent(&self, label: &str) -> f64 {
        percent_of(self.count(label), self.examples)
    }

    /// The table `name` of [`collect`](crate::stats::collect): each value
    /// with how many examples collected it.
    pub fn table(&self, name: &str) -> Option<&BTreeMap<String, u64>> {
        self.tables.get(name).map(|table| &table.counts)
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty() && self.tables.is_empty() && self.requirements.is_empty() && self.targets.is_empty()
    }

    /// Each coverage requirement: label and minimum percentage.
    pub(crate) fn requirements(&self) -> impl Iterator<Item = (&str, f64)> {
        self.requirements.iter().map(|(label, &(minimum, _))| (label.as_str(), minimum))
    }

    /// The warnings for requirements that were not met, with the range the
    /// true rate plausibly lies in (the 95% Jeffreys interval). The counts
    /// are exact and the observed rate is rounded down, so that a rate just
    /// short of its minimum never reads as meeting it.
    pub fn shortfalls(&self) -> Vec<String> {
        self.shortfall_lines(false)
    }

    /// A line for each requirement not met: a warning, or, when a coverage
    /// confidence accepted it `within_tolerance`, a line that says so.
    fn shortfall_lines(&self, within_tolerance: bool) -> Vec<String> {
        self.requirements()
            .filter(|&(label, minimum)| self.percent(label) < minimum)
            .map(|(label, minimum)| {
                let count = self.count(label);
                let (low, high) = jeffreys_interval(count, self.examples, 0.95);
                let (examples, percent) = (self.examples, show_percent_below(self.percent(label)));
                let (label, minimum) = (printable(label), show_minimum(minimum));
                let interval = format!(
                    "the true rate is likely {} to {}",
                    show_percent_to_a_tenth(100.0 * low),
                    show_percent_to_a_tenth(100.0 * high)
                );
                if within_tolerance {
                    format!(
                        "{count} of {examples} examples ({percent}) {label}, below the required {minimum} but \
                         within the tolerance of the coverage confidence ({interval})"
                    )
                } else {
                    format!(
                        "Only {count} of {examples} examples ({percent}) {label}, but required {minimum} ({interval})"
                    )
                }
            })
            .collect()
    }

    /// Writes the report's lines: shortfalls first (as `shortfalls` says),
    /// then every label by frequency, then each table.
    pub(crate) fn write_report(&self, f: &mut fmt::Formatter<'_>, shortfalls: Shortfalls) -> fmt::Result {
        let lines = match shortfalls {
            Shortfalls::Warnings => self.shortfall_lines(false),
            Shortfalls::WithinTolerance => self.shortfall_lines(true),
            Shortfalls::Omitted => Vec::new(),
        };
        for line in lines {
            write!(f, "\n  {line}")?;
        }
        // Labels without a requirement are capped like a table's rows; a
        // required one is always shown, with its minimum.
        let labels = by_frequency(&self.labels);
        let unrequired = labels.iter().filter(|(label, _)| !self.requirements.contains_key(*label)).count();
        let mut room = shown_rows(unrequired);
        let mut rest = Vec::new();
        for (label, count) in labels {
            let percent = percent_of(count, self.examples);
            let requirement = self.requirements.get(label).map(|(minimum, _)| minimum);
            if requirement.is_none() {
                if room == 0 {
                    rest.push(count);
                    continue;
                }
                room -= 1;
            }
            let label = printable(label);
            match requirement {
                // Next to its minimum, a rate short of it never reads as
                // reaching it.
                Some(&minimum) if percent < minimum => {
                    write!(f, "\n  {} {label} (required {})", show_percent_below(percent), show_minimum(minimum))?
                }
                Some(&minimum) => {
                    write!(f, "\n  {} {label} (required {})", show_percent(percent), show_minimum(minimum))?
                }
                None => write!(f, "\n  {} {label}", show_percent(percent))?,
            }
        }
        // An example may have several labels, so the rest's counts overlap;
        // the largest, the first by frequency, still means something.
        if let Some(&largest) = rest.first() {
            let percent = show_percent(percent_of(largest, self.examples));
            write!(f, "\n  … {} more labels, each in at most {percent} of the examples", rest.len())?;
        }
        for (name, table) in by_name(&self.tables) {
            write!(f, "\n  {}:", printable(name))?;
            let rows = by_frequency(&table.counts);
            let shown = shown_rows(rows.len());
            for &(value, count) in rows.iter().take(shown) {
                write!(f, "\n    {} {}", show_percent(percent_of(count, self.examples)), printable(value))?;
            }
            if let Some(rest) = rows.get(shown..).filter(|rest| !rest.is_empty()) {
                // Where an example counts under several values, the rest's
                // counts overlap and their sum means nothing; the largest
                // (the first, by frequency) still does.
                let (count, share) = if table.several_per_example {
                    (rest[0].1, "each in at most")
                } else {
                    (rest.iter().map(|&(_, count)| count).sum(), "with")
                };
                let percent = show_percent(percent_of(count, self.examples));
                write!(f, "\n    … {} more values, {share} {percent} of the examples", rest.len())?;
            }
        }
        // The target phase's examples are not counted above, but their
        // scores are the point of it.
        for (label, &score) in by_name(&self.targets) {
            write!(
                f,
                "\n  target {}: highest score {}, of the generated and targeted examples that passed",
                printable(label),
                show_score(score)
            )?;
        }
        Ok(())
    }
}

/// One table of [`collect`](crate::stats::collect): how many examples
/// counted under each value.
#[derive(Clone, Debug, Default, PartialEq)]
struct Table {
    counts: BTreeMap<String, u64>,
    /// Whether some example counted under more than one value, so that the
    /// counts overlap.
    several_per_example: bool,
}

/// How a report words the requirements a check's examples fell short of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shortfalls {
    /// As warnings: no coverage confidence judged them.
    Warnings,
    /// As accepted: a coverage confidence found each rate within its
    /// tolerance of the minimum.
    WithinTolerance,
    /// Not at all: the report's problem already states the one missed.
    Omitted,
}

/// A label, table name or collected value as the report prints it: a
/// control character (a line break would split a row) or a bidirectional
/// control (which would reorder what follows on screen) is escaped.
fn printable(text: &str) -> Cow<'_, str> {
    // Controls, the marks that reorder text, and the characters of no width
    // that join nothing, which would leave a row that looks empty or like
    // another (the joiners inside emoji and many scripts stay).
    let escaped = |c: char| {
        c.is_control()
            || matches!(c, '\u{200B}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
    };
    // A label of nothing to see is shown as the string it is.
    if text.trim().is_empty() {
        return Cow::Owned(format!("{text:?}"));
    }
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| if escaped(c) { c.escape_default().to_string() } else { c.to_string() }).collect())
}

fn percent_of(count: u64, total: u64) -> f64 {
    if total == 0 { 0.0 } else { 100.0 * count as f64 / total as f64 }
}

/// The most rows a table of collected values prints, and the most labels
/// without a requirement: a hundred of them say little line by line, and
/// the rest are summed up.
const MAX_TABLE_ROWS: usize = 20;

/// How many of `rows` rows to print: all up to the cap, and one past it
/// too, as a line that sums up one row would be no shorter.
fn shown_rows(rows: usize) -> usize {
    if rows == MAX_TABLE_ROWS + 1 { rows } else { MAX_TABLE_ROWS.min(rows) }
}

/// Most frequent first; ties in natural order, runs of digits by the number
/// they write (`9` before `10`).
fn by_frequency(counts: &BTreeMap<String, u64>) -> Vec<(&str, u64)> {
    let mut sorted: Vec<(&str, u64)> = counts.iter().map(|(name, &count)| (name.as_str(), count)).collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| natural_order(a.0, b.0)));
    sorted
}

/// The entries of `map` in natural order of their names, as rows of
/// equal counts are.
fn by_name<V>(map: &BTreeMap<String, V>) -> Vec<(&str, &V)> {
    let mut sorted: Vec<(&str, &V)> = map.iter().map(|(name, value)| (name.as_str(), value)).collect();
    sorted.sort_by(|a, b| natural_order(a.0, b.0));
    sorted
}

/// The run of digits `text` starts with, and the rest.
fn leading_number(text: &str) -> (&str, &str) {
    text.split_at(text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len()))
}

/// Text order, except that runs of digits compare by the number they
/// write: `item 9` before `item 10`. Numbers are compared by their digits
/// without leading zeros (length first), so any length works.
fn natural_order(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a, b);
    loop {
        let (Some(first_a), Some(first_b)) = (a.chars().next(), b.chars().next()) else {
            return a.len().cmp(&b.len());
        };
        if first_a.is_ascii_digit() && first_b.is_ascii_digit() {
            let ((number_a, rest_a), (number_b, rest_b)) = (leading_number(a), leading_number(b));
            let (digits_a, digits_b) = (number_a.trim_start_matches('0'), number_b.trim_start_matches('0'));
            let order = digits_a.len().cmp(&digits_b.len()).then_with(|| digits_a.cmp(digits_b));
            if order != Ordering::Equal {
                return order;
            }
            (a, b) = (rest_a, rest_b);
        } else {
            if first_a != first_b {
                return first_a.cmp(&first_b);
            }
            (a, b) = (&a[first_a.len_utf8()..], &b[first_b.len_utf8()..]);
        }
    }
}

/// A whole percentage, except near the ends, where rounding would say
/// something false: a rate below 1% shows its first nonzero digits (rounded
/// down), so a rare label does not read as never hit, and one between 99%
/// and 100% shows a tenth (rounded down), so it does not read as always.
fn show_percent(value: f64) -> String {
    match value {
        0.0 | 100.0 => format!("{value}%"),
        value if value < 0.01 => "<0.01%".to_owned(),
        value if value < 0.1 => format!("{}%", (value * 100.0).floor() / 100.0),
        value if !(1.0..=99.0).contains(&value) => show_percent_below(value),
        // Halves round up, as a reader expects, not to even.
        value => format!("{}%", value.round()),
    }
}

/// A percentage rounded down to a tenth: never shown as more than it is.
pub(crate) fn show_percent_below(value: f64) -> String {
    show_percent_to_a_tenth((value * 10.0).floor() / 10.0)
}

/// A target's score as a reader takes it in: exact in its shortest form
/// (`3`, `0.25`), without the sign of a zero (a score of `-n` for `n = 0`
/// reads `0`, not `-0`), and in scientific notation past what plain digits
/// show at a glance (`1e300`, not 301 digits; `2.5e-7`).
fn show_score(score: f64) -> String {
    let magnitude = score.abs();
    if score == 0.0 {
        "0".to_owned()
    } else if magnitude.is_finite() && !(1e-4..1e16).contains(&magnitude) {
        format!("{score:e}")
    } else {
        format!("{score}")
    }
}

/// A requirement's minimum, exactly as it was given (`12.5%`, `20%`).
fn show_minimum(minimum: f64) -> String {
    format!("{minimum}%")
}

/// A percentage to a tenth, without a trailing `.0`.
fn show_percent_to_a_tenth(value: f64) -> String {
    let text = format!("{value:.1}");
    format!("{}%", text.strip_suffix(".0").unwrap_or(&text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    struct Report<'a>(&'a Statistics);

    impl fmt::Display for Report<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.write_report(f, Shortfalls::Warnings)
        }
    }

    fn record(labels: &[&str], collected: &[(&str, &str)], requirements: &[(&str, f64)]) -> ExampleRecord {
        ExampleRecord {
            labels: labels.iter().map(|&label| label.to_owned()).collect(),
            collected: collected.iter().fold(BTreeMap::new(), |mut tables, &(table, value)| {
                tables.entry(table.to_owned()).or_insert_with(BTreeSet::new).insert(value.to_owned());
                tables
            }),
            requirements: requirements
                .iter()
                .map(|&(label, minimum)| (label.to_owned(), minimum, CallSite::caller()))
                .collect(),
            ..ExampleRecord::EMPTY
        }
    }

    #[test]
    fn labels_names_and_values_cannot_break_or_reorder_a_row() {
        let mut statistics = Statistics::default();
        statistics.add(&record(&["two\nlines"], &[("first\tchar", "\u{202E}abc")], &[]));
        let report = Report(&statistics).to_string();
        assert_eq!(report, "\n  100% two\\nlines\n  first\\tchar:\n    100% \\u{202e}abc");
    }

    #[test]
    fn labels_of_nothing_to_see_are_shown_as_strings() {
        let mut statistics = Statistics::default();
        statistics.add(&record(&["", " ", "a\u{200B}"], &[], &[]));
        let report = Report(&statistics).to_string();
        assert_eq!(report, "\n  100% \"\"\n  100% \" \"\n  100% a\\u{200b}");
    }

    #[test]
    fn ties_list_numbers_by_value_and_long_tables_are_summed_up() {
        let mut statistics = Statistics::default();
        for value in 0..30 {
            statistics.add(&record(&[], &[("size", &value.to_string())], &[]));
        }
        let report = Report(&statistics).to_string();
        let rows: Vec<&str> = report.lines().skip(2).collect();
        assert_eq!(rows[..3], ["    3% 0", "    3% 1", "    3% 2"], "{report}");
        assert_eq!(rows[19], "    3% 19", "{report}");
        assert_eq!(rows[20], "    … 10 more values, with 33% of the examples", "{report}");
        assert_eq!(rows.len(), 21, "{report}");
        assert_eq!(natural_order("item 9", "item 10"), Ordering::Less);
        assert_eq!(natural_order("a10b2", "a10b10"), Ordering::Less);
        assert_eq!(natural_order("007", "8"), Ordering::Less);
        assert_eq!(natural_order("b", "a1"), Ordering::Greater);
        assert_eq!(natural_order("x", "x1"), Ordering::Less);
    }

    #[test]
    fn scores_read_without_a_zero_sign_or_hundreds_of_digits() {
        let shown: Vec<String> = [3.0, 0.25, -0.0, -2.0, 1e300, 2.5e-7, f64::INFINITY].map(show_score).into();
        assert_eq!(shown, ["3", "0.25", "0", "-2", "1e300", "2.5e-7", "inf"]);
    }

    #[test]
    fn tables_and_targets_are_listed_by_name_in_natural_order() {
        let mut statistics = Statistics::default();
        let mut example = record(&[], &[("size 10", "a"), ("size 9", "b")], &[]);
        example.targets = [("l10".to_owned(), 1.0), ("l2".to_owned(), 2.0), ("l1".to_owned(), 3.0)].into();
        statistics.add(&example);
        let report = Report(&statistics).to_string();
        let names: Vec<&str> = report.lines().filter(|line| !line.starts_with("    ")).skip(1).collect();
        assert_eq!(
            names,
            [
                "  size 9:",
                "  size 10:",
                "  target l1: highest score 3, of the generated and targeted examples that passed",
                "  target l2: highest score 2, of the generated and targeted examples that passed",
                "  target l10: highest score 1, of the generated and targeted examples that passed",
            ],
            "{report}"
        );
    }

    #[test]
    fn many_labels_are_summed_up_but_a_required_one_is_always_shown() {
        let mut statistics = Statistics::default();
        for value in 0..30 {
            let value = value.to_string();
            let required = if value == "29" { &[("29", 1.0)][..] } else { &[] };
            statistics.add(&record(&[value.as_str()], &[], required));
        }
        let report = Report(&statistics).to_string();
        let rows: Vec<&str> = report.lines().skip(1).collect();
        assert_eq!(rows[..2], ["  3% 0", "  3% 1"], "{report}");
        assert_eq!(rows[19], "  3% 19", "{report}");
        // Last by frequency and name, but required: shown, not summed up.
        assert_eq!(rows[20], "  3% 29 (required 1%)", "{report}");
        assert_eq!(rows[21], "  … 9 more labels, each in at most 3% of the examples", "{report}");
        assert_eq!(rows.len(), 22, "{report}");
        // One past the cap is shown rather than summed up.
        let mut statistics = Statistics::default();
        for value in 0..21 {
            statistics.add(&record(&[value.to_string().as_str()], &[], &[]));
        }
        let report = Report(&statistics).to_string();
        assert_eq!(report.lines().count(), 22, "{report}");
        assert!(!report.contains("more labels"), "{report}");
    }

    #[test]
    fn the_rest_of_a_table_counted_several_times_an_example_is_never_past_every_example() {
        let mut statistics = Statistics::default();
        // Every example counts under 25 of the 40 values: summed, the 20
        // values past the cap would claim far more than all the examples.
        for example in 0..40 {
            let values: Vec<String> = (0..25).map(|offset| ((example + offset) % 40).to_string()).collect();
            let collected: Vec<(&str, &str)> = values.iter().map(|value| ("seen", value.as_str())).collect();
            statistics.add(&record(&[], &collected, &[]));
        }
        let report = Report(&statistics).to_string();
        let last = report.lines().last().unwrap();
        assert_eq!(last, "    … 20 more values, each in at most 63% of the examples", "{report}");
    }

    #[test]
    fn percentages_never_round_to_something_false() {
        assert_eq!(show_percent(0.0), "0%");
        assert_eq!(show_percent(0.001), "<0.01%");
        assert_eq!(show_percent(0.05), "0.05%");
        assert_eq!(show_percent(0.5), "0.5%");
        assert_eq!(show_percent(2.5), "3%");
        assert_eq!(show_percent(12.5), "13%");
        assert_eq!(show_percent(99.6), "99.6%");
        assert_eq!(show_percent(99.96), "99.9%");
        assert_eq!(show_percent(100.0), "100%");
        assert_eq!(show_minimum(12.5), "12.5%");
        assert_eq!(show_minimum(20.0), "20%");
    }

    /// A rate of 19.9% under a 20% minimum reads as 19.9% on its label's
    /// line too, not as the 20% that would contradict the warning above it.
    #[test]
    fn a_label_line_just_short_of_its_minimum_never_reads_as_meeting_it() {
        let mut statistics = Statistics::default();
        for index in 0..1000 {
            let labels: &[&str] = if index < 199 { &["x"] } else { &[] };
            statistics.add(&record(labels, &[], &[("x", 20.0)]));
        }
        let report = Report(&statistics).to_string();
        assert!(report.contains("\n  19.9% x (required 20%)"), "{report}");
        assert!(report.contains("Only 199 of 1000 examples (19.9%) x, but required 20%"), "{report}");
        let mut rare = Statistics::default();
        for index in 0..10_000 {
            rare.add(&record(if index == 0 { &["once"] } else { &[] }, &[], &[("half", 12.5)]));
        }
        let report = Report(&rare).to_string();
        assert!(report.contains("\n  0.01% once"), "{report}");
        assert!(report.contains("but required 12.5%"), "{report}");
    }

    #[test]
    fn the_report_lists_labels_by_frequency_then_tables() {
        let mut statistics = Statistics::default();
        for index in 0..100 {
            let five = index < 34;
            let empty = (34..53).contains(&index);
            let sign = if index < 43 {
                "-1"
            } else if index < 80 {
                "1"
            } else if index < 99 {
                "none"
            } else {
                "0"
            };
            let mut labels = Vec::new();
            if five {
                labels.push("five or more");
            }
            if empty {
                labels.push("empty");
            }
            statistics.add(&record(&labels, &[("sign of first", sign)], &[("five or more", 20.0)]));
        }
        assert_eq!(
            Report(&statistics).to_string(),
            "\n  34% five or more (required 20%)\n  19% empty\n  sign of first:\n    43% -1\n    37% 1\n    19% none\n    1% 0"
        );
    }

    #[test]
    fn a_shortfall_is_a_warning_with_the_plausible_range() {
        let mut statistics = Statistics::default();
        for index in 0..100 {
            let labels: &[&str] = if index < 3 { &["label"] } else { &[] };
            statistics.add(&record(labels, &[], &[("label", 20.0)]));
        }
        let shortfalls = statistics.shortfalls();
        assert_eq!(shortfalls.len(), 1);
        assert!(
            shortfalls[0].starts_with(
                "Only 3 of 100 examples (3%) label, but required 20% (the true rate is likely 0.9% to 7.8%)"
            ),
            "{shortfalls:?}"
        );
    }

    #[test]
    fn a_rate_just_short_of_its_minimum_never_reads_as_meeting_it() {
        let mut statistics = Statistics::default();
        for index in 0..1000 {
            let labels: &[&str] = if index < 999 { &["nonempty"] } else { &[] };
            statistics.add(&record(labels, &[], &[("nonempty", 100.0)]));
        }
        let shortfalls = statistics.shortfalls();
        assert!(
            shortfalls[0].starts_with(
                "Only 999 of 1000 examples (99.9%) nonempty, but required 100% (the true rate is likely 99.5% to 100%)"
            ),
            "{shortfalls:?}"
        );
    }
}
