//! The tests that ship in the published package (`include` in Cargo.toml): one test
//! binary, each former file a module.

mod errors;
mod game;
mod properties;
mod serde;
