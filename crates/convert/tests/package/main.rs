//! The tests that ship in the published package (`include` in Cargo.toml): one test
//! binary, each former file a module.

mod behaviour;
mod roundtrip;
