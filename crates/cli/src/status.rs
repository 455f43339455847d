//! How a run ends: the exit statuses, and the reports of inputs that failed.

use std::io::{self, Write};

use crate::inputs::{Failure, Input, render_failure};
use crate::json;

/// Exit status: every input converted (or checked clean).
pub const EXIT_OK: u8 = 0;
/// Exit status: at least one input failed.
pub const EXIT_FAILED: u8 = 1;
/// Exit status: the command line itself was wrong.
pub const EXIT_USAGE: u8 = 2;

/// Prints an error for one input: its origin, the message, the input (a window of it when
/// long) with a caret under the span, and what format it was read as.
pub(crate) fn report_error(stderr: &mut dyn Write, input: &Input<'_>, failure: &Failure) {
    let _ = stderr.write_all(render_failure(input, failure).as_bytes());
}

/// Reports one input's failure the way every subcommand that reads inputs does: with
/// `--json` as an error object on stdout, and on stderr unless `--json --quiet`.
pub(crate) fn report_failure(
    out: &mut dyn Write,
    err: &mut dyn Write,
    input: &Input<'_>,
    failure: &Failure,
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
