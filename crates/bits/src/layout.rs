//! The ranked code's layout for any small board where players alternate: offset by occupied
//! count, then the lexicographic rank of the occupied cells, then the rank of the O's
//! among them. Also its naive variant.

use crate::combin::{MAX_CELLS, Ranker, Unranker, binomial};
use crate::error::ModelError;
use crate::kind::CodeKind;
use crate::mark::Mark;

/// `OFFSETS[N][n]` = Σ_{i<n} C(N, i)·C(i, ⌊i/2⌋) for `n ≤ N + 1`: the first code of the
/// boards of `N` cells with `n` occupied (and the total count at `n = N + 1`).
const OFFSETS: [[u32; MAX_CELLS + 2]; MAX_CELLS + 1] = {
    let mut table = [[0u32; MAX_CELLS + 2]; MAX_CELLS + 1];
    let mut cells = 0;
    while cells <= MAX_CELLS {
        let mut n = 0;
        while n <= cells {
            table[cells][n + 1] = table[cells][n] + boards(cells, n);
            n += 1;
        }
        cells += 1;
    }
    table
};

/// `NAIVE_MAX[N]`: the largest naive code of `N` cells, max over n of
/// `(N + 1)·(boards(N, n) − 1) + n`, checked to fit `u32` at compile time.
const NAIVE_MAX: [u32; MAX_CELLS + 1] = {
    let mut table = [0u32; MAX_CELLS + 1];
    let mut cells = 0;
    while cells <= MAX_CELLS {
        let mut n = 0;
        let mut max = 0u64;
        while n <= cells {
            let code = (cells as u64 + 1) * (boards(cells, n) as u64 - 1) + n as u64;
            if code > max {
                max = code;
            }
            n += 1;
        }
        assert!(max <= u32::MAX as u64, "naive codes must fit u32");
        table[cells] = max as u32;
        cells += 1;
    }
    table
};

/// The boards of `cells` cells with `occupied` marks and O = ⌊occupied/2⌋ of them.
const fn boards(cells: usize, occupied: usize) -> u32 {
    binomial(cells, occupied) * binomial(occupied, occupied / 2)
}

/// Bits needed to write every number below `count`.
const fn bits_for(count: u64) -> u32 {
    if count <= 1 { 0 } else { 64 - (count - 1).leading_zeros() }
}

/// The generalised code for a board of 1 to [`MAX_CELLS`] cells in row-major order.
///
/// Its domain is every board where O has ⌊occupied/2⌋ marks (X as many as O or one
/// more, as when players alternate and X starts). For `n` occupied cells there are
/// `C(N, n)·C(n, ⌊n/2⌋)` such boards, and the code is
///
/// ```text
/// offset(n) + rank(occupied cells among N) · C(n, ⌊n/2⌋) + rank(O's among the occupied)
/// ```
///
/// with `offset(n) = Σ_{i<n} C(N, i)·C(i, ⌊i/2⌋)` and lexicographic ranks of sorted
/// combinations; the codes cover exactly `0..count()`. On 9 cells it is the ranked
/// 13-bit code; on Tomorrow's 3×4 board it has 143,365 codes (18 bits).
///
/// Encoding and decoding are a few dozen table look-ups on a slice of [`Mark`]s, with no
/// allocation. The naive variant is `(N + 1) · (code − offset(n)) + n`.
///
/// ```
/// use gridnote_bits::{Layout, Mark::{self, Blank as B, O, X}};
/// let layout = Layout::TOMORROWS;
/// assert_eq!((layout.count(), layout.bits()), (143_365, 18));
/// let marks = [X, B, B, O, B, B, B, B, B, B, B, X];
/// let code = layout.encode(&marks)?;
/// let mut back = [B; 12];
/// layout.decode(code, &mut back)?;
/// assert_eq!(back, marks);
/// # Ok::<(), gridnote_bits::ModelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    cells: u8,
}

impl Layout {
    /// The 3×3 board: the ranked code of [`crate::ranked`].
    pub const TIC_TAC_TOE: Layout = Layout { cells: 9 };

    /// Tomorrow's Tic-Tac-Toe's 3×4 board.
    pub const TOMORROWS: Layout = Layout { cells: 12 };

    /// The layout of a board of `cells` cells, or `None` unless `1 ≤ cells ≤ MAX_CELLS`.
    ///
    /// ```
    /// use gridnote_bits::Layout;
    /// assert_eq!(Layout::new(9), Some(Layout::TIC_TAC_TOE));
    /// assert_eq!(Layout::new(0), None);
    /// ```
    #[must_use]
    pub const fn new(cells: usize) -> Option<Layout> {
        if cells >= 1 && cells <= MAX_CELLS { Some(Layout { cells: cells as u8 }) } else { None }
    }

    /// The number of cells.
    ///
    /// ```
    /// assert_eq!(gridnote_bits::Layout::TOMORROWS.cells(), 12);
    /// ```
    #[must_use]
    pub const fn cells(self) -> usize {
        self.cells as usize
    }

    /// The boards with `occupied` marks: `C(N, n)·C(n, ⌊n/2⌋)` (0 above `N`).
    ///
    /// ```
    /// use gridnote_bits::Layout;
    /// assert_eq!(Layout::TIC_TAC_TOE.boards_with(6), 1680);
    /// assert_eq!(Layout::TIC_TAC_TOE.boards_with(10), 0);
    /// ```
    #[must_use]
    pub const fn boards_with(self, occupied: usize) -> u32 {
        if occupied > self.cells() { 0 } else { boards(self.cells(), occupied) }
    }

    /// The first code of the boards with `occupied` marks (the count of all codes above
    /// `N`).
    ///
    /// ```
    /// use gridnote_bits::Layout;
    /// assert_eq!(Layout::TIC_TAC_TOE.offset(4), 334);
    /// assert_eq!(Layout::TIC_TAC_TOE.offset(9), 5920);
    /// ```
    #[must_use]
    pub const fn offset(self, occupied: usize) -> u32 {
        let n = if occupied > self.cells() { self.cells() + 1 } else { occupied };
        OFFSETS[self.cells()][n]
    }

    /// How many codes (and boards) there are: `Σ_n C(N, n)·C(n, ⌊n/2⌋)`.
    ///
    /// ```
    /// use gridnote_bits::Layout;
    /// assert_eq!(Layout::TIC_TAC_TOE.count(), 6046);
    /// assert_eq!(Layout::new(20).unwrap().count(), 741_365_049);
    /// ```
    #[must_use]
    pub const fn count(self) -> u32 {
        OFFSETS[self.cells()][self.cells() + 1]
    }

    /// The largest code, `count() − 1`.
    ///
    /// ```
    /// assert_eq!(gridnote_bits::Layout::TOMORROWS.max(), 143_364);
    /// ```
    #[must_use]
    pub const fn max(self) -> u32 {
        self.count() - 1
    }

    /// The bit width of the code: `⌈log2 count()⌉`.
    ///
    /// ```
    /// use gridnote_bits::Layout;
    /// assert_eq!(Layout::TIC_TAC_TOE.bits(), 13);
    /// assert_eq!(Layout::TOMORROWS.bits(), 18);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u32 {
        bits_for(self.count() as u64)
    }

    /// The largest naive code (not every smaller number is one).
    ///
    /// ```
    /// assert_eq!(gridnote_bits::Layout::TIC_TAC_TOE.naive_max(), 16796);
    /// ```
    #[must_use]
    pub const fn naive_max(self) -> u32 {
        NAIVE_MAX[self.cells()]
    }

    /// The bit width of the naive code.
    ///
    /// ```
    /// assert_eq!(gridnote_bits::Layout::TIC_TAC_TOE.naive_bits(), 15);
    /// ```
    #[must_use]
    pub const fn naive_bits(self) -> u32 {
        bits_for(self.naive_max() as u64 + 1)
    }

    /// The code of a board given as its marks, row-major.
    ///
    /// # Errors
    /// [`ModelError::CellCount`] when `marks` does not have [`Layout::cells`] marks,
    /// [`ModelError::Counts`] when O does not have ⌊occupied/2⌋ of them.
    ///
    /// ```
    /// use gridnote_bits::{ModelError, Layout, Mark::{Blank as B, O, X}};
    /// // The worked example of docs/bits.md: X . O / . . O / . X .
    /// assert_eq!(Layout::TIC_TAC_TOE.encode(&[X, B, O, B, B, O, B, X, B]), Ok(523));
    /// assert_eq!(Layout::TIC_TAC_TOE.encode(&[O, B, B, B, B, B, B, B, B]),
    ///            Err(ModelError::Counts { x: 0, o: 1 }));
    /// ```
    pub fn encode(self, marks: &[Mark]) -> Result<u32, ModelError> {
        let (occupied, rest) = self.split(marks)?;
        Ok(self.offset(occupied) + rest)
    }

    /// The naive code of a board: `(N + 1) · (code − offset(n)) + n`.
    ///
    /// # Errors
    /// As [`Layout::encode`].
    ///
    /// ```
    /// use gridnote_bits::{Layout, Mark::{Blank as B, O, X}};
    /// assert_eq!(Layout::TIC_TAC_TOE.encode_naive(&[X, B, O, B, B, O, B, X, B]), Ok(1894));
    /// ```
    pub fn encode_naive(self, marks: &[Mark]) -> Result<u32, ModelError> {
        let (occupied, rest) = self.split(marks)?;
        Ok((self.cells() as u32 + 1) * rest + occupied as u32)
    }

    /// Writes the board of `code` into `out` (row-major), which must have
    /// [`Layout::cells`] marks. On error `out` is left unchanged.
    ///
    /// # Errors
    /// [`ModelError::CellCount`] for a wrong `out` length, [`ModelError::OutOfRange`] for a
    /// code above [`Layout::max`].
    ///
    /// ```
    /// use gridnote_bits::{Layout, Mark::{self, Blank as B, O, X}};
    /// let mut out = [B; 9];
    /// Layout::TIC_TAC_TOE.decode(2749, &mut out)?;
    /// assert_eq!(out, [X, X, X, B, B, B, O, O, O]);
    /// assert!(Layout::TIC_TAC_TOE.decode(6046, &mut out).is_err());
    /// # Ok::<(), gridnote_bits::ModelError>(())
    /// ```
    pub fn decode(self, code: u32, out: &mut [Mark]) -> Result<(), ModelError> {
        self.check_len(out.len())?;
        if code > self.max() {
            return Err(self.out_of_range(CodeKind::Ranked, code, self.max()));
        }
        self.decode_in_range(code, out);
        Ok(())
    }

    /// Writes the board of a naive `code` into `out`. On error `out` is left unchanged.
    ///
    /// # Errors
    /// [`ModelError::CellCount`] for a wrong `out` length, [`ModelError::OutOfRange`] above
    /// [`Layout::naive_max`], [`ModelError::NaiveNoBoard`] for a number in range whose
    /// rank part (`code div (N + 1)`) is too large for its occupied count
    /// (`code mod (N + 1)`).
    ///
    /// ```
    /// use gridnote_bits::{ModelError, Layout, Mark::{self, Blank as B, O, X}};
    /// let mut out = [B; 9];
    /// Layout::TIC_TAC_TOE.decode_naive(1894, &mut out)?;
    /// assert_eq!(out, [X, B, O, B, B, O, B, X, B]);
    /// assert_eq!(
    ///     Layout::TIC_TAC_TOE.decode_naive(20, &mut out),
    ///     Err(ModelError::NaiveNoBoard { code: 20, cells: 9, occupied: 0, rank: 2, boards: 1 })
    /// );
    /// # Ok::<(), gridnote_bits::ModelError>(())
    /// ```
    pub fn decode_naive(self, code: u32, out: &mut [Mark]) -> Result<(), ModelError> {
        self.check_len(out.len())?;
        if code > self.naive_max() {
            return Err(self.out_of_range(CodeKind::Naive, code, self.naive_max()));
        }
        let base = self.cells() as u32 + 1;
        let occupied = (code % base) as usize;
        let rank = code / base;
        let boards = self.boards_with(occupied);
        if rank >= boards {
            return Err(ModelError::NaiveNoBoard {
                code,
                cells: self.cells(),
                occupied,
                rank,
                boards,
            });
        }
        self.place(occupied, rank, out);
        Ok(())
    }

    /// Writes the board of a code known to be in range.
    pub(crate) fn decode_in_range(self, code: u32, out: &mut [Mark]) {
        debug_assert!(code <= self.max() && out.len() == self.cells());
        // The occupied count is the last n whose offset is at most the code.
        let mut occupied = 0;
        while self.offset(occupied + 1) <= code {
            occupied += 1;
        }
        self.place(occupied, code - self.offset(occupied), out);
    }

    fn check_len(self, found: usize) -> Result<(), ModelError> {
        if found == self.cells() {
            Ok(())
        } else {
            Err(ModelError::CellCount { expected: self.cells(), found })
        }
    }

    const fn out_of_range(self, kind: CodeKind, code: u32, max: u32) -> ModelError {
        ModelError::OutOfRange { kind, cells: self.cells(), code, max }
    }

    /// The occupied count and the code within its block:
    /// `rank(occupied) · C(n, ⌊n/2⌋) + rank(O's)`.
    fn split(self, marks: &[Mark]) -> Result<(usize, u32), ModelError> {
        self.check_len(marks.len())?;
        let (mut x, mut o) = (0, 0);
        for &mark in marks {
            match mark {
                Mark::Blank => {}
                Mark::X => x += 1,
                Mark::O => o += 1,
            }
        }
        let occupied = x + o;
        if o != occupied / 2 {
            return Err(ModelError::Counts { x, o });
        }
        let mut cells = Ranker::new(self.cells(), occupied);
        let mut os = Ranker::new(occupied, o);
        let mut index = 0;
        for (i, &mark) in marks.iter().enumerate() {
            if mark.is_occupied() {
                cells.push(i);
                if mark == Mark::O {
                    os.push(index);
                }
                index += 1;
            }
        }
        Ok((occupied, cells.rank() * binomial(occupied, o) + os.rank()))
    }

    /// Writes the board with `occupied` marks whose code within its block is `rest`.
    fn place(self, occupied: usize, rest: u32, out: &mut [Mark]) {
        let o = occupied / 2;
        let per = binomial(occupied, o);
        out.fill(Mark::Blank);
        let mut os = Unranker::new(occupied, o, rest % per).peekable();
        for (index, cell) in Unranker::new(self.cells(), occupied, rest / per).enumerate() {
            out[cell] = if os.next_if_eq(&index).is_some() { Mark::O } else { Mark::X };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of boards and ranges per occupied count (docs/bits.md).
    #[test]
    fn boards_and_ranges_per_occupied_count() {
        let layout = Layout::TIC_TAC_TOE;
        let boards = [1, 9, 72, 252, 756, 1260, 1680, 1260, 630, 126];
        let starts = [0, 1, 10, 82, 334, 1090, 2350, 4030, 5290, 5920];
        for n in 0..=9 {
            assert_eq!(layout.boards_with(n), boards[n]);
            assert_eq!(layout.offset(n), starts[n]);
        }
        assert_eq!(layout.offset(10), 6046);
        assert_eq!(layout.count(), 6046);
    }

    #[test]
    fn counts_and_widths() {
        let expected: [(usize, u32, u32, u32, u32); 6] = [
            (1, 2, 1, 1, 1),
            (2, 5, 3, 5, 3),
            (9, 6046, 13, 16796, 15),
            (12, 143_365, 18, 450_445, 19),
            (16, 10_165_779, 24, 34_306_266, 26),
            (20, 741_365_049, 30, 2_793_510_713, 32),
        ];
        for (cells, count, bits, naive_max, naive_bits) in expected {
            let layout = Layout::new(cells).unwrap();
            assert_eq!(
                (layout.count(), layout.bits(), layout.naive_max(), layout.naive_bits()),
                (count, bits, naive_max, naive_bits),
                "{cells} cells"
            );
        }
    }
}
