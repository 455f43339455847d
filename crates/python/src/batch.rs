//! `convert_many`: a stream of texts converted in chunks on the Rust side, off the
//! interpreter's lock and on `jobs` threads, yielded back in input order.

use std::collections::VecDeque;

use gridnote_convert::{Format, Options};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyIterator, PyString};

use crate::errors::{Failure, Kind};
use crate::options::{convert_options, format_named};
use crate::position::strip_end;

/// Texts taken from the iterable per chunk: large enough that the threads' start-up is
/// lost in the work, small enough that memory stays bounded.
const CHUNK: usize = 16_384;

/// What happens to an input that fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnError {
    /// The iterator raises the error (with `.index`) and stays usable.
    Raise,
    /// The iterator yields `None` in its place.
    Yield,
    /// The input is left out.
    Skip,
}

/// One converted chunk: the outputs one after another, each followed by `\n` (so that
/// a run of them is already the text of a file of lines), and per input the end of its
/// output in `outputs` (before the `\n`) or its failure.
#[derive(Debug, Default)]
struct Done {
    outputs: String,
    results: Vec<Result<usize, Box<Failure>>>,
}

/// Converts `texts` (one after another, ends in `ends`) into `done`.
fn convert_run(
    texts: &str,
    ends: &[usize],
    start: usize,
    from: Option<Format>,
    to: Format,
    options: &Options,
) -> Done {
    // Outputs are seldom more than twice their inputs (T3EN to TSN: 1.5 times): one
    // allocation for the run, not a doubling series of copies.
    let input = ends.last().map_or(0, |&end| end - start);
    let mut done = Done {
        outputs: String::with_capacity(2 * input + ends.len()),
        results: Vec::with_capacity(ends.len()),
    };
    let mut at = start;
    for &end in ends {
        let text = &texts[at..end];
        at = end;
        let result = gridnote_convert::read(text, from, options)
            .and_then(|source| gridnote_convert::write_into(source, to, options, &mut done.outputs))
            .map(|_| {
                let end = done.outputs.len();
                done.outputs.push('\n');
                end
            })
            .map_err(|err| Box::new(Failure::convert(&err, text, from, "from_")));
        done.results.push(result);
    }
    done
}

/// Converts a chunk on `jobs` threads, each a contiguous run of it, in input order.
fn convert_chunk(
    texts: &str,
    ends: &[usize],
    from: Option<Format>,
    to: Format,
    options: &Options,
    jobs: usize,
) -> Vec<Done> {
    let jobs = jobs.clamp(1, ends.len().max(1));
    if jobs == 1 {
        return vec![convert_run(texts, ends, 0, from, to, options)];
    }
    let per = ends.len().div_ceil(jobs);
    std::thread::scope(|scope| {
        let handles: Vec<_> = ends
            .chunks(per)
            .enumerate()
            .map(|(i, part)| {
                let start = if i == 0 { 0 } else { ends[i * per - 1] };
                scope.spawn(move || convert_run(texts, part, start, from, to, options))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| Done { outputs: String::new(), results: Vec::new() })
            })
            .collect()
    })
}

/// Bytes asked of a file-like input per `read` call.
const BLOCK: usize = 1 << 20;

/// Where the texts come from.
enum Input {
    /// Any iterable of `str` or `bytes`, one text per item.
    Items(Py<PyIterator>),
    /// An object with `read` (an open file, text or binary): read in blocks and split
    /// into lines here, so that no Python code runs per line.
    Reader {
        file: Py<PyAny>,
        /// The bytes after the last line ending read so far.
        pending: Vec<u8>,
    },
}

/// Whether an input is skipped, as the command line skips a line: blank (only
/// whitespace) or a `#` comment.
fn skipped(text: &[u8]) -> bool {
    text.iter().find(|b| !b.is_ascii_whitespace()).is_none_or(|&b| b == b'#')
}

/// The UTF-8 byte-order mark, skipped at the start of the input.
const BOM: &str = "\u{feff}";

/// The texts of one chunk, one after another, and what is known of each before it is
/// converted.
#[derive(Default)]
struct Chunk {
    texts: String,
    /// Where each text ends in `texts`.
    ends: Vec<usize>,
    /// Per text, the inputs skipped just before it (blank and comment lines).
    skips: Vec<usize>,
    /// Skipped inputs not yet followed by a text.
    skipping: usize,
    /// Texts that are not UTF-8: their place in the chunk and their failure.
    bad: Vec<(usize, Failure)>,
    /// Whether the next input is the first of the whole input (its byte-order mark
    /// is dropped).
    first: bool,
}

impl Chunk {
    /// Appends one input (one line ending removed), or counts it as skipped.
    fn push(&mut self, input: &str) {
        let mut input = strip_end(input);
        if core::mem::take(&mut self.first) {
            input = input.strip_prefix(BOM).unwrap_or(input);
        }
        if skipped(input.as_bytes()) {
            self.skipping += 1;
            return;
        }
        self.texts.push_str(input);
        self.end();
    }

    /// Appends one input given as bytes: as [`Chunk::push`] when it is UTF-8, else its
    /// failure.
    fn push_bytes(&mut self, line: &[u8]) {
        match core::str::from_utf8(line) {
            Ok(s) => self.push(s),
            Err(e) => {
                let line = if core::mem::take(&mut self.first) {
                    line.strip_prefix(BOM.as_bytes()).unwrap_or(line)
                } else {
                    line
                };
                if skipped(line) {
                    self.skipping += 1;
                    return;
                }
                let e = core::str::from_utf8(line).err().unwrap_or(e);
                self.bad.push((self.ends.len(), not_utf8(line, &e)));
                self.end();
            }
        }
    }

    fn end(&mut self) {
        self.ends.push(self.texts.len());
        self.skips.push(core::mem::take(&mut self.skipping));
    }
}

/// The failure of an input that is not UTF-8, spanning the first bad byte.
fn not_utf8(bytes: &[u8], e: &core::str::Utf8Error) -> Failure {
    let shown = String::from_utf8_lossy(bytes).into_owned();
    let mut failure = Failure::whole(Kind::Parse, &shown, format!("not UTF-8 text: {e}"), None);
    let at = e.valid_up_to();
    failure.span = at..at + e.error_len().unwrap_or(1);
    failure
}

/// The iterator `gridnote.convert_many` returns: converted texts in input order.
#[pyclass(module = "gridnote")]
pub(crate) struct ConvertMany {
    source: Option<Input>,
    from: Option<Format>,
    to: Format,
    options: Options,
    jobs: usize,
    on_error: OnError,
    /// Converted chunks not yet yielded, and where the first one is.
    ready: VecDeque<Done>,
    next_result: usize,
    next_output: usize,
    /// The index of the next input to yield.
    index: usize,
    /// Per result not yet yielded, the inputs skipped just before it.
    skips: VecDeque<usize>,
    /// Inputs taken from the source but not yet yielded or passed (skipped ones too).
    queued: usize,
    /// Whether no input has been taken yet (a byte-order mark is dropped from the first).
    at_start: bool,
}

impl ConvertMany {
    /// Takes up to [`CHUNK`] texts from the input and converts them off the lock.
    fn fill(&mut self, py: Python<'_>) -> PyResult<()> {
        let mut chunk = Chunk { first: self.at_start, ..Chunk::default() };
        match &mut self.source {
            None => return Ok(()),
            Some(Input::Items(source)) => {
                let mut iter = source.bind(py).clone();
                // Skipped inputs do not count toward the chunk's size.
                while chunk.ends.len() < CHUNK {
                    let Some(item) = iter.next() else { break };
                    let item = item?;
                    if let Ok(s) = item.cast::<PyString>() {
                        chunk.push(&s.to_cow()?);
                    } else if let Ok(b) = item.cast::<PyBytes>() {
                        chunk.push_bytes(b.as_bytes());
                    } else {
                        return Err(PyTypeError::new_err(format!(
                            "convert_many: item {} is {}, expected str or bytes",
                            self.index + self.queued + chunk.ends.len() + chunk.skipping,
                            item.get_type().name()?
                        )));
                    }
                }
            }
            Some(Input::Reader { file, pending }) => {
                let file = file.bind(py).clone();
                let mut eof = false;
                while chunk.ends.is_empty() && !eof {
                    let block = file.call_method1("read", (BLOCK,))?;
                    let start = pending.len();
                    if let Ok(s) = block.cast::<PyString>() {
                        pending.extend_from_slice(s.to_cow()?.as_bytes());
                    } else if let Ok(b) = block.cast::<PyBytes>() {
                        pending.extend_from_slice(b.as_bytes());
                    } else {
                        return Err(PyTypeError::new_err(format!(
                            "convert_many: read() gave {}, expected str or bytes",
                            block.get_type().name()?
                        )));
                    }
                    eof = pending.len() == start;
                    let complete = if eof {
                        pending.len()
                    } else {
                        match pending.iter().rposition(|&b| b == b'\n') {
                            Some(last) => last + 1,
                            None => continue,
                        }
                    };
                    // One UTF-8 check for the whole block when it is text (the usual
                    // case), else line by line to find the lines that are not.
                    match core::str::from_utf8(&pending[..complete]) {
                        Ok(block) => {
                            chunk.texts.reserve(block.len());
                            for line in block.split_inclusive('\n') {
                                chunk.push(line);
                            }
                        }
                        Err(_) => {
                            for line in pending[..complete].split_inclusive(|&b| b == b'\n') {
                                chunk.push_bytes(line);
                            }
                        }
                    }
                    pending.drain(..complete);
                }
            }
        }
        self.at_start = chunk.first;
        if chunk.ends.is_empty() {
            self.source = None;
            return Ok(());
        }
        let Chunk { texts, ends, skips, bad, .. } = chunk;
        let (from, to, jobs) = (self.from, self.to, self.jobs);
        let options = &self.options;
        let mut done = py.detach(|| convert_chunk(&texts, &ends, from, to, options, jobs));
        if done.iter().map(|d| d.results.len()).sum::<usize>() != ends.len() {
            return Err(PyValueError::new_err("convert_many: a conversion thread failed"));
        }
        // Inputs that were not text replace what their empty text gave.
        for (at, failure) in bad {
            let mut at = at;
            for part in &mut done {
                if at < part.results.len() {
                    part.results[at] = Err(Box::new(failure));
                    break;
                }
                at -= part.results.len();
            }
        }
        self.queued += skips.iter().sum::<usize>() + ends.len();
        self.skips.extend(skips);
        self.ready.extend(done);
        Ok(())
    }

    /// The next result, `None` when the input is exhausted.
    fn next_result(&mut self, py: Python<'_>) -> PyResult<Option<Result<Py<PyString>, Failure>>> {
        loop {
            if let Some(done) = self.ready.front_mut() {
                if self.next_result < done.results.len() {
                    let result = match &mut done.results[self.next_result] {
                        Ok(end) => {
                            let text = &done.outputs[self.next_output..*end];
                            self.next_output = *end + 1;
                            Ok(PyString::new(py, text).unbind())
                        }
                        Err(failure) => Err(*core::mem::replace(
                            failure,
                            Box::new(Failure::whole(Kind::Parse, "", String::new(), None)),
                        )),
                    };
                    self.next_result += 1;
                    return Ok(Some(result));
                }
                self.ready.pop_front();
                self.next_result = 0;
                self.next_output = 0;
                continue;
            }
            if self.source.is_none() {
                return Ok(None);
            }
            self.fill(py)?;
        }
    }
}

#[pymethods]
impl ConvertMany {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        loop {
            let Some(result) = self.next_result(py)? else { return Ok(None) };
            let skipped = self.skips.pop_front().unwrap_or(0);
            let index = self.index + skipped;
            self.index = index + 1;
            self.queued -= skipped + 1;
            match (result, self.on_error) {
                (Ok(text), _) => return Ok(Some(text.into_any())),
                (Err(failure), OnError::Raise) => return Err(failure.into_pyerr(py, Some(index))),
                (Err(_), OnError::Yield) => return Ok(Some(py.None())),
                (Err(_), OnError::Skip) => {}
            }
        }
    }

    /// Writes every remaining output to `file` (anything with `write`: a text file is
    /// given `str`, an object without `encoding` `bytes`), each followed by `\n`, one
    /// `write` call per chunk; returns the number of lines written. A failing input
    /// writes nothing under `errors="none"` or `"skip"`; under `"raise"` the outputs
    /// before it are written, then its error is raised, and the iterator goes on after
    /// it.
    fn write_to(&mut self, py: Python<'_>, file: &Bound<'_, PyAny>) -> PyResult<usize> {
        let text_mode = file.hasattr("encoding")?;
        let write = file.getattr("write")?;
        let mut written = 0;
        loop {
            let Some(done) = self.ready.front() else {
                if self.source.is_none() {
                    return Ok(written);
                }
                self.fill(py)?;
                continue;
            };
            let mut block_end = self.next_output;
            let mut lines = 0;
            let mut next = self.next_result;
            let mut failed = false;
            while next < done.results.len() {
                match &done.results[next] {
                    Ok(end) => {
                        block_end = end + 1;
                        lines += 1;
                    }
                    Err(_) if self.on_error == OnError::Raise => {
                        failed = true;
                        break;
                    }
                    Err(_) => {}
                }
                next += 1;
            }
            let block = &done.outputs[self.next_output..block_end];
            if !block.is_empty() {
                if text_mode {
                    write.call1((PyString::new(py, block),))?;
                } else {
                    write.call1((PyBytes::new(py, block.as_bytes()),))?;
                }
            }
            written += lines;
            for _ in self.next_result..next {
                let skipped = self.skips.pop_front().unwrap_or(0);
                self.index += skipped + 1;
                self.queued -= skipped + 1;
            }
            if failed {
                self.next_result = next;
                self.next_output = block_end;
                // The failing input is the next result: `__next__` raises its error.
                let _ = self.__next__(py)?;
            } else {
                self.ready.pop_front();
                self.next_result = 0;
                self.next_output = 0;
            }
        }
    }
}

/// `gridnote.convert_many`: every text of `texts` converted to `to`, lazily, in order.
#[pyfunction]
#[pyo3(signature = (texts, to, *, from_ = None, lossless = false, jobs = 1, errors = "raise", **format_options))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn convert_many(
    texts: &Bound<'_, PyAny>,
    to: &str,
    from_: Option<&str>,
    lossless: bool,
    jobs: usize,
    errors: &str,
    format_options: Option<&Bound<'_, PyDict>>,
) -> PyResult<ConvertMany> {
    let to = format_named("to", to)?;
    let from = from_.map(|name| format_named("from_", name)).transpose()?;
    let options = convert_options(lossless, format_options)?;
    let on_error = match errors {
        "raise" => OnError::Raise,
        "none" => OnError::Yield,
        "skip" => OnError::Skip,
        other => {
            return Err(PyValueError::new_err(format!(
                "errors: expected \"raise\", \"none\" or \"skip\", got {other:?}"
            )));
        }
    };
    let jobs =
        if jobs == 0 { std::thread::available_parallelism().map_or(1, usize::from) } else { jobs };
    let input = if texts.hasattr("read")? && !texts.is_instance_of::<PyString>() {
        Input::Reader { file: texts.clone().unbind(), pending: Vec::new() }
    } else {
        Input::Items(texts.try_iter()?.unbind())
    };
    Ok(ConvertMany {
        source: Some(input),
        from,
        to,
        options,
        jobs,
        on_error,
        ready: VecDeque::new(),
        next_result: 0,
        next_output: 0,
        index: 0,
        skips: VecDeque::new(),
        queued: 0,
        at_start: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(name: &str) -> Format {
        name.parse().unwrap()
    }

    #[test]
    fn chunks_on_threads_keep_input_order() {
        let inputs = ["2_o/_x_/3_ x", "zz", "3_/3_/3_ x", "xo_/_x_/3_ o", "3_/4_/3_ x"];
        let mut texts = String::new();
        let mut ends = Vec::new();
        for t in inputs {
            texts.push_str(t);
            ends.push(texts.len());
        }
        let options = Options::default();
        for jobs in 1..=6 {
            let done = convert_chunk(&texts, &ends, None, fmt("tsn"), &options, jobs);
            let mut outputs = Vec::new();
            for d in &done {
                let mut at = 0;
                for r in &d.results {
                    match r {
                        Ok(end) => {
                            outputs.push(Ok(d.outputs[at..*end].to_owned()));
                            assert_eq!(&d.outputs[*end..=*end], "\n");
                            at = *end + 1;
                        }
                        Err(f) => outputs.push(Err((f.kind, f.span.clone(), f.text.clone()))),
                    }
                }
            }
            assert_eq!(
                outputs,
                [
                    Ok("3 4 3/1a1/2d a 3 2".to_owned()),
                    Err((Kind::Parse, 0..2, "zz".to_owned())),
                    Ok("3 4 3/3/3 a 1 0".to_owned()),
                    Ok("3 4 3/1a1/ad1 d 4 3".to_owned()),
                    Err((Kind::Parse, 3..5, "3_/4_/3_ x".to_owned())),
                ],
                "jobs {jobs}"
            );
        }
    }

    #[test]
    fn line_ends_are_stripped_once() {
        assert_eq!(strip_end("a\n"), "a");
        assert_eq!(strip_end("a\r\n"), "a");
        assert_eq!(strip_end("a\n\n"), "a\n");
        assert_eq!(strip_end("a\r"), "a\r");
        assert_eq!(strip_end(""), "");
    }
}
