//! Checks of the workspace that belong to no published package.
//!
//! The workspace README's Rust examples run here as doctests (`cargo test -p xtask --doc`):
//! they use several crates and the repository's README, which no package holds, so they
//! cannot live in a crate that is published on its own.

/// The workspace README's Rust examples, run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;
