//! Players, pieces and cells: the smallest parts of the model.

use core::fmt;

/// One of the two players.
///
/// Player One moves first in tic-tac-toe. Each format names the players its own way:
///
/// | player | T3EN, tuple | digits | bits | tafl |
/// |---|---|---|---|---|
/// | `One` | `x` | `1` | `X` | `a` (attacker) |
/// | `Two` | `o` | `2` | `O` | `d` (defender), `k` (king) |
///
/// ```
/// use gridnote_board::Player;
/// assert_eq!(Player::One.other(), Player::Two);
/// assert_eq!(Player::Two.to_string(), "Player Two");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Player {
    /// The first player (`x`, `1`, `X`, the tafl attacker).
    One,
    /// The second player (`o`, `2`, `O`, the tafl defender).
    Two,
}

impl Player {
    /// Both players, in order.
    ///
    /// ```
    /// use gridnote_board::Player;
    /// assert_eq!(Player::BOTH, [Player::One, Player::Two]);
    /// ```
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// The opponent.
    ///
    /// ```
    /// use gridnote_board::Player;
    /// assert_eq!(Player::Two.other(), Player::One);
    /// ```
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for Player One, 1 for Player Two: an index into per-player arrays.
    ///
    /// ```
    /// use gridnote_board::Player;
    /// assert_eq!(Player::Two.index(), 1);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::One => 0,
            Player::Two => 1,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::One => "Player One",
            Player::Two => "Player Two",
        })
    }
}

/// What a piece is: an ordinary man, or a king (only tafl has one).
///
/// ```
/// use gridnote_board::Role;
/// assert_ne!(Role::Man, Role::King);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Role {
    /// An ordinary piece: every tic-tac-toe mark, every tafl attacker and defender.
    Man,
    /// The tafl king (Player Two's).
    King,
}

/// A piece: whose it is and what it is.
///
/// ```
/// use gridnote_board::{Piece, Player, Role};
/// let king = Piece::king(Player::Two);
/// assert_eq!(king, Piece { player: Player::Two, role: Role::King });
/// assert_eq!(Piece::man(Player::One).role, Role::Man);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The owner.
    pub player: Player,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// An ordinary piece of `player`.
    ///
    /// ```
    /// use gridnote_board::{Piece, Player};
    /// assert_eq!(Piece::man(Player::One).player, Player::One);
    /// ```
    #[must_use]
    pub const fn man(player: Player) -> Piece {
        Piece { player, role: Role::Man }
    }

    /// The king of `player`.
    ///
    /// ```
    /// use gridnote_board::{Piece, Player, Role};
    /// assert_eq!(Piece::king(Player::Two).role, Role::King);
    /// ```
    #[must_use]
    pub const fn king(player: Player) -> Piece {
        Piece { player, role: Role::King }
    }
}

/// One cell of a board.
///
/// `Void` is a cell that is not part of the playing area (T3EN's `.`): nothing can be
/// played there and it never takes part in a line.
///
/// Cells are ordered for canonical forms: `Void < Empty < One's man < One's king <
/// Two's man < Two's king` (see [`Cell::rank`]).
///
/// ```
/// use gridnote_board::{Cell, Player};
/// assert_eq!(Cell::ONE.player(), Some(Player::One));
/// assert!(Cell::Empty.is_empty());
/// assert!(Cell::Void < Cell::Empty && Cell::Empty < Cell::ONE && Cell::ONE < Cell::TWO);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Cell {
    /// Not part of the playing area.
    Void,
    /// A playable cell with nothing on it.
    #[default]
    Empty,
    /// A piece.
    Piece(Piece),
}

impl Cell {
    /// Player One's man (`x`).
    pub const ONE: Cell = Cell::Piece(Piece::man(Player::One));
    /// Player Two's man (`o`).
    pub const TWO: Cell = Cell::Piece(Piece::man(Player::Two));
    /// Player Two's king (tafl `k`).
    pub const TWO_KING: Cell = Cell::Piece(Piece::king(Player::Two));
    /// Player One's king (not written by any format; kept so the model is total).
    pub const ONE_KING: Cell = Cell::Piece(Piece::king(Player::One));

    /// A man of `player`.
    ///
    /// ```
    /// use gridnote_board::{Cell, Player};
    /// assert_eq!(Cell::man(Player::Two), Cell::TWO);
    /// ```
    #[must_use]
    pub const fn man(player: Player) -> Cell {
        Cell::Piece(Piece::man(player))
    }

    /// The owner of the piece on this cell, if any.
    ///
    /// ```
    /// use gridnote_board::{Cell, Player};
    /// assert_eq!(Cell::TWO_KING.player(), Some(Player::Two));
    /// assert_eq!(Cell::Void.player(), None);
    /// ```
    #[must_use]
    pub const fn player(self) -> Option<Player> {
        match self {
            Cell::Piece(p) => Some(p.player),
            _ => None,
        }
    }

    /// The piece on this cell, if any.
    ///
    /// ```
    /// use gridnote_board::{Cell, Piece, Player};
    /// assert_eq!(Cell::ONE.piece(), Some(Piece::man(Player::One)));
    /// assert_eq!(Cell::Empty.piece(), None);
    /// ```
    #[must_use]
    pub const fn piece(self) -> Option<Piece> {
        match self {
            Cell::Piece(p) => Some(p),
            _ => None,
        }
    }

    /// Whether this is an empty playable cell.
    ///
    /// ```
    /// use gridnote_board::Cell;
    /// assert!(Cell::Empty.is_empty());
    /// assert!(!Cell::Void.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        matches!(self, Cell::Empty)
    }

    /// Whether this cell is outside the playing area.
    ///
    /// ```
    /// use gridnote_board::Cell;
    /// assert!(Cell::Void.is_void());
    /// ```
    #[must_use]
    pub const fn is_void(self) -> bool {
        matches!(self, Cell::Void)
    }

    /// The cell's place in the canonical order: Void 0, Empty 1, One's man 2, One's king 3,
    /// Two's man 4, Two's king 5.
    ///
    /// ```
    /// use gridnote_board::Cell;
    /// assert_eq!(Cell::TWO.rank(), 4);
    /// ```
    #[must_use]
    pub const fn rank(self) -> u8 {
        match self {
            Cell::Void => 0,
            Cell::Empty => 1,
            Cell::Piece(Piece { player: Player::One, role: Role::Man }) => 2,
            Cell::Piece(Piece { player: Player::One, role: Role::King }) => 3,
            Cell::Piece(Piece { player: Player::Two, role: Role::Man }) => 4,
            Cell::Piece(Piece { player: Player::Two, role: Role::King }) => 5,
        }
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cell {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}
