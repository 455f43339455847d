//! The [`Sink`] trait, and the sinks `String` and `Vec<u8>`.

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
    /// ([`write_ascii`](crate::sink::write_ascii) calls this). Should a byte not be ASCII, its low seven bits are
    /// written, as [`Sink::push_ascii`] does; a sink that checks its whole text as UTF-8
    /// anyway ([`StackText`](crate::sink::StackText)) takes the bytes as they are instead of checking them twice.
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

#[cfg(test)]
mod tests {
    use super::Sink;

    #[test]
    fn push_ascii_writes_seven_bits() {
        let mut s = String::new();
        s.push_ascii(b'a' | 0x80);
        let mut v = Vec::new();
        v.push_ascii(b'b' | 0x80);
        assert_eq!((s.as_str(), v.as_slice()), ("a", b"b".as_slice()));
    }
}
