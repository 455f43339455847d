//! The game API: games played through `Tuple` from the start, the text after every move,
//! and the errors of bad moves.

use gridnote_board::{BoardError, CellName, MoveError, Outcome, Player, Rules};
use gridnote_tuple::{Tuple, VARIANTS};

#[test]
fn a_complete_game_to_a_horizontal_win() {
    let rules = Rules::TOMORROWS;
    let mut game = Tuple::default();
    assert_eq!(game.to_string(), "(x ____ ____ ____)");
    let moves = [
        ("b2", "(o ____ _x__ ____)"),
        ("c2", "(x ____ _xo_ ____)"),
        ("b3", "(o _x__ _xo_ ____)"),
        ("b1", "(x _x__ _xo_ _o__)"),
        ("c3", "(o _xx_ _xo_ _o__)"),
        ("a3", "(x oxx_ _xo_ _o__)"),
        ("d3", "(o oxxx _xo_ _o__)"),
    ];
    for (i, (name, text)) in moves.into_iter().enumerate() {
        assert_eq!(game.outcome(rules), Outcome::InProgress, "before move {}", i + 1);
        game = game.play_name(name, rules).unwrap();
        assert_eq!(game.to_string(), text, "after move {} ({name})", i + 1);
        assert_eq!(text.parse::<Tuple>().as_ref(), Ok(&game));
    }
    assert_eq!(game.outcome(rules), Outcome::Won(Player::One));
    assert!(game.position().is_legal(rules));
    assert!(game.moves(rules).is_empty());
    assert_eq!(game.play_name("a1", rules), Err(MoveError::Finished(Outcome::Won(Player::One))));
    // The same board under the other rule sets.
    let outcomes: Vec<Outcome> = VARIANTS.iter().map(|&(_, r)| game.outcome(r)).collect();
    assert_eq!(
        outcomes,
        [
            Outcome::Won(Player::One),
            Outcome::Won(Player::Two),
            Outcome::Won(Player::One),
            Outcome::Won(Player::Two)
        ]
    );
}

#[test]
fn a_complete_game_by_row_and_column_to_a_vertical_win_with_diagonals_on() {
    let rules = Rules::TOMORROWS.with_diagonals(true);
    let mut game = Tuple::start(4, 4).unwrap();
    assert_eq!(game.to_string(), "(x ____ ____ ____ ____)");
    let moves = [
        ((3, 3), "(o ____ ____ ____ ___x)"),
        ((0, 0), "(x o___ ____ ____ ___x)"),
        ((2, 3), "(o o___ ____ ___x ___x)"),
        ((1, 3), "(x o___ ___o ___x ___x)"),
        ((1, 1), "(o o___ _x_o ___x ___x)"),
        ((2, 2), "(x o___ _x_o __ox ___x)"),
        ((3, 1), "(o o___ _x_o __ox _x_x)"),
        ((3, 2), "(x o___ _x_o __ox _xox)"),
        ((2, 1), "(o o___ _x_o _xox _xox)"),
    ];
    for (i, ((row, col), text)) in moves.into_iter().enumerate() {
        assert_eq!(game.outcome(rules), Outcome::InProgress, "before move {}", i + 1);
        game = game.play(row, col, rules).unwrap();
        assert_eq!(game.to_string(), text, "after move {} ({row}, {col})", i + 1);
    }
    // b1, b2, b3: x's column.
    assert_eq!(game.outcome(rules), Outcome::Won(Player::One));
    assert!(game.position().is_legal(rules));
}

#[test]
fn a_misere_game_lost_by_the_player_who_makes_three() {
    let rules = Rules::TOMORROWS.with_misere(true);
    let mut game = Tuple::default();
    let moves = [
        ("a1", "(o ____ ____ x___)"),
        ("b1", "(x ____ ____ xo__)"),
        ("a2", "(o ____ x___ xo__)"),
        ("b2", "(x ____ xo__ xo__)"),
        ("d3", "(o ___x xo__ xo__)"),
        ("c3", "(x __ox xo__ xo__)"),
        ("a3", "(o x_ox xo__ xo__)"),
    ];
    for (name, text) in moves {
        game = game.play_name(name, rules).unwrap();
        assert_eq!(game.to_string(), text);
    }
    // x made the a-file line: under misère, x loses.
    assert_eq!(game.outcome(rules), Outcome::Won(Player::Two));
    assert_eq!(game.outcome(Rules::TOMORROWS), Outcome::Won(Player::One));
}

#[test]
fn a_game_to_a_full_board_tie() {
    // Ends on (x xxox ooxo xoxo), the full-board-tie fixture.
    let rules = Rules::TOMORROWS.with_diagonals(true);
    let mut game = Tuple::default();
    for name in ["a3", "c3", "b3", "a2", "c2", "b2", "a1", "b1", "c1", "d1", "d3", "d2"] {
        assert_eq!(game.outcome(rules), Outcome::InProgress);
        game = game.play_name(name, rules).unwrap();
    }
    assert_eq!(game.to_string(), "(x xxox ooxo xoxo)");
    for (_, rules) in VARIANTS {
        assert_eq!(game.outcome(rules), Outcome::Drawn);
    }
}

#[test]
fn bad_moves_are_errors_and_leave_the_position_alone() {
    let rules = Rules::TOMORROWS;
    let game = Tuple::default().play_name("a1", rules).unwrap();
    assert_eq!(
        game.play_name("a1", rules),
        Err(MoveError::Occupied(CellName { file: 0, rank: 1 }))
    );
    assert_eq!(game.play(2, 0, rules).unwrap_err().to_string(), "a1 is already taken");
    assert_eq!(
        game.play(3, 0, rules),
        Err(MoveError::OffBoard(BoardError::OffBoard { row: 3, col: 0, rows: 3, cols: 4 }))
    );
    assert_eq!(
        game.play_name("e1", rules).unwrap_err().to_string(),
        "cell e1 is off the 3x4 board"
    );
    assert_eq!(
        game.play_name("1a", rules).unwrap_err().to_string(),
        "`1a` is not a cell name: expected file letters and a rank number, like a1"
    );
    assert_eq!(game.to_string(), "(o ____ ____ x___)");
}

#[test]
fn start_positions_of_any_size() {
    assert_eq!(Tuple::start(1, 1).unwrap().to_string(), "(x _)");
    assert_eq!(Tuple::start(2, 3).unwrap().to_string(), "(x ___ ___)");
    assert_eq!(Tuple::start(3, 4).unwrap(), Tuple::default());
    let big = Tuple::start(255, 255).unwrap();
    assert_eq!(big.to_string().len(), 3 + 255 * 256);
    assert_eq!(Tuple::start(0, 4), Err(BoardError::Side { rows: 0, cols: 4 }));
    assert_eq!(Tuple::start(3, 256), Err(BoardError::Side { rows: 3, cols: 256 }));
}

#[test]
fn playing_every_game_of_3x3_keeps_the_text_in_step() {
    // Every game on 3 x 3 with and without diagonals: after each move the text reads back
    // to the same position, and the played cell shows the mover's letter. (Misère play
    // changes who wins, not when a game ends, so it would walk the same trees again.)
    fn walk(game: &Tuple, rules: Rules, games: &mut usize) {
        let moves = game.moves(rules);
        if moves.is_empty() {
            *games += 1;
            return;
        }
        for (row, col) in moves {
            let mover = game.position().to_move;
            let next = game.play(row, col, rules).unwrap();
            let text = next.to_string();
            assert_eq!(text.parse::<Tuple>().as_ref(), Ok(&next));
            let word = text[1..text.len() - 1].split(' ').nth(1 + row).unwrap();
            let letter = if mover == Player::One { b'x' } else { b'o' };
            assert_eq!(word.as_bytes()[col], letter);
            walk(&next, rules, games);
        }
    }
    let mut counts = Vec::new();
    for rules in [Rules::TOMORROWS, Rules::TOMORROWS.with_diagonals(true)] {
        let mut games = 0;
        walk(&Tuple::start(3, 3).unwrap(), rules, &mut games);
        counts.push(games);
    }
    // With diagonals these are the 255,168 games of tic-tac-toe; without, more games run
    // longer.
    assert_eq!(counts, [283_608, 255_168]);
}
