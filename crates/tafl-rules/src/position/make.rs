//! Playing and taking back a move: the move itself, its captures in OpenTafl's order
//! (jump, custodial, shieldwall, Linnaean), the berserk continuation, the side to move,
//! the hash and the line of the game.

use std::sync::Arc;

use gridnote_board::Player;

use gridnote_board::tafl::{Berserk, JumpMode, Shieldwall};

use crate::moves::Move;
use gridnote_board::tafl::Square;

use super::capture::Attempt;
use super::piece::{Piece, Role, Side};
use super::state::{NO_SQUARE, Position};
use super::tables::Dir;

/// What [`Position::make`] needs to undo a move.
///
/// ```
/// use gridnote_tafl_rules::{CompiledRules, Position};
/// let rules = CompiledRules::brandubh();
/// let mut pos = Position::start(&rules);
/// let before = pos.clone();
/// let m = pos.legal_moves()[0];
/// let undo = pos.make(m);
/// pos.unmake(undo);
/// assert_eq!(pos, before);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    from: u16,
    to: u16,
    /// The piece that moved, as it was before (`None` when the start square was empty).
    piece: Option<Piece>,
    berserker: u16,
    to_move: Player,
    captured_from: u32,
    /// Where the custodial and jump captures end (shieldwall and Linnaean ones follow).
    custodial_end: u32,
    hash: u64,
}

impl Position {
    /// Plays `m`, which must be legal ([`Position::is_legal`]; an illegal move leaves the
    /// position unspecified but never panics), and returns what [`Position::unmake`]
    /// needs.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, Position, CompiledRules};
    /// let mut pos = Position::start(&CompiledRules::brandubh());
    /// let m = "d2-c2".parse()?;
    /// let undo = pos.make(m);
    /// assert_eq!(pos.to_move(), Player::Two);
    /// pos.unmake(undo);
    /// assert_eq!(pos.to_move(), Player::One);
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    pub fn make(&mut self, m: Move) -> Undo {
        let from = self.index(m.from).unwrap_or(0);
        let to = self.index(m.to).unwrap_or(0);
        self.make_squares(from, to)
    }

    pub(crate) fn make_squares(&mut self, from: usize, to: usize) -> Undo {
        let piece = self.cell(from);
        let captured = self.line.captured.len() as u32;
        let mut undo = Undo {
            from: from as u16,
            to: to as u16,
            piece,
            berserker: self.berserker,
            to_move: self.to_move,
            captured_from: captured,
            custodial_end: captured,
            hash: self.hash,
        };
        if let Some(piece) = piece {
            self.move_piece(from, to, piece, &mut undo);
        }
        let mut keep_turn = false;
        self.berserker = NO_SQUARE;
        let cfg = &*self.tables.cfg;
        if piece.is_some()
            && cfg.berserk != Berserk::None
            && self.line.captured.len() as u32 > undo.captured_from
        {
            let again = match cfg.berserk {
                Berserk::Capture => self.has_capturing_move(to),
                Berserk::Move => self.has_slide(to),
                _ => false,
            };
            if again {
                self.berserker = to as u16;
                keep_turn = true;
            }
        }
        if !keep_turn {
            self.to_move = self.to_move.other();
            self.hash ^= self.tables.defenders_key();
        }
        let hash = self.hash;
        Arc::make_mut(&mut self.line).history.push(hash);
        undo
    }

    /// Moves `piece` from `from` to `to` and makes the move's captures.
    fn move_piece(&mut self, from: usize, to: usize, piece: Piece, undo: &mut Undo) {
        let cfg = Arc::clone(&self.tables.cfg);
        let is_jump = cfg.any_jump && self.is_jump(from, to);
        let gate = self.captures_something(from, to, is_jump);
        let linnaean = if cfg.linnaean && piece.side() == Side::Attackers {
            self.linnaean_target(to)
        } else {
            None
        };

        let moved = piece.moved();
        self.put(from, None);
        self.put(to, Some(moved));
        self.hash ^= self.tables.key(from, piece) ^ self.tables.key(to, piece);

        if gate {
            if is_jump && cfg.jump[piece.kind_index()] == JumpMode::Capturing {
                let mid = (from + to) / 2;
                if self.cell(mid).is_some_and(|jumped| {
                    jumped.side() != piece.side()
                        && !matches!(jumped.role(), Role::King | Role::Knight | Role::Commander)
                }) {
                    self.capture(mid);
                }
            }
            let a = Attempt { mover: moved, dest: to, standing: None };
            for d in Dir::ALL {
                let Some(s) = self.tables.step(to, d) else { continue };
                if self.captured_beside(s, d, a) {
                    self.capture(s);
                }
            }
        }
        undo.custodial_end = self.line.captured.len() as u32;
        if cfg.shieldwall != Shieldwall::None {
            self.shieldwall_captures(to, piece);
        }
        if let Some(target) = linnaean {
            if self.side_at(target) == Some(Side::Defenders) {
                self.capture(target);
            }
        }
    }

    /// Takes back the move `undo` came from (moves are undone in reverse order).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let mut pos = Position::start(&CompiledRules::copenhagen());
    /// let start = pos.clone();
    /// let undo = pos.make("d1-d4".parse()?);
    /// pos.unmake(undo);
    /// assert_eq!(pos, start);
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    pub fn unmake(&mut self, undo: Undo) {
        let line = Arc::make_mut(&mut self.line);
        line.history.pop();
        let from = (undo.captured_from as usize).min(line.captured.len());
        for c in line.captured.drain(from..).rev() {
            super::bits::put(&mut self.planes, usize::from(c.sq), Some(c.piece));
        }
        if let Some(piece) = undo.piece {
            self.put(usize::from(undo.to), None);
            self.put(usize::from(undo.from), Some(piece));
        }
        self.berserker = undo.berserker;
        self.to_move = undo.to_move;
        self.hash = undo.hash;
    }

    /// How many pieces the move that `undo` undoes captured (a mercenary that changed
    /// sides counts); call it right after [`Position::make`].
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, Position, CompiledRules};
    /// let rules = CompiledRules::brandubh();
    /// let mut pos = Position::from_record(&rules, "/7/7/7/Tt1K3/7/7/7/", Player::Two)?;
    /// let undo = pos.make("d4-d5".parse().unwrap());
    /// assert_eq!(pos.captures_made(&undo), 0);
    /// pos.unmake(undo);
    /// let undo = pos.make("d4-c4".parse().unwrap());
    /// assert_eq!(pos.captures_made(&undo), 1);
    /// # Ok::<(), gridnote_tafl_rules::RulesError>(())
    /// ```
    #[must_use]
    pub fn captures_made(&self, undo: &Undo) -> usize {
        self.line.captured.len().saturating_sub(undo.captured_from as usize)
    }

    /// How many of the captures of the last [`Position::make`] (with `undo` its result)
    /// were custodial or jump captures (shieldwall and Linnaean ones follow them).
    pub(crate) fn custodial_count(undo: &Undo) -> usize {
        (undo.custodial_end - undo.captured_from) as usize
    }

    /// The captures the last [`Position::make`] made (with `undo` its result), as the
    /// squares and the pieces taken (a mercenary is taken by changing sides).
    pub(crate) fn captures_since(&self, undo: &Undo) -> Vec<(Square, gridnote_board::Piece)> {
        let from = (undo.captured_from as usize).min(self.line.captured.len());
        self.line.captured[from..]
            .iter()
            .map(|c| (self.tables.square(usize::from(c.sq)), c.piece.model()))
            .collect()
    }

    /// Whether the piece on `from` has a move that captures (`ber:c`).
    fn has_capturing_move(&self, from: usize) -> bool {
        let mut found = false;
        self.for_each_destination(from, true, |to| {
            if !found {
                let jump = self.is_jump(from, to);
                found = self.captures_something(from, to, jump);
            }
        });
        found
    }

    /// Puts `piece` on `s` (or empties it).
    #[inline]
    pub(crate) fn put(&mut self, s: usize, piece: Option<Piece>) {
        super::bits::put(&mut self.planes, s, piece);
    }
}
