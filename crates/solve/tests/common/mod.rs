//! What the solver's tests share: every reachable position, a plain memoised minimax
//! to compare the solver with, and a small deterministic generator. Each test binary
//! uses part of it.
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};

use gridnote_solve::board::{Outcome, Position, Rules};
use gridnote_solve::{Solution, Value};

/// Every position reachable from the empty `rows × cols` board under `rules`.
pub(crate) fn reachable(rows: usize, cols: usize, rules: Rules) -> Vec<Position> {
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
pub(crate) fn reference(
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
pub(crate) fn better(a: (i32, usize), b: (i32, usize)) -> bool {
    if a.0 != b.0 {
        return a.0 > b.0;
    }
    match a.0 {
        1 => a.1 < b.1,
        -1 => a.1 > b.1,
        _ => false,
    }
}

pub(crate) fn as_pair(solution: &Solution) -> (i32, usize) {
    let v = match solution.value {
        Value::Win => 1,
        Value::Loss => -1,
        Value::Draw => 0,
    };
    (v, solution.plies)
}

/// A small deterministic generator (xorshift64*).
pub(crate) struct Random(pub(crate) u64);

impl Random {
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}
