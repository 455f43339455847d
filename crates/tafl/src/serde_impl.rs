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
        // The writer's text in one piece straight to `serialize_str`; a text it gives in
        // pieces through `Display`.
        match self.with_text(serializer, S::serialize_str) {
            Ok(done) => done,
            Err(serializer) => serializer.collect_str(self),
        }
    }
}

impl Serialize for Ten {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.with_text(serializer, S::serialize_str) {
            Ok(done) => done,
            Err(serializer) => serializer.collect_str(self),
        }
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

#[cfg(test)]
mod tests {
    use gridnote_board::{Board, Cell, Player};

    use crate::model::{Extension, Ten, Tsn};

    /// `text` as a JSON string.
    fn json_of(text: &str) -> String {
        serde_json::to_string(text).unwrap()
    }

    /// A TEN value of the 1×1 board `1 4 k a 1 0` with the extension `id:1:data`.
    fn ten(data: &str) -> Ten {
        let tsn: Tsn = "1 4 k a 1 0".parse().unwrap();
        Ten::new(tsn, Extension::custom("id", "1", data).unwrap()).unwrap()
    }

    /// Texts the writer gives whole (up to 256 bytes) and in pieces (one byte more, a
    /// non-ASCII or long extension, a 255×255 board) serialize alike: as the JSON string
    /// of the canonical text.
    #[test]
    fn whole_texts_and_texts_in_pieces_serialize_as_the_text() {
        let fits = ten(&"d".repeat(239));
        let over = ten(&"d".repeat(240));
        let quoted = ten("say:\"hi\"\\now");
        let wide = ten("é=1");
        let long = ten(&"d".repeat(300));
        for (ten, text) in [
            (&fits, format!("1 4 k a 1 0 id:1:{}", "d".repeat(239))),
            (&over, format!("1 4 k a 1 0 id:1:{}", "d".repeat(240))),
            (&quoted, "1 4 k a 1 0 id:1:say:\"hi\"\\now".to_owned()),
            (&wide, "1 4 k a 1 0 id:1:é=1".to_owned()),
            (&long, format!("1 4 k a 1 0 id:1:{}", "d".repeat(300))),
        ] {
            assert_eq!(serde_json::to_string(ten).unwrap(), json_of(&text));
            assert_eq!(serde_json::to_string(ten.tsn()).unwrap(), r#""1 4 k a 1 0""#);
        }
        assert_eq!(
            serde_json::to_string(&quoted).unwrap(),
            r#""1 4 k a 1 0 id:1:say:\"hi\"\\now""#
        );

        let mut board = Board::new(255, 255).unwrap();
        board.set(0, 0, Cell::TWO_KING).unwrap();
        board.set(254, 254, Cell::ONE).unwrap();
        let tsn = Tsn::new(board, 4, Player::Two, 12, 3).unwrap();
        let rows = format!("ZZZZZZZ9a/{}/kZZZZZZZ9", ["ZZZZZZZA"; 253].join("/"));
        let text = format!("255 4 {rows} d 12 3");
        assert_eq!(tsn.to_string(), text);
        assert_eq!(serde_json::to_string(&tsn).unwrap(), json_of(&text));
        let ten = Ten::new(tsn, Extension::custom("id", "1", "x").unwrap()).unwrap();
        assert_eq!(serde_json::to_string(&ten).unwrap(), json_of(&format!("{text} id:1:x")));
    }

    /// The serializer's error is returned, from `serialize_str` (a whole text) and from
    /// `collect_str` (a text in pieces), and what it wrote before is all there is.
    #[test]
    fn the_serializer_error_is_returned() {
        let whole: Tsn = "3 4 3/1k1/a2 a 1 0".parse().unwrap();
        let mut out = [0u8; 5];
        let err = serde_json::to_writer(&mut out[..], &whole).unwrap_err();
        assert!(err.is_io(), "{err}");
        assert_eq!(&out, b"\"3 4 ");

        let pieces =
            Ten::from_tsn(Tsn::new(Board::new(64, 64).unwrap(), 4, Player::One, 1, 0).unwrap());
        assert_eq!(pieces.with_text((), |(), _| ()), Err(()));
        let mut out = [0u8; 9];
        let err = serde_json::to_writer(&mut out[..], &pieces).unwrap_err();
        assert!(err.is_io(), "{err}");
        assert_eq!(&out, b"\"64 4 ZT/");

        let long = ten(&"d".repeat(300));
        let mut out = vec![0u8; 20];
        let err = serde_json::to_writer(&mut out[..], &long).unwrap_err();
        assert!(err.is_io(), "{err}");
        assert_eq!(out, b"\"1 4 k a 1 0 id:1:dd");
    }
}
