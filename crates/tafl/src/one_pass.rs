//! The one-pass reader: one pass over the bytes of plainly well-formed TSN and
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
//!
//! A text of up to [`PADDED`] (254) bytes is first copied into a zeroed buffer of 257
//! bytes ([`Padded`], from `gridnote_text::bytes`), where a byte (and the byte after it)
//! is one load with no bounds check; longer texts are read in place ([`InPlace`]). Either way a byte past the end of the text reads as 0, which no
//! field holds, so every field reader stops there as at any other byte it cannot hold.

use gridnote_board::{Board, Cell, MAX_SIDE, Player};
use gridnote_text::bytes::{Bytes, InPlace, PADDED, Padded};

use crate::alphabet::{count_of, piece_of, side_of};
use crate::model::{Extension, Ten, Tsn, defenders_ok, is_identifier_char};

/// Whitespace as `char::is_whitespace` sees it, among ASCII bytes.
const fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// A place in the text.
///
/// Every field reader takes at least one byte and stops at the first byte its field
/// cannot hold, without looking at it: what follows a field is checked by what comes
/// next, [`Cursor::separator`] between fields and [`Cursor::field_end`] after the last.
/// A field reader never accepts whitespace, a non-ASCII byte (which could be
/// whitespace) or 0 (past the end) as its first byte, so exactly one space between
/// fields is all there is to check.
struct Cursor<'t, B> {
    bytes: &'t B,
    /// The text's length.
    len: usize,
    at: usize,
}

impl<B: Bytes> Cursor<'_, B> {
    /// The byte at the cursor (0 at the end).
    #[inline(always)]
    fn peek(&self) -> u8 {
        self.bytes.byte(self.at)
    }

    /// SP = %x20    ; exactly one, between fields
    #[inline(always)]
    fn separator(&mut self) -> Option<()> {
        if self.peek() != b' ' {
            return None;
        }
        self.at += 1;
        Some(())
    }

    /// The end of the last field: whitespace or the end of the text.
    #[inline(always)]
    fn field_end(&self) -> Option<()> {
        (self.at >= self.len || is_space(self.peek())).then_some(())
    }

    /// number = "0" / %x31-39 *DIGIT   ; no sign, no leading zero, at most 4294967295
    ///
    /// The shared number rule (`gridnote_text::number`), spelled out for digits only.
    /// A `0` is the whole number: a digit after it is then not the end of the field,
    /// which the caller rejects.
    #[inline(always)]
    fn number(&mut self) -> Option<u32> {
        let first = self.peek().wrapping_sub(b'0');
        if first > 9 {
            return None;
        }
        self.at += 1;
        if first == 0 {
            return Some(0);
        }
        // At most nine more digits: ten digits never overflow a u64, and the value is
        // checked against u32 once, at the end.
        let last = self.at + 9;
        let mut value = u64::from(first);
        loop {
            let digit = self.peek().wrapping_sub(b'0');
            if digit > 9 {
                return u32::try_from(value).ok();
            }
            if self.at == last {
                return None;
            }
            value = value * 10 + u64::from(digit);
            self.at += 1;
        }
    }

    /// side = %s"a" / %s"d"    ; attackers (Player One), defenders (Player Two)
    #[inline(always)]
    fn side(&mut self) -> Option<Player> {
        let player = side_of(self.peek())?;
        self.at += 1;
        Some(player)
    }
}

/// tsn-fields = size SP defenders SP rows SP side SP ply SP since-capture
///
/// Returns the position and where the sixth field ends (at whitespace or the end).
#[inline(always)]
fn tsn_fields<B: Bytes>(bytes: &B, len: usize) -> Option<(Tsn, usize)> {
    let mut cursor = Cursor { bytes, len, at: 0 };
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
    cursor.at = rows(bytes, cursor.at, &mut board)?;
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
    Some((Tsn::from_checked(board, defenders, to_move, ply, since_capture), cursor.at))
}

/// The six fields of `text`, read from a [`Padded`] copy when it is short enough.
#[inline(always)]
fn read_fields(text: &[u8]) -> Option<(Tsn, usize)> {
    if text.len() <= PADDED {
        // The row loop loads a byte and the one after it from one index: 257 bytes.
        let mut padded = Padded::<257>::zeroed();
        padded.fill(text);
        tsn_fields(&padded, text.len())
    } else {
        tsn_fields(&InPlace(text), text.len())
    }
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

/// The width of a byte that is not a square-run (0 past the end of the text among
/// them): past the end of any row, so it ends [`rows`]' loop and the row is rejected.
const NOT_A_SQUARE: u16 = 0x100;

/// Added to the king's width: it ends [`rows`]' loop too, which then checks that this
/// is the first king and goes on. No other byte takes a column this far.
const KING: u16 = 0x200;

// A row's loop runs while the column is below the size, so the column ends below
// MAX_SIDE + 35 after a run, below MAX_SIDE + NOT_A_SQUARE after any other byte but
// `k`, and at KING + 1 to KING + MAX_SIDE after `k`.
const _: () =
    assert!(MAX_SIDE < NOT_A_SQUARE as usize && MAX_SIDE + NOT_A_SQUARE as usize <= KING as usize);

/// [`Square`] for every byte: one look-up per byte in [`rows`]' loop, whose only other
/// branch is the end of the row (and, for [`InPlace`] text, the end of the text).
const SQUARES: [Square; 256] = {
    let mut table = [Square { cell: Cell::Empty, width: NOT_A_SQUARE }; 256];
    let mut byte = 0;
    while byte < 256 {
        if let Some(cell) = piece_of(byte as u8) {
            let king = if matches!(cell, Cell::TwoKing) { KING } else { 0 };
            table[byte] = Square { cell, width: 1 + king };
        } else if let Some(n) = count_of(byte as u8) {
            table[byte].width = n as u16;
        }
        byte += 1;
    }
    table
};

/// rows = row *("/" row)    ; exactly size rows, from the bottom (rank 1) to the top
/// row = 1*square-run       ; the runs add up to exactly size squares
/// square-run = piece / empty-run
/// piece = %s"a" / %s"d" / %s"k"   ; at most one king in the rows
/// empty-run = %x31-39 / %x41-5A   ; "1"-"9" = 1-9, "A"-"Z" = 10-35 squares
///
/// Returns where the rows end (whatever follows them is checked by the caller). Each
/// byte is one look-up in [`SQUARES`]: its cell is written where the column is (the new
/// board is empty already, so an empty-run's squares need no writing) and the column
/// moves on by its width. A row ends where its squares do; the byte after it must be
/// `/` unless it is the last row.
#[inline(never)]
fn rows<B: Bytes>(bytes: &B, mut at: usize, board: &mut Board) -> Option<usize> {
    let size = board.cols();
    let mut king = false;
    // The text starts at the bottom row, the board at the top one.
    let mut rows = board.cells_mut().chunks_exact_mut(size).rev();
    let mut row = rows.next()?;
    loop {
        // A row has a first square (chunks are not empty): read before the loop, which
        // then needs no test for column 0 (fewer instructions, per `cargo xtask bench`).
        let square = SQUARES[usize::from(bytes.byte(at))];
        at += 1;
        *row.first_mut()? = square.cell;
        let mut col = usize::from(square.width);
        loop {
            // Every byte moves the column by at least one, so a byte that is not a
            // square-run (`/`, the end of the field or the text, anything else) before
            // the row is full ends the loop past the row. Two bytes a turn: the loop's
            // test is paid once for both.
            while col < row.len() {
                // Both bytes are loaded from one index (cheaper than an index each); the
                // second may be past the row (or the text), where it is not used.
                let (first, second) = bytes.pair(at);
                let square = SQUARES[usize::from(first)];
                row[col] = square.cell;
                col += usize::from(square.width);
                if col >= row.len() {
                    at += 1;
                    break;
                }
                let square = SQUARES[usize::from(second)];
                row[col] = square.cell;
                col += usize::from(square.width);
                at += 2;
            }
            if col == row.len() {
                break;
            }
            // Past the row. After a run too long or a byte that is not a square-run,
            // the row is rejected (`None`). After the first king, already written, the
            // row goes on one square past it.
            col = col.checked_sub(usize::from(KING))?;
            if king {
                return None;
            }
            king = true;
        }
        let Some(next) = rows.next() else { return Some(at) };
        if bytes.byte(at) != b'/' {
            return None;
        }
        at += 1;
        row = next;
    }
}

/// Reads `text` as TSN if it is plainly well formed (trailing whitespace, and fields after
/// the sixth behind one space, are ignored, as in the grammar); `None` for anything else.
#[inline]
pub(crate) fn read_tsn(text: &str) -> Option<Tsn> {
    let bytes = text.as_bytes();
    let (tsn, at) = read_fields(bytes)?;
    // After the sixth field: the end, ASCII whitespace to the end, or one space and a
    // further field (ignored). Anything else, non-ASCII included, is left to the grammar.
    match bytes.get(at..)? {
        [] => Some(tsn),
        [b' ', next, ..] if !is_space(*next) && next.is_ascii() => Some(tsn),
        rest if rest.iter().all(|&b| is_space(b)) => Some(tsn),
        _ => None,
    }
}

/// Reads `text` as TEN if it is plainly well formed (seven fields, then only ASCII
/// whitespace); `None` for anything else.
#[inline]
pub(crate) fn read_ten(text: &str) -> Option<Ten> {
    let bytes = text.as_bytes();
    let (tsn, at) = read_fields(bytes)?;
    // SP, then the field up to whitespace or the end: not empty, ASCII (non-ASCII could
    // be whitespace the grammar would stop at).
    let rest = bytes.get(at..)?.strip_prefix(b" ")?;
    let len = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
    let (field, after) = rest.split_at(len);
    if field.is_empty() || !field.is_ascii() || !after.iter().all(|&b| is_space(b)) {
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
    let identifier_ok =
        !identifier.is_empty() && identifier.bytes().all(|b| is_identifier_char(char::from(b)));
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

    use gridnote_board::{Cell, Player};

    use super::{read_ten, read_tsn};
    use crate::grammar;

    /// The one-pass reader agrees with the grammar wherever it answers.
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

    #[test]
    fn texts_around_the_length_of_the_padded_copy() {
        // 15 rows of 15 `1`s with a king last: 249 bytes with a one-digit ply, so plies of
        // 1 to 10 digits (1, 10, …, 1000000000) give texts of 250 to 259 bytes, read from the 256-byte copy up to
        // 254 bytes and in place beyond.
        let mut rows = vec!["111111111111111"; 15];
        rows[14] = "11111111111111k";
        let rows = rows.join("/");
        for digits in 1..=10 {
            let ply = format!("1{}", "0".repeat(digits - 1));
            let text = format!("15 4 {rows} a {ply} 0");
            assert_eq!(text.len(), 249 + digits, "{text}");
            let tsn = read_tsn(&text).expect("plainly well formed");
            assert_eq!(tsn.board().get(0, 14), Some(gridnote_board::Cell::TWO_KING));
            assert!(agrees(&text), "{text}");
            for tail in [" -", " id:1:x", " -\n", " - x", "\0", " \0"] {
                assert!(agrees(&format!("{text}{tail}")), "{text}{tail:?}");
            }
            // One square short, one too many, a byte cut off the end.
            assert_eq!(read_tsn(&text.replacen("111111111111111/", "11111111111111/", 1)), None);
            assert_eq!(read_tsn(&text.replacen("111111111111111/", "1111111111111111/", 1)), None);
            assert_eq!(read_tsn(&text[..text.len() - 2]), None);
        }
    }

    #[test]
    fn rows_that_end_at_the_end_of_the_text() {
        // The row loop loads a byte and the one after it together. Texts of 240 to 258
        // bytes made of a 16x16 board's rows alone (so the second byte is read past the
        // end, up to byte 255 of the copy, and in place beyond 254 bytes), with the last
        // row full, one square short (`kE`) or ending on the king one short (`Ek`).
        let row = |len: usize| match len {
            16 => "1".repeat(16),
            _ => format!("{}{}", "1".repeat(len - 1), char::from(b"0123456789ABCDEFG"[17 - len])),
        };
        for total in 240..=258 {
            // "16 4 ", then 15 rows and their `/`s, then the last row's two bytes.
            let mut left = total - 5 - 15 - 2;
            let mut rows = Vec::new();
            for _ in 0..15 {
                let len = (left - (14 - rows.len())).min(16);
                rows.push(row(len));
                left -= len;
            }
            assert_eq!(left, 0, "{total}");
            let head = format!("16 4 {}", rows.join("/"));
            let full = format!("{head}/Fk");
            assert_eq!(full.len(), total);
            assert_eq!(read_tsn(&full), None);
            assert!(agrees(&full), "{full}");
            let tsn = read_tsn(&format!("{full} d 7 3")).expect("plainly well formed");
            assert_eq!((tsn.to_move(), tsn.ply(), tsn.since_capture()), (Player::Two, 7, 3));
            let mut cells = vec![Cell::Empty; 256];
            cells[15] = Cell::TWO_KING;
            assert_eq!(tsn.board().cells(), cells.as_slice());
            for last in ["kE", "Ek"] {
                let short = format!("{head}/{last}");
                for text in [short.clone(), format!("{short} d 7 3")] {
                    assert_eq!(read_tsn(&text), None, "{text}");
                    assert!(agrees(&text), "{text}");
                }
            }
        }
    }

    #[test]
    fn zero_bytes_are_not_the_end_of_the_text() {
        for text in [
            "1 4 k a 1 0\0",
            "1 4 k a 1 0 \0",
            "1 4 k a 1 0 \0x",
            "1 4 k\0a 1 0",
            "1\0 4 k a 1 0",
            "\0",
            "3 4 3/1\0k/3 a 1 0",
            "3 4 3/3/3\0 a 1 0",
            "3 4 3/3/3 a\0 1 0",
            "1 4 k a 1 0 -\0",
            "1 4 k a 1 0 id:1:\0",
        ] {
            assert!(agrees(text), "{text:?}");
        }
        assert!(read_tsn("1 4 k a 1 0 \0x").is_some());
        assert!(read_tsn("1 4 k a 1 0\0").is_none());
    }

    /// Text made of TSN's own pieces, where the two paths could disagree.
    #[derive(Clone, Debug)]
    struct Near(String);

    impl Arbitrary for Near {
        fn arbitrary(g: &mut Gen) -> Near {
            const PIECES: [&str; 21] = [
                "a", "d", "k", "/", " ", " ", "1", "2", "3", "4", "0", "B", "Z", ":", "-", "\t",
                "x", "\u{a0}", "3 4 ", "1 4 ", "\0",
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
