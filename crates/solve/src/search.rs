//! Negamax with alpha-beta pruning over one position's bit sets, a transposition table
//! keyed by the canonical image, and the threat shortcuts of m,n,k games.
//!
//! Scores are from the side to move: a win ending at absolute ply `E` (counted from the
//! root) scores `WIN - E`, a loss `-(WIN - E)`, a draw 0, so the winner prefers short
//! games and the loser long ones. A depth-limited search scores the positions at its
//! horizon heuristically, within `±HEURISTIC`.

use std::time::Instant;

use gridnote_board::{Board, Player};

use crate::geometry::Geometry;
use crate::mask::Mask;
use crate::table::{EXACT, Entry, LOWER, NO_MOVE, Table, UPPER};

/// A win at the root itself would score this.
pub(crate) const WIN: i32 = 16_000;
/// Above every score.
pub(crate) const INF: i32 = 32_000;
/// The remaining depth of a full solve (never decremented).
pub(crate) const UNLIMITED: u8 = u8::MAX;
/// Heuristic scores stay within ±this.
const HEURISTIC: i32 = 900;
/// Scores beyond ±this are wins and losses.
const DECIDED: i32 = WIN - 1000;
/// Positions with fewer empty cells than this are searched without the table.
const TABLE_FROM: u32 = 4;
/// How often (in nodes) the deadline is checked.
const CHECK_EVERY: u64 = 256;

/// Whether `score` is a win or loss rather than a draw or a heuristic guess.
pub(crate) const fn is_decided(score: i32) -> bool {
    score > DECIDED || score < -DECIDED
}

/// A score at absolute `ply` made relative to the position, for the table.
fn to_table(score: i32, ply: i32) -> i16 {
    let relative = if score > DECIDED {
        score + ply
    } else if score < -DECIDED {
        score - ply
    } else {
        score
    };
    relative as i16
}

/// A stored score made absolute again at `ply`.
fn from_table(score: i16, ply: i32) -> i32 {
    let score = i32::from(score);
    if score > DECIDED {
        score - ply
    } else if score < -DECIDED {
        score + ply
    } else {
        score
    }
}

/// Per-node facts from one pass over the lines.
struct Scan<M> {
    /// For each player, the empty cells that would complete one of their lines.
    wins: [M; 2],
    /// For each player, whether some line holds none of the other player's pieces.
    open: [bool; 2],
}

/// One search over one position (played on and taken back in place).
pub(crate) struct Search<'a, M: Mask> {
    pub(crate) geo: &'a Geometry<M>,
    table: &'a mut Table<M>,
    /// Player One's and Player Two's pieces.
    pieces: [M; 2],
    /// Index of the side to move.
    side: usize,
    /// For each player and each symmetry, the image of their pieces.
    images: [[M; 8]; 2],
    pub(crate) nodes: u64,
    deadline: Option<Instant>,
    pub(crate) aborted: bool,
    /// For each cell, how much cutting off with it has been worth (the history
    /// heuristic): moves are tried in order of this, then of the static order.
    history: Vec<u32>,
}

impl<'a, M: Mask> Search<'a, M> {
    /// A search of `board` (of `geo`'s shape) with `to_move` to play.
    pub(crate) fn new(
        geo: &'a Geometry<M>,
        table: &'a mut Table<M>,
        board: &Board,
        to_move: Player,
        deadline: Option<Instant>,
    ) -> Search<'a, M> {
        let mut search = Search {
            geo,
            table,
            pieces: [M::ZERO; 2],
            side: to_move.index(),
            images: [[M::ZERO; 8]; 2],
            nodes: 0,
            deadline,
            aborted: false,
            history: vec![0; geo.order.len().max(1) + board.cells().len()],
        };
        for (i, cell) in board.cells().iter().enumerate() {
            if let Some(player) = cell.player() {
                search.put(i, player.index());
            }
        }
        search
    }

    fn put(&mut self, cell: usize, player: usize) {
        self.pieces[player] ^= M::bit(cell);
        for (s, map) in self.geo.images.iter().enumerate() {
            self.images[player][s] ^= M::bit(usize::from(map[cell]));
        }
    }

    /// The side to move places a piece on `cell`.
    pub(crate) fn play(&mut self, cell: usize) {
        self.put(cell, self.side);
        self.side ^= 1;
    }

    /// Takes back `play(cell)`.
    pub(crate) fn undo(&mut self, cell: usize) {
        self.side ^= 1;
        self.put(cell, self.side);
    }

    /// The empty playable cells.
    pub(crate) fn empty(&self) -> M {
        self.geo.playable & !(self.pieces[0] | self.pieces[1])
    }

    /// The least image over the symmetries, and which symmetry gives it.
    fn canonical(&self) -> (M, M, usize) {
        let mut best = (self.images[0][0], self.images[1][0]);
        let mut which = 0;
        for s in 1..self.geo.images.len() {
            let image = (self.images[0][s], self.images[1][s]);
            if image < best {
                best = image;
                which = s;
            }
        }
        (best.0, best.1, which)
    }

    fn scan(&self) -> Scan<M> {
        let mut scan = Scan { wins: [M::ZERO; 2], open: [false; 2] };
        let k1 = self.geo.k - 1;
        for &line in &self.geo.lines {
            let mine = [line & self.pieces[0], line & self.pieces[1]];
            for p in 0..2 {
                if mine[1 - p].is_zero() {
                    scan.open[p] = true;
                    if mine[p].count() == k1 {
                        scan.wins[p] |= line & !mine[p];
                    }
                }
            }
        }
        scan
    }

    /// The cells that complete a line for the side to move and for the other side.
    pub(crate) fn completing(&self) -> [M; 2] {
        let scan = self.scan();
        [scan.wins[self.side], scan.wins[self.side ^ 1]]
    }

    /// A guess at the side to move's prospects: lines they could still make, weighted
    /// by how full they are, less the same for the other side (reversed under misère).
    fn heuristic(&self) -> i32 {
        let (me, them) = (self.pieces[self.side], self.pieces[self.side ^ 1]);
        let mut score = 0i32;
        for &line in &self.geo.lines {
            let (a, b) = ((line & me).count() as i32, (line & them).count() as i32);
            if b == 0 {
                score += a * a;
            } else if a == 0 {
                score -= b * b;
            }
        }
        if self.geo.misere {
            score = -score;
        }
        score.clamp(-HEURISTIC, HEURISTIC)
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes % CHECK_EVERY == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// The value of playing `cell` (empty) at absolute `ply`, searched with the window
    /// (alpha, beta) from the mover's side; `depth` is the mover's remaining depth.
    pub(crate) fn move_value(
        &mut self,
        cell: usize,
        ply: i32,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let completes = {
            let scan = self.scan();
            !(scan.wins[self.side] & M::bit(cell)).is_zero()
        };
        if completes {
            return if self.geo.misere { -(WIN - (ply + 1)) } else { WIN - (ply + 1) };
        }
        if self.empty().count() == 1 {
            return 0;
        }
        let child_depth = if depth == UNLIMITED { UNLIMITED } else { depth.saturating_sub(1) };
        self.play(cell);
        let value = -self.negamax(ply + 1, child_depth, -beta, -alpha);
        self.undo(cell);
        value
    }

    /// The exact value of the current position (in progress, at ply 0) by null-window
    /// tests, which prune far more than one full-window search: first the sign, then
    /// the distance by bisection.
    pub(crate) fn root_value(&mut self) -> i32 {
        let reaches = |search: &mut Self, v: i32| search.negamax(0, UNLIMITED, v - 1, v) >= v;
        let most = self.empty().count() as i32;
        if reaches(self, 1) {
            // The least end ply E with value ≥ WIN - E.
            let (mut lo, mut hi) = (1, most);
            while lo < hi && !self.aborted {
                let mid = (lo + hi) / 2;
                if reaches(self, WIN - mid) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            WIN - lo
        } else if reaches(self, 0) {
            0
        } else {
            // The greatest end ply E with value ≥ -(WIN - E).
            let (mut lo, mut hi) = (1, most);
            while lo < hi && !self.aborted {
                let mid = (lo + hi + 1) / 2;
                if reaches(self, -(WIN - mid)) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            -(WIN - lo)
        }
    }

    /// The negamax value of the current position (in progress, at absolute `ply`),
    /// fail-soft within (alpha, beta).
    pub(crate) fn negamax(&mut self, ply: i32, depth: u8, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let geo = self.geo;
        let (me, them) = (self.side, self.side ^ 1);
        let empty = self.empty();
        let empties = empty.count();
        if empties == 0 {
            return 0;
        }
        let scan = self.scan();
        // Bounds from what can still happen.
        let (lo, hi);
        if geo.misere {
            if !scan.open[me] && !scan.open[them] {
                return 0;
            }
            if (empty & !scan.wins[me]).is_zero() {
                // Every move completes one of the mover's own lines.
                return -(WIN - (ply + 1));
            }
            // The mover loses only by completing a line (not now: a safe move exists),
            // and wins only when the other side completes one.
            lo = if scan.open[me] { -(WIN - (ply + 3)) } else { 0 };
            hi = if scan.open[them] { WIN - (ply + 2) } else { 0 };
        } else {
            if !scan.wins[me].is_zero() {
                return WIN - (ply + 1);
            }
            if !scan.open[me] && !scan.open[them] {
                return 0;
            }
            if scan.wins[them].count() >= 2 {
                return -(WIN - (ply + 2));
            }
            lo = if scan.open[them] { -(WIN - (ply + 2)) } else { 0 };
            hi = if scan.open[me] { WIN - (ply + 3) } else { 0 };
        }
        if hi <= alpha || lo == hi {
            return hi;
        }
        if lo >= beta {
            return lo;
        }
        if depth == 0 {
            return self.heuristic().clamp(lo, hi);
        }
        // Near the end of the game a search is cheaper than a table probe (a cache miss).
        let use_table = empties >= TABLE_FROM;
        let (cx, co, symmetry) = if use_table { self.canonical() } else { (M::ZERO, M::ZERO, 0) };
        let mut first = None;
        let entry = if use_table { self.table.get(cx, co, me as u8) } else { None };
        if let Some(entry) = entry {
            if entry.depth >= depth {
                let score = from_table(entry.score, ply);
                match entry.bound() {
                    EXACT => return score,
                    LOWER if score >= beta => return score,
                    UPPER if score <= alpha => return score,
                    _ => {}
                }
            }
            if entry.best != NO_MOVE {
                let cell = usize::from(geo.preimages[symmetry][usize::from(entry.best)]);
                if !(empty & M::bit(cell)).is_zero() {
                    first = Some(cell);
                }
            }
        }
        let alpha_orig = alpha;
        let child_depth = if depth == UNLIMITED { UNLIMITED } else { depth - 1 };
        let mut best = -INF;
        let mut best_move = usize::MAX;
        // One threat of the other side (normal play): only blocking it avoids losing at
        // the next ply, and blocking cannot let them win sooner.
        let forced = if !geo.misere && !scan.wins[them].is_zero() {
            Some(scan.wins[them].lowest())
        } else {
            None
        };
        let suicide = if geo.misere { scan.wins[me] } else { M::ZERO };
        let mut consider = |search: &mut Self, cell: usize, alpha: &mut i32| -> bool {
            let value = if !(suicide & M::bit(cell)).is_zero() {
                -(WIN - (ply + 1))
            } else if empties == 1 {
                0
            } else {
                search.play(cell);
                let value = -search.negamax(ply + 1, child_depth, -beta, -*alpha);
                search.undo(cell);
                value
            };
            if search.aborted {
                return true;
            }
            if value > best {
                best = value;
                best_move = cell;
                if value > *alpha {
                    *alpha = value;
                }
            }
            *alpha >= beta
        };
        if let Some(cell) = forced {
            consider(self, cell, &mut alpha);
        } else {
            let mut done = false;
            if let Some(cell) = first {
                done = consider(self, cell, &mut alpha);
            }
            if !done {
                // Safe moves by history, then static order; then (misère) the suicidal.
                let mut moves = [0u8; 128];
                let mut count = 0;
                for &cell in &geo.order {
                    let bit = M::bit(usize::from(cell));
                    if !(empty & bit).is_zero()
                        && Some(usize::from(cell)) != first
                        && (suicide & bit).is_zero()
                    {
                        moves[count] = cell;
                        count += 1;
                    }
                }
                let safe = count;
                let history = &self.history;
                moves[..safe].sort_by_key(|&c| core::cmp::Reverse(history[usize::from(c)]));
                for &cell in &geo.order {
                    let bit = M::bit(usize::from(cell));
                    if !(suicide & bit).is_zero() && Some(usize::from(cell)) != first {
                        moves[count] = cell;
                        count += 1;
                    }
                }
                for &cell in &moves[..count] {
                    if consider(self, usize::from(cell), &mut alpha) {
                        let reward = empties * empties;
                        let slot = &mut self.history[usize::from(cell)];
                        *slot = slot.saturating_add(reward);
                        break;
                    }
                }
            }
        }
        if self.aborted {
            return 0;
        }
        let bound = if best <= alpha_orig {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        if !use_table {
            return best;
        }
        let best_image =
            if best_move == usize::MAX { NO_MOVE } else { geo.images[symmetry][best_move] };
        self.table.put(Entry {
            x: cx,
            o: co,
            score: to_table(best, ply),
            depth,
            info: bound | ((me as u8) << 7),
            best: best_image,
            weight: empties as u8,
        });
        best
    }
}
