//! The solver under gomoku's rule sets (exact five, caro, renju) against a plain memoised
//! minimax over gridnote-board's own play (`Position::moves`, `Position::play`,
//! `Position::outcome`, which know nothing of the solver's bit sets): every reachable
//! position of small boards, and random positions of boards where k = 4 and 5 make
//! overlines, blocked fives and renju's forbidden points happen.

use std::collections::HashMap;

use gridnote_solve::Solver;
use gridnote_solve::board::{Cell, Gomoku, Outcome, Player, Position, Rules};

mod common;
use common::{Random, as_pair, reachable, reference};

/// The value and (for a win or a loss) the distance: a draw's length is the board's.
fn decided(pair: (i32, usize)) -> (i32, Option<usize>) {
    (pair.0, (pair.0 != 0).then_some(pair.1))
}

/// Checks the solver on `pos`: its value and distance, and its best moves against the
/// reference's (every legal move whose child has the best value).
fn agree(
    solver: &mut Solver,
    pos: &Position,
    rules: Rules,
    memo: &mut HashMap<Position, (i32, usize)>,
) -> i32 {
    let solution = solver.solve(pos, rules).unwrap();
    let expected = reference(pos, rules, memo);
    assert_eq!(decided(as_pair(&solution)), decided(expected), "{pos:?} {rules}");
    if pos.outcome(rules) == Outcome::InProgress {
        let mut keepers = Vec::new();
        for (r, c) in pos.moves(rules) {
            let (v, d) = reference(&pos.play(r, c, rules).unwrap(), rules, memo);
            if decided((-v, d + 1)) == decided(expected) {
                keepers.push(pos.board.cell_name(r, c));
            }
        }
        keepers.sort_by_key(|n| (n.file, n.rank));
        assert_eq!(solution.best, keepers, "{pos:?} {rules}");
    }
    expected.0
}

#[test]
fn every_small_position_under_exact_caro_and_renju() {
    for (rows, cols) in [(3, 4), (2, 5)] {
        for gomoku in [Gomoku::Exact, Gomoku::Caro, Gomoku::Renju] {
            for misere in [false, true] {
                let rules = Rules::TOMORROWS.with_gomoku(gomoku).with_misere(misere);
                let mut memo = HashMap::new();
                let mut solver = Solver::new();
                let mut counts = [0usize; 3];
                for pos in reachable(rows, cols, rules) {
                    counts[(agree(&mut solver, &pos, rules, &mut memo) + 1) as usize] += 1;
                }
                assert!(counts.iter().all(|&n| n > 0), "{rows}x{cols} {rules}: {counts:?}");
            }
        }
    }
}

/// `count` positions in progress with at most `empties` empty cells, each reached by
/// random play under `rules` from the empty board, favouring the cells next to black's
/// stones so that black's shapes (and renju's forbidden points) are common.
fn random_positions(
    rows: usize,
    cols: usize,
    empties: usize,
    rules: Rules,
    count: usize,
    seed: u64,
) -> Vec<Position> {
    let mut random = Random(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::start(rows, cols).unwrap();
        while pos.outcome(rules) == Outcome::InProgress {
            if pos.board.counts().empty <= empties {
                out.push(pos.clone());
                break;
            }
            let mut moves = pos.moves(rules);
            if pos.to_move == Player::One && random.below(4) > 0 {
                let near = |&(r, c): &(usize, usize)| {
                    (r.saturating_sub(1)..=r + 1).any(|nr| {
                        (c.saturating_sub(1)..=c + 1)
                            .any(|nc| pos.board.get(nr, nc).is_some_and(|cell| cell == Cell::ONE))
                    })
                };
                let close: Vec<(usize, usize)> = moves.iter().copied().filter(near).collect();
                if !close.is_empty() {
                    moves = close;
                }
            }
            let (r, c) = moves[random.below(moves.len())];
            pos = pos.play(r, c, rules).unwrap();
        }
    }
    out
}

#[test]
fn random_positions_with_long_lines_agree_with_minimax() {
    let mut forbidden_seen = 0;
    let mut values = [0usize; 3];
    for (rows, cols, k, empties) in [(5, 5, 4, 10), (4, 6, 4, 10), (6, 6, 5, 10), (5, 7, 5, 10)] {
        for (i, gomoku) in [Gomoku::Exact, Gomoku::Caro, Gomoku::Renju].into_iter().enumerate() {
            let rules = Rules::GOMOKU.with_in_a_row(k).with_gomoku(gomoku);
            let mut memo = HashMap::new();
            let mut solver = Solver::with_table_bytes(1 << 20);
            let seed = (rows * 100 + cols * 10 + k) as u64 * 31 + i as u64;
            for pos in random_positions(rows, cols, empties, rules, 25, seed) {
                forbidden_seen += pos.board.forbidden_points(rules).len();
                values[(agree(&mut solver, &pos, rules, &mut memo) + 1) as usize] += 1;
            }
        }
    }
    // The positions do exercise what they are for (30 forbidden points; 39 losses, 83
    // draws and 178 wins for the side to move).
    assert!(forbidden_seen >= 20 && values.iter().all(|&n| n >= 20), "{forbidden_seen} {values:?}");
}

#[test]
fn the_engine_plays_only_legal_moves_under_renju() {
    use std::time::{Duration, Instant};
    let rules = Rules::RENJU.with_in_a_row(4);
    let mut solver = Solver::new();
    let mut forbidden = 0;
    for pos in random_positions(5, 5, 12, rules, 40, 7) {
        forbidden += pos.board.forbidden_points(rules).len();
        let thought =
            solver.think(&pos, rules, Instant::now() + Duration::from_millis(20)).unwrap();
        assert!(pos.play(thought.row, thought.col, rules).is_ok(), "{pos:?} {thought:?}");
    }
    assert!(forbidden >= 5, "{forbidden}");
}

#[test]
fn the_big_board_engine_plays_only_legal_moves_under_renju() {
    use std::time::{Duration, Instant};
    let rules = Rules::RENJU;
    let mut forbidden = 0;
    // Black to move with many stones on the board, shapes near black's stones favoured.
    let positions: Vec<Position> = random_positions(15, 15, 181, rules, 12, 11)
        .into_iter()
        .filter(|pos| pos.to_move == Player::One)
        .take(12)
        .collect();
    assert_eq!(positions.len(), 12);
    for pos in positions {
        forbidden += pos.board.forbidden_points(rules).len();
        let mut solver = Solver::new();
        let thought =
            solver.think(&pos, rules, Instant::now() + Duration::from_millis(100)).unwrap();
        assert!(pos.play(thought.row, thought.col, rules).is_ok(), "{pos:?} {thought:?}");
    }
    assert!(forbidden >= 3, "{forbidden}");
}
