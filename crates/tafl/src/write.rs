//! The writer: canonical TSN and TEN text, appended to a `String` without going through
//! the formatting machinery.

use core::fmt;
use core::mem::ManuallyDrop;
use core::str::FromStr;
use gridnote_text::sink::{FmtPieces, Sink};

use crate::alphabet::side_byte;

use crate::error::ParseError;
use crate::grammar;
use crate::model::{Extension, Ten, Tsn};

mod rows;

use rows::{BUFFER, Text, rows, rows_bound};

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
        // No clean-up is needed should a panic unwind through the writer.
        let mut w = ManuallyDrop::new(Text::new(out));
        self.fields(&mut w);
        w.flush();
    }

    /// The six fields, gathered in `w`.
    #[inline(always)]
    fn fields<S: Sink + ?Sized>(&self, w: &mut Text<'_, S>) {
        let board = self.board();
        let size = board.rows();
        // The size (at most 3 digits), the defenders (at most 10) and two spaces.
        w.room(16);
        put_size(w, size);
        w.put(b' ');
        w.put_decimal(self.defenders());
        w.put(b' ');
        // Rows from the bottom (the board's last row) to the top, each followed by `/`,
        // the last by a space.
        rows(w, board.cells(), size);
        // The side, the ply and the plies since a capture (at most 10 digits each), two
        // spaces, and a TEN writer's space and `-` after them.
        w.room(26);
        w.put(side_byte(self.to_move()));
        w.put(b' ');
        w.put_decimal(self.ply());
        w.put(b' ');
        w.put_decimal(self.since_capture());
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
        let mut w = ManuallyDrop::new(Text::new(out));
        self.fields(&mut w);
        // Nothing is gathered when a custom extension went straight to the sink.
        if *w.buffer().1 > 0 {
            w.flush();
        }
    }

    /// The seven fields, gathered in `w`.
    #[inline(always)]
    fn fields<S: Sink + ?Sized>(&self, w: &mut Text<'_, S>) {
        self.tsn().fields(w);
        // The six fields left room for the space (and a `-`).
        w.put(b' ');
        extension(w, self.extension());
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
/// it in one piece (none went to the sink), else `state` back.
#[cfg(feature = "serde")]
#[inline(always)]
fn whole<T, R>(
    fields: impl FnOnce(&mut Text<'_, Split<'_>>),
    state: T,
    f: impl FnOnce(T, &str) -> R,
) -> Result<R, T> {
    let written = core::cell::Cell::new(false);
    let mut split = Split(&written);
    // Nothing to clean up: what is gathered is taken below, and a panic leaves it unread.
    let mut w = ManuallyDrop::new(Text::new(&mut split));
    fields(&mut w);
    // The buffer holds ASCII only, so this always succeeds.
    match (written.get(), core::str::from_utf8(w.take_pending())) {
        (false, Ok(text)) => Ok(f(state, text)),
        _ => Err(state),
    }
}

/// A sink that only records whether anything was written to it: what [`whole`] runs the
/// writer over, to learn whether its text came in more than one piece.
#[cfg(feature = "serde")]
struct Split<'a>(&'a core::cell::Cell<bool>);

#[cfg(feature = "serde")]
impl Sink for Split<'_> {
    fn push(&mut self, _: char) {
        self.0.set(true);
    }

    fn push_str(&mut self, _: &str) {
        self.0.set(true);
    }
}

/// A number below 1000 (the board size, 1 to 255) in decimal, which the last room counted:
/// at most 3 bytes.
#[inline(always)]
fn put_size<S: Sink + ?Sized>(w: &mut Text<'_, S>, n: usize) {
    if n >= 100 {
        w.put(b'0' + (n / 100) as u8);
    }
    if n >= 10 {
        w.put(b'0' + (n / 10 % 10) as u8);
    }
    w.put(b'0' + (n % 10) as u8);
}

/// The extension field of a [`Ten`] (checked: its identifier and version are ASCII): `-`
/// (the fields left room for it), or a custom extension gathered with the rest when its
/// data is ASCII too and it is at most [`BUFFER`] bytes (a flush making room), else
/// written straight to the sink after what is gathered.
#[inline(always)]
fn extension<S: Sink + ?Sized>(w: &mut Text<'_, S>, extension: &Extension) {
    match extension {
        Extension::None => w.put(b'-'),
        Extension::Custom { identifier, version, data } => {
            let len = identifier.len() + version.len() + data.len() + 2;
            if len <= BUFFER && data.is_ascii() {
                w.room(len);
                let (buf, end) = w.buffer();
                let mut at = copy(buf, *end, identifier);
                buf[usize::from(at as u8)] = b':';
                at = copy(buf, at + 1, version);
                buf[usize::from(at as u8)] = b':';
                *end = copy(buf, at + 1, data);
            } else {
                extension.append_to(w.sink());
            }
        }
    }
}

/// Copies ASCII text into `buf` from `at`, which has room for it: returns where it ends.
#[inline(always)]
fn copy(buf: &mut [u8; BUFFER], at: usize, ascii: &str) -> usize {
    let end = at + ascii.len();
    if let Some(room) = buf.get_mut(at..end) {
        room.copy_from_slice(ascii.as_bytes());
        end
    } else {
        at
    }
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
    use gridnote_board::{Board, Cell, Player};

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

    /// Every number field in decimal, gathered with the rest of the text.
    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [1, 9, 10, 11, 99, 100, 101, 255, 999, 1000, 1001, 1_000_000, u32::MAX] {
            // Defenders are a positive multiple of 4; the plies since a capture are fewer
            // than the plies.
            let defenders = (n / 4).max(1) * 4;
            let tsn = Tsn::new(Board::new(1, 1).unwrap(), defenders, Player::Two, n, n - 1);
            let tsn = tsn.unwrap();
            let text = format!("1 {defenders} 1 d {n} {}", n - 1);
            assert_eq!(tsn.to_string(), text);
            let mut bytes = Vec::new();
            Ten::from_tsn(tsn.clone()).append_to(&mut bytes);
            assert_eq!(bytes, format!("{text} -").into_bytes());
            #[cfg(feature = "serde")]
            assert_eq!(whole_tsn(&tsn), Some(text));
        }
    }
}
