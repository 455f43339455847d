//! Inputs: the input flags every subcommand that reads positions shares ([`InputArgs`]),
//! and the one entry point that reads them ([`for_each_input`]): each argument, each line
//! of each `--input` file, or each line of standard input, streamed.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::ops::Range;

use clap::Args;
use gridnote_board::report::{Spanned, render};
use gridnote_convert::{ConvertError, Format, Options, Source, detect, read};

use crate::names::parse_format;

/// The longest input line read from standard input or a file (1 MiB); longer lines fail.
pub(crate) const MAX_LINE: usize = 1 << 20;

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
/// that cannot be opened is a usage error naming it.
pub(crate) fn open(args: &InputArgs) -> Result<Opened, String> {
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

/// Whether a line is skipped: blank (only whitespace) or a `#` comment.
pub(crate) fn skipped(line: &[u8]) -> bool {
    match line.iter().find(|b| !b.is_ascii_whitespace()) {
        None => true,
        Some(&b) => b == b'#',
    }
}

/// One line read by [`LineReader`]: its number, and whether it was over-long.
pub(crate) struct Line {
    pub(crate) number: usize,
    pub(crate) too_long: bool,
}

/// The UTF-8 byte-order mark, skipped at the start of a stream.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The most bytes of an over-long line that are kept to show in its error.
const SHOWN_OF_TOO_LONG: usize = 64;

/// The input in line `number` of a stream, whose bytes up to the `\n` (when
/// `terminated`) or the end of the stream are `raw`: without a `\r` before the `\n`, and
/// on line 1 without a byte-order mark.
///
/// The rules every reader of lines follows ([`LineReader`] and, for `--jobs`,
/// [`BlockReader`] with [`each_line_of_block`]): lines end at `\n`; a line whose bytes
/// before the `\n` (its `\r` and, on line 1, a byte-order mark included) are more than
/// the longest line is over-long, its start kept (`shown_of_too_long`); the others lose
/// their terminator and line 1 its byte-order mark, and are skipped when blank or a `#`
/// comment. Every line, skipped or not, counts for the numbers.
fn content(raw: &[u8], terminated: bool, number: usize) -> Range<usize> {
    let start = if number == 1 && raw.starts_with(BOM) { BOM.len() } else { 0 };
    let end = if terminated && raw.len() > start && raw.ends_with(b"\r") {
        raw.len() - 1
    } else {
        raw.len()
    };
    start..end
}

/// What an over-long line `number` shows in its error, of `start`, its first bytes: at
/// most [`SHOWN_OF_TOO_LONG`] bytes (after a byte-order mark on line 1), cut to whole
/// UTF-8 characters.
fn shown_of_too_long(start: &[u8], number: usize) -> Range<usize> {
    let from = if number == 1 && start.starts_with(BOM) { BOM.len() } else { 0 };
    let mut keep = (start.len() - from).min(SHOWN_OF_TOO_LONG);
    while keep > 0 && std::str::from_utf8(&start[from..from + keep]).is_err() {
        keep -= 1;
    }
    from..from + keep
}

/// Keeps `range` of `buf` only.
fn keep_only(buf: &mut Vec<u8>, range: Range<usize>) {
    buf.truncate(range.end);
    buf.drain(..range.start);
}

/// Reads and drops the rest of a line, through its `\n` (or to the end of the stream).
fn skip_rest_of_line(reader: &mut dyn BufRead) -> io::Result<()> {
    loop {
        let (done, used) = {
            let buf = match reader.fill_buf() {
                Ok(buf) => buf,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            };
            match memchr::memchr(b'\n', buf) {
                Some(i) => (true, i + 1),
                None => (buf.is_empty(), buf.len()),
            }
        };
        reader.consume(used);
        if done {
            return Ok(());
        }
    }
}

/// Reads the lines of one stream: terminators removed, a leading byte-order mark, blank
/// and comment lines skipped, over-long lines cut to their start (the rules of
/// [`content`]).
pub(crate) struct LineReader {
    number: usize,
    max_line: usize,
}

impl LineReader {
    pub(crate) fn new() -> LineReader {
        LineReader::with_max_line(MAX_LINE)
    }

    fn with_max_line(max_line: usize) -> LineReader {
        LineReader { number: 0, max_line }
    }

    /// The next input line into `buf` (cleared first), or `None` at the end.
    pub(crate) fn next(
        &mut self,
        reader: &mut dyn BufRead,
        buf: &mut Vec<u8>,
    ) -> io::Result<Option<Line>> {
        loop {
            buf.clear();
            let read = (&mut *reader).take(self.max_line as u64 + 1).read_until(b'\n', buf)?;
            if read == 0 {
                return Ok(None);
            }
            self.number += 1;
            let terminated = buf.last() == Some(&b'\n');
            if !terminated && buf.len() > self.max_line {
                // Skip the rest of the over-long line, then report it.
                skip_rest_of_line(reader)?;
                keep_only(buf, shown_of_too_long(buf, self.number));
                return Ok(Some(Line { number: self.number, too_long: true }));
            }
            let raw = if terminated { buf.len() - 1 } else { buf.len() };
            let line = content(&buf[..raw], terminated, self.number);
            if skipped(&buf[line.clone()]) {
                continue;
            }
            keep_only(buf, line);
            return Ok(Some(Line { number: self.number, too_long: false }));
        }
    }
}

/// The bytes of the blocks [`BlockReader`] hands out: about 32 KiB of whole lines.
pub(crate) const BLOCK_BYTES: usize = 32 * 1024;

/// A block of one stream for a worker of `--jobs`.
pub(crate) enum Block {
    /// Whole lines, each ending in `\n` but the stream's last, which may lack it; the
    /// first is line `first` of the stream. [`each_line_of_block`] reads them.
    Lines { first: usize, bytes: Vec<u8> },
    /// Line `number` is over-long: what its error shows of its start.
    TooLong { number: usize, shown: Vec<u8> },
}

/// Reads one stream in blocks of whole lines, for the workers of `--jobs`: the reading
/// thread only cuts the stream at the last `\n` of each block and counts the `\n`s (for
/// the next block's first line number); the workers split the lines and apply the rules
/// of [`content`]. At most the longest line and one byte are held: a longer line is
/// handed out as [`Block::TooLong`] and the rest of it skipped.
pub(crate) struct BlockReader {
    /// Lines handed out so far.
    number: usize,
    /// Read but not handed out: the start of the next line and what follows it.
    pending: Vec<u8>,
    /// The stream has ended.
    eof: bool,
    block: usize,
    max_line: usize,
}

impl BlockReader {
    pub(crate) fn new() -> BlockReader {
        BlockReader::with_sizes(BLOCK_BYTES, MAX_LINE)
    }

    fn with_sizes(block: usize, max_line: usize) -> BlockReader {
        BlockReader { number: 0, pending: Vec::new(), eof: false, block, max_line }
    }

    /// The next block of the stream, or `None` at its end.
    pub(crate) fn next(&mut self, reader: &mut dyn BufRead) -> io::Result<Option<Block>> {
        // A line of more than `max_line` bytes is over-long: no more are ever held.
        let most = self.max_line + 1;
        let mut want = self.block.clamp(1, most);
        // `pending[..searched]` holds no `\n`.
        let mut searched = 0;
        loop {
            if !self.eof && self.pending.len() < want {
                self.fill(reader, want)?;
            }
            if let Some(i) = memchr::memrchr(b'\n', &self.pending[searched..]) {
                let end = searched + i + 1;
                let mut next = Vec::with_capacity(self.block.clamp(1, most));
                next.extend_from_slice(&self.pending[end..]);
                self.pending.truncate(end);
                let bytes = std::mem::replace(&mut self.pending, next);
                let first = self.number + 1;
                self.number += memchr::memchr_iter(b'\n', &bytes).count();
                return Ok(Some(Block::Lines { first, bytes }));
            }
            if self.pending.len() > self.max_line {
                // No `\n` in the longest line and one byte: over-long.
                self.number += 1;
                let shown = self.pending[shown_of_too_long(&self.pending, self.number)].to_vec();
                self.pending.clear();
                skip_rest_of_line(reader)?;
                return Ok(Some(Block::TooLong { number: self.number, shown }));
            }
            if self.eof {
                if self.pending.is_empty() {
                    return Ok(None);
                }
                // The last line, without a `\n`.
                self.number += 1;
                let bytes = std::mem::take(&mut self.pending);
                return Ok(Some(Block::Lines { first: self.number, bytes }));
            }
            // One unfinished line so far: read on, up to the longest line and one byte.
            searched = self.pending.len();
            want = most;
        }
    }

    /// Reads into `pending` until it holds `want` bytes or the stream ends (read straight
    /// into its spare room, which is not zeroed first).
    fn fill(&mut self, reader: &mut dyn BufRead, want: usize) -> io::Result<()> {
        let room = want.saturating_sub(self.pending.len());
        self.pending.reserve(room);
        let read = reader.take(room as u64).read_to_end(&mut self.pending)?;
        self.eof = read < room;
        Ok(())
    }
}

/// Calls `f` with the number and content of every input line of a [`Block::Lines`] (the
/// rules of [`content`]: blank and comment lines skipped, their numbers counted).
pub(crate) fn each_line_of_block(
    bytes: &[u8],
    first: usize,
    mut f: impl FnMut(usize, &[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let mut number = first;
    let mut rest = bytes;
    while !rest.is_empty() {
        let (raw, terminated, after) = match memchr::memchr(b'\n', rest) {
            Some(i) => (&rest[..i], true, &rest[i + 1..]),
            None => (rest, false, &[][..]),
        };
        let line = &raw[content(raw, terminated, number)];
        if !skipped(line) {
            f(number, line)?;
        }
        number += 1;
        rest = after;
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

    #[test]
    fn blank_and_comment_lines_are_skipped() {
        for line in [&b""[..], b"   ", b"\t\r", b"# a comment", b"  #x"] {
            assert!(skipped(line), "{line:?}");
        }
        for line in [&b"x"[..], b" 120120000", b"3_/3_/3_ x #"] {
            assert!(!skipped(line), "{line:?}");
        }
    }

    /// A stream that hands out at most `step` bytes per read, as a pipe may.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.step).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// One input line: its number, its bytes, whether it was over-long.
    type Got = Vec<(usize, Vec<u8>, bool)>;

    /// The rules, spelt out: split at every `\n`, then each line on its own.
    fn by_the_rules(input: &[u8], max_line: usize) -> Got {
        let mut got = Vec::new();
        let mut segments: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        // After a final `\n` there is no further line.
        let last_terminated = input.last() == Some(&b'\n');
        if last_terminated || input.is_empty() {
            segments.pop();
        }
        let count = segments.len();
        for (i, raw) in segments.into_iter().enumerate() {
            let number = i + 1;
            let terminated = i + 1 < count || last_terminated;
            if raw.len() > max_line {
                let start = &raw[..max_line + 1];
                got.push((number, start[shown_of_too_long(start, number)].to_vec(), true));
                continue;
            }
            let line = &raw[content(raw, terminated, number)];
            if !skipped(line) {
                got.push((number, line.to_vec(), false));
            }
        }
        got
    }

    fn by_line_reader(input: &[u8], max_line: usize, step: usize) -> Got {
        let mut reader = BufReader::with_capacity(step, Trickle { data: input, step });
        let mut lines = LineReader::with_max_line(max_line);
        let (mut buf, mut got) = (Vec::new(), Vec::new());
        while let Some(line) = lines.next(&mut reader, &mut buf).unwrap() {
            got.push((line.number, buf.clone(), line.too_long));
        }
        got
    }

    fn by_blocks(input: &[u8], max_line: usize, block: usize, step: usize) -> Got {
        let mut reader = BufReader::with_capacity(step, Trickle { data: input, step });
        let mut blocks = BlockReader::with_sizes(block, max_line);
        let mut got = Vec::new();
        while let Some(piece) = blocks.next(&mut reader).unwrap() {
            match piece {
                Block::Lines { first, bytes } => {
                    // A block is whole lines: it ends in `\n` unless it ends the stream.
                    assert!(bytes.last() == Some(&b'\n') || blocks.eof, "{bytes:?}");
                    assert!(bytes.len() <= block.max(max_line + 1), "{}", bytes.len());
                    each_line_of_block(&bytes, first, |number, line| {
                        got.push((number, line.to_vec(), false));
                        Ok(())
                    })
                    .unwrap();
                }
                Block::TooLong { number, shown } => got.push((number, shown, true)),
            }
        }
        got
    }

    /// Bytes that make lines interesting: terminators, comments, blanks, a byte-order
    /// mark's bytes, a two-byte character.
    fn texture(bytes: &[u8]) -> Vec<u8> {
        const ALPHABET: &[u8] = b"ab\n\r# \xEF\xBB\xBF\xC3\xA9\n";
        bytes.iter().map(|&b| ALPHABET[usize::from(b) % ALPHABET.len()]).collect()
    }

    #[quickcheck_macros::quickcheck]
    fn blocks_and_lines_read_alike(bytes: Vec<u8>, bom: bool, sizes: (u8, u8, u8)) -> bool {
        let mut input = if bom { BOM.to_vec() } else { Vec::new() };
        input.extend(texture(&bytes));
        let max_line = usize::from(sizes.0 % 12) + 1;
        let block = usize::from(sizes.1 % 40) + 1;
        let step = usize::from(sizes.2 % 50) + 1;
        let expected = by_the_rules(&input, max_line);
        by_line_reader(&input, max_line, step) == expected
            && by_blocks(&input, max_line, block, step) == expected
    }

    #[test]
    fn blocks_and_lines_read_alike_at_the_edges() {
        let cases: [&[u8]; 12] = [
            b"",
            b"\n",
            b"abc",
            b"abc\r",
            b"abc\r\n",
            b"\xEF\xBB\xBFabc\r\n# x\n\n  \nd",
            b"\xEF\xBB\xBF\n\xEF\xBB\xBFx\n",
            b"abcdefgh\nab\r\nabcdefghi\nx",
            b"abcdefghijklmnop\r\n\r\nab",
            b"\xEF\xBB\xBFabcdefgh\nx\n",
            b"\xEF\xBB\xBFabcde\nx\n",
            b"a\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\n",
        ];
        for input in cases {
            for max_line in [1, 2, 5, 8, 9, 64] {
                let expected = by_the_rules(input, max_line);
                for step in [1, 2, 3, 7, 100] {
                    assert_eq!(by_line_reader(input, max_line, step), expected, "{input:?}");
                    for block in [1, 2, 4, 9, 10, 100] {
                        let got = by_blocks(input, max_line, block, step);
                        assert_eq!(got, expected, "{input:?} {max_line} {block} {step}");
                    }
                }
            }
        }
        // The rules themselves: `\r\n` and a byte-order mark on line 1 removed (a `\r`
        // without `\n` kept), blank and comment lines skipped but counted.
        assert_eq!(
            by_the_rules(b"\xEF\xBB\xBFab\r\n# c\n\n \r\n\xEF\xBB\xBFd\r\r\ne\r", 64),
            [
                (1, b"ab".to_vec(), false),
                (5, b"\xEF\xBB\xBFd\r".to_vec(), false),
                (6, b"e\r".to_vec(), false)
            ]
        );
        // Line 1 with a byte-order mark is over-long by its bytes, the mark included.
        assert_eq!(
            by_the_rules(b"\xEF\xBB\xBFabcdefgh\nx\n", 9),
            [(1, b"abcdefg".to_vec(), true), (2, b"x".to_vec(), false)]
        );
        assert_eq!(
            by_the_rules(b"\xEF\xBB\xBFabcdef\nx\n", 9),
            [(1, b"abcdef".to_vec(), false), (2, b"x".to_vec(), false)]
        );
    }
}
