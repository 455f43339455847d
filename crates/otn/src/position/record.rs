//! The position record and its squares: what the readers fill and the writer writes,
//! and its conversions to and from the model's [`Board`].

use gridnote_board::tafl::{piece_letter, piece_of_letter};
use gridnote_board::{Board, Cell};

use crate::cursor::MAX_SIZE;
use crate::error::ModelError;
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
    pub(super) squares: Squares,
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
pub(super) const INLINE: usize = 121;

/// A record's size and squares: rank 1 first, files left to right, [`EMPTY`] for an
/// empty square, else the piece's OTN symbol (one byte a square, so that reading writes
/// the text's bytes as they come). Up to [`INLINE`] squares are kept inline, more on the
/// heap; inline bytes past `size × size` are unused and never compared, hashed or shown.
///
/// The size is kept in each variant, not beside the enum, so that a record takes 128
/// bytes and moves without a call to `memcpy` (a larger record takes such calls on every
/// read).
#[derive(Clone)]
pub(super) enum Squares {
    Inline { size: u8, squares: [u8; INLINE] },
    Heap { size: u8, squares: Box<[u8]> },
}

const _: () = assert!(core::mem::size_of::<PositionRecord>() <= 128);

impl Squares {
    /// An empty board of side `size` (1 to 255).
    #[inline(always)]
    pub(super) fn empty(size: usize) -> Squares {
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
    pub(super) fn from_vec(size: usize, squares: Vec<u8>) -> Squares {
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
    pub(super) fn cells(&self) -> &[u8] {
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
    pub(super) fn cells_mut(&mut self) -> &mut [u8] {
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
pub(super) const EMPTY: u8 = b'.';

const _: () = assert!(OtnPiece::from_symbol(EMPTY).is_none() && EMPTY != 0);

impl PositionRecord {
    /// A record of no squares (size 0, inline), for the fast reader to fill.
    #[inline(always)]
    pub(super) fn blank() -> PositionRecord {
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
    pub(super) fn cells(&self) -> &[u8] {
        self.squares.cells()
    }

    /// The squares, rank 1 first, mutably.
    #[inline(always)]
    pub(super) fn cells_mut(&mut self) -> &mut [u8] {
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
