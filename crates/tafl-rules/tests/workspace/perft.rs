//! `Position::perft_walk`: one walk gives perft at every depth and the divide of the
//! deepest, as `perft` and `divide` count them one depth at a time.

use std::ops::ControlFlow;

use gridnote_tafl_rules::{CompiledRules, PerftProgress, Position};

#[test]
fn one_walk_gives_every_depth_and_the_divide_of_the_deepest() {
    for rules in [CompiledRules::brandubh(), CompiledRules::copenhagen()] {
        let pos = Position::start(&rules);
        let mut moves = Vec::new();
        let mut depths = Vec::new();
        let counts = pos
            .perft_walk(3, |progress| {
                match progress {
                    PerftProgress::Move { mv, nodes } => moves.push((mv, nodes)),
                    PerftProgress::Depth { depth, nodes } => depths.push((depth, nodes)),
                    _ => {}
                }
                ControlFlow::Continue(())
            })
            .expect("not stopped");
        assert_eq!(counts, [pos.perft(1), pos.perft(2), pos.perft(3)]);
        assert_eq!(depths, [(1, counts[0]), (2, counts[1]), (3, counts[2])]);
        assert_eq!(moves, pos.divide(3));
    }
}

#[test]
fn a_walk_of_one_ply_counts_each_first_move_once() {
    let pos = Position::start(&CompiledRules::brandubh());
    let mut moves = 0;
    let counts = pos.perft_walk(1, |progress| {
        if let PerftProgress::Move { nodes, .. } = progress {
            assert_eq!(nodes, 1);
            moves += 1;
        }
        ControlFlow::Continue(())
    });
    assert_eq!(counts, Some(vec![40]));
    assert_eq!(moves, 40);
}
