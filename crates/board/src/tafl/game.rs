//! Game records (OTN's `.otg`): tags, numbered turns, commentary and variations.

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use super::cursor::Cursor;
use super::error::{GameTextError, ParseError, found};
use super::line_index::{LineIndex, TurnShape};
use super::moves;
use super::position::{self, PositionRecord};
use super::rules::TaflRules;
use super::text;
use super::turn_text::{self, TurnText, skip_space};
use super::turns::{Address, LinePath, Turn, last_turn_ref, read_address};

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
#[derive(Clone)]
pub struct Game {
    tags: Vec<Tag>,
    /// The text the game was read from: its turns are kept as places in it.
    text: String,
    /// Where each turn starts in the text, and its line.
    pub(crate) turns: Vec<TurnAt>,
    /// The rules' start position as a record (what [`Game::start`] gives without a
    /// `[position:…]` tag).
    rules_start: PositionRecord,
    /// The lines and the turns of each, so that a line is found without a search.
    pub(crate) index: LineIndex,
}

/// A turn as a game keeps it: where its address starts in the game's text, and the
/// number of its line in the game's [`LineIndex`]. Its parts are found again from the
/// text when asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TurnAt {
    pub(crate) at: u32,
    pub(crate) line: u32,
}

impl PartialEq for Game {
    /// Games are equal when their tags and their turns are: the text each was read
    /// from may differ in spacing.
    fn eq(&self, other: &Game) -> bool {
        self.tags == other.tags
            && self.turns.len() == other.turns.len()
            && self.turns().eq(other.turns())
    }
}

impl Eq for Game {}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game").field("tags", &self.tags).field("turns", &DebugTurns(self)).finish()
    }
}

/// The turns of a game, for `Debug`.
struct DebugTurns<'a>(&'a Game);

impl fmt::Debug for DebugTurns<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.turns()).finish()
    }
}

/// The turns of a game, read back from its text in the order written: see
/// [`Game::turns`].
///
/// ```
/// let game: gridnote_board::tafl::Game = "[rules:dim:2 start:/K1/2/]\n\n1. a1-b1\n".parse()?;
/// let mut turns = game.turns();
/// assert_eq!(turns.len(), 1);
/// assert_eq!(turns.next().map(|t| t.to_string()), Some("1. a1-b1\n".to_owned()));
/// # Ok::<(), gridnote_board::tafl::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Turns<'a> {
    game: &'a Game,
    at: core::slice::Iter<'a, TurnAt>,
}

impl Iterator for Turns<'_> {
    type Item = Turn;

    fn next(&mut self) -> Option<Turn> {
        self.at.next().map(|&turn| self.game.turn_at(turn))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.at.size_hint()
    }
}

impl ExactSizeIterator for Turns<'_> {}

impl DoubleEndedIterator for Turns<'_> {
    fn next_back(&mut self) -> Option<Turn> {
        self.at.next_back().map(|&turn| self.game.turn_at(turn))
    }
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
        Game {
            tags: vec![Tag::Rules(rules)],
            text: String::new(),
            turns: Vec::new(),
            rules_start,
            index: LineIndex::default(),
        }
    }

    /// The text the game was read from, as given (empty for [`Game::new`]); spans in
    /// errors point into it.
    ///
    /// ```
    /// let text = "[rules:dim:1 start:/K/]\n";
    /// let game: gridnote_board::tafl::Game = text.parse()?;
    /// assert_eq!(game.text(), text);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
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

    /// The turns, in the order written (main line and variations interleaved), each
    /// read back from the game's text as it is reached (a game keeps only where each
    /// turn is).
    ///
    /// ```
    /// let game: gridnote_board::tafl::Game = "[rules:dim:2 start:/K1/2/]\n\n1. a1-b1\n".parse()?;
    /// assert_eq!(game.turns().len(), 1);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn turns(&self) -> Turns<'_> {
        Turns { game: self, at: self.turns.iter() }
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
        self.index.ids().iter().map(|&id| self.index.path(id)).collect()
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
        let Some(id) = self.index.id(line) else { return Vec::new() };
        self.index.children(id).map(|child| self.index.path(child)).collect()
    }

    /// The turns of `line`, in order, read back from the game's text.
    ///
    /// ```
    /// let text = "[rules:dim:2 start:/K1/2/]\n\n1. a1-b1\n1a.1.1a. a1-a2\n";
    /// let game: gridnote_board::tafl::Game = text.parse()?;
    /// assert_eq!(game.line_turns(&"1a.1".parse()?).len(), 1);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn line_turns(&self, line: &LinePath) -> Vec<Turn> {
        let Some(id) = self.index.id(line) else { return Vec::new() };
        self.index.turns_of_id(id).iter().map(|&t| self.turn_at(self.turns[t as usize])).collect()
    }

    /// The parts of a turn: where each is in the text.
    pub(crate) fn parts(&self, turn: TurnAt) -> TurnText {
        let mut cur = Cursor::new(&self.text, 0);
        cur.at = turn.at as usize;
        turn_text::split(&mut cur).expect("the reader accepted the turn")
    }

    /// A turn read back from the text.
    fn turn_at(&self, turn: TurnAt) -> Turn {
        let parts = self.parts(turn);
        let text = &self.text[..];
        let address =
            Address::new(self.index.path(turn.line), last_turn_ref(&text[parts.address.clone()]));
        let slots =
            parts.slots().iter().map(|range| turn_text::slot(text, range.clone())).collect();
        let comment = parts.comment.map(|body| turn_text::comment_of(&text[body]));
        Turn::new(address, slots, comment)
    }

    /// The memory the game holds on the heap, in bytes (its index's map approximately):
    /// its text, where each turn is and the index of its lines.
    #[cfg(test)]
    pub(crate) fn heap_bytes(&self) -> usize {
        self.text.capacity() + self.turns.capacity() * size_of::<TurnAt>() + self.index.heap_bytes()
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for tag in &self.tags {
            writeln!(f, "{tag}")?;
        }
        for turn in self.turns() {
            writeln!(f)?;
            write!(f, "{turn}")?;
        }
        Ok(())
    }
}

impl FromStr for Game {
    type Err = ParseError;

    /// Reads a game record from a copy of `text` (the game keeps its text: see
    /// [`Game::text`]; `Game::try_from(String)` keeps the string itself).
    fn from_str(text: &str) -> Result<Game, ParseError> {
        read(text.to_owned()).map_err(ParseError::from)
    }
}

impl TryFrom<String> for Game {
    type Error = GameTextError;

    /// Reads a game record, keeping `text` itself rather than a copy (given back with
    /// the error when it does not read).
    ///
    /// ```
    /// let game = gridnote_board::tafl::Game::try_from("[rules:dim:1 start:/K/]\n".to_owned())?;
    /// assert_eq!(game.rules().dim(), 1);
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    fn try_from(text: String) -> Result<Game, GameTextError> {
        read(text)
    }
}

/// A game record read from `text`, which it keeps.
fn read(text: String) -> Result<Game, GameTextError> {
    match read_parts(&text) {
        Ok((tags, turns, index)) => {
            let rules_start = tags
                .iter()
                .find_map(|t| if let Tag::Rules(r) = t { Some(r.start_position()) } else { None })
                .expect("a rules tag, checked by the reader");
            Ok(Game { tags, text, turns, rules_start, index })
        }
        Err(err) => Err(GameTextError::new(err, text)),
    }
}

/// game = [BOM] *(ws / tag) *(ws turn) *ws
fn read_parts(text: &str) -> Result<(Vec<Tag>, Vec<TurnAt>, LineIndex), ParseError> {
    if text.len() > MAX_TEXT {
        return Err(ParseError::Expected {
            span: MAX_TEXT..text.len(),
            field: "game record".into(),
            expected: "at most 4 GiB of text",
            found: "more".into(),
        });
    }
    let mut cur = Cursor::new(text, 0);
    if text.starts_with('\u{feff}') {
        cur.at = 3;
    }
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
    let mut index = LineIndex::default();
    // The first error in the turns' shape, given once every turn has been read (a
    // syntax error anywhere comes first).
    let mut shape = None;
    loop {
        skip_space(&mut cur);
        if cur.is_end() {
            break;
        }
        let at = cur.at;
        let parts = turn_text::split(&mut cur)?;
        let address_text = &cur.text[parts.address.clone()];
        let address = read_address(address_text, parts.address.start)?;
        let mut placeholders = [false; 2];
        for (s, range) in parts.slots().iter().enumerate() {
            placeholders[s] = parts.is_placeholder(cur.text, s);
            if !placeholders[s] {
                moves::read(&cur.text[range.clone()], range.start)?;
            }
        }
        let line = index.line_of(address.line());
        if shape.is_none() {
            let turn = TurnShape {
                turn: address.turn(),
                slots: parts.count,
                placeholders,
                spans: parts.slots.clone(),
                address: address_text,
            };
            shape = index.add(line, &turn).err();
        }
        turns.push(TurnAt { at: at as u32, line });
    }
    if let Some(err) = shape {
        return Err(err);
    }
    let first_turn = |t: u32| {
        let mut cur = Cursor::new(text, 0);
        cur.at = turns[t as usize].at as usize;
        let parts = turn_text::split(&mut cur).expect("the reader accepted the turn");
        (parts.slots[0].clone(), text[parts.address].to_owned())
    };
    let index = index.finish(turns.iter().map(|t| t.line), first_turn)?;
    turns.shrink_to_fit();
    Ok((tags, turns, index))
}

/// The longest text a game record may have: turns are kept as 32-bit offsets into it.
const MAX_TEXT: usize = u32::MAX as usize;

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

#[cfg(test)]
mod tests {
    use super::{Game, TurnAt};

    const HEADER: &str =
        "[rules:dim:7 name:Brandubh esc:c atkf:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n";

    /// A main line of `turns` turns shuttling two pieces, as the `big_game` example
    /// writes it.
    fn main_line(turns: usize) -> String {
        let mut text = HEADER.to_owned();
        for turn in 1..=turns {
            let moves = if turn % 2 == 1 { "a4-a5 d5-c5" } else { "a5-a4 c5-d5" };
            text.push_str(&format!("{turn}. {moves}\n"));
        }
        text
    }

    /// `count` one-turn variations of the first turn, each with a comment.
    fn variations(count: usize) -> String {
        let mut text = HEADER.to_owned();
        text.push_str("1. a4-a5 d5-c5\n\n2. a5-a4 c5-d5\n\n");
        for v in 1..=count {
            text.push_str(&format!("1a.{v}.1a. a4-a6 d5-c5\n[variation {v}|]\n\n"));
        }
        text
    }

    #[test]
    fn a_turn_is_kept_in_two_words() {
        assert_eq!(size_of::<TurnAt>(), 8);
    }

    /// What a game holds besides its text: 12 bytes a turn of a long main line (where
    /// it starts, its line, its place in the line's list), and for many short variations
    /// under 80 bytes each (besides its turn, a variation's line and its key in the map
    /// of branches).
    #[test]
    fn the_memory_a_game_holds_grows_with_its_turns_only() {
        let text = main_line(50_000);
        let game: Game = text.parse().expect("reads");
        assert_eq!(game.turns().len(), 50_000);
        let beyond = game.heap_bytes() - game.text().len();
        assert!(beyond <= 50_000 * 12 + 1024, "{beyond} bytes beyond the text");

        let text = variations(20_000);
        let game: Game = text.parse().expect("reads");
        assert_eq!(game.lines().len(), 20_001);
        let beyond = game.heap_bytes() - game.text().len();
        assert!(beyond <= 20_000 * 80, "{beyond} bytes beyond the text");
    }
}
