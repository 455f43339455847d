//! The seed's 13-bit code of a 3×3 board, on arrays of [`Mark`]s (no allocation).
//!
//! The domain is the 6,046 boards where O has ⌊occupied/2⌋ marks; the codes are exactly
//! `0..=6045`. See [`Layout`] for the layout; reachability plays no part (the unreachable
//! `XXX/   /OOO` is 2749).
//!
//! ```
//! use gridnote_bits::{seed, Mark::{Blank as B, O, X}};
//! assert_eq!(seed::encode(&[X, X, X, B, B, B, O, O, O]), Ok(2749));
//! assert_eq!(seed::decode(523)?, [X, B, O, B, B, O, B, X, B]);
//! # Ok::<(), gridnote_bits::BitsError>(())
//! ```

use crate::{BitsError, Layout, Mark};

/// Bits of the code: 13.
pub const BITS: u32 = 13;
/// Boards (and codes): 6,046.
pub const COUNT: u32 = 6046;
/// The largest code: 6045.
pub const MAX: u32 = COUNT - 1;

const _: () = assert!(Layout::TIC_TAC_TOE.bits() == BITS && Layout::TIC_TAC_TOE.count() == COUNT);

/// The 13-bit code of a 3×3 board (row-major marks, top row first).
///
/// # Errors
/// [`BitsError::Counts`] unless X has as many marks as O or one more.
///
/// ```
/// use gridnote_bits::{seed, Mark::{Blank as B, O, X}};
/// assert_eq!(seed::encode(&[B; 9]), Ok(0));
/// assert_eq!(seed::encode(&[X, B, O, B, B, O, B, X, B]), Ok(523));
/// ```
pub fn encode(marks: &[Mark; 9]) -> Result<u32, BitsError> {
    Layout::TIC_TAC_TOE.encode(marks)
}

/// The 3×3 board of a 13-bit code.
///
/// # Errors
/// [`BitsError::OutOfRange`] above 6045.
///
/// ```
/// use gridnote_bits::{seed, Mark::{Blank as B, O, X}};
/// assert_eq!(seed::decode(1)?, [X, B, B, B, B, B, B, B, B]); // {0} is the first 1-combination
/// assert!(seed::decode(6046).is_err());
/// # Ok::<(), gridnote_bits::BitsError>(())
/// ```
pub fn decode(code: u32) -> Result<[Mark; 9], BitsError> {
    let mut out = [Mark::Blank; 9];
    Layout::TIC_TAC_TOE.decode(code, &mut out)?;
    Ok(out)
}
