//! A board with the side to move, and playing moves on it.

use crate::board::{Board, BoardError, CellName, CellNameError};
use crate::cell::{Cell, Player};
use crate::renju::Forbidden;
use crate::rules::{Gomoku, Outcome, Rules};

/// A board and whose turn it is.
///
/// ```
/// use gridnote_board::{Player, Position, Rules};
/// let start = Position::start(3, 3)?;
/// assert_eq!(start.to_move, Player::One);
/// let next = start.play_name("b2", Rules::TIC_TAC_TOE)?;
/// assert_eq!(next.to_move, Player::Two);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Position {
    /// The board.
    pub board: Board,
    /// The player whose turn it is.
    pub to_move: Player,
}

/// Why a move could not be played.
///
/// ```
/// use gridnote_board::{MoveError, Position, Rules};
/// let pos = Position::start(3, 3)?.play(1, 1, Rules::TIC_TAC_TOE)?;
/// let err = pos.play(1, 1, Rules::TIC_TAC_TOE).unwrap_err();
/// assert_eq!(err.to_string(), "b2 is already taken");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// (row, col) is off the board.
    #[error(transparent)]
    OffBoard(#[from] BoardError),
    /// A cell name that does not name a cell of this board.
    #[error(transparent)]
    Name(#[from] CellNameError),
    /// The cell is not playable.
    #[error("{0} is not a playable cell")]
    Void(CellName),
    /// The cell already holds a piece.
    #[error("{0} is already taken")]
    Occupied(CellName),
    /// The game is already over.
    #[error("the game is over ({0})")]
    Finished(Outcome),
    /// Under renju, the cell is a forbidden point of Player One's (black), who is to move.
    #[error("{cell} is forbidden to black under renju ({kind})")]
    Forbidden {
        /// The cell.
        cell: CellName,
        /// What the move would make.
        kind: Forbidden,
    },
}

impl Position {
    /// A position on `board` with `to_move` to play.
    ///
    /// ```
    /// use gridnote_board::{Board, Player, Position};
    /// let pos = Position::new(Board::new(3, 3)?, Player::Two);
    /// assert_eq!(pos.to_move, Player::Two);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub const fn new(board: Board, to_move: Player) -> Position {
        Position { board, to_move }
    }

    /// The start of a game: an empty `rows × cols` board, Player One to move.
    ///
    /// # Errors
    /// [`BoardError::Side`] when a side is 0 or over 255.
    ///
    /// ```
    /// use gridnote_board::Position;
    /// assert_eq!(Position::start(3, 4)?.board.counts().empty, 12);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    pub fn start(rows: usize, cols: usize) -> Result<Position, BoardError> {
        Ok(Position { board: Board::new(rows, cols)?, to_move: Player::One })
    }

    /// The outcome under `rules` (see [`Board::outcome`]).
    ///
    /// Under renju, a position where black (Player One) is to move and every empty cell
    /// is one of black's forbidden points is drawn: nobody can make a move (the board
    /// alone, [`Board::outcome`], says in progress).
    ///
    /// ```
    /// use gridnote_board::{Outcome, Position, Rules};
    /// assert_eq!(Position::start(3, 3)?.outcome(Rules::TIC_TAC_TOE), Outcome::InProgress);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self, rules: Rules) -> Outcome {
        let outcome = self.board.outcome(rules);
        if outcome == Outcome::InProgress && self.black_is_stuck(rules) {
            return Outcome::Drawn;
        }
        outcome
    }

    /// Whether, under renju, black is to move and every empty cell is forbidden.
    fn black_is_stuck(&self, rules: Rules) -> bool {
        rules.gomoku == Gomoku::Renju
            && self.to_move == Player::One
            && self.board.empty_cells().all(|(r, c)| self.board.forbidden(r, c, rules).is_some())
    }

    /// The moves available: every empty cell, row-major, but (renju) black's forbidden
    /// points when black is to move; none once the game is over.
    ///
    /// ```
    /// use gridnote_board::{Position, Rules};
    /// assert_eq!(Position::start(3, 3)?.moves(Rules::TIC_TAC_TOE).len(), 9);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn moves(&self, rules: Rules) -> Vec<(usize, usize)> {
        if self.outcome(rules).is_over() {
            return Vec::new();
        }
        let cells = self.board.empty_cells();
        if rules.gomoku == Gomoku::Renju && self.to_move == Player::One {
            return cells.filter(|&(r, c)| self.board.forbidden(r, c, rules).is_none()).collect();
        }
        cells.collect()
    }

    /// The position after the side to move places a piece at (row, col).
    ///
    /// # Errors
    /// [`MoveError`] for a cell off the board, void or occupied, a finished game, or
    /// (renju) one of black's forbidden points when black is to move.
    ///
    /// ```
    /// use gridnote_board::{Cell, Position, Rules};
    /// let pos = Position::start(3, 3)?.play(0, 0, Rules::TIC_TAC_TOE)?;
    /// assert_eq!(pos.board.get(0, 0), Some(Cell::ONE));
    /// # Ok::<(), gridnote_board::MoveError>(())
    /// ```
    pub fn play(&self, row: usize, col: usize, rules: Rules) -> Result<Position, MoveError> {
        let mut next = self.clone();
        next.play_in_place(row, col, rules)?;
        Ok(next)
    }

    /// [`Position::play`] by algebraic cell name (`a1` = bottom-left).
    ///
    /// # Errors
    /// As [`Position::play`], and [`MoveError::Name`] for a bad name.
    ///
    /// ```
    /// use gridnote_board::{Cell, Position, Rules};
    /// let pos = Position::start(3, 3)?.play_name("a1", Rules::TIC_TAC_TOE)?;
    /// assert_eq!(pos.board.get(2, 0), Some(Cell::ONE));
    /// # Ok::<(), gridnote_board::MoveError>(())
    /// ```
    pub fn play_name(&self, name: &str, rules: Rules) -> Result<Position, MoveError> {
        let (row, col) = self.board.parse_cell_name(name)?;
        self.play(row, col, rules)
    }

    /// Plays at (row, col) in place; on error the position is unchanged.
    ///
    /// # Errors
    /// As [`Position::play`].
    ///
    /// ```
    /// use gridnote_board::{Player, Position, Rules};
    /// let mut pos = Position::start(3, 3)?;
    /// pos.play_in_place(1, 1, Rules::TIC_TAC_TOE)?;
    /// assert_eq!(pos.to_move, Player::Two);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_in_place(&mut self, row: usize, col: usize, rules: Rules) -> Result<(), MoveError> {
        let cell = self.board.get(row, col).ok_or(BoardError::OffBoard {
            row,
            col,
            rows: self.board.rows(),
            cols: self.board.cols(),
        })?;
        match cell {
            Cell::Void => return Err(MoveError::Void(self.board.cell_name(row, col))),
            Cell::Empty => {}
            _ => return Err(MoveError::Occupied(self.board.cell_name(row, col))),
        }
        let outcome = self.outcome(rules);
        if outcome.is_over() {
            return Err(MoveError::Finished(outcome));
        }
        if self.to_move == Player::One {
            if let Some(kind) = self.board.forbidden(row, col, rules) {
                return Err(MoveError::Forbidden { cell: self.board.cell_name(row, col), kind });
            }
        }
        self.board.set(row, col, Cell::man(self.to_move))?;
        self.to_move = self.to_move.other();
        Ok(())
    }
}

impl TryFrom<Board> for Position {
    type Error = SideError;

    /// A position whose side to move follows from the counts (equal: Player One; One
    /// ahead by one: Player Two).
    ///
    /// ```
    /// use gridnote_board::{Board, Player, Position};
    /// let pos = Position::try_from(Board::new(3, 3)?)?;
    /// assert_eq!(pos.to_move, Player::One);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(board: Board) -> Result<Position, Self::Error> {
        let counts = board.counts();
        match counts.side_to_move() {
            Some(to_move) => Ok(Position { board, to_move }),
            None => Err(SideError { one: counts.of(Player::One), two: counts.of(Player::Two) }),
        }
    }
}

/// No side to move follows from the piece counts (Player One moves first, so One has as
/// many pieces as Two or one more).
///
/// ```
/// use gridnote_board::{Board, Cell, Position};
/// let board = Board::from_cells(1, 3, vec![Cell::ONE; 3])?;
/// let err = Position::try_from(board).unwrap_err();
/// assert_eq!(err.to_string(), "no side to move fits the counts: Player One has 3 pieces, Player Two 0 (expected equal counts or one more for Player One)");
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "no side to move fits the counts: Player One has {one} pieces, Player Two {two} (expected equal counts or one more for Player One)"
)]
#[non_exhaustive]
pub struct SideError {
    /// Player One's pieces.
    pub one: usize,
    /// Player Two's pieces.
    pub two: usize,
}
