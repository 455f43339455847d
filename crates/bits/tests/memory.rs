//! The memory bound: reading a code text allocates at most the 3 × 3 board it decodes to,
//! whatever the length of the text. (One test: the allocation counter is global.)

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;
#[path = "../../../fixtures/corpus/memory.rs"]
mod memory;

use gridnote_bits::{CodeKind, parse_code, read_board};

#[test]
fn reading_allocates_at_most_the_board() {
    let long = "9".repeat(1_000_000);
    let long_binary = format!("0b{}", "1".repeat(1_000_000));
    let mut inputs: Vec<(String, String)> = corpus::inputs("bits");
    for text in ["523", "0x20b", "0b0001000001011", "6045", &long, &long_binary] {
        inputs.push((format!("{:.20}", text), text.to_owned()));
    }
    // The dense and symmetric codes build their tables once, at first use: not a read.
    for kind in CodeKind::ALL {
        read_board(kind, "0").unwrap();
    }
    for (place, text) in &inputs {
        let (bytes, _) = memory::allocated(|| parse_code(text));
        assert_eq!(bytes, 0, "{place}: parsing a code allocated {bytes} bytes");
        for kind in CodeKind::ALL {
            let (bytes, _) = memory::allocated(|| read_board(kind, text));
            // The 9 cells of a decoded board and nothing that grows with the text.
            memory::assert_within(place, "", 9, bytes);
        }
    }
}
