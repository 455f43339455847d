//! The memory bound: reading tuple text allocates at most a small multiple of the board
//! it describes, and a row or row count over 255 fails before more than one row's cells
//! are held. (One test: the allocation counter is global.)

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;
#[path = "../../../fixtures/corpus/memory.rs"]
mod memory;

use gridnote_board::{Board, Cell, Player, Position};
use gridnote_tuple::Tuple;

#[test]
fn reading_allocates_at_most_a_small_multiple_of_the_board() {
    let mut valid: Vec<String> = Vec::new();
    for entry in std::fs::read_dir("../../fixtures/tuple/valid").unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        valid.push(text.strip_suffix('\n').unwrap_or(&text).to_owned());
    }
    let cells = [Cell::Empty, Cell::ONE, Cell::TWO];
    for (rows, cols) in [(1, 1), (3, 4), (19, 19), (255, 1), (1, 255), (255, 255)] {
        let board = Board::from_fn(rows, cols, |r, c| cells[(r * 7 + c * 3) % 3]).unwrap();
        valid.push(Tuple::new(Position::new(board, Player::Two)).unwrap().to_string());
    }
    let (bytes, _) = memory::allocated(|| valid[valid.len() - 1].parse::<Tuple>());
    assert!(bytes >= 255 * 255 * size_of::<Cell>(), "the counter sees the board: {bytes}");
    for text in &valid {
        let (bytes, read) = memory::allocated(|| text.parse::<Tuple>());
        let tuple = read.unwrap_or_else(|e| panic!("{text}: {e}"));
        let board = &tuple.position().board;
        memory::assert_within("a valid text", text, board.rows() * board.cols(), bytes);
    }

    for (place, text) in corpus::inputs("tuple") {
        let (bytes, read) = memory::allocated(|| text.parse::<Tuple>());
        assert!(read.is_err(), "{place}");
        memory::assert_within(&place, &text, memory::MAX_CELLS, bytes);
    }

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
}
