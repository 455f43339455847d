//! What a solve finds: value, distance and best moves; and why it may refuse.

use core::fmt;

use gridnote_board::{CellName, Player, Problems};

/// The value of a position for the side to move under perfect play.
///
/// ```
/// use gridnote_solve::Value;
/// assert_eq!(Value::Win.flip(), Value::Loss);
/// assert_eq!(Value::Draw.to_string(), "draw");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Value {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value for the other side.
    ///
    /// ```
    /// use gridnote_solve::Value;
    /// assert_eq!(Value::Loss.flip(), Value::Win);
    /// ```
    #[must_use]
    pub const fn flip(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        })
    }
}

/// A solved position: its [`Value`] for the side to move, the distance in plies until
/// the game ends under perfect play (the winner hurrying, the loser delaying; a draw
/// ends when the board is full; 0 for a finished game), and every move that keeps both.
///
/// Displays as `x wins in 7 plies; best: b2`, `draw in 9 plies; best: a1 a3 b2 c1 c3`,
/// `o wins in 4 plies; best: c1` or, for a finished game, `x wins in 0 plies; game over`.
/// Cell names are gridnote's: files from `a` on the left, rank 1 at the bottom.
///
/// ```
/// use gridnote_solve::board::{Player, Position, Rules};
/// use gridnote_solve::{Value, solve};
///
/// let mut pos = Position::start(3, 3)?;
/// for name in ["a1", "b1", "a2"] {
///     pos = pos.play_name(name, Rules::TIC_TAC_TOE)?;
/// }
/// let solution = solve(&pos, Rules::TIC_TAC_TOE)?;
/// // o to move must block a3, and still loses.
/// assert_eq!((solution.value, solution.plies), (Value::Loss, 4));
/// assert_eq!(solution.winner(), Some(Player::One));
/// assert_eq!(solution.to_string(), "x wins in 4 plies; best: a3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Solution {
    /// The value for the side to move.
    pub value: Value,
    /// Plies until the game ends under perfect play.
    pub plies: usize,
    /// The side to move.
    pub to_move: Player,
    /// Every move keeping the value and the distance, in cell-name order (by file, then
    /// rank); empty for a finished game. (Serialized as names, like `"b2"`.)
    #[cfg_attr(feature = "serde", serde(serialize_with = "names"))]
    pub best: Vec<CellName>,
    /// Positions searched.
    pub nodes: u64,
}

impl Solution {
    /// The player who wins under perfect play, or `None` for a draw.
    ///
    /// ```
    /// use gridnote_solve::board::{Position, Rules};
    /// let solution = gridnote_solve::solve(&Position::start(3, 3)?, Rules::TIC_TAC_TOE)?;
    /// assert_eq!(solution.winner(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match self.value {
            Value::Win => Some(self.to_move),
            Value::Loss => Some(self.to_move.other()),
            Value::Draw => None,
        }
    }

    /// Whether the game is already over.
    ///
    /// ```
    /// use gridnote_solve::board::{Position, Rules};
    /// let solution = gridnote_solve::solve(&Position::start(3, 3)?, Rules::TIC_TAC_TOE)?;
    /// assert!(!solution.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.plies == 0
    }
}

#[cfg(feature = "serde")]
fn names<S: serde::Serializer>(best: &[CellName], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(best.iter().map(ToString::to_string))
}

/// How solve output names a player: T3EN's `x` and `o`.
pub(crate) const fn letter(player: Player) -> &'static str {
    match player {
        Player::One => "x",
        Player::Two => "o",
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(player) => write!(f, "{} wins in {} plies", letter(player), self.plies)?,
            None => write!(f, "draw in {} plies", self.plies)?,
        }
        if self.is_over() {
            return f.write_str("; game over");
        }
        f.write_str("; best:")?;
        for name in &self.best {
            write!(f, " {name}")?;
        }
        Ok(())
    }
}

/// Why a position could not be solved.
///
/// ```
/// use gridnote_solve::board::{Board, Cell, Player, Position, Rules};
/// use gridnote_solve::{SolveError, solve};
///
/// let board = Board::from_cells(1, 3, vec![Cell::ONE, Cell::ONE, Cell::Empty])?;
/// let err = solve(&Position::new(board, Player::One), Rules::TIC_TAC_TOE).unwrap_err();
/// assert!(matches!(err, SolveError::Illegal(_)));
/// assert_eq!(
///     err.to_string(),
///     "illegal position: Player One has more than one piece more than Player Two"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// No game reaches the position under the rules.
    #[error("illegal position: {}", list(*.0))]
    Illegal(Problems),
    /// The board has more cells than the solver handles.
    #[error("a board of {cells} cells is too large to solve (at most {max})")]
    TooLarge {
        /// Cells on the board (void cells included).
        cells: usize,
        /// The most the solver handles.
        max: usize,
    },
    /// The game is over: there is no move to choose.
    #[error("the game is over: there is no move to choose")]
    Finished,
    /// The time limit of [`Solver::solve_by`](crate::Solver::solve_by) came first.
    #[error("out of time after {nodes} nodes; proved so far: {proved}")]
    OutOfTime {
        /// What the finished part of the search proved.
        proved: Proved,
        /// Positions searched.
        nodes: u64,
    },
}

/// What a solve stopped by its time limit had proved, for the side to move.
///
/// ```
/// use gridnote_solve::Proved;
/// assert_eq!(Proved::NoWin.to_string(), "the side to move cannot force a win");
/// assert_eq!(Proved::Win { within: 9 }.to_string(), "the side to move wins within 9 plies");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Proved {
    /// Nothing yet: not even whether the side to move wins.
    Nothing,
    /// The side to move wins, within this many plies (the exact distance not yet).
    Win {
        /// An upper bound on the distance.
        within: usize,
    },
    /// The side to move cannot force a win (whether it draws or loses not yet).
    NoWin,
    /// The side to move loses, after at least this many plies (the exact distance not
    /// yet).
    Loss {
        /// A lower bound on the distance.
        after: usize,
    },
    /// The value and the distance, but not yet every best move.
    Value {
        /// The value for the side to move.
        value: Value,
        /// The distance in plies.
        plies: usize,
    },
}

impl fmt::Display for Proved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Proved::Nothing => f.write_str("nothing"),
            Proved::Win { within } => write!(f, "the side to move wins within {within} plies"),
            Proved::NoWin => f.write_str("the side to move cannot force a win"),
            Proved::Loss { after } => {
                write!(f, "the side to move loses, after at least {after} plies")
            }
            Proved::Value { value, plies } => {
                write!(
                    f,
                    "a {value} in {plies} plies for the side to move (best moves not all found)"
                )
            }
        }
    }
}

fn list(problems: Problems) -> String {
    problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; ")
}
