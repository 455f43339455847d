//! The shared model of gridnote: every format crate reads into and writes from these
//! types.
//!
//! - [`Player`], [`Role`], [`Piece`] and [`Cell`] (with [`Cell::Void`] for a
//!   non-playable cell);
//! - [`Board`]: `rows × cols` cells, each side 1..=[`MAX_SIDE`], row 0 at the top;
//!   algebraic cell names with `a1` at the bottom-left;
//! - [`Position`]: a board and the side to move; moves and playing them;
//! - [`Rules`] (k in a row, diagonals, misère) with the tic-tac-toe and Tomorrow's
//!   Tic-Tac-Toe presets, [`Outcome`], and [`Problems`], the legality check that lists
//!   every [`Problem`];
//! - [`Symmetry`]: the 8 symmetries of a square, 4 of a rectangle, and canonical images;
//! - [`Board::draw`] for people and [`report::render`] for errors with a caret under the
//!   offending input; [`number`] holds the number rule all formats share.
//!
//! ```
//! use gridnote_board::{Outcome, Player, Position, Rules};
//!
//! let mut pos = Position::start(3, 3)?;
//! for name in ["b2", "a1", "c3", "c1", "b1", "a3", "b3"] {
//!     pos = pos.play_name(name, Rules::TIC_TAC_TOE)?;
//! }
//! assert_eq!(pos.outcome(Rules::TIC_TAC_TOE), Outcome::Won(Player::One));
//! assert_eq!(pos.board.draw(), "3 o x x\n2 _ x _\n1 o x o\n  a b c\n");
//! assert!(pos.is_legal(Rules::TIC_TAC_TOE));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "quickcheck")]
pub mod arbitrary;
mod board;
mod cell;
mod draw;
mod legality;
pub mod number;
mod position;
pub mod report;
mod rules;
mod storage;
mod symmetry;

pub use board::{Board, BoardError, CellName, CellNameError, Counts, MAX_SIDE};
pub use cell::{Cell, Piece, Player, Role};
pub use draw::Glyphs;
pub use legality::{Problem, Problems, SideError};
pub use position::{MoveError, Position};
pub use rules::{Line, Outcome, Rules, RulesError};
pub use symmetry::Symmetry;
