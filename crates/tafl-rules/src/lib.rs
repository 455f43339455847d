#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod config;
mod history;
mod legality;
mod moves;
mod perft;
mod position;
mod record;
mod rules;
mod text;

pub use gridnote_board as board;
/// The model's square, move syntax and typed rules, which this engine plays by.
pub use gridnote_board::tafl::{MoveRecord, MoveText, Square, TaflRules};

pub use history::BoardHistory;
pub use legality::Surplus;
pub use moves::Move;
pub use perft::PerftProgress;
pub use position::{Outcome, Position, Reason, Undo};
pub use record::{CheckedLine, LineEnd, LineError, check_line};
#[allow(deprecated)]
pub use rules::Rules;
pub use rules::{CompiledRules, RulesError};
pub use text::{CaptureText, IllegalMove, Played};
