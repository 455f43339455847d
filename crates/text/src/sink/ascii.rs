//! [`AsciiWriter`]: the one buffered ASCII writer. A writer appends bytes to a stack
//! buffer in front of its [`Sink`], which gets them in whole pieces ([`write_ascii`]).

use core::fmt;

use super::base::Sink;
use super::decimal::push_decimal;

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
