//! The gomoku engine: five in a row on boards too big to solve.

mod board;
mod combo;
mod line;
