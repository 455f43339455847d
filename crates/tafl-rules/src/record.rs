//! Checking the moves of a game record, and the result it claims, against the rules.

use gridnote_board::Player;
use gridnote_board::tafl::{MoveRecord, side_name};

use crate::position::{Outcome, Position};
use crate::text::{CaptureText, IllegalMove, Played};

/// How a line of a game ends: the rules' outcome after its last move (ongoing when the
/// game goes on), or a resignation.
///
/// ```
/// use gridnote_tafl_rules::{board::Player, LineEnd, Outcome};
/// assert_eq!(LineEnd::Resigned(Player::Two).to_string(), "the defenders resigned");
/// assert_eq!(LineEnd::Rules(Outcome::Ongoing).winner(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LineEnd {
    /// What the rules say after the last move.
    Rules(Outcome),
    /// This side resigned: the other side wins.
    Resigned(Player),
}

impl LineEnd {
    /// Whether the line ends the game: a resignation, or an outcome that is over.
    ///
    /// ```
    /// use gridnote_tafl_rules::{LineEnd, Outcome};
    /// assert!(!LineEnd::Rules(Outcome::Ongoing).is_over());
    /// ```
    #[must_use]
    pub fn is_over(self) -> bool {
        match self {
            LineEnd::Rules(outcome) => outcome.is_over(),
            LineEnd::Resigned(_) => true,
        }
    }

    /// The winner, if the line ends with one.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, LineEnd};
    /// assert_eq!(LineEnd::Resigned(Player::One).winner(), Some(Player::Two));
    /// ```
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            LineEnd::Rules(outcome) => outcome.winner(),
            LineEnd::Resigned(side) => Some(side.other()),
        }
    }

    /// Whether a result recorded for the game agrees with this end: `Some(side)` a win
    /// for `side`, `None` a draw. A line that does not end the game agrees with any
    /// result (the game may have ended on time, by agreement or by a resignation not
    /// written); one that does must name its winner, or a draw for a drawn game.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, LineEnd, Outcome, Reason};
    /// let escaped = LineEnd::Rules(Outcome::Won { winner: Player::Two, reason: Reason::KingEscaped });
    /// assert!(escaped.agrees(Some(Player::Two)));
    /// assert!(!escaped.agrees(Some(Player::One)));
    /// assert!(!escaped.agrees(None));
    /// assert!(LineEnd::Rules(Outcome::Ongoing).agrees(Some(Player::One)));
    /// ```
    #[must_use]
    pub fn agrees(self, result: Option<Player>) -> bool {
        !self.is_over() || self.winner() == result
    }
}

impl core::fmt::Display for LineEnd {
    /// `the game goes on`, `the defenders win: the king escaped`, `the attackers
    /// resigned`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            LineEnd::Rules(Outcome::Ongoing) => f.write_str("the game goes on"),
            LineEnd::Rules(outcome) => write!(f, "{outcome}"),
            LineEnd::Resigned(side) => write!(f, "the {} resigned", side_name(*side)),
        }
    }
}

/// An entry of a line that the rules refute: its index in the line (from 0) and why.
///
/// ```
/// use gridnote_tafl_rules::{check_line, CaptureText, CompiledRules, MoveRecord, Position};
/// let start = Position::start(&CompiledRules::brandubh());
/// let line: Vec<MoveRecord> = vec!["d2-c2".parse()?, "d1-d2".parse()?];
/// let err = check_line(start, &line, CaptureText::Listed).unwrap_err();
/// assert_eq!(err.index, 1);
/// assert_eq!(err.to_string(), "d1-d2: the defenders are to move, and the piece on d1 is not theirs");
/// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("{problem}")]
pub struct LineError {
    /// The entry's index in the line, from 0.
    pub index: usize,
    /// What is wrong with it.
    pub problem: IllegalMove,
}

/// A line replayed under the rules: each move as played (its captures, its OTN record
/// and the outcome after it), the position at the end, and how the line ends.
///
/// ```
/// use gridnote_tafl_rules::{check_line, CaptureText, CompiledRules, MoveRecord, Position};
/// let start = Position::start(&CompiledRules::brandubh());
/// let moves: Vec<MoveRecord> = vec!["d2-c2".parse()?, "---".parse()?];
/// let line = check_line(start, &moves, CaptureText::Listed)?;
/// assert_eq!(line.played.len(), 1);
/// assert_eq!(line.end.to_string(), "the defenders resigned");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct CheckedLine {
    /// The moves played, in order.
    pub played: Vec<Played>,
    /// The position after the last move.
    pub position: Position,
    /// How the line ends.
    pub end: LineEnd,
}

/// Replays a line of a game record from `start`, checking each entry against the rules
/// ([`Position::play_record`]): every move legal, its piece symbol and captures as the
/// rules make them (per `captures`), no move after the game ended or after a
/// resignation.
///
/// # Errors
/// [`LineError`] for the first entry the rules refute, with its index.
///
/// ```
/// use gridnote_tafl_rules::{board::Player, check_line, CaptureText, CompiledRules, MoveRecord, Position};
/// let rules = CompiledRules::brandubh();
/// let start = Position::from_record(&rules, "/7/7/7/Tt1K3/7/7/7/", Player::Two)?;
/// // A plain move list: the capture of b4 is computed.
/// let plain: MoveRecord = "d4-c4".parse()?;
/// let line = check_line(start.clone(), [&plain], CaptureText::Computed)?;
/// assert_eq!(line.played[0].text, "Kd4-c4xb4");
/// // A record that lists captures must list this one.
/// let named: MoveRecord = "Kd4-c4".parse()?;
/// let err = check_line(start, [&named], CaptureText::Listed).unwrap_err();
/// assert_eq!(err.to_string(), "d4-c4: the rules capture b4 (missing from the text)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_line<'a>(
    start: Position,
    entries: impl IntoIterator<Item = &'a MoveRecord>,
    captures: CaptureText,
) -> Result<CheckedLine, LineError> {
    let mut position = start;
    let mut played = Vec::new();
    let mut resigned = None;
    for (index, entry) in entries.into_iter().enumerate() {
        let fail = |problem| LineError { index, problem };
        if let Some(side) = resigned {
            return Err(fail(IllegalMove::AfterResignation { side: side_name(side) }));
        }
        match entry {
            MoveRecord::Move(text) => {
                played.push(position.play_record(text, captures).map_err(fail)?);
            }
            _ => {
                let outcome = position.outcome();
                if outcome.is_over() {
                    return Err(fail(IllegalMove::GameOver { outcome }));
                }
                resigned = Some(position.to_move());
            }
        }
    }
    let end = resigned.map_or_else(|| LineEnd::Rules(position.outcome()), LineEnd::Resigned);
    Ok(CheckedLine { played, position, end })
}
