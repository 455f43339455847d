//! Position records: `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`, rank 1 first.

use core::fmt;
use core::str::FromStr;

use gridnote_board::bytes::{Bytes, InPlace, PADDED, Padded};
use gridnote_board::sink::{AsciiWriter, FmtPieces, Sink};
use gridnote_board::tafl::{piece_letter, piece_of_letter};
use gridnote_board::{Board, Cell};

use crate::cursor::{Cursor, MAX_SIZE};
use crate::error::{ModelError, ParseError};
use crate::piece::{OtnPiece, Side, Space};

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
#[derive(Clone)]
pub struct PositionRecord {
    /// The size and the squares.
    squares: Squares,
}

impl PartialEq for PositionRecord {
    fn eq(&self, other: &PositionRecord) -> bool {
        self.size() == other.size() && self.cells() == other.cells()
    }
}

impl Eq for PositionRecord {}

impl core::hash::Hash for PositionRecord {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.size().hash(state);
        self.cells().hash(state);
    }
}

/// The most squares a record keeps inline: 11×11, the largest of the common tafl boards
/// (Brandubh 7×7, Tablut 9×9, Hnefatafl 11×11), whose records then allocate nothing.
const INLINE: usize = 121;

/// A record's size and squares: rank 1 first, files left to right, [`EMPTY`] for an
/// empty square, else the piece's OTN symbol (one byte a square, so that reading writes
/// the text's bytes as they come). Up to [`INLINE`] squares are kept inline, more on the
/// heap; inline bytes past `size × size` are unused and never compared, hashed or shown.
///
/// The size is kept in each variant, not beside the enum, so that a record takes 128
/// bytes and moves without a call to `memcpy` (a larger record takes such calls on every
/// read).
#[derive(Clone)]
enum Squares {
    Inline { size: u8, squares: [u8; INLINE] },
    Heap { size: u8, squares: Box<[u8]> },
}

const _: () = assert!(core::mem::size_of::<PositionRecord>() <= 128);

impl Squares {
    /// An empty board of side `size` (1 to 255).
    #[inline(always)]
    fn empty(size: usize) -> Squares {
        let len = size * size;
        if len <= INLINE {
            Squares::Inline { size: size as u8, squares: [EMPTY; INLINE] }
        } else {
            // One allocation, then one fill (with EMPTY, not 0: see there); `repeat_n`
            // knows its length.
            Squares::Heap { size: size as u8, squares: core::iter::repeat_n(EMPTY, len).collect() }
        }
    }

    /// A board of side `size` (1 to 255) whose `size × size` squares are `squares`,
    /// copied inline or moved to the heap.
    fn from_vec(size: usize, squares: Vec<u8>) -> Squares {
        if squares.len() > INLINE {
            return Squares::Heap { size: size as u8, squares: squares.into() };
        }
        let mut inline = [EMPTY; INLINE];
        inline[..squares.len()].copy_from_slice(&squares);
        Squares::Inline { size: size as u8, squares: inline }
    }

    /// The side.
    #[inline(always)]
    fn size(&self) -> usize {
        match self {
            Squares::Inline { size, .. } | Squares::Heap { size, .. } => usize::from(*size),
        }
    }

    /// The squares.
    #[inline(always)]
    fn cells(&self) -> &[u8] {
        match self {
            Squares::Inline { size, squares } => {
                let size = usize::from(*size);
                &squares[..(size * size).min(INLINE)]
            }
            Squares::Heap { squares, .. } => squares,
        }
    }

    /// The squares, mutably.
    #[inline(always)]
    fn cells_mut(&mut self) -> &mut [u8] {
        match self {
            Squares::Inline { size, squares } => {
                let size = usize::from(*size);
                &mut squares[..(size * size).min(INLINE)]
            }
            Squares::Heap { squares, .. } => squares,
        }
    }
}

/// The byte of an empty square: not a piece symbol, and not 0, so that a new board is
/// filled with a plain fill (an allocation filled with zeros becomes glibc's `calloc`,
/// which skips the allocator's per-thread cache and costs more than `malloc` and a
/// fill).
const EMPTY: u8 = b'.';

const _: () = assert!(OtnPiece::from_symbol(EMPTY).is_none() && EMPTY != 0);

impl PositionRecord {
    /// A record of no squares (size 0, inline), for the fast reader to fill.
    #[inline(always)]
    fn blank() -> PositionRecord {
        PositionRecord { squares: Squares::Inline { size: 0, squares: [EMPTY; INLINE] } }
    }

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
        Some(PositionRecord { squares: Squares::empty(size) })
    }

    /// The squares, rank 1 first.
    #[inline(always)]
    fn cells(&self) -> &[u8] {
        self.squares.cells()
    }

    /// The squares, rank 1 first, mutably.
    #[inline(always)]
    fn cells_mut(&mut self) -> &mut [u8] {
        self.squares.cells_mut()
    }

    /// The length of a side.
    ///
    /// ```
    /// assert_eq!("/1/".parse::<gridnote_otn::PositionRecord>().unwrap().size(), 1);
    /// ```
    #[must_use]
    pub fn size(&self) -> usize {
        self.squares.size()
    }

    fn index(&self, space: Space) -> Option<usize> {
        space
            .is_on(self.size() as u8)
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
        self.index(space).and_then(|i| OtnPiece::from_symbol(self.cells()[i]))
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
        let old = core::mem::replace(&mut self.cells_mut()[i], piece.map_or(EMPTY, OtnPiece::byte));
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
        self.cells().iter().enumerate().map(move |(i, &p)| {
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
        self.cells()
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

    /// Appends the canonical text (rank 1 first; empty counts merged, decimal) to any
    /// [`Sink`] (a `String`, a `Vec<u8>`, or a formatter through [`FmtPieces`], as
    /// `Display` does), without the formatting machinery.
    ///
    /// ```
    /// let p: gridnote_otn::PositionRecord = "/t2/3/1K1/".parse()?;
    /// let mut out = String::from("position ");
    /// p.append_to(&mut out);
    /// assert_eq!(out, "position /t2/3/1K1/");
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        self.append_rows(out, false);
    }

    /// A bound of the canonical text's length: at most one byte a square (a count covers
    /// at least as many squares as it has digits), a `/` a row and the first `/`.
    pub(crate) fn text_bound(&self) -> usize {
        let size = self.size();
        size * size + size + 1
    }

    /// The rows, rank 1 first or (`top_first`) the top rank first.
    fn append_rows<S: Sink + ?Sized>(&self, out: &mut S, top_first: bool) {
        let size = self.size();
        out.reserve(self.text_bound());
        let mut w = AsciiWriter::<S, 256>::new(out);
        w.push(b'/');
        let mut rows = self.cells().chunks_exact(size);
        for _ in 0..size {
            let row = if top_first { rows.next_back() } else { rows.next() };
            let mut empty = 0u32;
            for &square in row.unwrap_or_default() {
                if square == EMPTY {
                    empty += 1;
                } else {
                    if empty > 0 {
                        w.push_decimal(empty);
                        empty = 0;
                    }
                    w.push(square);
                }
            }
            if empty > 0 {
                w.push_decimal(empty);
            }
            w.push(b'/');
        }
        w.finish();
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
        let mut sink = FmtPieces::new(f);
        self.0.append_rows(&mut sink, true);
        sink.finish()
    }
}

impl fmt::Display for PositionRecord {
    /// The canonical text ([`PositionRecord::append_to`]): the writer's pieces go to the
    /// formatter as they are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sink = FmtPieces::new(f);
        self.append_to(&mut sink);
        sink.finish()
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
    let mut record = PositionRecord::blank();
    match read_fast_into(text.as_bytes(), inverted, &mut record) {
        Some(()) => Ok(record),
        None => read_checked(text, base, inverted, field),
    }
}

/// Checks that the fast position reader and the checked one agree on `text`, read as a
/// position record and in the inverted form: both accept it with the same record, or
/// both reject it. For the fuzz target `otn-record` and the tests; not part of the API.
///
/// # Panics
/// When the readers disagree, naming the text.
#[doc(hidden)]
pub fn __check_position_readers_agree(text: &str) {
    for inverted in [false, true] {
        let fast = read_fast(text.as_bytes(), inverted);
        let checked = read_checked(text, 0, inverted, "the position").ok();
        assert_eq!(fast, checked, "inverted {inverted}: {text:?}");
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
/// is read into the inline squares of a blank record (or a buffer on the stack when
/// wider): its width is the size (at most 255), known before a larger board is
/// allocated (one allocation); then each further row is read by [`row_fast`]. On
/// anything unexpected it answers `None` and [`read_checked`] reads the text again to
/// name the error; the tests and the fuzz target check that both agree.
///
/// A record of up to 254 bytes is read from a zeroed copy of 258 bytes ([`Padded`]),
/// where a byte (and the two after it) is one load with no bounds check; a longer one in
/// place ([`InPlace`]).
/// Either way a byte past the end reads as 0, which is neither a square nor `/`.
#[inline(always)]
fn read_fast(bytes: &[u8], inverted: bool) -> Option<PositionRecord> {
    let mut record = PositionRecord::blank();
    read_fast_into(bytes, inverted, &mut record).map(|()| record)
}

/// [`read_fast`] into `record`, a [`PositionRecord::blank`] one (left in any state on
/// `None`). The record is filled where it is rather than built and returned: [`read`]
/// then moves it once, where an `Option` of a record takes two copies more.
#[inline(always)]
fn read_fast_into(bytes: &[u8], inverted: bool, record: &mut PositionRecord) -> Option<()> {
    if bytes.len() <= PADDED {
        // Rows are read a pair of bytes at a time, with a third byte from the same index.
        let mut padded = Padded::<258>::zeroed();
        padded.fill(bytes);
        read_fast_in(&padded, bytes.len(), inverted, record)
    } else {
        read_fast_in(&InPlace(bytes), bytes.len(), inverted, record)
    }
}

/// [`read_fast`] over the `len` bytes of `bytes`, into `record` (empty inline squares).
#[inline(always)]
fn read_fast_in<B: Bytes>(
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

/// [`read_fast_in`] for a board larger than the inline squares, once its first row
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
            at = row_fast(bytes, at, row)?;
        }
    } else {
        let mut rows = cells.chunks_exact_mut(size);
        rows.next()?;
        for row in rows {
            at = row_fast(bytes, at, row)?;
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
fn row_fast<B: Bytes>(bytes: &B, mut at: usize, cells: &mut [u8]) -> Option<usize> {
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
/// `cells`. Two bytes a turn, as in [`row_fast`], inlined (out of line the call costs
/// more than the two bytes save).
#[inline(always)]
fn first_row<B: Bytes>(bytes: &B, cells: &mut [u8]) -> Option<(usize, usize)> {
    let mut col = 0;
    let mut at = 1;
    // Two bytes a turn, as in `row_fast`. A byte that is no square moves the column past
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
                    squares.resize(squares.len() + n, EMPTY);
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
    let mut record = PositionRecord { squares: Squares::from_vec(width, squares) };
    if inverted {
        let size = record.size();
        for r in 0..size / 2 {
            let (low, high) = record.cells_mut().split_at_mut((size - 1 - r) * size);
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
    /// each OTN letter its role (`t` a man, `k` a king, `c`, `n`, `m`, `g`); rank 1
    /// becomes the board's bottom row.
    fn try_from(record: &PositionRecord) -> Result<Board, ModelError> {
        let size = record.size();
        let mut cells = vec![Cell::Empty; size * size];
        for (space, piece) in record.squares() {
            let Some(piece) = piece.and_then(|p| piece_of_letter(p.byte())) else { continue };
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
    /// Two's the defenders'; each role its OTN letter (a man `t`, a king `k`, …). The
    /// board must be square and have no void cell.
    fn try_from(board: &Board) -> Result<PositionRecord, ModelError> {
        if !board.is_square() {
            return Err(ModelError::NotSquare { rows: board.rows(), cols: board.cols() });
        }
        let size = board.rows();
        let mut record = PositionRecord::empty(size)
            .ok_or(ModelError::NotSquare { rows: board.rows(), cols: board.cols() })?;
        for ((row, col), cell) in board.iter() {
            let piece = match cell {
                Cell::Empty => continue,
                Cell::Void => {
                    return Err(ModelError::Void { cell: board.cell_name(row, col).to_string() });
                }
                _ => cell.piece(),
            };
            let Some(piece) = piece else { continue };
            let rank = size - 1 - row;
            record.cells_mut()[rank * size + col] = piece_letter(piece) as u8;
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

    use super::{PositionRecord, read_checked, read_fast};
    use crate::piece::{Kind, OtnPiece, Side, Space};

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
    fn zero_bytes_and_texts_cut_short_are_rejected_by_both_readers() {
        for text in ["/1\0/", "/\0/", "/t\0/", "/1/\0", "\0", "/2/1\0/", "/2/\u{0}1/", "/10\0/"] {
            assert!(agree(text), "{text:?}");
            assert_eq!(read_fast(text.as_bytes(), false), None, "{text:?}");
        }
    }

    /// A record of side `size` with pieces on the squares `at` (rank 1 first), written
    /// by the writer.
    fn record(size: usize, at: &[(u8, u8)]) -> PositionRecord {
        let mut record = PositionRecord::empty(size).unwrap();
        let piece = OtnPiece::new(Side::Defenders, Kind::King);
        for &(file, rank) in at {
            record.set(Space::new(file, rank), Some(piece)).unwrap();
        }
        record
    }

    #[test]
    fn boards_on_both_sides_of_the_inline_squares_read_back() {
        // 10×10 and 11×11 keep their squares inline, 12×12 and larger on the heap; a first
        // row wider than the inline squares is read into a buffer of its own.
        for size in [1, 2, 10, 11, 12, 16, 19, 120, 121, 122, 255] {
            let last = (size - 1) as u8;
            let record = record(size, &[(0, 0), (last, 0), (0, last), (last, last)]);
            for inverted in [false, true] {
                let text =
                    if inverted { record.inverted().to_string() } else { record.to_string() };
                let read = read_fast(text.as_bytes(), inverted);
                assert_eq!(read.as_ref(), Some(&record), "{size}: {text}");
                assert!(agree(&text), "{size}");
                // A square more or less in the first or the last row.
                let wider = text.replacen('K', "1K", 1);
                assert_eq!(read_fast(wider.as_bytes(), inverted), None, "{size}");
                assert!(agree(&wider), "{size}");
            }
        }
    }

    #[test]
    fn texts_around_the_length_of_the_padded_copy() {
        // Up to 254 bytes are read from the padded copy, longer texts in place. An empty
        // 84×84 board is 253 bytes (`/` and 84 times `84/`); a king on a1 makes it 254
        // (`K83/`) or 255 (`1K82/`).
        let empty = format!("/{}", "84/".repeat(84));
        assert_eq!(empty.len(), 253);
        let king = |first: &str| format!("/{first}/{}", "84/".repeat(83));
        for (text, len) in [(empty.clone(), 253), (king("K83"), 254), (king("1K82"), 255)] {
            assert_eq!(text.len(), len);
            for inverted in [false, true] {
                let read = read_fast(text.as_bytes(), inverted).expect("well formed");
                let king = u8::from(len == 255);
                let rank = if inverted { 83 } else { 0 };
                let expected = if len == 253 { None } else { Some(Space::new(king, rank)) };
                let found = read.squares().find(|(_, piece)| piece.is_some()).map(|(at, _)| at);
                assert_eq!(found, expected, "{len}");
            }
            assert!(agree(&text), "{len}");
            assert!(agree(&text[..text.len() - 1]), "{len}");
            assert!(agree(&format!("{text}\0")), "{len}");
            assert!(agree(&format!("{text}1/")), "{len}");
        }
    }

    #[test]
    fn inline_and_heap_records_compare_and_hash_by_their_squares() {
        use core::hash::BuildHasher as _;
        let state = std::collections::hash_map::RandomState::new();
        for size in [3, 11, 12] {
            let built = record(size, &[(1, 0)]);
            let read: PositionRecord = built.to_string().parse().unwrap();
            assert_eq!(read, built);
            assert_eq!(state.hash_one(&read), state.hash_one(&built));
            assert_ne!(read, record(size, &[(2, 0)]));
        }
        // Empty boards of different sizes are different records.
        assert_ne!(PositionRecord::empty(2).unwrap(), PositionRecord::empty(3).unwrap());
        assert_ne!(PositionRecord::empty(11).unwrap(), PositionRecord::empty(12).unwrap());
    }

    #[test]
    fn counts_of_every_length_are_written_in_decimal() {
        for (size, pieces, text) in [
            (1, vec![], "/1/"),
            (1, vec![(0, 0)], "/K/"),
            (10, vec![(9, 0), (0, 9)], "/9K/10/10/10/10/10/10/10/10/K9/"),
            (100, vec![(0, 0)], ""),
            (255, vec![(0, 0), (254, 254), (100, 254)], ""),
        ] {
            let record = record(size, &pieces);
            let written = record.to_string();
            if !text.is_empty() {
                assert_eq!(written, text);
            }
            let mut bytes = Vec::new();
            record.append_to(&mut bytes);
            assert_eq!(bytes, written.as_bytes());
            assert_eq!(written.parse::<PositionRecord>().as_ref(), Ok(&record));
            let inverted = record.inverted().to_string();
            assert_eq!(PositionRecord::parse_inverted(&inverted).as_ref(), Ok(&record));
        }
        let big = record(255, &[(0, 0), (254, 254), (100, 254)]).to_string();
        let rows: Vec<&str> = big.trim_matches('/').split('/').collect();
        assert_eq!((rows[0], rows[1], rows[254]), ("K254", "255", "100K153K"));
        let wide = record(100, &[(0, 0)]).inverted().to_string();
        assert!(wide.starts_with("/100/") && wide.ends_with("/K99/"), "{wide}");
    }

    #[test]
    fn counts_of_more_digits_at_either_byte_of_a_turn() {
        // The row loop takes two bytes a turn: a count of two or three digits may start
        // at either of them and run into the next turn, and may end the row.
        for size in [10usize, 12, 99, 100, 120, 121, 122, 255] {
            for lead in 0..4 {
                for trail in 0..3 {
                    let count = size - lead - trail;
                    let row =
                        |count: usize| format!("{}{count}{}", "K".repeat(lead), "K".repeat(trail));
                    let text = |count: usize| {
                        format!("/{size}/{}/{}", row(count), format!("{size}/").repeat(size - 2))
                    };
                    let files = (0..lead).chain(size - trail..size);
                    let pieces: Vec<(u8, u8)> = files.map(|file| (file as u8, 1)).collect();
                    let expected = record(size, &pieces);
                    assert_eq!(text(count), expected.to_string());
                    assert_eq!(read_fast(text(count).as_bytes(), false), Some(expected.clone()));
                    let inverted =
                        read_fast(text(count).as_bytes(), true).map(|r| r.inverted().to_string());
                    assert_eq!(inverted, Some(text(count)), "{size} {lead} {trail}");
                    assert!(agree(&text(count)), "{size} {lead} {trail}");
                    // A square more or fewer (a zero count too), a count with a leading zero.
                    for bad in [
                        text(count + 1),
                        text(count - 1),
                        text(count).replacen(
                            &format!("/{}", row(count)),
                            &format!("/{}", row(count)).replacen(
                                &count.to_string(),
                                &format!("0{count}"),
                                1,
                            ),
                            1,
                        ),
                    ] {
                        assert_eq!(read_fast(bad.as_bytes(), false), None, "{bad}");
                        assert!(agree(&bad), "{bad}");
                    }
                }
            }
        }
    }

    #[test]
    fn rows_that_end_at_the_end_of_the_padded_copy() {
        // Texts of 240 to 260 bytes of a 16x16 board, read from the padded copy up to 254
        // bytes and in place beyond, whose last row ends in a count of one or two digits
        // or in pieces, at either byte of the loop's two-byte turn.
        let last_rows: [&[u8]; 6] = [&[0], &[15], &[0, 1, 2, 3, 4, 5], &[14], &[0, 15], &[]];
        for total in 240..=260 {
            for last in last_rows {
                let mut pieces: Vec<(u8, u8)> = last.iter().map(|&file| (file, 15)).collect();
                // The further rows: the first `k` squares pieces (2 to 16 bytes a row).
                let last_len = record(16, &pieces).to_string().rsplit('/').nth(1).unwrap().len();
                let mut left = total - 1 - (last_len + 1);
                if left > 15 * 17 {
                    continue;
                }
                for rank in 0..15u8 {
                    let len = (left - 3 * (14 - usize::from(rank))).clamp(3, 17) - 1;
                    let k = match len {
                        2 => 0,
                        3..=8 => len - 2,
                        _ => len - 1,
                    };
                    pieces.extend((0..k as u8).map(|file| (file, rank)));
                    left -= len + 1;
                }
                assert_eq!(left, 0, "{total}");
                let expected = record(16, &pieces);
                for inverted in [false, true] {
                    let text = if inverted {
                        expected.inverted().to_string()
                    } else {
                        expected.to_string()
                    };
                    assert_eq!(text.len(), total, "{text}");
                    assert_eq!(
                        read_fast(text.as_bytes(), inverted).as_ref(),
                        Some(&expected),
                        "{text}"
                    );
                    for bad in [
                        text[..total - 1].to_string(),
                        format!("{text}\0"),
                        format!("{text}1/"),
                        format!("{}1/", &text[..total - 1]),
                        format!("{}t/", &text[..total - 1]),
                    ] {
                        assert_eq!(read_fast(bad.as_bytes(), inverted), None, "{bad}");
                        assert!(agree(&bad), "{bad}");
                    }
                }
            }
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
