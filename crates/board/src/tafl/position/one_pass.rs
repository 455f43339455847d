//! The one-pass reader: one pass over a well-formed record, no error reporting.

use gridnote_text::bytes::{Bytes, InPlace, PADDED, Padded};

use super::super::cursor::MAX_SIZE;
use super::super::values::piece_of_letter;
use super::record::{EMPTY, INLINE, PositionRecord, Squares};

/// Whether a byte is a piece letter (`t k g m n c`, either case).
const IS_PIECE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = piece_of_letter(b as u8).is_some();
        b += 1;
    }
    table
};

/// The one-pass reader: one pass over a well-formed record, no error reporting. The first row
/// is read into the inline squares of a blank record (or a buffer on the stack when
/// wider): its width is the size (at most 255), known before a larger board is
/// allocated (one allocation); then each further row is read by [`row_one_pass`]. On
/// anything unexpected it answers `None` and the checked reader
/// ([`read_checked`](super::checked::read_checked)) reads the text again to name the
/// error; the tests and the fuzz target check that both agree.
///
/// A record of up to 254 bytes is read from a zeroed copy of 258 bytes ([`Padded`]),
/// where a byte (and the two after it) is one load with no bounds check; a longer one in
/// place ([`InPlace`]).
/// Either way a byte past the end reads as 0, which is neither a square nor `/`.
#[inline(always)]
pub(crate) fn read_one_pass(bytes: &[u8], inverted: bool) -> Option<PositionRecord> {
    let mut record = PositionRecord::blank();
    read_one_pass_into(bytes, inverted, &mut record).map(|()| record)
}

/// [`read_one_pass`] into `record`, a [`PositionRecord::blank`] one (left in any state on
/// `None`). The record is filled where it is rather than built and returned:
/// [`read`](super::read) then moves it once, where an `Option` of a record takes two
/// copies more.
#[inline(always)]
pub(super) fn read_one_pass_into(
    bytes: &[u8],
    inverted: bool,
    record: &mut PositionRecord,
) -> Option<()> {
    if bytes.len() <= PADDED {
        // Rows are read a pair of bytes at a time, with a third byte from the same index.
        let mut padded = Padded::<258>::zeroed();
        padded.fill(bytes);
        read_one_pass_in(&padded, bytes.len(), inverted, record)
    } else {
        read_one_pass_in(&InPlace(bytes), bytes.len(), inverted, record)
    }
}

/// [`read_one_pass`] over the `len` bytes of `bytes`, into `record` (empty inline squares).
#[inline(always)]
fn read_one_pass_in<B: Bytes>(
    bytes: &B,
    len: usize,
    inverted: bool,
    record: &mut PositionRecord,
) -> Option<()> {
    if bytes.byte(0) != b'/' {
        return None;
    }
    let Squares::Inline { size: stored, squares: inline } = &mut record.squares else {
        return None;
    };
    // The first row goes straight to the inline squares, where it stays when the board
    // fits there (rank 1 comes first, the text's first row when it is not inverted).
    if let Some((size, at)) = first_row(bytes, inline) {
        if size * size > INLINE {
            // A first row of more than 121 squares with no piece past the 121st (`/122/`)
            // is read again below.
            if let Some(first) = inline.get(..size) {
                record.squares = large(bytes, len, inverted, first, at)?;
                return Some(());
            }
        } else {
            if inverted && size > 1 {
                // The text's first row is the top rank, the record's last row.
                inline.copy_within(..size, (size - 1) * size);
                inline.get_mut(..size)?.fill(EMPTY);
            }
            *stored = size as u8;
            let at = rest_rows(bytes, at, inline.get_mut(..size * size)?, size, inverted)?;
            return (at == len).then_some(());
        }
    }
    // A first row wider than the inline squares (or no row at all).
    let mut first = [EMPTY; MAX_SIZE];
    let (size, at) = first_row(bytes, &mut first)?;
    record.squares = large(bytes, len, inverted, first.get(..size)?, at)?;
    Some(())
}

/// [`read_one_pass_in`] for a board larger than the inline squares, once its first row
/// (`first`, the size) is read and `at` is where the next row starts.
fn large<B: Bytes>(
    bytes: &B,
    len: usize,
    inverted: bool,
    first: &[u8],
    at: usize,
) -> Option<Squares> {
    let size = first.len();
    let mut squares = Squares::empty(size);
    let cells = squares.cells_mut();
    let start = if inverted { cells.len() - size } else { 0 };
    cells.get_mut(start..start + size)?.copy_from_slice(first);
    let at = rest_rows(bytes, at, cells, size, inverted)?;
    (at == len).then_some(squares)
}

/// Reads the rows after the first into `cells` (the first row in text order is already
/// there), from `at` on; returns where they end.
#[inline(always)]
fn rest_rows<B: Bytes>(
    bytes: &B,
    mut at: usize,
    cells: &mut [u8],
    size: usize,
    inverted: bool,
) -> Option<usize> {
    if inverted {
        let mut rows = cells.chunks_exact_mut(size).rev();
        rows.next()?;
        for row in rows {
            at = row_one_pass(bytes, at, row)?;
        }
    } else {
        let mut rows = cells.chunks_exact_mut(size);
        rows.next()?;
        for row in rows {
            at = row_one_pass(bytes, at, row)?;
        }
    }
    Some(at)
}

/// What a byte does in a row: the byte to store ([`EMPTY`] for empty squares) and how many
/// squares it covers. Bytes that cannot start a square (`/`, `0`, anything but pieces and
/// digits) cover more squares than any row has, which ends the row as too long.
///
/// Two loads a look-up (fewer instructions than one word holding both, which takes a
/// copy and a shift to split).
#[derive(Clone, Copy)]
struct Square {
    byte: u8,
    width: u16,
}

impl Square {
    const fn new(byte: u8, width: u32) -> Square {
        Square { byte, width: width as u16 }
    }

    #[inline(always)]
    fn byte(self) -> u8 {
        self.byte
    }

    #[inline(always)]
    fn width(self) -> usize {
        usize::from(self.width)
    }
}

const NOT_A_SQUARE: u32 = 0x1000;

const SQUARES: [Square; 256] = {
    let mut table = [Square::new(EMPTY, NOT_A_SQUARE); 256];
    let mut b = 0;
    while b < 256 {
        if IS_PIECE[b] {
            table[b] = Square::new(b as u8, 1);
        } else if b >= b'1' as usize && b <= b'9' as usize {
            table[b] = Square::new(EMPTY, (b - b'0' as usize) as u32);
        }
        b += 1;
    }
    table
};

/// The further digits of a count whose first digit gave `n` (`11`), with `at` moved
/// past them: how many squares they add to the `n` counted already (0 when there are
/// none); `None` for a count beyond 255.
#[inline(always)]
fn more_digits<B: Bytes>(bytes: &B, at: &mut usize, first: usize) -> Option<usize> {
    let mut n = first;
    loop {
        let digit = bytes.byte(*at).wrapping_sub(b'0');
        if digit > 9 {
            return Some(n - first);
        }
        n = n * 10 + usize::from(digit);
        if n > MAX_SIZE {
            return None;
        }
        *at += 1;
    }
}

/// One row and its closing `/`, read from `at` on into `cells`; returns where the next
/// row starts. `None` unless the squares add up to exactly `cells.len()` and a `/`
/// follows.
///
/// Each byte is one table look-up: its square is stored and the column moves on by its
/// width. Two bytes a turn, loaded from one index: the loop's test is paid once for
/// both, and a count's next byte is mostly at hand already, to see that no further digit
/// follows, and so is the closing `/` of a row that ends at the first byte of a turn (no
/// second load); a count of more digits is read out of line ([`long_count`]), which
/// keeps the loop's registers free (inline, the loop takes a copy and a jump more a
/// turn).
#[inline(always)]
fn row_one_pass<B: Bytes>(bytes: &B, mut at: usize, cells: &mut [u8]) -> Option<usize> {
    let size = cells.len();
    let mut col = 0;
    while col < size {
        // The second byte may be past the row (or the text), where it is not used.
        let (first, second) = bytes.pair(at);
        let square = SQUARES[usize::from(first)];
        cells[col] = square.byte();
        col += square.width();
        if square.byte() == EMPTY && second.wrapping_sub(b'0') <= 9 {
            (col, at) = long_count(bytes, at + 1, col, square.width())?;
            continue;
        }
        if col >= size {
            // The row ends at the first byte: the second, at hand, must be its `/`.
            return (col == size && second == b'/').then_some(at + 2);
        }
        let square = SQUARES[usize::from(second)];
        cells[col] = square.byte();
        col += square.width();
        if square.byte() == EMPTY && bytes.third(at).wrapping_sub(b'0') <= 9 {
            (col, at) = long_count(bytes, at + 2, col, square.width())?;
            continue;
        }
        at += 2;
    }
    (col == size && bytes.byte(at) == b'/').then_some(at + 1)
}

/// A count of more than one digit whose first digit (`first`) is counted in `col`
/// already and whose second is at `at`: the column after the count and the place after
/// it; `None` for a count beyond 255, and after a byte that is no square (whose `first`
/// is [`NOT_A_SQUARE`]: `0`, `/`, anything else) and a digit.
#[cold]
#[inline(never)]
fn long_count<B: Bytes>(
    bytes: &B,
    mut at: usize,
    col: usize,
    first: usize,
) -> Option<(usize, usize)> {
    let more = more_digits(bytes, &mut at, first)?;
    Some((col + more, at))
}

/// The first row and its `/` (the text's first `/` skipped), written into `cells`: its
/// width (1 to 255) and where the next row starts; `None` also for a row wider than
/// `cells`. Two bytes a turn, as in [`row_one_pass`], inlined (out of line the call costs
/// more than the two bytes save).
#[inline(always)]
fn first_row<B: Bytes>(bytes: &B, cells: &mut [u8]) -> Option<(usize, usize)> {
    let mut col = 0;
    let mut at = 1;
    // Two bytes a turn, as in `row_one_pass`. A byte that is no square moves the column past
    // any row: the next store fails, or the width.
    loop {
        let (first, second) = bytes.pair(at);
        if first == b'/' {
            at += 1;
            break;
        }
        let square = SQUARES[usize::from(first)];
        *cells.get_mut(col)? = square.byte();
        col += square.width();
        if square.byte() == EMPTY && second.wrapping_sub(b'0') <= 9 {
            (col, at) = long_count(bytes, at + 1, col, square.width())?;
            continue;
        }
        if second == b'/' {
            at += 2;
            break;
        }
        let square = SQUARES[usize::from(second)];
        *cells.get_mut(col)? = square.byte();
        col += square.width();
        if square.byte() == EMPTY && bytes.third(at).wrapping_sub(b'0') <= 9 {
            (col, at) = long_count(bytes, at + 2, col, square.width())?;
            continue;
        }
        at += 2;
    }
    (1..=MAX_SIZE).contains(&col).then_some((col, at))
}
