//! The TSN/TEN proposal's own examples: they read, pass the semantic check and write back
//! byte for byte; the TEN variants keep their extension.

use gridnote_board::{Cell, Player};
use gridnote_tafl::{Extension, Ten, Tsn};

const ARD_RI: &str = "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0";
const ALEA_EVANGELII: &str = "19 24 2a2a7a2a2/J/a4a7a4a/7a1a1a7/6a1d1d1a6/a1a2a7a2a1a/4a4d4a4/3a4d1d4a3/4d2d1d1d2d4/3a2d1dkd1d2a3/4d2d1d1d2d4/3a4d1d4a3/4a4d4a4/a1a2a7a2a1a/6a1d1d1a6/7a1a1a7/a4a7a4a/J/2a2a7a2a2 d 1 0";
const HNEFATAFL: &str =
    "11 12 3aaaaa3/5a5/B/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/B/5a5/3aaaaa3 a 1 0";

#[test]
fn the_three_examples_read_check_and_write_back_byte_for_byte() {
    for (text, size, defenders, attackers, to_move) in [
        (ARD_RI, 7, 8, 16, Player::One),
        (ALEA_EVANGELII, 19, 24, 48, Player::Two),
        (HNEFATAFL, 11, 12, 24, Player::One),
    ] {
        let tsn: Tsn = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(tsn.board().rows(), size);
        assert_eq!(tsn.board().cols(), size);
        assert_eq!(tsn.defenders(), defenders);
        assert_eq!(tsn.to_move(), to_move);
        assert_eq!((tsn.ply(), tsn.since_capture()), (1, 0));
        let counts = tsn.board().counts();
        assert_eq!(counts.pieces, [attackers, defenders as usize + 1]);
        assert_eq!(counts.kings, [0, 1]);
        assert_eq!(tsn.problems(), []);
        assert_eq!(tsn.to_string(), text);
        let mut out = String::new();
        tsn.write_to(&mut out);
        assert_eq!(out, text);
    }
}

#[test]
fn rows_are_read_bottom_to_top() {
    // "In the Ard Ri example, the first character of the first sub-field describes
    // algebraic chess notation's a1 position."
    let tsn: Tsn = "3 4 a2/1k1/2d a 1 0".parse().unwrap();
    let board = tsn.board();
    assert_eq!(board.parse_cell_name("a1"), Ok((2, 0)));
    assert_eq!(board.get(2, 0), Some(Cell::ONE)); // a1: first character of the text
    assert_eq!(board.get(1, 1), Some(Cell::TWO_KING)); // b2
    assert_eq!(board.get(0, 2), Some(Cell::TWO)); // c3: last row of the text is the top
    assert_eq!(board.counts().empty, 6);
}

#[test]
fn hnefatafl_king_is_at_f6_and_alea_evangelii_king_at_j10() {
    let h: Tsn = HNEFATAFL.parse().unwrap();
    let (r, c) = h.board().parse_cell_name("f6").unwrap();
    assert_eq!(h.board().get(r, c), Some(Cell::TWO_KING));
    let a: Tsn = ALEA_EVANGELII.parse().unwrap();
    let (r, c) = a.board().parse_cell_name("j10").unwrap();
    assert_eq!(a.board().get(r, c), Some(Cell::TWO_KING));
}

#[test]
fn the_two_ten_variants() {
    let plain = format!("{ARD_RI} -");
    let ten: Ten = plain.parse().unwrap();
    assert_eq!(ten.extension(), &Extension::None);
    assert_eq!(ten.tsn().to_string(), ARD_RI);
    assert_eq!(ten.to_string(), plain);

    let custom = format!("{ARD_RI} example:1:escape=corners");
    let ten: Ten = custom.parse().unwrap();
    assert_eq!(
        ten.extension(),
        &Extension::Custom {
            identifier: "example".to_owned(),
            version: "1".to_owned(),
            data: "escape=corners".to_owned(),
        }
    );
    assert_eq!(ten.problems(), []);
    assert_eq!(ten.to_string(), custom);
}

#[test]
fn the_tsn_reader_ignores_trailing_whitespace_and_fields() {
    let ard: Tsn = ARD_RI.parse().unwrap();
    for suffix in
        [" ", "   ", "\n", "\r\n", "\t", " -", " example:1:escape=corners", " a b c d", " x\t\ty"]
    {
        let text = format!("{ARD_RI}{suffix}");
        assert_eq!(text.parse::<Tsn>().as_ref(), Ok(&ard), "{text:?}");
    }
    // Only one space may come before further fields (issue 18: `0\t5` is not `0`).
    for suffix in ["\t\tx", "\t5", "  x", "\n5", "\u{a0}96"] {
        let text = format!("{ARD_RI}{suffix}");
        assert_eq!(text.parse::<Tsn>().unwrap_err().code(), "separator", "{text:?}");
    }
}

#[test]
fn the_ten_reader_requires_the_seventh_field_and_nothing_after_it() {
    assert_eq!(ARD_RI.parse::<Ten>().unwrap_err().code(), "missing-field");
    assert_eq!(format!("{ARD_RI} ").parse::<Ten>().unwrap_err().code(), "missing-field");
    assert_eq!(format!("{ARD_RI} - x").parse::<Ten>().unwrap_err().code(), "extra-field");
    assert!(format!("{ARD_RI} -\r\n").parse::<Ten>().is_ok());
    assert!(format!("{ARD_RI} - \t ").parse::<Ten>().is_ok());
}

#[test]
fn one_one_one_and_twelve_are_both_three_squares() {
    let a: Tsn = "3 4 111/12/21 a 1 0".parse().unwrap();
    let b: Tsn = "3 4 3/3/3 a 1 0".parse().unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "3 4 3/3/3 a 1 0");
    // "12" is 1 + 2, never twelve: on a 12-wide board it is a short row.
    let err = "12 4 12/C/C/C/C/C/C/C/C/C/C/C a 1 0".parse::<Tsn>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "row 1 of the text (rank 1, board row 11 from the top) has 3 squares, expected 12"
    );
}
