//! gridnote's tafl engine speaking OTEP (gridnote-protocol's [`otep`](gridnote_protocol::otep)
//! messages), as OpenTafl's `opentafl-engine-protocol.txt` and its external-engine host
//! (`ExternalEngineHost.java`) define it.
//!
//! ```text
//!                                  < hello
//! > rules dim:7 name:Brandub … start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/
//! > clock 10000 10000 0 0 0
//! > play attackers                 < status depth 6 score 35 nodes 91234 pv d2-c2 …
//!                                  < move d2-c2
//! > move /3t3/…/                   (the host's confirmation: the board after the move)
//! > opponent-move d3-e3 /3t3/…/
//! > play attackers                 < …
//! > finish 2
//! > goodbye
//! ```
//!
//! A line the engine cannot read, or cannot act on, is answered with `error 0 <message>`
//! (or `error -1 <message>` when the game cannot go on: rules it cannot use) and the
//! engine keeps serving. Commands are read while it searches: `goodbye` ends it at once,
//! `rules`, `position` and `finish` drop the search (no move is sent) and act, `stop`
//! sends the move found so far, and `clock` and `simple-moves` take effect; anything
//! else waits for the move. docs/engine.md says how each ambiguous place of the protocol
//! is read.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use gridnote_board::Player;
use gridnote_protocol::otep::{AnalysisLine, Clock, Command, Reply};
use gridnote_protocol::text::Escaped;
use gridnote_tafl_rules::{CompiledRules, Move, Position};
use gridnote_tafl_search::{Lateness, Limits, SearchResult, Searcher, TimeBudget, WIN, Weights};

use crate::driver::{self, Ctx, Flow, MAX_LINE, ServeError, Session};

/// The largest board the engine plays (19×19, OpenTafl's largest).
pub const MAX_DIM: usize = 19;

/// Kept back from every move's time for the engine's own latency: reading the command,
/// writing the move, and the host's reading it (besides the lateness measured).
const MARGIN: Duration = Duration::from_millis(50);

/// The longest time a clock is read as (an `Instant` cannot reach centuries).
const DAY: Duration = Duration::from_secs(86_400);

/// How the engine plays.
///
/// ```
/// use std::time::Duration;
/// let options = gridnote_engine::otep::Options::default().with_table_bytes(4 << 20);
/// assert_eq!(options.table_bytes, 4 << 20);
/// assert_eq!(options.move_time, Duration::from_secs(5));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The most memory the transposition table may take (allocated after `hello`).
    pub table_bytes: usize,
    /// The time to think about a move when no `clock` was given.
    pub move_time: Duration,
    /// Ask for and write OpenTafl's full move notation (`Kd4-d1xc1`) instead of the
    /// simple `d4-d1` (sends `simple-moves off` after `hello`).
    pub full_moves: bool,
    /// The longest a move or an analysis may take, whatever the clock says (default a
    /// day).
    pub max_think: Duration,
}

impl Default for Options {
    /// A 64 MiB table, five seconds a move without a clock, simple moves.
    fn default() -> Options {
        Options {
            table_bytes: 64 << 20,
            move_time: Duration::from_secs(5),
            full_moves: false,
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

    /// These options with `time` a move when no `clock` was given.
    #[must_use]
    pub fn with_move_time(self, time: Duration) -> Options {
        Options { move_time: time, ..self }
    }

    /// These options, never thinking longer than `time` about a move (a day at most).
    #[must_use]
    pub fn with_max_think(self, time: Duration) -> Options {
        Options { max_think: time.min(DAY), ..self }
    }

    /// These options, writing full moves or not.
    #[must_use]
    pub fn with_full_moves(self, full_moves: bool) -> Options {
        Options { full_moves, ..self }
    }
}

/// Serves OTEP: says `hello` (before the table is allocated, so that a host waiting a few
/// seconds for it is not kept waiting by a large table), then reads commands from
/// `input` and writes replies to `output` until `goodbye` or the end of the input (a
/// search under way is answered first).
///
/// ```
/// use gridnote_engine::otep::{Options, serve};
/// let input = "rules dim:7 name:Brandub surf:n atkf:y ks:w cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\n\
///              position /7/7/7/7/7/7/2tK3/\nplay defenders\ndance\ngoodbye\n";
/// let mut out = Vec::new();
/// serve(input.as_bytes(), &mut out, &Options::default().with_table_bytes(1 << 20))?;
/// let out = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("status ")).collect();
/// assert_eq!(lines, ["hello", "move d7-g7", "error 0 unknown command `dance`"]);
/// # Ok::<(), gridnote_engine::ServeError>(())
/// ```
///
/// # Errors
/// [`ServeError::Table`] when the table cannot be allocated (after `error -1 <why>` is
/// sent), [`ServeError::Read`] and [`ServeError::Write`] when the streams fail.
pub fn serve<R, W>(input: R, output: W, options: &Options) -> Result<(), ServeError>
where
    R: BufRead + Send,
    W: Write,
{
    let mut session = Otep {
        output,
        rules: None,
        position: None,
        clock: None,
        move_time: options.move_time,
        max_think: options.max_think,
        full_moves: options.full_moves,
        rejected: false,
        lateness: Lateness::default(),
        answering: None,
    };
    let mut hello = vec![Reply::Hello];
    if options.full_moves {
        hello.push(Reply::SimpleMoves(false));
    }
    session.send(&hello).map_err(ServeError::Write)?;
    let mut searcher = match Searcher::with_table_bytes(options.table_bytes, Weights::default()) {
        Ok(searcher) => searcher,
        Err(err) => {
            let message = format!("cannot play: {err}");
            let _ = session.send(&[Reply::Error { code: Some(-1), message }]);
            return Err(ServeError::Table(err));
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    searcher.stop_when(Arc::clone(&stop));
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
    Search {
        position: Position,
        limits: Limits,
    },
    /// Forget the table and the history (a new game).
    Clear,
}

/// What it answers.
enum Done {
    Found(SearchResult),
    Cleared,
}

/// What a search under way answers.
enum Answering {
    /// `play`: read at this instant, this long planned.
    Play { read: Instant, planned: Duration },
    /// `analyze N`.
    Analyze { moves: usize },
}

/// The engine's state between commands.
struct Otep<W> {
    output: W,
    rules: Option<CompiledRules>,
    position: Option<Position>,
    clock: Option<Clock>,
    move_time: Duration,
    max_think: Duration,
    full_moves: bool,
    /// Set by an `error` from the host: the next `opponent-move` carries the position to
    /// go back to.
    rejected: bool,
    /// How late the answers to `play` have been, beyond the time planned.
    lateness: Lateness,
    answering: Option<Answering>,
}

/// An error of a command: its message, for `error 0`.
type Refusal = String;

impl<W: Write> Otep<W> {
    /// Writes replies, each on its line with any control character escaped.
    fn send(&mut self, replies: &[Reply]) -> io::Result<()> {
        for reply in replies {
            writeln!(self.output, "{}", Escaped(&reply.to_string()))?;
        }
        self.output.flush()
    }

    fn rules(&self) -> Result<CompiledRules, Refusal> {
        self.rules.clone().ok_or_else(|| "no game: send `rules` first".to_owned())
    }

    fn position_mut(&mut self) -> Result<&mut Position, Refusal> {
        self.position.as_mut().ok_or_else(|| "no game: send `rules` first".to_owned())
    }

    /// The current position with `side` to move (the board kept, the history dropped
    /// when the side changes).
    fn set_side(&mut self, side: Player) -> Result<(), Refusal> {
        let rules = self.rules()?;
        let pos = self.position_mut()?;
        if pos.to_move() != side {
            *pos = Position::from_record(&rules, &pos.otn(), side).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    fn move_text(&self, pos: &Position, m: Move) -> String {
        if self.full_moves {
            pos.move_text(m).unwrap_or_else(|| m.to_string())
        } else {
            m.to_string()
        }
    }

    /// Acts on one command (the search, if any, already dealt with).
    fn act(
        &mut self,
        command: Command,
        ctx: &mut Ctx<'_, Job, Done>,
    ) -> Result<Vec<Reply>, Refusal> {
        match command {
            Command::Rules(record) => Ok(self.new_rules(&record, ctx)),
            Command::Position(record) => {
                let rules = self.rules()?;
                let side = self.position.as_ref().map_or(Player::One, Position::to_move);
                let pos = Position::from_record(&rules, &record, side)
                    .map_err(|e| format!("bad position: {e}"))?;
                self.position = Some(pos);
                Ok(Vec::new())
            }
            Command::Side(side) => self.set_side(side).map(|()| Vec::new()),
            Command::Clock(clock) => {
                self.clock = Some(clock);
                Ok(Vec::new())
            }
            Command::Play(side) => self.play(side, ctx).map(|()| Vec::new()),
            Command::Analyze { moves, seconds } => {
                self.analyze(moves.get(), seconds, ctx).map(|()| Vec::new())
            }
            Command::Move(record) => self.confirmed(&record),
            Command::OpponentMove { moves, position } => self.opponent_move(&moves, &position),
            Command::Error(_) => {
                // The host rejected the last move: it sends the position back next.
                self.rejected = true;
                Ok(Vec::new())
            }
            Command::Finish(_) => {
                self.clock = None;
                ctx.start(Job::Clear);
                Ok(Vec::new())
            }
            Command::SimpleMoves(on) => {
                self.full_moves = !on;
                Ok(Vec::new())
            }
            // Engine-to-host commands the host may echo, and a `stop` with nothing to
            // stop: nothing to do.
            _ => Ok(Vec::new()),
        }
    }

    fn new_rules(&mut self, record: &str, ctx: &mut Ctx<'_, Job, Done>) -> Vec<Reply> {
        let critical = |message: String| vec![Reply::Error { code: Some(-1), message }];
        match record.parse::<CompiledRules>() {
            Ok(rules) if rules.dim() > MAX_DIM => critical(format!(
                "a {0}x{0} board: this engine plays up to {MAX_DIM}x{MAX_DIM}",
                rules.dim()
            )),
            Ok(rules) => {
                self.position = Some(Position::start(&rules));
                self.rules = Some(rules);
                ctx.start(Job::Clear);
                Vec::new()
            }
            Err(e) => critical(format!("cannot use the rules: {e}")),
        }
    }

    /// The host's `move <position>`: our move went through; the board it gives wins if
    /// ours differs.
    fn confirmed(&mut self, record: &str) -> Result<Vec<Reply>, Refusal> {
        let rules = self.rules()?;
        let pos = self.position_mut()?;
        if pos.otn() == record {
            return Ok(Vec::new());
        }
        let side = pos.to_move();
        *pos = Position::from_record(&rules, record, side)
            .map_err(|e| format!("bad position: {e}"))?;
        Ok(vec![Reply::Status(
            "the board after our move differs from ours: the host's is kept".to_owned(),
        )])
    }

    fn opponent_move(&mut self, moves: &[String], record: &str) -> Result<Vec<Reply>, Refusal> {
        let rules = self.rules()?;
        let rejected = std::mem::take(&mut self.rejected);
        let pos = self.position_mut()?;
        let mut out = Vec::new();
        if !rejected {
            for text in moves {
                if let Err(e) = pos.play_text(text) {
                    out.push(Reply::Status(format!(
                        "cannot follow `{text}` ({e}): the host's board is kept"
                    )));
                    break;
                }
            }
        }
        if pos.otn() != record {
            // After a rejected move, or when the host's board is not ours: the host's
            // board, the other side to move.
            let mover = pos.to_move();
            *pos = Position::from_record(&rules, record, mover)
                .map_err(|e| format!("bad position: {e}"))?;
            if out.is_empty() && !rejected {
                out.push(Reply::Status(
                    "the board after the opponent's move differs from ours: the host's is kept"
                        .to_owned(),
                ));
            }
        }
        Ok(out)
    }

    fn play(&mut self, side: Player, ctx: &mut Ctx<'_, Job, Done>) -> Result<(), Refusal> {
        let read = Instant::now();
        self.set_side(side)?;
        let think = match &self.clock {
            Some(clock) => budget(clock, side, self.lateness.margin()),
            None => self.move_time,
        }
        .min(self.max_think);
        let pos = self.position.as_ref().ok_or_else(|| "no game: send `rules` first".to_owned())?;
        if pos.outcome().is_over() {
            return Err("the game is over: no move to play".to_owned());
        }
        ctx.start(Job::Search { position: pos.clone(), limits: Limits::time(think) });
        self.answering = Some(Answering::Play { read, planned: think });
        Ok(())
    }

    fn analyze(
        &mut self,
        moves: usize,
        seconds: u64,
        ctx: &mut Ctx<'_, Job, Done>,
    ) -> Result<(), Refusal> {
        let pos = self.position.as_ref().ok_or_else(|| "no game: send `rules` first".to_owned())?;
        if pos.outcome().is_over() {
            return Err("the game is over: nothing to analyze".to_owned());
        }
        let time = Duration::from_secs(seconds).min(self.max_think).saturating_sub(MARGIN);
        let limits = Limits::time(time.max(Duration::from_millis(1))).with_multipv(moves);
        ctx.start(Job::Search { position: pos.clone(), limits });
        self.answering = Some(Answering::Analyze { moves });
        Ok(())
    }

    /// The replies to a finished `play`: the search's status and the move, played on our
    /// board.
    fn played(&mut self, found: &SearchResult) -> Result<Vec<Reply>, Refusal> {
        let Some(best) = found.best else {
            return Err("no legal move".to_owned());
        };
        let pos = self.position.as_ref().ok_or_else(|| "no game: send `rules` first".to_owned())?;
        let text = self.move_text(pos, best);
        let pv: Vec<String> = found.pv.iter().map(Move::to_string).collect();
        let status = format!(
            "depth {} score {} nodes {} time {} ms pv {}",
            found.depth,
            score_text(found.score),
            found.nodes,
            found.elapsed.as_millis(),
            pv.join(" ")
        );
        self.position_mut()?.play(best).map_err(|e| e.to_string())?;
        Ok(vec![Reply::Status(status), Reply::Move(text)])
    }
}

/// The reply to a finished `analyze`.
fn analysis(found: &SearchResult, moves: usize) -> Result<Reply, Refusal> {
    if found.best.is_none() {
        return Err("no legal move".to_owned());
    }
    let lines = found
        .root
        .iter()
        .take(moves)
        .enumerate()
        .map(|(i, &(m, score))| {
            // The principal variation for the first; the evaluation for the side to move,
            // in attackers.
            let (moves, score) = if i == 0 {
                (found.pv.iter().map(Move::to_string).collect(), found.score)
            } else {
                (vec![m.to_string()], score)
            };
            AnalysisLine { moves, evaluation: eval_text(score) }
        })
        .collect();
    Ok(Reply::Analysis(lines))
}

impl<W: Write> Session for Otep<W> {
    type Job = Job;
    type Done = Done;

    fn command(&mut self, line: &str, ctx: &mut Ctx<'_, Job, Done>) -> io::Result<Flow> {
        let command = line.parse::<Command>();
        if ctx.busy() {
            // While a search runs: `goodbye` and `stop` answer at once, a new game or
            // board drops the search, the clock and the notation take effect; anything
            // else (a malformed line too) is for after the move, answered in order.
            match &command {
                Ok(Command::Goodbye) => {
                    // Its move so far is the last word (a host that has gone already
                    // does not make that a failure).
                    if let Some(done) = ctx.interrupt() {
                        let _ = self.done(done, ctx);
                    }
                    return Ok(Flow::Quit);
                }
                Ok(Command::Stop) => {
                    return match ctx.interrupt() {
                        Some(done) => self.done(done, ctx),
                        None => Ok(Flow::Continue),
                    };
                }
                Ok(Command::Rules(_) | Command::Position(_)) => {
                    ctx.interrupt();
                    self.answering = None;
                }
                Ok(
                    Command::Clock(_)
                    | Command::SimpleMoves(_)
                    | Command::Hello
                    | Command::Status(_),
                ) => {}
                _ => {
                    ctx.defer(line);
                    return Ok(Flow::Continue);
                }
            }
        }
        let command = match command {
            Ok(command) => command,
            Err(err) => {
                self.send(&[Reply::Error { code: Some(0), message: err.to_string() }])?;
                return Ok(Flow::Continue);
            }
        };
        if command == Command::Goodbye {
            return Ok(Flow::Quit);
        }
        let replies = match self.act(command, ctx) {
            Ok(replies) => replies,
            Err(message) => vec![Reply::Error { code: Some(0), message }],
        };
        self.send(&replies)?;
        Ok(Flow::Continue)
    }

    fn too_long(&mut self) -> io::Result<()> {
        let message = format!("a command longer than {MAX_LINE} bytes");
        self.send(&[Reply::Error { code: Some(0), message }])
    }

    fn done(&mut self, done: Done, _ctx: &mut Ctx<'_, Job, Done>) -> io::Result<Flow> {
        let Done::Found(found) = done else { return Ok(Flow::Continue) };
        let replies = match self.answering.take() {
            Some(Answering::Play { read, planned }) => {
                let replies = self.played(&found);
                if replies.is_ok() {
                    let sent = self.send(replies.as_deref().unwrap_or_default());
                    self.lateness.observe(planned, read.elapsed());
                    sent?;
                    return Ok(Flow::Continue);
                }
                replies
            }
            Some(Answering::Analyze { moves }) => analysis(&found, moves).map(|r| vec![r]),
            None => Ok(Vec::new()),
        };
        let replies =
            replies.unwrap_or_else(|message| vec![Reply::Error { code: Some(0), message }]);
        self.send(&replies)?;
        Ok(Flow::Continue)
    }
}

/// The time to think for `side`: a share of main time, or most of the overtime period
/// once main time is spent; `late` is kept back besides the fixed margin.
fn budget(clock: &Clock, side: Player, late: Duration) -> Duration {
    let own = clock.side(side);
    let period = Duration::from_secs(clock.overtime_seconds).min(DAY);
    let left = Duration::from_millis(own.millis).min(DAY);
    let margin = MARGIN + late;
    if own.in_overtime {
        return TimeBudget { remaining: left, increment: Duration::ZERO, moves_to_go: 1, margin }
            .allot();
    }
    // Main time: a share of it; the overtime periods that follow act as a reserve of one
    // period a move.
    let reserve = own.overtimes > 0;
    let increment = if reserve { period } else { Duration::ZERO };
    let share = TimeBudget { remaining: left, increment, moves_to_go: 30, margin }.allot();
    if reserve { share.max(period.saturating_sub(margin) / 2) } else { share }
}

/// A score for `status`: centipawns, or `win N` / `loss N` plies.
fn score_text(score: i32) -> String {
    if score > WIN - 200 {
        format!("win {}", WIN - score)
    } else if score < -(WIN - 200) {
        format!("loss {}", WIN + score)
    } else {
        score.to_string()
    }
}

/// A score for `analysis` (OpenTafl reads a number): in pieces, two decimals.
fn eval_text(score: i32) -> String {
    format!("{:.2}", f64::from(score) / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_give_a_share_of_main_time_or_most_of_a_period() {
        let c: Clock = "60000 1500* 10 3 2".parse().unwrap();
        // Defenders in overtime: the period less the margin.
        assert_eq!(budget(&c, Player::Two, Duration::ZERO), Duration::from_millis(1450));
        // Less the lateness seen.
        assert_eq!(budget(&c, Player::Two, Duration::from_millis(70)), Duration::from_millis(1380));
        // Attackers: a thirtieth of main time plus 80% of a period, the reserve.
        assert_eq!(budget(&c, Player::One, Duration::ZERO), Duration::from_millis(2000 + 8000));
        let plain: Clock = "30000 30000 0 0 0".parse().unwrap();
        assert_eq!(budget(&plain, Player::One, Duration::ZERO), Duration::from_millis(1000));
        // A tenth of a second a move, late by more than that: a twentieth of it.
        let short: Clock = "100* 100* 0 2 2".parse().unwrap();
        assert_eq!(budget(&short, Player::One, Duration::ZERO), Duration::from_millis(50));
        assert_eq!(
            budget(&short, Player::One, Duration::from_millis(30)),
            Duration::from_millis(20)
        );
        assert_eq!(
            budget(&short, Player::One, Duration::from_millis(90)),
            Duration::from_millis(5)
        );
        // Clocks of centuries are read as a day.
        let huge: Clock = "18446744073709551615 1 18446744073709551615 1 1".parse().unwrap();
        assert_eq!(budget(&huge, Player::One, Duration::ZERO), DAY / 30 + DAY * 4 / 5);
    }

    #[test]
    fn scores_are_written_as_wins_or_pieces() {
        assert_eq!(score_text(35), "35");
        assert_eq!(score_text(WIN - 3), "win 3");
        assert_eq!(score_text(-(WIN - 2)), "loss 2");
        assert_eq!(eval_text(-150), "-1.50");
    }
}
