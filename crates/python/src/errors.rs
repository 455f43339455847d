//! Python exceptions: every failure of the library becomes one of these, never a panic.
//!
//! `GridnoteError` (a `ValueError`) is the base; `ParseError` is a text that is not
//! well-formed or whose format cannot be told, `ConversionError` a well-formed position
//! the target cannot take, `SolveError` a position the solver refuses, `IllegalMoveError`
//! a tafl move the game's position does not allow. Each carries the
//! input (`text`), the message, the byte span, the format and the caret rendering, and its
//! `str()` is the message with the caret under the offending text.

use core::ops::Range;

use gridnote_board::report::render_caret;
use gridnote_convert::{ConvertError, Format, Spanned, detect};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

pyo3::create_exception!(
    gridnote,
    GridnoteError,
    PyValueError,
    "Base of gridnote's errors about an input (a ValueError)."
);
pyo3::create_exception!(
    gridnote,
    ParseError,
    GridnoteError,
    "A text that is not well-formed in its format, or whose format cannot be told."
);
pyo3::create_exception!(
    gridnote,
    ConversionError,
    GridnoteError,
    "A well-formed position that the target format cannot take (or, lossless, only with a loss)."
);
pyo3::create_exception!(
    gridnote,
    IllegalMoveError,
    GridnoteError,
    "A move that is not legal in the game's position, or a text that is not a move."
);
pyo3::create_exception!(
    gridnote,
    SolveError,
    GridnoteError,
    "A position the solver refuses: no m,n,k game reaches it, it is tafl, or it is too large."
);

/// Which exception a failure becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Parse,
    Conversion,
    Solve,
    IllegalMove,
}

/// A failure about an input text, kept as plain Rust values until it is raised (so that
/// batch conversion can build it off the interpreter's lock).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    pub(crate) kind: Kind,
    pub(crate) message: String,
    pub(crate) text: String,
    pub(crate) span: Range<usize>,
    pub(crate) format: Option<Format>,
}

impl Failure {
    /// The failure of reading or converting `text` (read as `from`, detected when `None`);
    /// `argument` names the Python argument that gives the format (`from_`, `format`),
    /// which the detection error recommends where the command line's says `--from`.
    pub(crate) fn convert(
        err: &ConvertError,
        text: &str,
        from: Option<Format>,
        argument: &str,
    ) -> Failure {
        let mut message = err.to_string();
        if let ConvertError::Detect(_) = err {
            message = message.replacen("--from", &format!("{argument}=..."), 1);
        }
        let (kind, format) = match err {
            ConvertError::Detect(_) => (Kind::Parse, None),
            ConvertError::Syntax(_) | ConvertError::Invalid { .. } => {
                (Kind::Parse, from.or_else(|| detect(text).ok()))
            }
            _ => (Kind::Conversion, from.or_else(|| detect(text).ok())),
        };
        Failure { kind, message, text: text.to_owned(), span: err.span(), format }
    }

    /// A failure of `kind` about the whole of `text`.
    pub(crate) fn whole(
        kind: Kind,
        text: &str,
        message: String,
        format: Option<Format>,
    ) -> Failure {
        Failure { kind, message, text: text.to_owned(), span: 0..text.len(), format }
    }

    /// The input's line with a caret line under the span.
    pub(crate) fn caret(&self) -> String {
        render_caret(&self.text, self.span.clone())
    }

    /// What `str()` of the exception shows: the message, then the caret rendering.
    pub(crate) fn rendered(&self) -> String {
        let mut out = self.message.clone();
        out.push('\n');
        out.push_str(self.caret().trim_end_matches('\n'));
        out
    }

    /// The Python exception, with `message`, `span`, `text`, `format`, `caret` and
    /// `index` (the position of the input in a batch, else `None`).
    pub(crate) fn into_pyerr(self, py: Python<'_>, index: Option<usize>) -> PyErr {
        let err = match self.kind {
            Kind::Parse => ParseError::new_err(self.rendered()),
            Kind::Conversion => ConversionError::new_err(self.rendered()),
            Kind::Solve => SolveError::new_err(self.rendered()),
            Kind::IllegalMove => IllegalMoveError::new_err(self.rendered()),
        };
        let value = err.value(py);
        let set = || -> PyResult<()> {
            value.setattr("message", &self.message)?;
            value.setattr("span", PyTuple::new(py, [self.span.start, self.span.end])?)?;
            value.setattr("text", &self.text)?;
            value.setattr("format", self.format.map(Format::name))?;
            value.setattr("caret", self.caret())?;
            value.setattr("index", index)?;
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(other) => other,
        }
    }
}

/// A bad argument (a name no format, rule or option has): `ValueError`.
pub(crate) fn bad_argument(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
