//! Replaying a line of a game record.

use super::error::{ReplayError, ReplayProblem, ReplayWarning};
use super::game::Game;
use super::moves::MoveRecord;
use super::position::PositionRecord;
use super::square::Square;
use super::turns::{Address, LinePath, Slot, Turn};
use super::values::piece_letter;
use crate::Player;

/// One ply of a replayed line.
///
/// ```
/// use gridnote_board::tafl::{Game, LinePath};
/// use gridnote_board::Player;
/// let game: Game = "[rules:dim:2 start:/t1/2/]\n\n1. a1-b1\n".parse()?;
/// let ply = &game.replay(&LinePath::MAIN)?.plies[0];
/// assert_eq!((ply.turn.as_str(), ply.player), ("1.", Player::One));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Ply {
    /// The address of the turn that holds the move (for a `.....` placeholder, the
    /// parent line's turn it stands for).
    pub turn: String,
    /// The side that moved (it alternates from `atkf`; Player One the attackers).
    pub player: Player,
    /// The move record.
    pub record: MoveRecord,
    /// The position after the move.
    pub position: PositionRecord,
    /// What the record says that the position contradicts, without stopping the replay.
    pub warnings: Vec<ReplayWarning>,
}

/// One ply of a line as [`Game::replay_each`] makes it: what a [`Ply`] holds, lent for
/// the time of the call.
///
/// ```
/// use gridnote_board::tafl::{Game, LinePath};
/// use gridnote_board::Player;
/// let game: Game = "[rules:dim:2 start:/t1/2/]\n\n1. a1-b1\n".parse()?;
/// game.replay_each(&LinePath::MAIN, |ply| {
///     assert_eq!((ply.turn.to_string(), ply.player), ("1.".to_owned(), Player::One));
///     assert_eq!(ply.position.to_string(), "/1t/2/");
///     assert!(ply.warnings.is_empty());
/// })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlyStep<'a> {
    /// The address of the turn that holds the move (for a `.....` placeholder, the
    /// parent line's turn it stands for).
    pub turn: &'a Address,
    /// The side that moved (it alternates from `atkf`; Player One the attackers).
    pub player: Player,
    /// The move record.
    pub record: &'a MoveRecord,
    /// The position after the move.
    pub position: &'a PositionRecord,
    /// What the record says that the position contradicts, without stopping the replay.
    pub warnings: &'a [ReplayWarning],
}

/// A replayed line: the start position and the position after every ply.
///
/// ```
/// use gridnote_board::tafl::{Game, LinePath};
/// let game: Game = "[rules:dim:2 start:/t1/2/]\n\n1. a1-b1\n".parse()?;
/// let replay = game.replay(&LinePath::MAIN)?;
/// assert_eq!(replay.start.to_string(), "/t1/2/");
/// assert_eq!(replay.final_position().to_string(), "/1t/2/");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Replay {
    /// The position before the first ply.
    pub start: PositionRecord,
    /// The side that moves first (Player One the attackers).
    pub first: Player,
    /// Every ply, in order.
    pub plies: Vec<Ply>,
}

impl Replay {
    /// The position after the last ply (the start when there is none).
    ///
    /// ```
    /// use gridnote_board::tafl::{Game, LinePath};
    /// let game: Game = "[rules:dim:1 start:/K/]\n".parse()?;
    /// assert_eq!(game.replay(&LinePath::MAIN)?.final_position().to_string(), "/K/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn final_position(&self) -> &PositionRecord {
        self.plies.last().map_or(&self.start, |p| &p.position)
    }

    /// Every position of the line: the start, then one per ply.
    ///
    /// ```
    /// use gridnote_board::tafl::{Game, LinePath};
    /// let game: Game = "[rules:dim:2 start:/t1/2/]\n\n1. a1-b1\n".parse()?;
    /// assert_eq!(game.replay(&LinePath::MAIN)?.positions().count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn positions(&self) -> impl Iterator<Item = &PositionRecord> {
        core::iter::once(&self.start).chain(self.plies.iter().map(|p| &p.position))
    }
}

/// A reference to one move of the game: turn index and slot index.
type PlyRef = (usize, usize);

/// One move of a line as written, without replaying it: where it stands in the game
/// record.
///
/// ```
/// use gridnote_board::tafl::{Game, LinePath};
/// let game: Game = "[rules:dim:2 start:/t1/2/]\n\n1. a1-b1\n".parse()?;
/// let moves = game.line_moves(&LinePath::MAIN)?;
/// assert_eq!((moves[0].turn.as_str(), moves[0].record.to_string()), ("1.", "a1-b1".to_owned()));
/// assert_eq!((moves[0].line, moves[0].column, moves[0].span.clone()), (3, 4, 31..36));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LineMove {
    /// The address of the turn that holds the move (for a `.....` placeholder, the
    /// parent line's turn it stands for).
    pub turn: String,
    /// The move record.
    pub record: MoveRecord,
    /// Its line in the game record, from 1 (0 when the game was not read from text).
    pub line: usize,
    /// Its column (in characters), from 1.
    pub column: usize,
    /// Its byte span in the game record.
    pub span: core::ops::Range<usize>,
}

impl Game {
    /// The moves of `line` in the order played, as written, a variation's placeholders
    /// resolved to its parent's moves (see [`Game::replay`]), without playing them: for
    /// a rules engine to replay.
    ///
    /// # Errors
    /// [`ReplayError`] for a line not in the game, or a variation branching beyond its
    /// parent line.
    ///
    /// ```
    /// use gridnote_board::tafl::{Game, LinePath};
    /// let text = "[rules:dim:3 start:/t2/1K1/3/]\n\n1. a1-a2 b2-c2\n1a.1.1a. ..... b2-b1\n";
    /// let game: Game = text.parse()?;
    /// let moves = game.line_moves(&"1a.1".parse()?)?;
    /// let records: Vec<String> = moves.iter().map(|m| m.record.to_string()).collect();
    /// assert_eq!(records, ["a1-a2", "b2-b1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_moves(&self, line: &LinePath) -> Result<Vec<LineMove>, ReplayError> {
        let plies = self.plies_of_line(line)?;
        Ok(plies.into_iter().map(|ply| self.line_move_at(ply)).collect())
    }

    /// The move records of `line` as [`Game::line_moves`] gives them, lent instead of
    /// copied with their addresses: for a rules engine to replay a long line without a
    /// copy of every move. [`Game::line_move`] gives one of them in full (for a message).
    ///
    /// # Errors
    /// As [`Game::line_moves`].
    ///
    /// ```
    /// use gridnote_board::tafl::{Game, LinePath};
    /// let text = "[rules:dim:3 start:/t2/1K1/3/]\n\n1. a1-a2 b2-c2\n1a.1.1a. ..... b2-b1\n";
    /// let game: Game = text.parse()?;
    /// let records = game.line_records(&"1a.1".parse()?)?;
    /// let records: Vec<String> = records.iter().map(ToString::to_string).collect();
    /// assert_eq!(records, ["a1-a2", "b2-b1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_records(&self, line: &LinePath) -> Result<Vec<&MoveRecord>, ReplayError> {
        let plies = self.plies_of_line(line)?;
        Ok(plies
            .into_iter()
            .map(|(t, s)| match &self.turns()[t].slots[s] {
                Slot::Move(record) => record,
                Slot::Placeholder => {
                    unreachable!("placeholders are resolved to their parent's moves")
                }
            })
            .collect())
    }

    /// The move at `index` (from 0) of `line`, as [`Game::line_moves`] gives it, or
    /// `None` past the line's end.
    ///
    /// # Errors
    /// As [`Game::line_moves`].
    ///
    /// ```
    /// use gridnote_board::tafl::{Game, LinePath};
    /// let game: Game = "[rules:dim:2 start:/t1/2/]\n\n1. a1-b1 b1-b2\n".parse()?;
    /// let second = game.line_move(&LinePath::MAIN, 1)?.expect("two moves");
    /// assert_eq!((second.turn.as_str(), second.record.to_string()), ("1.", "b1-b2".to_owned()));
    /// assert_eq!(game.line_move(&LinePath::MAIN, 2)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_move(
        &self,
        line: &LinePath,
        index: usize,
    ) -> Result<Option<LineMove>, ReplayError> {
        let plies = self.plies_of_line(line)?;
        Ok(plies.get(index).map(|&ply| self.line_move_at(ply)))
    }

    /// One move of the game as a [`LineMove`].
    fn line_move_at(&self, (t, s): PlyRef) -> LineMove {
        let turn = &self.turns()[t];
        let Slot::Move(record) = &turn.slots[s] else {
            unreachable!("placeholders are resolved to their parent's moves")
        };
        let location = turn.locations.get(s).cloned().unwrap_or_default();
        LineMove {
            turn: turn.address.to_string(),
            record: record.clone(),
            line: location.line,
            column: location.column,
            span: location.span,
        }
    }

    /// Plays `line` from the start position ([`Game::start`]).
    ///
    /// Each move moves the piece on its start square to its destination and removes
    /// exactly the captures it lists (OTN records captures, so no rules engine is needed);
    /// the side to move alternates, starting with the attackers unless `atkf:n`.
    ///
    /// A variation `T.V` of a line starts at turn `T` of that line: its turn 1 stands for
    /// the parent's turn `T`, its leading `.....` placeholders for the parent's moves
    /// there, so `8b.1.1a. ..... d1-d3` replaces the second move of turn 8. (The half
    /// letter is kept as written but not relied on: OpenTafl's own files write `a` for
    /// variations that replace a second move.)
    ///
    /// # Errors
    /// [`ReplayError`] naming the turn, the move text, its line, column and span: a move
    /// from an empty square or of the other side's piece, onto an occupied square, a
    /// capture of an empty square or of the mover's own piece, a square off the board, a
    /// move after a resignation, a variation branching beyond its parent line, a line
    /// not in the game.
    ///
    /// ```
    /// use gridnote_board::tafl::{Game, LinePath};
    /// let text = "[rules:dim:3 start:/t2/1K1/3/]\n\n1. a1-a2 b2-c2\n1a.1.1a. ..... b2-b1\n";
    /// let game: Game = text.parse()?;
    /// let variation = game.replay(&"1a.1".parse()?)?;
    /// assert_eq!(variation.final_position().to_string(), "/1K1/t2/3/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, line: &LinePath) -> Result<Replay, ReplayError> {
        let first = if self.rules().attackers_first { Player::One } else { Player::Two };
        let mut plies = Vec::new();
        self.replay_each(line, |step| {
            plies.push(Ply {
                turn: step.turn.to_string(),
                player: step.player,
                record: step.record.clone(),
                position: step.position.clone(),
                warnings: step.warnings.to_vec(),
            });
        })?;
        Ok(Replay { start: self.start().clone(), first, plies })
    }

    /// Replays `line` as [`Game::replay`] does, handing each ply to `each` as it is made
    /// instead of keeping every position: for a long line, memory for one position
    /// whatever its length. The plies before a failing one have been handed over when
    /// the error comes back.
    ///
    /// # Errors
    ///
    /// As [`Game::replay`].
    ///
    /// ```
    /// use gridnote_board::tafl::{Game, LinePath};
    /// let game: Game = "[rules:dim:2 start:/t1/1K/]\n\n1. a1-b1 b2-a2\n".parse()?;
    /// let mut seen = Vec::new();
    /// game.replay_each(&LinePath::MAIN, |ply| {
    ///     seen.push(format!("{} {} {}", ply.turn, ply.record, ply.position));
    /// })?;
    /// assert_eq!(seen, ["1. a1-b1 /1t/1K/", "1. b2-a2 /1t/K1/"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay_each<F>(&self, line: &LinePath, mut each: F) -> Result<(), ReplayError>
    where
        F: FnMut(PlyStep<'_>),
    {
        let plies = self.plies_of_line(line)?;
        let first = if self.rules().attackers_first { Player::One } else { Player::Two };
        let mut position = self.start().clone();
        let mut resigned = false;
        for (i, &(t, s)) in plies.iter().enumerate() {
            let turn = &self.turns()[t];
            let player = if i % 2 == 0 { first } else { first.other() };
            let Slot::Move(record) = &turn.slots[s] else {
                unreachable!("placeholders are resolved to their parent's moves")
            };
            let fail = |problem: ReplayProblem| error(turn, s, problem);
            if resigned {
                return Err(fail(ReplayProblem::AfterResignation));
            }
            let mut warnings = Vec::new();
            match record {
                MoveRecord::Resignation => resigned = true,
                MoveRecord::Move(m) => {
                    let size = position.size();
                    for square in
                        [m.from, m.to].into_iter().chain(m.captures.iter().map(|c| c.square))
                    {
                        if !square.is_on(size) {
                            return Err(fail(ReplayProblem::OffBoard {
                                space: square.to_string(),
                                size,
                            }));
                        }
                    }
                    let Some(piece) = position.get(m.from) else {
                        return Err(fail(ReplayProblem::EmptyStart { space: m.from.to_string() }));
                    };
                    if piece.player != player {
                        return Err(fail(ReplayProblem::WrongSide {
                            space: m.from.to_string(),
                            owner: piece.player,
                            to_move: player,
                        }));
                    }
                    if let Some(written) = m.piece.filter(|&w| w != piece) {
                        warnings.push(mismatch(m.from, piece_letter(written), piece_letter(piece)));
                    }
                    if let Some(there) = position.get(m.to).filter(|_| m.to != m.from) {
                        return Err(fail(ReplayProblem::Occupied {
                            space: m.to.to_string(),
                            piece: piece_letter(there),
                        }));
                    }
                    if m.to == m.from {
                        return Err(fail(ReplayProblem::Occupied {
                            space: m.to.to_string(),
                            piece: piece_letter(piece),
                        }));
                    }
                    position.set(m.from, None);
                    position.set(m.to, Some(piece));
                    for capture in &m.captures {
                        let Some(victim) = position.get(capture.square) else {
                            return Err(fail(ReplayProblem::CaptureEmpty {
                                space: capture.square.to_string(),
                            }));
                        };
                        if victim.player == player {
                            return Err(fail(ReplayProblem::CaptureOwn {
                                space: capture.square.to_string(),
                                piece: piece_letter(victim),
                            }));
                        }
                        if let Some(written) = capture.piece.filter(|&w| w != victim) {
                            warnings.push(mismatch(
                                capture.square,
                                piece_letter(written),
                                piece_letter(victim),
                            ));
                        }
                        position.set(capture.square, None);
                    }
                }
            }
            each(PlyStep {
                turn: &turn.address,
                player,
                record,
                position: &position,
                warnings: &warnings,
            });
        }
        Ok(())
    }

    /// The moves of `line`, placeholders resolved, or `NoSuchLine` when the record has no
    /// such line.
    fn plies_of_line(&self, line: &LinePath) -> Result<Vec<PlyRef>, ReplayError> {
        if !self.index.has(line) {
            return Err(ReplayError {
                turn: String::new(),
                text: String::new(),
                line: 0,
                column: 0,
                span: 0..0,
                problem: ReplayProblem::NoSuchLine { line: line.to_string() },
            });
        }
        Ok(self.plies_of(line)?.0)
    }

    /// The moves of `line`, placeholders resolved, and the ply (from 0) its turn 1
    /// starts at.
    fn plies_of(&self, line: &LinePath) -> Result<(Vec<PlyRef>, usize), ReplayError> {
        let own: Vec<(usize, &Turn)> =
            self.index.turns_of(line).iter().map(|&t| (t, &self.turns()[t])).collect();
        let Some(parent) = line.parent() else {
            let plies = own
                .iter()
                .flat_map(|&(t, turn)| (0..turn.slots.len()).map(move |s| (t, s)))
                .collect();
            return Ok((plies, 0));
        };
        let (parent_plies, parent_offset) = self.plies_of(&parent)?;
        let (branch_turn, _) = line.branches()[line.branches().len() - 1];
        let offset = parent_offset + (branch_turn.number as usize - 1) * 2;
        let Some(&(_, first_turn)) = own.first() else {
            return Ok((parent_plies, offset));
        };
        let leading =
            first_turn.slots.iter().take_while(|s| matches!(s, Slot::Placeholder)).count();
        let base = offset;
        if base + leading > parent_plies.len() {
            return Err(error(
                first_turn,
                0,
                ReplayProblem::BranchBeyondParent {
                    parent: parent.to_string(),
                    ply: base + leading + 1,
                    plies: parent_plies.len(),
                },
            ));
        }
        let mut plies: Vec<PlyRef> = parent_plies[..base + leading].to_vec();
        for &(t, turn) in &own {
            for (s, slot) in turn.slots.iter().enumerate() {
                if matches!(slot, Slot::Move(_)) {
                    plies.push((t, s));
                }
            }
        }
        Ok((plies, offset))
    }
}

fn mismatch(space: Square, written: char, found: char) -> ReplayWarning {
    ReplayWarning::SymbolMismatch { space: space.to_string(), written, found }
}

fn error(turn: &Turn, slot: usize, problem: ReplayProblem) -> ReplayError {
    let location = turn.locations.get(slot).cloned().unwrap_or_default();
    ReplayError {
        turn: turn.address.to_string(),
        text: turn.slots.get(slot).map(ToString::to_string).unwrap_or_default(),
        line: location.line,
        column: location.column,
        span: location.span,
        problem,
    }
}
