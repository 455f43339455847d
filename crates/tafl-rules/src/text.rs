//! Checking moves as written (the model's [`MoveText`]) against a position and playing
//! them, and writing the moves played as OTN move records.

use gridnote_board::tafl::{
    Capture, MoveText, MoveType, ParseError, Square, piece_letter, side_name,
};
use gridnote_board::{Piece, Role};

use crate::moves::Move;
use crate::position::{Outcome, Position, Undo};

/// A move that cannot be played here.
///
/// ```
/// use gridnote_tafl_rules::{CompiledRules, IllegalMove, Position};
/// let mut pos = Position::start(&CompiledRules::brandubh());
/// let err = pos.play_text("d1-d2").unwrap_err();
/// assert_eq!(err.to_string(), "d1-d2 is not a legal move for the attackers");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The text is not a move: the model's reader refuses it.
    #[error(transparent)]
    Syntax(#[from] ParseError),
    /// The move is not legal in the position.
    #[error("{mv} is not a legal move for the {side}")]
    NotLegal {
        /// The move.
        mv: Move,
        /// `attackers` or `defenders`, the side to move.
        side: &'static str,
    },
    /// A square of the move is off the board.
    #[error("{mv}: {square} is off the {size}x{size} board")]
    OffBoard {
        /// The move.
        mv: Move,
        /// The square off the board.
        square: Square,
        /// The board's size.
        size: usize,
    },
    /// No piece stands on the move's start square.
    #[error("{mv}: no piece stands on {}", mv.from)]
    EmptyStart {
        /// The move.
        mv: Move,
    },
    /// The piece on the start square is not the side to move's.
    #[error("{mv}: the {to_move} are to move, and the piece on {} is not theirs", mv.from)]
    WrongSide {
        /// The move.
        mv: Move,
        /// `attackers` or `defenders`, the side to move.
        to_move: &'static str,
    },
    /// The move's piece symbol names another piece than the one on its square.
    #[error("{mv}: the text names the piece `{written}`, but `{actual}` stands on {}", mv.from)]
    Piece {
        /// The move.
        mv: Move,
        /// The symbol written.
        written: char,
        /// The piece on the start square.
        actual: char,
    },
    /// The captures written are not those the move makes: some the rules make are
    /// missing from the text, or the text lists some the rules do not make.
    #[error("{mv}: {}", capture_difference(missing, extra))]
    Captures {
        /// The move.
        mv: Move,
        /// The squares the rules capture that the text does not list.
        missing: Vec<Square>,
        /// The squares the text lists that the rules do not capture.
        extra: Vec<Square>,
    },
    /// A move or resignation after a resignation.
    #[error("the {side} resigned: the line cannot go on")]
    AfterResignation {
        /// `attackers` or `defenders`, the side that resigned.
        side: &'static str,
    },
    /// The game is already over: no move may follow.
    #[error("the game is already over ({outcome})")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

/// `missing from the text: e4; listed but not captured: e5`.
fn capture_difference(missing: &[Square], extra: &[Square]) -> String {
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("the rules capture {} (missing from the text)", square_list(missing)));
    }
    if !extra.is_empty() {
        parts
            .push(format!("the text lists {}, which the rules do not capture", square_list(extra)));
    }
    parts.join("; ")
}

/// How a game record writes the captures of its moves.
///
/// ```
/// use gridnote_tafl_rules::{CaptureText, MoveText};
/// let listed: Vec<MoveText> = vec!["d1-d4".parse()?, "e5-e2xd2".parse()?];
/// assert_eq!(CaptureText::of(&listed), CaptureText::Listed);
/// let plain: Vec<MoveText> = vec!["d1-d4".parse()?, "e5-e2".parse()?];
/// assert_eq!(CaptureText::of(&plain), CaptureText::Computed);
/// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CaptureText {
    /// The record lists each move's captures, as OpenTafl's records do: a custodial or
    /// jump capture left out is an error. (OpenTafl leaves shieldwall and Linnaean
    /// captures out of its records, so those may be left out, or listed, all of them.)
    Listed,
    /// The record never lists captures (a plain move list, `a4-a1`): the rules compute
    /// them.
    Computed,
}

impl CaptureText {
    /// How a record whose moves are `moves` writes captures: [`CaptureText::Listed`]
    /// when any of them lists a capture, else [`CaptureText::Computed`]. (A record in
    /// which no move captures anything reads the same either way.)
    ///
    /// ```
    /// use gridnote_tafl_rules::{CaptureText, MoveText};
    /// assert_eq!(CaptureText::of([&"Kd4-c4xb4".parse::<MoveText>()?]), CaptureText::Listed);
    /// assert_eq!(CaptureText::of(&Vec::<MoveText>::new()), CaptureText::Computed);
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    pub fn of<'a>(moves: impl IntoIterator<Item = &'a MoveText>) -> CaptureText {
        let listed = moves.into_iter().any(|m| !m.captures.is_empty());
        if listed { CaptureText::Listed } else { CaptureText::Computed }
    }
}

/// A move played: the move, its captures, its OTN record and the outcome after it.
///
/// ```
/// use gridnote_tafl_rules::{CompiledRules, Outcome, Position};
/// let mut pos = Position::start(&CompiledRules::brandubh());
/// let played = pos.play_text("d2-c2")?;
/// assert!(played.captures.is_empty());
/// assert_eq!(played.outcome, Outcome::Ongoing);
/// assert_eq!(played.record.to_string(), played.text);
/// # Ok::<(), gridnote_tafl_rules::IllegalMove>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// The squares captured and the pieces taken there (a mercenary changes sides).
    pub captures: Vec<(Square, Piece)>,
    /// The OTN move record, as OpenTafl writes it (`Kd4-d7xe7`, `d1^d3`, `e5=e7`).
    pub record: MoveText,
    /// The record's text.
    pub text: String,
    /// The outcome after the move.
    pub outcome: Outcome,
}

fn to_move_name(pos: &Position) -> &'static str {
    side_name(pos.to_move())
}

/// The piece OpenTafl names in a move record: commanders, knights, kings and
/// mercenaries only.
fn written_piece(piece: Piece) -> Option<Piece> {
    matches!(piece.role, Role::Commander | Role::Knight | Role::King | Role::Mercenary)
        .then_some(piece)
}

fn square_list(list: &[Square]) -> String {
    if list.is_empty() {
        return "nothing".into();
    }
    list.iter().map(ToString::to_string).collect::<Vec<_>>().join("/")
}

impl Position {
    /// Plays `m` if it is legal, with what it captured, its OTN record and the outcome.
    ///
    /// # Errors
    /// [`IllegalMove::NotLegal`] when `m` is not a legal move here.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let mut pos = Position::start(&CompiledRules::brandubh());
    /// assert!(pos.play("d1-d2".parse()?).is_err());
    /// assert!(pos.play("d1-b1".parse()?).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<Played, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove::NotLegal { mv: m, side: to_move_name(self) });
        }
        let (_, played) = self.play_legal(m);
        Ok(played)
    }

    fn play_legal(&mut self, m: Move) -> (Undo, Played) {
        let piece = self.piece_at(m.from).expect("a legal move starts on a piece");
        let berserk = self.berserker() == Some(m.from);
        let jump = {
            let (df, dr) = (
                i32::from(m.to.file) - i32::from(m.from.file),
                i32::from(m.to.rank) - i32::from(m.from.rank),
            );
            (df.abs() == 2 && dr == 0 || dr.abs() == 2 && df == 0)
                && self
                    .piece_at(Square::new(
                        ((i32::from(m.from.file) + i32::from(m.to.file)) / 2) as u8,
                        ((i32::from(m.from.rank) + i32::from(m.to.rank)) / 2) as u8,
                    ))
                    .is_some()
        };
        let undo = self.make(m);
        let captures = self.captures_since(&undo);
        let record = MoveText {
            piece: written_piece(piece),
            from: m.from,
            kind: match (jump, berserk) {
                (true, true) => MoveType::BerserkJump,
                (true, false) => MoveType::Jump,
                (false, true) => MoveType::Berserk,
                (false, false) => MoveType::Regular,
            },
            to: m.to,
            captures: captures
                .iter()
                .map(|&(square, piece)| Capture { piece: written_piece(piece), square })
                .collect(),
            info: None,
        };
        let text = record.to_string();
        let outcome = self.outcome();
        (undo, Played { mv: m, captures, record, text, outcome })
    }

    /// The OTN move record of the legal move `m` (`None` when it is not legal): the piece
    /// symbol for commanders, knights, kings and mercenaries, `^` for a jump, `=` for a
    /// berserk continuation, and the captures.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.move_text("d2-c2".parse()?).as_deref(), Some("d2-c2"));
    /// # Ok::<(), gridnote_tafl_rules::board::tafl::ParseError>(())
    /// ```
    #[must_use]
    pub fn move_text(&self, m: Move) -> Option<String> {
        if !self.is_legal(m) {
            return None;
        }
        let mut copy = self.clone();
        Some(copy.play_legal(m).1.text)
    }

    /// Checks a move as written against this position, as shakmaty checks a SAN against
    /// a position: the game must not be over, a piece of the side to move must stand on
    /// the start square, the move must be legal, a piece letter written must be the piece
    /// there (a taflman or guard may carry its letter too), and captures written must be
    /// exactly those the move makes, or (as OpenTafl writes its records) those without
    /// the shieldwall and Linnaean captures; a move without captures is read as the plain
    /// move. Every entry point checks a move so, and refuses it with the first of these
    /// that fails.
    ///
    /// # Errors
    /// [`IllegalMove`] naming what does not hold.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Move, MoveText, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// let written: MoveText = "d2-c2".parse()?;
    /// assert_eq!(pos.check_move(&written)?, "d2-c2".parse::<Move>()?);
    /// assert!(pos.check_move(&"d2-c2xc3".parse()?).is_err());
    /// let err = pos.check_move(&"Kd2-c2".parse()?).unwrap_err();
    /// assert_eq!(err.to_string(), "d2-c2: the text names the piece `K`, but `t` stands on d2");
    /// let err = pos.check_move(&"d4-d5".parse()?).unwrap_err();
    /// assert_eq!(err.to_string(), "d4-d5: the attackers are to move, and the piece on d4 is not theirs");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_move(&self, t: &MoveText) -> Result<Move, IllegalMove> {
        self.checked(t, CaptureText::Computed)
    }

    /// [`Position::check_move`], with captures as `captures` says a record writes them.
    fn checked(&self, t: &MoveText, captures: CaptureText) -> Result<Move, IllegalMove> {
        let outcome = self.outcome();
        if outcome.is_over() {
            return Err(IllegalMove::GameOver { outcome });
        }
        let m = Move::from(t);
        let size = self.dim();
        if let Some(&square) = [m.from, m.to].iter().find(|s| !s.is_on(size)) {
            return Err(IllegalMove::OffBoard { mv: m, square, size });
        }
        match self.piece_at(m.from) {
            None => return Err(IllegalMove::EmptyStart { mv: m }),
            Some(p) if p.player != self.to_move() => {
                return Err(IllegalMove::WrongSide { mv: m, to_move: to_move_name(self) });
            }
            Some(_) if !self.is_legal(m) => {
                return Err(IllegalMove::NotLegal { mv: m, side: to_move_name(self) });
            }
            Some(piece) => self.check_letter(m, t, piece)?,
        }
        if captures == CaptureText::Listed || !t.captures.is_empty() {
            self.check_captures(m, &t.captures)?;
        }
        Ok(m)
    }

    /// Reads a move with the model's reader (OTN move notation `Kd4-d7xe7`, or OTEP's
    /// simple form `d4-d7`) and checks it here ([`Position::check_move`]).
    ///
    /// # Errors
    /// [`IllegalMove::Syntax`] for a text the reader refuses, else as
    /// [`Position::check_move`].
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let pos = Position::start(&CompiledRules::brandubh());
    /// assert!(pos.parse_move("d2-c2").is_ok());
    /// assert!(pos.parse_move("d2-c2xc3").is_err());
    /// assert!(pos.parse_move("d2c2").is_err());
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, IllegalMove> {
        self.check_move(&text.parse()?)
    }

    /// Checks the letter a move names (if any) against the piece on its start square.
    fn check_letter(&self, m: Move, t: &MoveText, piece: Piece) -> Result<(), IllegalMove> {
        match t.piece {
            Some(written) if written != piece => Err(IllegalMove::Piece {
                mv: m,
                written: piece_letter(written),
                actual: piece_letter(piece),
            }),
            _ => Ok(()),
        }
    }

    /// Checks the captures `written` for the legal move `m`: exactly the custodial and
    /// jump captures the move makes, with either none or all of its shieldwall and
    /// Linnaean captures (OpenTafl's records leave those out).
    fn check_captures(&self, m: Move, written: &[Capture]) -> Result<(), IllegalMove> {
        let mut copy = self.clone();
        let undo = copy.make(m);
        let all: Vec<Square> = copy.captures_since(&undo).into_iter().map(|(s, _)| s).collect();
        let custodial = &all[..Position::custodial_count(&undo)];
        let mut written: Vec<Square> = written.iter().map(|c| c.square).collect();
        written.sort_unstable();
        written.dedup();
        // The text is measured against the custodial captures, or against all of them
        // when it lists any of the others.
        let reference: Vec<Square> = if written.iter().all(|s| custodial.contains(s)) {
            custodial.to_vec()
        } else {
            all.clone()
        };
        let missing: Vec<Square> =
            reference.iter().copied().filter(|s| !written.contains(s)).collect();
        let extra: Vec<Square> = written.iter().copied().filter(|s| !all.contains(s)).collect();
        if missing.is_empty() && extra.is_empty() {
            return Ok(());
        }
        Err(IllegalMove::Captures { mv: m, missing, extra })
    }

    /// Plays a move of a game record, checking it against the rules: the game must not
    /// be over, the move must be legal, a piece letter written must be the piece on the
    /// start square, and the captures must be as `captures` says a record writes them
    /// ([`CaptureText`]): with [`CaptureText::Listed`] every custodial and jump capture
    /// must be listed (the shieldwall and Linnaean ones may be left out, as OpenTafl
    /// leaves them out, or listed, all of them) and nothing else; with
    /// [`CaptureText::Computed`] a move that lists no capture is played with the captures
    /// the rules make (one that lists captures is checked as above).
    ///
    /// # Errors
    /// [`IllegalMove`] naming what does not hold; the position is unchanged.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, CaptureText, CompiledRules, IllegalMove, Position};
    /// let rules = CompiledRules::brandubh();
    /// let pos = Position::from_record(&rules, "/7/7/7/Tt1K3/7/7/7/", Player::Two)?;
    /// // d4-c4 captures b4: a record that writes captures must list it.
    /// let err = pos.clone().play_record(&"Kd4-c4".parse()?, CaptureText::Listed).unwrap_err();
    /// assert_eq!(err.to_string(), "d4-c4: the rules capture b4 (missing from the text)");
    /// assert!(matches!(err, IllegalMove::Captures { .. }));
    /// let listed = pos.clone().play_record(&"Kd4-c4xb4".parse()?, CaptureText::Listed)?;
    /// assert_eq!(listed.text, "Kd4-c4xb4");
    /// // A plain move list never writes them: the rules compute them.
    /// let computed = pos.clone().play_record(&"d4-c4".parse()?, CaptureText::Computed)?;
    /// assert_eq!(computed.text, "Kd4-c4xb4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_record(
        &mut self,
        t: &MoveText,
        captures: CaptureText,
    ) -> Result<Played, IllegalMove> {
        let m = self.checked(t, captures)?;
        Ok(self.play_legal(m).1)
    }

    /// Every legal move played from here: what it captures and ends (as [`Played`]) and
    /// the position after it. A finished game has none.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, CompiledRules, Outcome, Position};
    /// let rules = CompiledRules::brandubh();
    /// let pos = Position::from_record(&rules, "/7/7/7/3K3/7/7/6t/", Player::Two)?;
    /// let next = pos.successors();
    /// assert_eq!(next.len(), 12);
    /// let (played, after) = &next[0];
    /// assert_eq!(played.text, "Kd4-c4");
    /// assert_eq!(after.otn(), "/7/7/7/2K4/7/7/6t/");
    /// assert_eq!(played.outcome, Outcome::Ongoing);
    /// # Ok::<(), gridnote_tafl_rules::RulesError>(())
    /// ```
    #[must_use]
    pub fn successors(&self) -> Vec<(Played, Position)> {
        if self.outcome().is_over() {
            return Vec::new();
        }
        self.legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = self.clone();
                let (_, played) = after.play_legal(m);
                (played, after)
            })
            .collect()
    }

    /// Reads a move with [`Position::parse_move`] and plays it.
    ///
    /// # Errors
    /// [`IllegalMove`] as [`Position::parse_move`] gives it; the position is unchanged.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let mut pos = Position::start(&CompiledRules::brandubh());
    /// assert_eq!(pos.play_text("d1-b1")?.text, "d1-b1");
    /// # Ok::<(), gridnote_tafl_rules::IllegalMove>(())
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<Played, IllegalMove> {
        let m = self.parse_move(text)?;
        Ok(self.play_legal(m).1)
    }
}
