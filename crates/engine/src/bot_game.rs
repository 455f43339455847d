//! The bot's game under way, the record of a finished one, and the server's JSON it
//! reads: the game records of `resume_game_json` and the lobby's `games_updated`.

use core::fmt;
use std::fmt::Write as _;

use gridnote_board::Player;
use gridnote_protocol::server::{Started, TimeSettings, Vertex};
use gridnote_tafl_rules::Move;

use crate::htp::{Game, rules_record};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameResult {
    /// This side won (by the rules, a resignation or the clock).
    Won(Player),
    /// A draw.
    Drawn,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Won(Player::One) => "the attackers won",
            GameResult::Won(Player::Two) => "the defenders won",
            GameResult::Drawn => "a draw",
        })
    }
}

/// A game the bot played, as it ended.
///
/// ```
/// use gridnote_engine::bot::{Finished, GameResult};
/// use gridnote_protocol::board::Player;
/// let game = Finished::new(3, "bot-1", "bot-2", 11, vec!["d1-d3".into()], GameResult::Won(Player::Two));
/// let record = game.otg().unwrap();
/// assert!(record.starts_with("[event:hnefatafl server game 3]\n[attackers:bot-1]\n[defenders:bot-2]\n[result:-1]\n[rules:"));
/// assert!(record.ends_with("\n\n1. d1-d3\n"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Finished {
    /// The server's id of the game.
    pub id: u128,
    /// The attackers' account.
    pub attacker: String,
    /// The defenders' account.
    pub defender: String,
    /// The board's size (11 or 13).
    pub board_size: u8,
    /// The moves in OpenTafl's notation (`d1-d3`, `f4-c4xc5`).
    pub moves: Vec<String>,
    /// How it ended.
    pub result: GameResult,
}

impl Finished {
    /// A finished game.
    #[must_use]
    pub fn new(
        id: u128,
        attacker: &str,
        defender: &str,
        board_size: u8,
        moves: Vec<String>,
        result: GameResult,
    ) -> Finished {
        Finished {
            id,
            attacker: attacker.to_owned(),
            defender: defender.to_owned(),
            board_size,
            moves,
            result,
        }
    }

    /// The game as an OTN game record (`.otg`): its tags, the rules (Copenhagen on its
    /// board size) and the moves, two a turn. `None` for a board size without rules.
    #[must_use]
    pub fn otg(&self) -> Option<String> {
        let rules = rules_record(u64::from(self.board_size))?;
        let result = match self.result {
            GameResult::Won(Player::One) => "1",
            GameResult::Won(Player::Two) => "-1",
            GameResult::Drawn => "0",
        };
        let tag = |text: &str| text.replace(']', ")").replace('[', "(");
        let mut text = String::new();
        let _ = writeln!(text, "[event:hnefatafl server game {}]", self.id);
        let _ = writeln!(text, "[attackers:{}]", tag(&self.attacker));
        let _ = writeln!(text, "[defenders:{}]", tag(&self.defender));
        let _ = writeln!(text, "[result:{result}]");
        let _ = writeln!(text, "[rules:{rules}]");
        text.push('\n');
        for (turn, pair) in self.moves.chunks(2).enumerate() {
            let _ = writeln!(text, "{}. {}", turn + 1, pair.join(" "));
        }
        Some(text)
    }
}

/// The game under way.
pub(super) struct Current {
    pub(super) id: u128,
    /// The bot's side.
    pub(super) me: Player,
    pub(super) attacker: String,
    pub(super) defender: String,
    pub(super) board_size: u8,
    pub(super) time: TimeSettings,
    /// The server's clocks (attackers, defenders), in milliseconds, once it has sent
    /// them.
    pub(super) clocks: Option<[i64; 2]>,
    pub(super) game: Game,
    /// The moves so far in OpenTafl's notation.
    pub(super) moves: Vec<String>,
    /// Whether the moves are the server's (false after a reconnection until its record
    /// is read).
    pub(super) synced: bool,
}

impl Current {
    /// The game `= join_game` starts (`None` on a board without rules here).
    pub(super) fn new(id: u128, me: Player, started: &Started) -> Option<Current> {
        let game = Game::new(u64::from(started.board_size), Player::One)?;
        Some(Current {
            id,
            me,
            attacker: started.attacker.clone(),
            defender: started.defender.clone(),
            board_size: started.board_size,
            time: started.time,
            clocks: None,
            game,
            moves: Vec::new(),
            synced: true,
        })
    }

    pub(super) fn finished(self, result: GameResult) -> Finished {
        Finished {
            id: self.id,
            attacker: self.attacker,
            defender: self.defender,
            board_size: self.board_size,
            moves: self.moves,
            result,
        }
    }
}

/// A game's record as `resume_game_json` gives it, read into the game under way.
///
/// The fields read: `id`, `attackers`, `defenders`, `dim`, `moves` (OpenTafl's notation,
/// separated by spaces), `time_control` (`main_time_seconds`, `increment_length`) and
/// `time_remaining_ms` (`attackers`, `defenders`), the last two maybe `null`.
pub(super) fn resumed(json: &str, user: &str) -> Result<Current, String> {
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(|err| format!("not the server's game JSON: {err}"))?;
    let field = |name: &str| value.get(name).ok_or_else(|| format!("no `{name}` in the game JSON"));
    let text = |name: &str| {
        field(name)?.as_str().map(str::to_owned).ok_or_else(|| format!("`{name}` is not text"))
    };
    let id = field("id")?;
    let id = id
        .as_u64()
        .map(u128::from)
        .or_else(|| id.to_string().parse().ok())
        .ok_or_else(|| "`id` is not a game id".to_owned())?;
    let attacker = text("attackers")?;
    let defender = text("defenders")?;
    let me = if attacker == user {
        Player::One
    } else if defender == user {
        Player::Two
    } else {
        return Err(format!("{user} plays in neither side of game {id}"));
    };
    let dim = field("dim")?.as_u64().ok_or_else(|| "`dim` is not a size".to_owned())?;
    let board_size = u8::try_from(dim).map_err(|_| format!("a {dim}x{dim} board"))?;
    let mut game =
        Game::new(dim, Player::One).ok_or_else(|| format!("a {dim}x{dim} board: no rules here"))?;
    let time = match value.get("time_control") {
        Some(control) if !control.is_null() => {
            let number = |name: &str| control.get(name).and_then(serde_json::Value::as_u64);
            let main = number("main_time_seconds").ok_or("no `main_time_seconds`")?;
            let add = number("increment_length").ok_or("no `increment_length`")?;
            TimeSettings::Fischer { milliseconds: main.saturating_mul(1000), add_seconds: add }
        }
        _ => TimeSettings::UnTimed,
    };
    let clocks = value.get("time_remaining_ms").filter(|r| !r.is_null()).and_then(|remaining| {
        let ms = |name: &str| remaining.get(name).and_then(serde_json::Value::as_i64);
        Some([ms("attackers")?, ms("defenders")?])
    });
    let mut moves = Vec::new();
    for word in text("moves")?.split_whitespace() {
        let m = server_move(word).ok_or_else(|| format!("`{word}` is not a move"))?;
        let notation = game.position().clone().play(m).map(|p| p.text);
        match (notation, game.play(m)) {
            (Ok(text), Ok(_)) => moves.push(text),
            _ => return Err(format!("`{word}` is not legal after {} moves", moves.len())),
        }
    }
    Ok(Current { id, me, attacker, defender, board_size, time, clocks, game, moves, synced: true })
}

/// A move of the record's `moves`: `FROM-TO`, maybe followed by `xSQUARE` captures.
fn server_move(word: &str) -> Option<Move> {
    let (from, rest) = word.split_once('-')?;
    let to = rest.split('x').next()?;
    let from: Vertex = from.parse().ok()?;
    let to: Vertex = to.parse().ok()?;
    Some(Move::new(from.0, to.0))
}

/// The ids of the games `owner` offers that the bot may join as `role` (any side when
/// `None`) in a `games_updated` JSON: not started, no challenger, on an 11×11 or 13×13
/// board.
pub(super) fn offers(json: &str, owner: &str, role: Option<Player>) -> Result<Vec<u128>, String> {
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(|err| format!("not the server's games JSON: {err}"))?;
    let mut games = Vec::new();
    if let Some(created) = value.get("created").and_then(serde_json::Value::as_array) {
        games.extend(created.iter().filter_map(|entry| entry.get(2)));
    }
    if let Some(updated) = value.get("updated").and_then(serde_json::Value::as_object) {
        games.extend(updated.values());
    }
    let mut ids = Vec::new();
    for game in games {
        let name = |side: &str| game.get(side).and_then(serde_json::Value::as_str);
        let free = |side: &str| game.get(side).is_some_and(serde_json::Value::is_null);
        let open = match role {
            Some(Player::One) => free("attacker") && name("defender") == Some(owner),
            Some(Player::Two) => free("defender") && name("attacker") == Some(owner),
            None => {
                (free("attacker") && name("defender") == Some(owner))
                    || (free("defender") && name("attacker") == Some(owner))
            }
        };
        let unchallenged = game.get("challenger").is_none_or(serde_json::Value::is_null);
        let waiting = game.get("challenge_accepted") == Some(&serde_json::Value::Bool(false));
        let size = game.get("board_size").and_then(serde_json::Value::as_str);
        let id = game.get("id").and_then(serde_json::Value::as_u64).map(u128::from);
        if let (true, true, true, Some("_11" | "_13"), Some(id)) =
            (open, unchallenged, waiting, size, id)
        {
            ids.push(id);
        }
    }
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}
