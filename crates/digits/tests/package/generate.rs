//! The pattern generator against the direct check (`Board::outcome`): exhaustively for
//! small shapes, by quickcheck for Connect Four and boards up to 8 × 8.

use gridnote_board::arbitrary::{MARKS, board_with, in_range, shrink_board};
use gridnote_board::{Board, Cell, Player, Rules};
use gridnote_digits::Spanned;
use gridnote_digits::{
    CONNECT_FOUR, CONNECT_FOUR_REGEX, GenerateError, MAX_CELLS, ParseError, Pattern, Spec, Verdict,
    connect_four, generate,
};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use quickcheck_macros::quickcheck;

/// The digit string of a board of empty cells and men.
fn text_of(board: &Board) -> String {
    board
        .cells()
        .iter()
        .map(|cell| match cell.player() {
            None => '0',
            Some(Player::One) => '1',
            Some(Player::Two) => '2',
        })
        .collect()
}

/// Tally of the direct verdicts over boards where at most one player holds a line:
/// [One wins, Two wins, draw, not finished, both hold lines].
type Tally = [usize; 5];

/// Runs `pattern` over every board of its shape, in place (one board, one text buffer),
/// and checks it against the direct check. Returns the tally.
fn exhaustive(spec: Spec) -> Tally {
    let pattern = spec.generate().unwrap();
    let rules = spec.rules();
    let n = spec.cells();
    let mut board = Board::new(spec.rows, spec.cols).unwrap();
    let mut text = vec![b'0'; n];
    let mut tally = [0; 5];
    loop {
        let s = std::str::from_utf8(&text).unwrap();
        let verdict = pattern.verdict(s);
        match Verdict::from(board.outcome(rules)) {
            Verdict::BothHoldLines => {
                // Both hold a line: the pattern names one of them (a real line).
                tally[4] += 1;
                assert!(matches!(verdict, Verdict::Won(_)), "{spec:?} {s}: {verdict}");
            }
            direct => {
                assert_eq!(verdict, direct, "{spec:?} {s} ({})", pattern.as_str());
                tally[match direct {
                    Verdict::Won(Player::One) => 0,
                    Verdict::Won(Player::Two) => 1,
                    Verdict::Draw => 2,
                    _ => 3,
                }] += 1;
            }
        }
        // Next board in base-3 order; done after the last.
        let mut i = n;
        loop {
            if i == 0 {
                return tally;
            }
            i -= 1;
            let (digit, cell) = match text[i] {
                b'0' => (b'1', Cell::ONE),
                b'1' => (b'2', Cell::TWO),
                _ => (b'0', Cell::Empty),
            };
            text[i] = digit;
            board.cells_mut()[i] = cell;
            if digit != b'0' {
                break;
            }
        }
    }
}

#[test]
fn every_shape_of_at_most_9_cells_every_k_both_diagonal_settings() {
    let mut cases = 0;
    let mut boards = 0;
    let specs: Vec<Spec> = (1..=9usize)
        .flat_map(|rows| (1..=9 / rows).map(move |cols| (rows, cols)))
        .flat_map(|(rows, cols)| {
            (1..=rows.max(cols)).flat_map(move |k| {
                [false, true].map(|diagonals| Spec::new(rows, cols, k, diagonals))
            })
        })
        .collect();
    // Two threads: the machine's cores.
    let (left, right) = specs.split_at(specs.len() / 2);
    let results: Vec<(Spec, Tally)> = std::thread::scope(|scope| {
        let a = scope.spawn(|| left.iter().map(|&s| (s, exhaustive(s))).collect::<Vec<_>>());
        let b = right.iter().map(|&s| (s, exhaustive(s))).collect::<Vec<_>>();
        let mut all = a.join().unwrap();
        all.extend(b);
        all
    });
    for (spec, tally) in results {
        cases += 1;
        boards += tally.iter().sum::<usize>();
        assert_eq!(tally.iter().sum::<usize>(), 3usize.pow(spec.cells() as u32), "{spec:?}");
        // Swapping the players maps wins to wins.
        assert_eq!(tally[0], tally[1], "{spec:?}");
        if spec == Spec::TIC_TAC_TOE {
            assert_eq!(tally, [4_123, 4_123, 32, 11_093, 312]);
        }
        if spec == Spec::new(6, 1, 3, false) {
            assert_eq!(tally, [79, 79, 26, 543, 2]);
        }
    }
    // 23 shapes with at most 9 cells; k from 1 to the longer side (108 pairs of shape and
    // k); diagonals off and on. Boards: the sum of 2 · max(rows, cols) · 3^(rows·cols).
    assert_eq!(cases, 216);
    assert_eq!(boards, 1_235_976);
}

#[test]
fn three_by_four_and_four_by_three_with_k_3() {
    let specs = [(3, 4, false), (3, 4, true), (4, 3, false), (4, 3, true)]
        .map(|(rows, cols, diagonals)| Spec::new(rows, cols, 3, diagonals));
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles = specs.map(|s| scope.spawn(move || exhaustive(s)));
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    // Reference numbers from an independent enumeration (a few lines of Python over
    // the same line definition), 3^12 = 531,441 boards each.
    assert_eq!(tallies[0], [116_127, 116_127, 378, 274_951, 23_858]);
    assert_eq!(tallies[1], [142_791, 142_791, 44, 212_109, 33_706]);
    assert_eq!(tallies[2], tallies[0]);
    assert_eq!(tallies[3], tallies[1]);
}

/// A spec with at most 8 × 8 cells (or Connect Four) and a board of its shape where at
/// most one player holds a line.
#[derive(Clone, Debug)]
struct Case {
    spec: Spec,
    board: Board,
}

/// Takes lines away from one player until at most one player holds a line.
fn at_most_one_holder(board: &mut Board, rules: Rules, loser: Player) {
    while board.line_holders(rules) == [true, true] {
        let line = board.lines(rules).into_iter().find(|l| l.player == loser).unwrap();
        let (r, c) = line.start;
        board.set(r, c, Cell::Empty).unwrap();
    }
}

impl Arbitrary for Case {
    fn arbitrary(g: &mut Gen) -> Self {
        let spec = if u8::arbitrary(g) % 3 == 0 {
            CONNECT_FOUR
        } else {
            let rows = in_range(g, 1, 8);
            let cols = in_range(g, 1, 8);
            let k = in_range(g, 1, rows.max(cols));
            Spec::new(rows, cols, k, bool::arbitrary(g))
        };
        // Sparse, mixed and full boards.
        let palettes: [&[Cell]; 3] = [
            &[Cell::Empty, Cell::Empty, Cell::Empty, Cell::ONE, Cell::TWO],
            &MARKS,
            &[Cell::ONE, Cell::TWO],
        ];
        let palette = *g.choose(&palettes).unwrap();
        let mut board = board_with(g, spec.rows, spec.cols, palette);
        let loser = Player::arbitrary(g);
        at_most_one_holder(&mut board, spec.rules(), loser);
        Case { spec, board }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let spec = self.spec;
        Box::new(shrink_board(&self.board).filter_map(move |board| {
            let (rows, cols) = (board.rows(), board.cols());
            let spec = Spec::new(rows, cols, spec.k.min(rows.max(cols)), spec.diagonals);
            (board.line_holders(spec.rules()) != [true, true]).then_some(Case { spec, board })
        }))
    }
}

fn pattern_agrees(Case { spec, board }: Case) -> TestResult {
    let pattern = spec.generate().unwrap();
    let text = text_of(&board);
    let direct = Verdict::from(board.outcome(spec.rules()));
    match pattern.check(&text) {
        Ok(verdict) if verdict == direct => TestResult::passed(),
        other => TestResult::error(format!("{spec:?} {text}: pattern {other:?}, direct {direct}")),
    }
}

#[test]
fn generated_patterns_agree_with_the_direct_check() {
    QuickCheck::new().tests(1_000).quickcheck(pattern_agrees as fn(Case) -> TestResult);
}

/// A Connect Four board (6 × 7) where at most one player holds a line.
#[derive(Clone, Debug)]
struct ConnectFour(Board);

impl Arbitrary for ConnectFour {
    fn arbitrary(g: &mut Gen) -> Self {
        let palettes: [&[Cell]; 3] =
            [&[Cell::Empty, Cell::Empty, Cell::ONE, Cell::TWO], &MARKS, &[Cell::ONE, Cell::TWO]];
        let palette = *g.choose(&palettes).unwrap();
        let mut board = board_with(g, 6, 7, palette);
        at_most_one_holder(&mut board, CONNECT_FOUR.rules(), Player::arbitrary(g));
        ConnectFour(board)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_board(&self.0).filter_map(|board| {
            let keep = (board.rows(), board.cols()) == (6, 7)
                && board.line_holders(CONNECT_FOUR.rules()) != [true, true];
            keep.then_some(ConnectFour(board))
        }))
    }
}

fn connect_four_agrees(ConnectFour(board): ConnectFour) -> bool {
    let direct = Verdict::from(board.outcome(CONNECT_FOUR.rules()));
    connect_four().check(&text_of(&board)) == Ok(direct)
}

#[test]
fn connect_four_agrees_with_the_direct_check() {
    QuickCheck::new().tests(2_000).quickcheck(connect_four_agrees as fn(ConnectFour) -> bool);
}

#[quickcheck]
fn pattern_check_never_panics_on_any_text(rows: u8, cols: u8, text: String) -> bool {
    let rows = usize::from(rows % 8) + 1;
    let cols = usize::from(cols % 8) + 1;
    let pattern = generate(rows, cols, rows.max(cols), true).unwrap();
    let _ = pattern.verdict(&text);
    match pattern.check(&text) {
        Ok(_) => text.len() == rows * cols && text.bytes().all(|b| b"012".contains(&b)),
        Err(err) => text.get(err.span()).is_some(),
    }
}

#[test]
fn pattern_texts() {
    let text = |rows, cols, k, diagonals| generate(rows, cols, k, diagonals).unwrap().to_string();
    assert_eq!(text(1, 1, 1, true), "^(?:(?:(1)|(2))|[12]*$)");
    assert_eq!(text(1, 3, 1, false), "^(?:.*(?:(1)|(2))|[12]*$)");
    assert_eq!(text(1, 4, 4, true), "^(?:(?:(1)111|(2)222)|[12]*$)");
    assert_eq!(text(4, 1, 2, true), "^(?:.*(?:1(1)|2(2))|[12]*$)");
    assert_eq!(text(5, 1, 5, false), "^(?:(?:1{4}(1)|2{4}(2))|[12]*$)");
    assert_eq!(
        text(2, 2, 2, true),
        "^(?:(?:..)*(?:(1)1|(2)2)|.*(?:1.(1)|2.(2))|(?:1..(1)|2..(2))|.(?:1(1)|2(2))|[12]*$)"
    );
    // k longer than one side: only the other direction.
    assert_eq!(text(2, 5, 3, true), "^(?:(?:.{5})*.{0,2}(?:(1)11|(2)22)|[12]*$)");
    assert_eq!(text(5, 2, 3, true), "^(?:.*(?:(?:1.){2}(1)|(?:2.){2}(2))|[12]*$)");
    assert_eq!(text(6, 7, 4, true), CONNECT_FOUR_REGEX);
    assert_eq!(
        CONNECT_FOUR_REGEX,
        r"^(?:(?:.{7})*.{0,3}(?:(1)111|(2)222)|.*(?:(?:1.{6}){3}(1)|(?:2.{6}){3}(2))|(?:.{7})*.{0,3}(?:(?:1.{7}){3}(1)|(?:2.{7}){3}(2))|(?:.{7})*.{3,6}(?:(?:1.{5}){3}(1)|(?:2.{5}){3}(2))|[12]*$)"
    );
    assert_eq!(connect_four().regex().captures_len(), 9);
    assert_eq!(generate(3, 4, 3, false).unwrap().regex().captures_len(), 5);
}

/// The Connect Four pattern's verdict on six rows of seven, checked against the direct
/// verdict.
fn c4(rows: [&str; 6]) -> Verdict {
    let text = rows.concat();
    let board = Board::from_fn(6, 7, |r, c| match text.as_bytes()[r * 7 + c] {
        b'1' => Cell::ONE,
        b'2' => Cell::TWO,
        _ => Cell::Empty,
    })
    .unwrap();
    let verdict = connect_four().check(&text).unwrap();
    assert_eq!(verdict, Verdict::from(board.outcome(CONNECT_FOUR.rules())), "{text}");
    verdict
}

#[test]
fn connect_four_examples() {
    // Player One: four across on the bottom row.
    let across = ["0000000", "0000000", "0000000", "0000000", "2220000", "1111000"];
    assert_eq!(c4(across), Verdict::Won(Player::One));
    // Player Two: four down in column g.
    let down = ["0000000", "0000000", "0000002", "1000002", "1000002", "1100002"];
    assert_eq!(c4(down), Verdict::Won(Player::Two));
    // Player One: a rising diagonal from a1 to d4.
    let rising = ["0000000", "0000000", "0001000", "0012000", "0122000", "1221000"];
    assert_eq!(c4(rising), Verdict::Won(Player::One));
    // Player Two: a falling diagonal from d6 to g3.
    let falling = ["0002000", "0002200", "0001120", "0001112", "0001221", "0012211"];
    assert_eq!(c4(falling), Verdict::Won(Player::Two));
    // Three in a row is not a line, and a run may not wrap from one row into the next.
    let wrap = ["0000000", "0000000", "0000000", "0000000", "0000111", "1000000"];
    assert_eq!(c4(wrap), Verdict::NotFinished);
    // Nor may a diagonal wrap: 1s at g2, a1... are not on one diagonal.
    let diagonal_wrap = ["0000000", "0000000", "0000001", "1000000", "0100000", "0010000"];
    assert_eq!(c4(diagonal_wrap), Verdict::NotFinished);
    // A full board with no four in a row (pairs of columns alternate): a draw.
    let draw = ["1122112", "2211221", "1122112", "2211221", "1122112", "2211221"];
    assert_eq!(c4(draw), Verdict::Draw);
    // No gravity rule: a floating piece is fine.
    let floating = ["1000000", "0000000", "0000000", "0000000", "0000000", "0000000"];
    assert_eq!(c4(floating), Verdict::NotFinished);
    // Syntax first.
    assert_eq!(
        connect_four().check("000000000"),
        Err(ParseError::Length { expected: 42, found: 9, span: 9..9 })
    );
}

#[test]
fn bounds_are_enforced() {
    assert_eq!(generate(0, 3, 3, true).unwrap_err(), GenerateError::Side { rows: 0, cols: 3 });
    assert_eq!(
        generate(1, 256, 3, true).unwrap_err().to_string(),
        "a 1x256 board is out of range: each side must be 1 to 255"
    );
    assert_eq!(
        generate(33, 32, 4, true).unwrap_err(),
        GenerateError::TooManyCells { rows: 33, cols: 32 }
    );
    assert_eq!(
        generate(255, 255, 4, true).unwrap_err().to_string(),
        "a 255x255 board has 65025 cells: patterns are generated for at most 1024"
    );
    assert_eq!(
        generate(3, 3, 0, true).unwrap_err().to_string(),
        "a line of 0 does not fit a 3x3 board: k must be 1 to 3"
    );
    assert_eq!(
        generate(2, 5, 6, false).unwrap_err(),
        GenerateError::LineLength { k: 6, rows: 2, cols: 5 }
    );
    assert_eq!(MAX_CELLS, 1024);
}

#[test]
fn the_largest_shapes_compile_and_classify() {
    // At the bound: the longest lines in every direction.
    for (rows, cols, k) in [
        (32, 32, 32),
        (32, 32, 2),
        (4, 255, 255),
        (255, 4, 255),
        (4, 255, 4),
        (8, 128, 8),
        (128, 8, 8),
        (128, 8, 128),
    ] {
        let pattern: Pattern = generate(rows, cols, k, true).unwrap();
        let n = rows * cols;
        let empty = "0".repeat(n);
        assert_eq!(pattern.check(&empty), Ok(Verdict::NotFinished), "{rows}x{cols}");
        // Player Two's line along the last row or column, whichever fits k.
        let mut board = Board::new(rows, cols).unwrap();
        for i in 0..k {
            let (r, c) =
                if k <= cols { (rows - 1, cols - 1 - i) } else { (rows - 1 - i, cols - 1) };
            board.set(r, c, Cell::TWO).unwrap();
        }
        let text = text_of(&board);
        assert_eq!(pattern.check(&text), Ok(Verdict::Won(Player::Two)), "{rows}x{cols}");
    }
}

#[test]
fn the_random_cases_cover_every_verdict() {
    // The property tests above are only as good as their cases: they must reach wins for
    // both players, draws and unfinished boards, on Connect Four too.
    let mut g = Gen::new(64);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..500 {
        let Case { spec, board } = Case::arbitrary(&mut g);
        seen.insert(Verdict::from(board.outcome(spec.rules())));
        let ConnectFour(board) = ConnectFour::arbitrary(&mut g);
        seen.insert(Verdict::from(board.outcome(CONNECT_FOUR.rules())));
    }
    for verdict in
        [Verdict::Won(Player::One), Verdict::Won(Player::Two), Verdict::Draw, Verdict::NotFinished]
    {
        assert!(seen.contains(&verdict), "{verdict}");
    }
    assert!(!seen.contains(&Verdict::BothHoldLines));
}
