//! `gridnote moves`: the legal moves of tafl positions under their rules, each with its
//! captures, the position after it and what it ends.

use std::io::{self, BufRead, Write};

use gridnote_board::Player;
use gridnote_board::tafl::TaflRules;
use gridnote_tafl_rules::{Outcome, Position};
use serde::Serialize;

use crate::inputs::{Failure, Input, InputArgs, Io, for_each_input, hint_if_terminal, open};
use crate::json;
use crate::names::{parse_tafl_rules, parse_tafl_side, tafl_side_letter, tafl_side_name};
use crate::status::{EXIT_USAGE, finish, report_failure};
use crate::tafl::{Placed, place};

/// List the legal moves of tafl positions, in OTN move notation with their captures and
/// what each ends.
///
/// A position is any tafl position (an OTN position record, TSN, TEN) under --rules, or,
/// without --rules, an OpenTafl rules record standing for its start (or a TEN position
/// carrying one). The side to move is the position's (TSN, TEN), else --side, else the
/// rules' first mover.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The input flags: --from, --input, --json, --quiet and the INPUTs.
    #[command(flatten)]
    pub(crate) input: InputArgs,
    /// The rules: a tafl preset (copenhagen, brandubh, …) or an OpenTafl rules record
    /// (dim:… start:/…/).
    #[arg(long, value_name = "RULES", value_parser = parse_tafl_rules)]
    pub(crate) rules: Option<(TaflRules, String)>,
    /// The side to move, for a position that does not carry one: a (attackers) or d
    /// (defenders).
    #[arg(long, value_name = "SIDE", value_parser = parse_tafl_side)]
    pub(crate) side: Option<Player>,
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    text: String,
    from: String,
    to: String,
    captures: Vec<String>,
    position: String,
    ends: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

#[derive(Serialize)]
struct MovesJson<'a> {
    input: &'a str,
    #[serde(flatten)]
    whence: json::Whence<'a>,
    to_move: &'static str,
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    moves: Vec<MoveJson>,
}

fn reason(outcome: Outcome) -> Option<&'static str> {
    match outcome {
        Outcome::Won { reason, .. } | Outcome::Drawn { reason } => Some(reason.name()),
        _ => None,
    }
}

fn moves_json(position: &Position) -> Vec<MoveJson> {
    position
        .successors()
        .into_iter()
        .map(|(played, after)| MoveJson {
            text: played.text,
            from: played.mv.from.to_string(),
            to: played.mv.to.to_string(),
            captures: played.captures.iter().map(|(sq, _)| sq.to_string()).collect(),
            position: after.otn(),
            ends: played.outcome.ends(),
            reason: reason(played.outcome),
        })
        .collect()
}

fn write_plain(out: &mut dyn Write, input: &Input<'_>, placed: &Placed) -> io::Result<()> {
    let position = &placed.position;
    let outcome = position.outcome();
    let successors = position.successors();
    writeln!(out, "{}: {}", input.origin(), input.lossy())?;
    writeln!(
        out,
        "  {} to move ({}); {outcome}; {} legal move{}",
        tafl_side_name(position.to_move()),
        placed.side_from.describe(),
        successors.len(),
        if successors.len() == 1 { "" } else { "s" }
    )?;
    for (played, _) in &successors {
        if played.outcome.is_over() {
            writeln!(out, "  {}  ends: {}", played.text, played.outcome)?;
        } else {
            writeln!(out, "  {}", played.text)?;
        }
    }
    Ok(())
}

pub(crate) fn run(args: &Args, stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    let Some(opened) = open(&args.input, io) else {
        return EXIT_USAGE;
    };
    hint_if_terminal(&args.input, io);
    let (json, quiet) = (args.input.json, args.input.quiet);
    let rules = args.rules.as_ref().map(|(rules, _)| rules);
    let mut failed = false;
    let result = for_each_input(&args.input, opened, stdin, io, |input, io| {
        let out = &mut *io.out;
        let placed = input.read(args.input.from).and_then(|source| {
            place(&source, rules, args.side)
                .map_err(|message| Failure::plain((message, 0..source.input_len)))
        });
        match placed {
            Ok(placed) if json => {
                let outcome = placed.position.outcome();
                json::line(
                    out,
                    &MovesJson {
                        input: &input.lossy(),
                        whence: json::Whence::of(&input),
                        to_move: tafl_side_letter(placed.position.to_move()),
                        outcome: outcome.ends(),
                        reason: reason(outcome),
                        moves: moves_json(&placed.position),
                    },
                )?;
            }
            Ok(placed) => write_plain(out, &input, &placed)?,
            Err(failure) => {
                failed = true;
                report_failure(out, io.err, &input, &failure, json, quiet)?;
            }
        }
        Ok(())
    });
    finish(result, failed, io.err)
}
