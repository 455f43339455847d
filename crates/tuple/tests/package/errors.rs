//! Every syntax error: its variant, its exact message and its exact span; and the size
//! bounds, checked before anything is allocated however long the input.

use gridnote_board::report::{Spanned, render};
use gridnote_tuple::{ParseError, Tuple};

fn err(text: &str) -> ParseError {
    match text.parse::<Tuple>() {
        Ok(tuple) => panic!("{text:?} was read as {tuple}"),
        Err(err) => err,
    }
}

/// (message, span) of the error for `text`.
fn message(text: &str) -> (String, core::ops::Range<usize>) {
    let err = err(text);
    (err.to_string(), err.span())
}

#[test]
fn every_error_names_what_is_wrong_and_where() {
    let cases: &[(&str, &str, core::ops::Range<usize>)] = &[
        ("", "expected `(` at the start of the position, found the end of the input", 0..0),
        (" (x ____)", "expected `(` at the start of the position, found a space", 0..1),
        ("x ____)", "expected `(` at the start of the position, found `x`", 0..1),
        ("(", "expected the side to move, `x` or `o`, found the end of the input", 1..1),
        ("()", "expected the side to move, `x` or `o`, found `)`", 1..2),
        ("( )", "expected the side to move, `x` or `o`, found `)`", 2..3),
        ("(z ____)", "the first word must be the side to move, `x` or `o`", 1..2),
        ("(xo ____)", "the first word must be the side to move, `x` or `o`", 1..3),
        ("(____ ____)", "the first word must be the side to move, `x` or `o`", 1..5),
        ("(X ____)", "the side to move `X` is uppercase: write `x`", 1..2),
        ("(x _O__)", "row 1: `O` is uppercase: pieces are lowercase (`o`)", 4..5),
        ("(x ____ _z__)", "row 2: `z` is not a cell: expected `x`, `o`, `_` or `-`", 9..10),
        ("(x ___.)", "row 1: `.` is not a cell: expected `x`, `o`, `_` or `-`", 6..7),
        ("(x _\u{ff3f}_)", "row 1: `\u{ff3f}` is not a cell: expected `x`, `o`, `_` or `-`", 4..7),
        ("(x _\u{0}_)", "row 1: `\\0` is not a cell: expected `x`, `o`, `_` or `-`", 4..5),
        ("(x\t____)", "`\\t` cannot separate words: only spaces can", 2..3),
        ("(\tx ____)", "`\\t` cannot separate words: only spaces can", 1..2),
        ("(x ____\n____)", "`\\n` cannot separate words: only spaces can", 7..8),
        ("(x ____ \n____)", "`\\n` cannot separate words: only spaces can", 8..9),
        ("((x ____))", "unbalanced parentheses: `(` inside the position", 1..2),
        ("(x( ____)", "unbalanced parentheses: `(` inside the position", 2..3),
        ("(x __(_)", "unbalanced parentheses: `(` inside the position", 5..6),
        ("(x ____ (____))", "unbalanced parentheses: `(` inside the position", 8..9),
        ("(x ____", "unbalanced parentheses: expected `)` to close the position", 7..7),
        ("(x ____  ", "unbalanced parentheses: expected `)` to close the position", 9..9),
        ("(x ____))", "unbalanced parentheses: `)` after the end of the position", 8..9),
        ("(x ____) ", "unexpected text after the closing `)`", 8..9),
        ("(x ____)\n", "unexpected text after the closing `)`", 8..9),
        ("(x ____)(o _)", "unexpected text after the closing `)`", 8..13),
        ("(x)", "no rows: expected at least one row after the side to move", 2..3),
        ("(o   )", "no rows: expected at least one row after the side to move", 5..6),
        ("(x", "no rows: expected at least one row after the side to move", 2..2),
        ("(x ____ ___ ____)", "row 2 has 3 cells, expected 4 like row 1", 8..11),
        ("(x ____ ____ _____)", "row 3 has 5 cells, expected 4 like row 1", 13..18),
        ("(x _ __)", "row 2 has 2 cells, expected 1 like row 1", 5..7),
    ];
    for (text, expected, span) in cases {
        assert_eq!(message(text), ((*expected).to_owned(), span.clone()), "for {text:?}");
    }
}

#[test]
fn variants_carry_their_fields() {
    assert_eq!(
        err("(x ____ ___)"),
        ParseError::RowLength { span: 8..11, row: 2, found: 3, expected: 4 }
    );
    assert_eq!(err("(x _Z)"), ParseError::Cell { span: 4..5, row: 1, found: 'Z' });
    assert_eq!(err("(O _)"), ParseError::Uppercase { span: 1..2, row: None, found: 'O' });
    assert_eq!(
        err(""),
        ParseError::Unexpected {
            span: 0..0,
            expected: "`(` at the start of the position",
            found: None
        }
    );
    assert_eq!(err("(x\r_)"), ParseError::Whitespace { span: 2..3, found: '\r' });
    // The trait and the inherent method agree.
    let e = err("(x ____");
    assert_eq!(Spanned::span(&e), e.span());
}

#[test]
fn errors_render_under_their_input() {
    let text = "(x ____ ___ ____)";
    let e = err(text);
    assert_eq!(
        render(text, e.span(), &e.to_string()),
        "error: row 2 has 3 cells, expected 4 like row 1\n  | (x ____ ___ ____)\n  |         ^^^\n"
    );
}

#[test]
fn the_largest_board_reads_and_writes() {
    let row = "_".repeat(255);
    let text = format!("(o {})", vec![row.as_str(); 255].join(" "));
    let tuple: Tuple = text.parse().unwrap();
    assert_eq!((tuple.position().board.rows(), tuple.position().board.cols()), (255, 255));
    assert_eq!(tuple.to_string(), text);
}

#[test]
fn a_first_row_over_255_cells_is_an_error_however_long() {
    let text = format!("(x {})", "_".repeat(256));
    assert_eq!(err(&text), ParseError::RowTooLong { span: 3..259, found: 256 });
    assert_eq!(err(&text).to_string(), "row 1 has 256 cells: a row has at most 255");
    // Ten million cells: rejected without building anything from them.
    let text = format!("(x {} ____)", "x".repeat(10_000_000));
    assert_eq!(err(&text), ParseError::RowTooLong { span: 3..10_000_003, found: 10_000_000 });
}

#[test]
fn a_later_row_over_255_cells_is_a_length_error() {
    let text = format!("(x ____ {})", "o".repeat(1_000_000));
    assert_eq!(
        err(&text),
        ParseError::RowLength { span: 8..1_000_008, row: 2, found: 1_000_000, expected: 4 }
    );
}

#[test]
fn more_than_255_rows_is_an_error_however_many() {
    let text = format!("(x{})", " _".repeat(255));
    assert_eq!(text.parse::<Tuple>().unwrap().position().board.rows(), 255);
    let text = format!("(x{})", " _".repeat(256));
    assert_eq!(err(&text), ParseError::TooManyRows { span: 513..514 });
    assert_eq!(err(&text).to_string(), "row 256: a board has at most 255 rows");
    let text = format!("(x{})", " -".repeat(1_000_000));
    assert_eq!(err(&text), ParseError::TooManyRows { span: 513..514 });
}
