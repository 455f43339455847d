//! [`Options`]: the settings of reading and writing.

use gridnote_bits::{CodeKind, Radix};

/// Conversion settings. Start from `Options::default()` and set what you need.
///
/// ```
/// use gridnote_convert::{CodeKind, Options};
/// let mut options = Options::default();
/// options.lossless = true;
/// options.code = CodeKind::Dense;
/// assert!(!options.strict);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Options {
    /// Fail instead of dropping anything.
    pub lossless: bool,
    /// Read T3EN strictly: reject non-canonical run lengths.
    pub strict: bool,
    /// TSN/TEN defenders at start, when the source has none (else derived).
    pub defenders: Option<u32>,
    /// TSN/TEN ply, when the source has none (else derived).
    pub ply: Option<u32>,
    /// TSN/TEN plies since capture, when the source has none (else derived).
    pub since_capture: Option<u32>,
    /// Which code `bits` means, on input and output (the seed's 13-bit code by default).
    pub code: CodeKind,
    /// How `bits` output is written (decimal by default).
    pub radix: Radix,
}
