//! [`Square`]: a square of a tafl board, named as OTN names it (`e5`).

use core::fmt;

use crate::CellName;

/// A square of a tafl board: file (column) from 0 at the left, rank from 0 at the bottom,
/// written algebraically: file letters from `a` (`z`, then `aa`, `ab`, …), rank number
/// from 1, so `a1` is the bottom-left square, the first square of a position record. The
/// text is the same as the board's [`CellName`].
///
/// ```
/// use gridnote_board::tafl::Square;
/// let e5: Square = "e5".parse()?;
/// assert_eq!((e5.file, e5.rank), (4, 4));
/// assert_eq!(e5.to_string(), "e5");
/// assert_eq!(Square::new(26, 0).to_string(), "aa1");
/// # Ok::<(), gridnote_board::tafl::ParseError>(())
/// ```
///
/// `FromStr` reads `file rank`: one or two file letters, a rank from 1 without leading
/// zero (the grammar of every square of the tafl texts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square {
    /// The file, 0 = `a`.
    pub file: u8,
    /// The rank, 0 = rank 1 (the first row of a position record, the bottom row).
    pub rank: u8,
}

impl Square {
    /// The square at `file` and `rank` (both from 0).
    ///
    /// ```
    /// assert_eq!(gridnote_board::tafl::Square::new(0, 0).to_string(), "a1");
    /// ```
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Whether the square lies on a `size`×`size` board.
    ///
    /// ```
    /// use gridnote_board::tafl::Square;
    /// assert!(Square::new(6, 6).is_on(7));
    /// assert!(!Square::new(7, 0).is_on(7));
    /// ```
    #[must_use]
    pub const fn is_on(self, size: usize) -> bool {
        (self.file as usize) < size && (self.rank as usize) < size
    }

    /// The board's name for the square (the same text: `a1` is the first square of rank
    /// 1).
    ///
    /// ```
    /// use gridnote_board::tafl::Square;
    /// assert_eq!(Square::new(1, 2).cell_name().to_string(), "b3");
    /// ```
    #[must_use]
    pub const fn cell_name(self) -> CellName {
        CellName { file: self.file as usize, rank: self.rank as usize + 1 }
    }

    /// The square a cell name names, if its file and rank fit a tafl board (at most 255
    /// each).
    ///
    /// ```
    /// use gridnote_board::{tafl::Square, CellName};
    /// assert_eq!(Square::of_cell(CellName { file: 1, rank: 3 }), Some(Square::new(1, 2)));
    /// assert_eq!(Square::of_cell(CellName { file: 1, rank: 0 }), None);
    /// ```
    #[must_use]
    pub fn of_cell(cell: CellName) -> Option<Square> {
        let file = u8::try_from(cell.file).ok()?;
        let rank = u8::try_from(cell.rank.checked_sub(1)?).ok()?;
        Some(Square { file, rank })
    }
}

impl From<Square> for CellName {
    fn from(square: Square) -> CellName {
        square.cell_name()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.cell_name(), f)
    }
}
