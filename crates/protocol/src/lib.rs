#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod gomocup;
pub mod htp;
pub mod otep;
pub mod server;
pub mod st3p;
pub mod text;

/// The shared model (gridnote-board), re-exported so that a program depending on this
/// crate alone can name the types its messages carry (`Player`, the `Spanned` errors).
pub use gridnote_board as board;
