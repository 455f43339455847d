//! HTP, the Hnefatafl Text Protocol, as hnefatafl-copenhagen's `hnefatafl-text-protocol`
//! speaks it (protocol version `1-beta`): one command a line, a reply `= TEXT` or
//! `? TEXT`, then a blank line.
//!
//! ```text
//! host -> engine                    engine -> host
//! board_size 11                     =
//! time_settings fischer 5 3         =
//! play attacker d1 d3               =
//! generate_move                     = play defender f4 c4
//! final_status                      = ongoing
//! quit                              =
//! ```
//!
//! A vertex is a column letter and a row number counted from the BOTTOM (`a1` is the
//! bottom left corner), as OpenTafl writes squares; it is read in either case and written
//! in lower case (hnefatafl-copenhagen writes 13×13 boards' letters in upper case and
//! reads either). A vertex here is gridnote-board's [`Square`], a role its [`Player`]
//! (attackers [`Player::One`], defenders [`Player::Two`]).
//!
//! [`Command`] is what the host sends and [`Reply`] the first line of what an engine
//! answers; each reads with [`FromStr`] (errors carry the byte span of the offending
//! text) and writes with [`Display`](fmt::Display), one line without its line break.
//! Command words are lower case, as the program reads them; a `#` starts a comment that
//! runs to the end of the line; an empty line (or a comment alone) is no command
//! ([`ParseError::Empty`]: an engine ignores it, as the program does).

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use gridnote_board::Player;
use gridnote_board::report::Spanned;
use gridnote_board::tafl::Square;

use crate::text::{Escaped, Word, Words, number};

/// The column letters of HTP's vertices, `a` to `m` (boards up to 13×13).
const LETTERS: &[u8; 13] = b"abcdefghijklm";

/// Every command word, in the order `list_commands` gives them.
pub const COMMANDS: [&str; 17] = [
    "board_size",
    "final_status",
    "first_move",
    "generate_move",
    "known_command",
    "list_commands",
    "name",
    "play",
    "play_from",
    "play_to",
    "play_undo",
    "protocol_version",
    "quit",
    "show_board",
    "show_board_open_tafl",
    "time_settings",
    "version",
];

/// A role's name as HTP writes it: `attacker` or `defender`.
///
/// ```
/// use gridnote_protocol::htp::role_name;
/// use gridnote_protocol::board::Player;
/// assert_eq!(role_name(Player::Two), "defender");
/// ```
#[must_use]
pub const fn role_name(role: Player) -> &'static str {
    match role {
        Player::One => "attacker",
        Player::Two => "defender",
    }
}

/// A vertex written as HTP writes it: the column letter (lower case) and the row from 1
/// at the bottom.
///
/// ```
/// use gridnote_protocol::htp::Vertex;
/// use gridnote_protocol::board::tafl::Square;
/// assert_eq!(Vertex(Square::new(3, 0)).to_string(), "d1");
/// let vertex: Vertex = "K11".parse()?;
/// assert_eq!(vertex, Vertex(Square::new(10, 10)));
/// # Ok::<(), gridnote_protocol::htp::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vertex(pub Square);

/// A play: a move of one of a role's pieces, or a resignation.
///
/// ```
/// use gridnote_protocol::htp::{Play, Vertex};
/// use gridnote_protocol::board::{Player, tafl::Square};
/// let play: Play = "play attacker d1 d3".parse()?;
/// assert_eq!(play, Play::Move {
///     role: Player::One,
///     from: Vertex(Square::new(3, 0)),
///     to: Vertex(Square::new(3, 2)),
/// });
/// assert_eq!(Play::Resign(Player::Two).to_string(), "play defender resigns");
/// # Ok::<(), gridnote_protocol::htp::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Play {
    /// `play ROLE FROM TO`.
    Move {
        /// Whose move it is.
        role: Player,
        /// The piece's vertex.
        from: Vertex,
        /// Where it goes.
        to: Vertex,
    },
    /// `play ROLE resigns` (hnefatafl-copenhagen writes `play ROLE resigns _`; both read).
    Resign(Player),
}

/// The clock of `time_settings`: none, or Fischer's (minutes for the game, seconds added
/// after each move).
///
/// ```
/// use gridnote_protocol::htp::{Command, TimeSettings};
/// assert_eq!(
///     "time_settings fischer 5 3".parse(),
///     Ok(Command::TimeSettings(TimeSettings::Fischer { minutes: 5, add_seconds: 3 }))
/// );
/// assert_eq!(TimeSettings::UnTimed.to_string(), "un-timed");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TimeSettings {
    /// `un-timed`: no clock.
    UnTimed,
    /// `fischer MINUTES ADD_SECONDS`: each side has MINUTES for the game, and ADD_SECONDS
    /// are added to its clock after each of its moves.
    Fischer {
        /// The time for the game, in minutes.
        minutes: u64,
        /// The increment, in seconds.
        add_seconds: u64,
    },
}

/// The game's state as `final_status` gives it.
///
/// ```
/// use gridnote_protocol::htp::Status;
/// assert_eq!("defender_wins".parse(), Ok(Status::DefenderWins));
/// assert_eq!(Status::Ongoing.to_string(), "ongoing");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Status {
    /// `ongoing`.
    Ongoing,
    /// `attacker_wins`.
    AttackerWins,
    /// `defender_wins`.
    DefenderWins,
    /// `draw`.
    Draw,
}

/// A command from the host to the engine.
///
/// ```
/// use gridnote_protocol::htp::Command;
/// use gridnote_protocol::board::Player;
/// assert_eq!("board_size 13".parse(), Ok(Command::BoardSize(13)));
/// assert_eq!("first_move d # the defenders begin".parse(), Ok(Command::FirstMove(Player::Two)));
/// assert_eq!(Command::GenerateMove.to_string(), "generate_move");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Command {
    /// `board_size N`: a new game on an N×N board (hnefatafl-copenhagen knows 7, 11 and
    /// 13); the clock is kept.
    BoardSize(u64),
    /// `final_status`: the game's [`Status`].
    FinalStatus,
    /// `first_move ROLE`: a new game on the same board, ROLE to move first.
    FirstMove(Player),
    /// `generate_move`: the engine plays for the side to move and answers with its
    /// [`Play`].
    GenerateMove,
    /// `known_command WORD`: `true` or `false`.
    KnownCommand(String),
    /// `list_commands`: the command words, one a line.
    ListCommands,
    /// `name`: the engine's name.
    Name,
    /// `play …`: a play for the side to move; the answer lists the captured vertices.
    Play(Play),
    /// `play_from`: the side to move and the vertices its pieces can move from.
    PlayFrom,
    /// `play_to ROLE VERTEX`: where the piece on VERTEX can move.
    PlayTo(Player, Vertex),
    /// `play_undo`: take the last play back.
    PlayUndo,
    /// `protocol_version`: `1-beta`.
    ProtocolVersion,
    /// `quit`: the engine ends at once.
    Quit,
    /// `show_board`: the board as a picture (several lines).
    ShowBoard,
    /// `show_board_open_tafl`: the board as an OpenTafl position record.
    ShowBoardOpenTafl,
    /// `time_settings …`: a new game on the same board under this clock.
    TimeSettings(TimeSettings),
    /// `version`: the engine's version.
    Version,
}

/// The first line of an engine's reply: `= TEXT` (success) or `? TEXT` (failure). A
/// reply ends with a blank line; some replies (`list_commands`, `show_board`) run over
/// several lines before it.
///
/// ```
/// use gridnote_protocol::htp::Reply;
/// assert_eq!("= ongoing".parse(), Ok(Reply::Success("ongoing".into())));
/// assert_eq!("=".parse(), Ok(Reply::Success(String::new())));
/// assert_eq!(Reply::Failure("message: unrecognized command: bogus".into()).to_string(),
///            "? message: unrecognized command: bogus");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Reply {
    /// `= TEXT`.
    Success(String),
    /// `? TEXT`.
    Failure(String),
}

/// Why a line is not an HTP message. Every variant carries the byte span of the
/// offending text in the line (an empty span where something is missing).
///
/// ```
/// use gridnote_protocol::htp::{Command, ParseError};
/// use gridnote_protocol::board::report::Spanned;
/// let err = "play attacker d1 z3".parse::<Command>().unwrap_err();
/// assert_eq!(err.to_string(), "`z3` is not a vertex: expected a column letter a to m and a row from 1 (at the bottom), like d1");
/// assert_eq!(err.span(), 17..19);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A line with no word (or only a comment).
    #[error("empty command")]
    Empty {
        /// Always `0..0`.
        span: Range<usize>,
    },
    /// A first word that names no message.
    #[error("unrecognized command: {}", Escaped(word))]
    Unknown {
        /// The word.
        span: Range<usize>,
        /// The word as written.
        word: String,
    },
    /// A command without the argument it takes.
    #[error("`{keyword}` needs {expected}")]
    Missing {
        /// Where the argument was expected.
        span: Range<usize>,
        /// The command word.
        keyword: &'static str,
        /// What it takes, with an example.
        expected: &'static str,
    },
    /// An argument that is not the one expected.
    #[error("`{}` is not {expected}", Escaped(found))]
    Bad {
        /// The argument.
        span: Range<usize>,
        /// The argument as written.
        found: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A vertex that is not a column letter and a row.
    #[error(
        "`{}` is not a vertex: expected a column letter a to m and a row from 1 (at the bottom), like d1",
        Escaped(found)
    )]
    Vertex {
        /// The text.
        span: Range<usize>,
        /// The text as written.
        found: String,
    },
    /// A word after a command that takes no more.
    #[error("unexpected `{}` after `{keyword}`", Escaped(found))]
    Trailing {
        /// The words.
        span: Range<usize>,
        /// The words as written.
        found: String,
        /// The command word.
        keyword: &'static str,
    },
}

impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::Empty { span }
            | ParseError::Unknown { span, .. }
            | ParseError::Missing { span, .. }
            | ParseError::Bad { span, .. }
            | ParseError::Vertex { span, .. }
            | ParseError::Trailing { span, .. } => span.clone(),
        }
    }
}

/// The line without its comment (from the first `#`).
fn uncommented(line: &str) -> &str {
    line.find('#').map_or(line, |at| &line[..at])
}

/// `command := "board_size" N | "final_status" | "first_move" role | "generate_move"
/// | "known_command" WORD | "list_commands" | "name" | play | "play_from"
/// | "play_to" role vertex | "play_undo" | "protocol_version" | "quit" | "show_board"
/// | "show_board_open_tafl" | "time_settings" time | "version"`, then an optional
/// comment `"#" TEXT`.
impl FromStr for Command {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Command, ParseError> {
        let line = uncommented(line);
        let mut words = Words::new(line);
        let first = words.next().ok_or(ParseError::Empty { span: 0..0 })?;
        let bare = |words: &Words<'_>, keyword: &'static str, command: Command| {
            alone(&words.rest(), keyword, command)
        };
        match first.text {
            "board_size" => {
                let expected = "a board size, like `board_size 11`";
                let size = argument(&mut words, "board_size", expected)?;
                let size = number(size.text).ok_or_else(|| bad(&size, expected))?;
                bare(&words, "board_size", Command::BoardSize(size))
            }
            "final_status" => bare(&words, "final_status", Command::FinalStatus),
            "first_move" => {
                let role = role(&mut words, "first_move")?;
                bare(&words, "first_move", Command::FirstMove(role))
            }
            "generate_move" => bare(&words, "generate_move", Command::GenerateMove),
            "known_command" => {
                let expected = "a command word, like `known_command play`";
                let word = argument(&mut words, "known_command", expected)?;
                bare(&words, "known_command", Command::KnownCommand(word.text.to_owned()))
            }
            "list_commands" => bare(&words, "list_commands", Command::ListCommands),
            "name" => bare(&words, "name", Command::Name),
            "play" => play_rest(&mut words).map(Command::Play),
            "play_from" => bare(&words, "play_from", Command::PlayFrom),
            "play_to" => {
                let role = role(&mut words, "play_to")?;
                let vertex = vertex_argument(&mut words, "play_to")?;
                bare(&words, "play_to", Command::PlayTo(role, vertex))
            }
            "play_undo" => bare(&words, "play_undo", Command::PlayUndo),
            "protocol_version" => bare(&words, "protocol_version", Command::ProtocolVersion),
            "quit" => bare(&words, "quit", Command::Quit),
            "show_board" => bare(&words, "show_board", Command::ShowBoard),
            "show_board_open_tafl" => {
                bare(&words, "show_board_open_tafl", Command::ShowBoardOpenTafl)
            }
            "time_settings" => time_settings(&mut words).map(Command::TimeSettings),
            "version" => bare(&words, "version", Command::Version),
            _ => Err(ParseError::Unknown { span: first.span, word: first.text.to_owned() }),
        }
    }
}

/// `reply := ("=" | "?") (" " TEXT)?`.
impl FromStr for Reply {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Reply, ParseError> {
        let trimmed = line.trim_end_matches(['\r', '\n']);
        let text = |rest: &str| rest.strip_prefix(' ').unwrap_or(rest).trim_end().to_owned();
        if let Some(rest) = trimmed.strip_prefix('=') {
            Ok(Reply::Success(text(rest)))
        } else if let Some(rest) = trimmed.strip_prefix('?') {
            Ok(Reply::Failure(text(rest)))
        } else if trimmed.trim().is_empty() {
            Err(ParseError::Empty { span: 0..0 })
        } else {
            let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
            Err(ParseError::Bad {
                span: 0..end,
                found: trimmed[..end].to_owned(),
                expected: "a reply: `= TEXT` or `? TEXT`",
            })
        }
    }
}

/// `play := "play" role (vertex vertex | "resigns" "_"?)`.
impl FromStr for Play {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Play, ParseError> {
        let mut words = Words::new(line);
        let first = words.next().ok_or(ParseError::Empty { span: 0..0 })?;
        if first.text != "play" {
            return Err(bad(&first, "a play: `play ROLE FROM TO` or `play ROLE resigns`"));
        }
        play_rest(&mut words)
    }
}

impl Play {
    /// The play a `generate_move` reply's text starts with: `play ROLE FROM TO`, then
    /// anything after a comma (hnefatafl-copenhagen adds `, score: …, delay milliseconds:
    /// …`). Spans are in `text`.
    ///
    /// ```
    /// use gridnote_protocol::htp::Play;
    /// let play = Play::from_reply("play defender f8 f9, score: 12, delay milliseconds: 900")?;
    /// assert_eq!(play.to_string(), "play defender f8 f9");
    /// # Ok::<(), gridnote_protocol::htp::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the text does not start with a play.
    pub fn from_reply(text: &str) -> Result<Play, ParseError> {
        let end = text.find(',').unwrap_or(text.len());
        text[..end].parse()
    }

    /// The role that plays.
    #[must_use]
    pub const fn role(&self) -> Player {
        match *self {
            Play::Move { role, .. } | Play::Resign(role) => role,
        }
    }
}

/// The rest of a `play` command after its word.
fn play_rest(words: &mut Words<'_>) -> Result<Play, ParseError> {
    let role = role(words, "play")?;
    let expected = "a vertex (`play ROLE FROM TO`) or `resigns`, like `play attacker d1 d3`";
    let from = argument(words, "play", expected)?;
    if from.text == "resigns" {
        let rest = words.rest();
        if rest.text == "_" || rest.text.is_empty() {
            return Ok(Play::Resign(role));
        }
        return alone(&rest, "play", Play::Resign(role));
    }
    let from = vertex(&from)?;
    let to = vertex_argument(words, "play")?;
    alone(&words.rest(), "play", Play::Move { role, from, to })
}

/// `time := "un-timed" | "fischer" MINUTES ADD_SECONDS`.
fn time_settings(words: &mut Words<'_>) -> Result<TimeSettings, ParseError> {
    let expected = "`un-timed` or `fischer MINUTES ADD_SECONDS`, like `time_settings fischer 5 3`";
    let kind = argument(words, "time_settings", expected)?;
    match kind.text {
        "un-timed" => alone(&words.rest(), "time_settings", TimeSettings::UnTimed),
        "fischer" => {
            let minutes_expected = "the minutes of the game: a number from 0";
            let minutes = argument(words, "time_settings", minutes_expected)?;
            let minutes = number(minutes.text).ok_or_else(|| bad(&minutes, minutes_expected))?;
            let add_expected = "the seconds added after each move: a number from 0";
            let add = argument(words, "time_settings", add_expected)?;
            let add_seconds = number(add.text).ok_or_else(|| bad(&add, add_expected))?;
            alone(&words.rest(), "time_settings", TimeSettings::Fischer { minutes, add_seconds })
        }
        _ => Err(bad(&kind, expected)),
    }
}

/// `role := "attacker" | "a" | "defender" | "d"` (any case).
fn role(words: &mut Words<'_>, keyword: &'static str) -> Result<Player, ParseError> {
    let expected = "a role: `attacker` (or `a`) or `defender` (or `d`)";
    let word = argument(words, keyword, expected)?;
    let lower = (word.text.len() <= 8).then(|| word.text.to_ascii_lowercase());
    match lower.as_deref() {
        Some("attacker" | "a") => Ok(Player::One),
        Some("defender" | "d") => Ok(Player::Two),
        _ => Err(bad(&word, expected)),
    }
}

/// The next word as a vertex.
fn vertex_argument(words: &mut Words<'_>, keyword: &'static str) -> Result<Vertex, ParseError> {
    let word = argument(words, keyword, "a vertex, like d1")?;
    vertex(&word)
}

/// `vertex := LETTER ROW`: a column letter `a`..`m` (any case) and a row from 1 to 13.
fn vertex(word: &Word<'_>) -> Result<Vertex, ParseError> {
    let bad = || ParseError::Vertex { span: word.span.clone(), found: word.text.to_owned() };
    let mut bytes = word.text.bytes();
    let letter = bytes.next().map(|b| b.to_ascii_lowercase()).ok_or_else(bad)?;
    let file = LETTERS.iter().position(|&l| l == letter).ok_or_else(bad)?;
    let row = number(&word.text[1..]).filter(|row| (1..=13).contains(row)).ok_or_else(bad)?;
    let (Ok(file), Ok(row)) = (u8::try_from(file), u8::try_from(row)) else { return Err(bad()) };
    Ok(Vertex(Square::new(file, row - 1)))
}

impl FromStr for Vertex {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Vertex, ParseError> {
        vertex(&Word { text, span: 0..text.len() })
    }
}

/// `status := "ongoing" | "attacker_wins" | "defender_wins" | "draw"`.
impl FromStr for Status {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Status, ParseError> {
        match text.trim() {
            "ongoing" => Ok(Status::Ongoing),
            "attacker_wins" => Ok(Status::AttackerWins),
            "defender_wins" => Ok(Status::DefenderWins),
            "draw" => Ok(Status::Draw),
            _ => Err(ParseError::Bad {
                span: 0..text.len(),
                found: text.to_owned(),
                expected: "a status: ongoing, attacker_wins, defender_wins or draw",
            }),
        }
    }
}

/// The next word, or a [`ParseError::Missing`] at the end of the line.
fn argument<'a>(
    words: &mut Words<'a>,
    keyword: &'static str,
    expected: &'static str,
) -> Result<Word<'a>, ParseError> {
    words.next().ok_or_else(|| ParseError::Missing { span: words.end(), keyword, expected })
}

fn bad(word: &Word<'_>, expected: &'static str) -> ParseError {
    ParseError::Bad { span: word.span.clone(), found: word.text.to_owned(), expected }
}

/// A command that takes no more: nothing may follow it.
fn alone<T>(rest: &Word<'_>, keyword: &'static str, message: T) -> Result<T, ParseError> {
    if rest.text.is_empty() {
        Ok(message)
    } else {
        Err(ParseError::Trailing { span: rest.span.clone(), found: rest.text.to_owned(), keyword })
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = LETTERS.get(usize::from(self.0.file)).copied().unwrap_or(b'?');
        write!(f, "{}{}", char::from(letter), u32::from(self.0.rank) + 1)
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Play::Move { role, from, to } => write!(f, "play {} {from} {to}", role_name(*role)),
            Play::Resign(role) => write!(f, "play {} resigns", role_name(*role)),
        }
    }
}

impl fmt::Display for TimeSettings {
    /// `un-timed` or `fischer MINUTES ADD_SECONDS` (the arguments of `time_settings`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeSettings::UnTimed => f.write_str("un-timed"),
            TimeSettings::Fischer { minutes, add_seconds } => {
                write!(f, "fischer {minutes} {add_seconds}")
            }
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Ongoing => "ongoing",
            Status::AttackerWins => "attacker_wins",
            Status::DefenderWins => "defender_wins",
            Status::Draw => "draw",
        })
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::BoardSize(size) => write!(f, "board_size {size}"),
            Command::FinalStatus => f.write_str("final_status"),
            Command::FirstMove(role) => write!(f, "first_move {}", role_name(*role)),
            Command::GenerateMove => f.write_str("generate_move"),
            Command::KnownCommand(word) => write!(f, "known_command {word}"),
            Command::ListCommands => f.write_str("list_commands"),
            Command::Name => f.write_str("name"),
            Command::Play(play) => play.fmt(f),
            Command::PlayFrom => f.write_str("play_from"),
            Command::PlayTo(role, vertex) => write!(f, "play_to {} {vertex}", role_name(*role)),
            Command::PlayUndo => f.write_str("play_undo"),
            Command::ProtocolVersion => f.write_str("protocol_version"),
            Command::Quit => f.write_str("quit"),
            Command::ShowBoard => f.write_str("show_board"),
            Command::ShowBoardOpenTafl => f.write_str("show_board_open_tafl"),
            Command::TimeSettings(time) => write!(f, "time_settings {time}"),
            Command::Version => f.write_str("version"),
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (mark, text) = match self {
            Reply::Success(text) => ('=', text),
            Reply::Failure(text) => ('?', text),
        };
        // `= ` for an empty text, as hnefatafl-copenhagen writes it.
        write!(f, "{mark} {text}")
    }
}

#[cfg(test)]
#[path = "htp_tests.rs"]
mod tests;
