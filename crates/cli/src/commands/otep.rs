//! `gridnote otep`: a tafl engine speaking OTEP, the OpenTafl Engine Protocol, on standard
//! input and output, as OpenTafl's `opentafl-engine-protocol.txt` and its external-engine
//! host (`ExternalEngineHost.java`) define it.
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
//! (or `error -1 <message>` when the game cannot go on: rules it cannot use, a move it
//! cannot follow) and the engine keeps serving. docs/engine.md says how each ambiguous
//! place of the protocol is read.

use std::io::{self, BufRead, Read};
use std::time::{Duration, Instant};

use gridnote_board::Player;
use gridnote_tafl_rules::{Move, Position, CompiledRules};
use gridnote_tafl_search::{Lateness, Limits, Searcher, TimeBudget, WIN, Weights};

use crate::inputs::{Io, MAX_LINE};
use crate::status::{EXIT_FAILED, EXIT_OK};

/// Play tafl as an OTEP engine (OpenTafl's engine protocol) on standard input and output:
/// any OpenTafl variant up to 19x19 (docs/engine.md).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The most memory the transposition table may take, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    pub(crate) table_mib: usize,
    /// The time to think about a move when no clock was given, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    pub(crate) move_time: u64,
    /// Ask for and write full OpenTafl move notation (`Kd4-d1xc1`) instead of the simple
    /// `d4-d1` (sends `simple-moves off` after `hello`).
    #[arg(long)]
    pub(crate) full_moves: bool,
}

/// Bytes a transposition table entry takes.
const ENTRY_BYTES: usize = 24;

/// Kept back from every move's time for the engine's own latency: reading the command,
/// writing the move, and the host's reading it (besides the lateness measured).
const MARGIN: Duration = Duration::from_millis(50);

/// What OTEP's `clock` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ClockState {
    /// Milliseconds left: attackers, defenders.
    millis: [u64; 2],
    /// Whether that is the current overtime period (the `*`).
    overtime: [bool; 2],
    /// Each overtime period's length.
    overtime_seconds: u64,
    /// Overtime periods left: attackers, defenders.
    overtimes: [u64; 2],
}

impl ClockState {
    fn parse(args: &str) -> Result<ClockState, String> {
        let tokens: Vec<&str> = args.split_ascii_whitespace().collect();
        if tokens.len() != 5 {
            return Err(format!(
                "`clock` needs 5 values (attacker-ms[*] defender-ms[*] overtime-s attacker-overtimes defender-overtimes), got {}",
                tokens.len()
            ));
        }
        let number = |t: &str| t.parse::<u64>().map_err(|_| format!("`{t}` is not a number"));
        let millis = |t: &str| -> Result<(u64, bool), String> {
            match t.strip_suffix('*') {
                Some(n) => Ok((number(n)?, true)),
                None => Ok((number(t)?, false)),
            }
        };
        let (a, a_ot) = millis(tokens[0])?;
        let (d, d_ot) = millis(tokens[1])?;
        Ok(ClockState {
            millis: [a, d],
            overtime: [a_ot, d_ot],
            overtime_seconds: number(tokens[2])?,
            overtimes: [number(tokens[3])?, number(tokens[4])?],
        })
    }

    /// The time to think for `side`: a share of main time, or most of the overtime
    /// period once main time is spent; `late` is kept back besides the fixed margin.
    fn budget(&self, side: Player, late: Duration) -> Duration {
        let i = side.index();
        let period = Duration::from_secs(self.overtime_seconds);
        let left = Duration::from_millis(self.millis[i]);
        let margin = MARGIN + late;
        if self.overtime[i] {
            return TimeBudget {
                remaining: left,
                increment: Duration::ZERO,
                moves_to_go: 1,
                margin,
            }
            .allot();
        }
        // Main time: a share of it; the overtime periods that follow act as a reserve
        // of one period a move.
        let increment = if self.overtimes[i] > 0 { period } else { Duration::ZERO };
        let share = TimeBudget { remaining: left, increment, moves_to_go: 30, margin }.allot();
        if self.overtimes[i] > 0 { share.max(period.saturating_sub(margin) / 2) } else { share }
    }
}

/// The engine's state between commands.
struct Engine {
    rules: Option<CompiledRules>,
    position: Option<Position>,
    searcher: Searcher,
    clock: Option<ClockState>,
    move_time: Duration,
    full_moves: bool,
    /// Set by an `error` from the host: the next `opponent-move` carries the position to
    /// go back to.
    rejected: bool,
    /// How late the answers to `play` have been, beyond the time planned.
    lateness: Lateness,
    /// The `play` being answered: when it was read and the time planned for it.
    answering: Option<(Instant, Duration)>,
}

/// What the loop does after a command.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

fn side_word(word: &str) -> Result<Player, String> {
    match word {
        "attackers" => Ok(Player::One),
        "defenders" => Ok(Player::Two),
        other => Err(format!("`{other}` is not a side: expected attackers or defenders")),
    }
}

impl Engine {
    fn new(args: &Args) -> Engine {
        let entries = args.table_mib.saturating_mul(1 << 20) / ENTRY_BYTES;
        Engine {
            rules: None,
            position: None,
            searcher: Searcher::new(entries.max(1), Weights::default()),
            clock: None,
            move_time: Duration::from_millis(args.move_time),
            full_moves: args.full_moves,
            rejected: false,
            lateness: Lateness::default(),
            answering: None,
        }
    }

    fn greeting(&self) -> Vec<String> {
        let mut out = vec!["hello".to_owned()];
        if self.full_moves {
            out.push("simple-moves off".to_owned());
        }
        out
    }

    fn position_mut(&mut self) -> Result<&mut Position, String> {
        self.position.as_mut().ok_or_else(|| "no game: send `rules` first".to_owned())
    }

    /// The current position with `side` to move (the board kept, the history dropped
    /// when the side changes).
    fn set_side(&mut self, side: Player) -> Result<(), String> {
        let rules = self.rules.clone().ok_or_else(|| "no game: send `rules` first".to_owned())?;
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

    /// Answers one line: the lines to send, and whether to go on.
    fn handle(&mut self, line: &str) -> (Vec<String>, Flow) {
        let (word, rest) = match line.split_once(' ') {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let result = match word {
            "rules" => self.rules(rest),
            "position" => self.position(rest),
            "side" => side_word(rest).and_then(|s| self.set_side(s)).map(|()| Vec::new()),
            "clock" => ClockState::parse(rest).map(|c| {
                self.clock = Some(c);
                Vec::new()
            }),
            "play" => side_word(rest).and_then(|s| self.play(s)),
            "analyze" => self.analyze(rest),
            "move" => self.confirmed(rest),
            "opponent-move" => self.opponent_move(rest),
            "error" => {
                // The host rejected the last move: it sends the position back next.
                self.rejected = true;
                Ok(Vec::new())
            }
            "finish" => match rest {
                "0" | "1" | "2" | "3" => {
                    self.clock = None;
                    self.searcher.clear();
                    Ok(Vec::new())
                }
                other => Err(format!("`finish {other}`: expected a code 0 to 3")),
            },
            "goodbye" => return (Vec::new(), Flow::Quit),
            // Engine-to-host commands the host may echo: nothing to do.
            "hello" | "status" => Ok(Vec::new()),
            "simple-moves" => match rest {
                "on" => {
                    self.full_moves = false;
                    Ok(Vec::new())
                }
                "off" => {
                    self.full_moves = true;
                    Ok(Vec::new())
                }
                other => Err(format!("`simple-moves {other}`: expected on or off")),
            },
            "" => Err("empty command".to_owned()),
            other => Err(format!("unknown command `{other}`")),
        };
        match result {
            Ok(lines) => (lines, Flow::Continue),
            Err(message) => (vec![format!("error 0 {message}")], Flow::Continue),
        }
    }

    fn rules(&mut self, record: &str) -> Result<Vec<String>, String> {
        match record.parse::<CompiledRules>() {
            Ok(rules) => {
                if rules.dim() > 19 {
                    return Ok(vec![format!(
                        "error -1 a {0}x{0} board: this engine plays up to 19x19",
                        rules.dim()
                    )]);
                }
                self.position = Some(Position::start(&rules));
                self.rules = Some(rules);
                self.searcher.clear();
                Ok(Vec::new())
            }
            Err(e) => Ok(vec![format!("error -1 cannot use the rules: {e}")]),
        }
    }

    fn position(&mut self, record: &str) -> Result<Vec<String>, String> {
        let rules = self.rules.clone().ok_or_else(|| "no game: send `rules` first".to_owned())?;
        let side = self.position.as_ref().map_or(Player::One, Position::to_move);
        let pos = Position::from_record(&rules, record, side)
            .map_err(|e| format!("bad position: {e}"))?;
        self.position = Some(pos);
        Ok(Vec::new())
    }

    /// The host's `move <position>`: our move went through; the board it gives wins if
    /// ours differs.
    fn confirmed(&mut self, record: &str) -> Result<Vec<String>, String> {
        let pos = self.position_mut()?;
        if pos.otn() == record {
            return Ok(Vec::new());
        }
        let side = pos.to_move();
        let rules = self.rules.clone().ok_or_else(|| "no game: send `rules` first".to_owned())?;
        let pos = Position::from_record(&rules, record, side)
            .map_err(|e| format!("bad position: {e}"))?;
        self.position = Some(pos);
        Ok(vec!["status the board after our move differs from ours: the host's is kept".to_owned()])
    }

    fn opponent_move(&mut self, rest: &str) -> Result<Vec<String>, String> {
        let (moves, record) = rest
            .split_once(' ')
            .map(|(m, r)| (m, r.trim()))
            .ok_or_else(|| "`opponent-move` needs a move list and a position".to_owned())?;
        let rules = self.rules.clone().ok_or_else(|| "no game: send `rules` first".to_owned())?;
        let rejected = std::mem::take(&mut self.rejected);
        let pos = self.position_mut()?;
        let mut out = Vec::new();
        if !rejected {
            for text in moves.split('|') {
                if let Err(e) = pos.play_text(text) {
                    out.push(format!(
                        "status cannot follow `{text}` ({e}): the host's board is kept"
                    ));
                    break;
                }
            }
        }
        if pos.otn() != record {
            // After a rejected move, or when the host's board is not ours: the host's
            // board, the other side to move.
            let mover = pos.to_move();
            let reread = Position::from_record(&rules, record, mover)
                .map_err(|e| format!("bad position: {e}"))?;
            *pos = reread;
            if out.is_empty() && !rejected {
                out.push("status the board after the opponent's move differs from ours: the host's is kept".to_owned());
            }
        }
        Ok(out)
    }

    fn play(&mut self, side: Player) -> Result<Vec<String>, String> {
        let read = Instant::now();
        self.set_side(side)?;
        let think = match self.clock {
            Some(clock) => clock.budget(side, self.lateness.margin()),
            None => self.move_time,
        };
        let pos = self.position.as_ref().ok_or_else(|| "no game: send `rules` first".to_owned())?;
        if pos.outcome().is_over() {
            return Err("the game is over: no move to play".to_owned());
        }
        let found = self.searcher.search(pos, &Limits::time(think));
        let Some(best) = found.best else {
            return Err("no legal move".to_owned());
        };
        let text = self.move_text(pos, best);
        let pv: Vec<String> = found.pv.iter().map(Move::to_string).collect();
        let status = format!(
            "status depth {} score {} nodes {} time {} ms pv {}",
            found.depth,
            score_text(found.score),
            found.nodes,
            found.elapsed.as_millis(),
            pv.join(" ")
        );
        let pos = self.position.as_mut().expect("checked above");
        pos.play(best).map_err(|e| e.to_string())?;
        self.answering = Some((read, think));
        Ok(vec![status, format!("move {text}")])
    }

    fn analyze(&mut self, rest: &str) -> Result<Vec<String>, String> {
        let tokens: Vec<&str> = rest.split_ascii_whitespace().collect();
        let [n, seconds] = tokens[..] else {
            return Err(
                "`analyze` needs a number of moves and seconds, like `analyze 5 30`".to_owned()
            );
        };
        let n: usize = n
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("`{n}` is not a number of moves"))?;
        let seconds: u64 =
            seconds.parse().map_err(|_| format!("`{seconds}` is not a number of seconds"))?;
        let pos = self.position.as_ref().ok_or_else(|| "no game: send `rules` first".to_owned())?;
        if pos.outcome().is_over() {
            return Err("the game is over: nothing to analyze".to_owned());
        }
        let time =
            Duration::from_secs(seconds.min(86_400)).saturating_sub(MARGIN);
        let found = self
            .searcher
            .search(pos, &Limits::time(time.max(Duration::from_millis(1))).with_multipv(n));
        if found.best.is_none() {
            return Err("no legal move".to_owned());
        }
        let count = n.min(found.root.len());
        let mut line = format!("analysis {count}");
        for (i, &(m, score)) in found.root.iter().take(count).enumerate() {
            let moves: Vec<String> = if i == 0 {
                found.pv.iter().map(|&m| m.to_string()).collect()
            } else {
                vec![m.to_string()]
            };
            // The evaluation: for the side to move, in attackers (hundredths rounded).
            let score = if i == 0 { found.score } else { score };
            line.push_str(&format!(" {} {}", moves.join("|"), eval_text(score)));
        }
        Ok(vec![line])
    }
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

pub(crate) fn run(args: &Args, stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    let mut engine = Engine::new(args);
    let send = |io: &mut Io<'_>, lines: &[String]| -> bool {
        for line in lines {
            if writeln!(io.out, "{line}").is_err() {
                return false;
            }
        }
        io.out.flush().is_ok()
    };
    if !send(io, &engine.greeting()) {
        return EXIT_FAILED;
    }
    let mut buf = Vec::with_capacity(256);
    loop {
        buf.clear();
        let read = match (&mut *stdin).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
            Ok(n) => n,
            Err(err) => {
                let _ = writeln!(io.err, "error: cannot read a command: {err}");
                return EXIT_FAILED;
            }
        };
        if read == 0 {
            return EXIT_OK;
        }
        if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE {
            let _ = skip_line(stdin);
            if !send(io, &[format!("error 0 a command longer than {MAX_LINE} bytes")]) {
                return EXIT_FAILED;
            }
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (lines, flow) = engine.handle(line);
        if !send(io, &lines) {
            return EXIT_FAILED;
        }
        if let Some((read, planned)) = engine.answering.take() {
            engine.lateness.observe(planned, read.elapsed());
        }
        if flow == Flow::Quit {
            return EXIT_OK;
        }
    }
}

fn skip_line(stdin: &mut dyn BufRead) -> io::Result<()> {
    let mut sink = Vec::new();
    loop {
        sink.clear();
        let n = (&mut *stdin).take(MAX_LINE as u64).read_until(b'\n', &mut sink)?;
        if n == 0 || sink.last() == Some(&b'\n') {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_read_with_their_overtime_marks() {
        let c = ClockState::parse("60000 1500* 10 3 2 ").unwrap();
        assert_eq!(c.millis, [60000, 1500]);
        assert_eq!(c.overtime, [false, true]);
        assert_eq!(c.overtime_seconds, 10);
        assert_eq!(c.overtimes, [3, 2]);
        // Defenders in overtime: the period less the margin.
        assert_eq!(c.budget(Player::Two, Duration::ZERO), Duration::from_millis(1450));
        // Less the lateness seen.
        assert_eq!(c.budget(Player::Two, Duration::from_millis(70)), Duration::from_millis(1380));
        // Attackers: a thirtieth of main time plus 80% of a period, the reserve.
        assert_eq!(c.budget(Player::One, Duration::ZERO), Duration::from_millis(2000 + 8000));
        let plain = ClockState::parse("30000 30000 0 0 0").unwrap();
        assert_eq!(plain.budget(Player::One, Duration::ZERO), Duration::from_millis(1000));
        // A tenth of a second a move, late by more than that: a twentieth of it.
        let short = ClockState::parse("100* 100* 0 2 2").unwrap();
        assert_eq!(short.budget(Player::One, Duration::ZERO), Duration::from_millis(50));
        assert_eq!(short.budget(Player::One, Duration::from_millis(30)), Duration::from_millis(20));
        assert_eq!(short.budget(Player::One, Duration::from_millis(90)), Duration::from_millis(5));
        assert_eq!(
            ClockState::parse("1 2 3").unwrap_err(),
            "`clock` needs 5 values (attacker-ms[*] defender-ms[*] overtime-s attacker-overtimes defender-overtimes), got 3"
        );
        assert_eq!(ClockState::parse("1 x* 0 0 0").unwrap_err(), "`x` is not a number");
    }

    #[test]
    fn scores_are_written_as_wins_or_pieces() {
        assert_eq!(score_text(35), "35");
        assert_eq!(score_text(WIN - 3), "win 3");
        assert_eq!(score_text(-(WIN - 2)), "loss 2");
        assert_eq!(eval_text(-150), "-1.50");
    }
}
