//! `gridnote solve`: the value of each m,n,k position under perfect play, the distance
//! in plies and every best move.

use std::io::BufRead;
use std::time::{Duration, Instant};

use gridnote_board::notation::Game;
use gridnote_board::{Player, Position, Rules};
use gridnote_convert::{Format, Source};
use gridnote_solve::{Solution, Solver};
use serde::Serialize;

use crate::inputs::{Failure, InputArgs, Io, for_each_input, hint_if_terminal, open};
use crate::json;
use crate::names::parse_rules;
use crate::status::{EXIT_USAGE, finish, report_failure};

/// Solve m,n,k positions: who wins with perfect play, in how many plies, and every best
/// move (cells named a1 = bottom-left).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The input flags: --from, --input, --json, --quiet and the INPUTs.
    #[command(flatten)]
    pub(crate) input: InputArgs,
    /// The rules: tic-tac-toe, tomorrows (the default for the tuple format), gomoku,
    /// renju or caro, with optional +misere, +diagonals, +no-diagonals, +k=N, +exact, as
    /// `check` prints them.
    #[arg(long, value_name = "RULES", value_parser = parse_rules)]
    pub(crate) rules: Option<Rules>,
    /// Stop each solve after this many seconds (decimals allowed) and say what it had
    /// proved so far.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub(crate) time_limit: Option<Duration>,
}

/// A positive number of seconds, at most a year.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 31_536_000.0 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("`{text}` is not a number of seconds from above 0 to 31536000")),
    }
}

#[derive(Serialize)]
struct SolvedJson<'a> {
    input: &'a str,
    #[serde(flatten)]
    whence: json::Whence<'a>,
    winner: &'static str,
    plies: usize,
    best: Vec<String>,
    nodes: u64,
}

/// The position `source` holds, or why it cannot be solved (spanning the whole input).
fn position_of(source: Source, rules: Rules) -> Result<Position, String> {
    if source.format.game() != Game::Mnk {
        return Err(format!(
            "solve handles m,n,k games (tic-tac-toe and its relatives); a {} position is tafl",
            source.format
        ));
    }
    let to_move = match source.to_move.or_else(|| source.side_from_counts()) {
        Some(side) => side,
        None => {
            // No side fits the counts: the legality problems say why.
            let problems = source.board.problems(rules, None);
            return Err(gridnote_solve::SolveError::Illegal(problems).to_string());
        }
    };
    Ok(Position::new(source.board.clone(), to_move))
}

/// The rules for an input read from `format`.
fn rules_for(args: &Args, format: Format) -> Rules {
    match args.rules {
        Some(rules) => rules,
        None => format.default_rules(),
    }
}

fn winner_name(solution: &Solution) -> &'static str {
    match solution.winner() {
        Some(Player::One) => "x",
        Some(Player::Two) => "o",
        None => "draw",
    }
}

pub(crate) fn run(args: &Args, stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    let Some(opened) = open(&args.input, io) else {
        return EXIT_USAGE;
    };
    hint_if_terminal(&args.input, io);
    let (json, quiet) = (args.input.json, args.input.quiet);
    let mut solver = Solver::new();
    let mut failed = false;
    // A progress line on a terminal: rewritten in place, cleared when the solve ends.
    let show_progress = io.terminals.stderr && !quiet;
    let result = for_each_input(&args.input, opened, stdin, io, |input, io| {
        let out = &mut *io.out;
        let err = &mut *io.err;
        let mut shown = false;
        let started = Instant::now();
        let mut progress = |nodes: u64| {
            if show_progress {
                let secs = started.elapsed().as_secs_f64();
                let _ = write!(err, "\rsolving: {nodes} nodes, {secs:.1} s");
                let _ = err.flush();
                shown = true;
            }
        };
        let solved = input.read(args.input.from).and_then(|source| {
            let rules = rules_for(args, source.format);
            let whole = 0..source.input_len;
            position_of(source, rules)
                .and_then(|pos| {
                    let limit = args.time_limit.and_then(|t| Instant::now().checked_add(t));
                    solver
                        .solve_reporting(&pos, rules, limit, &mut progress)
                        .map_err(|e| e.to_string())
                })
                .map_err(|message| Failure { message, span: whole, hint: None })
        });
        if shown {
            let _ = write!(io.err, "\r\x1b[2K");
        }
        match solved {
            Ok(solution) => {
                if json {
                    json::line(
                        out,
                        &SolvedJson {
                            input: &input.lossy(),
                            whence: json::Whence::of(&input),
                            winner: winner_name(&solution),
                            plies: solution.plies,
                            best: solution.best.iter().map(ToString::to_string).collect(),
                            nodes: solution.nodes,
                        },
                    )?;
                } else {
                    writeln!(out, "{solution}")?;
                }
            }
            Err(failure) => {
                failed = true;
                report_failure(out, io.err, &input, &failure, json, quiet)?;
            }
        }
        Ok(())
    });
    finish(result, failed, io.err)
}
