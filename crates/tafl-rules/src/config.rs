//! The rules compiled for one board: per-square space kinds, per-kind tables of what a
//! piece may pass, stop on and is threatened by, and the scalar options (the model's
//! typed values, as the engine plays them).

use gridnote_board::tafl::{
    Berserk, JumpMode, KingArmed, KingStrength, PIECES, Shieldwall, Threefold, piece_index,
};
use gridnote_board::{Piece, Player};

/// A piece kind as the engine stores it: its index (0 to 11) in OpenTafl's order, the
/// attackers' taflman, commander, knight, king, mercenary and guard (`t c n k m g`),
/// then the defenders' (`T C N K M G`); the model's [`Piece`] outside the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Kind(u8);

impl Kind {
    /// The attackers' taflman `t`.
    pub(crate) const MAN_A: Kind = Kind(0);
    /// The defenders' taflman `T`.
    pub(crate) const MAN_D: Kind = Kind(6);

    /// The kind of a piece.
    pub(crate) const fn of(piece: Piece) -> Kind {
        Kind(piece_index(piece) as u8)
    }

    /// The kind at `index` (0 to 11).
    pub(crate) const fn from_index(index: usize) -> Kind {
        Kind(index as u8 % 12)
    }

    /// The model's piece.
    pub(crate) const fn piece(self) -> Piece {
        PIECES[self.0 as usize]
    }

    /// 0..12, the index in OpenTafl's order.
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The role, 0 taflman, 1 commander, 2 knight, 3 king, 4 mercenary, 5 guard.
    pub(crate) const fn role(self) -> u8 {
        self.0 % 6
    }

    /// The side the piece is on.
    pub(crate) const fn side(self) -> Player {
        if self.0 < 6 { Player::One } else { Player::Two }
    }
}

/// A cell off the board (the padding ring).
pub(crate) const OFF: u8 = 0x80;

/// Roles, as `Kind::role` numbers them.
pub(crate) const ROLE_COMMANDER: u8 = 1;
pub(crate) const ROLE_KNIGHT: u8 = 2;
pub(crate) const ROLE_KING: u8 = 3;
pub(crate) const ROLE_MERCENARY: u8 = 4;

/// The kind of a special space.
pub(crate) const SPACE_NONE: u8 = 0;
pub(crate) const SPACE_CENTER: u8 = 1;
pub(crate) const SPACE_CORNER: u8 = 2;
pub(crate) const SPACE_AFORT: u8 = 3;
pub(crate) const SPACE_DFORT: u8 = 4;

/// Everything the engine needs, for one board size.
#[derive(Clone, Debug)]
pub(crate) struct Config {
    pub(crate) dim: usize,
    /// The padded board's row length (`dim + 2`).
    pub(crate) stride: usize,
    /// Space kind per padded square (0 off the board too).
    pub(crate) space: Vec<u8>,
    /// Whether a padded square is on the board's edge.
    pub(crate) edge: Vec<bool>,
    /// The center spaces and their neighbours (for `ks:c`).
    pub(crate) center_zone: Vec<bool>,
    /// The corner spaces (padded indices), where the king escapes under `esc:c`.
    pub(crate) corners: Vec<u32>,
    /// The square of each padded index on the board (moves name squares; a table is
    /// cheaper than dividing by the stride for every move generated).
    pub(crate) squares: Vec<gridnote_board::tafl::Square>,
    pub(crate) pass: [[bool; 12]; 5],
    pub(crate) stop: [[bool; 12]; 5],
    pub(crate) reenter: [[bool; 12]; 5],
    /// Hostility of an occupied special space to each side (the `t`/`T` letters).
    pub(crate) hostile: [[bool; 2]; 5],
    /// Hostility of the empty center.
    pub(crate) hostile_empty_center: [bool; 2],
    /// Speed limit per kind, `0` none.
    pub(crate) speed: [u32; 12],
    /// How each kind jumps (OpenTafl's engine: commanders, knights, kings and
    /// mercenaries; a guard never jumps).
    pub(crate) jump: [JumpMode; 12],
    pub(crate) edge_escape: bool,
    pub(crate) surrounding_fatal: bool,
    pub(crate) attackers_first: bool,
    /// What a third repetition does: never `Ignore` (OpenTafl's engine draws then).
    pub(crate) repetition: Threefold,
    pub(crate) king_armed: KingArmed,
    pub(crate) king_strength: KingStrength,
    pub(crate) shieldwall: Shieldwall,
    pub(crate) shieldwall_flanking: bool,
    pub(crate) edge_fort: bool,
    pub(crate) linnaean: bool,
    pub(crate) berserk: Berserk,
    /// Per side: whether it started with a commander or a knight (OpenTafl decides the
    /// strong king's capture by the starting pieces, not the current ones).
    pub(crate) commanders_or_knights: [bool; 2],
    /// Whether any piece kind may jump at all (skips the jump scan when none may).
    pub(crate) any_jump: bool,
    /// The Zobrist keys: index 0 the defenders to move, then 12 per padded square. Here,
    /// shared by every position under these rules, rather than a pointer in each.
    pub(crate) zobrist: Box<[u64]>,
}

impl Config {
    /// The padded index of (row, col), row 0 the top row.
    pub(crate) fn square(&self, row: usize, col: usize) -> u32 {
        ((row + 1) * self.stride + col + 1) as u32
    }
}
