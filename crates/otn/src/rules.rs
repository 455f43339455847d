//! Rules records: `dim:11 name:Copenhagen atkf:n sw:s efe:y start:/…/`.

use core::fmt::{self, Write as _};
use core::ops::Range;
use core::str::FromStr;

use crate::cursor::{Cursor, MAX_SIZE};
use crate::error::{ParseError, found};
use crate::piece::{Kind, OtnPiece, PieceTypes, Space};
use crate::position::{self, PositionRecord};

macro_rules! letter_enum {
    ($(#[$meta:meta])* $name:ident, $expected:literal, { $($(#[$vmeta:meta])* $variant:ident = $letter:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// The letters this value may be written with.
            pub const EXPECTED: &'static str = $expected;

            /// The value's letter.
            #[must_use]
            pub const fn letter(self) -> char {
                match self { $($name::$variant => $letter,)+ }
            }

            fn from_letter(c: char) -> Option<$name> {
                match c { $($letter => Some($name::$variant),)+ _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_char(self.letter())
            }
        }
    };
}

letter_enum!(
    /// A yes/no rule (`surf`, `atkf`, `swf`, `efe`, `linc`).
    ///
    /// ```
    /// assert_eq!(gridnote_otn::YesNo::No.letter(), 'n');
    /// ```
    YesNo, "`y` or `n`", { /// `y`
    Yes = 'y', /// `n`
    No = 'n' }
);
pub use gridnote_board::tafl::{
    Berserk, Escape, JumpMode, KingArmed, KingStrength, Shieldwall, Threefold,
};

/// One entry of a rules record between `dim:` and the start position, typed by its key.
///
/// ```
/// use gridnote_otn::{Entry, RulesRecord, YesNo};
/// let rules: RulesRecord = "dim:3 atkf:n foo:bar start:/3/1K1/3/".parse()?;
/// assert_eq!(rules.entries()[0], Entry::YesNo { key: "atkf", value: YesNo::No });
/// assert_eq!(rules.entries()[1].key(), "foo");
/// assert_eq!(rules.entries()[1].to_string(), "foo:bar");
/// # Ok::<(), gridnote_otn::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Entry {
    /// `name:` the variant's name (spaces written as `_`), kept verbatim.
    Name(String),
    /// `esc:`.
    Escape(Escape),
    /// `surf:`, `atkf:`, `swf:`, `efe:` or `linc:`.
    YesNo {
        /// The key.
        key: &'static str,
        /// The value.
        value: YesNo,
    },
    /// `tfr:`.
    Threefold(Threefold),
    /// `ka:`.
    KingArmed(KingArmed),
    /// `ks:` (the legacy `y`/`n` are read as `s`/`w`).
    KingStrength(KingStrength),
    /// `kj:`, `nj:`, `cj:`, `mj:` or `gj:`: how the king, knight, commander, mercenary or
    /// guard jumps.
    Jump {
        /// The piece kind the entry is about.
        piece: Kind,
        /// The jump mode.
        mode: JumpMode,
    },
    /// `cor:`, `cen:`, `afor:` or `dfor:`: a list of spaces (may be empty).
    Spaces {
        /// The key.
        key: &'static str,
        /// The spaces, in the order read.
        spaces: Vec<Space>,
    },
    /// A piece-type list such as `cenh:tcnk` (may be empty).
    Pieces {
        /// The key.
        key: &'static str,
        /// The types.
        types: PieceTypes,
    },
    /// `sw:`.
    Shieldwall(Shieldwall),
    /// `ber:`.
    Berserk(Berserk),
    /// `spd:` speed limits: 1, 2, 8, 10 or 12 numbers, -1 = no limit.
    Speed(Vec<i16>),
    /// A key this crate does not know, kept verbatim.
    Unknown {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
}

const YES_NO_KEYS: [&str; 5] = ["surf", "atkf", "swf", "efe", "linc"];
const SPACE_KEYS: [&str; 4] = ["cor", "cen", "afor", "dfor"];
const PIECE_KEYS: [&str; 17] = [
    "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors", "dfors", "corh", "cenh", "cenhe",
    "aforh", "dforh", "corre", "cenre", "aforre", "dforre",
];
const JUMP_KEYS: [(&str, Kind); 5] = [
    ("kj", Kind::King),
    ("nj", Kind::Knight),
    ("cj", Kind::Commander),
    ("mj", Kind::Mercenary),
    ("gj", Kind::Guard),
];

/// The canonical order of keys: OpenTafl's serializer (`RulesSerializer.getRulesRecord`)
/// writes `dim name esc surf atkf tfr ka ks kj nj cj cor cen afor dfor spd corp cenp aforp
/// dforp cors cens afors dfors corh cenh cenhe aforh dforh corre cenre aforre dforre sw
/// swf efe ber start`; the keys it does not write are placed by gridnote: `mj gj` after
/// `cj` (with the other jump modes), `linc` after `efe`; unknown keys come last before
/// the start position, in the order read.
pub const CANONICAL_ORDER: [&str; 39] = [
    "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "nj", "cj", "mj", "gj", "cor", "cen",
    "afor", "dfor", "spd", "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors", "dfors",
    "corh", "cenh", "cenhe", "aforh", "dforh", "corre", "cenre", "aforre", "dforre", "sw", "swf",
    "efe", "linc", "ber",
];

impl Entry {
    /// The entry's key.
    ///
    /// ```
    /// use gridnote_otn::{Entry, JumpMode, Kind};
    /// assert_eq!(Entry::Jump { piece: Kind::Guard, mode: JumpMode::None }.key(), "gj");
    /// ```
    #[must_use]
    pub fn key(&self) -> &str {
        match self {
            Entry::Name(_) => "name",
            Entry::Escape(_) => "esc",
            Entry::YesNo { key, .. } | Entry::Spaces { key, .. } | Entry::Pieces { key, .. } => key,
            Entry::Threefold(_) => "tfr",
            Entry::KingArmed(_) => "ka",
            Entry::KingStrength(_) => "ks",
            Entry::Jump { piece, .. } => {
                JUMP_KEYS.iter().find(|(_, k)| k == piece).map_or("kj", |(key, _)| key)
            }
            Entry::Shieldwall(_) => "sw",
            Entry::Berserk(_) => "ber",
            Entry::Speed(_) => "spd",
            Entry::Unknown { key, .. } => key,
        }
    }

    fn canonical_rank(&self) -> usize {
        let key = self.key();
        CANONICAL_ORDER.iter().position(|&k| k == key).unwrap_or(CANONICAL_ORDER.len())
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.key())?;
        match self {
            Entry::Name(name) => f.write_str(name),
            Entry::Escape(v) => write!(f, "{v}"),
            Entry::YesNo { value, .. } => write!(f, "{value}"),
            Entry::Threefold(v) => write!(f, "{v}"),
            Entry::KingArmed(v) => write!(f, "{v}"),
            Entry::KingStrength(v) => write!(f, "{v}"),
            Entry::Jump { mode, .. } => write!(f, "{mode}"),
            Entry::Spaces { spaces, .. } => {
                for space in spaces {
                    write!(f, "{space},")?;
                }
                Ok(())
            }
            Entry::Pieces { types, .. } => write!(f, "{types}"),
            Entry::Shieldwall(v) => write!(f, "{v}"),
            Entry::Berserk(v) => write!(f, "{v}"),
            Entry::Speed(speeds) => {
                if let [one] = speeds.as_slice() {
                    write!(f, "{one}")
                } else {
                    for speed in speeds {
                        write!(f, "{speed},")?;
                    }
                    Ok(())
                }
            }
            Entry::Unknown { value, .. } => f.write_str(value),
        }
    }
}

/// A rules record: the board size (`dim:`), typed entries in the order read, and the
/// start position (`start:`, or `starti:` with rows from the top).
///
/// `Display` writes the entries in the order read (values in their canonical spelling:
/// `ks:y` → `ks:s`, space lists with a comma after every space, piece lists in the order
/// `tcnkmgTCNKMG`); [`RulesRecord::canonical`] writes them in OpenTafl's order
/// ([`CANONICAL_ORDER`]).
///
/// ```
/// use gridnote_otn::RulesRecord;
/// let text = "dim:7 name:Brandub ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
/// let rules: RulesRecord = text.parse()?;
/// assert_eq!(rules.dim(), 7);
/// assert_eq!(rules.name(), Some("Brandub"));
/// assert!(rules.attackers_first());
/// assert_eq!(rules.to_string(), "dim:7 name:Brandub ks:w cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
/// assert_eq!(
///     rules.canonical().to_string(),
///     "dim:7 name:Brandub ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
/// );
/// # Ok::<(), gridnote_otn::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RulesRecord {
    entries: Vec<Entry>,
    start: PositionRecord,
    inverted: bool,
}

impl RulesRecord {
    /// Rules with no entries but the start position (`dim` is its size).
    ///
    /// ```
    /// use gridnote_otn::{PositionRecord, RulesRecord};
    /// let rules = RulesRecord::new("/3/1K1/3/".parse()?);
    /// assert_eq!(rules.to_string(), "dim:3 start:/3/1K1/3/");
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn new(start: PositionRecord) -> RulesRecord {
        RulesRecord { entries: Vec::new(), start, inverted: false }
    }

    /// The board size.
    ///
    /// ```
    /// let rules: gridnote_otn::RulesRecord = "dim:1 start:/K/".parse()?;
    /// assert_eq!(rules.dim(), 1);
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn dim(&self) -> usize {
        self.start.size()
    }

    /// The entries between `dim:` and the start position, in the order read.
    ///
    /// ```
    /// let rules: gridnote_otn::RulesRecord = "dim:1 esc:e start:/K/".parse()?;
    /// assert_eq!(rules.entries().len(), 1);
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries, mutable (keys must stay unique but for unknown ones; `Display` writes
    /// whatever is there).
    ///
    /// ```
    /// use gridnote_otn::{Entry, Escape, RulesRecord};
    /// let mut rules: RulesRecord = "dim:1 start:/K/".parse()?;
    /// rules.entries_mut().push(Entry::Escape(Escape::Edge));
    /// assert_eq!(rules.to_string(), "dim:1 esc:e start:/K/");
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    pub fn entries_mut(&mut self) -> &mut Vec<Entry> {
        &mut self.entries
    }

    /// The first entry with `key`.
    ///
    /// ```
    /// use gridnote_otn::{Entry, Escape};
    /// let rules: gridnote_otn::RulesRecord = "dim:1 esc:e start:/K/".parse()?;
    /// assert_eq!(rules.get("esc"), Some(&Entry::Escape(Escape::Edge)));
    /// assert_eq!(rules.get("sw"), None);
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key() == key)
    }

    /// The start position.
    ///
    /// ```
    /// let rules: gridnote_otn::RulesRecord = "dim:1 start:/K/".parse()?;
    /// assert_eq!(rules.start().to_string(), "/K/");
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> &PositionRecord {
        &self.start
    }

    /// Whether the start position is written inverted (`starti:`).
    ///
    /// ```
    /// let rules: gridnote_otn::RulesRecord = "dim:1 starti:/K/".parse()?;
    /// assert!(rules.is_inverted());
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_inverted(&self) -> bool {
        self.inverted
    }

    /// Writes the start position as `starti:` (rows from the top) or `start:`.
    ///
    /// ```
    /// let mut rules: gridnote_otn::RulesRecord = "dim:2 start:/K1/2/".parse()?;
    /// rules.set_inverted(true);
    /// assert_eq!(rules.to_string(), "dim:2 starti:/2/K1/");
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    pub fn set_inverted(&mut self, inverted: bool) {
        self.inverted = inverted;
    }

    /// The variant's name (`name:`), if given.
    ///
    /// ```
    /// let rules: gridnote_otn::RulesRecord = "dim:1 name:Tiny start:/K/".parse()?;
    /// assert_eq!(rules.name(), Some("Tiny"));
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.entries.iter().find_map(|e| match e {
            Entry::Name(name) => Some(name.as_str()),
            _ => None,
        })
    }

    /// Whether the attackers move first (`atkf:`, default yes).
    ///
    /// ```
    /// let rules: gridnote_otn::RulesRecord = "dim:1 atkf:n start:/K/".parse()?;
    /// assert!(!rules.attackers_first());
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn attackers_first(&self) -> bool {
        !self.entries.iter().any(|e| matches!(e, Entry::YesNo { key: "atkf", value: YesNo::No }))
    }

    /// The record with its entries in OpenTafl's order ([`CANONICAL_ORDER`]); displays
    /// as the canonical text.
    ///
    /// ```
    /// let rules: gridnote_otn::RulesRecord = "dim:1 sw:s atkf:n start:/K/".parse()?;
    /// assert_eq!(rules.canonical().to_string(), "dim:1 atkf:n sw:s start:/K/");
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    #[must_use]
    pub fn canonical(&self) -> RulesRecord {
        let mut entries = self.entries.clone();
        entries.sort_by_key(Entry::canonical_rank);
        RulesRecord { entries, start: self.start.clone(), inverted: self.inverted }
    }
}

impl fmt::Display for RulesRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "dim:{}", self.dim())?;
        for entry in &self.entries {
            write!(f, " {entry}")?;
        }
        if self.inverted {
            write!(f, " starti:{}", self.start.inverted())
        } else {
            write!(f, " start:{}", self.start)
        }
    }
}

impl FromStr for RulesRecord {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<RulesRecord, ParseError> {
        read(text, 0)
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

/// rules = dim *(sep entry) sep start
/// sep   = 1*(SP / HTAB / CR / LF)       ; entries may be spread over lines
/// dim   = "dim:" number                 ; 1 to 255
/// entry = key ":" value                 ; value: no whitespace
/// start = ("start:" / "starti:") position
pub(crate) fn read(text: &str, base: usize) -> Result<RulesRecord, ParseError> {
    let cur = Cursor::new(text, base);
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut dim: Option<usize> = None;
    let mut entries = Vec::new();
    let mut start: Option<(PositionRecord, bool)> = None;
    let mut seen: Vec<&str> = Vec::new();
    loop {
        // one token
        let token_start = at;
        while at < bytes.len() && !is_space(bytes[at]) {
            at += 1;
        }
        let token_text = &text[token_start..at];
        if token_text.is_empty() {
            let c = Cursor { at, ..Cursor::new(text, base) };
            if dim.is_none() {
                return Err(ParseError::MissingDim {
                    span: c.char_span(),
                    found: found(text, &(at..at + c.char_span().len())),
                });
            }
            return Err(c.expected("the rules record", "a `key:value` entry"));
        }
        let Some(colon) = token_text.find(':') else {
            if dim.is_none() {
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
        if start.is_some() {
            return Err(ParseError::AfterStart {
                span: cur.span(token.start, token.end),
                key: key.to_owned(),
            });
        }
        match (dim, key) {
            (None, "dim") => dim = Some(read_dim(&cur, &token)?),
            (None, _) => {
                return Err(ParseError::MissingDim {
                    span: cur.span(token.start, token.end),
                    found: found(text, &(token.start..token.end)),
                });
            }
            (Some(_), "dim") => {
                return Err(ParseError::Duplicate {
                    span: cur.span(token.start, token.end),
                    what: "rules entry",
                    key: "dim".into(),
                });
            }
            (Some(dim), "start" | "starti") => {
                let inverted = key == "starti";
                let value = &text[token.colon + 1..token.end];
                let field = if inverted { "`starti:`" } else { "`start:`" };
                let position = position::read(value, base + token.colon + 1, inverted, field)?;
                if position.size() != dim {
                    return Err(ParseError::DimMismatch {
                        span: cur.span(token.colon + 1, token.end),
                        key: if inverted { "starti" } else { "start" },
                        size: position.size(),
                        dim,
                    });
                }
                start = Some((position, inverted));
            }
            (Some(dim), _) => {
                let entry = read_entry(&cur, &token, key, dim)?;
                if !matches!(entry, Entry::Unknown { .. }) {
                    if seen.contains(&key) {
                        return Err(ParseError::Duplicate {
                            span: cur.span(token.start, token.end),
                            what: "rules entry",
                            key: key.to_owned(),
                        });
                    }
                    seen.push(key);
                }
                entries.push(entry);
            }
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
            if start.is_some() {
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
    match start {
        Some((start, inverted)) => Ok(RulesRecord { entries, start, inverted }),
        None => Err(ParseError::MissingStart { span: cur.span(bytes.len(), bytes.len()) }),
    }
}

fn value_span(token: &Token) -> Range<usize> {
    token.colon + 1..token.end
}

/// dim = "dim:" number   ; 1 to 255
fn read_dim(cur: &Cursor<'_>, token: &Token) -> Result<usize, ParseError> {
    let v = value_span(token);
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

/// entry = key ":" value, typed by the key (see [`Entry`]).
fn read_entry(cur: &Cursor<'_>, token: &Token, key: &str, dim: usize) -> Result<Entry, ParseError> {
    let v = value_span(token);
    let value = &cur.text[v.clone()];
    let bad = |expected: &'static str| ParseError::BadValue {
        span: cur.span(v.start, v.end),
        key: key.to_owned(),
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
    Ok(match key {
        "name" => Entry::Name(value.to_owned()),
        "esc" => Entry::Escape(letter!(Escape)),
        "tfr" => Entry::Threefold(letter!(Threefold)),
        "ka" => Entry::KingArmed(letter!(KingArmed)),
        "ks" => Entry::KingStrength(match value {
            "y" => KingStrength::Strong,
            "n" => KingStrength::Weak,
            _ => letter!(KingStrength),
        }),
        "sw" => Entry::Shieldwall(letter!(Shieldwall)),
        "ber" => Entry::Berserk(letter!(Berserk)),
        "spd" => Entry::Speed(read_speeds(cur, &v, key)?),
        _ => {
            if let Some(&k) = YES_NO_KEYS.iter().find(|&&k| k == key) {
                Entry::YesNo { key: k, value: letter!(YesNo) }
            } else if let Some(&(k, piece)) = JUMP_KEYS.iter().find(|(k, _)| *k == key) {
                let _ = k;
                Entry::Jump { piece, mode: letter!(JumpMode) }
            } else if let Some(&k) = SPACE_KEYS.iter().find(|&&k| k == key) {
                Entry::Spaces { key: k, spaces: read_spaces(cur, &v, k, dim)? }
            } else if let Some(&k) = PIECE_KEYS.iter().find(|&&k| k == key) {
                Entry::Pieces { key: k, types: read_pieces(cur, &v, k)? }
            } else {
                Entry::Unknown { key: key.to_owned(), value: value.to_owned() }
            }
        }
    })
}

/// space-list = *(space ",") [space]     ; a comma after each space, the last optional
fn read_spaces(
    cur: &Cursor<'_>,
    v: &Range<usize>,
    key: &str,
    dim: usize,
) -> Result<Vec<Space>, ParseError> {
    let value = &cur.text[v.clone()];
    let mut c = Cursor::new(value, cur.base + v.start);
    let field = format!("rules entry `{key}:`");
    let mut spaces = Vec::new();
    while !c.is_end() {
        let start = c.at;
        let space = c.space(&field)?;
        if !space.is_on(dim as u8) || usize::from(space.file) >= dim {
            return Err(ParseError::OffBoard {
                span: c.span(start, c.at),
                field: field.clone(),
                space: space.to_string(),
                size: dim,
            });
        }
        spaces.push(space);
        if !c.eat(b',') && !c.is_end() {
            return Err(c.expected(field, "`,` after a space"));
        }
    }
    Ok(spaces)
}

/// piece-type-list = *piece        ; each type at most once
fn read_pieces(cur: &Cursor<'_>, v: &Range<usize>, key: &str) -> Result<PieceTypes, ParseError> {
    let value = &cur.text[v.clone()];
    let c = Cursor::new(value, cur.base + v.start);
    let mut types = PieceTypes::EMPTY;
    for (i, b) in value.bytes().enumerate() {
        let at = Cursor { at: i, ..Cursor::new(value, c.base) };
        let Some(piece) = OtnPiece::from_symbol(b) else {
            return Err(at.expected(
                format!("rules entry `{key}:`"),
                "taflman symbols (t c n k m g, uppercase for the defenders)",
            ));
        };
        if types.contains(piece) {
            return Err(
                at.expected(format!("rules entry `{key}:`"), "each taflman symbol at most once")
            );
        }
        types = types.with(piece);
    }
    Ok(types)
}

/// speeds = speed *("," speed) [","]   ; 1, 2, 8, 10 or 12 of them
/// speed  = "-1" / number              ; -1 = no limit, else 1 to 255
fn read_speeds(cur: &Cursor<'_>, v: &Range<usize>, key: &str) -> Result<Vec<i16>, ParseError> {
    let value = &cur.text[v.clone()];
    let mut c = Cursor::new(value, cur.base + v.start);
    let field = format!("rules entry `{key}:`");
    let mut speeds = Vec::new();
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
            -1
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
            n as i16
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
    if ![1, 2, 8, 10, 12].contains(&speeds.len()) {
        return Err(ParseError::BadValue {
            span: cur.span(v.start, v.end),
            key: key.to_owned(),
            expected: "1, 2, 8, 10 or 12 speeds",
            found: found(cur.text, v),
        });
    }
    Ok(speeds)
}
