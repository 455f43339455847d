//! The game loop of an m,n,k match ([`St3pMatch`]): each engine started, asked for its
//! moves and stopped in its own protocol (ST3P in `crate::st3p`, Gomocup in
//! `crate::gomocup`), the game judged by gridnote-board's rules, and its record written.

use std::time::Duration;

use gridnote_board::{Outcome, Player};
use gridnote_protocol::st3p::{Command, T3en};

use crate::clock::Clock;
use crate::process::Link;
use crate::st3p::{MnkProtocol, Play, St3pMatch, letter, opening_by};
use crate::stats::GameScore;
use crate::tournament::{Contest, Ending, Engine, Forfeit, Game};

/// Starts `engine` and does the handshake of its protocol.
fn start(contest: &St3pMatch, engine: Engine) -> Result<Box<dyn Link>, Forfeit> {
    let command = &contest.engines[engine.index()];
    match contest.protocols[engine.index()] {
        MnkProtocol::Gomocup => crate::gomocup::start(contest, command),
        MnkProtocol::St3p => Play::start_st3p(contest, command),
    }
}

/// Asks `engine` for a move in its protocol and plays it.
fn turn(play: &mut Play<'_>, engine: Engine) -> Result<(), Forfeit> {
    match play.contest.protocols[engine.index()] {
        MnkProtocol::Gomocup => crate::gomocup::turn(play, engine),
        MnkProtocol::St3p => play.turn_st3p(engine),
    }
}

/// The goodbye of `engine`'s protocol.
fn goodbye(contest: &St3pMatch, engine: Engine) -> String {
    match contest.protocols[engine.index()] {
        MnkProtocol::Gomocup => crate::gomocup::goodbye(),
        MnkProtocol::St3p => Command::Quit.to_string(),
    }
}

impl Contest for St3pMatch {
    fn play(&self, number: usize, first: Engine) -> Game {
        let index = (number - 1) / 2;
        let rules = self.rules();
        let mut ending = None;
        let opening = match self.random {
            None => self.openings[index % self.openings.len()].clone(),
            Some(random) => {
                opening_by(&self.openings[0], rules, random, index).unwrap_or_else(|| {
                    let why = format!("no opening of {} random plies was found", random.plies);
                    ending = Some(Ending::Rules(why));
                    self.openings[0].clone()
                })
            }
        };
        let opening = &opening;
        let start_side = opening.to_move;
        // The engine playing `player`.
        let engine_of = |player: Player| if player == start_side { first } else { first.other() };
        let mut play = Play {
            contest: self,
            processes: [None, None],
            clocks: [Clock::new(self.time); 2],
            opening,
            position: opening.clone(),
            played: Vec::new(),
            known: [None, None],
            answered: [None, None],
        };
        if let Err(err) = T3en::new(opening.clone()) {
            ending = Some(Ending::Rules(format!("the opening cannot be sent: {err}")));
        }
        for engine in [Engine::A, Engine::B].into_iter().filter(|_| ending.is_none()) {
            match start(self, engine) {
                Ok(process) => play.processes[engine.index()] = Some(process),
                Err(forfeit) => {
                    ending = Some(Ending::Forfeit { loser: engine, forfeit });
                    break;
                }
            }
        }
        while ending.is_none() {
            match play.position.outcome(rules) {
                Outcome::InProgress => {
                    let engine = engine_of(play.position.to_move);
                    if let Err(forfeit) = turn(&mut play, engine) {
                        ending = Some(Ending::Forfeit { loser: engine, forfeit });
                    }
                }
                Outcome::Won(player) => {
                    ending = Some(Ending::Rules(format!(
                        "{} made {} in a row",
                        letter(player),
                        self.in_a_row
                    )));
                }
                Outcome::Drawn => ending = Some(Ending::Rules("the board is full".into())),
                _ => ending = Some(Ending::Rules("both sides hold a line".into())),
            }
        }
        let ending = ending.expect("set above");
        for engine in [Engine::A, Engine::B] {
            let goodbye = goodbye(self, engine);
            if let Some(process) = play.processes[engine.index()].take() {
                process.stop(Some(&goodbye), Duration::from_millis(200));
            }
        }
        let score = match (&ending, play.position.outcome(rules)) {
            (Ending::Forfeit { loser, .. }, _) => loser.other().win(),
            (_, Outcome::Won(player)) => engine_of(player).win(),
            _ => GameScore::Draw,
        };
        let plies = play.played.len();
        if self.protocols.contains(&MnkProtocol::Gomocup) {
            if let Some(record) = crate::gomocup::record(&play, engine_of) {
                return Game::new(number, first, score, ending, plies, record, "psq");
            }
        }
        let record = crate::st3p::record(self, number, &play, engine_of, score, &ending);
        Game::new(number, first, score, ending, plies, record, "txt")
    }
}
