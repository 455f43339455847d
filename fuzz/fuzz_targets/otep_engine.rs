//! gridnote's OTEP engine loop driven in process by a script the input bytes choose:
//! rules records (OpenTafl's Brandubh and Tablut, an open 7×7 board, or mangled),
//! positions, sides, clocks, `play`, `analyze`, the host's confirmations and opponent
//! moves (random squares, so mostly not legal), errors, `finish`, `simple-moves`, `stop`,
//! `goodbye` and raw lines of any bytes, all sent at once (so that commands arrive while
//! the engine searches). Whatever comes, the loop ends cleanly; every line it writes
//! reads as an OTEP reply, and no control character is written.
#![no_main]

use std::time::Duration;

use gridnote_engine::otep::{Options, serve};
use gridnote_protocol::otep::Reply;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;
use common::Bytes;

const RULES: [&str; 3] = [
    "dim:7 name:Brandub surf:n atkf:y ks:w cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    "dim:9 name:Tablut esc:e surf:n atkf:y ks:w tfr:w start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    "dim:7 name:Open surf:n atkf:y ks:w start:/1t5/7/7/3K3/7/7/5t1/",
];

fn square(b: &mut Bytes<'_>) -> String {
    format!("{}{}", char::from(b'a' + (b.byte() % 9)), 1 + b.below(9))
}

fn position(b: &mut Bytes<'_>) -> String {
    let dim = [7, 9, 7, 3][b.below(4)];
    let rows: Vec<String> = (0..dim)
        .map(|_| {
            let cells: String =
                (0..dim).map(|_| ['1', '1', '1', 't', 'T', 'K'][b.below(6)]).collect();
            cells
        })
        .collect();
    format!("/{}/", rows.join("/"))
}

fn side(b: &mut Bytes<'_>) -> &'static str {
    ["attackers", "defenders", "north"][b.below(3)]
}

fn line(b: &mut Bytes<'_>) -> String {
    match b.below(16) {
        0 => {
            let mut record = RULES[b.below(3)].to_owned();
            if b.below(4) == 0 {
                record.insert_str(
                    b.below(record.len()),
                    ["dim:", " esc:q", "\u{0}", " "][b.below(4)],
                );
            }
            format!("rules {record}")
        }
        1 => format!("position {}", position(b)),
        2 => format!("side {}", side(b)),
        3 => format!(
            "clock {}{} {}{} {} {} {}",
            usize::from(b.byte()) * 4,
            ["", "*"][b.below(2)],
            usize::from(b.byte()) * 4,
            ["", "*"][b.below(2)],
            b.below(3),
            b.below(3),
            ["0", "18446744073709551615"][b.below(2)]
        ),
        4..=6 => format!("play {}", side(b)),
        7 => format!("analyze {} {}", b.below(4), b.below(2)),
        8 => format!("move {}", position(b)),
        9 => {
            let moves: Vec<String> =
                (0..1 + b.below(3)).map(|_| format!("{}-{}", square(b), square(b))).collect();
            format!("opponent-move {} {}", moves.join("|"), position(b))
        }
        10 => ["error", "finish 2", "finish 7", "simple-moves off", "simple-moves on"][b.below(5)]
            .to_owned(),
        11 => ["stop", "hello", "status x"][b.below(3)].to_owned(),
        12 if b.below(4) == 0 => "goodbye".to_owned(),
        _ => b.raw_line(40),
    }
}

fuzz_target!(|data: &[u8]| {
    let input = common::script(data, line, |_| "");
    let mut out = Vec::new();
    let options = Options::default()
        .with_table_bytes(1 << 16)
        .with_max_think(Duration::from_millis(3))
        .with_full_moves(data.first().is_some_and(|&f| f & 1 == 1));
    serve(input.as_bytes(), &mut out, &options).expect("the loop ends cleanly");
    common::check_reply_lines::<Reply>(out);
});
