//! Read, write and replay OpenTafl Notation (OTN), the notation of OpenTafl and the
//! tafl programs around it: position records, rules records, move records and game
//! records (`.otg`).
//!
//! - [`PositionRecord`]: `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`, rank 1 first; six piece
//!   kinds ([`Kind`]), lowercase attackers and uppercase defenders; converts to and
//!   from [`gridnote_board::Board`] with `TryFrom` (attackers = Player One, `t` = man,
//!   `k` = king; guards, mercenaries, knights and commanders have no equivalent).
//! - [`RulesRecord`]: `dim:` first, typed [`Entry`]s, unknown keys kept verbatim,
//!   `start:`/`starti:` last; written back in the order read (`Display`) or in
//!   OpenTafl's order ([`RulesRecord::canonical`]).
//! - [`MoveRecord`]: `Ne6^=e8xce7/ne9/f8/d8`, `Ke1-a1--`, `---`, Walker's `e5-e8xe9`.
//! - [`Game`]: tags, numbered turns, commentary, variations ([`LinePath`]), and
//!   [`Game::replay`] of any line, which gives the position after every ply.
//!
//! Every syntax error is a [`ParseError`] with the byte span of the offending text and
//! a message naming the field or row and what was expected. With feature `serde`, every
//! record serializes as its OTN text.
//!
//! ```
//! use gridnote_otn::board::{Board, Cell};
//! use gridnote_otn::{Game, LinePath, PositionRecord, RulesRecord};
//!
//! let rules: RulesRecord =
//!     "dim:7 name:Brandub ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".parse()?;
//! let board = Board::try_from(rules.start())?;
//! assert_eq!(board.get(3, 3), Some(Cell::TWO_KING));
//! assert_eq!(PositionRecord::try_from(&board)?, *rules.start());
//!
//! let game: Game = format!("[rules:{rules}]\n\n1. d2-e2 Kd4-d2\n").parse()?;
//! let replay = game.replay(&LinePath::MAIN)?;
//! assert_eq!(replay.final_position().to_string(), "/3t3/3Kt2/3T3/ttT1Ttt/3T3/3t3/3t3/");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod cursor;
mod error;
mod game;
mod moves;
mod piece;
mod position;
mod replay;
mod rules;
#[cfg(feature = "serde")]
mod serde_impl;

pub use error::{ConvertError, ParseError, ReplayError, ReplayProblem, ReplayWarning};
pub use game::{Address, Comment, Game, GameResult, Half, LinePath, Slot, Tag, Turn, TurnRef};
pub use moves::{Capture, Info, Move, MoveRecord, MoveType};
pub use piece::{Kind, OtnPiece, PieceTypes, Side, Space};
pub use position::{Inverted, PositionRecord};
pub use replay::{Ply, Replay};
pub use rules::{
    Berserk, CANONICAL_ORDER, Entry, Escape, JumpMode, KingArmed, KingStrength, RulesRecord, Shieldwall,
    Threefold, YesNo,
};

/// The shared board model (gridnote-board), re-exported so that a program depending on
/// this crate alone can name the types its conversions take and return.
pub use gridnote_board as board;
