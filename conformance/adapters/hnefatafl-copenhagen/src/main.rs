//! The conformance adapter (conformance/README.md) for the `hnefatafl-copenhagen` crate.
//!
//! - `otn-move`: the crate reads OpenTafl moves with `OpenTaflMoves::try_from((BoardSize,
//!   &str))`, a whitespace-separated list of `from-to[xcapture…]` moves on a board of a
//!   given size. Its one variant is Copenhagen, so the board is 11×11; a text is accepted
//!   when the reader succeeds with exactly one move (a move record is one move).
//!   Acceptance only: the crate gives no meaning the suite could compare.
//! - `moves` and `perft` for Copenhagen, the crate's 11×11 game (`Game::make` with
//!   `BoardSize::_11`, untimed, from the crate's own start; its 7×7 game lets the defenders
//!   move first, so it is not OpenTafl's Brandubh and is not declared). The moves played
//!   are replayed with `Game::play`, each as its start and destination squares (a square
//!   `d4` is `Vertex { x: 3, y: 11 - 4 }`: the crate counts rows from the top; OpenTafl's
//!   piece letters and captures are left out). A position's moves are the `Plae::Play`s of
//!   `Game::all_legal_plays` (none once `Game::status` is over; the resignations it offers
//!   a side without moves are not moves), each written `a1-a4xb4/c5` with the captures
//!   `Game::play` returns on a copy; the result is `Game::status`; perft counts those
//!   moves, a finished game counting only as a leaf.
//!
//! A panic is not caught: the runner sees the adapter exit and counts a failure.

use std::io::{self, BufRead, Write};

use hnefatafl_copenhagen::board::BoardSize;
use hnefatafl_copenhagen::game::Game;
use hnefatafl_copenhagen::opentafl::OpenTaflMoves;
use hnefatafl_copenhagen::play::{Plae, Play, Vertex};
use hnefatafl_copenhagen::status::Status;
use hnefatafl_copenhagen::time::TimeSettings;
use serde_json::{Value, json};

/// The side of the Copenhagen board.
const SIZE: usize = 11;

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

/// An OTN square as the crate's vertex (rows counted from the top).
fn vertex(square: &str) -> Option<Vertex> {
    let x = usize::from(square.as_bytes().first()?.checked_sub(b'a')?);
    let rank: usize = square.get(1..)?.parse().ok()?;
    (x < SIZE && (1..=SIZE).contains(&rank)).then_some(Vertex {
        size: BoardSize::_11,
        x,
        y: SIZE - rank,
    })
}

/// The crate's vertex as an OTN square.
fn square(v: &Vertex) -> String {
    format!("{}{}", char::from(b'a' + v.x as u8), SIZE - v.y)
}

/// The moves of the side to move (none once the game is over).
fn plays(game: &Game) -> Vec<Play> {
    if game.status != Status::Ongoing {
        return Vec::new();
    }
    game.all_legal_plays()
        .into_iter()
        .filter_map(|p| match p {
            Plae::Play(play) => Some(play),
            _ => None,
        })
        .collect()
}

fn perft(game: &Game, depth: u64) -> u64 {
    if depth == 0 {
        return 1;
    }
    let plays = plays(game);
    if depth == 1 {
        return plays.len() as u64;
    }
    plays
        .into_iter()
        .map(|play| {
            let mut next = game.clone();
            match next.play(&Plae::Play(play)) {
                Ok(_) => perft(&next, depth - 1),
                Err(_) => 0,
            }
        })
        .sum()
}

fn tafl(request: &Value) -> Value {
    let mut game = Game::make(BoardSize::_11, &TimeSettings::UnTimed);
    let none = Vec::new();
    for (ply, text) in request["played"].as_array().unwrap_or(&none).iter().enumerate() {
        let text = text.as_str().unwrap_or("");
        let squares = squares(text);
        let (Some(from), Some(to)) =
            (squares.first().and_then(|s| vertex(s)), squares.get(1).and_then(|s| vertex(s)))
        else {
            return json!({"ok": false, "message": format!("ply {}: `{text}` is not a move", ply + 1)});
        };
        if let Err(e) = game.play(&Plae::Play(Play { role: game.turn, from, to })) {
            return json!({"ok": false, "message": format!("ply {} ({text}): {e}", ply + 1)});
        }
    }
    if request["op"] == "perft" {
        let depth = request["depth"].as_u64().unwrap_or(0);
        return json!({"ok": true, "nodes": perft(&game, depth)});
    }
    let mut moves = Vec::new();
    for play in plays(&game) {
        let mut text = format!("{}-{}", square(&play.from), square(&play.to));
        let mut next = game.clone();
        if let Ok(captures) = next.play(&Plae::Play(play)) {
            let mut captured: Vec<String> = captures.0.iter().map(square).collect();
            captured.sort();
            for (i, c) in captured.iter().enumerate() {
                text.push(if i == 0 { 'x' } else { '/' });
                text.push_str(c);
            }
        }
        moves.push(text);
    }
    let result = match game.status {
        Status::AttackerWins => "attackers",
        Status::DefenderWins => "defenders",
        Status::Draw => "draw",
        Status::Ongoing => "none",
    };
    json!({"ok": true, "moves": moves, "result": result})
}

fn answer(request: &Value) -> Value {
    match (request["op"].as_str(), request["kind"].as_str()) {
        (Some("hello"), _) => json!({
            "name": "hnefatafl-copenhagen",
            "version": "6.4.1",
            "decode": ["otn-move"],
            "reports": [],
            "convert": [], "solve": [], "moves": ["copenhagen"], "perft": ["copenhagen"],
        }),
        (Some("moves" | "perft"), _) if request["variant"] == "copenhagen" => tafl(request),
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
