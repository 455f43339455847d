//! Where writers write: one small trait, [`Sink`], for `String`, `Vec<u8>` and (through
//! [`FmtSink`]) a `fmt::Formatter`, so that every writer is one generic `append_to` and
//! `Display` writes straight into the formatter, with no temporary `String`.
//!
//! The model is shakmaty's `AppendAscii`. Writing to a `String` or a `Vec<u8>` cannot
//! fail; a formatter's error is kept by [`FmtSink`] and returned by
//! [`FmtSink::finish`] (later writes are skipped). [`FmtSink`] gathers up to 64 bytes on
//! the stack and gives them to the formatter in one call, so `Display` costs about what
//! the writer costs; writers with byte tables append through [`Sink::push_ascii`].
//! [`FmtPieces`] is the formatter for writers that gather their text themselves, and
//! [`StackText`] gathers a short text on the stack to give it whole as one `&str` (to the
//! formatter, or to serde's `serialize_str` through `serialize_text`).
//!
//! ```
//! use core::fmt;
//! use gridnote_text::sink::{FmtSink, Sink};
//!
//! struct Pair(u32, u32);
//!
//! impl Pair {
//!     fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
//!         gridnote_text::number::push_decimal(out, self.0);
//!         out.push(',');
//!         gridnote_text::number::push_decimal(out, self.1);
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

use core::fmt;

/// Something text can be appended to.
pub trait Sink {
    /// Appends one character.
    fn push(&mut self, c: char);
    /// Appends a string.
    fn push_str(&mut self, s: &str);
    /// Appends one ASCII character given as a byte: writers with byte tables call this,
    /// which spares the sink the check for a multi-byte character. Only the low seven bits
    /// count (`byte & 0x7F`), so what is written is always ASCII.
    ///
    /// ```
    /// use gridnote_text::sink::Sink;
    /// let mut s = String::new();
    /// s.push_ascii(b'x');
    /// s.push_ascii(b'3');
    /// assert_eq!(s, "x3");
    /// ```
    #[inline]
    fn push_ascii(&mut self, byte: u8) {
        self.push(char::from(byte & 0x7F));
    }
    /// Appends formatted text (`format_args!`), for the parts of a writer that show
    /// values through their `Display`. An error a `Display` implementation returns ends
    /// that value's text; the sink goes on.
    ///
    /// ```
    /// use gridnote_text::sink::Sink;
    /// let mut out = Vec::new();
    /// out.push_fmt(format_args!("{} to move", "Player Two"));
    /// assert_eq!(out, b"Player Two to move");
    /// ```
    fn push_fmt(&mut self, args: fmt::Arguments<'_>) {
        /// `fmt::Write` over any sink.
        struct Adapter<'s, S: ?Sized>(&'s mut S);
        impl<S: Sink + ?Sized> fmt::Write for Adapter<'_, S> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0.push_str(s);
                Ok(())
            }
        }
        let _ = fmt::write(&mut Adapter(self), args);
    }
    /// A hint that about `additional` more bytes will be appended.
    fn reserve(&mut self, additional: usize) {
        let _ = additional;
    }
    /// Appends `bytes`, ASCII text a writer gathered in a buffer of its own, in one piece
    /// ([`write_ascii`] calls this). Should a byte not be ASCII, its low seven bits are
    /// written, as [`Sink::push_ascii`] does; a sink that checks its whole text as UTF-8
    /// anyway ([`StackText`]) takes the bytes as they are instead of checking them twice.
    ///
    /// ```
    /// use gridnote_text::sink::Sink;
    /// let mut s = String::from(">");
    /// s.push_ascii_bytes(b"3_/3_/3_ x");
    /// assert_eq!(s, ">3_/3_/3_ x");
    /// ```
    fn push_ascii_bytes(&mut self, bytes: &[u8]) {
        // Always ASCII (seven bits per byte), so always UTF-8; the fallback never runs.
        match core::str::from_utf8(bytes) {
            Ok(text) => self.push_str(text),
            Err(_) => bytes.iter().for_each(|&b| self.push_ascii(b)),
        }
    }
}

/// ```
/// use gridnote_text::sink::Sink;
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
    fn push_ascii(&mut self, byte: u8) {
        String::push(self, char::from(byte & 0x7F));
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        String::reserve(self, additional);
    }
}

/// UTF-8 bytes.
///
/// ```
/// use gridnote_text::sink::Sink;
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
    fn push_ascii(&mut self, byte: u8) {
        Vec::push(self, byte & 0x7F);
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        Vec::reserve(self, additional);
    }
}

/// A writer's text gathered on the stack, up to `N` bytes, to be handed on whole as one
/// `&str` ([`StackText::as_str`]): what `Serialize` implementations give
/// `serialize_str` (see [`serialize_text`]) and what `Display` gives the formatter in one
/// call, with no temporary `String`.
///
/// Text beyond `N` bytes is not kept: [`StackText::as_str`] is then `None`, and the caller
/// writes the text another way (through [`FmtSink`], or serde's `collect_str`).
/// [`StackText::len`] counts every byte appended, kept or not.
///
/// The bytes are 16-byte aligned and those past the text are ASCII, so `as_str` checks
/// the text as UTF-8 (the only safe way to a `&str`) in whole aligned words, once:
/// `core::str::from_utf8` of padded, aligned bytes costs less than of the bare text.
///
/// ```
/// use gridnote_text::sink::{Sink, StackText};
/// let mut text = StackText::<16>::new();
/// text.push_str("2_o/_x_/");
/// text.push_ascii(b'3');
/// assert_eq!(text.as_str(), Some("2_o/_x_/3"));
/// text.push_str("_/3_ x and more");
/// assert_eq!((text.as_str(), text.len()), (None, 24));
/// ```
#[derive(Clone)]
#[repr(C, align(16))]
pub struct StackText<const N: usize> {
    /// The text, then bytes that are all ASCII (zeros, or a caller's ASCII padding).
    bytes: [u8; N],
    /// Bytes appended; more than `N` when some were not kept.
    len: usize,
}

impl<const N: usize> StackText<N> {
    /// An empty text.
    ///
    /// ```
    /// let text = gridnote_text::sink::StackText::<64>::new();
    /// assert_eq!(text.as_str(), Some(""));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn new() -> StackText<N> {
        StackText { bytes: [0; N], len: 0 }
    }

    /// The first `len` of `bytes` as the text, for a writer that fills a whole array
    /// itself (say, with word operations): every byte is taken as ASCII (its low seven
    /// bits, as [`Sink::push_ascii`] does), and a `len` over `N` keeps none.
    ///
    /// ```
    /// use gridnote_text::sink::StackText;
    /// let text = StackText::from_ascii(*b"120120000-------", 9);
    /// assert_eq!(text.as_str(), Some("120120000"));
    /// assert_eq!(StackText::from_ascii([b'x'; 4], 5).as_str(), None);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn from_ascii(mut bytes: [u8; N], len: usize) -> StackText<N> {
        for byte in &mut bytes {
            *byte &= 0x7F;
        }
        StackText { bytes, len }
    }

    /// How many bytes were appended, including any beyond `N` that were not kept.
    ///
    /// ```
    /// use gridnote_text::sink::{Sink, StackText};
    /// let mut text = StackText::<4>::new();
    /// text.push_str("three");
    /// assert_eq!(text.len(), 5);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing was appended.
    ///
    /// ```
    /// assert!(gridnote_text::sink::StackText::<4>::new().is_empty());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The text, or `None` when more than `N` bytes were appended (or bytes given by
    /// [`Sink::push_ascii_bytes`], taken unchecked, are not UTF-8).
    ///
    /// ```
    /// use gridnote_text::sink::{Sink, StackText};
    /// let mut text = StackText::<3>::new();
    /// text.push_str("abc");
    /// assert_eq!(text.as_str(), Some("abc"));
    /// text.push('d');
    /// assert_eq!(text.as_str(), None);
    /// let mut bad = StackText::<8>::new();
    /// bad.push_ascii_bytes(b"ab\xFF");
    /// assert_eq!(bad.as_str(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        let kept = self.bytes.get(..self.len)?;
        // The text and the ASCII bytes after it up to a multiple of 16 (or `N`): UTF-8 as
        // a whole, checked in aligned words. The text ends at a character's end, so `len`
        // is a boundary of it.
        let padded = self.len.next_multiple_of(16).min(N);
        match core::str::from_utf8(self.bytes.get(..padded).unwrap_or(kept)) {
            Ok(text) => text.get(..self.len),
            // Never taken (the bytes after the text are ASCII); the text alone otherwise.
            Err(_) => core::str::from_utf8(kept).ok(),
        }
    }
}

impl<const N: usize> Default for StackText<N> {
    /// [`StackText::new`].
    ///
    /// ```
    /// assert!(gridnote_text::sink::StackText::<8>::default().is_empty());
    /// ```
    fn default() -> StackText<N> {
        StackText::new()
    }
}

impl<const N: usize> fmt::Debug for StackText<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StackText").field("text", &self.as_str()).field("len", &self.len).finish()
    }
}

/// Bytes beyond `N` are counted and dropped.
///
/// ```
/// use gridnote_text::sink::{Sink, StackText};
/// let mut text = StackText::<8>::new();
/// text.push('é');
/// text.push_ascii(b'!');
/// assert_eq!(text.as_str(), Some("é!"));
/// ```
impl<const N: usize> Sink for StackText<N> {
    #[inline(always)]
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            self.push_ascii(c as u8);
        } else {
            self.push_str(c.encode_utf8(&mut [0; 4]));
        }
    }

    #[inline(always)]
    fn push_str(&mut self, s: &str) {
        let end = self.len.saturating_add(s.len());
        if let Some(room) = self.bytes.get_mut(self.len..end) {
            room.copy_from_slice(s.as_bytes());
        }
        self.len = end;
    }

    #[inline(always)]
    fn push_ascii(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte & 0x7F;
        }
        self.len += 1;
    }

    /// The bytes as they are, unchecked: [`StackText::as_str`] checks the whole text as
    /// UTF-8 once (a text that is not gives `None`, as one that overflows does).
    #[inline(always)]
    fn push_ascii_bytes(&mut self, bytes: &[u8]) {
        let end = self.len.saturating_add(bytes.len());
        if let Some(room) = self.bytes.get_mut(self.len..end) {
            room.copy_from_slice(bytes);
        }
        self.len = end;
    }
}

/// Serializes the text `write` appends as one string: gathered in a [`StackText`] of `N`
/// bytes and given to `serialize_str` when `bound` (the most bytes the text can take) is
/// at most `N` and the text fits; otherwise `collect_str(value)`, so a long text goes
/// through `value`'s `Display` in pieces, still with no temporary `String`.
///
/// ```
/// use core::fmt;
/// use gridnote_text::sink::{Sink, StackText, serialize_text};
///
/// struct Word(&'static str);
/// impl Word {
///     fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
///         out.push_str(self.0);
///     }
/// }
/// impl fmt::Display for Word {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         f.write_str(self.0)
///     }
/// }
/// impl serde::Serialize for Word {
///     fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
///         serialize_text::<S, 8>(serializer, self, self.0.len(), |text| self.append_to(text))
///     }
/// }
/// assert_eq!(serde_json::to_string(&Word("short"))?, r#""short""#);
/// assert_eq!(serde_json::to_string(&Word("longer than eight"))?, r#""longer than eight""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
///
/// # Errors
/// The serializer's.
#[cfg(feature = "serde")]
#[inline]
pub fn serialize_text<S: serde::Serializer, const N: usize>(
    serializer: S,
    value: &(impl fmt::Display + ?Sized),
    bound: usize,
    write: impl FnOnce(&mut StackText<N>),
) -> Result<S::Ok, S::Error> {
    if bound <= N {
        let mut text = StackText::<N>::new();
        write(&mut text);
        if let Some(text) = text.as_str() {
            return serializer.serialize_str(text);
        }
    }
    serializer.collect_str(value)
}

/// A formatter as a [`Sink`] for a writer that gathers its text in a buffer of its own
/// and appends it in whole pieces ([`write_ascii`]): each piece goes to the formatter at
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

/// A small stack buffer in front of a [`Sink`], for writers that append one ASCII byte
/// at a time: the byte goes to a local array (its length stays in a register) and the
/// sink gets whole chunks of `N` bytes through [`Sink::push_str`]. Call
/// [`AsciiWriter::finish`] (dropping the writer also writes what is left).
///
/// Bytes are written as ASCII: only their low seven bits count, as for
/// [`Sink::push_ascii`].
///
/// ```
/// use gridnote_text::sink::AsciiWriter;
/// let mut out = String::from(">");
/// let mut w = AsciiWriter::<_, 4>::new(&mut out);
/// for &b in b"2_o/_x_/3_ x" {
///     w.push(b);
/// }
/// w.finish();
/// assert_eq!(out, ">2_o/_x_/3_ x");
/// ```
pub struct AsciiWriter<'a, S: Sink + ?Sized, const N: usize = 128> {
    out: &'a mut S,
    buf: [u8; N],
    len: usize,
}

impl<'a, S: Sink + ?Sized, const N: usize> AsciiWriter<'a, S, N> {
    /// A writer appending to `out`.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// gridnote_text::sink::AsciiWriter::<_>::new(&mut out).push(b'x');
    /// assert_eq!(out, b"x");
    /// ```
    #[inline(always)]
    pub fn new(out: &'a mut S) -> AsciiWriter<'a, S, N> {
        AsciiWriter { out, buf: [0; N], len: 0 }
    }

    /// Appends the ASCII character `byte & 0x7F`.
    ///
    /// ```
    /// let mut out = String::new();
    /// let mut w = gridnote_text::sink::AsciiWriter::<_, 2>::new(&mut out);
    /// w.push(b'a');
    /// w.push(b'b');
    /// w.push(b'c');
    /// w.finish();
    /// assert_eq!(out, "abc");
    /// ```
    #[inline(always)]
    pub fn push(&mut self, byte: u8) {
        if self.len >= N {
            self.flush();
        }
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = byte & 0x7F;
            self.len += 1;
        }
    }

    /// Appends `n` in decimal.
    ///
    /// ```
    /// let mut out = String::new();
    /// let mut w = gridnote_text::sink::AsciiWriter::<_>::new(&mut out);
    /// for n in [7, 10, 255, 1000, 4_294_967_295] {
    ///     w.push_decimal(n);
    ///     w.push(b' ');
    /// }
    /// w.finish();
    /// assert_eq!(out, "7 10 255 1000 4294967295 ");
    /// ```
    #[inline(always)]
    pub fn push_decimal(&mut self, n: u32) {
        if n < 10 {
            self.push(b'0' + n as u8);
        } else {
            self.push_digits(n);
        }
    }

    /// [`AsciiWriter::push_decimal`] of 10 or more, out of line: the one-digit case is
    /// the common one in run lengths, and inlining this grew the writers' loops.
    #[inline(never)]
    fn push_digits(&mut self, n: u32) {
        if n < 1000 {
            if n >= 100 {
                self.push(b'0' + (n / 100) as u8);
            }
            self.push(b'0' + (n / 10 % 10) as u8);
            self.push(b'0' + (n % 10) as u8);
        } else {
            self.flush();
            push_decimal(self.out, n);
        }
    }

    /// Writes what is gathered and ends.
    ///
    /// ```
    /// let mut out = String::new();
    /// let mut w = gridnote_text::sink::AsciiWriter::<_>::new(&mut out);
    /// w.push(b'o');
    /// w.finish();
    /// assert_eq!(out, "o");
    /// ```
    #[inline(always)]
    pub fn finish(mut self) {
        self.flush();
    }

    /// Gives the gathered bytes to the sink (cheaper as a method the compiler keeps out
    /// of line than as an inlined call of [`write_ascii`]).
    #[inline(never)]
    fn flush(&mut self) {
        let len = core::mem::replace(&mut self.len, 0);
        write_ascii(self.out, &self.buf[..len.min(N)]);
    }
}

/// Appends `bytes`, ASCII text a writer gathered in a buffer of its own, to `out` in one
/// piece. Should a byte not be ASCII, its low seven bits are written, as
/// [`Sink::push_ascii`] does.
///
/// ```
/// let mut out = String::new();
/// gridnote_text::sink::write_ascii(&mut out, b"3_/3_/3_ x");
/// assert_eq!(out, "3_/3_/3_ x");
/// ```
#[inline(never)]
pub fn write_ascii<S: Sink + ?Sized>(out: &mut S, bytes: &[u8]) {
    out.push_ascii_bytes(bytes);
}

impl<S: Sink + ?Sized, const N: usize> Drop for AsciiWriter<'_, S, N> {
    fn drop(&mut self) {
        if self.len > 0 {
            self.flush();
        }
    }
}

impl<S: Sink + ?Sized, const N: usize> fmt::Debug for AsciiWriter<'_, S, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AsciiWriter").field("pending", &self.len).finish_non_exhaustive()
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

/// Appends `n` in decimal to `out`, without the formatting machinery (the writers of
/// every format use it for counts and number fields).
///
/// ```
/// use gridnote_text::number::push_decimal;
/// let mut out = String::from("ply ");
/// push_decimal(&mut out, 4_294_967_295);
/// push_decimal(&mut out, 0);
/// assert_eq!(out, "ply 42949672950");
/// ```
pub fn push_decimal<S: Sink + ?Sized>(out: &mut S, n: u32) {
    // One digit (run lengths, sides, most counters) as one character.
    if n < 10 {
        out.push_ascii(b'0' + n as u8);
        return;
    }
    // Up to four digits (codes, sizes, counters): two-digit pairs from a table, each
    // appended at once.
    if n < 100 {
        out.push_str(pair(n));
        return;
    }
    if n < 10_000 {
        let (high, low) = (n / 100, n % 100);
        if high < 10 {
            out.push_ascii(b'0' + high as u8);
        } else {
            out.push_str(pair(high));
        }
        out.push_str(pair(low));
        return;
    }
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// `00` to `99`.
const PAIRS: &str = "00010203040506070809101112131415161718192021222324252627282930313233343536373839\
                     40414243444546474849505152535455565758596061626364656667686970717273747576777879\
                     8081828384858687888990919293949596979899";

/// The two digits of `n` (below 100).
#[inline]
fn pair(n: u32) -> &'static str {
    let at = 2 * n as usize;
    &PAIRS[at..at + 2]
}

#[cfg(test)]
mod tests {
    use super::{FMT_BUFFER, FmtPieces, FmtSink, Sink, StackText};
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

    #[test]
    fn push_ascii_writes_seven_bits() {
        let mut s = String::new();
        s.push_ascii(b'a' | 0x80);
        let mut v = Vec::new();
        v.push_ascii(b'b' | 0x80);
        assert_eq!((s.as_str(), v.as_slice()), ("a", b"b".as_slice()));
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

    /// `text` pushed into a `StackText<N>` in pieces of `step` characters (one character
    /// through `push_ascii` or `push`), the `str` it gives, and the length it counts.
    fn stacked<const N: usize>(text: &str, step: usize) -> (Option<String>, usize) {
        let mut stack = StackText::<N>::new();
        let chars: Vec<char> = text.chars().collect();
        for piece in chars.chunks(step) {
            match piece {
                [c] if c.is_ascii() => stack.push_ascii(*c as u8),
                [c] => stack.push(*c),
                _ => stack.push_str(&piece.iter().collect::<String>()),
            }
        }
        (stack.as_str().map(str::to_owned), stack.len())
    }

    #[test]
    fn stack_text_keeps_up_to_n_bytes_and_counts_the_rest() {
        for step in [1, 2, 5, 16, 100] {
            assert_eq!(stacked::<16>("", step), (Some(String::new()), 0));
            let exact = "0123456789abcdef";
            assert_eq!(stacked::<16>(exact, step), (Some(exact.to_owned()), 16), "{step}");
            assert_eq!(stacked::<16>("0123456789abcdefg", step), (None, 17), "{step}");
            assert_eq!(stacked::<16>(&"x".repeat(100), step), (None, 100), "{step}");
            // Lengths around every multiple of 16, the width the text is checked in.
            for len in [1, 15, 16, 17, 31, 32, 33, 47, 48] {
                let text: String = (0..len).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
                assert_eq!(stacked::<48>(&text, step), (Some(text.clone()), len), "{len}");
                assert_eq!(stacked::<20>(&text, step).0, (len <= 20).then_some(text), "{len}");
            }
            // Multi-byte characters: whole or not at all.
            let wide = "é€😀x";
            assert_eq!(stacked::<10>(wide, step), (Some(wide.to_owned()), 10), "{step}");
            assert_eq!(stacked::<9>(wide, step).0, None, "{step}");
            assert_eq!(stacked::<8>("aé€😀", step), (None, 10), "{step}");
        }
        let mut seven = StackText::<16>::new();
        seven.push_ascii(b'a' | 0x80);
        assert_eq!(seven.as_str(), Some("a"));
    }

    #[test]
    fn stack_text_from_ascii_takes_seven_bits_and_the_length() {
        let mut bytes = [b'-'; 16];
        bytes[..3].copy_from_slice(b"x\xE9z");
        assert_eq!(StackText::from_ascii(bytes, 3).as_str(), Some("xiz"));
        assert_eq!(StackText::from_ascii(bytes, 0).as_str(), Some(""));
        assert_eq!(StackText::from_ascii(bytes, 16).as_str(), Some("xiz-------------"));
        assert_eq!(StackText::from_ascii(bytes, 17).as_str(), None);
        // Appending after a filled array goes on from `len`.
        let mut text = StackText::from_ascii(*b"ab______", 2);
        text.push_str("cd");
        assert_eq!((text.as_str(), text.len()), (Some("abcd"), 4));
    }

    /// `push_ascii_bytes` (what `write_ascii` and `AsciiWriter` hand on) appends the bytes
    /// as they are into a `StackText`, up to `N` and past it as an overflow, and `as_str`
    /// refuses bytes that are not UTF-8; other sinks write ASCII as before.
    #[test]
    fn ascii_bytes_go_into_a_stack_text_as_they_are() {
        for (pieces, expected) in [
            (&[&b"3_/"[..], b"3_/", b"3_ x"][..], Some("3_/3_/3_ x")),
            (&[&b""[..]], Some("")),
            (&[&b"0123456789abcdef"[..]], Some("0123456789abcdef")),
            (&[&b"0123456789"[..], b"abcdefg"], None),
            (&[&b"ab"[..], b"\xE9"], None),
        ] {
            let mut text = StackText::<16>::new();
            pieces.iter().for_each(|piece| super::write_ascii(&mut text, piece));
            assert_eq!(text.as_str(), expected, "{pieces:?}");
            assert_eq!(text.len(), pieces.iter().map(|p| p.len()).sum::<usize>());
        }
        let mut string = String::new();
        string.push_ascii_bytes(b"ab\xE9");
        let mut bytes = Vec::new();
        bytes.push_ascii_bytes(b"ab\xE9");
        assert_eq!((string.as_str(), bytes.as_slice()), ("abi", &b"abi"[..]));
    }

    /// A `StackText` whose bytes after the text are not ASCII (only `from_ascii` and
    /// appends make one, so this is built by hand) still gives its text.
    #[test]
    fn stack_text_checks_the_text_alone_when_the_padding_is_not_utf8() {
        let mut text = StackText::<16>::new();
        text.bytes[4] = 0xE9;
        text.push_str("abc");
        assert_eq!(text.as_str(), Some("abc"));
    }

    #[cfg(feature = "serde")]
    mod serde_text {
        use core::fmt;

        use super::super::{Sink, serialize_text};

        /// Serialized through a `StackText<8>` with the given bound; `Display` marks the
        /// fallback so that the tests see which path ran.
        struct Text(&'static str, usize);

        impl fmt::Display for Text {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("display:")?;
                f.write_str(self.0)
            }
        }

        impl serde::Serialize for Text {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                serialize_text::<S, 8>(s, self, self.1, |out| out.push_str(self.0))
            }
        }

        fn json(text: &'static str, bound: usize) -> String {
            serde_json::to_string(&Text(text, bound)).unwrap()
        }

        #[test]
        fn short_texts_go_whole_and_long_ones_through_display() {
            assert_eq!(json("", 0), r#""""#);
            assert_eq!(json("12345678", 8), r#""12345678""#);
            assert_eq!(json("a\"b\\", 8), r#""a\"b\\""#);
            // Over the buffer, by the bound or by the text: `Display`, in pieces.
            assert_eq!(json("12345678", 9), r#""display:12345678""#);
            assert_eq!(json("123456789", 8), r#""display:123456789""#);
        }

        #[test]
        fn the_serializer_error_is_returned() {
            let mut full = [0u8; 3];
            let err = serde_json::to_writer(&mut full[..], &Text("abcdef", 8)).unwrap_err();
            assert!(err.is_io(), "{err}");
            assert_eq!(&full, b"\"ab");
        }
    }
}
