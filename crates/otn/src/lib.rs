#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
#[doc(hidden)]
pub mod fuzzing;
mod notation;

pub use error::ModelError;
pub use notation::OtnRecord;

/// OTN's texts are the tafl model's: one reader and one writer each, in gridnote-board's
/// `tafl` module, re-exported here under the names this crate has always given them.
pub use gridnote_board::tafl::{
    Address, Capture, Comment, Game, GameResult, Half, Info, Inverted, LineMove, LinePath,
    MoveRecord, MoveText, MoveType, ParseError, Ply, PositionRecord, Replay, ReplayError,
    ReplayProblem, ReplayWarning, Slot, Square, TaflRules, Tag, Turn, TurnRef,
};
pub use gridnote_board::tafl::{
    Berserk, Escape, JumpMode, KingArmed, KingStrength, Shieldwall, Threefold,
};

/// A square: the model's [`Square`], under the name this crate gave it before.
#[deprecated(note = "use `Square` (the model's `gridnote_board::tafl::Square`)")]
pub type Space = Square;

/// A move as written: the model's [`MoveText`], under the name this crate gave it before.
#[deprecated(note = "use `MoveText` (the model's `gridnote_board::tafl::MoveText`)")]
pub type Move = MoveText;

/// A rules record: the model's typed rules [`TaflRules`] (read and written by the one
/// reader and writer of the text), under the name this crate gave its own copy before.
#[deprecated(note = "use `TaflRules` (the model's `gridnote_board::tafl::TaflRules`)")]
pub type RulesRecord = TaflRules;

/// A set of piece types: the model's `PieceSet`, under the name this crate gave its own
/// copy before.
#[deprecated(note = "use `gridnote_board::tafl::PieceSet`")]
pub type PieceTypes = gridnote_board::tafl::PieceSet;

/// The shared board model (gridnote-board), re-exported so that a program depending on
/// this crate alone can name the types its conversions take and return.
pub use gridnote_board as board;
pub use gridnote_board::report::Spanned;
