//! OTEP, the OpenTafl Engine Protocol, as OpenTafl's `opentafl-engine-protocol.txt` and
//! its external-engine host define it, and as `gridnote otep` and the referee speak it.
//!
//! ```text
//! host -> engine                                    engine -> host
//!                                                   hello
//! rules dim:7 name:Brandub … start:/3t3/…/
//! clock 10000 10000 0 0 0
//! play attackers                                    status depth 6 score 35 …
//!                                                   move d2-c2
//! move /3t3/…/                  (the host's confirmation: the board after the move)
//! opponent-move d3-e3 /3t3/…/
//! finish 2
//! goodbye
//! ```
//!
//! [`Command`] is what a host sends and [`Reply`] what an engine sends; each reads with
//! [`FromStr`] (errors carry the byte span of the offending text) and writes with
//! [`Display`](fmt::Display). The records a message carries (an OTN rules record, a
//! position record, a move) are kept as the text sent: the tafl model reads them, so
//! that a record gets the same verdict here as everywhere else. Sides are
//! [`Player`]s: the attackers are [`Player::One`], the defenders [`Player::Two`].
//! `stop` (play the move found so far at once) is gridnote's addition.

use core::fmt;
use core::num::NonZeroUsize;
use core::ops::Range;
use core::str::FromStr;

use gridnote_board::Player;
use gridnote_board::report::Spanned;

use crate::text::{Escaped, Word, Words, number};

/// A message from the host to the engine.
///
/// ```
/// use gridnote_protocol::otep::Command;
/// use gridnote_protocol::board::Player;
/// let command: Command = "opponent-move d3-e3|e3-e4 /3t3/7/7/3K3/7/7/3t3/".parse()?;
/// assert_eq!(
///     command,
///     Command::OpponentMove {
///         moves: vec!["d3-e3".into(), "e3-e4".into()],
///         position: "/3t3/7/7/3K3/7/7/3t3/".into(),
///     }
/// );
/// assert_eq!(Command::Play(Player::Two).to_string(), "play defenders");
/// # Ok::<(), gridnote_protocol::otep::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Command {
    /// `rules <record>`: a new game under these rules (an OTN rules record), at its start.
    Rules(String),
    /// `position <record>`: the board (an OTN position record).
    Position(String),
    /// `side attackers|defenders`: the side the engine plays.
    Side(Player),
    /// `clock …`: both sides' time.
    Clock(Clock),
    /// `play attackers|defenders`: choose a move for that side.
    Play(Player),
    /// `analyze N S`: score N moves in S seconds.
    Analyze {
        /// How many moves to score.
        moves: NonZeroUsize,
        /// Seconds to take.
        seconds: u64,
    },
    /// `move <record>`: the host's confirmation of the engine's move, with the board
    /// after it.
    Move(String),
    /// `opponent-move <moves> <record>`: the moves played since the engine's last move
    /// (separated by `|`), and the board after them.
    OpponentMove {
        /// The moves, as written.
        moves: Vec<String>,
        /// The position record after them.
        position: String,
    },
    /// `error …`: the host refused the engine's last move (the rest of the line as sent).
    Error(String),
    /// `finish <code>`: the game is over.
    Finish(Finish),
    /// `goodbye`: the engine ends.
    Goodbye,
    /// `simple-moves on|off`: which move notation to use (engine-to-host; a host may
    /// echo it).
    SimpleMoves(bool),
    /// `hello` (engine-to-host; a host may echo it).
    Hello,
    /// `status …` (engine-to-host; a host may echo it).
    Status(String),
    /// `stop` (gridnote's addition): answer the move being thought about at once.
    Stop,
}

/// How a game ended, as `finish` says it.
///
/// ```
/// use gridnote_protocol::otep::Finish;
/// assert_eq!(Finish::AttackersWon.code(), 2);
/// assert_eq!(Finish::from_code(1), Some(Finish::Drawn));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Finish {
    /// 0: the game ended otherwise (the other side exited or forfeited).
    Ended,
    /// 1: a draw.
    Drawn,
    /// 2: the attackers won.
    AttackersWon,
    /// 3: the defenders won.
    DefendersWon,
}

impl Finish {
    /// The code `finish` sends.
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Finish::Ended => 0,
            Finish::Drawn => 1,
            Finish::AttackersWon => 2,
            Finish::DefendersWon => 3,
        }
    }

    /// The finish a code stands for.
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Finish> {
        match code {
            0 => Some(Finish::Ended),
            1 => Some(Finish::Drawn),
            2 => Some(Finish::AttackersWon),
            3 => Some(Finish::DefendersWon),
            _ => None,
        }
    }
}

/// Both sides' time, as `clock` sends it: `clock <attacker-ms>[*] <defender-ms>[*]
/// <overtime-s> <attacker-overtimes> <defender-overtimes>` (a `*` marks time that is the
/// current overtime period).
///
/// ```
/// use gridnote_protocol::otep::{Clock, SideClock};
/// use gridnote_protocol::board::Player;
/// let clock: Clock = "60000 1500* 10 3 2".parse()?;
/// assert_eq!(clock.side(Player::Two), SideClock { millis: 1500, in_overtime: true, overtimes: 2 });
/// assert_eq!(clock.overtime_seconds, 10);
/// assert_eq!(clock.to_string(), "clock 60000 1500* 10 3 2");
/// # Ok::<(), gridnote_protocol::otep::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Clock {
    /// The attackers' time.
    pub attackers: SideClock,
    /// The defenders' time.
    pub defenders: SideClock,
    /// Each overtime period's length, in seconds.
    pub overtime_seconds: u64,
}

/// One side's time in a [`Clock`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SideClock {
    /// Milliseconds left.
    pub millis: u64,
    /// Whether that is the current overtime period (the `*`).
    pub in_overtime: bool,
    /// Overtime periods left.
    pub overtimes: u64,
}

impl Clock {
    /// The time of `side`.
    #[must_use]
    pub const fn side(&self, side: Player) -> SideClock {
        match side {
            Player::One => self.attackers,
            Player::Two => self.defenders,
        }
    }
}

/// A message from the engine to the host.
///
/// ```
/// use gridnote_protocol::otep::Reply;
/// assert_eq!("move Kd4-c4xb4".parse(), Ok(Reply::Move("Kd4-c4xb4".into())));
/// assert_eq!("error -1 no such rules".parse(), Ok(Reply::Error { code: Some(-1), message: "no such rules".into() }));
/// assert_eq!(Reply::Hello.to_string(), "hello");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Reply {
    /// `hello`: the engine is ready.
    Hello,
    /// `simple-moves on|off`: the notation the engine wants (`off`: OpenTafl's full one).
    SimpleMoves(bool),
    /// `rules`, `position`, `side` or `clock` alone: the engine asks the host for it.
    Request(Request),
    /// `status …`: what the engine is thinking.
    Status(String),
    /// `move <move>`: the engine's move.
    Move(String),
    /// `analysis N [<moves> <evaluation>]…`: the answer to `analyze`.
    Analysis(Vec<AnalysisLine>),
    /// `error [<code>] [<message>]`: `-1` a critical error (OpenTafl resigns for the
    /// engine), `0` a non-critical one.
    Error {
        /// The code, when the first word is a number.
        code: Option<i64>,
        /// The rest of the line.
        message: String,
    },
}

/// What an engine may ask its host for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Request {
    /// `rules`.
    Rules,
    /// `position`.
    Position,
    /// `side`.
    Side,
    /// `clock`.
    Clock,
}

/// One line of an `analysis`: moves from the position (separated by `|`) and the
/// evaluation of the first, a decimal number as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AnalysisLine {
    /// The moves, as written.
    pub moves: Vec<String>,
    /// The evaluation, as written (`-1.50`).
    pub evaluation: String,
}

/// The word OTEP names a side by: `attackers` ([`Player::One`]) or `defenders`.
///
/// ```
/// use gridnote_protocol::otep::side_name;
/// assert_eq!(side_name(gridnote_protocol::board::Player::One), "attackers");
/// ```
#[must_use]
pub const fn side_name(side: Player) -> &'static str {
    match side {
        Player::One => "attackers",
        Player::Two => "defenders",
    }
}

/// Why a line is not an OTEP message. Every variant carries the byte span of the
/// offending text in the line (an empty span where something is missing); the messages
/// are the ones `gridnote otep` answers with (`error 0 <message>`).
///
/// ```
/// use gridnote_protocol::otep::{Command, ParseError};
/// let err = "side north".parse::<Command>().unwrap_err();
/// assert_eq!(err, ParseError::Side { span: 5..10, found: "north".into() });
/// assert_eq!(err.to_string(), "`north` is not a side: expected attackers or defenders");
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
    /// A side that is neither `attackers` nor `defenders`.
    #[error("`{}` is not a side: expected attackers or defenders", Escaped(found))]
    Side {
        /// The words after the command (where they were expected when missing).
        span: Range<usize>,
        /// What was written.
        found: String,
    },
    /// `clock` without its five values.
    #[error(
        "`clock` needs 5 values (attacker-ms[*] defender-ms[*] overtime-s attacker-overtimes defender-overtimes), got {got}"
    )]
    ClockValues {
        /// The values given.
        span: Range<usize>,
        /// How many were given.
        got: usize,
    },
    /// A value that is not a number.
    #[error("`{}` is not a number", Escaped(found))]
    Number {
        /// The word.
        span: Range<usize>,
        /// The word as written.
        found: String,
    },
    /// `analyze` without its two values.
    #[error("`analyze` needs a number of moves and seconds, like `analyze 5 30`")]
    AnalyzeValues {
        /// The values given.
        span: Range<usize>,
    },
    /// A number of moves to analyze that is not a number from 1.
    #[error("`{}` is not a number of moves", Escaped(found))]
    Moves {
        /// The word.
        span: Range<usize>,
        /// The word as written.
        found: String,
    },
    /// A number of seconds that is not a number.
    #[error("`{}` is not a number of seconds", Escaped(found))]
    Seconds {
        /// The word.
        span: Range<usize>,
        /// The word as written.
        found: String,
    },
    /// `opponent-move` without a move list and a position.
    #[error("`opponent-move` needs a move list and a position")]
    OpponentMove {
        /// Where they were expected.
        span: Range<usize>,
    },
    /// `finish` without a code from 0 to 3.
    #[error("`finish {}`: expected a code 0 to 3", Escaped(found))]
    Finish {
        /// The words after `finish`.
        span: Range<usize>,
        /// What was written.
        found: String,
    },
    /// `simple-moves` without `on` or `off`.
    #[error("`simple-moves {}`: expected on or off", Escaped(found))]
    SimpleMoves {
        /// The words after `simple-moves`.
        span: Range<usize>,
        /// What was written.
        found: String,
    },
    /// `move` without a move, or with more than one word.
    #[error("`move` needs one move, like `move d4-d1`")]
    MissingMove {
        /// Where it was expected.
        span: Range<usize>,
    },
    /// `analysis N` not followed by N move lists with their evaluations.
    #[error("`analysis` needs a count, then as many move lists with their evaluations")]
    Analysis {
        /// The words after `analysis`.
        span: Range<usize>,
    },
}

impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::Empty { span }
            | ParseError::Unknown { span, .. }
            | ParseError::Side { span, .. }
            | ParseError::ClockValues { span, .. }
            | ParseError::Number { span, .. }
            | ParseError::AnalyzeValues { span }
            | ParseError::Moves { span, .. }
            | ParseError::Seconds { span, .. }
            | ParseError::OpponentMove { span }
            | ParseError::Finish { span, .. }
            | ParseError::SimpleMoves { span, .. }
            | ParseError::MissingMove { span }
            | ParseError::Analysis { span } => span.clone(),
        }
    }
}

/// `command := WORD rest`, the rest read by the word (see each [`Command`] variant).
impl FromStr for Command {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Command, ParseError> {
        let mut words = Words::new(line);
        let first = words.next().ok_or(ParseError::Empty { span: 0..0 })?;
        let rest = words.rest();
        let owned = || rest.text.to_owned();
        Ok(match first.text {
            "rules" => Command::Rules(owned()),
            "position" => Command::Position(owned()),
            "side" => Command::Side(side(&rest)?),
            "clock" => Command::Clock(clock(&rest)?),
            "play" => Command::Play(side(&rest)?),
            "analyze" => analyze(&rest)?,
            "move" => Command::Move(owned()),
            "opponent-move" => opponent_move(&mut words)?,
            "error" => Command::Error(owned()),
            "finish" => Command::Finish(finish(&rest)?),
            "goodbye" => Command::Goodbye,
            "simple-moves" => Command::SimpleMoves(on_off(&rest)?),
            "hello" => Command::Hello,
            "status" => Command::Status(owned()),
            "stop" => Command::Stop,
            _ => return Err(unknown(first)),
        })
    }
}

/// `reply := WORD rest`, the rest read by the word (see each [`Reply`] variant).
impl FromStr for Reply {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Reply, ParseError> {
        let mut words = Words::new(line);
        let first = words.next().ok_or(ParseError::Empty { span: 0..0 })?;
        let rest = words.rest();
        Ok(match first.text {
            "hello" => Reply::Hello,
            "simple-moves" => Reply::SimpleMoves(on_off(&rest)?),
            "rules" => Reply::Request(Request::Rules),
            "position" => Reply::Request(Request::Position),
            "side" => Reply::Request(Request::Side),
            "clock" => Reply::Request(Request::Clock),
            "status" => Reply::Status(rest.text.to_owned()),
            "move" => match words.next() {
                Some(word) if words.next().is_none() => Reply::Move(word.text.to_owned()),
                _ => return Err(ParseError::MissingMove { span: rest.span }),
            },
            "analysis" => Reply::Analysis(analysis(&mut words, &rest)?),
            "error" => {
                let code = words.next().and_then(|w| w.text.parse::<i64>().ok());
                let message = if code.is_some() { words.rest().text } else { rest.text };
                Reply::Error { code, message: message.to_owned() }
            }
            _ => return Err(unknown(first)),
        })
    }
}

impl FromStr for Clock {
    type Err = ParseError;

    /// The five values after `clock`.
    fn from_str(text: &str) -> Result<Clock, ParseError> {
        clock(&Words::new(text).rest())
    }
}

fn unknown(word: Word<'_>) -> ParseError {
    ParseError::Unknown { span: word.span, word: word.text.to_owned() }
}

/// `side := "attackers" | "defenders"` (the whole rest of the line).
fn side(rest: &Word<'_>) -> Result<Player, ParseError> {
    match rest.text {
        "attackers" => Ok(Player::One),
        "defenders" => Ok(Player::Two),
        other => Err(ParseError::Side { span: rest.span.clone(), found: other.to_owned() }),
    }
}

/// `clock := millis millis NUMBER NUMBER NUMBER` with `millis := NUMBER "*"?`.
fn clock(rest: &Word<'_>) -> Result<Clock, ParseError> {
    let words: Vec<Word<'_>> = Words::new(rest.text).take(6).collect();
    if words.len() != 5 {
        let got = Words::new(rest.text).count();
        return Err(ParseError::ClockValues { span: rest.span.clone(), got });
    }
    let at = rest.span.start;
    let value = |word: &Word<'_>, text: &str| {
        number(text).ok_or_else(|| ParseError::Number {
            span: at + word.span.start..at + word.span.end,
            found: text.to_owned(),
        })
    };
    let side = |word: &Word<'_>, overtimes: u64| -> Result<SideClock, ParseError> {
        let (text, in_overtime) = match word.text.strip_suffix('*') {
            Some(text) => (text, true),
            None => (word.text, false),
        };
        Ok(SideClock { millis: value(word, text)?, in_overtime, overtimes })
    };
    let overtime_seconds = value(&words[2], words[2].text)?;
    let (a, d) = (value(&words[3], words[3].text)?, value(&words[4], words[4].text)?);
    Ok(Clock { attackers: side(&words[0], a)?, defenders: side(&words[1], d)?, overtime_seconds })
}

/// `analyze := NUMBER NUMBER` (moves from 1, seconds).
fn analyze(rest: &Word<'_>) -> Result<Command, ParseError> {
    let words: Vec<Word<'_>> = Words::new(rest.text).take(3).collect();
    let [n, seconds] = &words[..] else {
        return Err(ParseError::AnalyzeValues { span: rest.span.clone() });
    };
    let at = |w: &Word<'_>| rest.span.start + w.span.start..rest.span.start + w.span.end;
    let moves = number(n.text)
        .and_then(|n| usize::try_from(n).ok())
        .and_then(NonZeroUsize::new)
        .ok_or_else(|| ParseError::Moves { span: at(n), found: n.text.to_owned() })?;
    let seconds = number(seconds.text)
        .ok_or_else(|| ParseError::Seconds { span: at(seconds), found: seconds.text.to_owned() })?;
    Ok(Command::Analyze { moves, seconds })
}

/// `opponent-move := MOVE ("|" MOVE)* record` (after the command word).
fn opponent_move(words: &mut Words<'_>) -> Result<Command, ParseError> {
    let Some(list) = words.next() else {
        return Err(ParseError::OpponentMove { span: words.end() });
    };
    let position = words.rest();
    if position.text.is_empty() {
        return Err(ParseError::OpponentMove { span: list.span });
    }
    Ok(Command::OpponentMove {
        moves: list.text.split('|').map(str::to_owned).collect(),
        position: position.text.to_owned(),
    })
}

/// `finish := "0" | "1" | "2" | "3"`.
fn finish(rest: &Word<'_>) -> Result<Finish, ParseError> {
    let code = match rest.text.as_bytes() {
        [digit] => digit.checked_sub(b'0').and_then(Finish::from_code),
        _ => None,
    };
    code.ok_or_else(|| ParseError::Finish { span: rest.span.clone(), found: rest.text.to_owned() })
}

/// `on-off := "on" | "off"`: whether simple moves are on.
fn on_off(rest: &Word<'_>) -> Result<bool, ParseError> {
    match rest.text {
        "on" => Ok(true),
        "off" => Ok(false),
        other => Err(ParseError::SimpleMoves { span: rest.span.clone(), found: other.to_owned() }),
    }
}

/// `analysis := NUMBER (moves EVALUATION)*`, as many pairs as the number says.
fn analysis(words: &mut Words<'_>, rest: &Word<'_>) -> Result<Vec<AnalysisLine>, ParseError> {
    let bad = || ParseError::Analysis { span: rest.span.clone() };
    let count = words.next().and_then(|w| number(w.text)).ok_or_else(bad)?;
    let mut lines = Vec::new();
    while let Some(moves) = words.next() {
        let evaluation = words.next().ok_or_else(bad)?;
        lines.push(AnalysisLine {
            moves: moves.text.split('|').map(str::to_owned).collect(),
            evaluation: evaluation.text.to_owned(),
        });
    }
    if u64::try_from(lines.len()).ok() != Some(count) {
        return Err(bad());
    }
    Ok(lines)
}

/// Writes `words` separated by `|`.
fn piped(f: &mut fmt::Formatter<'_>, words: &[String]) -> fmt::Result {
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            f.write_str("|")?;
        }
        f.write_str(word)?;
    }
    Ok(())
}

/// Writes `word`, then ` rest` when the rest is not empty.
fn with_rest(f: &mut fmt::Formatter<'_>, word: &str, rest: &str) -> fmt::Result {
    f.write_str(word)?;
    if rest.is_empty() { Ok(()) } else { write!(f, " {rest}") }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Rules(record) => with_rest(f, "rules", record),
            Command::Position(record) => with_rest(f, "position", record),
            Command::Side(side) => write!(f, "side {}", side_name(*side)),
            Command::Clock(clock) => clock.fmt(f),
            Command::Play(side) => write!(f, "play {}", side_name(*side)),
            Command::Analyze { moves, seconds } => write!(f, "analyze {moves} {seconds}"),
            Command::Move(record) => with_rest(f, "move", record),
            Command::OpponentMove { moves, position } => {
                f.write_str("opponent-move ")?;
                piped(f, moves)?;
                write!(f, " {position}")
            }
            Command::Error(rest) => with_rest(f, "error", rest),
            Command::Finish(finish) => write!(f, "finish {}", finish.code()),
            Command::Goodbye => f.write_str("goodbye"),
            Command::SimpleMoves(on) => {
                write!(f, "simple-moves {}", if *on { "on" } else { "off" })
            }
            Command::Hello => f.write_str("hello"),
            Command::Status(text) => with_rest(f, "status", text),
            Command::Stop => f.write_str("stop"),
        }
    }
}

impl fmt::Display for Clock {
    /// The `clock` command.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let star = |side: SideClock| if side.in_overtime { "*" } else { "" };
        write!(
            f,
            "clock {}{} {}{} {} {} {}",
            self.attackers.millis,
            star(self.attackers),
            self.defenders.millis,
            star(self.defenders),
            self.overtime_seconds,
            self.attackers.overtimes,
            self.defenders.overtimes
        )
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Hello => f.write_str("hello"),
            Reply::SimpleMoves(on) => write!(f, "simple-moves {}", if *on { "on" } else { "off" }),
            Reply::Request(request) => f.write_str(match request {
                Request::Rules => "rules",
                Request::Position => "position",
                Request::Side => "side",
                Request::Clock => "clock",
            }),
            Reply::Status(text) => with_rest(f, "status", text),
            Reply::Move(text) => write!(f, "move {text}"),
            Reply::Analysis(lines) => {
                write!(f, "analysis {}", lines.len())?;
                for line in lines {
                    f.write_str(" ")?;
                    piped(f, &line.moves)?;
                    write!(f, " {}", line.evaluation)?;
                }
                Ok(())
            }
            Reply::Error { code: Some(code), message } => {
                write!(f, "error {code}")?;
                if message.is_empty() { Ok(()) } else { write!(f, " {message}") }
            }
            Reply::Error { code: None, message } => with_rest(f, "error", message),
        }
    }
}

#[cfg(test)]
#[path = "otep_tests.rs"]
mod tests;
