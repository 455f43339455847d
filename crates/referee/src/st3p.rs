//! m,n,k games between two engines, each speaking ST3P or Gomocup
//! ([`MnkProtocol`]; the game loop is `crate::mnk`'s, the Gomocup side `crate::gomocup`'s).
//!
//! ST3P, the Simple Tic-Tac-Toe Protocol, as rustep, stepwise and `gridnote st3p` speak
//! it (gridnote-protocol's `st3p` messages): the referee sends `st3p version 1` and
//! expects `st3p version 1 ok`; for each move it sends `move <T3EN> time-remaining ms:N
//! win-length K` (or `time ms:N` under a fixed time per move) and expects `best <cell>`,
//! the cell named by its column letters and its row counted from the TOP (`b1` is the
//! middle of the top row of 3×3); at the end it sends `quit`. Rules: K in a row,
//! diagonals count, normal play, under one of gomoku's rule sets ([`St3pMatch::gomoku`]:
//! freestyle unless set; an ST3P engine is told only K, the referee judges the rest).
//!
//! The record of a game where both engines speak ST3P is plain text: PGN-like tags (`[Start "<T3EN>"]`, `[Result
//! "1-0"]`, …) then the moves in gridnote's cell names (rank 1 at the BOTTOM). When an
//! engine speaks Gomocup, the record is Piskvork's `.psq` (`crate::gomocup`).

use std::fmt::Write as _;
use std::num::NonZeroU8;
use std::time::{Duration, Instant};

use gridnote_board::{Gomoku, Outcome, Player, Position, Rules};
use gridnote_protocol::st3p::{Cell, Clock as St3pClock, Command, MoveRequest, Reply, T3en};

use crate::clock::{Clock, TimeControl};
use std::sync::Arc;

use crate::process::{Launch, Link, Processes};
use crate::stats::GameScore;
use crate::tournament::{Ending, Engine, Forfeit, millis};

/// How long an engine may take to start and answer the handshake.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// The protocol an engine of an m,n,k match speaks.
///
/// ```
/// use gridnote_referee::st3p::MnkProtocol;
/// assert_eq!("gomocup".parse(), Ok(MnkProtocol::Gomocup));
/// assert_eq!(MnkProtocol::St3p.to_string(), "st3p");
/// assert!("otep".parse::<MnkProtocol>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MnkProtocol {
    /// ST3P (rustep, stepwise, `gridnote st3p`).
    #[default]
    St3p,
    /// Gomocup, Piskvork's brain protocol (Rapfi, Embryo, `gridnote gomocup`).
    Gomocup,
}

impl core::fmt::Display for MnkProtocol {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            MnkProtocol::St3p => "st3p",
            MnkProtocol::Gomocup => "gomocup",
        })
    }
}

/// A name that is no m,n,k protocol.
///
/// ```
/// let err = "otep".parse::<gridnote_referee::st3p::MnkProtocol>().unwrap_err();
/// assert_eq!(err.to_string(), "`otep` is no protocol of m,n,k games: expected st3p or gomocup");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is no protocol of m,n,k games: expected st3p or gomocup")]
#[non_exhaustive]
pub struct MnkProtocolError {
    /// The text given.
    pub text: String,
}

impl core::str::FromStr for MnkProtocol {
    type Err = MnkProtocolError;

    fn from_str(text: &str) -> Result<MnkProtocol, MnkProtocolError> {
        match text {
            "st3p" => Ok(MnkProtocol::St3p),
            "gomocup" => Ok(MnkProtocol::Gomocup),
            _ => Err(MnkProtocolError { text: text.to_owned() }),
        }
    }
}

/// A match of m,n,k games between two engines, each speaking ST3P or Gomocup
/// ([`St3pMatch::protocols`]; ST3P for both unless set).
///
/// ```no_run
/// use std::time::Duration;
/// use gridnote_referee::st3p::St3pMatch;
/// use std::ops::ControlFlow;
/// use gridnote_referee::tournament::play_match;
/// use gridnote_protocol::st3p::T3en;
/// let start = "3_/3_/3_ x".parse::<T3en>()?.into_position();
/// let contest = St3pMatch::new(["gridnote st3p".into(), "gridnote st3p".into()], vec![start], 3, "st=0.1".parse()?);
/// let summary = play_match(&contest, 10, 2, |_| ControlFlow::Continue(()));
/// assert_eq!(summary.draws, 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct St3pMatch {
    /// The command lines of engines A and B.
    pub engines: [String; 2],
    /// The openings, each played twice (colours swapped); never empty. With `random`,
    /// the first is where the random openings start.
    pub openings: Vec<Position>,
    /// Random openings, made as their games start (default none).
    pub random: Option<RandomOpenings>,
    /// K in a row wins (diagonals count, normal play).
    pub in_a_row: usize,
    /// Gomoku's rule set the games are played by (default freestyle: K or more in a row
    /// wins); exactly K, renju and caro are judged by gridnote-board's [`Rules`].
    pub gomoku: Gomoku,
    /// The protocol of engine A and of engine B (default ST3P for both).
    pub protocols: [MnkProtocol; 2],
    /// The time control.
    pub time: TimeControl,
    /// Lateness forgiven on each move, for process scheduling (default 20 ms).
    pub margin: Duration,
    /// How long an engine may take to start and answer the handshake (default
    /// [`HANDSHAKE_TIME`]).
    pub handshake_time: Duration,
    /// The most memory, in bytes, a Gomocup engine may take, sent as `INFO max_memory`
    /// (default 0: no limit). ST3P has no way to say it.
    pub max_memory: u64,
    /// How the engines are started (default: as child processes, [`Processes`]).
    pub launcher: Arc<dyn Launch>,
}

impl St3pMatch {
    /// A match; `openings` must hold at least one position (an empty list plays the
    /// empty 3×3 board).
    #[must_use]
    pub fn new(
        engines: [String; 2],
        openings: Vec<Position>,
        in_a_row: usize,
        time: TimeControl,
    ) -> St3pMatch {
        let openings = if openings.is_empty() {
            vec![Position::new(gridnote_board::Board::new(3, 3).expect("3x3 fits"), Player::One)]
        } else {
            openings
        };
        St3pMatch {
            engines,
            openings,
            random: None,
            in_a_row,
            gomoku: Gomoku::Freestyle,
            protocols: [MnkProtocol::St3p; 2],
            time,
            margin: Duration::from_millis(20),
            handshake_time: HANDSHAKE_TIME,
            max_memory: 0,
            launcher: Arc::new(Processes),
        }
    }

    /// The rules the games are played by.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        Rules::new(self.in_a_row, true, false).with_gomoku(self.gomoku)
    }

    /// Checks that every engine can be told the rules: Gomocup has rule codes for five in
    /// a row only (with diagonals, normal play).
    ///
    /// ```
    /// use gridnote_referee::st3p::{MnkProtocol, St3pMatch};
    /// let mut contest = St3pMatch::new(["a".into(), "b".into()], Vec::new(), 3, "st=1".parse()?);
    /// assert!(contest.check().is_ok());
    /// contest.protocols[1] = MnkProtocol::Gomocup;
    /// assert_eq!(contest.check().unwrap_err().to_string(), "Gomocup has no rule code for `tic-tac-toe`: its games are five in a row with diagonals, normal play");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The rules Gomocup cannot name, when an engine speaks Gomocup.
    pub fn check(&self) -> Result<(), gridnote_protocol::gomocup::RulesError> {
        if self.any_gomocup() {
            gridnote_protocol::gomocup::RuleCode::try_from(self.rules())?;
        }
        Ok(())
    }

    /// Whether an engine speaks Gomocup (the records are then `.psq`).
    fn any_gomocup(&self) -> bool {
        self.protocols.contains(&MnkProtocol::Gomocup)
    }
}

/// The side (x or o) as records write it.
pub(crate) const fn letter(player: Player) -> char {
    match player {
        Player::One => 'x',
        Player::Two => 'o',
    }
}

/// T3EN of a position (boards that are not square are padded by T3EN's own rule only in
/// the converter; the referee plays square boards, so a failure here is reported).
fn t3en(position: &Position) -> String {
    match T3en::new(position.clone()) {
        Ok(t3en) => t3en.to_string(),
        Err(err) => format!("(no T3EN: {err})"),
    }
}

/// The (row, col) of `position`'s board an ST3P cell names (rows counted from the top).
fn st3p_cell(position: &Position, cell: Cell) -> Result<(usize, usize), String> {
    let board = &position.board;
    let (row, col) = (usize::from(cell.row), usize::from(cell.col));
    if row >= board.rows() || col >= board.cols() {
        return Err(format!("cell {cell} is off the {}x{} board", board.rows(), board.cols()));
    }
    Ok((row, col))
}

/// A move played in a game: where, and how long it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    pub(crate) row: usize,
    pub(crate) col: usize,
    pub(crate) millis: u64,
}

/// One game in progress.
pub(crate) struct Play<'m> {
    pub(crate) contest: &'m St3pMatch,
    /// The engines, by [`Engine::index`].
    pub(crate) processes: [Option<Box<dyn Link>>; 2],
    pub(crate) clocks: [Clock; 2],
    /// The opening the game started from.
    pub(crate) opening: &'m Position,
    pub(crate) position: Position,
    /// The moves made since the opening.
    pub(crate) played: Vec<Played>,
    /// For a Gomocup engine: how many of `played` it has been told of or made (none
    /// before its first request).
    pub(crate) known: [Option<usize>; 2],
    /// When each engine last answered a move request.
    pub(crate) answered: [Option<Instant>; 2],
}

impl Play<'_> {
    /// Starts an ST3P engine and does the handshake.
    pub(crate) fn start_st3p(contest: &St3pMatch, command: &str) -> Result<Box<dyn Link>, Forfeit> {
        let time = contest.handshake_time;
        let what = "`st3p version 1 ok` to `st3p version 1`";
        let failed = |f| Forfeit::handshake(f, what, time);
        let mut process = contest.launcher.launch(command).map_err(failed)?;
        let handshake = Command::Handshake { version: 1 };
        process.send(&handshake.to_string()).map_err(failed)?;
        match process.receive(Instant::now() + time) {
            Ok(line) if line.parse() == Ok(Reply::HandshakeOk { version: 1 }) => Ok(process),
            Ok(line) => Err(Forfeit::Malformed(format!(
                "`{line}` to `st3p version 1` (expected `st3p version 1 ok`)"
            ))),
            Err(failure) => Err(failed(failure)),
        }
    }

    /// Sends `lines` to `engine` and waits for its reply by its clock, reading past the
    /// lines `skip` accepts (progress reports); charges the clock and returns the reply
    /// and the time it took from the request.
    pub(crate) fn exchange(
        &mut self,
        engine: Engine,
        lines: &[String],
        skip: impl Fn(&str) -> bool,
    ) -> Result<(String, Duration), Forfeit> {
        let clock = &mut self.clocks[engine.index()];
        let available = clock.available();
        let process = self.processes[engine.index()].as_mut().expect("started");
        let sent = Instant::now();
        let deadline = sent + available + self.contest.margin;
        let failed = |f| Forfeit::answering(f, sent, available);
        for line in lines {
            process.send(line).map_err(failed)?;
        }
        let reply = loop {
            let line = process.receive(deadline).map_err(failed)?;
            if !skip(&line) {
                break line;
            }
        };
        let used = sent.elapsed();
        self.answered[engine.index()] = Some(Instant::now());
        if !clock.spend(used.saturating_sub(self.contest.margin)) {
            return Err(Forfeit::Time { used_ms: millis(used), available_ms: millis(available) });
        }
        Ok((reply, used))
    }

    /// Plays the move an engine answered (`reply`, naming (row, col) as `shown`).
    pub(crate) fn place(
        &mut self,
        reply: &str,
        (row, col): (usize, usize),
        shown: &str,
        used: Duration,
    ) -> Result<(), Forfeit> {
        let rules = self.contest.rules();
        let cell = self.position.board.cell_name(row, col).to_string();
        self.position.play_in_place(row, col, rules).map_err(|err| Forfeit::IllegalMove {
            reply: reply.to_owned(),
            reason: format!("{shown} (gridnote's {cell}): {err}"),
        })?;
        self.played.push(Played { row, col, millis: millis(used) });
        Ok(())
    }

    /// Asks the ST3P `engine` for a move and plays it.
    pub(crate) fn turn_st3p(&mut self, engine: Engine) -> Result<(), Forfeit> {
        let clock = &self.clocks[engine.index()];
        let available = clock.available();
        let time = match clock.control() {
            TimeControl::PerMove(_) => St3pClock::PerMove { millis: millis(available) },
            _ => St3pClock::Remaining { millis: millis(available) },
        };
        // Not reached: the opening was checked to be T3EN, and moves keep the board.
        let position = T3en::new(self.position.clone())
            .map_err(|err| Forfeit::Crash(format!("the position is not T3EN: {err}")))?;
        let win_length = u8::try_from(self.contest.in_a_row).ok().and_then(NonZeroU8::new);
        let request = MoveRequest::new(position).with_clock(time).with_win_length(win_length);
        // `info …` lines (rustep's principal variations, as UCI engines send them) are
        // skipped; the move must still come by the deadline.
        let (reply, used) =
            self.exchange(engine, &[Command::Move(request).to_string()], |line| {
                matches!(line.parse::<Reply>(), Ok(Reply::Info(_)))
            })?;
        let Ok(Reply::Best(name)) = reply.parse::<Reply>() else {
            return Err(Forfeit::Malformed(format!("`{reply}` (expected `best <cell>`)")));
        };
        let at = st3p_cell(&self.position, name)
            .map_err(|reason| Forfeit::IllegalMove { reply: reply.clone(), reason })?;
        self.place(&reply, at, &name.to_string(), used)
    }
}

/// The text of a game record.
pub(crate) fn record(
    contest: &St3pMatch,
    number: usize,
    play: &Play<'_>,
    engine_of: impl Fn(Player) -> Engine,
    score: GameScore,
    ending: &Ending,
) -> String {
    let opening = play.opening;
    let x = engine_of(Player::One);
    let o = engine_of(Player::Two);
    let result = match (score, x) {
        (GameScore::Draw, _) => "1/2-1/2",
        (GameScore::AWins, Engine::A) | (GameScore::BWins, Engine::B) => "1-0",
        _ => "0-1",
    };
    let board = &opening.board;
    let mut text = String::new();
    let _ = writeln!(text, "[Event \"gridnote match\"]");
    let _ = writeln!(text, "[Game \"{number}\"]");
    let _ = writeln!(text, "[X \"{}\"]", escape(&contest.engines[x.index()]));
    let _ = writeln!(text, "[O \"{}\"]", escape(&contest.engines[o.index()]));
    let _ = writeln!(text, "[XEngine \"{x}\"]");
    let _ = writeln!(text, "[OEngine \"{o}\"]");
    let gomoku = match contest.gomoku {
        Gomoku::Freestyle => String::new(),
        other => format!(" {}", Rules::GOMOKU.with_gomoku(other)),
    };
    let _ = writeln!(
        text,
        "[Rules \"{}x{} k={} diagonals{gomoku}\"]",
        board.rows(),
        board.cols(),
        contest.in_a_row
    );
    let _ = writeln!(text, "[TimeControl \"{}\"]", contest.time);
    let _ = writeln!(text, "[Start \"{}\"]", t3en(opening));
    let _ = writeln!(text, "[Result \"{result}\"]");
    let _ = writeln!(text, "[Termination \"{}\"]", escape(&ending.to_string()));
    let _ = writeln!(text, "[Final \"{}\"]", t3en(&play.position));
    text.push('\n');
    let mut side = opening.to_move;
    let mut turn = 1;
    let count = play.played.len();
    for (i, m) in play.played.iter().enumerate() {
        let cell = board.cell_name(m.row, m.col);
        match (side, i) {
            (Player::One, _) => {
                let _ = write!(text, "{turn}. {cell}");
            }
            (Player::Two, 0) => {
                let _ = write!(text, "{turn}... {cell}");
            }
            (Player::Two, _) => {
                let _ = write!(text, " {cell}");
            }
        }
        if side == Player::Two {
            turn += 1;
            text.push(if i + 1 == count { '\n' } else { ' ' });
        }
        side = side.other();
    }
    if side == Player::Two && count > 0 {
        text.push('\n');
    }
    let _ = writeln!(text, "{result}");
    text
}

/// A tag value with `"` and `\` escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The board of an m,n,k match, written `MxNkK` (`15x15k5`: 15 rows, 15 columns, five in
/// a row). ST3P positions are T3EN, which is square: a rectangle is played on a square
/// board of side max(M, N) whose extra bottom rows or right columns are void (`.`).
///
/// ```
/// use gridnote_referee::st3p::BoardSpec;
/// let spec: BoardSpec = "3x4k3".parse()?;
/// assert_eq!((spec.rows, spec.cols, spec.in_a_row), (3, 4, 3));
/// assert_eq!(spec.to_string(), "3x4k3");
/// assert_eq!(spec.start().board.rows(), 4);
/// assert!("3x3k4".parse::<BoardSpec>().is_err());
/// # Ok::<(), gridnote_referee::st3p::BoardSpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct BoardSpec {
    /// Playable rows.
    pub rows: usize,
    /// Playable columns.
    pub cols: usize,
    /// K in a row wins.
    pub in_a_row: usize,
}

/// A board that cannot be read as `MxNkK`.
///
/// ```
/// let err = "15x15".parse::<gridnote_referee::st3p::BoardSpec>().unwrap_err();
/// assert_eq!(err.to_string(), "`15x15` is not a board: expected MxNkK with sides 1 to 255 and K from 1 to the longer side, like 15x15k5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a board: expected MxNkK with sides 1 to 255 and K from 1 to the longer side, like 15x15k5"
)]
#[non_exhaustive]
pub struct BoardSpecError {
    /// The text given.
    pub text: String,
}

impl core::str::FromStr for BoardSpec {
    type Err = BoardSpecError;

    fn from_str(text: &str) -> Result<BoardSpec, BoardSpecError> {
        let err = || BoardSpecError { text: text.to_owned() };
        let number = |t: &str| -> Option<usize> {
            if t.is_empty()
                || t.len() > 3
                || t.starts_with('0')
                || !t.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            t.parse().ok()
        };
        let (rows, rest) = text.split_once('x').ok_or_else(err)?;
        let (cols, k) = rest.split_once('k').ok_or_else(err)?;
        let (rows, cols, in_a_row) = (
            number(rows).ok_or_else(err)?,
            number(cols).ok_or_else(err)?,
            number(k).ok_or_else(err)?,
        );
        if rows > gridnote_board::MAX_SIDE
            || cols > gridnote_board::MAX_SIDE
            || in_a_row > rows.max(cols)
        {
            return Err(err());
        }
        Ok(BoardSpec { rows, cols, in_a_row })
    }
}

impl core::fmt::Display for BoardSpec {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}x{}k{}", self.rows, self.cols, self.in_a_row)
    }
}

impl BoardSpec {
    /// The empty board, x to move (square; void cells pad a rectangle).
    #[must_use]
    pub fn start(&self) -> Position {
        let side = self.rows.max(self.cols);
        let board = gridnote_board::Board::from_fn(side, side, |row, col| {
            if row < self.rows && col < self.cols {
                gridnote_board::Cell::Empty
            } else {
                gridnote_board::Cell::Void
            }
        })
        .expect("sides checked by FromStr");
        Position::new(board, Player::One)
    }
}

/// Reads openings, one T3EN position per line; a byte-order mark at the start, blank
/// lines and lines starting with `#` are skipped. Each opening must leave the game open
/// under K in a row.
///
/// ```
/// use gridnote_referee::st3p::read_openings;
/// let openings = read_openings("\u{feff}# two openings\n3_/_x_/3_ o\n\nx2_/3_/3_ o\n", 3)?;
/// assert_eq!(openings.len(), 2);
/// let err = read_openings("3_/3_/3_ x\n3_/3_ x\n", 3).unwrap_err();
/// assert!(err.to_string().starts_with("openings line 2: "), "{err}");
/// let err = read_openings("xxx/oo_/3_ o\n", 3).unwrap_err();
/// assert_eq!(err.to_string(), "openings line 1: the game is over in this position");
/// # Ok::<(), gridnote_referee::st3p::OpeningsError>(())
/// ```
///
/// # Errors
/// The first line that is not T3EN or holds a finished game, with its number and the
/// reader's message.
pub fn read_openings(text: &str, in_a_row: usize) -> Result<Vec<Position>, OpeningsError> {
    let rules = Rules::new(in_a_row, true, false);
    crate::openings::read_lines(text, |line| {
        let position =
            line.parse::<T3en>().map(T3en::into_position).map_err(|err| err.to_string())?;
        if position.outcome(rules) != Outcome::InProgress {
            return Err("the game is over in this position".to_owned());
        }
        Ok(position)
    })
}

pub use crate::openings::{OpeningsError, RandomOpenings};

/// Random opening number `index` (from 0) of `random` from `start`: a game still in
/// progress after `random.plies` random plies, or `None` when none is found (a board
/// too small for that many plies). The same seed and index give the same opening.
///
/// ```
/// use gridnote_board::{Board, Player, Position};
/// use gridnote_referee::st3p::{RandomOpenings, random_opening};
/// let start = Position::new(Board::new(3, 3)?, Player::One);
/// let opening = random_opening(&start, 3, RandomOpenings::new(2, 7), 0).unwrap();
/// assert_eq!(opening.board.counts().occupied(), 2);
/// assert_eq!(Some(opening), random_opening(&start, 3, RandomOpenings::new(2, 7), 0));
/// assert_eq!(random_opening(&start, 3, RandomOpenings::new(10, 7), 0), None);
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
#[must_use]
pub fn random_opening(
    start: &Position,
    in_a_row: usize,
    random: RandomOpenings,
    index: usize,
) -> Option<Position> {
    opening_by(start, Rules::new(in_a_row, true, false), random, index)
}

/// [`random_opening`] under any m,n,k rules (a renju opening has no forbidden point of
/// black's).
pub(crate) fn opening_by(
    start: &Position,
    rules: Rules,
    random: RandomOpenings,
    index: usize,
) -> Option<Position> {
    (0..crate::openings::ATTEMPTS).find_map(|attempt| {
        let mut rng = crate::openings::generator(random.seed, index, attempt);
        let mut position = start.clone();
        for _ in 0..random.plies {
            let moves = position.moves(rules);
            if moves.is_empty() {
                return None;
            }
            let (row, col) = moves[rng.below(moves.len())];
            position.play_in_place(row, col, rules).ok()?;
        }
        (position.outcome(rules) == Outcome::InProgress).then_some(position)
    })
}

/// The first `count` random openings of `plies` plies from `start` ([`random_opening`]
/// 0, 1, …), those that can be found.
///
/// ```
/// use gridnote_board::{Board, Player, Position};
/// use gridnote_referee::st3p::random_openings;
/// let start = Position::new(Board::new(3, 3)?, Player::One);
/// let openings = random_openings(&start, 3, 2, 4, 7);
/// assert_eq!(openings.len(), 4);
/// assert!(openings.iter().all(|p| p.board.counts().occupied() == 2));
/// assert_eq!(openings, random_openings(&start, 3, 2, 4, 7));
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
#[must_use]
pub fn random_openings(
    start: &Position,
    in_a_row: usize,
    plies: usize,
    count: usize,
    seed: u64,
) -> Vec<Position> {
    let random = RandomOpenings::new(plies, seed);
    (0..count).filter_map(|i| random_opening(start, in_a_row, random, i)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Position {
        text.parse::<T3en>().expect("valid T3EN").into_position()
    }

    #[test]
    fn st3p_names_count_rows_from_the_top() {
        let p = position("3_/3_/3_ x");
        let cell = |name: &str| st3p_cell(&p, name.parse().expect("a cell"));
        assert_eq!(cell("b1"), Ok((0, 1)));
        assert_eq!(cell("a3"), Ok((2, 0)));
        assert_eq!(cell("d1"), Err("cell d1 is off the 3x3 board".to_owned()));
    }

    #[test]
    fn random_openings_are_in_progress_and_reproducible() {
        let start = position("4_/4_/4_/4_ x");
        let a = random_openings(&start, 3, 4, 10, 42);
        assert_eq!(a.len(), 10);
        assert_eq!(a, random_openings(&start, 3, 4, 10, 42));
        assert_ne!(a, random_openings(&start, 3, 4, 10, 43));
        let rules = Rules::new(3, true, false);
        assert!(
            a.iter().all(|p| p.outcome(rules) == Outcome::InProgress && p.to_move == Player::One)
        );
    }
}
