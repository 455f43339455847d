//! A place in the text being read, and the productions every record shares.
//!
//! Spans are reported relative to the whole input: `base` is where this text starts in
//! it (a rules record inside a game record's `[rules:…]` tag starts after `[rules:`).

use core::ops::Range;

use super::error::{ParseError, found};
use super::square::Square;

/// The largest board side, as in every gridnote format.
pub(crate) const MAX_SIZE: usize = crate::MAX_SIDE;

pub(crate) struct Cursor<'t> {
    pub(crate) text: &'t str,
    pub(crate) bytes: &'t [u8],
    pub(crate) at: usize,
    pub(crate) base: usize,
}

impl<'t> Cursor<'t> {
    pub(crate) fn new(text: &'t str, base: usize) -> Cursor<'t> {
        Cursor { text, bytes: text.as_bytes(), at: 0, base }
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    pub(crate) fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.at + ahead).copied()
    }

    pub(crate) fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn is_end(&self) -> bool {
        self.at >= self.bytes.len()
    }

    /// The span of local bytes `start..end` in the whole input.
    pub(crate) fn span(&self, start: usize, end: usize) -> Range<usize> {
        self.base + start..self.base + end
    }

    /// The span of the character at the cursor (empty at the end).
    pub(crate) fn char_span(&self) -> Range<usize> {
        let len =
            self.text[self.at.min(self.text.len())..].chars().next().map_or(0, char::len_utf8);
        self.span(self.at, self.at + len)
    }

    /// An error about the character at the cursor.
    pub(crate) fn expected(&self, field: impl Into<String>, expected: &'static str) -> ParseError {
        let local = self.at..self.at + (self.char_span().len());
        ParseError::Expected {
            span: self.char_span(),
            field: field.into(),
            expected,
            found: found(self.text, &local),
        }
    }

    /// An error about local bytes `start..end`.
    pub(crate) fn expected_at(
        &self,
        start: usize,
        end: usize,
        field: impl Into<String>,
        expected: &'static str,
    ) -> ParseError {
        ParseError::Expected {
            span: self.span(start, end),
            field: field.into(),
            expected,
            found: found(self.text, &(start..end)),
        }
    }

    /// The end of the text.
    pub(crate) fn end(&self, field: &str) -> Result<(), ParseError> {
        if self.is_end() { Ok(()) } else { Err(self.expected(field, "the end of the text")) }
    }

    /// square = file rank
    /// file   = 1*2%x61-7A            ; a..z, then aa, ab, … (bijective base 26)
    /// rank   = %x31-39 *DIGIT        ; from 1, no leading zero
    pub(crate) fn square(&mut self, field: &str) -> Result<Square, ParseError> {
        let start = self.at;
        let file = self.file(field)?;
        let rank_start = self.at;
        let rank = self.rank(field)?;
        if rank > MAX_SIZE {
            return Err(ParseError::TooLarge {
                span: self.span(start, self.at),
                field: format!("{field}: the space's rank"),
                value: self.text[rank_start..self.at].to_owned(),
                limit: MAX_SIZE as u64,
            });
        }
        if file >= MAX_SIZE {
            return Err(ParseError::TooLarge {
                span: self.span(start, self.at),
                field: format!("{field}: the space's file"),
                value: (file + 1).to_string(),
                limit: MAX_SIZE as u64,
            });
        }
        Ok(Square::new(file as u8, (rank - 1) as u8))
    }

    /// file = 1*2%x61-7A
    fn file(&mut self, field: &str) -> Result<usize, ParseError> {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_lowercase()) && self.at - start < 2 {
            self.at += 1;
        }
        if self.at == start {
            return Err(self.expected(field, "a space: file letters from `a` and a rank from 1"));
        }
        let mut file = 0usize;
        for &b in &self.bytes[start..self.at] {
            file = file * 26 + usize::from(b - b'a') + 1;
        }
        Ok(file - 1)
    }

    /// rank = %x31-39 *DIGIT
    fn rank(&mut self, field: &str) -> Result<usize, ParseError> {
        match self.peek() {
            Some(b'1'..=b'9') => {}
            Some(b'0') => {
                return Err(self.expected(field, "a rank number from 1 without leading zero"));
            }
            _ => return Err(self.expected(field, "a rank number from 1")),
        }
        let mut rank = 0usize;
        while let Some(b @ b'0'..=b'9') = self.peek() {
            rank = (rank * 10 + usize::from(b - b'0')).min(1 << 20);
            self.at += 1;
        }
        Ok(rank)
    }

    /// number = "0" / %x31-39 *DIGIT  ; decimal, no sign, no leading zero
    pub(crate) fn number(&mut self, field: &str, limit: u64) -> Result<u64, ParseError> {
        let start = self.at;
        match self.peek() {
            Some(b'0') => {
                self.at += 1;
                if self.peek().is_some_and(|b| b.is_ascii_digit()) {
                    return Err(self.expected_at(
                        start,
                        start + 1,
                        field,
                        "a number without leading zero",
                    ));
                }
                return Ok(0);
            }
            Some(b'1'..=b'9') => {}
            _ => return Err(self.expected(field, "a decimal number")),
        }
        let mut value = 0u64;
        while let Some(b @ b'0'..=b'9') = self.peek() {
            value = value.saturating_mul(10).saturating_add(u64::from(b - b'0'));
            self.at += 1;
        }
        if value > limit {
            // Quoted as written: a number beyond u64 is not capped in the message.
            return Err(ParseError::TooLarge {
                span: self.span(start, self.at),
                field: field.to_owned(),
                value: self.text[start..self.at].to_owned(),
                limit,
            });
        }
        Ok(value)
    }
}

impl core::str::FromStr for Square {
    type Err = ParseError;

    /// `file rank`: one or two file letters, a rank from 1 without leading zero.
    fn from_str(text: &str) -> Result<Square, ParseError> {
        let mut cur = Cursor::new(text, 0);
        let square = cur.square("square")?;
        cur.end("square")?;
        Ok(square)
    }
}
