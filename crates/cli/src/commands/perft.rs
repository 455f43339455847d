//! `gridnote perft`: the number of move sequences from a tafl position, depth by depth.

use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::ops::ControlFlow;

use gridnote_board::Player;
use gridnote_board::tafl::TaflRules;
use gridnote_convert::Format;
use gridnote_tafl_rules::PerftProgress;
use serde::Serialize;

use crate::inputs::{Failure, Input, Io};
use crate::json;
use crate::names::{parse_format, parse_tafl_rules, parse_tafl_side};
use crate::status::{EXIT_FAILED, EXIT_OK, report_failure};
use crate::tafl::place;

/// The deepest perft asked for: beyond it the counts take days even on 7×7 boards.
const MAX_DEPTH: u32 = 8;

/// Count the move sequences (perft) of a tafl position at each depth from 1 to N.
///
/// The position and its side to move are read as `gridnote moves` reads them. A
/// finished game has no moves: its counts are 0. With --divide, the count below each
/// legal move at depth N comes first.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The deepest depth counted (1 to 8).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    pub(crate) depth: u32,
    /// First the count below each legal move at depth N.
    #[arg(long)]
    pub(crate) divide: bool,
    /// The rules: a tafl preset (copenhagen, brandubh, …) or an OpenTafl rules record
    /// (dim:… start:/…/).
    #[arg(long, value_name = "RULES", value_parser = parse_tafl_rules)]
    pub(crate) rules: Option<(TaflRules, String)>,
    /// The side to move, for a position that does not carry one: a (attackers) or d
    /// (defenders).
    #[arg(long, value_name = "SIDE", value_parser = parse_tafl_side)]
    pub(crate) side: Option<Player>,
    /// The position's format, any case (detected from its shape when absent).
    #[arg(long, value_name = "FMT", value_parser = parse_format)]
    pub(crate) from: Option<Format>,
    /// One JSON object per line: `{"move","nodes"}` per move with --divide, then
    /// `{"depth","nodes"}` per depth.
    #[arg(long)]
    pub(crate) json: bool,
    /// The position (or, without --rules, an OpenTafl rules record for its start).
    #[arg(value_name = "POSITION")]
    pub(crate) position: OsString,
}

#[derive(Serialize)]
struct DivideJson {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

/// One line of output.
enum Line {
    /// A depth and its count.
    Depth(u32, u64),
    /// A first move and its count (divide).
    Move(String, u64),
}

#[derive(Serialize)]
struct DepthJson {
    depth: u32,
    nodes: u64,
}

pub(crate) fn run(args: &Args, _stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    let input = Input::argument(1, args.position.as_encoded_bytes());
    let rules = args.rules.as_ref().map(|(rules, _)| rules);
    let placed = input.read(args.from).and_then(|source| {
        place(&source, rules, args.side)
            .map_err(|message| Failure::plain((message, 0..source.input_len)))
    });
    let placed = match placed {
        Ok(placed) => placed,
        Err(failure) => {
            let _ = report_failure(io.out, io.err, &input, &failure, args.json, false);
            return EXIT_FAILED;
        }
    };
    let position = &placed.position;
    // One walk counts every depth; each line is written and flushed as soon as it is
    // final, so that an interrupted count keeps what it had finished: with --divide the
    // line of each first move as its subtree is counted, then the depths; without it
    // depth 1 at once and the deeper depths when the walk ends (a depth-first walk
    // finishes them together). A closed output stops the walk.
    let json = args.json;
    let mut failure: Option<std::io::Error> = None;
    let mut depths: Vec<(u32, u64)> = Vec::new();
    let mut write = |out: &mut dyn Write, line: Line| -> ControlFlow<()> {
        let mut buf = Vec::new();
        let _ = match (line, json) {
            (Line::Depth(depth, nodes), true) => json::line(&mut buf, &DepthJson { depth, nodes }),
            (Line::Depth(depth, nodes), false) => writeln!(buf, "depth {depth}: {nodes}"),
            (Line::Move(mv, nodes), true) => json::line(&mut buf, &DivideJson { mv, nodes }),
            (Line::Move(mv, nodes), false) => writeln!(buf, "{mv}: {nodes}"),
        };
        match out.write_all(&buf).and_then(|()| out.flush()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => {
                failure = Some(err);
                ControlFlow::Break(())
            }
        }
    };
    let walked = position.perft_walk(args.depth, |progress| match progress {
        PerftProgress::Move { mv, nodes } if args.divide => {
            write(io.out, Line::Move(mv.to_string(), nodes))
        }
        PerftProgress::Depth { depth, nodes } if args.divide => {
            // After the moves' lines, as divide lists them.
            depths.push((depth, nodes));
            ControlFlow::Continue(())
        }
        PerftProgress::Depth { depth, nodes } => write(io.out, Line::Depth(depth, nodes)),
        _ => ControlFlow::Continue(()),
    });
    if walked.is_some() {
        for (depth, nodes) in depths {
            if write(io.out, Line::Depth(depth, nodes)).is_break() {
                break;
            }
        }
    }
    match failure {
        None => EXIT_OK,
        Some(err) if err.kind() == std::io::ErrorKind::BrokenPipe => EXIT_OK,
        Some(err) => {
            let _ = writeln!(io.err, "error: {err}");
            EXIT_FAILED
        }
    }
}
