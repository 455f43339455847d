//! [`Options`]: the settings of reading and writing.

use gridnote_bits::{CodeKind, Radix};
use gridnote_board::UnknownName;

/// Conversion settings. Start from `Options::default()` and set what you need: the
/// settings every format shares and the tafl counters as fields, the settings of one
/// format's own types (`bits`' code and radix) by name with [`Options::set`], so that no
/// format crate's type is part of this API.
///
/// ```
/// use gridnote_convert::Options;
/// let mut options = Options::default();
/// options.lossless = true;
/// options.set("code", "dense")?;
/// assert!(!options.strict);
/// assert_eq!(options.get("code"), Some("dense"));
/// # Ok::<(), gridnote_convert::UnknownName>(())
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
    /// Which code `bits` means, on input and output (the seed's 13-bit code by default):
    /// the option `code`.
    pub(crate) code: CodeKind,
    /// How `bits` output is written (decimal by default): the option `radix`.
    pub(crate) radix: Radix,
}

impl Options {
    /// The settings set by name ([`Options::set`]): `code`, which code `bits` means on
    /// input and output, and `radix`, how `bits` output is written.
    ///
    /// ```
    /// assert_eq!(gridnote_convert::Options::NAMES, ["code", "radix"]);
    /// ```
    pub const NAMES: &'static [&'static str] = &["code", "radix"];

    /// The values the setting `name` takes, in the order messages list them (`None` for a
    /// name not in [`Options::NAMES`]).
    ///
    /// ```
    /// use gridnote_convert::Options;
    /// assert_eq!(Options::values("code"), Some(&["seed", "naive", "dense", "symmetric"][..]));
    /// assert_eq!(Options::values("radix"), Some(&["dec", "bin"][..]));
    /// assert_eq!(Options::values("colour"), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn values(name: &str) -> Option<&'static [&'static str]> {
        match name {
            "code" => Some(CodeKind::NAMES),
            "radix" => Some(Radix::NAMES),
            _ => None,
        }
    }

    /// Sets the setting `name` to `value`.
    ///
    /// # Errors
    /// [`UnknownName`] for a name not in [`Options::NAMES`] (`what` is `option`) and for
    /// a value the setting does not take (`what` is the setting's name, `expected` its
    /// values); nothing changes then.
    ///
    /// ```
    /// use gridnote_convert::Options;
    /// let mut options = Options::default();
    /// options.set("radix", "bin")?;
    /// assert_eq!(options.get("radix"), Some("bin"));
    /// assert_eq!(
    ///     options.set("code", "sparse").unwrap_err().to_string(),
    ///     "unknown code `sparse`: expected one of seed, naive, dense, symmetric"
    /// );
    /// assert_eq!(
    ///     options.set("colour", "red").unwrap_err().to_string(),
    ///     "unknown option `colour`: expected code or radix"
    /// );
    /// # Ok::<(), gridnote_convert::UnknownName>(())
    /// ```
    #[inline]
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), UnknownName> {
        match name {
            "code" => self.code = value.parse()?,
            "radix" => self.radix = value.parse()?,
            _ => return Err(UnknownName::new("option", name, Options::NAMES)),
        }
        Ok(())
    }

    /// The value of the setting `name`, as [`Options::set`] takes it (`None` for a name
    /// not in [`Options::NAMES`]).
    ///
    /// ```
    /// use gridnote_convert::Options;
    /// assert_eq!(Options::default().get("code"), Some("seed"));
    /// assert_eq!(Options::default().get("radix"), Some("dec"));
    /// ```
    #[must_use]
    #[inline]
    pub fn get(&self, name: &str) -> Option<&'static str> {
        match name {
            "code" => Some(self.code.name()),
            "radix" => Some(self.radix.name()),
            _ => None,
        }
    }
}
