//! Feature `serde`: every record serializes as its OTN text and deserializes by reading it.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use crate::{Game, MoveRecord, PositionRecord, RulesRecord};

struct TextVisitor<T>(PhantomData<T>);

impl<T: FromStr> serde::de::Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an OTN record as a string")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

macro_rules! as_text {
    ($($ty:ty),+) => {$(
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData))
            }
        }
    )+};
}

as_text!(PositionRecord, RulesRecord, MoveRecord, Game);
