//! The operations whose instructions `cargo xtask bench` counts with valgrind's callgrind,
//! and `cargo xtask bench --check` compares with the committed baseline
//! (`bench/baseline.toml`). Instruction counts do not move with the load of a shared
//! machine: the same binary and inputs give the same count on every run.
//!
//! - `gridnote-bench-ops --list`: one operation per line, tab-separated: name,
//!   iterations, positions, `input`/`output`/`none`, bytes, what one iteration does.
//! - `gridnote-bench-ops run NAME [ITERATIONS]`: prepares the inputs of NAME alone, then
//!   runs it ITERATIONS times (the listed number when
//!   not given) inside [`gridnote_bench_measured`], the one function callgrind counts
//!   (`--collect-atstart=no --toggle-collect=*gridnote_bench_measured*`), so neither
//!   the process's start nor the preparation is counted.
//!
//! It is a binary of the bench crate (not an example) so that building it needs only the
//! crate's ordinary dependencies, not criterion.

use std::fmt::Write as _;
use std::hint::black_box;
use std::process::ExitCode;

use gridnote_bench::{
    ALEA_EVANGELII_START, BITS_SET, Bytes, CONVERT_3X3, DIGITS_SET, FEN_SET, OTN_SET, T3EN_3X3,
    T3EN_MIDGAMES, TEN_SET, TSN_SET, TUPLE_SET, total_bytes,
};
use gridnote_bits::{CodeKind, Radix};
use gridnote_board::notation::Notation;
use gridnote_board::{Position, Rules};
use gridnote_convert::Format;
use gridnote_digits::{Digits, direct_verdict, regex_verdict};
use gridnote_otn::{OtnRecord, PositionRecord};
use gridnote_solve::Solver;
use gridnote_t3en::T3en;
use gridnote_tafl::{Ten, Tsn};
use gridnote_tuple::Tuple;
use shakmaty::fen::Fen;

/// Reused buffers: writers append to `text` or `bytes`, cleared before each iteration.
struct Scratch {
    text: String,
    bytes: Vec<u8>,
}

/// One operation: its name, what one iteration does, its default iterations, and how to
/// prepare it (only the operation that runs is prepared, which keeps each valgrind run
/// short).
struct Op {
    name: String,
    what: String,
    /// Iterations counted by default (enough to make one-time costs negligible, few enough
    /// to keep `--check` quick).
    iterations: usize,
    prepare: Box<dyn Fn() -> Prepared>,
}

/// A prepared operation: its inputs, and what one iteration handles.
struct Prepared {
    positions: usize,
    bytes: Bytes,
    run: Box<dyn Fn(&mut Scratch)>,
}

fn op(
    name: impl Into<String>,
    what: impl Into<String>,
    iterations: usize,
    prepare: impl Fn() -> Prepared + 'static,
) -> Op {
    Op { name: name.into(), what: what.into(), iterations, prepare: Box::new(prepare) }
}

fn prepared(positions: usize, bytes: Bytes, run: impl Fn(&mut Scratch) + 'static) -> Prepared {
    Prepared { positions, bytes, run: Box::new(run) }
}

fn parsed<T: std::str::FromStr>(set: &[&str]) -> Vec<T>
where
    T::Err: std::fmt::Debug,
{
    set.iter().map(|text| text.parse().expect("the fixed inputs read")).collect()
}

/// Reading every text of `set` with `read`.
fn read_op<T: 'static, E: 'static>(
    name: &str,
    what: &str,
    set: &'static [&'static str],
    read: fn(&str) -> Result<T, E>,
) -> Op {
    op(name, what, 1000, move || {
        prepared(set.len(), Bytes::Input(total_bytes(set)), move |_| {
            for text in set {
                let _ = black_box(read(black_box(text)));
            }
        })
    })
}

/// Writing every value of `values()` into the reused `String` with `write` (a writer, or
/// `Display`).
fn text_op<T: 'static>(
    name: &str,
    what: &str,
    values: fn() -> Vec<T>,
    write: fn(&T, &mut String),
) -> Op {
    op(name, what, 1000, move || {
        let values = values();
        let mut out = String::new();
        values.iter().for_each(|v| write(v, &mut out));
        prepared(values.len(), Bytes::Output(out.len()), move |s| {
            s.text.clear();
            for value in &values {
                write(black_box(value), &mut s.text);
            }
            black_box(s.text.len());
        })
    })
}

/// Serializing every value of `values()` with serde_json into the reused `Vec<u8>`.
fn serde_op<T: serde::Serialize + 'static>(name: &str, what: &str, values: fn() -> Vec<T>) -> Op {
    op(name, what, 1000, move || {
        let values = values();
        let mut bytes = Vec::new();
        values.iter().for_each(|v| serde_json::to_writer(&mut bytes, v).expect("serializes"));
        prepared(values.len(), Bytes::Output(bytes.len()), move |s| {
            s.bytes.clear();
            for value in &values {
                let _ = serde_json::to_writer(&mut s.bytes, black_box(value));
            }
            black_box(s.bytes.len());
        })
    })
}

/// What a format's texts cost as plain strings, with no writer of ours: appended with
/// `push_str` (`copy/`), through `Display` (`write!`, `display/…_str`) and through serde_json
/// (`serde/…_str`). The difference between the last two and the first is the formatting
/// machinery's and the serializer's own cost for that text, which any `Display` or
/// `Serialize` of the same text pays; the Display and serde targets hold it aside.
///
/// They do not go through [`text_op`], whose writer is called through a function pointer:
/// `serde/…_str` (like `serde_op`) has no such call, so `copy/` must not have one either
/// for their difference to be the serializer's alone (through `text_op`, `copy/` would
/// count the indirect call's instructions as well).
fn text_refs<T: std::fmt::Display + 'static>(
    name: &'static str,
    values: fn() -> Vec<T>,
) -> [Op; 3] {
    fn texts<T: std::fmt::Display>(values: fn() -> Vec<T>) -> Vec<String> {
        values().iter().map(ToString::to_string).collect()
    }
    [
        op(
            format!("copy/{name}_str"),
            format!("the {name} set's texts appended as strings (push_str)"),
            1000,
            move || {
                let texts = texts(values);
                prepared(
                    texts.len(),
                    Bytes::Output(texts.iter().map(String::len).sum()),
                    move |s| {
                        s.text.clear();
                        for text in &texts {
                            s.text.push_str(black_box(text));
                        }
                        black_box(s.text.len());
                    },
                )
            },
        ),
        op(
            format!("display/{name}_str"),
            format!("the {name} set's texts as strings through Display (write!)"),
            1000,
            move || {
                let texts = texts(values);
                prepared(
                    texts.len(),
                    Bytes::Output(texts.iter().map(String::len).sum()),
                    move |s| {
                        s.text.clear();
                        for text in &texts {
                            display(black_box(&text.as_str()), &mut s.text);
                        }
                        black_box(s.text.len());
                    },
                )
            },
        ),
        op(
            format!("serde/{name}_str"),
            format!("the {name} set's texts as JSON strings (serde_json::to_writer of the str)"),
            1000,
            move || {
                let texts = texts(values);
                let json: usize =
                    texts.iter().map(|t| serde_json::to_string(t).expect("a string").len()).sum();
                prepared(texts.len(), Bytes::Output(json), move |s| {
                    s.bytes.clear();
                    for text in &texts {
                        let _ = serde_json::to_writer(&mut s.bytes, black_box(text.as_str()));
                    }
                    black_box(s.bytes.len());
                })
            },
        ),
    ]
}

fn display<T: std::fmt::Display>(value: &T, out: &mut String) {
    let _ = write!(out, "{value}");
}

fn t3en() -> Vec<T3en> {
    parsed(&T3EN_MIDGAMES)
}
fn tsn() -> Vec<Tsn> {
    parsed(&TSN_SET)
}
fn ten() -> Vec<Ten> {
    parsed(&TEN_SET)
}
fn tuple() -> Vec<Tuple> {
    parsed(&TUPLE_SET)
}
fn digits() -> Vec<Digits> {
    parsed(&DIGITS_SET)
}
fn otn() -> Vec<PositionRecord> {
    parsed(&OTN_SET)
}
fn otn_records() -> Vec<OtnRecord> {
    otn().into_iter().map(OtnRecord::Position).collect()
}
fn codes() -> Vec<u32> {
    BITS_SET.iter().map(|t| gridnote_bits::parse_code(t).expect("codes read")).collect()
}
fn fens() -> Vec<Fen> {
    FEN_SET.iter().map(|t| Fen::from_ascii(t.as_bytes()).expect("the FENs read")).collect()
}

/// Every operation, in the order of the report.
fn operations() -> Vec<Op> {
    let mut ops = vec![
        read_op(
            "read/t3en_set",
            "read the four T3EN mid-games (3, 11, 15, 19)",
            &T3EN_MIDGAMES,
            str::parse::<T3en>,
        ),
        read_op("read/t3en_3x3", "read the 3x3 T3EN mid-game", &[T3EN_3X3], str::parse::<T3en>),
        read_op("read/tsn_set", "read the six TSN positions", &TSN_SET, str::parse::<Tsn>),
        read_op("read/ten_set", "read the six TEN positions", &TEN_SET, str::parse::<Ten>),
        read_op("read/tuple_set", "read the six tuple positions", &TUPLE_SET, str::parse::<Tuple>),
        read_op(
            "read/digits_set",
            "read the eight digit strings",
            &DIGITS_SET,
            str::parse::<Digits>,
        ),
        read_op("read/bits_set", "read and decode the six 13-bit code texts", &BITS_SET, |t| {
            gridnote_bits::read_board(CodeKind::Ranked, t)
        }),
        read_op(
            "read/otn_set",
            "read the six OTN position records (the TSN set's boards)",
            &OTN_SET,
            str::parse::<PositionRecord>,
        ),
        read_op("read/fen_set", "shakmaty: read the eight FENs", &FEN_SET, |t| {
            Fen::from_ascii(t.as_bytes())
        }),
        text_op("write/t3en_set", "write the four T3EN mid-games", t3en, T3en::write_to),
        text_op("write/tsn_set", "write the six TSN positions", tsn, Tsn::write_to),
        text_op("write/ten_set", "write the six TEN positions", ten, Ten::write_to),
        text_op("write/tuple_set", "write the six tuple positions", tuple, Tuple::write_to),
        text_op("write/digits_set", "write the eight digit strings", digits, Digits::write_to),
        text_op("write/bits_set", "write the six 13-bit codes in decimal", codes, |&code, out| {
            gridnote_bits::write_code(CodeKind::Ranked, code, Radix::Decimal, out);
        }),
        text_op(
            "write/otn_set",
            "write the six OTN position records (Notation::append_to)",
            otn_records,
            |record, out| record.append_to(&(), out),
        ),
        text_op("write/fen_set", "shakmaty: write the eight FENs", fens, Fen::append_to_string),
        text_op("display/t3en_set", "T3EN set through Display (write!)", t3en, display),
        text_op("display/tsn_set", "TSN set through Display (write!)", tsn, display),
        text_op("display/ten_set", "TEN set through Display (write!)", ten, display),
        text_op("display/tuple_set", "tuple set through Display (write!)", tuple, display),
        text_op("display/digits_set", "digit strings through Display (write!)", digits, display),
        text_op("display/otn_set", "OTN set through Display (write!)", otn, display),
        serde_op("serde/t3en_set", "T3EN set as JSON strings (serde_json::to_writer)", t3en),
        serde_op("serde/tsn_set", "TSN set as JSON strings", tsn),
        serde_op("serde/ten_set", "TEN set as JSON strings", ten),
        serde_op("serde/tuple_set", "tuple set as JSON strings", tuple),
        serde_op("serde/digits_set", "digit strings as JSON strings", digits),
        serde_op("serde/otn_set", "OTN set as JSON strings", otn),
        op(
            "verdict/regex",
            "the tic-tac-toe regex's verdict of the eight digit strings",
            1000,
            || {
                // The regex builds its automaton lazily, as it meets each string: meet
                // all eight before counting, so that is not counted as the operation's.
                for text in DIGITS_SET {
                    black_box(regex_verdict(black_box(text)));
                }
                prepared(8, Bytes::None, |_| {
                    for text in DIGITS_SET {
                        black_box(regex_verdict(black_box(text)));
                    }
                })
            },
        ),
        op("verdict/direct", "the direct verdict of the eight digit strings, read", 1000, || {
            let digits = digits();
            prepared(8, Bytes::None, move |_| {
                for d in &digits {
                    black_box(direct_verdict(black_box(d)));
                }
            })
        }),
    ];
    ops.extend(text_refs("t3en", t3en));
    ops.extend(text_refs("tsn", tsn));
    ops.extend(text_refs("ten", ten));
    ops.extend(text_refs("tuple", tuple));
    ops.extend(text_refs("digits", digits));
    ops.extend(text_refs("otn", otn));
    ops.extend(conversions());
    ops.extend(solves());
    ops.push(threat_search());
    ops.extend(perfts());
    ops.extend(pictures());
    ops
}

/// One conversion per ordered pair of the registry's formats, from the 3×3 position
/// [`CONVERT_3X3`] written in the source format.
fn conversions() -> Vec<Op> {
    let mut ops = Vec::new();
    for &from in Format::ALL {
        for &to in Format::ALL.iter().filter(|&&to| to != from) {
            ops.push(op(
                format!("convert/{from}_to_{to}"),
                format!("convert the 3x3 position `{CONVERT_3X3}`, written in {from}, to {to}"),
                1000,
                move || {
                    let options = gridnote_convert::Options::default();
                    let text =
                        gridnote_convert::convert(CONVERT_3X3, Some(Format::T3en), from, &options)
                            .unwrap_or_else(|e| panic!("the 3x3 position as {from}: {e}"))
                            .output;
                    prepared(1, Bytes::Input(text.len()), move |s| {
                        s.text.clear();
                        let _ = black_box(gridnote_convert::convert_into(
                            black_box(&text),
                            Some(from),
                            to,
                            &options,
                            &mut s.text,
                        ));
                    })
                },
            ));
        }
    }
    ops
}

/// Full solves from the empty board (a fresh solver each, its table included), as
/// `gridnote solve` does.
fn solves() -> Vec<Op> {
    let misere = Rules::TIC_TAC_TOE.with_misere(true);
    let cases = [
        ("solve/3x3_empty", "solve 3x3 tic-tac-toe from the empty board", 3, Rules::TIC_TAC_TOE),
        ("solve/3x3_misere_empty", "solve 3x3 misère tic-tac-toe from the empty board", 3, misere),
        (
            "solve/3x4_tomorrows_empty",
            "solve Tomorrow's 3x4 from the empty board",
            4,
            Rules::TOMORROWS,
        ),
    ];
    cases
        .into_iter()
        .map(|(name, what, cols, rules)| {
            op(name, what, if cols == 3 { 20 } else { 5 }, move || {
                let start = Position::start(3, cols).expect("a board");
                prepared(1, Bytes::None, move |_| {
                    let mut solver = Solver::new();
                    let _ = black_box(solver.solve(black_box(&start), rules));
                })
            })
        })
        .collect()
}

/// Perft of gridnote-tafl-rules from the start and from a midgame of Copenhagen 11×11
/// (depth 2) and Brandubh 7×7 (depth 3): the positions of `bench/tafl-peers`, which
/// counts the same perfts one ply deeper beside the peer crates. Positions are the
/// leaves, so the count per position is the count per leaf.
fn perfts() -> Vec<Op> {
    // The same plies as `bench/tafl-peers` (legal under the peers' rules too, no capture).
    const CASES: [(&str, &str, u32, &str); 4] = [
        ("perft/copenhagen_start_2", "copenhagen", 2, ""),
        (
            "perft/copenhagen_midgame_2",
            "copenhagen",
            2,
            "d1-d3 e5-c5 h1-h3 g7-i7 k8-i8 f8-f9 b6-b9 d6-d4",
        ),
        ("perft/brandubh_start_3", "brandubh", 3, ""),
        ("perft/brandubh_midgame_3", "brandubh", 3, "d2-c2 c4-c3 b4-b3 d3-f3 f4-f5 d5-c5"),
    ];
    CASES
        .iter()
        .map(|&(name, variant, depth, plies)| {
            let what = if plies.is_empty() {
                format!("tafl perft to depth {depth} from {variant}'s start")
            } else {
                format!("tafl perft to depth {depth} from a {variant} midgame ({plies})")
            };
            op(name, what, 2, move || {
                let rules = gridnote_tafl_rules::CompiledRules::preset(variant).expect("a preset");
                let mut pos = gridnote_tafl_rules::Position::start(&rules);
                for m in plies.split_whitespace() {
                    pos.play_text(m).expect("a legal move");
                }
                let leaves = usize::try_from(pos.perft(depth)).expect("a small count");
                prepared(leaves, Bytes::None, move |_| {
                    let _ = black_box(black_box(&pos).perft(depth));
                })
            })
        })
        .collect()
}

/// The big-board engine on a 15x15 gomoku position won by continuous fours in four
/// moves (`crates/solve/tests/wide.rs`): building the board's windows, then the VCF
/// search that finds the win (long before the deadline, so the work is the same on
/// every run).
fn threat_search() -> Op {
    const ROWS: [&str; 15] = [
        "o.............o",
        "...............",
        "...............",
        "...............",
        "...............",
        "...ooo.........",
        "....x......o...",
        "...oxxx...x....",
        "......xx.xo....",
        "........x......",
        ".........o.....",
        "...............",
        "...............",
        "...............",
        "..............o",
    ];
    op("think/vcf_15x15", "find a four-move VCF on 15x15 (gomoku) with Solver::think", 20, || {
        let mut board = gridnote_board::Board::new(15, 15).expect("a board");
        for (r, row) in ROWS.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let cell = match ch {
                    'x' => gridnote_board::Cell::ONE,
                    'o' => gridnote_board::Cell::TWO,
                    _ => gridnote_board::Cell::Empty,
                };
                board.set(r, c, cell).expect("on the board");
            }
        }
        let position = Position::new(board, gridnote_board::Player::One);
        let rules = Rules::TIC_TAC_TOE.with_in_a_row(5);
        prepared(1, Bytes::None, move |_| {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
            let _ = black_box(Solver::new().think(black_box(&position), rules, deadline));
        })
    })
}

/// Board pictures, as `benches/svg.rs` draws them, appended to the reused `String`.
fn pictures() -> Vec<Op> {
    use gridnote_svg::{Options, Pieces};
    fn picture(text: &'static str, options: Options) -> Prepared {
        let board = gridnote_convert::read(text, None, &gridnote_convert::Options::default())
            .expect("the fixed inputs read")
            .board
            .clone();
        prepared(1, Bytes::None, move |s| {
            s.text.clear();
            let _ = black_box(gridnote_svg::append_to(&mut s.text, black_box(&board), &options));
        })
    }
    let won = "x2o/_x_/2_x o";
    let gomoku = T3EN_MIDGAMES[3];
    vec![
        op(
            "svg/t3en_3x3",
            "SVG of a won 3x3 game (winning line, last move, title)",
            1000,
            move || {
                let options = Options::default()
                    .size(Some(400))
                    .pieces(Pieces::Marks)
                    .rules(Some(Rules::TIC_TAC_TOE))
                    .last_move(&[(2, 2)])
                    .title(Some(won.to_owned()));
                picture(won, options)
            },
        ),
        op("svg/tsn_19x19", "SVG of Alea Evangelii's 19x19 start (throne, corners)", 100, || {
            let options = Options::default()
                .size(Some(800))
                .pieces(Pieces::Tafl)
                .tafl_squares(true)
                .title(Some(ALEA_EVANGELII_START.to_owned()));
            picture(ALEA_EVANGELII_START, options)
        }),
        op(
            "svg/t3en_19x19",
            "SVG of a 19x19 five-in-a-row mid-game (k = 5 scan)",
            100,
            move || {
                let options = Options::default()
                    .size(Some(800))
                    .pieces(Pieces::Marks)
                    .rules(Some(Rules::TIC_TAC_TOE.with_in_a_row(5)))
                    .title(Some(gomoku.to_owned()));
                picture(gomoku, options)
            },
        ),
    ]
}

/// The function callgrind counts: `iterations` runs of `run`, nothing else.
#[inline(never)]
fn gridnote_bench_measured(run: &dyn Fn(&mut Scratch), scratch: &mut Scratch, iterations: usize) {
    for _ in 0..iterations {
        run(scratch);
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let ops = operations();
    match args.as_slice() {
        ["--list"] => {
            for op in &ops {
                let prepared = (op.prepare)();
                let (kind, n) = match prepared.bytes {
                    Bytes::Input(n) => ("input", n),
                    Bytes::Output(n) => ("output", n),
                    Bytes::None => ("none", 0),
                };
                println!(
                    "{}\t{}\t{}\t{kind}\t{n}\t{}",
                    op.name, op.iterations, prepared.positions, op.what
                );
            }
            ExitCode::SUCCESS
        }
        ["run", name, rest @ ..] if rest.len() <= 1 => {
            let Some(op) = ops.iter().find(|op| op.name == *name) else {
                eprintln!("gridnote-bench-ops: no operation `{name}` (see --list)");
                return ExitCode::from(2);
            };
            let iterations = match rest.first().map(|n| n.parse::<usize>()) {
                None => op.iterations,
                Some(Ok(n)) => n,
                Some(Err(_)) => {
                    eprintln!("gridnote-bench-ops: `{}` is not a number of iterations", rest[0]);
                    return ExitCode::from(2);
                }
            };
            let name = op.name.clone();
            drop(ops);
            // Prepared and run on a thread of its own: its stack is a fresh mapping and
            // its heap an arena of its own, so the addresses the operation works at (and
            // with them the instructions that alignment-dependent code such as memcpy
            // runs) do not depend on the length of the program's path, arguments or
            // environment, which shift the main thread's stack (without it, a solve's
            // count moved with the path the runner was started from).
            let counted = std::thread::Builder::new()
                .name("measured".to_owned())
                .stack_size(8 << 20)
                .spawn(move || {
                    let ops = operations();
                    let op = ops.iter().find(|op| op.name == name).expect("found above");
                    let prepared = (op.prepare)();
                    let mut scratch = Scratch {
                        text: String::with_capacity(1 << 16),
                        bytes: Vec::with_capacity(1 << 16),
                    };
                    gridnote_bench_measured(&prepared.run, &mut scratch, iterations);
                })
                .map(std::thread::JoinHandle::join);
            match counted {
                Ok(Ok(())) => ExitCode::SUCCESS,
                Ok(Err(_)) => ExitCode::FAILURE,
                Err(e) => {
                    eprintln!("gridnote-bench-ops: cannot start a thread: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        _ => {
            eprintln!(
                "usage: gridnote-bench-ops --list | gridnote-bench-ops run NAME [ITERATIONS]"
            );
            ExitCode::from(2)
        }
    }
}
