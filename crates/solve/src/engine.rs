//! Choosing a move within a deadline, for engines: a full solve when it fits, else
//! iterative deepening, never an illegal move.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

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
    /// Lets another thread end [`Solver::think`] early: while `flag` is set, a search
    /// ends at its next check of the clock (every few thousand positions) as at its
    /// deadline, with the best move found so far (a rule of thumb when none was). The
    /// solver never clears the flag; the engine clears it before the next move.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::time::{Duration, Instant};
    /// use gridnote_solve::board::{Position, Rules};
    /// use gridnote_solve::{Solver, ThoughtKind};
    ///
    /// let stop = Arc::new(AtomicBool::new(true));
    /// let mut solver = Solver::new();
    /// solver.stop_when(Arc::clone(&stop));
    /// // Stopped before it starts: an hour's budget, and the answer comes at once, from
    /// // a shallow search (without the flag, this call would search for the hour).
    /// let pos = Position::start(7, 7)?;
    /// let rules = Rules::TIC_TAC_TOE.with_in_a_row(4);
    /// let thought = solver.think(&pos, rules, Instant::now() + Duration::from_secs(3600))?;
    /// assert!(matches!(thought.kind, ThoughtKind::Searched { depth: 0..=3 } | ThoughtKind::RuleOfThumb), "{:?}", thought.kind);
    /// assert!(pos.board.get(thought.row, thought.col).is_some_and(|c| c.is_empty()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stop_when(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

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
        if position.outcome(rules).is_over() || board.counts().empty == 0 {
            return Err(SolveError::Finished);
        }
        let cells = board.rows() * board.cols();
        let stop = self.stop.clone();
        let stop = stop.as_deref();
        let (cell, kind, nodes) = if cells > MAX_CELLS {
            crate::wide::think(board, position.to_move, rules, deadline, stop)
        } else {
            let to_move = position.to_move;
            match (cells <= 64, rules.gomoku.is_freestyle()) {
                (true, true) => {
                    think_in::<_, false>(self.small(board, rules), board, to_move, deadline, stop)
                }
                (true, false) => {
                    think_in::<_, true>(self.small(board, rules), board, to_move, deadline, stop)
                }
                (false, true) => {
                    think_in::<_, false>(self.large(board, rules), board, to_move, deadline, stop)
                }
                (false, false) => {
                    think_in::<_, true>(self.large(board, rules), board, to_move, deadline, stop)
                }
            }
        };
        let cols = board.cols();
        let (row, col, kind) = legal(position, rules, cell / cols, cell % cols, kind);
        Ok(Thought { row, col, kind, nodes })
    }
}

/// The move itself when the side to move may play it; else (renju's black on a
/// forbidden point, which the big-board engine does not know) the legal move nearest to
/// it, by rule of thumb.
fn legal(
    position: &Position,
    rules: Rules,
    row: usize,
    col: usize,
    kind: ThoughtKind,
) -> (usize, usize, ThoughtKind) {
    if rules.gomoku != gridnote_board::Gomoku::Renju
        || position.to_move != Player::One
        || position.board.forbidden(row, col, rules).is_none()
    {
        return (row, col, kind);
    }
    let distance = |&(r, c): &(usize, usize)| r.abs_diff(row).max(c.abs_diff(col));
    match position.moves(rules).into_iter().min_by_key(distance) {
        Some((r, c)) => (r, c, ThoughtKind::RuleOfThumb),
        None => (row, col, kind),
    }
}

/// `RULED`: the rule set is not freestyle (renju's black never plays a forbidden point).
fn think_in<M: Mask, const RULED: bool>(
    space: &mut Workspace<M>,
    board: &Board,
    to_move: Player,
    deadline: Instant,
    stop: Option<&AtomicBool>,
) -> (usize, ThoughtKind, u64) {
    let Workspace { geo, table } = space;
    let start = Instant::now();
    let mut nodes = 0;
    // Quick answers first: a win at once, a single threat to block, and a fallback that
    // (under misère) does not complete one of our own lines when another cell exists.
    let (empty, [mine, theirs]) = {
        let search = Search::<M, RULED>::new(geo, table, board, to_move, None);
        (search.legal(search.empty()), search.completing())
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
    } else if !(theirs & empty).is_zero() {
        (theirs & empty).lowest()
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
        let mut search =
            Search::<M, RULED>::new(geo, table, board, to_move, Some(solve_by)).stopped_by(stop);
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
    let mut search =
        Search::<M, RULED>::new(geo, table, board, to_move, Some(deadline)).stopped_by(stop);
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
