//! The tests that ship in the published package (`include` in Cargo.toml): one test
//! binary, each former file a module.

mod digits;
mod generate;
mod seed;
mod serde;
