//! The writer: the canonical text (rank 1 first) and the inverted form (`starti:`).

use core::fmt;

use gridnote_text::sink::{AsciiWriter, FmtPieces, Sink};

use super::record::{EMPTY, PositionRecord};

impl PositionRecord {
    /// The inverted form (rows from the top), for `starti:`.
    ///
    /// ```
    /// let p: gridnote_board::tafl::PositionRecord = "/t2/3/3/".parse()?;
    /// assert_eq!(p.inverted().to_string(), "/3/3/t2/");
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn inverted(&self) -> Inverted<'_> {
        Inverted(self)
    }

    /// Appends the canonical text (rank 1 first; empty counts merged, decimal) to any
    /// [`Sink`] (a `String`, a `Vec<u8>`, or a formatter through [`FmtPieces`], as
    /// `Display` does), without the formatting machinery.
    ///
    /// ```
    /// let p: gridnote_board::tafl::PositionRecord = "/t2/3/1K1/".parse()?;
    /// let mut out = String::from("position ");
    /// p.append_to(&mut out);
    /// assert_eq!(out, "position /t2/3/1K1/");
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        self.append_rows(out, false);
    }

    /// A bound of the canonical text's length: at most one byte a square (a count covers
    /// at least as many squares as it has digits), a `/` a row and the first `/`.
    pub(crate) fn text_bound(&self) -> usize {
        let size = self.size();
        size * size + size + 1
    }

    /// The rows, rank 1 first or (`top_first`) the top rank first.
    #[inline]
    fn append_rows<S: Sink + ?Sized>(&self, out: &mut S, top_first: bool) {
        let size = self.size();
        out.reserve(self.text_bound());
        let mut w = AsciiWriter::<S, 256>::new(out);
        w.push(b'/');
        let mut rows = self.cells().chunks_exact(size);
        for _ in 0..size {
            let row = if top_first { rows.next_back() } else { rows.next() };
            let mut empty = 0u32;
            for &square in row.unwrap_or_default() {
                if square == EMPTY {
                    empty += 1;
                } else {
                    if empty > 0 {
                        w.push_decimal(empty);
                        empty = 0;
                    }
                    w.push(square);
                }
            }
            if empty > 0 {
                w.push_decimal(empty);
            }
            w.push(b'/');
        }
        // `w` flushes as it goes out of scope, in place (`finish` or `drop` would move it
        // and its buffer first).
    }
}

/// The inverted form of a position record (rows from the top), as `starti:` holds it.
///
/// ```
/// let p: gridnote_board::tafl::PositionRecord = "/1/".parse()?;
/// assert_eq!(p.inverted().to_string(), "/1/");
/// # Ok::<(), gridnote_board::tafl::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Inverted<'p>(&'p PositionRecord);

impl fmt::Display for Inverted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sink = FmtPieces::new(f);
        self.0.append_rows(&mut sink, true);
        sink.finish()
    }
}

impl fmt::Display for PositionRecord {
    /// The canonical text ([`PositionRecord::append_to`]): the writer's pieces go to the
    /// formatter as they are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sink = FmtPieces::new(f);
        self.append_to(&mut sink);
        sink.finish()
    }
}

impl fmt::Debug for PositionRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PositionRecord({self})")
    }
}
