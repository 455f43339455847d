//! The fixed inputs of gridnote's benchmarks, shared by the criterion benches
//! (`benches/gridnote.rs`), the CLI throughput runner (`src/bin/gridnote-bench-lines.rs`)
//! and `cargo xtask bench`, which turns the measurements into `docs/performance.md`.
//!
//! Every set is fixed text, so runs compare like with like; the tests check that each
//! input reads and that its canonical form is itself (so bytes read equal bytes written).
//!
//! ```
//! use gridnote_bench::{T3EN_MIDGAMES, total_bytes};
//! assert_eq!(T3EN_MIDGAMES.len(), 4);
//! assert_eq!(total_bytes(&T3EN_MIDGAMES), 13 + 106 + 210 + 297);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use gridnote_board::{Board, Cell, Player, Position};
use gridnote_t3en::T3en;

/// T3EN mid-game positions of side 3, 11, 15 and 19, pieces spread over the board
/// (about half of the 3×3 cells and 40% of the larger boards taken, x and o alternating,
/// placed by a fixed pseudo-random draw), so the bytes per cell are those of a real game
/// rather than of long empty runs.
///
/// ```
/// let sides: Vec<usize> = gridnote_bench::T3EN_MIDGAMES
///     .iter()
///     .map(|t| t.parse::<gridnote_t3en::T3en>().unwrap().position().board.rows())
///     .collect();
/// assert_eq!(sides, [3, 11, 15, 19]);
/// ```
pub const T3EN_MIDGAMES: [&str; 4] = [
    "_ox/2_o/_2x o",
    "x4_ox2o_x/o_xo_x3_ox/3_2x_o_o2_/_xo_o4_2o/4_2ox_3x/2_x_o4_x_/4_x4_x_/2o7_o_/2xo_ox5_/5_x2_o2_/x3_x_ox2o_ x",
    "x_o_o_x_o_2x_2o/2_o3_x2o2_o_x_/_o2_2o_2x2_o2_o/4_oxo_2o_x3_/o7_ox2_x2_/3_o4_ox3_x_/3_o2_2x3_2xo_/2_2x_o2_o_x4_/5_x_oxo2_2x_/2_2x3_o_x_2xox/_2o2_2x4_x_x_/2_o6_x_x2_x/2_x_o_o_o3_x2_/x_o5_o2_o_o_/2o_2x2o2_2x2_o_ x",
    "6_2oxo2_x_x3o_/_2x2_2x_x2_x2oxo3_/4_oxo_o_o2xox4_/3_3x2_x4_3x2_x/7_2o_x2o_o4_/x7_2x_o6_x/x3_o_ox2_o_2x4_x/_x2_o2_oxo2_ox_x_2o/ox_2o_xo11_/2_o3_2o_2x4_o2_o/o2x3_x_2x5_o3_/_o4_x_o_o3_2o3_/2_x3ox3_o3_x_x_o/2_xox_2x6_x4_/2_oxo3_x_o2_2ox2_x/_3xo_o3_x5_o_x/6_2o_xo_o_o2x2_/x_x4_ox4_2o3_o/4_x4_2o_2o4_x x",
];

/// The 3×3 T3EN mid-game of [`T3EN_MIDGAMES`], read alone to compare one small read
/// with one FEN read.
///
/// ```
/// assert_eq!(gridnote_bench::T3EN_3X3, gridnote_bench::T3EN_MIDGAMES[0]);
/// ```
pub const T3EN_3X3: &str = T3EN_MIDGAMES[0];

/// The three TSN start positions of the TSN description (Ard Ri 7×7, Hnefatafl 11×11, Alea Evangelii
/// 19×19) and three mid-game positions (Brandubh 7×7, Tablut 9×9, Hnefatafl 11×11).
///
/// ```
/// let sizes: Vec<usize> = gridnote_bench::TSN_SET
///     .iter()
///     .map(|t| t.parse::<gridnote_tafl::Tsn>().unwrap().board().rows())
///     .collect();
/// assert_eq!(sizes, [7, 11, 19, 7, 9, 11]);
/// ```
pub const TSN_SET: [&str; 6] = [
    "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0",
    HNEFATAFL_START,
    ALEA_EVANGELII_START,
    "7 4 3a3/3a3/3d3/a2kdaa/2d4/1a2a2/3a3 d 6 2",
    "9 8 2d1a4/9/3a1a3/a3d3a/aa1dkddaa/a3d3a/2d6/4a4/3aaa3 a 9 1",
    "11 12 3aa1aa3/5a5/3a7/a4d4a/a2dd1d3a/aa1d1kdd1aa/a3dd4a/a4d4a/B/5a5/3aaaaa3 d 8 3",
];

/// The TSN description's 11×11 Hnefatafl start position.
///
/// ```
/// assert!(gridnote_bench::HNEFATAFL_START.starts_with("11 12 "));
/// ```
pub const HNEFATAFL_START: &str =
    "11 12 3aaaaa3/5a5/B/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/B/5a5/3aaaaa3 a 1 0";

/// The TSN description's 19×19 Alea Evangelii start position.
///
/// ```
/// assert!(gridnote_bench::ALEA_EVANGELII_START.starts_with("19 24 "));
/// ```
pub const ALEA_EVANGELII_START: &str = "19 24 2a2a7a2a2/J/a4a7a4a/7a1a1a7/6a1d1d1a6/a1a2a7a2a1a/4a4d4a4/3a4d1d4a3/4d2d1d1d2d4/3a2d1dkd1d2a3/4d2d1d1d2d4/3a4d1d4a3/4a4d4a4/a1a2a7a2a1a/6a1d1d1a6/7a1a1a7/a4a7a4a/J/2a2a7a2a2 d 1 0";

/// The TEN set: the TSN set with an extension field on each (`-` or custom data).
///
/// ```
/// let ten: gridnote_tafl::Ten = gridnote_bench::TEN_SET[0].parse().unwrap();
/// assert_eq!(ten.tsn().board().rows(), 7);
/// ```
pub const TEN_SET: [&str; 6] = [
    "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0 -",
    "11 12 3aaaaa3/5a5/B/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/B/5a5/3aaaaa3 a 1 0 copenhagen:1:edge-escape=no",
    "19 24 2a2a7a2a2/J/a4a7a4a/7a1a1a7/6a1d1d1a6/a1a2a7a2a1a/4a4d4a4/3a4d1d4a3/4d2d1d1d2d4/3a2d1dkd1d2a3/4d2d1d1d2d4/3a4d1d4a3/4a4d4a4/a1a2a7a2a1a/6a1d1d1a6/7a1a1a7/a4a7a4a/J/2a2a7a2a2 d 1 0 -",
    "7 4 3a3/3a3/3d3/a2kdaa/2d4/1a2a2/3a3 d 6 2 brandubh:2:king=armed",
    "9 8 2d1a4/9/3a1a3/a3d3a/aa1dkddaa/a3d3a/2d6/4a4/3aaa3 a 9 1 -",
    "11 12 3aa1aa3/5a5/3a7/a4d4a/a2dd1d3a/aa1d1kdd1aa/a3dd4a/a4d4a/B/5a5/3aaaaa3 d 8 3 -",
];

/// The boards of [`TSN_SET`] as OTN position records (attackers `t`, defenders `T`, the
/// king `K`; rank 1 first, as in TSN), so OTN's reader and TSN's read the same boards.
///
/// ```
/// let p: gridnote_otn::PositionRecord = gridnote_bench::OTN_SET[0].parse().unwrap();
/// assert_eq!(p.size(), 7);
/// ```
pub const OTN_SET: [&str; 6] = [
    "/2ttt2/3t3/t1TTT1t/ttTKTtt/t1TTT1t/3t3/2ttt2/",
    "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    "/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/",
    "/3t3/3t3/3T3/t2KTtt/2T4/1t2t2/3t3/",
    "/2T1t4/9/3t1t3/t3T3t/tt1TKTTtt/t3T3t/2T6/4t4/3ttt3/",
    "/3tt1tt3/5t5/3t7/t4T4t/t2TT1T3t/tt1T1KTT1tt/t3TT4t/t4T4t/11/5t5/3ttttt3/",
];

/// The 3×3 position every conversion of the operations runner starts from, written in
/// each format of the registry first (every format carries a 3×3 board of x and o): a
/// legal mid-game, o to move.
///
/// ```
/// let t: gridnote_t3en::T3en = gridnote_bench::CONVERT_3X3.parse().unwrap();
/// assert_eq!(t.to_string(), gridnote_bench::CONVERT_3X3);
/// ```
pub const CONVERT_3X3: &str = "xo_/_x_/3_ o";

/// Positions of Tomorrow's Tic-Tac-Toe in the tuple format: the 3×4 start, three 3×4
/// mid-games, a 5×7 and a 10×10 board.
///
/// ```
/// let t: gridnote_tuple::Tuple = gridnote_bench::TUPLE_SET[0].parse().unwrap();
/// assert_eq!(t, gridnote_tuple::Tuple::default());
/// ```
pub const TUPLE_SET: [&str; 6] = [
    "(x ____ ____ ____)",
    "(x _x__ _xo_ _o__)",
    "(o oxxx _xo_ _o__)",
    "(x xo_o _xx_ o___)",
    "(o _______ __x____ __ox___ _______ _______)",
    "(x __________ ___x______ ____o_____ ___xo_____ _____x____ ____o_o___ __________ ______x___ __o_______ __________)",
];

/// Nine-digit strings: the empty board, openings, mid-games, wins for either side, a
/// draw and a board where both players hold a line.
///
/// ```
/// let d: gridnote_digits::Digits = gridnote_bench::DIGITS_SET[0].parse().unwrap();
/// assert_eq!(d.counts().occupied(), 0);
/// ```
pub const DIGITS_SET: [&str; 8] = [
    "000000000",
    "000010000",
    "120120000",
    "120120100",
    "212121120",
    "122211112",
    "221010201",
    "111000222",
];

/// Texts of 13-bit codes: decimal, binary and hexadecimal, from the 13-bit article's worked
/// examples to the last code.
///
/// ```
/// assert_eq!(gridnote_bits::parse_code(gridnote_bench::BITS_SET[1]), Ok(523));
/// ```
pub const BITS_SET: [&str; 6] = ["0", "523", "0x20b", "0b0001000001011", "2749", "6045"];

/// Eight real chess positions in FEN (the start position, openings, middlegames and
/// endgames, including the chess-programming test positions "Kiwipete" and perft
/// positions 3 and 6), for the peer benchmark with shakmaty.
///
/// ```
/// assert_eq!(gridnote_bench::FEN_SET.len(), 8);
/// assert!(gridnote_bench::FEN_SET[0].starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
/// ```
pub const FEN_SET: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 1 9",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
    "8/5k2/8/8/3K4/8/5P2/8 w - - 0 60",
];

/// The total length in bytes of a set of inputs.
///
/// ```
/// assert_eq!(gridnote_bench::total_bytes(&["ab", "cde"]), 5);
/// ```
#[must_use]
pub fn total_bytes(set: &[&str]) -> usize {
    set.iter().map(|s| s.len()).sum()
}

/// A small, fast, deterministic pseudo-random generator (xorshift64*), so generated
/// inputs are the same on every run and machine.
///
/// ```
/// let mut a = gridnote_bench::Rng::new(7);
/// let mut b = gridnote_bench::Rng::new(7);
/// assert_eq!(a.below(100), b.below(100));
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a fixed non-zero seed).
    ///
    /// ```
    /// let _ = gridnote_bench::Rng::new(0).below(9);
    /// ```
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed })
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// assert_ne!(gridnote_bench::Rng::new(1).next_u64(), 0);
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    ///
    /// ```
    /// let mut rng = gridnote_bench::Rng::new(3);
    /// assert!((0..1000).all(|_| rng.below(9) < 9));
    /// ```
    pub fn below(&mut self, n: u64) -> u64 {
        // The high bits of a 128-bit product: unbiased enough for benchmark inputs.
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// A 3×3 tic-tac-toe position as T3EN: 0 to 9 marks placed on random cells, x and o
/// alternating (x first), and the side to move that follows from the counts. Positions
/// may hold finished or doubly-won games: conversion does not check legality.
///
/// ```
/// let mut rng = gridnote_bench::Rng::new(1);
/// let mut out = String::new();
/// gridnote_bench::push_random_3x3(&mut rng, &mut out);
/// assert!(out.parse::<gridnote_t3en::T3en>().is_ok());
/// ```
pub fn push_random_3x3(rng: &mut Rng, out: &mut String) {
    let mut cells = [Cell::Empty; 9];
    let mut free: Vec<usize> = (0..9).collect();
    let marks = rng.below(10) as usize;
    for i in 0..marks {
        let pick = free.swap_remove(rng.below(free.len() as u64) as usize);
        cells[pick] = if i.is_multiple_of(2) { Cell::ONE } else { Cell::TWO };
    }
    let to_move = if marks.is_multiple_of(2) { Player::One } else { Player::Two };
    let board = Board::from_cells(3, 3, cells.to_vec()).expect("3x3 is a board");
    T3en::new(Position::new(board, to_move))
        .expect("x, o and empty cells on a square board are T3EN")
        .write_to(out);
}

/// `n` random 3×3 T3EN positions ([`push_random_3x3`]), one per line, each ending in
/// `\n`, from a fixed seed: the input of the CLI throughput benchmark.
///
/// ```
/// let text = gridnote_bench::random_3x3_lines(3, 42);
/// assert_eq!(text.lines().count(), 3);
/// assert_eq!(text, gridnote_bench::random_3x3_lines(3, 42));
/// ```
#[must_use]
pub fn random_3x3_lines(n: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::with_capacity(n * 14);
    for _ in 0..n {
        push_random_3x3(&mut rng, &mut out);
        out.push('\n');
    }
    out
}

/// A 64-bit FNV-1a hash, to compare two large outputs without keeping both.
///
/// ```
/// assert_eq!(gridnote_bench::fnv1a(b""), 0xcbf2_9ce4_8422_2325);
/// assert_ne!(gridnote_bench::fnv1a(b"a"), gridnote_bench::fnv1a(b"b"));
/// ```
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash
}

/// What a benchmark's bytes count.
///
/// ```
/// use gridnote_bench::{catalogue, Bytes};
/// assert!(catalogue().iter().any(|b| b.bytes == Bytes::Input(13)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bytes {
    /// The text read, in bytes.
    Input(usize),
    /// The text written, in bytes.
    Output(usize),
    /// Not a text benchmark: only the cost per position counts.
    None,
}

impl Bytes {
    /// The number of bytes, if any.
    ///
    /// ```
    /// assert_eq!(gridnote_bench::Bytes::Output(5).count(), Some(5));
    /// assert_eq!(gridnote_bench::Bytes::None.count(), None);
    /// ```
    #[must_use]
    pub const fn count(self) -> Option<usize> {
        match self {
            Bytes::Input(n) | Bytes::Output(n) => Some(n),
            Bytes::None => None,
        }
    }
}

/// One criterion benchmark (`benches/gridnote.rs`, `svg.rs`, `solve.rs`): its criterion ID, what it measures, how many
/// positions one iteration handles and how many bytes it reads or writes.
///
/// ```
/// let read = gridnote_bench::catalogue().into_iter().find(|b| b.id == "read/fen_set").unwrap();
/// assert_eq!(read.positions, 8);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bench {
    /// The criterion ID, `group/function`.
    pub id: &'static str,
    /// What one iteration does, for the report.
    pub what: &'static str,
    /// Positions handled per iteration.
    pub positions: usize,
    /// Bytes read or written per iteration.
    pub bytes: Bytes,
}

/// The canonical text lengths of a set whose inputs are canonical (checked by the tests),
/// so bytes read equal bytes written.
fn canonical(set: &[&str]) -> usize {
    total_bytes(set)
}

/// Every criterion benchmark (`benches/gridnote.rs`, `svg.rs`, `solve.rs`), in report
/// order.
///
/// ```
/// let ids: Vec<&str> = gridnote_bench::catalogue().iter().map(|b| b.id).collect();
/// assert!(ids.contains(&"read/t3en_3x3") && ids.contains(&"write/fen_set"));
/// ```
#[must_use]
pub fn catalogue() -> Vec<Bench> {
    use Bytes::{Input, None, Output};
    let bench = |id, what, positions, bytes| Bench { id, what, positions, bytes };
    let bits_out: usize = BITS_SET
        .iter()
        .map(|t| {
            let code = gridnote_bits::parse_code(t).expect("the code texts read");
            let mut out = String::new();
            gridnote_bits::write_code(
                gridnote_bits::CodeKind::Ranked,
                code,
                gridnote_bits::Radix::Decimal,
                &mut out,
            );
            out.len()
        })
        .sum();
    let mut benches = vec![
        bench("read/t3en_3x3", "T3EN 3x3 mid-game", 1, Input(T3EN_3X3.len())),
        bench("read/t3en_11", "T3EN 11x11 mid-game", 1, Input(T3EN_MIDGAMES[1].len())),
        bench("read/t3en_15", "T3EN 15x15 mid-game", 1, Input(T3EN_MIDGAMES[2].len())),
        bench("read/t3en_19", "T3EN 19x19 mid-game", 1, Input(T3EN_MIDGAMES[3].len())),
        bench("read/t3en_set", "T3EN set (3, 11, 15, 19)", 4, Input(total_bytes(&T3EN_MIDGAMES))),
        bench(
            "read/tsn_set",
            "TSN set (3 starts from the TSN description, 3 mid-games)",
            6,
            Input(total_bytes(&TSN_SET)),
        ),
        bench("read/tsn_hnefatafl", "TSN Hnefatafl 11x11 start", 1, Input(HNEFATAFL_START.len())),
        bench(
            "read/tsn_alea",
            "TSN Alea Evangelii 19x19 start",
            1,
            Input(ALEA_EVANGELII_START.len()),
        ),
        bench("read/ten_set", "TEN set", 6, Input(total_bytes(&TEN_SET))),
        bench("read/tuple_set", "tuple set", 6, Input(total_bytes(&TUPLE_SET))),
        bench("read/digits_set", "digit strings", 8, Input(total_bytes(&DIGITS_SET))),
        bench(
            "read/bits_set",
            "13-bit code texts (parse and decode)",
            6,
            Input(total_bytes(&BITS_SET)),
        ),
        bench(
            "read/board_new_3x3",
            "Board::new(3, 3): the board under every 3x3 read (inline)",
            1,
            None,
        ),
        bench("read/fen_set", "shakmaty Fen::from_ascii, 8 FENs", 8, Input(total_bytes(&FEN_SET))),
        bench(
            "read/fen_start",
            "shakmaty Fen::from_ascii, start position",
            1,
            Input(FEN_SET[0].len()),
        ),
        bench("write/t3en_3x3", "T3EN 3x3 mid-game", 1, Output(T3EN_3X3.len())),
        bench("write/t3en_19", "T3EN 19x19 mid-game", 1, Output(T3EN_MIDGAMES[3].len())),
        bench("write/t3en_set", "T3EN set", 4, Output(canonical(&T3EN_MIDGAMES))),
        bench("write/tsn_set", "TSN set", 6, Output(canonical(&TSN_SET))),
        bench("write/tsn_hnefatafl", "TSN Hnefatafl start", 1, Output(HNEFATAFL_START.len())),
        bench("write/tsn_alea", "TSN Alea Evangelii start", 1, Output(ALEA_EVANGELII_START.len())),
        bench("write/ten_set", "TEN set", 6, Output(canonical(&TEN_SET))),
        bench("write/tuple_set", "tuple set", 6, Output(canonical(&TUPLE_SET))),
        bench("write/digits_set", "digit strings", 8, Output(canonical(&DIGITS_SET))),
        bench("write/bits_set", "13-bit codes in decimal", 6, Output(bits_out)),
        bench(
            "write/fen_set",
            "shakmaty Fen::append_to_string, 8 FENs",
            8,
            Output(canonical(&FEN_SET)),
        ),
        bench("codes/digits_read", "read the 9-digit string (7 boards)", 7, None),
        bench("codes/ranked_encode", "13-bit encode, array API (7 boards)", 7, None),
        bench("codes/ranked_decode", "13-bit decode, array API (7 boards)", 7, None),
        bench("codes/dense_encode", "dense code encode (7 boards)", 7, None),
        bench("codes/dense_decode", "dense code decode (7 boards)", 7, None),
        bench("codes/symmetric_encode", "symmetric code encode (7 boards)", 7, None),
        bench("codes/symmetric_decode", "symmetric code decode (7 boards)", 7, None),
        bench("verdict/regex", "the tic-tac-toe regex's verdict (8 strings)", 8, None),
        bench("verdict/direct", "the direct verdict of a read board (8)", 8, None),
        bench("verdict/board_of_digits", "Digits::board: a Board of the digits (8)", 8, None),
        bench("verdict/outcome_of_board", "Board::outcome on a built board (8)", 8, None),
        bench("verdict/direct_from_text", "read + direct verdict (8 strings)", 8, None),
        bench("convert/t3en_3x3_to_tsn", "convert T3EN 3x3 to TSN", 1, Input(T3EN_3X3.len())),
        bench(
            "convert/t3en_3x3_to_tsn_detected",
            "the same, format detected",
            1,
            Input(T3EN_3X3.len()),
        ),
        bench(
            "convert/t3en_3x3_read_only",
            "gridnote_convert::read of it",
            1,
            Input(T3EN_3X3.len()),
        ),
        bench("convert/tsn_write_only", "gridnote_convert::write of it as TSN", 1, None),
        bench(
            "convert/t3en_19_to_tuple",
            "convert T3EN 19x19 to tuple",
            1,
            Input(T3EN_MIDGAMES[3].len()),
        ),
        bench(
            "convert/tsn_hnefatafl_to_t3en",
            "convert TSN Hnefatafl to T3EN",
            1,
            Input(HNEFATAFL_START.len()),
        ),
        bench(
            "convert/ten_alea_to_tsn",
            "convert TEN Alea Evangelii to TSN",
            1,
            Input(TEN_SET[2].len()),
        ),
        bench("convert/tuple_to_t3en", "convert tuple 3x4 to T3EN", 1, Input(TUPLE_SET[2].len())),
        bench("convert/digits_to_bits", "convert digits to bits", 1, Input(DIGITS_SET[3].len())),
        bench("convert/bits_to_digits", "convert bits to digits", 1, Input(BITS_SET[1].len())),
        bench(
            "read/otn_set",
            "OTN position records (the TSN set's boards)",
            6,
            Input(total_bytes(&OTN_SET)),
        ),
        bench("write/otn_set", "OTN position records", 6, Output(canonical(&OTN_SET))),
        // benches/svg.rs
        bench("svg/t3en_3x3", "SVG of a won 3x3 game, appended to a String", 1, None),
        bench("svg/t3en_3x3_string", "the same as a new String", 1, None),
        bench("svg/tsn_19x19", "SVG of Alea Evangelii's 19x19 start", 1, None),
        bench("svg/t3en_19x19", "SVG of a 19x19 five-in-a-row mid-game", 1, None),
    ];
    // benches/solve.rs
    benches.extend(solve_cases().into_iter().map(|case| Bench {
        id: case.id,
        what: case.what,
        positions: 1,
        bytes: None,
    }));
    benches
}

/// A full solve from the empty board (`benches/solve.rs`).
#[derive(Clone, Copy, Debug)]
pub struct SolveCase {
    /// The criterion ID, `solve/…`.
    pub id: &'static str,
    /// What is solved, for the report.
    pub what: &'static str,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The rules.
    pub rules: gridnote_board::Rules,
}

/// The solver's benchmarks: 3×3 tic-tac-toe, Tomorrow's 3×4 under its four
/// rule sets, 4×4 with three and four in a row, normal and misère; all from the empty
/// board.
///
/// ```
/// let cases = gridnote_bench::solve_cases();
/// assert_eq!(cases.len(), 9);
/// assert_eq!(cases[0].id, "solve/3x3");
/// ```
#[must_use]
pub fn solve_cases() -> Vec<SolveCase> {
    use gridnote_board::Rules;
    let case = |id, what, rows, cols, rules| SolveCase { id, what, rows, cols, rules };
    let tomorrows = Rules::TOMORROWS;
    let k3 = Rules::TIC_TAC_TOE;
    let k4 = Rules::TIC_TAC_TOE.with_in_a_row(4);
    vec![
        case("solve/3x3", "3x3 tic-tac-toe", 3, 3, Rules::TIC_TAC_TOE),
        case("solve/3x4_tomorrows", "Tomorrow's 3x4", 3, 4, tomorrows),
        case(
            "solve/3x4_tomorrows_misere",
            "Tomorrow's 3x4, misère",
            3,
            4,
            tomorrows.with_misere(true),
        ),
        case(
            "solve/3x4_tomorrows_diagonals",
            "Tomorrow's 3x4 with diagonals",
            3,
            4,
            tomorrows.with_diagonals(true),
        ),
        case(
            "solve/3x4_tomorrows_misere_diagonals",
            "Tomorrow's 3x4, misère, with diagonals",
            3,
            4,
            tomorrows.with_misere(true).with_diagonals(true),
        ),
        case("solve/4x4_k3", "4x4, three in a row", 4, 4, k3),
        case("solve/4x4_k3_misere", "4x4, three in a row, misère", 4, 4, k3.with_misere(true)),
        case("solve/4x4_k4", "4x4, four in a row", 4, 4, k4),
        case("solve/4x4_k4_misere", "4x4, four in a row, misère", 4, 4, k4.with_misere(true)),
    ]
}

/// The solver's goals past 4×4, from the empty board: too slow for criterion's samples,
/// so `gridnote-bench-lines solve-stats` solves each once and reports its time (5×5
/// k=4 and 6×5 k=4 under 60 s, 7×7 k=5 under an hour; 6×6 as far as it goes).
///
/// ```
/// let goals = gridnote_bench::solve_goals();
/// assert_eq!(goals[0].id, "goal/5x5_k4");
/// assert_eq!(goals.last().map(|g| (g.rows, g.cols)), Some((7, 7)));
/// ```
#[must_use]
pub fn solve_goals() -> Vec<SolveCase> {
    use gridnote_board::Rules;
    let case = |id, what, rows, cols, k| SolveCase {
        id,
        what,
        rows,
        cols,
        rules: Rules::TIC_TAC_TOE.with_in_a_row(k),
    };
    vec![
        case("goal/5x5_k4", "5x5, four in a row (a draw)", 5, 5, 4),
        case("goal/5x6_k4", "5x6, four in a row (a first-player win)", 5, 6, 4),
        case("goal/6x6_k4", "6x6, four in a row (a first-player win)", 6, 6, 4),
        case("goal/6x6_k5", "6x6, five in a row (a draw)", 6, 6, 5),
        case("goal/7x7_k5", "7x7, five in a row (a draw)", 7, 7, 5),
    ]
}
