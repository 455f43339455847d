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
use std::hash::{BuildHasherDefault, Hasher};
use web_time::Instant;

use crate::grid::Grid;

/// The hasher of tables keyed by Zobrist hashes: the key is already uniform, so it is
/// used as it is (and the work is the same on every run, unlike a seeded hasher).
#[derive(Clone, Copy, Debug, Default)]
struct Zobrist(u64);

impl Hasher for Zobrist {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Positions (by Zobrist hash) and the depth within which they were shown to fail.
type Failed = HashMap<u64, u32, BuildHasherDefault<Zobrist>>;

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
    failed: Failed,
    /// Positions shown to have no VCT within this many attacker moves.
    failed_vct: Failed,
}

/// Three-making moves tried at a VCT node, most promising first.
const THREES: usize = 16;

impl<'a> Vcf<'a> {
    /// A search on `grid` (side to move attacks) within `budget`.
    pub(crate) fn new(grid: &'a mut Grid, budget: Budget) -> Vcf<'a> {
        Vcf {
            grid,
            budget,
            // Room for the failures a short search records, so that the table is not
            // grown (and rehashed) several times over from empty.
            failed: Failed::with_capacity_and_hasher(16, BuildHasherDefault::default()),
            failed_vct: Failed::default(),
        }
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

    /// The first move of a victory by threats (VCT) within `most` threats (and the
    /// fours after them), the fewest first, and that number; or `None` (none found,
    /// or out of budget).
    ///
    /// A threat is a four (answered only at the cell that completes it) or a three: a
    /// move after which, were the defender to pass, the attacker would win by fours
    /// within two moves (an open four or a double four next). A three is answered by its
    /// defence set: every empty cell of the attacker's windows one or two stones short,
    /// and every move that makes a four of the defender's own; the attacker must win
    /// against each. A defender's move outside the set leaves the attacker's threats as
    /// they were, so the set is complete for play; a win found is not a proof in every
    /// corner (a four of the defender's made by an outside stone with a later forced
    /// block is not looked for), which is why the solver does not use it.
    pub(crate) fn find_vct(&mut self, most: u32) -> Option<(usize, u32)> {
        if self.grid.misere {
            return None;
        }
        for depth in 1..=most {
            if let Some(cell) = self.vct(depth) {
                return Some((cell, depth));
            }
            if self.budget.aborted {
                return None;
            }
        }
        None
    }

    /// The attacker's (the side to move's) first move of a VCT within `depth` moves.
    fn vct(&mut self, depth: u32) -> Option<usize> {
        if self.budget.tick() {
            return None;
        }
        let mut line = Vec::new();
        if self.search(depth + 2, &mut line) {
            return line.last().copied();
        }
        let attacker = self.grid.side;
        let defender = attacker ^ 1;
        if depth <= 1 || self.budget.aborted || self.grid.has_win(defender) {
            return None;
        }
        if self.failed_vct.get(&self.grid.hash).is_some_and(|&d| d >= depth) {
            return None;
        }
        let mut threes = self.grid.threat_cells(attacker, 2);
        threes.sort_by_key(|&(cell, windows)| (core::cmp::Reverse(windows), cell));
        threes.truncate(THREES);
        for (cell, _) in threes {
            self.grid.play(cell);
            let wins = self.is_three() && self.defended_by_none(depth);
            self.grid.undo(cell);
            if wins {
                return Some(cell);
            }
            if self.budget.aborted {
                return None;
            }
        }
        self.failed_vct.insert(self.grid.hash, depth);
        None
    }

    /// Whether the attacker (who just moved) would win by fours within two moves if the
    /// defender (to move) passed.
    fn is_three(&mut self) -> bool {
        self.grid.pass();
        let mut line = Vec::new();
        let threat = self.search(2, &mut line);
        self.grid.pass();
        threat
    }

    /// Whether every move of the defender's (to move) defence set leaves the attacker a
    /// VCT within `depth - 1` moves.
    fn defended_by_none(&mut self, depth: u32) -> bool {
        let attacker = self.grid.side ^ 1;
        let mut defences: Vec<usize> = Vec::new();
        for (player, level) in [(attacker, 0), (attacker, 1), (attacker ^ 1, 1)] {
            defences.extend(self.grid.threat_cells(player, level).into_iter().map(|(c, _)| c));
        }
        defences.sort_unstable();
        defences.dedup();
        for defence in defences {
            self.grid.play(defence);
            let wins = self.vct(depth - 1).is_some();
            self.grid.undo(defence);
            if !wins {
                return false;
            }
        }
        true
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
