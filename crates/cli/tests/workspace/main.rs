//! The tests that read the workspace's fixtures (left out of the published package), one
//! module per file, in one test binary: each binary costs a link and its own copy of
//! generic code.

mod check_tafl_rules;
mod game;
mod gomocup_match;
mod htp_match;
mod json_types;
mod otep;
mod otep_match;
mod perft;
mod support;
mod tafl_moves;
mod verdicts;
