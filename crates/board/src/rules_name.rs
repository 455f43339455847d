//! The names of m,n,k rules: a preset (`tic-tac-toe`, `tomorrows`, `gomoku`, `renju`,
//! `caro`) and `+` modifiers, read by [`Rules`]' `FromStr` and printed by its `Display`.
//! The grammar is in `docs/gomoku.md` (the gomoku presets) and `docs/board.md`.

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use crate::name::UnknownName;
use crate::report::Spanned;
use crate::rules::{Gomoku, Rules};

impl fmt::Display for Rules {
    /// Freestyle rules as they always were: `tic-tac-toe` when diagonals count,
    /// `tomorrows` when they do not, then `+misere` and `+k=N` for what differs.
    /// (Tomorrow's rules with diagonals are tic-tac-toe's; freestyle gomoku is
    /// `tic-tac-toe+k=5`.) The other gomoku rule sets: `gomoku+exact`, `renju` or `caro`,
    /// then `+no-diagonals`, `+misere` and `+k=N` for what differs from five in a row
    /// with diagonals.
    ///
    /// ```
    /// use gridnote_board::Rules;
    /// assert_eq!(Rules::GOMOKU.to_string(), "tic-tac-toe+k=5");
    /// assert_eq!(Rules::GOMOKU_EXACT.to_string(), "gomoku+exact");
    /// assert_eq!(Rules::RENJU.with_in_a_row(6).to_string(), "renju+k=6");
    /// assert_eq!(Rules::CARO.with_diagonals(false).to_string(), "caro+no-diagonals");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let usual_k = match self.gomoku {
            Gomoku::Freestyle => {
                f.write_str(if self.diagonals { "tic-tac-toe" } else { "tomorrows" })?;
                3
            }
            other => {
                f.write_str(match other {
                    Gomoku::Exact => "gomoku+exact",
                    Gomoku::Renju => "renju",
                    _ => "caro",
                })?;
                if !self.diagonals {
                    f.write_str("+no-diagonals")?;
                }
                5
            }
        };
        if self.misere {
            f.write_str("+misere")?;
        }
        if self.in_a_row != usual_k {
            write!(f, "+k={}", self.in_a_row)?;
        }
        Ok(())
    }
}

impl Rules {
    /// The preset names [`Rules`] reads, before any `+` modifier.
    ///
    /// ```
    /// use gridnote_board::Rules;
    /// assert_eq!(Rules::PRESETS, ["tic-tac-toe", "tomorrows", "gomoku", "renju", "caro"]);
    /// ```
    pub const PRESETS: &'static [&'static str] =
        &["tic-tac-toe", "tomorrows", "gomoku", "renju", "caro"];

    /// The modifiers [`Rules`] reads after a preset, as messages list them (`+exact`
    /// only after `tic-tac-toe`, `tomorrows` and `gomoku`: renju and caro have their
    /// own rule for long runs).
    ///
    /// ```
    /// use gridnote_board::Rules;
    /// assert_eq!(Rules::MODIFIERS[0], "+misere");
    /// assert_eq!(Rules::MODIFIERS.last(), Some(&"+exact"));
    /// ```
    pub const MODIFIERS: &'static [&'static str] =
        &["+misere", "+diagonals", "+no-diagonals", "+k=N (N > 0)", "+exact"];
}

/// Why a text is not a rules name: an unknown preset or modifier, or two modifiers that
/// set the same thing (`+k=3+k=4`, `+diagonals+no-diagonals`, `+misere+misere`).
///
/// ```
/// use gridnote_board::report::Spanned;
/// use gridnote_board::{Rules, RulesNameError};
/// let err = "tic-tac-toe+k=3+k=4".parse::<Rules>().unwrap_err();
/// assert_eq!(err.to_string(), "rules modifier `+k=4` conflicts with `+k=3`: give each once");
/// assert_eq!(err.span(), 15..19);
/// assert!(matches!("chess".parse::<Rules>(), Err(RulesNameError::Unknown(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum RulesNameError {
    /// A preset or a modifier that is none of [`Rules::PRESETS`] / [`Rules::MODIFIERS`]
    /// (`what` is `rules` or `rules modifier`).
    #[error(transparent)]
    Unknown(#[from] UnknownName),
    /// A modifier setting what an earlier one set (the same modifier twice, or its
    /// opposite); `span` is the later one's.
    #[error("{}", Conflict { first, second })]
    Conflict {
        /// The earlier modifier, as given.
        first: String,
        /// The later modifier, as given.
        second: String,
        /// The bytes of the later modifier.
        span: Range<usize>,
    },
}

impl Spanned for RulesNameError {
    fn span(&self) -> Range<usize> {
        match self {
            RulesNameError::Unknown(unknown) => unknown.span(),
            RulesNameError::Conflict { span, .. } => span.clone(),
        }
    }
}

/// The message of [`RulesNameError::Conflict`].
struct Conflict<'a> {
    first: &'a str,
    second: &'a str,
}

impl fmt::Display for Conflict<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.second {
            write!(f, "rules modifier `{}` is given twice", self.second)
        } else {
            write!(
                f,
                "rules modifier `{}` conflicts with `{}`: give each once",
                self.second, self.first
            )
        }
    }
}

/// What a modifier sets: modifiers of one kind may not be given together.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Setting {
    Misere,
    Diagonals,
    InARow,
    Exact,
}

impl FromStr for Rules {
    type Err = RulesNameError;

    /// Reads a preset name (`tic-tac-toe`, `tomorrows`, `gomoku`, `renju`, `caro`) with
    /// optional `+misere`, `+diagonals`, `+no-diagonals`, `+k=N` (N ≥ 1) and (not after
    /// renju or caro) `+exact` modifiers, in any order, each kind at most once: every
    /// name [`Rules`]' `Display` prints, and a few more.
    ///
    /// # Errors
    /// [`RulesNameError::Unknown`] for the preset ([`Rules::PRESETS`], `what` = `rules`)
    /// or the first modifier ([`Rules::MODIFIERS`], `what` = `rules modifier`, the span
    /// of that `+modifier`) that is not one; [`RulesNameError::Conflict`] for the first
    /// modifier that sets what an earlier one set.
    ///
    /// ```
    /// use gridnote_board::Rules;
    /// let err = "chess".parse::<Rules>().unwrap_err();
    /// assert_eq!(err.to_string(), "unknown rules `chess`: expected one of tic-tac-toe, tomorrows, gomoku, renju, caro");
    /// let err = "tomorrows+k=0".parse::<Rules>().unwrap_err();
    /// assert_eq!(err.to_string(), "unknown rules modifier `+k=0`: expected one of +misere, +diagonals, +no-diagonals, +k=N (N > 0), +exact");
    /// let err = "renju+exact".parse::<Rules>().unwrap_err();
    /// assert_eq!(err.to_string(), "unknown rules modifier `+exact`: expected one of +misere, +diagonals, +no-diagonals, +k=N (N > 0)");
    /// let err = "gomoku+diagonals+no-diagonals".parse::<Rules>().unwrap_err();
    /// assert_eq!(err.to_string(), "rules modifier `+no-diagonals` conflicts with `+diagonals`: give each once");
    /// assert_eq!("gomoku".parse::<Rules>(), Ok(Rules::GOMOKU));
    /// ```
    fn from_str(s: &str) -> Result<Rules, RulesNameError> {
        let preset = s.find('+').map_or(s, |end| &s[..end]);
        let mut rules = match preset {
            "tic-tac-toe" => Rules::TIC_TAC_TOE,
            "tomorrows" => Rules::TOMORROWS,
            "gomoku" => Rules::GOMOKU,
            "renju" => Rules::RENJU,
            "caro" => Rules::CARO,
            _ => return Err(UnknownName::new("rules", preset, Rules::PRESETS).into()),
        };
        // Renju and caro have their own rule for runs longer than k: no `+exact`.
        let modifiers =
            if rules.gomoku.is_freestyle() { Rules::MODIFIERS } else { &Rules::MODIFIERS[..4] };
        let mut seen: [Option<(Setting, &str)>; 4] = [None; 4];
        let mut at = preset.len();
        while at < s.len() {
            // `s[at..]` starts with `+`.
            let end = s[at + 1..].find('+').map_or(s.len(), |i| at + 1 + i);
            let modifier = &s[at..end];
            let setting = match &modifier[1..] {
                "misere" => {
                    rules.misere = true;
                    Setting::Misere
                }
                "diagonals" => {
                    rules.diagonals = true;
                    Setting::Diagonals
                }
                "no-diagonals" => {
                    rules.diagonals = false;
                    Setting::Diagonals
                }
                "exact" if modifiers.len() > 4 => {
                    rules.gomoku = Gomoku::Exact;
                    Setting::Exact
                }
                part => {
                    let k = part
                        .strip_prefix("k=")
                        .and_then(|k| gridnote_text::number::parse_decimal(k).ok())
                        .filter(|&k| k > 0);
                    let Some(k) = k else {
                        return Err(UnknownName::new("rules modifier", modifier, modifiers)
                            .offset(at)
                            .into());
                    };
                    rules.in_a_row = k as usize;
                    Setting::InARow
                }
            };
            if let Some((_, first)) = seen.iter().flatten().find(|(kind, _)| *kind == setting) {
                return Err(RulesNameError::Conflict {
                    first: (*first).to_owned(),
                    second: modifier.to_owned(),
                    span: at..end,
                });
            }
            if let Some(slot) = seen.iter_mut().find(|slot| slot.is_none()) {
                *slot = Some((setting, modifier));
            }
            at = end;
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::RulesNameError;
    use crate::report::Spanned;
    use crate::rules::{Gomoku, Rules};

    #[test]
    fn every_kind_of_modifier_is_given_once() {
        for (name, first, second, span) in [
            ("tic-tac-toe+k=3+k=4", "+k=3", "+k=4", 15..19),
            ("tomorrows+diagonals+no-diagonals", "+diagonals", "+no-diagonals", 19..32),
            ("gomoku+misere+k=5+misere", "+misere", "+misere", 17..24),
            ("tic-tac-toe+exact+k=5+exact", "+exact", "+exact", 21..27),
            ("renju+no-diagonals+diagonals", "+no-diagonals", "+diagonals", 18..28),
        ] {
            let err = name.parse::<Rules>().unwrap_err();
            assert_eq!(
                err,
                RulesNameError::Conflict {
                    first: first.to_owned(),
                    second: second.to_owned(),
                    span: span.clone()
                },
                "{name}"
            );
            assert_eq!(err.span(), span);
        }
        assert_eq!(
            "gomoku+k=5+k=5".parse::<Rules>().unwrap_err().to_string(),
            "rules modifier `+k=5` is given twice"
        );
    }

    #[test]
    fn the_gomoku_presets() {
        assert_eq!("gomoku".parse::<Rules>(), Ok(Rules::new(5, true, false)));
        assert_eq!("gomoku+exact".parse::<Rules>(), Ok(Rules::GOMOKU_EXACT));
        assert_eq!("renju".parse::<Rules>().map(|r| r.gomoku), Ok(Gomoku::Renju));
        assert_eq!(
            "caro+k=6+misere".parse::<Rules>(),
            Ok(Rules::CARO.with_in_a_row(6).with_misere(true))
        );
        assert_eq!(
            "tomorrows+exact".parse::<Rules>(),
            Ok(Rules::TOMORROWS.with_gomoku(Gomoku::Exact))
        );
        assert_eq!(
            Rules::TOMORROWS.with_gomoku(Gomoku::Exact).to_string(),
            "gomoku+exact+no-diagonals+k=3"
        );
        assert!("caro+exact".parse::<Rules>().is_err());
    }
}
