//! The search against an exhaustive solver on small Brandubh positions (forced escapes
//! and king captures in 1, 2 and 3 moves), its legality and its deadline.

use std::time::Duration;

use gridnote_tafl_rules::board::Player;
use gridnote_tafl_rules::{CompiledRules, Outcome, Position};
use gridnote_tafl_search::{Limits, Searcher, WIN, Weights};

/// Whether `side` wins within `plies` plies against any defence (a side without a move
/// loses, as the search scores it).
fn wins_within(pos: &mut Position, side: Player, plies: u32) -> bool {
    match pos.outcome() {
        Outcome::Won { winner, .. } => return winner == side,
        Outcome::Ongoing => {}
        _ => return false,
    }
    if plies == 0 {
        return false;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return pos.to_move() != side;
    }
    let mover = pos.to_move();
    let mut all = true;
    for m in moves {
        let undo = pos.make(m);
        let w = wins_within(pos, side, plies - 1);
        pos.unmake(undo);
        if mover == side && w {
            return true;
        }
        all &= w;
        if mover != side && !all {
            return false;
        }
    }
    mover != side
}

/// A deterministic generator (splitmix64).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A sparse Brandubh position: the king, `attackers` attackers and `defenders` other
/// defenders on random squares (never the corners nor the throne), `to_move` to move.
fn sparse(rng: &mut Rng, attackers: usize, defenders: usize, to_move: Player) -> Position {
    let mut cells = [b'.'; 49];
    let mut place = |ch: u8, rng: &mut Rng| loop {
        let i = rng.below(49);
        let (r, f) = (i / 7, i % 7);
        let special = (r == 0 || r == 6) && (f == 0 || f == 6) || (r == 3 && f == 3);
        if cells[i] == b'.' && !special {
            cells[i] = ch;
            break;
        }
    };
    place(b'K', rng);
    for _ in 0..attackers {
        place(b't', rng);
    }
    for _ in 0..defenders {
        place(b'T', rng);
    }
    let mut record = String::from("/");
    for row in cells.chunks(7) {
        let mut empty = 0;
        for &c in row {
            if c == b'.' {
                empty += 1;
            } else {
                if empty > 0 {
                    record.push_str(&empty.to_string());
                    empty = 0;
                }
                record.push(c as char);
            }
        }
        if empty > 0 {
            record.push_str(&empty.to_string());
        }
        record.push('/');
    }
    Position::from_record(&CompiledRules::brandubh(), &record, to_move).expect("a 7x7 record")
}

/// The first generated positions where `side` (to move) wins in exactly `moves` of its
/// moves, and the searcher's verdict on each.
fn forced_wins(side: Player, moves: u32, attackers: usize, defenders: usize, wanted: usize) {
    let mut rng = Rng(u64::from(moves) * 1000 + side.index() as u64);
    let plies = 2 * moves - 1;
    let mut found = 0;
    for _ in 0..20_000 {
        let mut pos = sparse(&mut rng, attackers, defenders, side);
        if pos.outcome().is_over()
            || (plies >= 3 && wins_within(&mut pos, side, plies - 2))
            || !wins_within(&mut pos, side, plies)
        {
            continue;
        }
        let mut searcher = Searcher::new(1 << 16, Weights::default());
        let result = searcher.search(&pos, &Limits::depth(plies));
        assert_eq!(result.score, WIN - plies as i32, "{} {:?}: {result:?}", pos.otn(), side);
        // The move chosen keeps the forced win.
        let best = result.best.expect("a move");
        assert!(pos.is_legal(best));
        let undo = pos.make(best);
        assert!(wins_within(&mut pos, side, plies - 1), "{} {best}", pos.otn());
        pos.unmake(undo);
        found += 1;
        if found == wanted {
            return;
        }
    }
    panic!("only {found} positions where {side:?} wins in {moves}");
}

#[test]
fn escape_in_one() {
    forced_wins(Player::Two, 1, 4, 0, 20);
}

#[test]
fn escape_in_two() {
    forced_wins(Player::Two, 2, 5, 1, 10);
}

#[test]
fn escape_in_three() {
    forced_wins(Player::Two, 3, 6, 1, 4);
}

#[test]
fn king_capture_in_one() {
    forced_wins(Player::One, 1, 6, 0, 10);
}

#[test]
fn king_capture_in_two() {
    forced_wins(Player::One, 2, 7, 0, 5);
}

#[test]
fn the_clock_is_read_inside_the_tree() {
    // A deadline already passed: the search stops at its first look at the clock (every
    // 32 nodes) and still answers a legal move.
    for rules in [CompiledRules::brandubh(), CompiledRules::copenhagen()] {
        let pos = Position::start(&rules);
        let mut searcher = Searcher::new(1 << 12, Weights::default());
        let result = searcher.search(&pos, &Limits::time(Duration::ZERO));
        assert!(result.nodes <= 32, "{} nodes", result.nodes);
        assert!(pos.is_legal(result.best.expect("a move")));
    }
}

#[test]
fn the_deadline_is_kept() {
    // The search stops itself before its deadline; the test allows 100 ms more for the
    // scheduling of a loaded machine (the clock is wall time), far less than the
    // iterations it would otherwise go on with.
    for rules in [CompiledRules::brandubh(), CompiledRules::copenhagen()] {
        let mut searcher = Searcher::new(1 << 18, Weights::default());
        let mut pos = Position::start(&rules);
        for _ in 0..2 {
            let limit = Duration::from_millis(300);
            let result = searcher.search(&pos, &Limits::time(limit));
            assert!(
                result.elapsed < limit + Duration::from_millis(100),
                "{:?} {} nodes",
                result.elapsed,
                result.nodes
            );
            assert!(result.depth >= 2, "depth {}", result.depth);
            let best = result.best.expect("a move");
            assert!(pos.is_legal(best));
            pos.make(best);
        }
    }
}

#[test]
fn a_node_limit_stops_the_search() {
    let pos = Position::start(&CompiledRules::copenhagen());
    let result = Searcher::new(1 << 12, Weights::default())
        .search(&pos, &Limits::depth(50).with_nodes(2_000));
    assert!(result.nodes <= 2_000, "{}", result.nodes);
    assert!(pos.is_legal(result.best.expect("a move")));
}

#[test]
fn analysis_scores_several_root_moves() {
    let pos = Position::start(&CompiledRules::brandubh());
    let result =
        Searcher::new(1 << 14, Weights::default()).search(&pos, &Limits::depth(3).with_multipv(3));
    assert_eq!(result.root.len(), 40);
    assert_eq!(result.root[0].0, result.best.expect("a move"));
    assert_eq!(result.root[0].1, result.score);
    assert!(result.root[0].1 >= result.root[1].1 && result.root[1].1 >= result.root[2].1);
}

#[test]
fn a_finished_game_has_no_move() {
    let rules = CompiledRules::brandubh();
    // The king on a corner: the defenders have won.
    let pos = Position::from_record(&rules, "/7/7/7/3t3/7/7/6K/", Player::One).unwrap();
    let result = Searcher::new(1 << 10, Weights::default()).search(&pos, &Limits::depth(3));
    assert_eq!(result.best, None);
    assert_eq!(result.score, -WIN);
}
