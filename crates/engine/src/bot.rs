//! gridnote's tafl engine as an account on a hnefatafl.org-style game server
//! (hnefatafl-copenhagen's `hnefatafl-server`), speaking gridnote-protocol's
//! [`server`](gridnote_protocol::server) messages: it logs in, offers a game (or asks to
//! join one), plays it within the server's clock, and goes on game after game.
//!
//! ```text
//! > 32d9a140 login bot-1 secret          < = login
//! > software_id gridnote-0.1.0
//! > new_game {"role":"Attacker",...}      < = new_game 0
//!                                         < = challenge_requested 0
//! > join_game 0                           < = join_game bot-1 bot-2 unrated fischer 60000 1 11
//!                                         < game 0 generate_move attacker
//! > game 0 play attacker d1 d3            < = game
//!                                         < game 0 play defender f4 c4
//!                                         < = game_over 0 attacker_wins
//! ```
//!
//! The loop is generic over a [`Connector`] (a TCP connection to the server in
//! [`TcpConnector`]; tests connect it to a server of their own). Lines are read on a
//! thread of their own; the search runs on the caller's thread, within the clock the
//! server keeps (its `game_time` messages), never over `move_time`.
//!
//! - A line it does not know, or cannot read, is logged ([`Event::Log`]) and skipped.
//! - It sends the keep-alive (`ping`) after `keep_alive` without writing, and takes the
//!   connection for dropped when nothing comes back for twice that.
//! - A dropped connection is made again (up to `reconnects` times in a row): after it
//!   logs in, the server names every game under way (`game ID generate_move ROLE`); the
//!   bot asks for each game's record (`resume_game_json ID`), replays its moves and plays
//!   on. A bot started afresh resumes its games the same way.
//! - On the stop flag (the CLI sets it on SIGINT and SIGTERM) the bot resigns the game
//!   under way, withdraws a game it offered, logs out and returns: a stop never leaves an
//!   opponent waiting on a clock.

use std::io::{self, BufRead, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use gridnote_board::Player;
use gridnote_protocol::htp::Status;
use gridnote_protocol::server::{Message, NewGame, Play, Request, Started, VERSION_ID, Vertex};
/// The clock of a game, and the server's port (gridnote-protocol's).
pub use gridnote_protocol::server::{PORT, TimeSettings};
use gridnote_tafl_rules::Move;
use gridnote_tafl_search::{Lateness, Limits, SearchResult, Searcher, TimeBudget, Weights};

use crate::driver::MAX_LINE;
use crate::htp::{Game, rules_record};

#[path = "bot_game.rs"]
mod game;

use game::Current;
pub use game::{Finished, GameResult};

/// The role the bot asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Role {
    /// Always the attackers.
    Attacker,
    /// Always the defenders.
    Defender,
    /// Offers games as the attackers and the defenders in turn; joins either side.
    Either,
}

/// How the bot finds its games.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Lobby {
    /// Offers a game (`new_game`) and accepts the first challenger, game after game.
    Offer,
    /// Asks to join the offered game with this id (`join_game_pending`), then, game after
    /// game, the games its owner offers next (found as [`Lobby::Follow`] does).
    Join(u128),
    /// Joins the games this account offers, as the server announces them
    /// (`= games_updated`).
    Follow(String),
}

/// How the bot plays.
///
/// ```
/// use std::time::Duration;
/// let options = gridnote_engine::bot::Options::new("bot-1", "secret");
/// assert_eq!(options.games, 1);
/// assert_eq!(options.move_time, Duration::from_secs(5));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The account's name.
    pub user: String,
    /// Its password.
    pub password: String,
    /// How games are found.
    pub lobby: Lobby,
    /// The role asked for.
    pub role: Role,
    /// Whether the games offered are rated.
    pub rated: bool,
    /// The clock of the games offered.
    pub time: TimeSettings,
    /// The board size of the games offered (11 or 13).
    pub board_size: u8,
    /// The games to play before returning.
    pub games: u32,
    /// The longest time to think about a move (less when the clock is short).
    pub move_time: Duration,
    /// The most memory the search's table may take.
    pub table_bytes: usize,
    /// The time without writing after which the bot sends the keep-alive.
    pub keep_alive: Duration,
    /// How many times in a row a dropped connection is made again.
    pub reconnects: u32,
    /// The wait before connecting again (doubled after each failure, up to a minute).
    pub retry_delay: Duration,
    /// Whether to create the account when the server does not know it.
    pub create_account: bool,
}

impl Options {
    /// The options of `user`: offers one unrated game as the attackers on 11×11 under a
    /// Fischer clock of 15 minutes and 10 seconds, thinks at most 5 seconds a move, a
    /// 64 MiB table, the keep-alive every 30 seconds, 5 reconnections after a second.
    #[must_use]
    pub fn new(user: &str, password: &str) -> Options {
        Options {
            user: user.to_owned(),
            password: password.to_owned(),
            lobby: Lobby::Offer,
            role: Role::Attacker,
            rated: false,
            time: TimeSettings::Fischer { milliseconds: 900_000, add_seconds: 10 },
            board_size: 11,
            games: 1,
            move_time: Duration::from_secs(5),
            table_bytes: 64 << 20,
            keep_alive: Duration::from_secs(30),
            reconnects: 5,
            retry_delay: Duration::from_secs(1),
            create_account: false,
        }
    }
}

/// What the bot reports while it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// A line for the log (what it did, what it skipped and why).
    Log(String),
    /// A game ended.
    Finished(Finished),
}

/// What the bot did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// Games finished.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// Connections made again after a drop.
    pub reconnections: u32,
    /// Whether the stop flag ended the run.
    pub stopped: bool,
}

/// Why the bot stopped before its games were played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BotError {
    /// The server could not be reached (after the reconnections allowed).
    #[error("cannot connect to the server: {0}")]
    Connect(io::Error),
    /// The connection kept dropping.
    #[error("the connection dropped {0} times in a row: {1}")]
    Dropped(u32, String),
    /// The server refused the login.
    #[error("the server refused the login: {0}")]
    Login(String),
    /// The search's table could not be allocated.
    #[error("{0}")]
    Table(gridnote_tafl_search::TableError),
    /// The options cannot be played.
    #[error("{0}")]
    Options(String),
}

/// Makes connections to the server: a line reader (read on a thread of its own) and a
/// writer for each.
pub trait Connector {
    /// The reading half.
    type Reader: BufRead + Send + 'static;
    /// The writing half.
    type Writer: Write;

    /// A new connection.
    ///
    /// # Errors
    /// When the server cannot be reached.
    fn connect(&mut self) -> io::Result<(Self::Reader, Self::Writer)>;

    /// Closes the last connection made, so that its reader comes to its end.
    fn hang_up(&mut self);
}

/// TCP connections to `host:port`.
///
/// ```no_run
/// use std::sync::{Arc, atomic::AtomicBool};
/// use gridnote_engine::bot::{Options, TcpConnector, run};
/// let mut server = TcpConnector::new("localhost:49152");
/// let stop = Arc::new(AtomicBool::new(false));
/// let summary = run(&mut server, &Options::new("bot-1", ""), &stop, &mut |event| println!("{event:?}"))?;
/// # Ok::<(), gridnote_engine::bot::BotError>(())
/// ```
#[derive(Debug)]
pub struct TcpConnector {
    address: String,
    last: Option<TcpStream>,
}

impl TcpConnector {
    /// Connections to `address` (`host:port`).
    #[must_use]
    pub fn new(address: &str) -> TcpConnector {
        TcpConnector { address: address.to_owned(), last: None }
    }
}

impl Connector for TcpConnector {
    type Reader = io::BufReader<TcpStream>;
    type Writer = TcpStream;

    fn connect(&mut self) -> io::Result<(Self::Reader, Self::Writer)> {
        let stream = TcpStream::connect(&self.address)?;
        stream.set_nodelay(true)?;
        self.last = Some(stream.try_clone()?);
        Ok((io::BufReader::new(stream.try_clone()?), stream))
    }

    fn hang_up(&mut self) {
        if let Some(stream) = self.last.take() {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    }
}

/// What the reading thread hands over.
enum Input {
    Line(String),
    TooLong,
    Closed,
}

/// Reads lines (each at most [`MAX_LINE`] bytes) until the end of the connection. The
/// thread ends with the connection (it is not joined: a connector's `hang_up` ends it).
fn spawn_reader<R: BufRead + Send + 'static>(mut reader: R) -> Receiver<Input> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let limit = u64::try_from(MAX_LINE).unwrap_or(u64::MAX) + 1;
            let read = io::Read::take(&mut reader, limit).read_until(b'\n', &mut buf);
            let input = match read {
                Ok(0) | Err(_) => Input::Closed,
                Ok(_) if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') => {
                    // The rest of the line is skipped.
                    let mut skip = Vec::new();
                    loop {
                        skip.clear();
                        match io::Read::take(&mut reader, limit).read_until(b'\n', &mut skip) {
                            Ok(0) | Err(_) => break,
                            Ok(_) if skip.last() == Some(&b'\n') => break,
                            Ok(_) => {}
                        }
                    }
                    Input::TooLong
                }
                Ok(_) => Input::Line(String::from_utf8_lossy(&buf).trim_end().to_owned()),
            };
            let closed = matches!(input, Input::Closed);
            if tx.send(input).is_err() || closed {
                return;
            }
        }
    });
    rx
}

/// How a connection ended.
enum End {
    /// The games are played (or the stop flag was seen): logged out.
    Done,
    /// The connection dropped: make it again.
    Dropped(String),
}

/// Runs the bot until it has played `options.games` games or `stop` is set.
///
/// # Errors
/// [`BotError`]: the server unreachable or refusing the login, the connection dropping
/// more than `options.reconnects` times in a row, the table not allocated.
pub fn run<C: Connector>(
    connector: &mut C,
    options: &Options,
    stop: &Arc<AtomicBool>,
    events: &mut dyn FnMut(Event),
) -> Result<Summary, BotError> {
    if rules_record(u64::from(options.board_size)).is_none() {
        return Err(BotError::Options(format!(
            "a {0}x{0} board: the bot plays 11x11 and 13x13",
            options.board_size
        )));
    }
    let mut searcher = Searcher::with_table_bytes(options.table_bytes, Weights::default())
        .map_err(BotError::Table)?;
    searcher.stop_when(Arc::clone(stop));
    let mut bot = Bot {
        options,
        searcher,
        stop,
        events,
        summary: Summary::default(),
        current: None,
        offered: None,
        asked: None,
        offers: 0,
        lateness: Lateness::default(),
        refusals: 0,
        current_owner: None,
    };
    let mut failures = 0u32;
    let mut delay = options.retry_delay;
    loop {
        if bot.stopping() {
            bot.summary.stopped = true;
            return Ok(bot.summary);
        }
        let (reader, mut writer) = match connector.connect() {
            Ok(pair) => pair,
            Err(err) => {
                failures += 1;
                if failures > options.reconnects {
                    return Err(BotError::Connect(err));
                }
                bot.log(format!("cannot connect ({err}): trying again in {delay:?}"));
                bot.sleep(delay);
                delay = (delay * 2).min(Duration::from_secs(60));
                continue;
            }
        };
        let lines = spawn_reader(reader);
        let end = bot.session(&mut writer, &lines);
        connector.hang_up();
        match end {
            Ok(End::Done) => {
                bot.summary.stopped = bot.stopping();
                return Ok(bot.summary);
            }
            Ok(End::Dropped(why)) => {
                failures += 1;
                if failures > options.reconnects {
                    return Err(BotError::Dropped(failures, why));
                }
                bot.summary.reconnections += 1;
                bot.log(format!("the connection dropped ({why}): connecting again in {delay:?}"));
                bot.sleep(delay);
                delay = (delay * 2).min(Duration::from_secs(60));
            }
            Err(err) => return Err(err),
        }
        // A session that got as far as a game resets the count.
        if bot.current.is_some() || bot.summary.games > 0 {
            failures = failures.min(1);
            delay = options.retry_delay;
        }
    }
}

/// The bot between connections.
struct Bot<'a> {
    options: &'a Options,
    searcher: Searcher,
    stop: &'a Arc<AtomicBool>,
    events: &'a mut dyn FnMut(Event),
    summary: Summary,
    /// The game under way.
    current: Option<Current>,
    /// The game offered, not yet started.
    offered: Option<u128>,
    /// The game asked to join, not yet started.
    asked: Option<u128>,
    /// Games offered so far (the roles alternate under [`Role::Either`]).
    offers: u32,
    lateness: Lateness,
    /// The server's refusals of the bot's plays in a row.
    refusals: u32,
    /// The account that offered the last game joined (followed under [`Lobby::Join`]).
    current_owner: Option<String>,
}

/// A write that failed: the connection dropped.
type Step = Result<Option<End>, BotError>;

fn dropped(err: &io::Error) -> Step {
    Ok(Some(End::Dropped(format!("cannot write: {err}"))))
}

impl Bot<'_> {
    fn log(&mut self, line: String) {
        (self.events)(Event::Log(line));
    }

    fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Sleeps `time`, waking early on the stop flag.
    fn sleep(&self, time: Duration) {
        let until = Instant::now() + time;
        while !self.stopping() && Instant::now() < until {
            thread::sleep(Duration::from_millis(20).min(until - Instant::now()));
        }
    }

    fn send<W: Write>(writer: &mut W, request: &Request) -> io::Result<()> {
        writeln!(writer, "{request}")?;
        writer.flush()
    }

    /// One connection: login, then messages until the games are played, the stop flag,
    /// or the connection drops.
    fn session<W: Write>(
        &mut self,
        writer: &mut W,
        lines: &Receiver<Input>,
    ) -> Result<End, BotError> {
        let options = self.options;
        let login = Request::Login {
            version: VERSION_ID.to_owned(),
            user: options.user.clone(),
            password: options.password.clone(),
        };
        if let Err(err) = Bot::send(writer, &login) {
            return Ok(End::Dropped(format!("cannot write: {err}")));
        }
        let mut last_write = Instant::now();
        let mut last_read = Instant::now();
        let mut logged_in = false;
        // After a reconnection the game under way is replayed from the server's record.
        if let Some(current) = &mut self.current {
            current.synced = false;
        }
        loop {
            if self.stopping() {
                // A write that fails here ends the run all the same.
                return Ok(self.quit(writer).unwrap_or(End::Done));
            }
            let wait = Duration::from_millis(50);
            let input = match lines.recv_timeout(wait) {
                Ok(input) => input,
                Err(RecvTimeoutError::Timeout) => {
                    let silent = last_read.elapsed();
                    if silent > options.keep_alive * 2 {
                        return Ok(End::Dropped(format!("nothing from the server for {silent:?}")));
                    }
                    if logged_in && last_write.elapsed() >= options.keep_alive {
                        if let Err(err) = Bot::send(writer, &Request::Ping) {
                            return Ok(End::Dropped(format!("cannot write: {err}")));
                        }
                        last_write = Instant::now();
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => Input::Closed,
            };
            last_read = Instant::now();
            let line = match input {
                Input::Line(line) => line,
                Input::TooLong => {
                    self.log(format!("skipped a line longer than {MAX_LINE} bytes"));
                    continue;
                }
                Input::Closed => {
                    return Ok(End::Dropped("the server closed the connection".into()));
                }
            };
            let message = match line.parse::<Message>() {
                Ok(message) => message,
                Err(err) => {
                    self.log(format!("skipped `{}`: {err}", shorten(&line)));
                    continue;
                }
            };
            if !logged_in {
                match message {
                    Message::LoggedIn => {
                        logged_in = true;
                        self.log(format!("logged in as {}", options.user));
                        let id =
                            Request::SoftwareId(format!("gridnote-{}", env!("CARGO_PKG_VERSION")));
                        if let Err(err) = Bot::send(writer, &id) {
                            return Ok(End::Dropped(format!("cannot write: {err}")));
                        }
                        match self.lobby(writer) {
                            Ok(Some(end)) => return Ok(end),
                            Ok(None) => {}
                            Err(err) => return Err(err),
                        }
                        last_write = Instant::now();
                    }
                    Message::Refused { command, text } if command == "login" => {
                        // Logged in still from the connection that dropped, or too soon.
                        if text.contains("logged_in_already") || text.contains("retried_too_soon") {
                            return Ok(End::Dropped(format!("login refused: {text}")));
                        }
                        if text.contains("account_not_in_database") && options.create_account {
                            self.log(format!("creating the account {}", options.user));
                            let create = Request::CreateAccount {
                                version: VERSION_ID.to_owned(),
                                user: options.user.clone(),
                                password: options.password.clone(),
                            };
                            if let Err(err) = Bot::send(writer, &create) {
                                return Ok(End::Dropped(format!("cannot write: {err}")));
                            }
                            continue;
                        }
                        return Err(BotError::Login(if text.is_empty() { command } else { text }));
                    }
                    Message::Refused { command, text } if command == "create_account" => {
                        return Err(BotError::Login(format!("{command}: {text}")));
                    }
                    other => self.log(format!(
                        "before the login, skipped `{}`",
                        shorten(&other.to_string())
                    )),
                }
                continue;
            }
            let before = Instant::now();
            let step = self.message(message, writer)?;
            if before.elapsed() > Duration::from_millis(1) {
                last_write = Instant::now();
            }
            if let Some(end) = step {
                return Ok(end);
            }
        }
    }

    /// Offers or asks for the next game when none is under way and games are left.
    fn lobby<W: Write>(&mut self, writer: &mut W) -> Step {
        if self.current.is_some() || self.offered.is_some() || self.asked.is_some() {
            return Ok(None);
        }
        if self.summary.games >= self.options.games {
            return self.logout(writer);
        }
        match &self.options.lobby {
            Lobby::Offer => {
                let role = match self.options.role {
                    Role::Attacker => Player::One,
                    Role::Defender => Player::Two,
                    Role::Either if self.offers % 2 == 0 => Player::One,
                    Role::Either => Player::Two,
                };
                self.offers += 1;
                let game = NewGame {
                    role,
                    rated: self.options.rated,
                    time: self.options.time,
                    board_size: self.options.board_size,
                };
                if let Err(err) = Bot::send(writer, &Request::NewGame(game)) {
                    return dropped(&err);
                }
            }
            Lobby::Join(id) if self.summary.games == 0 && self.offers == 0 => {
                let id = *id;
                self.offers += 1;
                self.asked = Some(id);
                if let Err(err) = Bot::send(writer, &Request::JoinGamePending(id)) {
                    return dropped(&err);
                }
            }
            // The next games are found in the server's updates.
            Lobby::Join(_) | Lobby::Follow(_) => {}
        }
        Ok(None)
    }

    fn logout<W: Write>(&mut self, writer: &mut W) -> Step {
        self.log(format!("{} game(s) played: logging out", self.summary.games));
        let _ = Bot::send(writer, &Request::Logout);
        Ok(Some(End::Done))
    }

    /// On the stop flag: resigns the game under way, withdraws an offer, logs out.
    fn quit<W: Write>(&mut self, writer: &mut W) -> Result<End, io::Error> {
        if let Some(current) = self.current.take() {
            self.log(format!("stopping: resigning game {}", current.id));
            let play = Play::Resign(current.me);
            Bot::send(writer, &Request::Play { id: current.id, play })?;
            self.finish(current, GameResult::Won(play.role().other()));
        }
        if let Some(id) = self.offered.take().or(self.asked.take()) {
            self.log(format!("stopping: leaving game {id}"));
            Bot::send(writer, &Request::LeaveGame(id))?;
        }
        Bot::send(writer, &Request::Logout)?;
        Ok(End::Done)
    }

    /// One message after the login.
    fn message<W: Write>(&mut self, message: Message, writer: &mut W) -> Step {
        match message {
            Message::NewGame(id) => {
                self.log(format!("offered game {id}"));
                self.offered = Some(id);
            }
            Message::ChallengeRequested(id) if self.offered == Some(id) => {
                self.log(format!("accepting the challenger of game {id}"));
                if let Err(err) = Bot::send(writer, &Request::JoinGame(id)) {
                    return dropped(&err);
                }
            }
            Message::JoinGamePending(id) => self.log(format!("asked to join game {id}")),
            Message::GameStarted(started) => return self.started(&started, writer),
            Message::GenerateMove { id, role } => return self.generate(id, role, writer),
            Message::ResumeGameJson(json) => return self.resume(&json, writer),
            Message::Played { id, play } => return self.played(id, play, writer),
            Message::Accepted => self.refusals = 0,
            Message::GameTime { id, attacker_ms, defender_ms } => {
                if let Some(current) = self.current.as_mut().filter(|c| c.id == id) {
                    current.clocks = Some([attacker_ms, defender_ms]);
                }
            }
            Message::GameOver { id, winner } => {
                if let Some(current) = self.current.take_if(|c| c.id == id) {
                    self.finish(current, GameResult::Won(winner));
                    return self.lobby(writer);
                }
                self.log(format!("game {id} is over"));
            }
            Message::DrawAccepted => {
                if let Some(current) = self.current.take() {
                    self.finish(current, GameResult::Drawn);
                    return self.lobby(writer);
                }
            }
            Message::Refused { command, text } if command == "game" => {
                return self.refused(&text, writer);
            }
            Message::Refused { command, text } => {
                self.log(format!("the server refused `{command}`: {text}"));
                if command == "join_game_pending" {
                    self.asked = None;
                }
            }
            Message::RequestDraw { id, role } => {
                self.log(format!("game {id}: the {} offer a draw (not taken)", side(role)));
            }
            Message::Pong => {}
            Message::GamesUpdated(json) => return self.follow(&json, writer),
            other => self.log(format!("skipped `{}`", shorten(&other.to_string()))),
        }
        Ok(None)
    }
}

/// The side's name in the log.
fn side(role: Player) -> &'static str {
    match role {
        Player::One => "attackers",
        Player::Two => "defenders",
    }
}

/// A line cut to 120 bytes for the log.
fn shorten(line: &str) -> String {
    if line.len() <= 120 {
        return line.to_owned();
    }
    let end = (0..=120).rev().find(|&i| line.is_char_boundary(i)).unwrap_or(0);
    format!("{}… ({} bytes)", &line[..end], line.len())
}

/// The OTN text of `m` in `game`'s position (`None` when it is not legal).
fn notation(game: &Game, m: Move) -> Option<String> {
    game.position().clone().play(m).ok().map(|played| played.text)
}

/// The time to think about a move: within the clock (`remaining` and `increment`), never
/// over `move_time`.
fn think_time(
    time: TimeSettings,
    remaining: Option<i64>,
    move_time: Duration,
    lateness: &Lateness,
) -> Duration {
    let TimeSettings::Fischer { milliseconds, add_seconds } = time else { return move_time };
    let left = remaining.map_or(milliseconds, |ms| u64::try_from(ms).unwrap_or(0));
    let budget = TimeBudget {
        remaining: Duration::from_millis(left),
        increment: Duration::from_secs(add_seconds.min(86_400)),
        moves_to_go: 30,
        // The server counts the time from its message to the play it reads back.
        margin: Duration::from_millis(150) + lateness.margin(),
    };
    budget.allot().min(move_time).max(Duration::from_millis(1))
}

impl Bot<'_> {
    /// Searches the position of the game under way and sends the move (or resigns when
    /// there is none).
    fn think<W: Write>(&mut self, writer: &mut W) -> Step {
        let Some(current) = self.current.as_ref() else { return Ok(None) };
        let read = Instant::now();
        let me = current.me;
        let remaining = current.clocks.map(|clocks| clocks[usize::from(me == Player::Two)]);
        let think = think_time(current.time, remaining, self.options.move_time, &self.lateness);
        let position = current.game.position().clone();
        let found = self.searcher.search(&position, &Limits::time(think));
        if self.stopping() {
            return Ok(None);
        }
        let Some(current) = self.current.as_mut() else { return Ok(None) };
        let id = current.id;
        let play = match choose(&current.game, &found) {
            Some(m) => {
                let text = notation(&current.game, m);
                match (text, current.game.play(m)) {
                    (Some(text), Ok(_)) => current.moves.push(text),
                    _ => return Ok(None),
                }
                Play::Move { role: me, from: Vertex(m.from), to: Vertex(m.to) }
            }
            None => Play::Resign(me),
        };
        self.lateness.observe(think, read.elapsed());
        let line = Request::Play { id, play };
        self.log(format!(
            "{line} (depth {}, {} nodes, {:?})",
            found.depth,
            found.nodes,
            read.elapsed()
        ));
        if let Err(err) = Bot::send(writer, &line) {
            return dropped(&err);
        }
        Ok(None)
    }
}

/// The best move the server's rules allow: the search's, else the best of its root
/// moves, else the first legal one.
fn choose(game: &Game, found: &SearchResult) -> Option<Move> {
    if game.status() != Status::Ongoing {
        return None;
    }
    if let Some(best) = found.best.filter(|&m| game.allows(m)) {
        return Some(best);
    }
    let mut root = found.root.clone();
    root.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
    root.iter()
        .map(|&(m, _)| m)
        .find(|&m| game.allows(m))
        .or_else(|| game.legal_moves().first().copied())
}

impl Bot<'_> {
    fn started<W: Write>(&mut self, started: &Started, writer: &mut W) -> Step {
        let joined = self.asked.is_some();
        let Some(id) = self.offered.take().or(self.asked.take()) else {
            self.log(format!("skipped a game start without a game of ours: {started}"));
            return Ok(None);
        };
        let user = &self.options.user;
        let me = if started.attacker == *user {
            Player::One
        } else if started.defender == *user {
            Player::Two
        } else {
            self.log(format!("skipped game {id}: {user} plays in neither side ({started})"));
            return Ok(None);
        };
        match Current::new(id, me, started) {
            Some(current) => {
                if joined {
                    let owner =
                        if me == Player::One { &started.defender } else { &started.attacker };
                    self.current_owner = Some(owner.clone());
                }
                self.log(format!(
                    "game {id} starts: {} (attackers) against {} (defenders), {}",
                    started.attacker, started.defender, started.time
                ));
                self.current = Some(current);
                Ok(None)
            }
            None => {
                self.log(format!("game {id}: a {0}x{0} board, resigning", started.board_size));
                let play = Request::Play { id, play: Play::Resign(me) };
                Bot::send(writer, &play).map_or_else(|err| dropped(&err), |()| Ok(None))
            }
        }
    }

    fn generate<W: Write>(&mut self, id: u128, role: Player, writer: &mut W) -> Step {
        match self.current.as_ref() {
            Some(current) if current.id == id && current.synced => {
                if role == current.me {
                    return self.think(writer);
                }
                self.log(format!("game {id}: skipped the {}' turn", side(role)));
                Ok(None)
            }
            Some(current) if current.id != id => {
                self.log(format!("skipped game {id}: game {} is under way", current.id));
                Ok(None)
            }
            // A game this bot plays but does not know (started before it was), or one
            // to replay after a reconnection.
            _ => {
                self.log(format!("game {id}: asking for its record to resume it"));
                Bot::send(writer, &Request::ResumeGameJson(id))
                    .map_or_else(|err| dropped(&err), |()| Ok(None))
            }
        }
    }

    fn played<W: Write>(&mut self, id: u128, play: Play, writer: &mut W) -> Step {
        let Some(current) = self.current.as_mut().filter(|c| c.id == id && c.synced) else {
            return Ok(None);
        };
        let Play::Move { from, to, .. } = play else { return Ok(None) };
        let m = Move::new(from.0, to.0);
        let text = notation(&current.game, m);
        match (text, current.game.play(m)) {
            (Some(text), Ok(_)) => {
                current.moves.push(text);
                Ok(None)
            }
            _ => {
                // The server took a move these rules refuse: replay its record.
                current.synced = false;
                let line = format!(
                    "game {id}: the server took {play}, which the rules here refuse: resuming"
                );
                self.log(line);
                Bot::send(writer, &Request::ResumeGameJson(id))
                    .map_or_else(|err| dropped(&err), |()| Ok(None))
            }
        }
    }

    fn refused<W: Write>(&mut self, text: &str, writer: &mut W) -> Step {
        self.refusals += 1;
        let Some(current) = self.current.as_mut() else { return Ok(None) };
        let id = current.id;
        if self.refusals > 2 {
            let me = current.me;
            self.log(format!("game {id}: the server refused the play again ({text}): resigning"));
            let play = Request::Play { id, play: Play::Resign(me) };
            return Bot::send(writer, &play).map_or_else(|err| dropped(&err), |()| Ok(None));
        }
        current.synced = false;
        self.log(format!("game {id}: the server refused the play ({text}): resuming"));
        Bot::send(writer, &Request::ResumeGameJson(id))
            .map_or_else(|err| dropped(&err), |()| Ok(None))
    }

    /// The server's record of a game of the bot's: the game under way from now on.
    fn resume<W: Write>(&mut self, json: &str, writer: &mut W) -> Step {
        let current = match game::resumed(json, &self.options.user) {
            Ok(current) => current,
            Err(err) => {
                self.log(format!("skipped a game record: {err}"));
                return Ok(None);
            }
        };
        if self.current.as_ref().is_some_and(|c| c.id != current.id) {
            self.log(format!(
                "skipped the record of game {}: another game is under way",
                current.id
            ));
            return Ok(None);
        }
        let (id, moves) = (current.id, current.moves.len());
        let to_move = current.game.position().to_move();
        let mine = to_move == current.me && current.game.status() == Status::Ongoing;
        self.log(format!("game {id} resumed after {moves} moves, the {} to move", side(to_move)));
        self.offered = self.offered.filter(|&o| o != id);
        self.asked = self.asked.filter(|&a| a != id);
        self.current = Some(current);
        if mine { self.think(writer) } else { Ok(None) }
    }

    /// The lobby's update: joins the first game the followed account offers.
    fn follow<W: Write>(&mut self, json: &str, writer: &mut W) -> Step {
        let owner = match &self.options.lobby {
            Lobby::Follow(owner) => owner.clone(),
            Lobby::Join(_) if self.offers > 0 => {
                // After the first game, the owner of the game joined is followed.
                match &self.current_owner {
                    Some(owner) => owner.clone(),
                    None => return Ok(None),
                }
            }
            _ => return Ok(None),
        };
        if self.current.is_some()
            || self.asked.is_some()
            || self.summary.games >= self.options.games
        {
            return Ok(None);
        }
        let role = match self.options.role {
            Role::Attacker => Some(Player::One),
            Role::Defender => Some(Player::Two),
            Role::Either => None,
        };
        let ids = match game::offers(json, &owner, role) {
            Ok(ids) => ids,
            Err(err) => {
                self.log(format!("skipped the games' update: {err}"));
                return Ok(None);
            }
        };
        let Some(&id) = ids.first() else { return Ok(None) };
        self.log(format!("asking to join game {id} of {owner}"));
        self.asked = Some(id);
        Bot::send(writer, &Request::JoinGamePending(id))
            .map_or_else(|err| dropped(&err), |()| Ok(None))
    }

    fn finish(&mut self, current: Current, result: GameResult) {
        self.summary.games += 1;
        match result {
            GameResult::Won(winner) if winner == current.me => self.summary.wins += 1,
            GameResult::Won(_) => self.summary.losses += 1,
            _ => self.summary.draws += 1,
        }
        let finished = current.finished(result);
        self.log(format!("game {} over: {}", finished.id, finished.result));
        (self.events)(Event::Finished(finished));
    }
}

#[cfg(test)]
#[path = "bot_tests.rs"]
mod tests;
