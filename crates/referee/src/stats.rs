//! The score of a match, its 95% confidence interval and the Elo difference it implies,
//! computed as cutechess-cli does: each game scores 1, ½ or 0 for engine A; the interval
//! is the mean ± 1.96 standard errors of those per-game scores; the Elo difference of a
//! score s is −400·log10(1/s − 1), and its error is half the width of the interval mapped
//! through the same function.

/// Wins, draws and losses from engine A's side.
///
/// ```
/// use gridnote_referee::stats::Tally;
/// let tally = Tally { a_wins: 6, draws: 2, b_wins: 2 };
/// assert_eq!(tally.games(), 10);
/// assert_eq!(tally.score(), Some(0.7));
/// let elo = tally.elo().unwrap();
/// assert_eq!(format!("{:.1}", elo.difference), "147.2");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tally {
    /// Games engine A won.
    pub a_wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games engine B won.
    pub b_wins: u32,
}

/// An Elo difference with its 95% error margin.
///
/// ```
/// use gridnote_referee::stats::Tally;
/// let elo = Tally { a_wins: 5, draws: 0, b_wins: 5 }.elo().unwrap();
/// assert_eq!(elo.difference, 0.0);
/// assert!(elo.error > 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Elo {
    /// The estimated difference, A minus B (infinite when one side scored everything).
    pub difference: f64,
    /// Half the width of the 95% interval (infinite when it reaches a sure result).
    pub error: f64,
}

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference a score stands for.
fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0` turns the −0.0 of an even score into 0.0.
        -400.0 * (1.0 / score - 1.0).log10() + 0.0
    }
}

impl Tally {
    /// Adds one game's result, from A's side: 1 a win, ½ a draw, 0 a loss.
    ///
    /// ```
    /// use gridnote_referee::stats::{Tally, GameScore};
    /// let mut tally = Tally::default();
    /// tally.add(GameScore::AWins);
    /// tally.add(GameScore::Draw);
    /// assert_eq!(tally, Tally { a_wins: 1, draws: 1, b_wins: 0 });
    /// ```
    pub fn add(&mut self, score: GameScore) {
        match score {
            GameScore::AWins => self.a_wins += 1,
            GameScore::Draw => self.draws += 1,
            GameScore::BWins => self.b_wins += 1,
        }
    }

    /// The number of games.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.a_wins + self.draws + self.b_wins
    }

    /// A's mean score per game; `None` before any game.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (f64::from(self.a_wins) + 0.5 * f64::from(self.draws)) / f64::from(n))
    }

    /// The 95% confidence interval of the score, clamped to [0, 1].
    ///
    /// ```
    /// use gridnote_referee::stats::Tally;
    /// let (low, high) = Tally { a_wins: 10, draws: 0, b_wins: 10 }.interval().unwrap();
    /// assert_eq!(format!("{low:.3} {high:.3}"), "0.281 0.719");
    /// ```
    #[must_use]
    pub fn interval(&self) -> Option<(f64, f64)> {
        let score = self.score()?;
        let n = f64::from(self.games());
        let variance = (f64::from(self.a_wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.b_wins) * score.powi(2))
            / n;
        let margin = Z95 * (variance / n).sqrt();
        Some(((score - margin).max(0.0), (score + margin).min(1.0)))
    }

    /// The Elo difference and its error; `None` before any game.
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let score = self.score()?;
        let (low, high) = self.interval()?;
        let difference = elo_of(score);
        let error = (elo_of(high) - elo_of(low)) / 2.0;
        Some(Elo { difference, error })
    }
}

/// One game's result from engine A's side.
///
/// ```
/// use gridnote_referee::stats::GameScore;
/// assert_eq!(GameScore::Draw.points(), 0.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GameScore {
    /// Engine A won.
    AWins,
    /// A draw.
    Draw,
    /// Engine B won.
    BWins,
}

impl GameScore {
    /// A's points: 1, ½ or 0.
    #[must_use]
    pub const fn points(self) -> f64 {
        match self {
            GameScore::AWins => 1.0,
            GameScore::Draw => 0.5,
            GameScore::BWins => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sure_result_has_an_infinite_elo() {
        let elo = Tally { a_wins: 4, draws: 0, b_wins: 0 }.elo().unwrap();
        assert_eq!(elo.difference, f64::INFINITY);
    }

    #[test]
    fn cutechess_figures() {
        // 60 wins, 20 draws, 20 losses: score 0.7, Elo +147.2.
        let tally = Tally { a_wins: 60, draws: 20, b_wins: 20 };
        assert_eq!(tally.score(), Some(0.7));
        let elo = tally.elo().unwrap();
        assert_eq!(format!("{:.1} {:.1}", elo.difference, elo.error), "147.2 66.0");
    }

    #[test]
    fn no_games_no_score() {
        assert_eq!(Tally::default().score(), None);
        assert_eq!(Tally::default().elo(), None);
    }
}
