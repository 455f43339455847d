//! Where the parts of a turn are in a game record's text. The reader finds them once to
//! check them; a [`Game`](super::Game) keeps only where each turn starts and finds its
//! parts again when they are asked for (a turn read back costs no memory while it is
//! not in use).

use core::ops::Range;

use super::cursor::Cursor;
use super::error::ParseError;
use super::moves;
use super::turns::{Comment, Slot};

/// The parts of one turn: byte ranges in the game record's text.
#[derive(Clone, Debug, Default)]
pub(crate) struct TurnText {
    /// The address, as written.
    pub(crate) address: Range<usize>,
    /// The slots (`count` of them).
    pub(crate) slots: [Range<usize>; 2],
    /// How many slots the turn has (1 or 2).
    pub(crate) count: usize,
    /// The commentary's body, between its brackets.
    pub(crate) comment: Option<Range<usize>>,
}

impl TurnText {
    /// The slots' ranges.
    pub(crate) fn slots(&self) -> &[Range<usize>] {
        &self.slots[..self.count]
    }

    /// Whether slot `s` is a `.....` placeholder.
    pub(crate) fn is_placeholder(&self, text: &str, s: usize) -> bool {
        &text[self.slots[s].clone()] == PLACEHOLDER
    }
}

/// A slot's text when it stands for the parent line's move.
pub(crate) const PLACEHOLDER: &str = ".....";

pub(crate) const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

pub(crate) fn skip_space(cur: &mut Cursor<'_>) {
    while cur.peek().is_some_and(is_space) {
        cur.at += 1;
    }
}

/// The end of the whitespace-delimited token at the cursor.
fn token_end(cur: &Cursor<'_>) -> usize {
    let mut end = cur.at;
    while end < cur.bytes.len() && !is_space(cur.bytes[end]) {
        end += 1;
    }
    end
}

/// turn = address 1*2(ws slot) [ws comment]
/// slot = "....." / move-record
///
/// Finds the parts of the turn at the cursor (a digit) and moves past it; the address
/// and the moves are read by their own productions.
pub(crate) fn split(cur: &mut Cursor<'_>) -> Result<TurnText, ParseError> {
    let start = cur.at;
    if !cur.peek().is_some_and(|b| b.is_ascii_digit()) {
        return Err(cur.expected("game record", "a turn number such as `1.`"));
    }
    let end = token_end(cur);
    // The address as written, for an error only.
    let address_text = |cur: &Cursor<'_>| cur.text[start..end].to_owned();
    cur.at = end;
    let mut turn = TurnText { address: start..end, ..TurnText::default() };
    loop {
        skip_space(cur);
        match cur.peek() {
            None | Some(b'[') => break,
            Some(b) if b.is_ascii_digit() => break,
            Some(_) => {}
        }
        let slot_start = cur.at;
        let slot_end = token_end(cur);
        if turn.count == 2 {
            return Err(ParseError::Turn {
                span: cur.span(slot_start, slot_end),
                address: address_text(cur),
                problem: "a turn holds at most two moves",
            });
        }
        turn.slots[turn.count] = slot_start..slot_end;
        turn.count += 1;
        cur.at = slot_end;
    }
    if turn.count == 0 {
        return Err(ParseError::Turn {
            span: cur.span(start, end),
            address: address_text(cur),
            problem: "expected a move record after the turn number",
        });
    }
    skip_space(cur);
    if cur.peek() == Some(b'[') {
        turn.comment = Some(comment(cur)?);
    }
    Ok(turn)
}

/// comment = "[" *(any but "|" and "]") ["|" *(any but "]")] "]"   ; may span lines
///
/// The body's range, between the brackets.
fn comment(cur: &mut Cursor<'_>) -> Result<Range<usize>, ParseError> {
    let open = cur.at;
    let Some(len) = cur.text[open + 1..].find(']') else {
        return Err(ParseError::Unclosed { span: cur.span(open, open + 1), what: "commentary" });
    };
    cur.at = open + 2 + len;
    Ok(open + 1..open + 1 + len)
}

/// The slot at `range` of `text`, which the reader accepted.
pub(crate) fn slot(text: &str, range: Range<usize>) -> Slot {
    let token = &text[range.clone()];
    if token == PLACEHOLDER {
        return Slot::Placeholder;
    }
    Slot::Move(moves::read(token, range.start).expect("the reader accepted the move record"))
}

/// The commentary whose body is `body`.
pub(crate) fn comment_of(body: &str) -> Comment {
    match body.split_once('|') {
        Some((first, second)) => {
            Comment { first: first.to_owned(), second: Some(second.to_owned()) }
        }
        None => Comment { first: body.to_owned(), second: None },
    }
}
