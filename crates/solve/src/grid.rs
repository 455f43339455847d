//! The board of the big-board engine: any T3EN board (up to 255×255, void cells, k from
//! 1 to the side), the stones as bitboards of any size, and, kept up to date move by
//! move, every window of k playable cells with the stones of each player in it.
//!
//! A window holding stones of one player only is a threat of that player by how many
//! stones it lacks: one (a four, for k = 5: the empty cell wins), two (a three: a move
//! there makes a four), three. The windows lacking one to three stones are kept in lists
//! per player, so the threat search finds the winning cells, the moves that make a four
//! and the moves that answer them without scanning the board. The evaluation is the sum
//! of a weight per window by how full it is, updated with each move.
//!
//! Under the gomoku rule sets other than freestyle (exact five, renju, caro) a window
//! lacking one stone is a threat only when filling it makes a line: [`Grid::wins`],
//! [`Grid::has_win`], [`Grid::place`] and [`Grid::makes_four`] look at the run the stone
//! makes and what lies beyond it; renju's black may not play its forbidden points
//! ([`Grid::legal`]).

use gridnote_board::renju::{self, Point};
use gridnote_board::{Gomoku, Player, Rules};

use crate::bits::Bits;
use crate::mask::spread;

/// Threat levels kept in lists: windows lacking 1, 2 or 3 stones of one player.
pub(crate) const LEVELS: usize = 3;
/// Not in a list.
const NONE: u32 = u32::MAX;
/// Stones within this many cells (in rows and columns) make a cell a candidate move.
const NEAR: isize = 2;

/// The board, its windows and their threats.
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// Stones in a line that wins (or, misère, loses).
    pub(crate) k: usize,
    pub(crate) misere: bool,
    /// Which runs make a line, and (renju) black's forbidden points.
    pub(crate) gomoku: Gomoku,
    /// The rules (for the forbidden-point test).
    rules: Rules,
    playable: Bits,
    stones: [Bits; 2],
    /// Row and column steps of the directions that count.
    steps: Vec<(isize, isize)>,
    /// The windows of k playable cells: window `d * cells + start` runs from `start`
    /// in direction `d`.
    valid: Bits,
    /// Stones of each player in each window.
    counts: Vec<[u8; 2]>,
    /// For each player and level, the windows lacking `level + 1` of their stones and
    /// holding none of the other's.
    lists: [[Vec<u32>; LEVELS]; 2],
    /// Each window's place in its list, or `NONE`.
    slot: Vec<u32>,
    /// Stones near each cell.
    near: Vec<u16>,
    /// Cells with a stone near them (occupied ones included).
    candidates: Vec<u32>,
    candidate_slot: Vec<u32>,
    /// Zobrist hash of the stones and the side to move.
    pub(crate) hash: u64,
    /// Each player's sum of window weights.
    score: [i64; 2],
    /// The side to move (0 = Player One).
    pub(crate) side: usize,
    /// Empty playable cells.
    pub(crate) empties: usize,
    /// Window weight by stones in it.
    weights: Vec<i64>,
    /// Stamps for deduplicating cells.
    stamp: Vec<u32>,
    generation: u32,
    /// A stamped cell's place in the list being built.
    at: Vec<u32>,
}

impl renju::Stones for Grid {
    fn point(&self, row: isize, col: isize) -> Point {
        if row < 0 || col < 0 || row as usize >= self.rows || col as usize >= self.cols {
            return Point::Off;
        }
        let cell = row as usize * self.cols + col as usize;
        if !self.playable.has(cell) {
            Point::Off
        } else if self.stones[0].has(cell) {
            Point::Black
        } else if self.stones[1].has(cell) {
            Point::White
        } else {
            Point::Empty
        }
    }
}

/// The Zobrist key of a stone of `player` on `cell`.
fn key(cell: usize, player: usize) -> u64 {
    spread(((cell as u64) << 1 | player as u64) ^ 0x5bd1_e995_9e37_79b9)
}

impl Grid {
    /// An empty board of `rows`×`cols` whose playable cells are `playable`, under
    /// `rules` (k in a row, at least 1; diagonals counting or not; misère; the gomoku
    /// rule set).
    pub(crate) fn new(rows: usize, cols: usize, playable: Bits, rules: Rules) -> Grid {
        let cells = rows * cols;
        let k = rules.in_a_row.max(1);
        let mut steps = vec![(0isize, 1isize), (1, 0)];
        if rules.diagonals {
            steps.extend([(1, 1), (1, -1)]);
        }
        if k == 1 && rules.gomoku.is_freestyle() {
            // One window per cell, not one per direction.
            steps.truncate(1);
        }
        let mut valid = Bits::new(steps.len() * cells);
        for (d, &(dr, dc)) in steps.iter().enumerate() {
            // Playable cells in a row from each cell in this direction, from the far end.
            let mut run = vec![0u16; cells];
            for r in (0..rows).rev() {
                for c in (0..cols).rev() {
                    let i = r * cols + c;
                    if !playable.has(i) {
                        continue;
                    }
                    let (nr, nc) = (r as isize + dr, c as isize + dc);
                    let next = if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols
                    {
                        run[nr as usize * cols + nc as usize]
                    } else {
                        0
                    };
                    run[i] = next.saturating_add(1);
                    if usize::from(run[i]) >= k {
                        valid.insert(d * cells + i);
                    }
                }
            }
        }
        let weights = (0..=k)
            .map(|count| {
                let lack = k - count;
                if count == 0 || lack == 0 { 0 } else { 1i64 << (3 * (6 - lack.min(6))) }
            })
            .collect();
        let windows = steps.len() * cells;
        let empties = playable.count();
        Grid {
            rows,
            cols,
            k,
            misere: rules.misere,
            gomoku: rules.gomoku,
            rules: rules.with_in_a_row(k),
            playable,
            stones: [Bits::new(cells), Bits::new(cells)],
            steps,
            valid,
            counts: vec![[0; 2]; windows],
            lists: Default::default(),
            slot: vec![NONE; windows],
            near: vec![0; cells],
            candidates: Vec::new(),
            candidate_slot: vec![NONE; cells],
            hash: 0,
            score: [0; 2],
            side: 0,
            empties,
            weights,
            stamp: vec![0; cells],
            generation: 0,
            at: vec![0; cells],
        }
    }

    /// Whether `cell` is playable and empty.
    pub(crate) fn is_empty(&self, cell: usize) -> bool {
        self.playable.has(cell) && !self.stones[0].has(cell) && !self.stones[1].has(cell)
    }

    /// The windows through `cell`, into `out`.
    fn windows_through(&self, cell: usize, out: &mut Vec<u32>) {
        out.clear();
        let cells = self.rows * self.cols;
        let (r, c) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
        for (d, &(dr, dc)) in self.steps.iter().enumerate() {
            for i in 0..self.k as isize {
                let (sr, sc) = (r - i * dr, c - i * dc);
                if sr < 0 || sc < 0 || sr as usize >= self.rows || sc as usize >= self.cols {
                    break;
                }
                let id = d * cells + sr as usize * self.cols + sc as usize;
                if self.valid.has(id) {
                    out.push(id as u32);
                }
            }
        }
    }

    /// The list (player, level) window `id` belongs to by its counts.
    fn list_of(&self, id: u32) -> Option<(usize, usize)> {
        let counts = self.counts[id as usize];
        for p in 0..2 {
            let (mine, theirs) = (usize::from(counts[p]), usize::from(counts[1 - p]));
            if theirs == 0 && mine > 0 && mine < self.k && self.k - mine <= LEVELS {
                return Some((p, self.k - mine - 1));
            }
        }
        None
    }

    fn leave(&mut self, id: u32) {
        let at = self.slot[id as usize];
        if at == NONE {
            return;
        }
        let (p, level) = self.list_of(id).expect("a listed window belongs to a list");
        let list = &mut self.lists[p][level];
        list.swap_remove(at as usize);
        if let Some(&moved) = list.get(at as usize) {
            self.slot[moved as usize] = at;
        }
        self.slot[id as usize] = NONE;
    }

    fn enter(&mut self, id: u32) {
        if let Some((p, level)) = self.list_of(id) {
            let list = &mut self.lists[p][level];
            self.slot[id as usize] = list.len() as u32;
            list.push(id);
        }
    }

    /// Each player's weight from a window with these counts.
    fn weigh(&self, counts: [u8; 2]) -> [i64; 2] {
        match counts {
            [0, b] => [0, self.weights[usize::from(b)]],
            [a, 0] => [self.weights[usize::from(a)], 0],
            _ => [0, 0],
        }
    }

    fn change(&mut self, cell: usize, player: usize, add: bool) -> bool {
        let mut through = Vec::with_capacity(4 * self.k);
        self.windows_through(cell, &mut through);
        let mut completes = false;
        for &id in &through {
            self.leave(id);
            let old = self.weigh(self.counts[id as usize]);
            let count = &mut self.counts[id as usize][player];
            if add {
                *count += 1;
            } else {
                *count -= 1;
            }
            completes |= usize::from(*count) == self.k;
            let new = self.weigh(self.counts[id as usize]);
            for p in 0..2 {
                self.score[p] += new[p] - old[p];
            }
            self.enter(id);
        }
        completes
    }

    fn touch_near(&mut self, cell: usize, add: bool) {
        let (r, c) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
        for nr in (r - NEAR).max(0)..=(r + NEAR).min(self.rows as isize - 1) {
            for nc in (c - NEAR).max(0)..=(c + NEAR).min(self.cols as isize - 1) {
                let i = nr as usize * self.cols + nc as usize;
                if add {
                    self.near[i] += 1;
                    if self.near[i] == 1 {
                        self.candidate_slot[i] = self.candidates.len() as u32;
                        self.candidates.push(i as u32);
                    }
                } else {
                    self.near[i] -= 1;
                    if self.near[i] == 0 {
                        let at = self.candidate_slot[i] as usize;
                        self.candidates.swap_remove(at);
                        if let Some(&moved) = self.candidates.get(at) {
                            self.candidate_slot[moved as usize] = at as u32;
                        }
                        self.candidate_slot[i] = NONE;
                    }
                }
            }
        }
    }

    /// Puts a stone of `player` on `cell` (empty) without changing the side to move;
    /// whether it completes a line.
    pub(crate) fn place(&mut self, cell: usize, player: usize) -> bool {
        debug_assert!(self.is_empty(cell));
        let makes_line = !self.gomoku.is_freestyle() && self.completes_at(cell, player);
        self.stones[player].insert(cell);
        self.hash ^= key(cell, player);
        self.empties -= 1;
        self.touch_near(cell, true);
        self.change(cell, player, true) && (self.gomoku.is_freestyle() || makes_line)
    }

    /// Takes back `place(cell, player)`.
    fn unplace(&mut self, cell: usize, player: usize) {
        self.stones[player].remove(cell);
        self.hash ^= key(cell, player);
        self.empties += 1;
        self.touch_near(cell, false);
        self.change(cell, player, false);
    }

    /// Whether a stone of `player` on `cell` (empty) would make a line under the rule
    /// set: in some direction, the run through it ([`Gomoku::run_wins`]).
    pub(crate) fn completes_at(&self, cell: usize, player: usize) -> bool {
        let (r, c) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
        let who = if player == 0 { Player::One } else { Player::Two };
        self.steps.iter().any(|&(dr, dc)| {
            let mut ends = [(0isize, 0isize); 2];
            let mut len = 1;
            for (side, sign) in [(0, -1isize), (1, 1)] {
                let mut i = 1;
                while self.holds(r + sign * dr * i, c + sign * dc * i, player) {
                    i += 1;
                }
                len += i as usize - 1;
                ends[side] = (r + sign * dr * i, c + sign * dc * i);
            }
            let blocked = ends.map(|(er, ec)| self.holds(er, ec, player ^ 1));
            self.gomoku.run_wins(len, self.k, who, blocked)
        })
    }

    /// The empty cells just beyond the two ends of the run through `cell` (empty) that a
    /// stone of `player` there would make, in each direction.
    pub(crate) fn run_ends(&self, cell: usize, player: usize) -> Vec<usize> {
        let (r, c) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
        let mut out = Vec::new();
        for &(dr, dc) in &self.steps {
            for sign in [-1isize, 1] {
                let mut i = 1;
                while self.holds(r + sign * dr * i, c + sign * dc * i, player) {
                    i += 1;
                }
                let (er, ec) = (r + sign * dr * i, c + sign * dc * i);
                if er >= 0 && ec >= 0 && (er as usize) < self.rows && (ec as usize) < self.cols {
                    let end = er as usize * self.cols + ec as usize;
                    if self.is_empty(end) {
                        out.push(end);
                    }
                }
            }
        }
        out
    }

    /// Whether (row, col) is on the board and holds a stone of `player`.
    fn holds(&self, row: isize, col: isize, player: usize) -> bool {
        row >= 0
            && col >= 0
            && (row as usize) < self.rows
            && (col as usize) < self.cols
            && self.stones[player].has(row as usize * self.cols + col as usize)
    }

    /// Whether `player` may play `cell` (empty): every cell, but black's forbidden
    /// points under renju.
    pub(crate) fn legal(&self, cell: usize, player: usize) -> bool {
        if self.gomoku != Gomoku::Renju || player != 0 {
            return true;
        }
        let (row, col) = (cell / self.cols, cell % self.cols);
        renju::forbidden_at(self, row, col, self.rules).is_none()
    }

    /// The side to move plays `cell` (empty); whether it completes a line.
    pub(crate) fn play(&mut self, cell: usize) -> bool {
        let completes = self.place(cell, self.side);
        self.side ^= 1;
        self.hash ^= 1;
        completes
    }

    /// Hands the move to the other side without a stone (for null-move threat tests).
    pub(crate) fn pass(&mut self) {
        self.side ^= 1;
        self.hash ^= 1;
    }

    /// Takes back `play(cell)`.
    pub(crate) fn undo(&mut self, cell: usize) {
        self.side ^= 1;
        self.hash ^= 1;
        let player = self.side;
        self.stones[player].remove(cell);
        self.hash ^= key(cell, player);
        self.empties += 1;
        self.touch_near(cell, false);
        self.change(cell, player, false);
    }

    /// A fresh stamp for deduplicating cells.
    fn fresh_stamp(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        self.generation
    }

    /// The empty cells of `player`'s windows lacking `level + 1` stones, each once,
    /// with how many such windows it is in.
    pub(crate) fn threat_cells(&mut self, player: usize, level: usize) -> Vec<(usize, u32)> {
        let generation = self.fresh_stamp();
        let mut out: Vec<(usize, u32)> = Vec::new();
        for l in 0..self.lists[player][level].len() {
            let id = self.lists[player][level][l];
            let cells = self.rows * self.cols;
            let (d, start) = (id as usize / cells, id as usize % cells);
            let (dr, dc) = self.steps[d];
            let step = dr * self.cols as isize + dc;
            for i in 0..self.k as isize {
                let cell = (start as isize + i * step) as usize;
                if self.stones[player].has(cell) {
                    continue;
                }
                if self.stamp[cell] != generation {
                    self.stamp[cell] = generation;
                    self.at[cell] = out.len() as u32;
                    out.push((cell, 0));
                }
                out[self.at[cell] as usize].1 += 1;
            }
        }
        out
    }

    /// The cells where `player` completes a line.
    pub(crate) fn wins(&mut self, player: usize) -> Vec<usize> {
        if !self.gomoku.is_freestyle() {
            return self.ruled_wins(player);
        }
        if self.k == 1 {
            return self.playable_empty().take(2).collect();
        }
        self.threat_cells(player, 0).into_iter().map(|(cell, _)| cell).collect()
    }

    /// [`Grid::wins`] under the rule sets other than freestyle: the cells of windows
    /// lacking one stone where the stone makes a line.
    #[inline(never)]
    fn ruled_wins(&mut self, player: usize) -> Vec<usize> {
        let cells: Vec<usize> = if self.k == 1 {
            self.playable_empty().collect()
        } else {
            self.threat_cells(player, 0).into_iter().map(|(cell, _)| cell).collect()
        };
        cells.into_iter().filter(|&cell| self.completes_at(cell, player)).collect()
    }

    /// Whether `player` has a cell that completes a line.
    pub(crate) fn has_win(&self, player: usize) -> bool {
        if !self.gomoku.is_freestyle() {
            return self.ruled_has_win(player);
        }
        if self.k == 1 {
            return self.empties > 0;
        }
        !self.lists[player][0].is_empty()
    }

    /// [`Grid::has_win`] under the rule sets other than freestyle.
    #[inline(never)]
    fn ruled_has_win(&self, player: usize) -> bool {
        if self.k == 1 {
            return self.playable_empty().any(|cell| self.completes_at(cell, player));
        }
        let cells = self.rows * self.cols;
        self.lists[player][0].iter().any(|&id| {
            let (d, start) = (id as usize / cells, id as usize % cells);
            let (dr, dc) = self.steps[d];
            let step = dr * self.cols as isize + dc;
            (0..self.k as isize)
                .map(|i| (start as isize + i * step) as usize)
                .find(|&cell| !self.stones[player].has(cell))
                .is_some_and(|cell| self.completes_at(cell, player))
        })
    }

    /// Whether a stone of `player` on `cell` leaves a window lacking one stone (makes a
    /// four, for k = 5); under the rule sets other than freestyle, one whose last cell
    /// makes a line.
    pub(crate) fn makes_four(&mut self, cell: usize, player: usize) -> bool {
        if !self.gomoku.is_freestyle() {
            self.place(cell, player);
            let four = self.ruled_has_win(player);
            self.unplace(cell, player);
            return four;
        }
        let mut through = Vec::with_capacity(4 * self.k);
        self.windows_through(cell, &mut through);
        through.iter().any(|&id| {
            let counts = self.counts[id as usize];
            counts[1 - player] == 0 && usize::from(counts[player]) + 2 == self.k
        })
    }

    /// What a stone of `player` on `cell` is worth: the weight it adds to their windows
    /// and the weight it takes from the other player's (a completed line and a blocked
    /// four above all).
    pub(crate) fn gain(&self, cell: usize, player: usize) -> i64 {
        let mut through = Vec::with_capacity(4 * self.k);
        self.windows_through(cell, &mut through);
        let mut gain = 0;
        for &id in &through {
            let counts = self.counts[id as usize];
            let (mine, theirs) = (usize::from(counts[player]), usize::from(counts[1 - player]));
            if theirs == 0 {
                gain += if mine + 1 == self.k {
                    1 << 40
                } else {
                    self.weights[mine + 1] - self.weights[mine]
                };
            } else if mine == 0 {
                gain += if theirs + 1 == self.k { 1 << 38 } else { self.weights[theirs] };
            }
        }
        gain
    }

    /// The static value for the side to move.
    pub(crate) fn eval(&self) -> i64 {
        let value = self.score[self.side] - self.score[self.side ^ 1];
        if self.misere { -value } else { value }
    }

    /// The empty cells near a stone.
    pub(crate) fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        self.candidates.iter().map(|&c| c as usize).filter(|&c| self.is_empty(c))
    }

    /// Every empty playable cell, in row-major order.
    pub(crate) fn playable_empty(&self) -> impl Iterator<Item = usize> + '_ {
        self.playable.iter().filter(|&c| self.is_empty(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(rows: usize, cols: usize, k: usize) -> Grid {
        let mut playable = Bits::new(rows * cols);
        (0..rows * cols).for_each(|i| playable.insert(i));
        Grid::new(rows, cols, playable, Rules::TIC_TAC_TOE.with_in_a_row(k))
    }

    #[test]
    fn windows_lists_and_scores_follow_the_moves_and_come_back() {
        let mut grid = open(15, 15, 5);
        let fresh = (grid.hash, grid.score, grid.counts.clone(), grid.candidates().count());
        assert_eq!(fresh.3, 0);
        // x on a row: h8 i8 j8 k8 (row 7, columns 7..=10), o elsewhere.
        let moves = [7 * 15 + 7, 0, 7 * 15 + 8, 14, 7 * 15 + 9, 224, 7 * 15 + 10];
        for (i, &m) in moves.iter().enumerate() {
            assert!(!grid.play(m), "move {i} completes nothing");
        }
        // Four in a row open at both ends: two winning cells for x.
        let mut wins = grid.wins(0);
        wins.sort_unstable();
        assert_eq!(wins, [7 * 15 + 6, 7 * 15 + 11]);
        assert!(grid.wins(1).is_empty());
        assert!(grid.makes_four(7 * 15 + 12, 0));
        for &m in moves.iter().rev() {
            grid.undo(m);
        }
        assert_eq!((grid.hash, grid.score, grid.counts.clone(), grid.candidates().count()), fresh);
        assert!(grid.lists.iter().flatten().all(Vec::is_empty));
    }

    #[test]
    fn windows_skip_void_cells_and_the_edges() {
        let mut playable = Bits::new(9);
        (0..9).filter(|&i| i != 4).for_each(|i| playable.insert(i));
        let grid = Grid::new(3, 3, playable, Rules::TIC_TAC_TOE);
        // Rows 0 and 2, columns 0 and 2: the centre is void.
        assert_eq!(grid.valid.count(), 4);
    }
}
