//! Read, write and check T3EN, the Tic-Tac-Toe Extensible Notation.
//!
//! A T3EN position is a square grid written row by row from the top, rows separated by
//! `/`, then one space and the side to move:
//!
//! | text | meaning |
//! |---|---|
//! | `_` | an empty playable cell |
//! | `.` | a non-playable cell ([`Cell::Void`](gridnote_board::Cell::Void)) |
//! | `x`, `o` | Player One's and Player Two's pieces |
//! | `3_`, `2x`, `12.` | a run of that many cells of one kind |
//! | `/` | the end of a row |
//!
//! [`T3en`] holds a square [`Position`](gridnote_board::Position) without kings. It
//! reads with [`FromStr`](core::str::FromStr) (lenient on run lengths: `1_`, `__` and
//! `2_1_` are accepted) or [`T3en::parse_with`] (which reports whether the text was
//! canonical, and can reject non-canonical text), and writes canonical T3EN with
//! [`T3en::write_to`] or [`Display`](core::fmt::Display). Every [`ParseError`] carries
//! the byte span of the offending text.
//!
//! ```
//! use gridnote_board::{Cell, Player, report::render};
//! use gridnote_t3en::{ParseOptions, T3en};
//!
//! let t3en: T3en = "2_o/_x_/3_ x".parse()?;
//! assert_eq!(t3en.position().board.get(0, 2), Some(Cell::TWO));
//! assert_eq!(t3en.position().to_move, Player::One);
//! assert_eq!(t3en.to_string(), "2_o/_x_/3_ x");
//!
//! // Non-canonical run lengths are read, and reported.
//! let parsed = T3en::parse_with("1_1_o/_x_/___ x", ParseOptions::default())?;
//! assert!(!parsed.canonical);
//! assert_eq!(parsed.t3en.to_string(), "2_o/_x_/3_ x");
//!
//! // Errors point at the offending text.
//! let input = "3_/4_/3_ x";
//! let err = input.parse::<T3en>().unwrap_err();
//! assert_eq!(err.span(), 3..5);
//! assert_eq!(
//!     render(input, err.span(), &err.to_string()),
//!     "error: row 2 has 4 cells, expected 3: the grid has 3 rows and must be square\n  | 3_/4_/3_ x\n  |    ^^\n",
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The grammar, the decisions taken where the seed is silent, and every error are
//! described in `docs/t3en.md`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
mod fast;
mod grammar;
#[cfg(feature = "serde")]
mod serde_impl;
mod t3en;
mod write;

pub use error::{ModelError, ParseError};
pub use t3en::{ParseOptions, Parsed, T3en};
