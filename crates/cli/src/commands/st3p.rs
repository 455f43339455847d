//! `gridnote st3p`: an engine speaking ST3P, the Simple Tic-Tac-Toe Protocol, on
//! standard input and output, in the dialect of rustep (Rust) and stepwise (TypeScript).
//!
//! ```text
//! > st3p version 1            < st3p version 1 ok
//! > identify                  < identify name gridnote … identify ok
//! > move 3_/_x_/3_ o time-remaining ms:1000 win-length 3
//!                             < best a1
//! > quit
//! ```
//!
//! Positions are T3EN; a cell is named by its column letters and its row number counted
//! from the TOP (`b1` is the middle of the top row), unlike gridnote's own names, which
//! count from the bottom. Rules: `win-length` in a row (by default the board's side, or
//! its shorter side), diagonals count, normal play. A malformed command gets an `error:`
//! line on standard error and the engine keeps serving.

use std::io::{self, BufRead, Read, Write};
use std::time::{Duration, Instant};

use gridnote_board::{CellName, Position, Rules};
use gridnote_convert::{Format, Options, read};
use gridnote_solve::{DEFAULT_TABLE_BYTES, Solver};

use crate::inputs::{Io, MAX_LINE};
use crate::status::{EXIT_FAILED, EXIT_OK};

/// Play as an ST3P engine on standard input and output (cells named from the TOP row, as
/// ST3P does: b1 is the middle of the top row).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The most memory the engine's transposition table may take, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_TABLE_BYTES >> 20)]
    pub(crate) table_mib: usize,
}

/// The registry's name of the notation ST3P carries positions in.
const T3EN: &str = "t3en";

/// How long to think when a `move` gives no time.
const DEFAULT_THINK: Duration = Duration::from_secs(5);

/// The clock a `move` command gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Clock {
    /// `time-remaining ms:N`: for the rest of the game.
    Remaining(Duration),
    /// `time ms:N`: for this move.
    PerMove(Duration),
    /// None given.
    Unlimited,
}

/// One command.
#[derive(Debug, PartialEq, Eq)]
enum Command {
    Handshake(u32),
    Identify,
    Move { position: Position, clock: Clock, win_length: Option<usize>, ignored: Vec<String> },
    Quit,
}

/// Reads `ms:N` (ST3P durations are in milliseconds).
fn duration(token: Option<&str>, after: &str) -> Result<Duration, String> {
    let token = token.ok_or_else(|| format!("`{after}` needs a duration, like ms:1000"))?;
    token
        .strip_prefix("ms:")
        .and_then(|n| n.parse::<u64>().ok())
        .map(Duration::from_millis)
        .ok_or_else(|| format!("`{token}` is not a duration: expected ms:N, like ms:1000"))
}

fn parse(line: &str) -> Result<Command, String> {
    let mut tokens = line.split_ascii_whitespace();
    match tokens.next() {
        Some("st3p") => {
            if tokens.next() != Some("version") {
                return Err("expected `st3p version N`".to_owned());
            }
            match tokens.next() {
                Some("1") => Ok(Command::Handshake(1)),
                Some("2") => Ok(Command::Handshake(2)),
                Some(v) => Err(format!("unsupported version `{v}`: this engine speaks 1 and 2")),
                None => Err("expected `st3p version N`".to_owned()),
            }
        }
        Some("identify") => Ok(Command::Identify),
        Some("quit") => Ok(Command::Quit),
        Some("move") => {
            let (Some(board), Some(side)) = (tokens.next(), tokens.next()) else {
                return Err("`move` needs a T3EN position, like `move 3_/3_/3_ x`".to_owned());
            };
            let position = t3en_position(&format!("{board} {side}"))
                .map_err(|e| format!("bad position: {e}"))?;
            let mut clock = Clock::Unlimited;
            let mut win_length = None;
            let mut ignored = Vec::new();
            while let Some(token) = tokens.next() {
                match token {
                    "time-remaining" => {
                        clock = Clock::Remaining(duration(tokens.next(), token)?);
                    }
                    "time" => clock = Clock::PerMove(duration(tokens.next(), token)?),
                    "win-length" => {
                        let k = tokens.next().and_then(|k| k.parse::<usize>().ok());
                        match k {
                            Some(k) if (1..=255).contains(&k) => win_length = Some(k),
                            _ => return Err("`win-length` needs a number from 1 to 255".to_owned()),
                        }
                    }
                    // The protocol asks engines to ignore what they do not know.
                    other => ignored.push(other.to_owned()),
                }
            }
            Ok(Command::Move { position, clock, win_length, ignored })
        }
        Some(other) => Err(format!("unknown command `{other}`")),
        None => Err("empty command".to_owned()),
    }
}

/// Reads a T3EN position through the registry (T3EN always carries the side to move).
fn t3en_position(text: &str) -> Result<Position, String> {
    let t3en = T3EN.parse::<Format>().map_err(|e| e.to_string())?;
    let source = read(text, Some(t3en), &Options::default()).map_err(|e| e.to_string())?;
    let to_move = source.side_to_move().map_err(|e| e.to_string())?;
    Ok(Position::new(source.setup.board, to_move))
}

/// The time to think about one move, leaving a margin for the reply to travel.
fn budget(clock: Clock, position: &Position) -> Duration {
    let margin = |t: Duration| (t / 5).min(Duration::from_millis(50));
    match clock {
        Clock::Unlimited => DEFAULT_THINK,
        Clock::PerMove(t) => t.saturating_sub(margin(t)),
        Clock::Remaining(t) => {
            // An even share over the moves this side still has to make.
            let moves = position.board.counts().empty.div_ceil(2).max(1) as u32;
            let share = t / moves;
            share.saturating_sub(margin(share))
        }
    }
}

/// The default line length: the board's side, or the shorter side of a rectangle.
fn default_win_length(position: &Position) -> usize {
    position.board.rows().min(position.board.cols())
}

/// ST3P's name of (row, col): column letters, row counted from the top.
fn st3p_name(row: usize, col: usize) -> String {
    CellName { file: col, rank: row + 1 }.to_string()
}

pub(crate) fn run(args: &Args, stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    let mut solver = Solver::with_table_bytes(args.table_mib.saturating_mul(1 << 20));
    let mut buf = Vec::with_capacity(256);
    loop {
        buf.clear();
        let read = match (&mut *stdin).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
            Ok(n) => n,
            Err(err) => {
                let _ = writeln!(io.err, "error: cannot read a command: {err}");
                let _ = io.err.flush();
                return EXIT_FAILED;
            }
        };
        if read == 0 {
            return EXIT_OK;
        }
        if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE {
            let _ = skip_line(stdin);
            let _ = writeln!(io.err, "error: a command longer than {MAX_LINE} bytes");
            let _ = io.err.flush();
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let started = Instant::now();
        let reply = match parse(line) {
            Ok(Command::Quit) => return EXIT_OK,
            Ok(command) => answer(command, &mut solver, started, io.err),
            Err(message) => Err(message),
        };
        match reply {
            Ok(text) => {
                if io.out.write_all(text.as_bytes()).and_then(|()| io.out.flush()).is_err() {
                    return EXIT_FAILED;
                }
            }
            Err(message) => {
                let _ = writeln!(io.err, "error: {message}: `{line}`");
            }
        }
        let _ = io.err.flush();
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

/// The reply lines to a command other than `quit`.
fn answer(
    command: Command,
    solver: &mut Solver,
    started: Instant,
    err: &mut dyn Write,
) -> Result<String, String> {
    match command {
        Command::Handshake(version) => Ok(format!("st3p version {version} ok\n")),
        Command::Identify => Ok(format!(
            "identify name gridnote\nidentify version {}\nidentify author {}\nidentify url {}\nidentify ok\n",
            env!("CARGO_PKG_VERSION"),
            env!("CARGO_PKG_AUTHORS"),
            env!("CARGO_PKG_REPOSITORY"),
        )),
        Command::Move { position, clock, win_length, ignored } => {
            for token in ignored {
                let _ = writeln!(err, "note: ignoring unknown token `{token}`");
            }
            let k = win_length.unwrap_or_else(|| default_win_length(&position));
            let rules = Rules::TIC_TAC_TOE.with_in_a_row(k);
            // A clock of centuries is read as a day (an `Instant` cannot reach it).
            let think = budget(clock, &position).min(Duration::from_secs(86_400));
            let deadline = started + think;
            let thought = solver.think(&position, rules, deadline).map_err(|e| e.to_string())?;
            Ok(format!("best {}\n", st3p_name(thought.row, thought.col)))
        }
        Command::Quit => Ok(String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_options_are_read() {
        let Ok(Command::Move { clock, win_length, ignored, .. }) =
            parse("move 3_/3_/3_ x time-remaining ms:1500 win-length 3 ponder")
        else {
            panic!("a move")
        };
        assert_eq!(clock, Clock::Remaining(Duration::from_millis(1500)));
        assert_eq!(win_length, Some(3));
        assert_eq!(ignored, ["ponder"]);
        let Ok(Command::Move { clock, .. }) = parse("move 3_/3_/3_ x time ms:20") else {
            panic!("a move")
        };
        assert_eq!(clock, Clock::PerMove(Duration::from_millis(20)));
    }

    #[test]
    fn malformed_commands_say_what_is_wrong() {
        assert_eq!(parse("dance"), Err("unknown command `dance`".to_owned()));
        assert_eq!(
            parse("st3p version 3"),
            Err("unsupported version `3`: this engine speaks 1 and 2".to_owned())
        );
        assert_eq!(
            parse("move 3_/3_/3_ x time-remaining 1000"),
            Err("`1000` is not a duration: expected ms:N, like ms:1000".to_owned())
        );
        assert_eq!(
            parse("move 3_/3_/3_ x win-length 0"),
            Err("`win-length` needs a number from 1 to 255".to_owned())
        );
        assert_eq!(
            parse("move"),
            Err("`move` needs a T3EN position, like `move 3_/3_/3_ x`".to_owned())
        );
        assert!(parse("move 3_/3_/4_ x").unwrap_err().starts_with("bad position: "));
        assert_eq!(
            parse("move 3_/3_/3_ x time ms:99999999999999999999"),
            Err("`ms:99999999999999999999` is not a duration: expected ms:N, like ms:1000"
                .to_owned())
        );
    }

    #[test]
    fn budgets_leave_a_margin() {
        let pos = Position::start(3, 3).unwrap();
        // 9 empty cells: 5 moves to make.
        let remaining = Duration::from_secs(1);
        assert_eq!(budget(Clock::Remaining(remaining), &pos), Duration::from_millis(160));
        let remaining = Duration::from_secs(10);
        assert_eq!(budget(Clock::Remaining(remaining), &pos), Duration::from_millis(1950));
        assert_eq!(
            budget(Clock::PerMove(Duration::from_millis(10)), &pos),
            Duration::from_millis(8)
        );
        assert_eq!(budget(Clock::Unlimited, &pos), DEFAULT_THINK);
    }

    #[test]
    fn cells_are_named_from_the_top() {
        assert_eq!(st3p_name(0, 1), "b1");
        assert_eq!(st3p_name(2, 0), "a3");
        assert_eq!(st3p_name(0, 26), "aa1");
    }
}
