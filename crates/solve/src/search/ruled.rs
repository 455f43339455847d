//! The parts of the search that depend on the gomoku rule set, for the rule sets other
//! than freestyle (compiled only into `Search<_, true>`): which completions win (exact
//! five, caro's blocked fives, renju's black overlines), which moves answer a threat,
//! and renju's forbidden points.

use gridnote_board::renju::{self, Point};
use gridnote_board::{Gomoku, Player};

use super::{Best, INF, Node, Scan, Search, WIN};
use crate::mask::Mask;

/// The search's stones as the forbidden-point test reads them.
struct Stones<M: Mask> {
    pieces: [M; 2],
    playable: M,
    rows: usize,
    cols: usize,
}

impl<M: Mask> renju::Stones for Stones<M> {
    fn point(&self, row: isize, col: isize) -> Point {
        if row < 0 || col < 0 || row as usize >= self.rows || col as usize >= self.cols {
            return Point::Off;
        }
        let bit = M::bit(row as usize * self.cols + col as usize);
        if (self.playable & bit).is_zero() {
            Point::Off
        } else if !(self.pieces[0] & bit).is_zero() {
            Point::Black
        } else if !(self.pieces[1] & bit).is_zero() {
            Point::White
        } else {
            Point::Empty
        }
    }
}

impl<M: Mask, const RULED: bool> Search<'_, M, RULED> {
    /// [`Search::scan`] under the rule set: a window one stone short completes a line
    /// only when the run it makes is one ([`Gomoku::run_wins`]): the cells just beyond
    /// its ends decide whether the run is longer than k (one of the player's own there)
    /// and whether caro blocks it (the other player's at both).
    #[inline(never)]
    pub(super) fn scan_ruled(&self) -> Scan<M> {
        let mut scan = Scan { wins: [M::ZERO; 2], open: [false; 2], doubles: [M::ZERO; 2] };
        let k1 = self.geo.k - 1;
        for (&line, ends) in self.geo.lines.iter().zip(&self.geo.ends) {
            let mine = [line & self.pieces[0], line & self.pieces[1]];
            for p in 0..2 {
                if mine[1 - p].is_zero() {
                    scan.open[p] = true;
                    if mine[p].count() == k1 && self.completes(ends, p) {
                        scan.wins[p] |= line & !mine[p];
                    }
                }
            }
        }
        scan
    }

    /// Whether `player` filling a window whose outer cells are `ends` makes a line.
    #[inline]
    fn completes(&self, ends: &[M; 2], player: usize) -> bool {
        let (own, other) = (self.pieces[player], self.pieces[player ^ 1]);
        // One more stands for every longer run: each rule set treats them alike.
        let longer = !((ends[0] | ends[1]) & own).is_zero();
        let blocked = [!(ends[0] & other).is_zero(), !(ends[1] & other).is_zero()];
        let k = self.geo.k as usize;
        let who = if player == 0 { Player::One } else { Player::Two };
        self.geo.gomoku.run_wins(k + usize::from(longer), k, who, blocked)
    }

    /// The empty cells the side to move may play: every one, but black's forbidden
    /// points under renju.
    #[inline]
    pub(crate) fn legal(&self, empty: M) -> M {
        if RULED && self.geo.gomoku == Gomoku::Renju && self.side == 0 {
            return empty & !self.forbidden(empty);
        }
        empty
    }

    /// Black's forbidden points among `cells`.
    fn forbidden(&self, cells: M) -> M {
        let stones = Stones {
            pieces: self.pieces,
            playable: self.geo.playable,
            rows: self.geo.rows,
            cols: self.geo.cols,
        };
        let mut forbidden = M::ZERO;
        let mut left = cells;
        while !left.is_zero() {
            let cell = left.lowest();
            left ^= M::bit(cell);
            let (row, col) = (cell / self.geo.cols, cell % self.geo.cols);
            if renju::forbidden_at(&stones, row, col, self.geo.rules).is_some() {
                forbidden |= M::bit(cell);
            }
        }
        forbidden
    }

    /// Under a threat of the other side's (normal play, no win of the mover's on the
    /// board): only the moves after which they complete no line are tried, each a legal
    /// move of the mover's. Without such a move every move loses at the next ply.
    pub(super) fn answer_threats(
        &mut self,
        node: &Node<M>,
        scan: &Scan<M>,
        mut best: Best,
    ) -> (i32, usize) {
        let legal = self.legal(node.empty);
        let them = self.side ^ 1;
        // A stone stops a threat by standing on its cell, or (caro) by closing the far
        // end of the run it would make.
        let candidates =
            if self.geo.gomoku == Gomoku::Caro { legal } else { legal & scan.wins[them] };
        let mut answers = M::ZERO;
        let mut left = candidates;
        while !left.is_zero() {
            let cell = left.lowest();
            left ^= M::bit(cell);
            self.put(cell, self.side);
            let stopped = self.scan_ruled().wins[them].is_zero();
            self.put(cell, self.side);
            if stopped {
                answers |= M::bit(cell);
            }
        }
        if answers.is_zero() {
            let cell = if legal.is_zero() { usize::MAX } else { legal.lowest() };
            return (-(WIN - (node.ply + 2)), cell);
        }
        let mut left = answers;
        while !left.is_zero() {
            let cell = left.lowest();
            left ^= M::bit(cell);
            if self.try_move(node, M::ZERO, cell, &mut best) {
                break;
            }
        }
        debug_assert!(best.score > -INF || self.aborted);
        (best.score, best.cell)
    }
}
