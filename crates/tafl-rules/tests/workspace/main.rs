//! The tests that read the workspace's fixtures (left out of the published package), one
//! module per file, in one test binary: each binary costs a link and its own copy of
//! generic code.

mod engine;
mod opentafl;
mod perft;
mod properties;
mod records;
mod rules;
