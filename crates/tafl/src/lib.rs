//! Read, write and check TSN and TEN, the FEN-like notations for tafl games.
//!
//! TSN ("Tafl Standard Notation") has six fields separated by single spaces: the board
//! size, the defenders at the start, the piece positions (rows from the BOTTOM to the top,
//! `a` attacker, `d` defender, `k` king, one base-36 character per empty run), the side to
//! move (`a` or `d`), the ply and the plies since the last capture. TEN adds a seventh
//! field: `-`, or `identifier:version:data`.
//!
//! - [`Tsn`] and [`Ten`] hold a position; reading (`FromStr`) checks the syntax and the
//!   invariants, writing (`Display`, [`Tsn::write_to`]) gives the canonical text.
//! - [`ParseError`] carries the byte span of the offending text and names its field
//!   (and its row, both as the text and as the board number it).
//! - [`Tsn::problems`] is the separate semantic check: too many defenders or attackers,
//!   plies since capture not below the ply, no king.
//! - The board is the shared [`gridnote_board::Board`] (row 0 at the top): attackers are
//!   Player One's men, defenders Player Two's men, the king Player Two's king.
//! - Feature `serde`: `Tsn` and `Ten` serialize as their text.
//!
//! ```
//! use gridnote_board::{Cell, Glyphs, Player};
//! use gridnote_tafl::{SemanticProblem, Ten, Tsn};
//!
//! let text = "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0";
//! let ard_ri: Tsn = text.parse()?;
//! assert_eq!(ard_ri.to_move(), Player::One);
//! assert_eq!(ard_ri.board().get(3, 3), Some(Cell::TWO_KING));
//! assert!(ard_ri.problems().is_empty());
//! assert_eq!(ard_ri.to_string(), text);
//! assert_eq!(ard_ri.board().draw_with(&Glyphs::TAFL).lines().nth(3), Some("4 a a d k d a a"));
//!
//! let ten: Ten = format!("{text} -").parse()?;
//! assert_eq!(ten.tsn(), &ard_ri);
//!
//! let err = "7 8 2aaa2/3a3 a 1 0".parse::<Tsn>().unwrap_err();
//! assert_eq!(err.to_string(), "the piece positions have 2 rows, expected 7 (the board size)");
//! assert_eq!(err.span(), 4..13);
//!
//! let finished: Tsn = "3 4 3/1a1/3 d 9 2".parse()?;
//! assert_eq!(finished.problems(), [SemanticProblem::NoKing]);
//! # Ok::<(), gridnote_tafl::ParseError>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod check;
mod error;
mod fast;
mod grammar;
mod model;
#[cfg(feature = "serde")]
mod serde_impl;
mod write;

pub use check::SemanticProblem;
pub use error::{Field, ModelError, ParseError};
pub use model::{Extension, Ten, Tsn};
