//! gridnote's HTP engine loop driven in process by a script the input bytes choose: board
//! sizes (11, 13 and others), first moves, plays (random vertices, so mostly not legal;
//! resignations), `generate_move`, `play_undo`, `play_from`, `play_to`, time settings,
//! the queries, `quit` and raw lines of any bytes, all sent at once (so that commands
//! arrive while the engine searches). Whatever comes, the loop ends cleanly; every reply
//! starts with `=` or `?` and ends with a blank line, and no control character but the
//! line breaks is written.
#![no_main]

use std::time::Duration;

use gridnote_engine::htp::{Options, serve};
use gridnote_protocol::htp::Reply;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;
use common::Bytes;

fn vertex(b: &mut Bytes<'_>) -> String {
    format!("{}{}", char::from(b'a' + (b.byte() % 14)), b.below(15))
}

fn role(b: &mut Bytes<'_>) -> &'static str {
    ["attacker", "defender", "a", "D", "king"][b.below(5)]
}

fn line(b: &mut Bytes<'_>) -> String {
    match b.below(16) {
        0 => format!("board_size {}", ["11", "13", "7", "x"][b.below(4)]),
        1 => format!("first_move {}", role(b)),
        2..=4 => format!("play {} {} {}", role(b), vertex(b), vertex(b)),
        5 => format!("play {} resigns", role(b)),
        6 | 7 => "generate_move".to_owned(),
        8 => "play_undo".to_owned(),
        9 => "play_from".to_owned(),
        10 => format!("play_to {} {}", role(b), vertex(b)),
        11 => {
            let time = ["un-timed", "fischer 0 0", "fischer 1 0", "fischer 18446744073709551615 1"];
            format!("time_settings {}", time[b.below(4)])
        }
        12 => ["final_status", "show_board", "show_board_open_tafl", "list_commands", "name"]
            [b.below(5)]
        .to_owned(),
        13 if b.below(4) == 0 => "quit".to_owned(),
        _ => b.raw_line(40),
    }
}

fuzz_target!(|data: &[u8]| {
    let input = common::script(data, line, |_| "");
    let mut out = Vec::new();
    let options = Options::default()
        .with_table_bytes(1 << 16)
        .with_move_time(Duration::from_millis(3))
        .with_max_think(Duration::from_millis(3));
    serve(input.as_bytes(), &mut out, &options).expect("the loop ends cleanly");
    let out = String::from_utf8(out).expect("UTF-8 replies");
    assert!(out.is_empty() || out.ends_with("\n\n"), "{out:?}");
    for reply in out.split("\n\n").filter(|r| !r.is_empty()) {
        let first = reply.lines().next().unwrap_or_default();
        assert!(first.parse::<Reply>().is_ok(), "not a reply: {reply:?}");
        assert!(!reply.chars().any(|c| c.is_control() && c != '\n'), "{reply:?}");
    }
});
