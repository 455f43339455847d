//! Copenhagen hnefatafl games between two HTP engines (the Hnefatafl Text Protocol of
//! hnefatafl-copenhagen's `hnefatafl-text-protocol`, gridnote-protocol's `htp` messages).
//!
//! The referee plays the part of HTP's host: it starts each engine and sends it
//! `board_size 11` and `time_settings …` (each answered `=`), the plies of a random
//! opening as `play ROLE FROM TO`, then for each turn the plies played since the engine
//! last moved (`play …`, each answered `=`) and `generate_move`, answered `= play ROLE FROM
//! TO` (anything after a comma in that reply, as hnefatafl-copenhagen adds, is skipped).
//! Lines that are not replies (`=` or `?` first) are skipped: hnefatafl-copenhagen writes
//! its thinking and board pictures between them. At the end each engine gets `quit`.
//!
//! The games are judged by gridnote's Copenhagen (the `copenhagen` preset) as
//! hnefatafl-copenhagen plays it: the defenders may not move so that the pieces stand as
//! they stood at the start or after any earlier ply (the attackers may), a repeated
//! position ends nothing, a side without a legal move loses, and the game is drawn after
//! 142 plies (that program's turn counter, [`MAX_PLIES`]). The program's other ending,
//! the attackers' win when it judges that the defenders can no longer escape, is one the
//! referee cannot compute: when an engine refuses a ply or `generate_move` with `?`, the
//! referee asks it `final_status`, and a finished game there ends the match game with
//! that result (the termination says which engine said so); an engine that refuses and
//! says `ongoing` forfeits.
//!
//! A time control `BASE+INCREMENT` is sent as `time_settings fischer MINUTES SECONDS`
//! (so BASE must be whole minutes and INCREMENT whole seconds); a fixed time a move
//! (`st=…`) as `time_settings un-timed`, HTP having no such clock: the engines then think
//! as long as their own settings say (`gridnote htp --move-time`), and the referee still
//! holds each move to that time. The game record is an OTN game (`.otg`), as for OTEP.

use std::sync::Arc;
use std::time::{Duration, Instant};

use gridnote_board::Player;
use gridnote_protocol::htp::{Command, Play, Reply, Status, TimeSettings, Vertex};
use gridnote_tafl_rules::{BoardHistory, CompiledRules, Move, Outcome, Position, TaflRules};

use crate::clock::{Clock, TimeControl};
use crate::process::{Failure, Launch, Link, Processes};
use crate::tafl::{Record, Verdict, Walk, random_walk, side_word, verdict};
use crate::tournament::{Contest, Ending, Engine, Forfeit, Game, millis};

pub use crate::openings::RandomOpenings;

/// How long an engine may take to start and answer `board_size`, `time_settings` and the
/// opening's plies.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// A game still going after this many plies is drawn, as hnefatafl-copenhagen draws it
/// (its turn counter passing 140 before the ply).
pub const MAX_PLIES: usize = 142;

/// The board size the referee plays.
const SIZE: u64 = 11;

/// The rules: gridnote's `copenhagen` preset.
const RULES: &str = "copenhagen";

/// A match of Copenhagen games (11×11) over HTP.
///
/// ```no_run
/// use gridnote_referee::htp::HtpMatch;
/// use gridnote_referee::tournament::play_match;
/// use std::ops::ControlFlow;
/// let engines = ["gridnote htp --move-time 900".into(), "gridnote htp --move-time 900".into()];
/// let contest = HtpMatch::new(engines, "st=1".parse()?)?;
/// let summary = play_match(&contest, 4, 1, |_| ControlFlow::Continue(()));
/// assert_eq!(summary.games, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct HtpMatch {
    /// The command lines of engines A and B.
    pub engines: [String; 2],
    /// The rules record of the game (written into the records).
    pub record: String,
    /// The rules, compiled.
    pub rules: CompiledRules,
    /// Random openings from the start, made as their games start (default none: every
    /// game from the start, colours alternated).
    pub random: Option<RandomOpenings>,
    /// The time control.
    pub time: TimeControl,
    /// Lateness forgiven on each move, for process scheduling (default 20 ms).
    pub margin: Duration,
    /// A game still going after this many plies is drawn (default [`MAX_PLIES`]).
    pub max_plies: usize,
    /// How long an engine may take to start and set the game up (default
    /// [`HANDSHAKE_TIME`]).
    pub handshake_time: Duration,
    /// How the engines are started (default: as child processes, [`Processes`]).
    pub launcher: Arc<dyn Launch>,
}

impl HtpMatch {
    /// A match of Copenhagen games under `time`.
    ///
    /// ```
    /// use gridnote_referee::htp::HtpMatch;
    /// let engines = || ["a".to_owned(), "b".to_owned()];
    /// assert_eq!(HtpMatch::new(engines(), "120+2".parse()?)?.max_plies, 142);
    /// let err = HtpMatch::new(engines(), "90+0.5".parse()?).unwrap_err();
    /// assert_eq!(err, "HTP's clock is whole minutes and whole seconds a move (time_settings fischer MINUTES SECONDS): 90+0.5 is not (give 60+1, 300+3, … or st=SECONDS)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A time control that HTP's `time_settings` cannot say.
    pub fn new(engines: [String; 2], time: TimeControl) -> Result<HtpMatch, String> {
        time_settings(time)?;
        let record = TaflRules::preset_record(RULES).ok_or("the copenhagen preset is missing")?;
        let rules = record.parse::<CompiledRules>().map_err(|e| e.to_string())?;
        Ok(HtpMatch {
            engines,
            record: record.to_owned(),
            rules,
            random: None,
            time,
            margin: Duration::from_millis(20),
            max_plies: MAX_PLIES,
            handshake_time: HANDSHAKE_TIME,
            launcher: Arc::new(Processes),
        })
    }
}

/// The `time_settings` that says `time`.
///
/// ```
/// use gridnote_referee::htp::time_settings;
/// use gridnote_protocol::htp::TimeSettings;
/// assert_eq!(time_settings("300+3".parse()?), Ok(TimeSettings::Fischer { minutes: 5, add_seconds: 3 }));
/// assert_eq!(time_settings("st=2".parse()?), Ok(TimeSettings::UnTimed));
/// assert!(time_settings("30+0".parse()?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A clock of the game that is not whole minutes, or an increment that is not whole
/// seconds.
pub fn time_settings(time: TimeControl) -> Result<TimeSettings, String> {
    match time {
        TimeControl::PerMove(_) => Ok(TimeSettings::UnTimed),
        TimeControl::Game { base, increment }
            if base.subsec_nanos() == 0
                && base.as_secs() % 60 == 0
                && increment.subsec_nanos() == 0 =>
        {
            Ok(TimeSettings::Fischer {
                minutes: base.as_secs() / 60,
                add_seconds: increment.as_secs(),
            })
        }
        _ => Err(format!(
            "HTP's clock is whole minutes and whole seconds a move (time_settings fischer MINUTES SECONDS): {time} is not (give 60+1, 300+3, … or st=SECONDS)"
        )),
    }
}

/// Random opening number `index` (from 0) of `random`: the plies, as HTP plays, of a
/// random walk of `random.plies` plies from Copenhagen's start that the rules above allow
/// and that leaves the game open; `None` when none is found. The same seed and index give
/// the same opening.
///
/// ```
/// use gridnote_referee::htp::{RandomOpenings, random_opening};
/// let plays = random_opening(RandomOpenings::new(4, 7), 0).unwrap();
/// assert_eq!(plays.len(), 4);
/// assert_eq!(plays[1].to_string().split(' ').nth(1), Some("defender"));
/// assert_eq!(Some(plays), random_opening(RandomOpenings::new(4, 7), 0));
/// ```
#[must_use]
pub fn random_opening(random: RandomOpenings, index: usize) -> Option<Vec<Play>> {
    let rules = TaflRules::preset_record(RULES)?.parse::<CompiledRules>().ok()?;
    let start = Judge::new(Position::start(&rules));
    let (_, line) = random_walk(&start, random, index)?;
    Some(plays(&start.position, &line))
}

/// The plies of `line` from `start` as HTP plays.
fn plays(start: &Position, line: &[Move]) -> Vec<Play> {
    let mut replay = start.clone();
    line.iter()
        .map(|&m| {
            let play = play_of(replay.to_move(), m);
            replay.make(m);
            play
        })
        .collect()
}

/// A game judged as hnefatafl-copenhagen judges it: the position and every board since
/// the start ([`BoardHistory`]).
#[derive(Clone)]
struct Judge {
    position: Position,
    history: BoardHistory,
}

impl Judge {
    fn new(position: Position) -> Judge {
        let history = BoardHistory::new(&position);
        Judge { position, history }
    }

    /// Whether `m` is legal: by the model, and for the defenders not back to an earlier
    /// board.
    fn allows(&self, m: Move) -> bool {
        self.history.allows(&self.position, m)
    }

    /// The model's outcome, a repetition ending nothing.
    fn outcome(&self) -> Outcome {
        BoardHistory::outcome(&self.position)
    }

    /// Plays an allowed move: its text in OpenTafl's full notation.
    fn play(&mut self, m: Move) -> Result<String, String> {
        let played = self.position.play(m).map_err(|e| e.to_string())?;
        self.history.push(&self.position);
        Ok(played.text)
    }
}

impl Walk for Judge {
    fn moves(&self) -> Vec<Move> {
        self.history.legal_moves(&self.position)
    }

    fn make(&mut self, m: Move) {
        self.position.make(m);
        self.history.push(&self.position);
    }

    fn open(&self) -> bool {
        !self.outcome().is_over()
    }
}

/// The HTP play of `m` by `role`.
fn play_of(role: Player, m: Move) -> Play {
    Play::Move { role, from: Vertex(m.from), to: Vertex(m.to) }
}

/// One engine in a game.
struct Seat {
    process: Box<dyn Link>,
    /// The plies played since it last moved.
    pending: Vec<Play>,
}

/// How a request went: answered (the reply, and the line as written), or failed.
type Answer = Result<(Reply, String), Failure>;

impl Seat {
    /// Sends `command` and reads its reply, skipping every line that is not one.
    fn ask(&mut self, command: &Command, deadline: Instant) -> Answer {
        self.process.send(&command.to_string())?;
        loop {
            let line = self.process.receive(deadline)?;
            if let Ok(reply) = line.parse::<Reply>() {
                return Ok((reply, line));
            }
        }
    }
}

/// Why a turn ended without a move.
enum Stop {
    /// The engine forfeits.
    Forfeit(Forfeit),
    /// The engine refused to go on and its `final_status` says the game is over.
    Over(String, Option<Player>),
}

/// One game in progress.
struct Table<'m> {
    contest: &'m HtpMatch,
    seats: [Option<Seat>; 2],
    clocks: [Clock; 2],
    judge: Judge,
    /// Each ply after the opening in OpenTafl's full notation.
    moves: Vec<String>,
}

impl Table<'_> {
    fn start(&self, command: &str, opening: &[Play]) -> Result<Seat, Forfeit> {
        let time = self.contest.handshake_time;
        let process = self
            .contest
            .launcher
            .launch(command)
            .map_err(|f| Forfeit::handshake(f, "`=` to `board_size 11`", time))?;
        let mut seat = Seat { process, pending: Vec::new() };
        let deadline = Instant::now() + time;
        let settings = time_settings(self.contest.time).map_err(Forfeit::Handshake)?;
        let mut setup = vec![Command::BoardSize(SIZE), Command::TimeSettings(settings)];
        setup.extend(opening.iter().map(|&play| Command::Play(play)));
        for command in setup {
            let what = format!("`=` to `{command}`");
            match seat.ask(&command, deadline) {
                Ok((Reply::Success(_), _)) => {}
                Ok((_, line)) => {
                    return Err(Forfeit::Handshake(format!("`{command}` answered `{line}`")));
                }
                Err(failure) => return Err(Forfeit::handshake(failure, &what, time)),
            }
        }
        Ok(seat)
    }

    /// Asks the engine playing the side to move for a move and plays it.
    fn turn(&mut self, engine: Engine) -> Result<(), Stop> {
        let side = self.judge.position.to_move();
        let available = self.clocks[side.index()].available();
        let mut seat = self.seats[engine.index()].take().expect("started");
        let result = self.ask(&mut seat, side, available);
        self.seats[engine.index()] = Some(seat);
        let (reply, used) = result?;
        if !self.clocks[side.index()].spend(used.saturating_sub(self.contest.margin)) {
            let forfeit = Forfeit::Time { used_ms: millis(used), available_ms: millis(available) };
            return Err(Stop::Forfeit(forfeit));
        }
        let illegal =
            |reason: String| Stop::Forfeit(Forfeit::IllegalMove { reply: reply.clone(), reason });
        let play = Play::from_reply(&reply).map_err(|e| {
            Stop::Forfeit(Forfeit::Malformed(format!(
                "`= {reply}` (expected `= play ROLE FROM TO`): {e}"
            )))
        })?;
        let (from, to) = match play {
            Play::Move { role, .. } if role != side => {
                return Err(illegal(format!("it is the {}' turn", side_word(side))));
            }
            Play::Move { from, to, .. } => (from, to),
            _ => return Err(Stop::Forfeit(Forfeit::Resigned(reply.clone()))),
        };
        let m = Move::new(from.0, to.0);
        if !self.judge.allows(m) {
            let why = if self.judge.position.is_legal(m) {
                "the defenders may not move back to an earlier board"
            } else {
                "the rules do not allow it"
            };
            return Err(illegal(why.to_owned()));
        }
        let text = self.judge.play(m).map_err(illegal)?;
        self.moves.push(text);
        let other = self.seats[engine.other().index()].as_mut().expect("started");
        other.pending.push(play_of(side, m));
        Ok(())
    }

    /// Sends the plies the engine has not seen and `generate_move`: the reply's text and
    /// the time taken.
    fn ask(
        &self,
        seat: &mut Seat,
        side: Player,
        available: Duration,
    ) -> Result<(String, Duration), Stop> {
        // The clock runs from the first ply sent.
        let sent = Instant::now();
        let deadline = sent + available + self.contest.margin;
        let failed = |f| Stop::Forfeit(Forfeit::answering(f, sent, available));
        let pending: Vec<Play> = seat.pending.drain(..).collect();
        for command in pending.into_iter().map(Command::Play).chain([Command::GenerateMove]) {
            match seat.ask(&command, deadline).map_err(failed)? {
                (Reply::Success(text), _) if command == Command::GenerateMove => {
                    return Ok((text, sent.elapsed()));
                }
                (Reply::Success(_), _) => {}
                (_, line) => return Err(refused(seat, &command, &line, side, deadline)),
            }
        }
        unreachable!("generate_move is the last command")
    }
}

/// An engine answered `command` with `? …` (`line`): the game's end by its
/// `final_status`, or its forfeit.
fn refused(
    seat: &mut Seat,
    command: &Command,
    line: &str,
    side: Player,
    deadline: Instant,
) -> Stop {
    let forfeit = || {
        Stop::Forfeit(Forfeit::Malformed(format!(
            "`{command}` answered `{line}` with the {} to move",
            side_word(side)
        )))
    };
    let Ok((Reply::Success(text), _)) = seat.ask(&Command::FinalStatus, deadline) else {
        return forfeit();
    };
    let winner = match text.parse::<Status>() {
        Ok(Status::AttackerWins) => Some(Player::One),
        Ok(Status::DefenderWins) => Some(Player::Two),
        Ok(Status::Draw) => None,
        _ => return forfeit(),
    };
    let result = match winner {
        Some(side) => format!("{} win", side_word(side)),
        None => "drawn".to_owned(),
    };
    Stop::Over(
        format!(
            "{result}: by the engine's final_status `{text}` after `{command}` answered `{line}`"
        ),
        winner,
    )
}

impl Contest for HtpMatch {
    fn play(&self, number: usize, first: Engine) -> Game {
        let start = Judge::new(Position::start(&self.rules));
        let index = (number - 1) / 2;
        let mut ending = None;
        let (judge, line) = match self.random {
            Some(random) => random_walk(&start, random, index).unwrap_or_else(|| {
                let why = format!("no opening of {} random plies was found", random.plies);
                ending = Some(Ending::Rules(why));
                (start.clone(), Vec::new())
            }),
            None => (start.clone(), Vec::new()),
        };
        let opening_plays = plays(&start.position, &line);
        let opening = judge.position.clone();
        let start_side = opening.to_move();
        let engine_of = |player: Player| if player == start_side { first } else { first.other() };
        let mut table = Table {
            contest: self,
            seats: [None, None],
            clocks: [Clock::new(self.time); 2],
            judge,
            moves: Vec::new(),
        };
        for engine in [Engine::A, Engine::B].into_iter().filter(|_| ending.is_none()) {
            match table.start(&self.engines[engine.index()], &opening_plays) {
                Ok(seat) => table.seats[engine.index()] = Some(seat),
                Err(forfeit) => {
                    ending = Some(Ending::Forfeit { loser: engine, forfeit });
                    break;
                }
            }
        }
        let mut winner = None;
        while ending.is_none() {
            let judge = &table.judge;
            let (to_move, has_move) = (judge.position.to_move(), !judge.moves().is_empty());
            match verdict(judge.outcome(), to_move, has_move, table.moves.len(), self.max_plies) {
                Verdict::Turn => {
                    let engine = engine_of(to_move);
                    match table.turn(engine) {
                        Ok(()) => {}
                        Err(Stop::Forfeit(forfeit)) => {
                            ending = Some(Ending::Forfeit { loser: engine, forfeit });
                        }
                        Err(Stop::Over(text, won)) => {
                            winner = won;
                            ending = Some(Ending::Rules(format!("{text} (engine {engine})")));
                        }
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
        for seat in table.seats.iter_mut().filter_map(Option::take) {
            seat.process.stop(Some(&Command::Quit.to_string()), Duration::from_millis(200));
        }
        let record = Record {
            engines: &self.engines,
            time: self.time,
            rules_record: &self.record,
            rules: &self.rules,
            number,
            opening: &opening,
            moves: &table.moves,
            attackers: engine_of(Player::One),
            score,
            ending: &ending,
        }
        .text();
        let plies = table.moves.len();
        Game::new(number, first, score, ending, plies, record, "otg")
    }
}
