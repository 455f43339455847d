//! Where a board keeps its cells: inline, without allocating, for boards of at most
//! [`INLINE`] cells (tic-tac-toe's 3×3, Tomorrow's 3×4, 4×4), and in one heap
//! allocation beyond.
//!
//! Reading a small board is then allocation-free, where the allocator would otherwise be
//! a large share of a 3×3 read and of the direct verdict.

use crate::cell::Cell;

/// The most cells kept inline. 16 cells take 32 bytes, twice the heap form's pointer and
/// length, and cover every board of the tic-tac-toe family up to 4×4.
pub(crate) const INLINE: usize = 16;

/// [`INLINE`] cells kept in place, aligned as the heap form's pointer: the enum's bytes
/// before them are then padding in both forms, and moving a board copies its tag and the
/// two words after it (the pointer and length, or the cells), not the seven bytes after
/// the tag as well.
#[derive(Clone, Copy)]
#[repr(align(8))]
pub(crate) struct Small(pub(crate) [Cell; INLINE]);

/// The cells of a board in row-major order. The board knows the length (`rows × cols`);
/// inline cells past it are unused and never compared, hashed or shown.
#[derive(Clone)]
pub(crate) enum Cells {
    /// At most [`INLINE`] cells, stored in place.
    Inline(Small),
    /// More than [`INLINE`] cells.
    Heap(Box<[Cell]>),
}

impl Cells {
    /// `len` copies of `cell`.
    #[inline]
    pub(crate) fn filled(len: usize, cell: Cell) -> Cells {
        if len <= INLINE {
            Cells::Inline(Small([cell; INLINE]))
        } else {
            // `repeat_n` knows its length: one allocation, filled by a vectorised loop.
            Cells::Heap(core::iter::repeat_n(cell, len).collect())
        }
    }

    /// The cells of `cells`, moved to the heap form or copied inline.
    pub(crate) fn from_vec(cells: Vec<Cell>) -> Cells {
        if cells.len() <= INLINE { Cells::from_slice(&cells) } else { Cells::Heap(cells.into()) }
    }

    /// A copy of `cells`.
    #[inline]
    pub(crate) fn from_slice(cells: &[Cell]) -> Cells {
        if cells.len() <= INLINE {
            let mut inline = [Cell::Empty; INLINE];
            inline[..cells.len()].copy_from_slice(cells);
            Cells::Inline(Small(inline))
        } else {
            Cells::Heap(cells.into())
        }
    }

    /// The first `len` cells (all of them in the heap form).
    #[inline]
    pub(crate) fn as_slice(&self, len: usize) -> &[Cell] {
        match self {
            Cells::Inline(cells) => &cells.0[..len],
            Cells::Heap(cells) => cells,
        }
    }

    /// The first `len` cells, mutably.
    #[inline]
    pub(crate) fn as_mut_slice(&mut self, len: usize) -> &mut [Cell] {
        match self {
            Cells::Inline(cells) => &mut cells.0[..len],
            Cells::Heap(cells) => cells,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Cells, INLINE};
    use crate::cell::Cell;

    #[test]
    fn small_boards_are_inline_and_large_ones_on_the_heap() {
        assert!(matches!(Cells::filled(INLINE, Cell::Empty), Cells::Inline(_)));
        assert!(matches!(Cells::filled(INLINE + 1, Cell::Empty), Cells::Heap(_)));
        assert!(matches!(Cells::from_vec(vec![Cell::ONE; 9]), Cells::Inline(_)));
        let heap = Cells::from_vec(vec![Cell::TWO; 17]);
        assert!(matches!(heap, Cells::Heap(_)));
        assert_eq!(heap.as_slice(17), &[Cell::TWO; 17]);
        let mut inline = Cells::from_vec(vec![Cell::ONE, Cell::Void, Cell::TWO]);
        assert_eq!(inline.as_slice(3), &[Cell::ONE, Cell::Void, Cell::TWO]);
        inline.as_mut_slice(3)[1] = Cell::Empty;
        assert_eq!(inline.as_slice(3), &[Cell::ONE, Cell::Empty, Cell::TWO]);
    }
}
