//! [`Psq`]: Piskvork's game record, read (`FromStr`) and written (`Display`). The grammar,
//! one function per production below, is in `docs/psq.md`.

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use gridnote_board::MAX_SIDE;
use gridnote_text::number::parse_decimal;

use crate::error::PsqError;

/// Which of a record's two players: the first named (and first in the header's levels)
/// or the second.
///
/// ```
/// use gridnote_psq::Seat;
/// assert_eq!(Seat::First.other(), Seat::Second);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Seat {
    /// The first player of the record (`0` in the header).
    First,
    /// The second player (`1` in the header).
    Second,
}

impl Seat {
    /// The other seat.
    ///
    /// ```
    /// assert_eq!(gridnote_psq::Seat::Second.other(), gridnote_psq::Seat::First);
    /// ```
    #[must_use]
    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// One move of a record: the cell, as a 0-based column from the left and row from the
/// top (the text writes both from 1), and the milliseconds it took when the record
/// says.
///
/// ```
/// use gridnote_psq::PsqMove;
/// let m = PsqMove::new(9, 9).with_time(250);
/// assert_eq!((m.col, m.row, m.time), (9, 9, Some(250)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct PsqMove {
    /// The column, 0 = the left edge (the text's x is this plus 1).
    pub col: usize,
    /// The row, 0 = the top edge (the text's y is this plus 1).
    pub row: usize,
    /// How long the move took, in milliseconds, if the record says.
    pub time: Option<u32>,
}

impl PsqMove {
    /// A move at (col, row) without a time.
    ///
    /// ```
    /// assert_eq!(gridnote_psq::PsqMove::new(0, 1).time, None);
    /// ```
    #[must_use]
    pub const fn new(col: usize, row: usize) -> PsqMove {
        PsqMove { col, row, time: None }
    }

    /// The same move, taking `ms` milliseconds.
    ///
    /// ```
    /// assert_eq!(gridnote_psq::PsqMove::new(0, 1).with_time(7).time, Some(7));
    /// ```
    #[must_use]
    pub const fn with_time(self, ms: u32) -> PsqMove {
        PsqMove { time: Some(ms), ..self }
    }
}

/// A Piskvork game record (`.psq`), as Piskvork and the Gomocup manager write it: the
/// board's size, the two players' levels (Piskvork's computer levels, 0 for a person),
/// which player made the first move, the moves with their times, the players' names
/// (the brains' file names, in tournaments) and the code the game ended with.
///
/// The record says nothing of the rules (Gomocup plays them by tournament): replaying it
/// under a rule set is [`Psq::replay`]. Built in code it starts empty and grows
/// ([`Psq::push`]), which is how the referee writes its records.
///
/// ```
/// use gridnote_psq::{Psq, PsqMove, Seat};
/// let text = "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,281\npbrain-a.exe\npbrain-b.exe\n-1\n";
/// let record: Psq = text.parse()?;
/// assert_eq!((record.cols(), record.rows(), record.opener()), (20, 20, Seat::First));
/// assert_eq!(record.moves()[1], PsqMove::new(10, 10).with_time(281));
/// assert_eq!(record.players().map(|[a, _]| a.as_str()), Some("pbrain-a.exe"));
/// assert_eq!(record.code(), Some(-1));
/// assert_eq!(record.to_string(), text);
///
/// let mut built = Psq::new(15, 15)?;
/// built.push(PsqMove::new(7, 7).with_time(3))?;
/// assert_eq!(built.to_string(), "Piskvorky 15x15, 0:0, 0\n8,8,3\n");
/// # Ok::<(), gridnote_psq::PsqError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Psq {
    cols: usize,
    rows: usize,
    levels: [u32; 2],
    opener: Seat,
    moves: Vec<PsqMove>,
    players: Option<[String; 2]>,
    code: Option<i32>,
}

impl Psq {
    /// An empty record of a `cols × rows` board: levels 0:0, the first player to open, no
    /// moves, no names, no end code.
    ///
    /// # Errors
    /// [`PsqError::Side`] for a side of 0 or over 255.
    ///
    /// ```
    /// use gridnote_psq::Psq;
    /// assert_eq!(Psq::new(20, 20)?.moves().len(), 0);
    /// assert!(Psq::new(0, 20).is_err());
    /// # Ok::<(), gridnote_psq::PsqError>(())
    /// ```
    pub fn new(cols: usize, rows: usize) -> Result<Psq, PsqError> {
        for side in [cols, rows] {
            if side == 0 || side > MAX_SIDE {
                return Err(PsqError::Side { value: side.to_string(), span: 0..0 });
            }
        }
        Ok(Psq {
            cols,
            rows,
            levels: [0, 0],
            opener: Seat::First,
            moves: Vec::new(),
            players: None,
            code: None,
        })
    }

    /// The record of a game played on a `cols × rows` board: these moves in order (each
    /// with its time when known), levels 0:0, the first player to open, no names, no end
    /// code ([`Psq::set_levels`], [`Psq::set_players`] and [`Psq::set_code`] add them).
    /// What a referee calls when a game is over.
    ///
    /// # Errors
    /// [`PsqError::Side`] for a side of 0 or over 255; [`PsqError::OffBoard`] for the
    /// first move off the board.
    ///
    /// ```
    /// use gridnote_psq::{Psq, PsqMove};
    /// let moves = [PsqMove::new(9, 9).with_time(15), PsqMove::new(10, 10)];
    /// let record = Psq::from_moves(20, 20, moves)?;
    /// assert_eq!(record.to_string(), "Piskvorky 20x20, 0:0, 0\n10,10,15\n11,11\n");
    /// assert!(Psq::from_moves(20, 20, [PsqMove::new(20, 0)]).is_err());
    /// # Ok::<(), gridnote_psq::PsqError>(())
    /// ```
    pub fn from_moves(
        cols: usize,
        rows: usize,
        moves: impl IntoIterator<Item = PsqMove>,
    ) -> Result<Psq, PsqError> {
        let mut record = Psq::new(cols, rows)?;
        for m in moves {
            record.push(m)?;
        }
        Ok(record)
    }

    /// The board's width.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The board's height.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The players' levels (Piskvork's: a computer's level plus 1, 0 for a person; 11
    /// for brains in Gomocup's records).
    #[must_use]
    pub fn levels(&self) -> [u32; 2] {
        self.levels
    }

    /// Which player made the first move.
    #[must_use]
    pub fn opener(&self) -> Seat {
        self.opener
    }

    /// The moves, in order.
    #[must_use]
    pub fn moves(&self) -> &[PsqMove] {
        &self.moves
    }

    /// The players' names, first then second, when the record has them.
    #[must_use]
    pub fn players(&self) -> Option<&[String; 2]> {
        self.players.as_ref()
    }

    /// The code the game ended with, when the record has one: Piskvork writes 0 after a
    /// game played to its end, 15 after a time-out, -2 after a brain's error, and -1
    /// when it does not know (a game saved by hand).
    #[must_use]
    pub fn code(&self) -> Option<i32> {
        self.code
    }

    /// Sets the levels.
    ///
    /// ```
    /// let mut record = gridnote_psq::Psq::new(20, 20)?;
    /// record.set_levels([11, 11]);
    /// assert!(record.to_string().starts_with("Piskvorky 20x20, 11:11, 0\n"));
    /// # Ok::<(), gridnote_psq::PsqError>(())
    /// ```
    pub fn set_levels(&mut self, levels: [u32; 2]) {
        self.levels = levels;
    }

    /// Sets which player made the first move.
    pub fn set_opener(&mut self, opener: Seat) {
        self.opener = opener;
    }

    /// Sets the end code (`None`: the record has none).
    pub fn set_code(&mut self, code: Option<i32>) {
        self.code = code;
    }

    /// Adds a move.
    ///
    /// # Errors
    /// [`PsqError::OffBoard`] for a cell off the board (nothing is added).
    ///
    /// ```
    /// use gridnote_psq::{Psq, PsqMove};
    /// let mut record = Psq::new(15, 15)?;
    /// assert!(record.push(PsqMove::new(15, 0)).is_err());
    /// # Ok::<(), gridnote_psq::PsqError>(())
    /// ```
    pub fn push(&mut self, m: PsqMove) -> Result<(), PsqError> {
        if m.col >= self.cols || m.row >= self.rows {
            return Err(PsqError::OffBoard {
                line: self.moves.len() + 2,
                x: m.col + 1,
                y: m.row + 1,
                cols: self.cols,
                rows: self.rows,
                span: 0..0,
            });
        }
        self.moves.push(m);
        Ok(())
    }

    /// Sets the players' names (`None`: the record has none).
    ///
    /// # Errors
    /// [`PsqError::Name`] for a name a record cannot hold: empty, holding a line break,
    /// or reading back as a move (a digit first and a comma in it).
    ///
    /// ```
    /// let mut record = gridnote_psq::Psq::new(15, 15)?;
    /// record.set_players(Some(["pbrain-a".into(), "pbrain-b".into()]))?;
    /// assert!(record.set_players(Some(["".into(), "b".into()])).is_err());
    /// # Ok::<(), gridnote_psq::PsqError>(())
    /// ```
    pub fn set_players(&mut self, players: Option<[String; 2]>) -> Result<(), PsqError> {
        if let Some(names) = &players {
            for name in names {
                let why = if name.is_empty() {
                    Some("it is empty")
                } else if name.contains(['\n', '\r']) {
                    Some("it holds a line break")
                } else if looks_like_move(name) {
                    Some("it would read back as a move")
                } else {
                    None
                };
                if let Some(why) = why {
                    return Err(PsqError::Name { name: name.clone(), why });
                }
            }
        }
        self.players = players;
        Ok(())
    }
}

impl fmt::Display for Psq {
    /// The record as Piskvork writes it: the header, one `x,y,time` line per move (`x,y`
    /// for a move without a time), the names and the end code when the record has them,
    /// each line ended by a line feed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opener = match self.opener {
            Seat::First => 0,
            Seat::Second => 1,
        };
        writeln!(
            f,
            "Piskvorky {}x{}, {}:{}, {opener}",
            self.cols, self.rows, self.levels[0], self.levels[1]
        )?;
        for m in &self.moves {
            write!(f, "{},{}", m.col + 1, m.row + 1)?;
            if let Some(time) = m.time {
                write!(f, ",{time}")?;
            }
            f.write_str("\n")?;
        }
        if let Some([first, second]) = &self.players {
            writeln!(f, "{first}\n{second}")?;
        }
        if let Some(code) = self.code {
            writeln!(f, "{code}")?;
        }
        Ok(())
    }
}

impl FromStr for Psq {
    type Err = PsqError;

    /// Reads a record: the header, the moves, then nothing, the end code, both names, or
    /// both names and the end code (`docs/psq.md`). Lines end with LF or CR LF (the last
    /// one may end the text instead); a leading byte-order mark is skipped, and so are
    /// blank lines at the end.
    ///
    /// # Errors
    /// A [`PsqError`] naming the line and what was expected, with the offending bytes'
    /// span.
    fn from_str(text: &str) -> Result<Psq, PsqError> {
        let mut lines = Lines::new(text);
        let (header, at) = lines.next().ok_or(PsqError::Header {
            found: "found an empty text",
            span: text.len()..text.len(),
        })?;
        let mut record = header_line(header, at)?;
        let mut rest: Vec<(usize, &str, usize)> = Vec::new();
        for (number, (line, at)) in (2..).zip(lines) {
            if rest.is_empty() && looks_like_move(line) {
                let m = move_line(line, at, number, &record)?;
                record.moves.push(m);
            } else {
                rest.push((number, line, at));
            }
        }
        while rest.last().is_some_and(|(_, line, _)| line.trim().is_empty()) {
            rest.pop();
        }
        tail(&rest, &mut record)?;
        Ok(record)
    }
}

/// The lines of a text with their starting offsets: a leading byte-order mark skipped,
/// LF or CR LF ends, and no empty last line after a final line break.
struct Lines<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let at = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
        Lines { text, at }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = (&'a str, usize);

    fn next(&mut self) -> Option<(&'a str, usize)> {
        if self.at >= self.text.len() {
            return None;
        }
        let start = self.at;
        let rest = &self.text[start..];
        let (line, advance) = match rest.find('\n') {
            Some(end) => (&rest[..end], end + 1),
            None => (rest, rest.len()),
        };
        self.at += advance;
        Some((line.strip_suffix('\r').unwrap_or(line), start))
    }
}

/// `header = "Piskvorky" ws size "," ows level ":" level "," ows opener ows`, with
/// `size = side "x" side`: a record with no moves yet.
fn header_line(line: &str, at: usize) -> Result<Psq, PsqError> {
    let bad = |found, from: usize, to: usize| PsqError::Header { found, span: at + from..at + to };
    let Some(rest) = line.strip_prefix("Piskvorky") else {
        // The span covers what stands where `Piskvorky` should, cut at a character's end.
        let end = (0..=line.len().min(9)).rev().find(|&i| line.is_char_boundary(i)).unwrap_or(0);
        return Err(bad("found no `Piskvorky` at its start", 0, end));
    };
    let mut cursor = Cursor { line, at, pos: line.len() - rest.len(), number: 1 };
    if cursor.spaces() == 0 {
        return Err(bad("found no space after `Piskvorky`", 9, 9));
    }
    let cols = cursor.side()?;
    cursor.expect('x', "found no `x` between the width and the height")?;
    let rows = cursor.side()?;
    cursor.expect(',', "found no `,` after the board's size")?;
    cursor.spaces();
    let first = cursor.number("the first player's level", &[':'])?;
    cursor.expect(':', "found no `:` between the two levels")?;
    let second = cursor.number("the second player's level", &[','])?;
    cursor.expect(',', "found no `,` after the levels")?;
    cursor.spaces();
    let (text, span) = cursor.token(&[]);
    let opener = match text {
        "0" => Seat::First,
        "1" => Seat::Second,
        _ => {
            let found = "found an opener other than 0 (the first player) or 1 (the second)";
            return Err(PsqError::Header { found, span });
        }
    };
    cursor.spaces();
    if cursor.pos != line.len() {
        return Err(bad("found more after the opener", cursor.pos, line.len()));
    }
    let mut record = Psq::new(cols, rows)?;
    record.levels = [first, second];
    record.opener = opener;
    Ok(record)
}

/// Whether a line is meant as a move: a digit first (after spaces) and a comma in it.
fn looks_like_move(line: &str) -> bool {
    line.trim_start().starts_with(|c: char| c.is_ascii_digit()) && line.contains(',')
}

/// `move = ows x ows "," ows y ows [ "," ows time ows ]`: a move on the record's board.
fn move_line(line: &str, at: usize, number: usize, record: &Psq) -> Result<PsqMove, PsqError> {
    let mut cursor = Cursor { line, at, pos: 0, number };
    cursor.spaces();
    let x = cursor.number("the move's x (its column from 1)", &[','])? as usize;
    cursor.spaces();
    cursor.expect(',', "expected `,` between a move's x and y")?;
    cursor.spaces();
    let y = cursor.number("the move's y (its row from 1 at the top)", &[','])? as usize;
    cursor.spaces();
    let mut m = PsqMove::new(x.wrapping_sub(1), y.wrapping_sub(1));
    if cursor.pos < line.len() {
        cursor.expect(',', "expected `,` between a move's y and its time, or the line's end")?;
        cursor.spaces();
        m.time = Some(cursor.number("the move's time in milliseconds", &[','])?);
        cursor.spaces();
        if cursor.pos != line.len() {
            return Err(PsqError::Line {
                line: number,
                expected: "expected the line's end after a move's time",
                span: at + cursor.pos..at + line.len(),
            });
        }
    }
    if x == 0 || y == 0 || x > record.cols || y > record.rows {
        return Err(PsqError::OffBoard {
            line: number,
            x,
            y,
            cols: record.cols,
            rows: record.rows,
            span: at..at + line.trim_end().len(),
        });
    }
    Ok(m)
}

/// `tail = [ name name ] [ code ]`, one per line, after the moves.
fn tail(rest: &[(usize, &str, usize)], record: &mut Psq) -> Result<(), PsqError> {
    let line_error = |&(number, line, at): &(usize, &str, usize), expected| PsqError::Line {
        line: number,
        expected,
        span: at..at + line.len(),
    };
    if let Some(blank) = rest.iter().find(|(_, line, _)| line.trim().is_empty()) {
        return Err(line_error(
            blank,
            "expected a move, a player's name or the end code, found a blank line",
        ));
    }
    let (names, code) = match rest {
        [] => (None, None),
        [code] => (None, Some(code)),
        [first, second] => (Some([first, second]), None),
        [first, second, code] => (Some([first, second]), Some(code)),
        [_, _, _, extra, ..] => {
            return Err(line_error(extra, "expected nothing after the end code"));
        }
    };
    if let Some(names) = names {
        // A carriage return left inside a name (one before CR LF, or alone) is refused, as
        // `Psq::set_players` refuses it: the record could not be written back as read.
        for &&(number, name, at) in &names {
            if let Some(cr) = name.find('\r') {
                return Err(PsqError::Line {
                    line: number,
                    expected: "expected a player's name without a carriage return in it",
                    span: at + cr..at + cr + 1,
                });
            }
        }
        record.players = Some(names.map(|(_, name, _)| (*name).to_owned()));
    }
    if let Some(code) = code {
        record.code = Some(end_code(code.1).ok_or_else(|| {
            let expected = if names.is_some() {
                "expected the end code, a whole number such as -1 or 0"
            } else {
                "expected the end code (a whole number such as -1 or 0) or both players' names"
            };
            line_error(code, expected)
        })?);
    }
    Ok(())
}

/// `code = [ "-" ] number`, an `i32`.
fn end_code(line: &str) -> Option<i32> {
    let line = line.trim();
    let (negative, digits) = match line.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, line),
    };
    let magnitude = i64::from(parse_decimal(digits).ok()?);
    i32::try_from(if negative { -magnitude } else { magnitude }).ok()
}

/// A reading position in one line.
struct Cursor<'a> {
    line: &'a str,
    /// The line's offset in the text.
    at: usize,
    pos: usize,
    /// The line's number.
    number: usize,
}

impl<'a> Cursor<'a> {
    /// Skips spaces and tabs; how many.
    fn spaces(&mut self) -> usize {
        let skipped = self.line[self.pos..].len()
            - self.line[self.pos..].trim_start_matches([' ', '\t']).len();
        self.pos += skipped;
        skipped
    }

    /// Takes `c`, or fails with `expected`.
    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), PsqError> {
        if self.line[self.pos..].starts_with(c) {
            self.pos += c.len_utf8();
            return Ok(());
        }
        let end =
            self.line[self.pos..].chars().next().map_or(self.pos, |ch| self.pos + ch.len_utf8());
        if self.number == 1 {
            return Err(PsqError::Header {
                found: expected,
                span: self.at + self.pos..self.at + end,
            });
        }
        Err(PsqError::Line { line: self.number, expected, span: self.at + self.pos..self.at + end })
    }

    /// The text up to a space, a tab, one of `stops` or the line's end (possibly none),
    /// and its span.
    fn token(&mut self, stops: &[char]) -> (&'a str, Range<usize>) {
        let line: &'a str = self.line;
        let rest = &line[self.pos..];
        let len =
            rest.find(|c: char| c == ' ' || c == '\t' || stops.contains(&c)).unwrap_or(rest.len());
        let text = &rest[..len];
        let span = self.at + self.pos..self.at + self.pos + len;
        self.pos += len;
        (text, span)
    }

    /// A number by the number rule, up to a space or one of `stops`.
    fn number(&mut self, what: &'static str, stops: &[char]) -> Result<u32, PsqError> {
        let (text, span) = self.token(stops);
        parse_decimal(text).map_err(|_| PsqError::Number {
            line: self.number,
            what,
            text: text.to_owned(),
            span,
        })
    }

    /// A board side, 1 to 255, up to an `x` or a `,`.
    fn side(&mut self) -> Result<usize, PsqError> {
        let (text, span) = self.token(&['x', ',']);
        match parse_decimal(text) {
            Ok(n) if n >= 1 && n as usize <= MAX_SIDE => Ok(n as usize),
            Ok(_) => Err(PsqError::Side { value: text.to_owned(), span }),
            Err(_) => Err(PsqError::Number {
                line: 1,
                what: "a board side (1 to 255)",
                text: text.to_owned(),
                span,
            }),
        }
    }
}
