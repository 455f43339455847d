//! The tafl rules engine under random rules records and random games: the input bytes
//! choose every rules entry, the special squares, the start position (all six roles of
//! both sides) and then the moves. At every ply: the incremental hash equals the hash
//! from scratch, perft(1) equals the number of moves listed, every move's OTN text reads
//! back as the same move, and unmaking every move restores each position exactly.
#![no_main]

use gridnote_tafl_rules::{CompiledRules, Move, Position};
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;
use common::Bytes;

const PIECES: &str = "tcnkmgTCNKMG";

fn rules_record(b: &mut Bytes<'_>) -> String {
    let dim = 3 + b.below(10);
    let mut out = format!("dim:{dim}");
    for (key, values) in [
        ("esc", "ce"),
        ("surf", "yn"),
        ("atkf", "yn"),
        ("tfr", "dwli"),
        ("ka", "ynah"),
        ("ks", "scwm"),
        ("kj", "nrjc"),
        ("nj", "nrjc"),
        ("cj", "nrjc"),
        ("mj", "nrjc"),
        ("sw", "nws"),
        ("swf", "yn"),
        ("efe", "yn"),
        ("linc", "yn"),
        ("ber", "ncm"),
    ] {
        let i = b.below(values.len() + 1);
        if i < values.len() {
            out.push_str(&format!(" {key}:{}", &values[i..=i]));
        }
    }
    for key in [
        "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors", "dfors", "corh", "cenh",
        "cenhe", "aforh", "dforh", "cenre", "corre", "aforre", "dforre",
    ] {
        if b.below(3) == 0 {
            let list: String = PIECES.chars().filter(|_| b.below(2) == 0).collect();
            out.push_str(&format!(" {key}:{list}"));
        }
    }
    if b.below(3) == 0 {
        let speeds: Vec<String> =
            (0..12).map(|_| ["-1", "1", "2", "3"][b.below(4)].to_owned()).collect();
        out.push_str(&format!(" spd:{},", speeds.join(",")));
    }
    for key in ["cen", "afor", "dfor"] {
        if b.below(3) == 0 {
            let squares: String = (0..1 + b.below(4))
                .map(|_| format!("{}{},", (b'a' + b.below(dim) as u8) as char, 1 + b.below(dim)))
                .collect();
            out.push_str(&format!(" {key}:{squares}"));
        }
    }
    let mut rows = Vec::new();
    for _ in 0..dim {
        let mut row = String::new();
        let mut run = 0;
        for _ in 0..dim {
            let roll = b.below(16);
            if roll < 12 && b.below(2) == 0 {
                if run > 0 {
                    row.push_str(&run.to_string());
                    run = 0;
                }
                row.push(PIECES.as_bytes()[roll] as char);
            } else {
                run += 1;
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    out.push_str(&format!(" start:/{}/", rows.join("/")));
    out
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let record = rules_record(&mut b);
    let Ok(rules) = record.parse::<CompiledRules>() else { return };
    let mut pos = Position::start(&rules);
    let mut undos = Vec::new();
    let mut states = vec![pos.clone()];
    for _ in 0..40 {
        assert_eq!(pos.hash(), pos.hash_from_scratch(), "{record}");
        let moves = pos.legal_moves();
        let over = pos.outcome().is_over();
        if !over {
            assert_eq!(pos.perft(1), moves.len() as u64, "{record}");
        }
        for &m in &moves {
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
            let text = pos.move_text(m).expect("a listed move is legal");
            if !over {
                assert_eq!(pos.parse_move(&text), Ok(m), "{record}: {text}");
            }
        }
        if over || moves.is_empty() || b.0.is_empty() {
            break;
        }
        let m = moves[b.below(moves.len())];
        undos.push(pos.make(m));
        states.push(pos.clone());
    }
    while let Some(undo) = undos.pop() {
        states.pop();
        pos.unmake(undo);
        assert_eq!(&pos, states.last().expect("one state per move"), "{record}");
    }
});
