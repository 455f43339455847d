//! Play versus the static legality check: every position reached by play from the
//! empty board is exactly the set of boards the check accepts.

use std::collections::HashSet;

use gridnote_board::{Board, Cell, Gomoku, Outcome, Player, Position, Rules};

/// Base-3 index of a board of marks (0 empty, 1 One, 2 Two).
fn index(board: &Board) -> usize {
    board.cells().iter().fold(0, |acc, c| {
        acc * 3
            + match c.player() {
                None => 0,
                Some(Player::One) => 1,
                Some(Player::Two) => 2,
            }
    })
}

fn board_of(rows: usize, cols: usize, mut index: usize) -> Board {
    let n = rows * cols;
    let mut cells = vec![Cell::Empty; n];
    for i in (0..n).rev() {
        cells[i] = [Cell::Empty, Cell::ONE, Cell::TWO][index % 3];
        index /= 3;
    }
    Board::from_cells(rows, cols, cells).unwrap()
}

/// Every position reachable by play, found with a visited set (depth-first).
fn reachable(rows: usize, cols: usize, rules: Rules) -> Vec<bool> {
    let mut seen = vec![false; 3usize.pow((rows * cols) as u32)];
    let start = Position::start(rows, cols).unwrap();
    seen[index(&start.board)] = true;
    let mut stack = vec![start];
    while let Some(pos) = stack.pop() {
        for (r, c) in pos.moves(rules) {
            let next = pos.play(r, c, rules).unwrap();
            let i = index(&next.board);
            if !seen[i] {
                seen[i] = true;
                stack.push(next);
            }
        }
    }
    seen
}

/// Asserts play and the static check agree on every board of the shape; returns the
/// number of legal positions.
fn agree(rows: usize, cols: usize, rules: Rules) -> usize {
    let reached = reachable(rows, cols, rules);
    let mut legal = 0;
    for (i, &was_reached) in reached.iter().enumerate() {
        let board = board_of(rows, cols, i);
        let problems = board.problems(rules, None);
        assert_eq!(
            problems.is_empty(),
            was_reached,
            "{rows}x{cols} {rules}: board {board:?} reached={was_reached} problems={problems:?}"
        );
        if was_reached {
            legal += 1;
            // With the side to move the counts imply, the position check agrees too.
            let pos = Position::try_from(board).unwrap();
            assert!(pos.is_legal(rules));
            let wrong = Position::new(pos.board.clone(), pos.to_move.other());
            assert!(!wrong.is_legal(rules));
        }
    }
    legal
}

/// Terminal positions reached by play: [won by One, won by Two, drawn].
fn terminal(rows: usize, cols: usize, rules: Rules) -> [usize; 3] {
    let reached = reachable(rows, cols, rules);
    let mut out = [0; 3];
    for i in (0..reached.len()).filter(|&i| reached[i]) {
        match board_of(rows, cols, i).outcome(rules) {
            Outcome::Won(Player::One) => out[0] += 1,
            Outcome::Won(Player::Two) => out[1] += 1,
            Outcome::Drawn => out[2] += 1,
            _ => {}
        }
    }
    out
}

#[test]
fn tic_tac_toe_positions_match_play() {
    let rules = Rules::TIC_TAC_TOE;
    assert_eq!(agree(3, 3, rules), 5478);

    let reached = reachable(3, 3, rules);
    let boards: Vec<Board> =
        (0..reached.len()).filter(|&i| reached[i]).map(|i| board_of(3, 3, i)).collect();
    let classes: HashSet<Board> = boards.iter().map(|b| b.canonical().0).collect();
    assert_eq!(classes.len(), 765);

    let outcomes: Vec<Outcome> = boards.iter().map(|b| b.outcome(rules)).collect();
    let count = |o: Outcome| outcomes.iter().filter(|&&x| x == o).count();
    assert_eq!(outcomes.iter().filter(|o| o.is_over()).count(), 958);
    assert_eq!(count(Outcome::Won(Player::One)), 626);
    assert_eq!(count(Outcome::Won(Player::Two)), 316);
    assert_eq!(count(Outcome::Drawn), 16);
    assert_eq!(count(Outcome::Contested), 0);
}

#[test]
fn tomorrows_positions_match_play_under_all_four_rule_sets() {
    // The counts are recorded in docs/board.md.
    let normal = Rules::TOMORROWS;
    let counts = [
        agree(3, 4, normal),
        agree(3, 4, normal.with_misere(true)),
        agree(3, 4, normal.with_diagonals(true)),
        agree(3, 4, normal.with_misere(true).with_diagonals(true)),
    ];
    assert_eq!(counts, [120_769, 120_769, 111_973, 111_973]);
    // Misère changes who wins, not where the game stops: the same positions are reached.
    for (rules, expected) in [
        (normal, [15_558, 9_030, 186]),
        (normal.with_misere(true), [9_030, 15_558, 186]),
        (normal.with_diagonals(true), [20_312, 12_070, 28]),
        (normal.with_misere(true).with_diagonals(true), [12_070, 20_312, 28]),
    ] {
        assert_eq!(terminal(3, 4, rules), expected, "{rules}");
    }
}

#[test]
fn play_stops_at_lines_and_full_boards() {
    let rules = Rules::TIC_TAC_TOE;
    let mut pos = Position::start(3, 3).unwrap();
    for name in ["a1", "a2", "b1", "b2", "c1"] {
        pos = pos.play_name(name, rules).unwrap();
    }
    assert_eq!(pos.outcome(rules), Outcome::Won(Player::One));
    assert!(pos.moves(rules).is_empty());
    assert_eq!(
        pos.play_name("c3", rules).unwrap_err().to_string(),
        "the game is over (won by Player One)"
    );
    assert_eq!(pos.play_name("a1", rules).unwrap_err().to_string(), "a1 is already taken");
    assert_eq!(pos.play_name("d1", rules).unwrap_err().to_string(), "cell d1 is off the 3x3 board");
    assert_eq!(
        pos.play(3, 0, rules).unwrap_err().to_string(),
        "row 3, column 0 is off the 3x3 board"
    );
    let mut holey = Position::start(1, 3).unwrap();
    holey.board.set(0, 1, Cell::Void).unwrap();
    assert_eq!(holey.play(0, 1, rules).unwrap_err().to_string(), "b1 is not a playable cell");
}

fn board(rows: &[&str]) -> Board {
    let cells: Vec<Cell> = rows
        .iter()
        .flat_map(|r| r.chars())
        .map(|ch| match ch {
            'x' => Cell::ONE,
            'o' => Cell::TWO,
            'k' => Cell::TWO_KING,
            '.' => Cell::Void,
            _ => Cell::Empty,
        })
        .collect();
    Board::from_cells(rows.len(), rows[0].len(), cells).unwrap()
}

#[test]
fn each_problem_is_named() {
    use gridnote_board::Problem::*;
    let rules = Rules::TIC_TAC_TOE;
    let names = |b: &Board, to_move| b.problems(rules, to_move).iter().collect::<Vec<_>>();
    // Two disjoint lines for x: no single move made both.
    let two_lines = board(&["xxx_", "oo_o", "xxx_", "o_o_"]);
    assert_eq!(names(&two_lines, Some(Player::Two)), [NotOneLastMove]);
    // x holds a line but o moved last (equal counts).
    assert_eq!(names(&board(&["xxx", "oo_", "o__"]), Some(Player::One)), [LineNotByLastMover]);
    // o holds a line but x moved last; the side given disagrees with the counts too.
    assert_eq!(
        names(&board(&["ooo", "xx_", "xx_"]), Some(Player::One)),
        [WrongSideToMove, LineNotByLastMover]
    );
    assert_eq!(names(&board(&["xx_", "___", "___"]), None), [TooManyOne]);
    assert_eq!(names(&board(&["o__", "___", "___"]), None), [TooManyTwo]);
    assert_eq!(names(&board(&["xk_", "___", "___"]), Some(Player::One)), [King]);
    assert_eq!(names(&board(&["xxx", "ooo", "x_o"]), None), [BothHaveLines]);
    // Four in a row: the middle pieces lie on both windows, so one move made it.
    assert_eq!(names(&board(&["xxxx", "oo_o", "____", "____"]), Some(Player::Two)), []);
    assert_eq!(
        names(&board(&["xxxx", "ooo_", "____", "____"]), Some(Player::Two)),
        [BothHaveLines]
    );
    // o completed the line on the last move: legal.
    assert_eq!(names(&board(&["xx_x", "ooo_", "____", "____"]), Some(Player::One)), []);
    // Void cells are outside the game: they neither count nor form lines.
    assert!(board(&["x.x", "o.o", "..."]).problems(rules, Some(Player::One)).is_empty());
}

#[test]
fn exact_and_caro_positions_match_play() {
    // Three in a row: on 3×4 a run of four across is an overline (no line when exactly k
    // must be made); on 2×5 a three can be closed at both ends (no caro line). The static
    // check stays exact: it accepts exactly the positions play reaches.
    let exact = Rules::TOMORROWS.with_gomoku(Gomoku::Exact);
    assert_eq!(agree(3, 4, exact), 121_861);
    assert_eq!(terminal(3, 4, exact), [14_718, 8_940, 234]);
    assert_eq!(agree(3, 4, exact.with_diagonals(true)), 113_081);
    assert_eq!(terminal(3, 4, exact.with_diagonals(true)), [19_544, 11_980, 68]);
    // Freestyle on 2×5 for comparison.
    assert_eq!(agree(2, 5, Rules::TOMORROWS), 15_983);
    assert_eq!(terminal(2, 5, Rules::TOMORROWS), [1_212, 660, 100]);
    assert_eq!(agree(2, 5, exact), 16_089);
    assert_eq!(terminal(2, 5, exact), [1_090, 652, 118]);
    let caro = Rules::TOMORROWS.with_gomoku(Gomoku::Caro);
    assert_eq!(agree(2, 5, caro), 16_133);
    assert_eq!(terminal(2, 5, caro), [1_122, 580, 130]);
}
