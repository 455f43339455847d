//! The memory bound: a digit string is read into a fixed array, so reading allocates
//! nothing at all, whatever its length. (One test: the allocation counter is global.)

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;
#[path = "../../../fixtures/corpus/memory.rs"]
mod memory;

use gridnote_digits::Digits;

#[test]
fn reading_allocates_nothing() {
    let long = "1".repeat(1_000_000);
    let mut inputs: Vec<(String, String)> = corpus::inputs("digits");
    for text in ["120120000", "000000000", "111000222", &long] {
        inputs.push((format!("{:.20}", text), text.to_owned()));
    }
    for (place, text) in &inputs {
        let (bytes, read) = memory::allocated(|| text.parse::<Digits>());
        assert_eq!(bytes, 0, "{place}: reading allocated {bytes} bytes");
        assert_eq!(read.is_ok(), text.len() == 9 && !place.contains(".txt"), "{place}");
    }
}
