//! `cell = "_" / "." / "x" / "o"`, `side = "x" / "o"` and `run = [count] cell`: T3EN's
//! characters and runs, defined once for the one-pass reader ([`crate::one_pass`]), the grammar
//! ([`crate::grammar`]) and the writer ([`crate::write`]).

use gridnote_board::{Cell, Player};
use gridnote_text::number::push_decimal;
use gridnote_text::sink::Sink;

/// The byte of each cell T3EN writes, and the cell it reads back.
const CELL_BYTES: [(u8, Cell); 4] =
    [(b'_', Cell::Empty), (b'.', Cell::Void), (b'x', Cell::ONE), (b'o', Cell::TWO)];

/// The cell of each byte: `None` for a byte that is no `cell`.
pub(crate) const CELL_OF: [Option<Cell>; 256] = {
    let mut table = [None; 256];
    let mut i = 0;
    while i < CELL_BYTES.len() {
        table[CELL_BYTES[i].0 as usize] = Some(CELL_BYTES[i].1);
        i += 1;
    }
    table
};

/// The byte of each cell, by [`Cell::rank`]. A `T3en` holds no king (its constructors
/// refuse them) nor any other cell; their entries are `?`, never written.
pub(crate) const BYTE_OF: [u8; 256] = {
    let mut table = [b'?'; 256];
    let mut i = 0;
    while i < CELL_BYTES.len() {
        table[CELL_BYTES[i].1.index()] = CELL_BYTES[i].0;
        i += 1;
    }
    table
};

/// The cell of `c`, if it is a `cell` character.
pub(crate) fn cell_of_char(c: char) -> Option<Cell> {
    u8::try_from(c).ok().and_then(|b| CELL_OF[usize::from(b)])
}

/// `side = "x" / "o"`: the player of a byte.
pub(crate) const fn side_of(byte: u8) -> Option<Player> {
    match byte {
        b'x' => Some(Player::One),
        b'o' => Some(Player::Two),
        _ => None,
    }
}

/// The byte of a side to move.
pub(crate) const fn side_byte(player: Player) -> u8 {
    match player {
        Player::One => b'x',
        Player::Two => b'o',
    }
}

/// `run = [count] cell`: appends `len` (when 2 or more) and the cell's character.
pub(crate) fn push_run<S: Sink + ?Sized>(out: &mut S, cell: Cell, len: usize) {
    if len >= 2 {
        push_decimal(out, len as u32);
    }
    out.push_ascii(BYTE_OF[usize::from(cell.rank())]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_spelled_with_counts_from_two() {
        let mut out = String::new();
        push_run(&mut out, Cell::Empty, 1);
        push_run(&mut out, Cell::ONE, 2);
        push_run(&mut out, Cell::Void, 10);
        push_run(&mut out, Cell::TWO, 255);
        assert_eq!(out, "_2x10.255o");
    }

    #[test]
    fn the_tables_are_each_others_inverse() {
        for b in 0..=255u8 {
            if let Some(cell) = CELL_OF[usize::from(b)] {
                assert_eq!(BYTE_OF[cell.index()], b);
            }
        }
        let cells: Vec<Cell> = CELL_OF.iter().flatten().copied().collect();
        assert_eq!(cells.len(), 4);
        assert_eq!(BYTE_OF[Cell::TwoKing.index()], b'?');
        for player in Player::BOTH {
            assert_eq!(side_of(side_byte(player)), Some(player));
        }
        assert_eq!(
            (cell_of_char('x'), cell_of_char('é'), side_of(b'X')),
            (Some(Cell::ONE), None, None)
        );
    }
}
