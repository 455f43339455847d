#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod args;
mod check;
mod inputs;
mod json;

use std::ffi::OsString;
use std::io::{self, BufRead, Write};

use clap::Parser as _;
use gridnote_board::report::render;
use gridnote_convert::{ConvertError, Format, Options, convert_into};

pub use args::{Cli, Command, ConvertArgs};

use crate::inputs::{Input, for_each_input};

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
    let status = match cli.command {
        Command::Convert(args) => run_convert(&args, stdin, &mut out, stderr),
        Command::Check(args) => check::run_check(&args, stdin, &mut out, stderr),
        Command::Show(args) => run_show(&args, stdin, &mut out, stderr),
        Command::Formats => run_formats(&mut out),
    };
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
    run(args, &mut stdin, &mut stdout, &mut stderr)
}

/// Prints an error for one input: its number, the message, the input and a caret.
pub(crate) fn report_error(
    stderr: &mut dyn Write,
    input: &Input<'_>,
    message: &str,
    span: core::ops::Range<usize>,
) {
    let text = render(&input.lossy(), span, &format!("{}: {message}", input.origin()));
    let _ = stderr.write_all(text.as_bytes());
}

fn options_of(args: &ConvertArgs) -> Options {
    let mut options = Options::default();
    options.lossless = args.lossless;
    options.strict = args.strict;
    options.defenders = args.defenders;
    options.ply = args.ply;
    options.since_capture = args.since_capture;
    options.code = args.code;
    options.radix = args.radix;
    options
}

fn run_convert(
    args: &ConvertArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8 {
    let options = options_of(args);
    let mut failed = false;
    // One output buffer for every input: the text is appended, written, and cleared.
    let mut output = String::with_capacity(256);
    let result = for_each_input(&args.inputs, stdin, |input| {
        output.clear();
        let result = input.utf8().and_then(|text| {
            convert_into(text, args.from, args.to, &options, &mut output)
                .map_err(|err: ConvertError| (err.to_string(), err.span()))
        });
        match result {
            Ok(notes) => {
                if args.json {
                    json::write_converted(out, &input.lossy(), &output, &notes)?;
                } else {
                    output.push('\n');
                    out.write_all(output.as_bytes())?;
                    if !args.quiet {
                        for note in &notes {
                            let _ = writeln!(stderr, "note: {}: {note}", input.origin());
                        }
                    }
                }
            }
            Err((message, span)) => {
                failed = true;
                if args.json {
                    json::write_error(out, &input.lossy(), &message, &span)?;
                }
                if !args.json || !args.quiet {
                    report_error(stderr, &input, &message, span);
                }
            }
        }
        Ok(())
    });
    finish(result, failed, stderr)
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

fn run_show(
    args: &args::ShowArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8 {
    let mut failed = false;
    let result = for_each_input(&args.inputs, stdin, |input| {
        match input.read(args.from) {
            Ok(source) => {
                let tafl = matches!(source.format, Format::Tsn | Format::Ten);
                let glyphs = if tafl {
                    gridnote_board::Glyphs::TAFL
                } else {
                    gridnote_board::Glyphs::DEFAULT
                };
                writeln!(
                    out,
                    "{} ({}, {}x{})",
                    &input.lossy(),
                    source.format,
                    source.board.rows(),
                    source.board.cols()
                )?;
                out.write_all(source.board.draw_with(&glyphs).as_bytes())?;
                match source.to_move {
                    Some(side) => {
                        let name = check::side_name(source.format, side);
                        writeln!(out, "{name} to move")?;
                    }
                    None => match source.side_from_counts() {
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
            Err((message, span)) => {
                failed = true;
                report_error(stderr, &input, &message, span);
            }
        }
        Ok(())
    });
    finish(result, failed, stderr)
}

fn run_formats(out: &mut dyn Write) -> u8 {
    for format in
        [Format::T3en, Format::Tsn, Format::Ten, Format::Tuple, Format::Digits, Format::Bits]
    {
        let _ = writeln!(out, "{:<7} {}", format.name(), format.description());
        let _ = writeln!(out, "        example: {}", format.example());
    }
    EXIT_OK
}
