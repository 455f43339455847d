//! The board's bits: six planes of one bit per square (row by row from the top row, each
//! row from file a), interleaved word by word, and `Bits<W>`, a set of squares of a board
//! that fits in `W` words, for the whole-board computations (slides of many pieces at
//! once, flood fills) on boards of up to [`MAX_FAST_WORDS`] words.

use core::ops::{BitAnd, BitOr, Not};

use super::piece::{Piece, Side};

/// The planes: whether a square is occupied, then the five bits of its piece
/// ([`Piece::bits`]): the defenders' side, three bits of role, developed.
pub(crate) const PLANES: usize = 6;
pub(crate) const OCCUPIED: usize = 0;
pub(crate) const DEFENDER: usize = 1;
pub(crate) const ROLE0: usize = 2;
pub(crate) const ROLE1: usize = 3;
pub(crate) const ROLE2: usize = 4;

/// The largest board, in words per plane, that the whole-board computations serve (22×22);
/// larger boards (up to 255×255) go square by square.
pub(crate) const MAX_FAST_WORDS: usize = 8;

/// The words of the planes holding `sq`.
#[inline]
fn words(planes: &[u64], sq: usize) -> &[u64; PLANES] {
    let base = (sq >> 6) * PLANES;
    planes[base..base + PLANES].try_into().expect("six planes per word")
}

/// The piece on `sq`, if any.
#[inline]
pub(crate) fn cell(planes: &[u64], sq: usize) -> Option<Piece> {
    let w = words(planes, sq);
    let sh = sq & 63;
    if (w[OCCUPIED] >> sh) & 1 == 0 {
        return None;
    }
    let mut bits = 0u8;
    for (p, word) in w.iter().enumerate().skip(1) {
        bits |= (((word >> sh) & 1) as u8) << (p - 1);
    }
    Some(Piece::from_bits(bits))
}

/// Whether `sq` holds a piece.
#[inline]
pub(crate) fn occupied(planes: &[u64], sq: usize) -> bool {
    (planes[(sq >> 6) * PLANES + OCCUPIED] >> (sq & 63)) & 1 != 0
}

/// The side of the piece on `sq`, if any.
#[inline]
pub(crate) fn side_at(planes: &[u64], sq: usize) -> Option<Side> {
    let w = words(planes, sq);
    let sh = sq & 63;
    if (w[OCCUPIED] >> sh) & 1 == 0 {
        None
    } else if (w[DEFENDER] >> sh) & 1 == 0 {
        Some(Side::Attackers)
    } else {
        Some(Side::Defenders)
    }
}

/// Puts `piece` on `sq` (or empties it).
#[inline]
pub(crate) fn put(planes: &mut [u64], sq: usize, piece: Option<Piece>) {
    let code = piece.map_or(0u64, |p| 1 | u64::from(p.bits()) << 1);
    let base = (sq >> 6) * PLANES;
    let m = 1u64 << (sq & 63);
    for (p, word) in planes[base..base + PLANES].iter_mut().enumerate() {
        let bit = ((code >> p) & 1).wrapping_neg() & m;
        *word = (*word & !m) | bit;
    }
}

/// A set of squares of a board of at most `W` words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bits<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> Bits<W> {
    pub(crate) const EMPTY: Bits<W> = Bits([0; W]);

    /// Plane `p` of the board (the words past the board's last word empty).
    #[inline]
    pub(crate) fn plane(planes: &[u64], p: usize) -> Bits<W> {
        let mut out = [0; W];
        let words = planes.len() / PLANES;
        for (w, word) in out.iter_mut().enumerate().take(words) {
            *word = planes[w * PLANES + p];
        }
        Bits(out)
    }

    /// The first `W` words of `words`.
    #[inline]
    pub(crate) fn of(words: &[u64]) -> Bits<W> {
        let mut out = [0; W];
        out.copy_from_slice(&words[..W]);
        Bits(out)
    }

    #[inline]
    pub(crate) fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub(crate) fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Every square moved `k` squares up the index (toward the last square) (`0 < k < 64`).
    #[inline]
    pub(crate) fn shl(self, k: u32) -> Bits<W> {
        let mut out = [0; W];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0[i] << k;
            if i > 0 {
                *o |= self.0[i - 1] >> (64 - k);
            }
        }
        Bits(out)
    }

    /// Every square moved `k` squares down the index (`0 < k < 64`).
    #[inline]
    pub(crate) fn shr(self, k: u32) -> Bits<W> {
        let mut out = [0; W];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0[i] >> k;
            if i + 1 < W {
                *o |= self.0[i + 1] << (64 - k);
            }
        }
        Bits(out)
    }

    /// The squares, lowest index first.
    #[inline]
    pub(crate) fn squares(&self) -> Squares<'_> {
        Squares::new(&self.0)
    }
}

/// The squares of a set of words (bit `b` of word `w` the square `64w + b`), lowest
/// first: the words are every `step`-th word of a slice (one plane of the interleaved
/// planes, or a mask).
pub(crate) struct Squares<'a> {
    words: &'a [u64],
    step: usize,
    /// The index in `words` of the current word, and that word's number.
    at: usize,
    w: usize,
    word: u64,
}

impl<'a> Squares<'a> {
    /// The squares of `words`.
    #[inline]
    pub(crate) fn new(words: &'a [u64]) -> Squares<'a> {
        Squares::strided(words, 0, 1)
    }

    /// The squares of plane `p` of the board's `planes`.
    #[inline]
    pub(crate) fn plane(planes: &'a [u64], p: usize) -> Squares<'a> {
        Squares::strided(planes, p, PLANES)
    }

    #[inline]
    fn strided(words: &'a [u64], first: usize, step: usize) -> Squares<'a> {
        Squares { words, step, at: first, w: 0, word: words.get(first).copied().unwrap_or(0) }
    }
}

impl Iterator for Squares<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word == 0 {
            self.at += self.step;
            self.w += 1;
            self.word = *self.words.get(self.at)?;
        }
        let b = self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(self.w * 64 + b)
    }
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Bits<W>;
    #[inline]
    fn bitand(self, rhs: Bits<W>) -> Bits<W> {
        let mut out = self.0;
        for (o, r) in out.iter_mut().zip(rhs.0) {
            *o &= r;
        }
        Bits(out)
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Bits<W>;
    #[inline]
    fn bitor(self, rhs: Bits<W>) -> Bits<W> {
        let mut out = self.0;
        for (o, r) in out.iter_mut().zip(rhs.0) {
            *o |= r;
        }
        Bits(out)
    }
}

impl<const W: usize> Not for Bits<W> {
    type Output = Bits<W>;
    /// The complement, including the bits past the board's last square: and it with a
    /// mask of the board.
    #[inline]
    fn not(self) -> Bits<W> {
        Bits(self.0.map(|w| !w))
    }
}

/// Calls `$recv.$method::<W>(args)` when the whole-board computations serve the board's
/// word count, and evaluates `$slow` otherwise. `W` is the word count rounded up to 1, 2,
/// 4 or 8 (a board's planes read as empty past their last word, its masks likewise, so a
/// larger `W` computes the same sets): four copies of that code instead of eight, and the
/// boards of the common variants (7×7 in one word, 9×9 and 11×11 in two) at their exact
/// size.
#[cfg(not(target_arch = "wasm32"))]
macro_rules! by_words {
    ($words:expr, $recv:ident.$method:ident($($arg:expr),*), $slow:expr) => {
        match $words {
            1 => $recv.$method::<1>($($arg),*),
            2 => $recv.$method::<2>($($arg),*),
            3 | 4 => $recv.$method::<4>($($arg),*),
            5..=$crate::position::bits::MAX_FAST_WORDS => {
                $recv.$method::<{ $crate::position::bits::MAX_FAST_WORDS }>($($arg),*)
            }
            _ => $slow,
        }
    };
}

/// In WebAssembly every board goes square by square, as boards over [`MAX_FAST_WORDS`]
/// words do natively: each copy of the whole-board code costs the browser's modules about
/// 4.5 KB, over their budgets (docs/wasm.md), and the browser's searches are bounded by
/// time, not by a node count. (The whole-board call stays in a branch never taken, which
/// the compiler drops, so that the same code is used on every target.)
#[cfg(target_arch = "wasm32")]
macro_rules! by_words {
    ($words:expr, $recv:ident.$method:ident($($arg:expr),*), $slow:expr) => {{
        const WHOLE_BOARD: bool = false;
        if WHOLE_BOARD && $words <= $crate::position::bits::MAX_FAST_WORDS {
            $recv.$method::<{ $crate::position::bits::MAX_FAST_WORDS }>($($arg),*)
        } else {
            $slow
        }
    }};
}
pub(crate) use by_words;
