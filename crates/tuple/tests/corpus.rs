//! The corpus of invalid tuple positions (fixtures/corpus/tuple): every input is
//! rejected with a span inside it; none panics.

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;

use gridnote_tuple::Tuple;

#[test]
fn every_invalid_input_is_rejected_with_a_span_inside_it() {
    let inputs = corpus::inputs("tuple");
    corpus::assert_size("tuple", inputs.len());
    for (place, input) in &inputs {
        match input.parse::<Tuple>() {
            Ok(tuple) => panic!("{place}: {input:?} reads as {tuple}"),
            Err(err) => corpus::check_span(place, input, err.span(), &err.to_string()),
        }
    }
}
