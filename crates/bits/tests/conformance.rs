//! The conformance suite (gridnote-testkit) for the bit code's text: round trip and
//! canonical output, the invalid fixtures with the errors the snapshots pin, the corpus of
//! invalid inputs (rejected by the 13-bit code), the allocation bound; and what is the
//! bit codes' own: `read_board` rejects the corpus with a span inside it (out-of-range
//! numbers too), and reading a code text allocates at most the 3 × 3 board it decodes to,
//! whatever the length of the text, with every code. (One test: the allocation counter is
//! global.)

use gridnote_bits::Spanned;
use gridnote_bits::{Code, CodeKind, parse_code, read_board};
use gridnote_testkit::conformance::Suite;
use gridnote_testkit::{corpus, memory};

gridnote_testkit::count_allocations!();

#[test]
fn conformance() {
    Suite::<Code>::new("bits").corpus("bits").pinned_by("fixtures__invalid@").small_boards().run();

    // `read_board` with the ranked code: every corpus input rejected with a span.
    let inputs = corpus::inputs("bits");
    for (place, input) in &inputs {
        match read_board(CodeKind::Ranked, input) {
            Ok(board) => panic!("{place}: {input:?} reads as\n{}", board.draw()),
            Err(err) => corpus::check_span(place, input, err.span(), &err.to_string()),
        }
    }

    // Reading allocates at most the board, with every code.
    let long = "9".repeat(1_000_000);
    let long_binary = format!("0b{}", "1".repeat(1_000_000));
    let mut inputs = inputs;
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
