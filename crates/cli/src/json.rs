//! `--json` output: one object per input, one per line. Inputs read from standard input or
//! a file carry their `"line"` (and a file's name as `"file"`).

use std::io::{self, Write};
use std::ops::Range;

use gridnote_convert::Note;
use serde::Serialize;

use crate::inputs::Input;

/// Where an input came from, flattened into its object: `"line"` for standard input and
/// files, `"file"` for files.
#[derive(Serialize)]
pub(crate) struct Whence<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
}

impl<'a> Whence<'a> {
    pub(crate) fn of(input: &Input<'a>) -> Whence<'a> {
        Whence { line: input.line(), file: input.file }
    }
}

#[derive(Serialize)]
struct NoteJson<'a> {
    kind: String,
    field: &'static str,
    value: String,
    reason: &'a str,
}

#[derive(Serialize)]
struct ConvertedJson<'a> {
    input: &'a str,
    #[serde(flatten)]
    whence: Whence<'a>,
    output: &'a str,
    notes: Vec<NoteJson<'a>>,
}

#[derive(Serialize)]
struct ErrorJson<'a> {
    message: &'a str,
    span: [usize; 2],
}

#[derive(Serialize)]
struct FailedJson<'a> {
    input: &'a str,
    #[serde(flatten)]
    whence: Whence<'a>,
    error: ErrorJson<'a>,
}

/// `{"input":…, ["line":N,] "output":…, "notes":[{"kind","field","value","reason"}]}`
pub(crate) fn write_converted(
    out: &mut dyn Write,
    input: &Input<'_>,
    output: &str,
    notes: &[Note],
) -> io::Result<()> {
    let notes = notes
        .iter()
        .map(|n| NoteJson {
            kind: n.kind.to_string(),
            field: n.field.name(),
            value: n.value.to_string(),
            reason: &n.reason,
        })
        .collect();
    line(out, &ConvertedJson { input: &input.lossy(), whence: Whence::of(input), output, notes })
}

/// `{"input":…, ["line":N,] "error":{"message":…, "span":[start,end]}}`
pub(crate) fn write_error(
    out: &mut dyn Write,
    input: &Input<'_>,
    message: &str,
    span: &Range<usize>,
) -> io::Result<()> {
    line(
        out,
        &FailedJson {
            input: &input.lossy(),
            whence: Whence::of(input),
            error: ErrorJson { message, span: [span.start, span.end] },
        },
    )
}

#[derive(Serialize)]
struct ShownJson<'a> {
    input: &'a str,
    #[serde(flatten)]
    whence: Whence<'a>,
    format: &'static str,
    rows: usize,
    cols: usize,
    to_move: Option<&'a str>,
    to_move_from_counts: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    to_move_implied_by: Option<&'a str>,
    drawing: &'a str,
}

/// `show --json`: `{"input":…, ["line":N,] "format":…, "rows":…, "cols":…, "to_move":…,
/// "to_move_from_counts":…, ["to_move_implied_by":…,] "drawing":…}` (`to_move` null when
/// the format carries none, the text implies none and the counts fit no side;
/// `to_move_implied_by` the rule when the text implies the side without carrying it).
pub(crate) fn write_shown(
    out: &mut dyn Write,
    input: &Input<'_>,
    source: &gridnote_convert::Source,
    side: Option<&str>,
    drawing: &str,
) -> io::Result<()> {
    let carried = source.to_move.is_some();
    let implied = if carried { None } else { source.implied_to_move.map(|i| i.rule) };
    line(
        out,
        &ShownJson {
            input: &input.lossy(),
            whence: Whence::of(input),
            format: source.format.name(),
            rows: source.board.rows(),
            cols: source.board.cols(),
            to_move: side,
            to_move_from_counts: !carried && implied.is_none() && side.is_some(),
            to_move_implied_by: implied,
            drawing,
        },
    )
}

/// One JSON value and a newline.
pub(crate) fn line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::other)?;
    out.write_all(b"\n")
}
