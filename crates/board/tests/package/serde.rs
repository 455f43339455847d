//! `Problems` read back from what it serializes to.
#![cfg(feature = "serde")]

use gridnote_board::{Problem, Problems};

#[test]
fn every_set_of_problems_round_trips() {
    assert_eq!(Problem::ALL.len(), 7);
    for bits in 0u8..1 << Problem::ALL.len() {
        let set: Problems = Problem::ALL
            .into_iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 == 1)
            .map(|(_, p)| p)
            .collect();
        assert_eq!(set.len(), bits.count_ones() as usize);
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(serde_json::from_str::<Problems>(&json).unwrap(), set, "{json}");
    }
}

#[test]
fn names_are_read_in_any_order_and_written_in_order() {
    let set: Problems = serde_json::from_str(r#"["not-one-last-move", "king"]"#).unwrap();
    assert_eq!(set.iter().collect::<Vec<_>>(), [Problem::King, Problem::NotOneLastMove]);
    assert_eq!(serde_json::to_string(&set).unwrap(), r#"["king","not-one-last-move"]"#);
    assert_eq!(serde_json::from_str::<Problems>("[]").unwrap(), Problems::NONE);
}

#[test]
fn bad_lists_are_errors() {
    let twice = serde_json::from_str::<Problems>(r#"["king","king"]"#).unwrap_err();
    assert_eq!(twice.to_string(), "legality problem `king` listed twice at line 1 column 15");
    let unknown = serde_json::from_str::<Problems>(r#"["queen"]"#).unwrap_err();
    assert_eq!(
        unknown.to_string(),
        "unknown variant `queen`, expected one of `king`, `too-many-one`, `too-many-two`, \
         `wrong-side-to-move`, `both-have-lines`, `line-not-by-last-mover`, `not-one-last-move` \
         at line 1 column 8"
    );
    let not_a_list = serde_json::from_str::<Problems>(r#""king""#).unwrap_err();
    assert_eq!(
        not_a_list.to_string(),
        "invalid type: string \"king\", expected a list of legality problem names at line 1 column 6"
    );
}
