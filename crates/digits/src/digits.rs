//! The 9-digit string: reading, writing, and conversion to and from [`Board`].
//!
//! Grammar (ABNF, RFC 5234; written out with examples in `docs/digits.md`):
//!
//! ```abnf
//! digits = 9cell              ; rows top to bottom, cells left to right
//! cell   = "0" / "1" / "2"    ; empty / Player One / Player Two
//! ```

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use gridnote_board::report::Spanned;
use gridnote_board::{Board, Cell, CellName, Counts, Piece, Player, Role};

/// Rows (and columns) of the board a digit string holds.
///
/// ```
/// use gridnote_digits::{Digits, SIDE};
/// assert_eq!(Digits::EMPTY.board().rows(), SIDE);
/// ```
pub const SIDE: usize = 3;

/// Characters in a digit string: one per cell of the 3×3 board.
///
/// ```
/// use gridnote_digits::{Digits, LEN};
/// assert_eq!(Digits::EMPTY.to_string().len(), LEN);
/// ```
pub const LEN: usize = SIDE * SIDE;

/// A 3×3 tic-tac-toe board read from or written as a 9-digit string: `0` empty, `1`
/// Player One, `2` Player Two, row-major from the top left.
///
/// The string carries no side to move; [`Digits::side_to_move`] derives it from the counts.
/// Parsing accepts every well-formed string, whatever its counts or lines: legality is a
/// separate layer ([`crate::check`]).
///
/// ```
/// use gridnote_digits::Digits;
/// use gridnote_digits::board::{Cell, Player};
///
/// let digits: Digits = "120120000".parse()?;
/// assert_eq!(digits.cells()[3], Cell::ONE);
/// assert_eq!(digits.side_to_move(), Some(Player::One));
/// assert_eq!(digits.to_string(), "120120000");
/// assert_eq!(digits.board().draw(), "3 x o _\n2 x o _\n1 _ _ _\n  a b c\n");
/// # Ok::<(), gridnote_digits::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digits {
    /// Invariant: every cell is `Empty`, `Cell::ONE` or `Cell::TWO`.
    cells: [Cell; LEN],
}

impl Digits {
    /// The empty board, `000000000`.
    ///
    /// ```
    /// use gridnote_digits::Digits;
    /// assert_eq!(Digits::EMPTY.to_string(), "000000000");
    /// ```
    pub const EMPTY: Digits = Digits { cells: [Cell::Empty; LEN] };

    /// A board from the owner of each cell, row-major from the top left (`None` = empty).
    ///
    /// ```
    /// use gridnote_digits::board::Player;
    /// use gridnote_digits::Digits;
    /// let mut players = [None; 9];
    /// players[4] = Some(Player::One);
    /// assert_eq!(Digits::from_players(players).to_string(), "000010000");
    /// ```
    #[must_use]
    pub const fn from_players(players: [Option<Player>; LEN]) -> Digits {
        let mut cells = [Cell::Empty; LEN];
        let mut i = 0;
        while i < LEN {
            if let Some(player) = players[i] {
                cells[i] = Cell::man(player);
            }
            i += 1;
        }
        Digits { cells }
    }

    /// The nine cells, row-major from the top left; each is `Empty`, `Cell::ONE` or
    /// `Cell::TWO`.
    ///
    /// ```
    /// use gridnote_digits::board::Cell;
    /// use gridnote_digits::Digits;
    /// let digits: Digits = "200000001".parse()?;
    /// assert_eq!(digits.cells()[0], Cell::TWO);
    /// assert_eq!(digits.cells()[8], Cell::ONE);
    /// # Ok::<(), gridnote_digits::ParseError>(())
    /// ```
    #[must_use]
    pub const fn cells(&self) -> &[Cell; LEN] {
        &self.cells
    }

    /// The 3×3 [`Board`] (one small allocation).
    ///
    /// ```
    /// use gridnote_digits::board::Cell;
    /// use gridnote_digits::Digits;
    /// let board = "000010000".parse::<Digits>()?.board();
    /// assert_eq!(board.get(1, 1), Some(Cell::ONE));
    /// # Ok::<(), gridnote_digits::ParseError>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> Board {
        Board::from_slice(SIDE, SIDE, &self.cells)
            .expect("a digit string always holds exactly 3x3 cells")
    }

    /// How many cells of each kind, counted by `gridnote-board`.
    ///
    /// ```
    /// use gridnote_digits::Digits;
    /// let counts = "112000000".parse::<Digits>()?.counts();
    /// assert_eq!(counts.pieces, [2, 1]);
    /// assert_eq!(counts.empty, 6);
    /// # Ok::<(), gridnote_digits::ParseError>(())
    /// ```
    #[must_use]
    pub fn counts(&self) -> Counts {
        self.board().counts()
    }

    /// The side to move the counts imply ([`Counts::side_to_move`]): equal counts, Player
    /// One; One ahead by one, Player Two; anything else, none.
    ///
    /// ```
    /// use gridnote_digits::board::Player;
    /// use gridnote_digits::Digits;
    /// assert_eq!("100000000".parse::<Digits>()?.side_to_move(), Some(Player::Two));
    /// assert_eq!("110000000".parse::<Digits>()?.side_to_move(), None);
    /// # Ok::<(), gridnote_digits::ParseError>(())
    /// ```
    #[must_use]
    pub fn side_to_move(&self) -> Option<Player> {
        self.counts().side_to_move()
    }

    /// Appends the 9-digit string to `out`, without going through `fmt`.
    ///
    /// ```
    /// use gridnote_digits::Digits;
    /// let mut out = String::from("board: ");
    /// "012012012".parse::<Digits>()?.write_to(&mut out);
    /// assert_eq!(out, "board: 012012012");
    /// # Ok::<(), gridnote_digits::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.append_to(out);
    }

    /// Appends the nine digits to any [`Sink`](gridnote_text::sink::Sink) (a `String`, a
    /// `Vec<u8>`, or a formatter, as `Display` does).
    ///
    /// ```
    /// let digits: gridnote_digits::Digits = "120120000".parse()?;
    /// let mut bytes = Vec::new();
    /// digits.append_to(&mut bytes);
    /// assert_eq!(bytes, b"120120000");
    /// # Ok::<(), gridnote_digits::ParseError>(())
    /// ```
    pub fn append_to<S: gridnote_text::sink::Sink + ?Sized>(&self, out: &mut S) {
        out.reserve(LEN);
        for &cell in &self.cells {
            out.push(digit(cell));
        }
    }
}

impl Digits {
    /// The nine digits on the stack, in 16 bytes (the rest `0`s), each made from its
    /// cell's rank at once: `0` + rank / 2 is `0` for an empty cell, `1` for Player One's
    /// and `2` for Player Two's (and the digit of [`digit`] for the kings and the void
    /// too; OpenTafl's other taflmen, ranks 6 and up, never reach a digit string).
    #[inline(always)]
    fn text(&self) -> gridnote_text::sink::StackText<16> {
        let mut bytes = [b'0'; 16];
        for (byte, cell) in bytes.iter_mut().zip(&self.cells) {
            *byte = b'0' + (cell.rank() >> 1);
        }
        gridnote_text::sink::StackText::from_ascii(bytes, LEN)
    }
}

/// The digit of a cell (the invariant keeps kings and voids out).
const fn digit(cell: Cell) -> char {
    match cell.player() {
        None => '0',
        Some(Player::One) => '1',
        Some(Player::Two) => '2',
    }
}

impl fmt::Display for Digits {
    /// The nine digits, given to the formatter in one piece.
    ///
    /// ```
    /// let digits: gridnote_digits::Digits = "120120000".parse()?;
    /// assert_eq!(format!("[{digits}]"), "[120120000]");
    /// # Ok::<(), gridnote_digits::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.text().as_str() {
            Some(text) => f.write_str(text),
            None => {
                let mut sink = gridnote_text::sink::FmtSink::new(f);
                self.append_to(&mut sink);
                sink.finish()
            }
        }
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digits(\"{self}\")")
    }
}

impl Default for Digits {
    fn default() -> Self {
        Digits::EMPTY
    }
}

/// A syntax error in a digit string (or in the text given to a generated
/// [`Pattern`](crate::Pattern)), with the byte span of the offending text.
///
/// Characters are checked first, over the whole input, then the length.
///
/// ```
/// use gridnote_digits::board::report::{render, Spanned};
/// use gridnote_digits::{Digits, ParseError};
///
/// let err = "0001110000".parse::<Digits>().unwrap_err();
/// assert_eq!(err.to_string(), "expected 9 digits, found 10 characters");
/// assert_eq!(err.span(), 9..10);
///
/// let err = "12x000000".parse::<Digits>().unwrap_err();
/// assert_eq!(
///     render("12x000000", err.span(), &err.to_string()),
///     "error: unexpected `x` at character 3: expected 0 (empty), 1 (Player One) or 2 (Player Two)\n  | 12x000000\n  |   ^\n"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Every character is a digit, but there are too few or too many. The span covers
    /// the characters past the expected length, or is empty at the end of a short input.
    #[error("expected {expected} digits, found {found} character{}", plural(*.found))]
    Length {
        /// Characters expected (9 for a digit string, rows × cols for a generated pattern).
        expected: usize,
        /// Characters found (Unicode scalar values, not bytes).
        found: usize,
        /// The excess characters, or the empty span at the end of a short input.
        span: Range<usize>,
    },
    /// A character other than `0`, `1` or `2` (the first one in the input).
    #[error(
        "unexpected `{}` at character {}: expected 0 (empty), 1 (Player One) or 2 (Player Two)",
        .ch.escape_debug(),
        .index + 1
    )]
    Char {
        /// The character.
        ch: char,
        /// Its place among the input's characters, from 0.
        index: usize,
        /// Its bytes (a multi-byte character's span covers all its bytes).
        span: Range<usize>,
    },
}

const fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The byte range of the offending text.
///
/// ```
/// use gridnote_digits::{Digits, Spanned};
/// let err = "1é0000000".parse::<Digits>().unwrap_err();
/// assert_eq!(err.span(), 1..3);
/// ```
impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::Length { span, .. } | ParseError::Char { span, .. } => span.clone(),
        }
    }
}

// cell = "0" / "1" / "2"    ; empty / Player One / Player Two
fn cell(ch: char) -> Option<Cell> {
    match ch {
        '0' => Some(Cell::Empty),
        '1' => Some(Cell::ONE),
        '2' => Some(Cell::TWO),
        _ => None,
    }
}

// cells = n cell    ; n = `expected`: 9 for a digit string, rows × cols for a pattern
/// Checks that `text` is exactly `expected` cells and hands each to `each` with its
/// index. Characters are checked over the whole input first, then the length; nothing
/// is allocated.
pub(crate) fn cells(
    text: &str,
    expected: usize,
    mut each: impl FnMut(usize, Cell),
) -> Result<(), ParseError> {
    let mut found = 0;
    let mut excess_from = text.len();
    for (at, ch) in text.char_indices() {
        let Some(c) = cell(ch) else {
            return Err(ParseError::Char { ch, index: found, span: at..at + ch.len_utf8() });
        };
        if found < expected {
            each(found, c);
        } else if found == expected {
            excess_from = at;
        }
        found += 1;
    }
    if found == expected {
        Ok(())
    } else {
        Err(ParseError::Length { expected, found, span: excess_from..text.len() })
    }
}

// digits = 9cell    ; rows top to bottom, cells left to right
fn digits(text: &str) -> Result<Digits, ParseError> {
    // Nine bytes `0`-`2`, the usual input, read without a branch per character; anything
    // else goes through `cells`, which names the error.
    if let Ok(bytes) = <&[u8; LEN]>::try_from(text.as_bytes()) {
        const CELLS: [Cell; 3] = [Cell::Empty, Cell::ONE, Cell::TWO];
        let digits: [u8; LEN] = bytes.map(|b| b.wrapping_sub(b'0'));
        if digits.iter().all(|&d| d < 3) {
            return Ok(Digits { cells: digits.map(|d| CELLS[usize::from(d)]) });
        }
    }
    let mut out = Digits::EMPTY;
    cells(text, LEN, |i, c| out.cells[i] = c)?;
    Ok(out)
}

impl FromStr for Digits {
    type Err = ParseError;

    /// Reads exactly nine characters `0`, `1`, `2`; nothing before or after.
    fn from_str(text: &str) -> Result<Digits, ParseError> {
        digits(text)
    }
}

/// A [`Board`] a digit string cannot hold.
///
/// ```
/// use gridnote_digits::board::{Board, Cell};
/// use gridnote_digits::{Digits, ModelError};
///
/// let err = Digits::try_from(&Board::new(4, 4)?).unwrap_err();
/// assert_eq!(err.to_string(), "a 4x4 board cannot be a digit string, which holds a 3x3 board");
///
/// let mut board = Board::new(3, 3)?;
/// board.set(1, 1, Cell::Void)?;
/// assert_eq!(Digits::try_from(&board).unwrap_err().to_string(), "b2 is not playable: a digit string has no void cells");
/// # Ok::<(), gridnote_digits::board::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The board is not 3×3.
    #[error("a {rows}x{cols} board cannot be a digit string, which holds a 3x3 board")]
    Shape {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// A void (non-playable) cell, named algebraically.
    #[error("{cell} is not playable: a digit string has no void cells")]
    Void {
        /// The cell (`a1` is bottom-left).
        cell: CellName,
    },
    /// A king, named algebraically.
    #[error("{cell} holds {player}'s king: a digit string has no kings")]
    King {
        /// The cell (`a1` is bottom-left).
        cell: CellName,
        /// The king's owner.
        player: Player,
    },
}

impl TryFrom<&Board> for Digits {
    type Error = ModelError;

    /// Takes a 3×3 board of empty cells and men; the first void cell or king (row-major
    /// from the top left) is named in the error.
    fn try_from(board: &Board) -> Result<Digits, ModelError> {
        if (board.rows(), board.cols()) != (SIDE, SIDE) {
            return Err(ModelError::Shape { rows: board.rows(), cols: board.cols() });
        }
        let mut out = Digits::EMPTY;
        for ((row, col), cell) in board.iter() {
            out.cells[row * SIDE + col] = match cell.piece() {
                None if cell.is_empty() => Cell::Empty,
                None => {
                    return Err(ModelError::Void { cell: board.cell_name(row, col) });
                }
                Some(Piece { role: Role::Man, .. }) => cell,
                // A king: the one piece today that is not a man.
                Some(Piece { player, .. }) => {
                    return Err(ModelError::King { cell: board.cell_name(row, col), player });
                }
            };
        }
        Ok(out)
    }
}

impl TryFrom<Board> for Digits {
    type Error = ModelError;

    /// As for `&Board`.
    fn try_from(board: Board) -> Result<Digits, ModelError> {
        Digits::try_from(&board)
    }
}

impl From<Digits> for Board {
    /// The 3×3 board.
    fn from(digits: Digits) -> Board {
        digits.board()
    }
}

impl From<&Digits> for Board {
    /// The 3×3 board.
    fn from(digits: &Digits) -> Board {
        digits.board()
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::Digits;

    impl serde::Serialize for Digits {
        /// As the 9-digit string.
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self.text().as_str() {
                Some(text) => s.serialize_str(text),
                None => s.collect_str(self),
            }
        }
    }

    impl<'de> serde::Deserialize<'de> for Digits {
        /// From the 9-digit string; a syntax error becomes the deserializer's error.
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Digits, D::Error> {
            struct Visitor;
            impl serde::de::Visitor<'_> for Visitor {
                type Value = Digits;
                fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    f.write_str("a 9-digit string of 0, 1 and 2")
                }
                fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Digits, E> {
                    text.parse().map_err(E::custom)
                }
            }
            d.deserialize_str(Visitor)
        }
    }
}

#[cfg(test)]
mod tests {
    use core::fmt::{self, Write as _};

    use super::*;

    #[test]
    fn the_digit_of_every_cell_is_0_plus_half_its_rank() {
        // The six cells before OpenTafl's other taflmen, which a digit string never holds.
        for cell in Cell::ALL.into_iter().filter(|cell| cell.rank() < 6) {
            assert_eq!(char::from(b'0' + (cell.rank() >> 1)), digit(cell), "{cell:?}");
        }
    }

    /// Every one of the 3^9 boards: `Display` and serde give the writer's nine digits.
    #[test]
    fn display_and_serde_of_every_board_give_the_writers_digits() {
        let players = [None, Some(Player::One), Some(Player::Two)];
        for code in 0..3usize.pow(9) {
            let mut each = [None; LEN];
            for (i, player) in each.iter_mut().enumerate() {
                *player = players[code / 3usize.pow(i as u32) % 3];
            }
            let digits = Digits::from_players(each);
            let expected: String = each
                .iter()
                .map(|p| match p {
                    None => '0',
                    Some(Player::One) => '1',
                    Some(Player::Two) => '2',
                })
                .collect();
            let mut written = String::new();
            digits.write_to(&mut written);
            assert_eq!(written, expected);
            assert_eq!(digits.to_string(), expected);
            #[cfg(feature = "serde")]
            assert_eq!(serde_json::to_string(&digits).unwrap(), format!("\"{expected}\""));
        }
    }

    #[test]
    fn display_is_one_call_and_returns_the_formatter_error() {
        struct Calls(Vec<String>, bool);
        impl fmt::Write for Calls {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0.push(s.to_owned());
                if self.1 { Ok(()) } else { Err(fmt::Error) }
            }
        }
        let digits: Digits = "120120000".parse().unwrap();
        let mut calls = Calls(Vec::new(), true);
        write!(calls, "{digits}").unwrap();
        assert_eq!(calls.0, ["120120000"]);
        let mut failing = Calls(Vec::new(), false);
        assert_eq!(write!(failing, "{digits}"), Err(fmt::Error));
    }
}
