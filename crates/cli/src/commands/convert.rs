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
    /// Convert on N threads (0: one per core); the output stays in input order.
    #[arg(long, short, value_name = "N", default_value_t = 1)]
    pub(crate) jobs: usize,
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
        n => n,
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

/// Converts on `jobs` worker threads: this thread reads each stream in blocks of whole
/// lines ([`BlockReader`]: about 32 KiB, cut at the last `\n`, the `\n`s counted for the
/// line numbers), which go to the workers in turn and come back in the same turn, so the
/// output keeps input order; the workers split the lines (byte-order mark, blank and
/// comment lines, `\r\n`: as one thread does) and convert them. At most two blocks per
/// worker are in flight, so memory does not grow with the input.
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
        let mut to_workers = Vec::with_capacity(jobs);
        let mut from_workers = Vec::with_capacity(jobs);
        for _ in 0..jobs {
            let (chunk_tx, chunk_rx) = mpsc::sync_channel::<Chunk>(2);
            let (done_tx, done_rx) = mpsc::channel::<io::Result<Done>>();
            to_workers.push(chunk_tx);
            from_workers.push(done_rx);
            scope.spawn(move || {
                let mut converter = Converter::new(args);
                for chunk in chunk_rx {
                    if done_tx.send(convert_chunk(&mut converter, names, &chunk)).is_err() {
                        break;
                    }
                }
            });
        }
        let (mut sent, mut written) = (0usize, 0usize);
        let mut write_one =
            |written: &mut usize, wait: bool, io: &mut Io<'_>| -> io::Result<bool> {
                let rx = &from_workers[*written % jobs];
                let done = if wait {
                    rx.recv().map_err(|_| io::Error::other("a worker stopped"))?
                } else {
                    match rx.try_recv() {
                        Ok(done) => done,
                        Err(_) => return Ok(false),
                    }
                };
                let mut done = done?;
                io.out.write_all(&done.out)?;
                emit(&mut done.events, sink, names, io.err);
                failed |= done.failed;
                *written += 1;
                Ok(true)
            };
        let mut send = |chunk: Chunk, io: &mut Io<'_>| -> io::Result<()> {
            if sent - written >= 2 * jobs {
                write_one(&mut written, true, io)?;
            }
            to_workers[sent % jobs]
                .send(chunk)
                .map_err(|_| io::Error::other("a worker stopped"))?;
            sent += 1;
            while written < sent && write_one(&mut written, false, io)? {}
            Ok(())
        };
        let mut read_stream =
            |reader: &mut dyn BufRead, place: Place, io: &mut Io<'_>| -> io::Result<()> {
                let mut blocks = BlockReader::new();
                while let Some(block) = blocks.next(reader)? {
                    send(Chunk { place, block }, io)?;
                }
                Ok(())
            };
        let mut streams = opened.into_readers();
        let result = if args.input.files.is_empty() {
            if args.input.inputs.is_empty() { read_stream(stdin, Place::Stdin, io) } else { Ok(()) }
        } else {
            streams.iter_mut().enumerate().try_for_each(|(i, reader)| match reader {
                None => read_stream(stdin, Place::Stdin, io),
                Some(reader) => read_stream(reader, Place::File(i), io),
            })
        };
        // The workers end when their channels close (`send`, the last user, is done).
        drop(to_workers);
        // Whatever was sent is written, even after an error (a broken pipe stops it).
        let mut tail = Ok(());
        while written < sent {
            if let Err(err) = write_one(&mut written, true, io) {
                tail = Err(err);
                break;
            }
        }
        result.and(tail)
    });
    (result, failed)
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
