#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "quickcheck")]
pub mod arbitrary;
mod board;
mod cell;
mod draw;
mod game;
mod legality;
mod name;
pub mod notation;
pub mod notes;
pub mod options;
mod position;
pub mod renju;
pub mod report;
mod rules;
mod rules_name;
pub mod setup;
mod storage;
mod symmetry;
pub mod tafl;

pub use board::{Board, BoardError, CellName, CellNameError, Counts, MAX_SIDE};
pub use cell::{Cell, Piece, Player, Role};
pub use draw::Glyphs;
pub use game::Game;
pub use legality::{Problem, Problems};
pub use name::UnknownName;
pub use position::{MoveError, Position, SideError};
pub use rules::{Gomoku, Line, Outcome, Rules};
pub use rules_name::RulesNameError;
pub use symmetry::Symmetry;
