//! `gridnote convert`: every input converted, in input order, on one thread or several
//! (`--jobs`); notes summarised for many inputs (`--notes all` lists every one).

use std::io::{self, BufRead, Write};
use std::sync::mpsc;

use gridnote_convert::{Format, Note, Options, read, write_into};

use crate::inputs::{
    Failure, Input, InputArgs, Io, Opened, Place, for_each_input, hint_if_terminal, open,
    render_failure,
};
use crate::lines::{Block, BlockReader, each_line_of_block};
use crate::json;
use crate::names::parse_format;
use crate::notes::NoteSink;
use crate::options::OptionFlags;
use crate::status::{EXIT_USAGE, finish};

/// Convert positions into another format.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The target format, any case (`gridnote formats` lists them).
    #[arg(long, value_name = "FMT", value_parser = parse_format)]
    pub(crate) to: Format,
    /// The input flags: --from, --input, --json, --quiet and the INPUTs.
    #[command(flatten)]
    pub(crate) input: InputArgs,
    /// Notes for many inputs: `summary` (each kind of note listed for its first 3
    /// inputs, then counted) or `all` (every note of every input).
    #[arg(long, value_name = "HOW", default_value = "summary", value_parser = ["summary", "all"])]
    pub(crate) notes: String,
    /// Convert on up to N threads (0: one per core; at most 1024), never more than there
    /// are blocks of input lines; the output stays in input order.
    #[arg(long, short, value_name = "N", default_value_t = 1,
          value_parser = crate::numbers::whole(0u16, MAX_JOBS))]
    pub(crate) jobs: u16,
    /// The conversion options: --lossless, the tafl counters and each format's own
    /// (`Options::DECLARED`).
    #[command(flatten)]
    pub(crate) options: OptionFlags,
}

impl Args {
    /// The conversion options the flags set.
    fn options(&self) -> &Options {
        &self.options.0
    }

    /// The tafl counters' flags and the values given.
    fn counters(&self) -> [(&'static str, Option<u32>); 3] {
        let options = self.options();
        [
            ("--defenders", options.defenders),
            ("--ply", options.ply),
            ("--since-capture", options.since_capture),
        ]
    }
}

/// The most threads `--jobs` asks for.
const MAX_JOBS: u16 = 1024;

/// What one input wrote to standard error, kept in order until it is printed.
pub(crate) enum Event {
    /// The conversion's notes for the input at `place`, line or argument `number`.
    Notes { place: Place, number: usize, notes: Vec<Note> },
    /// Text to print as it is (an error report).
    Text(String),
    /// `flag` was given for a source in `format`, which carries its own tafl fields
    /// (noted for the first such input only).
    Ignored { place: Place, number: usize, flag: &'static str, format: Format },
}

/// Converts one input at a time, writing the output (or JSON) to a byte buffer and what
/// goes to standard error to a list of events.
struct Converter<'a> {
    args: &'a Args,
}

impl Converter<'_> {
    fn new(args: &Args) -> Converter<'_> {
        Converter { args }
    }

    /// Converts `input`, appending its line (or JSON object) to `out` and its notes or
    /// error to `events`; returns whether it failed.
    fn one(
        &mut self,
        input: &Input<'_>,
        text_buf: &mut String,
        out: &mut Vec<u8>,
        events: &mut Vec<Event>,
    ) -> io::Result<bool> {
        text_buf.clear();
        let args = self.args;
        match self.convert(input, text_buf, events) {
            Ok(notes) => {
                if args.input.json {
                    json::write_converted(out, input, text_buf, &notes)?;
                } else {
                    out.extend_from_slice(text_buf.as_bytes());
                    out.push(b'\n');
                    if !args.input.quiet && !notes.is_empty() {
                        events.push(Event::Notes {
                            place: input.place,
                            number: input.number,
                            notes,
                        });
                    }
                }
                Ok(false)
            }
            Err(failure) => {
                if args.input.json {
                    json::write_error(out, input, &failure.message, &failure.span)?;
                }
                if !args.input.json || !args.input.quiet {
                    events.push(Event::Text(render_failure(input, &failure)));
                }
                Ok(true)
            }
        }
    }

    fn convert(
        &mut self,
        input: &Input<'_>,
        output: &mut String,
        events: &mut Vec<Event>,
    ) -> Result<Vec<Note>, Failure> {
        let args = self.args;
        let options = args.options();
        let text = input.utf8().map_err(Failure::plain)?;
        let from = args.input.from;
        let source = read(text, from, options).map_err(|err| Failure::of(&err, text, from))?;
        let tafl_target = args.to.carries().tafl;
        let given = args.counters();
        if tafl_target && source.tafl.is_some() {
            if !args.input.quiet {
                if let Some(&(flag, _)) = given.iter().find(|(_, v)| v.is_some()) {
                    let (place, number, format) = (input.place, input.number, source.format);
                    events.push(Event::Ignored { place, number, flag, format });
                }
            }
        } else if tafl_target {
            // The fields a tic-tac-toe source lacks: explicit ones must fit derived ones.
            let pieces = u32::try_from(source.board.counts().occupied()).unwrap_or(u32::MAX);
            let span = 0..text.len();
            match (options.ply, options.since_capture) {
                (None, Some(since)) if since > pieces => {
                    return Err(Failure::plain((
                        format!(
                            "--since-capture {since} is not below the ply {} (derived: pieces on the board + 1); give --ply too",
                            pieces.saturating_add(1)
                        ),
                        span,
                    )));
                }
                (Some(ply), None) if pieces >= ply => {
                    return Err(Failure::plain((
                        format!(
                            "--ply {ply} is not above the plies since capture {pieces} (derived: pieces on the board); give --since-capture too"
                        ),
                        span,
                    )));
                }
                _ => {}
            }
        }
        write_into(source, args.to, options, output).map_err(|err| Failure::of(&err, text, from))
    }
}

/// `line 3`, `argument 2` or `line 3 of FILE`, for an event.
fn origin_of(place: Place, number: usize, names: &[String]) -> String {
    match place {
        Place::Argument => format!("argument {number}"),
        Place::Stdin => format!("line {number}"),
        Place::File(i) => format!("line {number} of {}", names[i]),
    }
}

fn emit(events: &mut Vec<Event>, sink: &mut NoteSink, names: &[String], err: &mut dyn Write) {
    for event in events.drain(..) {
        match event {
            Event::Notes { place, number, notes } => {
                sink.notes(&|| origin_of(place, number, names), &notes, err);
            }
            Event::Text(text) => {
                let _ = err.write_all(text.as_bytes());
            }
            Event::Ignored { place, number, flag, format } => {
                if !sink.noted_ignored {
                    sink.noted_ignored = true;
                    let _ = writeln!(
                        err,
                        "note: {}: {flag} not used: {format} input carries its own tafl fields (so does every later {format} input)",
                        origin_of(place, number, names)
                    );
                }
            }
        }
    }
}

/// Flags that contradict each other, before any input is read.
fn validate(args: &Args) -> Result<(), String> {
    if let (Some(ply), Some(since)) = (args.options().ply, args.options().since_capture) {
        if since >= ply {
            return Err(format!(
                "--since-capture {since} is not below --ply {ply}: the plies since the last capture are fewer than the ply"
            ));
        }
    }
    Ok(())
}

pub(crate) fn run(args: &Args, stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    if let Err(message) = validate(args) {
        let _ = writeln!(io.err, "error: {message}");
        return EXIT_USAGE;
    }
    let Some(opened) = open(&args.input, io) else {
        return EXIT_USAGE;
    };
    if !args.to.carries().tafl && !args.input.quiet {
        for (flag, value) in args.counters() {
            if value.is_some() {
                let _ = writeln!(io.err, "note: {flag} not used: {} has no such field", args.to);
            }
        }
    }
    hint_if_terminal(&args.input, io);
    let jobs = match args.jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => usize::from(n),
    };
    let mut sink = NoteSink::new(args.notes == "all", "inputs");
    let names = opened.names();
    // Interactive use stays one line at a time.
    let interactive = io.terminals.stdin || io.terminals.stdout;
    let (result, failed) = if jobs > 1 && !interactive {
        parallel(args, jobs, opened, stdin, io, &mut sink, &names)
    } else {
        sequential(args, opened, stdin, io, &mut sink, &names)
    };
    sink.finish(io.err);
    finish(result, failed, io.err)
}

fn sequential(
    args: &Args,
    opened: Opened,
    stdin: &mut dyn BufRead,
    io: &mut Io<'_>,
    sink: &mut NoteSink,
    names: &[String],
) -> (io::Result<()>, bool) {
    let mut converter = Converter::new(args);
    let mut failed = false;
    let mut text = String::with_capacity(256);
    let mut out = Vec::with_capacity(256);
    let mut events = Vec::new();
    let result = for_each_input(&args.input, opened, stdin, io, |input, io| {
        out.clear();
        failed |= converter.one(&input, &mut text, &mut out, &mut events)?;
        io.out.write_all(&out)?;
        emit(&mut events, sink, names, io.err);
        Ok(())
    });
    (result, failed)
}

/// A block of one stream for a worker.
struct Chunk {
    place: Place,
    block: Block,
}

/// A converted chunk: its output, its standard-error events, whether any input failed.
struct Done {
    out: Vec<u8>,
    events: Vec<Event>,
    failed: bool,
}

fn convert_chunk(
    converter: &mut Converter<'_>,
    names: &[String],
    chunk: &Chunk,
) -> io::Result<Done> {
    let capacity = match &chunk.block {
        Block::Lines { bytes, .. } => bytes.len() * 2,
        Block::TooLong { .. } => 0,
    };
    let mut done = Done { out: Vec::with_capacity(capacity), events: Vec::new(), failed: false };
    let mut text = String::with_capacity(256);
    let place = chunk.place;
    let file = match place {
        Place::File(i) => Some(names[i].as_str()),
        _ => None,
    };
    let mut one = |number: usize, raw: &[u8], too_long: bool| -> io::Result<()> {
        let input = Input { number, place, file, raw, too_long };
        done.failed |= converter.one(&input, &mut text, &mut done.out, &mut done.events)?;
        Ok(())
    };
    match &chunk.block {
        Block::Lines { first, bytes } => {
            each_line_of_block(bytes, *first, |number, raw| one(number, raw, false))?;
        }
        Block::TooLong { number, shown } => one(*number, shown, true)?,
    }
    Ok(done)
}

/// Converts on up to `jobs` worker threads: this thread reads each stream in blocks of
/// whole lines ([`BlockReader`]: about 32 KiB, cut at the last `\n`, the `\n`s counted for
/// the line numbers), which go to the workers in turn and come back in the same turn, so
/// the output keeps input order; the workers split the lines (byte-order mark, blank and
/// comment lines, `\r\n`: as one thread does) and convert them. A worker is started when
/// a block first needs it, so there are never more workers than blocks (none for
/// arguments alone). At most two blocks per worker are in flight, so memory does not grow
/// with the input.
fn parallel(
    args: &Args,
    jobs: usize,
    opened: Opened,
    stdin: &mut dyn BufRead,
    io: &mut Io<'_>,
    sink: &mut NoteSink,
    names: &[String],
) -> (io::Result<()>, bool) {
    let mut failed = false;
    // Arguments first, on this thread (they are few).
    let arguments = InputArgs { files: Vec::new(), ..args.input.clone() };
    if !args.input.inputs.is_empty() {
        let (result, f) = sequential_arguments(args, &arguments, stdin, io, sink, names);
        failed |= f;
        if let Err(err) = result {
            return (Err(err), failed);
        }
    }
    let result = std::thread::scope(|scope| -> io::Result<()> {
        let mut pool = Pool { jobs, to_workers: Vec::new(), from_workers: Vec::new(), sent: 0, written: 0 };
        let mut write_one = |pool: &mut Pool, wait: bool, io: &mut Io<'_>| -> io::Result<bool> {
            let Some(mut done) = pool.receive(wait)? else { return Ok(false) };
            io.out.write_all(&done.out)?;
            emit(&mut done.events, sink, names, io.err);
            failed |= done.failed;
            Ok(true)
        };
        let mut send = |pool: &mut Pool, chunk: Chunk, io: &mut Io<'_>| -> io::Result<()> {
            if pool.in_flight() >= 2 * jobs {
                write_one(pool, true, io)?;
            }
            pool.send(chunk, |chunk_rx, done_tx| {
                scope.spawn(move || {
                    let mut converter = Converter::new(args);
                    for chunk in chunk_rx {
                        if done_tx.send(convert_chunk(&mut converter, names, &chunk)).is_err() {
                            break;
                        }
                    }
                });
            })?;
            while pool.in_flight() > 0 && write_one(pool, false, io)? {}
            Ok(())
        };
        let mut read_stream = |pool: &mut Pool,
                               reader: &mut dyn BufRead,
                               place: Place,
                               io: &mut Io<'_>|
         -> io::Result<()> {
            let mut blocks = BlockReader::new();
            while let Some(block) = blocks.next(reader)? {
                send(pool, Chunk { place, block }, io)?;
            }
            Ok(())
        };
        let mut streams = opened.into_readers();
        let result = if args.input.files.is_empty() {
            if args.input.inputs.is_empty() {
                read_stream(&mut pool, stdin, Place::Stdin, io)
            } else {
                Ok(())
            }
        } else {
            streams.iter_mut().enumerate().try_for_each(|(i, reader)| match reader {
                None => read_stream(&mut pool, stdin, Place::Stdin, io),
                Some(reader) => read_stream(&mut pool, reader, Place::File(i), io),
            })
        };
        // The workers end when their channels close.
        pool.to_workers.clear();
        // Whatever was sent is written, even after an error (a broken pipe stops it).
        let mut tail = Ok(());
        while pool.in_flight() > 0 {
            if let Err(err) = write_one(&mut pool, true, io) {
                tail = Err(err);
                break;
            }
        }
        #[cfg(test)]
        tests::WORKERS.with(|w| w.set(pool.from_workers.len()));
        result.and(tail)
    });
    (result, failed)
}

/// The workers of [`parallel`], started as blocks need them, and the blocks sent to them
/// and written back, in turn.
struct Pool {
    /// The most workers.
    jobs: usize,
    to_workers: Vec<mpsc::SyncSender<Chunk>>,
    from_workers: Vec<mpsc::Receiver<io::Result<Done>>>,
    /// Blocks sent so far; block `i` goes to worker `i % jobs`.
    sent: usize,
    /// Blocks written back so far.
    written: usize,
}

impl Pool {
    /// Blocks sent and not yet written back.
    fn in_flight(&self) -> usize {
        self.sent - self.written
    }

    /// Sends `chunk` to the next worker in turn, starting it with `start` (which gets its
    /// channels) when this is its first block.
    fn send(
        &mut self,
        chunk: Chunk,
        start: impl FnOnce(mpsc::Receiver<Chunk>, mpsc::Sender<io::Result<Done>>),
    ) -> io::Result<()> {
        let slot = self.sent % self.jobs;
        if slot == self.to_workers.len() {
            let (chunk_tx, chunk_rx) = mpsc::sync_channel::<Chunk>(2);
            let (done_tx, done_rx) = mpsc::channel::<io::Result<Done>>();
            self.to_workers.push(chunk_tx);
            self.from_workers.push(done_rx);
            start(chunk_rx, done_tx);
        }
        self.to_workers[slot].send(chunk).map_err(|_| io::Error::other("a worker stopped"))?;
        self.sent += 1;
        Ok(())
    }

    /// The next block's result in turn: waiting for it (`wait`), or `None` when it is not
    /// ready yet.
    fn receive(&mut self, wait: bool) -> io::Result<Option<Done>> {
        let rx = &self.from_workers[self.written % self.jobs];
        let done = if wait {
            rx.recv().map_err(|_| io::Error::other("a worker stopped"))?
        } else {
            match rx.try_recv() {
                Ok(done) => done,
                Err(_) => return Ok(None),
            }
        };
        self.written += 1;
        done.map(Some)
    }
}

fn sequential_arguments(
    args: &Args,
    arguments: &InputArgs,
    stdin: &mut dyn BufRead,
    io: &mut Io<'_>,
    sink: &mut NoteSink,
    names: &[String],
) -> (io::Result<()>, bool) {
    let mut converter = Converter::new(args);
    let mut failed = false;
    let mut text = String::with_capacity(256);
    let mut out = Vec::with_capacity(256);
    let mut events = Vec::new();
    let result = for_each_input(arguments, Opened::none(), stdin, io, |input, io| {
        out.clear();
        failed |= converter.one(&input, &mut text, &mut out, &mut events)?;
        io.out.write_all(&out)?;
        emit(&mut events, sink, names, io.err);
        Ok(())
    });
    (result, failed)
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    thread_local! {
        /// How many workers the last [`super::parallel`] on this thread started.
        pub(super) static WORKERS: Cell<usize> = const { Cell::new(usize::MAX) };
    }

    /// `gridnote ARGS` in-process: the status, standard output and error, and how many
    /// workers were started (`usize::MAX`: no parallel conversion ran).
    fn gridnote(args: &[&str], stdin: &[u8]) -> (u8, String, String, usize) {
        WORKERS.with(|w| w.set(usize::MAX));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let argv = std::iter::once("gridnote").chain(args.iter().copied()).map(Into::into);
        let status = crate::run(argv, &mut &stdin[..], &mut out, &mut err);
        let (out, err) = (String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap());
        (status, out, err, WORKERS.with(Cell::get))
    }

    #[test]
    fn jobs_start_no_more_workers_than_there_are_blocks_of_lines() {
        let empty = "3 4 3/3/3 a 1 0\n";
        // Arguments alone are converted on this thread: no worker at all.
        let run = gridnote(&["convert", "--quiet", "--to", "tsn", "-j", "1024", "3_/3_/3_ x"], b"");
        assert_eq!(run, (0, empty.to_owned(), String::new(), 0));
        // A few lines are one block: one worker, whatever --jobs says.
        let run = gridnote(&["convert", "--quiet", "--to", "tsn", "-j", "1024"], b"3_/3_/3_ x\n3_/3_/3_ x\n");
        assert_eq!(run, (0, empty.repeat(2), String::new(), 1));
        // Many blocks: as many workers as --jobs asks for, the output in input order.
        let lines = "3_/3_/3_ x\n_x_/3_/3_ o\n".repeat(20_000);
        let (status, out, err, workers) =
            gridnote(&["convert", "--quiet", "--to", "tsn", "-j", "4"], lines.as_bytes());
        assert_eq!((status, err.as_str(), workers), (0, "", 4));
        assert_eq!(out, format!("{empty}3 4 3/3/1a1 d 2 1\n").repeat(20_000));
    }

    #[test]
    fn jobs_are_bounded_with_a_usage_error_naming_the_range() {
        for jobs in ["1025", "100000", "99999999999999999999"] {
            let (status, out, err, workers) =
                gridnote(&["convert", "--quiet", "--to", "tsn", "-j", jobs, "3_/3_/3_ x"], b"");
            assert_eq!((status, out.as_str(), workers), (2, "", usize::MAX), "{jobs}");
            let quoted = format!("error: invalid value '{jobs}' for '--jobs <N>': ");
            assert!(err.starts_with(&quoted), "{jobs}: {err}");
        }
        let (_, _, err, _) = gridnote(&["convert", "--quiet", "--to", "tsn", "-j", "100000", "x"], b"");
        assert!(err.contains("expected a whole number from 0 to 1024, got 100000"), "{err}");
        let (status, out, _, _) = gridnote(&["convert", "--quiet", "--to", "tsn", "-j", "0", "3_/3_/3_ x"], b"");
        assert_eq!((status, out.as_str()), (0, "3 4 3/3/3 a 1 0\n"));
    }
}
