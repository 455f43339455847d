//! The T3EN grammar as winnow parsers, one function per production, each commented with
//! the rule it implements (the ABNF of `docs/t3en.md`).
//!
//! ```text
//! t3en  = rows SP side
//! rows  = row *("/" row)          ; 1 to 255 rows
//! row   = 1*run                   ; 1 to 255 cells
//! run   = [count] cell
//! count = %x31-39 *DIGIT          ; 1 to 255
//! cell  = "_" / "." / "x" / "o"
//! side  = "x" / "o"
//! ```
//!
//! and the grid is square: every row has as many cells as there are rows.
//!
//! Sizes are bounded as they are read: a count over 255, a row over 255 cells or a 256th
//! row is an error before any cell of it is stored, so the cells never exceed 255 × 255
//! whatever the input. Only the token productions (`count`, `cell`, `run`) backtrack,
//! and only inside `opt`; every other failure is a [`ParseError`] that ends the parse.

use core::iter::repeat_n;
use core::ops::Range;

use gridnote_board::{Board, Cell, MAX_SIDE, Player, Position};
use gridnote_text::number::{NumberError, parse_decimal};
use winnow::Parser;
use winnow::combinator::{opt, peek};
use winnow::error::ParserError;
use winnow::stream::{LocatingSlice, Location, Stream};
use winnow::token::{any, rest, take_while};

use crate::alphabet::{cell_of_char, push_run, side_of};
use crate::error::ParseError;

/// The input: the text, with byte offsets for spans.
type Input<'i> = LocatingSlice<&'i str>;

/// How a production fails: `Backtrack` (nothing of this production here; `opt` tries
/// the alternative) or `Cut` (a syntax error that ends the parse).
#[derive(Debug)]
enum Fail {
    Backtrack,
    Cut(ParseError),
}

impl<I: Stream> ParserError<I> for Fail {
    type Inner = Fail;

    fn from_input(_input: &I) -> Fail {
        Fail::Backtrack
    }

    fn into_inner(self) -> Result<Fail, Fail> {
        Ok(self)
    }

    fn is_backtrack(&self) -> bool {
        matches!(self, Fail::Backtrack)
    }
}

type PResult<T> = Result<T, Fail>;

/// Ends the parse with `error`.
fn cut<T>(error: ParseError) -> PResult<T> {
    Err(Fail::Cut(error))
}

/// Reads `text` as T3EN: the position, and whether every run was canonical. With
/// `strict`, a non-canonical run is an error.
pub(crate) fn parse(text: &str, strict: bool) -> Result<(Position, bool), ParseError> {
    let mut input = Input::new(text);
    let mut reader = Reader { strict, canonical: true, cells: Vec::new(), rows: Vec::new() };
    match t3en(&mut input, &mut reader) {
        Ok(position) => Ok((position, reader.canonical)),
        Err(Fail::Cut(error)) => Err(error),
        // Not reached: the productions that backtrack are only called inside `opt`. Were
        // one to escape, the text from where it stopped is what could not be read.
        Err(Fail::Backtrack) => {
            let at = input.current_token_start();
            Err(ParseError::TrailingText { span: at..text.len() })
        }
    }
}

/// What has been read so far.
struct Reader {
    /// Reject non-canonical runs.
    strict: bool,
    /// Every run so far was canonical.
    canonical: bool,
    /// The cells of the rows read, row-major. At most 255 × 255 (each row and the number
    /// of rows are bounded before cells are added).
    cells: Vec<Cell>,
    /// The rows read (at most 255).
    rows: Vec<RowShape>,
}

/// A row that has been read.
struct RowShape {
    /// Its text.
    span: Range<usize>,
    /// Its cells (at most 255).
    len: usize,
    /// Where its last run starts, when that run is a lone `x` or `o` (no count): the side
    /// to move, if the space before it was forgotten.
    bare_piece: Option<usize>,
}

/// One run: a cell and how many times it repeats.
struct Run {
    cell: Cell,
    len: usize,
    /// Whether a count was written.
    counted: bool,
    span: Range<usize>,
}

/// Consecutive runs of the same cell, which canonical T3EN writes as one run.
struct Group {
    cell: Cell,
    len: usize,
    span: Range<usize>,
    /// One run, without a count of 1.
    canonical: bool,
}

impl Group {
    fn new(run: &Run) -> Group {
        Group {
            cell: run.cell,
            len: run.len,
            span: run.span.clone(),
            canonical: !(run.counted && run.len == 1),
        }
    }
}

impl Reader {
    /// Adds `run` to `group` if it has the same cell; otherwise finishes the group and
    /// starts a new one.
    fn group(&mut self, group: Option<Group>, run: &Run) -> PResult<Group> {
        match group {
            Some(mut group) if group.cell == run.cell => {
                group.len += run.len;
                group.span.end = run.span.end;
                group.canonical = false;
                Ok(group)
            }
            Some(group) => {
                self.finish(group)?;
                Ok(Group::new(run))
            }
            None => Ok(Group::new(run)),
        }
    }

    /// Records whether a group was canonical; in strict mode one that is not is an error
    /// naming the canonical spelling.
    fn finish(&mut self, group: Group) -> PResult<()> {
        if group.canonical {
            return Ok(());
        }
        if self.strict {
            let mut canonical = String::new();
            push_run(&mut canonical, group.cell, group.len);
            return cut(ParseError::NonCanonical { span: group.span, canonical });
        }
        self.canonical = false;
        Ok(())
    }
}

/// t3en = rows SP side
///
/// (plus the square check between the rows and the space, and nothing after the side).
fn t3en(input: &mut Input<'_>, reader: &mut Reader) -> PResult<Position> {
    rows(input, reader)?;
    glued_side(input, reader)?;
    let side_len = square(reader)?;
    separator(input)?;
    let to_move = side(input)?;
    end(input)?;
    let cells = core::mem::take(&mut reader.cells);
    let board = Board::from_cells(side_len, side_len, cells)
        .expect("the rows were checked: 1 to 255 rows of as many cells each");
    Ok(Position::new(board, to_move))
}

/// rows = row *("/" row)          ; 1 to 255 rows
fn rows(input: &mut Input<'_>, reader: &mut Reader) -> PResult<()> {
    row(input, reader)?;
    while let Some(slash) = opt('/'.span()).parse_next(input)? {
        if reader.rows.len() == MAX_SIDE {
            let more = peek(take_while(0.., |c| c == '/' || starts_run(c))).parse_next(input)?;
            return cut(ParseError::TooManyRows { span: slash.start..slash.end + more.len() });
        }
        row(input, reader)?;
    }
    Ok(())
}

/// row = 1*run                   ; 1 to 255 cells
fn row(input: &mut Input<'_>, reader: &mut Reader) -> PResult<()> {
    let number = reader.rows.len() + 1;
    let start = input.current_token_start();
    let mut len = 0;
    let mut group = None;
    let mut bare_piece = None;
    while let Some(run) = opt(run).parse_next(input)? {
        len += run.len;
        if len > MAX_SIDE {
            return cut(ParseError::RowTooLong { span: start..run.span.end, row: number });
        }
        bare_piece = (!run.counted && run.cell.player().is_some()).then_some(run.span.start);
        group = Some(reader.group(group, &run)?);
        reader.cells.extend(repeat_n(run.cell, run.len));
    }
    let end = input.current_token_start();
    if let Some(group) = group {
        reader.finish(group)?;
    }
    row_end(input, number, len == 0)?;
    if number == 1 {
        // The grid is square: expect `len` rows of `len` cells (at most 255 × 255).
        reader.cells.reserve(len * len - len);
    }
    reader.rows.push(RowShape { span: start..end, len, bare_piece });
    Ok(())
}

/// What may follow a row: "/" (the next row), SP (the side to move) or the end of the
/// input. Anything else, or a row with no runs, is an error.
fn row_end(input: &mut Input<'_>, row: usize, empty: bool) -> PResult<()> {
    let at = input.current_token_start();
    match input.peek_token() {
        Some('/' | ' ') | None if !empty => Ok(()),
        None if at == 0 => cut(ParseError::Empty { span: 0..0 }),
        Some(' ') if at == 0 => {
            let spaces = peek(take_while(1.., ' ')).parse_next(input)?;
            cut(ParseError::ExtraSpace { span: 0..spaces.len() })
        }
        Some('/' | ' ') | None => cut(ParseError::EmptyRow { span: at..at, row }),
        Some(found) => cut(unexpected(at, found, row)),
    }
}

/// The error for `found` at `at`, where a run, `/` or a space could be.
fn unexpected(at: usize, found: char, row: usize) -> ParseError {
    let span = at..at + found.len_utf8();
    match found {
        'X' | 'O' => ParseError::UppercasePiece { span, found },
        _ => ParseError::UnknownCharacter { span, found, row },
    }
}

/// Whether `c` can start a run: a digit or a cell.
fn starts_run(c: char) -> bool {
    c.is_ascii_digit() || cell_of_char(c).is_some()
}

/// run = [count] cell
///
/// Backtracks when no run starts here; a count not followed by a cell is an error.
fn run(input: &mut Input<'_>) -> PResult<Run> {
    let start = input.current_token_start();
    let Some(len) = opt(count).parse_next(input)? else {
        let cell = cell.parse_next(input)?;
        return Ok(Run { cell, len: 1, counted: false, span: start..start + 1 });
    };
    match opt(cell).parse_next(input)? {
        Some(cell) => {
            Ok(Run { cell, len, counted: true, span: start..input.current_token_start() })
        }
        None => {
            let at = input.current_token_start();
            match input.peek_token() {
                Some(found @ ('X' | 'O')) => {
                    cut(ParseError::UppercasePiece { span: at..at + 1, found })
                }
                found => {
                    let width = found.map_or(0, char::len_utf8);
                    cut(ParseError::MissingCell { span: at..at + width, count: len })
                }
            }
        }
    }
}

/// count = %x31-39 *DIGIT          ; 1 to 255
///
/// Reads every digit, so that `0`, `03` and `256` are reported as such (under the shared
/// number rule of `gridnote_text::number`); backtracks when there is no digit.
fn count(input: &mut Input<'_>) -> PResult<usize> {
    let (digits, span) = take_while(1.., '0'..='9').with_span().parse_next(input)?;
    match parse_decimal(digits) {
        Ok(0) => cut(ParseError::ZeroCount { span }),
        Err(NumberError::LeadingZero) => cut(ParseError::LeadingZero { span }),
        Ok(n) if n as usize <= MAX_SIDE => Ok(n as usize),
        // Over 255, or over u32 (the digits are ASCII digits, so nothing else fails).
        _ => cut(ParseError::CountTooLarge { span }),
    }
}

/// cell = "_" / "." / "x" / "o"
///
/// Backtracks on anything else.
fn cell(input: &mut Input<'_>) -> PResult<Cell> {
    any.verify_map(cell_of_char).parse_next(input)
}

/// The side to move written straight after the last row, without its space
/// (`3_/3_/3_x`): the input ends with a lone `x` or `o` that makes the last row one cell
/// longer than the others, which are square. Reported as a missing space before it.
fn glued_side(input: &mut Input<'_>, reader: &Reader) -> PResult<()> {
    if input.peek_token().is_some() {
        return Ok(());
    }
    let n = reader.rows.len();
    let Some((last, others)) = reader.rows.split_last() else { return Ok(()) };
    match last.bare_piece {
        Some(at) if last.len == n + 1 && others.iter().all(|row| row.len == n) => {
            cut(ParseError::MissingSpace { span: at..at })
        }
        _ => Ok(()),
    }
}

/// The grid is square: each row has as many cells as there are rows. Rows are checked
/// from the top; returns the side.
fn square(reader: &Reader) -> PResult<usize> {
    let n = reader.rows.len();
    match reader.rows.iter().enumerate().find(|(_, row)| row.len != n) {
        Some((i, row)) => cut(ParseError::RowLength {
            span: row.span.clone(),
            row: i + 1,
            found: row.len,
            expected: n,
        }),
        None => Ok(n),
    }
}

/// SP = %x20                       ; exactly one
fn separator(input: &mut Input<'_>) -> PResult<()> {
    let at = input.current_token_start();
    if opt(' ').parse_next(input)?.is_none() {
        return cut(ParseError::MissingSpace { span: at..at });
    }
    let (extra, span) = take_while(0.., ' ').with_span().parse_next(input)?;
    if extra.is_empty() { Ok(()) } else { cut(ParseError::ExtraSpace { span }) }
}

/// side = "x" / "o"
fn side(input: &mut Input<'_>) -> PResult<Player> {
    let at = input.current_token_start();
    let found = opt(any).parse_next(input)?;
    if let Some(player) = found.and_then(|c| u8::try_from(c).ok()).and_then(side_of) {
        return Ok(player);
    }
    match found {
        Some(found @ ('X' | 'O')) => cut(ParseError::UppercasePiece { span: at..at + 1, found }),
        Some(found) => cut(ParseError::BadSide { span: at..at + found.len_utf8(), found }),
        None => cut(ParseError::MissingSide { span: at..at }),
    }
}

/// Nothing follows the side to move (no trailing whitespace either).
fn end(input: &mut Input<'_>) -> PResult<()> {
    let (rest, span) = rest.with_span().parse_next(input)?;
    if rest.is_empty() { Ok(()) } else { cut(ParseError::TrailingText { span }) }
}
