//! serde support (feature `serde`): [`Tsn`] and [`Ten`] are serialized as their canonical
//! text and deserialized by reading that text.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::model::{Ten, Tsn};

impl Serialize for Tsn {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Serialize for Ten {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Tsn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tsn, D::Error> {
        deserializer.deserialize_str(TextVisitor(PhantomData, "a TSN string"))
    }
}

impl<'de> Deserialize<'de> for Ten {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Ten, D::Error> {
        deserializer.deserialize_str(TextVisitor(PhantomData, "a TEN string"))
    }
}

/// Reads a value from a string with its `FromStr`.
struct TextVisitor<T>(PhantomData<T>, &'static str);

impl<T> Visitor<'_> for TextVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}
