//! quickcheck generators for boards and positions (feature `quickcheck`), shared by every
//! crate's property tests.

use quickcheck::{Arbitrary, Gen};

use crate::board::Board;
use crate::cell::{Cell, Player};
use crate::position::Position;

/// Every kind of cell the formats write: void, empty, both players' men, Two's king.
pub const ALL_CELLS: [Cell; 5] = [Cell::Void, Cell::Empty, Cell::ONE, Cell::TWO, Cell::TWO_KING];

/// The cells of tic-tac-toe formats: empty, `x`, `o`.
pub const MARKS: [Cell; 3] = [Cell::Empty, Cell::ONE, Cell::TWO];

/// A number in `lo..=hi` from `g`.
///
/// ```
/// use gridnote_board::arbitrary::in_range;
/// let mut g = quickcheck::Gen::new(10);
/// let n = in_range(&mut g, 1, 3);
/// assert!((1..=3).contains(&n));
/// ```
pub fn in_range(g: &mut Gen, lo: usize, hi: usize) -> usize {
    lo + usize::arbitrary(g) % (hi - lo + 1)
}

/// A `rows × cols` board whose cells are drawn from `palette` (which must not be empty).
///
/// # Panics
/// When `palette` is empty or the shape is out of range (a test-writing mistake).
///
/// ```
/// use gridnote_board::arbitrary::{board_with, MARKS};
/// let board = board_with(&mut quickcheck::Gen::new(10), 3, 3, &MARKS);
/// assert!(board.cells().iter().all(|c| !c.is_void()));
/// ```
pub fn board_with(g: &mut Gen, rows: usize, cols: usize, palette: &[Cell]) -> Board {
    Board::from_fn(rows, cols, |_, _| *g.choose(palette).expect("palette is not empty"))
        .expect("shape in range")
}

/// Smaller boards like `board`: each non-empty cell emptied in turn, then the last row or
/// column dropped (never below 1 × 1).
///
/// ```
/// use gridnote_board::{arbitrary::shrink_board, Board, Cell};
/// let board = Board::from_cells(1, 2, vec![Cell::ONE, Cell::Empty])?;
/// let smaller: Vec<Board> = shrink_board(&board).collect();
/// assert!(smaller.contains(&Board::new(1, 2)?));
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
pub fn shrink_board(board: &Board) -> Box<dyn Iterator<Item = Board>> {
    let board = board.clone();
    let emptied = (0..board.cells().len()).filter_map({
        let board = board.clone();
        move |i| {
            (board.cells()[i] != Cell::Empty).then(|| {
                let mut b = board.clone();
                b.cells_mut()[i] = Cell::Empty;
                b
            })
        }
    });
    let (rows, cols) = (board.rows(), board.cols());
    let fewer_rows = (rows > 1).then(|| {
        Board::from_fn(rows - 1, cols, |r, c| board.get(r, c).unwrap_or(Cell::Empty))
            .expect("smaller shape")
    });
    let fewer_cols = (cols > 1).then(|| {
        Board::from_fn(rows, cols - 1, |r, c| board.get(r, c).unwrap_or(Cell::Empty))
            .expect("smaller shape")
    });
    Box::new(fewer_rows.into_iter().chain(fewer_cols).chain(emptied))
}

impl Arbitrary for Player {
    fn arbitrary(g: &mut Gen) -> Self {
        if bool::arbitrary(g) { Player::One } else { Player::Two }
    }
}

impl Arbitrary for Cell {
    fn arbitrary(g: &mut Gen) -> Self {
        *g.choose(&ALL_CELLS).expect("not empty")
    }
}

impl Arbitrary for Board {
    /// Any shape from 1×1 to 8×8, any cells of [`ALL_CELLS`].
    fn arbitrary(g: &mut Gen) -> Self {
        let rows = in_range(g, 1, 8);
        let cols = in_range(g, 1, 8);
        board_with(g, rows, cols, &ALL_CELLS)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        shrink_board(self)
    }
}

impl Arbitrary for Position {
    /// An arbitrary [`Board`] and side to move.
    fn arbitrary(g: &mut Gen) -> Self {
        Position { board: Board::arbitrary(g), to_move: Player::arbitrary(g) }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let to_move = self.to_move;
        Box::new(shrink_board(&self.board).map(move |board| Position { board, to_move }))
    }
}
