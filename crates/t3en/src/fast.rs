//! The fast path of the reader: one pass over the bytes of plainly well-formed T3EN, with
//! no error reporting at all.
//!
//! [`parse`] accepts a subset of what the grammar ([`crate::grammar`]) accepts and gives
//! the same result for it; on anything else (any error, and the rare well-formed texts it
//! does not bother with) it answers `None` and the caller reads the text with the grammar,
//! which then also names the error. The grammar stays the definition of T3EN; the tests
//! below (and the fuzz target of `fuzz/`) check that the two agree.
//!
//! Sizes are bounded as in the grammar: a count over 255 or a row longer than the first
//! gives `None` before any cell of it is stored, so the cells never exceed 255 × 255.

use gridnote_board::{Board, Cell, MAX_SIDE, Position};

use crate::alphabet::{CELL_OF, side_of};

/// Reads `text` as T3EN if it is plainly well formed: the position and whether every run
/// was canonical. `None` for anything else, and in strict mode for non-canonical runs.
///
/// The first row gives the side; the board is made once at its final size, all empty
/// (in place, without allocating, up to 4×4), and every run of another kind is written
/// into place.
#[inline(always)]
pub(crate) fn parse(text: &str, strict: bool) -> Option<(Position, bool)> {
    parse_tracking::<true>(text, strict)
}

/// [`parse`] without telling canonical runs from others (`FromStr` reads leniently and
/// throws that away): the position, and `true`.
#[inline(always)]
pub(crate) fn parse_lenient(text: &str) -> Option<Position> {
    parse_tracking::<false>(text, false).map(|(position, _)| position)
}

/// [`parse`], tracking whether the runs are canonical only when `TRACK` is set (when it
/// is not, the answer is `true` and `strict` must be false).
#[inline(always)]
fn parse_tracking<const TRACK: bool>(text: &str, strict: bool) -> Option<(Position, bool)> {
    let bytes = text.as_bytes();
    let side = first_row_len(bytes)?;
    let mut board = Board::new(side, side).ok()?;
    let (i, canonical) = rows::<TRACK>(bytes, side, board.cells_mut())?;
    if strict && !canonical {
        return None;
    }
    // t3en = rows SP side ; side = "x" / "o", and nothing after it
    let to_move = match bytes.get(i..)? {
        [byte] => side_of(*byte)?,
        _ => return None,
    };
    Some((Position::new(board, to_move), canonical))
}

/// `rows = row *("/" row)` with exactly `side` rows of `side` cells, and the space after
/// them: the index after that space and whether every run was canonical. The cells start
/// empty.
fn rows<const TRACK: bool>(bytes: &[u8], side: usize, cells: &mut [Cell]) -> Option<(usize, bool)> {
    let mut canonical = true;
    let mut i = 0;
    // Row by row, by offset (chunking the cells would divide by the side).
    let mut start = 0;
    while start < cells.len() {
        if start > 0 {
            // "/" between rows
            if *bytes.get(i)? != b'/' {
                return None;
            }
            i += 1;
        }
        let (next, row_canonical) =
            row_runs::<TRACK>(bytes, i, cells.get_mut(start..start + side)?)?;
        i = next;
        canonical &= row_canonical;
        start += side;
    }
    // SP after the last row
    if *bytes.get(i)? != b' ' {
        return None;
    }
    Some((i + 1, canonical))
}

/// `row = 1*run` filling `row` exactly, from byte `i`: the index after the row and
/// whether its runs were canonical (no count of 1, no two runs of one kind in a row).
/// Only with `TRACK` are the runs checked for being canonical (else the answer is `true`).
fn row_runs<const TRACK: bool>(
    bytes: &[u8],
    mut i: usize,
    row: &mut [Cell],
) -> Option<(usize, bool)> {
    let mut canonical = true;
    // The character of the previous run (0 before the first).
    let mut last = 0u8;
    let mut at = 0;
    while at < row.len() {
        // run = [count] cell ; count = %x31-39 *DIGIT
        let mut byte = *bytes.get(i)?;
        let mut count = 1;
        let cell = match CELL_OF[usize::from(byte)] {
            Some(cell) => cell,
            None => {
                if byte.wrapping_sub(b'1') >= 9 {
                    return None;
                }
                let (n, next) = run_count(bytes, i + 1, byte)?;
                byte = *bytes.get(next)?;
                // A count of 1 is written only in non-canonical text.
                if TRACK {
                    canonical &= n != 1;
                }
                count = n;
                i = next;
                CELL_OF[usize::from(byte)]?
            }
        };
        i += 1;
        // Two runs of one kind in a row are one run, written in two parts.
        if TRACK {
            canonical &= byte != last;
            last = byte;
        }
        let end = at + count;
        // A row longer than the first: `None` before any cell of the run is stored.
        if end > row.len() {
            return None;
        }
        // Most runs are one cell; writing an empty cell again is harmless and saves a
        // branch. Longer empty runs are skipped: the cells start empty.
        if count == 1 {
            row[at] = cell;
        } else if cell != Cell::Empty {
            row[at..end].fill(cell);
        }
        at = end;
    }
    Some((i, canonical))
}

/// The count whose first digit `first` was at `i - 1`: its value (1 to 255) and the index
/// after its last digit.
fn run_count(bytes: &[u8], mut i: usize, first: u8) -> Option<(usize, usize)> {
    let mut count = usize::from(first - b'0');
    while let Some(&digit @ b'0'..=b'9') = bytes.get(i) {
        count = count * 10 + usize::from(digit - b'0');
        if count > MAX_SIDE {
            return None;
        }
        i += 1;
    }
    Some((count, i))
}

/// The number of cells of the first row (1 to 255), read up to its `/` or space; `None`
/// if it is not plainly a row.
fn first_row_len(bytes: &[u8]) -> Option<usize> {
    let mut len = 0usize;
    let mut i = 0;
    loop {
        let &byte = bytes.get(i)?;
        i += 1;
        if CELL_OF[usize::from(byte)].is_some() {
            len += 1;
        } else if byte.wrapping_sub(b'1') < 9 {
            let (count, next) = run_count(bytes, i, byte)?;
            // The count must be followed by a cell.
            CELL_OF[usize::from(*bytes.get(next)?)]?;
            i = next + 1;
            len += count;
        } else if (byte == b'/' || byte == b' ') && len > 0 {
            return Some(len);
        } else {
            return None;
        }
        if len > MAX_SIDE {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use quickcheck::{Arbitrary, Gen};
    use quickcheck_macros::quickcheck;

    use super::{parse, parse_lenient};
    use crate::grammar;

    /// The fast path agrees with the grammar wherever it answers, in both modes.
    /// ... and the lenient reader that does not track canonical runs reads exactly what
    /// the tracking one reads leniently, to the same position.
    fn agrees(text: &str) -> bool {
        let lenient = parse_lenient(text) == parse(text, false).map(|(position, _)| position);
        lenient
            && [false, true].into_iter().all(|strict| match parse(text, strict) {
                Some(fast) => grammar::parse(text, strict).as_ref() == Ok(&fast),
                None => true,
            })
    }

    #[test]
    fn reads_the_plain_texts_and_leaves_the_rest_to_the_grammar() {
        for text in [
            "2_o/_x_/3_ x",
            "_ox/2_o/_2x o",
            "x o",
            "255_/255_ x",
            "3x/o_o/3_ o",
            "1_1_o/_x_/___ x",
            ".3_./5_/.3_./5_/.3_. o",
        ] {
            assert_eq!(parse(text, false).is_some(), text != "255_/255_ x", "{text}");
            assert!(agrees(text), "{text}");
        }
        assert_eq!(parse("1_1_o/_x_/___ x", false).map(|(_, c)| c), Some(false));
        assert_eq!(parse("1_1_o/_x_/___ x", true), None);
        for bad in [
            "",
            " x",
            "3_/3_/3_",
            "3_/3_/3_ ",
            "3_/3_/3_ xx",
            "3_/3_/3_  x",
            "3_/4_/3_ x",
            "3_/3_ x",
            "3_/3_/3_/3_ x",
            "3_//3_ x",
            "0_ x",
            "03_ x",
            "256_ x",
            "3_/3_/3X x",
            "3_/3_/3_ X",
            "3_/3_/3_x",
            "3/3_/3_ x",
            "3_/3_/3_ x\n",
        ] {
            assert_eq!(parse(bad, false), None, "{bad:?}");
            assert!(agrees(bad), "{bad:?}");
        }
    }

    /// Text made of T3EN's own characters, where the two paths could disagree.
    #[derive(Clone, Debug)]
    struct Near(String);

    impl Arbitrary for Near {
        fn arbitrary(g: &mut Gen) -> Near {
            const PIECES: [&str; 12] = ["_", ".", "x", "o", "/", " ", "1", "2", "3", "9", "0", "X"];
            let len = usize::arbitrary(g) % 24;
            Near((0..len).map(|_| *g.choose(&PIECES).expect("not empty")).collect())
        }
    }

    #[quickcheck]
    fn agrees_on_near_t3en_text(text: Near) -> bool {
        agrees(&text.0)
    }

    #[quickcheck]
    fn agrees_on_any_text(text: String) -> bool {
        agrees(&text)
    }

    /// A square position of side 1 to 20, any T3EN cells.
    #[derive(Clone, Debug)]
    struct Square(gridnote_board::Position);

    impl Arbitrary for Square {
        fn arbitrary(g: &mut Gen) -> Square {
            use gridnote_board::arbitrary::{board_with, in_range};
            use gridnote_board::{Cell, Player, Position};
            let side = in_range(g, 1, 20);
            let cells = [Cell::Void, Cell::Empty, Cell::ONE, Cell::TWO];
            Square(Position::new(board_with(g, side, side, &cells), Player::arbitrary(g)))
        }
    }

    #[quickcheck]
    fn reads_every_canonical_text(square: Square) -> bool {
        let t3en = crate::T3en::new(square.0.clone()).expect("square, no kings");
        parse(&t3en.to_string(), true) == Some((square.0, true))
    }
}
