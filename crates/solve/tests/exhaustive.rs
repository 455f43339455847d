//! Exhaustive checks on 3×3 (every legal position, normal and misère) against a plain
//! memoised minimax, and known values.

use std::collections::{HashMap, HashSet};

use gridnote_solve::board::{Board, Outcome, Player, Position, Rules};
use gridnote_solve::{Solution, Solver, Value, solve};

/// Every position reachable from the empty `rows × cols` board under `rules`.
fn reachable(rows: usize, cols: usize, rules: Rules) -> Vec<Position> {
    let start = Position::start(rows, cols).unwrap();
    let mut seen = HashSet::new();
    let mut stack = vec![start.clone()];
    seen.insert(start);
    let mut out = Vec::new();
    while let Some(pos) = stack.pop() {
        for (r, c) in pos.moves(rules) {
            let next = pos.play(r, c, rules).unwrap();
            if seen.insert(next.clone()) {
                stack.push(next);
            }
        }
        out.push(pos);
    }
    out
}

/// (value for the side to move, plies to the end) by plain minimax: +1 win, -1 loss.
fn reference(
    pos: &Position,
    rules: Rules,
    memo: &mut HashMap<Position, (i32, usize)>,
) -> (i32, usize) {
    if let Some(&known) = memo.get(pos) {
        return known;
    }
    let result = match pos.outcome(rules) {
        Outcome::Won(p) => (if p == pos.to_move { 1 } else { -1 }, 0),
        Outcome::Drawn | Outcome::Contested => (0, 0),
        Outcome::InProgress => {
            let mut best: Option<(i32, usize)> = None;
            for (r, c) in pos.moves(rules) {
                let (v, d) = reference(&pos.play(r, c, rules).unwrap(), rules, memo);
                let candidate = (-v, d + 1);
                if best.is_none_or(|b| better(candidate, b)) {
                    best = Some(candidate);
                }
            }
            best.expect("a game in progress has a move")
        }
    };
    memo.insert(pos.clone(), result);
    result
}

/// Whether `a` is better than `b` for the mover: higher value; among wins fewer plies;
/// among losses more.
fn better(a: (i32, usize), b: (i32, usize)) -> bool {
    if a.0 != b.0 {
        return a.0 > b.0;
    }
    match a.0 {
        1 => a.1 < b.1,
        -1 => a.1 > b.1,
        _ => false,
    }
}

fn as_pair(solution: &Solution) -> (i32, usize) {
    let v = match solution.value {
        Value::Win => 1,
        Value::Loss => -1,
        Value::Draw => 0,
    };
    (v, solution.plies)
}

fn check_every_3x3_position(rules: Rules) {
    let positions = reachable(3, 3, rules);
    assert_eq!(positions.len(), 5478);
    let mut memo = HashMap::new();
    let mut solver = Solver::new();
    let mut counts = [0usize; 3];
    for pos in &positions {
        assert!(pos.is_legal(rules), "{pos:?}");
        let solution = solver.solve(pos, rules).unwrap();
        let expected = reference(pos, rules, &mut memo);
        assert_eq!(as_pair(&solution), expected, "{pos:?} {rules}");
        counts[(expected.0 + 1) as usize] += 1;
        // Finished positions: the outcome decides.
        match pos.outcome(rules) {
            Outcome::InProgress => assert!(!solution.best.is_empty()),
            Outcome::Won(p) => {
                assert_eq!((solution.winner(), solution.plies), (Some(p), 0));
                assert!(solution.best.is_empty());
            }
            _ => assert_eq!((solution.value, solution.plies), (Value::Draw, 0)),
        }
        // Negamax over the children: the best moves are exactly those whose child
        // (solved by the solver itself) gives the value and distance.
        let mut best = None;
        let mut keepers = Vec::new();
        for (r, c) in pos.moves(rules) {
            let child = solver.solve(&pos.play(r, c, rules).unwrap(), rules).unwrap();
            let (v, d) = as_pair(&child);
            let candidate = (-v, d + 1);
            if best.is_none_or(|b| better(candidate, b)) {
                best = Some(candidate);
                keepers.clear();
            }
            if best == Some(candidate) {
                keepers.push(pos.board.cell_name(r, c));
            }
        }
        if let Some(best) = best {
            assert_eq!(as_pair(&solution), best, "{pos:?}");
            keepers.sort_by_key(|n| (n.file, n.rank));
            assert_eq!(solution.best, keepers, "{pos:?} {rules}");
        }
    }
    eprintln!("{rules}: losses, draws, wins = {counts:?}");
}

#[test]
fn every_legal_3x3_position_normal() {
    check_every_3x3_position(Rules::TIC_TAC_TOE);
}

#[test]
fn every_legal_3x3_position_misere() {
    check_every_3x3_position(Rules::TIC_TAC_TOE.with_misere(true));
}

#[test]
fn every_3x4_position_under_tomorrows_four_rule_sets_agrees_with_minimax() {
    for misere in [false, true] {
        for diagonals in [false, true] {
            let rules = Rules::TOMORROWS.with_misere(misere).with_diagonals(diagonals);
            let mut memo = HashMap::new();
            let mut solver = Solver::new();
            for pos in reachable(3, 4, rules) {
                let solution = solver.solve(&pos, rules).unwrap();
                assert_eq!(
                    as_pair(&solution),
                    reference(&pos, rules, &mut memo),
                    "{pos:?} {rules}"
                );
            }
        }
    }
}

#[test]
fn the_empty_3x3_board_is_a_draw_in_9_plies() {
    let start = Position::start(3, 3).unwrap();
    let normal = solve(&start, Rules::TIC_TAC_TOE).unwrap();
    // Every first move keeps the draw, and a draw always lasts until the board is full.
    assert_eq!(normal.to_string(), "draw in 9 plies; best: a1 a2 a3 b1 b2 b3 c1 c2 c3");
    let misere = solve(&start, Rules::TIC_TAC_TOE.with_misere(true)).unwrap();
    assert_eq!(misere.to_string(), "draw in 9 plies; best: b2");
}

#[test]
fn tomorrows_3x4_under_the_four_rule_sets() {
    let start = Position::start(3, 4).unwrap();
    let mut lines = Vec::new();
    for misere in [false, true] {
        for diagonals in [false, true] {
            let rules = Rules::TOMORROWS.with_misere(misere).with_diagonals(diagonals);
            lines.push(format!("{rules}: {}", solve(&start, rules).unwrap()));
        }
    }
    assert_eq!(
        lines,
        [
            "tomorrows: x wins in 7 plies; best: b1 b2 b3 c1 c2 c3",
            "tic-tac-toe: x wins in 7 plies; best: b1 b2 b3 c1 c2 c3",
            "tomorrows+misere: draw in 12 plies; best: a1 a2 a3 b1 b2 b3 c1 c2 c3 d1 d2 d3",
            "tic-tac-toe+misere: o wins in 11 plies; best: a1 a2 a3 b1 b2 b3 c1 c2 c3 d1 d2 d3",
        ]
    );
}

#[test]
fn illegal_positions_are_refused_with_their_problems() {
    let board = Board::from_cells(
        3,
        3,
        [[1, 1, 1], [2, 2, 2], [0, 0, 0]]
            .concat()
            .into_iter()
            .map(|d| match d {
                1 => gridnote_solve::board::Cell::ONE,
                2 => gridnote_solve::board::Cell::TWO,
                _ => gridnote_solve::board::Cell::Empty,
            })
            .collect(),
    )
    .unwrap();
    let err = solve(&Position::new(board, Player::One), Rules::TIC_TAC_TOE).unwrap_err();
    assert_eq!(err.to_string(), "illegal position: both players hold a line");
}
