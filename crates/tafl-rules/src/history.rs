//! The repetition rule of hnefatafl-copenhagen (the program behind hnefatafl.org, and its
//! Hnefatafl Text Protocol engine): the defenders may not move so that the pieces stand
//! as they stood at the start or after any earlier ply (the attackers may), and a repeated
//! position ends nothing. Boards are compared piece by piece, not with the side to move.

use gridnote_board::tafl::Square;
use gridnote_board::{Piece, Player};

use crate::moves::Move;
use crate::position::{Outcome, Position, Reason};

/// The pieces square by square, index `rank * dim + file`.
type Board = Vec<Option<Piece>>;

/// Every board a game has stood on since its start, for hnefatafl-copenhagen's
/// repetition rule: a defenders' move back to an earlier board is not allowed.
///
/// ```
/// use gridnote_tafl_rules::{BoardHistory, CompiledRules, Position};
/// let mut pos = Position::start(&CompiledRules::copenhagen());
/// let mut history = BoardHistory::new(&pos);
/// for m in ["d1-d2", "f4-b4", "d2-d1"] {
///     let m = m.parse()?;
///     assert!(history.allows(&pos, m));
///     pos.make(m);
///     history.push(&pos);
/// }
/// // The defender going back to f4 would bring back the board after d2-d1's ... d1-d2.
/// assert!(!history.allows(&pos, "b4-f4".parse()?));
/// assert!(history.allows(&pos, "b4-c4".parse()?));
/// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardHistory {
    boards: Vec<Board>,
}

impl BoardHistory {
    /// A history holding the game's start.
    ///
    /// ```
    /// use gridnote_tafl_rules::{BoardHistory, CompiledRules, Position};
    /// let history = BoardHistory::new(&Position::start(&CompiledRules::copenhagen()));
    /// assert_eq!(history.len(), 1);
    /// ```
    #[must_use]
    pub fn new(start: &Position) -> BoardHistory {
        BoardHistory { boards: vec![board(start)] }
    }

    /// How many boards the history holds (the start and one a ply).
    ///
    /// ```
    /// use gridnote_tafl_rules::{BoardHistory, CompiledRules, Position};
    /// let mut pos = Position::start(&CompiledRules::copenhagen());
    /// let mut history = BoardHistory::new(&pos);
    /// pos.make("d1-d2".parse()?);
    /// history.push(&pos);
    /// assert_eq!(history.len(), 2);
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.boards.len()
    }

    /// Always false: a history holds at least the start.
    ///
    /// ```
    /// use gridnote_tafl_rules::{BoardHistory, CompiledRules, Position};
    /// assert!(!BoardHistory::new(&Position::start(&CompiledRules::copenhagen())).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.boards.is_empty()
    }

    /// Adds the board of `pos`, the position after the ply just played.
    ///
    /// ```
    /// use gridnote_tafl_rules::{BoardHistory, CompiledRules, Position};
    /// let mut pos = Position::start(&CompiledRules::copenhagen());
    /// let mut history = BoardHistory::new(&pos);
    /// pos.make("d1-d2".parse()?);
    /// history.push(&pos);
    /// assert_eq!(history.len(), 2);
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    pub fn push(&mut self, pos: &Position) {
        self.boards.push(board(pos));
    }

    /// Takes back the last board pushed (a ply taken back); the start stays. Whether a
    /// board was taken back.
    ///
    /// ```
    /// use gridnote_tafl_rules::{BoardHistory, CompiledRules, Position};
    /// let mut pos = Position::start(&CompiledRules::copenhagen());
    /// let mut history = BoardHistory::new(&pos);
    /// pos.make("d1-d2".parse()?);
    /// history.push(&pos);
    /// assert!(history.pop());
    /// assert!(!history.pop());
    /// assert_eq!(history.len(), 1);
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    pub fn pop(&mut self) -> bool {
        if self.boards.len() < 2 {
            return false;
        }
        self.boards.pop();
        true
    }

    /// Whether `m` may be played in `pos` (the position after the last board pushed): a
    /// legal move of the model that, for the defenders, does not bring back an earlier
    /// board. The moved piece is compared before its captures, as hnefatafl-copenhagen
    /// compares it.
    ///
    /// ```
    /// use gridnote_tafl_rules::{BoardHistory, CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::copenhagen());
    /// let history = BoardHistory::new(&pos);
    /// assert!(history.allows(&pos, "d1-d2".parse()?));
    /// assert!(!history.allows(&pos, "d1-d9".parse()?));
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn allows(&self, pos: &Position, m: Move) -> bool {
        pos.is_legal(m)
            && (pos.to_move() != Player::Two || self.new_board(&mut board(pos), pos.dim(), m))
    }

    /// The moves [`allows`](Self::allows) allows in `pos`.
    ///
    /// ```
    /// use gridnote_tafl_rules::{BoardHistory, CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::copenhagen());
    /// assert_eq!(BoardHistory::new(&pos).legal_moves(&pos).len(), pos.legal_moves().len());
    /// ```
    #[must_use]
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut moves = pos.legal_moves();
        if pos.to_move() == Player::Two {
            // The board is read once for all the defenders' moves.
            let mut scratch = board(pos);
            moves.retain(|&m| self.new_board(&mut scratch, pos.dim(), m));
        }
        moves
    }

    /// Whether the defenders' legal move `m` leads to a board not seen before: `board`
    /// (of `dim` squares a side, as the position before the move stands) with the moved
    /// piece on its new square, before its captures, as hnefatafl-copenhagen compares it.
    /// The piece is moved on `board` and back (a legal move lands on an empty square), so
    /// `board` is as it was when this returns.
    fn new_board(&self, board: &mut Board, dim: usize, m: Move) -> bool {
        let (from, to) = (index(m.from, dim), index(m.to, dim));
        board[to] = board[from].take();
        let new = !self.boards.contains(board);
        board[from] = board[to].take();
        new
    }

    /// The outcome of `pos` under this rule: the model's, except that a repetition ends
    /// nothing (a side left without an allowed move is not judged here: see
    /// [`legal_moves`](Self::legal_moves)).
    ///
    /// ```
    /// use gridnote_tafl_rules::{BoardHistory, CompiledRules, Outcome, Position};
    /// let pos = Position::start(&CompiledRules::copenhagen());
    /// assert_eq!(BoardHistory::outcome(&pos), Outcome::Ongoing);
    /// ```
    #[must_use]
    pub fn outcome(pos: &Position) -> Outcome {
        match pos.outcome() {
            Outcome::Won { reason: Reason::Repetition, .. }
            | Outcome::Drawn { reason: Reason::Repetition } => Outcome::Ongoing,
            outcome => outcome,
        }
    }
}

/// The pieces of `pos` square by square.
fn board(pos: &Position) -> Board {
    let dim = pos.dim();
    let mut board = vec![None; dim * dim];
    for (sq, piece) in pos.pieces() {
        board[index(sq, dim)] = Some(piece);
    }
    board
}

/// The index of `sq` in a [`Board`] of `dim` squares a side.
fn index(sq: Square, dim: usize) -> usize {
    usize::from(sq.rank) * dim + usize::from(sq.file)
}
