//! Gomocup, the protocol of Piskvork's "brains" (gomoku engines), as Piskvork, the Gomocup
//! manager, Yixin Board and `gridnote gomocup` speak it: one line a message, a keyword
//! and its arguments, points written `X,Y`.
//!
//! ```text
//! manager -> brain                                  brain -> manager
//! START 15                                          OK
//! INFO timeout_turn 1000
//! INFO rule 0
//! BEGIN                                             MESSAGE depth 9 nodes 81234 …
//!                                                   7,7
//! TURN 8,8                                          6,6
//! BOARD
//! 7,7,1
//! 8,8,2
//! DONE                                              9,9
//! END
//! ```
//!
//! A point is `X,Y`: the column and the row, both from 0, the row counted from the TOP
//! (`0,0` is the top left corner). A board is square (`START 15`) or rectangular
//! (`RECTSTART 20,15`: width, height). `BOARD` is a block of lines: `BOARD`, one
//! [`Stone`] line `X,Y,FIELD` a stone (1 the brain's own, 2 the opponent's, 3 a stone of
//! a continuous game's finished line), then `DONE`; each is one [`Command`] here, as
//! each is one line. The rule code of `INFO rule` is a [`RuleCode`], mapped to and from
//! gridnote-board's [`Rules`].
//!
//! [`Command`] is what the manager sends and [`Reply`] what a brain sends; each reads with
//! [`FromStr`] (errors carry the byte span of the offending text) and writes with
//! [`Display`](fmt::Display), one line without its line break (a reader strips the
//! `\n` or `\r\n`). Keywords are read in any ASCII case and written in upper case;
//! `STOP` and `YXSTOP` (Yixin Board's name for it) both read as [`Command::Stop`].

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use gridnote_board::report::Spanned;
use gridnote_board::{Gomoku, Rules};

use crate::text::{Escaped, Word, Words, number};

/// A point of the board: `X,Y`, the column and the row from 0, the row counted from the
/// top.
///
/// ```
/// use gridnote_protocol::gomocup::Point;
/// let point: Point = "7, 11".parse()?;
/// assert_eq!(point, Point { x: 7, y: 11 });
/// assert_eq!(point.to_string(), "7,11");
/// # Ok::<(), gridnote_protocol::gomocup::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// The column, 0 = left.
    pub x: u32,
    /// The row, 0 = top.
    pub y: u32,
}

/// Who a stone of a `BOARD` block belongs to.
///
/// ```
/// use gridnote_protocol::gomocup::Field;
/// assert_eq!(Field::from_code(2), Some(Field::Opponent));
/// assert_eq!(Field::Own.code(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Field {
    /// 1: the brain's own stone.
    Own,
    /// 2: the opponent's stone.
    Opponent,
    /// 3: a stone of a line already made in a continuous game (Piskvork's rule bit 2),
    /// which no longer counts for either side.
    Winning,
}

impl Field {
    /// The number a `BOARD` line writes.
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Field::Own => 1,
            Field::Opponent => 2,
            Field::Winning => 3,
        }
    }

    /// The field a number stands for.
    #[must_use]
    pub const fn from_code(code: u64) -> Option<Field> {
        match code {
            1 => Some(Field::Own),
            2 => Some(Field::Opponent),
            3 => Some(Field::Winning),
            _ => None,
        }
    }
}

/// One line of a `BOARD` block: `X,Y,FIELD`.
///
/// ```
/// use gridnote_protocol::gomocup::{Command, Field, Point, Stone};
/// let line: Command = "7,7,1".parse()?;
/// assert_eq!(line, Command::Stone(Stone { at: Point { x: 7, y: 7 }, field: Field::Own }));
/// # Ok::<(), gridnote_protocol::gomocup::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stone {
    /// Where it stands.
    pub at: Point,
    /// Whose it is.
    pub field: Field,
}

/// The rule code of `INFO rule`, a bit field as the Gomocup manager, Piskvork, Yixin
/// Board and Rapfi read it: 1 exactly five (an overline does not win), 4 renju, 8 caro
/// (a five blocked at both ends does not win); 2, Piskvork's "continuous game", is read
/// as renju, as Yixin Board and Rapfi send and read it. The code is kept as sent; what it
/// means is [`RuleCode::gomoku`] (renju before caro before exactly five).
///
/// ```
/// use gridnote_protocol::gomocup::RuleCode;
/// use gridnote_protocol::board::{Gomoku, Rules};
/// assert_eq!(RuleCode::new(1).gomoku(), Gomoku::Exact);
/// assert_eq!(Rules::from(RuleCode::new(4)), Rules::RENJU);
/// assert_eq!(RuleCode::try_from(Rules::CARO)?, RuleCode::new(8));
/// assert_eq!(RuleCode::from(Gomoku::Freestyle).code(), 0);
/// # Ok::<(), gridnote_protocol::gomocup::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RuleCode(u32);

impl RuleCode {
    /// Bit 1: exactly five wins.
    pub const EXACT: u32 = 1;
    /// Bit 2: Piskvork's continuous game; renju for Yixin Board and Rapfi (and here).
    pub const CONTINUOUS: u32 = 2;
    /// Bit 4: renju.
    pub const RENJU: u32 = 4;
    /// Bit 8: caro.
    pub const CARO: u32 = 8;

    /// The code as sent.
    #[must_use]
    pub const fn new(code: u32) -> RuleCode {
        RuleCode(code)
    }

    /// The number `INFO rule` carries.
    #[must_use]
    pub const fn code(self) -> u32 {
        self.0
    }

    /// The rule set the code asks for: renju when bit 4 or 2 is set, else caro when bit 8
    /// is, else exactly five when bit 1 is, else freestyle (other bits ignored).
    ///
    /// ```
    /// use gridnote_protocol::gomocup::RuleCode;
    /// use gridnote_protocol::board::Gomoku;
    /// assert_eq!(RuleCode::new(2).gomoku(), Gomoku::Renju);
    /// assert_eq!(RuleCode::new(9).gomoku(), Gomoku::Caro);
    /// assert_eq!(RuleCode::new(16).gomoku(), Gomoku::Freestyle);
    /// ```
    #[must_use]
    pub const fn gomoku(self) -> Gomoku {
        if self.0 & (RuleCode::RENJU | RuleCode::CONTINUOUS) != 0 {
            Gomoku::Renju
        } else if self.0 & RuleCode::CARO != 0 {
            Gomoku::Caro
        } else if self.0 & RuleCode::EXACT != 0 {
            Gomoku::Exact
        } else {
            Gomoku::Freestyle
        }
    }
}

impl From<Gomoku> for RuleCode {
    /// 0 freestyle, 1 exactly five, 4 renju, 8 caro.
    fn from(gomoku: Gomoku) -> RuleCode {
        RuleCode(match gomoku {
            Gomoku::Exact => RuleCode::EXACT,
            Gomoku::Renju => RuleCode::RENJU,
            Gomoku::Caro => RuleCode::CARO,
            _ => 0,
        })
    }
}

impl From<RuleCode> for Rules {
    /// Five in a row with diagonals, normal play, under [`RuleCode::gomoku`].
    fn from(code: RuleCode) -> Rules {
        Rules::GOMOKU.with_gomoku(code.gomoku())
    }
}

impl TryFrom<Rules> for RuleCode {
    type Error = RulesError;

    /// The code of gomoku's rules: five in a row with diagonals, normal play.
    fn try_from(rules: Rules) -> Result<RuleCode, RulesError> {
        if rules.in_a_row == 5 && rules.diagonals && !rules.misere {
            Ok(RuleCode::from(rules.gomoku))
        } else {
            Err(RulesError { rules })
        }
    }
}

/// Rules Gomocup has no code for (anything but five in a row with diagonals, normal
/// play).
///
/// ```
/// use gridnote_protocol::gomocup::RuleCode;
/// use gridnote_protocol::board::Rules;
/// let err = RuleCode::try_from(Rules::TIC_TAC_TOE).unwrap_err();
/// assert_eq!(err.to_string(), "Gomocup has no rule code for `tic-tac-toe`: its games are five in a row with diagonals, normal play");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "Gomocup has no rule code for `{rules}`: its games are five in a row with diagonals, normal play"
)]
#[non_exhaustive]
pub struct RulesError {
    /// The rules.
    pub rules: Rules,
}

/// What an `INFO KEY VALUE` line tells the brain. Times are in milliseconds, memory in
/// bytes; 0 means no limit (`timeout_match`, `max_memory`) or "as fast as possible"
/// (`timeout_turn`).
///
/// ```
/// use gridnote_protocol::gomocup::{Command, Info, Point, RuleCode};
/// assert_eq!("INFO rule 4".parse(), Ok(Command::Info(Info::Rule(RuleCode::new(4)))));
/// assert_eq!("INFO evaluate 3,4".parse(), Ok(Command::Info(Info::Evaluate(Point { x: 3, y: 4 }))));
/// assert_eq!(
///     "INFO thread_num 2".parse(),
///     Ok(Command::Info(Info::Other { key: "thread_num".into(), value: "2".into() }))
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Info {
    /// `timeout_turn`: the most time a move may take (0: play as fast as possible).
    TimeoutTurn(u64),
    /// `timeout_match`: the time for the whole game (0: no limit).
    TimeoutMatch(u64),
    /// `time_left`: the time left of `timeout_match` (a manager may send a negative
    /// number once it has run out).
    TimeLeft(i64),
    /// `max_memory`: the most memory the brain may take (0: no limit).
    MaxMemory(u64),
    /// `game_type`: 0 against a human, 1 against a brain, 2 a tournament, 3 a network
    /// tournament.
    GameType(u64),
    /// `rule`: the rule set.
    Rule(RuleCode),
    /// `evaluate X,Y`: the point under the mouse (for a brain that shows analysis).
    Evaluate(Point),
    /// `folder PATH`: a folder where the brain may keep files.
    Folder(String),
    /// Any other key, with the rest of the line, kept as sent.
    Other {
        /// The key.
        key: String,
        /// The value (the rest of the line, trimmed).
        value: String,
    },
}

/// A message from the manager to the brain.
///
/// ```
/// use gridnote_protocol::gomocup::{Command, Point};
/// assert_eq!("START 20".parse(), Ok(Command::Start { size: 20 }));
/// assert_eq!("turn 10,9\r".parse(), Ok(Command::Turn(Point { x: 10, y: 9 })));
/// assert_eq!("YXSTOP".parse(), Ok(Command::Stop));
/// assert_eq!(Command::RectStart { width: 20, height: 15 }.to_string(), "RECTSTART 20,15");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Command {
    /// `START N`: a new game on an N×N board; the brain answers `OK` (or `ERROR`).
    Start {
        /// The board's side.
        size: u32,
    },
    /// `RECTSTART W,H`: a new game on a board W wide and H high; `OK` or `ERROR`.
    RectStart {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// `RESTART`: a new game on the same board; `OK`.
    Restart,
    /// `BEGIN`: the brain makes the first move.
    Begin,
    /// `TURN X,Y`: the opponent played there; the brain answers with its move.
    Turn(Point),
    /// `BOARD`: the start of a block of [`Command::Stone`] lines ended by
    /// [`Command::Done`], after which the brain moves.
    Board,
    /// `X,Y,FIELD`: a stone of a `BOARD` block.
    Stone(Stone),
    /// `DONE`: the end of a `BOARD` block.
    Done,
    /// `INFO KEY VALUE`: a setting (no answer).
    Info(Info),
    /// `END`: the brain ends at once.
    End,
    /// `ABOUT`: the brain answers with [`Reply::About`].
    About,
    /// `TAKEBACK X,Y`: the stone at X,Y is taken back; `OK`.
    Takeback(Point),
    /// `PLAY X,Y`: after `SUGGEST`, the brain must play X,Y, and answers with it.
    Play(Point),
    /// `STOP` or `YXSTOP`: answer the move being thought about at once.
    Stop,
}

/// A message from the brain to the manager.
///
/// ```
/// use gridnote_protocol::gomocup::{Point, Reply};
/// assert_eq!("7,7".parse(), Ok(Reply::Move(Point { x: 7, y: 7 })));
/// assert_eq!("MESSAGE depth 9".parse(), Ok(Reply::Message("depth 9".into())));
/// assert_eq!(Reply::Ok.to_string(), "OK");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Reply {
    /// `OK`: the answer to `START`, `RECTSTART`, `RESTART` and `TAKEBACK`.
    Ok,
    /// `X,Y`: the brain's move.
    Move(Point),
    /// `MESSAGE TEXT`: for the person watching.
    Message(String),
    /// `DEBUG TEXT`: for the brain's author.
    Debug(String),
    /// `ERROR TEXT`: the brain could not do what was asked.
    Error(String),
    /// `UNKNOWN TEXT`: the brain does not know the command.
    Unknown(String),
    /// `SUGGEST X,Y`: the brain suggests a move; the manager answers `PLAY X,Y`.
    Suggest(Point),
    /// `name="…", version="…", …`: the answer to `ABOUT`.
    About(About),
}

/// The answer to `ABOUT`: `KEY="VALUE"` pairs separated by commas (`name`, `version`,
/// `author`, `country`, `www`, `email`, …), in the order sent.
///
/// ```
/// use gridnote_protocol::gomocup::{About, Reply};
/// let line = r#"name="Rapfi", version="0.43", author="Rapfi developers", country="China""#;
/// let Ok(Reply::About(about)) = line.parse::<Reply>() else { panic!("an ABOUT") };
/// assert_eq!(about.get("name"), Some("Rapfi"));
/// assert_eq!(about.to_string(), line);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct About {
    /// The pairs, in order. A value holds no `"` and no line break (it would not print).
    pub fields: Vec<(String, String)>,
}

impl About {
    /// The value of `key`, the first when it is given more than once.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// Why a line is not a Gomocup message. Every variant carries the byte span of the
/// offending text in the line (an empty span where something is missing).
///
/// ```
/// use gridnote_protocol::gomocup::{Command, ParseError};
/// use gridnote_protocol::board::report::Spanned;
/// let err = "TURN 7;7".parse::<Command>().unwrap_err();
/// assert_eq!(err.to_string(), "`7;7` is not a point: expected X,Y (column and row from 0), like 7,7");
/// assert_eq!(err.span(), 5..8);
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
    /// A keyword without the value it takes.
    #[error("`{keyword}` needs {expected}")]
    Missing {
        /// Where the value was expected.
        span: Range<usize>,
        /// The keyword (`START`, `INFO timeout_turn`, …).
        keyword: &'static str,
        /// What it takes, with an example.
        expected: &'static str,
    },
    /// A value that is not the number expected.
    #[error("`{}` is not {expected}", Escaped(found))]
    Number {
        /// The value.
        span: Range<usize>,
        /// The value as written.
        found: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A point that is not `X,Y`.
    #[error("`{}` is not a point: expected X,Y (column and row from 0), like 7,7", Escaped(found))]
    Point {
        /// The text.
        span: Range<usize>,
        /// The text as written.
        found: String,
    },
    /// A board line that is not `X,Y,FIELD` with a field of 1, 2 or 3.
    #[error(
        "`{}` is not a board line: expected X,Y,FIELD with FIELD 1 (own), 2 (opponent) or 3 (a finished line), like 7,7,1",
        Escaped(found)
    )]
    Stone {
        /// The text.
        span: Range<usize>,
        /// The text as written.
        found: String,
    },
    /// An `ABOUT` answer that is not `KEY="VALUE"` pairs separated by commas.
    #[error(
        "bad ABOUT answer at `{}`: expected KEY=\"VALUE\" pairs separated by commas, like name=\"gridnote\", version=\"0.4\"",
        Escaped(found)
    )]
    About {
        /// The pair that is not one.
        span: Range<usize>,
        /// Its text.
        found: String,
    },
    /// A word after a message that takes no more.
    #[error("unexpected `{}` after `{keyword}`", Escaped(found))]
    Trailing {
        /// The words.
        span: Range<usize>,
        /// The words as written.
        found: String,
        /// The message's keyword.
        keyword: &'static str,
    },
}

impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::Empty { span }
            | ParseError::Unknown { span, .. }
            | ParseError::Missing { span, .. }
            | ParseError::Number { span, .. }
            | ParseError::Point { span, .. }
            | ParseError::Stone { span, .. }
            | ParseError::About { span, .. }
            | ParseError::Trailing { span, .. } => span.clone(),
        }
    }
}

/// The keywords of both directions, as written.
const KEYWORDS: [&str; 20] = [
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "DONE",
    "INFO",
    "END",
    "ABOUT",
    "TAKEBACK",
    "PLAY",
    "STOP",
    "YXSTOP",
    "OK",
    "MESSAGE",
    "DEBUG",
    "ERROR",
    "UNKNOWN",
    "SUGGEST",
];

/// The keyword a first word is, in any ASCII case (without allocating).
fn keyword(word: &Word<'_>) -> Option<&'static str> {
    KEYWORDS.iter().find(|k| k.eq_ignore_ascii_case(word.text)).copied()
}

/// `command := "START" N | "RECTSTART" W "," H | "RESTART" | "BEGIN" | "TURN" point
/// | "BOARD" | stone | "DONE" | "INFO" info | "END" | "ABOUT" | "TAKEBACK" point
/// | "PLAY" point | "STOP" | "YXSTOP"` (keywords in any case).
impl FromStr for Command {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Command, ParseError> {
        let mut words = Words::new(line);
        let first = words.next().ok_or(ParseError::Empty { span: 0..0 })?;
        if first.text.starts_with(|c: char| c.is_ascii_digit()) {
            let whole = Words::new(line).rest();
            return stone(&whole).map(Command::Stone);
        }
        let rest = words.rest();
        let bare = |command: Command, keyword: &'static str| alone(&rest, keyword, command);
        match keyword(&first) {
            Some("START") => {
                let size = count(&rest, "START", "a board size, like `START 15`")?;
                Ok(Command::Start { size })
            }
            Some("RECTSTART") => {
                let (width, height) = rect(&rest)?;
                Ok(Command::RectStart { width, height })
            }
            Some("RESTART") => bare(Command::Restart, "RESTART"),
            Some("BEGIN") => bare(Command::Begin, "BEGIN"),
            Some("TURN") => Ok(Command::Turn(point_after(&rest, "TURN")?)),
            Some("BOARD") => bare(Command::Board, "BOARD"),
            Some("DONE") => bare(Command::Done, "DONE"),
            Some("INFO") => info(&mut words).map(Command::Info),
            Some("END") => bare(Command::End, "END"),
            Some("ABOUT") => bare(Command::About, "ABOUT"),
            Some("TAKEBACK") => Ok(Command::Takeback(point_after(&rest, "TAKEBACK")?)),
            Some("PLAY") => Ok(Command::Play(point_after(&rest, "PLAY")?)),
            Some("STOP" | "YXSTOP") => bare(Command::Stop, "STOP"),
            _ => Err(unknown(first)),
        }
    }
}

/// `reply := "OK" | point | "MESSAGE" TEXT | "DEBUG" TEXT | "ERROR" TEXT | "UNKNOWN" TEXT
/// | "SUGGEST" point | about` (keywords in any case; a line that starts with no keyword
/// and holds a `=` is an `ABOUT` answer).
impl FromStr for Reply {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Reply, ParseError> {
        let mut words = Words::new(line);
        let first = words.next().ok_or(ParseError::Empty { span: 0..0 })?;
        let whole = Words::new(line).rest();
        if first.text.starts_with(|c: char| c.is_ascii_digit()) {
            return point(&whole).map(Reply::Move);
        }
        let rest = words.rest();
        let text = || rest.text.to_owned();
        match keyword(&first) {
            Some("OK") => alone(&rest, "OK", Reply::Ok),
            Some("MESSAGE") => Ok(Reply::Message(text())),
            Some("DEBUG") => Ok(Reply::Debug(text())),
            Some("ERROR") => Ok(Reply::Error(text())),
            Some("UNKNOWN") => Ok(Reply::Unknown(text())),
            Some("SUGGEST") => Ok(Reply::Suggest(point_after(&rest, "SUGGEST")?)),
            _ if whole.text.contains('=') => about(&whole).map(Reply::About),
            _ => Err(unknown(first)),
        }
    }
}

impl FromStr for Point {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Point, ParseError> {
        point(&Word { text, span: 0..text.len() })
    }
}

fn unknown(word: Word<'_>) -> ParseError {
    ParseError::Unknown { span: word.span, word: word.text.to_owned() }
}

/// A message that takes no argument: nothing may follow it.
fn alone<T>(rest: &Word<'_>, keyword: &'static str, message: T) -> Result<T, ParseError> {
    if rest.text.is_empty() {
        Ok(message)
    } else {
        Err(ParseError::Trailing { span: rest.span.clone(), found: rest.text.to_owned(), keyword })
    }
}

/// The comma-separated parts of `word`, each without the white space around it, with
/// their spans.
fn parts<'a>(word: &Word<'a>) -> impl Iterator<Item = Word<'a>> {
    let (text, base) = (word.text, word.span.start);
    let mut at = 0;
    text.split(',').map(move |part| {
        let start = at + (part.len() - part.trim_start().len());
        let trimmed = part.trim();
        at += part.len() + 1;
        Word { text: trimmed, span: base + start..base + start + trimmed.len() }
    })
}

/// `n := DIGIT+`, a number that fits a `u32`.
fn small(word: &Word<'_>) -> Option<u32> {
    number(word.text).and_then(|n| u32::try_from(n).ok())
}

/// `size := n` (after `START`): a board side of at least 1.
fn count(
    rest: &Word<'_>,
    keyword: &'static str,
    expected: &'static str,
) -> Result<u32, ParseError> {
    if rest.text.is_empty() {
        return Err(ParseError::Missing { span: rest.span.clone(), keyword, expected });
    }
    small(rest).filter(|&n| n > 0).ok_or_else(|| ParseError::Number {
        span: rest.span.clone(),
        found: rest.text.to_owned(),
        expected: "a board size: a number from 1",
    })
}

/// `rect := n "," n` (after `RECTSTART`): width and height, each at least 1.
fn rect(rest: &Word<'_>) -> Result<(u32, u32), ParseError> {
    if rest.text.is_empty() {
        let expected = "a width and a height, like `RECTSTART 20,15`";
        return Err(ParseError::Missing {
            span: rest.span.clone(),
            keyword: "RECTSTART",
            expected,
        });
    }
    let mut sides = parts(rest);
    let (Some(width), Some(height), None) = (sides.next(), sides.next(), sides.next()) else {
        return Err(ParseError::Number {
            span: rest.span.clone(),
            found: rest.text.to_owned(),
            expected: "a width and a height: W,H, like 20,15",
        });
    };
    let side = |word: &Word<'_>| {
        small(word).filter(|&n| n > 0).ok_or_else(|| ParseError::Number {
            span: word.span.clone(),
            found: word.text.to_owned(),
            expected: "a board side: a number from 1",
        })
    };
    Ok((side(&width)?, side(&height)?))
}

/// A point after a keyword, which must be there.
fn point_after(rest: &Word<'_>, keyword: &'static str) -> Result<Point, ParseError> {
    if rest.text.is_empty() {
        let expected = "a point X,Y, like 7,7";
        return Err(ParseError::Missing { span: rest.span.clone(), keyword, expected });
    }
    point(rest)
}

/// `point := n "," n` (white space allowed around each number).
fn point(word: &Word<'_>) -> Result<Point, ParseError> {
    let bad = || ParseError::Point { span: word.span.clone(), found: word.text.to_owned() };
    let mut coords = parts(word);
    match (coords.next(), coords.next(), coords.next()) {
        (Some(x), Some(y), None) => match (small(&x), small(&y)) {
            (Some(x), Some(y)) => Ok(Point { x, y }),
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

/// `stone := n "," n "," FIELD` with `FIELD := "1" | "2" | "3"`.
fn stone(word: &Word<'_>) -> Result<Stone, ParseError> {
    let bad = || ParseError::Stone { span: word.span.clone(), found: word.text.to_owned() };
    let mut values = parts(word);
    match (values.next(), values.next(), values.next(), values.next()) {
        (Some(x), Some(y), Some(field), None) => {
            match (small(&x), small(&y), number(field.text).and_then(Field::from_code)) {
                (Some(x), Some(y), Some(field)) => Ok(Stone { at: Point { x, y }, field }),
                _ => Err(bad()),
            }
        }
        _ => Err(bad()),
    }
}

/// `info := KEY VALUE` (after `INFO`): the known keys' values read, any other key kept
/// with the rest of the line.
fn info(words: &mut Words<'_>) -> Result<Info, ParseError> {
    let Some(key) = words.next() else {
        let expected = "a key and a value, like `INFO timeout_turn 1000`";
        return Err(ParseError::Missing { span: words.end(), keyword: "INFO", expected });
    };
    let value = words.rest();
    let millis = "a time in milliseconds: a number from 0";
    let info = match key.text {
        "timeout_turn" => Info::TimeoutTurn(info_number(&value, "INFO timeout_turn", millis)?),
        "timeout_match" => Info::TimeoutMatch(info_number(&value, "INFO timeout_match", millis)?),
        "time_left" => Info::TimeLeft(signed(&value)?),
        "max_memory" => {
            let bytes = "a memory size in bytes: a number from 0";
            Info::MaxMemory(info_number(&value, "INFO max_memory", bytes)?)
        }
        "game_type" => {
            let kind = "a game type: a number from 0";
            Info::GameType(info_number(&value, "INFO game_type", kind)?)
        }
        "rule" => {
            let code = info_number(&value, "INFO rule", "a rule code: a number, like 0 or 4")?;
            let code = u32::try_from(code).map_err(|_| ParseError::Number {
                span: value.span.clone(),
                found: value.text.to_owned(),
                expected: "a rule code: a number, like 0 or 4",
            })?;
            Info::Rule(RuleCode(code))
        }
        "evaluate" => Info::Evaluate(point_after(&value, "INFO evaluate")?),
        "folder" if value.text.is_empty() => {
            let expected = "a folder, like `INFO folder /tmp/brain`";
            return Err(ParseError::Missing { span: value.span, keyword: "INFO folder", expected });
        }
        "folder" => Info::Folder(value.text.to_owned()),
        _ => Info::Other { key: key.text.to_owned(), value: value.text.to_owned() },
    };
    Ok(info)
}

/// `n` as the value of an `INFO` key.
fn info_number(
    value: &Word<'_>,
    keyword: &'static str,
    expected: &'static str,
) -> Result<u64, ParseError> {
    if value.text.is_empty() {
        return Err(ParseError::Missing { span: value.span.clone(), keyword, expected });
    }
    number(value.text).ok_or_else(|| ParseError::Number {
        span: value.span.clone(),
        found: value.text.to_owned(),
        expected,
    })
}

/// `signed := "-"? n` (the value of `time_left`), within an `i64`.
fn signed(value: &Word<'_>) -> Result<i64, ParseError> {
    let expected = "a time in milliseconds: a whole number";
    if value.text.is_empty() {
        return Err(ParseError::Missing {
            span: value.span.clone(),
            keyword: "INFO time_left",
            expected,
        });
    }
    let (negative, digits) = match value.text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, value.text),
    };
    let magnitude = number(digits).and_then(|n| i64::try_from(n).ok());
    magnitude.map(|n| if negative { -n } else { n }).ok_or_else(|| ParseError::Number {
        span: value.span.clone(),
        found: value.text.to_owned(),
        expected,
    })
}

/// `about := pair ("," pair)*` with `pair := KEY "=" ('"' VALUE '"' | VALUE)`: KEY
/// letters, digits and `_`; a quoted VALUE holds no `"`, an unquoted one no `,`.
fn about(whole: &Word<'_>) -> Result<About, ParseError> {
    let mut fields = Vec::new();
    let mut rest = Word { text: whole.text, span: whole.span.clone() };
    loop {
        let (pair, after) = about_pair(&rest)?;
        fields.push(pair);
        let Some(after) = after else { return Ok(About { fields }) };
        rest = after;
    }
}

/// One `pair` of [`about`] at the start of `rest` (white space before it skipped), and
/// what follows its comma (`None` at the end of the line).
fn about_pair<'a>(rest: &Word<'a>) -> Result<((String, String), Option<Word<'a>>), ParseError> {
    let skipped = rest.text.len() - rest.text.trim_start().len();
    let text = &rest.text[skipped..];
    let start = rest.span.start + skipped;
    let bad =
        |len: usize| ParseError::About { span: start..start + len, found: text[..len].to_owned() };
    let whole_pair = text.find(',').unwrap_or(text.len());
    let Some(eq) = text.find('=') else { return Err(bad(whole_pair)) };
    let key = text[..eq].trim_end();
    if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(bad(if key.is_empty() { eq + 1 } else { key.len() }));
    }
    let after_eq = &text[eq + 1..];
    let value_skip = after_eq.len() - after_eq.trim_start().len();
    let value_text = &after_eq[value_skip..];
    let value_at = eq + 1 + value_skip;
    let (value, end) = if let Some(quoted) = value_text.strip_prefix('"') {
        let Some(close) = quoted.find('"') else { return Err(bad(text.len())) };
        (&quoted[..close], value_at + close + 2)
    } else {
        let len = value_text.find(',').unwrap_or(value_text.len());
        (value_text[..len].trim_end(), value_at + len)
    };
    let pair = (key.to_owned(), value.to_owned());
    let tail = &text[end..];
    let tail_trimmed = tail.trim_start();
    if tail_trimmed.is_empty() {
        return Ok((pair, None));
    }
    let Some(next) = tail_trimmed.strip_prefix(',') else {
        let from = end + (tail.len() - tail_trimmed.len());
        return Err(ParseError::About {
            span: start + from..start + text.len(),
            found: text[from..].to_owned(),
        });
    };
    let next_at = start + text.len() - next.len();
    Ok((pair, Some(Word { text: next, span: next_at..next_at + next.len() })))
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl fmt::Display for Stone {
    /// `X,Y,FIELD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.at, self.field.code())
    }
}

impl fmt::Display for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for Info {
    /// `INFO KEY VALUE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Info::TimeoutTurn(ms) => write!(f, "INFO timeout_turn {ms}"),
            Info::TimeoutMatch(ms) => write!(f, "INFO timeout_match {ms}"),
            Info::TimeLeft(ms) => write!(f, "INFO time_left {ms}"),
            Info::MaxMemory(bytes) => write!(f, "INFO max_memory {bytes}"),
            Info::GameType(kind) => write!(f, "INFO game_type {kind}"),
            Info::Rule(code) => write!(f, "INFO rule {code}"),
            Info::Evaluate(point) => write!(f, "INFO evaluate {point}"),
            Info::Folder(folder) => write!(f, "INFO folder {folder}"),
            Info::Other { key, value } if value.is_empty() => write!(f, "INFO {key}"),
            Info::Other { key, value } => write!(f, "INFO {key} {value}"),
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Start { size } => write!(f, "START {size}"),
            Command::RectStart { width, height } => write!(f, "RECTSTART {width},{height}"),
            Command::Restart => f.write_str("RESTART"),
            Command::Begin => f.write_str("BEGIN"),
            Command::Turn(point) => write!(f, "TURN {point}"),
            Command::Board => f.write_str("BOARD"),
            Command::Stone(stone) => stone.fmt(f),
            Command::Done => f.write_str("DONE"),
            Command::Info(info) => info.fmt(f),
            Command::End => f.write_str("END"),
            Command::About => f.write_str("ABOUT"),
            Command::Takeback(point) => write!(f, "TAKEBACK {point}"),
            Command::Play(point) => write!(f, "PLAY {point}"),
            Command::Stop => f.write_str("STOP"),
        }
    }
}

/// `KEYWORD TEXT`, or the keyword alone when there is no text.
fn keyword_text(f: &mut fmt::Formatter<'_>, keyword: &str, text: &str) -> fmt::Result {
    f.write_str(keyword)?;
    if text.is_empty() { Ok(()) } else { write!(f, " {text}") }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => f.write_str("OK"),
            Reply::Move(point) => point.fmt(f),
            Reply::Message(text) => keyword_text(f, "MESSAGE", text),
            Reply::Debug(text) => keyword_text(f, "DEBUG", text),
            Reply::Error(text) => keyword_text(f, "ERROR", text),
            Reply::Unknown(text) => keyword_text(f, "UNKNOWN", text),
            Reply::Suggest(point) => write!(f, "SUGGEST {point}"),
            Reply::About(about) => about.fmt(f),
        }
    }
}

impl fmt::Display for About {
    /// `KEY="VALUE", …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (key, value)) in self.fields.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{key}=\"{value}\"")?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "gomocup_tests.rs"]
mod tests;
