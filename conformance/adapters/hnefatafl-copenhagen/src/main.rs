//! The conformance adapter (conformance/README.md) for the `hnefatafl-copenhagen` crate.
//!
//! - `otn-move`: the crate reads OpenTafl moves with `OpenTaflMoves::try_from((BoardSize,
//!   &str))`, a whitespace-separated list of `from-to[xcapture…]` moves on a board of a
//!   given size. Its one variant is Copenhagen, so the board is 11×11; a text is accepted
//!   when the reader succeeds with exactly one move (a move record is one move).
//!   Acceptance only: the crate gives no meaning the suite could compare.
//!
//! A panic is not caught: the runner sees the adapter exit and counts a failure.

use std::io::{self, BufRead, Write};

use hnefatafl_copenhagen::board::BoardSize;
use hnefatafl_copenhagen::opentafl::OpenTaflMoves;
use serde_json::{Value, json};

fn answer(request: &Value) -> Value {
    match (request["op"].as_str(), request["kind"].as_str()) {
        (Some("hello"), _) => json!({
            "name": "hnefatafl-copenhagen",
            "version": "6.4.1",
            "decode": ["otn-move"],
            "reports": [],
            "convert": [], "solve": [], "moves": [], "perft": [],
        }),
        (Some("decode"), Some("otn-move")) => {
            let text = request["input"].as_str().unwrap_or("");
            match OpenTaflMoves::try_from((BoardSize::_11, text)) {
                Ok(moves) if moves.0.len() == 1 => json!({"ok": true}),
                Ok(moves) => {
                    json!({"ok": false, "message": format!("{} moves read", moves.0.len())})
                }
                Err(e) => json!({"ok": false, "message": e.to_string()}),
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
