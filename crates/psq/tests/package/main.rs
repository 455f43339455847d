//! The tests that ship in the published package: round trips of records and move
//! lists, every kind of error with its span, and replays under each rule set.

mod errors;
mod replays;
mod round_trips;
