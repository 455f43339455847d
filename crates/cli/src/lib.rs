#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod args;
mod check;
mod convert;
mod game;
mod inputs;
mod json;
mod otep;
mod referee;
mod solve;
mod st3p;
mod svg;

use std::ffi::OsString;
use std::io::{self, BufRead, Write};

use clap::Parser as _;
use gridnote_convert::Format;

pub use args::{Cli, Command, ConvertArgs};
pub use inputs::{InputArgs, Terminals};

use crate::inputs::{Input, Io, for_each_input, render_failure};

/// Exit status: every input converted (or checked clean).
pub const EXIT_OK: u8 = 0;
/// Exit status: at least one input failed.
pub const EXIT_FAILED: u8 = 1;
/// Exit status: the command line itself was wrong.
pub const EXIT_USAGE: u8 = 2;

/// Runs the tool with `args` (the first is the program name), reading inputs from `stdin`
/// when none are given, and returns the exit status.
///
/// ```
/// let mut out = Vec::new();
/// let mut err = Vec::new();
/// let status = gridnote_cli::run(
///     ["gridnote", "convert", "--to", "t3en"].map(Into::into),
///     &mut &b"120120000\n(x ____ ____ ____)\n"[..],
///     &mut out,
///     &mut err,
/// );
/// assert_eq!(status, 0);
/// assert_eq!(String::from_utf8(out).unwrap(), "xo_/xo_/3_ x\n4_/4_/4_/4. x\n");
/// ```
pub fn run(
    args: impl IntoIterator<Item = OsString>,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8 {
    run_with(args, stdin, stdout, stderr, Terminals::default())
}

/// [`run`], told which of the streams are terminals: a terminal standard output or
/// standard error is flushed after every input (else both are buffered), and a terminal
/// standard input, read for want of INPUT arguments, gets a one-line hint on stderr.
///
/// ```
/// use gridnote_cli::{Terminals, run_with};
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = run_with(
///     ["gridnote", "convert", "--to", "digits"].map(Into::into),
///     &mut &b"3_/3_/3_ x\n"[..],
///     &mut out,
///     &mut err,
///     Terminals::new(true, true, true),
/// );
/// assert_eq!(status, 0);
/// assert_eq!(String::from_utf8(out).unwrap(), "000000000\n");
/// assert_eq!(
///     String::from_utf8(err).unwrap(),
///     "reading positions from standard input, one per line; Ctrl-D to end\n"
/// );
/// ```
pub fn run_with(
    args: impl IntoIterator<Item = OsString>,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    terminals: Terminals,
) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            let status = if err.use_stderr() { EXIT_USAGE } else { EXIT_OK };
            let text = err.render().to_string();
            let sink: &mut dyn Write = if err.use_stderr() { stderr } else { stdout };
            let _ = sink.write_all(text.as_bytes());
            return status;
        }
    };
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout);
    // Standard error is buffered too (a note costs one write, not a dozen); it is flushed
    // after each input when it is a terminal, and at the end.
    let mut err_buf = io::BufWriter::with_capacity(16 * 1024, &mut *stderr);
    let mut io = Io { out: &mut out, err: &mut err_buf, terminals };
    let status = match cli.command {
        Command::Convert(args) => convert::run_convert(&args, stdin, &mut io),
        Command::Check(args) => check::run_check(&args, stdin, &mut io),
        Command::Show(args) => run_show(&args, stdin, &mut io),
        Command::Formats => run_formats(io.out),
        Command::Solve(args) => solve::run_solve(&args, stdin, &mut io),
        Command::St3p(args) => st3p::run_st3p(&args, stdin, &mut io),
        Command::Otep(args) => otep::run_otep(&args, stdin, &mut io),
        Command::Match(args) => referee::run_match(&args, &mut io),
        Command::Game(args) => game::run_game(&args, stdin, &mut io),
    };
    let _ = err_buf.flush();
    drop(err_buf);
    match out.flush() {
        Ok(()) => status,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => status,
        Err(err) => {
            let _ = writeln!(stderr, "error: cannot write output: {err}");
            EXIT_FAILED
        }
    }
}

/// Runs the tool on the process's real arguments and standard streams.
///
/// ```no_run
/// std::process::exit(i32::from(gridnote_cli::main_from_env()));
/// ```
#[must_use]
pub fn main_from_env() -> u8 {
    main_with_args(std::env::args_os())
}

/// Runs the tool on the given arguments (the first is the program name) and the process's
/// standard streams, as `cargo xtask convert` does.
///
/// ```no_run
/// let status = gridnote_cli::main_with_args(["gridnote", "formats"].map(Into::into));
/// assert_eq!(status, 0);
/// ```
#[must_use]
pub fn main_with_args(args: impl IntoIterator<Item = OsString>) -> u8 {
    let stdin = io::stdin();
    let mut stdin = stdin.lock();
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    let stderr = io::stderr();
    let mut stderr = stderr.lock();
    run_with(args, &mut stdin, &mut stdout, &mut stderr, Terminals::detect())
}

/// Prints an error for one input: its origin, the message, the input (a window of it when
/// long) with a caret under the span, and what format it was read as.
pub(crate) fn report_error(stderr: &mut dyn Write, input: &Input<'_>, failure: &inputs::Failure) {
    let _ = stderr.write_all(render_failure(input, failure).as_bytes());
}

/// Reports one input's failure the way every subcommand that reads inputs does: with
/// `--json` as an error object on stdout, and on stderr unless `--json --quiet`.
pub(crate) fn report_failure(
    out: &mut dyn Write,
    err: &mut dyn Write,
    input: &Input<'_>,
    failure: &inputs::Failure,
    json: bool,
    quiet: bool,
) -> io::Result<()> {
    if json {
        json::write_error(out, input, &failure.message, &failure.span)?;
    }
    if !json || !quiet {
        report_error(err, input, failure);
    }
    Ok(())
}

/// The exit status after every input was handled (or reading stopped on an I/O error).
pub(crate) fn finish(result: io::Result<()>, failed: bool, stderr: &mut dyn Write) -> u8 {
    match result {
        Ok(()) if failed => EXIT_FAILED,
        Ok(()) => EXIT_OK,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => {
            if failed {
                EXIT_FAILED
            } else {
                EXIT_OK
            }
        }
        Err(err) => {
            let _ = writeln!(stderr, "error: {err}");
            EXIT_FAILED
        }
    }
}

fn run_show(args: &args::ShowArgs, stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    let mut failed = false;
    let input_args = &args.input;
    if args.picture.svg {
        return svg::run_show_svg(&args.picture, input_args, stdin, io);
    }
    let opened = match inputs::open(input_args) {
        Ok(opened) => opened,
        Err(message) => {
            let _ = writeln!(io.err, "error: {message}");
            return EXIT_USAGE;
        }
    };
    inputs::hint_if_terminal(input_args, io);
    let (json, quiet) = (input_args.json, input_args.quiet);
    let result = for_each_input(input_args, opened, stdin, io, |input, io| {
        let out = &mut *io.out;
        match input.read(input_args.from) {
            Ok(source) if json => {
                let glyphs = source.format.glyphs();
                let side = source.to_move_or_counts();
                json::write_shown(
                    out,
                    &input,
                    &source,
                    side.map(|side| check::side_name(source.format, side)),
                    &source.board.draw_with(&glyphs),
                )?;
            }
            Ok(source) => {
                let glyphs = source.format.glyphs();
                writeln!(
                    out,
                    "{} ({}, {}x{})",
                    &input.lossy(),
                    source.format,
                    source.board.rows(),
                    source.board.cols()
                )?;
                out.write_all(source.board.draw_with(&glyphs).as_bytes())?;
                match (source.to_move, source.implied_to_move) {
                    (Some(side), _) => {
                        let name = check::side_name(source.format, side);
                        writeln!(out, "{name} to move")?;
                    }
                    (None, Some(implied)) => {
                        writeln!(out, "no side to move in this format ({})", implied.rule)?;
                    }
                    (None, None) => match source.side_from_counts() {
                        Some(side) => writeln!(
                            out,
                            "no side to move in this format (the counts give {})",
                            check::side_name(source.format, side)
                        )?,
                        None => {
                            writeln!(out, "no side to move in this format (the counts fit none)")?
                        }
                    },
                }
                if let Some(fields) = source.tafl {
                    writeln!(
                        out,
                        "defenders at start {}, ply {}, plies since capture {}",
                        fields.defenders, fields.ply, fields.since_capture
                    )?;
                }
                if let Some(extension) = &source.extension {
                    writeln!(out, "extension {extension}")?;
                }
                out.write_all(b"\n")?;
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

fn run_formats(out: &mut dyn Write) -> u8 {
    for &format in Format::ALL {
        let _ = writeln!(out, "{:<7} {}", format.name(), format.description());
        let _ = writeln!(out, "        example: {}", format.example());
    }
    EXIT_OK
}
