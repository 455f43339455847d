//! Replaying a line of a game record.

use core::ops::Range;

use super::error::{ReplayError, ReplayProblem, ReplayWarning};
use super::game::{Game, TurnAt};
use super::moves::{self, MoveRecord, MoveText};
use super::position::PositionRecord;
use super::square::Square;
use super::turn_text::{PLACEHOLDER, TurnText};
use super::turns::{Address, LinePath, last_turn_ref};
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

/// The move records of a line, read back from the game's text one at a time: see
/// [`Game::line_records`].
///
/// ```
/// use gridnote_board::tafl::{Game, LinePath};
/// let game: Game = "[rules:dim:2 start:/t1/2/]\n\n1. a1-b1\n".parse()?;
/// let mut records = game.line_records(&LinePath::MAIN)?;
/// assert_eq!(records.len(), 1);
/// assert_eq!(records.next().map(|r| r.to_string()), Some("a1-b1".to_owned()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct LineRecords<'a>(Plies<'a>);

impl Iterator for LineRecords<'_> {
    type Item = MoveRecord;

    fn next(&mut self) -> Option<MoveRecord> {
        let ply = self.0.next()?;
        Some(self.0.game.record(&ply))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.0.remaining, Some(self.0.remaining))
    }
}

impl ExactSizeIterator for LineRecords<'_> {}

/// A line's moves as runs of lines' own moves, outermost first: (line, how many of its
/// own moves, placeholders skipped).
type Runs = Vec<(u32, usize)>;

/// One move of a line: its turn, the turn's line and the move's text.
struct PlyAt {
    turn: TurnAt,
    line: u32,
    range: Range<usize>,
}

/// The moves of a line, placeholders resolved, walked without a list of them.
#[derive(Clone, Debug)]
struct Plies<'a> {
    game: &'a Game,
    runs: Runs,
    /// The current run.
    run: usize,
    /// The position of the current turn in the run's line.
    turn: usize,
    /// The current turn and its parts.
    parts: Option<(TurnAt, TurnText)>,
    /// The next slot of the current turn.
    slot: usize,
    /// The moves taken from the current run.
    taken: usize,
    /// The moves left.
    remaining: usize,
}

impl Iterator for Plies<'_> {
    type Item = PlyAt;

    fn next(&mut self) -> Option<PlyAt> {
        let game = self.game;
        loop {
            let &(line, take) = self.runs.get(self.run)?;
            if self.taken == take {
                (self.run, self.turn, self.parts, self.taken) = (self.run + 1, 0, None, 0);
                continue;
            }
            let (turn, parts) = match &self.parts {
                Some((turn, parts)) => (*turn, parts),
                None => {
                    let t = game.index.turns_of_id(line)[self.turn];
                    let turn = game.turns[t as usize];
                    self.slot = 0;
                    let (_, parts) = self.parts.insert((turn, game.parts(turn)));
                    (turn, &*parts)
                }
            };
            if self.slot == parts.count {
                self.parts = None;
                self.turn += 1;
                continue;
            }
            let slot = self.slot;
            self.slot += 1;
            if parts.is_placeholder(game.text(), slot) {
                continue;
            }
            let range = parts.slots[slot].clone();
            self.taken += 1;
            self.remaining -= 1;
            return Some(PlyAt { turn, line, range });
        }
    }
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
        Ok(self.plies(line)?.map(|ply| self.line_move_at(&ply)).collect())
    }

    /// The move records of `line` as [`Game::line_moves`] gives them, read back one at a
    /// time without their addresses: for a rules engine to replay a long line without a
    /// copy of every move. [`Game::line_move`] gives one of them in full (for a message).
    ///
    /// # Errors
    /// As [`Game::line_moves`].
    ///
    /// ```
    /// use gridnote_board::tafl::{Game, LinePath};
    /// let text = "[rules:dim:3 start:/t2/1K1/3/]\n\n1. a1-a2 b2-c2\n1a.1.1a. ..... b2-b1\n";
    /// let game: Game = text.parse()?;
    /// let records: Vec<String> =
    ///     game.line_records(&"1a.1".parse()?)?.map(|r| r.to_string()).collect();
    /// assert_eq!(records, ["a1-a2", "b2-b1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_records(&self, line: &LinePath) -> Result<LineRecords<'_>, ReplayError> {
        Ok(LineRecords(self.plies(line)?))
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
        let (runs, _) = self.runs_of_line(line)?;
        let mut k = index;
        for (line, take) in runs {
            if k >= take {
                k -= take;
                continue;
            }
            let (at, slot) = self.index.own_move(line, k);
            let turn = self.turns[self.index.turns_of_id(line)[at] as usize];
            let range = self.parts(turn).slots[slot].clone();
            return Ok(Some(self.line_move_at(&PlyAt { turn, line, range })));
        }
        Ok(None)
    }

    /// The move record of one move of the game.
    fn record(&self, ply: &PlyAt) -> MoveRecord {
        moves::read(&self.text()[ply.range.clone()], ply.range.start)
            .expect("the reader accepted the move record")
    }

    /// The address of `turn`.
    fn address(&self, turn: TurnAt, line: u32) -> Address {
        let parts = self.parts(turn);
        Address::new(self.index.path(line), last_turn_ref(&self.text()[parts.address]))
    }

    /// One move of the game as a [`LineMove`].
    fn line_move_at(&self, ply: &PlyAt) -> LineMove {
        let (line, column) = line_column(self.text(), ply.range.start);
        LineMove {
            turn: self.address(ply.turn, ply.line).to_string(),
            record: self.record(ply),
            line,
            column,
            span: ply.range.clone(),
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
        let first = if self.rules().attackers_first { Player::One } else { Player::Two };
        let mut position = self.start().clone();
        let mut resigned = false;
        // The address of the turn being played, made again only when the turn changes.
        let mut address: Option<(TurnAt, Address)> = None;
        for (i, ply) in self.plies(line)?.enumerate() {
            if address.as_ref().is_none_or(|(turn, _)| *turn != ply.turn) {
                address = Some((ply.turn, self.address(ply.turn, ply.line)));
            }
            let Some((_, turn)) = &address else { unreachable!("set above") };
            let record = self.record(&ply);
            let player = if i % 2 == 0 { first } else { first.other() };
            let fail = |problem: ReplayProblem| self.error(turn, &ply, problem);
            if resigned {
                return Err(fail(ReplayProblem::AfterResignation));
            }
            let mut warnings = Vec::new();
            if let MoveRecord::Move(m) = &record {
                play(&mut position, m, player, &mut warnings).map_err(fail)?;
            } else {
                resigned = true;
            }
            each(PlyStep {
                turn,
                player,
                record: &record,
                position: &position,
                warnings: &warnings,
            });
        }
        Ok(())
    }

    /// The moves of `line`, placeholders resolved, or `NoSuchLine` when the record has no
    /// such line.
    fn plies(&self, line: &LinePath) -> Result<Plies<'_>, ReplayError> {
        let (runs, _) = self.runs_of_line(line)?;
        let remaining = runs.iter().map(|&(_, take)| take).sum();
        Ok(Plies { game: self, runs, run: 0, turn: 0, parts: None, slot: 0, taken: 0, remaining })
    }

    /// The runs of `line`'s moves and the ply (from 0) its turn 1 starts at, or
    /// `NoSuchLine`.
    fn runs_of_line(&self, line: &LinePath) -> Result<(Runs, usize), ReplayError> {
        let Some(id) = self.index.id(line) else {
            return Err(ReplayError {
                turn: String::new(),
                text: String::new(),
                line: 0,
                column: 0,
                span: 0..0,
                problem: ReplayProblem::NoSuchLine { line: line.to_string() },
            });
        };
        self.runs_of(id)
    }

    /// The runs of line `id`'s moves and the ply (from 0) its turn 1 starts at: its
    /// parent's moves before its branch point and the moves its placeholders stand for,
    /// then its own.
    fn runs_of(&self, id: u32) -> Result<(Runs, usize), ReplayError> {
        let (own, leading) = self.index.moves(id);
        let Some((parent, branch)) = self.index.parent(id) else {
            return Ok((vec![(id, own)], 0));
        };
        let (mut runs, parent_offset) = self.runs_of(parent)?;
        let offset = parent_offset.saturating_add((branch.number as usize - 1).saturating_mul(2));
        let keep = offset.saturating_add(leading);
        let total: usize = runs.iter().map(|&(_, take)| take).sum();
        if keep > total {
            let turn = self.turns[self.index.turns_of_id(id)[0] as usize];
            let range = self.parts(turn).slots[0].clone();
            let ply = PlyAt { turn, line: id, range };
            let problem = ReplayProblem::BranchBeyondParent {
                parent: self.index.path(parent).to_string(),
                ply: keep + 1,
                plies: total,
            };
            return Err(self.error(&self.address(turn, id), &ply, problem));
        }
        let mut left = keep;
        runs.retain_mut(|(_, take)| {
            *take = (*take).min(left);
            left -= *take;
            *take > 0
        });
        runs.push((id, own));
        Ok((runs, offset))
    }

    /// The error of one move.
    fn error(&self, turn: &Address, ply: &PlyAt, problem: ReplayProblem) -> ReplayError {
        let (line, column) = line_column(self.text(), ply.range.start);
        let text = &self.text()[ply.range.clone()];
        let text = if text == PLACEHOLDER { text.to_owned() } else { self.record(ply).to_string() };
        ReplayError { turn: turn.to_string(), text, line, column, span: ply.range.clone(), problem }
    }
}

/// Plays the move `m` of `player` on `position`: the piece on its start square to its
/// destination, its listed captures removed; what the record says that the position
/// contradicts goes to `warnings`.
fn play(
    position: &mut PositionRecord,
    m: &MoveText,
    player: Player,
    warnings: &mut Vec<ReplayWarning>,
) -> Result<(), ReplayProblem> {
    let size = position.size();
    for square in [m.from, m.to].into_iter().chain(m.captures.iter().map(|c| c.square)) {
        if !square.is_on(size) {
            return Err(ReplayProblem::OffBoard { space: square.to_string(), size });
        }
    }
    let Some(piece) = position.get(m.from) else {
        return Err(ReplayProblem::EmptyStart { space: m.from.to_string() });
    };
    if piece.player != player {
        return Err(ReplayProblem::WrongSide {
            space: m.from.to_string(),
            owner: piece.player,
            to_move: player,
        });
    }
    if let Some(written) = m.piece.filter(|&w| w != piece) {
        warnings.push(mismatch(m.from, piece_letter(written), piece_letter(piece)));
    }
    if let Some(there) = position.get(m.to).filter(|_| m.to != m.from) {
        return Err(ReplayProblem::Occupied {
            space: m.to.to_string(),
            piece: piece_letter(there),
        });
    }
    if m.to == m.from {
        return Err(ReplayProblem::Occupied {
            space: m.to.to_string(),
            piece: piece_letter(piece),
        });
    }
    position.set(m.from, None);
    position.set(m.to, Some(piece));
    for capture in &m.captures {
        let Some(victim) = position.get(capture.square) else {
            return Err(ReplayProblem::CaptureEmpty { space: capture.square.to_string() });
        };
        if victim.player == player {
            return Err(ReplayProblem::CaptureOwn {
                space: capture.square.to_string(),
                piece: piece_letter(victim),
            });
        }
        if let Some(written) = capture.piece.filter(|&w| w != victim) {
            warnings.push(mismatch(capture.square, piece_letter(written), piece_letter(victim)));
        }
        position.set(capture.square, None);
    }
    Ok(())
}

fn mismatch(space: Square, written: char, found: char) -> ReplayWarning {
    ReplayWarning::SymbolMismatch { space: space.to_string(), written, found }
}

/// The 1-based line and column (in characters) of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (before.bytes().filter(|&b| b == b'\n').count() + 1, before[line_start..].chars().count() + 1)
}
