//! [`Options`]: the settings of reading and writing.

use std::borrow::Cow;

use gridnote_board::options::{OptionError, OptionSpec, distinct_names, find};

use crate::format::FormatOptions;

/// Fail instead of dropping anything: the writer's policy, whatever the formats.
const LOSSLESS: OptionSpec = OptionSpec::flag(
    "lossless",
    "Fail instead of dropping any information the target cannot carry",
);

/// The tafl counters a target carrying them (TSN, TEN) takes when the source has none.
const DEFENDERS: OptionSpec = OptionSpec::number(
    "defenders",
    4,
    4,
    "TSN/TEN defenders at start, for a source without it (else derived): a positive multiple of 4",
);
const PLY: OptionSpec = OptionSpec::number(
    "ply",
    1,
    1,
    "TSN/TEN ply, for a source without it (else pieces + 1): positive",
);
const SINCE_CAPTURE: OptionSpec = OptionSpec::number(
    "since-capture",
    0,
    1,
    "TSN/TEN plies since capture, for a source without it (else pieces): below the ply",
);

/// The options of every conversion, whatever the formats.
const SHARED: &[OptionSpec] = &[LOSSLESS, DEFENDERS, PLY, SINCE_CAPTURE];

/// How many options there are.
const COUNT: usize = SHARED.len() + FormatOptions::DECLARED.len();

/// The shared options, then each format's in registry order.
const DECLARED: [OptionSpec; COUNT] = {
    let mut all = [OptionSpec::flag("", ""); COUNT];
    let mut i = 0;
    while i < SHARED.len() {
        all[i] = SHARED[i];
        i += 1;
    }
    while i < COUNT {
        all[i] = FormatOptions::DECLARED[i - SHARED.len()];
        i += 1;
    }
    all
};

/// The names of [`DECLARED`].
const NAMES: [&str; COUNT] = {
    let mut names = [""; COUNT];
    let mut i = 0;
    while i < COUNT {
        names[i] = DECLARED[i].name;
        i += 1;
    }
    names
};

const _: () = assert!(
    distinct_names(&DECLARED),
    "two options share a name: option names are one namespace across the formats"
);

/// Conversion settings. Start from `Options::default()` and set what you need: the
/// settings every conversion shares (`lossless`, the tafl counters) as fields or by name,
/// and each format's own options (declared by the format, its `Notation::Options`) by
/// name with [`Options::set`], so that no format crate's type is part of this API.
///
/// ```
/// use gridnote_convert::Options;
/// let mut options = Options::default();
/// options.lossless = true;
/// options.set("code", "dense")?;
/// options.set("since-capture", "2")?;
/// assert_eq!(options.since_capture, Some(2));
/// assert_eq!(options.get("strict").as_deref(), Some("false"));
/// assert_eq!(options.get("code").as_deref(), Some("dense"));
/// # Ok::<(), gridnote_convert::board::options::OptionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Options {
    /// Fail instead of dropping anything: the option `lossless`.
    pub lossless: bool,
    /// TSN/TEN defenders at start, when the source has none (else derived): the option
    /// `defenders`.
    pub defenders: Option<u32>,
    /// TSN/TEN ply, when the source has none (else derived): the option `ply`.
    pub ply: Option<u32>,
    /// TSN/TEN plies since capture, when the source has none (else derived): the option
    /// `since-capture`.
    pub since_capture: Option<u32>,
    /// Each format's own options.
    pub(crate) formats: FormatOptions,
}

impl Options {
    /// Every option, as each declares itself (name, values, default, help): the shared
    /// ones (`lossless`, `defenders`, `ply`, `since-capture`), then each format's own in
    /// the registry's order. Command lines and bindings derive their options from this
    /// list; names are unique (checked when this crate compiles).
    ///
    /// ```
    /// use gridnote_convert::{Format, Options};
    /// use gridnote_convert::board::options::OptionKind;
    /// assert_eq!(Options::DECLARED[0].name, "lossless");
    /// let code = Options::DECLARED.iter().find(|o| o.name == "code").unwrap();
    /// assert_eq!(code.default, Some("ranked"));
    /// assert!(matches!(code.kind, OptionKind::Choice { .. }));
    /// assert_eq!(Format::Bits.options()[0], *code);
    /// ```
    pub const DECLARED: &'static [OptionSpec] = &DECLARED;

    /// The names of [`Options::DECLARED`], in that order: what [`Options::set`] takes.
    ///
    /// ```
    /// use gridnote_convert::Options;
    /// assert!(Options::NAMES.starts_with(&["lossless", "defenders", "ply", "since-capture"]));
    /// assert!(Options::NAMES.contains(&"strict") && Options::NAMES.contains(&"radix"));
    /// ```
    pub const NAMES: &'static [&'static str] = &NAMES;

    /// The declaration of the option `name` (`None` for a name not in [`Options::NAMES`]).
    ///
    /// ```
    /// use gridnote_convert::Options;
    /// let strict = Options::spec("strict").unwrap();
    /// assert_eq!(strict.help, "Read T3EN strictly: reject non-canonical run lengths such as `1_` or `__`");
    /// assert_eq!(strict.default, Some("false"));
    /// assert_eq!(Options::spec("colour"), None);
    /// ```
    #[must_use]
    pub fn spec(name: &str) -> Option<&'static OptionSpec> {
        find(Options::DECLARED, name)
    }

    /// The names the option `name` takes, in the order messages list them: a choice's
    /// values, a flag's `false` and `true` (`None` for a number, and for a name not in
    /// [`Options::NAMES`]).
    ///
    /// ```
    /// use gridnote_convert::Options;
    /// assert_eq!(Options::values("code"), Some(&["ranked", "naive", "dense", "symmetric"][..]));
    /// assert_eq!(Options::values("radix"), Some(&["dec", "bin"][..]));
    /// assert_eq!(Options::values("strict"), Some(&["false", "true"][..]));
    /// assert_eq!(Options::values("ply"), None);
    /// assert_eq!(Options::values("colour"), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn values(name: &str) -> Option<&'static [&'static str]> {
        Options::spec(name)?.values()
    }

    /// Sets the option `name` to `value`: a flag's `true` or `false`, a choice's name, a
    /// number in decimal.
    ///
    /// # Errors
    /// [`OptionError::UnknownOption`] for a name not in [`Options::NAMES`] (the message
    /// lists them); [`OptionError::Value`] for a name a flag or choice does not take (an
    /// [`UnknownName`](crate::UnknownName) whose `what` is the option's name and
    /// `expected` its values); [`OptionError::Number`] for a number out of the option's
    /// range (its message does not name the option: the caller does, in its own
    /// spelling). Nothing changes then.
    ///
    /// ```
    /// use gridnote_convert::Options;
    /// let mut options = Options::default();
    /// options.set("radix", "bin")?;
    /// assert_eq!(options.get("radix").as_deref(), Some("bin"));
    /// assert_eq!(
    ///     options.set("code", "sparse").unwrap_err().to_string(),
    ///     "unknown code `sparse`: expected one of ranked, naive, dense, symmetric"
    /// );
    /// assert_eq!(
    ///     options.set("defenders", "6").unwrap_err().to_string(),
    ///     "expected a positive multiple of 4, got 6"
    /// );
    /// assert_eq!(
    ///     options.set("colour", "red").unwrap_err().to_string(),
    ///     format!("unknown option `colour`: expected one of {}", Options::NAMES.join(", "))
    /// );
    /// # Ok::<(), gridnote_convert::board::options::OptionError>(())
    /// ```
    #[inline]
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        match name {
            "lossless" => self.lossless = LOSSLESS.flag_value(value)?,
            "defenders" => self.defenders = Some(DEFENDERS.number_value(value)?),
            "ply" => self.ply = Some(PLY.number_value(value)?),
            "since-capture" => self.since_capture = Some(SINCE_CAPTURE.number_value(value)?),
            _ => {
                return self
                    .formats
                    .set(name, value)
                    .unwrap_or_else(|| Err(OptionError::unknown_among(Options::DECLARED, name)));
            }
        }
        Ok(())
    }

    /// The value of the option `name`, as [`Options::set`] takes it (`None` for a name
    /// not in [`Options::NAMES`], and for a number that is unset).
    ///
    /// ```
    /// use gridnote_convert::Options;
    /// let options = Options::default();
    /// assert_eq!(options.get("code").as_deref(), Some("ranked"));
    /// assert_eq!(options.get("radix").as_deref(), Some("dec"));
    /// assert_eq!(options.get("lossless").as_deref(), Some("false"));
    /// assert_eq!(options.get("ply"), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn get(&self, name: &str) -> Option<Cow<'static, str>> {
        let number = |n: Option<u32>| n.map(|n| Cow::Owned(n.to_string()));
        match name {
            "lossless" => Some(Cow::Borrowed(if self.lossless { "true" } else { "false" })),
            "defenders" => number(self.defenders),
            "ply" => number(self.ply),
            "since-capture" => number(self.since_capture),
            _ => self.formats.get(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use gridnote_board::options::OptionKind;

    use super::*;

    #[test]
    fn the_shared_options_then_each_formats_own_in_registry_order() {
        let shared: Vec<_> =
            Options::DECLARED[..4].iter().map(|o| (o.name, o.kind, o.default, o.help)).collect();
        assert_eq!(
            shared,
            [
                (
                    "lossless",
                    OptionKind::Flag,
                    Some("false"),
                    "Fail instead of dropping any information the target cannot carry"
                ),
                (
                    "defenders",
                    OptionKind::Number { min: 4, step: 4 },
                    None,
                    "TSN/TEN defenders at start, for a source without it (else derived): a positive multiple of 4"
                ),
                (
                    "ply",
                    OptionKind::Number { min: 1, step: 1 },
                    None,
                    "TSN/TEN ply, for a source without it (else pieces + 1): positive"
                ),
                (
                    "since-capture",
                    OptionKind::Number { min: 0, step: 1 },
                    None,
                    "TSN/TEN plies since capture, for a source without it (else pieces): below the ply"
                ),
            ]
        );
        let formats: Vec<OptionSpec> =
            crate::Format::ALL.iter().flat_map(|f| f.options()).copied().collect();
        assert_eq!(Options::DECLARED[4..], formats[..]);
        let names: Vec<&str> = Options::DECLARED.iter().map(|o| o.name).collect();
        assert_eq!(Options::NAMES, names);
    }

    #[test]
    fn each_default_is_what_a_default_options_gets() {
        let options = Options::default();
        for spec in Options::DECLARED {
            assert_eq!(options.get(spec.name).as_deref(), spec.default, "{}", spec.name);
        }
    }

    #[test]
    fn every_value_sets_and_gets_back() {
        for spec in Options::DECLARED {
            let values: Vec<String> = match spec.kind {
                OptionKind::Number { min, step } => vec![min.to_string(), (min + step).to_string()],
                _ => spec.values().unwrap_or_default().iter().map(|v| (*v).to_owned()).collect(),
            };
            assert!(!values.is_empty(), "{}", spec.name);
            for value in values {
                let mut options = Options::default();
                options.set(spec.name, &value).unwrap();
                assert_eq!(
                    options.get(spec.name).as_deref(),
                    Some(value.as_str()),
                    "{}",
                    spec.name
                );
            }
        }
    }

    #[test]
    fn unknown_options_and_values_are_errors_that_change_nothing() {
        let mut options = Options::default();
        let every = Options::NAMES.join(", ");
        let colour = format!("unknown option `colour`: expected one of {every}");
        let since = format!("unknown option `since_capture`: expected one of {every}");
        assert!(every.starts_with("lossless, defenders, ply, since-capture, "), "{every}");
        for (name, value, message) in [
            ("colour", "red", colour.as_str()),
            ("since_capture", "1", since.as_str()),
            ("strict", "yes", "unknown strict `yes`: expected false or true"),
            ("lossless", "1", "unknown lossless `1`: expected false or true"),
            ("radix", "hex", "unknown radix `hex`: expected dec or bin"),
            ("defenders", "6", "expected a positive multiple of 4, got 6"),
            ("defenders", "0", "expected a whole number from 4 to 4294967295, got 0"),
            ("ply", "0", "expected a whole number from 1 to 4294967295, got 0"),
            ("since-capture", "-1", "expected a whole number from 0 to 4294967295, got -1"),
            ("ply", "4294967296", "expected a whole number from 1 to 4294967295, got 4294967296"),
        ] {
            assert_eq!(options.set(name, value).unwrap_err().to_string(), message);
            assert_eq!(options, Options::default(), "{name} {value}");
        }
    }
}
