//! `Solver::threat_win`: known wins by fours and threats, and every win by fours the
//! search finds on random 15×15 positions replayed through gridnote-board's own play
//! (`Position::play`, `outcome`), which knows nothing of the threat search: each move of
//! the winner's legal, each answer the only one that does not lose at once, the last
//! move a line — under freestyle, exact five, renju and caro.

use std::time::{Duration, Instant};

use gridnote_solve::board::{CellName, Gomoku, Outcome, Player, Position, Rules};
use gridnote_solve::{Solver, ThreatBudget, ThreatWin, Threats};

mod common;
use common::Random;

fn position(black: &[&str], white: &[&str], to_move: Player) -> Position {
    let mut board = gridnote_solve::board::Board::new(15, 15).unwrap();
    for (names, cell) in
        [(black, gridnote_solve::board::Cell::ONE), (white, gridnote_solve::board::Cell::TWO)]
    {
        for name in names {
            let (r, c) = board.parse_cell_name(name).unwrap();
            board.set(r, c, cell).unwrap();
        }
    }
    Position::new(board, to_move)
}

fn names(line: &[Option<CellName>]) -> Vec<String> {
    line.iter().map(|c| c.map_or_else(|| "-".to_owned(), |c| c.to_string())).collect()
}

fn find(pos: &Position, rules: Rules, threats: Threats) -> ThreatWin {
    Solver::new().threat_win(pos, rules, threats, ThreatBudget::new(2_000_000)).unwrap()
}

/// The cells where the side to move of `pos` makes a line at once.
fn winning_cells(pos: &Position, rules: Rules) -> Vec<(usize, usize)> {
    pos.moves(rules)
        .into_iter()
        .filter(|&(r, c)| {
            pos.play(r, c, rules).is_ok_and(|next| next.outcome(rules) == Outcome::Won(pos.to_move))
        })
        .collect()
}

/// Plays `line` from `pos` and checks it is a win by fours of the side to move.
fn check_line(pos: &Position, rules: Rules, line: &[Option<CellName>]) {
    let winner = pos.to_move;
    let mut pos = pos.clone();
    for (i, cell) in line.iter().enumerate() {
        let attacker = i % 2 == 0;
        let context =
            || format!("{:?} ply {} of {:?} under {rules}", pos.board, i + 1, names(line));
        let Some(cell) = cell else {
            // The defender cannot stop the next move: every legal move leaves it winning.
            let next = line[i + 1].expect("the winner's move");
            let at = (pos.board.rows() - next.rank, next.file);
            assert!(!pos.moves(rules).contains(&at), "{}", context());
            let (r, c) = pos.moves(rules)[0];
            pos = pos.play(r, c, rules).unwrap();
            continue;
        };
        let at = (pos.board.rows() - cell.rank, cell.file);
        if !attacker {
            // The answer is forced: the winner threatens a line; of the defender's moves
            // only the answer stops every threat (under caro, it is one of those that do),
            // or none does (two threats at once) and the answer is one of the threats.
            let threats = {
                let mut passed = pos.clone();
                passed.to_move = winner;
                winning_cells(&passed, rules)
            };
            assert!(!threats.is_empty(), "no threat before the answer: {}", context());
            let stops: Vec<(usize, usize)> = pos
                .moves(rules)
                .into_iter()
                .filter(|&(r, c)| winning_cells(&pos.play(r, c, rules).unwrap(), rules).is_empty())
                .collect();
            if stops.is_empty() {
                assert!(threats.contains(&at), "{}", context());
            } else if rules.gomoku == Gomoku::Caro {
                assert!(stops.contains(&at), "{}", context());
            } else {
                assert_eq!(stops, [at], "{}", context());
            }
        }
        pos = pos.play(at.0, at.1, rules).unwrap_or_else(|e| panic!("{e}: {}", context()));
    }
    assert_eq!(pos.outcome(rules), Outcome::Won(winner), "{:?} {:?}", pos.board, names(line));
}

#[test]
fn known_wins_by_fours() {
    // x's closed three e5 f5 g5 (o d5) and closed three h6 h7 h8 (o h9): h5 makes two
    // fours at once.
    let pos = position(
        &["e5", "f5", "g5", "h6", "h7", "h8"],
        &["d5", "h9", "a15", "f15", "k15", "o11"],
        Player::One,
    );
    let ThreatWin::Found { line, threats, .. } = find(&pos, Rules::GOMOKU, Threats::Fours) else {
        panic!("a win")
    };
    assert_eq!((names(&line), threats), (vec!["h5".into(), "i5".into(), "h4".into()], 2));
    check_line(&pos, Rules::GOMOKU, &line);
    // Under renju h5 is a double-four, forbidden to black: no win by fours.
    assert!(matches!(find(&pos, Rules::RENJU, Threats::Fours), ThreatWin::None { .. }));
    // For white (the same shapes in white), renju lets it win the same way.
    let white = position(
        &["d5", "h9", "a15", "f15", "k15", "o11", "o1"],
        &["e5", "f5", "g5", "h6", "h7", "h8"],
        Player::Two,
    );
    let ThreatWin::Found { line, .. } = find(&white, Rules::RENJU, Threats::Fours) else {
        panic!("a win")
    };
    check_line(&white, Rules::RENJU, &line);
}

#[test]
fn a_four_whose_block_is_forbidden_wins_for_white() {
    // Black's h3 h4 h5 _ h7 h8: h6 is an overline point. White's d6 e6 f6 (c6 black):
    // g6 is a four whose only block, h6, black may not play.
    let pos = position(
        &["h3", "h4", "h5", "h7", "h8", "c6", "o1"],
        &["d6", "e6", "f6", "a15", "f15", "k15"],
        Player::Two,
    );
    let ThreatWin::Found { line, threats, .. } = find(&pos, Rules::RENJU, Threats::Fours) else {
        panic!("a win")
    };
    assert_eq!((names(&line), threats), (vec!["g6".into(), "-".into(), "h6".into()], 2));
    check_line(&pos, Rules::RENJU, &line);
    assert!(matches!(find(&pos, Rules::GOMOKU_EXACT, Threats::Fours), ThreatWin::None { .. }));
}

#[test]
fn a_double_three_wins_by_threats_but_not_for_renjus_black() {
    // x h8 i8 and j9 j10: j8 makes two open threes (a win by threats for x), which
    // under renju is black's forbidden double-three.
    let pos = position(&["h8", "i8", "j9", "j10"], &["a1", "f1", "k1", "o5"], Player::One);
    let ThreatWin::Found { line, threats, .. } = find(&pos, Rules::GOMOKU, Threats::FoursAndThrees)
    else {
        panic!("a win")
    };
    assert_eq!((names(&line), threats), (vec!["j8".into()], 2));
    match find(&pos, Rules::RENJU, Threats::FoursAndThrees) {
        ThreatWin::Found { line, .. } => assert_ne!(names(&line), ["j8"]),
        other => assert!(matches!(other, ThreatWin::None { .. }), "{other:?}"),
    }
}

#[test]
fn a_budget_runs_out() {
    let pos = position(&["h8", "i8", "j9", "j10"], &["a1", "f1", "k1", "o5"], Player::One);
    let tiny = ThreatBudget::new(3);
    let found =
        Solver::new().threat_win(&pos, Rules::GOMOKU, Threats::FoursAndThrees, tiny).unwrap();
    assert_eq!(found, ThreatWin::OutOfBudget { nodes: 3 });
    let past =
        ThreatBudget::new(1_000_000).with_deadline(Instant::now() - Duration::from_millis(1));
    let found = Solver::new().threat_win(&pos, Rules::GOMOKU, Threats::Fours, past).unwrap();
    assert!(matches!(found, ThreatWin::OutOfBudget { .. }), "{found:?}");
    // A finished game has no move to look for.
    let over = position(&["a1", "b1", "c1", "d1", "e1"], &["a3", "b3", "c3", "d3"], Player::Two);
    assert!(Solver::new().threat_win(&over, Rules::GOMOKU, Threats::Fours, tiny).is_err());
}

#[test]
fn every_win_by_fours_found_on_random_positions_replays_as_one() {
    let mut found = [0usize; 4];
    for (i, gomoku) in
        [Gomoku::Freestyle, Gomoku::Exact, Gomoku::Renju, Gomoku::Caro].into_iter().enumerate()
    {
        let rules = Rules::GOMOKU.with_gomoku(gomoku);
        let mut random = Random(0x9e37_79b9 + i as u64);
        let mut games = 0;
        while found[i] < 8 && games < 300 {
            games += 1;
            // 20 to 40 random moves near the centre, stopping before a line.
            let mut pos = Position::start(15, 15).unwrap();
            for _ in 0..20 + random.below(21) {
                let moves: Vec<(usize, usize)> = pos
                    .moves(rules)
                    .into_iter()
                    .filter(|&(r, c)| (4..11).contains(&r) && (4..11).contains(&c))
                    .collect();
                if moves.is_empty() {
                    break;
                }
                let (r, c) = moves[random.below(moves.len())];
                let next = pos.play(r, c, rules).unwrap();
                if next.outcome(rules).is_over() {
                    break;
                }
                pos = next;
            }
            let budget = ThreatBudget::new(200_000).with_threats(8);
            if let ThreatWin::Found { line, .. } =
                Solver::new().threat_win(&pos, rules, Threats::Fours, budget).unwrap()
            {
                check_line(&pos, rules, &line);
                found[i] += 1;
            }
        }
    }
    assert_eq!(found, [8, 8, 8, 8]);
}
