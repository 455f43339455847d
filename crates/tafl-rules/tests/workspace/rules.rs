//! The rules, each with a position that shows it (docs/tafl-rules.md). The answers are
//! OpenTafl's (checked with tools/opentafl-harness).

use gridnote_tafl_rules::board::Player;
use gridnote_tafl_rules::board::tafl::piece_letter;
use gridnote_tafl_rules::{CompiledRules, Outcome, Position, Reason};

fn start(record: &str) -> Position {
    Position::start(&record.parse::<CompiledRules>().unwrap_or_else(|e| panic!("{record}: {e}")))
}

/// Plays `moves` and returns the text of the last one as the engine writes it.
fn play(pos: &mut Position, moves: &[&str]) -> String {
    let mut last = String::new();
    for m in moves {
        last = pos.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}")).text;
    }
    last
}

#[test]
fn a_taflman_is_captured_between_two_enemies_not_by_moving_between_them() {
    let mut pos = start("dim:7 surf:n start:/7/7/1t1Tt2/7/3t3/7/3K3/");
    assert_eq!(play(&mut pos, &["b3-c3"]), "b3-c3xd3");
    let mut pos = start("dim:7 surf:n atkf:n start:/7/7/1t3t1/7/7/7/2TK3/");
    // The defender moves between two attackers and survives.
    assert_eq!(play(&mut pos, &["c7-c3"]), "c7-c3");
    assert_eq!(pos.piece_at("c3".parse().unwrap()).map(piece_letter), Some('T'));
}

#[test]
fn the_strong_king_needs_four_hostile_sides_the_weak_king_two() {
    let strong = "dim:7 surf:n start:/7/7/7/2t4/1tK1t2/7/7/";
    let mut pos = start(strong);
    assert_eq!(play(&mut pos, &["e5-d5"]), "e5-d5");
    assert_eq!(pos.outcome(), Outcome::Ongoing);
    let mut pos = start("dim:7 surf:n start:/T6/7/7/2t4/1tK1t2/2t4/7/");
    assert_eq!(play(&mut pos, &["e5-d5"]), "e5-d5xKc5");
    assert_eq!(pos.outcome(), Outcome::Won { winner: Player::One, reason: Reason::KingCaptured });
    let mut pos = start("dim:7 surf:n ks:w start:/7/7/7/7/1tK1t2/7/7/");
    assert_eq!(play(&mut pos, &["e5-d5"]), "e5-d5xKc5");
}

#[test]
fn the_king_escapes_to_a_corner_or_an_edge() {
    let mut pos = start("dim:7 surf:n atkf:n start:/7/7/7/K5t/7/7/7/");
    assert_eq!(play(&mut pos, &["Ka4-a1"]), "Ka4-a1");
    assert_eq!(pos.outcome(), Outcome::Won { winner: Player::Two, reason: Reason::KingEscaped });
    let mut pos = start("dim:7 esc:e surf:n atkf:n start:/7/7/7/1K4t/7/7/7/");
    assert_eq!(play(&mut pos, &["Kb4-a4"]), "Kb4-a4");
    assert_eq!(pos.outcome(), Outcome::Won { winner: Player::Two, reason: Reason::KingEscaped });
    // Only the king may stop on a corner.
    let pos = start("dim:7 surf:n start:/1t5/7/7/3K3/7/7/7/");
    assert!(!pos.is_legal("b1-a1".parse().unwrap()));
}

#[test]
fn a_first_move_never_completes_a_flanking_shieldwall() {
    let record = "dim:7 sw:s surf:n start:/1TT4/1tt4/7/3t2t/7/7/3K3/";
    let mut pos = start(record);
    assert_eq!(play(&mut pos, &["d4-d1"]), "d4-d1");
    let mut pos = start(record);
    assert_eq!(play(&mut pos, &["d4-d3", "Kd7-c7", "d3-d1"]), "d3-d1xb1/c1");
    // OpenTafl's own record of that move leaves the shieldwall captures out.
    let mut pos = start(record);
    play(&mut pos, &["d4-d3", "Kd7-c7"]);
    assert_eq!(pos.parse_move("d3-d1"), Ok("d3-d1".parse().unwrap()));
    assert!(pos.parse_move("d3-d1xb1").is_err());
}

#[test]
fn captures_happen_only_where_the_move_captured_before_it_was_made() {
    let mut pos = start("dim:7 surf:n start:/7/7/3c3/7/7/1tK4/7/");
    assert_eq!(play(&mut pos, &["cd3-d6"]), "cd3-d6");
    let mut pos = start("dim:7 surf:n start:/T6/7/3c3/7/7/1tK1Tt1/7/");
    assert_eq!(play(&mut pos, &["cd3-d6"]), "cd3-d6xKc6/e6");
    assert_eq!(pos.outcome(), Outcome::Won { winner: Player::One, reason: Reason::KingCaptured });
}

#[test]
fn a_captured_mercenary_changes_sides() {
    let mut pos = start("dim:7 surf:n start:/7/7/1t1Mt2/7/7/7/3K3/");
    assert_eq!(play(&mut pos, &["b3-c3"]), "b3-c3xMd3");
    assert_eq!(pos.piece_at("d3".parse().unwrap()).map(piece_letter), Some('m'));
}

#[test]
fn a_guard_is_never_captured_by_custody() {
    let mut pos = start("dim:7 surf:n start:/7/7/1t1Gt2/7/7/7/3K3/");
    assert_eq!(play(&mut pos, &["b3-c3"]), "b3-c3");
    assert_eq!(pos.piece_at("d3".parse().unwrap()).map(piece_letter), Some('G'));
}

#[test]
fn the_third_repetition_decides_by_tfr() {
    // Back and forth twice: the start position occurs a third time.
    let moves = ["a4-a5", "Kd1-c1", "a5-a4", "Kc1-d1", "a4-a5", "Kd1-c1", "a5-a4", "Kc1-d1"];
    for (tfr, outcome) in [
        ("d", Outcome::Drawn { reason: Reason::Repetition }),
        ("i", Outcome::Drawn { reason: Reason::Repetition }),
        // w: the side to move next wins (the attackers); l: the mover wins.
        ("w", Outcome::Won { winner: Player::One, reason: Reason::Repetition }),
        ("l", Outcome::Won { winner: Player::Two, reason: Reason::Repetition }),
    ] {
        let mut pos = start(&format!("dim:7 surf:n tfr:{tfr} start:/3K3/7/7/t6/7/7/6t/"));
        play(&mut pos, &moves[..7]);
        assert_eq!(pos.outcome(), Outcome::Ongoing, "tfr:{tfr}");
        play(&mut pos, &moves[7..]);
        assert_eq!(pos.occurrences(), 3);
        assert_eq!(pos.outcome(), outcome, "tfr:{tfr}");
    }
}

#[test]
fn speed_limits_and_jumps() {
    // A speed limit of 1 for the king (Magpie's), against none.
    let limited = "spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1,";
    let pos = start(&format!("dim:7 surf:n atkf:n {limited} start:/7/7/7/7/1K5/7/t6/"));
    assert_eq!(pos.legal_moves().len(), 4);
    let pos = start("dim:7 surf:n atkf:n start:/7/7/7/7/1K5/7/t6/");
    assert_eq!(pos.legal_moves().len(), 12);
    // A knight's capturing jump over a taflman (nj:c is the default).
    let mut pos = start("dim:7 surf:n start:/7/7/3n3/3T3/7/7/3K3/");
    assert_eq!(play(&mut pos, &["nd3^d5"]), "nd3^d5xd4");
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips() {
    use gridnote_tafl_rules::Move;
    use gridnote_tafl_rules::board::Piece;
    let m: Move = "d1-d4".parse().unwrap();
    let json = serde_json::to_string(&m).unwrap();
    assert_eq!(json, r#"{"from":{"file":3,"rank":0},"to":{"file":3,"rank":3}}"#);
    assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m);
    let king = Piece::king(Player::Two);
    assert_eq!(serde_json::to_string(&king).unwrap(), r#"{"player":"two","role":"king"}"#);
    assert!(serde_json::from_str::<Piece>(r#""K""#).is_err());
    let o = Outcome::Won { winner: Player::Two, reason: Reason::EdgeFort };
    let json = serde_json::to_string(&o).unwrap();
    assert_eq!(json, r#"{"won":{"winner":"two","reason":"edge_fort"}}"#);
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), o);
}
