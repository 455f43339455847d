//! Writing canonical T3EN: maximal runs of any kind of cell, a count only for runs of 2
//! or more, rows from the top joined by `/`, one space, the side to move.

use gridnote_board::{Cell, Position};
use gridnote_text::sink::{Sink, write_ascii};

use crate::alphabet::{BYTE_OF, push_run, side_byte};

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
    /// formatter through [`FmtSink`](gridnote_text::sink::FmtSink), as `Display` does).
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
        let side = position.board.cols();
        let bound = written_bound(side, side);
        out.reserve(bound);
        // A small board's text in a small buffer (it is zeroed on every call).
        if bound <= SMALL_BUFFER {
            write_text::<S, SMALL_BUFFER>(position, out);
        } else if side + 2 <= BUFFER {
            write_text::<S, BUFFER>(position, out);
        } else {
            write_unbuffered(position, out);
        }
    }
}

#[cfg(feature = "serde")]
impl T3en {
    /// `f(state, text)` with the whole canonical text, when the writer gathers it in one
    /// piece (a bound of its length of up to [`WHOLE_BUFFER`] bytes: boards up to 22×22),
    /// as serde's `serialize_str` wants it; otherwise `state` back, `f` not called.
    pub(crate) fn with_text<T, R>(&self, state: T, f: impl FnOnce(T, &str) -> R) -> Result<R, T> {
        /// `f` with the text gathered in `N` bytes, if that is one piece.
        #[inline(always)]
        fn whole<const N: usize, T, R>(
            position: &Position,
            state: T,
            f: impl FnOnce(T, &str) -> R,
        ) -> Result<R, T> {
            let mut split = false;
            gather::<N, bool, Result<R, T>>(
                position,
                &mut split,
                |split, _| *split = true,
                |split, bytes| match (*split, core::str::from_utf8(bytes)) {
                    (false, Ok(text)) => Ok(f(state, text)),
                    _ => Err(state),
                },
            )
        }
        let position = self.position();
        let side = position.board.cols();
        let bound = written_bound(side, side);
        if bound <= SMALL_BUFFER {
            whole::<SMALL_BUFFER, T, R>(position, state, f)
        } else if bound <= BUFFER {
            whole::<BUFFER, T, R>(position, state, f)
        } else if bound <= WHOLE_BUFFER {
            whole::<WHOLE_BUFFER, T, R>(position, state, f)
        } else {
            Err(state)
        }
    }
}

/// The buffer [`T3en::with_text`] gathers texts of 257 to 512 bytes in, which serde
/// wants whole (the writer gives them to its sink in pieces of up to [`BUFFER`] bytes).
#[cfg(feature = "serde")]
const WHOLE_BUFFER: usize = 512;

/// An upper bound of the canonical text's length: at most one byte per cell in a row
/// (a run of n ≥ 2 cells takes at most n bytes), a `/` between rows, the space and the
/// side.
const fn written_bound(rows: usize, cols: usize) -> usize {
    rows * cols + rows - 1 + 2
}

/// The writer's buffer: the text of boards up to 15×15 goes to the sink in one piece,
/// and any row up to 254 cells fits in it with its `/` and the side. 256 bytes, so that
/// an index into it is the low byte of a length (a larger buffer's index takes a mask).
const BUFFER: usize = 256;

/// The buffer for the text of boards up to 7×7.
const SMALL_BUFFER: usize = 64;

/// The canonical text of `position` (a square board) gathered in a buffer of `N` bytes
/// on the stack and appended to `out` in pieces. Each row first makes room for its
/// longest text (a byte per cell, the `/` after it, and the side after the last row), so
/// the bytes of a row are stored without a check: `N` is a power of two, so an index
/// taken modulo `N` is always within the buffer, and the caller makes sure that a row's
/// longest text (the side and 2) fits in `N` bytes.
#[inline(always)]
fn write_text<S: Sink + ?Sized, const N: usize>(position: &Position, out: &mut S) {
    gather::<N, S, ()>(
        position,
        out,
        |out, bytes| write_ascii(out, bytes),
        |out, bytes| {
            write_ascii(out, bytes);
        },
    );
}

/// The canonical text of `position` gathered as [`write_text`] describes, given in
/// pieces to `piece` and, the last one, to `last` (with `state`): when the whole text
/// fits in `N` bytes ([`written_bound`]), `last` gets all of it and `piece` nothing.
#[inline(always)]
fn gather<const N: usize, T: ?Sized, R>(
    position: &Position,
    state: &mut T,
    piece: impl Fn(&mut T, &[u8]),
    last: impl FnOnce(&mut T, &[u8]) -> R,
) -> R {
    let cells = position.board.cells();
    let side = position.board.cols();
    let mut buf = [0u8; N];
    let mut len = 0usize;
    // When the whole text fits, no row needs to make room.
    let fits = written_bound(side, side) <= N;
    for row in cells.chunks_exact(side) {
        if !fits && len + side + 2 > N {
            piece(state, &buf[..len]);
            len = 0;
        }
        len = push_row(&mut buf, len, row);
        buf[len % N] = b'/';
        len += 1;
    }
    // The space, in place of the last `/`, and the side.
    buf[(len - 1) % N] = b' ';
    buf[len % N] = side_byte(position.to_move);
    last(state, &buf[..(len + 1).min(N)])
}

/// `row = 1*run`: one row as maximal runs of equal cells, stored from `len` (the caller
/// made room for it): the length after it. One-byte cells are compared as they are
/// (one loop comparing each cell with the run's costs fewer instructions than a loop per
/// run, and finding the runs' ends eight cells at a time costs more on mid-game boards,
/// whose runs are short); each run's character is looked up once.
#[inline(always)]
fn push_row<const N: usize>(buf: &mut [u8; N], mut len: usize, row: &[Cell]) -> usize {
    let [first, rest @ ..] = row else { return len };
    let mut run = *first;
    let mut n = 1u32;
    for &cell in rest {
        if cell == run {
            n += 1;
        } else {
            len = push_buffered_run(buf, len, run, n);
            run = cell;
            n = 1;
        }
    }
    push_buffered_run(buf, len, run, n)
}

/// The canonical text of a board too wide for [`BUFFER`] (255 columns), run by run
/// straight into the sink.
#[cold]
#[inline(never)]
fn write_unbuffered<S: Sink + ?Sized>(position: &Position, out: &mut S) {
    for (r, row) in position.board.iter_rows().enumerate() {
        if r > 0 {
            out.push_ascii(b'/');
        }
        let mut rest = row;
        while let [cell, ..] = rest {
            let len = rest.iter().take_while(|c| *c == cell).count();
            push_run(out, *cell, len);
            rest = &rest[len..];
        }
    }
    out.push_ascii(b' ');
    out.push_ascii(side_byte(position.to_move));
}

/// [`push_run`] into the writer's buffer at `len`: the length after it.
#[inline(always)]
fn push_buffered_run<const N: usize>(
    buf: &mut [u8; N],
    mut len: usize,
    cell: Cell,
    n: u32,
) -> usize {
    if n >= 2 {
        if n < 10 {
            buf[len % N] = b'0' + n as u8;
            len += 1;
        } else {
            len = push_long_count(buf, len, n);
        }
    }
    buf[len % N] = BYTE_OF[usize::from(cell.rank())];
    len + 1
}

/// A run length of 10 to 255 into the writer's buffer at `len`: the length after it.
#[inline(never)]
fn push_long_count<const N: usize>(buf: &mut [u8; N], mut len: usize, n: u32) -> usize {
    if n >= 100 {
        buf[len % N] = b'0' + (n / 100 % 10) as u8;
        len += 1;
    }
    buf[len % N] = b'0' + (n / 10 % 10) as u8;
    buf[(len + 1) % N] = b'0' + (n % 10) as u8;
    len + 2
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// T3EN written the plain way: each row's runs (`chunk_by`), a count from 2.
    fn reference(t3en: &T3en) -> String {
        let board = &t3en.position().board;
        let rows: Vec<String> = board
            .iter_rows()
            .map(|row| {
                let mut text = String::new();
                for run in row.chunk_by(|a, b| a == b) {
                    push_run(&mut text, run[0], run.len());
                }
                text
            })
            .collect();
        let side = if t3en.position().to_move == gridnote_board::Player::One { 'x' } else { 'o' };
        format!("{} {side}", rows.join("/"))
    }

    /// Boards on each side of every buffer edge: the small buffer's last board (7×7),
    /// the first in the large buffer, the last whose text fits it in one piece (15×15),
    /// rows of 16 and 17 cells, the widest rows the buffer takes (254) and rows too wide
    /// for it (255); each all empty, alternating (the longest text, a byte per cell), in
    /// runs of every length up to 12, and with the longest counts.
    #[test]
    fn boards_across_the_buffer_edges_are_written_whole() {
        use gridnote_board::{Board, Player, Position};
        let kinds = [Cell::Void, Cell::Empty, Cell::ONE, Cell::TWO];
        for side in [1, 2, 7, 8, 9, 15, 16, 17, 31, 100, 253, 254, 255] {
            let patterns: [&dyn Fn(usize, usize) -> Cell; 4] = [
                &|_, _| Cell::Empty,
                &|r, c| kinds[(r + c) % 4],
                &|r, c| kinds[(r * side + c) / (1 + (r * side + c) % 12) % 4],
                &|r, c| if c == 0 || c + 1 == side { Cell::ONE } else { kinds[r % 4] },
            ];
            for (p, pattern) in patterns.iter().enumerate() {
                let board = Board::from_fn(side, side, pattern).unwrap();
                for player in Player::BOTH {
                    let t3en = T3en::new(Position::new(board.clone(), player)).unwrap();
                    let expected = reference(&t3en);
                    let mut text = String::from("<");
                    t3en.append_to(&mut text);
                    assert_eq!(text[1..], expected, "side {side}, pattern {p}");
                    let mut bytes = b">".to_vec();
                    t3en.append_to(&mut bytes);
                    assert_eq!(bytes[1..], *expected.as_bytes(), "side {side}, pattern {p}");
                    assert_eq!(t3en.to_string(), expected, "side {side}, pattern {p}");
                    assert_eq!(expected.parse::<T3en>().unwrap(), t3en, "side {side}");
                }
            }
        }
    }

    /// `Display` gives the writer's pieces to the formatter as they are: a board whose
    /// text is longer than the buffer arrives in two pieces, and a formatter error ends
    /// the text (later pieces are skipped) and is returned.
    #[test]
    fn display_hands_the_pieces_to_the_formatter_and_keeps_its_error() {
        use core::fmt::{self, Write as _};
        struct Pieces {
            got: Vec<String>,
            room: usize,
        }
        impl fmt::Write for Pieces {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                if self.got.len() == self.room {
                    return Err(fmt::Error);
                }
                self.got.push(s.to_owned());
                Ok(())
            }
        }
        let text = format!("{} o", ["x_o_x_o_x_o_x_o_x_o_"; 20].join("/"));
        let t3en: T3en = text.parse().unwrap();
        let mut all = Pieces { got: Vec::new(), room: usize::MAX };
        write!(all, "{t3en}").unwrap();
        assert_eq!(all.got.concat(), text);
        assert_eq!(all.got.len(), 2);
        assert!(all.got[0].len() <= BUFFER);
        let mut short = Pieces { got: Vec::new(), room: 1 };
        assert_eq!(write!(short, "{t3en}"), Err(fmt::Error));
        assert_eq!(short.got, [all.got[0].clone()]);
        let mut none = Pieces { got: Vec::new(), room: 0 };
        assert_eq!(write!(none, "{t3en}"), Err(fmt::Error));
        assert!(none.got.is_empty());
    }

    /// `with_text` gives the writer's whole text for every board whose length bound is at
    /// most 512 bytes (sides up to 22, across the 64- and 256-byte buffers too), and the
    /// state back, `f` not called, for larger ones.
    #[cfg(feature = "serde")]
    #[test]
    fn with_text_gives_the_whole_text_up_to_its_buffer() {
        use gridnote_board::{Board, Player, Position};
        let kinds = [Cell::Void, Cell::Empty, Cell::ONE, Cell::TWO];
        for side in (1..=24).chain([255]) {
            for pattern in 0..3 {
                let board = Board::from_fn(side, side, |r, c| match pattern {
                    0 => kinds[(r + c) % 4],
                    1 => kinds[(r * side + c) / 5 % 4],
                    _ => Cell::Empty,
                })
                .unwrap();
                let t3en = T3en::new(Position::new(board, Player::One)).unwrap();
                let whole = t3en.with_text(7, |seven, text| (seven, text.to_owned()));
                if written_bound(side, side) <= WHOLE_BUFFER {
                    assert_eq!(whole, Ok((7, t3en.to_string())), "side {side}");
                } else {
                    assert_eq!(whole, Err(7), "side {side}");
                }
            }
        }
        assert_eq!((written_bound(22, 22), written_bound(23, 23)), (507, 553));
    }

    /// Rows whose texts have every length (alternating cells, then one run), so that the
    /// text gathered reaches every length before a row and the buffer's edge falls at
    /// every place of a row, of the space and of the side.
    #[test]
    fn the_buffer_edge_falls_anywhere() {
        use gridnote_board::{Board, Player, Position};
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below as u64) as usize
        };
        for side in (1..=40).chain(250..=255) {
            for _ in 0..if side < 50 { 200 } else { 3 } {
                // The last row is often the longest text a row can have.
                let mut widths: Vec<usize> = (0..side).map(|_| next(side + 1)).collect();
                if next(2) == 0 {
                    widths[side - 1] = side;
                }
                let board = Board::from_fn(side, side, |r, c| match c < widths[r] {
                    true if c % 2 == 0 => Cell::ONE,
                    true => Cell::TWO,
                    false => Cell::Empty,
                })
                .unwrap();
                let t3en = T3en::new(Position::new(board, Player::Two)).unwrap();
                assert_eq!(t3en.to_string(), reference(&t3en), "side {side}");
            }
        }
    }
}
