//! The codes on gridnote-board's [`Board`]: checking the shape and cells, then the array
//! functions.

use gridnote_board::{Board, Cell, Role};

use crate::{CodeKind, Layout, MAX_CELLS, Mark, ModelError, dense, naive, ranked, symmetric};

/// The code of a 3×3 board under `kind`.
///
/// Checks, in order: the shape (3×3), every cell (the first void cell or king, row-major,
/// is named), the counts (X as many marks as O or one more), and for the dense and
/// symmetric codes that a game reaches the board.
///
/// # Errors
/// [`ModelError::Shape`], [`ModelError::Void`], [`ModelError::King`], [`ModelError::Counts`],
/// [`ModelError::Unreachable`].
///
/// ```
/// use gridnote_bits::{encode, ModelError, CodeKind};
/// use gridnote_bits::board::{Board, Cell};
/// // X . O / . . O / . X .
/// let mut board = Board::new(3, 3)?;
/// for (r, c, cell) in [(0, 0, Cell::ONE), (0, 2, Cell::TWO), (1, 2, Cell::TWO), (2, 1, Cell::ONE)] {
///     board.set(r, c, cell)?;
/// }
/// assert_eq!(encode(CodeKind::Ranked, &board), Ok(523));
/// assert_eq!(encode(CodeKind::Naive, &board), Ok(1894));
/// board.set(0, 1, Cell::Void)?;
/// assert_eq!(encode(CodeKind::Ranked, &board).unwrap_err().to_string(),
///            "cell b3 is not playable: the bit codes have only blank, X and O cells");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn encode(kind: CodeKind, board: &Board) -> Result<u32, ModelError> {
    let marks = marks3(kind, board)?;
    match kind {
        CodeKind::Ranked => ranked::encode(&marks),
        CodeKind::Naive => naive::encode(&marks),
        CodeKind::Dense => dense::encode(&marks),
        CodeKind::Symmetric => symmetric::encode(&marks),
    }
}

/// The 3×3 board of a code under `kind` (for `symmetric`, the canonical image).
///
/// # Errors
/// [`ModelError::OutOfRange`] above [`CodeKind::max`], [`ModelError::NaiveNoBoard`] for a
/// naive number that names no board.
///
/// ```
/// use gridnote_bits::{decode, CodeKind};
/// let board = decode(CodeKind::Ranked, 2749)?;
/// assert_eq!(board.draw(), "3 x x x\n2 _ _ _\n1 o o o\n  a b c\n");
/// assert_eq!(decode(CodeKind::Dense, 5478).unwrap_err().to_string(),
///            "code 5478 is out of range: the dense code runs from 0 to 5477");
/// # Ok::<(), gridnote_bits::ModelError>(())
/// ```
pub fn decode(kind: CodeKind, code: u32) -> Result<Board, ModelError> {
    let marks = match kind {
        CodeKind::Ranked => ranked::decode(code)?,
        CodeKind::Naive => naive::decode(code)?,
        CodeKind::Dense => dense::decode(code)?,
        CodeKind::Symmetric => symmetric::decode(code)?,
    };
    Ok(board_of(3, 3, &marks))
}

/// The code of a board of any shape with 1 to [`MAX_CELLS`] cells, in the generalised
/// layout of [`Layout`]: `ranked` and `naive` take every such shape (on 3×3 they are the
/// codes of [`encode`]), `dense` and `symmetric` only 3×3 (there they equal [`encode`]).
///
/// # Errors
/// [`ModelError::Size`] for more than [`MAX_CELLS`] cells, [`ModelError::Shape`] for the
/// dense and symmetric codes off 3×3, then as [`encode`].
///
/// ```
/// use gridnote_bits::{encode_rect, CodeKind, Layout};
/// use gridnote_bits::board::{Board, Cell};
/// let mut board = Board::new(3, 4)?; // Tomorrow's Tic-Tac-Toe
/// board.set(1, 1, Cell::ONE)?;
/// let code = encode_rect(CodeKind::Ranked, &board)?;
/// assert!(code <= Layout::TOMORROWS.max());
/// assert!(encode_rect(CodeKind::Dense, &board).is_err());
/// assert!(encode_rect(CodeKind::Ranked, &Board::new(5, 5)?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn encode_rect(kind: CodeKind, board: &Board) -> Result<u32, ModelError> {
    let layout = layout_of(kind, board.rows(), board.cols())?;
    if matches!(kind, CodeKind::Dense | CodeKind::Symmetric) {
        return encode(kind, board);
    }
    let mut buffer = [Mark::Blank; MAX_CELLS];
    let marks = read_marks(board, &mut buffer)?;
    if kind == CodeKind::Naive { layout.encode_naive(marks) } else { layout.encode(marks) }
}

/// The `rows × cols` board of a code in the generalised layout (see [`encode_rect`]).
///
/// # Errors
/// [`ModelError::Size`] unless the board has 1 to [`MAX_CELLS`] cells,
/// [`ModelError::Shape`] for the dense and symmetric codes off 3×3, then as [`decode`]
/// (with the layout's range).
///
/// ```
/// use gridnote_bits::{decode_rect, CodeKind};
/// let board = decode_rect(CodeKind::Ranked, 3, 4, 143_364)?;
/// assert_eq!(board.draw(), "3 x x x x\n2 x x o o\n1 o o o o\n  a b c d\n");
/// assert!(decode_rect(CodeKind::Ranked, 3, 4, 143_365).is_err());
/// # Ok::<(), gridnote_bits::ModelError>(())
/// ```
pub fn decode_rect(
    kind: CodeKind,
    rows: usize,
    cols: usize,
    code: u32,
) -> Result<Board, ModelError> {
    let layout = layout_of(kind, rows, cols)?;
    if matches!(kind, CodeKind::Dense | CodeKind::Symmetric) {
        return decode(kind, code);
    }
    let mut buffer = [Mark::Blank; MAX_CELLS];
    let marks = &mut buffer[..layout.cells()];
    if kind == CodeKind::Naive {
        layout.decode_naive(code, marks)?;
    } else {
        layout.decode(code, marks)?;
    }
    Ok(board_of(rows, cols, marks))
}

/// The layout of a `rows × cols` board for `kind`.
fn layout_of(kind: CodeKind, rows: usize, cols: usize) -> Result<Layout, ModelError> {
    let layout =
        rows.checked_mul(cols).and_then(Layout::new).ok_or(ModelError::Size { rows, cols })?;
    match kind {
        CodeKind::Dense | CodeKind::Symmetric if (rows, cols) != (3, 3) => {
            Err(ModelError::Shape { kind, rows, cols })
        }
        _ => Ok(layout),
    }
}

/// The marks of a 3×3 board.
fn marks3(kind: CodeKind, board: &Board) -> Result<[Mark; 9], ModelError> {
    if (board.rows(), board.cols()) != (3, 3) {
        return Err(ModelError::Shape { kind, rows: board.rows(), cols: board.cols() });
    }
    let mut marks = [Mark::Blank; 9];
    read_marks(board, &mut marks)?;
    Ok(marks)
}

/// Reads the marks of a board of at most `buffer.len()` cells into the front of
/// `buffer`; the first void cell or king (row-major) is an error.
fn read_marks<'a>(board: &Board, buffer: &'a mut [Mark]) -> Result<&'a [Mark], ModelError> {
    let marks = &mut buffer[..board.cells().len()];
    for (((row, col), cell), mark) in board.iter().zip(marks.iter_mut()) {
        *mark = match Mark::from_cell(cell) {
            Some(m) => m,
            None if cell == Cell::Void => {
                return Err(ModelError::Void { cell: board.cell_name(row, col) });
            }
            None => {
                debug_assert!(cell.piece().is_some_and(|p| p.role == Role::King));
                return Err(ModelError::King { cell: board.cell_name(row, col) });
            }
        };
    }
    Ok(marks)
}

/// A board of marks; the shape is checked by the caller.
fn board_of(rows: usize, cols: usize, marks: &[Mark]) -> Board {
    Board::from_fn(rows, cols, |r, c| Cell::from(marks[r * cols + c]))
        .expect("shape checked, one mark per cell")
}
