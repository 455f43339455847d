//! The board of the gomoku engine: stones on a padded grid (five cells of wall around,
//! void cells walls too), and, kept up to date move by move for every empty cell, the
//! line key of each of its four lines, the shape a stone of either player would make in
//! each, the classes of the four shapes and their combo, with running totals: how many
//! empty cells have each combo for each player, and each player's evaluation weight.
//!
//! Every row, column and diagonal of the padded grid is kept as a string of two bits a
//! cell (0 empty, 1 Player One, 2 Player Two, 3 wall), so a cell's line key is read out
//! of it with a shift. A stone changes one pair of bits in each of its four lines and the
//! shapes of the empty cells within reach on them; taking it back is the same
//! exclusive-or, so nothing is saved for undo but the candidate area.

use super::combo::{COMBOS, Combo, HAVING, Tables, class, classes};
use super::line::HALF;
use crate::mask::spread;

/// Wall cells around the board.
pub(crate) const PAD: usize = HALF;
const EMPTY: u8 = 0;
const WALL: u8 = 3;

/// Cells whose combo is this or better are listed per player.
const LISTED: Combo = Combo::OpenThree;

/// Cells within this square distance of a stone are candidate moves…
pub(crate) const NEAR_SQUARE: isize = 2;
/// …and on its lines within this distance (at most the padding).
pub(crate) const NEAR_LINE: isize = 3;

/// One cell's state.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Cell {
    /// 0 empty, 1 Player One, 2 Player Two, 3 wall.
    pub(crate) stone: u8,
    /// Stones near enough to make this a candidate move.
    near: u8,
    /// The shape of each direction, Player One's in the low four bits.
    pub(crate) shape: [u8; 4],
    /// Each player's classes of the four shapes, three bits each.
    pub(crate) classes: [u16; 2],
    /// Each player's combo.
    pub(crate) combo: [Combo; 2],
}

/// The bounding box of the stones (rows and columns of the padded grid), or empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Area {
    top: u16,
    bottom: u16,
    left: u16,
    right: u16,
}

/// The board, its shapes and totals.
#[derive(Debug, Clone)]
pub(crate) struct Board {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// Columns of the padded grid.
    pub(crate) width: usize,
    pub(crate) cells: Vec<Cell>,
    /// The lines of each direction, two bits a cell, `stride` words each, from
    /// `line_base[d]`: rows by column, columns by row, and both diagonals by row.
    lines: Vec<u64>,
    line_base: [usize; 4],
    stride: usize,
    /// Index steps of the four directions: along a row, down a column, and the two
    /// diagonals.
    pub(crate) dirs: [isize; 4],
    pub(crate) tables: &'static Tables,
    /// Neighbours on each side whose stones change a shape (4 when overlines win, 5).
    reach: isize,
    /// Empty cells by each player's combo.
    counts: [[u16; COMBOS]; 2],
    /// Each player's evaluation weight `[player][0 to move, 1 not]`.
    values: [[i32; 2]; 2],
    /// Zobrist hash of the stones and the side to move.
    pub(crate) hash: u64,
    /// The side to move (0 = Player One).
    pub(crate) side: usize,
    /// The stones in the order placed.
    pub(crate) history: Vec<u32>,
    /// The stones' bounding box before each stone of `history` (and now, last).
    areas: Vec<Option<Area>>,
    /// Empty playable cells.
    pub(crate) empties: usize,
    /// Candidate moves: within this square distance of a stone, and on its lines within
    /// the second distance.
    pub(crate) near_range: (isize, isize),
    /// The last cell seen to become each player's `Five`.
    last_five: [u32; 2],
    /// Each player's empty cells whose combo is an open three or better, in no order.
    threats: [Vec<u32>; 2],
    /// Each cell's place in `threats`, or `u32::MAX`.
    four_slot: Vec<[u32; 2]>,
}

/// The Zobrist key of a stone of `player` on padded cell `at`.
#[inline]
fn key_of(at: usize, player: usize) -> u64 {
    spread(((at as u64) << 1 | player as u64) ^ 0x2545_f491_4f6c_dd1d)
}

/// The hash change when the side to move changes.
const SIDE_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

/// The key slot of the neighbour `j` cells along a line (`j` in -5..=5, not 0).
#[inline]
fn slot(j: isize) -> u32 {
    if j < 0 { (j + HALF as isize) as u32 } else { (j + HALF as isize - 1) as u32 }
}

impl Board {
    /// An empty `rows`×`cols` board whose cells `void(row, col)` are walls, under the
    /// rule tables `tables` (`reach` 4 when overlines win for both players, else 5).
    pub(crate) fn new(
        rows: usize,
        cols: usize,
        void: impl Fn(usize, usize) -> bool,
        tables: &'static Tables,
        reach: usize,
    ) -> Board {
        let width = cols + 2 * PAD;
        let height = rows + 2 * PAD;
        let mut cells = vec![Cell { stone: WALL, ..Cell::default() }; width * height];
        let mut empties = 0;
        for r in 0..rows {
            for c in 0..cols {
                if !void(r, c) {
                    cells[(r + PAD) * width + c + PAD].stone = EMPTY;
                    empties += 1;
                }
            }
        }
        let w = width as isize;
        // Two bits a cell along the longest line, and a spare word for reading across.
        let stride = (2 * width.max(height)).div_ceil(64) + 1;
        let diagonals = width + height - 1;
        let line_base = [0, height, height + width, height + width + diagonals].map(|l| l * stride);
        let mut board = Board {
            rows,
            cols,
            width,
            lines: vec![0; (height + width + 2 * diagonals) * stride],
            line_base,
            stride,
            cells,
            dirs: [1, w, w + 1, w - 1],
            tables,
            reach: reach as isize,
            counts: [[0; COMBOS]; 2],
            values: [[0; 2]; 2],
            hash: 0,
            side: 0,
            history: Vec::new(),
            areas: vec![None],
            empties,
            near_range: (NEAR_SQUARE, NEAR_LINE),
            last_five: [0; 2],
            threats: [Vec::new(), Vec::new()],
            four_slot: Vec::new(),
        };
        board.four_slot = vec![[u32::MAX; 2]; board.cells.len()];
        for at in 0..board.cells.len() {
            if board.cells[at].stone == WALL {
                board.flip(at, 3);
            }
        }
        for at in 0..board.cells.len() {
            if board.cells[at].stone == EMPTY {
                board.refresh_all(at);
                board.add(at);
            }
        }
        board
    }

    /// The first word of `at`'s line in direction `d`, and `at`'s place along it.
    #[inline]
    fn line_of(&self, at: usize, d: usize) -> (usize, usize) {
        let (r, c) = (at / self.width, at % self.width);
        let (line, pos) = match d {
            0 => (r, c),
            1 => (c, r),
            2 => (r + self.width - 1 - c, r),
            _ => (r + c, r),
        };
        (self.line_base[d] + line * self.stride, pos)
    }

    /// Exclusive-or of `bits` into `at`'s place in its four lines.
    fn flip(&mut self, at: usize, bits: u64) {
        for d in 0..4 {
            let (base, pos) = self.line_of(at, d);
            self.lines[base + pos / 32] ^= bits << (2 * (pos % 32));
        }
    }

    /// The key of the cell at `pos` along the line starting at word `base`: the five
    /// cells on either side, two bits each, the nearest left one in bits 8 and 9.
    #[inline]
    fn key(&self, base: usize, pos: usize) -> u32 {
        let bit = 2 * (pos - HALF);
        let word = base + bit / 64;
        let pair = u128::from(self.lines[word]) | u128::from(self.lines[word + 1]) << 64;
        let window = (pair >> (bit % 64)) as u32 & 0x3f_ffff;
        window & 0x3ff | (window >> 12) << 10
    }

    /// The padded index of real cell `(row, col)`.
    #[inline]
    pub(crate) fn at(&self, row: usize, col: usize) -> usize {
        (row + PAD) * self.width + col + PAD
    }

    /// The real `(row, col)` of padded index `at`.
    #[inline]
    pub(crate) fn row_col(&self, at: usize) -> (usize, usize) {
        (at / self.width - PAD, at % self.width - PAD)
    }

    /// Whether `at` is an empty playable cell.
    #[inline]
    pub(crate) fn is_empty(&self, at: usize) -> bool {
        self.cells[at].stone == EMPTY
    }

    /// The combo a stone of `player` would make on `at`.
    #[inline]
    pub(crate) fn combo(&self, at: usize, player: usize) -> Combo {
        self.cells[at].combo[player]
    }

    /// How many empty cells have `combo` for `player`.
    #[inline]
    pub(crate) fn count(&self, player: usize, combo: Combo) -> u16 {
        self.counts[player][combo as usize]
    }

    /// The static evaluation for the side to move.
    #[inline]
    pub(crate) fn eval(&self) -> i32 {
        let w = self.tables.weights;
        let (me, opp) = (self.side, self.side ^ 1);
        let mut value = w.tempo + self.values[me][0] - self.values[opp][1];
        for (i, &combo) in HAVING.iter().enumerate() {
            if self.counts[me][combo as usize] > 0 {
                value += w.having[0][i];
            }
            if self.counts[opp][combo as usize] > 0 {
                value += w.having[1][i];
            }
        }
        value
    }

    /// The shape of `player` on `at` in direction `d`.
    #[inline]
    pub(crate) fn shape(&self, at: usize, d: usize, player: usize) -> super::line::Shape {
        super::line::Shape::from_index(usize::from(self.cells[at].shape[d] >> (4 * player) & 15))
    }

    /// Recomputes the shapes of `at` in every direction (its totals not touched).
    fn refresh_all(&mut self, at: usize) {
        for d in 0..4 {
            let (base, pos) = self.line_of(at, d);
            self.cells[at].shape[d] = self.tables.shapes.pair(self.key(base, pos));
        }
        self.recode(at);
    }

    /// Recomputes the classes and combos of `at` from its shapes.
    fn recode(&mut self, at: usize) {
        for p in 0..2 {
            let cell = &mut self.cells[at];
            cell.classes[p] = classes(cell.shape, p);
            let combo = self.tables.combo(p, cell.classes[p]);
            cell.combo[p] = combo;
            if combo == Combo::Five {
                self.last_five[p] = at as u32;
            }
        }
    }

    /// `player`'s evaluation weights of the empty cell `at`, `[to move, not]`.
    #[inline]
    fn cell_value(&self, at: usize, p: usize) -> [i32; 2] {
        let w = self.tables.weights;
        let cell = &self.cells[at];
        [0, 1].map(|m| {
            cell.shape
                .iter()
                .map(|&s| w.shape_value[m][usize::from(s >> (4 * p) & 15)])
                .sum::<i32>()
                + w.combo_value[m][cell.combo[p] as usize]
        })
    }

    /// What a stone of the side to move on the empty cell `at` promises: what it makes
    /// for them and what it takes from the other side.
    #[inline]
    pub(crate) fn move_score(&self, at: usize) -> i32 {
        let w = self.tables.weights;
        let me = self.side;
        let cell = &self.cells[at];
        let mut score =
            w.combo_attack[cell.combo[me] as usize] + w.combo_defence[cell.combo[me ^ 1] as usize];
        for &s in &cell.shape {
            score += w.shape_attack[usize::from(s >> (4 * me) & 15)]
                + w.shape_defence[usize::from(s >> (4 * (me ^ 1)) & 15)];
        }
        score
    }

    /// Adds the empty cell `at` to the totals (and the threat lists).
    #[inline]
    fn add(&mut self, at: usize) {
        for p in 0..2 {
            let value = self.cell_value(at, p);
            let combo = self.cells[at].combo[p];
            self.counts[p][combo as usize] += 1;
            self.values[p][0] += value[0];
            self.values[p][1] += value[1];
            if combo >= LISTED {
                self.list(at, p);
            }
        }
    }

    /// Takes the empty cell `at` out of the totals (and the threat lists).
    #[inline]
    fn remove(&mut self, at: usize) {
        for p in 0..2 {
            let value = self.cell_value(at, p);
            let combo = self.cells[at].combo[p];
            self.counts[p][combo as usize] -= 1;
            self.values[p][0] -= value[0];
            self.values[p][1] -= value[1];
            if combo >= LISTED {
                self.unlist(at, p);
            }
        }
    }

    /// The stone `bits` (1 or 2) comes onto or off `at`: every key within five on its
    /// lines changes, and the shapes of the empty cells within reach.
    fn touch(&mut self, at: usize, bits: u32) {
        let reach = self.reach;
        for d in 0..4 {
            let (base, pos) = self.line_of(at, d);
            self.lines[base + pos / 32] ^= u64::from(bits) << (2 * (pos % 32));
            let step = self.dirs[d];
            for j in -reach..=reach {
                let q = (at as isize + j * step) as usize;
                if j == 0 || self.cells[q].stone != EMPTY {
                    continue;
                }
                {
                    let pair = self.tables.shapes.pair(self.key(base, (pos as isize + j) as usize));
                    let old = self.cells[q].shape[d];
                    if pair != old {
                        self.cells[q].shape[d] = pair;
                        for p in 0..2 {
                            let (from, to) = (old >> (4 * p) & 15, pair >> (4 * p) & 15);
                            if from != to {
                                self.reshape(q, d, p, from, to);
                            }
                        }
                    }
                }
            }
        }
    }

    /// `player`'s shape of the empty cell `at` in direction `d` has changed from `from`
    /// to `to`: its classes, combo and the totals follow.
    #[inline]
    fn reshape(&mut self, at: usize, d: usize, p: usize, from: u8, to: u8) {
        let w = self.tables.weights;
        let (from, to) = (usize::from(from), usize::from(to));
        self.values[p][0] += w.shape_value[0][to] - w.shape_value[0][from];
        self.values[p][1] += w.shape_value[1][to] - w.shape_value[1][from];
        let cell = &mut self.cells[at];
        cell.classes[p] = cell.classes[p] & !(7 << (3 * d)) | class(to as u8) << (3 * d);
        let combo = self.tables.combo(p, cell.classes[p]);
        let old = cell.combo[p];
        if combo != old {
            cell.combo[p] = combo;
            self.counts[p][old as usize] -= 1;
            self.counts[p][combo as usize] += 1;
            self.values[p][0] += w.combo_value[0][combo as usize] - w.combo_value[0][old as usize];
            self.values[p][1] += w.combo_value[1][combo as usize] - w.combo_value[1][old as usize];
            if combo == Combo::Five {
                self.last_five[p] = at as u32;
            }
            let (was, is) = (old >= LISTED, combo >= LISTED);
            if was && !is {
                self.unlist(at, p);
            } else if is && !was {
                self.list(at, p);
            }
        }
    }

    /// Adds `at` to `player`'s threat list.
    #[inline]
    fn list(&mut self, at: usize, p: usize) {
        self.four_slot[at][p] = self.threats[p].len() as u32;
        self.threats[p].push(at as u32);
    }

    /// Takes `at` out of `player`'s threat list.
    #[inline]
    fn unlist(&mut self, at: usize, p: usize) {
        let slot = self.four_slot[at][p];
        let list = &mut self.threats[p];
        list.swap_remove(slot as usize);
        if let Some(&moved) = list.get(slot as usize) {
            self.four_slot[moved as usize][p] = slot;
        }
        self.four_slot[at][p] = u32::MAX;
    }

    fn near(&mut self, at: usize, add: bool) {
        let w = self.width as isize;
        let mut bump = |q: isize| {
            let cell = &mut self.cells[q as usize];
            if add {
                cell.near += 1;
            } else {
                cell.near -= 1;
            }
        };
        let at = at as isize;
        let (square, line) = self.near_range;
        for dr in -square..=square {
            for dc in -square..=square {
                if dr != 0 || dc != 0 {
                    bump(at + dr * w + dc);
                }
            }
        }
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1)] {
            for k in square + 1..=line {
                bump(at + k * (dr * w + dc));
            }
        }
    }

    /// Puts a stone of `player` on the empty cell `at` (the side to move unchanged).
    pub(crate) fn place(&mut self, at: usize, player: usize) {
        debug_assert!(self.is_empty(at));
        self.remove(at);
        self.cells[at].stone = player as u8 + 1;
        self.touch(at, player as u32 + 1);
        self.near(at, true);
        self.hash ^= key_of(at, player);
        self.empties -= 1;
        self.history.push(at as u32);
        let (r, c) = ((at / self.width) as u16, (at % self.width) as u16);
        let area = match *self.areas.last().expect("always one") {
            None => Area { top: r, bottom: r, left: c, right: c },
            Some(a) => Area {
                top: a.top.min(r),
                bottom: a.bottom.max(r),
                left: a.left.min(c),
                right: a.right.max(c),
            },
        };
        self.areas.push(Some(area));
    }

    /// The side to move plays `at`.
    #[inline]
    pub(crate) fn play(&mut self, at: usize) {
        self.place(at, self.side);
        self.side ^= 1;
        self.hash ^= SIDE_KEY;
    }

    /// Takes back the last stone placed (by `play` or `place`), handing the move back
    /// when it was played.
    pub(crate) fn undo(&mut self) {
        let at = self.history.pop().expect("a stone to take back") as usize;
        self.areas.pop();
        let player = usize::from(self.cells[at].stone - 1);
        if player != self.side {
            self.side ^= 1;
            self.hash ^= SIDE_KEY;
        }
        self.hash ^= key_of(at, player);
        self.empties += 1;
        self.near(at, false);
        self.cells[at].stone = EMPTY;
        self.touch(at, player as u32 + 1);
        self.refresh_all(at);
        self.add(at);
    }

    /// The hash after the side to move plays `at`.
    #[inline]
    pub(crate) fn hash_after(&self, at: usize) -> u64 {
        self.hash ^ key_of(at, self.side) ^ SIDE_KEY
    }

    /// Hands the move to the other side without a stone.
    pub(crate) fn pass(&mut self) {
        self.side ^= 1;
        self.hash ^= SIDE_KEY;
    }

    /// The combo `player` would have on the empty cell `at` after a stone of the other
    /// player on the empty cell `block` (which is not `at`): only the line through both
    /// changes, and a stone of the other player never makes a shape stronger.
    pub(crate) fn combo_if_blocked(&self, at: usize, block: usize, player: usize) -> Combo {
        let w = self.width as isize;
        let (ar, ac) = (at as isize / w, at as isize % w);
        let (br, bc) = (block as isize / w, block as isize % w);
        let (dr, dc) = (br - ar, bc - ac);
        let (d, j) = if dr == 0 {
            (0, dc)
        } else if dc == 0 {
            (1, dr)
        } else if dr == dc {
            (2, dr)
        } else if dr == -dc {
            (3, dr)
        } else {
            return self.cells[at].combo[player];
        };
        if j.abs() > self.reach {
            return self.cells[at].combo[player];
        }
        let other = (player ^ 1) as u32 + 1;
        let (base, pos) = self.line_of(at, d);
        let key = self.key(base, pos) ^ other << (2 * slot(j));
        let shape = self.tables.shapes.pair(key) >> (4 * player) & 15;
        let classes = self.cells[at].classes[player] & !(7 << (3 * d)) | class(shape) << (3 * d);
        self.tables.combo(player, classes)
    }

    /// Every empty cell near a stone (the candidate moves), in row-major order, into
    /// `out`.
    pub(crate) fn candidates(&self, out: &mut Vec<u32>) {
        out.clear();
        let Some(area) = *self.areas.last().expect("always one") else {
            return;
        };
        let reach = self.near_range.1.max(self.near_range.0) as u16;
        let top = area.top.saturating_sub(reach).max(PAD as u16);
        let bottom = (area.bottom + reach).min((self.rows + PAD - 1) as u16);
        let left = area.left.saturating_sub(reach).max(PAD as u16);
        let right = (area.right + reach).min((self.cols + PAD - 1) as u16);
        for r in top..=bottom {
            let row = usize::from(r) * self.width;
            for c in left..=right {
                let at = row + usize::from(c);
                let cell = &self.cells[at];
                if cell.stone == EMPTY && cell.near > 0 {
                    out.push(at as u32);
                }
            }
        }
    }

    /// A cell where `player` completes a line, if there is one.
    pub(crate) fn five(&self, player: usize) -> Option<usize> {
        if self.counts[player][Combo::Five as usize] == 0 {
            return None;
        }
        let last = self.last_five[player] as usize;
        if self.cells[last].stone == EMPTY && self.cells[last].combo[player] == Combo::Five {
            return Some(last);
        }
        self.threats[player]
            .iter()
            .map(|&a| a as usize)
            .find(|&a| self.cells[a].combo[player] == Combo::Five)
    }

    /// The empty cells where `player`'s combo is `at_least` or stronger, into `out`
    /// (emptied first): in increasing order.
    pub(crate) fn cells_from(&self, player: usize, at_least: Combo, out: &mut Vec<u32>) {
        out.clear();
        if at_least >= LISTED {
            out.extend(
                self.threats[player]
                    .iter()
                    .copied()
                    .filter(|&a| self.cells[a as usize].combo[player] >= at_least),
            );
            out.sort_unstable();
        } else {
            self.candidates(out);
            out.retain(|&a| self.cells[a as usize].combo[player] >= at_least);
        }
    }

    /// The most central empty playable cell.
    pub(crate) fn central(&self) -> Option<usize> {
        let (rows, cols) = (self.rows as isize, self.cols as isize);
        (0..self.rows * self.cols)
            .map(|i| (i / self.cols, i % self.cols))
            .filter(|&(r, c)| self.is_empty(self.at(r, c)))
            .min_by_key(|&(r, c)| {
                let (r, c) = (r as isize, c as isize);
                ((2 * r - (rows - 1)).abs() + (2 * c - (cols - 1)).abs(), r, c)
            })
            .map(|(r, c)| self.at(r, c))
    }
}

#[cfg(test)]
mod tests {
    use super::super::line::Winning;
    use super::*;

    fn freestyle(rows: usize, cols: usize) -> Board {
        Board::new(rows, cols, |_, _| false, Tables::of([Winning::FREESTYLE; 2], [false; 2]), 4)
    }

    /// Everything derived, recomputed from the stones alone.
    fn fresh_copy(board: &Board) -> Board {
        let mut fresh = Board::new(
            board.rows,
            board.cols,
            |r, c| board.cells[board.at(r, c)].stone == WALL,
            board.tables,
            board.reach as usize,
        );
        for &at in &board.history {
            fresh.place(at as usize, usize::from(board.cells[at as usize].stone - 1));
        }
        fresh.side = board.side;
        fresh
    }

    fn same(a: &Board, b: &Board) {
        for at in 0..a.cells.len() {
            if a.cells[at].stone == EMPTY {
                assert_eq!(a.cells[at].shape, b.cells[at].shape, "shapes at {at}");
                assert_eq!(a.cells[at].combo, b.cells[at].combo, "combos at {at}");
            }
            assert_eq!(a.cells[at].stone, b.cells[at].stone);
            assert_eq!(a.cells[at].near, b.cells[at].near);
        }
        assert_eq!(a.counts, b.counts);
        assert_eq!(a.values, b.values);
        for p in 0..2 {
            let (mut x, mut y) = (a.threats[p].clone(), b.threats[p].clone());
            x.sort_unstable();
            y.sort_unstable();
            assert_eq!(x, y, "threat lists of player {p}");
        }
    }

    /// The cells where `player` would complete five or more in a row on `board`, by
    /// gridnote-board's own outcome (the reference).
    fn winning_cells(board: &gridnote_board::Board, player: gridnote_board::Player) -> usize {
        let rules = gridnote_board::Rules::TIC_TAC_TOE.with_in_a_row(5);
        let mut wins = 0;
        for r in 0..board.rows() {
            for c in 0..board.cols() {
                if board.get(r, c) == Some(gridnote_board::Cell::Empty) {
                    let mut after = board.clone();
                    let stone = if player == gridnote_board::Player::One {
                        gridnote_board::Cell::ONE
                    } else {
                        gridnote_board::Cell::TWO
                    };
                    after.set(r, c, stone).unwrap();
                    wins +=
                        usize::from(after.outcome(rules) == gridnote_board::Outcome::Won(player));
                }
            }
        }
        wins
    }

    #[test]
    fn fives_and_fours_agree_with_the_board_model_on_random_positions() {
        use gridnote_board::{Cell as Stone, Player};
        let stone = |p: Player| if p == Player::One { Stone::ONE } else { Stone::TWO };
        let size = 11;
        let mut state = 99u64;
        let mut checked = 0;
        for _ in 0..40 {
            // A position of random stones (no line yet), built on both models.
            let mut model = gridnote_board::Board::new(size, size).unwrap();
            let mut board = freestyle(size, size);
            let rules = gridnote_board::Rules::TIC_TAC_TOE.with_in_a_row(5);
            for i in 0..36 {
                state = spread(state);
                let (r, c) = ((state % size as u64) as usize, (state / 16 % size as u64) as usize);
                let player = if i % 2 == 0 { Player::One } else { Player::Two };
                if model.get(r, c) != Some(Stone::Empty) {
                    continue;
                }
                let mut next = model.clone();
                next.set(r, c, stone(player)).unwrap();
                if next.outcome(rules).is_over() {
                    continue;
                }
                model = next;
                board.place(board.at(r, c), player.index());
            }
            for (p, player) in [Player::One, Player::Two].into_iter().enumerate() {
                assert_eq!(usize::from(board.count(p, Combo::Five)), winning_cells(&model, player));
                if board.count(p, Combo::Five) > 0 {
                    continue;
                }
                // Every empty cell: the combo says how many winning cells a stone there
                // makes.
                for r in 0..size {
                    for c in 0..size {
                        let at = board.at(r, c);
                        if !board.is_empty(at) {
                            continue;
                        }
                        let mut after = model.clone();
                        after.set(r, c, stone(player)).unwrap();
                        let wins = winning_cells(&after, player);
                        let combo = board.combo(at, p);
                        let expected = match wins {
                            0 => combo < Combo::Four,
                            1 => (Combo::Four..=Combo::FourThree).contains(&combo),
                            _ => combo == Combo::FlexFour,
                        };
                        assert!(expected, "{r},{c} player {p}: {combo:?} but {wins} winning cells");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    #[test]
    fn incremental_state_matches_a_fresh_board_and_undo_restores_it() {
        let mut board = freestyle(15, 15);
        let start = board.clone();
        let mut state = 7u64;
        let mut played = Vec::new();
        for _ in 0..120 {
            state = spread(state);
            let (r, c) = ((state % 15) as usize, (state / 15 % 15) as usize);
            let at = board.at(r, c);
            if board.is_empty(at) {
                board.play(at);
                played.push(at);
                same(&board, &fresh_copy(&board));
            }
        }
        for _ in played {
            board.undo();
        }
        same(&board, &start);
        assert_eq!(
            (board.hash, board.side, board.empties),
            (start.hash, start.side, start.empties)
        );
    }

    #[test]
    fn an_open_three_gives_two_flex_four_cells() {
        let mut board = freestyle(15, 15);
        for c in [6, 7, 8] {
            board.place(board.at(7, c), 0);
        }
        assert_eq!(board.count(0, Combo::FlexFour), 2);
        let mut cells = Vec::new();
        board.cells_from(0, Combo::FlexFour, &mut cells);
        let names: Vec<_> = cells.iter().map(|&a| board.row_col(a as usize)).collect();
        assert_eq!(names, [(7, 5), (7, 9)]);
        board.place(board.at(7, 9), 0);
        assert_eq!(board.count(0, Combo::Five), 2);
        assert!(board.five(0).is_some());
        assert_eq!(board.five(1), None);
    }
}
