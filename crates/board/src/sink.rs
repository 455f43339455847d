//! Where writers write: one small trait, [`Sink`], for `String`, `Vec<u8>` and (through
//! [`FmtSink`]) a `fmt::Formatter`, so that every writer is one generic `append_to` and
//! `Display` writes straight into the formatter, with no temporary `String`.
//!
//! The model is shakmaty's `AppendAscii`. Writing to a `String` or a `Vec<u8>` cannot
//! fail; a formatter's error is kept by [`FmtSink`] and returned by
//! [`FmtSink::finish`] (later writes are skipped).
//!
//! ```
//! use core::fmt;
//! use gridnote_board::sink::{FmtSink, Sink};
//!
//! struct Pair(u32, u32);
//!
//! impl Pair {
//!     fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
//!         gridnote_board::number::push_decimal(out, self.0);
//!         out.push(',');
//!         gridnote_board::number::push_decimal(out, self.1);
//!     }
//! }
//!
//! impl fmt::Display for Pair {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         let mut sink = FmtSink::new(f);
//!         self.append_to(&mut sink);
//!         sink.finish()
//!     }
//! }
//!
//! let mut bytes = Vec::new();
//! Pair(3, 14).append_to(&mut bytes);
//! assert_eq!(bytes, b"3,14");
//! assert_eq!(format!("[{:}]", Pair(0, 255)), "[0,255]");
//! ```

use core::fmt::{self, Write as _};

/// Something text can be appended to.
pub trait Sink {
    /// Appends one character.
    fn push(&mut self, c: char);
    /// Appends a string.
    fn push_str(&mut self, s: &str);
    /// A hint that about `additional` more bytes will be appended.
    fn reserve(&mut self, additional: usize) {
        let _ = additional;
    }
}

/// ```
/// use gridnote_board::sink::Sink;
/// let mut s = String::new();
/// Sink::push_str(&mut s, "a");
/// Sink::push(&mut s, 'b');
/// assert_eq!(s, "ab");
/// ```
impl Sink for String {
    #[inline]
    fn push(&mut self, c: char) {
        String::push(self, c);
    }

    #[inline]
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s);
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        String::reserve(self, additional);
    }
}

/// UTF-8 bytes.
///
/// ```
/// use gridnote_board::sink::Sink;
/// let mut v = Vec::new();
/// v.push_str("é");
/// Sink::push(&mut v, 'x');
/// assert_eq!(v, "éx".as_bytes());
/// ```
impl Sink for Vec<u8> {
    #[inline]
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            Vec::push(self, c as u8);
        } else {
            self.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }

    #[inline]
    fn push_str(&mut self, s: &str) {
        self.extend_from_slice(s.as_bytes());
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        Vec::reserve(self, additional);
    }
}

/// A `fmt::Formatter` as a [`Sink`]: writes go straight to the formatter; the first
/// error is kept, later writes are skipped, and [`finish`](FmtSink::finish) returns it.
///
/// ```
/// use core::fmt;
/// use gridnote_board::sink::{FmtSink, Sink};
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
}

impl<'a, 'f> FmtSink<'a, 'f> {
    /// A sink writing to `f`.
    ///
    /// ```
    /// # use core::fmt;
    /// # struct X;
    /// # impl fmt::Display for X {
    /// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    /// let sink = gridnote_board::sink::FmtSink::new(f);
    /// sink.finish()
    /// #     }
    /// # }
    /// ```
    pub fn new(f: &'a mut fmt::Formatter<'f>) -> FmtSink<'a, 'f> {
        FmtSink { f, result: Ok(()) }
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
    /// let mut sink = gridnote_board::sink::FmtSink::new(f);
    /// gridnote_board::sink::Sink::push(&mut sink, 'x');
    /// sink.finish()
    /// #     }
    /// # }
    /// assert_eq!(X.to_string(), "x");
    /// ```
    pub fn finish(self) -> fmt::Result {
        self.result
    }
}

impl Sink for FmtSink<'_, '_> {
    #[inline]
    fn push(&mut self, c: char) {
        if self.result.is_ok() {
            self.result = self.f.write_char(c);
        }
    }

    #[inline]
    fn push_str(&mut self, s: &str) {
        if self.result.is_ok() {
            self.result = self.f.write_str(s);
        }
    }
}

impl fmt::Debug for FmtSink<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FmtSink").field("result", &self.result).finish_non_exhaustive()
    }
}
