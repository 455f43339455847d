#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod check;
mod convert;
mod error;
mod format;
mod options;
mod read;
mod source;
mod write;

pub use check::{CheckProblem, Checked, DigitsCheck};
pub use convert::{convert, convert_into};
pub use error::{ConvertError, ModelError, SyntaxError};
pub use format::{Format, UndetectedFormat, detect};
/// The shared board model (gridnote-board), re-exported so that a program depending on
/// this crate alone can name the types its functions take and return.
pub use gridnote_board as board;
pub use gridnote_board::UnknownName;
pub use gridnote_board::notes::{Field, Note, NoteKind, NoteValue};
pub use gridnote_board::report::Spanned;
pub use gridnote_board::setup::{Setup, TaflFields};
pub use options::Options;
pub use read::read;
pub use source::Source;
pub use write::{Converted, write, write_into};
