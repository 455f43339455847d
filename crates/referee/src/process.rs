//! An engine program as a child process that talks in lines on its standard input and
//! output.
//!
//! The command line is run by `sh -c 'exec COMMAND'`, so it may hold arguments, quotes
//! and environment settings as a shell reads them, and the engine is the child itself
//! (killing the child kills the engine, not a shell around it). A thread reads standard
//! output line by line so that every read can wait with a deadline; standard error is
//! drained by another thread and its last lines are kept for the crash reason.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line an engine may send, in bytes; a longer one is a malformed reply.
pub const MAX_LINE: usize = 64 * 1024;

/// How many lines of an engine's standard error are kept for a crash report.
const STDERR_LINES: usize = 8;

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
    /// The engine closed its standard output (it exited or crashed).
    #[error("the engine exited{}{}", status.map(|s| format!(" with status {s}")).unwrap_or_default(), stderr_suffix(stderr))]
    Exited {
        /// Its exit status, when it has one.
        status: Option<i32>,
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

fn stderr_suffix(lines: &[String]) -> String {
    match lines.last() {
        Some(last) => format!(" (its last words on stderr: {last})"),
        None => String::new(),
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
        let (sender, lines) = mpsc::channel();
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
    /// [`Failure::Exited`] when the engine no longer reads its input.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(self.exited());
        };
        let written = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        match written {
            Ok(()) => Ok(()),
            Err(_) => Err(self.exited()),
        }
    }

    /// The next line of the engine's output (without its line terminator), waiting until
    /// `deadline` at most.
    ///
    /// # Errors
    /// [`Failure::Timeout`], [`Failure::Exited`] or [`Failure::Malformed`].
    pub fn receive(&mut self, deadline: Instant) -> Result<String, Failure> {
        let started = Instant::now();
        let wait = deadline.saturating_duration_since(started);
        match self.lines.recv_timeout(wait) {
            Ok(LineMsg(Line::Text(text))) => Ok(text),
            Ok(LineMsg(Line::TooLong)) => {
                Err(Failure::Malformed(format!("a line longer than {MAX_LINE} bytes")))
            }
            Ok(LineMsg(Line::NotUtf8)) => {
                Err(Failure::Malformed("a line that is not UTF-8".into()))
            }
            Ok(LineMsg(Line::Error(err))) => Err(Failure::Io(err)),
            Ok(LineMsg(Line::End)) | Err(RecvTimeoutError::Disconnected) => Err(self.exited()),
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

    /// The failure for an engine whose output has ended: its exit status (waiting a
    /// moment for it) and its last words on standard error.
    fn exited(&mut self) -> Failure {
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(exit)) = self.child.try_wait() {
                status = exit.code();
                break;
            }
            thread::sleep(Duration::from_millis(2));
        }
        // The last words may still be in the pipe: wait (briefly) for the reader to
        // reach the end of standard error.
        let _ = self.stderr_ended.recv_timeout(Duration::from_millis(200));
        let stderr =
            self.stderr.lock().map(|lines| lines.iter().cloned().collect()).unwrap_or_default();
        Failure::Exited { status, stderr }
    }
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

/// The reader thread: one message per line until the end of the output.
fn read_lines(stdout: impl Read, sender: &mpsc::Sender<LineMsg>) {
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

/// The standard-error thread: keeps the last few lines.
fn drain_stderr(stderr: impl Read, kept: &Mutex<VecDeque<String>>) {
    let reader = BufReader::new(stderr);
    for line in reader.split(b'\n') {
        let Ok(line) = line else { return };
        let text = String::from_utf8_lossy(&line).trim_end().to_owned();
        if let Ok(mut lines) = kept.lock() {
            if lines.len() == STDERR_LINES {
                lines.pop_front();
            }
            lines.push_back(text);
        }
    }
}
