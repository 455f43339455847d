//! The line protocol of a hnefatafl.org-style game server (hnefatafl-copenhagen's
//! `hnefatafl-server`, version id `32d9a140`): what a client account sends
//! ([`Request`]) and what the server sends it ([`Message`]), one line each.
//!
//! ```text
//! client -> server                              server -> client
//! 32d9a140 login bot-1 secret                   = login
//! new_game {"role":"Attacker","rated":false,    = new_game 0
//!   "time_settings":{"Timed":{...}},"board_size":11}
//!                                               = challenge_requested 0
//! join_game 0                                   = join_game bot-1 bot-2 unrated fischer 60000 1 11
//!                                               game 0 generate_move attacker
//! game 0 play attacker d1 d3                    = game
//!                                               = game_time {"id":0,"attacker_ms_left":59000,...}
//!                                               game 0 play defender f4 c4
//!                                               = game_over 0 attacker_wins
//! resume_game_json 0                            = resume_game_json {"id":0,...}
//! ping                                          = ping
//! ```
//!
//! A vertex is HTP's ([`Vertex`]: a column letter and a row from 1 at the bottom) and a
//! play HTP's [`Play`]. The server sends many messages a playing account has no use for
//! (the lobby's updates, chat, ratings): every line that is not one of the messages
//! below reads as [`Message::Unknown`], never as an error, so that a client can log it
//! and go on. An error ([`ParseError`], with the byte span of the offending text) is
//! only for a known message with a malformed argument.

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use gridnote_board::Player;
use gridnote_board::report::Spanned;

use crate::htp::{ParseError as HtpError, role_name};
pub use crate::htp::{Play, Vertex};
use crate::text::{Escaped, Word, Words, number};

/// The version id hnefatafl-copenhagen 6.4.1's server expects at login.
pub const VERSION_ID: &str = "32d9a140";

/// The TCP port hnefatafl-copenhagen's server listens on.
pub const PORT: u16 = 49152;

/// The longest game id read: the server's ids are 128-bit numbers (39 digits).
const ID_DIGITS: usize = 39;

/// A game's clock: none, or Fischer's (the time for the game and the seconds added after
/// each move).
///
/// ```
/// use gridnote_protocol::server::TimeSettings;
/// let time = TimeSettings::Fischer { milliseconds: 900_000, add_seconds: 10 };
/// assert_eq!(time.to_string(), "fischer 900000 10");
/// assert_eq!(TimeSettings::UnTimed.to_string(), "un-timed _ _");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TimeSettings {
    /// No clock.
    UnTimed,
    /// Fischer's clock.
    Fischer {
        /// Each side's time for the game, in milliseconds.
        milliseconds: u64,
        /// The seconds added to a side's clock after each of its moves.
        add_seconds: u64,
    },
}

/// The game a `new_game` request offers: the role the account takes, whether it is rated,
/// its clock and its board size (the server knows 7, 11 and 13).
///
/// ```
/// use gridnote_protocol::server::{NewGame, TimeSettings};
/// use gridnote_protocol::board::Player;
/// let game = NewGame {
///     role: Player::One,
///     rated: true,
///     time: TimeSettings::Fischer { milliseconds: 900_000, add_seconds: 10 },
///     board_size: 11,
/// };
/// assert_eq!(
///     game.to_string(),
///     r#"{"role":"Attacker","rated":true,"time_settings":{"Timed":{"add_seconds":10,"milliseconds_left":900000}},"board_size":11}"#
/// );
/// assert_eq!(game.to_string().parse(), Ok(game));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NewGame {
    /// The offering account's role (attackers [`Player::One`]).
    pub role: Player,
    /// Whether the game changes the players' ratings.
    pub rated: bool,
    /// The clock.
    pub time: TimeSettings,
    /// The board's size.
    pub board_size: u8,
}

/// What a client sends.
///
/// ```
/// use gridnote_protocol::server::{Play, Request, Vertex};
/// use gridnote_protocol::board::{Player, tafl::Square};
/// let play = Play::Move { role: Player::One, from: Vertex(Square::new(3, 0)), to: Vertex(Square::new(3, 2)) };
/// assert_eq!(Request::Play { id: 7, play }.to_string(), "game 7 play attacker d1 d3");
/// assert_eq!(Request::Play { id: 7, play: Play::Resign(Player::Two) }.to_string(),
///            "game 7 play defender resigns _");
/// assert_eq!("join_game 3".parse(), Ok(Request::JoinGame(3)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Request {
    /// `VERSION login USER PASSWORD`: log in (the password may be empty).
    Login {
        /// The server's version id ([`VERSION_ID`]).
        version: String,
        /// The account's name (at most 16 bytes on the server).
        user: String,
        /// Its password (at most 32 bytes on the server; may hold spaces).
        password: String,
    },
    /// `VERSION create_account USER PASSWORD`: create the account and log in.
    CreateAccount {
        /// The server's version id.
        version: String,
        /// The account's name.
        user: String,
        /// Its password.
        password: String,
    },
    /// `software_id TEXT`: the client's name, kept with the account.
    SoftwareId(String),
    /// `new_game JSON`: offer a game.
    NewGame(NewGame),
    /// `join_game_pending ID`: ask to join another account's offered game.
    JoinGamePending(u128),
    /// `join_game ID`: accept the challenger of one's own offered game (the game starts).
    JoinGame(u128),
    /// `leave_game ID`: withdraw from a game not started.
    LeaveGame(u128),
    /// `game ID PLAY`: a play in a game under way.
    Play {
        /// The game.
        id: u128,
        /// The play.
        play: Play,
    },
    /// `resume_game_json ID`: the game's record as JSON (and its moves from then on).
    ResumeGameJson(u128),
    /// `ping`: the keep-alive; the server answers `= ping`.
    Ping,
    /// `logout`.
    Logout,
}

/// What the server sends.
///
/// ```
/// use gridnote_protocol::server::{Message, Play, Vertex};
/// use gridnote_protocol::board::{Player, tafl::Square};
/// assert_eq!("= login".parse(), Ok(Message::LoggedIn));
/// assert_eq!(
///     "= game_over 4 defender_wins".parse(),
///     Ok(Message::GameOver { id: 4, winner: Player::Two })
/// );
/// assert_eq!(
///     "game 0 play defender f4 c4".parse(),
///     Ok(Message::Played {
///         id: 0,
///         play: Play::Move { role: Player::Two, from: Vertex(Square::new(5, 3)), to: Vertex(Square::new(2, 3)) },
///     })
/// );
/// assert_eq!(
///     "= users_updated (...)".parse(),
///     Ok(Message::Unknown("= users_updated (...)".into()))
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Message {
    /// `= login`: logged in.
    LoggedIn,
    /// `= new_game ID`: the game offered has this id.
    NewGame(u128),
    /// `= join_game_pending ID`: the request to join is with the game's owner.
    JoinGamePending(u128),
    /// `= challenge_requested ID`: someone asks to join one's offered game.
    ChallengeRequested(u128),
    /// `= join_game ATTACKER DEFENDER RATED TIME SIZE`: a game starts (sent to both
    /// players; the id is the one offered or asked for).
    GameStarted(Started),
    /// `game ID generate_move ROLE`: it is ROLE's turn in game ID (also sent, for each
    /// game the account plays, right after it logs in, whoever's turn it is).
    GenerateMove {
        /// The game.
        id: u128,
        /// The role to move.
        role: Player,
    },
    /// `game ID PLAY`: the opponent's play (a resignation reads `play ROLE resigns`).
    Played {
        /// The game.
        id: u128,
        /// The play.
        play: Play,
    },
    /// `= game`: the server took the client's play.
    Accepted,
    /// `= game_over ID attacker_wins|defender_wins`.
    GameOver {
        /// The game.
        id: u128,
        /// Who won.
        winner: Player,
    },
    /// `= draw accept`: the game under way ended in a draw (the server names no game).
    DrawAccepted,
    /// `= game_time {"id":ID,"attacker_ms_left":MS,"defender_ms_left":MS}`: the clocks
    /// after a play.
    GameTime {
        /// The game.
        id: u128,
        /// The attackers' time left, in milliseconds (may be negative on the server).
        attacker_ms: i64,
        /// The defenders' time left.
        defender_ms: i64,
    },
    /// `= resume_game_json JSON`: a game's record (the JSON text as sent).
    ResumeGameJson(String),
    /// `request_draw ID ROLE`: the opponent, ROLE, offers a draw.
    RequestDraw {
        /// The game.
        id: u128,
        /// The role offering it.
        role: Player,
    },
    /// `= ping`: the answer to the keep-alive.
    Pong,
    /// `= games_updated JSON`: the games offered, started and ended since the last update
    /// (the JSON text as sent).
    GamesUpdated(String),
    /// `? COMMAND TEXT`: the server refused the client's COMMAND.
    Refused {
        /// The command refused (`login`, `game`, ...).
        command: String,
        /// The reason, as the server gives it (may be empty).
        text: String,
    },
    /// Any other line, as sent (without its line break).
    Unknown(String),
}

/// The game that `= join_game` starts.
///
/// ```
/// use gridnote_protocol::server::{Message, Started, TimeSettings};
/// let Message::GameStarted(started) =
///     "= join_game player-1 player-2 rated fischer 900000 10 11".parse()? else { panic!() };
/// assert_eq!(started.attacker, "player-1");
/// assert_eq!(started.time, TimeSettings::Fischer { milliseconds: 900_000, add_seconds: 10 });
/// # Ok::<(), gridnote_protocol::server::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Started {
    /// The attackers' account.
    pub attacker: String,
    /// The defenders' account.
    pub defender: String,
    /// Whether the game is rated.
    pub rated: bool,
    /// The clock.
    pub time: TimeSettings,
    /// The board's size.
    pub board_size: u8,
}

/// Why a line is not the message its first words announce. Every variant carries the
/// byte span of the offending text (an empty span where something is missing).
///
/// ```
/// use gridnote_protocol::server::{Message, ParseError};
/// use gridnote_protocol::board::report::Spanned;
/// let err = "game 0 play attacker d1 z3".parse::<Message>().unwrap_err();
/// assert_eq!(err.span(), 24..26);
/// let err = "= game_over x attacker_wins".parse::<Message>().unwrap_err();
/// assert_eq!(err.to_string(), "`x` is not a game id: expected a whole number from 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A line with no word.
    #[error("empty line")]
    Empty {
        /// Always `0..0`.
        span: Range<usize>,
    },
    /// A first word that names no request.
    #[error("unrecognized request: {}", Escaped(word))]
    Unknown {
        /// The word.
        span: Range<usize>,
        /// The word as written.
        word: String,
    },
    /// A message without an argument it takes.
    #[error("`{keyword}` needs {expected}")]
    Missing {
        /// Where the argument was expected.
        span: Range<usize>,
        /// The message's word.
        keyword: &'static str,
        /// What it takes.
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
    /// Words after a message that takes no more.
    #[error("unexpected `{}` after `{keyword}`", Escaped(found))]
    Trailing {
        /// The words.
        span: Range<usize>,
        /// The words as written.
        found: String,
        /// The message's word.
        keyword: &'static str,
    },
    /// A play that is not HTP's `play ROLE FROM TO` or `play ROLE resigns`.
    #[error("{error}")]
    Play {
        /// The span in the line.
        span: Range<usize>,
        /// HTP's error.
        error: HtpError,
    },
}

impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::Empty { span }
            | ParseError::Unknown { span, .. }
            | ParseError::Missing { span, .. }
            | ParseError::Bad { span, .. }
            | ParseError::Trailing { span, .. }
            | ParseError::Play { span, .. } => span.clone(),
        }
    }
}

/// `request := VERSION ("login" | "create_account") USER PASSWORD? | "software_id" TEXT
/// | "new_game" JSON | ("join_game_pending" | "join_game" | "leave_game"
/// | "resume_game_json") ID | "game" ID play | "ping" | "logout"`.
impl FromStr for Request {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Request, ParseError> {
        let line = line.trim_end_matches(['\r', '\n']);
        let mut words = Words::new(line);
        let first = words.next().ok_or(ParseError::Empty { span: 0..0 })?;
        match first.text {
            "software_id" => {
                let rest = words.rest();
                if rest.text.is_empty() {
                    return Err(missing(&words, "software_id", "the client's name"));
                }
                Ok(Request::SoftwareId(rest.text.to_owned()))
            }
            "new_game" => {
                let rest = words.rest();
                let game =
                    rest.text.parse::<NewGame>().map_err(|err| err.shifted(rest.span.start))?;
                Ok(Request::NewGame(game))
            }
            "join_game_pending" => {
                id_alone(&mut words, "join_game_pending").map(Request::JoinGamePending)
            }
            "join_game" => id_alone(&mut words, "join_game").map(Request::JoinGame),
            "leave_game" => id_alone(&mut words, "leave_game").map(Request::LeaveGame),
            "resume_game_json" => {
                id_alone(&mut words, "resume_game_json").map(Request::ResumeGameJson)
            }
            "game" => {
                let id = id(&mut words, "game")?;
                let play = play(&words)?;
                Ok(Request::Play { id, play })
            }
            "ping" => alone(&words.rest(), "ping", Request::Ping),
            "logout" => alone(&words.rest(), "logout", Request::Logout),
            version => match words.next() {
                Some(word) if word.text == "login" || word.text == "create_account" => {
                    let user = argument(&mut words, word.text_keyword(), "the account's name")?;
                    let password = words.rest().text.to_owned();
                    let (version, user) = (version.to_owned(), user.text.to_owned());
                    Ok(if word.text == "login" {
                        Request::Login { version, user, password }
                    } else {
                        Request::CreateAccount { version, user, password }
                    })
                }
                _ => Err(ParseError::Unknown { span: first.span, word: first.text.to_owned() }),
            },
        }
    }
}

impl Word<'_> {
    /// `login` or `create_account` as a static keyword.
    fn text_keyword(&self) -> &'static str {
        if self.text == "login" { "login" } else { "create_account" }
    }
}

/// `message := "= login" | "= new_game" ID | "= join_game_pending" ID
/// | "= challenge_requested" ID | "= join_game" started | "game" ID "generate_move" ROLE
/// | "game" ID play | "= game" | "= game_over" ID ("attacker_wins" | "defender_wins")
/// | "= draw accept" | "= game_time" JSON | "= resume_game_json" JSON
/// | "request_draw" ID ROLE | "= ping" | "= games_updated" JSON | "?" COMMAND TEXT?`; anything else is
/// [`Message::Unknown`].
impl FromStr for Message {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Message, ParseError> {
        let line = line.trim_end_matches(['\r', '\n']);
        let unknown = || Ok(Message::Unknown(line.to_owned()));
        let mut words = Words::new(line);
        let Some(first) = words.next() else { return unknown() };
        match first.text {
            "=" => {
                let Some(word) = words.next() else { return unknown() };
                match word.text {
                    "login" if words.rest().text.is_empty() => Ok(Message::LoggedIn),
                    "new_game" => id_alone(&mut words, "new_game").map(Message::NewGame),
                    "join_game_pending" => {
                        id_alone(&mut words, "join_game_pending").map(Message::JoinGamePending)
                    }
                    "challenge_requested" => {
                        id_alone(&mut words, "challenge_requested").map(Message::ChallengeRequested)
                    }
                    "join_game" => started(&mut words).map(Message::GameStarted),
                    "game" if words.rest().text.is_empty() => Ok(Message::Accepted),
                    "game_over" => {
                        let id = id(&mut words, "game_over")?;
                        let expected = "`attacker_wins` or `defender_wins`";
                        let result = argument(&mut words, "game_over", expected)?;
                        let winner = match result.text {
                            "attacker_wins" => Player::One,
                            "defender_wins" => Player::Two,
                            _ => return Err(bad(&result, expected)),
                        };
                        alone(&words.rest(), "game_over", Message::GameOver { id, winner })
                    }
                    "draw" if words.rest().text == "accept" => Ok(Message::DrawAccepted),
                    "game_time" => game_time(&words.rest()),
                    "resume_game_json" => Ok(Message::ResumeGameJson(words.rest().text.to_owned())),
                    "ping" if words.rest().text.is_empty() => Ok(Message::Pong),
                    "games_updated" => Ok(Message::GamesUpdated(words.rest().text.to_owned())),
                    _ => unknown(),
                }
            }
            "?" => {
                let Some(command) = words.next() else { return unknown() };
                let text = words.rest().text.to_owned();
                Ok(Message::Refused { command: command.text.to_owned(), text })
            }
            "game" => {
                let id = id(&mut words, "game")?;
                let after = words.clone().next();
                if after.as_ref().is_some_and(|w| w.text == "generate_move") {
                    words.next();
                    let role = role(&mut words, "generate_move")?;
                    return alone(
                        &words.rest(),
                        "generate_move",
                        Message::GenerateMove { id, role },
                    );
                }
                play(&words).map(|play| Message::Played { id, play })
            }
            "request_draw" => {
                let id = id(&mut words, "request_draw")?;
                let role = role(&mut words, "request_draw")?;
                alone(&words.rest(), "request_draw", Message::RequestDraw { id, role })
            }
            _ => unknown(),
        }
    }
}

/// `started := ATTACKER DEFENDER ("rated" | "unrated") time SIZE`.
fn started(words: &mut Words<'_>) -> Result<Started, ParseError> {
    let keyword = "join_game";
    let attacker = argument(words, keyword, "the attackers' account")?.text.to_owned();
    let defender = argument(words, keyword, "the defenders' account")?.text.to_owned();
    let rated = argument(words, keyword, "`rated` or `unrated`")?;
    let rated = match rated.text {
        "rated" => true,
        "unrated" => false,
        _ => return Err(bad(&rated, "`rated` or `unrated`")),
    };
    let time = time(words, keyword)?;
    let board_size = size(words, keyword)?;
    alone(&words.rest(), keyword, Started { attacker, defender, rated, time, board_size })
}

/// `time := "fischer" MILLISECONDS ADD_SECONDS | "un-timed" "_" "_"`.
fn time(words: &mut Words<'_>, keyword: &'static str) -> Result<TimeSettings, ParseError> {
    let expected = "a clock: `fischer MILLISECONDS ADD_SECONDS` or `un-timed _ _`";
    let kind = argument(words, keyword, expected)?;
    match kind.text {
        "fischer" => {
            let ms = "the milliseconds of the game: a whole number from 0";
            let milliseconds = argument(words, keyword, ms)?;
            let milliseconds = number(milliseconds.text).ok_or_else(|| bad(&milliseconds, ms))?;
            let add = "the seconds added after each move: a whole number from 0";
            let add_seconds = argument(words, keyword, add)?;
            let add_seconds = number(add_seconds.text).ok_or_else(|| bad(&add_seconds, add))?;
            Ok(TimeSettings::Fischer { milliseconds, add_seconds })
        }
        "un-timed" => {
            for _ in 0..2 {
                let blank = argument(words, keyword, "`_`")?;
                if blank.text != "_" {
                    return Err(bad(&blank, "`_`"));
                }
            }
            Ok(TimeSettings::UnTimed)
        }
        _ => Err(bad(&kind, expected)),
    }
}

/// `SIZE := 7 | 11 | 13`.
fn size(words: &mut Words<'_>, keyword: &'static str) -> Result<u8, ParseError> {
    let expected = "a board size: 7, 11 or 13";
    let word = argument(words, keyword, expected)?;
    match word.text {
        "7" => Ok(7),
        "11" => Ok(11),
        "13" => Ok(13),
        _ => Err(bad(&word, expected)),
    }
}

/// `game_time := "{" "\"id\":" ID "," "\"attacker_ms_left\":" MS "," "\"defender_ms_left\":"
/// MS "}"` (the server's field order, no white space).
fn game_time(rest: &Word<'_>) -> Result<Message, ParseError> {
    let text = rest.text;
    let at = rest.span.start;
    let expected = r#"`{"id":ID,"attacker_ms_left":MS,"defender_ms_left":MS}`"#;
    let whole = || ParseError::Bad { span: rest.span.clone(), found: text.to_owned(), expected };
    let inner = text.strip_prefix('{').and_then(|t| t.strip_suffix('}')).ok_or_else(whole)?;
    let mut fields = inner.split(',');
    let mut offset = at + 1;
    let mut field = |key: &str| -> Result<(&str, Range<usize>), ParseError> {
        let part = fields.next().ok_or_else(whole)?;
        let span = offset..offset + part.len();
        offset += part.len() + 1;
        let value = part.strip_prefix(key).and_then(|p| p.strip_prefix(':')).ok_or_else(|| {
            ParseError::Bad { span: span.clone(), found: part.to_owned(), expected }
        })?;
        Ok((value, span.end - value.len()..span.end))
    };
    let (id_text, id_span) = field("\"id\"")?;
    let (attacker, attacker_span) = field("\"attacker_ms_left\"")?;
    let (defender, defender_span) = field("\"defender_ms_left\"")?;
    if fields.next().is_some() {
        return Err(whole());
    }
    let id = game_id(id_text).ok_or_else(|| ParseError::Bad {
        span: id_span,
        found: id_text.to_owned(),
        expected: "a game id: expected a whole number from 0",
    })?;
    let ms = |text: &str, span: Range<usize>| {
        milliseconds(text).ok_or(ParseError::Bad {
            span,
            found: text.to_owned(),
            expected: "milliseconds: a whole number, maybe negative",
        })
    };
    let attacker_ms = ms(attacker, attacker_span)?;
    let defender_ms = ms(defender, defender_span)?;
    Ok(Message::GameTime { id, attacker_ms, defender_ms })
}

/// A whole number that fits in an `i64`, maybe negative.
fn milliseconds(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let value = i64::try_from(number(digits)?).ok()?;
    Some(if digits.len() == text.len() { value } else { -value })
}

/// `ID := DIGIT+` (at most 39 digits, within a `u128`).
fn game_id(text: &str) -> Option<u128> {
    if text.is_empty() || text.len() > ID_DIGITS || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn id(words: &mut Words<'_>, keyword: &'static str) -> Result<u128, ParseError> {
    let word = argument(words, keyword, "a game id, like 0")?;
    game_id(word.text).ok_or_else(|| ParseError::Bad {
        span: word.span.clone(),
        found: word.text.to_owned(),
        expected: "a game id: expected a whole number from 0",
    })
}

fn id_alone(words: &mut Words<'_>, keyword: &'static str) -> Result<u128, ParseError> {
    let id = id(words, keyword)?;
    alone(&words.rest(), keyword, id)
}

/// `play := "play" ROLE (VERTEX VERTEX | "resigns" "_"?)`: HTP's play, its spans moved
/// to the line.
fn play(words: &Words<'_>) -> Result<Play, ParseError> {
    let rest = words.rest();
    if rest.text.is_empty() {
        return Err(missing(words, "game", "a play, like `play attacker d1 d3`"));
    }
    rest.text.parse::<Play>().map_err(|error| {
        let span = error.span();
        let start = rest.span.start;
        ParseError::Play { span: start + span.start..start + span.end, error }
    })
}

/// `ROLE := "attacker" | "defender"`.
fn role(words: &mut Words<'_>, keyword: &'static str) -> Result<Player, ParseError> {
    let expected = "a role: `attacker` or `defender`";
    let word = argument(words, keyword, expected)?;
    match word.text {
        "attacker" => Ok(Player::One),
        "defender" => Ok(Player::Two),
        _ => Err(bad(&word, expected)),
    }
}

fn argument<'a>(
    words: &mut Words<'a>,
    keyword: &'static str,
    expected: &'static str,
) -> Result<Word<'a>, ParseError> {
    words.next().ok_or_else(|| missing(words, keyword, expected))
}

fn missing(words: &Words<'_>, keyword: &'static str, expected: &'static str) -> ParseError {
    ParseError::Missing { span: words.end(), keyword, expected }
}

fn bad(word: &Word<'_>, expected: &'static str) -> ParseError {
    ParseError::Bad { span: word.span.clone(), found: word.text.to_owned(), expected }
}

fn alone<T>(rest: &Word<'_>, keyword: &'static str, value: T) -> Result<T, ParseError> {
    if rest.text.is_empty() {
        Ok(value)
    } else {
        Err(ParseError::Trailing { span: rest.span.clone(), found: rest.text.to_owned(), keyword })
    }
}

impl ParseError {
    /// The same error with its span moved `by` bytes to the right.
    fn shifted(self, by: usize) -> ParseError {
        let mv = |span: Range<usize>| span.start + by..span.end + by;
        match self {
            ParseError::Empty { span } => ParseError::Empty { span: mv(span) },
            ParseError::Unknown { span, word } => ParseError::Unknown { span: mv(span), word },
            ParseError::Missing { span, keyword, expected } => {
                ParseError::Missing { span: mv(span), keyword, expected }
            }
            ParseError::Bad { span, found, expected } => {
                ParseError::Bad { span: mv(span), found, expected }
            }
            ParseError::Trailing { span, found, keyword } => {
                ParseError::Trailing { span: mv(span), found, keyword }
            }
            ParseError::Play { span, error } => ParseError::Play { span: mv(span), error },
        }
    }
}

/// `new_game_json := "{" "\"role\":" ("\"Attacker\"" | "\"Defender\"") ","
/// "\"rated\":" BOOL "," "\"time_settings\":" ("\"UnTimed\"" | "{\"Timed\":{\"add_seconds\":"
/// N ",\"milliseconds_left\":" N "}}") "," "\"board_size\":" N "}"`: the JSON the server
/// reads, in the field order it writes, without white space.
impl FromStr for NewGame {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<NewGame, ParseError> {
        let mut rest = text;
        let expect = |rest: &mut &str, lit: &'static str| -> Result<(), ParseError> {
            if let Some(after) = rest.strip_prefix(lit) {
                *rest = after;
                return Ok(());
            }
            let at = text.len() - rest.len();
            let end = at + rest.len().min(lit.len());
            let end = (end..=text.len()).find(|&e| text.is_char_boundary(e)).unwrap_or(text.len());
            Err(ParseError::Bad { span: at..end, found: text[at..end].to_owned(), expected: lit })
        };
        let whole = |rest: &mut &str, expected: &'static str| -> Result<u64, ParseError> {
            let len = rest.bytes().take_while(u8::is_ascii_digit).count();
            let at = text.len() - rest.len();
            let value = number(&rest[..len]).ok_or(ParseError::Bad {
                span: at..at + len,
                found: rest[..len].to_owned(),
                expected,
            })?;
            *rest = &rest[len..];
            Ok(value)
        };
        expect(&mut rest, "{\"role\":")?;
        let role = if rest.starts_with("\"Attacker\"") {
            expect(&mut rest, "\"Attacker\"")?;
            Player::One
        } else {
            expect(&mut rest, "\"Defender\"")?;
            Player::Two
        };
        expect(&mut rest, ",\"rated\":")?;
        let rated = if rest.starts_with("true") {
            expect(&mut rest, "true")?;
            true
        } else {
            expect(&mut rest, "false")?;
            false
        };
        expect(&mut rest, ",\"time_settings\":")?;
        let time = if rest.starts_with("\"UnTimed\"") {
            expect(&mut rest, "\"UnTimed\"")?;
            TimeSettings::UnTimed
        } else {
            expect(&mut rest, "{\"Timed\":{\"add_seconds\":")?;
            let add_seconds = whole(&mut rest, "the seconds added: a whole number from 0")?;
            expect(&mut rest, ",\"milliseconds_left\":")?;
            let milliseconds = whole(&mut rest, "the milliseconds: a whole number from 0")?;
            expect(&mut rest, "}}")?;
            TimeSettings::Fischer { milliseconds, add_seconds }
        };
        expect(&mut rest, ",\"board_size\":")?;
        let at = text.len() - rest.len();
        let size = whole(&mut rest, "a board size: 7, 11 or 13")?;
        let board_size = match size {
            7 => 7,
            11 => 11,
            13 => 13,
            _ => {
                return Err(ParseError::Bad {
                    span: at..text.len() - rest.len(),
                    found: size.to_string(),
                    expected: "a board size: 7, 11 or 13",
                });
            }
        };
        expect(&mut rest, "}")?;
        if !rest.is_empty() {
            let at = text.len() - rest.len();
            return Err(ParseError::Trailing {
                span: at..text.len(),
                found: rest.to_owned(),
                keyword: "new_game",
            });
        }
        Ok(NewGame { role, rated, time, board_size })
    }
}

impl fmt::Display for TimeSettings {
    /// `fischer MILLISECONDS ADD_SECONDS` or `un-timed _ _`, as `= join_game` writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeSettings::UnTimed => f.write_str("un-timed _ _"),
            TimeSettings::Fischer { milliseconds, add_seconds } => {
                write!(f, "fischer {milliseconds} {add_seconds}")
            }
        }
    }
}

impl fmt::Display for NewGame {
    /// The JSON the server reads, in its field order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let role = match self.role {
            Player::One => "Attacker",
            Player::Two => "Defender",
        };
        write!(f, "{{\"role\":\"{role}\",\"rated\":{},\"time_settings\":", self.rated)?;
        match self.time {
            TimeSettings::UnTimed => f.write_str("\"UnTimed\"")?,
            TimeSettings::Fischer { milliseconds, add_seconds } => write!(
                f,
                "{{\"Timed\":{{\"add_seconds\":{add_seconds},\"milliseconds_left\":{milliseconds}}}}}"
            )?,
        }
        write!(f, ",\"board_size\":{}}}", self.board_size)
    }
}

/// A play as the server reads it: a resignation ends with `_`.
struct ServerPlay<'a>(&'a Play);

impl fmt::Display for ServerPlay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Play::Resign(role) => write!(f, "play {} resigns _", role_name(*role)),
            play => play.fmt(f),
        }
    }
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Login { version, user, password } => {
                write!(f, "{version} login {user} {password}")
            }
            Request::CreateAccount { version, user, password } => {
                write!(f, "{version} create_account {user} {password}")
            }
            Request::SoftwareId(name) => write!(f, "software_id {name}"),
            Request::NewGame(game) => write!(f, "new_game {game}"),
            Request::JoinGamePending(id) => write!(f, "join_game_pending {id}"),
            Request::JoinGame(id) => write!(f, "join_game {id}"),
            Request::LeaveGame(id) => write!(f, "leave_game {id}"),
            Request::Play { id, play } => write!(f, "game {id} {}", ServerPlay(play)),
            Request::ResumeGameJson(id) => write!(f, "resume_game_json {id}"),
            Request::Ping => f.write_str("ping"),
            Request::Logout => f.write_str("logout"),
        }
    }
}

impl fmt::Display for Started {
    /// The arguments of `= join_game`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rated = if self.rated { "rated" } else { "unrated" };
        write!(f, "{} {} {rated} {} {}", self.attacker, self.defender, self.time, self.board_size)
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::LoggedIn => f.write_str("= login"),
            Message::NewGame(id) => write!(f, "= new_game {id}"),
            Message::JoinGamePending(id) => write!(f, "= join_game_pending {id}"),
            Message::ChallengeRequested(id) => write!(f, "= challenge_requested {id}"),
            Message::GameStarted(started) => write!(f, "= join_game {started}"),
            Message::GenerateMove { id, role } => {
                write!(f, "game {id} generate_move {}", role_name(*role))
            }
            Message::Played { id, play } => write!(f, "game {id} {play}"),
            Message::Accepted => f.write_str("= game"),
            Message::GameOver { id, winner } => {
                write!(f, "= game_over {id} {}_wins", role_name(*winner))
            }
            Message::DrawAccepted => f.write_str("= draw accept"),
            Message::GameTime { id, attacker_ms, defender_ms } => write!(
                f,
                "= game_time {{\"id\":{id},\"attacker_ms_left\":{attacker_ms},\"defender_ms_left\":{defender_ms}}}"
            ),
            Message::ResumeGameJson(json) => write!(f, "= resume_game_json {json}"),
            Message::RequestDraw { id, role } => {
                write!(f, "request_draw {id} {}", role_name(*role))
            }
            Message::Pong => f.write_str("= ping"),
            Message::GamesUpdated(json) => write!(f, "= games_updated {json}"),
            Message::Refused { command, text } if text.is_empty() => write!(f, "? {command}"),
            Message::Refused { command, text } => write!(f, "? {command} {text}"),
            Message::Unknown(line) => f.write_str(line),
        }
    }
}

#[cfg(test)]
#[path = "server_tests.rs"]
mod tests;
