//! A format's options, declared by the format: [`OptionSpec`] says what each option is
//! called, what values it takes, its default and a line of help; [`NotationOptions`] sets
//! and gets them by name on the format's own options type. A converter's settings, a
//! command line's flags and their help, and bindings' option names are derived from these
//! declarations, so that a format with options edits nothing outside its crate.

use core::fmt;
use std::borrow::Cow;

use crate::UnknownName;

/// What values an option takes.
///
/// ```
/// use gridnote_board::options::{OptionKind, OptionSpec};
/// let spec = OptionSpec::number("ply", 1, 1, "The ply");
/// assert_eq!(spec.kind, OptionKind::Number { min: 1, step: 1 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OptionKind {
    /// On or off: `true` or `false`, off by default (a command line's flag without a
    /// value).
    Flag,
    /// One name of a list.
    Choice {
        /// Every name the option takes, in the order messages list them.
        values: &'static [&'static str],
    },
    /// A whole number from `min` to `u32::MAX`, `min` plus a multiple of `step`; unset
    /// by default (the format then derives the value or goes without).
    Number {
        /// The least value.
        min: u32,
        /// The distance between two values (1: every number from `min`).
        step: u32,
    },
}

/// One option a format declares: its name, the values it takes, its default and a line
/// of help.
///
/// The name is lowercase words joined by `-` (`since-capture`); a command line spells it
/// `--since-capture`, JavaScript `sinceCapture`, Python `since_capture`. The help is one
/// line without a final period, as a command line's `--help` shows it.
///
/// ```
/// use gridnote_board::options::{OptionKind, OptionSpec};
/// const RADIX: OptionSpec = OptionSpec::choice("radix", &["dec", "bin"], "dec", "How codes are written");
/// assert_eq!(RADIX.values(), Some(&["dec", "bin"][..]));
/// assert_eq!(RADIX.default, Some("dec"));
/// assert_eq!(RADIX.check("hex").unwrap_err().to_string(), "unknown radix `hex`: expected dec or bin");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct OptionSpec {
    /// The option's name: lowercase words joined by `-`.
    pub name: &'static str,
    /// The values it takes.
    pub kind: OptionKind,
    /// Its value when it is not set, as [`NotationOptions::set`] takes it (`false` for a
    /// flag; `None` for a number, which is then unset).
    pub default: Option<&'static str>,
    /// One line of help, without a final period.
    pub help: &'static str,
}

/// The values of a flag, in the order messages list them.
const FLAG_VALUES: &[&str] = &["false", "true"];

impl OptionSpec {
    /// An option that is on or off (off by default).
    ///
    /// ```
    /// use gridnote_board::options::OptionSpec;
    /// let strict = OptionSpec::flag("strict", "Read strictly");
    /// assert_eq!((strict.default, strict.values()), (Some("false"), Some(&["false", "true"][..])));
    /// ```
    #[must_use]
    pub const fn flag(name: &'static str, help: &'static str) -> OptionSpec {
        OptionSpec { name, kind: OptionKind::Flag, default: Some("false"), help }
    }

    /// An option naming one of `values`, `default` when not set.
    ///
    /// # Panics
    /// When `default` is not one of `values` (at compile time, where the declaration is
    /// a constant).
    ///
    /// ```
    /// use gridnote_board::options::OptionSpec;
    /// let code = OptionSpec::choice("code", &["ranked", "dense"], "ranked", "Which code");
    /// assert_eq!(code.default, Some("ranked"));
    /// ```
    #[must_use]
    pub const fn choice(
        name: &'static str,
        values: &'static [&'static str],
        default: &'static str,
        help: &'static str,
    ) -> OptionSpec {
        assert!(position(values, default).is_some(), "the default is not one of the values");
        OptionSpec { name, kind: OptionKind::Choice { values }, default: Some(default), help }
    }

    /// An option holding a whole number from `min` in steps of `step` (unset by default).
    ///
    /// # Panics
    /// When `step` is 0 (at compile time, where the declaration is a constant).
    ///
    /// ```
    /// use gridnote_board::options::OptionSpec;
    /// let defenders = OptionSpec::number("defenders", 4, 4, "Defenders at start");
    /// assert_eq!(defenders.default, None);
    /// assert_eq!(defenders.values(), None);
    /// ```
    #[must_use]
    pub const fn number(name: &'static str, min: u32, step: u32, help: &'static str) -> OptionSpec {
        assert!(step > 0, "a number option's step is at least 1");
        OptionSpec { name, kind: OptionKind::Number { min, step }, default: None, help }
    }

    /// The names the option takes: a choice's values, a flag's `false` and `true`; `None`
    /// for a number.
    ///
    /// ```
    /// use gridnote_board::options::OptionSpec;
    /// assert_eq!(OptionSpec::flag("strict", "").values(), Some(&["false", "true"][..]));
    /// ```
    #[must_use]
    pub const fn values(&self) -> Option<&'static [&'static str]> {
        match self.kind {
            OptionKind::Flag => Some(FLAG_VALUES),
            OptionKind::Choice { values } => Some(values),
            OptionKind::Number { .. } => None,
        }
    }

    /// Checks that the option takes `value` (as [`NotationOptions::set`] takes it).
    ///
    /// # Errors
    /// [`OptionError::Value`] for a name a flag or choice does not take,
    /// [`OptionError::Number`] for a number out of range or not a whole number.
    ///
    /// ```
    /// use gridnote_board::options::OptionSpec;
    /// let ply = OptionSpec::number("ply", 1, 1, "The ply");
    /// assert!(ply.check("3").is_ok());
    /// assert_eq!(ply.check("0").unwrap_err().to_string(), "expected a whole number from 1 to 4294967295, got 0");
    /// ```
    pub fn check(&self, value: &str) -> Result<(), OptionError> {
        match self.kind {
            OptionKind::Flag | OptionKind::Choice { .. } => self.choice_index(value).map(|_| ()),
            OptionKind::Number { .. } => self.number_value(value).map(|_| ()),
        }
    }

    /// `value` read as a flag: `true` or `false`.
    ///
    /// # Errors
    /// [`OptionError::Value`] for any other text (whatever the option's kind).
    ///
    /// ```
    /// use gridnote_board::options::OptionSpec;
    /// let strict = OptionSpec::flag("strict", "Read strictly");
    /// assert_eq!(strict.flag_value("true"), Ok(true));
    /// assert_eq!(strict.flag_value("yes").unwrap_err().to_string(), "unknown strict `yes`: expected false or true");
    /// ```
    pub fn flag_value(&self, value: &str) -> Result<bool, OptionError> {
        match value {
            "false" => Ok(false),
            "true" => Ok(true),
            _ => Err(UnknownName::new(self.name, value, FLAG_VALUES).into()),
        }
    }

    /// `value` read as a number of this option's range.
    ///
    /// # Errors
    /// [`OptionError::Number`] for a text that is not a whole number from `min` to
    /// `u32::MAX`, `min` plus a multiple of `step` (a number option's range; any other
    /// option takes every whole number).
    ///
    /// ```
    /// use gridnote_board::options::OptionSpec;
    /// let defenders = OptionSpec::number("defenders", 4, 4, "Defenders at start");
    /// assert_eq!(defenders.number_value("8"), Ok(8));
    /// assert_eq!(defenders.number_value("6").unwrap_err().to_string(), "expected a positive multiple of 4, got 6");
    /// assert_eq!(defenders.number_value("x").unwrap_err().to_string(), "expected a whole number from 4 to 4294967295, got x");
    /// ```
    pub fn number_value(&self, value: &str) -> Result<u32, OptionError> {
        let (min, step) = match self.kind {
            OptionKind::Number { min, step } => (min, step),
            OptionKind::Flag | OptionKind::Choice { .. } => (0, 1),
        };
        match value.parse::<u32>() {
            Ok(n) if n >= min && (n - min) % step == 0 => Ok(n),
            _ => Err(OptionError::Number { value: value.to_owned(), min, step }),
        }
    }

    /// The place of `value` in a flag's or a choice's values.
    fn choice_index(&self, value: &str) -> Result<usize, OptionError> {
        let values = self.values().unwrap_or_default();
        values
            .iter()
            .position(|v| *v == value)
            .ok_or_else(|| UnknownName::new(self.name, value, values).into())
    }
}

/// Where `name` is in `names`, in a constant.
const fn position(names: &[&str], name: &str) -> Option<usize> {
    let mut i = 0;
    while i < names.len() {
        if str_eq(names[i], name) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// `a == b`, in a constant.
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether no two of `specs` share a name, in a constant (a converter checks its list of
/// every format's options with it, so that a clash fails to compile).
///
/// ```
/// use gridnote_board::options::{distinct_names, OptionSpec};
/// const A: OptionSpec = OptionSpec::flag("strict", "");
/// assert!(distinct_names(&[A, OptionSpec::flag("lossless", "")]));
/// assert!(!distinct_names(&[A, A]));
/// ```
#[must_use]
pub const fn distinct_names(specs: &[OptionSpec]) -> bool {
    let mut i = 0;
    while i < specs.len() {
        let mut j = i + 1;
        while j < specs.len() {
            if str_eq(specs[i].name, specs[j].name) {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

/// The declaration named `name` among `specs`.
///
/// ```
/// use gridnote_board::options::{find, OptionSpec};
/// const SPECS: &[OptionSpec] = &[OptionSpec::flag("strict", "Read strictly")];
/// assert_eq!(find(SPECS, "strict").map(|s| s.help), Some("Read strictly"));
/// assert_eq!(find(SPECS, "lossless"), None);
/// ```
#[must_use]
pub fn find(specs: &'static [OptionSpec], name: &str) -> Option<&'static OptionSpec> {
    specs.iter().find(|spec| spec.name == name)
}

/// A format's options type: its declarations, and setting and getting each by name.
///
/// [`Notation::Options`](crate::notation::Notation::Options) implements it; `()` is the
/// options of a format without any.
///
/// ```
/// use std::borrow::Cow;
/// use gridnote_board::options::{NotationOptions, OptionError, OptionSpec};
///
/// #[derive(Clone, Debug, Default, PartialEq, Eq)]
/// struct Read { strict: bool }
///
/// impl NotationOptions for Read {
///     const DECLARED: &'static [OptionSpec] = &[OptionSpec::flag("strict", "Read strictly")];
///     fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
///         match name {
///             "strict" => self.strict = Self::DECLARED[0].flag_value(value)?,
///             _ => return Err(OptionError::unknown::<Self>(name)),
///         }
///         Ok(())
///     }
///     fn get(&self, name: &str) -> Option<Cow<'static, str>> {
///         match name {
///             "strict" => Some(self.strict.to_string().into()),
///             _ => None,
///         }
///     }
/// }
///
/// let mut options = Read::default();
/// options.set("strict", "true")?;
/// assert_eq!(options.get("strict").as_deref(), Some("true"));
/// assert_eq!(options.set("colour", "red").unwrap_err().to_string(), "unknown option `colour`: expected strict");
/// # Ok::<(), OptionError>(())
/// ```
pub trait NotationOptions: Default + Clone + fmt::Debug + PartialEq + Eq {
    /// Every option, in the order help lists them; names are unique.
    const DECLARED: &'static [OptionSpec];

    /// Sets the option `name` to `value` (a flag's `true`/`false`, a choice's name, a
    /// number in decimal).
    ///
    /// # Errors
    /// [`OptionError::UnknownOption`] for a name not in [`DECLARED`](Self::DECLARED),
    /// [`OptionError::Value`] or [`OptionError::Number`] for a value the option does not
    /// take; nothing changes then.
    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError>;

    /// The value of the option `name`, as [`set`](NotationOptions::set) takes it (`None`
    /// for a name not declared, or a number that is unset).
    fn get(&self, name: &str) -> Option<Cow<'static, str>>;
}

/// The options of a format without any.
///
/// ```
/// use gridnote_board::options::NotationOptions;
/// assert!(<() as NotationOptions>::DECLARED.is_empty());
/// assert_eq!(().set("strict", "true").unwrap_err().to_string(), "unknown option `strict`: expected nothing");
/// assert_eq!(().get("strict"), None);
/// ```
impl NotationOptions for () {
    const DECLARED: &'static [OptionSpec] = &[];

    fn set(&mut self, name: &str, _: &str) -> Result<(), OptionError> {
        Err(OptionError::unknown::<()>(name))
    }

    fn get(&self, _: &str) -> Option<Cow<'static, str>> {
        None
    }
}

/// An option set by a name no option has, or to a value it does not take.
///
/// ```
/// use gridnote_board::options::{NotationOptions, OptionError};
/// let err = ().set("strict", "true").unwrap_err();
/// assert!(matches!(err, OptionError::UnknownOption { ref name, .. } if name == "strict"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionError {
    /// No option has this name.
    #[error("unknown option `{name}`: expected {}", Names(.expected))]
    UnknownOption {
        /// The name as given.
        name: String,
        /// Every option there is.
        expected: &'static [OptionSpec],
    },
    /// A flag or a choice given a name it does not take (`what` is the option's name).
    #[error(transparent)]
    Value(#[from] UnknownName),
    /// A number option given a text that is not one of its numbers. The message does not
    /// name the option: the caller says it, in its own spelling (`--ply`, `options.ply`).
    #[error("{}", number_message(.value, *.min, *.step))]
    Number {
        /// The value as given.
        value: String,
        /// The least number the option takes.
        min: u32,
        /// The distance between two numbers it takes.
        step: u32,
    },
}

impl OptionError {
    /// `name` is none of the options `O` declares.
    ///
    /// ```
    /// use gridnote_board::options::OptionError;
    /// assert_eq!(OptionError::unknown::<()>("x").to_string(), "unknown option `x`: expected nothing");
    /// ```
    #[must_use]
    pub fn unknown<O: NotationOptions>(name: &str) -> OptionError {
        OptionError::UnknownOption { name: name.to_owned(), expected: O::DECLARED }
    }

    /// `name` is none of `expected`.
    ///
    /// ```
    /// use gridnote_board::options::{OptionError, OptionSpec};
    /// const SPECS: &[OptionSpec] = &[OptionSpec::flag("a", ""), OptionSpec::flag("b", ""), OptionSpec::flag("c", "")];
    /// assert_eq!(OptionError::unknown_among(SPECS, "d").to_string(), "unknown option `d`: expected one of a, b, c");
    /// ```
    #[must_use]
    pub fn unknown_among(expected: &'static [OptionSpec], name: &str) -> OptionError {
        OptionError::UnknownOption { name: name.to_owned(), expected }
    }
}

/// The names of options, as [`UnknownName`] lists names: `nothing`, `a`, `a or b`,
/// `one of a, b, c`.
struct Names(&'static [OptionSpec]);

impl fmt::Display for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => f.write_str("nothing"),
            [one] => f.write_str(one.name),
            [a, b] => write!(f, "{} or {}", a.name, b.name),
            specs => {
                f.write_str("one of ")?;
                for (i, spec) in specs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(spec.name)?;
                }
                Ok(())
            }
        }
    }
}

/// What a number option takes, for [`OptionError::Number`].
fn number_message(value: &str, min: u32, step: u32) -> String {
    match value.parse::<u32>() {
        Ok(n) if n >= min && min == step => {
            format!("expected a positive multiple of {step}, got {value}")
        }
        Ok(n) if n >= min => format!("expected {min} plus a multiple of {step}, got {value}"),
        _ => format!("expected a whole number from {min} to {}, got {value}", u32::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_steps_from_their_least() {
        let odd = OptionSpec::number("odd", 1, 2, "");
        assert_eq!(odd.number_value("5"), Ok(5));
        assert_eq!(
            odd.number_value("4").unwrap_err().to_string(),
            "expected 1 plus a multiple of 2, got 4"
        );
        assert_eq!(
            odd.number_value("-1").unwrap_err().to_string(),
            "expected a whole number from 1 to 4294967295, got -1"
        );
        assert_eq!(odd.number_value("4294967295"), Ok(u32::MAX));
        assert!(odd.number_value("4294967296").is_err());
        let any = OptionSpec::number("any", 0, 1, "");
        assert_eq!(any.number_value("0"), Ok(0));
        assert_eq!(
            any.number_value(" 1").unwrap_err().to_string(),
            "expected a whole number from 0 to 4294967295, got  1"
        );
    }

    #[test]
    fn flags_and_choices_take_their_names_only() {
        let flag = OptionSpec::flag("strict", "");
        assert_eq!(flag.check("true"), Ok(()));
        assert_eq!(
            flag.check("True").unwrap_err().to_string(),
            "unknown strict `True`: expected false or true"
        );
        let choice = OptionSpec::choice("code", &["ranked", "naive", "dense"], "ranked", "");
        assert_eq!(choice.check("dense"), Ok(()));
        assert_eq!(
            choice.check("").unwrap_err().to_string(),
            "unknown code ``: expected one of ranked, naive, dense"
        );
    }

    #[test]
    fn names_are_listed_as_unknown_names_list_them() {
        const TWO: &[OptionSpec] = &[OptionSpec::flag("a", ""), OptionSpec::flag("b", "")];
        assert_eq!(
            OptionError::unknown_among(TWO, "c").to_string(),
            "unknown option `c`: expected a or b"
        );
        assert_eq!(
            OptionError::unknown_among(&TWO[..1], "c").to_string(),
            "unknown option `c`: expected a"
        );
    }
}
