//! A small JSON reader with byte spans: just what the server's record needs (objects,
//! arrays, strings, integers, `true`, `false`, `null`), per RFC 8259. Values of keys the
//! record does not know are checked and skipped, nested at most [`MAX_DEPTH`] deep.

use std::borrow::Cow;
use std::ops::Range;

use crate::error::{Field, ParseError, expected};

/// The deepest nesting of arrays and objects skipped under an unknown key.
pub(crate) const MAX_DEPTH: usize = 64;

/// A string value: its decoded text and the span of its source, quotes included.
pub(crate) struct JsonStr<'a> {
    pub(crate) value: Cow<'a, str>,
    pub(crate) span: Range<usize>,
}

impl JsonStr<'_> {
    /// The source offset of decoded byte `i` when the string has no escape (then the
    /// decoded text is the source's); else the string's opening quote.
    pub(crate) fn offset(&self, i: usize) -> usize {
        match self.value {
            Cow::Borrowed(_) => self.span.start + 1 + i,
            Cow::Owned(_) => self.span.start,
        }
    }

    /// The source span of decoded bytes `range`, widened to whole characters (the
    /// grammars of `start`, `moves` and timestamps work on bytes); the whole string when
    /// it has escapes.
    pub(crate) fn span_of(&self, range: Range<usize>) -> Range<usize> {
        match &self.value {
            Cow::Borrowed(text) => {
                let mut end = range.end.min(text.len());
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                let mut start = range.start.min(end);
                while !text.is_char_boundary(start) {
                    start -= 1;
                }
                self.offset(start)..self.offset(end)
            }
            Cow::Owned(_) => self.span.clone(),
        }
    }
}

/// The reader: the text and a position in it.
pub(crate) struct Json<'a> {
    pub(crate) text: &'a str,
    pub(crate) at: usize,
}

impl<'a> Json<'a> {
    pub(crate) fn new(text: &'a str) -> Json<'a> {
        Json { text, at: 0 }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// ws = *(%x20 / %x09 / %x0A / %x0D)
    pub(crate) fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.bytes().get(self.at).copied()
    }

    /// The error "expected `what`" for the token at the current position.
    pub(crate) fn error(&self, field: Field, what: &'static str) -> ParseError {
        let end = self.token_end(self.at);
        expected(self.text, field, what, self.at..end)
    }

    /// The end of the token starting at `at`: a run of letters, digits, `-`, `+`, `.`,
    /// or one character.
    fn token_end(&self, at: usize) -> usize {
        let bytes = self.bytes();
        let word = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'.');
        let run = bytes[at.min(bytes.len())..].iter().take_while(|b| word(b)).count();
        if run > 0 {
            return at + run;
        }
        let mut end = (at + 1).min(bytes.len());
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        end
    }

    /// ws `byte` ws, or the error naming `field` and `what`.
    pub(crate) fn punct(
        &mut self,
        byte: u8,
        field: Field,
        what: &'static str,
    ) -> Result<(), ParseError> {
        self.ws();
        if self.peek() != Some(byte) {
            return Err(self.error(field, what));
        }
        self.at += 1;
        self.ws();
        Ok(())
    }

    /// Whether the next value is `null` (read it if so).
    pub(crate) fn null(&mut self) -> bool {
        let found = self.bytes()[self.at..].starts_with(b"null");
        if found {
            self.at += 4;
        }
        found
    }

    /// true / false
    pub(crate) fn boolean(&mut self, field: Field) -> Result<bool, ParseError> {
        for (word, value) in [("true", true), ("false", false)] {
            if self.bytes()[self.at..].starts_with(word.as_bytes()) {
                self.at += word.len();
                return Ok(value);
            }
        }
        Err(self.error(field, "`true` or `false`"))
    }

    /// number = [ "-" ] int [ frac ] [ exp ], read as an integer when it has neither
    /// fraction nor exponent: returns its text and span, or the error naming `what`.
    pub(crate) fn integer(
        &mut self,
        field: Field,
        what: &'static str,
    ) -> Result<(&'a str, Range<usize>), ParseError> {
        let start = self.at;
        let end = self.token_end(start);
        let text = &self.text[start..end];
        let digits = text.strip_prefix('-').unwrap_or(text);
        let well_formed = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0'));
        if !well_formed {
            return Err(expected(self.text, field, what, start..end));
        }
        self.at = end;
        Ok((text, start..end))
    }

    /// string = quotation-mark *char quotation-mark, decoded (escapes resolved).
    pub(crate) fn string(&mut self, field: Field) -> Result<JsonStr<'a>, ParseError> {
        let start = self.at;
        if self.peek() != Some(b'"') {
            return Err(self.error(field, "a string"));
        }
        self.at += 1;
        let bytes = self.bytes();
        let mut owned: Option<String> = None;
        let mut run = self.at;
        loop {
            let Some(&b) = bytes.get(self.at) else {
                return Err(expected(
                    self.text,
                    field,
                    "the string's closing `\"`",
                    self.at..self.at,
                ));
            };
            match b {
                b'"' => break,
                b'\\' => {
                    let out = owned.get_or_insert_with(String::new);
                    out.push_str(&self.text[run..self.at]);
                    self.escape(field, out)?;
                    run = self.at;
                }
                0x00..=0x1f => {
                    return Err(expected(
                        self.text,
                        field,
                        "a character or an escape (a control character must be escaped)",
                        self.at..self.at + 1,
                    ));
                }
                _ => self.at += 1,
            }
        }
        let value = match owned {
            None => Cow::Borrowed(&self.text[run..self.at]),
            Some(mut out) => {
                out.push_str(&self.text[run..self.at]);
                Cow::Owned(out)
            }
        };
        self.at += 1;
        Ok(JsonStr { value, span: start..self.at })
    }

    /// escape = "\" ( %x22 / %x5C / %x2F / %x62 / %x66 / %x6E / %x72 / %x74 / %x75 4HEXDIG )
    /// (a UTF-16 surrogate pair as two `\u` escapes)
    fn escape(&mut self, field: Field, out: &mut String) -> Result<(), ParseError> {
        let start = self.at;
        let simple = match self.bytes().get(start + 1) {
            Some(b'"') => Some('"'),
            Some(b'\\') => Some('\\'),
            Some(b'/') => Some('/'),
            Some(b'b') => Some('\u{8}'),
            Some(b'f') => Some('\u{c}'),
            Some(b'n') => Some('\n'),
            Some(b'r') => Some('\r'),
            Some(b't') => Some('\t'),
            Some(b'u') => None,
            _ => {
                // The backslash and the whole character after it (if any).
                let mut end = (start + 2).min(self.text.len());
                while !self.text.is_char_boundary(end) {
                    end += 1;
                }
                return Err(expected(
                    self.text,
                    field,
                    "an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX",
                    start..end,
                ));
            }
        };
        if let Some(c) = simple {
            out.push(c);
            self.at += 2;
            return Ok(());
        }
        let first = self.hex4(start, field)?;
        self.at = start + 6;
        let code = if (0xD800..0xDC00).contains(&first) {
            let low = if self.bytes()[self.at..].starts_with(b"\\u") {
                Some(self.hex4(self.at, field)?)
            } else {
                None
            };
            match low {
                Some(low @ 0xDC00..0xE000) => {
                    self.at += 6;
                    0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)
                }
                _ => {
                    return Err(expected(
                        self.text,
                        field,
                        "a low surrogate `\\uDC00`-`\\uDFFF` after a high one",
                        start..start + 6,
                    ));
                }
            }
        } else {
            first
        };
        let Some(c) = char::from_u32(code) else {
            return Err(expected(
                self.text,
                field,
                "a Unicode scalar value (an unpaired surrogate is not one)",
                start..self.at,
            ));
        };
        out.push(c);
        Ok(())
    }

    /// The four hex digits after `\u` at `at`.
    fn hex4(&self, at: usize, field: Field) -> Result<u32, ParseError> {
        let digits =
            self.text.get(at + 2..at + 6).filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()));
        match digits {
            Some(d) => Ok(u32::from_str_radix(d, 16).expect("four hex digits")),
            None => {
                let end = (at + 6).min(self.text.len());
                let mut end = end;
                while !self.text.is_char_boundary(end) {
                    end -= 1;
                }
                Err(expected(self.text, field, "four hex digits after `\\u`", at..end))
            }
        }
    }

    /// object = begin-object [ member *( value-separator member ) ] end-object
    /// member = string name-separator value
    ///
    /// `each` reads the value of each key (its span given); returns the span of the
    /// closing brace.
    pub(crate) fn object<F>(
        &mut self,
        field: Field,
        mut each: F,
    ) -> Result<Range<usize>, ParseError>
    where
        F: FnMut(&mut Json<'a>, JsonStr<'a>) -> Result<(), ParseError>,
    {
        if self.peek() != Some(b'{') {
            return Err(self.error(field, "an object `{`"));
        }
        self.at += 1;
        self.ws();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(self.at - 1..self.at);
        }
        loop {
            let key = self.string(field)?;
            self.punct(b':', field, "`:` after the key")?;
            each(self, key)?;
            self.ws();
            match self.peek() {
                Some(b',') => {
                    self.at += 1;
                    self.ws();
                }
                Some(b'}') => {
                    self.at += 1;
                    return Ok(self.at - 1..self.at);
                }
                _ => return Err(self.error(field, "`,` or `}` after the value")),
            }
        }
    }

    /// array = begin-array [ value *( value-separator value ) ] end-array
    ///
    /// `each` reads each item, given its index.
    pub(crate) fn array<F>(&mut self, field: Field, mut each: F) -> Result<(), ParseError>
    where
        F: FnMut(&mut Json<'a>, usize) -> Result<(), ParseError>,
    {
        if self.peek() != Some(b'[') {
            return Err(self.error(field, "an array `[`"));
        }
        self.at += 1;
        self.ws();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(());
        }
        let mut index = 0;
        loop {
            each(self, index)?;
            index += 1;
            self.ws();
            match self.peek() {
                Some(b',') => {
                    self.at += 1;
                    self.ws();
                }
                Some(b']') => {
                    self.at += 1;
                    return Ok(());
                }
                _ => return Err(self.error(field, "`,` or `]` after the item")),
            }
        }
    }

    /// value = false / null / true / object / array / number / string, checked and
    /// skipped (the value of a key the record does not know).
    pub(crate) fn skip(&mut self, field: Field, depth: usize) -> Result<(), ParseError> {
        if depth > MAX_DEPTH {
            return Err(self.error(field, "values nested at most 64 deep"));
        }
        match self.peek() {
            Some(b'{') => self.object(field, |json, _| json.skip(field, depth + 1)).map(drop),
            Some(b'[') => self.array(field, |json, _| json.skip(field, depth + 1)),
            Some(b'"') => self.string(field).map(drop),
            Some(b't' | b'f') => self.boolean(field).map(drop),
            _ if self.null() => Ok(()),
            _ => self.number(field),
        }
    }

    /// number = [ "-" ] int [ frac ] [ exp ]
    fn number(&mut self, field: Field) -> Result<(), ParseError> {
        let start = self.at;
        let bytes = self.bytes();
        let mut at = start;
        let digits = |at: &mut usize| {
            let from = *at;
            while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
                *at += 1;
            }
            *at > from
        };
        if bytes.get(at) == Some(&b'-') {
            at += 1;
        }
        let int_start = at;
        let mut ok = digits(&mut at) && !(bytes[int_start] == b'0' && at > int_start + 1);
        if ok && bytes.get(at) == Some(&b'.') {
            at += 1;
            ok = digits(&mut at);
        }
        if ok && matches!(bytes.get(at), Some(b'e' | b'E')) {
            at += 1;
            if matches!(bytes.get(at), Some(b'+' | b'-')) {
                at += 1;
            }
            ok = digits(&mut at);
        }
        if !ok {
            return Err(self.error(field, "a JSON value"));
        }
        self.at = at;
        Ok(())
    }
}
