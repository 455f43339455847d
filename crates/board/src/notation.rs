//! The [`Notation`] trait every gridnote format implements: what a format is called, how
//! to recognise it, what it carries, and reading and writing through a [`Setup`].
//!
//! A converter (gridnote-convert) needs nothing else from a format: its registry lists
//! the types that implement this trait, and every name, example, detection rule,
//! side-to-move spelling and dropped/derived note comes from here.

pub use crate::Game;
use crate::notes::Note;
use crate::options::NotationOptions;
use crate::report::Spanned;
use crate::setup::{Carries, ImpliedSide, Setup};
use crate::{Glyphs, Player, Rules};
use gridnote_text::sink::Sink;

/// A position notation.
///
/// Reading is two steps, as in shakmaty's `Fen` → `Setup`: [`parse_with`] checks the
/// syntax only ([`ParseError`], always spanned), [`to_setup`] turns the value into the
/// shared [`Setup`] (a [`ModelError`] when the text names no position, as an out-of-range
/// bit code does). Writing is [`from_setup`] (a [`ModelError`] when the notation cannot
/// express the position, naming the cell or field) and then [`append_to`].
///
/// [`from_setup`] receives a setup holding every field the notation
/// [`CARRIES`](Notation::CARRIES) when a converter calls it (the converter derives what
/// is missing and notes it); called directly, it derives what is missing by the rules of
/// [`Setup::to_move_or_counts`] and [`TaflFields::derived`](crate::setup::TaflFields::derived).
/// Notes it pushes are about what only it knows (a shape padded, an orientation dropped).
///
/// [`parse_with`]: Notation::parse_with
/// [`to_setup`]: Notation::to_setup
/// [`from_setup`]: Notation::from_setup
/// [`append_to`]: Notation::append_to
/// [`ParseError`]: Notation::ParseError
/// [`ModelError`]: Notation::ModelError
///
/// ```
/// use gridnote_board::notation::{Notation, NotationExt};
/// use gridnote_board::setup::{Carries, Setup};
/// use gridnote_board::{notes::Note, report::Spanned, Board, Cell, Player};
///
/// /// One cell: `x`, `o` or `_`.
/// struct Dot(Cell);
///
/// #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
/// #[error("expected x, o or _")]
/// struct DotError;
/// impl Spanned for DotError {
///     fn span(&self) -> core::ops::Range<usize> { 0..1 }
/// }
///
/// impl Notation for Dot {
///     const NAME: &'static str = "dot";
///     const EXAMPLE: &'static str = "x";
///     const DESCRIPTION: &'static str = "a 1x1 board";
///     const SNIFF_RULE: &'static str = "one character x, o or _";
///     const DETECT_PRIORITY: u8 = 100;
///     const CARRIES: Carries = Carries::BOARD;
///     const SIDE_LETTERS: [&'static str; 2] = ["x", "o"];
///     type Options = ();
///     type ParseError = DotError;
///     type ModelError = DotError;
///     fn sniff(text: &str) -> bool { matches!(text, "x" | "o" | "_") }
///     fn parse_with(text: &str, _: &()) -> Result<Dot, DotError> {
///         match text {
///             "x" => Ok(Dot(Cell::ONE)),
///             "o" => Ok(Dot(Cell::TWO)),
///             "_" => Ok(Dot(Cell::Empty)),
///             _ => Err(DotError),
///         }
///     }
///     fn to_setup(self, _: &()) -> Result<Setup, DotError> {
///         Ok(Setup::new(Board::filled(1, 1, self.0).map_err(|_| DotError)?))
///     }
///     fn from_setup(setup: Setup, _: &(), _: &mut Vec<Note>) -> Result<Dot, DotError> {
///         match (setup.board.rows(), setup.board.cols(), setup.board.get(0, 0)) {
///             (1, 1, Some(cell)) if !cell.is_void() => Ok(Dot(cell)),
///             _ => Err(DotError),
///         }
///     }
///     fn append_to<S: gridnote_text::sink::Sink + ?Sized>(&self, _: &(), out: &mut S) {
///         out.push_str(match self.0.player() { Some(Player::One) => "x", Some(Player::Two) => "o", None => "_" });
///     }
/// }
///
/// let setup = Dot::read("o", &())?;
/// assert_eq!(setup.board.get(0, 0), Some(Cell::TWO));
/// assert_eq!(Dot::write(setup, &(), &mut Vec::new())?, "o");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Notation: Sized {
    /// The format's name on the command line and in messages (lowercase, e.g. `t3en`).
    const NAME: &'static str;
    /// One position in this format; it reads and converts.
    const EXAMPLE: &'static str;
    /// A one-line description.
    const DESCRIPTION: &'static str;
    /// What [`sniff`](Notation::sniff) looks for, in a few words, for messages listing
    /// what detection tried (e.g. ``starts with `(` ``).
    const SNIFF_RULE: &'static str;
    /// Detection tries formats in increasing priority; the first whose
    /// [`sniff`](Notation::sniff) matches wins.
    const DETECT_PRIORITY: u8;
    /// The fields of a [`Setup`] this format carries besides the board.
    const CARRIES: Carries;
    /// File extensions (without the dot) of files holding one text of this format, as in
    /// the fixtures folders. By default the format's name.
    const FILE_EXTENSIONS: &'static [&'static str] = &[Self::NAME];
    /// How this format spells Player One and Player Two as a side to move (or, for a
    /// format without one, as its pieces), for notes.
    const SIDE_LETTERS: [&'static str; 2];
    /// How people name Player One and Player Two in this format, for drawings and
    /// reports: by default its game's names ([`Game::side_names`]); TSN and TEN add their
    /// letters (`a (attackers)`).
    const SIDE_NAMES: [&'static str; 2] = Self::GAME.side_names();
    /// The glyphs a text drawing of this format's boards uses: its game's
    /// ([`Game::glyphs`]).
    const GLYPHS: Glyphs = Self::GAME.glyphs();
    /// The game this format writes positions of, which gives its
    /// [`SIDE_NAMES`](Notation::SIDE_NAMES) and [`GLYPHS`](Notation::GLYPHS).
    const GAME: Game = Game::Mnk;
    /// The m,n,k rules a position of this format is judged by when none are given
    /// (tic-tac-toe's by default; the tuple format's game is Tomorrow's Tic-Tac-Toe).
    const DEFAULT_RULES: Rules = Rules::TIC_TAC_TOE;

    /// Reading and writing options (`()` when there are none): the type declares each
    /// option (name, values, default, help) and sets and gets it by name
    /// ([`NotationOptions`]), so that converters, command lines and bindings derive their
    /// options from it.
    type Options: NotationOptions;
    /// A syntax error, with the byte span of the offending text.
    type ParseError: std::error::Error + Spanned + Clone + PartialEq + Eq + Send + Sync + 'static;
    /// A position this format cannot express, or a text that names no position.
    type ModelError: std::error::Error + Clone + PartialEq + Eq + Send + Sync + 'static;

    /// Whether `text` has this format's shape. Only picks a reader; the reader checks.
    fn sniff(text: &str) -> bool;

    /// Reads `text`, checking its syntax only.
    ///
    /// # Errors
    /// A [`ParseError`](Notation::ParseError) with the span of the offending text.
    fn parse_with(text: &str, options: &Self::Options) -> Result<Self, Self::ParseError>;

    /// The position this value names: every field it carries, and the side to move it
    /// implies without carrying it ([`Notation::implied_to_move`]).
    ///
    /// # Errors
    /// A [`ModelError`](Notation::ModelError) when the value names no position.
    fn to_setup(self, options: &Self::Options) -> Result<Setup, Self::ModelError>;

    /// The value that writes `setup`, pushing notes about what only this format knows.
    ///
    /// # Errors
    /// A [`ModelError`](Notation::ModelError) naming the cell or field this format
    /// cannot express.
    fn from_setup(
        setup: Setup,
        options: &Self::Options,
        notes: &mut Vec<Note>,
    ) -> Result<Self, Self::ModelError>;

    /// Appends the canonical text to `out` (a `String`, a `Vec<u8>`, a formatter through
    /// [`FmtSink`](gridnote_text::sink::FmtSink)).
    fn append_to<S: Sink + ?Sized>(&self, options: &Self::Options, out: &mut S);

    /// The side to move a reader of this value takes without its being written: what
    /// [`to_setup`](Notation::to_setup) puts in [`Setup::implied_to_move`] (an OpenTafl
    /// rules record's `atkf`). `None`, the default, for a value that implies none.
    ///
    /// A converter writing a format without a side to move asks the value it wrote, to
    /// know whether converting back gives the source's side to move (nothing dropped) or
    /// another one (the side is noted as dropped).
    ///
    /// ```
    /// # use gridnote_board::{notation::Notation, setup::ImpliedSide};
    /// # fn implied<N: Notation>(value: &N) -> Option<ImpliedSide> { value.implied_to_move() }
    /// ```
    #[must_use]
    fn implied_to_move(&self) -> Option<ImpliedSide> {
        None
    }

    /// How this format spells `player` (see [`SIDE_LETTERS`](Notation::SIDE_LETTERS)).
    ///
    /// ```
    /// # use gridnote_board::{notation::Notation, Player};
    /// # fn letter<N: Notation>() -> &'static str { N::side_letter(Player::Two) }
    /// ```
    #[must_use]
    fn side_letter(player: Player) -> &'static str {
        Self::SIDE_LETTERS[player.index()]
    }
}

/// Reading and writing whole texts, for every [`Notation`].
///
/// ```
/// use gridnote_board::notation::{Notation, NotationExt};
/// fn round_trip<N: Notation>(text: &str) -> Option<String> {
///     let setup = N::read(text, &Default::default()).ok()?;
///     N::write(setup, &Default::default(), &mut Vec::new()).ok()
/// }
/// ```
pub trait NotationExt: Notation {
    /// [`parse_with`](Notation::parse_with) then [`to_setup`](Notation::to_setup).
    ///
    /// # Errors
    /// The parse error, or the model error as [`ReadError::Model`].
    fn read(
        text: &str,
        options: &Self::Options,
    ) -> Result<Setup, ReadError<Self::ParseError, Self::ModelError>> {
        Self::parse_with(text, options)
            .map_err(ReadError::Syntax)?
            .to_setup(options)
            .map_err(ReadError::Model)
    }

    /// [`from_setup`](Notation::from_setup) then [`append_to`](Notation::append_to) into
    /// a new string.
    ///
    /// # Errors
    /// The model error.
    fn write(
        setup: Setup,
        options: &Self::Options,
        notes: &mut Vec<Note>,
    ) -> Result<String, Self::ModelError> {
        let value = Self::from_setup(setup, options, notes)?;
        let mut out = String::new();
        value.append_to(options, &mut out);
        Ok(out)
    }
}

impl<N: Notation> NotationExt for N {}

/// Why [`NotationExt::read`] failed: the syntax, or a well-formed text that names no
/// position.
///
/// ```
/// use gridnote_board::notation::ReadError;
/// let err: ReadError<&str, &str> = ReadError::Syntax("bad");
/// assert!(matches!(err, ReadError::Syntax(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError<P, M> {
    /// Not well-formed.
    #[error(transparent)]
    Syntax(P),
    /// Well-formed but names no position.
    #[error(transparent)]
    Model(M),
}
