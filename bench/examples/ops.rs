//! Runs one benchmark operation a given number of times, for counting its instructions
//! with valgrind's callgrind (`cargo xtask bench` does this beside criterion): instruction
//! counts do not move with the load of a shared machine, so ratios of them are
//! repeatable where timings are not.
//!
//! `ops <op> <iterations>`; `ops --list` prints the operations. An example rather than a
//! binary because shakmaty is a dev-dependency of this crate only.

use std::hint::black_box;

use gridnote_bench::{DIGITS_SET, FEN_SET, T3EN_3X3, T3EN_MIDGAMES, TEN_SET, TSN_SET};
use gridnote_digits::{Digits, direct_verdict, seed_verdict};
use gridnote_t3en::T3en;
use gridnote_tafl::{Ten, Tsn};
use shakmaty::fen::Fen;

/// The operations: name and what one iteration does.
const OPS: [(&str, &str); 10] = [
    ("read/t3en_set", "read the four T3EN mid-games"),
    ("read/t3en_3x3", "read the 3x3 T3EN mid-game"),
    ("read/tsn_set", "read the six TSN positions"),
    ("read/fen_set", "shakmaty: read the eight FENs"),
    ("write/t3en_set", "write the four T3EN mid-games"),
    ("write/tsn_set", "write the six TSN positions"),
    ("write/ten_set", "write the six TEN positions"),
    ("write/fen_set", "shakmaty: write the eight FENs"),
    ("verdict/seed_regex", "the seed's regex verdict of the eight digit strings"),
    ("verdict/direct", "the direct verdict of the eight digit strings, read"),
];

fn parsed<T: std::str::FromStr>(set: &[&str]) -> Vec<T>
where
    T::Err: std::fmt::Debug,
{
    set.iter().map(|text| text.parse().expect("the fixed inputs read")).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--list") {
        for (name, what) in OPS {
            println!("{name}\t{what}");
        }
        return;
    }
    let [op, iterations] = args.as_slice() else {
        eprintln!("usage: ops <op> <iterations> | ops --list");
        std::process::exit(2);
    };
    let Ok(iterations) = iterations.parse::<usize>() else {
        eprintln!("ops: `{iterations}` is not a number of iterations");
        std::process::exit(2);
    };
    // Every input is prepared whatever the operation, so runs of 0 iterations count the
    // same set-up as runs of many: the difference is the operations alone.
    let t3en: Vec<T3en> = parsed(&T3EN_MIDGAMES);
    let tsn: Vec<Tsn> = parsed(&TSN_SET);
    let ten: Vec<Ten> = parsed(&TEN_SET);
    let fens: Vec<Fen> =
        FEN_SET.iter().map(|t| Fen::from_ascii(t.as_bytes()).expect("the FENs read")).collect();
    let digits: Vec<Digits> = parsed(&DIGITS_SET);
    let mut out = String::with_capacity(4096);
    // The seed's regex builds its automaton lazily, as it meets each string: every run,
    // of 0 iterations too, meets all eight first, so that is not counted as the
    // operation's.
    for text in DIGITS_SET {
        black_box(seed_verdict(black_box(text)));
    }
    let write = |out: &mut String, f: &dyn Fn(&mut String)| {
        out.clear();
        f(out);
        black_box(out.len());
    };
    match op.as_str() {
        "read/t3en_set" => (0..iterations).for_each(|_| {
            for text in T3EN_MIDGAMES {
                let _ = black_box(black_box(text).parse::<T3en>());
            }
        }),
        "read/t3en_3x3" => (0..iterations).for_each(|_| {
            let _ = black_box(black_box(T3EN_3X3).parse::<T3en>());
        }),
        "read/tsn_set" => (0..iterations).for_each(|_| {
            for text in TSN_SET {
                let _ = black_box(black_box(text).parse::<Tsn>());
            }
        }),
        "read/fen_set" => (0..iterations).for_each(|_| {
            for text in FEN_SET {
                let _ = black_box(Fen::from_ascii(black_box(text).as_bytes()));
            }
        }),
        "write/t3en_set" => (0..iterations).for_each(|_| {
            write(&mut out, &|out| t3en.iter().for_each(|t| black_box(t).write_to(out)));
        }),
        "write/tsn_set" => (0..iterations).for_each(|_| {
            write(&mut out, &|out| tsn.iter().for_each(|t| black_box(t).write_to(out)));
        }),
        "write/ten_set" => (0..iterations).for_each(|_| {
            write(&mut out, &|out| ten.iter().for_each(|t| black_box(t).write_to(out)));
        }),
        "write/fen_set" => (0..iterations).for_each(|_| {
            write(&mut out, &|out| fens.iter().for_each(|f| black_box(f).append_to_string(out)));
        }),
        "verdict/seed_regex" => (0..iterations).for_each(|_| {
            for text in DIGITS_SET {
                black_box(seed_verdict(black_box(text)));
            }
        }),
        "verdict/direct" => (0..iterations).for_each(|_| {
            for d in &digits {
                black_box(direct_verdict(black_box(d)));
            }
        }),
        _ => {
            eprintln!("ops: no operation `{op}` (see ops --list)");
            std::process::exit(2);
        }
    }
}
