//! The evaluation's enclosure feature on Copenhagen boards: the empty squares the
//! attackers have cut off from every defender.

use gridnote_tafl_rules::board::Player;
use gridnote_tafl_rules::{CompiledRules, Position};
use gridnote_tafl_search::{Weights, evaluate};

/// Weights that count the enclosed squares only, once each, with no tempo.
fn enclosed_only() -> Weights {
    Weights {
        attacker: 0,
        defender: 0,
        king_distance: 0,
        escape_route: 0,
        escape_route_2: 0,
        cordon: 0,
        king_pressure: 0,
        tempo: 0,
        enclosed: 1,
    }
}

fn copenhagen(record: &str, to_move: Player) -> Position {
    Position::from_record(&CompiledRules::copenhagen(), record, to_move).expect("a position")
}

#[test]
fn squares_cut_off_from_every_defender_are_enclosed() {
    // The record's rows run from rank 1. The attackers on c1, b2 and a3 cut off the
    // corner a1 and a2, b1; those on c8, b9, d9 and c10 cut off c9. The king on f6 and the
    // defender on e6 reach every other empty square.
    let record = "/2t8/1t9/t10/11/11/4TK5/11/2t8/1t1t7/2t8/11/";
    assert_eq!(evaluate(&copenhagen(record, Player::One), &enclosed_only()), 4);
    // Counted for the attackers: against the defenders when they are to move.
    assert_eq!(evaluate(&copenhagen(record, Player::Two), &enclosed_only()), -4);
}

#[test]
fn a_defender_inside_a_pocket_opens_it() {
    // As above with the defender on c9, inside the small pocket: only the corner's three
    // squares are cut off.
    let record = "/2t8/1t9/t10/11/11/5K5/11/2t8/1tTt7/2t8/11/";
    assert_eq!(evaluate(&copenhagen(record, Player::One), &enclosed_only()), 3);
}

#[test]
fn defenders_are_not_walls() {
    // Defenders on c1, b2 and a3 stand where the attackers stood: a defender can step
    // aside, so nothing is cut off.
    let record = "/2T8/1T9/T10/11/11/5K5/11/11/11/11/11/";
    assert_eq!(evaluate(&copenhagen(record, Player::One), &enclosed_only()), 0);
}

#[test]
fn a_ring_around_the_king_encloses_the_rest_of_the_board() {
    // Attackers on f5, e6, g6 and f7 around the king on f6, the only defender: all 116
    // other empty squares are out of its reach.
    let record = "/11/11/11/11/5t5/4tKt4/5t5/11/11/11/11/";
    assert_eq!(evaluate(&copenhagen(record, Player::One), &enclosed_only()), 121 - 5);
}
