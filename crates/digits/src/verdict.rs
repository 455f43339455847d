//! Verdicts: the published tic-tac-toe regular expression (a gist by DZ-TM, see
//! docs/digits.md), read as its author explains it, and the direct check through
//! `gridnote-board`'s lines.

use core::fmt;
use std::sync::LazyLock;

use gridnote_board::{Outcome, Player, Rules};
use regex::Regex;

use crate::digits::Digits;

/// The published tic-tac-toe regular expression, character for character (DZ-TM's gist,
/// written for Go's RE2; the `regex` crate accepts it unchanged and matches it the same
/// way, leftmost-first). [`Spec::TIC_TAC_TOE`](crate::Spec::TIC_TAC_TOE) generates it.
///
/// Odd capture groups capture a `1`, even ones a `2`; the last alternative, `[12]*$`,
/// matches a full board.
///
/// ```
/// use gridnote_digits::TIC_TAC_TOE_REGEX;
/// assert!(TIC_TAC_TOE_REGEX.starts_with("^(?:(?:...)*(?:(1)11|(2)22)|"));
/// assert!(TIC_TAC_TOE_REGEX.ends_with("|[12]*$)"));
/// ```
pub const TIC_TAC_TOE_REGEX: &str = r"^(?:(?:...)*(?:(1)11|(2)22)|.*(?:(?:1..){2}(1)|(?:2..){2}(2))|(?:(?:1...){2}(1)|(?:2...){2}(2))|..(?:(?:1.){2}(1)|(?:2.){2}(2))|[12]*$)";

/// The former name of [`TIC_TAC_TOE_REGEX`], kept for one release.
#[deprecated(note = "renamed `TIC_TAC_TOE_REGEX`")]
pub const SEED_REGEX: &str = TIC_TAC_TOE_REGEX;

static TIC_TAC_TOE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(TIC_TAC_TOE_REGEX).expect("the regex compiles (tested)"));

/// [`TIC_TAC_TOE_REGEX`], compiled once.
///
/// ```
/// use gridnote_digits::tic_tac_toe_regex;
/// let caps = tic_tac_toe_regex().captures("111220000").unwrap();
/// assert_eq!(caps.get(1).map(|m| m.as_str()), Some("1"));
/// ```
#[must_use]
pub fn tic_tac_toe_regex() -> &'static Regex {
    &TIC_TAC_TOE
}

/// The former name of [`tic_tac_toe_regex`], kept for one release.
#[deprecated(note = "renamed `tic_tac_toe_regex`")]
#[must_use]
pub fn seed_regex() -> &'static Regex {
    tic_tac_toe_regex()
}

/// What a classifier says about a board.
///
/// The regex only ever answers the first four; [`Verdict::BothHoldLines`] comes
/// from the direct check ([`Outcome::Contested`]), on boards no game reaches.
///
/// ```
/// use gridnote_digits::board::{Outcome, Player};
/// use gridnote_digits::Verdict;
/// assert_eq!(Verdict::from(Outcome::Won(Player::Two)), Verdict::Won(Player::Two));
/// assert_eq!(Verdict::Won(Player::One).to_string(), "Player One wins");
/// assert_eq!(Verdict::NotFinished.to_string(), "not finished");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Verdict {
    /// This player holds a line (and the other does not, for the direct check).
    Won(Player),
    /// No line and no empty cell.
    Draw,
    /// No line and an empty cell remains.
    NotFinished,
    /// Both players hold a line (direct check only).
    BothHoldLines,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Won(player) => write!(f, "{player} wins"),
            Verdict::Draw => f.write_str("draw"),
            Verdict::NotFinished => f.write_str("not finished"),
            Verdict::BothHoldLines => f.write_str("both players hold a line"),
        }
    }
}

impl From<Outcome> for Verdict {
    /// `InProgress` → `NotFinished`, `Won` → `Won`, `Drawn` → `Draw`, `Contested` →
    /// `BothHoldLines`.
    fn from(outcome: Outcome) -> Verdict {
        match outcome {
            Outcome::InProgress => Verdict::NotFinished,
            Outcome::Won(player) => Verdict::Won(player),
            Outcome::Drawn => Verdict::Draw,
            Outcome::Contested => Verdict::BothHoldLines,
        }
    }
}

/// Runs `regex` on `text` and reads the answer as the regex's author says: no match, not finished; a
/// set odd capture group, Player One; a set even group, Player Two; a match with no group
/// set, a draw. (The first set group decides; a leftmost-first match sets at most one.)
pub(crate) fn read_verdict(regex: &Regex, text: &str) -> Verdict {
    let mut locations = regex.capture_locations();
    if regex.captures_read(&mut locations, text).is_none() {
        return Verdict::NotFinished;
    }
    match (1..locations.len()).find(|&group| locations.get(group).is_some()) {
        Some(group) if group % 2 == 1 => Verdict::Won(Player::One),
        Some(_) => Verdict::Won(Player::Two),
        None => Verdict::Draw,
    }
}

/// [`TIC_TAC_TOE_REGEX`]'s verdict on `text`, read exactly as its author explains it.
///
/// It runs on ANY text, without the checks the regex assumes (nine characters of `0 1 2`,
/// counts within one), so that its limits can be shown: it answers nonsense for other
/// text, and where both players hold a line it names the owner of the lowest row holding
/// a line, or, with no row line, of the rightmost column holding one. Use
/// [`check`](crate::check) to validate first and compare with the direct check.
///
/// ```
/// use gridnote_digits::board::Player;
/// use gridnote_digits::{regex_verdict, Verdict};
/// assert_eq!(regex_verdict("120120100"), Verdict::Won(Player::One));
/// assert_eq!(regex_verdict("121212212"), Verdict::Draw);
/// assert_eq!(regex_verdict("120000000"), Verdict::NotFinished);
/// // Its limits: text that is not a digit string.
/// assert_eq!(regex_verdict(""), Verdict::Draw);
/// assert_eq!(regex_verdict("0001110000"), Verdict::Won(Player::One));
/// // Both players hold a line: it names the owner of the lowest row.
/// assert_eq!(regex_verdict("111000222"), Verdict::Won(Player::Two));
/// ```
#[must_use]
pub fn regex_verdict(text: &str) -> Verdict {
    read_verdict(&TIC_TAC_TOE, text)
}

/// The former name of [`regex_verdict`], kept for one release.
#[deprecated(note = "renamed `regex_verdict`")]
#[must_use]
pub fn seed_verdict(text: &str) -> Verdict {
    regex_verdict(text)
}

/// The verdict from the board's lines under tic-tac-toe rules (through
/// [`gridnote_board::Rules::outcome_of_cells`], the shared model's outcome of
/// [`gridnote_board::Board::outcome`] on the string's own cells);
/// [`Verdict::BothHoldLines`] when both players hold a line.
///
/// ```
/// use gridnote_digits::board::Player;
/// use gridnote_digits::{direct_verdict, Digits, Verdict};
/// assert_eq!(direct_verdict(&"111220000".parse::<Digits>()?), Verdict::Won(Player::One));
/// assert_eq!(direct_verdict(&"111000222".parse::<Digits>()?), Verdict::BothHoldLines);
/// # Ok::<(), gridnote_digits::ParseError>(())
/// ```
#[must_use]
pub fn direct_verdict(digits: &Digits) -> Verdict {
    // The digit string's own cells, decided by the shared model's lines without
    // copying them into a `Board` first.
    match Rules::TIC_TAC_TOE.outcome_of_cells(3, 3, digits.cells()) {
        Ok(outcome) => Verdict::from(outcome),
        // A digit string is always 3×3; the shared model's board gives the same answer.
        Err(_) => Verdict::from(digits.board().outcome(Rules::TIC_TAC_TOE)),
    }
}
