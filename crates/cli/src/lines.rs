//! The line readers: [`LineReader`], one line at a time into a reused buffer, and, for
//! `--jobs`, [`BlockReader`] with [`each_line_of_block`], whole blocks of lines at a time.
//! Both follow the same rules ([`content`]), which the tests check against each other.

use std::io::{self, BufRead, Read};
use std::ops::Range;

/// The longest input line read from standard input or a file (1 MiB); longer lines fail.
pub(crate) const MAX_LINE: usize = 1 << 20;

/// Whether a line is skipped: blank (only whitespace) or a `#` comment.
pub(crate) fn skipped(line: &[u8]) -> bool {
    match line.iter().find(|b| !b.is_ascii_whitespace()) {
        None => true,
        Some(&b) => b == b'#',
    }
}

/// One line read by [`LineReader`]: its number, and whether it was over-long.
pub(crate) struct Line {
    pub(crate) number: usize,
    pub(crate) too_long: bool,
}

/// The UTF-8 byte-order mark, skipped at the start of a stream.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The most bytes of an over-long line that are kept to show in its error.
const SHOWN_OF_TOO_LONG: usize = 64;

/// The input in line `number` of a stream, whose bytes up to the `\n` (when
/// `terminated`) or the end of the stream are `raw`: without a `\r` before the `\n`, and
/// on line 1 without a byte-order mark.
///
/// The rules every reader of lines follows ([`LineReader`] and, for `--jobs`,
/// [`BlockReader`] with [`each_line_of_block`]): lines end at `\n`; a line whose bytes
/// before the `\n` (its `\r` and, on line 1, a byte-order mark included) are more than
/// the longest line is over-long, its start kept (`shown_of_too_long`); the others lose
/// their terminator and line 1 its byte-order mark, and are skipped when blank or a `#`
/// comment. Every line, skipped or not, counts for the numbers.
fn content(raw: &[u8], terminated: bool, number: usize) -> Range<usize> {
    let start = if number == 1 && raw.starts_with(BOM) { BOM.len() } else { 0 };
    let end = if terminated && raw.len() > start && raw.ends_with(b"\r") {
        raw.len() - 1
    } else {
        raw.len()
    };
    start..end
}

/// What an over-long line `number` shows in its error, of `start`, its first bytes: at
/// most [`SHOWN_OF_TOO_LONG`] bytes (after a byte-order mark on line 1), cut to whole
/// UTF-8 characters.
fn shown_of_too_long(start: &[u8], number: usize) -> Range<usize> {
    let from = if number == 1 && start.starts_with(BOM) { BOM.len() } else { 0 };
    let mut keep = (start.len() - from).min(SHOWN_OF_TOO_LONG);
    while keep > 0 && std::str::from_utf8(&start[from..from + keep]).is_err() {
        keep -= 1;
    }
    from..from + keep
}

/// Keeps `range` of `buf` only.
fn keep_only(buf: &mut Vec<u8>, range: Range<usize>) {
    buf.truncate(range.end);
    buf.drain(..range.start);
}

/// Reads and drops the rest of a line, through its `\n` (or to the end of the stream).
fn skip_rest_of_line(reader: &mut dyn BufRead) -> io::Result<()> {
    loop {
        let (done, used) = {
            let buf = match reader.fill_buf() {
                Ok(buf) => buf,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            };
            match memchr::memchr(b'\n', buf) {
                Some(i) => (true, i + 1),
                None => (buf.is_empty(), buf.len()),
            }
        };
        reader.consume(used);
        if done {
            return Ok(());
        }
    }
}

/// Reads the lines of one stream: terminators removed, a leading byte-order mark, blank
/// and comment lines skipped, over-long lines cut to their start (the rules of
/// [`content`]).
pub(crate) struct LineReader {
    number: usize,
    max_line: usize,
}

impl LineReader {
    pub(crate) fn new() -> LineReader {
        LineReader::with_max_line(MAX_LINE)
    }

    fn with_max_line(max_line: usize) -> LineReader {
        LineReader { number: 0, max_line }
    }

    /// The next input line into `buf` (cleared first), or `None` at the end.
    pub(crate) fn next(
        &mut self,
        reader: &mut dyn BufRead,
        buf: &mut Vec<u8>,
    ) -> io::Result<Option<Line>> {
        loop {
            buf.clear();
            let read = (&mut *reader).take(self.max_line as u64 + 1).read_until(b'\n', buf)?;
            if read == 0 {
                return Ok(None);
            }
            self.number += 1;
            let terminated = buf.last() == Some(&b'\n');
            if !terminated && buf.len() > self.max_line {
                // Skip the rest of the over-long line, then report it.
                skip_rest_of_line(reader)?;
                keep_only(buf, shown_of_too_long(buf, self.number));
                return Ok(Some(Line { number: self.number, too_long: true }));
            }
            let raw = if terminated { buf.len() - 1 } else { buf.len() };
            let line = content(&buf[..raw], terminated, self.number);
            if skipped(&buf[line.clone()]) {
                continue;
            }
            keep_only(buf, line);
            return Ok(Some(Line { number: self.number, too_long: false }));
        }
    }
}

/// The bytes of the blocks [`BlockReader`] hands out: about 32 KiB of whole lines.
pub(crate) const BLOCK_BYTES: usize = 32 * 1024;

/// A block of one stream for a worker of `--jobs`.
pub(crate) enum Block {
    /// Whole lines, each ending in `\n` but the stream's last, which may lack it; the
    /// first is line `first` of the stream. [`each_line_of_block`] reads them.
    Lines { first: usize, bytes: Vec<u8> },
    /// Line `number` is over-long: what its error shows of its start.
    TooLong { number: usize, shown: Vec<u8> },
}

/// Reads one stream in blocks of whole lines, for the workers of `--jobs`: the reading
/// thread only cuts the stream at the last `\n` of each block and counts the `\n`s (for
/// the next block's first line number); the workers split the lines and apply the rules
/// of [`content`]. At most the longest line and one byte are held: a longer line is
/// handed out as [`Block::TooLong`] and the rest of it skipped.
pub(crate) struct BlockReader {
    /// Lines handed out so far.
    number: usize,
    /// Read but not handed out: the start of the next line and what follows it.
    pending: Vec<u8>,
    /// The stream has ended.
    eof: bool,
    block: usize,
    max_line: usize,
}

impl BlockReader {
    pub(crate) fn new() -> BlockReader {
        BlockReader::with_sizes(BLOCK_BYTES, MAX_LINE)
    }

    fn with_sizes(block: usize, max_line: usize) -> BlockReader {
        BlockReader { number: 0, pending: Vec::new(), eof: false, block, max_line }
    }

    /// The next block of the stream, or `None` at its end.
    pub(crate) fn next(&mut self, reader: &mut dyn BufRead) -> io::Result<Option<Block>> {
        // A line of more than `max_line` bytes is over-long: no more are ever held.
        let most = self.max_line + 1;
        let mut want = self.block.clamp(1, most);
        // `pending[..searched]` holds no `\n`.
        let mut searched = 0;
        loop {
            if !self.eof && self.pending.len() < want {
                self.fill(reader, want)?;
            }
            if let Some(i) = memchr::memrchr(b'\n', &self.pending[searched..]) {
                let end = searched + i + 1;
                let mut next = Vec::with_capacity(self.block.clamp(1, most));
                next.extend_from_slice(&self.pending[end..]);
                self.pending.truncate(end);
                let bytes = std::mem::replace(&mut self.pending, next);
                let first = self.number + 1;
                self.number += memchr::memchr_iter(b'\n', &bytes).count();
                return Ok(Some(Block::Lines { first, bytes }));
            }
            if self.pending.len() > self.max_line {
                // No `\n` in the longest line and one byte: over-long.
                self.number += 1;
                let shown = self.pending[shown_of_too_long(&self.pending, self.number)].to_vec();
                self.pending.clear();
                skip_rest_of_line(reader)?;
                return Ok(Some(Block::TooLong { number: self.number, shown }));
            }
            if self.eof {
                if self.pending.is_empty() {
                    return Ok(None);
                }
                // The last line, without a `\n`.
                self.number += 1;
                let bytes = std::mem::take(&mut self.pending);
                return Ok(Some(Block::Lines { first: self.number, bytes }));
            }
            // One unfinished line so far: read on, up to the longest line and one byte.
            searched = self.pending.len();
            want = most;
        }
    }

    /// Reads into `pending` until it holds `want` bytes or the stream ends (read straight
    /// into its spare room, which is not zeroed first).
    fn fill(&mut self, reader: &mut dyn BufRead, want: usize) -> io::Result<()> {
        let room = want.saturating_sub(self.pending.len());
        self.pending.reserve(room);
        let read = reader.take(room as u64).read_to_end(&mut self.pending)?;
        self.eof = read < room;
        Ok(())
    }
}

/// Calls `f` with the number and content of every input line of a [`Block::Lines`] (the
/// rules of [`content`]: blank and comment lines skipped, their numbers counted).
pub(crate) fn each_line_of_block(
    bytes: &[u8],
    first: usize,
    mut f: impl FnMut(usize, &[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let mut number = first;
    let mut rest = bytes;
    while !rest.is_empty() {
        let (raw, terminated, after) = match memchr::memchr(b'\n', rest) {
            Some(i) => (&rest[..i], true, &rest[i + 1..]),
            None => (rest, false, &[][..]),
        };
        let line = &raw[content(raw, terminated, number)];
        if !skipped(line) {
            f(number, line)?;
        }
        number += 1;
        rest = after;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::BufReader;

    use super::*;

    #[test]
    fn blank_and_comment_lines_are_skipped() {
        for line in [&b""[..], b"   ", b"\t\r", b"# a comment", b"  #x"] {
            assert!(skipped(line), "{line:?}");
        }
        for line in [&b"x"[..], b" 120120000", b"3_/3_/3_ x #"] {
            assert!(!skipped(line), "{line:?}");
        }
    }

    /// A stream that hands out at most `step` bytes per read, as a pipe may.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.step).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// One input line: its number, its bytes, whether it was over-long.
    type Got = Vec<(usize, Vec<u8>, bool)>;

    /// The rules, spelt out: split at every `\n`, then each line on its own.
    fn by_the_rules(input: &[u8], max_line: usize) -> Got {
        let mut got = Vec::new();
        let mut segments: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        // After a final `\n` there is no further line.
        let last_terminated = input.last() == Some(&b'\n');
        if last_terminated || input.is_empty() {
            segments.pop();
        }
        let count = segments.len();
        for (i, raw) in segments.into_iter().enumerate() {
            let number = i + 1;
            let terminated = i + 1 < count || last_terminated;
            if raw.len() > max_line {
                let start = &raw[..max_line + 1];
                got.push((number, start[shown_of_too_long(start, number)].to_vec(), true));
                continue;
            }
            let line = &raw[content(raw, terminated, number)];
            if !skipped(line) {
                got.push((number, line.to_vec(), false));
            }
        }
        got
    }

    fn by_line_reader(input: &[u8], max_line: usize, step: usize) -> Got {
        let mut reader = BufReader::with_capacity(step, Trickle { data: input, step });
        let mut lines = LineReader::with_max_line(max_line);
        let (mut buf, mut got) = (Vec::new(), Vec::new());
        while let Some(line) = lines.next(&mut reader, &mut buf).unwrap() {
            got.push((line.number, buf.clone(), line.too_long));
        }
        got
    }

    fn by_blocks(input: &[u8], max_line: usize, block: usize, step: usize) -> Got {
        let mut reader = BufReader::with_capacity(step, Trickle { data: input, step });
        let mut blocks = BlockReader::with_sizes(block, max_line);
        let mut got = Vec::new();
        while let Some(piece) = blocks.next(&mut reader).unwrap() {
            match piece {
                Block::Lines { first, bytes } => {
                    // A block is whole lines: it ends in `\n` unless it ends the stream.
                    assert!(bytes.last() == Some(&b'\n') || blocks.eof, "{bytes:?}");
                    assert!(bytes.len() <= block.max(max_line + 1), "{}", bytes.len());
                    each_line_of_block(&bytes, first, |number, line| {
                        got.push((number, line.to_vec(), false));
                        Ok(())
                    })
                    .unwrap();
                }
                Block::TooLong { number, shown } => got.push((number, shown, true)),
            }
        }
        got
    }

    /// Bytes that make lines interesting: terminators, comments, blanks, a byte-order
    /// mark's bytes, a two-byte character.
    fn texture(bytes: &[u8]) -> Vec<u8> {
        const ALPHABET: &[u8] = b"ab\n\r# \xEF\xBB\xBF\xC3\xA9\n";
        bytes.iter().map(|&b| ALPHABET[usize::from(b) % ALPHABET.len()]).collect()
    }

    #[quickcheck_macros::quickcheck]
    fn blocks_and_lines_read_alike(bytes: Vec<u8>, bom: bool, sizes: (u8, u8, u8)) -> bool {
        let mut input = if bom { BOM.to_vec() } else { Vec::new() };
        input.extend(texture(&bytes));
        let max_line = usize::from(sizes.0 % 12) + 1;
        let block = usize::from(sizes.1 % 40) + 1;
        let step = usize::from(sizes.2 % 50) + 1;
        let expected = by_the_rules(&input, max_line);
        by_line_reader(&input, max_line, step) == expected
            && by_blocks(&input, max_line, block, step) == expected
    }

    #[test]
    fn blocks_and_lines_read_alike_at_the_edges() {
        let cases: [&[u8]; 12] = [
            b"",
            b"\n",
            b"abc",
            b"abc\r",
            b"abc\r\n",
            b"\xEF\xBB\xBFabc\r\n# x\n\n  \nd",
            b"\xEF\xBB\xBF\n\xEF\xBB\xBFx\n",
            b"abcdefgh\nab\r\nabcdefghi\nx",
            b"abcdefghijklmnop\r\n\r\nab",
            b"\xEF\xBB\xBFabcdefgh\nx\n",
            b"\xEF\xBB\xBFabcde\nx\n",
            b"a\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\n",
        ];
        for input in cases {
            for max_line in [1, 2, 5, 8, 9, 64] {
                let expected = by_the_rules(input, max_line);
                for step in [1, 2, 3, 7, 100] {
                    assert_eq!(by_line_reader(input, max_line, step), expected, "{input:?}");
                    for block in [1, 2, 4, 9, 10, 100] {
                        let got = by_blocks(input, max_line, block, step);
                        assert_eq!(got, expected, "{input:?} {max_line} {block} {step}");
                    }
                }
            }
        }
        // The rules themselves: `\r\n` and a byte-order mark on line 1 removed (a `\r`
        // without `\n` kept), blank and comment lines skipped but counted.
        assert_eq!(
            by_the_rules(b"\xEF\xBB\xBFab\r\n# c\n\n \r\n\xEF\xBB\xBFd\r\r\ne\r", 64),
            [
                (1, b"ab".to_vec(), false),
                (5, b"\xEF\xBB\xBFd\r".to_vec(), false),
                (6, b"e\r".to_vec(), false)
            ]
        );
        // Line 1 with a byte-order mark is over-long by its bytes, the mark included.
        assert_eq!(
            by_the_rules(b"\xEF\xBB\xBFabcdefgh\nx\n", 9),
            [(1, b"abcdefg".to_vec(), true), (2, b"x".to_vec(), false)]
        );
        assert_eq!(
            by_the_rules(b"\xEF\xBB\xBFabcdef\nx\n", 9),
            [(1, b"abcdef".to_vec(), false), (2, b"x".to_vec(), false)]
        );
    }
}
