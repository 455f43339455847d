//! Board construction, names, counts, drawing and error rendering.

use gridnote_board::report::{render, render_caret};
use gridnote_board::{Board, BoardError, Cell, CellNameError, Glyphs, Player, Rules};
use quickcheck_macros::quickcheck;

#[test]
fn constructors_validate_sides_and_counts() {
    assert_eq!(Board::new(0, 1), Err(BoardError::Side { rows: 0, cols: 1 }));
    assert_eq!(Board::new(1, 256), Err(BoardError::Side { rows: 1, cols: 256 }));
    assert_eq!(Board::new(255, 255).unwrap().cells().len(), 65_025);
    assert_eq!(
        Board::from_cells(2, 2, vec![Cell::Empty; 3]),
        Err(BoardError::CellCount { expected: 4, found: 3 })
    );
    assert_eq!(
        Board::new(2, 2).unwrap().set(2, 0, Cell::ONE).unwrap_err().to_string(),
        "row 2, column 0 is off the 2x2 board"
    );
    assert_eq!(
        Board::new(0, 300).unwrap_err().to_string(),
        "a 0x300 board is out of range: each side must be 1 to 255"
    );
}

#[test]
fn cell_names_are_algebraic_from_the_bottom_left() {
    let board = Board::new(3, 4).unwrap();
    assert_eq!(board.cell_name(2, 0).to_string(), "a1");
    assert_eq!(board.cell_name(0, 3).to_string(), "d3");
    assert_eq!(board.parse_cell_name("a1"), Ok((2, 0)));
    assert_eq!(board.parse_cell_name("d3"), Ok((0, 3)));
    for bad in ["", "1", "a", "A1", "a01", "a-1", "abc1", "a1x"] {
        assert_eq!(
            board.parse_cell_name(bad),
            Err(CellNameError::Syntax { name: bad.to_owned() }),
            "{bad:?}"
        );
    }
    assert_eq!(
        board.parse_cell_name("a4").unwrap_err().to_string(),
        "cell a4 is off the 3x4 board"
    );
    let wide = Board::new(1, 255).unwrap();
    assert_eq!(wide.cell_name(0, 25).to_string(), "z1");
    assert_eq!(wide.cell_name(0, 26).to_string(), "aa1");
    assert_eq!(wide.cell_name(0, 254).to_string(), "iu1");
    for col in 0..255 {
        let name = wide.cell_name(0, col).to_string();
        assert_eq!(wide.parse_cell_name(&name), Ok((0, col)), "{name}");
    }
}

#[test]
fn counts_and_side_to_move() {
    let board =
        Board::from_cells(1, 5, vec![Cell::ONE, Cell::ONE, Cell::TWO, Cell::Void, Cell::Empty])
            .unwrap();
    let counts = board.counts();
    assert_eq!(counts.pieces, [2, 1]);
    assert_eq!((counts.void, counts.empty, counts.occupied()), (1, 1, 3));
    assert_eq!(counts.side_to_move(), Some(Player::Two));
    let two_ahead = Board::from_cells(1, 2, vec![Cell::ONE, Cell::ONE]).unwrap();
    assert_eq!(two_ahead.counts().side_to_move(), None);
}

#[test]
fn drawing_has_ranks_and_files() {
    let board = Board::from_cells(
        3,
        3,
        vec![
            Cell::Void,
            Cell::ONE,
            Cell::TWO,
            Cell::Empty,
            Cell::TWO_KING,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
        ],
    )
    .unwrap();
    assert_eq!(board.draw(), "3 . x o\n2 _ K _\n1 _ _ _\n  a b c\n");
    assert_eq!(board.draw_with(&Glyphs::TAFL), "3 . a d\n2 _ k _\n1 _ _ _\n  a b c\n");
    let tall = Board::new(10, 2).unwrap().draw();
    assert!(tall.starts_with("10 _ _\n 9 _ _\n"), "{tall}");
    assert!(tall.ends_with(" 1 _ _\n   a b\n"), "{tall}");
    let wide = Board::new(1, 28).unwrap().draw();
    assert!(wide.ends_with("  y  z aa ab\n"), "{wide}");
}

#[test]
fn outcome_and_lines() {
    let rules = Rules::TIC_TAC_TOE;
    // o on the anti-diagonal.
    let board =
        Board::from_fn(3, 3, |r, c| if r + c == 2 { Cell::TWO } else { Cell::Empty }).unwrap();
    let lines = board.lines(rules);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].start, (0, 2));
    assert_eq!(lines[0].step, (1, -1));
    assert!(board.lines(Rules::TOMORROWS).is_empty());
    // Void cells break lines.
    let broken = Board::from_cells(1, 3, vec![Cell::ONE, Cell::Void, Cell::ONE]).unwrap();
    assert!(broken.lines(rules.with_in_a_row(2)).is_empty());
    assert_eq!(broken.outcome(rules), gridnote_board::Outcome::Drawn);
}

#[test]
fn rendering_puts_the_caret_under_the_span() {
    assert_eq!(
        render("3_/3_/3_ X", 9..10, "bad side `X`: pieces are lowercase"),
        "error: bad side `X`: pieces are lowercase\n  | 3_/3_/3_ X\n  |          ^\n"
    );
    // Missing text at the end: one caret after the input.
    assert_eq!(render_caret("3_/3_/3_", 8..8), "  | 3_/3_/3_\n  |         ^\n");
    // Multi-byte characters count as one column.
    assert_eq!(render_caret("é_x", 2..3), "  | é_x\n  |  ^\n");
    // Only the line holding the span is shown.
    assert_eq!(render_caret("ab\ncd", 4..5), "  | cd\n  |  ^\n");
    // Out-of-range or mid-character spans are clamped, not a panic.
    assert_eq!(render_caret("é", 1..40), "  | é\n  | ^\n");
}

#[quickcheck]
fn rendering_never_panics(input: String, start: usize, len: usize) -> bool {
    let start = start % (input.len() + 2);
    let text = render_caret(&input, start..start.saturating_add(len % 8));
    text.lines().count() >= 2
}
