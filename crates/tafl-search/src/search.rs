//! The search: iterative deepening principal-variation search over make/unmake, with the
//! transposition table, move ordering, a quiescence search and a deadline read inside the
//! tree.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use gridnote_board::Player;
use gridnote_tafl_rules::board::Piece;
use gridnote_tafl_rules::{Move, Outcome, Position, Square};

use crate::eval::{Board, Weights, evaluate_board};
use crate::table::{Bound, ENTRY_BYTES, Table, pack, unpack};

/// The bytes one entry of a searcher's transposition table takes.
pub const TABLE_ENTRY_BYTES: usize = ENTRY_BYTES;

/// A transposition table the allocator refused.
///
/// ```
/// use gridnote_tafl_search::{Searcher, Weights};
/// let err = Searcher::with_table_bytes(usize::MAX, Weights::default()).unwrap_err();
/// assert!(err.bytes > usize::MAX / 2);
/// assert!(err.to_string().starts_with("cannot allocate a transposition table of "));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TableError {
    /// The bytes asked for.
    pub bytes: usize,
}

impl core::fmt::Display for TableError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "cannot allocate a transposition table of {} bytes", self.bytes)
    }
}

impl std::error::Error for TableError {}

/// The score of a won game at the root; a win `n` plies away scores `WIN - n`.
///
/// ```
/// assert_eq!(gridnote_tafl_search::WIN, 30_000);
/// ```
pub const WIN: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 96;
/// Scores beyond this are wins or losses found by the search.
const WIN_BOUND: i32 = WIN - MAX_PLY as i32 - 8;
/// How many plies of quiescence below the horizon.
const QUIESCENCE_PLIES: u32 = 8;

/// When a search stops: a depth, a time, a number of nodes, whichever comes first.
///
/// ```
/// use std::time::Duration;
/// use gridnote_tafl_search::Limits;
/// let limits = Limits::time(Duration::from_millis(100)).with_nodes(1_000_000);
/// assert_eq!(limits.time, Some(Duration::from_millis(100)));
/// assert_eq!(limits.nodes, Some(1_000_000));
/// assert_eq!(Limits::depth(4).depth, 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// The time the search may take; it returns before it has passed.
    pub time: Option<Duration>,
    /// The nodes it may visit.
    pub nodes: Option<u64>,
    /// How many root moves to score exactly (1 for play; more for analysis).
    pub multipv: usize,
}

impl Limits {
    /// Iterations up to `depth` plies, without a time limit.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits { depth, time: None, nodes: None, multipv: 1 }
    }

    /// As deep as `time` allows.
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits { depth: MAX_PLY as u32 - 1, time: Some(time), nodes: None, multipv: 1 }
    }

    /// These limits with a time limit too.
    #[must_use]
    pub fn with_time(self, time: Duration) -> Limits {
        Limits { time: Some(time), ..self }
    }

    /// These limits with a node limit too.
    #[must_use]
    pub fn with_nodes(self, nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..self }
    }

    /// These limits, scoring `n` root moves exactly (for analysis).
    #[must_use]
    pub fn with_multipv(self, n: usize) -> Limits {
        Limits { multipv: n.max(1), ..self }
    }
}

/// What a search found.
///
/// ```
/// use gridnote_tafl_rules::{CompiledRules, Position};
/// use gridnote_tafl_search::{Limits, Searcher, Weights};
/// let pos = Position::start(&CompiledRules::brandubh());
/// let found = Searcher::new(1 << 12, Weights::default()).search(&pos, &Limits::depth(2));
/// assert!(pos.is_legal(found.best.unwrap()));
/// assert_eq!(found.depth, 2);
/// assert_eq!(found.pv[0], found.best.unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` when the game is over or the side to move has no move).
    pub best: Option<Move>,
    /// Its score for the side to move, in centipawns; a win in `n` plies is `WIN - n`.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes visited (including quiescence).
    pub nodes: u64,
    /// The principal variation, `best` first.
    pub pv: Vec<Move>,
    /// The root moves with their scores at the last completed iteration, best first (exact
    /// for the first [`Limits::multipv`] moves, bounds for the others).
    pub root: Vec<(Move, i32)>,
    /// How long the search took.
    pub elapsed: Duration,
}

/// A search with its transposition table, history and killer moves, reused move after
/// move.
///
/// ```
/// use std::time::Duration;
/// use gridnote_tafl_rules::{CompiledRules, Position};
/// use gridnote_tafl_search::{Limits, Searcher, Weights};
/// let pos = Position::start(&CompiledRules::copenhagen());
/// let mut searcher = Searcher::new(1 << 16, Weights::default());
/// let found = searcher.search(&pos, &Limits::time(Duration::from_millis(50)));
/// assert!(pos.is_legal(found.best.unwrap()));
/// ```
pub struct Searcher {
    weights: Weights,
    table: Table,
    history: Vec<i32>,
    killers: Vec<[u32; 2]>,
    board: Option<Board>,
    buffers: Vec<Vec<Move>>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// Set by another thread to end the search as at its deadline.
    stop: Option<Arc<AtomicBool>>,
    stopped: bool,
}

impl core::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Searcher")
            .field("weights", &self.weights)
            .field("table_entries", &self.table.len())
            .finish_non_exhaustive()
    }
}

impl Searcher {
    /// A searcher whose transposition table holds at most `table_entries` entries
    /// ([`TABLE_ENTRY_BYTES`] each; rounded down to a power of two), evaluating with
    /// `weights`.
    #[must_use]
    pub fn new(table_entries: usize, weights: Weights) -> Searcher {
        Searcher {
            weights,
            table: Table::new(table_entries),
            history: Vec::new(),
            killers: vec![[u32::MAX; 2]; MAX_PLY + 1],
            board: None,
            buffers: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: None,
            stopped: false,
        }
    }

    /// A searcher whose transposition table takes at most `bytes` ([`TABLE_ENTRY_BYTES`]
    /// an entry, rounded down to a power of two entries; at least one), evaluating with
    /// `weights`; an error, not an abort, when the memory cannot be had.
    ///
    /// # Errors
    /// [`TableError`] when the allocator refuses the table.
    ///
    /// ```
    /// use gridnote_tafl_search::{Searcher, TableError, Weights, TABLE_ENTRY_BYTES};
    /// // 1 MiB: the largest power of two entries that fits.
    /// let searcher = Searcher::with_table_bytes(1 << 20, Weights::default())?;
    /// assert_eq!(searcher.table_bytes(), (1 << 15) * TABLE_ENTRY_BYTES);
    /// assert!(Searcher::with_table_bytes(usize::MAX, Weights::default()).is_err());
    /// # Ok::<(), TableError>(())
    /// ```
    pub fn with_table_bytes(bytes: usize, weights: Weights) -> Result<Searcher, TableError> {
        let entries = bytes / TABLE_ENTRY_BYTES;
        let table = Table::try_new(entries).map_err(|_| TableError {
            bytes: Table::size(entries).saturating_mul(TABLE_ENTRY_BYTES),
        })?;
        let mut searcher = Searcher::new(1, weights);
        searcher.table = table;
        Ok(searcher)
    }

    /// The bytes its transposition table takes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.len() * TABLE_ENTRY_BYTES
    }

    /// Lets another thread end a search early: while `flag` is set, [`Searcher::search`]
    /// stops at its next look at the clock (every 32 nodes), as at its deadline, with the
    /// best move of the deepest iteration finished (the best ordered move when none
    /// was). The searcher never clears the flag.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use std::time::Duration;
    /// use gridnote_tafl_rules::{Position, Rules};
    /// use gridnote_tafl_search::{Limits, Searcher, Weights};
    /// let pos = Position::start(&Rules::copenhagen());
    /// let mut searcher = Searcher::new(1 << 12, Weights::default());
    /// searcher.stop_when(Arc::new(AtomicBool::new(true)));
    /// // An hour's budget, stopped before it starts: the answer comes at once.
    /// let found = searcher.search(&pos, &Limits::time(Duration::from_secs(3600)));
    /// assert!(pos.is_legal(found.best.unwrap()));
    /// assert_eq!(found.depth, 0);
    /// ```
    pub fn stop_when(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// The weights it evaluates with.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Forgets the transposition table and the history (for a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.fill(0);
    }

    /// Searches `pos` within `limits` and returns the best move found (the game's history
    /// in `pos` counts for repetition).
    pub fn search(&mut self, pos: &Position, limits: &Limits) -> SearchResult {
        let start = Instant::now();
        // The deadline is kept a little early: the tree is unwound and the answer written
        // after the clock is read for the last time.
        self.deadline =
            limits.time.map(|t| start + t.saturating_sub((t / 8).min(Duration::from_millis(10))));
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.stopped = false;
        self.table.next_age();
        let cells = pos.dim() * pos.dim();
        if self.history.len() != cells * cells {
            self.history = vec![0; cells * cells];
        } else {
            for h in &mut self.history {
                *h /= 8;
            }
        }
        if self.board.as_ref().is_none_or(|b| b.dim != pos.dim()) {
            self.board = Some(Board::new(pos));
        }
        for k in &mut self.killers {
            *k = [u32::MAX; 2];
        }
        let mut pos = pos.clone();
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            root: Vec::new(),
            elapsed: Duration::ZERO,
        };
        if pos.outcome().is_over() {
            result.score = self.outcome_score(&pos, 0).unwrap_or(0);
            result.elapsed = start.elapsed();
            return result;
        }
        let mut root: Vec<(Move, i32)> = pos.legal_moves().into_iter().map(|m| (m, 0)).collect();
        if root.is_empty() {
            result.score = -WIN;
            result.elapsed = start.elapsed();
            return result;
        }
        self.order_root(&pos, &mut root);
        result.best = Some(root[0].0);
        result.pv = vec![root[0].0];
        result.root = root.clone();
        let multipv = limits.multipv.min(root.len());
        for depth in 1..=limits.depth.max(1) {
            let score = self.root_search(&mut pos, &mut root, depth, multipv);
            if self.stopped {
                break;
            }
            result.best = Some(root[0].0);
            result.score = score;
            result.depth = depth;
            result.root = root.clone();
            result.pv = self.principal_variation(&mut pos, depth as usize);
            if score.abs() > WIN_BOUND && (WIN - score.abs()) as u32 <= depth {
                break;
            }
            if let (Some(time), Some(_)) = (limits.time, self.deadline) {
                // Another iteration costs several times this one: not started when it
                // could not finish.
                if start.elapsed() > time / 3 {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        result
    }

    fn order_root(&mut self, pos: &Position, root: &mut [(Move, i32)]) {
        let tt = self.table.probe(pos.hash()).and_then(|e| unpack(e.mv));
        for (m, s) in root.iter_mut() {
            *s = self.order_score(pos, *m, tt, 0);
        }
        root.sort_by_key(|e| core::cmp::Reverse(e.1));
    }

    /// Searches every root move at `depth`, sorts the root best first and returns the
    /// best score.
    fn root_search(
        &mut self,
        pos: &mut Position,
        root: &mut [(Move, i32)],
        depth: u32,
        multipv: usize,
    ) -> i32 {
        let us = pos.to_move();
        let mut alpha = -INF;
        let beta = INF;
        let mut scored: Vec<(Move, i32)> = Vec::with_capacity(root.len());
        for (i, &(m, _)) in root.iter().enumerate() {
            let undo = pos.make(m);
            let score = if i < multipv {
                self.child(pos, us, depth - 1, 1, -INF, beta)
            } else {
                let s = self.child(pos, us, depth - 1, 1, alpha, alpha + 1);
                if s > alpha && !self.stopped {
                    self.child(pos, us, depth - 1, 1, alpha, beta)
                } else {
                    s
                }
            };
            pos.unmake(undo);
            if self.stopped {
                return alpha;
            }
            scored.push((m, score));
            // With several lines wanted, alpha stays at the weakest of the best `multipv`.
            let mut best: Vec<i32> = scored.iter().map(|s| s.1).collect();
            best.sort_unstable_by(|a, b| b.cmp(a));
            let bound = if best.len() >= multipv { best[multipv - 1] } else { -INF };
            alpha = alpha.max(bound);
        }
        // Stable: among equal scores the earlier (better ordered) move stays first.
        scored.sort_by_key(|e| core::cmp::Reverse(e.1));
        root.copy_from_slice(&scored);
        let best = root[0];
        self.table.store(pos.hash(), Some(best.0), best.1, depth, Bound::Exact);
        best.1
    }

    /// The value of the position after a move of `us`'s, for `us` (the side to move again
    /// after a berserk capture keeps its sign).
    fn child(
        &mut self,
        pos: &mut Position,
        us: Player,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if pos.to_move() == us {
            self.pvs(pos, depth, ply, alpha, beta)
        } else {
            -self.pvs(pos, depth, ply, -beta, -alpha)
        }
    }

    fn qchild(
        &mut self,
        pos: &mut Position,
        us: Player,
        ply: usize,
        alpha: i32,
        beta: i32,
        left: u32,
    ) -> i32 {
        if pos.to_move() == us {
            self.quiesce(pos, ply, alpha, beta, left)
        } else {
            -self.quiesce(pos, ply, -beta, -alpha, left)
        }
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes & 31 == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.stopped = true;
                }
            }
            if self.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The score of a finished game for the side to move, `ply` plies from the root.
    fn outcome_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        match pos.outcome() {
            Outcome::Ongoing => None,
            Outcome::Won { winner, .. } => {
                let s = WIN - ply as i32;
                Some(if winner == pos.to_move() { s } else { -s })
            }
            _ => Some(0),
        }
    }

    fn pvs(
        &mut self,
        pos: &mut Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(s) = self.outcome_score(pos, ply) {
            return s;
        }
        if depth == 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, ply, alpha, beta, QUIESCENCE_PLIES);
        }
        let key = pos.hash();
        let entry = self.table.probe(key);
        let mut tt_move = None;
        if let Some(e) = entry {
            tt_move = unpack(e.mv);
            if u32::from(e.depth) >= depth && beta - alpha == 1 {
                let s = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let mut moves = core::mem::take(&mut self.buffers[ply]);
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return -(WIN - ply as i32);
        }
        let mut scores: Vec<i32> =
            moves.iter().map(|&m| self.order_score(pos, m, tt_move, ply)).collect();
        let us = pos.to_move();
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..moves.len() {
            // Selection sort: most nodes cut off after a move or two.
            let mut k = i;
            for j in i + 1..moves.len() {
                if scores[j] > scores[k] {
                    k = j;
                }
            }
            moves.swap(i, k);
            scores.swap(i, k);
            let m = moves[i];
            let quiet = scores[i] < CAPTURE_ORDER;
            let undo = pos.make(m);
            let score = if i == 0 {
                self.child(pos, us, depth - 1, ply + 1, alpha, beta)
            } else {
                let reduce = depth >= 3 && i >= 4 && quiet && pos.captures_made(&undo) == 0;
                let d = if reduce { depth - 2 } else { depth - 1 };
                let mut s = self.child(pos, us, d, ply + 1, alpha, alpha + 1);
                if s > alpha && (reduce || s < beta) && !self.stopped {
                    s = self.child(pos, us, depth - 1, ply + 1, alpha, beta);
                }
                s
            };
            pos.unmake(undo);
            if self.stopped {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if quiet {
                            let killers = &mut self.killers[ply];
                            if killers[0] != pack(m) {
                                killers[1] = killers[0];
                                killers[0] = pack(m);
                            }
                            let h = self.history_index(pos, m);
                            self.history[h] += (depth * depth) as i32;
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(key, best_move, to_table(best, ply), depth, bound);
        best
    }

    fn quiesce(
        &mut self,
        pos: &mut Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        left: u32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(s) = self.outcome_score(pos, ply) {
            return s;
        }
        let mut board = self.board.take().expect("the board is set before the search");
        board.load(pos);
        let us = pos.to_move();
        let mut stand = evaluate_board(&mut board, &self.weights);
        if us == Player::Two {
            stand = -stand;
        }
        stand += self.weights.tempo;
        let mut escape_now = false;
        let mut threat = false;
        if let Some(king) = board.king {
            let from = Square::new((king % board.dim) as u8, (king / board.dim) as u8);
            board.slides(king, |i| {
                if board.escape[i] {
                    let to = Square::new((i % board.dim) as u8, (i / board.dim) as u8);
                    if pos.is_legal(Move::new(from, to)) {
                        escape_now |= us == Player::Two;
                        threat |= us == Player::One;
                    }
                }
            });
        }
        self.board = Some(board);
        if escape_now {
            return WIN - ply as i32 - 1;
        }
        if ply >= MAX_PLY - 1 || left == 0 {
            return stand;
        }
        if !threat {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut moves = core::mem::take(&mut self.buffers[ply]);
        pos.legal_moves_into(&mut moves);
        let mut best = if threat { -INF } else { stand };
        for &m in &moves {
            if !threat && !self.capture_candidate(pos, m) {
                continue;
            }
            let undo = pos.make(m);
            if !threat && pos.captures_made(&undo) == 0 {
                pos.unmake(undo);
                continue;
            }
            let score = self.qchild(pos, us, ply + 1, alpha, beta, left - 1);
            pos.unmake(undo);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if self.stopped {
            return 0;
        }
        if best == -INF {
            // Threatened with no move at all.
            return -(WIN - ply as i32);
        }
        best
    }

    fn history_index(&self, pos: &Position, m: Move) -> usize {
        let n = pos.dim();
        let idx = |s: Square| usize::from(s.rank) * n + usize::from(s.file);
        idx(m.from) * n * n + idx(m.to)
    }

    /// Whether `m` may capture: its destination has an enemy neighbour with a piece of
    /// the mover's side, or an escape square, behind it.
    fn capture_candidate(&self, pos: &Position, m: Move) -> bool {
        let Some(mover) = pos.piece_at(m.from) else {
            return false;
        };
        let side = mover.player;
        let n = pos.dim() as i32;
        let board = self.board.as_ref();
        let (f, r) = (i32::from(m.to.file), i32::from(m.to.rank));
        [(1, 0), (-1, 0), (0, 1), (0, -1)].into_iter().any(|(df, dr)| {
            let (f1, r1, f2, r2) = (f + df, r + dr, f + 2 * df, r + 2 * dr);
            if f2 < 0 || r2 < 0 || f2 >= n || r2 >= n {
                return false;
            }
            let near = pos.piece_at(Square::new(f1 as u8, r1 as u8));
            if near.is_none_or(|k| k.player == side) {
                return false;
            }
            let far_sq = Square::new(f2 as u8, r2 as u8);
            if far_sq == m.from {
                return false;
            }
            match pos.piece_at(far_sq) {
                Some(k) => k.player == side,
                None => board.is_some_and(|b| b.escape[(r2 * n + f2) as usize]),
            }
        })
    }

    fn order_score(&self, pos: &Position, m: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if Some(m) == tt_move {
            return 1 << 30;
        }
        let is_king =
            pos.piece_at(m.from) == Some(Piece::king(gridnote_tafl_rules::board::Player::Two));
        if is_king {
            if let Some(b) = self.board.as_ref() {
                let n = pos.dim();
                if b.escape[usize::from(m.to.rank) * n + usize::from(m.to.file)] {
                    return 1 << 29;
                }
            }
        }
        if self.capture_candidate(pos, m) {
            return CAPTURE_ORDER;
        }
        let packed = pack(m);
        if self.killers[ply][0] == packed {
            return KILLER_ORDER + 1;
        }
        if self.killers[ply][1] == packed {
            return KILLER_ORDER;
        }
        let h = self.history.get(self.history_index(pos, m)).copied().unwrap_or(0);
        h.min(KILLER_ORDER - 1) + i32::from(is_king)
    }

    fn principal_variation(&self, pos: &mut Position, depth: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut undos = Vec::new();
        while pv.len() < depth.max(1) {
            let Some(m) = self.table.probe(pos.hash()).and_then(|e| unpack(e.mv)) else {
                break;
            };
            if !pos.is_legal(m) || pos.outcome().is_over() {
                break;
            }
            pv.push(m);
            undos.push(pos.make(m));
        }
        while let Some(u) = undos.pop() {
            pos.unmake(u);
        }
        pv
    }
}

const CAPTURE_ORDER: i32 = 1 << 24;
const KILLER_ORDER: i32 = 1 << 20;

fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
