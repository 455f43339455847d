//! Binomial coefficients (a `const` table) and lexicographic ranks of combinations.
//!
//! A combination is a strictly increasing list of `k` indices among `0..n`. Its
//! lexicographic rank is the number of `k`-combinations of `0..n` that sort before it,
//! so ranks run over `0..C(n, k)`. Both directions cost O(n) table look-ups.

/// The most cells a board may have for the generalised codes: 20 (4×5, 2×10, …).
///
/// It is the largest cell count for which both the code (741,365,049 codes, 30 bits)
/// and its naive variant (largest 2,793,510,713, 32 bits) fit in a `u32`; with 21 cells
/// the naive code would not.
///
/// ```
/// use gridnote_bits::{Layout, MAX_CELLS};
/// assert_eq!(MAX_CELLS, 20);
/// assert!(Layout::new(MAX_CELLS).is_some());
/// assert!(Layout::new(MAX_CELLS + 1).is_none());
/// ```
pub const MAX_CELLS: usize = 20;

/// `BINOMIAL[n][k]` = C(n, k) for `n, k ≤ MAX_CELLS` (0 when `k > n`), built at compile
/// time by Pascal's rule. C(20, 10) = 184,756 is the largest entry, so `u32` is plenty.
const BINOMIAL: [[u32; MAX_CELLS + 1]; MAX_CELLS + 1] = {
    let mut table = [[0u32; MAX_CELLS + 1]; MAX_CELLS + 1];
    let mut n = 0;
    while n <= MAX_CELLS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// C(n, k), 0 when `k > n`. Both must be at most [`MAX_CELLS`].
pub(crate) const fn binomial(n: usize, k: usize) -> u32 {
    if k > n { 0 } else { BINOMIAL[n][k] }
}

/// Ranks a combination fed one index at a time, in increasing order.
///
/// With the elements `c_0 < c_1 < … < c_{k-1}` of a `k`-combination of `0..n`, the
/// lexicographic rank is `Σ_i Σ_{j = c_{i-1}+1}^{c_i - 1} C(n-1-j, k-1-i)` (with
/// `c_{-1} = -1`): for each position, the combinations that put a smaller index there.
/// The inner sum telescopes (hockey-stick identity) to `C(n - c_{i-1} - 1, k-i) -
/// C(n - c_i, k-i)`, one subtraction per element.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ranker {
    n: usize,
    k: usize,
    /// Elements seen so far (`i`).
    seen: usize,
    /// The least index the next element may take (`c_{i-1} + 1`).
    next: usize,
    rank: u32,
}

impl Ranker {
    /// A ranker for a `k`-combination of `0..n` (`k ≤ n ≤ MAX_CELLS`).
    pub(crate) const fn new(n: usize, k: usize) -> Ranker {
        Ranker { n, k, seen: 0, next: 0, rank: 0 }
    }

    /// Feeds the next element (greater than every element fed before, less than `n`).
    pub(crate) fn push(&mut self, index: usize) {
        debug_assert!(self.seen < self.k && index >= self.next && index < self.n);
        let left = self.k - self.seen;
        self.rank += binomial(self.n - self.next, left) - binomial(self.n - index, left);
        self.seen += 1;
        self.next = index + 1;
    }

    /// The rank, once all `k` elements are fed.
    pub(crate) fn rank(self) -> u32 {
        debug_assert_eq!(self.seen, self.k);
        self.rank
    }
}

/// Produces the elements of the `k`-combination of `0..n` with a given rank, in
/// increasing order: the inverse of [`Ranker`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Unranker {
    n: usize,
    k: usize,
    seen: usize,
    next: usize,
    rank: u32,
}

impl Unranker {
    /// The combination of rank `rank < C(n, k)`.
    pub(crate) const fn new(n: usize, k: usize, rank: u32) -> Unranker {
        Unranker { n, k, seen: 0, next: 0, rank }
    }
}

impl Iterator for Unranker {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.seen == self.k {
            return None;
        }
        // Skip every candidate j whose block of combinations (those with j at this
        // position) lies wholly below the rank.
        let rest = self.k - 1 - self.seen;
        let mut j = self.next;
        loop {
            let block = binomial(self.n - 1 - j, rest);
            if self.rank < block {
                break;
            }
            self.rank -= block;
            j += 1;
        }
        self.seen += 1;
        self.next = j + 1;
        Some(j)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rank(n: usize, combination: &[usize]) -> u32 {
        let mut ranker = Ranker::new(n, combination.len());
        for &c in combination {
            ranker.push(c);
        }
        ranker.rank()
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(9, 4), 126);
        assert_eq!(binomial(4, 2), 6);
        assert_eq!(binomial(20, 10), 184_756);
        assert_eq!(binomial(0, 0), 1);
        assert_eq!(binomial(3, 4), 0);
    }

    /// The worked example of docs/bits.md: non-blanks (0, 2, 5, 7) among 9 cells rank 31, and the
    /// O's at indices (1, 2) among those 4 rank 3.
    #[test]
    fn worked_example_ranks() {
        assert_eq!(rank(9, &[0, 2, 5, 7]), 31);
        assert_eq!(rank(4, &[1, 2]), 3);
        assert_eq!(Unranker::new(9, 4, 31).collect::<Vec<_>>(), [0, 2, 5, 7]);
        assert_eq!(Unranker::new(4, 2, 3).collect::<Vec<_>>(), [1, 2]);
    }

    /// Every combination of every k among 7 elements, listed in lexicographic order by
    /// brute force, has its position in that list as its rank.
    #[test]
    fn ranks_are_lexicographic_positions() {
        let n = 7;
        for k in 0..=n {
            let mut combos: Vec<Vec<usize>> = (0u32..1 << n)
                .filter(|m| m.count_ones() as usize == k)
                .map(|m| (0..n).filter(|&i| m >> i & 1 == 1).collect())
                .collect();
            combos.sort();
            assert_eq!(combos.len() as u32, binomial(n, k));
            for (position, combo) in combos.iter().enumerate() {
                assert_eq!(rank(n, combo), position as u32, "{combo:?}");
                assert_eq!(&Unranker::new(n, k, position as u32).collect::<Vec<_>>(), combo);
            }
        }
    }
}
