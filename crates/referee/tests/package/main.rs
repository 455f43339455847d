//! The tests that ship in the published package (`include` in Cargo.toml), one module per
//! file, in one test binary: each binary costs a link and its own copy of generic code.

mod gomocup;
mod htp;
mod otep;
mod scripted;
