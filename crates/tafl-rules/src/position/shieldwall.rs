//! Shieldwalls (`sw`, `swf`): OpenTafl's `detectShieldwallPositionsForSide` walk along the
//! four edges, ported step for step (docs/tafl-rules.md shows it), and the captures of the
//! walls it finds; the edge fort's test uses the same walk.
//!
//! OpenTafl's walk keeps two lists (the surrounded squares, the run, and the squares of
//! the surrounding pieces, the wall) that carry over from one edge to the next, and a wall
//! it finds keeps a reference to them, so squares appended later still count. Within one
//! edge a list's run is a stretch of consecutive squares, so a list is at most four
//! stretches (one per edge), the starting squares, and the square that closed it: [`Wall`]
//! holds that without allocating, and the walk hands each wall on when its lists are
//! complete, in the order OpenTafl found them.

use std::sync::Arc;

use gridnote_board::tafl::Shieldwall;

use super::bits::{DEFENDER, MAX_FAST_WORDS, OCCUPIED, PLANES, cell, side_at};
use super::piece::{Piece, Role, Side};
use super::state::Position;
use super::tables::{EDGE, Tables};

/// One of OpenTafl's pairs of lists.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Wall {
    /// The run's stretches: (edge, first position, last position) along the edge.
    stretches: [(u8, u16, u16); 4],
    len_stretches: u8,
    /// The number of squares in the run.
    run_len: usize,
    /// The surrounding pieces where the walk started on each edge.
    starts: [u16; 4],
    len_starts: u8,
    /// The surrounding piece that closed the wall, if one did.
    closing: Option<u16>,
    /// How many times OpenTafl recorded this pair of lists as a wall.
    records: u8,
}

/// The square at `pos` along edge `e`: rank 1, the last rank, file a, the last file, each
/// from file a or rank 1 (OpenTafl's order).
#[inline]
fn edge_square(t: &Tables, e: u8, pos: usize) -> usize {
    let n = t.n;
    match e {
        0 => t.at(n - 1, pos),
        1 => t.at(0, pos),
        2 => t.at(n - 1 - pos, 0),
        _ => t.at(n - 1 - pos, n - 1),
    }
}

/// The square one step in from the edge square at `pos` along edge `e` (boards of two
/// squares or more).
#[inline]
fn front(t: &Tables, e: u8, pos: usize) -> usize {
    let n = t.n;
    match e {
        0 => t.at(n - 2, pos),
        1 => t.at(1, pos),
        2 => t.at(n - 1 - pos, 1),
        _ => t.at(n - 1 - pos, n - 2),
    }
}

impl Wall {
    /// Appends the edge square at `pos` along `e` to the run (and the square in front of
    /// it to the wall).
    fn push_run(&mut self, e: u8, pos: usize) {
        let pos = pos as u16;
        self.run_len += 1;
        if let Some(last) = self.len_stretches.checked_sub(1) {
            let s = &mut self.stretches[usize::from(last)];
            if s.0 == e && s.2 + 1 == pos {
                s.2 = pos;
                return;
            }
        }
        // A new edge (a list's run is one stretch per edge).
        let i = usize::from(self.len_stretches).min(3);
        self.stretches[i] = (e, pos, pos);
        self.len_stretches = (i + 1) as u8;
    }

    fn push_start(&mut self, sq: usize) {
        let i = usize::from(self.len_starts).min(3);
        self.starts[i] = sq as u16;
        self.len_starts = (i + 1) as u8;
    }

    /// The surrounded squares, in the order OpenTafl appended them.
    pub(crate) fn run<'a>(&'a self, t: &'a Tables) -> impl Iterator<Item = usize> + 'a {
        self.stretches[..usize::from(self.len_stretches)]
            .iter()
            .flat_map(move |&(e, lo, hi)| (lo..=hi).map(move |p| edge_square(t, e, usize::from(p))))
    }

    /// Whether `sq` is one of the wall's surrounding squares.
    pub(crate) fn surrounds_from(&self, t: &Tables, sq: usize) -> bool {
        self.starts[..usize::from(self.len_starts)].contains(&(sq as u16))
            || self.closing == Some(sq as u16)
            || self.stretches[..usize::from(self.len_stretches)]
                .iter()
                .any(|&(e, lo, hi)| (lo..=hi).any(|p| front(t, e, usize::from(p)) == sq))
    }
}

/// OpenTafl's walk for the pieces of `surrounders` on the board `planes`: calls `found`
/// with each wall, once per time OpenTafl records it, in its order.
fn walk(t: &Tables, planes: &[u64], surrounders: Side, found: &mut impl FnMut(&Wall)) {
    let n = t.n;
    let strong = t.cfg.shieldwall == Shieldwall::Strong;
    let is_surrounder = |s: usize| side_at(planes, s) == Some(surrounders);
    let mut cur = Wall::default();
    let mut finish = |cur: &mut Wall| {
        for _ in 0..cur.records {
            found(cur);
        }
        *cur = Wall::default();
    };
    for e in 0..4u8 {
        let mut start = false;
        // OpenTafl's index, which lags behind the walk after every `continue`.
        let mut index = 0usize;
        for pos in 0..n {
            let space = edge_square(t, e, pos);
            let corner = t.corner_space(space);
            if !start && corner && strong {
                start = true;
                continue;
            } else if !start && is_surrounder(space) {
                start = true;
                cur.push_start(space);
                continue;
            }
            if start {
                if corner && strong {
                    if cur.run_len > 1 {
                        cur.records += 1;
                    }
                    break;
                }
                let adj = front(t, e, pos);
                if is_surrounder(space) {
                    let next = index + 1 < n && is_surrounder(edge_square(t, e, index + 1));
                    let king = cell(planes, space).is_some_and(|p| p.is(Role::King));
                    // A wall going on, or (OpenTafl's special case) the king of the
                    // surrounding side standing in it.
                    if is_surrounder(adj) && (next || king) {
                        cur.push_run(e, pos);
                    } else {
                        if cur.run_len > 1 {
                            cur.closing = Some(space as u16);
                            cur.records += 1;
                        }
                        finish(&mut cur);
                    }
                    continue;
                }
                if is_surrounder(adj) {
                    cur.push_run(e, pos);
                } else {
                    start = false;
                    finish(&mut cur);
                }
            }
            index += 1;
        }
    }
    finish(&mut cur);
}

impl Position {
    /// Whether each side has two pieces or more on edge squares (without that OpenTafl
    /// finds no wall).
    fn walls_possible(&self) -> bool {
        let edge = self.tables.mask(EDGE);
        let (mut attackers, mut defenders) = (0, 0);
        for (w, &m) in edge.iter().enumerate() {
            let occupied = self.planes[w * PLANES + OCCUPIED] & m;
            let def = self.planes[w * PLANES + DEFENDER] & m;
            attackers += (occupied & !def).count_ones();
            defenders += def.count_ones();
        }
        self.tables.n >= 2 && attackers >= 2 && defenders >= 2
    }

    /// The shieldwall captures of `mover` (as it was before the move) arriving on `dest`:
    /// every wall of either side (found on the board as the custodial captures left it)
    /// whose run holds only enemies of the mover loses its pieces but kings and guards;
    /// with `swf:y` only a wall the move closed, by a piece that had moved before.
    pub(crate) fn shieldwall_captures(&mut self, dest: usize, mover: Piece) {
        let t = Arc::clone(&self.tables);
        let flanking = t.cfg.shieldwall_flanking;
        // OpenTafl compares the mover as it was before the move with the pieces as they
        // stand after it: a piece's first move never completes the wall.
        if (flanking && !(t.edge[dest] && mover.developed()))
            || mover.is(Role::Guard)
            || !self.walls_possible()
        {
            return;
        }
        // Both sides' walls are found on the board before any of them captures.
        let mut small = [0u64; MAX_FAST_WORDS * PLANES];
        let large: Vec<u64>;
        let board: &[u64] = if self.planes.len() <= small.len() {
            small[..self.planes.len()].copy_from_slice(&self.planes);
            &small[..self.planes.len()]
        } else {
            large = self.planes.to_vec();
            &large
        };
        for surrounders in [Side::Attackers, Side::Defenders] {
            walk(&t, board, surrounders, &mut |wall| {
                if flanking && !wall.surrounds_from(&t, dest) {
                    return;
                }
                let enemies =
                    wall.run(&t).all(|s| self.side_at(s).is_some_and(|s| s != mover.side()));
                if enemies {
                    for s in wall.run(&t) {
                        if self
                            .cell(s)
                            .is_some_and(|p| !matches!(p.role(), Role::King | Role::Guard))
                        {
                            self.capture(s);
                        }
                    }
                }
            });
        }
    }

    /// Whether a king stands in a wall of the defenders and has a move (the first test of
    /// OpenTafl's edge fort).
    pub(crate) fn king_in_defenders_wall(&self) -> bool {
        if !self.walls_possible() {
            return false;
        }
        let t = &*self.tables;
        let mut found = false;
        walk(t, &self.planes, Side::Defenders, &mut |wall| {
            if found {
                return;
            }
            for s in wall.run(t) {
                if self.cell(s).is_some_and(|p| p.is(Role::King)) {
                    let mut any = false;
                    self.for_each_destination(s, true, |_| any = true);
                    if any {
                        found = true;
                        return;
                    }
                }
            }
        });
        found
    }
}
