#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod convert;
mod error;
mod json;
mod read;
mod record;
mod time;
mod write;

pub use convert::{ConvertError, Note, tags};
pub use error::ParseError;
/// The tafl model the records are made of (positions, moves, game records), re-exported
/// so that a program needs no other dependency.
pub use gridnote_board as board;
pub use record::{MAX_BYTES, MAX_DIM, Message, ServerGame, TimeControl, TimeRemaining};
pub use time::{Timestamp, TimestampError};
