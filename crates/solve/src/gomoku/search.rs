//! The gomoku engine's alpha-beta search: iterative deepening principal-variation
//! search with aspiration windows, the transposition table, the threats answered first
//! (a four blocked, an open three or a four-three answered or met by a four), late move
//! reductions and pruning at shallow depth, and a quiescence search of continuous fours
//! at the horizon.

use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

use super::board::Board;
use super::combo::Combo;
use super::table::{Bound, INFINITE, MATE, MATE_BOUND, Table};
use super::threats;

/// Plies searched at most.
pub(crate) const MAX_PLY: usize = 120;
/// Fours the quiescence search plays in a row at most.
const QUIESCENCE_FOURS: i32 = 10;
/// No move.
const NONE: u32 = u32::MAX;

/// When the search must stop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits<'a> {
    /// The hard deadline.
    pub(crate) deadline: Instant,
    /// Set from outside to stop at once.
    pub(crate) stop: Option<&'a AtomicBool>,
    /// Nodes searched at most (checked every 1,024).
    pub(crate) nodes: u64,
}

/// The result of a root search.
#[derive(Clone, Debug)]
pub(crate) struct Outcome {
    /// The move (a padded cell index).
    pub(crate) best: usize,
    /// Its score for the side to move.
    pub(crate) score: i32,
    /// The deepest iteration completed.
    pub(crate) depth: i32,
    /// Nodes searched.
    pub(crate) nodes: u64,
    /// The deepest ply reached.
    pub(crate) sel_depth: i32,
    /// The root moves with their last scores, the best first, the others by score.
    pub(crate) ranked: Vec<(i32, u32)>,
}

/// One search's state.
pub(crate) struct Search<'a> {
    pub(crate) board: &'a mut Board,
    table: &'a mut Table,
    /// History scores by padded cell and player.
    history: &'a mut Vec<[i32; 2]>,
    limits: Limits<'a>,
    pub(crate) nodes: u64,
    pub(crate) aborted: bool,
    killers: [[u32; 2]; MAX_PLY + 2],
    evals: [i32; MAX_PLY + 2],
    /// Move lists by ply.
    lists: Vec<Vec<(i32, u32)>>,
    /// Fours by ply, for the quiescence search.
    four_lists: Vec<Vec<u32>>,
    scratch: Vec<u32>,
    sel_depth: i32,
    pub(crate) params: Params,
}

/// A win `ply` plies from the root.
const fn mate_in(ply: i32) -> i32 {
    MATE - ply
}

/// A loss `ply` plies from the root.
const fn mated_in(ply: i32) -> i32 {
    -MATE + ply
}

/// The search's tunable numbers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    /// Futility pruning: a node this far above beta per ply of depth is cut.
    pub(crate) futility: i32,
    /// Futility pruning up to this depth.
    pub(crate) futility_depth: i32,
    /// Razoring: a node this far below alpha per ply of depth (plus `razor_base`) is
    /// left to the quiescence search.
    pub(crate) razor: i32,
    pub(crate) razor_base: i32,
    /// Late move reductions: `lmr * ln(depth) * ln(move number)` plies.
    pub(crate) lmr: f64,
    /// Move-count pruning: `count_base + depth^count_power` moves (halved when the
    /// evaluation is not improving).
    pub(crate) count_base: f64,
    pub(crate) count_power: f64,
    /// Moves that make nothing for either side are pruned up to this depth.
    pub(crate) trivial_depth: i32,
    /// The first aspiration window's half-width.
    pub(crate) aspiration: i32,
    /// Candidate moves: the square distance and the line distance from a stone.
    pub(crate) near: (isize, isize),
}

impl Params {
    /// The numbers the engine plays with.
    pub(crate) const DEFAULT: Params = Params {
        futility: 70,
        futility_depth: 4,
        razor: 60,
        razor_base: 40,
        lmr: 0.8,
        count_base: 3.0,
        count_power: 1.32,
        trivial_depth: 4,
        aspiration: 30,
        near: (super::board::NEAR_SQUARE, super::board::NEAR_LINE),
    };

    /// Moves tried at a node before the rest are pruned (not at principal-variation
    /// nodes).
    fn move_count_limit(&self, depth: i32, improving: bool) -> usize {
        let limit = self.count_base + f64::from(depth.max(0)).powf(self.count_power);
        (if improving { limit } else { limit / 2.0 }) as usize
    }

    /// Plies a late move's search is reduced by, before adjustments.
    fn reduction(&self, depth: i32, index: usize) -> i32 {
        (self.lmr * f64::from(depth.max(1)).ln() * ((index + 1) as f64).ln()) as i32
    }
}

/// Moves the best-scored move of `moves` to the front.
#[inline]
fn pick_best(moves: &mut [(i32, u32)]) {
    let mut best = 0;
    for i in 1..moves.len() {
        if moves[i] > moves[best] {
            best = i;
        }
    }
    moves.swap(0, best);
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        board: &'a mut Board,
        table: &'a mut Table,
        history: &'a mut Vec<[i32; 2]>,
        limits: Limits<'a>,
    ) -> Search<'a> {
        if history.len() != board.cells.len() {
            *history = vec![[0; 2]; board.cells.len()];
        }
        Search {
            board,
            table,
            history,
            limits,
            nodes: 0,
            aborted: false,
            killers: [[NONE; 2]; MAX_PLY + 2],
            evals: [0; MAX_PLY + 2],
            lists: vec![Vec::new(); MAX_PLY + 2],
            four_lists: vec![Vec::new(); MAX_PLY + 2],
            scratch: Vec::new(),
            sel_depth: 0,
            params: Params::DEFAULT,
        }
    }

    /// Counts a node; whether the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0
            && (Instant::now() >= self.limits.deadline
                || self.nodes >= self.limits.nodes
                || self.limits.stop.is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The moves to search at this node with their scores, into `lists[ply]` (in no
    /// order: the search picks the best left each time).
    fn generate(&mut self, ply: usize, tt_move: u32) {
        let board = &mut *self.board;
        let me = board.side;
        let opp = me ^ 1;
        let mut cells = core::mem::take(&mut self.scratch);
        cells.clear();
        let mut merged = false;
        if board.count(opp, Combo::Five) > 0 {
            cells.extend(board.five(opp).map(|c| c as u32));
        } else if board.count(opp, Combo::FlexFour) > 0 {
            threats::answers_to_three(board, &mut cells);
            threats::fours(board, &mut cells);
            merged = true;
        } else if board.count(opp, Combo::FourThree) > 0 {
            threats::answers_to_four_three(board, &mut cells);
            if cells.is_empty() {
                board.candidates(&mut cells);
            } else {
                threats::fours(board, &mut cells);
                merged = true;
            }
        } else {
            board.candidates(&mut cells);
        }
        if merged {
            cells.sort_unstable();
            cells.dedup();
        }
        let list = &mut self.lists[ply];
        list.clear();
        let [k0, k1] = self.killers[ply];
        for &cell in &cells {
            let c = &board.cells[cell as usize];
            let mut score = board.move_score(cell as usize);
            if c.combo[me] == Combo::Forbidden {
                continue;
            }
            score += self.history[cell as usize][me] / 64;
            if cell == tt_move {
                score += 1 << 24;
            } else if cell == k0 {
                score += 40;
            } else if cell == k1 {
                score += 30;
            }
            list.push((score, cell));
        }
        self.scratch = cells;
    }

    /// The alpha-beta search `depth` plies deep, `ply` plies from the root.
    fn search(&mut self, depth: i32, mut alpha: i32, mut beta: i32, ply: usize, pv: bool) -> i32 {
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, 0);
        }
        if self.tick() {
            return 0;
        }
        let p = ply as i32;
        self.sel_depth = self.sel_depth.max(p);
        let me = self.board.side;
        let opp = me ^ 1;
        if self.board.count(me, Combo::Five) > 0 {
            return mate_in(p + 1);
        }
        let opp_fives = self.board.count(opp, Combo::Five);
        if opp_fives >= 2 {
            return mated_in(p + 2);
        }
        if opp_fives == 0 && self.board.count(me, Combo::FlexFour) > 0 {
            return mate_in(p + 3);
        }
        if self.board.empties == 0 {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.board.eval();
        }
        alpha = alpha.max(mated_in(p));
        beta = beta.min(mate_in(p + 1));
        if alpha >= beta {
            return alpha;
        }
        let hash = self.board.hash;
        let hit = self.table.probe(hash, p);
        let mut tt_move = NONE;
        if let Some(hit) = hit {
            if hit.best != NONE && self.board.is_empty(hit.best as usize) {
                tt_move = hit.best;
            }
            if !pv && hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        let opp_threat = opp_fives > 0 || self.board.count(opp, Combo::FlexFour) > 0;
        let eval = match hit {
            _ if opp_fives > 0 && ply > 0 => -self.evals[ply - 1],
            Some(hit) if hit.eval.abs() < MATE_BOUND => hit.eval,
            _ => self.board.eval(),
        };
        self.evals[ply] = eval;
        let improving = ply >= 2 && eval > self.evals[ply - 2];
        if !pv && !opp_threat && beta.abs() < MATE_BOUND && alpha.abs() < MATE_BOUND {
            // Futility: far above beta at low depth.
            let p = &self.params;
            if depth <= p.futility_depth
                && eval - p.futility * (depth - i32::from(improving)) >= beta
            {
                return eval;
            }
            // Razoring: far below alpha, only fours could save it.
            if depth <= 2 && eval + p.razor * depth + p.razor_base < alpha {
                let v = self.quiesce(alpha, alpha + 1, ply, 0);
                if v <= alpha {
                    return v;
                }
            }
        }
        self.generate(ply, tt_move);
        let mut moves = core::mem::take(&mut self.lists[ply]);
        if moves.is_empty() {
            self.lists[ply] = moves;
            // An open three with no answer and no four of ours: lost.
            return mated_in(p + 4);
        }
        let forced = opp_fives > 0;
        let alpha_in = alpha;
        let mut best = -INFINITE;
        let mut best_move = NONE;
        let mut searched = 0usize;
        for index in 0..moves.len() {
            // The first few picked one by one (a cut-off often comes early), the rest
            // sorted once.
            if index < 4 {
                pick_best(&mut moves[index..]);
            } else if index == 4 {
                moves[4..].sort_unstable_by(|a, b| b.cmp(a));
            }
            let cell = moves[index].1;
            let at = cell as usize;
            let my_combo = self.board.combo(at, me);
            let their_combo = self.board.combo(at, opp);
            let important = my_combo >= Combo::TwoTwos || their_combo >= Combo::OpenThree;
            let trivial = my_combo == Combo::None && their_combo == Combo::None;
            // A four is answered at one cell: it costs little and is never cut short.
            let four = my_combo >= Combo::Four;
            if !pv && best > -MATE_BOUND && !forced && !four && index > 0 {
                // Late moves and moves that make nothing are not tried near the horizon.
                if index >= self.params.move_count_limit(depth, improving) {
                    continue;
                }
                if trivial && depth <= self.params.trivial_depth {
                    continue;
                }
            }
            let new_depth = if forced { depth } else { depth - 1 };
            self.board.play(at);
            searched += 1;
            let value = if searched == 1 {
                -self.search(new_depth, -beta, -alpha, ply + 1, pv)
            } else {
                let mut r = 0;
                if depth >= 2 && !forced && !four && index >= 2 {
                    r = self.params.reduction(depth, index);
                    if my_combo >= Combo::OpenThree {
                        r -= 1;
                    }
                    if trivial && !improving {
                        r += 1;
                    }
                    if important {
                        r -= 1;
                    }
                    if pv {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut v = -self.search(new_depth - r, -alpha - 1, -alpha, ply + 1, false);
                if v > alpha && r > 0 {
                    v = -self.search(new_depth, -alpha - 1, -alpha, ply + 1, false);
                }
                if v > alpha && v < beta && pv {
                    v = -self.search(new_depth, -beta, -alpha, ply + 1, true);
                }
                v
            };
            self.board.undo();
            if self.aborted {
                self.lists[ply] = moves;
                return 0;
            }
            if value > best {
                best = value;
                best_move = cell;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        if my_combo < Combo::Four {
                            let k = &mut self.killers[ply];
                            if k[0] != cell {
                                k[1] = k[0];
                                k[0] = cell;
                            }
                        }
                        self.reward(&moves[..index], cell, me, depth);
                        break;
                    }
                }
            }
        }
        self.lists[ply] = moves;
        if searched == 0 {
            // Every move was pruned: the evaluation stands.
            return eval.min(beta);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(hash, p, best, eval, depth, bound, best_move);
        best
    }

    /// History: the move that cut off gains, the ones tried before it lose.
    fn reward(&mut self, before: &[(i32, u32)], cell: u32, me: usize, depth: i32) {
        let bonus = (depth * depth).min(400);
        let h = &mut self.history[cell as usize][me];
        *h += bonus * 32 - *h * bonus / 512;
        for &(_, other) in before {
            let h = &mut self.history[other as usize][me];
            *h -= bonus * 32 + *h * bonus / 512;
        }
    }

    /// The quiescence search: the static evaluation, unless a four of the side to move
    /// (near their own last stones) does better; the other side's four is blocked first.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, fours: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let p = ply as i32;
        self.sel_depth = self.sel_depth.max(p);
        let me = self.board.side;
        let opp = me ^ 1;
        if self.board.count(me, Combo::Five) > 0 {
            return mate_in(p + 1);
        }
        let opp_fives = self.board.count(opp, Combo::Five);
        if opp_fives >= 2 {
            return mated_in(p + 2);
        }
        if opp_fives == 1 {
            let block = self.board.five(opp).expect("counted");
            if self.board.combo(block, me) == Combo::Forbidden {
                return mated_in(p + 2);
            }
            self.board.play(block);
            let value = -self.quiesce(-beta, -alpha, ply + 1, fours);
            self.board.undo();
            return value;
        }
        if self.board.count(me, Combo::FlexFour) > 0 {
            return mate_in(p + 3);
        }
        if self.board.empties == 0 {
            return 0;
        }
        let eval = self.board.eval();
        if eval >= beta || ply >= MAX_PLY || fours >= QUIESCENCE_FOURS {
            return eval;
        }
        alpha = alpha.max(eval);
        let mut best = eval;
        // Our fours: the ones with more than a four anywhere, others only near the
        // stone we played last.
        let mut cells = core::mem::take(&mut self.four_lists[ply]);
        self.board.cells_from(me, Combo::Four, &mut cells);
        let history_len = self.board.history.len();
        let mine_last = (history_len >= 2).then(|| self.board.history[history_len - 2] as usize);
        let width = self.board.width as isize;
        cells.retain(|&c| {
            let combo = self.board.combo(c as usize, me);
            combo >= Combo::FourPlus
                || mine_last.is_some_and(|last| {
                    let (a, b) = (c as isize, last as isize);
                    let (dr, dc) = (a / width - b / width, a % width - b % width);
                    dr.abs().max(dc.abs()) <= 2
                        || (dr == 0 || dc == 0 || dr.abs() == dc.abs())
                            && dr.abs().max(dc.abs()) <= 4
                })
        });
        for i in 0..cells.len() {
            let cell = cells[i];
            self.board.play(cell as usize);
            let value = -self.quiesce(-beta, -alpha, ply + 1, fours + 1);
            self.board.undo();
            if self.aborted {
                self.four_lists[ply] = cells;
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        self.four_lists[ply] = cells;
        best
    }

    /// Iterative deepening from the root, until `deadline` (the hard limit) or, after an
    /// iteration, `soft` has passed; `report` hears of each completed iteration.
    pub(crate) fn root(
        &mut self,
        soft: Instant,
        max_depth: i32,
        report: &mut dyn FnMut(&Outcome),
    ) -> Option<Outcome> {
        self.table.next_age();
        self.generate(0, NONE);
        let mut root: Vec<(i32, u32)> = self.lists[0].clone();
        root.sort_unstable_by(|a, b| b.cmp(a));
        if root.is_empty() {
            return None;
        }
        let mut outcome = Outcome {
            best: root[0].1 as usize,
            score: 0,
            depth: 0,
            nodes: 0,
            sel_depth: 0,
            ranked: Vec::new(),
        };
        if root.len() == 1 {
            outcome.score = self.board.eval();
            return Some(outcome);
        }
        let mut previous: i32 = 0;
        for depth in 1..=max_depth {
            let (mut alpha, mut beta) = (-INFINITE, INFINITE);
            let mut delta = self.params.aspiration;
            if depth >= 5 && previous.abs() < MATE_BOUND {
                alpha = previous - delta;
                beta = previous + delta;
            }
            let result = loop {
                let result = self.root_iteration(&mut root, depth, alpha, beta);
                if self.aborted {
                    break result;
                }
                let (score, _) = result;
                if score <= alpha && alpha > -INFINITE {
                    alpha = (score - delta).max(-INFINITE);
                    beta = (alpha + beta) / 2;
                } else if score >= beta && beta < INFINITE {
                    beta = (score + delta).min(INFINITE);
                } else {
                    break result;
                }
                delta += delta / 2;
                if delta > 600 {
                    alpha = -INFINITE;
                    beta = INFINITE;
                }
            };
            let (score, best) = result;
            if self.aborted {
                // A move that beat the previous best in the unfinished iteration is kept.
                if let Some(best) = best.filter(|&b| b as usize != outcome.best && score > previous)
                {
                    outcome.best = best as usize;
                }
                break;
            }
            previous = score;
            root[1..].sort_by_key(|a| std::cmp::Reverse(a.0));
            outcome.ranked.clone_from(&root);
            outcome.score = score;
            outcome.best = best.map_or(outcome.best, |b| b as usize);
            outcome.depth = depth;
            outcome.nodes = self.nodes;
            outcome.sel_depth = self.sel_depth;
            report(&outcome);
            if score.abs() >= MATE_BOUND || Instant::now() >= soft {
                break;
            }
        }
        outcome.nodes = self.nodes;
        outcome.sel_depth = self.sel_depth;
        if outcome.ranked.is_empty() {
            outcome.ranked.clone_from(&root);
        }
        Some(outcome)
    }

    /// One root iteration: every root move searched, the best moved to the front; the
    /// best score and move (the move `None` if none beat `alpha`).
    fn root_iteration(
        &mut self,
        root: &mut [(i32, u32)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<u32>) {
        let mut best = -INFINITE;
        let mut best_move = None;
        let forced = self.board.count(self.board.side ^ 1, Combo::Five) > 0;
        for i in 0..root.len() {
            let cell = root[i].1;
            self.board.play(cell as usize);
            let new_depth = if forced { depth } else { depth - 1 };
            let value = if i == 0 {
                -self.search(new_depth, -beta, -alpha, 1, true)
            } else {
                let mut v = -self.search(new_depth, -alpha - 1, -alpha, 1, false);
                if v > alpha && v < beta {
                    v = -self.search(new_depth, -beta, -alpha, 1, true);
                }
                v
            };
            self.board.undo();
            if self.aborted {
                break;
            }
            root[i].0 = value;
            if value > best {
                best = value;
                if value > alpha {
                    best_move = Some(cell);
                    alpha = value;
                    // Keep the best first.
                    root[..=i].rotate_right(1);
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        if !self.aborted {
            let hash = self.board.hash;
            if let Some(m) = best_move {
                self.table.store(hash, 0, best, self.evals[0], depth, Bound::Exact, m);
            }
        }
        (best, best_move)
    }
}
