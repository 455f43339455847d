//! `gridnote game`: replay an OpenTafl game record (`.otg`), or check one.
//!
//! Without `--check`, the positions after every ply of one line (the main line, or the
//! variation `--line` names) are printed, one per line, as OTN position records or, with
//! `--to FMT`, converted by the registry (the converter's defaults; notes are not
//! printed). With `--final`, only the last one. `--check` replays every line and lists
//! every problem with its line, column and a caret. Nothing is printed on standard output
//! unless the whole command succeeds.

use std::ffi::OsString;
use std::io::{BufRead, Read, Write};
use std::ops::Range;

use clap::Args;
use gridnote_board::notation::Notation;
use gridnote_board::report::{Spanned, render};
use gridnote_convert::{Format, Options, convert};
use gridnote_otn::{Game, LinePath, OtnRecord, Replay};

use crate::inputs::{Io, parse_format};
use crate::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};

/// The largest game file read (bytes): real game records are a few kilobytes.
const MAX_GAME_BYTES: u64 = 16 * 1024 * 1024;

/// `gridnote game`.
#[derive(Debug, Args)]
#[non_exhaustive]
pub struct GameArgs {
    /// The game record (an OpenTafl `.otg` file), or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: OsString,
    /// Print only the position after the last ply.
    #[arg(long = "final")]
    pub final_only: bool,
    /// The format of the printed positions (default: OTN position records).
    #[arg(long, value_name = "FMT", value_parser = parse_format)]
    pub to: Option<Format>,
    /// The line to replay: `main` (the default) or a variation's address, e.g. `2a.1`.
    #[arg(long, value_name = "ADDRESS", default_value = "main")]
    pub line: String,
    /// Validate the file instead: replay every line and list every problem.
    #[arg(long, conflicts_with_all = ["final_only", "to", "line"])]
    pub check: bool,
}

/// Runs `gridnote game`.
pub(crate) fn run_game(args: &GameArgs, stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    // Flags first: a bad one is a usage error before anything is read.
    let line = match parse_line(&args.line) {
        Ok(line) => line,
        Err(message) => {
            let _ = writeln!(io.err, "error: --line {:?}: {message}", args.line);
            return EXIT_USAGE;
        }
    };
    let shown = args.file.to_string_lossy().into_owned();
    let text = match read_file(&args.file, stdin) {
        Ok(text) => text,
        Err(ReadFailure::Usage(message)) => {
            let _ = writeln!(io.err, "error: {message}");
            return EXIT_USAGE;
        }
        Err(ReadFailure::Input(message)) => {
            let _ = writeln!(io.err, "error: {shown}: {message}");
            return EXIT_FAILED;
        }
    };
    let game: Game = match text.parse() {
        Ok(game) => game,
        Err(err) => {
            let err: gridnote_otn::ParseError = err;
            problem(io.err, &shown, &text, err.span(), &err.to_string());
            return EXIT_FAILED;
        }
    };
    if args.check {
        return check(&game, &shown, &text, io);
    }
    let lines = game.lines();
    if !lines.contains(&line) {
        let names: Vec<String> = lines.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            io.err,
            "error: {shown}: the game has no line {line}; its lines are {}",
            names.join(", ")
        );
        return EXIT_FAILED;
    }
    let replay = match game.replay(&line) {
        Ok(replay) => replay,
        Err(err) => {
            problem(io.err, &shown, &text, err.span.clone(), &err.to_string());
            return EXIT_FAILED;
        }
    };
    warnings(&replay, &shown, io);
    match positions(&replay, args) {
        Ok(out) => {
            let _ = io.out.write_all(out.as_bytes());
            EXIT_OK
        }
        Err(message) => {
            let _ = writeln!(io.err, "error: {shown}: {message}");
            EXIT_FAILED
        }
    }
}

/// A line address as the user may write it: `main`, `2a.1`, or with a trailing dot.
fn parse_line(text: &str) -> Result<LinePath, String> {
    text.parse::<LinePath>()
        .or_else(|err| text.strip_suffix('.').map_or(Err(err.clone()), |t| t.parse()))
        .map_err(|err| err.to_string())
}

enum ReadFailure {
    /// The file cannot be opened: a usage error naming it.
    Usage(String),
    /// The file's content cannot be read as a game record's text.
    Input(String),
}

/// The whole file (or standard input) as UTF-8, a leading byte-order mark skipped.
fn read_file(file: &OsString, stdin: &mut dyn BufRead) -> Result<String, ReadFailure> {
    let mut bytes = Vec::new();
    let read = if file == "-" {
        stdin.take(MAX_GAME_BYTES + 1).read_to_end(&mut bytes)
    } else {
        let handle = std::fs::File::open(file).map_err(|err| {
            ReadFailure::Usage(format!("cannot open game file `{}`: {err}", file.to_string_lossy()))
        })?;
        handle.take(MAX_GAME_BYTES + 1).read_to_end(&mut bytes)
    };
    read.map_err(|err| ReadFailure::Input(format!("cannot read: {err}")))?;
    if bytes.len() as u64 > MAX_GAME_BYTES {
        return Err(ReadFailure::Input(format!(
            "longer than {MAX_GAME_BYTES} bytes: not a game record"
        )));
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    String::from_utf8(body.to_vec()).map_err(|err| {
        ReadFailure::Input(format!(
            "not UTF-8 (byte {} of the text after any byte-order mark)",
            err.utf8_error().valid_up_to()
        ))
    })
}

/// Prints one problem: `FILE:LINE:COLUMN:`, the message, the line and a caret.
fn problem(err: &mut dyn Write, file: &str, text: &str, span: Range<usize>, message: &str) {
    let (line, column) = line_column(text, span.start);
    let _ = write!(err, "{file}:{line}:{column}: {}", render(text, span, message));
}

/// The 1-based line and column (in characters) of byte `at`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let at = (0..=at.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

fn warnings(replay: &Replay, file: &str, io: &mut Io<'_>) {
    for ply in &replay.plies {
        for warning in &ply.warnings {
            let _ =
                writeln!(io.err, "warning: {file}: turn {} `{}`: {warning}", ply.turn, ply.record);
        }
    }
}

/// The printed positions, one per line.
fn positions(replay: &Replay, args: &GameArgs) -> Result<String, String> {
    let mut records: Vec<(String, String)> = replay
        .plies
        .iter()
        .map(|ply| (format!("turn {} `{}`", ply.turn, ply.record), ply.position.to_string()))
        .collect();
    if args.final_only {
        let last =
            records.pop().unwrap_or_else(|| ("the start".to_owned(), replay.start.to_string()));
        records = vec![last];
    }
    let mut out = String::new();
    let otn = otn_format();
    for (ply, record) in records {
        match (args.to, otn) {
            (Some(to), Some(otn)) if to != otn => {
                let converted = convert(&record, Some(otn), to, &Options::default())
                    .map_err(|err| format!("{ply}: the position {record} as {to}: {err}"))?;
                out.push_str(&converted.output);
            }
            _ => out.push_str(&record),
        }
        out.push('\n');
    }
    Ok(out)
}

/// The registry's format for OTN records.
fn otn_format() -> Option<Format> {
    <OtnRecord as Notation>::NAME.parse().ok()
}

/// `--check`: every line replayed, every problem listed.
fn check(game: &Game, file: &str, text: &str, io: &mut Io<'_>) -> u8 {
    let lines = game.lines();
    let (mut failed, mut plies) = (0, 0);
    for line in &lines {
        match game.replay(line) {
            Ok(replay) => {
                plies += replay.plies.len();
                warnings(&replay, file, io);
            }
            Err(err) => {
                failed += 1;
                problem(io.err, file, text, err.span.clone(), &format!("line {line}: {err}"));
            }
        }
    }
    if failed > 0 {
        let _ = writeln!(io.err, "{file}: {failed} of {} line(s) cannot be replayed", lines.len());
        return EXIT_FAILED;
    }
    let _ = writeln!(io.out, "{file}: ok ({} line(s), {plies} plies)", lines.len());
    EXIT_OK
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn lines_and_columns_count_characters() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("é\nx", 3), (2, 1));
        assert_eq!(line_column("ab", 99), (1, 3));
    }
}
