//! The loop every protocol shares: commands read on their own thread, the search on
//! another, and the protocol's session on the caller's thread in between.
//!
//! The reader thread reads one line, hands it to the session and waits until the session
//! has dealt with it (a search started, a reply written) before it reads the next; a
//! command that has to wait for the search (a second `move`) is put off, and nothing is
//! read after it until it has been dealt with. So after `quit` nothing more is read, and
//! the loop can end at once even though its input stays open. The worker thread owns the engine (its tables) and
//! runs one job at a time; a job polls a stop flag, which the session sets to have an
//! answer at once (`stop`) or to drop a search that no longer matters (`quit`, a new
//! game). Every thread is scoped: when the loop returns, none is left running.

use std::io::{self, BufRead, Read};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

/// The longest command read, in bytes (a 255×255 T3EN board takes up to 65,279); a
/// longer line is skipped and reported.
pub const MAX_LINE: usize = 1 << 20;

/// Why a loop ended without a `quit`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The commands could not be read.
    #[error("cannot read a command: {0}")]
    Read(io::Error),
    /// A reply could not be written (the host is gone).
    #[error("cannot write a reply: {0}")]
    Write(io::Error),
    /// The engine's table could not be allocated.
    #[error("{0}")]
    Table(gridnote_tafl_search::TableError),
    /// The engine failed (a bug: its search panicked); the loop ended.
    #[error("the engine failed: {0}")]
    Engine(String),
}

/// How a session goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Read the next command.
    Continue,
    /// End the loop (the search, if any, dropped).
    Quit,
}

/// A protocol's side of the loop: it reads each command, writes the replies, and gives
/// the worker its jobs.
pub(crate) trait Session {
    /// What the worker is asked to do.
    type Job: Send;
    /// What it answers.
    type Done: Send;

    /// One command line (lossy UTF-8, white space trimmed, never empty).
    fn command(&mut self, line: &str, ctx: &mut Ctx<'_, Self::Job, Self::Done>)
    -> io::Result<Flow>;

    /// A line longer than [`MAX_LINE`] bytes (skipped).
    fn too_long(&mut self) -> io::Result<()>;

    /// The worker's answer to the last job started (not to one interrupted).
    fn done(
        &mut self,
        done: Self::Done,
        ctx: &mut Ctx<'_, Self::Job, Self::Done>,
    ) -> io::Result<Flow>;
}

/// What a session can do with the worker while it deals with a command.
pub(crate) struct Ctx<'a, J, D> {
    jobs: &'a Sender<J>,
    events: &'a Receiver<Event<D>>,
    stop: &'a AtomicBool,
    busy: bool,
    deferred: Option<String>,
    /// Why the worker failed, once it has.
    failed: Option<String>,
}

impl<J, D> Ctx<'_, J, D> {
    /// Whether a job is running.
    pub(crate) fn busy(&self) -> bool {
        self.busy
    }

    /// Starts a job (the worker must be free: see [`Ctx::busy`]).
    pub(crate) fn start(&mut self, job: J) {
        debug_assert!(!self.busy, "one job at a time");
        self.stop.store(false, Ordering::Relaxed);
        if self.jobs.send(job).is_ok() {
            self.busy = true;
        }
    }

    /// Ends the running job at once (the worker polls the stop flag) and returns its
    /// answer; `None` when no job was running.
    pub(crate) fn interrupt(&mut self) -> Option<D> {
        if !self.busy {
            return None;
        }
        self.stop.store(true, Ordering::Relaxed);
        // The reader waits for this command to be dealt with, so the only event that
        // can come is the worker's.
        loop {
            match self.events.recv() {
                Ok(Event::Done(done)) => {
                    self.busy = false;
                    return Some(done);
                }
                Ok(Event::Panicked(why)) => {
                    self.busy = false;
                    self.failed = Some(why);
                    return None;
                }
                Ok(_) => {}
                Err(_) => {
                    self.busy = false;
                    return None;
                }
            }
        }
    }

    /// Puts `line` off until the running job has ended. Nothing more is read until
    /// then: the commands after it are for after it (in order), and a `quit` behind it
    /// is read only once nothing is left to read after it.
    pub(crate) fn defer(&mut self, line: &str) {
        self.deferred = Some(line.to_owned());
    }
}

/// What the controller hears: from the reader, or from the worker.
enum Event<D> {
    Line(Vec<u8>),
    TooLong,
    End,
    Failed(io::Error),
    Done(D),
    /// The worker's job panicked (with this message).
    Panicked(String),
}

/// Runs `session` on the commands of `input` until `quit` (the session's [`Flow::Quit`])
/// or the end of the input, with `work` doing each job on a thread of its own; `stop` is
/// the flag its engine polls (set to end a job at once, cleared before each job).
pub(crate) fn run<S, R, W>(
    input: R,
    session: &mut S,
    stop: &AtomicBool,
    mut work: W,
) -> Result<(), ServeError>
where
    S: Session,
    R: BufRead + Send,
    W: FnMut(S::Job) -> S::Done + Send,
{
    let (event_sender, events) = mpsc::channel::<Event<S::Done>>();
    let (ack_sender, acks) = mpsc::channel::<bool>();
    let (jobs, job_receiver) = mpsc::channel::<S::Job>();
    thread::scope(|scope| {
        let lines = event_sender.clone();
        scope.spawn(move || read(input, &lines, &acks));
        scope.spawn(move || {
            for job in job_receiver {
                // A panic is reported, not left for the controller to wait on forever.
                let event = match panic::catch_unwind(AssertUnwindSafe(|| work(job))) {
                    Ok(done) => Event::Done(done),
                    Err(payload) => Event::Panicked(panic_message(payload.as_ref())),
                };
                let last = matches!(event, Event::Panicked(_));
                if event_sender.send(event).is_err() || last {
                    return;
                }
            }
        });
        let mut ctx =
            Ctx { jobs: &jobs, events: &events, stop, busy: false, deferred: None, failed: None };
        let result = control(session, &mut ctx, &ack_sender);
        // Whatever ended the loop: the search is dropped, the reader told to stop, the
        // worker's queue closed, so that the scope's threads end.
        ctx.interrupt();
        drop(ack_sender);
        drop(jobs);
        result
    })
}

/// The controller: events in order, acknowledged to the reader once dealt with.
fn control<S: Session>(
    session: &mut S,
    ctx: &mut Ctx<'_, S::Job, S::Done>,
    acks: &Sender<bool>,
) -> Result<(), ServeError> {
    let write = ServeError::Write;
    let mut ended = false;
    // Whether the reader waits for the acknowledgement of a command put off.
    let mut owed = false;
    loop {
        if !ctx.busy {
            if let Some(line) = ctx.deferred.take() {
                let flow = session.command(&line, ctx).map_err(write)?;
                if let Some(why) = ctx.failed.take() {
                    return Err(ServeError::Engine(why));
                }
                if flow == Flow::Quit {
                    return Ok(());
                }
                if owed {
                    owed = false;
                    let _ = acks.send(true);
                }
                continue;
            }
            if ended {
                return Ok(());
            }
        }
        let Ok(event) = ctx.events.recv() else { return Ok(()) };
        let flow = match event {
            Event::Line(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                let line = text.trim();
                let flow = if line.is_empty() {
                    Flow::Continue
                } else {
                    session.command(line, ctx).map_err(write)?
                };
                if flow == Flow::Continue {
                    if ctx.deferred.is_some() {
                        owed = true;
                    } else {
                        let _ = acks.send(true);
                    }
                }
                flow
            }
            Event::TooLong => {
                session.too_long().map_err(write)?;
                let _ = acks.send(true);
                Flow::Continue
            }
            Event::End => {
                ended = true;
                Flow::Continue
            }
            Event::Failed(err) => return Err(ServeError::Read(err)),
            Event::Panicked(why) => {
                ctx.busy = false;
                return Err(ServeError::Engine(why));
            }
            Event::Done(done) => {
                ctx.busy = false;
                session.done(done, ctx).map_err(write)?
            }
        };
        if let Some(why) = ctx.failed.take() {
            return Err(ServeError::Engine(why));
        }
        if flow == Flow::Quit {
            return Ok(());
        }
    }
}

/// What a panic said.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    match (payload.downcast_ref::<&str>(), payload.downcast_ref::<String>()) {
        (Some(text), _) => (*text).to_owned(),
        (_, Some(text)) => text.clone(),
        _ => "a panic".to_owned(),
    }
}

/// The reader: one line at a time, each acknowledged before the next is read.
fn read<R: BufRead, D>(mut input: R, events: &Sender<Event<D>>, acks: &Receiver<bool>) {
    let mut buf = Vec::with_capacity(256);
    loop {
        buf.clear();
        let read = (&mut input).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf);
        let event = match read {
            Ok(0) => Event::End,
            Ok(_) if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE => {
                match skip_line(&mut input) {
                    Ok(()) => Event::TooLong,
                    Err(err) => Event::Failed(err),
                }
            }
            Ok(_) => Event::Line(std::mem::take(&mut buf)),
            Err(err) => Event::Failed(err),
        };
        let last = matches!(event, Event::End | Event::Failed(_));
        if events.send(event).is_err() || last {
            return;
        }
        // Read on only when told to (after `quit`, the sender is gone).
        if acks.recv() != Ok(true) {
            return;
        }
    }
}

/// Skips the rest of a line too long to keep.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let (done, used) = {
            let available = input.fill_buf()?;
            if available.is_empty() {
                return Ok(());
            }
            match memchr(available) {
                Some(at) => (true, at + 1),
                None => (false, available.len()),
            }
        };
        input.consume(used);
        if done {
            return Ok(());
        }
    }
}

/// Where the first line break is.
fn memchr(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session that starts a job for each command and writes each answer (the one under
    /// way too at `quit`).
    struct Echo(Vec<String>);

    impl Session for Echo {
        type Job = String;
        type Done = String;

        fn command(&mut self, line: &str, ctx: &mut Ctx<'_, String, String>) -> io::Result<Flow> {
            match line {
                "quit" => {
                    self.0.extend(ctx.interrupt());
                    Ok(Flow::Quit)
                }
                _ if ctx.busy() => {
                    ctx.defer(line);
                    Ok(Flow::Continue)
                }
                _ => {
                    ctx.start(line.to_owned());
                    Ok(Flow::Continue)
                }
            }
        }

        fn too_long(&mut self) -> io::Result<()> {
            self.0.push("too long".to_owned());
            Ok(())
        }

        fn done(&mut self, done: String, _: &mut Ctx<'_, String, String>) -> io::Result<Flow> {
            self.0.push(done);
            Ok(Flow::Continue)
        }
    }

    #[test]
    fn jobs_are_answered_in_order_and_quit_reads_no_further() {
        let stop = AtomicBool::new(false);
        let mut session = Echo(Vec::new());
        let input = "a\n\nb\nquit\nc\n";
        run(input.as_bytes(), &mut session, &stop, |job: String| job.to_uppercase()).unwrap();
        assert_eq!(session.0, ["A", "B"]);
    }

    #[test]
    fn a_panicking_engine_ends_the_loop_with_an_error_not_a_hang() {
        let stop = AtomicBool::new(false);
        let mut session = Echo(Vec::new());
        let result = run("a\nb\n".as_bytes(), &mut session, &stop, |job: String| -> String {
            panic!("no {job}")
        });
        assert!(matches!(&result, Err(ServeError::Engine(why)) if why == "no a"), "{result:?}");
        assert!(session.0.is_empty());
    }

    #[test]
    fn a_line_too_long_is_skipped_whole() {
        let stop = AtomicBool::new(false);
        let mut session = Echo(Vec::new());
        let input = format!("{}\nx\n", "y".repeat(MAX_LINE + 1));
        run(input.as_bytes(), &mut session, &stop, |job: String| job).unwrap();
        assert_eq!(session.0, ["too long", "x"]);
    }
}
