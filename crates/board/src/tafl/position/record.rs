//! The position record and its squares: what the readers fill and the writer writes,
//! and its conversions to and from the model's [`Board`].

use super::super::cursor::MAX_SIZE;
use super::super::error::ShapeError;
use super::super::square::Square;
use super::super::values::{piece_letter, piece_of_letter};
use crate::{Board, Cell, Piece, Player};

/// A position record: a square board of tafl pieces, as OTN writes it.
///
/// The first row of the text is rank 1 (`a1` first), as in TSN; the inverted form used
/// by `starti:` lists the rows from the top. `Display` writes the canonical text (empty
/// counts merged, decimal, no zero); [`PositionRecord::inverted`] writes the inverted
/// form. [`Board::from`] gives the model's board (attackers are Player One, each letter
/// its role), `PositionRecord::try_from(&board)` the record of a board.
///
/// ```
/// use gridnote_board::tafl::{PositionRecord, Square};
/// use gridnote_board::{Board, Cell, Piece, Player};
/// let brandub: PositionRecord = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".parse()?;
/// assert_eq!(brandub.size(), 7);
/// assert_eq!(brandub.get(Square::new(3, 3)), Some(Piece::king(Player::Two)));
/// assert_eq!(brandub.to_string(), "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
/// assert_eq!(brandub.count(Player::One), 8);
/// let board = Board::from(&brandub);
/// assert_eq!(board.get(3, 3), Some(Cell::TWO_KING));
/// assert_eq!(PositionRecord::try_from(&board)?, brandub);
/// # Ok::<(), Box<dyn std::error::Error>>(())
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

const _: () = assert!(piece_of_letter(EMPTY).is_none() && EMPTY != 0);

impl PositionRecord {
    /// A record of no squares (size 0, inline), for the one-pass reader to fill.
    #[inline(always)]
    pub(super) fn blank() -> PositionRecord {
        PositionRecord { squares: Squares::Inline { size: 0, squares: [EMPTY; INLINE] } }
    }

    /// An empty `size`×`size` board (1 to 255), or `None` beyond that.
    ///
    /// ```
    /// use gridnote_board::tafl::PositionRecord;
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
    /// assert_eq!("/1/".parse::<gridnote_board::tafl::PositionRecord>().unwrap().size(), 1);
    /// ```
    #[must_use]
    pub fn size(&self) -> usize {
        self.squares.size()
    }

    fn index(&self, square: Square) -> Option<usize> {
        square
            .is_on(self.size())
            .then(|| usize::from(square.rank) * self.size() + usize::from(square.file))
    }

    /// The piece on `square` (`None` when empty or off the board).
    ///
    /// ```
    /// use gridnote_board::tafl::{PositionRecord, Square};
    /// use gridnote_board::{Piece, Player};
    /// let p: PositionRecord = "/t2/3/3/".parse()?;
    /// assert_eq!(p.get(Square::new(0, 0)), Some(Piece::man(Player::One)));
    /// assert_eq!(p.get(Square::new(0, 2)), None);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn get(&self, square: Square) -> Option<Piece> {
        self.index(square).and_then(|i| piece_of_letter(self.cells()[i]))
    }

    /// Puts `piece` (or nothing) on `square`; returns what was there, or `None` when the
    /// square is off the board (nothing changes then).
    ///
    /// ```
    /// use gridnote_board::tafl::{PositionRecord, Square};
    /// use gridnote_board::{Piece, Player};
    /// let mut p = PositionRecord::empty(3).unwrap();
    /// p.set(Square::new(1, 1), Some(Piece::king(Player::Two)));
    /// assert_eq!(p.to_string(), "/3/1K1/3/");
    /// assert_eq!(p.set(Square::new(5, 5), None), None);
    /// ```
    pub fn set(&mut self, square: Square, piece: Option<Piece>) -> Option<Option<Piece>> {
        let i = self.index(square)?;
        let byte = piece.map_or(EMPTY, |p| piece_letter(p) as u8);
        let old = core::mem::replace(&mut self.cells_mut()[i], byte);
        Some(piece_of_letter(old))
    }

    /// Every square with its piece, rank 1 first, files left to right.
    ///
    /// ```
    /// let p: gridnote_board::tafl::PositionRecord = "/K/".parse()?;
    /// assert_eq!(p.squares().count(), 1);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    pub fn squares(&self) -> impl Iterator<Item = (Square, Option<Piece>)> + '_ {
        let size = self.size();
        self.cells().iter().enumerate().map(move |(i, &p)| {
            (Square::new((i % size) as u8, (i / size) as u8), piece_of_letter(p))
        })
    }

    /// How many pieces `player` has (Player One the attackers).
    ///
    /// ```
    /// use gridnote_board::Player;
    /// let p: gridnote_board::tafl::PositionRecord = "/tT1/3/1K1/".parse()?;
    /// assert_eq!(p.count(Player::Two), 2);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn count(&self, player: Player) -> usize {
        self.cells()
            .iter()
            .filter_map(|&b| piece_of_letter(b))
            .filter(|p| p.player == player)
            .count()
    }

    /// The model's board of the record: see [`Board::from`].
    ///
    /// ```
    /// let p: gridnote_board::tafl::PositionRecord = "/3/1K1/3/".parse()?;
    /// assert_eq!(p.to_board().get(1, 1), Some(gridnote_board::Cell::TWO_KING));
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn to_board(&self) -> Board {
        Board::from(self)
    }
}

impl From<&PositionRecord> for Board {
    /// The position as a gridnote board: attackers are Player One, defenders Player Two,
    /// each OTN letter its role (`t` a man, `k` a king, `c`, `n`, `m`, `g`); rank 1
    /// becomes the board's bottom row.
    fn from(record: &PositionRecord) -> Board {
        let size = record.size();
        Board::from_fn(size, size, |row, col| {
            let rank = size - 1 - row;
            piece_of_letter(record.cells()[rank * size + col]).map_or(Cell::Empty, Cell::from)
        })
        .expect("a record is 1 to 255 squares on a side")
    }
}

impl From<PositionRecord> for Board {
    fn from(record: PositionRecord) -> Board {
        Board::from(&record)
    }
}

impl TryFrom<&Board> for PositionRecord {
    type Error = ShapeError;

    /// The board as a position record: Player One's pieces are the attackers', Player
    /// Two's the defenders'; each role its OTN letter (a man `t`, a king `k`, …). The
    /// board must be square and have no void cell.
    fn try_from(board: &Board) -> Result<PositionRecord, ShapeError> {
        let not_square = ShapeError::NotSquare { rows: board.rows(), cols: board.cols() };
        if !board.is_square() {
            return Err(not_square);
        }
        let size = board.rows();
        let mut record = PositionRecord::empty(size).ok_or(not_square)?;
        for ((row, col), cell) in board.iter() {
            let piece = match cell {
                Cell::Empty => continue,
                Cell::Void => return Err(ShapeError::Void { cell: board.cell_name(row, col) }),
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
    type Error = ShapeError;

    fn try_from(board: Board) -> Result<PositionRecord, ShapeError> {
        PositionRecord::try_from(&board)
    }
}
