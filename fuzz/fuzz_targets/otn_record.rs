//! OTN position, rules and move records: bytes → read → if accepted, write → read →
//! equal (the inverted position form too, rules records in their canonical text),
//! positions convert to a gridnote board and back, and the one-pass and checked position
//! readers agree.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_board::Board;
use gridnote_board::report::Spanned;
use gridnote_otn::{MoveRecord, PositionRecord, TaflRules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    gridnote_otn::fuzzing::check_readers_agree(text);
    common::round_trip::<PositionRecord>(text);
    common::round_trip::<TaflRules>(text);
    common::round_trip::<MoveRecord>(text);
    match PositionRecord::parse_inverted(text) {
        Ok(position) => {
            let written = position.inverted().to_string();
            assert_eq!(
                PositionRecord::parse_inverted(&written).as_ref(),
                Ok(&position),
                "{text:?}"
            );
            let board = Board::from(&position);
            assert_eq!(PositionRecord::try_from(&board).as_ref(), Ok(&position), "{text:?}");
        }
        Err(err) => common::check_error(text, err.span(), &err.to_string()),
    }
    if let Ok(rules) = text.parse::<TaflRules>() {
        let canonical = rules.to_string();
        assert_eq!(canonical.parse::<TaflRules>().as_ref(), Ok(&rules), "{text:?}");
    }
});
