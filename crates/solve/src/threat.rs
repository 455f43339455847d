//! Threat-space search on the big board (normal play): victory by continuous fours
//! (VCF). The attacker only plays moves that leave a window lacking one stone (a
//! "four", for any k), so the defender's answer is forced: the one cell that completes
//! it. Two such cells at once (an open four, a double four) win; a four of the
//! defender's own must be blocked first, and the block must itself be a four.
//!
//! The search is depth-first by iterative deepening on the attacker's moves (so the
//! shortest win is found first), with a table of the positions already shown to fail
//! within a depth, and moves tried by how many fours they make at once.
//!
//! Under the rule sets other than freestyle a four is a move after which the attacker
//! has a cell that makes a line by the rule set (exact five: not an overline; caro: not a
//! five closed at both ends), and the defender's answers are every move after which the
//! attacker has none (under caro, a stone beyond the run's end too): the attacker must win
//! against each. Renju's black plays no forbidden point, attacking or defending: a four of
//! white's whose only block is forbidden to black wins.

use gridnote_board::Gomoku;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

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

/// A limit on a search's work: nodes, a deadline, and a stop flag another thread may set.
#[derive(Debug)]
pub(crate) struct Budget<'s> {
    pub(crate) nodes: u64,
    limit: u64,
    deadline: Instant,
    stop: Option<&'s AtomicBool>,
    pub(crate) aborted: bool,
}

impl<'s> Budget<'s> {
    /// At most `limit` nodes, until `deadline`.
    pub(crate) fn new(limit: u64, deadline: Instant) -> Budget<'s> {
        Budget { nodes: 0, limit, deadline, stop: None, aborted: false }
    }

    /// This budget, also ended when `stop` is set.
    pub(crate) fn stopped_by(self, stop: Option<&'s AtomicBool>) -> Budget<'s> {
        Budget { stop, ..self }
    }

    /// The stop flag.
    pub(crate) fn stop(&self) -> Option<&'s AtomicBool> {
        self.stop
    }

    /// The deadline.
    pub(crate) fn deadline(&self) -> Instant {
        self.deadline
    }

    /// Counts a node; whether the search must stop.
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        // A node can cost a pass over long threat lists: the clock is read at every one.
        if self.nodes >= self.limit
            || Instant::now() >= self.deadline
            || self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
        self.aborted
    }
}

/// A VCF search for the side to move of a grid.
pub(crate) struct Vcf<'a> {
    grid: &'a mut Grid,
    pub(crate) budget: Budget<'a>,
    /// Positions (by hash) shown to have no VCF within this many attacker moves.
    failed: Failed,
    /// Positions shown to have no VCT within this many attacker moves.
    failed_vct: Failed,
}

/// In a line of [`Vcf::find_line`], a defender's answer that is no cell: any move loses.
pub(crate) const FREE: usize = usize::MAX;

/// Three-making moves tried at a VCT node, most promising first.
const THREES: usize = 16;

impl<'a> Vcf<'a> {
    /// A search on `grid` (side to move attacks) within `budget`.
    pub(crate) fn new(grid: &'a mut Grid, budget: Budget<'a>) -> Vcf<'a> {
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
        let line = self.find_line(most)?;
        Some(line.into_iter().step_by(2).collect())
    }

    /// The shortest VCF within `most` of the attacker's moves, as the whole line: the
    /// attacker's moves and the defender's answers in turn, the last move completing a
    /// line ([`FREE`] for an answer of the defender's that cannot stop it: every move
    /// loses); under the rule sets where a four has several answers, the first one's.
    pub(crate) fn find_line(&mut self, most: u32) -> Option<Vec<usize>> {
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
        if self.grid.gomoku == Gomoku::Renju {
            threes.retain(|&(cell, _)| self.grid.legal(cell, attacker));
        }
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
        if self.grid.gomoku == Gomoku::Renju {
            defences.retain(|&cell| self.grid.legal(cell, attacker ^ 1));
        }
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

    /// Whether the attacker (to move) wins by fours within `depth` moves; the moves of
    /// the win (the attacker's and the defender's answers in turn), last first, are
    /// pushed onto `line`.
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
        if grid.gomoku == Gomoku::Renju {
            moves.retain(|&(cell, _)| grid.legal(cell, attacker));
        }
        // Double fours first, then the cells nearest the last ones in list order.
        moves.sort_by_key(|&(cell, fours)| (core::cmp::Reverse(fours), cell));
        for (cell, _) in moves {
            let grid = &mut *self.grid;
            grid.play(cell);
            let wins = if grid.has_win(defender) { Vec::new() } else { grid.wins(attacker) };
            let won = match wins.as_slice() {
                [] => false,
                _ if !grid.gomoku.is_freestyle() => self.answered_by_none(depth, line, &wins),
                [_] => {
                    let block = wins[0];
                    grid.play(block);
                    let won = self.search(depth - 1, line);
                    self.grid.undo(block);
                    if won {
                        line.push(block);
                    }
                    won
                }
                // The defender blocks one; the attacker completes another.
                [_, other, ..] => {
                    line.push(*other);
                    line.push(wins[0]);
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

    /// Under the rule sets other than freestyle, after the attacker's four (`wins`, the
    /// cells where it would make a line): whether the attacker wins within `depth - 1`
    /// moves against every answer of the defender's (to move), an answer being a move the
    /// defender may play after which the attacker has no such cell. No answer: the
    /// attacker completes a line next. The main line (the first answer's) is pushed onto
    /// `line`.
    #[inline(never)]
    fn answered_by_none(&mut self, depth: u32, line: &mut Vec<usize>, wins: &[usize]) -> bool {
        let defender = self.grid.side;
        let attacker = defender ^ 1;
        let mut candidates = wins.to_vec();
        if self.grid.gomoku == Gomoku::Caro {
            // A stone just beyond the end of the run a completion would make.
            for &cell in wins {
                candidates.extend(self.grid.run_ends(cell, attacker));
            }
            candidates.sort_unstable();
            candidates.dedup();
        }
        let mut answers = Vec::new();
        for cell in candidates {
            if !self.grid.is_empty(cell) || !self.grid.legal(cell, defender) {
                continue;
            }
            self.grid.play(cell);
            let stops = !self.grid.has_win(attacker);
            self.grid.undo(cell);
            if stops {
                answers.push(cell);
            }
        }
        let Some(&first) = answers.first() else {
            // Nothing stops every line: the defender takes one cell it may play (the
            // attacker completes another), or it may play none of them.
            for &cell in wins {
                if !self.grid.is_empty(cell) || !self.grid.legal(cell, defender) {
                    continue;
                }
                self.grid.play(cell);
                let other = self.grid.wins(attacker).first().copied();
                self.grid.undo(cell);
                if let Some(other) = other {
                    line.push(other);
                    line.push(cell);
                    return true;
                }
            }
            line.push(wins[0]);
            line.push(FREE);
            return true;
        };
        let mut main = Vec::new();
        for &answer in &answers {
            self.grid.play(answer);
            let mut branch = Vec::new();
            let won = self.search(depth - 1, &mut branch);
            self.grid.undo(answer);
            if !won {
                return false;
            }
            if answer == first {
                main = branch;
            }
        }
        line.extend(main);
        line.push(first);
        true
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use gridnote_board::{Board, Cell, Player, Rules};

    use super::{Budget, Vcf};

    /// The first moves (as names) of the shortest VCF of `to_move` on a 15×15 board with
    /// black on `black` and white on `white`, within `most` attacker moves.
    fn vcf(
        black: &[&str],
        white: &[&str],
        to_move: Player,
        rules: Rules,
        most: u32,
    ) -> Option<Vec<String>> {
        let mut board = Board::new(15, 15).unwrap();
        for (names, cell) in [(black, Cell::ONE), (white, Cell::TWO)] {
            for name in names {
                let (r, c) = board.parse_cell_name(name).unwrap();
                board.set(r, c, cell).unwrap();
            }
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut grid = crate::wide::grid_of(&board, to_move, rules, deadline).unwrap();
        let found = Vcf::new(&mut grid, Budget::new(1_000_000, deadline)).find(most)?;
        Some(found.into_iter().map(|i| board.cell_name(i / 15, i % 15).to_string()).collect())
    }

    #[test]
    fn an_overline_is_no_win_under_exact_five() {
        // c8 d8 e8 f8 and h8, the other side's b8: g8 makes six. (The grid takes the side
        // to move as given, whatever the counts.)
        let (six, other) = (["c8", "d8", "e8", "f8", "h8"], ["b8"]);
        let find = |rules| vcf(&six, &other, Player::One, rules, 1);
        assert_eq!(find(Rules::GOMOKU), Some(vec!["g8".to_owned()]));
        assert_eq!(find(Rules::GOMOKU_EXACT), None);
        assert_eq!(find(Rules::RENJU), None);
        // White's six wins under renju.
        let find = |rules| vcf(&other, &six, Player::Two, rules, 1);
        assert_eq!(find(Rules::RENJU), Some(vec!["g8".to_owned()]));
        assert_eq!(find(Rules::GOMOKU_EXACT), None);
    }

    #[test]
    fn a_five_closed_at_both_ends_is_no_win_under_caro() {
        // o b8, x c8 d8 e8 f8, o h8: g8 makes a five closed at both ends.
        let (black, white) = (["c8", "d8", "e8", "f8"], ["b8", "h8"]);
        let find = |rules| vcf(&black, &white, Player::One, rules, 2);
        assert_eq!(find(Rules::GOMOKU), Some(vec!["g8".to_owned()]));
        assert_eq!(find(Rules::CARO), None);
        // With h8 empty, g8 makes a five closed at one end only: a win.
        let white = ["b8"];
        let find = |rules| vcf(&black, &white, Player::One, rules, 2);
        assert_eq!(find(Rules::CARO), Some(vec!["g8".to_owned()]));
    }

    #[test]
    fn a_four_has_more_answers_under_caro() {
        // x d8 e8 f8, o b8: x g8 makes d8..g8, completed at c8 and at h8. In freestyle
        // o cannot stop both; under caro o's h8 stops h8 and closes the five c8 would make
        // (c8..g8 between b8 and h8): no win by fours.
        let black = ["d8", "e8", "f8"];
        let find = |white: &[&str], rules| vcf(&black, white, Player::One, rules, 2);
        assert_eq!(find(&["b8"], Rules::GOMOKU).map(|l| l.len()), Some(2));
        assert_eq!(find(&["b8"], Rules::CARO), None);
        // Without b8 the straight four wins under caro too.
        assert_eq!(find(&["a1"], Rules::CARO).map(|l| l.len()), Some(2));
    }

    #[test]
    fn a_four_whose_block_is_forbidden_to_black_wins_for_white() {
        // Black's h3 h4 h5 _ h7 h8: h6 is an overline point for black. White's d6 e6 f6:
        // g6 makes d6..g6, a four completing at c6 and h6 (open), and c6 is blocked by
        // black: white's four completes at h6 only, which black may not play.
        let black = ["h3", "h4", "h5", "h7", "h8", "c6"];
        let white = ["d6", "e6", "f6"];
        let find = |rules| vcf(&black, &white, Player::Two, rules, 2);
        assert_eq!(find(Rules::RENJU), Some(vec!["g6".to_owned(), "h6".to_owned()]));
        assert_eq!(find(Rules::GOMOKU_EXACT), None);
    }
}
