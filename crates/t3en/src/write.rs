//! Writing canonical T3EN: maximal runs of any kind of cell, a count only for runs of 2
//! or more, rows from the top joined by `/`, one space, the side to move.

use gridnote_board::number::push_decimal;
use gridnote_board::sink::Sink;
use gridnote_board::{Cell, Player};

use crate::t3en::T3en;

impl T3en {
    /// Appends the canonical T3EN text of this position to `out`, without going through
    /// `fmt`. It reserves once an upper bound of the text's length (a row takes at most
    /// one byte per cell: a run of n ≥ 2 cells is written in at most n bytes).
    ///
    /// Canonical T3EN writes each row as maximal runs of one kind of cell (pieces
    /// included: `xxx` is `3x`), with a count only for runs of two or more.
    ///
    /// ```
    /// use gridnote_t3en::T3en;
    /// let t3en: T3en = "3x/o_o/3_ o".parse()?;
    /// let mut out = String::from("position: ");
    /// t3en.write_to(&mut out);
    /// assert_eq!(out, "position: 3x/o_o/3_ o");
    /// # Ok::<(), gridnote_t3en::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.append_to(out);
    }

    /// Appends the canonical T3EN text to any [`Sink`] (a `String`, a `Vec<u8>`, or a
    /// formatter through [`FmtSink`](gridnote_board::sink::FmtSink), as `Display` does).
    ///
    /// ```
    /// use gridnote_t3en::T3en;
    /// let t3en: T3en = "2_o/_x_/3_ x".parse()?;
    /// let mut bytes = Vec::new();
    /// t3en.append_to(&mut bytes);
    /// assert_eq!(bytes, b"2_o/_x_/3_ x");
    /// # Ok::<(), gridnote_t3en::ParseError>(())
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        let position = self.position();
        let board = &position.board;
        out.reserve(written_bound(board.rows(), board.cols()));
        for (r, row) in board.iter_rows().enumerate() {
            if r > 0 {
                out.push('/');
            }
            // Runs are compared by a one-byte key, cheaper than comparing cells; the
            // character is looked up once per run.
            let mut run = cell_key(row[0]);
            let mut len = 0;
            for &cell in row {
                let key = cell_key(cell);
                if key == run {
                    len += 1;
                } else {
                    push_char_run(out, KEY_CHARS[usize::from(run)], len);
                    run = key;
                    len = 1;
                }
            }
            push_char_run(out, KEY_CHARS[usize::from(run)], len);
        }
        out.push(' ');
        out.push(match position.to_move {
            Player::One => 'x',
            Player::Two => 'o',
        });
    }
}

/// An upper bound of the canonical text's length: at most one byte per cell in a row
/// (a run of n ≥ 2 cells takes at most n bytes), a `/` between rows, the space and the
/// side.
const fn written_bound(rows: usize, cols: usize) -> usize {
    rows * cols + rows - 1 + 2
}

/// Appends one canonical run: `len` (when 2 or more) and the cell's character.
pub(crate) fn push_run<S: Sink + ?Sized>(out: &mut S, cell: Cell, len: usize) {
    push_char_run(out, cell_char(cell), len);
}

/// Appends `len` (when 2 or more) and `c`. Always inlined: as a call (which the
/// compiler chose once the board's storage changed) writing cost a third more.
#[inline(always)]
fn push_char_run<S: Sink + ?Sized>(out: &mut S, c: char, len: usize) {
    if len >= 2 {
        if len < 10 {
            out.push(char::from(b'0' + len as u8));
        } else {
            // Runs are at most 255 long (a row is at most 255 cells).
            push_decimal(out, len as u32);
        }
    }
    out.push(c);
}

/// The T3EN character of a cell. A [`T3en`] holds no kings; the owner's letter is what a
/// king would have been written as.
const fn cell_char(cell: Cell) -> char {
    KEY_CHARS[cell_key(cell) as usize]
}

/// A one-byte key of a cell's T3EN character: 0 for `x`, 1 for `o`, 2 for `.`, 3 for `_`.
///
/// Written through [`Cell::player`], which compiles to a few conditional moves; a `match`
/// on the cell compiles to branches, and this runs once per cell.
const fn cell_key(cell: Cell) -> u8 {
    match cell.player() {
        Some(player) => player as u8,
        None if cell.is_empty() => 3,
        None => 2,
    }
}

/// The character of each [`cell_key`].
const KEY_CHARS: [char; 4] = ['x', 'o', '.', '_'];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_spelled_with_counts_from_two() {
        let mut out = String::new();
        push_run(&mut out, Cell::Empty, 1);
        push_run(&mut out, Cell::ONE, 2);
        push_run(&mut out, Cell::Void, 10);
        push_run(&mut out, Cell::TWO, 255);
        assert_eq!(out, "_2x10.255o");
    }

    #[test]
    fn the_reserved_length_bounds_the_text() {
        let big = format!("{} o", ["12_"; 12].join("/"));
        let alternating = format!("{} x", ["xoxoxoxoxo"; 10].join("/"));
        for text in ["3_/3_/3_ x", &big, ".3_./5_/.3_./5_/.3_. o", "x o", "xo/ox x", &alternating] {
            let t3en: T3en = text.parse().unwrap();
            let board = &t3en.position().board;
            let bound = written_bound(board.rows(), board.cols());
            assert!(text.len() <= bound, "{text}");
            assert_eq!(t3en.to_string(), text);
        }
        // Alternating cells reach the bound exactly.
        assert_eq!(written_bound(10, 10), alternating.len());
    }
}
