//! The engines for the engine package (`gridnote_engine`): the tafl search
//! (gridnote-tafl-search) and the m,n,k engine and solver (gridnote-solve) behind plain
//! Rust requests, so that they are tested natively; `engine_bindings.rs` only turns
//! JavaScript values into these requests and reports back into objects.
//!
//! A search reports as it goes: the tafl search one report per finished iteration
//! (iterative deepening from here, one depth-limited search after another on the same
//! searcher, whose table makes the shallower iterations cheap), the m,n,k engine one
//! report when it has chosen. It cannot be interrupted from JavaScript while it runs
//! (a worker runs it synchronously): the package's `engine.js` stops a search by ending
//! its worker and keeps the last report's move.

use core::cell::RefCell;
use core::time::Duration;

use gridnote_board::Player;
use gridnote_board::tafl::TaflRules;
use gridnote_solve::{SolveError, Solver, ThoughtKind, Value};
use gridnote_tafl_search::{Limits, Searcher, WIN, Weights};
use web_time::Instant;

use crate::api::{Failure, JsNumber};
use crate::tafl::{replay, rules_named, side_named};

/// Entries of the tafl search's transposition table (24 bytes each: 6 MiB).
const TAFL_TABLE_ENTRIES: usize = 1 << 18;
/// The m,n,k engine's and solver's table.
const MNK_TABLE_BYTES: usize = 32 << 20;
/// The time a search takes when the request names no limit.
const DEFAULT_TIME: Duration = Duration::from_secs(1);
/// The longest time a request may ask for (an hour).
const MAX_TIME_MS: f64 = 3_600_000.0;
/// The deepest tafl iteration (the search's own limit is below it).
const MAX_DEPTH: u32 = 64;
/// Scores beyond this are wins or losses the search proved.
const PROVED: i32 = WIN - 200;

/// A search's limits: a time, a depth, or both (whichever comes first).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct SearchLimits {
    /// Milliseconds; `None` for no time limit (then a depth must be given, else one second).
    pub(crate) time_ms: Option<f64>,
    /// Plies (tafl only).
    pub(crate) depth: Option<f64>,
}

/// A tafl game: the rules, where it starts and the moves played since.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TaflGame {
    /// A preset name or a whole OTN rules record.
    pub(crate) rules: String,
    /// An OTN position record; `None` for the rules' start.
    pub(crate) start: Option<String>,
    /// Who moves at the start (`a`/`d`); `None` for the rules' first mover.
    pub(crate) side: Option<String>,
    /// Moves played from the start (OTN move notation).
    pub(crate) played: Vec<String>,
}

/// An m,n,k game: the board's size, the rules and the moves played from the empty board.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct MnkGame {
    pub(crate) rows: f64,
    pub(crate) cols: f64,
    /// Any name `Rules` reads (`tic-tac-toe+k=5`); `None` for tic-tac-toe's with k = 3.
    pub(crate) rules: Option<String>,
    /// The cells played, by name (`h8`), the first player's first.
    pub(crate) moves: Vec<String>,
}

/// What a search proved for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Proof {
    pub(crate) value: Value,
    /// Plies to the end, when known.
    pub(crate) plies: Option<u32>,
}

/// A report of a search, while it runs and at its end.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Report {
    /// The move it would play now (`None` only when there is no move).
    pub(crate) best: Option<String>,
    /// The evaluation for the side to move (tafl: hundredths of a taflman; ±30,000 less
    /// the plies for a proved win or loss); `None` when the engine gives none.
    pub(crate) score: Option<i32>,
    /// A proved value, when the search proved one.
    pub(crate) proof: Option<Proof>,
    /// The deepest iteration finished, in plies.
    pub(crate) depth: u32,
    /// The principal variation, `best` first.
    pub(crate) pv: Vec<String>,
    /// Positions searched so far.
    pub(crate) nodes: u64,
    /// Milliseconds since the search started.
    pub(crate) elapsed_ms: f64,
    /// How the move was found: `searched`, `solved`, `fours`, `threats`, `rule-of-thumb`.
    pub(crate) method: &'static str,
}

/// The exact value of a small m,n,k position, or what the time allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Solved {
    /// The value for the side to move, `None` when the time ran out first.
    pub(crate) value: Option<Value>,
    /// Plies to the end under perfect play.
    pub(crate) plies: u32,
    /// Every best move, by cell name.
    pub(crate) best: Vec<String>,
    pub(crate) to_move: Player,
    pub(crate) nodes: u64,
    /// One sentence: `x wins in 5 plies; best: b2` or what the search proved in the time.
    pub(crate) summary: String,
}

/// The limits as a time and a depth: the time defaults to a second when neither is given.
fn limits(limits: &SearchLimits) -> Result<(Option<Duration>, Option<u32>), Failure> {
    let time = match limits.time_ms {
        Some(ms) if ms.is_finite() && ms > 0.0 && ms <= MAX_TIME_MS => {
            Some(Duration::from_secs_f64(ms / 1000.0))
        }
        Some(ms) => {
            return Err(Failure::option(format!(
                "options.timeMs: expected milliseconds above 0 and at most {}, got {}",
                JsNumber(MAX_TIME_MS),
                JsNumber(ms)
            )));
        }
        None => None,
    };
    let depth = match limits.depth {
        Some(d)
            if d.is_finite() && d.fract() == 0.0 && (1.0..=f64::from(MAX_DEPTH)).contains(&d) =>
        {
            // Whole and in range: the cast is exact.
            Some(d as u32)
        }
        Some(d) => {
            return Err(Failure::option(format!(
                "options.depth: expected a whole number from 1 to {MAX_DEPTH}, got {}",
                JsNumber(d)
            )));
        }
        None => None,
    };
    Ok((if time.is_none() && depth.is_none() { Some(DEFAULT_TIME) } else { time }, depth))
}

thread_local! {
    /// The tafl searcher, kept between searches (its table helps the next move), with
    /// the rules it last searched (a new game of other rules starts it afresh).
    static SEARCHER: RefCell<(String, Searcher)> =
        RefCell::new((String::new(), Searcher::new(TAFL_TABLE_ENTRIES, Weights::default())));
    /// The m,n,k engine and solver, kept between calls.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::with_table_bytes(MNK_TABLE_BYTES));
}

/// Milliseconds since `start`.
fn millis(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1000.0
}

/// The proof a tafl score carries: a win or loss `WIN - n` plies away.
fn tafl_proof(score: i32) -> Option<Proof> {
    let plies = (WIN - score.abs()).unsigned_abs();
    if score > PROVED {
        Some(Proof { value: Value::Win, plies: Some(plies) })
    } else if score < -PROVED {
        Some(Proof { value: Value::Loss, plies: Some(plies) })
    } else {
        None
    }
}

/// Searches the tafl game's position; `progress` hears of every finished iteration.
pub(crate) fn search_tafl(
    game: &TaflGame,
    limits_given: &SearchLimits,
    progress: &mut dyn FnMut(&Report),
) -> Result<Report, Failure> {
    let (time, depth) = limits(limits_given)?;
    let tafl = rules_named(&game.rules)?;
    let rules = gridnote_tafl_rules::CompiledRules::new(&tafl)
        .map_err(|e| Failure::option(format!("options.rules: {e}")))?;
    let mut position = start_position(&tafl, &rules, game)?;
    replay(&mut position, &game.played)?;
    let outcome = position.outcome();
    if outcome.is_over() {
        return Err(Failure::option(format!(
            "the game is over ({}): there is no move to search",
            crate::tafl::finished(outcome)
        )));
    }
    let start = Instant::now();
    let max_depth = depth.unwrap_or(MAX_DEPTH);
    SEARCHER.with(|cell| {
        let mut guard = cell.borrow_mut();
        let (searched_rules, searcher) = &mut *guard;
        if *searched_rules != game.rules {
            searcher.clear();
            searched_rules.clone_from(&game.rules);
        }
        let mut last: Option<Report> = None;
        let mut nodes = 0;
        for d in 1..=max_depth {
            let mut limits = Limits::depth(d);
            if let Some(time) = time {
                let left = time.saturating_sub(start.elapsed());
                if left.is_zero() {
                    break;
                }
                limits = limits.with_time(left);
            }
            let found = searcher.search(&position, &limits);
            nodes += found.nodes;
            let finished = found.depth >= d;
            if finished || last.is_none() {
                let report = Report {
                    best: found.best.and_then(|m| position.move_text(m)),
                    score: Some(found.score),
                    proof: tafl_proof(found.score),
                    depth: found.depth,
                    pv: pv_texts(&position, &found.pv),
                    nodes,
                    elapsed_ms: millis(start),
                    method: "searched",
                };
                progress(&report);
                last = Some(report);
            }
            let proved = last.as_ref().is_some_and(|r| r.proof.is_some());
            // An unfinished iteration ran out of time; a proved value is final; the next
            // iteration costs several times this one, so it is not started past a third.
            if !finished || proved || time.is_some_and(|t| start.elapsed() > t / 3) {
                break;
            }
        }
        let mut report = last.expect("the first iteration reports");
        report.nodes = nodes;
        report.elapsed_ms = millis(start);
        Ok(report)
    })
}

/// The game's start: the rules' own, or the OTN position record given.
fn start_position(
    tafl: &TaflRules,
    rules: &gridnote_tafl_rules::CompiledRules,
    game: &TaflGame,
) -> Result<gridnote_tafl_rules::Position, Failure> {
    let side = game.side.as_deref().map(side_named).transpose()?;
    let Some(record) = &game.start else {
        let position = gridnote_tafl_rules::Position::start(rules);
        if side.is_some_and(|s| s != position.to_move()) {
            return Err(Failure::option(
                "options.side: the rules' start is played by its first mover; give options.start to start otherwise".to_owned(),
            ));
        }
        return Ok(position);
    };
    let first = if tafl.attackers_first { Player::One } else { Player::Two };
    gridnote_tafl_rules::Position::from_record(rules, record, side.unwrap_or(first))
        .map_err(|e| Failure::option(format!("options.start: {e}")))
}

/// The moves of a principal variation as OTN move records.
fn pv_texts(
    position: &gridnote_tafl_rules::Position,
    pv: &[gridnote_tafl_rules::Move],
) -> Vec<String> {
    let mut line = position.clone();
    let mut texts = Vec::with_capacity(pv.len());
    for &m in pv {
        if line.outcome().is_over() {
            break;
        }
        match line.play(m) {
            Ok(played) => texts.push(played.text),
            Err(_) => break,
        }
    }
    texts
}

/// The m,n,k position of `game` and its rules.
fn mnk_position(
    game: &MnkGame,
) -> Result<(gridnote_board::Position, gridnote_board::Rules), Failure> {
    let size = |option: &str, n: f64| {
        if n.is_finite() && n.fract() == 0.0 && (1.0..=255.0).contains(&n) {
            // Whole and in range: the cast is exact.
            Ok(n as usize)
        } else {
            Err(Failure::option(format!(
                "options.{option}: expected a whole number from 1 to 255, got {}",
                JsNumber(n)
            )))
        }
    };
    let (rows, cols) = (size("rows", game.rows)?, size("cols", game.cols)?);
    let rules = match &game.rules {
        Some(name) => name
            .parse::<gridnote_board::Rules>()
            .map_err(|e| Failure::option(format!("options.rules: {e}")))?,
        None => gridnote_board::Rules::TIC_TAC_TOE,
    };
    let mut position = gridnote_board::Position::start(rows, cols)
        .map_err(|e| Failure::option(format!("options.rows: {e}")))?;
    for (i, name) in game.moves.iter().enumerate() {
        position = position
            .play_name(name, rules)
            .map_err(|e| Failure::option(format!("options.moves[{i}]: {e}")))?;
    }
    Ok((position, rules))
}

/// Chooses a move in the m,n,k game within the time (the m,n,k engine takes no depth).
pub(crate) fn search_mnk(
    game: &MnkGame,
    limits_given: &SearchLimits,
    progress: &mut dyn FnMut(&Report),
) -> Result<Report, Failure> {
    if limits_given.depth.is_some() {
        return Err(Failure::option(
            "options.depth: the m,n,k engine takes a time limit (options.timeMs), not a depth"
                .to_owned(),
        ));
    }
    let (time, _) = limits(limits_given)?;
    let (position, rules) = mnk_position(game)?;
    let start = Instant::now();
    let deadline = start + time.unwrap_or(DEFAULT_TIME);
    let thought = SOLVER.with(|solver| solver.borrow_mut().think(&position, rules, deadline));
    let thought = thought.map_err(|e| match e {
        SolveError::Finished => {
            Failure::option("the game is over: there is no move to search".to_owned())
        }
        other => Failure::option(other.to_string()),
    })?;
    let board = &position.board;
    let best = board.cell_name(thought.row, thought.col).to_string();
    let (score, proof, depth, method) = match thought.kind {
        ThoughtKind::Solved(value) => {
            let score = match value {
                Value::Win => WIN,
                Value::Loss => -WIN,
                _ => 0,
            };
            (Some(score), Some(Proof { value, plies: None }), 0, "solved")
        }
        ThoughtKind::Searched { depth } => (None, None, depth, "searched"),
        ThoughtKind::Fours { moves } => (
            Some(WIN),
            Some(Proof { value: Value::Win, plies: Some(2 * moves - 1) }),
            2 * moves - 1,
            "fours",
        ),
        ThoughtKind::Threats { depth } => {
            (Some(WIN), Some(Proof { value: Value::Win, plies: None }), depth, "threats")
        }
        _ => (None, None, 0, "rule-of-thumb"),
    };
    let report = Report {
        best: Some(best.clone()),
        score,
        proof,
        depth,
        pv: vec![best],
        nodes: thought.nodes,
        elapsed_ms: millis(start),
        method,
    };
    progress(&report);
    Ok(report)
}

/// The exact value of the m,n,k position and every best move, within the time.
pub(crate) fn solve_mnk(game: &MnkGame, limits_given: &SearchLimits) -> Result<Solved, Failure> {
    let (time, _) = limits(limits_given)?;
    let (position, rules) = mnk_position(game)?;
    let deadline = Instant::now() + time.unwrap_or(DEFAULT_TIME);
    let solved = SOLVER.with(|solver| solver.borrow_mut().solve_by(&position, rules, deadline));
    match solved {
        Ok(solution) => Ok(Solved {
            value: Some(solution.value),
            plies: u32::try_from(solution.plies).unwrap_or(u32::MAX),
            best: solution.best.iter().map(ToString::to_string).collect(),
            to_move: solution.to_move,
            nodes: solution.nodes,
            summary: solution.to_string(),
        }),
        Err(SolveError::OutOfTime { proved, nodes }) => Ok(Solved {
            value: None,
            plies: 0,
            best: Vec::new(),
            to_move: position.to_move,
            nodes,
            summary: format!("not solved in the time; proved so far: {proved}"),
        }),
        Err(other) => Err(Failure::option(other.to_string())),
    }
}

/// `win`, `loss` or `draw`.
pub(crate) fn value_name(value: Value) -> &'static str {
    match value {
        Value::Win => "win",
        Value::Loss => "loss",
        _ => "draw",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brandubh(played: &[&str]) -> TaflGame {
        TaflGame {
            rules: "brandubh".into(),
            played: played.iter().map(|&m| m.to_owned()).collect(),
            ..TaflGame::default()
        }
    }

    fn depth(d: u32) -> SearchLimits {
        SearchLimits { time_ms: None, depth: Some(f64::from(d)) }
    }

    #[test]
    fn a_depth_limited_tafl_search_reports_every_iteration() {
        let mut reports = Vec::new();
        let found =
            search_tafl(&brandubh(&[]), &depth(3), &mut |r| reports.push(r.clone())).unwrap();
        let depths: Vec<u32> = reports.iter().map(|r| r.depth).collect();
        assert_eq!(depths, [1, 2, 3]);
        assert_eq!(found.depth, 3);
        assert_eq!(found.best, reports[2].best);
        assert_eq!(found.pv.first(), found.best.as_ref());
        assert_eq!(found.method, "searched");
        // Nodes add up over the iterations.
        assert!(reports.windows(2).all(|w| w[0].nodes < w[1].nodes), "{reports:?}");
        assert_eq!(found.nodes, reports[2].nodes);
        // The move is legal at the start.
        let rules = gridnote_tafl_rules::CompiledRules::brandubh();
        let start = gridnote_tafl_rules::Position::start(&rules);
        assert!(start.parse_move(found.best.as_deref().unwrap()).is_ok());
        // The principal variation plays from the start.
        let mut line = start.clone();
        for m in &found.pv {
            line.play_text(m).unwrap();
        }
    }

    #[test]
    fn a_won_tafl_position_is_proved_with_its_distance() {
        // The king on d5 between an attacker on e5 and an empty c5 that b5 reaches.
        let game = TaflGame {
            rules: "brandubh".into(),
            start: Some("/7/7/7/7/1t1Kt2/7/5T1/".into()),
            side: Some("a".into()),
            played: Vec::new(),
        };
        let found = search_tafl(&game, &depth(2), &mut |_| {}).unwrap();
        assert_eq!(found.best.as_deref(), Some("b5-c5xKd5"));
        assert_eq!(found.proof, Some(Proof { value: Value::Win, plies: Some(1) }));
        assert_eq!(found.score, Some(WIN - 1));
    }

    #[test]
    fn a_timed_tafl_search_keeps_to_its_time() {
        let limits = SearchLimits { time_ms: Some(150.0), depth: None };
        let game = TaflGame { rules: "copenhagen".into(), ..TaflGame::default() };
        let found = search_tafl(&game, &limits, &mut |_| {}).unwrap();
        assert!(found.depth >= 1, "{found:?}");
        assert!(found.best.is_some());
    }

    #[test]
    fn tafl_requests_are_checked() {
        let err = |game: &TaflGame, limits: &SearchLimits| {
            search_tafl(game, limits, &mut |_| {}).unwrap_err().message
        };
        assert_eq!(
            err(&brandubh(&["d2-d1"]), &depth(1)),
            "options.played[0]: d2-d1 is not a legal move for the attackers"
        );
        assert_eq!(
            err(&brandubh(&[]), &SearchLimits { time_ms: Some(0.0), depth: None }),
            "options.timeMs: expected milliseconds above 0 and at most 3600000, got 0"
        );
        assert_eq!(
            err(&brandubh(&[]), &SearchLimits { time_ms: None, depth: Some(2.5) }),
            "options.depth: expected a whole number from 1 to 64, got 2.5"
        );
        let over = TaflGame {
            rules: "brandubh".into(),
            start: Some("/7/7/7/7/1t1Kt2/7/5T1/".into()),
            side: Some("a".into()),
            played: vec!["b5-c5".into()],
        };
        assert_eq!(
            err(&over, &depth(1)),
            "the game is over (the attackers won (king_captured)): there is no move to search"
        );
        let bad_start = TaflGame { start: Some("/7/7/".into()), ..brandubh(&[]) };
        assert!(err(&bad_start, &depth(1)).starts_with("options.start: "));
        let unknown = TaflGame { rules: "chess".into(), ..TaflGame::default() };
        assert!(err(&unknown, &depth(1)).starts_with("options.rules: unknown tafl rules `chess`"));
    }

    fn gomoku(moves: &[&str]) -> MnkGame {
        MnkGame {
            rows: 15.0,
            cols: 15.0,
            rules: Some("tic-tac-toe+k=5".into()),
            moves: moves.iter().map(|&m| m.to_owned()).collect(),
        }
    }

    #[test]
    fn the_mnk_engine_completes_and_blocks_fives() {
        let timed = SearchLimits { time_ms: Some(300.0), depth: None };
        let mut reports = 0;
        // x has h8..k8 open at both ends: x to move completes the five.
        let win = gomoku(&["h8", "h1", "i8", "i1", "j8", "j1", "k8", "a15"]);
        let found = search_mnk(&win, &timed, &mut |_| reports += 1).unwrap();
        assert!(matches!(found.best.as_deref(), Some("g8" | "l8")), "{found:?}");
        assert_eq!(found.proof.map(|p| p.value), Some(Value::Win));
        assert_eq!(reports, 1);
        // o must block four in a row.
        let block = gomoku(&["h8", "a1", "i8", "a2", "j8", "a3", "k8"]);
        let found = search_mnk(&block, &timed, &mut |_| {}).unwrap();
        assert!(matches!(found.best.as_deref(), Some("g8" | "l8")), "{found:?}");
    }

    #[test]
    fn mnk_requests_are_checked() {
        let timed = SearchLimits { time_ms: Some(100.0), depth: None };
        let err = |game: &MnkGame, limits: &SearchLimits| {
            search_mnk(game, limits, &mut |_| {}).unwrap_err().message
        };
        assert_eq!(err(&gomoku(&["h8", "h8"]), &timed), "options.moves[1]: h8 is already taken");
        assert_eq!(
            err(&gomoku(&[]), &depth(3)),
            "options.depth: the m,n,k engine takes a time limit (options.timeMs), not a depth"
        );
        let tiny = MnkGame { rows: 0.0, ..gomoku(&[]) };
        assert_eq!(
            err(&tiny, &timed),
            "options.rows: expected a whole number from 1 to 255, got 0"
        );
        let won = MnkGame {
            rows: 3.0,
            cols: 3.0,
            rules: None,
            moves: ["a1", "b1", "a2", "b2", "a3"].map(String::from).into(),
        };
        assert_eq!(err(&won, &timed), "the game is over: there is no move to search");
    }

    #[test]
    fn small_mnk_boards_are_solved_exactly() {
        let game = MnkGame { rows: 3.0, cols: 3.0, rules: None, moves: vec!["b2".into()] };
        let solved =
            solve_mnk(&game, &SearchLimits { time_ms: Some(5_000.0), depth: None }).unwrap();
        assert_eq!(solved.value, Some(Value::Draw));
        assert_eq!(solved.plies, 8);
        assert_eq!(solved.best, ["a1", "a3", "c1", "c3"]);
        assert_eq!(solved.to_move, Player::Two);
        assert_eq!(solved.summary, "draw in 8 plies; best: a1 a3 c1 c3");
        let timed = SearchLimits { time_ms: Some(500.0), depth: None };
        let found = search_mnk(&game, &timed, &mut |_| {}).unwrap();
        assert!(solved.best.contains(found.best.as_ref().unwrap()), "{found:?}");
        assert_eq!(found.method, "solved");
        assert_eq!(value_name(Value::Draw), "draw");
    }
}
