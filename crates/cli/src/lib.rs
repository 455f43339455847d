//! The gridnote command-line tool as a library, shared by the `gridnote` binary and `cargo xtask`.
#![forbid(unsafe_code)]
