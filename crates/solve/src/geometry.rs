//! What the search needs to know about a board shape under some rules: its playable
//! cells, every line a player could complete, the symmetries that keep the void layout,
//! and a static move order.

use gridnote_board::{Board, Gomoku, Rules, Symmetry};

use crate::mask::Mask;

/// The fixed facts of one board shape (with its void cells) under one set of rules.
#[derive(Debug)]
pub(crate) struct Geometry<M: Mask> {
    /// The board's rows.
    pub(crate) rows: usize,
    /// The board's columns.
    pub(crate) cols: usize,
    /// The playable (non-void) cells.
    pub(crate) playable: M,
    /// Every window of `k` playable cells in a counted direction.
    pub(crate) lines: Vec<M>,
    /// Under the rule sets other than freestyle, for each window of `lines`, the cell
    /// just before it and the cell just after it in its direction (empty sets where that
    /// is off the board or void): what decides whether a full window is a line. Empty
    /// under freestyle.
    pub(crate) ends: Vec<[M; 2]>,
    /// For each symmetry that maps the void layout onto itself (identity first), the
    /// image of each cell.
    pub(crate) images: Vec<Vec<u8>>,
    /// The inverse of each map in `images`.
    pub(crate) preimages: Vec<Vec<u8>>,
    /// Playable cells, most promising first (most lines through them, then nearest the
    /// centre, then row-major).
    pub(crate) order: Vec<u8>,
    /// Misère play.
    pub(crate) misere: bool,
    /// Which runs make a line, and (renju) black's forbidden points.
    pub(crate) gomoku: Gomoku,
    /// The rules, for the forbidden-point test.
    pub(crate) rules: Rules,
    /// Cells in a line (the rules' k, at least 1).
    pub(crate) k: u32,
}

impl<M: Mask> Geometry<M> {
    /// The geometry of `board`'s shape and voids under `rules`; the board must have at
    /// most `M::CELLS` cells.
    pub(crate) fn new(board: &Board, rules: Rules) -> Geometry<M> {
        let (rows, cols) = (board.rows(), board.cols());
        debug_assert!(rows * cols <= M::CELLS);
        let cells = board.cells();
        let mut playable = M::ZERO;
        for (i, cell) in cells.iter().enumerate() {
            if !cell.is_void() {
                playable |= M::bit(i);
            }
        }
        let k = rules.in_a_row.max(1);
        let mut directions = vec![(0isize, 1isize), (1, 0)];
        if rules.diagonals {
            directions.extend([(1, 1), (1, -1)]);
        }
        let mut lines = Vec::new();
        let mut ends = Vec::new();
        let mut through = vec![Vec::new(); rows * cols];
        for r in 0..rows as isize {
            for c in 0..cols as isize {
                for &(dr, dc) in &directions {
                    // k = 1: one line per cell, not one per direction (but where the run
                    // beyond the cell matters, each direction's).
                    if k == 1 && rules.gomoku.is_freestyle() && (dr, dc) != (0, 1) {
                        continue;
                    }
                    let (end_r, end_c) = (r + dr * (k as isize - 1), c + dc * (k as isize - 1));
                    if end_r < 0 || end_r >= rows as isize || end_c < 0 || end_c >= cols as isize {
                        continue;
                    }
                    let mut line = M::ZERO;
                    let mut members = Vec::with_capacity(k);
                    for i in 0..k as isize {
                        let index = ((r + dr * i) * cols as isize + c + dc * i) as usize;
                        members.push(index);
                        line |= M::bit(index);
                    }
                    if line & playable != line {
                        continue;
                    }
                    for index in members {
                        through[index].push(lines.len() as u16);
                    }
                    lines.push(line);
                    let end = |i: isize| {
                        let (er, ec) = (r + dr * i, c + dc * i);
                        if er < 0 || er >= rows as isize || ec < 0 || ec >= cols as isize {
                            return M::ZERO;
                        }
                        M::bit((er * cols as isize + ec) as usize) & playable
                    };
                    if !rules.gomoku.is_freestyle() {
                        ends.push([end(-1), end(k as isize)]);
                    }
                }
            }
        }
        let mut images = Vec::new();
        for &symmetry in Symmetry::of_shape(rows, cols) {
            let map: Vec<u8> = (0..rows * cols)
                .map(|i| {
                    let (r, c) = symmetry.apply(i / cols, i % cols, rows, cols);
                    (r * cols + c) as u8
                })
                .collect();
            let keeps_voids =
                (0..rows * cols).all(|i| cells[i].is_void() == cells[map[i] as usize].is_void());
            if keeps_voids {
                images.push(map);
            }
        }
        let preimages = images
            .iter()
            .map(|map| {
                let mut inverse = vec![0u8; map.len()];
                for (i, &j) in map.iter().enumerate() {
                    inverse[j as usize] = i as u8;
                }
                inverse
            })
            .collect();
        let mut order: Vec<u8> =
            (0..rows * cols).filter(|&i| !cells[i].is_void()).map(|i| i as u8).collect();
        // Twice the distance from the centre, so it stays an integer.
        let off_centre = |i: usize| {
            let (r, c) = ((i / cols) as isize, (i % cols) as isize);
            (2 * r - (rows as isize - 1)).abs() + (2 * c - (cols as isize - 1)).abs()
        };
        order.sort_by_key(|&i| {
            let i = usize::from(i);
            (core::cmp::Reverse(through[i].len()), off_centre(i), i)
        });
        Geometry {
            rows,
            cols,
            playable,
            lines,
            ends,
            images,
            preimages,
            order,
            misere: rules.misere,
            gomoku: rules.gomoku,
            rules,
            k: k as u32,
        }
    }
}
