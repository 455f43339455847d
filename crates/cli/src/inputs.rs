//! Inputs: the input flags every subcommand that reads positions shares ([`InputArgs`]),
//! and the one entry point that reads them ([`for_each_input`]): each argument, each line
//! of each `--input` file, or each line of standard input, streamed.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::ops::Range;

use clap::Args;
use gridnote_board::report::{Spanned, render};
use gridnote_convert::{ConvertError, Format, Options, Source, detect, read};

use crate::names::parse_format;

use crate::lines::LineReader;
pub(crate) use crate::lines::MAX_LINE;

/// The widest stretch of an input an error shows (in characters); a longer input is cut
/// to a window around the error's span.
pub(crate) const WINDOW: usize = 100;

/// The hint printed when positions are about to be read from a terminal.
pub(crate) const HINT: &str = "reading positions from standard input, one per line; Ctrl-D to end";

/// The input flags shared by every subcommand that reads positions (`convert`, `check`,
/// `show`, ...): where the positions come from, their format, and how results are shown.
#[derive(Clone, Debug, Default, Args)]
pub(crate) struct InputArgs {
    /// The source format, any case (detected from each input's shape when absent).
    #[arg(long, value_name = "FMT", value_parser = parse_format)]
    pub(crate) from: Option<Format>,
    /// Read positions from FILE, one per line (repeatable; `-` is standard input). Blank
    /// lines and lines starting with `#` are skipped, as is a UTF-8 byte-order mark.
    #[arg(long = "input", short = 'i', value_name = "FILE")]
    pub(crate) files: Vec<OsString>,
    /// One JSON object per input on stdout, failures included.
    #[arg(long)]
    pub(crate) json: bool,
    /// Print no notes or hints on stderr (with --json, no error reports either: they are
    /// in the JSON).
    #[arg(long, short)]
    pub(crate) quiet: bool,
    /// Positions, one per argument, taken exactly as given (with no INPUT and no --input,
    /// standard input is read one position per line).
    #[arg(value_name = "INPUT")]
    pub(crate) inputs: Vec<OsString>,
}

/// Which of the standard streams are terminals (all `false` for [`crate::run`]).
///
/// ```
/// let t = gridnote_cli::Terminals::default();
/// assert!(!t.stdin && !t.stdout && !t.stderr);
/// let t = gridnote_cli::Terminals::detect();
/// let _ = t.stdout;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Terminals {
    /// Standard input is a terminal: a hint is printed when positions are read from it.
    pub stdin: bool,
    /// Standard output is a terminal: output is flushed after every input.
    pub stdout: bool,
    /// Standard error is a terminal: notes and errors are flushed after every input.
    pub stderr: bool,
}

impl Terminals {
    /// Which of the process's standard streams are terminals.
    ///
    /// ```
    /// let _ = gridnote_cli::Terminals::detect();
    /// ```
    #[must_use]
    pub fn detect() -> Terminals {
        use std::io::IsTerminal as _;
        Terminals {
            stdin: io::stdin().is_terminal(),
            stdout: io::stdout().is_terminal(),
            stderr: io::stderr().is_terminal(),
        }
    }

    /// All three as given.
    ///
    /// ```
    /// let t = gridnote_cli::Terminals::new(true, false, true);
    /// assert!(t.stdin && !t.stdout && t.stderr);
    /// ```
    #[must_use]
    pub const fn new(stdin: bool, stdout: bool, stderr: bool) -> Terminals {
        Terminals { stdin, stdout, stderr }
    }
}

/// The standard streams of one run: output and errors are buffered, and flushed after
/// each input only when they are terminals.
pub(crate) struct Io<'a> {
    pub(crate) out: &'a mut dyn Write,
    pub(crate) err: &'a mut dyn Write,
    pub(crate) terminals: Terminals,
}

impl Io<'_> {
    /// After each input: flushes the streams that are terminals (standard error first, so
    /// a note shows before the next result).
    pub(crate) fn input_done(&mut self) -> io::Result<()> {
        if self.terminals.stderr {
            let _ = self.err.flush();
        }
        if self.terminals.stdout {
            self.out.flush()?;
        }
        Ok(())
    }
}

/// Where an input came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// A command-line argument.
    Argument,
    /// A line of standard input.
    Stdin,
    /// A line of the `--input` file with this index.
    File(usize),
}

/// One input: where it came from and its bytes.
pub(crate) struct Input<'a> {
    /// 1-based argument or line number.
    pub(crate) number: usize,
    /// Argument, standard input or file.
    pub(crate) place: Place,
    /// The file's name, for [`Place::File`].
    pub(crate) file: Option<&'a str>,
    /// The bytes as given.
    pub(crate) raw: &'a [u8],
    /// A line over [`MAX_LINE`] bytes (`raw` holds its start).
    pub(crate) too_long: bool,
}

impl<'a> Input<'a> {
    /// An argument, for tests and callers that have one text.
    pub(crate) fn argument(number: usize, raw: &'a [u8]) -> Input<'a> {
        Input { number, place: Place::Argument, file: None, raw, too_long: false }
    }

    /// `line 3`, `argument 2` or `line 3 of games.txt`.
    pub(crate) fn origin(&self) -> String {
        match (self.place, self.file) {
            (Place::Argument, _) => format!("argument {}", self.number),
            (Place::File(_), Some(name)) => format!("line {} of {name}", self.number),
            _ => format!("line {}", self.number),
        }
    }

    /// The line number, for input read from standard input or a file (`--json`'s `line`).
    pub(crate) fn line(&self) -> Option<usize> {
        (self.place != Place::Argument).then_some(self.number)
    }

    /// The text, or an error at the first byte that is not UTF-8.
    pub(crate) fn utf8(&self) -> Result<&'a str, (String, Range<usize>)> {
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
    pub(crate) fn read(&self, from: Option<Format>) -> Result<Source, Failure> {
        let text = self.utf8().map_err(Failure::plain)?;
        read(text, from, &Options::default()).map_err(|err| Failure::of(&err, text, from))
    }

    /// The text with any invalid UTF-8 replaced, for output (borrowed when it is UTF-8).
    pub(crate) fn lossy(&self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.raw)
    }
}

/// Why one input failed: the message, its span, and what to say about the format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    pub(crate) message: String,
    pub(crate) span: Range<usize>,
    /// A line after the caret: the format assumed, or why detection failed.
    pub(crate) hint: Option<String>,
}

impl Failure {
    /// A failure with no hint.
    pub(crate) fn plain((message, span): (String, Range<usize>)) -> Failure {
        Failure { message, span, hint: None }
    }

    /// The failure of reading or converting `text` (read as `from`, detected when `None`).
    pub(crate) fn of(err: &ConvertError, text: &str, from: Option<Format>) -> Failure {
        let hint = match (err, from) {
            (ConvertError::Detect(_), None) => {
                let trimmed = text.trim();
                (trimmed.len() != text.len() && !trimmed.is_empty())
                    .then(|| detect(trimmed).ok())
                    .flatten()
                    .map(|format| {
                        format!(
                            "the input has whitespace around it; without it, it would read as {format}"
                        )
                    })
            }
            (ConvertError::Syntax(_) | ConvertError::Invalid { .. }, None) => detect(text)
                .ok()
                .map(|format| format!("read as {format} (detected; give --from to choose)")),
            _ => None,
        };
        Failure { message: err.to_string(), span: err.span(), hint }
    }
}

/// Renders an error for one input: its origin, the message, the input (cut to a window
/// around the span when long) with a caret under the span, and the failure's hint.
pub(crate) fn render_failure(input: &Input<'_>, failure: &Failure) -> String {
    let text = input.lossy();
    let message = format!("{}: {}", input.origin(), failure.message);
    let mut rendered = match window(&text, failure.span.clone()) {
        None => render(&text, failure.span.clone(), &message),
        Some((shown, span, range)) => {
            let mut r = render(&shown, span, &message);
            r.push_str(&format!(
                "  = the input is {} bytes long; shown: bytes {}..{}\n",
                input.raw.len(),
                range.start,
                range.end
            ));
            r
        }
    };
    if let Some(hint) = &failure.hint {
        rendered.push_str("  = ");
        rendered.push_str(hint);
        rendered.push('\n');
    }
    rendered
}

/// For a text longer than [`WINDOW`] characters: at most that many characters around
/// `span` (its start when the span is wider), with `…` where text was cut; the span in
/// the shown text; and the byte range of `text` shown.
pub(crate) fn window(
    text: &str,
    span: Range<usize>,
) -> Option<(String, Range<usize>, Range<usize>)> {
    if text.len() <= WINDOW || text.chars().count() <= WINDOW {
        return None;
    }
    let floor = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (start, end) = (floor(span.start), floor(span.end.max(span.start)));
    // Up to a third of the window before the span, the rest from its start.
    let before: Vec<usize> =
        text[..start].char_indices().rev().take(WINDOW / 3).map(|(i, _)| i).collect();
    let from = before.last().copied().unwrap_or(start);
    let room = WINDOW - before.len();
    let to = text[start..].char_indices().nth(room).map_or(text.len(), |(i, _)| start + i);
    let mut shown = String::with_capacity(to - from + 8);
    if from > 0 {
        shown.push('…');
    }
    let offset = shown.len();
    shown.push_str(&text[from..to]);
    if to < text.len() {
        shown.push('…');
    }
    let span = offset + (start - from)..offset + (end.min(to) - from);
    Some((shown, span, from..to))
}

/// The inputs to read, with every `--input` file opened.
pub(crate) struct Opened {
    files: Vec<(String, Option<BufReader<File>>)>,
}

impl Opened {
    /// No files (arguments or standard input only).
    pub(crate) fn none() -> Opened {
        Opened { files: Vec::new() }
    }

    /// The files' names as given, in order.
    pub(crate) fn names(&self) -> Vec<String> {
        self.files.iter().map(|(name, _)| name.clone()).collect()
    }

    /// The opened files in order (`None` for standard input).
    pub(crate) fn into_readers(self) -> Vec<Option<BufReader<File>>> {
        self.files.into_iter().map(|(_, reader)| reader).collect()
    }
}

/// Opens every `--input` file (`-` is standard input), before any input is read: a file
/// that cannot be opened is a usage error naming it, written to standard error
/// (`error: cannot open input file …`); then `None`, and the command exits with
/// `EXIT_USAGE`.
pub(crate) fn open(args: &InputArgs, io: &mut Io<'_>) -> Option<Opened> {
    match open_files(args) {
        Ok(opened) => Some(opened),
        Err(message) => {
            let _ = writeln!(io.err, "error: {message}");
            None
        }
    }
}

fn open_files(args: &InputArgs) -> Result<Opened, String> {
    let mut files = Vec::with_capacity(args.files.len());
    for name in &args.files {
        let shown = name.to_string_lossy().into_owned();
        if name == "-" {
            files.push((shown, None));
            continue;
        }
        match File::open(name) {
            Ok(file) => files.push((shown, Some(BufReader::with_capacity(64 * 1024, file)))),
            Err(err) => return Err(format!("cannot open input file `{shown}`: {err}")),
        }
    }
    Ok(Opened { files })
}

/// Whether nothing but standard input will be read (no INPUT and no --input).
pub(crate) fn reads_stdin_only(args: &InputArgs) -> bool {
    args.inputs.is_empty() && args.files.is_empty()
}

/// Prints the hint when standard input alone is read and it is a terminal.
pub(crate) fn hint_if_terminal(args: &InputArgs, io: &mut Io<'_>) {
    if !args.quiet && io.terminals.stdin && reads_stdin_only(args) {
        let _ = writeln!(io.err, "{HINT}");
        let _ = io.err.flush();
    }
}

/// Calls `f` on every input in order: each argument, then each line of each `--input`
/// file (in order; `-` is standard input); with neither, each line of standard input.
/// Lines lose their terminator (`\n` or `\r\n`) only; a byte-order mark at the start of a
/// stream, blank lines and `#` comment lines are skipped (line numbers stay the real
/// ones). Lines are read into one reused buffer, so memory does not grow with the input.
/// After each input the streams that are terminals are flushed. Stops at the first I/O
/// error from `f` or from reading.
pub(crate) fn for_each_input(
    args: &InputArgs,
    opened: Opened,
    stdin: &mut dyn BufRead,
    io: &mut Io<'_>,
    mut f: impl FnMut(Input<'_>, &mut Io<'_>) -> io::Result<()>,
) -> io::Result<()> {
    for (i, arg) in args.inputs.iter().enumerate() {
        f(Input::argument(i + 1, arg.as_encoded_bytes()), io)?;
        io.input_done()?;
    }
    if args.files.is_empty() && args.inputs.is_empty() {
        return each_line(stdin, Place::Stdin, None, io, &mut f);
    }
    for (index, (name, file)) in opened.files.into_iter().enumerate() {
        match file {
            None => each_line(stdin, Place::Stdin, None, io, &mut f)?,
            Some(mut reader) => {
                each_line(&mut reader, Place::File(index), Some(&name), io, &mut f)?;
            }
        }
    }
    Ok(())
}

fn each_line(
    reader: &mut dyn BufRead,
    place: Place,
    file: Option<&str>,
    io: &mut Io<'_>,
    f: &mut impl FnMut(Input<'_>, &mut Io<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(256);
    let mut lines = LineReader::new();
    while let Some(line) = lines.next(reader, &mut buf)? {
        f(Input { number: line.number, place, file, raw: &buf, too_long: line.too_long }, io)?;
        io.input_done()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_is_cut_to_a_window_around_the_span() {
        let text = format!("{}X{}", "a".repeat(1000), "b".repeat(1000));
        let (shown, span, range) = window(&text, 1000..1001).unwrap();
        assert_eq!(shown, format!("…{}X{}…", "a".repeat(33), "b".repeat(66)));
        assert_eq!(&shown[span.clone()], "X");
        assert_eq!(range, 967..1067);
        // Short texts are shown whole; a span at the start has no mark before it.
        assert_eq!(window("abc", 0..1), None);
        let (shown, span, _) = window(&text, 0..0).unwrap();
        assert_eq!((shown.starts_with('a'), span), (true, 0..0));
        // A span at the very end.
        let (shown, span, range) = window(&text, 2001..2001).unwrap();
        assert_eq!(span, 3 + 33..3 + 33);
        assert_eq!(range, 1968..2001);
        assert!(shown.starts_with('…') && !shown.ends_with('…'));
    }

    #[test]
    fn a_window_keeps_to_character_boundaries() {
        let text = "é".repeat(300);
        let (shown, span, range) = window(&text, 301..303).unwrap();
        assert_eq!(shown.chars().filter(|&c| c == 'é').count(), 100);
        assert_eq!(&shown[span], "é");
        assert_eq!(range, 234..434);
    }
}
