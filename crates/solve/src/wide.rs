//! The engine for boards too big to solve (over [`MAX_CELLS`](crate::MAX_CELLS) cells,
//! up to 255×255): a win or a forced block at once; a win by continuous fours (VCF) of
//! its own; else iterative deepening alpha-beta over the candidate moves near the
//! stones, best first by what they make and block, with the evaluation kept up to date
//! move by move, a Zobrist-keyed table, the moves that let the other side win by fours
//! struck off at the root, and VCF probes at the horizon.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use web_time::Instant;

use gridnote_board::{Board, Player, Rules};

use crate::bits::Bits;
use crate::grid::Grid;
use crate::solution::Value;
use crate::thought::ThoughtKind;
use crate::threat::{Budget, Vcf};

/// A win at the root would score this (less the plies to it).
const WIN: i64 = 1 << 50;
/// Above every score.
const INF: i64 = 1 << 52;
/// Scores beyond this are wins and losses.
const DECIDED: i64 = WIN - 10_000;
/// Moves searched at an inner node, best first by gain.
const WIDTH: usize = 12;
/// Table entries (a power of two).
const TABLE: usize = 1 << 16;
/// Attacker moves a VCF may take at the root.
const VCF_MOVES: u32 = 12;
/// A generous bound on the time building the grid takes per cell.
const BUILD_PER_CELL: Duration = Duration::from_nanos(400);
/// Attacker moves a VCT may take at the root.
const VCT_MOVES: u32 = 4;

/// Builds the grid of `board` with `to_move` to move, or `None` when that is not done
/// by `deadline` (a board of tens of thousands of stones and a long k).
pub(crate) fn grid_of(
    board: &Board,
    to_move: Player,
    rules: Rules,
    deadline: Instant,
) -> Option<Grid> {
    let (rows, cols) = (board.rows(), board.cols());
    let cells = board.cells();
    let mut playable = Bits::new(cells.len());
    for (i, cell) in cells.iter().enumerate() {
        if !cell.is_void() {
            playable.insert(i);
        }
    }
    let mut grid = Grid::new(rows, cols, playable, rules);
    let mut placed = 0u32;
    for (i, cell) in cells.iter().enumerate() {
        if let Some(player) = cell.player() {
            grid.place(i, player.index());
            placed += 1;
            if placed % 64 == 0 && Instant::now() >= deadline {
                return None;
            }
        }
    }
    grid.side = to_move.index();
    grid.hash ^= to_move.index() as u64;
    Some(grid)
}

/// The empty playable cell nearest the centre, found without the grid.
fn central(board: &Board) -> usize {
    let (rows, cols) = (board.rows() as isize, board.cols() as isize);
    let cells = board.cells();
    (0..cells.len())
        .filter(|&i| cells[i].is_empty())
        .min_by_key(|&i| {
            let (r, c) = ((i as isize) / cols, (i as isize) % cols);
            ((2 * r - (rows - 1)).abs() + (2 * c - (cols - 1)).abs(), i)
        })
        .unwrap_or(0)
}

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    hash: u64,
    score: i64,
    depth: u8,
    /// 1 exact, 2 lower bound, 3 upper bound; 0 unused.
    bound: u8,
    best: u32,
}

struct Search<'s> {
    grid: Grid,
    budget: Budget<'s>,
    table: Vec<Entry>,
}

/// The chosen cell, how, and the nodes searched, for the side to move of `board`
/// (which has an empty playable cell and no line).
pub(crate) fn think(
    board: &Board,
    to_move: Player,
    rules: Rules,
    deadline: Instant,
    stop: Option<&AtomicBool>,
) -> (usize, ThoughtKind, u64) {
    let start = Instant::now();
    let central = central(board);
    // Building the grid cannot stop half-way through its windows: with less time than
    // that takes, the most central cell is played at once.
    let cells = board.cells().len() as u32;
    if deadline.saturating_duration_since(Instant::now()) < BUILD_PER_CELL * cells {
        return (central, ThoughtKind::RuleOfThumb, 0);
    }
    // Building the grid must leave time for the rest.
    let build_by = start + deadline.saturating_duration_since(start) / 2;
    let Some(mut grid) = grid_of(board, to_move, rules, build_by) else {
        return (central, ThoughtKind::RuleOfThumb, 0);
    };
    let me = grid.side;
    if grid.k == 1 {
        // Every cell completes a line: a win at once (a loss under misère).
        let value = if grid.misere { Value::Loss } else { Value::Win };
        return (central, ThoughtKind::Solved(value), 0);
    }
    if grid.misere {
        return misere(grid, central, deadline);
    }
    if let Some(&cell) = grid.wins(me).first() {
        return (cell, ThoughtKind::Solved(Value::Win), 0);
    }
    let theirs = grid.wins(me ^ 1);
    if theirs.len() >= 2 {
        return (theirs[0], ThoughtKind::Solved(Value::Loss), 0);
    }
    if let [block] = theirs.as_slice() {
        return (*block, ThoughtKind::Searched { depth: 1 }, 0);
    }
    if grid.candidates().next().is_none() {
        return (central, ThoughtKind::RuleOfThumb, 0);
    }
    let time = deadline.saturating_duration_since(start);
    let mut nodes = 0;
    // A win by fours of our own, in up to a third of the time.
    {
        let mut vcf = Vcf::new(&mut grid, Budget::new(u64::MAX, start + time / 3).stopped_by(stop));
        let found = vcf.find(VCF_MOVES);
        nodes += vcf.budget.nodes;
        if let Some(line) = found {
            return (line[0], ThoughtKind::Fours { moves: line.len() as u32 }, nodes);
        }
    }
    // A win by threats (fours and threes), in up to a quarter of the rest.
    {
        let left = deadline.saturating_duration_since(Instant::now());
        let budget = Budget::new(u64::MAX, Instant::now() + left / 4).stopped_by(stop);
        let mut vct = Vcf::new(&mut grid, budget);
        let found = vct.find_vct(VCT_MOVES);
        nodes += vct.budget.nodes;
        if let Some((cell, depth)) = found {
            return (cell, ThoughtKind::Threats { depth }, nodes);
        }
    }
    let mut search = Search {
        grid,
        budget: Budget::new(u64::MAX, deadline).stopped_by(stop),
        table: vec![Entry::default(); TABLE],
    };
    let (cell, kind) = search.root(central);
    (cell, kind, nodes + search.budget.nodes)
}

/// Under misère: never complete a line of our own while another cell exists; among the
/// rest, the move after which the position looks best (the evaluation is reversed).
fn misere(mut grid: Grid, central: usize, deadline: Instant) -> (usize, ThoughtKind, u64) {
    let mut best: Option<(i64, usize)> = None;
    let mut nodes = 0;
    let cells: Vec<usize> = grid.candidates().chain([central]).collect();
    for cell in cells {
        if best.is_some() && Instant::now() >= deadline {
            break;
        }
        nodes += 1;
        let loses = grid.play(cell);
        let value = if loses { -WIN } else { -grid.eval() };
        grid.undo(cell);
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, cell));
        }
    }
    let (value, cell) = best.unwrap_or((0, central));
    if value == -WIN {
        // Every nearby cell completes a line: any other empty cell is safer.
        let empty: Vec<usize> = grid.playable_empty().collect();
        let safe = empty.into_iter().take_while(|_| Instant::now() < deadline).find(|&c| {
            let loses = grid.play(c);
            grid.undo(c);
            !loses
        });
        if let Some(cell) = safe {
            return (cell, ThoughtKind::Searched { depth: 1 }, nodes);
        }
    }
    (cell, ThoughtKind::Searched { depth: 1 }, nodes)
}

impl Search<'_> {
    /// Iterative deepening at the root.
    fn root(&mut self, fallback: usize) -> (usize, ThoughtKind) {
        let me = self.grid.side;
        let mut moves = self.ordered(me, usize::MAX);
        // Strike off the moves after which the other side wins by fours.
        let mut safe = Vec::new();
        let left = self.budget.deadline().saturating_duration_since(Instant::now());
        let check_by = Instant::now() + left.mul_f64(0.3).min(Duration::from_secs(3600));
        for &cell in moves.iter().take(4 * WIDTH) {
            if Instant::now() >= check_by {
                let rest: Vec<usize> =
                    moves.iter().copied().filter(|c| !safe.contains(c)).take(WIDTH).collect();
                safe.extend(rest);
                break;
            }
            self.grid.play(cell);
            let budget = Budget::new(20_000, check_by).stopped_by(self.budget.stop());
            let mut vcf = Vcf::new(&mut self.grid, budget);
            let lost = vcf.find(VCF_MOVES).is_some();
            self.budget.nodes += vcf.budget.nodes;
            self.grid.undo(cell);
            if !lost {
                safe.push(cell);
            }
        }
        if !safe.is_empty() {
            moves = safe;
        }
        let mut chosen = (moves.first().copied().unwrap_or(fallback), ThoughtKind::RuleOfThumb);
        for depth in 1..=u8::MAX / 2 {
            let mut alpha = -INF;
            let mut best = None;
            for &cell in &moves {
                self.grid.play(cell);
                let value = -self.negamax(depth - 1, -INF, -alpha, 1);
                self.grid.undo(cell);
                if self.budget.aborted {
                    break;
                }
                if best.is_none() || value > alpha {
                    alpha = value;
                    best = Some(cell);
                }
            }
            if self.budget.aborted {
                break;
            }
            if let Some(cell) = best {
                chosen = (cell, ThoughtKind::Searched { depth: u32::from(depth) });
                moves.retain(|&c| c != cell);
                moves.insert(0, cell);
                if alpha.abs() > DECIDED || usize::from(depth) >= self.grid.empties {
                    break;
                }
            }
        }
        chosen
    }

    /// The candidate moves for `player`, best first by gain, at most `width`; on a
    /// crowded board with a long k this takes a while, so the clock is read as it
    /// goes (the search is aborted when time is up).
    fn ordered(&mut self, player: usize, width: usize) -> Vec<usize> {
        let mut scored = Vec::new();
        for (i, cell) in self.grid.candidates().enumerate() {
            if i % 64 == 63 && Instant::now() >= self.budget.deadline() {
                self.budget.aborted = true;
                break;
            }
            scored.push((self.grid.gain(cell, player), cell));
        }
        scored.sort_by_key(|&(gain, cell)| (core::cmp::Reverse(gain), cell));
        scored.into_iter().take(width).map(|(_, c)| c).collect()
    }

    /// The value for the side to move (who did not just complete a line), `ply` plies
    /// from the root, fail-soft within (alpha, beta): the threats on the board, the
    /// table, the moves in order, and the result stored.
    fn negamax(&mut self, depth: u8, mut alpha: i64, beta: i64, ply: i64) -> i64 {
        if self.budget.tick() {
            return 0;
        }
        let grid = &mut self.grid;
        let me = grid.side;
        if grid.empties == 0 {
            return 0;
        }
        if grid.has_win(me) {
            return WIN - (ply + 1);
        }
        let theirs = grid.wins(me ^ 1);
        if theirs.len() >= 2 {
            return -(WIN - (ply + 2));
        }
        if depth == 0 {
            return self.horizon(ply);
        }
        let slot = (self.grid.hash as usize) & (TABLE - 1);
        let first = match self.probe(slot, depth, alpha, beta) {
            Ok(first) => first,
            Err(score) => return score,
        };
        let moves = self.moves(me, &theirs, first);
        let alpha_in = alpha;
        let mut best = -INF;
        let mut best_move = moves.first().copied().unwrap_or(0);
        for cell in moves {
            self.grid.play(cell);
            let value = -self.negamax(depth - 1, -beta, -alpha, ply + 1);
            self.grid.undo(cell);
            if self.budget.aborted {
                return 0;
            }
            if value > best {
                best = value;
                best_move = cell;
                alpha = alpha.max(value);
            }
            if alpha >= beta {
                break;
            }
        }
        self.store(slot, depth, alpha_in, beta, best, best_move);
        best
    }

    /// The table's word on this position (its `slot`): `Err` with the score when a
    /// stored result settles it, else the stored best move, if any.
    #[inline]
    fn probe(&self, slot: usize, depth: u8, alpha: i64, beta: i64) -> Result<Option<usize>, i64> {
        let entry = self.table[slot];
        if entry.bound == 0 || entry.hash != self.grid.hash {
            return Ok(None);
        }
        if entry.depth >= depth {
            match entry.bound {
                1 => return Err(entry.score),
                2 if entry.score >= beta => return Err(entry.score),
                3 if entry.score <= alpha => return Err(entry.score),
                _ => {}
            }
        }
        Ok(Some(entry.best as usize))
    }

    /// The moves to try, in order: the block of the other side's single threat, else
    /// the widest-gain moves; the table's move (`first`) first when it is among them.
    #[inline]
    fn moves(&mut self, me: usize, theirs: &[usize], first: Option<usize>) -> Vec<usize> {
        let mut moves = if let [block] = theirs { vec![*block] } else { self.ordered(me, WIDTH) };
        if let Some(cell) = first.filter(|&c| moves.contains(&c)) {
            moves.retain(|&c| c != cell);
            moves.insert(0, cell);
        }
        moves
    }

    /// Stores the search's result: exact, a lower bound (it cut off at `beta`) or an
    /// upper bound (nothing beat `alpha_in`).
    #[inline]
    fn store(&mut self, slot: usize, depth: u8, alpha_in: i64, beta: i64, best: i64, cell: usize) {
        let bound = if best <= alpha_in {
            3
        } else if best >= beta {
            2
        } else {
            1
        };
        self.table[slot] =
            Entry { hash: self.grid.hash, score: best, depth, bound, best: cell as u32 };
    }

    /// The value at the horizon: a short VCF probe for the side to move when it has a
    /// move that makes a four, else the evaluation.
    fn horizon(&mut self, ply: i64) -> i64 {
        let eval = self.grid.eval();
        let budget = Budget::new(64, self.budget.deadline()).stopped_by(self.budget.stop());
        let mut vcf = Vcf::new(&mut self.grid, budget);
        let found = vcf.find(3);
        self.budget.nodes += vcf.budget.nodes;
        match found {
            Some(line) => WIN - (ply + 2 * line.len() as i64 - 1),
            None => eval,
        }
    }
}
