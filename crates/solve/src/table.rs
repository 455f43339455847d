//! The transposition table: a fixed number of two-entry buckets, sized from a byte
//! budget, indexed by a digest of the canonical position. When the table is full, new
//! results replace old ones (one slot of each bucket keeps the result nearest the root,
//! the other takes the newest), so the solver never runs out of memory.
//!
//! Entries live in one vector of 64-bit words (the two cell sets, then the packed
//! data). The table starts small and doubles while more than half full, up to the
//! budget, so a small solve with a large budget stays small (and in the cache).

use core::marker::PhantomData;

use crate::mask::Mask;

/// The score is exact.
pub(crate) const EXACT: u8 = 1;
/// The score is a lower bound (the search failed high).
pub(crate) const LOWER: u8 = 2;
/// The score is an upper bound (the search failed low).
pub(crate) const UPPER: u8 = 3;
/// No best move stored.
pub(crate) const NO_MOVE: u8 = u8::MAX;

/// One stored result, keyed by the exact canonical position (never a hash alone).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry<M: Mask> {
    pub(crate) x: M,
    pub(crate) o: M,
    /// Score relative to this position (see `search::to_table`).
    pub(crate) score: i16,
    /// Remaining depth searched (`search::UNLIMITED` for a full solve).
    pub(crate) depth: u8,
    /// Bound kind (`EXACT`, `LOWER`, `UPPER`; 0 = unused) and, in bit 7, the side to move.
    pub(crate) info: u8,
    /// The best move in the canonical orientation, or `NO_MOVE`.
    pub(crate) best: u8,
    /// Empty cells in the position: results nearer the root cover more work.
    pub(crate) weight: u8,
}

impl<M: Mask> Entry<M> {
    pub(crate) fn bound(&self) -> u8 {
        self.info & 0x7f
    }

    fn pack(&self) -> u64 {
        u64::from(self.score as u16)
            | u64::from(self.depth) << 16
            | u64::from(self.info) << 24
            | u64::from(self.best) << 32
            | u64::from(self.weight) << 40
    }

    fn unpack(x: M, o: M, data: u64) -> Entry<M> {
        Entry {
            x,
            o,
            score: data as u16 as i16,
            depth: (data >> 16) as u8,
            info: (data >> 24) as u8,
            best: (data >> 32) as u8,
            weight: (data >> 40) as u8,
        }
    }
}

/// The table.
#[derive(Debug)]
pub(crate) struct Table<M: Mask> {
    words: Vec<u64>,
    buckets: usize,
    stored: usize,
    /// The most buckets the byte budget allows: the table starts small (so a small
    /// search stays in the cache) and doubles while over half full, up to this.
    max_buckets: usize,
    mask: PhantomData<M>,
}

impl<M: Mask> Table<M> {
    /// Words per entry: two cell sets and the data.
    const STRIDE: usize = 2 * M::WORDS + 1;

    /// The bytes one entry takes.
    pub(crate) const ENTRY_BYTES: usize = Self::STRIDE * 8;

    /// A table that grows to at most `bytes` bytes (at least one bucket).
    pub(crate) fn new(bytes: usize) -> Table<M> {
        let most = (bytes / (2 * Self::ENTRY_BYTES)).max(1);
        // Powers of two, so the index is a mask.
        let max_buckets = 1 << (usize::BITS - 1 - most.leading_zeros());
        let buckets = max_buckets.min(4096);
        let mut table =
            Table { words: Vec::new(), buckets: 0, stored: 0, max_buckets, mask: PhantomData };
        if let Some(words) = Self::allocate(buckets) {
            table.words = words;
            table.buckets = buckets;
        }
        table
    }

    /// Zeroed words for `buckets` buckets, or `None` when the memory cannot be had
    /// (the allocation is tried, never assumed, so running out of memory is not fatal).
    fn allocate(buckets: usize) -> Option<Vec<u64>> {
        let len = buckets.checked_mul(2 * Self::STRIDE)?;
        let mut words: Vec<u64> = Vec::new();
        words.try_reserve_exact(len).ok()?;
        words.resize(len, 0);
        Some(words)
    }

    /// Doubles the table, keeping every entry; stays as it is when the memory cannot
    /// be had.
    fn grow(&mut self) {
        let buckets = self.buckets * 2;
        let Some(words) = Self::allocate(buckets) else {
            self.max_buckets = self.buckets;
            return;
        };
        let old = core::mem::replace(&mut self.words, words);
        self.buckets = buckets;
        self.stored = 0;
        for chunk in old.chunks_exact(Self::STRIDE) {
            let entry = Self::read(chunk);
            if entry.bound() != 0 {
                self.put(entry);
            }
        }
    }

    /// The size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// How many slots hold an entry.
    pub(crate) fn stored(&self) -> usize {
        self.stored
    }

    /// How many entries fit now.
    pub(crate) fn capacity(&self) -> usize {
        self.buckets * 2
    }

    /// How many entries fit at most.
    pub(crate) fn max_capacity(&self) -> usize {
        self.max_buckets * 2
    }

    /// The word offset of the first slot of (x, o)'s bucket.
    fn bucket(&self, x: M, o: M) -> usize {
        ((M::mix(x, o) as usize) & (self.buckets - 1)) * 2 * Self::STRIDE
    }

    fn read(w: &[u64]) -> Entry<M> {
        Entry::unpack(M::load(&w[..M::WORDS]), M::load(&w[M::WORDS..2 * M::WORDS]), w[2 * M::WORDS])
    }

    fn slot(&self, at: usize) -> Entry<M> {
        Self::read(&self.words[at..at + Self::STRIDE])
    }

    fn set(&mut self, at: usize, entry: &Entry<M>) {
        let w = &mut self.words[at..at + Self::STRIDE];
        entry.x.store(&mut w[..M::WORDS]);
        entry.o.store(&mut w[M::WORDS..2 * M::WORDS]);
        w[2 * M::WORDS] = entry.pack();
    }

    /// The entry for (x, o, side), if stored.
    pub(crate) fn get(&self, x: M, o: M, side: u8) -> Option<Entry<M>> {
        if self.buckets == 0 {
            return None;
        }
        let at = self.bucket(x, o);
        (0..2)
            .map(|i| self.slot(at + i * Self::STRIDE))
            .find(|e| e.bound() != 0 && e.x == x && e.o == o && e.info >> 7 == side)
    }

    /// Stores `entry` (whose `info` carries the side in bit 7).
    pub(crate) fn put(&mut self, entry: Entry<M>) {
        if self.buckets == 0 {
            return;
        }
        if self.stored > self.buckets && self.buckets < self.max_buckets {
            self.grow();
        }
        let at = self.bucket(entry.x, entry.o);
        let (kept, newest) = (self.slot(at), self.slot(at + Self::STRIDE));
        let same =
            |e: &Entry<M>| e.x == entry.x && e.o == entry.o && e.info >> 7 == entry.info >> 7;
        if same(&kept) || kept.bound() == 0 || entry.weight >= kept.weight {
            // The kept slot takes it: same position, empty, or a result at least as near
            // the root; a different result it held moves to the other slot.
            if kept.bound() == 0 {
                self.stored += 1;
            } else if !same(&kept) {
                if newest.bound() == 0 {
                    self.stored += 1;
                }
                self.set(at + Self::STRIDE, &kept);
            }
            self.set(at, &entry);
        } else {
            if newest.bound() == 0 {
                self.stored += 1;
            }
            self.set(at + Self::STRIDE, &entry);
        }
    }
}
