//! Threat-space search on the big board (normal play): victory by continuous fours
//! (VCF). The attacker only plays moves that leave a window lacking one stone (a
//! "four", for any k), so the defender's answer is forced: the one cell that completes
//! it. Two such cells at once (an open four, a double four) win; a four of the
//! defender's own must be blocked first, and the block must itself be a four.
//!
//! The search is depth-first by iterative deepening on the attacker's moves (so the
//! shortest win is found first), with a table of the positions already shown to fail
//! within a depth, and moves tried by how many fours they make at once.

use std::collections::HashMap;
use std::time::Instant;

use crate::grid::Grid;

/// A limit on a search's work: nodes and a deadline.
#[derive(Debug)]
pub(crate) struct Budget {
    pub(crate) nodes: u64,
    limit: u64,
    deadline: Instant,
    pub(crate) aborted: bool,
}

impl Budget {
    /// At most `limit` nodes, until `deadline`.
    pub(crate) fn new(limit: u64, deadline: Instant) -> Budget {
        Budget { nodes: 0, limit, deadline, aborted: false }
    }

    /// The deadline.
    pub(crate) fn deadline(&self) -> Instant {
        self.deadline
    }

    /// Counts a node; whether the search must stop.
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        // A node can cost a pass over long threat lists: the clock is read at every one.
        if self.nodes >= self.limit || Instant::now() >= self.deadline {
            self.aborted = true;
        }
        self.aborted
    }
}

/// A VCF search for the side to move of a grid.
pub(crate) struct Vcf<'a> {
    grid: &'a mut Grid,
    pub(crate) budget: Budget,
    /// Positions (by hash) shown to have no VCF within this many attacker moves.
    failed: HashMap<u64, u32>,
}

impl<'a> Vcf<'a> {
    /// A search on `grid` (side to move attacks) within `budget`.
    pub(crate) fn new(grid: &'a mut Grid, budget: Budget) -> Vcf<'a> {
        Vcf { grid, budget, failed: HashMap::new() }
    }

    /// The attacker's moves of the shortest VCF within `most` of their moves (the win
    /// itself counted), or `None` (none, or out of budget).
    pub(crate) fn find(&mut self, most: u32) -> Option<Vec<usize>> {
        if self.grid.misere {
            return None;
        }
        for depth in 1..=most {
            let mut line = Vec::new();
            if self.search(depth, &mut line) {
                line.reverse();
                return Some(line);
            }
            if self.budget.aborted {
                return None;
            }
        }
        None
    }

    /// Whether the attacker (to move) wins by fours within `depth` moves; the
    /// attacker's moves, last first, are pushed onto `line`.
    fn search(&mut self, depth: u32, line: &mut Vec<usize>) -> bool {
        if self.budget.tick() {
            return false;
        }
        let grid = &mut *self.grid;
        let attacker = grid.side;
        let defender = attacker ^ 1;
        if let Some(&cell) = grid.wins(attacker).first() {
            line.push(cell);
            return true;
        }
        if depth <= 1 {
            return false;
        }
        if self.failed.get(&grid.hash).is_some_and(|&d| d >= depth) {
            return false;
        }
        let theirs = grid.wins(defender);
        let mut moves: Vec<(usize, u32)> = match theirs.as_slice() {
            [] => grid.threat_cells(attacker, 1),
            [block] if grid.makes_four(*block, attacker) => vec![(*block, 1)],
            _ => Vec::new(),
        };
        // Double fours first, then the cells nearest the last ones in list order.
        moves.sort_by_key(|&(cell, fours)| (core::cmp::Reverse(fours), cell));
        for (cell, _) in moves {
            let grid = &mut *self.grid;
            grid.play(cell);
            let wins = if grid.has_win(defender) { Vec::new() } else { grid.wins(attacker) };
            let won = match wins.as_slice() {
                [] => false,
                [_] => {
                    let block = wins[0];
                    grid.play(block);
                    let won = self.search(depth - 1, line);
                    self.grid.undo(block);
                    won
                }
                // The defender blocks one; the attacker completes another.
                [_, other, ..] => {
                    line.push(*other);
                    true
                }
            };
            self.grid.undo(cell);
            if won {
                line.push(cell);
                return true;
            }
            if self.budget.aborted {
                return false;
            }
        }
        self.failed.insert(self.grid.hash, depth);
        false
    }
}
