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

/// What a piece is: an ordinary man, a king, or one of OpenTafl's other taflmen
/// (commander, knight, mercenary, guard), which only OTN writes.
///
/// The order is OTN's list order (`t c n k m g`) but for the king, which comes second
/// (the roles every format knows first). More roles may come, so matches outside this
/// crate need a wildcard arm.
///
/// ```
/// use gridnote_board::Role;
/// assert_ne!(Role::Man, Role::King);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Role {
    /// An ordinary piece: every tic-tac-toe mark, every tafl attacker and defender.
    Man,
    /// The tafl king (Player Two's).
    King,
    /// OpenTafl's commander (`c`): a berserk piece that may jump.
    Commander,
    /// OpenTafl's knight (`n`): a berserk piece that may capture by jumping.
    Knight,
    /// OpenTafl's mercenary (`m`): a piece that changes sides when captured.
    Mercenary,
    /// OpenTafl's guard (`g`): a piece guarding its side's king.
    Guard,
}

impl Role {
    /// Every role, in [`Role::index`] order.
    ///
    /// ```
    /// use gridnote_board::Role;
    /// assert!(Role::ALL.iter().enumerate().all(|(i, r)| r.index() == i));
    /// ```
    pub const ALL: [Role; 6] =
        [Role::Man, Role::King, Role::Commander, Role::Knight, Role::Mercenary, Role::Guard];

    /// A dense index below 6, for per-role tables.
    ///
    /// ```
    /// use gridnote_board::Role;
    /// assert_eq!(Role::Guard.index(), 5);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role's OTN letter, lowercase: `t` (taflman, the man), `k`, `c`, `n`, `m`, `g`.
    ///
    /// ```
    /// use gridnote_board::Role;
    /// assert_eq!(Role::Knight.letter(), b'n');
    /// ```
    #[must_use]
    pub const fn letter(self) -> u8 {
        match self {
            Role::Man => b't',
            Role::King => b'k',
            Role::Commander => b'c',
            Role::Knight => b'n',
            Role::Mercenary => b'm',
            Role::Guard => b'g',
        }
    }

    /// The role of a lowercase OTN letter (see [`Role::letter`]).
    ///
    /// ```
    /// use gridnote_board::Role;
    /// assert_eq!(Role::from_letter(b'g'), Some(Role::Guard));
    /// assert_eq!(Role::from_letter(b'G'), None);
    /// ```
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Role> {
        Some(match letter {
            b't' => Role::Man,
            b'k' => Role::King,
            b'c' => Role::Commander,
            b'n' => Role::Knight,
            b'm' => Role::Mercenary,
            b'g' => Role::Guard,
            _ => return None,
        })
    }

    /// The role's name: `man`, `king`, `commander`, `knight`, `mercenary`, `guard`.
    ///
    /// ```
    /// use gridnote_board::Role;
    /// assert_eq!(Role::Mercenary.name(), "mercenary");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Man => "man",
            Role::King => "king",
            Role::Commander => "commander",
            Role::Knight => "knight",
            Role::Mercenary => "mercenary",
            Role::Guard => "guard",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
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
    /// Man, king, or one of OpenTafl's other taflmen.
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

    /// A piece of `player` and `role`.
    ///
    /// ```
    /// use gridnote_board::{Piece, Player, Role};
    /// assert_eq!(Piece::new(Player::One, Role::Guard).role, Role::Guard);
    /// ```
    #[must_use]
    pub const fn new(player: Player, role: Role) -> Piece {
        Piece { player, role }
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

/// One cell of a board: one byte.
///
/// `Void` is a cell that is not part of the playing area (T3EN's `.`): nothing can be
/// played there and it never takes part in a line. The other cells are empty or hold one
/// [`Piece`]; [`Cell::piece`], [`Cell::player`] and [`Cell::role`] take it apart and
/// `Cell::from(piece)` puts it together.
///
/// There is a cell for every [`Role`] of both players. The discriminants are the
/// canonical order (see [`Cell::rank`]): `Void < Empty < One's man < One's king < Two's
/// man < Two's king`, then OpenTafl's other taflmen (One's commander, knight, mercenary,
/// guard, then Two's), so [`Cell::index`] is a dense key for per-cell tables (a format's
/// glyphs, say) and the cells of m,n,k games and plain tafl keep their small ranks. More
/// cells may come, so matches outside this crate need a wildcard arm.
///
/// ```
/// use gridnote_board::{Cell, Piece, Player, Role};
/// assert_eq!(Cell::ONE.player(), Some(Player::One));
/// assert_eq!(Cell::from(Piece::king(Player::Two)), Cell::TwoKing);
/// assert_eq!(Cell::TwoKing.role(), Some(Role::King));
/// assert!(Cell::Empty.is_empty());
/// assert!(Cell::Void < Cell::Empty && Cell::Empty < Cell::ONE && Cell::ONE < Cell::TWO);
/// assert_eq!(core::mem::size_of::<Cell>(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[repr(u8)]
#[non_exhaustive]
pub enum Cell {
    /// Not part of the playing area.
    Void = 0,
    /// A playable cell with nothing on it.
    #[default]
    Empty = 1,
    /// Player One's man (`x`, a tafl attacker).
    OneMan = 2,
    /// Player One's king (not written by any format; kept so the model is total).
    OneKing = 3,
    /// Player Two's man (`o`, a tafl defender).
    TwoMan = 4,
    /// Player Two's king (tafl `k`).
    TwoKing = 5,
    /// Player One's commander (OTN `c`).
    OneCommander = 6,
    /// Player One's knight (OTN `n`).
    OneKnight = 7,
    /// Player One's mercenary (OTN `m`).
    OneMercenary = 8,
    /// Player One's guard (OTN `g`).
    OneGuard = 9,
    /// Player Two's commander (OTN `C`).
    TwoCommander = 10,
    /// Player Two's knight (OTN `N`).
    TwoKnight = 11,
    /// Player Two's mercenary (OTN `M`).
    TwoMercenary = 12,
    /// Player Two's guard (OTN `G`).
    TwoGuard = 13,
}

impl Cell {
    /// Player One's man (`x`): [`Cell::OneMan`].
    pub const ONE: Cell = Cell::OneMan;
    /// Player Two's man (`o`): [`Cell::TwoMan`].
    pub const TWO: Cell = Cell::TwoMan;
    /// Player Two's king (tafl `k`): [`Cell::TwoKing`].
    pub const TWO_KING: Cell = Cell::TwoKing;
    /// Player One's king: [`Cell::OneKing`].
    pub const ONE_KING: Cell = Cell::OneKing;

    /// How many cells there are today: [`Cell::index`] is below it.
    ///
    /// ```
    /// use gridnote_board::Cell;
    /// assert_eq!(Cell::TwoGuard.index() + 1, Cell::COUNT);
    /// ```
    pub const COUNT: usize = 14;

    /// Every cell, in [`Cell::index`] order.
    ///
    /// ```
    /// use gridnote_board::Cell;
    /// assert!(Cell::ALL.iter().enumerate().all(|(i, c)| c.index() == i));
    /// ```
    pub const ALL: [Cell; Cell::COUNT] = [
        Cell::Void,
        Cell::Empty,
        Cell::OneMan,
        Cell::OneKing,
        Cell::TwoMan,
        Cell::TwoKing,
        Cell::OneCommander,
        Cell::OneKnight,
        Cell::OneMercenary,
        Cell::OneGuard,
        Cell::TwoCommander,
        Cell::TwoKnight,
        Cell::TwoMercenary,
        Cell::TwoGuard,
    ];

    /// The pieces of [`Cell::ALL`] in order (`None` for `Void` and `Empty`): one table
    /// for [`Cell::piece`], [`Cell::player`] and [`Cell::role`].
    const PIECES: [Option<Piece>; Cell::COUNT] = [
        None,
        None,
        Some(Piece::new(Player::One, Role::Man)),
        Some(Piece::new(Player::One, Role::King)),
        Some(Piece::new(Player::Two, Role::Man)),
        Some(Piece::new(Player::Two, Role::King)),
        Some(Piece::new(Player::One, Role::Commander)),
        Some(Piece::new(Player::One, Role::Knight)),
        Some(Piece::new(Player::One, Role::Mercenary)),
        Some(Piece::new(Player::One, Role::Guard)),
        Some(Piece::new(Player::Two, Role::Commander)),
        Some(Piece::new(Player::Two, Role::Knight)),
        Some(Piece::new(Player::Two, Role::Mercenary)),
        Some(Piece::new(Player::Two, Role::Guard)),
    ];

    /// A man of `player`.
    ///
    /// ```
    /// use gridnote_board::{Cell, Player};
    /// assert_eq!(Cell::man(Player::Two), Cell::TWO);
    /// ```
    #[must_use]
    pub const fn man(player: Player) -> Cell {
        match player {
            Player::One => Cell::OneMan,
            Player::Two => Cell::TwoMan,
        }
    }

    /// The cell holding `piece` (`Cell::from(piece)` in a `const` context).
    ///
    /// ```
    /// use gridnote_board::{Cell, Piece, Player};
    /// assert_eq!(Cell::of(Piece::king(Player::One)), Cell::OneKing);
    /// ```
    #[must_use]
    pub const fn of(piece: Piece) -> Cell {
        match (piece.player, piece.role) {
            (Player::One, Role::Man) => Cell::OneMan,
            (Player::One, Role::King) => Cell::OneKing,
            (Player::Two, Role::Man) => Cell::TwoMan,
            (Player::Two, Role::King) => Cell::TwoKing,
            (Player::One, Role::Commander) => Cell::OneCommander,
            (Player::One, Role::Knight) => Cell::OneKnight,
            (Player::One, Role::Mercenary) => Cell::OneMercenary,
            (Player::One, Role::Guard) => Cell::OneGuard,
            (Player::Two, Role::Commander) => Cell::TwoCommander,
            (Player::Two, Role::Knight) => Cell::TwoKnight,
            (Player::Two, Role::Mercenary) => Cell::TwoMercenary,
            (Player::Two, Role::Guard) => Cell::TwoGuard,
        }
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
        // A table by rank: one load, where a match compiled to a chain of comparisons.
        const PLAYERS: [Option<Player>; Cell::COUNT] = {
            let mut players = [None; Cell::COUNT];
            let mut i = 0;
            while i < Cell::COUNT {
                if let Some(piece) = Cell::PIECES[i] {
                    players[i] = Some(piece.player);
                }
                i += 1;
            }
            players
        };
        PLAYERS[self as usize]
    }

    /// The role of the piece on this cell, if any.
    ///
    /// ```
    /// use gridnote_board::{Cell, Role};
    /// assert_eq!(Cell::TWO_KING.role(), Some(Role::King));
    /// assert_eq!(Cell::Empty.role(), None);
    /// ```
    #[must_use]
    pub const fn role(self) -> Option<Role> {
        match Cell::PIECES[self as usize] {
            Some(piece) => Some(piece.role),
            None => None,
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
        Cell::PIECES[self as usize]
    }

    /// Whether a piece stands on this cell.
    ///
    /// ```
    /// use gridnote_board::Cell;
    /// assert!(Cell::TwoKing.is_piece());
    /// assert!(!Cell::Empty.is_piece() && !Cell::Void.is_piece());
    /// ```
    #[must_use]
    pub const fn is_piece(self) -> bool {
        self as u8 >= Cell::OneMan as u8
    }

    /// Whether a king stands on this cell.
    ///
    /// ```
    /// use gridnote_board::Cell;
    /// assert!(Cell::TwoKing.is_king() && Cell::OneKing.is_king());
    /// assert!(!Cell::TWO.is_king());
    /// ```
    #[must_use]
    pub const fn is_king(self) -> bool {
        matches!(self, Cell::OneKing | Cell::TwoKing)
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
    /// Two's man 4, Two's king 5, One's commander 6, knight 7, mercenary 8, guard 9, Two's
    /// commander 10, knight 11, mercenary 12, guard 13 (its discriminant).
    ///
    /// ```
    /// use gridnote_board::Cell;
    /// assert_eq!(Cell::TWO.rank(), 4);
    /// ```
    #[must_use]
    pub const fn rank(self) -> u8 {
        self as u8
    }

    /// [`Cell::rank`] as an index below [`Cell::COUNT`], for per-cell tables.
    ///
    /// ```
    /// use gridnote_board::Cell;
    /// const GLYPHS: [u8; Cell::COUNT] = *b"#.xXoOcnmgCNMG";
    /// assert_eq!(GLYPHS[Cell::TWO.index()], b'o');
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl From<Piece> for Cell {
    /// The cell holding `piece`: [`Cell::of`].
    ///
    /// ```
    /// use gridnote_board::{Cell, Piece, Player};
    /// assert_eq!(Cell::from(Piece::man(Player::One)), Cell::ONE);
    /// ```
    fn from(piece: Piece) -> Cell {
        Cell::of(piece)
    }
}
