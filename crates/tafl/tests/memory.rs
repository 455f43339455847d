//! The memory bound: reading TSN and TEN allocates at most a small multiple of the board
//! the text describes (plus the extension's text), and a size over 255 fails before any
//! board is allocated. (One test: the allocation counter is global.)

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;
#[path = "../../../fixtures/corpus/memory.rs"]
mod memory;

use gridnote_board::{Board, Cell, Player};
use gridnote_tafl::{Ten, Tsn};

#[test]
fn reading_allocates_at_most_a_small_multiple_of_the_board() {
    let mut valid: Vec<String> = Vec::new();
    for entry in std::fs::read_dir("../../fixtures/tafl/valid").unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        valid.push(text.strip_suffix('\n').unwrap_or(&text).to_owned());
    }
    let cells = [Cell::Empty, Cell::ONE, Cell::TWO, Cell::Empty];
    for side in [1, 19, 100, 255] {
        let dense = Board::from_fn(side, side, |r, c| cells[(r * 7 + c * 3) % 4]).unwrap();
        let sparse = Board::from_fn(side, side, |r, c| cells[usize::from(r == c)]).unwrap();
        for board in [dense, sparse] {
            let tsn = Tsn::new(board, 4, Player::One, 1, 0).unwrap().to_string();
            valid.push(format!("{tsn} id:1:{}", "d".repeat(side)));
            valid.push(tsn);
        }
    }
    let (bytes, _) = memory::allocated(|| valid[valid.len() - 1].parse::<Tsn>());
    assert!(bytes >= 255 * 255 * size_of::<Cell>(), "the counter sees the board: {bytes}");
    for text in &valid {
        let (bytes, read) = memory::allocated(|| text.parse::<Tsn>());
        let tsn = read.unwrap_or_else(|e| panic!("{text}: {e}"));
        let cells = tsn.board().rows() * tsn.board().cols();
        memory::assert_within("valid TSN", text, cells, bytes);
        let (bytes, read) = memory::allocated(|| text.parse::<Ten>());
        if read.is_ok() {
            memory::assert_within("valid TEN", text, cells, bytes);
        }
    }

    for format in ["tsn", "ten"] {
        for (place, text) in corpus::inputs(format) {
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
}
