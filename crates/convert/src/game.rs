//! Game records: OpenTafl game records (`.otg`), read and replayed through the registry.
//!
//! The hubs replay a game without naming the format crate that reads it: the types here
//! wrap it, carry moves and positions as their record text, and turn the positions
//! into [`Board`]s and [`Source`](crate::Source)s of the registry's OTN format.

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use gridnote_board::notation::Notation;
use gridnote_board::report::Spanned;
use gridnote_board::tafl::TaflRules;
use gridnote_board::{Board, Player};
use gridnote_otn::{MoveRecord, OtnRecord, Side, Slot};

use crate::error::{ConvertError, ModelError, SyntaxError};
use crate::format::Format;

/// The registry's format of the positions in a game record (OTN position records).
///
/// ```
/// assert_eq!(gridnote_convert::game::format().name(), "otn");
/// ```
#[must_use]
pub fn format() -> Format {
    Format::ALL
        .iter()
        .copied()
        .find(|f| f.name() == <OtnRecord as Notation>::NAME)
        .expect("the registry lists OTN position records")
}

fn player(side: Side) -> Player {
    match side {
        Side::Attackers => Player::One,
        Side::Defenders => Player::Two,
    }
}

/// An OpenTafl game record: its rules, start position, result tag and lines of moves.
/// Read with [`FromStr`]; a syntax error is a [`SyntaxError`] with its byte span.
///
/// ```
/// use gridnote_convert::game::GameRecord;
/// let game: GameRecord = "[rules:dim:3 start:/3/1T1/3/]\n\n1. a1-a2\n".parse()?;
/// assert_eq!(game.lines().len(), 1);
/// assert_eq!(game.start().to_string(), "/3/1T1/3/");
/// # Ok::<(), gridnote_convert::SyntaxError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord(gridnote_otn::Game);

impl FromStr for GameRecord {
    type Err = SyntaxError;

    fn from_str(text: &str) -> Result<GameRecord, SyntaxError> {
        text.parse().map(GameRecord).map_err(SyntaxError::Otn)
    }
}

impl GameRecord {
    /// Every line of the game: the main line first, then the variations.
    ///
    /// ```
    /// use gridnote_convert::game::GameRecord;
    /// let game: GameRecord = "[rules:dim:3 start:/3/1T1/3/]\n".parse()?;
    /// assert!(game.lines()[0].is_main());
    /// # Ok::<(), gridnote_convert::SyntaxError>(())
    /// ```
    #[must_use]
    pub fn lines(&self) -> Vec<Line> {
        self.0.lines().into_iter().map(Line).collect()
    }

    /// The rules tag as the rules engine takes them.
    ///
    /// # Errors
    /// A [`ModelError`] when the tag holds rules gridnote cannot play.
    ///
    /// ```
    /// use gridnote_convert::game::GameRecord;
    /// let game: GameRecord = "[rules:dim:3 start:/3/1T1/3/]\n".parse()?;
    /// assert!(game.rules().is_ok());
    /// # Ok::<(), gridnote_convert::SyntaxError>(())
    /// ```
    pub fn rules(&self) -> Result<TaflRules, ModelError> {
        TaflRules::try_from(self.0.rules()).map_err(ModelError::Otn)
    }

    /// The start position.
    ///
    /// ```
    /// use gridnote_convert::game::GameRecord;
    /// let game: GameRecord = "[rules:dim:3 start:/3/1T1/3/]\n".parse()?;
    /// assert_eq!(game.start().to_string(), "/3/1T1/3/");
    /// # Ok::<(), gridnote_convert::SyntaxError>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> RecordPosition {
        RecordPosition(self.0.start().clone())
    }

    /// The result tag, if any.
    ///
    /// ```
    /// use gridnote_convert::game::{GameRecord, GameResult};
    /// use gridnote_convert::board::Player;
    /// let game: GameRecord = "[rules:dim:3 start:/3/1T1/3/]\n[result:-1]\n".parse()?;
    /// assert_eq!(game.result(), Some(GameResult::Win(Player::Two)));
    /// # Ok::<(), gridnote_convert::SyntaxError>(())
    /// ```
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.0.result().map(|result| match result {
            gridnote_otn::GameResult::AttackersWin => GameResult::Win(Player::One),
            gridnote_otn::GameResult::DefendersWin => GameResult::Win(Player::Two),
            gridnote_otn::GameResult::Draw => GameResult::Draw,
            _ => GameResult::Other,
        })
    }

    /// The text of every move the record lists, in every line (resignations and
    /// placeholders left out).
    ///
    /// ```
    /// use gridnote_convert::game::GameRecord;
    /// let game: GameRecord = "[rules:dim:3 start:/3/1t1/3/]\n\n1. b2-b1\n".parse()?;
    /// assert_eq!(game.move_texts(), ["b2-b1"]);
    /// # Ok::<(), gridnote_convert::SyntaxError>(())
    /// ```
    #[must_use]
    pub fn move_texts(&self) -> Vec<String> {
        self.0
            .turns()
            .iter()
            .flat_map(|turn| turn.slots.iter())
            .filter_map(|slot| match slot {
                Slot::Move(MoveRecord::Move(m)) => Some(m.to_string()),
                _ => None,
            })
            .collect()
    }

    /// The moves of `line`, each where the record writes it.
    ///
    /// # Errors
    /// A [`LineError`] when the line is not in the game or cannot be laid out.
    ///
    /// ```
    /// use gridnote_convert::game::{GameRecord, Line};
    /// let game: GameRecord = "[rules:dim:3 start:/3/1t1/3/]\n\n1. b2-b1\n".parse()?;
    /// let moves = game.line_moves(&Line::MAIN)?;
    /// assert_eq!((moves[0].turn.as_str(), moves[0].record.as_str()), ("1.", "b2-b1"));
    /// assert!(!moves[0].resignation);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_moves(&self, line: &Line) -> Result<Vec<LineMove>, LineError> {
        let moves = self.0.line_moves(&line.0).map_err(LineError)?;
        Ok(moves
            .into_iter()
            .map(|m| LineMove {
                turn: m.turn,
                resignation: matches!(m.record, MoveRecord::Resignation),
                record: m.record.to_string(),
                span: m.span,
            })
            .collect())
    }

    /// Replays `line`: the position after every ply.
    ///
    /// # Errors
    /// A [`LineError`] when the line is not in the game or a move cannot be played.
    ///
    /// ```
    /// use gridnote_convert::game::{GameRecord, Line};
    /// use gridnote_convert::board::Player;
    /// let game: GameRecord = "[rules:dim:3 start:/3/1t1/3/]\n\n1. b2-b1\n".parse()?;
    /// let replay = game.replay(&Line::MAIN)?;
    /// assert_eq!(replay.first, Player::One);
    /// assert_eq!(replay.plies[0].position.to_string(), "/1t1/3/3/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, line: &Line) -> Result<Replay, LineError> {
        let replay = self.0.replay(&line.0).map_err(LineError)?;
        Ok(Replay {
            start: RecordPosition(replay.start),
            first: player(replay.first),
            plies: replay
                .plies
                .into_iter()
                .map(|ply| Ply {
                    captured: matches!(&ply.record, MoveRecord::Move(m) if !m.captures.is_empty()),
                    turn: ply.turn,
                    player: player(ply.side),
                    record: ply.record.to_string(),
                    position: RecordPosition(ply.position),
                    warnings: ply.warnings.iter().map(ToString::to_string).collect(),
                })
                .collect(),
        })
    }
}

/// A game's result tag.
///
/// ```
/// use gridnote_convert::game::GameResult;
/// use gridnote_convert::board::Player;
/// assert_eq!(GameResult::Win(Player::Two).to_string(), "-1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameResult {
    /// A win for the player (`1` for the attackers, `-1` for the defenders).
    Win(Player),
    /// `0`.
    Draw,
    /// `?`: not decided, or not said.
    Other,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Win(Player::One) => "1",
            GameResult::Win(Player::Two) => "-1",
            GameResult::Draw => "0",
            GameResult::Other => "?",
        })
    }
}

/// A line of a game: the main line or a variation's address (`2a.1`).
///
/// ```
/// use gridnote_convert::game::Line;
/// let line: Line = "2a.1".parse()?;
/// assert_eq!(line.to_string(), "2a.1");
/// assert!(!line.is_main() && Line::MAIN.is_main());
/// # Ok::<(), gridnote_convert::SyntaxError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line(gridnote_otn::LinePath);

impl Line {
    /// The main line.
    pub const MAIN: Line = Line(gridnote_otn::LinePath::MAIN);

    /// Whether this is the main line.
    ///
    /// ```
    /// assert!(gridnote_convert::game::Line::MAIN.is_main());
    /// ```
    #[must_use]
    pub fn is_main(&self) -> bool {
        self.0.is_main()
    }
}

impl FromStr for Line {
    type Err = SyntaxError;

    fn from_str(text: &str) -> Result<Line, SyntaxError> {
        text.parse().map(Line).map_err(SyntaxError::Otn)
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A position of a game record (an OTN position record): displayed as the record writes
/// it, turned into a board by [`board`](RecordPosition::board).
///
/// ```
/// use gridnote_convert::game::GameRecord;
/// use gridnote_convert::board::Player;
/// let game: GameRecord = "[rules:dim:3 start:/3/1T1/3/]\n".parse()?;
/// assert_eq!(game.start().board()?.counts().of(Player::Two), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordPosition(gridnote_otn::PositionRecord);

impl RecordPosition {
    /// The board, as reading the record in the registry's OTN format gives it.
    ///
    /// # Errors
    /// [`ConvertError::Invalid`] (from [`format()`], spanning nothing) when the record
    /// names no position the board model holds.
    ///
    /// ```
    /// use gridnote_convert::game::GameRecord;
    /// let game: GameRecord = "[rules:dim:3 start:/3/1T1/3/]\n".parse()?;
    /// assert_eq!((game.start().board()?.rows(), game.start().board()?.cols()), (3, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board(&self) -> Result<Board, ConvertError> {
        Board::try_from(&self.0).map_err(|err| ConvertError::Invalid {
            from: format(),
            source: ModelError::Otn(err),
            span: 0..0,
        })
    }
}

impl fmt::Display for RecordPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A replayed line: the start, the side to move there, and every ply.
///
/// ```
/// use gridnote_convert::game::{GameRecord, Line};
/// let game: GameRecord = "[rules:dim:3 start:/3/1T1/3/]\n".parse()?;
/// let replay = game.replay(&Line::MAIN)?;
/// assert_eq!((replay.start.to_string().as_str(), replay.plies.len()), ("/3/1T1/3/", 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Replay {
    /// The line's start position.
    pub start: RecordPosition,
    /// The player to move at the start (the rules' first mover; One for the attackers).
    pub first: Player,
    /// Every ply, in order.
    pub plies: Vec<Ply>,
}

/// One replayed ply.
///
/// ```
/// use gridnote_convert::game::{GameRecord, Line};
/// use gridnote_convert::board::Player;
/// let game: GameRecord = "[rules:dim:3 start:/3/1t1/3/]\n\n1. b2-b1\n".parse()?;
/// let ply = &game.replay(&Line::MAIN)?.plies[0];
/// assert_eq!((ply.turn.as_str(), ply.record.as_str(), ply.player), ("1.", "b2-b1", Player::One));
/// assert!(!ply.captured && ply.warnings.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Ply {
    /// The turn's address as written (`8.`, `8a.1.1a.`).
    pub turn: String,
    /// The player who moved (One for the attackers).
    pub player: Player,
    /// The move record's text.
    pub record: String,
    /// Whether the move captured.
    pub captured: bool,
    /// The position after the ply.
    pub position: RecordPosition,
    /// What the replay noticed but accepted (a piece symbol that is not the piece there).
    pub warnings: Vec<String>,
}

/// A move of a line, where the record writes it.
///
/// ```
/// use gridnote_convert::game::{GameRecord, Line};
/// let game: GameRecord = "[rules:dim:3 start:/3/1t1/3/]\n\n1. b2-b1\n".parse()?;
/// assert_eq!(game.line_moves(&Line::MAIN)?[0].span, 34..39);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LineMove {
    /// The turn's address as written.
    pub turn: String,
    /// The move record's text.
    pub record: String,
    /// Whether the record is a resignation.
    pub resignation: bool,
    /// Its byte span in the game record.
    pub span: Range<usize>,
}

/// Why a line cannot be laid out or replayed, with the byte span of the move at fault.
/// The format crate's typed error is its [`source`](std::error::Error::source).
///
/// ```
/// use gridnote_convert::game::{GameRecord, Line};
/// use gridnote_convert::Spanned;
/// let game: GameRecord = "[rules:dim:3 start:/3/1T1/3/]\n\n1. a1-a2\n".parse()?;
/// let err = game.replay(&Line::MAIN).unwrap_err();
/// assert_eq!(err.to_string(), "turn 1. (line 3, column 4) `a1-a2`: the start square a1 is empty");
/// assert_eq!(err.span(), 34..39);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LineError(gridnote_otn::ReplayError);

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

impl Spanned for LineError {
    fn span(&self) -> Range<usize> {
        self.0.span.clone()
    }
}
