//! Renju's forbidden points: the moves black (Player One) may not play under
//! [`Gomoku::Renju`], by the definitions of the Renju International
//! Federation (RIF), with k in place of five (`docs/gomoku.md` quotes the text).
//!
//! A move of black's is judged with the stone placed:
//! - a **five** (a run of exactly k through it, in any direction) is never forbidden: it
//!   wins, whatever else it makes;
//! - else a run of more than k through it is an **overline**;
//! - else two or more **fours** through it (in any directions, two in one line included)
//!   are a **double-four**. A four is k - 1 stones of black's, the move among them, that
//!   one more stone turns into a five: its stones are counted once however many cells
//!   complete it (a straight four is one four);
//! - else two or more **threes** through it are a **double-three**. A three is k - 2
//!   stones, the move among them, that one more stone turns into a straight four (k - 1
//!   in a row whose two ends are empty and each complete a five), where that stone is
//!   itself a move black may play (not forbidden, judged the same way with the move on the
//!   board: the recursive "real three" test) and makes no five.
//!
//! A four or a three needs a stone besides the move: fours exist from k = 3, threes from
//! k = 4.

use core::fmt;

use crate::board::Board;
use crate::cell::{Cell, Player};
use crate::rules::{Gomoku, Rules};

/// Why a point is forbidden to black under renju.
///
/// ```
/// use gridnote_board::renju::Forbidden;
/// assert_eq!(Forbidden::DoubleThree.to_string(), "double-three");
/// assert_eq!(Forbidden::Overline.name(), "overline");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Forbidden {
    /// The move makes two or more threes.
    DoubleThree,
    /// The move makes two or more fours.
    DoubleFour,
    /// The move makes a run of more than k.
    Overline,
}

impl Forbidden {
    /// A short stable name (kebab-case), for JSON and command lines: `double-three`,
    /// `double-four`, `overline`.
    ///
    /// ```
    /// use gridnote_board::renju::Forbidden;
    /// assert_eq!(Forbidden::DoubleFour.name(), "double-four");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "double-three",
            Forbidden::DoubleFour => "double-four",
            Forbidden::Overline => "overline",
        }
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a point holds, as the forbidden-point test reads a board.
///
/// ```
/// use gridnote_board::renju::Point;
/// assert_ne!(Point::Black, Point::Off);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Point {
    /// A stone of black's (Player One).
    Black,
    /// A stone of white's (Player Two).
    White,
    /// An empty playable cell.
    Empty,
    /// Off the board, or a void cell.
    Off,
}

/// A board as the forbidden-point test reads it: what each (row, col) holds, any row
/// and column asked (off the board is [`Point::Off`]). [`Board`] implements it; a program
/// that keeps its stones its own way (a solver's bit sets) implements it to ask
/// [`forbidden_at`].
///
/// ```
/// use gridnote_board::renju::{Point, Stones, forbidden_at};
/// use gridnote_board::Rules;
///
/// /// Black stones on one row of an endless board.
/// struct Row(&'static [isize]);
/// impl Stones for Row {
///     fn point(&self, row: isize, col: isize) -> Point {
///         if row == 0 && self.0.contains(&col) { Point::Black } else { Point::Empty }
///     }
/// }
/// assert_eq!(forbidden_at(&Row(&[0, 1, 2, 4, 5]), 0, 3, Rules::RENJU).map(|f| f.name()), Some("overline"));
/// assert_eq!(forbidden_at(&Row(&[0, 1, 2, 4]), 0, 3, Rules::RENJU), None); // a five
/// ```
pub trait Stones {
    /// What (row, col) holds.
    fn point(&self, row: isize, col: isize) -> Point;
}

impl Stones for Board {
    fn point(&self, row: isize, col: isize) -> Point {
        if row < 0 || col < 0 {
            return Point::Off;
        }
        match self.get(row as usize, col as usize) {
            None | Some(Cell::Void) => Point::Off,
            Some(Cell::Empty) => Point::Empty,
            Some(cell) => match cell.player() {
                Some(Player::One) => Point::Black,
                Some(Player::Two) => Point::White,
                None => Point::Off,
            },
        }
    }
}

/// Whether black may not play at (row, col), an empty point of `stones`, under `rules`
/// (their k and directions; called for renju, though it does not look at
/// `rules.gomoku`): the kind of forbidden point, or `None` for a move black may play. A
/// point that is not empty gets `None`.
///
/// ```
/// use gridnote_board::renju::{Forbidden, forbidden_at};
/// use gridnote_board::{Board, Cell, Rules};
/// // Black stones on d4 e4 and f5 f6 of a 9×9 board: f4 makes two threes.
/// let mut board = Board::new(9, 9)?;
/// for name in ["d4", "e4", "f5", "f6"] {
///     let (r, c) = board.parse_cell_name(name)?;
///     board.set(r, c, Cell::ONE)?;
/// }
/// let (r, c) = board.parse_cell_name("f4")?;
/// assert_eq!(forbidden_at(&board, r, c, Rules::RENJU), Some(Forbidden::DoubleThree));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn forbidden_at(
    stones: &dyn Stones,
    row: usize,
    col: usize,
    rules: Rules,
) -> Option<Forbidden> {
    let at = (row as isize, col as isize);
    if stones.point(at.0, at.1) != Point::Empty {
        return None;
    }
    let judge = Judge { k: rules.in_a_row.max(1) as isize, directions: rules.directions() };
    match judge.verdict(&With { base: stones, at }, at) {
        Verdict::Forbidden(kind) => Some(kind),
        Verdict::Five | Verdict::Free => None,
    }
}

/// What a move of black's would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// It makes a five (a win: never forbidden).
    Five,
    /// It is forbidden.
    Forbidden(Forbidden),
    /// Black may play it and it makes no five.
    Free,
}

/// A board with one more black stone on it.
struct With<'a> {
    base: &'a dyn Stones,
    at: (isize, isize),
}

impl Stones for With<'_> {
    fn point(&self, row: isize, col: isize) -> Point {
        if (row, col) == self.at { Point::Black } else { self.base.point(row, col) }
    }
}

/// The rules a verdict is given under.
struct Judge {
    k: isize,
    directions: &'static [(isize, isize)],
}

impl Judge {
    /// The verdict on black's move at `p`, on `board` which already holds it.
    fn verdict(&self, board: &dyn Stones, p: (isize, isize)) -> Verdict {
        let mut overline = false;
        for &d in self.directions {
            let run = 1 + run(board, p, d) + run(board, p, (-d.0, -d.1));
            if run == self.k {
                return Verdict::Five;
            }
            overline |= run > self.k;
        }
        if overline {
            return Verdict::Forbidden(Forbidden::Overline);
        }
        if self.k >= 3 {
            let fours: usize = self.directions.iter().map(|&d| self.fours(board, p, d)).sum();
            if fours >= 2 {
                return Verdict::Forbidden(Forbidden::DoubleFour);
            }
        }
        if self.k >= 4 {
            let mut threes = 0;
            for &d in self.directions {
                threes += self.threes(board, p, d);
                if threes >= 2 {
                    return Verdict::Forbidden(Forbidden::DoubleThree);
                }
            }
        }
        Verdict::Free
    }

    /// The fours through `p` in direction `d`: windows of k points holding k - 1 black
    /// stones (p among them) and one empty point, with no black stone just beyond either
    /// end (so that filling it makes exactly k). Each set of stones counts once, named by
    /// its first and last offset from `p` (a window holds one empty point, so these
    /// determine it).
    fn fours(&self, board: &dyn Stones, p: (isize, isize), d: (isize, isize)) -> usize {
        let k = self.k;
        let at = |i: isize| board.point(p.0 + d.0 * i, p.1 + d.1 * i);
        let mut found: Vec<(isize, isize)> = Vec::new();
        for s in -(k - 1)..=0 {
            let mut empty = None;
            let mut fits = true;
            for i in s..s + k {
                match at(i) {
                    Point::Black => {}
                    Point::Empty if empty.is_none() => empty = Some(i),
                    _ => {
                        fits = false;
                        break;
                    }
                }
            }
            let Some(q) = empty.filter(|_| fits) else { continue };
            if at(s - 1) == Point::Black || at(s + k) == Point::Black {
                continue;
            }
            let stones = match q {
                q if q == s => (s + 1, s + k - 1),
                q if q == s + k - 1 => (s, s + k - 2),
                _ => (s, s + k - 1),
            };
            if !found.contains(&stones) {
                found.push(stones);
            }
        }
        found.len()
    }

    /// The threes through `p` in direction `d`: for each empty point q within k - 2 of
    /// `p` whose stone would make a straight four holding `p` (k - 1 in a row, both ends
    /// empty, no black stone just beyond them) and which black may play without making a
    /// five, the stones of the four but q. Each set of stones counts once, named by its
    /// first and last offsets and its gap (q when q lies inside the four).
    fn threes(&self, board: &dyn Stones, p: (isize, isize), d: (isize, isize)) -> usize {
        let k = self.k;
        let at = |i: isize| board.point(p.0 + d.0 * i, p.1 + d.1 * i);
        let mut found: Vec<(isize, isize, isize)> = Vec::new();
        for j in -(k - 2)..=k - 2 {
            if j == 0 || at(j) != Point::Empty {
                continue;
            }
            // With q = j black: the run through p and q.
            let (mut lo, mut hi) = (j.min(0), j.max(0));
            if (lo + 1..hi).any(|i| at(i) != Point::Black) {
                continue;
            }
            while at(lo - 1) == Point::Black {
                lo -= 1;
            }
            while at(hi + 1) == Point::Black {
                hi += 1;
            }
            if hi - lo + 1 != k - 1
                || at(lo - 1) != Point::Empty
                || at(hi + 1) != Point::Empty
                || at(lo - 2) == Point::Black
                || at(hi + 2) == Point::Black
            {
                continue;
            }
            let stones = match j {
                j if j == lo => (lo + 1, hi, 0),
                j if j == hi => (lo, hi - 1, 0),
                j => (lo, hi, j),
            };
            if found.contains(&stones) {
                continue;
            }
            let q = (p.0 + d.0 * j, p.1 + d.1 * j);
            if self.verdict(&With { base: board, at: q }, q) == Verdict::Free {
                found.push(stones);
            }
        }
        found.len()
    }
}

/// Black stones next to `p` in direction `d`, one after another.
fn run(board: &dyn Stones, p: (isize, isize), d: (isize, isize)) -> isize {
    let mut n = 0;
    while board.point(p.0 + d.0 * (n + 1), p.1 + d.1 * (n + 1)) == Point::Black {
        n += 1;
    }
    n
}

impl Board {
    /// Whether Player One (black) may not play at (row, col) under `rules`: the kind of
    /// forbidden point under [`Gomoku::Renju`], else `None` (every other rule set, an
    /// occupied or void cell, a cell off the board, a move that makes a five).
    ///
    /// ```
    /// use gridnote_board::renju::Forbidden;
    /// use gridnote_board::{Board, Cell, Rules};
    /// // ● ● ● _ ● ● on a row: the gap would make six.
    /// let mut board = Board::new(1, 6)?;
    /// for c in [0, 1, 2, 4, 5] {
    ///     board.set(0, c, Cell::ONE)?;
    /// }
    /// assert_eq!(board.forbidden(0, 3, Rules::RENJU), Some(Forbidden::Overline));
    /// assert_eq!(board.forbidden(0, 3, Rules::GOMOKU), None);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn forbidden(&self, row: usize, col: usize, rules: Rules) -> Option<Forbidden> {
        if rules.gomoku != Gomoku::Renju {
            return None;
        }
        forbidden_at(self, row, col, rules)
    }

    /// Every point forbidden to Player One (black) under `rules` (none unless renju), with
    /// its kind, in row-major order.
    ///
    /// ```
    /// use gridnote_board::renju::Forbidden;
    /// use gridnote_board::{Board, Cell, Rules};
    /// let mut board = Board::new(1, 7)?;
    /// for c in [0, 1, 2, 4, 5] {
    ///     board.set(0, c, Cell::ONE)?;
    /// }
    /// assert_eq!(board.forbidden_points(Rules::RENJU), [((0, 3), Forbidden::Overline)]);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn forbidden_points(&self, rules: Rules) -> Vec<((usize, usize), Forbidden)> {
        if rules.gomoku != Gomoku::Renju {
            return Vec::new();
        }
        self.empty_cells()
            .filter_map(|(r, c)| forbidden_at(self, r, c, rules).map(|kind| ((r, c), kind)))
            .collect()
    }
}
