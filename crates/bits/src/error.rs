//! Why a board has no code, or a number names no board.

use core::fmt;

use crate::kind::CodeKind;

/// A board outside a code's domain, or a number that is not a code.
///
/// The variants that talk about gridnote-board's `Board`s (shape, size, void cells,
/// kings, reachability) exist with the `std` feature only.
///
/// ```
/// use gridnote_bits::{ranked, ModelError, Mark};
/// let err = ranked::decode(6046).unwrap_err();
/// assert_eq!(err.to_string(), "code 6046 is out of range: the ranked code runs from 0 to 6045");
/// let err = ranked::encode(&[Mark::O; 9]).unwrap_err();
/// assert_eq!(err, ModelError::Counts { x: 0, o: 9 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The board is not 3×3 where the code takes only 3×3 boards: [`encode`](crate::encode)
    /// with every kind, and the dense and symmetric codes everywhere.
    #[cfg(feature = "std")]
    #[error("the {kind} code takes a 3x3 board, not {rows}x{cols}")]
    Shape {
        /// The code asked for.
        kind: CodeKind,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// A board whose number of cells the generalised codes do not take (1 to
    /// [`MAX_CELLS`](crate::MAX_CELLS)).
    #[cfg(feature = "std")]
    #[error("a {rows}x{cols} board has {cells} cells: the bit codes take 1 to {max} cells", cells = .rows * .cols, max = crate::MAX_CELLS)]
    Size {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// A slice of marks whose length is not the layout's number of cells.
    #[error("{found} cells given, but the layout has {expected}")]
    CellCount {
        /// The layout's cells.
        expected: usize,
        /// The cells given.
        found: usize,
    },
    /// A non-playable (void) cell: the codes know only blank, X and O.
    #[cfg(feature = "std")]
    #[error("cell {cell} is not playable: the bit codes have only blank, X and O cells")]
    Void {
        /// The first such cell, row-major.
        cell: gridnote_board::CellName,
    },
    /// A king: the codes know only blank, X and O.
    #[cfg(feature = "std")]
    #[error("cell {cell} holds a king: the bit codes have only blank, X and O cells")]
    King {
        /// The first such cell, row-major.
        cell: gridnote_board::CellName,
    },
    /// Counts outside the domain: the codes take boards where O has ⌊occupied/2⌋ marks,
    /// that is X has as many marks as O or one more.
    #[error(
        "X has {x} marks and O {o}: the bit codes take only boards where X has as many marks as O or one more"
    )]
    Counts {
        /// X's marks (Player One).
        x: usize,
        /// O's marks (Player Two).
        o: usize,
    },
    /// A board with good counts that no game reaches: the dense and symmetric codes
    /// name reachable positions only.
    #[cfg(feature = "std")]
    #[error("the {kind} code takes only positions reachable in play, and this one is not: {}", ProblemList(*.problems))]
    Unreachable {
        /// The code asked for.
        kind: CodeKind,
        /// What makes the board unreachable (under tic-tac-toe rules, no side to move).
        problems: gridnote_board::Problems,
    },
    /// A number above the code's largest.
    #[error("code {code} is out of range: the {kind} code{} runs from 0 to {max}", ForCells(*.cells))]
    OutOfRange {
        /// The code asked for.
        kind: CodeKind,
        /// The board's number of cells (9 for 3×3).
        cells: usize,
        /// The number given.
        code: u32,
        /// The largest code.
        max: u32,
    },
    /// A naive code in range whose rank part is too large for its occupied count.
    #[error(
        "naive code {code} names no board: it says {occupied} occupied cells (code mod {base}), and its rank {rank} (code div {base}) is not below {boards}, the number of boards with {occupied} occupied cells",
        base = *.cells + 1
    )]
    NaiveNoBoard {
        /// The number given.
        code: u32,
        /// The board's number of cells (9 for 3×3).
        cells: usize,
        /// The occupied count the code gives (`code mod (cells + 1)`).
        occupied: usize,
        /// The rank the code gives (`code div (cells + 1)`).
        rank: u32,
        /// The boards with that many occupied cells.
        boards: u32,
    },
}

/// " for 12 cells", or nothing for the 3×3 board.
struct ForCells(usize);

impl fmt::Display for ForCells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 9 { Ok(()) } else { write!(f, " for {} cells", self.0) }
    }
}

/// The problems of a set, separated by `; `.
#[cfg(feature = "std")]
struct ProblemList(gridnote_board::Problems);

#[cfg(feature = "std")]
impl fmt::Display for ProblemList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}
