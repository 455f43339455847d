//! The conformance suite (gridnote-testkit) for OTN position and rules records (the
//! converter's `otn` format): round trip and canonical output, the invalid fixtures with
//! the errors the snapshots pin, the corpus of invalid records with a span inside, the
//! allocation bound; and the whole OTN corpus (fixtures/corpus/otn), each kind read by its
//! own type: `position.txt`, `rules.txt` and `move.txt` hold records of that kind,
//! `game.txt` game records, rejected when read or when one of their lines is replayed.
//! (One test: the allocation counter is global.)

use gridnote_otn::Spanned;
use gridnote_otn::{Game, MoveRecord, OtnRecord, PositionRecord, TaflRules};
use gridnote_testkit::conformance::Suite;
use gridnote_testkit::{corpus, memory};

gridnote_testkit::count_allocations!();

#[test]
fn conformance() {
    Suite::<OtnRecord>::new("otn")
        .corpus_files("otn", &["position.txt", "rules.txt"])
        .pinned_by("fixtures__invalid_fixtures@")
        // Not starting with `/`, they are read as rules records.
        .not_pinned(&["position-empty.otp", "position-no-leading-slash.otp"])
        .square_boards()
        // A rules record keeps each entry as its own strings and lists: measured at about
        // 21 bytes per byte of text (every-key.otr: 8183 bytes from 388), so the text's
        // share of the bound is 12 times the default's.
        .allocation_bound(|cells, len| memory::bound(cells, 12 * len))
        .run();

    let inputs = corpus::inputs("otn");
    corpus::assert_size("otn", inputs.len());
    let mut kinds = [0usize; 4];
    for (place, input) in &inputs {
        let (span, message) = match corpus::file_of(place) {
            "position.txt" => {
                kinds[0] += 1;
                match input.parse::<PositionRecord>() {
                    Ok(p) => panic!("{place}: {input:?} reads as {p}"),
                    Err(e) => (e.span(), e.to_string()),
                }
            }
            "rules.txt" => {
                kinds[1] += 1;
                match input.parse::<TaflRules>() {
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
