//! Conversions between a server record ([`ServerGame`]) and the tafl model's game record
//! (an OpenTafl `.otg`, [`Game`]), with a [`Note`] for everything one carries and the
//! other does not.

use core::fmt::{self, Write as _};

use gridnote_board::tafl::{
    Game, GameResult, LinePath, MoveRecord, MoveType, ParseError as OtnError, PositionRecord,
    ReplayError, TaflRules, Tag,
};
use gridnote_board::{Player, Role};

use crate::{MAX_DIM, ServerGame, TimeControl, TimeRemaining, Timestamp};

/// The tags of a `.otg` that carry a server record's fields (OpenTafl's `attackers` and
/// `defenders`, and gridnote's own for the rest).
pub mod tags {
    /// `[attackers:NAME]` (OpenTafl's tag).
    pub const ATTACKERS: &str = "attackers";
    /// `[defenders:NAME]` (OpenTafl's tag).
    pub const DEFENDERS: &str = "defenders";
    /// `[game-id:34253]`: the server's number of the game.
    pub const GAME_ID: &str = "game-id";
    /// `[rated:yes]` or `[rated:no]`.
    pub const RATED: &str = "rated";
    /// `[time-control:900+10]`: main time and increment, in seconds.
    pub const TIME_CONTROL: &str = "time-control";
    /// `[time-remaining:885694 911981 2026-06-24T19:57:38.07Z]`: the attackers' and the
    /// defenders' milliseconds left and the time of the last move.
    pub const TIME_REMAINING: &str = "time-remaining";
}

/// What a conversion could not carry, or had to make up.
///
/// ```
/// use gridnote_game_json::{Note, ServerGame};
/// let mut game = ServerGame::new(1, "ann", "bob", "/1/".parse()?);
/// game.messages.push(gridnote_game_json::Message {
///     username: "ann".into(),
///     timestamp: "2026-01-01T00:00:00Z".parse()?,
///     content: "hi".into(),
/// });
/// let (_, notes) = game.to_game()?;
/// assert_eq!(notes[0].to_string(), "dropped messages: 1 chat message (a .otg has no chat)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Note {
    /// Something of the source the target cannot carry.
    Dropped {
        /// The source's field (a JSON key, a `.otg` tag key, or `variations`,
        /// `comments`, `rules`, `pieces`, `move details`).
        field: &'static str,
        /// What was dropped, in words.
        what: String,
    },
    /// Something the target needs that the source does not have, and what it became.
    Derived {
        /// The target's field.
        field: &'static str,
        /// The value given and why, in words.
        what: String,
    },
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Dropped { field, what } => write!(f, "dropped {field}: {what}"),
            Note::Derived { field, what } => write!(f, "derived {field}: {what}"),
        }
    }
}

/// Why a conversion failed.
///
/// ```
/// use gridnote_game_json::{ConvertError, ServerGame};
/// let game: gridnote_game_json::board::tafl::Game = "[rules:dim:27 start:/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/27/13K13/]\n".parse()?;
/// let err = ServerGame::from_game(&game).unwrap_err();
/// assert_eq!(err.to_string(), "the game cannot be a server record: dim: a 27x27 board (at most 26x26)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConvertError {
    /// A value the target cannot hold.
    #[error("the game cannot be a server record: {field}: {why}")]
    Unrepresentable {
        /// The field.
        field: &'static str,
        /// Why, in words.
        why: String,
    },
    /// A player's name a `.otg` tag cannot hold (it has a `]`).
    #[error("the {field} name {name:?} cannot be a .otg tag value (it holds `]`)")]
    Tag {
        /// `attackers` or `defenders`.
        field: &'static str,
        /// The name.
        name: String,
    },
    /// The tafl model refused the game made of the record (a start position its rules
    /// cannot hold).
    #[error("the tafl model refused the converted game: {0}")]
    Model(#[from] OtnError),
    /// The game's main line could not be followed.
    #[error("{0}")]
    Replay(#[from] ReplayError),
}

/// The rules the server plays on `start`'s board, as a rules record: Copenhagen's
/// (the preset with its `dim` and `start` replaced), and on 7×7, where the server's game
/// is its own (the defenders move first, no edge forts), Brandubh's with the defenders
/// first, the nearest OpenTafl variant.
pub(crate) fn server_rules(start: &PositionRecord) -> Result<TaflRules, OtnError> {
    let (name, first) =
        if start.size() == 7 { ("brandubh", "atkf:n") } else { ("copenhagen", "atkf:y") };
    let preset = TaflRules::preset_record(name).expect("a built-in preset");
    let head = preset.split(" start:").next().unwrap_or(preset);
    let mut record = String::new();
    for entry in head.split(' ') {
        let entry = if entry.starts_with("dim:") {
            format!("dim:{}", start.size())
        } else if entry.starts_with("atkf:") {
            first.to_owned()
        } else {
            entry.to_owned()
        };
        record.push_str(&entry);
        record.push(' ');
    }
    format!("{record}start:{start}").parse()
}

impl ServerGame {
    /// This record as the tafl model's game record (a `.otg`), with notes.
    ///
    /// The rules are Copenhagen's on this board from `start` (the server plays nothing
    /// else; on 7×7, where its game is its own, Brandubh's with the defenders first); the moves the main line, two a turn; the players OpenTafl's `attackers` and
    /// `defenders` tags; the id, `rated`, the clock and the remaining times the tags of
    /// [`tags`](crate::tags); a resignation as the last move the `result` tag (noted as
    /// derived). The chat is dropped (noted).
    ///
    /// # Errors
    /// [`ConvertError::Tag`] for a player's name with `]`, [`ConvertError::Model`] when
    /// the tafl model refuses the game (a start its rules cannot hold).
    ///
    /// ```
    /// let line = r#"{"id":9,"attackers":"ann","defenders":"bob","dim":7,"start":"/3A3/3A3/3D3/AADKDAA/3D3/3A3/3A3/","time_control":null,"time_remaining_ms":null,"moves":"d3-b3 ---","rated":false,"messages":[]}"#;
    /// let game: gridnote_game_json::ServerGame = line.parse()?;
    /// let (otg, notes) = game.to_game()?;
    /// assert!(otg.to_string().starts_with("[attackers:ann]\n[defenders:bob]\n[game-id:9]\n[rated:no]\n[result:-1]\n"));
    /// assert!(otg.to_string().ends_with("\n\n1. d3-b3 ---\n"));
    /// assert_eq!(notes[0].to_string(), "derived result: -1 (the attackers resigned)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_game(&self) -> Result<(Game, Vec<Note>), ConvertError> {
        let mut notes = Vec::new();
        let mut text = String::new();
        for (field, name) in
            [(tags::ATTACKERS, &self.attackers), (tags::DEFENDERS, &self.defenders)]
        {
            if name.contains(']') {
                return Err(ConvertError::Tag { field, name: name.clone() });
            }
            let _ = writeln!(text, "[{field}:{name}]");
        }
        let _ = writeln!(text, "[{}:{}]", tags::GAME_ID, self.id);
        let _ = writeln!(text, "[{}:{}]", tags::RATED, if self.rated { "yes" } else { "no" });
        if let Some(clock) = &self.time_control {
            let _ = writeln!(
                text,
                "[{}:{}+{}]",
                tags::TIME_CONTROL,
                clock.main_time_seconds,
                clock.increment_seconds
            );
        }
        if let Some(left) = &self.time_remaining {
            let _ = writeln!(
                text,
                "[{}:{} {} {}]",
                tags::TIME_REMAINING,
                left.attackers_ms,
                left.defenders_ms,
                left.last_move
            );
        }
        if let Some(last) = self.moves.len().checked_sub(1) {
            if self.moves[last] == MoveRecord::Resignation {
                let (result, who) = match if last % 2 == 0 {
                    self.first_mover()
                } else {
                    self.first_mover().other()
                } {
                    Player::One => (GameResult::DefendersWin, "attackers"),
                    Player::Two => (GameResult::AttackersWin, "defenders"),
                };
                let _ = writeln!(text, "{}", Tag::Result(result));
                notes.push(Note::Derived {
                    field: "result",
                    what: format!("{result} (the {who} resigned)"),
                });
            }
        }
        let rules = server_rules(&self.start)?;
        let _ = writeln!(text, "{}", Tag::Rules(rules));
        for (turn, pair) in self.moves.chunks(2).enumerate() {
            let _ = write!(text, "\n{}.", turn + 1);
            for record in pair {
                let _ = write!(text, " {record}");
            }
            text.push('\n');
        }
        if !self.messages.is_empty() {
            let n = self.messages.len();
            let what =
                format!("{n} chat message{} (a .otg has no chat)", if n == 1 { "" } else { "s" });
            notes.push(Note::Dropped { field: "messages", what });
        }
        Ok((text.parse()?, notes))
    }

    /// The main line of a tafl game record (a `.otg`) as a server record, with notes.
    ///
    /// The start is the game's (its `position` tag, else its rules' start); the players,
    /// id, `rated`, clock and remaining times come from the tags [`ServerGame::to_game`]
    /// writes (missing ones are noted as derived: no names, id 0, rated, no clock). What
    /// the record cannot carry is noted as dropped: rules other than the server's (see
    /// [`ServerGame::to_game`]),
    /// variations, comments, other tags (the result among them, unless a resignation
    /// ends the main line), piece letters, move kinds and info symbols of the moves,
    /// OpenTafl pieces other than men and kings (written as their side's men).
    ///
    /// # Errors
    /// [`ConvertError::Unrepresentable`] for a board over 26×26,
    /// [`ConvertError::Replay`] when the main line cannot be followed.
    ///
    /// ```
    /// use gridnote_game_json::ServerGame;
    /// let otg: gridnote_game_json::board::tafl::Game =
    ///     "[event:Club night]\n[rules:dim:3 atkf:y start:/t2/1K1/3/]\n\n1. a1-a2 b2-c2\n[nice]\n".parse()?;
    /// let (game, notes) = ServerGame::from_game(&otg)?;
    /// assert_eq!(game.to_string(), r#"{"id":0,"attackers":"","defenders":"","dim":3,"start":"/3/1K1/A2/","time_control":null,"time_remaining_ms":null,"moves":"a1-a2 b2-c2","rated":true,"messages":[]}"#);
    /// let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
    /// assert_eq!(notes[0], "dropped rules: dim:3 atkf:y start:/t2/1K1/3/ (the server plays Copenhagen, on 7x7 its own game)");
    /// assert!(notes.contains(&"dropped tag: [event:Club night]".to_owned()));
    /// assert!(notes.contains(&"dropped comments: 1 turn's commentary".to_owned()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_game(game: &Game) -> Result<(ServerGame, Vec<Note>), ConvertError> {
        let mut notes = Vec::new();
        let start = game.start().clone();
        let dim = start.size();
        if dim > MAX_DIM {
            let why = format!("a {dim}x{dim} board (at most {MAX_DIM}x{MAX_DIM})");
            return Err(ConvertError::Unrepresentable { field: "dim", why });
        }
        let rules = game.rules();
        if server_rules(&rules.start_position()).ok().as_ref() != Some(rules) {
            let what = format!("{rules} (the server plays Copenhagen, on 7x7 its own game)");
            notes.push(Note::Dropped { field: "rules", what });
        }
        let others = start
            .squares()
            .filter(|(_, p)| p.is_some_and(|p| !matches!(p.role, Role::Man | Role::King)))
            .count();
        if others > 0 {
            let what =
                format!("{others} piece(s) neither man nor king, written as their side's men");
            notes.push(Note::Dropped { field: "pieces", what });
        }

        let mut moves = Vec::new();
        let mut details = 0;
        for line_move in game.line_moves(&LinePath::MAIN)? {
            let mut record = line_move.record;
            if let MoveRecord::Move(m) = &mut record {
                let plain = m.piece.is_none()
                    && m.kind == MoveType::Regular
                    && m.info.is_none()
                    && m.captures.iter().all(|c| c.piece.is_none());
                if !plain {
                    details += 1;
                    m.piece = None;
                    m.kind = MoveType::Regular;
                    m.info = None;
                    for capture in &mut m.captures {
                        capture.piece = None;
                    }
                }
            }
            moves.push(record);
        }
        if details > 0 {
            let what = format!("piece letters, move kinds or info symbols of {details} move(s)");
            notes.push(Note::Dropped { field: "move details", what });
        }
        let variations = game.lines().len() - 1;
        if variations > 0 {
            notes.push(Note::Dropped {
                field: "variations",
                what: format!("{variations} variation(s)"),
            });
        }
        let mut comments = 0;
        for turn in game.turns() {
            if turn.comment.is_some() {
                comments += 1;
            }
        }
        if comments > 0 {
            let what = format!("{comments} turn's commentary")
                .replace("turn's", if comments == 1 { "turn's" } else { "turns'" });
            notes.push(Note::Dropped { field: "comments", what });
        }

        let mut record = ServerGame::new(0, "", "", start);
        record.moves = moves;
        let mut seen = [false; 6];
        for tag in game.tags() {
            match tag {
                Tag::Rules(_) | Tag::Position(_) => {}
                Tag::Result(result) => {
                    let ends_in_resignation = record.moves.last() == Some(&MoveRecord::Resignation);
                    if !ends_in_resignation {
                        notes.push(Note::Dropped { field: "result", what: result.to_string() });
                    }
                }
                Tag::Other { key, value } => {
                    read_tag(&mut record, key, value, &mut seen, &mut notes)
                }
                _ => {}
            }
        }
        let derived = [
            (0, tags::ATTACKERS, "no name (no attackers tag)"),
            (1, tags::DEFENDERS, "no name (no defenders tag)"),
            (2, "id", "0 (no game-id tag)"),
            (3, tags::RATED, "true (no rated tag)"),
        ];
        for (i, field, what) in derived {
            if !seen[i] {
                notes.push(Note::Derived { field, what: what.to_owned() });
            }
        }
        Ok((record, notes))
    }
}

/// One tag other than rules, position and result: a field of the record, or dropped.
fn read_tag(
    record: &mut ServerGame,
    key: &str,
    value: &str,
    seen: &mut [bool; 6],
    notes: &mut Vec<Note>,
) {
    let slot = match key {
        tags::ATTACKERS => 0,
        tags::DEFENDERS => 1,
        tags::GAME_ID => 2,
        tags::RATED => 3,
        tags::TIME_CONTROL => 4,
        tags::TIME_REMAINING => 5,
        _ => {
            notes.push(Note::Dropped { field: "tag", what: format!("[{key}:{value}]") });
            return;
        }
    };
    if seen[slot] {
        notes.push(Note::Dropped { field: "tag", what: format!("[{key}:{value}] (a second tag)") });
        return;
    }
    let read = match slot {
        0 => {
            record.attackers = value.to_owned();
            true
        }
        1 => {
            record.defenders = value.to_owned();
            true
        }
        2 => value.parse().map(|id| record.id = id).is_ok(),
        3 => {
            let rated = match value {
                "yes" => Some(true),
                "no" => Some(false),
                _ => None,
            };
            rated.map(|rated| record.rated = rated).is_some()
        }
        4 => {
            record.time_control = time_control(value);
            record.time_control.is_some()
        }
        _ => {
            record.time_remaining = time_remaining(value);
            record.time_remaining.is_some()
        }
    };
    if !read {
        notes.push(Note::Dropped { field: "tag", what: format!("[{key}:{value}] (not readable)") });
    }
    seen[slot] = true;
}

/// `SECONDS+SECONDS`
fn time_control(value: &str) -> Option<TimeControl> {
    let (main, increment) = value.split_once('+')?;
    Some(TimeControl {
        main_time_seconds: main.parse().ok()?,
        increment_seconds: increment.parse().ok()?,
    })
}

/// `MILLISECONDS MILLISECONDS TIMESTAMP`
fn time_remaining(value: &str) -> Option<TimeRemaining> {
    let mut parts = value.split(' ');
    let left = TimeRemaining {
        attackers_ms: parts.next()?.parse().ok()?,
        defenders_ms: parts.next()?.parse().ok()?,
        last_move: parts.next()?.parse::<Timestamp>().ok()?,
    };
    parts.next().is_none().then_some(left)
}

impl TryFrom<&ServerGame> for Game {
    type Error = ConvertError;

    /// [`ServerGame::to_game`] without the notes.
    fn try_from(record: &ServerGame) -> Result<Game, ConvertError> {
        record.to_game().map(|(game, _)| game)
    }
}

impl TryFrom<&Game> for ServerGame {
    type Error = ConvertError;

    /// [`ServerGame::from_game`] without the notes.
    fn try_from(game: &Game) -> Result<ServerGame, ConvertError> {
        ServerGame::from_game(game).map(|(record, _)| record)
    }
}
