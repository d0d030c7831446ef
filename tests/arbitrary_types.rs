//! Default generators for floats, durations and the feature-gated types,
//! used through `Arbitrary` and `#[property]`.

use std::time::Duration;

use quickcheck::{Arbitrary, Options, Property, property};

#[property(seed = 3)]
fn doubling_a_float_is_exact_unless_it_overflows(x: f64, y: f32) {
    assert!(x.is_nan() || (x * 2.0).is_infinite() || (x * 2.0) / 2.0 == x, "{x:?}");
    assert!(y.is_nan() || (y * 2.0).is_infinite() || (y * 2.0) / 2.0 == y, "{y:?}");
}

// The standard library's wrappers and conversions have default generators.
#[property(seed = 6)]
fn standard_wrappers_keep_their_invariants(
    count: std::num::NonZero<i32>,
    text: Box<str>,
    bytes: std::sync::Arc<[u8]>,
    address: std::net::IpAddr,
    path: std::path::PathBuf,
) {
    assert_ne!(count.get(), 0);
    assert!(text.chars().count() <= 64 && bytes.len() <= 64);
    assert!(address.is_ipv4() || address.is_ipv6());
    assert!(path.as_os_str().len() <= 4 * 64);
}

/// The standard types' generators convert with a zero-sized mapping called
/// directly, not through a function pointer stored beside the generator and
/// called for every value: each is the size of the generator it maps.
#[test]
fn standard_conversions_hold_no_function_pointer() {
    use std::mem::size_of;
    fn generator_size<T: Arbitrary>() -> usize {
        size_of::<T::Generator>()
    }
    assert_eq!(generator_size::<std::num::Wrapping<i32>>(), generator_size::<i32>());
    assert_eq!(generator_size::<std::num::Saturating<u8>>(), generator_size::<u8>());
    assert_eq!(generator_size::<std::cmp::Reverse<u64>>(), generator_size::<u64>());
    assert_eq!(generator_size::<std::num::NonZero<i64>>(), generator_size::<i64>());
    assert_eq!(generator_size::<std::collections::LinkedList<u8>>(), generator_size::<Vec<u8>>());
    assert_eq!(generator_size::<std::ops::Range<u16>>(), generator_size::<(u16, u16)>());
    assert_eq!(generator_size::<std::ops::RangeInclusive<u16>>(), generator_size::<(u16, u16)>());
    assert_eq!(generator_size::<std::ffi::CString>(), generator_size::<Vec<u8>>());
    assert_eq!(generator_size::<std::net::SocketAddrV4>(), generator_size::<(std::net::Ipv4Addr, u16)>());
}

/// The converted values are what the conversions promise, and shrink as
/// what they were converted from.
#[test]
fn standard_conversions_shrink_through_what_they_convert() {
    let result = Property::for_all(<std::ops::Range<u16>>::arbitrary(), |range| range.len() < 10)
        .check(Options::default().seed(2));
    assert_eq!(result.minimal().unwrap().value(), &(0..10), "{result}");
    let result = Property::for_all(std::ffi::CString::arbitrary(), |text| text.as_bytes().len() < 3)
        .check(Options::default().seed(2));
    assert_eq!(result.minimal().unwrap().value().as_bytes(), [1, 1, 1], "{result}");
    let result = Property::for_all(<std::collections::LinkedList<u8>>::arbitrary(), |list| {
        list.iter().zip(list.iter().skip(1)).all(|(a, b)| a <= b)
    })
    .check(Options::default().seed(2));
    assert_eq!(result.minimal().unwrap().value().iter().copied().collect::<Vec<_>>(), [1, 0], "{result}");
    let result = Property::for_all(std::net::SocketAddrV6::arbitrary(), |address| address.port() < 80)
        .check(Options::default().seed(2));
    assert_eq!(result.minimal().unwrap().value().to_string(), "[::]:80", "{result}");
}

#[test]
fn a_non_zero_count_shrinks_to_one_and_not_to_zero() {
    let result =
        Property::for_all(std::num::NonZero::<u32>::arbitrary(), |n| n.get() < 1000).check(Options::default().seed(7));
    assert_eq!(result.minimal().unwrap().value().get(), 1000, "{result}");
}

#[test]
fn floats_shrink_through_their_default_generator() {
    let result = Property::for_all(f64::arbitrary(), |x| x.is_nan() || x <= 100.0).check(Options::default().seed(1));
    let minimal = *result.minimal().unwrap().value();
    assert!(minimal == 101.0 || minimal == 128.0, "{result}");
}

#[test]
fn durations_shrink_to_a_round_span() {
    let result = Property::for_all(Duration::arbitrary(), |span| span < Duration::from_secs(3600))
        .check(Options::default().seed(2));
    assert_eq!(result.minimal().unwrap().value(), &Duration::from_secs(3600), "{result}");
}

#[cfg(feature = "chrono")]
#[test]
fn a_date_time_shrinks_to_the_start_of_2000() {
    let result = Property::for_all(chrono::NaiveDateTime::arbitrary(), |_| false).check(Options::default().seed(4));
    assert_eq!(result.minimal().unwrap().rendered(), "2000-01-01T00:00:00", "{result}");
}

#[cfg(feature = "uuid")]
#[test]
fn a_uuid_shrinks_to_nil() {
    let result = Property::for_all(uuid::Uuid::arbitrary(), |_| false).check(Options::default().seed(5));
    assert!(result.minimal().unwrap().value().is_nil(), "{result}");
}

#[cfg(feature = "decimal")]
#[test]
fn a_decimal_shrinks_to_zero() {
    let result = Property::for_all(rust_decimal::Decimal::arbitrary(), |_| false).check(Options::default().seed(6));
    assert!(result.minimal().unwrap().value().is_zero(), "{result}");
}

/// `Ordering` draws each of its three values, and shrinks towards `Equal`.
#[test]
fn orderings_are_all_drawn_and_shrink_towards_equal() {
    use quickcheck::Generator;
    use std::cmp::Ordering;
    let drawn = Ordering::arbitrary().sample(60, 1);
    for ordering in [Ordering::Less, Ordering::Equal, Ordering::Greater] {
        assert!(drawn.contains(&ordering), "{ordering:?} never drawn: {drawn:?}");
    }
    let result = Property::for_all(<(Ordering, Ordering)>::arbitrary(), |(a, b)| a == Ordering::Equal || b.is_eq())
        .check(Options::default().seed(1));
    assert_eq!(result.minimal().unwrap().value(), &(Ordering::Less, Ordering::Less), "{result}");
}
