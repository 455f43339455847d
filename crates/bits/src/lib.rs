//! Tic-tac-toe boards as integers: the 13-bit combinatorial code of the seed document
//! "Encoding tictactoe in 13 bits", its naive variant, and two denser codes down to the
//! information limit.
//!
//! | code | module | numbers | boards | bits |
//! |---|---|---|---|---|
//! | seed | [`seed`] | 0..=6045 | 6,046: O has ⌊occupied/2⌋ marks | 13 |
//! | naive | [`naive`] | 0..=16796, not all used | the same 6,046 | 15 |
//! | dense | [`dense`] | 0..=5477 | the 5,478 reachable positions | 13 |
//! | symmetric | [`symmetric`] | 0..=764 | the 765 reachable positions up to symmetry | 10 |
//!
//! The core works without `std` on fixed arrays of [`Mark`]s, with `const` binomial
//! tables and no allocation; [`Layout`] carries the seed's layout to any board of up to
//! [`MAX_CELLS`] cells (Tomorrow's 3×4 board: 143,365 codes, 18 bits). With the default
//! `std` feature come the dense and symmetric codes (tables built at first use from
//! gridnote-board's legality check and canonical images), conversions on
//! gridnote-board's `Board` and the text form. The layouts are stable: changing one is a
//! breaking change.
//!
//! ```
//! use gridnote_bits::{decode, encode, parse_code, write_code, CodeKind, Radix};
//!
//! // The seed's worked example: X . O / . . O / . X .
//! let board = decode(CodeKind::Seed, parse_code("523")?)?;
//! assert_eq!(board.draw(), "3 x _ o\n2 _ _ o\n1 _ x _\n  a b c\n");
//! assert_eq!(encode(CodeKind::Naive, &board)?, 1894);
//!
//! let mut text = String::new();
//! for kind in CodeKind::ALL {
//!     let code = encode(kind, &board)?;
//!     write_code(kind, code, Radix::Binary, &mut text);
//!     text.push(' ');
//! }
//! // Every board of four marks or fewer is reachable, so its dense code is its 13-bit code.
//! assert_eq!(text, "0b0001000001011 0b000011101100110 0b0001000001011 0b0001011111 ");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![cfg_attr(
    feature = "std",
    doc = "The `std` API: [`encode`] / [`decode`] (3×3, every [`CodeKind`]), \
           [`encode_rect`] / [`decode_rect`] (any board of up to [`MAX_CELLS`] cells), \
           [`parse_code`], [`write_code`], [`read_board`], [`write_board`]."
)]
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "std")]
mod board;
mod combin;
pub mod dense;
mod error;
mod kind;
mod layout;
mod mark;
pub mod naive;
pub mod seed;
pub mod symmetric;
#[cfg(feature = "std")]
mod tables;
#[cfg(feature = "std")]
mod text;

#[cfg(feature = "std")]
pub use board::{decode, decode_rect, encode, encode_rect};
pub use error::BitsError;
pub use kind::{CodeKind, NameError};
pub use layout::{Layout, MAX_CELLS};
pub use mark::Mark;
pub use seed::{decode as decode13, encode as encode13};
#[cfg(feature = "std")]
pub use text::{ParseError, Radix, ReadError, parse_code, read_board, write_board, write_code};
