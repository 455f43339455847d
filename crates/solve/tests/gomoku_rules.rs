//! Which engine plays each gomoku rule set on a 15x15 board, and renju's black never
//! playing a forbidden point.

use std::time::{Duration, Instant};

use gridnote_solve::board::{Position, Rules};
use gridnote_solve::{Solver, ThoughtKind};

/// Black's double three at (7, 8) (three across from (7, 6), three down from (5, 8)),
/// white's stones far away; black to move.
fn double_three(rules: Rules) -> Position {
    let mut pos = Position::start(15, 15).unwrap();
    for (r, c) in [(7, 6), (0, 0), (7, 7), (0, 14), (5, 8), (14, 0), (6, 8), (14, 14)] {
        pos = pos.play(r, c, rules).unwrap();
    }
    pos
}

#[test]
fn renju_black_never_plays_a_forbidden_point() {
    let pos = double_three(Rules::RENJU);
    assert!(pos.board.forbidden(7, 8, Rules::RENJU).is_some());
    let mut solver = Solver::new();
    let thought =
        solver.think(&pos, Rules::RENJU, Instant::now() + Duration::from_millis(300)).unwrap();
    assert_eq!(pos.board.forbidden(thought.row, thought.col, Rules::RENJU), None, "{thought:?}");
    // Then a few moves of self-play: no black move is forbidden.
    let mut pos = pos;
    for _ in 0..6 {
        let Ok(t) = solver.think(&pos, Rules::RENJU, Instant::now() + Duration::from_millis(100))
        else {
            break;
        };
        if pos.to_move == gridnote_solve::board::Player::One {
            assert_eq!(pos.board.forbidden(t.row, t.col, Rules::RENJU), None, "{t:?}");
        }
        pos = pos.play(t.row, t.col, Rules::RENJU).unwrap();
    }
}

#[test]
fn freestyle_goes_to_the_gomoku_engine_and_the_other_rules_do_not() {
    // Freestyle: the double three wins (a VCT or a searched win), from the gomoku engine.
    let pos = double_three(Rules::GOMOKU);
    let thought = Solver::new()
        .think(&pos, Rules::GOMOKU, Instant::now() + Duration::from_millis(500))
        .unwrap();
    assert!(!matches!(thought.kind, ThoughtKind::RuleOfThumb), "freestyle: {thought:?}");
    // Exact five and caro: the window engine (no gomoku-engine score).
    for rules in [Rules::GOMOKU_EXACT, Rules::CARO, Rules::RENJU] {
        let pos = double_three(rules);
        let thought =
            Solver::new().think(&pos, rules, Instant::now() + Duration::from_millis(200)).unwrap();
        assert_eq!(thought.score, None, "{rules:?}: {thought:?}");
        assert!(pos.board.get(thought.row, thought.col).is_some_and(|c| c.is_empty()));
    }
}
