//! Sides, roles and pieces as the engine holds them: a piece is its side, its role and
//! OpenTafl's "developed" mark, packed in a byte whose bits are the board's planes.

use gridnote_board::Player;

use crate::config::Kind;

/// A side: the attackers move first unless the rules say otherwise (`atkf`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Side {
    Attackers,
    Defenders,
}

impl Side {
    /// The side of a player: [`Player::One`] attacks.
    #[inline]
    pub(crate) const fn of(player: Player) -> Side {
        match player {
            Player::One => Side::Attackers,
            Player::Two => Side::Defenders,
        }
    }

    /// 0 for the attackers, 1 for the defenders (the rules' tables are indexed so).
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

/// A piece's role, in OpenTafl's order (`t c n k m g`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Role {
    Taflman,
    Commander,
    Knight,
    King,
    Mercenary,
    Guard,
}

impl Role {
    const ALL: [Role; 6] =
        [Role::Taflman, Role::Commander, Role::Knight, Role::King, Role::Mercenary, Role::Guard];

    /// The role numbered `n` (0 to 5, as [`Kind::role`] numbers them); 6 and 7 never occur
    /// and read as guards.
    #[inline]
    const fn from_number(n: u8) -> Role {
        Role::ALL[if n < 6 { n as usize } else { 5 }]
    }

    /// Whether a piece of this role is a commander or a knight (they cannot be jumped
    /// over, and they help capture a strong king).
    #[inline]
    pub(crate) const fn is_commander_or_knight(self) -> bool {
        matches!(self, Role::Commander | Role::Knight)
    }
}

/// A piece on the board. Bit 0 is set for the defenders, bits 1 to 3 hold the role and
/// bit 4 OpenTafl's "developed" mark (the piece has moved), which decides whether it
/// completes a flanking shieldwall (docs/tafl-rules.md). These are the bits the board keeps
/// in its planes 1 to 5 (plane 0 says the square is occupied).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Piece(u8);

impl Piece {
    const DEVELOPED: u8 = 0x10;

    /// An undeveloped piece of `role` on `side`.
    #[inline]
    pub(crate) const fn new(side: Side, role: Role) -> Piece {
        Piece(side as u8 | (role as u8) << 1)
    }

    /// The engine's piece of the model's (undeveloped).
    #[inline]
    pub(crate) const fn of_model(piece: gridnote_board::Piece) -> Piece {
        Piece::of_index(Kind::of(piece).index())
    }

    #[inline]
    pub(crate) const fn of_index(k: usize) -> Piece {
        let side = if k < 6 { Side::Attackers } else { Side::Defenders };
        Piece::new(side, Role::from_number((k % 6) as u8))
    }

    /// The piece whose plane bits are `bits` (five bits, as [`Piece::bits`] gives them).
    #[inline]
    pub(crate) const fn from_bits(bits: u8) -> Piece {
        Piece(bits & 0x1F)
    }

    /// The five plane bits.
    #[inline]
    pub(crate) const fn bits(self) -> u8 {
        self.0
    }

    #[inline]
    pub(crate) const fn side(self) -> Side {
        if self.0 & 1 == 0 { Side::Attackers } else { Side::Defenders }
    }

    #[inline]
    pub(crate) const fn role(self) -> Role {
        Role::from_number((self.0 >> 1) & 7)
    }

    #[inline]
    pub(crate) const fn is(self, role: Role) -> bool {
        (self.0 >> 1) & 7 == role as u8
    }

    /// 0..12: the side's six roles, attackers first (the index of [`Kind`] and of the
    /// rules' per-kind tables).
    #[inline]
    pub(crate) const fn kind_index(self) -> usize {
        (self.0 & 1) as usize * 6 + ((self.0 >> 1) & 7) as usize
    }

    /// The model's piece (the public one).
    #[inline]
    pub(crate) const fn model(self) -> gridnote_board::Piece {
        Kind::from_index(self.kind_index()).piece()
    }

    #[inline]
    pub(crate) const fn developed(self) -> bool {
        self.0 & Piece::DEVELOPED != 0
    }

    /// The piece marked as having moved.
    #[inline]
    pub(crate) const fn moved(self) -> Piece {
        Piece(self.0 | Piece::DEVELOPED)
    }

    /// The same piece on the other side (a captured mercenary), still developed or not.
    #[inline]
    pub(crate) const fn flipped(self) -> Piece {
        Piece(self.0 ^ 1)
    }
}
