//! The rows field of TSN and TEN, and the buffer the writer gathers its text in: the
//! pieces of a row are found a word of cells at a time, the empty squares between them
//! counted, not visited.

use gridnote_board::Cell;
use gridnote_text::sink::{AsciiWriter, Sink};

use crate::alphabet::{COUNTS, LETTERS, MAX_RUN};

/// An upper bound of the rows field's length, reserved at once: a row takes at most one
/// byte per square (a count character covers one square or more), and a `/` between rows.
pub(super) const fn rows_bound(size: usize) -> usize {
    size * size + size - 1
}

/// The writer's buffer: 256 bytes, indexed by the low byte of its length, so that a byte
/// is written without a bounds check. The room for what comes is made (by a flush) once
/// per row or field ([`AsciiWriter::room`]), never per byte.
pub(super) const BUFFER: usize = 256;

/// Canonical text gathered on the stack and given to the sink in pieces: the shared
/// buffered ASCII writer.
pub(super) type Text<'a, S> = AsciiWriter<'a, S, BUFFER>;

/// The rows field: the rows of the square board `cells` (side `size`) from the bottom
/// up, each followed by `/` but the last, which is followed by a space.
///
/// The pieces of a row are found eight cells at a time and gathered as the bits of a
/// word ([`piece_bits`]); the empty squares between them are counted, not visited.
#[inline(always)]
pub(super) fn rows<S: Sink + ?Sized>(w: &mut Text<'_, S>, cells: &[Cell], size: usize) {
    // Boards up to 15×15 write the whole field without a flush: room is made once.
    // Rows of at most 8 or 16 cells are looked at as one or two words.
    if size <= 8 {
        w.room(rows_bound(size) + 1);
        narrow_rows::<false, 8, S>(w, cells, size);
    } else if size <= 15 {
        w.room(rows_bound(size) + 1);
        narrow_rows::<false, 16, S>(w, cells, size);
    } else if size <= 64 {
        narrow_rows::<true, 64, S>(w, cells, size);
    } else {
        wide_rows(w, cells, size);
    }
}

/// [`rows`] for rows of at most `N` cells (8, 16 or 64), looked at `N` cells at a time
/// when the board has them ([`row_bits`]), written straight into the writer's buffer
/// with the length in a register. With `ROOM`, each row makes room for itself (at most
/// `size + 1` bytes), else the caller made room for all.
#[inline(always)]
fn narrow_rows<const ROOM: bool, const N: usize, S: Sink + ?Sized>(
    w: &mut Text<'_, S>,
    cells: &[Cell],
    size: usize,
) {
    // The bits of a row's cells.
    let keep = u64::MAX >> (64 - size);
    let mut len = *w.buffer().1;
    // A row's cells as bytes (their ranks); bytes past the row are never read, so it is
    // cleared once.
    let mut ranks = [0u8; 72];
    let mut end = cells.len();
    while let Some(start) = end.checked_sub(size) {
        if ROOM && size + 1 > BUFFER - len {
            *w.buffer().1 = len;
            w.room(size + 1);
            len = 0;
        }
        let buf = w.buffer().0;
        let found = row_bits::<N>(&cells[start..], size, &mut ranks) & keep;
        // The first empty square not yet written.
        let mut run = 0;
        len = pieces_text(buf, len, found, &ranks, 0, &mut run);
        if size > run {
            len = empty_text(buf, len, size - run);
        }
        buf[usize::from(len as u8)] = b'/';
        len += 1;
        end = start;
    }
    // The last row is followed by a space.
    let (buf, at) = w.buffer();
    buf[usize::from(len.wrapping_sub(1) as u8)] = b' ';
    *at = len;
}

/// [`rows`] for rows wider than 64 cells, 64 cells at a time.
#[inline(never)]
fn wide_rows<S: Sink + ?Sized>(w: &mut Text<'_, S>, cells: &[Cell], size: usize) {
    let mut ranks = [0u8; 72];
    let mut end = cells.len();
    while let Some(start) = end.checked_sub(size) {
        w.room(size + 1);
        let (buf, at) = w.buffer();
        let mut len = *at;
        let mut run = 0;
        let mut base = 0;
        while let Some(part) = cells.get(start + base..) {
            let n = (size - base).min(64);
            let found = row_bits::<64>(part, n, &mut ranks) & (u64::MAX >> (64 - n));
            len = pieces_text(buf, len, found, &ranks, base, &mut run);
            base += 64;
            if base >= size {
                break;
            }
        }
        if size > run {
            len = empty_text(buf, len, size - run);
        }
        buf[usize::from(len as u8)] = if start > 0 { b'/' } else { b' ' };
        *at = len + 1;
        end = start;
    }
}

/// `0x01` in every byte.
const ONES: u64 = u64::from_le_bytes([1; 8]);

/// Bit `i` set when byte `i` of `word` holds a piece (a cell of rank 2 to 13; not an
/// empty cell, 1, nor a void one or a byte past the end of the board, 0).
///
/// Adding `0x7E` to each byte sets its high bit exactly for those (no byte is above
/// `0x81`, so no carry crosses bytes); one multiplication then gathers the eight high
/// bits into the top byte, each in its place, with no two partial products meeting.
#[inline(always)]
const fn piece_bits(word: u64) -> u64 {
    let high = (word + 0x7E * ONES) & (0x80 * ONES);
    high.wrapping_mul(0x0002_0408_1020_4081) >> 56
}

const _: () = {
    // Every cell's rank, in every byte: a piece or not, as `Cell::is_piece` says.
    let mut cell = 0;
    while cell < Cell::COUNT {
        let rank = Cell::ALL[cell].rank();
        assert!(rank <= 0x81);
        let mut byte = 0;
        while byte < 8 {
            let bits = piece_bits((rank as u64) << (8 * byte));
            assert!(bits == (Cell::ALL[cell].is_piece() as u64) << byte);
            byte += 1;
        }
        cell += 1;
    }
    // Any set of pieces among eight cells is gathered exactly.
    let piece = Cell::OneMan.rank() as u64;
    let empty = Cell::Empty.rank() as u64;
    let mut bits = 0;
    while bits < 256 {
        let mut word = 0u64;
        let mut i = 0;
        while i < 8 {
            word |= (if (bits >> i) & 1 == 1 { piece } else { empty }) << (8 * i);
            i += 1;
        }
        assert!(piece_bits(word) == bits);
        bits += 1;
    }
};

/// The pieces of the row at the start of `cells` (`size` cells, at most `N`, a multiple
/// of 8 up to 64) as bits, bit `i` for cell `i` (bits past the row are not cleared), and
/// the row's cells as bytes (their ranks) in `ranks`. The first `N` cells are looked at
/// as words when the board has them (the compiler unrolls the loop), else eight cells at
/// a time.
#[inline(always)]
fn row_bits<const N: usize>(cells: &[Cell], size: usize, ranks: &mut [u8; 72]) -> u64 {
    let mut found = 0;
    if let Some(row) = cells.first_chunk::<N>() {
        for (i, eight) in row.chunks_exact(8).enumerate() {
            if 8 * i >= size {
                break;
            }
            let word = eight_cells(eight);
            found |= piece_bits(word) << (8 * i);
            if let Some(slot) = ranks.get_mut(8 * i..8 * i + 8) {
                slot.copy_from_slice(&word.to_le_bytes());
            }
        }
    } else {
        let mut i = 0;
        while i < size {
            let word = window(cells, i);
            found |= piece_bits(word) << i;
            if let Some(slot) = ranks.get_mut(i..i + 8) {
                slot.copy_from_slice(&word.to_le_bytes());
            }
            i += 8;
        }
    }
    found
}

/// Eight cells (`eight.len()` is 8) as the bytes of a word, the first in the low byte.
#[inline(always)]
fn eight_cells(eight: &[Cell]) -> u64 {
    u64::from_le_bytes(core::array::from_fn(|i| eight.get(i).map_or(0, |cell| cell.rank())))
}

/// The cells `at..at + 8` as the bytes of a word, the first in the low byte; zero bytes
/// for those past the end of the board.
#[inline(always)]
fn window(cells: &[Cell], at: usize) -> u64 {
    match cells.get(at..at + 8) {
        Some(chunk) => u64::from_le_bytes(core::array::from_fn(|i| chunk[i].rank())),
        None => last_window(cells, at),
    }
}

/// [`window`] near the end of the board.
#[cold]
#[inline(never)]
fn last_window(cells: &[Cell], at: usize) -> u64 {
    let mut bytes = [0; 8];
    for (byte, cell) in bytes.iter_mut().zip(cells.get(at..).unwrap_or_default()) {
        *byte = cell.rank();
    }
    u64::from_le_bytes(bytes)
}

/// Writes the pieces of up to 64 cells from column `base` of a row: bit `i` of `found`
/// for the piece on column `base + i`, whose rank is `ranks[i]`. Before each piece, the
/// empty squares since `run` (the first empty square not yet written) are written as a
/// count; `run` is moved past the piece. Returns the new length.
#[inline(always)]
fn pieces_text(
    buf: &mut [u8; BUFFER],
    mut len: usize,
    mut found: u64,
    ranks: &[u8; 72],
    base: usize,
    run: &mut usize,
) -> usize {
    while found != 0 {
        let i = found.trailing_zeros() as usize;
        let col = base + i;
        if col > *run {
            len = empty_text(buf, len, col - *run);
        }
        debug_assert!(len < BUFFER);
        buf[usize::from(len as u8)] = LETTERS[usize::from(ranks[i])];
        len += 1;
        *run = col + 1;
        found &= found - 1;
    }
    len
}

/// `n` (at least 1) empty squares: one count character up to 35.
#[inline(always)]
fn empty_text(buf: &mut [u8; BUFFER], len: usize, n: usize) -> usize {
    debug_assert!(len < BUFFER);
    if n > MAX_RUN {
        return long_empty_text(buf, len, n);
    }
    buf[usize::from(len as u8)] = COUNTS[n];
    len + 1
}

/// [`empty_text`] of more than 35 squares: `Z`s, then the remainder.
#[cold]
#[inline(never)]
fn long_empty_text(buf: &mut [u8; BUFFER], mut len: usize, mut n: usize) -> usize {
    while n > MAX_RUN {
        buf[usize::from(len as u8)] = b'Z';
        len += 1;
        n -= MAX_RUN;
    }
    buf[usize::from(len as u8)] = COUNTS[n];
    len + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Ten, Tsn};
    use gridnote_board::{Board, Player};
    use quickcheck::{Arbitrary, Gen};
    use quickcheck_macros::quickcheck;

    #[test]
    fn empty_runs_use_the_fewest_characters() {
        let cases = [
            (1, "1"),
            (9, "9"),
            (10, "A"),
            (35, "Z"),
            (36, "Z1"),
            (45, "ZA"),
            (70, "ZZ"),
            (71, "ZZ1"),
            (255, "ZZZZZZZA"),
        ];
        for (n, text) in cases {
            let mut buf = [0; BUFFER];
            let len = empty_text(&mut buf, 3, n);
            assert_eq!(&buf[3..len], text.as_bytes(), "{n} empty squares");
        }
    }

    /// The rows field written cell by cell, the plain way, which the writer's
    /// word-at-a-time rows must match.
    fn plain_rows(board: &Board) -> String {
        fn count(out: &mut String, mut n: u32) {
            while n > 35 {
                out.push('Z');
                n -= 35;
            }
            out.push(char::from_digit(n, 36).expect("a digit").to_ascii_uppercase());
        }
        let mut out = String::new();
        for (i, row) in board.iter_rows().rev().enumerate() {
            if i > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for &cell in row {
                let letter = match cell {
                    Cell::OneMan => 'a',
                    Cell::TwoMan => 'd',
                    Cell::TwoKing => 'k',
                    _ => {
                        empty += 1;
                        continue;
                    }
                };
                if empty > 0 {
                    count(&mut out, empty);
                    empty = 0;
                }
                out.push(letter);
            }
            if empty > 0 {
                count(&mut out, empty);
            }
        }
        out
    }

    /// The TSN text of `board` written by the writer, checked against [`plain_rows`].
    fn written_as_plain(board: Board) -> bool {
        let size = board.rows();
        let expected = format!("{size} 4 {} d 7 3", plain_rows(&board));
        let tsn = Tsn::new(board, 4, Player::Two, 7, 3).expect("a valid position");
        let ten = Ten::from_tsn(tsn.clone());
        tsn.to_string() == expected && ten.to_string() == format!("{expected} -")
    }

    /// Sides around the writer's word (8 cells), its two-word rows (16), its one-word
    /// masks (64) and the largest board.
    const SIDES: [usize; 20] =
        [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 66, 127, 128, 129, 255];

    #[test]
    fn a_piece_on_every_column_of_the_first_and_last_rows() {
        for size in SIDES {
            for col in 0..size {
                for row in [0, size - 1] {
                    let mut board = Board::new(size, size).unwrap();
                    board.set(row, col, Cell::TWO_KING).unwrap();
                    assert!(
                        written_as_plain(board),
                        "{size}x{size}, piece on row {row} column {col}"
                    );
                }
                // Two pieces: the run between them crosses words for distant columns.
                let mut board = Board::new(size, size).unwrap();
                board.set(size / 2, col, Cell::ONE).unwrap();
                board.set(size / 2, size - 1 - col, Cell::TWO).unwrap();
                assert!(
                    written_as_plain(board),
                    "{size}x{size}, pieces at {col} and {}",
                    size - 1 - col
                );
            }
        }
    }

    #[test]
    fn an_empty_square_on_every_column_of_full_rows() {
        for size in SIDES {
            for col in 0..size {
                let mut board = Board::filled(size, size, Cell::ONE).unwrap();
                for row in 0..size {
                    board.set(row, col, Cell::Empty).unwrap();
                    board.set(row, (col + row) % size, Cell::Empty).unwrap();
                }
                board.set(size - 1, size - 1, Cell::TWO_KING).unwrap();
                assert!(written_as_plain(board), "{size}x{size}, empty column {col}");
            }
        }
    }

    #[test]
    fn rows_of_exactly_one_and_two_words() {
        let cases = [
            "8 4 a6k/8/8/8/8/8/8/d6a a 1 0",
            "8 4 aaaaaaaa/dddddddd/8/4k3/8/8/8/aadd1dda d 3 1",
            "16 4 aEd/G/G/G/G/G/G/7k8/G/G/G/G/G/G/G/dEa a 1 0",
            "16 4 aaaaaaaadddddddd/G/8a7/7a8/G/G/G/G/G/G/G/G/G/G/G/1kDa d 9 2",
            "9 8 2d1a4/9/3a1a3/a3d3a/aa1dkddaa/a3d3a/2d6/4a4/3aaa3 a 9 1",
        ];
        for text in cases {
            assert_eq!(text.parse::<Tsn>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn the_largest_board_is_written_exactly() {
        let mut board = Board::new(255, 255).unwrap();
        for col in [0, 7, 8, 63, 64, 65, 127, 128, 200, 254] {
            board.set(254, col, Cell::ONE).unwrap();
        }
        board.set(0, 254, Cell::TWO_KING).unwrap();
        let tsn = Tsn::new(board.clone(), 4, Player::One, 1, 0).unwrap();
        let text = tsn.to_string();
        let rows: Vec<&str> = text.split(' ').nth(2).unwrap().split('/').collect();
        assert_eq!(rows.len(), 255);
        // Rank 1 (the board's last row) first: pieces on 0, 7, 8, 63, 64, 65, 127, 128,
        // 200 and 254; 54 empty squares are `ZJ`, 61 `ZQ`, 71 `ZZ1`, 53 `ZI`.
        assert_eq!(rows[0], "a6aaZJaaaZQaaZZ1aZIa");
        assert_eq!(rows[254], "ZZZZZZZ9k");
        assert!(rows[1..254].iter().all(|&row| row == "ZZZZZZZA"));
        assert!(written_as_plain(board));
    }

    /// A board of side 1 to 70 (past one word of 64 cells) with any density of pieces.
    #[derive(Clone, Debug)]
    struct AnyBoard(Board);

    impl Arbitrary for AnyBoard {
        fn arbitrary(g: &mut Gen) -> AnyBoard {
            use gridnote_board::arbitrary::{board_with, in_range};
            let size = in_range(g, 1, 70);
            let weight = in_range(g, 0, 6);
            let mut palette = vec![Cell::Empty; 3];
            palette.extend(std::iter::repeat_n(Cell::ONE, weight));
            palette.extend(std::iter::repeat_n(Cell::TWO, weight / 2));
            let mut board = board_with(g, size, size, &palette);
            if bool::arbitrary(g) {
                let at = in_range(g, 0, size * size - 1);
                board.cells_mut()[at] = Cell::TWO_KING;
            }
            AnyBoard(board)
        }
    }

    #[quickcheck]
    fn rows_are_written_as_the_plain_writer_does(board: AnyBoard) -> bool {
        written_as_plain(board.0)
    }

    #[test]
    fn the_rows_bound_holds() {
        for text in [
            "1 4 k a 1 0",
            "3 4 3/1k1/a2 a 1 0",
            "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0",
            "3 4 aaa/ddd/aka d 9 3",
        ] {
            let tsn: Tsn = text.parse().unwrap();
            let rows = tsn.to_string().split(' ').nth(2).map_or(0, str::len);
            assert!(rows <= rows_bound(tsn.board().rows()), "{text}");
            assert_eq!(tsn.to_string(), text);
        }
        // A full board reaches the bound.
        assert_eq!(rows_bound(3), "aaa/ddd/aka".len());
        let big = Tsn::new(Board::new(255, 255).unwrap(), 4, Player::One, 1, 0).unwrap();
        assert_eq!(big.to_string().len(), "255 4 ".len() + 255 * 8 + 254 + " a 1 0".len());
    }
}
