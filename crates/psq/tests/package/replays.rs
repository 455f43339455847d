//! Replays under each rule set: the end, the positions, the errors.

use gridnote_board::renju::Forbidden;
use gridnote_board::{Player, Rules};
use gridnote_psq::{End, MoveList, Psq, ReplayError};

#[test]
fn a_six_wins_in_freestyle_and_is_forbidden_to_black_under_renju() {
    // Black d8 e8 f8 h8 i8, then g8 makes six; white plays on the a-file.
    let list: MoveList = "d8a1e8a2f8a3h8a5i8b2g8".parse().unwrap();
    let end = |rules| list.replay(15, 15, rules).unwrap().end();
    assert_eq!(end(Rules::GOMOKU), Some(End::Line { winner: Player::One, ply: 11 }));
    assert_eq!(end(Rules::GOMOKU_EXACT), None);
    assert_eq!(end(Rules::CARO), Some(End::Line { winner: Player::One, ply: 11 }));
    let renju = end(Rules::RENJU).unwrap();
    assert!(
        matches!(renju, End::Forbidden { ply: 11, kind: Forbidden::Overline, .. }),
        "{renju:?}"
    );
    assert_eq!(renju.winner(), Some(Player::Two));
}

#[test]
fn a_move_after_the_end_and_a_taken_cell_are_errors() {
    let list: MoveList = "h8a1h9a2h10a3h11a4h12a5".parse().unwrap();
    let err = list.replay(15, 15, Rules::GOMOKU).unwrap_err();
    assert_eq!(err.to_string(), "ply 10 (a5): the game ended at ply 9");
    let record: Psq = "Piskvorky 15x15, 0:0, 0\n8,8\n8,8\n".parse().unwrap();
    let err = record.replay(Rules::GOMOKU).unwrap_err();
    assert!(matches!(err, ReplayError::Move { ply: 2, .. }), "{err:?}");
    assert_eq!(err.to_string(), "ply 2 (8,8): h8 is already taken");
    let err = "h8".parse::<MoveList>().unwrap().replay(0, 15, Rules::GOMOKU).unwrap_err();
    assert_eq!(err.to_string(), "a 0x15 board is out of range: each side must be 1 to 255");
}

#[test]
fn positions_follow_the_plies() {
    let record: Psq = "Piskvorky 15x15, 0:0, 0\n8,8\n9,8\n8,9\n".parse().unwrap();
    let replay = record.replay(Rules::RENJU).unwrap();
    assert_eq!(replay.plies(), 3);
    let last = replay.position(3).unwrap();
    assert_eq!(last.board.get(7, 7), Some(gridnote_board::Cell::ONE));
    assert_eq!(last.board.get(7, 8), Some(gridnote_board::Cell::TWO));
    assert_eq!(last.board.get(8, 7), Some(gridnote_board::Cell::ONE));
    assert_eq!(last.to_move, Player::Two);
    assert_eq!(replay.position(0).unwrap().board.counts().occupied(), 0);
    assert_eq!(replay.position(4), None);
    // The move list of the same game, and the record's cells in it.
    let list: MoveList = "h8 i8 h7".parse().unwrap();
    assert_eq!(list.replay(15, 15, Rules::RENJU).unwrap().moves(), replay.moves());
}
