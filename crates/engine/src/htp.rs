//! gridnote's tafl engine speaking HTP (gridnote-protocol's [`htp`](gridnote_protocol::htp)
//! messages), the Hnefatafl Text Protocol of hnefatafl-copenhagen's
//! `hnefatafl-text-protocol`: Copenhagen hnefatafl on 11×11 and 13×13 boards.
//!
//! ```text
//! > board_size 11                   < =
//! > time_settings fischer 5 3       < =
//! > play attacker d1 d3             < =
//! > generate_move                   < = play defender f4 c4
//! > final_status                    < = ongoing
//! > quit                            < =
//! ```
//!
//! Every reply is `= TEXT` or `? TEXT` and a blank line. The rules are gridnote's
//! Copenhagen (the `copenhagen` preset; on 13×13 the same rules on the program's 13×13
//! start), with hnefatafl-copenhagen's rule on repetition: the defenders may not make a
//! move that puts the pieces as they stood after any earlier play (the attackers may),
//! and a repeated position ends nothing. Commands are read while the engine searches:
//! `quit` ends it at once; anything else is answered after the move, in order.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use gridnote_board::Player;
use gridnote_protocol::htp::{
    COMMANDS, Command, Play, Reply, Status, TimeSettings, Vertex, role_name,
};
use gridnote_protocol::text::Escaped;
use gridnote_tafl_rules::{
    BoardHistory, CompiledRules, Move, Outcome, Position, Square, TaflRules,
};
use gridnote_tafl_search::{Lateness, Limits, SearchResult, Searcher, TimeBudget, Weights};

use crate::driver::{self, Ctx, Flow, MAX_LINE, ServeError, Session};

/// Kept back from every move's time for the engine's own latency.
const MARGIN: Duration = Duration::from_millis(50);

/// The longest time a clock is read as.
const DAY: Duration = Duration::from_secs(86_400);

/// Copenhagen's start on 13×13, as hnefatafl-copenhagen sets it up.
const START_13: &str =
    "/3ttttttt3/6t6/13/t5T5t/t5T5t/t4TTT4t/tt1TTTKTTT1tt/t4TTT4t/t5T5t/t5T5t/13/6t6/3ttttttt3/";

/// How the engine plays.
///
/// ```
/// use std::time::Duration;
/// let options = gridnote_engine::htp::Options::default().with_table_bytes(4 << 20);
/// assert_eq!(options.table_bytes, 4 << 20);
/// assert_eq!(options.move_time, Duration::from_secs(5));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The most memory the transposition table may take.
    pub table_bytes: usize,
    /// The time to think about a move when the game is un-timed.
    pub move_time: Duration,
    /// The longest a move may take, whatever the clock says (default a day).
    pub max_think: Duration,
}

impl Default for Options {
    /// A 64 MiB table, five seconds a move when un-timed.
    fn default() -> Options {
        Options { table_bytes: 64 << 20, move_time: Duration::from_secs(5), max_think: DAY }
    }
}

impl Options {
    /// These options with a table of at most `bytes`.
    #[must_use]
    pub fn with_table_bytes(self, bytes: usize) -> Options {
        Options { table_bytes: bytes, ..self }
    }

    /// These options with `time` a move when the game is un-timed (a day at most).
    #[must_use]
    pub fn with_move_time(self, time: Duration) -> Options {
        Options { move_time: time.min(DAY), ..self }
    }

    /// These options, never thinking longer than `time` about a move, whatever the
    /// clock (a day at most).
    ///
    /// ```
    /// use std::time::Duration;
    /// let options = gridnote_engine::htp::Options::default()
    ///     .with_max_think(Duration::from_millis(50));
    /// assert_eq!(options.max_think, Duration::from_millis(50));
    /// ```
    #[must_use]
    pub fn with_max_think(self, time: Duration) -> Options {
        Options { max_think: time.min(DAY), ..self }
    }
}

/// The rules of an HTP board size: Copenhagen on 11×11, the same on 13×13.
///
/// ```
/// let rules = gridnote_engine::htp::rules(13).unwrap();
/// assert_eq!(rules.dim(), 13);
/// assert!(gridnote_engine::htp::rules(9).is_none());
/// ```
#[must_use]
pub fn rules(size: u64) -> Option<CompiledRules> {
    rules_record(size)?.parse().ok()
}

/// The OTN rules record of [`rules`] (what a game record's `[rules:…]` tag holds).
pub(crate) fn rules_record(size: u64) -> Option<String> {
    let copenhagen = TaflRules::preset_record("copenhagen")?;
    match size {
        11 => Some(copenhagen.to_owned()),
        13 => {
            // The same rules, the program's 13x13 start.
            let start = copenhagen.find(" start:")?;
            let text = copenhagen[..start].replacen("dim:11", "dim:13", 1);
            Some(format!("{text} start:{START_13}"))
        }
        _ => None,
    }
}

/// Serves HTP: reads commands from `input` and writes replies to `output` until `quit`
/// or the end of the input (a search under way is answered first). The game starts as
/// after `board_size 11`, un-timed, the attackers to move.
///
/// ```
/// use gridnote_engine::htp::{Options, serve};
/// let input = "name\nplay attacker d1 d3\nplay_to attacker d3\nbogus\nquit\n";
/// let mut out = Vec::new();
/// serve(input.as_bytes(), &mut out, &Options::default().with_table_bytes(1 << 20))?;
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "= gridnote\n\n= \n\n? play_to: it is the defender's turn, not the attacker's\n\n\
///      ? unrecognized command: bogus\n\n= \n\n"
/// );
/// # Ok::<(), gridnote_engine::ServeError>(())
/// ```
///
/// # Errors
/// [`ServeError::Table`] when the table cannot be allocated, [`ServeError::Read`] and
/// [`ServeError::Write`] when the streams fail.
pub fn serve<R, W>(input: R, output: W, options: &Options) -> Result<(), ServeError>
where
    R: BufRead + Send,
    W: Write,
{
    let mut searcher = Searcher::with_table_bytes(options.table_bytes, Weights::default())
        .map_err(ServeError::Table)?;
    let stop = Arc::new(AtomicBool::new(false));
    searcher.stop_when(Arc::clone(&stop));
    let game = Game::new(11, Player::One)
        .ok_or_else(|| ServeError::Engine("the copenhagen preset does not compile".to_owned()))?;
    let mut session = Htp {
        output,
        game,
        time: TimeSettings::UnTimed,
        clocks: [Duration::ZERO; 2],
        move_time: options.move_time,
        max_think: options.max_think,
        lateness: Lateness::default(),
        answering: None,
    };
    driver::run(input, &mut session, &stop, move |job: Job| match job {
        Job::Search { position, limits } => Done::Found(searcher.search(&position, &limits)),
        Job::Clear => {
            searcher.clear();
            Done::Cleared
        }
    })
}

/// What the worker is asked to do.
enum Job {
    Search { position: Position, limits: Limits },
    Clear,
}

/// What it answers.
enum Done {
    Found(SearchResult),
    Cleared,
}

/// One game: its rules, every position since its start (for `play_undo`), the boards
/// after each play (the program's repetition rule, [`BoardHistory`]), and a resignation.
/// The bot (`crate::bot`) plays its games on it too.
pub(crate) struct Game {
    size: u64,
    positions: Vec<Position>,
    history: BoardHistory,
    pub(crate) resigned: Option<Player>,
}

impl Game {
    pub(crate) fn new(size: u64, first: Player) -> Option<Game> {
        let rules = rules(size)?;
        let start = Position::start(&rules);
        let start = Position::from_record(&rules, &start.otn(), first).ok()?;
        let history = BoardHistory::new(&start);
        Some(Game { size, positions: vec![start], history, resigned: None })
    }

    pub(crate) fn position(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!("a game has its start"))
    }

    /// Whether `m` is legal: by the model's rules, and for the defenders not back to an
    /// earlier board.
    pub(crate) fn allows(&self, m: Move) -> bool {
        self.history.allows(self.position(), m)
    }

    pub(crate) fn legal_moves(&self) -> Vec<Move> {
        self.history.legal_moves(self.position())
    }

    pub(crate) fn status(&self) -> Status {
        match self.resigned {
            Some(Player::One) => return Status::DefenderWins,
            Some(Player::Two) => return Status::AttackerWins,
            None => {}
        }
        if self.legal_moves().is_empty() {
            return won(self.position().to_move().other());
        }
        match BoardHistory::outcome(self.position()) {
            Outcome::Won { winner, .. } => won(winner),
            Outcome::Drawn { .. } => Status::Draw,
            _ => Status::Ongoing,
        }
    }

    /// Plays `m` (checked) and answers with the vertices it captured.
    pub(crate) fn play(&mut self, m: Move) -> Result<String, String> {
        if self.status() != Status::Ongoing {
            return Err("play: the game is already over".to_owned());
        }
        if !self.allows(m) {
            return Err(format!(
                "play: {} {} {} is not a legal move",
                role_name(self.position().to_move()),
                Vertex(m.from),
                Vertex(m.to)
            ));
        }
        let mut next = self.position().clone();
        let played = next.play(m).map_err(|e| e.to_string())?;
        // The model's captures, written rank by rank from a1 as the board is read.
        let mut squares: Vec<Square> = played.captures.iter().map(|&(sq, _)| sq).collect();
        squares.sort_by_key(|sq| (sq.rank, sq.file));
        let mut captured = String::new();
        for sq in squares {
            let _ = write!(captured, "{} ", Vertex(sq));
        }
        self.history.push(&next);
        self.positions.push(next);
        Ok(captured)
    }

    fn undo(&mut self) -> Result<(), String> {
        if self.resigned.take().is_some() {
            return Ok(());
        }
        if self.positions.len() < 2 {
            return Err("play undo: it is the first move".to_owned());
        }
        self.positions.pop();
        self.history.pop();
        Ok(())
    }
}

fn won(winner: Player) -> Status {
    match winner {
        Player::One => Status::AttackerWins,
        Player::Two => Status::DefenderWins,
    }
}

/// The engine's state between commands.
struct Htp<W> {
    output: W,
    game: Game,
    time: TimeSettings,
    /// Each side's time left under Fischer's clock (attackers, defenders).
    clocks: [Duration; 2],
    move_time: Duration,
    max_think: Duration,
    lateness: Lateness,
    /// The `generate_move` under way: read at this instant, this long planned.
    answering: Option<(Instant, Duration)>,
}

/// A failed command: its message, for `?`.
type Refusal = String;

impl<W: Write> Htp<W> {
    /// Writes one reply and the blank line after it.
    fn send(&mut self, reply: &Reply) -> io::Result<()> {
        // A reply of several lines (`list_commands`, `show_board`) keeps its line breaks;
        // any other control character is escaped.
        for line in reply.to_string().split('\n') {
            writeln!(self.output, "{}", Escaped(line))?;
        }
        writeln!(self.output)?;
        self.output.flush()
    }

    fn new_game(
        &mut self,
        size: u64,
        first: Player,
        ctx: &mut Ctx<'_, Job, Done>,
    ) -> Result<(), Refusal> {
        let game = Game::new(size, first).ok_or_else(|| {
            format!("board_size: a {size}x{size} board: this engine plays 11x11 and 13x13")
        })?;
        self.game = game;
        let full = match self.time {
            TimeSettings::Fischer { minutes, .. } => {
                Duration::from_secs(minutes.saturating_mul(60)).min(DAY)
            }
            _ => Duration::ZERO,
        };
        self.clocks = [full; 2];
        ctx.start(Job::Clear);
        Ok(())
    }

    fn act(
        &mut self,
        command: Command,
        ctx: &mut Ctx<'_, Job, Done>,
    ) -> Result<Option<String>, Refusal> {
        let done = |text: &str| Ok(Some(text.to_owned()));
        match command {
            Command::BoardSize(size) => {
                let first = Player::One;
                self.new_game(size, first, ctx).map(|()| Some(String::new()))
            }
            Command::FirstMove(role) => {
                let size = self.game.size;
                self.new_game(size, role, ctx).map(|()| Some(String::new()))
            }
            Command::TimeSettings(time) => {
                self.time = time;
                let (size, first) = (self.game.size, Player::One);
                self.new_game(size, first, ctx).map(|()| Some(String::new()))
            }
            Command::FinalStatus => done(&self.game.status().to_string()),
            Command::GenerateMove => self.generate(ctx).map(|()| None),
            Command::KnownCommand(word) => {
                done(if COMMANDS.contains(&word.as_str()) { "true" } else { "false" })
            }
            Command::ListCommands => Ok(Some(format!("\n{}", COMMANDS.join("\n")))),
            Command::Name => done("gridnote"),
            Command::Version => done(env!("CARGO_PKG_VERSION")),
            Command::ProtocolVersion => done("1-beta"),
            Command::Play(play) => self.play(play).map(Some),
            Command::PlayFrom => {
                let moves = self.game.legal_moves();
                let mut text = role_name(self.game.position().to_move()).to_owned();
                let mut seen: Vec<Square> = Vec::new();
                for m in moves {
                    if !seen.contains(&m.from) {
                        seen.push(m.from);
                        text.push_str(&format!(" {}", Vertex(m.from)));
                    }
                }
                Ok(Some(text))
            }
            Command::PlayTo(role, from) => {
                let to_move = self.game.position().to_move();
                if role != to_move {
                    return Err(format!(
                        "play_to: it is the {}'s turn, not the {}'s",
                        role_name(to_move),
                        role_name(role)
                    ));
                }
                let targets: Vec<String> = self
                    .game
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.from == from.0)
                    .map(|m| Vertex(m.to).to_string())
                    .collect();
                if targets.is_empty() {
                    return Err(format!("play_to: no piece at {from} can move"));
                }
                Ok(Some(targets.join(" ")))
            }
            Command::PlayUndo => self.game.undo().map(|()| Some(String::new())),
            Command::ShowBoard => Ok(Some(picture(self.game.position()))),
            Command::ShowBoardOpenTafl => Ok(Some(self.game.position().otn())),
            // `quit` is dealt with before: anything newer is refused.
            _ => Err("unsupported command".to_owned()),
        }
    }

    fn play(&mut self, play: Play) -> Result<String, Refusal> {
        let to_move = self.game.position().to_move();
        if play.role() != to_move {
            if matches!(play, Play::Resign(_)) {
                return Err("play: you can't resign for the other player".to_owned());
            }
            return Err(format!("play: it is the {}'s turn", role_name(to_move)));
        }
        match play {
            Play::Move { from, to, .. } => self.game.play(Move::new(from.0, to.0)),
            _ => {
                self.game.resigned = Some(to_move);
                Ok(String::new())
            }
        }
    }

    fn generate(&mut self, ctx: &mut Ctx<'_, Job, Done>) -> Result<(), Refusal> {
        let read = Instant::now();
        if self.game.status() != Status::Ongoing {
            return Err("generate_move: the game is already over".to_owned());
        }
        let side = self.game.position().to_move();
        let think = match self.time {
            TimeSettings::Fischer { add_seconds, .. } => TimeBudget {
                remaining: self.clocks[side_index(side)],
                increment: Duration::from_secs(add_seconds).min(DAY),
                moves_to_go: 30,
                margin: MARGIN + self.lateness.margin(),
            }
            .allot(),
            _ => self.move_time,
        }
        .min(self.max_think);
        let position = self.game.position().clone();
        ctx.start(Job::Search {
            position,
            limits: Limits::time(think.max(Duration::from_millis(1))),
        });
        self.answering = Some((read, think));
        Ok(())
    }

    /// The reply to a finished `generate_move`: the best move the program allows, played.
    fn generated(&mut self, found: &SearchResult, read: Instant) -> Result<String, Refusal> {
        let side = self.game.position().to_move();
        let mut choice = found.best.filter(|&m| self.game.allows(m));
        if choice.is_none() {
            let mut root = found.root.clone();
            root.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
            choice = root.iter().map(|&(m, _)| m).find(|&m| self.game.allows(m));
        }
        let choice = choice.or_else(|| self.game.legal_moves().first().copied());
        if let TimeSettings::Fischer { add_seconds, .. } = self.time {
            let clock = &mut self.clocks[side_index(side)];
            *clock =
                clock.saturating_sub(read.elapsed()) + Duration::from_secs(add_seconds).min(DAY);
        }
        let Some(m) = choice else {
            self.game.resigned = Some(side);
            return Ok(Play::Resign(side).to_string());
        };
        self.game.play(m)?;
        Ok(Play::Move { role: side, from: Vertex(m.from), to: Vertex(m.to) }.to_string())
    }
}

fn side_index(side: Player) -> usize {
    match side {
        Player::One => 0,
        Player::Two => 1,
    }
}

/// The board as `show_board` draws it: a line of column letters, then each row from the
/// top, its number and a cell a square (`A` an attacker, `D` a defender, `K` the king,
/// `.` an empty square).
fn picture(pos: &Position) -> String {
    let record = pos.otn();
    let dim = pos.dim();
    let mut out = String::from("\n   ");
    for file in 0..dim {
        out.push(char::from(b'a' + u8::try_from(file).unwrap_or(0)));
        out.push(' ');
    }
    for (i, row) in record.trim_matches('/').split('/').enumerate() {
        out.push_str(&format!("\n{:>2} ", dim - i));
        let mut digits = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                digits = digits * 10 + d as usize;
                continue;
            }
            out.push_str(&". ".repeat(digits));
            digits = 0;
            let cell = match c {
                't' => 'A',
                'K' | 'k' => 'K',
                _ => 'D',
            };
            out.push(cell);
            out.push(' ');
        }
        out.push_str(&". ".repeat(digits));
    }
    out
}

impl<W: Write> Session for Htp<W> {
    type Job = Job;
    type Done = Done;

    fn command(&mut self, line: &str, ctx: &mut Ctx<'_, Job, Done>) -> io::Result<Flow> {
        let command = line.parse::<Command>();
        if let Ok(Command::Quit) = command {
            if ctx.busy() {
                ctx.interrupt();
                self.answering = None;
            }
            self.send(&Reply::Success(String::new()))?;
            return Ok(Flow::Quit);
        }
        if ctx.busy() {
            ctx.defer(line);
            return Ok(Flow::Continue);
        }
        let command = match command {
            Ok(command) => command,
            Err(gridnote_protocol::htp::ParseError::Empty { .. }) => return Ok(Flow::Continue),
            Err(err) => {
                self.send(&Reply::Failure(err.to_string()))?;
                return Ok(Flow::Continue);
            }
        };
        match self.act(command, ctx) {
            Ok(Some(text)) => self.send(&Reply::Success(text))?,
            Ok(None) => {}
            Err(message) => self.send(&Reply::Failure(message))?,
        }
        Ok(Flow::Continue)
    }

    fn too_long(&mut self) -> io::Result<()> {
        self.send(&Reply::Failure(format!("a command longer than {MAX_LINE} bytes")))
    }

    fn done(&mut self, done: Done, _ctx: &mut Ctx<'_, Job, Done>) -> io::Result<Flow> {
        let Done::Found(found) = done else { return Ok(Flow::Continue) };
        let Some((read, planned)) = self.answering.take() else { return Ok(Flow::Continue) };
        let reply = match self.generated(&found, read) {
            Ok(text) => Reply::Success(text),
            Err(message) => Reply::Failure(message),
        };
        self.send(&reply)?;
        self.lateness.observe(planned, read.elapsed());
        Ok(Flow::Continue)
    }
}

#[cfg(test)]
#[path = "htp_tests.rs"]
mod tests;
