//! The evaluation: what a tafl position is worth to the side to move, as a weighted sum of
//! features whose weights are a [`Weights`] value.

use gridnote_board::Player;
use gridnote_tafl_rules::Position;
use gridnote_tafl_rules::board::Piece;

/// The evaluation's weights, in hundredths of an attacker (centipawns).
///
/// Each feature is counted for the attackers and the defenders; [`evaluate`] returns the
/// sum from the side to move's point of view.
///
/// ```
/// use gridnote_tafl_search::Weights;
/// let w = Weights { escape_route: 400, ..Weights::default() };
/// assert_eq!(w.escape_route, 400);
/// assert_eq!(w.attacker, Weights::default().attacker);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// One attacking piece.
    pub attacker: i32,
    /// One defending piece other than the king.
    pub defender: i32,
    /// One step of the king's shortest distance (in king moves along open lines:
    /// rank-and-file steps, not slides) to an escape square; counted against the defenders.
    pub king_distance: i32,
    /// Each escape square the king reaches in one move (an escape threat).
    pub escape_route: i32,
    /// Each square the king reaches in one move from which an escape square is open.
    pub escape_route_2: i32,
    /// Each attacker standing diagonally or orthogonally next to another attacker (the
    /// cordon's links).
    pub cordon: i32,
    /// Each attacker on a square beside the king (rank or file), counted for the
    /// attackers.
    pub king_pressure: i32,
    /// The side to move's tempo.
    pub tempo: i32,
    /// Each empty square that no defender (the king included) can reach even if every
    /// defender stepped aside: space the attackers have closed off, which grows towards
    /// the encirclement of the defenders; counted for the attackers.
    pub enclosed: i32,
}

impl Default for Weights {
    /// Weights set by hand: a defender is worth one and a half attackers, an open
    /// escape three.
    ///
    /// ```
    /// use gridnote_tafl_search::Weights;
    /// assert!(Weights::default().defender > Weights::default().attacker);
    /// ```
    fn default() -> Weights {
        Weights {
            attacker: 100,
            defender: 150,
            king_distance: 12,
            escape_route: 300,
            escape_route_2: 60,
            cordon: 6,
            king_pressure: 35,
            tempo: 10,
            enclosed: 8,
        }
    }
}

/// What the evaluation reads of a position's board: each square's piece, the king and
/// the escape squares.
pub(crate) struct Board {
    pub(crate) dim: usize,
    /// Per square (index `rank * dim + file`): 0 empty, 1 attacker, 2 defender, 3 king.
    pub(crate) cells: Vec<u8>,
    pub(crate) escape: Vec<bool>,
    pub(crate) king: Option<usize>,
    /// The breadth-first walk's buffers.
    dist: Vec<i32>,
    queue: Vec<usize>,
}

pub(crate) const EMPTY: u8 = 0;
pub(crate) const ATTACKER: u8 = 1;
pub(crate) const DEFENDER: u8 = 2;
pub(crate) const KING: u8 = 3;

impl Board {
    /// An empty board of `pos`'s size with its escape squares (they do not change during
    /// a game).
    pub(crate) fn new(pos: &Position) -> Board {
        let dim = pos.dim();
        let mut escape = vec![false; dim * dim];
        for sq in pos.escape_squares() {
            escape[usize::from(sq.rank) * dim + usize::from(sq.file)] = true;
        }
        Board {
            dim,
            cells: vec![EMPTY; dim * dim],
            escape,
            king: None,
            dist: vec![0; dim * dim],
            queue: Vec::with_capacity(dim * dim),
        }
    }

    /// Reads `pos`'s pieces (a position of the same size): its occupied squares only,
    /// the king the first one from a1 rank by rank when there are several.
    pub(crate) fn load(&mut self, pos: &Position) {
        let dim = self.dim;
        self.king = None;
        self.cells.fill(EMPTY);
        for (sq, piece) in pos.pieces() {
            let i = usize::from(sq.rank) * dim + usize::from(sq.file);
            self.cells[i] = if piece.player == Player::One {
                ATTACKER
            } else if piece == Piece::king(Player::Two) {
                if self.king.is_none_or(|k| i < k) {
                    self.king = Some(i);
                }
                KING
            } else {
                DEFENDER
            };
        }
    }

    /// The squares the king reaches by one slide from `from` (through empty squares).
    pub(crate) fn slides(&self, from: usize, mut visit: impl FnMut(usize)) {
        let dim = self.dim as isize;
        let (r0, f0) = ((from / self.dim) as isize, (from % self.dim) as isize);
        for (dr, df) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let (mut r, mut f) = (r0 + dr, f0 + df);
            while r >= 0 && r < dim && f >= 0 && f < dim {
                let i = (r * dim + f) as usize;
                if self.cells[i] != EMPTY {
                    break;
                }
                visit(i);
                r += dr;
                f += df;
            }
        }
    }

    /// How many escape squares the king reaches in one slide from `from`.
    pub(crate) fn open_escapes(&self, from: usize) -> i32 {
        let mut n = 0;
        self.slides(from, |i| n += i32::from(self.escape[i]));
        n
    }
}

/// The king's distance in steps to the nearest escape square, by a breadth-first walk
/// over empty squares (attackers and defenders block); `None` when it is walled in.
fn king_distance(board: &mut Board, king: usize) -> Option<i32> {
    let mut dist = core::mem::take(&mut board.dist);
    let mut queue = core::mem::take(&mut board.queue);
    dist.fill(-1);
    queue.clear();
    queue.push(king);
    dist[king] = 0;
    let found = walk(board, &mut dist, &mut queue);
    board.dist = dist;
    board.queue = queue;
    found
}

fn walk(board: &Board, dist: &mut [i32], queue: &mut Vec<usize>) -> Option<i32> {
    let n = board.dim;
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head];
        head += 1;
        if board.escape[i] {
            return Some(dist[i]);
        }
        let next = dist[i] + 1;
        neighbours(n, i, |j| {
            if dist[j] < 0 && board.cells[j] == EMPTY {
                dist[j] = next;
                queue.push(j);
            }
        });
    }
    None
}

/// Calls `visit` with each square beside square `i` on its rank or file, on a board of
/// `n` by `n`.
fn neighbours(n: usize, i: usize, mut visit: impl FnMut(usize)) {
    let (r, f) = (i / n, i % n);
    if f + 1 < n {
        visit(i + 1);
    }
    if f > 0 {
        visit(i - 1);
    }
    if r + 1 < n {
        visit(i + n);
    }
    if r > 0 {
        visit(i - n);
    }
}

/// The evaluation of `board` for the attackers (positive: the attackers stand better).
pub(crate) fn evaluate_board(board: &mut Board, w: &Weights) -> i32 {
    let n = board.dim;
    let mut score = 0;
    for (i, &c) in board.cells.iter().enumerate() {
        match c {
            ATTACKER => {
                score += w.attacker;
                let (r, f) = (i / n, i % n);
                let mut links = 0;
                for (dr, df) in [(0isize, 1isize), (1, -1), (1, 0), (1, 1)] {
                    let (rr, ff) = (r as isize + dr, f as isize + df);
                    if rr >= 0 && (rr as usize) < n && ff >= 0 && (ff as usize) < n {
                        links += i32::from(board.cells[rr as usize * n + ff as usize] == ATTACKER);
                    }
                }
                score += links * w.cordon;
            }
            DEFENDER => score -= w.defender,
            _ => {}
        }
    }
    let Some(king) = board.king else {
        return score;
    };
    match king_distance(board, king) {
        Some(d) => score += d * w.king_distance,
        None => score += 2 * n as i32 * w.king_distance,
    }
    score -= board.open_escapes(king) * w.escape_route;
    let mut second = 0;
    board.slides(king, |i| second += i32::from(board.open_escapes(i) > 0));
    score -= second * w.escape_route_2;
    let mut pressure = 0;
    neighbours(n, king, |j| pressure += i32::from(board.cells[j] == ATTACKER));
    score += pressure * w.king_pressure;
    if w.enclosed != 0 {
        score += enclosed_squares(board) * w.enclosed;
    }
    score
}

/// How many empty squares no defender reaches over squares without an attacker (see
/// [`Weights::enclosed`]): a flood fill from every defender and the king, through empty
/// squares and defenders alike (a defender can step aside; an attacker is a wall).
fn enclosed_squares(board: &mut Board) -> i32 {
    let n = board.dim;
    let mut seen = core::mem::take(&mut board.dist);
    let mut queue = core::mem::take(&mut board.queue);
    seen.fill(0);
    queue.clear();
    let mut empty = 0;
    for (i, &c) in board.cells.iter().enumerate() {
        match c {
            EMPTY => empty += 1,
            DEFENDER | KING => {
                seen[i] = 1;
                queue.push(i);
            }
            _ => {}
        }
    }
    let mut reached = 0;
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head];
        head += 1;
        neighbours(n, i, |j| {
            if seen[j] == 0 && board.cells[j] != ATTACKER {
                seen[j] = 1;
                reached += i32::from(board.cells[j] == EMPTY);
                queue.push(j);
            }
        });
    }
    board.dist = seen;
    board.queue = queue;
    empty - reached
}

/// The evaluation of `pos` from the side to move's point of view, in centipawns
/// (without the game's outcome: the search scores finished games itself).
///
/// ```
/// use gridnote_tafl_rules::{board::Player, CompiledRules, Position};
/// use gridnote_tafl_search::{evaluate, Weights};
/// let rules = CompiledRules::brandubh();
/// let start = Position::start(&rules);
/// let w = Weights::default();
/// // Eight attackers against four defenders and a king walled in by its own men.
/// assert!(evaluate(&start, &w) > 0);
/// // The king with an open corner is worth a lot to the defenders.
/// let open = Position::from_record(&rules, "/7/7/7/7/7/7/2tK3/", Player::Two)?;
/// assert!(evaluate(&open, &w) >= w.escape_route);
/// # Ok::<(), gridnote_tafl_rules::RulesError>(())
/// ```
#[must_use]
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let mut board = Board::new(pos);
    board.load(pos);
    let s = evaluate_board(&mut board, w);
    let s = if pos.to_move() == Player::One { s } else { -s };
    s + w.tempo
}
