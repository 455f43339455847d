//! `MnkGame`: the state of an m,n,k game the learning environments step, kept on the
//! Rust side so that a step costs one call.

use gridnote_board::{Cell, Outcome, Player, Position as BoardPosition, Rules};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::bad_argument;
use crate::position::solve_position;

/// An m,n,k game in play: `rows × cols` cells, `k` in a row wins (loses under misère).
/// Actions are cell indices, row-major from the top-left cell.
#[pyclass(module = "gridnote")]
pub(crate) struct MnkGame {
    rules: Rules,
    start: BoardPosition,
    position: BoardPosition,
    outcome: Outcome,
    history: Vec<usize>,
}

impl MnkGame {
    fn cell_of(&self, action: usize) -> Option<(usize, usize)> {
        let cols = self.position.board.cols();
        (action < self.position.board.cells().len()).then(|| (action / cols, action % cols))
    }

    fn player_index(player: Player) -> u8 {
        match player {
            Player::One => 0,
            Player::Two => 1,
        }
    }

    fn recompute(&mut self) {
        self.outcome = self.position.outcome(self.rules);
    }
}

#[pymethods]
impl MnkGame {
    #[new]
    #[pyo3(signature = (rows, cols, k, *, misere = false, diagonals = true))]
    fn new(rows: usize, cols: usize, k: usize, misere: bool, diagonals: bool) -> PyResult<MnkGame> {
        if k == 0 {
            return Err(bad_argument("k: expected at least 1 in a row, got 0"));
        }
        let start = BoardPosition::start(rows, cols).map_err(|e| bad_argument(e.to_string()))?;
        let rules = Rules::new(k, diagonals, misere);
        Ok(MnkGame {
            rules,
            position: start.clone(),
            start,
            outcome: Outcome::InProgress,
            history: Vec::new(),
        })
    }

    /// Back to the empty board, the first player to move.
    fn reset(&mut self) {
        self.position = self.start.clone();
        self.history.clear();
        self.recompute();
    }

    /// `(rows, cols)`.
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.position.board.rows(), self.position.board.cols())
    }

    /// The rules' name, as `Position.check` prints it.
    #[getter]
    fn rules(&self) -> String {
        self.rules.to_string()
    }

    /// 0 when the first player (`x`) is to move, 1 for the second (`o`).
    #[getter]
    fn to_move(&self) -> u8 {
        MnkGame::player_index(self.position.to_move)
    }

    /// Whether the game has ended.
    #[getter]
    fn over(&self) -> bool {
        self.outcome.is_over()
    }

    /// The winner (0 or 1) of a finished game, `None` for a draw or a game in play.
    #[getter]
    fn winner(&self) -> Option<u8> {
        match self.outcome {
            Outcome::Won(p) => Some(MnkGame::player_index(p)),
            _ => None,
        }
    }

    /// The actions played so far.
    #[getter]
    fn history(&self) -> Vec<usize> {
        self.history.clone()
    }

    /// Whether `action` can be played now.
    fn is_legal(&self, action: usize) -> bool {
        !self.outcome.is_over()
            && self
                .cell_of(action)
                .and_then(|(r, c)| self.position.board.get(r, c))
                .is_some_and(|cell| cell == Cell::Empty)
    }

    /// Plays `action` for the side to move; `False` (and nothing changes) when it is not
    /// legal.
    fn play(&mut self, action: usize) -> bool {
        if !self.is_legal(action) {
            return false;
        }
        let Some((r, c)) = self.cell_of(action) else { return false };
        if self.position.play_in_place(r, c, self.rules).is_err() {
            return false;
        }
        self.history.push(action);
        self.recompute();
        true
    }

    /// Takes back the last action; `False` when none was played.
    fn undo(&mut self) -> bool {
        let Some(action) = self.history.pop() else { return false };
        let cols = self.position.board.cols();
        if self.position.board.set(action / cols, action % cols, Cell::Empty).is_err() {
            return false;
        }
        self.position.to_move = self.position.to_move.other();
        self.recompute();
        true
    }

    /// The legal actions, in increasing order (none once the game is over).
    fn legal_actions(&self) -> Vec<usize> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        let cells = self.position.board.cells();
        (0..cells.len()).filter(|&i| cells[i] == Cell::Empty).collect()
    }

    /// One byte per cell, 1 where the action is legal.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let over = self.outcome.is_over();
        let cells = self.position.board.cells();
        PyBytes::new_with(py, cells.len(), |buf| {
            if !over {
                for (b, &c) in buf.iter_mut().zip(cells) {
                    *b = u8::from(c == Cell::Empty);
                }
            }
            Ok(())
        })
    }

    /// Two planes of one byte per cell from `player`'s side (0 or 1): its own pieces,
    /// then its opponent's.
    fn planes<'py>(&self, py: Python<'py>, player: u8) -> PyResult<Bound<'py, PyBytes>> {
        let own = if player == 0 { Player::One } else { Player::Two };
        let cells = self.position.board.cells();
        let n = cells.len();
        PyBytes::new_with(py, 2 * n, |buf| {
            for (i, &c) in cells.iter().enumerate() {
                match c.player() {
                    Some(p) if p == own => buf[i] = 1,
                    Some(_) => buf[n + i] = 1,
                    None => {}
                }
            }
            Ok(())
        })
    }

    /// The value for the side to move under perfect play: 1 win, 0 draw, -1 loss.
    fn value(&self, py: Python<'_>) -> PyResult<i8> {
        let position = self.position.clone();
        let rules = self.rules;
        let solution = py.detach(|| solve_position(&position, rules)).map_err(bad_argument)?;
        Ok(match solution.winner() {
            None => 0,
            Some(p) if p == self.position.to_move => 1,
            Some(_) => -1,
        })
    }

    /// The actions that keep the value and distance under perfect play.
    fn best_actions(&self, py: Python<'_>) -> PyResult<Vec<usize>> {
        let position = self.position.clone();
        let rules = self.rules;
        let solution = py.detach(|| solve_position(&position, rules)).map_err(bad_argument)?;
        let board = &self.position.board;
        let cols = board.cols();
        let mut actions = Vec::with_capacity(solution.best.len());
        for name in &solution.best {
            let (r, c) = board
                .parse_cell_name(&name.to_string())
                .map_err(|e| bad_argument(e.to_string()))?;
            actions.push(r * cols + c);
        }
        actions.sort_unstable();
        Ok(actions)
    }

    /// The position in T3EN-style drawing (as `str(Position)` shows it).
    fn __str__(&self) -> String {
        self.position.board.draw()
    }

    fn __repr__(&self) -> String {
        format!(
            "<gridnote MnkGame {}x{} {} after {:?}>",
            self.position.board.rows(),
            self.position.board.cols(),
            self.rules,
            self.history
        )
    }
}
