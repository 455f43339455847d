//! The gomoku engine's transposition table: buckets of four 16-byte entries, replaced by
//! depth and age, bounded in bytes. Scores of wins and losses are stored relative to
//! the position (plies from it), so they stay true wherever the position is reached.

/// Scores at or beyond this are wins (less the plies to them) and losses.
pub(crate) const MATE: i32 = 30_000;
/// Above every score.
pub(crate) const INFINITE: i32 = 30_001;
/// Wins and losses within this many plies are told apart from evaluations.
pub(crate) const MATE_BOUND: i32 = MATE - 500;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub(crate) score: i32,
    pub(crate) eval: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
    /// The best move found, or `u32::MAX`.
    pub(crate) best: u32,
}

/// One entry, two words: the check bits and the best move; then the score, the
/// evaluation, the depth and the flags (bound in the low two bits, 0 empty; age above).
/// All zero is empty, so a fresh table is zeroed memory that the system hands out page
/// by page as it is first touched.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    check: u32,
    best: u32,
    score: i16,
    eval: i16,
    depth: i8,
    flags: u8,
}

impl Entry {
    fn unpack(words: [u64; 2]) -> Entry {
        let [a, b] = words;
        Entry {
            check: a as u32,
            best: (a >> 32) as u32,
            score: b as u16 as i16,
            eval: (b >> 16) as u16 as i16,
            depth: (b >> 32) as u8 as i8,
            flags: (b >> 40) as u8,
        }
    }

    fn pack(self) -> [u64; 2] {
        [
            u64::from(self.check) | u64::from(self.best) << 32,
            u64::from(self.score as u16)
                | u64::from(self.eval as u16) << 16
                | u64::from(self.depth as u8) << 32
                | u64::from(self.flags) << 40,
        ]
    }
}

const BUCKET: usize = 4;

/// The table.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<[u64; 2]>,
    /// Buckets less one (a power of two less one).
    mask: usize,
    age: u8,
    /// Whether anything was stored since the table was made or cleared.
    used: bool,
}

/// A score made relative to the position `ply` plies from the root, for storing.
fn to_stored(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// A stored score made relative to the root again.
fn from_stored(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

impl Table {
    /// A table of at most `bytes` (at least one bucket).
    pub(crate) fn new(bytes: usize) -> Table {
        let entry = core::mem::size_of::<[u64; 2]>();
        let mut buckets = 1usize;
        while buckets * 2 * BUCKET * entry <= bytes.max(BUCKET * entry) {
            buckets *= 2;
        }
        // If the memory cannot be had, a smaller table. (Reserving first: `vec!` would
        // abort.)
        while buckets > 1 && Vec::<[u64; 2]>::new().try_reserve_exact(buckets * BUCKET).is_err() {
            buckets /= 2;
        }
        Table { entries: vec![[0; 2]; buckets * BUCKET], mask: buckets - 1, age: 0, used: false }
    }

    /// Bytes taken.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * core::mem::size_of::<[u64; 2]>()
    }

    /// A new search begins: older entries give way first.
    pub(crate) fn next_age(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        if self.used {
            self.entries.fill([0; 2]);
            self.used = false;
        }
    }

    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize & self.mask) * BUCKET
    }

    /// The entry of `hash`, its scores relative to the root at `ply`.
    #[inline]
    pub(crate) fn probe(&self, hash: u64, ply: i32) -> Option<Hit> {
        let check = (hash >> 32) as u32;
        let start = self.bucket(hash);
        let entry = self.entries[start..start + BUCKET]
            .iter()
            .map(|&w| Entry::unpack(w))
            .find(|e| e.check == check && e.flags & 3 != 0)?;
        let bound = match entry.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            score: from_stored(i32::from(entry.score), ply),
            eval: i32::from(entry.eval),
            depth: i32::from(entry.depth),
            bound,
            best: entry.best,
        })
    }

    /// Stores a result (the best move kept from an older entry of the same position
    /// when this one has none).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn store(
        &mut self,
        hash: u64,
        ply: i32,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        best: u32,
    ) {
        let check = (hash >> 32) as u32;
        let start = self.bucket(hash);
        let age = self.age;
        self.used = true;
        let bucket: [Entry; BUCKET] =
            core::array::from_fn(|i| Entry::unpack(self.entries[start + i]));
        // The same position, else an empty slot, else the shallowest and oldest.
        let slot =
            bucket.iter().position(|e| e.check == check && e.flags & 3 != 0).unwrap_or_else(|| {
                (0..BUCKET)
                    .min_by_key(|&i| {
                        let e = bucket[i];
                        if e.flags & 3 == 0 {
                            return i32::MIN;
                        }
                        let stale = i32::from((age.wrapping_sub(e.flags >> 2)) & 63);
                        i32::from(e.depth) - 8 * stale
                    })
                    .unwrap_or(0)
            });
        let old = bucket[slot];
        let best = if best == u32::MAX && old.check == check { old.best } else { best };
        self.entries[start + slot] = Entry {
            check,
            best,
            score: to_stored(score, ply).clamp(-INFINITE, INFINITE) as i16,
            eval: eval.clamp(-INFINITE, INFINITE) as i16,
            depth: depth.clamp(-100, 127) as i8,
            flags: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            } | age << 2,
        }
        .pack();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_are_stored_relative_to_the_position() {
        let mut table = Table::new(1 << 12);
        assert!(table.bytes() <= 1 << 12);
        let hash = 0x1234_5678_9abc_def0;
        // A win 7 plies from the root, stored 3 plies from it: 4 from the position.
        table.store(hash, 3, MATE - 7, 12, 5, Bound::Lower, 42);
        let hit = table.probe(hash, 1).expect("stored");
        assert_eq!(
            (hit.score, hit.eval, hit.depth, hit.bound, hit.best),
            (MATE - 5, 12, 5, Bound::Lower, 42)
        );
        assert!(table.probe(hash ^ 1 << 40, 1).is_none());
        table.clear();
        assert!(table.probe(hash, 1).is_none());
    }
}
