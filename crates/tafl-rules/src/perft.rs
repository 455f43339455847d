//! Perft: the number of move sequences of each length from a position, every depth
//! counted in one walk of the tree, with each first move's count (divide) as its subtree
//! is walked.

use core::ops::ControlFlow;

use crate::moves::Move;
use crate::position::Position;

/// What [`Position::perft_walk`] reports as it walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PerftProgress {
    /// The count of `depth` plies is final.
    Depth {
        /// The depth, from 1.
        depth: u32,
        /// The number of move sequences of that many plies.
        nodes: u64,
    },
    /// A first move's subtree is walked: the number of sequences of the walk's depth that
    /// start with it (a line of divide).
    Move {
        /// The first move.
        mv: Move,
        /// The sequences of the walk's depth that start with it.
        nodes: u64,
    },
}

impl Position {
    /// The number of move sequences of `depth` plies from here (a finished game has no
    /// moves: a position whose [`Position::outcome`] is over counts only as a leaf).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let mut pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.perft(1), 40);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        let mut pos = self.clone();
        let mut buffers = vec![Vec::with_capacity(128); depth as usize + 1];
        pos.perft_inner(depth, &mut buffers)
    }

    fn perft_inner(&mut self, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome().is_over() {
            return 0;
        }
        if depth == 1 {
            return self.count_moves();
        }
        let (mine, rest) = buffers.split_first_mut().expect("one buffer per ply");
        mine.clear();
        self.gen_moves(mine);
        let mut total = 0;
        for &m in mine.iter() {
            let undo = self.make(m);
            total += self.perft_inner(depth - 1, rest);
            self.unmake(undo);
        }
        total
    }

    /// Perft split by first move: each legal move with the count below it.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// let divide = pos.divide(2);
    /// assert_eq!(divide.len(), 40);
    /// assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), pos.perft(2));
    /// ```
    #[must_use]
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut pos = self.clone();
        if depth == 0 || pos.outcome().is_over() {
            return Vec::new();
        }
        let mut buffers = vec![Vec::with_capacity(128); depth as usize];
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let undo = pos.make(m);
                let n = pos.perft_inner(depth - 1, &mut buffers);
                pos.unmake(undo);
                (m, n)
            })
            .collect()
    }

    /// The perft counts of every depth from 1 to `depth` in one walk of the tree (each
    /// position visited once, where [`Position::perft`] for each depth would walk the
    /// shallower plies again), reported as the walk goes: each first move's count at
    /// `depth` when its subtree is walked ([`PerftProgress::Move`]), depth 1 as soon as
    /// the first moves are known, and the deeper depths when the walk ends, in increasing
    /// depth ([`PerftProgress::Depth`]; a count of a depth is final only when every
    /// position one ply shallower is walked, which in a depth-first walk is at its end).
    /// `progress` may stop the walk (`ControlFlow::Break`, say when its output is gone):
    /// the result is then `None`; else the counts, index 0 for depth 1.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use gridnote_tafl_rules::{CompiledRules, PerftProgress, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// let mut depths = Vec::new();
    /// let counts = pos.perft_walk(3, |progress| {
    ///     if let PerftProgress::Depth { depth, nodes } = progress {
    ///         depths.push((depth, nodes));
    ///     }
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(counts, Some(vec![40, 960, 39512]));
    /// assert_eq!(depths, [(1, 40), (2, 960), (3, 39512)]);
    /// // Stopped at the first report: no counts.
    /// assert_eq!(pos.perft_walk(3, |_| ControlFlow::Break(())), None);
    /// ```
    pub fn perft_walk(
        &self,
        depth: u32,
        mut progress: impl FnMut(PerftProgress) -> ControlFlow<()>,
    ) -> Option<Vec<u64>> {
        let plies = depth as usize;
        let mut counts = vec![0_u64; plies];
        let mut pos = self.clone();
        if plies == 0 || pos.outcome().is_over() {
            for (d, &nodes) in (1..).zip(&counts) {
                if progress(PerftProgress::Depth { depth: d, nodes }).is_break() {
                    return None;
                }
            }
            return Some(counts);
        }
        let first = pos.legal_moves();
        counts[0] = first.len() as u64;
        if progress(PerftProgress::Depth { depth: 1, nodes: counts[0] }).is_break() {
            return None;
        }
        let mut buffers = vec![Vec::with_capacity(128); plies];
        // Below one first move: index k counts the sequences of k + 2 plies.
        let mut below = vec![0_u64; plies - 1];
        for &m in &first {
            below.iter_mut().for_each(|n| *n = 0);
            let undo = pos.make(m);
            pos.walk_counts(&mut below, &mut buffers);
            pos.unmake(undo);
            for (total, n) in counts[1..].iter_mut().zip(&below) {
                *total += n;
            }
            let nodes = if plies == 1 { 1 } else { below[plies - 2] };
            if progress(PerftProgress::Move { mv: m, nodes }).is_break() {
                return None;
            }
        }
        for (d, &nodes) in (2..).zip(&counts[1..]) {
            if progress(PerftProgress::Depth { depth: d, nodes }).is_break() {
                return None;
            }
        }
        Some(counts)
    }

    /// Adds to `counts[k]` the sequences of k + 1 plies from here (one entry per ply
    /// still to walk).
    fn walk_counts(&mut self, counts: &mut [u64], buffers: &mut [Vec<Move>]) {
        let Some((here, deeper)) = counts.split_first_mut() else { return };
        if self.outcome().is_over() {
            return;
        }
        if deeper.is_empty() {
            *here += self.count_moves();
            return;
        }
        let (mine, rest) = buffers.split_first_mut().expect("one buffer per ply");
        mine.clear();
        self.gen_moves(mine);
        *here += mine.len() as u64;
        for &m in mine.iter() {
            let undo = self.make(m);
            self.walk_counts(deeper, rest);
            self.unmake(undo);
        }
    }
}
