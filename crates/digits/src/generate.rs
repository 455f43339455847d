//! The tic-tac-toe regex ([`TIC_TAC_TOE_REGEX`](crate::TIC_TAC_TOE_REGEX)), generalised: a pattern of the same shape for any rows × cols board,
//! line length k and diagonals on or off.
//!
//! A board of `rows × cols` cells is written as a digit string of `rows · cols`
//! characters, row-major from the top left. The pattern is anchored at the start and is
//! one alternation: for each direction a line can take (across, down, and with diagonals
//! the two diagonals), a prefix that skips to any cell where such a line can start,
//! then `(?:LINE-OF-1s|LINE-OF-2s)` with one capture group per player (Player One's odd,
//! Player Two's even); last, the draw alternative `[12]*$`. For 3 × 3, k = 3 with
//! diagonals the construction gives back that pattern character for character.
//!
//! Like that one, the pattern relies on its input being exactly `rows · cols`
//! characters of `0 1 2`: the string's length is what keeps lines from starting too low
//! on the board. [`Pattern::check`] validates first; [`Pattern::verdict`] does not.

use core::fmt;
use std::sync::LazyLock;

use gridnote_board::{MAX_SIDE, Rules};
use regex::Regex;

use crate::digits::{ParseError, cells};
use crate::verdict::{Verdict, read_verdict};

/// The most cells a board may have for [`generate`]: rows × cols ≤ 1024, each side
/// 1..=255, and 1 ≤ k ≤ the longer side. The pattern grows with the board: once its
/// counted repetitions are expanded, each of the eight line spellings is at most
/// rows × cols characters and each prefix under 2 × cols. At the bound the largest
/// shapes (32 × 32, 4 × 255, 255 × 4, 8 × 128, 128 × 8) compile and classify in
/// milliseconds (the tests run each of them), and matching is linear in the input.
///
/// ```
/// use gridnote_digits::{generate, MAX_CELLS};
/// assert!(generate(32, 32, 5, true).is_ok()); // exactly MAX_CELLS cells
/// assert!(generate(8, MAX_CELLS / 8 + 1, 5, true).is_err());
/// ```
pub const MAX_CELLS: usize = 1024;

/// What a pattern is generated for: board shape, line length, diagonals.
///
/// ```
/// use gridnote_digits::Spec;
/// let pattern = Spec::new(3, 4, 3, false).generate()?;
/// assert_eq!(pattern.as_str(), "^(?:(?:.{4})*.{0,1}(?:(1)11|(2)22)|.*(?:(?:1...){2}(1)|(?:2...){2}(2))|[12]*$)");
/// # Ok::<(), gridnote_digits::GenerateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Spec {
    /// Rows of the board, 1..=255.
    pub rows: usize,
    /// Columns of the board, 1..=255.
    pub cols: usize,
    /// Pieces in a row that make a line: 1..=max(rows, cols).
    pub k: usize,
    /// Whether diagonal lines count.
    pub diagonals: bool,
}

impl Spec {
    /// A `rows × cols` board where `k` in a row make a line, with or without diagonals.
    /// (`Spec` may gain fields, so it is built with this or from a preset.)
    ///
    /// ```
    /// use gridnote_digits::Spec;
    /// assert_eq!(Spec::new(3, 3, 3, true), Spec::TIC_TAC_TOE);
    /// ```
    #[must_use]
    pub const fn new(rows: usize, cols: usize, k: usize, diagonals: bool) -> Spec {
        Spec { rows, cols, k, diagonals }
    }

    /// Tic-tac-toe: 3 × 3, k = 3, diagonals. Generates exactly [`TIC_TAC_TOE_REGEX`](crate::TIC_TAC_TOE_REGEX).
    ///
    /// ```
    /// use gridnote_digits::{Spec, TIC_TAC_TOE_REGEX};
    /// assert_eq!(Spec::TIC_TAC_TOE.generate()?.as_str(), TIC_TAC_TOE_REGEX);
    /// # Ok::<(), gridnote_digits::GenerateError>(())
    /// ```
    pub const TIC_TAC_TOE: Spec = Spec { rows: 3, cols: 3, k: 3, diagonals: true };

    /// Connect Four's lines: 6 rows × 7 columns, four in a row across, down or diagonally.
    /// Only the lines: nothing checks the gravity rule (that pieces rest on the bottom row
    /// or on other pieces), nor the counts.
    ///
    /// ```
    /// use gridnote_digits::{Spec, CONNECT_FOUR_REGEX};
    /// assert_eq!(Spec::CONNECT_FOUR.generate()?.as_str(), CONNECT_FOUR_REGEX);
    /// # Ok::<(), gridnote_digits::GenerateError>(())
    /// ```
    pub const CONNECT_FOUR: Spec = Spec { rows: 6, cols: 7, k: 4, diagonals: true };

    /// The `gridnote-board` rules whose lines the pattern finds (normal play).
    ///
    /// ```
    /// use gridnote_digits::board::Rules;
    /// use gridnote_digits::Spec;
    /// assert_eq!(Spec::TIC_TAC_TOE.rules(), Rules::TIC_TAC_TOE);
    /// ```
    #[must_use]
    pub const fn rules(self) -> Rules {
        Rules::new(self.k, self.diagonals, false)
    }

    /// The length of the digit strings the pattern reads: rows × cols.
    ///
    /// ```
    /// assert_eq!(gridnote_digits::Spec::CONNECT_FOUR.cells(), 42);
    /// ```
    #[must_use]
    pub const fn cells(self) -> usize {
        self.rows * self.cols
    }

    /// Checks the bounds: sides 1..=255, at most [`MAX_CELLS`] cells, 1 ≤ k ≤ the longer
    /// side.
    ///
    /// # Errors
    /// [`GenerateError`] naming the bound that failed.
    ///
    /// ```
    /// use gridnote_digits::{GenerateError, Spec};
    /// assert_eq!(
    ///     Spec::new(3, 3, 4, true).validate(),
    ///     Err(GenerateError::LineLength { k: 4, rows: 3, cols: 3 })
    /// );
    /// ```
    pub const fn validate(self) -> Result<(), GenerateError> {
        let Spec { rows, cols, k, .. } = self;
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(GenerateError::Side { rows, cols });
        }
        if rows * cols > MAX_CELLS {
            return Err(GenerateError::TooManyCells { rows, cols });
        }
        if k == 0 || (k > rows && k > cols) {
            return Err(GenerateError::LineLength { k, rows, cols });
        }
        Ok(())
    }

    /// Generates the pattern (see [`generate`]).
    ///
    /// # Errors
    /// [`GenerateError`] when the spec is out of bounds ([`Spec::validate`]).
    ///
    /// ```
    /// use gridnote_digits::board::Player;
    /// use gridnote_digits::{Spec, Verdict};
    /// let pattern = Spec::new(1, 5, 2, false).generate()?;
    /// assert_eq!(pattern.check("12210")?, Verdict::Won(Player::Two));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate(self) -> Result<Pattern, GenerateError> {
        self.validate()?;
        let text = pattern_text(self);
        let regex =
            Regex::new(&text).map_err(|err| GenerateError::Regex { message: err.to_string() })?;
        Ok(Pattern { spec: self, text, regex })
    }
}

/// Connect Four's lines (6 × 7, k = 4, diagonals; no gravity rule): [`Spec::CONNECT_FOUR`].
///
/// ```
/// use gridnote_digits::{generate, CONNECT_FOUR};
/// assert_eq!(CONNECT_FOUR, generate(6, 7, 4, true)?.spec());
/// # Ok::<(), gridnote_digits::GenerateError>(())
/// ```
pub const CONNECT_FOUR: Spec = Spec::CONNECT_FOUR;

/// The pattern [`generate`] gives for [`CONNECT_FOUR`], shipped as text: the answer to the
/// challenge that closes the tic-tac-toe regex's write-up. It reads 42-digit strings (six
/// rows of seven, top row first) and checks lines only: not the gravity rule, not the
/// counts.
///
/// ```
/// use gridnote_digits::board::Player;
/// use gridnote_digits::{connect_four, CONNECT_FOUR_REGEX, Verdict};
/// assert!(CONNECT_FOUR_REGEX.starts_with("^(?:(?:.{7})*.{0,3}(?:(1)111|(2)222)|"));
/// let board = concat!("0000000", "0000000", "0000200", "0002100", "0021100", "0211100");
/// assert_eq!(connect_four().check(board)?, Verdict::Won(Player::Two));
/// # Ok::<(), gridnote_digits::ParseError>(())
/// ```
pub const CONNECT_FOUR_REGEX: &str = r"^(?:(?:.{7})*.{0,3}(?:(1)111|(2)222)|.*(?:(?:1.{6}){3}(1)|(?:2.{6}){3}(2))|(?:.{7})*.{0,3}(?:(?:1.{7}){3}(1)|(?:2.{7}){3}(2))|(?:.{7})*.{3,6}(?:(?:1.{5}){3}(1)|(?:2.{5}){3}(2))|[12]*$)";

static CONNECT_FOUR_PATTERN: LazyLock<Pattern> = LazyLock::new(|| {
    Spec::CONNECT_FOUR.generate().expect("the Connect Four spec is within bounds (tested)")
});

/// The [`CONNECT_FOUR`] pattern, compiled once.
///
/// ```
/// use gridnote_digits::{connect_four, CONNECT_FOUR_REGEX};
/// assert_eq!(connect_four().as_str(), CONNECT_FOUR_REGEX);
/// ```
#[must_use]
pub fn connect_four() -> &'static Pattern {
    &CONNECT_FOUR_PATTERN
}

/// Generates a pattern of the tic-tac-toe regex's kind for a `rows × cols` board, lines of `k`, diagonals
/// on or off.
///
/// The construction (also in `docs/digits.md`): the pattern is `^(?:` + one alternative
/// per direction a line of k fits + `[12]*$)`. Each alternative is a prefix that reaches
/// any cell where such a line may start (`.*` when every column may start one, else
/// `(?:.{cols})*` for the row and `.{lo,hi}` for the column), then `(?:L1|L2)`, where
/// L1 spells Player One's line with its cells `cols − 1`, `cols` or `cols − 2` characters
/// apart (down, diagonal, anti-diagonal; across they are adjacent) and one cell in a
/// capture group, and L2 the same for Player Two. Player One's groups are therefore the
/// odd ones and Player Two's the even ones. The input's length stops lines from
/// running off the bottom; the column range stops them wrapping round a side.
///
/// # Errors
/// [`GenerateError::Side`] for a side of 0 or over 255, [`GenerateError::TooManyCells`]
/// over [`MAX_CELLS`] cells, [`GenerateError::LineLength`] for k = 0 or k longer than both
/// sides.
///
/// ```
/// use gridnote_digits::board::Player;
/// use gridnote_digits::{generate, Verdict, TIC_TAC_TOE_REGEX};
/// assert_eq!(generate(3, 3, 3, true)?.as_str(), TIC_TAC_TOE_REGEX);
/// let pattern = generate(4, 4, 4, true)?;
/// assert_eq!(pattern.check("0001001001001000")?, Verdict::Won(Player::One));
/// assert!(generate(40, 40, 4, true).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(
    rows: usize,
    cols: usize,
    k: usize,
    diagonals: bool,
) -> Result<Pattern, GenerateError> {
    Spec { rows, cols, k, diagonals }.generate()
}

/// Why a pattern could not be generated.
///
/// ```
/// use gridnote_digits::generate;
/// assert_eq!(
///     generate(64, 64, 4, false).unwrap_err().to_string(),
///     "a 64x64 board has 4096 cells: patterns are generated for at most 1024"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// A side is 0 or over 255.
    #[error("a {rows}x{cols} board is out of range: each side must be 1 to 255")]
    Side {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// More than [`MAX_CELLS`] cells.
    #[error(
        "a {rows}x{cols} board has {} cells: patterns are generated for at most {MAX_CELLS}",
        .rows * .cols
    )]
    TooManyCells {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// k is 0 or longer than both sides (no line could fit).
    #[error(
        "a line of {k} does not fit a {rows}x{cols} board: k must be 1 to {}",
        if .rows > .cols { .rows } else { .cols }
    )]
    LineLength {
        /// The line length asked for.
        k: usize,
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The `regex` crate refused the generated text. Within the bounds this does not
    /// happen (the tests compile the largest shapes); the variant keeps generation total.
    #[error("the generated pattern does not compile: {message}")]
    Regex {
        /// The `regex` crate's message.
        message: String,
    },
}

/// A generated pattern: its [`Spec`], its text and the compiled regex.
///
/// ```
/// use gridnote_digits::board::Player;
/// use gridnote_digits::{generate, Verdict};
/// let pattern = generate(2, 2, 2, true)?;
/// assert_eq!(pattern.as_str(), "^(?:(?:..)*(?:(1)1|(2)2)|.*(?:1.(1)|2.(2))|(?:1..(1)|2..(2))|.(?:1(1)|2(2))|[12]*$)");
/// assert_eq!(pattern.check("0220")?, Verdict::Won(Player::Two)); // b2 and a1
/// assert_eq!(pattern.check("2012")?, Verdict::Won(Player::Two)); // a2 and b1
/// assert_eq!(pattern.check("1200")?, Verdict::NotFinished);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Pattern {
    spec: Spec,
    text: String,
    regex: Regex,
}

impl Pattern {
    /// What the pattern was generated for.
    ///
    /// ```
    /// use gridnote_digits::{generate, Spec};
    /// assert_eq!(generate(3, 3, 3, true)?.spec(), Spec::TIC_TAC_TOE);
    /// # Ok::<(), gridnote_digits::GenerateError>(())
    /// ```
    #[must_use]
    pub const fn spec(&self) -> Spec {
        self.spec
    }

    /// The pattern's text.
    ///
    /// ```
    /// use gridnote_digits::generate;
    /// assert_eq!(generate(1, 1, 1, false)?.as_str(), "^(?:(?:(1)|(2))|[12]*$)");
    /// # Ok::<(), gridnote_digits::GenerateError>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The compiled regex.
    ///
    /// ```
    /// use gridnote_digits::generate;
    /// let pattern = generate(3, 3, 3, true)?;
    /// assert_eq!(pattern.regex().captures_len(), 9); // 8 groups and the whole match
    /// # Ok::<(), gridnote_digits::GenerateError>(())
    /// ```
    #[must_use]
    pub fn regex(&self) -> &Regex {
        &self.regex
    }

    /// The pattern's verdict on `text`, read as the tic-tac-toe regex is (odd group: Player One; even
    /// group: Player Two; a match with no group: draw; no match: not finished), WITHOUT
    /// validating the text first. Only a string of exactly rows × cols characters of
    /// `0 1 2` gets a meaningful answer; [`Pattern::check`] validates first.
    ///
    /// ```
    /// use gridnote_digits::{generate, Verdict};
    /// let pattern = generate(2, 2, 2, false)?;
    /// assert_eq!(pattern.verdict("1221"), Verdict::Draw);
    /// assert_eq!(pattern.verdict(""), Verdict::Draw); // nonsense in, nonsense out
    /// # Ok::<(), gridnote_digits::GenerateError>(())
    /// ```
    #[must_use]
    pub fn verdict(&self, text: &str) -> Verdict {
        read_verdict(&self.regex, text)
    }

    /// Validates `text` (exactly rows × cols characters of `0 1 2`), then gives the
    /// pattern's verdict. Where at most one player holds a line it equals the direct
    /// verdict (`Board::outcome` under [`Spec::rules`]); where both do, it names one of
    /// them.
    ///
    /// # Errors
    /// [`ParseError`] with the span of the first bad character or of the wrong length.
    ///
    /// ```
    /// use gridnote_digits::board::Player;
    /// use gridnote_digits::{generate, ParseError, Verdict};
    /// let pattern = generate(3, 4, 3, false)?;
    /// assert_eq!(pattern.check("000011100000")?, Verdict::Won(Player::One));
    /// // A line may not wrap from one row into the next:
    /// assert_eq!(pattern.check("001110000000")?, Verdict::NotFinished);
    /// assert_eq!(pattern.check("0").unwrap_err().to_string(), "expected 12 digits, found 1 character");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, text: &str) -> Result<Verdict, ParseError> {
        cells(text, self.spec.cells(), |_, _| {})?;
        Ok(self.verdict(text))
    }
}

impl fmt::Display for Pattern {
    /// The pattern's text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The text of the pattern for a validated spec.
fn pattern_text(spec: Spec) -> String {
    let Spec { rows, cols, k, diagonals } = spec;
    let mut out = String::from("^(?:");
    // (row step, column step); with k = 1 every direction finds the same single cells.
    let directions: &[(usize, isize)] = match (k, diagonals) {
        (1, _) => &[(0, 1)],
        (_, false) => &[(0, 1), (1, 0)],
        (_, true) => &[(0, 1), (1, 0), (1, 1), (1, -1)],
    };
    for &(dr, dc) in directions {
        // Lines in this direction need k rows (when going down) and k columns (when
        // going sideways).
        if (dr == 1 && k > rows) || (dc != 0 && k > cols) {
            continue;
        }
        // Start rows 0..start_rows; start columns lo..=hi.
        let start_rows = if dr == 0 { rows } else { rows - k + 1 };
        let (lo, hi) = match dc {
            0 => (0, cols - 1),
            1 => (0, cols - k),
            _ => (k - 1, cols - 1),
        };
        // Characters skipped between two cells of a line in the row-major string.
        let gap = (dr * cols).wrapping_add_signed(dc) - 1;
        // The prefix: any start row (the string's length rules out rows too low for the
        // line), then a start column in lo..=hi; `.*` when every column may start one
        // (nothing at all when only the single cell at the start may).
        if lo == 0 && hi == cols - 1 && (start_rows > 1 || hi > 0) {
            out.push_str(".*");
        } else {
            if start_rows > 1 {
                out.push_str("(?:");
                push_any(&mut out, cols);
                out.push_str(")*");
            }
            if lo == hi {
                push_any(&mut out, lo);
            } else {
                out.push_str(&format!(".{{{lo},{hi}}}"));
            }
        }
        out.push_str("(?:");
        for (i, digit) in ['1', '2'].into_iter().enumerate() {
            if i == 1 {
                out.push('|');
            }
            if (dr, dc) == (0, 1) {
                // Across, as the tic-tac-toe regex writes rows: the first cell captured, then k − 1.
                out.push('(');
                out.push(digit);
                out.push(')');
                push_repeat(&mut out, &digit.to_string(), k - 1);
            } else {
                // Down and diagonal, as the tic-tac-toe regex writes them: k − 1 cells each followed
                // by the gap, then the last cell captured.
                let mut unit = digit.to_string();
                push_any(&mut unit, gap);
                push_repeat(&mut out, &unit, k - 1);
                out.push('(');
                out.push(digit);
                out.push(')');
            }
        }
        out.push_str(")|");
    }
    out.push_str("[12]*$)");
    out
}

/// Appends a pattern for exactly `n` characters: nothing, `.`, `..`, `...`, or `.{n}`.
fn push_any(out: &mut String, n: usize) {
    if n <= 3 {
        out.extend(core::iter::repeat_n('.', n));
    } else {
        out.push_str(&format!(".{{{n}}}"));
    }
}

/// Appends `unit` repeated `n` times: spelled out for a single character up to 3 times,
/// else `c{n}` or `(?:unit){n}`.
fn push_repeat(out: &mut String, unit: &str, n: usize) {
    let single = unit.chars().count() == 1;
    match n {
        0 => {}
        1 => out.push_str(unit),
        _ if single && n <= 3 => out.extend(core::iter::repeat_n(unit, n)),
        _ if single => out.push_str(&format!("{unit}{{{n}}}")),
        _ => out.push_str(&format!("(?:{unit}){{{n}}}")),
    }
}
