//! OTN game records: bytes → read → if accepted, write → read → equal, and every line
//! replays or fails with a span inside the input.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_otn::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    common::round_trip::<Game>(text);
    if let Ok(game) = text.parse::<Game>() {
        for line in game.lines() {
            if let Err(err) = game.replay(&line) {
                if err.line > 0 {
                    common::check_error(text, err.span.clone(), &err.to_string());
                }
            }
        }
    }
});
