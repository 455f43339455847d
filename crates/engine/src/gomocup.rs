//! gridnote's gomoku engine speaking Gomocup (gridnote-protocol's
//! [`gomocup`](gridnote_protocol::gomocup) messages), Piskvork's brain protocol, as
//! Piskvork, the Gomocup manager and Yixin Board drive a brain.
//!
//! ```text
//! > START 15                    < OK
//! > INFO timeout_turn 1000
//! > INFO rule 0
//! > BEGIN                       < MESSAGE depth 1 sel 1 nodes 0 …
//!                               < 7,7
//! > TURN 8,8                    < MESSAGE depth 9 sel 17 nodes 402817 …
//!                               < 6,6
//! > END
//! ```
//!
//! The engine plays five in a row under the rule set of `INFO rule` (freestyle, exactly
//! five, renju, caro: [`RuleCode`](gridnote_protocol::gomocup::RuleCode)) with gridnote-solve's engine, never an occupied
//! point and never, playing black under renju, a forbidden one. It answers within
//! `timeout_turn` and its share of `time_left` (less a margin), keeps its tables within
//! `max_memory`, and reads commands while it thinks: `END` ends it at once, `STOP` (or
//! Yixin Board's `YXSTOP`) has the move found so far sent at once; anything else waits for
//! the move. A command it does not know gets `UNKNOWN …`, a line it cannot read or act on
//! `ERROR …`, and it keeps serving. docs/engine.md says how each ambiguous place of the
//! protocol is read.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use gridnote_board::{Board, Cell, Gomoku, MAX_SIDE, Player, Position, Rules};
use gridnote_protocol::gomocup::{About, Command, Field, Info, ParseError, Point, Reply};
use gridnote_protocol::text::Escaped;
use gridnote_solve::{DEFAULT_TABLE_BYTES, Limits, SolveError, Solver, Thought, ThoughtKind};

use crate::driver::{self, Ctx, Flow, MAX_LINE, ServeError, Session};

/// The longest a move is thought about, whatever the clock says (an `Instant` cannot
/// reach centuries).
const DAY: Duration = Duration::from_secs(86_400);

/// The memory of `max_memory` kept back for everything but the tables: the program, its
/// stacks, the board copies and the protocol's buffers.
const RESERVE: u64 = 24 << 20;

/// The smallest table the engine makes, whatever `max_memory` says.
const MIN_TABLE: usize = 64 << 10;

/// How the engine plays when the manager has not said.
///
/// ```
/// use std::time::Duration;
/// let options = gridnote_engine::gomocup::Options::default().with_table_bytes(1 << 20);
/// assert_eq!(options.table_bytes, 1 << 20);
/// assert_eq!(options.turn_time, Duration::from_secs(5));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The most memory the transposition table may take (less when `max_memory` asks
    /// for less).
    pub table_bytes: usize,
    /// The time for a move when no `timeout_turn` was given.
    pub turn_time: Duration,
    /// The longest a move may be thought about, whatever the clock says (default a day).
    pub max_think: Duration,
}

impl Default for Options {
    /// [`DEFAULT_TABLE_BYTES`] and five seconds a move until `INFO timeout_turn`.
    fn default() -> Options {
        Options {
            table_bytes: DEFAULT_TABLE_BYTES,
            turn_time: Duration::from_secs(5),
            max_think: DAY,
        }
    }
}

impl Options {
    /// These options with a table of at most `bytes`.
    #[must_use]
    pub fn with_table_bytes(self, bytes: usize) -> Options {
        Options { table_bytes: bytes, ..self }
    }

    /// These options with `time` a move until `INFO timeout_turn` says otherwise.
    #[must_use]
    pub fn with_turn_time(self, time: Duration) -> Options {
        Options { turn_time: time, ..self }
    }

    /// These options, never thinking longer than `time` about a move (a day at most).
    #[must_use]
    pub fn with_max_think(self, time: Duration) -> Options {
        Options { max_think: time.min(DAY), ..self }
    }
}

/// Serves Gomocup: commands from `input`, replies to `output`, until `END` or the end of
/// the input (a move under way is answered first).
///
/// ```
/// use gridnote_engine::gomocup::{Options, serve};
/// let input = "START 15\nINFO timeout_turn 200\nBEGIN\nDANCE\nTURN 99,0\nEND\n";
/// let mut out = Vec::new();
/// serve(input.as_bytes(), &mut out, &Options::default().with_table_bytes(1 << 20))?;
/// let out = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("MESSAGE")).collect();
/// assert_eq!(lines, [
///     "OK",
///     "7,7",
///     "UNKNOWN unknown command `DANCE`",
///     "ERROR 99,0 is off the 15x15 board: `TURN 99,0`",
/// ]);
/// # Ok::<(), gridnote_engine::ServeError>(())
/// ```
///
/// # Errors
/// [`ServeError::Read`] when the input cannot be read, [`ServeError::Write`] when a reply
/// cannot be written, [`ServeError::Engine`] when the search failed.
pub fn serve<R, W>(input: R, output: W, options: &Options) -> Result<(), ServeError>
where
    R: BufRead + Send,
    W: Write,
{
    let stop = Arc::new(AtomicBool::new(false));
    let mut session = Gomocup {
        output,
        options: options.clone(),
        game: None,
        block: None,
        rules: Rules::GOMOKU,
        timeout_turn: None,
        timeout_match: 0,
        time_left: None,
        max_memory: 0,
        thinking: None,
    };
    let mut worker = Worker { solver: None, stop: Arc::clone(&stop) };
    driver::run(input, &mut session, &stop, move |job: Job| worker.think(&job))
}

/// A move to think about.
struct Job {
    position: Position,
    rules: Rules,
    deadline: Instant,
    table_bytes: usize,
}

/// What the worker answers: the move, or why there is none, and the time taken.
struct Done {
    thought: Result<Thought, SolveError>,
    took: Duration,
}

/// The worker's side: the solver, made again when the table's size or the board's
/// shape changes (so that one table at a time is held).
struct Worker {
    solver: Option<(Solver, (usize, usize))>,
    stop: Arc<AtomicBool>,
}

impl Worker {
    fn think(&mut self, job: &Job) -> Done {
        let start = Instant::now();
        let shape = (job.position.board.rows(), job.position.board.cols());
        let fits = self.solver.as_ref().is_some_and(|(solver, made)| {
            solver.table_bytes() == job.table_bytes && *made == shape
        });
        if !fits {
            // The old tables go before the new ones are made.
            self.solver = None;
        }
        let (solver, _) = self.solver.get_or_insert_with(|| {
            let mut solver = Solver::with_table_bytes(job.table_bytes);
            solver.stop_when(Arc::clone(&self.stop));
            (solver, shape)
        });
        let limits = Limits::by(job.deadline).with_stop(Arc::clone(&self.stop));
        let thought = solver.think_with(&job.position, job.rules, &limits);
        Done { thought, took: start.elapsed() }
    }
}

/// What stands on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stone {
    Empty,
    Own,
    Opponent,
    /// A stone of a continuous game's finished line: no one's, and no one plays there.
    Dead,
}

/// The game being played: the board's size and its stones.
#[derive(Clone, Debug)]
struct Game {
    width: usize,
    height: usize,
    stones: Vec<Stone>,
}

impl Game {
    fn new(width: usize, height: usize) -> Game {
        Game { width, height, stones: vec![Stone::Empty; width * height] }
    }

    /// The index of `point`, or why it cannot take a stone.
    fn index(&self, point: Point) -> Result<usize, String> {
        let (x, y) = (point.x as usize, point.y as usize);
        if x >= self.width || y >= self.height {
            return Err(format!("{point} is off the {}x{} board", self.width, self.height));
        }
        Ok(y * self.width + x)
    }

    /// Puts `stone` on the empty point `point`.
    fn place(&mut self, point: Point, stone: Stone) -> Result<(), String> {
        let at = self.index(point)?;
        if self.stones[at] != Stone::Empty {
            return Err(format!("{point} is taken"));
        }
        self.stones[at] = stone;
        Ok(())
    }

    /// The side the brain plays: black ([`Player::One`], who moves first) unless the
    /// opponent has more stones.
    fn me(&self) -> Player {
        let count = |s: Stone| self.stones.iter().filter(|&&t| t == s).count();
        if count(Stone::Own) < count(Stone::Opponent) { Player::Two } else { Player::One }
    }

    /// The position with the brain to move.
    fn position(&self) -> Position {
        let me = self.me();
        let cells = self.stones.iter().map(|stone| match stone {
            Stone::Empty => Cell::Empty,
            Stone::Own => Cell::man(me),
            Stone::Opponent => Cell::man(me.other()),
            Stone::Dead => Cell::Void,
        });
        let board = Board::from_cells(self.height, self.width, cells.collect::<Vec<_>>())
            .unwrap_or_else(|_| unreachable!("sides checked at START"));
        Position::new(board, me)
    }

    /// Takes back the stone at `point`.
    fn take_back(&mut self, point: Point) -> Result<(), String> {
        let at = self.index(point)?;
        if self.stones[at] == Stone::Empty {
            return Err(format!("{point} is empty"));
        }
        self.stones[at] = Stone::Empty;
        Ok(())
    }

    /// Plays the brain's stone at `point`, where the manager says (`PLAY`).
    fn play(&mut self, point: Point, rules: Rules) -> Result<(), String> {
        let at = self.index(point)?;
        if !self.playable(&self.position(), rules, at) {
            return Err(format!("{point} cannot be played"));
        }
        self.stones[at] = Stone::Own;
        Ok(())
    }

    /// Whether the brain may play at `at` (row-major index) under `rules`.
    fn playable(&self, position: &Position, rules: Rules, at: usize) -> bool {
        let (row, col) = (at / self.width, at % self.width);
        self.stones[at] == Stone::Empty
            && !(rules.gomoku == Gomoku::Renju
                && position.to_move == Player::One
                && position.board.forbidden(row, col, rules).is_some())
    }
}

/// The session: the game, the settings, and the stream.
struct Gomocup<W> {
    output: W,
    options: Options,
    game: Option<Game>,
    /// The stones of a `BOARD` block being read.
    block: Option<Game>,
    rules: Rules,
    timeout_turn: Option<u64>,
    timeout_match: u64,
    time_left: Option<i64>,
    max_memory: u64,
    /// The position being thought about.
    thinking: Option<Position>,
}

impl<W: Write> Gomocup<W> {
    fn reply(&mut self, reply: &Reply) -> io::Result<()> {
        writeln!(self.output, "{reply}")?;
        self.output.flush()
    }

    fn error(&mut self, message: &dyn std::fmt::Display, line: &str) -> io::Result<()> {
        self.reply(&Reply::Error(format!("{message}: `{}`", Escaped(line))))
    }

    /// The table's size: the option's, less when `max_memory` asks for less (the
    /// engine's victory-by-threats proofs take up to about 3.6 times the table beside it).
    fn table_bytes(&self) -> usize {
        if self.max_memory == 0 {
            return self.options.table_bytes;
        }
        let share = self.max_memory.saturating_sub(RESERVE) / 5;
        usize::try_from(share)
            .unwrap_or(usize::MAX)
            .clamp(MIN_TABLE, self.options.table_bytes.max(MIN_TABLE))
    }

    /// The time for the next move, less a margin for the reply: `timeout_turn` (or the
    /// option's), and no more than a share of the match's time left.
    fn budget(&self, empty: usize) -> Duration {
        let turn = self.timeout_turn.map_or(self.options.turn_time, Duration::from_millis);
        let left = match (self.time_left, self.timeout_match) {
            (Some(left), _) => Some(u64::try_from(left).unwrap_or(0)),
            (None, 0) => None,
            (None, all) => Some(all),
        };
        let time = match left {
            // The moves still to make: about one in six of the empty points, 8 to 30.
            Some(left) => turn.min(Duration::from_millis(left) / (empty / 6).clamp(8, 30) as u32),
            None => turn,
        };
        let margin = (time / 8).clamp(Duration::from_millis(30), Duration::from_millis(250));
        time.saturating_sub(margin).min(self.options.max_think)
    }

    /// Starts thinking about the brain's move in the game.
    fn think(&mut self, read: Instant, ctx: &mut Ctx<'_, Job, Done>) {
        let Some(game) = &self.game else { return };
        let position = game.position();
        let empty = game.stones.iter().filter(|&&s| s == Stone::Empty).count();
        let deadline = read + self.budget(empty);
        let job = Job {
            position: position.clone(),
            rules: self.rules,
            deadline,
            table_bytes: self.table_bytes(),
        };
        self.thinking = Some(position);
        ctx.start(job);
    }

    /// The answer to a command that needs a game when there is none.
    fn no_game(&mut self, line: &str) -> io::Result<Flow> {
        self.error(&"no game: START comes first", line)?;
        Ok(Flow::Continue)
    }

    /// `START` and `RECTSTART`.
    fn start(&mut self, width: u32, height: u32, line: &str) -> io::Result<()> {
        let side = |n: u32| (1..=MAX_SIDE).contains(&(n as usize));
        if !side(width) || !side(height) {
            let message = format!("unsupported size {width}x{height}: sides 1 to {MAX_SIDE}");
            return self.error(&message, line);
        }
        self.game = Some(Game::new(width as usize, height as usize));
        self.block = None;
        self.reply(&Reply::Ok)
    }

    /// A command read while no move is thought about (and no `BOARD` block read).
    fn act(
        &mut self,
        command: Command,
        line: &str,
        read: Instant,
        ctx: &mut Ctx<'_, Job, Done>,
    ) -> io::Result<Flow> {
        match command {
            Command::End => return Ok(Flow::Quit),
            Command::Stop | Command::Done => {}
            Command::Start { size } => self.start(size, size, line)?,
            Command::RectStart { width, height } => self.start(width, height, line)?,
            Command::Restart | Command::Begin | Command::Board => {
                let Some(game) = self.game.as_mut() else { return self.no_game(line) };
                let fresh = Game::new(game.width, game.height);
                match command {
                    Command::Restart => {
                        *game = fresh;
                        self.reply(&Reply::Ok)?;
                    }
                    Command::Begin => {
                        *game = fresh;
                        self.think(read, ctx);
                    }
                    _ => self.block = Some(fresh),
                }
            }
            Command::Turn(point) => {
                let Some(game) = self.game.as_mut() else { return self.no_game(line) };
                match game.place(point, Stone::Opponent) {
                    Ok(()) => self.think(read, ctx),
                    Err(why) => self.error(&why, line)?,
                }
            }
            Command::Stone(_) => self.error(&"a board line outside a BOARD block", line)?,
            Command::Takeback(point) => {
                let Some(game) = self.game.as_mut() else { return self.no_game(line) };
                match game.take_back(point) {
                    Ok(()) => self.reply(&Reply::Ok)?,
                    Err(why) => self.error(&why, line)?,
                }
            }
            Command::Play(point) => {
                let rules = self.rules;
                let Some(game) = self.game.as_mut() else { return self.no_game(line) };
                match game.play(point, rules) {
                    Ok(()) => self.reply(&Reply::Move(point))?,
                    Err(why) => self.error(&why, line)?,
                }
            }
            Command::Info(info) => self.info(info),
            Command::About => {
                let fields = [
                    ("name", "gridnote"),
                    ("version", env!("CARGO_PKG_VERSION")),
                    ("author", env!("CARGO_PKG_AUTHORS")),
                    ("www", env!("CARGO_PKG_REPOSITORY")),
                ];
                let fields =
                    fields.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
                self.reply(&Reply::About(About { fields }))?;
            }
            // A command a later version of the protocol module adds.
            _ => self.reply(&Reply::Unknown(format!("unsupported command `{}`", Escaped(line))))?,
        }
        Ok(Flow::Continue)
    }

    /// `INFO`: a setting for the moves to come.
    fn info(&mut self, info: Info) {
        match info {
            Info::TimeoutTurn(ms) => self.timeout_turn = Some(ms),
            Info::TimeoutMatch(ms) => self.timeout_match = ms,
            Info::TimeLeft(ms) => self.time_left = Some(ms),
            Info::MaxMemory(bytes) => self.max_memory = bytes,
            Info::Rule(code) => self.rules = Rules::from(code),
            // What the engine has no use for.
            _ => {}
        }
    }

    /// A line of a `BOARD` block.
    fn block_line(
        &mut self,
        command: Result<Command, ParseError>,
        line: &str,
        read: Instant,
        ctx: &mut Ctx<'_, Job, Done>,
    ) -> io::Result<Flow> {
        let Some(block) = self.block.as_mut() else { return Ok(Flow::Continue) };
        match command {
            Ok(Command::Stone(stone)) => {
                let kind = match stone.field {
                    Field::Own => Stone::Own,
                    Field::Opponent => Stone::Opponent,
                    _ => Stone::Dead,
                };
                if let Err(why) = block.place(stone.at, kind) {
                    self.error(&why, line)?;
                }
            }
            Ok(Command::Done) => {
                self.game = self.block.take();
                self.think(read, ctx);
            }
            Ok(Command::End) => return Ok(Flow::Quit),
            Ok(Command::Info(info)) => self.info(info),
            Ok(_) => self.error(&"expected X,Y,FIELD or DONE in a BOARD block", line)?,
            Err(err) => self.parse_error(&err, line)?,
        }
        Ok(Flow::Continue)
    }

    fn parse_error(&mut self, err: &ParseError, line: &str) -> io::Result<()> {
        match err {
            ParseError::Unknown { .. } => self.reply(&Reply::Unknown(err.to_string())),
            _ => self.error(err, line),
        }
    }

    /// The move: the worker's, checked; the statistics in a `MESSAGE` first.
    fn answer(&mut self, done: Done) -> io::Result<()> {
        let position = self.thinking.take();
        let (Some(position), Some(game)) = (position, self.game.as_ref()) else { return Ok(()) };
        let thought = match done.thought {
            Ok(thought) => thought,
            Err(err) => return self.reply(&Reply::Error(err.to_string())),
        };
        let width = game.width;
        let chosen = thought.row * width + thought.col;
        // The engine's move is checked; were it ever unplayable, the first playable
        // point nearest the centre goes instead.
        let at = if thought.row < game.height
            && thought.col < width
            && game.playable(&position, self.rules, chosen)
        {
            chosen
        } else {
            match fallback(game, &position, self.rules) {
                Some(at) => at,
                None => return self.reply(&Reply::Error("no point can be played".to_owned())),
            }
        };
        self.reply(&Reply::Message(statistics(&thought, done.took)))?;
        let point = Point { x: (at % width) as u32, y: (at / width) as u32 };
        if let Some(game) = self.game.as_mut() {
            game.stones[at] = Stone::Own;
        }
        self.reply(&Reply::Move(point))
    }
}

/// The playable point nearest the centre.
fn fallback(game: &Game, position: &Position, rules: Rules) -> Option<usize> {
    let centre = |at: usize| {
        let (row, col) = ((at / game.width) as isize, (at % game.width) as isize);
        (2 * row - game.height as isize + 1).abs() + (2 * col - game.width as isize + 1).abs()
    };
    (0..game.stones.len())
        .filter(|&at| game.playable(position, rules, at))
        .min_by_key(|&at| centre(at))
}

/// The `MESSAGE` of a move: depth, reach, nodes, speed, time, score and how it was
/// chosen.
fn statistics(thought: &Thought, took: Duration) -> String {
    let millis = took.as_millis().max(1);
    let speed = u128::from(thought.nodes) * 1000 / millis;
    let how = match thought.kind {
        ThoughtKind::Solved(value) => format!("solved ({value:?})"),
        ThoughtKind::Searched { depth } => format!("depth {depth}"),
        ThoughtKind::Fours { moves } => format!("win by fours in {moves}"),
        ThoughtKind::Threats { depth } => format!("win by threats in {depth}"),
        ThoughtKind::RuleOfThumb => "rule of thumb".to_owned(),
        _ => "other".to_owned(),
    };
    let mut text =
        format!("{how} | nodes {} | speed {speed}/s | time {}ms", thought.nodes, took.as_millis());
    if let Some(reach) = thought.reach {
        text.push_str(&format!(" | reach {reach}"));
    }
    if let Some(score) = thought.score {
        text.push_str(&format!(" | score {score}"));
    }
    text
}

impl<W: Write> Session for Gomocup<W> {
    type Job = Job;
    type Done = Done;

    fn command(&mut self, line: &str, ctx: &mut Ctx<'_, Job, Done>) -> io::Result<Flow> {
        let read = Instant::now();
        let command = line.parse::<Command>();
        if ctx.busy() {
            return match command {
                Ok(Command::End) => {
                    let _ = ctx.interrupt();
                    self.thinking = None;
                    Ok(Flow::Quit)
                }
                Ok(Command::Stop) => {
                    if let Some(done) = ctx.interrupt() {
                        self.answer(done)?;
                    }
                    Ok(Flow::Continue)
                }
                // Anything else is for after the move.
                _ => {
                    ctx.defer(line);
                    Ok(Flow::Continue)
                }
            };
        }
        if self.block.is_some() {
            return self.block_line(command, line, read, ctx);
        }
        match command {
            Ok(command) => self.act(command, line, read, ctx),
            Err(err) => {
                self.parse_error(&err, line)?;
                Ok(Flow::Continue)
            }
        }
    }

    fn too_long(&mut self) -> io::Result<()> {
        self.reply(&Reply::Error(format!("a command longer than {MAX_LINE} bytes")))
    }

    fn done(&mut self, done: Done, _ctx: &mut Ctx<'_, Job, Done>) -> io::Result<Flow> {
        self.answer(done)?;
        Ok(Flow::Continue)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(options: Options) -> Gomocup<Vec<u8>> {
        Gomocup {
            output: Vec::new(),
            options,
            game: None,
            block: None,
            rules: Rules::GOMOKU,
            timeout_turn: None,
            timeout_match: 0,
            time_left: None,
            max_memory: 0,
            thinking: None,
        }
    }

    #[test]
    fn budgets_keep_within_the_turn_and_the_match() {
        let mut s = session(Options::default());
        // Five seconds until told, less 250 ms.
        assert_eq!(s.budget(225), Duration::from_millis(4750));
        s.timeout_turn = Some(1000);
        assert_eq!(s.budget(225), Duration::from_millis(875));
        s.timeout_turn = Some(0);
        assert_eq!(s.budget(225), Duration::ZERO);
        // 60 s left over 30 moves: 2 s, within a turn of 5 s.
        s.timeout_turn = Some(5000);
        s.time_left = Some(60_000);
        assert_eq!(s.budget(225), Duration::from_millis(1750));
        // Late in the game (48 empty points: 8 moves), 7.5 s a move, within the turn.
        assert_eq!(s.budget(48), Duration::from_millis(4750));
        s.time_left = Some(-5);
        assert_eq!(s.budget(225), Duration::ZERO);
        s.time_left = None;
        s.timeout_match = 3000;
        assert_eq!(s.budget(225), Duration::from_millis(70));
    }

    #[test]
    fn the_table_keeps_within_max_memory() {
        let mut s = session(Options::default());
        assert_eq!(s.table_bytes(), DEFAULT_TABLE_BYTES);
        s.max_memory = 200 << 20;
        assert_eq!(s.table_bytes(), (176 << 20) / 5);
        s.max_memory = 1 << 40;
        assert_eq!(s.table_bytes(), DEFAULT_TABLE_BYTES);
        s.max_memory = 1 << 20;
        assert_eq!(s.table_bytes(), MIN_TABLE);
    }

    #[test]
    fn the_brain_is_black_unless_the_opponent_is_ahead() {
        let mut game = Game::new(15, 15);
        assert_eq!(game.me(), Player::One);
        game.place(Point { x: 7, y: 7 }, Stone::Opponent).unwrap();
        assert_eq!(game.me(), Player::Two);
        game.place(Point { x: 8, y: 7 }, Stone::Own).unwrap();
        assert_eq!(game.me(), Player::One);
        assert_eq!(game.place(Point { x: 8, y: 7 }, Stone::Own), Err("8,7 is taken".to_owned()));
        assert_eq!(
            game.place(Point { x: 15, y: 0 }, Stone::Own),
            Err("15,0 is off the 15x15 board".to_owned())
        );
        let position = game.position();
        assert_eq!(position.board.get(7, 8), Some(Cell::ONE));
        assert_eq!(position.board.get(7, 7), Some(Cell::TWO));
    }
}
