//! The fast path of the reader: one pass over the bytes of plainly well-formed TSN and
//! TEN, with no error reporting at all.
//!
//! [`read_tsn`] and [`read_ten`] accept a subset of what the grammar
//! ([`crate::grammar`]) accepts and give the same value for it; on anything else (any
//! error, and the rare well-formed texts they do not bother with, such as non-ASCII
//! whitespace) they answer `None` and the caller reads the text with the grammar, which
//! then also names the error. The grammar stays the definition of TSN and TEN; the tests
//! below (and the fuzz targets of `fuzz/`) check that the two agree.
//!
//! The size is checked (1 to 255) before the board is allocated, as in the grammar.

use gridnote_board::{Board, Cell, Player};

use crate::model::{Extension, Ten, Tsn, defenders_ok};

/// Whitespace as `char::is_whitespace` sees it, among ASCII bytes.
const fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// A place in the text.
struct Cursor<'t> {
    bytes: &'t [u8],
    at: usize,
}

impl<'t> Cursor<'t> {
    /// SP before a field: exactly one space, and the field does not start with more
    /// whitespace or end the text.
    fn separator(&mut self) -> Option<()> {
        if self.bytes.get(self.at) != Some(&b' ') {
            return None;
        }
        self.at += 1;
        match self.bytes.get(self.at) {
            Some(&next) if !is_space(next) => Some(()),
            _ => None,
        }
    }

    /// The field's text up to whitespace or the end; `None` if it holds a non-ASCII
    /// byte (which could be whitespace the grammar would stop at).
    fn field(&mut self) -> Option<&'t [u8]> {
        let start = self.at;
        while let Some(&byte) = self.bytes.get(self.at) {
            if is_space(byte) {
                break;
            }
            if !byte.is_ascii() {
                return None;
            }
            self.at += 1;
        }
        Some(&self.bytes[start..self.at])
    }

    /// A number field: the shared number rule (`gridnote_board::number`), spelled out
    /// for digits only: no sign, no leading zero, at most `u32::MAX`; the field ends at
    /// whitespace or the end.
    fn number(&mut self) -> Option<u32> {
        let start = self.at;
        let mut value = 0u32;
        while let Some(&byte) = self.bytes.get(self.at) {
            if is_space(byte) {
                break;
            }
            if !byte.is_ascii_digit() {
                return None;
            }
            value = value.checked_mul(10)?.checked_add(u32::from(byte - b'0'))?;
            self.at += 1;
        }
        match self.at - start {
            0 => None,
            1 => Some(value),
            _ if self.bytes[start] == b'0' => None,
            _ => Some(value),
        }
    }
}

/// The six TSN fields; the cursor stops after the sixth.
fn tsn_fields(cursor: &mut Cursor<'_>) -> Option<Tsn> {
    let size = cursor.number()? as usize;
    // Board::new checks the size (1 to 255) before allocating.
    let mut board = Board::new(size, size).ok()?;
    cursor.separator()?;
    let defenders = cursor.number()?;
    if !defenders_ok(defenders) {
        return None;
    }
    cursor.separator()?;
    rows(cursor, &mut board)?;
    cursor.separator()?;
    let to_move = match cursor.field()? {
        b"a" => Player::One,
        b"d" => Player::Two,
        _ => return None,
    };
    cursor.separator()?;
    let ply = cursor.number()?;
    if ply == 0 {
        return None;
    }
    cursor.separator()?;
    let since_capture = cursor.number()?;
    Some(Tsn::from_checked(board, defenders, to_move, ply, since_capture))
}

/// The rows field: `size` rows from the bottom, each exactly `size` squares wide, at most
/// one king.
fn rows(cursor: &mut Cursor<'_>, board: &mut Board) -> Option<()> {
    let size = board.rows();
    let cells = board.cells_mut();
    let mut king = false;
    // The board row being read (the text starts at the bottom), its cells, and the
    // column.
    let mut row = size - 1;
    let mut row_cells = &mut cells[row * size..][..size];
    let mut col = 0;
    for (i, &byte) in cursor.bytes[cursor.at..].iter().enumerate() {
        let cell = match byte {
            b'a' => Cell::ONE,
            b'd' => Cell::TWO,
            b'k' if !king => {
                king = true;
                Cell::TWO_KING
            }
            b'1'..=b'9' | b'A'..=b'Z' => {
                col += usize::from(if byte <= b'9' { byte - b'0' } else { byte - b'A' + 10 });
                if col > size {
                    return None;
                }
                continue;
            }
            b'/' if col == size && row > 0 => {
                row -= 1;
                row_cells = &mut cells[row * size..][..size];
                col = 0;
                continue;
            }
            // The field ends: every row read, the last one full.
            b' ' if col == size && row == 0 => {
                cursor.at += i;
                return Some(());
            }
            _ => return None,
        };
        // `None` past the end of the row.
        *row_cells.get_mut(col)? = cell;
        col += 1;
    }
    // The text ended with the rows: the next separator reports it.
    (col == size && row == 0).then(|| cursor.at = cursor.bytes.len())
}

/// Reads `text` as TSN if it is plainly well formed (trailing whitespace and fields
/// after the sixth are ignored, as in the grammar); `None` for anything else.
pub(crate) fn read_tsn(text: &str) -> Option<Tsn> {
    let mut cursor = Cursor { bytes: text.as_bytes(), at: 0 };
    let tsn = tsn_fields(&mut cursor)?;
    // The sixth field ended at whitespace (anything may follow) or at the end.
    Some(tsn)
}

/// Reads `text` as TEN if it is plainly well formed (seven fields, then only ASCII
/// whitespace); `None` for anything else.
pub(crate) fn read_ten(text: &str) -> Option<Ten> {
    let mut cursor = Cursor { bytes: text.as_bytes(), at: 0 };
    let tsn = tsn_fields(&mut cursor)?;
    cursor.separator()?;
    let field = cursor.field()?;
    if !cursor.bytes[cursor.at..].iter().all(|&b| is_space(b)) {
        return None;
    }
    let extension = if field == b"-" { Extension::None } else { custom(field)? };
    Some(Ten::from_checked(tsn, extension))
}

/// `identifier:version:data` (the field is ASCII and holds no whitespace).
fn custom(field: &[u8]) -> Option<Extension> {
    let text = core::str::from_utf8(field).ok()?;
    let (identifier, rest) = text.split_once(':')?;
    let (version, data) = rest.split_once(':')?;
    let identifier_ok = !identifier.is_empty()
        && identifier.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'));
    let version_ok = !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit());
    (identifier_ok && version_ok).then(|| Extension::Custom {
        identifier: identifier.to_owned(),
        version: version.to_owned(),
        data: data.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use quickcheck::{Arbitrary, Gen};
    use quickcheck_macros::quickcheck;

    use super::{read_ten, read_tsn};
    use crate::grammar;

    /// The fast path agrees with the grammar wherever it answers.
    fn agrees(text: &str) -> bool {
        let tsn = read_tsn(text).is_none_or(|fast| grammar::read_tsn(text) == Ok(fast));
        let ten = read_ten(text).is_none_or(|fast| grammar::read_ten(text) == Ok(fast));
        tsn && ten
    }

    #[test]
    fn reads_the_plain_texts_and_leaves_the_rest_to_the_grammar() {
        let plain = [
            "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0",
            "1 4 k a 1 0",
            "3 4 111/12/k2 a 1 0 ignored",
            "3 4 3/1k1/3 d 4294967295 4294967294\n",
            "40 4 Z4k/JL/1111111111111111111111111111111111111111/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/Z5/aZ3a d 1 0",
        ];
        for text in plain {
            assert!(read_tsn(text).is_some(), "{text}");
            assert!(agrees(text), "{text}");
        }
        for text in ["1 4 k a 1 0 -", "1 4 k a 1 0 id:1:", "1 4 k a 1 0 a.b-c_9:007:x:y=z \t\n"] {
            assert!(read_ten(text).is_some(), "{text}");
            assert!(agrees(text), "{text}");
        }
        let bad = [
            "",
            " 1 4 k a 1 0",
            "1  4 k a 1 0",
            "1 4 k a 1",
            "1 4 k a 0 0",
            "1 5 k a 1 0",
            "0 4 k a 1 0",
            "256 4 k a 1 0",
            "1 4 kk a 1 0",
            "2 4 kk/k1 a 1 0",
            "2 4 2/2/2 a 1 0",
            "2 4 2 a 1 0",
            "2 4 3/2 a 1 0",
            "2 4 1/2 a 1 0",
            "1 4 0 a 1 0",
            "1 4 k x 1 0",
            "1 4 k a 01 0",
            "1 4 k a 1 0\u{a0}",
            "1 4 k a 1 0 - x",
            "1 4 k a 1 0 :1:x",
            "1 4 k a 1 0 id::x",
            "1 4 k a 1 0 id:1",
            "1 4 k\ta 1 0",
            "1\u{3000}4 k a 1 0",
        ];
        for text in bad {
            assert!(agrees(text), "{text:?}");
        }
        assert!(read_tsn("1 4 k a 1 0\u{a0}").is_none());
        assert!(grammar::read_tsn("1 4 k a 1 0\u{a0}").is_ok());
    }

    /// Text made of TSN's own pieces, where the two paths could disagree.
    #[derive(Clone, Debug)]
    struct Near(String);

    impl Arbitrary for Near {
        fn arbitrary(g: &mut Gen) -> Near {
            const PIECES: [&str; 20] = [
                "a", "d", "k", "/", " ", " ", "1", "2", "3", "4", "0", "B", "Z", ":", "-", "\t",
                "x", "\u{a0}", "3 4 ", "1 4 ",
            ];
            let len = usize::arbitrary(g) % 30;
            Near((0..len).map(|_| *g.choose(&PIECES).expect("not empty")).collect())
        }
    }

    #[quickcheck]
    fn agrees_on_near_tsn_text(text: Near) -> bool {
        agrees(&text.0)
    }

    #[quickcheck]
    fn agrees_on_any_text(text: String) -> bool {
        agrees(&text)
    }

    /// A board of side 1 to 40 with attackers, defenders and at most one king.
    #[derive(Clone, Debug)]
    struct Position(crate::Tsn);

    impl Arbitrary for Position {
        fn arbitrary(g: &mut Gen) -> Position {
            use gridnote_board::arbitrary::{board_with, in_range};
            use gridnote_board::{Cell, Player};
            let side = in_range(g, 1, 40);
            let mut board =
                board_with(g, side, side, &[Cell::Empty, Cell::Empty, Cell::ONE, Cell::TWO]);
            if bool::arbitrary(g) {
                let at = in_range(g, 0, side * side - 1);
                board.cells_mut()[at] = Cell::TWO_KING;
            }
            let player = if bool::arbitrary(g) { Player::One } else { Player::Two };
            let ply = u32::arbitrary(g).max(1);
            let tsn = crate::Tsn::new(
                board,
                4 * (u32::arbitrary(g) % 100 + 1),
                player,
                ply,
                u32::arbitrary(g),
            )
            .expect("a valid position");
            Position(tsn)
        }
    }

    #[quickcheck]
    fn reads_every_written_position(position: Position) -> bool {
        let text = position.0.to_string();
        let ten = format!("{text} id:1:data");
        read_tsn(&text) == Some(position.0.clone())
            && read_ten(&ten).map(|ten| ten.tsn().clone()) == Some(position.0)
    }
}
