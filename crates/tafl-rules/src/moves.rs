//! [`Move`]: a move of the engine, from one square to another.

use core::fmt;

use gridnote_board::tafl::{MoveText, ParseError, Square};

/// A move: the piece on `from` goes to `to` (a slide along a rank or file, or a jump).
///
/// This is what the engine plays; a move as a text writes it is the model's
/// [`MoveText`] (syntax), which [`crate::Position::check_move`] checks against a position
/// to give a `Move`. `Display` writes OTEP's simple form `d1-d4`;
/// [`crate::Position::move_text`] writes the full OTN move record with the piece, the
/// jump sign and the captures.
///
/// ```
/// use gridnote_tafl_rules::{Move, Square};
/// let m: Move = "d1-d4".parse()?;
/// assert_eq!(m, Move::new(Square::new(3, 0), Square::new(3, 3)));
/// assert_eq!(m.to_string(), "d1-d4");
/// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    ///
    /// ```
    /// use gridnote_tafl_rules::{Move, Square};
    /// assert_eq!(Move::new(Square::new(0, 0), Square::new(0, 2)).to_string(), "a1-a3");
    /// ```
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl From<&MoveText> for Move {
    /// The squares of a move as written (its letter, type and captures are the position's
    /// to check: [`crate::Position::check_move`]).
    fn from(text: &MoveText) -> Move {
        Move::new(text.from, text.to)
    }
}

impl core::str::FromStr for Move {
    type Err = ParseError;

    /// Reads a move record with the model's reader (OTEP's `d1-d4`, or a whole OTN move
    /// record: `Kd1-d4xe4/e5`, `d1^=d3`) and keeps its squares; the piece letter and the
    /// captures are the position's to check ([`crate::Position::check_move`]).
    fn from_str(text: &str) -> Result<Move, ParseError> {
        text.parse::<MoveText>().map(|t| Move::from(&t))
    }
}
