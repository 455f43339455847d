//! A text as the one-pass fast readers of the format crates look at it: byte `at`, or 0
//! past its end ([`Bytes`]). A text of at most [`PADDED`] bytes is read from a zeroed
//! copy on the stack ([`Padded`]), indexed by the low byte of the place, so a byte (and
//! the one or two after it) is one load with no bounds check; a longer text is read
//! where it is ([`InPlace`]). A reader is written once, generic over [`Bytes`], and runs
//! on whichever the text's length calls for.
//!
//! A reader over a [`Padded`] copy must never move more than one byte past the end of the
//! text (0 is no byte of any format, so the byte past the end ends whatever it was
//! reading): its place then stays below 256.
//!
//! ```
//! use gridnote_text::bytes::{Bytes, InPlace, Padded};
//!
//! /// The number of leading `x`s.
//! fn xs<B: Bytes>(bytes: &B) -> usize {
//!     let mut at = 0;
//!     while bytes.byte(at) == b'x' {
//!         at += 1;
//!     }
//!     at
//! }
//!
//! let text = b"xxo";
//! let mut padded = Padded::<257>::zeroed();
//! padded.fill(text);
//! assert_eq!((xs(&padded), xs(&InPlace(text))), (2, 2));
//! assert_eq!(padded.pair(2), (b'o', 0));
//! assert_eq!(InPlace(text).third(1), 0);
//! ```

/// The bytes a fast reader looks at: byte `at` of the text, or 0 past its end.
pub trait Bytes {
    /// Byte `at`, or 0 past the end.
    fn byte(&self, at: usize) -> u8;

    /// Bytes `at` and `at + 1`, from one index (each 0 past the end).
    fn pair(&self, at: usize) -> (u8, u8);

    /// Byte `at + 2`, from the index of [`Bytes::pair`] (0 past the end).
    fn third(&self, at: usize) -> u8;
}

/// The longest text a [`Padded`] copy takes: a reader that moves at most one byte past
/// the end then keeps its place below 256, and the bytes it loads from there (the place,
/// and the one or two after it) are within the copy.
pub const PADDED: usize = 254;

/// A text of at most [`PADDED`] bytes, then zeros, in `N` bytes on the stack (`N` is at
/// least 257: 258 for a reader that loads [`Bytes::third`] too). Every load indexes it by
/// the low byte of the place, which the compiler knows is within it: no bounds check.
/// Zeroing more than 256 bytes is a call to `memset`, which costs less than a bounds
/// check on every pair.
#[derive(Clone, Debug)]
pub struct Padded<const N: usize>([u8; N]);

impl<const N: usize> Padded<N> {
    /// `N` zeros: an empty text, to [`fill`](Padded::fill) where it stands (a constructor
    /// returning the filled copy would cost the readers a `memcpy` of the whole buffer).
    ///
    /// ```
    /// use gridnote_text::bytes::{Bytes, Padded};
    /// assert_eq!(Padded::<257>::zeroed().pair(0), (0, 0));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn zeroed() -> Padded<N> {
        const { assert!(N >= 257, "a Padded copy takes at least 257 bytes") };
        Padded([0; N])
    }

    /// Copies `text`, which must be at most [`PADDED`] bytes long, to the start of a
    /// [`zeroed`](Padded::zeroed) buffer: a longer text is not copied (the buffer still
    /// reads as an empty text). Readers check the length first and read a longer text
    /// [`InPlace`].
    ///
    /// ```
    /// use gridnote_text::bytes::{Bytes, Padded, PADDED};
    /// let mut padded = Padded::<258>::zeroed();
    /// padded.fill(b"ab");
    /// assert_eq!(padded.pair(1), (b'b', 0));
    /// let mut long = Padded::<257>::zeroed();
    /// long.fill(&[b'a'; PADDED + 1]);
    /// assert_eq!(long.byte(0), 0);
    /// ```
    #[inline(always)]
    pub fn fill(&mut self, text: &[u8]) {
        if let Some(room) = self.0.get_mut(..text.len()).filter(|_| text.len() <= PADDED) {
            room.copy_from_slice(text);
        }
    }
}

impl<const N: usize> Bytes for Padded<N> {
    #[inline(always)]
    fn byte(&self, at: usize) -> u8 {
        self.0[usize::from(at as u8)]
    }

    #[inline(always)]
    fn pair(&self, at: usize) -> (u8, u8) {
        let at = usize::from(at as u8);
        (self.0[at], self.0[at + 1])
    }

    #[inline(always)]
    fn third(&self, at: usize) -> u8 {
        self.0[usize::from(at as u8) + 2]
    }
}

/// A text of any length, read where it is (each load checked against its end).
#[derive(Clone, Copy, Debug)]
pub struct InPlace<'t>(pub &'t [u8]);

impl Bytes for InPlace<'_> {
    #[inline(always)]
    fn byte(&self, at: usize) -> u8 {
        self.0.get(at).copied().unwrap_or(0)
    }

    #[inline(always)]
    fn pair(&self, at: usize) -> (u8, u8) {
        (self.byte(at), self.byte(at + 1))
    }

    #[inline(always)]
    fn third(&self, at: usize) -> u8 {
        self.byte(at + 2)
    }
}

#[cfg(test)]
mod tests {
    use super::{Bytes, InPlace, PADDED, Padded};

    /// Both forms read every byte of a text of every length up to [`PADDED`], and 0 past
    /// its end, through all three loads.
    #[test]
    fn padded_and_in_place_read_alike() {
        let text: Vec<u8> = (0..PADDED).map(|i| b'!' + (i % 90) as u8).collect();
        for len in 0..=PADDED {
            let text = &text[..len];
            let mut padded = Padded::<258>::zeroed();
            padded.fill(text);
            let in_place = InPlace(text);
            for at in 0..=len + 1 {
                let want = |i: usize| text.get(i).copied().unwrap_or(0);
                assert_eq!(padded.byte(at), want(at), "{len} {at}");
                assert_eq!(in_place.byte(at), want(at), "{len} {at}");
                assert_eq!(padded.pair(at), (want(at), want(at + 1)), "{len} {at}");
                assert_eq!(in_place.pair(at), (want(at), want(at + 1)), "{len} {at}");
                assert_eq!(padded.third(at), want(at + 2), "{len} {at}");
                assert_eq!(in_place.third(at), want(at + 2), "{len} {at}");
            }
        }
        let mut long = Padded::<257>::zeroed();
        long.fill(&[b'a'; PADDED + 1]);
        assert_eq!(long.pair(0), (0, 0));
    }
}
