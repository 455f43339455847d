//! ST3P, the Simple Tic-Tac-Toe Protocol, as rustep, stepwise and `gridnote st3p` speak
//! it: one line a message, words separated by white space.
//!
//! ```text
//! host -> engine                                    engine -> host
//! st3p version 1                                    st3p version 1 ok
//! identify                                          identify name gridnote
//!                                                   identify ok
//! move 3_/_x_/3_ o time-remaining ms:1000 win-length 3
//!                                                   info pv [a1, c3]
//!                                                   best a1
//! quit
//! ```
//!
//! Positions are T3EN ([`T3en`]); a cell is named by its column letters and its row
//! counted from the TOP (`b1` is the middle of the top row of 3×3), unlike gridnote's
//! own names, which count from the bottom. `stop` (play the best move found so far at
//! once) is gridnote's addition; engines that do not know it ignore it as an unknown
//! command.
//!
//! [`Command`] is what a host sends and [`Reply`] what an engine sends; each reads with
//! [`FromStr`] (errors carry the byte span of the offending text) and writes with
//! [`Display`](fmt::Display), one line without its line break.

use core::fmt;
use core::num::NonZeroU8;
use core::ops::Range;
use core::str::FromStr;

use gridnote_board::CellName;
use gridnote_board::report::Spanned;
pub use gridnote_t3en::T3en;

use crate::text::{Escaped, Word, Words, number};

/// A message from the host to the engine.
///
/// ```
/// use gridnote_protocol::st3p::{Clock, Command};
/// let command: Command = "move 3_/_x_/3_ o time ms:250 ponder".parse()?;
/// let Command::Move(request) = &command else { panic!("a move") };
/// assert_eq!(request.position.to_string(), "3_/_x_/3_ o");
/// assert_eq!(request.clock, Some(Clock::PerMove { millis: 250 }));
/// assert_eq!(request.ignored, ["ponder"]);
/// assert_eq!(command.to_string(), "move 3_/_x_/3_ o time ms:250 ponder");
/// # Ok::<(), gridnote_protocol::st3p::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Command {
    /// `st3p version N`: the handshake; the engine answers `st3p version N ok`.
    Handshake {
        /// The protocol version the host speaks.
        version: u32,
    },
    /// `identify`: the engine answers with `identify KEY VALUE` lines, then `identify ok`.
    Identify,
    /// `move <T3EN> [time-remaining ms:N | time ms:N] [win-length K]`: choose a move.
    Move(MoveRequest),
    /// `stop` (gridnote's addition): answer the move being thought about at once.
    Stop,
    /// `quit`: the engine ends.
    Quit,
}

/// What a `move` command asks: the position, the clock, the line that wins, and the words
/// the engine did not know (the protocol asks engines to ignore them).
///
/// ```
/// use core::num::NonZeroU8;
/// use gridnote_protocol::st3p::{Clock, MoveRequest, T3en};
/// let request = MoveRequest::new("3_/3_/3_ x".parse::<T3en>()?)
///     .with_clock(Clock::Remaining { millis: 1500 })
///     .with_win_length(NonZeroU8::new(3));
/// assert_eq!(request.to_string(), "move 3_/3_/3_ x time-remaining ms:1500 win-length 3");
/// # Ok::<(), gridnote_protocol::st3p::T3enError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct MoveRequest {
    /// The position, with the side to move.
    pub position: T3en,
    /// The time the engine has, when given.
    pub clock: Option<Clock>,
    /// K in a row wins (1 to 255), when given.
    pub win_length: Option<NonZeroU8>,
    /// Words the command carried that ST3P does not define, in order.
    pub ignored: Vec<String>,
}

impl MoveRequest {
    /// A request for a move in `position`, without a clock or a line length.
    #[must_use]
    pub fn new(position: T3en) -> MoveRequest {
        MoveRequest { position, clock: None, win_length: None, ignored: Vec::new() }
    }

    /// This request with a clock.
    #[must_use]
    pub fn with_clock(self, clock: Clock) -> MoveRequest {
        MoveRequest { clock: Some(clock), ..self }
    }

    /// This request with (or without) a line length.
    #[must_use]
    pub fn with_win_length(self, win_length: Option<NonZeroU8>) -> MoveRequest {
        MoveRequest { win_length, ..self }
    }
}

/// The time an engine has, in milliseconds as ST3P writes it (`ms:N`).
///
/// ```
/// use gridnote_protocol::st3p::Clock;
/// assert_eq!(Clock::Remaining { millis: 9000 }.to_string(), "time-remaining ms:9000");
/// assert_eq!(Clock::PerMove { millis: 100 }.duration().as_millis(), 100);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Clock {
    /// `time-remaining ms:N`: for the rest of the game.
    Remaining {
        /// Milliseconds.
        millis: u64,
    },
    /// `time ms:N`: for this move.
    PerMove {
        /// Milliseconds.
        millis: u64,
    },
}

impl Clock {
    /// The time as a duration.
    #[must_use]
    pub const fn duration(self) -> core::time::Duration {
        match self {
            Clock::Remaining { millis } | Clock::PerMove { millis } => {
                core::time::Duration::from_millis(millis)
            }
        }
    }
}

/// A message from the engine to the host.
///
/// ```
/// use gridnote_protocol::st3p::{Cell, Reply};
/// let reply: Reply = "best b1".parse()?;
/// assert_eq!(reply, Reply::Best(Cell { row: 0, col: 1 }));
/// assert_eq!("info pv [a1, c3]".parse::<Reply>()?, Reply::Info("pv [a1, c3]".into()));
/// assert_eq!(Reply::HandshakeOk { version: 1 }.to_string(), "st3p version 1 ok");
/// # Ok::<(), gridnote_protocol::st3p::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Reply {
    /// `st3p version N ok`: the handshake accepted.
    HandshakeOk {
        /// The version.
        version: u32,
    },
    /// `identify KEY VALUE` (`identify name gridnote`).
    Identify {
        /// The key: `name`, `version`, `author`, `url`, …
        key: String,
        /// The rest of the line.
        value: String,
    },
    /// `identify ok`: the end of the identification.
    IdentifyOk,
    /// `best <cell>`: the engine's move.
    Best(Cell),
    /// `info …`: what the engine is thinking (rustep sends `info pv [c5, e3]`), skipped by
    /// hosts.
    Info(String),
}

/// A cell as ST3P names it: column letters (`a`, …, `z`, `aa`, …) and the row counted
/// from the top, from 1. Both indexes are from 0 (`row` 0 is the top row); a board has
/// at most 255 rows and columns, so each fits a byte.
///
/// ```
/// use gridnote_protocol::st3p::Cell;
/// let cell: Cell = "ab12".parse()?;
/// assert_eq!(cell, Cell { row: 11, col: 27 });
/// assert_eq!(cell.to_string(), "ab12");
/// # Ok::<(), gridnote_protocol::st3p::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// The row, 0 = top.
    pub row: u8,
    /// The column, 0 = `a`.
    pub col: u8,
}

/// Why a line is not an ST3P message. Every variant carries the byte span of the
/// offending text in the line (an empty span where something is missing).
///
/// ```
/// use gridnote_protocol::st3p::{Command, ParseError};
/// use gridnote_protocol::board::report::Spanned;
/// let err = "move 3_/3_/3_ x time soon".parse::<Command>().unwrap_err();
/// assert_eq!(err, ParseError::Duration { span: 21..25, found: "soon".into() });
/// assert_eq!(err.to_string(), "`soon` is not a duration: expected ms:N, like ms:1000");
/// assert_eq!(err.span(), 21..25);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A line with no word.
    #[error("empty command")]
    Empty {
        /// Always `0..0`.
        span: Range<usize>,
    },
    /// A first word that names no message.
    #[error("unknown command `{}`", Escaped(word))]
    Unknown {
        /// The word.
        span: Range<usize>,
        /// The word as written.
        word: String,
    },
    /// `st3p` not followed by `version N` (`version N ok` in a reply).
    #[error("expected `st3p version N{}`", if *reply { " ok" } else { "" })]
    Handshake {
        /// Where `version`, the number or `ok` was expected.
        span: Range<usize>,
        /// Whether a reply (`st3p version N ok`) was read.
        reply: bool,
    },
    /// A version that is not a number.
    #[error("`{}` is not a version: expected a number, like `st3p version 1`", Escaped(found))]
    Version {
        /// The word.
        span: Range<usize>,
        /// The word as written.
        found: String,
    },
    /// `move` without a position.
    #[error("`move` needs a T3EN position, like `move 3_/3_/3_ x`")]
    MissingPosition {
        /// Where the position was expected.
        span: Range<usize>,
    },
    /// A position that is not T3EN.
    #[error("bad position: {source}")]
    Position {
        /// The offending text, in the line.
        span: Range<usize>,
        /// What the T3EN reader said (its span counts in the position's text, the board
        /// and the side to move joined by one space).
        source: T3enError,
    },
    /// `time-remaining` or `time` without a duration.
    #[error("`{after}` needs a duration, like ms:1000")]
    MissingDuration {
        /// Where the duration was expected.
        span: Range<usize>,
        /// `time-remaining` or `time`.
        after: &'static str,
    },
    /// A duration that is not `ms:N`.
    #[error("`{}` is not a duration: expected ms:N, like ms:1000", Escaped(found))]
    Duration {
        /// The word.
        span: Range<usize>,
        /// The word as written.
        found: String,
    },
    /// `win-length` without a number from 1 to 255.
    #[error("`win-length` needs a number from 1 to 255")]
    WinLength {
        /// The word (or where it was expected).
        span: Range<usize>,
    },
    /// `identify` without a key in a reply.
    #[error("`identify` needs a key, like `identify name gridnote`")]
    MissingKey {
        /// Where the key was expected.
        span: Range<usize>,
    },
    /// `best` without a cell.
    #[error("`best` needs a cell, like `best b2`")]
    MissingCell {
        /// Where the cell was expected.
        span: Range<usize>,
    },
    /// A cell name that is not column letters and a row number within 255×255.
    #[error(
        "`{}` is not a cell: expected column letters and a row number from the top, like b2, on a board of at most 255x255",
        Escaped(found)
    )]
    Cell {
        /// The word.
        span: Range<usize>,
        /// The word as written.
        found: String,
    },
    /// A word after a message that takes no more.
    #[error("unexpected `{}` after the cell", Escaped(found))]
    Trailing {
        /// The word.
        span: Range<usize>,
        /// The word as written.
        found: String,
    },
}

/// The T3EN reader's error, as [`ParseError::Position`] carries it.
pub use gridnote_t3en::ParseError as T3enError;

impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::Empty { span }
            | ParseError::Unknown { span, .. }
            | ParseError::Handshake { span, .. }
            | ParseError::Version { span, .. }
            | ParseError::MissingPosition { span }
            | ParseError::Position { span, .. }
            | ParseError::MissingDuration { span, .. }
            | ParseError::Duration { span, .. }
            | ParseError::WinLength { span }
            | ParseError::MissingKey { span }
            | ParseError::MissingCell { span }
            | ParseError::Cell { span, .. }
            | ParseError::Trailing { span, .. } => span.clone(),
        }
    }
}

/// `command := handshake | "identify" | move | "stop" | "quit"` (words after `identify`,
/// `stop` and `quit` are ignored, as rustep ignores them).
impl FromStr for Command {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Command, ParseError> {
        let mut words = Words::new(line);
        let first = words.next().ok_or(ParseError::Empty { span: 0..0 })?;
        match first.text {
            "st3p" => Ok(Command::Handshake { version: handshake(&mut words, false)? }),
            "identify" => Ok(Command::Identify),
            "move" => move_request(&mut words).map(Command::Move),
            "stop" => Ok(Command::Stop),
            "quit" => Ok(Command::Quit),
            _ => Err(unknown(first)),
        }
    }
}

/// `reply := handshake "ok" | "identify" KEY VALUE | "identify ok" | "best" cell | "info" TEXT`
impl FromStr for Reply {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Reply, ParseError> {
        let mut words = Words::new(line);
        let first = words.next().ok_or(ParseError::Empty { span: 0..0 })?;
        match first.text {
            "st3p" => {
                let version = handshake(&mut words, true)?;
                match words.next() {
                    Some(Word { text: "ok", .. }) => Ok(Reply::HandshakeOk { version }),
                    Some(Word { span, .. }) => Err(ParseError::Handshake { span, reply: true }),
                    None => Err(ParseError::Handshake { span: words.end(), reply: true }),
                }
            }
            "identify" => {
                let key = words.next().ok_or(ParseError::MissingKey { span: words.end() })?;
                let value = words.rest().text;
                if key.text == "ok" && value.is_empty() {
                    return Ok(Reply::IdentifyOk);
                }
                Ok(Reply::Identify { key: key.text.to_owned(), value: value.to_owned() })
            }
            "best" => {
                let word = words.next().ok_or(ParseError::MissingCell { span: words.end() })?;
                let cell = cell(&word)?;
                match words.next() {
                    Some(extra) => {
                        Err(ParseError::Trailing { span: extra.span, found: extra.text.to_owned() })
                    }
                    None => Ok(Reply::Best(cell)),
                }
            }
            "info" => Ok(Reply::Info(words.rest().text.to_owned())),
            _ => Err(unknown(first)),
        }
    }
}

impl FromStr for Cell {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Cell, ParseError> {
        cell(&Word { text, span: 0..text.len() })
    }
}

fn unknown(word: Word<'_>) -> ParseError {
    ParseError::Unknown { span: word.span, word: word.text.to_owned() }
}

/// `handshake := "st3p" "version" NUMBER` (after `st3p`): the version.
fn handshake(words: &mut Words<'_>, reply: bool) -> Result<u32, ParseError> {
    match words.next() {
        Some(Word { text: "version", .. }) => {}
        Some(Word { span, .. }) => return Err(ParseError::Handshake { span, reply }),
        None => return Err(ParseError::Handshake { span: words.end(), reply }),
    }
    let word = words.next().ok_or(ParseError::Handshake { span: words.end(), reply })?;
    number(word.text)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| ParseError::Version { span: word.span, found: word.text.to_owned() })
}

/// `move := "move" BOARD SIDE option*` with `option := "time-remaining" duration |
/// "time" duration | "win-length" K | WORD` (after `move`). A later clock replaces an
/// earlier one.
fn move_request(words: &mut Words<'_>) -> Result<MoveRequest, ParseError> {
    let (Some(board), Some(side)) = (words.next(), words.next()) else {
        return Err(ParseError::MissingPosition { span: words.end() });
    };
    let position = position(&board, &side)?;
    let mut request = MoveRequest::new(position);
    while let Some(word) = words.next() {
        match word.text {
            "time-remaining" | "time" => {
                let per_move = word.text == "time";
                let after = if per_move { "time" } else { "time-remaining" };
                let missing = ParseError::MissingDuration { span: words.end(), after };
                let millis = duration(&words.next().ok_or(missing)?)?;
                request.clock = Some(if per_move {
                    Clock::PerMove { millis }
                } else {
                    Clock::Remaining { millis }
                });
            }
            "win-length" => {
                let value = words.next();
                let k =
                    value.as_ref().and_then(|w| number(w.text)).and_then(|k| u8::try_from(k).ok());
                match k.and_then(NonZeroU8::new) {
                    Some(k) => request.win_length = Some(k),
                    None => {
                        let span = value.map_or_else(|| words.end(), |w| w.span);
                        return Err(ParseError::WinLength { span });
                    }
                }
            }
            other => request.ignored.push(other.to_owned()),
        }
    }
    Ok(request)
}

/// The T3EN position of the words `board` and `side` (read as one text with a single space
/// between them).
fn position(board: &Word<'_>, side: &Word<'_>) -> Result<T3en, ParseError> {
    let text = format!("{} {}", board.text, side.text);
    text.parse::<T3en>().map_err(|source| {
        // The reader's span, back in the line: the board's part as it is, the side's part
        // after the white space the line has between them.
        let at = |i: usize| {
            if i <= board.text.len() {
                board.span.start + i
            } else {
                side.span.start + (i - board.text.len() - 1).min(side.text.len())
            }
        };
        let inner = source.span();
        let span = at(inner.start)..at(inner.end).max(at(inner.start));
        ParseError::Position { span, source }
    })
}

/// `duration := "ms:" NUMBER` (milliseconds).
fn duration(word: &Word<'_>) -> Result<u64, ParseError> {
    word.text.strip_prefix("ms:").and_then(number).ok_or_else(|| ParseError::Duration {
        span: word.span.clone(),
        found: word.text.to_owned(),
    })
}

/// `cell := LETTER{1,2} ROW` with the row a number from 1 without a leading zero; the
/// column and the row at most 256 (an index that fits a byte).
fn cell(word: &Word<'_>) -> Result<Cell, ParseError> {
    let bad = || ParseError::Cell { span: word.span.clone(), found: word.text.to_owned() };
    let letters = word.text.bytes().take_while(u8::is_ascii_lowercase).count();
    let (file, rank) = word.text.split_at(letters);
    if !(1..=2).contains(&letters) || rank.starts_with('0') {
        return Err(bad());
    }
    let col = file.bytes().fold(0usize, |col, b| col * 26 + usize::from(b - b'a') + 1) - 1;
    let row = number(rank).and_then(|r| usize::try_from(r).ok()).ok_or_else(bad)?;
    match (u8::try_from(col), row.checked_sub(1).and_then(|r| u8::try_from(r).ok())) {
        (Ok(col), Some(row)) => Ok(Cell { row, col }),
        _ => Err(bad()),
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Handshake { version } => write!(f, "st3p version {version}"),
            Command::Identify => f.write_str("identify"),
            Command::Move(request) => request.fmt(f),
            Command::Stop => f.write_str("stop"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

impl fmt::Display for MoveRequest {
    /// The `move` command.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}", self.position)?;
        if let Some(clock) = self.clock {
            write!(f, " {clock}")?;
        }
        if let Some(k) = self.win_length {
            write!(f, " win-length {k}")?;
        }
        for word in &self.ignored {
            write!(f, " {word}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clock::Remaining { millis } => write!(f, "time-remaining ms:{millis}"),
            Clock::PerMove { millis } => write!(f, "time ms:{millis}"),
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::HandshakeOk { version } => write!(f, "st3p version {version} ok"),
            Reply::Identify { key, value } if value.is_empty() => write!(f, "identify {key}"),
            Reply::Identify { key, value } => write!(f, "identify {key} {value}"),
            Reply::IdentifyOk => f.write_str("identify ok"),
            Reply::Best(cell) => write!(f, "best {cell}"),
            Reply::Info(text) if text.is_empty() => f.write_str("info"),
            Reply::Info(text) => write!(f, "info {text}"),
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        CellName { file: usize::from(self.col), rank: usize::from(self.row) + 1 }.fmt(f)
    }
}

#[cfg(test)]
#[path = "st3p_tests.rs"]
mod tests;
