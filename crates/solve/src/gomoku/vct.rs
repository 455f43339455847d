//! Victory by threats (VCT) on the gomoku board, by depth-first proof-number search
//! (df-pn): the attacker plays fours and threes (moves that make an open three, or
//! better), the defender every answer that stops the open four to come (judged exactly,
//! see `threats`) and every four of their own; a four is answered at its one cell.
//!
//! A position's stones fix how many plies it is from the root, so a depth limit in plies
//! never makes one position's result depend on the path to it, and the table of proof
//! and disproof numbers is keyed by the position alone.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use web_time::Instant;

use super::board::Board;
use super::combo::Combo;
use super::threats;

/// The hasher of tables keyed by Zobrist hashes: the key is already uniform.
#[derive(Clone, Copy, Debug, Default)]
struct Zobrist(u64);

impl Hasher for Zobrist {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A position's proof and disproof numbers and, once proved, the attacker's moves to
/// the five in the longest line of the proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    pn: u32,
    dn: u32,
    moves: u16,
    /// The stones at which the attacker gave up in the search that stored this: a
    /// disproof holds for searches that give up no later.
    limit: u16,
}

/// An unexplored position.
const UNKNOWN: Numbers = Numbers { pn: 1, dn: 1, moves: 0, limit: u16::MAX };
/// A disproved position.
const DISPROVED: Numbers = Numbers { pn: INF, dn: 0, moves: 0, limit: u16::MAX };

/// A proved position whose proof takes the attacker `moves` moves.
const fn proved(moves: u16) -> Numbers {
    Numbers { pn: 0, dn: INF, moves, limit: u16::MAX }
}

/// Numbers by position.
type Table = HashMap<u64, Numbers, BuildHasherDefault<Zobrist>>;

/// Positions kept at most; beyond, the table starts afresh.
const KEPT: usize = 1 << 21;

/// The bytes of [`Proofs::within`]'s budget counted for each position kept.
const BYTES_KEPT: usize = 32;

/// What VCT searches for one attacker have learnt, kept between searches (and moves).
#[derive(Debug)]
pub(crate) struct Proofs {
    table: Table,
    /// Positions kept at most; beyond, the table starts afresh (during a search too).
    kept: usize,
}

impl Proofs {
    /// Proofs keeping at most one position for every 32 bytes of `bytes` (and at most
    /// 2,097,152, what a 64 MiB budget gives): the table, grown as a hash map grows,
    /// takes at most about 1.8 × `bytes`.
    pub(crate) fn within(bytes: usize) -> Proofs {
        Proofs { table: Table::default(), kept: (bytes / BYTES_KEPT).clamp(1, KEPT) }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.table.clear();
    }
}

/// Proof and disproof numbers at or above this are infinite.
const INF: u32 = 1 << 28;

/// A df-pn VCT search for one attacker.
pub(crate) struct Vct<'a> {
    board: &'a mut Board,
    attacker: usize,
    /// Proof and disproof numbers by position.
    table: &'a mut Table,
    /// Positions the table keeps at most.
    kept: usize,
    /// Plies from the root at which the attacker gives up.
    max_ply: usize,
    root_stones: usize,
    pub(crate) nodes: u64,
    limit: u64,
    deadline: Instant,
    aborted: bool,
    moves: Vec<Vec<u32>>,
}

impl<'a> Vct<'a> {
    /// A search for the side to move of `board`, to at most `max_ply` plies, `limit`
    /// nodes and `deadline`, with what `proofs` (the side to move's) holds.
    pub(crate) fn new(
        board: &'a mut Board,
        proofs: &'a mut Proofs,
        max_ply: usize,
        limit: u64,
        deadline: Instant,
    ) -> Vct<'a> {
        let attacker = board.side;
        let root_stones = board.history.len();
        if proofs.table.len() >= proofs.kept {
            proofs.table.clear();
        }
        Vct {
            board,
            attacker,
            kept: proofs.kept,
            table: &mut proofs.table,
            max_ply,
            root_stones,
            nodes: 0,
            limit,
            deadline,
            aborted: false,
            moves: vec![Vec::new(); max_ply + 2],
        }
    }

    /// The first move of a VCT and the attacker's moves in the longest line of its
    /// proof (the five included), if one is proved within the limits.
    pub(crate) fn prove(&mut self) -> Option<(usize, u32)> {
        let root = self.mid(INF - 1, INF - 1);
        if root.pn != 0 {
            return None;
        }
        let moves = self.children();
        moves
            .into_iter()
            .find(|&m| self.lookup(self.board.hash_after(m as usize)).pn == 0)
            .map(|m| (m as usize, u32::from(root.moves)))
    }

    /// The stones at which this search's attacker gives up.
    fn limit(&self) -> u16 {
        (self.root_stones + self.max_ply).min(usize::from(u16::MAX)) as u16
    }

    fn lookup(&self, hash: u64) -> Numbers {
        match self.table.get(&hash) {
            // A disproof from a search that gave up sooner proves nothing here.
            Some(n) if n.dn == 0 && n.limit < self.limit() => UNKNOWN,
            Some(&n) => n,
            None => UNKNOWN,
        }
    }

    fn store(&mut self, hash: u64, numbers: Numbers) {
        let limit = self.limit();
        // Within its bound, the table starts afresh (what is lost is searched again).
        if self.table.len() >= self.kept && !self.table.contains_key(&hash) {
            self.table.clear();
        }
        self.table.insert(hash, Numbers { limit, ..numbers });
    }

    /// The result of a position decided without its children.
    fn terminal(&self) -> Option<Numbers> {
        let board = &*self.board;
        let me = board.side;
        let other = me ^ 1;
        let disproved = Some(DISPROVED);
        let attacker_moves = me == self.attacker;
        if board.count(me, Combo::Five) > 0 {
            return if attacker_moves { Some(proved(1)) } else { disproved };
        }
        let other_fives = board.count(other, Combo::Five);
        if other_fives >= 2 {
            return if attacker_moves { disproved } else { Some(proved(1)) };
        }
        if other_fives == 0 && board.count(me, Combo::FlexFour) > 0 {
            return if attacker_moves { Some(proved(2)) } else { disproved };
        }
        if board.empties == 0 {
            return disproved;
        }
        if attacker_moves && board.history.len() - self.root_stones >= self.max_ply {
            return disproved;
        }
        if !attacker_moves && other_fives == 0 && board.count(other, Combo::FlexFour) == 0 {
            // The attacker's last move left no threat: the defender is free.
            return disproved;
        }
        None
    }

    /// The moves of the side to move at this node, into a fresh list.
    fn children(&mut self) -> Vec<u32> {
        let board = &*self.board;
        let me = board.side;
        let other = me ^ 1;
        let mut out = Vec::new();
        if board.count(other, Combo::Five) > 0 {
            out.extend(board.five(other).map(|c| c as u32));
            return out;
        }
        if me == self.attacker {
            // Fours always; threes only when the defender has no open three of their own.
            let least = if board.count(other, Combo::FlexFour) > 0 {
                Combo::Four
            } else {
                Combo::OpenThree
            };
            board.cells_from(me, least, &mut out);
            out.retain(|&c| board.combo(c as usize, me) != Combo::Forbidden);
            let mut scored: Vec<(i32, u32)> =
                out.iter().map(|&c| (board.move_score(c as usize), c)).collect();
            scored.sort_unstable_by(|a, b| b.cmp(a));
            out.clear();
            out.extend(scored.into_iter().map(|(_, c)| c));
        } else if board.count(other, Combo::FlexFour) > 0 {
            threats::answers_to_three(board, &mut out);
            threats::fours(board, &mut out);
            out.sort_unstable();
            out.dedup();
        }
        out
    }

    /// Searches the current position until its proof number reaches `th_pn` or its
    /// disproof number `th_dn`; its numbers.
    fn mid(&mut self, th_pn: u32, th_dn: u32) -> Numbers {
        self.nodes += 1;
        if self.nodes >= self.limit || (self.nodes & 1023 == 0 && Instant::now() >= self.deadline) {
            self.aborted = true;
        }
        let hash = self.board.hash;
        if let Some(result) = self.terminal() {
            self.store(hash, result);
            return result;
        }
        let ply = self.board.history.len() - self.root_stones;
        let mut moves = core::mem::take(&mut self.moves[ply.min(self.max_ply + 1)]);
        moves.clear();
        moves.extend(self.children());
        let or_node = self.board.side == self.attacker;
        if moves.is_empty() {
            self.moves[ply.min(self.max_ply + 1)] = moves;
            // No threat for the attacker: disproved; no answer to the three: proved (an
            // open four, then five).
            let result = if or_node { DISPROVED } else { proved(2) };
            self.store(hash, result);
            return result;
        }
        let mut result;
        loop {
            // The node's numbers from its children's, the best child and the runner-up.
            let (mut pn, mut dn) = if or_node { (INF, 0) } else { (0, INF) };
            let mut length = if or_node { u32::MAX } else { 0 };
            let mut best = 0;
            let mut best_key = u32::MAX;
            let mut second = u32::MAX;
            let mut best_child = UNKNOWN;
            for (i, &m) in moves.iter().enumerate() {
                let child = self.lookup(self.board.hash_after(m as usize));
                let key = if or_node {
                    pn = pn.min(child.pn);
                    dn = (dn + child.dn).min(INF);
                    if child.pn == 0 {
                        length = length.min(u32::from(child.moves) + 1);
                    }
                    child.pn
                } else {
                    pn = (pn + child.pn).min(INF);
                    dn = dn.min(child.dn);
                    length = length.max(u32::from(child.moves));
                    child.dn
                };
                if key < best_key {
                    second = best_key;
                    best_key = key;
                    best = i;
                    best_child = child;
                } else if key < second {
                    second = key;
                }
            }
            let length = if pn == 0 { length.min(u32::from(u16::MAX)) as u16 } else { 0 };
            result = Numbers { pn, dn, moves: length, limit: u16::MAX };
            if pn >= th_pn || dn >= th_dn || self.aborted {
                break;
            }
            let (child_pn, child_dn) = if or_node {
                (
                    th_pn.min(second.saturating_add(1)),
                    (th_dn - dn).saturating_add(best_child.dn).min(INF - 1),
                )
            } else {
                (
                    (th_pn - pn).saturating_add(best_child.pn).min(INF - 1),
                    th_dn.min(second.saturating_add(1)),
                )
            };
            let m = moves[best] as usize;
            self.board.play(m);
            self.mid(child_pn, child_dn);
            self.board.undo();
        }
        self.moves[ply.min(self.max_ply + 1)] = moves;
        if !self.aborted || result.pn == 0 || result.dn == 0 {
            self.store(hash, result);
        }
        result
    }
}
