//! A bitboard of any size: one bit per cell in a vector of words, for boards beyond the
//! machine-word masks (every T3EN board, up to 255×255 = 65,025 cells).

/// A set of cells (row-major indices), as many as it was made for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// The empty set over `cells` cells.
    pub(crate) fn new(cells: usize) -> Bits {
        Bits { words: vec![0; cells.div_ceil(64)] }
    }

    /// Whether `i` is in the set.
    #[inline]
    pub(crate) fn has(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Adds `i`.
    #[inline]
    pub(crate) fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Removes `i`.
    #[inline]
    pub(crate) fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    /// How many cells are in the set.
    pub(crate) fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cells in the set, in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            core::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(w * 64 + bit)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn holds_every_cell_of_the_largest_board() {
        let cells = 255 * 255;
        let mut bits = Bits::new(cells);
        for i in [0, 63, 64, 4095, cells - 1] {
            bits.insert(i);
        }
        assert_eq!(bits.count(), 5);
        assert!(bits.has(cells - 1) && bits.has(64) && !bits.has(65));
        assert_eq!(bits.iter().collect::<Vec<_>>(), [0, 63, 64, 4095, cells - 1]);
        bits.remove(64);
        assert_eq!(bits.iter().collect::<Vec<_>>(), [0, 63, 4095, cells - 1]);
    }
}
