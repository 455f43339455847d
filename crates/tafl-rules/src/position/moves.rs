//! Where pieces may go: each piece's slides and jumps as OpenTafl's
//! `getAllowableDestinationsFrom` finds them, the legal moves in OpenTafl's order, and
//! their number for perft, counted for many pieces at once where the board allows.

use gridnote_board::tafl::JumpMode;

use crate::config::SPACE_NONE;
use crate::moves::Move;
use gridnote_board::tafl::Square;

use super::bits::{Bits, DEFENDER, OCCUPIED, ROLE0, ROLE1, ROLE2, by_words};
use super::piece::{Piece, Role, Side};
use super::state::Position;
use super::tables::{BOARD, Dir, FIRST_FILE, LAST_FILE, SPECIAL, Tables};

/// The squares that pieces on `from` reach by sliding, one step at a time by `shift`,
/// through `passable`, at most `steps` steps.
#[inline]
fn reach<const W: usize>(
    from: Bits<W>,
    passable: Bits<W>,
    steps: usize,
    shift: impl Fn(Bits<W>) -> Bits<W>,
) -> Bits<W> {
    let mut front = from;
    let mut reached = Bits::EMPTY;
    for _ in 0..steps {
        front = shift(front) & passable;
        if front.is_empty() {
            break;
        }
        reached = reached | front;
    }
    reached
}

/// The squares that pieces on `from` reach by sliding through `passable` (at most
/// `limit` steps, 0 for no limit), in each of the four directions ([`Dir::ALL`]'s
/// order). A square is reached in a direction from one piece at most: the nearest one
/// behind it.
#[inline]
pub(crate) fn slides<const W: usize>(
    t: &Tables,
    from: Bits<W>,
    passable: Bits<W>,
    limit: u32,
) -> [Bits<W>; 4] {
    let n = t.n as u32;
    let steps = if limit == 0 { t.n } else { (limit as usize).min(t.n) };
    // A step east never lands on file a, a step west never on the last file: that is
    // where a shift along the index wraps from one row to the next.
    let east = passable & !t.bits(FIRST_FILE);
    let west = passable & !t.bits(LAST_FILE);
    [
        reach(from, west, steps, |b| b.shr(1)),
        reach(from, east, steps, |b| b.shl(1)),
        reach(from, passable, steps, |b| b.shl(n)),
        reach(from, passable, steps, |b| b.shr(n)),
    ]
}

impl Position {
    /// The legal moves of the side to move (only the berserker's while one must go on).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::copenhagen());
    /// assert_eq!(pos.legal_moves().len(), 116);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        self.gen_moves(&mut out);
        out
    }

    /// Replaces `out`'s contents with the legal moves (the allocation-free form of
    /// [`Position::legal_moves`], for searches that keep one buffer per ply).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// let mut moves = vec!["a1-a2".parse()?];
    /// pos.legal_moves_into(&mut moves);
    /// assert_eq!(moves, pos.legal_moves());
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        self.gen_moves(out);
    }

    /// The squares where the king escapes: the corners under `esc:c`, every edge square
    /// under `esc:e`.
    ///
    /// ```
    /// use gridnote_tafl_rules::{Position, CompiledRules, Square};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.escape_squares().len(), 4);
    /// assert!(pos.escape_squares().contains(&Square::new(6, 6)));
    /// ```
    #[must_use]
    pub fn escape_squares(&self) -> Vec<Square> {
        let t = &*self.tables;
        let cfg = &*t.cfg;
        if cfg.edge_escape {
            (0..t.cells()).filter(|&s| t.edge[s]).map(|s| t.square(s)).collect()
        } else {
            cfg.corners.iter().map(|&p| cfg.squares[p as usize]).collect()
        }
    }

    /// Whether `m` is legal here.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert!(pos.is_legal("d1-b1".parse()?));
    /// assert!(!pos.is_legal("d1-d2".parse()?));
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        let (Some(from), Some(to)) = (self.index(m.from), self.index(m.to)) else {
            return false;
        };
        if self.side_at(from) != Some(self.side()) {
            return false;
        }
        if self.berserker_square().is_some_and(|b| b != from) {
            return false;
        }
        let mut found = false;
        self.for_each_destination(from, true, |s| found |= s == to);
        found
    }

    /// Calls `f` with each piece of `side`, in OpenTafl's order (from the top rank down,
    /// each rank from file a).
    #[inline]
    fn each_piece_of(&self, side: Side, mut f: impl FnMut(usize)) {
        for w in 0..self.tables.words {
            let base = w * super::bits::PLANES;
            let occupied = self.planes[base + OCCUPIED];
            let defenders = self.planes[base + DEFENDER];
            let mut mine = if side == Side::Defenders { defenders } else { occupied & !defenders };
            while mine != 0 {
                f(w * 64 + mine.trailing_zeros() as usize);
                mine &= mine - 1;
            }
        }
    }

    /// Appends the legal moves to `out`.
    pub(crate) fn gen_moves(&self, out: &mut Vec<Move>) {
        if let Some(b) = self.berserker_square() {
            self.gen_piece(b, out);
            return;
        }
        self.each_piece_of(self.side(), |s| self.gen_piece(s, out));
    }

    fn gen_piece(&self, from: usize, out: &mut Vec<Move>) {
        let t = &*self.tables;
        let from_sq = t.square(from);
        self.for_each_destination(from, true, |to| out.push(Move::new(from_sq, t.square(to))));
    }

    /// The number of legal moves, without listing them.
    pub(crate) fn count_moves(&self) -> u64 {
        if let Some(b) = self.berserker_square() {
            let mut count = 0;
            self.for_each_destination(b, true, |_| count += 1);
            return count;
        }
        let fast = by_words!(self.tables.words, self.count_by_slides(), self.count_by_walking());
        debug_assert_eq!(fast, self.count_by_walking(), "{}", self.otn());
        fast
    }

    /// The moves counted piece by piece.
    fn count_by_walking(&self) -> u64 {
        let mut count = 0;
        self.each_piece_of(self.side(), |s| self.for_each_destination(s, true, |_| count += 1));
        count
    }

    /// The moves counted with the taflmen on ordinary squares sliding all at once (they
    /// never jump), the other pieces one by one.
    fn count_by_slides<const W: usize>(&self) -> u64 {
        let t = &*self.tables;
        let side = self.side();
        let occupied = Bits::<W>::plane(&self.planes, OCCUPIED);
        let defenders = Bits::plane(&self.planes, DEFENDER);
        let mine = if side == Side::Defenders { defenders } else { occupied & !defenders };
        let k = Piece::new(side, Role::Taflman).kind_index();
        let men = if t.slides_only(k) {
            let roles = Bits::plane(&self.planes, ROLE0)
                | Bits::plane(&self.planes, ROLE1)
                | Bits::plane(&self.planes, ROLE2);
            mine & !roles & !t.bits(SPECIAL)
        } else {
            Bits::EMPTY
        };
        let mut count = 0u64;
        if !men.is_empty() {
            let passable = t.bits(BOARD) & !occupied & t.passable(k);
            let stoppable = t.stoppable(k);
            for reached in slides(t, men, passable, t.cfg.speed[k]) {
                count += u64::from((reached & stoppable).count());
            }
        }
        for s in (mine & !men).squares() {
            self.for_each_destination(s, true, |_| count += 1);
        }
        count
    }

    /// Calls `f` with every square the piece on `from` may move to (slides, then jumps
    /// when `jumps`), as OpenTafl's `getAllowableDestinationsFrom`.
    #[inline]
    pub(crate) fn for_each_destination(&self, from: usize, jumps: bool, mut f: impl FnMut(usize)) {
        self.destinations_from(from, from, jumps, &mut f);
    }

    /// Destinations of the piece standing on `real` as if it stood on `from` (the king's
    /// reach for edge forts); reentry is judged from `real`, as OpenTafl does.
    pub(crate) fn destinations_from(
        &self,
        real: usize,
        from: usize,
        jumps: bool,
        f: &mut impl FnMut(usize),
    ) {
        let t = &*self.tables;
        let cfg = &*t.cfg;
        let Some(piece) = self.cell(real) else { return };
        let k = piece.kind_index();
        let start_type = t.space[real];
        let limit = cfg.speed[k] as usize;
        for d in Dir::ALL {
            let delta = t.delta(d);
            let mut s = from;
            for dist in 1..=t.room(from, d) {
                s = s.wrapping_add_signed(delta);
                if self.occupied(s) {
                    break;
                }
                let ty = t.space[s];
                if ty != SPACE_NONE {
                    if !cfg.pass[usize::from(ty)][k] {
                        break;
                    }
                    if !cfg.reenter[usize::from(ty)][k] && start_type != ty {
                        break;
                    }
                }
                if limit > 0 && dist > limit {
                    break;
                }
                if ty == SPACE_NONE || cfg.stop[usize::from(ty)][k] {
                    f(s);
                }
            }
        }
        if !(jumps && cfg.any_jump) {
            return;
        }
        let mode = cfg.jump[k];
        if mode == JumpMode::None {
            return;
        }
        let start_special = start_type != SPACE_NONE;
        for d in Dir::ALL {
            if t.room(from, d) < 2 {
                continue;
            }
            let Some(over) = self.cell(t.go(from, d, 1)) else { continue };
            if over.side() == piece.side()
                || matches!(over.role(), Role::King | Role::Knight | Role::Commander)
            {
                continue;
            }
            let dest = t.go(from, d, 2);
            if self.occupied(dest) {
                continue;
            }
            let ty = t.space[dest];
            if ty == SPACE_NONE && !start_special && mode == JumpMode::Restricted {
                continue;
            }
            if ty != SPACE_NONE
                && (!cfg.stop[usize::from(ty)][k]
                    || (!cfg.reenter[usize::from(ty)][k] && start_type != ty))
            {
                continue;
            }
            f(dest);
        }
    }

    /// OpenTafl's `getAllowableMoves`: whether the piece on `from` may slide onto or
    /// through any neighbouring square.
    pub(crate) fn has_slide(&self, from: usize) -> bool {
        let t = &*self.tables;
        let cfg = &*t.cfg;
        let Some(piece) = self.cell(from) else { return false };
        let k = piece.kind_index();
        let start_type = t.space[from];
        Dir::ALL.into_iter().any(|d| {
            let Some(s) = t.step(from, d) else { return false };
            if self.occupied(s) {
                return false;
            }
            let ty = t.space[s];
            ty == SPACE_NONE
                || (cfg.pass[usize::from(ty)][k]
                    && (cfg.reenter[usize::from(ty)][k] || start_type == ty))
        })
    }
}
