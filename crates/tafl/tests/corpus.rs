//! The corpora of invalid TSN and TEN (fixtures/corpus/tsn, fixtures/corpus/ten): every
//! input is rejected with a span inside it; none panics.

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;

use gridnote_tafl::{Ten, Tsn};

#[test]
fn every_invalid_tsn_is_rejected_with_a_span_inside_it() {
    let inputs = corpus::inputs("tsn");
    corpus::assert_size("tsn", inputs.len());
    for (place, input) in &inputs {
        match input.parse::<Tsn>() {
            Ok(tsn) => panic!("{place}: {input:?} reads as {tsn}"),
            Err(err) => corpus::check_span(place, input, err.span(), &err.to_string()),
        }
    }
}

#[test]
fn every_invalid_ten_is_rejected_with_a_span_inside_it() {
    let inputs = corpus::inputs("ten");
    corpus::assert_size("ten", inputs.len());
    for (place, input) in &inputs {
        match input.parse::<Ten>() {
            Ok(ten) => panic!("{place}: {input:?} reads as {ten}"),
            Err(err) => corpus::check_span(place, input, err.span(), &err.to_string()),
        }
    }
}
