//! The position: a padded mailbox board, the side to move, the berserker, the Zobrist
//! hash and the history of hashes; legal moves, make and unmake, captures and the outcome,
//! each as OpenTafl's engine decides them (docs/tafl-rules.md lists where that differs
//! from OpenTafl's own specification).

use std::sync::Arc;

use gridnote_board::tafl::{
    Berserk, JumpMode, KingArmed, KingStrength, PositionRecord, ShapeError, Shieldwall, Square,
    Threefold, side_name,
};
use gridnote_board::{Piece, Player};

use crate::config::{
    Config, Kind, OFF, ROLE_COMMANDER, ROLE_GUARD, ROLE_KING, ROLE_KNIGHT, ROLE_MERCENARY,
    SPACE_CENTER, SPACE_CORNER, SPACE_NONE,
};
use crate::moves::Move;
use crate::rules::{CompiledRules, RulesError};

/// Set on a piece that has moved: OpenTafl's "developed" bit, which decides whether a
/// piece completes a flanking shieldwall (see docs/tafl-rules.md).
pub(crate) const DEVELOPED: u8 = 0x40;
const NONE_SQ: u32 = u32::MAX;

#[inline]
fn kind_of(b: u8) -> usize {
    usize::from(b & 0x3F) - 1
}

#[inline]
fn side_of(b: u8) -> usize {
    usize::from(kind_of(b) >= 6)
}

#[inline]
fn role_of(b: u8) -> u8 {
    (kind_of(b) % 6) as u8
}

#[inline]
fn is_piece(b: u8) -> bool {
    b != 0 && b != OFF
}

/// How many pieces of each kind (in `Kind`'s order) a board's cells hold.
pub(crate) fn count_kinds(cells: &[u8]) -> [usize; 12] {
    let mut counts = [0; 12];
    for &b in cells {
        if is_piece(b) {
            counts[kind_of(b)] += 1;
        }
    }
    counts
}

/// Why a game ended.
///
/// ```
/// use gridnote_tafl_rules::Reason;
/// assert_ne!(Reason::KingEscaped, Reason::KingCaptured);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Reason {
    /// The king reached a corner (`esc:c`) or the edge (`esc:e`).
    KingEscaped,
    /// No defending king is left on the board.
    KingCaptured,
    /// A side has no pieces left.
    NoPieces,
    /// No defender has an empty neighbouring square (OpenTafl's test for a side
    /// without moves).
    DefendersImmobile,
    /// The king is in an edge fort (`efe:y`).
    EdgeFort,
    /// The defenders are surrounded (`surf:y`).
    Surrounded,
    /// The position occurred a third time (`tfr`).
    Repetition,
}

/// Where a position stands: play goes on, a side has won, or the game is drawn.
///
/// ```
/// use gridnote_tafl_rules::{board::Player, Outcome, Reason};
/// let o = Outcome::Won { winner: Player::Two, reason: Reason::KingEscaped };
/// assert!(o.is_over());
/// assert!(!Outcome::Ongoing.is_over());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// `winner` has won.
    Won {
        /// The winner: [`Player::One`] the attackers, [`Player::Two`] the defenders.
        winner: Player,
        /// Why.
        reason: Reason,
    },
    /// The game is drawn.
    Drawn {
        /// Why.
        reason: Reason,
    },
}

impl Reason {
    /// The reason's name in `snake_case` (`king_escaped`), as its serde form spells it.
    ///
    /// ```
    /// use gridnote_tafl_rules::Reason;
    /// assert_eq!(Reason::DefendersImmobile.name(), "defenders_immobile");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Reason::KingEscaped => "king_escaped",
            Reason::KingCaptured => "king_captured",
            Reason::NoPieces => "no_pieces",
            Reason::DefendersImmobile => "defenders_immobile",
            Reason::EdgeFort => "edge_fort",
            Reason::Surrounded => "surrounded",
            Reason::Repetition => "repetition",
        }
    }
}

impl core::fmt::Display for Reason {
    /// What happened, for people (`the king escaped`).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Reason::KingEscaped => "the king escaped",
            Reason::KingCaptured => "the king was captured",
            Reason::NoPieces => "a side has no pieces left",
            Reason::DefendersImmobile => "no defender can move",
            Reason::EdgeFort => "the king is in an edge fort",
            Reason::Surrounded => "the defenders are surrounded",
            Reason::Repetition => "the position occurred a third time",
        })
    }
}

impl core::fmt::Display for Outcome {
    /// `ongoing`, `the defenders win: the king escaped`, `drawn: the position occurred a
    /// third time`.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, Outcome, Reason};
    /// let o = Outcome::Won { winner: Player::Two, reason: Reason::KingEscaped };
    /// assert_eq!(o.to_string(), "the defenders win: the king escaped");
    /// assert_eq!(Outcome::Ongoing.to_string(), "ongoing");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Won { winner, reason } => {
                write!(f, "the {} win: {reason}", side_name(*winner))
            }
            Outcome::Drawn { reason } => write!(f, "drawn: {reason}"),
        }
    }
}

impl Outcome {
    /// What the outcome ends the game with: `none` (it goes on), `attackers`,
    /// `defenders` (the winner) or `draw`.
    ///
    /// ```
    /// use gridnote_tafl_rules::{Outcome, Reason};
    /// assert_eq!(Outcome::Ongoing.ends(), "none");
    /// assert_eq!(Outcome::Drawn { reason: Reason::Repetition }.ends(), "draw");
    /// ```
    #[must_use]
    pub const fn ends(self) -> &'static str {
        match self {
            Outcome::Ongoing => "none",
            Outcome::Won { winner, .. } => side_name(winner),
            Outcome::Drawn { .. } => "draw",
        }
    }

    /// The winner, if a side has won.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, Outcome, Reason};
    /// let o = Outcome::Won { winner: Player::One, reason: Reason::KingCaptured };
    /// assert_eq!(o.winner(), Some(Player::One));
    /// assert_eq!(Outcome::Ongoing.winner(), None);
    /// ```
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Won { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// Whether the game is over.
    ///
    /// ```
    /// use gridnote_tafl_rules::{Outcome, Reason};
    /// assert!(Outcome::Drawn { reason: Reason::Repetition }.is_over());
    /// ```
    #[must_use]
    pub fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

/// What [`Position::make`] needs to undo a move.
///
/// ```
/// use gridnote_tafl_rules::{CompiledRules, Position};
/// let rules = CompiledRules::brandubh();
/// let mut pos = Position::start(&rules);
/// let before = pos.clone();
/// let m = pos.legal_moves()[0];
/// let undo = pos.make(m);
/// pos.unmake(undo);
/// assert_eq!(pos, before);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    from: u32,
    to: u32,
    piece: u8,
    captured_from: u32,
    /// Where the custodial and jump captures end (shieldwall and Linnaean ones follow).
    custodial_end: u32,
    berserker: u32,
    to_move: Player,
    hash: u64,
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
#[derive(Clone, Debug)]
pub struct Position {
    cfg: Arc<Config>,
    cells: Box<[u8]>,
    to_move: Player,
    berserker: u32,
    hash: u64,
    counts: [u32; 2],
    history: Vec<u64>,
    captured: Vec<(u32, u8)>,
}

impl PartialEq for Position {
    /// Positions are equal when their boards (with OpenTafl's developed marks), sides to
    /// move, berserkers and histories are.
    fn eq(&self, other: &Position) -> bool {
        self.cells == other.cells
            && self.to_move == other.to_move
            && self.berserker == other.berserker
            && self.hash == other.hash
            && self.history == other.history
            && self.cfg.dim == other.cfg.dim
    }
}

impl Eq for Position {}

/// The capture-relevant facts of a move being evaluated.
#[derive(Clone, Copy)]
struct Attempt {
    /// The moving piece.
    mover: u8,
    /// Its destination.
    dest: u32,
    /// Where the mover still stands (OpenTafl's pre-move check), else `NONE_SQ`.
    standing: u32,
}

impl Position {
    pub(crate) fn from_parts(rules: &CompiledRules, cells: Vec<u8>, to_move: Player) -> Position {
        let mut pos = Position {
            cfg: rules.cfg.clone(),
            cells: cells.into_boxed_slice(),
            to_move,
            berserker: NONE_SQ,
            hash: 0,
            counts: [0, 0],
            history: Vec::new(),
            captured: Vec::new(),
        };
        for &b in &pos.cells {
            if is_piece(b) {
                pos.counts[side_of(b)] += 1;
            }
        }
        pos.hash = pos.hash_from_scratch();
        pos.history.push(pos.hash);
        pos
    }

    /// The start position of `rules`, the first mover to move.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::copenhagen());
    /// assert_eq!(pos.to_move(), Player::One);
    /// ```
    #[must_use]
    pub fn start(rules: &CompiledRules) -> Position {
        Position::from_parts(rules, rules.start.clone(), rules.first_to_move())
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
        let mut cells = vec![OFF; rules.cfg.stride * rules.cfg.stride];
        for ((r, c), cell) in board.iter() {
            let b = if cell == gridnote_board::Cell::Void {
                return Err(ShapeError::Void { cell: board.cell_name(r, c) }.into());
            } else {
                cell.piece().map_or(0, |piece| Kind::of(piece).index() as u8 + 1)
            };
            cells[rules.cfg.square(r, c) as usize] = b;
        }
        Ok(Position::from_parts(rules, cells, to_move))
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
        let n = self.cfg.dim;
        gridnote_board::Board::from_fn(n, n, |r, c| {
            let b = self.cells[self.cfg.square(r, c) as usize];
            if is_piece(b) {
                gridnote_board::Cell::from(Kind::from_index(kind_of(b)).piece())
            } else {
                gridnote_board::Cell::Empty
            }
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
        let mut cells = vec![OFF; rules.cfg.stride * rules.cfg.stride];
        for (square, piece) in record.squares() {
            let at = rules.cfg.square(n - 1 - usize::from(square.rank), usize::from(square.file));
            cells[at as usize] = piece.map_or(0, |p| Kind::of(p).index() as u8 + 1);
        }
        Ok(Position::from_parts(rules, cells, to_move))
    }

    /// The board's size (it is square).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// assert_eq!(Position::start(&CompiledRules::brandubh()).dim(), 7);
    /// ```
    #[must_use]
    pub fn dim(&self) -> usize {
        self.cfg.dim
    }

    /// The side to move: [`Player::One`] the attackers, [`Player::Two`] the defenders.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, CompiledRules, Position};
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
        (self.berserker != NONE_SQ).then(|| self.square_of(self.berserker))
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
        let mut h = if self.to_move == Player::Two { self.cfg.zobrist[0] } else { 0 };
        for (sq, &b) in self.cells.iter().enumerate() {
            if is_piece(b) {
                h ^= self.cfg.zobrist[sq * 12 + kind_of(b) + 1];
            }
        }
        h
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
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let i = self.index(sq)?;
        let b = self.cells[i as usize];
        is_piece(b).then(|| Kind::from_index(kind_of(b)).piece())
    }

    /// How many pieces of each kind (in `Kind`'s order) stand on the board.
    pub(crate) fn kind_counts(&self) -> [usize; 12] {
        count_kinds(&self.cells)
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
        let n = self.cfg.dim;
        let mut record = PositionRecord::empty(n).expect("1 to 255 squares on a side");
        for r in 0..n {
            for c in 0..n {
                let b = self.cells[self.cfg.square(r, c) as usize];
                if is_piece(b) {
                    let square = Square::new(c as u8, (n - 1 - r) as u8);
                    record.set(square, Some(Kind::from_index(kind_of(b)).piece()));
                }
            }
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

    pub(crate) fn index(&self, sq: Square) -> Option<u32> {
        let n = self.cfg.dim;
        let (file, rank) = (usize::from(sq.file), usize::from(sq.rank));
        (file < n && rank < n).then(|| self.cfg.square(n - 1 - rank, file))
    }

    #[inline]
    pub(crate) fn square_of(&self, i: u32) -> Square {
        self.cfg.squares[i as usize]
    }

    fn offsets(&self) -> [isize; 4] {
        let w = self.cfg.stride as isize;
        // OpenTafl's neighbour order: west, east, then toward rank 1, then away from it
        // (row 0 is the top row here, OpenTafl's y = 0 is rank 1).
        [-1, 1, w, -w]
    }

    #[inline]
    fn at(&self, sq: u32) -> u8 {
        self.cells[sq as usize]
    }

    // ----- legal moves -----------------------------------------------------------------

    /// The legal moves of the side to move (only the berserker's while one must go on).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::copenhagen());
    /// assert_eq!(pos.legal_moves().len(), 116);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        self.gen_moves(&mut out);
        out
    }

    /// Replaces `out`'s contents with the legal moves (the allocation-free form of
    /// [`Position::legal_moves`], for searches that keep one buffer per ply).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// let mut moves = vec!["a1-a2".parse()?];
    /// pos.legal_moves_into(&mut moves);
    /// assert_eq!(moves, pos.legal_moves());
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        self.gen_moves(out);
    }

    /// The squares where the king escapes: the corners under `esc:c`, every edge square
    /// under `esc:e`.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position, Square};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.escape_squares().len(), 4);
    /// assert!(pos.escape_squares().contains(&Square::new(6, 6)));
    /// ```
    #[must_use]
    pub fn escape_squares(&self) -> Vec<Square> {
        let cfg = &*self.cfg;
        if cfg.edge_escape {
            (0..cfg.stride * cfg.stride)
                .filter(|&i| cfg.edge[i])
                .map(|i| self.square_of(i as u32))
                .collect()
        } else {
            cfg.corners.iter().map(|&i| self.square_of(i)).collect()
        }
    }

    /// How many pieces the move that `undo` undoes captured (a mercenary that changed
    /// sides counts); call it right after [`Position::make`].
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, CompiledRules, Position};
    /// let rules = CompiledRules::brandubh();
    /// let mut pos = Position::from_record(&rules, "/7/7/7/Tt1K3/7/7/7/", Player::Two)?;
    /// let undo = pos.make("d4-d5".parse().unwrap());
    /// assert_eq!(pos.captures_made(&undo), 0);
    /// pos.unmake(undo);
    /// let undo = pos.make("d4-c4".parse().unwrap());
    /// assert_eq!(pos.captures_made(&undo), 1);
    /// # Ok::<(), gridnote_tafl_rules::RulesError>(())
    /// ```
    #[must_use]
    pub fn captures_made(&self, undo: &Undo) -> usize {
        self.captured.len() - undo.captured_from as usize
    }

    /// Appends the legal moves to `out` (the allocation-free form of
    /// [`Position::legal_moves`]).
    pub(crate) fn gen_moves(&self, out: &mut Vec<Move>) {
        if self.berserker != NONE_SQ {
            self.gen_piece(self.berserker, out);
            return;
        }
        let side = self.to_move.index();
        let n = self.cfg.dim;
        let stride = self.cfg.stride;
        for r in 0..n {
            let base = (r + 1) * stride + 1;
            for (c, &b) in self.cells[base..base + n].iter().enumerate() {
                if is_piece(b) && side_of(b) == side {
                    self.gen_piece((base + c) as u32, out);
                }
            }
        }
    }

    /// The number of legal moves, without listing them.
    pub(crate) fn count_moves(&self) -> u64 {
        let mut count = 0u64;
        if self.berserker != NONE_SQ {
            self.for_each_destination(self.berserker, true, |_| count += 1);
            return count;
        }
        let side = self.to_move.index();
        let n = self.cfg.dim;
        let stride = self.cfg.stride;
        for r in 0..n {
            let base = (r + 1) * stride + 1;
            for c in 0..n {
                let b = self.cells[base + c];
                if is_piece(b) && side_of(b) == side {
                    self.for_each_destination((base + c) as u32, true, |_| count += 1);
                }
            }
        }
        count
    }

    fn gen_piece(&self, from: u32, out: &mut Vec<Move>) {
        let from_sq = self.square_of(from);
        self.for_each_destination(from, true, |to| {
            out.push(Move::new(from_sq, self.square_of(to)));
        });
    }

    /// Calls `f` with every square the piece on `from` may move to (slides, then jumps
    /// when `jumps`), as OpenTafl's `getAllowableDestinationsFrom`.
    #[inline]
    fn for_each_destination(&self, from: u32, jumps: bool, mut f: impl FnMut(u32)) {
        self.destinations_from(from, from, jumps, &mut f);
    }

    /// Destinations of the piece standing on `real` as if it stood on `from` (the king's
    /// reach for edge forts); reentry is judged from `real`, as OpenTafl does.
    fn destinations_from(&self, real: u32, from: u32, jumps: bool, f: &mut impl FnMut(u32)) {
        let cfg = &*self.cfg;
        let b = self.at(real);
        let k = kind_of(b);
        let start_type = cfg.space[real as usize];
        let limit = cfg.speed[k];
        for d in self.offsets() {
            let mut s = (from as isize + d) as usize;
            let mut dist = 1u32;
            loop {
                if self.cells[s] != 0 {
                    break;
                }
                let t = cfg.space[s];
                if t != SPACE_NONE {
                    if !cfg.pass[t as usize][k] {
                        break;
                    }
                    if !cfg.reenter[t as usize][k] && start_type != t {
                        break;
                    }
                }
                if limit > 0 && dist > limit {
                    break;
                }
                if t == SPACE_NONE || cfg.stop[t as usize][k] {
                    f(s as u32);
                }
                s = (s as isize + d) as usize;
                dist += 1;
            }
        }
        if jumps && cfg.any_jump {
            let mode = self.jump_mode(b);
            if mode != JumpMode::None {
                let start_special = start_type != SPACE_NONE;
                for d in self.offsets() {
                    let n = (from as isize + d) as usize;
                    let nb = self.cells[n];
                    if !is_piece(nb)
                        || side_of(nb) == side_of(b)
                        || matches!(role_of(nb), ROLE_KING | ROLE_KNIGHT | ROLE_COMMANDER)
                    {
                        continue;
                    }
                    let dest = (n as isize + d) as usize;
                    if self.cells[dest] != 0 {
                        continue;
                    }
                    let t = cfg.space[dest];
                    if t == SPACE_NONE && !start_special && mode == JumpMode::Restricted {
                        continue;
                    }
                    if t != SPACE_NONE
                        && (!cfg.stop[t as usize][k]
                            || (!cfg.reenter[t as usize][k] && start_type != t))
                    {
                        continue;
                    }
                    f(dest as u32);
                }
            }
        }
    }

    fn jump_mode(&self, b: u8) -> JumpMode {
        self.cfg.jump[kind_of(b)]
    }

    /// Whether `m` is legal here.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert!(pos.is_legal("d1-b1".parse()?));
    /// assert!(!pos.is_legal("d1-d2".parse()?));
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        let (Some(from), Some(to)) = (self.index(m.from), self.index(m.to)) else {
            return false;
        };
        let b = self.at(from);
        if !is_piece(b) || side_of(b) != self.to_move.index() {
            return false;
        }
        if self.berserker != NONE_SQ && self.berserker != from {
            return false;
        }
        let mut found = false;
        self.for_each_destination(from, true, |s| found |= s == to);
        found
    }

    // ----- captures --------------------------------------------------------------------

    /// OpenTafl's `isSpaceHostileTo`: whether `space` counts against the piece `target`.
    #[inline]
    fn hostile(&self, space: u32, target: u8) -> bool {
        let occ = self.at(space);
        if occ == OFF {
            return false;
        }
        let cfg = &*self.cfg;
        let side = side_of(target);
        let t = cfg.space[space as usize];
        let space_hostile = if t == SPACE_NONE {
            false
        } else if t == SPACE_CENTER && occ == 0 {
            cfg.hostile_empty_center[side]
        } else {
            cfg.hostile[t as usize][side]
        };
        if occ != 0 && side_of(occ) != side {
            if role_of(occ) == ROLE_KING
                && !matches!(cfg.king_armed, KingArmed::Armed | KingArmed::AnvilOnly)
            {
                return space_hostile;
            }
            return role_of(occ) != ROLE_GUARD;
        }
        space_hostile
    }

    /// OpenTafl's `isCapturedBy` (not by jump): whether the piece `target` on `t` is
    /// captured by `a.mover` arriving on `a.dest`.
    fn is_captured(&self, t: u32, target: u8, a: Attempt) -> bool {
        let cfg = &*self.cfg;
        let mover = a.mover;
        if side_of(target) == side_of(mover) {
            return false;
        }
        if role_of(target) == ROLE_GUARD || role_of(mover) == ROLE_GUARD {
            return false;
        }
        if role_of(mover) == ROLE_KING
            && !matches!(cfg.king_armed, KingArmed::Armed | KingArmed::HammerOnly)
        {
            return false;
        }
        let is_king = role_of(target) == ROLE_KING;
        let mut strong = false;
        let mut four = true;
        if is_king {
            match cfg.king_strength {
                KingStrength::Strong => strong = true,
                KingStrength::StrongCenter => strong = cfg.center_zone[t as usize],
                KingStrength::Middleweight => {
                    strong = true;
                    four = false;
                }
                _ => {}
            }
        }
        let cok = cfg.commanders_or_knights[side_of(mover)];
        if is_king && strong && !cok {
            let mut hostile = 0;
            let mut adjacent = 0;
            for d in self.offsets() {
                let s = (t as isize + d) as u32;
                if self.at(s) == OFF {
                    continue;
                }
                adjacent += 1;
                if s == a.dest || self.hostile(s, target) {
                    hostile += 1;
                }
            }
            return hostile == 4 || (!four && hostile == adjacent);
        }
        let w = cfg.stride as isize;
        let step = if (a.dest as isize - t as isize).abs() < w { 1 } else { w };
        let a1 = (t as isize - step) as u32;
        let a2 = (t as isize + step) as u32;
        if self.at(a1) == OFF || self.at(a2) == OFF {
            // On the edge across the line of the capture: OpenTafl never sandwiches.
            return false;
        }
        self.sandwich(t, target, a, a1, a2)
    }

    fn sandwich(&self, t: u32, target: u8, a: Attempt, a1: u32, a2: u32) -> bool {
        let cfg = &*self.cfg;
        let h1 = a1 == a.dest || self.hostile(a1, target);
        let h2 = a2 == a.dest || self.hostile(a2, target);
        if !(h1 && h2) {
            return false;
        }
        let g1 = cfg.space[a1 as usize];
        let g2 = cfg.space[a2 as usize];
        // A piece that jumps cannot capture against the square it jumps from.
        if a1 == a.dest && a2 == a.standing && g2 == SPACE_NONE {
            return false;
        }
        if a2 == a.dest && a1 == a.standing && g1 == SPACE_NONE {
            return false;
        }
        let is_king = role_of(target) == ROLE_KING;
        let mover = a.mover;
        if is_king
            && matches!(cfg.king_strength, KingStrength::Strong | KingStrength::StrongCenter)
            && cfg.commanders_or_knights[side_of(mover)]
        {
            if g1 == SPACE_CENTER || g2 == SPACE_CENTER || cfg.space[t as usize] == SPACE_CENTER {
                return false;
            }
            let mut count = 0;
            if g1 == SPACE_CORNER && self.hostile(a1, target) {
                count += 1;
            }
            if g2 == SPACE_CORNER && self.hostile(a2, target) {
                count += 1;
            }
            for s in [a1, a2] {
                let o = self.at(s);
                if is_piece(o) && matches!(role_of(o), ROLE_COMMANDER | ROLE_KNIGHT) {
                    count += 1;
                }
            }
            if matches!(role_of(mover), ROLE_COMMANDER | ROLE_KNIGHT) {
                count += 1;
            }
            return count >= 2;
        }
        if is_king && cfg.king_strength == KingStrength::Middleweight {
            for d in self.offsets() {
                let s = (t as isize + d) as u32;
                if self.at(s) == OFF {
                    continue;
                }
                if !(s == a.dest || self.hostile(s, target)) {
                    return false;
                }
            }
            return true;
        }
        true
    }

    /// OpenTafl's pre-move test (`getCapturingMoves`): whether the piece on `from` would
    /// capture anything by moving to `to` (by jump or sandwich; not shieldwall or
    /// Linnaean captures). Captures only happen on such moves.
    fn captures_something(&self, from: u32, to: u32, is_jump: bool) -> bool {
        let mover = self.at(from);
        if is_jump && self.jump_mode(mover) == JumpMode::Capturing {
            return true;
        }
        let a = Attempt { mover, dest: to, standing: from };
        self.offsets().into_iter().any(|d| {
            let s = (to as isize + d) as u32;
            let o = self.at(s);
            is_piece(o) && self.is_captured(s, o, a)
        })
    }

    fn is_jump(&self, from: u32, to: u32) -> bool {
        let diff = (to as isize - from as isize).abs();
        let w = self.cfg.stride as isize;
        (diff == 2 || diff == 2 * w) && {
            let mid = ((from as isize + to as isize) / 2) as u32;
            self.at(mid) != 0
        }
    }

    fn capture(&mut self, sq: u32) {
        let b = self.at(sq);
        self.captured.push((sq, b));
        self.hash ^= self.cfg.zobrist[sq as usize * 12 + kind_of(b) + 1];
        self.counts[side_of(b)] -= 1;
        if role_of(b) == ROLE_MERCENARY {
            // A captured mercenary changes sides where it stands.
            let k = kind_of(b);
            let flipped = (((k + 6) % 12) as u8 + 1) | (b & DEVELOPED);
            self.cells[sq as usize] = flipped;
            self.hash ^= self.cfg.zobrist[sq as usize * 12 + kind_of(flipped) + 1];
            self.counts[side_of(flipped)] += 1;
        } else {
            self.cells[sq as usize] = 0;
        }
    }

    // ----- make and unmake -------------------------------------------------------------

    /// Plays `m`, which must be legal ([`Position::is_legal`]; an illegal move leaves the
    /// position unspecified but never panics out of bounds), and returns what
    /// [`Position::unmake`] needs.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, CompiledRules, Position};
    /// let mut pos = Position::start(&CompiledRules::brandubh());
    /// let m = "d2-c2".parse()?;
    /// let undo = pos.make(m);
    /// assert_eq!(pos.to_move(), Player::Two);
    /// pos.unmake(undo);
    /// assert_eq!(pos.to_move(), Player::One);
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    pub fn make(&mut self, m: Move) -> Undo {
        let from = self.index(m.from).unwrap_or(0);
        let to = self.index(m.to).unwrap_or(0);
        self.make_raw(from, to)
    }

    fn make_raw(&mut self, from: u32, to: u32) -> Undo {
        let piece = self.at(from);
        let mut undo = Undo {
            from,
            to,
            piece,
            captured_from: self.captured.len() as u32,
            custodial_end: self.captured.len() as u32,
            berserker: self.berserker,
            to_move: self.to_move,
            hash: self.hash,
        };
        let cfg = self.cfg.clone();
        let is_jump = cfg.any_jump && self.is_jump(from, to);
        let gate = self.captures_something(from, to, is_jump);
        let linnaean =
            if cfg.linnaean && side_of(piece) == 0 { self.linnaean_target(to) } else { NONE_SQ };

        // Move the piece.
        let moved = piece | DEVELOPED;
        self.cells[from as usize] = 0;
        self.cells[to as usize] = moved;
        let k = kind_of(piece) + 1;
        self.hash ^=
            self.cfg.zobrist[from as usize * 12 + k] ^ self.cfg.zobrist[to as usize * 12 + k];

        if gate {
            if is_jump && self.jump_mode(piece) == JumpMode::Capturing {
                let mid = ((from as isize + to as isize) / 2) as u32;
                let jb = self.at(mid);
                if is_piece(jb)
                    && side_of(jb) != side_of(piece)
                    && !matches!(role_of(jb), ROLE_KING | ROLE_KNIGHT | ROLE_COMMANDER)
                {
                    self.capture(mid);
                }
            }
            let a = Attempt { mover: moved, dest: to, standing: NONE_SQ };
            for d in self.offsets() {
                let s = (to as isize + d) as u32;
                let o = self.at(s);
                if is_piece(o) && self.is_captured(s, o, a) {
                    self.capture(s);
                }
            }
        }
        undo.custodial_end = self.captured.len() as u32;
        if cfg.shieldwall != Shieldwall::None {
            self.shieldwall_captures(to, piece);
        }
        if linnaean != NONE_SQ {
            let b = self.at(linnaean);
            if is_piece(b) && side_of(b) == 1 {
                self.capture(linnaean);
            }
        }

        let mut keep_turn = false;
        self.berserker = NONE_SQ;
        if cfg.berserk != Berserk::None && self.captured.len() as u32 > undo.captured_from {
            let again = match cfg.berserk {
                Berserk::Capture => self.has_capturing_move(to),
                Berserk::Move => self.has_slide(to),
                _ => false,
            };
            if again {
                self.berserker = to;
                keep_turn = true;
            }
        }
        if !keep_turn {
            self.to_move = self.to_move.other();
            self.hash ^= self.cfg.zobrist[0];
        }
        self.history.push(self.hash);
        undo
    }

    /// Takes back the move `undo` came from (moves are undone in reverse order).
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let mut pos = Position::start(&CompiledRules::copenhagen());
    /// let start = pos.clone();
    /// let undo = pos.make("d1-d4".parse()?);
    /// pos.unmake(undo);
    /// assert_eq!(pos, start);
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    pub fn unmake(&mut self, undo: Undo) {
        self.history.pop();
        while self.captured.len() as u32 > undo.captured_from {
            let (sq, b) = self.captured.pop().expect("length checked");
            let now = self.at(sq);
            if is_piece(now) {
                self.counts[side_of(now)] -= 1;
            }
            self.cells[sq as usize] = b;
            self.counts[side_of(b)] += 1;
        }
        self.cells[undo.to as usize] = 0;
        self.cells[undo.from as usize] = undo.piece;
        self.berserker = undo.berserker;
        self.to_move = undo.to_move;
        self.hash = undo.hash;
    }

    fn has_capturing_move(&self, from: u32) -> bool {
        let mut found = false;
        self.for_each_destination(from, true, |to| {
            if !found {
                let jump = self.is_jump(from, to);
                found = self.captures_something(from, to, jump);
            }
        });
        found
    }

    /// OpenTafl's `getAllowableMoves`: any square the piece may slide onto or through.
    fn has_slide(&self, from: u32) -> bool {
        let cfg = &*self.cfg;
        let b = self.at(from);
        let k = kind_of(b);
        let start_type = cfg.space[from as usize];
        self.offsets().into_iter().any(|d| {
            let s = (from as isize + d) as usize;
            if self.cells[s] != 0 {
                return false;
            }
            let t = cfg.space[s];
            t == SPACE_NONE
                || (cfg.pass[t as usize][k] && (cfg.reenter[t as usize][k] || start_type == t))
        })
    }

    /// OpenTafl's `checkLinnaeanCapture`, on the board before the move: the defender
    /// between the king on the throne and an attacker arriving two squares from it, when
    /// three attackers already stand beside the throne.
    fn linnaean_target(&self, to: u32) -> u32 {
        let n = self.cfg.dim;
        let c = n / 2;
        let (r, col) = self.cfg.row_col(to);
        let on_line =
            (col == c && (r == c + 2 || r + 2 == c)) || (r == c && (col == c + 2 || col + 2 == c));
        if !on_line {
            return NONE_SQ;
        }
        let throne = self.cfg.square(c, c);
        let tb = self.at(throne);
        if !is_piece(tb) || role_of(tb) != ROLE_KING {
            return NONE_SQ;
        }
        let target = ((throne as isize + to as isize) / 2) as u32;
        let b = self.at(target);
        if is_piece(b) && (side_of(b) != 1 || role_of(b) == ROLE_GUARD) {
            return NONE_SQ;
        }
        let attackers = self
            .offsets()
            .into_iter()
            .filter(|&d| {
                let o = self.at((throne as isize + d) as u32);
                is_piece(o) && side_of(o) == 0
            })
            .count();
        if attackers < 3 { NONE_SQ } else { target }
    }

    // ----- shieldwalls -----------------------------------------------------------------

    fn edges(&self) -> [(Vec<u32>, bool); 4] {
        let n = self.cfg.dim;
        let cfg = &*self.cfg;
        // OpenTafl's order: rank 1, the last rank, file a, the last file; each from
        // file a or rank 1.
        [
            ((0..n).map(|i| cfg.square(n - 1, i)).collect(), false),
            ((0..n).map(|i| cfg.square(0, i)).collect(), false),
            ((0..n).map(|i| cfg.square(n - 1 - i, 0)).collect(), true),
            ((0..n).map(|i| cfg.square(n - 1 - i, n - 1)).collect(), true),
        ]
    }

    fn edge_adjacent(&self, sq: u32, vertical_edge: bool) -> u32 {
        let n = self.cfg.dim;
        let (r, c) = self.cfg.row_col(sq);
        if vertical_edge {
            self.cfg.square(r, if c == 0 { 1 } else { n - 2 })
        } else {
            self.cfg.square(if r == 0 { 1 } else { n - 2 }, c)
        }
    }

    /// OpenTafl's `detectShieldwallPositionsForSide`, ported step for step (including its
    /// lists that carry over from one edge to the next and are shared with walls already
    /// found): each wall is (surrounded squares, squares of the surrounding pieces).
    fn shieldwalls(&self, surrounders: usize) -> Vec<(Vec<u32>, Vec<u32>)> {
        let cfg = &*self.cfg;
        let n = cfg.dim;
        // Whether `side` has two pieces or more on the edge squares (each visited once:
        // the first and last rows whole, then the first and last columns between them).
        let two_on_edge = |side: usize| {
            let mut count = 0;
            let mut two = |r: usize, c: usize| {
                let b = self.at(cfg.square(r, c));
                count += usize::from(is_piece(b) && side_of(b) == side);
                count >= 2
            };
            for c in 0..n {
                if two(0, c) || (n > 1 && two(n - 1, c)) {
                    return true;
                }
            }
            for r in 1..n.saturating_sub(1) {
                if two(r, 0) || two(r, n - 1) {
                    return true;
                }
            }
            false
        };
        if !two_on_edge(1 - surrounders) || !two_on_edge(surrounders) {
            return Vec::new();
        }
        let is_surrounder = |sq: u32| {
            let b = self.at(sq);
            is_piece(b) && side_of(b) == surrounders
        };
        let strong = cfg.shieldwall == Shieldwall::Strong;
        // The lists are objects: a wall found keeps a reference to the current lists.
        let mut lists: Vec<(Vec<u32>, Vec<u32>)> = vec![(Vec::new(), Vec::new())];
        let mut cur = 0usize;
        let mut walls: Vec<usize> = Vec::new();
        for (edge, vertical) in self.edges() {
            let mut start = false;
            let mut index = 0usize;
            for (pos, &space) in edge.iter().enumerate() {
                let corner = cfg.space[space as usize] == SPACE_CORNER;
                if !start && corner && strong {
                    start = true;
                    continue;
                } else if !start && is_surrounder(space) {
                    start = true;
                    lists[cur].1.push(space);
                    continue;
                }
                let _ = pos;
                if start {
                    if corner && strong {
                        if lists[cur].0.len() > 1 {
                            walls.push(cur);
                        }
                        break;
                    }
                    let adj = self.edge_adjacent(space, vertical);
                    if is_surrounder(space) {
                        let next = edge.get(index + 1).copied().unwrap_or(0);
                        let b = self.at(space);
                        // A wall going on, or (OpenTafl's special case) the king of the
                        // surrounding side standing in it.
                        if is_surrounder(adj) && (is_surrounder(next) || role_of(b) == ROLE_KING) {
                            lists[cur].1.push(adj);
                            lists[cur].0.push(space);
                            continue;
                        } else {
                            if lists[cur].0.len() > 1 {
                                lists[cur].1.push(space);
                                walls.push(cur);
                            }
                            lists.push((Vec::new(), Vec::new()));
                            cur = lists.len() - 1;
                            continue;
                        }
                    }
                    if is_surrounder(adj) {
                        lists[cur].1.push(adj);
                        lists[cur].0.push(space);
                    } else {
                        start = false;
                        lists.push((Vec::new(), Vec::new()));
                        cur = lists.len() - 1;
                    }
                }
                index += 1;
            }
        }
        walls.into_iter().map(|i| lists[i].clone()).collect()
    }

    fn shieldwall_captures(&mut self, dest: u32, mover: u8) {
        let attackers_walls = self.shieldwalls(0);
        let defenders_walls = self.shieldwalls(1);
        let moved_before = mover & DEVELOPED != 0;
        let flanking = self.cfg.shieldwall_flanking;
        let edge = self.cfg.edge[dest as usize];
        for (surrounded, surrounding) in attackers_walls.into_iter().chain(defenders_walls) {
            if flanking {
                // OpenTafl compares the mover as it was before the move with the pieces as
                // they stand after it: a piece's first move never completes the wall.
                if !(edge && moved_before && surrounding.contains(&dest)) {
                    continue;
                }
            }
            if role_of(mover) == ROLE_GUARD {
                continue;
            }
            let all_enemy = surrounded.iter().all(|&s| {
                let b = self.at(s);
                is_piece(b) && side_of(b) != side_of(mover)
            });
            if all_enemy {
                for &s in &surrounded {
                    let b = self.at(s);
                    if !matches!(role_of(b), ROLE_KING | ROLE_GUARD) {
                        self.capture(s);
                    }
                }
            }
        }
    }

    // ----- the outcome -----------------------------------------------------------------

    /// How many times the current position (board and side to move) has occurred in
    /// this game, counting now.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// assert_eq!(Position::start(&CompiledRules::brandubh()).occurrences(), 1);
    /// ```
    #[must_use]
    pub fn occurrences(&self) -> usize {
        self.history.iter().filter(|&&h| h == self.hash).count()
    }

    /// The outcome, as OpenTafl's `checkVictory` decides it after the last move.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Outcome, Position};
    /// assert_eq!(Position::start(&CompiledRules::copenhagen()).outcome(), Outcome::Ongoing);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let cfg = &*self.cfg;
        let won = |winner: Player, reason| Outcome::Won { winner, reason };
        if self.counts[0] == 0 {
            return won(Player::Two, Reason::NoPieces);
        }
        if self.counts[1] == 0 {
            return won(Player::One, Reason::NoPieces);
        }
        if self.berserker == NONE_SQ && self.occurrences() > 2 {
            match cfg.repetition {
                Threefold::Loss => return won(self.to_move.other(), Reason::Repetition),
                Threefold::Win => return won(self.to_move, Reason::Repetition),
                // A draw (the compiled rules never ignore a third repetition).
                _ => return Outcome::Drawn { reason: Reason::Repetition },
            }
        }
        let mut king = NONE_SQ;
        let mut defender_can_move = false;
        let n = cfg.dim;
        // Rank 1 first, as OpenTafl numbers its pieces: with two kings, the edge fort is
        // judged for the first.
        for r in (0..n).rev() {
            for c in 0..n {
                let sq = cfg.square(r, c);
                let b = self.at(sq);
                if !is_piece(b) || side_of(b) != 1 {
                    continue;
                }
                if role_of(b) == ROLE_KING {
                    if king == NONE_SQ {
                        king = sq;
                    }
                    if cfg.edge_escape {
                        if cfg.edge[sq as usize] {
                            return won(Player::Two, Reason::KingEscaped);
                        }
                    } else if cfg.corners.contains(&sq) {
                        return won(Player::Two, Reason::KingEscaped);
                    }
                }
                if !defender_can_move {
                    defender_can_move =
                        self.offsets().into_iter().any(|d| self.at((sq as isize + d) as u32) == 0);
                }
            }
        }
        if king == NONE_SQ {
            return won(Player::One, Reason::KingCaptured);
        }
        if !defender_can_move {
            return won(Player::One, Reason::DefendersImmobile);
        }
        if cfg.edge_fort && self.edge_fort(king) {
            return won(Player::Two, Reason::EdgeFort);
        }
        if cfg.surrounding_fatal && self.defenders_encircled() {
            return won(Player::One, Reason::Surrounded);
        }
        Outcome::Ongoing
    }

    fn edge_fort(&self, king: u32) -> bool {
        for (surrounded, _) in self.shieldwalls(1) {
            for s in surrounded {
                let b = self.at(s);
                if is_piece(b) && role_of(b) == ROLE_KING {
                    let mut any = false;
                    self.for_each_destination(s, true, |_| any = true);
                    if any {
                        return true;
                    }
                }
            }
        }
        self.edge_fort_escape(king)
    }

    /// OpenTafl's `checkEdgeFortEscape`.
    fn edge_fort_escape(&self, king: u32) -> bool {
        let cfg = &*self.cfg;
        let fort = self.reachable(king);
        if cfg.edge[king as usize] {
            let mut any = false;
            self.for_each_destination(king, true, |_| any = true);
            if !any {
                return false;
            }
        } else if !fort.iter().any(|&s| cfg.edge[s as usize]) {
            return false;
        }
        let mut in_fort = vec![false; self.cells.len()];
        for &s in &fort {
            in_fort[s as usize] = true;
        }
        let mut members = Vec::new();
        for &s in &fort {
            for d in self.offsets() {
                let nb = (s as isize + d) as u32;
                let b = self.at(nb);
                if is_piece(b) {
                    if side_of(b) == 0 {
                        return false;
                    }
                    members.push(nb);
                }
            }
        }
        for m in members {
            let mut outside = 0;
            let mut friendly = 0;
            for d in self.offsets() {
                let s = (m as isize + d) as u32;
                if self.at(s) == OFF || in_fort[s as usize] {
                    continue;
                }
                outside += 1;
                let b = self.at(s);
                if is_piece(b) && side_of(b) == 1 {
                    friendly += 1;
                }
            }
            if outside - friendly >= 3 {
                return false;
            }
        }
        true
    }

    /// The squares the king reaches in any number of moves without jumping (the king
    /// standing still on its square), its own square included.
    fn reachable(&self, king: u32) -> Vec<u32> {
        let mut seen = vec![false; self.cells.len()];
        seen[king as usize] = true;
        let mut all = vec![king];
        let mut frontier = Vec::new();
        self.destinations_from(king, king, false, &mut |s| {
            if !seen[s as usize] {
                seen[s as usize] = true;
                all.push(s);
                frontier.push(s);
            }
        });
        while let Some(p) = frontier.pop() {
            self.destinations_from(king, p, false, &mut |s| {
                if !seen[s as usize] {
                    seen[s as usize] = true;
                    all.push(s);
                    frontier.push(s);
                }
            });
        }
        all
    }

    /// OpenTafl's `isSideEncircled` for the defenders.
    fn defenders_encircled(&self) -> bool {
        let cfg = &*self.cfg;
        let n = cfg.dim;
        for r in 0..n {
            for c in 0..n {
                let sq = cfg.square(r, c);
                let b = self.at(sq);
                if is_piece(b) && side_of(b) == 1 {
                    let mut edge = false;
                    self.for_each_destination(sq, true, |s| edge |= cfg.edge[s as usize]);
                    if edge {
                        return false;
                    }
                }
            }
        }
        let mut seen = vec![false; self.cells.len()];
        let mut stack: Vec<u32> = Vec::with_capacity(4 * n);
        for r in 0..n {
            for c in 0..n {
                if r == 0 || c == 0 || r == n - 1 || c == n - 1 {
                    let sq = cfg.square(r, c);
                    seen[sq as usize] = true;
                    stack.push(sq);
                }
            }
        }
        while let Some(sq) = stack.pop() {
            let b = self.at(sq);
            if is_piece(b) {
                if side_of(b) == 1 {
                    return false;
                }
                continue;
            }
            for d in self.offsets() {
                let s = (sq as isize + d) as u32;
                if self.at(s) != OFF && !seen[s as usize] {
                    seen[s as usize] = true;
                    stack.push(s);
                }
            }
        }
        true
    }

    /// The captures the last [`Position::make`] made (with `undo` its result), as the
    /// squares and the pieces taken (a mercenary is taken by changing sides).
    pub(crate) fn custodial_count(undo: &Undo) -> usize {
        (undo.custodial_end - undo.captured_from) as usize
    }

    pub(crate) fn captures_since(&self, undo: &Undo) -> Vec<(Square, Piece)> {
        self.captured[undo.captured_from as usize..]
            .iter()
            .map(|&(sq, b)| (self.square_of(sq), Kind::from_index(kind_of(b)).piece()))
            .collect()
    }
}
