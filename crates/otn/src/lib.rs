#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod cursor;
mod error;
#[doc(hidden)]
pub mod fuzzing;
mod game;
mod moves;
mod notation;
mod piece;
mod position;
mod replay;
mod rules;
#[cfg(feature = "serde")]
mod serde_impl;

pub use error::{ModelError, ParseError, ReplayError, ReplayProblem, ReplayWarning};
pub use game::{Address, Comment, Game, GameResult, Half, LinePath, Slot, Tag, Turn, TurnRef};
pub use moves::{Capture, Info, Move, MoveRecord, MoveType};
pub use notation::OtnRecord;
pub use piece::{Kind, OtnPiece, PieceTypes, Side, Space};
pub use position::{Inverted, PositionRecord};
pub use replay::{LineMove, Ply, Replay};
pub use rules::{
    Berserk, CANONICAL_ORDER, Entry, Escape, JumpMode, KingArmed, KingStrength, RulesRecord,
    Shieldwall, Threefold, YesNo,
};

/// The shared board model (gridnote-board), re-exported so that a program depending on
/// this crate alone can name the types its conversions take and return.
pub use gridnote_board as board;
pub use gridnote_board::report::Spanned;
