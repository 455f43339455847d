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

/// The input as a stream of choices (zeros once it runs out).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
        self.0 = rest;
        first
    }

    fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n
    }

    fn empty(&self) -> bool {
        self.0.is_empty()
    }
}

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
        4 => {
            // Raw bytes, any of them (but the line break).
            let n = b.below(40);
            let raw: Vec<u8> = (0..n).map(|_| b.byte()).filter(|&c| c != b'\n').collect();
            String::from_utf8_lossy(&raw).into_owned()
        }
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
    let mut b = Bytes(data);
    let mut input = String::new();
    while !b.empty() {
        input.push_str(&line(&mut b));
        input.push(if b.below(8) == 0 { '\r' } else { ' ' });
        input.push('\n');
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let options = Options::default()
        .with_table_bytes(1 << 16)
        .with_max_think(Duration::from_millis(3));
    serve(input.as_bytes(), &mut out, &mut err, &options).expect("the loop ends cleanly");
    let out = String::from_utf8(out).expect("UTF-8 replies");
    for reply in out.lines() {
        assert!(reply.parse::<Reply>().is_ok(), "not a reply: {reply:?}");
        assert!(!reply.chars().any(char::is_control), "{reply:?}");
    }
    let err = String::from_utf8(err).expect("UTF-8 messages");
    for message in err.lines() {
        assert!(message.starts_with("error: ") || message.starts_with("note: "), "{message:?}");
        assert!(!message.chars().any(char::is_control), "{message:?}");
    }
});
