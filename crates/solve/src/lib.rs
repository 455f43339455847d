#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bits;
mod engine;
mod geometry;
mod grid;
mod mask;
mod search;
mod solution;
mod solver;
mod table;
mod thought;
mod threat;
mod wide;
mod wins;

pub use gridnote_board as board;

pub use engine::Thought;
pub use solution::{Proved, Solution, SolveError, Value};
pub use solver::{DEFAULT_TABLE_BYTES, MAX_CELLS, Solver, TableStats};
pub use thought::ThoughtKind;
pub use wins::{ThreatBudget, ThreatWin, Threats};

/// Solves `position` under `rules` with a fresh [`Solver`] (a transposition table of at
/// most [`DEFAULT_TABLE_BYTES`]).
///
/// # Errors
/// [`SolveError::Illegal`] for a position no game reaches (the legality problems are
/// listed), [`SolveError::TooLarge`] for a board of more than [`MAX_CELLS`] cells.
///
/// ```
/// use gridnote_solve::board::{Position, Rules};
/// use gridnote_solve::{Value, solve};
///
/// let solution = solve(&Position::start(3, 3)?, Rules::TIC_TAC_TOE)?;
/// assert_eq!(solution.value, Value::Draw);
/// assert_eq!(solution.plies, 9);
/// assert_eq!(solution.to_string(), "draw in 9 plies; best: a1 a2 a3 b1 b2 b3 c1 c2 c3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    position: &gridnote_board::Position,
    rules: gridnote_board::Rules,
) -> Result<Solution, SolveError> {
    Solver::new().solve(position, rules)
}
