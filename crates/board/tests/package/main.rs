//! The tests that ship in the published package (`include` in Cargo.toml), one module per
//! file, in one test binary: each binary costs a link and its own copy of generic code.

mod gomoku;
mod model;
mod play;
mod rules_names;
mod serde;
mod symmetry;
mod tafl;
mod tafl_round_trips;
mod tafl_texts;
