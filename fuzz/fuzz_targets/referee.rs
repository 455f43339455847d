//! The referee against simulated engines, in process (`process::Launch`): each engine's
//! behaviour comes from the input bytes, reply by reply: the right answer (the handshake,
//! a legal move of the position it was sent), a wrong or garbled one (an occupied or
//! off-board cell, a malformed line, a requests or a resignation under OTEP), silence
//! (a timeout), a flood of lines until the deadline, an exit with a status or a signal,
//! a closed output, a line too long, an engine that cannot start. ST3P on boards of 3×3
//! to 6×6 and OTEP on Brandubh, at a few milliseconds a move. Whatever the engines do,
//! every game ends (no hang, no panic) with a record that says how it ended.
#![no_main]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use gridnote_board::{Board, Player, Position};
use gridnote_protocol::{otep, st3p};
use gridnote_referee::clock::TimeControl;
use gridnote_referee::otep::OtepMatch;
use gridnote_referee::process::{Failure, Launch, Link};
use gridnote_referee::st3p::St3pMatch;
use gridnote_referee::tournament::{Contest, Ending, Engine};
use gridnote_tafl_rules::{CompiledRules, Position as TaflPosition};
use libfuzzer_sys::fuzz_target;

/// Choices shared by both engines (each engine reads its own half).
#[derive(Debug)]
struct Script(Vec<u8>, usize);

impl Script {
    fn next(&mut self) -> u8 {
        let byte = self.0.get(self.1).copied().unwrap_or(0);
        self.1 += 1;
        byte
    }
}

/// The two engines' scripts, by command line (`a` or `b`).
#[derive(Debug)]
struct Fakes {
    scripts: [Arc<Mutex<Script>>; 2],
    otep: bool,
}

impl Launch for Fakes {
    fn launch(&self, command: &str) -> Result<Box<dyn Link>, Failure> {
        let script = Arc::clone(&self.scripts[usize::from(command == "b")]);
        let start = script.lock().map(|mut s| s.next()).unwrap_or(0);
        if start == 255 {
            return Err(Failure::Io(format!("cannot start `{command}`")));
        }
        Ok(Box::new(Fake {
            script,
            otep: self.otep,
            said_hello: false,
            waiting: Vec::new(),
            st3p_position: None,
            tafl: None,
            flooding: false,
        }))
    }
}

/// One simulated engine.
struct Fake {
    script: Arc<Mutex<Script>>,
    otep: bool,
    said_hello: bool,
    /// Lines to answer with (the right answers to what was sent).
    waiting: Vec<String>,
    st3p_position: Option<Position>,
    /// OTEP: the rules and the last board sent, with the side to move.
    tafl: Option<(CompiledRules, String)>,
    flooding: bool,
}

impl Fake {
    fn choice(&self) -> u8 {
        self.script.lock().map(|mut s| s.next()).unwrap_or(0)
    }

    /// A legal answer to the last request, when there is one.
    fn right_answer(&mut self) -> Option<String> {
        if let Some(line) = self.waiting.pop() {
            return Some(line);
        }
        if self.otep && !self.said_hello {
            self.said_hello = true;
            return Some("hello".to_owned());
        }
        None
    }

    fn st3p_move(&self, pick: u8) -> Option<String> {
        let position = self.st3p_position.as_ref()?;
        let empty: Vec<(usize, usize)> = position.board.empty_cells().collect();
        let &(row, col) = empty.get(usize::from(pick) % empty.len().max(1))?;
        let cell = st3p::Cell { row: u8::try_from(row).ok()?, col: u8::try_from(col).ok()? };
        Some(st3p::Reply::Best(cell).to_string())
    }

    fn tafl_move(&self, side: Player, pick: u8) -> Option<String> {
        let (rules, record) = self.tafl.as_ref()?;
        let position = TaflPosition::from_record(rules, record, side).ok()?;
        let moves = position.legal_moves();
        let m = moves.get(usize::from(pick) % moves.len().max(1))?;
        Some(otep::Reply::Move(m.to_string()).to_string())
    }
}

impl Link for Fake {
    fn send(&mut self, line: &str) -> Result<(), Failure> {
        if self.choice() == 254 {
            return Err(Failure::Exited { status: Some(1), signal: None, stderr: Vec::new() });
        }
        let pick = self.choice();
        if self.otep {
            match line.parse::<otep::Command>() {
                Ok(otep::Command::Rules(record)) => {
                    if let Ok(rules) = record.parse::<CompiledRules>() {
                        let start = TaflPosition::start(&rules).otn();
                        self.tafl = Some((rules, start));
                    }
                }
                Ok(otep::Command::Position(record) | otep::Command::Move(record)) => {
                    if let Some((_, board)) = self.tafl.as_mut() {
                        *board = record;
                    }
                }
                Ok(otep::Command::OpponentMove { position, .. }) => {
                    if let Some((_, board)) = self.tafl.as_mut() {
                        *board = position;
                    }
                }
                Ok(otep::Command::Play(side)) => {
                    if let Some(answer) = self.tafl_move(side, pick) {
                        self.waiting.push(answer);
                    }
                }
                _ => {}
            }
        } else {
            match line.parse::<st3p::Command>() {
                Ok(st3p::Command::Handshake { version }) => {
                    self.waiting.push(st3p::Reply::HandshakeOk { version }.to_string());
                }
                Ok(st3p::Command::Move(request)) => {
                    self.st3p_position = Some(request.position.into_position());
                    if let Some(answer) = self.st3p_move(pick) {
                        self.waiting.push(answer);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn receive(&mut self, deadline: Instant) -> Result<String, Failure> {
        if self.flooding {
            return if Instant::now() >= deadline {
                Err(Failure::Timeout { waited: Duration::ZERO })
            } else {
                Ok(if self.otep { "y" } else { "info pv [a1]" }.to_owned())
            };
        }
        let stderr = vec!["last words".to_owned()];
        match self.choice() % 16 {
            0..=8 => self.right_answer().ok_or(Failure::Timeout { waited: Duration::ZERO }),
            9 => Err(Failure::Timeout { waited: Duration::ZERO }),
            10 => {
                self.flooding = true;
                self.receive(deadline)
            }
            11 => Err(Failure::Exited {
                status: Some(i32::from(self.choice())),
                signal: None,
                stderr,
            }),
            12 => Err(Failure::Exited { status: None, signal: Some(9), stderr }),
            13 => Err(Failure::Closed { stderr }),
            14 => Err(Failure::Malformed("a line longer than 65536 bytes".to_owned())),
            _ => {
                let pick = self.choice();
                let vocabulary: &[&str] = if self.otep {
                    &[
                        "hello",
                        "move",
                        "move a1-a2 b",
                        "move z9-z99",
                        "rules",
                        "position",
                        "side",
                        "clock",
                        "status x",
                        "error 0 x",
                        "error -1 gone",
                        "simple-moves off",
                        "y",
                        "",
                    ]
                } else {
                    &[
                        "best a1",
                        "best zz99",
                        "best A1",
                        "best",
                        "st3p version 1 ok",
                        "info",
                        "x",
                        "",
                    ]
                };
                Ok(vocabulary[usize::from(pick) % vocabulary.len()].to_owned())
            }
        }
    }

    fn stop(self: Box<Self>, _goodbye: Option<&str>, _grace: Duration) {}
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let (a, b) = rest.split_at(rest.len() / 2);
    let otep = first & 1 == 1;
    let fakes = Arc::new(Fakes {
        scripts: [
            Arc::new(Mutex::new(Script(a.to_vec(), 0))),
            Arc::new(Mutex::new(Script(b.to_vec(), 0))),
        ],
        otep,
    });
    let time: TimeControl =
        if first & 2 == 0 { "st=0.003" } else { "0.02+0.001" }.parse().expect("valid");
    let engines = ["a".to_owned(), "b".to_owned()];
    let number = 1 + usize::from(first >> 2 & 1);
    let first_engine = if number == 1 { Engine::A } else { Engine::B };
    let game = if otep {
        let mut contest = OtepMatch::new(engines, "brandubh", Vec::new(), time).expect("rules");
        contest.launcher = fakes;
        contest.handshake_time = Duration::from_millis(5);
        contest.margin = Duration::from_millis(1);
        contest.max_plies = 60;
        contest.play(number, first_engine)
    } else {
        let side = 3 + usize::from(first >> 3) % 4;
        let start = Position::new(Board::new(side, side).expect("small"), Player::One);
        let mut contest = St3pMatch::new(engines, vec![start], 3, time);
        contest.launcher = fakes;
        contest.handshake_time = Duration::from_millis(5);
        contest.margin = Duration::from_millis(1);
        contest.play(number, first_engine)
    };
    let termination = if otep { "\n[termination:" } else { "\n[Termination \"" };
    assert!(game.record.contains(termination), "{}", game.record);
    if let Ending::Forfeit { forfeit, .. } = &game.ending {
        assert!(
            game.record.contains(&forfeit.to_string().replace(']', ")")[..8]),
            "{}",
            game.record
        );
    }
    assert!(game.plies <= 60 || !otep);
});
