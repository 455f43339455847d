//! `piece = "a" / "d" / "k"`, `empty-run = %x31-39 / %x41-5A` and `side = "a" / "d"`:
//! TSN's characters, defined once for the one-pass reader ([`crate::one_pass`]), the grammar
//! ([`crate::grammar`]) and the writer ([`crate::write`]).

use gridnote_board::{Cell, Player};

/// The byte of each piece TSN writes, and the cell it reads back: attacker, defender,
/// king.
const PIECE_BYTES: [(u8, Cell); 3] = [(b'a', Cell::ONE), (b'd', Cell::TWO), (b'k', Cell::TWO_KING)];

/// The piece of a byte: `None` for a byte that is no `piece`.
pub(crate) const fn piece_of(byte: u8) -> Option<Cell> {
    let mut i = 0;
    while i < PIECE_BYTES.len() {
        if PIECE_BYTES[i].0 == byte {
            return Some(PIECE_BYTES[i].1);
        }
        i += 1;
    }
    None
}

/// The letter of each piece, by [`Cell::rank`]. A `Tsn` holds no other cell (its
/// constructors refuse them); their entries are `?`, never written.
pub(crate) const LETTERS: [u8; 256] = {
    let mut table = [b'?'; 256];
    let mut i = 0;
    while i < PIECE_BYTES.len() {
        table[PIECE_BYTES[i].1.index()] = PIECE_BYTES[i].0;
        i += 1;
    }
    table
};

/// The most empty squares one count character stands for (`Z`).
pub(crate) const MAX_RUN: usize = 35;

/// The count character of `n` empty squares, at index `n` (1 to [`MAX_RUN`]: `1`-`9`,
/// then `A`-`Z`; index 0 is unused).
pub(crate) const COUNTS: &[u8; MAX_RUN + 1] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The empty squares a count byte stands for: `None` for a byte that is no `empty-run`
/// (`0` and the lowercase letters among them).
pub(crate) const fn count_of(byte: u8) -> Option<usize> {
    match byte {
        b'1'..=b'9' => Some((byte - b'0') as usize),
        b'A'..=b'Z' => Some((byte - b'A') as usize + 10),
        _ => None,
    }
}

/// `side = "a" / "d"`: the player of a byte.
pub(crate) const fn side_of(byte: u8) -> Option<Player> {
    match byte {
        b'a' => Some(Player::One),
        b'd' => Some(Player::Two),
        _ => None,
    }
}

/// The byte of a side to move.
pub(crate) const fn side_byte(player: Player) -> u8 {
    match player {
        Player::One => b'a',
        Player::Two => b'd',
    }
}

/// The byte of `c`, if it is ASCII (every TSN character but the extension's data is).
pub(crate) fn ascii(c: char) -> Option<u8> {
    u8::try_from(c).ok().filter(u8::is_ascii)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_each_others_inverse() {
        let mut pieces = 0;
        for b in 0..=255u8 {
            if let Some(cell) = piece_of(b) {
                assert_eq!(LETTERS[cell.index()], b);
                assert_eq!(count_of(b), None);
                pieces += 1;
            }
            if let Some(n) = count_of(b) {
                assert_eq!(COUNTS[n], b);
            }
        }
        assert_eq!(pieces, 3);
        assert_eq!((1..=MAX_RUN).filter(|&n| count_of(COUNTS[n]) == Some(n)).count(), MAX_RUN);
        assert_eq!((count_of(b'0'), count_of(b'a'), count_of(b'Z')), (None, None, Some(35)));
        assert_eq!(LETTERS[Cell::OneKing.index()], b'?');
        for player in Player::BOTH {
            assert_eq!(side_of(side_byte(player)), Some(player));
        }
        assert_eq!((side_of(b'k'), ascii('é'), ascii('a')), (None, None, Some(b'a')));
    }
}
