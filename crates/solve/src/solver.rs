//! The solver: checks the position, builds (or reuses) the geometry and table of its
//! shape, and searches.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use web_time::Instant;

use gridnote_board::{Board, Cell, CellName, Outcome, Player, Position, Rules};

use crate::geometry::Geometry;
use crate::mask::Mask;
use crate::search::{Search, UNLIMITED, WIN};
use crate::solution::{Proved, Solution, SolveError, Value};
use crate::table::Table;

/// The default bound on the transposition table's memory: 64 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// The most cells (void cells included) a board may have to be solved: 128, an 11×11
/// board. Larger boards get [`SolveError::TooLarge`] from [`Solver::solve`];
/// [`Solver::think`] still answers on them (up to 255×255), with the big-board engine:
/// threat search and alpha-beta over the moves near the stones.
pub const MAX_CELLS: usize = 128;

/// The size and use of a solver's transposition table.
///
/// ```
/// use gridnote_solve::Solver;
/// assert_eq!(Solver::new().table_stats().bytes, 0); // allocated on first use
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct TableStats {
    /// Bytes allocated now (the table grows as it fills, up to the bound).
    pub bytes: usize,
    /// Entries that fit now.
    pub capacity: usize,
    /// Entries that fit once the table has grown to its bound.
    pub max_capacity: usize,
    /// Entries stored.
    pub stored: usize,
}

/// What the current table was built for: results carry over only within one shape,
/// void layout and set of rules.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Context {
    rows: usize,
    cols: usize,
    voids: Vec<bool>,
    rules: Rules,
}

impl Context {
    fn of(board: &Board, rules: Rules) -> Context {
        Context {
            rows: board.rows(),
            cols: board.cols(),
            voids: board.cells().iter().map(|c| c.is_void()).collect(),
            rules: rules.with_in_a_row(rules.in_a_row.max(1)),
        }
    }
}

/// A geometry and its table, for one word size.
#[derive(Debug)]
pub(crate) struct Workspace<M: Mask> {
    pub(crate) geo: Geometry<M>,
    pub(crate) table: Table<M>,
}

#[derive(Debug, Default)]
enum Space {
    #[default]
    None,
    Small(Box<Workspace<u64>>),
    Large(Box<Workspace<u128>>),
}

/// A solver for m,n,k positions that keeps its transposition table between calls (while
/// the board shape, void layout and rules stay the same), with bounded memory.
///
/// ```
/// use gridnote_solve::board::{Position, Rules};
/// use gridnote_solve::{Solver, Value};
///
/// let mut solver = Solver::with_table_bytes(1 << 20);
/// let rules = Rules::TIC_TAC_TOE.with_in_a_row(3);
/// let solution = solver.solve(&Position::start(4, 4)?, rules)?;
/// assert_eq!(solution.value, Value::Win);
/// assert!(solver.table_stats().bytes <= 1 << 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver {
    table_bytes: usize,
    context: Option<Context>,
    space: Space,
    /// Polled by [`Solver::think`] (`crate::engine`): set, it ends the search at once.
    pub(crate) stop: Option<Arc<AtomicBool>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver whose table takes at most [`DEFAULT_TABLE_BYTES`].
    ///
    /// ```
    /// let solver = gridnote_solve::Solver::new();
    /// assert_eq!(solver.table_bytes(), gridnote_solve::DEFAULT_TABLE_BYTES);
    /// ```
    #[must_use]
    pub fn new() -> Solver {
        Solver::with_table_bytes(DEFAULT_TABLE_BYTES)
    }

    /// A solver whose table takes at most `bytes` (it never takes more than the board
    /// could need, and if the memory cannot be had it takes less: it never aborts). A
    /// small table only makes solving slower.
    ///
    /// ```
    /// let solver = gridnote_solve::Solver::with_table_bytes(1 << 16);
    /// assert_eq!(solver.table_bytes(), 1 << 16);
    /// ```
    #[must_use]
    pub fn with_table_bytes(bytes: usize) -> Solver {
        Solver { table_bytes: bytes, context: None, space: Space::None, stop: None }
    }

    /// The bound on the table's memory.
    ///
    /// ```
    /// assert_eq!(gridnote_solve::Solver::with_table_bytes(4096).table_bytes(), 4096);
    /// ```
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table_bytes
    }

    /// The table's size and how full it is.
    ///
    /// ```
    /// use gridnote_solve::board::{Position, Rules};
    /// let mut solver = gridnote_solve::Solver::new();
    /// solver.solve(&Position::start(3, 3)?, Rules::TIC_TAC_TOE)?;
    /// let stats = solver.table_stats();
    /// assert!(stats.stored > 0 && stats.stored <= stats.capacity);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn table_stats(&self) -> TableStats {
        match &self.space {
            Space::None => TableStats::default(),
            Space::Small(w) => stats(&w.table),
            Space::Large(w) => stats(&w.table),
        }
    }

    /// Solves `position` under `rules`: its value for the side to move, the distance in
    /// plies and every best move.
    ///
    /// # Errors
    /// [`SolveError::Illegal`] with every legality problem for a position no game
    /// reaches; [`SolveError::TooLarge`] for a board of more than [`MAX_CELLS`] cells.
    ///
    /// ```
    /// use gridnote_solve::board::{Position, Rules};
    /// use gridnote_solve::Solver;
    ///
    /// let mut solver = Solver::new();
    /// let misere = Rules::TIC_TAC_TOE.with_misere(true);
    /// let solution = solver.solve(&Position::start(3, 3)?, misere)?;
    /// assert_eq!(solution.to_string(), "draw in 9 plies; best: b2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&mut self, position: &Position, rules: Rules) -> Result<Solution, SolveError> {
        self.solve_until(position, rules, None, None)
    }

    /// [`Solver::solve`] with a time limit: when `deadline` comes first, the search
    /// stops and says what it had proved ([`SolveError::OutOfTime`]); the table keeps
    /// what was learnt, so a later call on the same board goes on faster.
    ///
    /// # Errors
    /// As [`Solver::solve`], and [`SolveError::OutOfTime`].
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use gridnote_solve::board::{Position, Rules};
    /// use gridnote_solve::{Proved, Solver, SolveError};
    ///
    /// let mut solver = Solver::new();
    /// let rules = Rules::TIC_TAC_TOE.with_in_a_row(4);
    /// let start = Position::start(5, 5)?;
    /// let err = solver.solve_by(&start, rules, Instant::now()).unwrap_err();
    /// assert!(matches!(err, SolveError::OutOfTime { proved: Proved::Nothing, .. }));
    /// let solved = solver.solve_by(&Position::start(3, 3)?, Rules::TIC_TAC_TOE, Instant::now() + Duration::from_secs(60))?;
    /// assert_eq!(solved.plies, 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_by(
        &mut self,
        position: &Position,
        rules: Rules,
        deadline: Instant,
    ) -> Result<Solution, SolveError> {
        self.solve_until(position, rules, Some(deadline), None)
    }

    /// [`Solver::solve`] with an optional time limit (as [`Solver::solve_by`]) that tells
    /// `progress` the positions searched so far every 1,048,576 of them, for a progress
    /// line.
    ///
    /// # Errors
    /// As [`Solver::solve_by`].
    ///
    /// ```
    /// use gridnote_solve::board::{Position, Rules};
    /// use gridnote_solve::Solver;
    ///
    /// let mut reports = Vec::new();
    /// let rules = Rules::TIC_TAC_TOE.with_in_a_row(3).with_misere(true);
    /// let solution = Solver::new().solve_reporting(&Position::start(4, 4)?, rules, None, &mut |n| reports.push(n))?;
    /// assert!(solution.nodes < 1 << 20 && reports.is_empty()); // 170,331 nodes: no report
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_reporting(
        &mut self,
        position: &Position,
        rules: Rules,
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Solution, SolveError> {
        self.solve_until(position, rules, deadline, Some(progress))
    }

    fn solve_until(
        &mut self,
        position: &Position,
        rules: Rules,
        deadline: Option<Instant>,
        progress: Option<&mut dyn FnMut(u64)>,
    ) -> Result<Solution, SolveError> {
        let problems = position.problems(rules);
        if !problems.is_empty() {
            return Err(SolveError::Illegal(problems));
        }
        let board = &position.board;
        let to_move = position.to_move;
        // (The position's outcome: under renju, black with only forbidden points left
        // has drawn.)
        match position.outcome(rules) {
            Outcome::InProgress => {}
            Outcome::Won(winner) => {
                let value = if winner == to_move { Value::Win } else { Value::Loss };
                return Ok(finished(value, to_move));
            }
            Outcome::Drawn | Outcome::Contested => return Ok(finished(Value::Draw, to_move)),
        }
        let cells = board.rows() * board.cols();
        if cells > MAX_CELLS {
            return Err(SolveError::TooLarge { cells, max: MAX_CELLS });
        }
        let ruled = !rules.gomoku.is_freestyle();
        let (value, best, nodes) = match (cells <= 64, ruled) {
            (true, false) => {
                solve_in::<_, false>(self.small(board, rules), board, to_move, deadline, progress)?
            }
            (true, true) => {
                solve_in::<_, true>(self.small(board, rules), board, to_move, deadline, progress)?
            }
            (false, false) => {
                solve_in::<_, false>(self.large(board, rules), board, to_move, deadline, progress)?
            }
            (false, true) => {
                solve_in::<_, true>(self.large(board, rules), board, to_move, deadline, progress)?
            }
        };
        let plies = plies_of(value, board);
        let value = value_of(value);
        let cols = board.cols();
        let mut best: Vec<CellName> =
            best.into_iter().map(|i| board.cell_name(i / cols, i % cols)).collect();
        best.sort_by_key(|name| (name.file, name.rank));
        Ok(Solution { value, plies, to_move, best, nodes })
    }

    /// The workspace for a board of at most 64 cells, built afresh when the context
    /// changes.
    pub(crate) fn small(&mut self, board: &Board, rules: Rules) -> &mut Workspace<u64> {
        let context = Context::of(board, rules);
        let fresh =
            self.context.as_ref() != Some(&context) || !matches!(self.space, Space::Small(_));
        if fresh {
            self.space = Space::None;
            let workspace = workspace::<u64>(board, rules, self.table_bytes);
            self.space = Space::Small(Box::new(workspace));
            self.context = Some(context);
        }
        match &mut self.space {
            Space::Small(w) => w,
            _ => unreachable!("just built"),
        }
    }

    /// The workspace for a board of 65 to 128 cells.
    pub(crate) fn large(&mut self, board: &Board, rules: Rules) -> &mut Workspace<u128> {
        let context = Context::of(board, rules);
        let fresh =
            self.context.as_ref() != Some(&context) || !matches!(self.space, Space::Large(_));
        if fresh {
            self.space = Space::None;
            let workspace = workspace::<u128>(board, rules, self.table_bytes);
            self.space = Space::Large(Box::new(workspace));
            self.context = Some(context);
        }
        match &mut self.space {
            Space::Large(w) => w,
            _ => unreachable!("just built"),
        }
    }
}

fn stats<M: Mask>(table: &Table<M>) -> TableStats {
    TableStats {
        bytes: table.bytes(),
        capacity: table.capacity(),
        max_capacity: table.max_capacity(),
        stored: table.stored(),
    }
}

fn finished(value: Value, to_move: Player) -> Solution {
    Solution { value, plies: 0, to_move, best: Vec::new(), nodes: 0 }
}

fn workspace<M: Mask>(board: &Board, rules: Rules, bytes: usize) -> Workspace<M> {
    let geo = Geometry::<M>::new(board, rules);
    // Never more entries than positions: 3^playable (capped), two per bucket.
    let playable = board.cells().iter().filter(|&&c| c != Cell::Void).count() as u32;
    let positions = 3usize.checked_pow(playable).unwrap_or(usize::MAX);
    let entry = Table::<M>::ENTRY_BYTES;
    let needed = positions.saturating_mul(entry);
    Workspace { geo, table: Table::new(bytes.min(needed)) }
}

/// The root value, the best moves (cell indices) and the nodes searched; out of time,
/// what was proved. `RULED`: the rule set is not freestyle.
fn solve_in<M: Mask, const RULED: bool>(
    space: &mut Workspace<M>,
    board: &Board,
    to_move: Player,
    deadline: Option<Instant>,
    progress: Option<&mut dyn FnMut(u64)>,
) -> Result<(i32, Vec<usize>, u64), SolveError> {
    let Workspace { geo, table } = space;
    let mut search = Search::<M, RULED>::new(geo, table, board, to_move, deadline);
    if let Some(progress) = progress {
        search.report_to(progress);
    }
    let value = match search.root_value() {
        Ok(value) => value,
        Err(proved) => return Err(SolveError::OutOfTime { proved, nodes: search.nodes }),
    };
    let mut best = Vec::new();
    let empty = search.legal(search.empty());
    for &cell in &geo.order {
        let cell = usize::from(cell);
        if (empty & M::bit(cell)).is_zero() {
            continue;
        }
        // A move is best when its value reaches the root's (it cannot exceed it).
        if search.move_value(cell, 0, UNLIMITED, value - 1, value) >= value {
            best.push(cell);
        }
        if search.aborted {
            let proved = Proved::Value { value: value_of(value), plies: plies_of(value, board) };
            return Err(SolveError::OutOfTime { proved, nodes: search.nodes });
        }
    }
    Ok((value, best, search.nodes))
}

/// The value of a root score.
fn value_of(score: i32) -> Value {
    match score {
        v if v > 0 => Value::Win,
        v if v < 0 => Value::Loss,
        _ => Value::Draw,
    }
}

/// The distance of a root score: a draw lasts until the board is full.
fn plies_of(score: i32, board: &Board) -> usize {
    match score {
        v if v > 0 => (WIN - v) as usize,
        v if v < 0 => (WIN + v) as usize,
        _ => board.counts().empty,
    }
}
