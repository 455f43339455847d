//! The ranked 13-bit code of a 3×3 board (by occupied count, then the lexicographic
//! ranks of the occupied cells and of the O's among them), on arrays of [`Mark`]s (no allocation).
//!
//! The domain is the 6,046 boards where O has ⌊occupied/2⌋ marks; the codes are exactly
//! `0..=6045`. See [`Layout`] for the layout; reachability plays no part (the unreachable
//! `XXX/   /OOO` is 2749).
//!
//! ```
//! use gridnote_bits::{ranked, Mark::{Blank as B, O, X}};
//! assert_eq!(ranked::encode(&[X, X, X, B, B, B, O, O, O]), Ok(2749));
//! assert_eq!(ranked::decode(523)?, [X, B, O, B, B, O, B, X, B]);
//! # Ok::<(), gridnote_bits::ModelError>(())
//! ```

use crate::combin::binomial;
use crate::{Layout, Mark, ModelError};

/// Bits of the code: 13.
pub const BITS: u32 = 13;
/// Boards (and codes): 6,046.
pub const COUNT: u32 = 6046;
/// The largest code: 6045.
pub const MAX: u32 = COUNT - 1;

const _: () = assert!(Layout::TIC_TAC_TOE.bits() == BITS && Layout::TIC_TAC_TOE.count() == COUNT);

/// The 13-bit code of a 3×3 board (row-major marks, top row first).
///
/// # Errors
/// [`ModelError::Counts`] unless X has as many marks as O or one more.
///
/// ```
/// use gridnote_bits::{ranked, Mark::{Blank as B, O, X}};
/// assert_eq!(ranked::encode(&[B; 9]), Ok(0));
/// assert_eq!(ranked::encode(&[X, B, O, B, B, O, B, X, B]), Ok(523));
/// ```
pub fn encode(marks: &[Mark; 9]) -> Result<u32, ModelError> {
    // The occupied cells as a 9-bit set, and which of them (in order) hold an O.
    let (mut occupied, mut os, mut n, mut o) = (0usize, 0usize, 0usize, 0usize);
    for (i, &mark) in marks.iter().enumerate() {
        match mark {
            Mark::Blank => continue,
            Mark::X => {}
            Mark::O => {
                os |= 1 << n;
                o += 1;
            }
        }
        occupied |= 1 << i;
        n += 1;
    }
    if o != n / 2 {
        return Err(ModelError::Counts { x: n - o, o });
    }
    Ok(Layout::TIC_TAC_TOE.offset(n)
        + u32::from(RANKS[9][occupied]) * binomial(n, n / 2)
        + u32::from(RANKS[n][os]))
}

/// The 3×3 board of a 13-bit code.
///
/// # Errors
/// [`ModelError::OutOfRange`] above 6045.
///
/// ```
/// use gridnote_bits::{ranked, Mark::{Blank as B, O, X}};
/// assert_eq!(ranked::decode(1)?, [X, B, B, B, B, B, B, B, B]); // {0} is the first 1-combination
/// assert!(ranked::decode(6046).is_err());
/// # Ok::<(), gridnote_bits::ModelError>(())
/// ```
pub fn decode(code: u32) -> Result<[Mark; 9], ModelError> {
    let mut out = [Mark::Blank; 9];
    if code > MAX {
        // The layout's own error.
        Layout::TIC_TAC_TOE.decode(code, &mut out)?;
    }
    // The occupied count: the last n whose offset is at most the code.
    let mut n = 0;
    while Layout::TIC_TAC_TOE.offset(n + 1) <= code {
        n += 1;
    }
    let rest = code - Layout::TIC_TAC_TOE.offset(n);
    let per = binomial(n, n / 2);
    let occupied = OCCUPIED[n][(rest / per) as usize];
    let os = OS[n][(rest % per) as usize];
    let mut index = 0;
    for (i, mark) in out.iter_mut().enumerate() {
        if occupied >> i & 1 == 1 {
            *mark = if os >> index & 1 == 1 { Mark::O } else { Mark::X };
            index += 1;
        }
    }
    Ok(out)
}

/// The lexicographic rank of the combination whose elements are the set bits of `set`
/// (bit i = index i) among the combinations of as many indices of `0..n`: the same sum
/// as the layout's ranker, one subtraction per element.
const fn set_rank(n: usize, set: usize) -> u32 {
    let k = set.count_ones() as usize;
    let (mut rank, mut seen, mut next, mut i) = (0, 0, 0, 0);
    while i < n {
        if set >> i & 1 == 1 {
            rank += binomial(n - next, k - seen) - binomial(n - i, k - seen);
            seen += 1;
            next = i + 1;
        }
        i += 1;
    }
    rank
}

/// `RANKS[n][set]`: the rank of a set of indices of `0..n`, built at compile time, so
/// encoding and decoding are a few look-ups instead of the layout's general loops.
const RANKS: [[u16; 512]; 10] = {
    let mut table = [[0u16; 512]; 10];
    let mut n = 0;
    while n <= 9 {
        let mut set = 0usize;
        while set < 1 << n {
            table[n][set] = set_rank(n, set) as u16;
            set += 1;
        }
        n += 1;
    }
    table
};

/// `OCCUPIED[k][rank]`: the set of `k` cells of `0..9` with that rank; the inverse of
/// `RANKS[9]` (C(9, k) ≤ 126 sets per `k`).
const OCCUPIED: [[u16; 126]; 10] = {
    let mut table = [[0u16; 126]; 10];
    let mut set = 0usize;
    while set < 1 << 9 {
        table[set.count_ones() as usize][set_rank(9, set) as usize] = set as u16;
        set += 1;
    }
    table
};

/// `OS[n][rank]`: the set of ⌊n/2⌋ indices of `0..n` with that rank (the O's among `n`
/// occupied cells); the inverse of `RANKS[n]` on those sets.
const OS: [[u16; 126]; 10] = {
    let mut table = [[0u16; 126]; 10];
    let mut n = 0;
    while n <= 9 {
        let mut set = 0usize;
        while set < 1 << n {
            if set.count_ones() as usize == n / 2 {
                table[n][set_rank(n, set) as usize] = set as u16;
            }
            set += 1;
        }
        n += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every mark array of 3^9: the tables give what the general layout gives.
    #[test]
    fn the_tables_agree_with_the_layout_on_every_board() {
        for n in 0..19_683u32 {
            let mut marks = [Mark::Blank; 9];
            let mut rest = n;
            for mark in &mut marks {
                *mark = [Mark::Blank, Mark::X, Mark::O][(rest % 3) as usize];
                rest /= 3;
            }
            assert_eq!(encode(&marks), Layout::TIC_TAC_TOE.encode(&marks), "{marks:?}");
        }
        for code in 0..=MAX + 2 {
            let mut out = [Mark::Blank; 9];
            let general = Layout::TIC_TAC_TOE.decode(code, &mut out).map(|()| out);
            assert_eq!(decode(code), general, "{code}");
        }
        assert!(decode(u32::MAX).is_err());
    }
}
