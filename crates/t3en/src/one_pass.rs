//! The one-pass reader: one pass over the bytes of plainly well-formed T3EN, with
//! no error reporting at all.
//!
//! [`parse`] accepts a subset of what the grammar ([`crate::grammar`]) accepts and gives
//! the same result for it; on anything else (any error, and the rare well-formed texts it
//! does not bother with) it answers `None` and the caller reads the text with the grammar,
//! which then also names the error. The grammar stays the definition of T3EN; the tests
//! below (and the fuzz target of `fuzz/`) check that the two agree.
//!
//! Sizes are bounded as in the grammar: a count over 255 gives `None` as its digits are
//! read, and the board is made once, at the size the first row gives (at most 255 × 255):
//! nothing is ever written outside it, and a row of the wrong length is refused at its
//! end.

use gridnote_board::{Board, Cell, MAX_SIDE, Position};

use crate::alphabet::{CELL_OF, side_of};

/// Reads `text` as T3EN if it is plainly well formed: the position and whether every run
/// was canonical. `None` for anything else, and in strict mode for non-canonical runs.
///
/// The first row gives the side; the board is made once at its final size (in place,
/// without allocating, up to 4×4), and every run is written into place.
#[inline(always)]
pub(crate) fn parse(text: &str, strict: bool) -> Option<(Position, bool)> {
    parse_tracking::<true>(text, strict)
}

/// [`parse`] without telling canonical runs from others (`FromStr` reads leniently and
/// throws that away): the position, and `true`.
#[inline(always)]
pub(crate) fn parse_lenient(text: &str) -> Option<Position> {
    parse_tracking::<false>(text, false).map(|(position, _)| position)
}

/// [`parse`], tracking whether the runs are canonical only when `TRACK` is set (when it
/// is not, the answer is `true` and `strict` must be false).
///
/// The first row is read into cells on the stack, which gives the side. A board of up
/// to [`SMALL_BOARD`] cells is read there whole and made in one step; a larger one is
/// made at its final size, gets the first row, and the other rows are read into it. A
/// first row longer than the stack takes is counted first ([`first_row_len`]), and the
/// board read from the start.
#[inline(always)]
fn parse_tracking<const TRACK: bool>(text: &str, strict: bool) -> Option<(Position, bool)> {
    let bytes = text.as_bytes();
    let mut stack = [Cell::Empty; STACK];
    let mut runs = Runs::START;
    let board = match runs.first_row::<TRACK>(bytes, &mut stack)? {
        Some(side) if side * side <= SMALL_BOARD => {
            // The rest on the stack too, with room for a short run's SPILL cells anywhere.
            runs.runs::<TRACK, false>(bytes, side, &mut stack, side * side, STACK - SPILL)??;
            Board::from_small(side, side, *stack.first_chunk()?).ok()?
        }
        Some(side) => {
            let mut board = Board::new(side, side).ok()?;
            let cells = board.cells_mut();
            cells.get_mut(..side)?.copy_from_slice(stack.get(..side)?);
            rows::<TRACK>(&mut runs, bytes, side, cells)?;
            board
        }
        None => {
            let side = first_row_len(bytes)?;
            let mut board = Board::new(side, side).ok()?;
            runs = Runs::START;
            runs.row_end = side;
            rows::<TRACK>(&mut runs, bytes, side, board.cells_mut())?;
            board
        }
    };
    if strict && !runs.canonical {
        return None;
    }
    // t3en = rows SP side ; side = "x" / "o", and nothing after it
    let to_move = match bytes.get(runs.i..)? {
        [byte] => side_of(*byte)?,
        _ => return None,
    };
    Some((Position::new(board, to_move), runs.canonical))
}

/// Cells on the stack: a first row of up to `STACK - SPILL` cells, or a whole board of up
/// to [`SMALL_BOARD`] cells, with room for a short run's [`SPILL`] cells after it.
const STACK: usize = 64;

/// `rows = row *("/" row)` with exactly `side` rows of `side` cells into `cells`, from
/// where `runs` is to the space after the rows.
///
/// One pass over the whole board, a run at a time; every run is written, empty ones
/// included. While [`SPILL`] cells or more are left after a run's start, the run is
/// written as [`SPILL`] copies of its cell (one store): the cells past its end are
/// written again by the runs that follow, since a cell is last written by its own run.
/// The last cells of the board (all of a board under [`SPILL`] cells), and longer runs,
/// are written exactly. Rows are checked at their end (at each `/` and at the space): a
/// row longer than `side` spills into the next one and is refused there, and nothing is
/// written outside the board.
fn rows<const TRACK: bool>(
    runs: &mut Runs,
    bytes: &[u8],
    side: usize,
    cells: &mut [Cell],
) -> Option<()> {
    let len = cells.len();
    if let Some(limit) = len.checked_sub(SPILL) {
        if runs.runs::<TRACK, false>(bytes, side, cells, len, limit)?.is_some() {
            return Some(());
        }
    }
    runs.runs::<TRACK, true>(bytes, side, cells, len, 0)?.map(|_| ())
}

/// Where the reading is: the next byte, the next cell, the end of the current row,
/// whether the runs so far were canonical and the character of the previous run in this
/// row (0 before the first).
struct Runs {
    i: usize,
    at: usize,
    row_end: usize,
    canonical: bool,
    last: u8,
}

impl Runs {
    /// Before the first byte.
    const START: Runs = Runs { i: 0, at: 0, row_end: 0, canonical: true, last: 0 };

    /// The first row into `stack`, up to the `/` or the space after it (not read): its
    /// length, the side. `Some(None)` for a row longer than `STACK - SPILL` cells, whose
    /// length is not known yet.
    #[inline(always)]
    fn first_row<const TRACK: bool>(
        &mut self,
        bytes: &[u8],
        stack: &mut [Cell; STACK],
    ) -> Option<Option<usize>> {
        let Runs { mut i, mut at, mut canonical, mut last, .. } = *self;
        while at <= STACK - SPILL {
            // run = [count] cell ; count = %x31-39 *DIGIT
            let byte = *bytes.get(i)?;
            i += 1;
            if let Some(cell) = CELL_OF[usize::from(byte)] {
                if TRACK {
                    canonical &= byte != last;
                    last = byte;
                }
                *stack.get_mut(at)? = cell;
                at += 1;
            } else if byte.wrapping_sub(b'1') < 9 {
                let mut count = usize::from(byte - b'0');
                let mut next = *bytes.get(i)?;
                i += 1;
                match CELL_OF[usize::from(next)] {
                    Some(cell) => {
                        *stack.get_mut(at..)?.first_chunk_mut::<SPILL>()? = SPILLED[cell.index()];
                    }
                    None => {
                        (count, i, next) = long_count(bytes, i - 1, count)?;
                        let cell = CELL_OF[usize::from(next)]?;
                        match stack.get_mut(at..at + count) {
                            Some(run) => fill(run, cell),
                            None => return Some(None),
                        }
                    }
                }
                if TRACK {
                    canonical &= count != 1 && next != last;
                    last = next;
                }
                at += count;
            } else if (byte == b'/' || byte == b' ') && at > 0 {
                *self = Runs { i: i - 1, at, row_end: at, canonical, last };
                return Some(Some(at));
            } else {
                return None;
            }
        }
        Some(None)
    }

    /// Reads runs: without `TAIL` while the next run starts at or before `limit` (at
    /// least [`SPILL`] cells before the board's end), writing [`SPILL`] cells a run; with
    /// `TAIL` to the space after the rows, writing exactly the run's cells (the index
    /// after the space).
    #[inline(always)]
    fn runs<const TRACK: bool, const TAIL: bool>(
        &mut self,
        bytes: &[u8],
        side: usize,
        cells: &mut [Cell],
        len: usize,
        limit: usize,
    ) -> Option<Option<usize>> {
        let Runs { mut i, mut at, mut row_end, mut canonical, mut last } = *self;
        while TAIL || at <= limit {
            // run = [count] cell ; count = %x31-39 *DIGIT
            let byte = *bytes.get(i)?;
            i += 1;
            if let Some(cell) = CELL_OF[usize::from(byte)] {
                // Two runs of one kind in a row are one run, written in two parts.
                if TRACK {
                    canonical &= byte != last;
                    last = byte;
                }
                *cells.get_mut(at)? = cell;
                at += 1;
            } else if byte.wrapping_sub(b'1') < 9 {
                let mut count = usize::from(byte - b'0');
                let mut next = *bytes.get(i)?;
                i += 1;
                match CELL_OF[usize::from(next)] {
                    // One digit: at most 9 cells, within the SPILL cells left.
                    Some(cell) if !TAIL => {
                        *cells.get_mut(at..)?.first_chunk_mut::<SPILL>()? = SPILLED[cell.index()];
                    }
                    Some(cell) => fill(cells.get_mut(at..at + count)?, cell),
                    None => {
                        // A count of two digits or more: rarer, and out of the loop.
                        (count, i, next) = long_count(bytes, i - 1, count)?;
                        fill(cells.get_mut(at..at + count)?, CELL_OF[usize::from(next)]?);
                    }
                }
                // A count of 1 is written only in non-canonical text.
                if TRACK {
                    canonical &= count != 1 && next != last;
                    last = next;
                }
                at += count;
            } else if byte == b'/' {
                // "/" between rows: the row is full, and another one follows.
                if at != row_end || at == len {
                    return None;
                }
                row_end += side;
                if TRACK {
                    last = 0;
                }
            } else if byte == b' ' && at == row_end && at == len {
                // SP after the last row
                *self = Runs { i, at, row_end, canonical, last };
                return Some(Some(i));
            } else {
                return None;
            }
        }
        *self = Runs { i, at, row_end, canonical, last };
        Some(None)
    }
}

/// The count of two digits or more whose first digit, worth `first`, was at `i - 1`: its
/// value (up to 255), the index after the byte that follows it, and that byte.
#[cold]
#[inline(never)]
fn long_count(bytes: &[u8], mut i: usize, first: usize) -> Option<(usize, usize, u8)> {
    let mut count = first;
    loop {
        let byte = *bytes.get(i)?;
        i += 1;
        if !byte.is_ascii_digit() {
            return Some((count, i, byte));
        }
        count = count * 10 + usize::from(byte - b'0');
        if count > MAX_SIDE {
            return None;
        }
    }
}

/// The most cells of a board read on the stack and copied into place once.
const SMALL_BOARD: usize = Board::SMALL;

/// The cells a short run writes at once when the board has room (see [`rows`]).
const SPILL: usize = 16;

/// [`SPILL`] copies of each cell, by [`Cell::index`].
const SPILLED: [[Cell; SPILL]; Cell::COUNT] = {
    let mut table = [[Cell::Void; SPILL]; Cell::COUNT];
    let mut i = 0;
    while i < Cell::COUNT {
        table[i] = [Cell::ALL[i]; SPILL];
        i += 1;
    }
    table
};

/// Writes `cell` into every cell of `run` (the exact cells of a run near the end of the
/// board, or of a long one). Up to [`SPILL`] cells as two stores that may overlap, as
/// `memset` does for short lengths, without calling it.
#[inline(always)]
fn fill(run: &mut [Cell], cell: Cell) {
    let copies = &SPILLED[cell.index()];
    match run.len() {
        0 => {}
        1 => run[0] = cell,
        2..=3 => ends::<2>(run, copies),
        4..=7 => ends::<4>(run, copies),
        8..=SPILL => ends::<8>(run, copies),
        _ => run.fill(cell),
    }
}

/// The first and the last `K` cells of `run` (at least `K` long) from `copies`.
#[inline(always)]
fn ends<const K: usize>(run: &mut [Cell], copies: &[Cell; SPILL]) {
    let n = run.len();
    run[..K].copy_from_slice(&copies[..K]);
    run[n - K..].copy_from_slice(&copies[..K]);
}

/// The count whose first digit, worth `first`, was at `i - 1`: its value (1 to 255) and
/// the index after its last digit.
fn run_count(bytes: &[u8], mut i: usize, first: usize) -> Option<(usize, usize)> {
    let mut count = first;
    while let Some(&digit @ b'0'..=b'9') = bytes.get(i) {
        count = count * 10 + usize::from(digit - b'0');
        if count > MAX_SIDE {
            return None;
        }
        i += 1;
    }
    Some((count, i))
}

/// The number of cells of the first row (1 to 255), read up to its `/` or space; `None`
/// if it is not plainly a row.
fn first_row_len(bytes: &[u8]) -> Option<usize> {
    let mut len = 0usize;
    let mut i = 0;
    loop {
        let &byte = bytes.get(i)?;
        i += 1;
        if CELL_OF[usize::from(byte)].is_some() {
            len += 1;
        } else if byte.wrapping_sub(b'1') < 9 {
            let (count, next) = run_count(bytes, i, usize::from(byte - b'0'))?;
            // The count must be followed by a cell.
            CELL_OF[usize::from(*bytes.get(next)?)]?;
            i = next + 1;
            len += count;
        } else if (byte == b'/' || byte == b' ') && len > 0 {
            return Some(len);
        } else {
            return None;
        }
        if len > MAX_SIDE {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use quickcheck::{Arbitrary, Gen};
    use quickcheck_macros::quickcheck;

    use super::{parse, parse_lenient};
    use crate::grammar;

    /// The fast path agrees with the grammar wherever it answers, in both modes.
    /// ... and the lenient reader that does not track canonical runs reads exactly what
    /// the tracking one reads leniently, to the same position.
    fn agrees(text: &str) -> bool {
        let lenient = parse_lenient(text) == parse(text, false).map(|(position, _)| position);
        lenient
            && [false, true].into_iter().all(|strict| match parse(text, strict) {
                Some(fast) => grammar::parse(text, strict).as_ref() == Ok(&fast),
                None => true,
            })
    }

    #[test]
    fn reads_the_plain_texts_and_leaves_the_rest_to_the_grammar() {
        for text in [
            "2_o/_x_/3_ x",
            "_ox/2_o/_2x o",
            "x o",
            "255_/255_ x",
            "3x/o_o/3_ o",
            "1_1_o/_x_/___ x",
            ".3_./5_/.3_./5_/.3_. o",
        ] {
            assert_eq!(parse(text, false).is_some(), text != "255_/255_ x", "{text}");
            assert!(agrees(text), "{text}");
        }
        assert_eq!(parse("1_1_o/_x_/___ x", false).map(|(_, c)| c), Some(false));
        assert_eq!(parse("1_1_o/_x_/___ x", true), None);
        for bad in [
            "",
            " x",
            "3_/3_/3_",
            "3_/3_/3_ ",
            "3_/3_/3_ xx",
            "3_/3_/3_  x",
            "3_/4_/3_ x",
            "3_/3_ x",
            "3_/3_/3_/3_ x",
            "3_//3_ x",
            "0_ x",
            "03_ x",
            "256_ x",
            "3_/3_/3X x",
            "3_/3_/3_ X",
            "3_/3_/3_x",
            "3/3_/3_ x",
            "3_/3_/3_ x\n",
        ] {
            assert_eq!(parse(bad, false), None, "{bad:?}");
            assert!(agrees(bad), "{bad:?}");
        }
    }

    /// Text made of T3EN's own characters, where the two paths could disagree.
    #[derive(Clone, Debug)]
    struct Near(String);

    impl Arbitrary for Near {
        fn arbitrary(g: &mut Gen) -> Near {
            const PIECES: [&str; 12] = ["_", ".", "x", "o", "/", " ", "1", "2", "3", "9", "0", "X"];
            let len = usize::arbitrary(g) % 24;
            Near((0..len).map(|_| *g.choose(&PIECES).expect("not empty")).collect())
        }
    }

    #[quickcheck]
    fn agrees_on_near_t3en_text(text: Near) -> bool {
        agrees(&text.0)
    }

    #[quickcheck]
    fn agrees_on_any_text(text: String) -> bool {
        agrees(&text)
    }

    /// A square position of side 1 to 20, any T3EN cells.
    #[derive(Clone, Debug)]
    struct Square(gridnote_board::Position);

    impl Arbitrary for Square {
        fn arbitrary(g: &mut Gen) -> Square {
            use gridnote_board::arbitrary::{board_with, in_range};
            use gridnote_board::{Cell, Player, Position};
            let side = in_range(g, 1, 20);
            let cells = [Cell::Void, Cell::Empty, Cell::ONE, Cell::TWO];
            Square(Position::new(board_with(g, side, side, &cells), Player::arbitrary(g)))
        }
    }

    #[quickcheck]
    fn reads_every_canonical_text(square: Square) -> bool {
        let t3en = crate::T3en::new(square.0.clone()).expect("square, no kings");
        parse(&t3en.to_string(), true) == Some((square.0, true))
    }

    use gridnote_board::{Board, Cell, Player, Position};

    /// The canonical text of `board` with `x` to move.
    fn text_of(board: &Board) -> String {
        crate::T3en::new(Position::new(board.clone(), Player::One)).expect("square").to_string()
    }

    /// Reads `text` in every mode and checks the answer is `board` (canonical as said).
    fn reads_to(text: &str, board: &Board, canonical: bool) -> bool {
        let position = Position::new(board.clone(), Player::One);
        parse(text, false) == Some((position.clone(), canonical))
            && parse_lenient(text) == Some(position.clone())
            && parse(text, true) == canonical.then_some((position, true))
            && agrees(text)
    }

    /// A run of every kind and length (up to 20, and the longest the row allows) starting
    /// at every cell of boards of side 1 to 20 (rows of exactly 8 and 16 cells included):
    /// every offset of a run from the end of the board, where runs stop being written
    /// [`super::SPILL`] cells at a time, and runs across a chunk of [`super::SPILL`] cells.
    #[test]
    fn a_run_reads_at_every_offset() {
        for side in 1..=20 {
            for start in 0..side * side {
                let room = side - start % side;
                for len in (1..=room.min(20)).chain([room]) {
                    for (cell, fill) in [(Cell::ONE, Cell::Empty), (Cell::Empty, Cell::TWO)] {
                        let mut board = Board::filled(side, side, fill).unwrap();
                        board.cells_mut()[start..start + len].fill(cell);
                        let text = text_of(&board);
                        assert!(reads_to(&text, &board, true), "{text}");
                    }
                }
            }
        }
    }

    /// Counts of two and three digits, 1-counts and split runs (non-canonical), and runs
    /// of one cell, at every place of a row of 8, 16, 17 and 200 cells.
    #[test]
    fn long_counts_split_runs_and_single_cells_read_anywhere() {
        for side in [8, 16, 17, 200] {
            for start in 0..side {
                let mut board = Board::new(side, side).unwrap();
                let row = side / 2;
                let cells = &mut board.cells_mut()[row * side..(row + 1) * side];
                cells[start..].fill(Cell::Void);
                let text = text_of(&board);
                assert!(reads_to(&text, &board, true), "{text}");
                // The same row with its void run split in two, or with a count of 1.
                let rows: Vec<&str> = text.split(['/', ' ']).collect();
                let run = side - start;
                for spelled in [format!("{}.1.", run - 1), format!("{run}."), ".".repeat(run)] {
                    let mut changed = rows.clone();
                    let row_text = if start == 0 {
                        spelled.clone()
                    } else {
                        format!(
                            "{}{spelled}",
                            if start == 1 { "_".into() } else { format!("{start}_") }
                        )
                    };
                    if run == 1 && spelled != "." {
                        continue;
                    }
                    changed[row] = &row_text;
                    let side_text = changed.pop().unwrap();
                    let text = format!("{} {side_text}", changed.join("/"));
                    let canonical = row_text == rows[row];
                    assert!(reads_to(&text, &board, canonical), "{text}");
                }
            }
        }
    }

    /// First rows on each side of the most the stack takes (`STACK - SPILL` cells): single
    /// cells, and runs of several lengths ending at every cell from a little before that
    /// to a little past the stack (counts of two digits crossing both).
    #[test]
    fn first_rows_around_the_stack_read() {
        let most = super::STACK - super::SPILL;
        for side in (most - 3..=most + 3).chain([super::STACK, super::STACK + 1, 100]) {
            let mut boards = Vec::new();
            let alternating =
                |r: usize, c: usize| if (r + c) % 2 == 0 { Cell::ONE } else { Cell::TWO };
            boards.push(Board::from_fn(side, side, alternating).unwrap());
            for end in most - 10..=side.min(super::STACK + 10) {
                for len in [1, 2, 9, 10, 11, end.min(40), end] {
                    if len > end {
                        continue;
                    }
                    let mut board = Board::from_fn(side, side, alternating).unwrap();
                    board.cells_mut()[end - len..end].fill(Cell::Void);
                    boards.push(board);
                }
            }
            for board in &boards {
                let text = text_of(board);
                assert!(reads_to(&text, board, true), "{text}");
            }
        }
    }

    /// A row one cell longer or shorter than the others, at every row of boards of side 1
    /// to 20 (longer by a single cell or by a counted run, before or after the spilled
    /// part of the board): never read, and left to the grammar.
    #[test]
    fn a_row_of_the_wrong_length_is_left_to_the_grammar() {
        for side in 1..=20 {
            let board = Board::new(side, side).unwrap();
            let text = text_of(&board);
            let (rows, to_move) = text.split_once(' ').unwrap();
            let rows: Vec<&str> = rows.split('/').collect();
            for r in 0..side {
                for (extra, changed) in [
                    ("x", format!("{}x", rows[r])),
                    ("2x", format!("{}2x", rows[r])),
                    ("shorter", if side > 1 { format!("{}_", side - 1) } else { String::new() }),
                    ("shorter x", if side > 1 { format!("{}x", side - 1) } else { String::new() }),
                ] {
                    let mut all = rows.clone();
                    all[r] = &changed;
                    let bad = format!("{} {to_move}", all.join("/"));
                    assert_eq!(parse(&bad, false), None, "{extra}: {bad}");
                    assert!(agrees(&bad), "{bad}");
                }
                // One row a cell longer and the next a cell shorter: the right number of
                // cells, in rows of the wrong lengths.
                if side > 1 && r + 1 < side {
                    let mut all: Vec<String> = rows.iter().map(|row| row.to_string()).collect();
                    all[r] = format!("{}_", side + 1);
                    all[r + 1] = format!("{}_", side - 1);
                    let bad = format!("{} {to_move}", all.join("/"));
                    assert_eq!(parse(&bad, false), None, "{bad}");
                    assert!(agrees(&bad), "{bad}");
                }
            }
        }
    }

    /// A square board of side 1 to 24 made of runs of random kinds and lengths (short
    /// ones and ones up to a row long), so that long runs and chunk edges come up.
    #[derive(Clone, Debug)]
    struct Runs(Board);

    impl Arbitrary for Runs {
        fn arbitrary(g: &mut Gen) -> Runs {
            use gridnote_board::arbitrary::in_range;
            let side = in_range(g, 1, 24);
            let kinds = [Cell::Void, Cell::Empty, Cell::ONE, Cell::TWO];
            let mut cells = Vec::with_capacity(side * side);
            while cells.len() < side * side {
                let cell = *g.choose(&kinds).expect("not empty");
                let len =
                    if bool::arbitrary(g) { in_range(g, 1, 3) } else { in_range(g, 1, 2 * side) };
                cells.extend(core::iter::repeat_n(cell, len));
            }
            cells.truncate(side * side);
            Runs(Board::from_cells(side, side, cells).expect("square"))
        }
    }

    #[quickcheck]
    fn reads_every_board_of_runs(runs: Runs) -> bool {
        reads_to(&text_of(&runs.0), &runs.0, true)
    }

    /// The canonical text of a board of runs with up to three bytes replaced, inserted or
    /// removed (T3EN's own characters): the fast reader agrees with the grammar.
    #[quickcheck]
    fn agrees_on_mutated_boards(runs: Runs, edits: Vec<(u16, u8, u8)>) -> bool {
        const PIECES: &[u8] = b"_.xo/ 0123456789X";
        let mut text = text_of(&runs.0).into_bytes();
        for &(at, what, byte) in edits.iter().take(3) {
            let at = usize::from(at) % (text.len() + 1);
            let byte = PIECES[usize::from(byte) % PIECES.len()];
            match what % 3 {
                0 if at < text.len() => text[at] = byte,
                1 => text.insert(at, byte),
                _ if at < text.len() => {
                    text.remove(at);
                }
                _ => {}
            }
        }
        agrees(&String::from_utf8(text).expect("ASCII"))
    }
}
