//! A seed gives the same values on every machine and in every release
//! that keeps the generators' distributions: the values a few seeds give,
//! for every kind of generator, are written down here.
//!
//! The draws are integer arithmetic on one fixed random stream, and no
//! draw may depend on `usize`'s width, on hash order or on the platform's
//! floating-point functions; this test is where a change to any of that
//! shows. A change of a distribution made on purpose changes these
//! values: write the new ones down in the same commit, and say so in the
//! change log, since saved seeds then replay other examples.

use std::collections::BTreeMap;
use std::fmt::Debug;

use quickcheck::stateful::{self, ModelCommand};
use quickcheck::{Arbitrary, Generator, generate};

/// The seeds each generator is sampled from.
const SEEDS: [u64; 2] = [7, 2026];

/// How many values a seed gives each generator.
const COUNT: usize = 3;

/// The values `generator` gives from each of [`SEEDS`], as `Debug` prints
/// them, one line a seed.
fn drawn<G: Generator>(generator: G) -> String
where
    G::Value: Debug,
{
    SEEDS.iter().map(|&seed| format!("{:?}", generator.sample(COUNT, seed))).collect::<Vec<_>>().join("\n")
}

// Read only by `Debug`, which is what the test compares.
#[allow(dead_code)]
#[derive(Arbitrary, Debug)]
enum Shape {
    Dot,
    Circle { radius: u16 },
    Rectangle(u8, u8),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Counter {
    Add(u8),
    Reset,
}

impl ModelCommand<u32> for Counter {
    fn update(&self, total: &mut u32) {
        match *self {
            Counter::Add(amount) => *total += u32::from(amount),
            Counter::Reset => *total = 0,
        }
    }
}

/// Every generator of the crate's default features, by name, with the
/// values it gives.
fn every_generator() -> BTreeMap<&'static str, String> {
    let mut values = BTreeMap::new();
    values.insert("index", drawn(quickcheck::arbitrary::<generate::Index>()));
    values.insert("integer u8", drawn(generate::integer::<u8>()));
    values.insert("integer i32", drawn(generate::integer::<i32>()));
    values.insert("integer i64", drawn(generate::integer::<i64>()));
    values.insert("integer u128", drawn(generate::integer::<u128>()));
    // Drawn on the 64-bit scale on every target, from the same choices: a
    // 32-bit target gives the values that fit its `usize` the same, and
    // saturates the rest (as these seeds' larger values).
    #[cfg(target_pointer_width = "64")]
    {
        values.insert("integer usize", drawn(generate::integer::<usize>()));
        values.insert("integer isize", drawn(generate::integer::<isize>()));
    }
    values.insert("between -5 5", drawn(generate::between(-5i32, 5)));
    values.insert("between 1000 2000", drawn(generate::between(1000u64, 2000)));
    // Bits, so that no formatting of floats is involved.
    values.insert("float f64", drawn(generate::float::<f64>().map(f64::to_bits)));
    values.insert("float f32", drawn(generate::float::<f32>().map(f32::to_bits)));
    values.insert("float between", drawn(generate::float_between(-1.0f64, 1.0).map(f64::to_bits)));
    values.insert("boolean", drawn(generate::boolean()));
    values.insert("character", drawn(generate::character()));
    values.insert("string", drawn(generate::string()));
    values.insert("vec of i16", drawn(generate::vec(generate::integer::<i16>())));
    values.insert("vec of 3", drawn(generate::vec(generate::between(0u8, 9)).length(3..=3)));
    values.insert("btree_set", drawn(generate::btree_set(generate::between(0u8, 20))));
    // A hash set's contents, in order: its iteration order is the
    // standard library's random hasher's.
    values.insert(
        "hash_set",
        drawn(
            generate::hash_set(generate::between(0u8, 20))
                .map(|set| set.into_iter().collect::<std::collections::BTreeSet<_>>()),
        ),
    );
    values.insert("btree_map", drawn(generate::btree_map(generate::between(0u8, 9), generate::boolean())));
    values.insert("unique_vec", drawn(generate::unique_vec(generate::between(0u8, 9))));
    values.insert("option", drawn(generate::option(generate::integer::<u8>())));
    values.insert("result", drawn(generate::result(generate::integer::<u8>(), generate::boolean())));
    values.insert("elements", drawn(generate::elements(["a", "b", "c", "d"])));
    values.insert(
        "one_of",
        drawn(generate::one_of((generate::between(0u8, 9).map(u32::from), generate::constant(100u32)))),
    );
    values
        .insert("frequency", drawn(generate::frequency(((1, generate::constant('x')), (3, generate::constant('y'))))));
    values.insert("shuffle", drawn(generate::shuffle(vec![1, 2, 3, 4, 5])));
    values.insert("subsequence", drawn(generate::subsequence(vec![1, 2, 3, 4, 5])));
    values.insert("duration", drawn(generate::duration()));
    values.insert("array", drawn(generate::array::<_, 3>(generate::between(0u8, 99))));
    values.insert("tuple", drawn((generate::boolean(), generate::between(0u8, 9), generate::character())));
    values.insert("filter", drawn(generate::integer::<u16>().filter(|n| n % 3 == 0)));
    values.insert(
        "flat_map",
        drawn(
            generate::between(1usize, 4).flat_map(|length| generate::vec(generate::boolean()).length(length..=length)),
        ),
    );
    values.insert(
        "recursive",
        drawn(generate::recursive(generate::between(0u8, 9).map(|leaf| vec![leaf]), 3, |inner| {
            (inner.clone(), inner).map(|(mut left, right)| {
                left.extend(right);
                left
            })
        })),
    );
    values.insert("derived enum", drawn(Shape::arbitrary()));
    values.insert("arbitrary (u8, String)", drawn(<(u8, String)>::arbitrary()));
    values.insert(
        "commands",
        drawn(
            stateful::commands(
                || 0u32,
                |_: &u32| {
                    Some(generate::one_of((
                        generate::integer::<u8>().map(Counter::Add),
                        generate::constant(Counter::Reset),
                    )))
                },
            )
            .max_length(6),
        ),
    );
    values
}

/// The generators behind the optional features, with the values they give.
fn every_feature_generator() -> BTreeMap<&'static str, String> {
    // Without the optional features, nothing is added.
    #[allow(unused_mut)]
    let mut values = BTreeMap::new();
    #[cfg(feature = "chrono")]
    {
        values.insert("naive_date", drawn(generate::naive_date()));
        values.insert("naive_time", drawn(generate::naive_time()));
        values.insert("date_time_utc", drawn(generate::date_time_utc()));
        values.insert("date_time_offset", drawn(generate::date_time_offset()));
        values.insert("time_delta", drawn(generate::time_delta()));
    }
    #[cfg(feature = "uuid")]
    values.insert("uuid", drawn(generate::uuid()));
    #[cfg(feature = "decimal")]
    values.insert("decimal", drawn(generate::decimal()));
    #[cfg(feature = "regex")]
    values.insert("string_matching", drawn(generate::string_matching(r"[a-z]{2,4}(-\d|\.\w)*")));
    #[cfg(feature = "half")]
    values.insert("float f16", drawn(generate::float::<half::f16>().map(half::f16::to_bits)));
    values
}

/// What [`every_generator`] gave when this test was written.
const EXPECTED: &[(&str, &str)] = &[
    (
        "arbitrary (u8, String)",
        "[(28, \"]X v.i悑>a\"), (4, \"%mn\"), (1, \"빖縁K0+f\\u{1b}k\\\\\")]\n[(22, \"𬜃\\u{8a99f}1dV;]\\u{11}<L邳呂\\u{8}㏞.VG\"), (37, \"x\\u{7}囀5Vc\\0\"), (130, \"H.|z\")]",
    ),
    ("array", "[[42, 37, 67], [10, 13, 67], [21, 38, 9]]\n[[7, 16, 34], [50, 18, 47], [69, 26, 65]]"),
    ("between -5 5", "[-2, -2, 4]\n[0, 1, -2]"),
    ("between 1000 2000", "[1428, 1374, 1671]\n[1071, 1161, 1068]"),
    ("boolean", "[true, true, true]\n[false, true, false]"),
    (
        "btree_map",
        "[{0: true, 1: true, 2: false, 4: true, 6: true, 7: true, 8: false}, {2: true, 3: true, 5: true, 7: false}, {0: true, 1: false, 2: false, 3: true, 4: false, 7: true, 8: true, 9: true}]\n[{1: false, 3: false, 4: false, 6: false, 8: true}, {0: false, 2: false, 7: false, 8: false}, {1: true, 2: false, 6: true, 8: true, 9: true}]",
    ),
    (
        "btree_set",
        "[{0, 1, 2, 8, 11, 13, 18}, {0, 1, 2, 4, 5, 6, 9, 10, 12, 13, 14, 15, 16, 17, 19, 20}, {2, 3}]\n[{2}, {8}, {0, 3, 5, 7, 8, 15}]",
    ),
    ("character", "['K', 'R', ']']\n['{', '[', '𬜃']"),
    (
        "commands",
        "[1. Add(18)\n2. Add(171)\n3. Add(13)\n4 to 6. Reset, 1. Reset\n2. Add(0)\n3. Add(128)\n4. Add(17)\n5. Add(107)\n6. Reset, 1. Reset\n2. Reset\n3. Add(125)\n4. Add(7)\n5. Add(59)\n6. Reset]\n[1. Add(251)\n2. Add(249)\n3. Reset\n4. Add(60)\n5. Reset\n6. Add(184), 1. Add(206)\n2. Add(1)\n3 to 6. Reset, 1. Add(117)\n2. Reset\n3. Add(46)\n4. Reset\n5. Add(51)\n6. Add(200)]",
    ),
    ("derived enum", "[Dot, Circle { radius: 18 }, Circle { radius: 57 }]\n[Rectangle(18, 251), Dot, Dot]"),
    ("duration", "[37s, 18446744073709551615.999999999s, 20ns]\n[0ns, 688780800s, 60s]"),
    ("elements", "[\"a\", \"b\", \"a\"]\n[\"c\", \"a\", \"d\"]"),
    ("filter", "[18, 57, 21966]\n[18, 249, 3]"),
    ("flat_map", "[[true, true], [true, true, true], [false, false, true]]\n[[false], [false, false], [true]]"),
    (
        "float between",
        "[9427038698836328448, 9223372036854775808, 4607182418800017408]\n[13830554455654793216, 9223372036854775808, 13819151489936916480]",
    ),
    ("float f32", "[3212836864, 2147483649, 1099956224]\n[2143289344, 3262906368, 3196059648]"),
    (
        "float f64",
        "[13840687554816376832, 9223372036854775809, 4652816549399232512]\n[9221120237041090560, 13893483904158924800, 13821547256400052224]",
    ),
    ("frequency", "['x', 'y', 'x']\n['y', 'x', 'y']"),
    (
        "hash_set",
        "[{0, 1, 2, 8, 11, 13, 18}, {0, 1, 2, 4, 5, 6, 9, 10, 12, 13, 14, 15, 16, 17, 19, 20}, {2, 3}]\n[{2}, {8}, {0, 3, 5, 7, 8, 15}]",
    ),
    (
        "index",
        "[Index(7894780148715807567), Index(6907785616333133902), Index(12365981118727104114)]\n[Index(0), Index(18108053637734244884), Index(4969796489110591563)]",
    ),
    ("integer i32", "[-28, 110, -18]\n[-732479, -18, -251]"),
    ("integer i64", "[168, -39, -57]\n[-409358007909, 137, -111]"),
    ("integer isize", "[168, -39, -57]\n[-409358007909, 137, -111]"),
    ("integer u128", "[79, 78, 114]\n[160930712085981385129162, 75, 25]"),
    ("integer u8", "[28, 109, 18]\n[22, 18, 251]"),
    ("integer usize", "[79, 78, 114]\n[268960201930, 17, 222]"),
    ("one_of", "[6, 5, 0]\n[100, 1, 5]"),
    ("option", "[Some(109), Some(95), Some(171)]\n[Some(18), None, Some(68)]"),
    ("recursive", "[[6], [5], [0]]\n[[1, 5], [4, 1], [6, 2]]"),
    ("result", "[Err(true), Err(true), Err(false)]\n[Ok(18), Ok(41), Ok(249)]"),
    (
        "shuffle",
        "[[1, 3, 2, 4, 5], [2, 4, 3, 1, 5], [2, 1, 4, 5, 3]]\n[[4, 2, 5, 1, 3], [2, 5, 4, 1, 3], [1, 2, 4, 3, 5]]",
    ),
    ("string", "[\"R:;[.CG\", \"HpϹ%mn\", \"\"]\n[\"[\", \"D\", \"{=BuShC\\r\\u{17}\"]"),
    ("subsequence", "[[], [], [1, 3, 5]]\n[[1, 2, 3, 5], [2, 3, 4], [1, 2, 4, 5]]"),
    ("tuple", "[(true, 6, ']'), (true, 6, ' '), (true, 1, '.')]\n[(false, 1, '𬜃'), (true, 5, '{'), (true, 4, 'B')]"),
    ("unique_vec", "[[6, 5, 0, 1, 2], [0, 9, 5, 8], [7, 3, 5, 2, 4, 6, 9, 0, 8, 1]]\n[[1], [4], [1, 4, 2, 3, 0, 7]]"),
    ("vec of 3", "[[4, 3, 6], [1, 1, 6], [2, 3, 0]]\n[[0, 1, 4], [5, 1, 4], [6, 2, 6]]"),
    (
        "vec of i16",
        "[[110, 96, -21966, 26, 0, 174, 0], [179, -15155, -232, 129, 13346, 57, 6873], [-3497, 32767]]\n[[-18], [69], [164, 4, 109, 517, 185, 47, 0, -6, 1555]]",
    ),
];

/// What [`every_feature_generator`] gave, for each feature enabled.
const EXPECTED_WITH_FEATURES: &[(&str, &str)] = &[
    (
        "date_time_offset",
        "[1944-11-02T12:00:00-12:00, 2036-05-04T10:43:00-10:17, 1980-09-03T12:00:00-12:00]\n[0001-01-01T00:00:00+00:00, 2095-08-08T18:00:28-10:00, 2045-01-16T19:00:00+00:00]",
    ),
    (
        "date_time_utc",
        "[1914-06-21T16:00:00Z, 1941-01-12T14:40:30.211896373Z, 9999-02-05T21:00:00Z]\n[0001-01-01T00:00:00Z, 1619-03-13T12:38:11.014Z, 6956-08-03T17:00:00Z]",
    ),
    (
        "decimal",
        "[-46718802838484848252300207730, 2409, 9583828858.9]\n[-79228162514264337593543950335, -4191317955383039288572943896, 42]",
    ),
    ("float f16", "[32768, 22584, 15360]\n[32256, 50944, 46080]"),
    ("naive_date", "[1914-06-21, 9999-09-02, 1941-01-12]\n[0001-01-01, 1619-03-13, 2002-03-29]"),
    ("naive_time", "[00:00:00, 01:06:12, 12:12:53]\n[00:00:00, 00:00:00, 15:11:00]"),
    ("string_matching", "[\"ljbd.G\", \"sma-8\", \"wd-႒-3-5.k\"]\n[\"ben-𐴳.h-0-8\", \"ta.x.𧷦.o-೩.繲-4.l\", \"xtsb\"]"),
    (
        "time_delta",
        "[TimeDelta { secs: -37, nanos: 0 }, TimeDelta { secs: -9223372036854776, nanos: 193000000 }, TimeDelta { secs: -1, nanos: 999999980 }]\n[TimeDelta { secs: 9223372036854775, nanos: 807000000 }, TimeDelta { secs: 86054400, nanos: 0 }, TimeDelta { secs: -60, nanos: 0 }]",
    ),
    (
        "uuid",
        "[6d8fe4b7-8802-e34f-126d-c6fca5a60716, 391c085a-96f4-e350-ab9c-ca4f48eaa672, 19ff065d-a186-7dc4-3442-9dbee7c63868]\n[00000000-0000-0000-0000-000000000000, fb4cbad7-cade-a214-296e-0fdf05423d11, f920e0ea-4c8d-cede-8237-952b4d8afa19]",
    ),
];

#[test]
fn a_seed_gives_the_values_written_down() {
    assert_written_down(every_generator(), EXPECTED);
}

#[test]
fn a_seed_gives_the_values_written_down_for_the_optional_features() {
    assert_written_down(every_feature_generator(), EXPECTED_WITH_FEATURES);
}

/// Asserts that every generator in `actual` gives the values `expected`
/// writes down for it. Entries of generators this build leaves out (a
/// feature not enabled, `usize` on a 32-bit target) are skipped.
fn assert_written_down(actual: BTreeMap<&str, String>, expected: &[(&str, &str)]) {
    let expected: BTreeMap<&str, &str> =
        expected.iter().copied().filter(|(name, _)| actual.contains_key(name)).collect();
    let differ: Vec<String> = actual
        .iter()
        .filter(|(name, values)| expected.get(*name) != Some(&values.as_str()))
        .map(|(name, values)| format!("    ({name:?}, {values:?}),"))
        .collect();
    assert!(
        differ.is_empty(),
        "these generators give other values than written down (the lines below are what they give now):\n{}",
        differ.join("\n")
    );
}
