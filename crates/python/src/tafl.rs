//! `TaflGame`: a tafl game played by gridnote's rules engine (`gridnote-tafl-rules`),
//! with moves in OTN move notation, OTN game records read and written, and the fixed
//! action encoding of the `tafl_v0` learning environment.

use gridnote_board::Player;
use gridnote_board::report::Spanned as _;
use gridnote_board::tafl::{
    Game, LinePath, MoveRecord, MoveText, ParseError, Slot, TaflRules, Tag, piece_index,
};
use gridnote_convert::{Format, Options};
use gridnote_game_json::{ParseError as JsonError, ServerGame};
use gridnote_tafl_rules::{
    CompiledRules, IllegalMove, Move, Outcome, Position as TaflPosition, Reason, Square, Undo,
};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::errors::{Failure, Kind, bad_argument};
use crate::position::{Position, read_source};

/// The planes of a `TaflGame` observation: the twelve piece kinds in OTN's order, then
/// the escape squares, then the observer's side.
pub(crate) const TAFL_PLANES: [&str; 14] = [
    "attacker_taflman",
    "attacker_commander",
    "attacker_knight",
    "attacker_king",
    "attacker_mercenary",
    "attacker_guard",
    "defender_taflman",
    "defender_commander",
    "defender_knight",
    "defender_king",
    "defender_mercenary",
    "defender_guard",
    "escape",
    "observer_is_defender",
];

/// The sides' names, attackers first.
const SIDES: [&str; 2] = ["attackers", "defenders"];

fn side_name(player: Player) -> &'static str {
    SIDES[player.index()]
}

fn side_named(what: &str, name: &str) -> PyResult<Player> {
    match name {
        "attackers" | "a" => Ok(Player::One),
        "defenders" | "d" => Ok(Player::Two),
        _ => Err(bad_argument(format!(
            "{what}: expected \"attackers\" or \"defenders\", got {name:?}"
        ))),
    }
}

fn reason_name(reason: Reason) -> &'static str {
    match reason {
        Reason::KingEscaped => "king-escaped",
        Reason::KingCaptured => "king-captured",
        Reason::NoPieces => "no-pieces",
        Reason::DefendersImmobile => "defenders-immobile",
        Reason::EdgeFort => "edge-fort",
        Reason::Surrounded => "surrounded",
        Reason::Repetition => "repetition",
        _ => "other",
    }
}

/// How a tafl game ended: the winner (`None` for a draw), the reason and the OTN result.
#[pyclass(module = "gridnote", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct TaflOutcome {
    /// `attackers`, `defenders`, or `None` for a draw.
    winner: Option<&'static str>,
    /// `king-escaped`, `king-captured`, `no-pieces`, `defenders-immobile`, `edge-fort`,
    /// `surrounded`, `repetition`, `no-legal-moves` or `resignation`.
    reason: &'static str,
}

#[pymethods]
impl TaflOutcome {
    /// The OTN result tag's value: `1` the attackers won, `-1` the defenders, `0` a draw.
    fn result(&self) -> &'static str {
        match self.winner {
            Some("attackers") => "1",
            Some(_) => "-1",
            None => "0",
        }
    }

    fn __str__(&self) -> String {
        match self.winner {
            Some(w) => format!("{w} win ({})", self.reason),
            None => format!("draw ({})", self.reason),
        }
    }

    fn __repr__(&self) -> String {
        let winner = self.winner.map_or_else(|| "None".to_owned(), |w| format!("'{w}'"));
        format!("TaflOutcome(winner={winner}, reason='{}')", self.reason)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<TaflOutcome>()
            .is_ok_and(|o| o.get().winner == self.winner && o.get().reason == self.reason)
    }
}

/// A tafl game: the rules, the start, the moves played and the position they lead to.
#[pyclass(module = "gridnote")]
#[derive(Clone)]
pub(crate) struct TaflGame {
    rules: TaflRules,
    engine: CompiledRules,
    /// The preset's name when the rules were given by one.
    preset: Option<String>,
    start: TaflPosition,
    position: TaflPosition,
    stack: Vec<(Undo, Move)>,
    /// The side that resigned (only a game record can say so).
    resigned: Option<Player>,
    /// A game record's tags other than rules, position and result, kept for `record()`.
    tags: Vec<(String, String)>,
}

/// The registry's format of OTN records (what a record's errors name).
fn otn_format() -> Option<Format> {
    "otn".parse().ok()
}

/// A failure about a move text.
fn illegal(text: &str, message: String) -> Failure {
    Failure::whole(Kind::IllegalMove, text, message, None)
}

/// A move text the model's reader refuses, with the span of the offending bytes.
fn syntax(text: &str, err: &ParseError) -> Failure {
    Failure {
        kind: Kind::IllegalMove,
        message: err.to_string(),
        text: text.to_owned(),
        span: err.span(),
        format: None,
    }
}

impl TaflGame {
    fn from_rules(rules: TaflRules, preset: Option<String>) -> PyResult<TaflGame> {
        let engine = CompiledRules::new(&rules).map_err(|e| bad_argument(format!("rules: {e}")))?;
        let start = TaflPosition::start(&engine);
        Ok(TaflGame {
            rules,
            engine,
            preset,
            position: start.clone(),
            start,
            stack: Vec::new(),
            resigned: None,
            tags: Vec::new(),
        })
    }

    /// The rules given as a preset's name or an OTN rules record.
    fn rules_given(py: Python<'_>, rules: &str) -> PyResult<(TaflRules, Option<String>)> {
        if rules.contains(':') {
            let typed: TaflRules = rules.parse().map_err(|e: ParseError| {
                let failure = Failure {
                    kind: Kind::Parse,
                    message: e.to_string(),
                    text: rules.to_owned(),
                    span: e.span(),
                    format: otn_format(),
                };
                failure.into_pyerr(py, None)
            })?;
            return Ok((typed, None));
        }
        let typed = TaflRules::preset(rules).map_err(|e| bad_argument(format!("rules: {e}")))?;
        let name = if rules == "brandub" { "brandubh" } else { rules };
        Ok((typed, Some(name.to_owned())))
    }

    /// The side that moves first in the rules' start position (`atkf`).
    fn first_mover(&self) -> Player {
        if self.rules.attackers_first { Player::One } else { Player::Two }
    }

    /// How the game stands: `None` while it goes on.
    fn state(&self) -> Option<(Option<Player>, &'static str)> {
        if let Some(side) = self.resigned {
            return Some((Some(side.other()), "resignation"));
        }
        match self.position.outcome() {
            Outcome::Won { winner, reason } => Some((Some(winner), reason_name(reason))),
            Outcome::Drawn { reason } => Some((None, reason_name(reason))),
            _ => {
                if self.position.legal_moves().is_empty() {
                    Some((Some(self.position.to_move().other()), "no-legal-moves"))
                } else {
                    None
                }
            }
        }
    }

    fn moves_now(&self) -> Vec<Move> {
        if self.resigned.is_some() || self.position.outcome().is_over() {
            Vec::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// The OTN texts of the moves played, from the start.
    fn texts(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        let mut out = Vec::with_capacity(self.stack.len());
        for &(_, m) in &self.stack {
            out.push(pos.move_text(m).unwrap_or_else(|| m.to_string()));
            let _ = pos.make(m);
        }
        out
    }

    fn dim(&self) -> usize {
        self.position.dim()
    }

    /// Row (from the top) and column of a square.
    fn cell(&self, sq: Square) -> (usize, usize) {
        (self.dim().saturating_sub(1 + usize::from(sq.rank)), usize::from(sq.file))
    }

    /// The action of a move: `(from_cell * 4 + direction) * (dim - 1) + distance - 1`.
    fn action_of_move(&self, m: Move) -> Option<usize> {
        let n = self.dim();
        let (fr, fc) = self.cell(m.from);
        let (tr, tc) = self.cell(m.to);
        let (dir, dist) = if fr == tr && tc != fc {
            if tc > fc { (1, tc - fc) } else { (3, fc - tc) }
        } else if fc == tc && tr != fr {
            if tr < fr { (0, fr - tr) } else { (2, tr - fr) }
        } else {
            return None;
        };
        Some(((fr * n + fc) * 4 + dir) * (n - 1) + dist - 1)
    }

    /// The move an action names, if it stays on the board.
    fn move_of_action(&self, action: usize) -> Option<Move> {
        let n = self.dim();
        if n < 2 || action >= self.actions() {
            return None;
        }
        let dist = action % (n - 1) + 1;
        let dir = (action / (n - 1)) % 4;
        let from = action / (n - 1) / 4;
        let (fr, fc) = (from / n, from % n);
        let (tr, tc) = match dir {
            0 => (fr.checked_sub(dist)?, fc),
            1 => (fr, fc + dist),
            2 => (fr + dist, fc),
            _ => (fr, fc.checked_sub(dist)?),
        };
        if tr >= n || tc >= n {
            return None;
        }
        let sq = |r: usize, c: usize| Square::new(c as u8, (n - 1 - r) as u8);
        Some(Move::new(sq(fr, fc), sq(tr, tc)))
    }

    fn actions(&self) -> usize {
        let n = self.dim();
        n * n * 4 * n.saturating_sub(1)
    }

    fn parse(&self, text: &str) -> Result<Move, Failure> {
        let written: MoveText = text.parse().map_err(|e: ParseError| syntax(text, &e))?;
        self.check(text, &written)
    }

    /// Checks a move read from `text` against the game: the engine's check, which
    /// refuses a move once the rules end the game; a game that ended otherwise (a
    /// resignation, a side without a legal move) takes no move either.
    fn check(&self, text: &str, written: &MoveText) -> Result<Move, Failure> {
        let ended_otherwise = self.state().filter(|_| !self.position.outcome().is_over());
        if let Some((winner, reason)) = ended_otherwise {
            let how = winner
                .map_or_else(|| "drawn".to_owned(), |w| format!("won by the {}", side_name(w)));
            return Err(illegal(text, format!("{text}: the game is over ({how}, {reason})")));
        }
        self.position.check_move(written).map_err(|e: IllegalMove| illegal(text, e.to_string()))
    }

    fn push_move(&mut self, m: Move) {
        let undo = self.position.make(m);
        self.stack.push((undo, m));
    }
}

#[pymethods]
impl TaflGame {
    #[new]
    #[pyo3(signature = (rules = "copenhagen", position = None, turn = None))]
    fn py_new(
        py: Python<'_>,
        rules: &str,
        position: Option<&str>,
        turn: Option<&str>,
    ) -> PyResult<TaflGame> {
        let (typed, preset) = TaflGame::rules_given(py, rules)?;
        let mut game = TaflGame::from_rules(typed, preset)?;
        let turn = turn.map(|t| side_named("turn", t)).transpose()?;
        if let Some(text) = position {
            let source = read_source(text, None, &Options::default(), "position")
                .map_err(|f| f.into_pyerr(py, None))?;
            let side = turn.or(source.to_move).unwrap_or_else(|| game.first_mover());
            let start = TaflPosition::new(&game.engine, &source.board, side)
                .map_err(|e| bad_argument(format!("position: {e}")))?;
            game.position = start.clone();
            game.start = start;
        } else if let Some(side) = turn {
            let start = TaflPosition::new(&game.engine, &game.start.board(), side)
                .map_err(|e| bad_argument(format!("position: {e}")))?;
            game.position = start.clone();
            game.start = start;
        }
        Ok(game)
    }

    /// The game of an OTN game record's main line (`.otg` text): its rules, its start
    /// (the `[position:…]` tag, else the rules' start) and every move, each checked by
    /// the rules engine. A hnefatafl.org-style server's game record (the JSON of its
    /// `resume_game_json`, recognised by a leading `{`) is read as the `.otg` it
    /// converts to (its players, id and clocks as tags; its chat dropped).
    #[staticmethod]
    fn from_record(py: Python<'_>, text: &str) -> PyResult<TaflGame> {
        let parse_error = |message: String, span, format| {
            let text = text.to_owned();
            Failure { kind: Kind::Parse, message, text, span, format }.into_pyerr(py, None)
        };
        let parsed: Game = if gridnote_game_json::is_server_record(text) {
            let record: ServerGame = text.parse().map_err(|e: JsonError| {
                parse_error(format!("server game record: {e}"), e.span(), None)
            })?;
            Game::try_from(&record).map_err(|e| bad_argument(format!("server game record: {e}")))?
        } else {
            text.parse()
                .map_err(|e: ParseError| parse_error(e.to_string(), e.span(), otn_format()))?
        };
        let mut game = TaflGame::from_rules(parsed.rules().clone(), None)?;
        let start = TaflPosition::of_record(&game.engine, parsed.start(), game.first_mover())
            .map_err(|e| bad_argument(format!("position: {e}")))?;
        game.position = start.clone();
        game.start = start;
        for tag in parsed.tags() {
            if let Tag::Other { key, value } = tag {
                game.tags.push((key.clone(), value.clone()));
            }
        }
        for turn in parsed.line_turns(&LinePath::MAIN) {
            for slot in &turn.slots {
                let Slot::Move(record) = slot else { continue };
                let move_text = record.to_string();
                let at = |message: String| {
                    illegal(&move_text, format!("turn {}: {message}", turn.address))
                        .into_pyerr(py, None)
                };
                if game.resigned.is_some() {
                    return Err(at(format!("{move_text} after a resignation")));
                }
                match record {
                    MoveRecord::Move(written) => {
                        let m = game.check(&move_text, written).map_err(|f| at(f.message))?;
                        game.push_move(m);
                    }
                    _ => game.resigned = Some(game.position.to_move()),
                }
            }
        }
        Ok(game)
    }

    /// The game as an OTN game record: the tags read (if any), the rules, the start
    /// when it is not the rules' start, the result when the game is over, then the
    /// moves, two a turn.
    fn record(&self, py: Python<'_>) -> PyResult<String> {
        // A record's first move is the rules' first mover's (`atkf`): a game that starts
        // with the other side to move is written with `atkf` turned, as OpenTafl writes
        // the rules of a position it hands on.
        let mut rules = self.rules.clone();
        if self.start.to_move() != self.first_mover() {
            rules.attackers_first = !rules.attackers_first;
        }
        let mut out = String::new();
        for (key, value) in &self.tags {
            out.push_str(&format!("[{key}:{value}]\n"));
        }
        out.push_str(&format!("[rules:{rules}]\n"));
        let start = self.start.otn();
        if start != TaflPosition::start(&self.engine).otn() {
            out.push_str(&format!("[position:{start}]\n"));
        }
        if let Some((winner, _)) = self.state() {
            let result = match winner {
                Some(Player::One) => "1",
                Some(Player::Two) => "-1",
                None => "0",
            };
            out.push_str(&format!("[result:{result}]\n"));
        }
        let mut moves = self.texts();
        if self.resigned.is_some() {
            moves.push("---".to_owned());
        }
        for (i, pair) in moves.chunks(2).enumerate() {
            out.push_str(&format!("\n{}. {}\n", i + 1, pair.join(" ")));
        }
        // Read back, so that what is handed out is a record gridnote reads.
        let game: Game = out.parse().map_err(|e: ParseError| {
            Failure::whole(Kind::Conversion, &out, e.to_string(), otn_format()).into_pyerr(py, None)
        })?;
        Ok(game.to_string())
    }

    /// The rules as an OTN rules record.
    #[getter]
    fn rules(&self) -> String {
        self.rules.to_string()
    }

    /// The preset's name when the game was made from one, else the record's `name`.
    #[getter]
    fn name(&self) -> Option<String> {
        self.preset.clone().or_else(|| self.rules.name.clone())
    }

    /// `attackers` or `defenders`: the side to move.
    #[getter]
    fn turn(&self) -> &'static str {
        side_name(self.position.to_move())
    }

    /// The number of plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.stack.len()
    }

    /// The board's size (it is square).
    #[getter]
    fn size(&self) -> usize {
        self.dim()
    }

    /// The current position as an OTN position record (rank 1 first).
    #[getter]
    fn position(&self) -> String {
        self.position.otn()
    }

    /// The current position as a `gridnote.Position` (read from its OTN position
    /// record, which carries no side to move: see `turn`).
    #[getter]
    fn board(&self, py: Python<'_>) -> PyResult<Position> {
        Position::read(py, &self.position.otn(), Some("otn"))
    }

    /// The legal moves as OTN move records (with the captures they make), in the
    /// engine's order; none once the game is over.
    #[getter]
    fn legal_moves(&self) -> Vec<String> {
        let moves = self.moves_now();
        moves.iter().filter_map(|&m| self.position.move_text(m)).collect()
    }

    /// The moves played, as OTN move records, from the start.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.texts()
    }

    /// Whether `move` (OTN move notation, or `d1-d4`) can be played now.
    #[pyo3(name = "is_legal", signature = (r#move))]
    fn is_legal(&self, r#move: &str) -> bool {
        self.parse(r#move).is_ok()
    }

    /// Plays `move` (OTN move notation: `d1-d4`, `Kd4-d7xe7`; the captures may be left
    /// out) and returns its OTN record with the captures it made. An illegal move is an
    /// `IllegalMoveError` and changes nothing.
    #[pyo3(signature = (r#move))]
    fn push(&mut self, py: Python<'_>, r#move: &str) -> PyResult<String> {
        let m = self.parse(r#move).map_err(|f| f.into_pyerr(py, None))?;
        let text = self.position.move_text(m).unwrap_or_else(|| m.to_string());
        self.push_move(m);
        Ok(text)
    }

    /// Takes back the last move and returns its OTN record (`---` for a resignation);
    /// `IndexError` when there is none.
    fn pop(&mut self) -> PyResult<String> {
        if self.resigned.take().is_some() {
            return Ok("---".to_owned());
        }
        let Some((undo, m)) = self.stack.pop() else {
            return Err(PyIndexError::new_err("pop from a game with no moves"));
        };
        self.position.unmake(undo);
        Ok(self.position.move_text(m).unwrap_or_else(|| m.to_string()))
    }

    /// How the game ended, or `None` while it goes on. Besides the rules' own ends, a
    /// side to move without a legal move loses (`no-legal-moves`).
    fn outcome(&self) -> Option<TaflOutcome> {
        self.state().map(|(winner, reason)| TaflOutcome { winner: winner.map(side_name), reason })
    }

    /// Whether the game has ended.
    fn is_game_over(&self) -> bool {
        self.state().is_some()
    }

    /// The number of move paths of `depth` plies from here (the lock is released while
    /// it counts).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let position = self.position.clone();
        py.detach(move || position.perft(depth))
    }

    /// An independent copy (the rules' tables are shared).
    fn copy(&self) -> TaflGame {
        self.clone()
    }

    /// The number of actions of the environment's encoding:
    /// `size * size * 4 * (size - 1)`.
    #[getter]
    fn action_count(&self) -> usize {
        self.actions()
    }

    /// The action of a move: `(from_cell * 4 + direction) * (size - 1) + distance - 1`,
    /// cells row-major from the top-left square, directions 0 up (toward the last rank),
    /// 1 right, 2 down, 3 left.
    #[pyo3(signature = (r#move))]
    fn action(&self, py: Python<'_>, r#move: &str) -> PyResult<usize> {
        let m: Move =
            r#move.parse().map_err(|e: ParseError| syntax(r#move, &e).into_pyerr(py, None))?;
        let n = self.dim();
        let on_board = |sq: Square| usize::from(sq.file) < n && usize::from(sq.rank) < n;
        on_board(m.from)
            .then_some(m)
            .filter(|m| on_board(m.to))
            .and_then(|m| self.action_of_move(m))
            .ok_or_else(|| bad_argument(format!("{} is not a straight move on this board", r#move)))
    }

    /// The move (`d1-d4`) an action names; `ValueError` for an action off the board.
    fn action_move(&self, action: usize) -> PyResult<String> {
        self.move_of_action(action)
            .map(|m| m.to_string())
            .ok_or_else(|| bad_argument(format!("action {action} leaves the board")))
    }

    /// The legal actions, in increasing order (none once the game is over).
    fn legal_actions(&self) -> Vec<usize> {
        let mut actions: Vec<usize> =
            self.moves_now().into_iter().filter_map(|m| self.action_of_move(m)).collect();
        actions.sort_unstable();
        actions
    }

    /// One byte per action, 1 where it is legal.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let moves = self.moves_now();
        PyBytes::new_with(py, self.actions(), |buf| {
            for m in moves {
                if let Some(a) = self.action_of_move(m) {
                    buf[a] = 1;
                }
            }
            Ok(())
        })
    }

    /// Plays an action; `False` (and nothing changes) when it is not legal now.
    fn play_action(&mut self, action: usize) -> bool {
        let Some(m) = self.move_of_action(action) else { return false };
        if self.resigned.is_some()
            || self.position.outcome().is_over()
            || !self.position.is_legal(m)
        {
            return false;
        }
        self.push_move(m);
        true
    }

    /// The observation planes seen by `observer` (`attackers` or `defenders`), one byte
    /// per square, `len(gridnote.TAFL_PLANES)` planes of `size * size`.
    fn planes<'py>(&self, py: Python<'py>, observer: &str) -> PyResult<Bound<'py, PyBytes>> {
        let observer = side_named("observer", observer)?;
        let n = self.dim();
        let area = n * n;
        let escape = self.position.escape_squares();
        PyBytes::new_with(py, TAFL_PLANES.len() * area, |buf| {
            for r in 0..n {
                for c in 0..n {
                    let sq = Square::new(c as u8, (n - 1 - r) as u8);
                    if let Some(piece) = self.position.piece_at(sq) {
                        buf[piece_index(piece) * area + r * n + c] = 1;
                    }
                }
            }
            for sq in escape {
                let (r, c) = self.cell(sq);
                buf[12 * area + r * n + c] = 1;
            }
            if observer == Player::Two {
                buf[13 * area..].fill(1);
            }
            Ok(())
        })
    }

    /// The board as `gridnote show` draws an OTN position, then the side to move or
    /// how the game ended.
    fn __str__(&self) -> String {
        let mut out = self.position.board().draw_with(&gridnote_board::Glyphs::TAFL);
        match self.outcome() {
            Some(o) => out.push_str(&format!("game over: {}", o.__str__())),
            None => {
                out.push_str(side_name(self.position.to_move()));
                out.push_str(" to move");
            }
        }
        out
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let rules = match &self.preset {
            Some(name) => name.clone(),
            None => self.rules.to_string(),
        };
        let rules = PyString::new(py, &rules).repr()?;
        Ok(format!(
            "TaflGame({rules}, position='{}', turn='{}')",
            self.position.otn(),
            side_name(self.position.to_move())
        ))
    }
}
