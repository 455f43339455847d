//! [`T3en`]: a position that T3EN can hold, and how to read one.

use core::fmt;
use core::str::FromStr;

use gridnote_board::{Position, Role};

use crate::error::{ModelError, ParseError};

/// A position that T3EN can hold: a square board of void, empty, `x` and `o` cells (no
/// kings), and the side to move.
///
/// Read it with [`FromStr`] or [`T3en::parse_with`], write it with [`T3en::write_to`] or
/// [`Display`](fmt::Display) (always canonical), and convert it to and from
/// [`Position`].
///
/// ```
/// use gridnote_t3en::board::{Outcome, Player, Position, Rules};
/// use gridnote_t3en::T3en;
///
/// let t3en: T3en = "x2o/_x_/2_x o".parse()?;
/// assert_eq!(t3en.position().outcome(Rules::TIC_TAC_TOE), Outcome::Won(Player::One));
///
/// let next = Position::start(3, 3)?.play_name("b2", Rules::TIC_TAC_TOE)?;
/// assert_eq!(T3en::try_from(next)?.to_string(), "3_/_x_/3_ o");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct T3en {
    position: Position,
}

/// How [`T3en::parse_with`] reads.
///
/// The default is lenient: non-canonical run lengths (`1_`, `__`, `2_1_`) are accepted,
/// as other T3EN tools write them. Strict mode rejects them with
/// [`ParseError::NonCanonical`]. Everything else is exact in both modes.
///
/// ```
/// use gridnote_t3en::ParseOptions;
/// assert!(!ParseOptions::default().strict);
/// assert!(ParseOptions::strict().strict);
/// assert_eq!(ParseOptions::default().with_strict(true), ParseOptions::strict());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Reject non-canonical run lengths.
    pub strict: bool,
}

impl ParseOptions {
    /// Lenient reading (the default): non-canonical run lengths are accepted.
    ///
    /// ```
    /// use gridnote_t3en::ParseOptions;
    /// assert_eq!(ParseOptions::lenient(), ParseOptions::default());
    /// ```
    #[must_use]
    pub const fn lenient() -> ParseOptions {
        ParseOptions { strict: false }
    }

    /// Strict reading: only canonical T3EN is accepted.
    ///
    /// ```
    /// use gridnote_t3en::{ParseOptions, T3en};
    /// assert!(T3en::parse_with("__/__ x", ParseOptions::strict()).is_err());
    /// ```
    #[must_use]
    pub const fn strict() -> ParseOptions {
        ParseOptions { strict: true }
    }

    /// These options with strict mode set to `strict`.
    ///
    /// ```
    /// use gridnote_t3en::ParseOptions;
    /// assert!(ParseOptions::lenient().with_strict(true).strict);
    /// ```
    #[must_use]
    pub const fn with_strict(self, strict: bool) -> ParseOptions {
        ParseOptions { strict }
    }
}

/// What [`T3en::parse_with`] read: the position, and whether the text was canonical
/// (exactly what [`T3en::write_to`] writes for it).
///
/// ```
/// use gridnote_t3en::{ParseOptions, T3en};
/// let parsed = T3en::parse_with("3_/3_/3_ x", ParseOptions::default())?;
/// assert!(parsed.canonical);
/// # Ok::<(), gridnote_t3en::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Parsed {
    /// The position read.
    pub t3en: T3en,
    /// Whether every run was written canonically: maximal, with a count only for runs
    /// of 2 or more. Always `true` in strict mode.
    pub canonical: bool,
}

impl T3en {
    /// Wraps a position that T3EN can hold.
    ///
    /// # Errors
    /// [`ModelError::NotSquare`] for a board that is not square, [`ModelError::King`]
    /// naming the first king (in reading order) on the board.
    ///
    /// ```
    /// use gridnote_t3en::board::Position;
    /// use gridnote_t3en::T3en;
    /// let t3en = T3en::new(Position::start(4, 4)?)?;
    /// assert_eq!(t3en.to_string(), "4_/4_/4_/4_ x");
    /// assert!(T3en::new(Position::start(3, 4)?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(position: Position) -> Result<T3en, ModelError> {
        let board = &position.board;
        if !board.is_square() {
            return Err(ModelError::NotSquare { rows: board.rows(), cols: board.cols() });
        }
        let king =
            board.iter().find(|(_, cell)| matches!(cell.role(), Some(role) if role != Role::Man));
        if let Some(((row, col), _)) = king {
            return Err(ModelError::King { cell: board.cell_name(row, col) });
        }
        Ok(T3en { position })
    }

    /// The position.
    ///
    /// ```
    /// use gridnote_t3en::board::Player;
    /// use gridnote_t3en::T3en;
    /// let t3en: T3en = "3_/_x_/3_ o".parse()?;
    /// assert_eq!(t3en.position().to_move, Player::Two);
    /// # Ok::<(), gridnote_t3en::ParseError>(())
    /// ```
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The position, by value.
    ///
    /// ```
    /// use gridnote_t3en::T3en;
    /// let position = "2_/2_ x".parse::<T3en>()?.into_position();
    /// assert_eq!(position.board.rows(), 2);
    /// # Ok::<(), gridnote_t3en::ParseError>(())
    /// ```
    #[must_use]
    pub fn into_position(self) -> Position {
        self.position
    }

    /// Reads T3EN with the given options, and says whether the text was canonical.
    ///
    /// # Errors
    /// A [`ParseError`] with the byte span of the first offending text; in strict mode
    /// also [`ParseError::NonCanonical`].
    ///
    /// ```
    /// use gridnote_t3en::{ParseError, ParseOptions, T3en};
    ///
    /// let lenient = T3en::parse_with("2_1_/3_/3_ x", ParseOptions::default())?;
    /// assert!(!lenient.canonical);
    /// assert_eq!(lenient.t3en.to_string(), "3_/3_/3_ x");
    ///
    /// let err = T3en::parse_with("2_1_/3_/3_ x", ParseOptions::strict()).unwrap_err();
    /// assert_eq!(err, ParseError::NonCanonical { span: 0..4, canonical: "3_".into() });
    /// assert_eq!(err.to_string(), "run lengths are not canonical: write `3_`");
    /// # Ok::<(), ParseError>(())
    /// ```
    pub fn parse_with(text: &str, options: ParseOptions) -> Result<Parsed, ParseError> {
        let (position, canonical) = match crate::one_pass::parse(text, options.strict) {
            Some(read) => read,
            None => crate::grammar::parse(text, options.strict)?,
        };
        Ok(Parsed { t3en: T3en { position }, canonical })
    }
}

impl FromStr for T3en {
    type Err = ParseError;

    /// Reads T3EN leniently (see [`ParseOptions`]).
    ///
    /// ```
    /// use gridnote_t3en::T3en;
    /// let t3en: T3en = ".3_./5_/.3_./5_/.3_. o".parse()?;
    /// assert_eq!(t3en.position().board.counts().void, 6);
    /// # Ok::<(), gridnote_t3en::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<T3en, ParseError> {
        // The fast path straight into the result: every move of a small board after its
        // cells are written costs a store-forwarding stall.
        if let Some(position) = crate::one_pass::parse_lenient(text) {
            return Ok(T3en { position });
        }
        T3en::parse_with(text, ParseOptions::default()).map(|parsed| parsed.t3en)
    }
}

impl fmt::Display for T3en {
    /// Canonical T3EN (see [`T3en::write_to`]).
    ///
    /// ```
    /// use gridnote_t3en::T3en;
    /// let t3en: T3en = "xx_/___/1o1_1x x".parse()?;
    /// assert_eq!(format!("{t3en}"), "2x_/3_/o_x x");
    /// # Ok::<(), gridnote_t3en::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The writer gathers its text in a buffer of its own and appends it in pieces of
        // up to 256 bytes: they go to the formatter as they are, without a second buffer.
        let mut sink = gridnote_text::sink::FmtPieces::new(f);
        self.append_to(&mut sink);
        sink.finish()
    }
}

impl TryFrom<Position> for T3en {
    type Error = ModelError;

    /// See [`T3en::new`].
    ///
    /// ```
    /// use gridnote_t3en::board::Position;
    /// use gridnote_t3en::T3en;
    /// let t3en = T3en::try_from(Position::start(3, 3)?)?;
    /// assert_eq!(t3en.to_string(), "3_/3_/3_ x");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(position: Position) -> Result<T3en, ModelError> {
        T3en::new(position)
    }
}

impl From<T3en> for Position {
    /// See [`T3en::into_position`].
    ///
    /// ```
    /// use gridnote_t3en::board::Position;
    /// use gridnote_t3en::T3en;
    /// let position = Position::from("3_/3_/3_ x".parse::<T3en>()?);
    /// assert_eq!(position, Position::start(3, 3).unwrap());
    /// # Ok::<(), gridnote_t3en::ParseError>(())
    /// ```
    fn from(t3en: T3en) -> Position {
        t3en.position
    }
}
