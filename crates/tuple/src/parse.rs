//! The grammar of the tuple format, one function per production (see docs/tuple.md):
//!
//! ```abnf
//! position = "(" *SP side rows *SP ")"
//! side     = "x" / "o"
//! rows     = 1*( 1*SP row )
//! row      = 1*cell
//! cell     = "x" / "o" / "_" / "-"
//! SP       = %x20
//! ```
//!
//! All rows have the length of the first; there are at most 255 rows of at most 255
//! cells, checked before anything is stored. winnow stays private to this module.

use core::ops::Range;

use gridnote_board::{Board, Cell, MAX_SIDE, Player, Position};
use winnow::error::ParserError;
use winnow::stream::{Location, Stream};
use winnow::token::take_while;
use winnow::{LocatingSlice, Parser};

use crate::error::ParseError;

/// The input: the text, with byte offsets for spans.
type Input<'i> = LocatingSlice<&'i str>;

/// The parser's error type: a [`ParseError`] in a private wrapper, so winnow's traits
/// never touch the public type.
#[derive(Debug)]
struct Fail(ParseError);

impl ParserError<Input<'_>> for Fail {
    type Inner = Self;

    /// Only reached if a winnow token parser fails outside the productions' own checks;
    /// every production checks the next character itself first, so this is a fallback
    /// that still names the place and what was found.
    fn from_input(input: &Input<'_>) -> Self {
        Fail(ParseError::Unexpected {
            span: next_char_span(input),
            expected: "a position such as `(x ____ ____ ____)`",
            found: input.peek_token(),
        })
    }

    fn into_inner(self) -> Result<Self::Inner, Self> {
        Ok(self)
    }
}

type PResult<T> = Result<T, Fail>;

/// Reads a whole tuple text into a position.
pub(crate) fn parse(text: &str) -> Result<Position, ParseError> {
    let mut input = LocatingSlice::new(text);
    position(&mut input).map_err(|Fail(e)| e)
}

/// The byte span of the next character, or an empty span at the end of the input.
fn next_char_span(input: &Input<'_>) -> Range<usize> {
    let at = input.current_token_start();
    at..at + input.peek_token().map_or(0, char::len_utf8)
}

/// The span from `start` to the current place.
fn since(input: &Input<'_>, start: usize) -> Range<usize> {
    start..input.current_token_start()
}

// position = "(" *SP side rows *SP ")"
//
// (`rows` reads the spaces before each word, so it also takes the `*SP` before `)`.)
fn position(input: &mut Input<'_>) -> PResult<Position> {
    open(input)?;
    spaces(input)?;
    let to_move = side(input)?;
    let (rows, cols, cells) = rows(input)?;
    close(input)?;
    // Every side is 1..=255 and cells.len() == rows * cols: `rows` checked all of it
    // before storing a cell, so the board cannot be refused here.
    let board = Board::from_cells(rows, cols, cells).expect("rows checked the board's shape");
    Ok(Position::new(board, to_move))
}

// "(" at the very start: nothing may come before it.
fn open(input: &mut Input<'_>) -> PResult<()> {
    if input.peek_token() == Some('(') {
        '('.void().parse_next(input)
    } else {
        Err(Fail(ParseError::Unexpected {
            span: next_char_span(input),
            expected: "`(` at the start of the position",
            found: input.peek_token(),
        }))
    }
}

// *SP
fn spaces(input: &mut Input<'_>) -> PResult<usize> {
    take_while(0.., ' ').map(str::len).parse_next(input)
}

// side = "x" / "o"
//
// The whole first word is read so that `xo` or `____` is reported as a wrong side to
// move rather than as a side followed by garbage.
fn side(input: &mut Input<'_>) -> PResult<Player> {
    let start = input.current_token_start();
    let word = word(input)?;
    match word {
        "x" => Ok(Player::One),
        "o" => Ok(Player::Two),
        "X" => {
            Err(Fail(ParseError::Uppercase { span: since(input, start), row: None, found: 'X' }))
        }
        "O" => {
            Err(Fail(ParseError::Uppercase { span: since(input, start), row: None, found: 'O' }))
        }
        "" => Err(Fail(match input.peek_token() {
            Some(c) if c != ')' => separator_error(input, c),
            found => ParseError::Unexpected {
                span: next_char_span(input),
                expected: "the side to move, `x` or `o`",
                found,
            },
        })),
        _ => Err(Fail(ParseError::Side { span: since(input, start) })),
    }
}

/// A word: everything up to the next space, parenthesis or other whitespace.
fn word<'i>(input: &mut Input<'i>) -> PResult<&'i str> {
    take_while(0.., |c: char| c != ' ' && c != '(' && c != ')' && !c.is_whitespace())
        .parse_next(input)
}

/// The error for a character that cannot stand between words: `(` or whitespace.
fn separator_error(input: &Input<'_>, c: char) -> ParseError {
    let span = next_char_span(input);
    if c == '(' {
        ParseError::NestedOpen { span }
    } else {
        ParseError::Whitespace { span, found: c }
    }
}

// rows = 1*( 1*SP row )
//
// Returns the number of rows, their common length, and the cells row-major. Each row is
// checked (its characters, its length against the first row's, the 255 bounds) before
// its cells are stored, so nothing is ever sized from an unchecked number.
fn rows(input: &mut Input<'_>) -> PResult<(usize, usize, Vec<Cell>)> {
    let mut cells = Vec::new();
    let mut rows = 0usize;
    let mut cols = 0usize;
    loop {
        spaces(input)?;
        match input.peek_token() {
            Some(')') | None if rows == 0 => {
                return Err(Fail(ParseError::NoRows { span: next_char_span(input) }));
            }
            None => return Err(Fail(ParseError::Unclosed { span: next_char_span(input) })),
            Some(')') => return Ok((rows, cols, cells)),
            Some(c) if c == '(' || c.is_whitespace() => {
                return Err(Fail(separator_error(input, c)));
            }
            Some(_) if rows == MAX_SIDE => {
                let start = input.current_token_start();
                word(input)?;
                return Err(Fail(ParseError::TooManyRows { span: since(input, start) }));
            }
            Some(_) => {
                rows += 1;
                let text = row(input, rows, cols)?;
                if rows == 1 {
                    cols = text.len();
                }
                cells.extend(text.bytes().map(cell));
            }
        }
    }
}

// row = 1*cell
//
// Returns the row's text (ASCII cell characters only) once it is known to be well formed
// and of the right length: 1..=255 for the first row (`cols` 0), `cols` for the others.
fn row<'i>(input: &mut Input<'i>, number: usize, cols: usize) -> PResult<&'i str> {
    let start = input.current_token_start();
    let text = take_while(0.., ['x', 'o', '_', '-']).parse_next(input)?;
    // The row ends at a space, `)` or the end of the input; anything else is an error.
    match input.peek_token() {
        None | Some(' ' | ')') => {}
        Some(c) => {
            let span = next_char_span(input);
            return Err(Fail(match c {
                '(' => ParseError::NestedOpen { span },
                'X' | 'O' => ParseError::Uppercase { span, row: Some(number), found: c },
                c if c.is_whitespace() => ParseError::Whitespace { span, found: c },
                c => ParseError::Cell { span, row: number, found: c },
            }));
        }
    }
    let span = since(input, start);
    let found = text.len();
    if cols == 0 && found > MAX_SIDE {
        Err(Fail(ParseError::RowTooLong { span, found }))
    } else if cols != 0 && found != cols {
        Err(Fail(ParseError::RowLength { span, row: number, found, expected: cols }))
    } else {
        Ok(text)
    }
}

// cell = "x" / "o" / "_" / "-"
fn cell(byte: u8) -> Cell {
    match byte {
        b'x' => Cell::ONE,
        b'o' => Cell::TWO,
        // `_` and `-`: `row` lets no other byte through.
        _ => Cell::Empty,
    }
}

// ")" and nothing after it.
fn close(input: &mut Input<'_>) -> PResult<()> {
    ')'.void().parse_next(input)?;
    match input.peek_token() {
        None => Ok(()),
        Some(')') => Err(Fail(ParseError::ExtraClose { span: next_char_span(input) })),
        Some(_) => {
            let start = input.current_token_start();
            let _ = input.finish();
            Err(Fail(ParseError::Trailing { span: since(input, start) }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridnote_board::report::Spanned;

    #[test]
    fn productions_report_their_own_errors() {
        let mut input = LocatingSlice::new("x)");
        let Err(Fail(err)) = open(&mut input) else { panic!("expected an error") };
        assert_eq!(err.span(), 0..1);

        let mut input = LocatingSlice::new("   x");
        assert_eq!(spaces(&mut input).ok(), Some(3));

        let mut input = LocatingSlice::new("o ____");
        assert_eq!(side(&mut input).ok(), Some(Player::Two));
        assert_eq!(input.current_token_start(), 1);

        let mut input = LocatingSlice::new("_x-o )");
        assert_eq!(row(&mut input, 1, 0).ok(), Some("_x-o"));

        let mut input = LocatingSlice::new(")\n");
        let Err(Fail(err)) = close(&mut input) else { panic!("expected an error") };
        assert_eq!(err, ParseError::Trailing { span: 1..2 });
    }

    #[test]
    fn cells_map_to_the_model() {
        assert_eq!(cell(b'x'), Cell::ONE);
        assert_eq!(cell(b'o'), Cell::TWO);
        assert_eq!(cell(b'_'), Cell::Empty);
        assert_eq!(cell(b'-'), Cell::Empty);
    }
}
