//! Properties of the engine over random games under random rules records: unmake
//! restores the position exactly, the incremental hash equals the hash from scratch,
//! perft(1) is the number of moves listed and perft(2) their children, and every move
//! written in OTN reads back as the same move.

use gridnote_tafl_rules::{CompiledRules, Move, Position};
use quickcheck_macros::quickcheck;

/// xorshift64*: a small deterministic generator for the random rules and games.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const PIECES: &str = "tcnkmgTCNKMG";

fn square(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// A random rules record: every key with a random value, random special squares and a
/// random start position holding every kind of piece.
fn random_rules(rng: &mut Rng) -> String {
    let dim = 5 + 2 * rng.below(4) + usize::from(rng.below(5) == 0);
    let mut out = format!("dim:{dim}");
    for (key, values) in [
        ("esc", &["c", "e"][..]),
        ("surf", &["y", "n"]),
        ("atkf", &["y", "n"]),
        ("tfr", &["d", "w", "l", "i"]),
        ("ka", &["y", "n", "a", "h"]),
        ("ks", &["s", "c", "w", "m"]),
        ("kj", &["n", "r", "j", "c"]),
        ("nj", &["n", "r", "j", "c"]),
        ("cj", &["n", "r", "j", "c"]),
        ("mj", &["n", "r", "j", "c"]),
        ("sw", &["n", "w", "s"]),
        ("swf", &["y", "n"]),
        ("efe", &["y", "n"]),
        ("linc", &["y", "n"]),
        ("ber", &["n", "c", "m"]),
    ] {
        if rng.below(3) > 0 {
            out.push_str(&format!(" {key}:{}", rng.pick(values)));
        }
    }
    for key in [
        "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors", "dfors", "corh", "cenh",
        "cenhe", "aforh", "dforh", "corre", "cenre", "aforre", "dforre",
    ] {
        if rng.below(3) == 0 {
            let list: String = PIECES.chars().filter(|_| rng.below(2) == 0).collect();
            out.push_str(&format!(" {key}:{list}"));
        }
    }
    if rng.below(3) == 0 {
        let speeds: Vec<String> =
            (0..12).map(|_| ["-1", "1", "2", "3"][rng.below(4)].to_owned()).collect();
        out.push_str(&format!(" spd:{},", speeds.join(",")));
    }
    for key in ["afor", "dfor"] {
        if rng.below(3) == 0 {
            let squares: Vec<String> =
                (0..1 + rng.below(4)).map(|_| square(rng.below(dim), rng.below(dim))).collect();
            out.push_str(&format!(" {key}:{},", squares.join(",")));
        }
    }
    // The start: the king in the middle, defenders around, attackers near the edges,
    // with some commanders, knights, mercenaries and guards.
    let mut board = vec![vec!['.'; dim]; dim];
    let mid = dim / 2;
    board[mid][mid] = 'K';
    let specials = |rng: &mut Rng, plain: char| {
        let roll = rng.below(12);
        match roll {
            0 => plain.to_ascii_lowercase().to_string().replace('t', "c"),
            1 => plain.to_ascii_lowercase().to_string().replace('t', "n"),
            2 => plain.to_ascii_lowercase().to_string().replace('t', "m"),
            3 => plain.to_ascii_lowercase().to_string().replace('t', "g"),
            _ => plain.to_ascii_lowercase().to_string(),
        }
    };
    for (r, row) in board.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            if *cell != '.' || rng.below(10) < 6 {
                continue;
            }
            let dist = r.abs_diff(mid).max(c.abs_diff(mid));
            let corner = (r == 0 || r == dim - 1) && (c == 0 || c == dim - 1);
            if corner {
                continue;
            }
            if dist <= 1 + dim / 6 {
                *cell = specials(rng, 't').to_ascii_uppercase().chars().next().unwrap();
            } else if dist >= dim / 2 - 1 && rng.below(2) == 0 {
                *cell = specials(rng, 't').chars().next().unwrap();
            }
        }
    }
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut run = 0;
            for &ch in row {
                if ch == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(ch);
                }
            }
            if run > 0 {
                s.push_str(&run.to_string());
            }
            s
        })
        .collect();
    out.push_str(&format!(" start:/{}/", rows.join("/")));
    out
}

fn check_position(pos: &Position, record: &str) {
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "{record}\n{}", pos.otn());
    let moves = pos.legal_moves();
    let over = pos.outcome().is_over();
    if !over {
        assert_eq!(pos.perft(1), moves.len() as u64, "{record}");
    }
    let mut children = 0;
    let mut scratch = pos.clone();
    for &m in &moves {
        assert!(pos.is_legal(m), "{record}: {m}");
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        let text = pos.move_text(m).expect("legal");
        // A finished game takes no move (its moves are still listed by legal_moves).
        if !over {
            assert_eq!(pos.parse_move(&text), Ok(m), "{record}: {text}");
        }
        let undo = scratch.make(m);
        assert_eq!(scratch.hash(), scratch.hash_from_scratch(), "{record}: {text}");
        children +=
            if scratch.outcome().is_over() { 0 } else { scratch.legal_moves().len() as u64 };
        scratch.unmake(undo);
        assert_eq!(&scratch, pos, "{record}: unmake {text}");
    }
    if !over {
        assert_eq!(pos.perft(2), children, "{record}");
    }
}

/// Plays a random game under random rules, checking every position on the way.
fn random_game(seed: u64, plies: usize) {
    let mut rng = Rng::new(seed);
    let record = random_rules(&mut rng);
    let rules = record.parse::<CompiledRules>().unwrap_or_else(|e| panic!("{record}: {e}"));
    let mut pos = Position::start(&rules);
    let mut undos = Vec::new();
    let mut states = vec![pos.clone()];
    for _ in 0..plies {
        check_position(&pos, &record);
        if pos.outcome().is_over() {
            break;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        undos.push(pos.make(m));
        states.push(pos.clone());
    }
    // Unmaking the whole game goes back through every state.
    while let Some(undo) = undos.pop() {
        states.pop();
        pos.unmake(undo);
        assert_eq!(&pos, states.last().unwrap(), "{record}");
    }
}

#[quickcheck]
fn random_games_under_random_rules_keep_the_invariants(seed: u64) {
    random_game(seed, 60);
}

#[test]
fn many_random_games() {
    for seed in 0..40 {
        random_game(seed, 60);
    }
}
