//! Position records: `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`, rank 1 first.

use core::fmt::{self, Write as _};
use core::str::FromStr;

use gridnote_board::{Board, Cell, Piece, Player};

use crate::cursor::{Cursor, MAX_SIZE};
use crate::error::{ModelError, ParseError};
use crate::piece::{Kind, OtnPiece, Side, Space};

/// A position record: a square board of OTN pieces.
///
/// The first row of the text is rank 1 (`a1` first), as in TSN; the inverted form used
/// by `starti:` lists the rows from the top. `Display` writes the canonical text (empty
/// counts merged, decimal, no zero); [`PositionRecord::inverted`] writes the inverted
/// form.
///
/// ```
/// use gridnote_otn::{Kind, OtnPiece, PositionRecord, Side, Space};
/// let brandub: PositionRecord = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".parse()?;
/// assert_eq!(brandub.size(), 7);
/// assert_eq!(brandub.get(Space::new(3, 3)), Some(OtnPiece::new(Side::Defenders, Kind::King)));
/// assert_eq!(brandub.to_string(), "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
/// assert_eq!(brandub.count(Side::Attackers), 8);
/// # Ok::<(), gridnote_otn::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PositionRecord {
    size: u8,
    /// Rank 1 first, files left to right: 0 for an empty square, else the piece's OTN
    /// symbol (one byte a square, so that reading writes the text's bytes as they come).
    squares: Vec<u8>,
}

impl PositionRecord {
    /// An empty `size`×`size` board (1 to 255), or `None` beyond that.
    ///
    /// ```
    /// use gridnote_otn::PositionRecord;
    /// assert_eq!(PositionRecord::empty(3).unwrap().to_string(), "/3/3/3/");
    /// assert!(PositionRecord::empty(0).is_none());
    /// ```
    #[must_use]
    pub fn empty(size: usize) -> Option<PositionRecord> {
        if size == 0 || size > MAX_SIZE {
            return None;
        }
        Some(PositionRecord { size: size as u8, squares: vec![0; size * size] })
    }

    /// The length of a side.
    ///
    /// ```
    /// assert_eq!("/1/".parse::<gridnote_otn::PositionRecord>().unwrap().size(), 1);
    /// ```
    #[must_use]
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    fn index(&self, space: Space) -> Option<usize> {
        space
            .is_on(self.size)
            .then(|| usize::from(space.rank) * self.size() + usize::from(space.file))
    }

    /// The piece on `space` (`None` when empty or off the board).
    ///
    /// ```
    /// use gridnote_otn::{PositionRecord, Space};
    /// let p: PositionRecord = "/t2/3/3/".parse()?;
    /// assert_eq!(p.get(Space::new(0, 0)).map(|x| x.symbol()), Some('t'));
    /// assert_eq!(p.get(Space::new(0, 2)), None);
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn get(&self, space: Space) -> Option<OtnPiece> {
        self.index(space).and_then(|i| OtnPiece::from_symbol(self.squares[i]))
    }

    /// Puts `piece` (or nothing) on `space`; returns what was there, or `None` when the
    /// space is off the board (nothing changes then).
    ///
    /// ```
    /// use gridnote_otn::{Kind, OtnPiece, PositionRecord, Side, Space};
    /// let mut p = PositionRecord::empty(3).unwrap();
    /// p.set(Space::new(1, 1), Some(OtnPiece::new(Side::Defenders, Kind::King)));
    /// assert_eq!(p.to_string(), "/3/1K1/3/");
    /// assert_eq!(p.set(Space::new(5, 5), None), None);
    /// ```
    pub fn set(&mut self, space: Space, piece: Option<OtnPiece>) -> Option<Option<OtnPiece>> {
        let i = self.index(space)?;
        let old = core::mem::replace(&mut self.squares[i], piece.map_or(0, OtnPiece::byte));
        Some(OtnPiece::from_symbol(old))
    }

    /// Every square with its piece, rank 1 first, files left to right.
    ///
    /// ```
    /// let p: gridnote_otn::PositionRecord = "/K/".parse()?;
    /// assert_eq!(p.squares().count(), 1);
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    pub fn squares(&self) -> impl Iterator<Item = (Space, Option<OtnPiece>)> + '_ {
        let size = self.size();
        self.squares.iter().enumerate().map(move |(i, &p)| {
            (Space::new((i % size) as u8, (i / size) as u8), OtnPiece::from_symbol(p))
        })
    }

    /// How many pieces `side` has.
    ///
    /// ```
    /// let p: gridnote_otn::PositionRecord = "/tT1/3/1K1/".parse()?;
    /// assert_eq!(p.count(gridnote_otn::Side::Defenders), 2);
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn count(&self, side: Side) -> usize {
        self.squares
            .iter()
            .filter_map(|&b| OtnPiece::from_symbol(b))
            .filter(|p| p.side == side)
            .count()
    }

    /// Reads the inverted form (the value of `starti:`): rows from the top.
    ///
    /// # Errors
    /// [`ParseError`] naming the row and what was expected.
    ///
    /// ```
    /// use gridnote_otn::PositionRecord;
    /// let p = PositionRecord::parse_inverted("/K2/3/3/")?;
    /// assert_eq!(p.to_string(), "/3/3/K2/");
    /// assert_eq!(p.inverted().to_string(), "/K2/3/3/");
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    pub fn parse_inverted(text: &str) -> Result<PositionRecord, ParseError> {
        read(text, 0, true, "the position")
    }

    /// The inverted form (rows from the top), for `starti:`.
    ///
    /// ```
    /// let p: gridnote_otn::PositionRecord = "/t2/3/3/".parse()?;
    /// assert_eq!(p.inverted().to_string(), "/3/3/t2/");
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn inverted(&self) -> Inverted<'_> {
        Inverted(self)
    }

    fn write_rows(&self, f: &mut fmt::Formatter<'_>, top_first: bool) -> fmt::Result {
        f.write_char('/')?;
        let size = self.size();
        for r in 0..size {
            let rank = if top_first { size - 1 - r } else { r };
            let row = &self.squares[rank * size..(rank + 1) * size];
            let mut empty = 0usize;
            for &square in row {
                if square == 0 {
                    empty += 1;
                } else {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    f.write_char(char::from(square))?;
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            f.write_char('/')?;
        }
        Ok(())
    }
}

/// The inverted form of a position record (rows from the top), as `starti:` holds it.
///
/// ```
/// let p: gridnote_otn::PositionRecord = "/1/".parse()?;
/// assert_eq!(p.inverted().to_string(), "/1/");
/// # Ok::<(), gridnote_otn::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Inverted<'p>(&'p PositionRecord);

impl fmt::Display for Inverted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_rows(f, true)
    }
}

impl fmt::Display for PositionRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_rows(f, false)
    }
}

impl fmt::Debug for PositionRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PositionRecord({self})")
    }
}

impl FromStr for PositionRecord {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<PositionRecord, ParseError> {
        read(text, 0, false, "the position")
    }
}

fn row_name(index: usize, inverted: bool, field: &str) -> String {
    if inverted {
        format!("row {} from the top of {field}", index + 1)
    } else {
        format!("rank {} of {field}", index + 1)
    }
}

/// position = "/" 1*(row "/")
/// row      = 1*(count / piece)      ; squares of a row add up to the board size
/// count    = %x31-39 *DIGIT         ; empty squares, decimal, no leading zero
/// piece    = "t" / "k" / "g" / "m" / "n" / "c" / "T" / "K" / "G" / "M" / "N" / "C"
///
/// One pass over the bytes. The first row's width is the board size (at most 255); the
/// board is allocated once that is known, and never grows beyond size × size.
#[inline]
pub(crate) fn read(
    text: &str,
    base: usize,
    inverted: bool,
    field: &'static str,
) -> Result<PositionRecord, ParseError> {
    match read_fast(text.as_bytes(), inverted) {
        Some(record) => Ok(record),
        None => read_checked(text, base, inverted, field),
    }
}

/// Whether a byte is a piece symbol (`t k g m n c`, either case).
const IS_PIECE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = OtnPiece::from_symbol(b as u8).is_some();
        b += 1;
    }
    table
};

/// The fast path: one pass over a well-formed record, no error reporting. The first row
/// is read into a buffer on the stack: its width is the size (at most 255), known before
/// the board is allocated (one allocation); then each further row is read by
/// [`row_fast`]. On anything unexpected it answers `None` and [`read_checked`] reads the
/// text again to name the error; the tests and the fuzz target check that both agree.
fn read_fast(bytes: &[u8], inverted: bool) -> Option<PositionRecord> {
    let (&b'/', body) = bytes.split_first()? else { return None };
    let mut first = [0u8; MAX_SIZE];
    let (size, mut at) = first_row(body, &mut first)?;
    // Not `vec![0; n]`: that asks the allocator for zeroed memory (glibc's calloc), which
    // skips its per-thread cache and costs more than clearing a few hundred bytes here.
    #[allow(clippy::slow_vector_initialization)] // measured: faster here, see above
    let mut squares = {
        let mut squares = Vec::with_capacity(size * size);
        squares.resize(size * size, 0u8);
        squares
    };
    if inverted {
        let mut rows = squares.chunks_exact_mut(size).rev();
        rows.next()?.copy_from_slice(&first[..size]);
        for row in rows {
            at = row_fast(body, at, row)?;
        }
    } else {
        let mut rows = squares.chunks_exact_mut(size);
        rows.next()?.copy_from_slice(&first[..size]);
        for row in rows {
            at = row_fast(body, at, row)?;
        }
    }
    (at == body.len()).then_some(PositionRecord { size: size as u8, squares })
}

/// What a byte does in a row: the byte to store (0 for empty squares) and how many
/// squares it covers. Bytes that cannot start a square (`/`, `0`, anything but pieces and
/// digits) cover more squares than any row has, which ends the row as too long.
///
/// Packed in one word (the byte in the low 8 bits, the width above), so that a look-up
/// is one load: measured, one instruction a byte fewer than a two-field struct.
#[derive(Clone, Copy)]
struct Square(u32);

impl Square {
    const fn new(byte: u8, width: u32) -> Square {
        Square(byte as u32 | width << 8)
    }

    #[inline(always)]
    fn byte(self) -> u8 {
        self.0 as u8
    }

    #[inline(always)]
    fn width(self) -> usize {
        (self.0 >> 8) as usize
    }
}

const NOT_A_SQUARE: u32 = 0x1000;

const SQUARES: [Square; 256] = {
    let mut table = [Square::new(0, NOT_A_SQUARE); 256];
    let mut b = 0;
    while b < 256 {
        if IS_PIECE[b] {
            table[b] = Square::new(b as u8, 1);
        } else if b >= b'1' as usize && b <= b'9' as usize {
            table[b] = Square::new(0, (b - b'0' as usize) as u32);
        }
        b += 1;
    }
    table
};

/// The further digits of a count whose first digit gave `n` (`11`): the count, with
/// `read` moved past them; `None` beyond 255.
#[inline(always)]
fn more_digits(text: &[u8], read: &mut usize, mut n: usize) -> Option<usize> {
    while let Some(&d @ b'0'..=b'9') = text.get(*read) {
        n = n * 10 + usize::from(d - b'0');
        if n > MAX_SIZE {
            return None;
        }
        *read += 1;
    }
    Some(n)
}

/// One row and its closing `/`, read from `text[at..]` into `cells`; returns where the
/// next row starts. `None` unless the squares add up to exactly `cells.len()` and a `/`
/// follows.
///
/// Each byte is one table look-up: its square is stored and the column moves on by its
/// width; only a count looks for further digits.
#[inline(always)]
fn row_fast(text: &[u8], mut at: usize, cells: &mut [u8]) -> Option<usize> {
    let size = cells.len();
    let mut col = 0;
    while col < size {
        let square = SQUARES[usize::from(*text.get(at)?)];
        at += 1;
        cells[col] = square.byte();
        if square.byte() == 0 {
            // A count (or a byte that is no square: the row is already past its end).
            col += more_digits(text, &mut at, square.width())?;
        } else {
            col += 1;
        }
    }
    (col == size && text.get(at) == Some(&b'/')).then_some(at + 1)
}

/// The first row and its `/`, written into `cells`: its width (1 to 255) and the bytes
/// read.
fn first_row(text: &[u8], cells: &mut [u8; MAX_SIZE]) -> Option<(usize, usize)> {
    let mut col = 0;
    let mut read = 0;
    loop {
        let b = *text.get(read)?;
        read += 1;
        if b == b'/' {
            return (1..=MAX_SIZE).contains(&col).then_some((col, read));
        }
        let square = SQUARES[usize::from(b)];
        *cells.get_mut(col)? = square.byte();
        if square.byte() == 0 {
            col += more_digits(text, &mut read, square.width())?;
        } else {
            col += 1;
        }
    }
}

/// The checked reader: the same grammar, every error named with its span.
#[cold]
#[inline(never)]
fn read_checked(
    text: &str,
    base: usize,
    inverted: bool,
    field: &'static str,
) -> Result<PositionRecord, ParseError> {
    let cur = Cursor::new(text, base);
    let bytes = text.as_bytes();
    if bytes.first() != Some(&b'/') {
        return Err(cur.expected(field, "`/` to open the position record"));
    }
    let mut at = 1;
    let mut squares: Vec<u8> = Vec::new();
    let mut width = 0usize;
    let mut rows = 0usize;
    loop {
        // row: count / piece until "/"
        let row_start = at;
        let mut filled = 0usize;
        loop {
            let Some(&b) = bytes.get(at) else {
                let c = Cursor { at, ..Cursor::new(text, base) };
                return Err(c.expected(row_name(rows, inverted, field), "`/` to close the row"));
            };
            match b {
                b'/' => break,
                b'1'..=b'9' => {
                    let mut n = usize::from(b - b'0');
                    at += 1;
                    while let Some(&d @ b'0'..=b'9') = bytes.get(at) {
                        n = (n * 10 + usize::from(d - b'0')).min(1 << 20);
                        at += 1;
                    }
                    filled += n;
                    if filled > MAX_SIZE || (rows > 0 && filled > width) {
                        return Err(too_wide(
                            &cur, row_start, at, rows, filled, width, inverted, field,
                        ));
                    }
                    squares.resize(squares.len() + n, 0);
                }
                _ => {
                    let Some(_) = OtnPiece::from_symbol(b) else {
                        let c = Cursor { at, ..Cursor::new(text, base) };
                        let expected = if b == b'0' {
                            "an empty count from 1 without leading zero"
                        } else {
                            "a taflman symbol (t k g m n c, uppercase for the defenders), an empty count or `/`"
                        };
                        return Err(c.expected(row_name(rows, inverted, field), expected));
                    };
                    filled += 1;
                    at += 1;
                    if filled > MAX_SIZE || (rows > 0 && filled > width) {
                        return Err(too_wide(
                            &cur, row_start, at, rows, filled, width, inverted, field,
                        ));
                    }
                    squares.push(b);
                }
            }
        }
        if filled == 0 {
            let c = Cursor { at, ..Cursor::new(text, base) };
            return Err(c.expected(
                row_name(rows, inverted, field),
                "a taflman symbol or an empty count (a row holds at least one square)",
            ));
        }
        if rows == 0 {
            width = filled;
            squares.reserve_exact(width * width - squares.len());
        } else if filled != width {
            return Err(ParseError::RowWidth {
                span: cur.span(row_start, at),
                row: row_name(rows, inverted, field),
                squares: filled,
                expected: width,
            });
        }
        rows += 1;
        at += 1; // the "/"
        if at >= bytes.len() {
            break;
        }
        if rows == width {
            let c = Cursor { at, ..Cursor::new(text, base) };
            let more = bytes[at..].iter().filter(|&&b| b == b'/').count();
            if more == 0 {
                return Err(c.expected_at(
                    at,
                    bytes.len(),
                    field,
                    "the end of the position record after its last `/`",
                ));
            }
            return Err(ParseError::RowCount {
                span: c.span(0, bytes.len()),
                field,
                rows: rows + more,
                expected: width,
            });
        }
    }
    if rows != width {
        return Err(ParseError::RowCount {
            span: cur.span(0, bytes.len()),
            field,
            rows,
            expected: width,
        });
    }
    let mut record = PositionRecord { size: width as u8, squares };
    if inverted {
        let size = record.size();
        for r in 0..size / 2 {
            let (low, high) = record.squares.split_at_mut((size - 1 - r) * size);
            low[r * size..(r + 1) * size].swap_with_slice(&mut high[..size]);
        }
    }
    Ok(record)
}

#[allow(clippy::too_many_arguments)]
fn too_wide(
    cur: &Cursor<'_>,
    row_start: usize,
    at: usize,
    rows: usize,
    filled: usize,
    width: usize,
    inverted: bool,
    field: &str,
) -> ParseError {
    if rows == 0 {
        ParseError::TooLarge {
            span: cur.span(row_start, at),
            field: format!("the width of {}", row_name(rows, inverted, field)),
            value: filled as u64,
            limit: MAX_SIZE as u64,
        }
    } else {
        ParseError::RowWidth {
            span: cur.span(row_start, at),
            row: row_name(rows, inverted, field),
            squares: filled,
            expected: width,
        }
    }
}

impl TryFrom<&PositionRecord> for Board {
    type Error = ModelError;

    /// The position as a gridnote board: attackers are Player One, defenders Player Two,
    /// `t` a man and `k` a king; rank 1 becomes the board's bottom row.
    fn try_from(record: &PositionRecord) -> Result<Board, ModelError> {
        let size = record.size();
        let mut cells = vec![Cell::Empty; size * size];
        for (space, piece) in record.squares() {
            let Some(piece) = piece else { continue };
            let player = match piece.side {
                Side::Attackers => Player::One,
                Side::Defenders => Player::Two,
            };
            let piece = match piece.kind {
                Kind::Taflman => Piece::man(player),
                Kind::King => Piece::king(player),
                _ => {
                    return Err(ModelError::Piece {
                        piece: piece.describe(),
                        square: space.to_string(),
                    });
                }
            };
            let row = size - 1 - usize::from(space.rank);
            cells[row * size + usize::from(space.file)] = Cell::from(piece);
        }
        Board::from_cells(size, size, cells)
            .map_err(|_| ModelError::NotSquare { rows: size, cols: size })
    }
}

impl TryFrom<PositionRecord> for Board {
    type Error = ModelError;

    fn try_from(record: PositionRecord) -> Result<Board, ModelError> {
        Board::try_from(&record)
    }
}

impl TryFrom<&Board> for PositionRecord {
    type Error = ModelError;

    /// The board as a position record: Player One's pieces are the attackers', Player
    /// Two's the defenders'; a man is `t`, a king `k`. The board must be square and have
    /// no void cell.
    fn try_from(board: &Board) -> Result<PositionRecord, ModelError> {
        if !board.is_square() {
            return Err(ModelError::NotSquare { rows: board.rows(), cols: board.cols() });
        }
        let size = board.rows();
        let mut record = PositionRecord::empty(size)
            .ok_or(ModelError::NotSquare { rows: board.rows(), cols: board.cols() })?;
        for ((row, col), cell) in board.iter() {
            let (side, kind) = match cell {
                Cell::Empty => continue,
                Cell::OneMan => (Side::Attackers, Kind::Taflman),
                Cell::OneKing => (Side::Attackers, Kind::King),
                Cell::TwoMan => (Side::Defenders, Kind::Taflman),
                Cell::TwoKing => (Side::Defenders, Kind::King),
                // Void: no other cell exists today (OTN's guards and the rest will map here
                // when the model gets them).
                _ => {
                    return Err(ModelError::Void { cell: board.cell_name(row, col).to_string() });
                }
            };
            let rank = size - 1 - row;
            record.squares[rank * size + col] = OtnPiece::new(side, kind).byte();
        }
        Ok(record)
    }
}

impl TryFrom<Board> for PositionRecord {
    type Error = ModelError;

    fn try_from(board: Board) -> Result<PositionRecord, ModelError> {
        PositionRecord::try_from(&board)
    }
}

#[cfg(test)]
mod tests {
    use quickcheck::{QuickCheck, TestResult};

    use super::{read_checked, read_fast};

    /// The fast path accepts exactly what the checked reader accepts, with the same value.
    fn agree(text: &str) -> bool {
        for inverted in [false, true] {
            let fast = read_fast(text.as_bytes(), inverted);
            let checked = read_checked(text, 0, inverted, "the position").ok();
            if fast != checked {
                return false;
            }
        }
        true
    }

    #[test]
    fn fast_and_checked_readers_agree_on_known_texts() {
        for text in [
            "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
            "/1/x",
            "/1/",
            "/K/",
            "//",
            "/",
            "",
            "/2/2",
            "/03/3/3/",
            "/256/",
            "/1/1/",
            "/2/2/ ",
            "/t1/1T/",
            "/t2/1T/",
            "/11/11/11/11/11/11/11/11/11/11/11/",
            "/10/10/10/10/10/10/10/10/10/10/",
            "/9t/10/10/10/10/10/10/10/10/t9/",
            "/9t/10/10/10/10/10/10/10/10/t90/",
            "/2/1t0/",
            "/2/t01/",
            "/3/1t1/20/",
        ] {
            assert!(agree(text), "{text:?}");
        }
    }

    #[test]
    fn fast_and_checked_readers_agree_on_arbitrary_texts() {
        fn prop(bytes: Vec<u8>) -> TestResult {
            // Texts over the position alphabet, so that many are well-formed.
            const ALPHABET: &[u8] = b"/123tTkKgGmMnNcC0x /";
            let text: String = bytes
                .iter()
                .map(|&b| char::from(ALPHABET[usize::from(b) % ALPHABET.len()]))
                .collect();
            TestResult::from_bool(agree(&text) && agree(&format!("/{text}")))
        }
        QuickCheck::new().tests(20_000).quickcheck(prop as fn(Vec<u8>) -> TestResult);
    }
}
