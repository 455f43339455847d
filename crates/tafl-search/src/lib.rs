#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod eval;
mod search;
mod table;
mod time;

pub use eval::{Weights, evaluate};
pub use search::{Limits, SearchResult, Searcher, TABLE_ENTRY_BYTES, TableError, WIN};
pub use time::{Lateness, TimeBudget};

pub use gridnote_tafl_rules as rules;
