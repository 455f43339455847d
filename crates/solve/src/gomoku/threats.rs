//! Threats on the gomoku board: the moves that answer the other side's threat (a three
//! that becomes an open four, a four-three to come), and victory by continuous fours
//! (VCF), the attacker's every move a four and every answer forced.

use std::collections::HashMap;
use web_time::Instant;

use super::board::Board;
use super::combo::Combo;
use super::line::Shape;

/// The empty cells along direction `d` within five of `at` on either side, up to the
/// first stone of `blocker` or wall, into `out` (`at` itself included when empty).
fn line_cells(board: &Board, at: usize, d: usize, blocker: usize, out: &mut Vec<u32>) {
    if board.is_empty(at) {
        out.push(at as u32);
    }
    let step = board.dirs[d];
    for sign in [-1isize, 1] {
        for j in 1..=5isize {
            let q = (at as isize + sign * j * step) as usize;
            let stone = board.cells[q].stone;
            if stone == 3 || usize::from(stone) == blocker + 1 {
                break;
            }
            if stone == 0 {
                out.push(q as u32);
            }
        }
    }
}

/// The moves of the side to move that leave the other side (`attacker`) with no cell
/// whose combo is `threat` or stronger short of a five, among the cells of the lines
/// that make those threats; into `out` (emptied first). A stone of ours only weakens
/// the attacker's cells on its own lines, so each try is judged on those alone.
fn answers(board: &Board, threat: Combo, out: &mut Vec<u32>) {
    let me = board.side;
    let attacker = me ^ 1;
    let mut threats = Vec::new();
    board.cells_from(attacker, threat, &mut threats);
    threats.retain(|&a| board.combo(a as usize, attacker) < Combo::Five);
    let mut tries: Vec<u32> = Vec::new();
    for &t in &threats {
        let t = t as usize;
        for d in 0..4 {
            if board.shape(t, d, attacker) >= Shape::Three {
                line_cells(board, t, d, me, &mut tries);
            }
        }
    }
    tries.sort_unstable();
    tries.dedup();
    out.clear();
    for cell in tries {
        let answered = threats.iter().all(|&t| {
            t == cell || board.combo_if_blocked(t as usize, cell as usize, attacker) < threat
        });
        if answered {
            out.push(cell);
        }
    }
}

/// The answers to the other side's open threes (cells where they would make an open
/// four or two fours): every move after which they have no such cell; into `out`.
pub(crate) fn answers_to_three(board: &Board, out: &mut Vec<u32>) {
    answers(board, Combo::FlexFour, out);
}

/// The answers to the other side's four-three cells: every move after which they have
/// none (nor an open three); into `out`.
pub(crate) fn answers_to_four_three(board: &Board, out: &mut Vec<u32>) {
    answers(board, Combo::FourThree, out);
}

/// The side to move's moves that make a four or better, into `out` (appended).
pub(crate) fn fours(board: &Board, out: &mut Vec<u32>) {
    let mut cells = Vec::new();
    board.cells_from(board.side, Combo::Four, &mut cells);
    out.extend(cells);
}

/// A search for a victory by continuous fours for the side to move.
pub(crate) struct Vcf<'a> {
    board: &'a mut Board,
    /// Positions shown to have no VCF within this many attacker moves.
    failed: HashMap<u64, u32>,
    /// Nodes searched.
    pub(crate) nodes: u64,
    limit: u64,
    deadline: Instant,
    /// Whether the win found ends with an open four (its five not in the line).
    flex_end: bool,
}

impl<'a> Vcf<'a> {
    /// A search on `board` of at most `limit` nodes, until `deadline`.
    pub(crate) fn new(board: &'a mut Board, limit: u64, deadline: Instant) -> Vcf<'a> {
        Vcf { board, failed: HashMap::new(), nodes: 0, limit, deadline, flex_end: false }
    }

    /// The first move of the shortest VCF within `most` fours (and the five or open four
    /// that ends it), and how many moves the attacker makes in it, the five included;
    /// or `None` (none, or out of nodes).
    pub(crate) fn find(&mut self, most: u32) -> Option<(usize, u32)> {
        for depth in 0..=most {
            let mut line = Vec::new();
            self.flex_end = false;
            if self.search(depth, &mut line) {
                let moves = line.len() as u32 + u32::from(self.flex_end);
                return Some((*line.last().expect("a move"), moves));
            }
            if self.nodes >= self.limit {
                return None;
            }
        }
        None
    }

    /// Whether the side to move wins by fours within `depth` four-moves; their moves,
    /// last first, pushed onto `line`.
    fn search(&mut self, depth: u32, line: &mut Vec<usize>) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && Instant::now() >= self.deadline {
            self.limit = self.nodes;
        }
        let board = &mut *self.board;
        let me = board.side;
        let opp = me ^ 1;
        if let Some(cell) = board.five(me) {
            line.push(cell);
            return true;
        }
        let opp_fives = board.count(opp, Combo::Five);
        if opp_fives == 0 && board.count(me, Combo::FlexFour) > 0 {
            let mut cells = Vec::new();
            board.cells_from(me, Combo::FlexFour, &mut cells);
            if let Some(&cell) = cells.first() {
                line.push(cell as usize);
                self.flex_end = true;
                return true;
            }
        }
        if depth == 0 || opp_fives >= 2 || self.nodes >= self.limit {
            return false;
        }
        if self.failed.get(&board.hash).is_some_and(|&d| d >= depth) {
            return false;
        }
        let mut moves = Vec::new();
        if opp_fives == 1 {
            // Their four must be blocked, and the block must be a four of ours.
            let block = board.five(opp).expect("counted");
            if board.combo(block, me) >= Combo::Four {
                moves.push(block as u32);
            }
        } else {
            fours(board, &mut moves);
        }
        let mut scored: Vec<(i32, u32)> =
            moves.into_iter().map(|m| (board.move_score(m as usize), m)).collect();
        scored.sort_unstable_by_key(|&(s, m)| (core::cmp::Reverse(s), m));
        for (_, m) in scored {
            let board = &mut *self.board;
            board.play(m as usize);
            let won = match board.five(me) {
                // Not a four after all (a forbidden or overline cell): no threat.
                None => false,
                Some(block) => {
                    if board.count(opp, Combo::Five) > 0 {
                        false
                    } else {
                        board.play(block);
                        let won = self.search(depth - 1, line);
                        self.board.undo();
                        won
                    }
                }
            };
            self.board.undo();
            if won {
                line.push(m as usize);
                return true;
            }
            if self.nodes >= self.limit {
                return false;
            }
        }
        self.failed.insert(self.board.hash, depth);
        false
    }
}
