//! Game records of many variations are read and every line laid out and replayed with
//! memory linear in the number of lines: twice the lines, about twice the bytes (a
//! search of the lines per line made it quadratic). Counted in bytes allocated, not in
//! time. (One test: the allocation counter is global.)

use gridnote_otn::{Game, LinePath};
use gridnote_testkit::memory;

gridnote_testkit::count_allocations!();

/// A Brandubh game of one main-line turn and `variations` one-move variations of it.
fn record(variations: usize) -> String {
    let rules = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let mut text = format!("[rules:{rules}]\n\n1. d2-c2 d3-d2\n");
    for i in 1..=variations {
        text.push_str(&format!("\n1a.{i}.1a. d2-e2\n"));
    }
    text
}

/// The bytes allocated to read `text` and lay out and replay every line.
fn bytes(text: &str) -> usize {
    let (bytes, plies) = memory::allocated(|| {
        let game: Game = text.parse().expect("reads");
        let mut plies = 0;
        for line in game.lines() {
            plies += game.line_moves(&line).expect("lays out").len();
            plies += game.replay(&line).expect("replays").plies.len();
        }
        assert!(game.lines().contains(&LinePath::MAIN));
        plies
    });
    assert!(plies > 0);
    bytes
}

#[test]
fn many_variations_cost_memory_linear_in_their_number() {
    let (small, large) = (bytes(&record(1_000)), bytes(&record(2_000)));
    assert!(
        large * 10 <= small * 23,
        "1,000 variations: {small} bytes; 2,000: {large} bytes (more than 2.3 times)"
    );
}
