//! The record's value: `ServerGame` and its parts, with the bounds the reader checks.

use gridnote_board::Player;
use gridnote_board::tafl::{MoveRecord, PositionRecord};

use crate::time::Timestamp;

/// The longest record read (bytes). A record of a whole game is a few kilobytes; the
/// bound is checked before anything is read or allocated.
pub const MAX_BYTES: usize = 16 * 1024 * 1024;

/// The largest board side read (`dim`): squares are one letter, `a` to `z`.
pub const MAX_DIM: usize = 26;

/// A game record of a hnefatafl.org-style server: what it answers to
/// `resume_game_json <id>` (after `= resume_game_json `), the "OpenTafl game JSON".
///
/// `FromStr` reads the JSON object (keys in any order; keys it does not know are checked
/// as JSON and skipped; `time_control` and `time_remaining_ms` may be absent or `null`,
/// `rated` absent means `true`), with a spanned [`ParseError`](crate::ParseError) naming the field.
/// `Display` writes the one-line JSON the server writes, its fields in its order.
/// `docs/game-json.md` of the repository has the grammar and the decisions.
///
/// ```
/// use gridnote_game_json::ServerGame;
/// let text = r#"{"id":7,"attackers":"ann","defenders":"bob","dim":7,"start":"/3A3/3A3/3D3/AADKDAA/3D3/3A3/3A3/","time_control":null,"time_remaining_ms":null,"moves":"d2-c2 d3-e3","rated":false,"messages":[]}"#;
/// let game: ServerGame = text.parse()?;
/// assert_eq!((game.id, game.dim(), game.moves.len()), (7, 7, 2));
/// assert_eq!(game.moves[1].to_string(), "d3-e3");
/// assert_eq!(game.to_string(), text);
/// # Ok::<(), gridnote_game_json::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ServerGame {
    /// `id`: the server's number of the game.
    pub id: u128,
    /// `attackers`: the attackers' player (an account name).
    pub attackers: String,
    /// `defenders`: the defenders' player.
    pub defenders: String,
    /// `start`, with `dim` its size: the position the game started from, the server's
    /// start for its board size. Men of Player One are attackers (`A`), of Player Two
    /// defenders (`D`), the king `K`; the server knows no other piece.
    pub start: PositionRecord,
    /// `time_control`: the Fischer clock, or `None` (`null`) for an untimed game.
    pub time_control: Option<TimeControl>,
    /// `time_remaining_ms`: both clocks after the last move (at the start: the main
    /// time), or `None` (`null`) for an untimed game.
    pub time_remaining: Option<TimeRemaining>,
    /// `moves`: the moves played, the first by [`first_mover`](ServerGame::first_mover), each with the squares it
    /// captured (`d3-d2xe2`), or a resignation (`---`). No piece letters, no move
    /// times: the server writes neither.
    pub moves: Vec<MoveRecord>,
    /// `rated`: whether the game counts for the players' ratings.
    pub rated: bool,
    /// `messages`: the game's chat, newest first (as the server writes it).
    pub messages: Vec<Message>,
}

impl ServerGame {
    /// A game `id` between `attackers` and `defenders` from `start`: rated, untimed,
    /// without moves or messages.
    ///
    /// ```
    /// use gridnote_game_json::ServerGame;
    /// let game = ServerGame::new(1, "ann", "bob", "/1/".parse()?);
    /// assert_eq!(game.to_string(), r#"{"id":1,"attackers":"ann","defenders":"bob","dim":1,"start":"/1/","time_control":null,"time_remaining_ms":null,"moves":"","rated":true,"messages":[]}"#);
    /// # Ok::<(), gridnote_game_json::board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn new(
        id: u128,
        attackers: impl Into<String>,
        defenders: impl Into<String>,
        start: PositionRecord,
    ) -> ServerGame {
        ServerGame {
            id,
            attackers: attackers.into(),
            defenders: defenders.into(),
            start,
            time_control: None,
            time_remaining: None,
            moves: Vec::new(),
            rated: true,
            messages: Vec::new(),
        }
    }

    /// `dim`: the board's side, the size of [`start`](ServerGame::start).
    ///
    /// ```
    /// let game = gridnote_game_json::ServerGame::new(1, "a", "d", "/2/2/".parse()?);
    /// assert_eq!(game.dim(), 2);
    /// # Ok::<(), gridnote_game_json::board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn dim(&self) -> usize {
        self.start.size()
    }

    /// The side that moves first, and so plays `moves[0]`, `moves[2]`, …: the attackers
    /// (Player One), but on 7×7 the defenders (Player Two), as the server plays.
    ///
    /// ```
    /// use gridnote_game_json::{board::Player, ServerGame};
    /// let game = ServerGame::new(1, "a", "d", "/7/7/7/3K3/7/7/7/".parse()?);
    /// assert_eq!(game.first_mover(), Player::Two);
    /// # Ok::<(), gridnote_game_json::board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn first_mover(&self) -> Player {
        if self.dim() == 7 { Player::Two } else { Player::One }
    }
}

/// `time_control`: a Fischer clock, as the server writes it.
///
/// ```
/// let clock = gridnote_game_json::TimeControl { main_time_seconds: 900, increment_seconds: 10 };
/// assert_eq!(clock.increment_seconds, 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TimeControl {
    /// `main_time_seconds`: each side's time at the start.
    pub main_time_seconds: i64,
    /// `increment_length`: the seconds added to a side's clock after each of its moves.
    pub increment_seconds: i64,
}

/// `time_remaining_ms`: both clocks, in milliseconds, as they stood at the last move.
///
/// ```
/// use gridnote_game_json::{TimeRemaining, Timestamp};
/// let left = TimeRemaining {
///     attackers_ms: 885_694,
///     defenders_ms: 911_981,
///     last_move: "2026-06-24T19:57:38.07Z".parse()?,
/// };
/// assert_eq!(left.last_move.unix_millis() % 1000, 70);
/// # Ok::<(), gridnote_game_json::TimestampError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TimeRemaining {
    /// `attackers`: the attackers' time left (negative when they lost on time).
    pub attackers_ms: i64,
    /// `defenders`: the defenders' time left.
    pub defenders_ms: i64,
    /// `last_move`: when the last move was made (the clock of the side to move runs
    /// from here).
    pub last_move: Timestamp,
}

/// A chat message of the game (`messages`' items).
///
/// ```
/// let m = gridnote_game_json::Message {
///     username: "david".into(),
///     timestamp: "2026-06-24T19:57:33.519700276Z".parse()?,
///     content: "Hello!".into(),
/// };
/// assert_eq!(m.timestamp.subsec_nanos(), 519_700_276);
/// # Ok::<(), gridnote_game_json::TimestampError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Message {
    /// `username`: who wrote it.
    pub username: String,
    /// `timestamp`: when.
    pub timestamp: Timestamp,
    /// `content`: the text.
    pub content: String,
}
