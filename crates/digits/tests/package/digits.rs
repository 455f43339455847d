//! Reading and writing digit strings, errors with spans, conversions and serde.

use gridnote_board::arbitrary::{ALL_CELLS, MARKS, board_with, in_range};
use gridnote_board::report::{Spanned, render};
use gridnote_board::{Board, Cell, CellName, Player};
use gridnote_digits::{Digits, ModelError, ParseError, check};
use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

#[test]
fn reads_row_major_from_the_top_left() {
    let digits: Digits = "120000002".parse().unwrap();
    let board = digits.board();
    assert_eq!((board.rows(), board.cols()), (3, 3));
    assert_eq!(board.get(0, 0), Some(Cell::ONE)); // a3
    assert_eq!(board.get(0, 1), Some(Cell::TWO)); // b3
    assert_eq!(board.get(2, 2), Some(Cell::TWO)); // c1
    assert_eq!(board.counts().empty, 6);
    assert_eq!(board.draw(), "3 x o _\n2 _ _ _\n1 _ _ o\n  a b c\n");
    assert_eq!(digits.cells()[8], Cell::TWO);
    assert_eq!(format!("{digits:?}"), "Digits(\"120000002\")");
    assert_eq!(Digits::default(), Digits::EMPTY);
}

#[test]
fn writes_what_it_reads() {
    let mut out = String::from(">");
    for text in ["000000000", "111111111", "222222222", "120120120", "012012012"] {
        let digits: Digits = text.parse().unwrap();
        assert_eq!(digits.to_string(), text);
        out.clear();
        digits.write_to(&mut out);
        assert_eq!(out, text);
    }
}

#[test]
fn side_to_move_follows_from_the_counts() {
    let side = |text: &str| text.parse::<Digits>().unwrap().side_to_move();
    assert_eq!(side("000000000"), Some(Player::One));
    assert_eq!(side("100000000"), Some(Player::Two));
    assert_eq!(side("120000000"), Some(Player::One));
    assert_eq!(side("200000000"), None);
    assert_eq!(side("110000000"), None);
    assert_eq!(side("121212121"), Some(Player::Two));
}

#[test]
fn length_errors_say_the_length_in_characters() {
    let err = "".parse::<Digits>().unwrap_err();
    assert_eq!(err, ParseError::Length { expected: 9, found: 0, span: 0..0 });
    assert_eq!(err.to_string(), "expected 9 digits, found 0 characters");
    let err = "1".parse::<Digits>().unwrap_err();
    assert_eq!(err.to_string(), "expected 9 digits, found 1 character");
    assert_eq!(err.span(), 1..1);
    let err = "00000000000".parse::<Digits>().unwrap_err();
    assert_eq!(err, ParseError::Length { expected: 9, found: 11, span: 9..11 });
    assert_eq!(
        render("00000000000", err.span(), &err.to_string()),
        "error: expected 9 digits, found 11 characters\n  | 00000000000\n  |          ^^\n"
    );
}

#[test]
fn character_errors_span_the_character_utf8_aware() {
    let err = "1é0000000".parse::<Digits>().unwrap_err();
    assert_eq!(err, ParseError::Char { ch: 'é', index: 1, span: 1..3 });
    assert_eq!(
        err.to_string(),
        "unexpected `é` at character 2: expected 0 (empty), 1 (Player One) or 2 (Player Two)"
    );
    // The first bad character wins, even past the ninth: characters before length.
    let err = "0000000003x".parse::<Digits>().unwrap_err();
    assert_eq!(err, ParseError::Char { ch: '3', index: 9, span: 9..10 });
    let err = "🎲".parse::<Digits>().unwrap_err();
    assert_eq!(Spanned::span(&err), 0..4);
    let err = "000000000\r".parse::<Digits>().unwrap_err();
    assert_eq!(err, ParseError::Char { ch: '\r', index: 9, span: 9..10 });
    assert_eq!(
        err.to_string(),
        "unexpected `\\r` at character 10: expected 0 (empty), 1 (Player One) or 2 (Player Two)"
    );
    // Whitespace is not trimmed.
    assert_eq!(
        " 000000000".parse::<Digits>().unwrap_err(),
        ParseError::Char { ch: ' ', index: 0, span: 0..1 }
    );
    // Letters are not pieces here: x and o belong to other formats.
    assert_eq!(
        "x00000000".parse::<Digits>().unwrap_err(),
        ParseError::Char { ch: 'x', index: 0, span: 0..1 }
    );
}

#[test]
fn board_conversions() {
    let digits: Digits = "012210000".parse().unwrap();
    let board = Board::from(digits);
    assert_eq!(Digits::try_from(&board), Ok(digits));
    assert_eq!(Digits::try_from(board.clone()), Ok(digits));
    assert_eq!(Board::from(&digits), board);

    let wide = Board::new(3, 4).unwrap();
    assert_eq!(Digits::try_from(&wide), Err(ModelError::Shape { rows: 3, cols: 4 }));
    assert_eq!(
        Digits::try_from(&wide).unwrap_err().to_string(),
        "a 3x4 board cannot be a digit string, which holds a 3x3 board"
    );

    let mut voided = Board::new(3, 3).unwrap();
    voided.set(1, 1, Cell::Void).unwrap();
    voided.set(2, 0, Cell::Void).unwrap();
    // The first in row-major order from the top: b2 before a1.
    assert_eq!(
        Digits::try_from(&voided),
        Err(ModelError::Void { cell: CellName { file: 1, rank: 2 } })
    );
    assert_eq!(
        Digits::try_from(&voided).unwrap_err().to_string(),
        "b2 is not playable: a digit string has no void cells"
    );

    let mut king = Board::new(3, 3).unwrap();
    king.set(2, 2, Cell::TWO_KING).unwrap();
    assert_eq!(
        Digits::try_from(&king).unwrap_err().to_string(),
        "c1 holds Player Two's king: a digit string has no kings"
    );
    king.set(2, 2, Cell::ONE_KING).unwrap();
    assert_eq!(
        Digits::try_from(&king),
        Err(ModelError::King { cell: CellName { file: 2, rank: 1 }, player: Player::One })
    );
}

#[test]
fn from_players_matches_parsing() {
    use Player::{One, Two};
    let players = [Some(One), None, Some(Two), None, None, None, Some(Two), None, Some(One)];
    assert_eq!(Digits::from_players(players), "102000201".parse().unwrap());
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_string() {
    let digits: Digits = "120120000".parse().unwrap();
    assert_eq!(serde_json::to_string(&digits).unwrap(), "\"120120000\"");
    assert_eq!(serde_json::from_str::<Digits>("\"120120000\"").unwrap(), digits);
    let err = serde_json::from_str::<Digits>("\"12\"").unwrap_err();
    assert_eq!(err.to_string(), "expected 9 digits, found 2 characters at line 1 column 4");
    assert!(serde_json::from_str::<Digits>("120120000").is_err());
    let report = check("111000222").unwrap();
    assert_eq!(
        serde_json::to_string(&report).unwrap(),
        concat!(
            r#"{"digits":"111000222","ones":3,"twos":3,"counts_within_one":true,"#,
            r#""problems":["both-have-lines"],"side_to_move":"one","#,
            r#""regex":{"won":"two"},"direct":"both-hold-lines","agreement":"both-hold-lines"}"#
        )
    );
}

/// Any digit string.
#[derive(Clone, Debug)]
struct AnyDigits(Digits);

impl Arbitrary for AnyDigits {
    fn arbitrary(g: &mut Gen) -> Self {
        AnyDigits(Digits::try_from(&board_with(g, 3, 3, &MARKS)).unwrap())
    }
}

#[quickcheck]
fn parse_write_round_trip(AnyDigits(digits): AnyDigits) -> bool {
    digits.to_string().parse::<Digits>() == Ok(digits)
}

#[quickcheck]
fn board_round_trip(AnyDigits(digits): AnyDigits) -> bool {
    Digits::try_from(&digits.board()) == Ok(digits)
}

/// A board of 1..=4 rows and columns (3 × 3 half the time) of any cells.
#[derive(Clone, Debug)]
struct AnyBoard(Board);

impl Arbitrary for AnyBoard {
    fn arbitrary(g: &mut Gen) -> Self {
        let (rows, cols) =
            if bool::arbitrary(g) { (3, 3) } else { (in_range(g, 1, 4), in_range(g, 1, 4)) };
        AnyBoard(board_with(g, rows, cols, &ALL_CELLS))
    }
}

#[quickcheck]
fn boards_of_any_cells_convert_or_name_the_problem(AnyBoard(board): AnyBoard) -> bool {
    let (rows, cols) = (board.rows(), board.cols());
    match Digits::try_from(&board) {
        Ok(digits) => Board::from(digits) == board,
        Err(ModelError::Shape { .. }) => (rows, cols) != (3, 3),
        Err(ModelError::Void { cell }) => {
            board.parse_cell_name(&cell.to_string()).ok().and_then(|(r, c)| board.get(r, c))
                == Some(Cell::Void)
        }
        Err(ModelError::King { cell, .. }) => {
            let at = board.parse_cell_name(&cell.to_string()).ok();
            at.and_then(|(r, c)| board.get(r, c)).and_then(Cell::piece).map(|p| p.role)
                == Some(gridnote_board::Role::King)
        }
        Err(_) => false,
    }
}

#[quickcheck]
fn arbitrary_text_never_panics_and_errors_span_real_text(text: String) -> bool {
    let _ = gridnote_digits::regex_verdict(&text);
    match check(&text) {
        Ok(report) => report.digits.to_string() == text,
        Err(err) => {
            let span = err.span();
            let rendered = render(&text, span.clone(), &err.to_string());
            span.start <= span.end && text.get(span).is_some() && rendered.starts_with("error: ")
        }
    }
}

#[quickcheck]
fn nine_character_strings_of_digits_and_one_other_fail_at_that_character(
    AnyDigits(digits): AnyDigits,
    at: u8,
    ch: char,
) -> bool {
    if matches!(ch, '0' | '1' | '2') {
        return true;
    }
    let at = usize::from(at % 9);
    let mut text: Vec<char> = digits.to_string().chars().collect();
    text[at] = ch;
    let text: String = text.into_iter().collect();
    text.parse::<Digits>() == Err(ParseError::Char { ch, index: at, span: at..at + ch.len_utf8() })
}
