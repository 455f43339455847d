//! The four codes of a 3×3 board, by name.

use core::fmt;

/// Which code of a 3×3 board: the ranked 13-bit code, its naive variant, or one of the
/// two denser codes built on it.
///
/// | kind | numbers | boards | bits |
/// |---|---|---|---|
/// | `ranked` | 0..=6045 | 6,046 with #O = ⌊occupied/2⌋ | 13 |
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
/// assert!("Ranked".parse::<CodeKind>().is_err());
/// # Ok::<(), gridnote_bits::board::UnknownName>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum CodeKind {
    /// The ranked 13-bit code: offset by occupied count + lexicographic ranks of the
    /// occupied cells and of the O's among them.
    #[default]
    Ranked,
    /// The ranked code's first, naive packing: `(N + 1) · rank + occupied` (`10 · rank +
    /// n` on 3×3).
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
        [CodeKind::Ranked, CodeKind::Naive, CodeKind::Dense, CodeKind::Symmetric];

    /// The name used on command lines and in messages.
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::Dense.name(), "dense");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CodeKind::Ranked => "ranked",
            CodeKind::Naive => "naive",
            CodeKind::Dense => "dense",
            CodeKind::Symmetric => "symmetric",
        }
    }

    /// The names of [`CodeKind::ALL`], in that order.
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::NAMES, ["ranked", "naive", "dense", "symmetric"]);
    /// ```
    pub const NAMES: &'static [&'static str] = &["ranked", "naive", "dense", "symmetric"];

    /// The former name of [`CodeKind::Ranked`], kept for one release.
    #[deprecated(note = "renamed `CodeKind::Ranked`")]
    #[allow(non_upper_case_globals)]
    pub const Seed: CodeKind = CodeKind::Ranked;

    /// Former names still read for one release (by [`CodeKind::named`], hence `FromStr`,
    /// serde and the `code` option): `seed`, now `ranked`.
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::FORMER_NAMES, [("seed", CodeKind::Ranked)]);
    /// ```
    pub const FORMER_NAMES: &'static [(&'static str, CodeKind)] = &[("seed", CodeKind::Ranked)];

    /// The kind named `name` (exactly as [`CodeKind::name`] writes it, or a former name
    /// of [`CodeKind::FORMER_NAMES`]), if any; without `std` too (with `std`, `FromStr`
    /// gives an error naming the accepted names).
    ///
    /// ```
    /// use gridnote_bits::CodeKind;
    /// assert_eq!(CodeKind::named("dense"), Some(CodeKind::Dense));
    /// assert_eq!(CodeKind::named("Dense"), None);
    /// assert_eq!(CodeKind::named("seed"), Some(CodeKind::Ranked));
    /// ```
    #[must_use]
    pub fn named(name: &str) -> Option<CodeKind> {
        let former = || CodeKind::FORMER_NAMES.iter().find(|(n, _)| *n == name).map(|(_, k)| *k);
        CodeKind::ALL.into_iter().find(|kind| kind.name() == name).or_else(former)
    }
}

impl fmt::Display for CodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads `ranked`, `naive`, `dense` or `symmetric` (lowercase, nothing else; `seed`, the
/// former name of `ranked`, too).
///
/// # Errors
/// [`UnknownName`](gridnote_board::UnknownName) (`what` = `code`, `expected` =
/// [`CodeKind::NAMES`]) for any other text; its span covers all of it.
///
/// ```
/// use gridnote_bits::CodeKind;
/// use gridnote_bits::board::report::Spanned;
/// let err = "thirteen".parse::<CodeKind>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown code `thirteen`: expected one of ranked, naive, dense, symmetric");
/// assert_eq!(err.span(), 0..8);
/// ```
#[cfg(feature = "std")]
impl core::str::FromStr for CodeKind {
    type Err = gridnote_board::UnknownName;

    fn from_str(s: &str) -> Result<CodeKind, gridnote_board::UnknownName> {
        CodeKind::named(s)
            .ok_or_else(|| gridnote_board::UnknownName::new("code", s, CodeKind::NAMES))
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
            f.write_str("one of ranked, naive, dense, symmetric")
        }

        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<CodeKind, E> {
            // The message of `UnknownName`, which needs `std`.
            CodeKind::named(v).ok_or_else(|| {
                E::custom(format_args!(
                    "unknown code `{v}`: expected one of ranked, naive, dense, symmetric"
                ))
            })
        }
    }

    impl<'de> serde::Deserialize<'de> for CodeKind {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CodeKind, D::Error> {
            d.deserialize_str(Visitor)
        }
    }
}
