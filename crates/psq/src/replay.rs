//! [`Replay`]: a game record played move by move under a rule set, with where and how
//! the game ended.

use gridnote_board::renju::Forbidden;
use gridnote_board::{CellName, CellNameError, MoveError, Outcome, Player, Position, Rules};

use crate::moves::MoveList;
use crate::record::Psq;

/// How a replayed game ended.
///
/// ```
/// use gridnote_board::{Player, Rules};
/// use gridnote_psq::{End, MoveList};
/// let list: MoveList = "h8a1h9a2h10a3h11a4h12".parse()?;
/// let replay = list.replay(15, 15, Rules::GOMOKU)?;
/// assert_eq!(replay.end(), Some(End::Line { winner: Player::One, ply: 9 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum End {
    /// The move of this ply (from 1) made a line (under misère, the other player wins).
    Line {
        /// Who won.
        winner: Player,
        /// The ply that ended the game.
        ply: usize,
    },
    /// Under renju, black (Player One) played a forbidden point at this ply: white wins,
    /// as the RIF rules and the Gomocup manager score it.
    Forbidden {
        /// The ply of the forbidden move.
        ply: usize,
        /// The point.
        cell: CellName,
        /// What it made.
        kind: Forbidden,
    },
    /// The board was full (or, under renju, black had only forbidden points left) after
    /// this ply.
    Drawn {
        /// The last ply.
        ply: usize,
    },
}

impl End {
    /// The winner, if any.
    ///
    /// ```
    /// use gridnote_board::Player;
    /// assert_eq!(gridnote_psq::End::Drawn { ply: 9 }.winner(), None);
    /// ```
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            End::Line { winner, .. } => Some(winner),
            End::Forbidden { .. } => Some(Player::Two),
            End::Drawn { .. } => None,
        }
    }

    /// The ply the game ended at.
    #[must_use]
    pub const fn ply(self) -> usize {
        match self {
            End::Line { ply, .. } | End::Forbidden { ply, .. } | End::Drawn { ply } => ply,
        }
    }
}

/// A move of a record that cannot be played.
///
/// ```
/// use gridnote_board::Rules;
/// use gridnote_psq::MoveList;
/// let err = "h8h8".parse::<MoveList>()?.replay(15, 15, Rules::GOMOKU).unwrap_err();
/// assert_eq!(err.to_string(), "ply 2 (h8): h8 is already taken");
/// # Ok::<(), gridnote_psq::PsqError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The move at this ply is not legal where it is played.
    #[error("ply {ply} ({cell}): {error}")]
    Move {
        /// The ply, from 1.
        ply: usize,
        /// The cell as the record names it.
        cell: String,
        /// Why.
        error: MoveError,
    },
    /// A move after the game had ended.
    #[error("ply {ply} ({cell}): the game ended at ply {ended}")]
    AfterEnd {
        /// The ply, from 1.
        ply: usize,
        /// The cell.
        cell: String,
        /// The ply that ended the game.
        ended: usize,
    },
    /// The board of a move list is out of range.
    #[error("a {rows}x{cols} board is out of range: each side must be 1 to 255")]
    Board {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
}

/// A game played from the empty board under a rule set: every ply's move, and how the
/// game ended if it did. The positions are computed on demand ([`Replay::position`]).
///
/// ```
/// use gridnote_board::{Player, Rules};
/// use gridnote_psq::Psq;
/// let record: Psq = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n".parse()?;
/// let replay = record.replay(Rules::GOMOKU)?;
/// assert_eq!((replay.plies(), replay.end()), (2, None));
/// let after_one = replay.position(1).expect("a ply of the game");
/// assert_eq!((after_one.to_move, after_one.board.counts().of(Player::One)), (Player::Two, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    rows: usize,
    cols: usize,
    rules: Rules,
    /// (row, col) of each ply's move.
    moves: Vec<(usize, usize)>,
    end: Option<End>,
}

impl Replay {
    /// Plays `moves` ((row, col), or why the record's cell is none of the board's; each
    /// with the name the record gives it) from the empty `rows × cols` board under
    /// `rules`.
    fn play(
        rows: usize,
        cols: usize,
        rules: Rules,
        moves: impl Iterator<Item = (Result<(usize, usize), MoveError>, String)>,
    ) -> Result<Replay, ReplayError> {
        let mut position =
            Position::start(rows, cols).map_err(|_| ReplayError::Board { rows, cols })?;
        let mut replay = Replay { rows, cols, rules, moves: Vec::new(), end: None };
        for (i, (at, cell)) in moves.enumerate() {
            let ply = i + 1;
            if let Some(end) = replay.end {
                return Err(ReplayError::AfterEnd { ply, cell, ended: end.ply() });
            }
            let (row, col) =
                at.map_err(|error| ReplayError::Move { ply, cell: cell.clone(), error })?;
            let mover = position.to_move;
            match position.play_in_place(row, col, rules) {
                Ok(()) => {}
                Err(MoveError::Forbidden { cell: name, kind }) => {
                    // The move stands, and loses.
                    replay.moves.push((row, col));
                    replay.end = Some(End::Forbidden { ply, cell: name, kind });
                    continue;
                }
                Err(error) => return Err(ReplayError::Move { ply, cell, error }),
            }
            replay.moves.push((row, col));
            replay.end = match position.outcome(rules) {
                Outcome::InProgress => None,
                Outcome::Won(winner) => Some(End::Line { winner, ply }),
                Outcome::Drawn | Outcome::Contested => Some(End::Drawn { ply }),
            };
            debug_assert!(mover != position.to_move);
        }
        Ok(replay)
    }

    /// The number of plies.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// How the game ended, if it did.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The rules it was replayed under.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The (row, col) of each ply's move (row 0 at the top).
    #[must_use]
    pub fn moves(&self) -> &[(usize, usize)] {
        &self.moves
    }

    /// The position after `ply` plies (0: the empty board), with the side to move that
    /// play gives it; `None` past the last ply.
    #[must_use]
    pub fn position(&self, ply: usize) -> Option<Position> {
        if ply > self.moves.len() {
            return None;
        }
        let mut position = Position::start(self.rows, self.cols).ok()?;
        for &(row, col) in &self.moves[..ply] {
            let piece = gridnote_board::Cell::man(position.to_move);
            position.board.set(row, col, piece).ok()?;
            position.to_move = position.to_move.other();
        }
        Some(position)
    }
}

impl Psq {
    /// Replays the record under `rules` (the record does not say them): the first move is
    /// Player One's (black), then the players alternate. A forbidden move of black's
    /// under renju ends the game, won by white.
    ///
    /// # Errors
    /// [`ReplayError`] for the first move that cannot be played (a taken cell) or that
    /// comes after the end.
    ///
    /// ```
    /// use gridnote_board::{Player, Rules};
    /// use gridnote_psq::{End, Psq};
    /// // Black's d8 e8 f8 h8 i8 and g8 at ply 9: six, an overline.
    /// let text = "Piskvorky 15x15, 0:0, 0\n4,8\n1,1\n5,8\n1,2\n6,8\n1,3\n8,8\n1,4\n9,8\n2,2\n7,8\n";
    /// let record: Psq = text.parse()?;
    /// assert_eq!(record.replay(Rules::GOMOKU)?.end(), Some(End::Line { winner: Player::One, ply: 11 }));
    /// let renju = record.replay(Rules::RENJU)?.end().expect("over");
    /// assert_eq!((renju.winner(), renju.ply()), (Some(Player::Two), 11));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, rules: Rules) -> Result<Replay, ReplayError> {
        let rows = self.rows();
        let moves = self
            .moves()
            .iter()
            .map(|m| (Ok((m.row, m.col)), format!("{},{}", m.col + 1, m.row + 1)));
        Replay::play(rows, self.cols(), rules, moves)
    }
}

impl MoveList {
    /// Replays the list on an empty `rows × cols` board under `rules`, as
    /// [`Psq::replay`] does.
    ///
    /// # Errors
    /// [`ReplayError::Board`] for a side out of range; else as [`Psq::replay`], a name off
    /// the board included.
    ///
    /// ```
    /// use gridnote_board::Rules;
    /// use gridnote_psq::MoveList;
    /// let list: MoveList = "h8 p1".parse()?;
    /// let err = list.replay(15, 15, Rules::GOMOKU).unwrap_err();
    /// assert_eq!(err.to_string(), "ply 2 (p1): cell p1 is off the 15x15 board");
    /// # Ok::<(), gridnote_psq::PsqError>(())
    /// ```
    pub fn replay(&self, rows: usize, cols: usize, rules: Rules) -> Result<Replay, ReplayError> {
        let moves = self.cells().iter().map(|cell| {
            let name = cell.to_string();
            let at = if cell.file >= cols || cell.rank == 0 || cell.rank > rows {
                let off = CellNameError::OffBoard { name: name.clone(), rows, cols };
                Err(MoveError::from(off))
            } else {
                Ok((rows - cell.rank, cell.file))
            };
            (at, name)
        });
        Replay::play(rows, cols, rules, moves)
    }
}
