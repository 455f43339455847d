//! The turns of a game record: their addresses (the line and the turn in it), their
//! moves and their commentary.

use core::fmt::{self, Write as _};
use core::str::FromStr;

use super::cursor::Cursor;
use super::error::ParseError;
use super::moves::MoveRecord;

/// The half of a turn a variation letter names (`a` first, `b` second). OpenTafl's
/// files do not use it consistently, so it is kept as written and replay does not rely
/// on it (see [`Game::replay`](super::Game::replay)).
///
/// ```
/// assert_eq!(gridnote_board::tafl::Half::Second.to_string(), "b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Half {
    /// `a`.
    First,
    /// `b`.
    Second,
}

impl fmt::Display for Half {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(match self {
            Half::First => 'a',
            Half::Second => 'b',
        })
    }
}

/// A turn number with its optional half letter: `8`, `8a`.
///
/// ```
/// use gridnote_board::tafl::{Half, TurnRef};
/// assert_eq!(TurnRef { number: 8, half: Some(Half::First) }.to_string(), "8a");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnRef {
    /// The turn number, from 1.
    pub number: u32,
    /// The half letter, if written.
    pub half: Option<Half>,
}

impl fmt::Display for TurnRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number)?;
        if let Some(half) = self.half {
            write!(f, "{half}")?;
        }
        Ok(())
    }
}

/// A line of play: the main line, or a variation given by its branch points
/// (`8a.1` = variation 1 at turn 8a of the main line; `3a.2.1a.1` = variation 1 at turn
/// 1a of variation `3a.2`).
///
/// ```
/// use gridnote_board::tafl::LinePath;
/// let line: LinePath = "3a.2.1a.1".parse()?;
/// assert_eq!(line.to_string(), "3a.2.1a.1");
/// assert_eq!(line.parent(), Some("3a.2".parse()?));
/// assert_eq!(LinePath::MAIN.to_string(), "main");
/// assert_eq!("main".parse::<LinePath>()?, LinePath::MAIN);
/// # Ok::<(), gridnote_board::tafl::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct LinePath(pub(crate) Vec<(TurnRef, u32)>);

impl LinePath {
    /// The main line.
    pub const MAIN: LinePath = LinePath(Vec::new());

    /// Whether this is the main line.
    ///
    /// ```
    /// assert!(gridnote_board::tafl::LinePath::MAIN.is_main());
    /// ```
    #[must_use]
    pub fn is_main(&self) -> bool {
        self.0.is_empty()
    }

    /// The branch points, outermost first: (turn of the parent line, variation index).
    ///
    /// ```
    /// let line: gridnote_board::tafl::LinePath = "8b.1".parse()?;
    /// assert_eq!(line.branches()[0].1, 1);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn branches(&self) -> &[(TurnRef, u32)] {
        &self.0
    }

    /// The line this one branches from (`None` for the main line).
    ///
    /// ```
    /// let line: gridnote_board::tafl::LinePath = "8b.1".parse()?;
    /// assert_eq!(line.parent(), Some(gridnote_board::tafl::LinePath::MAIN));
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn parent(&self) -> Option<LinePath> {
        let (_, rest) = self.0.split_last()?;
        Some(LinePath(rest.to_vec()))
    }
}

impl fmt::Display for LinePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("main");
        }
        for (i, (turn, variation)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_char('.')?;
            }
            write!(f, "{turn}.{variation}")?;
        }
        Ok(())
    }
}

impl FromStr for LinePath {
    type Err = ParseError;

    /// `main` (or the empty text) for the main line, else `turn.variation` pairs joined
    /// by dots, with an optional final dot.
    fn from_str(text: &str) -> Result<LinePath, ParseError> {
        if text.is_empty() || text == "main" {
            return Ok(LinePath::MAIN);
        }
        let mut cur = Cursor::new(text, 0);
        let mut path = Vec::new();
        loop {
            let turn = turn_ref(&mut cur, "line")?;
            if !cur.eat(b'.') {
                return Err(cur.expected("line", "`.` and a variation index"));
            }
            let variation = cur.number("line", u64::from(u32::MAX))? as u32;
            path.push((turn, variation));
            if cur.is_end() || (cur.eat(b'.') && cur.is_end()) {
                return Ok(LinePath(path));
            }
        }
    }
}

/// A turn's address: `8.` in the main line, `8a.1.1a.` in a variation.
///
/// ```
/// use gridnote_board::tafl::Address;
/// let address: Address = "3a.2.1a.1.2a.".parse()?;
/// assert_eq!(address.line().to_string(), "3a.2.1a.1");
/// assert_eq!(address.turn().number, 2);
/// assert_eq!(address.to_string(), "3a.2.1a.1.2a.");
/// # Ok::<(), gridnote_board::tafl::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Address {
    line: LinePath,
    turn: TurnRef,
}

impl Address {
    /// The address of `turn` in `line`.
    ///
    /// ```
    /// use gridnote_board::tafl::{Address, LinePath, TurnRef};
    /// let a = Address::new(LinePath::MAIN, TurnRef { number: 3, half: None });
    /// assert_eq!(a.to_string(), "3.");
    /// ```
    #[must_use]
    pub fn new(line: LinePath, turn: TurnRef) -> Address {
        Address { line, turn }
    }

    /// The line the turn belongs to.
    ///
    /// ```
    /// assert!("4.".parse::<gridnote_board::tafl::Address>()?.line().is_main());
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn line(&self) -> &LinePath {
        &self.line
    }

    /// The turn within its line.
    ///
    /// ```
    /// assert_eq!("4.".parse::<gridnote_board::tafl::Address>()?.turn().number, 4);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn turn(&self) -> TurnRef {
        self.turn
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.line.is_main() {
            write!(f, "{}.", self.line)?;
        }
        write!(f, "{}.", self.turn)
    }
}

impl FromStr for Address {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Address, ParseError> {
        read_address(text, 0)
    }
}

/// turn-ref = number [%x61 / %x62]     ; a number from 1, then `a` or `b`
fn turn_ref(cur: &mut Cursor<'_>, field: &str) -> Result<TurnRef, ParseError> {
    let start = cur.at;
    let number = cur.number(field, u64::from(u32::MAX))? as u32;
    if number == 0 {
        return Err(cur.expected_at(start, cur.at, field.to_owned(), "a turn number from 1"));
    }
    let half = if cur.eat(b'a') {
        Some(Half::First)
    } else if cur.eat(b'b') {
        Some(Half::Second)
    } else {
        None
    };
    Ok(TurnRef { number, half })
}

/// address = turn-ref *("." number "." turn-ref) ["."]
///
/// The main line's addresses have no half letter; a variation's are written with one.
pub(crate) fn read_address(text: &str, base: usize) -> Result<Address, ParseError> {
    const FIELD: &str = "turn address";
    let mut cur = Cursor::new(text, base);
    let mut refs = vec![turn_ref(&mut cur, FIELD)?];
    let mut variations = Vec::new();
    loop {
        if cur.is_end() {
            break;
        }
        if !cur.eat(b'.') {
            return Err(cur.expected(FIELD, "`.` after the turn number"));
        }
        if cur.is_end() {
            break;
        }
        let variation = cur.number(FIELD, u64::from(u32::MAX))? as u32;
        if !cur.eat(b'.') {
            return Err(cur.expected(FIELD, "`.` and a turn number after the variation index"));
        }
        variations.push(variation);
        refs.push(turn_ref(&mut cur, FIELD)?);
        if refs.len() > 64 {
            return Err(cur.expected(FIELD, "at most 64 nested variations"));
        }
    }
    if variations.is_empty() && refs[0].half.is_some() {
        return Err(ParseError::Turn {
            span: cur.span(0, text.len()),
            address: text.to_owned(),
            problem: "a main-line turn has no half letter; a variation is addressed `turn.index.turn`",
        });
    }
    let turn = refs.pop().unwrap_or(TurnRef { number: 1, half: None });
    Ok(Address { line: LinePath(refs.into_iter().zip(variations).collect()), turn })
}

/// One of the (at most two) moves of a turn.
///
/// ```
/// use gridnote_board::tafl::Slot;
/// assert_eq!(Slot::Placeholder.to_string(), ".....");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Slot {
    /// A move record.
    Move(MoveRecord),
    /// `.....`: the parent line's move at this place (only before a variation's first
    /// move).
    Placeholder,
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Slot::Move(m) => write!(f, "{m}"),
            Slot::Placeholder => f.write_str("....."),
        }
    }
}

/// The commentary after a turn: `[first|second]`. Without `|` there is no second part.
///
/// ```
/// use gridnote_board::tafl::Comment;
/// let c = Comment { first: String::new(), second: Some("Nasa resigns.".into()) };
/// assert_eq!(c.to_string(), "[|Nasa resigns.]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Comment {
    /// On the turn's first move.
    pub first: String,
    /// On its second move, if the `|` is there.
    pub second: Option<String>,
}

impl fmt::Display for Comment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}", self.first)?;
        if let Some(second) = &self.second {
            write!(f, "|{second}")?;
        }
        f.write_char(']')
    }
}

/// A turn: its address, one or two moves and optional commentary.
///
/// A [`Game`](super::Game) keeps its turns compactly, as places in the text it was read
/// from; [`Game::turns`](super::Game::turns) reads each back into a `Turn`.
///
/// ```
/// use gridnote_board::tafl::{Address, Slot, Turn};
/// let turn = Turn::new("1.".parse::<Address>()?, vec![Slot::Move("d2-e2".parse()?)], None);
/// assert_eq!(turn.to_string(), "1. d2-e2\n");
/// # Ok::<(), gridnote_board::tafl::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The address.
    pub address: Address,
    /// One or two moves.
    pub slots: Vec<Slot>,
    /// The commentary.
    pub comment: Option<Comment>,
}

impl Turn {
    /// A turn.
    ///
    /// ```
    /// use gridnote_board::tafl::{Address, Turn};
    /// let turn = Turn::new("2.".parse::<Address>()?, vec![], None);
    /// assert!(turn.slots.is_empty());
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn new(address: Address, slots: Vec<Slot>, comment: Option<Comment>) -> Turn {
        Turn { address, slots, comment }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.address)?;
        for slot in &self.slots {
            write!(f, " {slot}")?;
        }
        f.write_char('\n')?;
        if let Some(comment) = &self.comment {
            writeln!(f, "{comment}")?;
        }
        Ok(())
    }
}

/// The turn of an address as the reader accepted it (`3a.2.1a.` → `1a`): its last
/// turn reference, read again without the line it is in.
pub(crate) fn last_turn_ref(address: &str) -> TurnRef {
    let trimmed = address.strip_suffix('.').unwrap_or(address);
    let last = trimmed.rsplit('.').next().unwrap_or(trimmed);
    let digits = last.bytes().take_while(u8::is_ascii_digit).count();
    let number = last[..digits].parse().unwrap_or(1);
    let half = match last.as_bytes().get(digits) {
        Some(b'a') => Some(Half::First),
        Some(b'b') => Some(Half::Second),
        _ => None,
    };
    TurnRef { number, half }
}
