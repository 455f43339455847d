//! gridnote's Gomocup brain driven in process by a script the input bytes choose:
//! `START`/`RECTSTART` of any size (0, tiny, 15, 20, 300), `RESTART`, `BEGIN`, `TURN` on
//! points on and off the board, `BOARD` blocks (stones of all three fields, taken points,
//! bad lines, missing `DONE`), `INFO` of every key with odd values (rule codes 0 to 15,
//! negative `time_left`, tiny `max_memory`), `TAKEBACK`, `PLAY`, `ABOUT`, `STOP`,
//! `YXSTOP`, `END` and raw lines of any bytes, all sent at once (so that commands arrive
//! while the brain thinks). Whatever comes, the loop ends cleanly at `END` or at the end
//! of the input; every line it writes reads as a Gomocup reply and holds no control
//! character.
#![no_main]

use std::time::Duration;

use gridnote_engine::gomocup::{Options, serve};
use gridnote_protocol::gomocup::Reply;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;
use common::Bytes;

/// A point, mostly on a 15×15 or 20×20 board, sometimes off it.
fn point(b: &mut Bytes<'_>) -> String {
    match b.below(16) {
        0 => format!("{},{}", b.byte(), b.byte()),
        1 => ["-1,0", "7", "7,7,7", "x,y", " 3 , 4 ", "4294967296,0"][b.below(6)].to_owned(),
        _ => format!("{},{}", b.below(20), b.below(20)),
    }
}

fn line(b: &mut Bytes<'_>) -> String {
    match b.below(16) {
        0 => format!("START {}", [0, 1, 5, 15, 15, 20, 300][b.below(7)]),
        1 => format!("RECTSTART {},{}", [1, 9, 15, 20][b.below(4)], [1, 6, 15, 30][b.below(4)]),
        2 => "RESTART".to_owned(),
        3 => "BEGIN".to_owned(),
        4 | 5 => format!("TURN {}", point(b)),
        6 => {
            let mut block = "BOARD\n".to_owned();
            for _ in 0..b.below(12) {
                block.push_str(&format!("{},{}\n", point(b), 1 + b.below(4)));
            }
            if b.below(8) != 0 {
                block.push_str("DONE");
            }
            block
        }
        7 => {
            let value = match b.below(4) {
                0 => b.below(8).to_string(),
                1 => format!("-{}", b.byte()),
                2 => "18446744073709551615".to_owned(),
                _ => "soon".to_owned(),
            };
            let keys = [
                "timeout_turn",
                "timeout_match",
                "time_left",
                "max_memory",
                "game_type",
                "rule",
                "evaluate",
                "folder",
                "thread_num",
                "",
            ];
            format!("INFO {} {value}", keys[b.below(keys.len())])
        }
        8 => format!("INFO rule {}", b.below(16)),
        9 => format!("TAKEBACK {}", point(b)),
        10 => format!("PLAY {}", point(b)),
        11 => "ABOUT".to_owned(),
        12 => ["STOP", "YXSTOP", "stop", "DONE"][b.below(4)].to_owned(),
        13 if b.below(4) == 0 => "END".to_owned(),
        _ => b.raw_line(40),
    }
}

fuzz_target!(|data: &[u8]| {
    let input = common::script(data, line, |b| if b.below(8) == 0 { "\r" } else { "" });
    let mut out = Vec::new();
    let options = Options::default()
        .with_table_bytes(1 << 16)
        .with_turn_time(Duration::from_millis(3))
        .with_max_think(Duration::from_millis(3));
    serve(input.as_bytes(), &mut out, &options).expect("the loop ends cleanly");
    common::check_reply_lines::<Reply>(out);
});
