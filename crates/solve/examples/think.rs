//! Asks the engine for a move on a board given as rows of `x`, `o`, `.` (empty) and `#`
//! (void), top row first, and prints it with how it was chosen:
//! `cargo run --release -p gridnote-solve --example think -- K MILLIS ROW...`
//! (`x` moves when the counts are equal).

use std::time::{Duration, Instant};

use gridnote_solve::Solver;
use gridnote_solve::board::{Board, Cell, Player, Position, Rules};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let k: usize = args.first().ok_or("K")?.parse()?;
    let millis: u64 = args.get(1).ok_or("MILLIS")?.parse()?;
    let rows = &args[2..];
    let mut board = Board::new(rows.len(), rows.first().map_or(0, String::len))?;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let cell = match ch {
                'x' => Cell::ONE,
                'o' => Cell::TWO,
                '#' => Cell::Void,
                _ => Cell::Empty,
            };
            board.set(r, c, cell)?;
        }
    }
    let counts = board.counts();
    let to_move = if counts.pieces[0] > counts.pieces[1] { Player::Two } else { Player::One };
    let position = Position::new(board, to_move);
    let start = Instant::now();
    let rules = Rules::TIC_TAC_TOE.with_in_a_row(k);
    let thought = Solver::new().think(&position, rules, start + Duration::from_millis(millis))?;
    println!(
        "{} {:?} {} nodes {:.3} s",
        position.board.cell_name(thought.row, thought.col),
        thought.kind,
        thought.nodes,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
