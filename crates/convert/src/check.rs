//! [`Source::check`]: what a position's format and game say of it beyond syntax, for
//! any format, so that the hubs print one report instead of asking the format crates.

use gridnote_board::notation::{Game, Notation};
use gridnote_board::renju::Forbidden;
use gridnote_board::{CellName, Gomoku, Outcome, Problems, Rules};

use crate::source::Source;

/// One problem a check finds: its stable name and its sentence.
///
/// ```
/// use gridnote_convert::{read, Options};
/// let source = read("220000000", None, &Options::default())?;
/// let checked = source.check(None);
/// assert_eq!(checked.problems[0].name, "too-many-two");
/// assert_eq!(
///     checked.problems[0].message,
///     "Player Two has more pieces than Player One, who moves first"
/// );
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CheckProblem {
    /// The stable name (`counts`, `side-to-move`, `too-many-defenders`, …).
    pub name: &'static str,
    /// The sentence.
    pub message: String,
}

/// What [`Source::check`] finds: every problem in a fixed order, and for an m,n,k
/// position the rules judged by, the typed legality problems and the outcome.
///
/// A tafl position gets the piece-count check of every tafl position (the kings), or
/// with TSN's counters TSN's semantic check (the counters against the board, the king):
/// no rules, no outcome (the tafl rules engine judges those).
///
/// ```
/// use gridnote_convert::{read, Options};
/// use gridnote_convert::board::{Outcome, Player, Rules};
///
/// let mnk = read("xxx/oo_/3_ o", None, &Options::default())?.check(None);
/// assert!(mnk.is_legal());
/// assert_eq!(mnk.rules, Some(Rules::TIC_TAC_TOE));
/// assert_eq!(mnk.outcome, Some(Outcome::Won(Player::One)));
///
/// let tafl = read("3 4 3/1a1/1k1 a 3 2", None, &Options::default())?.check(None);
/// assert!(tafl.is_legal());
/// assert_eq!((tafl.rules, tafl.outcome), (None, None));
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Checked {
    /// Every problem found, in a fixed order: empty means legal.
    pub problems: Vec<CheckProblem>,
    /// The m,n,k rules judged by (`None` for a tafl position).
    pub rules: Option<Rules>,
    /// The m,n,k legality problems in gridnote-board's typed form (the same as
    /// `problems`; `None` for a tafl position).
    pub legality: Option<Problems>,
    /// The m,n,k outcome under `rules` (`None` for a tafl position).
    pub outcome: Option<Outcome>,
    /// Under renju, black's forbidden points of a game in progress with their kind, in
    /// row-major order (`None` under any other rules, for a finished game and for a tafl
    /// position).
    ///
    /// ```
    /// use gridnote_convert::{read, Options};
    /// use gridnote_convert::board::Rules;
    /// use gridnote_convert::board::renju::Forbidden;
    /// // Black (x) on d4 e4 f5 f6 of a 9×9 board: f4 would make two threes.
    /// let source = read("9_/9_/9_/5_x3_/5_x3_/3_xx4_/9_/9_/9_ o", None, &Options::default())?;
    /// let forbidden = source.check(Some(Rules::RENJU)).forbidden.expect("renju");
    /// assert_eq!(forbidden.len(), 1);
    /// assert_eq!((forbidden[0].0.to_string(), forbidden[0].1), ("f4".to_owned(), Forbidden::DoubleThree));
    /// assert_eq!(source.check(None).forbidden, None);
    /// # Ok::<(), gridnote_convert::ConvertError>(())
    /// ```
    pub forbidden: Option<Vec<(CellName, Forbidden)>>,
}

impl Checked {
    /// Whether the check found no problem.
    ///
    /// ```
    /// use gridnote_convert::{read, Options};
    /// assert!(!read("220000000", None, &Options::default())?.check(None).is_legal());
    /// # Ok::<(), gridnote_convert::ConvertError>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self) -> bool {
        self.problems.is_empty()
    }
}

/// A digit string's own check ([`Source::digits_check`]): the tic-tac-toe regex's loose
/// counting rule and its verdict beside the direct one. With the `serde` feature it
/// serialises as gridnote-digits' full report (`Report`).
///
/// ```
/// use gridnote_convert::{read, Options};
/// let source = read("111000222", None, &Options::default())?;
/// let digits = source.digits_check().expect("a digit string");
/// assert!(digits.counts_within_one);
/// assert_eq!(digits.regex_verdict, "Player Two wins");
/// assert_eq!(digits.direct_verdict, "both players hold a line");
/// assert!(digits.agreement.starts_with("disagree: both players hold a line"));
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DigitsCheck {
    /// Whether the regex's loose counting rule "#1 = #2 ± 1 or 0" holds.
    pub counts_within_one: bool,
    /// The tic-tac-toe regex's verdict, as a sentence.
    pub regex_verdict: String,
    /// The verdict from the board's lines, as a sentence.
    pub direct_verdict: String,
    /// Whether the two verdicts agree, and why not, as a sentence.
    pub agreement: String,
    report: gridnote_digits::Report,
}

impl DigitsCheck {
    /// The former name of the field [`DigitsCheck::counts_within_one`], kept for one
    /// release.
    #[deprecated(note = "renamed the field `counts_within_one`")]
    #[must_use]
    pub fn seed_count_rule(&self) -> bool {
        self.counts_within_one
    }

    /// The former name of the field [`DigitsCheck::regex_verdict`], kept for one release.
    #[deprecated(note = "renamed the field `regex_verdict`")]
    #[must_use]
    pub fn seed_verdict(&self) -> &str {
        &self.regex_verdict
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for DigitsCheck {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.report.serialize(serializer)
    }
}

impl Source {
    /// Checks the position: under m,n,k `rules` (the format's default rules when
    /// `None`) its legality problems and outcome; a tafl position gets its format's
    /// semantic check, and `rules` do not apply to it. A digit string's own check is
    /// [`Source::digits_check`].
    ///
    /// ```
    /// use gridnote_convert::{read, Options};
    /// use gridnote_convert::board::{Outcome, Player, Rules};
    ///
    /// let source = read("3 4 3/3/3 a 1 0", None, &Options::default())?;
    /// let names: Vec<&str> = source.check(None).problems.iter().map(|p| p.name).collect();
    /// assert_eq!(names, ["no-king"]);
    ///
    /// let source = read("xxx/oo_/3_ o", None, &Options::default())?;
    /// let mut misere = Rules::TIC_TAC_TOE;
    /// misere.misere = true;
    /// assert_eq!(source.check(Some(misere)).outcome, Some(Outcome::Won(Player::Two)));
    /// # Ok::<(), gridnote_convert::ConvertError>(())
    /// ```
    #[must_use]
    pub fn check(&self, rules: Option<Rules>) -> Checked {
        if self.format.game() == Game::Tafl {
            return Checked {
                problems: tafl_problems(self),
                rules: None,
                legality: None,
                outcome: None,
                forbidden: None,
            };
        }
        let rules = rules.unwrap_or_else(|| self.format.default_rules());
        let legality = self.board.problems(rules, self.to_move);
        let problems = legality
            .iter()
            .map(|p| CheckProblem { name: p.name(), message: p.to_string() })
            .collect();
        let outcome = self.board.outcome(rules);
        let forbidden =
            (rules.gomoku == Gomoku::Renju && outcome == Outcome::InProgress).then(|| {
                let board = &self.board;
                let points = board.forbidden_points(rules).into_iter();
                points.map(|((r, c), kind)| (board.cell_name(r, c), kind)).collect()
            });
        Checked {
            problems,
            rules: Some(rules),
            outcome: Some(outcome),
            legality: Some(legality),
            forbidden,
        }
    }

    /// A digit string's own check (the tic-tac-toe regex's verdict beside the direct
    /// one), for a source read from digits; `None` for every other
    /// format.
    ///
    /// ```
    /// use gridnote_convert::{read, Options};
    /// let source = read("120000000", None, &Options::default())?;
    /// assert_eq!(source.digits_check().map(|d| d.agreement), Some("agree".to_owned()));
    /// assert!(read("3_/3_/3_ x", None, &Options::default())?.digits_check().is_none());
    /// # Ok::<(), gridnote_convert::ConvertError>(())
    /// ```
    #[must_use]
    pub fn digits_check(&self) -> Option<DigitsCheck> {
        if self.format.name() != <gridnote_digits::Digits as Notation>::NAME {
            return None;
        }
        let digits = gridnote_digits::Digits::try_from(&self.board).ok()?;
        let report = gridnote_digits::Report::new(digits);
        Some(DigitsCheck {
            counts_within_one: report.counts_within_one,
            regex_verdict: report.regex.to_string(),
            direct_verdict: report.direct.to_string(),
            agreement: report.agreement.to_string(),
            report,
        })
    }
}

/// The tafl checks of a source: TSN's semantic check when it carries the tafl counters
/// (the counters against the board, and the king), else the piece counts every tafl
/// position is held to (the model's: one king of the defenders, at most one of a side).
fn tafl_problems(source: &Source) -> Vec<CheckProblem> {
    match gridnote_tafl::Tsn::carried(source) {
        None => gridnote_board::tafl::count_problems(&source.board)
            .iter()
            .map(|p| CheckProblem { name: p.name(), message: p.to_string() })
            .collect(),
        Some(Ok(tsn)) => tsn
            .problems()
            .iter()
            .map(|p| CheckProblem { name: p.name(), message: p.to_string() })
            .collect(),
        Some(Err(err)) => vec![CheckProblem { name: "model", message: err.to_string() }],
    }
}
