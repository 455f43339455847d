//! Perft: the number of move sequences of each length from a position, counted in one
//! walk of the tree, with the count below each first move (divide) as it finishes.

use core::ops::ControlFlow;

use crate::moves::Move;

use super::state::Position;

/// What [`Position::perft_walk`] reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PerftProgress<'a> {
    /// The number of move sequences of `depth` plies is final.
    Depth {
        /// The depth, from 1.
        depth: u32,
        /// The number of move sequences of that many plies.
        nodes: u64,
    },
    /// A first move's subtree is counted: `nodes[d - 1]` sequences of `d` plies begin with
    /// it (`nodes[0]` is 1). First moves come in [`Position::legal_moves`]'s order.
    Move {
        /// The first move.
        mv: Move,
        /// The counts below it by depth.
        nodes: &'a [u64],
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
        let mut out = Vec::new();
        if depth == 0 {
            return out;
        }
        let _ = self.perft_walk(depth, |progress| {
            if let PerftProgress::Move { mv, nodes } = progress {
                out.push((mv, nodes[depth as usize - 1]));
            }
            ControlFlow::Continue(())
        });
        out
    }

    /// The number of move sequences of every length from 1 to `depth` (`counts[d - 1]` is
    /// [`Position::perft`]`(d)`), from one walk of the tree: each position is visited once.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.perft_counts(3), [40, 960, 39_512]);
    /// ```
    #[must_use]
    pub fn perft_counts(&self, depth: u32) -> Vec<u64> {
        self.perft_walk(depth, |_| ControlFlow::Continue(())).unwrap_or_default()
    }

    /// [`Position::perft_counts`], reporting as the walk goes: each depth's count as soon
    /// as it is final ([`PerftProgress::Depth`], in increasing depth), and each first
    /// move's counts when its subtree is walked ([`PerftProgress::Move`], the divide).
    /// `progress` may stop the walk (`ControlFlow::Break`, say when its output is gone):
    /// the result is then `None`.
    ///
    /// One walk visits the positions depth-first: the count of one ply is final at once,
    /// the deeper counts only when the last first move is walked (they need every position
    /// one ply shallower), so they come together at the end, after the last first move.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use gridnote_tafl_rules::{CompiledRules, PerftProgress, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// let mut events = Vec::new();
    /// let counts = pos.perft_walk(2, |p| {
    ///     events.push(match p {
    ///         PerftProgress::Depth { depth, nodes } => format!("depth {depth}: {nodes}"),
    ///         PerftProgress::Move { mv, nodes } => format!("{mv}: {}", nodes[1]),
    ///         _ => unreachable!(),
    ///     });
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(counts, Some(vec![40, 960]));
    /// assert_eq!(events[0], "depth 1: 40");
    /// assert_eq!(events[1], "d7-c7: 23");
    /// assert_eq!(events.len(), 1 + 40 + 1);
    /// assert_eq!(events[41], "depth 2: 960");
    /// // Stopped after the first move.
    /// assert_eq!(pos.perft_walk(2, |p| match p {
    ///     PerftProgress::Move { .. } => ControlFlow::Break(()),
    ///     _ => ControlFlow::Continue(()),
    /// }), None);
    /// ```
    pub fn perft_walk(
        &self,
        depth: u32,
        mut progress: impl FnMut(PerftProgress<'_>) -> ControlFlow<()>,
    ) -> Option<Vec<u64>> {
        let d = depth as usize;
        let mut counts = vec![0u64; d];
        if d == 0 {
            return Some(counts);
        }
        let mut pos = self.clone();
        if pos.outcome().is_over() {
            for (i, &nodes) in counts.iter().enumerate() {
                if progress(PerftProgress::Depth { depth: i as u32 + 1, nodes }).is_break() {
                    return None;
                }
            }
            return Some(counts);
        }
        let root = pos.legal_moves();
        counts[0] = root.len() as u64;
        if progress(PerftProgress::Depth { depth: 1, nodes: counts[0] }).is_break() {
            return None;
        }
        let mut buffers = vec![Vec::with_capacity(128); d];
        let mut below = vec![0u64; d];
        for &m in &root {
            below.fill(0);
            below[0] = 1;
            let undo = pos.make(m);
            pos.count_below(&mut below[1..], &mut buffers);
            pos.unmake(undo);
            for (c, b) in counts[1..].iter_mut().zip(&below[1..]) {
                *c += b;
            }
            if progress(PerftProgress::Move { mv: m, nodes: &below }).is_break() {
                return None;
            }
        }
        for (i, &nodes) in counts.iter().enumerate().skip(1) {
            if progress(PerftProgress::Depth { depth: i as u32 + 1, nodes }).is_break() {
                return None;
            }
        }
        Some(counts)
    }

    /// Adds to `counts[i]` the number of move sequences of `i + 1` plies from here.
    fn count_below(&mut self, counts: &mut [u64], buffers: &mut [Vec<Move>]) {
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
            self.count_below(deeper, rest);
            self.unmake(undo);
        }
    }
}
