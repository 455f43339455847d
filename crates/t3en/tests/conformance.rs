//! The conformance suite (gridnote-testkit) for T3EN: round trip and canonical output,
//! the invalid fixtures with the errors the snapshots pin, the corpus of invalid inputs
//! (rejected leniently and strictly, with a span inside), the allocation bound, serde;
//! and what is T3EN's own: claims of a board over 255 × 255 fail before any board is
//! allocated, and `Display` and serde write into their output with no temporary `String`.
//! (One test: the allocation counter is global.)

use gridnote_board::{Board, Cell, Player, Position};
use gridnote_t3en::{ParseOptions, T3en};
use gridnote_testkit::conformance::Suite;
use gridnote_testkit::memory;

gridnote_testkit::count_allocations!();

/// T3EN writes void cells too.
const CELLS: [Cell; 4] = [Cell::Empty, Cell::ONE, Cell::TWO, Cell::Void];

#[test]
fn conformance() {
    let suite = Suite::<T3en>::new("t3en")
        .corpus("t3en")
        .corpus_options(vec![ParseOptions::default(), ParseOptions::strict()])
        // `strict-*` files are well-formed but not canonical: strict reading rejects them.
        .invalid_options(|name| {
            if name.starts_with("strict-") {
                ParseOptions::strict()
            } else {
                ParseOptions::default()
            }
        })
        .pinned_by("fixtures__invalid@")
        .palette(&CELLS);
    suite.run();
    #[cfg(feature = "serde")]
    suite.serde();

    // Claims of a board over 255 x 255 fail before any board is allocated: at most the
    // 255 cells of one row are ever held.
    let wide = format!("{} x", ["255_"; 300].join(""));
    let tall = format!("{} x", ["255_"; 300].join("/"));
    for text in ["256_ x", "4294967295_ x", "99999999999999999999_ x", "256_/256_ x", &wide, &tall]
    {
        let (bytes, read) = memory::allocated(|| T3en::parse_with(text, ParseOptions::default()));
        assert!(read.is_err(), "{text}");
        let claimed = if text == tall { memory::MAX_CELLS } else { 255 };
        memory::assert_within("a huge claim", text, claimed, bytes);
    }

    // `Display` and serde allocate nothing but their output: boards whose text goes whole
    // to `serialize_str` (up to 22x22) and larger ones, alternating cells (the longest
    // texts) and runs.
    for side in [1, 3, 15, 16, 22, 23, 255] {
        for runs in [false, true] {
            let board = Board::from_fn(side, side, |r, c| match runs {
                false => CELLS[(r + c) % 4],
                true => CELLS[(r * side + c) / 7 % 4],
            })
            .unwrap();
            let t3en = T3en::new(Position::new(board, Player::Two)).unwrap();
            no_temporary_string(&t3en);
        }
    }
}

/// `Display` and serde of `value` allocate nothing but their output.
fn no_temporary_string(value: &T3en) {
    let _text = memory::display_allocates_nothing(value);
    #[cfg(feature = "serde")]
    memory::serde_allocates_nothing(value, &_text);
}
