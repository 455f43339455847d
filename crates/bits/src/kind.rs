//! The four codes of a 3×3 board, by name.

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use crate::{dense, naive, seed, symmetric};

/// Which code of a 3×3 board: the seed's 13-bit code, its naive variant, or one of the
/// two denser codes built on it.
///
/// | kind | numbers | boards | bits |
/// |---|---|---|---|
/// | `seed` | 0..=6045 | 6,046 with #O = ⌊occupied/2⌋ | 13 |
/// | `naive` | 0..=16796 (not all used) | the same 6,046 | 15 |
/// | `dense` | 0..=5477 | the 5,478 reachable positions | 13 |
/// | `symmetric` | 0..=764 | the 765 reachable positions up to symmetry | 10 |
///
/// ```
/// use gridnote_bits::CodeKind;
/// let kind: CodeKind = "symmetric".parse()?;
/// assert_eq!(kind, CodeKind::Symmetric);
/// assert_eq!(kind.bits(), 10);
/// assert_eq!(kind.to_string(), "symmetric");
/// assert!("Seed".parse::<CodeKind>().is_err());
/// # Ok::<(), gridnote_bits::NameError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum CodeKind {
    /// The seed's 13-bit code: offset by occupied count + lexicographic ranks.
    #[default]
    Seed,
    /// The seed's first attempt: `(N + 1) · rank + occupied` (`10 · rank + n` on 3×3).
    Naive,
    /// The rank of a reachable position's 13-bit code among all reachable positions'.
    Dense,
    /// The rank of the canonical image's 13-bit code among all canonical reachable
    /// positions'.
    Symmetric,
}

impl CodeKind {
    /// Every kind, in the order above.
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::ALL.len(), 4);
    /// ```
    pub const ALL: [CodeKind; 4] =
        [CodeKind::Seed, CodeKind::Naive, CodeKind::Dense, CodeKind::Symmetric];

    /// The name used on command lines and in messages.
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::Dense.name(), "dense");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CodeKind::Seed => "seed",
            CodeKind::Naive => "naive",
            CodeKind::Dense => "dense",
            CodeKind::Symmetric => "symmetric",
        }
    }

    /// The bit width of the code on a 3×3 board: enough bits for its largest number.
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::Seed.bits(), 13);
    /// assert_eq!(CodeKind::Naive.bits(), 15);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u32 {
        match self {
            CodeKind::Seed => seed::BITS,
            CodeKind::Naive => naive::BITS,
            CodeKind::Dense => dense::BITS,
            CodeKind::Symmetric => symmetric::BITS,
        }
    }

    /// The largest number of the code on a 3×3 board (codes run from 0).
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::Seed.max(), 6045);
    /// assert_eq!(CodeKind::Dense.max(), 5477);
    /// ```
    #[must_use]
    pub const fn max(self) -> u32 {
        match self {
            CodeKind::Seed => seed::MAX,
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
            CodeKind::Seed | CodeKind::Naive => seed::COUNT,
            CodeKind::Dense => dense::COUNT,
            CodeKind::Symmetric => symmetric::COUNT,
        }
    }
}

impl fmt::Display for CodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CodeKind {
    type Err = NameError;

    /// Reads `seed`, `naive`, `dense` or `symmetric` (lowercase, nothing else).
    fn from_str(s: &str) -> Result<CodeKind, NameError> {
        CodeKind::ALL
            .into_iter()
            .find(|kind| kind.name() == s)
            .ok_or_else(|| NameError::new("code", "seed, naive, dense or symmetric", s))
    }
}

/// A name that is not one of those allowed: a [`CodeKind`] other than `seed`, `naive`,
/// `dense`, `symmetric`, or a `Radix` other than `dec`, `bin`. The span
/// covers the whole text.
///
/// ```
/// use gridnote_bits::CodeKind;
/// let err = "thirteen".parse::<CodeKind>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown code: expected seed, naive, dense or symmetric");
/// assert_eq!(err.span(), 0..8);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what}: expected {expected}")]
#[non_exhaustive]
pub struct NameError {
    what: &'static str,
    expected: &'static str,
    span: Range<usize>,
}

impl NameError {
    pub(crate) const fn new(what: &'static str, expected: &'static str, text: &str) -> NameError {
        NameError { what, expected, span: 0..text.len() }
    }

    /// The byte range of the offending text: all of it.
    ///
    /// ```
    /// let err = "".parse::<gridnote_bits::CodeKind>().unwrap_err();
    /// assert_eq!(err.span(), 0..0);
    /// ```
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }
}

#[cfg(feature = "std")]
impl gridnote_board::report::Spanned for NameError {
    fn span(&self) -> Range<usize> {
        self.span.clone()
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::CodeKind;

    impl serde::Serialize for CodeKind {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.name())
        }
    }

    struct Visitor;

    impl serde::de::Visitor<'_> for Visitor {
        type Value = CodeKind;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("one of seed, naive, dense, symmetric")
        }

        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<CodeKind, E> {
            v.parse().map_err(E::custom)
        }
    }

    impl<'de> serde::Deserialize<'de> for CodeKind {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CodeKind, D::Error> {
            d.deserialize_str(Visitor)
        }
    }
}
