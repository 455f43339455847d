//! `Position` and what it answers: reading, converting, the legality check, the solver,
//! pictures and arrays of planes.

use core::cell::RefCell;

use gridnote_board::notation::Game;
use gridnote_board::notes::NoteValue;
use gridnote_board::{Board, Cell, Outcome, Player, Position as BoardPosition, Rules};
use gridnote_convert::{Format, Note, Options, Source, detect};
use gridnote_solve::{Solution as SolveSolution, Solver};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict as _, PyBytes, PyDict, PyString, PyTuple};

use crate::errors::{Failure, Kind, bad_argument};
use crate::options::{convert_options, format_named};

/// The transposition table of the solver a thread keeps between calls: boards of up to
/// 16 cells solve in it without replacement.
const SOLVER_TABLE_BYTES: usize = 32 << 20;

thread_local! {
    /// One solver per thread: its table is kept while the board's shape and rules stay.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::with_table_bytes(SOLVER_TABLE_BYTES));
}

/// Solves `position` with this thread's solver.
pub(crate) fn solve_position(
    position: &BoardPosition,
    rules: Rules,
) -> Result<SolveSolution, String> {
    SOLVER.with(|solver| match solver.try_borrow_mut() {
        Ok(mut solver) => solver.solve(position, rules).map_err(|e| e.to_string()),
        // Only a solve started from inside a solve could find it borrowed; none is.
        Err(_) => Solver::new().solve(position, rules).map_err(|e| e.to_string()),
    })
}

/// The cells an array of planes has one plane each for, in plane order: every cell but
/// the empty one, pieces first, then void.
pub(crate) fn plane_cells() -> Vec<Cell> {
    let pieces = Cell::ALL.iter().copied().filter(|c| c.is_piece());
    pieces.chain(Cell::ALL.iter().copied().filter(|c| c.is_void())).collect()
}

/// The name of a plane's cell: `one_man`, `two_king`, `void`, …
pub(crate) fn cell_name(cell: Cell) -> String {
    let debug = format!("{cell:?}");
    let mut out = String::with_capacity(debug.len() + 2);
    for (i, ch) in debug.chars().enumerate() {
        if ch.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(ch.to_ascii_lowercase());
    }
    out
}

/// How `format` spells `player` (`x`/`o`, `a`/`d`).
fn letter(format: Format, player: Player) -> &'static str {
    format.side_letters()[player.index()]
}

/// The player `format` spells `name`.
fn player_named(format: Format, name: &str) -> PyResult<Player> {
    Player::BOTH.into_iter().find(|&p| letter(format, p) == name).ok_or_else(|| {
        let [one, two] = format.side_letters();
        bad_argument(format!("to_move: {format} spells the sides {one} and {two}, got `{name}`"))
    })
}

/// `mnk` or `tafl`.
fn game_name(format: Format) -> &'static str {
    match format.game() {
        Game::Tafl => "tafl",
        _ => "mnk",
    }
}

/// Rules named as `gridnote check` prints them.
fn rules_named(name: &str) -> PyResult<Rules> {
    name.parse::<Rules>().map_err(|e| bad_argument(format!("rules: {e}")))
}

/// Reads `text` as `from` (detected when `None`).
pub(crate) fn read_source(
    text: &str,
    from: Option<Format>,
    options: &Options,
    argument: &str,
) -> Result<Source, Failure> {
    gridnote_convert::read(text, from, options)
        .map_err(|err| Failure::convert(&err, text, from, argument))
}

/// One format of the registry, as `gridnote.formats()` lists it.
#[pyclass(module = "gridnote", frozen, get_all)]
pub(crate) struct FormatInfo {
    /// The name `read`, `convert` and `detect` use.
    name: &'static str,
    /// What the format is, in one line.
    description: &'static str,
    /// A position in the format.
    example: &'static str,
    /// `mnk` or `tafl`.
    game: &'static str,
    /// How `detect` recognises it.
    detection: &'static str,
    /// The file extensions of its fixtures.
    extensions: Vec<&'static str>,
}

#[pymethods]
impl FormatInfo {
    fn __repr__(&self) -> String {
        format!("<gridnote format {} ({}): {}>", self.name, self.game, self.example)
    }

    fn __str__(&self) -> &'static str {
        self.name
    }
}

/// Every format, in the order `gridnote formats` lists them.
#[pyfunction]
pub(crate) fn formats() -> Vec<FormatInfo> {
    Format::ALL
        .iter()
        .map(|&f| FormatInfo {
            name: f.name(),
            description: f.description(),
            example: f.example(),
            game: game_name(f),
            detection: f.sniff_rule(),
            extensions: f.file_extensions().to_vec(),
        })
        .collect()
}

/// The name of the format `text` looks like.
#[pyfunction]
pub(crate) fn detect_format(py: Python<'_>, text: &str) -> PyResult<&'static str> {
    detect(text).map(Format::name).map_err(|err| {
        let message =
            err.to_string().replacen("--from", "format=... in read, from_=... in convert", 1);
        Failure::whole(Kind::Parse, text, message, None).into_pyerr(py, None)
    })
}

/// One note of a conversion: a field dropped or derived, its value, and why.
#[pyclass(module = "gridnote", frozen)]
pub(crate) struct ConversionNote {
    /// `dropped` or `derived`.
    #[pyo3(get)]
    kind: String,
    /// The field: `side-to-move`, `defenders`, `ply`, `since-capture`, `extension`,
    /// `shape`, `orientation`, `rules`.
    #[pyo3(get)]
    field: &'static str,
    /// The value dropped (as the source spells it) or derived (as the target does).
    #[pyo3(get)]
    value: Py<PyAny>,
    /// Why.
    #[pyo3(get)]
    reason: String,
    shown: String,
}

impl ConversionNote {
    fn new(py: Python<'_>, note: &Note) -> PyResult<ConversionNote> {
        let value = match &note.value {
            NoteValue::Number(n) => n.into_pyobject(py)?.into_any().unbind(),
            other => other.to_string().into_pyobject(py)?.into_any().unbind(),
        };
        Ok(ConversionNote {
            kind: note.kind.to_string(),
            field: note.field.name(),
            value,
            reason: note.reason.to_string(),
            shown: note.to_string(),
        })
    }
}

#[pymethods]
impl ConversionNote {
    fn __str__(&self) -> &str {
        &self.shown
    }

    fn __repr__(&self) -> String {
        format!("<gridnote note: {}>", self.shown)
    }
}

/// A conversion's result: the output text and the notes.
#[pyclass(module = "gridnote", frozen)]
pub(crate) struct Converted {
    output: String,
    /// Kept as Rust values: the Python notes are made only when asked for.
    notes: Vec<Note>,
    from_format: &'static str,
    to_format: &'static str,
}

#[pymethods]
impl Converted {
    /// The position in the target format (canonical form).
    #[getter]
    fn output(&self) -> &str {
        &self.output
    }

    /// What was dropped or derived, in field order.
    #[getter]
    fn notes(&self, py: Python<'_>) -> PyResult<Vec<ConversionNote>> {
        self.notes.iter().map(|n| ConversionNote::new(py, n)).collect()
    }

    /// The format the input was read as (given or detected).
    #[getter(from_format)]
    fn source_format(&self) -> &'static str {
        self.from_format
    }

    /// The target format.
    #[getter(to_format)]
    fn target_format(&self) -> &'static str {
        self.to_format
    }

    fn __str__(&self) -> &str {
        &self.output
    }

    fn __repr__(&self) -> String {
        format!(
            "<gridnote conversion {} -> {}: {:?}, {} note(s)>",
            self.from_format,
            self.to_format,
            self.output,
            self.notes.len()
        )
    }
}

/// Converts `source` (read from `text`) to `to`.
fn convert_source(
    py: Python<'_>,
    source: Source,
    text: &str,
    to: Format,
    options: &Options,
) -> PyResult<Converted> {
    let from = source.format;
    let mut output = String::new();
    let notes = gridnote_convert::write_into(source, to, options, &mut output)
        .map_err(|err| Failure::convert(&err, text, Some(from), "from_").into_pyerr(py, None))?;
    Ok(Converted { output, notes, from_format: from.name(), to_format: to.name() })
}

/// `gridnote.convert`: reads `text` (as `from_`, else detected) and writes it as `to`.
#[pyfunction]
#[pyo3(signature = (text, to, *, from_ = None, lossless = false, **format_options))]
pub(crate) fn convert(
    py: Python<'_>,
    text: &str,
    to: &str,
    from_: Option<&str>,
    lossless: bool,
    format_options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Converted> {
    let to = format_named("to", to)?;
    let from = from_.map(|name| format_named("from_", name)).transpose()?;
    let options = convert_options(lossless, format_options)?;
    let source = read_source(text, from, &options, "from_").map_err(|f| f.into_pyerr(py, None))?;
    convert_source(py, source, text, to, &options)
}

/// One legality problem: its stable name and its sentence.
#[pyclass(module = "gridnote", frozen, get_all)]
pub(crate) struct Problem {
    /// The stable name (`counts`, `side-to-move`, …).
    name: &'static str,
    /// The sentence.
    message: String,
}

#[pymethods]
impl Problem {
    fn __str__(&self) -> &str {
        &self.message
    }

    fn __repr__(&self) -> String {
        format!("<gridnote problem {}: {}>", self.name, self.message)
    }
}

/// What `Position.check` finds.
#[pyclass(module = "gridnote", frozen, get_all)]
pub(crate) struct Check {
    /// No problem found.
    legal: bool,
    /// Every problem, in a fixed order.
    problems: Vec<Py<Problem>>,
    /// The m,n,k rules judged by (`None` for tafl, which has its own check).
    rules: Option<String>,
    /// `in-progress`, `won`, `drawn` or `contested` (`None` for tafl).
    outcome: Option<&'static str>,
    /// The winner's letter when `outcome` is `won`.
    winner: Option<&'static str>,
    /// The side to move (carried, else from the counts), as the format spells it.
    to_move: Option<&'static str>,
}

#[pymethods]
impl Check {
    fn __bool__(&self) -> bool {
        self.legal
    }

    fn __repr__(&self) -> String {
        let problems: Vec<&'static str> = self.problems.iter().map(|p| p.get().name).collect();
        format!(
            "<gridnote check: legal={}, problems={problems:?}, outcome={}>",
            if self.legal { "True" } else { "False" },
            self.outcome.unwrap_or("None")
        )
    }
}

/// What `Position.solve` finds: the value under perfect play.
#[pyclass(module = "gridnote", frozen)]
pub(crate) struct Solution {
    /// The winner's letter, `None` for a draw.
    #[pyo3(get)]
    winner: Option<&'static str>,
    /// `win`, `loss` or `draw`, for the side to move.
    #[pyo3(get)]
    value: String,
    /// Plies until the game ends (the winner hurrying, the loser delaying).
    #[pyo3(get)]
    plies: usize,
    /// The side to move's letter.
    #[pyo3(get)]
    to_move: &'static str,
    /// Every move keeping the value and distance, as cell names (`a1` bottom left).
    #[pyo3(get)]
    best: Vec<String>,
    /// Positions searched.
    #[pyo3(get)]
    nodes: u64,
    /// The rules solved under.
    #[pyo3(get)]
    rules: String,
    shown: String,
}

#[pymethods]
impl Solution {
    fn __str__(&self) -> &str {
        &self.shown
    }

    fn __repr__(&self) -> String {
        format!("<gridnote solution: {}>", self.shown)
    }
}

/// A position read from any format: the board, and what the text carried.
///
/// `Position(text, format=None)` is `gridnote.read(text, format)`.
#[pyclass(module = "gridnote", frozen)]
pub(crate) struct Position {
    source: Source,
    text: String,
}

impl Position {
    pub(crate) fn read(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<Position> {
        let from = format.map(|name| format_named("format", name)).transpose()?;
        let source = read_source(text, from, &Options::default(), "format")
            .map_err(|f| f.into_pyerr(py, None))?;
        Ok(Position { source, text: text.to_owned() })
    }

    fn format(&self) -> Format {
        self.source.format
    }

    /// The m,n,k rules: given by name, else the format's default; an error for tafl.
    fn mnk_rules(&self, rules: Option<&str>) -> PyResult<Rules> {
        let rules = rules.map(rules_named).transpose()?;
        if self.format().game() == Game::Tafl && rules.is_some() {
            return Err(bad_argument(format!(
                "rules: m,n,k rules do not apply to a tafl position ({})",
                self.format()
            )));
        }
        Ok(rules.unwrap_or_else(|| self.format().default_rules()))
    }

    fn failure(&self, kind: Kind, message: String) -> Failure {
        Failure::whole(kind, &self.text, message, Some(self.format()))
    }
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (text, format = None))]
    fn py_new(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<Position> {
        Position::read(py, text, format)
    }

    /// The text the position was read from.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// The format it was read as.
    #[getter(format)]
    fn format_name(&self) -> &'static str {
        self.format().name()
    }

    /// `mnk` or `tafl`.
    #[getter]
    fn game(&self) -> &'static str {
        game_name(self.format())
    }

    /// `(rows, cols)`.
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.source.board.rows(), self.source.board.cols())
    }

    /// The board's rows, top first, one glyph per cell as `gridnote show` draws it.
    #[getter]
    fn rows(&self) -> Vec<String> {
        let glyphs = self.format().glyphs();
        self.source
            .board
            .iter_rows()
            .map(|row| row.iter().map(|&c| glyphs.glyph(c)).collect())
            .collect()
    }

    /// The side to move the text carries (`x`/`o`, `a`/`d`), else `None`.
    #[getter]
    fn to_move(&self) -> Option<&'static str> {
        self.source.to_move.map(|p| letter(self.format(), p))
    }

    /// The side to move: carried, else implied by the text, else from the counts.
    #[getter]
    fn turn(&self) -> Option<&'static str> {
        self.source.to_move_or_counts().map(|p| letter(self.format(), p))
    }

    /// TSN/TEN's counters `(defenders, ply, since_capture)` when the text carries them.
    #[getter]
    fn counters(&self) -> Option<(u32, u32, u32)> {
        self.source.tafl.map(|t| (t.defenders, t.ply, t.since_capture))
    }

    /// A variant's rules (an OpenTafl rules record) when the text carries them.
    #[getter]
    fn rules(&self) -> Option<String> {
        self.source.rules.as_ref().map(ToString::to_string)
    }

    /// TEN's extension field when the text carries one.
    #[getter]
    fn extension(&self) -> Option<String> {
        self.source.extension.as_ref().map(ToString::to_string)
    }

    /// The position written as `to` (with notes), as `gridnote.convert` does.
    #[pyo3(signature = (to, *, lossless = false, **format_options))]
    fn convert(
        &self,
        py: Python<'_>,
        to: &str,
        lossless: bool,
        format_options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Converted> {
        let to = format_named("to", to)?;
        let options = convert_options(lossless, format_options)?;
        convert_source(py, self.source.clone(), &self.text, to, &options)
    }

    /// Every legality problem and the outcome, under m,n,k `rules` (the format's default
    /// when `None`); a tafl position gets TSN's semantic check.
    #[pyo3(signature = (rules = None))]
    fn check(&self, py: Python<'_>, rules: Option<&str>) -> PyResult<Check> {
        let format = self.format();
        let rules = self.mnk_rules(rules)?;
        let problem = |name: &'static str, message: String| Py::new(py, Problem { name, message });
        let checked = self.source.check(Some(rules));
        let problems = checked
            .problems
            .into_iter()
            .map(|p| problem(p.name, p.message))
            .collect::<PyResult<Vec<_>>>()?;
        let (Some(rules), Some(outcome)) = (checked.rules, checked.outcome) else {
            // A tafl position: its format's semantic check, no m,n,k rules or outcome.
            return Ok(Check {
                legal: problems.is_empty(),
                problems,
                rules: None,
                outcome: None,
                winner: None,
                to_move: self.to_move(),
            });
        };
        let (outcome, winner) = match outcome {
            Outcome::InProgress => ("in-progress", None),
            Outcome::Won(p) => ("won", Some(letter(format, p))),
            Outcome::Drawn => ("drawn", None),
            _ => ("contested", None),
        };
        Ok(Check {
            legal: problems.is_empty(),
            problems,
            rules: Some(rules.to_string()),
            outcome: Some(outcome),
            winner,
            to_move: self.turn(),
        })
    }

    /// The value under perfect play of this m,n,k position under `rules` (the format's
    /// default when `None`).
    #[pyo3(signature = (rules = None))]
    fn solve(&self, py: Python<'_>, rules: Option<&str>) -> PyResult<Solution> {
        let format = self.format();
        if format.game() != Game::Mnk {
            let message = format!(
                "solve handles m,n,k games (tic-tac-toe and its relatives); a {format} position is tafl"
            );
            return Err(self.failure(Kind::Solve, message).into_pyerr(py, None));
        }
        let rules = self.mnk_rules(rules)?;
        let Some(to_move) = self.source.to_move_or_counts() else {
            let problems = self.source.board.problems(rules, None);
            let message = gridnote_solve::SolveError::Illegal(problems).to_string();
            return Err(self.failure(Kind::Solve, message).into_pyerr(py, None));
        };
        let position = BoardPosition::new(self.source.board.clone(), to_move);
        let solved = py.detach(|| solve_position(&position, rules));
        let solution =
            solved.map_err(|message| self.failure(Kind::Solve, message).into_pyerr(py, None))?;
        Ok(Solution {
            winner: solution.winner().map(|p| letter(format, p)),
            value: solution.value.to_string(),
            plies: solution.plies,
            to_move: letter(format, solution.to_move),
            best: solution.best.iter().map(ToString::to_string).collect(),
            nodes: solution.nodes,
            rules: rules.to_string(),
            shown: solution.to_string(),
        })
    }

    /// A standalone SVG picture (python-chess's `chess.svg.board` options as the model).
    #[pyo3(signature = (
        size = None, *, coordinates = true, flip = false, highlight = Vec::new(),
        last_move = Vec::new(), arrows = Vec::new(), rules = None, theme = None, title = None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn svg(
        &self,
        py: Python<'_>,
        size: Option<u32>,
        coordinates: bool,
        flip: bool,
        highlight: Vec<String>,
        last_move: Vec<String>,
        arrows: Vec<(String, String)>,
        rules: Option<&str>,
        theme: Option<&str>,
        title: Option<String>,
    ) -> PyResult<String> {
        use gridnote_svg::{Arrow, Pieces, Theme};

        let tafl = self.format().game() == Game::Tafl;
        let rules = match rules {
            Some(_) => Some(self.mnk_rules(rules)?),
            None => None,
        };
        if size == Some(0) {
            return Err(bad_argument("size: expected a positive number of pixels, got 0"));
        }
        let board = &self.source.board;
        let cell = |option: &str, name: &str| {
            board.parse_cell_name(name).map_err(|e| bad_argument(format!("{option}: {e}")))
        };
        let mut options = gridnote_svg::Options::default()
            .size(size)
            .coordinates(coordinates)
            .flip(flip)
            .pieces(if tafl { Pieces::Tafl } else { Pieces::Marks })
            .tafl_squares(tafl)
            .rules(rules)
            .title(Some(title.unwrap_or_else(|| self.text.clone())));
        if let Some(name) = theme {
            let theme = Theme::named(name).ok_or_else(|| {
                bad_argument(format!(
                    "theme: unknown theme `{name}`: expected {}",
                    Theme::NAMES.join(" or ")
                ))
            })?;
            options = options.theme(theme);
        }
        for name in &highlight {
            options = options.highlight(cell("highlight", name)?);
        }
        for (from, to) in &arrows {
            options = options.arrow(Arrow::new(cell("arrows", from)?, cell("arrows", to)?));
        }
        if !last_move.is_empty() {
            let cells = last_move
                .iter()
                .map(|name| cell("last_move", name))
                .collect::<PyResult<Vec<_>>>()?;
            options = options.last_move(&cells);
        }
        let drawn = match self.source.to_move {
            Some(to_move) => {
                gridnote_svg::position(&BoardPosition::new(board.clone(), to_move), &options)
            }
            None => gridnote_svg::board(board, &options),
        };
        drawn.map_err(|e| self.failure(Kind::Conversion, e.to_string()).into_pyerr(py, None))
    }

    /// Jupyter draws a position as its SVG picture.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py, None, true, false, Vec::new(), Vec::new(), Vec::new(), None, None, None)
    }

    /// The board as `gridnote show` draws it, then the side to move.
    fn __str__(&self) -> String {
        let format = self.format();
        let mut out = self.source.board.draw_with(&format.glyphs());
        match self.source.to_move_or_counts() {
            Some(side) => {
                out.push_str(format.side_names()[side.index()]);
                out.push_str(" to move");
            }
            // A tafl text that carries no side: counts do not decide who moves in tafl.
            None if format.game() == Game::Tafl => {
                out.push_str("no side to move (");
                out.push_str(format.name());
                out.push_str(" carries none)");
            }
            None => out.push_str("no side to move (the counts fit none)"),
        }
        out
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, &self.text).repr()?;
        Ok(format!("Position({text}, format='{}')", self.format().name()))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Position>() {
            Ok(other) => {
                let other = other.get();
                self.source.format == other.source.format && self.source.setup == other.source.setup
            }
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        use core::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.source.format.name().hash(&mut hasher);
        self.source.board.cells().hash(&mut hasher);
        self.source.to_move.hash(&mut hasher);
        hasher.finish()
    }

    /// The board as an `int8` numpy array of shape `(planes, rows, cols)`: one plane per
    /// name of `gridnote.PLANES`, 1 where the cell holds that piece (or is void).
    fn to_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let board = &self.source.board;
        let cells = plane_cells();
        let (rows, cols) = (board.rows(), board.cols());
        let area = rows * cols;
        let planes = PyBytes::new_with(py, cells.len() * area, |buf| {
            for (i, &cell) in board.cells().iter().enumerate() {
                if let Some(p) = cells.iter().position(|&c| c == cell) {
                    buf[p * area + i] = 1;
                }
            }
            Ok(())
        })?;
        let numpy = py.import("numpy")?;
        let array = numpy.getattr("frombuffer")?.call1((planes, numpy.getattr("int8")?))?;
        array.call_method1("reshape", (cells.len(), rows, cols))?.call_method0("copy")
    }

    /// The position an array of `Position.to_array`'s planes shows, written as
    /// `format` (T3EN for a square m,n,k board, the tuple format for a rectangle, TSN
    /// when a king is on the board, when `None`), with `to_move` as the format spells
    /// it (derived as `convert` derives it when `None`).
    #[staticmethod]
    #[pyo3(signature = (array, *, to_move = None, format = None))]
    fn from_array(
        py: Python<'_>,
        array: &Bound<'_, PyAny>,
        to_move: Option<&str>,
        format: Option<&str>,
    ) -> PyResult<Position> {
        let numpy = py.import("numpy")?;
        let given = numpy.getattr("asarray")?.call1((array,))?;
        let array = numpy
            .getattr("ascontiguousarray")?
            .call((&given,), Some(&[("dtype", numpy.getattr("int8")?)].into_py_dict(py)?))?;
        // A cast to int8 truncates 0.5 to 0 and wraps 256 to 0: the values must survive it.
        if !numpy.getattr("array_equal")?.call1((&given, &array))?.is_truthy()? {
            return Err(bad_argument(format!(
                "array: expected the values 0 and 1, got dtype {} with other values",
                given.getattr("dtype")?.str()?
            )));
        }
        let shape: Vec<usize> = array.getattr("shape")?.extract()?;
        let cells = plane_cells();
        let [planes, rows, cols] = shape[..] else {
            return Err(bad_argument(format!(
                "array: expected 3 dimensions (planes, rows, cols), got shape {shape:?}"
            )));
        };
        if planes != cells.len() {
            return Err(bad_argument(format!(
                "array: expected {} planes (gridnote.PLANES), got {planes}",
                cells.len()
            )));
        }
        let bytes = array.call_method0("tobytes")?;
        let bytes = bytes.cast::<PyBytes>().map_err(|_| PyTypeError::new_err("array: tobytes"))?;
        let data = bytes.as_bytes();
        let board = board_from_planes(data, &cells, rows, cols)?;
        let format = match format {
            Some(name) => format_named("format", name)?,
            None => {
                let king = board.cells().iter().any(|c| c.is_king());
                let name = if king {
                    "tsn"
                } else if rows == cols {
                    "t3en"
                } else {
                    "tuple"
                };
                format_named("format", name)?
            }
        };
        let to_move = to_move.map(|name| player_named(format, name)).transpose()?;
        let text = write_board(format, board, to_move)
            .map_err(|message| bad_argument(format!("array: {message}")))?;
        Position::read(py, &text, Some(format.name()))
    }
}

/// A board from planes: each cell in at most one plane, each value 0 or 1.
fn board_from_planes(data: &[u8], cells: &[Cell], rows: usize, cols: usize) -> PyResult<Board> {
    let area = rows * cols;
    let mut board_cells = vec![Cell::Empty; area];
    for (p, &cell) in cells.iter().enumerate() {
        for (i, &v) in data[p * area..(p + 1) * area].iter().enumerate() {
            let name =
                || Board::new(rows, cols).map(|b| b.cell_name(i / cols, i % cols).to_string());
            match v {
                0 => {}
                1 if board_cells[i] == Cell::Empty => board_cells[i] = cell,
                1 => {
                    return Err(bad_argument(format!(
                        "array: cell {} is set in two planes",
                        name().unwrap_or_default()
                    )));
                }
                other => {
                    return Err(bad_argument(format!(
                        "array: cell {} of plane {} is {}, expected 0 or 1",
                        name().unwrap_or_default(),
                        cell_name(cell),
                        other as i8
                    )));
                }
            }
        }
    }
    Board::from_cells(rows, cols, board_cells).map_err(|e| bad_argument(format!("array: {e}")))
}

/// `board` written as `format`: the setup goes through the converter's writer, which
/// derives what `format` needs and the board does not carry.
fn write_board(format: Format, board: Board, to_move: Option<Player>) -> Result<String, String> {
    let options = Options::default();
    let mut setup = gridnote_board::setup::Setup::new(board);
    setup.to_move = to_move;
    let mut text = String::new();
    gridnote_convert::write_into(Source::new(format, setup), format, &options, &mut text)
        .map_err(|e| e.to_string())?;
    Ok(text)
}

/// `gridnote.read`: the position `text` holds, read as `format` (detected when `None`).
#[pyfunction]
#[pyo3(signature = (text, format = None))]
pub(crate) fn read(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<Position> {
    Position::read(py, text, format)
}

/// The names of the planes of `Position.to_array`, in order.
pub(crate) fn plane_names(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    PyTuple::new(py, plane_cells().into_iter().map(cell_name))
}

/// `s` without one trailing `\n` or `\r\n`.
pub(crate) fn strip_end(s: &str) -> &str {
    s.strip_suffix('\n').map_or(s, |s| s.strip_suffix('\r').unwrap_or(s))
}
