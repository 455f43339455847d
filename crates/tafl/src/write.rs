//! The writer: canonical TSN and TEN text, appended to a `String` without going through
//! the formatting machinery.

use core::fmt;
use core::str::FromStr;
use gridnote_board::sink::{AsciiWriter, FmtSink, Sink};

use gridnote_board::{Cell, Player};

use crate::error::ParseError;
use crate::grammar;
use crate::model::{Extension, Ten, Tsn};

/// The most empty squares one count character describes (`Z`).
const MAX_RUN: usize = 35;

impl Tsn {
    /// Appends the canonical TSN text: single spaces, rows from the bottom up, and empty
    /// runs in the fewest count characters (`Z` = 35 as often as needed, then the
    /// remainder: 36 empty squares are `Z1`).
    ///
    /// ```
    /// let tsn: gridnote_tafl::Tsn = "3 4 111/12/k2 a 1 0 ignored".parse()?;
    /// let mut out = String::from("position: ");
    /// tsn.write_to(&mut out);
    /// assert_eq!(out, "position: 3 4 3/3/k2 a 1 0");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.append_to(out);
    }

    /// Appends the canonical TSN text to any [`Sink`] (a `String`, a `Vec<u8>`, or a
    /// formatter through [`FmtSink`], as `Display` does).
    ///
    /// ```
    /// let tsn: gridnote_tafl::Tsn = "3 4 3/1a1/2d a 3 2".parse()?;
    /// let mut bytes = Vec::new();
    /// tsn.append_to(&mut bytes);
    /// assert_eq!(bytes, b"3 4 3/1a1/2d a 3 2");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        let board = self.board();
        let size = board.rows();
        // Five numbers of at most 10 digits, separators and the side, then the rows.
        out.reserve(60 + rows_bound(size));
        // Gathered on the stack and appended in pieces: a push into a `String` reloads and
        // checks its length and capacity every time.
        let mut w = AsciiWriter::<S, WRITE_BUFFER>::new(out);
        w.push_decimal(size as u32);
        w.push(b' ');
        w.push_decimal(self.defenders());
        w.push(b' ');
        // Rows from the bottom (the board's last row) to the top.
        for (i, row) in board.iter_rows().rev().enumerate() {
            if i > 0 {
                w.push(b'/');
            }
            push_row(&mut w, row);
        }
        w.push(b' ');
        w.push(match self.to_move() {
            Player::One => b'a',
            Player::Two => b'd',
        });
        w.push(b' ');
        w.push_decimal(self.ply());
        w.push(b' ');
        w.push_decimal(self.since_capture());
        w.finish();
    }
}

impl Extension {
    /// Appends the extension's text: `-`, or `identifier:version:data`.
    ///
    /// ```
    /// use gridnote_tafl::Extension;
    /// let mut out = String::new();
    /// Extension::custom("id", "2", "k=v")?.write_to(&mut out);
    /// Extension::None.write_to(&mut out);
    /// assert_eq!(out, "id:2:k=v-");
    /// # Ok::<(), gridnote_tafl::ModelError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.append_to(out);
    }

    /// Appends the extension field to any [`Sink`].
    ///
    /// ```
    /// let mut bytes = Vec::new();
    /// gridnote_tafl::Extension::None.append_to(&mut bytes);
    /// assert_eq!(bytes, b"-");
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        match self {
            Extension::None => out.push('-'),
            Extension::Custom { identifier, version, data } => {
                out.reserve(identifier.len() + version.len() + data.len() + 2);
                out.push_str(identifier);
                out.push(':');
                out.push_str(version);
                out.push(':');
                out.push_str(data);
            }
        }
    }
}

impl Ten {
    /// Appends the canonical TEN text: the canonical TSN text, a space and the extension.
    ///
    /// ```
    /// let ten: gridnote_tafl::Ten = "1 4 1 a 1 0 -  \n".parse()?;
    /// let mut out = String::new();
    /// ten.write_to(&mut out);
    /// assert_eq!(out, "1 4 1 a 1 0 -");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.append_to(out);
    }

    /// Appends the canonical TEN text to any [`Sink`].
    ///
    /// ```
    /// let ten: gridnote_tafl::Ten = "3 4 3/1a1/2d a 3 2 -".parse()?;
    /// let mut bytes = Vec::new();
    /// ten.append_to(&mut bytes);
    /// assert_eq!(bytes, b"3 4 3/1a1/2d a 3 2 -");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        out.reserve(self.extension_len() + 1);
        self.tsn().append_to(out);
        out.push(' ');
        self.extension().append_to(out);
    }
}

/// An upper bound of the rows field's length, reserved at once: a row takes at most one
/// byte per square (a count character covers one square or more), and a `/` between rows.
const fn rows_bound(size: usize) -> usize {
    size * size + size - 1
}

/// The writer's buffer: the text of boards up to 15×15 goes to the sink in one piece.
const WRITE_BUFFER: usize = 256;

/// One row, left to right, with maximal empty runs.
#[inline(always)]
fn push_row<S: Sink + ?Sized>(w: &mut AsciiWriter<'_, S, WRITE_BUFFER>, row: &[Cell]) {
    let mut empty = 0usize;
    for &cell in row {
        if cell.is_piece() {
            if empty > 0 {
                push_empty(w, empty);
                empty = 0;
            }
            w.push(PIECES[usize::from(cell.rank())]);
        } else {
            // A Tsn holds no void cell (Tsn::new rejects them); only empties reach here.
            empty += 1;
        }
    }
    if empty > 0 {
        push_empty(w, empty);
    }
}

/// `n` (at least 1: callers check) empty squares in the fewest count characters: `Z`s, then the
/// remainder.
#[inline(always)]
fn push_empty<S: Sink + ?Sized>(w: &mut AsciiWriter<'_, S, WRITE_BUFFER>, mut n: usize) {
    while n > MAX_RUN {
        w.push(b'Z');
        n -= MAX_RUN;
    }
    w.push(COUNTS[n]);
}

/// The base-36 count character for 1..=35 squares.
const COUNTS: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The letter of each piece a Tsn holds, by [`Cell::rank`]: `a` attacker, `d` defender,
/// `k` king. `Tsn::new` lets no other cell in; their entries are never written.
const PIECES: [u8; 256] = {
    let mut letters = [b'?'; 256];
    letters[Cell::OneMan.index()] = b'a';
    letters[Cell::TwoMan.index()] = b'd';
    letters[Cell::TwoKing.index()] = b'k';
    letters
};

impl Ten {
    /// The length of the extension's text.
    fn extension_len(&self) -> usize {
        match self.extension() {
            Extension::None => 1,
            Extension::Custom { identifier, version, data } => {
                identifier.len() + version.len() + data.len() + 2
            }
        }
    }
}

impl fmt::Display for Tsn {
    /// The canonical text ([`Tsn::write_to`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sink = FmtSink::new(f);
        self.append_to(&mut sink);
        sink.finish()
    }
}

impl fmt::Display for Ten {
    /// The canonical text ([`Ten::write_to`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sink = FmtSink::new(f);
        self.append_to(&mut sink);
        sink.finish()
    }
}

impl fmt::Display for Extension {
    /// `-` or `identifier:version:data` ([`Extension::write_to`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Extension::None => f.write_str("-"),
            Extension::Custom { identifier, version, data } => {
                f.write_str(identifier)?;
                f.write_str(":")?;
                f.write_str(version)?;
                f.write_str(":")?;
                f.write_str(data)
            }
        }
    }
}

impl FromStr for Tsn {
    type Err = ParseError;

    /// Reads TSN: six fields separated by single spaces. Trailing whitespace and any
    /// fields after the sixth (such as a TEN extension) are ignored.
    ///
    /// ```
    /// use gridnote_tafl::Tsn;
    /// let tsn: Tsn = "1 4 k a 1 0 - more\n".parse()?;
    /// assert_eq!(tsn.to_string(), "1 4 k a 1 0");
    /// assert!("1 4 k a 1".parse::<Tsn>().is_err());
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<Tsn, ParseError> {
        // The one-pass reader takes plainly well-formed text; the grammar the rest.
        crate::fast::read_tsn(text).map_or_else(|| grammar::read_tsn(text), Ok)
    }
}

impl FromStr for Ten {
    type Err = ParseError;

    /// Reads TEN: exactly seven fields separated by single spaces, then only whitespace.
    ///
    /// ```
    /// use gridnote_tafl::Ten;
    /// assert!("1 4 k a 1 0 -\n".parse::<Ten>().is_ok());
    /// assert!("1 4 k a 1 0".parse::<Ten>().is_err());
    /// assert!("1 4 k a 1 0 - more".parse::<Ten>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Ten, ParseError> {
        crate::fast::read_ten(text).map_or_else(|| grammar::read_ten(text), Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridnote_board::Board;
    use gridnote_board::number::push_decimal;

    #[test]
    fn empty_runs_use_the_fewest_characters() {
        let cases = [
            (1, "1"),
            (9, "9"),
            (10, "A"),
            (35, "Z"),
            (36, "Z1"),
            (45, "ZA"),
            (70, "ZZ"),
            (71, "ZZ1"),
            (255, "ZZZZZZZA"),
        ];
        for (n, text) in cases {
            let mut out = String::new();
            let mut w = AsciiWriter::new(&mut out);
            push_empty(&mut w, n);
            w.finish();
            assert_eq!(out, text, "{n} empty squares");
        }
    }

    #[test]
    fn the_rows_bound_holds() {
        for text in [
            "1 4 k a 1 0",
            "3 4 3/1k1/a2 a 1 0",
            "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0",
            "3 4 aaa/ddd/aka d 9 3",
        ] {
            let tsn: Tsn = text.parse().unwrap();
            let rows = tsn.to_string().split(' ').nth(2).map_or(0, str::len);
            assert!(rows <= rows_bound(tsn.board().rows()), "{text}");
            assert_eq!(tsn.to_string(), text);
        }
        // A full board reaches the bound.
        assert_eq!(rows_bound(3), "aaa/ddd/aka".len());
        let big = Tsn::new(Board::new(255, 255).unwrap(), 4, Player::One, 1, 0).unwrap();
        assert_eq!(big.to_string().len(), "255 4 ".len() + 255 * 8 + 254 + " a 1 0".len());
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 1, 9, 10, 255, 1_000_000, u32::MAX] {
            let mut out = String::new();
            push_decimal(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }
}
