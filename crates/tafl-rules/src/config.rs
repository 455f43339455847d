//! The rules compiled for one board: per-square space kinds, per-kind tables of what a
//! piece may pass, stop on and is threatened by, and the scalar options.

use gridnote_board::Player;

/// The twelve piece kinds, in OpenTafl's order: the attackers' taflman, commander,
/// knight, king, mercenary and guard (`t c n k m g`), then the defenders' (`T C N K M G`).
///
/// ```
/// use gridnote_tafl_rules::Kind;
/// assert_eq!(Kind::from_symbol('K'), Some(Kind::KING_D));
/// assert_eq!(Kind::KING_D.symbol(), 'K');
/// assert_eq!(Kind::KING_D.side(), gridnote_tafl_rules::board::Player::Two);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "char", try_from = "char"))]
pub struct Kind(u8);

impl From<Kind> for char {
    /// The OTN symbol.
    fn from(kind: Kind) -> char {
        kind.symbol()
    }
}

impl TryFrom<char> for Kind {
    type Error = String;

    /// The kind of an OTN symbol.
    ///
    /// ```
    /// use gridnote_tafl_rules::Kind;
    /// assert_eq!(Kind::try_from('T'), Ok(Kind::MAN_D));
    /// assert!(Kind::try_from('x').is_err());
    /// ```
    fn try_from(symbol: char) -> Result<Kind, String> {
        Kind::from_symbol(symbol).ok_or_else(|| format!("`{symbol}` is not a piece (tcnkmgTCNKMG)"))
    }
}

impl Kind {
    /// The attackers' taflman `t`.
    pub const MAN_A: Kind = Kind(0);
    /// The defenders' taflman `T`.
    pub const MAN_D: Kind = Kind(6);
    /// The attackers' king `k`.
    pub const KING_A: Kind = Kind(3);
    /// The defenders' king `K`.
    pub const KING_D: Kind = Kind(9);
    /// The OTN symbols of the twelve kinds, in index order.
    pub const SYMBOLS: [char; 12] = ['t', 'c', 'n', 'k', 'm', 'g', 'T', 'C', 'N', 'K', 'M', 'G'];

    /// The kind of `role` (0 taflman, 1 commander, 2 knight, 3 king, 4 mercenary, 5 guard)
    /// on `side`.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, Kind};
    /// assert_eq!(Kind::new(Player::One, 3), Some(Kind::KING_A));
    /// assert_eq!(Kind::new(Player::One, 6), None);
    /// ```
    #[must_use]
    pub const fn new(side: Player, role: u8) -> Option<Kind> {
        if role >= 6 {
            return None;
        }
        Some(Kind(side.index() as u8 * 6 + role))
    }

    /// The kind an OTN symbol names (`t c n k m g` attackers, upper case defenders).
    ///
    /// ```
    /// use gridnote_tafl_rules::Kind;
    /// assert_eq!(Kind::from_symbol('t'), Some(Kind::MAN_A));
    /// assert_eq!(Kind::from_symbol('x'), None);
    /// ```
    #[must_use]
    pub fn from_symbol(symbol: char) -> Option<Kind> {
        Kind::SYMBOLS.iter().position(|&s| s == symbol).map(|i| Kind(i as u8))
    }

    /// The OTN symbol.
    ///
    /// ```
    /// use gridnote_tafl_rules::Kind;
    /// assert_eq!(Kind::MAN_D.symbol(), 'T');
    /// ```
    #[must_use]
    pub const fn symbol(self) -> char {
        Kind::SYMBOLS[self.0 as usize]
    }

    /// 0..12, the index in OpenTafl's order.
    ///
    /// ```
    /// use gridnote_tafl_rules::Kind;
    /// assert_eq!(Kind::KING_D.index(), 9);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The role, 0 taflman, 1 commander, 2 knight, 3 king, 4 mercenary, 5 guard.
    ///
    /// ```
    /// use gridnote_tafl_rules::Kind;
    /// assert_eq!(Kind::KING_D.role(), 3);
    /// ```
    #[must_use]
    pub const fn role(self) -> u8 {
        self.0 % 6
    }

    /// The side the piece is on.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, Kind};
    /// assert_eq!(Kind::MAN_A.side(), Player::One);
    /// ```
    #[must_use]
    pub const fn side(self) -> Player {
        if self.0 < 6 { Player::One } else { Player::Two }
    }

    /// The same role on the other side (a mercenary's capture).
    ///
    /// ```
    /// use gridnote_tafl_rules::Kind;
    /// assert_eq!(Kind::MAN_A.flipped(), Kind::MAN_D);
    /// ```
    #[must_use]
    pub const fn flipped(self) -> Kind {
        Kind((self.0 + 6) % 12)
    }
}

/// A cell off the board (the padding ring).
pub(crate) const OFF: u8 = 0x80;

/// Roles, as `Kind::role` numbers them.
pub(crate) const ROLE_COMMANDER: u8 = 1;
pub(crate) const ROLE_KNIGHT: u8 = 2;
pub(crate) const ROLE_KING: u8 = 3;
pub(crate) const ROLE_MERCENARY: u8 = 4;
pub(crate) const ROLE_GUARD: u8 = 5;

/// The kind of a special space.
pub(crate) const SPACE_NONE: u8 = 0;
pub(crate) const SPACE_CENTER: u8 = 1;
pub(crate) const SPACE_CORNER: u8 = 2;
pub(crate) const SPACE_AFORT: u8 = 3;
pub(crate) const SPACE_DFORT: u8 = 4;

/// How a piece may jump (OTN `kj`, `nj`, `cj`, `mj`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Jump {
    None,
    Standard,
    Capture,
    Restricted,
}

/// Whether the king takes part in captures (OTN `ka`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KingArmed {
    Armed,
    HammerOnly,
    AnvilOnly,
    Unarmed,
}

/// How the king is captured (OTN `ks`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KingStrength {
    Strong,
    StrongCenter,
    Weak,
    Middleweight,
}

/// The shieldwall rule (OTN `sw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shieldwall {
    None,
    Weak,
    Strong,
}

/// What a third repetition does (OTN `tfr`; OpenTafl never ignores one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Repetition {
    Draws,
    Loses,
    Wins,
}

/// Berserk continuations (OTN `ber`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Berserk {
    None,
    CaptureOnly,
    AnyMove,
}

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
    pub(crate) squares: Vec<crate::Square>,
    pub(crate) pass: [[bool; 12]; 5],
    pub(crate) stop: [[bool; 12]; 5],
    pub(crate) reenter: [[bool; 12]; 5],
    /// Hostility of an occupied special space to each side (the `t`/`T` letters).
    pub(crate) hostile: [[bool; 2]; 5],
    /// Hostility of the empty center.
    pub(crate) hostile_empty_center: [bool; 2],
    /// Speed limit per kind, `0` none.
    pub(crate) speed: [u32; 12],
    pub(crate) jump: [Jump; 12],
    pub(crate) edge_escape: bool,
    pub(crate) surrounding_fatal: bool,
    pub(crate) attackers_first: bool,
    pub(crate) repetition: Repetition,
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

    /// (row, col) of a padded index on the board.
    pub(crate) fn row_col(&self, sq: u32) -> (usize, usize) {
        let sq = sq as usize;
        (sq / self.stride - 1, sq % self.stride - 1)
    }
}
