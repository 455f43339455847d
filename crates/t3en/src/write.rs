//! Writing canonical T3EN: maximal runs of any kind of cell, a count only for runs of 2
//! or more, rows from the top joined by `/`, one space, the side to move.

use gridnote_board::number::{decimal_len, push_decimal};
use gridnote_board::{Cell, Player};

use crate::t3en::T3en;

impl T3en {
    /// Appends the canonical T3EN text of this position to `out`, reserving the exact
    /// length first and without going through `fmt`.
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
        let position = self.position();
        out.reserve(self.written_len());
        for (r, row) in position.board.iter_rows().enumerate() {
            if r > 0 {
                out.push('/');
            }
            for run in row.chunk_by(|a, b| a == b) {
                push_run(out, run[0], run.len());
            }
        }
        out.push(' ');
        out.push(match position.to_move {
            Player::One => 'x',
            Player::Two => 'o',
        });
    }

    /// The length in bytes of the canonical text.
    fn written_len(&self) -> usize {
        let board = &self.position().board;
        let runs: usize = board
            .iter_rows()
            .flat_map(|row| row.chunk_by(|a, b| a == b))
            .map(|run| run_len(run.len()))
            .sum();
        // The runs, a `/` between rows, the space and the side.
        runs + board.rows() - 1 + 2
    }
}

/// The bytes a run of `len` cells takes: the count (when 2 or more) and the cell.
const fn run_len(len: usize) -> usize {
    // Runs are at most 255 long (a row is at most 255 cells).
    if len < 2 { 1 } else { decimal_len(len as u32) + 1 }
}

/// Appends one canonical run: `len` (when 2 or more) and the cell's character.
pub(crate) fn push_run(out: &mut String, cell: Cell, len: usize) {
    if len >= 2 {
        // Runs are at most 255 long (a row is at most 255 cells).
        push_decimal(out, len as u32);
    }
    out.push(cell_char(cell));
}

/// The T3EN character of a cell. A [`T3en`] holds no kings; the owner's letter is what a
/// king would have been written as.
const fn cell_char(cell: Cell) -> char {
    match cell {
        Cell::Void => '.',
        Cell::Empty => '_',
        Cell::Piece(piece) => match piece.player {
            Player::One => 'x',
            Player::Two => 'o',
        },
    }
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
        assert_eq!([1, 2, 10, 255].map(run_len), [1, 2, 3, 4]);
    }

    #[test]
    fn the_reserved_length_is_exact() {
        let big = format!("{} o", ["12_"; 12].join("/"));
        for text in ["3_/3_/3_ x", &big, ".3_./5_/.3_./5_/.3_. o", "x o", "xo/ox x"] {
            let t3en: T3en = text.parse().unwrap();
            assert_eq!(t3en.written_len(), text.len(), "{text}");
        }
    }
}
