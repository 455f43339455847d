//! The tests that ship in the published package (`include` in Cargo.toml): one test
//! binary, each former file a module.

mod model;
mod play;
mod rules_names;
mod serde;
mod symmetry;
mod tafl;
