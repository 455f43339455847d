//! Reading an OpenTafl rules record into [`TaflRules`]: the one reader of the text
//! (`FromStr`), for every entry point; its writer is `Display` (`rules.rs`).

use core::ops::Range;
use core::str::FromStr;

use super::cursor::{Cursor, MAX_SIZE};
use super::error::{ParseError, found};
use super::position;
use super::rules::TaflRules;
use super::values::{
    Berserk, Escape, JumpMode, Key, KingArmed, KingStrength, PieceSet, PieceSetError, Shieldwall,
    Speeds, SpeedsError, Threefold,
};
use crate::report::Spanned;
use crate::{Board, CellName};

impl FromStr for TaflRules {
    type Err = ParseError;

    /// An OpenTafl rules record: `dim:N` first, entries `key:value` separated by
    /// whitespace (each known key at most once; unknown keys kept verbatim), and the start
    /// position last (`start:` rank 1 first, `starti:` rank 1 last). The grammar is
    /// `docs/otn.md`'s.
    fn from_str(text: &str) -> Result<TaflRules, ParseError> {
        read(text, 0)
    }
}

impl TaflRules {
    /// Reads the value of one entry into these rules and marks the key written
    /// ([`TaflRules::is_written`]), by the value grammar of the rules record's reader.
    /// The legacy `ks:y` and `ks:n` read as `s` and `w`, a jump mode's `y` as `n` (as
    /// OpenTafl reads them).
    ///
    /// # Errors
    /// A value the key does not take, spanning the offending bytes of `value`.
    ///
    /// ```
    /// use gridnote_board::tafl::{Key, KingStrength, TaflRules};
    /// let mut rules = TaflRules::preset("copenhagen")?;
    /// rules.read_entry(Key::Ks, "n").unwrap();
    /// assert_eq!(rules.king_strength, KingStrength::Weak);
    /// let err = rules.read_entry(Key::Cor, "a1,z9,").unwrap_err();
    /// assert_eq!(err.to_string(), "rules entry `cor:`: space z9 is off the 11x11 board");
    /// assert!(rules.read_entry(Key::Surf, "yes").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_entry(&mut self, key: Key, value: &str) -> Result<(), ParseError> {
        let cur = Cursor::new(value, 0);
        read_value(self, key, &cur, 0..value.len())
    }
}

const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// One `key:value` token of the record, by local byte offsets.
struct Token {
    start: usize,
    colon: usize,
    end: usize,
}

impl Token {
    fn value(&self) -> Range<usize> {
        self.colon + 1..self.end
    }
}

/// rules = dim *(sep entry) sep start
/// sep   = 1*(SP / HTAB / CR / LF)       ; entries may be spread over lines
/// dim   = "dim:" number                 ; 1 to 255
/// entry = key ":" value                 ; value: no whitespace; each known key at most once
/// start = ("start:" / "starti:") position
///
/// `base` is where `text` starts in the input (a rules record inside a game record's
/// `[rules:…]` tag), for the spans.
pub(crate) fn read(text: &str, base: usize) -> Result<TaflRules, ParseError> {
    let cur = Cursor::new(text, base);
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut rules: Option<TaflRules> = None;
    let mut started = false;
    let mut seen: Vec<Key> = Vec::new();
    loop {
        // one token
        let token_start = at;
        while at < bytes.len() && !is_space(bytes[at]) {
            at += 1;
        }
        let token_text = &text[token_start..at];
        if token_text.is_empty() {
            let c = Cursor { at, ..Cursor::new(text, base) };
            if rules.is_none() {
                return Err(ParseError::MissingDim {
                    span: c.char_span(),
                    found: found(text, &(at..at + c.char_span().len())),
                });
            }
            return Err(c.expected("the rules record", "a `key:value` entry"));
        }
        let Some(colon) = token_text.find(':') else {
            if rules.is_none() {
                return Err(ParseError::MissingDim {
                    span: cur.span(token_start, at),
                    found: found(text, &(token_start..at)),
                });
            }
            return Err(cur.expected_at(token_start, at, "rules entry", "`key:value`"));
        };
        let token = Token { start: token_start, colon: token_start + colon, end: at };
        let key = &text[token.start..token.colon];
        if key.is_empty() {
            return Err(cur.expected_at(
                token.start,
                token.colon + 1,
                "rules entry",
                "a key before `:`",
            ));
        }
        if started {
            return Err(ParseError::AfterStart {
                span: cur.span(token.start, token.end),
                key: key.to_owned(),
            });
        }
        let duplicate = || ParseError::Duplicate {
            span: cur.span(token.start, token.end),
            what: "rules entry",
            key: key.to_owned(),
        };
        match (&mut rules, key) {
            (None, "dim") => {
                let dim = read_dim(&cur, &token)?;
                let board = Board::new(dim, dim).expect("1 to 255 squares on a side");
                rules = Some(TaflRules::new(board).expect("an empty square board"));
            }
            (None, _) => {
                return Err(ParseError::MissingDim {
                    span: cur.span(token.start, token.end),
                    found: found(text, &(token.start..token.end)),
                });
            }
            (Some(_), "dim") => return Err(duplicate()),
            (Some(rules), "start" | "starti") => {
                let inverted = key == "starti";
                let value = token.value();
                let field = if inverted { "`starti:`" } else { "`start:`" };
                let position =
                    position::read(&text[value.clone()], base + value.start, inverted, field)?;
                if position.size() != rules.dim() {
                    return Err(ParseError::DimMismatch {
                        span: cur.span(value.start, value.end),
                        key: if inverted { "starti" } else { "start" },
                        size: position.size(),
                        dim: rules.dim(),
                    });
                }
                rules.start = Board::from(&position);
                rules.start_inverted = inverted;
                started = true;
            }
            (Some(rules), _) => match Key::from_name(key) {
                Some(known) => {
                    if seen.contains(&known) {
                        return Err(duplicate());
                    }
                    seen.push(known);
                    read_value(rules, known, &cur, token.value())?;
                }
                // Kept verbatim, repeats too: an unknown entry carries no rule.
                None => {
                    let value = &text[token.value()];
                    rules.unknown.push((key.to_owned(), value.to_owned()));
                }
            },
        }
        if at >= bytes.len() {
            break;
        }
        // sep
        let sep_start = at;
        while at < bytes.len() && is_space(bytes[at]) {
            at += 1;
        }
        if at >= bytes.len() {
            let c = Cursor { at: sep_start, ..Cursor::new(text, base) };
            if started {
                return Err(c.expected_at(
                    sep_start,
                    at,
                    "the rules record",
                    "the end of the text after the start position",
                ));
            }
            return Err(ParseError::MissingStart { span: cur.span(at, at) });
        }
    }
    match rules {
        Some(rules) if started => Ok(rules),
        _ => Err(ParseError::MissingStart { span: cur.span(bytes.len(), bytes.len()) }),
    }
}

/// dim = "dim:" number   ; 1 to 255
fn read_dim(cur: &Cursor<'_>, token: &Token) -> Result<usize, ParseError> {
    let v = token.value();
    let value = &cur.text[v.clone()];
    let mut c = Cursor::new(value, cur.base + v.start);
    let n = c.number("rules entry `dim:`", MAX_SIZE as u64)?;
    if !c.is_end() {
        return Err(c.expected("rules entry `dim:`", "a board size: a decimal number"));
    }
    if n == 0 {
        return Err(ParseError::BadValue {
            span: cur.span(v.start, v.end),
            key: "dim".into(),
            expected: "a board size from 1 to 255",
            found: found(cur.text, &v),
        });
    }
    Ok(n as usize)
}

/// value, typed by its key (bytes `v` of the cursor's text), into `rules`; the key is
/// marked written.
fn read_value(
    rules: &mut TaflRules,
    key: Key,
    cur: &Cursor<'_>,
    v: Range<usize>,
) -> Result<(), ParseError> {
    let value = &cur.text[v.clone()];
    let bad = |expected: &'static str| ParseError::BadValue {
        span: cur.span(v.start, v.end),
        key: key.name().to_owned(),
        expected,
        found: found(cur.text, &v),
    };
    macro_rules! letter {
        ($ty:ident) => {{
            let mut chars = value.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => $ty::from_letter(c),
                _ => None,
            }
            .ok_or_else(|| bad($ty::EXPECTED))?
        }};
    }
    let yes_no = || match value {
        "y" => Ok(true),
        "n" => Ok(false),
        _ => Err(bad("`y` or `n`")),
    };
    // OpenTafl reads any other letter as "no jumps"; its own guard tests write the
    // legacy `y`, read here as `n` too (docs/tafl-model.md).
    let jump = || -> Result<JumpMode, ParseError> {
        Ok(if value == "y" { JumpMode::None } else { letter!(JumpMode) })
    };
    match key {
        Key::Name => rules.name = Some(value.to_owned()),
        Key::Esc => rules.escape = letter!(Escape),
        Key::Surf => rules.surrounded = yes_no()?,
        Key::Atkf => rules.attackers_first = yes_no()?,
        Key::Tfr => rules.threefold = letter!(Threefold),
        Key::Ka => rules.king_armed = letter!(KingArmed),
        Key::Ks => {
            rules.king_strength = match value {
                "y" => KingStrength::Strong,
                "n" => KingStrength::Weak,
                _ => letter!(KingStrength),
            };
        }
        Key::Kj => rules.king_jump = jump()?,
        Key::Nj => rules.knight_jump = jump()?,
        Key::Cj => rules.commander_jump = jump()?,
        Key::Mj => rules.mercenary_jump = jump()?,
        Key::Gj => rules.guard_jump = jump()?,
        Key::Spd => rules.speeds = read_speeds(cur, &v, key)?,
        Key::Sw => rules.shieldwall = letter!(Shieldwall),
        Key::Swf => rules.shieldwall_flank = yes_no()?,
        Key::Efe => rules.edge_fort_escape = yes_no()?,
        Key::Linc => rules.linnaean = yes_no()?,
        Key::Ber => rules.berserk = letter!(Berserk),
        _ => {
            let dim = rules.dim();
            if let Some(list) = rules.spaces_mut(key) {
                *list = read_spaces(cur, &v, key, dim)?;
            } else if let Some(set) = rules.space_set_mut(key) {
                *set = read_pieces(cur, &v, key)?;
            }
        }
    }
    rules.set_written(key, true);
    Ok(())
}

/// space-list = *(space ",") [space]     ; a comma after each space, the last optional
fn read_spaces(
    cur: &Cursor<'_>,
    v: &Range<usize>,
    key: Key,
    dim: usize,
) -> Result<Vec<CellName>, ParseError> {
    let value = &cur.text[v.clone()];
    let mut c = Cursor::new(value, cur.base + v.start);
    let field = format!("rules entry `{key}:`");
    let mut spaces = Vec::new();
    while !c.is_end() {
        let start = c.at;
        let square = c.square(&field)?;
        if !square.is_on(dim) {
            return Err(ParseError::OffBoard {
                span: c.span(start, c.at),
                field: field.clone(),
                space: square.to_string(),
                size: dim,
            });
        }
        spaces.push(square.cell_name());
        if !c.eat(b',') && !c.is_end() {
            return Err(c.expected(field, "`,` after a space"));
        }
    }
    Ok(spaces)
}

/// piece-type-list = *piece        ; each type at most once
fn read_pieces(cur: &Cursor<'_>, v: &Range<usize>, key: Key) -> Result<PieceSet, ParseError> {
    let value = &cur.text[v.clone()];
    PieceSet::read(value).map_err(|err| {
        let (at, expected) = match err {
            PieceSetError::Repeated { at } => (at, "each taflman symbol at most once"),
            PieceSetError::NotAPiece { at } => {
                (at, "taflman symbols (t c n k m g, uppercase for the defenders)")
            }
        };
        let c = Cursor { at, ..Cursor::new(value, cur.base + v.start) };
        c.expected(format!("rules entry `{key}:`"), expected)
    })
}

/// speeds = speed *("," speed) [","]   ; 1, 2, 8, 10 or 12 of them
/// speed  = "-1" / number              ; -1 = no limit, else 1 to 255
fn read_speeds(cur: &Cursor<'_>, v: &Range<usize>, key: Key) -> Result<Speeds, ParseError> {
    let value = &cur.text[v.clone()];
    let mut c = Cursor::new(value, cur.base + v.start);
    let field = format!("rules entry `{key}:`");
    let mut speeds: Vec<u8> = Vec::new();
    loop {
        let start = c.at;
        let speed = if c.eat(b'-') {
            if !c.eat(b'1') || c.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(c.expected_at(
                    start,
                    c.at.max(start + 1).min(value.len()),
                    field,
                    "-1 (no limit) or a speed from 1 to 255",
                ));
            }
            0
        } else {
            let n = c.number(&field, 255)?;
            if n == 0 {
                return Err(c.expected_at(
                    start,
                    c.at,
                    field,
                    "-1 (no limit) or a speed from 1 to 255",
                ));
            }
            n as u8
        };
        speeds.push(speed);
        if speeds.len() > 12 {
            return Err(c.expected_at(start, c.at, field, "at most 12 speeds"));
        }
        if c.is_end() {
            break;
        }
        if !c.eat(b',') {
            return Err(c.expected(field, "`,` between speeds"));
        }
        if c.is_end() {
            break;
        }
    }
    Speeds::from_limits(&speeds).ok_or_else(|| ParseError::BadValue {
        span: cur.span(v.start, v.end),
        key: key.name().to_owned(),
        expected: "1, 2, 8, 10 or 12 speeds",
        found: found(cur.text, v),
    })
}

impl FromStr for Speeds {
    type Err = SpeedsError;

    /// `speed *("," speed) [","]`, 1, 2, 8, 10 or 12 of them; `-1` = no limit: the value
    /// grammar of `spd:` in a rules record.
    fn from_str(value: &str) -> Result<Speeds, SpeedsError> {
        let cur = Cursor::new(value, 0);
        read_speeds(&cur, &(0..value.len()), Key::Spd).map_err(|err| match err {
            ParseError::BadValue { .. } => {
                SpeedsError::Count { count: value.split(',').filter(|s| !s.is_empty()).count() }
            }
            other => SpeedsError::Speed { span: other.span() },
        })
    }
}
