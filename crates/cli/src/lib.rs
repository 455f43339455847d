#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The crate root only wires the modules: the command line (`Cli`), the subcommands
// (`commands`, one module each) and what they share.
mod commands;
mod gomoku;
mod inputs;
mod json;
mod lines;
mod names;
mod notes;
mod numbers;
mod options;
mod status;
mod svg;
mod tafl;

use std::ffi::OsString;
use std::io::{self, BufRead, Write};

use clap::Parser as _;

pub use inputs::Terminals;
pub use status::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};

use crate::commands::Command;
use crate::inputs::Io;

/// Convert, check and show positions of small grid games: tic-tac-toe and its m,n,k
/// relatives (T3EN, digit strings, bit codes, Tomorrow's Tic-Tac-Toe tuples) and tafl
/// (TSN, TEN).
///
/// Each INPUT argument is one position, taken exactly as given; `--` ends options (for an
/// input starting with `-`). `--input FILE` (`-i`, repeatable, `-` for standard input)
/// reads one position per line of FILE; with no INPUT and no --input, standard input is
/// read one position per line. In files and standard input, blank lines, lines starting
/// with `#` and a UTF-8 byte-order mark are skipped.
/// Exit status: 0 when every input succeeded, 1 when any failed, 2 for usage errors.
#[derive(Debug, clap::Parser)]
#[command(name = "gridnote", version, max_term_width = 100)]
struct Cli {
    /// What to do.
    #[command(subcommand)]
    command: Command,
}

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
    stdin: &mut (dyn BufRead + Send),
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
    stdin: &mut (dyn BufRead + Send),
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
    let status = cli.command.run(stdin, &mut io);
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
    // Unlocked (a lock cannot move to another thread): `gridnote st3p` and `gridnote otep`
    // read their commands on a thread of their own. Reads as large as the buffer bypass
    // the standard input's own buffer, so nothing is copied twice.
    let mut stdin = io::BufReader::with_capacity(64 * 1024, io::stdin());
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    let stderr = io::stderr();
    let mut stderr = stderr.lock();
    run_with(args, &mut stdin, &mut stdout, &mut stderr, Terminals::detect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_flags_are_parsed_for_every_subcommand_that_reads_positions() {
        let cli =
            Cli::try_parse_from(["gridnote", "check", "-i", "games.txt", "--json", "--quiet"])
                .unwrap();
        let Command::Check(check) = cli.command else { panic!("not check: {cli:?}") };
        assert_eq!(check.input.files, ["games.txt"]);
        assert!(check.input.json && check.input.quiet && check.input.inputs.is_empty());
    }
}
