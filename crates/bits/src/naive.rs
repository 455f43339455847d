//! The naive code of a 3×3 board, the ranked code's first, 15-bit packing:
//! `10 · (code − offset(n)) + n`, where `code` is the 13-bit code and `n` the occupied
//! count (its last decimal digit). It names the same 6,046 boards as the 13-bit code, but
//! with numbers up to 16,796 (15 bits), and most numbers name no board.
//!
//! ```
//! use gridnote_bits::{naive, Mark::{Blank as B, O, X}};
//! assert_eq!(naive::encode(&[X, B, O, B, B, O, B, X, B]), Ok(1894));
//! assert_eq!(naive::decode(1894)?, [X, B, O, B, B, O, B, X, B]);
//! assert!(naive::decode(20).is_err()); // 0 occupied, rank 2: there is only one empty board
//! # Ok::<(), gridnote_bits::ModelError>(())
//! ```

use crate::{Layout, Mark, ModelError};

/// Bits of the code: 15.
pub const BITS: u32 = 15;
/// The largest naive code: 16,796 (the last of the 1,680 boards with 6 marks).
pub const MAX: u32 = 16796;

const _: () =
    assert!(Layout::TIC_TAC_TOE.naive_bits() == BITS && Layout::TIC_TAC_TOE.naive_max() == MAX);

/// The naive code of a 3×3 board.
///
/// # Errors
/// [`ModelError::Counts`] unless X has as many marks as O or one more.
///
/// ```
/// use gridnote_bits::{naive, Mark::{Blank as B, X}};
/// assert_eq!(naive::encode(&[B; 9]), Ok(0));
/// assert_eq!(naive::encode(&[B, B, B, B, B, B, B, B, X]), Ok(81)); // rank 8, 1 mark
/// ```
pub fn encode(marks: &[Mark; 9]) -> Result<u32, ModelError> {
    Layout::TIC_TAC_TOE.encode_naive(marks)
}

/// The 3×3 board of a naive code.
///
/// # Errors
/// [`ModelError::OutOfRange`] above 16,796, [`ModelError::NaiveNoBoard`] for a number whose
/// rank part is too large for its occupied count.
///
/// ```
/// use gridnote_bits::{naive, Mark::{Blank as B, X}};
/// assert_eq!(naive::decode(11)?, [B, X, B, B, B, B, B, B, B]); // rank 1, 1 mark
/// assert!(naive::decode(16797).is_err());
/// # Ok::<(), gridnote_bits::ModelError>(())
/// ```
pub fn decode(code: u32) -> Result<[Mark; 9], ModelError> {
    let mut out = [Mark::Blank; 9];
    Layout::TIC_TAC_TOE.decode_naive(code, &mut out)?;
    Ok(out)
}
