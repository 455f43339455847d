#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod config;
mod legality;
mod position;
mod record;
mod rules;
mod square;
mod text;

pub use gridnote_board as board;

pub use config::Kind;
pub use legality::Surplus;
pub use position::{Outcome, Position, Reason, Undo};
pub use record::{CheckedLine, Entry, LineEnd, LineError, check_line};
pub use rules::{Rules, RulesError};
pub use square::{Move, MoveTextError, Square, SquareError};
pub use text::{CaptureText, IllegalMove, Played};
