//! The board: a rectangle of cells, row 0 at the top, stored row-major.

use core::fmt;

use crate::cell::{Cell, Player};
use crate::storage::Cells;

/// The largest number of rows or columns any board may have. Every parser checks its
/// sizes against this before allocating.
pub const MAX_SIDE: usize = 255;

/// Why a board could not be built.
///
/// ```
/// use gridnote_board::{Board, BoardError};
/// assert_eq!(Board::new(0, 3), Err(BoardError::Side { rows: 0, cols: 3 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A side is 0 or more than [`MAX_SIDE`].
    #[error("a {rows}x{cols} board is out of range: each side must be 1 to 255")]
    Side {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The number of cells given does not match rows × cols.
    #[error("{found} cells given for a board of {expected}")]
    CellCount {
        /// rows × cols.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// More cells than an operation takes: 64 for the outcome on borrowed cells
    /// ([`Rules::outcome_of_cells`](crate::Rules::outcome_of_cells)), [`Board::SMALL`]
    /// for [`Board::from_small`].
    #[error("{cells} cells is more than {max}, the most this takes")]
    TooManyCells {
        /// Cells given.
        cells: usize,
        /// The most cells handled.
        max: usize,
    },
    /// A (row, col) outside the board.
    #[error("row {row}, column {col} is off the {rows}x{cols} board")]
    OffBoard {
        /// Row asked for (0 = top).
        row: usize,
        /// Column asked for (0 = left).
        col: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
}

/// How many cells of each kind a board holds.
///
/// ```
/// use gridnote_board::Board;
/// let board = Board::new(3, 3).unwrap();
/// assert_eq!(board.counts().empty, 9);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// Non-playable cells.
    pub void: usize,
    /// Empty playable cells.
    pub empty: usize,
    /// Pieces per player, indexed by [`Player::index`] (kings included).
    pub pieces: [usize; 2],
    /// Kings per player, indexed by [`Player::index`].
    pub kings: [usize; 2],
}

impl Counts {
    /// Pieces of `player`, kings included.
    ///
    /// ```
    /// use gridnote_board::{Board, Player};
    /// let board: Board = Board::new(1, 1).unwrap();
    /// assert_eq!(board.counts().of(Player::One), 0);
    /// ```
    #[must_use]
    pub const fn of(&self, player: Player) -> usize {
        self.pieces[player.index()]
    }

    /// All pieces on the board.
    ///
    /// ```
    /// use gridnote_board::Board;
    /// assert_eq!(Board::new(2, 2).unwrap().counts().occupied(), 0);
    /// ```
    #[must_use]
    pub const fn occupied(&self) -> usize {
        self.pieces[0] + self.pieces[1]
    }

    /// The side to move that the counts imply when Player One moves first: equal counts,
    /// Player One; One ahead by one, Player Two; anything else, none.
    ///
    /// ```
    /// use gridnote_board::{Board, Player};
    /// let board = Board::new(3, 3).unwrap();
    /// assert_eq!(board.counts().side_to_move(), Some(Player::One));
    /// ```
    #[must_use]
    pub const fn side_to_move(&self) -> Option<Player> {
        let (one, two) = (self.pieces[0], self.pieces[1]);
        if one == two {
            Some(Player::One)
        } else if one == two + 1 {
            Some(Player::Two)
        } else {
            None
        }
    }
}

/// A rectangular board of `rows × cols` cells, each side 1..=[`MAX_SIDE`].
///
/// Row 0 is the top row as a person draws it; cells are stored row-major. Cells are
/// named algebraically for people: file letters `a`, `b`, … from the left and rank
/// numbers from 1 at the BOTTOM row, so on a 3×3 board `a1` is the bottom-left cell,
/// (row 2, col 0).
///
/// ```
/// use gridnote_board::{Board, Cell};
/// let mut board = Board::new(3, 3)?;
/// board.set(0, 2, Cell::TWO)?;
/// assert_eq!(board.get(0, 2), Some(Cell::TWO));
/// assert_eq!(board.cell_name(0, 2).to_string(), "c3");
/// assert_eq!(board.parse_cell_name("c3")?, (0, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Boards of at most 16 cells keep them inline and never allocate; larger boards make
/// one allocation.
#[derive(Clone)]
pub struct Board {
    rows: u8,
    cols: u8,
    cells: Cells,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.rows == other.rows && self.cols == other.cols && self.cells() == other.cells()
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.rows.hash(state);
        self.cols.hash(state);
        self.cells().hash(state);
    }
}

#[inline]
pub(crate) const fn check_sides(rows: usize, cols: usize) -> Result<(), BoardError> {
    if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
        Err(BoardError::Side { rows, cols })
    } else {
        Ok(())
    }
}

impl Board {
    /// The most cells a board keeps in place, without allocating (a 4×4 board, or 3×5,
    /// or 2×8); see [`Board::from_small`].
    ///
    /// ```
    /// assert_eq!(gridnote_board::Board::SMALL, 16);
    /// ```
    pub const SMALL: usize = crate::storage::INLINE;

    /// An all-empty board.
    ///
    /// # Errors
    /// [`BoardError::Side`] when a side is 0 or over [`MAX_SIDE`].
    ///
    /// ```
    /// use gridnote_board::Board;
    /// let board = Board::new(3, 4)?;
    /// assert_eq!((board.rows(), board.cols()), (3, 4));
    /// assert!(Board::new(256, 1).is_err());
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[inline]
    pub fn new(rows: usize, cols: usize) -> Result<Board, BoardError> {
        Board::filled(rows, cols, Cell::Empty)
    }

    /// A board with every cell set to `cell`.
    ///
    /// # Errors
    /// [`BoardError::Side`] when a side is 0 or over [`MAX_SIDE`].
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let board = Board::filled(2, 2, Cell::Void)?;
    /// assert_eq!(board.counts().void, 4);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[inline]
    pub fn filled(rows: usize, cols: usize, cell: Cell) -> Result<Board, BoardError> {
        check_sides(rows, cols)?;
        Ok(Board::new_unchecked(rows, cols, Cells::filled(rows * cols, cell)))
    }

    /// A board from its cells in row-major order (top row first).
    ///
    /// # Errors
    /// [`BoardError::Side`] for a bad side, [`BoardError::CellCount`] when
    /// `cells.len() != rows * cols`.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let board = Board::from_cells(1, 2, vec![Cell::ONE, Cell::Empty])?;
    /// assert_eq!(board.get(0, 0), Some(Cell::ONE));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<Cell>) -> Result<Board, BoardError> {
        check_sides(rows, cols)?;
        if cells.len() != rows * cols {
            return Err(BoardError::CellCount { expected: rows * cols, found: cells.len() });
        }
        Ok(Board::new_unchecked(rows, cols, Cells::from_vec(cells)))
    }

    /// A board from a slice of its cells in row-major order (top row first), copied; for
    /// boards of at most 16 cells this allocates nothing.
    ///
    /// # Errors
    /// [`BoardError::Side`] for a bad side, [`BoardError::CellCount`] when
    /// `cells.len() != rows * cols`.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let board = Board::from_slice(1, 3, &[Cell::ONE, Cell::Empty, Cell::TWO])?;
    /// assert_eq!(board.get(0, 2), Some(Cell::TWO));
    /// assert!(Board::from_slice(2, 2, &[Cell::Empty; 3]).is_err());
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[inline]
    pub fn from_slice(rows: usize, cols: usize, cells: &[Cell]) -> Result<Board, BoardError> {
        check_sides(rows, cols)?;
        if cells.len() != rows * cols {
            return Err(BoardError::CellCount { expected: rows * cols, found: cells.len() });
        }
        Ok(Board::new_unchecked(rows, cols, Cells::from_slice(cells)))
    }

    /// A board of at most [`Board::SMALL`] cells from the first `rows × cols` of `cells`,
    /// in row-major order (top row first); the others are ignored. It allocates nothing
    /// and copies the array whole: a reader that gathers a small board's cells in an
    /// array of its own makes the board in one step.
    ///
    /// # Errors
    /// [`BoardError::Side`] for a bad side, [`BoardError::TooManyCells`] when
    /// `rows × cols` is more than [`Board::SMALL`].
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let mut cells = [Cell::Void; Board::SMALL];
    /// cells[..4].copy_from_slice(&[Cell::ONE, Cell::Empty, Cell::Empty, Cell::TWO]);
    /// let board = Board::from_small(2, 2, cells)?;
    /// assert_eq!(board.cells(), &[Cell::ONE, Cell::Empty, Cell::Empty, Cell::TWO]);
    /// assert!(Board::from_small(5, 5, cells).is_err());
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[inline]
    pub fn from_small(
        rows: usize,
        cols: usize,
        cells: [Cell; Board::SMALL],
    ) -> Result<Board, BoardError> {
        check_sides(rows, cols)?;
        if rows * cols > Board::SMALL {
            return Err(BoardError::TooManyCells { cells: rows * cols, max: Board::SMALL });
        }
        Ok(Board::new_unchecked(rows, cols, Cells::Inline(crate::storage::Small(cells))))
    }

    /// A board whose cell at (row, col) is `f(row, col)`.
    ///
    /// # Errors
    /// [`BoardError::Side`] when a side is 0 or over [`MAX_SIDE`].
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let board = Board::from_fn(3, 3, |r, c| if r == c { Cell::ONE } else { Cell::Empty })?;
    /// assert_eq!(board.counts().pieces[0], 3);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    pub fn from_fn(
        rows: usize,
        cols: usize,
        mut f: impl FnMut(usize, usize) -> Cell,
    ) -> Result<Board, BoardError> {
        check_sides(rows, cols)?;
        let mut board = Board::new_unchecked(rows, cols, Cells::filled(rows * cols, Cell::Empty));
        for (i, cell) in board.cells_mut().iter_mut().enumerate() {
            *cell = f(i / cols, i % cols);
        }
        Ok(board)
    }

    #[inline]
    fn new_unchecked(rows: usize, cols: usize, cells: Cells) -> Board {
        debug_assert!(rows <= MAX_SIDE && cols <= MAX_SIDE);
        // Sides are checked to be 1..=255, so they fit in u8.
        Board { rows: rows as u8, cols: cols as u8, cells }
    }

    /// Number of rows.
    ///
    /// ```
    /// use gridnote_board::Board;
    /// assert_eq!(Board::new(3, 4).unwrap().rows(), 3);
    /// ```
    #[must_use]
    pub const fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Number of columns.
    ///
    /// ```
    /// use gridnote_board::Board;
    /// assert_eq!(Board::new(3, 4).unwrap().cols(), 4);
    /// ```
    #[must_use]
    pub const fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Whether rows == cols.
    ///
    /// ```
    /// use gridnote_board::Board;
    /// assert!(Board::new(3, 3).unwrap().is_square());
    /// ```
    #[must_use]
    pub const fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// The cells in row-major order, top row first.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// assert_eq!(Board::new(1, 2).unwrap().cells(), &[Cell::Empty, Cell::Empty]);
    /// ```
    #[must_use]
    #[inline]
    pub fn cells(&self) -> &[Cell] {
        self.cells.as_slice(self.len())
    }

    /// The cells mutably, in row-major order (the shape cannot change).
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let mut board = Board::new(1, 2).unwrap();
    /// board.cells_mut()[1] = Cell::TWO;
    /// assert_eq!(board.get(0, 1), Some(Cell::TWO));
    /// ```
    #[inline]
    pub fn cells_mut(&mut self) -> &mut [Cell] {
        let len = self.len();
        self.cells.as_mut_slice(len)
    }

    /// Swaps the side lengths, keeping the cells (the same count) as they are: the
    /// caller rewrites them, as [`Board::transform`] does.
    pub(crate) fn swap_sides(&mut self) {
        core::mem::swap(&mut self.rows, &mut self.cols);
    }

    /// rows × cols.
    const fn len(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// One row, left to right.
    ///
    /// # Panics
    /// Never for `row < self.rows()`; a larger `row` panics like slice indexing.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// assert_eq!(Board::new(2, 3).unwrap().row(1).len(), 3);
    /// ```
    #[must_use]
    #[inline]
    pub fn row(&self, row: usize) -> &[Cell] {
        let cols = self.cols();
        &self.cells()[row * cols..(row + 1) * cols]
    }

    /// The rows, top to bottom.
    ///
    /// ```
    /// use gridnote_board::Board;
    /// assert_eq!(Board::new(2, 3).unwrap().iter_rows().count(), 2);
    /// ```
    pub fn iter_rows(&self) -> impl DoubleEndedIterator<Item = &[Cell]> + ExactSizeIterator + '_ {
        self.cells().chunks_exact(self.cols())
    }

    /// Every cell with its (row, col), row-major.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let board = Board::new(2, 2).unwrap();
    /// let last = board.iter().last();
    /// assert_eq!(last, Some(((1, 1), Cell::Empty)));
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = ((usize, usize), Cell)> + '_ {
        let cols = self.cols();
        self.cells().iter().enumerate().map(move |(i, &c)| ((i / cols, i % cols), c))
    }

    /// The cell at (row, col), or `None` off the board.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let board = Board::new(3, 3).unwrap();
    /// assert_eq!(board.get(2, 2), Some(Cell::Empty));
    /// assert_eq!(board.get(3, 0), None);
    /// ```
    #[must_use]
    pub fn get(&self, row: usize, col: usize) -> Option<Cell> {
        self.index(row, col).map(|i| self.cells()[i])
    }

    /// Sets the cell at (row, col) and returns what was there.
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] off the board.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let mut board = Board::new(3, 3)?;
    /// assert_eq!(board.set(1, 1, Cell::ONE)?, Cell::Empty);
    /// assert!(board.set(0, 3, Cell::ONE).is_err());
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    pub fn set(&mut self, row: usize, col: usize, cell: Cell) -> Result<Cell, BoardError> {
        let i = self.index(row, col).ok_or(BoardError::OffBoard {
            row,
            col,
            rows: self.rows(),
            cols: self.cols(),
        })?;
        Ok(core::mem::replace(&mut self.cells_mut()[i], cell))
    }

    /// The row-major index of (row, col), or `None` off the board.
    ///
    /// ```
    /// use gridnote_board::Board;
    /// assert_eq!(Board::new(3, 4).unwrap().index(1, 2), Some(6));
    /// ```
    #[must_use]
    pub fn index(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.rows() && col < self.cols()).then(|| row * self.cols() + col)
    }

    /// Counts of every kind of cell.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell, Player};
    /// let board = Board::from_cells(1, 4, vec![Cell::ONE, Cell::TWO, Cell::TWO_KING, Cell::Void])?;
    /// let counts = board.counts();
    /// assert_eq!(counts.of(Player::Two), 2);
    /// assert_eq!(counts.kings, [0, 1]);
    /// assert_eq!(counts.void, 1);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for &cell in self.cells() {
            match cell {
                Cell::Void => counts.void += 1,
                Cell::Empty => counts.empty += 1,
                Cell::OneMan => counts.pieces[0] += 1,
                Cell::TwoMan => counts.pieces[1] += 1,
                Cell::OneKing => {
                    counts.pieces[0] += 1;
                    counts.kings[0] += 1;
                }
                Cell::TwoKing => {
                    counts.pieces[1] += 1;
                    counts.kings[1] += 1;
                }
                Cell::OneCommander | Cell::OneKnight | Cell::OneMercenary | Cell::OneGuard => {
                    counts.pieces[0] += 1;
                }
                Cell::TwoCommander | Cell::TwoKnight | Cell::TwoMercenary | Cell::TwoGuard => {
                    counts.pieces[1] += 1;
                }
            }
        }
        counts
    }

    /// The empty playable cells, row-major.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let board = Board::from_cells(1, 3, vec![Cell::ONE, Cell::Empty, Cell::Void])?;
    /// assert_eq!(board.empty_cells().collect::<Vec<_>>(), [(0, 1)]);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    pub fn empty_cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.iter().filter(|(_, c)| c.is_empty()).map(|(rc, _)| rc)
    }

    /// The algebraic name of (row, col): file letters from the left (`a`…`z`, then `aa`,
    /// `ab`, …) and rank number from 1 at the bottom row.
    ///
    /// ```
    /// use gridnote_board::Board;
    /// let board = Board::new(3, 3).unwrap();
    /// assert_eq!(board.cell_name(2, 0).to_string(), "a1");
    /// assert_eq!(board.cell_name(0, 1).to_string(), "b3");
    /// ```
    #[must_use]
    pub fn cell_name(&self, row: usize, col: usize) -> CellName {
        CellName { file: col, rank: self.rows().saturating_sub(row) }
    }

    /// Reads an algebraic cell name (`a1` = bottom-left) into (row, col).
    ///
    /// # Errors
    /// [`CellNameError`] when the text is not a name or names a cell off this board.
    ///
    /// ```
    /// use gridnote_board::Board;
    /// let board = Board::new(3, 4).unwrap();
    /// assert_eq!(board.parse_cell_name("d3"), Ok((0, 3)));
    /// assert!(board.parse_cell_name("e1").is_err());
    /// assert!(board.parse_cell_name("a0").is_err());
    /// ```
    pub fn parse_cell_name(&self, name: &str) -> Result<(usize, usize), CellNameError> {
        let letters = name.bytes().take_while(u8::is_ascii_lowercase).count();
        let (file_text, rank_text) = name.split_at(letters);
        if letters == 0 || letters > 2 {
            return Err(CellNameError::Syntax { name: name.to_owned() });
        }
        let mut file = 0usize;
        for b in file_text.bytes() {
            file = file * 26 + usize::from(b - b'a') + 1;
        }
        let rank = gridnote_text::number::parse_decimal(rank_text)
            .map_err(|_| CellNameError::Syntax { name: name.to_owned() })?
            as usize;
        let col = file - 1;
        if rank == 0 || rank > self.rows() || col >= self.cols() {
            return Err(CellNameError::OffBoard {
                name: name.to_owned(),
                rows: self.rows(),
                cols: self.cols(),
            });
        }
        Ok((self.rows() - rank, col))
    }
}

/// An algebraic cell name, such as `a1` (bottom-left) or `c3`. Displays without allocating.
///
/// ```
/// use gridnote_board::CellName;
/// assert_eq!(CellName { file: 27, rank: 12 }.to_string(), "ab12");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CellName {
    /// The column, 0 = `a`.
    pub file: usize,
    /// The rank, 1 = bottom row.
    pub rank: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut letters = FileLetters { bytes: [0; 2], len: 0 };
        push_file_letters(&mut letters, self.file);
        f.write_str(letters.as_str())?;
        write!(f, "{}", self.rank)
    }
}

/// The one or two letters of a file, gathered on the stack for a formatter.
struct FileLetters {
    bytes: [u8; 2],
    len: usize,
}

impl FileLetters {
    /// The letters (ASCII, so always a `str`).
    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

/// Takes ASCII bytes only ([`push_file_letters`] writes nothing else), two at most.
impl gridnote_text::sink::Sink for FileLetters {
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            self.push_ascii(c as u8);
        }
    }

    fn push_str(&mut self, s: &str) {
        s.bytes().for_each(|b| self.push_ascii(b));
    }

    #[inline]
    fn push_ascii(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte & 0x7F;
            self.len += 1;
        }
    }
}

/// Writes the file letters of column `col` (0 = `a`, 25 = `z`, 26 = `aa`, …).
pub(crate) fn push_file_letters<S: gridnote_text::sink::Sink + ?Sized>(out: &mut S, col: usize) {
    // Bijective base 26: a..z, aa..az, ba.. ; 255 columns need at most two letters.
    let n = col + 1;
    if n > 26 {
        // Beyond `zz` (no board has such a file) the letter is wrong but no panic.
        out.push_ascii(b'a'.wrapping_add(((n - 1) / 26 - 1) as u8));
    }
    out.push_ascii(b'a' + ((n - 1) % 26) as u8);
}

/// A cell name that could not be read.
///
/// ```
/// use gridnote_board::{Board, CellNameError};
/// let err = Board::new(3, 3).unwrap().parse_cell_name("z9").unwrap_err();
/// assert_eq!(err.to_string(), "cell z9 is off the 3x3 board");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CellNameError {
    /// Not of the form letters + number.
    #[error("`{name}` is not a cell name: expected file letters and a rank number, like a1")]
    Syntax {
        /// The text given.
        name: String,
    },
    /// A well-formed name off this board.
    #[error("cell {name} is off the {rows}x{cols} board")]
    OffBoard {
        /// The text given.
        name: String,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{Board, Cell};

    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(rename = "Board")]
    struct Repr {
        rows: usize,
        cols: usize,
        cells: Vec<Cell>,
    }

    impl serde::Serialize for Board {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            Repr { rows: self.rows(), cols: self.cols(), cells: self.cells().to_vec() }.serialize(s)
        }
    }

    impl<'de> serde::Deserialize<'de> for Board {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
            let repr = Repr::deserialize(d)?;
            Board::from_cells(repr.rows, repr.cols, repr.cells).map_err(serde::de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Board, BoardError};
    use crate::cell::Cell;

    #[test]
    fn a_small_board_takes_the_first_cells_of_its_array() {
        let mut cells = [Cell::TWO; Board::SMALL];
        cells[..6].copy_from_slice(&[
            Cell::Void,
            Cell::Empty,
            Cell::ONE,
            Cell::ONE,
            Cell::Empty,
            Cell::Void,
        ]);
        let board = Board::from_small(2, 3, cells).unwrap();
        assert_eq!((board.rows(), board.cols()), (2, 3));
        assert_eq!(board.cells(), &cells[..6]);
        // The cells past the board are not part of it: equal boards, equal hashes.
        let other = Board::from_slice(2, 3, &cells[..6]).unwrap();
        assert_eq!(board, other);
        let hash = |b: &Board| {
            use core::hash::{BuildHasher, BuildHasherDefault};
            BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(b)
        };
        assert_eq!(hash(&board), hash(&other));
        assert_eq!(Board::from_small(4, 4, cells).unwrap().cells(), &cells);
        assert_eq!(Board::from_small(1, 16, cells).unwrap().cols(), 16);
        assert_eq!(
            Board::from_small(3, 6, cells),
            Err(BoardError::TooManyCells { cells: 18, max: 16 })
        );
        assert_eq!(Board::from_small(0, 3, cells), Err(BoardError::Side { rows: 0, cols: 3 }));
        assert_eq!(
            BoardError::TooManyCells { cells: 18, max: 16 }.to_string(),
            "18 cells is more than 16, the most this takes"
        );
    }
}
