//! The game's line so far: the hash of every position since the start (repetition is
//! decided from it) and the captures of the moves made, which `Position::unmake` puts
//! back. Copies of a position share their line until one of them moves.

use super::piece::Piece;

/// A piece taken by a move, where it stood (a captured mercenary is recorded as it was
/// before it changed sides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Captured {
    pub(crate) sq: u16,
    pub(crate) piece: Piece,
}

/// The hashes of the positions of the game, the current one last, and the captures of
/// the moves made since the position was set up, in the order they were made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Line {
    pub(crate) history: Vec<u64>,
    pub(crate) captured: Vec<Captured>,
}
