//! Exhaustive checks: every 3×3 board of marks (3^9), every 13-bit number (and every
//! 15-bit number for the naive code), every 3×4 board (3^12).

use std::collections::{BTreeMap, HashSet};

use gridnote_bits::{
    CodeKind, Layout, Mark, ModelError, decode, decode_rect, dense, encode, encode_rect, naive,
    ranked, symmetric,
};
use gridnote_board::{Board, Cell, Position, Rules, Symmetry};

/// The `index`-th array of `N` marks, base 3 (cell 0 most significant).
fn marks<const N: usize>(mut index: u32) -> [Mark; N] {
    let mut out = [Mark::Blank; N];
    for cell in out.iter_mut().rev() {
        *cell = Mark::ALL[(index % 3) as usize];
        index /= 3;
    }
    out
}

fn all_boards9() -> impl Iterator<Item = [Mark; 9]> {
    (0..3u32.pow(9)).map(marks::<9>)
}

fn board_of(rows: usize, cols: usize, marks: &[Mark]) -> Board {
    Board::from_cells(rows, cols, marks.iter().map(|&m| Cell::from(m)).collect()).unwrap()
}

fn counts(marks: &[Mark]) -> (usize, usize) {
    let x = marks.iter().filter(|&&m| m == Mark::X).count();
    let o = marks.iter().filter(|&&m| m == Mark::O).count();
    (x, o)
}

fn in_domain(marks: &[Mark]) -> bool {
    let (x, o) = counts(marks);
    x == o || x == o + 1
}

/// Every board a game of tic-tac-toe reaches, by playing every game (independent of the
/// legality check the tables are built from).
fn reachable() -> HashSet<Board> {
    let mut seen = HashSet::new();
    let mut stack = vec![Position::start(3, 3).unwrap()];
    while let Some(pos) = stack.pop() {
        if !seen.insert(pos.board.clone()) {
            continue;
        }
        for (r, c) in pos.moves(Rules::TIC_TAC_TOE) {
            stack.push(pos.play(r, c, Rules::TIC_TAC_TOE).unwrap());
        }
    }
    seen
}

fn out_of_range(kind: CodeKind, cells: usize, code: u32, max: u32) -> ModelError {
    ModelError::OutOfRange { kind, cells, code, max }
}

#[test]
fn worked_example_numbers() {
    use Mark::{Blank as B, O, X};
    // Non-blanks at (0, 2, 5, 7); of these, indices (1, 2) are O's: cells 2 and 5.
    let worked = [X, B, O, B, B, O, B, X, B];
    let layout = Layout::TIC_TAC_TOE;
    assert_eq!(layout.boards_with(4) / 126, 6, "C(4,2) = 6 O placements per cell choice");
    // 31 · 6 + 3 = 189 within the block of 4-mark boards, which starts at 334.
    assert_eq!(layout.offset(4), 334);
    assert_eq!(31 * 6 + 3, 189);
    assert_eq!(ranked::encode(&worked), Ok(334 + 189));
    assert_eq!(ranked::encode(&worked), Ok(523));
    assert_eq!(naive::encode(&worked), Ok(10 * 189 + 4));
    assert_eq!(naive::encode(&worked), Ok(1894));
    assert_eq!(ranked::decode(523), Ok(worked));
    assert_eq!(naive::decode(1894), Ok(worked));
    // XXX / . . . / OOO: both players hold a line, yet it has a code.
    let both = [X, X, X, B, B, B, O, O, O];
    assert_eq!(ranked::encode(&both), Ok(2749));
    assert_eq!(ranked::decode(2749), Ok(both));
    let board = board_of(3, 3, &both);
    assert_eq!(encode(CodeKind::Ranked, &board), Ok(2749));
    assert_eq!(decode(CodeKind::Ranked, 2749), Ok(board));
}

#[test]
fn ranked_is_a_bijection_onto_0_to_6045() {
    let mut codes = BTreeMap::new();
    for m in all_boards9() {
        match ranked::encode(&m) {
            Ok(code) => {
                assert!(in_domain(&m));
                assert_eq!(ranked::decode(code), Ok(m));
                assert!(codes.insert(code, m).is_none(), "code {code} given twice");
            }
            Err(err) => {
                let (x, o) = counts(&m);
                assert!(!in_domain(&m));
                assert_eq!(err, ModelError::Counts { x, o });
            }
        }
    }
    assert_eq!(codes.len(), 6046);
    assert!(codes.keys().copied().eq(0..6046));
}

#[test]
fn every_13_bit_number_decodes_or_is_out_of_range() {
    for code in 0..1 << 13 {
        match ranked::decode(code) {
            Ok(m) => assert_eq!(ranked::encode(&m), Ok(code)),
            Err(err) => {
                assert!(code > 6045);
                assert_eq!(err, out_of_range(CodeKind::Ranked, 9, code, 6045));
            }
        }
    }
    assert!(ranked::decode(u32::MAX).is_err());
}

#[test]
fn naive_codes_are_ten_times_the_rank_plus_the_count() {
    let layout = Layout::TIC_TAC_TOE;
    let mut named = HashSet::new();
    for m in all_boards9() {
        let Ok(code) = ranked::encode(&m) else {
            let (x, o) = counts(&m);
            assert_eq!(naive::encode(&m), Err(ModelError::Counts { x, o }));
            continue;
        };
        let n = m.iter().filter(|m| m.is_occupied()).count();
        let expected = 10 * (code - layout.offset(n)) + n as u32;
        assert_eq!(naive::encode(&m), Ok(expected));
        named.insert(expected);
    }
    assert_eq!(named.len(), 6046);
    // Every naive number names its board, names no board, or is out of range.
    for code in 0..1 << 15 {
        match naive::decode(code) {
            Ok(m) => {
                assert!(named.contains(&code));
                assert_eq!(naive::encode(&m), Ok(code));
            }
            Err(err) if code > naive::MAX => {
                assert_eq!(err, out_of_range(CodeKind::Naive, 9, code, 16796));
            }
            Err(err) => {
                assert!(!named.contains(&code));
                let occupied = (code % 10) as usize;
                assert_eq!(
                    err,
                    ModelError::NaiveNoBoard {
                        code,
                        cells: 9,
                        occupied,
                        rank: code / 10,
                        boards: layout.boards_with(occupied),
                    }
                );
            }
        }
    }
    assert_eq!(naive::decode(16796), naive::decode(10 * 1679 + 6));
    assert!(naive::decode(16796).is_ok());
}

#[test]
fn dense_is_a_bijection_onto_the_reachable_positions() {
    let reachable = reachable();
    assert_eq!(reachable.len(), 5478);
    let mut by_ranked = BTreeMap::new();
    for m in all_boards9() {
        let board = board_of(3, 3, &m);
        match dense::encode(&m) {
            Ok(code) => {
                assert!(reachable.contains(&board), "{board:?}");
                assert_eq!(dense::decode(code), Ok(m));
                by_ranked.insert(ranked::encode(&m).unwrap(), code);
            }
            Err(err) => {
                assert!(!reachable.contains(&board), "{board:?}");
                let (x, o) = counts(&m);
                if in_domain(&m) {
                    let problems = board.problems(Rules::TIC_TAC_TOE, None);
                    assert!(!problems.is_empty());
                    assert_eq!(err, ModelError::Unreachable { kind: CodeKind::Dense, problems });
                } else {
                    assert_eq!(err, ModelError::Counts { x, o });
                }
            }
        }
    }
    // Ranks in increasing order of the 13-bit code: 0, 1, 2, … in that order.
    assert_eq!(by_ranked.len(), 5478);
    assert!(by_ranked.values().copied().eq(0..5478));
    for code in 0..1 << 13 {
        match dense::decode(code) {
            Ok(m) => assert!(reachable.contains(&board_of(3, 3, &m))),
            Err(err) => {
                assert!(code > 5477);
                assert_eq!(err, out_of_range(CodeKind::Dense, 9, code, 5477));
            }
        }
    }
}

#[test]
fn symmetric_is_a_bijection_onto_the_classes() {
    let mut canonical_codes = BTreeMap::new();
    for m in all_boards9() {
        let board = board_of(3, 3, &m);
        let Ok(code) = symmetric::encode(&m) else {
            assert!(dense::encode(&m).is_err());
            let err = symmetric::encode(&m).unwrap_err();
            match dense::encode(&m).unwrap_err() {
                ModelError::Unreachable { problems, .. } => {
                    assert_eq!(err, ModelError::Unreachable { kind: CodeKind::Symmetric, problems })
                }
                other => assert_eq!(err, other),
            }
            continue;
        };
        // Every image of the board has the same code.
        for symmetry in Symmetry::ALL {
            let image = board.transform(symmetry);
            assert_eq!(encode(CodeKind::Symmetric, &image), Ok(code), "{symmetry:?}");
        }
        // Decoding gives the canonical image.
        let (canonical, _) = board.canonical();
        let decoded = symmetric::decode(code).unwrap();
        assert_eq!(board_of(3, 3, &decoded), canonical);
        let previous = canonical_codes.insert(code, ranked::encode(&decoded).unwrap());
        assert!(previous.is_none() || previous == canonical_codes.get(&code).copied());
    }
    // 765 classes; ranks follow the increasing 13-bit code of the canonical image.
    assert_eq!(canonical_codes.len(), 765);
    assert!(canonical_codes.keys().copied().eq(0..765));
    assert!(canonical_codes.values().is_sorted());
    for code in 0..1 << 13 {
        match symmetric::decode(code) {
            Ok(m) => {
                let board = board_of(3, 3, &m);
                assert_eq!(board.canonical().0, board);
                assert_eq!(symmetric::encode(&m), Ok(code));
            }
            Err(err) => {
                assert!(code > 764);
                assert_eq!(err, out_of_range(CodeKind::Symmetric, 9, code, 764));
            }
        }
    }
}

/// The Board-level functions agree with the array functions on every 3×3 board.
#[test]
fn board_functions_agree_with_array_functions() {
    type Codec =
        (fn(&[Mark; 9]) -> Result<u32, ModelError>, fn(u32) -> Result<[Mark; 9], ModelError>);
    let codecs: [(CodeKind, Codec); 4] = [
        (CodeKind::Ranked, (ranked::encode, ranked::decode)),
        (CodeKind::Naive, (naive::encode, naive::decode)),
        (CodeKind::Dense, (dense::encode, dense::decode)),
        (CodeKind::Symmetric, (symmetric::encode, symmetric::decode)),
    ];
    for m in all_boards9() {
        let board = board_of(3, 3, &m);
        for (kind, (enc, dec)) in codecs {
            let code = encode(kind, &board);
            assert_eq!(code, enc(&m));
            assert_eq!(encode_rect(kind, &board), code);
            if let Ok(code) = code {
                let back = decode(kind, code).unwrap();
                assert_eq!(back, board_of(3, 3, &dec(code).unwrap()));
                assert_eq!(decode_rect(kind, 3, 3, code), Ok(back));
            }
        }
    }
}

#[test]
fn void_cells_and_kings_are_named() {
    for (index, name) in ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"].iter().enumerate() {
        for kind in CodeKind::ALL {
            for (cell, what) in [
                (Cell::Void, "is not playable"),
                (Cell::TWO_KING, "holds a king"),
                (Cell::ONE_KING, "holds a king"),
            ] {
                let mut board = Board::new(3, 3).unwrap();
                board.cells_mut()[index] = cell;
                // A later bad cell does not hide the first.
                board.cells_mut()[8] = if index == 8 { cell } else { Cell::Void };
                let err = encode(kind, &board).unwrap_err();
                assert_eq!(
                    err.to_string(),
                    format!("cell {name} {what}: the bit codes have only blank, X and O cells")
                );
                assert_eq!(encode_rect(kind, &board), Err(err));
            }
        }
    }
}

#[test]
fn only_3x3_boards_have_3x3_codes() {
    for rows in 1..=6 {
        for cols in 1..=6 {
            let board = Board::new(rows, cols).unwrap();
            for kind in CodeKind::ALL {
                let result = encode(kind, &board);
                if (rows, cols) == (3, 3) {
                    assert_eq!(result, Ok(0));
                } else {
                    assert_eq!(result, Err(ModelError::Shape { kind, rows, cols }));
                    assert_eq!(
                        result.unwrap_err().to_string(),
                        format!("the {kind} code takes a 3x3 board, not {rows}x{cols}")
                    );
                }
            }
        }
    }
}

#[test]
fn rect_codes_take_1_to_20_cells() {
    for rows in 1..=25 {
        for cols in 1..=25 {
            let board = Board::new(rows, cols).unwrap();
            for kind in [CodeKind::Ranked, CodeKind::Naive] {
                if rows * cols <= 20 {
                    assert_eq!(encode_rect(kind, &board), Ok(0));
                    assert_eq!(decode_rect(kind, rows, cols, 0), Ok(board.clone()));
                } else {
                    assert_eq!(encode_rect(kind, &board), Err(ModelError::Size { rows, cols }));
                    assert_eq!(
                        decode_rect(kind, rows, cols, 0),
                        Err(ModelError::Size { rows, cols })
                    );
                }
            }
            for kind in [CodeKind::Dense, CodeKind::Symmetric] {
                if (rows, cols) != (3, 3) && rows * cols <= 20 {
                    let err = ModelError::Shape { kind, rows, cols };
                    assert_eq!(encode_rect(kind, &board), Err(err.clone()));
                    assert_eq!(decode_rect(kind, rows, cols, 0), Err(err));
                }
            }
        }
    }
    assert_eq!(
        decode_rect(CodeKind::Ranked, 0, 4, 0).unwrap_err().to_string(),
        "a 0x4 board has 0 cells: the bit codes take 1 to 20 cells"
    );
    assert_eq!(
        encode_rect(CodeKind::Ranked, &Board::new(3, 7).unwrap()).unwrap_err().to_string(),
        "a 3x7 board has 21 cells: the bit codes take 1 to 20 cells"
    );
    assert_eq!(
        decode_rect(CodeKind::Ranked, usize::MAX, 2, 0),
        Err(ModelError::Size { rows: usize::MAX, cols: 2 })
    );
}

#[test]
fn tomorrows_3x4_code_is_a_bijection() {
    let layout = Layout::TOMORROWS;
    assert_eq!(layout.count(), 143_365);
    let mut seen = vec![false; layout.count() as usize];
    let mut naive_seen = HashSet::new();
    let mut out = [Mark::Blank; 12];
    for index in 0..3u32.pow(12) {
        let m = marks::<12>(index);
        match layout.encode(&m) {
            Ok(code) => {
                assert!(!std::mem::replace(&mut seen[code as usize], true), "code {code} twice");
                layout.decode(code, &mut out).unwrap();
                assert_eq!(out, m);
                let naive = layout.encode_naive(&m).unwrap();
                assert!(naive <= layout.naive_max());
                assert!(naive_seen.insert(naive));
                layout.decode_naive(naive, &mut out).unwrap();
                assert_eq!(out, m);
                if index % 97 == 0 {
                    let board = board_of(3, 4, &m);
                    assert_eq!(encode_rect(CodeKind::Ranked, &board), Ok(code));
                    assert_eq!(encode_rect(CodeKind::Naive, &board), Ok(naive));
                    assert_eq!(decode_rect(CodeKind::Ranked, 3, 4, code), Ok(board.clone()));
                    assert_eq!(decode_rect(CodeKind::Naive, 3, 4, naive), Ok(board));
                }
            }
            Err(err) => {
                let (x, o) = counts(&m);
                assert!(!in_domain(&m));
                assert_eq!(err, ModelError::Counts { x, o });
            }
        }
    }
    assert!(seen.iter().all(|&s| s));
    for code in layout.count()..1 << 18 {
        assert_eq!(
            layout.decode(code, &mut out),
            Err(out_of_range(CodeKind::Ranked, 12, code, 143_364))
        );
    }
    assert_eq!(
        decode_rect(CodeKind::Ranked, 3, 4, 143_365).unwrap_err().to_string(),
        "code 143365 is out of range: the ranked code for 12 cells runs from 0 to 143364"
    );
}

/// On every small cell count the layout is a bijection, and on 9 cells it is the ranked code.
#[test]
fn small_layouts_are_bijections() {
    for cells in 1..=10 {
        let layout = Layout::new(cells).unwrap();
        let mut codes = HashSet::new();
        let mut m = vec![Mark::Blank; cells];
        let mut out = vec![Mark::Blank; cells];
        for mut index in 0..3u32.pow(cells as u32) {
            for cell in m.iter_mut().rev() {
                *cell = Mark::ALL[(index % 3) as usize];
                index /= 3;
            }
            if let Ok(code) = layout.encode(&m) {
                assert!(codes.insert(code));
                layout.decode(code, &mut out).unwrap();
                assert_eq!(out, m);
                if cells == 9 {
                    assert_eq!(ranked::encode(&m.clone().try_into().unwrap()), Ok(code));
                }
            } else {
                assert!(!in_domain(&m));
            }
        }
        assert_eq!(codes.len() as u32, layout.count());
        assert_eq!(codes.iter().max(), Some(&layout.max()));
    }
}

#[test]
fn the_largest_layout_round_trips_at_its_ends() {
    let layout = Layout::new(20).unwrap();
    let mut out = [Mark::Blank; 20];
    for code in [0, 1, 12_345_678, layout.max()] {
        layout.decode(code, &mut out).unwrap();
        assert_eq!(layout.encode(&out), Ok(code));
    }
    layout.decode_naive(layout.naive_max(), &mut out).unwrap();
    assert_eq!(layout.encode_naive(&out), Ok(2_793_510_713));
    assert!(layout.decode(layout.count(), &mut out).is_err());
    assert!(layout.decode_naive(layout.naive_max() + 1, &mut out).is_err());
    // A wrong slice length is an error, and the output is left alone.
    let mut short = [Mark::X; 19];
    assert_eq!(
        layout.decode(0, &mut short),
        Err(ModelError::CellCount { expected: 20, found: 19 })
    );
    assert_eq!(short, [Mark::X; 19]);
    assert_eq!(layout.encode(&short), Err(ModelError::CellCount { expected: 20, found: 19 }));
}
