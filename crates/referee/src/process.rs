//! How the referee reaches an engine: a [`Link`] (send a line, receive a line by a
//! deadline, stop), made by a [`Launch`] from the engine's command line. [`Processes`]
//! launches child processes ([`Process`]); a test or a fuzz target may launch engines
//! simulated in process instead.
//!
//! A process's command line is run by `sh -c 'exec COMMAND'`, so it may hold arguments,
//! quotes and environment settings as a shell reads them, and the engine is the child
//! itself (killing the child kills the engine, not a shell around it). A thread reads
//! standard output line by line into a bounded queue, so that every read can wait with
//! a deadline and an engine that floods its output is held back by its pipe, not kept in
//! the referee's memory; standard error is drained by another thread and its last lines
//! are kept for the crash reason.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line an engine may send, in bytes; a longer one is a malformed reply.
pub const MAX_LINE: usize = 64 * 1024;

/// How many lines of an engine's output may wait to be read: a flood fills the queue,
/// then the engine's pipe, and then the engine waits; the referee's memory stays bounded
/// (at most this many lines of [`MAX_LINE`] bytes).
pub const QUEUED_LINES: usize = 256;

/// How many lines of an engine's standard error are kept for a crash report.
const STDERR_LINES: usize = 8;

/// The longest line of standard error kept, in bytes (the rest of the line is dropped).
const STDERR_LINE: usize = 512;

/// What went wrong while talking to an engine.
///
/// ```
/// use std::time::Duration;
/// use gridnote_referee::process::Failure;
/// let failure = Failure::Timeout { waited: Duration::from_millis(1500) };
/// assert_eq!(failure.to_string(), "no reply within 1.500 s");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Failure {
    /// The engine did not answer before the deadline.
    #[error("no reply within {:.3} s", waited.as_secs_f64())]
    Timeout {
        /// How long the referee waited.
        waited: Duration,
    },
    /// The engine exited (its output ended and the process is gone).
    #[error("the engine {}{}", ended(*status, *signal), stderr_suffix(stderr))]
    Exited {
        /// Its exit status, when it has one.
        status: Option<i32>,
        /// The signal that killed it, when one did.
        signal: Option<i32>,
        /// The last lines it wrote on standard error.
        stderr: Vec<String>,
    },
    /// The engine closed its standard output (or standard input) but kept running.
    #[error("the engine closed its input or output but kept running{}", stderr_suffix(stderr))]
    Closed {
        /// The last lines it wrote on standard error.
        stderr: Vec<String>,
    },
    /// A line longer than [`MAX_LINE`] bytes, or not UTF-8.
    #[error("a malformed line: {0}")]
    Malformed(String),
    /// The engine could not be started or written to.
    #[error("{0}")]
    Io(String),
}

impl Failure {
    /// Whether the engine never started: the program could not be run (the shell's
    /// exit status 126 or 127, or no shell at all).
    ///
    /// ```
    /// use gridnote_referee::process::Failure;
    /// let missing = Failure::Exited { status: Some(127), signal: None, stderr: vec![] };
    /// assert!(missing.never_started());
    /// ```
    #[must_use]
    pub fn never_started(&self) -> bool {
        matches!(self, Failure::Exited { status: Some(126 | 127), .. } | Failure::Io(_))
    }
}

fn ended(status: Option<i32>, signal: Option<i32>) -> String {
    match (status, signal) {
        (Some(status), _) => format!("exited with status {status}"),
        (None, Some(signal)) => format!("was killed by signal {signal}"),
        (None, None) => "exited".to_owned(),
    }
}

fn stderr_suffix(lines: &[String]) -> String {
    match lines.last() {
        Some(last) => format!(" (its last words on stderr: {last})"),
        None => String::new(),
    }
}

/// A connection to a running engine.
pub trait Link: Send {
    /// Sends one line (a newline is added).
    ///
    /// # Errors
    /// [`Failure::Exited`] or [`Failure::Closed`] when the engine no longer reads.
    fn send(&mut self, line: &str) -> Result<(), Failure>;

    /// The next line of the engine's output (without its line terminator), waiting until
    /// `deadline` at most; past the deadline, [`Failure::Timeout`] even if lines wait.
    ///
    /// # Errors
    /// [`Failure::Timeout`], [`Failure::Exited`], [`Failure::Closed`] or
    /// [`Failure::Malformed`].
    fn receive(&mut self, deadline: Instant) -> Result<String, Failure>;

    /// Sends `goodbye` (when given), waits up to `grace` for the engine to end, then ends
    /// it.
    fn stop(self: Box<Self>, goodbye: Option<&str>, grace: Duration);
}

/// Starts engines from their command lines.
pub trait Launch: Send + Sync + std::fmt::Debug {
    /// Starts the engine `command` names.
    ///
    /// # Errors
    /// [`Failure::Io`] when it cannot be started at all.
    fn launch(&self, command: &str) -> Result<Box<dyn Link>, Failure>;
}

/// The launcher of real engines: each command line a child process ([`Process`]).
///
/// ```no_run
/// use std::time::{Duration, Instant};
/// use gridnote_referee::process::{Launch, Processes};
/// let mut engine = Processes.launch("gridnote st3p")?;
/// engine.send("st3p version 1")?;
/// assert_eq!(engine.receive(Instant::now() + Duration::from_secs(5))?, "st3p version 1 ok");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Processes;

impl Launch for Processes {
    fn launch(&self, command: &str) -> Result<Box<dyn Link>, Failure> {
        Ok(Box::new(Process::spawn(command)?))
    }
}

/// One line read by the reader thread, or why reading stopped.
enum Line {
    Text(String),
    TooLong,
    NotUtf8,
    End,
    Error(String),
}

/// A running engine.
///
/// ```no_run
/// use std::time::{Duration, Instant};
/// use gridnote_referee::process::Process;
/// let mut engine = Process::spawn("gridnote st3p")?;
/// engine.send("st3p version 1")?;
/// let reply = engine.receive(Instant::now() + Duration::from_secs(5))?;
/// assert_eq!(reply, "st3p version 1 ok");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<LineMsg>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Told when standard error has ended, so that an exit report waits for its last
    /// lines.
    stderr_ended: Receiver<()>,
    command: String,
}

/// A line as sent over the channel (a private wrapper so that `Process` can derive Debug).
struct LineMsg(Line);

impl std::fmt::Debug for LineMsg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LineMsg")
    }
}

impl Process {
    /// Starts `command` with `sh -c 'exec COMMAND'`.
    ///
    /// # Errors
    /// [`Failure::Io`] when the shell cannot be started.
    pub fn spawn(command: &str) -> Result<Process, Failure> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|err| Failure::Io(format!("cannot start `{command}`: {err}")))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or_else(|| Failure::Io("no stdout pipe".into()))?;
        let stderr_pipe =
            child.stderr.take().ok_or_else(|| Failure::Io("no stderr pipe".into()))?;
        let (sender, lines) = mpsc::sync_channel(QUEUED_LINES);
        thread::spawn(move || read_lines(stdout, &sender));
        let stderr = Arc::new(Mutex::new(VecDeque::with_capacity(STDERR_LINES)));
        let kept = Arc::clone(&stderr);
        let (ended, stderr_ended) = mpsc::channel();
        thread::spawn(move || {
            drain_stderr(stderr_pipe, &kept);
            let _ = ended.send(());
        });
        Ok(Process { child, stdin, lines, stderr, stderr_ended, command: command.to_owned() })
    }

    /// The command line the engine was started with.
    ///
    /// ```no_run
    /// let engine = gridnote_referee::process::Process::spawn("gridnote st3p")?;
    /// assert_eq!(engine.command(), "gridnote st3p");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one line (a newline is added) and flushes it.
    ///
    /// # Errors
    /// [`Failure::Exited`] or [`Failure::Closed`] when the engine no longer reads its
    /// input.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(self.gone());
        };
        let written = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        match written {
            Ok(()) => Ok(()),
            Err(_) => Err(self.gone()),
        }
    }

    /// The next line of the engine's output (without its line terminator), waiting until
    /// `deadline` at most. The clock decides: past the deadline it is
    /// [`Failure::Timeout`] even when lines are waiting, so an engine that floods its
    /// output still runs out of time.
    ///
    /// # Errors
    /// [`Failure::Timeout`], [`Failure::Exited`], [`Failure::Closed`] or
    /// [`Failure::Malformed`].
    pub fn receive(&mut self, deadline: Instant) -> Result<String, Failure> {
        let started = Instant::now();
        if started >= deadline {
            return Err(Failure::Timeout { waited: Duration::ZERO });
        }
        match self.lines.recv_timeout(deadline - started) {
            Ok(LineMsg(Line::Text(text))) => Ok(text),
            Ok(LineMsg(Line::TooLong)) => {
                Err(Failure::Malformed(format!("a line longer than {MAX_LINE} bytes")))
            }
            Ok(LineMsg(Line::NotUtf8)) => {
                Err(Failure::Malformed("a line that is not UTF-8".into()))
            }
            Ok(LineMsg(Line::Error(err))) => Err(Failure::Io(err)),
            Ok(LineMsg(Line::End)) | Err(RecvTimeoutError::Disconnected) => Err(self.gone()),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout { waited: started.elapsed() }),
        }
    }

    /// Sends `goodbye` (when given), waits up to `grace` for the engine to exit, then
    /// kills it.
    pub fn stop(mut self, goodbye: Option<&str>, grace: Duration) {
        if let Some(line) = goodbye {
            let _ = self.send(line);
        }
        self.stdin = None;
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// The failure of an engine whose output or input has ended: exited (with its status
    /// or signal, waiting a moment for them) or still running, with its last words on
    /// standard error.
    fn gone(&mut self) -> Failure {
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(exit)) = self.child.try_wait() {
                status = Some(exit);
                break;
            }
            thread::sleep(Duration::from_millis(2));
        }
        // The last words may still be in the pipe: wait (briefly) for the reader to
        // reach the end of standard error.
        let wait = if status.is_some() { 200 } else { 20 };
        let _ = self.stderr_ended.recv_timeout(Duration::from_millis(wait));
        let stderr =
            self.stderr.lock().map(|lines| lines.iter().cloned().collect()).unwrap_or_default();
        match status {
            Some(exit) => Failure::Exited { status: exit.code(), signal: signal(exit), stderr },
            None => Failure::Closed { stderr },
        }
    }
}

impl Link for Process {
    fn send(&mut self, line: &str) -> Result<(), Failure> {
        Process::send(self, line)
    }

    fn receive(&mut self, deadline: Instant) -> Result<String, Failure> {
        Process::receive(self, deadline)
    }

    fn stop(self: Box<Self>, goodbye: Option<&str>, grace: Duration) {
        Process::stop(*self, goodbye, grace);
    }
}

/// The signal that ended a process, where the system says.
#[cfg(unix)]
fn signal(status: ExitStatus) -> Option<i32> {
    std::os::unix::process::ExitStatusExt::signal(&status)
}

#[cfg(not(unix))]
fn signal(_: ExitStatus) -> Option<i32> {
    None
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The reader thread: one message per line until the end of the output (it waits while
/// the queue is full).
fn read_lines(stdout: impl Read, sender: &SyncSender<LineMsg>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::with_capacity(256);
    loop {
        buf.clear();
        let read = (&mut reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf);
        let line = match read {
            Ok(0) => Line::End,
            Ok(_) if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE => Line::TooLong,
            Ok(_) => {
                while matches!(buf.last(), Some(b'\n' | b'\r')) {
                    buf.pop();
                }
                match String::from_utf8(std::mem::take(&mut buf)) {
                    Ok(text) => Line::Text(text),
                    Err(_) => Line::NotUtf8,
                }
            }
            Err(err) => Line::Error(format!("cannot read the engine's output: {err}")),
        };
        let last = matches!(line, Line::End | Line::Error(_) | Line::TooLong);
        if sender.send(LineMsg(line)).is_err() || last {
            return;
        }
    }
}

/// The standard-error thread: keeps the last few lines, each cut to a bounded length.
fn drain_stderr(stderr: impl Read, kept: &Mutex<VecDeque<String>>) {
    let mut reader = BufReader::new(stderr);
    let mut buf = Vec::with_capacity(256);
    loop {
        buf.clear();
        let Ok(read) = (&mut reader).take(STDERR_LINE as u64).read_until(b'\n', &mut buf) else {
            return;
        };
        if read == 0 {
            return;
        }
        let whole = buf.last() == Some(&b'\n');
        if !whole && skip_line(&mut reader).is_err() {
            return;
        }
        let text = String::from_utf8_lossy(&buf).trim_end().to_owned();
        if let Ok(mut lines) = kept.lock() {
            if lines.len() == STDERR_LINES {
                lines.pop_front();
            }
            lines.push_back(text);
        }
    }
}

/// Skips the rest of a line too long to keep.
fn skip_line(reader: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let (found, used) = {
            let available = reader.fill_buf()?;
            if available.is_empty() {
                return Ok(());
            }
            match available.iter().position(|&b| b == b'\n') {
                Some(at) => (true, at + 1),
                None => (false, available.len()),
            }
        };
        reader.consume(used);
        if found {
            return Ok(());
        }
    }
}
