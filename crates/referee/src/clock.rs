//! Time controls and the clocks of a game.
//!
//! A time control is either a game clock with an increment (`10+0.1`: ten seconds for
//! the game, a tenth of a second added after each move, as cutechess-cli writes it) or a
//! fixed time per move (`st=0.1`). A move that takes longer than the time its engine had,
//! plus the referee's margin for process scheduling, loses the game on time.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

/// How much time the engines get.
///
/// ```
/// use std::time::Duration;
/// use gridnote_referee::clock::TimeControl;
/// let tc: TimeControl = "10+0.1".parse()?;
/// assert_eq!(tc, TimeControl::Game { base: Duration::from_secs(10), increment: Duration::from_millis(100) });
/// assert_eq!(tc.to_string(), "10+0.1");
/// let st: TimeControl = "st=0.1".parse()?;
/// assert_eq!(st, TimeControl::PerMove(Duration::from_millis(100)));
/// # Ok::<(), gridnote_referee::clock::TimeControlError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TimeControl {
    /// A clock for the whole game, with an increment added after each move.
    Game {
        /// The time each side has at the start.
        base: Duration,
        /// The time added to a side's clock after each of its moves.
        increment: Duration,
    },
    /// A fixed time for every move (nothing carries over).
    PerMove(Duration),
}

/// A time control that cannot be read.
///
/// ```
/// use gridnote_referee::clock::TimeControl;
/// let err = "ten".parse::<TimeControl>().unwrap_err();
/// assert_eq!(err.to_string(), "`ten` is not a time control: expected BASE+INCREMENT in seconds (like 10+0.1) or st=SECONDS (like st=0.1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a time control: expected BASE+INCREMENT in seconds (like 10+0.1) or st=SECONDS (like st=0.1)"
)]
#[non_exhaustive]
pub struct TimeControlError {
    /// The text given.
    pub text: String,
}

/// Seconds with up to three decimals (`0.1`, `10`, `2.5`), as a duration; at most a day.
fn seconds(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 5 {
        return None;
    }
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if text.contains('.') && fraction.is_empty() {
        return None;
    }
    let whole: u64 = whole.parse().ok()?;
    let mut millis: u64 = 0;
    for (i, b) in fraction.bytes().enumerate() {
        millis += u64::from(b - b'0') * [100, 10, 1][i];
    }
    let total = Duration::from_millis(whole * 1000 + millis);
    (total <= Duration::from_secs(86_400)).then_some(total)
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let err = || TimeControlError { text: text.to_owned() };
        if let Some(per_move) = text.strip_prefix("st=") {
            let time = seconds(per_move).filter(|d| !d.is_zero()).ok_or_else(err)?;
            return Ok(TimeControl::PerMove(time));
        }
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let base = seconds(base).ok_or_else(err)?;
        let increment = seconds(increment).ok_or_else(err)?;
        if base.is_zero() && increment.is_zero() {
            return Err(err());
        }
        Ok(TimeControl::Game { base, increment })
    }
}

/// Seconds written as the reader takes them: no trailing zeros after the point.
fn write_seconds(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    let millis = d.as_millis();
    write!(f, "{}", millis / 1000)?;
    let frac = millis % 1000;
    if frac != 0 {
        let text = format!("{frac:03}");
        write!(f, ".{}", text.trim_end_matches('0'))?;
    }
    Ok(())
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Game { base, increment } => {
                write_seconds(f, base)?;
                f.write_str("+")?;
                write_seconds(f, increment)
            }
            TimeControl::PerMove(time) => {
                f.write_str("st=")?;
                write_seconds(f, time)
            }
        }
    }
}

/// One side's clock during a game.
///
/// ```
/// use std::time::Duration;
/// use gridnote_referee::clock::{Clock, TimeControl};
/// let mut clock = Clock::new("1+0.5".parse()?);
/// assert_eq!(clock.available(), Duration::from_secs(1));
/// assert!(clock.spend(Duration::from_millis(300)));
/// assert_eq!(clock.available(), Duration::from_millis(1200));
/// assert!(!clock.spend(Duration::from_secs(2)));
/// # Ok::<(), gridnote_referee::clock::TimeControlError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    remaining: Duration,
}

impl Clock {
    /// A full clock at the start of a game.
    #[must_use]
    pub const fn new(control: TimeControl) -> Clock {
        let remaining = match control {
            TimeControl::Game { base, .. } => base,
            TimeControl::PerMove(time) => time,
        };
        Clock { control, remaining }
    }

    /// The time control.
    ///
    /// ```
    /// use gridnote_referee::clock::{Clock, TimeControl};
    /// let tc: TimeControl = "st=1".parse()?;
    /// assert_eq!(Clock::new(tc).control(), tc);
    /// # Ok::<(), gridnote_referee::clock::TimeControlError>(())
    /// ```
    #[must_use]
    pub const fn control(&self) -> TimeControl {
        self.control
    }

    /// The time the side has for its next move.
    #[must_use]
    pub const fn available(&self) -> Duration {
        self.remaining
    }

    /// Charges a move that took `used`; `false` when it took more than was available
    /// (the side has lost on time). The increment is added after a move in time.
    pub fn spend(&mut self, used: Duration) -> bool {
        if used > self.remaining {
            self.remaining = Duration::ZERO;
            return false;
        }
        match self.control {
            TimeControl::Game { increment, .. } => {
                self.remaining = self.remaining - used + increment
            }
            TimeControl::PerMove(time) => self.remaining = time,
        }
        true
    }
}
