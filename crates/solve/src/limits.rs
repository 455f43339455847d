//! What bounds a search of [`Solver::think_with`](crate::Solver::think_with).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use web_time::Instant;

/// What bounds a [`Solver::think_with`](crate::Solver::think_with) search: a deadline, and optionally a flag that
/// stops it at once when set (from another thread) and a bound on the positions
/// searched. The move is chosen from what was searched by then.
///
/// The stop flag and the bound on positions are honoured by the gomoku engine (five in
/// a row with diagonals, normal play, boards over 128 cells), where a search would
/// otherwise run to the deadline; the other engines stop at the deadline.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::AtomicBool;
/// use std::time::{Duration, Instant};
/// use gridnote_solve::Limits;
///
/// let stop = Arc::new(AtomicBool::new(false));
/// let limits = Limits::by(Instant::now() + Duration::from_secs(1)).with_stop(stop).with_nodes(10_000);
/// assert_eq!(limits.nodes, Some(10_000));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Limits {
    /// The move is chosen by then.
    pub deadline: Instant,
    /// When set, the search stops at once.
    pub stop: Option<Arc<AtomicBool>>,
    /// At most about this many positions are searched.
    pub nodes: Option<u64>,
}

impl Limits {
    /// A search until `deadline`.
    ///
    /// ```
    /// use std::time::Instant;
    /// let now = Instant::now();
    /// assert_eq!(gridnote_solve::Limits::by(now).deadline, now);
    /// ```
    #[must_use]
    pub fn by(deadline: Instant) -> Limits {
        Limits { deadline, stop: None, nodes: None }
    }

    /// These limits, and a flag that stops the search when set.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// let limits = gridnote_solve::Limits::by(std::time::Instant::now()).with_stop(Arc::new(AtomicBool::new(true)));
    /// assert!(limits.stop.is_some());
    /// ```
    #[must_use]
    pub fn with_stop(self, stop: Arc<AtomicBool>) -> Limits {
        Limits { stop: Some(stop), ..self }
    }

    /// These limits, and at most about `nodes` positions searched.
    ///
    /// ```
    /// let limits = gridnote_solve::Limits::by(std::time::Instant::now()).with_nodes(5);
    /// assert_eq!(limits.nodes, Some(5));
    /// ```
    #[must_use]
    pub fn with_nodes(self, nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..self }
    }
}
