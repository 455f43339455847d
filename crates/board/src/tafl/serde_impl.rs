//! Feature `serde`: the position, move and game records serialize as their OTN text and
//! deserialize by reading it (the typed rules serialize field by field).

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use super::{Game, MoveRecord, MoveText, PositionRecord};

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

/// A position record's text, gathered on the stack when its bound fits (boards up to
/// 21×21) and given whole to `serialize_str`; larger ones through `collect_str`.
impl serde::Serialize for PositionRecord {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let size = self.size();
        let bound = size * size + size + 1;
        // The smallest buffer the text fits (a larger one costs its zeroing).
        if bound <= 256 {
            gridnote_text::sink::serialize_text::<S, 256>(serializer, self, bound, |text| {
                self.append_to(text);
            })
        } else {
            gridnote_text::sink::serialize_text::<S, 512>(serializer, self, bound, |text| {
                self.append_to(text);
            })
        }
    }
}

macro_rules! as_text {
    ($($ty:ty),+) => {$(
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData))
            }
        }
    )+};
}

macro_rules! serialize_as_text {
    ($($ty:ty),+) => {$(
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
    )+};
}

as_text!(PositionRecord, MoveRecord, MoveText, Game);
serialize_as_text!(MoveRecord, MoveText, Game);
