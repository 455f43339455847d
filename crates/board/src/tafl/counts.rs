//! The piece counts no tafl game reaches, whatever the text: the kings.

use core::fmt;

use super::side::side_name;
use crate::{Board, Player, Role};

/// A piece count no tafl game reaches, read from the board alone: every format's
/// positions are checked by these rules (a format with counters, TSN's, adds its own).
/// Reading does not refuse such a position (OpenTafl's own tests play with two kings);
/// `gridnote check` reports it.
///
/// ```
/// use gridnote_board::tafl::{CountProblem, PositionRecord, count_problems};
/// use gridnote_board::{Board, Player};
/// let three: PositionRecord = "/K2/1K1/2K/".parse()?;
/// let problems = count_problems(&Board::from(&three));
/// assert_eq!(problems, [CountProblem::Kings { player: Player::Two, count: 3 }]);
/// assert_eq!(problems[0].to_string(), "3 kings of the defenders on the board: a side has at most one king");
/// assert_eq!(problems[0].name(), "too-many-kings");
/// let none: PositionRecord = "/t2/3/3/".parse()?;
/// assert_eq!(count_problems(&Board::from(&none)), [CountProblem::NoKing]);
/// # Ok::<(), gridnote_board::tafl::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CountProblem {
    /// The defenders have no king (possible only once the game is over).
    NoKing,
    /// A side has more than one king.
    Kings {
        /// The side.
        player: Player,
        /// Its kings.
        count: usize,
    },
}

impl CountProblem {
    /// A short stable name (kebab-case), for JSON and command lines.
    ///
    /// ```
    /// assert_eq!(gridnote_board::tafl::CountProblem::NoKing.name(), "no-king");
    /// ```
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            CountProblem::NoKing => "no-king",
            CountProblem::Kings { .. } => "too-many-kings",
        }
    }
}

impl fmt::Display for CountProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CountProblem::NoKing => {
                f.write_str("no king on the board (possible only once the game is over)")
            }
            CountProblem::Kings { player, count } => write!(
                f,
                "{count} kings of the {} on the board: a side has at most one king",
                side_name(player)
            ),
        }
    }
}

/// The piece-count problems of a tafl board, in a fixed order: the defenders without a
/// king, then each side with more than one.
#[must_use]
pub fn count_problems(board: &Board) -> Vec<CountProblem> {
    let mut kings = [0usize; 2];
    for (_, cell) in board.iter() {
        if let Some(piece) = cell.piece().filter(|p| p.role == Role::King) {
            kings[piece.player.index()] += 1;
        }
    }
    let mut problems = Vec::new();
    if kings[Player::Two.index()] == 0 {
        problems.push(CountProblem::NoKing);
    }
    for player in Player::BOTH {
        let count = kings[player.index()];
        if count > 1 {
            problems.push(CountProblem::Kings { player, count });
        }
    }
    problems
}
