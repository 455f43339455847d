//! The conformance adapter (conformance/README.md) for bunburya's `hnefatafl` crate.
//!
//! - `otn-position`: the crate reads a position as "FEN" (`BoardState::from_fen`), which is
//!   an OpenTafl position record without the outer slashes; the adapter strips one `/`
//!   from each end (a text without them is refused) and reports the board as the suite's
//!   rows, top row first (the crate's first FEN row is OTN's rank 1, the bottom row), read
//!   with the board state type whose bit field fits the board.
//! - `otn-move`: `Play::from_str`, the crate's `a1-a4` move reader; acceptance only.
//! - `moves` and `perft` for the four variants the crate has presets of (`preset::rules`
//!   and `preset::rules`): Copenhagen, Brandubh, Magpie and Tablut, each under the crate's
//!   preset rules from the start position of the request's OTN rules record (its `start:`
//!   entry, read as the crate's FEN like `otn-position`; the crate's own Magpie board
//!   differs from OpenTafl's). The moves
//!   played are replayed with `Game::do_play`, each given to it as its start and
//!   destination squares (`Tile::from_str`; OpenTafl's piece letters and captures are left
//!   out). A position's moves are those `GameLogic::iter_plays` gives for every piece of the
//!   side to play (none once `GameState::status` is over), each written `a1-a4xb4/c5` with
//!   the captures `GameLogic::do_valid_play` makes; the result is `GameState::status`; perft
//!   counts the plays of `iter_plays`, a finished game counting only as a leaf.
//!
//! A panic is not caught: the runner sees the adapter exit and counts a failure.

use std::io::{self, BufRead, Write};
use std::str::FromStr;

use hnefatafl::aliases::{
    HugeBasicBoardState, LargeBasicBoardState, MediumBasicBoardState, SmallBasicBoardState,
};
use hnefatafl::board::state::BoardState;
use hnefatafl::collections::piecemap::PieceMap;
use hnefatafl::game::state::GameState;
use hnefatafl::game::{Game, GameOutcome, GameStatus};
use hnefatafl::pieces::Side;
use hnefatafl::play::{Play, ValidPlay};
use hnefatafl::preset::rules;
use hnefatafl::rules::Ruleset;
use hnefatafl::tiles::Tile;
use serde_json::{json, Value};

fn position(text: &str) -> Value {
    let Some(fen) = text.strip_prefix('/').and_then(|t| t.strip_suffix('/')) else {
        return json!({"ok": false, "message": "not an OTN position record (/…/)"});
    };
    // The board state type whose bit field fits the board (its rows: one more than the
    // slashes), as the crate's aliases intend: up to 7, 11, 15 and 21 squares a side.
    let size = fen.split('/').count();
    if size <= 7 {
        read::<SmallBasicBoardState>(fen)
    } else if size <= 11 {
        read::<MediumBasicBoardState>(fen)
    } else if size <= 15 {
        read::<LargeBasicBoardState>(fen)
    } else {
        read::<HugeBasicBoardState>(fen)
    }
}

fn read<B: BoardState>(fen: &str) -> Value {
    match B::from_fen(fen) {
        Ok(state) => {
            let size = state.side_len();
            let rows: Vec<String> = (0..size)
                .rev()
                .map(|r| {
                    (0..size)
                        .map(|c| state.get_piece(Tile::new(r, c)).map_or('_', char::from))
                        .collect()
                })
                .collect();
            json!({"ok": true, "meaning": {"rows": rows}})
        }
        Err(e) => json!({"ok": false, "message": format!("{e:?}")}),
    }
}

/// The variants of the crate's presets, by the suite's names.
const VARIANTS: [&str; 4] = ["copenhagen", "brandubh", "magpie", "tablut"];

/// The squares of an OTN move (`Kd4-d7xe7`): a lower-case file letter and the rank.
fn squares(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let digits = bytes[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if bytes[i].is_ascii_lowercase() && digits > 0 {
            out.push(&text[i..i + 1 + digits]);
            i += 1 + digits;
        } else {
            i += 1;
        }
    }
    out
}

fn result_word(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Ongoing => "none",
        GameStatus::Over(GameOutcome::Win(_, Side::Attacker)) => "attackers",
        GameStatus::Over(GameOutcome::Win(_, Side::Defender)) => "defenders",
        GameStatus::Over(GameOutcome::Draw(_)) => "draw",
    }
}

/// Every valid play of the side to play (none once the game is over).
fn plays<B: BoardState>(game: &Game<B>, state: &GameState<B>) -> Vec<ValidPlay> {
    if state.status != GameStatus::Ongoing {
        return Vec::new();
    }
    let mut out = Vec::new();
    for tile in state.board.occupied_by_side(state.side_to_play) {
        if let Ok(plays) = game.logic.iter_plays(tile, state) {
            out.extend(plays);
        }
    }
    out
}

fn perft<B: BoardState>(game: &Game<B>, state: GameState<B>, depth: u64) -> u64 {
    if depth == 0 {
        return 1;
    }
    let plays = plays(game, &state);
    if depth == 1 {
        return plays.len() as u64;
    }
    plays
        .into_iter()
        .map(|p| perft(game, game.logic.do_valid_play(p, state).new_state, depth - 1))
        .sum()
}

fn tafl<B: BoardState>(rules: Ruleset, request: &Value) -> Value {
    let record = request["rules"].as_str().unwrap_or("");
    let start = record.split(' ').find_map(|entry| entry.strip_prefix("start:")).unwrap_or("");
    let board = start.strip_prefix('/').and_then(|s| s.strip_suffix('/')).unwrap_or(start);
    let mut game: Game<B> = match Game::new(rules, board) {
        Ok(game) => game,
        Err(e) => return json!({"ok": false, "message": format!("{e:?}")}),
    };
    let none = Vec::new();
    for (ply, text) in request["played"].as_array().unwrap_or(&none).iter().enumerate() {
        let text = text.as_str().unwrap_or("");
        let squares = squares(text);
        let play = match (squares.first(), squares.get(1)) {
            (Some(from), Some(to)) => match (Tile::from_str(from), Tile::from_str(to)) {
                (Ok(from), Ok(to)) => Play::from_tiles(from, to).map_err(|e| format!("{e:?}")),
                _ => Err("not a square".to_owned()),
            },
            _ => Err("not a move".to_owned()),
        };
        let done = play.and_then(|play| game.do_play(play).map_err(|e| format!("{e:?}")));
        if let Err(e) = done {
            return json!({"ok": false, "message": format!("ply {} ({text}): {e}", ply + 1)});
        }
    }
    let state = game.state;
    if request["op"] == "perft" {
        let depth = request["depth"].as_u64().unwrap_or(0);
        return json!({"ok": true, "nodes": perft(&game, state, depth)});
    }
    let moves: Vec<String> = plays(&game, &state)
        .into_iter()
        .map(|p| {
            let play = p.play;
            let captures = game.logic.do_valid_play(p, state).record.effects.captures;
            let mut text = play.to_string();
            for (i, tile) in captures.occupied().into_iter().enumerate() {
                text.push(if i == 0 { 'x' } else { '/' });
                text.push_str(&tile.to_string());
            }
            text
        })
        .collect();
    json!({"ok": true, "moves": moves, "result": result_word(state.status)})
}

fn answer(request: &Value) -> Value {
    match (request["op"].as_str(), request["kind"].as_str()) {
        (Some("hello"), _) => json!({
            "name": "hnefatafl (bunburya)",
            "version": "0.0.2",
            "decode": ["otn-position", "otn-move"],
            "reports": {"otn-position": ["meaning"], "otn-move": []},
            "convert": [], "solve": [], "moves": VARIANTS, "perft": VARIANTS,
        }),
        (Some("moves" | "perft"), _) => match request["variant"].as_str() {
            Some("copenhagen") => tafl::<MediumBasicBoardState>(rules::COPENHAGEN, request),
            Some("brandubh") => tafl::<SmallBasicBoardState>(rules::BRANDUBH, request),
            Some("magpie") => tafl::<SmallBasicBoardState>(rules::MAGPIE, request),
            Some("tablut") => tafl::<MediumBasicBoardState>(rules::TABLUT, request),
            _ => json!({"ok": false, "unsupported": true}),
        },
        (Some("decode"), Some("otn-position")) => position(request["input"].as_str().unwrap_or("")),
        (Some("decode"), Some("otn-move")) => {
            match Play::from_str(request["input"].as_str().unwrap_or("")) {
                Ok(_) => json!({"ok": true}),
                Err(e) => json!({"ok": false, "message": format!("{e:?}")}),
            }
        }
        _ => json!({"ok": false, "unsupported": true}),
    }
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Ok(request) = serde_json::from_str::<Value>(&line) else { continue };
        let mut reply = answer(&request);
        if let Some(id) = request.get("id") {
            reply["id"] = id.clone();
        }
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
