//! The corpus of invalid digit strings (fixtures/corpus/digits): every input is rejected,
//! by the reader and by the full check, with a span inside it; none panics.

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;

use gridnote_digits::{Digits, check};

#[test]
fn every_invalid_input_is_rejected_with_a_span_inside_it() {
    let inputs = corpus::inputs("digits");
    corpus::assert_size("digits", inputs.len());
    for (place, input) in &inputs {
        match input.parse::<Digits>() {
            Ok(digits) => panic!("{place}: {input:?} reads as {digits}"),
            Err(err) => corpus::check_span(place, input, err.span(), &err.to_string()),
        }
        let err = check(input).expect_err("the check reads the same way");
        corpus::check_span(place, input, err.span(), &err.to_string());
    }
}
