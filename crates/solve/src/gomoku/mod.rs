//! The gomoku engine: five in a row on boards too big to solve. A board of line shapes
//! kept up to date move by move (`board`, `line`, `combo`), threat answers and victory by
//! continuous fours (`threats`), and an alpha-beta search with a transposition table
//! (`search`, `table`) that lives as long as the [`Solver`](crate::Solver), so that the
//! moves of one game share what was learnt.

mod board;
mod combo;
mod line;
mod search;
mod table;
mod threats;
mod vct;

use web_time::Instant;

use gridnote_board::{Player, Rules};

use self::board::Board;
use self::combo::{Combo, Tables};
use self::line::Winning;
pub(crate) use self::search::{Limits, Params, Search};
use self::table::{MATE_BOUND, Table};
use self::threats::Vcf;
use self::vct::{Proofs, Vct};

/// The default size of the gomoku engine's table.
const TABLE_BYTES: usize = 64 << 20;
/// Nodes the first VCF search may take.
const VCF_NODES: u64 = 200_000;
/// Plies a VCT may take.
const VCT_PLIES: usize = 30;

/// Whether the gomoku engine plays under `rules`: freestyle five in a row with
/// diagonals, normal play (exact five, renju and caro go to the window engine, whose move
/// is checked against renju's forbidden points).
pub(crate) fn plays(rules: Rules) -> bool {
    rules.in_a_row == 5 && rules.diagonals && !rules.misere && rules.gomoku.is_freestyle()
}

/// What the engine keeps between moves.
#[derive(Debug)]
pub(crate) struct Engine {
    /// The board shape (rows, columns, void cells) the table was filled on.
    shape: (usize, usize, Vec<bool>),
    table: Table,
    history: Vec<[i32; 2]>,
    /// The search's numbers.
    pub(crate) params: Params,
    /// What victory-by-threats searches have learnt, for each attacker.
    proofs: [Proofs; 2],
}

/// How a move was chosen, and what was searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Choice {
    /// Row and column of the move.
    pub(crate) row: usize,
    pub(crate) col: usize,
    pub(crate) how: How,
    pub(crate) nodes: u64,
    /// The deepest alpha-beta iteration completed (0 when none ran).
    pub(crate) depth: u32,
    /// The deepest ply reached.
    pub(crate) sel_depth: u32,
    /// The score for the side to move (±30,000 less the plies to a win or loss).
    pub(crate) score: i32,
}

/// How a [`Choice`] was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum How {
    /// The only move, or one found without search (the centre of an empty board).
    Forced,
    /// Completes a line.
    Wins,
    /// The first move of a victory by continuous fours of this many moves.
    Fours(u32),
    /// The first move of a victory by threats (fours and threes), the attacker's
    /// moves in the longest line of its proof.
    Threats(u32),
    /// Blocks one of two winning cells of the other side.
    Lost,
    /// By alpha-beta search.
    Searched,
}

impl Engine {
    /// An engine whose table takes at most `bytes` (the default when `None`), and whose
    /// victory-by-threats proofs take at most about 1.8 × `bytes` for each side.
    pub(crate) fn new(bytes: Option<usize>) -> Engine {
        let bytes = bytes.unwrap_or(TABLE_BYTES);
        Engine {
            shape: (0, 0, Vec::new()),
            table: Table::new(bytes),
            history: Vec::new(),
            params: Params::DEFAULT,
            proofs: [Proofs::within(bytes), Proofs::within(bytes)],
        }
    }

    /// Chooses a move for `to_move` on `board` (which has an empty playable cell and no
    /// line) within `limits`.
    pub(crate) fn think(
        &mut self,
        board: &gridnote_board::Board,
        to_move: Player,
        _rules: Rules,
        limits: &crate::Limits,
    ) -> Choice {
        let deadline = limits.deadline;
        let start = Instant::now();
        let (rows, cols) = (board.rows(), board.cols());
        let voids: Vec<bool> = board.cells().iter().map(|c| c.is_void()).collect();
        if self.shape.0 != rows || self.shape.1 != cols || self.shape.2 != voids {
            self.table.clear();
            self.history.clear();
            self.proofs.iter_mut().for_each(Proofs::clear);
            self.shape = (rows, cols, voids);
        }
        let tables = Tables::of([Winning::FREESTYLE; 2], [false; 2]);
        let mut grid = Board::new(rows, cols, |r, c| self.shape.2[r * cols + c], tables, 4);
        grid.near_range = self.params.near;
        for (i, cell) in board.cells().iter().enumerate() {
            if let Some(player) = cell.player() {
                grid.place(grid.at(i / cols, i % cols), player.index());
            }
        }
        if to_move == Player::Two {
            grid.pass();
        }
        let me = grid.side;
        let opp = me ^ 1;
        let choice = |grid: &Board, at: usize, how: How, nodes: u64| {
            let (row, col) = grid.row_col(at);
            Choice { row, col, how, nodes, depth: 0, sel_depth: 0, score: 0 }
        };
        let Some(central) = grid.central() else {
            unreachable!("the board has an empty playable cell");
        };
        if grid.history.is_empty() {
            return choice(&grid, central, How::Forced, 0);
        }
        if let Some(at) = grid.five(me) {
            return Choice { score: MATE_BOUND, ..choice(&grid, at, How::Wins, 0) };
        }
        if grid.count(opp, Combo::Five) >= 2 {
            let at = grid.five(opp).expect("counted");
            return Choice { score: -MATE_BOUND, ..choice(&grid, at, How::Lost, 0) };
        }
        if grid.count(opp, Combo::Five) == 0 {
            let vcf_by = start + deadline.saturating_duration_since(start) / 10;
            let mut vcf =
                Vcf::new(&mut grid, limits.nodes.unwrap_or(u64::MAX).min(VCF_NODES), vcf_by);
            let found = vcf.find(30);
            let nodes = vcf.nodes;
            if let Some((first, moves)) = found {
                return Choice {
                    score: MATE_BOUND,
                    ..choice(&grid, first, How::Fours(moves), nodes)
                };
            }
        }
        let total = deadline.saturating_duration_since(start);
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        if grid.count(opp, Combo::Five) == 0 {
            let proofs = &mut self.proofs[me];
            let mut vct = Vct::new(&mut grid, proofs, VCT_PLIES, node_limit, start + total / 5);
            let found = vct.prove();
            let nodes = vct.nodes;
            if let Some((first, moves)) = found {
                return Choice {
                    score: MATE_BOUND,
                    ..choice(&grid, first, How::Threats(moves), nodes)
                };
            }
        }
        // Does the other side threaten a victory by threats (were we to pass)?
        let threatened = grid.count(opp, Combo::Five) == 0 && {
            grid.pass();
            let proofs = &mut self.proofs[opp];
            let mut vct =
                Vct::new(&mut grid, proofs, VCT_PLIES, node_limit, Instant::now() + total / 10);
            let found = vct.prove().is_some();
            grid.pass();
            found
        };
        let soft = start + total.mul_f64(0.5);
        let hard = if threatened { deadline - total / 4 } else { deadline };
        let search_limits =
            Limits { deadline: hard, stop: limits.stop.as_deref(), nodes: node_limit };
        let mut search = Search::new(&mut grid, &mut self.table, &mut self.history, search_limits);
        search.params = self.params;
        let outcome = search.root(soft, 100, &mut |_| {});
        match outcome {
            Some(mut o) => {
                let how = if search.nodes == 0 { How::Forced } else { How::Searched };
                if threatened && o.score > -MATE_BOUND && o.ranked.len() > 1 {
                    // The first of the best moves after which the other side has no
                    // victory by threats.
                    let safe = o.ranked.iter().take(8).enumerate().find(|&(i, &(_, cell))| {
                        let left = deadline.saturating_duration_since(Instant::now());
                        if left.is_zero() {
                            return false;
                        }
                        let share = left / (8 - i as u32).max(2);
                        grid.play(cell as usize);
                        let proofs = &mut self.proofs[opp];
                        let by = Instant::now() + share;
                        let mut vct = Vct::new(&mut grid, proofs, VCT_PLIES, node_limit, by);
                        let refuted = vct.prove().is_some();
                        grid.undo();
                        !refuted
                    });
                    if let Some((_, &(_, cell))) = safe {
                        o.best = cell as usize;
                    }
                }
                let (row, col) = grid.row_col(o.best);
                Choice {
                    row,
                    col,
                    how,
                    nodes: o.nodes,
                    depth: o.depth as u32,
                    sel_depth: o.sel_depth as u32,
                    score: o.score,
                }
            }
            None => {
                // No answer to the other side's open three: block one end.
                let mut cells = Vec::new();
                grid.cells_from(opp, Combo::FlexFour, &mut cells);
                if cells.is_empty() {
                    grid.candidates(&mut cells);
                }
                let at = cells.first().map_or(central, |&c| c as usize);
                Choice { score: -MATE_BOUND, ..choice(&grid, at, How::Lost, 0) }
            }
        }
    }
}
