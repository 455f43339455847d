//! The format registry: every format gridnote reads and writes, named once.
//!
//! Each line of [`registry!`] names a [`Format`] variant and the type that implements
//! [`Notation`] for it. Everything else — names, examples, descriptions, detection,
//! side-to-move spellings, what each format carries, the typed per-format errors, each
//! format's declared options, reading and writing — is generated from those lines and the
//! trait.

use core::fmt;
use core::str::FromStr;
use std::borrow::Cow;

use gridnote_board::UnknownName;
use gridnote_board::notation::Notation;
use gridnote_board::options::{NotationOptions, OptionError, OptionSpec, find};
use gridnote_board::setup::Carries;

/// Declares the formats. One line per format, in the order `gridnote formats` lists
/// them: `Variant => NotationType;`.
macro_rules! registry {
    ($( $(#[$doc:meta])* $variant:ident => $ty:ty; )*) => {
        /// A text format gridnote reads and writes.
        ///
        /// The list grows with new formats, so matches need a wildcard arm; iterate
        /// [`Format::ALL`] instead of naming them.
        ///
        /// ```
        /// use gridnote_convert::Format;
        /// assert_eq!("t3en".parse::<Format>(), Ok(Format::T3en));
        /// assert_eq!("T3EN".parse::<Format>(), Ok(Format::T3en));
        /// assert_eq!(Format::Tuple.to_string(), "tuple");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
        #[non_exhaustive]
        pub enum Format {
            $( $(#[$doc])* $variant, )*
        }

        impl Format {
            /// Every format, in the order `gridnote formats` lists them.
            pub const ALL: &'static [Format] = &[$(Format::$variant),*];

            /// The names of [`Format::ALL`], in that order: what a format name may be
            /// (in any ASCII case), and what an [`UnknownName`] for a format lists.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert_eq!(Format::NAMES.len(), Format::ALL.len());
            /// assert_eq!(Format::NAMES[0], Format::ALL[0].name());
            /// ```
            pub const NAMES: &'static [&'static str] = &[$(<$ty as Notation>::NAME),*];

            /// The format's name on the command line.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert_eq!(Format::Digits.name(), "digits");
            /// ```
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self { $(Format::$variant => <$ty as Notation>::NAME,)* }
            }

            /// One example position in this format (each reads and converts).
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert_eq!(Format::T3en.example(), "2_o/_x_/3_ x");
            /// ```
            #[must_use]
            pub const fn example(self) -> &'static str {
                match self { $(Format::$variant => <$ty as Notation>::EXAMPLE,)* }
            }

            /// A one-line description.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert!(Format::Bits.description().contains("13-bit"));
            /// ```
            #[must_use]
            pub const fn description(self) -> &'static str {
                match self { $(Format::$variant => <$ty as Notation>::DESCRIPTION,)* }
            }

            /// What detection looks for in this format, in a few words.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert_eq!(Format::Tuple.sniff_rule(), "starts with `(`");
            /// ```
            #[must_use]
            pub const fn sniff_rule(self) -> &'static str {
                match self { $(Format::$variant => <$ty as Notation>::SNIFF_RULE,)* }
            }

            /// Whether `text` has this format's shape (detection's test).
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert!(Format::Digits.sniff("120120000"));
            /// ```
            #[must_use]
            pub fn sniff(self, text: &str) -> bool {
                match self { $(Format::$variant => <$ty as Notation>::sniff(text),)* }
            }

            /// Detection tries formats in increasing priority.
            const fn detect_priority(self) -> u8 {
                match self { $(Format::$variant => <$ty as Notation>::DETECT_PRIORITY,)* }
            }

            /// The fields this format carries besides the board.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert!(Format::Ten.carries().extension);
            /// assert!(!Format::Digits.carries().side_to_move);
            /// ```
            #[must_use]
            pub const fn carries(self) -> Carries {
                match self { $(Format::$variant => <$ty as Notation>::CARRIES,)* }
            }

            /// File extensions (without the dot) of files holding one text of this format.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert_eq!(Format::T3en.file_extensions(), ["t3en"]);
            /// ```
            #[must_use]
            pub const fn file_extensions(self) -> &'static [&'static str] {
                match self { $(Format::$variant => <$ty as Notation>::FILE_EXTENSIONS,)* }
            }

            /// The format whose files have `extension` (without the dot), if any.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert_eq!(Format::for_file_extension("tsn"), Some(Format::Tsn));
            /// assert_eq!(Format::for_file_extension("txt"), None);
            /// ```
            #[must_use]
            pub fn for_file_extension(extension: &str) -> Option<Format> {
                Format::ALL.iter().copied().find(|f| f.file_extensions().contains(&extension))
            }

            /// How people name Player One and Player Two in this format's game.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert_eq!(Format::Ten.side_names(), ["a (attackers)", "d (defenders)"]);
            /// assert_eq!(Format::Digits.side_names(), ["x", "o"]);
            /// ```
            #[must_use]
            pub const fn side_names(self) -> [&'static str; 2] {
                match self { $(Format::$variant => <$ty as Notation>::SIDE_NAMES,)* }
            }

            /// The glyphs a text drawing of this format's boards uses.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert_eq!(Format::Tsn.glyphs(), gridnote_board::Glyphs::TAFL);
            /// ```
            #[must_use]
            pub const fn glyphs(self) -> gridnote_board::Glyphs {
                match self { $(Format::$variant => <$ty as Notation>::GLYPHS,)* }
            }

            /// The game this format writes positions of.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// use gridnote_board::notation::Game;
            /// assert_eq!(Format::Ten.game(), Game::Tafl);
            /// assert_eq!(Format::Tuple.game(), Game::Mnk);
            /// ```
            #[must_use]
            pub const fn game(self) -> gridnote_board::notation::Game {
                match self { $(Format::$variant => <$ty as Notation>::GAME,)* }
            }

            /// The m,n,k rules positions of this format are judged by when none are given.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert_eq!(Format::Tuple.default_rules(), gridnote_board::Rules::TOMORROWS);
            /// ```
            #[must_use]
            pub const fn default_rules(self) -> gridnote_board::Rules {
                match self { $(Format::$variant => <$ty as Notation>::DEFAULT_RULES,)* }
            }

            /// The options this format declares (its `Notation::Options`), which
            /// [`Options::set`](crate::Options::set) sets by name.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// let names = |f: Format| f.options().iter().map(|o| o.name).collect::<Vec<_>>();
            /// assert_eq!(names(Format::Bits), ["code", "radix"]);
            /// let all: usize = Format::ALL.iter().map(|f| f.options().len()).sum();
            /// assert_eq!(all + 4, gridnote_convert::Options::DECLARED.len()); // 4 shared
            /// ```
            #[must_use]
            pub const fn options(self) -> &'static [OptionSpec] {
                match self { $(Format::$variant => <<$ty as Notation>::Options as NotationOptions>::DECLARED,)* }
            }

            /// How this format spells Player One and Player Two.
            ///
            /// ```
            /// use gridnote_convert::Format;
            /// assert_eq!(Format::Tsn.side_letters(), ["a", "d"]);
            /// ```
            #[must_use]
            pub const fn side_letters(self) -> [&'static str; 2] {
                match self { $(Format::$variant => <$ty as Notation>::SIDE_LETTERS,)* }
            }
        }

        /// A syntax error from one of the format readers, with its byte span.
        ///
        /// ```
        /// use gridnote_convert::{convert, ConvertError, Format, Options, Spanned, SyntaxError};
        /// let err = convert("3_/3_/3_ X", Some(Format::T3en), Format::Digits, &Options::default()).unwrap_err();
        /// assert!(matches!(err, ConvertError::Syntax(SyntaxError::T3en(_))));
        /// assert_eq!(err.span(), 9..10);
        /// ```
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        #[non_exhaustive]
        pub enum SyntaxError {
            $(
                #[doc = concat!("From the ", stringify!($variant), " reader.")]
                #[error(transparent)]
                $variant(<$ty as Notation>::ParseError),
            )*
        }

        impl gridnote_board::report::Spanned for SyntaxError {
            fn span(&self) -> core::ops::Range<usize> {
                match self { $(SyntaxError::$variant(e) => e.span(),)* }
            }
        }

        /// A position a format cannot express, or a text that names no position: the
        /// format crate's own typed error.
        ///
        /// ```
        /// use gridnote_convert::{convert, ConvertError, Format, ModelError, Options};
        /// let err = convert("3 4 1k1/3/3 a 1 0", None, Format::T3en, &Options::default()).unwrap_err();
        /// assert!(matches!(
        ///     err,
        ///     ConvertError::Unrepresentable { source: ModelError::T3en(gridnote_t3en::ModelError::King { .. }), .. }
        /// ));
        /// ```
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        #[non_exhaustive]
        pub enum ModelError {
            $(
                #[doc = concat!("From the ", stringify!($variant), " model.")]
                #[error(transparent)]
                $variant(<$ty as Notation>::ModelError),
            )*
        }

        impl Format {
            /// Calls `visitor` with this format's [`Notation`] type, its options (taken
            /// from `options`), and the constructors of its typed errors.
            pub(crate) fn visit<V: Visit>(self, options: &FormatOptions, visitor: V) -> V::Output {
                match self {
                    $(Format::$variant => {
                        visitor.visit::<$ty>(&options.$variant, SyntaxError::$variant, ModelError::$variant)
                    })*
                }
            }
        }

        /// Every format's own options, one field per format (named as its variant).
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        #[allow(non_snake_case, reason = "one field per Format variant, named as the variant")]
        pub(crate) struct FormatOptions {
            $( $variant: <$ty as Notation>::Options, )*
        }

        /// How many options the formats declare together.
        const FORMAT_OPTION_COUNT: usize =
            0 $(+ <<$ty as Notation>::Options as NotationOptions>::DECLARED.len())*;

        impl FormatOptions {
            /// Every format's declared options, in registry order.
            pub(crate) const DECLARED: [OptionSpec; FORMAT_OPTION_COUNT] = {
                let mut all = [OptionSpec::flag("", ""); FORMAT_OPTION_COUNT];
                let mut n = 0;
                $(
                    let declared = <<$ty as Notation>::Options as NotationOptions>::DECLARED;
                    let mut i = 0;
                    while i < declared.len() {
                        all[n] = declared[i];
                        n += 1;
                        i += 1;
                    }
                )*
                all
            };

            /// Sets the option `name` of the format declaring it; `None` when no format
            /// declares it.
            pub(crate) fn set(&mut self, name: &str, value: &str) -> Option<Result<(), OptionError>> {
                $(
                    if find(<<$ty as Notation>::Options as NotationOptions>::DECLARED, name).is_some() {
                        return Some(self.$variant.set(name, value));
                    }
                )*
                None
            }

            /// The value of the option `name` of the format declaring it (`None` when no
            /// format declares it, or it is an unset number).
            pub(crate) fn get(&self, name: &str) -> Option<Cow<'static, str>> {
                $(
                    if find(<<$ty as Notation>::Options as NotationOptions>::DECLARED, name).is_some() {
                        return self.$variant.get(name);
                    }
                )*
                None
            }
        }
    };
}

registry! {
    /// T3EN, Tic-Tac-Toe Extensible Notation: `2_o/_x_/3_ x`.
    T3en => gridnote_t3en::T3en;
    /// TSN, Tafl Standard Notation (six fields).
    Tsn => gridnote_tafl::Tsn;
    /// TEN, Tafl Extensible Notation (TSN plus an extension field).
    Ten => gridnote_tafl::Ten;
    /// The parenthesized position of Tomorrow's Tic-Tac-Toe: `(x ____ ____ ____)`.
    Tuple => gridnote_tuple::Tuple;
    /// The 9-digit tic-tac-toe string: `120120000`.
    Digits => gridnote_digits::Digits;
    /// The 13-bit code of a 3×3 board (and the other codes by option), as a number.
    Bits => gridnote_bits::Code;
    /// OpenTafl Notation: a position record or a rules record.
    Otn => gridnote_otn::OtnRecord;
}

/// Work done with one format's [`Notation`] type: what reading and writing implement,
/// so that the registry is the only place that maps a [`Format`] to its type.
pub(crate) trait Visit {
    /// What the work gives.
    type Output;

    /// Does the work with `N`.
    fn visit<N: Notation>(
        self,
        options: &N::Options,
        syntax: fn(N::ParseError) -> SyntaxError,
        model: fn(N::ModelError) -> ModelError,
    ) -> Self::Output;
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a format by name, in any ASCII case.
///
/// # Errors
/// [`UnknownName`] (`what` = `format`, `expected` = [`Format::NAMES`], the registry's
/// names) for any other text; its span covers all of it.
///
/// ```
/// use gridnote_convert::{Format, Spanned};
/// let err = "fen".parse::<Format>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     format!("unknown format `fen`: expected one of {}", Format::NAMES.join(", "))
/// );
/// assert!(err.to_string().starts_with("unknown format `fen`: expected one of t3en, tsn, ten"));
/// assert_eq!((err.what, err.expected, err.span()), ("format", Format::NAMES, 0..3));
/// ```
impl FromStr for Format {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Format, UnknownName> {
        Format::ALL
            .iter()
            .copied()
            .find(|format| format.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownName::new("format", s, Format::NAMES))
    }
}

const _: () = assert!(Format::ALL.len() <= 32, "detection_order sorts at most 32 formats");

/// The formats in the order detection tries them (increasing detection priority).
fn detection_order() -> impl Iterator<Item = Format> {
    let mut order: [Option<Format>; 32] = [None; 32];
    let mut n = 0;
    for &format in Format::ALL {
        let mut i = n;
        while i > 0 && order[i - 1].is_some_and(|o| o.detect_priority() > format.detect_priority())
        {
            order[i] = order[i - 1];
            i -= 1;
        }
        order[i] = Some(format);
        n += 1;
    }
    order.into_iter().take(n).flatten()
}

/// Guesses the format of `text` by its shape: the formats are tried in increasing
/// detection priority (`Notation::DETECT_PRIORITY`), and the first whose shape matches
/// wins; [`Format::sniff_rule`] says what each looks for (the error lists them in the
/// order tried). With today's registry: tuple (starts with `(`), OTN (starts with `/` or
/// `dim:`), TEN (seven fields, the first starting with a digit), TSN (six fields), T3EN
/// (two fields), digits (nine characters `0`/`1`/`2`), bits (a decimal, `0b` or `0x`
/// number).
///
/// Detection only picks a reader; the reader then checks everything.
///
/// # Errors
/// [`UndetectedFormat`] when no rule matches; its message lists what was tried.
///
/// ```
/// use gridnote_convert::{detect, Format};
/// assert_eq!(detect("2_o/_x_/3_ x"), Ok(Format::T3en));
/// assert_eq!(detect("(x ____ ____ ____)"), Ok(Format::Tuple));
/// assert_eq!(detect("11 12 3aaaaa3/5a5/B/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/B/5a5/3aaaaa3 a 1 0"), Ok(Format::Tsn));
/// assert_eq!(detect("120120000"), Ok(Format::Digits));
/// assert_eq!(detect("0x20b"), Ok(Format::Bits));
/// assert_eq!(detect("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"), Ok(Format::Otn));
/// assert!(detect("hello").is_err());
/// ```
pub fn detect(text: &str) -> Result<Format, UndetectedFormat> {
    detection_order().find(|format| format.sniff(text)).ok_or(UndetectedFormat { len: text.len() })
}

/// No detection rule matched.
///
/// ```
/// use gridnote_convert::detect;
/// assert!(detect("hello").unwrap_err().to_string().starts_with("cannot tell the format"));
/// assert_eq!(detect("").unwrap_err().to_string(), "empty input: there is no position to read");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", Tried(self.len))]
#[non_exhaustive]
pub struct UndetectedFormat {
    /// Length of the input, for the span (the whole input).
    pub len: usize,
}

/// The whole input.
///
/// ```
/// use gridnote_convert::{detect, Spanned};
/// assert_eq!(detect("hello").unwrap_err().span(), 0..5);
/// ```
impl gridnote_board::report::Spanned for UndetectedFormat {
    fn span(&self) -> core::ops::Range<usize> {
        0..self.len
    }
}

/// The message of [`UndetectedFormat`]: every format's sniff rule, in detection order.
struct Tried(usize);

impl fmt::Display for Tried {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("empty input: there is no position to read");
        }
        f.write_str("cannot tell the format (give one with --from): tried ")?;
        for (i, format) in detection_order().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} ({})", format.name(), format.sniff_rule())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_order_follows_the_priorities() {
        // Every format once, in strictly increasing priority (no two formats share one, so
        // the order is the priorities' and nothing else).
        let order: Vec<Format> = detection_order().collect();
        assert_eq!(order.len(), Format::ALL.len());
        assert!(Format::ALL.iter().all(|f| order.contains(f)));
        let priorities: Vec<u8> = order.iter().map(|f| f.detect_priority()).collect();
        assert!(priorities.windows(2).all(|w| w[0] < w[1]), "{priorities:?}");
    }
}
