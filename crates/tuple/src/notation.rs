//! The tuple format as a [`Notation`]: what the converter's registry knows of it.

use gridnote_board::notation::Notation;
use gridnote_board::notes::Note;
use gridnote_board::setup::{Carries, Setup};
use gridnote_board::{Board, Cell, Position, Rules};
use gridnote_text::sink::Sink;

use crate::{ModelError, ParseError, Tuple};

/// ```
/// use gridnote_tuple::board::notation::{Notation, NotationExt};
/// use gridnote_tuple::board::{setup::Setup, Board, Cell, Player};
/// use gridnote_tuple::Tuple;
///
/// assert!(Tuple::sniff("(x ____ ____ ____)"));
/// let setup = Tuple::read("(o x___ ____ ____)", &())?;
/// assert_eq!(setup.to_move, Some(Player::Two));
///
/// // Full void bottom rows (or right columns) are cropped: T3EN's padding, undone.
/// let mut board = Board::new(3, 3)?;
/// for col in 0..3 { board.set(2, col, Cell::Void)?; }
/// let text = Tuple::write(Setup::new(board).with_to_move(Player::One), &(), &mut Vec::new())?;
/// assert_eq!(text, "(x ___ ___)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Notation for Tuple {
    const NAME: &'static str = "tuple";
    const EXAMPLE: &'static str = "(x ____ ____ ____)";
    const DESCRIPTION: &'static str =
        "Tomorrow's Tic-Tac-Toe position: (side row row ...), any rectangle";
    const SNIFF_RULE: &'static str = "starts with `(`";
    const DETECT_PRIORITY: u8 = 10;
    const CARRIES: Carries = Carries::BOARD.with_side_to_move();
    const SIDE_LETTERS: [&'static str; 2] = ["x", "o"];
    const DEFAULT_RULES: Rules = Rules::TOMORROWS;

    type Options = ();
    type ParseError = ParseError;
    type ModelError = ModelError;

    /// Starts with `(`.
    fn sniff(text: &str) -> bool {
        text.starts_with('(')
    }

    fn parse_with(text: &str, _: &()) -> Result<Tuple, ParseError> {
        text.parse()
    }

    fn to_setup(self, _: &()) -> Result<Setup, ModelError> {
        let position = self.into_position();
        Ok(Setup::new(position.board).with_to_move(position.to_move))
    }

    /// Full void bottom rows, or full void right columns, are cropped (the inverse of
    /// T3EN's padding); any other void cell cannot be written.
    fn from_setup(setup: Setup, _: &(), _: &mut Vec<Note>) -> Result<Tuple, ModelError> {
        let to_move = setup
            .side_to_move()
            .map_err(|e| ModelError::NoSideToMove { one: e.one, two: e.two })?;
        let board = crop_margins(setup.board)?;
        Tuple::new(Position::new(board, to_move))
    }

    fn append_to<S: Sink + ?Sized>(&self, _: &(), out: &mut S) {
        Tuple::append_to(self, out);
    }
}

/// The inverse of T3EN's padding: full void bottom rows, or full void right columns, are
/// cut off. Any other void layout cannot become a rectangle.
fn crop_margins(board: Board) -> Result<Board, ModelError> {
    let (rows, cols) = (board.rows(), board.cols());
    let void_rows =
        board.iter_rows().rev().take_while(|row| row.iter().all(|c| c.is_void())).count();
    let void_cols = (0..cols)
        .rev()
        .take_while(|&c| (0..rows).all(|r| board.get(r, c) == Some(Cell::Void)))
        .count();
    if void_rows == rows {
        return Err(ModelError::AllVoid);
    }
    let (keep_rows, keep_cols) = match (void_rows, void_cols) {
        (0, 0) if !board.cells().contains(&Cell::Void) => return Ok(board),
        (0, 0) => (rows, cols),
        (r, 0) => (rows - r, cols),
        (0, c) => (rows, cols - c),
        (r, c) => return Err(ModelError::TwoMargins { rows: r, cols: c }),
    };
    let cropped =
        Board::from_fn(keep_rows, keep_cols, |r, c| board.get(r, c).unwrap_or(Cell::Void))
            .map_err(|_| ModelError::AllVoid)?;
    if let Some(((r, c), _)) = cropped.iter().find(|(_, cell)| cell.is_void()) {
        return Err(ModelError::VoidInside { cell: board.cell_name(r, c) });
    }
    Ok(cropped)
}
