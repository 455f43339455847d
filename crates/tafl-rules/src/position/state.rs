//! The position itself: its fields (the board's planes, the hash, the game's line, the
//! berserker, the side to move), how it is set up and read, and the line's repetition
//! counts; the other modules of `position` add the rules to it.

use std::sync::Arc;

use gridnote_board::Player;
use gridnote_board::tafl::{PositionRecord, ShapeError};

use crate::config::Kind;
use crate::config::OFF;
use crate::rules::{CompiledRules, RulesError};
use gridnote_board::tafl::Square;

use super::bits::{self, cell, put};
use super::piece::{Piece, Side};
use super::repetition::Line;
use super::tables::Tables;

/// No square (no berserker).
pub(super) const NO_SQUARE: u16 = u16::MAX;

/// How many pieces of each kind (in `Kind`'s order) a rules' start position holds (its
/// padded board of bytes: 0 empty, the kind's index plus one).
pub(crate) fn count_kinds(cells: &[u8]) -> [usize; 12] {
    let mut counts = [0; 12];
    for &b in cells {
        if b != 0 && b != OFF {
            counts[usize::from(b & 0x3F) - 1] += 1;
        }
    }
    counts
}

/// A tafl position under a set of [`CompiledRules`]: the pieces, the side to move, the piece that
/// must go on berserking (if any) and the positions seen so far (for repetition).
///
/// ```
/// use gridnote_tafl_rules::{CompiledRules, Position};
/// let pos = Position::start(&CompiledRules::brandubh());
/// assert_eq!(pos.legal_moves().len(), 40);
/// assert_eq!(pos.perft(2), 960);
/// ```
#[derive(Clone)]
pub struct Position {
    pub(super) tables: Arc<Tables>,
    /// Six planes of one bit per square, interleaved word by word ([`bits`]).
    pub(super) planes: Box<[u64]>,
    pub(super) hash: u64,
    /// Shared by copies until one of them moves.
    pub(super) line: Arc<Line>,
    pub(super) berserker: u16,
    pub(super) to_move: Player,
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Position")
            .field("board", &self.otn())
            .field("to_move", &self.to_move)
            .field("berserker", &self.berserker())
            .field("hash", &self.hash)
            .field("history", &self.line.history)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Position {
    /// Positions are equal when their boards (with OpenTafl's developed marks), sides to
    /// move, berserkers and histories are.
    fn eq(&self, other: &Position) -> bool {
        self.planes == other.planes
            && self.to_move == other.to_move
            && self.berserker == other.berserker
            && self.hash == other.hash
            && self.line.history == other.line.history
            && self.tables.n == other.tables.n
    }
}

impl Eq for Position {}

impl Position {
    /// A position of `rules`' board with the pieces `at` gives for each square (row 0 the
    /// top row).
    fn from_pieces(
        rules: &CompiledRules,
        to_move: Player,
        mut at: impl FnMut(usize, usize) -> Option<Piece>,
    ) -> Position {
        let tables = Arc::new(Tables::new(&rules.cfg));
        let mut planes = vec![0u64; tables.plane_words()].into_boxed_slice();
        for r in 0..tables.n {
            for c in 0..tables.n {
                put(&mut planes, tables.at(r, c), at(r, c));
            }
        }
        let mut pos = Position {
            tables,
            planes,
            hash: 0,
            line: Arc::new(Line::default()),
            berserker: NO_SQUARE,
            to_move,
        };
        pos.hash = pos.hash_from_scratch();
        Arc::make_mut(&mut pos.line).history.push(pos.hash);
        pos
    }

    /// The start position of `rules`, the first mover to move.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, Position, CompiledRules};
    /// let pos = Position::start(&CompiledRules::copenhagen());
    /// assert_eq!(pos.to_move(), Player::One);
    /// ```
    #[must_use]
    pub fn start(rules: &CompiledRules) -> Position {
        let cfg = &rules.cfg;
        Position::from_pieces(rules, rules.first_to_move(), |r, c| {
            let b = rules.start[cfg.square(r, c) as usize];
            (b != 0 && b != OFF).then(|| Piece::of_index(usize::from(b & 0x3F) - 1))
        })
    }

    /// A position of `rules`' board from the model's board (every cell a piece of any
    /// role or empty; void cells are refused) and the side to move.
    ///
    /// # Errors
    /// [`RulesError::Shape`] when the board is not `dim`×`dim` or has a void cell.
    ///
    /// ```
    /// use gridnote_tafl_rules::board::{Board, Cell, Player};
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let rules = CompiledRules::brandubh();
    /// let mut board = Board::new(7, 7)?;
    /// board.set(3, 3, Cell::TWO_KING)?;
    /// let pos = Position::new(&rules, &board, Player::Two)?;
    /// assert_eq!(pos.legal_moves().len(), 12);
    /// assert_eq!(pos.board(), board);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        rules: &CompiledRules,
        board: &gridnote_board::Board,
        to_move: Player,
    ) -> Result<Position, RulesError> {
        let n = rules.cfg.dim;
        if !board.is_square() {
            let (rows, cols) = (board.rows(), board.cols());
            return Err(ShapeError::NotSquare { rows, cols }.into());
        }
        if board.rows() != n {
            return Err(ShapeError::Size { dim: n, size: board.rows() }.into());
        }
        let mut cells: Vec<Option<Piece>> = Vec::with_capacity(n * n);
        for ((r, c), cell) in board.iter() {
            if cell == gridnote_board::Cell::Void {
                return Err(ShapeError::Void { cell: board.cell_name(r, c) }.into());
            }
            cells.push(cell.piece().map(Piece::of_model));
        }
        Ok(Position::from_pieces(rules, to_move, |r, c| cells[r * n + c]))
    }

    /// The board as the model holds it (each piece with its role).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.board().counts().pieces, [8, 5]);
    /// ```
    #[must_use]
    pub fn board(&self) -> gridnote_board::Board {
        let n = self.tables.n;
        gridnote_board::Board::from_fn(n, n, |r, c| match self.cell(self.tables.at(r, c)) {
            Some(piece) => gridnote_board::Cell::from(piece.model()),
            None => gridnote_board::Cell::Empty,
        })
        .expect("the rules' size is a board's")
    }

    /// A position of `rules`' board: the pieces of an OTN position record (rank 1 first,
    /// read by the model's reader) and the side to move. OpenTafl's rules that depend on
    /// the start position (whether a side has commanders or knights) still follow
    /// `rules`' start.
    ///
    /// # Errors
    /// [`RulesError::Syntax`] for a text the model's reader refuses,
    /// [`RulesError::Shape`] for a position of another size than the rules'.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, CompiledRules, Position};
    /// let rules = CompiledRules::brandubh();
    /// let pos = Position::from_record(&rules, "/7/7/7/3K3/7/7/7/", Player::Two)?;
    /// assert_eq!(pos.legal_moves().len(), 12);
    /// # Ok::<(), gridnote_tafl_rules::RulesError>(())
    /// ```
    pub fn from_record(
        rules: &CompiledRules,
        record: &str,
        to_move: Player,
    ) -> Result<Position, RulesError> {
        Position::of_record(rules, &record.parse()?, to_move)
    }

    /// A position of `rules`' board: the pieces of a position record and the side to
    /// move (as [`Position::from_record`], the record already read).
    ///
    /// # Errors
    /// [`RulesError::Shape`] for a position of another size than the rules'.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, board::tafl::PositionRecord, CompiledRules, Position};
    /// let record: PositionRecord = "/7/7/7/3K3/7/7/7/".parse()?;
    /// let pos = Position::of_record(&CompiledRules::brandubh(), &record, Player::Two)?;
    /// assert_eq!(pos.record(), record);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_record(
        rules: &CompiledRules,
        record: &PositionRecord,
        to_move: Player,
    ) -> Result<Position, RulesError> {
        let n = rules.cfg.dim;
        if record.size() != n {
            return Err(ShapeError::Size { dim: n, size: record.size() }.into());
        }
        let mut cells: Vec<Option<Piece>> = vec![None; n * n];
        for (square, piece) in record.squares() {
            let (r, c) = (n - 1 - usize::from(square.rank), usize::from(square.file));
            cells[r * n + c] = piece.map(Piece::of_model);
        }
        Ok(Position::from_pieces(rules, to_move, |r, c| cells[r * n + c]))
    }

    /// The board's size (it is square).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// assert_eq!(Position::start(&CompiledRules::brandubh()).dim(), 7);
    /// ```
    #[must_use]
    pub fn dim(&self) -> usize {
        self.tables.n
    }

    /// The side to move: [`Player::One`] the attackers, [`Player::Two`] the defenders.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, Position, CompiledRules};
    /// assert_eq!(Position::start(&CompiledRules::brandubh()).to_move(), Player::One);
    /// ```
    #[must_use]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The piece that must move again after a berserk capture (`ber`), if any.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// assert_eq!(Position::start(&CompiledRules::brandubh()).berserker(), None);
    /// ```
    #[must_use]
    pub fn berserker(&self) -> Option<Square> {
        self.berserker_square().map(|s| self.tables.square(s))
    }

    /// The berserker's square, if one must move again.
    #[inline]
    pub(crate) fn berserker_square(&self) -> Option<usize> {
        (self.berserker != NO_SQUARE).then_some(usize::from(self.berserker))
    }

    /// The Zobrist hash of the board and the side to move (updated incrementally by
    /// [`Position::make`]; equal to [`Position::hash_from_scratch`]).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.hash(), pos.hash_from_scratch());
    /// ```
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from the board and the side to move.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// assert_ne!(Position::start(&CompiledRules::brandubh()).hash_from_scratch(), 0);
    /// ```
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        let t = &*self.tables;
        let mut h = if self.to_move == Player::Two { t.defenders_key() } else { 0 };
        for s in 0..t.cells() {
            if let Some(piece) = self.cell(s) {
                h ^= t.key(s, piece);
            }
        }
        h
    }

    /// The bytes of heap memory the position holds alone: its board, six planes of one
    /// bit per square (`6 × 8 × ⌈dim²/64⌉`). The rules' tables and the game's line (the
    /// hashes for repetition, the captures to undo) are shared with its copies; a copy
    /// gets a line of its own when it first moves.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::copenhagen());
    /// assert_eq!(pos.heap_size(), 96);
    /// assert_eq!(size_of::<Position>() + pos.heap_size(), 144);
    /// ```
    #[must_use]
    pub fn heap_size(&self) -> usize {
        size_of_val(&*self.planes)
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use gridnote_tafl_rules::board::{Piece, Player};
    /// use gridnote_tafl_rules::{CompiledRules, Position, Square};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.piece_at(Square::new(3, 3)), Some(Piece::king(Player::Two)));
    /// assert_eq!(pos.piece_at(Square::new(0, 0)), None);
    /// ```
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<gridnote_board::Piece> {
        self.cell(self.tables.index(sq)?).map(Piece::model)
    }

    /// The pieces on the board with their squares, from the top rank down and each rank
    /// from file a (the allocation-free way to read the whole board).
    ///
    /// ```
    /// use gridnote_tafl_rules::board::{Piece, Player};
    /// use gridnote_tafl_rules::{CompiledRules, Position, Square};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.pieces().count(), 13);
    /// assert_eq!(pos.pieces().next(), Some((Square::new(3, 6), Piece::man(Player::One))));
    /// assert!(pos.pieces().any(|p| p == (Square::new(3, 3), Piece::king(Player::Two))));
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, gridnote_board::Piece)> + '_ {
        let t = &*self.tables;
        bits::Squares::plane(&self.planes, bits::OCCUPIED).map(move |s| {
            let piece = self.cell(s).expect("an occupied square");
            (t.square(s), piece.model())
        })
    }

    /// How many pieces of each kind (in `Kind`'s order) stand on the board.
    pub(crate) fn kind_counts(&self) -> [usize; 12] {
        let mut counts = [0; 12];
        for (_, piece) in self.pieces() {
            counts[Kind::of(piece).index()] += 1;
        }
        counts
    }

    /// The pieces as a position record (the model's, which writes the OTN text).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.record().to_string(), "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    /// ```
    #[must_use]
    pub fn record(&self) -> PositionRecord {
        let n = self.tables.n;
        let mut record = PositionRecord::empty(n).expect("1 to 255 squares on a side");
        for (square, piece) in self.pieces() {
            record.set(square, Some(piece));
        }
        record
    }

    /// The OTN position record (rank 1 first, as OTN writes it): [`Position::record`]'s
    /// text.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.otn(), "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    /// ```
    #[must_use]
    pub fn otn(&self) -> String {
        self.record().to_string()
    }

    /// The square of a name, if it is on the board.
    #[inline]
    pub(crate) fn index(&self, sq: Square) -> Option<usize> {
        self.tables.index(sq)
    }

    /// The piece on square `s`.
    #[inline]
    pub(crate) fn cell(&self, s: usize) -> Option<Piece> {
        cell(&self.planes, s)
    }

    /// The side of the piece on `s`, if any.
    #[inline]
    pub(crate) fn side_at(&self, s: usize) -> Option<Side> {
        bits::side_at(&self.planes, s)
    }

    /// Whether `s` holds a piece.
    #[inline]
    pub(crate) fn occupied(&self, s: usize) -> bool {
        bits::occupied(&self.planes, s)
    }

    /// The side to move.
    #[inline]
    pub(crate) fn side(&self) -> Side {
        Side::of(self.to_move)
    }
}

impl Position {
    /// How many times the current position (board and side to move) has occurred in
    /// this game, counting now.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// assert_eq!(Position::start(&CompiledRules::brandubh()).occurrences(), 1);
    /// ```
    #[must_use]
    pub fn occurrences(&self) -> usize {
        self.line.history.iter().filter(|&&h| h == self.hash).count()
    }

    /// Whether the current position has occurred more than twice.
    #[inline]
    pub(crate) fn third_occurrence(&self) -> bool {
        let mut seen = 0;
        for &h in &self.line.history {
            seen += usize::from(h == self.hash);
            if seen > 2 {
                return true;
            }
        }
        false
    }
}
