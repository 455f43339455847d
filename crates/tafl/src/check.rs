//! The semantic check: are the counts on the board and the counters consistent with a
//! game? Separate from reading: the reader accepts any well-formed position.

use core::fmt;

use gridnote_board::Player;

use crate::model::{Ten, Tsn};

/// One inconsistency between the board and the counters of a [`Tsn`]. Each message says
/// the numbers.
///
/// ```
/// use gridnote_tafl::{SemanticProblem, Tsn};
/// let tsn: Tsn = "3 4 ddd/ddd/aaa a 3 3".parse()?;
/// assert_eq!(
///     tsn.problems(),
///     [
///         SemanticProblem::TooManyDefenders { on_board: 6, at_start: 4 },
///         SemanticProblem::SinceCaptureNotBelowPly { since_capture: 3, ply: 3 },
///         SemanticProblem::NoKing,
///     ]
/// );
/// assert_eq!(tsn.problems()[0].to_string(), "6 defenders on the board, more than the 4 at the start");
/// # Ok::<(), gridnote_tafl::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", tag = "problem"))]
#[non_exhaustive]
pub enum SemanticProblem {
    /// More defenders on the board (the king not counted) than at the start.
    TooManyDefenders {
        /// Defenders on the board.
        on_board: usize,
        /// The defenders field.
        at_start: u32,
    },
    /// More attackers on the board than twice the defenders at the start.
    TooManyAttackers {
        /// Attackers on the board.
        on_board: usize,
        /// The defenders field (the attackers may be at most twice as many).
        defenders: u32,
    },
    /// The plies since the last capture are not below the ply: at ply `p` at most `p - 1`
    /// plies have been played.
    SinceCaptureNotBelowPly {
        /// The plies since the last capture.
        since_capture: u32,
        /// The current ply.
        ply: u32,
    },
    /// No king on the board (possible only once the game is over).
    NoKing,
}

impl SemanticProblem {
    /// A short stable name (kebab-case), for JSON and command lines.
    ///
    /// ```
    /// use gridnote_tafl::SemanticProblem;
    /// assert_eq!(SemanticProblem::NoKing.name(), "no-king");
    /// ```
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            SemanticProblem::TooManyDefenders { .. } => "too-many-defenders",
            SemanticProblem::TooManyAttackers { .. } => "too-many-attackers",
            SemanticProblem::SinceCaptureNotBelowPly { .. } => "since-capture-not-below-ply",
            SemanticProblem::NoKing => "no-king",
        }
    }
}

impl fmt::Display for SemanticProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SemanticProblem::TooManyDefenders { on_board, at_start } => {
                write!(
                    f,
                    "{on_board} defenders on the board, more than the {at_start} at the start"
                )
            }
            SemanticProblem::TooManyAttackers { on_board, defenders } => write!(
                f,
                "{on_board} attackers on the board, more than {} (twice the {defenders} defenders at the start)",
                2 * u64::from(defenders)
            ),
            SemanticProblem::SinceCaptureNotBelowPly { since_capture, ply } => write!(
                f,
                "{since_capture} plies since the last capture is not below the ply {ply} (at ply {ply} at most {} plies have been played)",
                ply.saturating_sub(1)
            ),
            SemanticProblem::NoKing => {
                f.write_str("no king on the board (possible only once the game is over)")
            }
        }
    }
}

impl Tsn {
    /// Every semantic problem of the position, in a fixed order (defenders, attackers,
    /// counters, king); empty when the position is consistent. Counts come from the
    /// shared [`Board::counts`](gridnote_board::Board::counts); the king is not a defender.
    ///
    /// ```
    /// use gridnote_tafl::{SemanticProblem, Tsn};
    /// let start: Tsn = "11 12 3aaaaa3/5a5/B/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/B/5a5/3aaaaa3 a 1 0".parse()?;
    /// assert!(start.problems().is_empty());
    /// let crowded: Tsn = "3 4 aaa/aaa/aaa a 1 0".parse()?;
    /// assert_eq!(
    ///     crowded.problems(),
    ///     [SemanticProblem::TooManyAttackers { on_board: 9, defenders: 4 }, SemanticProblem::NoKing]
    /// );
    /// assert_eq!(
    ///     crowded.problems()[0].to_string(),
    ///     "9 attackers on the board, more than 8 (twice the 4 defenders at the start)"
    /// );
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn problems(&self) -> Vec<SemanticProblem> {
        let counts = self.board().counts();
        let two = Player::Two.index();
        let kings = counts.kings[two];
        let defenders = counts.pieces[two] - kings;
        let attackers = counts.of(Player::One);
        let mut problems = Vec::new();
        if defenders as u64 > u64::from(self.defenders()) {
            problems.push(SemanticProblem::TooManyDefenders {
                on_board: defenders,
                at_start: self.defenders(),
            });
        }
        if attackers as u64 > 2 * u64::from(self.defenders()) {
            problems.push(SemanticProblem::TooManyAttackers {
                on_board: attackers,
                defenders: self.defenders(),
            });
        }
        if self.since_capture() >= self.ply() {
            problems.push(SemanticProblem::SinceCaptureNotBelowPly {
                since_capture: self.since_capture(),
                ply: self.ply(),
            });
        }
        if kings == 0 {
            problems.push(SemanticProblem::NoKing);
        }
        problems
    }
}

impl Ten {
    /// The semantic problems of the position ([`Tsn::problems`]); the extension is not
    /// checked beyond its syntax.
    ///
    /// ```
    /// let ten: gridnote_tafl::Ten = "1 4 1 a 1 0 -".parse()?;
    /// assert_eq!(ten.problems(), [gridnote_tafl::SemanticProblem::NoKing]);
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn problems(&self) -> Vec<SemanticProblem> {
        self.tsn().problems()
    }
}
