//! gridnote's ST3P engine loop driven in process by a script the input bytes choose:
//! handshakes, `identify`, `move` on random boards (up to 20×20, so that the big-board
//! engine plays too) with random clocks, line lengths and unknown words, `stop`, `quit`
//! and raw lines of any bytes, all sent at once (so that commands arrive while the engine
//! thinks). Whatever comes, the loop ends cleanly at `quit` or at the end of the input;
//! every line it writes on its output reads as an ST3P reply, every line on its error
//! stream is an `error:` or a `note:`, and no control character is written.
#![no_main]

use std::time::Duration;

use gridnote_engine::st3p::{Options, serve};
use gridnote_protocol::st3p::Reply;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;
use common::Bytes;

/// A T3EN-like board: mostly valid, sometimes not.
fn board(b: &mut Bytes<'_>) -> String {
    let side = match b.below(8) {
        0 => 16 + b.below(5),
        _ => 1 + b.below(7),
    };
    let rows: Vec<String> = (0..side)
        .map(|_| (0..side).map(|_| ['_', '_', '_', 'x', 'o', '.'][b.below(6)]).collect())
        .collect();
    let mut text = rows.join("/");
    if b.below(16) == 0 {
        text.push_str(["/", "7_", "X", "0_"][b.below(4)]);
    }
    text
}

fn line(b: &mut Bytes<'_>) -> String {
    match b.below(10) {
        0 => format!("st3p version {}", b.below(4)),
        1 => "identify".to_owned(),
        2 => "stop".to_owned(),
        3 if b.below(4) == 0 => "quit".to_owned(),
        4 => b.raw_line(40),
        _ => {
            let mut text = format!("move {} {}", board(b), ["x", "o", "z"][b.below(3)]);
            match b.below(4) {
                0 => text.push_str(&format!(" time ms:{}", b.below(8))),
                1 => text.push_str(&format!(" time-remaining ms:{}", usize::from(b.byte()) * 7)),
                2 => text.push_str(" time ms:18446744073709551615"),
                _ => {}
            }
            if b.below(2) == 0 {
                text.push_str(&format!(" win-length {}", b.below(300)));
            }
            for _ in 0..b.below(4) {
                text.push_str([" ponder", " ms:5", " \u{0}", " win-length"][b.below(4)]);
            }
            text
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let input = common::script(data, line, |b| if b.below(8) == 0 { "\r" } else { " " });
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let options =
        Options::default().with_table_bytes(1 << 16).with_max_think(Duration::from_millis(3));
    serve(input.as_bytes(), &mut out, &mut err, &options).expect("the loop ends cleanly");
    common::check_reply_lines::<Reply>(out);
    let err = String::from_utf8(err).expect("UTF-8 messages");
    for message in err.lines() {
        assert!(message.starts_with("error: ") || message.starts_with("note: "), "{message:?}");
        assert!(!message.chars().any(char::is_control), "{message:?}");
    }
});
