//! Floating-point numbers, and with their features, `f16`, decimals and UUIDs.

use crate::arbitrary::Arbitrary;
use crate::generate::{self, Float};

macro_rules! floats {
    ($($type:ty),*) => {$(
        /// Any value of the type, NaN and the infinities included, as
        /// [`generate::float`] draws it: shrinks towards 0.
        impl Arbitrary for $type {
            type Generator = Float<$type>;

            fn arbitrary() -> Float<$type> {
                generate::float()
            }
        }
    )*};
}

floats!(f32, f64);

#[cfg(feature = "half")]
floats!(half::f16);

/// Any decimal at any scale, as [`generate::decimal`] draws it: shrinks
/// towards 0.
#[cfg(feature = "decimal")]
impl Arbitrary for rust_decimal::Decimal {
    type Generator = generate::DecimalOf;

    fn arbitrary() -> generate::DecimalOf {
        generate::decimal()
    }
}

/// Any UUID, as [`generate::uuid`] draws it: shrinks towards the nil UUID.
#[cfg(feature = "uuid")]
impl Arbitrary for uuid::Uuid {
    type Generator = generate::UuidOf;

    fn arbitrary() -> generate::UuidOf {
        generate::uuid()
    }
}
