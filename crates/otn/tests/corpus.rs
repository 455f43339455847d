//! The corpus of invalid OTN (fixtures/corpus/otn): every input is rejected with a span
//! inside it; none panics. `position.txt`, `rules.txt` and `move.txt` hold records of
//! that kind; `game.txt` holds game records, rejected when read or when one of their
//! lines is replayed.

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;

use gridnote_otn::{Game, MoveRecord, PositionRecord, RulesRecord};

#[test]
fn every_invalid_otn_input_is_rejected_with_a_span_inside_it() {
    let inputs = corpus::inputs("otn");
    corpus::assert_size("otn", inputs.len());
    let mut kinds = [0usize; 4];
    for (place, input) in &inputs {
        let kind = place.split('/').nth(1).and_then(|f| f.split(':').next()).expect("a file name");
        let (span, message) = match kind {
            "position.txt" => {
                kinds[0] += 1;
                match input.parse::<PositionRecord>() {
                    Ok(p) => panic!("{place}: {input:?} reads as {p}"),
                    Err(e) => (e.span(), e.to_string()),
                }
            }
            "rules.txt" => {
                kinds[1] += 1;
                match input.parse::<RulesRecord>() {
                    Ok(r) => panic!("{place}: {input:?} reads as {r}"),
                    Err(e) => (e.span(), e.to_string()),
                }
            }
            "move.txt" => {
                kinds[2] += 1;
                match input.parse::<MoveRecord>() {
                    Ok(m) => panic!("{place}: {input:?} reads as {m}"),
                    Err(e) => (e.span(), e.to_string()),
                }
            }
            "game.txt" => {
                kinds[3] += 1;
                match input.parse::<Game>() {
                    Err(e) => (e.span(), e.to_string()),
                    Ok(game) => {
                        let err = game
                            .lines()
                            .iter()
                            .find_map(|line| game.replay(line).err())
                            .unwrap_or_else(|| panic!("{place}: {input:?} reads and replays"));
                        (err.span.clone(), err.to_string())
                    }
                }
            }
            other => panic!("{place}: unexpected corpus file {other}"),
        };
        corpus::check_span(place, input, span, &message);
    }
    assert!(kinds.iter().all(|&n| n >= 50), "each kind has at least 50 inputs: {kinds:?}");
}
