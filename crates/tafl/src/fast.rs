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

use gridnote_board::{Board, Cell, MAX_SIDE, Player};

use crate::model::{Extension, Ten, Tsn, defenders_ok};

/// Whitespace as `char::is_whitespace` sees it, among ASCII bytes.
const fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// A place in the text.
///
/// Every field reader takes at least one byte and stops at the first byte its field
/// cannot hold, without looking at it: what follows a field is checked by what comes
/// next, [`Cursor::separator`] between fields and [`Cursor::field_end`] after the last.
/// A field reader never accepts whitespace or a non-ASCII byte (which could be
/// whitespace) as its first byte, so exactly one space between fields is all there is
/// to check.
struct Cursor<'t> {
    bytes: &'t [u8],
    at: usize,
}

impl<'t> Cursor<'t> {
    /// SP = %x20    ; exactly one, between fields
    ///
    /// (Inlined: a call costs more than these few instructions, at five call sites.)
    #[inline(always)]
    fn separator(&mut self) -> Option<()> {
        if self.bytes.get(self.at) != Some(&b' ') {
            return None;
        }
        self.at += 1;
        Some(())
    }

    /// The end of the last field: whitespace or the end of the text.
    fn field_end(&self) -> Option<()> {
        match self.bytes.get(self.at) {
            Some(&byte) if !is_space(byte) => None,
            _ => Some(()),
        }
    }

    /// The field's text up to whitespace or the end; `None` if it is empty or holds a
    /// non-ASCII byte (which could be whitespace the grammar would stop at).
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
        (self.at > start).then(|| &self.bytes[start..self.at])
    }

    /// number = "0" / %x31-39 *DIGIT   ; no sign, no leading zero, at most 4294967295
    ///
    /// The shared number rule (`gridnote_board::number`), spelled out for digits only.
    /// A `0` is the whole number: a digit after it is then not the end of the field,
    /// which the caller rejects.
    ///
    /// (Inlined: a call costs more than a short number, at four call sites.)
    #[inline(always)]
    fn number(&mut self) -> Option<u32> {
        let mut value = u32::from(self.bytes.get(self.at)?.wrapping_sub(b'0'));
        if value > 9 {
            return None;
        }
        self.at += 1;
        if value == 0 {
            return Some(0);
        }
        while let Some(&byte) = self.bytes.get(self.at) {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value.checked_mul(10)?.checked_add(u32::from(digit))?;
            self.at += 1;
        }
        Some(value)
    }

    /// side = %s"a" / %s"d"    ; attackers (Player One), defenders (Player Two)
    fn side(&mut self) -> Option<Player> {
        let player = match self.bytes.get(self.at)? {
            b'a' => Player::One,
            b'd' => Player::Two,
            _ => return None,
        };
        self.at += 1;
        Some(player)
    }
}

/// tsn-fields = size SP defenders SP rows SP side SP ply SP since-capture
///
/// The cursor stops after the sixth field, which ends at whitespace or the end.
fn tsn_fields(cursor: &mut Cursor<'_>) -> Option<Tsn> {
    // size = number ; 1 to 255: Board::new checks it before allocating.
    let size = cursor.number()? as usize;
    let mut board = Board::new(size, size).ok()?;
    cursor.separator()?;
    // defenders = number ; positive, divisible by 4
    let defenders = cursor.number()?;
    if !defenders_ok(defenders) {
        return None;
    }
    cursor.separator()?;
    rows(cursor, &mut board)?;
    cursor.separator()?;
    let to_move = cursor.side()?;
    cursor.separator()?;
    // ply = number ; positive
    let ply = cursor.number()?;
    if ply == 0 {
        return None;
    }
    cursor.separator()?;
    // since-capture = number
    let since_capture = cursor.number()?;
    cursor.field_end()?;
    Some(Tsn::from_checked(board, defenders, to_move, ply, since_capture))
}

/// What a byte of the rows field stands for, looked up in [`SQUARES`].
#[derive(Clone, Copy)]
struct Square {
    /// The cell of the run's first square: the piece, or `Empty` for an empty-run
    /// (which the new board holds already, so writing it changes nothing) and for a
    /// byte that is not a square-run (the row is then rejected).
    cell: Cell,
    /// How far the run moves the column: 1 for `a` and `d`, 1 to 35 for an
    /// empty-run, 1 + [`KING`] for `k`, [`NOT_A_SQUARE`] for any other byte.
    width: u16,
}

/// The width of a byte that is not a square-run: past the end of any row, so it ends
/// [`row`]'s loop and the row is rejected.
const NOT_A_SQUARE: u16 = 0x100;

/// Added to the king's width: it ends [`row`]'s loop too, which then checks that this
/// is the first king and goes on. No other byte takes a column this far.
const KING: u16 = 0x200;

// A row's loop runs while the column is below the size, so the column ends below
// MAX_SIDE + 35 after a run, below MAX_SIDE + NOT_A_SQUARE after any other byte but
// `k`, and at KING + 1 to KING + MAX_SIDE after `k`.
const _: () =
    assert!(MAX_SIDE < NOT_A_SQUARE as usize && MAX_SIDE + NOT_A_SQUARE as usize <= KING as usize);

/// [`Square`] for every byte: one load per byte in [`row`]'s loop, whose only other
/// branches are the end of the text and the end of the row.
const SQUARES: [Square; 256] = {
    let mut table = [Square { cell: Cell::Empty, width: NOT_A_SQUARE }; 256];
    table[b'a' as usize] = Square { cell: Cell::ONE, width: 1 };
    table[b'd' as usize] = Square { cell: Cell::TWO, width: 1 };
    table[b'k' as usize] = Square { cell: Cell::TWO_KING, width: 1 + KING };
    let mut byte = b'1';
    while byte <= b'9' {
        table[byte as usize].width = (byte - b'0') as u16;
        byte += 1;
    }
    let mut byte = b'A';
    while byte <= b'Z' {
        table[byte as usize].width = (byte - b'A' + 10) as u16;
        byte += 1;
    }
    table
};

/// rows = row *("/" row)    ; exactly size rows, from the bottom (rank 1) to the top
///
/// At most one king. The cursor stops after the last row (whatever follows).
fn rows(cursor: &mut Cursor<'_>, board: &mut Board) -> Option<()> {
    let size = board.cols();
    let mut at = cursor.at;
    let mut king = false;
    // The text starts at the bottom row, the board at the top one.
    let mut board_rows = board.cells_mut().chunks_exact_mut(size).rev();
    let mut cells = board_rows.next()?;
    loop {
        at += row(&cursor.bytes[at..], cells, &mut king)?;
        match (cursor.bytes.get(at), board_rows.next()) {
            (Some(b'/'), Some(next)) => {
                at += 1;
                cells = next;
            }
            (_, None) => {
                cursor.at = at;
                return Some(());
            }
            _ => return None,
        }
    }
}

/// row = 1*square-run       ; the runs add up to exactly size squares
/// square-run = piece / empty-run
/// piece = %s"a" / %s"d" / %s"k"   ; at most one king in the rows
/// empty-run = %x31-39 / %x41-5A   ; "1"-"9" = 1-9, "A"-"Z" = 10-35 squares
///
/// Writes the row at the start of `text` into `cells` and returns its length in bytes;
/// `None` unless its runs add up to exactly `cells.len()` squares, or for a second
/// king. The row ends where its squares do: the caller checks what follows.
fn row(text: &[u8], cells: &mut [Cell], king: &mut bool) -> Option<usize> {
    let size = cells.len();
    let mut col = 0;
    let mut read = 0;
    loop {
        // Every byte moves the column by at least one, so a byte that is not a
        // square-run (`/`, the end of the field, anything else) before the row is full
        // ends the loop past the row.
        while col < size {
            let square = SQUARES[usize::from(*text.get(read)?)];
            read += 1;
            cells[col] = square.cell;
            col += usize::from(square.width);
        }
        if col == size {
            return Some(read);
        }
        // Past the row. After a run too long or a byte that is not a square-run, the
        // row is rejected (`None`). After the king, already written, the row goes on
        // one square past it.
        col = col.checked_sub(usize::from(KING))?;
        if *king {
            return None;
        }
        *king = true;
    }
}

/// Reads `text` as TSN if it is plainly well formed (trailing whitespace, and fields after
/// the sixth behind one space, are ignored, as in the grammar); `None` for anything else.
pub(crate) fn read_tsn(text: &str) -> Option<Tsn> {
    let mut cursor = Cursor { bytes: text.as_bytes(), at: 0 };
    let tsn = tsn_fields(&mut cursor)?;
    // After the sixth field: the end, ASCII whitespace to the end, or one space and a
    // further field (ignored). Anything else, non-ASCII included, is left to the grammar.
    match &cursor.bytes[cursor.at..] {
        [] => Some(tsn),
        [b' ', next, ..] if !is_space(*next) && next.is_ascii() => Some(tsn),
        rest if rest.iter().all(|&b| is_space(b)) => Some(tsn),
        _ => None,
    }
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
            "3 4 3/3/2k d 10 0\t",
            "2 4 k1/1a a 1 0",
            "2 4 2/2 a 1 0 ",
            "1 4 k a 1 0 \t \r\n",
            "1 4 k a 1 0 5 more fields",
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
            "1 4 k a 1 00",
            "1 4 k a 1 0x",
            "1 4 k a 1 4294967296",
            "1 4 k a 4294967296 0",
            "1 4 ka 1 0",
            "1 4 k  a 1 0",
            "1 4 k a  1 0",
            "1 4 k/ a 1 0",
            "1 4 k/k a 1 0",
            "2 4 2/1kk a 1 0",
            "2 4 k1/1k a 1 0",
            "2 4 2/k a 1 0",
            "2 4 2/a2 a 1 0",
            "2 4 2/2a a 1 0",
            "1 4 a",
            "1 4 k ",
            "1 08 k a 1 0",
            "1 0 k a 1 0",
            "1 4 k a 1 0\u{a0}",
            "1 4 k a 1 0 - x",
            "1 4 k a 1 0 :1:x",
            "1 4 k a 1 0 id::x",
            "1 4 k a 1 0 id:1",
            "1 4 k\ta 1 0",
            "1\u{3000}4 k a 1 0",
            "1 4 k a 1 0\t5",
            "1 4 k a 1 0  5",
            "1 4 k a 1 0\n5",
            "1 4 k a 1 0 \u{a0}5",
            "1 4 k a 1 42949672\u{a0}96",
        ];
        for text in bad {
            assert!(agrees(text), "{text:?}");
        }
        assert!(read_tsn("1 4 k a 1 0\u{a0}").is_none());
        assert!(grammar::read_tsn("1 4 k a 1 0\u{a0}").is_ok());
    }

    #[test]
    fn rows_of_the_largest_board_reach_every_column() {
        // 255 squares: seven runs of 35 and one of 10 (or 9 and one more square).
        let full = "ZZZZZZZA";
        let rest = vec![full; 254].join("/");
        let read = |first: &str| read_tsn(&format!("255 4 {first}/{rest} a 1 0"));
        let tsn = read("ZZZZZZZ9k").expect("the king in the last column");
        assert_eq!(tsn.board().cells()[254 * 255 + 254], gridnote_board::Cell::TWO_KING);
        assert!(agrees(&format!("255 4 ZZZZZZZ9k/{rest} a 1 0")));
        for first in ["ZZZZZZZ9x", "ZZZZZZZ9", "ZZZZZZZ9/", "ZZZZZZZ9kk", "ZZZZZZZB", "ZZZZZZZAk"] {
            assert_eq!(read(first), None, "{first}");
            assert!(agrees(&format!("255 4 {first}/{rest} a 1 0")), "{first}");
        }
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
