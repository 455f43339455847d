//! The full check of a digit string: syntax, the regex's loose counting rule, strict
//! legality, the regex's verdict, the direct verdict, and whether they agree.

use core::fmt;

use gridnote_board::{Glyphs, Player, Problems, Rules};
use gridnote_text::sink::{FmtSink, Sink};

use crate::digits::{Digits, ParseError};
use crate::verdict::{Verdict, direct_verdict, regex_verdict};

/// The counting rule the regex's author states beside it: "#1 = #2 ± 1 or 0", that is,
/// the counts of `1` and `2` differ by at most one, in either direction.
///
/// It is looser than real play, where Player One moves first (#1 − #2 ∈ {0, 1}):
/// `200000000` passes it but is not legal.
///
/// ```
/// use gridnote_digits::{counts_within_one, Digits};
/// assert!(counts_within_one(&"200000000".parse::<Digits>()?));
/// assert!(!counts_within_one(&"110000000".parse::<Digits>()?));
/// # Ok::<(), gridnote_digits::ParseError>(())
/// ```
#[must_use]
pub fn counts_within_one(digits: &Digits) -> bool {
    let counts = digits.counts();
    counts.of(Player::One).abs_diff(counts.of(Player::Two)) <= 1
}

/// The former name of [`counts_within_one`], kept for one release.
#[deprecated(note = "renamed `counts_within_one`")]
#[must_use]
pub fn seed_count_rule(digits: &Digits) -> bool {
    counts_within_one(digits)
}

/// Whether the regex's verdict and the direct verdict agree, and why not.
///
/// ```
/// use gridnote_digits::{check, Agreement};
/// assert_eq!(check("111220000")?.agreement, Agreement::Agree);
/// assert_eq!(check("111000222")?.agreement, Agreement::BothHoldLines);
/// # Ok::<(), gridnote_digits::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Agreement {
    /// Both give the same verdict.
    Agree,
    /// They differ because both players hold a line: the direct check says so, the regex
    /// names only the owner of the line it finds first (the lowest row holding a line,
    /// else the rightmost column holding one).
    BothHoldLines,
    /// They differ and both players do not hold a line. No digit string does this (an
    /// exhaustive test over all 3^9 strings shows every disagreement is
    /// [`Agreement::BothHoldLines`]); the variant keeps the comparison total.
    Unexplained,
}

impl Agreement {
    /// Compares a regex verdict with a direct verdict.
    ///
    /// ```
    /// use gridnote_digits::board::Player;
    /// use gridnote_digits::{Agreement, Verdict};
    /// assert_eq!(Agreement::of(Verdict::Draw, Verdict::Draw), Agreement::Agree);
    /// assert_eq!(
    ///     Agreement::of(Verdict::Won(Player::Two), Verdict::BothHoldLines),
    ///     Agreement::BothHoldLines
    /// );
    /// ```
    #[must_use]
    pub fn of(regex: Verdict, direct: Verdict) -> Agreement {
        if regex == direct {
            Agreement::Agree
        } else if direct == Verdict::BothHoldLines {
            Agreement::BothHoldLines
        } else {
            Agreement::Unexplained
        }
    }
}

impl fmt::Display for Agreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Agreement::Agree => "agree",
            Agreement::BothHoldLines => {
                "disagree: both players hold a line, and the regex names only the one \
                 it finds first (the lowest row, else the rightmost column)"
            }
            Agreement::Unexplained => "disagree",
        })
    }
}

/// Everything [`check`] establishes about a well-formed digit string.
///
/// Its `Display` is a multi-line report.
///
/// ```
/// use gridnote_digits::board::{Player, Problem};
/// use gridnote_digits::{check, Agreement, Verdict};
///
/// let report = check("200000000")?;
/// assert_eq!((report.ones, report.twos), (0, 1));
/// assert!(report.counts_within_one); // the loose rule allows Player Two one ahead
/// assert_eq!(report.problems.iter().collect::<Vec<_>>(), [Problem::TooManyTwo]);
/// assert_eq!(report.side_to_move, None);
/// assert_eq!((report.regex, report.direct), (Verdict::NotFinished, Verdict::NotFinished));
/// assert_eq!(report.agreement, Agreement::Agree);
/// assert_eq!(
///     report.to_string(),
///     "digits: 200000000
/// 3 o _ _
/// 2 _ _ _
/// 1 _ _ _
///   a b c
/// pieces: Player One 0, Player Two 1
/// counts within one (#1 = #2 ± 1 or 0): holds
/// legality (tic-tac-toe, Player One first): illegal
///   - Player Two has more pieces than Player One, who moves first
/// side to move (from the counts): none fits
/// regex verdict: not finished
/// direct verdict: not finished
/// verdicts: agree
/// "
/// );
/// # Ok::<(), gridnote_digits::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Report {
    /// The board read.
    pub digits: Digits,
    /// Player One's pieces (`1`s).
    pub ones: usize,
    /// Player Two's pieces (`2`s).
    pub twos: usize,
    /// Whether the regex's loose counting rule "#1 = #2 ± 1 or 0" holds
    /// ([`counts_within_one`]).
    pub counts_within_one: bool,
    /// Strict legality from `gridnote-board` under tic-tac-toe rules, Player One first
    /// (`Board::problems(Rules::TIC_TAC_TOE, None)`): empty means legal.
    pub problems: Problems,
    /// The side to move the counts imply, if any.
    pub side_to_move: Option<Player>,
    /// The regex's verdict ([`regex_verdict`]).
    pub regex: Verdict,
    /// The direct verdict from the board's lines ([`direct_verdict`]).
    pub direct: Verdict,
    /// Whether the two verdicts agree, and why not.
    pub agreement: Agreement,
}

impl Report {
    /// The report of a parsed board (what [`check`] returns after parsing).
    ///
    /// ```
    /// use gridnote_digits::{Digits, Report, Verdict};
    /// let report = Report::new(Digits::EMPTY);
    /// assert_eq!(report.direct, Verdict::NotFinished);
    /// assert!(report.problems.is_empty());
    /// ```
    #[must_use]
    pub fn new(digits: Digits) -> Report {
        let board = digits.board();
        let counts = board.counts();
        let mut text = String::with_capacity(crate::digits::LEN);
        digits.write_to(&mut text);
        let regex = regex_verdict(&text);
        let direct = direct_verdict(&digits);
        Report {
            digits,
            ones: counts.of(Player::One),
            twos: counts.of(Player::Two),
            counts_within_one: counts_within_one(&digits),
            problems: board.problems(Rules::TIC_TAC_TOE, None),
            side_to_move: counts.side_to_move(),
            regex,
            direct,
            agreement: Agreement::of(regex, direct),
        }
    }

    /// The former name of the field [`Report::counts_within_one`], kept for one release.
    #[deprecated(note = "renamed the field `counts_within_one`")]
    #[must_use]
    pub fn seed_count_rule(&self) -> bool {
        self.counts_within_one
    }

    /// Whether the position is legal (no legality problem).
    ///
    /// ```
    /// use gridnote_digits::check;
    /// assert!(check("120000000")?.is_legal());
    /// assert!(!check("220000000")?.is_legal());
    /// # Ok::<(), gridnote_digits::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self) -> bool {
        self.problems.is_empty()
    }

    /// Appends the multi-line report to `out` (what `Display` shows).
    ///
    /// ```
    /// use gridnote_digits::check;
    /// let mut out = String::new();
    /// check("000000000")?.write_to(&mut out);
    /// assert!(out.starts_with("digits: 000000000\n"));
    /// # Ok::<(), gridnote_digits::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.append_to(out);
    }

    /// Appends the report of [`Report::write_to`] to any [`Sink`] (a `String`, a
    /// `Vec<u8>`, a formatter: `Display` writes through this, with no temporary `String`).
    ///
    /// ```
    /// let report = gridnote_digits::check("000000000")?;
    /// let mut bytes = Vec::new();
    /// report.append_to(&mut bytes);
    /// assert_eq!(bytes, report.to_string().as_bytes());
    /// # Ok::<(), gridnote_digits::ParseError>(())
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        out.push_str("digits: ");
        self.digits.append_to(out);
        out.push('\n');
        self.digits.board().draw_to(&Glyphs::DEFAULT, out);
        out.push_fmt(format_args!("pieces: Player One {}, Player Two {}\n", self.ones, self.twos));
        out.push_fmt(format_args!(
            "counts within one (#1 = #2 ± 1 or 0): {}\n",
            if self.counts_within_one { "holds" } else { "fails" }
        ));
        if self.problems.is_empty() {
            out.push_str("legality (tic-tac-toe, Player One first): legal\n");
        } else {
            out.push_str("legality (tic-tac-toe, Player One first): illegal\n");
            for problem in self.problems.iter() {
                out.push_fmt(format_args!("  - {problem}\n"));
            }
        }
        match self.side_to_move {
            Some(player) => {
                out.push_fmt(format_args!("side to move (from the counts): {player}\n"));
            }
            None => out.push_str("side to move (from the counts): none fits\n"),
        }
        out.push_fmt(format_args!("regex verdict: {}\n", self.regex));
        out.push_fmt(format_args!("direct verdict: {}\n", self.direct));
        out.push_fmt(format_args!("verdicts: {}\n", self.agreement));
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sink = FmtSink::new(f);
        self.append_to(&mut sink);
        sink.finish()
    }
}

/// Checks a digit string fully: syntax first (length and alphabet, before any regex
/// runs), then the regex's loose counting rule, strict legality, the regex's verdict, the
/// direct verdict, and whether they agree.
///
/// # Errors
/// [`ParseError`] when `text` is not nine characters of `0`, `1`, `2`.
///
/// ```
/// use gridnote_digits::board::{Player, Problem};
/// use gridnote_digits::{check, Agreement, Verdict};
///
/// let report = check("111000222")?;
/// assert!(report.counts_within_one);
/// assert_eq!(report.problems.iter().collect::<Vec<_>>(), [Problem::BothHaveLines]);
/// assert_eq!(report.regex, Verdict::Won(Player::Two));
/// assert_eq!(report.direct, Verdict::BothHoldLines);
/// assert_eq!(report.agreement, Agreement::BothHoldLines);
///
/// assert!(check("").is_err()); // the regex alone would call this a draw
/// # Ok::<(), gridnote_digits::ParseError>(())
/// ```
pub fn check(text: &str) -> Result<Report, ParseError> {
    Ok(Report::new(text.parse()?))
}

#[cfg(feature = "serde")]
mod serde_impl {
    use gridnote_board::{Player, Problems};

    use super::{Agreement, Report};
    use crate::digits::Digits;
    use crate::verdict::Verdict;

    /// What [`Report`]'s `Serialize` writes, read back before it is checked.
    #[derive(serde::Deserialize)]
    #[serde(rename = "Report")]
    struct Fields {
        digits: Digits,
        ones: usize,
        twos: usize,
        counts_within_one: bool,
        problems: Problems,
        side_to_move: Option<Player>,
        regex: Verdict,
        direct: Verdict,
        agreement: Agreement,
    }

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de> serde::Deserialize<'de> for Report {
        /// From the fields `Serialize` writes. Every field but `digits` follows from the
        /// digits, so a report whose fields disagree with its digits is an error naming
        /// the first such field.
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Report, D::Error> {
            let given = <Fields as serde::Deserialize>::deserialize(d)?;
            let report = Report::new(given.digits);
            let disagrees = if given.ones != report.ones {
                Some("ones")
            } else if given.twos != report.twos {
                Some("twos")
            } else if given.counts_within_one != report.counts_within_one {
                Some("counts_within_one")
            } else if given.problems != report.problems {
                Some("problems")
            } else if given.side_to_move != report.side_to_move {
                Some("side_to_move")
            } else if given.regex != report.regex {
                Some("regex")
            } else if given.direct != report.direct {
                Some("direct")
            } else if given.agreement != report.agreement {
                Some("agreement")
            } else {
                None
            };
            match disagrees {
                None => Ok(report),
                Some(field) => Err(serde::de::Error::custom(format_args!(
                    "field `{field}` disagrees with the digits {}",
                    given.digits
                ))),
            }
        }
    }
}
