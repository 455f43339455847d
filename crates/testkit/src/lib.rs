//! Test plumbing shared by gridnote's crates; not published.
//!
//! Modelled on rust-analyzer's `test-utils`: what every format crate's tests need, once.
//!
//! - [`escape`]: the line format of the corpus of invalid inputs (also used by
//!   `cargo xtask fuzz` to seed the fuzzers).
//! - [`corpus`]: the inputs of `fixtures/corpus/<folder>/*.txt` and the span check.
//! - [`fixtures`]: the files of `fixtures/<folder>/{valid,invalid}`.
//! - [`memory`]: a counting global allocator ([`count_allocations!`]) and the bound a
//!   read may allocate.
//! - [`conformance`]: one suite run per `Notation`: round trip and canonical output over
//!   the valid fixtures and with quickcheck, the invalid fixtures and the corpus with
//!   their spans (and the messages the crate's snapshots pin), the allocation bound, and
//!   serde.
//!
//! A format crate's whole conformance test (`tests/conformance.rs`):
//!
//! ```no_run
//! // The allocation counter is global: this binary has one test.
//! gridnote_testkit::count_allocations!();
//!
//! #[test]
//! fn conformance() {
//!     use gridnote_testkit::conformance::Suite;
//!     # use gridnote_board::notation::Notation;
//!     # fn suite<Tsn: Notation>() {
//!     Suite::<Tsn>::new("tafl").corpus("tsn").run();
//!     # }
//! }
//! # fn main() {}
//! ```
//!
//! The crate is a dev-dependency without a version (`gridnote-testkit.workspace = true`
//! in `[dev-dependencies]`): `cargo publish` strips it, so a published package never
//! needs it, and the tests that use it are left out of the package (`include`).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod escape;
mod workspace;

#[cfg(feature = "suite")]
pub mod conformance;
#[cfg(feature = "suite")]
pub mod corpus;
#[cfg(feature = "suite")]
pub mod fixtures;
#[cfg(feature = "suite")]
pub mod memory;

#[cfg(feature = "suite")]
pub use fixtures::Fixtures;

pub use workspace::workspace_root;
