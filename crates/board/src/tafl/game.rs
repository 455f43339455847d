//! Game records (OTN's `.otg`): tags, numbered turns, commentary and variations.

use core::fmt::{self, Write as _};
use core::ops::Range;
use core::str::FromStr;

use super::cursor::Cursor;
use super::error::{ParseError, found};
use super::line_index::{LineIndex, check_structure};
use super::moves::{self, MoveRecord};
use super::position::{self, PositionRecord};
use super::rules::TaflRules;
use super::text;

/// A game's result, the value of the `[result:…]` tag.
///
/// ```
/// assert_eq!(gridnote_board::tafl::GameResult::DefendersWin.to_string(), "-1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameResult {
    /// `1`.
    AttackersWin,
    /// `0`.
    Draw,
    /// `-1`.
    DefendersWin,
    /// `?`.
    Other,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::AttackersWin => "1",
            GameResult::Draw => "0",
            GameResult::DefendersWin => "-1",
            GameResult::Other => "?",
        })
    }
}

/// A tag line of a game record, `[key:value]`. The value of any tag but `rules`,
/// `position` and `result` is kept verbatim (it may span lines).
///
/// ```
/// use gridnote_board::tafl::Tag;
/// let tag = Tag::Other { key: "event".into(), value: "Tafl Triathlon 2015".into() };
/// assert_eq!(tag.to_string(), "[event:Tafl Triathlon 2015]");
/// assert_eq!(tag.key(), "event");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Tag {
    /// `[rules:…]`, a rules record.
    Rules(TaflRules),
    /// `[position:…]`, the position the game starts from instead of the rules' start.
    Position(PositionRecord),
    /// `[result:…]`: `1`, `0`, `-1` or `?`.
    Result(GameResult),
    /// Any other tag, verbatim.
    Other {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
}

impl Tag {
    /// The tag's key.
    ///
    /// ```
    /// assert_eq!(gridnote_board::tafl::Tag::Result(gridnote_board::tafl::GameResult::Draw).key(), "result");
    /// ```
    #[must_use]
    pub fn key(&self) -> &str {
        match self {
            Tag::Rules(_) => "rules",
            Tag::Position(_) => "position",
            Tag::Result(_) => "result",
            Tag::Other { key, .. } => key,
        }
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tag::Rules(rules) => write!(f, "[rules:{rules}]"),
            Tag::Position(position) => write!(f, "[position:{position}]"),
            Tag::Result(result) => write!(f, "[result:{result}]"),
            Tag::Other { key, value } => write!(f, "[{key}:{value}]"),
        }
    }
}

/// The half of a turn a variation letter names (`a` first, `b` second). OpenTafl's
/// files do not use it consistently, so it is kept as written and replay does not rely
/// on it (see [`Game::replay`]).
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
fn read_address(text: &str, base: usize) -> Result<Address, ParseError> {
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

/// Where a move was in the text it was read from.
#[derive(Clone, Debug, Default)]
pub(crate) struct Location {
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) span: Range<usize>,
}

/// A turn: its address, one or two moves and optional commentary.
///
/// ```
/// use gridnote_board::tafl::{Address, Slot, Turn};
/// let turn = Turn::new("1.".parse::<Address>()?, vec![Slot::Move("d2-e2".parse()?)], None);
/// assert_eq!(turn.to_string(), "1. d2-e2\n");
/// # Ok::<(), gridnote_board::tafl::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Turn {
    /// The address.
    pub address: Address,
    /// One or two moves.
    pub slots: Vec<Slot>,
    /// The commentary.
    pub comment: Option<Comment>,
    pub(crate) locations: Vec<Location>,
}

impl Turn {
    /// A turn (with no text location: replay errors then say line 0).
    ///
    /// ```
    /// use gridnote_board::tafl::{Address, Turn};
    /// let turn = Turn::new("2.".parse::<Address>()?, vec![], None);
    /// assert!(turn.slots.is_empty());
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn new(address: Address, slots: Vec<Slot>, comment: Option<Comment>) -> Turn {
        Turn { address, slots, comment, locations: Vec::new() }
    }
}

impl PartialEq for Turn {
    fn eq(&self, other: &Turn) -> bool {
        self.address == other.address && self.slots == other.slots && self.comment == other.comment
    }
}

impl Eq for Turn {}

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

/// A game record: tags (with exactly one `[rules:…]`), then turns of the main line and
/// of variations in the order written.
///
/// `Display` writes the canonical text: one tag per line in the order read, a blank
/// line, then each turn on its line (`address move move`) with its commentary on the
/// next, turns separated by blank lines.
///
/// ```
/// use gridnote_board::tafl::{Game, LinePath};
/// let text = "[result:-1]\n[rules:dim:3 atkf:n start:/t2/1K1/2t/]\n\n1. Kb2-b1xa1 c3-c2\n[|]\n";
/// let game: Game = text.parse()?;
/// assert_eq!(game.rules().dim(), 3);
/// let replay = game.replay(&LinePath::MAIN)?;
/// assert_eq!(replay.final_position().to_string(), "/1K1/2t/3/");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    tags: Vec<Tag>,
    turns: Vec<Turn>,
    /// The rules' start position as a record (what [`Game::start`] gives without a
    /// `[position:…]` tag).
    rules_start: PositionRecord,
    /// The lines and the turns of each, so that a line is found without a search.
    pub(crate) index: LineIndex,
}

impl Game {
    /// A game of `rules` with no other tag and no turn.
    ///
    /// ```
    /// use gridnote_board::tafl::Game;
    /// let game = Game::new("dim:1 start:/K/".parse()?);
    /// assert_eq!(game.to_string(), "[rules:dim:1 start:/K/]\n");
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn new(rules: TaflRules) -> Game {
        let rules_start = rules.start_position();
        let index = LineIndex::of(&[]);
        Game { tags: vec![Tag::Rules(rules)], turns: Vec::new(), rules_start, index }
    }

    /// The tags, in the order read.
    ///
    /// ```
    /// let game: gridnote_board::tafl::Game = "[event:X]\n[rules:dim:1 start:/K/]\n".parse()?;
    /// assert_eq!(game.tags().len(), 2);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn tags(&self) -> &[Tag] {
        &self.tags
    }

    /// The value of the first tag with `key` that is kept verbatim (not `rules`,
    /// `position` or `result`).
    ///
    /// ```
    /// let game: gridnote_board::tafl::Game = "[event:X]\n[rules:dim:1 start:/K/]\n".parse()?;
    /// assert_eq!(game.tag("event"), Some("X"));
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find_map(|t| match t {
            Tag::Other { key: k, value } if k == key => Some(value.as_str()),
            _ => None,
        })
    }

    /// The rules.
    ///
    /// ```
    /// let game: gridnote_board::tafl::Game = "[rules:dim:1 start:/K/]\n".parse()?;
    /// assert_eq!(game.rules().dim(), 1);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> &TaflRules {
        self.tags
            .iter()
            .find_map(|t| match t {
                Tag::Rules(r) => Some(r),
                _ => None,
            })
            .expect("a game always holds a rules tag")
    }

    /// The result tag, if any.
    ///
    /// ```
    /// let game: gridnote_board::tafl::Game = "[result:1]\n[rules:dim:1 start:/K/]\n".parse()?;
    /// assert_eq!(game.result(), Some(gridnote_board::tafl::GameResult::AttackersWin));
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.tags.iter().find_map(|t| match t {
            Tag::Result(r) => Some(*r),
            _ => None,
        })
    }

    /// The position the game starts from: the `[position:…]` tag, else the rules' start.
    ///
    /// ```
    /// let game: gridnote_board::tafl::Game = "[rules:dim:1 start:/K/]\n[position:/1/]\n".parse()?;
    /// assert_eq!(game.start().to_string(), "/1/");
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> &PositionRecord {
        self.tags
            .iter()
            .find_map(|t| match t {
                Tag::Position(p) => Some(p),
                _ => None,
            })
            .unwrap_or(&self.rules_start)
    }

    /// The turns, in the order written (main line and variations interleaved).
    ///
    /// ```
    /// let game: gridnote_board::tafl::Game = "[rules:dim:2 start:/K1/2/]\n\n1. a1-b1\n".parse()?;
    /// assert_eq!(game.turns().len(), 1);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Every line of the game, the main line first, then the variations in the order
    /// their first turn appears.
    ///
    /// ```
    /// let text = "[rules:dim:2 start:/K1/2/]\n\n1. a1-b1\n1a.1.1a. a1-a2\n";
    /// let game: gridnote_board::tafl::Game = text.parse()?;
    /// let lines: Vec<String> = game.lines().iter().map(|l| l.to_string()).collect();
    /// assert_eq!(lines, ["main", "1a.1"]);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn lines(&self) -> Vec<LinePath> {
        self.index.paths().cloned().collect()
    }

    /// The variations branching directly from `line` (its alternatives), in order.
    ///
    /// ```
    /// let text = "[rules:dim:2 start:/K1/2/]\n\n1. a1-b1\n1a.1.1a. a1-a2\n";
    /// let game: gridnote_board::tafl::Game = text.parse()?;
    /// assert_eq!(game.variations(&gridnote_board::tafl::LinePath::MAIN).len(), 1);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn variations(&self, line: &LinePath) -> Vec<LinePath> {
        let child = |l: &&LinePath| l.0.len() == line.0.len() + 1 && l.0.starts_with(&line.0);
        self.index.paths().filter(child).cloned().collect()
    }

    /// The turns of `line`, in order.
    ///
    /// ```
    /// let text = "[rules:dim:2 start:/K1/2/]\n\n1. a1-b1\n1a.1.1a. a1-a2\n";
    /// let game: gridnote_board::tafl::Game = text.parse()?;
    /// assert_eq!(game.line_turns(&"1a.1".parse()?).len(), 1);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn line_turns(&self, line: &LinePath) -> Vec<&Turn> {
        self.index.turns_of(line).iter().map(|&t| &self.turns[t]).collect()
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for tag in &self.tags {
            writeln!(f, "{tag}")?;
        }
        for turn in &self.turns {
            writeln!(f)?;
            write!(f, "{turn}")?;
        }
        Ok(())
    }
}

impl FromStr for Game {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Game, ParseError> {
        read(text)
    }
}

const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn skip_space(cur: &mut Cursor<'_>) {
    while cur.peek().is_some_and(is_space) {
        cur.at += 1;
    }
}

/// Line starts, for line and column numbers.
struct Lines(Vec<usize>);

impl Lines {
    fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1));
        Lines(starts)
    }

    fn locate(&self, text: &str, span: Range<usize>) -> Location {
        let line = self.0.partition_point(|&s| s <= span.start);
        let start = self.0[line - 1];
        let column = text[start..span.start].chars().count() + 1;
        Location { line, column, span }
    }
}

/// game = [BOM] *(ws / tag) *(ws turn) *ws
fn read(text: &str) -> Result<Game, ParseError> {
    let mut cur = Cursor::new(text, 0);
    if text.starts_with('\u{feff}') {
        cur.at = 3;
    }
    let lines = Lines::new(text);
    let mut tags = Vec::new();
    let mut rules_span = None;
    let mut position_span = None;
    loop {
        skip_space(&mut cur);
        match cur.peek() {
            Some(b'[') => {
                let (tag, span) = tag(&mut cur)?;
                match &tag {
                    Tag::Rules(_) if rules_span.is_some() => {
                        return Err(ParseError::Duplicate {
                            span,
                            what: "tag",
                            key: "rules".into(),
                        });
                    }
                    Tag::Rules(_) => rules_span = Some(span),
                    Tag::Position(_) if position_span.is_some() => {
                        return Err(ParseError::Duplicate {
                            span,
                            what: "tag",
                            key: "position".into(),
                        });
                    }
                    Tag::Position(_) => position_span = Some(span),
                    _ => {}
                }
                tags.push(tag);
            }
            Some(b'0'..=b'9') | None => break,
            Some(_) => return Err(cur.expected("game record", "a `[key:value]` tag or turn 1")),
        }
    }
    let Some(_) = rules_span else {
        return Err(ParseError::MissingRules { span: cur.char_span() });
    };
    let dim = tags
        .iter()
        .find_map(|t| if let Tag::Rules(r) = t { Some(r.dim()) } else { None })
        .unwrap_or(0);
    if let Some(span) = position_span {
        let size =
            tags.iter().find_map(|t| if let Tag::Position(p) = t { Some(p.size()) } else { None });
        if let Some(size) = size.filter(|&s| s != dim) {
            return Err(ParseError::DimMismatch { span, key: "position", size, dim });
        }
    }
    let mut turns = Vec::new();
    loop {
        skip_space(&mut cur);
        if cur.is_end() {
            break;
        }
        turns.push(turn(&mut cur, &lines)?);
    }
    check_structure(&turns)?;
    let index = LineIndex::of(&turns);
    let rules_start = tags
        .iter()
        .find_map(|t| if let Tag::Rules(r) = t { Some(r.start_position()) } else { None })
        .expect("a rules tag, checked above");
    Ok(Game { tags, turns, rules_start, index })
}

/// tag   = "[" key ":" value "]"
/// key   = 1*(%x61-7A / DIGIT / "-" / "_")
/// value = *(any character but "]")          ; may span lines
fn tag(cur: &mut Cursor<'_>) -> Result<(Tag, Range<usize>), ParseError> {
    let open = cur.at;
    cur.at += 1;
    let key_start = cur.at;
    while cur
        .peek()
        .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    {
        cur.at += 1;
    }
    let key_end = cur.at;
    if key_end == key_start {
        return Err(cur.expected("tag", "a tag key (lowercase letters, digits, `-`)"));
    }
    if !cur.eat(b':') {
        return Err(cur.expected("tag", "`:` after the tag key"));
    }
    let value_start = cur.at;
    let Some(len) = cur.text[value_start..].find(']') else {
        return Err(ParseError::Unclosed { span: cur.span(open, open + 1), what: "tag" });
    };
    let value_end = value_start + len;
    cur.at = value_end + 1;
    let key = &cur.text[key_start..key_end];
    let value = &cur.text[value_start..value_end];
    let span = cur.span(open, cur.at);
    let tag = match key {
        "rules" => Tag::Rules(text::read(value, value_start)?),
        "position" => Tag::Position(position::read(value, value_start, false, "the position")?),
        "result" => Tag::Result(match value {
            "1" => GameResult::AttackersWin,
            "0" => GameResult::Draw,
            "-1" => GameResult::DefendersWin,
            "?" => GameResult::Other,
            _ => {
                return Err(ParseError::Expected {
                    span: cur.span(value_start, value_end),
                    field: "tag `result:`".into(),
                    expected: "`1` (attackers win), `0` (draw), `-1` (defenders win) or `?`",
                    found: found(cur.text, &(value_start..value_end)),
                });
            }
        }),
        _ => Tag::Other { key: key.to_owned(), value: value.to_owned() },
    };
    Ok((tag, span))
}

/// turn = address 1*2(ws slot) [ws comment]
/// slot = "....." / move-record
fn turn(cur: &mut Cursor<'_>, lines: &Lines) -> Result<Turn, ParseError> {
    let start = cur.at;
    if !cur.peek().is_some_and(|b| b.is_ascii_digit()) {
        return Err(cur.expected("game record", "a turn number such as `1.`"));
    }
    let end = token_end(cur);
    let address = read_address(&cur.text[start..end], start)?;
    let address_text = cur.text[start..end].to_owned();
    cur.at = end;
    let mut slots = Vec::new();
    let mut locations = Vec::new();
    loop {
        skip_space(cur);
        match cur.peek() {
            None | Some(b'[') => break,
            Some(b) if b.is_ascii_digit() => break,
            Some(_) => {}
        }
        let slot_start = cur.at;
        let slot_end = token_end(cur);
        if slots.len() == 2 {
            return Err(ParseError::Turn {
                span: cur.span(slot_start, slot_end),
                address: address_text,
                problem: "a turn holds at most two moves",
            });
        }
        let token = &cur.text[slot_start..slot_end];
        let slot = if token == "....." {
            Slot::Placeholder
        } else {
            Slot::Move(moves::read(token, slot_start)?)
        };
        slots.push(slot);
        locations.push(lines.locate(cur.text, slot_start..slot_end));
        cur.at = slot_end;
    }
    if slots.is_empty() {
        return Err(ParseError::Turn {
            span: cur.span(start, end),
            address: address_text,
            problem: "expected a move record after the turn number",
        });
    }
    skip_space(cur);
    let comment = if cur.peek() == Some(b'[') { Some(comment(cur)?) } else { None };
    Ok(Turn { address, slots, comment, locations })
}

/// The end of the whitespace-delimited token at the cursor.
fn token_end(cur: &Cursor<'_>) -> usize {
    let mut end = cur.at;
    while end < cur.bytes.len() && !is_space(cur.bytes[end]) {
        end += 1;
    }
    end
}

/// comment = "[" *(any but "|" and "]") ["|" *(any but "]")] "]"   ; may span lines
fn comment(cur: &mut Cursor<'_>) -> Result<Comment, ParseError> {
    let open = cur.at;
    let Some(len) = cur.text[open + 1..].find(']') else {
        return Err(ParseError::Unclosed { span: cur.span(open, open + 1), what: "commentary" });
    };
    let body = &cur.text[open + 1..open + 1 + len];
    cur.at = open + 2 + len;
    Ok(match body.split_once('|') {
        Some((first, second)) => {
            Comment { first: first.to_owned(), second: Some(second.to_owned()) }
        }
        None => Comment { first: body.to_owned(), second: None },
    })
}
