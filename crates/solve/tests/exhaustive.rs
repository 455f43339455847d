//! Exhaustive checks on 3×3 (every legal position, normal and misère) against a plain
//! memoised minimax, and known values.

use std::collections::{HashMap, HashSet};

use gridnote_solve::board::{Board, Outcome, Player, Position, Rules};
use gridnote_solve::{Solver, Value, solve};

mod common;
use common::{as_pair, better, reachable, reference};

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

/// Every reachable position of `board`'s shape and voids under `rules`, solved by the
/// solver (with a table of `bytes`) and by plain minimax.
fn agree_on(board: &Board, rules: Rules, bytes: usize) -> usize {
    let start = Position::new(board.clone(), Player::One);
    let mut seen = HashSet::new();
    let mut stack = vec![start.clone()];
    seen.insert(start);
    let mut memo = HashMap::new();
    let mut solver = Solver::with_table_bytes(bytes);
    let mut count = 0;
    while let Some(pos) = stack.pop() {
        let solution = solver.solve(&pos, rules).unwrap();
        assert_eq!(as_pair(&solution), reference(&pos, rules, &mut memo), "{pos:?} {rules}");
        count += 1;
        for (r, c) in pos.moves(rules) {
            let next = pos.play(r, c, rules).unwrap();
            if seen.insert(next.clone()) {
                stack.push(next);
            }
        }
    }
    count
}

#[test]
fn boards_with_void_cells_agree_with_minimax() {
    use gridnote_solve::board::Cell;
    // Deterministic layouts: every 3x3 void pattern whose number is 1 mod 37, and a few
    // rectangles; k from 2 to 3, normal and misère, diagonals or not.
    let mut boards = Vec::new();
    for pattern in (1u32..512).filter(|p| p % 37 == 1) {
        let cells = (0..9).map(|i| if pattern >> i & 1 == 1 { Cell::Void } else { Cell::Empty });
        boards.push(Board::from_cells(3, 3, cells.collect()).unwrap());
    }
    let t3en_like = [(2, 4, 0b1000_0001u32), (4, 3, 0b0100_0000_0010), (2, 2, 0)];
    for (rows, cols, pattern) in t3en_like {
        let cells =
            (0..rows * cols).map(|i| if pattern >> i & 1 == 1 { Cell::Void } else { Cell::Empty });
        boards.push(Board::from_cells(rows, cols, cells.collect()).unwrap());
    }
    let mut positions = 0;
    for board in &boards {
        for k in [2, 3] {
            for (misere, diagonals) in [(false, true), (true, true), (false, false), (true, false)]
            {
                let rules = Rules::TIC_TAC_TOE
                    .with_in_a_row(k)
                    .with_misere(misere)
                    .with_diagonals(diagonals);
                positions += agree_on(board, rules, 1 << 20);
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
}

#[test]
fn any_line_length_and_a_tiny_table_agree_with_minimax() {
    let board = Board::new(3, 3).unwrap();
    for k in [0, 1, 4] {
        agree_on(&board, Rules::TIC_TAC_TOE.with_in_a_row(k), 1 << 20);
    }
    // A table of one bucket (the smallest there is) only makes the search slower.
    for misere in [false, true] {
        agree_on(&board, Rules::TIC_TAC_TOE.with_misere(misere), 0);
    }
}

#[test]
fn k_1_is_won_by_the_first_move_and_long_lines_are_draws() {
    let start = Position::start(2, 2).unwrap();
    let one = solve(&start, Rules::TIC_TAC_TOE.with_in_a_row(1)).unwrap();
    assert_eq!(one.to_string(), "x wins in 1 plies; best: a1 a2 b1 b2");
    let five = solve(&start, Rules::TIC_TAC_TOE.with_in_a_row(5)).unwrap();
    assert_eq!(five.to_string(), "draw in 4 plies; best: a1 a2 b1 b2");
}

#[test]
fn boards_over_128_cells_are_refused_and_still_get_a_move() {
    use std::time::{Duration, Instant};
    let start = Position::start(12, 11).unwrap();
    let err = solve(&start, Rules::TIC_TAC_TOE).unwrap_err();
    assert_eq!(err.to_string(), "a board of 132 cells is too large to solve (at most 128)");
    let mut solver = Solver::new();
    let deadline = Instant::now() + Duration::from_millis(50);
    let thought = solver.think(&start, Rules::TIC_TAC_TOE.with_in_a_row(5), deadline).unwrap();
    assert_eq!((thought.row, thought.col), (5, 5));
    assert_eq!(thought.kind, gridnote_solve::ThoughtKind::RuleOfThumb);
}

#[test]
fn think_always_answers_an_empty_cell_and_solves_when_it_can() {
    use std::time::{Duration, Instant};
    let rules = Rules::TIC_TAC_TOE;
    let mut solver = Solver::new();
    let mut checked = 0;
    for pos in reachable(3, 3, rules) {
        if pos.outcome(rules).is_over() {
            assert_eq!(
                solver.think(&pos, rules, Instant::now()),
                Err(gridnote_solve::SolveError::Finished)
            );
            continue;
        }
        // No time at all: a rule of thumb, still an empty cell.
        let quick = solver.think(&pos, rules, Instant::now()).unwrap();
        assert_eq!(pos.board.get(quick.row, quick.col), Some(gridnote_solve::board::Cell::Empty));
        // Time enough: a best move of the full solve.
        let deadline = Instant::now() + Duration::from_secs(5);
        let thought = solver.think(&pos, rules, deadline).unwrap();
        let solution = solver.solve(&pos, rules).unwrap();
        assert!(solution.best.contains(&pos.board.cell_name(thought.row, thought.col)));
        assert_eq!(thought.kind, gridnote_solve::ThoughtKind::Solved(solution.value));
        checked += 1;
    }
    assert_eq!(checked, 4520);
}

#[test]
fn boards_of_65_to_128_cells_are_solved_with_wide_sets() {
    use std::time::{Duration, Instant};
    let start = Position::start(9, 9).unwrap();
    let two = solve(&start, Rules::TIC_TAC_TOE.with_in_a_row(2)).unwrap();
    assert_eq!((two.value, two.plies, two.best.len()), (Value::Win, 3, 81));
    let ten = solve(&start, Rules::TIC_TAC_TOE.with_in_a_row(10)).unwrap();
    assert_eq!((ten.value, ten.plies), (Value::Draw, 81));
    // Engine moves: solved on 9x9 with two in a row; on 11x11 with five, whatever the
    // time allows, always an empty cell.
    let mut solver = Solver::new();
    let deadline = Instant::now() + Duration::from_secs(5);
    let thought = solver.think(&start, Rules::TIC_TAC_TOE.with_in_a_row(2), deadline).unwrap();
    assert_eq!(thought.kind, gridnote_solve::ThoughtKind::Solved(Value::Win));
    let start = Position::start(11, 11).unwrap();
    let deadline = Instant::now() + Duration::from_millis(100);
    let thought = solver.think(&start, Rules::TIC_TAC_TOE.with_in_a_row(5), deadline).unwrap();
    assert_eq!(start.board.get(thought.row, thought.col), Some(gridnote_solve::board::Cell::Empty));
}

/// Plays `think` (as `engine`) against a pseudo-random player from the empty board and
/// returns the outcome.
fn match_against_random(
    solver: &mut Solver,
    rows: usize,
    cols: usize,
    rules: Rules,
    engine: Player,
    seed: u64,
) -> Outcome {
    use std::time::{Duration, Instant};
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut pos = Position::start(rows, cols).unwrap();
    while !pos.outcome(rules).is_over() {
        let (r, c) = if pos.to_move == engine {
            let deadline = Instant::now() + Duration::from_secs(10);
            let thought = solver.think(&pos, rules, deadline).unwrap();
            (thought.row, thought.col)
        } else {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let moves = pos.moves(rules);
            moves[(state % moves.len() as u64) as usize]
        };
        pos = pos.play(r, c, rules).unwrap();
    }
    pos.outcome(rules)
}

#[test]
fn the_engine_wins_won_games_and_holds_drawn_ones_against_random_play() {
    let mut solver = Solver::new();
    let k3 = Rules::TIC_TAC_TOE.with_in_a_row(3);
    for seed in 0..100 {
        // 4x4, k = 3: a first-player win, always won.
        assert_eq!(
            match_against_random(&mut solver, 4, 4, k3, Player::One, seed),
            Outcome::Won(Player::One),
            "seed {seed}"
        );
        // 3x3 as either side: never lost.
        for engine in Player::BOTH {
            let outcome = match_against_random(&mut solver, 3, 3, Rules::TIC_TAC_TOE, engine, seed);
            assert_ne!(outcome, Outcome::Won(engine.other()), "seed {seed}");
        }
        // Misère 3x3 as the first player (a draw with b2): never lost.
        let misere = Rules::TIC_TAC_TOE.with_misere(true);
        let outcome = match_against_random(&mut solver, 3, 3, misere, Player::One, seed);
        assert_ne!(outcome, Outcome::Won(Player::Two), "seed {seed}");
    }
}

#[test]
fn a_time_limit_changes_nothing_when_it_is_not_reached_and_says_so_when_it_is() {
    use std::time::{Duration, Instant};

    use gridnote_solve::{Proved, SolveError};
    let k3 = Rules::TIC_TAC_TOE;
    let start = Position::start(4, 4).unwrap();
    let later = Instant::now() + Duration::from_secs(3600);
    assert_eq!(Solver::new().solve_by(&start, k3, later), Solver::new().solve(&start, k3));
    // The clock is read every 256 nodes: 5x5 with four in a row takes millions.
    let k4 = k3.with_in_a_row(4);
    let five = Position::start(5, 5).unwrap();
    let err = Solver::new().solve_by(&five, k4, Instant::now()).unwrap_err();
    assert!(matches!(err, SolveError::OutOfTime { proved: Proved::Nothing, nodes: 1.. }), "{err}");
    assert!(err.to_string().starts_with("out of time after "), "{err}");
    assert!(err.to_string().ends_with(" nodes; proved so far: nothing"), "{err}");
}

#[test]
fn four_in_a_row_is_a_draw_up_to_5x5_by_the_pairing_bounds() {
    let k4 = Rules::TIC_TAC_TOE.with_in_a_row(4);
    for (rows, cols) in [(4, 4), (4, 5), (5, 4), (5, 5)] {
        let solution = Solver::new().solve(&Position::start(rows, cols).unwrap(), k4).unwrap();
        assert_eq!(solution.value, Value::Draw, "{rows}x{cols}");
        assert_eq!(solution.plies, rows * cols, "{rows}x{cols}");
        assert_eq!(solution.best.len(), rows * cols, "{rows}x{cols}: every cell draws");
    }
}

/// Positions a few plies from the end of 4×4, 4×5 and 5×5 games (random legal games,
/// stopped with 7 to 10 empty cells), under k = 3 and k = 4, normal play: where the
/// double-threat shortcuts of the search (a double threat wins at the third ply, a move
/// that leaves one standing loses at the fourth) do the most, checked value and distance
/// against plain minimax.
#[test]
fn positions_near_the_end_of_bigger_boards_agree_with_minimax() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    let mut checked = 0;
    for (rows, cols) in [(4, 4), (4, 5), (5, 5)] {
        for k in [3, 4] {
            let rules = Rules::TIC_TAC_TOE.with_in_a_row(k);
            let mut memo = HashMap::new();
            let mut solver = Solver::new();
            for _ in 0..150 {
                let mut pos = Position::start(rows, cols).unwrap();
                let left = 6 + next(5);
                while pos.outcome(rules) == Outcome::InProgress {
                    let moves = pos.moves(rules);
                    if moves.len() <= left {
                        break;
                    }
                    let (r, c) = moves[next(moves.len())];
                    pos = pos.play(r, c, rules).unwrap();
                }
                if pos.outcome(rules) != Outcome::InProgress {
                    continue;
                }
                let solution = solver.solve(&pos, rules).unwrap();
                assert_eq!(
                    as_pair(&solution),
                    reference(&pos, rules, &mut memo),
                    "{pos:?} {rules}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 300, "{checked}");
}

/// Player Two to move on 5×5, k = 4, facing two double threats of Player One's that no
/// one move stops (c3 and e5 each make two fours at once; no cell belongs to the
/// defences of both) and without a three of their own: every move loses at the fourth
/// ply, as minimax says.
#[test]
fn two_double_threats_no_move_stops_lose_at_the_fourth_ply() {
    use gridnote_solve::board::Cell;
    let rows = ["ooxoo", "o.x.x", "xx..x", "o....", "oxx.."];
    let cells = rows
        .iter()
        .flat_map(|row| row.chars())
        .map(|c| match c {
            'x' => Cell::ONE,
            'o' => Cell::TWO,
            _ => Cell::Empty,
        })
        .collect();
    let board = Board::from_cells(5, 5, cells).unwrap();
    let pos = Position::new(board, Player::Two);
    let rules = Rules::TIC_TAC_TOE.with_in_a_row(4);
    let solution = solve(&pos, rules).unwrap();
    assert_eq!(as_pair(&solution), (-1, 4));
    assert_eq!(as_pair(&solution), reference(&pos, rules, &mut HashMap::new()));
}

/// Past 5×5: five rows of six with four in a row is a first-player win (the published
/// value), in 11 plies from the two central cells of the middle row; 6×6 with five in
/// a row is a draw.
#[test]
fn four_in_a_row_on_5x6_is_won_and_five_in_a_row_on_6x6_drawn() {
    let k4 = Rules::TIC_TAC_TOE.with_in_a_row(4);
    let solution = Solver::new().solve(&Position::start(5, 6).unwrap(), k4).unwrap();
    assert_eq!(solution.to_string(), "x wins in 11 plies; best: c3 d3");
    let k5 = Rules::TIC_TAC_TOE.with_in_a_row(5);
    let solution = Solver::new().solve(&Position::start(6, 6).unwrap(), k5).unwrap();
    assert_eq!((solution.value, solution.plies), (Value::Draw, 36));
}

/// 6×6 with four in a row is a first-player win in 11 plies from the four central cells
/// (a few thousand nodes with the moves ordered by the lines' potential).
#[test]
fn four_in_a_row_on_6x6_is_won_from_the_centre() {
    let k4 = Rules::TIC_TAC_TOE.with_in_a_row(4);
    let solution = Solver::new().solve(&Position::start(6, 6).unwrap(), k4).unwrap();
    assert_eq!(solution.to_string(), "x wins in 11 plies; best: c3 c4 d3 d4");
    assert!(solution.nodes < 100_000, "{} nodes", solution.nodes);
}
