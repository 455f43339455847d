//! Squares and moves, named as OTN names them.

use core::fmt;

/// A square of the board: file (column) from 0 at the left, rank from 0 at the bottom,
/// written algebraically (`a1` is the bottom-left square; files go on `aa`, `ab`, … after
/// `z`, as OTN and gridnote-board's cell names do).
///
/// ```
/// use gridnote_tafl_rules::Square;
/// let sq: Square = "d4".parse()?;
/// assert_eq!(sq, Square::new(3, 3));
/// assert_eq!(sq.to_string(), "d4");
/// assert_eq!(Square::new(26, 0).to_string(), "aa1");
/// # Ok::<(), gridnote_tafl_rules::SquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square {
    /// The file, 0 for `a`.
    pub file: u8,
    /// The rank, 0 for rank `1`.
    pub rank: u8,
}

impl Square {
    /// The square on `file` and `rank` (both from 0).
    ///
    /// ```
    /// use gridnote_tafl_rules::Square;
    /// assert_eq!(Square::new(0, 0).to_string(), "a1");
    /// ```
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Bijective base 26: a..z, aa..az, ba.., as gridnote-board names files.
        let mut n = usize::from(self.file) + 1;
        let mut letters = [0u8; 4];
        let mut len = 0;
        while n > 0 {
            n -= 1;
            letters[len] = b'a' + (n % 26) as u8;
            len += 1;
            n /= 26;
        }
        for &b in letters[..len].iter().rev() {
            f.write_fmt(format_args!("{}", b as char))?;
        }
        write!(f, "{}", u32::from(self.rank) + 1)
    }
}

/// A square name that cannot be read.
///
/// ```
/// use gridnote_tafl_rules::Square;
/// let err = "a0".parse::<Square>().unwrap_err();
/// assert_eq!(err.to_string(), "`a0` is not a square name (a file letter and a rank from 1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("`{text}` is not a square name (a file letter and a rank from 1)")]
pub struct SquareError {
    /// The text read.
    pub text: String,
}

impl core::str::FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Square, SquareError> {
        let err = || SquareError { text: s.to_owned() };
        let letters = s.bytes().take_while(u8::is_ascii_lowercase).count();
        if letters == 0 || letters > 2 {
            return Err(err());
        }
        let (file_text, rank_text) = s.split_at(letters);
        let mut file = 0usize;
        for b in file_text.bytes() {
            file = file * 26 + usize::from(b - b'a') + 1;
        }
        if rank_text.is_empty()
            || rank_text.len() > 3
            || !rank_text.bytes().all(|b| b.is_ascii_digit())
            || rank_text.starts_with('0')
        {
            return Err(err());
        }
        let rank: usize = rank_text.parse().map_err(|_| err())?;
        if file > 256 || rank > 256 || rank == 0 {
            return Err(err());
        }
        Ok(Square::new((file - 1) as u8, (rank - 1) as u8))
    }
}

/// A move: the piece on `from` goes to `to` (a slide along a rank or file, or a jump).
///
/// `Display` writes OTEP's simple form `d1-d4`; [`crate::Position::move_text`] writes
/// the full OTN move record with the piece, the jump sign and the captures.
///
/// ```
/// use gridnote_tafl_rules::{Move, Square};
/// let m: Move = "d1-d4".parse()?;
/// assert_eq!(m, Move::new(Square::new(3, 0), Square::new(3, 3)));
/// assert_eq!(m.to_string(), "d1-d4");
/// # Ok::<(), gridnote_tafl_rules::MoveTextError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    ///
    /// ```
    /// use gridnote_tafl_rules::{Move, Square};
    /// assert_eq!(Move::new(Square::new(0, 0), Square::new(0, 2)).to_string(), "a1-a3");
    /// ```
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// A move text that cannot be read.
///
/// ```
/// use gridnote_tafl_rules::Move;
/// let err = "d1d4".parse::<Move>().unwrap_err();
/// assert_eq!(err.to_string(), "`d1d4` is not a move (OTN `d1-d4`, `Kd1-d4xe4`, `d1^=d3`)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("`{text}` is not a move (OTN `d1-d4`, `Kd1-d4xe4`, `d1^=d3`)")]
pub struct MoveTextError {
    /// The text read.
    pub text: String,
}

/// The parts of an OTN move record: the move, the piece symbol if written, whether it
/// was written as a jump or a berserk move, and the captures written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveText {
    pub(crate) mv: Move,
    pub(crate) piece: Option<char>,
    pub(crate) captures: Vec<Square>,
}

fn is_piece_symbol(b: u8) -> bool {
    b"tcnkmgTCNKMG".contains(&b)
}

/// Reads `[piece] square`, where a lowercase `c` or `g` before a file letter is a piece
/// (OTN's rule: `ce6` is a commander on e6, `c6` the square c6).
fn piece_square(s: &str) -> Option<(Option<char>, Square, &str)> {
    let bytes = s.as_bytes();
    let mut piece = None;
    let mut rest = s;
    if let Some(&b) = bytes.first() {
        if is_piece_symbol(b) {
            let next = bytes.get(1).copied();
            let piece_here = b.is_ascii_uppercase()
                || !matches!(b, b'c' | b'g' | b'k' | b'm' | b'n' | b't')
                || next.is_some_and(|n| n.is_ascii_lowercase());
            if piece_here {
                piece = Some(b as char);
                rest = &s[1..];
            }
        }
    }
    let letters = rest.bytes().take_while(u8::is_ascii_lowercase).count();
    let digits = rest[letters..].bytes().take_while(u8::is_ascii_digit).count();
    let sq: Square = rest[..letters + digits].parse().ok()?;
    Some((piece, sq, &rest[letters + digits..]))
}

impl MoveText {
    pub(crate) fn parse(s: &str) -> Result<MoveText, MoveTextError> {
        let err = || MoveTextError { text: s.to_owned() };
        let (piece, from, rest) = piece_square(s).ok_or_else(err)?;
        let rest =
            ["^=", "-", "^", "="].iter().find_map(|sep| rest.strip_prefix(sep)).ok_or_else(err)?;
        let letters = rest.bytes().take_while(u8::is_ascii_lowercase).count();
        let digits = rest[letters..].bytes().take_while(u8::is_ascii_digit).count();
        let to: Square = rest[..letters + digits].parse().map_err(|_| err())?;
        let mut rest = &rest[letters + digits..];
        let mut captures = Vec::new();
        if let Some(caps) = rest.strip_prefix('x') {
            rest = caps;
            loop {
                let (_, sq, after) = piece_square(rest).ok_or_else(err)?;
                captures.push(sq);
                rest = after;
                match rest.strip_prefix('/') {
                    Some(after) => rest = after,
                    None => break,
                }
            }
        }
        if !matches!(rest, "" | "+" | "++" | "-" | "--") {
            return Err(err());
        }
        Ok(MoveText { mv: Move::new(from, to), piece, captures })
    }
}

impl core::str::FromStr for Move {
    type Err = MoveTextError;

    /// Reads OTEP's `d1-d4` or a whole OTN move record (`Kd1-d4xe4/e5`, `d1^=d3`); the
    /// piece symbol and the captures are read but not kept: [`crate::Position::parse_move`]
    /// checks them against the position.
    fn from_str(s: &str) -> Result<Move, MoveTextError> {
        MoveText::parse(s).map(|t| t.mv)
    }
}
