//! The conformance suite (gridnote-testkit) for the tuple format: round trip and
//! canonical output, the invalid fixtures with the errors the snapshots pin, the corpus of
//! invalid inputs with a span inside, the allocation bound, serde; and what is the tuple
//! format's own: a row or row count over 255 fails before more than one row's cells are
//! held, and `Display` and serde write into their output with no temporary `String`. (One
//! test: the allocation counter is global.)

use gridnote_testkit::conformance::Suite;
use gridnote_testkit::memory;
use gridnote_tuple::{Board, Cell, Player, Position, Tuple};

gridnote_testkit::count_allocations!();

#[test]
fn conformance() {
    let suite =
        Suite::<Tuple>::new("tuple").corpus("tuple").pinned_by("fixtures__invalid_fixtures@");
    suite.run();
    #[cfg(feature = "serde")]
    suite.serde();

    // Too wide: fails within the first row. Too tall: fails at the 256th row, having
    // held at most the 255 x 255 cells a tuple can have.
    let wide = format!("(x {})", "_".repeat(100_000));
    let tall = format!("(x {})", ["_"; 100_000].join(" "));
    let (bytes, read) = memory::allocated(|| wide.parse::<Tuple>());
    assert!(read.is_err());
    memory::assert_within("a huge row", &wide, 255, bytes.saturating_sub(2 * wide.len()));
    let (bytes, read) = memory::allocated(|| tall.parse::<Tuple>());
    assert!(read.is_err());
    memory::assert_within("too many rows", &tall, 255, bytes.saturating_sub(2 * tall.len()));

    // `Display` and serde allocate nothing but their output: texts that are gathered on
    // the stack (up to 128 bytes) and longer ones.
    let cells = [Cell::Empty, Cell::ONE, Cell::TWO];
    for (rows, cols) in [(1, 1), (3, 4), (1, 125), (1, 126), (10, 10), (255, 255)] {
        let board = Board::from_fn(rows, cols, |r, c| cells[(r + 2 * c) % 3]).unwrap();
        let tuple = Tuple::new(Position::new(board, Player::Two)).unwrap();
        no_temporary_string(&tuple);
    }
}

/// `Display` and serde of `value` allocate nothing but their output.
fn no_temporary_string(value: &Tuple) {
    let _text = memory::display_allocates_nothing(value);
    #[cfg(feature = "serde")]
    memory::serde_allocates_nothing(value, &_text);
}
