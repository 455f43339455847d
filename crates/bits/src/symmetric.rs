//! The symmetric code of a 3×3 board: the 765 reachable positions up to the 8 symmetries
//! of the square, ranked in increasing order of the 13-bit code of their canonical image
//! (gridnote-board's `Board::canonical`), onto `0..=764` (10 bits). All
//! images of a board share its code; decoding gives the canonical image.
//!
//! The functions need the `std` feature: two tables built at first use from
//! gridnote-board's legality check and canonical images (13-bit code → class, 6,046 × 2
//! bytes; class → 13-bit code of its canonical image, 765 × 2 bytes).
//!
//! ```
//! use gridnote_bits::{symmetric, Mark::{Blank as B, X}};
//! let corner = symmetric::encode(&[X, B, B, B, B, B, B, B, B])?;
//! assert_eq!(symmetric::encode(&[B, B, B, B, B, B, B, B, X]), Ok(corner));
//! // The canonical image keeps the X as late as possible in row-major order.
//! assert_eq!(symmetric::decode(corner)?, [B, B, B, B, B, B, B, B, X]);
//! # Ok::<(), gridnote_bits::ModelError>(())
//! ```

#[cfg(feature = "std")]
use crate::{CodeKind, Mark, ModelError, ranked, tables};

/// Bits of the code: 10.
pub const BITS: u32 = 10;
/// Reachable positions up to symmetry (and codes): 765.
pub const COUNT: u32 = 765;
/// The largest code: 764.
pub const MAX: u32 = COUNT - 1;

/// The symmetric code of a reachable 3×3 board: the rank of its canonical image.
///
/// # Errors
/// [`ModelError::Counts`] unless X has as many marks as O or one more,
/// [`ModelError::Unreachable`] for a board no game reaches.
///
/// ```
/// use gridnote_bits::{symmetric, Mark::Blank as B};
/// assert_eq!(symmetric::encode(&[B; 9]), Ok(0));
/// ```
#[cfg(feature = "std")]
pub fn encode(marks: &[Mark; 9]) -> Result<u32, ModelError> {
    let code = ranked::encode(marks)?;
    tables::tables().class(code).ok_or_else(|| tables::unreachable(CodeKind::Symmetric, marks))
}

/// The canonical image of the class of a symmetric code.
///
/// # Errors
/// [`ModelError::OutOfRange`] above 764.
///
/// ```
/// use gridnote_bits::{symmetric, Mark::{Blank as B, X}};
/// assert_eq!(symmetric::decode(0)?, [B; 9]);
/// assert!(symmetric::decode(765).is_err());
/// # Ok::<(), gridnote_bits::ModelError>(())
/// ```
#[cfg(feature = "std")]
pub fn decode(code: u32) -> Result<[Mark; 9], ModelError> {
    let code13 = tables::tables().symmetric.get(code as usize).ok_or(ModelError::OutOfRange {
        kind: CodeKind::Symmetric,
        cells: 9,
        code,
        max: MAX,
    })?;
    Ok(tables::decode13(u32::from(*code13)))
}
