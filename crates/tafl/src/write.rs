//! The writer: canonical TSN and TEN text, appended to a `String` without going through
//! the formatting machinery.

use core::fmt;
use core::str::FromStr;
use gridnote_text::number::push_decimal;
use gridnote_text::sink::{FmtPieces, Sink, write_ascii};

use gridnote_board::Cell;

use crate::alphabet::{COUNTS, LETTERS, MAX_RUN, side_byte};

use crate::error::ParseError;
use crate::grammar;
use crate::model::{Extension, Ten, Tsn};

impl Tsn {
    /// Appends the canonical TSN text: single spaces, rows from the bottom up, and empty
    /// runs in the fewest count characters (`Z` = 35 as often as needed, then the
    /// remainder: 36 empty squares are `Z1`).
    ///
    /// ```
    /// let tsn: gridnote_tafl::Tsn = "3 4 111/12/k2 a 1 0 ignored".parse()?;
    /// let mut out = String::from("position: ");
    /// tsn.write_to(&mut out);
    /// assert_eq!(out, "position: 3 4 3/3/k2 a 1 0");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.append_to(out);
    }

    /// Appends the canonical TSN text to any [`Sink`] (a `String`, a `Vec<u8>`, or a
    /// formatter through [`FmtPieces`], as `Display` does).
    ///
    /// ```
    /// let tsn: gridnote_tafl::Tsn = "3 4 3/1a1/2d a 3 2".parse()?;
    /// let mut bytes = Vec::new();
    /// tsn.append_to(&mut bytes);
    /// assert_eq!(bytes, b"3 4 3/1a1/2d a 3 2");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        // Five numbers of at most 10 digits, separators and the side, then the rows.
        out.reserve(60 + rows_bound(self.board().rows()));
        let mut w = Text::new(out);
        self.fields(&mut w);
        w.finish();
    }

    /// The six fields, gathered in `w`.
    #[inline(always)]
    fn fields<S: Sink + ?Sized>(&self, w: &mut Text<'_, S>) {
        let board = self.board();
        let size = board.rows();
        // The size (at most 3 digits), the defenders (at most 10) and two spaces.
        w.room(16);
        w.push_size(size);
        w.put(b' ');
        w.push_decimal(self.defenders());
        w.put(b' ');
        // Rows from the bottom (the board's last row) to the top, each followed by `/`,
        // the last by a space.
        w.rows(board.cells(), size);
        // The side, the ply and the plies since a capture (at most 10 digits each), two
        // spaces, and a TEN writer's space and `-` after them.
        w.room(26);
        w.put(side_byte(self.to_move()));
        w.put(b' ');
        w.push_decimal(self.ply());
        w.put(b' ');
        w.push_decimal(self.since_capture());
    }
}

impl Extension {
    /// Appends the extension's text: `-`, or `identifier:version:data`.
    ///
    /// ```
    /// use gridnote_tafl::Extension;
    /// let mut out = String::new();
    /// Extension::custom("id", "2", "k=v")?.write_to(&mut out);
    /// Extension::None.write_to(&mut out);
    /// assert_eq!(out, "id:2:k=v-");
    /// # Ok::<(), gridnote_tafl::ModelError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.append_to(out);
    }

    /// Appends the extension field to any [`Sink`].
    ///
    /// ```
    /// let mut bytes = Vec::new();
    /// gridnote_tafl::Extension::None.append_to(&mut bytes);
    /// assert_eq!(bytes, b"-");
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        match self {
            Extension::None => out.push('-'),
            Extension::Custom { identifier, version, data } => {
                out.reserve(identifier.len() + version.len() + data.len() + 2);
                out.push_str(identifier);
                out.push(':');
                out.push_str(version);
                out.push(':');
                out.push_str(data);
            }
        }
    }
}

impl Ten {
    /// Appends the canonical TEN text: the canonical TSN text, a space and the extension.
    ///
    /// ```
    /// let ten: gridnote_tafl::Ten = "1 4 1 a 1 0 -  \n".parse()?;
    /// let mut out = String::new();
    /// ten.write_to(&mut out);
    /// assert_eq!(out, "1 4 1 a 1 0 -");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.append_to(out);
    }

    /// Appends the canonical TEN text to any [`Sink`].
    ///
    /// ```
    /// let ten: gridnote_tafl::Ten = "3 4 3/1a1/2d a 3 2 -".parse()?;
    /// let mut bytes = Vec::new();
    /// ten.append_to(&mut bytes);
    /// assert_eq!(bytes, b"3 4 3/1a1/2d a 3 2 -");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        out.reserve(60 + rows_bound(self.tsn().board().rows()) + 1 + self.extension_len());
        let mut w = Text::new(out);
        self.fields(&mut w);
        // A custom extension written straight to the sink leaves nothing gathered.
        if w.len > 0 {
            w.finish();
        }
    }

    /// The seven fields, gathered in `w`.
    #[inline(always)]
    fn fields<S: Sink + ?Sized>(&self, w: &mut Text<'_, S>) {
        self.tsn().fields(w);
        // The six fields left room for the space (and a `-`).
        w.put(b' ');
        w.extension(self.extension());
    }
}

#[cfg(feature = "serde")]
impl Tsn {
    /// `f(state, text)` with the whole canonical text, when the writer gathers it in one
    /// piece, as serde's `serialize_str` wants it; otherwise `state` back, `f` not called.
    ///
    /// The writer gives the text in pieces when its 256-byte buffer has less room left
    /// than the longest text of what comes next: a row of a board over 15×15 (the side
    /// and 1 bytes) or the last three fields (26 bytes). So the text goes whole when the
    /// rows end within 230 bytes and, on a board over 15×15, each row begins within
    /// 255 − side bytes, which the rows of a board of 64×64 or more never do.
    pub(crate) fn with_text<T, R>(&self, state: T, f: impl FnOnce(T, &str) -> R) -> Result<R, T> {
        whole(|w| self.fields(w), state, f)
    }
}

#[cfg(feature = "serde")]
impl Ten {
    /// [`Tsn::with_text`] for TEN: the extension is gathered with the rest when it is
    /// ASCII and fits what is left of the buffer, so a TEN text of up to 256 bytes whose
    /// first six fields go whole goes whole.
    pub(crate) fn with_text<T, R>(&self, state: T, f: impl FnOnce(T, &str) -> R) -> Result<R, T> {
        whole(|w| self.fields(w), state, f)
    }
}

/// `f(state, text)` with the text `fields` gathers in a [`Text`] when it gathers all of
/// it in one piece (the buffer was never flushed), else `state` back.
#[cfg(feature = "serde")]
#[inline(always)]
fn whole<T, R>(
    fields: impl FnOnce(&mut Text<'_, Split>),
    state: T,
    f: impl FnOnce(T, &str) -> R,
) -> Result<R, T> {
    let mut split = Split(false);
    let mut w = Text::new(&mut split);
    fields(&mut w);
    // The buffer holds ASCII only, so this always succeeds.
    match (w.out.0, core::str::from_utf8(&w.buf[..w.len.min(BUFFER)])) {
        (false, Ok(text)) => Ok(f(state, text)),
        _ => Err(state),
    }
}

/// A sink that only records whether anything was written to it: what [`whole`] runs the
/// writer over, to learn whether its text came in more than one piece.
#[cfg(feature = "serde")]
struct Split(bool);

#[cfg(feature = "serde")]
impl Sink for Split {
    fn push(&mut self, _: char) {
        self.0 = true;
    }

    fn push_str(&mut self, _: &str) {
        self.0 = true;
    }
}

/// An upper bound of the rows field's length, reserved at once: a row takes at most one
/// byte per square (a count character covers one square or more), and a `/` between rows.
const fn rows_bound(size: usize) -> usize {
    size * size + size - 1
}

/// The writer's buffer: 256 bytes, indexed by the low byte of its length, so that a byte
/// is written without a bounds check. The room for what comes is made (by a flush) once
/// per row or field ([`Text::room`]), never per byte.
const BUFFER: usize = 256;

/// Canonical text gathered on the stack and given to the sink in pieces.
struct Text<'a, S: Sink + ?Sized> {
    out: &'a mut S,
    buf: [u8; BUFFER],
    /// At most [`BUFFER`]: every [`Text::put`] follows a [`Text::room`] that counted it.
    len: usize,
}

impl<'a, S: Sink + ?Sized> Text<'a, S> {
    #[inline(always)]
    fn new(out: &'a mut S) -> Text<'a, S> {
        Text { out, buf: [0; BUFFER], len: 0 }
    }

    /// Makes room for `n` (at most [`BUFFER`]) more bytes.
    #[inline(always)]
    fn room(&mut self, n: usize) {
        if n > BUFFER - self.len {
            self.flush();
        }
    }

    /// Appends an ASCII byte the last [`Text::room`] made room for.
    #[inline(always)]
    fn put(&mut self, byte: u8) {
        debug_assert!(self.len < BUFFER);
        self.buf[usize::from(self.len as u8)] = byte;
        self.len += 1;
    }

    /// A number below 1000 (the board size, 1 to 255) in decimal: at most 3 bytes.
    #[inline(always)]
    fn push_size(&mut self, n: usize) {
        if n >= 100 {
            self.put(b'0' + (n / 100) as u8);
        }
        if n >= 10 {
            self.put(b'0' + (n / 10 % 10) as u8);
        }
        self.put(b'0' + (n % 10) as u8);
    }

    /// A number in decimal (at most 10 bytes): one digit here, more by the shared
    /// writer ([`push_decimal`]) out of line.
    #[inline(always)]
    fn push_decimal(&mut self, n: u32) {
        if n < 10 {
            self.put(b'0' + n as u8);
        } else {
            self.push_digits(n);
        }
    }

    /// [`Text::push_decimal`] of 10 or more: up to three digits here (sizes, most
    /// defenders and counters), more by the shared writer.
    #[inline(never)]
    fn push_digits(&mut self, n: u32) {
        if n < 1000 {
            self.push_size(n as usize);
        } else {
            push_decimal(self, n);
        }
    }

    /// The rows field: the rows of the square board `cells` (side `size`) from the
    /// bottom up, each followed by `/` but the last, which is followed by a space.
    ///
    /// The pieces of a row are found eight cells at a time and gathered as the bits of
    /// a word ([`piece_bits`]); the empty squares between them are counted, not
    /// visited.
    #[inline(always)]
    fn rows(&mut self, cells: &[Cell], size: usize) {
        // Boards up to 15×15 write the whole field without a flush: room is made once.
        // Rows of at most 8 or 16 cells are looked at as one or two words.
        if size <= 8 {
            self.room(rows_bound(size) + 1);
            self.narrow_rows::<false, 8>(cells, size);
        } else if size <= 15 {
            self.room(rows_bound(size) + 1);
            self.narrow_rows::<false, 16>(cells, size);
        } else if size <= 64 {
            self.narrow_rows::<true, 64>(cells, size);
        } else {
            self.wide_rows(cells, size);
        }
    }

    /// [`Text::rows`] for rows of at most `N` cells (8, 16 or 64), looked at `N` cells at
    /// a time when the board has them ([`row_bits`]). With `ROOM`, each row makes room for
    /// itself (at most `size + 1` bytes), else the caller made room for all.
    #[inline(always)]
    fn narrow_rows<const ROOM: bool, const N: usize>(&mut self, cells: &[Cell], size: usize) {
        // The bits of a row's cells.
        let keep = u64::MAX >> (64 - size);
        let mut len = self.len;
        // A row's cells as bytes (their ranks); bytes past the row are never read, so it
        // is cleared once.
        let mut ranks = [0u8; 72];
        let mut end = cells.len();
        while let Some(start) = end.checked_sub(size) {
            if ROOM && size + 1 > BUFFER - len {
                self.len = len;
                self.flush();
                len = 0;
            }
            let found = row_bits::<N>(&cells[start..], size, &mut ranks) & keep;
            // The first empty square not yet written.
            let mut run = 0;
            len = pieces_text(&mut self.buf, len, found, &ranks, 0, &mut run);
            if size > run {
                len = empty_text(&mut self.buf, len, size - run);
            }
            self.buf[usize::from(len as u8)] = b'/';
            len += 1;
            end = start;
        }
        // The last row is followed by a space.
        self.buf[usize::from(len.wrapping_sub(1) as u8)] = b' ';
        self.len = len;
    }

    /// [`Text::rows`] for rows wider than 64 cells, 64 cells at a time.
    #[inline(never)]
    fn wide_rows(&mut self, cells: &[Cell], size: usize) {
        let mut ranks = [0u8; 72];
        let mut end = cells.len();
        while let Some(start) = end.checked_sub(size) {
            self.room(size + 1);
            let mut len = self.len;
            let mut run = 0;
            let mut base = 0;
            while let Some(part) = cells.get(start + base..) {
                let n = (size - base).min(64);
                let found = row_bits::<64>(part, n, &mut ranks) & (u64::MAX >> (64 - n));
                len = pieces_text(&mut self.buf, len, found, &ranks, base, &mut run);
                base += 64;
                if base >= size {
                    break;
                }
            }
            if size > run {
                len = empty_text(&mut self.buf, len, size - run);
            }
            self.buf[usize::from(len as u8)] = if start > 0 { b'/' } else { b' ' };
            self.len = len + 1;
            end = start;
        }
    }

    /// The extension field of a [`Ten`] (checked: its identifier and version are ASCII):
    /// `-` (the fields left room for it), or a custom extension gathered with the rest when
    /// its data is ASCII too and it is at most [`BUFFER`] bytes (a flush making room),
    /// else written straight to the sink after what is gathered.
    #[inline(always)]
    fn extension(&mut self, extension: &Extension) {
        match extension {
            Extension::None => self.put(b'-'),
            Extension::Custom { identifier, version, data } => {
                let len = identifier.len() + version.len() + data.len() + 2;
                if len <= BUFFER && data.is_ascii() {
                    self.room(len);
                    self.copy(identifier);
                    self.put(b':');
                    self.copy(version);
                    self.put(b':');
                    self.copy(data);
                } else {
                    self.flush();
                    extension.append_to(self.out);
                }
            }
        }
    }

    /// Appends ASCII text the last [`Text::room`] made room for.
    #[inline(always)]
    fn copy(&mut self, ascii: &str) {
        let end = self.len + ascii.len();
        if let Some(room) = self.buf.get_mut(self.len..end) {
            room.copy_from_slice(ascii.as_bytes());
            self.len = end;
        }
    }

    /// Writes what is gathered and ends.
    #[inline(always)]
    fn finish(&mut self) {
        self.flush();
    }

    #[inline(never)]
    fn flush(&mut self) {
        let len = core::mem::replace(&mut self.len, 0);
        write_ascii(self.out, &self.buf[..len.min(BUFFER)]);
    }
}

/// [`Text`] as a [`Sink`], for the shared number writer: ASCII goes to the buffer
/// (flushed when full), anything else straight to the sink after what is gathered.
impl<S: Sink + ?Sized> Sink for Text<'_, S> {
    fn push(&mut self, c: char) {
        match u8::try_from(c) {
            Ok(byte) if byte.is_ascii() => self.push_ascii(byte),
            _ => {
                self.flush();
                self.out.push(c);
            }
        }
    }

    fn push_str(&mut self, s: &str) {
        if s.is_ascii() && s.len() <= BUFFER {
            self.room(s.len());
            s.bytes().for_each(|byte| self.put(byte));
        } else {
            self.flush();
            self.out.push_str(s);
        }
    }

    fn push_ascii(&mut self, byte: u8) {
        self.room(1);
        self.put(byte & 0x7F);
    }
}

/// `0x01` in every byte.
const ONES: u64 = u64::from_le_bytes([1; 8]);

/// Bit `i` set when byte `i` of `word` holds a piece (a cell of rank 2 to 13; not an
/// empty cell, 1, nor a void one or a byte past the end of the board, 0).
///
/// Adding `0x7E` to each byte sets its high bit exactly for those (no byte is above
/// `0x81`, so no carry crosses bytes); one multiplication then gathers the eight high
/// bits into the top byte, each in its place, with no two partial products meeting.
#[inline(always)]
const fn piece_bits(word: u64) -> u64 {
    let high = (word + 0x7E * ONES) & (0x80 * ONES);
    high.wrapping_mul(0x0002_0408_1020_4081) >> 56
}

const _: () = {
    // Every cell's rank, in every byte: a piece or not, as `Cell::is_piece` says.
    let mut cell = 0;
    while cell < Cell::COUNT {
        let rank = Cell::ALL[cell].rank();
        assert!(rank <= 0x81);
        let mut byte = 0;
        while byte < 8 {
            let bits = piece_bits((rank as u64) << (8 * byte));
            assert!(bits == (Cell::ALL[cell].is_piece() as u64) << byte);
            byte += 1;
        }
        cell += 1;
    }
    // Any set of pieces among eight cells is gathered exactly.
    let piece = Cell::OneMan.rank() as u64;
    let empty = Cell::Empty.rank() as u64;
    let mut bits = 0;
    while bits < 256 {
        let mut word = 0u64;
        let mut i = 0;
        while i < 8 {
            word |= (if (bits >> i) & 1 == 1 { piece } else { empty }) << (8 * i);
            i += 1;
        }
        assert!(piece_bits(word) == bits);
        bits += 1;
    }
};

/// The pieces of the row at the start of `cells` (`size` cells, at most `N`, a multiple
/// of 8 up to 64) as bits, bit `i` for cell `i` (bits past the row are not cleared), and
/// the row's cells as bytes (their ranks) in `ranks`. The first `N` cells are looked at
/// as words when the board has them (the compiler unrolls the loop), else eight cells at
/// a time.
#[inline(always)]
fn row_bits<const N: usize>(cells: &[Cell], size: usize, ranks: &mut [u8; 72]) -> u64 {
    let mut found = 0;
    if let Some(row) = cells.first_chunk::<N>() {
        for (i, eight) in row.chunks_exact(8).enumerate() {
            if 8 * i >= size {
                break;
            }
            let word = eight_cells(eight);
            found |= piece_bits(word) << (8 * i);
            if let Some(slot) = ranks.get_mut(8 * i..8 * i + 8) {
                slot.copy_from_slice(&word.to_le_bytes());
            }
        }
    } else {
        let mut i = 0;
        while i < size {
            let word = window(cells, i);
            found |= piece_bits(word) << i;
            if let Some(slot) = ranks.get_mut(i..i + 8) {
                slot.copy_from_slice(&word.to_le_bytes());
            }
            i += 8;
        }
    }
    found
}

/// Eight cells (`eight.len()` is 8) as the bytes of a word, the first in the low byte.
#[inline(always)]
fn eight_cells(eight: &[Cell]) -> u64 {
    u64::from_le_bytes(core::array::from_fn(|i| eight.get(i).map_or(0, |cell| cell.rank())))
}

/// The cells `at..at + 8` as the bytes of a word, the first in the low byte; zero bytes
/// for those past the end of the board.
#[inline(always)]
fn window(cells: &[Cell], at: usize) -> u64 {
    match cells.get(at..at + 8) {
        Some(chunk) => u64::from_le_bytes(core::array::from_fn(|i| chunk[i].rank())),
        None => last_window(cells, at),
    }
}

/// [`window`] near the end of the board.
#[cold]
#[inline(never)]
fn last_window(cells: &[Cell], at: usize) -> u64 {
    let mut bytes = [0; 8];
    for (byte, cell) in bytes.iter_mut().zip(cells.get(at..).unwrap_or_default()) {
        *byte = cell.rank();
    }
    u64::from_le_bytes(bytes)
}

/// Writes the pieces of up to 64 cells from column `base` of a row: bit `i` of `found`
/// for the piece on column `base + i`, whose rank is `ranks[i]`. Before each piece, the
/// empty squares since `run` (the first empty square not yet written) are written as a
/// count; `run` is moved past the piece. Returns the new length.
#[inline(always)]
fn pieces_text(
    buf: &mut [u8; BUFFER],
    mut len: usize,
    mut found: u64,
    ranks: &[u8; 72],
    base: usize,
    run: &mut usize,
) -> usize {
    while found != 0 {
        let i = found.trailing_zeros() as usize;
        let col = base + i;
        if col > *run {
            len = empty_text(buf, len, col - *run);
        }
        debug_assert!(len < BUFFER);
        buf[usize::from(len as u8)] = LETTERS[usize::from(ranks[i])];
        len += 1;
        *run = col + 1;
        found &= found - 1;
    }
    len
}

/// `n` (at least 1) empty squares: one count character up to 35.
#[inline(always)]
fn empty_text(buf: &mut [u8; BUFFER], len: usize, n: usize) -> usize {
    debug_assert!(len < BUFFER);
    if n > MAX_RUN {
        return long_empty_text(buf, len, n);
    }
    buf[usize::from(len as u8)] = COUNTS[n];
    len + 1
}

/// [`empty_text`] of more than 35 squares: `Z`s, then the remainder.
#[cold]
#[inline(never)]
fn long_empty_text(buf: &mut [u8; BUFFER], mut len: usize, mut n: usize) -> usize {
    while n > MAX_RUN {
        buf[usize::from(len as u8)] = b'Z';
        len += 1;
        n -= MAX_RUN;
    }
    buf[usize::from(len as u8)] = COUNTS[n];
    len + 1
}

impl Ten {
    /// The length of the extension's text.
    fn extension_len(&self) -> usize {
        match self.extension() {
            Extension::None => 1,
            Extension::Custom { identifier, version, data } => {
                identifier.len() + version.len() + data.len() + 2
            }
        }
    }
}

impl fmt::Display for Tsn {
    /// The canonical text ([`Tsn::write_to`]). The writer gathers it in a buffer of its
    /// own and appends it in pieces of up to 256 bytes (one for most boards): they go to
    /// the formatter as they are ([`FmtPieces`]), with no second buffer.
    ///
    /// ```
    /// let tsn: gridnote_tafl::Tsn = "3 4 111/12/k2 a 1 0".parse()?;
    /// assert_eq!(format!("[{tsn}]"), "[3 4 3/3/k2 a 1 0]");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sink = FmtPieces::new(f);
        self.append_to(&mut sink);
        sink.finish()
    }
}

impl fmt::Display for Ten {
    /// The canonical text ([`Ten::write_to`]), handed to the formatter in the writer's
    /// pieces as [`Tsn`]'s is.
    ///
    /// ```
    /// let ten: gridnote_tafl::Ten = "3 4 111/12/k2 a 1 0 id:1:x".parse()?;
    /// assert_eq!(format!("[{ten}]"), "[3 4 3/3/k2 a 1 0 id:1:x]");
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sink = FmtPieces::new(f);
        self.append_to(&mut sink);
        sink.finish()
    }
}

impl fmt::Display for Extension {
    /// `-` or `identifier:version:data` ([`Extension::write_to`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Extension::None => f.write_str("-"),
            Extension::Custom { identifier, version, data } => {
                f.write_str(identifier)?;
                f.write_str(":")?;
                f.write_str(version)?;
                f.write_str(":")?;
                f.write_str(data)
            }
        }
    }
}

impl FromStr for Tsn {
    type Err = ParseError;

    /// Reads TSN: six fields separated by single spaces. Trailing whitespace and any
    /// fields after the sixth (such as a TEN extension) are ignored.
    ///
    /// ```
    /// use gridnote_tafl::Tsn;
    /// let tsn: Tsn = "1 4 k a 1 0 - more\n".parse()?;
    /// assert_eq!(tsn.to_string(), "1 4 k a 1 0");
    /// assert!("1 4 k a 1".parse::<Tsn>().is_err());
    /// # Ok::<(), gridnote_tafl::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<Tsn, ParseError> {
        // The one-pass reader takes plainly well-formed text; the grammar the rest.
        crate::one_pass::read_tsn(text).map_or_else(|| grammar::read_tsn(text), Ok)
    }
}

impl FromStr for Ten {
    type Err = ParseError;

    /// Reads TEN: exactly seven fields separated by single spaces, then only whitespace.
    ///
    /// ```
    /// use gridnote_tafl::Ten;
    /// assert!("1 4 k a 1 0 -\n".parse::<Ten>().is_ok());
    /// assert!("1 4 k a 1 0".parse::<Ten>().is_err());
    /// assert!("1 4 k a 1 0 - more".parse::<Ten>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Ten, ParseError> {
        crate::one_pass::read_ten(text).map_or_else(|| grammar::read_ten(text), Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridnote_board::{Board, Player};
    use quickcheck::{Arbitrary, Gen};
    use quickcheck_macros::quickcheck;

    #[test]
    fn empty_runs_use_the_fewest_characters() {
        let cases = [
            (1, "1"),
            (9, "9"),
            (10, "A"),
            (35, "Z"),
            (36, "Z1"),
            (45, "ZA"),
            (70, "ZZ"),
            (71, "ZZ1"),
            (255, "ZZZZZZZA"),
        ];
        for (n, text) in cases {
            let mut buf = [0; BUFFER];
            let len = empty_text(&mut buf, 3, n);
            assert_eq!(&buf[3..len], text.as_bytes(), "{n} empty squares");
        }
    }

    /// The rows field written cell by cell, the plain way, which the writer's
    /// word-at-a-time rows must match.
    fn plain_rows(board: &Board) -> String {
        fn count(out: &mut String, mut n: u32) {
            while n > 35 {
                out.push('Z');
                n -= 35;
            }
            out.push(char::from_digit(n, 36).expect("a digit").to_ascii_uppercase());
        }
        let mut out = String::new();
        for (i, row) in board.iter_rows().rev().enumerate() {
            if i > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for &cell in row {
                let letter = match cell {
                    Cell::OneMan => 'a',
                    Cell::TwoMan => 'd',
                    Cell::TwoKing => 'k',
                    _ => {
                        empty += 1;
                        continue;
                    }
                };
                if empty > 0 {
                    count(&mut out, empty);
                    empty = 0;
                }
                out.push(letter);
            }
            if empty > 0 {
                count(&mut out, empty);
            }
        }
        out
    }

    /// The TSN text of `board` written by the writer, checked against [`plain_rows`].
    fn written_as_plain(board: Board) -> bool {
        let size = board.rows();
        let expected = format!("{size} 4 {} d 7 3", plain_rows(&board));
        let tsn = Tsn::new(board, 4, Player::Two, 7, 3).expect("a valid position");
        let ten = Ten::from_tsn(tsn.clone());
        tsn.to_string() == expected && ten.to_string() == format!("{expected} -")
    }

    /// Sides around the writer's word (8 cells), its two-word rows (16), its one-word
    /// masks (64) and the largest board.
    const SIDES: [usize; 20] =
        [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 66, 127, 128, 129, 255];

    #[test]
    fn a_piece_on_every_column_of_the_first_and_last_rows() {
        for size in SIDES {
            for col in 0..size {
                for row in [0, size - 1] {
                    let mut board = Board::new(size, size).unwrap();
                    board.set(row, col, Cell::TWO_KING).unwrap();
                    assert!(
                        written_as_plain(board),
                        "{size}x{size}, piece on row {row} column {col}"
                    );
                }
                // Two pieces: the run between them crosses words for distant columns.
                let mut board = Board::new(size, size).unwrap();
                board.set(size / 2, col, Cell::ONE).unwrap();
                board.set(size / 2, size - 1 - col, Cell::TWO).unwrap();
                assert!(
                    written_as_plain(board),
                    "{size}x{size}, pieces at {col} and {}",
                    size - 1 - col
                );
            }
        }
    }

    #[test]
    fn an_empty_square_on_every_column_of_full_rows() {
        for size in SIDES {
            for col in 0..size {
                let mut board = Board::filled(size, size, Cell::ONE).unwrap();
                for row in 0..size {
                    board.set(row, col, Cell::Empty).unwrap();
                    board.set(row, (col + row) % size, Cell::Empty).unwrap();
                }
                board.set(size - 1, size - 1, Cell::TWO_KING).unwrap();
                assert!(written_as_plain(board), "{size}x{size}, empty column {col}");
            }
        }
    }

    #[test]
    fn rows_of_exactly_one_and_two_words() {
        let cases = [
            "8 4 a6k/8/8/8/8/8/8/d6a a 1 0",
            "8 4 aaaaaaaa/dddddddd/8/4k3/8/8/8/aadd1dda d 3 1",
            "16 4 aEd/G/G/G/G/G/G/7k8/G/G/G/G/G/G/G/dEa a 1 0",
            "16 4 aaaaaaaadddddddd/G/8a7/7a8/G/G/G/G/G/G/G/G/G/G/G/1kDa d 9 2",
            "9 8 2d1a4/9/3a1a3/a3d3a/aa1dkddaa/a3d3a/2d6/4a4/3aaa3 a 9 1",
        ];
        for text in cases {
            assert_eq!(text.parse::<Tsn>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn the_largest_board_is_written_exactly() {
        let mut board = Board::new(255, 255).unwrap();
        for col in [0, 7, 8, 63, 64, 65, 127, 128, 200, 254] {
            board.set(254, col, Cell::ONE).unwrap();
        }
        board.set(0, 254, Cell::TWO_KING).unwrap();
        let tsn = Tsn::new(board.clone(), 4, Player::One, 1, 0).unwrap();
        let text = tsn.to_string();
        let rows: Vec<&str> = text.split(' ').nth(2).unwrap().split('/').collect();
        assert_eq!(rows.len(), 255);
        // Rank 1 (the board's last row) first: pieces on 0, 7, 8, 63, 64, 65, 127, 128,
        // 200 and 254; 54 empty squares are `ZJ`, 61 `ZQ`, 71 `ZZ1`, 53 `ZI`.
        assert_eq!(rows[0], "a6aaZJaaaZQaaZZ1aZIa");
        assert_eq!(rows[254], "ZZZZZZZ9k");
        assert!(rows[1..254].iter().all(|&row| row == "ZZZZZZZA"));
        assert!(written_as_plain(board));
    }

    /// A board of side 1 to 70 (past one word of 64 cells) with any density of pieces.
    #[derive(Clone, Debug)]
    struct AnyBoard(Board);

    impl Arbitrary for AnyBoard {
        fn arbitrary(g: &mut Gen) -> AnyBoard {
            use gridnote_board::arbitrary::{board_with, in_range};
            let size = in_range(g, 1, 70);
            let weight = in_range(g, 0, 6);
            let mut palette = vec![Cell::Empty; 3];
            palette.extend(std::iter::repeat_n(Cell::ONE, weight));
            palette.extend(std::iter::repeat_n(Cell::TWO, weight / 2));
            let mut board = board_with(g, size, size, &palette);
            if bool::arbitrary(g) {
                let at = in_range(g, 0, size * size - 1);
                board.cells_mut()[at] = Cell::TWO_KING;
            }
            AnyBoard(board)
        }
    }

    #[quickcheck]
    fn rows_are_written_as_the_plain_writer_does(board: AnyBoard) -> bool {
        written_as_plain(board.0)
    }

    #[test]
    fn ten_extensions_follow_the_fields() {
        let tsn: Tsn = "19 24 2a2a7a2a2/J/a4a7a4a/7a1a1a7/6a1d1d1a6/a1a2a7a2a1a/4a4d4a4/3a4d1d4a3/4d2d1d1d2d4/3a2d1dkd1d2a3/4d2d1d1d2d4/3a4d1d4a3/4a4d4a4/a1a2a7a2a1a/6a1d1d1a6/7a1a1a7/a4a7a4a/J/2a2a7a2a2 d 4294967295 4294967294".parse().unwrap();
        let text = tsn.to_string();
        for (extension, written) in [
            (Extension::None, "-"),
            (Extension::custom("id", "12", "k=v:é").unwrap(), "id:12:k=v:é"),
        ] {
            let ten = Ten::new(tsn.clone(), extension).unwrap();
            let mut out = String::from(">");
            ten.write_to(&mut out);
            assert_eq!(out, format!(">{text} {written}"));
            let mut bytes = Vec::new();
            ten.append_to(&mut bytes);
            assert_eq!(bytes, format!("{text} {written}").into_bytes());
        }
    }

    #[test]
    fn the_rows_bound_holds() {
        for text in [
            "1 4 k a 1 0",
            "3 4 3/1k1/a2 a 1 0",
            "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0",
            "3 4 aaa/ddd/aka d 9 3",
        ] {
            let tsn: Tsn = text.parse().unwrap();
            let rows = tsn.to_string().split(' ').nth(2).map_or(0, str::len);
            assert!(rows <= rows_bound(tsn.board().rows()), "{text}");
            assert_eq!(tsn.to_string(), text);
        }
        // A full board reaches the bound.
        assert_eq!(rows_bound(3), "aaa/ddd/aka".len());
        let big = Tsn::new(Board::new(255, 255).unwrap(), 4, Player::One, 1, 0).unwrap();
        assert_eq!(big.to_string().len(), "255 4 ".len() + 255 * 8 + 254 + " a 1 0".len());
    }

    /// The rows of a 15×15 board whose rows field is `224 + extra` bytes long (`extra` at
    /// most 15): a row of two empty squares and 13 attackers (14 bytes), `extra` rows of
    /// 15 attackers.
    #[cfg(feature = "serde")]
    fn rows_of(extra: usize) -> String {
        let rows: Vec<String> = (0..15)
            .map(|r| if r < extra { "a".repeat(15) } else { format!("2{}", "a".repeat(13)) })
            .collect();
        rows.join("/")
    }

    /// A text as the writer's [`whole`] gives it, or `None` when it comes in pieces.
    #[cfg(feature = "serde")]
    fn whole_tsn(tsn: &Tsn) -> Option<String> {
        tsn.with_text((), |(), text| text.to_owned()).ok()
    }

    #[cfg(feature = "serde")]
    fn whole_ten(ten: &Ten) -> Option<String> {
        ten.with_text((), |(), text| text.to_owned()).ok()
    }

    /// The text comes whole while the rows end within 230 bytes (the last three fields
    /// make room for their longest text, 26 bytes, in the 256-byte buffer), and in pieces
    /// one byte later, for TSN and for TEN without an extension.
    #[cfg(feature = "serde")]
    #[test]
    fn with_text_gives_the_whole_text_while_the_rows_end_within_230_bytes() {
        let fits = format!("15 4 {} d 4294967295 4294967294", rows_of(0));
        let over = format!("15 4 {} d 4294967295 4294967294", rows_of(1));
        assert_eq!((fits.len(), over.len()), (253, 254));
        let (fits, over): (Tsn, Tsn) = (fits.parse().unwrap(), over.parse().unwrap());
        assert_eq!(whole_tsn(&fits), Some(fits.to_string()));
        assert_eq!(whole_tsn(&over), None);
        let (fits, over) = (Ten::from_tsn(fits), Ten::from_tsn(over));
        assert_eq!(whole_ten(&fits).map(|t| t.len()), Some(255));
        assert_eq!(whole_ten(&fits), Some(fits.to_string()));
        assert_eq!(whole_ten(&over), None);
    }

    /// A TEN text of exactly 256 bytes comes whole, one of 257 in pieces; an extension
    /// that is not ASCII or longer than the buffer is written after the rest, in pieces.
    #[cfg(feature = "serde")]
    #[test]
    fn with_text_gives_a_ten_text_of_up_to_256_bytes_whole() {
        let ten = |data: &str| {
            let tsn: Tsn = "1 4 k a 1 0".parse().unwrap();
            Ten::new(tsn, Extension::custom("id", "1", data).unwrap()).unwrap()
        };
        let fits = ten(&"d".repeat(239));
        let over = ten(&"d".repeat(240));
        assert_eq!((fits.to_string().len(), over.to_string().len()), (256, 257));
        assert_eq!(whole_ten(&fits), Some(format!("1 4 k a 1 0 id:1:{}", "d".repeat(239))));
        assert_eq!(whole_ten(&over), None);
        assert_eq!(whole_ten(&ten("x=1")).as_deref(), Some("1 4 k a 1 0 id:1:x=1"));
        assert_eq!(whole_ten(&ten("")).as_deref(), Some("1 4 k a 1 0 id:1:"));
        assert_eq!(whole_ten(&ten("é")), None);
        assert_eq!(ten("é").to_string(), "1 4 k a 1 0 id:1:é");
        assert_eq!(whole_ten(&ten(&"d".repeat(300))), None);
        assert_eq!(
            ten(&"d".repeat(300)).to_string(),
            format!("1 4 k a 1 0 id:1:{}", "d".repeat(300))
        );
    }

    /// Sides up to 63 come whole when their rows leave room; 64 and more never do.
    #[cfg(feature = "serde")]
    #[test]
    fn with_text_gives_the_text_of_a_large_board_in_pieces() {
        for (size, whole) in
            [(1, true), (15, true), (16, true), (50, true), (64, false), (255, false)]
        {
            let tsn = Tsn::new(Board::new(size, size).unwrap(), 4, Player::One, 1, 0).unwrap();
            let expected = whole.then(|| tsn.to_string());
            assert_eq!(whole_tsn(&tsn), expected, "{size}x{size}");
            let ten = Ten::from_tsn(tsn);
            assert_eq!(whole_ten(&ten), expected.map(|t| t + " -"), "{size}x{size}");
        }
    }

    /// Records each piece `Display` gives the formatter; fails once `room` pieces came.
    struct Pieces {
        got: Vec<String>,
        room: usize,
    }

    impl fmt::Write for Pieces {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            if self.got.len() == self.room {
                return Err(fmt::Error);
            }
            self.got.push(s.to_owned());
            Ok(())
        }
    }

    /// The pieces `value`'s `Display` gives a formatter that fails after `room` of them.
    fn pieces(value: &dyn fmt::Display, room: usize) -> (fmt::Result, Vec<String>) {
        use core::fmt::Write as _;
        let mut out = Pieces { got: Vec::new(), room };
        let result = write!(out, "{value}");
        (result, out.got)
    }

    /// `Display` gives the formatter the writer's pieces as they are: one for a short
    /// text (a custom extension included), several for a 255×255 board; a formatter
    /// error ends the text, later pieces skipped, and is returned.
    #[test]
    fn display_hands_the_pieces_to_the_formatter_and_keeps_its_error() {
        let ten: Ten = "1 4 k a 1 0 id:1:x=1".parse().unwrap();
        assert_eq!(pieces(&ten, 9), (Ok(()), vec!["1 4 k a 1 0 id:1:x=1".to_owned()]));
        assert_eq!(pieces(&ten, 0), (Err(fmt::Error), vec![]));
        // A non-ASCII extension follows what is gathered, as the extension writes it.
        let ten: Ten = "1 4 k a 1 0 id:1:é".parse().unwrap();
        let expected = ["1 4 k a 1 0 ", "id", ":", "1", ":", "é"].map(str::to_owned);
        assert_eq!(pieces(&ten, 9), (Ok(()), expected.to_vec()));
        assert_eq!(pieces(&ten, 3), (Err(fmt::Error), expected[..3].to_vec()));

        let mut board = Board::new(255, 255).unwrap();
        board.set(0, 254, Cell::TWO_KING).unwrap();
        let tsn = Tsn::new(board, 4, Player::One, 1, 0).unwrap();
        let text = tsn.to_string();
        let (result, all) = pieces(&tsn, usize::MAX);
        assert_eq!((result, all.concat()), (Ok(()), text.clone()));
        // Each row of 255 squares makes room for 256 bytes: the size and defenders, each
        // row but the last alone, the last row with the last three fields.
        assert_eq!(all.len(), 256);
        assert_eq!((all[0].as_str(), all[1].as_str()), ("255 4 ", "ZZZZZZZA/"));
        assert!(all.iter().all(|piece| piece.len() <= BUFFER));
        assert_eq!(pieces(&tsn, 2), (Err(fmt::Error), all[..2].to_vec()));
        let ten = Ten::from_tsn(tsn);
        let (result, all) = pieces(&ten, usize::MAX);
        assert_eq!((result, all.concat()), (Ok(()), format!("{text} -")));
        assert_eq!(pieces(&ten, 1), (Err(fmt::Error), all[..1].to_vec()));
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 1, 9, 10, 255, 1_000_000, u32::MAX] {
            let mut out = String::new();
            push_decimal(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }
}
