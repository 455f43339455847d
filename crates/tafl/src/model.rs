//! The values: [`Tsn`] (a tafl position with its counters) and [`Ten`] (a `Tsn` plus an
//! [`Extension`]).

use gridnote_board::{Board, Cell, CellName, Player, Position};

use crate::error::ModelError;

/// A TSN position: a square board of attackers (Player One's men), defenders (Player
/// Two's men) and at most one king (Player Two's king), the number of defenders at the
/// start, the side to move (`a` = [`Player::One`], `d` = [`Player::Two`]), the current
/// ply and the plies since the last capture.
///
/// Invariants, checked by [`Tsn::new`] and by the reader: the board is square, 1 to 255
/// on a side, and holds only [`Cell::Empty`], [`Cell::ONE`], [`Cell::TWO`] and at most one
/// [`Cell::TWO_KING`]; `defenders` is a positive multiple of 4; `ply` is at least 1. Whether
/// the counts are consistent (no more pieces than at the start, a king on the board, …)
/// is a separate question, answered by [`Tsn::problems`].
///
/// The board keeps row 0 at the top like every gridnote board; the text lists rows from
/// the bottom up.
///
/// ```
/// use gridnote_tafl::board::{Cell, Player};
/// use gridnote_tafl::Tsn;
///
/// let ard_ri: Tsn = "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0".parse()?;
/// assert_eq!(ard_ri.board().rows(), 7);
/// assert_eq!(ard_ri.board().get(3, 3), Some(Cell::TWO_KING));
/// assert_eq!(ard_ri.defenders(), 8);
/// assert_eq!(ard_ri.to_move(), Player::One);
/// assert_eq!((ard_ri.ply(), ard_ri.since_capture()), (1, 0));
/// assert!(ard_ri.problems().is_empty());
/// assert_eq!(ard_ri.to_string(), "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0");
/// # Ok::<(), gridnote_tafl::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tsn {
    board: Board,
    defenders: u32,
    to_move: Player,
    ply: u32,
    since_capture: u32,
}

impl Tsn {
    /// A position from its parts, checking every invariant.
    ///
    /// # Errors
    /// [`ModelError::NotSquare`] for a board that is not square,
    /// [`ModelError::Cell`] naming the first cell (in text order: bottom row first, left to
    /// right) that is void or holds Player One's king, [`ModelError::SecondKing`],
    /// [`ModelError::Defenders`] when `defenders` is 0 or not divisible by 4,
    /// [`ModelError::PlyZero`].
    ///
    /// ```
    /// use gridnote_tafl::board::{Board, Cell, Player};
    /// use gridnote_tafl::{ModelError, Tsn};
    ///
    /// let mut board = Board::new(3, 3)?;
    /// board.set(1, 1, Cell::TWO_KING)?;
    /// board.set(2, 1, Cell::ONE)?;
    /// let tsn = Tsn::new(board.clone(), 4, Player::Two, 2, 1)?;
    /// assert_eq!(tsn.to_string(), "3 4 1a1/1k1/3 d 2 1");
    ///
    /// assert_eq!(Tsn::new(board.clone(), 6, Player::One, 1, 0), Err(ModelError::Defenders { value: 6 }));
    /// assert_eq!(Tsn::new(board, 4, Player::One, 0, 0), Err(ModelError::PlyZero));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        board: Board,
        defenders: u32,
        to_move: Player,
        ply: u32,
        since_capture: u32,
    ) -> Result<Tsn, ModelError> {
        check_board(&board)?;
        if !defenders_ok(defenders) {
            return Err(ModelError::Defenders { value: defenders });
        }
        if ply == 0 {
            return Err(ModelError::PlyZero);
        }
        Ok(Tsn { board, defenders, to_move, ply, since_capture })
    }

    /// A position whose invariants the reader has already checked.
    pub(crate) fn from_checked(
        board: Board,
        defenders: u32,
        to_move: Player,
        ply: u32,
        since_capture: u32,
    ) -> Tsn {
        debug_assert!(check_board(&board).is_ok() && defenders_ok(defenders) && ply > 0);
        Tsn { board, defenders, to_move, ply, since_capture }
    }

    /// The board (row 0 at the top).
    ///
    /// ```
    /// use gridnote_tafl::board::Cell;
    /// let tsn: gridnote_tafl::Tsn = "2 4 k1/a1 d 1 0".parse()?;
    /// // The text lists the bottom row first: `k1` is rank 1, the board's row 1.
    /// assert_eq!(tsn.board().get(1, 0), Some(Cell::TWO_KING));
    /// assert_eq!(tsn.board().get(0, 0), Some(Cell::ONE));
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The number of defenders at the start of the game (the king not counted): a positive
    /// multiple of 4.
    ///
    /// ```
    /// let tsn: gridnote_tafl::Tsn = "1 12 k a 1 0".parse()?;
    /// assert_eq!(tsn.defenders(), 12);
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn defenders(&self) -> u32 {
        self.defenders
    }

    /// The side to move: [`Player::One`] for the attackers (`a`), [`Player::Two`] for the
    /// defenders (`d`).
    ///
    /// ```
    /// use gridnote_tafl::board::Player;
    /// let tsn: gridnote_tafl::Tsn = "1 4 k d 2 1".parse()?;
    /// assert_eq!(tsn.to_move(), Player::Two);
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn to_move(&self) -> Player {
        self.to_move
    }

    /// The current ply (half-move), at least 1.
    ///
    /// ```
    /// let tsn: gridnote_tafl::Tsn = "1 4 k d 2 1".parse()?;
    /// assert_eq!(tsn.ply(), 2);
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn ply(&self) -> u32 {
        self.ply
    }

    /// The plies since the last capture.
    ///
    /// ```
    /// let tsn: gridnote_tafl::Tsn = "1 4 k d 2 1".parse()?;
    /// assert_eq!(tsn.since_capture(), 1);
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn since_capture(&self) -> u32 {
        self.since_capture
    }

    /// The shared [`Position`]: the board and the side to move. The king is Player Two's
    /// [`Role::King`](gridnote_board::Role::King) piece.
    ///
    /// ```
    /// use gridnote_tafl::board::Player;
    /// let tsn: gridnote_tafl::Tsn = "2 4 k1/a1 d 2 1".parse()?;
    /// let position = tsn.position();
    /// assert_eq!(position.to_move, Player::Two);
    /// assert_eq!(&position.board, tsn.board());
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn position(&self) -> Position {
        Position::new(self.board.clone(), self.to_move)
    }

    /// The position, without copying the board.
    ///
    /// ```
    /// let tsn: gridnote_tafl::Tsn = "2 4 k1/a1 d 2 1".parse()?;
    /// assert_eq!(tsn.clone().into_position(), tsn.position());
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn into_position(self) -> Position {
        Position::new(self.board, self.to_move)
    }

    /// A TSN value from a shared [`Position`] and the three counters TSN adds.
    ///
    /// # Errors
    /// As [`Tsn::new`].
    ///
    /// ```
    /// use gridnote_tafl::board::{Player, Position};
    /// use gridnote_tafl::Tsn;
    /// let tsn = Tsn::from_position(Position::start(3, 3)?, 4, 1, 0)?;
    /// assert_eq!(tsn.to_string(), "3 4 3/3/3 a 1 0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_position(
        position: Position,
        defenders: u32,
        ply: u32,
        since_capture: u32,
    ) -> Result<Tsn, ModelError> {
        Tsn::new(position.board, defenders, position.to_move, ply, since_capture)
    }
}

impl From<Tsn> for Position {
    /// The board and the side to move; the counters are dropped.
    fn from(tsn: Tsn) -> Position {
        tsn.into_position()
    }
}

impl From<&Tsn> for Position {
    /// The board and the side to move; the counters are dropped.
    fn from(tsn: &Tsn) -> Position {
        tsn.position()
    }
}

pub(crate) const fn defenders_ok(defenders: u32) -> bool {
    defenders > 0 && defenders % 4 == 0
}

/// The board invariants: square, only the cells TSN writes, at most one king. Cells are
/// visited in text order (bottom row first, left to right), so the first offending cell
/// reported is the first one the text would show.
fn check_board(board: &Board) -> Result<(), ModelError> {
    if !board.is_square() {
        return Err(ModelError::NotSquare { rows: board.rows(), cols: board.cols() });
    }
    let size = board.rows();
    let mut king: Option<CellName> = None;
    for row in (0..size).rev() {
        for (col, &cell) in board.row(row).iter().enumerate() {
            match cell {
                Cell::Empty | Cell::OneMan | Cell::TwoMan => {}
                Cell::TwoKing => {
                    let name = board.cell_name(row, col);
                    if let Some(first) = king {
                        return Err(ModelError::SecondKing { cell: name, first });
                    }
                    king = Some(name);
                }
                // Void, Player One's king, and any piece tafl has no letter for.
                _ => {
                    return Err(ModelError::Cell { cell: board.cell_name(row, col), found: cell });
                }
            }
        }
    }
    Ok(())
}

/// The seventh field of a TEN position: no custom data (`-`), or custom data with an
/// identifier and a version (`identifier:version:data`).
///
/// A custom extension is valid when the identifier is 1 or more of `A-Z a-z 0-9 _ . -`,
/// the version 1 or more ASCII digits (a label, kept exactly as written: `007` stays
/// `007`), and the data has no whitespace (it may be empty and may hold further `:`).
/// [`Ten::new`] and [`Extension::custom`] check this.
///
/// ```
/// use gridnote_tafl::Extension;
/// let ext = Extension::custom("example", "1", "escape=corners")?;
/// assert_eq!(ext.to_string(), "example:1:escape=corners");
/// assert_eq!(Extension::None.to_string(), "-");
/// assert!(Extension::custom("", "1", "x").is_err());
/// # Ok::<(), gridnote_tafl::ModelError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Extension {
    /// `-`: no custom data.
    #[default]
    None,
    /// `identifier:version:data`.
    Custom {
        /// Who defines the data: 1 or more of `A-Z a-z 0-9 _ . -`.
        identifier: String,
        /// The version of the data's format: 1 or more ASCII digits, kept as written.
        version: String,
        /// The data itself: any characters but whitespace (may be empty).
        data: String,
    },
}

impl Extension {
    /// A checked custom extension.
    ///
    /// # Errors
    /// [`ModelError::Identifier`], [`ModelError::Version`] or [`ModelError::Data`] for the
    /// first part that breaks its rule.
    ///
    /// ```
    /// use gridnote_tafl::{Extension, ModelError};
    /// assert!(Extension::custom("rules.v2", "007", "a:b:c").is_ok());
    /// assert_eq!(
    ///     Extension::custom("x", "1.0", ""),
    ///     Err(ModelError::Version { found: "1.0".into() })
    /// );
    /// ```
    pub fn custom(
        identifier: impl Into<String>,
        version: impl Into<String>,
        data: impl Into<String>,
    ) -> Result<Extension, ModelError> {
        let ext = Extension::Custom {
            identifier: identifier.into(),
            version: version.into(),
            data: data.into(),
        };
        ext.check()?;
        Ok(ext)
    }

    /// Checks the rules of a custom extension (`None` always passes).
    ///
    /// # Errors
    /// As [`Extension::custom`].
    ///
    /// ```
    /// use gridnote_tafl::{Extension, ModelError};
    /// let ext = Extension::Custom { identifier: "ok".into(), version: "1".into(), data: "a b".into() };
    /// assert_eq!(ext.check(), Err(ModelError::Data { found: "a b".into() }));
    /// assert_eq!(Extension::None.check(), Ok(()));
    /// ```
    pub fn check(&self) -> Result<(), ModelError> {
        let Extension::Custom { identifier, version, data } = self else {
            return Ok(());
        };
        if identifier.is_empty() || !identifier.chars().all(is_identifier_char) {
            return Err(ModelError::Identifier { found: identifier.clone() });
        }
        if version.is_empty() || !version.chars().all(|c| c.is_ascii_digit()) {
            return Err(ModelError::Version { found: version.clone() });
        }
        if data.chars().any(char::is_whitespace) {
            return Err(ModelError::Data { found: data.clone() });
        }
        Ok(())
    }
}

/// identifier characters: `A-Z a-z 0-9 _ . -`.
pub(crate) const fn is_identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')
}

/// A TEN position: a [`Tsn`] and the seventh field, an [`Extension`].
///
/// ```
/// use gridnote_tafl::{Extension, Ten};
///
/// let ten: Ten = "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0 example:1:escape=corners".parse()?;
/// assert_eq!(ten.tsn().defenders(), 8);
/// assert_eq!(
///     ten.extension(),
///     &Extension::Custom { identifier: "example".into(), version: "1".into(), data: "escape=corners".into() }
/// );
/// assert_eq!(ten.to_string(), "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0 example:1:escape=corners");
/// # Ok::<(), gridnote_tafl::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ten {
    tsn: Tsn,
    extension: Extension,
}

impl Ten {
    /// A TEN value from a position and a checked extension.
    ///
    /// # Errors
    /// As [`Extension::check`].
    ///
    /// ```
    /// use gridnote_tafl::{Extension, Ten, Tsn};
    /// let tsn: Tsn = "1 4 k a 1 0".parse()?;
    /// let ten = Ten::new(tsn, Extension::custom("x", "2", "")?)?;
    /// assert_eq!(ten.to_string(), "1 4 k a 1 0 x:2:");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(tsn: Tsn, extension: Extension) -> Result<Ten, ModelError> {
        extension.check()?;
        Ok(Ten { tsn, extension })
    }

    /// A TEN value without custom data (`-`).
    ///
    /// ```
    /// use gridnote_tafl::{Ten, Tsn};
    /// let tsn: Tsn = "1 4 k a 1 0".parse()?;
    /// assert_eq!(Ten::from_tsn(tsn).to_string(), "1 4 k a 1 0 -");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn from_tsn(tsn: Tsn) -> Ten {
        Ten { tsn, extension: Extension::None }
    }

    /// A TEN value whose extension the reader has already checked.
    pub(crate) fn from_checked(tsn: Tsn, extension: Extension) -> Ten {
        debug_assert!(extension.check().is_ok());
        Ten { tsn, extension }
    }

    /// The position and its counters.
    ///
    /// ```
    /// let ten: gridnote_tafl::Ten = "1 4 k a 1 0 -".parse()?;
    /// assert_eq!(ten.tsn().ply(), 1);
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn tsn(&self) -> &Tsn {
        &self.tsn
    }

    /// The extension.
    ///
    /// ```
    /// use gridnote_tafl::Extension;
    /// let ten: gridnote_tafl::Ten = "1 4 k a 1 0 -".parse()?;
    /// assert_eq!(ten.extension(), &Extension::None);
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn extension(&self) -> &Extension {
        &self.extension
    }

    /// The position and the extension, taken apart.
    ///
    /// ```
    /// use gridnote_tafl::Extension;
    /// let ten: gridnote_tafl::Ten = "1 4 k a 1 0 id:1:x".parse()?;
    /// let (tsn, extension) = ten.into_parts();
    /// assert_eq!(tsn.to_string(), "1 4 k a 1 0");
    /// assert!(matches!(extension, Extension::Custom { .. }));
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn into_parts(self) -> (Tsn, Extension) {
        (self.tsn, self.extension)
    }
}

impl From<Ten> for Tsn {
    /// The position; the extension is dropped.
    fn from(ten: Ten) -> Tsn {
        ten.tsn
    }
}

impl From<Tsn> for Ten {
    /// [`Ten::from_tsn`]: no custom data.
    fn from(tsn: Tsn) -> Ten {
        Ten::from_tsn(tsn)
    }
}

impl AsRef<Tsn> for Ten {
    fn as_ref(&self) -> &Tsn {
        &self.tsn
    }
}
