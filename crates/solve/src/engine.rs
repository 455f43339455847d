//! Choosing a move within a deadline, for engines: a full solve when it fits, else
//! iterative deepening, never an illegal move; on boards too big to solve, the gomoku
//! engine for five in a row and the window engine for the other rules.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use gridnote_board::{Board, Player, Position, Rules};

use crate::gomoku::How;
use crate::mask::Mask;
use crate::search::{INF, Search, UNLIMITED, is_decided};
use crate::solution::{SolveError, Value};
use crate::solver::{MAX_CELLS, Solver, Workspace};

/// A move chosen by [`Solver::think`].
///
/// ```
/// use std::time::{Duration, Instant};
/// use gridnote_solve::board::{Position, Rules};
/// use gridnote_solve::{Solver, ThoughtKind, Value};
///
/// let pos = Position::start(3, 3)?;
/// let thought = Solver::new().think(&pos, Rules::TIC_TAC_TOE, Instant::now() + Duration::from_secs(1))?;
/// assert_eq!(thought.kind, ThoughtKind::Solved(Value::Draw));
/// assert!(pos.board.get(thought.row, thought.col).is_some_and(|c| c.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Thought {
    /// The row of the chosen cell (0 = top).
    pub row: usize,
    /// The column of the chosen cell (0 = left).
    pub col: usize,
    /// How it was chosen.
    pub kind: ThoughtKind,
    /// Positions searched.
    pub nodes: u64,
    /// The gomoku engine's score of the move for the side to move, in its own units
    /// (about 100 a stone's worth; beyond ±29,500 a win or loss, 30,000 less the plies
    /// to it), when it searched; `None` from the other engines.
    pub score: Option<i32>,
    /// The deepest ply the gomoku engine's search reached (its quiescence search of
    /// fours included), when it searched.
    pub reach: Option<u32>,
}

/// What bounds a [`Solver::think_with`] search: a deadline, and optionally a flag that
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

impl Solver {
    /// Chooses a move for the side to move by `deadline`: on boards of up to
    /// [`MAX_CELLS`](crate::MAX_CELLS) cells, the best move of a full solve when it fits
    /// in the time (perfect play), else the best move of the deepest search that
    /// finished, else a rule of thumb; on larger boards (up to 255×255), a win by
    /// continuous fours or by threats when one is found, else the best move of the
    /// deepest alpha-beta search over the moves near the stones. The move is always an empty playable
    /// cell. Unlike [`Solver::solve`] it does not insist on a legal position: any board
    /// with an empty cell and no line gets a move. The table carries over between calls,
    /// so later moves of one game are faster.
    ///
    /// # Errors
    /// [`SolveError::Finished`] when the game is over (a line, or no empty cell).
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use gridnote_solve::board::{Position, Rules};
    /// use gridnote_solve::Solver;
    ///
    /// let mut pos = Position::start(3, 3)?;
    /// for name in ["a1", "b1", "a2"] {
    ///     pos = pos.play_name(name, Rules::TIC_TAC_TOE)?;
    /// }
    /// let thought = Solver::new().think(&pos, Rules::TIC_TAC_TOE, Instant::now() + Duration::from_millis(100))?;
    /// assert_eq!(pos.board.cell_name(thought.row, thought.col).to_string(), "a3"); // the block
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn think(
        &mut self,
        position: &Position,
        rules: Rules,
        deadline: Instant,
    ) -> Result<Thought, SolveError> {
        self.think_with(position, rules, &Limits::by(deadline))
    }

    /// [`Solver::think`] within `limits`: a deadline, and a stop flag and a bound on the
    /// positions searched where the engine honours them (see [`Limits`]).
    ///
    /// # Errors
    /// [`SolveError::Finished`] when the game is over (a line, or no empty cell).
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use gridnote_solve::board::{Position, Rules};
    /// use gridnote_solve::{Limits, Solver};
    ///
    /// let mut pos = Position::start(15, 15)?;
    /// let gomoku = Rules::TIC_TAC_TOE.with_in_a_row(5);
    /// for name in ["h8", "h9"] {
    ///     pos = pos.play_name(name, gomoku)?;
    /// }
    /// let limits = Limits::by(Instant::now() + Duration::from_secs(5)).with_nodes(2_000);
    /// let thought = Solver::new().think_with(&pos, gomoku, &limits)?;
    /// assert!(thought.nodes <= 3_000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn think_with(
        &mut self,
        position: &Position,
        rules: Rules,
        limits: &Limits,
    ) -> Result<Thought, SolveError> {
        let deadline = limits.deadline;
        let board = &position.board;
        if board.outcome(rules).is_over() || board.counts().empty == 0 {
            return Err(SolveError::Finished);
        }
        let cells = board.rows() * board.cols();
        let (cell, kind, nodes) = if cells > MAX_CELLS && crate::gomoku::plays(rules) {
            let bytes = self.table_bytes();
            let engine =
                self.gomoku.get_or_insert_with(|| Box::new(crate::gomoku::Engine::new(Some(bytes))));
            let choice = engine.think(board, position.to_move, rules, limits);
            let kind = match choice.how {
                How::Forced if board.counts().pieces == [0, 0] => ThoughtKind::RuleOfThumb,
                How::Forced => ThoughtKind::Searched { depth: 1 },
                How::Wins => ThoughtKind::Solved(Value::Win),
                How::Lost => ThoughtKind::Solved(Value::Loss),
                How::Fours(moves) => ThoughtKind::Fours { moves },
                How::Threats(moves) => ThoughtKind::Threats { depth: moves },
                How::Searched => ThoughtKind::Searched { depth: choice.depth.max(1) },
            };
            let searched = matches!(choice.how, How::Searched);
            return Ok(Thought {
                row: choice.row,
                col: choice.col,
                kind,
                nodes: choice.nodes,
                score: searched.then_some(choice.score),
                reach: searched.then_some(choice.sel_depth),
            });
        } else if cells > MAX_CELLS {
            crate::window_engine::think(board, position.to_move, rules, deadline)
        } else if cells <= 64 {
            think_in(self.small(board, rules), board, position.to_move, deadline)
        } else {
            think_in(self.large(board, rules), board, position.to_move, deadline)
        };
        let cols = board.cols();
        Ok(Thought { row: cell / cols, col: cell % cols, kind, nodes, score: None, reach: None })
    }
}

fn think_in<M: Mask>(
    space: &mut Workspace<M>,
    board: &Board,
    to_move: Player,
    deadline: Instant,
) -> (usize, ThoughtKind, u64) {
    let Workspace { geo, table } = space;
    let start = Instant::now();
    let mut nodes = 0;
    // Quick answers first: a win at once, a single threat to block, and a fallback that
    // (under misère) does not complete one of our own lines when another cell exists.
    let (empty, [mine, theirs]) = {
        let search = Search::new(geo, table, board, to_move, None);
        (search.empty(), search.completing())
    };
    let ordered: Vec<usize> = geo
        .order
        .iter()
        .map(|&c| usize::from(c))
        .filter(|&c| !(empty & M::bit(c)).is_zero())
        .collect();
    if !geo.misere && !mine.is_zero() {
        let cell = ordered.iter().copied().find(|&c| !(mine & M::bit(c)).is_zero());
        return (cell.unwrap_or(ordered[0]), ThoughtKind::Solved(Value::Win), 0);
    }
    let fallback = if geo.misere {
        ordered.iter().copied().find(|&c| (mine & M::bit(c)).is_zero()).unwrap_or(ordered[0])
    } else if !theirs.is_zero() {
        theirs.lowest()
    } else {
        ordered[0]
    };
    let time = deadline.saturating_duration_since(start);
    if time.is_zero() {
        return (fallback, ThoughtKind::RuleOfThumb, 0);
    }
    // A full solve in the first 40% of the time.
    let solve_by = start + time.mul_f64(0.4);
    {
        let mut search = Search::new(geo, table, board, to_move, Some(solve_by));
        let value = search.negamax(0, UNLIMITED, -INF, INF);
        if !search.aborted {
            for &cell in &ordered {
                if search.move_value(cell, 0, UNLIMITED, value - 1, value) >= value {
                    let kind = ThoughtKind::Solved(if value > 0 {
                        Value::Win
                    } else if value < 0 {
                        Value::Loss
                    } else {
                        Value::Draw
                    });
                    return (cell, kind, search.nodes);
                }
                if search.aborted {
                    break;
                }
            }
        }
        nodes += search.nodes;
    }
    // Iterative deepening in the rest.
    let mut chosen = (fallback, ThoughtKind::RuleOfThumb);
    let mut previous = fallback;
    let mut search = Search::new(geo, table, board, to_move, Some(deadline));
    for depth in 1..=ordered.len().min(usize::from(UNLIMITED - 1)) {
        let mut alpha = -INF;
        let mut best = None;
        let first = std::iter::once(previous);
        for cell in first.chain(ordered.iter().copied().filter(|&c| c != previous)) {
            let value = search.move_value(cell, 0, depth as u8, alpha, INF);
            if search.aborted {
                break;
            }
            if best.is_none() || value > alpha {
                alpha = value;
                best = Some(cell);
            }
        }
        if search.aborted {
            break;
        }
        if let Some(cell) = best {
            previous = cell;
            chosen = (cell, ThoughtKind::Searched { depth: depth as u32 });
            if is_decided(alpha) || depth >= ordered.len() {
                break;
            }
        }
    }
    nodes += search.nodes;
    (chosen.0, chosen.1, nodes)
}

/// How a [`Thought`](crate::Thought)'s move was chosen.
///
/// ```
/// use gridnote_solve::{ThoughtKind, Value};
/// assert_ne!(ThoughtKind::Solved(Value::Win), ThoughtKind::Searched { depth: 3 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ThoughtKind {
    /// By a full solve: the move keeps the position's value (and distance).
    Solved(Value),
    /// By a search this many plies deep (the full solve did not fit in the time).
    Searched {
        /// The deepest search completed.
        depth: u32,
    },
    /// By a win by continuous fours (VCF; boards over [`MAX_CELLS`](crate::MAX_CELLS)
    /// cells): every move of the winner's a four, every answer forced.
    Fours {
        /// The winner's moves in the shortest such win, the last one completing the line.
        moves: u32,
    },
    /// By a win by threats (VCT: fours and threes, each three answered by every move of
    /// its defence set; boards over [`MAX_CELLS`](crate::MAX_CELLS) cells).
    Threats {
        /// How long the win is: for five in a row with diagonals (the gomoku engine), the
        /// winner's moves in the longest line of the proof, the five included; for the
        /// other rules, the threats (fours or threes) before the fours that finish it.
        depth: u32,
    },
    /// By a rule of thumb: the most central cell on an empty board, or any move when
    /// there is no time at all.
    RuleOfThumb,
}
