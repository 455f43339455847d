//! Hooks for the fuzz targets and the property tests; not part of the API (hidden from
//! the docs, and free to change). Every gridnote crate with two readers of one grammar
//! names its hook `fuzzing::check_readers_agree`; OTN's position readers are the model's.

pub use gridnote_board::tafl::fuzzing::check_readers_agree;
