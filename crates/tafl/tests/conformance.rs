//! The conformance suite (gridnote-testkit) for TSN and TEN: round trip and canonical
//! output, the invalid fixtures with the errors the snapshots pin, the corpora of invalid
//! inputs with a span inside, the allocation bound, serde; and what is tafl's own: each
//! reader's memory on the other's corpus and on TEN extensions of any length, and a size
//! over 255 fails before any board is allocated; `Display` and serde allocate nothing but
//! their output. (One test: the allocation counter is global.)

use gridnote_board::{Board, Cell, Player};
use gridnote_tafl::{Extension, Ten, Tsn};
use gridnote_testkit::conformance::Suite;
use gridnote_testkit::{corpus, memory};

gridnote_testkit::count_allocations!();

#[test]
fn conformance() {
    let tsn = Suite::<Tsn>::new("tafl")
        .corpus("tsn")
        .pinned_by("fixtures__invalid_fixtures@")
        .square_boards();
    let ten = Suite::<Ten>::new("tafl")
        .corpus("ten")
        .pinned_by("fixtures__invalid_fixtures@")
        .square_boards();
    tsn.run();
    ten.run();
    #[cfg(feature = "serde")]
    {
        tsn.serde();
        ten.serde();
    }

    // TEN's extension, of any length, and the TSN reader on TEN text (it ignores the
    // seventh field).
    let cells = [Cell::Empty, Cell::ONE, Cell::TWO, Cell::Empty];
    for side in [1, 19, 100, 255] {
        let dense = Board::from_fn(side, side, |r, c| cells[(r * 7 + c * 3) % 4]).unwrap();
        let sparse = Board::from_fn(side, side, |r, c| cells[usize::from(r == c)]).unwrap();
        for board in [dense, sparse] {
            let cells = board.rows() * board.cols();
            let tsn = Tsn::new(board, 4, Player::One, 1, 0).unwrap().to_string();
            let ten = format!("{tsn} id:1:{}", "d".repeat(side));
            for text in [&tsn, &ten] {
                let (bytes, read) = memory::allocated(|| text.parse::<Tsn>());
                read.unwrap_or_else(|e| panic!("{text}: {e}"));
                memory::assert_within("valid TSN", text, cells, bytes);
            }
            let (bytes, read) = memory::allocated(|| ten.parse::<Ten>());
            read.unwrap_or_else(|e| panic!("{ten}: {e}"));
            memory::assert_within("valid TEN", &ten, cells, bytes);
        }
    }

    // Each reader on both corpora.
    for folder in ["tsn", "ten"] {
        for (place, text) in corpus::inputs(folder) {
            let (tsn_bytes, _) = memory::allocated(|| text.parse::<Tsn>());
            let (ten_bytes, _) = memory::allocated(|| text.parse::<Ten>());
            memory::assert_within(&place, &text, memory::MAX_CELLS, tsn_bytes.max(ten_bytes));
        }
    }

    // A size over 255 fails before the board is allocated, whatever follows.
    let rows = ["Z"; 300].join("/");
    for text in [
        "256 4 k a 1 0".to_owned(),
        "4294967295 4 k a 1 0".to_owned(),
        "99999999999 4 k a 1 0".to_owned(),
        format!("100000 4 {rows} a 1 0"),
    ] {
        let (bytes, read) = memory::allocated(|| text.parse::<Tsn>());
        assert!(read.is_err(), "{text}");
        memory::assert_within("a huge size", &text, 0, bytes);
        let ten = format!("{text} -");
        let (bytes, read) = memory::allocated(|| ten.parse::<Ten>());
        assert!(read.is_err(), "{ten}");
        memory::assert_within("a huge size", &ten, 0, bytes);
    }

    // `Display` and serde allocate nothing but their output: texts the writer gives whole
    // and in pieces (boards of 64x64 and more, an extension that is not ASCII or longer
    // than the writer's buffer).
    for side in [1, 7, 15, 16, 19, 63, 64, 100, 255] {
        let board = Board::from_fn(side, side, |r, c| cells[(r * 7 + c * 3) % 4]).unwrap();
        let tsn = Tsn::new(board, 4, Player::Two, 4_294_967_295, 1000).unwrap();
        no_temporary_string(&tsn);
        for data in ["", "edge-escape=no", "é=1", &"d".repeat(300)] {
            let extension = Extension::custom("id", "12", data).unwrap();
            no_temporary_string(&Ten::new(tsn.clone(), extension).unwrap());
        }
        no_temporary_string(&Ten::from_tsn(tsn));
    }
}

/// `Display` and serde of `value` allocate nothing but their output, and serde writes
/// the JSON string of the text.
fn no_temporary_string<T: std::fmt::Display + serde_bound::Bound>(value: &T) {
    let _text = memory::display_allocates_nothing(value);
    #[cfg(feature = "serde")]
    memory::serde_allocates_nothing(value, &_text);
}

/// What [`no_temporary_string`] needs of a value: `Serialize` with the feature.
mod serde_bound {
    #[cfg(feature = "serde")]
    pub(crate) trait Bound: serde::Serialize {}
    #[cfg(feature = "serde")]
    impl<T: serde::Serialize> Bound for T {}
    #[cfg(not(feature = "serde"))]
    pub(crate) trait Bound {}
    #[cfg(not(feature = "serde"))]
    impl<T> Bound for T {}
}
