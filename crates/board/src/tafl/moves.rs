//! Moves as written: OTN move records (`Ne6^=e8xce7/ne9/f8/d8`, `e3-e4++`, `---`), the
//! syntax every tafl text writes a move in. Whether a move is legal is the rules engine's
//! question: it checks a [`MoveText`] against a position.

use core::fmt::{self, Write as _};
use core::str::FromStr;

use super::cursor::Cursor;
use super::error::ParseError;
use super::square::Square;
use super::values::{piece_letter, piece_of_letter};
use crate::Piece;

/// How a piece moves.
///
/// ```
/// assert_eq!(gridnote_board::tafl::MoveType::BerserkJump.to_string(), "^=");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveType {
    /// `-` a regular move.
    Regular,
    /// `^` a jump.
    Jump,
    /// `=` a berserk move.
    Berserk,
    /// `^=` a berserk jump.
    BerserkJump,
}

impl fmt::Display for MoveType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveType::Regular => "-",
            MoveType::Jump => "^",
            MoveType::Berserk => "=",
            MoveType::BerserkJump => "^=",
        })
    }
}

/// What a move means for the king.
///
/// ```
/// assert_eq!(gridnote_board::tafl::Info::KingEscaped.to_string(), "--");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Info {
    /// `+` the king may be captured next turn.
    KingThreatened,
    /// `-` the king has a route to escape.
    EscapeThreatened,
    /// `++` the king is captured: the game ends.
    KingCaptured,
    /// `--` the king escapes: the game ends.
    KingEscaped,
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Info::KingThreatened => "+",
            Info::EscapeThreatened => "-",
            Info::KingCaptured => "++",
            Info::KingEscaped => "--",
        })
    }
}

/// A captured piece as a move writes it: its square and, optionally, its letter.
///
/// ```
/// use gridnote_board::tafl::{Capture, Square};
/// assert_eq!(Capture { piece: None, square: Square::new(4, 8) }.to_string(), "e9");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The piece's letter written before the square, if any.
    pub piece: Option<Piece>,
    /// The square.
    pub square: Square,
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(piece) = self.piece {
            f.write_char(piece_letter(piece))?;
        }
        write!(f, "{}", self.square)
    }
}

/// A move as written: `[piece]<from><type><to>[captures][info]`. This is syntax only:
/// the rules engine checks it against a position (its piece letter, its type and its
/// captures against what the move does there).
///
/// ```
/// use gridnote_board::tafl::{MoveRecord, MoveText, piece_letter};
/// let record: MoveRecord = "Ne6^=e8xce7/ne9/f8/d8".parse()?;
/// let MoveRecord::Move(m) = &record else { unreachable!() };
/// assert_eq!(m.piece.map(piece_letter), Some('N'));
/// assert_eq!(m.captures.len(), 4);
/// assert_eq!(record.to_string(), "Ne6^=e8xce7/ne9/f8/d8");
/// let plain: MoveText = "d1-d4".parse()?;
/// assert_eq!((plain.from.to_string(), plain.to.to_string()), ("d1".into(), "d4".into()));
/// # Ok::<(), gridnote_board::tafl::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The piece's letter written before the start square, if any.
    pub piece: Option<Piece>,
    /// The start square.
    pub from: Square,
    /// The kind of move.
    pub kind: MoveType,
    /// The destination.
    pub to: Square,
    /// The captured pieces, in the order written.
    pub captures: Vec<Capture>,
    /// The info symbol, if any.
    pub info: Option<Info>,
}

impl MoveText {
    /// The plain move from `from` to `to` (`d1-d4`): no letter, no capture, no info.
    ///
    /// ```
    /// use gridnote_board::tafl::{MoveText, Square};
    /// assert_eq!(MoveText::plain(Square::new(3, 0), Square::new(3, 3)).to_string(), "d1-d4");
    /// ```
    #[must_use]
    pub const fn plain(from: Square, to: Square) -> MoveText {
        MoveText {
            piece: None,
            from,
            kind: MoveType::Regular,
            to,
            captures: Vec::new(),
            info: None,
        }
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(piece) = self.piece {
            f.write_char(piece_letter(piece))?;
        }
        write!(f, "{}{}{}", self.from, self.kind, self.to)?;
        for (i, capture) in self.captures.iter().enumerate() {
            f.write_char(if i == 0 { 'x' } else { '/' })?;
            write!(f, "{capture}")?;
        }
        if let Some(info) = self.info {
            write!(f, "{info}")?;
        }
        Ok(())
    }
}

/// A move record: a move, or the resignation `---`. Damian Walker's plain form
/// (`e5-e8xe9`) is the same record without piece letters.
///
/// ```
/// use gridnote_board::tafl::MoveRecord;
/// assert_eq!("---".parse::<MoveRecord>()?, MoveRecord::Resignation);
/// assert_eq!("Ke5-e1-".parse::<MoveRecord>()?.to_string(), "Ke5-e1-");
/// assert!("e5-e8---".parse::<MoveRecord>().is_err());
/// # Ok::<(), gridnote_board::tafl::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveRecord {
    /// A move.
    Move(MoveText),
    /// `---`: the side to move resigns.
    Resignation,
}

impl fmt::Display for MoveRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveRecord::Move(m) => write!(f, "{m}"),
            MoveRecord::Resignation => f.write_str("---"),
        }
    }
}

impl FromStr for MoveRecord {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<MoveRecord, ParseError> {
        read(text, 0)
    }
}

impl FromStr for MoveText {
    type Err = ParseError;

    /// A move record that is a move (`---`, the resignation, is refused: no move).
    fn from_str(text: &str) -> Result<MoveText, ParseError> {
        let mut cur = Cursor::new(text, 0);
        move_text(&mut cur)
    }
}

const FIELD: &str = "move record";

/// move-record = "---" / move
pub(crate) fn read(text: &str, base: usize) -> Result<MoveRecord, ParseError> {
    if text == "---" {
        return Ok(MoveRecord::Resignation);
    }
    let mut cur = Cursor::new(text, base);
    move_text(&mut cur).map(MoveRecord::Move)
}

/// move = [piece] square move-type square [captures] [info]
fn move_text(cur: &mut Cursor<'_>) -> Result<MoveText, ParseError> {
    let piece = piece_symbol(cur);
    let from = cur.square(FIELD)?;
    let kind = move_type(cur)?;
    let to = cur.square(FIELD)?;
    let captures = if cur.eat(b'x') { captures(cur)? } else { Vec::new() };
    let info = info(cur);
    if !cur.is_end() {
        let expected = if captures.is_empty() {
            "`x` and captures, an info symbol (+ - ++ --) or the end of the move"
        } else {
            "`/` and another capture, an info symbol (+ - ++ --) or the end of the move"
        };
        return Err(cur.expected(FIELD, expected));
    }
    Ok(MoveText { piece, from, kind, to, captures, info })
}

/// piece = %x74 / %x6B / %x67 / %x6D / %x6E / %x63 / (the same, uppercase)
///
/// A lowercase symbol is a piece only when a file letter follows it (`ce6`); alone
/// before a digit it is the file (`c6`).
fn piece_symbol(cur: &mut Cursor<'_>) -> Option<Piece> {
    let b = cur.peek()?;
    let piece = piece_of_letter(b)?;
    if b.is_ascii_lowercase() && !cur.peek_at(1).is_some_and(|n| n.is_ascii_lowercase()) {
        return None;
    }
    cur.at += 1;
    Some(piece)
}

/// move-type = "^=" / "-" / "^" / "="
fn move_type(cur: &mut Cursor<'_>) -> Result<MoveType, ParseError> {
    if cur.eat(b'-') {
        Ok(MoveType::Regular)
    } else if cur.eat(b'^') {
        Ok(if cur.eat(b'=') { MoveType::BerserkJump } else { MoveType::Jump })
    } else if cur.eat(b'=') {
        Ok(MoveType::Berserk)
    } else {
        Err(cur.expected(FIELD, "a move type after the start square: `-`, `^`, `=` or `^=`"))
    }
}

/// captures = "x" capture *("/" capture)
/// capture  = [piece] square
fn captures(cur: &mut Cursor<'_>) -> Result<Vec<Capture>, ParseError> {
    let mut list = Vec::new();
    loop {
        let piece = piece_symbol(cur);
        let square = cur.square("capture of the move record")?;
        list.push(Capture { piece, square });
        if list.len() > 4 * 255 {
            return Err(cur.expected(FIELD, "fewer captures"));
        }
        if !cur.eat(b'/') {
            return Ok(list);
        }
    }
}

/// info = "++" / "--" / "+" / "-"
fn info(cur: &mut Cursor<'_>) -> Option<Info> {
    if cur.eat(b'+') {
        Some(if cur.eat(b'+') { Info::KingCaptured } else { Info::KingThreatened })
    } else if cur.eat(b'-') {
        Some(if cur.eat(b'-') { Info::KingEscaped } else { Info::EscapeThreatened })
    } else {
        None
    }
}
