//! gridnote's benchmarks, with shakmaty's FEN reading and writing as the peer in the same
//! run. `cargo xtask bench` runs them and writes `docs/performance.md`; the IDs here are
//! the ones it reads (`<group>/<function>`), so keep them in step with `xtask/src/bench/targets.rs`.
//!
//! Each benchmark does a whole fixed set per iteration (see `gridnote_bench`), so the
//! per-position and per-byte figures divide by the set's size.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use gridnote_bench::{
    ALEA_EVANGELII_START, BITS_SET, DIGITS_SET, FEN_SET, HNEFATAFL_START, OTN_SET, T3EN_3X3,
    T3EN_MIDGAMES, TEN_SET, TSN_SET, TUPLE_SET,
};
use gridnote_bits::{CodeKind, Mark, Radix, dense, ranked, symmetric};
use gridnote_board::notation::Notation;
use gridnote_convert::{Format, Options, convert};
use gridnote_digits::{Digits, direct_verdict, regex_verdict};
use gridnote_otn::{OtnRecord, PositionRecord};
use gridnote_t3en::T3en;
use gridnote_tafl::{Ten, Tsn};
use gridnote_tuple::Tuple;
use shakmaty::fen::Fen;

/// Reads every text of `set` with `read`.
fn read_all<T, E>(set: &[&str], read: impl Fn(&str) -> Result<T, E>) {
    for text in set {
        let _ = black_box(read(black_box(text)));
    }
}

/// The benchmark of writing every value of `values` into one reused `String`.
fn write_all<T>(c: &mut Criterion, id: &str, values: &[T], write: impl Fn(&T, &mut String)) {
    let mut out = String::with_capacity(4096);
    c.bench_function(id, |b| {
        b.iter(|| {
            out.clear();
            for value in values {
                write(black_box(value), &mut out);
            }
            black_box(out.len())
        });
    });
}

fn parsed<T: std::str::FromStr>(set: &[&str]) -> Vec<T>
where
    T::Err: std::fmt::Debug,
{
    set.iter().map(|text| text.parse().expect("the fixed inputs read")).collect()
}

fn read(c: &mut Criterion) {
    c.bench_function("read/t3en_3x3", |b| b.iter(|| black_box(T3EN_3X3).parse::<T3en>()));
    for (i, name) in [(1, "read/t3en_11"), (2, "read/t3en_15"), (3, "read/t3en_19")] {
        let text = T3EN_MIDGAMES[i];
        c.bench_function(name, |b| b.iter(|| black_box(text).parse::<T3en>()));
    }
    c.bench_function("read/t3en_set", |b| b.iter(|| read_all(&T3EN_MIDGAMES, str::parse::<T3en>)));
    c.bench_function("read/tsn_set", |b| b.iter(|| read_all(&TSN_SET, str::parse::<Tsn>)));
    c.bench_function("read/tsn_hnefatafl", |b| {
        b.iter(|| black_box(HNEFATAFL_START).parse::<Tsn>());
    });
    c.bench_function("read/tsn_alea", |b| {
        b.iter(|| black_box(ALEA_EVANGELII_START).parse::<Tsn>())
    });
    c.bench_function("read/ten_set", |b| b.iter(|| read_all(&TEN_SET, str::parse::<Ten>)));
    c.bench_function("read/otn_set", |b| {
        b.iter(|| read_all(&OTN_SET, str::parse::<PositionRecord>));
    });
    c.bench_function("read/tuple_set", |b| b.iter(|| read_all(&TUPLE_SET, str::parse::<Tuple>)));
    c.bench_function("read/digits_set", |b| b.iter(|| read_all(&DIGITS_SET, str::parse::<Digits>)));
    c.bench_function("read/bits_set", |b| {
        b.iter(|| read_all(&BITS_SET, |text| gridnote_bits::read_board(CodeKind::Ranked, text)));
    });
    // The board under every 3x3 read: inline in the shared model (no allocation).
    c.bench_function("read/board_new_3x3", |b| {
        b.iter(|| gridnote_board::Board::new(black_box(3), black_box(3)));
    });
    c.bench_function("read/fen_set", |b| {
        b.iter(|| read_all(&FEN_SET, |text| Fen::from_ascii(text.as_bytes())));
    });
    c.bench_function("read/fen_start", |b| {
        b.iter(|| Fen::from_ascii(black_box(FEN_SET[0]).as_bytes()));
    });
}

fn write(c: &mut Criterion) {
    let t3en: Vec<T3en> = parsed(&T3EN_MIDGAMES);
    write_all(c, "write/t3en_3x3", &t3en[..1], T3en::write_to);
    write_all(c, "write/t3en_19", &t3en[3..], T3en::write_to);
    write_all(c, "write/t3en_set", &t3en, T3en::write_to);
    let tsn: Vec<Tsn> = parsed(&TSN_SET);
    write_all(c, "write/tsn_set", &tsn, Tsn::write_to);
    write_all(c, "write/tsn_hnefatafl", &tsn[1..2], Tsn::write_to);
    write_all(c, "write/tsn_alea", &tsn[2..3], Tsn::write_to);
    let ten: Vec<Ten> = parsed(&TEN_SET);
    write_all(c, "write/ten_set", &ten, Ten::write_to);
    let otn: Vec<OtnRecord> =
        parsed::<PositionRecord>(&OTN_SET).into_iter().map(OtnRecord::Position).collect();
    write_all(c, "write/otn_set", &otn, |record, out| record.append_to(&(), out));
    let tuple: Vec<Tuple> = parsed(&TUPLE_SET);
    write_all(c, "write/tuple_set", &tuple, Tuple::write_to);
    let digits: Vec<Digits> = parsed(&DIGITS_SET);
    write_all(c, "write/digits_set", &digits, Digits::write_to);
    let codes: Vec<u32> =
        BITS_SET.iter().map(|t| gridnote_bits::parse_code(t).expect("codes read")).collect();
    write_all(c, "write/bits_set", &codes, |&code, out| {
        gridnote_bits::write_code(CodeKind::Ranked, code, Radix::Decimal, out);
    });
    let fens: Vec<Fen> =
        FEN_SET.iter().map(|t| Fen::from_ascii(t.as_bytes()).expect("the FENs read")).collect();
    write_all(c, "write/fen_set", &fens, Fen::append_to_string);
}

/// The boards of the code benchmarks: the reachable boards of the digit set (all but the
/// last, where both players hold a line), as digit strings and as mark arrays.
fn code_boards() -> (Vec<&'static str>, Vec<[Mark; 9]>) {
    let texts: Vec<&str> = DIGITS_SET[..7].to_vec();
    let marks = texts
        .iter()
        .map(|text| {
            let mut marks = [Mark::Blank; 9];
            for (mark, byte) in marks.iter_mut().zip(text.bytes()) {
                *mark = match byte {
                    b'1' => Mark::X,
                    b'2' => Mark::O,
                    _ => Mark::Blank,
                };
            }
            marks
        })
        .collect();
    (texts, marks)
}

fn codes(c: &mut Criterion) {
    let (texts, marks) = code_boards();
    c.bench_function("codes/digits_read", |b| b.iter(|| read_all(&texts, str::parse::<Digits>)));
    type Encode = fn(&[Mark; 9]) -> Result<u32, gridnote_bits::ModelError>;
    type Decode = fn(u32) -> Result<[Mark; 9], gridnote_bits::ModelError>;
    let kinds: [(&str, &str, Encode, Decode); 3] = [
        ("codes/ranked_encode", "codes/ranked_decode", ranked::encode, ranked::decode),
        ("codes/dense_encode", "codes/dense_decode", dense::encode, dense::decode),
        ("codes/symmetric_encode", "codes/symmetric_decode", symmetric::encode, symmetric::decode),
    ];
    for (encode_id, decode_id, encode, decode) in kinds {
        let codes: Vec<u32> = marks.iter().map(|m| encode(m).expect("in the domain")).collect();
        c.bench_function(encode_id, |b| {
            b.iter(|| {
                for m in &marks {
                    let _ = black_box(encode(black_box(m)));
                }
            });
        });
        c.bench_function(decode_id, |b| {
            b.iter(|| {
                for &code in &codes {
                    let _ = black_box(decode(black_box(code)));
                }
            });
        });
    }
}

fn verdicts(c: &mut Criterion) {
    let digits: Vec<Digits> = parsed(&DIGITS_SET);
    c.bench_function("verdict/regex", |b| {
        b.iter(|| {
            for text in DIGITS_SET {
                black_box(regex_verdict(black_box(text)));
            }
        });
    });
    c.bench_function("verdict/direct", |b| {
        b.iter(|| {
            for d in &digits {
                black_box(direct_verdict(black_box(d)));
            }
        });
    });
    // The same decision through a `Board`: building the shared model's board of the
    // digits (the direct verdict does not), and `Board::outcome` on a board already built.
    c.bench_function("verdict/board_of_digits", |b| {
        b.iter(|| {
            for d in &digits {
                black_box(black_box(d).board());
            }
        });
    });
    let boards: Vec<gridnote_board::Board> = digits.iter().map(Digits::board).collect();
    c.bench_function("verdict/outcome_of_board", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(black_box(board).outcome(gridnote_board::Rules::TIC_TAC_TOE));
            }
        });
    });
    c.bench_function("verdict/direct_from_text", |b| {
        b.iter(|| {
            for text in DIGITS_SET {
                if let Ok(d) = black_box(text).parse::<Digits>() {
                    black_box(direct_verdict(&d));
                }
            }
        });
    });
}

fn conversions(c: &mut Criterion) {
    let options = Options::default();
    let cases: [(&str, &str, Format, Format); 7] = [
        ("convert/t3en_3x3_to_tsn", T3EN_3X3, Format::T3en, Format::Tsn),
        ("convert/t3en_19_to_tuple", T3EN_MIDGAMES[3], Format::T3en, Format::Tuple),
        ("convert/tsn_hnefatafl_to_t3en", HNEFATAFL_START, Format::Tsn, Format::T3en),
        ("convert/ten_alea_to_tsn", TEN_SET[2], Format::Ten, Format::Tsn),
        ("convert/tuple_to_t3en", TUPLE_SET[2], Format::Tuple, Format::T3en),
        ("convert/digits_to_bits", DIGITS_SET[3], Format::Digits, Format::Bits),
        ("convert/bits_to_digits", BITS_SET[1], Format::Bits, Format::Digits),
    ];
    for (id, text, from, to) in cases {
        c.bench_function(id, |b| {
            b.iter(|| convert(black_box(text), Some(from), to, &options));
        });
    }
    c.bench_function("convert/t3en_3x3_to_tsn_detected", |b| {
        b.iter(|| convert(black_box(T3EN_3X3), None, Format::Tsn, &options));
    });
    // Reading and writing through the intermediate separately (where the time goes).
    let source = gridnote_convert::read(T3EN_3X3, Some(Format::T3en), &options).expect("reads");
    c.bench_function("convert/t3en_3x3_read_only", |b| {
        b.iter(|| gridnote_convert::read(black_box(T3EN_3X3), Some(Format::T3en), &options));
    });
    c.bench_function("convert/tsn_write_only", |b| {
        b.iter_batched_ref(
            || source.clone(),
            |source| gridnote_convert::write(black_box(source), Format::Tsn, &options),
            BatchSize::SmallInput,
        );
    });
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30)
}

criterion_group! {
    name = benches;
    config = config();
    targets = read, write, codes, verdicts, conversions
}
criterion_main!(benches);
