//! A `fmt::Formatter` as a [`Sink`]: [`FmtSink`] gathers small appends and gives them to
//! the formatter in chunks, [`FmtPieces`] gives each whole piece as it comes.

use core::fmt;

use super::base::Sink;

/// A formatter as a [`Sink`] for a writer that gathers its text in a buffer of its own
/// and appends it in whole pieces ([`write_ascii`](crate::sink::write_ascii)): each piece goes to the formatter at
/// once, with no second buffer and no second check as UTF-8 ([`FmtSink`] gathers small
/// appends first). The first error is kept, later text skipped, and
/// [`finish`](FmtPieces::finish) returns it. For a writer that appends whole pieces this
/// costs less than [`FmtSink`]'s gathering.
///
/// ```
/// use core::fmt;
/// use gridnote_text::sink::{FmtPieces, write_ascii};
/// struct Two;
/// impl fmt::Display for Two {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         let mut sink = FmtPieces::new(f);
///         write_ascii(&mut sink, b"3_/3_/");
///         write_ascii(&mut sink, b"3_ x");
///         sink.finish()
///     }
/// }
/// assert_eq!(Two.to_string(), "3_/3_/3_ x");
/// ```
pub struct FmtPieces<'a, 'f> {
    f: &'a mut fmt::Formatter<'f>,
    result: fmt::Result,
}

impl<'a, 'f> FmtPieces<'a, 'f> {
    /// A sink writing to `f`.
    ///
    /// ```
    /// # use core::fmt;
    /// # struct X;
    /// # impl fmt::Display for X {
    /// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    /// let sink = gridnote_text::sink::FmtPieces::new(f);
    /// sink.finish()
    /// #     }
    /// # }
    /// ```
    #[inline]
    pub fn new(f: &'a mut fmt::Formatter<'f>) -> FmtPieces<'a, 'f> {
        FmtPieces { f, result: Ok(()) }
    }

    /// The first error a write met, if any.
    ///
    /// # Errors
    /// The formatter's error.
    ///
    /// ```
    /// # use core::fmt;
    /// # struct X;
    /// # impl fmt::Display for X {
    /// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    /// let mut sink = gridnote_text::sink::FmtPieces::new(f);
    /// gridnote_text::sink::Sink::push_str(&mut sink, "x");
    /// sink.finish()
    /// #     }
    /// # }
    /// assert_eq!(X.to_string(), "x");
    /// ```
    #[inline]
    pub fn finish(self) -> fmt::Result {
        self.result
    }
}

impl Sink for FmtPieces<'_, '_> {
    #[inline]
    fn push(&mut self, c: char) {
        if self.result.is_ok() {
            self.result = fmt::Write::write_char(self.f, c);
        }
    }

    #[inline]
    fn push_str(&mut self, s: &str) {
        if self.result.is_ok() {
            self.result = self.f.write_str(s);
        }
    }
}

impl fmt::Debug for FmtPieces<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FmtPieces").field("result", &self.result).finish_non_exhaustive()
    }
}

/// A `fmt::Formatter` as a [`Sink`]: writes go straight to the formatter; the first
/// error is kept, later writes are skipped, and [`finish`](FmtSink::finish) returns it.
///
/// ```
/// use core::fmt;
/// use gridnote_text::sink::{FmtSink, Sink};
/// struct Hello;
/// impl fmt::Display for Hello {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         let mut sink = FmtSink::new(f);
///         sink.push_str("hello");
///         sink.finish()
///     }
/// }
/// assert_eq!(Hello.to_string(), "hello");
/// ```
pub struct FmtSink<'a, 'f> {
    f: &'a mut fmt::Formatter<'f>,
    result: fmt::Result,
    /// Text not yet given to the formatter: whole characters only, so always UTF-8.
    buf: [u8; FMT_BUFFER],
    len: usize,
}

/// How many bytes [`FmtSink`] gathers before it calls the formatter: one call per chunk
/// instead of one per character, which would cost `Display` several times the writer.
const FMT_BUFFER: usize = 64;

impl<'a, 'f> FmtSink<'a, 'f> {
    /// A sink writing to `f`.
    ///
    /// ```
    /// # use core::fmt;
    /// # struct X;
    /// # impl fmt::Display for X {
    /// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    /// let sink = gridnote_text::sink::FmtSink::new(f);
    /// sink.finish()
    /// #     }
    /// # }
    /// ```
    pub fn new(f: &'a mut fmt::Formatter<'f>) -> FmtSink<'a, 'f> {
        FmtSink { f, result: Ok(()), buf: [0; FMT_BUFFER], len: 0 }
    }

    /// Gives the gathered text to the formatter.
    #[inline(never)]
    fn flush(&mut self) {
        let len = core::mem::replace(&mut self.len, 0);
        if len == 0 || self.result.is_err() {
            return;
        }
        // Only whole characters were gathered, so this is always valid UTF-8; an error
        // here would be a bug, reported as a formatting error rather than a panic.
        self.result = match core::str::from_utf8(&self.buf[..len]) {
            Ok(text) => self.f.write_str(text),
            Err(_) => Err(fmt::Error),
        };
    }

    /// The first error a write met, if any.
    ///
    /// # Errors
    /// The formatter's error.
    ///
    /// ```
    /// # use core::fmt;
    /// # struct X;
    /// # impl fmt::Display for X {
    /// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    /// let mut sink = gridnote_text::sink::FmtSink::new(f);
    /// gridnote_text::sink::Sink::push(&mut sink, 'x');
    /// sink.finish()
    /// #     }
    /// # }
    /// assert_eq!(X.to_string(), "x");
    /// ```
    pub fn finish(mut self) -> fmt::Result {
        self.flush();
        self.result
    }
}

/// Text still gathered when a sink is dropped without [`FmtSink::finish`] is written then
/// (its error, if any, is lost: call `finish` to see it).
impl Drop for FmtSink<'_, '_> {
    fn drop(&mut self) {
        self.flush();
    }
}

impl Sink for FmtSink<'_, '_> {
    #[inline]
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            self.push_ascii(c as u8);
        } else {
            self.push_str(c.encode_utf8(&mut [0; 4]));
        }
    }

    #[inline]
    fn push_str(&mut self, s: &str) {
        let bytes = s.as_bytes();
        if bytes.len() <= FMT_BUFFER - self.len {
            self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
            self.len += bytes.len();
        } else {
            self.flush();
            if self.result.is_ok() {
                self.result = self.f.write_str(s);
            }
        }
    }

    #[inline]
    fn push_ascii(&mut self, byte: u8) {
        if self.len == FMT_BUFFER {
            self.flush();
        }
        // `len < FMT_BUFFER` here; the check below is the compiler's, never taken.
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = byte & 0x7F;
            self.len += 1;
        }
    }
}

impl fmt::Debug for FmtSink<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FmtSink")
            .field("result", &self.result)
            .field("pending", &self.len)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::{FMT_BUFFER, FmtPieces, FmtSink};
    use crate::sink::base::Sink;
    use core::fmt::{self, Write as _};

    /// Writes `parts` through a [`FmtSink`], calling `finish` or only dropping the sink.
    struct Parts<'a>(&'a [&'a str], bool);

    impl fmt::Display for Parts<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let mut sink = FmtSink::new(f);
            for part in self.0 {
                match part.len() {
                    1 if part.is_ascii() => sink.push_ascii(part.as_bytes()[0]),
                    _ if part.chars().count() == 1 => sink.push(part.chars().next().unwrap()),
                    _ => sink.push_str(part),
                }
            }
            if self.1 { sink.finish() } else { Ok(()) }
        }
    }

    #[test]
    fn text_across_the_buffer_edge_arrives_whole_and_in_order() {
        let long = "y".repeat(FMT_BUFFER + 3);
        let exact = "z".repeat(FMT_BUFFER);
        let parts = ["a", "é", "bc", &long, "€", &exact, "d", "😀", "e"];
        let expected: String = parts.concat();
        for finish in [true, false] {
            assert_eq!(Parts(&parts, finish).to_string(), expected);
        }
        let many: Vec<&str> = core::iter::repeat_n("x", 3 * FMT_BUFFER + 1).collect();
        assert_eq!(Parts(&many, true).to_string(), "x".repeat(3 * FMT_BUFFER + 1));
    }

    /// A writer that accepts `room` bytes, then fails.
    struct Full {
        room: usize,
        got: String,
        calls: usize,
    }

    impl fmt::Write for Full {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.calls += 1;
            if s.len() > self.room {
                return Err(fmt::Error);
            }
            self.room -= s.len();
            self.got.push_str(s);
            Ok(())
        }
    }

    #[test]
    fn the_formatter_error_is_returned_and_later_text_skipped() {
        let long = "q".repeat(2 * FMT_BUFFER);
        let mut full = Full { room: 10, got: String::new(), calls: 0 };
        let result = write!(full, "{}", Parts(&["abc", &long, "tail"], true));
        assert_eq!(result, Err(fmt::Error));
        // "abc" was gathered and written before the long part, which failed; the tail
        // was never written.
        assert_eq!(full.got, "abc");
        assert_eq!(full.calls, 2);
    }

    #[test]
    fn short_text_is_one_call() {
        let mut full = Full { room: 100, got: String::new(), calls: 0 };
        write!(full, "{}", Parts(&["2", "_", "o", "/", "_x_/3_ x"], true)).unwrap();
        assert_eq!((full.got.as_str(), full.calls), ("2_o/_x_/3_ x", 1));
    }

    /// Writes `parts` through a [`FmtPieces`], each as a piece (`push` for one character).
    struct Pieces<'a>(&'a [&'a str]);

    impl fmt::Display for Pieces<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let mut sink = FmtPieces::new(f);
            for part in self.0 {
                match part.chars().count() {
                    1 => sink.push(part.chars().next().unwrap()),
                    _ => sink.push_str(part),
                }
            }
            sink.finish()
        }
    }

    #[test]
    fn fmt_pieces_gives_each_piece_as_it_is_and_keeps_the_first_error() {
        let parts = ["3_/", "é", "", "_x_/3_ x"];
        let mut all = Full { room: 100, got: String::new(), calls: 0 };
        write!(all, "{}", Pieces(&parts)).unwrap();
        assert_eq!((all.got.as_str(), all.calls), ("3_/é_x_/3_ x", 4));
        // The second piece does not fit: the error is returned and the rest skipped.
        let mut full = Full { room: 4, got: String::new(), calls: 0 };
        assert_eq!(write!(full, "{}", Pieces(&["3_/", "xo", "o"])), Err(fmt::Error));
        assert_eq!((full.got.as_str(), full.calls), ("3_/", 2));
    }
}
