//! Choosing a move within a deadline, for engines: a full solve when it fits, else
//! iterative deepening, never an illegal move.

use web_time::Instant;

use gridnote_board::{Board, Player, Position, Rules};

use crate::mask::Mask;
use crate::search::{INF, Search, UNLIMITED, is_decided};
use crate::solution::{SolveError, Value};
use crate::solver::{MAX_CELLS, Solver, Workspace};
use crate::thought::ThoughtKind;

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
        let board = &position.board;
        if board.outcome(rules).is_over() || board.counts().empty == 0 {
            return Err(SolveError::Finished);
        }
        let cells = board.rows() * board.cols();
        let (cell, kind, nodes) = if cells > MAX_CELLS {
            crate::wide::think(board, position.to_move, rules, deadline)
        } else if cells <= 64 {
            think_in(self.small(board, rules), board, position.to_move, deadline)
        } else {
            think_in(self.large(board, rules), board, position.to_move, deadline)
        };
        let cols = board.cols();
        Ok(Thought { row: cell / cols, col: cell % cols, kind, nodes })
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
