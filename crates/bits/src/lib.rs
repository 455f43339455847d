#![cfg_attr(feature = "std", doc = include_str!("../README.md"))]
#![cfg_attr(
    not(feature = "std"),
    doc = "Tic-tac-toe boards as integers. Built without `std`: the core of the codes on \
           fixed arrays of [`Mark`]s, with `const` tables and no allocation."
)]
#![cfg_attr(docsrs, feature(doc_cfg))]
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
mod boards;
mod combin;
pub mod dense;
mod error;
mod kind;
mod layout;
mod mark;
pub mod naive;
#[cfg(feature = "std")]
mod notation;
pub mod ranked;
#[deprecated(note = "renamed `ranked`, the module of the ranked 13-bit code")]
pub mod seed;
mod sizes;
pub mod symmetric;
#[cfg(feature = "std")]
mod tables;
#[cfg(feature = "std")]
mod text;

#[cfg(feature = "std")]
pub use boards::{decode, decode_rect, encode, encode_rect};
pub use combin::MAX_CELLS;
pub use error::ModelError;
/// The shared board model (gridnote-board), re-exported so that a program depending on
/// this crate alone can name the types its functions take and return.
#[cfg(feature = "std")]
pub use gridnote_board as board;
#[cfg(feature = "std")]
pub use gridnote_board::report::Spanned;
#[cfg(feature = "std")]
pub use gridnote_board::{Board, Cell, Player, UnknownName};
pub use kind::CodeKind;
pub use layout::Layout;
pub use mark::Mark;
#[cfg(feature = "std")]
pub use notation::{Code, CodeOptions};
pub use ranked::{decode as decode13, encode as encode13};
#[cfg(feature = "std")]
pub use text::{ParseError, Radix, ReadError, parse_code, read_board, write_board, write_code};
