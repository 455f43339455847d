//! `gridnote solve`: the value of each m,n,k position under perfect play, the distance
//! in plies and every best move; or (`--vcf`, `--vct`) a win by threats on any board.

use std::io::BufRead;
use std::time::{Duration, Instant};

use gridnote_board::notation::Game;
use gridnote_board::{Player, Position, Rules};
use gridnote_convert::{Format, Source};
use gridnote_solve::{Solution, Solver, ThreatBudget, ThreatWin, Threats};
use serde::Serialize;

use crate::inputs::{Failure, InputArgs, Io, for_each_input, hint_if_terminal, open};
use crate::json;
use crate::names::parse_rules;
use crate::status::{EXIT_USAGE, finish, report_failure};

/// Solve m,n,k positions: who wins with perfect play, in how many plies, and every best
/// move (cells named a1 = bottom-left); or, with --vcf or --vct, look for a win by fours
/// or by threats on a board of any size (gomoku: docs/gomoku.md).
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
    /// Look for a win by continuous fours (VCF) of the side to move instead, and print it:
    /// the winner's moves and the forced answers in turn (`-` for an answer that cannot
    /// stop the next move). Exact: a line found wins against every defence.
    #[arg(long, conflicts_with = "vct")]
    pub(crate) vcf: bool,
    /// Look for a win by threats (VCT: fours and threes) of the side to move instead, and
    /// print its first move.
    #[arg(long)]
    pub(crate) vct: bool,
    /// With --vcf or --vct: the most positions searched, 1 to 1000000000000 (default
    /// 10000000).
    #[arg(long, value_name = "N", value_parser = parse_nodes)]
    pub(crate) nodes: Option<u64>,
    /// With --vcf or --vct: the most threats of the winner's, 1 to 100 (default 20 for
    /// --vcf, the winner's moves; 4 for --vct, the threats before the finishing fours).
    #[arg(long, value_name = "N", value_parser = crate::numbers::whole(1u32, 100))]
    pub(crate) threats: Option<u32>,
}

/// The threat search `--vcf` or `--vct` asks for, if either.
fn threat_search(args: &Args) -> Option<Threats> {
    match (args.vcf, args.vct) {
        (true, _) => Some(Threats::Fours),
        (_, true) => Some(Threats::FoursAndThrees),
        _ => None,
    }
}

/// `--nodes`: 1 to 10^12, decimal digits.
fn parse_nodes(text: &str) -> Result<u64, String> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    match text.parse::<u64>() {
        Ok(n) if digits && (1..=1_000_000_000_000).contains(&n) => Ok(n),
        _ => Err(format!("`{text}` is not a number of nodes from 1 to 1000000000000")),
    }
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
    let search = threat_search(args);
    if search.is_none() && (args.nodes.is_some() || args.threats.is_some()) {
        let _ = writeln!(io.err, "error: --nodes and --threats are for --vcf and --vct");
        return EXIT_USAGE;
    }
    let Some(opened) = open(&args.input, io) else {
        return EXIT_USAGE;
    };
    hint_if_terminal(&args.input, io);
    if let Some(search) = search {
        return run_threats(args, search, opened, stdin, io);
    }
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

#[derive(Serialize)]
struct ThreatJson<'a> {
    input: &'a str,
    #[serde(flatten)]
    whence: json::Whence<'a>,
    /// `vcf` or `vct`.
    search: &'static str,
    /// The winner (the side to move), or `null` when none was found.
    winner: Option<&'static str>,
    /// The line found (`null` for a free answer); for `vct`, its first move.
    line: Vec<Option<String>>,
    threats: u32,
    nodes: u64,
}

/// `--vcf` / `--vct`: a win by threats of each input's side to move.
fn run_threats(
    args: &Args,
    search: Threats,
    opened: crate::inputs::Opened,
    stdin: &mut dyn BufRead,
    io: &mut Io<'_>,
) -> u8 {
    let (json, quiet) = (args.input.json, args.input.quiet);
    let mut solver = Solver::new();
    let mut failed = false;
    let short = if search == Threats::Fours { "vcf" } else { "vct" };
    let most = args.threats.unwrap_or(if search == Threats::Fours { 20 } else { 4 });
    let result = for_each_input(&args.input, opened, stdin, io, |input, io| {
        let out = &mut *io.out;
        let found = input.read(args.input.from).and_then(|source| {
            let rules = rules_for(args, source.format);
            let whole = 0..source.input_len;
            position_of(source, rules)
                .and_then(|pos| {
                    let mut budget =
                        ThreatBudget::new(args.nodes.unwrap_or(10_000_000)).with_threats(most);
                    if let Some(deadline) = args.time_limit.and_then(|t| Instant::now().checked_add(t)) {
                        budget = budget.with_deadline(deadline);
                    }
                    let side = side_name(pos.to_move);
                    match solver.threat_win(&pos, rules, search, budget) {
                        Ok(ThreatWin::OutOfBudget { nodes }) => Err(format!(
                            "out of budget after {nodes} nodes: no win by {search} found yet for {side}"
                        )),
                        Ok(found) => Ok((found, side)),
                        Err(e) => Err(e.to_string()),
                    }
                })
                .map_err(|message| Failure { message, span: whole, hint: None })
        });
        match found {
            Ok((found, side)) => {
                let (line, threats) = match &found {
                    ThreatWin::Found { line, threats, .. } => (line.clone(), *threats),
                    _ => (Vec::new(), 0),
                };
                let names: Vec<Option<String>> =
                    line.iter().map(|c| c.map(|c| c.to_string())).collect();
                if json {
                    json::line(
                        out,
                        &ThreatJson {
                            input: &input.lossy(),
                            whence: json::Whence::of(&input),
                            search: short,
                            winner: (!names.is_empty()).then_some(side),
                            line: names,
                            threats,
                            nodes: found.nodes(),
                        },
                    )?;
                } else if names.is_empty() {
                    writeln!(out, "no win by {search} for {side} within {most} threats")?;
                } else {
                    let shown: Vec<&str> = names.iter().map(|n| n.as_deref().unwrap_or("-")).collect();
                    let what = if search == Threats::Fours { "line" } else { "first move" };
                    let unit = if threats == 1 { "threat" } else { "threats" };
                    writeln!(out, "{side} wins by {search} in {threats} {unit}; {what}: {}", shown.join(" "))?;
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

/// `x` or `o`.
fn side_name(side: Player) -> &'static str {
    match side {
        Player::One => "x",
        Player::Two => "o",
    }
}
