//! The conformance adapter (conformance/README.md) for bunburya's `hnefatafl` crate.
//!
//! - `otn-position`: the crate reads a position as "FEN" (`BoardState::from_fen`), which is
//!   an OpenTafl position record without the outer slashes; the adapter strips one `/`
//!   from each end (a text without them is refused) and reports the board as the suite's
//!   rows, top row first (the crate's first FEN row is OTN's rank 1, the bottom row), read
//!   with the board state type whose bit field fits the board.
//! - `otn-move`: `Play::from_str`, the crate's `a1-a4` move reader; acceptance only.
//!
//! A panic is not caught: the runner sees the adapter exit and counts a failure.

use std::io::{self, BufRead, Write};
use std::str::FromStr;

use hnefatafl::aliases::{
    HugeBasicBoardState, LargeBasicBoardState, MediumBasicBoardState, SmallBasicBoardState,
};
use hnefatafl::board::state::BoardState;
use hnefatafl::play::Play;
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

fn answer(request: &Value) -> Value {
    match (request["op"].as_str(), request["kind"].as_str()) {
        (Some("hello"), _) => json!({
            "name": "hnefatafl (bunburya)",
            "version": "0.0.2",
            "decode": ["otn-position", "otn-move"],
            "reports": {"otn-position": ["meaning"], "otn-move": []},
            "convert": [], "solve": [], "moves": [], "perft": [],
        }),
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
