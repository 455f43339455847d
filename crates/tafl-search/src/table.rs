//! The transposition table: a bounded array of entries indexed by the Zobrist hash.

use gridnote_tafl_rules::{Move, Square};

/// What an entry's score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The score is at least this (the search failed high).
    Lower,
    /// The score is at most this (it failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) mv: u32,
    pub(crate) score: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    pub(crate) age: u8,
}

const NO_MOVE: u32 = u32::MAX;

pub(crate) fn pack(m: Move) -> u32 {
    u32::from_le_bytes([m.from.file, m.from.rank, m.to.file, m.to.rank])
}

pub(crate) fn unpack(m: u32) -> Option<Move> {
    (m != NO_MOVE).then(|| {
        let [a, b, c, d] = m.to_le_bytes();
        Move::new(Square::new(a, b), Square::new(c, d))
    })
}

/// A table of a power-of-two number of entries; an entry is replaced by a search of the
/// current move (its age) or by one at least as deep.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
    /// Whether an entry was stored since the table was made or cleared (clearing an
    /// unused table is skipped: a large one takes milliseconds to fill).
    used: bool,
}

/// The bytes one entry takes.
pub(crate) const ENTRY_BYTES: usize = size_of::<Entry>();

const EMPTY: Entry = Entry { key: 0, mv: NO_MOVE, score: 0, depth: 0, bound: Bound::Upper, age: 0 };

impl Table {
    /// A table of at most `entries` entries (at least one).
    pub(crate) fn new(entries: usize) -> Table {
        let size = Table::size(entries);
        Table { entries: vec![EMPTY; size], mask: size - 1, age: 1, used: false }
    }

    /// [`Table::new`], or the allocator's refusal when the memory cannot be had.
    pub(crate) fn try_new(entries: usize) -> Result<Table, std::collections::TryReserveError> {
        let size = Table::size(entries);
        let mut slots = Vec::new();
        slots.try_reserve_exact(size)?;
        slots.resize(size, EMPTY);
        Ok(Table { entries: slots, mask: size - 1, age: 1, used: false })
    }

    /// The entries of a table of at most `entries` (at least one): a power of two.
    pub(crate) fn size(entries: usize) -> usize {
        if entries <= 1 { 1 } else { 1usize << (usize::BITS - 1 - entries.leading_zeros()) }
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(crate) fn next_age(&mut self) {
        self.age = self.age.wrapping_add(1).max(1);
    }

    pub(crate) fn clear(&mut self) {
        if self.used {
            self.entries.fill(EMPTY);
            self.used = false;
        }
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && e.age != 0).then_some(e)
    }

    pub(crate) fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: u32,
        bound: Bound,
    ) {
        self.used = true;
        let slot = &mut self.entries[key as usize & self.mask];
        let depth = depth.min(255) as u8;
        if slot.key == key || slot.age != self.age || depth >= slot.depth {
            let mv = match mv {
                Some(m) => pack(m),
                None if slot.key == key => slot.mv,
                None => NO_MOVE,
            };
            *slot = Entry { key, mv, score, depth, bound, age: self.age };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Bound, Table};

    #[test]
    fn clearing_forgets_what_was_stored() {
        let mut table = Table::new(16);
        table.clear();
        table.store(0x1234, None, 7, 3, Bound::Exact);
        assert_eq!(table.probe(0x1234).map(|e| (e.score, e.depth)), Some((7, 3)));
        table.clear();
        assert_eq!(table.probe(0x1234).map(|e| e.score), None);
        table.store(0x1234, None, 9, 1, Bound::Lower);
        assert_eq!(table.probe(0x1234).map(|e| e.score), Some(9));
        table.clear();
        assert_eq!(table.probe(0x1234).map(|e| e.score), None);
    }
}
