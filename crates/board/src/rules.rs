//! m,n,k rules: how many in a row wins, whether diagonals count, normal or misère play,
//! and gomoku's rule sets (freestyle, exact five, renju, caro); finding lines and deciding
//! the outcome.

use core::fmt;

use crate::board::{Board, BoardError};
use crate::cell::{Cell, Player};

/// The rules of an m,n,k game played on a [`Board`].
///
/// ```
/// use gridnote_board::{Gomoku, Rules};
/// assert_eq!(Rules::TIC_TAC_TOE, Rules::new(3, true, false));
/// assert_eq!((Rules::TIC_TAC_TOE.in_a_row, Rules::TIC_TAC_TOE.diagonals), (3, true));
/// let variant = Rules::TOMORROWS.with_misere(true);
/// assert_eq!(variant.to_string(), "tomorrows+misere");
/// assert_eq!("tomorrows+misere".parse::<Rules>(), Ok(variant));
/// // Tomorrow's rules with diagonals are exactly tic-tac-toe's.
/// assert_eq!("tomorrows+diagonals".parse::<Rules>(), Ok(Rules::TIC_TAC_TOE));
/// // Gomoku's rule sets: five in a row with diagonals, and how a line wins.
/// assert_eq!(Rules::RENJU.gomoku, Gomoku::Renju);
/// assert_eq!("gomoku+exact".parse::<Rules>(), Ok(Rules::GOMOKU.with_gomoku(Gomoku::Exact)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Rules {
    /// How many of one player's pieces in a straight line end the game (k).
    pub in_a_row: usize,
    /// Whether diagonal lines count.
    pub diagonals: bool,
    /// Misère play: the player who makes a line loses.
    pub misere: bool,
    /// Which runs of k or more make a line, and (renju) which moves Player One may not
    /// play: [`Gomoku::Freestyle`] (every run of k or more, the rule of every m,n,k game)
    /// unless a gomoku rule set says otherwise. Serialised only when not freestyle.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Gomoku::is_freestyle"))]
    pub gomoku: Gomoku,
}

/// Gomoku's rule sets: which runs of pieces make a line (win), and whether Player One
/// (black) has forbidden points. The board crate's docs (`docs/gomoku.md` in the
/// repository) give the definitions and the RIF text renju follows.
///
/// ```
/// use gridnote_board::{Board, Cell, Gomoku, Outcome, Player, Rules};
/// // Six in a row: a win in freestyle, none when exactly five must be made.
/// let board = Board::from_cells(1, 7, [[Cell::ONE; 6].as_slice(), &[Cell::Empty]].concat())?;
/// assert_eq!(board.outcome(Rules::GOMOKU), Outcome::Won(Player::One));
/// assert_eq!(board.outcome(Rules::GOMOKU.with_gomoku(Gomoku::Exact)), Outcome::InProgress);
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Gomoku {
    /// Every run of k or more pieces is a line: the rule of tic-tac-toe, of every m,n,k
    /// game and of freestyle gomoku.
    #[default]
    Freestyle,
    /// Exactly k: a run of more than k (an overline) is no line (standard gomoku).
    Exact,
    /// Renju: Player One (black) makes a line with exactly k only and may not play a
    /// forbidden point (double-three, double-four, overline: [`Board::forbidden`]);
    /// Player Two (white) makes a line with k or more.
    Renju,
    /// Caro: k or more, except that a run of exactly k whose cells just beyond both ends
    /// hold the other player's pieces is no line (a board edge or a void cell does not
    /// block).
    Caro,
}

impl Gomoku {
    /// Whether this is [`Gomoku::Freestyle`].
    ///
    /// ```
    /// use gridnote_board::Gomoku;
    /// assert!(Gomoku::default().is_freestyle());
    /// assert!(!Gomoku::Renju.is_freestyle());
    /// ```
    #[must_use]
    pub const fn is_freestyle(&self) -> bool {
        matches!(self, Gomoku::Freestyle)
    }

    /// Whether a run of `len` pieces of `player`, with `blocked` telling whether the cells
    /// just beyond its two ends hold the other player's pieces, makes a line with `k` in
    /// a row.
    ///
    /// ```
    /// use gridnote_board::{Gomoku, Player};
    /// assert!(Gomoku::Freestyle.run_wins(6, 5, Player::One, [false, false]));
    /// assert!(!Gomoku::Exact.run_wins(6, 5, Player::One, [false, false]));
    /// assert!(Gomoku::Renju.run_wins(6, 5, Player::Two, [false, false]));
    /// assert!(!Gomoku::Caro.run_wins(5, 5, Player::One, [true, true]));
    /// assert!(Gomoku::Caro.run_wins(5, 5, Player::One, [true, false]));
    /// ```
    #[must_use]
    pub const fn run_wins(self, len: usize, k: usize, player: Player, blocked: [bool; 2]) -> bool {
        match self {
            Gomoku::Freestyle => len >= k,
            Gomoku::Exact => len == k,
            Gomoku::Renju => match player {
                Player::One => len == k,
                Player::Two => len >= k,
            },
            Gomoku::Caro => len > k || (len == k && !(blocked[0] && blocked[1])),
        }
    }
}

impl fmt::Display for Gomoku {
    /// `freestyle`, `exact`, `renju` or `caro`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Gomoku::Freestyle => "freestyle",
            Gomoku::Exact => "exact",
            Gomoku::Renju => "renju",
            Gomoku::Caro => "caro",
        })
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::TIC_TAC_TOE
    }
}

impl Rules {
    /// Rules of `in_a_row` (k) pieces in a line, with or without diagonals, misère or
    /// not. (`Rules` may gain fields, so it is built with this or from a preset.)
    ///
    /// ```
    /// use gridnote_board::Rules;
    /// assert_eq!(Rules::new(3, true, false), Rules::TIC_TAC_TOE);
    /// assert_eq!(Rules::new(4, false, true).in_a_row, 4);
    /// ```
    #[must_use]
    pub const fn new(in_a_row: usize, diagonals: bool, misere: bool) -> Rules {
        Rules { in_a_row, diagonals, misere, gomoku: Gomoku::Freestyle }
    }

    /// Tic-tac-toe: three in a row, diagonals count, normal play.
    pub const TIC_TAC_TOE: Rules = Rules::new(3, true, false);

    /// Freestyle gomoku: five or more in a row, diagonals count, normal play (the same
    /// rules as tic-tac-toe's with k = 5, and named so: `tic-tac-toe+k=5`).
    pub const GOMOKU: Rules = Rules::new(5, true, false);

    /// Standard gomoku: exactly five in a row wins, an overline does not.
    pub const GOMOKU_EXACT: Rules = Rules::GOMOKU.with_gomoku(Gomoku::Exact);

    /// Renju: five in a row with diagonals; black (Player One) wins with exactly five
    /// only and may not play its forbidden points, white with five or more.
    pub const RENJU: Rules = Rules::GOMOKU.with_gomoku(Gomoku::Renju);

    /// Caro: five or more in a row with diagonals, but a five blocked at both ends by
    /// the other player's pieces does not win.
    pub const CARO: Rules = Rules::GOMOKU.with_gomoku(Gomoku::Caro);

    /// Tomorrow's Tic-Tac-Toe: three in a row horizontally or vertically, normal play,
    /// on a [`Rules::TOMORROWS_SHAPE`] board by default. Its two compulsory variants are
    /// [`Rules::with_misere`] and [`Rules::with_diagonals`], each independent.
    pub const TOMORROWS: Rules = Rules::new(3, false, false);

    /// The default board of Tomorrow's Tic-Tac-Toe: 3 rows × 4 columns.
    pub const TOMORROWS_SHAPE: (usize, usize) = (3, 4);

    /// These rules with misère play switched on or off.
    ///
    /// ```
    /// use gridnote_board::Rules;
    /// assert!(Rules::TOMORROWS.with_misere(true).misere);
    /// ```
    #[must_use]
    pub const fn with_misere(self, misere: bool) -> Rules {
        Rules { misere, ..self }
    }

    /// These rules with diagonal lines counting or not.
    ///
    /// ```
    /// use gridnote_board::Rules;
    /// assert!(Rules::TOMORROWS.with_diagonals(true).diagonals);
    /// ```
    #[must_use]
    pub const fn with_diagonals(self, diagonals: bool) -> Rules {
        Rules { diagonals, ..self }
    }

    /// These rules with another gomoku rule set (which runs make a line; renju's
    /// forbidden points).
    ///
    /// ```
    /// use gridnote_board::{Gomoku, Rules};
    /// assert_eq!(Rules::TIC_TAC_TOE.with_in_a_row(5).with_gomoku(Gomoku::Renju), Rules::RENJU);
    /// ```
    #[must_use]
    pub const fn with_gomoku(self, gomoku: Gomoku) -> Rules {
        Rules { gomoku, ..self }
    }

    /// These rules with another line length.
    ///
    /// ```
    /// use gridnote_board::Rules;
    /// assert_eq!(Rules::TIC_TAC_TOE.with_in_a_row(5).in_a_row, 5);
    /// ```
    #[must_use]
    pub const fn with_in_a_row(self, in_a_row: usize) -> Rules {
        Rules { in_a_row, ..self }
    }

    /// The outcome of a `rows × cols` board of at most 64 cells given as a slice of its
    /// cells (row-major, top row first), decided as [`Board::outcome`] decides it but
    /// without building a [`Board`]: for callers that hold cells of their own, like the
    /// 9-digit string.
    ///
    /// # Errors
    /// [`BoardError::Side`] for a bad side, [`BoardError::CellCount`] when
    /// `cells.len() != rows * cols`, [`BoardError::TooManyCells`] for more than 64 cells
    /// (build a [`Board`] for those).
    ///
    /// ```
    /// use gridnote_board::{Cell, Outcome, Player, Rules};
    /// let (x, o, e) = (Cell::ONE, Cell::TWO, Cell::Empty);
    /// let cells = [x, x, x, o, o, e, e, e, e];
    /// assert_eq!(Rules::TIC_TAC_TOE.outcome_of_cells(3, 3, &cells), Ok(Outcome::Won(Player::One)));
    /// assert!(Rules::TIC_TAC_TOE.outcome_of_cells(3, 4, &cells).is_err());
    /// ```
    pub fn outcome_of_cells(
        self,
        rows: usize,
        cols: usize,
        cells: &[Cell],
    ) -> Result<Outcome, BoardError> {
        crate::board::check_sides(rows, cols)?;
        if cells.len() != rows * cols {
            return Err(BoardError::CellCount { expected: rows * cols, found: cells.len() });
        }
        if cells.len() > 64 {
            return Err(BoardError::TooManyCells { cells: cells.len(), max: 64 });
        }
        if !self.gomoku.is_freestyle() {
            return Ok(self.scanned_outcome(rows, cols, cells));
        }
        Ok(Masks::of_cells(cells).outcome(rows, cols, self))
    }

    /// The outcome by the general scan (out of line: the masks' callers do not pay for
    /// it).
    #[cold]
    #[inline(never)]
    fn scanned_outcome(self, rows: usize, cols: usize, cells: &[Cell]) -> Outcome {
        self.outcome_of(scanned_holders(rows, cols, cells, self), cells.contains(&Cell::Empty))
    }

    /// The outcome given who holds a line and whether a cell is empty.
    fn outcome_of(self, holders: [bool; 2], has_empty: bool) -> Outcome {
        match holders {
            [true, true] => Outcome::Contested,
            [true, false] => Outcome::Won(if self.misere { Player::Two } else { Player::One }),
            [false, true] => Outcome::Won(if self.misere { Player::One } else { Player::Two }),
            [false, false] if has_empty => Outcome::InProgress,
            [false, false] => Outcome::Drawn,
        }
    }

    /// The directions that count as lines, as (row step, column step).
    pub(crate) fn directions(self) -> &'static [(isize, isize)] {
        if self.diagonals { &[(0, 1), (1, 0), (1, 1), (1, -1)] } else { &[(0, 1), (1, 0)] }
    }
}

/// A straight run of `len` cells from `start` in `step` direction.
///
/// ```
/// use gridnote_board::{Board, Cell, Player, Rules};
/// let board = Board::from_cells(3, 3, [Cell::ONE; 9].to_vec())?;
/// let lines = board.lines(Rules::TIC_TAC_TOE);
/// assert_eq!(lines.len(), 8);
/// assert_eq!(lines[0].cells().collect::<Vec<_>>(), [(0, 0), (0, 1), (0, 2)]);
/// assert_eq!(lines[0].player, Player::One);
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// Whose pieces make the line.
    pub player: Player,
    /// The first cell (row, col).
    pub start: (usize, usize),
    /// (row step, column step): (0,1) across, (1,0) down, (1,1) and (1,-1) diagonals.
    pub step: (isize, isize),
    /// Number of cells (the rules' `in_a_row`).
    pub len: usize,
}

impl Line {
    /// The cells of the line, from `start`.
    ///
    /// ```
    /// use gridnote_board::{Line, Player};
    /// let line = Line { player: Player::Two, start: (0, 2), step: (1, -1), len: 3 };
    /// assert_eq!(line.cells().collect::<Vec<_>>(), [(0, 2), (1, 1), (2, 0)]);
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (r, c) = self.start;
        let (dr, dc) = self.step;
        (0..self.len).map(move |i| {
            let i = i as isize;
            ((r as isize + dr * i) as usize, (c as isize + dc * i) as usize)
        })
    }
}

/// The state of a game: still going, won, drawn, or (only in an illegal position) both
/// players holding a line.
///
/// ```
/// use gridnote_board::{Board, Cell, Outcome, Player, Rules};
/// let board = Board::from_cells(1, 3, vec![Cell::ONE; 3])?;
/// assert_eq!(board.outcome(Rules::TIC_TAC_TOE), Outcome::Won(Player::One));
/// assert_eq!(board.outcome(Rules::TIC_TAC_TOE.with_misere(true)), Outcome::Won(Player::Two));
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Outcome {
    /// No line, and an empty cell remains.
    InProgress,
    /// The game is over and this player won (under misère: the other player made a line).
    Won(Player),
    /// No line, and no empty cell remains.
    Drawn,
    /// Both players hold a line: no game reaches this (the legality check reports it).
    Contested,
}

impl Outcome {
    /// Whether the game is over (won, drawn or contested).
    ///
    /// ```
    /// use gridnote_board::Outcome;
    /// assert!(!Outcome::InProgress.is_over());
    /// assert!(Outcome::Drawn.is_over());
    /// ```
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::InProgress)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::InProgress => f.write_str("in progress"),
            Outcome::Won(p) => write!(f, "won by {p}"),
            Outcome::Drawn => f.write_str("drawn"),
            Outcome::Contested => f.write_str("contested: both players hold a line"),
        }
    }
}

impl Board {
    /// Every line of `rules.in_a_row` pieces of one player (kings included), in the order
    /// of their first cell (row-major), across, down, diagonal, anti-diagonal. A longer run
    /// gives one line per window (four in a row with k = 3 is two lines). Void and empty
    /// cells never take part. `in_a_row` 0 is treated as 1.
    ///
    /// ```
    /// use gridnote_board::{Board, Cell, Rules};
    /// let board = Board::from_cells(1, 4, vec![Cell::TWO; 4])?;
    /// assert_eq!(board.lines(Rules::TIC_TAC_TOE).len(), 2);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn lines(&self, rules: Rules) -> Vec<Line> {
        let mut out = Vec::new();
        self.for_each_line(rules, |line| {
            out.push(line);
            true
        });
        out
    }

    /// Which players hold at least one line, indexed by [`Player::index`].
    ///
    /// ```
    /// use gridnote_board::{Board, Cell, Rules};
    /// let board = Board::from_cells(1, 3, vec![Cell::TWO; 3])?;
    /// assert_eq!(board.line_holders(Rules::TIC_TAC_TOE), [false, true]);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn line_holders(&self, rules: Rules) -> [bool; 2] {
        if rules.gomoku.is_freestyle() {
            if let Some(masks) = Masks::of(self) {
                return masks.line_holders(self.rows(), self.cols(), rules);
            }
        }
        scanned_holders(self.rows(), self.cols(), self.cells(), rules)
    }

    /// The outcome under `rules`.
    ///
    /// ```
    /// use gridnote_board::{Board, Outcome, Rules};
    /// assert_eq!(Board::new(3, 3)?.outcome(Rules::TIC_TAC_TOE), Outcome::InProgress);
    /// # Ok::<(), gridnote_board::BoardError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self, rules: Rules) -> Outcome {
        match Masks::of(self) {
            Some(masks) if rules.gomoku.is_freestyle() => {
                masks.outcome(self.rows(), self.cols(), rules)
            }
            _ => rules.outcome_of(self.line_holders(rules), self.cells().contains(&Cell::Empty)),
        }
    }

    /// Calls `f` for each line until it returns false: the general scan, for any size
    /// and any rules (boards of at most 64 cells decide freestyle line holders by
    /// [`Masks`] instead).
    pub(crate) fn for_each_line(&self, rules: Rules, f: impl FnMut(Line) -> bool) {
        for_each_line_in(self.rows(), self.cols(), self.cells(), rules, f);
    }
}

/// Which players hold a line, by the general scan.
#[inline(never)]
fn scanned_holders(rows: usize, cols: usize, cells: &[Cell], rules: Rules) -> [bool; 2] {
    let mut holders = [false, false];
    for_each_line_in(rows, cols, cells, rules, |line| {
        holders[line.player.index()] = true;
        !(holders[0] && holders[1])
    });
    holders
}

/// [`Board::for_each_line`] over the cells of a `rows × cols` board (row-major). Each
/// window of k pieces of one player is a line when the whole run it lies in makes one
/// under the rules' gomoku rule set ([`Gomoku::run_wins`]); freestyle needs no look
/// beyond the window.
fn for_each_line_in(
    rows: usize,
    cols: usize,
    cells: &[Cell],
    rules: Rules,
    mut f: impl FnMut(Line) -> bool,
) {
    let k = rules.in_a_row.max(1);
    let (rows, cols) = (rows as isize, cols as isize);
    let at = |r: isize, c: isize| -> Option<Player> {
        if r < 0 || r >= rows || c < 0 || c >= cols {
            return None;
        }
        cells[(r * cols + c) as usize].player()
    };
    for r in 0..rows {
        for c in 0..cols {
            let Some(player) = cells[(r * cols + c) as usize].player() else { continue };
            for &(dr, dc) in rules.directions() {
                let (er, ec) = (r + dr * (k as isize - 1), c + dc * (k as isize - 1));
                if er < 0 || er >= rows || ec < 0 || ec >= cols {
                    continue;
                }
                let all = (1..k as isize).all(|i| {
                    cells[((r + dr * i) * cols + c + dc * i) as usize].player() == Some(player)
                });
                if !all {
                    continue;
                }
                if !rules.gomoku.is_freestyle() {
                    // The whole run: how far it goes on beyond the window at each end, and
                    // what lies just past it.
                    let before = (1..).take_while(|&i| at(r - dr * i, c - dc * i) == Some(player));
                    let before = before.count() as isize;
                    let after = (0..)
                        .map(|i| (er + dr * (i + 1), ec + dc * (i + 1)))
                        .take_while(|&(ar, ac)| at(ar, ac) == Some(player))
                        .count() as isize;
                    let other = Some(player.other());
                    let blocked = [
                        at(r - dr * (before + 1), c - dc * (before + 1)) == other,
                        at(er + dr * (after + 1), ec + dc * (after + 1)) == other,
                    ];
                    let len = k + (before + after) as usize;
                    if !rules.gomoku.run_wins(len, k, player, blocked) {
                        continue;
                    }
                }
                let line = Line { player, start: (r as usize, c as usize), step: (dr, dc), len: k };
                if !f(line) {
                    return;
                }
            }
        }
    }
}

/// A board of at most 64 cells as bit masks, bit `row * cols + col` for each cell: the
/// pieces of each player (kings included) and the empty cells.
///
/// A player holds a line of k in direction (dr, dc) when some start cell whose line stays
/// on the board has the player's piece there and at each of the k - 1 steps after it: the
/// player's mask, and-ed with itself shifted by each step, meets the mask of start cells.
/// This decides a 3×3 board in a few dozen instructions instead of scanning every
/// cell in every direction; the tests check it against the scan on every 3×3 and 3×4
/// board and on random boards up to 64 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Masks {
    /// Pieces per player, indexed by [`Player::index`].
    pieces: [u64; 2],
    /// Empty cells.
    empty: u64,
}

impl Masks {
    /// The masks of `board`, or `None` when it has more than 64 cells.
    #[inline]
    fn of(board: &Board) -> Option<Masks> {
        let cells = board.cells();
        if cells.len() > 64 {
            return None;
        }
        Some(Masks::of_cells(cells))
    }

    /// The masks of at most 64 cells.
    #[inline]
    fn of_cells(cells: &[Cell]) -> Masks {
        if let Ok(cells) = <&[Cell; 9]>::try_from(cells) {
            // 3×3 (and 1×9, 9×1): the same loop, unrolled by the compiler.
            return Masks::of_any(cells);
        }
        Masks::of_any(cells)
    }

    /// [`Masks::of_cells`], one cell at a time.
    #[inline]
    fn of_any(cells: &[Cell]) -> Masks {
        let mut masks = Masks { pieces: [0; 2], empty: 0 };
        // From the last cell to the first, shifting each mask up one bit per cell, so the
        // loop has no variable shifts and no branches.
        // One-byte cells in rank order: One's pieces are ranks 2 and 3, Two's 4 and 5, so
        // each test is a range check on the byte. OpenTafl's other taflmen (ranks 6 to 13)
        // are no m,n,k marks: they take part in no line.
        for &cell in cells.iter().rev() {
            let rank = cell.rank();
            masks.empty = masks.empty << 1 | u64::from(cell == Cell::Empty);
            masks.pieces[0] = masks.pieces[0] << 1 | u64::from(rank.wrapping_sub(2) < 2);
            masks.pieces[1] = masks.pieces[1] << 1 | u64::from(rank.wrapping_sub(4) < 2);
        }
        masks
    }

    /// The outcome under `rules` (freestyle) of a `rows × cols` board.
    #[inline]
    fn outcome(self, rows: usize, cols: usize, rules: Rules) -> Outcome {
        rules.outcome_of(self.line_holders(rows, cols, rules), self.empty != 0)
    }

    /// Which players hold a line under `rules` (freestyle: every window of k pieces is a
    /// line) on a `rows × cols` board.
    #[inline]
    fn line_holders(self, rows: usize, cols: usize, rules: Rules) -> [bool; 2] {
        let k = rules.in_a_row.max(1);
        if (rows, cols, k) == (3, 3, 3) {
            // Tic-tac-toe's board, both players at once: One's pieces in the low half of
            // `m`, Two's in the high half (shifts of at most 8 never carry a high bit
            // into the low 9). A line starts at a bit where `m` and its shifts by the
            // step and twice the step all hold a piece.
            const fn both(starts: u64) -> u64 {
                starts | starts << 32
            }
            let m = self.pieces[0] | self.pieces[1] << 32;
            // Rows start in column 0 (step 1), columns in row 0 (step 3).
            let mut ends =
                m & m >> 1 & m >> 2 & both(0b001_001_001) | m & m >> 3 & m >> 6 & both(0b111);
            if rules.diagonals {
                // The diagonal starts at a3's corner (step 4), the other at c3's (step 2).
                ends |= m & m >> 4 & m >> 8 & both(0b001) | m & m >> 2 & m >> 4 & both(0b100);
            }
            return [ends as u32 != 0, ends >> 32 != 0];
        }
        let mut holders = [false, false];
        for &(dr, dc) in rules.directions() {
            let starts = line_starts(rows, cols, k, dr, dc);
            if starts == 0 {
                continue;
            }
            // Every direction goes down or right, so the step in the bit index is not
            // negative; (1, -1) steps cols - 1. A start's last cell is on the board, so
            // each shift is below 64.
            let step = (dr * cols as isize + dc) as u32;
            for (held, &pieces) in holders.iter_mut().zip(&self.pieces) {
                let mut ends = pieces & starts;
                let mut shift = 0;
                for _ in 1..k {
                    if ends == 0 {
                        break;
                    }
                    shift += step;
                    ends &= pieces >> shift;
                }
                *held |= ends != 0;
            }
        }
        holders
    }
}

/// The cells (as a mask) from which a line of `k` in direction (dr, dc) stays on a
/// `rows × cols` board of at most 64 cells; `dr` is 0 or 1, `dc` is -1, 0 or 1.
fn line_starts(rows: usize, cols: usize, k: usize, dr: isize, dc: isize) -> u64 {
    let last_row = if dr == 0 {
        rows
    } else if k > rows {
        return 0;
    } else {
        rows - (k - 1)
    };
    let (first_col, end_col) = match dc {
        0 => (0, cols),
        _ if k > cols => return 0,
        1 => (0, cols - (k - 1)),
        _ => (k - 1, cols),
    };
    let row = (u64::MAX >> (64 - (end_col - first_col))) << first_col;
    (0..last_row).fold(0, |mask, r| mask | row << (r * cols))
}

#[cfg(test)]
mod tests {
    use quickcheck::{Arbitrary, Gen};
    use quickcheck_macros::quickcheck;

    use super::{Masks, Outcome, Rules};
    use crate::board::{Board, BoardError};
    use crate::cell::Cell;

    /// Line holders by the general scan, which boards over 64 cells use.
    fn scanned(board: &Board, rules: Rules) -> [bool; 2] {
        let mut holders = [false, false];
        board.for_each_line(rules, |line| {
            holders[line.player.index()] = true;
            true
        });
        holders
    }

    fn masked(board: &Board, rules: Rules) -> [bool; 2] {
        Masks::of(board).expect("at most 64 cells").line_holders(board.rows(), board.cols(), rules)
    }

    fn rule_sets() -> impl Iterator<Item = Rules> {
        (1..=5).flat_map(|k| {
            [true, false]
                .map(|diagonals| Rules::TIC_TAC_TOE.with_in_a_row(k).with_diagonals(diagonals))
        })
    }

    /// Every board of the shape whose cells come from `palette`, as a counter in base
    /// `palette.len()`.
    fn every_board(rows: usize, cols: usize, palette: &[Cell], mut f: impl FnMut(&Board)) {
        let mut board = Board::filled(rows, cols, palette[0]).expect("shape in range");
        let mut digits = vec![0usize; rows * cols];
        loop {
            f(&board);
            let Some(i) = digits.iter().position(|&d| d + 1 < palette.len()) else { return };
            digits[i] += 1;
            board.cells_mut()[i] = palette[digits[i]];
            digits[..i].fill(0);
            board.cells_mut()[..i].fill(palette[0]);
        }
    }

    #[test]
    fn masks_agree_with_the_scan_on_every_3x3_and_3x4_board() {
        let mut boards = 0;
        for (rows, cols) in [(3, 3), (3, 4), (4, 3)] {
            every_board(rows, cols, &[Cell::Empty, Cell::ONE, Cell::TWO], |board| {
                boards += 1;
                for rules in rule_sets() {
                    assert_eq!(masked(board, rules), scanned(board, rules), "{board:?} {rules}");
                    assert_eq!(
                        rules.outcome_of_cells(board.rows(), board.cols(), board.cells()),
                        Ok(board.outcome(rules))
                    );
                }
            });
        }
        assert_eq!(boards, 3usize.pow(9) + 2 * 3usize.pow(12));
        // Voids and kings on 3×3.
        every_board(3, 3, &[Cell::Void, Cell::ONE, Cell::TWO_KING], |board| {
            assert_eq!(masked(board, Rules::TIC_TAC_TOE), scanned(board, Rules::TIC_TAC_TOE));
        });
    }

    #[test]
    fn every_rule_set_decides_as_the_scan_on_every_3x3_and_3x4_board() {
        use super::Gomoku;
        for (rows, cols) in [(3, 3), (3, 4)] {
            every_board(rows, cols, &[Cell::Empty, Cell::ONE, Cell::TWO], |board| {
                for gomoku in [Gomoku::Exact, Gomoku::Renju, Gomoku::Caro] {
                    for k in 2..=3 {
                        let rules = Rules::TIC_TAC_TOE.with_in_a_row(k).with_gomoku(gomoku);
                        assert_eq!(
                            board.line_holders(rules),
                            scanned(board, rules),
                            "{board:?} {rules}"
                        );
                        assert_eq!(
                            rules.outcome_of_cells(rows, cols, board.cells()),
                            Ok(board.outcome(rules))
                        );
                    }
                }
            });
        }
    }

    #[test]
    fn outcome_of_cells_checks_the_shape() {
        let rules = Rules::TIC_TAC_TOE;
        assert_eq!(
            rules.outcome_of_cells(3, 3, &[Cell::Empty; 8]),
            Err(BoardError::CellCount { expected: 9, found: 8 })
        );
        assert_eq!(
            rules.outcome_of_cells(9, 9, &[Cell::Empty; 81]),
            Err(BoardError::TooManyCells { cells: 81, max: 64 })
        );
        assert_eq!(rules.outcome_of_cells(0, 3, &[]), Err(BoardError::Side { rows: 0, cols: 3 }));
        assert_eq!(rules.outcome_of_cells(8, 8, &[Cell::Empty; 64]), Ok(Outcome::InProgress));
    }

    #[test]
    fn outcome_uses_the_masks_up_to_64_cells_and_the_scan_beyond() {
        let line = |rows, cols| {
            let mut board = Board::new(rows, cols).expect("shape in range");
            for c in cols - 3..cols {
                board.set(rows - 1, c, Cell::TWO).expect("on the board");
            }
            board
        };
        for (rows, cols) in [(8, 8), (1, 64), (64, 1), (9, 9), (5, 13)] {
            let board = if cols >= 3 { line(rows, cols) } else { Board::new(rows, cols).unwrap() };
            assert_eq!(Masks::of(&board).is_some(), rows * cols <= 64);
            let expected = [false, cols >= 3];
            assert_eq!(board.line_holders(Rules::TOMORROWS), expected, "{rows}x{cols}");
        }
    }

    /// A board of at most 64 cells, of any shape, with any cells.
    #[derive(Clone, Debug)]
    struct Small(Board);

    impl Arbitrary for Small {
        fn arbitrary(g: &mut Gen) -> Small {
            let rows = 1 + usize::arbitrary(g) % 64;
            let cols = 1 + usize::arbitrary(g) % (64 / rows);
            let palette = [Cell::Void, Cell::Empty, Cell::ONE, Cell::TWO, Cell::TWO_KING];
            let weights = [Cell::ONE, Cell::TWO];
            Small(
                Board::from_fn(rows, cols, |_, _| {
                    // Pieces two times in three, so lines of 3 and more are common.
                    if u8::arbitrary(g) % 3 == 0 {
                        *g.choose(&palette).expect("not empty")
                    } else {
                        *g.choose(&weights).expect("not empty")
                    }
                })
                .expect("shape in range"),
            )
        }
    }

    #[quickcheck]
    fn masks_agree_with_the_scan_on_any_small_board(board: Small) -> bool {
        rule_sets().all(|rules| masked(&board.0, rules) == scanned(&board.0, rules))
    }
}
