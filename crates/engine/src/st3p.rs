//! gridnote's m,n,k engine speaking ST3P (gridnote-protocol's [`st3p`](gridnote_protocol::st3p)
//! messages), in the dialect of rustep and stepwise.
//!
//! ```text
//! > st3p version 1            < st3p version 1 ok
//! > identify                  < identify name gridnote … identify ok
//! > move 3_/_x_/3_ o time-remaining ms:1000 win-length 3
//!                             < best a1
//! > quit
//! ```
//!
//! Rules: `win-length` in a row (by default the board's side, or its shorter side),
//! diagonals count, normal play. A malformed command gets an `error:` line on the error
//! stream and the engine keeps serving; `quit` ends it at once, and `stop` answers the
//! move being thought about at once, whatever the search is doing.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use gridnote_board::{Position, Rules};
use gridnote_protocol::st3p::{Cell, Clock, Command, Reply};
use gridnote_protocol::text::Escaped;
use gridnote_solve::{DEFAULT_TABLE_BYTES, SolveError, Solver, Thought};

use crate::driver::{self, Ctx, Flow, MAX_LINE, ServeError, Session};

/// How the engine plays.
///
/// ```
/// let options = gridnote_engine::st3p::Options::default().with_table_bytes(1 << 20);
/// assert_eq!(options.table_bytes, 1 << 20);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The most memory the solver's transposition table may take.
    pub table_bytes: usize,
    /// How long to think when a `move` gives no time.
    pub default_think: Duration,
    /// The longest a move may be thought about, whatever the clock says (default a day).
    pub max_think: Duration,
}

impl Default for Options {
    /// [`DEFAULT_TABLE_BYTES`] and five seconds a move without a clock.
    fn default() -> Options {
        Options {
            table_bytes: DEFAULT_TABLE_BYTES,
            default_think: Duration::from_secs(5),
            max_think: Duration::from_secs(86_400),
        }
    }
}

impl Options {
    /// These options with a table of at most `bytes`.
    #[must_use]
    pub fn with_table_bytes(self, bytes: usize) -> Options {
        Options { table_bytes: bytes, ..self }
    }

    /// These options, never thinking longer than `time` about a move (a day at most).
    #[must_use]
    pub fn with_max_think(self, time: Duration) -> Options {
        Options { max_think: time.min(Duration::from_secs(86_400)), ..self }
    }
}

/// The engine's name and what it says to `identify`.
const IDENTITY: [(&str, &str); 4] = [
    ("name", "gridnote"),
    ("version", env!("CARGO_PKG_VERSION")),
    ("author", env!("CARGO_PKG_AUTHORS")),
    ("url", env!("CARGO_PKG_REPOSITORY")),
];

/// How many unknown words of one `move` are each named in a note before the rest are
/// counted.
const NOTES_LISTED: usize = 3;

/// Serves ST3P: commands from `input`, replies to `output`, `error:` and `note:` lines
/// for the person watching to `errors`, until `quit` or the end of the input (a search
/// under way is answered first).
///
/// ```
/// use gridnote_engine::st3p::{Options, serve};
/// let input = "st3p version 1\nmove xo_/_x_/3_ o time-remaining ms:5000\ndance\nquit\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// serve(input.as_bytes(), &mut out, &mut err, &Options::default())?;
/// assert_eq!(String::from_utf8(out).unwrap(), "st3p version 1 ok\nbest c3\n");
/// assert_eq!(String::from_utf8(err).unwrap(), "error: unknown command `dance`: `dance`\n");
/// # Ok::<(), gridnote_engine::ServeError>(())
/// ```
///
/// # Errors
/// [`ServeError::Read`] when the input cannot be read, [`ServeError::Write`] when a reply
/// cannot be written.
pub fn serve<R, W, E>(input: R, output: W, errors: E, options: &Options) -> Result<(), ServeError>
where
    R: BufRead + Send,
    W: Write,
    E: Write,
{
    let mut solver = Solver::with_table_bytes(options.table_bytes);
    let stop = Arc::new(AtomicBool::new(false));
    solver.stop_when(Arc::clone(&stop));
    let mut session = St3p {
        output,
        errors,
        default_think: options.default_think,
        max_think: options.max_think,
        answering: None,
    };
    driver::run(input, &mut session, &stop, move |job: Job| {
        solver.think(&job.position, job.rules, job.deadline)
    })
}

/// A move to think about.
struct Job {
    position: Position,
    rules: Rules,
    deadline: Instant,
}

/// The session: the streams and the `move` being answered.
struct St3p<W, E> {
    output: W,
    errors: E,
    default_think: Duration,
    max_think: Duration,
    /// The `move` line being answered (for an error about it).
    answering: Option<String>,
}

impl<W: Write, E: Write> St3p<W, E> {
    fn reply(&mut self, reply: &Reply) -> io::Result<()> {
        writeln!(self.output, "{reply}")?;
        self.output.flush()
    }

    fn error(&mut self, message: &dyn std::fmt::Display, line: &str) -> io::Result<()> {
        // The person watching is told; a broken error stream does not end the engine.
        let _ = writeln!(self.errors, "error: {message}: `{}`", Escaped(line));
        let _ = self.errors.flush();
        Ok(())
    }

    /// Starts thinking about a `move`.
    fn think(
        &mut self,
        line: &str,
        request: gridnote_protocol::st3p::MoveRequest,
        ctx: &mut Ctx<'_, Job, Result<Thought, SolveError>>,
    ) {
        let read = Instant::now();
        for word in request.ignored.iter().take(NOTES_LISTED) {
            let _ = writeln!(self.errors, "note: ignoring unknown token `{}`", Escaped(word));
        }
        if request.ignored.len() > NOTES_LISTED {
            let _ = writeln!(
                self.errors,
                "note: ignoring {} more unknown tokens (the first {NOTES_LISTED} listed above)",
                request.ignored.len() - NOTES_LISTED
            );
        }
        let _ = self.errors.flush();
        let position = request.position.into_position();
        let k = request
            .win_length
            .map_or_else(|| default_win_length(&position), |k| usize::from(k.get()));
        let rules = Rules::TIC_TAC_TOE.with_in_a_row(k);
        // A clock of centuries is read as a day at most (an `Instant` cannot reach it).
        let think = budget(request.clock, &position, self.default_think).min(self.max_think);
        self.answering = Some(line.to_owned());
        ctx.start(Job { position, rules, deadline: read + think });
    }
}

impl<W: Write, E: Write> Session for St3p<W, E> {
    type Job = Job;
    type Done = Result<Thought, SolveError>;

    fn command(&mut self, line: &str, ctx: &mut Ctx<'_, Job, Self::Done>) -> io::Result<Flow> {
        let command = line.parse::<Command>();
        // While a move is thought about, `quit` and `stop` act at once; anything else is
        // for after the move (answered in order).
        if ctx.busy() && !matches!(command, Ok(Command::Quit | Command::Stop)) {
            ctx.defer(line);
            return Ok(Flow::Continue);
        }
        let command = match command {
            Ok(command) => command,
            Err(err) => {
                self.error(&err, line)?;
                return Ok(Flow::Continue);
            }
        };
        match command {
            Command::Quit => {
                // A search under way ends at once; its move so far is the last word (a host
                // that has gone already does not make that a failure).
                if let Some(done) = ctx.interrupt() {
                    let _ = self.done(done, ctx);
                }
                return Ok(Flow::Quit);
            }
            Command::Stop => {
                if let Some(done) = ctx.interrupt() {
                    return self.done(done, ctx);
                }
            }
            Command::Handshake { version: version @ (1 | 2) } => {
                self.reply(&Reply::HandshakeOk { version })?;
            }
            Command::Handshake { version } => {
                let message =
                    format!("unsupported version `{version}`: this engine speaks 1 and 2");
                self.error(&message, line)?;
            }
            Command::Identify => {
                for (key, value) in IDENTITY {
                    self.reply(&Reply::Identify { key: key.to_owned(), value: value.to_owned() })?;
                }
                self.reply(&Reply::IdentifyOk)?;
            }
            Command::Move(request) => self.think(line, request, ctx),
            // A command a later version adds: not known to this engine.
            _ => self.error(&"unsupported command", line)?,
        }
        Ok(Flow::Continue)
    }

    fn too_long(&mut self) -> io::Result<()> {
        let _ = writeln!(self.errors, "error: a command longer than {MAX_LINE} bytes");
        let _ = self.errors.flush();
        Ok(())
    }

    fn done(&mut self, done: Self::Done, _ctx: &mut Ctx<'_, Job, Self::Done>) -> io::Result<Flow> {
        let line = self.answering.take().unwrap_or_default();
        match done {
            Ok(thought) => {
                let cell = Cell {
                    row: u8::try_from(thought.row).unwrap_or(u8::MAX),
                    col: u8::try_from(thought.col).unwrap_or(u8::MAX),
                };
                self.reply(&Reply::Best(cell))?;
            }
            Err(err) => self.error(&err, &line)?,
        }
        Ok(Flow::Continue)
    }
}

/// The time to think about one move, leaving a margin for the reply to travel.
fn budget(clock: Option<Clock>, position: &Position, default_think: Duration) -> Duration {
    let margin = |t: Duration| (t / 5).min(Duration::from_millis(50));
    match clock {
        None => default_think,
        Some(clock @ Clock::PerMove { .. }) => {
            let t = clock.duration();
            t.saturating_sub(margin(t))
        }
        Some(clock) => {
            // An even share over the moves this side still has to make.
            let moves = position.board.counts().empty.div_ceil(2).max(1) as u32;
            let share = clock.duration() / moves;
            share.saturating_sub(margin(share))
        }
    }
}

/// The default line length: the board's side, or the shorter side of a rectangle.
fn default_win_length(position: &Position) -> usize {
    position.board.rows().min(position.board.cols())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_leave_a_margin() {
        let pos = Position::start(3, 3).unwrap();
        let five = Duration::from_secs(5);
        // 9 empty cells: 5 moves to make.
        let remaining = |millis| Some(Clock::Remaining { millis });
        assert_eq!(budget(remaining(1000), &pos, five), Duration::from_millis(160));
        assert_eq!(budget(remaining(10_000), &pos, five), Duration::from_millis(1950));
        assert_eq!(
            budget(Some(Clock::PerMove { millis: 10 }), &pos, five),
            Duration::from_millis(8)
        );
        assert_eq!(budget(None, &pos, five), five);
    }

    #[test]
    fn the_default_line_is_the_shorter_side() {
        let pos = Position::start(3, 5).unwrap();
        assert_eq!(default_win_length(&pos), 3);
    }
}
