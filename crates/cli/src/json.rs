//! `--json` output: one object per input, one per line.

use std::io::{self, Write};
use std::ops::Range;

use gridnote_convert::Note;
use serde::Serialize;

#[derive(Serialize)]
struct NoteJson<'a> {
    kind: &'static str,
    field: &'static str,
    value: String,
    reason: &'a str,
}

#[derive(Serialize)]
struct ConvertedJson<'a> {
    input: &'a str,
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
    error: ErrorJson<'a>,
}

/// `{"input":…, "output":…, "notes":[{"kind","field","value","reason"}]}`
pub(crate) fn write_converted(
    out: &mut dyn Write,
    input: &str,
    output: &str,
    notes: &[Note],
) -> io::Result<()> {
    let notes = notes
        .iter()
        .map(|n| NoteJson {
            kind: match n.kind {
                gridnote_convert::NoteKind::Dropped => "dropped",
                gridnote_convert::NoteKind::Derived => "derived",
            },
            field: n.field.name(),
            value: n.value.to_string(),
            reason: &n.reason,
        })
        .collect();
    line(out, &ConvertedJson { input, output, notes })
}

/// `{"input":…, "error":{"message":…, "span":[start,end]}}`
pub(crate) fn write_error(
    out: &mut dyn Write,
    input: &str,
    message: &str,
    span: &Range<usize>,
) -> io::Result<()> {
    line(out, &FailedJson { input, error: ErrorJson { message, span: [span.start, span.end] } })
}

/// One JSON value and a newline.
pub(crate) fn line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::other)?;
    out.write_all(b"\n")
}
