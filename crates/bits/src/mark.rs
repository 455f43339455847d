//! The cell type of the codes: a blank square, an X or an O.

use core::fmt;

/// One square of a tic-tac-toe-like board as the codes see it.
///
/// `X` is Player One (who moves first), `O` Player Two. With the `std` feature a mark
/// converts into a gridnote-board `Cell` and back (`Mark::from_cell`).
///
/// ```
/// use gridnote_bits::Mark;
/// assert_eq!(Mark::from_char('X'), Some(Mark::X));
/// assert_eq!(Mark::O.to_char(), 'O');
/// assert_eq!(Mark::default(), Mark::Blank);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Mark {
    /// An empty square.
    #[default]
    Blank,
    /// Player One's mark.
    X,
    /// Player Two's mark.
    O,
}

impl Mark {
    /// The three marks, in code order.
    ///
    /// ```
    /// use gridnote_bits::Mark;
    /// assert_eq!(Mark::ALL, [Mark::Blank, Mark::X, Mark::O]);
    /// ```
    pub const ALL: [Mark; 3] = [Mark::Blank, Mark::X, Mark::O];

    /// The mark as the tables of docs/bits.md draw it: a space, `X` or `O`.
    ///
    /// ```
    /// use gridnote_bits::Mark;
    /// assert_eq!(Mark::Blank.to_char(), ' ');
    /// ```
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Mark::Blank => ' ',
            Mark::X => 'X',
            Mark::O => 'O',
        }
    }

    /// Reads those characters (a space, `X`, `O`; lowercase `x` and `o` too, and `_`
    /// for a blank).
    ///
    /// ```
    /// use gridnote_bits::Mark;
    /// assert_eq!(Mark::from_char('o'), Some(Mark::O));
    /// assert_eq!(Mark::from_char('_'), Some(Mark::Blank));
    /// assert_eq!(Mark::from_char('?'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Mark> {
        match c {
            ' ' | '_' => Some(Mark::Blank),
            'X' | 'x' => Some(Mark::X),
            'O' | 'o' => Some(Mark::O),
            _ => None,
        }
    }

    /// Whether the square holds a mark.
    ///
    /// ```
    /// use gridnote_bits::Mark;
    /// assert!(Mark::X.is_occupied());
    /// assert!(!Mark::Blank.is_occupied());
    /// ```
    #[must_use]
    pub const fn is_occupied(self) -> bool {
        !matches!(self, Mark::Blank)
    }
}

impl fmt::Display for Mark {
    /// The mark's character (see [`Mark::to_char`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        f.write_char(self.to_char())
    }
}

#[cfg(feature = "std")]
mod cells {
    use gridnote_board::Cell;

    use super::Mark;

    impl Mark {
        /// The mark for a board cell: `Empty` is blank, Player One's man `X`, Player
        /// Two's man `O`; void cells and kings have none.
        ///
        /// ```
        /// use gridnote_bits::Mark;
        /// use gridnote_bits::board::Cell;
        /// assert_eq!(Mark::from_cell(Cell::TWO), Some(Mark::O));
        /// assert_eq!(Mark::from_cell(Cell::Void), None);
        /// assert_eq!(Mark::from_cell(Cell::TWO_KING), None);
        /// ```
        #[must_use]
        pub const fn from_cell(cell: Cell) -> Option<Mark> {
            match cell {
                Cell::Empty => Some(Mark::Blank),
                Cell::OneMan => Some(Mark::X),
                Cell::TwoMan => Some(Mark::O),
                _ => None,
            }
        }
    }

    impl From<Mark> for Cell {
        /// `Blank` is [`Cell::Empty`], `X` is [`Cell::ONE`], `O` is [`Cell::TWO`].
        ///
        /// ```
        /// use gridnote_bits::Mark;
        /// use gridnote_bits::board::Cell;
        /// assert_eq!(Cell::from(Mark::X), Cell::ONE);
        /// ```
        fn from(mark: Mark) -> Cell {
            match mark {
                Mark::Blank => Cell::Empty,
                Mark::X => Cell::ONE,
                Mark::O => Cell::TWO,
            }
        }
    }
}
