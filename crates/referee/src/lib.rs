#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod clock;
pub mod gomocup;
pub mod htp;
mod mnk;
pub mod openings;
pub mod otep;
pub mod process;
mod rng;
pub mod st3p;
pub mod stats;
mod tafl;
pub mod tournament;

/// The shared model, as this crate's signatures use it.
pub use gridnote_board as board;
