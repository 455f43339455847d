//! What the engine derives from the compiled rules for its board: each square's row,
//! column, kind of space, name and Zobrist slot, the four directions, and the masks of the
//! whole-board computations. Built once per position made from [`CompiledRules`](crate::CompiledRules)
//! and shared by every copy of it.

use std::sync::Arc;

use gridnote_board::tafl::{JumpMode, Square};

use crate::config::{Config, SPACE_CORNER, SPACE_NONE};

use super::bits::{Bits, MAX_FAST_WORDS, PLANES};
use super::piece::Piece;

/// A direction along a rank or file, in OpenTafl's order of neighbours: west, east,
/// toward rank 1, away from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    West,
    East,
    Down,
    Up,
}

impl Dir {
    pub(crate) const ALL: [Dir; 4] = [Dir::West, Dir::East, Dir::Down, Dir::Up];
}

/// The masks, each `words` words (see [`Tables::mask`]), `stride` words apart.
pub(crate) const BOARD: usize = 0;
pub(crate) const EDGE: usize = 1;
/// Where a king escapes: the edge (`esc:e`) or the `cor` squares.
pub(crate) const ESCAPE: usize = 2;
/// The squares of a special kind (centre, corner, fortress).
pub(crate) const SPECIAL: usize = 3;
pub(crate) const FIRST_FILE: usize = 4;
pub(crate) const LAST_FILE: usize = 5;
/// The squares of each kind of space (`SPACE_CENTER` to `SPACE_DFORT`: 4 masks, the
/// kind's number minus one).
const SPACES: usize = 6;
/// Per kind (12 masks): the squares a piece of the kind standing on an ordinary square may
/// slide through.
const PASSABLE: usize = SPACES + 4;
/// Per kind (12 masks): the squares of [`PASSABLE`] it may stop on.
const STOPPABLE: usize = PASSABLE + 12;
const MASKS: usize = STOPPABLE + 12;

/// The engine's tables for one board.
pub(crate) struct Tables {
    pub(crate) cfg: Arc<Config>,
    /// The board's size.
    pub(crate) n: usize,
    /// Words per plane.
    pub(crate) words: usize,
    /// Words from one mask to the next: `words` rounded up to the whole-board
    /// computations' word count (1, 2, 4 or 8; `words` itself beyond), so that they read
    /// whole masks of their size (the words past the board empty).
    stride: usize,
    /// The kind of space of each square (`SPACE_*`).
    pub(crate) space: Box<[u8]>,
    row: Box<[u8]>,
    col: Box<[u8]>,
    /// Whether a square is on the board's edge.
    pub(crate) edge: Box<[bool]>,
    /// The centre spaces and their neighbours (for `ks:c`).
    pub(crate) center_zone: Box<[bool]>,
    /// Each square's index in the rules' padded tables (for the Zobrist keys).
    padded: Box<[u32]>,
    squares: Box<[Square]>,
    masks: Box<[u64]>,
}

impl core::fmt::Debug for Tables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tables").field("n", &self.n).finish_non_exhaustive()
    }
}

impl Tables {
    pub(crate) fn new(cfg: &Arc<Config>) -> Tables {
        let n = cfg.dim;
        let cells = n * n;
        let words = cells.div_ceil(64);
        let stride = cfg.stride;
        // Each table filled square by square in one loop (rather than one iterator each,
        // which costs the WebAssembly modules a copy of the collecting code per table).
        let mut padded = vec![0u32; cells];
        let mut space = vec![SPACE_NONE; cells];
        let mut edge = vec![false; cells];
        let mut center_zone = vec![false; cells];
        let mut squares = vec![Square::new(0, 0); cells];
        let mut row = vec![0u8; cells];
        let mut col = vec![0u8; cells];
        for s in 0..cells {
            let at = (s / n + 1) * stride + s % n + 1;
            padded[s] = at as u32;
            space[s] = cfg.space[at];
            edge[s] = cfg.edge[at];
            center_zone[s] = cfg.center_zone[at];
            squares[s] = cfg.squares[at];
            row[s] = (s / n) as u8;
            col[s] = (s % n) as u8;
        }
        let mask_stride = if words <= MAX_FAST_WORDS { words.next_power_of_two() } else { words };
        let mut masks = vec![0u64; MASKS * mask_stride].into_boxed_slice();
        let mut set = |mask: usize, s: usize| masks[mask * mask_stride + (s >> 6)] |= 1 << (s & 63);
        for s in 0..cells {
            let (r, c) = (s / n, s % n);
            set(BOARD, s);
            if edge[s] {
                set(EDGE, s);
                if cfg.edge_escape {
                    set(ESCAPE, s);
                }
            }
            if space[s] != SPACE_NONE {
                set(SPECIAL, s);
                set(SPACES + usize::from(space[s]) - 1, s);
            }
            if c == 0 {
                set(FIRST_FILE, s);
            }
            if c == n - 1 {
                set(LAST_FILE, s);
            }
            let _ = r;
            for k in 0..12 {
                let t = usize::from(space[s]);
                // A piece starting on an ordinary square passes a special one when its kind
                // may pass and re-enter it, and stops where it may stop.
                let passable =
                    t == usize::from(SPACE_NONE) || (cfg.pass[t][k] && cfg.reenter[t][k]);
                if passable {
                    set(PASSABLE + k, s);
                    if t == usize::from(SPACE_NONE) || cfg.stop[t][k] {
                        set(STOPPABLE + k, s);
                    }
                }
            }
        }
        if !cfg.edge_escape {
            for &p in &cfg.corners {
                let (r, c) = (p as usize / stride - 1, p as usize % stride - 1);
                set(ESCAPE, r * n + c);
            }
        }
        Tables {
            cfg: Arc::clone(cfg),
            n,
            words,
            stride: mask_stride,
            center_zone: center_zone.into_boxed_slice(),
            squares: squares.into_boxed_slice(),
            row: row.into_boxed_slice(),
            col: col.into_boxed_slice(),
            padded: padded.into_boxed_slice(),
            space: space.into_boxed_slice(),
            edge: edge.into_boxed_slice(),
            masks,
        }
    }

    /// The number of squares.
    #[inline]
    pub(crate) fn cells(&self) -> usize {
        self.n * self.n
    }

    /// The number of words of the board's planes.
    #[inline]
    pub(crate) fn plane_words(&self) -> usize {
        self.words * PLANES
    }

    /// A mask (`BOARD`, `EDGE`, …), one word per word of a plane.
    #[inline]
    pub(crate) fn mask(&self, mask: usize) -> &[u64] {
        let at = mask * self.stride;
        &self.masks[at..at + self.words]
    }

    #[inline]
    pub(crate) fn bits<const W: usize>(&self, mask: usize) -> Bits<W> {
        Bits::of(&self.masks[mask * self.stride..])
    }

    /// The squares of the kind of space `ty` (not `SPACE_NONE`).
    #[inline]
    pub(crate) fn space_bits<const W: usize>(&self, ty: u8) -> Bits<W> {
        self.bits(SPACES + usize::from(ty) - 1)
    }

    /// Whether the board has squares of the kind of space `ty` (not `SPACE_NONE`).
    pub(crate) fn has_space(&self, ty: u8) -> bool {
        self.mask(SPACES + usize::from(ty) - 1).iter().any(|&w| w != 0)
    }

    /// The squares a piece of kind `k` on an ordinary square may slide through.
    #[inline]
    pub(crate) fn passable<const W: usize>(&self, k: usize) -> Bits<W> {
        self.bits(PASSABLE + k)
    }

    /// The squares of [`Tables::passable`] where it may stop.
    #[inline]
    pub(crate) fn stoppable<const W: usize>(&self, k: usize) -> Bits<W> {
        self.bits(STOPPABLE + k)
    }

    /// Whether a piece of kind `k` on an ordinary square moves by slides that the masks
    /// describe (it never jumps).
    #[inline]
    pub(crate) fn slides_only(&self, k: usize) -> bool {
        self.cfg.jump[k] == JumpMode::None
    }

    /// The square at `row` (0 the top row) and `col`.
    #[inline]
    pub(crate) fn at(&self, row: usize, col: usize) -> usize {
        row * self.n + col
    }

    #[inline]
    pub(crate) fn row(&self, s: usize) -> usize {
        usize::from(self.row[s])
    }

    #[inline]
    pub(crate) fn col(&self, s: usize) -> usize {
        usize::from(self.col[s])
    }

    /// The square of a name, if it is on the board.
    #[inline]
    pub(crate) fn index(&self, sq: Square) -> Option<usize> {
        let n = self.n;
        let (file, rank) = (usize::from(sq.file), usize::from(sq.rank));
        (file < n && rank < n).then(|| (n - 1 - rank) * n + file)
    }

    /// The name of a square.
    #[inline]
    pub(crate) fn square(&self, s: usize) -> Square {
        self.squares[s]
    }

    /// How many squares lie beyond `s` in direction `d`.
    #[inline]
    pub(crate) fn room(&self, s: usize, d: Dir) -> usize {
        match d {
            Dir::West => self.col(s),
            Dir::East => self.n - 1 - self.col(s),
            Dir::Down => self.n - 1 - self.row(s),
            Dir::Up => self.row(s),
        }
    }

    /// The step from a square to its neighbour in direction `d`.
    #[inline]
    pub(crate) fn delta(&self, d: Dir) -> isize {
        match d {
            Dir::West => -1,
            Dir::East => 1,
            Dir::Down => self.n as isize,
            Dir::Up => -(self.n as isize),
        }
    }

    /// The neighbour of `s` in direction `d`, if on the board.
    #[inline]
    pub(crate) fn step(&self, s: usize, d: Dir) -> Option<usize> {
        (self.room(s, d) > 0).then(|| s.wrapping_add_signed(self.delta(d)))
    }

    /// The square `k` steps from `s` in direction `d` (which the caller knows is there).
    #[inline]
    pub(crate) fn go(&self, s: usize, d: Dir, k: usize) -> usize {
        s.wrapping_add_signed(self.delta(d) * k as isize)
    }

    /// The Zobrist key of `piece` on `s`.
    #[inline]
    pub(crate) fn key(&self, s: usize, piece: Piece) -> u64 {
        self.cfg.zobrist[self.padded[s] as usize * 12 + piece.kind_index() + 1]
    }

    /// The Zobrist key of the defenders to move.
    #[inline]
    pub(crate) fn defenders_key(&self) -> u64 {
        self.cfg.zobrist[0]
    }

    /// Whether `s` is a corner space (the kind that closes a strong shieldwall).
    #[inline]
    pub(crate) fn corner_space(&self, s: usize) -> bool {
        self.space[s] == SPACE_CORNER
    }
}
