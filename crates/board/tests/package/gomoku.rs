//! Gomoku's rule sets: which runs make a line under freestyle, exact five, renju and
//! caro, and renju's forbidden points on hand-made positions (the RIF definitions: a five
//! wins whatever else it makes, overline, double-four (two in one line included),
//! double-three, four-three allowed, the "real three" test).

use gridnote_board::renju::Forbidden;
use gridnote_board::{Board, Cell, Gomoku, MoveError, Outcome, Player, Position, Rules};

/// A 15×15 board with black (Player One) on `black` and white on `white`, by cell name.
fn board(black: &[&str], white: &[&str]) -> Board {
    let mut board = Board::new(15, 15).unwrap();
    for (names, cell) in [(black, Cell::ONE), (white, Cell::TWO)] {
        for name in names {
            let (r, c) = board.parse_cell_name(name).unwrap();
            assert_eq!(board.set(r, c, cell), Ok(Cell::Empty), "{name} twice");
        }
    }
    board
}

/// Black's verdict on the point `name` under renju.
fn forbidden(board: &Board, name: &str) -> Option<Forbidden> {
    let (r, c) = board.parse_cell_name(name).unwrap();
    assert_eq!(board.get(r, c), Some(Cell::Empty), "{name} is taken");
    board.forbidden(r, c, Rules::RENJU)
}

/// One row of cells from a picture: `x` One, `o` Two, `.` empty.
fn row(picture: &str) -> Board {
    let cells = picture
        .chars()
        .map(|ch| match ch {
            'x' => Cell::ONE,
            'o' => Cell::TWO,
            _ => Cell::Empty,
        })
        .collect::<Vec<_>>();
    Board::from_cells(1, cells.len(), cells).unwrap()
}

#[test]
fn which_runs_make_a_line() {
    let exact = Rules::GOMOKU_EXACT;
    let one = Outcome::Won(Player::One);
    let two = Outcome::Won(Player::Two);
    let going = Outcome::InProgress;
    for (picture, [freestyle, standard, renju, caro]) in [
        (".xxxxx.", [one, one, one, one]),
        (".xxxxxx", [one, going, going, one]),
        (".oooooo", [two, going, two, two]),
        ("oxxxxxo.", [one, one, one, going]),
        ("xxxxxo.", [one, one, one, one]),
        ("oxxxxxxo.", [one, going, going, one]),
        ("xoooooxx.", [two, two, two, going]),
        ("xxxx.oo", [going, going, going, going]),
    ] {
        let board = row(picture);
        assert_eq!(board.outcome(Rules::GOMOKU), freestyle, "freestyle {picture}");
        assert_eq!(board.outcome(exact), standard, "exact {picture}");
        assert_eq!(board.outcome(Rules::RENJU), renju, "renju {picture}");
        assert_eq!(board.outcome(Rules::CARO), caro, "caro {picture}");
    }
    // A longer run is one line per window, as in freestyle; a run that makes no line
    // gives none.
    assert_eq!(row(".xxxxxx").lines(Rules::CARO).len(), 2);
    assert!(row(".xxxxxx").lines(exact).is_empty());
    // Misère turns the winner as ever.
    assert_eq!(row("oxxxxxxo.").outcome(Rules::CARO.with_misere(true)), two);
}

#[test]
fn the_cells_outcome_agrees_with_the_board_under_every_rule_set() {
    for picture in ["oxxxxxo.", "xxxxxx..", ".ooooo.x", "oooooo.x"] {
        let board = row(picture);
        for gomoku in [Gomoku::Freestyle, Gomoku::Exact, Gomoku::Renju, Gomoku::Caro] {
            let rules = Rules::GOMOKU.with_gomoku(gomoku);
            assert_eq!(
                rules.outcome_of_cells(1, board.cols(), board.cells()),
                Ok(board.outcome(rules)),
                "{picture} {gomoku}"
            );
        }
    }
}

#[test]
fn double_three_double_four_and_overline() {
    // h8 i8 across and j9 j10 up: j8 makes two open threes.
    let b = board(&["h8", "i8", "j9", "j10"], &[]);
    assert_eq!(forbidden(&b, "j8"), Some(Forbidden::DoubleThree));
    // A white stone at k8 closes the row: one three only.
    let b = board(&["h8", "i8", "j9", "j10"], &["k8"]);
    assert_eq!(forbidden(&b, "j8"), None);
    // A split three across (h8 _ j8) and a three up: k8.
    let b = board(&["h8", "j8", "k9", "k10"], &[]);
    assert_eq!(forbidden(&b, "k8"), Some(Forbidden::DoubleThree));
    // Two fours: h8 i8 j8 across, k9 k10 k11 up.
    let b = board(&["h8", "i8", "j8", "k9", "k10", "k11"], &[]);
    assert_eq!(forbidden(&b, "k8"), Some(Forbidden::DoubleFour));
    // Two fours in one line: d8 e8 f8 _ h8 _ j8 k8 l8.
    let b = board(&["d8", "e8", "f8", "j8", "k8", "l8"], &[]);
    assert_eq!(forbidden(&b, "h8"), Some(Forbidden::DoubleFour));
    // And with two: d8 e8 _ g8 h8 _ j8 k8 at g8's place is the middle pair.
    let b = board(&["d8", "e8", "h8", "j8", "k8"], &[]);
    assert_eq!(forbidden(&b, "g8"), Some(Forbidden::DoubleFour));
    // A four and a three are allowed (four-three): h8 i8 j8 across, k9 k10 up.
    let b = board(&["h8", "i8", "j8", "k9", "k10"], &[]);
    assert_eq!(forbidden(&b, "k8"), None);
    // Six in a row.
    let b = board(&["d8", "e8", "f8", "h8", "i8"], &[]);
    assert_eq!(forbidden(&b, "g8"), Some(Forbidden::Overline));
    // White has no forbidden points, and no other rule set has any.
    assert_eq!(b.forbidden_points(Rules::GOMOKU_EXACT), []);
    let (r, c) = b.parse_cell_name("g8").unwrap();
    assert_eq!(b.forbidden(r, c, Rules::CARO), None);
}

#[test]
fn a_five_wins_whatever_else_it_makes() {
    // h8 makes five across (d8..h8) and six up (h4..h7, h8, h9): the five counts.
    let up = ["h4", "h5", "h6", "h7", "h9"];
    let b = board(&[&["d8", "e8", "f8", "g8"][..], &up].concat(), &[]);
    assert_eq!(forbidden(&b, "h8"), None);
    // Without g8 it is a four across and an overline up: forbidden.
    let b = board(&[&["d8", "e8", "f8"][..], &up].concat(), &[]);
    assert_eq!(forbidden(&b, "h8"), Some(Forbidden::Overline));
    // Five across with two fours beside it (up, and up the diagonal).
    let fours = ["h9", "h10", "h11", "i9", "j10", "k11"];
    let b = board(&[&["d8", "e8", "f8", "g8"][..], &fours].concat(), &[]);
    assert_eq!(forbidden(&b, "h8"), None);
    // Without g8: three fours, a double-four.
    let b = board(&[&["d8", "e8", "f8"][..], &fours].concat(), &[]);
    assert_eq!(forbidden(&b, "h8"), Some(Forbidden::DoubleFour));
}

#[test]
fn a_three_counts_only_when_its_straight_four_can_be_played() {
    // h8 makes f8 g8 h8 across and h9 h10 up: two threes.
    let across_and_up = ["f8", "g8", "h9", "h10"];
    let b = board(&across_and_up, &[]);
    assert_eq!(forbidden(&b, "h8"), Some(Forbidden::DoubleThree));
    // e8 and i8, the points that make the straight four across, are overlines for black
    // (columns e and i hold three and three around them): the three across is no three.
    let columns = ["e5", "e6", "e7", "e9", "e10", "e11", "i5", "i6", "i7", "i9", "i10", "i11"];
    let stones: Vec<&str> = across_and_up.iter().chain(&columns).copied().collect();
    let b = board(&stones, &[]);
    assert_eq!(forbidden(&b, "e8"), Some(Forbidden::Overline));
    assert_eq!(forbidden(&b, "h8"), None);
    // With only e8 forbidden, i8 still makes the straight four f8..i8: a real three.
    let stones: Vec<&str> = across_and_up.iter().chain(&columns[..6]).copied().collect();
    let b = board(&stones, &[]);
    assert_eq!(forbidden(&b, "h8"), Some(Forbidden::DoubleThree));
    // A three whose fours would each complete into six on one side is no three:
    // c8 . . f8 g8 h8 . . k8: e8 makes e8..h8, which d8 turns into c8..h8; i8 makes
    // f8..i8, which j8 turns into f8..k8. Neither is a straight four.
    let b = board(&["c8", "f8", "g8", "k8", "h9", "h10"], &[]);
    assert_eq!(forbidden(&b, "h8"), None);
}

#[test]
fn playing_follows_the_forbidden_points() {
    let rules = Rules::RENJU;
    // Black h8 i8 j9 j10, white far away; black to move.
    let b = board(&["h8", "i8", "j9", "j10"], &["a1", "a2", "a3", "a4"]);
    let pos = Position::new(b, Player::One);
    let (r, c) = pos.board.parse_cell_name("j8").unwrap();
    assert!(!pos.moves(rules).contains(&(r, c)));
    assert_eq!(pos.moves(rules).len(), 225 - 8 - 1);
    let err = pos.play(r, c, rules).unwrap_err();
    assert!(matches!(err, MoveError::Forbidden { kind: Forbidden::DoubleThree, .. }));
    assert_eq!(err.to_string(), "j8 is forbidden to black under renju (double-three)");
    // White may play there, and so may black under any other rules.
    assert!(Position::new(pos.board.clone(), Player::Two).play(r, c, rules).is_ok());
    assert!(pos.play(r, c, Rules::GOMOKU_EXACT).is_ok());
    assert_eq!(pos.board.forbidden_points(rules), [((7, 9), Forbidden::DoubleThree)]);
}

#[test]
fn black_with_only_forbidden_points_left_draws() {
    // x x x . x x x: the one empty cell is an overline.
    let board = row("xxx.xxx");
    // Black to move whatever the counts say.
    let pos = Position::new(board.clone(), Player::One);
    assert_eq!(board.outcome(Rules::RENJU), Outcome::InProgress);
    assert_eq!(pos.outcome(Rules::RENJU), Outcome::Drawn);
    assert!(pos.moves(Rules::RENJU).is_empty());
    assert_eq!(Position::new(board, Player::Two).outcome(Rules::RENJU), Outcome::InProgress);
}
