//! Inputs: one per argument, or one per line of standard input, streamed.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, BufRead, Read};
use std::ops::Range;

use gridnote_convert::{Format, Options, Source, read};

/// The longest input line read from standard input (1 MiB); longer lines fail.
pub(crate) const MAX_LINE: usize = 1 << 20;

/// One input: where it came from and its bytes.
pub(crate) struct Input<'a> {
    /// 1-based argument or line number.
    pub(crate) number: usize,
    /// From standard input (a line) or the command line (an argument).
    pub(crate) from_stdin: bool,
    /// The bytes as given.
    pub(crate) raw: &'a [u8],
    /// A standard-input line over [`MAX_LINE`] bytes (`raw` holds its start).
    too_long: bool,
}

impl<'a> Input<'a> {
    fn new(number: usize, from_stdin: bool, raw: &'a [u8]) -> Input<'a> {
        Input { number, from_stdin, raw, too_long: false }
    }

    /// `line 3` or `argument 2`.
    pub(crate) fn origin(&self) -> String {
        if self.from_stdin {
            format!("line {}", self.number)
        } else {
            format!("argument {}", self.number)
        }
    }

    /// The text, or an error at the first byte that is not UTF-8.
    pub(crate) fn utf8(&self) -> Result<&str, (String, Range<usize>)> {
        if self.too_long {
            let end = self.raw.len();
            return Err((
                format!("input line is longer than {MAX_LINE} bytes (shown: its start)"),
                end..end,
            ));
        }
        std::str::from_utf8(self.raw).map_err(|err| {
            let at = err.valid_up_to();
            ("input is not valid UTF-8".to_owned(), at..at + err.error_len().unwrap_or(1))
        })
    }

    /// Reads the input as a position in `from` (detected when `None`).
    pub(crate) fn read(&self, from: Option<Format>) -> Result<Source, (String, Range<usize>)> {
        let text = self.utf8()?;
        read(text, from, &Options::default()).map_err(|err| (err.to_string(), err.span()))
    }

    /// The text with any invalid UTF-8 replaced, for output (borrowed when it is UTF-8).
    pub(crate) fn lossy(&self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.raw)
    }
}

/// Calls `f` on every input in order: each argument, or when there are none each line of
/// `stdin` (only the terminator `\n` or `\r\n` removed). Lines are read into one reused
/// buffer, so memory does not grow with the input. Stops at the first I/O error from `f`
/// or from reading.
pub(crate) fn for_each_input(
    args: &[OsString],
    stdin: &mut dyn BufRead,
    mut f: impl FnMut(Input<'_>) -> io::Result<()>,
) -> io::Result<()> {
    if !args.is_empty() {
        for (i, arg) in args.iter().enumerate() {
            f(Input::new(i + 1, false, arg.as_encoded_bytes()))?;
        }
        return Ok(());
    }
    let mut buf = Vec::with_capacity(256);
    let mut number = 0;
    loop {
        buf.clear();
        let read = (&mut *stdin).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf)?;
        if read == 0 {
            return Ok(());
        }
        number += 1;
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        } else if buf.len() > MAX_LINE {
            // Skip the rest of the over-long line, then report it.
            let mut sink = Vec::new();
            loop {
                sink.clear();
                let n = (&mut *stdin).take(MAX_LINE as u64).read_until(b'\n', &mut sink)?;
                if n == 0 || sink.last() == Some(&b'\n') {
                    break;
                }
            }
            let mut keep = 64;
            while keep > 0 && std::str::from_utf8(&buf[..keep]).is_err() {
                keep -= 1;
            }
            buf.truncate(keep);
            f(Input { too_long: true, ..Input::new(number, true, &buf) })?;
            continue;
        }
        f(Input::new(number, true, &buf))?;
    }
}
