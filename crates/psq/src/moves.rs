//! [`MoveList`]: the plain move lists gomoku programs and sites paste (`h8i9j10`,
//! `h8 i9 j10`, `h8,i9,j10`), read (`FromStr`) and written (`Display`). The grammar is in
//! `docs/psq.md`.

use core::fmt;
use core::str::FromStr;

use gridnote_board::CellName;
use gridnote_text::number::parse_decimal;

use crate::error::PsqError;

/// A game as a list of cell names, first move first: gridnote's names (file letters from
/// `a` at the left, `aa` after `z`; rank from 1 at the bottom), as Renju and gomoku sites
/// write them (on 15×15, `h8` is the centre). The list says nothing of the board's size
/// or the rules: replaying it is [`MoveList::replay`].
///
/// Read: the names one after another, with or without spaces, tabs, line breaks or
/// commas (one comma at most) between them, in either case (`H8` is `h8`). Written: the
/// names run together, lower case (`h8i9j10`).
///
/// ```
/// use gridnote_psq::MoveList;
/// let list: MoveList = "h8i9j10".parse()?;
/// assert_eq!(list.cells().len(), 3);
/// assert_eq!(list.cells()[2].to_string(), "j10");
/// assert_eq!("H8, I9 j10".parse::<MoveList>()?, list);
/// assert_eq!(list.to_string(), "h8i9j10");
/// # Ok::<(), gridnote_psq::PsqError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MoveList {
    cells: Vec<CellName>,
}

impl MoveList {
    /// The list of these cells.
    ///
    /// ```
    /// use gridnote_board::CellName;
    /// let list = gridnote_psq::MoveList::new(vec![CellName { file: 7, rank: 8 }]);
    /// assert_eq!(list.to_string(), "h8");
    /// ```
    #[must_use]
    pub fn new(cells: Vec<CellName>) -> MoveList {
        MoveList { cells }
    }

    /// The cells, first move first.
    #[must_use]
    pub fn cells(&self) -> &[CellName] {
        &self.cells
    }
}

impl fmt::Display for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in &self.cells {
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

impl FromStr for MoveList {
    type Err = PsqError;

    /// Reads `list = ws* [ cell { sep cell } ] ws*` with `sep = ws* [ "," ] ws*` and
    /// `cell = letter [ letter ] rank` (`docs/psq.md`); an empty text is an empty list.
    ///
    /// # Errors
    /// [`PsqError::Cell`] for the first text that is not a cell name (with its place in
    /// the list and its span), [`PsqError::Line`] for a comma where a name was expected.
    fn from_str(text: &str) -> Result<MoveList, PsqError> {
        let mut cells = Vec::new();
        let bytes = text.as_bytes();
        let mut at = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
        let skip_spaces = |at: &mut usize| {
            while *at < bytes.len() && bytes[*at].is_ascii_whitespace() {
                *at += 1;
            }
        };
        skip_spaces(&mut at);
        while at < bytes.len() {
            let (cell, end) = cell(text, at, cells.len() + 1)?;
            cells.push(cell);
            at = end;
            skip_spaces(&mut at);
            if at < bytes.len() && bytes[at] == b',' {
                at += 1;
                skip_spaces(&mut at);
                if at >= bytes.len() || bytes[at] == b',' {
                    return Err(PsqError::Cell {
                        index: cells.len() + 1,
                        text: text[at.min(text.len())..].chars().take(1).collect(),
                        span: at..(at + 1).min(text.len()),
                    });
                }
            }
        }
        Ok(MoveList { cells })
    }
}

/// `cell = letter [ letter ] rank`: the cell name starting at `at` (the `index`-th of the
/// list), and where it ends.
fn cell(text: &str, at: usize, index: usize) -> Result<(CellName, usize), PsqError> {
    let bytes = text.as_bytes();
    let letters = bytes[at..].iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let digits_at = at + letters;
    let digits = bytes[digits_at..].iter().take_while(|b| b.is_ascii_digit()).count();
    let end = digits_at + digits;
    let bad = || {
        // The offending text: up to the next separator.
        let stop = text[at..]
            .find(|c: char| c.is_ascii_whitespace() || c == ',')
            .map_or(text.len(), |i| at + i);
        let stop = stop.max(at + text[at..].chars().next().map_or(0, char::len_utf8));
        PsqError::Cell { index, text: text[at..stop].to_owned(), span: at..stop }
    };
    if letters == 0 || letters > 2 || digits == 0 {
        return Err(bad());
    }
    let rank = parse_decimal(&text[digits_at..end]).map_err(|_| bad())?;
    if rank == 0 {
        return Err(bad());
    }
    let mut file = 0usize;
    for b in text[at..digits_at].bytes() {
        file = file * 26 + usize::from(b.to_ascii_lowercase() - b'a') + 1;
    }
    Ok((CellName { file: file - 1, rank: rank as usize }, end))
}
