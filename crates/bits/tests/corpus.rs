//! The corpus of invalid 13-bit code texts (fixtures/corpus/bits): every input is
//! rejected by `read_board` with the seed code, with a span inside it; none panics.

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;

use gridnote_bits::{CodeKind, read_board};

#[test]
fn every_invalid_input_is_rejected_with_a_span_inside_it() {
    let inputs = corpus::inputs("bits");
    corpus::assert_size("bits", inputs.len());
    for (place, input) in &inputs {
        match read_board(CodeKind::Seed, input) {
            Ok(board) => panic!("{place}: {input:?} reads as\n{}", board.draw()),
            Err(err) => corpus::check_span(place, input, err.span(), &err.to_string()),
        }
    }
}
