//! Gomoku records (docs/psq.md): bytes → read as a Piskvork `.psq` record and as a move
//! list → if accepted, write → read → equal; an accepted record or list replays under
//! every gomoku rule set without a panic, and its positions agree with its replay.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_board::{Player, Rules};
use gridnote_psq::{MoveList, Psq, Replay};
use libfuzzer_sys::fuzz_target;

/// The rule sets a record is replayed under.
const RULES: [Rules; 4] = [Rules::GOMOKU, Rules::GOMOKU_EXACT, Rules::RENJU, Rules::CARO];

/// A replay's positions: the empty board first, one stone more at each ply, the side to
/// move alternating from Player One, none past the last ply.
fn check_replay(replay: &Replay) {
    let plies = replay.plies();
    assert_eq!(replay.moves().len(), plies);
    if let Some(end) = replay.end() {
        assert_eq!(end.ply(), plies, "the game ends at its last ply");
    }
    for ply in [0, plies / 2, plies] {
        let position = replay.position(ply).expect("a ply of the game");
        let counts = position.board.counts();
        assert_eq!(counts.of(Player::One) + counts.of(Player::Two), ply);
        let expected = if ply % 2 == 0 { Player::One } else { Player::Two };
        assert_eq!(position.to_move, expected);
    }
    assert!(replay.position(plies + 1).is_none());
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    common::round_trip::<Psq>(text);
    common::round_trip::<MoveList>(text);
    if let Ok(record) = text.parse::<Psq>() {
        for rules in RULES {
            if let Ok(replay) = record.replay(rules) {
                check_replay(&replay);
            }
        }
    }
    if let Ok(list) = text.parse::<MoveList>() {
        for rules in RULES {
            if let Ok(replay) = list.replay(15, 15, rules) {
                check_replay(&replay);
            }
        }
    }
});
