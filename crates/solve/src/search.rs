//! Negamax with alpha-beta pruning over one position's bit sets, a transposition table
//! keyed by the canonical image, and the threat shortcuts of m,n,k games.
//!
//! The rule sets other than freestyle (exact five, renju, caro) are searched by the same
//! code compiled a second time (`RULED`), with the rule-aware parts in [`ruled`]: which
//! completions win, which moves answer a threat, black's forbidden points. The freestyle
//! search does not pay for them.
//!
//! Scores are from the side to move: a win ending at absolute ply `E` (counted from the
//! root) scores `WIN - E`, a loss `-(WIN - E)`, a draw 0, so the winner prefers short
//! games and the loser long ones. A depth-limited search scores the positions at its
//! horizon heuristically, within `±HEURISTIC`.

use std::sync::atomic::{AtomicBool, Ordering};

use web_time::Instant;

use gridnote_board::{Board, Gomoku, Player};

use crate::geometry::Geometry;
use crate::mask::Mask;
use crate::solution::Proved;
use crate::table::{EXACT, Entry, LOWER, NO_MOVE, Table, UPPER};

mod ruled;

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
/// How often (in nodes) a solve's progress is reported (a multiple of `CHECK_EVERY`).
pub(crate) const PROGRESS_EVERY: u64 = 1 << 20;

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
    /// For each player, the empty cells that would give them two or more different
    /// cells completing a line (a double threat), when every player's lines one move
    /// short of a threat fitted in [`MAX_PAIRS`] (else none are listed: they only
    /// shorten the search).
    doubles: [M; 2],
}

/// The free cells of lines one move short of a threat (a player's `k - 2` pieces, none
/// of the other's, two empty cells), per player; at most [`MAX_PAIRS`] each.
struct Pairs<M> {
    free: [[M; MAX_PAIRS]; 2],
    count: [usize; 2],
    /// Whether a player had more such lines than fit.
    overflow: [bool; 2],
}

/// Lines one move short of a threat listed per player and node (more: no double
/// threats are looked for).
const MAX_PAIRS: usize = 48;

impl<M: Mask> Pairs<M> {
    /// Adds the free cells of one of `player`'s lines.
    #[inline]
    fn push(&mut self, player: usize, free: M) {
        if self.count[player] == MAX_PAIRS {
            self.overflow[player] = true;
        } else {
            self.free[player][self.count[player]] = free;
            self.count[player] += 1;
        }
    }

    /// The cells of `player` that make a double threat: each cell whose lines become
    /// threats completed by two or more different cells.
    fn doubles(&self, player: usize) -> M {
        if self.overflow[player] {
            return M::ZERO;
        }
        let pairs = &self.free[player][..self.count[player]];
        let mut seen = M::ZERO;
        let mut twice = M::ZERO;
        for &pair in pairs {
            twice |= seen & pair;
            seen |= pair;
        }
        let mut doubles = M::ZERO;
        let mut cells = twice;
        while !cells.is_zero() {
            let cell = cells.lowest();
            cells ^= M::bit(cell);
            if self.completions(player, cell).count() >= 2 {
                doubles |= M::bit(cell);
            }
        }
        doubles
    }

    /// The cells that would complete a line of `player`'s after they play `cell`.
    fn completions(&self, player: usize, cell: usize) -> M {
        let bit = M::bit(cell);
        let mut completions = M::ZERO;
        for &pair in &self.free[player][..self.count[player]] {
            if !(pair & bit).is_zero() {
                completions |= pair ^ bit;
            }
        }
        completions
    }
}

/// One search over one position (played on and taken back in place), under freestyle
/// rules or (`RULED`) under the other rule sets.
pub(crate) struct Search<'a, M: Mask, const RULED: bool> {
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
    /// Set by another thread to end the search as at its deadline.
    stop: Option<&'a AtomicBool>,
    pub(crate) aborted: bool,
    /// For each cell, how much cutting off with it has been worth (the history
    /// heuristic): moves are tried in order of this, then of the static order.
    history: Vec<u32>,
    /// Pairings are looked for in positions with at least this many empty cells.
    pairing_from: u32,
    /// Whether double threats are looked for (normal play, k of 3 or more).
    threats: bool,
    /// Moves are ordered by the potential of the lines through them in positions with
    /// at least this many empty cells (normal play, boards of `POTENTIAL_BOARD` playable
    /// cells or more; never elsewhere).
    potential_from: u32,
    /// Told the nodes searched every `PROGRESS_EVERY` nodes.
    progress: Option<&'a mut dyn FnMut(u64)>,
}

impl<'a, M: Mask, const RULED: bool> Search<'a, M, RULED> {
    /// A search of `board` (of `geo`'s shape) with `to_move` to play.
    pub(crate) fn new(
        geo: &'a Geometry<M>,
        table: &'a mut Table<M>,
        board: &Board,
        to_move: Player,
        deadline: Option<Instant>,
    ) -> Self {
        let mut search = Search {
            geo,
            table,
            pieces: [M::ZERO; 2],
            side: to_move.index(),
            images: [[M::ZERO; 8]; 2],
            nodes: 0,
            deadline,
            stop: None,
            aborted: false,
            history: vec![0; geo.order.len().max(1) + board.cells().len()],
            progress: None,
            potential_from: if !geo.misere && geo.playable.count() >= POTENTIAL_BOARD {
                POTENTIAL_FROM
            } else {
                u32::MAX
            },
            // Double threats are looked for under freestyle only; the rule sets whose
            // completions may not win scan through `scan_ruled`.
            threats: !RULED && !geo.misere && geo.k >= 3 && geo.playable.count() >= THREATS_BOARD,
            // A pairing holds under any rules (a line never filled is never made) but
            // renju's, where black may be unable to answer on a forbidden point.
            pairing_from: if geo.playable.count() >= PAIRING_BOARD
                && !geo.misere
                && !(RULED && geo.gomoku == gridnote_board::Gomoku::Renju)
            {
                PAIRING_FROM
            } else {
                u32::MAX
            },
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
        if RULED {
            return self.scan_ruled();
        }
        if self.threats {
            return self.scan_threats();
        }
        let mut scan = Scan { wins: [M::ZERO; 2], open: [false; 2], doubles: [M::ZERO; 2] };
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

    /// [`scan`](Self::scan) with the doubles listed too.
    #[inline(never)]
    fn scan_threats(&self) -> Scan<M> {
        let mut scan = Scan { wins: [M::ZERO; 2], open: [false; 2], doubles: [M::ZERO; 2] };
        let k1 = self.geo.k - 1;
        let mut pairs =
            Pairs { free: [[M::ZERO; MAX_PAIRS]; 2], count: [0; 2], overflow: [false; 2] };
        for &line in &self.geo.lines {
            let mine = [line & self.pieces[0], line & self.pieces[1]];
            for p in 0..2 {
                if mine[1 - p].is_zero() {
                    scan.open[p] = true;
                    let count = mine[p].count();
                    if count == k1 {
                        scan.wins[p] |= line & !mine[p];
                    } else if count == k1 - 1 {
                        pairs.push(p, line & !mine[p]);
                    }
                }
            }
        }
        scan.doubles = [pairs.doubles(0), pairs.doubles(1)];
        scan
    }

    /// Every line one move short of a threat (`k - 2` pieces of a player, none of the
    /// other's), per player.
    fn pairs(&self) -> Pairs<M> {
        let mut pairs =
            Pairs { free: [[M::ZERO; MAX_PAIRS]; 2], count: [0; 2], overflow: [false; 2] };
        let k2 = self.geo.k - 2;
        for &line in &self.geo.lines {
            let mine = [line & self.pieces[0], line & self.pieces[1]];
            for p in 0..2 {
                if mine[1 - p].is_zero() && mine[p].count() == k2 {
                    pairs.push(p, line & !mine[p]);
                }
            }
        }
        pairs
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
            if self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                self.aborted = true;
            }
            if self.nodes % PROGRESS_EVERY == 0 {
                if let Some(progress) = self.progress.as_mut() {
                    progress(self.nodes);
                }
            }
        }
        self.aborted
    }

    /// Ends the search (as at its deadline) once `stop` is set.
    pub(crate) fn stopped_by(mut self, stop: Option<&'a AtomicBool>) -> Self {
        self.stop = stop;
        self
    }

    /// Tells `progress` the nodes searched every [`PROGRESS_EVERY`] nodes.
    pub(crate) fn report_to(&mut self, progress: &'a mut dyn FnMut(u64)) {
        self.progress = Some(progress);
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
    /// the distance by bisection. Out of time, what the finished tests proved.
    pub(crate) fn root_value(&mut self) -> Result<i32, Proved> {
        let reaches = |search: &mut Self, v: i32| search.negamax(0, UNLIMITED, v - 1, v) >= v;
        let most = self.empty().count() as i32;
        let wins = reaches(self, 1);
        if self.aborted {
            return Err(Proved::Nothing);
        }
        if wins {
            // The least end ply E with value ≥ WIN - E.
            let (mut lo, mut hi) = (1, most);
            while lo < hi {
                let mid = (lo + hi) / 2;
                let within = reaches(self, WIN - mid);
                if self.aborted {
                    return Err(Proved::Win { within: hi as usize });
                }
                if within {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return Ok(WIN - lo);
        }
        let draws = reaches(self, 0);
        if self.aborted {
            return Err(Proved::NoWin);
        }
        if draws {
            return Ok(0);
        }
        // The greatest end ply E with value ≥ -(WIN - E).
        let (mut lo, mut hi) = (1, most);
        while lo < hi {
            let mid = (lo + hi + 1) / 2;
            let after = reaches(self, -(WIN - mid));
            if self.aborted {
                return Err(Proved::Loss { after: lo as usize });
            }
            if after {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        Ok(-(WIN - lo))
    }

    /// The negamax value of the current position (in progress, at absolute `ply`),
    /// fail-soft within (alpha, beta): the bounds of what can still happen, the table,
    /// the moves in order, and the result stored.
    pub(crate) fn negamax(&mut self, ply: i32, depth: u8, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let empty = self.empty();
        let empties = empty.count();
        if empties == 0 {
            return 0;
        }
        let scan = self.scan();
        let (lo, hi) = match self.bounds(&scan, empty, ply) {
            Ok(bounds) => bounds,
            Err(score) => return score,
        };
        if hi <= alpha || lo == hi {
            return hi;
        }
        if lo >= beta {
            return lo;
        }
        if depth == 0 {
            return self.heuristic().clamp(lo, hi);
        }
        let node = Node { ply, depth, beta, empty, empties };
        let (key, first) = match self.probe(&node, alpha) {
            Ok(probed) => probed,
            Err(score) => return score,
        };
        let (best, best_move) = self.search_moves(&node, &scan, first, alpha);
        if self.aborted {
            return 0;
        }
        if let Some(key) = key {
            self.store(&node, key, alpha, best, best_move);
        }
        best
    }

    /// The bounds on the value that the threats on the board allow, from one pass over
    /// the lines: `Err` with the value itself when the threats decide it.
    #[inline]
    fn bounds(&self, scan: &Scan<M>, empty: M, ply: i32) -> Result<(i32, i32), i32> {
        let (me, them) = (self.side, self.side ^ 1);
        if RULED && self.legal(empty).is_zero() {
            // Renju's black with only forbidden points left: nobody can move.
            return Err(0);
        }
        if self.geo.misere {
            if !scan.open[me] && !scan.open[them] {
                return Err(0);
            }
            if (self.legal(empty) & !scan.wins[me]).is_zero() {
                // Every move completes one of the mover's own lines.
                return Err(-(WIN - (ply + 1)));
            }
            // The mover loses only by completing a line (not now: a safe move exists),
            // and wins only when the other side completes one.
            let lo = if scan.open[me] { -(WIN - (ply + 3)) } else { 0 };
            let hi = if scan.open[them] { WIN - (ply + 2) } else { 0 };
            Ok((lo, hi))
        } else {
            if !scan.wins[me].is_zero() {
                return Err(WIN - (ply + 1));
            }
            if !scan.open[me] && !scan.open[them] {
                return Err(0);
            }
            // Two cells completing a line cannot both be blocked (but under caro, a stone
            // beyond an end may block a line without standing on it).
            if scan.wins[them].count() >= 2 && !(RULED && self.geo.gomoku == Gomoku::Caro) {
                return Err(-(WIN - (ply + 2)));
            }
            if scan.wins[them].is_zero() && !scan.doubles[me].is_zero() && empty.count() >= 3 {
                // A double threat: the other side cannot win first (no threat of
                // theirs) and blocks one of the two cells at most.
                return Err(WIN - (ply + 3));
            }
            let mut lo = if scan.open[them] { -(WIN - (ply + 2)) } else { 0 };
            let mut hi = if scan.open[me] { WIN - (ply + 3) } else { 0 };
            // On small boards and near the end of the game the search settles it sooner
            // than a pairing.
            if empty.count() >= self.pairing_from {
                self.pairing_bounds(empty, &mut lo, &mut hi);
            }
            Ok((lo, hi))
        }
    }

    /// Narrows (lo, hi) to 0 when a side holds the other's open lines by a pairing.
    #[inline(never)]
    fn pairing_bounds(&self, empty: M, lo: &mut i32, hi: &mut i32) {
        if *hi > 0 && self.paired(self.side, empty) {
            *hi = 0;
        }
        if *lo < 0 && self.paired(self.side ^ 1, empty) {
            *lo = 0;
        }
    }

    /// Whether the other side of `attacker` holds every line still open to them by a
    /// pairing (normal play): disjoint pairs of empty cells such that each of those
    /// lines holds a whole pair. Then the attacker completes no line: the other side
    /// answers a move on one cell of a pair on the other. Searched with a small budget
    /// (a pairing missed only costs search).
    fn paired(&self, attacker: usize, empty: M) -> bool {
        let defender = self.pieces[attacker ^ 1];
        let mut open = [M::ZERO; MAX_PAIRED_LINES];
        let mut count = 0;
        for &line in &self.geo.lines {
            if (line & defender).is_zero() {
                let free = line & empty;
                if free.count() < 2 || count == MAX_PAIRED_LINES {
                    return false;
                }
                open[count] = free;
                count += 1;
            }
        }
        let mut budget = PAIRING_BUDGET;
        pair_lines(&mut open[..count], M::ZERO, &mut budget)
    }

    /// The table's word on this node: `Err` with the score when a stored result
    /// settles it, else the canonical key (none near the end of the game, where a
    /// search is cheaper than a probe's cache miss) and the stored best move, if empty.
    #[allow(clippy::type_complexity)]
    #[inline]
    fn probe(&self, node: &Node<M>, alpha: i32) -> Result<(Option<Key<M>>, Option<usize>), i32> {
        if node.empties < TABLE_FROM {
            return Ok((None, None));
        }
        let (x, o, symmetry) = self.canonical();
        let key = Key { x, o, symmetry };
        let Some(entry) = self.table.get(x, o, self.side as u8) else {
            return Ok((Some(key), None));
        };
        if entry.depth >= node.depth {
            let score = from_table(entry.score, node.ply);
            match entry.bound() {
                EXACT => return Err(score),
                LOWER if score >= node.beta => return Err(score),
                UPPER if score <= alpha => return Err(score),
                _ => {}
            }
        }
        let mut first = None;
        if entry.best != NO_MOVE {
            let cell = usize::from(self.geo.preimages[symmetry][usize::from(entry.best)]);
            if !(node.empty & M::bit(cell)).is_zero() {
                first = Some(cell);
            }
        }
        Ok((Some(key), first))
    }

    /// The moves after the table's move (`first`), in the order they are tried: the
    /// safe moves by history, then static order; then (misère) the moves that complete
    /// one of the mover's own lines.
    #[inline]
    fn later_moves(&self, node: &Node<M>, suicide: M, first: Option<usize>, allowed: M) -> Moves {
        let geo = self.geo;
        let mut moves = Moves { cells: [0; 128], count: 0 };
        // `first` has been searched already: neither list takes it.
        let first = first.map_or(M::ZERO, M::bit);
        let safe = node.empty & allowed & !suicide & !first;
        for &cell in &geo.order {
            if !(safe & M::bit(usize::from(cell))).is_zero() {
                moves.push(usize::from(cell));
            }
        }
        if node.empties >= self.potential_from {
            self.sort_by_potential(node.empty, &mut moves);
        } else {
            let history = &self.history;
            moves.cells[..moves.count]
                .sort_by_key(|&c| core::cmp::Reverse(history[usize::from(c)]));
        }
        let last = suicide & !first;
        if !last.is_zero() {
            for &cell in &geo.order {
                if !(last & M::bit(usize::from(cell))).is_zero() {
                    moves.push(usize::from(cell));
                }
            }
        }
        moves
    }

    /// Sorts `moves` by the potential of the lines through them, then by history: out of
    /// line and laid out as the unlikely branch, so that the searches that never order by
    /// potential (small boards, misère) pay only the comparison that skips it.
    #[cold]
    #[inline(never)]
    fn sort_by_potential(&self, empty: M, moves: &mut Moves) {
        let weight = self.potentials(empty);
        let history = &self.history;
        moves.cells[..moves.count].sort_by_key(|&c| {
            core::cmp::Reverse((weight[usize::from(c)], history[usize::from(c)]))
        });
    }

    /// For each empty cell, how much the lines through it are worth to both sides: a
    /// line still open to one side only (no stone of the other) weighs 2 to the power of
    /// that side's stones in it (the Erdős–Selfridge potential, scaled), a line open to
    /// both weighs 2. A move there builds the mover's lines and kills the other side's,
    /// so both count.
    #[inline(never)]
    fn potentials(&self, empty: M) -> [u32; 128] {
        let mut weight = [0u32; 128];
        let (mine, theirs) = (self.pieces[self.side], self.pieces[self.side ^ 1]);
        for &line in &self.geo.lines {
            let (m, t) = ((line & mine).is_zero(), (line & theirs).is_zero());
            let w = match (m, t) {
                (true, true) => 2,
                (false, true) => 1 << (line & mine).count(),
                (true, false) => 1 << (line & theirs).count(),
                (false, false) => continue,
            };
            let mut free = line & empty;
            while !free.is_zero() {
                let cell = free.lowest();
                free ^= M::bit(cell);
                weight[cell] += w;
            }
        }
        weight
    }

    /// Tries the moves until one cuts off, and returns the best score and its move
    /// (`usize::MAX` when none was searched). Under a single threat of the other side
    /// (normal play) only the block is tried: only it avoids losing at the next ply, and
    /// it cannot let them win sooner. Else the table's move first, then the later moves
    /// (ordered by the history the first move's search taught); a later move that cuts
    /// off earns history.
    #[inline]
    fn search_moves(
        &mut self,
        node: &Node<M>,
        scan: &Scan<M>,
        first: Option<usize>,
        alpha: i32,
    ) -> (i32, usize) {
        let mut best = Best { score: -INF, cell: usize::MAX, alpha };
        let them = self.side ^ 1;
        if !self.geo.misere && !scan.wins[them].is_zero() {
            if RULED {
                return self.answer_threats(node, scan, best);
            }
            self.try_move(node, M::ZERO, scan.wins[them].lowest(), &mut best);
            return (best.score, best.cell);
        }
        let mut suicide = if self.geo.misere { scan.wins[self.side] } else { M::ZERO };
        let mut allowed = node.empty;
        let mut first = first;
        if RULED {
            // Renju's black plays no forbidden point (none is left out elsewhere).
            allowed = self.legal(node.empty);
            suicide &= allowed;
            if first.is_some_and(|cell| (allowed & M::bit(cell)).is_zero()) {
                first = None;
            }
        }
        if self.threats && !scan.doubles[them].is_zero() && node.empties >= 4 {
            allowed = self.defences(scan.doubles[them], node.empty);
            if first.is_some_and(|cell| (allowed & M::bit(cell)).is_zero()) {
                first = None;
            }
            let lost = node.empty & !allowed;
            if !lost.is_zero() {
                // Each move left out lets the other side's double threat stand: it loses
                // at the fourth ply, and no move loses sooner (no threat is on the board).
                let score = -(WIN - (node.ply + 4));
                best = Best { score, cell: lost.lowest(), alpha: alpha.max(score) };
                if best.alpha >= node.beta {
                    return (best.score, best.cell);
                }
            }
        }
        if let Some(cell) = first {
            if self.try_move(node, suicide, cell, &mut best) {
                return (best.score, best.cell);
            }
        }
        let moves = self.later_moves(node, suicide, first, allowed);
        for &cell in &moves.cells[..moves.count] {
            let cell = usize::from(cell);
            if self.try_move(node, suicide, cell, &mut best) {
                if !self.aborted {
                    let reward = node.empties * node.empties;
                    let slot = &mut self.history[cell];
                    *slot = slot.saturating_add(reward);
                }
                break;
            }
        }
        (best.score, best.cell)
    }

    /// Searches `cell` and keeps it in `best` if it is better; whether the search
    /// should stop (a cut-off, or out of time).
    #[inline]
    fn try_move(&mut self, node: &Node<M>, suicide: M, cell: usize, best: &mut Best) -> bool {
        let value = if !(suicide & M::bit(cell)).is_zero() {
            -(WIN - (node.ply + 1))
        } else if node.empties == 1 {
            0
        } else {
            let child_depth = if node.depth == UNLIMITED { UNLIMITED } else { node.depth - 1 };
            self.play(cell);
            let value = -self.negamax(node.ply + 1, child_depth, -node.beta, -best.alpha);
            self.undo(cell);
            value
        };
        if self.aborted {
            return true;
        }
        if value > best.score {
            best.score = value;
            best.cell = cell;
            if value > best.alpha {
                best.alpha = value;
            }
        }
        best.alpha >= node.beta
    }

    /// The moves of the side to move (normal play, no threat on the board) that can stop
    /// every one of the other side's `doubles` (moves giving them two threats at once):
    /// a move on the double's cell or on a cell completing one of its threats, or a move
    /// that makes a threat of the mover's own (the other side must answer it first).
    /// Every other move loses to a double threat.
    #[inline(never)]
    fn defences(&self, doubles: M, empty: M) -> M {
        let (me, them) = (self.side, self.side ^ 1);
        let pairs = self.pairs();
        let mut allowed = empty;
        let mut cells = doubles;
        while !cells.is_zero() {
            let cell = cells.lowest();
            cells ^= M::bit(cell);
            allowed &= M::bit(cell) | pairs.completions(them, cell);
        }
        if pairs.overflow[me] {
            return empty;
        }
        for &pair in &pairs.free[me][..pairs.count[me]] {
            allowed |= pair & empty;
        }
        allowed
    }

    /// Stores the result of a node searched with the window (alpha, node.beta).
    #[inline]
    fn store(&mut self, node: &Node<M>, key: Key<M>, alpha: i32, best: i32, best_move: usize) {
        let bound = if best <= alpha {
            UPPER
        } else if best >= node.beta {
            LOWER
        } else {
            EXACT
        };
        let best_image = if best_move == usize::MAX {
            NO_MOVE
        } else {
            self.geo.images[key.symmetry][best_move]
        };
        self.table.put(Entry {
            x: key.x,
            o: key.o,
            score: to_table(best, node.ply),
            depth: node.depth,
            info: bound | ((self.side as u8) << 7),
            best: best_image,
            weight: node.empties as u8,
        });
    }
}

/// Boards of fewer playable cells than this (3×3 and smaller) are searched without
/// looking for double threats: their whole solve takes a few hundred nodes, fewer than
/// the look costs.
const THREATS_BOARD: u32 = 10;
/// Boards of fewer playable cells than this are searched with the moves in history
/// and static order only: their solves are so small that computing the lines'
/// potential costs more than it saves.
const POTENTIAL_BOARD: u32 = 20;
/// Positions with fewer empty cells than this are searched with the moves in history
/// and static order only.
const POTENTIAL_FROM: u32 = 6;
/// Lines a pairing is looked for over at most (more: none is looked for).
const MAX_PAIRED_LINES: usize = 64;
/// Boards of fewer playable cells than this (3×3, 3×4, 3×5) are searched without
/// looking for pairings: their whole solve takes a few thousand nodes.
const PAIRING_BOARD: u32 = 16;
/// Positions with fewer empty cells than this are searched without looking for a
/// pairing.
const PAIRING_FROM: u32 = 4;
/// Pairs tried per pairing search.
const PAIRING_BUDGET: u32 = 48;

/// Whether pairs of cells outside `used` can be chosen, disjoint, so that each of
/// `lines` (their free cells) holds one whole pair; `budget` counts the pairs tried.
fn pair_lines<M: Mask>(lines: &mut [M], used: M, budget: &mut u32) -> bool {
    // The first line not yet holding a pair, with the fewest cells left.
    let mut pick = None;
    let mut fewest = u32::MAX;
    for (i, &line) in lines.iter().enumerate() {
        if line.is_zero() {
            continue; // covered
        }
        let left = (line & !used).count();
        if left < 2 {
            return false;
        }
        if left < fewest {
            fewest = left;
            pick = Some(i);
        }
    }
    let Some(i) = pick else { return true };
    let cells = lines[i] & !used;
    let mut a_set = cells;
    while !a_set.is_zero() {
        let a = a_set.lowest();
        a_set ^= M::bit(a);
        let mut b_set = a_set;
        while !b_set.is_zero() {
            let b = b_set.lowest();
            b_set ^= M::bit(b);
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let pair = M::bit(a) | M::bit(b);
            // Every line holding the pair is covered by it.
            let mut covered = [false; MAX_PAIRED_LINES];
            for (j, line) in lines.iter_mut().enumerate() {
                if !line.is_zero() && *line & pair == pair {
                    covered[j] = true;
                }
            }
            let mut kept = [M::ZERO; MAX_PAIRED_LINES];
            for (j, line) in lines.iter_mut().enumerate() {
                if covered[j] {
                    kept[j] = *line;
                    *line = M::ZERO;
                }
            }
            let found = pair_lines(lines, used | pair, budget);
            for (j, line) in lines.iter_mut().enumerate() {
                if covered[j] {
                    *line = kept[j];
                }
            }
            if found {
                return true;
            }
        }
    }
    false
}

/// What a node's steps share.
struct Node<M> {
    ply: i32,
    depth: u8,
    beta: i32,
    empty: M,
    empties: u32,
}

/// A position's canonical image and the symmetry that gives it.
struct Key<M> {
    x: M,
    o: M,
    symmetry: usize,
}

/// The best move so far of one node, and the raised lower end of its window.
struct Best {
    score: i32,
    cell: usize,
    alpha: i32,
}

/// The moves of one node, in order.
struct Moves {
    cells: [u8; 128],
    count: usize,
}

impl Moves {
    fn push(&mut self, cell: usize) {
        self.cells[self.count] = cell as u8;
        self.count += 1;
    }
}
