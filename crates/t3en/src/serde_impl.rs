//! serde support (feature `serde`): a [`T3en`] is serialized as its canonical T3EN text
//! and deserialized from T3EN text (read leniently).
//!
//! ```
//! use gridnote_t3en::T3en;
//! let t3en: T3en = "2_o/_x_/3_ x".parse()?;
//! let json = serde_json::to_string(&t3en)?;
//! assert_eq!(json, r#""2_o/_x_/3_ x""#);
//! assert_eq!(serde_json::from_str::<T3en>(&json)?, t3en);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use crate::t3en::T3en;

/// Serializes as the canonical T3EN text.
///
/// ```
/// use gridnote_t3en::T3en;
/// let t3en: T3en = "xx_/3_/3_ o".parse()?;
/// assert_eq!(serde_json::to_string(&t3en)?, r#""2x_/3_/3_ o""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl serde::Serialize for T3en {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The writer's text in one piece straight to `serialize_str`; longer ones (boards
        // over 22x22) through `Display`, in pieces.
        match self.with_text(serializer, S::serialize_str) {
            Ok(done) => done,
            Err(serializer) => serializer.collect_str(self),
        }
    }
}

/// Deserializes from T3EN text, read leniently; a bad text is an error with its message
/// and byte span.
///
/// ```
/// use gridnote_t3en::T3en;
/// let t3en: T3en = serde_json::from_str(r#""3_/_x_/3_ o""#)?;
/// assert_eq!(t3en.to_string(), "3_/_x_/3_ o");
/// let err = serde_json::from_str::<T3en>(r#""3_/_x_/3_ O""#).unwrap_err();
/// assert!(err.to_string().starts_with("uppercase 'O': pieces are lowercase, write 'o' (at bytes 10..11)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'de> serde::Deserialize<'de> for T3en {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<T3en, D::Error> {
        deserializer.deserialize_str(T3enVisitor)
    }
}

/// Reads a T3EN string.
struct T3enVisitor;

impl serde::de::Visitor<'_> for T3enVisitor {
    type Value = T3en;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a T3EN string such as \"3_/3_/3_ x\"")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<T3en, E> {
        text.parse().map_err(|err: crate::ParseError| {
            let span = crate::Spanned::span(&err);
            E::custom(format_args!("{err} (at bytes {}..{})", span.start, span.end))
        })
    }
}
