//! Tafl games between two OTEP engines (OpenTafl's engine protocol, gridnote-protocol's
//! `otep` messages).
//!
//! The referee plays OpenTafl's part: it waits for each engine's `hello`, sends `rules
//! <record>` (and `position <record>` when the opening is not the start), then for each
//! turn `opponent-move <moves> <position>` (the moves since the engine last moved, in the
//! notation it asked for with `simple-moves`), `clock …` and `play attackers|defenders`,
//! and expects `move <move>`; it confirms a move with `move <position>`, and at the end
//! sends `finish <code>` and `goodbye`. `status` and `error 0` lines are read and
//! skipped; `error -1` is a resignation; an engine's `rules`, `position`, `side` and
//! `clock` requests are answered as OpenTafl answers them; other lines are skipped, as
//! OpenTafl's host skips them.
//!
//! A game record is an OTN game (`.otg`): tags (`[rules:…]`, `[position:…]` for an
//! opening, `[attackers:…]`, `[defenders:…]`, `[result:…]`, `[termination:…]`) and the
//! moves in OpenTafl's full notation, two a turn.

use std::time::{Duration, Instant};

use gridnote_board::Player;
use gridnote_board::tafl::{PRESETS, TaflRules};
use gridnote_protocol::otep::{
    Clock as OtepClock, Command, Finish, ParseError, Reply, Request, SideClock,
};
use gridnote_tafl_rules::{CompiledRules, Position};

use crate::clock::{Clock, TimeControl};
use std::sync::Arc;

use crate::process::{Launch, Link, Processes};
use crate::stats::GameScore;
use crate::tafl::{Record, Verdict, verdict};
use crate::tournament::{Contest, Ending, Engine, Forfeit, Game, millis};

/// How long an engine may take to start and say `hello`.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// The rules named `name` (an OpenTafl variant's preset name, as
/// [`gridnote_board::tafl::PRESETS`] lists them) or written as an OTN rules record.
///
/// # Errors
/// A message naming the known variants, or the record's error.
///
/// ```
/// use gridnote_referee::otep::rules_named;
/// assert_eq!(rules_named("brandubh")?.dim(), 7);
/// assert_eq!(rules_named("dim:5 start:/2t2/2T2/tTKTt/2T2/2t2/")?.dim(), 5);
/// assert!(rules_named("chess").unwrap_err().starts_with("unknown rules `chess`"));
/// # Ok::<(), String>(())
/// ```
pub fn rules_named(name: &str) -> Result<CompiledRules, String> {
    let record = match TaflRules::preset_record(name) {
        Some(record) => record,
        None if name.contains(':') => name,
        None => {
            return Err(format!(
                "unknown rules `{name}`: expected an OTN rules record (dim:… start:…) or one of {}",
                PRESETS.join(", ")
            ));
        }
    };
    record.parse::<CompiledRules>().map_err(|e| e.to_string())
}

/// The rules record OpenTafl would send for `name` (the record itself when it is one).
fn record_of(name: &str) -> &str {
    TaflRules::preset_record(name).unwrap_or(name)
}

/// A match of tafl games over OTEP.
///
/// ```no_run
/// use gridnote_referee::otep::OtepMatch;
/// use std::ops::ControlFlow;
/// use gridnote_referee::tournament::play_match;
/// let contest = OtepMatch::new(["gridnote otep".into(), "gridnote otep".into()], "brandubh", Vec::new(), "st=0.1".parse()?)?;
/// let summary = play_match(&contest, 10, 2, |_| ControlFlow::Continue(()));
/// assert_eq!(summary.games, 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct OtepMatch {
    /// The command lines of engines A and B.
    pub engines: [String; 2],
    /// The rules record sent to the engines.
    pub record: String,
    /// The rules, compiled.
    pub rules: CompiledRules,
    /// The openings (each played twice, colours swapped): positions with the side to
    /// move; the rules' start when empty.
    pub openings: Vec<Position>,
    /// Random openings from the rules' start, made as their games start (default none;
    /// they replace `openings`).
    pub random: Option<RandomOpenings>,
    /// The time control.
    pub time: TimeControl,
    /// Lateness forgiven on each move, for process scheduling (default 20 ms).
    pub margin: Duration,
    /// A game still going after this many plies is drawn (default 1,000).
    pub max_plies: usize,
    /// How long an engine may take to start and say `hello` (default [`HANDSHAKE_TIME`]).
    pub handshake_time: Duration,
    /// How the engines are started (default: as child processes, [`Processes`]).
    pub launcher: Arc<dyn Launch>,
}

impl OtepMatch {
    /// A match under `rules` (a preset name or an OTN rules record, as [`rules_named`]
    /// reads them).
    ///
    /// # Errors
    /// The rules cannot be read.
    pub fn new(
        engines: [String; 2],
        rules: &str,
        openings: Vec<Position>,
        time: TimeControl,
    ) -> Result<OtepMatch, String> {
        let compiled = rules_named(rules)?;
        Ok(OtepMatch {
            engines,
            record: record_of(rules).to_owned(),
            rules: compiled,
            openings,
            random: None,
            time,
            margin: Duration::from_millis(20),
            max_plies: 1000,
            handshake_time: HANDSHAKE_TIME,
            launcher: Arc::new(Processes),
        })
    }
}

/// Random opening number `index` (from 0) of `random` under `rules`: `random.plies`
/// random legal plies from the start that leave the game open, or `None` when none is
/// found. The same seed and index give the same opening (different indexes may give the
/// same position, more often the fewer the plies).
///
/// ```
/// use gridnote_referee::otep::{RandomOpenings, random_opening, rules_named};
/// let rules = rules_named("brandubh")?;
/// let opening = random_opening(&rules, RandomOpenings::new(4, 7), 0).unwrap();
/// assert_eq!(Some(&opening), random_opening(&rules, RandomOpenings::new(4, 7), 0).as_ref());
/// # Ok::<(), String>(())
/// ```
#[must_use]
pub fn random_opening(
    rules: &CompiledRules,
    random: RandomOpenings,
    index: usize,
) -> Option<Position> {
    crate::tafl::random_walk(&Position::start(rules), random, index).map(|(pos, _)| pos)
}

/// The first `count` random openings of `plies` plies under `rules` ([`random_opening`]
/// 0, 1, …), those that can be found.
///
/// ```
/// use gridnote_referee::otep::{random_openings, rules_named};
/// let rules = rules_named("brandubh")?;
/// let openings = random_openings(&rules, 4, 3, 7);
/// assert_eq!(openings.len(), 3);
/// assert_eq!(openings, random_openings(&rules, 4, 3, 7));
/// # Ok::<(), String>(())
/// ```
#[must_use]
pub fn random_openings(
    rules: &CompiledRules,
    plies: usize,
    count: usize,
    seed: u64,
) -> Vec<Position> {
    let random = RandomOpenings::new(plies, seed);
    (0..count).filter_map(|i| random_opening(rules, random, i)).collect()
}

/// The openings of a start-list file: one position a line, an OTN position record of
/// `rules`' board (`/3t3/…/`, rank 1 first, as OpenTafl writes it) and, after a space,
/// the side to move (`attackers` or `defenders`; the rules' first mover when left out).
/// Blank lines and lines starting with `#` are skipped. Each opening must leave the game
/// open.
///
/// ```
/// use gridnote_referee::otep::{read_openings, rules_named};
/// let rules = rules_named("brandubh")?;
/// let text = "# two openings\n/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\n\n/2t4/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ defenders\n";
/// let openings = read_openings(&rules, text)?;
/// assert_eq!(openings.len(), 2);
/// assert_eq!(openings[1].to_move(), gridnote_board::Player::Two);
/// let err = read_openings(&rules, "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ nobody\n").unwrap_err();
/// assert_eq!(err.to_string(), "openings line 1: `nobody` is not a side: expected attackers or defenders");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first line that is not a position of the rules' board, names no side, or holds
/// a finished game, with its number.
pub fn read_openings(rules: &CompiledRules, text: &str) -> Result<Vec<Position>, OpeningsError> {
    let first_mover = Position::start(rules).to_move();
    crate::openings::read_lines(text, |line| {
        let mut words = line.split_ascii_whitespace();
        let record = words.next().unwrap_or_default();
        let side = match words.next() {
            None => first_mover,
            Some("attackers") => Player::One,
            Some("defenders") => Player::Two,
            Some(other) => {
                return Err(format!("`{other}` is not a side: expected attackers or defenders"));
            }
        };
        if let Some(extra) = words.next() {
            return Err(format!("`{extra}` after the side: one position a line"));
        }
        let pos = Position::from_record(rules, record, side).map_err(|e| e.to_string())?;
        if pos.outcome().is_over() {
            return Err("the game is over in this position".to_owned());
        }
        Ok(pos)
    })
}

pub use crate::openings::{OpeningsError, RandomOpenings};

/// One engine in a game.
struct Seat {
    process: Box<dyn Link>,
    /// Whether it asked for full move notation (`simple-moves off`).
    full: bool,
    /// The moves played since it last moved: (simple, full) notation.
    pending: Vec<(String, String)>,
}

/// One game in progress.
struct Play<'m> {
    contest: &'m OtepMatch,
    seats: [Option<Seat>; 2],
    clocks: [Clock; 2],
    position: Position,
    /// Each ply in OpenTafl's full notation.
    moves: Vec<String>,
}

impl Play<'_> {
    fn start(&self, command: &str, opening: &Position) -> Result<Seat, Forfeit> {
        let time = self.contest.handshake_time;
        let failed = |f| Forfeit::handshake(f, "`hello`", time);
        let process = self.contest.launcher.launch(command).map_err(failed)?;
        let mut seat = Seat { process, full: false, pending: Vec::new() };
        let deadline = Instant::now() + time;
        loop {
            let line = seat.process.receive(deadline).map_err(failed)?;
            match line.parse::<Reply>() {
                Ok(Reply::Hello) => break,
                reply => self.side_line(&mut seat, &line, reply, None, "hello")?,
            }
        }
        let rules = Command::Rules(self.contest.record.clone());
        seat.process.send(&rules.to_string()).map_err(Forfeit::lost)?;
        if opening.otn() != Position::start(&self.contest.rules).otn() {
            let position = Command::Position(opening.otn());
            seat.process.send(&position.to_string()).map_err(Forfeit::lost)?;
        }
        Ok(seat)
    }

    /// A line that is not the awaited one (`reply`, as read): skipped, answered, or a
    /// forfeit.
    fn side_line(
        &self,
        seat: &mut Seat,
        line: &str,
        reply: Result<Reply, ParseError>,
        side: Option<Player>,
        expected: &str,
    ) -> Result<(), Forfeit> {
        let crash = Forfeit::lost;
        let malformed = || Forfeit::Malformed(format!("`{line}` (expected `{expected}`)"));
        let answer = match reply {
            Ok(Reply::SimpleMoves(on)) => {
                seat.full = !on;
                None
            }
            Ok(Reply::Error { code: Some(-1), message }) => return Err(Forfeit::Resigned(message)),
            Ok(Reply::Request(Request::Rules)) => Some(Command::Rules(self.contest.record.clone())),
            Ok(Reply::Request(Request::Position)) => Some(Command::Position(self.position.otn())),
            Ok(Reply::Request(Request::Side)) => side.map(Command::Side),
            Ok(Reply::Request(Request::Clock)) => Some(self.clock_command()),
            // OpenTafl's host reads only the commands it knows and skips every other line
            // (OpenTafl's own engine mode writes its log to standard output): so does the
            // referee, but for a line that starts like an answer and is not one.
            Ok(Reply::Move(_) | Reply::Hello) | Err(ParseError::MissingMove { .. }) => {
                return Err(malformed());
            }
            _ => None,
        };
        match answer {
            Some(command) => seat.process.send(&command.to_string()).map_err(crash),
            None => Ok(()),
        }
    }

    /// OTEP's `clock`: both sides' time in milliseconds. A fixed time a move is sent as
    /// the current overtime period (`*`) of that length in whole seconds, two periods
    /// left (OpenTafl's AI plans a period less 750 ms then; with one left it keeps a
    /// second back); an increment is not sent (OTEP has none).
    fn clock_command(&self) -> Command {
        let side = |i: usize, overtime: bool| SideClock {
            millis: millis(self.clocks[i].available()),
            in_overtime: overtime,
            overtimes: if overtime { 2 } else { 0 },
        };
        let (overtime, seconds) = match self.contest.time {
            TimeControl::PerMove(time) => (true, time.as_secs()),
            _ => (false, 0),
        };
        Command::Clock(OtepClock {
            attackers: side(0, overtime),
            defenders: side(1, overtime),
            overtime_seconds: seconds,
        })
    }

    /// Asks the engine playing the side to move for a move and plays it.
    fn turn(&mut self, engine: Engine) -> Result<(), Forfeit> {
        let side = self.position.to_move();
        let available = self.clocks[side.index()].available();
        let clock_line = self.clock_command().to_string();
        let record = self.position.otn();
        let mut seat = self.seats[engine.index()].take().expect("started");
        let result = self.ask(&mut seat, side, available, &clock_line, &record);
        self.seats[engine.index()] = Some(seat);
        let (reply, used) = result?;
        if !self.clocks[side.index()].spend(used.saturating_sub(self.contest.margin)) {
            return Err(Forfeit::Time { used_ms: millis(used), available_ms: millis(available) });
        }
        let illegal = |reason: String| Forfeit::IllegalMove { reply: reply.clone(), reason };
        let m = self.position.parse_move(&reply).map_err(|e| illegal(e.to_string()))?;
        let played = self.position.play(m).map_err(|e| illegal(e.to_string()))?;
        let simple = m.to_string();
        self.moves.push(played.text.clone());
        let after = Command::Move(self.position.otn()).to_string();
        let seat = self.seats[engine.index()].as_mut().expect("started");
        seat.process.send(&after).map_err(Forfeit::lost)?;
        let other = self.seats[engine.other().index()].as_mut().expect("started");
        other.pending.push((simple, played.text));
        Ok(())
    }

    fn ask(
        &self,
        seat: &mut Seat,
        side: Player,
        available: Duration,
        clock_line: &str,
        record: &str,
    ) -> Result<(String, Duration), Forfeit> {
        // The clock runs from the request: the opponent's move, the clock and `play`.
        let sent = Instant::now();
        let deadline = sent + available + self.contest.margin;
        let send_failure = |f| Forfeit::answering(f, sent, available);
        if !seat.pending.is_empty() {
            let moves = seat
                .pending
                .drain(..)
                .map(|(simple, full)| if seat.full { full } else { simple })
                .collect();
            let line = Command::OpponentMove { moves, position: record.to_owned() };
            seat.process.send(&line.to_string()).map_err(send_failure)?;
        }
        seat.process.send(clock_line).map_err(send_failure)?;
        seat.process.send(&Command::Play(side).to_string()).map_err(send_failure)?;
        loop {
            let line = seat.process.receive(deadline).map_err(send_failure)?;
            match line.parse::<Reply>() {
                Ok(Reply::Move(mv)) => return Ok((mv, sent.elapsed())),
                reply => self.side_line(seat, &line, reply, Some(side), "move <move>")?,
            }
        }
    }
}

impl Contest for OtepMatch {
    fn play(&self, number: usize, first: Engine) -> Game {
        let start = Position::start(&self.rules);
        let index = (number - 1) / 2;
        let mut ending = None;
        let opening = match (self.random, self.openings.is_empty()) {
            (Some(random), _) => random_opening(&self.rules, random, index).unwrap_or_else(|| {
                let why = format!("no opening of {} random plies was found", random.plies);
                ending = Some(Ending::Rules(why));
                start.clone()
            }),
            (None, true) => start.clone(),
            (None, false) => self.openings[index % self.openings.len()].clone(),
        };
        let opening = &opening;
        let start_side = opening.to_move();
        let engine_of = |player: Player| if player == start_side { first } else { first.other() };
        let mut play = Play {
            contest: self,
            seats: [None, None],
            clocks: [Clock::new(self.time); 2],
            position: opening.clone(),
            moves: Vec::new(),
        };
        for engine in [Engine::A, Engine::B].into_iter().filter(|_| ending.is_none()) {
            match play.start(&self.engines[engine.index()], opening) {
                Ok(seat) => play.seats[engine.index()] = Some(seat),
                Err(forfeit) => {
                    ending = Some(Ending::Forfeit { loser: engine, forfeit });
                    break;
                }
            }
        }
        let mut winner = None;
        while ending.is_none() {
            let pos = &play.position;
            let has_move = !pos.legal_moves().is_empty();
            match verdict(pos.outcome(), pos.to_move(), has_move, play.moves.len(), self.max_plies)
            {
                Verdict::Turn => {
                    let engine = engine_of(play.position.to_move());
                    if let Err(forfeit) = play.turn(engine) {
                        ending = Some(Ending::Forfeit { loser: engine, forfeit });
                    }
                }
                Verdict::Over(text, won) => {
                    winner = won;
                    ending = Some(Ending::Rules(text));
                }
            }
        }
        let ending = ending.expect("set above");
        let score = crate::tafl::score(&ending, winner, engine_of);
        let finish = match (&ending, score) {
            (Ending::Forfeit { .. }, _) => Finish::Ended,
            (_, GameScore::Draw) => Finish::Drawn,
            _ if score == engine_of(Player::One).win() => Finish::AttackersWon,
            _ => Finish::DefendersWon,
        };
        for seat in play.seats.iter_mut().filter_map(Option::take) {
            let mut process = seat.process;
            let _ = process.send(&Command::Finish(finish).to_string());
            process.stop(Some(&Command::Goodbye.to_string()), Duration::from_millis(200));
        }
        let record = Record {
            engines: &self.engines,
            time: self.time,
            rules_record: &self.record,
            rules: &self.rules,
            number,
            opening,
            moves: &play.moves,
            attackers: engine_of(Player::One),
            score,
            ending: &ending,
        }
        .text();
        let plies = play.moves.len();
        Game::new(number, first, score, ending, plies, record, "otg")
    }
}
