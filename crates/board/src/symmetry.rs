//! The symmetries of a board: the 8 of a square (the dihedral group D4), the 4 of a
//! non-square rectangle; transforming boards and finding the canonical image.

use core::cmp::Ordering;

use crate::board::Board;

/// A symmetry of a rectangle, as a map from each cell to its image.
///
/// Each is an optional transpose followed by optional flips of rows and columns. The four
/// that transpose ([`Rotate90`](Symmetry::Rotate90), [`Rotate270`](Symmetry::Rotate270),
/// [`Transpose`](Symmetry::Transpose), [`AntiTranspose`](Symmetry::AntiTranspose)) turn a
/// `rows × cols` board into a `cols × rows` one, so they are symmetries only of a square.
///
/// ```
/// use gridnote_board::{Board, Cell, Symmetry};
/// let mut board = Board::new(3, 3)?;
/// board.set(0, 0, Cell::ONE)?; // top-left
/// let turned = board.transform(Symmetry::Rotate90);
/// assert_eq!(turned.get(0, 2), Some(Cell::ONE)); // top-right after a quarter turn clockwise
/// assert_eq!(Symmetry::Rotate90.then(Symmetry::Rotate270), Symmetry::Identity);
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Symmetry {
    /// Leaves every cell where it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn anticlockwise.
    Rotate270,
    /// Mirror left-right (columns reversed).
    FlipHorizontal,
    /// Mirror top-bottom (rows reversed).
    FlipVertical,
    /// Reflect in the main diagonal (row and column swapped).
    Transpose,
    /// Reflect in the anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight symmetries of a square.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The four symmetries of any rectangle (those that keep the shape).
    pub const RECTANGLE: [Symmetry; 4] =
        [Symmetry::Identity, Symmetry::Rotate180, Symmetry::FlipHorizontal, Symmetry::FlipVertical];

    /// The symmetries of a `rows × cols` board: all 8 when square, else 4.
    ///
    /// ```
    /// use gridnote_board::Symmetry;
    /// assert_eq!(Symmetry::of_shape(3, 3).len(), 8);
    /// assert_eq!(Symmetry::of_shape(3, 4).len(), 4);
    /// ```
    #[must_use]
    pub fn of_shape(rows: usize, cols: usize) -> &'static [Symmetry] {
        if rows == cols { &Symmetry::ALL } else { &Symmetry::RECTANGLE }
    }

    /// (transpose, flip rows, flip columns), applied in that order.
    const fn parts(self) -> (bool, bool, bool) {
        match self {
            Symmetry::Identity => (false, false, false),
            Symmetry::Rotate90 => (true, false, true),
            Symmetry::Rotate180 => (false, true, true),
            Symmetry::Rotate270 => (true, true, false),
            Symmetry::FlipHorizontal => (false, false, true),
            Symmetry::FlipVertical => (false, true, false),
            Symmetry::Transpose => (true, false, false),
            Symmetry::AntiTranspose => (true, true, true),
        }
    }

    const fn from_parts(parts: (bool, bool, bool)) -> Symmetry {
        match parts {
            (false, false, false) => Symmetry::Identity,
            (true, false, true) => Symmetry::Rotate90,
            (false, true, true) => Symmetry::Rotate180,
            (true, true, false) => Symmetry::Rotate270,
            (false, false, true) => Symmetry::FlipHorizontal,
            (false, true, false) => Symmetry::FlipVertical,
            (true, false, false) => Symmetry::Transpose,
            (true, true, true) => Symmetry::AntiTranspose,
        }
    }

    /// Whether this symmetry swaps rows and columns (and so the board's shape).
    ///
    /// ```
    /// use gridnote_board::Symmetry;
    /// assert!(Symmetry::Rotate90.swaps_sides());
    /// assert!(!Symmetry::Rotate180.swaps_sides());
    /// ```
    #[must_use]
    pub const fn swaps_sides(self) -> bool {
        self.parts().0
    }

    /// This symmetry followed by `next`.
    ///
    /// ```
    /// use gridnote_board::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.then(Symmetry::Rotate90), Symmetry::Rotate180);
    /// assert_eq!(Symmetry::FlipHorizontal.then(Symmetry::FlipVertical), Symmetry::Rotate180);
    /// ```
    #[must_use]
    pub const fn then(self, next: Symmetry) -> Symmetry {
        let (s1, r1, c1) = self.parts();
        let (s2, r2, c2) = next.parts();
        // A transpose after flips turns a row flip into a column flip and back.
        let (r1, c1) = if s2 { (c1, r1) } else { (r1, c1) };
        Symmetry::from_parts((s1 ^ s2, r1 ^ r2, c1 ^ c2))
    }

    /// The symmetry that undoes this one.
    ///
    /// ```
    /// use gridnote_board::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.inverse(), Symmetry::Rotate270);
    /// assert_eq!(Symmetry::Transpose.inverse(), Symmetry::Transpose);
    /// ```
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// Where (row, col) of a `rows × cols` board goes.
    ///
    /// ```
    /// use gridnote_board::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.apply(0, 0, 3, 3), (0, 2));
    /// assert_eq!(Symmetry::FlipVertical.apply(0, 1, 3, 4), (2, 1));
    /// ```
    #[must_use]
    pub const fn apply(self, row: usize, col: usize, rows: usize, cols: usize) -> (usize, usize) {
        let (swap, flip_rows, flip_cols) = self.parts();
        let (mut r, mut c, out_rows, out_cols) =
            if swap { (col, row, cols, rows) } else { (row, col, rows, cols) };
        if flip_rows {
            r = out_rows - 1 - r;
        }
        if flip_cols {
            c = out_cols - 1 - c;
        }
        (r, c)
    }
}

impl Board {
    /// The image of this board under `symmetry` (a transposing symmetry swaps the sides).
    ///
    /// ```
    /// use gridnote_board::{Board, Cell, Symmetry};
    /// let board = Board::from_cells(1, 2, vec![Cell::ONE, Cell::Empty])?;
    /// let image = board.transform(Symmetry::Transpose);
    /// assert_eq!((image.rows(), image.cols()), (2, 1));
    /// assert_eq!(image.get(0, 0), Some(Cell::ONE));
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn transform(&self, symmetry: Symmetry) -> Board {
        let mut image = self.clone();
        self.transform_into(symmetry, &mut image);
        image
    }

    /// Writes the image under `symmetry` into `out`, reusing its storage.
    fn transform_into(&self, symmetry: Symmetry, out: &mut Board) {
        let (rows, cols) = (self.rows(), self.cols());
        let (out_rows, out_cols) = if symmetry.swaps_sides() { (cols, rows) } else { (rows, cols) };
        if out.rows() != out_rows || out.cols() != out_cols {
            *out = self.clone();
            out.swap_sides();
        }
        let cells = out.cells_mut();
        for ((r, c), cell) in self.iter() {
            let (r2, c2) = symmetry.apply(r, c, rows, cols);
            cells[r2 * out_cols + c2] = cell;
        }
    }

    /// The canonical image: the least image among [`Symmetry::of_shape`], comparing
    /// cells in row-major order by [`Cell::rank`](crate::Cell::rank); with the symmetry
    /// that produces it (the first in [`Symmetry::ALL`] order on ties).
    ///
    /// ```
    /// use gridnote_board::{Board, Cell, Symmetry};
    /// let mut board = Board::new(3, 3)?;
    /// board.set(2, 2, Cell::ONE)?; // bottom-right corner
    /// let (canonical, symmetry) = board.canonical();
    /// // Empty (rank 1) sorts before x (rank 2), so the least image keeps the x as late
    /// // as possible in row-major order: the bottom-right corner.
    /// assert_eq!(canonical.get(2, 2), Some(Cell::ONE));
    /// assert_eq!(symmetry, Symmetry::Identity);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn canonical(&self) -> (Board, Symmetry) {
        let mut best = self.clone();
        let mut best_symmetry = Symmetry::Identity;
        let mut scratch = self.clone();
        for &symmetry in &Symmetry::of_shape(self.rows(), self.cols())[1..] {
            self.transform_into(symmetry, &mut scratch);
            if scratch.cells().cmp(best.cells()) == Ordering::Less {
                core::mem::swap(&mut best, &mut scratch);
                best_symmetry = symmetry;
            }
        }
        (best, best_symmetry)
    }
}
