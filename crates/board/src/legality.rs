//! Legality: could this position arise in a game where Player One moves first and the
//! game stops at the first line or a full board? Every problem is reported, not just the
//! first, as a set a caller can inspect and selectively waive.
//!
//! The checks are exact for any board and any [`Rules`]: a position passes all of them
//! if and only if play reaches it (tested by exhaustive play on 3×3 and 3×4). On 3×3 with
//! tic-tac-toe rules they accept exactly the 5,478 reachable positions.

use core::fmt;

use crate::board::Board;
use crate::cell::{Cell, Player};
use crate::position::Position;
use crate::rules::Rules;

/// One named legality problem.
///
/// ```
/// use gridnote_board::Problem;
/// assert_eq!(Problem::BothHaveLines.to_string(), "both players hold a line");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Problem {
    /// A king is on the board: m,n,k games have none.
    King,
    /// Player One has more than one piece more than Player Two.
    TooManyOne,
    /// Player Two has more pieces than Player One (who moves first).
    TooManyTwo,
    /// The side to move disagrees with the counts (equal counts: Player One; One ahead by
    /// one: Player Two).
    WrongSideToMove,
    /// Both players hold a line: the game stops at the first.
    BothHaveLines,
    /// The player holding a line did not make the last move.
    LineNotByLastMover,
    /// No single last move could have made all of the line holder's lines: no piece of
    /// theirs lies on all of them with the board line-free without it.
    NotOneLastMove,
}

impl Problem {
    /// Every problem, in order.
    pub const ALL: [Problem; 7] = [
        Problem::King,
        Problem::TooManyOne,
        Problem::TooManyTwo,
        Problem::WrongSideToMove,
        Problem::BothHaveLines,
        Problem::LineNotByLastMover,
        Problem::NotOneLastMove,
    ];

    /// A short stable name (kebab-case), for JSON and command lines.
    ///
    /// ```
    /// use gridnote_board::Problem;
    /// assert_eq!(Problem::TooManyOne.name(), "too-many-one");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Problem::King => "king",
            Problem::TooManyOne => "too-many-one",
            Problem::TooManyTwo => "too-many-two",
            Problem::WrongSideToMove => "wrong-side-to-move",
            Problem::BothHaveLines => "both-have-lines",
            Problem::LineNotByLastMover => "line-not-by-last-mover",
            Problem::NotOneLastMove => "not-one-last-move",
        }
    }

    const fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Problem::King => "a king is on the board (m,n,k games have none)",
            Problem::TooManyOne => "Player One has more than one piece more than Player Two",
            Problem::TooManyTwo => "Player Two has more pieces than Player One, who moves first",
            Problem::WrongSideToMove => "the side to move disagrees with the piece counts",
            Problem::BothHaveLines => "both players hold a line",
            Problem::LineNotByLastMover => "the player holding a line did not make the last move",
            Problem::NotOneLastMove => {
                "no single last move could have made all of the line holder's lines"
            }
        })
    }
}

/// A set of [`Problem`]s. Empty means legal.
///
/// ```
/// use gridnote_board::{Board, Cell, Problem, Rules};
/// let board = Board::from_cells(1, 3, vec![Cell::TWO; 3])?;
/// let problems = board.problems(Rules::TIC_TAC_TOE, None);
/// assert!(problems.contains(Problem::TooManyTwo));
/// assert_eq!(problems.iter().collect::<Vec<_>>(), [Problem::TooManyTwo]);
/// assert!(problems.without(Problem::TooManyTwo).is_empty());
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Problems(u8);

impl Problems {
    /// No problems.
    pub const NONE: Problems = Problems(0);

    /// Whether there are no problems (the position is legal).
    ///
    /// ```
    /// assert!(gridnote_board::Problems::NONE.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `problem` is in the set.
    ///
    /// ```
    /// use gridnote_board::{Problem, Problems};
    /// assert!(!Problems::NONE.contains(Problem::King));
    /// ```
    #[must_use]
    pub const fn contains(self, problem: Problem) -> bool {
        self.0 & problem.bit() != 0
    }

    /// The set with `problem` added.
    ///
    /// ```
    /// use gridnote_board::{Problem, Problems};
    /// assert!(Problems::NONE.with(Problem::King).contains(Problem::King));
    /// ```
    #[must_use]
    pub const fn with(self, problem: Problem) -> Problems {
        Problems(self.0 | problem.bit())
    }

    /// The set with `problem` waived.
    ///
    /// ```
    /// use gridnote_board::{Problem, Problems};
    /// assert!(Problems::NONE.with(Problem::King).without(Problem::King).is_empty());
    /// ```
    #[must_use]
    pub const fn without(self, problem: Problem) -> Problems {
        Problems(self.0 & !problem.bit())
    }

    /// The problems in the set, in [`Problem::ALL`] order.
    ///
    /// ```
    /// use gridnote_board::Problems;
    /// assert_eq!(Problems::NONE.iter().count(), 0);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Problem> {
        Problem::ALL.into_iter().filter(move |&p| self.contains(p))
    }

    /// How many problems.
    ///
    /// ```
    /// assert_eq!(gridnote_board::Problems::NONE.len(), 0);
    /// ```
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl FromIterator<Problem> for Problems {
    fn from_iter<I: IntoIterator<Item = Problem>>(iter: I) -> Self {
        iter.into_iter().fold(Problems::NONE, Problems::with)
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for Problems {
    /// As the list of the problems' names, in [`Problem::ALL`] order.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> serde::Deserialize<'de> for Problems {
    /// From a list of problem names, in any order; a name listed twice is an error.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Problems, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Problems;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of legality problem names")
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Problems, A::Error> {
                let mut problems = Problems::NONE;
                while let Some(problem) = seq.next_element::<Problem>()? {
                    if problems.contains(problem) {
                        return Err(serde::de::Error::custom(format_args!(
                            "legality problem `{}` listed twice",
                            problem.name()
                        )));
                    }
                    problems = problems.with(problem);
                }
                Ok(problems)
            }
        }
        d.deserialize_seq(Visitor)
    }
}

impl Board {
    /// Every legality problem of this board under `rules`, given the side to move when
    /// there is one (`None` skips [`Problem::WrongSideToMove`], for formats that carry no
    /// side).
    ///
    /// ```
    /// use gridnote_board::{Board, Cell, Player, Problem, Rules};
    /// // x x x / o o o / _ _ _ : both players hold a line.
    /// let mut cells = vec![Cell::ONE, Cell::ONE, Cell::ONE, Cell::TWO, Cell::TWO, Cell::TWO];
    /// cells.extend([Cell::Empty; 3]);
    /// let board = Board::from_cells(3, 3, cells)?;
    /// let problems = board.problems(Rules::TIC_TAC_TOE, Some(Player::Two));
    /// assert_eq!(
    ///     problems.iter().collect::<Vec<_>>(),
    ///     [Problem::WrongSideToMove, Problem::BothHaveLines]
    /// );
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn problems(&self, rules: Rules, to_move: Option<Player>) -> Problems {
        let counts = self.counts();
        let mut problems = Problems::NONE;
        if counts.kings != [0, 0] {
            problems = problems.with(Problem::King);
        }
        let (one, two) = (counts.of(Player::One), counts.of(Player::Two));
        if one > two + 1 {
            problems = problems.with(Problem::TooManyOne);
        }
        if two > one {
            problems = problems.with(Problem::TooManyTwo);
        }
        let implied = counts.side_to_move();
        if let (Some(implied), Some(given)) = (implied, to_move) {
            if implied != given {
                problems = problems.with(Problem::WrongSideToMove);
            }
        }
        let lines = self.lines(rules);
        let holds = |p: Player| lines.iter().any(|l| l.player == p);
        let holders: Vec<Player> = Player::BOTH.into_iter().filter(|&p| holds(p)).collect();
        match holders.as_slice() {
            [] => {}
            [_, _] => problems = problems.with(Problem::BothHaveLines),
            &[holder] => {
                // The last mover, when the counts name one: One ahead → One; equal → Two.
                let last_mover = implied.map(Player::other);
                if counts.occupied() > 0 && last_mover.is_some_and(|p| p != holder) {
                    problems = problems.with(Problem::LineNotByLastMover);
                }
                if !self.one_move_made_every_line(rules, holder, &lines) {
                    problems = problems.with(Problem::NotOneLastMove);
                }
            }
            _ => unreachable!("at most two players"),
        }
        problems
    }

    /// Whether some piece of `holder` lies on all its lines and the board without it has
    /// no line at all.
    fn one_move_made_every_line(
        &self,
        rules: Rules,
        holder: Player,
        lines: &[crate::Line],
    ) -> bool {
        let mut holder_lines = lines.iter().filter(|l| l.player == holder);
        let Some(first) = holder_lines.next() else { return true };
        let mut candidates: Vec<(usize, usize)> = first.cells().collect();
        for line in holder_lines {
            candidates.retain(|&cell| line.cells().any(|c| c == cell));
        }
        let mut scratch = self.clone();
        candidates.into_iter().any(|(r, c)| {
            let cell = scratch.get(r, c).unwrap_or(Cell::Void);
            let _ = scratch.set(r, c, Cell::Empty);
            let free = scratch.line_holders(rules) == [false, false];
            let _ = scratch.set(r, c, cell);
            free
        })
    }
}

impl Position {
    /// Every legality problem of this position under `rules` (see [`Board::problems`]).
    ///
    /// ```
    /// use gridnote_board::{Position, Rules};
    /// let start = Position::start(3, 3)?;
    /// assert!(start.problems(Rules::TIC_TAC_TOE).is_empty());
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn problems(&self, rules: Rules) -> Problems {
        self.board.problems(rules, Some(self.to_move))
    }

    /// Whether the position has no legality problem under `rules`.
    ///
    /// ```
    /// use gridnote_board::{Position, Rules};
    /// assert!(Position::start(3, 4)?.is_legal(Rules::TOMORROWS));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self, rules: Rules) -> bool {
        self.problems(rules).is_empty()
    }
}
