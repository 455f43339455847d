//! A pipe for the commands and a channel for the replies, so that a test sends a command
//! while the engine searches and sees the replies in the order they come.

use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long a test waits for a reply before it fails. The searches the tests interrupt
/// are given ten minutes or more: a reply within this wait came long before their
/// deadline, so it was the interruption that brought it.
pub(crate) const PATIENCE: Duration = Duration::from_secs(120);

/// The reading end of the command pipe.
pub(crate) struct PipeReader {
    chunks: Receiver<Vec<u8>>,
    buf: Vec<u8>,
    at: usize,
}

impl Read for PipeReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.at == self.buf.len() {
            match self.chunks.recv() {
                Ok(chunk) => {
                    self.buf = chunk;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.buf.len() - self.at);
        out[..n].copy_from_slice(&self.buf[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// A writer whose bytes go down a channel.
pub(crate) struct ChannelWriter(pub(crate) Sender<Vec<u8>>);

impl Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.send(bytes.to_vec()).map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The lines a channel of bytes carries.
pub(crate) struct Lines {
    bytes: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Lines {
    pub(crate) fn new(bytes: Receiver<Vec<u8>>) -> Lines {
        Lines { bytes, pending: Vec::new() }
    }

    /// The next line, waiting up to [`PATIENCE`]; `None` when the writer is gone.
    pub(crate) fn next(&mut self) -> Option<String> {
        loop {
            if let Some(at) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=at).collect();
                return Some(String::from_utf8_lossy(&line[..at]).into_owned());
            }
            match self.bytes.recv_timeout(PATIENCE) {
                Ok(chunk) => self.pending.extend(chunk),
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => panic!("no reply within {PATIENCE:?}"),
            }
        }
    }

    /// The next line that does not start with `skip`.
    pub(crate) fn next_without(&mut self, skip: &str) -> Option<String> {
        loop {
            let line = self.next()?;
            if !line.starts_with(skip) {
                return Some(line);
            }
        }
    }

    /// Every line left, once the writer is gone.
    pub(crate) fn rest(mut self) -> Vec<String> {
        std::iter::from_fn(|| self.next()).collect()
    }
}

/// An engine loop on a thread of its own: the test sends commands and reads replies.
pub(crate) struct Engine<T> {
    commands: Option<Sender<Vec<u8>>>,
    pub(crate) out: Lines,
    done: Receiver<T>,
    thread: Option<JoinHandle<()>>,
}

impl<T: Send + 'static> Engine<T> {
    /// Runs `serve` on the command pipe and an output channel (and an error channel,
    /// whose lines come back from [`Engine::errors`]).
    pub(crate) fn start(
        serve: impl FnOnce(BufReader<PipeReader>, ChannelWriter) -> T + Send + 'static,
    ) -> Engine<T> {
        let (commands, chunks) = mpsc::channel();
        let (out, out_bytes) = mpsc::channel();
        let (done_sender, done) = mpsc::channel();
        let reader = BufReader::new(PipeReader { chunks, buf: Vec::new(), at: 0 });
        let thread = std::thread::spawn(move || {
            let _ = done_sender.send(serve(reader, ChannelWriter(out)));
        });
        Engine { commands: Some(commands), out: Lines::new(out_bytes), done, thread: Some(thread) }
    }

    /// Sends one command line.
    pub(crate) fn send(&self, line: &str) {
        let commands = self.commands.as_ref().expect("input open");
        commands.send(format!("{line}\n").into_bytes()).expect("the engine reads");
    }

    /// Closes the command pipe (the end of the input).
    pub(crate) fn close(&mut self) {
        self.commands = None;
    }

    /// What the loop returned, waiting up to [`PATIENCE`] for it to end (with the
    /// command pipe still open, unless closed, so that it ended by itself), and the
    /// replies not read yet.
    pub(crate) fn ended(mut self) -> (T, Vec<String>) {
        let result = self.done.recv_timeout(PATIENCE).expect("the loop ends");
        if let Some(thread) = self.thread.take() {
            thread.join().expect("no panic");
        }
        (result, self.out.rest())
    }
}
