//! Move records: `Ne6^=e8xce7/ne9/f8/d8`, `e3-e4++`, `---`.

use core::fmt::{self, Write as _};
use core::str::FromStr;

use crate::cursor::Cursor;
use crate::error::ParseError;
use crate::piece::{OtnPiece, Space};

/// How a piece moves.
///
/// ```
/// assert_eq!(gridnote_otn::MoveType::BerserkJump.to_string(), "^=");
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
/// assert_eq!(gridnote_otn::Info::KingEscaped.to_string(), "--");
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

/// A captured piece: its square and, optionally, its symbol.
///
/// ```
/// use gridnote_otn::{Capture, Space};
/// assert_eq!(Capture { piece: None, space: Space::new(4, 8) }.to_string(), "e9");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The symbol written before the square, if any.
    pub piece: Option<OtnPiece>,
    /// The square.
    pub space: Space,
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(piece) = self.piece {
            f.write_char(piece.symbol())?;
        }
        write!(f, "{}", self.space)
    }
}

/// A move: `[piece]<from><type><to>[captures][info]`.
///
/// ```
/// use gridnote_otn::{Move, MoveRecord};
/// let record: MoveRecord = "Ne6^=e8xce7/ne9/f8/d8".parse()?;
/// let MoveRecord::Move(m) = &record else { unreachable!() };
/// assert_eq!(m.piece.map(|p| p.symbol()), Some('N'));
/// assert_eq!(m.captures.len(), 4);
/// assert_eq!(record.to_string(), "Ne6^=e8xce7/ne9/f8/d8");
/// # Ok::<(), gridnote_otn::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The symbol written before the start square, if any.
    pub piece: Option<OtnPiece>,
    /// The start square.
    pub from: Space,
    /// The kind of move.
    pub kind: MoveType,
    /// The destination.
    pub to: Space,
    /// The captured pieces, in the order written.
    pub captures: Vec<Capture>,
    /// The info symbol, if any.
    pub info: Option<Info>,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(piece) = self.piece {
            f.write_char(piece.symbol())?;
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
/// (`e5-e8xe9`) is the same record without piece symbols.
///
/// ```
/// use gridnote_otn::MoveRecord;
/// assert_eq!("---".parse::<MoveRecord>()?, MoveRecord::Resignation);
/// assert_eq!("Ke5-e1-".parse::<MoveRecord>()?.to_string(), "Ke5-e1-");
/// assert!("e5-e8---".parse::<MoveRecord>().is_err());
/// # Ok::<(), gridnote_otn::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveRecord {
    /// A move.
    Move(Move),
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

const FIELD: &str = "move record";

/// move-record = "---" / move
/// move        = [piece] space move-type space [captures] [info]
pub(crate) fn read(text: &str, base: usize) -> Result<MoveRecord, ParseError> {
    if text == "---" {
        return Ok(MoveRecord::Resignation);
    }
    let mut cur = Cursor::new(text, base);
    let piece = piece_symbol(&mut cur);
    let from = cur.space(FIELD)?;
    let kind = move_type(&mut cur)?;
    let to = cur.space(FIELD)?;
    let captures = if cur.eat(b'x') { captures(&mut cur)? } else { Vec::new() };
    let info = info(&mut cur);
    if !cur.is_end() {
        let expected = if captures.is_empty() {
            "`x` and captures, an info symbol (+ - ++ --) or the end of the move"
        } else {
            "`/` and another capture, an info symbol (+ - ++ --) or the end of the move"
        };
        return Err(cur.expected(FIELD, expected));
    }
    Ok(MoveRecord::Move(Move { piece, from, kind, to, captures, info }))
}

/// piece = %x74 / %x6B / %x67 / %x6D / %x6E / %x63 / (the same, uppercase)
///
/// A lowercase symbol is a piece only when a file letter follows it (`ce6`); alone
/// before a digit it is the file (`c6`).
fn piece_symbol(cur: &mut Cursor<'_>) -> Option<OtnPiece> {
    let b = cur.peek()?;
    let piece = OtnPiece::from_symbol(b)?;
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
/// capture  = [piece] space
fn captures(cur: &mut Cursor<'_>) -> Result<Vec<Capture>, ParseError> {
    let mut list = Vec::new();
    loop {
        let piece = piece_symbol(cur);
        let space = cur.space("capture of the move record")?;
        list.push(Capture { piece, space });
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
