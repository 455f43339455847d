//! `gridnote check`: syntax, legality and outcome; for digit strings the tic-tac-toe regex's
//! verdict; for TSN/TEN the semantic check.

use std::io::{self, BufRead, Write};

use gridnote_board::notation::Game;
use gridnote_board::{Outcome, Player, Problems, Rules};
use gridnote_convert::{DigitsCheck, Format, Source};
use serde::Serialize;

use crate::inputs::{Failure, InputArgs, Io, for_each_input, hint_if_terminal, open};
use crate::json;
use crate::names::{parse_rules, tafl_side_letter, tafl_side_name};
use crate::tafl::{SideFrom, place};
use crate::status::{EXIT_USAGE, finish, report_failure};

/// Check syntax, legality and outcome (tafl: the semantic check, and with --rules the side to
/// move, the outcome and the piece counts under the rules engine).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The input flags: --from, --input, --json, --quiet and the INPUTs.
    #[command(flatten)]
    pub(crate) input: InputArgs,
    /// The rules: tic-tac-toe, tomorrows (the default for the tuple format), gomoku,
    /// renju or caro, with optional +misere, +diagonals, +no-diagonals, +k=N, +exact, as
    /// `check` prints them; for a
    /// tafl position a tafl preset (copenhagen, brandubh, …) or an OpenTafl rules record
    /// (dim:… start:/…/).
    #[arg(long, value_name = "RULES", value_parser = parse_check_rules)]
    pub(crate) rules: Option<CheckRules>,
    /// Misère play: the player who makes a line loses.
    #[arg(long)]
    pub(crate) misere: bool,
    /// Diagonal lines count.
    #[arg(long)]
    pub(crate) diagonals: bool,
    /// How many in a row end the game (default 3).
    #[arg(long, value_name = "K", value_parser = in_a_row)]
    pub(crate) in_a_row: Option<u8>,
}

/// `--in-a-row K`: 1 to 255, named in the message whatever the text.
fn in_a_row(text: &str) -> Result<u8, String> {
    match text.parse::<u8>() {
        Ok(k) if k >= 1 => Ok(k),
        _ => Err(format!("expected a whole number from 1 to 255, got {text}")),
    }
}

/// The rules `check` takes: m,n,k rules, or a tafl variant's.
#[derive(Clone, Debug)]
pub(crate) enum CheckRules {
    /// m,n,k rules (`tic-tac-toe+misere`, …).
    Mnk(Rules),
    /// A tafl variant's rules, and how to name them: the preset's name, or the record.
    Tafl {
        /// The rules.
        rules: Box<gridnote_board::tafl::TaflRules>,
        /// The preset's name, or the canonical record.
        name: String,
    },
}

/// `check --rules`: an m,n,k rules name, a tafl preset, or an OpenTafl rules record.
fn parse_check_rules(text: &str) -> Result<CheckRules, String> {
    use gridnote_board::tafl::TaflRules;
    if text.contains(':') {
        let rules: TaflRules =
            text.parse().map_err(|e| format!("not an OpenTafl rules record: {e}"))?;
        return Ok(CheckRules::Tafl { name: rules.to_string(), rules: Box::new(rules) });
    }
    let mnk = parse_rules(text);
    if let Ok(rules) = mnk {
        return Ok(CheckRules::Mnk(rules));
    }
    match TaflRules::preset(text) {
        Ok(rules) => Ok(CheckRules::Tafl { rules: Box::new(rules), name: text.to_owned() }),
        // A modifier (`+wrap`) is an m,n,k rules name: its own message says what is wrong.
        Err(_) if text.contains('+') => Err(mnk.err().unwrap_or_default()),
        Err(_) => Err(format!(
            "unknown rules `{text}`: expected tic-tac-toe, tomorrows, gomoku, renju or caro \
             (m,n,k), a tafl preset \
             ({}), or an OpenTafl rules record (dim:… start:/…/)",
            gridnote_board::tafl::PRESETS.join(", ")
        )),
    }
}

/// The rules for `format` from the command line: the preset (tic-tac-toe, or tomorrows
/// for the tuple format) with the modifiers applied.
fn rules_for(args: &Args, format: Format) -> Rules {
    let mut rules = match args.rules {
        Some(CheckRules::Mnk(rules)) => rules,
        _ => format.default_rules(),
    };
    if args.misere {
        rules.misere = true;
    }
    if args.diagonals {
        rules.diagonals = true;
    }
    if let Some(k) = args.in_a_row {
        rules.in_a_row = usize::from(k);
    }
    rules
}

#[derive(Serialize)]
struct ProblemJson {
    name: &'static str,
    message: String,
}

/// One of black's forbidden points under renju.
#[derive(Serialize)]
struct ForbiddenJson {
    cell: String,
    kind: &'static str,
}

#[derive(Serialize, Default)]
struct DigitsJson {
    counts_within_one: bool,
    regex_verdict: String,
    direct_verdict: String,
    agreement: String,
}

#[derive(Serialize)]
struct CheckJson<'a> {
    input: &'a str,
    #[serde(flatten)]
    whence: json::Whence<'a>,
    format: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    legal: bool,
    problems: Vec<ProblemJson>,
    /// A tafl position's side to move under `--rules`: `a` or `d`.
    #[serde(skip_serializing_if = "Option::is_none")]
    to_move: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
    /// A tafl position's outcome under `--rules`: why the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    /// Under renju, black's forbidden points of a game in progress.
    #[serde(skip_serializing_if = "Option::is_none")]
    forbidden: Option<Vec<ForbiddenJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    digits: Option<DigitsJson>,
    /// The legality problems in gridnote-board's own serde form (`Problems`).
    #[serde(skip_serializing_if = "Option::is_none")]
    legality: Option<Problems>,
    /// A digit string's full report in gridnote-digits' own serde form (`Report`).
    #[serde(skip_serializing_if = "Option::is_none")]
    report: Option<DigitsCheck>,
}

/// A tafl position under its rules: whose move it is (and why) and how it stands.
struct TaflFindings {
    to_move: Player,
    side_from: SideFrom,
    outcome: gridnote_tafl_rules::Outcome,
}

/// Everything `check` says about one well-formed input.
struct Findings {
    format: Format,
    rules: Option<Rules>,
    /// The tafl rules `--rules` named for a tafl position.
    tafl_rules: Option<String>,
    /// What the rules engine says of a tafl position under `--rules`.
    tafl: Option<TaflFindings>,
    problems: Vec<ProblemJson>,
    outcome: Option<Outcome>,
    /// Under renju, black's forbidden points (the library's check).
    forbidden: Option<Vec<ForbiddenJson>>,
    digits: Option<DigitsJson>,
    legality: Option<Problems>,
    report: Option<DigitsCheck>,
}

/// The m,n,k rule flags given (`--misere`, `--diagonals`, `--in-a-row`), as written.
fn mnk_flags(args: &Args) -> Vec<&'static str> {
    let given = [
        (args.misere, "--misere"),
        (args.diagonals, "--diagonals"),
        (args.in_a_row.is_some(), "--in-a-row"),
    ];
    given.into_iter().filter(|(on, _)| *on).map(|(_, flag)| flag).collect()
}

/// `--misere` and the other m,n,k rule flags do not apply to tafl: a sentence naming
/// those given, or `None`.
fn mnk_flags_misapplied(args: &Args, to: &str) -> Option<String> {
    let flags = mnk_flags(args);
    let (last, rest) = flags.split_last()?;
    let named = if rest.is_empty() { (*last).to_owned() } else { format!("{} and {last}", rest.join(", ")) };
    let verb = if rest.is_empty() { "is an m,n,k rule: it does" } else { "are m,n,k rules: they do" };
    Some(format!("{named} {verb} not apply to {to}"))
}

fn examine(source: &Source, args: &Args) -> Findings {
    let format = source.format;
    if format.game() == Game::Tafl {
        let mut problems = problems_of(&source.check(None));
        let mut tafl_rules = None;
        let mut tafl = None;
        if let Some(CheckRules::Tafl { rules, name }) = &args.rules {
            let size = source.board.rows();
            if rules.dim() != size || source.board.cols() != size {
                problems.push(ProblemJson {
                    name: "rules-size",
                    message: format!(
                        "the rules are for a {0}x{0} board, the position is {1}x{2}",
                        rules.dim(),
                        size,
                        source.board.cols()
                    ),
                });
            } else {
                match place(source, Some(rules), None) {
                    Ok(placed) => {
                        problems.extend(placed.rules.surplus(&placed.position).iter().map(|s| {
                            ProblemJson { name: "piece-count", message: s.to_string() }
                        }));
                        tafl = Some(TaflFindings {
                            to_move: placed.position.to_move(),
                            side_from: placed.side_from,
                            outcome: placed.position.outcome(),
                        });
                    }
                    Err(message) => problems.push(ProblemJson { name: "rules", message }),
                }
            }
            tafl_rules = Some(name.clone());
        }
        return Findings {
            format,
            rules: None,
            tafl_rules,
            tafl,
            problems,
            outcome: None,
            forbidden: None,
            digits: None,
            legality: None,
            report: None,
        };
    }
    let rules = rules_for(args, format);
    let checked = source.check(Some(rules));
    let mut problems = problems_of(&checked);
    if let Some(CheckRules::Tafl { name, .. }) = &args.rules {
        problems.push(ProblemJson {
            name: "rules",
            message: format!("the tafl rules {name} do not apply to an m,n,k position ({format})"),
        });
    }
    // The tic-tac-toe regex's verdict is the digit string's own check.
    let report = source.digits_check();
    let digits = report.as_ref().map(|d| DigitsJson {
        counts_within_one: d.counts_within_one,
        regex_verdict: d.regex_verdict.clone(),
        direct_verdict: d.direct_verdict.clone(),
        agreement: d.agreement.clone(),
    });
    Findings {
        format,
        rules: checked.rules,
        tafl_rules: None,
        tafl: None,
        problems,
        outcome: checked.outcome,
        forbidden: checked.forbidden.map(|points| {
            let point = |(cell, kind): (gridnote_board::CellName, gridnote_board::renju::Forbidden)| {
                ForbiddenJson { cell: cell.to_string(), kind: kind.name() }
            };
            points.into_iter().map(point).collect()
        }),
        digits,
        legality: checked.legality,
        report,
    }
}

/// The problems the library's check found, in its order.
fn problems_of(checked: &gridnote_convert::Checked) -> Vec<ProblemJson> {
    checked
        .problems
        .iter()
        .map(|p| ProblemJson { name: p.name, message: p.message.clone() })
        .collect()
}

fn write_plain(out: &mut dyn Write, origin: &str, input: &str, f: &Findings) -> io::Result<()> {
    writeln!(out, "{origin}: {input}")?;
    match f.rules {
        Some(rules) => writeln!(out, "  format: {}, rules: {rules}", f.format)?,
        None => match &f.tafl_rules {
            Some(name) => {
                writeln!(out, "  format: {}, tafl rules: {name}", f.format)?;
                if let Some(t) = &f.tafl {
                    writeln!(
                        out,
                        "  {} to move ({})",
                        tafl_side_name(t.to_move),
                        t.side_from.describe()
                    )?;
                }
            }
            None => writeln!(out, "  format: {} (semantic check; no tafl rules here)", f.format)?,
        },
    }
    if f.problems.is_empty() {
        writeln!(out, "  {}", if f.rules.is_some() { "legal" } else { "no problems" })?;
    } else {
        writeln!(out, "  {}:", if f.rules.is_some() { "illegal" } else { "problems" })?;
        for p in &f.problems {
            writeln!(out, "    - {}", p.message)?;
        }
    }
    if let Some(outcome) = f.outcome {
        writeln!(out, "  outcome: {outcome}")?;
    }
    if let Some(points) = &f.forbidden {
        write!(out, "  forbidden to black (renju):")?;
        if points.is_empty() {
            write!(out, " none")?;
        }
        for (i, p) in points.iter().enumerate() {
            write!(out, "{} {} ({})", if i == 0 { "" } else { "," }, p.cell, p.kind)?;
        }
        writeln!(out)?;
    }
    if let Some(t) = &f.tafl {
        writeln!(out, "  outcome: {}", t.outcome)?;
    }
    if let Some(d) = &f.digits {
        writeln!(
            out,
            "  counts within one (#1 = #2 ± 1 or 0): {}",
            if d.counts_within_one { "holds" } else { "fails" }
        )?;
        writeln!(
            out,
            "  regex: {}; direct: {}; {}",
            d.regex_verdict, d.direct_verdict, d.agreement
        )?;
    }
    Ok(())
}

pub(crate) fn run(args: &Args, stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    if let Some(CheckRules::Tafl { name, .. }) = &args.rules {
        if let Some(message) = mnk_flags_misapplied(args, &format!("the tafl rules {name}")) {
            let _ = writeln!(io.err, "error: {message}");
            return EXIT_USAGE;
        }
    }
    let Some(opened) = open(&args.input, io) else {
        return EXIT_USAGE;
    };
    hint_if_terminal(&args.input, io);
    let (json, quiet) = (args.input.json, args.input.quiet);
    let mut failed = false;
    let mut misapplied = false;
    let result = for_each_input(&args.input, opened, stdin, io, |input, io| {
        let out = &mut *io.out;
        let read = input.read(args.input.from).and_then(|source| {
            // The m,n,k rule flags on a tafl position: a usage error, named per input.
            let tafl = source.format.game() == Game::Tafl;
            let to = format!("a tafl position ({})", source.format);
            match mnk_flags_misapplied(args, &to).filter(|_| tafl) {
                Some(message) => {
                    misapplied = true;
                    Err(Failure::plain((message, 0..source.input_len)))
                }
                None => Ok(source),
            }
        });
        match read {
            Ok(source) => {
                let findings = examine(&source, args);
                failed |= !findings.problems.is_empty();
                if json {
                    json::line(
                        out,
                        &CheckJson {
                            input: &input.lossy(),
                            whence: json::Whence::of(&input),
                            format: findings.format.name(),
                            rules: findings
                                .rules
                                .map(|r| r.to_string())
                                .or(findings.tafl_rules.clone()),
                            legal: findings.problems.is_empty(),
                            to_move: findings.tafl.as_ref().map(|t| tafl_side_letter(t.to_move)),
                            outcome: findings
                                .outcome
                                .map(|o| o.to_string())
                                .or_else(|| findings.tafl.as_ref().map(|t| t.outcome.ends().to_owned())),
                            reason: findings.tafl.as_ref().and_then(|t| match t.outcome {
                                gridnote_tafl_rules::Outcome::Won { reason, .. }
                                | gridnote_tafl_rules::Outcome::Drawn { reason } => Some(reason.name()),
                                _ => None,
                            }),
                            problems: findings.problems,
                            forbidden: findings.forbidden,
                            digits: findings.digits,
                            legality: findings.legality,
                            report: findings.report,
                        },
                    )?;
                } else {
                    write_plain(out, &input.origin(), &input.lossy(), &findings)?;
                }
            }
            Err(failure) => {
                failed = true;
                report_failure(out, io.err, &input, &failure, json, quiet)?;
            }
        }
        Ok(())
    });
    let status = finish(result, failed, io.err);
    if misapplied { EXIT_USAGE } else { status }
}
