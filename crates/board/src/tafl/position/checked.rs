//! The checked reader: the same grammar as the one-pass reader, every error named with its
//! span.

use super::super::cursor::{Cursor, MAX_SIZE};
use super::super::error::ParseError;
use super::super::values::piece_of_letter;
use super::record::{EMPTY, PositionRecord, Squares};

fn row_name(index: usize, inverted: bool, field: &str) -> String {
    if inverted {
        format!("row {} from the top of {field}", index + 1)
    } else {
        format!("rank {} of {field}", index + 1)
    }
}

/// The checked reader: the same grammar, every error named with its span.
#[cold]
#[inline(never)]
pub(crate) fn read_checked(
    text: &str,
    base: usize,
    inverted: bool,
    field: &'static str,
) -> Result<PositionRecord, ParseError> {
    let cur = Cursor::new(text, base);
    let bytes = text.as_bytes();
    if bytes.first() != Some(&b'/') {
        return Err(cur.expected(field, "`/` to open the position record"));
    }
    let mut at = 1;
    let mut squares: Vec<u8> = Vec::new();
    let mut width = 0usize;
    let mut rows = 0usize;
    loop {
        // row: count / piece until "/"
        let row_start = at;
        let mut filled = 0usize;
        loop {
            let Some(&b) = bytes.get(at) else {
                let c = Cursor { at, ..Cursor::new(text, base) };
                return Err(c.expected(row_name(rows, inverted, field), "`/` to close the row"));
            };
            match b {
                b'/' => break,
                b'1'..=b'9' => {
                    let count_start = at;
                    let mut n = usize::from(b - b'0');
                    at += 1;
                    while let Some(&d @ b'0'..=b'9') = bytes.get(at) {
                        n = (n * 10 + usize::from(d - b'0')).min(1 << 20);
                        at += 1;
                    }
                    if n > MAX_SIZE {
                        // Quoted as written: no row is that wide.
                        return Err(ParseError::TooLarge {
                            span: cur.span(count_start, at),
                            field: format!("an empty count of {}", row_name(rows, inverted, field)),
                            value: text[count_start..at].to_owned(),
                            limit: MAX_SIZE as u64,
                        });
                    }
                    filled += n;
                    if filled > MAX_SIZE || (rows > 0 && filled > width) {
                        return Err(too_wide(
                            &cur, row_start, at, rows, filled, width, inverted, field,
                        ));
                    }
                    squares.resize(squares.len() + n, EMPTY);
                }
                _ => {
                    let Some(_) = piece_of_letter(b) else {
                        let c = Cursor { at, ..Cursor::new(text, base) };
                        let expected = if b == b'0' {
                            "an empty count from 1 without leading zero"
                        } else {
                            "a taflman symbol (t k g m n c, uppercase for the defenders), an empty count or `/`"
                        };
                        return Err(c.expected(row_name(rows, inverted, field), expected));
                    };
                    filled += 1;
                    at += 1;
                    if filled > MAX_SIZE || (rows > 0 && filled > width) {
                        return Err(too_wide(
                            &cur, row_start, at, rows, filled, width, inverted, field,
                        ));
                    }
                    squares.push(b);
                }
            }
        }
        if filled == 0 {
            let c = Cursor { at, ..Cursor::new(text, base) };
            return Err(c.expected(
                row_name(rows, inverted, field),
                "a taflman symbol or an empty count (a row holds at least one square)",
            ));
        }
        if rows == 0 {
            width = filled;
            squares.reserve_exact(width * width - squares.len());
        } else if filled != width {
            return Err(ParseError::RowWidth {
                span: cur.span(row_start, at),
                row: row_name(rows, inverted, field),
                squares: filled,
                expected: width,
            });
        }
        rows += 1;
        at += 1; // the "/"
        if at >= bytes.len() {
            break;
        }
        if rows == width {
            let c = Cursor { at, ..Cursor::new(text, base) };
            let more = bytes[at..].iter().filter(|&&b| b == b'/').count();
            if more == 0 {
                return Err(c.expected_at(
                    at,
                    bytes.len(),
                    field,
                    "the end of the position record after its last `/`",
                ));
            }
            return Err(ParseError::RowCount {
                span: c.span(0, bytes.len()),
                field,
                rows: rows + more,
                expected: width,
            });
        }
    }
    if rows != width {
        return Err(ParseError::RowCount {
            span: cur.span(0, bytes.len()),
            field,
            rows,
            expected: width,
        });
    }
    let mut record = PositionRecord { squares: Squares::from_vec(width, squares) };
    if inverted {
        let size = record.size();
        for r in 0..size / 2 {
            let (low, high) = record.cells_mut().split_at_mut((size - 1 - r) * size);
            low[r * size..(r + 1) * size].swap_with_slice(&mut high[..size]);
        }
    }
    Ok(record)
}

#[allow(clippy::too_many_arguments)]
fn too_wide(
    cur: &Cursor<'_>,
    row_start: usize,
    at: usize,
    rows: usize,
    filled: usize,
    width: usize,
    inverted: bool,
    field: &str,
) -> ParseError {
    if rows == 0 {
        ParseError::TooLarge {
            span: cur.span(row_start, at),
            field: format!("the width of {}", row_name(rows, inverted, field)),
            value: filled.to_string(),
            limit: MAX_SIZE as u64,
        }
    } else {
        ParseError::RowWidth {
            span: cur.span(row_start, at),
            row: row_name(rows, inverted, field),
            squares: filled,
            expected: width,
        }
    }
}
