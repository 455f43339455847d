//! The corpus of invalid T3EN (fixtures/corpus/t3en): every input is rejected, leniently
//! and strictly, with a span inside it; none panics.

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;

use gridnote_t3en::{ParseOptions, T3en};

#[test]
fn every_invalid_input_is_rejected_with_a_span_inside_it() {
    let inputs = corpus::inputs("t3en");
    corpus::assert_size("t3en", inputs.len());
    for (place, input) in &inputs {
        for options in [ParseOptions::default(), ParseOptions::strict()] {
            match T3en::parse_with(input, options) {
                Ok(parsed) => panic!("{place}: {input:?} reads as {}", parsed.t3en),
                Err(err) => corpus::check_span(place, input, err.span(), &err.to_string()),
            }
        }
    }
}

#[test]
fn the_corpus_line_format_decodes_its_escapes() {
    assert_eq!(corpus::decode(r"a\\b\n\r\t\0\s\z\u{a0}é"), "a\\b\n\r\t\0 \u{a0}é");
}
