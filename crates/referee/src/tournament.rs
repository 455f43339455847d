//! A match: N games between engines A and B, colours alternated, run on several threads,
//! and its summary.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::mpsc;
use std::thread;

use crate::process::Failure;
use crate::stats::{Elo, GameScore, Tally};

/// Which engine of the match.
///
/// ```
/// use gridnote_referee::tournament::Engine;
/// assert_eq!(Engine::A.other(), Engine::B);
/// assert_eq!(Engine::B.to_string(), "b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Engine {
    /// The first engine named.
    A,
    /// The second engine named.
    B,
}

impl Engine {
    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Engine {
        match self {
            Engine::A => Engine::B,
            Engine::B => Engine::A,
        }
    }

    /// The score of a game this engine won.
    ///
    /// ```
    /// use gridnote_referee::stats::GameScore;
    /// use gridnote_referee::tournament::Engine;
    /// assert_eq!(Engine::B.win(), GameScore::BWins);
    /// ```
    #[must_use]
    pub const fn win(self) -> GameScore {
        match self {
            Engine::A => GameScore::AWins,
            Engine::B => GameScore::BWins,
        }
    }

    /// 0 for A, 1 for B.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Engine::A => 0,
            Engine::B => 1,
        }
    }
}

impl core::fmt::Display for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Engine::A => "a",
            Engine::B => "b",
        })
    }
}

/// Why an engine lost a game without the rules deciding it.
///
/// ```
/// use gridnote_referee::tournament::Forfeit;
/// let forfeit = Forfeit::IllegalMove { reply: "best a1".into(), reason: "a1 is already taken".into() };
/// assert_eq!(forfeit.to_string(), "illegal move (`best a1`): a1 is already taken");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "kind"))]
#[non_exhaustive]
pub enum Forfeit {
    /// A move the rules do not allow.
    #[error("illegal move (`{reply}`): {reason}")]
    IllegalMove {
        /// The engine's reply.
        reply: String,
        /// Why it is illegal.
        reason: String,
    },
    /// It used more time than its clock held.
    #[error("lost on time ({used_ms} ms used, {available_ms} ms available)")]
    Time {
        /// Milliseconds the move took (or the wait, when no reply came).
        used_ms: u64,
        /// Milliseconds its clock held.
        available_ms: u64,
    },
    /// It exited or crashed (its exit status or signal, and its last words).
    #[error("crashed: {0}")]
    Crash(String),
    /// It closed its input or output but kept running.
    #[error("left the game: {0}")]
    Closed(String),
    /// It did not answer the handshake in time.
    #[error("failed the handshake: {0}")]
    Handshake(String),
    /// Its program could not be started (no such program, not executable).
    #[error("could not be started: {0}")]
    NotStarted(String),
    /// A reply the protocol does not allow.
    #[error("malformed reply: {0}")]
    Malformed(String),
    /// It resigned (OTEP's `error -1 <message>`: a critical error).
    #[error("resigned: {0}")]
    Resigned(String),
}

/// Milliseconds of `d`, saturating.
pub(crate) fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Forfeit {
    /// The forfeit for an engine that failed to answer a request sent at `since`, when it
    /// had `available`: a time loss counts the time since the request.
    pub(crate) fn answering(
        failure: Failure,
        since: std::time::Instant,
        available: std::time::Duration,
    ) -> Forfeit {
        match failure {
            Failure::Timeout { .. } => {
                Forfeit::Time { used_ms: millis(since.elapsed()), available_ms: millis(available) }
            }
            other => Forfeit::lost(other),
        }
    }

    /// The forfeit for a failure during the handshake (`what`: the awaited reply).
    pub(crate) fn handshake(failure: Failure, what: &str, time: std::time::Duration) -> Forfeit {
        match failure {
            Failure::Timeout { .. } => {
                Forfeit::Handshake(format!("no {what} within {} s", time.as_secs_f64()))
            }
            other if other.never_started() => Forfeit::NotStarted(other.to_string()),
            other => Forfeit::lost(other),
        }
    }

    /// The forfeit for a failure outside a timed request (while sending).
    pub(crate) fn lost(failure: Failure) -> Forfeit {
        match failure {
            Failure::Malformed(what) => Forfeit::Malformed(what),
            Failure::Closed { .. } => Forfeit::Closed(failure.to_string()),
            other => Forfeit::Crash(other.to_string()),
        }
    }
}

/// How a game ended.
///
/// ```
/// use gridnote_referee::tournament::{Engine, Ending, Forfeit};
/// let ending = Ending::Forfeit { loser: Engine::B, forfeit: Forfeit::Crash("the engine exited".into()) };
/// assert_eq!(ending.to_string(), "b forfeits: crashed: the engine exited");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Ending {
    /// The rules ended it; the text says how (`x made 3 in a row`, `the board is full`).
    Rules(String),
    /// An engine forfeited.
    Forfeit {
        /// The engine that lost.
        loser: Engine,
        /// Why.
        forfeit: Forfeit,
    },
}

impl core::fmt::Display for Ending {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Ending::Rules(text) => f.write_str(text),
            Ending::Forfeit { loser, forfeit } => write!(f, "{loser} forfeits: {forfeit}"),
        }
    }
}

/// One game played.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Game {
    /// Its number in the match, from 1.
    pub number: usize,
    /// The engine that moved first (played the side to move of the opening).
    pub first: Engine,
    /// The result, from A's side.
    pub score: GameScore,
    /// How it ended.
    pub ending: Ending,
    /// Plies played after the opening.
    pub plies: usize,
    /// The game record's text (the protocol's record format).
    pub record: String,
    /// The record's file name in a records folder (`game-0001.txt`, `game-0001.otg`).
    pub file_name: String,
}

impl Game {
    /// A finished game.
    ///
    /// ```
    /// use gridnote_referee::stats::GameScore;
    /// use gridnote_referee::tournament::{Engine, Ending, Game};
    /// let game = Game::new(3, Engine::B, GameScore::Draw, Ending::Rules("the board is full".into()), 9, String::new(), "txt");
    /// assert_eq!(game.file_name, "game-0003.txt");
    /// ```
    #[must_use]
    pub fn new(
        number: usize,
        first: Engine,
        score: GameScore,
        ending: Ending,
        plies: usize,
        record: String,
        extension: &str,
    ) -> Game {
        let file_name = format!("game-{number:04}.{extension}");
        Game { number, first, score, ending, plies, record, file_name }
    }
}

/// A game kind the referee can run: it plays game `number` with `first` moving first.
pub trait Contest: Sync {
    /// Plays one whole game (starting and stopping both engines).
    fn play(&self, number: usize, first: Engine) -> Game;
}

/// A forfeit in the summary.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ForfeitEntry {
    /// The game's number.
    pub game: usize,
    /// The engine that forfeited.
    pub engine: Engine,
    /// Why, in words.
    pub reason: String,
}

/// What a match came to.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Summary {
    /// Games played.
    pub games: u32,
    /// Games A won.
    pub a_wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games B won.
    pub b_wins: u32,
    /// A's mean score per game (0 before any game).
    pub score: f64,
    /// The 95% interval of the score.
    pub score_interval: (f64, f64),
    /// The Elo difference A − B (null in JSON when infinite).
    pub elo: Option<f64>,
    /// The 95% error of the Elo difference (null in JSON when infinite).
    pub elo_error: Option<f64>,
    /// Every forfeit, by game.
    pub forfeits: Vec<ForfeitEntry>,
}

impl Summary {
    /// The summary of these games.
    ///
    /// ```
    /// use gridnote_referee::stats::GameScore;
    /// use gridnote_referee::tournament::{Engine, Ending, Game, Summary};
    /// let won = Game::new(1, Engine::A, GameScore::AWins, Ending::Rules("x made 3 in a row".into()), 5, String::new(), "txt");
    /// let summary = Summary::of(&[won]);
    /// assert_eq!((summary.games, summary.a_wins, summary.score), (1, 1, 1.0));
    /// assert_eq!(summary.elo, None);
    /// ```
    #[must_use]
    pub fn of(games: &[Game]) -> Summary {
        let mut scores = Scores::default();
        for game in games {
            scores.add(game);
        }
        scores.summary()
    }
}

/// A summary in the making: the tally and the forfeits so far (nothing else of a game
/// is kept).
#[derive(Debug, Default)]
struct Scores {
    tally: Tally,
    forfeits: Vec<ForfeitEntry>,
}

impl Scores {
    fn add(&mut self, game: &Game) {
        self.tally.add(game.score);
        if let Ending::Forfeit { loser, forfeit } = &game.ending {
            self.forfeits.push(ForfeitEntry {
                game: game.number,
                engine: *loser,
                reason: forfeit.to_string(),
            });
        }
    }

    fn summary(mut self) -> Summary {
        self.forfeits.sort_by_key(|f| f.game);
        let finite = |x: f64| x.is_finite().then_some(x);
        let tally = self.tally;
        let elo = tally.elo();
        Summary {
            games: tally.games(),
            a_wins: tally.a_wins,
            draws: tally.draws,
            b_wins: tally.b_wins,
            score: tally.score().unwrap_or(0.0),
            score_interval: tally.interval().unwrap_or((0.0, 1.0)),
            elo: elo.and_then(|Elo { difference, .. }| finite(difference)),
            elo_error: elo.and_then(|Elo { error, .. }| finite(error)),
            forfeits: self.forfeits,
        }
    }
}

/// Plays `games` games of `contest` on `jobs` threads (at least one, and never more than
/// there are games), colours alternated (odd-numbered games A first, even-numbered B
/// first, so each opening is played from both sides), and hands each game to `done` as it
/// ends, in the order they end; returns the summary. Nothing of a game is kept but its
/// score and forfeit: a match of any length takes the memory of `jobs` games. When
/// `done` breaks, no further game is started (the games under way are finished and
/// handed over) and the summary counts the games played.
///
/// ```
/// use std::ops::ControlFlow;
/// use gridnote_referee::stats::GameScore;
/// use gridnote_referee::tournament::{play_match, Contest, Engine, Ending, Game};
/// struct FirstWins;
/// impl Contest for FirstWins {
///     fn play(&self, number: usize, first: Engine) -> Game {
///         let score = if first == Engine::A { GameScore::AWins } else { GameScore::BWins };
///         Game::new(number, first, score, Ending::Rules("first wins".into()), 1, String::new(), "txt")
///     }
/// }
/// let mut scores = Vec::new();
/// let summary = play_match(&FirstWins, 4, 2, |game| {
///     scores.push((game.number, game.score));
///     ControlFlow::Continue(())
/// });
/// scores.sort_by_key(|s| s.0);
/// assert_eq!(scores.iter().map(|s| s.1).collect::<Vec<_>>(),
///            [GameScore::AWins, GameScore::BWins, GameScore::AWins, GameScore::BWins]);
/// assert_eq!((summary.games, summary.a_wins, summary.b_wins), (4, 2, 2));
/// // Stopped after the first game: one game played, one thread.
/// let summary = play_match(&FirstWins, 1_000_000, 1, |_| ControlFlow::Break(()));
/// assert_eq!(summary.games, 1);
/// ```
pub fn play_match<C: Contest + ?Sized>(
    contest: &C,
    games: usize,
    jobs: usize,
    mut done: impl FnMut(Game) -> ControlFlow<()>,
) -> Summary {
    // The game numbers are handed out one at a time as games end, so that no more than
    // `threads` games are under way and none starts after `done` breaks.
    let threads = jobs.clamp(1, games.max(1));
    let (numbers, to_play) = mpsc::channel::<usize>();
    let to_play = Mutex::new(to_play);
    let mut numbers = Some(numbers);
    let mut next = 1;
    for _ in 0..threads.min(games) {
        if let Some(numbers) = &numbers {
            let _ = numbers.send(next);
        }
        next += 1;
    }
    if next > games {
        numbers = None;
    }
    let (sender, receiver) = mpsc::channel();
    let mut scores = Scores::default();
    thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let to_play = &to_play;
            scope.spawn(move || {
                loop {
                    let number = match to_play.lock().map(|numbers| numbers.recv()) {
                        Ok(Ok(number)) => number,
                        _ => return,
                    };
                    let first = if number % 2 == 1 { Engine::A } else { Engine::B };
                    if sender.send(contest.play(number, first)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for game in receiver {
            scores.add(&game);
            let go_on = done(game).is_continue();
            match &numbers {
                Some(sender) if go_on && next <= games => {
                    let _ = sender.send(next);
                    next += 1;
                }
                _ => numbers = None,
            }
        }
    });
    scores.summary()
}
