//! Wins by threats, asked for: [`Solver::threat_win`] runs the threat search on any
//! position (any size, any rule set) within a budget and answers with the line it found,
//! for `gridnote solve --vcf`/`--vct` and the engines' analysis.

use core::fmt;
use std::time::{Duration, Instant};

use gridnote_board::{CellName, Position, Rules};

use crate::solution::SolveError;
use crate::solver::Solver;
use crate::threat::{Budget, FREE, Vcf};

/// Which wins by threats [`Solver::threat_win`] looks for.
///
/// ```
/// use gridnote_solve::Threats;
/// assert_eq!(Threats::Fours.to_string(), "fours (VCF)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Threats {
    /// Victory by continuous fours (VCF): every move of the winner's makes a four (a
    /// line one stone short), so the defender's answer is forced, and the last makes a
    /// line. The search is exact: a line it finds wins against every defence.
    Fours,
    /// Victory by threats (VCT): fours and threes (a move after which the winner, left
    /// alone, would win by fours within two moves), each three answered by every move of
    /// its defence set. What the engine plays by; not a proof in every corner
    /// (`docs/solve.md`).
    FoursAndThrees,
}

impl fmt::Display for Threats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Threats::Fours => "fours (VCF)",
            Threats::FoursAndThrees => "threats (VCT)",
        })
    }
}

/// What a search for a win by threats may spend: positions searched, time, and how many
/// of the winner's threats a win may take.
///
/// ```
/// use gridnote_solve::ThreatBudget;
/// let budget = ThreatBudget::new(100_000).with_threats(8);
/// assert_eq!((budget.nodes, budget.threats, budget.deadline), (100_000, 8, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ThreatBudget {
    /// The most positions searched.
    pub nodes: u64,
    /// When to stop, if ever.
    pub deadline: Option<Instant>,
    /// The most threats of the winner's: for fours, the winner's moves, the last (the
    /// line) included; for threats, the threes and fours before the fours that finish.
    pub threats: u32,
}

impl ThreatBudget {
    /// At most `nodes` positions, no deadline, 20 threats.
    ///
    /// ```
    /// assert_eq!(gridnote_solve::ThreatBudget::new(5).threats, 20);
    /// ```
    #[must_use]
    pub const fn new(nodes: u64) -> ThreatBudget {
        ThreatBudget { nodes, deadline: None, threats: 20 }
    }

    /// The same budget, stopping at `deadline`.
    #[must_use]
    pub const fn with_deadline(self, deadline: Instant) -> ThreatBudget {
        ThreatBudget { deadline: Some(deadline), ..self }
    }

    /// The same budget, with at most `threats` threats.
    #[must_use]
    pub const fn with_threats(self, threats: u32) -> ThreatBudget {
        ThreatBudget { threats, ..self }
    }
}

/// What [`Solver::threat_win`] found for the side to move.
///
/// ```
/// use gridnote_solve::ThreatWin;
/// let none = ThreatWin::None { nodes: 12 };
/// assert_eq!(none.nodes(), 12);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ThreatWin {
    /// A win.
    Found {
        /// For fours, the whole line: the winner's moves and the defender's answers in
        /// turn, the last move making the line; `None` for an answer that cannot stop the
        /// next move (every move loses: renju's black whose only block is forbidden).
        /// Where a four has several answers (caro), the first one's line. For threats,
        /// the winner's first move only (each defence has its own continuation).
        line: Vec<Option<CellName>>,
        /// The winner's threats: for fours, the winner's moves; for threats, the threes
        /// and fours before the finishing fours.
        threats: u32,
        /// Positions searched.
        nodes: u64,
    },
    /// No such win within the budget's threats (the whole search was done).
    None {
        /// Positions searched.
        nodes: u64,
    },
    /// The budget's nodes or time ran out first: nothing found so far.
    OutOfBudget {
        /// Positions searched.
        nodes: u64,
    },
}

impl ThreatWin {
    /// The positions searched.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        match self {
            ThreatWin::Found { nodes, .. }
            | ThreatWin::None { nodes }
            | ThreatWin::OutOfBudget { nodes } => *nodes,
        }
    }
}

/// A deadline far enough to be none.
const FAR: Duration = Duration::from_secs(365 * 24 * 3600);

impl Solver {
    /// Looks for a win by threats of the side to move of `position` under `rules` (any
    /// board up to 255×255, any rule set; none under misère, where a line loses), within
    /// `budget`, the shortest first.
    ///
    /// # Errors
    /// [`SolveError::Illegal`] for a position no game reaches (as [`Solver::solve`]),
    /// [`SolveError::Finished`] when the game is over.
    ///
    /// ```
    /// use gridnote_solve::board::{Position, Rules};
    /// use gridnote_solve::{Solver, ThreatBudget, ThreatWin, Threats};
    ///
    /// // x: h8 i8 j8 with g8 and k8 empty (an open three), o far away; x to move.
    /// let mut pos = Position::start(15, 15)?;
    /// for name in ["h8", "a1", "i8", "a3", "j8", "a5"] {
    ///     pos = pos.play_name(name, Rules::GOMOKU)?;
    /// }
    /// let found = Solver::new().threat_win(&pos, Rules::GOMOKU, Threats::Fours, ThreatBudget::new(10_000))?;
    /// let ThreatWin::Found { line, threats, .. } = found else { panic!("a win") };
    /// assert_eq!(threats, 2); // g8 makes an open four: o blocks k8, x plays f8
    /// let names: Vec<String> = line.iter().map(|c| c.map_or("-".into(), |c| c.to_string())).collect();
    /// assert_eq!(names, ["g8", "k8", "f8"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn threat_win(
        &mut self,
        position: &Position,
        rules: Rules,
        threats: Threats,
        budget: ThreatBudget,
    ) -> Result<ThreatWin, SolveError> {
        let problems = position.problems(rules);
        if !problems.is_empty() {
            return Err(SolveError::Illegal(problems));
        }
        if position.outcome(rules).is_over() {
            return Err(SolveError::Finished);
        }
        let board = &position.board;
        let deadline = budget.deadline.unwrap_or_else(|| Instant::now() + FAR);
        let Some(mut grid) = crate::wide::grid_of(board, position.to_move, rules, deadline) else {
            return Ok(ThreatWin::OutOfBudget { nodes: 0 });
        };
        if grid.misere {
            return Ok(ThreatWin::None { nodes: 0 });
        }
        let cols = board.cols();
        let name = |cell: usize| (cell != FREE).then(|| board.cell_name(cell / cols, cell % cols));
        let mut search = Vcf::new(&mut grid, Budget::new(budget.nodes, deadline));
        let found = match threats {
            Threats::Fours => search.find_line(budget.threats).map(|line| {
                let threats = line.len().div_ceil(2) as u32;
                (line.into_iter().map(name).collect(), threats)
            }),
            Threats::FoursAndThrees => {
                search.find_vct(budget.threats).map(|(cell, depth)| (vec![name(cell)], depth))
            }
        };
        let nodes = search.budget.nodes;
        Ok(match found {
            Some((line, threats)) => ThreatWin::Found { line, threats, nodes },
            None if search.budget.aborted => ThreatWin::OutOfBudget { nodes },
            None => ThreatWin::None { nodes },
        })
    }
}
