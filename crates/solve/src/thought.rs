//! How the engine chose its move.

use crate::solution::Value;

/// How a [`Thought`](crate::Thought)'s move was chosen.
///
/// ```
/// use gridnote_solve::{ThoughtKind, Value};
/// assert_ne!(ThoughtKind::Solved(Value::Win), ThoughtKind::Searched { depth: 3 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ThoughtKind {
    /// By a full solve: the move keeps the position's value (and distance).
    Solved(Value),
    /// By a search this many plies deep (the full solve did not fit in the time).
    Searched {
        /// The deepest search completed.
        depth: u32,
    },
    /// By a win by continuous fours (VCF; boards over [`MAX_CELLS`](crate::MAX_CELLS)
    /// cells): every move of the winner's a four, every answer forced.
    Fours {
        /// The winner's moves in the shortest such win, the last one completing the line.
        moves: u32,
    },
    /// By a win by threats (VCT: fours and threes, each three answered by every move of
    /// its defence set; boards over [`MAX_CELLS`](crate::MAX_CELLS) cells).
    Threats {
        /// How long the win is: for freestyle five in a row with diagonals (the gomoku
        /// engine), the winner's moves in the longest line of the proof, the five
        /// included; for the other rules, the threats (fours or threes) before the fours
        /// that finish it.
        depth: u32,
    },
    /// By a rule of thumb: the most central cell on an empty board, or any move when
    /// there is no time at all.
    RuleOfThumb,
}
