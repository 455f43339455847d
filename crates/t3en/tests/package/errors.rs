//! Every syntax error, by variant, with its exact span and message; size bounds on huge
//! inputs; the model errors.

use gridnote_board::report::{Spanned, render};
use gridnote_board::{Board, Cell, CellName, Player, Position};
use gridnote_t3en::{ModelError, ParseError, ParseOptions, T3en};

fn lenient(text: &str) -> ParseError {
    text.parse::<T3en>().expect_err(text)
}

fn strict(text: &str) -> ParseError {
    T3en::parse_with(text, ParseOptions::strict()).expect_err(text)
}

/// Asserts the error of `text` (lenient), its span through both accessors, and its message.
fn check(text: &str, expected: ParseError, message: &str) {
    let err = lenient(text);
    assert_eq!(err, expected, "{text:?}");
    assert_eq!(Spanned::span(&err), err.span());
    assert_eq!(err.to_string(), message, "{text:?}");
    // The strict reader reports the same first error on input whose runs are canonical.
    assert_eq!(strict(text), expected, "{text:?} (strict)");
}

#[test]
fn empty() {
    check(
        "",
        ParseError::Empty { span: 0..0 },
        "empty input: expected a T3EN position such as `3_/3_/3_ x`",
    );
}

#[test]
fn empty_row() {
    let message = |row: usize| {
        format!("row {row} is empty: expected at least one cell (`_`, `.`, `x` or `o`)")
    };
    check("3_//3_ x", ParseError::EmptyRow { span: 3..3, row: 2 }, &message(2));
    check("/3_/3_ x", ParseError::EmptyRow { span: 0..0, row: 1 }, &message(1));
    check("3_/3_/3_/ x", ParseError::EmptyRow { span: 9..9, row: 4 }, &message(4));
    check("2_/ x", ParseError::EmptyRow { span: 3..3, row: 2 }, &message(2));
    check("x/", ParseError::EmptyRow { span: 2..2, row: 2 }, &message(2));
}

#[test]
fn unknown_character() {
    check(
        "3_/_?_/3_ x",
        ParseError::UnknownCharacter { span: 4..5, found: '?', row: 2 },
        "unexpected character '?' in row 2: expected a run length, a cell \
         (`_`, `.`, `x` or `o`), `/` or a space",
    );
    // A multi-byte character is spanned whole.
    assert_eq!(
        lenient("3_/_é_/3_ x"),
        ParseError::UnknownCharacter { span: 4..6, found: 'é', row: 2 }
    );
    // A tab is not the separator.
    assert_eq!(
        lenient("3_/3_/3_\tx"),
        ParseError::UnknownCharacter { span: 8..9, found: '\t', row: 3 }
    );
    // T3EN has no king.
    assert_eq!(
        lenient("3_/_k_/3_ x"),
        ParseError::UnknownCharacter { span: 4..5, found: 'k', row: 2 }
    );
    assert_eq!(lenient("?"), ParseError::UnknownCharacter { span: 0..1, found: '?', row: 1 });
}

#[test]
fn uppercase_piece() {
    check(
        "3_/_X_/3_ o",
        ParseError::UppercasePiece { span: 4..5, found: 'X' },
        "uppercase 'X': pieces are lowercase, write 'x'",
    );
    check(
        "3_/_x_/3_ O",
        ParseError::UppercasePiece { span: 10..11, found: 'O' },
        "uppercase 'O': pieces are lowercase, write 'o'",
    );
    // After a count, and at the start of a row.
    assert_eq!(lenient("3_/2X_/3_ o"), ParseError::UppercasePiece { span: 4..5, found: 'X' });
    assert_eq!(lenient("O2_/3_/3_ o"), ParseError::UppercasePiece { span: 0..1, found: 'O' });
}

#[test]
fn zero_count() {
    check(
        "3_/0_3_/3_ x",
        ParseError::ZeroCount { span: 3..4 },
        "a run length cannot be 0: a run has 1 to 255 cells",
    );
}

#[test]
fn leading_zero() {
    check(
        "03_/3_/3_ x",
        ParseError::LeadingZero { span: 0..2 },
        "a run length has no leading zero",
    );
    assert_eq!(lenient("3_/00_/3_ x"), ParseError::LeadingZero { span: 3..5 });
}

#[test]
fn count_too_large() {
    let message = "run length too large: a row has at most 255 cells";
    check("256_ x", ParseError::CountTooLarge { span: 0..3 }, message);
    // Beyond u32.
    check("3_/99999999999_/3_ x", ParseError::CountTooLarge { span: 3..14 }, message);
}

#[test]
fn missing_cell() {
    check(
        "3/3_/3_ x",
        ParseError::MissingCell { span: 1..2, count: 3 },
        "expected a cell (`_`, `.`, `x` or `o`) after the run length 3",
    );
    assert_eq!(lenient("3_/3_/3 x"), ParseError::MissingCell { span: 7..8, count: 3 });
    assert_eq!(lenient("3_/3_/12"), ParseError::MissingCell { span: 8..8, count: 12 });
    assert_eq!(lenient("3_/3?/3_ x"), ParseError::MissingCell { span: 4..5, count: 3 });
    assert_eq!(lenient("3_/3é/3_ x"), ParseError::MissingCell { span: 4..6, count: 3 });
}

#[test]
fn row_too_long() {
    check(
        "200_100_ x",
        ParseError::RowTooLong { span: 0..8, row: 1 },
        "row 1 has more than 255 cells",
    );
    let row = "x".repeat(256);
    assert_eq!(lenient(&format!("3_/{row}/3_ x")), ParseError::RowTooLong { span: 3..259, row: 2 });
}

#[test]
fn too_many_rows() {
    let text = format!("{} x", vec!["_"; 256].join("/"));
    check(&text, ParseError::TooManyRows { span: 509..511 }, "more than 255 rows");
}

#[test]
fn row_length() {
    check(
        "3_/4_/3_ x",
        ParseError::RowLength { span: 3..5, row: 2, found: 4, expected: 3 },
        "row 2 has 4 cells, expected 3: the grid has 3 rows and must be square",
    );
    // The description's rectangle and irregular board, without padding.
    check(
        "3_/3_ x",
        ParseError::RowLength { span: 0..2, row: 1, found: 3, expected: 2 },
        "row 1 has 3 cells, expected 2: the grid has 2 rows and must be square",
    );
    assert_eq!(
        lenient("3_/5_/3_ x"),
        ParseError::RowLength { span: 3..5, row: 2, found: 5, expected: 3 }
    );
    check(
        "_/_ x",
        ParseError::RowLength { span: 0..1, row: 1, found: 1, expected: 2 },
        "row 1 has 1 cell, expected 2: the grid has 2 rows and must be square",
    );
    check(
        "2_ x",
        ParseError::RowLength { span: 0..2, row: 1, found: 2, expected: 1 },
        "row 1 has 2 cells, expected 1: the grid has 1 row and must be square",
    );
    // A 255-cell row in a 2-row grid is a length error, not a size error.
    assert_eq!(
        lenient("255_/255_ x"),
        ParseError::RowLength { span: 0..4, row: 1, found: 255, expected: 2 }
    );
}

#[test]
fn missing_space() {
    let message = "expected a space between the rows and the side to move (`x` or `o`)";
    // The description's board-only fragment.
    check("3_/3_/3.", ParseError::MissingSpace { span: 8..8 }, message);
    // The side glued to the last row: the caret goes under it.
    check("3_/3_/3_x", ParseError::MissingSpace { span: 8..8 }, message);
    check("_o", ParseError::MissingSpace { span: 1..1 }, message);
    check("x", ParseError::MissingSpace { span: 1..1 }, message);
}

#[test]
fn extra_space() {
    let message =
        "unexpected space: T3EN has exactly one space, between the rows and the side to move";
    check("3_/3_/3_  x", ParseError::ExtraSpace { span: 9..10 }, message);
    check("  3_/3_/3_ x", ParseError::ExtraSpace { span: 0..2 }, message);
}

#[test]
fn missing_side() {
    check(
        "3_/3_/3_ ",
        ParseError::MissingSide { span: 9..9 },
        "expected the side to move (`x` or `o`) after the space",
    );
}

#[test]
fn bad_side() {
    check(
        "3_/3_/3_ _",
        ParseError::BadSide { span: 9..10, found: '_' },
        "expected the side to move (`x` or `o`), found '_'",
    );
    assert_eq!(lenient("3_/3_/3_ é"), ParseError::BadSide { span: 9..11, found: 'é' });
    assert_eq!(lenient("3_/3_/3_ /"), ParseError::BadSide { span: 9..10, found: '/' });
}

#[test]
fn trailing_text() {
    let message = "unexpected text after the side to move: T3EN ends with `x` or `o`";
    check("3_/3_/3_ x o", ParseError::TrailingText { span: 10..12 }, message);
    check("3_/3_/3_ x ", ParseError::TrailingText { span: 10..11 }, message);
    check("3_/3_/3_ x\r", ParseError::TrailingText { span: 10..11 }, message);
    check("3_/3_/3_ xo", ParseError::TrailingText { span: 10..11 }, message);
}

#[test]
fn non_canonical_is_an_error_in_strict_mode_only() {
    let cases = [
        ("1_2_/3_/3_ x", 0..4, "3_"),
        ("__x/3_/3_ o", 0..2, "2_"),
        ("3_/1x2_/3_ o", 3..5, "x"),
        ("3_/_xx/3_ o", 4..6, "2x"),
        ("3_/3_/2.1. x", 6..10, "3."),
        ("1o x", 0..2, "o"),
    ];
    for (text, span, canonical) in cases {
        let err = strict(text);
        assert_eq!(
            err,
            ParseError::NonCanonical { span, canonical: canonical.to_owned() },
            "{text}"
        );
        assert_eq!(err.to_string(), format!("run lengths are not canonical: write `{canonical}`"));
        let parsed = T3en::parse_with(text, ParseOptions::default()).unwrap();
        assert!(!parsed.canonical, "{text}");
    }
}

#[test]
fn the_leftmost_error_wins() {
    // A bad character in row 3 comes before the shape check.
    assert_eq!(lenient("3_/3_/3?/3_ x"), ParseError::MissingCell { span: 7..8, count: 3 });
    // In strict mode, a non-canonical run before a bad character.
    assert_eq!(strict("__?"), ParseError::NonCanonical { span: 0..2, canonical: "2_".to_owned() });
    assert_eq!(lenient("__?"), ParseError::UnknownCharacter { span: 2..3, found: '?', row: 1 });
}

#[test]
fn rendered_errors_point_at_the_span() {
    let input = "3_/4_/3_ x";
    let err = lenient(input);
    assert_eq!(
        render(input, err.span(), &err.to_string()),
        "error: row 2 has 4 cells, expected 3: the grid has 3 rows and must be square\n\
         \x20 | 3_/4_/3_ x\n\
         \x20 |    ^^\n"
    );
}

#[test]
fn huge_inputs_are_bounded() {
    // A count of a million digits.
    let digits = "9".repeat(1_000_000);
    assert_eq!(lenient(&format!("{digits}_ x")), ParseError::CountTooLarge { span: 0..1_000_000 });
    // A row of a million cells stops at the run that passes 255.
    let row = "x".repeat(1_000_000);
    assert_eq!(lenient(&format!("{row} x")), ParseError::RowTooLong { span: 0..256, row: 1 });
    let row = "255_".repeat(1000);
    assert_eq!(lenient(&format!("{row} x")), ParseError::RowTooLong { span: 0..8, row: 1 });
    // A hundred thousand rows: the 256th is the error, spanning the rest of the rows.
    let rows = vec!["_"; 100_000].join("/");
    assert_eq!(lenient(&format!("{rows} x")), ParseError::TooManyRows { span: 509..rows.len() });
    // The largest grid is read.
    let big = format!("{} o", vec!["255x"; 255].join("/"));
    let t3en: T3en = big.parse().unwrap();
    assert_eq!(t3en.position().board.counts().of(Player::One), 255 * 255);
    assert_eq!(t3en.to_string(), big);
}

#[test]
fn model_errors() {
    let err = T3en::new(Position::start(3, 4).unwrap()).unwrap_err();
    assert_eq!(err, ModelError::NotSquare { rows: 3, cols: 4 });
    assert_eq!(
        err.to_string(),
        "a 3x4 board cannot be written in T3EN: T3EN grids are square \
         (pad the board with `.` cells)"
    );
    let mut board = Board::new(9, 9).unwrap();
    board.set(4, 4, Cell::TWO_KING).unwrap();
    board.set(8, 0, Cell::ONE_KING).unwrap();
    let err = T3en::try_from(Position::new(board, Player::Two)).unwrap_err();
    assert_eq!(err, ModelError::King { cell: CellName { file: 4, rank: 5 } });
    assert_eq!(err.to_string(), "the king at e5 cannot be written in T3EN");
    let mut board = Board::new(2, 2).unwrap();
    board.set(1, 0, Cell::ONE_KING).unwrap();
    let err = T3en::new(Position::new(board, Player::One)).unwrap_err();
    assert_eq!(err.to_string(), "the king at a1 cannot be written in T3EN");
}

#[test]
fn conversions() {
    let position =
        Position::start(3, 3).unwrap().play_name("b2", gridnote_board::Rules::TIC_TAC_TOE).unwrap();
    let t3en = T3en::try_from(position.clone()).unwrap();
    assert_eq!(t3en.position(), &position);
    assert_eq!(t3en.to_string(), "3_/_x_/3_ o");
    assert_eq!(Position::from(t3en.clone()), position);
    assert_eq!(t3en.into_position(), position);
    let voids = Board::filled(2, 2, Cell::Void).unwrap();
    assert_eq!(T3en::new(Position::new(voids, Player::Two)).unwrap().to_string(), "2./2. o");
}
