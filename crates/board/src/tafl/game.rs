//! Game records (OTN's `.otg`): tags, numbered turns, commentary and variations.

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use super::cursor::Cursor;
use super::error::{ParseError, found};
use super::line_index::{LineIndex, check_structure};
use super::moves;
use super::position::{self, PositionRecord};
use super::rules::TaflRules;
use super::text;
use super::turns::{Comment, LinePath, Location, Slot, Turn, read_address};

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
    // The address as written, for an error only.
    let address_text = || cur.text[start..end].to_owned();
    cur.at = end;
    let mut slots = Vec::with_capacity(2);
    let mut locations: [Location; 2] = Default::default();
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
                address: address_text(),
                problem: "a turn holds at most two moves",
            });
        }
        let token = &cur.text[slot_start..slot_end];
        let slot = if token == "....." {
            Slot::Placeholder
        } else {
            Slot::Move(moves::read(token, slot_start)?)
        };
        locations[slots.len()] = lines.locate(cur.text, slot_start..slot_end);
        slots.push(slot);
        cur.at = slot_end;
    }
    if slots.is_empty() {
        return Err(ParseError::Turn {
            span: cur.span(start, end),
            address: address_text(),
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
