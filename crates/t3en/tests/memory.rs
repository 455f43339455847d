//! The memory bound: reading T3EN allocates at most a small multiple of the board the
//! text describes, and a text that claims a board over 255 × 255 fails before any board
//! is allocated. (One test: the allocation counter is global.)

#[path = "../../../fixtures/corpus/corpus.rs"]
mod corpus;
#[path = "../../../fixtures/corpus/memory.rs"]
mod memory;

use gridnote_board::{Board, Cell, Player, Position};
use gridnote_t3en::{ParseOptions, T3en};

fn read(text: &str) -> (usize, Result<T3en, gridnote_t3en::ParseError>) {
    memory::allocated(|| T3en::parse_with(text, ParseOptions::default()).map(|p| p.t3en))
}

#[test]
fn reading_allocates_at_most_a_small_multiple_of_the_board() {
    // Accepted: the fixtures, and large boards, dense and sparse.
    let mut valid: Vec<String> = Vec::new();
    for entry in std::fs::read_dir("../../fixtures/t3en/valid").unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        valid.push(text.strip_suffix('\n').unwrap_or(&text).to_owned());
    }
    let cells = [Cell::Empty, Cell::ONE, Cell::TWO, Cell::Void];
    for side in [1, 19, 100, 255] {
        let dense = Board::from_fn(side, side, |r, c| cells[(r * 7 + c * 3) % 4]).unwrap();
        let sparse = Board::from_fn(side, side, |r, c| cells[usize::from(r == c)]).unwrap();
        for board in [dense, sparse] {
            valid.push(T3en::new(Position::new(board, Player::One)).unwrap().to_string());
        }
    }
    // The counter sees the board itself.
    let (bytes, _) = read(&valid[valid.len() - 1]);
    assert!(bytes >= 255 * 255 * size_of::<Cell>(), "{bytes}");
    for text in &valid {
        let (bytes, read) = read(text);
        let board = &read.unwrap_or_else(|e| panic!("{text}: {e}")).into_position().board;
        memory::assert_within("a valid text", text, board.rows() * board.cols(), bytes);
    }

    // Rejected: never more than the largest board.
    for (place, text) in corpus::inputs("t3en") {
        let (bytes, read) = read(&text);
        assert!(read.is_err(), "{place}");
        memory::assert_within(&place, &text, memory::MAX_CELLS, bytes);
    }

    // Claims of a board over 255 x 255 fail before any board is allocated: at most the
    // 255 cells of one row are ever held.
    let wide = format!("{} x", ["255_"; 300].join(""));
    let tall = format!("{} x", ["255_"; 300].join("/"));
    for text in ["256_ x", "4294967295_ x", "99999999999999999999_ x", "256_/256_ x", &wide, &tall]
    {
        let (bytes, read) = read(text);
        assert!(read.is_err(), "{text}");
        let claimed = if text == tall { memory::MAX_CELLS } else { 255 };
        memory::assert_within("a huge claim", text, claimed, bytes);
    }
}
