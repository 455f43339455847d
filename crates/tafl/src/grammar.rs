//! The TSN and TEN grammar, one function per production (each commented with the rule it
//! implements, as written out in ABNF in `docs/tafl.md`).
//!
//! The input is a [`LocatingSlice`] (byte offsets for spans) with the field being read as
//! state, so that a failure inside any winnow combinator becomes a located
//! [`ParseError::Unexpected`] that names its field. Productions that know better report
//! their own precise error and cut.

use core::ops::Range;

use gridnote_board::{Board, BoardError, Cell, CellName, Player};
use gridnote_text::number::{NumberError, parse_decimal};
use winnow::combinator::{alt, cut_err, opt};
use winnow::error::{AddContext, ModalError, ParserError};
use winnow::prelude::*;
use winnow::stream::{LocatingSlice, Location, Stateful, Stream};
use winnow::token::{any, rest, take_till, take_while};

use crate::alphabet::{ascii, count_of, piece_of, side_of};
use crate::error::{Field, ParseError};
use crate::model::{Extension, Ten, Tsn, defenders_ok, is_identifier_char};

/// The stream: the text with byte offsets, and the field being read.
pub(crate) type Input<'i> = Stateful<LocatingSlice<&'i str>, Field>;

/// The failure type threaded through the productions: a [`ParseError`] and whether it is
/// final (cut) or may be backtracked over by `opt` and `alt`.
#[derive(Debug)]
pub(crate) struct Fail {
    error: ParseError,
    cut: bool,
}

type PResult<O> = Result<O, Fail>;

impl<'i> ParserError<Input<'i>> for Fail {
    type Inner = Self;

    /// A failure of a winnow combinator: the character where it stopped, in the field
    /// being read. Whitespace ends every field, so it counts as the end of the field.
    fn from_input(input: &Input<'i>) -> Self {
        let at = input.current_token_start();
        let found = input.peek_token().filter(|c| !c.is_whitespace());
        let end = at + found.map_or(0, char::len_utf8);
        let field = input.state;
        Fail {
            error: ParseError::Unexpected {
                field,
                found,
                expected: field.expected(),
                span: at..end,
            },
            cut: false,
        }
    }

    fn is_backtrack(&self) -> bool {
        !self.cut
    }

    fn into_inner(self) -> Result<Self::Inner, Self> {
        Ok(self)
    }
}

impl ModalError for Fail {
    fn cut(mut self) -> Self {
        self.cut = true;
        self
    }

    fn backtrack(mut self) -> Self {
        self.cut = false;
        self
    }
}

impl<'i> AddContext<Input<'i>, &'static str> for Fail {
    /// Says what the grammar expected where a combinator failed.
    fn add_context(
        mut self,
        _input: &Input<'i>,
        _token_start: &<Input<'i> as Stream>::Checkpoint,
        context: &'static str,
    ) -> Self {
        if let (false, ParseError::Unexpected { expected, .. }) = (self.cut, &mut self.error) {
            *expected = context;
        }
        self
    }
}

/// A final error.
fn fail<O>(error: ParseError) -> PResult<O> {
    Err(Fail { error, cut: true })
}

fn offset(input: &Input<'_>) -> usize {
    input.current_token_start()
}

/// Which text is being read: the number of fields it has.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    /// 6 fields, then anything after whitespace is ignored.
    Tsn,
    /// Exactly 7 fields, then only whitespace.
    Ten,
}

impl Format {
    const fn fields(self) -> usize {
        match self {
            Format::Tsn => 6,
            Format::Ten => 7,
        }
    }
}

/// Reads a whole text as TSN.
pub(crate) fn read_tsn(text: &str) -> Result<Tsn, ParseError> {
    let mut input = Input { input: LocatingSlice::new(text), state: Field::Size };
    tsn_text(&mut input).map_err(|fail| fail.error)
}

/// Reads a whole text as TEN.
pub(crate) fn read_ten(text: &str) -> Result<Ten, ParseError> {
    let mut input = Input { input: LocatingSlice::new(text), state: Field::Size };
    ten_text(&mut input).map_err(|fail| fail.error)
}

// tsn-text = tsn-fields [ 1*WSP / SP further-fields ]
// further-fields = (any character but whitespace) *CHAR
//   ; after the sixth field: the end, whitespace to the end, or one space and further
//   ; fields (ignored, as the TSN/TEN proposal lets them be); any other whitespace is an error
fn tsn_text(input: &mut Input<'_>) -> PResult<Tsn> {
    let tsn = tsn_fields(input, Format::Tsn)?;
    input.state = Field::Extension;
    let start = offset(input);
    let blank: &str = take_while(0.., char::is_whitespace).parse_next(input)?;
    if input.eof_offset() != 0 && blank != " " {
        return fail(ParseError::Separator { field: Field::Extension, span: start..offset(input) });
    }
    let _ignored: &str = rest.parse_next(input)?;
    Ok(tsn)
}

// ten-text = tsn-fields SP extension *WSP
fn ten_text(input: &mut Input<'_>) -> PResult<Ten> {
    let tsn = tsn_fields(input, Format::Ten)?;
    separator(input, Field::Extension, Format::Ten)?;
    let extension = extension(input)?;
    ten_end(input)?;
    Ok(Ten::from_checked(tsn, extension))
}

// tsn-fields = size SP defenders SP rows SP side SP ply SP since-capture
fn tsn_fields(input: &mut Input<'_>, format: Format) -> PResult<Tsn> {
    separator(input, Field::Size, format)?;
    let mut board = size(input)?;
    separator(input, Field::Defenders, format)?;
    let defenders = defenders(input)?;
    separator(input, Field::Rows, format)?;
    rows(input, &mut board)?;
    separator(input, Field::Side, format)?;
    let to_move = side(input)?;
    separator(input, Field::Ply, format)?;
    let ply = ply(input)?;
    separator(input, Field::SinceCapture, format)?;
    let since_capture = since_capture(input)?;
    Ok(Tsn::from_checked(board, defenders, to_move, ply, since_capture))
}

// SP before every field but the first, nothing before the first; the field itself must
// follow (a field is never empty).
fn separator(input: &mut Input<'_>, next: Field, format: Format) -> PResult<()> {
    input.state = next;
    let start = offset(input);
    let blank: &str = take_while(0.., char::is_whitespace).parse_next(input)?;
    let at = offset(input);
    if input.eof_offset() == 0 {
        return fail(ParseError::MissingField {
            field: next,
            expected: format.fields(),
            found: next.number() - 1,
            span: at..at,
        });
    }
    let wanted = if next == Field::Size { "" } else { " " };
    if blank != wanted {
        return fail(ParseError::Separator { field: next, span: start..at });
    }
    Ok(())
}

// field-text = 1*(any character but whitespace)
//   ; the text of a field, as the productions below check it
fn field_text<'i>(input: &mut Input<'i>) -> PResult<(&'i str, Range<usize>)> {
    take_till(0.., char::is_whitespace).with_span().parse_next(input)
}

// number = "0" / %x31-39 *DIGIT
//   ; no sign, no leading zero, at most 4294967295 (the shared number rule)
fn number(input: &mut Input<'_>) -> PResult<(u32, Range<usize>)> {
    let field = input.state;
    let (text, span) = field_text(input)?;
    match parse_decimal(text) {
        Ok(value) => Ok((value, span)),
        Err(reason) => {
            let span = match reason {
                NumberError::NotDigit { offset } => {
                    let len = text[offset..].chars().next().map_or(0, char::len_utf8);
                    span.start + offset..span.start + offset + len
                }
                NumberError::Sign => span.start..span.start + 1,
                _ => span,
            };
            fail(ParseError::Number { field, reason, span })
        }
    }
}

// size = number            ; 1 to 255: the board is size x size
//   The board is made here, after the size is checked and before anything is allocated.
fn size(input: &mut Input<'_>) -> PResult<Board> {
    let (value, span) = number(input)?;
    let side = value as usize;
    Board::new(side, side).or_else(|_: BoardError| fail(ParseError::Size { value, span }))
}

// defenders = number       ; positive, divisible by 4
fn defenders(input: &mut Input<'_>) -> PResult<u32> {
    let (value, span) = number(input)?;
    if !defenders_ok(value) {
        return fail(ParseError::Defenders { value, span });
    }
    Ok(value)
}

// rows = row *("/" row)    ; exactly size rows, from the bottom (rank 1) to the top
fn rows(input: &mut Input<'_>, board: &mut Board) -> PResult<()> {
    let size = board.rows();
    let start = offset(input);
    let mut king: Option<CellName> = None;
    let mut text_row = 1;
    loop {
        row(input, board, text_row, &mut king)?;
        let slash_at = offset(input);
        if opt('/').parse_next(input)?.is_none() {
            break;
        }
        if text_row == size {
            // Rows beyond the last: count them for the message, without reading them.
            let (extra, span) = field_text(input)?;
            return fail(ParseError::RowCount {
                found: size + 1 + extra.matches('/').count(),
                expected: size,
                span: slash_at..span.end,
            });
        }
        text_row += 1;
    }
    if text_row < size {
        return fail(ParseError::RowCount {
            found: text_row,
            expected: size,
            span: start..offset(input),
        });
    }
    Ok(())
}

/// What one square-run describes.
enum Run {
    Piece(Cell),
    Empty(usize),
}

// row = 1*square-run       ; the runs add up to exactly size squares
//   Cells are written only while the row is within the board; the runs are summed to
//   name the row's width in the error otherwise.
fn row(
    input: &mut Input<'_>,
    board: &mut Board,
    text_row: usize,
    king: &mut Option<CellName>,
) -> PResult<()> {
    let size = board.cols();
    let board_row = size - text_row;
    let start = offset(input);
    let mut width = 0usize;
    while let Some((run, span)) = opt(square_run.with_span()).parse_next(input)? {
        match run {
            Run::Empty(n) => width = width.saturating_add(n),
            Run::Piece(cell) => {
                if width < size {
                    if cell == Cell::TWO_KING {
                        let here = CellName { file: width, rank: text_row };
                        if let Some(first) = *king {
                            return fail(ParseError::SecondKing { cell: here, first, span });
                        }
                        *king = Some(here);
                    }
                    board.cells_mut()[board_row * size + width] = cell;
                }
                width = width.saturating_add(1);
            }
        }
    }
    // A row ends at `/`, at whitespace or at the end of the text.
    match input.peek_token() {
        None | Some('/') => {}
        Some(c) if c.is_whitespace() => {}
        Some(found) => {
            let at = offset(input);
            let span = at..at + found.len_utf8();
            return fail(if found == '0' {
                ParseError::ZeroCount { text_row, board_row, span }
            } else {
                ParseError::BadSquare { found, text_row, board_row, span }
            });
        }
    }
    if width != size {
        return fail(ParseError::RowWidth {
            text_row,
            board_row,
            found: width,
            expected: size,
            span: start..offset(input),
        });
    }
    Ok(())
}

// square-run = piece / empty-run
fn square_run(input: &mut Input<'_>) -> PResult<Run> {
    alt((piece.map(Run::Piece), empty_run.map(Run::Empty))).parse_next(input)
}

// piece = %s"a" / %s"d" / %s"k"   ; attacker, defender, king (crate::alphabet)
fn piece(input: &mut Input<'_>) -> PResult<Cell> {
    any.verify_map(|c: char| ascii(c).and_then(piece_of)).parse_next(input)
}

// empty-run = %x31-39 / %x41-5A   ; one base-36 digit: "1"-"9" = 1-9, "A"-"Z" = 10-35 squares
fn empty_run(input: &mut Input<'_>) -> PResult<usize> {
    any.verify_map(|c: char| ascii(c).and_then(count_of)).parse_next(input)
}

// side = %s"a" / %s"d"    ; attackers (Player One), defenders (Player Two)
fn side(input: &mut Input<'_>) -> PResult<Player> {
    let (text, span) = field_text(input)?;
    let player = match text.as_bytes() {
        &[byte] => side_of(byte),
        _ => None,
    };
    player.map_or_else(|| fail(ParseError::Side { found: text.to_owned(), span }), Ok)
}

// ply = number            ; positive
fn ply(input: &mut Input<'_>) -> PResult<u32> {
    let (value, span) = number(input)?;
    if value == 0 {
        return fail(ParseError::PlyZero { span });
    }
    Ok(value)
}

// since-capture = number
fn since_capture(input: &mut Input<'_>) -> PResult<u32> {
    number(input).map(|(value, _)| value)
}

// extension = no-data / custom
// no-data = "-"
fn extension(input: &mut Input<'_>) -> PResult<Extension> {
    let checkpoint = input.checkpoint();
    if field_text(input)?.0 == "-" {
        return Ok(Extension::None);
    }
    input.reset(&checkpoint);
    custom(input)
}

// custom = identifier ":" version ":" data
fn custom(input: &mut Input<'_>) -> PResult<Extension> {
    let identifier = identifier(input)?;
    cut_err(':'.context("`:` or an identifier character (A-Z a-z 0-9 _ . -)")).parse_next(input)?;
    let version = version(input)?;
    cut_err(':'.context("`:` or a digit of the version")).parse_next(input)?;
    let data = data(input)?;
    Ok(Extension::Custom { identifier: identifier.to_owned(), version: version.to_owned(), data })
}

// identifier = 1*(ALPHA / DIGIT / "_" / "." / "-")
fn identifier<'i>(input: &mut Input<'i>) -> PResult<&'i str> {
    cut_err(
        take_while(1.., is_identifier_char)
            .context("an identifier (1 or more of A-Z a-z 0-9 _ . -)"),
    )
    .parse_next(input)
}

// version = 1*DIGIT        ; a label, kept as written (the number rule does not apply)
fn version<'i>(input: &mut Input<'i>) -> PResult<&'i str> {
    cut_err(
        take_while(1.., |c: char| c.is_ascii_digit()).context("a version (1 or more ASCII digits)"),
    )
    .parse_next(input)
}

// data = *(any character but whitespace)   ; may be empty, may hold ":"
fn data(input: &mut Input<'_>) -> PResult<String> {
    field_text(input).map(|(text, _)| text.to_owned())
}

// ten-end = *WSP           ; nothing but whitespace after the seventh field
fn ten_end(input: &mut Input<'_>) -> PResult<()> {
    let _blank: &str = take_while(0.., char::is_whitespace).parse_next(input)?;
    if input.eof_offset() > 0 {
        let at = offset(input);
        let end = at + input.eof_offset();
        return fail(ParseError::ExtraField { span: at..end });
    }
    Ok(())
}
