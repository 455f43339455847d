//! The engine's representation on boards of every size from 1×1 to 30×30 (the whole-board
//! computations serve up to 22×22, square-by-square ones beyond, and the test build
//! compares the two wherever both run), the memory of a position, and perft's one walk.

use core::ops::ControlFlow;

use gridnote_tafl_rules::board::Player;
use gridnote_tafl_rules::{CompiledRules, PerftProgress, Position, Square};

/// splitmix64.
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

/// A rules record of size `dim` with random options and a random start (every kind of
/// piece, about three to a rank).
fn random_record(rng: &mut Rng, dim: usize) -> String {
    let mut out = format!("dim:{dim}");
    for (key, values) in [
        ("esc", &["c", "e"][..]),
        ("surf", &["y", "n"]),
        ("ka", &["y", "n", "a", "h"]),
        ("ks", &["s", "c", "w", "m"]),
        ("kj", &["n", "r", "j", "c"]),
        ("nj", &["n", "r", "j", "c"]),
        ("sw", &["n", "w", "s"]),
        ("swf", &["y", "n"]),
        ("efe", &["y", "n"]),
        ("linc", &["y", "n"]),
        ("ber", &["n", "c", "m"]),
        ("cenp", &["tcnkmgTCNKMG", "K", ""]),
        ("cens", &["K", "tT", ""]),
        ("corp", &["K", "tcnkmgTCNKMG"]),
        ("spd", &["-1", "2", "-1,-1,-1,1,-1,-1,-1,-1,-1,1,-1,-1,"]),
    ] {
        if rng.below(2) == 0 {
            out.push_str(&format!(" {key}:{}", values[rng.below(values.len())]));
        }
    }
    let mut grid: Vec<Vec<char>> = (0..dim)
        .map(|_| {
            (0..dim)
                .map(|_| {
                    if rng.below(3) == 0 {
                        b"ttttttcnkmgTTTTTTCNKMG"[rng.below(22)] as char
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    // One defending king at least, so that most games go on for a while.
    grid[dim / 2][dim / 2] = 'K';
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            let mut text = String::new();
            let mut run = 0;
            for &ch in row {
                if ch == '.' {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    text.push_str(&run.to_string());
                    run = 0;
                }
                text.push(ch);
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
            text
        })
        .collect();
    out.push_str(&format!(" start:/{}/", rows.join("/")));
    out
}

/// Checks a position: the hash, perft(1) and perft(2) against the moves listed and made,
/// every make and unmake, and the one walk against perft.
fn check(pos: &Position, record: &str) {
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "{record}\n{}", pos.otn());
    let moves = pos.legal_moves();
    let over = pos.outcome().is_over();
    let mut children = 0;
    let mut scratch = pos.clone();
    for &m in &moves {
        let undo = scratch.make(m);
        assert_eq!(scratch.hash(), scratch.hash_from_scratch(), "{record}: {m}");
        children += scratch.perft(1);
        scratch.unmake(undo);
        assert_eq!(&scratch, pos, "{record}: unmake {m}");
    }
    if over {
        assert_eq!(counts_to(pos, 2), [0, 0], "{record}");
    } else {
        assert_eq!(pos.perft(1), moves.len() as u64, "{record}\n{}", pos.otn());
        assert_eq!(counts_to(pos, 2), [moves.len() as u64, children], "{record}\n{}", pos.otn());
    }
}

/// The perft counts of every depth up to `depth`, from one walk.
fn counts_to(pos: &Position, depth: u32) -> Vec<u64> {
    pos.perft_walk(depth, |_| ControlFlow::Continue(())).expect("never stopped")
}

#[test]
fn boards_of_every_size_from_1_to_30_keep_the_invariants() {
    let mut rng = Rng(35);
    let mut positions = 0;
    for dim in 1..=30 {
        // The boards beyond 22x22 are walked square by square only: fewer plies.
        let (games, plies) = if dim > 22 { (1, 6) } else { (3, 24) };
        for _ in 0..games {
            let record = random_record(&mut rng, dim);
            let rules = record.parse::<CompiledRules>().unwrap_or_else(|e| panic!("{record}: {e}"));
            let mut pos = Position::start(&rules);
            for _ in 0..plies {
                check(&pos, &record);
                positions += 1;
                if pos.outcome().is_over() {
                    break;
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
    }
    assert!(positions >= 1_000, "{positions} positions");
}

#[test]
fn a_position_of_11x11_takes_at_most_144_bytes() {
    for name in
        ["copenhagen", "copenhagen-relaxed", "fetlar", "computer-fetlar", "berserk", "tawlbwrdd"]
    {
        let pos = Position::start(&CompiledRules::preset(name).unwrap());
        assert_eq!(pos.dim(), 11);
        assert_eq!(size_of::<Position>(), 48);
        assert_eq!(pos.heap_size(), 96, "{name}");
        assert!(size_of::<Position>() + pos.heap_size() <= 144, "{name}");
    }
    // 7x7 and 9x9 need one and two words a plane, 19x19 six.
    assert_eq!(Position::start(&CompiledRules::brandubh()).heap_size(), 48);
    assert_eq!(Position::start(&CompiledRules::preset("tablut").unwrap()).heap_size(), 96);
    assert_eq!(Position::start(&CompiledRules::preset("alea-evangelii").unwrap()).heap_size(), 288);
}

#[test]
fn copies_share_the_line_until_they_move() {
    let rules = CompiledRules::brandubh();
    let mut pos = Position::start(&rules);
    pos.make("d2-c2".parse().unwrap());
    let mut copy = pos.clone();
    assert_eq!(copy, pos);
    let undo = copy.make("d3-f3".parse().unwrap());
    assert_ne!(copy, pos);
    // The original is untouched by the copy's move.
    assert_eq!(pos.occurrences(), 1);
    assert_eq!(pos.to_move(), Player::Two);
    assert!(pos.is_legal("d3-f3".parse().unwrap()));
    copy.unmake(undo);
    assert_eq!(copy, pos);
}

#[test]
fn one_walk_gives_every_depth_and_the_divide() {
    let rules = CompiledRules::copenhagen();
    let pos = Position::start(&rules);
    let mut events = Vec::new();
    let counts = pos.perft_walk(3, |p| {
        match p {
            PerftProgress::Depth { depth, nodes } => {
                events.push(format!("depth {depth}: {nodes}"));
            }
            PerftProgress::Move { mv, nodes } => events.push(format!("{mv}: {nodes}")),
            _ => unreachable!(),
        }
        ControlFlow::Continue(())
    });
    assert_eq!(counts, Some(vec![116, 6_788, 806_344]));
    // Depth 1 as soon as the first moves are known, then one line per first move, then
    // the deeper depths.
    assert_eq!(events[0], "depth 1: 116");
    assert_eq!(events.len(), 1 + 116 + 2);
    assert_eq!(events[117], "depth 2: 6788");
    assert_eq!(events[118], "depth 3: 806344");
    let divide = pos.divide(3);
    assert_eq!(divide.len(), 116);
    for (line, (m, n)) in events[1..117].iter().zip(&divide) {
        assert_eq!(line, &format!("{m}: {n}"));
    }
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 806_344);
}

#[test]
fn a_finished_game_counts_nothing_below_it() {
    let rules = CompiledRules::brandubh();
    // The king on a corner: the defenders have won.
    let pos = Position::from_record(&rules, "/K6/7/7/7/7/7/6t/", Player::One).unwrap();
    assert!(pos.outcome().is_over());
    let mut events = Vec::new();
    let counts = pos.perft_walk(2, |p| {
        events.push(format!("{p:?}"));
        ControlFlow::Continue(())
    });
    assert_eq!(counts, Some(vec![0, 0]));
    assert_eq!(events, ["Depth { depth: 1, nodes: 0 }", "Depth { depth: 2, nodes: 0 }"]);
    assert_eq!(pos.divide(2), []);
    assert_eq!(pos.perft_walk(0, |_| ControlFlow::Continue(())), Some(Vec::new()));
    assert_eq!(
        pos.piece_at(Square::new(0, 0)),
        Some(gridnote_tafl_rules::board::Piece::king(Player::Two))
    );
}
