//! Cell sets as machine words: `u64` for boards of up to 64 cells, `u128` up to 128.

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells, one bit per cell (row-major, bit 0 = the top-left cell).
pub(crate) trait Mask:
    Copy
    + Debug
    + Default
    + Eq
    + Ord
    + Hash
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + BitXorAssign
    + Not<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// How many cells fit.
    const CELLS: usize;
    /// The empty set.
    const ZERO: Self;
    /// The set holding only cell `i` (`i < CELLS`).
    fn bit(i: usize) -> Self;
    /// Whether the set is empty.
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
    /// Number of cells in the set.
    fn count(self) -> u32;
    /// The lowest cell of a non-empty set.
    fn lowest(self) -> usize;
    /// A 64-bit digest of two sets, for table indexing.
    fn mix(a: Self, b: Self) -> u64;
    /// 64-bit words in the set.
    const WORDS: usize;
    /// Writes the set into `WORDS` words.
    fn store(self, words: &mut [u64]);
    /// Reads the set from `WORDS` words.
    fn load(words: &[u64]) -> Self;
}

/// A finaliser that spreads every input bit over the output (splitmix64).
#[inline]
pub(crate) const fn spread(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Mask for u64 {
    const CELLS: usize = 64;
    const ZERO: u64 = 0;
    #[inline]
    fn bit(i: usize) -> u64 {
        1 << i
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline]
    fn mix(a: u64, b: u64) -> u64 {
        spread(a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b.rotate_left(29))
    }
    const WORDS: usize = 1;
    #[inline]
    fn store(self, words: &mut [u64]) {
        words[0] = self;
    }
    #[inline]
    fn load(words: &[u64]) -> u64 {
        words[0]
    }
}

impl Mask for u128 {
    const CELLS: usize = 128;
    const ZERO: u128 = 0;
    #[inline]
    fn bit(i: usize) -> u128 {
        1 << i
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline]
    fn mix(a: u128, b: u128) -> u64 {
        let fold = |m: u128| (m as u64) ^ ((m >> 64) as u64).rotate_left(17);
        spread(fold(a).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ fold(b).rotate_left(29))
    }
    const WORDS: usize = 2;
    #[inline]
    fn store(self, words: &mut [u64]) {
        words[0] = self as u64;
        words[1] = (self >> 64) as u64;
    }
    #[inline]
    fn load(words: &[u64]) -> u128 {
        u128::from(words[0]) | u128::from(words[1]) << 64
    }
}
