//! [`Setup`]: everything a position text can carry, the one intermediate of every
//! conversion between notations.

use core::any::Any;
use core::fmt;
use std::sync::Arc;

use crate::tafl::TaflRules;
use crate::{Board, Game, Player, SideError};

/// The counters only tafl notations (TSN, TEN) carry.
///
/// ```
/// use gridnote_board::setup::TaflFields;
/// let f = TaflFields::new(8, 1, 0);
/// assert_eq!((f.defenders, f.ply, f.since_capture), (8, 1, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct TaflFields {
    /// Defenders at the start of the game.
    pub defenders: u32,
    /// The current ply.
    pub ply: u32,
    /// Plies since the last capture.
    pub since_capture: u32,
}

impl TaflFields {
    /// The three counters.
    ///
    /// ```
    /// use gridnote_board::setup::TaflFields;
    /// assert_eq!(TaflFields::new(4, 3, 2).ply, 3);
    /// ```
    #[must_use]
    pub const fn new(defenders: u32, ply: u32, since_capture: u32) -> TaflFields {
        TaflFields { defenders, ply, since_capture }
    }

    /// The counters a board without them implies (the derivation rule of docs/decisions.md): `ply` =
    /// pieces + 1, `since_capture` = pieces (no capture happens in tic-tac-toe),
    /// `defenders` = the least positive multiple of 4 at least max(#defenders,
    /// ⌈#attackers / 2⌉), kings not counted.
    ///
    /// ```
    /// use gridnote_board::{setup::TaflFields, Board};
    /// assert_eq!(TaflFields::derived(&Board::new(3, 3)?), TaflFields::new(4, 1, 0));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn derived(board: &Board) -> TaflFields {
        TaflFields::derived_for(board, Game::Mnk)
    }

    /// The counters a board of `game` without them implies: for an m,n,k game as
    /// [`TaflFields::derived`]; for a tafl game the start of a game (ply 1, no plies since
    /// a capture) with the same `defenders`.
    ///
    /// ```
    /// use gridnote_board::{setup::TaflFields, Game};
    /// use gridnote_board::{Board, Cell};
    /// let mut board = Board::new(3, 3)?;
    /// board.set(0, 0, Cell::ONE)?;
    /// board.set(1, 1, Cell::TWO_KING)?;
    /// assert_eq!(TaflFields::derived_for(&board, Game::Tafl), TaflFields::new(4, 1, 0));
    /// assert_eq!(TaflFields::derived_for(&board, Game::Mnk), TaflFields::new(4, 3, 2));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn derived_for(board: &Board, game: Game) -> TaflFields {
        let counts = board.counts();
        let pieces = u32::try_from(counts.occupied()).unwrap_or(u32::MAX);
        let attackers = counts.of(Player::One);
        let defenders = counts.of(Player::Two) - counts.kings[Player::Two.index()];
        let need = defenders.max(attackers.div_ceil(2)).max(1);
        let defenders = u32::try_from(need.div_ceil(4) * 4).unwrap_or(u32::MAX);
        match game {
            Game::Tafl => TaflFields { defenders, ply: 1, since_capture: 0 },
            _ => TaflFields { defenders, ply: pieces.saturating_add(1), since_capture: pieces },
        }
    }
}

/// A side to move that a text implies without writing it, and the rule that implies it.
///
/// An OpenTafl rules record carries no side to move, but its `atkf` says who moves first
/// in its start position: its [`Setup::implied_to_move`] is the defenders for `atkf:n`.
///
/// ```
/// use gridnote_board::setup::ImpliedSide;
/// use gridnote_board::Player;
/// let implied = ImpliedSide::new(Player::Two, "atkf:n: the defenders move first");
/// assert_eq!(implied.side, Player::Two);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ImpliedSide {
    /// The side to move.
    pub side: Player,
    /// Why, in a few words: the rule a converter's "derived" note quotes.
    pub rule: &'static str,
}

impl ImpliedSide {
    /// `side` moves, because of `rule`.
    ///
    /// ```
    /// use gridnote_board::setup::ImpliedSide;
    /// use gridnote_board::Player;
    /// assert_eq!(ImpliedSide::new(Player::One, "why").rule, "why");
    /// ```
    #[must_use]
    pub const fn new(side: Player, rule: &'static str) -> ImpliedSide {
        ImpliedSide { side, rule }
    }
}

/// A position as any notation reads it: the board, and whatever else the text carried.
///
/// Every notation reads into a `Setup` and writes from one
/// ([`Notation`](crate::notation::Notation)); a field is `None` when the text did not carry
/// it. The struct is `#[non_exhaustive]`: later notations add fields (rules, move lists).
///
/// ```
/// use gridnote_board::{setup::Setup, Board, Player};
/// let setup = Setup::new(Board::new(3, 3)?).with_to_move(Player::Two);
/// assert_eq!(setup.to_move, Some(Player::Two));
/// assert_eq!(setup.tafl, None);
/// assert_eq!(setup.side_from_counts(), Some(Player::One));
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Setup {
    /// The board (row 0 at the top, whatever the notation's row order).
    pub board: Board,
    /// The side to move, when the text carries one.
    pub to_move: Option<Player>,
    /// TSN/TEN counters, when the text carries them.
    pub tafl: Option<TaflFields>,
    /// A format's own data, when the text carries its field: TEN's extension field,
    /// typed by gridnote-tafl ([`Payload`]; [`Payload::EMPTY`] for TEN's `-`).
    pub extension: Option<Payload>,
    /// A tafl variant's rules, typed (OTN's rules record and TEN's `otn:1:` extension
    /// carry them), when the text carries them. Boxed: the rules are large and most
    /// setups have none, and a setup is moved several times on every conversion.
    pub rules: Option<Box<TaflRules>>,
    /// The side to move the text implies without carrying it, and why (an OpenTafl rules
    /// record says who moves first in its start position); `None` when it implies none.
    /// Only a text without a side to move implies one: [`Setup::to_move`] wins.
    pub implied_to_move: Option<ImpliedSide>,
}

impl Setup {
    /// A setup holding only `board`.
    ///
    /// ```
    /// use gridnote_board::{setup::Setup, Board};
    /// assert_eq!(Setup::new(Board::new(2, 2)?).to_move, None);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn new(board: Board) -> Setup {
        Setup {
            board,
            to_move: None,
            tafl: None,
            extension: None,
            rules: None,
            implied_to_move: None,
        }
    }

    /// With a side to move.
    ///
    /// ```
    /// use gridnote_board::{setup::Setup, Board, Player};
    /// let s = Setup::new(Board::new(1, 1)?).with_to_move(Player::One);
    /// assert_eq!(s.to_move, Some(Player::One));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn with_to_move(mut self, to_move: Player) -> Setup {
        self.to_move = Some(to_move);
        self
    }

    /// With tafl counters.
    ///
    /// ```
    /// use gridnote_board::{setup::{Setup, TaflFields}, Board};
    /// let s = Setup::new(Board::new(1, 1)?).with_tafl(TaflFields::new(4, 1, 0));
    /// assert_eq!(s.tafl.map(|t| t.defenders), Some(4));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn with_tafl(mut self, tafl: TaflFields) -> Setup {
        self.tafl = Some(tafl);
        self
    }

    /// With a format's own data ([`Payload`]).
    ///
    /// ```
    /// use gridnote_board::{setup::{Payload, Setup}, Board};
    /// let s = Setup::new(Board::new(1, 1)?).with_extension(Payload::EMPTY);
    /// assert_eq!(s.extension.map(|e| e.to_string()).as_deref(), Some("-"));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn with_extension(mut self, extension: Payload) -> Setup {
        self.extension = Some(extension);
        self
    }

    /// With a tafl variant's rules.
    ///
    /// ```
    /// use gridnote_board::{setup::Setup, tafl::TaflRules};
    /// let rules = TaflRules::preset("brandubh")?;
    /// let s = Setup::new(rules.start().clone()).with_rules(rules);
    /// assert_eq!(s.rules.map(|r| r.dim()), Some(7));
    /// # Ok::<(), gridnote_board::UnknownName>(())
    /// ```
    #[must_use]
    pub fn with_rules(mut self, rules: TaflRules) -> Setup {
        self.rules = Some(Box::new(rules));
        self
    }

    /// With a side to move the text implies without carrying it.
    ///
    /// ```
    /// use gridnote_board::setup::{ImpliedSide, Setup};
    /// use gridnote_board::{Board, Player};
    /// let s = Setup::new(Board::new(3, 3)?)
    ///     .with_implied_to_move(ImpliedSide::new(Player::Two, "the defenders move first"));
    /// assert_eq!(s.to_move, None);
    /// assert_eq!(s.to_move_or_counts(), Some(Player::Two));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn with_implied_to_move(mut self, implied: ImpliedSide) -> Setup {
        self.implied_to_move = Some(implied);
        self
    }

    /// The side to move the counts imply (equal: Player One; One ahead by one: Player
    /// Two; otherwise none).
    ///
    /// ```
    /// use gridnote_board::{setup::Setup, Board, Cell, Player};
    /// let mut board = Board::new(3, 3)?;
    /// board.set(1, 1, Cell::ONE)?;
    /// assert_eq!(Setup::new(board).side_from_counts(), Some(Player::Two));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn side_from_counts(&self) -> Option<Player> {
        self.board.counts().side_to_move()
    }

    /// The side to move: the carried one, else the implied one
    /// ([`Setup::implied_to_move`]), else the one the counts imply.
    ///
    /// ```
    /// use gridnote_board::{setup::Setup, Board, Player};
    /// let s = Setup::new(Board::new(3, 3)?);
    /// assert_eq!(s.to_move_or_counts(), Some(Player::One));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn to_move_or_counts(&self) -> Option<Player> {
        match (self.to_move, self.implied_to_move) {
            (Some(side), _) | (None, Some(ImpliedSide { side, .. })) => Some(side),
            (None, None) => self.side_from_counts(),
        }
    }

    /// The side to move for a notation that must write one: the carried one, else the
    /// implied one, else the one the counts imply, else the counts in a [`SideError`] (each format turns it
    /// into its own model error).
    ///
    /// # Errors
    /// [`SideError`] when no side is carried and the counts fit neither.
    ///
    /// ```
    /// use gridnote_board::{setup::Setup, Board, Cell, Player};
    /// let board = Board::from_cells(1, 3, vec![Cell::ONE; 3])?;
    /// let err = Setup::new(board.clone()).side_to_move().unwrap_err();
    /// assert_eq!((err.one, err.two), (3, 0));
    /// assert_eq!(Setup::new(board).with_to_move(Player::Two).side_to_move(), Ok(Player::Two));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    pub fn side_to_move(&self) -> Result<Player, SideError> {
        self.to_move_or_counts().ok_or_else(|| {
            let counts = self.board.counts();
            SideError { one: counts.of(Player::One), two: counts.of(Player::Two) }
        })
    }
}

/// A format's own data in a [`Setup`] ([`Setup::extension`]): no fact of the game but a
/// field only that format reads (TEN's extension field), typed by the format that wrote
/// it (gridnote-tafl's `Extension`), which takes its value back with
/// [`Payload::downcast_ref`]. Other formats and a converter see only its text
/// ([`Display`](fmt::Display)), to note it as dropped, and whether it holds any data
/// ([`Payload::is_empty`]).
///
/// [`Payload::EMPTY`] is the field carried with no data (TEN's `-`, which is also its
/// text): a program that knows a position has no such data (a game record) sets it, so
/// that a converter does not note the field as derived.
///
/// ```
/// use gridnote_board::setup::Payload;
///
/// #[derive(Clone, Debug, PartialEq, Eq)]
/// struct Tag(u32);
/// impl std::fmt::Display for Tag {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "tag:{}", self.0)
///     }
/// }
///
/// let payload = Payload::new(Tag(7));
/// assert_eq!(payload.downcast_ref::<Tag>(), Some(&Tag(7)));
/// assert_eq!(payload.downcast_ref::<String>(), None);
/// assert_eq!(payload.to_string(), "tag:7");
/// assert!(!payload.is_empty() && Payload::EMPTY.is_empty());
/// assert_eq!(payload, Payload::new(Tag(7)));
/// assert_ne!(payload, Payload::EMPTY);
/// ```
#[derive(Clone)]
pub struct Payload(Option<Arc<dyn Erased>>);

/// A payload's value with its type erased: what [`Payload`] needs of it.
trait Erased: Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn eq_erased(&self, other: &dyn Erased) -> bool;
    fn display(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl<T: fmt::Display + fmt::Debug + Eq + Send + Sync + 'static> Erased for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn eq_erased(&self, other: &dyn Erased) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn display(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }

    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl Payload {
    /// The field carried with no data; its text is `-`, as TEN writes it.
    ///
    /// ```
    /// use gridnote_board::setup::Payload;
    /// assert_eq!(Payload::EMPTY.to_string(), "-");
    /// ```
    pub const EMPTY: Payload = Payload(None);

    /// A format's data, of the format's own type.
    ///
    /// ```
    /// use gridnote_board::setup::Payload;
    /// assert_eq!(Payload::new(String::from("a:1:b")).to_string(), "a:1:b");
    /// ```
    #[must_use]
    pub fn new<T: fmt::Display + fmt::Debug + Eq + Send + Sync + 'static>(value: T) -> Payload {
        Payload(Some(Arc::new(value)))
    }

    /// Whether it is [`Payload::EMPTY`].
    ///
    /// ```
    /// use gridnote_board::setup::Payload;
    /// assert!(!Payload::new(1u8).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The value, when it is a `T` (`None` for [`Payload::EMPTY`] and for another
    /// format's type).
    ///
    /// ```
    /// use gridnote_board::setup::Payload;
    /// assert_eq!(Payload::new(1u8).downcast_ref::<u8>(), Some(&1));
    /// assert_eq!(Payload::new(1u8).downcast_ref::<u16>(), None);
    /// ```
    #[must_use]
    pub fn downcast_ref<T: 'static>(&self) -> Option<&T> {
        self.0.as_deref()?.as_any().downcast_ref()
    }
}

/// Equal when both are empty, or both hold values of one type that are equal.
impl PartialEq for Payload {
    fn eq(&self, other: &Payload) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => a.eq_erased(b.as_ref()),
            _ => false,
        }
    }
}

impl Eq for Payload {}

/// The data's text (`-` when empty).
impl fmt::Display for Payload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            None => f.write_str("-"),
            Some(value) => value.display(f),
        }
    }
}

impl fmt::Debug for Payload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            None => f.write_str("Payload::EMPTY"),
            Some(value) => {
                f.write_str("Payload(")?;
                value.debug(f)?;
                f.write_str(")")
            }
        }
    }
}

/// Which fields of a [`Setup`] a notation carries, beyond the board.
///
/// ```
/// use gridnote_board::setup::Carries;
/// const TEN: Carries = Carries::BOARD.with_side_to_move().with_tafl().with_extension();
/// assert!(TEN.side_to_move && TEN.tafl && TEN.extension);
/// assert!(!Carries::BOARD.side_to_move);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Carries {
    /// The side to move.
    pub side_to_move: bool,
    /// The tafl counters ([`TaflFields`]).
    pub tafl: bool,
    /// An extension field.
    pub extension: bool,
    /// A variant's rules.
    pub rules: bool,
    /// OpenTafl's commander, knight, mercenary and guard (a notation without them writes
    /// each as a plain man of its side).
    pub taflmen: bool,
}

impl Carries {
    /// The board only.
    pub const BOARD: Carries = Carries {
        side_to_move: false,
        tafl: false,
        extension: false,
        rules: false,
        taflmen: false,
    };

    /// Also the side to move.
    ///
    /// ```
    /// use gridnote_board::setup::Carries;
    /// assert!(Carries::BOARD.with_side_to_move().side_to_move);
    /// ```
    #[must_use]
    pub const fn with_side_to_move(self) -> Carries {
        Carries { side_to_move: true, ..self }
    }

    /// Also the tafl counters.
    ///
    /// ```
    /// use gridnote_board::setup::Carries;
    /// assert!(Carries::BOARD.with_tafl().tafl);
    /// ```
    #[must_use]
    pub const fn with_tafl(self) -> Carries {
        Carries { tafl: true, ..self }
    }

    /// Also a variant's rules.
    ///
    /// ```
    /// use gridnote_board::setup::Carries;
    /// assert!(Carries::BOARD.with_rules().rules);
    /// ```
    #[must_use]
    pub const fn with_rules(self) -> Carries {
        Carries { rules: true, ..self }
    }

    /// Also OpenTafl's commander, knight, mercenary and guard.
    ///
    /// ```
    /// use gridnote_board::setup::Carries;
    /// assert!(Carries::BOARD.with_taflmen().taflmen);
    /// ```
    #[must_use]
    pub const fn with_taflmen(self) -> Carries {
        Carries { taflmen: true, ..self }
    }

    /// Also an extension field.
    ///
    /// ```
    /// use gridnote_board::setup::Carries;
    /// assert!(Carries::BOARD.with_extension().extension);
    /// ```
    #[must_use]
    pub const fn with_extension(self) -> Carries {
        Carries { extension: true, ..self }
    }
}
