//! The conformance suite (gridnote-testkit) for digit strings: round trip and canonical
//! output, the invalid fixtures with the errors the snapshots pin, the corpus of invalid
//! inputs with a span inside (by the reader and by the full check), serde; and what is
//! the digit string's own: it is read into a fixed array, so reading allocates nothing at
//! all, whatever its length, and `Display` and serde write into their output with no
//! temporary `String`. (One test: the allocation counter is global.)

use core::fmt::Write as _;

use gridnote_digits::Spanned;
use gridnote_digits::{Digits, check};
use gridnote_testkit::conformance::Suite;
use gridnote_testkit::{corpus, memory};

gridnote_testkit::count_allocations!();

#[test]
fn conformance() {
    let suite = Suite::<Digits>::new("digits")
        .corpus("digits")
        .pinned_by("fixtures__invalid_fixtures@")
        .small_boards();
    suite.run();
    #[cfg(feature = "serde")]
    suite.serde();

    // The full check rejects the corpus the same way.
    let inputs = corpus::inputs("digits");
    for (place, input) in &inputs {
        let err = check(input).expect_err("the check reads the same way");
        corpus::check_span(place, input, err.span(), &err.to_string());
        assert_eq!(input.parse::<Digits>(), Err(err), "{place}");
    }

    // Reading allocates nothing.
    let long = "1".repeat(1_000_000);
    let mut inputs = inputs;
    for text in ["120120000", "000000000", "111000222", &long] {
        inputs.push((format!("{:.20}", text), text.to_owned()));
    }
    for (place, text) in &inputs {
        let (bytes, read) = memory::allocated(|| text.parse::<Digits>());
        assert_eq!(bytes, 0, "{place}: reading allocated {bytes} bytes");
        assert_eq!(read.is_ok(), text.len() == 9 && !place.contains(".txt"), "{place}");
    }

    // `Display` and serde allocate nothing but their output.
    for text in ["120120000", "000000000", "222222222"] {
        let digits: Digits = text.parse().unwrap();
        let mut shown = String::with_capacity(16);
        let (bytes, _) = memory::allocated(|| write!(shown, "{digits}"));
        assert_eq!((bytes, shown.as_str()), (0, text));
        #[cfg(feature = "serde")]
        {
            let mut json = Vec::with_capacity(16);
            let (bytes, _) = memory::allocated(|| serde_json::to_writer(&mut json, &digits));
            assert_eq!((bytes, json), (0, format!("\"{text}\"").into_bytes()));
        }
    }
}
