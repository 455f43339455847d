//! Reading an OpenTafl rules record into [`TaflRules`] (its writer is `Display`).

use core::ops::Range;
use core::str::FromStr;

use super::rules::TaflRules;
use super::values::{
    Berserk, Escape, JumpMode, Key, KingArmed, KingStrength, PieceSet, Shieldwall, Speeds,
    SpeedsError, Threefold, piece_of_letter,
};
use crate::report::Spanned;
use crate::{Board, Cell, CellName, MAX_SIDE};

/// A rules record that could not be read, with the byte range of the offending text.
///
/// ```
/// use gridnote_board::tafl::{RulesError, TaflRules};
/// let err = "dim:3 esc:x start:/3/1K1/3/".parse::<TaflRules>().unwrap_err();
/// assert_eq!(err.to_string(), "rules entry `esc:`: expected `c` (corner) or `e` (edge), found `x`");
/// assert_eq!(err.span(), 10..11);
/// # use gridnote_board::report::Spanned;
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The record does not start with `dim:`.
    #[error("a rules record starts with `dim:`")]
    MissingDim {
        /// The first token.
        span: Range<usize>,
    },
    /// Something is not what the record needs there.
    #[error("{field}: expected {expected}, found `{found}`")]
    Expected {
        /// Where.
        span: Range<usize>,
        /// The entry or part being read (`rules entry `esc:``).
        field: String,
        /// What was expected.
        expected: &'static str,
        /// The text found.
        found: String,
    },
    /// A known key given twice.
    #[error("rules entry `{key}:` given twice")]
    Duplicate {
        /// The second entry.
        span: Range<usize>,
        /// Its key.
        key: String,
    },
    /// An entry after the start position.
    #[error("rules entry `{key}:` after the start position, which comes last")]
    AfterStart {
        /// The entry.
        span: Range<usize>,
        /// Its key.
        key: String,
    },
    /// No start position.
    #[error("the rules record has no start position (`start:` or `starti:`)")]
    MissingStart {
        /// The end of the text.
        span: Range<usize>,
    },
    /// A start position whose size is not `dim`.
    #[error("`{key}:` has {size} rows, expected {dim}")]
    DimMismatch {
        /// The position.
        span: Range<usize>,
        /// `start` or `starti`.
        key: &'static str,
        /// Its rows.
        size: usize,
        /// The record's `dim`.
        dim: usize,
    },
}

impl Spanned for RulesError {
    fn span(&self) -> Range<usize> {
        match self {
            RulesError::MissingDim { span }
            | RulesError::Expected { span, .. }
            | RulesError::Duplicate { span, .. }
            | RulesError::AfterStart { span, .. }
            | RulesError::MissingStart { span }
            | RulesError::DimMismatch { span, .. } => span.clone(),
        }
    }
}

/// A value of a rules entry that could not be read: the byte range inside the value and
/// what was expected there.
///
/// ```
/// use gridnote_board::tafl::{Key, TaflRules};
/// let mut rules = TaflRules::preset("brandubh")?;
/// let err = rules.read_entry(Key::Cor, "a1,z9,").unwrap_err();
/// assert_eq!((err.span, err.expected), (3..5, "a space on the board"));
/// # Ok::<(), gridnote_board::UnknownName>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("expected {expected}")]
#[non_exhaustive]
pub struct ValueError {
    /// The offending bytes, relative to the value.
    pub span: Range<usize>,
    /// What was expected.
    pub expected: &'static str,
}

impl ValueError {
    fn whole(value: &str, expected: &'static str) -> ValueError {
        ValueError { span: 0..value.len(), expected }
    }
}

fn letter<T>(
    value: &str,
    from: fn(char) -> Option<T>,
    expected: &'static str,
) -> Result<T, ValueError> {
    let mut chars = value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => from(c).ok_or_else(|| ValueError::whole(value, expected)),
        _ => Err(ValueError::whole(value, expected)),
    }
}

fn yes_no(value: &str) -> Result<bool, ValueError> {
    match value {
        "y" => Ok(true),
        "n" => Ok(false),
        _ => Err(ValueError::whole(value, "`y` or `n`")),
    }
}

/// space = file rank: one or two lowercase letters, a rank from 1 without leading zero.
fn space(text: &str, dim: usize) -> Option<CellName> {
    let letters = text.bytes().take_while(u8::is_ascii_lowercase).count();
    let (file_text, rank_text) = text.split_at(letters);
    if !(1..=2).contains(&letters) || rank_text.starts_with('0') {
        return None;
    }
    let file = file_text.bytes().fold(0usize, |n, b| n * 26 + usize::from(b - b'a') + 1) - 1;
    let rank = gridnote_text::number::parse_decimal(rank_text).ok()? as usize;
    (file < dim && (1..=dim).contains(&rank)).then_some(CellName { file, rank })
}

/// space-list = *(space ",") [space]     ; a comma after each space, the last optional
fn spaces(value: &str, dim: usize) -> Result<Vec<CellName>, ValueError> {
    let mut list = Vec::new();
    let body = value.strip_suffix(',').unwrap_or(value);
    if value.is_empty() {
        return Ok(list);
    }
    let mut at = 0;
    for part in body.split(',') {
        let span = at..at + part.len();
        at += part.len() + 1;
        match space(part, dim) {
            Some(name) => list.push(name),
            None => return Err(ValueError { span, expected: "a space on the board" }),
        }
    }
    Ok(list)
}

impl TaflRules {
    /// Reads the value of one entry into these rules and marks the key written
    /// ([`TaflRules::is_written`]): the value grammar of every key, for any reader of
    /// rules records. The legacy `ks:y` and `ks:n` read as `s` and `w`, a jump mode's
    /// `y` as `n` (as OpenTafl reads it).
    ///
    /// # Errors
    /// A value the key does not take, with the offending bytes.
    ///
    /// ```
    /// use gridnote_board::tafl::{Key, KingStrength, TaflRules};
    /// let mut rules = TaflRules::preset("copenhagen")?;
    /// rules.read_entry(Key::Ks, "n").unwrap();
    /// assert_eq!(rules.king_strength, KingStrength::Weak);
    /// assert!(rules.read_entry(Key::Surf, "yes").is_err());
    /// # Ok::<(), gridnote_board::UnknownName>(())
    /// ```
    pub fn read_entry(&mut self, key: Key, value: &str) -> Result<(), ValueError> {
        let dim = self.dim();
        match key {
            Key::Name => self.name = Some(value.to_owned()),
            Key::Esc => self.escape = letter(value, Escape::from_letter, Escape::EXPECTED)?,
            Key::Surf => self.surrounded = yes_no(value)?,
            Key::Atkf => self.attackers_first = yes_no(value)?,
            Key::Tfr => {
                self.threefold = letter(value, Threefold::from_letter, Threefold::EXPECTED)?;
            }
            Key::Ka => {
                self.king_armed = letter(value, KingArmed::from_letter, KingArmed::EXPECTED)?;
            }
            Key::Ks => {
                self.king_strength = match value {
                    "y" => KingStrength::Strong,
                    "n" => KingStrength::Weak,
                    _ => letter(value, KingStrength::from_letter, KingStrength::EXPECTED)?,
                };
            }
            Key::Kj => self.king_jump = jump(value)?,
            Key::Nj => self.knight_jump = jump(value)?,
            Key::Cj => self.commander_jump = jump(value)?,
            Key::Mj => self.mercenary_jump = jump(value)?,
            Key::Gj => self.guard_jump = jump(value)?,
            Key::Spd => {
                self.speeds = value.parse::<Speeds>().map_err(|err| match err {
                    SpeedsError::Speed { span } => {
                        ValueError { span, expected: "-1 (no limit) or a speed from 1 to 255" }
                    }
                    _ => ValueError::whole(value, "1, 2, 8, 10 or 12 speeds"),
                })?;
            }
            Key::Sw => {
                self.shieldwall = letter(value, Shieldwall::from_letter, Shieldwall::EXPECTED)?;
            }
            Key::Swf => self.shieldwall_flank = yes_no(value)?,
            Key::Efe => self.edge_fort_escape = yes_no(value)?,
            Key::Linc => self.linnaean = yes_no(value)?,
            Key::Ber => self.berserk = letter(value, Berserk::from_letter, Berserk::EXPECTED)?,
            _ => {
                if let Some(list) = self.spaces_mut(key) {
                    *list = spaces(value, dim)?;
                } else if let Some(set) = self.space_set_mut(key) {
                    *set = PieceSet::read(value).map_err(|err| {
                        let (at, expected) = match err {
                            super::PieceSetError::Repeated { at } => {
                                (at, "each taflman letter at most once")
                            }
                            super::PieceSetError::NotAPiece { at } => {
                                (at, "taflman letters (t c n k m g, uppercase for the defenders)")
                            }
                        };
                        let end = at + value[at..].chars().next().map_or(1, char::len_utf8);
                        ValueError { span: at..end, expected }
                    })?;
                }
            }
        }
        self.set_written(key, true);
        Ok(())
    }
}

/// A jump mode; the legacy `y` of OpenTafl's own guard tests reads as `n`, as OpenTafl
/// reads every letter but `c`, `j` and `r`.
fn jump(value: &str) -> Result<JumpMode, ValueError> {
    if value == "y" {
        return Ok(JumpMode::None);
    }
    letter(value, JumpMode::from_letter, JumpMode::EXPECTED)
}

const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn found(text: &str, span: &Range<usize>) -> String {
    text.get(span.clone()).unwrap_or_default().to_owned()
}

/// position = "/" 1*(row "/")     ; rank 1 first (`start:`) or last (`starti:`)
/// row      = 1*(count / piece)   ; count: decimal, no leading zero, not two in a row
fn position(text: &str, base: usize, dim: usize, key: &'static str) -> Result<Board, RulesError> {
    let field = format!("`{key}:` position");
    let bytes = text.as_bytes();
    let expected = |at: usize, end: usize, expected: &'static str| RulesError::Expected {
        span: base + at..base + end.min(text.len()).max(at),
        field: field.clone(),
        expected,
        found: found(text, &(at..end.min(text.len()))),
    };
    if bytes.first() != Some(&b'/') {
        return Err(expected(0, 1, "`/` before the first row"));
    }
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    let mut at = 1;
    while at < bytes.len() {
        let row_start = at;
        let mut row = Vec::new();
        let mut last_count = false;
        while at < bytes.len() && bytes[at] != b'/' {
            let b = bytes[at];
            if b.is_ascii_digit() {
                let start = at;
                while at < bytes.len() && bytes[at].is_ascii_digit() {
                    at += 1;
                }
                let n = match gridnote_text::number::parse_decimal(&text[start..at]) {
                    Ok(n) if b != b'0' && !last_count && (n as usize) <= MAX_SIDE => n as usize,
                    _ => return Err(expected(start, at, "a count of empty squares from 1")),
                };
                row.extend(core::iter::repeat_n(Cell::Empty, n));
                last_count = true;
            } else if let Some(piece) = piece_of_letter(b) {
                row.push(Cell::from(piece));
                at += 1;
                last_count = false;
            } else {
                let end = at + text[at..].chars().next().map_or(1, char::len_utf8);
                return Err(expected(at, end, "a taflman letter, a count or `/`"));
            }
            if row.len() > dim {
                return Err(expected(row_start, at, "a row of `dim` squares"));
            }
        }
        if at >= bytes.len() {
            return Err(expected(row_start, at, "`/` after the row"));
        }
        if row.len() != dim {
            return Err(expected(row_start, at, "a row of `dim` squares"));
        }
        rows.push(row);
        at += 1;
    }
    if rows.len() != dim {
        return Err(RulesError::DimMismatch {
            span: base..base + text.len(),
            key,
            size: rows.len(),
            dim,
        });
    }
    if key == "start" {
        rows.reverse();
    }
    let cells: Vec<Cell> = rows.into_iter().flatten().collect();
    Board::from_cells(dim, dim, cells).map_err(|_| expected(0, text.len(), "a board"))
}

/// rules = dim *(sep entry) sep start
/// sep   = 1*(SP / HTAB / CR / LF)
/// dim   = "dim:" number               ; 1 to 255
/// entry = key ":" value               ; value: no whitespace
/// start = ("start:" / "starti:") position
pub(crate) fn read(text: &str) -> Result<TaflRules, RulesError> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        while at < bytes.len() && is_space(bytes[at]) {
            at += 1;
        }
        let start = at;
        while at < bytes.len() && !is_space(bytes[at]) {
            at += 1;
        }
        if at > start {
            tokens.push(start..at);
        }
    }
    let Some(first) = tokens.first() else {
        return Err(RulesError::MissingDim { span: 0..0 });
    };
    let dim_value = text[first.clone()]
        .strip_prefix("dim:")
        .ok_or(RulesError::MissingDim { span: first.clone() })?;
    let dim = match gridnote_text::number::parse_decimal(dim_value) {
        Ok(n @ 1..) if (n as usize) <= MAX_SIDE && !dim_value.starts_with('0') => n as usize,
        _ => {
            let span = first.start + 4..first.end;
            return Err(RulesError::Expected {
                field: "rules entry `dim:`".into(),
                expected: "a board size from 1 to 255",
                found: found(text, &span),
                span,
            });
        }
    };
    let mut entries: Vec<(Key, Range<usize>, Range<usize>)> = Vec::new();
    let mut unknown = Vec::new();
    let mut start: Option<(Board, bool)> = None;
    for token in &tokens[1..] {
        let token_text = &text[token.clone()];
        let Some(colon) = token_text.find(':').filter(|&c| c > 0) else {
            return Err(RulesError::Expected {
                span: token.clone(),
                field: "rules entry".into(),
                expected: "`key:value`",
                found: token_text.to_owned(),
            });
        };
        let key = &token_text[..colon];
        let value = token.start + colon + 1..token.end;
        if start.is_some() {
            return Err(RulesError::AfterStart { span: token.clone(), key: key.to_owned() });
        }
        match key {
            "dim" => {
                return Err(RulesError::Duplicate { span: token.clone(), key: key.to_owned() });
            }
            "start" | "starti" => {
                let key = if key == "start" { "start" } else { "starti" };
                let board = position(&text[value.clone()], value.start, dim, key)?;
                start = Some((board, key == "starti"));
            }
            _ => match Key::from_name(key) {
                Some(k) => {
                    if entries.iter().any(|(seen, _, _)| *seen == k) {
                        return Err(RulesError::Duplicate {
                            span: token.clone(),
                            key: key.to_owned(),
                        });
                    }
                    entries.push((k, token.clone(), value));
                }
                None => unknown.push((key.to_owned(), text[value].to_owned())),
            },
        }
    }
    let Some((board, inverted)) = start else {
        return Err(RulesError::MissingStart { span: text.len()..text.len() });
    };
    let mut rules = TaflRules::new(board)
        .map_err(|_| RulesError::MissingStart { span: text.len()..text.len() })?;
    rules.start_inverted = inverted;
    rules.unknown = unknown;
    for (key, _, value) in entries {
        rules.read_entry(key, &text[value.clone()]).map_err(|err| {
            let span = value.start + err.span.start..value.start + err.span.end;
            RulesError::Expected {
                field: format!("rules entry `{key}:`"),
                expected: err.expected,
                found: found(text, &span),
                span,
            }
        })?;
    }
    Ok(rules)
}

impl FromStr for TaflRules {
    type Err = RulesError;

    /// An OpenTafl rules record: `dim:N`, entries `key:value` separated by whitespace
    /// (unknown keys kept verbatim), and the start position last (`start:` rank 1 first,
    /// `starti:` rank 1 last).
    fn from_str(text: &str) -> Result<TaflRules, RulesError> {
        read(text)
    }
}
