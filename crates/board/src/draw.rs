//! Drawing a board for people, as the format descriptions illustrate it: one text row per board row,
//! cells separated by spaces, rank numbers on the left and file letters underneath.

use crate::board::{Board, push_file_letters};
use crate::cell::Cell;
use gridnote_text::number::push_decimal;
use gridnote_text::sink::Sink;

/// The characters a drawing uses for each kind of cell. The struct grows with [`Cell`],
/// so it is built with [`Glyphs::new`] or taken from a preset.
///
/// ```
/// use gridnote_board::{Cell, Glyphs};
/// assert_eq!(Glyphs::DEFAULT.glyph(Cell::TWO), 'o');
/// assert_eq!(Glyphs::TAFL.glyph(Cell::TWO_KING), 'k');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Glyphs {
    /// A non-playable cell.
    pub void: char,
    /// An empty cell.
    pub empty: char,
    /// Player One's man.
    pub one: char,
    /// Player One's king.
    pub one_king: char,
    /// Player Two's man.
    pub two: char,
    /// Player Two's king.
    pub two_king: char,
    /// OpenTafl's other taflmen, by player then role: commander, knight, mercenary,
    /// guard (OTN's letters `cnmg` and `CNMG` in every preset).
    pub taflmen: [[char; 4]; 2],
}

impl Glyphs {
    /// The glyphs of a void cell, an empty cell, Player One's man and king and Player
    /// Two's man and king; OpenTafl's other taflmen get OTN's letters ([`Glyphs::OTN_TAFLMEN`]).
    ///
    /// ```
    /// use gridnote_board::{Cell, Glyphs};
    /// const DOTS: Glyphs = Glyphs::new(' ', '.', 'x', 'X', 'o', 'O');
    /// assert_eq!(DOTS.glyph(Cell::TWO_KING), 'O');
    /// ```
    #[must_use]
    pub const fn new(
        void: char,
        empty: char,
        one: char,
        one_king: char,
        two: char,
        two_king: char,
    ) -> Glyphs {
        Glyphs { void, empty, one, one_king, two, two_king, taflmen: Glyphs::OTN_TAFLMEN }
    }

    /// OTN's letters for the commander, knight, mercenary and guard of Player One
    /// (lowercase, the attackers) and Player Two (uppercase).
    ///
    /// ```
    /// use gridnote_board::{Cell, Glyphs};
    /// assert_eq!(Glyphs::TAFL.glyph(Cell::TwoGuard), 'G');
    /// assert_eq!(Glyphs::OTN_TAFLMEN[0], ['c', 'n', 'm', 'g']);
    /// ```
    pub const OTN_TAFLMEN: [[char; 4]; 2] = [['c', 'n', 'm', 'g'], ['C', 'N', 'M', 'G']];

    /// Tic-tac-toe marks: `.` void, `_` empty, `x`, `o` (kings `X`, `K`).
    pub const DEFAULT: Glyphs = Glyphs::new('.', '_', 'x', 'X', 'o', 'K');

    /// Tafl pieces: `a` attacker, `d` defender, `k` king, `_` empty.
    pub const TAFL: Glyphs = Glyphs::new('.', '_', 'a', 'A', 'd', 'k');

    /// The character for `cell`.
    ///
    /// ```
    /// use gridnote_board::{Cell, Glyphs};
    /// assert_eq!(Glyphs::DEFAULT.glyph(Cell::Void), '.');
    /// ```
    #[must_use]
    pub const fn glyph(&self, cell: Cell) -> char {
        match cell {
            Cell::Void => self.void,
            Cell::Empty => self.empty,
            Cell::OneMan => self.one,
            Cell::OneKing => self.one_king,
            Cell::TwoMan => self.two,
            Cell::TwoKing => self.two_king,
            Cell::OneCommander => self.taflmen[0][0],
            Cell::OneKnight => self.taflmen[0][1],
            Cell::OneMercenary => self.taflmen[0][2],
            Cell::OneGuard => self.taflmen[0][3],
            Cell::TwoCommander => self.taflmen[1][0],
            Cell::TwoKnight => self.taflmen[1][1],
            Cell::TwoMercenary => self.taflmen[1][2],
            Cell::TwoGuard => self.taflmen[1][3],
        }
    }
}

impl Default for Glyphs {
    fn default() -> Self {
        Glyphs::DEFAULT
    }
}

impl Board {
    /// The board drawn with [`Glyphs::DEFAULT`].
    ///
    /// ```
    /// use gridnote_board::{Board, Cell};
    /// let mut board = Board::new(3, 3)?;
    /// board.set(0, 2, Cell::TWO)?;
    /// board.set(1, 1, Cell::ONE)?;
    /// assert_eq!(board.draw(), "3 _ _ o\n2 _ x _\n1 _ _ _\n  a b c\n");
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn draw(&self) -> String {
        self.draw_with(&Glyphs::DEFAULT)
    }

    /// The board drawn with the given glyphs. Rank numbers are right-aligned; on boards
    /// wider than 26 files every column is two characters wide (`aa`, `ab`, …).
    ///
    /// ```
    /// use gridnote_board::{Board, Cell, Glyphs};
    /// let board = Board::from_cells(1, 2, vec![Cell::ONE, Cell::TWO_KING])?;
    /// assert_eq!(board.draw_with(&Glyphs::TAFL), "1 a k\n  a b\n");
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn draw_with(&self, glyphs: &Glyphs) -> String {
        let rank_width = digits(self.rows());
        let mut out = String::with_capacity((self.rows() + 1) * (rank_width + self.cols() * 3 + 1));
        self.draw_to(glyphs, &mut out);
        out
    }

    /// Appends the drawing of [`Board::draw_with`] to any [`Sink`] (a `String`, a
    /// `Vec<u8>`, a formatter through [`FmtSink`](gridnote_text::sink::FmtSink)), without a
    /// temporary `String`.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell, Glyphs};
    /// let board = Board::from_cells(1, 2, vec![Cell::ONE, Cell::Empty])?;
    /// let mut out = b"board:\n".to_vec();
    /// board.draw_to(&Glyphs::DEFAULT, &mut out);
    /// assert_eq!(out, b"board:\n1 x _\n  a b\n");
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    pub fn draw_to<S: Sink + ?Sized>(&self, glyphs: &Glyphs, out: &mut S) {
        let rank_width = digits(self.rows());
        let col_width = if self.cols() > 26 { 2 } else { 1 };
        for (r, row) in self.iter_rows().enumerate() {
            let rank = self.rows() - r;
            for _ in digits(rank)..rank_width {
                out.push_ascii(b' ');
            }
            push_decimal(out, rank as u32);
            for &cell in row {
                out.push_ascii(b' ');
                for _ in 1..col_width {
                    out.push_ascii(b' ');
                }
                out.push(glyphs.glyph(cell));
            }
            out.push_ascii(b'\n');
        }
        for _ in 0..rank_width {
            out.push_ascii(b' ');
        }
        for c in 0..self.cols() {
            out.push_ascii(b' ');
            if col_width == 2 && c < 26 {
                out.push_ascii(b' ');
            }
            push_file_letters(out, c);
        }
        out.push_ascii(b'\n');
    }
}

const fn digits(n: usize) -> usize {
    if n >= 100 {
        3
    } else if n >= 10 {
        2
    } else {
        1
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        use core::fmt::Write as _;
        writeln!(f, "Board {}x{} [", self.rows(), self.cols())?;
        for row in self.iter_rows() {
            f.write_str("  ")?;
            for &cell in row {
                f.write_char(Glyphs::DEFAULT.glyph(cell))?;
            }
            f.write_str("\n")?;
        }
        f.write_str("]")
    }
}
