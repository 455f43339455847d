//! A hnefatafl.org-style server's game records (docs/game-json.md): bytes → read as a
//! `ServerGame` → if accepted, write → read → equal, and the writing is canonical; a
//! refused text's error span lies inside it. An accepted record converts to the tafl
//! model's game record or is refused with an error, never a panic, and a converted game
//! converts back.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_game_json::ServerGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    common::round_trip::<ServerGame>(text);
    if let Ok(record) = text.parse::<ServerGame>() {
        if let Ok((game, _notes)) = record.to_game() {
            let _ = ServerGame::from_game(&game);
        }
    }
});
