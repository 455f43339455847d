//! The model's constructors and invariants, each syntax error with its exact message and
//! span, size limits, and serde.

use gridnote_board::report::Spanned;
use gridnote_board::{Board, Cell, CellName, Player, Position};
use gridnote_tafl::{Extension, Field, ModelError, ParseError, SemanticProblem, Ten, Tsn};
use gridnote_text::number::NumberError;

const ARD_RI_ROWS: &str = "2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2";

fn tsn_err(text: &str) -> ParseError {
    text.parse::<Tsn>().expect_err(text)
}

fn ten_err(text: &str) -> ParseError {
    text.parse::<Ten>().expect_err(text)
}

#[test]
fn every_syntax_error_has_its_span_field_and_message() {
    let ard = format!("7 8 {ARD_RI_ROWS} a 1 0");
    let cases: Vec<(ParseError, ParseError, &str)> = vec![
        (
            tsn_err("7 8"),
            ParseError::MissingField { field: Field::Rows, expected: 6, found: 2, span: 3..3 },
            "expected 6 fields, found 2: field 3 (piece positions) is missing",
        ),
        (
            ten_err(&ard),
            ParseError::MissingField {
                field: Field::Extension,
                expected: 7,
                found: 6,
                span: 53..53,
            },
            "expected 7 fields, found 6: field 7 (extension) is missing",
        ),
        (
            ten_err(&format!("{ard} - -")),
            ParseError::ExtraField { span: 56..57 },
            "a TEN position has exactly 7 fields: unexpected text after the extension",
        ),
        (
            tsn_err("1 4 k  a 1 0"),
            ParseError::Separator { field: Field::Side, span: 5..7 },
            "fields are separated by a single space: unexpected whitespace before the side to move (field 4)",
        ),
        (
            tsn_err("1 4 k a 01 0"),
            ParseError::Number { field: Field::Ply, reason: NumberError::LeadingZero, span: 8..10 },
            "bad number in the ply (field 5): numbers have no leading zero",
        ),
        (
            tsn_err("1 4é k a 1 0"),
            ParseError::Number {
                field: Field::Defenders,
                reason: NumberError::NotDigit { offset: 1 },
                span: 3..5,
            },
            "bad number in the defenders at the start (field 2): expected a decimal digit",
        ),
        (
            tsn_err("300 4 k a 1 0"),
            ParseError::Size { value: 300, span: 0..3 },
            "the board size must be 1 to 255, found 300",
        ),
        (
            tsn_err("1 10 k a 1 0"),
            ParseError::Defenders { value: 10, span: 2..4 },
            "the defenders at the start must be a positive multiple of 4, found 10",
        ),
        (
            tsn_err("2 4 k1/1q a 1 0"),
            ParseError::BadSquare { found: 'q', text_row: 2, board_row: 0, span: 8..9 },
            "bad character 'q' in row 2 of the text (rank 2, board row 0 from the top): expected `a`, `d`, `k` or an empty-square count `1`-`9`, `A`-`Z` (empty-square counts are uppercase letters)",
        ),
        (
            tsn_err("2 4 k0/2 a 1 0"),
            ParseError::ZeroCount { text_row: 1, board_row: 1, span: 5..6 },
            "`0` is not an empty-square count in row 1 of the text (rank 1, board row 1 from the top): counts are `1`-`9` and `A`-`Z` (10-35)",
        ),
        (
            tsn_err("2 4 k/2 a 1 0"),
            ParseError::RowWidth { text_row: 1, board_row: 1, found: 1, expected: 2, span: 4..5 },
            "row 1 of the text (rank 1, board row 1 from the top) has 1 squares, expected 2",
        ),
        (
            tsn_err("2 4 k1/2/2/2 a 1 0"),
            ParseError::RowCount { found: 4, expected: 2, span: 8..12 },
            "the piece positions have 4 rows, expected 2 (the board size)",
        ),
        (
            tsn_err("2 4 1k/k1 a 1 0"),
            ParseError::SecondKing {
                cell: CellName { file: 0, rank: 2 },
                first: CellName { file: 1, rank: 1 },
                span: 7..8,
            },
            "a second king at a2: only one king is allowed (the first is at b1)",
        ),
        (
            tsn_err("1 4 k b 1 0"),
            ParseError::Side { found: "b".to_owned(), span: 6..7 },
            "the side to move must be `a` (attackers) or `d` (defenders), found \"b\"",
        ),
        (
            tsn_err("1 4 k a 0 0"),
            ParseError::PlyZero { span: 8..9 },
            "the ply must be positive (the first ply is 1), found 0",
        ),
        (
            ten_err("1 4 k a 1 0 id:1"),
            ParseError::Unexpected {
                field: Field::Extension,
                found: None,
                expected: "`:` or a digit of the version",
                span: 16..16,
            },
            "the extension ends too soon: expected `:` or a digit of the version",
        ),
        (
            ten_err("1 4 k a 1 0 i*d:1:"),
            ParseError::Unexpected {
                field: Field::Extension,
                found: Some('*'),
                expected: "`:` or an identifier character (A-Z a-z 0-9 _ . -)",
                span: 13..14,
            },
            "unexpected '*' in the extension: expected `:` or an identifier character (A-Z a-z 0-9 _ . -)",
        ),
    ];
    for (got, want, message) in cases {
        assert_eq!(got, want);
        assert_eq!(got.to_string(), message);
        assert_eq!(Spanned::span(&got), want.span());
    }
}

#[test]
fn errors_name_their_fields() {
    assert_eq!(tsn_err("").field(), Field::Size);
    assert_eq!(tsn_err("1 4 k1 a 1 0").field(), Field::Rows);
    assert_eq!(tsn_err("1 4 k a 1 x").field(), Field::SinceCapture);
    assert_eq!(ten_err("1 4 k a 1 0 - x").field(), Field::Extension);
    assert_eq!(
        Field::ALL.map(Field::name),
        ["size", "defenders", "rows", "side", "ply", "since-capture", "extension"]
    );
    assert_eq!(Field::ALL.map(Field::number), [1, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn the_first_error_in_text_order_is_reported() {
    // A bad character beyond a row's width is still a bad character.
    assert_eq!(tsn_err("2 4 3x/2 a 1 0").code(), "bad-square");
    // Rows are checked before the side, the side before the ply.
    assert_eq!(tsn_err("2 4 3/2 x 0 0").code(), "row-width");
    assert_eq!(tsn_err("2 4 2/2 x 0 0").code(), "side");
}

#[test]
fn sizes_are_bounded_before_allocating_and_runs_cannot_overflow_a_row() {
    // A size beyond u32 or beyond 255 fails on the size field itself.
    assert_eq!(tsn_err("4294967295 4 1 a 1 0"), ParseError::Size { value: u32::MAX, span: 0..10 });
    assert_eq!(tsn_err("4294967296 4 1 a 1 0").code(), "number");
    // A million `Z`s describe 35 million squares of a 3-wide row: an error, no panic.
    let text = format!("3 4 {} a 1 0", "Z".repeat(1_000_000));
    assert_eq!(
        tsn_err(&text),
        ParseError::RowWidth {
            text_row: 1,
            board_row: 2,
            found: 35_000_000,
            expected: 3,
            span: 4..1_000_004
        }
    );
    // Pieces past the edge are not written anywhere either.
    assert_eq!(tsn_err("2 4 aakk/2 a 1 0").code(), "row-width");
}

#[test]
fn the_largest_boards_read_and_write_with_minimal_runs() {
    for size in [35usize, 36, 70, 71, 106, 255] {
        let mut board = Board::new(size, size).unwrap();
        board.set(size / 2, size / 2, Cell::TWO_KING).unwrap();
        board.set(0, size - 1, Cell::ONE).unwrap();
        let tsn = Tsn::new(board, 4, Player::Two, 1, 0).unwrap();
        let text = tsn.to_string();
        assert_eq!(text.parse::<Tsn>().as_ref(), Ok(&tsn), "size {size}");
        let empty_row: String =
            std::iter::repeat_n('Z', size / 35)
                .chain((size % 35 > 0).then(|| {
                    char::from_digit((size % 35) as u32, 36).unwrap().to_ascii_uppercase()
                }))
                .collect();
        assert_eq!(text.split(['/', ' ']).nth(2), Some(empty_row.as_str()), "size {size}");
    }
    let full = format!("255 4 {} a 1 0", vec!["ZZZZZZZA"; 255].join("/"));
    let tsn: Tsn = full.parse().unwrap();
    assert_eq!(tsn.board().counts().empty, 255 * 255);
    assert_eq!(tsn.to_string(), full);
}

#[test]
fn constructors_check_every_invariant() {
    let square = Board::new(3, 3).unwrap();
    assert_eq!(
        Tsn::new(Board::new(3, 4).unwrap(), 4, Player::One, 1, 0),
        Err(ModelError::NotSquare { rows: 3, cols: 4 })
    );
    let mut void = square.clone();
    void.set(1, 2, Cell::Void).unwrap();
    let err = Tsn::new(void, 4, Player::One, 1, 0).unwrap_err();
    assert_eq!(err, ModelError::Cell { cell: CellName { file: 2, rank: 2 }, found: Cell::Void });
    assert_eq!(
        err.to_string(),
        "c2 is a void cell: TSN squares are empty or hold an attacker, a defender or the king"
    );
    let mut one_king = square.clone();
    one_king.set(0, 0, Cell::ONE_KING).unwrap();
    assert_eq!(
        Tsn::new(one_king, 4, Player::One, 1, 0).unwrap_err().to_string(),
        "a3 is Player One's king: TSN squares are empty or hold an attacker, a defender or the king"
    );
    let mut kings = square.clone();
    kings.set(0, 0, Cell::TWO_KING).unwrap();
    kings.set(2, 2, Cell::TWO_KING).unwrap();
    let err = Tsn::new(kings, 4, Player::One, 1, 0).unwrap_err();
    // Text order: the bottom row comes first, so c1 is the first king.
    assert_eq!(
        err.to_string(),
        "a second king at a3: only one king is allowed (the first is at c1)"
    );
    for bad in [0, 2, 6, 4_294_967_295] {
        assert_eq!(
            Tsn::new(square.clone(), bad, Player::One, 1, 0),
            Err(ModelError::Defenders { value: bad })
        );
    }
    assert_eq!(
        ModelError::Defenders { value: 6 }.to_string(),
        "defenders: must be a positive multiple of 4, found 6"
    );
    assert_eq!(Tsn::new(square.clone(), 4, Player::One, 0, 0), Err(ModelError::PlyZero));
    assert_eq!(
        ModelError::PlyZero.to_string(),
        "ply: must be positive (the first ply is 1), found 0"
    );
    let tsn = Tsn::new(square, 4_294_967_292, Player::Two, u32::MAX, u32::MAX).unwrap();
    assert_eq!(tsn.to_string(), "3 4294967292 3/3/3 d 4294967295 4294967295");
}

#[test]
fn extensions_are_checked() {
    assert_eq!(
        Extension::custom("", "1", "x"),
        Err(ModelError::Identifier { found: String::new() })
    );
    assert_eq!(
        Extension::custom("a b", "1", "x").unwrap_err().to_string(),
        "extension identifier \"a b\": expected 1 or more of A-Z a-z 0-9 _ . -"
    );
    assert_eq!(
        Extension::custom("id", "", "x").unwrap_err().to_string(),
        "extension version \"\": expected 1 or more ASCII digits"
    );
    assert_eq!(
        Extension::custom("id", "1", "a\tb").unwrap_err().to_string(),
        "extension data \"a\\tb\": whitespace is not allowed"
    );
    let bad =
        Extension::Custom { identifier: "id".into(), version: "x".into(), data: String::new() };
    let tsn: Tsn = "1 4 k a 1 0".parse().unwrap();
    assert_eq!(Ten::new(tsn.clone(), bad), Err(ModelError::Version { found: "x".into() }));
    // An identifier may be `-` itself: it is custom data, not the no-data marker.
    let dash = Ten::new(tsn.clone(), Extension::custom("-", "0", "").unwrap()).unwrap();
    assert_eq!(dash.to_string(), "1 4 k a 1 0 -:0:");
    assert_eq!(dash.to_string().parse::<Ten>(), Ok(dash));
    // The version is a label: leading zeros stay.
    let ten: Ten = "1 4 k a 1 0 id:0010:".parse().unwrap();
    assert!(matches!(ten.extension(), Extension::Custom { version, .. } if version == "0010"));
}

#[test]
fn conversions_between_tsn_ten_and_position() {
    let tsn: Tsn = "2 4 k1/a1 d 3 1".parse().unwrap();
    let position: Position = tsn.clone().into();
    assert_eq!(position.to_move, Player::Two);
    assert_eq!(position.board.get(1, 0), Some(Cell::TWO_KING));
    assert_eq!(Position::from(&tsn), position);
    assert_eq!(Tsn::from_position(position, 4, 3, 1), Ok(tsn.clone()));
    let ten = Ten::from(tsn.clone());
    assert_eq!(ten.extension(), &Extension::None);
    assert_eq!(AsRef::<Tsn>::as_ref(&ten), &tsn);
    assert_eq!(Tsn::from(ten), tsn);
}

#[test]
fn semantic_problems_are_all_reported_with_their_numbers() {
    let tsn: Tsn = "3 4 ddd/ddd/aaa a 2 2".parse().unwrap();
    let problems = tsn.problems();
    assert_eq!(
        problems,
        [
            SemanticProblem::TooManyDefenders { on_board: 6, at_start: 4 },
            SemanticProblem::SinceCaptureNotBelowPly { since_capture: 2, ply: 2 },
            SemanticProblem::NoKing,
        ]
    );
    let messages: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "6 defenders on the board, more than the 4 at the start",
            "2 plies since the last capture is not below the ply 2 (at ply 2 at most 1 plies have been played)",
            "no king on the board (possible only once the game is over)",
        ]
    );
    let names: Vec<&str> = problems.iter().map(SemanticProblem::name).collect();
    assert_eq!(names, ["too-many-defenders", "since-capture-not-below-ply", "no-king"]);
    // The king is not a defender; the limits are inclusive.
    let full: Tsn = "3 4 aaa/dkd/add a 5 4".parse().unwrap();
    assert_eq!(full.problems(), []);
    let attackers: Tsn = "5 4 aaaaa/aaaa1/3k1/5/5 a 1 0".parse().unwrap();
    assert_eq!(
        attackers.problems(),
        [SemanticProblem::TooManyAttackers { on_board: 9, defenders: 4 }]
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_text() {
    let tsn: Tsn = "7 8 11aaa11/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0".parse().unwrap();
    let json = serde_json::to_string(&tsn).unwrap();
    assert_eq!(json, format!("\"7 8 {ARD_RI_ROWS} a 1 0\""));
    assert_eq!(serde_json::from_str::<Tsn>(&json).unwrap(), tsn);
    let ten: Ten = format!("7 8 {ARD_RI_ROWS} a 1 0 example:1:escape=corners").parse().unwrap();
    let json = serde_json::to_string(&ten).unwrap();
    assert_eq!(json, format!("\"7 8 {ARD_RI_ROWS} a 1 0 example:1:escape=corners\""));
    assert_eq!(serde_json::from_str::<Ten>(&json).unwrap(), ten);
    let err = serde_json::from_str::<Tsn>("\"7 8\"").unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected 6 fields, found 2: field 3 (piece positions) is missing at line 1 column 5"
    );
    assert!(serde_json::from_str::<Ten>("42").is_err());
    let problem =
        serde_json::to_string(&SemanticProblem::TooManyDefenders { on_board: 5, at_start: 4 })
            .unwrap();
    assert_eq!(problem, r#"{"problem":"too-many-defenders","on_board":5,"at_start":4}"#);
}

/// A setup's extension is TEN's own typed `Extension`: written as it is, `-` for the
/// empty payload (not derived), and another format's data dropped with a note.
#[test]
fn ten_writes_its_typed_extension_and_drops_other_payloads() {
    use gridnote_board::notation::{Notation, NotationExt};
    use gridnote_board::setup::{Payload, Setup};

    /// Some other format's data.
    #[derive(Debug, PartialEq, Eq)]
    struct Other;
    impl std::fmt::Display for Other {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("other:1:data")
        }
    }

    let setup = Ten::read("3 4 3/1a1/2d a 3 2 id:007:a:b", &()).unwrap();
    let payload = setup.extension.clone().unwrap();
    assert_eq!(payload, Payload::new(Extension::custom("id", "007", "a:b").unwrap()));
    assert_eq!(payload.to_string(), "id:007:a:b");
    let base = Setup::new(setup.board.clone()).with_to_move(Player::One);
    let write = |extension: Option<Payload>| {
        let mut setup = base.clone();
        setup.extension = extension;
        let mut notes = Vec::new();
        let value = Ten::from_setup(setup, &(), &mut notes).unwrap();
        let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
        (value.to_string(), notes)
    };
    let tsn = "3 4 3/1a1/2d a 3 2";
    assert_eq!(write(Some(payload)), (format!("{tsn} id:007:a:b"), vec![]));
    assert_eq!(write(Some(Payload::EMPTY)), (format!("{tsn} -"), vec![]));
    assert_eq!(
        write(None),
        (format!("{tsn} -"), vec!["derived extension - (no custom data)".to_owned()])
    );
    assert_eq!(
        write(Some(Payload::new(Other))),
        (
            format!("{tsn} -"),
            vec![
                "dropped extension other:1:data (another format's data, not a TEN extension)"
                    .to_owned()
            ]
        )
    );
    // A custom extension a program built unchecked is refused as `Ten::new` refuses it.
    let bad = Extension::Custom { identifier: "a b".into(), version: "1".into(), data: "".into() };
    let mut setup = base.clone();
    setup.extension = Some(Payload::new(bad));
    assert_eq!(
        Ten::write(setup, &(), &mut Vec::new()),
        Err(ModelError::Identifier { found: "a b".into() })
    );
}
