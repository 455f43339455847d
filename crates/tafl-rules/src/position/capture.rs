//! Captures: when a square counts against a piece (`isSpaceHostileTo`), the custodial
//! capture (`isCapturedBy`, with the strong, middleweight and commander-assisted kings),
//! the pre-move test that gates every capture, jump captures, Linnaean captures, and
//! taking a piece off the board (a mercenary changes sides instead).

use std::sync::Arc;

use gridnote_board::tafl::{JumpMode, KingArmed, KingStrength};

use crate::config::{SPACE_CENTER, SPACE_CORNER, SPACE_NONE};

use super::piece::{Piece, Role, Side};
use super::repetition::Captured;
use super::state::Position;
use super::tables::Dir;

/// The capture-relevant facts of a move being evaluated.
#[derive(Clone, Copy)]
pub(crate) struct Attempt {
    /// The moving piece.
    pub(crate) mover: Piece,
    /// Its destination.
    pub(crate) dest: usize,
    /// Where the mover still stands (OpenTafl's pre-move check), else `None`.
    pub(crate) standing: Option<usize>,
}

impl Position {
    /// OpenTafl's `isSpaceHostileTo`: whether the square `space` counts against the piece
    /// `target`.
    #[inline]
    fn hostile(&self, space: usize, target: Piece) -> bool {
        let t = &*self.tables;
        let cfg = &*t.cfg;
        let side = target.side().index();
        let ty = t.space[space];
        let occupant = self.cell(space);
        let space_hostile = if ty == SPACE_NONE {
            false
        } else if ty == SPACE_CENTER && occupant.is_none() {
            cfg.hostile_empty_center[side]
        } else {
            cfg.hostile[usize::from(ty)][side]
        };
        if let Some(o) = occupant {
            if o.side() != target.side() {
                if o.is(Role::King)
                    && !matches!(cfg.king_armed, KingArmed::Armed | KingArmed::AnvilOnly)
                {
                    return space_hostile;
                }
                return !o.is(Role::Guard);
            }
        }
        space_hostile
    }

    /// OpenTafl's `isCapturedBy` (not by jump): whether the piece `target` on `sq` (next to
    /// `a.dest`) is captured by `a.mover` arriving on `a.dest`.
    pub(crate) fn is_captured(&self, sq: usize, target: Piece, a: Attempt) -> bool {
        let t = &*self.tables;
        let cfg = &*t.cfg;
        let mover = a.mover;
        if target.side() == mover.side() {
            return false;
        }
        if target.is(Role::Guard) || mover.is(Role::Guard) {
            return false;
        }
        if mover.is(Role::King)
            && !matches!(cfg.king_armed, KingArmed::Armed | KingArmed::HammerOnly)
        {
            return false;
        }
        let is_king = target.is(Role::King);
        let mut strong = false;
        let mut four = true;
        if is_king {
            match cfg.king_strength {
                KingStrength::Strong => strong = true,
                KingStrength::StrongCenter => strong = t.center_zone[sq],
                KingStrength::Middleweight => {
                    strong = true;
                    four = false;
                }
                _ => {}
            }
        }
        let helpers = cfg.commanders_or_knights[mover.side().index()];
        if is_king && strong && !helpers {
            let mut hostile = 0;
            let mut adjacent = 0;
            for d in Dir::ALL {
                let Some(s) = t.step(sq, d) else { continue };
                adjacent += 1;
                if s == a.dest || self.hostile(s, target) {
                    hostile += 1;
                }
            }
            return hostile == 4 || (!four && hostile == adjacent);
        }
        // Across the line from the mover: on the edge across it, OpenTafl never
        // sandwiches.
        let (before, after) =
            if t.row(a.dest) == t.row(sq) { (Dir::West, Dir::East) } else { (Dir::Up, Dir::Down) };
        let (Some(a1), Some(a2)) = (t.step(sq, before), t.step(sq, after)) else {
            return false;
        };
        self.sandwich(sq, target, a, a1, a2)
    }

    fn sandwich(&self, sq: usize, target: Piece, a: Attempt, a1: usize, a2: usize) -> bool {
        let t = &*self.tables;
        let cfg = &*t.cfg;
        let h1 = a1 == a.dest || self.hostile(a1, target);
        let h2 = a2 == a.dest || self.hostile(a2, target);
        if !(h1 && h2) {
            return false;
        }
        let g1 = t.space[a1];
        let g2 = t.space[a2];
        // A piece that jumps cannot capture against the square it jumps from.
        if a1 == a.dest && Some(a2) == a.standing && g2 == SPACE_NONE {
            return false;
        }
        if a2 == a.dest && Some(a1) == a.standing && g1 == SPACE_NONE {
            return false;
        }
        let is_king = target.is(Role::King);
        let mover = a.mover;
        if is_king
            && matches!(cfg.king_strength, KingStrength::Strong | KingStrength::StrongCenter)
            && cfg.commanders_or_knights[mover.side().index()]
        {
            if g1 == SPACE_CENTER || g2 == SPACE_CENTER || t.space[sq] == SPACE_CENTER {
                return false;
            }
            let mut count = 0;
            if g1 == SPACE_CORNER && self.hostile(a1, target) {
                count += 1;
            }
            if g2 == SPACE_CORNER && self.hostile(a2, target) {
                count += 1;
            }
            for s in [a1, a2] {
                if self.cell(s).is_some_and(|o| o.role().is_commander_or_knight()) {
                    count += 1;
                }
            }
            if mover.role().is_commander_or_knight() {
                count += 1;
            }
            return count >= 2;
        }
        if is_king && cfg.king_strength == KingStrength::Middleweight {
            for d in Dir::ALL {
                let Some(s) = t.step(sq, d) else { continue };
                if !(s == a.dest || self.hostile(s, target)) {
                    return false;
                }
            }
            return true;
        }
        true
    }

    /// OpenTafl's pre-move test (`getCapturingMoves`): whether the piece on `from` would
    /// capture anything by moving to `to` (by jump or sandwich; not shieldwall or
    /// Linnaean captures). Captures only happen on such moves.
    pub(crate) fn captures_something(&self, from: usize, to: usize, is_jump: bool) -> bool {
        let Some(mover) = self.cell(from) else { return false };
        if is_jump && self.tables.cfg.jump[mover.kind_index()] == JumpMode::Capturing {
            return true;
        }
        let a = Attempt { mover, dest: to, standing: Some(from) };
        Dir::ALL
            .into_iter()
            .any(|d| self.tables.step(to, d).is_some_and(|s| self.captured_beside(s, d, a)))
    }

    /// Whether the piece on `s`, the neighbour of `a.dest` in direction `d`, is captured
    /// (as [`Position::is_captured`]; most neighbours are ruled out by a look at the square
    /// beyond them, which a piece other than a king needs hostile).
    #[inline]
    pub(crate) fn captured_beside(&self, s: usize, d: Dir, a: Attempt) -> bool {
        if self.side_at(s).is_none_or(|side| side == a.mover.side()) {
            return false;
        }
        let Some(target) = self.cell(s) else { return false };
        if !target.is(Role::King) {
            let t = &*self.tables;
            match t.step(s, d) {
                None => return false,
                Some(far) if !self.occupied(far) && t.space[far] == SPACE_NONE => return false,
                Some(_) => {}
            }
        }
        self.is_captured(s, target, a)
    }

    /// Whether the move from `from` to `to` jumps (two squares along a line over a piece).
    pub(crate) fn is_jump(&self, from: usize, to: usize) -> bool {
        let t = &*self.tables;
        let (r1, c1, r2, c2) = (t.row(from), t.col(from), t.row(to), t.col(to));
        let two = (r1 == r2 && c1.abs_diff(c2) == 2) || (c1 == c2 && r1.abs_diff(r2) == 2);
        two && self.occupied((from + to) / 2)
    }

    /// Takes the piece on `sq` off the board (a mercenary changes sides where it
    /// stands), recording it for [`Position::unmake`].
    pub(crate) fn capture(&mut self, sq: usize) {
        let Some(piece) = self.cell(sq) else { return };
        Arc::make_mut(&mut self.line).captured.push(Captured { sq: sq as u16, piece });
        self.hash ^= self.tables.key(sq, piece);
        if piece.is(Role::Mercenary) {
            let flipped = piece.flipped();
            self.put(sq, Some(flipped));
            self.hash ^= self.tables.key(sq, flipped);
        } else {
            self.put(sq, None);
        }
    }

    /// OpenTafl's `checkLinnaeanCapture`, on the board before the move: the defender
    /// between the king on the throne and an attacker arriving two squares from it, when
    /// three attackers already stand beside the throne.
    pub(crate) fn linnaean_target(&self, to: usize) -> Option<usize> {
        let t = &*self.tables;
        let n = t.n;
        let c = n / 2;
        let (r, col) = (t.row(to), t.col(to));
        let on_line =
            (col == c && (r == c + 2 || r + 2 == c)) || (r == c && (col == c + 2 || col + 2 == c));
        if !on_line {
            return None;
        }
        let throne = t.at(c, c);
        if !self.cell(throne).is_some_and(|p| p.is(Role::King)) {
            return None;
        }
        let target = (throne + to) / 2;
        if self.cell(target).is_some_and(|p| p.side() != Side::Defenders || p.is(Role::Guard)) {
            return None;
        }
        let attackers = Dir::ALL
            .into_iter()
            .filter(|&d| {
                t.step(throne, d).is_some_and(|s| self.side_at(s) == Some(Side::Attackers))
            })
            .count();
        (attackers >= 3).then_some(target)
    }
}
