//! The tests that ship in the published package (`include` in Cargo.toml): one test
//! binary, each former file a module.

mod binary;
mod files;
mod inprocess;
mod pty;
mod referee;
mod solve;
mod svg;
