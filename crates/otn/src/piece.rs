//! Sides, taflman kinds and pieces, with their OTN symbols.

use core::fmt;

/// The two sides of a tafl game. In OTN lowercase symbols are the attackers', uppercase
/// the defenders'.
///
/// ```
/// use gridnote_otn::Side;
/// assert_eq!(Side::Attackers.other(), Side::Defenders);
/// assert_eq!(Side::Defenders.to_string(), "defenders");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// The besieging side (lowercase symbols; gridnote's Player One).
    Attackers,
    /// The king's side (uppercase symbols; gridnote's Player Two).
    Defenders,
}

impl Side {
    /// The other side.
    ///
    /// ```
    /// use gridnote_otn::Side;
    /// assert_eq!(Side::Defenders.other(), Side::Attackers);
    /// ```
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        })
    }
}

/// What a taflman is. OTN knows six kinds; only the taflman and the king exist in the
/// other gridnote formats.
///
/// ```
/// use gridnote_otn::Kind;
/// assert_eq!(Kind::Knight.to_string(), "knight");
/// assert_eq!(Kind::ALL.len(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Kind {
    /// `t`: an ordinary taflman.
    Taflman,
    /// `k`: the king.
    King,
    /// `g`: a guard.
    Guard,
    /// `m`: a mercenary (variegated man).
    Mercenary,
    /// `n`: a knight (berserk).
    Knight,
    /// `c`: a commander (berserk).
    Commander,
}

impl Kind {
    /// Every kind, in OTN's preferred list order (`t c n k m g`).
    pub const ALL: [Kind; 6] =
        [Kind::Taflman, Kind::Commander, Kind::Knight, Kind::King, Kind::Mercenary, Kind::Guard];

    /// The lowercase symbol.
    ///
    /// ```
    /// use gridnote_otn::Kind;
    /// assert_eq!(Kind::Commander.symbol(), b'c');
    /// ```
    #[must_use]
    pub const fn symbol(self) -> u8 {
        match self {
            Kind::Taflman => b't',
            Kind::King => b'k',
            Kind::Guard => b'g',
            Kind::Mercenary => b'm',
            Kind::Knight => b'n',
            Kind::Commander => b'c',
        }
    }

    /// The kind of a lowercase symbol.
    ///
    /// ```
    /// use gridnote_otn::Kind;
    /// assert_eq!(Kind::from_symbol(b'g'), Some(Kind::Guard));
    /// assert_eq!(Kind::from_symbol(b'x'), None);
    /// ```
    #[must_use]
    pub const fn from_symbol(symbol: u8) -> Option<Kind> {
        Some(match symbol {
            b't' => Kind::Taflman,
            b'k' => Kind::King,
            b'g' => Kind::Guard,
            b'm' => Kind::Mercenary,
            b'n' => Kind::Knight,
            b'c' => Kind::Commander,
            _ => return None,
        })
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Taflman => "taflman",
            Kind::King => "king",
            Kind::Guard => "guard",
            Kind::Mercenary => "mercenary",
            Kind::Knight => "knight",
            Kind::Commander => "commander",
        })
    }
}

/// A piece: its side and its kind. Its OTN symbol is the kind's letter, lowercase for
/// the attackers and uppercase for the defenders.
///
/// ```
/// use gridnote_otn::{Kind, OtnPiece, Side};
/// let king = OtnPiece::new(Side::Defenders, Kind::King);
/// assert_eq!(king.symbol(), 'K');
/// assert_eq!(OtnPiece::from_symbol(b'n'), Some(OtnPiece::new(Side::Attackers, Kind::Knight)));
/// assert_eq!(king.to_string(), "K");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OtnPiece {
    /// Whose piece it is.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
}

impl OtnPiece {
    /// A piece of `side` and `kind`.
    ///
    /// ```
    /// use gridnote_otn::{Kind, OtnPiece, Side};
    /// assert_eq!(OtnPiece::new(Side::Attackers, Kind::Taflman).symbol(), 't');
    /// ```
    #[must_use]
    pub const fn new(side: Side, kind: Kind) -> OtnPiece {
        OtnPiece { side, kind }
    }

    /// The piece of an OTN symbol (`t k g m n c`, uppercase for the defenders).
    ///
    /// ```
    /// use gridnote_otn::{Kind, OtnPiece, Side};
    /// assert_eq!(OtnPiece::from_symbol(b'T'), Some(OtnPiece::new(Side::Defenders, Kind::Taflman)));
    /// assert_eq!(OtnPiece::from_symbol(b'a'), None);
    /// ```
    #[must_use]
    pub const fn from_symbol(symbol: u8) -> Option<OtnPiece> {
        if symbol.is_ascii_uppercase() {
            match Kind::from_symbol(symbol.to_ascii_lowercase()) {
                Some(kind) => Some(OtnPiece { side: Side::Defenders, kind }),
                None => None,
            }
        } else {
            match Kind::from_symbol(symbol) {
                Some(kind) => Some(OtnPiece { side: Side::Attackers, kind }),
                None => None,
            }
        }
    }

    /// The OTN symbol as a byte.
    ///
    /// ```
    /// use gridnote_otn::{Kind, OtnPiece, Side};
    /// assert_eq!(OtnPiece::new(Side::Defenders, Kind::Guard).byte(), b'G');
    /// ```
    #[must_use]
    pub const fn byte(self) -> u8 {
        let lower = self.kind.symbol();
        match self.side {
            Side::Attackers => lower,
            Side::Defenders => lower.to_ascii_uppercase(),
        }
    }

    /// The OTN symbol.
    ///
    /// ```
    /// use gridnote_otn::{Kind, OtnPiece, Side};
    /// assert_eq!(OtnPiece::new(Side::Attackers, Kind::Mercenary).symbol(), 'm');
    /// ```
    #[must_use]
    pub const fn symbol(self) -> char {
        self.byte() as char
    }

    /// A readable name, such as "defenders' king".
    ///
    /// ```
    /// use gridnote_otn::{Kind, OtnPiece, Side};
    /// assert_eq!(OtnPiece::new(Side::Defenders, Kind::King).describe(), "defenders' king");
    /// ```
    #[must_use]
    pub fn describe(self) -> String {
        format!("{}' {}", self.side, self.kind)
    }
}

impl fmt::Display for OtnPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        f.write_char(self.symbol())
    }
}

/// A set of piece types, the value of a rules entry such as `cenh:tcnk`. Written in
/// OTN's preferred order `tcnkmgTCNKMG` whatever the order read.
///
/// ```
/// use gridnote_otn::{Kind, OtnPiece, PieceTypes, Side};
/// let set = PieceTypes::EMPTY.with(OtnPiece::new(Side::Defenders, Kind::King))
///     .with(OtnPiece::new(Side::Attackers, Kind::Taflman));
/// assert_eq!(set.to_string(), "tK");
/// assert!(set.contains(OtnPiece::new(Side::Defenders, Kind::King)));
/// assert_eq!(set.len(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PieceTypes(u16);

impl fmt::Debug for PieceTypes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PieceTypes(\"{self}\")")
    }
}

impl PieceTypes {
    /// No piece type (an empty list such as `cenh:`).
    pub const EMPTY: PieceTypes = PieceTypes(0);

    /// The preferred order of symbols in a list.
    pub const ORDER: &'static [u8; 12] = b"tcnkmgTCNKMG";

    fn bit(piece: OtnPiece) -> u16 {
        let index = PieceTypes::ORDER.iter().position(|&b| b == piece.byte()).unwrap_or(0);
        1 << index
    }

    /// This set with `piece` added.
    ///
    /// ```
    /// use gridnote_otn::{Kind, OtnPiece, PieceTypes, Side};
    /// assert_eq!(PieceTypes::EMPTY.with(OtnPiece::new(Side::Attackers, Kind::Guard)).to_string(), "g");
    /// ```
    #[must_use]
    pub fn with(self, piece: OtnPiece) -> PieceTypes {
        PieceTypes(self.0 | PieceTypes::bit(piece))
    }

    /// Whether `piece`'s type is in the set.
    ///
    /// ```
    /// use gridnote_otn::{Kind, OtnPiece, PieceTypes, Side};
    /// assert!(!PieceTypes::EMPTY.contains(OtnPiece::new(Side::Attackers, Kind::Guard)));
    /// ```
    #[must_use]
    pub fn contains(self, piece: OtnPiece) -> bool {
        self.0 & PieceTypes::bit(piece) != 0
    }

    /// How many types the set holds.
    ///
    /// ```
    /// assert_eq!(gridnote_otn::PieceTypes::EMPTY.len(), 0);
    /// ```
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(gridnote_otn::PieceTypes::EMPTY.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pieces in the set, in the preferred order.
    ///
    /// ```
    /// use gridnote_otn::PieceTypes;
    /// let set: Vec<char> = PieceTypes::EMPTY.iter().map(|p| p.symbol()).collect();
    /// assert!(set.is_empty());
    /// ```
    pub fn iter(self) -> impl Iterator<Item = OtnPiece> {
        PieceTypes::ORDER
            .iter()
            .enumerate()
            .filter(move |&(i, _)| self.0 & (1 << i) != 0)
            .filter_map(|(_, &b)| OtnPiece::from_symbol(b))
    }
}

impl fmt::Display for PieceTypes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for piece in self.iter() {
            fmt::Display::fmt(&piece, f)?;
        }
        Ok(())
    }
}

/// A square of the board in OTN's algebraic form: file letters from `a` (`z`, then
/// `aa`, `ab`, …), rank number from 1 at the first row of a position record.
///
/// ```
/// use gridnote_otn::Space;
/// let e5: Space = "e5".parse()?;
/// assert_eq!((e5.file, e5.rank), (4, 4));
/// assert_eq!(e5.to_string(), "e5");
/// assert_eq!(Space::new(26, 0).to_string(), "aa1");
/// # Ok::<(), gridnote_otn::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Space {
    /// The file, 0 = `a`.
    pub file: u8,
    /// The rank, 0 = rank 1 (the first row of a position record).
    pub rank: u8,
}

impl Space {
    /// The space at `file` and `rank` (both from 0).
    ///
    /// ```
    /// assert_eq!(gridnote_otn::Space::new(0, 0).to_string(), "a1");
    /// ```
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Space {
        Space { file, rank }
    }

    /// Whether the space lies on a `size`×`size` board.
    ///
    /// ```
    /// use gridnote_otn::Space;
    /// assert!(Space::new(6, 6).is_on(7));
    /// assert!(!Space::new(7, 0).is_on(7));
    /// ```
    #[must_use]
    pub const fn is_on(self, size: u8) -> bool {
        self.file < size && self.rank < size
    }

    /// gridnote's name for the space (the same text: `a1` is the first square of rank 1).
    ///
    /// ```
    /// use gridnote_otn::Space;
    /// assert_eq!(Space::new(1, 2).cell_name().to_string(), "b3");
    /// ```
    #[must_use]
    pub fn cell_name(self) -> gridnote_board::CellName {
        gridnote_board::CellName { file: usize::from(self.file), rank: usize::from(self.rank) + 1 }
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.cell_name(), f)
    }
}
