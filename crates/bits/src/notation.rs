//! The bit code's text as a [`Notation`]: what the converter's registry knows of it.

use std::borrow::Cow;

use gridnote_board::notation::Notation;
use gridnote_board::notes::{Field, Note};
use gridnote_board::options::{NotationOptions, OptionError, OptionSpec};
use gridnote_board::setup::{Carries, Setup};
use gridnote_text::sink::Sink;

use crate::{CodeKind, ModelError, ParseError, Radix, decode, encode, parse_code, write_code};

/// Which code a [`Code`] text means, and how it is written.
///
/// ```
/// use gridnote_bits::{CodeKind, CodeOptions, Radix};
/// let options = CodeOptions::default().with_kind(CodeKind::Dense).with_radix(Radix::Binary);
/// assert_eq!((options.kind, options.radix), (CodeKind::Dense, Radix::Binary));
/// assert_eq!(CodeOptions::default().kind, CodeKind::Ranked);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CodeOptions {
    /// The code (the ranked 13-bit code by default), on input and output.
    pub kind: CodeKind,
    /// How codes are written (decimal by default).
    pub radix: Radix,
}

impl CodeOptions {
    /// With another code.
    ///
    /// ```
    /// use gridnote_bits::{CodeKind, CodeOptions};
    /// assert_eq!(CodeOptions::default().with_kind(CodeKind::Naive).kind, CodeKind::Naive);
    /// ```
    #[must_use]
    pub const fn with_kind(mut self, kind: CodeKind) -> CodeOptions {
        self.kind = kind;
        self
    }

    /// With another radix.
    ///
    /// ```
    /// use gridnote_bits::{CodeOptions, Radix};
    /// assert_eq!(CodeOptions::default().with_radix(Radix::Binary).radix, Radix::Binary);
    /// ```
    #[must_use]
    pub const fn with_radix(mut self, radix: Radix) -> CodeOptions {
        self.radix = radix;
        self
    }
}

/// The options `code` (which code a text means, on input and output) and `radix` (how
/// codes are written).
///
/// ```
/// use gridnote_bits::board::options::NotationOptions;
/// use gridnote_bits::{CodeKind, CodeOptions, Radix};
///
/// let mut options = CodeOptions::default();
/// options.set("code", "dense")?;
/// options.set("radix", "bin")?;
/// assert_eq!(options, CodeOptions::default().with_kind(CodeKind::Dense).with_radix(Radix::Binary));
/// assert_eq!(options.get("code").as_deref(), Some("dense"));
/// assert_eq!(
///     options.set("radix", "hex").unwrap_err().to_string(),
///     "unknown radix `hex`: expected dec or bin"
/// );
/// # Ok::<(), gridnote_bits::board::options::OptionError>(())
/// ```
impl NotationOptions for CodeOptions {
    const DECLARED: &'static [OptionSpec] = &[
        OptionSpec::choice(
            "code",
            CodeKind::NAMES,
            "ranked",
            "Which code `bits` means: ranked (13-bit), naive, dense (reachable), symmetric",
        ),
        OptionSpec::choice(
            "radix",
            Radix::NAMES,
            "dec",
            "How `bits` output is written: dec or bin",
        ),
    ];

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        match name {
            "code" => self.kind = value.parse()?,
            "radix" => self.radix = value.parse()?,
            _ => return Err(OptionError::unknown::<Self>(name)),
        }
        Ok(())
    }

    fn get(&self, name: &str) -> Option<Cow<'static, str>> {
        match name {
            "code" => Some(Cow::Borrowed(self.kind.name())),
            "radix" => Some(Cow::Borrowed(self.radix.name())),
            _ => None,
        }
    }
}

/// A bit code as text (`523`, `0b1000001011`, `0x20b`): the number, before it is
/// decoded with a [`CodeKind`].
///
/// ```
/// use gridnote_bits::board::notation::{Notation, NotationExt};
/// use gridnote_bits::{Code, CodeOptions};
///
/// assert!(Code::sniff("0x20b"));
/// let setup = Code::read("523", &CodeOptions::default())?;
/// assert_eq!(setup.board.draw(), "3 x _ o\n2 _ _ o\n1 _ x _\n  a b c\n");
/// assert_eq!(Code::write(setup, &CodeOptions::default(), &mut Vec::new())?, "523");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    value: u32,
}

impl Code {
    /// The number.
    ///
    /// ```
    /// use gridnote_bits::board::notation::Notation;
    /// use gridnote_bits::{Code, CodeOptions};
    /// assert_eq!(Code::parse_with("0b11", &CodeOptions::default())?.value(), 3);
    /// # Ok::<(), gridnote_bits::ParseError>(())
    /// ```
    #[must_use]
    pub const fn value(self) -> u32 {
        self.value
    }
}

impl Notation for Code {
    const NAME: &'static str = "bits";
    const EXAMPLE: &'static str = "523";
    const DESCRIPTION: &'static str =
        "the 13-bit combinatorial code of a 3x3 board (decimal, 0b or 0x)";
    const SNIFF_RULE: &'static str = "a decimal, 0b or 0x number";
    const DETECT_PRIORITY: u8 = 60;
    const CARRIES: Carries = Carries::BOARD;
    const SIDE_LETTERS: [&'static str; 2] = ["1", "2"];

    type Options = CodeOptions;
    type ParseError = ParseError;
    type ModelError = ModelError;

    /// Decimal digits, or `0b` and binary digits, or `0x` and hex digits.
    fn sniff(text: &str) -> bool {
        text.strip_prefix("0b")
            .map(|rest| !rest.is_empty() && rest.bytes().all(|b| matches!(b, b'0' | b'1')))
            .or_else(|| {
                text.strip_prefix("0x")
                    .map(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_hexdigit()))
            })
            .unwrap_or_else(|| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
    }

    fn parse_with(text: &str, _: &CodeOptions) -> Result<Code, ParseError> {
        parse_code(text).map(|value| Code { value })
    }

    fn to_setup(self, options: &CodeOptions) -> Result<Setup, ModelError> {
        decode(options.kind, self.value).map(Setup::new)
    }

    /// With the symmetric code, a board that is not its canonical image loses its
    /// orientation (noted as dropped).
    fn from_setup(
        setup: Setup,
        options: &CodeOptions,
        notes: &mut Vec<Note>,
    ) -> Result<Code, ModelError> {
        let value = encode(options.kind, &setup.board)?;
        if options.kind == CodeKind::Symmetric {
            let (canonical, symmetry) = setup.board.canonical();
            if canonical != setup.board {
                notes.push(Note::dropped(
                    Field::Orientation,
                    format!("{symmetry:?}"),
                    "the symmetric code keeps only the canonical image of the board",
                ));
            }
        }
        Ok(Code { value })
    }

    fn append_to<S: Sink + ?Sized>(&self, options: &CodeOptions, out: &mut S) {
        write_code(options.kind, self.value, options.radix, out);
    }
}

#[cfg(test)]
mod tests {
    use gridnote_board::options::{NotationOptions, OptionKind};

    use crate::{CodeKind, CodeOptions, Radix};

    #[test]
    fn bits_declares_code_and_radix() {
        let declared: Vec<_> =
            CodeOptions::DECLARED.iter().map(|o| (o.name, o.kind, o.default, o.help)).collect();
        assert_eq!(
            declared,
            [
                (
                    "code",
                    OptionKind::Choice { values: &["ranked", "naive", "dense", "symmetric"] },
                    Some("ranked"),
                    "Which code `bits` means: ranked (13-bit), naive, dense (reachable), symmetric"
                ),
                (
                    "radix",
                    OptionKind::Choice { values: &["dec", "bin"] },
                    Some("dec"),
                    "How `bits` output is written: dec or bin"
                ),
            ]
        );
        let mut options = CodeOptions::default();
        options.set("code", "symmetric").unwrap();
        assert_eq!((options.kind, options.radix), (CodeKind::Symmetric, Radix::Decimal));
        assert_eq!(
            options.set("code", "sparse").unwrap_err().to_string(),
            "unknown code `sparse`: expected one of ranked, naive, dense, symmetric"
        );
        assert_eq!(
            options.set("strict", "true").unwrap_err().to_string(),
            "unknown option `strict`: expected code or radix"
        );
        assert_eq!((options.kind, options.radix), (CodeKind::Symmetric, Radix::Decimal));
    }
}
