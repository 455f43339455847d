//! The time manager: how long to think about a move, from the clock.

use std::time::Duration;

/// A clock as an engine sees it, and the share of it one move may take.
///
/// ```
/// use std::time::Duration;
/// use gridnote_tafl_search::TimeBudget;
/// // 60 s left, 1 s added a move: think about 2.8 s (a thirtieth plus 80% of the increment).
/// let budget = TimeBudget { remaining: Duration::from_secs(60), increment: Duration::from_secs(1), ..TimeBudget::default() };
/// assert_eq!(budget.allot(), Duration::from_millis(2800));
/// // A fixed time a move: all of it but the safety margin.
/// let fixed = TimeBudget::per_move(Duration::from_millis(100));
/// assert_eq!(fixed.allot(), Duration::from_millis(80));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// The time left on the clock (main time, or the current overtime period).
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves to plan the remaining time for.
    pub moves_to_go: u32,
    /// Kept back for the engine's own latency (reading, writing, process scheduling).
    pub margin: Duration,
}

impl Default for TimeBudget {
    /// Ten seconds on the clock, no increment, thirty moves to go, a 20 ms margin.
    fn default() -> TimeBudget {
        TimeBudget {
            remaining: Duration::from_secs(10),
            increment: Duration::ZERO,
            moves_to_go: 30,
            margin: Duration::from_millis(20),
        }
    }
}

impl TimeBudget {
    /// A fixed time for every move: all of it may be used, less the margin.
    #[must_use]
    pub fn per_move(time: Duration) -> TimeBudget {
        TimeBudget {
            remaining: time,
            increment: Duration::ZERO,
            moves_to_go: 1,
            ..TimeBudget::default()
        }
    }

    /// How long to think about this move: the remaining time over the moves to go plus
    /// most of the increment, never more than the remaining time less the margin; that
    /// cap is never below a twentieth of the remaining time (a margin as long as the
    /// time itself still leaves a move to find).
    ///
    /// ```
    /// use std::time::Duration;
    /// use gridnote_tafl_search::TimeBudget;
    /// let mut budget = TimeBudget::per_move(Duration::from_millis(100));
    /// budget.margin = Duration::from_millis(120);
    /// assert_eq!(budget.allot(), Duration::from_millis(5));
    /// ```
    #[must_use]
    pub fn allot(&self) -> Duration {
        let share = self.remaining / self.moves_to_go.max(1) + self.increment * 4 / 5;
        let cap = self.remaining.saturating_sub(self.margin);
        share.min(cap.max(self.remaining / 20))
    }
}

/// How late an engine's answers have been: the time from reading a command to having
/// written its answer, beyond the time it planned to think. On a slow or loaded machine
/// (a process waiting for a core, a pipe read late) that is tens of milliseconds, enough
/// to lose on time at a tenth of a second a move; added to the next moves' margin, it
/// makes the engine plan shorter moves while the machine is slow. The worst lateness
/// seen is kept, less an eighth for every move since, so a single stall is forgotten in
/// a few dozen moves.
///
/// ```
/// use std::time::Duration;
/// use gridnote_tafl_search::Lateness;
/// let mut late = Lateness::default();
/// late.observe(Duration::from_millis(44), Duration::from_millis(124));
/// assert_eq!(late.margin(), Duration::from_millis(80));
/// // On time: the margin decays by an eighth.
/// late.observe(Duration::from_millis(44), Duration::from_millis(40));
/// assert_eq!(late.margin(), Duration::from_millis(70));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lateness {
    worst: Duration,
}

impl Lateness {
    /// Notes one answer: `planned` was the time to think, `used` the time from reading the
    /// command to having written the answer.
    pub fn observe(&mut self, planned: Duration, used: Duration) {
        let late = used.saturating_sub(planned);
        self.worst = (self.worst - self.worst / 8).max(late);
    }

    /// The time to keep back for lateness, besides the fixed margin.
    #[must_use]
    pub fn margin(&self) -> Duration {
        self.worst
    }
}
