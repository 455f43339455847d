//! The bot's game under way, the record of a finished one, and the server's JSON it
//! reads: the game records of `resume_game_json` and the lobby's `games_updated`.

use core::fmt;
use std::fmt::Write as _;

use gridnote_board::Player;
use gridnote_board::tafl::MoveRecord;
use gridnote_game_json::ServerGame;
use gridnote_protocol::server::{Started, TimeSettings};
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

/// A game's record as `resume_game_json` gives it (gridnote-game-json's [`ServerGame`]),
/// read into the game under way: its players, board, clock, the time left and the moves,
/// replayed under the rules here.
pub(super) fn resumed(json: &str, user: &str) -> Result<Current, String> {
    let record: ServerGame =
        json.parse().map_err(|err| format!("not the server's game JSON: {err}"))?;
    let id = record.id;
    let me = if record.attackers == user {
        Player::One
    } else if record.defenders == user {
        Player::Two
    } else {
        return Err(format!("{user} plays in neither side of game {id}"));
    };
    let dim = record.dim();
    let board_size = u8::try_from(dim).map_err(|_| format!("a {dim}x{dim} board"))?;
    let mut game = Game::new(u64::from(board_size), Player::One)
        .ok_or_else(|| format!("a {dim}x{dim} board: no rules here"))?;
    let time = match record.time_control {
        Some(control) => TimeSettings::Fischer {
            milliseconds: u64::try_from(control.main_time_seconds)
                .unwrap_or(0)
                .saturating_mul(1000),
            add_seconds: u64::try_from(control.increment_seconds).unwrap_or(0),
        },
        None => TimeSettings::UnTimed,
    };
    let clocks = record.time_remaining.map(|left| [left.attackers_ms, left.defenders_ms]);
    let mut moves = Vec::new();
    for played in &record.moves {
        let MoveRecord::Move(text) = played else { break };
        let m = Move::new(text.from, text.to);
        let notation = game.position().clone().play(m).map(|p| p.text);
        match (notation, game.play(m)) {
            (Ok(text), Ok(_)) => moves.push(text),
            _ => return Err(format!("`{played}` is not legal after {} moves", moves.len())),
        }
    }
    Ok(Current {
        id,
        me,
        attacker: record.attackers,
        defender: record.defenders,
        board_size,
        time,
        clocks,
        game,
        moves,
        synced: true,
    })
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
