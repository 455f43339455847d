//! The size of each code on a 3×3 board ([`CodeKind::bits`], [`CodeKind::max`],
//! [`CodeKind::boards`]), taken from the code's own module, which names [`CodeKind`] in
//! its errors: so the sizes live here, not beside the enum.

use crate::kind::CodeKind;
use crate::{dense, naive, ranked, symmetric};

impl CodeKind {
    /// The bit width of the code on a 3×3 board: enough bits for its largest number.
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::Ranked.bits(), 13);
    /// assert_eq!(CodeKind::Naive.bits(), 15);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u32 {
        match self {
            CodeKind::Ranked => ranked::BITS,
            CodeKind::Naive => naive::BITS,
            CodeKind::Dense => dense::BITS,
            CodeKind::Symmetric => symmetric::BITS,
        }
    }

    /// The largest number of the code on a 3×3 board (codes run from 0).
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::Ranked.max(), 6045);
    /// assert_eq!(CodeKind::Dense.max(), 5477);
    /// ```
    #[must_use]
    pub const fn max(self) -> u32 {
        match self {
            CodeKind::Ranked => ranked::MAX,
            CodeKind::Naive => naive::MAX,
            CodeKind::Dense => dense::MAX,
            CodeKind::Symmetric => symmetric::MAX,
        }
    }

    /// How many 3×3 boards (for `symmetric`: classes of boards) the code names.
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::Naive.boards(), 6046);
    /// assert_eq!(CodeKind::Symmetric.boards(), 765);
    /// ```
    #[must_use]
    pub const fn boards(self) -> u32 {
        match self {
            CodeKind::Ranked | CodeKind::Naive => ranked::COUNT,
            CodeKind::Dense => dense::COUNT,
            CodeKind::Symmetric => symmetric::COUNT,
        }
    }
}
