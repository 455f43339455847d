//! [`AsciiWriter`]: the one buffered ASCII writer. A writer appends bytes to a stack
//! buffer in front of its [`Sink`], which gets them in whole pieces ([`write_ascii`]).

use core::fmt;

use super::base::Sink;

/// A small stack buffer in front of a [`Sink`], for writers that append ASCII bytes: a
/// byte goes to a local array (its length stays in a register) and the sink gets whole
/// pieces of up to `N` bytes through [`write_ascii`]. Call [`AsciiWriter::finish`]
/// (dropping the writer also writes what is left).
///
/// [`push`](AsciiWriter::push) checks for a full buffer at each byte; a writer that
/// knows how much comes next makes [`room`](AsciiWriter::room) for it once and appends
/// with [`put`](AsciiWriter::put), [`put_decimal`](AsciiWriter::put_decimal) and
/// straight into its [`buffer`](AsciiWriter::buffer), which check nothing. Bytes are written as ASCII: only
/// their low seven bits count, as for [`Sink::push_ascii`] (bytes written into the
/// buffer are left to the sink).
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
            // Room for the most digits, then the digits out of line: the one-digit case
            // is the common one in run lengths, and inlining the rest grew the writers'
            // loops.
            self.room(10);
            self.put_digits(n);
        }
    }

    /// Makes room for `n` more bytes (`n` at most `N`): when fewer are left, what is
    /// gathered goes to the sink first. The [`put`](AsciiWriter::put)s and the bytes
    /// written into the [`buffer`](AsciiWriter::buffer) that follow, up to `n` bytes together, need no check of
    /// their own: a writer makes room once per field or row, not once per byte.
    ///
    /// ```
    /// let mut out = String::new();
    /// let mut w = gridnote_text::sink::AsciiWriter::<_, 4>::new(&mut out);
    /// w.room(2);
    /// w.put(b'x');
    /// w.put(b' ');
    /// w.room(3);
    /// w.put(b'1');
    /// w.put(b'2');
    /// w.put(b'3');
    /// w.finish();
    /// assert_eq!(out, "x 123");
    /// ```
    #[inline(always)]
    pub fn room(&mut self, n: usize) {
        if n > N - self.len {
            self.flush();
        }
    }

    /// Appends the ASCII character `byte & 0x7F`, which the last
    /// [`room`](AsciiWriter::room) made room for. A byte without room takes the place of
    /// one gathered before it (the text is wrong, never more than `N` bytes are kept;
    /// debug builds panic): use [`push`](AsciiWriter::push) where the room is not known.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// let mut w = gridnote_text::sink::AsciiWriter::<_>::new(&mut out);
    /// w.room(1);
    /// w.put(b'k' | 0x80);
    /// w.finish();
    /// assert_eq!(out, b"k");
    /// ```
    #[inline(always)]
    pub fn put(&mut self, byte: u8) {
        debug_assert!(self.len < N, "AsciiWriter::put without room");
        // `len < N` after `room`, so this is the byte at `len`; the remainder spares the
        // bounds check (a mask when `N` is a power of two).
        self.buf[self.len % N] = byte & 0x7F;
        self.len += 1;
    }

    /// Appends `n` in decimal, which the last [`room`](AsciiWriter::room) made room for
    /// (at most 10 bytes): [`AsciiWriter::push_decimal`] with no check per digit, and
    /// every digit gathered with the rest.
    ///
    /// ```
    /// let mut out = String::new();
    /// let mut w = gridnote_text::sink::AsciiWriter::<_, 16>::new(&mut out);
    /// for n in [7, 10, 255, 1000, 4_294_967_295] {
    ///     w.room(11);
    ///     w.put_decimal(n);
    ///     w.put(b' ');
    /// }
    /// w.finish();
    /// assert_eq!(out, "7 10 255 1000 4294967295 ");
    /// ```
    #[inline(always)]
    pub fn put_decimal(&mut self, n: u32) {
        if n < 10 {
            self.put(b'0' + n as u8);
        } else {
            self.put_digits(n);
        }
    }

    /// [`AsciiWriter::put_decimal`] of 10 or more, out of line: up to three digits
    /// (sizes, most counters) one by one, more from the last.
    #[inline(never)]
    fn put_digits(&mut self, n: u32) {
        if n < 1000 {
            if n >= 100 {
                self.put(b'0' + (n / 100) as u8);
            }
            self.put(b'0' + (n / 10 % 10) as u8);
            self.put(b'0' + (n % 10) as u8);
        } else {
            let mut digits = [0u8; 10];
            let mut at = digits.len();
            let mut rest = n;
            while rest > 0 {
                at -= 1;
                digits[at] = b'0' + (rest % 10) as u8;
                rest /= 10;
            }
            digits[at..].iter().for_each(|&d| self.put(d));
        }
    }

    /// The buffer and the length of the text gathered in it, for a writer that appends a
    /// field in a loop of its own (its length in a register): it writes its bytes from
    /// `buf[*len]` on, within the room the last [`room`](AsciiWriter::room) made, and
    /// moves `*len` past them. The bytes should be ASCII: the sink takes them as
    /// [`write_ascii`] gives them. A length past `N` loses text, nothing worse.
    ///
    /// ```
    /// let mut out = String::new();
    /// let mut w = gridnote_text::sink::AsciiWriter::<_, 8>::new(&mut out);
    /// w.push(b'>');
    /// w.room(4);
    /// let (buf, len) = w.buffer();
    /// for &b in b"3_/x" {
    ///     buf[*len] = b;
    ///     *len += 1;
    /// }
    /// w.finish();
    /// assert_eq!(out, ">3_/x");
    /// ```
    #[inline(always)]
    pub fn buffer(&mut self) -> (&mut [u8; N], &mut usize) {
        (&mut self.buf, &mut self.len)
    }

    /// Takes the text gathered since the sink last got any: the sink will not get it.
    /// For a writer that wants its text whole when it fits the buffer (and learns from its
    /// sink whether any went there before).
    ///
    /// ```
    /// let mut out = String::new();
    /// let mut w = gridnote_text::sink::AsciiWriter::<_, 8>::new(&mut out);
    /// w.push(b'a');
    /// w.push(b'b');
    /// assert_eq!(w.take_pending(), b"ab");
    /// w.push(b'c');
    /// w.finish();
    /// assert_eq!(out, "c");
    /// ```
    #[inline(always)]
    pub fn take_pending(&mut self) -> &[u8] {
        let len = core::mem::replace(&mut self.len, 0);
        &self.buf[..len.min(N)]
    }

    /// The sink, for text to go straight to it: what is gathered goes first.
    ///
    /// ```
    /// use gridnote_text::sink::Sink;
    /// let mut out = String::new();
    /// let mut w = gridnote_text::sink::AsciiWriter::<_>::new(&mut out);
    /// w.push(b'x');
    /// w.sink().push_str(" é ");
    /// w.push(b'o');
    /// w.finish();
    /// assert_eq!(out, "x é o");
    /// ```
    #[inline(always)]
    pub fn sink(&mut self) -> &mut S {
        self.flush();
        self.out
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

    /// Gives the gathered bytes to the sink now (out of line: cheaper as a method the
    /// compiler keeps out of line than as an inlined call of [`write_ascii`]). A writer
    /// kept in a `ManuallyDrop`, so that its callers need no clean-up should a panic
    /// unwind through them, ends with this instead of [`finish`](AsciiWriter::finish).
    ///
    /// ```
    /// use core::mem::ManuallyDrop;
    /// let mut out = String::new();
    /// let mut w = ManuallyDrop::new(gridnote_text::sink::AsciiWriter::<_>::new(&mut out));
    /// w.push(b'x');
    /// w.flush();
    /// assert_eq!(out, "x");
    /// ```
    #[inline(never)]
    pub fn flush(&mut self) {
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
