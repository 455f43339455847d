//! The tests that read the workspace's fixtures, left out of the published package: one
//! test binary, each former file a module.

mod check_tafl_rules;
mod game;
mod json_types;
mod otep;
mod otep_match;
mod tafl_moves;
