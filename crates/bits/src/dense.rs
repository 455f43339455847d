//! The dense code of a 3×3 board: the 5,478 positions reachable in tic-tac-toe, ranked
//! in increasing order of their 13-bit code, onto `0..=5477` (13 bits, every number a
//! reachable position).
//!
//! The functions need the `std` feature: the table (5,478 × 2 bytes, built at first use
//! from gridnote-board's legality check) maps a rank to its 13-bit code; encoding is a
//! binary search in it.
//!
//! ```
//! use gridnote_bits::{dense, Mark::{Blank as B, O, X}};
//! assert_eq!(dense::encode(&[B; 9]), Ok(0));
//! let marks = [X, B, O, B, B, O, B, X, B];
//! let code = dense::encode(&marks)?;
//! assert_eq!(dense::decode(code)?, marks);
//! assert!(dense::encode(&[X, X, X, B, B, B, O, O, O]).is_err()); // both have a line
//! # Ok::<(), gridnote_bits::ModelError>(())
//! ```

#[cfg(feature = "std")]
use crate::{CodeKind, Mark, ModelError, ranked, tables};

/// Bits of the code: 13.
pub const BITS: u32 = 13;
/// Reachable positions (and codes): 5,478.
pub const COUNT: u32 = 5478;
/// The largest code: 5477.
pub const MAX: u32 = COUNT - 1;

/// The dense code of a reachable 3×3 board.
///
/// # Errors
/// [`ModelError::Counts`] unless X has as many marks as O or one more,
/// [`ModelError::Unreachable`] for a board no game reaches.
///
/// ```
/// use gridnote_bits::{dense, Mark::{Blank as B, X}};
/// assert_eq!(dense::encode(&[X, B, B, B, B, B, B, B, B]), Ok(1));
/// ```
#[cfg(feature = "std")]
pub fn encode(marks: &[Mark; 9]) -> Result<u32, ModelError> {
    let code = ranked::encode(marks)?;
    match tables::tables().dense.binary_search(&(code as u16)) {
        Ok(rank) => Ok(rank as u32),
        Err(_) => Err(tables::unreachable(CodeKind::Dense, marks)),
    }
}

/// The reachable 3×3 board of a dense code.
///
/// # Errors
/// [`ModelError::OutOfRange`] above 5477.
///
/// ```
/// use gridnote_bits::{dense, Mark::{Blank as B, O, X}};
/// assert_eq!(dense::decode(0)?, [B; 9]);
/// assert_eq!(dense::decode(5477)?, [X, X, X, X, O, O, X, O, O]);
/// assert!(dense::decode(5478).is_err());
/// # Ok::<(), gridnote_bits::ModelError>(())
/// ```
#[cfg(feature = "std")]
pub fn decode(code: u32) -> Result<[Mark; 9], ModelError> {
    let code13 = tables::tables().dense.get(code as usize).ok_or(ModelError::OutOfRange {
        kind: CodeKind::Dense,
        cells: 9,
        code,
        max: MAX,
    })?;
    Ok(tables::decode13(u32::from(*code13)))
}
