//! The values of tafl rules entries: the letter enums, piece-type sets, speed limits
//! and the keys of an OpenTafl rules record.

use core::fmt::{self, Write as _};

use crate::{Piece, Player, Role};

macro_rules! letter_enum {
    ($(#[$meta:meta])* $name:ident, $default:ident, $expected:literal, { $($(#[$vmeta:meta])* $variant:ident = $letter:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
        #[non_exhaustive]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// The letters this value may be written with, for error messages.
            pub const EXPECTED: &'static str = $expected;

            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// OpenTafl's default, when the rules record has no entry.
            pub const DEFAULT: $name = $name::$default;

            /// The value's letter in an OpenTafl rules record.
            #[must_use]
            pub const fn letter(self) -> char {
                match self { $($name::$variant => $letter,)+ }
            }

            /// The value of a letter, if it is one.
            #[must_use]
            pub const fn from_letter(letter: char) -> Option<$name> {
                match letter { $($letter => Some($name::$variant),)+ _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_char(self.letter())
            }
        }
    };
}

letter_enum!(
    /// `esc:` where the king escapes: OpenTafl's default is the corners.
    ///
    /// ```
    /// use gridnote_board::tafl::Escape;
    /// assert_eq!(Escape::Edge.letter(), 'e');
    /// assert_eq!(Escape::from_letter('c'), Some(Escape::Corner));
    /// assert_eq!(Escape::default(), Escape::Corner);
    /// ```
    Escape, Corner, "`c` (corner) or `e` (edge)", {
    /// `c`: the king escapes on a corner space.
    #[default]
    Corner = 'c',
    /// `e`: the king escapes on any edge space.
    Edge = 'e' }
);
letter_enum!(
    /// `tfr:` what the third repetition of a position does: OpenTafl's default is a draw.
    ///
    /// ```
    /// use gridnote_board::tafl::Threefold;
    /// assert_eq!(Threefold::Draw.letter(), 'd');
    /// assert_eq!(Threefold::default(), Threefold::Draw);
    /// ```
    Threefold, Draw, "`i` (ignore), `d` (draw), `w` (repeater wins) or `l` (repeater loses)", {
    /// `i`: nothing happens.
    Ignore = 'i',
    /// `d`: the game is drawn.
    #[default]
    Draw = 'd',
    /// `w`: the side that repeats wins.
    Win = 'w',
    /// `l`: the side that repeats loses.
    Loss = 'l' }
);
letter_enum!(
    /// `ka:` whether the king takes part in captures: OpenTafl's default is armed.
    ///
    /// ```
    /// use gridnote_board::tafl::KingArmed;
    /// assert_eq!(KingArmed::AnvilOnly.letter(), 'a');
    /// assert_eq!(KingArmed::default(), KingArmed::Armed);
    /// ```
    KingArmed, Armed, "`y` (armed), `n` (unarmed), `a` (anvil only) or `h` (hammer only)", {
    /// `y`: as hammer and as anvil.
    #[default]
    Armed = 'y',
    /// `n`: never.
    Unarmed = 'n',
    /// `a`: only as the anvil (the piece not moving).
    AnvilOnly = 'a',
    /// `h`: only as the hammer (the piece moving).
    HammerOnly = 'h' }
);
letter_enum!(
    /// `ks:` how the king is captured: OpenTafl's default is strong. A rules record's
    /// legacy `y` reads as `s` and `n` as `w`.
    ///
    /// ```
    /// use gridnote_board::tafl::KingStrength;
    /// assert_eq!(KingStrength::Middleweight.letter(), 'm');
    /// assert_eq!(KingStrength::default(), KingStrength::Strong);
    /// ```
    KingStrength, Strong, "`s` (strong), `c` (strong on the centre), `m` (middleweight), `w` (weak), or the legacy `y`/`n`", {
    /// `s`: surrounded on four sides.
    #[default]
    Strong = 's',
    /// `c`: strong on and beside the centre, weak elsewhere.
    StrongCenter = 'c',
    /// `m`: middleweight.
    Middleweight = 'm',
    /// `w`: weak, captured like any taflman.
    Weak = 'w' }
);
letter_enum!(
    /// `kj:`, `nj:`, `cj:`, `mj:`, `gj:` how a piece jumps. OpenTafl's defaults differ by
    /// role ([`super::TaflRules::jump`]).
    ///
    /// ```
    /// use gridnote_board::tafl::JumpMode;
    /// assert_eq!(JumpMode::Capturing.letter(), 'c');
    /// ```
    JumpMode, None, "`n` (none), `r` (restricted), `j` (jump) or `c` (capturing jump)", {
    /// `n`: no jumps.
    #[default]
    None = 'n',
    /// `r`: jumps over restricted spaces only.
    Restricted = 'r',
    /// `j`: jumps over a piece.
    Jump = 'j',
    /// `c`: jumps over a piece and captures it.
    Capturing = 'c' }
);
letter_enum!(
    /// `sw:` shieldwall captures: OpenTafl's default is none.
    ///
    /// ```
    /// use gridnote_board::tafl::Shieldwall;
    /// assert_eq!(Shieldwall::Strong.letter(), 's');
    /// assert_eq!(Shieldwall::default(), Shieldwall::None);
    /// ```
    Shieldwall, None, "`n` (none), `w` (weak) or `s` (strong)", {
    /// `n`: no shieldwall captures.
    #[default]
    None = 'n',
    /// `w`: weak shieldwalls.
    Weak = 'w',
    /// `s`: strong shieldwalls.
    Strong = 's' }
);
letter_enum!(
    /// `ber:` berserk moves: OpenTafl's default is none.
    ///
    /// ```
    /// use gridnote_board::tafl::Berserk;
    /// assert_eq!(Berserk::Capture.letter(), 'c');
    /// assert_eq!(Berserk::default(), Berserk::None);
    /// ```
    Berserk, None, "`n` (none), `c` (must capture) or `m` (must move)", {
    /// `n`: no berserk moves.
    #[default]
    None = 'n',
    /// `c`: a piece that captured moves again, and must capture.
    Capture = 'c',
    /// `m`: a piece that captured moves again.
    Move = 'm' }
);

/// The 12 piece types of OTN (6 roles, 2 sides) in OpenTafl's list order
/// `tcnkmgTCNKMG`: attackers (Player One) lowercase first. A piece's place here is its
/// [`piece_index`].
///
/// ```
/// use gridnote_board::tafl::{PIECES, piece_index, piece_letter};
/// let letters: String = PIECES.iter().map(|&p| piece_letter(p)).collect();
/// assert_eq!(letters, "tcnkmgTCNKMG");
/// assert!(PIECES.iter().enumerate().all(|(i, &p)| piece_index(p) == i));
/// ```
pub const PIECES: [Piece; 12] = {
    const ROLES: [Role; 6] =
        [Role::Man, Role::Commander, Role::Knight, Role::King, Role::Mercenary, Role::Guard];
    let mut order = [Piece::man(Player::One); 12];
    let mut i = 0;
    while i < 12 {
        let player = if i < 6 { Player::One } else { Player::Two };
        order[i] = Piece::new(player, ROLES[i % 6]);
        i += 1;
    }
    order
};

/// A piece's place (0 to 11) in OpenTafl's list order `tcnkmgTCNKMG` ([`PIECES`]): the
/// order of OTN's piece lists, of [`PieceSet`] and of per-piece tables.
///
/// ```
/// use gridnote_board::tafl::piece_index;
/// use gridnote_board::{Piece, Player};
/// assert_eq!(piece_index(Piece::king(Player::Two)), 9);
/// ```
#[must_use]
pub const fn piece_index(piece: Piece) -> usize {
    let role = match piece.role {
        Role::Man => 0,
        Role::Commander => 1,
        Role::Knight => 2,
        Role::King => 3,
        Role::Mercenary => 4,
        Role::Guard => 5,
    };
    match piece.player {
        Player::One => role,
        Player::Two => 6 + role,
    }
}

/// A piece's OTN letter: the role's letter, uppercase for Player Two (the defenders).
///
/// ```
/// use gridnote_board::{tafl::piece_letter, Piece, Player, Role};
/// assert_eq!(piece_letter(Piece::new(Player::Two, Role::Knight)), 'N');
/// assert_eq!(piece_letter(Piece::man(Player::One)), 't');
/// ```
#[must_use]
pub const fn piece_letter(piece: Piece) -> char {
    let letter = piece.role.letter();
    match piece.player {
        Player::One => letter as char,
        Player::Two => letter.to_ascii_uppercase() as char,
    }
}

/// The piece of an OTN letter (`tcnkmg`, uppercase for Player Two).
///
/// ```
/// use gridnote_board::{tafl::piece_of_letter, Piece, Player, Role};
/// assert_eq!(piece_of_letter(b'M'), Some(Piece::new(Player::Two, Role::Mercenary)));
/// assert_eq!(piece_of_letter(b'x'), None);
/// ```
#[must_use]
pub const fn piece_of_letter(letter: u8) -> Option<Piece> {
    let player = if letter.is_ascii_uppercase() { Player::Two } else { Player::One };
    match Role::from_letter(letter.to_ascii_lowercase()) {
        Some(role) => Some(Piece::new(player, role)),
        None => None,
    }
}

/// A set of the 12 piece types (6 roles of each side): the value of a rules entry such
/// as `cenh:tcnk`. Written in OpenTafl's order `tcnkmgTCNKMG` whatever the order read.
///
/// ```
/// use gridnote_board::tafl::PieceSet;
/// use gridnote_board::{Piece, Player, Role};
/// let set: PieceSet = "Kt".parse()?;
/// assert_eq!(set.to_string(), "tK");
/// assert!(set.contains(Piece::king(Player::Two)));
/// assert!(!set.contains(Piece::king(Player::One)));
/// assert_eq!(set.len(), 2);
/// assert_eq!(PieceSet::ALL.to_string(), "tcnkmgTCNKMG");
/// # Ok::<(), gridnote_board::tafl::PieceSetError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PieceSet(u16);

impl fmt::Debug for PieceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PieceSet(\"{self}\")")
    }
}

/// A piece-type list that could not be read: the byte offset of the offending letter.
///
/// ```
/// use gridnote_board::tafl::{PieceSet, PieceSetError};
/// assert_eq!("tx".parse::<PieceSet>(), Err(PieceSetError::NotAPiece { at: 1 }));
/// assert_eq!("tKt".parse::<PieceSet>(), Err(PieceSetError::Repeated { at: 2 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PieceSetError {
    /// A character that is no taflman letter.
    #[error("expected taflman letters (t c n k m g, uppercase for the defenders)")]
    NotAPiece {
        /// Its byte offset.
        at: usize,
    },
    /// A letter given twice.
    #[error("expected each taflman letter at most once")]
    Repeated {
        /// Its byte offset.
        at: usize,
    },
}

impl PieceSet {
    /// No piece type (an empty list such as `cenh:`).
    pub const EMPTY: PieceSet = PieceSet(0);
    /// Every piece type.
    pub const ALL: PieceSet = PieceSet(0xfff);

    /// The set of the letters in `text`, which must all be OTN letters
    /// ([`piece_of_letter`]); usable in `const` contexts, `None` for any other text
    /// (repeats allowed).
    ///
    /// ```
    /// use gridnote_board::tafl::PieceSet;
    /// const HOSTILE: PieceSet = PieceSet::of("tcnkm").unwrap();
    /// assert_eq!(HOSTILE.len(), 5);
    /// ```
    #[must_use]
    pub const fn of(text: &str) -> Option<PieceSet> {
        let bytes = text.as_bytes();
        let mut set = PieceSet::EMPTY;
        let mut i = 0;
        while i < bytes.len() {
            match piece_of_letter(bytes[i]) {
                Some(piece) => set = set.with(piece),
                None => return None,
            }
            i += 1;
        }
        Some(set)
    }

    /// This set with `piece`'s type added.
    ///
    /// ```
    /// use gridnote_board::tafl::PieceSet;
    /// use gridnote_board::{Piece, Player, Role};
    /// assert_eq!(PieceSet::EMPTY.with(Piece::new(Player::One, Role::Guard)).to_string(), "g");
    /// ```
    #[must_use]
    pub const fn with(self, piece: Piece) -> PieceSet {
        PieceSet(self.0 | 1 << piece_index(piece))
    }

    /// This set without `piece`'s type.
    ///
    /// ```
    /// use gridnote_board::tafl::PieceSet;
    /// use gridnote_board::{Piece, Player};
    /// assert_eq!(PieceSet::ALL.without(Piece::king(Player::Two)).to_string(), "tcnkmgTCNMG");
    /// ```
    #[must_use]
    pub const fn without(self, piece: Piece) -> PieceSet {
        PieceSet(self.0 & !(1 << piece_index(piece)))
    }

    /// Whether `piece`'s type is in the set.
    ///
    /// ```
    /// use gridnote_board::tafl::PieceSet;
    /// use gridnote_board::{Piece, Player};
    /// assert!(!PieceSet::EMPTY.contains(Piece::man(Player::One)));
    /// ```
    #[must_use]
    pub const fn contains(self, piece: Piece) -> bool {
        self.0 & 1 << piece_index(piece) != 0
    }

    /// How many types the set holds.
    ///
    /// ```
    /// assert_eq!(gridnote_board::tafl::PieceSet::ALL.len(), 12);
    /// ```
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(gridnote_board::tafl::PieceSet::EMPTY.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set as 12 bits, bit `i` for the `i`-th letter of `tcnkmgTCNKMG`.
    ///
    /// ```
    /// use gridnote_board::tafl::PieceSet;
    /// assert_eq!(PieceSet::of("tK").unwrap().bits(), 1 | 1 << 9);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The pieces in the set, in OpenTafl's order.
    ///
    /// ```
    /// use gridnote_board::tafl::PieceSet;
    /// use gridnote_board::{Piece, Player};
    /// let set = PieceSet::of("Tt").unwrap();
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [Piece::man(Player::One), Piece::man(Player::Two)]);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Piece> {
        PIECES.into_iter().enumerate().filter(move |&(i, _)| self.0 & 1 << i != 0).map(|(_, p)| p)
    }

    pub(crate) fn read(text: &str) -> Result<PieceSet, PieceSetError> {
        let mut set = PieceSet::EMPTY;
        for (at, b) in text.bytes().enumerate() {
            let Some(piece) = piece_of_letter(b) else {
                return Err(PieceSetError::NotAPiece { at });
            };
            if set.contains(piece) {
                return Err(PieceSetError::Repeated { at });
            }
            set = set.with(piece);
        }
        Ok(set)
    }
}

impl fmt::Display for PieceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for piece in self.iter() {
            f.write_char(piece_letter(piece))?;
        }
        Ok(())
    }
}

impl core::str::FromStr for PieceSet {
    type Err = PieceSetError;

    /// OTN letters, each at most once, in any order.
    fn from_str(text: &str) -> Result<PieceSet, PieceSetError> {
        PieceSet::read(text)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for PieceSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for PieceSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<PieceSet, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Speed limits (`spd:`): how many spaces each piece type may move at most, `None` for no
/// limit (`-1` in a rules record). OpenTafl's default is no limit for any piece.
///
/// A record writes 1 number (every piece), 2 (attackers, defenders), 8 (`tcnkTCNK`), 10
/// (`tcnkmTCNKM`) or 12 (`tcnkmgTCNKMG`); the types a short form leaves out have no
/// limit. The form read is kept for writing the record back when it can still say the
/// limits ([`Speeds::written_with`]).
///
/// ```
/// use gridnote_board::tafl::Speeds;
/// use gridnote_board::{Piece, Player};
/// let speeds: Speeds = "3,4".parse()?;
/// assert_eq!(speeds.get(Piece::man(Player::One)), Some(3));
/// assert_eq!(speeds.get(Piece::king(Player::Two)), Some(4));
/// assert_eq!(speeds.to_string(), "3,4,");
/// assert_eq!(Speeds::NONE.to_string(), "-1");
/// # Ok::<(), gridnote_board::tafl::SpeedsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Speeds {
    /// By OpenTafl's type order `tcnkmgTCNKMG`; 0 = no limit.
    limits: [u8; 12],
    /// How many numbers the record wrote (0 when not read from text).
    #[cfg_attr(feature = "serde", serde(skip))]
    form: u8,
}

/// A speed list that could not be read, with the byte range of the offending text.
///
/// ```
/// use gridnote_board::tafl::{Speeds, SpeedsError};
/// assert_eq!("1,0".parse::<Speeds>(), Err(SpeedsError::Speed { span: 2..3 }));
/// assert_eq!("1,2,3".parse::<Speeds>(), Err(SpeedsError::Count { count: 3 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SpeedsError {
    /// Not `-1` or a number from 1 to 255.
    #[error("expected -1 (no limit) or a speed from 1 to 255")]
    Speed {
        /// The byte range of the speed.
        span: core::ops::Range<usize>,
    },
    /// Not 1, 2, 8, 10 or 12 speeds.
    #[error("expected 1, 2, 8, 10 or 12 speeds, found {count}")]
    Count {
        /// How many there were.
        count: usize,
    },
}

impl Speeds {
    /// No limit for any piece.
    pub const NONE: Speeds = Speeds { limits: [0; 12], form: 0 };

    /// The forms a record may write: numbers per form and the types they cover in order
    /// (the others have no limit).
    const FORMS: [(u8, &'static [usize]); 3] = [
        (8, &[0, 1, 2, 3, 6, 7, 8, 9]),
        (10, &[0, 1, 2, 3, 4, 6, 7, 8, 9, 10]),
        (12, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    ];

    /// The limit of `piece`'s type, `None` for no limit.
    ///
    /// ```
    /// use gridnote_board::tafl::Speeds;
    /// use gridnote_board::{Piece, Player};
    /// assert_eq!(Speeds::NONE.get(Piece::king(Player::Two)), None);
    /// ```
    #[must_use]
    pub const fn get(&self, piece: Piece) -> Option<u8> {
        match self.limits[piece_index(piece)] {
            0 => None,
            n => Some(n),
        }
    }

    /// Sets the limit of `piece`'s type (`None` or `Some(0)`: no limit).
    ///
    /// ```
    /// use gridnote_board::tafl::Speeds;
    /// use gridnote_board::{Piece, Player};
    /// let mut speeds = Speeds::NONE;
    /// speeds.set(Piece::king(Player::Two), Some(1));
    /// assert_eq!(speeds.to_string(), "-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1,");
    /// ```
    pub fn set(&mut self, piece: Piece, limit: Option<u8>) {
        self.limits[piece_index(piece)] = limit.unwrap_or(0);
    }

    /// The same limit for every piece.
    ///
    /// ```
    /// use gridnote_board::tafl::Speeds;
    /// assert_eq!(Speeds::all(Some(2)).to_string(), "2");
    /// ```
    #[must_use]
    pub const fn all(limit: Option<u8>) -> Speeds {
        let n = match limit {
            Some(n) => n,
            None => 0,
        };
        Speeds { limits: [n; 12], form: 0 }
    }

    /// How many numbers the record that was read wrote (1, 2, 8, 10 or 12), or 0.
    ///
    /// ```
    /// use gridnote_board::tafl::Speeds;
    /// assert_eq!("1,1,1,1,1,1,1,-1".parse::<Speeds>()?.written_with(), 8);
    /// assert_eq!(Speeds::NONE.written_with(), 0);
    /// # Ok::<(), gridnote_board::tafl::SpeedsError>(())
    /// ```
    #[must_use]
    pub const fn written_with(&self) -> u8 {
        self.form
    }

    /// Whether the limits (not the form) are the same.
    ///
    /// ```
    /// use gridnote_board::tafl::Speeds;
    /// assert!("1".parse::<Speeds>()?.same_limits(&Speeds::all(Some(1))));
    /// # Ok::<(), gridnote_board::tafl::SpeedsError>(())
    /// ```
    #[must_use]
    pub fn same_limits(&self, other: &Speeds) -> bool {
        self.limits == other.limits
    }

    /// How many numbers the text of these limits holds (`Display`): the form read when
    /// it can still say the limits, else the shortest of 1, 2 and 12 (as OpenTafl's
    /// writer chooses).
    ///
    /// ```
    /// use gridnote_board::tafl::Speeds;
    /// assert_eq!("3,4".parse::<Speeds>()?.form(), 2);
    /// assert_eq!(Speeds::NONE.form(), 1);
    /// # Ok::<(), gridnote_board::tafl::SpeedsError>(())
    /// ```
    #[must_use]
    pub fn form(&self) -> u8 {
        if self.form != 0 && self.expressible(self.form) {
            self.form
        } else if self.expressible(1) {
            1
        } else if self.expressible(2) {
            2
        } else {
            12
        }
    }

    fn expressible(&self, form: u8) -> bool {
        let l = &self.limits;
        match form {
            1 => l.iter().all(|&n| n == l[0]),
            2 => l[..6].iter().all(|&n| n == l[0]) && l[6..].iter().all(|&n| n == l[6]),
            _ => Speeds::FORMS
                .iter()
                .find(|(n, _)| *n == form)
                .is_some_and(|(_, covered)| (0..12).all(|i| covered.contains(&i) || l[i] == 0)),
        }
    }

    /// The limits of a speed list as read (1, 2, 8, 10 or 12 numbers, 0 = no limit),
    /// `None` for another count.
    pub(crate) fn from_limits(numbers: &[u8]) -> Option<Speeds> {
        let mut limits = [0u8; 12];
        match numbers.len() {
            1 => limits = [numbers[0]; 12],
            2 => {
                limits[..6].fill(numbers[0]);
                limits[6..].fill(numbers[1]);
            }
            count => {
                let (_, covered) = Speeds::FORMS.iter().find(|(n, _)| usize::from(*n) == count)?;
                for (&i, &n) in covered.iter().zip(numbers) {
                    limits[i] = n;
                }
            }
        }
        Some(Speeds { limits, form: numbers.len() as u8 })
    }
}

impl fmt::Display for Speeds {
    /// The form read when it can still say the limits, else the shortest of 1, 2 and 12
    /// numbers (as OpenTafl's writer chooses); a single number without a comma, lists
    /// with a comma after each.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let write = |f: &mut fmt::Formatter<'_>, n: u8| {
            if n == 0 { f.write_str("-1") } else { write!(f, "{n}") }
        };
        let form = self.form();
        match form {
            1 => write(f, self.limits[0]),
            2 => {
                write(f, self.limits[0])?;
                f.write_char(',')?;
                write(f, self.limits[6])?;
                f.write_char(',')
            }
            _ => {
                let covered =
                    Speeds::FORMS.iter().find(|(n, _)| *n == form).map_or(&[][..], |c| c.1);
                for &i in covered {
                    write(f, self.limits[i])?;
                    f.write_char(',')?;
                }
                Ok(())
            }
        }
    }
}

/// The keys of an OpenTafl rules record between `dim:` and the start position, in the
/// canonical order gridnote writes them.
///
/// OpenTafl's `RulesSerializer.getRulesRecord` writes `dim name esc surf atkf tfr ka ks kj
/// nj cj mj gj cor cen afor dfor spd corp cenp aforp dforp cors cens afors dfors corh cenh
/// cenhe aforh dforh corre cenre aforre dforre sw swf efe linc ber start`; this is that
/// order.
///
/// ```
/// use gridnote_board::tafl::Key;
/// assert_eq!(Key::ALL.len(), 39);
/// assert_eq!(Key::from_name("cenhe"), Some(Key::Cenhe));
/// assert_eq!(Key::Cenhe.name(), "cenhe");
/// assert_eq!(Key::from_name("dim"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
#[allow(missing_docs)] // each variant is its key, listed in `Key::NAMES`
pub enum Key {
    Name,
    Esc,
    Surf,
    Atkf,
    Tfr,
    Ka,
    Ks,
    Kj,
    Nj,
    Cj,
    Mj,
    Gj,
    Cor,
    Cen,
    Afor,
    Dfor,
    Spd,
    Corp,
    Cenp,
    Aforp,
    Dforp,
    Cors,
    Cens,
    Afors,
    Dfors,
    Corh,
    Cenh,
    Cenhe,
    Aforh,
    Dforh,
    Corre,
    Cenre,
    Aforre,
    Dforre,
    Sw,
    Swf,
    Efe,
    Linc,
    Ber,
}

impl Key {
    /// Every key, in canonical order.
    pub const ALL: [Key; 39] = [
        Key::Name,
        Key::Esc,
        Key::Surf,
        Key::Atkf,
        Key::Tfr,
        Key::Ka,
        Key::Ks,
        Key::Kj,
        Key::Nj,
        Key::Cj,
        Key::Mj,
        Key::Gj,
        Key::Cor,
        Key::Cen,
        Key::Afor,
        Key::Dfor,
        Key::Spd,
        Key::Corp,
        Key::Cenp,
        Key::Aforp,
        Key::Dforp,
        Key::Cors,
        Key::Cens,
        Key::Afors,
        Key::Dfors,
        Key::Corh,
        Key::Cenh,
        Key::Cenhe,
        Key::Aforh,
        Key::Dforh,
        Key::Corre,
        Key::Cenre,
        Key::Aforre,
        Key::Dforre,
        Key::Sw,
        Key::Swf,
        Key::Efe,
        Key::Linc,
        Key::Ber,
    ];

    /// The names of [`Key::ALL`], in the same order.
    pub const NAMES: [&'static str; 39] = [
        "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "nj", "cj", "mj", "gj", "cor",
        "cen", "afor", "dfor", "spd", "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors",
        "dfors", "corh", "cenh", "cenhe", "aforh", "dforh", "corre", "cenre", "aforre", "dforre",
        "sw", "swf", "efe", "linc", "ber",
    ];

    /// The key as written.
    ///
    /// ```
    /// assert_eq!(gridnote_board::tafl::Key::Spd.name(), "spd");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        Key::NAMES[self as usize]
    }

    /// The key of a name, if it is one.
    ///
    /// ```
    /// use gridnote_board::tafl::Key;
    /// assert_eq!(Key::from_name("gj"), Some(Key::Gj));
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Key> {
        Key::NAMES.iter().position(|&n| n == name).map(|i| Key::ALL[i])
    }

    pub(crate) const fn bit(self) -> u64 {
        1 << self as u32
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
