#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod check;
mod digits;
mod generate;
mod notation;
mod verdict;

#[allow(deprecated)]
pub use check::seed_count_rule;
pub use check::{Agreement, Report, check, counts_within_one};
pub use digits::{Digits, LEN, ModelError, ParseError, SIDE};
pub use generate::{
    CONNECT_FOUR, CONNECT_FOUR_REGEX, GenerateError, MAX_CELLS, Pattern, Spec, connect_four,
    generate,
};
#[allow(deprecated)]
pub use verdict::{SEED_REGEX, seed_regex, seed_verdict};
pub use verdict::{TIC_TAC_TOE_REGEX, Verdict, direct_verdict, regex_verdict, tic_tac_toe_regex};

/// The shared board model (gridnote-board), re-exported so that a program depending on
/// this crate alone can name the types its functions take and return.
pub use gridnote_board as board;
pub use gridnote_board::report::Spanned;
pub use gridnote_board::{Board, Cell, Player, Rules, UnknownName};
